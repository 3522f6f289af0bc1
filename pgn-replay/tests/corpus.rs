//! Real games: every main-line move of the TWIC sample resolves, and the
//! SAN written back for it is the text it was read from (TWIC writes export
//! SAN). Also the §17 language examples: games written with the letters of
//! German, French, Hungarian and Dutch read and write back.

use std::path::PathBuf;

use chess_core::Position;
use fen_epd::parse_position;
use san::{Language, Quirks, San};

fn corpus_dir() -> PathBuf {
    testkit::corpus::dir()
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn twic_sample_resolves_and_writes_back() {
    let path = corpus_dir().join("bench/twic-samples/twic1599_100k.pgn");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut games, mut moves) = (0, 0);
    for game in pgn_syntax::read_games(std::io::BufReader::new(file)) {
        let (game, _) = game.expect("readable");
        let mut pos = match game.tag("FEN") {
            Some(fen) => parse_position(fen).expect("a legal FEN"),
            None => Position::new(),
        };
        for san in game.movetext.mainline() {
            let text = String::from_utf8_lossy(&san.text).into_owned();
            let parsed = San::from_ascii(&san.text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let resolved = parsed.resolve(&pos).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(resolved.quirks, Quirks::empty(), "{text}");
            let written = San::from_move_and_play(&mut pos, resolved.m);
            assert_eq!(written.to_string(), text);
            assert_eq!(parsed.san.check_quirks(&pos), Quirks::empty(), "{text}");
            moves += 1;
        }
        games += 1;
    }
    assert!(games > 100 && moves > 5_000, "{games} games, {moves} moves");
}

/// Plays `moves` written in `lang` from `fen` and writes each back.
fn play_in(lang: Language, fen: Option<&str>, moves: &str) {
    let mut pos = match fen {
        Some(fen) => parse_position(fen.as_bytes()).expect("a legal FEN"),
        None => Position::new(),
    };
    for text in moves.split_whitespace() {
        let parsed = San::from_ascii_in(text.as_bytes(), lang)
            .unwrap_or_else(|e| panic!("{lang} {text}: {e}"));
        let resolved = parsed.resolve(&pos).unwrap_or_else(|e| panic!("{lang} {text}: {e}"));
        assert_eq!(resolved.quirks, Quirks::empty(), "{lang} {text}");
        let written = San::from_move_and_play(&mut pos, resolved.m);
        assert_eq!(written.in_language(lang).to_string(), text, "{lang}");
    }
}

#[test]
fn games_in_the_languages_of_section_17() {
    play_in(
        Language::German,
        None,
        "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 O-O Le7 Te1 b5 Lb3 d6 c3 O-O h3 Sb8 d4 Sbd7",
    );
    play_in(
        Language::French,
        None,
        "e4 e5 Cf3 Cc6 Fc4 Fc5 c3 Cf6 d4 exd4 cxd4 Fb4+ Fd2 Fxd2+ Cbxd2 d5 exd5 Cxd5 Db3 \
         Cce7 O-O O-O Tfe1 c6 Rh1",
    );
    // Hungarian: B is the rook, V the queen.
    play_in(
        Language::Hungarian,
        Some("r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1"),
        "O-O-O O-O Vxd7 f6 Bd2 Bfd8",
    );
    // Dutch: P is the knight, O the pawn; castling stays O-O.
    play_in(Language::Dutch, None, "e4 e5 Pf3 Pc6 Lc4 Lc5 O-O Pf6 Te1 O-O");
}
