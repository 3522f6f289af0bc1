//! Inputs the fuzz targets found (`cargo xtask fuzz`, the `export`
//! target), one test each, with the input as the fuzzer made it and
//! minimised, so that each stays fixed: export format is a fixed point of
//! reading and writing, broken games (written with their moves as read)
//! included.

use pgn_export::{ExportOptions, Writer, is_broken};

/// Every game of `input` exported with `options`, broken ones too, and
/// how many were broken.
fn export(input: &[u8], options: ExportOptions) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    let mut broken = 0;
    let mut writer = Writer::new(options);
    for game in san::replay_games(input) {
        let game = game.expect("reading from memory").game;
        broken += usize::from(is_broken(&game));
        let Ok(()) = writer.write_game(&game, &mut out);
    }
    (out, broken)
}

/// The export of `input` reads back as the same games: exported again,
/// the same bytes.
fn idempotent(input: &[u8]) {
    let options = ExportOptions::default();
    let (once, _) = export(input, options);
    let (twice, _) = export(&once, options);
    assert!(
        once == twice,
        "exported:\n{}\nexported again:\n{}",
        String::from_utf8_lossy(&once),
        String::from_utf8_lossy(&twice)
    );
}

/// `e.p.` on its own where no move came right before it (after junk, or
/// after a comment) was read as a move that could not be played; written
/// as read after the move before it (a move number between), it read back
/// as a separate en passant mark and was dropped. It is now never a move.
#[test]
fn a_separate_en_passant_mark_is_never_a_move() {
    idempotent(b"ex&\0\0\0\0\0\0\0xd6 e.pxd6` e.p. exdd6ep e.p\n");
    // Minimised: `{}` is not written, so `e.p.` follows `Ke2` once
    // exported.
    idempotent(b"Ke2 {} e.p. *");
    idempotent(b"1. e4 e5 2. Ke3 ` ep *");
    let (once, broken) = export(b"1. e4 {x} e.p. e5 *", ExportOptions::default());
    assert_eq!(broken, 0, "{}", String::from_utf8_lossy(&once));
}
