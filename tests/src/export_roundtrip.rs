//! Export round trips over the corpus (§3.2, rulings E1 to E13): export
//! format is a fixed point of reading and writing.
//!
//! For every PGN file of the corpus (`pgn/` and `bench/`, and the
//! compressed benchmark book, decompressed in process):
//!
//! - **idempotence**: the file exported (`E1`, [`export_tree`]) reads back
//!   with the same number of games, without an error but in the games that
//!   were broken already (ruling: their moves are written as read), and
//!   exported again gives `E1` byte for byte ([`check_idempotent`]);
//! - **streaming = tree**: the [`StreamExporter`] driven by a
//!   [`Replayer`] (what `pgn export` does) gives the bytes of
//!   [`Writer::write_game`] over [`pgn_replay::replay_games`], and so does the
//!   writer over the tree replay ([`pgn_replay::replay`]) of each game
//!   ([`check_stream_is_tree`]);
//! - **options**: reduced export format (E13), each of comments, NAGs
//!   and variations left out, and all three left out with every tag kept,
//!   are fixed points too.
//!
//! Broken games (a move that cannot be played, a start that cannot be set
//! up) are left out by default, as `pgn export` does; a file that has any
//! is also checked with them written ([`Writer::write_game`] always
//! writes). In reduced export format a game from a set-up position is
//! always left out ([`Unfit::SetUpPosition`]: it has no FEN tag), so
//! idempotence is checked on the games it writes; such games are counted
//! apart ([`Export::set_up`]), and the option set that strips what
//! reduced format strips but keeps every tag checks their movetext.
//!
//! The fuzz target `export` (`tests/src/fuzz/export.rs`) calls the same checks.

use std::io::Read;
use std::path::{Path, PathBuf};

use pgn_export::{
    ExportOptions, StreamExporter, TagOrder, TagSet, Unfit, Writer, is_broken, unfit,
};
use pgn_replay::Replayer;
use pgn_syntax::{Reader, Severity};

use crate::parallel::parallel_map;
use crate::reading::corpus::{pgn_paths, relative};
use crate::reading::no_panic;
use crate::snapshot::short;
use crate::{Check, Context, Mode, Section};

/// The compressed benchmark book, below the corpus root.
const BOOK: &str = crate::reading::corpus::COMPRESSED;

/// How much of the book [`Mode::Quick`] reads (decompressed bytes, cut
/// back to the last whole game).
const QUICK_BOOK_PREFIX: u64 = 256 * 1024;

/// How much of the book [`Mode::Default`] reads in the rows that export
/// it several times (the option row): the whole book only in `--full`.
const DEFAULT_BOOK_PREFIX: u64 = 8 * 1024 * 1024;

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§3.2 export idempotence (corpus)", idempotence)
            .fixtures(&["corpus:pgn/", "corpus:bench/"])
            .rulings(&["E1", "E3", "E5", "E6", "E7", "E9", "E11"]),
        Check::new("§3.2 streaming = tree export (corpus)", stream_is_tree)
            .fixtures(&["corpus:pgn/", "corpus:bench/"]),
        Check::new("§3.2.4 reduced export idempotence", options_idempotence)
            .fixtures(&["corpus:pgn/", "corpus:bench/"])
            .rulings(&["E13"]),
    ]
}

/// The export of a whole input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Export {
    /// The bytes written.
    pub bytes: Vec<u8>,
    /// The games read.
    pub games: u64,
    /// The games written.
    pub written: u64,
    /// The games left out because the options cannot hold their start
    /// ([`Unfit::SetUpPosition`]); the others left out are broken.
    pub set_up: u64,
    /// For each game written: it was broken.
    pub broken: Vec<bool>,
    /// For each game written: the first error diagnostic of its reading
    /// and replay, if any.
    pub errors: Vec<Option<String>>,
}

/// Exports every game of `input` with `options` through
/// [`Writer::write_game`] over [`pgn_replay::replay_games`] (the tree path),
/// broken games too when `keep_broken`, but never a game that does not
/// fit the options otherwise ([`unfit`]), as [`StreamExporter`] does.
///
/// # Errors
///
/// Reading from memory failed.
pub fn export_tree(
    input: &[u8],
    options: ExportOptions,
    keep_broken: bool,
) -> Result<Export, String> {
    let mut export = Export::default();
    let mut writer = Writer::new(options);
    for game in pgn_replay::replay_games(input) {
        let game = game.map_err(|e| format!("cannot read: {e}"))?;
        let error = game.diagnostics.iter().find(|d| d.severity() == Severity::Error);
        export.add(&mut writer, &game.game, &options, keep_broken, error.map(ToString::to_string));
    }
    Ok(export)
}

