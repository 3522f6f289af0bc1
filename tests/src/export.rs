//! Export format (§3.2 and §8 of the standard, rulings E1 to E13), file
//! names (§11) and the collating sequence (§12): the hand-written fixtures
//! of `tests/data/export`, small tables, and the cross-check with
//! pgn-extract ([`peer`]).
//!
//! # Fixtures
//!
//! Each input `tests/data/export/STEM.pgn` has one or more expected outputs
//! beside it, written by hand from the rulings (see the folder's
//! `README.md`): `STEM.out.pgn` for the default options (export format),
//! and `STEM.VARIANT.out.pgn` for the options of `pgn export --VARIANT`
//! (`reduced`, `no-comments`, `no-nags`, `no-variations`, and the others
//! the README lists: [`variant_options`]). Each game of an expected output
//! is one case, which passes when
//!
//! - every game of the input replays (no game is broken, so nothing is
//!   written "as read"); a game from a set-up position is left out in
//!   reduced export format (ruling E13), by both writers, as `pgn export`
//!   leaves it out;
//! - [`Writer::write_game`] over the replayed games gives the game's
//!   expected bytes exactly, and so does [`StreamExporter`] reading the
//!   input in one pass;
//! - exporting the expected output again with the same options gives the
//!   game back unchanged (export format is a fixed point of export);
//! - the expected output has the layout of ruling E11 (LF line ends, no tab,
//!   no space at either end of a line), which catches a slip in a
//!   hand-written file before the writer is blamed.
//!
//! The `STEM` starts with the ruling the fixture is about (`e05_...` for
//! E5, `s0203_...` for the sample game of §2.3), and that prefix says which
//! row counts it ([`FIXTURE_ROWS`]). Inputs starting with `c12_` are
//! §12 fixtures: games in scrambled order, each with an `Id` tag, and
//! `STEM.order.txt` listing the ids in collating order.
//!
//! # Tables
//!
//! `§8.1.1` also counts [`BUILT_TAG_VALUES`] (tag values the reader cannot
//! give), `§11 file names` counts [`FILE_NAMES`] and the file name
//! functions, and `§12 collating sequence` counts [`COLLATION_PAIRS`] (one
//! key at a time, each pair compared both ways) besides its fixture.
//!
//! # Peer
//!
//! `peer: pgn-extract re-format runs` needs the shared corpus; see
//! [`peer`].

pub mod peer;

use std::cmp::Ordering;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pgn_export::collate::{TagKey, collate, sort_by_collation};
use pgn_export::filename::{self, SplitBy};
use pgn_export::{
    CommandNames, CommandOptions, ExportOptions, StreamExporter, Strip, TagOrder, TagSet, Unfit,
    Writer, unfit,
};
use pgn_replay::Replayer;
use pgn_replay::pgn_syntax::{Reader, Tags};

use crate::reading::no_panic;
use crate::snapshot::{escape, file_name, list_files};
use crate::{Check, Context, Section};

/// The rows fed by the export fixtures: name, the file name prefixes each
/// one counts, and its cases without a fixture, in table order. The first
/// row also reports problems of the fixture folder as a whole.
pub const FIXTURE_ROWS: &[FixtureRow] = &[
    // E7 is §8.2.3.7 (export SAN); E10 to E13 and the sample game of §2.3
    // are about export format as a whole.
    ("§3.2 export format", &["e07", "e10", "e11", "e12", "e13", "s0203"], no_extras),
    ("§8.1.1 tag pairs (E1–E4)", &["e01", "e02", "e03", "e04"], built_tag_values),
    ("§8.2.1 movetext lines (E6, E9)", &["e06", "e09"], no_extras),
    ("§8.2.2.2 move numbers (E5)", &["e05"], no_extras),
    ("§8.2.3.8 suffix annotations (E8)", &["e08"], no_extras),
    ("comment commands in export (C3, C4)", &["cmd"], no_extras),
];

/// The rulings a fixture row applies, by its name.
fn rulings_of(name: &str) -> &'static [&'static str] {
    match name.split_whitespace().next() {
        Some("§3.2") => &["E7", "E10", "E11", "E12", "E13"],
        Some("§8.1.1") => &["E1", "E2", "E3", "E4"],
        Some("§8.2.1") => &["E6", "E9"],
        Some("§8.2.2.2") => &["E5"],
        Some("§8.2.3.8") => &["E8"],
        Some("comment") => &["C3", "C4", "E9"],
        _ => &[],
    }
}

