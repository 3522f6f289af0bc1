//! Where the shared corpus is and whether a folder holds it, and the
//! lines a build script prints to mark the tests that need it: the part of
//! `testkit::corpus` that build scripts run.
//!
//! It uses the standard library alone, and nothing else of `testkit`,
//! because the published crates whose tests need the corpus (`fen-epd`,
//! `pgn-syntax`, `san`, `pgn-replay`, `pgn-cli`) cannot take `testkit`,
//! which is not published, as a build-dependency: their build scripts
//! include a copy of this file, `build/corpus.rs`, as a module.
//! `cargo xtask tidy` fails when a copy differs from this file: change
//! this one, then copy it over.

use std::fmt;
use std::path::{Path, PathBuf};

/// The environment variable that names the corpus folder.
pub const VARIABLE: &str = "PGN_CORPUS";

/// What the tests read at the top of the corpus: its README (some tests
/// check their counts against its inventory) and its folders (a trailing
/// `/`). A folder that lacks any of them is not taken for the corpus.
pub const ENTRIES: [&str; 7] = ["README.md", "bench/", "epd/", "fen/", "peers/", "perft/", "pgn/"];

/// The corpus folder: `$PGN_CORPUS`, else `../shared/corpus` beside the
/// workspace (whether it exists or not).
pub fn dir() -> PathBuf {
    std::env::var_os(VARIABLE).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
        PathBuf::from,
    )
}

/// Why a path is not the corpus.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotACorpus {
    /// There is no folder at the path.
    NoFolder,
    /// The folder holds none of the corpus's [`ENTRIES`] (an empty folder,
    /// for one).
    NoCorpusFiles,
    /// The folder holds some of the corpus's [`ENTRIES`] but lacks these.
    Lacks(Vec<&'static str>),
}

impl fmt::Display for NotACorpus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotACorpus::NoFolder => f.write_str("there is no such folder"),
            NotACorpus::NoCorpusFiles => f.write_str("the folder holds no corpus files"),
            NotACorpus::Lacks(entries) => write!(f, "the folder lacks {}", entries.join(", ")),
        }
    }
}

/// Whether `dir` holds the corpus: a folder with every one of [`ENTRIES`].
///
/// # Errors
///
/// Says why it does not: no folder, a folder with none of the corpus's
/// files (an empty one, say), or one that lacks some of them.
pub fn check(dir: &Path) -> Result<(), NotACorpus> {
    if !dir.is_dir() {
        return Err(NotACorpus::NoFolder);
    }
    let lacking: Vec<&'static str> = ENTRIES
        .into_iter()
        .filter(|entry| match entry.strip_suffix('/') {
            Some(folder) => !dir.join(folder).is_dir(),
            None => !dir.join(entry).is_file(),
        })
        .collect();
    match lacking.len() {
        0 => Ok(()),
        n if n == ENTRIES.len() => Err(NotACorpus::NoCorpusFiles),
        _ => Err(NotACorpus::Lacks(lacking)),
    }
}

/// For the build script of a crate whose tests need the corpus: declares
/// the `no_corpus` cfg, sets it when the corpus is not there (with a cargo
/// warning that says why and how to run those tests), and asks cargo to
/// check again when `PGN_CORPUS` changes or the folder does.
///
/// In a package that `cargo package` made (a crate from crates.io, or one
/// being verified before it is published), it sets the cfg without looking
/// for the corpus and without a warning: such a package is away from the
/// workspace and its corpus, and its tests cannot be built anyway, as
/// their dev-dependency on `testkit` is left out of it.
pub fn build_script() {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    for line in build_instructions(&manifest_dir.unwrap_or_default(), &dir()) {
        println!("{line}");
    }
}

/// The lines that [`build_script`] prints for the crate in `manifest_dir`
/// and the corpus folder `dir`.
pub(crate) fn build_instructions(manifest_dir: &Path, dir: &Path) -> Vec<String> {
    let mut lines = vec!["cargo::rustc-check-cfg=cfg(no_corpus)".to_owned()];
    // `cargo package` keeps the manifest as written in `Cargo.toml.orig`.
    if manifest_dir.join("Cargo.toml.orig").is_file() {
        lines.push("cargo::rustc-cfg=no_corpus".to_owned());
        return lines;
    }
    lines.push(format!("cargo::rerun-if-env-changed={VARIABLE}"));
    // A folder that is there is watched whether it holds the corpus or not,
    // so that filling an empty one counts. A missing one cannot be: cargo
    // would take it as changed on every build.
    if dir.is_dir() {
        lines.push(format!("cargo::rerun-if-changed={}", dir.display()));
    }
    if let Err(why) = check(dir) {
        lines.push("cargo::rustc-cfg=no_corpus".to_owned());
        lines.push(format!(
            "cargo::warning=no corpus at {}: {why}; the tests that need it are ignored (set \
             {VARIABLE} to the corpus folder to run them)",
            dir.display()
        ));
    }
    lines
}
