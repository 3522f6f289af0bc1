//! `pgn check` (read, replay and report every game) and `pgn fen` (the
//! position after each game, or after every ply).

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use chess_core::Position;
use fen_epd::{CastlingNotation, Fen};
use pgn_replay::{Event, GameDiagnostic, GameInfo, ReplayProblem, ReplayVisitor, Replayer};
use pgn_syntax::{Decoding, Reader, Severity, TextEncoding};

use crate::report::{Diagnostics, NoiseArgs, Tally};
use crate::{Status, unreadable};

/// What `pgn check` counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct CheckCounts {
    games: u64,
    moves: u64,
    diagnostics: Tally,
}

impl CheckCounts {
    /// True if any error was found.
    pub(crate) fn has_errors(&self) -> bool {
        self.diagnostics.errors > 0
    }

    fn add(&mut self, other: &CheckCounts) {
        self.games += other.games;
        self.moves += other.moves;
        self.diagnostics.add(&other.diagnostics);
    }
}

/// Counts games and played moves, and writes diagnostics as they come.
struct Checker<'a, W: Write> {
    counts: CheckCounts,
    name: &'a str,
    diagnostics: &'a mut Diagnostics<W>,
    mainline: bool,
    /// Games by the encoding of their text (ruling E14).
    encodings: BTreeMap<TextEncoding, u64>,
}

impl<W: Write> Checker<'_, W> {
    /// Counts and writes the problems of a game, or those past the last.
    fn report(&mut self, problems: &[GameDiagnostic]) {
        for d in problems {
            self.counts.diagnostics.count(d.severity());
            let line = format_args!("{}:{d}", self.name);
            let _ = self.diagnostics.report(d.severity(), d.label(), line);
        }
    }
}

impl<W: Write> ReplayVisitor for Checker<'_, W> {
    type Output = ();

    fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        !self.mainline
    }

    fn end_game(&mut self, game: &GameInfo) {
        self.counts.games += 1;
        self.counts.moves += u64::from(game.played);
        *self.encodings.entry(game.encoding).or_default() += 1;
        self.report(&game.problems);
    }
}

/// Runs `pgn check` over `files`: one line per file when there are
/// several, then `games=N moves=M errors=E warnings=W notes=N`. A file
/// that cannot be read is reported and the others are read. With
/// `commands`, the comment commands of every comment are read and each
/// malformed one is a warning. `noise` says which diagnostics are printed.
pub(crate) fn run_check(
    files: &[String],
    mainline: bool,
    commands: bool,
    noise: NoiseArgs,
) -> io::Result<Status> {
    let mut out = io::stdout().lock();
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut total = CheckCounts::default();
    let mut status = Status::default();
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "check", name)? else { continue };
        let checker = Checker {
            counts: CheckCounts::default(),
            name,
            diagnostics: &mut diagnostics,
            mainline,
            encodings: BTreeMap::new(),
        };
        let mut replayer = Replayer::new(checker).check_commands(commands);
        let read = Reader::new(input).visit_all(&mut replayer);
        let trailing = replayer.take_problems();
        let mut checker = replayer.into_inner();
        checker.report(&trailing);
        if let Some(note) = encoding_note(name, &checker.encodings) {
            checker.counts.diagnostics.count(Severity::Note);
            checker.diagnostics.report(Severity::Note, "text encoding", note)?;
        }
        let counts = checker.counts;
        if let Err(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "check", name, &err)?;
        }
        if files.len() > 1 {
            writeln!(out, "{name}: {}", summary(&counts))?;
        }
        total.add(&counts);
    }
    diagnostics.finish("check")?;
    diagnostics.out.flush()?;
    writeln!(out, "{}", summary(&total))?;
    status.input_errors = total.has_errors();
    Ok(status)
}

/// The note that says how a file's text was read (ruling E14), when it
/// was not all ASCII and UTF-8: `FILE: note: text read as UTF-8 (120
/// games), Latin-1 (3 games)`, the encoding `--encoding` names or UTF-16
/// first when the input was decoded.
pub(crate) fn encoding_note(name: &str, games: &BTreeMap<TextEncoding, u64>) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    let decoded = match crate::input::decoding() {
        Decoding::Fixed(encoding) => Some(encoding),
        Decoding::Auto if crate::input::starts_utf16(name) => Some(TextEncoding::Utf16),
        Decoding::Auto => None,
    };
    let plain = games.keys().all(|e| matches!(e, TextEncoding::Ascii | TextEncoding::Utf8));
    if decoded.is_none() && plain {
        return None;
    }
    if let Some(encoding) = decoded {
        parts.push(format!("decoded from {encoding} into UTF-8 as read"));
    }
    let counted: Vec<String> = games
        .iter()
        .map(|(encoding, n)| format!("{encoding} ({n} game{})", if *n == 1 { "" } else { "s" }))
        .collect();
    if !counted.is_empty() {
        parts.push(format!("text read as {}", counted.join(", ")));
    }
    if parts.is_empty() {
        parts.push("no games".to_owned());
    }
    Some(format!("{name}: note: {}", parts.join("; ")))
}

