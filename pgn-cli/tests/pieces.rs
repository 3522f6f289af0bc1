//! An input read in pieces on several threads gives exactly what one
//! thread reading it whole gives: the same standard output (or output
//! file, for `pgn pgc encode`), the same standard error (diagnostics with
//! their lines, columns and game numbers, the counts, the summary) and the
//! same exit code; for a plain file, standard input and a compressed file.
//!
//! Pieces of a byte cut the file at every `[` that opens a line after an
//! empty line, so every such place is tried as a piece start, also those
//! inside comments and variations (the fixtures of `tests/data/pieces`
//! put some there, and after escape lines, stray comments and games
//! without a termination marker). Larger pieces mix pieces that sync at
//! once with readers that read on over several pieces or give up; in
//! `unclean.pgn` a comment comes before every game, so no piece joins and
//! every reader gives up; in `tail.pgn` no empty line comes between the
//! games of the second half, which is cut where no cut was found, into
//! pieces that no reader joins.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{TempDir, pgn, pgn_with_stdin, text};

/// What is run, each once on one thread and once in pieces. The second
/// run of `pgn export` leaves out games from set-up positions (reported at
/// their FEN tag) and keeps broken ones.
const RUNS: [&[&str]; 10] = [
    &["check"],
    &["stats", "--commands"],
    &["fen", "--every-ply"],
    &["moves", "--all-lines", "--format", "json"],
    &["select", "--white", "a"],
    &["select", "--opening", "e4", "--columns", "White,game,PlyCount,final-fen"],
    &["select", "--invert", "--placement", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"],
    &["dedupe"],
    &["export"],
    &["export", "--reduced", "--keep-broken"],
];

/// What is run writing to a file (`-o`), each once on one thread and once
/// in pieces: the files are compared besides standard error. The PGC file
/// of the last run (`pgc encode --lossy`, which encodes all the games it
/// can) is then decoded both ways, whole and broken.
const RUNS_TO_FILE: [&[&str]; 2] = [&["pgc", "encode"], &["pgc", "encode", "--lossy"]];

/// Piece sizes: every cut; a few games a piece; many games a piece; and
/// many games a piece of which a reader holds at most three (`SIZE/GAMES`),
/// so that readers give up for the number of their games.
const PIECES: [&str; 4] = ["1", "300", "20000", "20000/3"];

/// The options that make pieces of `piece` (an entry of [`PIECES`]).
fn piece_args(piece: &str) -> Vec<&str> {
    match piece.split_once('/') {
        Some((size, games)) => vec!["--piece-size", size, "--piece-games", games],
        None => vec!["--piece-size", piece],
    }
}

fn data(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data").join(dir)
}

/// Where a piece may start: a `[` opening a line after an empty line.
fn cut_places(bytes: &[u8]) -> usize {
    bytes.windows(3).filter(|w| w == b"\n\n[").count()
        + bytes.windows(5).filter(|w| w == b"\r\n\r\n[").count()
}

/// Runs every command on `file` both ways and compares; returns how many
/// runs were compared.
fn same_in_pieces(file: &Path, pieces: &[&str]) -> usize {
    let name = file.to_str().expect("a UTF-8 path");
    let mut compared = 0;
    for run in RUNS {
        let one = pgn(&[run, &[name, "--threads", "1"]].concat());
        for piece in pieces {
            let many = pgn(&[run, &[name, "--threads", "2"], &piece_args(piece)].concat());
            let what = format!("pgn {} {name} in pieces of {piece}", run.join(" "));
            assert_eq!(text(&many.stdout), text(&one.stdout), "{what}: standard output");
            assert_eq!(text(&many.stderr), text(&one.stderr), "{what}: standard error");
            assert_eq!(many.status.code(), one.status.code(), "{what}: exit code");
            compared += 1;
        }
    }
    let dir = TempDir::new(&format!(
        "pieces-{}",
        file.file_name().and_then(|n| n.to_str()).unwrap_or("file")
    ));
    let (one_out, many_out) = (dir.join("one"), dir.join("many"));
    for run in RUNS_TO_FILE {
        // A run that cannot read its input writes no file.
        let _ = std::fs::remove_file(&one_out);
        let one = pgn(&[run, &[name, "--threads", "1", "-o", &one_out]].concat());
        let one_file = std::fs::read(&one_out).ok();
        for piece in pieces {
            let args = [name, "--threads", "2", "-o", &many_out];
            let _ = std::fs::remove_file(&many_out);
            let many = pgn(&[run, &args, &piece_args(piece)].concat());
            let what = format!("pgn {} {name} in pieces of {piece}", run.join(" "));
            let many_file = std::fs::read(&many_out).ok();
            assert!(many_file == one_file, "{what}: the output file");
            let stderr = |run: &Output, out: &str| text(&run.stderr).replace(out, "OUT");
            assert_eq!(stderr(&many, &many_out), stderr(&one, &one_out), "{what}: standard error");
            assert_eq!(many.status.code(), one.status.code(), "{what}: exit code");
            compared += 1;
        }
    }
    compared + decode_same_in_pieces(&dir, &one_out, pieces)
}

/// Decodes `pgc` (the file's games, encoded on one thread), and two
/// broken copies of it, both ways and compares: the copy cut short in its
/// middle, and the copy with an unknown marker put over the first record
/// past its middle (where the records run out, and with them the cuts).
fn decode_same_in_pieces(dir: &TempDir, pgc: &str, pieces: &[&str]) -> usize {
    // An input that cannot be read gives no PGC file.
    let Ok(bytes) = std::fs::read(pgc) else { return 0 };
    let half = bytes.len() / 2;
    let dump = pgn(&["pgc", "dump", pgc]);
    let record = text(&dump.stdout)
        .lines()
        .filter_map(|line| line.split('\t').next()?.parse::<usize>().ok())
        .find(|&at| at >= half);
    let mut marked = bytes.clone();
    if let Some(at) = record {
        marked[at] = 0xee;
    }
    let (cut, bad) = (dir.join("cut.pgc"), dir.join("bad.pgc"));
    std::fs::write(&cut, &bytes[..half]).expect("written");
    std::fs::write(&bad, &marked).expect("written");
    let mut compared = 0;
    for input in [pgc, &cut, &bad] {
        let one = pgn(&["pgc", "decode", input, "--threads", "1"]);
        assert_eq!(
            text(&one.stdout),
            text(&walked(&std::fs::read(input).expect("the PGC file"))),
            "pgn pgc decode {input}: written as decoded, not as the decoded games walk"
        );
        for piece in pieces {
            let many = pgn(
                &[&["pgc", "decode", input, "--threads", "2"], &piece_args(piece)[..]].concat()
            );
            let what = format!("pgn pgc decode {input} in pieces of {piece}");
            assert_eq!(text(&many.stdout), text(&one.stdout), "{what}: standard output");
            assert_eq!(text(&many.stderr), text(&one.stderr), "{what}: standard error");
            assert_eq!(many.status.code(), one.status.code(), "{what}: exit code");
            compared += 1;
        }
    }
    compared
}

/// The games of a PGC input, up to its first error, decoded into the game
/// model and written by walking each ([`pgn_export::to_vec`]): what
/// `pgn pgc decode` must write, though it writes each game as it is
/// decoded.
fn walked(pgc: &[u8]) -> Vec<u8> {
    let options = pgn_export::ExportOptions::default();
    let games = pgn_pgc::Decoder::new(pgc).map_while(Result::ok).filter_map(|item| match item {
        pgn_pgc::Decoded::Game(game) => Some(pgn_export::to_vec(&game, options)),
        pgn_pgc::Decoded::Escape(_) => None,
    });
    games.flatten().collect()
}

#[test]
fn the_cut_fixtures_read_the_same_in_pieces() {
    let files = testkit::corpus::pgn_files(&data("pieces"));
    assert_eq!(files.len(), 4, "{files:?}");
    for file in &files {
        let bytes = std::fs::read(file).expect("a fixture");
        assert!(cut_places(&bytes) >= 20, "{}: too few places to cut", file.display());
        same_in_pieces(file, &PIECES);
    }
}

/// Asserts that `got` is `want`, showing the first line that differs.
fn same(got: &str, want: &str, what: &str) {
    if got != want {
        let line = got.lines().zip(want.lines()).position(|(g, w)| g != w);
        let show =
            |t: &str| line.and_then(|l| t.lines().nth(l)).unwrap_or("(past the end)").to_owned();
        panic!("{what}: line {line:?} is {:?}, not {:?}", show(got), show(want));
    }
}

/// Standard input and a compressed file are read in pieces too: what
/// each command gives from them on two threads is what it gives from the
/// plain file on one.
#[test]
fn standard_input_and_compressed_files_read_the_same_in_pieces() {
    use std::io::Write;
    let dir = TempDir::new("pieces-streams");
    for file in testkit::corpus::pgn_files(&data("pieces")) {
        let bytes = std::fs::read(&file).expect("a fixture");
        let name = file.to_str().expect("a UTF-8 path");
        let gz = dir.join("input.pgn.gz");
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(&bytes).expect("compressed");
        std::fs::write(&gz, encoder.finish().expect("compressed")).expect("written");
        for &run in &RUNS[..4] {
            let one = pgn(&[run, &[name, "--threads", "1"]].concat());
            // The file name in diagnostics differs; the rest must not.
            let as_file = |out: &Output, input: &str| text(&out.stderr).replace(input, name);
            for piece in ["1", "300"] {
                let many = pgn_with_stdin(
                    &[run, &["-", "--threads", "2"], &piece_args(piece)].concat(),
                    &bytes,
                );
                let what = format!("pgn {} - in pieces of {piece} ({name})", run.join(" "));
                let stdout = text(&many.stdout).replace("# -:", &format!("# {name}:"));
                same(&stdout, &text(&one.stdout), &what);
                same(&as_file(&many, "-:"), &as_file(&one, &format!("{name}:")), &what);
                assert_eq!(many.status.code(), one.status.code(), "{what}");
                let many = pgn(&[run, &[&gz, "--threads", "2"], &piece_args(piece)].concat());
                let what = format!("pgn {} {gz} in pieces of {piece} ({name})", run.join(" "));
                same(&text(&many.stdout).replace(&gz, name), &text(&one.stdout), &what);
                same(&as_file(&many, &gz), &as_file(&one, name), &what);
                assert_eq!(many.status.code(), one.status.code(), "{what}");
            }
        }
        // PGC from standard input, decoded in pieces.
        let pgc = dir.join("input.pgc");
        let _ = std::fs::remove_file(&pgc);
        pgn(&["pgc", "encode", "--lossy", name, "-o", &pgc, "--threads", "1"]);
        let Ok(bytes) = std::fs::read(&pgc) else { continue };
        let one = pgn(&["pgc", "decode", &pgc, "--threads", "1"]);
        for piece in ["1", "300"] {
            let args = [&["pgc", "decode", "-", "--threads", "2"][..], &piece_args(piece)].concat();
            let many = pgn_with_stdin(&args, &bytes);
            let what = format!("pgn pgc decode - in pieces of {piece} ({name})");
            same(&text(&many.stdout), &text(&one.stdout), &what);
            same(
                &text(&many.stderr).replace("-:", "IN:"),
                &text(&one.stderr).replace(&format!("{pgc}:"), "IN:"),
                &what,
            );
            assert_eq!(many.status.code(), one.status.code(), "{what}");
        }
    }
}

#[test]
fn the_selection_export_and_pgc_fixtures_read_the_same_in_pieces() {
    let mut compared = 0;
    for dir in ["select", "export", "syntax", "pgc"] {
        for file in testkit::corpus::pgn_files(&data(dir)) {
            compared += same_in_pieces(&file, &PIECES[..1]);
        }
    }
    assert!(compared > 400, "{compared} runs compared");
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn the_corpus_reads_the_same_in_pieces() {
    let corpus = testkit::corpus::dir();
    let mut files = testkit::corpus::pgn_files(&corpus.join("pgn"));
    files.extend(testkit::corpus::pgn_files(&corpus.join("bench")));
    assert!(files.len() > 100, "{} corpus files", files.len());
    let mut cut = 0;
    for file in &files {
        let bytes = std::fs::read(file).expect("a corpus file");
        cut += usize::from(cut_places(&bytes) > 0);
        // Every cut for small files; the large ones in pieces of a few
        // games, which still makes thousands of pieces.
        let pieces: &[&str] = if bytes.len() < 200_000 { &PIECES[..1] } else { &PIECES[1..2] };
        same_in_pieces(file, pieces);
    }
    assert!(cut > 50, "{cut} corpus files with places to cut");
}
