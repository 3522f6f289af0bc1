//! The `serde` feature: the options as JSON, read back equal, in the
//! forms a reader of JSON expects.
#![cfg(feature = "serde")]

use pgn_table::{PositionColumn, Table, TableOptions};

#[test]
fn options_through_serde() {
    for position in [PositionColumn::None, PositionColumn::Fen, PositionColumn::Key] {
        for all_lines in [false, true] {
            let options = TableOptions { all_lines, position, ..TableOptions::default() };
            let json = serde_json::to_string(&options).expect("serialized");
            let back: TableOptions = serde_json::from_str(&json).expect("read back");
            assert_eq!(back, options);
        }
    }
    let json = serde_json::to_value(TableOptions::default()).expect("serialized");
    assert_eq!(json["position"], "none");
    assert_eq!(serde_json::to_value(Table::Moves).expect("serialized"), "moves");
}
