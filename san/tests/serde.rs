//! The `serde` feature: a SAN as its export text read back by the
//! parser, what the parser and the resolver found as JSON objects, and
//! the resolved moves of an EPD record with their position as FEN text.
#![cfg(feature = "serde")]

use chess_core::Position;
use fen_epd::Epd;
use san::{Lan, MoveProblem, ParsedSan, Played, ResolveError, Resolved, ResolvedEpd, San};
use serde_json::json;
use testkit::XorShift;

#[test]
fn a_san_is_its_export_text() {
    for text in ["e4", "Nbd7", "exd6", "e8=Q+", "O-O-O#", "--", "R1e2", "Qh4xe1"] {
        let san: San = text.parse().unwrap();
        let value = serde_json::to_value(san).unwrap();
        assert_eq!(value, json!(text));
        assert_eq!(serde_json::from_value::<San>(value).unwrap(), san);
    }
    // Read leniently, written canonically.
    let san: San = serde_json::from_value(json!("0-0")).unwrap();
    assert_eq!(serde_json::to_value(san).unwrap(), json!("O-O"));
    for bad in [json!(""), json!("Zz9"), json!("e9"), json!(4)] {
        assert!(serde_json::from_value::<San>(bad.clone()).is_err(), "{bad}");
    }
}

#[test]
fn the_san_of_every_move_of_random_games_reads_back() {
    let mut rng = XorShift::new(0x0051_a7e5);
    for _ in 0..10 {
        let mut pos = Position::new();
        for _ in 0..rng.below(150) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let san = San::from_move(&pos, m);
            let read: San = serde_json::from_str(&serde_json::to_string(&san).unwrap()).unwrap();
            assert_eq!(read, san);
            assert_eq!(read.resolve(&pos).map(|r| r.m), Ok(m));
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn what_the_parser_and_resolver_found_reads_back() {
    let parsed = San::from_ascii(b"0-0!?").unwrap();
    let value = serde_json::to_value(parsed).unwrap();
    assert_eq!(
        value,
        json!({
            "san": "O-O", "suffix": "!?", "quirks": "CASTLING_WITH_ZEROS", "language": "english"
        })
    );
    assert_eq!(serde_json::from_value::<ParsedSan>(value).unwrap(), parsed);

    let pos = Position::new();
    let resolved = San::from_ascii(b"ng1f3").unwrap().resolve(&pos).unwrap();
    let value = serde_json::to_value(resolved).unwrap();
    assert_eq!(value["m"]["normal"]["to"], "f3");
    assert_eq!(serde_json::from_value::<Resolved>(value).unwrap(), resolved);

    let error = "Nd4".parse::<San>().unwrap().resolve(&pos).unwrap_err();
    assert_eq!(serde_json::to_value(&error).unwrap(), json!("illegal"));
    let problem = MoveProblem::from(error.clone());
    let value = serde_json::to_value(&problem).unwrap();
    assert_eq!(serde_json::from_value::<MoveProblem>(value).unwrap(), problem);
    assert_eq!(serde_json::from_value::<ResolveError>(json!("illegal")).unwrap(), error);
}

#[test]
fn a_played_move_shows_its_positions_and_lan_its_text() {
    let before = Position::new();
    let m = "e4".parse::<San>().unwrap().resolve(&before).unwrap().m;
    let mut after = before.clone();
    after.play_unchecked(m);
    let played = Played {
        m,
        suffix: None,
        before: &before,
        after: &after,
        ply: 1,
        depth: 0,
        origin: None,
        mate: None,
    };
    let value = serde_json::to_value(played).unwrap();
    assert_eq!(value["before"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(value["after"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(value["ply"], 1);
    assert_eq!(serde_json::to_value(Lan::from_move(&before, m)).unwrap(), json!("e2-e4"));
}

#[test]
fn the_moves_of_an_epd_record_read_back() {
    let epd = Epd::from_ascii(
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; am Nxe5; pv Bb5 a6;",
    )
    .unwrap();
    let resolved = san::resolve_epd(&epd);
    let value = serde_json::to_value(&resolved).unwrap();
    assert_eq!(
        value["moves"]["position"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
    );
    assert_eq!(value["moves"]["bm"][0]["normal"]["to"], "b5");
    assert_eq!(serde_json::from_value::<ResolvedEpd>(value).unwrap(), resolved);
    // A move that is not legal there is a diagnostic, read back too.
    let bad = Epd::from_ascii("4k3/8/8/8/8/8/8/4K3 w - - bm Qh5;").unwrap();
    let resolved = san::resolve_epd(&bad);
    let value = serde_json::to_value(&resolved).unwrap();
    assert_eq!(value["diagnostics"][0]["text"], "Qh5");
    assert_eq!(value["diagnostics"][0]["operand"], json!(["bm", 1]));
    assert_eq!(serde_json::from_value::<ResolvedEpd>(value).unwrap(), resolved);
}
