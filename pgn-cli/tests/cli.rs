//! The `pgn` command as a user meets it: exit codes, several files with
//! one missing, and a closed output pipe.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A file in the temporary folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("pgn-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("temporary file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn pgn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pgn")).args(args).output().expect("pgn runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const CLEAN: &[u8] = b"[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
/// An illegal move: an error for `check` and `fen`.
const ILLEGAL: &[u8] = b"1. e4 Ke3 *\n";
/// A NAG above 255: an error for every subcommand that reads PGN.
const BAD_NAG: &[u8] = b"1. e4 $999 e5 *\n";

#[test]
fn every_subcommand_exits_1_on_errors_and_0_on_clean_input() {
    let clean = TempFile::new("clean.pgn", CLEAN);
    let illegal = TempFile::new("illegal.pgn", ILLEGAL);
    let bad_nag = TempFile::new("nag.pgn", BAD_NAG);
    for command in ["stats", "check", "fen"] {
        assert_eq!(pgn(&[command, clean.path()]).status.code(), Some(0), "{command} clean");
        assert_eq!(pgn(&[command, bad_nag.path()]).status.code(), Some(1), "{command} $999");
    }
    for command in ["check", "fen"] {
        assert_eq!(pgn(&[command, illegal.path()]).status.code(), Some(1), "{command} Ke3");
    }
}

#[test]
fn a_missing_file_is_reported_and_the_others_are_read() {
    let clean = TempFile::new("one.pgn", CLEAN);
    let missing = std::env::temp_dir().join("pgn-cli-no-such-file.pgn");
    let missing = missing.to_str().expect("UTF-8");
    for command in ["stats", "check", "fen"] {
        let out = pgn(&[command, missing, clean.path()]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(&format!("pgn {command}: {missing}: ")), "{command}: {stderr}");
        let stdout = text(&out.stdout);
        let expected = match command {
            "fen" => "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            _ => "games=1 moves=3",
        };
        assert!(stdout.contains(expected), "{command}: {stdout}");
    }
    let epd = TempFile::new("one.epd", b"4k3/8/8/8/8/8/8/4K3 w - - id \"x\";\n");
    let out = pgn(&["epd", missing, epd.path()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).contains("id \"x\";"), "{}", text(&out.stdout));
}

#[test]
fn fen_takes_several_files() {
    let one = TempFile::new("fen1.pgn", b"1. e4 *\n");
    let two = TempFile::new("fen2.pgn", b"1. d4 *\n");
    let out = pgn(&["fen", one.path(), two.path()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("rnbqkbnr/pppppppp/8/8/4P3/"), "{lines:?}");
    assert!(lines[1].starts_with("rnbqkbnr/pppppppp/8/8/3P4/"), "{lines:?}");
}

#[test]
fn a_closed_output_pipe_ends_the_run_quietly() {
    // Far more output than a pipe holds, so that writing meets the closed
    // pipe.
    let game = b"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n";
    let many: Vec<u8> = game.iter().copied().cycle().take(game.len() * 5_000).collect();
    let input = TempFile::new("many.pgn", &many);
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["fen", input.path(), "--every-ply"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pgn runs");
    let stdout = child.stdout.take().expect("piped");
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).expect("one line");
    // The reader is dropped here: the pipe is closed.
    assert!(first.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), "{first}");
    let out = child.wait_with_output().expect("pgn ends");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn standard_input_is_a_file_like_the_others() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["stats", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pgn runs");
    child.stdin.take().expect("piped").write_all(CLEAN).expect("written");
    let out = child.wait_with_output().expect("pgn ends");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("games=1 moves=3"), "{}", text(&out.stdout));
}
