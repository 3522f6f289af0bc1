//! The `serde` feature: the vocabulary in the forms a reader of JSON
//! expects, positions as FEN text, and an illegal position refused when
//! it is read back.
#![cfg(feature = "serde")]

use chess_core::{
    Bitboard, Board, CastlingMode, Color, File, Move, Outcome, Piece, Position, PositionError,
    Rank, Role, Setup, Square, Uci,
};
use serde_json::json;
use testkit::XorShift;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The legal move from `from` to `to` (the king's destination for castling).
fn play(pos: &mut Position, from: Square, to: Square) -> Move {
    let m = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.from() == Some(from) && m.to() == Some(to))
        .expect("a legal move");
    pos.play_unchecked(m);
    m
}

#[test]
fn a_position_is_its_fen_and_reads_back() {
    let start = Position::new();
    assert_eq!(serde_json::to_value(&start).unwrap(), json!(START));
    let mut pos = start.clone();
    play(&mut pos, Square::E2, Square::E4);
    play(&mut pos, Square::C7, Square::C5);
    play(&mut pos, Square::G1, Square::F3);
    let text = serde_json::to_string(&pos).unwrap();
    assert_eq!(text, "\"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"");
    assert_eq!(serde_json::from_str::<Position>(&text).unwrap(), pos);
    // Inside other values too.
    let pair = serde_json::to_value((&start, Some(&pos))).unwrap();
    assert_eq!(pair[0], START);
    assert_eq!(
        serde_json::from_value::<(Position, Option<Position>)>(pair).unwrap(),
        (start, Some(pos))
    );
}

#[test]
fn positions_of_random_games_read_back_equal() {
    let mut rng = XorShift::new(0x5eed_0ffe);
    for _ in 0..20 {
        let mut pos = Position::new();
        for _ in 0..rng.below(120) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            let text = serde_json::to_string(&pos).unwrap();
            let read: Position = serde_json::from_str(&text).unwrap();
            assert_eq!(read, pos, "{text}");
            assert_eq!(read.checkers(), pos.checkers(), "{text}");
            assert_eq!(serde_json::to_string(&read.to_setup()).unwrap(), text);
        }
    }
}

#[test]
fn an_illegal_or_malformed_position_is_an_error_not_a_panic() {
    let illegal = [
        // Two white kings.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w KQkq - 0 1",
        // The side not to move is in check.
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        // A pawn on the back rank.
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        // A castling right without its rook.
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        // An en passant square behind no pawn.
        "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
    ];
    for fen in illegal {
        let json = serde_json::to_string(fen).unwrap();
        let error = serde_json::from_str::<Position>(&json).expect_err(fen).to_string();
        assert!(error.starts_with("illegal position: "), "{fen}: {error}");
        // As a setup it reads, and reads back: a setup is not checked (a
        // right without its rook is written by its file, `H`).
        let setup: Setup = serde_json::from_str(&json).unwrap();
        let again = serde_json::to_value(&setup).unwrap();
        assert_eq!(serde_json::from_value::<Setup>(again).unwrap(), setup);
        assert!(Position::from_setup(setup).is_err());
    }
    let malformed = [
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1",
    ];
    for fen in malformed {
        let json = serde_json::to_string(fen).unwrap();
        assert!(serde_json::from_str::<Position>(&json).is_err(), "{fen}");
        assert!(serde_json::from_str::<Setup>(&json).is_err(), "{fen}");
    }
    // Not a string at all.
    assert!(serde_json::from_str::<Position>("{\"board\": 1}").is_err());
    assert!(serde_json::from_str::<Position>("42").is_err());
}

#[test]
fn chess960_castling_rights_are_x_fen() {
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    let pos: Position = serde_json::from_value(json!(fen)).unwrap();
    let rights: Vec<Square> = pos.castling_rights().rook_squares().collect();
    assert_eq!(rights, [Square::F1, Square::H1, Square::F8, Square::H8]);
    assert_eq!(serde_json::to_value(&pos).unwrap(), json!(fen));
    // Shredder-FEN letters read as the same rights.
    let shredder = fen.replace("KQkq", "HFhf");
    assert_eq!(serde_json::from_value::<Position>(json!(shredder)).unwrap(), pos);
}

