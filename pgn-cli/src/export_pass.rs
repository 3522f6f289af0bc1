//! One pass of the inputs through the exporter, game by game, with the
//! counts and diagnostics of `pgn export`: the first pass of `pgn sort` and
//! the only one of `pgn split`, which differ only in where each exported
//! game goes.

use std::io::{self, Write};

use pgn_export::{ExportedGame, StreamExporter, Unfit};
use pgn_replay::{GameDiagnostic, ReplayProblem, Replayed, Replayer};
use pgn_syntax::parallel::Work;
use pgn_syntax::{Location, ParallelReader, Relocate, Severity, Shift};

use crate::export::ExportArgs;
use crate::report::{Diagnostics, Tally};
use crate::threads::read_input;
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
/// on the threads of `reader`, and hands each game to `on_game` in input
/// order with the exporter's output for it, which holds the game's text
/// ([`ExportedGame::text`]) when it was written.
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
    (args, reader): (ExportArgs, ParallelReader),
    diagnostics: &mut Diagnostics<E>,
    status: &mut Status,
    mut on_game: impl FnMut(&Replayed<ExportedGame>, &[u8]) -> io::Result<()>,
) -> io::Result<ExportCounts> {
    let work = ExportWork { args };
    each_input(files, diagnostics, status, |name, diagnostics, status| {
        let Some(input) = status.open(&mut diagnostics.out, command, name)? else {
            return Ok(None);
        };
        diagnostics.input(name);
        let mut counts = ExportCounts::default();
        let failure = read_input(reader, input, &work, |exported| match exported {
            Exported::Game(game, text) => {
                diagnostics.games(1);
                on_game(game, text)?;
                let outcome = Outcome {
                    number: game.info.number,
                    left_out: game.output.left_out,
                    fen_at: game.info.fen_at,
                    diagnostics: &game.info.problems,
                };
                outcome.report(name, &mut counts, diagnostics)
            }
            Exported::Skipped(problems) => {
                diagnostics.games(1);
                counts.games += 1;
                counts.skipped += 1;
                problems.iter().try_for_each(|d| report(d, name, &mut counts, diagnostics))
            }
            Exported::End(trailing) => {
                trailing.iter().try_for_each(|d| report(d, name, &mut counts, diagnostics))
            }
        })?;
        if let Some(err) = failure {
            unreadable(status, &mut diagnostics.out, command, name, &err)?;
        }
        Ok(Some(counts))
    })
}

/// Runs `per_file` on each of `files` (it gives the file's counts, or
/// `None` when the file could not be opened), writing each file's
/// summary line when there are several, and sums the counts.
fn each_input<E: Write>(
    files: &[String],
    diagnostics: &mut Diagnostics<E>,
    status: &mut Status,
    mut per_file: impl FnMut(&str, &mut Diagnostics<E>, &mut Status) -> io::Result<Option<ExportCounts>>,
) -> io::Result<ExportCounts> {
    let mut total = ExportCounts::default();
    for name in files {
        let Some(counts) = per_file(name, diagnostics, status)? else { continue };
        if files.len() > 1 {
            diagnostics.summary(format_args!("{name}: {}", counts.summary("")))?;
        }
        total.add(&counts);
    }
    status.input_errors = total.diagnostics.errors > 0;
    Ok(total)
}

/// The exporter of `pgn export` with these options.
fn exporter(args: ExportArgs) -> StreamExporter {
    StreamExporter::new(args.options).keep_broken(args.keep_broken)
}

/// How each reader of an export pass replays and exports its games.
struct ExportWork {
    args: ExportArgs,
}

/// What a worker hands on of a game exported: the game and what the
/// exporter wrote for it (its text at [`ExportedGame::text`]); or the
/// diagnostics past the last game; or the reader's diagnostics of a game
/// left out for its variant (`--skip-variants`).
enum Exported {
    Game(Replayed<ExportedGame>, Vec<u8>),
    Skipped(Vec<GameDiagnostic>),
    End(Vec<GameDiagnostic>),
}

impl Relocate for Exported {
    fn relocate(&mut self, shift: Shift) {
        match self {
            Exported::Game(game, _) => game.info.relocate(shift),
            Exported::Skipped(problems) | Exported::End(problems) => problems.relocate(shift),
        }
    }
}

