//! The `serde` feature: the commands of real comments and their values
//! as JSON, the values read back.
#![cfg(feature = "serde")]

use pgn_commands::{
    Arrow, ClockTime, CommandError, CommandKind, Evaluation, FirstValues, MarkedSquare, Value,
    commands, pieces,
};
use serde_json::json;

#[test]
fn clocks_and_evaluations_of_a_lichess_comment() {
    let comment = b" [%eval -1.25,18] [%clk 0:00:58.6] ";
    let values: Vec<Value<'_>> = commands(comment).map(|c| c.value().unwrap()).collect();
    let value = serde_json::to_value(&values).unwrap();
    assert_eq!(
        value,
        json!([
            {"eval": {"score": {"centipawns": -125}, "depth": 18}},
            {"time": "0:00:58.6"},
        ])
    );
    let eval: Evaluation = serde_json::from_value(value[0]["eval"].clone()).unwrap();
    assert!(matches!(values[0], Value::Eval(e) if e == eval));
    let time: ClockTime = serde_json::from_value(value[1]["time"].clone()).unwrap();
    assert_eq!(time.to_string(), "0:00:58.6");
    assert_eq!(
        serde_json::from_value::<ClockTime>(json!("01:14:46")).unwrap().to_string(),
        "1:14:46"
    );
    assert!(serde_json::from_value::<ClockTime>(json!("0:60:00")).is_err());

    let mut first = FirstValues::default();
    first.add(comment);
    let value = serde_json::to_value(first).unwrap();
    assert_eq!(value["clock"], "0:00:58.6");
    assert_eq!(value["emt"], json!(null));
    assert_eq!(serde_json::from_value::<FirstValues>(value).unwrap(), first);
    let mate = serde_json::to_value(pgn_commands::Score::Mate(-3)).unwrap();
    assert_eq!(mate, json!({"mate": -3}));
}

#[test]
fn squares_and_arrows_are_lists_of_marks() {
    let comment = b"[%csl Rd4,Gd5] [%cal Ge2e4,Rc8f5] Good.";
    let values: Vec<Value<'_>> = commands(comment).map(|c| c.value().unwrap()).collect();
    let value = serde_json::to_value(&values).unwrap();
    assert_eq!(
        value[0],
        json!({"squares": [{"color": "red", "square": "d4"}, {"color": "green", "square": "d5"}]})
    );
    assert_eq!(value[1]["arrows"][0], json!({"color": "green", "from": "e2", "to": "e4"}));
    let squares: Vec<MarkedSquare> = serde_json::from_value(value[0]["squares"].clone()).unwrap();
    let arrows: Vec<Arrow> = serde_json::from_value(value[1]["arrows"].clone()).unwrap();
    assert_eq!(squares.len() + arrows.len(), 4);
    let Value::Arrows(read) = &values[1] else { panic!("arrows") };
    assert_eq!(read.clone().collect::<Vec<_>>(), arrows);
}

#[test]
fn commands_and_pieces_of_a_comment_show_their_text() {
    let comment = b"Good [%clk 0:03:00] [%foo bar] K\xf6ln";
    let value = serde_json::to_value(pieces(comment).collect::<Vec<_>>()).unwrap();
    assert_eq!(value[0], json!({"text": "Good "}));
    assert_eq!(value[1]["command"]["name"], "clk");
    assert_eq!(value[1]["command"]["kind"], "clock");
    assert_eq!(value[1]["command"]["args"], "0:03:00");
    assert_eq!(value[3]["command"]["kind"], "other");
    // Bytes that are not UTF-8 are numbers.
    assert_eq!(value[4]["text"], json!([32, 75, 246, 108, 110]));
    let other = commands(comment).nth(1).unwrap().value().unwrap();
    assert_eq!(serde_json::to_value(other).unwrap(), json!({"other": "bar"}));
    assert_eq!(serde_json::from_value::<CommandKind>(json!("eval")).unwrap(), CommandKind::Eval);
}

#[test]
fn a_malformed_command_is_an_error_that_reads_back() {
    let error = commands(b"[%clk soon]").next().unwrap().value().unwrap_err();
    let value = serde_json::to_value(&error).unwrap();
    assert_eq!(value["name"], "clk");
    assert_eq!(serde_json::from_value::<CommandError>(value).unwrap(), error);
}
