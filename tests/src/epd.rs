//! §16.2 EPD: the reviewed fixtures of `tests/data/epd` and the corpus's
//! `epd/` folder, read with `fen-epd` and resolved with `san`.
//!
//! # Fixtures
//!
//! One file per part of §16.2, many records per file, one per line, each
//! preceded by a `#` comment line saying what the case is (`EpdReader`
//! skips `#` lines):
//!
//! - `1624_<name>.epd`: §16.2 itself (the four fields, opcode syntax,
//!   strings, order and spacing, unknown opcodes, move counters, canonical
//!   writing); row `§16.2 EPD (fixtures)`.
//! - `1625_<opcode>.epd`: one opcode of §16.2.5 (`1625_c0_c9.epd` and
//!   `1625_v0_v9.epd` for the two register families); one row each,
//!   `§16.2.5 <opcode>` ([`OPCODE_ROWS`]).
//!
//! Each record renders ([`render_records`]) as a block: its line and case
//! comment, its input, then either its canonical form (ruling D1: the
//! record resolved by `san::resolve_epd`, written by `Epd::write_canonical`)
//! or why it was left out, then every diagnostic of both layers in input
//! order, as `pgn epd` prints them (`LINE:COL: error|warning|note: message`;
//! a diagnostic of the position, and a write error, sit at column 1 of the
//! record). An accepted record's canonical form is also read back,
//! resolved and written again ([`round_trip`]): it must give the same bytes
//! and no diagnostic but the ones the canonical form keeps by design.
//!
//! The blocks of a file, separated by blank lines, make its insta snapshot
//! `tests/tests/snapshots/epd@<file>.snap`, written by
//! `tests/epd_fixtures.rs`. The rows count **one case per record**: the
//! snapshot is split into its blocks (each starts with a `line N:` header
//! at column 0) and the record's block is compared with the block at the
//! same index. A record passes when its block equals the reviewed one, its
//! round trip holds, and it has its `#` comment. A reviewed block with no
//! record left (a record removed from the fixture without updating the
//! snapshot) is one more failed case; a missing snapshot fails every record
//! of the file.
//!
//! To add a case, add the comment and the record and run
//! `INSTA_UPDATE=always cargo test -p pgn-tests --test epd_fixtures`, then
//! review the changed `.snap` file.
//!
//! # Corpus
//!
//! `§16.2 EPD corpus`: every record of every file under the corpus's `epd/`
//! folder is a case. It passes when `fen-epd` accepts it (all but
//! [`EXPECTED_REJECTIONS`]), `resolve_epd` and canonical writing give no
//! error (all but [`EXPECTED_ERRORS`], each checked for its message), and
//! its canonical form is stable ([`round_trip`]).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use fen_epd::{Epd, EpdLine, EpdReader, EpdWarningKind, Location, Opcode, Severity};
use san::resolve_epd;

use crate::reading::no_panic;
use crate::snapshot::{self, list_files};
use crate::{Check, Context, Section};

/// The opcode rows: the row's opcode (or register family) and its fixture
/// below [`fixtures_dir`]. Every opcode of §16.2.5 is in one row (a unit
/// test checks it against `fen_epd::Opcode::ALL`).
pub const OPCODE_ROWS: &[(&str, &str)] = &[
    ("acn", "1625_acn.epd"),
    ("acs", "1625_acs.epd"),
    ("am", "1625_am.epd"),
    ("bm", "1625_bm.epd"),
    ("c0–c9", "1625_c0_c9.epd"),
    ("ce", "1625_ce.epd"),
    ("dm", "1625_dm.epd"),
    ("draw_accept", "1625_draw_accept.epd"),
    ("draw_claim", "1625_draw_claim.epd"),
    ("draw_offer", "1625_draw_offer.epd"),
    ("draw_reject", "1625_draw_reject.epd"),
    ("eco", "1625_eco.epd"),
    ("fmvn", "1625_fmvn.epd"),
    ("hmvc", "1625_hmvc.epd"),
    ("id", "1625_id.epd"),
    ("nic", "1625_nic.epd"),
    ("noop", "1625_noop.epd"),
    ("pm", "1625_pm.epd"),
    ("pv", "1625_pv.epd"),
    ("rc", "1625_rc.epd"),
    ("resign", "1625_resign.epd"),
    ("sm", "1625_sm.epd"),
    ("tcgs", "1625_tcgs.epd"),
    ("tcri", "1625_tcri.epd"),
    ("tcsi", "1625_tcsi.epd"),
    ("v0–v9", "1625_v0_v9.epd"),
];

