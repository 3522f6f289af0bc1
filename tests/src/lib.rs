//! The conformance harness: checks of the toolkit against the PGN standard,
//! the project's rulings and the shared test corpus.
//!
//! The harness is a list of [`Check`]s. Each check fills one [`Section`]: a
//! row of the conformance table, named after the part of the standard or
//! the suite it covers (`§16.1 FEN (round trip)`, `rules: perft
//! shakmaty/tricky.perft`), with counts of passed and failed cases and a
//! message per failure. Two front ends run the same checks:
//!
//! - `cargo xtask conformance [--full]` runs the `conformance` binary of
//!   this crate in release mode and prints the table;
//! - `cargo test -p pgn-tests` runs every check in [`Mode::Quick`] and
//!   fails on any failed case.
//!
//! To cover a new part of the standard, add a module with a `checks()`
//! function and list it in [`all_checks`].
//!
//! The corpus is read from `../shared/corpus` beside the workspace root, or
//! from the folder named by the `PGN_CORPUS` environment variable.

pub mod cases;
pub mod commands;
pub mod coverage;
pub mod differential;
pub mod encodings;
pub mod epd;
pub mod export;
pub mod export_roundtrip;
pub mod fen;
pub mod fuzz;
pub mod nags;
pub mod perft;
pub mod pgc;
pub mod pgc_fixtures;
pub mod reading;
pub mod roster;
pub mod san;
pub mod san_cross;
pub mod select_fixtures;
pub mod select_peers;
pub mod snapshot;
pub mod tags;
pub mod termination;

mod parallel;
mod report;
mod section;

use std::path::{Path, PathBuf};

pub use report::render_table;
pub use section::{About, Check, Section};

/// How much work the long-running checks do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Small budgets for `cargo test`, which runs unoptimised code.
    Quick,
    /// The default of `cargo xtask conformance`: every case that fits a
    /// budget of about a minute in a release build.
    Default,
    /// Everything, however long it takes (`cargo xtask conformance --full`).
    Full,
}

/// What every check needs to know: the mode and where the data is.
#[derive(Clone, Debug)]
pub struct Context {
    /// How much work to do.
    pub mode: Mode,
    /// The root of the shared test corpus.
    pub corpus: PathBuf,
}

impl Context {
    /// A context for `mode`, with the corpus where `testkit::corpus`
    /// says (`PGN_CORPUS`, else `../shared/corpus`).
    pub fn new(mode: Mode) -> Context {
        Context { mode, corpus: testkit::corpus::dir() }
    }

    /// The path of a corpus file, given relative to the corpus root.
    pub fn corpus_file(&self, relative: &str) -> PathBuf {
        self.corpus.join(relative)
    }
}

/// The workspace root: the parent of this crate's folder.
pub fn workspace_root() -> PathBuf {
    let manifest_dir = crate_dir();
    manifest_dir.parent().map_or_else(|| manifest_dir.to_path_buf(), Path::to_path_buf)
}

/// The folder of this crate (its test data lives here).
pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every check of the harness, in the order of the table.
pub fn all_checks() -> Vec<Check> {
    let mut checks = reading::checks();
    checks.extend(encodings::checks());
    checks.extend(termination::checks());
    checks.extend(roster::checks());
    checks.extend(tags::checks());
    checks.extend(nags::checks());
    checks.extend(commands::checks());
    checks.extend(san::checks());
    checks.extend(san_cross::checks());
    checks.extend(export_roundtrip::checks());
    checks.extend(fen::checks());
    checks.extend(epd::checks());
    checks.extend(export::checks());
    checks.extend(pgc_fixtures::checks());
    checks.extend(pgc::checks());
    checks.extend(select_fixtures::checks());
    checks.extend(select_peers::checks());
    checks.extend(differential::checks());
    checks.extend(perft::checks());
    checks
}
