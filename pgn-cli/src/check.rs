//! `pgn check` (read, replay and report every game) and `pgn fen` (the
//! position after each game, or after every ply).

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;

use chess_core::Position;
use fen_epd::{CastlingNotation, Fen};
use pgn_syntax::{Branch, Diagnostic, Place, Reader, Severity};
use san::{Played, ReplayDiagnostic, ReplayVisitor, Replayer};

use crate::{Status, unreadable};

/// What `pgn check` counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CheckCounts {
    games: u64,
    moves: u64,
    errors: u64,
    warnings: u64,
}

impl CheckCounts {
    /// True if any error was found.
    pub(crate) fn has_errors(&self) -> bool {
        self.errors > 0
    }

    fn add(&mut self, other: &CheckCounts) {
        self.games += other.games;
        self.moves += other.moves;
        self.errors += other.errors;
        self.warnings += other.warnings;
    }

    fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
    }
}

/// Counts games and played moves, and writes diagnostics as they come.
struct Checker<'a, W: Write> {
    counts: CheckCounts,
    name: &'a str,
    errors: &'a mut W,
    mainline: bool,
}

impl<W: Write> ReplayVisitor for Checker<'_, W> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: (), _: Option<&Position>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn played(
        &mut self,
        _: &mut (),
        _: &Played<'_>,
        _: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        self.counts.moves += 1;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut (), _: &mut Place<'_>) -> ControlFlow<(), Branch> {
        ControlFlow::Continue(if self.mainline { Branch::Skip } else { Branch::Enter })
    }

    fn diagnostic(&mut self, d: &Diagnostic) {
        self.counts.count(d.severity());
        let _ = writeln!(self.errors, "{}:{d}", self.name);
    }

    fn replay_diagnostic(&mut self, d: &ReplayDiagnostic) {
        self.counts.count(d.severity());
        let _ = writeln!(self.errors, "{}:{d}", self.name);
    }

    fn end_game(&mut self, _: ()) {
        self.counts.games += 1;
    }
}

/// Opens `name` (`-` is standard input).
pub(crate) fn open(name: &str) -> io::Result<Box<dyn Read>> {
    if name == "-" { Ok(Box::new(io::stdin().lock())) } else { Ok(Box::new(File::open(name)?)) }
}

/// Runs `pgn check` over `files`: one line per file when there are
/// several, then `games=N moves=M errors=E warnings=W`. A file that cannot
/// be read is reported and the others are read.
pub(crate) fn run_check(files: &[String], mainline: bool) -> io::Result<Status> {
    let mut out = io::stdout().lock();
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut total = CheckCounts::default();
    let mut status = Status::default();
    for name in files {
        let input = match open(name) {
            Ok(input) => input,
            Err(err) => {
                unreadable(&mut status, &mut errors, "check", name, &err)?;
                continue;
            }
        };
        let checker =
            Checker { counts: CheckCounts::default(), name, errors: &mut errors, mainline };
        let mut replayer = Replayer::new(checker);
        let read = Reader::new(input).visit_all(&mut replayer);
        let counts = replayer.into_inner().counts;
        if let Err(err) = read {
            unreadable(&mut status, &mut errors, "check", name, &err)?;
        }
        if files.len() > 1 {
            writeln!(out, "{name}: {}", summary(&counts))?;
        }
        total.add(&counts);
    }
    errors.flush()?;
    writeln!(out, "{}", summary(&total))?;
    status.input_errors = total.has_errors();
    Ok(status)
}

fn summary(c: &CheckCounts) -> String {
    format!("games={} moves={} errors={} warnings={}", c.games, c.moves, c.errors, c.warnings)
}

/// Writes the FEN after the last main-line move of each game, or the start
/// position and the position after every main-line ply.
struct FenWriter<'a, W: Write, E: Write> {
    out: &'a mut W,
    name: &'a str,
    errors: &'a mut E,
    every_ply: bool,
    /// A diagnostic of error severity was written.
    input_errors: bool,
    /// The first error writing the output.
    error: Option<io::Error>,
}

impl<W: Write, E: Write> FenWriter<'_, W, E> {
    fn write(&mut self, pos: &Position) {
        let fen = Fen::from_position(pos).to_string_with(CastlingNotation::XFen);
        if let Err(e) = writeln!(self.out, "{fen}") {
            self.error.get_or_insert(e);
        }
    }
}

impl<W: Write, E: Write> ReplayVisitor for FenWriter<'_, W, E> {
    type Tags = ();
    /// The position after the last main-line move so far.
    type Movetext = Option<Position>;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        _: (),
        start: Option<&Position>,
    ) -> ControlFlow<(), Option<Position>> {
        if self.every_ply
            && let Some(pos) = start
        {
            self.write(pos);
        }
        ControlFlow::Continue(start.cloned())
    }

    fn played(
        &mut self,
        last: &mut Option<Position>,
        played: &Played<'_>,
        _: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        if self.every_ply {
            self.write(played.after);
        } else if let Some(last) = last {
            last.clone_from(played.after);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _: &mut Option<Position>,
        _: &mut Place<'_>,
    ) -> ControlFlow<(), Branch> {
        ControlFlow::Continue(Branch::Skip)
    }

    fn diagnostic(&mut self, d: &Diagnostic) {
        self.input_errors |= d.severity() == Severity::Error;
        let _ = writeln!(self.errors, "{}:{d}", self.name);
    }

    fn replay_diagnostic(&mut self, d: &ReplayDiagnostic) {
        self.input_errors |= d.severity() == Severity::Error;
        let _ = writeln!(self.errors, "{}:{d}", self.name);
    }

    fn end_game(&mut self, last: Option<Position>) {
        if !self.every_ply
            && let Some(pos) = last
        {
            self.write(&pos);
        }
    }
}

/// Runs `pgn fen FILE...`. A file that cannot be read is reported and the
/// others are read.
pub(crate) fn run_fen(files: &[String], every_ply: bool) -> io::Result<Status> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut status = Status::default();
    for name in files {
        let input = match open(name) {
            Ok(input) => input,
            Err(err) => {
                unreadable(&mut status, &mut errors, "fen", name, &err)?;
                continue;
            }
        };
        let writer = FenWriter {
            out: &mut out,
            name,
            errors: &mut errors,
            every_ply,
            input_errors: false,
            error: None,
        };
        let mut replayer = Replayer::new(writer);
        let mut reader = Reader::new(input);
        // Game by game, so that a closed output stops the run at once.
        let read = loop {
            match reader.read_game(&mut replayer) {
                Ok(Some(())) if replayer.inner().error.is_none() => {}
                Ok(_) => break Ok(()),
                Err(err) => break Err(err),
            }
        };
        let writer = replayer.into_inner();
        status.input_errors |= writer.input_errors;
        if let Some(err) = writer.error {
            return Err(err);
        }
        if let Err(err) = read {
            unreadable(&mut status, &mut errors, "fen", name, &err)?;
        }
    }
    out.flush()?;
    errors.flush()?;
    Ok(status)
}
