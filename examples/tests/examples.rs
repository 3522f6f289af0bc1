//! Runs each example program, as `cargo test` builds it, on the fixtures
//! of `tests/data` and on corpus files, and checks what it prints against
//! reviewed insta snapshots (`tests/snapshots/EXAMPLE@INPUT.snap`).
//!
//! `cargo test -p pgn-examples` builds the examples before it runs the
//! tests; a run of this test alone (`--test examples`) does not, and then
//! says so.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The path of the example program `name`: `target/PROFILE/examples`,
/// beside the `deps` folder of this test's own program.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test program's path");
    let profile = exe.parent().and_then(Path::parent).expect("target/PROFILE/deps/TEST");
    let path = profile.join("examples").join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is not built: run `cargo test -p pgn-examples`, which builds the examples",
        path.display()
    );
    path
}

/// What example `name` prints given `args`; when it fails, its exit
/// status and what it wrote to its error output too.
fn run(name: &str, args: &[&OsStr]) -> String {
    let output = Command::new(example(name)).args(args).output().expect("the example runs");
    let mut text = String::from_utf8(output.stdout).expect("the example prints UTF-8");
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        text.push_str(&format!("[{}]\n{stderr}", output.status));
    }
    text
}

/// A fixture of `tests/data`.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name)
}

/// A file of the shared corpus.
fn corpus(path: &str) -> PathBuf {
    let path = testkit::corpus::dir().join(path);
    assert!(path.is_file(), "{} is not in the corpus", path.display());
    path
}

/// Checks what `name` prints for `args` against the snapshot
/// `NAME@INPUT`.
fn check(name: &str, input: &str, args: &[&OsStr]) {
    let output = run(name, args);
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(format!("{name} {input}"));
    settings
        .bind(|| insta::assert_snapshot!(format!("{name}@{}", input.replace('/', "__")), output));
}

#[test]
fn legal_moves_of_the_fixture_positions() {
    // One run per position, each headed by its FEN: castling, en passant
    // legal and not, promotions, and a mate (no legal move: an error).
    let fens = std::fs::read_to_string(fixture("positions.fen")).expect("fixture");
    let mut out = String::new();
    for fen in fens.lines() {
        out.push_str(&format!("{fen}\n{}\n", run("legal_moves", &[fen.as_ref()])));
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("legal_moves@positions.fen", out));
}

#[test]
fn the_examples_say_how_to_run_them() {
    for name in ["legal_moves", "final_positions", "annotated", "select_player"] {
        let out = run(name, &[]);
        assert!(out.contains("[exit status: 1]") && out.contains("usage: "), "{name}: {out}");
    }
}

#[test]
fn final_positions_of_the_fixture_games() {
    check("final_positions", "games.pgn", &[fixture("games.pgn").as_ref()]);
}

#[test]
fn annotated_moves_of_the_fixture_games() {
    check("annotated", "games.pgn", &[fixture("games.pgn").as_ref()]);
}

#[test]
fn select_player_on_the_fixture_games() {
    check("select_player", "games.pgn", &[fixture("games.pgn").as_ref(), "Tal".as_ref()]);
}

#[test]
fn build_and_encode_round_trips_the_opera_game() {
    let out = run("build_and_encode", &[]);
    let lines: Vec<&str> = out.lines().collect();
    let hex = lines.iter().position(|l| l.len() > 40 && l.bytes().all(|b| b.is_ascii_hexdigit()));
    let hex = hex.expect("a line of hex");
    assert_eq!(lines[..hex], lines[hex + 1..], "the decoded game exports alike");
    check("build_and_encode", "none", &[]);
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn final_positions_of_corpus_files() {
    for file in [
        "pgn/python-chess/kasparov-deep-blue-1997.pgn",
        "pgn/python-chess/cutechess-fischerrandom.pgn",
        "pgn/scalachess-fixtures/wcc2023.list.pgn",
        "bench/twic-samples/twic1599_10k.pgn",
    ] {
        check("final_positions", file, &[corpus(file).as_ref()]);
    }
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn annotated_moves_of_corpus_files() {
    for file in [
        "bench/lichess-samples/lichess_db_10k.pgn",
        "pgn/scalachess-fixtures/wcc2023.list.pgn",
        "pgn/hoover/parsertest-1.pgn",
    ] {
        check("annotated", file, &[corpus(file).as_ref()]);
    }
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn select_player_on_corpus_files() {
    for (file, name) in [
        ("bench/twic-samples/twic1599_10k.pgn", "Nodirbek"),
        ("pgn/python-chess/kasparov-deep-blue-1997.pgn", "Deep Blue"),
    ] {
        check("select_player", file, &[corpus(file).as_ref(), name.as_ref()]);
    }
}
