//! Property tests of the round trips: for every legal move of every
//! position of random games (standard and Chess960 starts), the SAN written
//! for it reads back and resolves to that move, is never ambiguous and is
//! no longer than needed; long algebraic, UCI, FAN and the §17 languages
//! read back too. The games use a fixed-seed xorshift generator.

use std::path::PathBuf;

use chess_core::{Bitboard, Color, Move, Position, Role};
use fen_epd::parse_position;
use san::{CastlingMode, Check, Lan, Language, Quirks, San, SanKind, Uci};
use testkit::XorShift;

fn corpus_dir() -> PathBuf {
    testkit::corpus::dir()
}

/// Chess960 start positions from the corpus's perft suite.
fn chess960_starts() -> Vec<Position> {
    let path = corpus_dir().join("perft/shakmaty/chess960.perft");
    let Ok(text) = std::fs::read_to_string(path) else { return Vec::new() };
    text.lines()
        .filter_map(|l| l.strip_prefix("epd "))
        .filter_map(|fen| parse_position(fen.as_bytes()).ok())
        .take(40)
        .collect()
}

/// What the round trips saw, to show the games cover the hard cases.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    promotions: usize,
    en_passant: usize,
    castles: usize,
    disambiguated: usize,
    checks: usize,
    mates: usize,
}

/// The origin that export SAN must write for `m`, from the full list of
/// legal moves (independent of the crate's own targeted search).
fn expected_disambiguation(pos: &Position, m: Move) -> (bool, bool) {
    let Move::Normal { role, from, to, capture, .. } = m else {
        return (matches!(m, Move::EnPassant { .. }), false);
    };
    if role == Role::Pawn {
        return (capture.is_some(), false);
    }
    let others: Bitboard = pos
        .legal_moves()
        .iter()
        .filter(|o| o.role() == Some(role) && o.to() == Some(to) && o.from() != Some(from))
        .filter(|o| !matches!(o, Move::Castle { .. }))
        .filter_map(Move::from)
        .collect();
    if others.is_empty() {
        (false, false)
    } else if (others & Bitboard::file(from.file())).is_empty() {
        (true, false)
    } else if (others & Bitboard::rank(from.rank())).is_empty() {
        (false, true)
    } else {
        (true, true)
    }
}

