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
