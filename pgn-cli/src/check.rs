//! `pgn check` (read, replay and report every game) and `pgn fen` (the
//! position after each game, or after every ply).

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use chess_core::Position;
use fen_epd::{CastlingNotation, EnPassantMode, Fen};
use pgn_replay::{
    Event, GameDiagnostic, GameInfo, ReplayProblem, ReplayVisitor, Replayed, Replayer,
};
use pgn_syntax::parallel::Work;
use pgn_syntax::{Decoding, ParallelReader, Relocate, Severity, Shift, TextEncoding};

use crate::report::{Diagnostics, NoiseArgs, Tally, VariantArgs, write_summary};
use crate::threads::read_input;
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

/// The replay of `pgn check`: nothing is kept of the moves.
struct Replay {
    mainline: bool,
}

impl ReplayVisitor for Replay {
    type Output = ();

    fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        !self.mainline
    }

    fn end_game(&mut self, _: &GameInfo) {}
}

/// How each reader of `pgn check` replays its games.
#[derive(Clone, Copy, Debug)]
struct CheckWork {
    mainline: bool,
    commands: bool,
    variants: VariantArgs,
}

/// What `pgn check` keeps of a game (or of the text after the last game,
/// with `game` false): what it counts and its problems.
struct Checked {
    game: bool,
    played: u32,
    encoding: TextEncoding,
    problems: Vec<GameDiagnostic>,
}

impl Relocate for Checked {
    fn relocate(&mut self, shift: Shift) {
        self.problems.relocate(shift);
    }
}

impl Work for CheckWork {
    type Visitor = Replayer<Replay>;
    type Item = Checked;

    fn visitor(&self) -> Replayer<Replay> {
        Replayer::new(Replay { mainline: self.mainline }).check_commands(self.commands)
    }

    fn item(&self, replayer: &mut Replayer<Replay>, mut game: Replayed<()>) -> Checked {
        let info = &mut game.info;
        let skipped = self.variants.skips(info);
        let checked = Checked {
            game: true,
            played: if skipped { 0 } else { info.played },
            encoding: info.encoding,
            problems: std::mem::take(&mut info.problems),
        };
        replayer.recycle(game.info);
        checked
    }

    fn end(&self, replayer: &mut Replayer<Replay>) -> Option<Checked> {
        let problems = replayer.take_problems();
        let checked = Checked { game: false, played: 0, encoding: TextEncoding::Ascii, problems };
        Some(checked)
    }
}

/// Runs `pgn check` over `files`: one line per file when there are
/// several, then `games=N moves=M errors=E warnings=W notes=N`. A file
/// that cannot be read is reported and the others are read. With
/// `commands`, the comment commands of every comment are read and each
/// malformed one is a warning. `noise` says which diagnostics are printed.
pub(crate) fn run_check(
    files: &[String],
    (mainline, commands): (bool, bool),
    (noise, variants): (NoiseArgs, VariantArgs),
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut out = io::stdout().lock();
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut total = CheckCounts::default();
    let mut status = Status::default();
    let work = CheckWork { mainline, commands, variants };
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "check", name)? else { continue };
        diagnostics.input(name);
        let mut counts = CheckCounts::default();
        let mut encodings = BTreeMap::new();
        let read = read_input(reader, input, &work, |checked| {
            if checked.game {
                diagnostics.games(1);
                counts.games += 1;
                counts.moves += u64::from(checked.played);
                *encodings.entry(checked.encoding).or_default() += 1;
            }
            for d in &checked.problems {
                counts.diagnostics.count(d.severity());
                diagnostics.report(d.severity(), d.label(), name, d)?;
            }
            Ok(())
        })?;
        if let Some(note) = encoding_note(name, &encodings) {
            counts.diagnostics.count(Severity::Note);
            diagnostics.report(Severity::Note, "text encoding", name, note)?;
        }
        if let Some(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "check", name, &err)?;
        }
        if files.len() > 1 {
            write_summary(&mut out, format_args!("{name}: {}", summary(&counts)))?;
        }
        total.add(&counts);
    }
    diagnostics.finish("check")?;
    diagnostics.out.flush()?;
    write_summary(&mut out, summary(&total))?;
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
    Some(format!(" note: {}", parts.join("; ")))
}

/// `games=N moves=M errors=E warnings=W notes=N`.
fn summary(c: &CheckCounts) -> String {
    format!("games={} moves={} {}", c.games, c.moves, c.diagnostics)
}