fn check_move(pos: &Position, m: Move, mode: CastlingMode, languages: bool, seen: &mut Seen) {
    let san = San::from_move(pos, m);
    let text = san.to_string();

    // Export SAN reads back, with no quirk, and resolves to `m`.
    let parsed = San::from_ascii(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(parsed.san, san, "{text}");
    assert_eq!(parsed.quirks, Quirks::empty(), "{text}");
    let resolved = parsed.resolve(pos).unwrap_or_else(|e| panic!("{text} in {pos:?}: {e}"));
    assert_eq!(resolved.m, m, "{text}");
    assert_eq!(resolved.quirks, Quirks::empty(), "{text}");
    assert_eq!(san.resolve(pos).map(|r| r.m), Ok(m), "{text}");

    // Minimal disambiguation and the exact check mark (ruling E7).
    if let SanKind::Normal { file, rank, .. } = san.kind {
        assert_eq!((file.is_some(), rank.is_some()), expected_disambiguation(pos, m), "{text}");
        if rank.is_some() {
            seen.disambiguated += 1;
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    let expected_check = match (after.is_check(), after.is_checkmate()) {
        (false, _) => None,
        (true, false) => Some(Check::Check),
        (true, true) => Some(Check::Checkmate),
    };
    assert_eq!(san.check, expected_check, "{text}");
    assert_eq!(san.check_quirks(&after), Quirks::empty(), "{text}");
    let mut played = pos.clone();
    assert_eq!(San::from_move_and_play(&mut played, m), san);
    assert_eq!(played, after);

    // Long algebraic and UCI read back through the lenient parser.
    for other in [Lan::from_move(pos, m).to_string(), Uci { m, mode }.to_string()] {
        let parsed = San::from_ascii(other.as_bytes()).unwrap_or_else(|e| panic!("{other}: {e}"));
        let resolved = parsed.resolve(pos).unwrap_or_else(|e| panic!("{other} ({text}): {e}"));
        assert_eq!(resolved.m, m, "{other}");
    }

    // FAN and the languages of §17.
    if languages {
        let fan = san.fan(pos.turn()).to_string();
        let parsed = San::from_ascii(fan.as_bytes()).unwrap_or_else(|e| panic!("{fan}: {e}"));
        assert_eq!(parsed.resolve(pos).map(|r| r.m), Ok(m), "{fan}");
        for lang in Language::ALL {
            let local = san.in_language(lang).to_string();
            let parsed = San::from_ascii_in(local.as_bytes(), lang)
                .unwrap_or_else(|e| panic!("{lang} {local}: {e}"));
            assert_eq!(parsed.quirks, Quirks::empty(), "{lang} {local}");
            let resolved = parsed.resolve(pos).unwrap_or_else(|e| panic!("{lang} {local}: {e}"));
            assert_eq!(resolved.m, m, "{lang} {local}");
        }
    }

    seen.moves += 1;
    match m {
        Move::Normal { promotion: Some(_), .. } => seen.promotions += 1,
        Move::EnPassant { .. } => seen.en_passant += 1,
        Move::Castle { .. } => seen.castles += 1,
        _ => {}
    }
    match san.check {
        Some(Check::Check) => seen.checks += 1,
        Some(Check::Checkmate) => seen.mates += 1,
        None => {}
    }
}

/// Plays random games from `start`, checking every legal move of every
/// position on the way.
fn play_games(starts: &[Position], games: usize, mode: CastlingMode, seed: u64) -> Seen {
    let mut rng = XorShift::new(seed);
    let mut seen = Seen::default();
    for game in 0..games {
        let mut pos = starts[game % starts.len()].clone();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seen.positions += 1;
            for &m in &moves {
                check_move(&pos, m, mode, ply % 5 == 0, &mut seen);
            }
            // Prefer captures, promotions and pawn moves a little, so that
            // games reach promotions and en passant more often.
            let pick = (0..3)
                .map(|_| moves[rng.below(moves.len())])
                .find(|m| m.is_capture() || m.role() == Some(Role::Pawn))
                .unwrap_or(moves[rng.below(moves.len())]);
            pos.play_unchecked(pick);
        }
    }
    seen
}

#[test]
fn standard_games_round_trip() {
    let seen = play_games(&[Position::new()], 24, CastlingMode::Standard, 0x2545_F491_4F6C_DD1D);
    assert!(seen.positions > 2_000, "{seen:?}");
    assert!(seen.promotions > 0 && seen.en_passant > 0 && seen.castles > 0, "{seen:?}");
    assert!(seen.disambiguated > 0 && seen.checks > 0, "{seen:?}");
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn chess960_games_round_trip() {
    let starts = chess960_starts();
    assert!(!starts.is_empty(), "no Chess960 start positions read from the corpus");
    let seen = play_games(&starts, 24, CastlingMode::Chess960, 0x9E37_79B9);
    assert!(seen.positions > 2_000, "{seen:?}");
    assert!(seen.castles > 0 && seen.promotions > 0, "{seen:?}");
}

#[test]
fn positions_with_many_queens_round_trip() {
    // Disambiguation by square and many movers to one square.
    let mut seen = Seen::default();
    for fen in [
        "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1",
        "6nk/6pp/8/2QQQ3/2Q1Q3/2QQQ3/8/3K4 w - - 0 1",
        "7k/1N1N4/N3N3/2r5/N3N3/1N1N4/8/K7 w - - 0 1",
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let pos = parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for &m in &pos.legal_moves() {
            check_move(&pos, m, CastlingMode::Standard, true, &mut seen);
        }
    }
    assert!(seen.disambiguated > 10, "{seen:?}");
}

#[test]
fn black_moves_are_written_with_black_figurines() {
    let mut pos = Position::new();
    let e4 = San::from_ascii(b"e4").expect("a move").resolve(&pos).expect("legal");
    pos.play_unchecked(e4.m);
    let m = San::from_ascii(b"Nf6").expect("a move").resolve(&pos).expect("legal").m;
    assert_eq!(San::from_move(&pos, m).fan(Color::Black).to_string(), "♞f6");
}
