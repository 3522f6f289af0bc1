//! PGC (§20 of the standard, rulings P1 to P8): the reviewed fixtures of
//! `tests/data/pgc`, each an input and the exact bytes it encodes to or
//! decodes from.
//!
//! - `STEM.pgn` (encode fixtures): PGN games, each replayed and encoded
//!   with [`encode_game`]; lossy when the stem says `lossy`. The rendering
//!   ([`render_encode`]) shows each game's records one a line (offset in
//!   the fixture's output, the record's bytes in hex, the marker's name
//!   and what the record holds: tag pairs, moves as `ordinal:SAN`, NAGs
//!   as `$N`, escape strings), then the export of the decoded game and
//!   whether it is the export of the input game (without its comments
//!   when lossy); a refused game shows why ([`EncodeErrorKind`]), a lossy
//!   one what was dropped.
//! - `STEM.hex` (decode fixtures): PGC bytes written by hand in hex (pairs
//!   of hex digits; white space and `#` comments to the end of a line are
//!   skipped). The rendering ([`render_decode`]) shows each record as
//!   above, each item as it is decoded (the export of a game, an escape
//!   string between games), and the error that ends decoding with its
//!   byte offset (ruling P7), after the bytes left unread.
//!
//! The stem says which row counts the fixture ([`FIXTURE_ROWS`]): it
//! starts with the section (`s20_1_`, `s20_2_`, `s20_3_`, `s20_4_00_`
//! for the noop and `s20_4_unknown_` for markers §20.4 does not define,
//! `s20_4_01_` to `s20_4_10_` for the markers), then the ruling (`p1` to
//! `p8`) and words. Two more words are promises the check holds the
//! fixture to: `refused` (an encode fixture with at least one game that
//! is not encoded; without it, every game must be) and `err` (a decode
//! fixture that ends with an error after at least one game; without it,
//! decoding must end cleanly).
//!
//! A fixture is one case of its row. It passes when its rendering is the
//! reviewed snapshot and
//!
//! - encode: every encoded game decodes to one game whose export is that
//!   of the input game (a lossy game that lost a null move, and so the
//!   rest of its line, is shown, not compared), and which encodes again
//!   to the same bytes; the fixture's whole output decodes to those games
//!   with [`Decoder`]; the [`StreamEncoder`] (what `pgn pgc encode` runs)
//!   writes the same bytes and refuses the same games; a `lossy` fixture
//!   drops something;
//! - decode: [`Decoder`] gives the items and the error that the record by
//!   record walk of the rendering gives, and each decoded game comes back
//!   through encoding and decoding with the same export.
//!
//! Snapshots are `tests/tests/snapshots/pgc@<file>.snap`, written by
//! `tests/pgc_fixtures.rs`; the rows compare the same rendering with them.
//! To add a fixture, write it, run `INSTA_UPDATE=always cargo test -p
//! pgn-tests --test pgc_fixtures`, and check the new snapshot's bytes by
//! hand against §20 and the rulings.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pgn_export::{ExportOptions, Writer};
use pgn_pgc::primitive::Input;
use pgn_pgc::record::{ReadError, Record, RecordReader};
use pgn_pgc::{
    DecodeError, Decoded, Decoder, Dropped, EncodeErrorKind, EncodeOptions, GameDecoder,
    StreamEncoder, encode_game,
};
use pgn_replay::{Event, ReplayedGame, Replayer};
use pgn_syntax::Reader;
use san::San;

use crate::pgc::decode_one;
use crate::snapshot::{self, file_name, list_files};
use crate::{Check, Context, Section};

