//! The rules of chess as `chess-core` applies them, on positions given as FEN:
//! end of game, dead positions, counters, and the move generator's hard
//! cases (pins, double check, en passant, castling in standard chess and
//! Chess960).

use chess_core::{CastlingMode, Color, Move, Outcome, Position, Role, Square};
use fen_epd::{Fen, parse_position};

fn pos(fen: &str) -> Position {
    parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of `fen` in UCI, castling as the king onto its rook
/// (unambiguous in Chess960 too), sorted.
fn moves(fen: &str) -> Vec<String> {
    let uci = |m: &Move| m.uci(CastlingMode::Chess960).to_string();
    let mut v: Vec<String> = pos(fen).legal_moves().iter().map(uci).collect();
    v.sort();
    v
}

fn fen_after(fen: &str, m: Move) -> String {
    let mut p = pos(fen);
    p.play(m).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Fen::from_position(&p).to_string()
}

#[test]
fn checkmate_and_stalemate() {
    let fools_mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(fools_mate.is_check());
    assert!(fools_mate.is_checkmate());
    assert!(!fools_mate.is_stalemate());
    assert_eq!(fools_mate.outcome(), Some(Outcome::Decisive { winner: Color::Black }));

    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stalemate.is_stalemate());
    assert!(!stalemate.is_checkmate());
    assert_eq!(stalemate.outcome(), Some(Outcome::Draw));
    assert_eq!(Position::new().outcome(), None);
}