/// Makes one record per game: the FEN after the last main-line move, or
/// with `every_ply` the start position and the FEN after every main-line
/// move. A game that cannot be replayed to its end has instead (or after
/// its plies so far) the line `# game N: not replayed: WHY`, written by
/// the calling thread ([`run_fen`]), so that the output lines up with the
/// input; EPD readers skip `#` lines.
struct FenMaker {
    every_ply: bool,
    /// When a record has its en passant square.
    en_passant: EnPassantMode,
    /// The FEN lines of the game so far.
    text: String,
    /// The position after the last main-line move so far (`None` when the
    /// game could not be set up).
    last: Option<Position>,
}

impl FenMaker {
    fn write(&mut self, pos: &Position) {
        let fen = Fen::from_position_with(pos, self.en_passant);
        fen.append_with(CastlingNotation::XFen, &mut self.text);
        self.text.push('\n');
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

impl ReplayVisitor for FenMaker {
    /// The game's FEN lines, and why it was not replayed to its end.
    type Output = (String, Option<String>);

    fn begin_movetext(
        &mut self,
        _: &GameInfo,
        start: Option<&Position>,
    ) -> ControlFlow<(String, Option<String>)> {
        match start {
            Some(pos) if self.every_ply => self.write(pos),
            Some(pos) => self.last = Some(pos.clone()),
            None => self.last = None,
        }
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<(String, Option<String>)> {
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

    fn end_game(&mut self, game: &GameInfo) -> (String, Option<String>) {
        let why = not_replayed(&game.problems);
        if why.is_none()
            && !self.every_ply
            && let Some(pos) = self.last.take()
        {
            self.write(&pos);
        }
        (std::mem::take(&mut self.text), why)
    }
}

/// How each reader of `pgn fen` makes the records of its games.
struct FenWork {
    every_ply: bool,
    en_passant: EnPassantMode,
    variants: VariantArgs,
}

/// What `pgn fen` keeps of a game (or of the text after the last game,
/// with no number): its records, why it was not replayed, its problems.
struct FenRecords {
    number: Option<u64>,
    text: String,
    not_replayed: Option<String>,
    problems: Vec<GameDiagnostic>,
}

impl Relocate for FenRecords {
    fn relocate(&mut self, shift: Shift) {
        self.number = self.number.map(|n| shift.game(n));
        self.problems.relocate(shift);
    }
}

impl Work for FenWork {
    type Visitor = Replayer<FenMaker>;
    type Item = FenRecords;

    fn visitor(&self) -> Replayer<FenMaker> {
        Replayer::new(FenMaker {
            every_ply: self.every_ply,
            en_passant: self.en_passant,
            text: String::new(),
            last: None,
        })
    }

    fn item(
        &self,
        replayer: &mut Replayer<FenMaker>,
        mut game: Replayed<(String, Option<String>)>,
    ) -> FenRecords {
        let (text, not_replayed) = game.output;
        let skipped = self.variants.skips(&mut game.info);
        let problems = std::mem::take(&mut game.info.problems);
        let records = if skipped {
            FenRecords { number: None, text: String::new(), not_replayed: None, problems }
        } else {
            FenRecords { number: Some(game.info.number), text, not_replayed, problems }
        };
        replayer.recycle(game.info);
        records
    }

    fn end(&self, replayer: &mut Replayer<FenMaker>) -> Option<FenRecords> {
        let problems = replayer.take_problems();
        Some(FenRecords { number: None, text: String::new(), not_replayed: None, problems })
    }
}

/// Runs `pgn fen FILE...`: the records of every game (games separated by
/// an empty line with `every_ply`), each with its en passant square as
/// `en_passant` says. A file that cannot be read is reported and the
/// others are read. `noise` says which diagnostics are printed.
pub(crate) fn run_fen(
    files: &[String],
    (every_ply, en_passant): (bool, EnPassantMode),
    (noise, variants): (NoiseArgs, VariantArgs),
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let mut games = 0u64;
    let work = FenWork { every_ply, en_passant, variants };
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "fen", name)? else { continue };
        diagnostics.input(name);
        let read = read_input(reader, input, &work, |records| {
            for d in &records.problems {
                status.input_errors |= d.severity() == Severity::Error;
                diagnostics.report(d.severity(), d.label(), name, d)?;
            }
            let Some(number) = records.number else { return Ok(()) };
            diagnostics.games(1);
            games += 1;
            if every_ply && games > 1 {
                writeln!(out)?;
            }
            out.write_all(records.text.as_bytes())?;
            if let Some(why) = &records.not_replayed {
                writeln!(out, "# {name}: game {number}: not replayed: {why}")?;
            }
            Ok(())
        })?;
        if let Some(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "fen", name, &err)?;
        }
    }
    out.flush()?;
    diagnostics.finish("fen")?;
    diagnostics.out.flush()?;
    Ok(status)
}
