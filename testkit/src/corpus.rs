//! Where the shared corpus is, decided in one place: the folder named by
//! the `PGN_CORPUS` environment variable, else `../shared/corpus` beside
//! the workspace.
//!
//! Tests that need the corpus are marked
//! `#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]`;
//! the build script of their crate calls [`build_script`], which sets the
//! `no_corpus` cfg when there is no corpus there (no folder, or a folder
//! without the corpus's files, see [`check`]) and says so in a cargo
//! warning. `cargo test` then lists them as ignored, with the reason and
//! their number, instead of passing without checking anything or failing
//! for want of files. CI checks that the corpus is there before it runs
//! the tests, and runs them once more with it out of reach.

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

/// The corpus folder, if it is there and holds the corpus ([`check`]).
pub fn find() -> Option<PathBuf> {
    let dir = dir();
    check(&dir).is_ok().then_some(dir)
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
pub fn build_script() {
    for line in build_instructions(&dir()) {
        println!("{line}");
    }
}

/// The lines that [`build_script`] prints for the corpus folder `dir`.
fn build_instructions(dir: &Path) -> Vec<String> {
    let mut lines = vec![
        "cargo::rustc-check-cfg=cfg(no_corpus)".to_owned(),
        format!("cargo::rerun-if-env-changed={VARIABLE}"),
    ];
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A new empty folder below the system's temporary one, removed when
    /// dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let path =
                std::env::temp_dir().join(format!("testkit-corpus-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).expect("the temporary folder is writable");
            Scratch(path)
        }

        /// Creates the entries of the corpus named in `entries`.
        fn with(self, entries: &[&str]) -> Scratch {
            for entry in entries {
                match entry.strip_suffix('/') {
                    Some(folder) => std::fs::create_dir(self.0.join(folder)),
                    None => std::fs::write(self.0.join(entry), "# corpus\n"),
                }
                .expect("the temporary folder is writable");
            }
            self
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn a_missing_folder_is_no_corpus() {
        let scratch = Scratch::new("missing");
        assert_eq!(check(&scratch.0.join("corpus")), Err(NotACorpus::NoFolder));
    }

    #[test]
    fn an_empty_folder_is_no_corpus() {
        let scratch = Scratch::new("empty");
        assert_eq!(check(&scratch.0), Err(NotACorpus::NoCorpusFiles));
        // Files that are not the corpus's do not make it one.
        let scratch = scratch.with(&["notes.txt"]);
        assert_eq!(check(&scratch.0), Err(NotACorpus::NoCorpusFiles));
    }

    #[test]
    fn a_folder_with_part_of_the_corpus_says_what_it_lacks() {
        let scratch = Scratch::new("part").with(&["README.md", "bench/", "epd/", "fen/", "peers/"]);
        let why = check(&scratch.0).expect_err("not the whole corpus");
        assert_eq!(why, NotACorpus::Lacks(vec!["perft/", "pgn/"]));
        assert_eq!(why.to_string(), "the folder lacks perft/, pgn/");
        // A file where a folder should be is not that folder.
        let scratch = Scratch::new("file").with(&["README.md", "bench/", "epd/", "fen/", "peers/"]);
        std::fs::write(scratch.0.join("pgn"), "").expect("the temporary folder is writable");
        std::fs::create_dir(scratch.0.join("perft")).expect("the temporary folder is writable");
        assert_eq!(check(&scratch.0), Err(NotACorpus::Lacks(vec!["pgn/"])));
    }

    #[test]
    fn a_folder_with_every_entry_is_the_corpus() {
        let scratch = Scratch::new("whole").with(&ENTRIES);
        assert_eq!(check(&scratch.0), Ok(()));
        let lines = build_instructions(&scratch.0);
        assert!(!lines.iter().any(|l| l == "cargo::rustc-cfg=no_corpus"), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("cargo::warning")), "{lines:?}");
    }

    #[test]
    fn the_build_takes_an_empty_folder_for_no_corpus_and_says_so() {
        let scratch = Scratch::new("build");
        let lines = build_instructions(&scratch.0);
        assert!(lines.iter().any(|l| l == "cargo::rustc-cfg=no_corpus"), "{lines:?}");
        let warning = format!(
            "cargo::warning=no corpus at {}: the folder holds no corpus files;",
            scratch.0.display()
        );
        assert!(lines.iter().any(|l| l.starts_with(&warning)), "{lines:?}");
        // Filling the folder later makes cargo run the build script again.
        let watch = format!("cargo::rerun-if-changed={}", scratch.0.display());
        assert!(lines.contains(&watch), "{lines:?}");
    }

    #[test]
    fn the_build_takes_a_missing_folder_for_no_corpus_and_says_so() {
        let scratch = Scratch::new("build-missing");
        let missing = scratch.0.join("corpus");
        let lines = build_instructions(&missing);
        assert!(lines.iter().any(|l| l == "cargo::rustc-cfg=no_corpus"), "{lines:?}");
        let warning =
            format!("cargo::warning=no corpus at {}: there is no such folder;", missing.display());
        assert!(lines.iter().any(|l| l.starts_with(&warning)), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("cargo::rerun-if-changed")), "{lines:?}");
    }
}
