//! Reads every file of the corpus's `epd/` folder with `EpdReader`: exact
//! record counts (checked against the corpus README's "data lines"), every
//! record accepted except the known malformed ones (each named by line and
//! kind), the leniencies each file needs, and for every accepted record a
//! canonical form that is stable (write → read → write gives the same
//! bytes, ruling D1).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fen_epd::{EpdError, EpdErrorKind, EpdReader, EpdWarningKind, Opcode, Register, WriteEpdError};

fn corpus() -> PathBuf {
    std::env::var_os("PGN_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
        PathBuf::from,
    )
}

fn epd_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![corpus().join("epd")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() { dirs.push(path) } else { files.push(path) }
        }
    }
    files.sort();
    files
}

/// The corpus README's per-file inventory: `epd/...` → data lines.
fn readme_data_lines() -> BTreeMap<String, usize> {
    let readme = std::fs::read_to_string(corpus().join("README.md")).expect("corpus README");
    readme
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let path = cells.get(1)?.strip_prefix("`epd/")?.strip_suffix('`')?;
            let count = cells.get(3)?.strip_suffix(" data lines")?.parse().ok()?;
            Some((path.to_string(), count))
        })
        .collect()
}

/// What a file holds: records, skipped (blank and `#`) lines, and the
/// lines of the records that are rejected.
struct Expected {
    records: usize,
    skipped: usize,
    rejected: &'static [usize],
}

fn expected(name: &str) -> Expected {
    let (records, skipped, rejected): (usize, usize, &'static [usize]) = match name {
        "arasan/arasan2024.epd" => (200, 0, &[]),
        "arasan/bt2630.epd" => (30, 1, &[]),
        "arasan/ecmgcp.epd" => (183, 0, &[]),
        "arasan/eet.epd" => (100, 0, &[]),
        "arasan/iq4.epd" => (183, 1, &[]),
        "arasan/lapuce2.epd" => (35, 1, &[]),
        "arasan/pet.epd" => (48, 1, &[]),
        "arasan/prof.epd" => (8, 1, &[]),
        "arasan/wacnew.epd" => (300, 0, &[]),
        "ecm.epd" => (879, 0, &[]),
        "python-chess/bratko-kopec.epd" => (24, 0, &[]),
        // dm 0 and negative dm (python-chess's own sign convention):
        // ruling D2 says positive.
        "python-chess/endgame-dm-4.epd" => (48, 8, &[5, 6, 7, 8, 9, 10, 11, 12]),
        "python-chess/endgame-dm-5.epd" => (27, 25, &[5, 6, 28]),
        "python-chess/endgame.epd" => (200, 0, &[]),
        "python-chess/fuzz-pv.epd" => (1, 0, &[]),
        "python-chess/fuzz-string-escaping.epd" => (1, 0, &[]),
        "sts/STS1-STS15_LAN_v3.epd" => (1500, 0, &[]),
        "sts/STS1-STS15_LAN_v5.epd" => (1500, 0, &[]),
        // Line 3: a c0 string without its closing quote.
        "sunfish/3fold.epd" => (4, 0, &[3]),
        "sunfish/avoid_mate.epd" => (1, 0, &[]),
        "sunfish/ccr_one_hour_test.epd" => (25, 0, &[]),
        // Free text after the last operation ("gate-prone", "lower=...",
        // "+175, ...", "pinned-knight, behind"): no opcode syntax.
        "sunfish/terminal_bench.epd" => (
            148,
            0,
            &[
                116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131,
                132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 144,
            ],
        ),
        "wac.epd" => (300, 0, &[]),
        _ => panic!("no expectation for {name}: add one"),
    };
    Expected { records, skipped, rejected }
}

fn check_rejection(name: &str, line: usize, err: &EpdError) {
    assert_eq!(err.location.line, line, "{name}: {err}");
    match name {
        "python-chess/endgame-dm-4.epd" | "python-chess/endgame-dm-5.epd" => assert!(
            matches!(err.kind, EpdErrorKind::OutOfRange { opcode: Opcode::Dm, operand: 1, .. }),
            "{name}: {err}"
        ),
        "sunfish/3fold.epd" => {
            assert_eq!(err.to_string(), "3:65: unterminated string");
        }
        "sunfish/terminal_bench.epd" => assert!(
            matches!(err.kind, EpdErrorKind::InvalidOpcodeCharacter | EpdErrorKind::ExpectedOpcode),
            "{name}: {err}"
        ),
        _ => panic!("{name}: unexpected rejection {err}"),
    }
}

