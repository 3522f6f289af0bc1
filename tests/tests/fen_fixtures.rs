//! Reviewed insta snapshots of the FEN fixtures in `tests/data/fen`: one
//! report per fixture file (see `pgn_tests::fen::render_report`).
//!
//! Snapshots are named `fen@<ok|err>__<file>.snap`, the name that the
//! conformance harness looks up with `pgn_tests::fen::snapshot_path`.

#[test]
fn fen_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../data/fen", "*/*.fen", |path| {
            let report = pgn_tests::fen::fixture_report(path).expect("fixture is UTF-8 text");
            insta::assert_snapshot!("fen", report);
        });
    });
}