/// Exports every game of `input` as `pgn export` does: a
/// [`StreamExporter`] driven by a [`Replayer`], one pass.
///
/// # Errors
///
/// Reading from memory failed.
pub fn export_stream(
    input: &[u8],
    options: ExportOptions,
    keep_broken: bool,
) -> Result<Export, String> {
    let mut export = Export::default();
    let mut replayer = Replayer::new(StreamExporter::new(options).keep_broken(keep_broken));
    let mut reader = Reader::new(input);
    while let Some(game) =
        reader.read_game(&mut replayer).map_err(|e| format!("cannot read: {e}"))?
    {
        export.games += 1;
        if game.output.written() {
            export.written += 1;
            export.broken.push(game.info.is_broken());
        } else if game.output.left_out == Some(Unfit::SetUpPosition) {
            export.set_up += 1;
        }
        export.bytes.extend_from_slice(replayer.inner().output());
        replayer.inner_mut().clear_output();
    }
    Ok(export)
}

/// Exports every game of `input` from the tree replay: [`pgn_replay::replay`]
/// of each game of [`pgn_syntax::read_games`], written by
/// [`Writer::write_game`].
///
/// # Errors
///
/// Reading from memory failed.
pub fn export_replayed(
    input: &[u8],
    options: ExportOptions,
    keep_broken: bool,
) -> Result<Export, String> {
    let mut export = Export::default();
    let mut writer = Writer::new(options);
    for read in pgn_syntax::read_games(input) {
        let (game, source) = read.map_err(|e| format!("cannot read: {e}"))?;
        let (game, problems) = pgn_replay::replay(&game, &source);
        let error = source
            .diagnostics
            .iter()
            .map(|d| (d.severity(), d.to_string()))
            .chain(problems.iter().map(|d| (d.severity(), d.to_string())))
            .find_map(|(severity, text)| (severity == Severity::Error).then_some(text));
        export.add(&mut writer, &game, &options, keep_broken, error);
    }
    Ok(export)
}

impl Export {
    /// Counts `game` and writes it when it is written with `options`
    /// ([`Export::fits`]), with `error`, the first error its reading and
    /// replay found.
    fn add(
        &mut self,
        writer: &mut Writer,
        game: &pgn_replay::ReplayedGame,
        options: &ExportOptions,
        keep_broken: bool,
        error: Option<String>,
    ) {
        self.games += 1;
        if !self.fits(game, options, keep_broken) {
            return;
        }
        let Ok(()) = writer.write_game(game, &mut self.bytes);
        self.written += 1;
        self.broken.push(is_broken(game));
        self.errors.push(error);
    }

    /// Whether `game` is written with `options`: it fits them, or it is
    /// only broken and `keep_broken`. A game left out for its start is
    /// counted.
    fn fits(
        &mut self,
        game: &pgn_replay::ReplayedGame,
        options: &ExportOptions,
        keep_broken: bool,
    ) -> bool {
        match unfit(game, *options) {
            None => true,
            Some(Unfit::SetUpPosition) => {
                self.set_up += 1;
                false
            }
            Some(Unfit::Broken) => keep_broken,
            Some(other) => panic!("no check for a game unfit as {other:?}"),
        }
    }
}

/// What a round trip checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundTrip {
    /// Games read from the input.
    pub games: u64,
    /// Games written (all of them, or those that fit the options).
    pub written: u64,
    /// Games left out because the options cannot hold their start
    /// (reduced export format and a set-up position, ruling E13).
    pub set_up: u64,
}

impl RoundTrip {
    /// Broken games were left out.
    fn left_out_broken(&self) -> bool {
        self.written + self.set_up < self.games
    }
}

/// Export idempotence: `E1` = export(`input`); `E1` read back has as many
/// games as were written, every one of them fits the options again, a
/// game that was not broken is neither broken nor has an error, and
/// export(read(`E1`)) = `E1` byte for byte.
///
/// # Errors
///
/// What differs, and where.
pub fn check_idempotent(
    input: &[u8],
    options: ExportOptions,
    keep_broken: bool,
) -> Result<RoundTrip, String> {
    let first = export_tree(input, options, keep_broken)?;
    let second = export_tree(&first.bytes, options, true)?;
    if second.games != first.written {
        return Err(format!(
            "{} games written, {} read back ({} in the input)",
            first.written, second.games, first.games
        ));
    }
    if second.set_up > 0 {
        let n = second.set_up;
        return Err(format!("{n} written games read back from a start the options cannot hold"));
    }
    let games = first.broken.iter().zip(&second.broken).zip(&second.errors);
    for (i, ((&was, &is), error)) in games.enumerate() {
        let number = i + 1;
        // A broken game may read back whole: the options left out the
        // variation that was broken.
        if is && !was {
            return Err(format!("written game {number} was not broken, read back broken"));
        }
        if let (false, Some(error)) = (is, error) {
            return Err(format!("written game {number} reads back with an error: {error}"));
        }
    }
    if second.bytes != first.bytes {
        return Err(format!("exported again, {}", first_difference(&first.bytes, &second.bytes)));
    }
    Ok(RoundTrip { games: first.games, written: first.written, set_up: first.set_up })
}

