//! Reviewed insta snapshots of the tag fixtures in `tests/data/tags`: one
//! snapshot per fixture file, one block per game (see
//! `pgn_tests::tags::render_games`).
//!
//! Snapshots are named `tags@<file>.snap`, the name that the conformance
//! harness looks up with `pgn_tests::tags::snapshot_path`; the harness
//! compares them game by game.

#[test]
fn tag_fixtures() {
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    let mut failures = Vec::new();
    settings.bind(|| {
        insta::glob!("../data/tags", "*.pgn", |path| {
            let input = std::fs::read(path).expect("fixture is readable");
            insta::assert_snapshot!("tags", pgn_tests::tags::render_fixture(&input));
            // A game's case is also its comment's expectation.
            for (index, game) in pgn_tests::tags::render_games(&input).iter().enumerate() {
                if let Err(e) = &game.expectation {
                    failures.push(format!("{} game {}: {e}", path.display(), index + 1));
                }
            }
        });
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
