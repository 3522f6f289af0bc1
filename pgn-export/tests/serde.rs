//! The `serde` feature: export options as JSON objects read back equal,
//! and what the streaming exporter reports of real games.
#![cfg(feature = "serde")]

use pgn_export::filename::SplitBy;
use pgn_export::{
    CommandNames, CommandOptions, ExportOptions, ExportedGame, Notation, StreamExporter, Strip,
    TextOutput, Unfit,
};
use pgn_replay::Replayer;
use pgn_replay::pgn_syntax::Reader;
use pgn_replay::san::Language;
use serde_json::json;

const SAMPLE: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/lichess-sample.pgn"));

#[test]
fn options_read_back_equal() {
    let reduced = ExportOptions::reduced();
    let json = serde_json::to_value(reduced).unwrap();
    assert_eq!(json["tags"], "roster");
    assert_eq!(json["comments"], false);
    assert_eq!(json["notation"], "san");
    assert_eq!(serde_json::from_value::<ExportOptions>(json).unwrap(), reduced);

    let names = CommandNames::new(["clk", "eval"]).unwrap();
    let options = ExportOptions {
        notation: Notation::Localized(Language::German),
        commands: CommandOptions { canonical: true, strip: Strip::Named(names) },
        text: TextOutput::Latin1,
        ..ExportOptions::default()
    };
    let json = serde_json::to_value(options).unwrap();
    assert_eq!(json["notation"], json!({"localized": "german"}));
    assert_eq!(json["commands"], json!({"canonical": true, "strip": {"named": ["clk", "eval"]}}));
    assert_eq!(json["text"], "latin1");
    assert_eq!(serde_json::from_value::<ExportOptions>(json).unwrap(), options);
    // Names are read back through `CommandNames::new`.
    let bad = json!({"named": ["clk", "not a name"]});
    assert!(serde_json::from_value::<Strip>(bad).is_err());
    assert_eq!(serde_json::to_value(SplitBy::Eco).unwrap(), json!("eco"));
    assert_eq!(serde_json::from_value::<SplitBy>(json!("player")).unwrap(), SplitBy::Player);
}

#[test]
fn what_export_reports_of_real_games_reads_back() {
    let options = ExportOptions::reduced();
    let pgn = [SAMPLE, b"\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n*\n"].concat();
    let mut replayer = Replayer::new(StreamExporter::new(options));
    let mut left_out = 0;
    for game in Reader::new(&pgn[..]).outputs(&mut replayer) {
        let exported: ExportedGame = game.unwrap().output;
        let json = serde_json::to_value(&exported).unwrap();
        assert_eq!(json["text"]["start"], exported.text.start);
        let back: ExportedGame = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(
            (back.left_out, back.result, back.text, back.movetext),
            (exported.left_out, exported.result, exported.text.clone(), exported.movetext.clone())
        );
        if exported.left_out.is_some() {
            assert_eq!(json["left_out"], "set_up_position");
            left_out += 1;
        }
    }
    assert_eq!(left_out, 1);
    assert_eq!(serde_json::from_value::<Unfit>(json!("broken")).unwrap(), Unfit::Broken);
}

#[test]
fn an_opening_of_the_table_serializes() {
    let game = pgn_replay::replay_games(&b"1. e4 c5 *"[..]).next().unwrap().unwrap().game;
    let pos = pgn_replay::prelude::ReplayedGameExt::final_position(&game).unwrap();
    let opening = pgn_export::openings::opening_of(&pos).expect("the Sicilian");
    let json = serde_json::to_value(opening).unwrap();
    assert_eq!(json["eco"], "B20");
    assert!(json["name"].as_str().unwrap().starts_with("Sicilian"));
}
