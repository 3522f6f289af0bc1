//! Reviewed insta snapshots of the PGC fixtures in `tests/data/pgc` (see
//! `pgn_tests::pgc_fixtures`): PGN games encoded (`*.pgn`) and PGC bytes
//! written by hand in hex decoded (`*.hex`).
//!
//! Snapshots are named `pgc@<file>.snap`, the name the conformance harness
//! looks up with `pgn_tests::pgc_fixtures::snapshot_path`.

#[test]
fn pgc_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../data/pgc", "*.{pgn,hex}", |path| {
            let input = std::fs::read(path).expect("fixture is readable");
            let report = pgn_tests::pgc_fixtures::render_fixture(path, &input);
            insta::assert_snapshot!("pgc", report);
        });
    });
}
