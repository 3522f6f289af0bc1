//! `pgn pgc` as a user meets it: encode, decode and dump, the summary
//! lines and exit codes, games left out with an error or dropped from
//! with `--lossy`, compressed PGC, and a malformed file reported at its
//! byte with the games before it written.

mod common;

use common::{TempDir, pgn, text};

const PLAIN: &str = "[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 $1) 2... Nc6 1-0\n\n";
const COMMENTED: &str = "[Event \"b\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 {a comment} d5 *\n\n";

/// The last line of standard error.
fn summary(out: &std::process::Output) -> String {
    text(&out.stderr).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn encode_then_decode_gives_the_export() {
    let dir = TempDir::new("pgc-round");
    let input = dir.file("in.pgn", &format!("{PLAIN}{COMMENTED}"));
    let pgc = dir.join("out.pgc");
    // Strict: the game with a comment is left out with an error.
    let out = pgn(&["pgc", "encode", &input, "-o", &pgc]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("game 2: error: game not encoded: a comment after ply 1"),
        "{}",
        text(&out.stderr)
    );
    let size = std::fs::metadata(&pgc).expect("written").len();
    assert_eq!(
        summary(&out),
        format!("games=2 bytes_in={} bytes_out={size} errors=1", PLAIN.len() + COMMENTED.len())
    );
    // Lossy: both, the comment counted.
    let out = pgn(&["pgc", "encode", "--lossy", &input, "-o", &pgc]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(summary(&out).ends_with(
        "errors=0 dropped_comments=1 dropped_null_moves=0 dropped_moves=0 dropped_annotations=0"
    ));
    let decoded = pgn(&["pgc", "decode", &pgc]);
    assert_eq!(decoded.status.code(), Some(0), "{}", text(&decoded.stderr));
    let exported = pgn(&["export", "--no-comments", &input]);
    assert_eq!(text(&decoded.stdout), text(&exported.stdout));
    let bytes_in = std::fs::metadata(&pgc).expect("written").len();
    assert_eq!(
        summary(&decoded),
        format!("games=2 bytes_in={bytes_in} bytes_out={} errors=0", decoded.stdout.len())
    );
}

#[test]
fn encode_takes_quiet_and_max_diagnostics_like_every_reading_command() {
    let dir = TempDir::new("pgc-noise");
    let input = dir.file("in.pgn", &COMMENTED.repeat(3));
    let pgc = dir.join("out.pgc");
    let out = pgn(&["pgc", "encode", "--max-diagnostics", "1", &input, "-o", &pgc]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let shown = stderr.lines().filter(|l| l.starts_with(&input) && l.contains("not encoded"));
    assert_eq!(shown.count(), 1, "{stderr}");
    assert!(stderr.contains("pgn pgc encode: 2 more diagnostics not shown (--max-diagnostics 1)"));
    assert!(stderr.contains("pgn pgc encode: 3 × error: game not encoded"), "{stderr}");
    assert!(summary(&out).ends_with("errors=3"), "the count stays complete: {stderr}");
    let out = pgn(&["pgc", "encode", "-q", &input, "-o", &pgc]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "", "nothing: no input was unreadable");
}

/// [`PLAIN`] as `in.pgn` in `dir`, encoded without error into `out.pgc`:
/// both paths.
fn plain_pgc(dir: &TempDir) -> (String, String) {
    let input = dir.file("in.pgn", PLAIN);
    let pgc = dir.join("out.pgc");
    let out = pgn(&["pgc", "encode", &input, "-o", &pgc]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    (input, pgc)
}

#[test]
fn dump_prints_a_line_per_record() {
    let dir = TempDir::new("pgc-dump");
    let (_, pgc) = plain_pgc(&dir);
    let out = pgn(&["pgc", "dump", &pgc]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    // 0x05, seven tag pairs, e4 e5 Nf3, 0x08, f4 exf4, $1, 0x09, Nc6, 0x06.
    assert_eq!(lines.len(), 15, "{lines:#?}");
    assert_eq!(lines[0], "0\t0x05\tgame-begin");
    assert_eq!(lines[1], "1\t0x02\ttag-pair\tEvent \"a\"");
    assert_eq!(lines[8], "74\t0x03\tshort-move-sequence\t3 move(s): 13:e4 12:e5 9:Nf3");
    assert!(lines[14].ends_with("\t0x06\tgame-end"), "{}", lines[14]);
}

#[test]
fn a_malformed_file_is_reported_at_its_byte_after_the_games_before_it() {
    let dir = TempDir::new("pgc-bad");
    let (_, pgc) = plain_pgc(&dir);
    let mut bytes = std::fs::read(&pgc).expect("written");
    let good = bytes.len();
    // A second game cut inside its first tag pair.
    bytes.extend_from_slice(&[0x05, 0x02, 0x05, b'E']);
    std::fs::write(&pgc, &bytes).expect("rewritten");
    let out = pgn(&["pgc", "decode", &pgc]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).ends_with("2... Nc6 1-0\n\n"), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    let at = good + 2;
    assert!(
        stderr.contains(&format!("error: byte {at}: length 5 goes past the end of the input")),
        "{stderr}"
    );
    assert!(summary(&out).starts_with("games=1 ") && summary(&out).ends_with(" errors=1"));
    // Dump shows the records before the error, and says the same.
    let out = pgn(&["pgc", "dump", &pgc]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains(&format!("byte {at}")), "{}", text(&out.stderr));
}

#[test]
fn compressed_pgc_is_read_and_a_pgn_file_is_not_pgc() {
    let dir = TempDir::new("pgc-zst");
    let (input, pgc) = plain_pgc(&dir);
    let bytes = std::fs::read(&pgc).expect("written");
    let compressed = dir.join("out.pgc.zst");
    std::fs::write(&compressed, zstd::encode_all(&bytes[..], 3).expect("zstd")).expect("written");
    let plain = pgn(&["pgc", "decode", &pgc]);
    let unpacked = pgn(&["pgc", "decode", &compressed]);
    assert_eq!(unpacked.status.code(), Some(0), "{}", text(&unpacked.stderr));
    assert_eq!(plain.stdout, unpacked.stdout);
    // PGN text is no PGC, and is told apart at once.
    let out = pgn(&["pgc", "decode", &input]);
    assert_eq!(out.status.code(), Some(2));
    let why = "looks like PGN text, not PGC: pgn pgc encode makes PGC of it";
    assert!(text(&out.stderr).contains(why), "{}", text(&out.stderr));
}