/// Counts of warnings by kind name.
fn warning_counts(path: &Path) -> BTreeMap<&'static str, usize> {
    let data = std::fs::read(path).expect("readable");
    let mut counts = BTreeMap::new();
    for record in EpdReader::new(&data) {
        for w in &record.warnings {
            let name = match w.kind {
                EpdWarningKind::ExtraSpace => "extra space",
                EpdWarningKind::MissingSpace => "missing space",
                EpdWarningKind::TrailingWhitespace => "trailing",
                EpdWarningKind::MissingSemicolon => "semicolon",
                EpdWarningKind::EmptyOperation => "empty",
                EpdWarningKind::OperationOrder { .. } => "order",
                EpdWarningKind::MoveCounters => "counters",
                EpdWarningKind::UnquotedString { .. } => "unquoted",
                EpdWarningKind::EscapedString => "escaped",
                _ => "other",
            };
            *counts.entry(name).or_default() += 1;
        }
    }
    counts
}

#[test]
fn every_corpus_file_reads_as_expected() {
    let files = epd_files();
    assert_eq!(files.len(), 23, "the corpus's epd folder changed");
    let readme = readme_data_lines();
    let root = corpus().join("epd");
    let mut total = 0;
    for path in &files {
        let name =
            path.strip_prefix(&root).expect("under epd/").to_string_lossy().replace('\\', "/");
        let want = expected(&name);
        let data = std::fs::read(path).expect("readable");
        let mut reader = EpdReader::new(&data);
        let mut records = 0;
        let mut rejected = Vec::new();
        for record in reader.by_ref() {
            records += 1;
            match &record.result {
                Ok(epd) => {
                    // Offsets count from the start of the file.
                    let first = epd.operations().first().and_then(|op| op.location);
                    if let Some(at) = first {
                        assert_eq!(at.line, record.line);
                        assert_eq!(at.offset - record.offset + 1, at.column);
                    }
                    check_canonical_is_stable(&name, record.line, epd);
                }
                Err(err) => {
                    check_rejection(&name, record.line, err);
                    rejected.push(record.line);
                }
            }
        }
        assert_eq!(records, want.records, "{name}: records");
        assert_eq!(reader.skipped_lines(), want.skipped, "{name}: skipped lines");
        assert_eq!(rejected, want.rejected, "{name}: rejected lines");
        assert_eq!(readme.get(&name), Some(&records), "{name}: README data lines");
        total += records;
    }
    assert_eq!(total, 5_745);
}

fn check_canonical_is_stable(name: &str, line: usize, epd: &fen_epd::Epd) {
    let first = match epd.to_canonical() {
        Ok(bytes) => bytes,
        Err(WriteEpdError::QuoteInString { mnemonic, operand: 1 })
            if name == "python-chess/fuzz-string-escaping.epd" && mnemonic.as_str() == "a" =>
        {
            // Ruling D5: `foo"bar` (read from a backslash escape) has no
            // EPD form.
            return;
        }
        Err(e) => panic!("{name}:{line}: {e}"),
    };
    let mut warnings = Vec::new();
    let again = fen_epd::Epd::from_ascii_with_warnings(&first, &mut warnings)
        .unwrap_or_else(|e| panic!("{name}:{line}: canonical output rejected: {e}"));
    assert!(warnings.is_empty(), "{name}:{line}: canonical output needs leniency: {warnings:?}");
    assert_eq!(&again, epd, "{name}:{line}: read back differs");
    let second = again.to_canonical().expect("writable once read");
    assert_eq!(
        String::from_utf8_lossy(&first),
        String::from_utf8_lossy(&second),
        "{name}:{line}: write → read → write"
    );
}

