//! The `conformance` binary: runs every check of the harness, prints the
//! conformance table and exits non-zero if any case failed.
//!
//! Usage: `conformance [--quick | --full] [--markdown | --check] [FILTER...]`.
//! A filter keeps only the rows whose name contains it. `--markdown`
//! writes `CONFORMANCE.md` at the workspace root; `--check` fails when the
//! rows and case counts of that file differ from this run's.
//! `cargo xtask conformance` runs this binary in release mode.

use std::process::{Command, ExitCode};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use pgn_tests::coverage::{self, Stamp};
use pgn_tests::{Context, Mode, Section, all_checks, render_table, workspace_root};

const USAGE: &str = "usage: conformance [--quick | --full] [--markdown | --check] [FILTER...]

  --quick     the small budgets of `cargo test`
  --full      also the long suites (every perft depth)
  --markdown  write CONFORMANCE.md (the sections, rows, totals and rulings)
  --check     fail if CONFORMANCE.md's rows and case counts differ from this run
  FILTER      run only the rows whose name contains FILTER";

/// What to do with `CONFORMANCE.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Report {
    None,
    Write,
    Check,
}

fn main() -> ExitCode {
    let mut mode = Mode::Default;
    let mut report = Report::None;
    let mut filters = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--full" => mode = Mode::Full,
            "--quick" => mode = Mode::Quick,
            "--markdown" => report = Report::Write,
            "--check" => report = Report::Check,
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
    if report != Report::None && !filters.is_empty() {
        eprintln!("--markdown and --check need every row: no filter");
        return ExitCode::FAILURE;
    }

    let mut rows = Vec::new();
    for check in &checks {
        let start = Instant::now();
        let section = check.run(&ctx);
        rows.push((section, start.elapsed()));
    }
    print!("\n{}", render_table(&rows));
    let passed = rows.iter().all(|(section, _)| section.is_ok());
    let sections: Vec<Section> = rows.into_iter().map(|(section, _)| section).collect();
    let reported = match report {
        Report::None => true,
        Report::Write => write_report(&sections, mode),
        Report::Check => check_report(&sections, mode),
    };
    if passed && reported { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The report of this run, stamped with today's date and the commit.
fn render(sections: &[Section], mode: Mode) -> Result<String, String> {
    let root = workspace_root();
    let rulings = std::fs::read_to_string(root.join("docs/rulings.md"))
        .map_err(|err| format!("cannot read docs/rulings.md: {err}"))?;
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let commit = Command::new("git")
        .args(["describe", "--always", "--dirty"])
        .current_dir(&root)
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map_or_else(|| "unknown".to_owned(), |s| s.trim().to_owned());
    let stamp = Stamp { date: coverage::date_of(seconds), commit, mode: format!("{mode:?}") };
    Ok(coverage::render_markdown(sections, &stamp, &coverage::rulings(&rulings)))
}

fn write_report(sections: &[Section], mode: Mode) -> bool {
    let path = workspace_root().join("CONFORMANCE.md");
    let written = render(sections, mode).and_then(|text| {
        std::fs::write(&path, text).map_err(|err| format!("cannot write {}: {err}", path.display()))
    });
    match written {
        Ok(()) => {
            println!("wrote {}", path.display());
            true
        }
        Err(err) => {
            eprintln!("conformance: {err}");
            false
        }
    }
}

fn check_report(sections: &[Section], mode: Mode) -> bool {
    let path = workspace_root().join("CONFORMANCE.md");
    let committed = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("conformance: cannot read {}: {err}", path.display());
            return false;
        }
    };
    let fresh = match render(sections, mode) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("conformance: {err}");
            return false;
        }
    };
    let (Some(old), Some(new)) =
        (coverage::compared_part(&committed), coverage::compared_part(&fresh))
    else {
        eprintln!("conformance: {} has no table of rows; write it with --markdown", path.display());
        return false;
    };
    if old == new {
        println!("{} agrees with this run", path.display());
        return true;
    }
    let first = old.lines().zip(new.lines()).find(|(a, b)| a != b);
    eprintln!(
        "conformance: {} differs from this run; write it again with \
         `cargo xtask conformance --markdown` and commit it.\n  first difference:\n  file: {}\n  run:  {}",
        path.display(),
        first.map_or("(shorter)", |(a, _)| a),
        first.map_or("(longer)", |(_, b)| b),
    );
    false
}
