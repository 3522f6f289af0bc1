//! `cargo xtask conformance [--full]`: runs the conformance harness of the
//! `pgn-tests` crate and passes its exit status on.
//!
//! The harness runs perft to millions of nodes per position, which needs
//! an optimised build. `cargo xtask`
//! itself is built in the dev profile (the alias in `.cargo/config.toml`
//! uses `cargo run`), so instead of linking the harness into xtask we start
//! `cargo run --release -p pgn-tests --bin conformance`. That keeps the
//! root manifest's profiles untouched, keeps xtask quick to build, and the
//! release build is cached between runs.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, ExitCode};

/// Runs the harness in release mode with `args` (for example `--full`).
pub(crate) fn main(root: &Path, args: &[String]) -> ExitCode {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    eprintln!(
        "conformance: cargo run --release -p pgn-tests --bin conformance (first build takes a while)"
    );
    let status = Command::new(cargo)
        .current_dir(root)
        .args(["run", "--quiet", "--release", "--package", "pgn-tests", "--bin", "conformance"])
        .arg("--")
        .args(args)
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(err) => {
            eprintln!("conformance: cannot run cargo: {err}");
            ExitCode::FAILURE
        }
    }
}
