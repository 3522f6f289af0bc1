//! Output files as a user meets them: an output that is one of the
//! inputs, or another output, is refused before anything is read; a
//! regular output is put in place whole when the run ends, and a run that
//! stops early leaves the old file as it was.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{TempDir, file_names, game, pgn, text};

/// Two games in export format.
fn two_games() -> String {
    game(&[("White", "Tal")], "1. e4 e5 *") + &game(&[("White", "Fischer")], "1. d4 d5 *")
}

/// Runs `args`, expecting the refusal `why` (exit 2, one line on
/// standard error, nothing on standard output) and `files` unchanged.
fn refused(args: &[&str], why: &str, files: &[&str]) {
    let before: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).expect("a file")).collect();
    let run = pgn(args);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(why), "{args:?}: {stderr}");
    assert!(run.stdout.is_empty(), "{args:?}");
    for (file, before) in files.iter().zip(before) {
        assert_eq!(std::fs::read(file).expect("a file"), before, "{args:?}: {file} changed");
    }
}

#[test]
fn an_output_that_is_an_input_is_refused_by_every_command() {
    let dir = TempDir::new("outputs-refused");
    let s = dir.file("s.pgn", &two_games());
    let both = "is both an input and an output";
    refused(&["export", &s, "-o", &s], both, &[&s]);
    refused(&["select", &s, "--white", "Tal", "-o", &s], both, &[&s]);
    refused(&["dedupe", &s, "-o", &s], both, &[&s]);
    refused(&["dedupe", &s, "--duplicates", &s], both, &[&s]);
    refused(&["pgc", "encode", &s, "-o", &s], both, &[&s]);
    let t = dir.join("t.pgc");
    assert!(pgn(&["pgc", "encode", &s, "-o", &t]).status.success());
    refused(&["pgc", "decode", &t, "-o", &t], both, &[&t]);
    // By another name of the same file: relative, with `./`, a symlink,
    // a hard link; among several inputs.
    let other = dir.file("other.pgn", &two_games());
    let dotted = format!("{}/./s.pgn", dir.path().display());
    refused(&["export", &other, &s, "-o", &dotted], "is the input", &[&s, &other]);
    #[cfg(unix)]
    {
        let link = dir.join("link.pgn");
        std::os::unix::fs::symlink(&s, &link).expect("a symlink");
        refused(&["export", &s, "-o", &link], "is the input", &[&s]);
        let hard = dir.join("hard.pgn");
        std::fs::hard_link(&s, &hard).expect("a hard link");
        refused(&["select", &hard, "--white", "Tal", "-o", &s], "is the input", &[&s]);
    }
    let relative = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .current_dir(dir.path())
        .args(["export", "s.pgn", "-o", "./s.pgn"])
        .output()
        .expect("pgn runs");
    assert_eq!(relative.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&s).expect("the input"), two_games());
    // Nothing was left beside the files.
    let mut expected = vec!["other.pgn", "s.pgn", "t.pgc"];
    if cfg!(unix) {
        expected.extend(["hard.pgn", "link.pgn"]);
        expected.sort();
    }
    assert_eq!(file_names(dir.path()), expected);
}

#[test]
fn two_outputs_that_are_one_file_are_refused() {
    let dir = TempDir::new("outputs-twice");
    let s = dir.file("s.pgn", &two_games());
    let x = dir.join("x.tsv");
    refused(&["dedupe", &s, "--duplicates", &x, "--report", &x], "named as two outputs", &[&s]);
    assert!(!std::path::Path::new(&x).exists());
    let out = dir.file("out.pgn", "old\n");
    let dotted = format!("{}/./out.pgn", dir.path().display());
    refused(&["dedupe", &s, "-o", &out, "--report", &dotted], "are the same file", &[&out]);
    // Outputs that are not regular files may be named twice.
    #[cfg(unix)]
    {
        let run = pgn(&["dedupe", &s, "-o", "/dev/null", "--duplicates", "/dev/null"]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    }
    assert_eq!(file_names(dir.path()), ["out.pgn", "s.pgn"]);
}

#[test]
fn a_run_that_cannot_read_an_input_leaves_the_old_output() {
    let dir = TempDir::new("outputs-failed");
    let s = dir.file("s.pgn", &two_games());
    let missing = dir.join("missing.pgn");
    let out = dir.file("out.pgn", "old\n");
    for args in [
        vec!["export", &s, &missing, "-o", &out],
        vec!["select", &s, &missing, "--white", "Tal", "-o", &out],
        vec!["dedupe", &s, &missing, "-o", &out],
        vec!["pgc", "encode", &s, &missing, "-o", &out],
        vec!["sort", &s, &missing, "-o", &out],
    ] {
        let run = pgn(&args);
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("{out} left as it was: an input could not be read")),
            "{args:?}: {stderr}"
        );
        assert_eq!(std::fs::read_to_string(&out).expect("the output"), "old\n", "{args:?}");
        assert_eq!(file_names(dir.path()), ["out.pgn", "s.pgn"], "{args:?}");
    }
    // An output that did not exist is not made.
    let new = dir.join("new.pgn");
    let run = pgn(&["export", &s, &missing, "-o", &new]);
    assert!(text(&run.stderr).contains(&format!("{new} not written: an input could not be read")));
    assert!(!std::path::Path::new(&new).exists());
}

