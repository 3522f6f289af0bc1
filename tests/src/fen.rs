//! §16.1 FEN: round trips over the corpus, and the reviewed fixtures of
//! `tests/data/fen`.
//!
//! - **Round trip** (`§16.1 FEN (round trip)`): every FEN line of the
//!   corpus (`fen/` and the positions of `perft/`) is judged by what its
//!   file is expected to hold (`CORPUS` below): a legal position in canonical
//!   form must be written back byte for byte (`write(parse(x)) == x`);
//!   variant or broken FENs must be rejected, which counts as a passed case.
//! - **Fixtures** (`§16.1 FEN (fixtures)`): one small input file per rule,
//!   `ok/NNNN_name.fen` for an accepting rule and `err/NNNN_name.fen` for a
//!   rejecting one. Each renders to a short report ([`render_report`]) that
//!   is compared with its reviewed insta snapshot in `tests/snapshots/`. The
//!   test `tests/fen_fixtures.rs` writes and checks those snapshots with
//!   insta; the harness reads them directly so it needs no insta.
//!
//! To add a fixture, add the file and run
//! `INSTA_UPDATE=always cargo test -p pgn-tests --test fen_fixtures`, then
//! review the new `.snap` file.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use fen_epd::{CastlingNotation, Fen};

use crate::snapshot::{self, list_files};
use crate::{Check, Context, Section};

/// The two FEN rows.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§16.1 FEN (round trip)", round_trip)
            .fixtures(&["corpus:fen/", "corpus:epd/", "corpus:perft/"])
            .rulings(&["F1", "F2"]),
        Check::new("§16.1 FEN (fixtures)", fixtures)
            .fixtures(&["tests/data/fen/"])
            .rulings(&["F1", "F2", "F3"]),
    ]
}

/// A corpus file of FENs and what its lines are expected to do.
#[derive(Clone, Copy, Debug)]
struct CorpusFile {
    /// Path below the corpus root.
    path: &'static str,
    layout: Layout,
    /// How the file writes castling rights, and so how to write them back.
    notation: CastlingNotation,
    expect: Expect,
}

/// Where the FEN is on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// Every non-empty line is one FEN.
    Line,
    /// Every non-empty line is a FEN, then `;` and data that is not ours to
    /// check here (perft counts of `queen.fen`, `;D1 20` operations).
    BeforeSemicolon,
    /// The shakmaty / python-chess perft format: the FEN follows `epd ` on
    /// its line; other lines are ignored.
    EpdKeyword,
}

/// What the FEN of a line is expected to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// A legal position in canonical form: it parses (strictly if it has six
    /// fields, leniently if four), passes ruling F3, and the position is
    /// written back as the same text (four fields compare with the EPD form).
    Legal,
    /// An impossible position: the text parses, but ruling F3 rejects the
    /// position. (How such a setup is written back is not checked: with two
    /// kings of a colour, castling letters are ambiguous.)
    Illegal,
    /// Not a standard FEN (variant extensions, a broken board): both the
    /// strict and the lenient parser reject it.
    Malformed,
    /// As [`Expect::Legal`], except that a fullmove number of 0 is not the
    /// positive integer §16.1.3.6 requires, so the strict parser rejects it.
    LegalUnlessFullmoveZero,
}

use CastlingNotation::{Shredder, XFen};
use Expect::{Illegal, Legal, LegalUnlessFullmoveZero, Malformed};
use Layout::{BeforeSemicolon, EpdKeyword, Line};

