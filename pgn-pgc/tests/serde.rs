//! The `serde` feature: the records of encoded games as JSON, decoded
//! games read back equal, and what encoding drops or refuses.
#![cfg(feature = "serde")]

use pgn_pgc::primitive::Input;
use pgn_pgc::{Decoded, Decoder, Dropped, EncodeOptions, Record, encode_game};
use pgn_replay::{GameBuilder, replay_games};
use serde_json::json;

const SAMPLE: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/lichess-sample.pgn"));

#[test]
fn decoded_games_of_a_real_file_read_back_equal() {
    let options = EncodeOptions { lossy: true };
    let mut bytes = Vec::new();
    let mut dropped = Dropped::default();
    for game in replay_games(SAMPLE).take(40) {
        let d = encode_game(&game.unwrap().game, options, &mut bytes).unwrap();
        dropped.comments += d.comments;
    }
    let json = serde_json::to_value(dropped).unwrap();
    assert!(json["comments"].as_u64().unwrap() > 1000);
    assert_eq!(serde_json::from_value::<Dropped>(json).unwrap(), dropped);
    assert_eq!(serde_json::to_value(options).unwrap(), json!({"lossy": true}));

    let mut games = 0;
    for decoded in Decoder::new(&bytes[..]) {
        let decoded = decoded.unwrap();
        let json = serde_json::to_value(&decoded).unwrap();
        assert_eq!(
            json["game"]["start"],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(serde_json::from_value::<Decoded>(json).unwrap(), decoded);
        games += 1;
    }
    assert_eq!(games, 40);
}

/// The records of `builder`'s game, as JSON.
fn records_of(builder: GameBuilder) -> Vec<serde_json::Value> {
    let mut bytes = Vec::new();
    encode_game(&builder.finish(), EncodeOptions::default(), &mut bytes).unwrap();
    let mut input = Input::new(&bytes, 0);
    let mut records = Vec::new();
    while !input.is_empty() {
        records.push(serde_json::to_value(Record::read(&mut input).unwrap()).unwrap());
    }
    records
}

#[test]
fn records_show_their_items() {
    // A plain game is one record of the Seven Tag Roster (ruling P2).
    let mut builder = GameBuilder::new();
    builder.tag("White", "Tal").san("e4").unwrap().san("c5").unwrap();
    let records = records_of(builder);
    assert_eq!(records.len(), 1);
    let roster = &records[0]["reduced_game"];
    assert_eq!(roster["roster"], json!(["?", "?", "????.??.??", "?", "Tal", "?", "*"]));
    // Ordinals are numbers, never text.
    assert_eq!(roster["moves"]["ordinals"].as_array().map(Vec::len), Some(2));
    assert!(roster["moves"]["ordinals"][0].is_u64());

    let mut builder = GameBuilder::new();
    builder.tag("Annotator", "K\u{f6}ln").san("e4").unwrap();
    let records = records_of(builder);
    assert_eq!(records[0], "game_begin");
    assert!(records.contains(&json!({"tag_pair": {"name": "Annotator", "value": "Köln"}})));
    let moves = records.iter().find_map(|r| r.get("moves")).expect("a move sequence");
    assert_eq!(moves["long"], false);
    assert_eq!(records.last(), Some(&json!("game_end")));
}

#[test]
fn what_cannot_be_encoded_is_said() {
    let mut builder = GameBuilder::new();
    builder.san("e4").unwrap().comment("best by test");
    let error = pgn_pgc::encode(&builder.finish()).unwrap_err();
    let json = serde_json::to_value(&error).unwrap();
    assert_eq!(json, json!({"game": 1, "kind": {"comment": {"ply": 1}}}));
    let error = pgn_pgc::decode_all([0x0b]).unwrap_err();
    assert_eq!(
        serde_json::to_value(&error).unwrap(),
        json!({"offset": 0, "kind": {"unknown_marker": 11}})
    );
}
