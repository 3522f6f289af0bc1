//! Reviewed insta snapshots of the SAN and replay fixtures in
//! `tests/data/san` (see `pgn_tests::san`): `ok/` and `err/` games, and the
//! §17 language fixtures in `lang/`.
//!
//! Snapshots are named `san@<folder>__<file>.snap`, the name the
//! conformance harness looks up with `pgn_tests::san::snapshot_path`.

#[test]
fn san_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../data/san", "*/*.*", |path| {
            let input = std::fs::read(path).expect("fixture is readable");
            let report = pgn_tests::san::render_fixture(path, &input);
            insta::assert_snapshot!("san", report);
        });
    });
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn corpus_files_with_replay_errors() {
    // The corpus files that are meant to fail (variants, deliberate
    // errors): their replay errors, reviewed.
    let ctx = pgn_tests::Context::new(pgn_tests::Mode::Quick);
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    for &(path, errors, reason) in pgn_tests::san_cross::EXPECTED_ERRORS {
        let report = pgn_tests::san_cross::replay_errors_report(&ctx, path).expect("replays");
        assert_eq!(report.lines().count() - 1, errors, "{path}: {reason}");
        let name = format!("san_corpus@{}", path.replace('/', "__"));
        settings.set_description(reason);
        settings.bind(|| insta::assert_snapshot!(name, report));
    }
}