#[test]
fn the_vocabulary_is_names_and_letters() {
    assert_eq!(serde_json::to_value(Square::E4).unwrap(), json!("e4"));
    assert_eq!(serde_json::to_value(File::A).unwrap(), json!("a"));
    assert_eq!(serde_json::to_value(Rank::Eighth).unwrap(), json!("8"));
    assert_eq!(serde_json::to_value(Color::Black).unwrap(), json!("black"));
    assert_eq!(serde_json::to_value(Role::Knight).unwrap(), json!("knight"));
    let piece = Role::Queen.of(Color::White);
    assert_eq!(serde_json::to_value(piece).unwrap(), json!({"color": "white", "role": "queen"}));
    for square in Square::ALL {
        let text = serde_json::to_string(&square).unwrap();
        assert_eq!(text, format!("\"{square}\""));
        assert_eq!(serde_json::from_str::<Square>(&text).unwrap(), square);
    }
    for rank in Rank::ALL {
        assert_eq!(
            serde_json::from_value::<Rank>(serde_json::to_value(rank).unwrap()).unwrap(),
            rank
        );
    }
    assert_eq!(
        serde_json::from_value::<Piece>(json!({"color": "black", "role": "king"})).unwrap(),
        Role::King.of(Color::Black)
    );
    assert!(serde_json::from_value::<Square>(json!("E4")).is_err());
    assert!(serde_json::from_value::<Square>(json!("i9")).is_err());
}

#[test]
fn a_set_of_squares_is_their_names() {
    let set = Bitboard::from(Square::A1) | Square::H1 | Square::E4;
    let value = serde_json::to_value(set).unwrap();
    assert_eq!(value, json!(["a1", "h1", "e4"]));
    assert_eq!(serde_json::from_value::<Bitboard>(value).unwrap(), set);
    assert_eq!(serde_json::to_value(Bitboard::EMPTY).unwrap(), json!([]));
    let rights = Position::new().castling_rights();
    assert_eq!(serde_json::to_value(rights).unwrap(), json!(["a1", "h1", "a8", "h8"]));
    let board = *Position::new().board();
    assert_eq!(
        serde_json::to_value(board).unwrap(),
        json!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    );
    assert_eq!(
        serde_json::from_value::<Board>(json!("8/8/8/8/4k3/8/8/4K3")).unwrap().occupied().count(),
        2
    );
}

#[test]
fn moves_are_objects_named_by_their_kind_and_uci_its_text() {
    let mut pos = Position::new();
    let m = play(&mut pos, Square::G1, Square::F3);
    let value = serde_json::to_value(m).unwrap();
    assert_eq!(
        value,
        json!({"normal": {"role": "knight", "from": "g1", "capture": null, "to": "f3", "promotion": null}})
    );
    assert_eq!(serde_json::from_value::<Move>(value).unwrap(), m);
    let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
    assert_eq!(
        serde_json::to_value(castle).unwrap(),
        json!({"castle": {"king": "e1", "rook": "h1"}})
    );
    assert_eq!(serde_json::to_value(Move::Null).unwrap(), json!("null"));
    let uci = Uci { m: castle, mode: CastlingMode::Chess960 };
    assert_eq!(serde_json::to_value(uci).unwrap(), json!("e1h1"));
    assert_eq!(serde_json::to_value(CastlingMode::Chess960).unwrap(), json!("chess960"));
}

#[test]
fn outcomes_and_errors_read_back() {
    let outcome = Outcome::Decisive { winner: Color::White };
    let value = serde_json::to_value(outcome).unwrap();
    assert_eq!(value, json!({"decisive": {"winner": "white"}}));
    assert_eq!(serde_json::from_value::<Outcome>(value).unwrap(), outcome);
    let setup: Setup = serde_json::from_value(json!("4k3/8/8/8/8/8/8/4KK2 w - - 0 1")).unwrap();
    let error = Position::from_setup(setup).unwrap_err();
    let value = serde_json::to_value(&error).unwrap();
    assert_eq!(value, json!({"king_count": {"color": "white", "count": 2}}));
    assert_eq!(serde_json::from_value::<PositionError>(value).unwrap(), error);
    let (_, repairs) = Position::from_setup_repaired(
        serde_json::from_value(json!("4k3/8/8/8/8/8/8/4K3 w K e6 0 1")).unwrap(),
    )
    .unwrap();
    let value = serde_json::to_value(repairs).unwrap();
    assert_eq!(value, json!({"dropped_castling": ["h1"], "dropped_ep": "e6"}));
    assert_eq!(serde_json::from_value::<chess_core::Repairs>(value).unwrap(), repairs);
}
