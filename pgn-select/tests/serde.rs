//! The `serde` feature: selections of every kind of criterion as JSON,
//! read back equal; what the selector learned of real games.
#![cfg(feature = "serde")]

use pgn_replay::Replayer;
use pgn_replay::pgn_syntax::Reader;
use pgn_select::{
    Criterion, Decide, DuplicateMode, Facts, Selected, Selection, SelectionError, Selector,
    TextMatch, TextOp, Verdict,
};
use serde_json::{Value, json};

const SAMPLE: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/lichess-sample.pgn"));

const CRITERIA: &str = "\
tag WhiteElo>=1500
tag Event~=Rated*
player Carlsen
eco B20-B99
date 2020..2025.06
result 1-0,1/2-1/2
plies >=20
moves ..80
ending checkmate
has variations
result-contradicts
opening 1. e4 c5 2. Nf3
opening-transposed 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1. e4
fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
placement rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR
material KRPvKR
material-end KQvK
clock-below 0:00:10.5
eval-swing 300
eval-end >=1.5
";

#[test]
fn a_selection_of_every_criterion_reads_back_equal() {
    let selection = Selection::parse_with_case(CRITERIA, true).unwrap().inverted(true);
    let json = serde_json::to_value(&selection).unwrap();
    let criteria = json["criteria"].as_array().unwrap();
    assert_eq!(criteria.len(), CRITERIA.lines().count());
    assert_eq!(json["invert"], true);
    assert_eq!(
        criteria[1],
        json!({"tag": {"name": "Event", "test": {"text": {"op": "pattern", "text": "rated*", "ignore_case": true}}}})
    );
    assert_eq!(criteria[0]["tag"]["test"], json!({"number": ["greater_or_equal", 1500]}));
    assert_eq!(criteria[5], json!({"result": ["1-0", "1/2-1/2"]}));
    let opening = &criteria[11]["opening"];
    assert_eq!(opening["start"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(opening["after"]["board"], "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R");
    assert_eq!(criteria[15], json!({"material": {"pattern": "KRPvKR", "at_end": false}}));
    let back: Selection =
        serde_json::from_str(&serde_json::to_string(&selection).unwrap()).unwrap();
    assert_eq!(back, selection);
}

#[test]
fn text_tests_are_read_through_their_constructor() {
    let read: TextMatch =
        serde_json::from_value(json!({"op": "contains", "text": "KASPAROV", "ignore_case": true}))
            .unwrap();
    assert_eq!(read, TextMatch::new(TextOp::Contains, "kasparov", true));
    assert!(read.matches(b"Garry Kasparov"));
    let bad = json!({"material": {"pattern": "KRPvKRX", "at_end": false}});
    assert!(serde_json::from_value::<Criterion>(bad).is_err());
    let error: SelectionError = Selection::parse("plies lots").unwrap_err();
    let json = serde_json::to_value(&error).unwrap();
    assert_eq!(json["line"], 1);
    assert_eq!(serde_json::from_value::<SelectionError>(json).unwrap(), error);
}

#[test]
fn what_the_selector_learned_of_real_games_reads_back() {
    let selection = Selection::parse("ending checkmate").unwrap();
    let mut replayer = Replayer::new(Selector::new(selection, Decide).keep_final_position(true));
    let mut mates = 0;
    for game in Reader::new(SAMPLE).outputs(&mut replayer) {
        let selected: Selected<()> = game.unwrap().output;
        let json = serde_json::to_value(&selected).unwrap();
        if selected.verdict() == Verdict::Selected {
            mates += 1;
            let decided = &json["decided"];
            assert_eq!(decided["verdict"], "selected");
            let fen = decided["facts"]["final_position"].as_str().expect("a FEN");
            assert_eq!(fen.split(' ').count(), 6);
        }
        let back: Selected<()> = serde_json::from_value(json).unwrap();
        assert_eq!(back.verdict(), selected.verdict());
        let facts: &Facts = back.facts();
        assert_eq!(facts.plies, selected.facts().plies);
        assert_eq!(facts.final_position, selected.facts().final_position);
    }
    assert!(mates > 10, "{mates}");
    let mode = DuplicateMode::MovesAndTags(vec!["White".into(), "Black".into()]);
    let json: Value = serde_json::to_value(&mode).unwrap();
    assert_eq!(json, json!({"moves_and_tags": ["White", "Black"]}));
    assert_eq!(serde_json::from_value::<DuplicateMode>(json).unwrap(), mode);
}
