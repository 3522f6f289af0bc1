//! A rough timing of `pgc::ordinal` and `pgc::move_at` as a codec uses
//! them, once per ply while replaying random games, against generating the
//! legal moves alone: `cargo run --release -p pgc --example
//! ordinal_timing`. Not a benchmark (the best of a few rounds, no
//! statistics), a sanity check of the cost per ply.

use std::hint::black_box;
use std::time::Instant;

use chess_core::{Move, Position};
use testkit::XorShift;

/// The best time per ply, in nanoseconds, of `rounds` replays of `games`
/// with `per_ply` called before each move is played.
fn time(
    games: &[Vec<Move>],
    rounds: usize,
    mut per_ply: impl FnMut(&Position, Move, usize),
) -> f64 {
    let plies: usize = games.iter().map(Vec::len).sum();
    let mut best = f64::INFINITY;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut ply = 0;
        for game in games {
            let mut pos = Position::new();
            for &m in game {
                per_ply(black_box(&pos), m, ply);
                pos.play_unchecked(m);
                ply += 1;
            }
        }
        best = best.min(start.elapsed().as_nanos() as f64 / plies as f64);
    }
    best
}

fn main() {
    let mut rng = XorShift::new(0x7135_0bd1_a15e_ed01);
    let mut games = Vec::new();
    let mut moves = 0;
    for _ in 0..2_000 {
        let mut pos = Position::new();
        let mut game = Vec::new();
        for _ in 0..rng.below(200) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            moves += legal.len();
            let m = legal[rng.below(legal.len())];
            game.push(m);
            pos.play_unchecked(m);
        }
        games.push(game);
    }
    let mut ordinals = Vec::new();
    time(&games, 1, |pos, m, _| ordinals.push(pgc::ordinal(pos, m).expect("legal")));
    let plies = ordinals.len();
    println!("{plies} plies, {:.1} legal moves each", moves as f64 / plies as f64);

    let rounds = 7;
    let replay = time(&games, rounds, |_, _, _| {});
    let legal = time(&games, rounds, |pos, _, _| {
        black_box(pos.legal_moves().len());
    });
    let ordinal = time(&games, rounds, |pos, m, _| {
        black_box(pgc::ordinal(pos, m));
    });
    let move_at = time(&games, rounds, |pos, _, ply| {
        black_box(pgc::move_at(pos, ordinals[ply]));
    });
    println!("per ply, less the {replay:.1} ns of playing the move:");
    println!("legal_moves: {:6.1} ns", legal - replay);
    println!("ordinal:     {:6.1} ns", ordinal - replay);
    println!("move_at:     {:6.1} ns", move_at - replay);
}
