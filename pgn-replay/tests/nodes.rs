//! The tree view of a replayed game (`ReplayedGameExt`, `MoveNode`): where
//! comments, NAGs and variations belong (python-chess's rules), where a
//! line stops, and a differential test that the nodes, visited depth
//! first, are the moves the `Walker` yields, with the same positions,
//! plies and depths (random games with variations, and the corpus).

use std::path::Path;

use chess_core::{Move, Position};
use pgn_replay::prelude::*;
use pgn_replay::{Event, GameBuilder, MoveNode, MoveNodes, ReplayedGame, Walker};
use testkit::XorShift;

/// The first game of `pgn`, replayed.
fn game(pgn: &str) -> ReplayedGame {
    pgn_replay::replay_games(pgn.as_bytes()).next().expect("a game").expect("read").game
}

/// Each main-line node as `SAN [NAGs] {before|after}`.
fn mainline(pgn: &str) -> Vec<String> {
    game(pgn).mainline().map(|n| describe(&n)).collect()
}

fn describe(node: &MoveNode<'_>) -> String {
    let nags: Vec<String> = node.nags().iter().map(|n| n.to_string()).collect();
    let (before, after) = (node.comment_before(), node.comment_after());
    format!("{} [{}] {{{before}|{after}}}", node.san(), nags.join(" "))
}

#[test]
fn comments_and_nags_belong_to_the_move_before_them() {
    // As python-chess: a comment after a move is its comment, one before
    // the first move is the game's (here: the first move's comment
    // before), and what follows a variation belongs to the move it
    // replaces.
    assert_eq!(
        mainline(
            "{game} 1. e4 {a} {b} $1 e5 ? (1... c5 {in variation}) {after variation} $3 2. Nf3 *"
        ),
        ["e4 [$1] {game|a b}", "e5 [$2 $3] {|after variation}", "Nf3 [] {|}"]
    );
    // A suffix and the same NAG: once, in ascending order.
    assert_eq!(mainline("1. e4!! $1 $3 $14 *"), ["e4 [$1 $3 $14] {|}"]);
    // Empty comments are left out, as python-chess joins them.
    assert_eq!(mainline("1. e4 {} {x} *"), ["e4 [] {|x}"]);
}

#[test]
fn a_variation_gives_its_own_comments_and_nested_variations() {
    let game =
        game("1. e4 e5 ({first} 1... c5 $2 {c5} (1... e6 {French}) 2. Nf3) (1... d5) 2. Nf3 *");
    let e5 = game.mainline().nth(1).expect("e5");
    let lines: Vec<Vec<MoveNode<'_>>> = e5.variations().map(Iterator::collect).collect();
    assert_eq!(lines.len(), 2);
    let sicilian: Vec<String> = lines[0].iter().map(describe).collect();
    assert_eq!(sicilian, ["c5 [$2] {first|c5}", "Nf3 [] {|}"]);
    assert_eq!(lines[1].iter().map(describe).collect::<Vec<_>>(), ["d5 [] {|}"]);
    let french: Vec<String> = lines[0][0].variations().flatten().map(|n| describe(&n)).collect();
    assert_eq!(french, ["e6 [] {|French}"]);
    assert_eq!(lines[0][0].variations().flatten().next().map(|n| n.depth()), Some(2));
    // Every line of this move starts where it was played.
    assert!(lines.iter().all(|line| line[0].before() == e5.before()));
}

#[test]
fn plies_and_move_numbers_count_from_the_start_position() {
    let game =
        game("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 12\"]\n\n12... Kd7 13. O-O Kc6 *");
    let nodes: Vec<(u32, u32, String, String)> = game
        .mainline()
        .map(|n| (n.ply(), n.move_number(), n.san().to_string(), n.uci().to_string()))
        .collect();
    let expected = [(24, 12, "Kd7", "e8d7"), (25, 13, "O-O", "e1g1"), (26, 13, "Kc6", "d7c6")];
    let expected: Vec<(u32, u32, String, String)> =
        expected.iter().map(|&(p, n, s, u)| (p, n, s.into(), u.into())).collect();
    assert_eq!(nodes, expected);
}