/// The prefix of the fixtures of §16.2 itself.
const GENERAL_PREFIX: &str = "1624_";

/// The corpus records `fen-epd` rejects: `(path below epd/, line, error
/// message, reason)`. Any other record must be accepted.
pub const EXPECTED_REJECTIONS: &[(&str, usize, &str, &str)] = &[(
    "sunfish/3fold.epd",
    3,
    "unterminated string",
    "the c0 string `\"bm g5g2; am g5f5;` has no closing quote",
)];

/// The accepted corpus records that still give an error, from `san`
/// (resolving the move operands) or from canonical writing: `(path below
/// epd/, line, the first error's message, reason)`. Any other accepted
/// record must resolve and be written without error.
pub const EXPECTED_ERRORS: &[(&str, usize, &str, &str)] = &[
    (
        "python-chess/fuzz-string-escaping.epd",
        1,
        "operand 1 of a holds a quote, which an epd string cannot",
        "the backslash-escaped string `\"foo\\\"bar\"` holds a quote, which an EPD \
         string cannot hold (ruling D5)",
    ),
    (
        "sunfish/ccr_one_hour_test.epd",
        3,
        "operand 1 of am \"Ne5\": ambiguous move (g4e5 and c6e5 match)",
        "genuinely ambiguous: the knights on c6 and g4 both capture on e5; \
         python-chess agrees",
    ),
    (
        "sunfish/ccr_one_hour_test.epd",
        6,
        "operand 1 of bm \"Bcx3+\": not a move (no destination square)",
        "`Bcx3+` is no SAN (no file x, no rank 3 after it); meant `Bxc3+`",
    ),
];

/// Every EPD row: the fixtures of §16.2, one row per opcode, the corpus.
pub fn checks() -> Vec<Check> {
    let mut checks = vec![
        Check::new("§16.2 EPD (fixtures)", general_row)
            .fixtures(&["tests/data/epd/1624_*.epd"])
            .rulings(&["D1", "D3", "D4", "D5"]),
    ];
    for &(opcode, file) in OPCODE_ROWS {
        checks.push(
            Check::new(format!("§16.2.5 {opcode}"), move |_: &Context, section| {
                fixture_cases(&fixtures_dir().join(file), section);
            })
            .fixtures(&["tests/data/epd/1625_*.epd"])
            .rulings(&["D1", "D2"]),
        );
    }
    checks.push(
        Check::new("§16.2 EPD corpus", corpus_row)
            .fixtures(&["corpus:epd/"])
            .rulings(&["D2", "D4"]),
    );
    checks
}

/// The folder of the fixtures: `tests/data/epd`.
pub fn fixtures_dir() -> PathBuf {
    crate::crate_dir().join("data/epd")
}

/// The insta snapshot of a fixture: `tests/tests/snapshots/epd@<file>.snap`,
/// the name `insta::glob!` in `tests/epd_fixtures.rs` gives it.
pub fn snapshot_path(fixture: &Path) -> PathBuf {
    snapshot::glob_snapshot_path("epd", &fixtures_dir(), fixture)
}

/// The rendering of one record of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordReport {
    /// The record's line.
    pub line: usize,
    /// Whether a `#` comment line comes right before it.
    pub commented: bool,
    /// Its block of the snapshot (no final line break).
    pub block: String,
    /// Its round trip: `Err` says what went wrong (always `Ok` for a record
    /// left out).
    pub round_trip: Result<(), String>,
}

