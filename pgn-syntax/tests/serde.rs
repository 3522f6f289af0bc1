//! The `serde` feature: games of a real file, their source maps and the
//! diagnostics of broken games as JSON, read back equal; tag values as
//! the text of their tags.
#![cfg(feature = "serde")]

use pgn_syntax::tags::{
    Eco, Elo, GameResult, Mode, NetAddress, Nic, PgnDate, PgnTime, PlayerType, Round, SetUp,
    Termination, TimeControl, Title,
};
use pgn_syntax::{Diagnostic, Game, Movetext, Node, SanText, SourceMap, Tags, read_games};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// The sample of the lichess database in the repository.
const SAMPLE: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/lichess-sample.pgn"));

/// The value as JSON, and read back from its text.
fn round_trip<T: Serialize + DeserializeOwned>(value: &T) -> (Value, T) {
    let json = serde_json::to_value(value).unwrap();
    let text = serde_json::to_string(value).unwrap();
    (json, serde_json::from_str(&text).unwrap())
}

#[test]
fn the_games_of_a_real_file_read_back_equal() {
    let mut games = 0;
    for read in read_games(SAMPLE) {
        let (game, source) = read.unwrap();
        let (json, back) = round_trip(&game);
        assert_eq!(back, game);
        let (_, back) = round_trip(&source);
        assert_eq!(back, source);
        if games == 0 {
            assert_eq!(json["tags"][0], json!(["Event", "Rated Blitz game"]));
            assert_eq!(json["tags"][6], json!(["Result", "0-1"]));
            assert_eq!(json["start"], json!(null));
            assert_eq!(json["movetext"][0], json!({"move": {"text": "e4", "suffix": null}}));
            assert_eq!(
                json["movetext"][1],
                json!({"comment": {"text": " [%clk 0:05:00] ", "kind": "brace"}})
            );
            assert_eq!(json["termination"], "0-1");
            let first = serde_json::to_value(source.node(0)).unwrap();
            assert_eq!(first, json!({"offset": 373, "line": 19, "column": 4}));
        }
        games += 1;
    }
    assert_eq!(games, 438);
}

#[test]
fn variations_nags_and_suffixes_read_back_balanced() {
    let pgn = b"[Event \"?\"]\n\n1. e4 $1 (1. d4 d5 (1... Nf6)) e5?! ; rest\n% escape\n *\n";
    let (game, _) = read_games(&pgn[..]).next().unwrap().unwrap();
    let (json, back) = round_trip(&game);
    assert_eq!(back, game);
    assert_eq!(json["movetext"][1], json!({"nag": 1}));
    assert_eq!(json["movetext"][2], json!({"variation_start": {"end": 8}}));
    assert!(json["movetext"].as_array().unwrap().contains(&json!("variation_end")));
    assert!(
        json["movetext"]
            .as_array()
            .unwrap()
            .contains(&json!({"move": {"text": "e5", "suffix": "?!"}}))
    );
    // The ends of variations are found again from the nesting: a list that
    // is not balanced, or whose ends are wrong, is read balanced.
    let nodes = json!([
        {"move": {"text": "e4", "suffix": null}},
        {"variation_start": {"end": 99}},
        {"move": {"text": "d4", "suffix": null}},
    ]);
    let movetext: Movetext<SanText> = serde_json::from_value(nodes).unwrap();
    assert_eq!(movetext.nodes()[1], Node::VariationStart { end: 3 });
    assert_eq!(movetext.nodes()[3], Node::VariationEnd);
    let stray_end: Movetext<SanText> = serde_json::from_value(json!(["variation_end"])).unwrap();
    assert!(stray_end.is_empty());
}

#[test]
fn tags_keep_their_order_duplicates_and_bytes() {
    let mut tags = Tags::new();
    tags.push("Event", "First");
    tags.push("Site", b"K\xf6ln");
    tags.push("Event", "Second");
    let (json, back) = round_trip(&tags);
    assert_eq!(
        json,
        json!([["Event", "First"], ["Site", [75, 246, 108, 110]], ["Event", "Second"]])
    );
    assert_eq!(back, tags);
    assert_eq!(back.get("Event"), Some(&b"Second"[..]));
    let tag = tags.iter().next().unwrap();
    assert_eq!(serde_json::to_value(tag).unwrap(), json!({"name": "Event", "value": "First"}));
    assert!(serde_json::from_value::<Tags>(json!([["Event"]])).is_err());
    assert!(serde_json::from_value::<Tags>(json!({"Event": "x"})).is_err());
}