#[test]
fn leniencies_per_file() {
    let root = corpus().join("epd");
    let counts = |name: &str| warning_counts(&root.join(name));
    // pet.epd pads spacing between operations (one record is not padded);
    // ecmgcp.epd has two tabs and one trailing space.
    assert_eq!(counts("arasan/pet.epd").get("extra space"), Some(&47));
    assert_eq!(counts("arasan/ecmgcp.epd").get("extra space"), Some(&2));
    assert_eq!(counts("arasan/ecmgcp.epd").get("trailing"), Some(&1));
    // ccr_one_hour_test.epd: six-field FENs, `id` before `bm`, one `;bm`.
    let ccr = counts("sunfish/ccr_one_hour_test.epd");
    assert_eq!(ccr.get("counters"), Some(&25));
    assert_eq!(ccr.get("missing space"), Some(&1));
    // fuzz-string-escaping.epd: `;;` and `; ;`, one escaped quote.
    let fuzz = counts("python-chess/fuzz-string-escaping.epd");
    assert_eq!(fuzz.get("empty"), Some(&2));
    assert_eq!(fuzz.get("escaped"), Some(&1));
    // fuzz-pv.epd: `c0 8` unquoted, no final semicolon.
    let pv = counts("python-chess/fuzz-pv.epd");
    assert_eq!((pv.get("unquoted"), pv.get("semicolon")), (Some(&1), Some(&1)));
    // Standard files need no leniency at all.
    for name in ["wac.epd", "ecm.epd", "arasan/wacnew.epd", "python-chess/bratko-kopec.epd"] {
        assert_eq!(counts(name), BTreeMap::new(), "{name}");
    }
}

#[test]
fn values_read_from_the_corpus() {
    let root = corpus().join("epd");
    let read = |name: &str| std::fs::read(root.join(name)).expect("readable");

    let data = read("wac.epd");
    let first = EpdReader::new(&data).next().expect("a record").result.expect("valid");
    assert_eq!(first.id().expect("id"), "WAC.001");
    assert_eq!(first.best_moves().map(|m| m[0].to_string()).as_deref(), Some("Qg6"));

    let data = read("python-chess/bratko-kopec.epd");
    let bk = EpdReader::new(&data)
        .find(|r| r.result.as_ref().is_ok_and(|e| e.best_moves().is_some_and(|m| m.len() == 2)));
    let bk = bk.expect("a record with two best moves").result.expect("valid");
    let moves: Vec<String> = bk.best_moves().expect("bm").iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["Nd5", "a4"]);
    let text = bk.to_canonical_string().expect("writable");
    assert!(text.contains("bm Nd5 a4;"), "{text}");

    let data = read("python-chess/fuzz-pv.epd");
    let pv = EpdReader::new(&data).next().expect("a record").result.expect("valid");
    assert_eq!(pv.centipawns(), Some(182));
    assert_eq!(pv.analysis_nodes(), Some(106_652));
    assert_eq!(pv.analysis_seconds(), Some(0));
    assert_eq!(pv.predicted_variation().map(<[_]>::len), Some(12));
    assert_eq!(pv.comment(Register::ALL[0]).expect("c0"), "8");

    let data = read("sunfish/ccr_one_hour_test.epd");
    let ccr = EpdReader::new(&data).nth(2).expect("three records").result.expect("valid");
    assert_eq!(
        ccr.to_fen().to_string(),
        "r1bqk2r/ppp2ppp/2n5/4P3/2Bp2n1/5N1P/PP1N1PP1/R2Q1RK1 b kq - 1 10"
    );
    assert_eq!(ccr.avoid_moves().map(|m| m[0].to_string()).as_deref(), Some("Ne5"));

    let data = read("sunfish/3fold.epd");
    let records: Vec<_> = EpdReader::new(&data).collect();
    assert!(records[3].result.is_ok(), "the record after the bad one is read");
    assert_eq!(records[3].line, 4);

    let data = read("python-chess/endgame.epd");
    let eg = EpdReader::new(&data).next().expect("a record").result.expect("valid");
    let wdl = eg.operation_by_name("wdl_table").expect("custom opcode kept (ruling D3)");
    assert!(
        matches!(&wdl.value, fen_epd::Value::Unknown(u) if u.operands()[0].as_integer() == Some(2))
    );

    let data = read("python-chess/endgame-dm-4.epd");
    let dm = EpdReader::new(&data).find_map(|r| r.result.ok()).expect("a valid record");
    assert!(dm.direct_mate().is_some());
}
