//! The corpus rows of reading PGN (§8): every PGN file of the shared corpus
//! is read, and the files known to be malformed have reviewed snapshots of
//! what the reader reports about them.
//!
//! - **Game counts** (`§8 corpus: game counts`): every `.pgn` file under
//!   `pgn/` and `bench/` is read with `pgn_syntax::Reader` without a panic,
//!   and gives the number of games of the corpus README's per-file
//!   inventory, except where [`DIFFERENCES`] says why the standard splits
//!   the file otherwise than python-chess (which made the inventory). The
//!   zstd-compressed benchmark is read only in `--full` mode, through the
//!   system's `zstd` program (no new dependency); without that program it
//!   is a failed case that says so.
//! - **Malformed files** (`§8 corpus: malformed files`): for each file of
//!   [`MALFORMED`] the rendering of [`malformed_report`] (the games' sizes
//!   and every diagnostic with the line it points into) is compared with
//!   its reviewed snapshot `tests/tests/snapshots/corpus@<path>.snap`,
//!   written by `tests/corpus_snapshots.rs`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pgn_syntax::{Game, Reader, Visitor};

use super::{no_panic, syntax};
use crate::snapshot::{self, list_files, quote};
use crate::{Check, Context, Mode, Section};

/// The two corpus rows.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§8 corpus: game counts", game_counts)
            .covers(&["§3.1"])
            .fixtures(&["corpus:pgn/", "corpus:bench/"]),
        Check::new("§8 corpus: malformed files", malformed_files)
            .covers(&["§3.1"])
            .fixtures(&["corpus:pgn/ (the files known to be malformed)"]),
    ]
}

/// The folders of the corpus whose `.pgn` files are read.
const FOLDERS: &[&str] = &["pgn", "bench"];

/// The compressed benchmark, read in `--full` mode only.
pub(crate) const COMPRESSED: &str = "bench/gnuchess-book_1.02.pgn.zst";

/// A file whose game count differs from the README's, and why.
#[derive(Clone, Copy, Debug)]
pub struct Difference {
    /// Path below the corpus root.
    pub path: &'static str,
    /// The number of games the standard's reading gives.
    pub games: u64,
    /// Why python-chess counts otherwise, as checked by looking at the file.
    pub reason: &'static str,
}

/// Where the standard's game splitting (§8, §18, and real-world-notes.md:
/// a game ends at its termination marker or at the next tag section) gives
/// another count than python-chess's inventory.
pub const DIFFERENCES: &[Difference] = &[
    Difference {
        path: "pgn/sunfish/pgns.pgn",
        games: 278,
        reason: "278 lines, each a movetext without tags ending in its own termination \
                 marker, with no blank lines between: a game ends at its marker (§8.2.6), \
                 while python-chess reads on to the next blank line or tag and merges them",
    },
    Difference {
        path: "pgn/scalachess/FWWRC.pgn",
        games: 605,
        reason: "605 tag sections (each with Event, Round, White, Black, ...) separated by \
                 blank lines and no movetext at all: each is a game that ends at the next \
                 tag section (real-world-notes.md), python-chess merges the tags into one game",
    },
    Difference {
        path: "pgn/scalachess/uzchesscup.pgn",
        games: 45,
        reason: "45 tag sections without movetext (only the first has an Event tag; each has \
                 its own Round, White, Black and Result), separated by blank lines: 45 games, \
                 which python-chess merges into one",
    },
    Difference {
        path: "pgn/hoover/parsertest-1.pgn",
        games: 2,
        reason: "two games: one tag section (its Result and ECO tags indented and spanning \
                 lines, which §8.1 allows) ending at `27. Rxh3# 1-0`, then the movetext-only \
                 `1. e2e4 ... 0-1`; python-chess takes only tags in column 1 and splits the \
                 first game at the indented tag line and the second at its blank line",
    },
    Difference {
        path: "pgn/scalachess-fixtures/fromCrafty.pgn",
        games: 1,
        reason: "one tag section and one marker (`0-1`); the blank lines inside the Crafty \
                 movetext end a game for python-chess (13 games, 10 with errors), not for §8.2",
    },
    Difference {
        path: "pgn/scalachess-fixtures/gameWithComments.pgn",
        games: 1,
        reason: "one tag section and one marker; python-chess ends the game at the blank line \
                 before a `%` escape line and reads `5. d4 ...` as a second game",
    },
    Difference {
        path: "pgn/scid-encoding/res_gameLatin1.pgn",
        games: 1,
        reason: "one tag section and one marker; python-chess ends the game at the blank line \
                 after the long comment of `1.d4` and reads `1...Nf6 ...` as a second game",
    },
    Difference {
        path: "pgn/pychess-learn/puzzles/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn",
        games: 18,
        reason: "18 tag sections, each ending in `*`; python-chess 1.11.2 raises an IndexError \
                 inside the 17th (a variation after an illegal first move) and the \
                 inventory's loop stopped there",
    },
];

