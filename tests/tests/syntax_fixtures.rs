//! Reviewed insta snapshots of the reader fixtures in `tests/data/syntax`:
//! the games and diagnostics of each fixture (see
//! `pgn_tests::reading::syntax::render_games`).
//!
//! Snapshots are named `syntax@<ok|err>__<file>.snap`, the name that the
//! conformance harness looks up with `pgn_tests::reading::Area::snapshot_path`.

#[test]
fn syntax_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../data/syntax", "*/*.pgn", |path| {
            let report =
                pgn_tests::reading::syntax::fixture_report(path).expect("fixture is readable");
            insta::assert_snapshot!("syntax", report);
        });
    });
}
