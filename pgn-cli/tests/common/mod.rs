//! What the tests of `pgn sort`, `pgn split`, `pgn pgc` and `pgn select`
//! share: a temporary directory, running the binary (with or without
//! standard input), and games written in export format (so
//! that what the command writes of them is what they are).

// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A directory in the temporary folder, removed with what it holds when
/// dropped.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("pgn-cli-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("temporary directory");
        TempDir(path)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// The path of `name` in the directory, as text.
    pub(crate) fn join(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("a UTF-8 temporary path").to_owned()
    }

    /// Writes `contents` to `name` in the directory and gives its path.
    pub(crate) fn file(&self, name: &str, contents: &str) -> String {
        let path = self.join(name);
        std::fs::write(&path, contents).expect("temporary file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn pgn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pgn")).args(args).output().expect("pgn runs")
}

/// Runs `pgn` with `input` on its standard input.
pub(crate) fn pgn_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pgn runs");
    let mut stdin = child.stdin.take().expect("piped");
    // Written from a thread: a large input fills the pipe before `pgn`
    // has written its output.
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("pgn ends");
    writer.join().expect("the writer ends").expect("input written");
    out
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The names of the files in `dir`, sorted.
pub(crate) fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("a directory")
        .map(|entry| entry.expect("an entry").file_name().into_string().expect("a UTF-8 name"))
        .collect();
    names.sort();
    names
}

/// A game in export format, as `pgn export` writes it: the Seven Tag
/// Roster with the values of `tags` (the others unknown) and the result
/// `*`, then the other tags of `tags` in byte order of their names, and
/// `movetext` (one line, ending with `*`).
pub(crate) fn game(tags: &[(&str, &str)], movetext: &str) -> String {
    let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let mut text = String::new();
    for name in roster {
        let unknown = match name {
            "Date" => "????.??.??",
            "Result" => "*",
            _ => "?",
        };
        let value = tags.iter().find(|(n, _)| *n == name).map_or(unknown, |(_, v)| v);
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    let mut others: Vec<&(&str, &str)> =
        tags.iter().filter(|(name, _)| !roster.contains(name)).collect();
    others.sort();
    for (name, value) in others {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    assert!(movetext.len() <= 79 && movetext.ends_with('*'), "{movetext:?}");
    text.push_str(&format!("\n{movetext}\n\n"));
    text
}
