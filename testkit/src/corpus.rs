//! Where the shared corpus is, decided in one place: the folder named by
//! the `PGN_CORPUS` environment variable, else `../shared/corpus` beside
//! the workspace.
//!
//! Tests that need the corpus are marked
//! `#[cfg_attr(no_corpus, ignore = "needs the corpus: set PGN_CORPUS")]`;
//! the build script of their crate calls [`build_script`], which sets the
//! `no_corpus` cfg when the folder is missing and says so in a cargo
//! warning. `cargo test` then lists them as ignored, with the reason and
//! their number, instead of passing without checking anything. CI checks
//! that the corpus is there before it runs the tests.

use std::path::{Path, PathBuf};

/// The environment variable that names the corpus folder.
pub const VARIABLE: &str = "PGN_CORPUS";

/// The corpus folder: `$PGN_CORPUS`, else `../shared/corpus` beside the
/// workspace (whether it exists or not).
pub fn dir() -> PathBuf {
    std::env::var_os(VARIABLE).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
        PathBuf::from,
    )
}

/// The corpus folder, if it exists.
pub fn find() -> Option<PathBuf> {
    let dir = dir();
    dir.is_dir().then_some(dir)
}

/// For the build script of a crate whose tests need the corpus: declares
/// the `no_corpus` cfg, sets it when the corpus is missing (with a cargo
/// warning that says how to run those tests), and asks cargo to check
/// again when `PGN_CORPUS` changes.
pub fn build_script() {
    println!("cargo::rustc-check-cfg=cfg(no_corpus)");
    println!("cargo::rerun-if-env-changed={VARIABLE}");
    match find() {
        Some(dir) => println!("cargo::rerun-if-changed={}", dir.display()),
        None => {
            println!("cargo::rustc-cfg=no_corpus");
            println!(
                "cargo::warning=no corpus at {}: the tests that need it are ignored (set {VARIABLE} \
                 to the corpus folder to run them)",
                dir().display()
            );
        }
    }
}

/// The `.pgn` files below `dir`, to any depth, sorted.
///
/// # Panics
///
/// When `dir` or a folder below it cannot be read: a test that asks for
/// the files of a folder needs them.
pub fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.unwrap_or_else(|e| panic!("{}: {e}", d.display())).path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "pgn") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}
