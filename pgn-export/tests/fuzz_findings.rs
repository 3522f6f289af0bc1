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
    for game in pgn_replay::replay_games(input) {
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

/// A tag pair whose name is junk starting with a form feed (white space to
/// the tag repair, not to the lexer) was kept with an empty name, written
/// as `[ "2659"]`, and dropped as a pair without a name when read back.
/// It is dropped when first read too.
#[test]
fn a_tag_pair_without_a_name_is_dropped() {
    let found: &[u8] = b"[Round \"1.2\"]\n\
    [White \"Yakubboev, Nodirbek\"]\n\
    [Black \"Erigaisi Arjun\"]\xf6\xa4\xad\x94sult \"0-1\"]\n\
    [\x0c\x00\x00\x00\x00\x00\x00\x00 \"2659\"]\n\
    [WhiteTitle \"GM$]\n\
    [WSethiteFideId \"14203987\"]\n\
    [BlackElo \"2782\"]\n\
    [BlackTitle \"GM\"]\n\
    [BlackFideId \"35009192\"]\n\
    [Variant \"Standard\"]\n\
    [ECO \"B00\"]\n\
    [Opening \"Pirc Defense\"]\n\
    [StudyName \"Round 1\"]\n\
    [ChapterName \"Yakubboev, Nodirbek - Erigaisi Arjun\"]\n\
    [UTCD09192\"]\n\
    [Variant \"Standard\"]\n\
    [ECO \"B00\"]\n\
    [Opening \"Pirc Defense\"]\n\
    [StudyName \"Round 1\"]\n\
    [ChapterName \"Yakubbate \"2025.06.19\"]\n\
    [UTCTime \"08:46:08\"]\n\
    \n";
    idempotent(found);
    // Minimised.
    let minimised: &[u8] = b"[\x0c\0 \"2659\"]\n[Event \"x\"]\n1. e4 *";
    idempotent(minimised);
    let game = pgn_replay::replay_games(minimised).next().expect("a game").expect("read").game;
    assert!(game.tags.iter().all(|t| !t.name.is_empty()), "{:?}", game.tags);
}

/// A tag pair whose name is a comment token (`[{ -0.10 } 1... e5 ...`)
/// took its name up to the first space (`{`) but its value from where the
/// comment ended; written as `[{ "..."]`, the comment ended elsewhere and
/// the value read back otherwise. What follows the name is now read from
/// the end of the name.
#[test]
fn a_tag_value_starts_where_its_name_ends() {
    let found: &[u8] = b"[Event \"?\"]\n\
    [Site \"?\"]\n\
    [D!te \"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0????.??.??\"]\n\
    [Round \"?\"]\n\
    [White \"?\"]\n\
    [Black \"?-1\"]\n\
    \n\
    1. \"]\n\
    [Site \"?\"]\n\
    [D!f3 \0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0????.??.??\"]\n\
    [Round \"?\"]\n\
    [{ -0.10 } 1... e5 { -1.10 } 2. g4 { \xd3\xce\xd1\xd2exd6eexd6 e.p0 } 2... Qh. exdN\0\0\x004# { -3\0\0\0\x006ep .9e.p0 } 0-1\n\
    \n\
    \n\
    ";
    idempotent(found);
    // Minimised, and the same with a `;` comment as the name.
    idempotent(b"[{ -0.10 } 1... e5 { x } 2. g4 0-1\n1. e4 *");
    idempotent(b"[; a \"b\" c\n1. e4 *");
}

/// A tag pair whose name started with `{` (`[{EN "..."]`) was kept with
/// that name and written `[{EN "..."]`; read back, the `{` began a comment
/// that ran to the end of the file, an error. A comment is no tag name:
/// the pair is dropped when first read. Found with comments, NAGs and
/// variations left out (the fuzz input's first byte, 0x07).
#[test]
fn a_tag_name_is_never_a_comment() {
    let options = ExportOptions {
        comments: false,
        nags: false,
        variations: false,
        ..ExportOptions::default()
    };
    let found: &[u8] = b"[SetUp \"1\"]\n[{EN \"1r5k/P7/8/8/8/8/8/K7 w -\xff\xff\xff -xb8\x02\0\0me Bosto\0\0 \"1-0\"n Cosplay Chess 2013 pt 3\"]\n[Site]\n[SetUp \"1\"]\n[FEN \"b5nr/1p2kB1p/2p3p1/4p1q1/p1P5/N3RP2/P7/4K3 b KQkq - 0 22\"]\n\n%Cradtbee y Caissa's Web PGN Editor\xf6\xcd\xcd\xd1\xd1\xd1\xdf\xabf6 23. Rxe5+?? Kxf7?? 24. Ra5?? Q\xff\xff\xff\xff 25. Ke2";
    for options in [options, ExportOptions::default()] {
        let (once, _) = export(found, options);
        let (twice, _) = export(&once, options);
        assert_eq!(once, twice, "{}", String::from_utf8_lossy(&once));
        let again = pgn_replay::replay_games(&once[..]).next().expect("a game").expect("read");
        assert!(
            again
                .diagnostics
                .iter()
                .all(|d| d.severity() != pgn_replay::pgn_syntax::Severity::Error),
            "{:?}",
            again.diagnostics
        );
        assert!(!once.windows(2).any(|w| w == b"[{"), "{}", String::from_utf8_lossy(&once));
    }
    // Minimised.
    idempotent(b"[{EN \"x\"]\n1. e4 *");
    let game = pgn_replay::replay_games(&b"[{EN \"x\"]\n[Event \"e\"]\n1. e4 *"[..])
        .next()
        .expect("a game")
        .expect("read")
        .game;
    assert_eq!(game.tags.iter().map(|t| t.name).collect::<Vec<_>>(), [&b"Event"[..]]);
}