/// `games=N moves=M errors=E warnings=W notes=N`.
fn summary(c: &CheckCounts) -> String {
    format!("games={} moves={} {}", c.games, c.moves, c.diagnostics)
}

/// Writes one record per game: the FEN after the last main-line move, or
/// with `every_ply` the start position and the FEN after every main-line
/// move (games separated by an empty line). A game that cannot be replayed
/// to its end has instead (or after its plies so far) the line
/// `# game N: not replayed: WHY`, so that the output lines up with the
/// input; EPD readers skip `#` lines.
struct FenWriter<'a, W: Write, E: Write> {
    out: &'a mut W,
    name: &'a str,
    diagnostics: &'a mut Diagnostics<E>,
    every_ply: bool,
    /// Games begun so far in this file, and in the files before it.
    games: u64,
    earlier_games: u64,
    /// The position after the last main-line move so far (`None` when the
    /// game could not be set up).
    last: Option<Position>,
    /// A diagnostic of error severity was written.
    input_errors: bool,
    /// The first error writing the output.
    error: Option<io::Error>,
}

impl<W: Write, E: Write> FenWriter<'_, W, E> {
    fn write(&mut self, pos: &Position) {
        let fen = Fen::from_position(pos).to_string_with(CastlingNotation::XFen);
        self.line(format_args!("{fen}"));
    }

    fn line(&mut self, text: std::fmt::Arguments<'_>) {
        if let Err(e) = writeln!(self.out, "{text}") {
            self.error.get_or_insert(e);
        }
    }
}

impl<W: Write, E: Write> FenWriter<'_, W, E> {
    /// Writes the problems of a game, or those past the last.
    fn report(&mut self, problems: &[GameDiagnostic]) {
        for d in problems {
            self.input_errors |= d.severity() == Severity::Error;
            let line = format_args!("{}:{d}", self.name);
            let _ = self.diagnostics.report(d.severity(), d.label(), line);
        }
    }
}

/// Why a game's main line could not be replayed to its end: its first
/// error (variations are skipped, so an error stops the main line), or a
/// variant that is not chess.
fn not_replayed(problems: &[GameDiagnostic]) -> Option<String> {
    problems.iter().find_map(|d| match d {
        GameDiagnostic::Replay(d)
            if d.severity() == Severity::Error
                || matches!(d.problem, ReplayProblem::UnsupportedVariant(_)) =>
        {
            Some(d.message().to_string())
        }
        _ => None,
    })
}

impl<W: Write, E: Write> ReplayVisitor for FenWriter<'_, W, E> {
    type Output = ();

    fn tags(&mut self, _: &GameInfo) -> ControlFlow<()> {
        self.games += 1;
        if self.every_ply && self.games + self.earlier_games > 1 {
            self.line(format_args!(""));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: &GameInfo, start: Option<&Position>) -> ControlFlow<()> {
        match start {
            Some(pos) if self.every_ply => self.write(pos),
            Some(pos) => self.last = Some(pos.clone()),
            None => self.last = None,
        }
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if let Event::Move(played) = event {
            if self.every_ply {
                self.write(played.after);
            } else if let Some(last) = &mut self.last {
                last.clone_from(played.after);
            }
        }
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        false
    }

    fn end_game(&mut self, game: &GameInfo) {
        self.report(&game.problems);
        match not_replayed(&game.problems) {
            Some(why) => {
                let (name, number) = (self.name, self.games);
                self.line(format_args!("# {name}: game {number}: not replayed: {why}"));
            }
            None if !self.every_ply => {
                if let Some(pos) = self.last.take() {
                    self.write(&pos);
                }
            }
            None => {}
        }
    }
}

/// Runs `pgn fen FILE...`. A file that cannot be read is reported and the
/// others are read. `noise` says which diagnostics are printed.
pub(crate) fn run_fen(files: &[String], every_ply: bool, noise: NoiseArgs) -> io::Result<Status> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let mut earlier_games = 0;
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "fen", name)? else { continue };
        let writer = FenWriter {
            out: &mut out,
            name,
            diagnostics: &mut diagnostics,
            every_ply,
            games: 0,
            earlier_games,
            last: None,
            input_errors: false,
            error: None,
        };
        let mut replayer = Replayer::new(writer);
        let mut reader = Reader::new(input);
        // Game by game, so that a closed output stops the run at once.
        let read = loop {
            match reader.read_game(&mut replayer) {
                Ok(Some(_)) if replayer.inner().error.is_none() => {}
                Ok(_) => break Ok(()),
                Err(err) => break Err(err),
            }
        };
        let trailing = replayer.take_problems();
        let mut writer = replayer.into_inner();
        writer.report(&trailing);
        earlier_games += writer.games;
        status.input_errors |= writer.input_errors;
        if let Some(err) = writer.error {
            return Err(err);
        }
        if let Err(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "fen", name, &err)?;
        }
    }
    out.flush()?;
    diagnostics.finish("fen")?;
    diagnostics.out.flush()?;
    Ok(status)
}