/// What came of one record: its canonical bytes or why it was left out,
/// and its diagnostics, in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The canonical record (ruling D1), or why it was left out.
    pub canonical: Result<Vec<u8>, &'static str>,
    /// `(place, severity, message)`, sorted by place.
    pub diagnostics: Vec<(Location, Severity, String)>,
}

impl Outcome {
    /// The message of the first error, if any.
    pub fn first_error(&self) -> Option<&str> {
        self.diagnostics
            .iter()
            .find(|(_, severity, _)| *severity == Severity::Error)
            .map(|(_, _, m)| m.as_str())
    }
}

/// Reads, resolves and writes one record as `pgn epd` does: the
/// diagnostics of `fen-epd` (the record's warnings and error), of `san`
/// (position and move operands; those without a place sit at the record's
/// start) and of canonical writing (at the record's start), sorted by
/// place with ties in that order.
pub fn outcome(record: &EpdLine) -> Outcome {
    let mut diagnostics: Vec<(Location, Severity, String)> = record
        .warnings
        .iter()
        .map(|w| (w.location, w.kind.severity(), w.kind.to_string()))
        .collect();
    let start = Location { offset: record.offset, line: record.line, column: 1 };
    let canonical = match &record.result {
        Err(e) => {
            diagnostics.push((e.location, Severity::Error, e.kind.to_string()));
            Err("rejected by fen-epd")
        }
        Ok(epd) => {
            let resolved = resolve_epd(epd);
            for d in &resolved.diagnostics {
                diagnostics.push((d.location.unwrap_or(start), d.severity(), d.to_string()));
            }
            match resolved.canonical(epd) {
                None if resolved.moves.is_none() => Err("illegal position (ruling F3)"),
                None => Err("a move operand does not resolve"),
                Some(canonical) => {
                    let mut out = Vec::new();
                    match canonical.write_canonical(&mut out) {
                        Ok(()) => Ok(out),
                        Err(e) => {
                            diagnostics.push((start, Severity::Error, e.to_string()));
                            Err("cannot be written")
                        }
                    }
                }
            }
        }
    };
    diagnostics.sort_by_key(|(at, ..)| at.offset);
    Outcome { canonical, diagnostics }
}

/// Reads back a canonical record (`line`, as written), resolves it and
/// writes it again: the bytes must be the same, and the only diagnostics
/// allowed are those the canonical form keeps by design: a `dm` of 0 or
/// below (kept as read, with its warning, and with the plus sign warning
/// of `dm +0`) and a control byte in a string (kept as read). A repaired
/// position is written repaired, so it reads back without a warning.
pub fn round_trip(line: &[u8]) -> Result<(), String> {
    let mut warnings = Vec::new();
    let epd = Epd::from_ascii_with_warnings(line, &mut warnings)
        .map_err(|e| format!("the canonical form does not read back: {e}"))?;
    // The leniency's operand, kept as read, warns again: `dm 0` with one
    // warning, `dm +0` with two at the same place (ruling D2 leniency).
    let inherent: Vec<Location> = warnings
        .iter()
        .filter(|w| matches!(w.kind, EpdWarningKind::NonPositiveDirectMate { .. }))
        .map(|w| w.location)
        .collect();
    if let Some(w) = warnings.iter().find(|w| match w.kind {
        // Kept as read, so warned about again: a control byte in a string.
        EpdWarningKind::NonPositiveDirectMate { .. } | EpdWarningKind::ControlInString => false,
        EpdWarningKind::PlusSign { opcode: Opcode::Dm } => !inherent.contains(&w.location),
        _ => true,
    }) {
        return Err(format!("the canonical form reads back with a warning: {w}"));
    }
    let resolved = resolve_epd(&epd);
    if let Some(d) = resolved.diagnostics.first() {
        return Err(format!("the canonical form resolves with a diagnostic: {d}"));
    }
    let again = resolved
        .canonical(&epd)
        .ok_or("the canonical form does not resolve")?
        .to_canonical()
        .map_err(|e| format!("the canonical form cannot be written again: {e}"))?;
    if again != line {
        return Err(format!("written again as `{}`", show(&again)));
    }
    Ok(())
}