/// The FEN files of the corpus (see its README) and what they hold. Every
/// file under `fen/` must be listed.
const CORPUS: &[CorpusFile] = &[
    // python-chess fuzz seeds: plain positions, and variant FENs a standard
    // parser has to refuse.
    file("fen/python-chess-fuzz/initial.fen", Line, XFen, Legal),
    file("fen/python-chess-fuzz/endgame.fen", Line, XFen, Legal),
    // No kings at all.
    file("fen/python-chess-fuzz/empty.fen", Line, XFen, Illegal),
    // Horde: 36 white pawns, some on rank 1, and no white king.
    file("fen/python-chess-fuzz/horde.fen", Line, XFen, Illegal),
    // Three-check counters as a seventh field (`+0+0`) or inside (`3+3`).
    file("fen/python-chess-fuzz/scid-3check.fen", Line, XFen, Malformed),
    file("fen/python-chess-fuzz/winboard-3check.fen", Line, XFen, Malformed),
    // Crazyhouse pockets as a ninth rank or in brackets.
    file("fen/python-chess-fuzz/scid-zh.fen", Line, XFen, Malformed),
    file("fen/python-chess-fuzz/winboard-zh.fen", Line, XFen, Malformed),
    // shakmaty fuzz seeds: a horde-like board with two black kings and none
    // for White, and hundreds of ranks.
    file("fen/shakmaty-fuzz/chessops-roundtrip-fail.fen", Line, XFen, Illegal),
    file("fen/shakmaty-fuzz/too-many-empty-ranks.fen", Line, XFen, Malformed),
    // sunfish test positions: full six-field FENs.
    file("fen/sunfish/chessathome_openings.fen", Line, XFen, Legal),
    file("fen/sunfish/mate1.fen", Line, XFen, Legal),
    // Most lines end in `1 0`: a fullmove number of 0.
    file("fen/sunfish/mate2.fen", Line, XFen, LegalUnlessFullmoveZero),
    file("fen/sunfish/mate2_eventual.fen", Line, XFen, LegalUnlessFullmoveZero),
    file("fen/sunfish/mate3.fen", Line, XFen, Legal),
    file("fen/sunfish/mate3_eventual.fen", Line, XFen, Legal),
    file("fen/sunfish/mate4.fen", Line, XFen, Legal),
    file("fen/sunfish/nullmove_mates.fen", Line, XFen, Legal),
    file("fen/sunfish/stalemate0.fen", Line, XFen, Legal),
    file("fen/sunfish/stalemate1.fen", Line, XFen, Legal),
    file("fen/sunfish/stalemate2.fen", Line, XFen, Legal),
    // `FEN;n1;n2;...`: the counts are sunfish's perft with queen promotions
    // only, so they are no oracle for us; only the FEN is checked. One line
    // has a fullmove number of 0.
    file("fen/sunfish/queen.fen", BeforeSemicolon, XFen, LegalUnlessFullmoveZero),
    // The positions of the perft suites. The Chess960 files write castling
    // in Shredder-FEN (`HFhf`), the others in standard / X-FEN letters.
    file("perft/shakmaty/random.perft", EpdKeyword, XFen, Legal),
    file("perft/shakmaty/tricky.perft", EpdKeyword, XFen, Legal),
    file("perft/shakmaty/chess960.perft", EpdKeyword, Shredder, Legal),
    file("perft/python-chess/tricky.perft", EpdKeyword, XFen, Legal),
    file("perft/python-chess/chess960.perft", EpdKeyword, Shredder, Legal),
    file("perft/perftsuite.epd", BeforeSemicolon, XFen, Legal),
    file("perft/ethereal/standard.epd", BeforeSemicolon, XFen, Legal),
    file("perft/ethereal/fischer.epd", BeforeSemicolon, Shredder, Legal),
];

const fn file(
    path: &'static str,
    layout: Layout,
    notation: CastlingNotation,
    expect: Expect,
) -> CorpusFile {
    CorpusFile { path, layout, notation, expect }
}

/// The round-trip row: one case per FEN line of every corpus file.
fn round_trip(ctx: &Context, section: &mut Section) {
    check_corpus_is_listed(ctx, section);
    for corpus_file in CORPUS {
        let path = ctx.corpus_file(corpus_file.path);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) => {
                section.fail(format!("cannot read {}: {err}", path.display()));
                continue;
            }
        };
        for (index, line) in text.lines().enumerate() {
            let Some(fen) = fen_of_line(line, corpus_file.layout) else { continue };
            let outcome = check_line(fen, corpus_file.notation, corpus_file.expect);
            section.record(outcome.map_err(|problem| {
                format!("{}:{}: `{}`: {problem}", corpus_file.path, index + 1, shorten(fen))
            }));
        }
    }
}

/// Fails for every file under `fen/` that [`CORPUS`] does not list.
fn check_corpus_is_listed(ctx: &Context, section: &mut Section) {
    let mut files = Vec::new();
    if let Err(err) = list_files(&ctx.corpus_file("fen"), &mut files) {
        section.fail(format!("cannot list the corpus folder fen/: {err}"));
    }
    for path in files {
        let relative = path.strip_prefix(&ctx.corpus).unwrap_or(&path);
        let relative = relative.to_string_lossy().replace('\\', "/");
        if !CORPUS.iter().any(|f| f.path == relative) {
            section.fail(format!("{relative}: not listed in CORPUS in tests/src/fen.rs"));
        }
    }
}

/// The FEN text of a line, or `None` for a line that holds none.
fn fen_of_line(line: &str, layout: Layout) -> Option<&str> {
    let fen = match layout {
        Layout::Line => line,
        Layout::BeforeSemicolon => line.split(';').next().unwrap_or_default(),
        Layout::EpdKeyword => line.strip_prefix("epd ")?,
    };
    let fen = fen.trim();
    (!fen.is_empty()).then_some(fen)
}