/// Streaming export ([`export_stream`]) and tree export ([`export_tree`],
/// and [`export_replayed`] from the tree replay) give the same bytes and
/// write the same games.
///
/// # Errors
///
/// What differs, and where.
pub fn check_stream_is_tree(
    input: &[u8],
    options: ExportOptions,
    keep_broken: bool,
) -> Result<RoundTrip, String> {
    let tree = export_tree(input, options, keep_broken)?;
    let others = [
        ("streaming", export_stream(input, options, keep_broken)?),
        ("the tree replay", export_replayed(input, options, keep_broken)?),
    ];
    for (name, other) in others {
        if (other.games, other.written, other.set_up) != (tree.games, tree.written, tree.set_up) {
            return Err(format!(
                "{name} read {} games, wrote {} and left out {} for their start; \
                 replay_games {}, {} and {}",
                other.games, other.written, other.set_up, tree.games, tree.written, tree.set_up
            ));
        }
        if other.broken != tree.broken {
            return Err(format!("{name} and replay_games disagree on which games are broken"));
        }
        if other.bytes != tree.bytes {
            return Err(format!("{name}: {}", first_difference(&tree.bytes, &other.bytes)));
        }
    }
    Ok(RoundTrip { games: tree.games, written: tree.written, set_up: tree.set_up })
}

/// Where `got` first differs from `want`: the line number and both lines.
pub fn first_difference(want: &[u8], got: &[u8]) -> String {
    let at = want.iter().zip(got).position(|(a, b)| a != b).unwrap_or(want.len().min(got.len()));
    let line = want[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let line_of = |text: &[u8]| {
        let start = text[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let end = text[at..].iter().position(|&b| b == b'\n').map_or(text.len(), |i| at + i);
        short(&text[start..end].escape_ascii().to_string(), 160)
    };
    format!("line {line} differs: `{}` became `{}`", line_of(want), line_of(got))
}

/// One input of the rows: a corpus file, or a prefix of the book.
pub(crate) struct Input {
    /// Its name in messages (the path below the corpus root).
    name: String,
    /// The file, or the book and how much of it to read.
    source: Source,
}

enum Source {
    File(PathBuf),
    Book { path: PathBuf, limit: Option<u64> },
}

impl Input {
    fn bytes(&self) -> Result<Vec<u8>, String> {
        match &self.source {
            Source::File(path) => std::fs::read(path).map_err(|e| format!("cannot read: {e}")),
            Source::Book { path, limit } => decompress(path, *limit),
        }
    }
}

/// The decompressed bytes of a zstd file, or their first `limit` bytes cut
/// back to the end of the last game that starts before the limit (at the
/// last empty line before a tag).
fn decompress(path: &Path, limit: Option<u64>) -> Result<Vec<u8>, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open: {e}"))?;
    let decoder = zstd::stream::read::Decoder::new(file).map_err(|e| format!("zstd: {e}"))?;
    read_limited(decoder, limit).map_err(|e| format!("zstd: {e}"))
}

/// The bytes of a corpus file, decompressed when its name ends in `.zst`;
/// or, as [`decompress`] cuts them, their first `limit` bytes up to the
/// end of the last game that starts before the limit.
pub(crate) fn read_corpus_file(path: &Path, limit: Option<u64>) -> Result<Vec<u8>, String> {
    if path.extension().is_some_and(|e| e == "zst") {
        return decompress(path, limit);
    }
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open: {e}"))?;
    read_limited(file, limit).map_err(|e| format!("cannot read: {e}"))
}

/// Everything `input` gives, or its first `limit` bytes cut back as
/// [`decompress`] says.
fn read_limited(input: impl Read, limit: Option<u64>) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    match limit {
        Some(limit) => input.take(limit).read_to_end(&mut bytes)?,
        None => { input }.read_to_end(&mut bytes)?,
    };
    if limit.is_some_and(|limit| bytes.len() as u64 == limit)
        && let Some(end) = bytes.windows(3).rposition(|w| w == b"\n\n[")
    {
        bytes.truncate(end + 2);
    }
    Ok(bytes)
}