/// The rows of the fixtures, in table order: name, and the stem prefixes
/// of the fixtures it counts. The first row also reports problems of the
/// folder as a whole.
pub const FIXTURE_ROWS: &[(&str, &[&str])] = &[
    ("§20.1 bytes and words", &["s20_1_"]),
    ("§20.2 move ordinals", &["s20_2_"]),
    ("§20.3 strings", &["s20_3_"]),
    ("§20.4 marker 0x00 and unknown markers", &["s20_4_00_", "s20_4_unknown_"]),
    ("§20.4.1 marker 0x01", &["s20_4_01_"]),
    ("§20.4.2 marker 0x02", &["s20_4_02_"]),
    ("§20.4.3 marker 0x03", &["s20_4_03_"]),
    ("§20.4.4 marker 0x04", &["s20_4_04_"]),
    ("§20.4.5 marker 0x05", &["s20_4_05_"]),
    ("§20.4.6 marker 0x06", &["s20_4_06_"]),
    ("§20.4.7 marker 0x07", &["s20_4_07_"]),
    ("§20.4.8 marker 0x08", &["s20_4_08_"]),
    ("§20.4.9 marker 0x09", &["s20_4_09_"]),
    ("§20.4.10 marker 0x0a", &["s20_4_10_"]),
];

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    FIXTURE_ROWS
        .iter()
        .enumerate()
        .map(|(index, &(name, prefixes))| {
            Check::new(name, move |_ctx: &Context, section: &mut Section| {
                if index == 0 {
                    check_folder(section);
                }
                snapshot::fixture_row(prefixes, fixtures(), &dir(), check_fixture, section);
            })
            .fixtures(&["tests/data/pgc/"])
            .rulings(&["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"])
        })
        .collect()
}

/// The folder of the fixtures: `tests/data/pgc`.
pub fn dir() -> PathBuf {
    crate::crate_dir().join("data").join("pgc")
}

/// The reviewed snapshot of a fixture.
pub fn snapshot_path(fixture: &Path) -> PathBuf {
    snapshot::glob_snapshot_path("pgc", &dir(), fixture)
}

/// The kind of a fixture, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `.pgn`: PGN to encode.
    Encode,
    /// `.hex`: PGC to decode.
    Decode,
}

fn kind(path: &Path) -> Option<Kind> {
    match path.extension()?.to_str()? {
        "pgn" => Some(Kind::Encode),
        "hex" => Some(Kind::Decode),
        _ => None,
    }
}

/// True if the words of the fixture's stem (split at `_`) include `word`.
fn says(path: &Path, word: &str) -> bool {
    let name = file_name(path);
    let stem = name.split('.').next().unwrap_or_default();
    stem.split('_').any(|w| w == word)
}

/// How a fixture is encoded: lossy when its name says so.
fn options(path: &Path) -> EncodeOptions {
    EncodeOptions { lossy: says(path, "lossy") }
}

/// The rendering of a fixture file, chosen by its extension.
pub fn render_fixture(path: &Path, input: &[u8]) -> String {
    match kind(path) {
        Some(Kind::Encode) => render_encode(input, options(path)),
        Some(Kind::Decode) => render_decode(input),
        None => format!("not a fixture: {}\n", path.display()),
    }
}

/// The fixtures of the folder, sorted.
fn fixtures() -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    list_files(&dir(), &mut files).map_err(|e| format!("cannot list {}: {e}", dir().display()))?;
    files.retain(|path| kind(path).is_some());
    Ok(files)
}

/// Fails for every file of the folder that is not a fixture or the README,
/// every fixture whose name no row counts, and every snapshot without a
/// fixture.
fn check_folder(section: &mut Section) {
    let mut files = Vec::new();
    if let Err(e) = list_files(&dir(), &mut files) {
        return section.fail(format!("cannot list {}: {e}", dir().display()));
    }
    for path in &files {
        let name = file_name(path);
        if name == "README.md" {
            continue;
        }
        if kind(path).is_none() {
            section.fail(format!("{name}: neither a .pgn nor a .hex fixture"));
        } else if !FIXTURE_ROWS.iter().any(|(_, prefixes)| snapshot::counted_by(prefixes, &name)) {
            section.fail(format!(
                "{name}: no row counts it (FIXTURE_ROWS in tests/src/pgc_fixtures.rs)"
            ));
        }
    }
    for snapshot in snapshot::snapshots_named("pgc@") {
        if !files.iter().any(|fixture| snapshot_path(fixture) == snapshot) {
            section.fail(format!("{}: snapshot without a fixture", snapshot.display()));
        }
    }
}

/// Checks one fixture: its snapshot, then what its kind promises (see the
/// module documentation).
pub fn check_fixture(path: &Path) -> Result<(), String> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let rendered = render_fixture(path, &input);
    snapshot::compare(&snapshot_path(path), &rendered, "pgc_fixtures")?;
    match kind(path) {
        Some(Kind::Encode) => check_encode(path, &input),
        Some(Kind::Decode) => check_decode(path, &input),
        None => Err("not a fixture".to_owned()),
    }
}

