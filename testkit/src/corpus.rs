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

mod locate;

use std::path::{Path, PathBuf};

#[cfg(test)]
use locate::build_instructions;
pub use locate::{ENTRIES, NotACorpus, VARIABLE, build_script, check, dir};

/// The corpus folder, if it is there and holds the corpus ([`check`]).
pub fn find() -> Option<PathBuf> {
    let dir = dir();
    check(&dir).is_ok().then_some(dir)
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

    /// The folder of a crate of the workspace (this one), which no
    /// `cargo package` made.
    fn workspace_crate() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
        let lines = build_instructions(&workspace_crate(), &scratch.0);
        assert!(!lines.iter().any(|l| l == "cargo::rustc-cfg=no_corpus"), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("cargo::warning")), "{lines:?}");
    }

    #[test]
    fn the_build_takes_an_empty_folder_for_no_corpus_and_says_so() {
        let scratch = Scratch::new("build");
        let lines = build_instructions(&workspace_crate(), &scratch.0);
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
        let lines = build_instructions(&workspace_crate(), &missing);
        assert!(lines.iter().any(|l| l == "cargo::rustc-cfg=no_corpus"), "{lines:?}");
        let warning =
            format!("cargo::warning=no corpus at {}: there is no such folder;", missing.display());
        assert!(lines.iter().any(|l| l.starts_with(&warning)), "{lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("cargo::rerun-if-changed")), "{lines:?}");
    }

    #[test]
    fn a_package_is_taken_for_no_corpus_without_a_look_or_a_word() {
        let scratch = Scratch::new("package").with(&["Cargo.toml.orig"]);
        let whole = Scratch::new("package-corpus").with(&ENTRIES);
        let lines = build_instructions(&scratch.0, &whole.0);
        assert_eq!(lines, ["cargo::rustc-check-cfg=cfg(no_corpus)", "cargo::rustc-cfg=no_corpus"]);
    }
}