#[test]
fn a_line_ends_at_a_move_that_cannot_be_played() {
    let broken = game("1. e4 e5 2. Ke3 Nc6 *");
    let sans: Vec<String> = broken.mainline().map(|n| n.san().to_string()).collect();
    assert_eq!(sans, ["e4", "e5"]);
    assert_eq!(broken.final_position(), None);

    // Broken in a variation only: the main line is whole.
    let game = game("1. e4 e5 (1... Ke7 2. Ke3) 2. Nf3 *");
    assert_eq!(game.mainline().count(), 3);
    assert!(game.final_position().is_some());
    let e5 = game.mainline().nth(1).expect("e5");
    assert_eq!(e5.variations().map(Iterator::count).collect::<Vec<_>>(), [0]);

    // A start that cannot be set up: no nodes, no final position.
    let no_start = self::game("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
    assert_eq!(no_start.mainline().count(), 0);
    assert_eq!(no_start.final_position(), None);

    // No moves: the start.
    assert_eq!(self::game("{just a comment} *").final_position(), Some(Position::new()));
}

#[test]
fn nodes_outlive_the_iterator_and_the_final_position_is_the_last_nodes() {
    let game = game("1. d4 d5 2. c4 c6 3. Nc3 Nf6 *");
    let nodes: Vec<MoveNode<'_>> = {
        let iter: MoveNodes<'_> = game.mainline();
        iter.collect()
    };
    assert_eq!(nodes.len(), 6);
    assert_eq!(nodes.last().map(|n| n.after().clone()), game.final_position());
    for pair in nodes.windows(2) {
        assert_eq!(pair[0].after(), pair[1].before());
    }
}

/// What the walker yields of each move: position before, move, position
/// after, ply, depth.
type Walked = (Position, Move, Position, u32, u32);

/// The moves the walker yields over `game`, until the first it cannot
/// play: in a replayed game every move after it in its line, and in the
/// variations of those, is text too.
fn walked(game: &ReplayedGame) -> Vec<Walked> {
    let mut walker = Walker::new(game);
    let mut moves = Vec::new();
    while let Some(event) = walker.next() {
        if let Event::Move(p) = event {
            moves.push((p.before.clone(), p.m, p.after.clone(), p.ply, p.depth));
        }
    }
    moves
}

/// The nodes of `line` and of their variations, depth first: the order
/// of the movetext.
fn visit(line: MoveNodes<'_>, out: &mut Vec<Walked>) {
    for node in line {
        out.push((node.before().clone(), node.m(), node.after().clone(), node.ply(), node.depth()));
        assert_eq!(node.played().m, node.m());
        for variation in node.variations() {
            visit(variation, out);
        }
    }
}

/// The nodes of `game` are the walker's moves, and its final position
/// the position after the walker's last main-line move, when the main
/// line is whole.
fn check(game: &ReplayedGame, what: &str) {
    let mut visited = Vec::new();
    visit(game.mainline(), &mut visited);
    let walked = walked(game);
    assert_eq!(visited.len(), walked.len(), "{what}");
    assert!(visited == walked, "{what}: the nodes are not the walker's moves");
    let last_main = walked.iter().rev().find(|w| w.4 == 0).map(|w| w.2.clone());
    let whole = game.start.is_some() && game.mainline().count() == game.movetext.mainline().count();
    let expected = if whole { last_main.or_else(|| game.start.clone()) } else { None };
    assert_eq!(game.final_position(), expected, "{what}");
}

#[test]
fn random_games_with_variations_visit_as_they_walk() {
    let mut rng = XorShift::new(38);
    for round in 0..60 {
        let mut b = GameBuilder::new();
        for _ in 0..80 {
            let moves = b.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            if b.depth() < 3 && rng.below(5) == 0 && b.begin_variation().is_ok() {
                b.comment("in");
                continue;
            }
            if b.depth() > 0 && rng.below(4) == 0 {
                b.end_variation().expect("open");
                continue;
            }
            b.play(moves[rng.below(moves.len())]).expect("legal");
        }
        check(&b.finish(), &format!("random game {round}"));
    }
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn corpus_games_visit_as_they_walk() {
    let dir = testkit::corpus::dir();
    let mut files = testkit::corpus::pgn_files(&dir.join("pgn"));
    files.extend(testkit::corpus::pgn_files(&dir.join("bench/lichess-samples")));
    let (mut games, mut nodes) = (0, 0);
    for path in &files {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (i, game) in pgn_replay::replay_games(std::io::BufReader::new(file)).enumerate() {
            let game = game.unwrap_or_else(|e| panic!("{}: {e}", path.display())).game;
            let what = format!("{} game {}", relative(path, &dir), i + 1);
            check(&game, &what);
            games += 1;
            nodes += game.mainline().count();
        }
    }
    assert!(games > 5_000 && nodes > 100_000, "{games} games, {nodes} main-line nodes");
}

fn relative(path: &Path, dir: &Path) -> String {
    path.strip_prefix(dir).unwrap_or(path).display().to_string()
}