/// Bytes as text: as they are when they are UTF-8 without control
/// characters or white space at either end, else quoted with escapes (so
/// that a snapshot, whose lines insta trims, shows them).
fn show(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) if !text.chars().any(char::is_control) && text.trim() == text => text.to_owned(),
        _ => snapshot::quote(bytes, usize::MAX),
    }
}

/// A block as the snapshot holds it: no white space at line ends.
fn normalize_block(block: &str) -> String {
    let lines: Vec<&str> = block.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end().to_owned()
}

/// The `#` comment lines right above line `line` (from 1) of `lines`,
/// without their `#`, joined by spaces.
fn comment_above(lines: &[&[u8]], line: usize) -> Option<String> {
    let mut texts = Vec::new();
    let mut i = line - 1;
    while i > 0 {
        let text = lines[i - 1].trim_ascii();
        let Some(comment) = text.strip_prefix(b"#") else { break };
        texts.push(String::from_utf8_lossy(comment.trim_ascii()).into_owned());
        i -= 1;
    }
    texts.reverse();
    (!texts.is_empty()).then(|| texts.join(" "))
}

/// The lines of `input` as `EpdReader` cuts them (LF, CR LF or CR).
fn split_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut lines = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let len = rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len());
        lines.push(&rest[..len]);
        rest = match &rest[len..] {
            [b'\r', b'\n', tail @ ..] => tail,
            [_, tail @ ..] => tail,
            [] => &[],
        };
    }
    lines
}

/// Every record of a fixture file, rendered.
pub fn render_records(input: &[u8]) -> Vec<RecordReport> {
    let lines = split_lines(input);
    EpdReader::new(input)
        .map(|record| {
            let line = usize::try_from(record.line).unwrap_or(usize::MAX);
            let comment = comment_above(&lines, line);
            let mut block =
                format!("line {}: {}\n", record.line, comment.as_deref().unwrap_or("-"));
            let text = lines.get(line - 1).copied().unwrap_or_default();
            let _ = writeln!(block, "  input: {}", show(text));
            let outcome = outcome(&record);
            let round_trip = match &outcome.canonical {
                Ok(canonical) => {
                    let _ = writeln!(block, "  canonical: {}", show(canonical));
                    round_trip(canonical)
                }
                Err(reason) => {
                    let _ = writeln!(block, "  left out: {reason}");
                    Ok(())
                }
            };
            for (at, severity, message) in &outcome.diagnostics {
                let _ = writeln!(block, "  {}:{}: {severity}: {message}", at.line, at.column);
            }
            if let Err(e) = &round_trip {
                let _ = writeln!(block, "  round trip FAILED: {e}");
            }
            block.pop();
            RecordReport { line, commented: comment.is_some(), block, round_trip }
        })
        .collect()
}

/// The snapshot text of a fixture file: its records' blocks, separated by
/// blank lines.
pub fn render_fixture(input: &[u8]) -> String {
    let blocks: Vec<String> = render_records(input).into_iter().map(|r| r.block).collect();
    blocks.join("\n\n")
}

/// The blocks of a snapshot body: each starts at a line that begins with
/// `line ` at column 0; blank lines between them are dropped.
fn split_blocks(body: &str) -> Vec<String> {
    let mut blocks: Vec<String> = Vec::new();
    for line in snapshot::normalize(body).lines() {
        if line.starts_with("line ") {
            blocks.push(line.trim_end().to_owned());
        } else if let Some(block) = blocks.last_mut()
            && !line.trim().is_empty()
        {
            block.push('\n');
            block.push_str(line.trim_end());
        }
    }
    blocks
}

