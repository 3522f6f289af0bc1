//! `cargo xtask`: project tasks written in Rust, run through the alias in
//! `.cargo/config.toml`.
//!
//! - `cargo xtask tidy` checks the architecture invariants (see [`tidy`]).
//! - `cargo xtask conformance [--full]` runs the conformance harness of
//!   `pgn-tests` and prints its table (see [`conformance`]).
//! - `cargo xtask fuzz [--seconds N] [TARGET...]` runs the cargo-fuzz
//!   targets of `fuzz/` in turn (see [`fuzz`]).
//! - `cargo xtask bench-pgc [--runs N] [--file PGN] [--pgn BIN] [--threads N]`
//!   measures the PGC codec's size and speed targets against `pgn check`
//!   (see [`mod@bench`]).

mod bench;
mod conformance;
mod fuzz;
mod tidy;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  tidy                 check crate layering, `//!` file headers, and that every
                       panicking call of a library says why it cannot fire
  conformance [--full] run the conformance harness (--full: also the long suites)
  fuzz [--seconds N] [TARGET...]
                       run the fuzz targets (all by default) for N seconds each
                       (default 60); needs cargo-fuzz
  bench-pgc [--runs N] [--file PGN] [--pgn BIN] [--threads N]
                       PGC size against the reduced export, and encode and
                       decode against `pgn check` (default: the gnuchess book)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    match args.split_first() {
        Some((task, rest)) if task == "tidy" && rest.is_empty() => tidy::main(&root),
        Some((task, rest)) if task == "conformance" => conformance::main(&root, rest),
        Some((task, rest)) if task == "fuzz" => fuzz::main(&root, rest),
        Some((task, rest)) if task == "bench-pgc" => bench::main(&root, rest),
        Some((task, _)) if task == "help" || task == "--help" || task == "-h" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's folder.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask's folder is inside the workspace root")
        .to_path_buf()
}
