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
    // Every section of the standard that defines behaviour has cases.
    let sections: Vec<_> = rows.into_iter().map(|(section, _)| section).collect();
    let gaps: Vec<String> = pgn_tests::coverage::coverage(&sections)
        .iter()
        .filter(|c| !c.is_complete())
        .map(|c| format!("{} {}: {}", c.section.number, c.section.title, c.verdict()))
        .collect();
    assert!(gaps.is_empty(), "sections without passing cases: {gaps:#?}");
}

/// `CONFORMANCE.md` lists the rows the harness has, in its order: a row
/// added, renamed or removed fails here until the report is written again
/// (`cargo xtask conformance --markdown`). Its case counts are compared by
/// `cargo xtask conformance --check`, which CI runs in the mode the report
/// was written in (the quick mode of `cargo test` runs fewer cases).
#[test]
fn the_committed_report_lists_every_row() {
    let path = pgn_tests::workspace_root().join("CONFORMANCE.md");
    let report = std::fs::read_to_string(&path).expect("CONFORMANCE.md at the workspace root");
    let part = pgn_tests::coverage::compared_part(&report).expect("the report's tables");
    let listed: Vec<&str> = part
        .split("## Rows")
        .nth(1)
        .expect("a table of rows")
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|line| line.split(" | ").next())
        .filter(|name| *name != "row" && !name.starts_with("---"))
        .collect();
    let names: Vec<String> =
        all_checks().iter().map(|check| check.name().replace('|', "\\|")).collect();
    assert_eq!(listed, names, "CONFORMANCE.md is out of date: cargo xtask conformance --markdown");
}