/// The cases of one fixture file: one per record, and one failed case per
/// reviewed block that no record matches any more.
fn fixture_cases(fixture: &Path, section: &mut Section) {
    let shown = fixture.strip_prefix(crate::crate_dir()).unwrap_or(fixture).display().to_string();
    let input = match fs::read(fixture) {
        Ok(input) => input,
        Err(e) => return section.fail(format!("{shown}: cannot read: {e}")),
    };
    let records = match no_panic(|| render_records(&input)) {
        Ok(records) => records,
        Err(e) => return section.fail(format!("{shown}: {e}")),
    };
    if records.is_empty() {
        section.fail(format!("{shown}: no records"));
    }
    let snapshot = snapshot_path(fixture);
    let reviewed = match fs::read_to_string(&snapshot) {
        Ok(text) => Ok(split_blocks(snapshot::snapshot_body(&text))),
        Err(e) => Err(format!(
            "no reviewed snapshot {} ({e}): run INSTA_UPDATE=always cargo test -p pgn-tests \
             --test epd_fixtures and review it",
            snapshot.display()
        )),
    };
    for (index, record) in records.iter().enumerate() {
        let outcome = check_record(record, reviewed.as_ref().map(|b| b.get(index)));
        section.record(outcome.map_err(|e| format!("{shown}:{}: {e}", record.line)));
    }
    if let Ok(blocks) = &reviewed {
        for block in blocks.iter().skip(records.len()) {
            let header = block.lines().next().unwrap_or_default();
            section.fail(format!("{shown}: reviewed record `{header}` is not in the fixture"));
        }
    }
}

fn check_record(
    record: &RecordReport,
    reviewed: Result<Option<&String>, &String>,
) -> Result<(), String> {
    if !record.commented {
        return Err("no `#` comment line above the record says what the case is".to_owned());
    }
    record.round_trip.clone()?;
    match reviewed {
        Err(e) => Err(e.clone()),
        Ok(None) => Err(format!("not in the reviewed snapshot:\n{}", record.block)),
        Ok(Some(block)) if *block == normalize_block(&record.block) => Ok(()),
        Ok(Some(block)) => Err(format!(
            "rendering differs from its snapshot:\n{}\n--- reviewed:\n{block}",
            record.block
        )),
    }
}

/// The `§16.2 EPD (fixtures)` row: the records of every `1624_*.epd`, and
/// the fixture set's own problems (a file that no row counts, a snapshot
/// without its fixture).
fn general_row(_ctx: &Context, section: &mut Section) {
    let mut files = Vec::new();
    if let Err(e) = list_files(&fixtures_dir(), &mut files) {
        section.fail(format!("cannot list {}: {e}", fixtures_dir().display()));
    }
    let name = |path: &Path| path.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut general = 0;
    for path in &files {
        let file = name(path).unwrap_or_default();
        if file.starts_with(GENERAL_PREFIX) && file.ends_with(".epd") {
            general += 1;
            fixture_cases(path, section);
        } else if !OPCODE_ROWS.iter().any(|&(_, f)| f == file) {
            section.fail(format!(
                "{}: not counted by any row (1624_<name>.epd, or a file of OPCODE_ROWS)",
                path.display()
            ));
        }
    }
    if general == 0 {
        section.fail("no 1624_*.epd fixtures".to_owned());
    }
    for snapshot in snapshot::snapshots_named("epd@") {
        if !files.iter().any(|fixture| snapshot_path(fixture) == snapshot) {
            section.fail(format!("{}: snapshot without a fixture", snapshot.display()));
        }
    }
}

/// The `§16.2 EPD corpus` row: one case per record of the corpus's `epd/`.
fn corpus_row(ctx: &Context, section: &mut Section) {
    let root = ctx.corpus_file("epd");
    let mut files = Vec::new();
    if let Err(e) = list_files(&root, &mut files) {
        return section.fail(format!("cannot list {}: {e}", root.display()));
    }
    let mut seen = Vec::new();
    for path in &files {
        let name = path.strip_prefix(&root).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let input = match fs::read(path) {
            Ok(input) => input,
            Err(e) => {
                section.fail(format!("epd/{name}: cannot read: {e}"));
                continue;
            }
        };
        let checked = no_panic(|| {
            EpdReader::new(&input)
                .map(|record| (record.line, check_corpus_record(&name, &record)))
                .collect::<Vec<_>>()
        });
        match checked {
            Ok(records) => {
                for (line, outcome) in records {
                    if outcome.is_ok() {
                        seen.push((name.clone(), line));
                    }
                    section.record(outcome.map_err(|e| format!("epd/{name}:{line}: {e}")));
                }
            }
            Err(e) => section.fail(format!("epd/{name}: {e}")),
        }
    }
    let expected = EXPECTED_REJECTIONS.iter().chain(EXPECTED_ERRORS);
    for &(file, line, ..) in expected {
        if !seen.iter().any(|(f, l)| f == file && *l == line as u64) {
            section.fail(format!("epd/{file}:{line}: listed as expected but not found"));
        }
    }
}

