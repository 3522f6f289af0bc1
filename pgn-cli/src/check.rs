//! `pgn check` (read, replay and report every game) and `pgn fen` (the
//! position after each game, or after every ply).

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;

use chess_core::Position;
use fen_epd::{CastlingNotation, Fen};
use pgn_syntax::{Branch, Diagnostic, Place, Reader, Severity};
use san::{Played, ReplayDiagnostic, ReplayVisitor, Replayer};

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

/// Opens `name` (`-` is standard input) and runs `f` over it.
fn with_input<T>(name: &str, f: impl FnOnce(&mut dyn Read) -> io::Result<T>) -> io::Result<T> {
    let result = if name == "-" {
        f(&mut io::stdin().lock())
    } else {
        File::open(name).and_then(|mut file| f(&mut file))
    };
    result.map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))
}

/// Runs `pgn check` over `files`: one line per file when there are
/// several, then `games=N moves=M errors=E warnings=W`.
pub(crate) fn run_check(files: &[String], mainline: bool) -> io::Result<CheckCounts> {
    let mut out = io::stdout().lock();
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut total = CheckCounts::default();
    for name in files {
        let counts = with_input(name, |input| {
            let checker =
                Checker { counts: CheckCounts::default(), name, errors: &mut errors, mainline };
            let mut replayer = Replayer::new(checker);
            Reader::new(input).visit_all(&mut replayer)?;
            Ok(replayer.into_inner().counts)
        })?;
        if files.len() > 1 {
            writeln!(out, "{name}: {}", summary(&counts))?;
        }
        total.add(&counts);
    }
    errors.flush()?;
    writeln!(out, "{}", summary(&total))?;
    Ok(total)
}

fn summary(c: &CheckCounts) -> String {
    format!("games={} moves={} errors={} warnings={}", c.games, c.moves, c.errors, c.warnings)
}

/// Writes the FEN after the last main-line move of each game, or the start
/// position and the position after every main-line ply.
struct FenWriter<'a, W: Write, E: Write> {
    out: W,
    name: &'a str,
    errors: &'a mut E,
    every_ply: bool,
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
        let _ = writeln!(self.errors, "{}:{d}", self.name);
    }

    fn replay_diagnostic(&mut self, d: &ReplayDiagnostic) {
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

/// Runs `pgn fen FILE`.
pub(crate) fn run_fen(name: &str, every_ply: bool) -> io::Result<()> {
    let out = BufWriter::new(io::stdout().lock());
    let mut errors = BufWriter::new(io::stderr().lock());
    with_input(name, |input| {
        let writer = FenWriter { out, name, errors: &mut errors, every_ply, error: None };
        let mut replayer = Replayer::new(writer);
        Reader::new(input).visit_all(&mut replayer)?;
        let mut writer = replayer.into_inner();
        if let Some(e) = writer.error.take() {
            return Err(e);
        }
        writer.out.flush()
    })?;
    errors.flush()
}