/// Judges one FEN by what it is expected to be; `Err` says what went wrong.
fn check_line(text: &str, notation: CastlingNotation, expect: Expect) -> Result<(), String> {
    let four_fields = text.split(' ').count() == 4;
    let parse = |text: &str| {
        if four_fields {
            Fen::from_ascii_lenient(text.as_bytes())
        } else {
            Fen::from_ascii(text.as_bytes())
        }
    };
    let write = |fen: &Fen| {
        if four_fields { fen.to_epd_string(notation) } else { fen.to_string_with(notation) }
    };
    let fullmove_zero = text.split(' ').nth(5) == Some("0");
    match expect {
        Expect::LegalUnlessFullmoveZero if fullmove_zero => {
            match Fen::from_ascii(text.as_bytes()) {
                Ok(fen) => Err(format!("fullmove number 0 accepted, written as `{fen}`")),
                Err(_) => Ok(()),
            }
        }
        Expect::Legal | Expect::LegalUnlessFullmoveZero => {
            let fen = parse(text).map_err(|err| format!("rejected: {err}"))?;
            let position = fen.into_position().map_err(|err| format!("illegal: {err}"))?;
            let written = write(&Fen::from_position(&position));
            if written == text { Ok(()) } else { Err(format!("written back as `{written}`")) }
        }
        Expect::Illegal => {
            let fen = parse(text).map_err(|err| format!("rejected by the parser: {err}"))?;
            match fen.into_position() {
                Ok(_) => Err("accepted as legal, but the position is impossible".to_owned()),
                Err(_) => Ok(()),
            }
        }
        Expect::Malformed => {
            if let Ok(fen) = Fen::from_ascii(text.as_bytes()) {
                return Err(format!("accepted by the strict parser as `{fen}`"));
            }
            if let Ok(fen) = Fen::from_ascii_lenient(text.as_bytes()) {
                return Err(format!("accepted by the lenient parser as `{fen}`"));
            }
            Ok(())
        }
    }
}

/// At most 100 characters of a FEN, for messages.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(100) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}

/// The folder of the FEN fixtures: `tests/data/fen`.
pub fn fixtures_dir() -> PathBuf {
    crate::crate_dir().join("data/fen")
}

/// The insta snapshot of a fixture: `tests/tests/snapshots/fen@<kind>__<file>.snap`,
/// the name that `insta::glob!` in `tests/fen_fixtures.rs` gives it.
pub fn snapshot_path(fixture: &Path) -> PathBuf {
    snapshot::glob_snapshot_path("fen", &fixtures_dir(), fixture)
}

/// The report of a fixture file: its text without one final line break,
/// rendered by [`render_report`].
///
/// # Errors
///
/// The file cannot be read as UTF-8 text.
pub fn fixture_report(fixture: &Path) -> io::Result<String> {
    let text = fs::read_to_string(fixture)?;
    let input = text.strip_suffix('\n').unwrap_or(&text);
    Ok(render_report(input))
}

/// What the FEN code makes of `input`: the strict and the lenient parse,
/// the legality of the position (ruling F3) and the text it is written as
/// in X-FEN, Shredder-FEN and EPD form (from the position when it is legal,
/// else from the parsed setup).
pub fn render_report(input: &str) -> String {
    let mut lines = vec![format!("input: {input:?}")];
    let strict = Fen::from_ascii(input.as_bytes());
    let lenient = Fen::from_ascii_lenient(input.as_bytes());
    for (name, parsed) in [("strict", &strict), ("lenient", &lenient)] {
        lines.push(match parsed {
            Ok(_) => format!("{name}: ok"),
            Err(err) => format!("{name}: error: {err}"),
        });
    }
    if let (Ok(a), Ok(b)) = (&strict, &lenient)
        && a != b
    {
        lines.push("warning: the strict and the lenient parse differ".to_owned());
    }
    if let Ok(fen) = lenient {
        let written = match fen.clone().into_position() {
            Ok(position) => {
                lines.push("position: legal".to_owned());
                Fen::from_position(&position)
            }
            Err(err) => {
                lines.push(format!("position: illegal: {err}"));
                fen
            }
        };
        lines.push(format!("x-fen: {written}"));
        lines.push(format!("shredder: {}", written.to_string_with(CastlingNotation::Shredder)));
        lines.push(format!("epd: {}", written.to_epd_string(CastlingNotation::XFen)));
    }
    lines.join("\n")
}

/// The kinds of fixture: each folder under [`fixtures_dir`] and what its
/// inputs must do.
const FIXTURE_KINDS: &[(&str, FixtureKind)] =
    &[("ok", FixtureKind::Accepted), ("err", FixtureKind::Rejected)];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FixtureKind {
    /// The lenient parser accepts the input and the position is legal.
    Accepted,
    /// The strict parser rejects the input, or the position is illegal.
    Rejected,
}

