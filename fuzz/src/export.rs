//! The `export` target: export format is a fixed point of reading and
//! writing, whatever the input (§3.2, rulings E1 to E13).
//!
//! The input is read and replayed, and its games exported with the default
//! options (`E1`), once with the broken games left out (as `pgn export`
//! does) and once with them written (`Writer::write_game` always writes,
//! their moves as read after a marker comment). `E1` must read back with
//! as many games as were written, no error in a game that was not broken,
//! and export again as the same bytes; the streaming export must give the
//! bytes of the tree path. These are the comparisons of the conformance
//! rows "§3.2 export idempotence" and "§3.2 streaming = tree export"
//! (`pgn_tests::export_roundtrip`), called here rather than written twice.

use pgn_export::ExportOptions;
use pgn_tests::export_roundtrip::{check_idempotent, check_stream_is_tree};

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let options = ExportOptions::default();
    for keep_broken in [false, true] {
        if let Err(why) = check_idempotent(data, options, keep_broken) {
            panic!("export is not idempotent (broken games written: {keep_broken}): {why}");
        }
    }
    if let Err(why) = check_stream_is_tree(data, options, true) {
        panic!("streaming and tree export differ: {why}");
    }
}
