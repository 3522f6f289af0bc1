//! One pass of the inputs through the exporter, game by game, with the
//! counts and diagnostics of `pgn export`: the first pass of `pgn sort` and
//! the only one of `pgn split`, which differ only in where each exported
//! game goes.

use std::io::{self, Read, Write};

use pgn_export::{ExportedGame, StreamExporter, Unfit};
use pgn_syntax::{Location, Reader, Severity};
use san::{GameDiagnostic, Replayer};

use crate::export::ExportArgs;
use crate::report::{Diagnostics, Tally};
use crate::{Status, unreadable};

/// What a pass counts: the fields of `pgn export`'s summary line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ExportCounts {
    pub(crate) games: u64,
    pub(crate) written: u64,
    pub(crate) skipped: u64,
    pub(crate) diagnostics: Tally,
}

impl ExportCounts {
    pub(crate) fn add(&mut self, other: &ExportCounts) {
        self.games += other.games;
        self.written += other.written;
        self.skipped += other.skipped;
        self.diagnostics.add(&other.diagnostics);
    }

    /// `games=N written=W skipped=S errors=E warnings=W notes=N`, with
    /// `extra` (` files=F`) before the diagnostics' counts.
    pub(crate) fn summary(&self, extra: &str) -> String {
        format!(
            "games={} written={} skipped={}{extra} {}",
            self.games, self.written, self.skipped, self.diagnostics
        )
    }
}

/// Reads, replays and exports every game of `files` as `pgn export` does,
/// and hands each game to `on_game` with the exporter's output, which
/// holds the game's text ([`ExportedGame::text`]) when it was written.
///
/// Diagnostics are reported as `pgn export` reports them (a broken game
/// left out is an error that says so); an input that cannot be opened or
/// read is reported and counted in `status`, and the pass goes on with the
/// next. With several inputs each gets its summary line. Returns the
/// totals; the caller ends the run ([`Diagnostics::finish`], its summary
/// line).
///
/// # Errors
///
/// What `on_game` fails with, or a failure to write to standard error.
pub(crate) fn export_inputs<E: Write>(
    command: &str,
    files: &[String],
    args: ExportArgs,
    diagnostics: &mut Diagnostics<E>,
    status: &mut Status,
    mut on_game: impl FnMut(&ExportedGame, &[u8]) -> io::Result<()>,
) -> io::Result<ExportCounts> {
    each_input(files, diagnostics, status, |name, diagnostics, status| {
        let Some(input) = status.open(&mut diagnostics.out, command, name)? else {
            return Ok(None);
        };
        let (counts, failure) = export_stream(input, name, args, diagnostics, &mut on_game)?;
        if let Some(err) = failure {
            unreadable(status, &mut diagnostics.out, command, name, &err)?;
        }
        Ok(Some(counts))
    })
}

/// Runs `per_file` on each of `files` (it gives the file's counts, or
/// `None` when the file could not be opened), writing each file's
/// summary line when there are several, and sums the counts.
pub(crate) fn each_input<E: Write>(
    files: &[String],
    diagnostics: &mut Diagnostics<E>,
    status: &mut Status,
    mut per_file: impl FnMut(&str, &mut Diagnostics<E>, &mut Status) -> io::Result<Option<ExportCounts>>,
) -> io::Result<ExportCounts> {
    let mut total = ExportCounts::default();
    for name in files {
        let Some(counts) = per_file(name, diagnostics, status)? else { continue };
        if files.len() > 1 {
            writeln!(diagnostics.out, "{name}: {}", counts.summary(""))?;
        }
        total.add(&counts);
    }
    status.input_errors = total.diagnostics.errors > 0;
    Ok(total)
}

