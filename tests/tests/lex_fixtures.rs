//! Reviewed insta snapshots of the lexer fixtures in `tests/data/lex`: the
//! token stream of each fixture (see `pgn_tests::reading::lex::render_tokens`).
//!
//! Snapshots are named `lex@<ok|err>__<file>.snap`, the name that the
//! conformance harness looks up with `pgn_tests::reading::Area::snapshot_path`.

#[test]
fn lex_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../data/lex", "*/*.pgn", |path| {
            let report =
                pgn_tests::reading::lex::fixture_report(path).expect("fixture is readable");
            insta::assert_snapshot!("lex", report);
        });
    });
}
