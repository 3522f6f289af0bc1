//! A rough timing of `pgn_pgc::ordinal` and `pgn_pgc::move_at` as a codec uses
//! them, once per ply while replaying games, against generating the legal
//! moves alone: `cargo run --release -p pgn-pgc --example ordinal_timing
//! [FILE.pgc [GAMES]]`. The games are random ones, or the main lines of
//! the first GAMES (20,000) games of a PGC file. Not a benchmark (the best
//! of a few rounds, no statistics), a sanity check of the cost per ply.
//! An ordinal costs more with other work between two (as in a codec)
//! than in a loop of ordinals alone: it is timed both ways.
//!
//! It also times the generator's turn for each role alone, counting the
//! moves it hands over: what a move of each class costs `move_at`, which
//! asks for the roles in SAN order and stops at the move's class.

use std::hint::black_box;
use std::time::Instant;

use chess_core::{Bitboard, Board, BulkSink, Move, Position, Role, Square};
use pgn_replay::ReplayedMove;
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

/// Counts the moves of the roles it wants (by bit `Role::index`), as
/// `move_at` counts the classes before a move's.
struct Count {
    roles: u8,
    moves: u32,
}

impl BulkSink for Count {
    fn wants(&self, role: Role) -> bool {
        self.roles >> role.index() & 1 != 0
    }
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.moves += targets.count();
    }
    fn pawns(&mut self, _: &Board, targets: Bitboard, _: i32) {
        self.moves += targets.count();
    }
    fn pawn(&mut self, _: &Board, _: Square, targets: Bitboard) {
        self.moves += targets.count();
    }
    fn en_passant(&mut self, _: Square, _: Square) {
        self.moves += 1;
    }
    fn castle(&mut self, _: Square, _: Square) {
        self.moves += 1;
    }
}

/// The main lines of the first `limit` games of the PGC file at `path`,
/// as moves from the standard start (games from a FEN are left out).
fn pgc_games(path: &str, limit: usize) -> Vec<Vec<Move>> {
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(err) => {
            eprintln!("ordinal_timing: {path}: {err}");
            std::process::exit(1);
        }
    };
    let mut games = Vec::new();
    for item in pgn_pgc::Decoder::new(std::io::BufReader::new(file)) {
        let Ok(pgn_pgc::Decoded::Game(game)) = item else { continue };
        if game.tag("FEN").is_some() {
            continue;
        }
        let main = game.movetext.mainline().map_while(|m| match m {
            ReplayedMove::Played { m, .. } => Some(*m),
            ReplayedMove::Unresolved(..) => None,
        });
        games.push(main.collect());
        if games.len() == limit {
            break;
        }
    }
    games
}

/// Random games of up to 200 plies.
fn random_games() -> Vec<Vec<Move>> {
    let mut rng = XorShift::new(0x7135_0bd1_a15e_ed01);
    let mut games = Vec::new();
    for _ in 0..2_000 {
        let mut pos = Position::new();
        let mut game = Vec::new();
        for _ in 0..rng.below(200) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            game.push(m);
            pos.play_unchecked(m);
        }
        games.push(game);
    }
    games
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games = match args.next() {
        Some(path) => {
            let limit = args.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
            pgc_games(&path, limit)
        }
        None => random_games(),
    };
    let mut moves = 0;
    time(&games, 1, |pos, _, _| moves += pos.legal_moves().len());
    let mut ordinals = Vec::new();
    time(&games, 1, |pos, m, _| ordinals.push(pgn_pgc::ordinal(pos, m).expect("legal")));
    let plies = ordinals.len();
    println!("{plies} plies, {:.1} legal moves each", moves as f64 / plies as f64);

    let rounds = 7;
    let replay = time(&games, rounds, |_, _, _| {});
    let legal = time(&games, rounds, |pos, _, _| {
        black_box(pos.legal_moves().len());
    });
    let count = time(&games, rounds, |pos, _, _| {
        black_box(pos.count_legal_moves());
    });
    let ordinal = time(&games, rounds, |pos, m, _| {
        black_box(pgn_pgc::ordinal(pos, m));
    });
    let move_at = time(&games, rounds, |pos, _, ply| {
        black_box(pgn_pgc::move_at(pos, ordinals[ply]));
    });
    // In a codec, other work comes between two ordinals (reading and
    // resolving SAN): it takes the caches and the branch predictor's
    // history, and the ordinal costs more than alone. Writing the move's
    // SAN and resolving it again stands in for that work here.
    let other = |pos: &Position, m: Move| {
        let text = san::San::from_move_without_check(pos, m).to_string();
        let parsed = san::San::from_ascii(text.as_bytes()).ok();
        black_box(parsed.and_then(|san| san.resolve(pos).ok()).map(|resolved| resolved.m));
    };
    let other_alone = time(&games, rounds, |pos, m, _| other(pos, m));
    let with_other = time(&games, rounds, |pos, m, _| {
        other(pos, m);
        black_box(pgn_pgc::ordinal(pos, m));
    });
    println!("per ply, less the {replay:.1} ns of playing the move:");
    println!("legal_moves: {:6.1} ns", legal - replay);
    println!("count:       {:6.1} ns", count - replay);
    println!("ordinal:     {:6.1} ns", ordinal - replay);
    println!("move_at:     {:6.1} ns", move_at - replay);
    println!("ordinal:     {:6.1} ns after other work", with_other - other_alone);

    // No role at all is the generator's set-up: the king, checks, pins.
    println!("the generator's turn for one role, counting its moves:");
    let bit = |role: Role| 1u8 << role.index();
    let roles = [
        ("set-up", 0),
        ("pawns", bit(Role::Pawn)),
        ("knights", bit(Role::Knight)),
        ("bishops", bit(Role::Bishop)),
        ("rooks", bit(Role::Rook)),
        ("queens", bit(Role::Queen)),
        ("king", bit(Role::King)),
        ("all", Role::ALL.into_iter().map(bit).fold(0, |all, b| all | b)),
    ];
    for (name, roles) in roles {
        let turn = time(&games, rounds, |pos, _, _| {
            if let Some(generator) = pos.legal_generator() {
                let mut count = Count { roles, moves: 0 };
                generator.generate(&mut count);
                black_box(count.moves);
            }
        });
        println!("{name:12} {:6.1} ns", turn - replay);
    }
}