/// The inputs of a row: every `.pgn` file below `pgn/` and `bench/` (only
/// those of at most 64 KiB in [`Mode::Quick`], which runs unoptimised
/// code), and the book, its first `book_limit` bytes when one is given.
pub(crate) fn inputs(ctx: &Context, section: &mut Section, book_limit: Option<u64>) -> Vec<Input> {
    let files = pgn_paths(ctx, section, true);
    let mut inputs: Vec<Input> = files
        .into_iter()
        .map(|p| Input { name: relative(ctx, &p), source: Source::File(p) })
        .collect();
    let book = ctx.corpus_file(BOOK);
    let name = match book_limit {
        Some(limit) => format!("{BOOK} (first {} KiB)", limit / 1024),
        None => BOOK.to_owned(),
    };
    // The book first: the longest job starts while the files keep the
    // other threads busy.
    inputs.insert(0, Input { name, source: Source::Book { path: book, limit: book_limit } });
    inputs
}

/// Runs `check` on every input in parallel and records one case per
/// input.
pub(crate) fn run<T: Send>(
    section: &mut Section,
    inputs: &[Input],
    check: impl Fn(&[u8]) -> Result<T, String> + Sync,
) {
    let results = parallel_map(inputs, |input| {
        let bytes = input.bytes()?;
        no_panic(|| check(&bytes))?
    });
    for (input, result) in inputs.iter().zip(results) {
        section.record(result.map(|_| ()).map_err(|e| short(&format!("{}: {e}", input.name), 400)));
    }
}

/// Runs a check with broken games left out, and, when the input has any
/// and `broken_too`, again with them written.
fn both_ways(
    input: &[u8],
    broken_too: bool,
    check: impl Fn(&[u8], bool) -> Result<RoundTrip, String>,
) -> Result<RoundTrip, String> {
    let without = check(input, false)?;
    if broken_too && without.left_out_broken() {
        check(input, true).map_err(|e| format!("with broken games written: {e}"))?;
    }
    Ok(without)
}

/// The book's prefix for a row that exports it twice.
pub(crate) fn book_limit(ctx: &Context) -> Option<u64> {
    match ctx.mode {
        Mode::Quick => Some(QUICK_BOOK_PREFIX),
        Mode::Default | Mode::Full => None,
    }
}

/// Row 1: export idempotence with the default options.
fn idempotence(ctx: &Context, section: &mut Section) {
    let inputs = inputs(ctx, section, book_limit(ctx));
    run(section, &inputs, |input| {
        both_ways(input, true, |input, keep| {
            check_idempotent(input, ExportOptions::default(), keep)
        })
    });
}

/// Row 2: streaming and tree export give the same bytes.
fn stream_is_tree(ctx: &Context, section: &mut Section) {
    let inputs = inputs(ctx, section, book_limit(ctx));
    run(section, &inputs, |input| {
        both_ways(input, true, |input, keep| {
            check_stream_is_tree(input, ExportOptions::default(), keep)
        })
    });
}

/// The option sets of row 3: reduced export format, each part left out
/// on its own, all three left out with every tag kept (which writes the
/// games from a set-up position that reduced format leaves out: what
/// `pgn export` suggests for them), and the layouts of pgn-extract's
/// options (`--roster-only`, `--tag-order input`, `--line-length`).
fn option_sets() -> [(&'static str, ExportOptions); 7] {
    let all = ExportOptions::default();
    [
        ("reduced", ExportOptions::reduced()),
        ("no comments", ExportOptions { comments: false, ..all }),
        ("no NAGs", ExportOptions { nags: false, ..all }),
        ("no variations", ExportOptions { variations: false, ..all }),
        ("reduced with every tag", ExportOptions { tags: TagSet::All, ..ExportOptions::reduced() }),
        (
            "roster with SetUp and FEN, tags as read, lines of 40 bytes",
            ExportOptions {
                tags: TagSet::RosterAndSetUp,
                tag_order: TagOrder::Input,
                line_length: 40,
                ..all
            },
        ),
        (
            "tags as read, one line",
            ExportOptions { tag_order: TagOrder::Input, line_length: 0, ..all },
        ),
    ]
}

/// Row 3: idempotence with reduced export format and with parts left out.
fn options_idempotence(ctx: &Context, section: &mut Section) {
    let limit = match ctx.mode {
        Mode::Quick => Some(QUICK_BOOK_PREFIX),
        Mode::Default => Some(DEFAULT_BOOK_PREFIX),
        Mode::Full => None,
    };
    let inputs = inputs(ctx, section, limit);
    run(section, &inputs, |input| {
        let mut first = None;
        for (name, options) in option_sets() {
            // Without its other tags a broken game may be another game:
            // one of a Variant this crate does not play is replayed as
            // chess when read back. Reduced format writes no broken game
            // here, nor (ruling E13) any game from a set-up position.
            let broken_too = options.tags == TagSet::All;
            let r =
                both_ways(input, broken_too, |input, keep| check_idempotent(input, options, keep))
                    .map_err(|e| format!("{name}: {e}"))?;
            first.get_or_insert(r);
        }
        Ok(first.unwrap_or_default())
    });
}