// ---------------------------------------------------------------------------
// Rendering records

/// What walking a PGC input record by record found.
#[derive(Debug, Default)]
struct Walk {
    /// The items, in order.
    items: Vec<Decoded>,
    /// The error that ended it, if any.
    error: Option<DecodeError>,
}

/// Walks `bytes` (which start at `base` in the whole output) record by
/// record with a [`RecordReader`] and a [`GameDecoder`], appending a line
/// per record to `out`, and after each item, the item (`numbered` in
/// the order of the input, or as the one game of an encoded game's
/// records). `indent` starts every line.
fn walk(bytes: &[u8], base: u64, indent: &str, numbered: bool, out: &mut String) -> Walk {
    let mut records = RecordReader::new(bytes);
    let mut games = GameDecoder::new();
    let mut found = Walk::default();
    loop {
        let (offset, record) = match records.next_record() {
            None => {
                if let Err(error) = games.finish(records.offset() + base) {
                    found.error = Some(error);
                }
                break;
            }
            Some(Ok(next)) => next,
            Some(Err(ReadError::Decode(mut error))) => {
                not_read(bytes, records.offset(), base, indent, out);
                error.offset += base;
                found.error = Some(error);
                break;
            }
            Some(Err(ReadError::Io(error))) => {
                // Reading from memory cannot fail; say so if it did.
                let _ = writeln!(out, "{indent}i/o error: {error}");
                break;
            }
        };
        // The record's own bytes: read again from the input, to its end.
        let start = usize::try_from(offset).unwrap_or(bytes.len()).min(bytes.len());
        let mut again = Input::new(&bytes[start..], 0);
        let end = start + Record::read(&mut again).map_or(0, |_| again.consumed());
        let mut sans = Vec::new();
        let decoded = games.record(offset + base, &record, &mut |event| {
            if let Event::Move(played) = event {
                sans.push(San::from_played(&played).to_string());
            }
        });
        let _ = writeln!(
            out,
            "{indent}{:>5}  {}  {}",
            offset + base,
            hex(&bytes[start..end]),
            describe(&record, &sans)
        );
        match decoded {
            Ok(None) => {}
            Ok(Some(item)) => {
                let number = numbered.then_some(found.items.len() + 1);
                write_item(&item, number, indent, out);
                found.items.push(item);
            }
            Err(error) => {
                not_read(bytes, records.offset(), base, indent, out);
                found.error = Some(error);
                break;
            }
        }
    }
    if let Some(error) = &found.error {
        let _ = writeln!(out, "{indent}error: {error}");
    }
    found
}

/// Writes the bytes from `at` on, which decoding left unread, if any.
fn not_read(bytes: &[u8], at: u64, base: u64, indent: &str, out: &mut String) {
    let rest = bytes.get(usize::try_from(at).unwrap_or(usize::MAX)..).unwrap_or_default();
    if !rest.is_empty() {
        let _ = writeln!(out, "{indent}{:>5}  {}  (not read)", at + base, hex(rest));
    }
}

/// Bytes as hex pairs separated by spaces.
fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// A record's marker name and what it holds; `sans` are the moves of its
/// sequence as far as they were played.
fn describe(record: &Record<'_>, sans: &[String]) -> String {
    let mut line = record.marker().name().to_owned();
    let moves = |line: &mut String, ordinals: &[u8]| {
        let _ = write!(line, " moves({})", ordinals.len());
        for (i, ordinal) in ordinals.iter().enumerate() {
            let san = sans.get(i).map_or("?", String::as_str);
            let _ = write!(line, " {ordinal}:{san}");
        }
    };
    match *record {
        Record::ReducedGame { roster, moves: seq } => {
            const ROSTER: [&str; 7] =
                ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
            for (name, value) in ROSTER.iter().zip(roster) {
                let _ = write!(line, " {name} {}", snapshot::quote(value, usize::MAX));
            }
            moves(&mut line, seq.ordinals);
        }
        Record::TagPair { name, value } => {
            let _ = write!(
                line,
                " {} {}",
                snapshot::quote(name, usize::MAX),
                snapshot::quote(value, usize::MAX)
            );
        }
        Record::Moves { moves: seq, .. } => moves(&mut line, seq.ordinals),
        Record::Nag(nag) => {
            let _ = write!(line, " ${nag}");
        }
        Record::Escape(text) => {
            let _ = write!(line, " {}", snapshot::quote(text, usize::MAX));
        }
        Record::Noop
        | Record::GameBegin
        | Record::GameEnd
        | Record::VariationBegin
        | Record::VariationEnd => {}
    }
    line
}

