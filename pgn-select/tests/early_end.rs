//! A selector that ends games early decides as a plain walk over every
//! position would: random games, each looked for a position taken from
//! some game (often its own, at a random ply; sometimes a position of no
//! game), with the selector's `Verdict` compared with a brute-force
//! search of the main line.

use chess_core::{Move, Position};
use pgn_replay::Replayer;
use pgn_replay::pgn_syntax::Reader;
use pgn_select::{Criterion, Decide, Selection, Selector, Target, Verdict};
use san::San;
use testkit::XorShift;

/// A random game of up to `max` plies, from the start.
fn random_game(rng: &mut XorShift, max: usize) -> Vec<Move> {
    let mut pos = Position::new();
    let mut moves = Vec::new();
    for _ in 0..rng.below(max + 1) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        pos.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// The positions of a game's main line, the start first.
fn positions(moves: &[Move]) -> Vec<Position> {
    let mut pos = Position::new();
    let mut all = vec![pos.clone()];
    for &m in moves {
        pos.play_unchecked(m);
        all.push(pos.clone());
    }
    all
}

/// The game as PGN movetext.
fn pgn(moves: &[Move]) -> String {
    let mut pos = Position::new();
    let mut text = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        text.push_str(&format!("{} ", San::from_move(&pos, m)));
        pos.play_unchecked(m);
    }
    text.push_str("*\n\n");
    text
}

#[test]
fn ending_early_changes_no_verdict() {
    let mut rng = XorShift::new(0x5e1e_c70a_e0d1_2026);
    // Short games and openings-like play reach each other's positions;
    // long random ones exercise the pruning on material.
    let games: Vec<Vec<Move>> =
        (0..300).map(|i| random_game(&mut rng, if i % 3 == 0 { 120 } else { 12 })).collect();
    let text: String = games.iter().map(|g| pgn(g)).collect();
    let all: Vec<Vec<Position>> = games.iter().map(|g| positions(g)).collect();
    let mut selected = 0;
    for round in 0..60 {
        let from = &all[rng.below(all.len())];
        let target_pos = &from[rng.below(from.len())];
        let placement_only = round % 4 == 0;
        let target = Target::new(target_pos, placement_only);
        let selection = Selection::new().with(Criterion::Reaches(target.clone()));
        let mut replayer = Replayer::new(Selector::new(selection, Decide));
        let verdicts: Vec<Verdict> = Reader::new(text.as_bytes())
            .outputs(&mut replayer)
            .map(|g| g.map(|g| g.output.verdict()))
            .collect::<Result<_, _>>()
            .expect("read");
        assert_eq!(verdicts.len(), games.len());
        for (i, (verdict, positions)) in verdicts.iter().zip(&all).enumerate() {
            let reached = positions.iter().any(|p| target.is(p));
            let expected = if reached { Verdict::Selected } else { Verdict::Rejected };
            assert_eq!(*verdict, expected, "round {round}, game {}", i + 1);
            selected += usize::from(reached);
        }
    }
    // Not vacuous: the targets were found in many games, and missed in more.
    assert!(selected > 100, "{selected} games selected in all");
}
