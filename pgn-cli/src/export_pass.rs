//! One pass of the inputs through the exporter, game by game, with the
//! counts and diagnostics of `pgn export`: the first pass of `pgn sort` and
//! the only one of `pgn split`, which differ only in where each exported
//! game goes.

use std::fs::File;
use std::io::{self, Read, Write};
use std::ops::Range;

use pgn_export::{ExportedGame, StreamExporter, Unfit};
use pgn_replay::{GameDiagnostic, Replayed, Replayer};
use pgn_syntax::{Location, Reader, Severity};

use crate::export::ExportArgs;
use crate::pieces::{self, FileFrom, Piece, PieceEnd, Plan, Shift, TakePieces};
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
    mut on_game: impl FnMut(&Replayed<ExportedGame>, &[u8]) -> io::Result<()>,
) -> io::Result<ExportCounts> {
    each_input(files, diagnostics, status, |name, diagnostics, status| {
        let Some(input) = status.open(&mut diagnostics.out, command, name)? else {
            return Ok(None);
        };
        let (counts, failure) =
            export_stream(input, name, args, diagnostics, &mut on_game, Shift::NONE)?;
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
/// error, if any. The input's first byte is at `shift` in its file (the
/// games and diagnostics are moved there; [`Shift::NONE`] for a whole
/// file).
pub(crate) fn export_stream<E: Write>(
    input: impl Read,
    name: &str,
    args: ExportArgs,
    diagnostics: &mut Diagnostics<E>,
    on_game: &mut impl FnMut(&Replayed<ExportedGame>, &[u8]) -> io::Result<()>,
    shift: Shift,
) -> io::Result<(ExportCounts, Option<io::Error>)> {
    // A replayer an input: games are numbered from 1 in each, as the
    // other subcommands number them.
    let mut replayer = Replayer::new(exporter(args));
    let mut counts = ExportCounts::default();
    let mut reader = Reader::new(input);
    let mut failure = None;
    loop {
        match reader.read_game(&mut replayer) {
            Ok(Some(mut game)) => {
                let info = &mut game.info;
                info.number += shift.games;
                info.problems.iter_mut().for_each(|d| shift.diagnostic(d));
                info.fen_at = info.fen_at.map(|at| at.after(shift.start));
                on_game(&game, replayer.inner().output())?;
                replayer.inner_mut().clear_output();
                let outcome = Outcome {
                    number: game.info.number,
                    left_out: game.output.left_out,
                    fen_at: game.info.fen_at,
                    diagnostics: &game.info.problems,
                };
                outcome.report(name, &mut counts, diagnostics)?;
                replayer.recycle(game.info);
            }
            Ok(None) => break,
            Err(err) => {
                failure = Some(err);
                break;
            }
        }
    }
    for mut d in replayer.take_problems() {
        shift.diagnostic(&mut d);
        report(&d, name, &mut counts, diagnostics)?;
    }
    Ok((counts, failure))
}

/// The exporter of `pgn export` with these options.
fn exporter(args: ExportArgs) -> StreamExporter {
    StreamExporter::new(args.options).keep_broken(args.keep_broken)
}

/// `pgn export` of one plain file larger than a piece, read in pieces on
/// the plan's threads ([`pieces`]), each game's text written to `out`;
/// the output and what is reported are what [`export_stream`] gives on
/// one thread (`tests/pieces.rs` compares them on every fixture and
/// corpus file). Returns the file's counts and its read error, if any.
pub(crate) fn export_pieces<E: Write, W: Write>(
    (file, len): (&File, u64),
    name: &str,
    args: ExportArgs,
    plan: Plan,
    diagnostics: &mut Diagnostics<E>,
    out: &mut W,
) -> io::Result<(ExportCounts, Option<io::Error>)> {
    let mut take = TakeExported { name, args, diagnostics, out, counts: ExportCounts::default() };
    let work = |starts: &[u64], k| export_piece(file, (starts, k, plan), args);
    let failure = pieces::read_file(file, len, plan, work, &mut take)?;
    Ok((take.counts, failure))
}

/// What the reader of a piece kept of its games: their text (the
/// exporter's output, which their ranges index) and what is reported of
/// each.
#[derive(Default)]
struct ExportedPiece {
    text: Vec<u8>,
    games: Vec<KeptGame>,
    /// Diagnostics past the last game (at the end of the file).
    trailing: Vec<GameDiagnostic>,
}

/// What is kept of a game read in a piece.
struct KeptGame {
    number: u64,
    left_out: Option<Unfit>,
    fen_at: Option<Location>,
    diagnostics: Vec<GameDiagnostic>,
    /// Where its text is in the piece's (empty when it was not written).
    text: Range<usize>,
}

/// Exports the games of a piece of a PGN file ([`pieces::read_piece`]).
fn export_piece(file: &File, at: (&[u64], usize, Plan), args: ExportArgs) -> Piece<ExportedPiece> {
    let mut replayer = Replayer::new(exporter(args));
    let mut read = pieces::read_piece(
        file,
        at,
        &mut replayer,
        ExportedPiece::default(),
        |kept, mut game, r| {
            let info = &mut game.info;
            kept.games.push(KeptGame {
                number: info.number,
                left_out: game.output.left_out,
                fen_at: info.fen_at,
                diagnostics: std::mem::take(&mut info.problems),
                text: game.output.text.clone(),
            });
            r.recycle(game.info);
        },
    );
    // The games' text stays in the exporter's output until the piece ends.
    read.kept.text = replayer.inner_mut().take_output();
    if read.end == PieceEnd::End && read.error.is_none() {
        read.kept.trailing = replayer.take_problems();
    }
    read
}

/// The calling thread's side of `pgn export` over a file read in pieces.
struct TakeExported<'a, E: Write, W: Write> {
    name: &'a str,
    args: ExportArgs,
    diagnostics: &'a mut Diagnostics<E>,
    out: &'a mut W,
    counts: ExportCounts,
}

impl<E: Write, W: Write> TakePieces<ExportedPiece> for TakeExported<'_, E, W> {
    fn piece(&mut self, piece: &mut Piece<ExportedPiece>, shift: Shift) -> io::Result<()> {
        let read = &mut piece.kept;
        for game in &mut read.games {
            game.diagnostics.iter_mut().for_each(|d| shift.diagnostic(d));
            self.out.write_all(&read.text[game.text.clone()])?;
            let outcome = Outcome {
                number: game.number + shift.games,
                left_out: game.left_out,
                fen_at: game.fen_at.map(|at| at.after(shift.start)),
                diagnostics: &game.diagnostics,
            };
            outcome.report(self.name, &mut self.counts, self.diagnostics)?;
        }
        if !matches!(piece.end, PieceEnd::Synced(_)) {
            for d in &mut read.trailing {
                shift.diagnostic(d);
                report(d, self.name, &mut self.counts, self.diagnostics)?;
            }
        }
        Ok(())
    }

    fn rest(&mut self, input: FileFrom<'_>, shift: Shift) -> io::Result<Option<io::Error>> {
        let out = &mut *self.out;
        let mut on_game = |_: &Replayed<ExportedGame>, text: &[u8]| out.write_all(text);
        let (counts, failure) =
            export_stream(input, self.name, self.args, self.diagnostics, &mut on_game, shift)?;
        self.counts.add(&counts);
        Ok(failure)
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
        counts.diagnostics.count(Severity::Error);
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
fn report<E: Write>(
    d: &GameDiagnostic,
    name: &str,
    counts: &mut ExportCounts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.diagnostics.count(d.severity());
    diagnostics.report(d.severity(), d.label(), format_args!("{name}:{d}"))
}