/// Writes a decoded item: a game's export, or an escape string; with its
/// number in the input, if given.
fn write_item(item: &Decoded, number: Option<usize>, indent: &str, out: &mut String) {
    let item_n = number.map_or_else(|| "decoded".to_owned(), |n| format!("item {n}:"));
    match item {
        Decoded::Game(game) => {
            let _ = writeln!(out, "{indent}{item_n} game, exported:");
            write_text(&export(game, ExportOptions::default()), &format!("{indent}    "), out);
        }
        Decoded::Escape(text) => {
            let text = snapshot::quote(text, usize::MAX);
            let _ = writeln!(out, "{indent}{item_n} escape string {text}");
        }
    }
    if number.is_some() {
        out.push('\n');
    }
}

/// Writes text line by line after `indent` (empty lines stay empty, and
/// the empty line that ends an exported game is left out). Bytes that
/// are not UTF-8 are shown as `\xNN`, control characters but the line
/// end as escapes.
fn write_text(text: &[u8], indent: &str, out: &mut String) {
    let text = text.strip_suffix(b"\n\n").unwrap_or(text);
    for line in text.split(|&b| b == b'\n') {
        if line.is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "{indent}{}", readable(line));
        }
    }
}

/// A line of text as it is, but for bytes that are not UTF-8 (`\xNN`) and
/// control characters (escaped as [`snapshot::escape`] does).
fn readable(line: &[u8]) -> String {
    let mut out = String::with_capacity(line.len());
    for chunk in line.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                out.push_str(&snapshot::escape(c.to_string().as_bytes()));
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// The export of `game` with `options`.
fn export(game: &ReplayedGame, options: ExportOptions) -> Vec<u8> {
    let mut out = Vec::new();
    let Ok(()) = Writer::new(options).write_game(game, &mut out);
    out
}

// ---------------------------------------------------------------------------
// Encode fixtures

/// One game of an encode fixture.
struct Encoded {
    /// The input game.
    game: ReplayedGame,
    /// Where its records are in the fixture's output and what lossy
    /// encoding dropped, or why it was refused.
    outcome: Result<(std::ops::Range<usize>, Dropped), EncodeErrorKind>,
}

/// Encodes every game of `input`, one after another into one output.
fn encode_all(input: &[u8], options: EncodeOptions) -> Result<(Vec<Encoded>, Vec<u8>), String> {
    let mut out = Vec::new();
    let mut games = Vec::new();
    for game in pgn_replay::replay_games(input) {
        let game = game.map_err(|e| format!("cannot read: {e}"))?.game;
        let start = out.len();
        let outcome =
            encode_game(&game, options, &mut out).map(|dropped| (start..out.len(), dropped));
        games.push(Encoded { game, outcome });
    }
    Ok((games, out))
}

/// The export a round trip should give back: the input's, without its
/// comments when encoding is lossy.
fn expected_export(game: &ReplayedGame, options: EncodeOptions) -> Vec<u8> {
    let export_options = ExportOptions { comments: !options.lossy, ..ExportOptions::default() };
    export(game, export_options)
}

/// The rendering of an encode fixture (see the module documentation).
pub fn render_encode(input: &[u8], options: EncodeOptions) -> String {
    let (games, output) = match encode_all(input, options) {
        Ok(encoded) => encoded,
        Err(e) => return format!("error: {e}\n"),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} encoding: {} game(s), {} encoded, {} byte(s)",
        if options.lossy { "lossy" } else { "strict" },
        games.len(),
        games.iter().filter(|g| g.outcome.is_ok()).count(),
        output.len()
    );
    for (i, encoded) in games.iter().enumerate() {
        let _ = writeln!(out, "\ngame {}", i + 1);
        let (range, dropped) = match &encoded.outcome {
            Ok(ok) => ok,
            Err(kind) => {
                let _ = writeln!(out, "  refused: {kind}");
                continue;
            }
        };
        if !dropped.is_empty() {
            let Dropped { comments, null_moves, after_null, annotations } = dropped;
            let _ = writeln!(
                out,
                "  dropped: {comments} comment(s), {null_moves} null move(s), {after_null} \
                 move(s) and {annotations} NAG(s) or escape line(s) after them"
            );
        }
        let walked = walk(&output[range.clone()], range.start as u64, "  ", false, &mut out);
        let want = expected_export(&encoded.game, options);
        let without = if options.lossy { " without comments" } else { "" };
        match &walked.items[..] {
            [Decoded::Game(decoded)] if export(decoded, ExportOptions::default()) == want => {
                let _ = writeln!(out, "  round trip: the export of the input game{without}");
            }
            _ if dropped.null_moves > 0 => {
                let _ = writeln!(
                    out,
                    "  round trip: cut at the null move; the export of the input game{without} \
                     is:"
                );
                write_text(&want, "    ", &mut out);
            }
            _ => {
                let _ = writeln!(out, "  round trip: NOT the export of the input game{without}:");
                write_text(&want, "    ", &mut out);
            }
        }
    }
    out
}