#[test]
fn dead_positions_follow_fide() {
    let dead = [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",     // K v K
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",    // K+B v K
        "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",    // K+N v K
        "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1", // bishops on c1 and f8: both dark
    ];
    for fen in dead {
        assert!(pos(fen).is_insufficient_material(), "{fen}");
        assert_eq!(pos(fen).outcome(), Some(Outcome::Draw), "{fen}");
    }
    let alive = [
        "4b3/8/4k3/8/8/3K4/8/2B5 w - - 0 1", // opposite-coloured bishops
        "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1",   // two knights: mate can be helped
        "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1",   // knight each
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",   // a pawn
        "8/8/4k3/8/8/3K4/8/7R w - - 0 1",    // a rook
    ];
    for fen in alive {
        assert!(!pos(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn move_counters() {
    let quiet = "8/8/4k3/8/8/3K4/8/7R w - - 99 80";
    assert!(!pos(quiet).is_fifty_move_claimable());
    let rook_move = Move::Normal {
        role: Role::Rook,
        from: Square::H1,
        capture: None,
        to: Square::H2,
        promotion: None,
    };
    let mut p = pos(quiet);
    p.play(rook_move).expect("legal");
    assert_eq!(p.halfmoves(), 100);
    assert!(p.is_fifty_move_claimable());
    assert!(!p.is_seventy_five_move_draw());
    assert!(pos("8/8/4k3/8/8/3K4/8/7R w - - 150 100").is_seventy_five_move_draw());
    // Black's move advances the fullmove number; a pawn move resets the clock.
    assert_eq!(
        fen_after(
            "4k3/4p3/8/8/8/8/8/4K3 b - - 7 30",
            Move::Normal {
                role: Role::Pawn,
                from: Square::E7,
                capture: None,
                to: Square::E5,
                promotion: None
            },
        ),
        "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 31"
    );
}

#[test]
fn illegal_play_is_refused_and_changes_nothing() {
    let mut p = Position::new();
    let bad = Move::Normal {
        role: Role::Pawn,
        from: Square::E2,
        capture: None,
        to: Square::E5,
        promotion: None,
    };
    assert!(p.play(bad).is_err());
    assert_eq!(p, Position::new());
    assert!(p.play(Move::Null).is_err());
}

#[test]
fn en_passant_that_uncovers_the_king_on_the_rank_is_illegal() {
    // After d2-d4, exd3 would leave the a4 king facing the h4 queen.
    let m = moves("8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1");
    assert!(!m.contains(&"e4d3".to_string()), "{m:?}");
    // Without the queen, the capture is legal.
    let m = moves("8/8/8/8/k2Pp3/8/8/3K4 b - d3 0 1");
    assert!(m.contains(&"e4d3".to_string()), "{m:?}");
    // En passant as the only evasion: the pushed pawn gives check.
    let p = pos("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(p.is_check());
    assert!(p.legal_moves().iter().any(|m| matches!(m, Move::EnPassant { .. })));
    // The en passant square is kept (ruling F1) even when no capture exists.
    let p = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.ep_square(), Some(Square::E3));
    assert_eq!(p.legal_ep_square(), None);
}

#[test]
fn pins_and_double_check() {
    // The knight on d2 is pinned by the a5 bishop: it may not move.
    let m = moves("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1");
    assert!(m.iter().all(|m| !m.starts_with("d2")), "{m:?}");
    // A pinned rook slides only along the pin.
    let m = moves("4r2k/8/8/8/8/8/4R3/4K3 w - - 0 1");
    let rook: Vec<_> = m.iter().filter(|m| m.starts_with("e2")).collect();
    assert_eq!(rook.len(), 6, "{rook:?}");
    // Double check by rook and knight: only the king moves.
    let p = pos("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(p.legal_moves().iter().all(|m| m.role() == Some(Role::King)));
}

#[test]
fn promotions_to_all_four_pieces() {
    let m = moves("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for piece in ["e7e8q", "e7e8r", "e7e8b", "e7e8n"] {
        assert!(m.contains(&piece.to_string()), "{m:?}");
    }
}

#[test]
fn castling_rules() {
    let both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let m = moves(both);
    assert!(m.contains(&"e1h1".to_string()) && m.contains(&"e1a1".to_string()), "{m:?}");
    // Through check: f1 attacked by the f8 rook forbids O-O only.
    let m = moves("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!m.contains(&"e1h1".to_string()) && m.contains(&"e1a1".to_string()), "{m:?}");
    // Into check: g1 attacked.
    let m = moves("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1");
    assert!(!m.contains(&"e1h1".to_string()), "{m:?}");
    // b1 attacked does not forbid O-O-O: the king does not cross b1.
    let m = moves("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(m.contains(&"e1a1".to_string()), "{m:?}");
    // Out of check: no castling at all.
    let m = moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".replace("r3k2r/8", "r3k2r/4r3").as_str());
    assert!(m.iter().all(|m| m != "e1h1" && m != "e1a1"), "{m:?}");
    // Playing O-O moves both pieces and drops White's rights.
    let after = fen_after(both, Move::Castle { king: Square::E1, rook: Square::H1 });
    assert_eq!(after, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // Capturing a rook on its corner removes that rook's right; moving a
    // rook removes its own.
    let after = fen_after(
        both,
        Move::Normal {
            role: Role::Rook,
            from: Square::H1,
            capture: Some(Role::Rook),
            to: Square::H8,
            promotion: None,
        },
    );
    assert_eq!(after, "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
}

#[test]
fn chess960_castling() {
    // King on g1 castles short without moving; the rook jumps to f1.
    let fen = "4k3/8/8/8/8/8/8/6KR w K - 0 1";
    let after = fen_after(fen, Move::Castle { king: Square::G1, rook: Square::H1 });
    assert_eq!(after, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King b1, rook a1: O-O-O puts the king on c1 and the rook on d1.
    let fen = "4k3/8/8/8/8/8/8/RK6 w Q - 0 1";
    let after = fen_after(fen, Move::Castle { king: Square::B1, rook: Square::A1 });
    assert_eq!(after, "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The castling rook shields c1 from an a-file... no: from the rank. With
    // the rook gone from b1, the a1 rook of Black would attack c1.
    let m = moves("4k3/8/8/8/8/8/8/rRK5 w B - 0 1");
    assert!(!m.contains(&"c1b1".to_string()), "{m:?}");
    // X-FEN: an inner rook keeps its file letter.
    let fen = "4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1";
    let written = Fen::from_position(&pos(fen)).to_string();
    assert_eq!(written, "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1");
}