/// The files the README or their origin call malformed, whose diagnostics
/// have reviewed snapshots.
pub const MALFORMED: &[&str] = &[
    // Named as malformed by the corpus README.
    "pgn/scalachess-fixtures/unclosedQuote.pgn",
    "pgn/chess.js/0.pgn",
    "pgn/python-chess/uci-moves.pgn",
    "pgn/chess-library/corrupted.pgn",
    "pgn/hoover/parsertest-1.pgn",
    "pgn/hoover/scannertest-1.pgn",
    // Malformed tag sections and stray text, by their names or content.
    "pgn/chess-library/unescaped_quote_header.pgn",
    "pgn/chess-library/backslash_header.pgn",
    "pgn/scalachess-fixtures/withDelimiters.pgn",
    "pgn/scalachess-fixtures/blackAbsentResult.pgn",
    "pgn/scalachess-fixtures/multipleInitalCommentsWithEmpty.pgn",
    "pgn/scalachess-fixtures/fromTcecWithEngineOutput.pgn",
    "pgn/scalachess-fixtures/withGlyphAnnotations.pgn",
];

/// The game count of every PGN file in the README's per-file inventory,
/// by path below the corpus root.
///
/// # Errors
///
/// The README cannot be read.
pub fn inventory(ctx: &Context) -> io::Result<BTreeMap<String, u64>> {
    let text = fs::read_to_string(ctx.corpus_file("README.md"))?;
    Ok(parse_inventory(&text))
}

/// The rows `` | `PATH` | BYTES | N games ... | `` of the inventory.
fn parse_inventory(text: &str) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, path, _, what, ..] = cells.as_slice() else { continue };
        let Some(path) = path.strip_prefix('`').and_then(|p| p.strip_suffix('`')) else {
            continue;
        };
        let Some((number, rest)) = what.split_once(' ') else { continue };
        if rest.starts_with("games")
            && let Ok(games) = number.parse()
        {
            counts.insert(path.to_owned(), games);
        }
    }
    counts
}

/// The game count a file must give: its [`DIFFERENCES`] entry, else the
/// inventory's.
fn expected(path: &str, inventory: &BTreeMap<String, u64>) -> Option<u64> {
    DIFFERENCES
        .iter()
        .find(|d| d.path == path)
        .map(|d| d.games)
        .or_else(|| inventory.get(path).copied())
}

/// A visitor that only counts games.
struct CountGames;

impl Visitor for CountGames {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

/// The number of games the reader finds in `input`.
///
/// # Errors
///
/// Only I/O errors of `input`.
pub fn count_games(input: impl Read) -> io::Result<u64> {
    Reader::new(input).visit_all(&mut CountGames)
}

/// The `.pgn` files of the corpus folders, as paths below the corpus root.
fn pgn_files(ctx: &Context, section: &mut Section) -> Vec<String> {
    pgn_paths(ctx, section, false).iter().map(|path| relative(ctx, path)).collect()
}

/// Every `.pgn` file below the corpus folders `pgn/` and `bench/` (a
/// folder that cannot be listed fails `section`); with `small_in_quick`,
/// only those of at most 64 KiB in [`Mode::Quick`], which runs
/// unoptimised code.
pub(crate) fn pgn_paths(
    ctx: &Context,
    section: &mut Section,
    small_in_quick: bool,
) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for folder in FOLDERS {
        let dir = ctx.corpus_file(folder);
        if let Err(err) = list_files(&dir, &mut files) {
            section.fail(format!("cannot list {}: {err}", dir.display()));
        }
    }
    files.retain(|path| path.extension().is_some_and(|ext| ext == "pgn"));
    if small_in_quick && ctx.mode == Mode::Quick {
        files.retain(|path| std::fs::metadata(path).is_ok_and(|m| m.len() <= 64 * 1024));
    }
    files
}

