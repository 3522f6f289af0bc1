//! Text in: every parse entry point of the toolkit takes text (`&str`,
//! `String`) as well as bytes (`&[u8]`, `Vec<u8>`, byte strings), and
//! reads them alike.

use chess_core::Square;
use fen_epd::{Epd, Fen, Mnemonic, Opcode, parse_float, parse_integer, parse_position};
use pgn_replay::GameBuilder;
use pgn_select::{TextMatch, TextOp};
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::{
    Eco, Elo, GameResult, Mode, PgnDate, PgnTime, Round, SetUp, Termination, TimeControl,
    parse_ply_count,
};
use san::{Language, San};

/// `parse` gives the same for `text` given as `&str`, `String`, `&[u8]`
/// and `Vec<u8>`; that value.
macro_rules! alike {
    ($parse:expr, $text:expr) => {{
        let text: &str = $text;
        let value = $parse(text);
        assert_eq!(value, $parse(text.to_owned()), "{text:?} as a String");
        assert_eq!(value, $parse(text.as_bytes()), "{text:?} as bytes");
        assert_eq!(value, $parse(text.as_bytes().to_vec()), "{text:?} as a Vec");
        value
    }};
}

#[test]
fn positions_and_records_are_read_from_text() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(alike!(Fen::from_ascii, start).map(|f| f.to_string()).as_deref(), Ok(start));
    assert!(alike!(Fen::from_ascii_lenient, "8/8/8/8/8/8/8/K1k5 w - -").is_ok());
    fn position(text: impl AsRef<[u8]>) -> Option<String> {
        parse_position(text).ok().map(|p| Fen::from(&p).to_string())
    }
    assert_eq!(alike!(position, start).as_deref(), Some(start));
    let epd = "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"x\";";
    assert!(alike!(Epd::from_ascii, epd).is_ok());
    assert!(alike!(Opcode::from_ascii, "bm").is_some());
    assert!(alike!(Mnemonic::from_ascii, "c0").is_some());
    assert_eq!(alike!(parse_integer, "-12"), Some(-12));
    assert_eq!(alike!(parse_float, "0.5"), Some(0.5));
    assert_eq!(alike!(Square::from_ascii, "e4"), Some(Square::E4));
}

#[test]
fn moves_are_read_from_text() {
    let parsed = alike!(San::from_ascii, "Nbd7+").map(|p| p.san.to_string());
    assert_eq!(parsed.as_deref(), Ok("Nbd7+"));
    fn german(text: impl AsRef<[u8]>) -> Option<String> {
        San::from_ascii_in(text, Language::German).ok().map(|p| p.san.to_string())
    }
    assert_eq!(alike!(german, "Sf3").as_deref(), Some("Nf3"));
    let mut builder = GameBuilder::new();
    let knight = String::from("Nf3");
    let played = builder.san("e4").and_then(|b| b.san(b"e5")).and_then(|b| b.san(&knight));
    assert!(played.is_ok());
    assert_eq!(builder.finish().movetext.mainline().count(), 3);
}

#[test]
fn annotations_and_tag_values_are_read_from_text() {
    assert_eq!(alike!(Nag::from_ascii, "$14"), Some(Nag(14)));
    assert!(alike!(Nag::from_glyph, "+=").is_some());
    assert!(alike!(Suffix::from_ascii, "!?").is_some());
    assert!(alike!(PgnDate::from_ascii, "1992.11.04").is_ok());
    assert!(alike!(PgnDate::parse_lenient, "1992-11-04").is_ok());
    assert!(alike!(GameResult::from_ascii, "1/2-1/2").is_ok());
    assert!(alike!(GameResult::parse_lenient, "½-½").is_ok());
    assert!(alike!(Round::from_ascii, "3.1").is_ok());
    assert!(alike!(TimeControl::from_ascii, "40/7200:3600").is_ok());
    assert!(alike!(TimeControl::parse_lenient, "180+2").is_ok());
    assert!(alike!(Elo::from_ascii, "2785").is_ok());
    assert!(alike!(Elo::parse_lenient, "2785").is_ok());
    assert_eq!(alike!(parse_ply_count, "85"), Ok(85));
    assert!(alike!(Eco::from_ascii, "B90").is_ok());
    assert!(alike!(PgnTime::from_ascii, "13:05:00").is_ok());
    assert!(alike!(SetUp::from_ascii, "1").is_ok());
    assert_eq!(alike!(Termination::from_ascii, "normal"), Termination::from_ascii("normal"));
    assert_eq!(alike!(Mode::from_ascii, "OTB"), Mode::from_ascii("OTB"));
}

#[test]
fn selections_match_text() {
    fn contains(text: impl AsRef<[u8]>) -> Vec<u8> {
        TextMatch::new(TextOp::Contains, text, true).text().to_vec()
    }
    assert_eq!(alike!(contains, "Kasparov"), b"kasparov");
    assert!(TextMatch::new(TextOp::Contains, "kasparov", true).matches(b"Kasparov, Garry"));
}

#[test]
fn tag_values_come_out_as_text() {
    let pgn = "[Event \"Bad Kissingen\"]\n[White \"Tarrasch, Siegbert\"]\n[Black \"Capablanca, J\u{e9}\"]\n\
               [Annotator \"\u{ff}\"]\n\n1. e4 1-0\n";
    let mut games = pgn_syntax::read_games(pgn.as_bytes()).map(|read| read.map(|(game, _)| game));
    let game = games.next().expect("a game").expect("read");
    assert_eq!(game.white().as_deref(), Some("Tarrasch, Siegbert"));
    assert_eq!(game.black().as_deref(), Some("Capablanca, J\u{e9}"));
    assert_eq!(game.result().to_string(), "1-0");
    let headers: Vec<(String, String)> =
        game.tags.iter_text().map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
    assert_eq!(headers[0], ("Event".to_owned(), "Bad Kissingen".to_owned()));
    assert_eq!(headers[3], ("Annotator".to_owned(), "\u{ff}".to_owned()));
    // Bytes that are not UTF-8 come out replaced, not lost.
    let mut latin1 = pgn_syntax::Tags::new();
    latin1.push("Black", b"Capablanca, J\xe9");
    assert_eq!(latin1.get_text("Black").as_deref(), Some("Capablanca, J\u{fffd}"));
}
