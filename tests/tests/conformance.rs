//! Runs every check of the conformance harness in quick mode and fails on
//! any failed case, so `cargo test` catches what `cargo xtask conformance`
//! would.

use std::time::Instant;

use pgn_tests::{Context, Mode, all_checks, render_table};

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn every_check_passes_in_quick_mode() {
    let ctx = Context::new(Mode::Quick);
    let rows: Vec<_> = all_checks()
        .iter()
        .map(|check| {
            let start = Instant::now();
            (check.run(&ctx), start.elapsed())
        })
        .collect();
    let table = render_table(&rows);
    println!("{table}");
    assert!(rows.iter().all(|(section, _)| section.is_ok()), "conformance failures:\n{table}");
}