fn check_encode(path: &Path, input: &[u8]) -> Result<(), String> {
    let options = options(path);
    let (games, output) = encode_all(input, options)?;
    let refused = games.iter().filter(|g| g.outcome.is_err()).count();
    match (says(path, "refused"), refused) {
        (true, 0) => return Err("named `refused`, but every game was encoded".to_owned()),
        (false, n) if n > 0 => {
            return Err(format!("{n} game(s) refused, and the name does not say `refused`"));
        }
        _ => {}
    }
    if options.lossy && games.iter().all(|g| g.outcome.as_ref().map_or(true, |(_, d)| d.is_empty()))
    {
        return Err("named `lossy`, but nothing was dropped".to_owned());
    }
    let mut encoded = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let Ok((range, dropped)) = &game.outcome else { continue };
        let number = i + 1;
        let bytes = &output[range.clone()];
        let decoded = decode_one(bytes).map_err(|e| format!("game {number}: {e}"))?;
        if dropped.null_moves == 0
            && export(&decoded, ExportOptions::default()) != expected_export(&game.game, options)
        {
            return Err(format!("game {number}: the round trip does not give its export back"));
        }
        let mut again = Vec::new();
        encode_game(&decoded, EncodeOptions::default(), &mut again)
            .map_err(|e| format!("game {number}: the decoded game is not encoded: {e}"))?;
        if again != bytes {
            return Err(format!("game {number}: the decoded game encodes to other bytes"));
        }
        encoded.push(Decoded::Game(decoded));
    }
    let whole: Vec<Decoded> = Decoder::new(&output[..])
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the fixture's output does not decode: {e}"))?;
    if whole != encoded {
        return Err("the fixture's output decodes to other games".to_owned());
    }
    check_stream(input, options, &games, &output)
}

