//! Memory stays bounded whatever the input: a file of many tiny games,
//! read on several threads, where what each piece keeps of its games
//! (their exported text, their diagnostics) once grew with the number of
//! games. The peak is what the system reports for the child process.

#![cfg(target_os = "linux")]

mod common;

use std::process::Command;

use common::{TempDir, text};

/// The bound of the issue: 64 MiB at the default thread count.
const LIMIT_KIB: u64 = 64 * 1024;

/// Runs `pgn args` with its peak memory reported, and gives it in KiB.
fn peak_kib(args: &[&str]) -> u64 {
    let run = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(args)
        .env("PGN_PEAK_MEMORY", "1")
        .output()
        .expect("pgn runs");
    let stderr = text(&run.stderr);
    assert!(run.status.code().is_some_and(|c| c < 2), "{args:?}: {stderr}");
    let peak = stderr
        .lines()
        .find_map(|line| line.strip_prefix("pgn: peak memory "))
        .and_then(|kib| kib.trim_end_matches(" kB").parse().ok());
    peak.unwrap_or_else(|| panic!("{args:?}: no peak reported: {stderr}"))
}

#[test]
fn many_tiny_games_read_in_pieces_stay_within_the_bound() {
    let dir = TempDir::new("memory-tiny-games");
    // A tag pair and a result a game: a cut before every game, and a
    // warning (no Seven Tag Roster) and a full exported roster each.
    let games = 400_000;
    let file = dir.file("tiny.pgn", &"[W \"\"]\n*\n\n".repeat(games));
    let out = dir.join("out.pgn");
    for threads in ["2", "4"] {
        for command in [
            &["export", &file, "-o", &out][..],
            &["select", &file, "--white", "x", "-o", &out],
            &["dedupe", &file, "-o", &out],
        ] {
            let args = [command, &["--threads", threads, "--quiet"]].concat();
            let peak = peak_kib(&args);
            assert!(peak < LIMIT_KIB, "{args:?}: {peak} KiB");
        }
    }
}