/// Reads, replays and exports every game of one input on this thread,
/// handing each to `on_game`; returns the input's counts and its read
/// error, if any.
pub(crate) fn export_stream<E: Write>(
    input: impl Read,
    name: &str,
    args: ExportArgs,
    diagnostics: &mut Diagnostics<E>,
    on_game: &mut impl FnMut(&ExportedGame, &[u8]) -> io::Result<()>,
) -> io::Result<(ExportCounts, Option<io::Error>)> {
    // A replayer an input: games are numbered from 1 in each, as the
    // other subcommands number them.
    let exporter = StreamExporter::new(args.options).keep_broken(args.keep_broken);
    let mut replayer = Replayer::new(exporter);
    let mut counts = ExportCounts::default();
    let mut reader = Reader::new(input);
    let mut failure = None;
    loop {
        match reader.read_game(&mut replayer) {
            Ok(Some(game)) => {
                on_game(&game, replayer.inner().output())?;
                replayer.inner_mut().clear_output();
                counts.games += 1;
                for d in &game.diagnostics {
                    report(d, name, &mut counts, diagnostics)?;
                }
                let outcome = Outcome {
                    number: game.number,
                    left_out: game.left_out,
                    fen_at: game.fen_at,
                    diagnostics: &game.diagnostics,
                };
                outcome.count(name, &mut counts, diagnostics)?;
                replayer.inner_mut().recycle(game);
            }
            Ok(None) => break,
            Err(err) => {
                failure = Some(err);
                break;
            }
        }
    }
    for d in replayer.inner_mut().take_diagnostics() {
        report(&d, name, &mut counts, diagnostics)?;
    }
    Ok((counts, failure))
}

/// What `pgn export` reports of a game beyond its diagnostics: whether it
/// was written, and if not why.
pub(crate) struct Outcome<'a> {
    /// The game's number in its input.
    pub(crate) number: u64,
    /// Why the exporter left it out ([`ExportedGame::left_out`]).
    pub(crate) left_out: Option<Unfit>,
    /// Where its FEN tag is ([`ExportedGame::fen_at`]).
    pub(crate) fen_at: Option<Location>,
    /// Its diagnostics, the first replay error among them naming the move
    /// (or the setup) that could not be played.
    pub(crate) diagnostics: &'a [GameDiagnostic],
}

impl Outcome<'_> {
    /// Counts the game as written or skipped; a game left out gets an
    /// error that says why: a broken game names the move (or the setup)
    /// that could not be played, a game from a set-up position in reduced
    /// export format (ruling E13) the place of its FEN tag.
    pub(crate) fn count<E: Write>(
        &self,
        name: &str,
        counts: &mut ExportCounts,
        diagnostics: &mut Diagnostics<E>,
    ) -> io::Result<()> {
        let Some(unfit) = self.left_out else {
            counts.written += 1;
            return Ok(());
        };
        counts.skipped += 1;
        counts.diagnostics.count(Severity::Error);
        let (at, why, remedy) = match unfit {
            Unfit::SetUpPosition => (
                self.fen_at,
                "it starts from a set-up position, which reduced export format cannot hold".into(),
                "--no-comments --no-nags --no-variations keep its tags",
            ),
            // The replay's first error says which move (or which setup)
            // could not be played. (`Unfit` may gain kinds: a new one is
            // reported as a broken game until it has a remedy of its own.)
            _ => {
                let cause = self.diagnostics.iter().find_map(|d| match d {
                    GameDiagnostic::Replay(r) if r.severity() == Severity::Error => Some(r),
                    _ => None,
                });
                let why = cause.map(|r| r.message().to_string()).unwrap_or_default();
                (cause.and_then(|r| r.at), why, "--keep-broken writes it as read")
            }
        };
        let place = at.map(|at| format!("{}:{}: ", at.line, at.column)).unwrap_or_default();
        let line = format_args!(
            "{name}:{place}game {}: error: game not exported ({why}); {remedy}",
            self.number
        );
        diagnostics.report(Severity::Error, "game not exported", line)
    }
}

/// Reports a diagnostic of `name` and counts it.
pub(crate) fn report<E: Write>(
    d: &GameDiagnostic,
    name: &str,
    counts: &mut ExportCounts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.diagnostics.count(d.severity());
    diagnostics.report(d.severity(), d.label(), format_args!("{name}:{d}"))
}