#[test]
fn the_diagnostics_of_a_broken_game_read_back() {
    let pgn = "[Event \"Broken\"]\n[event \"lower\"]\n[Date \"2024.13.01\"]\n[Site \"Moscow XYZ\"]\n\
               [Round \"1\"]\n[Round \"2\"]\n\n1. e4 $300 e5 {never closed\n";
    let (game, source) = read_games(pgn.as_bytes()).next().unwrap().unwrap();
    assert!(!source.diagnostics.is_empty());
    let (json, back) = round_trip(&source.diagnostics);
    assert_eq!(back, source.diagnostics);
    let kinds: Vec<&Value> = json.as_array().unwrap().iter().map(|d| &d["kind"]).collect();
    assert!(kinds.contains(&&json!({"tag_name_case": {"written": "event", "standard": "Event"}})));
    assert!(kinds.contains(&&json!({
        "invalid_tag_value": {"tag": "Date", "value": "2024.13.01", "expected": "date"}
    })));
    assert!(kinds.contains(&&json!({"unknown_site_code": {"value": "Moscow XYZ", "code": "XYZ"}})));
    assert!(kinds.contains(&&json!("unterminated_comment")));
    let duplicate =
        json.as_array().unwrap().iter().find(|d| d["kind"].get("duplicate_tag").is_some());
    let duplicate = duplicate.expect("a duplicate tag");
    assert_eq!(duplicate["kind"]["duplicate_tag"]["overridden"]["line"], 5);
    assert_eq!(duplicate["at"]["line"], 6);
    assert_eq!(duplicate["game"], 1);
    let roster =
        json.as_array().unwrap().iter().find_map(|d| d["kind"].get("incomplete_seven_tag_roster"));
    assert_eq!(roster, Some(&json!({"missing": ["White", "Black", "Result"]})));
    // A standard tag name is one of the standard's.
    let made_up = json!({"kind": {"tag_name_case": {"written": "x", "standard": "Nope"}},
                         "at": {"offset": 0, "line": 1, "column": 1}, "game": 1});
    assert!(serde_json::from_value::<Diagnostic>(made_up).is_err());
    assert_eq!(game.tag("Event"), Some(&b"Broken"[..]));
}

#[test]
fn tag_values_are_the_text_of_their_tag() {
    fn check<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: T, text: &str) {
        let (json, back) = round_trip(&value);
        assert_eq!(json, json!(text));
        assert_eq!(back, value);
    }
    check(GameResult::Draw, "1/2-1/2");
    check(GameResult::Unknown, "*");
    check("2024.??.??".parse::<PgnDate>().unwrap(), "2024.??.??");
    check("12:00:??".parse::<PgnTime>().unwrap(), "12:00:??");
    check("3.1".parse::<Round>().unwrap(), "3.1");
    check("2700".parse::<Elo>().unwrap(), "2700");
    check("GM".parse::<Title>().unwrap(), "GM");
    check("program".parse::<PlayerType>().unwrap(), "program");
    check("1".parse::<SetUp>().unwrap(), "1");
    check("C42/03".parse::<Eco>().unwrap(), "C42/03");
    check("SI 13".parse::<Nic>().unwrap(), "SI 13");
    check("40/9000:300".parse::<TimeControl>().unwrap(), "40/9000:300");
    check(TimeControl::parse_lenient("40/5400+30").unwrap().value, "40/5400+30");
    check(Termination::from_ascii("time forfeit"), "time forfeit");
    check(Termination::from_ascii("on the moon"), "on the moon");
    check(Mode::from_ascii("OTB"), "OTB");
    check(NetAddress::from_ascii("a@b.org").unwrap(), "a@b.org");
    // Read back by the tag's parser: what the tag refuses, so does serde.
    assert!(serde_json::from_value::<PgnDate>(json!("2024.13.01")).is_err());
    assert!(serde_json::from_value::<GameResult>(json!("1-1")).is_err());
    assert!(serde_json::from_value::<Eco>(json!("Z99")).is_err());
    assert!(serde_json::from_value::<NetAddress>(json!("nobody")).is_err());
}

#[test]
fn a_game_built_by_a_program_reads_back() {
    let mut tags = Tags::new();
    tags.push("White", "Tal");
    let movetext = Movetext::from_nodes([
        Node::Move(SanText { text: Box::from(&b"e4"[..]), suffix: None }),
        Node::Escape(b"%x".to_vec()),
    ]);
    let game: Game = Game { tags, start: (), movetext, termination: None };
    let (json, back) = round_trip(&game);
    assert_eq!(json["movetext"][1], json!({"escape": "%x"}));
    assert_eq!(json["termination"], json!(null));
    assert_eq!(back, game);
    let (_, back) = round_trip(&SourceMap::default());
    assert_eq!(back, SourceMap::default());
}