impl Work for ExportWork {
    type Visitor = Replayer<StreamExporter>;
    type Item = Exported;

    fn visitor(&self) -> Replayer<StreamExporter> {
        Replayer::new(exporter(self.args))
    }

    fn item(
        &self,
        replayer: &mut Replayer<StreamExporter>,
        mut game: Replayed<ExportedGame>,
    ) -> Exported {
        if self.args.variants.skips(&mut game.info) {
            replayer.inner_mut().clear_output();
            let problems = std::mem::take(&mut game.info.problems);
            replayer.recycle(game.info);
            return Exported::Skipped(problems);
        }
        let exporter = replayer.inner_mut();
        // A long game's text is taken, not copied.
        let text = if exporter.output().len() > 1 << 20 {
            exporter.take_output()
        } else {
            let text = exporter.output().to_vec();
            exporter.clear_output();
            text
        };
        Exported::Game(game, text)
    }

    fn end(&self, replayer: &mut Replayer<StreamExporter>) -> Option<Exported> {
        Some(Exported::End(replayer.take_problems()))
    }

    fn recycle(&self, replayer: &mut Replayer<StreamExporter>, exported: Exported) {
        if let Exported::Game(game, _) = exported {
            replayer.recycle(game.info);
        }
    }
}

/// What `pgn export` reports of a game: its diagnostics, whether it was
/// written, and if not why.
struct Outcome<'a> {
    /// The game's number in its input.
    number: u64,
    /// Why the exporter left it out ([`ExportedGame::left_out`]).
    left_out: Option<Unfit>,
    /// Where its FEN tag is ([`GameInfo::fen_at`](pgn_replay::GameInfo::fen_at)).
    fen_at: Option<Location>,
    /// Its diagnostics, the first replay error among them naming the move
    /// (or the setup) that could not be played.
    diagnostics: &'a [GameDiagnostic],
}

impl Outcome<'_> {
    /// Reports the game's diagnostics and counts it as written or
    /// skipped; a game left out gets an error that says why: a broken game
    /// names the move (or the setup) that could not be played, a game
    /// from a set-up position in reduced export format (ruling E13) the
    /// place of its FEN tag.
    fn report<E: Write>(
        &self,
        name: &str,
        counts: &mut ExportCounts,
        diagnostics: &mut Diagnostics<E>,
    ) -> io::Result<()> {
        counts.games += 1;
        for d in self.diagnostics {
            report(d, name, counts, diagnostics)?;
        }
        let Some(unfit) = self.left_out else {
            counts.written += 1;
            return Ok(());
        };
        counts.skipped += 1;
        // The game counts once as skipped; as an error only when none of
        // its own was counted (the move that cannot be played is one).
        if !self.diagnostics.iter().any(|d| d.severity() == Severity::Error) {
            counts.diagnostics.count(Severity::Error);
        }
        let (at, why, remedy) = match unfit {
            Unfit::SetUpPosition => (
                self.fen_at,
                "it starts from a set-up position, which reduced export format cannot hold".into(),
                "--no-comments --no-nags --no-variations keep its tags",
            ),
            Unfit::NotLatin1(c) => (
                None,
                format!("it holds {c:?} (U+{:04X}), which Latin-1 cannot hold", u32::from(c)),
                "--to-utf-8 writes it",
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
                let remedy = match cause.map(|r| &r.problem) {
                    Some(ReplayProblem::UnsupportedVariant(_)) => {
                        "--keep-broken writes it as read, --skip-variants leaves such games out quietly"
                    }
                    _ => "--keep-broken writes it as read",
                };
                (cause.and_then(|r| r.at), why, remedy)
            }
        };
        let place = at.map(|at| format!("{}:{}: ", at.line, at.column)).unwrap_or_default();
        let line =
            format_args!("{place}game {}: error: game not exported ({why}); {remedy}", self.number);
        diagnostics.report(Severity::Error, "game not exported", name, line)
    }
}

/// Reports a diagnostic of `name` and counts it.
fn report<E: Write>(
    d: &GameDiagnostic,
    name: &str,
    counts: &mut ExportCounts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.diagnostics.count(d.severity());
    diagnostics.report(d.severity(), d.label(), name, d)
}
