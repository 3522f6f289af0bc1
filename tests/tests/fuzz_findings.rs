//! Inputs the fuzz targets found (`cargo xtask fuzz`), replayed by the
//! same checks the targets run (`pgn_tests::fuzz`), so that each stays
//! fixed.
//!
//! A finding is a file `tests/data/fuzz/<target>/<what-it-shows>.bin`
//! holding the input as libFuzzer saved it (control bytes first, as the
//! target reads them); the test runs every file through its target's
//! check. A few PGC findings below are written as text instead, minimised.

use std::fs;
use std::panic;
use std::path::Path;

use pgn_tests::fuzz;
use pgn_tests::pgc::{check_round_trip, check_stream_is_tree};

/// The check of each target, by the name of its folder.
fn check_of(target: &str) -> Option<fn(&[u8])> {
    Some(match target {
        "reader" => fuzz::reader::check,
        "replay" => fuzz::replay::check,
        "fen" => fuzz::fen::check,
        "epd" => fuzz::epd::check,
        "san" => fuzz::san::check,
        "export" => fuzz::export::check,
        "pgc_decode" => fuzz::pgc_decode::check,
        "pgc_roundtrip" => fuzz::pgc_roundtrip::check,
        "select" => fuzz::select::check,
        "names" => fuzz::names::check,
        "mainline" => fuzz::mainline::check,
        "events" => fuzz::events::check,
        _ => return None,
    })
}

#[test]
fn every_saved_finding_passes_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/fuzz");
    let mut failed = Vec::new();
    let mut count = 0;
    for target in fs::read_dir(&root).expect("tests/data/fuzz") {
        let target = target.expect("a folder entry").path();
        let name = target.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        let check = check_of(&name).unwrap_or_else(|| panic!("no fuzz target called {name}"));
        for finding in fs::read_dir(&target).expect("a target folder") {
            let path = finding.expect("a folder entry").path();
            let data = fs::read(&path).expect("a finding");
            count += 1;
            if panic::catch_unwind(|| check(&data)).is_err() {
                failed.push(path.display().to_string());
            }
        }
    }
    assert!(count > 0, "no findings under {}", root.display());
    assert!(failed.is_empty(), "findings that fail their target again: {failed:#?}");
}
/// The checks of the `pgc_roundtrip` target, and that no game of `input`
/// is left out as one PGC cannot hold.
fn round_trip(input: &[u8]) {
    let counts = check_round_trip(input).unwrap_or_else(|e| panic!("round trip: {e}"));
    check_stream_is_tree(input).unwrap_or_else(|e| panic!("streaming: {e}"));
    assert_eq!(counts.unrepresentable, 0, "{counts:?}");
    assert!(counts.whole > 0, "{counts:?}");
}

/// An empty variation before the first move: export leaves it out (ruling
/// E6), but the encoder refused the game as a variation with no move
/// before it to replace (ruling P4). Empty variations are now left out
/// by the encoder too.
#[test]
fn an_empty_variation_before_the_first_move_is_left_out() {
    round_trip(b"[]()<>*.1.e4(1...d5)e5*");
    round_trip(b"() 1. e4 *");
    round_trip(b"1. e4 (()) e5 *");
}

/// The checks of the targets that read PGN hold on every reading fixture,
/// so a target that is wrong about the code fails here before it fuzzes.
#[test]
fn the_pgn_targets_pass_on_the_reading_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    for area in ["syntax/ok", "syntax/err", "san/ok", "san/err"] {
        for entry in fs::read_dir(root.join(area)).expect("a fixture folder") {
            let path = entry.expect("a folder entry").path();
            let data = fs::read(&path).expect("a fixture");
            let shown = path.display();
            let run = |check: fn(&[u8]), name: &str| {
                let failed = panic::catch_unwind(|| check(&data)).is_err();
                assert!(!failed, "{name} fails on {shown}");
            };
            run(fuzz::mainline::check, "mainline");
            run(fuzz::names::check, "names");
            run(fuzz::events::check, "events");
        }
    }
}