/// The fixtures row: one case per fixture file, passed when its report
/// equals the reviewed snapshot and it does what its folder says.
fn fixtures(_ctx: &Context, section: &mut Section) {
    let mut fixtures = Vec::new();
    for &(folder, kind) in FIXTURE_KINDS {
        let mut files = Vec::new();
        let dir = fixtures_dir().join(folder);
        if let Err(err) = list_files(&dir, &mut files) {
            section.fail(format!("cannot list {}: {err}", dir.display()));
        }
        if files.is_empty() {
            section.fail(format!("no fixtures in {}", dir.display()));
        }
        fixtures.extend(files.into_iter().map(|file| (file, kind)));
    }
    for (fixture, kind) in &fixtures {
        let shown = fixture.strip_prefix(crate::crate_dir()).unwrap_or(fixture).display();
        section.record(check_fixture(fixture, *kind).map_err(|err| format!("{shown}: {err}")));
    }
    check_no_orphan_snapshots(&fixtures, section);
}

fn check_fixture(fixture: &Path, kind: FixtureKind) -> Result<(), String> {
    if fixture.extension().is_none_or(|ext| ext != "fen") {
        return Err("a fixture's name must end in .fen".to_owned());
    }
    let report = fixture_report(fixture).map_err(|err| format!("cannot read: {err}"))?;
    snapshot::compare(&snapshot_path(fixture), &report, "fen_fixtures")?;
    let text = fs::read_to_string(fixture).map_err(|err| err.to_string())?;
    let input = text.strip_suffix('\n').unwrap_or(&text).as_bytes();
    let legal_lenient = Fen::from_ascii_lenient(input).is_ok_and(|f| f.into_position().is_ok());
    let legal_strict = Fen::from_ascii(input).is_ok_and(|f| f.into_position().is_ok());
    match kind {
        FixtureKind::Accepted if !legal_lenient => {
            Err("an ok/ fixture must parse leniently to a legal position".to_owned())
        }
        FixtureKind::Rejected if legal_strict => {
            Err("an err/ fixture must be rejected by the strict parser or by ruling F3".to_owned())
        }
        _ => Ok(()),
    }
}

/// Fails for every FEN snapshot without its fixture (insta would leave it
/// behind when a fixture is renamed or removed).
fn check_no_orphan_snapshots(fixtures: &[(PathBuf, FixtureKind)], section: &mut Section) {
    for snapshot in snapshot::snapshots_named("fen@") {
        if !fixtures.iter().any(|(fixture, _)| snapshot_path(fixture) == snapshot) {
            section.fail(format!("{}: snapshot without a fixture", snapshot.display()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn lines_by_layout() {
        assert_eq!(fen_of_line(" a b c d ", Layout::Line), Some("a b c d"));
        assert_eq!(fen_of_line("a b c d 0 1;20;400", Layout::BeforeSemicolon), Some("a b c d 0 1"));
        assert_eq!(fen_of_line("a b c d ;D1 20", Layout::BeforeSemicolon), Some("a b c d"));
        assert_eq!(fen_of_line("epd a b c d", Layout::EpdKeyword), Some("a b c d"));
        assert_eq!(fen_of_line("perft 1 20", Layout::EpdKeyword), None);
        assert_eq!(fen_of_line("", Layout::Line), None);
    }

    #[test]
    fn expectations() {
        assert_eq!(check_line(START, XFen, Legal), Ok(()));
        assert!(check_line(START, XFen, Illegal).is_err());
        assert!(check_line(START, XFen, Malformed).is_err());
        let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -";
        assert_eq!(check_line(epd, Shredder, Legal), Ok(()));
        assert!(check_line(epd, XFen, Legal).is_err(), "written as KQkq");
        assert_eq!(check_line("8/8/8/8/8/8/8/8 w - - 0 1", XFen, Illegal), Ok(()));
        assert_eq!(check_line("8/8/8/8/8/8/8/8/8 w - - 0 1", XFen, Malformed), Ok(()));
        let zero = START.replace(" 0 1", " 0 0");
        assert_eq!(check_line(&zero, XFen, LegalUnlessFullmoveZero), Ok(()));
        assert_eq!(check_line(START, XFen, LegalUnlessFullmoveZero), Ok(()));
    }

    #[test]
    fn snapshot_names_follow_insta_glob() {
        let fixture = fixtures_dir().join("ok/0001_six_fields.fen");
        let snapshot = snapshot_path(&fixture);
        assert!(snapshot.ends_with("tests/snapshots/fen@ok__0001_six_fields.fen.snap"));
    }
}