/// `path` below the corpus root, with `/` between folders.
pub(crate) fn relative(ctx: &Context, path: &Path) -> String {
    path.strip_prefix(&ctx.corpus).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// The game-count row: one case per PGN file (and the compressed
/// benchmark in `--full` mode).
fn game_counts(ctx: &Context, section: &mut Section) {
    let inventory = match inventory(ctx) {
        Ok(inventory) => inventory,
        Err(err) => {
            section.fail(format!("cannot read the corpus README: {err}"));
            return;
        }
    };
    for path in pgn_files(ctx, section) {
        let Some(want) = expected(&path, &inventory) else {
            section.fail(format!("{path}: no game count in the corpus README"));
            continue;
        };
        let outcome = fs::File::open(ctx.corpus_file(&path))
            .map_err(|err| format!("cannot open: {err}"))
            .and_then(|file| no_panic(|| count_games(io::BufReader::new(file))))
            .and_then(|read| read.map_err(|err| format!("cannot read: {err}")))
            .and_then(|got| {
                if got == want { Ok(()) } else { Err(format!("{got} games, expected {want}")) }
            });
        section.record(outcome.map_err(|err| format!("{path}: {err}")));
    }
    for difference in DIFFERENCES {
        if !inventory.contains_key(difference.path) {
            section.fail(format!("{}: in DIFFERENCES but not in the README", difference.path));
        }
    }
    if ctx.mode == Mode::Full {
        let want = inventory.get(COMPRESSED).copied().unwrap_or(0);
        let outcome = count_compressed(&ctx.corpus_file(COMPRESSED)).and_then(|got| {
            if got == want { Ok(()) } else { Err(format!("{got} games, expected {want}")) }
        });
        section.record(outcome.map_err(|err| format!("{COMPRESSED}: {err}")));
    }
}

/// Counts the games of a zstd file, decompressed by the `zstd` program
/// into a pipe that the reader streams from.
fn count_compressed(path: &Path) -> Result<u64, String> {
    with_decompressed(path, count_games)?.map_err(|err| format!("cannot read: {err}"))
}

/// Runs `f` over the decompressed bytes of a zstd file, streamed from the
/// `zstd` program (no dependency of ours; without the program, an error
/// that says to install it). A panic of `f` is an error too.
pub(crate) fn with_decompressed<T>(
    path: &Path,
    f: impl FnOnce(std::process::ChildStdout) -> T,
) -> Result<T, String> {
    let mut child = Command::new("zstd")
        .arg("-dc")
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|err| format!("cannot run `zstd -dc` (install zstd to read this file): {err}"))?;
    let stdout = child.stdout.take().ok_or("zstd has no output pipe")?;
    let done = no_panic(|| f(stdout));
    let status = child.wait().map_err(|err| format!("zstd: {err}"))?;
    if !status.success() {
        return Err(format!("zstd failed: {status}"));
    }
    done
}

/// The snapshot of a malformed file: `corpus@<path with / as __>.snap`.
pub fn malformed_snapshot_path(path: &str) -> PathBuf {
    snapshot::snapshots_dir().join(format!("corpus@{}.snap", path.replace('/', "__")))
}

/// What the reader reports about a corpus file: the number of games, then
/// per game its number of tags and movetext elements and its termination,
/// then every diagnostic with the text of the line it points into.
///
/// # Errors
///
/// The file cannot be read.
pub fn malformed_report(ctx: &Context, path: &str) -> io::Result<String> {
    let input = fs::read(ctx.corpus_file(path))?;
    Ok(render_malformed(&input))
}

