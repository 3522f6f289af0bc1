//! The `serde` feature: replayed games of a real file as JSON (start
//! positions as FEN text), read back equal; the bookkeeping and the
//! diagnostics of broken games as JSON objects; the walker's events.
#![cfg(feature = "serde")]

use std::ops::ControlFlow;

use pgn_replay::pgn_syntax::Reader;
use pgn_replay::prelude::*;
use pgn_replay::{
    BuildError, Event, GameBuilder, GameInfo, ReplayVisitor, ReplayedGame, ReplayedMove, Replayer,
    replay_games,
};
use serde_json::{Value, json};

const SAMPLE: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/lichess-sample.pgn"));
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn replayed_games_of_a_real_file_read_back_equal() {
    let mut games = 0;
    for collected in replay_games(SAMPLE) {
        let collected = collected.unwrap();
        let text = serde_json::to_string(&collected.game).unwrap();
        let back: ReplayedGame = serde_json::from_str(&text).unwrap();
        assert_eq!(back, collected.game);
        assert_eq!(back.final_position(), collected.game.final_position());
        let json = serde_json::to_value(&collected).unwrap();
        assert_eq!(json["number"], games + 1);
        assert_eq!(json["game"]["start"], START);
        if games == 0 {
            assert_eq!(
                json["game"]["movetext"][0],
                json!({"move": {"played": {"m": {"normal": {
                    "role": "pawn", "from": "e2", "capture": null, "to": "e4", "promotion": null
                }}, "suffix": null}}})
            );
            assert_eq!(json["game"]["tags"][14], json!(["Opening", "Three Knights Opening"]));
            assert_eq!(json["game"]["termination"], "0-1");
        }
        games += 1;
    }
    assert_eq!(games, 438);
}

#[test]
fn a_set_up_game_keeps_its_start_as_fen_and_a_bad_one_is_refused() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40";
    let pgn = format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n40. e4 Kd7 *\n");
    let game = replay_games(pgn.as_bytes()).next().unwrap().unwrap().game;
    let mut json = serde_json::to_value(&game).unwrap();
    assert_eq!(json["start"], fen);
    assert_eq!(serde_json::from_value::<ReplayedGame>(json.clone()).unwrap(), game);
    // An illegal start position is an error of the deserializer.
    json["start"] = json!("4k3/8/8/8/8/8/4P3/4KK2 w - - 0 40");
    let error = serde_json::from_value::<ReplayedGame>(json).unwrap_err();
    assert!(error.to_string().contains("illegal position"), "{error}");
}

/// Keeps nothing: the replayer's bookkeeping is what is looked at.
struct Nothing;

impl ReplayVisitor for Nothing {
    type Output = u32;
    fn event(&mut self, _: &Event<'_>) -> ControlFlow<u32> {
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, game: &GameInfo) -> u32 {
        game.played
    }
}

#[test]
fn the_bookkeeping_and_diagnostics_of_a_broken_game_serialize() {
    let pgn = b"[Event \"?\"]\n[Variant \"Atomic\"]\n\n1. e4 *\n\n\
                [Event \"Illegal\"]\n[PlyCount \"5\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n";
    let mut replayer = Replayer::new(Nothing);
    let games: Vec<_> = Reader::new(&pgn[..]).outputs(&mut replayer).map(Result::unwrap).collect();
    let variant = serde_json::to_value(&games[0]).unwrap();
    assert_eq!(variant["info"]["number"], 1);
    assert_eq!(variant["info"]["start_problem"], json!({"unsupported_variant": "Atomic"}));
    assert_eq!(variant["info"]["set_up"], false);
    assert_eq!(variant["info"]["encoding"], "ascii");

    let json = serde_json::to_value(&games[1]).unwrap();
    assert_eq!(json["output"], 2);
    assert_eq!(json["info"]["tags"], json!([["Event", "Illegal"], ["PlyCount", "5"]]));
    assert_eq!(json["info"]["termination"], "1-0");
    assert_eq!(json["info"]["unresolved"], 2);
    let problems: &Vec<Value> = json["info"]["problems"].as_array().unwrap();
    let illegal = problems
        .iter()
        .find(|p| p["replay"]["problem"] == json!({"move": "illegal"}))
        .expect("the illegal move");
    assert_eq!(illegal["replay"]["san"], json!(["Ke3", 3]));
    assert_eq!(illegal["replay"]["at"], json!({"offset": 87, "line": 9, "column": 13}));
    assert_eq!(illegal["replay"]["game"], 2);
    let info = &games[1].info;
    let labels: Vec<&str> = info.problems.iter().map(|p| p.label()).collect();
    assert_eq!(problems.len(), labels.len(), "{labels:?}");
}

#[test]
fn moves_that_could_not_be_played_are_their_text() {
    let game = replay_games(&b"1. e4 e5?? 2. Qh5 Kd9 *"[..]).next().unwrap().unwrap();
    let json = serde_json::to_value(&game.game).unwrap();
    let nodes = json["movetext"].as_array().unwrap();
    // The move as written, and the move number written before it (none).
    assert!(
        nodes.contains(&json!({"move": {"unresolved": [{"text": "Kd9", "suffix": null}, null]}}))
    );
    assert!(nodes.contains(&json!({"move": {"played": {
        "m": {"normal": {"role": "pawn", "from": "e7", "capture": null, "to": "e5", "promotion": null}},
        "suffix": "??"
    }}})));
    let moves: Vec<ReplayedMove> = game.game.movetext.mainline().cloned().collect();
    let back: Vec<ReplayedMove> =
        serde_json::from_value(serde_json::to_value(&moves).unwrap()).unwrap();
    assert_eq!(back, moves);
    assert!(!game.diagnostics.is_empty());
}

#[test]
fn walker_events_and_build_errors_serialize() {
    let game = replay_games(&b"1. e4 {good} $1 (1. d4) *"[..]).next().unwrap().unwrap().game;
    let mut walker = pgn_replay::Walker::new(&game);
    let mut events = Vec::new();
    while let Some(event) = walker.next() {
        events.push(serde_json::to_value(event).unwrap());
    }
    assert_eq!(events[0]["move"]["ply"], 1);
    assert_eq!(
        events[0]["move"]["after"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    assert_eq!(events[1], json!({"comment": {"text": "good", "kind": "brace"}}));
    assert_eq!(events[2], json!({"nag": 1}));
    assert_eq!(events[3], json!({"begin_variation": {"depth": 1}}));

    let mut builder = GameBuilder::new();
    let error = builder.san("Ke2").map(|_| ()).unwrap_err();
    let value = serde_json::to_value(&error).unwrap();
    assert_eq!(value, json!({"san": {"text": "Ke2", "problem": "illegal"}}));
    assert_eq!(serde_json::from_value::<BuildError>(value).unwrap(), error);
}
