//! The `conformance` binary: runs every check of the harness, prints the
//! conformance table and exits non-zero if any case failed.
//!
//! Usage: `conformance [--quick | --full] [FILTER...]`. A filter keeps only
//! the rows whose name contains it. `cargo xtask conformance` runs this
//! binary in release mode.

use std::process::ExitCode;
use std::time::Instant;

use pgn_tests::{Context, Mode, all_checks, render_table};

const USAGE: &str = "usage: conformance [--quick | --full] [FILTER...]

  --quick  the small budgets of `cargo test`
  --full   also the long suites (every perft depth)
  FILTER   run only the rows whose name contains FILTER";

fn main() -> ExitCode {
    let mut mode = Mode::Default;
    let mut filters = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--full" => mode = Mode::Full,
            "--quick" => mode = Mode::Quick,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            flag if flag.starts_with('-') => {
                eprintln!("unknown option `{flag}`\n{USAGE}");
                return ExitCode::FAILURE;
            }
            _ => filters.push(arg),
        }
    }

    let ctx = Context::new(mode);
    println!("conformance ({mode:?} mode), corpus {}", ctx.corpus.display());
    let checks: Vec<_> = all_checks()
        .into_iter()
        .filter(|check| filters.is_empty() || filters.iter().any(|f| check.name().contains(f)))
        .collect();
    if checks.is_empty() {
        eprintln!("no check matches {filters:?}");
        return ExitCode::FAILURE;
    }

    let mut rows = Vec::new();
    for check in &checks {
        let start = Instant::now();
        let section = check.run(&ctx);
        rows.push((section, start.elapsed()));
    }
    print!("\n{}", render_table(&rows));

    if rows.iter().all(|(section, _)| section.is_ok()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
