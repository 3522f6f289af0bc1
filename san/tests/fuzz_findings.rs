//! Inputs the fuzz targets found (`cargo xtask fuzz`, the `san` target),
//! one test each, with the input as the fuzzer made it and as `cargo fuzz
//! tmin` minimised it, so that each stays fixed.

use chess_core::Position;
use fen_epd::parse_position;
use san::{ResolveError, San};

/// The SAN `text` parses as, written back in export form and read again:
/// the same SAN.
fn export_form_reads_back(text: &[u8]) {
    let shown = String::from_utf8_lossy(text);
    let parsed = San::from_ascii(text).expect("the input parses");
    let written = parsed.san.to_string();
    let again = San::from_ascii(written.as_bytes())
        .unwrap_or_else(|e| panic!("`{shown}` written as `{written}` does not parse: {e}"));
    assert_eq!(again.san, parsed.san, "`{shown}` written as `{written}` reads otherwise");
}

/// A pawn move written with the pawn letter and its origin rank (long
/// algebraic with `P`) was written back without the letter: `P1e2` as
/// `1e2`, which does not parse, and `Pf1e2` as `f1e2`, which reads as a
/// move by whatever stands on f1.
#[test]
fn a_pawn_move_with_its_rank_is_written_with_the_pawn_letter() {
    // As found: a FEN line, then the SAN.
    let found: &[u8] =
        b"8/1p3kp1/p2Qp\t\x00\x00\x00\x00\x00\x00\x003/3pP1.r1/1P1P4/2r18/1p3kp1/p2p33 p-/-\nPf1e2";
    let text = found.splitn(2, |&b| b == b'\n').nth(1).expect("a second line");
    export_form_reads_back(text);
    // Minimised.
    export_form_reads_back(b"P1e2");
    for text in ["Pe2e4", "Pe2-e4", "P4xd5", "Pe7e8=Q", "pe2e4"] {
        export_form_reads_back(text.as_bytes());
    }

    // What the lost letter changes: with a rook on e2 and no pawn there,
    // `Pe2e4` names no move, but `e2e4` names the rook's.
    let pos: Position = parse_position(b"k7/8/8/8/8/8/4R3/4K3 w - - 0 1").expect("legal");
    let pawn = San::from_ascii(b"Pe2e4").expect("parses");
    assert_eq!(pawn.resolve(&pos).map(|r| r.m), Err(ResolveError::Illegal));
    let written = San::from_ascii(pawn.san.to_string().as_bytes()).expect("parses");
    assert_eq!(written.resolve(&pos).map(|r| r.m), Err(ResolveError::Illegal));
}
