//! Reviewed insta snapshots of the `pgn select` fixtures in
//! `tests/data/select` (see `pgn_tests::select_fixtures`): games
//! (`NAME.pgn`) and a selection (`NAME.criteria`), and the verdict the
//! selection gives each game.
//!
//! Snapshots are named `select@NAME.pgn.snap`, the name the conformance
//! harness looks up with `pgn_tests::select_fixtures::snapshot_path`.

#[test]
fn select_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../data/select", "*.pgn", |path| {
            let input = std::fs::read(path).expect("fixture is readable");
            let report = pgn_tests::select_fixtures::render_fixture(path, &input);
            insta::assert_snapshot!("select", report);
        });
    });
}