/// The [`StreamEncoder`] writes `output` and refuses the games refused.
fn check_stream(
    input: &[u8],
    options: EncodeOptions,
    games: &[Encoded],
    output: &[u8],
) -> Result<(), String> {
    let mut replayer = Replayer::new(StreamEncoder::new(options));
    let mut reader = Reader::new(input);
    let mut refused = Vec::new();
    while let Some(game) =
        reader.read_game(&mut replayer).map_err(|e| format!("cannot read: {e}"))?
    {
        refused.push(game.output.error.map(|e| e.kind));
    }
    let tree: Vec<Option<EncodeErrorKind>> =
        games.iter().map(|g| g.outcome.as_ref().err().cloned()).collect();
    if refused != tree {
        return Err(format!("the streaming encoder refuses {refused:?}, the tree {tree:?}"));
    }
    if replayer.inner().output() != output {
        return Err("the streaming encoder writes other bytes".to_owned());
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Decode fixtures

/// The bytes that the hex text of a decode fixture stands for: pairs of
/// hex digits, white space and `#` comments (to the end of the line)
/// skipped.
///
/// # Errors
///
/// A character that is not a hex digit, or an odd digit at the end; with
/// its line.
pub fn parse_hex(text: &[u8]) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let mut high: Option<u8> = None;
    for (number, line) in text.split(|&b| b == b'\n').enumerate() {
        let line = line.split(|&b| b == b'#').next().unwrap_or_default();
        for &c in line {
            if c.is_ascii_whitespace() {
                continue;
            }
            let digit = char::from(c).to_digit(16).ok_or_else(|| {
                format!("line {}: `{}` is not a hex digit", number + 1, c.escape_ascii())
            })?;
            // A hex digit is below 16.
            let digit = digit as u8;
            match high.take() {
                None => high = Some(digit),
                Some(h) => bytes.push(h << 4 | digit),
            }
        }
    }
    match high {
        None => Ok(bytes),
        Some(_) => Err("an odd number of hex digits".to_owned()),
    }
}

/// The rendering of a decode fixture (see the module documentation).
pub fn render_decode(text: &[u8]) -> String {
    let bytes = match parse_hex(text) {
        Ok(bytes) => bytes,
        Err(e) => return format!("bad hex: {e}\n"),
    };
    let mut out = String::new();
    let _ = writeln!(out, "{} byte(s)", bytes.len());
    walk(&bytes, 0, "", true, &mut out);
    out
}

fn check_decode(path: &Path, text: &[u8]) -> Result<(), String> {
    let bytes = parse_hex(text)?;
    let walked = walk(&bytes, 0, "", true, &mut String::new());
    match (says(path, "err"), &walked.error) {
        (true, None) => return Err("named `err`, but decoding ends cleanly".to_owned()),
        (true, Some(_)) if !walked.items.iter().any(|item| matches!(item, Decoded::Game(_))) => {
            return Err("no game before the error: the fixture shows none kept".to_owned());
        }
        (false, Some(error)) => {
            return Err(format!("decoding fails ({error}), and the name does not say `err`"));
        }
        _ => {}
    }
    // The iterator gives what the record by record walk gives.
    let mut items = Vec::new();
    let mut error = None;
    for item in Decoder::new(&bytes[..]) {
        match item {
            Ok(item) => items.push(item),
            Err(ReadError::Decode(e)) => error = Some(e),
            Err(ReadError::Io(e)) => return Err(format!("i/o error from memory: {e}")),
        }
    }
    if items != walked.items || error != walked.error {
        return Err(format!(
            "Decoder gives {} item(s) and {error:?}, the walk {} and {:?}",
            items.len(),
            walked.items.len(),
            walked.error
        ));
    }
    for (i, item) in walked.items.iter().enumerate() {
        let Decoded::Game(game) = item else { continue };
        let number = i + 1;
        let mut bytes = Vec::new();
        encode_game(game, EncodeOptions::default(), &mut bytes)
            .map_err(|e| format!("item {number}: the decoded game is not encoded: {e}"))?;
        let again = decode_one(&bytes).map_err(|e| format!("item {number}: {e}"))?;
        if export(&again, ExportOptions::default()) != export(game, ExportOptions::default()) {
            return Err(format!("item {number}: encoded and decoded again, it exports otherwise"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_pairs_with_comments_and_spaces() {
        assert_eq!(parse_hex(b"05 # begin\n02 0a\t0B\n\n  06"), Ok(vec![5, 2, 10, 11, 6]));
        assert_eq!(parse_hex(b"0d0c"), Ok(vec![13, 12]));
        assert!(parse_hex(b"0g").is_err());
        assert!(parse_hex(b"05 0").is_err());
    }

    #[test]
    fn names_say_what_a_fixture_promises() {
        let path = Path::new("s20_4_03_p6_null_move_lossy.pgn");
        assert!(says(path, "lossy"));
        assert!(!says(path, "refused"));
        assert!(says(Path::new("s20_2_p7_err_ordinal_past_end.hex"), "err"));
        assert!(!says(Path::new("s20_4_01_p2_errand.hex"), "err"));
    }

    #[test]
    fn every_row_prefix_is_a_section_of_20() {
        for (name, prefixes) in FIXTURE_ROWS {
            assert!(name.starts_with("§20."), "{name}");
            assert!(prefixes.iter().all(|p| p.starts_with("s20_") && p.ends_with('_')), "{name}");
        }
    }
}