#[test]
fn a_run_with_errors_in_its_games_writes_its_output() {
    let dir = TempDir::new("outputs-errors");
    let broken = dir.file("broken.pgn", &(two_games() + "1. e4 Ke3 *\n"));
    let out = dir.file("out.pgn", "old\n");
    let run = pgn(&["export", &broken, "-o", &out]);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    assert_eq!(std::fs::read_to_string(&out).expect("the output"), two_games());
    // The permissions of the file replaced are kept.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = |path: &str| std::fs::metadata(path).expect("a file").permissions().mode();
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        assert_eq!(pgn(&["export", &broken, "-o", &out]).status.code(), Some(1));
        assert_eq!(mode(&out) & 0o777, 0o640);
    }
    assert_eq!(file_names(dir.path()), ["broken.pgn", "out.pgn"]);
}

/// Starts `pgn export - -o OUT` reading a standard input that stays open,
/// and waits until its temporary file is there: the run is under way.
#[cfg(unix)]
fn export_waiting(dir: &TempDir, out: &str) -> std::process::Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["export", "-", "-o", out])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("pgn runs");
    let stdin = child.stdin.as_mut().expect("piped");
    stdin.write_all(two_games().as_bytes()).expect("written");
    stdin.flush().expect("flushed");
    let start = Instant::now();
    while !file_names(dir.path()).iter().any(|n| n.ends_with(".tmp")) {
        assert!(start.elapsed() < Duration::from_secs(30), "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(10));
    }
    child
}

/// Sends the signal `name` to `child` and waits for it to end, keeping
/// its standard input open (`Child::wait` would close it, and the run
/// could then end well before the signal is handled).
#[cfg(unix)]
fn signal(child: &mut std::process::Child, name: &str) -> std::process::ExitStatus {
    let kill = Command::new("kill").args([name, &child.id().to_string()]).status();
    assert!(kill.expect("kill runs").success());
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("pgn runs") {
            return status;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "pgn did not end on {name}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_the_old_output_and_no_temporary_file() {
    let dir = TempDir::new("outputs-interrupted");
    let out = dir.file("out.pgn", "old\n");
    for name in ["-TERM", "-INT", "-HUP"] {
        let mut child = export_waiting(&dir, &out);
        let status = signal(&mut child, name);
        assert_eq!(status.code(), Some(130), "{name}");
        assert_eq!(std::fs::read_to_string(&out).expect("the output"), "old\n", "{name}");
        assert_eq!(file_names(dir.path()), ["out.pgn"], "{name}");
    }
    // Killed outright, it leaves its temporary file, but the output whole.
    let mut child = export_waiting(&dir, &out);
    signal(&mut child, "-KILL");
    assert_eq!(std::fs::read_to_string(&out).expect("the output"), "old\n");
    for name in file_names(dir.path()).iter().filter(|n| n.ends_with(".tmp")) {
        std::fs::remove_file(dir.path().join(name)).expect("removed");
    }
    // Once its input ends, a run puts its output in place.
    let mut child = export_waiting(&dir, &out);
    drop(child.stdin.take());
    assert!(child.wait().expect("pgn ends").success());
    assert_eq!(std::fs::read_to_string(&out).expect("the output"), two_games());
}