/// A fixture row: its name, the prefixes of the fixtures it counts, and
/// its cases without a fixture.
pub type FixtureRow = (&'static str, &'static [&'static str], fn(&mut Section));

/// Tag pairs, name and value.
pub type Pairs = &'static [(&'static str, &'static str)];

/// A fixture row without other cases.
fn no_extras(_: &mut Section) {}

/// The prefix of the §12 fixtures.
const COLLATION_PREFIX: &str = "c12";

/// The rows of this module: the fixture rows, §11, §12, and the peer row.
pub fn checks() -> Vec<Check> {
    let mut checks: Vec<Check> = FIXTURE_ROWS
        .iter()
        .enumerate()
        .map(|(index, &(name, prefixes, extras))| {
            Check::new(name, move |_ctx: &Context, section: &mut Section| {
                if index == 0 {
                    check_folder(section);
                }
                fixture_row(prefixes, section);
                extras(section);
            })
            .fixtures(&["tests/data/export/"])
            .rulings(rulings_of(name))
        })
        .collect();
    checks.push(
        Check::new("§11 file names", |_ctx: &Context, section: &mut Section| {
            file_names_row(section);
        })
        .fixtures(&["tests/src/export.rs (file_names_row)"]),
    );
    checks.push(
        Check::new("§12 collating sequence", |_ctx: &Context, section: &mut Section| {
            collation_row(section);
        })
        .fixtures(&["tests/data/export/c12_collation.pgn"]),
    );
    checks.push(
        Check::new(peer::ROW, peer::row)
            .fixtures(&["corpus:peers/pgn-extract/"])
            .rulings(&["E1", "E5", "E6", "E9"]),
    );
    checks
}

/// The folder of the fixtures: `tests/data/export`.
pub fn dir() -> PathBuf {
    crate::crate_dir().join("data").join("export")
}

/// One expected output and the input it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// `STEM.pgn`.
    pub input: PathBuf,
    /// `STEM.out.pgn` or `STEM.VARIANT.out.pgn`.
    pub expected: PathBuf,
    /// The stem, such as `e05_black_move_numbers`.
    pub stem: String,
    /// The variant, empty for the default options.
    pub variant: String,
}

impl Fixture {
    /// The ruling prefix of the stem (`e05`), which picks the row.
    pub fn prefix(&self) -> &str {
        self.stem.split('_').next().unwrap_or_default()
    }

    /// The options the variant stands for.
    pub fn options(&self) -> Option<ExportOptions> {
        variant_options(&self.variant)
    }
}

/// The options of a variant: the flags of `pgn export` (`""` for none).
pub fn variant_options(variant: &str) -> Option<ExportOptions> {
    let all = ExportOptions::default();
    Some(match variant {
        "" => all,
        "reduced" => ExportOptions::reduced(),
        "no-comments" => ExportOptions { comments: false, ..all },
        "no-nags" => ExportOptions { nags: false, ..all },
        "no-variations" => ExportOptions { variations: false, ..all },
        "tag-order-input" => ExportOptions { tag_order: TagOrder::Input, ..all },
        "roster-only" => ExportOptions { tags: TagSet::RosterAndSetUp, ..all },
        "canonical-commands" => ExportOptions {
            commands: CommandOptions { canonical: true, ..CommandOptions::AS_READ },
            ..all
        },
        "no-commands" => ExportOptions {
            commands: CommandOptions { strip: Strip::All, canonical: false },
            ..all
        },
        "strip-clk" => {
            let names = CommandNames::new(["clk"]).ok()?;
            let strip = Strip::Named(names);
            ExportOptions { commands: CommandOptions { strip, canonical: false }, ..all }
        }
        _ => {
            let length = variant.strip_prefix("line-length-")?.parse().ok()?;
            ExportOptions { line_length: length, ..all }
        }
    })
}

/// Every expected output of the folder with its input, sorted by path,
/// and a message for each file that fits no rule of the folder.
pub fn fixtures() -> (Vec<Fixture>, Vec<String>) {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    if let Err(err) = list_files(&dir(), &mut files) {
        problems.push(format!("cannot list {}: {err}", dir().display()));
    }
    let mut fixtures = Vec::new();
    for path in &files {
        let name = file_name(path);
        let Some(rest) = name.strip_suffix(".out.pgn") else { continue };
        let (stem, variant) = rest.split_once('.').unwrap_or((rest, ""));
        let input = dir().join(format!("{stem}.pgn"));
        if !files.contains(&input) {
            problems.push(format!("{name}: no input {stem}.pgn beside it"));
            continue;
        }
        let fixture = Fixture {
            input,
            expected: path.clone(),
            stem: stem.to_owned(),
            variant: variant.to_owned(),
        };
        if fixture.options().is_none() {
            problems.push(format!("{name}: unknown variant `{variant}` (see README.md)"));
            continue;
        }
        fixtures.push(fixture);
    }
    for path in &files {
        let name = file_name(path);
        if name == "README.md" || name.ends_with(".out.pgn") {
            continue;
        }
        if let Some(stem) = name.strip_suffix(".pgn") {
            let collation = stem.starts_with(&format!("{COLLATION_PREFIX}_"));
            if collation && !files.contains(&dir().join(format!("{stem}.order.txt"))) {
                problems.push(format!("{name}: a §12 fixture without {stem}.order.txt"));
            }
            if !collation && !fixtures.iter().any(|f| f.stem == stem) {
                problems.push(format!("{name}: an input without any expected .out.pgn"));
            }
        } else if let Some(stem) = name.strip_suffix(".order.txt") {
            if !files.contains(&dir().join(format!("{stem}.pgn"))) {
                problems.push(format!("{name}: no input {stem}.pgn beside it"));
            }
        } else {
            problems.push(format!("{name}: not an input, expected output or order file"));
        }
    }
    (fixtures, problems)
}

/// Fails for every problem of the folder as a whole, and for every fixture
/// whose prefix no row counts.
fn check_folder(section: &mut Section) {
    let (fixtures, problems) = fixtures();
    for problem in problems {
        section.fail(problem);
    }
    for fixture in &fixtures {
        let counted =
            FIXTURE_ROWS.iter().any(|(_, prefixes, _)| prefixes.contains(&fixture.prefix()));
        if !counted {
            section.fail(format!(
                "{}: the prefix `{}` belongs to no row (FIXTURE_ROWS in tests/src/export.rs)",
                file_name(&fixture.expected),
                fixture.prefix()
            ));
        }
    }
}

/// One fixture row: a case for each expected output whose prefix is one of
/// `prefixes`; no such fixture at all is a failure.
fn fixture_row(prefixes: &[&str], section: &mut Section) {
    let (fixtures, _) = fixtures();
    let mine: Vec<&Fixture> = fixtures.iter().filter(|f| prefixes.contains(&f.prefix())).collect();
    if mine.is_empty() {
        section.fail(format!("no fixtures for {prefixes:?} in {}", dir().display()));
    }
    for fixture in mine {
        let name = file_name(&fixture.expected);
        for (game, outcome) in check_fixture(fixture).into_iter().enumerate() {
            section.record(outcome.map_err(|err| format!("{name}, game {}: {err}", game + 1)));
        }
    }
}

/// Checks one expected output against the writer (see the module
/// documentation): one outcome for each game it holds (a single one when
/// the file as a whole is wrong).
pub fn check_fixture(fixture: &Fixture) -> Vec<Result<(), String>> {
    let read = || {
        let options = fixture.options().ok_or_else(|| "unknown variant".to_owned())?;
        let input =
            std::fs::read(&fixture.input).map_err(|err| format!("cannot read input: {err}"))?;
        let expected = std::fs::read(&fixture.expected)
            .map_err(|err| format!("cannot read expected: {err}"))?;
        Ok::<_, String>((input, expected, options))
    };
    match read() {
        Ok((input, expected, options)) => no_panic(|| check_games(&input, &expected, options))
            .unwrap_or_else(|err| vec![Err(err)]),
        Err(err) => vec![Err(err)],
    }
}

/// Checks that `input` exports as `expected` with `options`: through the
/// tree and the stream, and again from `expected` itself.
pub fn check_case(input: &[u8], expected: &[u8], options: ExportOptions) -> Result<(), String> {
    check_games(input, expected, options).into_iter().collect()
}

/// As [`check_case`], one outcome for each game of `expected`; a single
/// `Err` when the output cannot be made or is not in export layout.
pub fn check_games(
    input: &[u8],
    expected: &[u8],
    options: ExportOptions,
) -> Vec<Result<(), String>> {
    let outputs = || {
        check_layout(expected).map_err(|err| format!("the expected output breaks E11: {err}"))?;
        Ok::<_, String>([
            ("Writer::write_game", export(input, options)?),
            ("StreamExporter", export_streaming(input, options)?),
            ("exporting the expected output again", export(expected, options)?),
        ])
    };
    let outputs = match outputs() {
        Ok(outputs) => outputs,
        Err(err) => return vec![Err(err)],
    };
    let expected_games = split_games(expected);
    let mut outcomes: Vec<Result<(), String>> = expected_games
        .iter()
        .enumerate()
        .map(|(index, expected)| {
            outputs.iter().try_for_each(|(what, output)| {
                let game = split_games(output).get(index).copied().unwrap_or_default();
                compare(what, game, expected)
            })
        })
        .collect();
    for (what, output) in &outputs {
        let games = split_games(output).len();
        if games != expected_games.len() {
            outcomes.push(Err(format!(
                "{what} wrote {games} games, {} expected",
                expected_games.len()
            )));
        }
    }
    outcomes
}

/// The games of a text in export format: each ends at its second empty
/// line (after its tags and after its movetext, ruling E11).
pub fn split_games(text: &[u8]) -> Vec<&[u8]> {
    let mut games = Vec::new();
    let (mut start, mut empty_lines, mut at) = (0, 0, 0);
    for line in text.split_inclusive(|&b| b == b'\n') {
        at += line.len();
        if line == b"\n" {
            empty_lines += 1;
            if empty_lines == 2 {
                games.push(&text[start..at]);
                (start, empty_lines) = (at, 0);
            }
        }
    }
    if start < text.len() {
        games.push(&text[start..]);
    }
    games
}

/// The games of `input`, replayed and written with [`Writer::write_game`],
/// but those from a set-up position in reduced export format (ruling
/// E13); `Err` if reading fails or a game is broken.
pub fn export(input: &[u8], options: ExportOptions) -> Result<Vec<u8>, String> {
    let mut writer = Writer::new(options);
    let mut out = Vec::new();
    for game in pgn_replay::replay_games(input) {
        let game = game.map_err(|err| format!("cannot read: {err}"))?;
        match unfit(&game.game, options) {
            None => {}
            Some(Unfit::SetUpPosition) => continue,
            Some(_) => {
                let (number, diagnostics) = (game.number, &game.diagnostics);
                return Err(format!("game {number} does not replay: {diagnostics:?}"));
            }
        }
        let Ok(()) = writer.write_game(&game.game, &mut out);
    }
    Ok(out)
}

/// The games of `input` exported by a [`StreamExporter`] in one pass
/// (which leaves out a game from a set-up position in reduced export
/// format); `Err` if reading fails or a game is broken (and so left
/// out).
pub fn export_streaming(input: &[u8], options: ExportOptions) -> Result<Vec<u8>, String> {
    let mut replayer = Replayer::new(StreamExporter::new(options));
    for game in Reader::new(input).outputs(&mut replayer) {
        let game = game.map_err(|err| format!("cannot read: {err}"))?;
        if game.info.is_broken() {
            return Err(format!("game {} does not replay", game.info.number));
        }
    }
    Ok(replayer.inner().output().to_vec())
}

/// `Ok` if `actual` is `expected`, else a message naming the first line
/// that differs and showing both.
fn compare(what: &str, actual: &[u8], expected: &[u8]) -> Result<(), String> {
    if actual == expected {
        return Ok(());
    }
    let mut actual_lines = actual.split(|&b| b == b'\n');
    let mut expected_lines = expected.split(|&b| b == b'\n');
    let mut line = 1;
    loop {
        match (actual_lines.next(), expected_lines.next()) {
            (Some(a), Some(e)) if a == e => line += 1,
            (a, e) => {
                let show = |l: Option<&[u8]>| l.map_or("(none)".to_owned(), escape);
                return Err(format!(
                    "{what} differs at line {line}:\n  expected: {}\n  written:  {}",
                    show(e),
                    show(a)
                ));
            }
        }
    }
}

/// Ruling E11 on a whole output: LF line ends, no tab, no space at the
/// start or end of a line, every game ended by an empty line.
pub fn check_layout(text: &[u8]) -> Result<(), String> {
    if !text.ends_with(b"\n\n") {
        return Err("it does not end with an empty line".to_owned());
    }
    for (index, line) in text.split(|&b| b == b'\n').enumerate() {
        let problem = if line.contains(&b'\r') {
            "a carriage return"
        } else if line.contains(&b'\t') {
            "a tab"
        } else if line.starts_with(b" ") || line.ends_with(b" ") {
            "a space at the start or end"
        } else {
            continue;
        };
        return Err(format!("line {} has {problem}: {}", index + 1, escape(line)));
    }
    Ok(())
}

/// The §8.1.1 cases the reader cannot give a fixture for: a tag value
/// holding a carriage return or a line feed (ruling E4). The reader ends a
/// string at the end of its line (§7: "newline and tab are not permitted
/// inside of strings"), so such a value only comes from a program or a
/// decoder; it is pushed onto a replayed game here. Each entry: tag name,
/// value, the tag line export writes.
pub const BUILT_TAG_VALUES: &[(&str, &[u8], &str)] = &[
    ("Event", b"line\nfeed", r#"[Event "line feed"]"#),
    ("Site", b"carriage\rreturn", r#"[Site "carriage return"]"#),
    ("White", b"CR\r\nLF", r#"[White "CR  LF"]"#),
    ("Black", b"\ttab\x0bvertical tab\t", r#"[Black " tab vertical tab "]"#),
    ("Annotator", b"\"quote\" \\ backslash", r#"[Annotator "\"quote\" \\ backslash"]"#),
];

/// The tag lines written for a game `1. e4 *` with `name` set to `value`.
pub fn tag_line_of_built_value(name: &str, value: &[u8]) -> Result<String, String> {
    let game = pgn_replay::replay_games(&b"1. e4 *"[..])
        .next()
        .ok_or("no game")?
        .map_err(|err| err.to_string())?;
    let mut game = game.game;
    game.tags.set(name, value);
    let text = pgn_export::to_vec(&game, ExportOptions::default());
    let prefix = format!("[{name} ");
    text.split(|&b| b == b'\n')
        .find(|line| line.starts_with(prefix.as_bytes()))
        .map(|line| String::from_utf8_lossy(line).into_owned())
        .ok_or_else(|| format!("no {name} tag written"))
}

fn built_tag_values(section: &mut Section) {
    for &(name, value, expected) in BUILT_TAG_VALUES {
        let outcome = no_panic(|| tag_line_of_built_value(name, value)).and_then(|o| o);
        let outcome = outcome.and_then(|line| {
            if line == expected { Ok(()) } else { Err(format!("written as {line}")) }
        });
        section.record(outcome.map_err(|err| format!("E4, {name} = {}: {err}", escape(value))));
    }
}

// --- §11 ---------------------------------------------------------------

/// §11 cases: the tags of a game (name, value pairs), how files are split,
/// and the names the game's files get.
pub const FILE_NAMES: &[(Pairs, SplitBy, &[&str])] = &[
    // §11.4: YYYY.pgn, YYYYMM.pgn, YYYYMMDD.pgn.
    (&[("Date", "1992.11.04")], SplitBy::Year, &["1992.pgn"]),
    (&[("Date", "1992.11.04")], SplitBy::Month, &["199211.pgn"]),
    (&[("Date", "1992.11.04")], SplitBy::Day, &["19921104.pgn"]),
    // §11.4: "question mark characters ... treated as zero digits".
    (&[("Date", "1992.??.??")], SplitBy::Year, &["1992.pgn"]),
    (&[("Date", "1992.??.??")], SplitBy::Month, &["199200.pgn"]),
    (&[("Date", "1992.11.??")], SplitBy::Day, &["19921100.pgn"]),
    (&[("Date", "19??.??.??")], SplitBy::Year, &["1900.pgn"]),
    // No Date: its unknown value, ruling E1.
    (&[], SplitBy::Day, &["00000000.pgn"]),
    // A Date given twice: the last one (ruling E2).
    (&[("Date", "1980.01.01"), ("Date", "1992.11.04")], SplitBy::Month, &["199211.pgn"]),
    // §11.3: the event's name; `/` cannot stand in a file name.
    (&[("Event", "F/S Return Match")], SplitBy::Event, &["F_S Return Match.pgn"]),
    (&[("Event", "Linares")], SplitBy::Event, &["Linares.pgn"]),
    (&[("Event", "?")], SplitBy::Event, &["unknown.pgn"]),
    // §11.2: the player's last name, for each player.
    (
        &[("White", "Fischer, Robert J."), ("Black", "Spassky, Boris V.")],
        SplitBy::Player,
        &["Fischer.pgn", "Spassky.pgn"],
    ),
    (
        &[("White", "Kasparov"), ("Black", "Deep Blue")],
        SplitBy::Player,
        &["Kasparov.pgn", "Deep Blue.pgn"],
    ),
    // Two players of one last name share their file.
    (&[("White", "Polgar, Judit"), ("Black", "Polgar, Susan")], SplitBy::Player, &["Polgar.pgn"]),
];

fn file_names_row(section: &mut Section) {
    for &(pairs, split, expected) in FILE_NAMES {
        let outcome = no_panic(|| {
            let names = split.file_names(&tags(pairs));
            if names == expected { Ok(()) } else { Err(format!("named {names:?}")) }
        })
        .and_then(|outcome| outcome);
        section.record(
            outcome.map_err(|err| format!("{split:?} of {pairs:?}: expected {expected:?}, {err}")),
        );
    }
    // §11.1: every name ends in `.pgn`; the single-value functions agree
    // with the split.
    let singles: [(&str, String, &str); 4] = [
        ("player_file_name", filename::player_file_name(b"Tal, Mikhail"), "Tal.pgn"),
        ("event_file_name", filename::event_file_name(b"Hastings 1895"), "Hastings 1895.pgn"),
        ("year_file_name", filename::year_file_name(b"1895.08.05"), "1895.pgn"),
        ("day_file_name", filename::day_file_name(b"1895.08.??"), "18950800.pgn"),
    ];
    for (function, name, expected) in singles {
        section.record(if name == expected && name.ends_with(filename::SUFFIX) {
            Ok(())
        } else {
            Err(format!("{function}: {name:?}, expected {expected:?}"))
        });
    }
}

/// Tags from name, value pairs, in order.
fn tags(pairs: &[(&str, &str)]) -> Tags {
    let mut tags = Tags::new();
    for (name, value) in pairs {
        tags.push(name.as_bytes(), value.as_bytes());
    }
    tags
}

// --- §12 ---------------------------------------------------------------

/// §12 cases: two games' tags (and movetexts) where the first comes before
/// the second, and why.
pub const COLLATION_PAIRS: &[(&str, Pairs, &str, Pairs, &str)] = &[
    // Date: numeric, year then month then day; `?` is a zero digit.
    ("date: unknown first", &[], "", &[("Date", "1992.11.04")], ""),
    ("date: year", &[("Date", "1991.12.31")], "", &[("Date", "1992.01.01")], ""),
    ("date: month", &[("Date", "1992.02.28")], "", &[("Date", "1992.11.01")], ""),
    ("date: day", &[("Date", "1992.11.04")], "", &[("Date", "1992.11.05")], ""),
    ("date: ?? month first", &[("Date", "1992.??.??")], "", &[("Date", "1992.01.??")], ""),
    ("date: ?? day first", &[("Date", "1992.01.??")], "", &[("Date", "1992.01.01")], ""),
    (
        "date: before event",
        &[("Date", "1992.01.01"), ("Event", "Z")],
        "",
        &[("Date", "1992.01.02"), ("Event", "A")],
        "",
    ),
    // Event and Site: ASCII order.
    ("event: ASCII", &[("Event", "B")], "", &[("Event", "a")], ""),
    (
        "event: before site",
        &[("Event", "A"), ("Site", "Z")],
        "",
        &[("Event", "B"), ("Site", "A")],
        "",
    ),
    ("site: ASCII", &[("Site", "Belgrade")], "", &[("Site", "Berlin")], ""),
    // Round: `?` before `-` before every integer, integers numerically.
    ("round: ? before -", &[("Round", "?")], "", &[("Round", "-")], ""),
    ("round: missing is ?", &[], "", &[("Round", "-")], ""),
    ("round: - before 1", &[("Round", "-")], "", &[("Round", "1")], ""),
    ("round: 1 before 2", &[("Round", "1")], "", &[("Round", "2")], ""),
    ("round: 2 before 10", &[("Round", "2")], "", &[("Round", "10")], ""),
    ("round: 9 before 10", &[("Round", "9")], "", &[("Round", "10")], ""),
    ("round: 3 before 3.1", &[("Round", "3")], "", &[("Round", "3.1")], ""),
    ("round: 3.1 before 3.2", &[("Round", "3.1")], "", &[("Round", "3.2")], ""),
    ("round: 3.2 before 10", &[("Round", "3.2")], "", &[("Round", "10")], ""),
    (
        "round: before white",
        &[("Round", "2"), ("White", "Z")],
        "",
        &[("Round", "10"), ("White", "A")],
        "",
    ),
    // White, Black, Result: ASCII order.
    ("white: ASCII", &[("White", "Anand")], "", &[("White", "Carlsen")], ""),
    ("black: ASCII", &[("Black", "Aronian")], "", &[("Black", "Caruana")], ""),
    ("result: * before 0-1", &[], "1. e4 *", &[], "1. e4 0-1"),
    ("result: 0-1 before 1-0", &[], "1. e4 0-1", &[], "1. e4 1-0"),
    ("result: 1-0 before 1/2-1/2", &[], "1. e4 1-0", &[], "1. e4 1/2-1/2"),
    // Result: the game's result (ruling E3), not a Result tag as read.
    (
        "result: the marker, not the tag",
        &[("Result", "1-0")],
        "1. e4 *",
        &[("Result", "*")],
        "1. e4 0-1",
    ),
    // The movetext as exported, byte by byte.
    ("movetext: ASCII", &[], "1. d4 *", &[], "1. e4 *"),
    ("movetext: as exported", &[], "1.e4 e5 *", &[], "1. e4 {x} *"),
];

/// A game's tag key and exported movetext, from its tags and movetext
/// (`*` when empty).
fn collation_key(pairs: &[(&str, &str)], movetext: &str) -> Result<(TagKey, Vec<u8>), String> {
    let mut pgn = String::new();
    for (name, value) in pairs {
        let _ = writeln!(pgn, "[{name} \"{value}\"]");
    }
    let movetext = if movetext.is_empty() { "*" } else { movetext };
    let _ = write!(pgn, "\n{movetext}\n");
    let game = pgn_replay::replay_games(pgn.as_bytes())
        .next()
        .ok_or("no game")?
        .map_err(|err| err.to_string())?
        .game;
    let mut exported = Vec::new();
    let Ok(()) = Writer::new(ExportOptions::default()).write_movetext(&game, &mut exported);
    Ok((TagKey::from_game(&game), exported))
}

/// Checks that the first game of a pair comes before the second, and the
/// second after the first.
pub fn check_pair(
    first: &[(&str, &str)],
    first_movetext: &str,
    second: &[(&str, &str)],
    second_movetext: &str,
) -> Result<(), String> {
    let (a, a_text) = collation_key(first, first_movetext)?;
    let (b, b_text) = collation_key(second, second_movetext)?;
    let forward = collate(&a, &a_text, &b, &b_text);
    let backward = collate(&b, &b_text, &a, &a_text);
    if forward == Ordering::Less && backward == Ordering::Greater {
        Ok(())
    } else {
        Err(format!("compares {forward:?} (and {backward:?} the other way)"))
    }
}

fn collation_row(section: &mut Section) {
    for &(why, first, first_movetext, second, second_movetext) in COLLATION_PAIRS {
        let outcome = no_panic(|| check_pair(first, first_movetext, second, second_movetext))
            .and_then(|outcome| outcome);
        section.record(outcome.map_err(|err| format!("{why}: {err}")));
    }
    let mut files = Vec::new();
    if let Err(err) = list_files(&dir(), &mut files) {
        section.fail(format!("cannot list {}: {err}", dir().display()));
    }
    let inputs: Vec<&PathBuf> = files
        .iter()
        .filter(|path| {
            let name = file_name(path);
            name.starts_with(&format!("{COLLATION_PREFIX}_"))
                && name.ends_with(".pgn")
                && !name.ends_with(".out.pgn")
        })
        .collect();
    if inputs.is_empty() {
        section.fail(format!("no {COLLATION_PREFIX}_*.pgn fixture in {}", dir().display()));
    }
    for input in inputs {
        let order = input.with_extension("order.txt");
        let outcome = no_panic(|| check_collation_fixture(input, &order)).and_then(|o| o);
        section.record(outcome.map_err(|err| format!("{}: {err}", file_name(input))));
    }
}

/// The ids (`Id` tags) of the games of `input` in collating order, with
/// the order of `order` (one id a line).
pub fn check_collation_fixture(input: &Path, order: &Path) -> Result<(), String> {
    let text = std::fs::read(input).map_err(|err| format!("cannot read: {err}"))?;
    let expected = std::fs::read_to_string(order).map_err(|err| format!("cannot read: {err}"))?;
    let expected: Vec<&str> = expected.lines().filter(|l| !l.is_empty()).collect();
    let sorted = collated_ids(&text)?;
    if sorted == expected {
        Ok(())
    } else {
        Err(format!("sorted as {sorted:?}, expected {expected:?}"))
    }
}

/// The `Id` tags of the games of `pgn`, sorted by the §12 collating
/// sequence with [`sort_by_collation`].
pub fn collated_ids(pgn: &[u8]) -> Result<Vec<String>, String> {
    let mut games = Vec::new();
    let mut writer = Writer::new(ExportOptions::default());
    for game in pgn_replay::replay_games(pgn) {
        let game = game.map_err(|err| format!("cannot read: {err}"))?.game;
        let id = game.tag("Id").map(|id| String::from_utf8_lossy(id).into_owned());
        let id = id.ok_or_else(|| "a game without an Id tag".to_owned())?;
        let mut movetext = Vec::new();
        let Ok(()) = writer.write_movetext(&game, &mut movetext);
        games.push((TagKey::from_game(&game), movetext, id));
    }
    sort_by_collation(&mut games, |(key, movetext, _)| (key, movetext));
    Ok(games.into_iter().map(|(_, _, id)| id).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_expectation_fails() {
        let input = b"1. e4 e5 *";
        let right = b"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
        assert_eq!(check_case(input, right, ExportOptions::default()), Ok(()));
        let wrong = String::from_utf8_lossy(right).replace("1. e4 e5", "1. e4 1... e5");
        let err = check_case(input, wrong.as_bytes(), ExportOptions::default()).unwrap_err();
        assert!(err.contains("line 9"), "{err}");
        let unlaid = String::from_utf8_lossy(right).replace("\n\n1.", "\n\n 1.");
        let err = check_case(input, unlaid.as_bytes(), ExportOptions::default()).unwrap_err();
        assert!(err.contains("breaks E11"), "{err}");
        // A game too many or too few fails too.
        let two = b"1. e4 e5 *\n\n1. d4 *";
        let outcomes = check_games(two, right, ExportOptions::default());
        // The tree and the stream write two games; exporting `right` again, one.
        assert_eq!(outcomes.len(), 3, "{outcomes:?}");
        assert!(outcomes[0].is_ok() && outcomes[1..].iter().all(Result::is_err));
    }

    #[test]
    fn games_end_at_their_second_empty_line() {
        let text = b"[A \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n\n*\n\n";
        assert_eq!(split_games(text), [&b"[A \"1\"]\n\n1. e4 *\n\n"[..], b"[A \"2\"]\n\n*\n\n"]);
        assert_eq!(split_games(b"[A \"1\"]\n\n1. e4"), [&b"[A \"1\"]\n\n1. e4"[..]]);
        assert!(split_games(b"").is_empty());
    }

    #[test]
    fn a_broken_game_fails() {
        for err in [
            export(b"1. e4 e5 2. Ke3 *", ExportOptions::default()).unwrap_err(),
            export_streaming(b"1. e4 e5 2. Ke3 *", ExportOptions::default()).unwrap_err(),
        ] {
            assert!(err.contains("game 1 does not replay"), "{err}");
        }
    }

    #[test]
    fn variants_are_the_flags_of_pgn_export() {
        assert_eq!(variant_options(""), Some(ExportOptions::default()));
        assert_eq!(variant_options("reduced"), Some(ExportOptions::reduced()));
        assert!(variant_options("no-nags").is_some_and(|o| !o.nags && o.comments));
        assert_eq!(variant_options("nags"), None);
    }

    #[test]
    fn wrong_orders_fail() {
        assert_eq!(check_pair(&[("Round", "3")], "", &[("Round", "3.1")], ""), Ok(()));
        assert!(check_pair(&[("Round", "3.1")], "", &[("Round", "3")], "").is_err());
        assert!(check_pair(&[], "1. e4 *", &[], "1. e4 *").is_err(), "equal is not before");
    }

    #[test]
    fn collation_of_a_small_file() {
        let pgn = b"[Id \"b\"] [Round \"10\"] *\n\n[Id \"a\"] [Round \"2\"] *\n\n[Id \"c\"] *";
        assert_eq!(collated_ids(pgn), Ok(vec!["c".to_owned(), "a".to_owned(), "b".to_owned()]));
    }

    #[test]
    fn built_tag_values_are_written_by_e4() {
        assert_eq!(tag_line_of_built_value("Event", b"a\nb"), Ok(r#"[Event "a b"]"#.to_owned()));
    }
}
