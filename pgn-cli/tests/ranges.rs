//! `--range` and `pgn ranges`: the parts of a file, each read on its
//! own, give the games of one read of the whole file, each once, in
//! order; and what is not a plain file is refused.

mod common;

use common::{TempDir, pgn, pgn_with_stdin, text};

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/lichess-sample.pgn");

/// The ranges `pgn ranges` prints for `file` in `parts`.
fn ranges(file: &str, parts: &str) -> Vec<String> {
    let out = pgn(&["ranges", file, "--parts", parts]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_owned).collect()
}

/// What `pgn export` writes of `file`, in `range` if one is given.
fn export(file: &str, range: Option<&str>, threads: &str) -> String {
    let mut args = vec!["export", file, "-q", "--threads", threads];
    if let Some(range) = range {
        args.extend(["--range", range]);
    }
    let out = pgn(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn balanced_ranges_cover_the_file_and_read_each_game_once() {
    let len = std::fs::metadata(SAMPLE).expect("the sample").len();
    let whole = export(SAMPLE, None, "1");
    for parts in ["1", "2", "7", "100"] {
        let ranges = ranges(SAMPLE, parts);
        assert_eq!(ranges.len(), parts.parse::<usize>().expect("a number"));
        let bounds: Vec<(u64, u64)> = ranges
            .iter()
            .map(|r| {
                let (a, b) = r.split_once("..").expect("START..END");
                (a.parse().expect("a number"), b.parse().expect("a number"))
            })
            .collect();
        assert_eq!(bounds.first().map(|b| b.0), Some(0));
        assert_eq!(bounds.last().map(|b| b.1), Some(len));
        assert!(bounds.windows(2).all(|w| w[0].1 == w[1].0), "{ranges:?}");
        let ideal = len / bounds.len() as u64;
        for (a, b) in &bounds {
            // Within a game or two of the ideal size.
            assert!((b - a).abs_diff(ideal) < 8_000, "{parts} parts: {ranges:?}");
        }
        let threads = if parts == "7" { "2" } else { "1" };
        let joined: String = ranges.iter().map(|r| export(SAMPLE, Some(r), threads)).collect();
        assert_eq!(joined, whole, "{parts} parts");
    }
}

#[test]
fn ranges_at_any_bytes_read_each_game_once() {
    let whole = export(SAMPLE, None, "1");
    let len = std::fs::metadata(SAMPLE).expect("the sample").len();
    for cuts in [vec![1, 2, 3], vec![5_000, 5_001, 400_000], vec![len / 3, len - 1]] {
        let mut bounds = vec![0];
        bounds.extend(cuts.iter().copied());
        let mut joined = String::new();
        for (k, start) in bounds.iter().enumerate() {
            let range = match bounds.get(k + 1) {
                Some(end) => format!("{start}..{end}"),
                None => format!("{start}.."),
            };
            joined.push_str(&export(SAMPLE, Some(&range), "2"));
        }
        assert_eq!(joined, whole, "cuts {cuts:?}");
    }
}

#[test]
fn check_counts_of_the_parts_add_up() {
    let counts = |args: &[&str]| -> Vec<u64> {
        let out = pgn(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let line = text(&out.stdout);
        let last = line.lines().last().unwrap_or_default().to_owned();
        last.split(' ')
            .filter_map(|kv| kv.split_once('='))
            .filter(|(k, _)| ["games", "moves", "errors", "warnings"].contains(k))
            .map(|(_, v)| v.parse().expect("a count"))
            .collect()
    };
    let whole = counts(&["check", SAMPLE]);
    let mut sum = vec![0; whole.len()];
    for range in ranges(SAMPLE, "3") {
        let part = counts(&["check", SAMPLE, "--range", &range]);
        sum.iter_mut().zip(part).for_each(|(s, p)| *s += p);
    }
    assert_eq!(sum, whole);
    assert!(whole[0] > 100, "{whole:?}");
}

#[test]
fn a_range_needs_a_plain_file_of_pgn() {
    let dir = TempDir::new("ranges-refused");
    // The gzip magic number: a compressed file.
    let gz = dir.join("games.pgn.gz");
    std::fs::write(&gz, [0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0]).expect("written");
    let out = pgn(&["check", &gz, "--range", "0..10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("compressed (gzip): decompress it first"),
        "{}",
        text(&out.stderr)
    );
    let out = pgn(&["ranges", &gz, "--parts", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("compressed (gzip)"), "{}", text(&out.stderr));

    let out = pgn_with_stdin(&["stats", "-", "--range", "0..10"], b"1. e4 *\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not of standard input"), "{}", text(&out.stderr));

    let pgc = dir.join("games.pgc");
    let out = pgn(&["pgc", "encode", SAMPLE, "-o", &pgc, "-q"]);
    assert!(std::path::Path::new(&pgc).exists(), "{}", text(&out.stderr));
    let out = pgn(&["pgc", "decode", &pgc, "--range", "0..10"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("parts of PGN files only"), "{}", text(&out.stderr));

    for bad in ["10..5", "a..b", "5", "..5", "+1..3", "99999999999999999999.."] {
        let out = pgn(&["check", SAMPLE, "--range", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).contains("not a byte range"), "{bad}: {}", text(&out.stderr));
    }
}

#[test]
fn a_range_without_a_game_start_reads_no_games() {
    let len = std::fs::metadata(SAMPLE).expect("the sample").len();
    let end = format!("{}..", len - 2);
    let out = pgn(&["check", SAMPLE, "--range", &end]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("games=0 "), "{}", text(&out.stdout));
    // Messages count lines from the range's first game; offsets are the file's.
    let dir = TempDir::new("ranges-lines");
    let file = dir.file("two.pgn", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e4 *\n");
    let out = pgn(&["check", &file, "--range", "5.."]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(":3:7: game 1: error: illegal move"), "{stderr}");
}