/// The rendering of [`malformed_report`] for a file's bytes.
pub fn render_malformed(input: &[u8]) -> String {
    let reading = syntax::read_bytes(input);
    let mut out = format!("games: {}\n", reading.games.len());
    for (index, game) in reading.games.iter().enumerate() {
        let _ = writeln!(out, "\ngame {}: {}", index + 1, summary(game));
        for diagnostic in &reading.sources[index].diagnostics {
            render_with_line(&mut out, input, diagnostic);
        }
    }
    if !reading.unattached.is_empty() {
        out.push_str("\ndiagnostics in no game:\n");
        for diagnostic in &reading.unattached {
            render_with_line(&mut out, input, diagnostic);
        }
    }
    out
}

fn summary(game: &Game) -> String {
    let moves = game.movetext.nodes().iter().filter(|n| matches!(n, pgn_syntax::Node::Move(_)));
    let termination = game.termination.map_or_else(|| "none".to_owned(), |r| r.to_string());
    let white = game.tag("White").map(|w| format!(", White {}", quote(w, 40))).unwrap_or_default();
    format!(
        "{} tags{white}, {} moves, {} movetext elements, termination {termination}",
        game.tags.len(),
        moves.count(),
        game.movetext.nodes().len(),
    )
}

/// A diagnostic and, below it, the line of the input it points into (at
/// most 40 bytes before the position and 60 from it).
fn render_with_line(out: &mut String, input: &[u8], diagnostic: &pgn_syntax::Diagnostic) {
    let _ = writeln!(out, "  {}", syntax::render_diagnostic(diagnostic));
    let at = usize::try_from(diagnostic.at.offset).unwrap_or(usize::MAX).min(input.len());
    let start = input[..at].iter().rposition(|&b| b == b'\n' || b == b'\r').map_or(0, |i| i + 1);
    let end =
        input[at..].iter().position(|&b| b == b'\n' || b == b'\r').map_or(input.len(), |i| at + i);
    // A window of the line around the position, so that long lines stay short.
    let from = start.max(at.saturating_sub(40));
    let to = end.min(at + 60).max(from);
    let before = if from > start { "... " } else { "" };
    let after = if to < end { " ..." } else { "" };
    let _ = writeln!(out, "    | {before}{}{after}", quote(&input[from..to], 200));
}

/// The malformed-files row: one case per file of [`MALFORMED`].
fn malformed_files(ctx: &Context, section: &mut Section) {
    for path in MALFORMED {
        let outcome = no_panic(|| malformed_report(ctx, path))
            .and_then(|report| report.map_err(|err| format!("cannot read: {err}")))
            .and_then(|report| {
                snapshot::compare(&malformed_snapshot_path(path), &report, "corpus_snapshots")
            });
        section.record(outcome.map_err(|err| format!("{path}: {err}")));
    }
    for snapshot in snapshot::snapshots_named("corpus@") {
        if !MALFORMED.iter().any(|path| malformed_snapshot_path(path) == snapshot) {
            section.fail(format!("{}: snapshot without a file in MALFORMED", snapshot.display()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inventory_rows() {
        let text = "| path | bytes | what |\n|---|---|---|\n\
                    | `pgn/a.pgn` | 12 | 3 games (1 comments) |\n\
                    | `pgn/b.tsv` | 5 | 7 data lines |\n\
                    | `bench/c.pgn.zst` | 9 | 145716 games (85712190 B uncompressed) |\n";
        let counts = parse_inventory(text);
        assert_eq!(counts.get("pgn/a.pgn"), Some(&3));
        assert_eq!(counts.get("bench/c.pgn.zst"), Some(&145_716));
        assert_eq!(counts.len(), 2);
    }

    #[test]
    fn games_are_counted() {
        assert_eq!(count_games(&b"1. e4 *\n\n[Event \"x\"]\n\n1. d4 1-0\n"[..]).ok(), Some(2));
        assert_eq!(count_games(&b""[..]).ok(), Some(0));
    }
}