/// One corpus record: accepted, resolved and written as expected, and its
/// canonical form stable.
fn check_corpus_record(name: &str, record: &EpdLine) -> Result<(), String> {
    let find = |table: &[(&'static str, usize, &'static str, &'static str)]| {
        table.iter().find(|(file, line, ..)| *file == name && *line as u64 == record.line).copied()
    };
    match (&record.result, find(EXPECTED_REJECTIONS)) {
        (Err(e), Some((.., message, _))) if e.kind.to_string() == message => return Ok(()),
        (Err(e), Some((.., message, _))) => {
            return Err(format!("rejected with `{e}`, expected `{message}`"));
        }
        (Err(e), None) => return Err(format!("rejected: {e}")),
        (Ok(_), Some((.., message, _))) => {
            return Err(format!("accepted, expected a rejection: `{message}`"));
        }
        (Ok(_), None) => {}
    }
    let outcome = outcome(record);
    match (outcome.first_error(), find(EXPECTED_ERRORS)) {
        (Some(found), Some((.., message, _))) if found == message => Ok(()),
        (Some(found), Some((.., message, _))) => {
            Err(format!("error `{found}`, expected `{message}`"))
        }
        (Some(found), None) => Err(format!("error: {found}")),
        (None, Some((.., message, _))) => Err(format!("no error, expected `{message}`")),
        (None, None) => match &outcome.canonical {
            Ok(canonical) => round_trip(canonical),
            Err(reason) => Err(format!("left out without an error: {reason}")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_has_a_row() {
        for opcode in Opcode::ALL {
            let mnemonic = opcode.as_str();
            let file = match opcode.register() {
                Some(_) => format!("1625_{}0_{}9.epd", &mnemonic[..1], &mnemonic[..1]),
                None => format!("1625_{mnemonic}.epd"),
            };
            assert!(OPCODE_ROWS.iter().any(|&(_, f)| f == file), "{mnemonic}: no row for {file}");
        }
        assert_eq!(OPCODE_ROWS.len(), Opcode::ALL.len() - 18);
    }

    #[test]
    fn blocks_and_comments() {
        let input = b"# first case\n# more words\n4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\n\n\
                      4k3/8/8/8/8/8/8/4K3 w - - id \"b\"\r\n";
        let records = render_records(input);
        assert_eq!(records.len(), 2);
        assert!(records[0].block.starts_with("line 3: first case more words\n  input: "));
        assert!(!records[1].commented);
        assert_eq!(records[1].line, 5);
        assert!(records.iter().all(|r| r.round_trip.is_ok()));
        let rendered = render_fixture(input);
        let blocks = split_blocks(&format!("{rendered}\n"));
        assert_eq!(blocks, [records[0].block.clone(), records[1].block.clone()]);
    }

    #[test]
    fn round_trip_catches_unstable_forms() {
        assert_eq!(round_trip(b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; dm -1;"), Ok(()));
        assert!(round_trip(b"4k3/8/8/8/8/8/8/4K3 w - - id \"a\"; bm Kd2;").is_err());
        assert!(round_trip(b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2+;").is_err());
    }

    #[test]
    fn snapshot_names_follow_insta_glob() {
        let snapshot = snapshot_path(&fixtures_dir().join("1625_bm.epd"));
        assert!(snapshot.ends_with("tests/snapshots/epd@1625_bm.epd.snap"));
    }
}
