//! Reviewed insta snapshots of the EPD fixtures in `tests/data/epd`: one
//! snapshot per fixture file, one block per record (see
//! `pgn_tests::epd::render_records`).
//!
//! Snapshots are named `epd@<file>.snap`, the name that the conformance
//! harness looks up with `pgn_tests::epd::snapshot_path`; the harness
//! compares them record by record.

#[test]
fn epd_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    let mut failures = Vec::new();
    settings.bind(|| {
        insta::glob!("../data/epd", "*.epd", |path| {
            let input = std::fs::read(path).expect("fixture is readable");
            insta::assert_snapshot!("epd", pgn_tests::epd::render_fixture(&input));
            // A record's case is also its comment and its round trip.
            for record in pgn_tests::epd::render_records(&input) {
                let at = format!("{}:{}", path.display(), record.line);
                if !record.commented {
                    failures.push(format!("{at}: no `#` comment line above the record"));
                }
                if let Err(e) = &record.round_trip {
                    failures.push(format!("{at}: round trip: {e}"));
                }
            }
        });
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
