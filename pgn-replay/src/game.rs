//! What the replay keeps of each game for every consumer ([`GameInfo`]):
//! its number, tags, result, the problems of its reading and replay, and
//! how far it could be played; and a consumer's output with it
//! ([`Replayed`]).

use std::fmt;

use pgn_syntax::tags::GameResult;
use pgn_syntax::{Diagnostic, Location, Relocate, Severity, Shift, Tags, TextEncoding};

use crate::diagnostic::{ReplayDiagnostic, ReplayProblem};

/// A diagnostic of a game: found by the reader, or by the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameDiagnostic {
    /// A problem of the text, found by the reader.
    Read(Diagnostic),
    /// A problem of the moves, found by the replay.
    Replay(ReplayDiagnostic),
}

impl GameDiagnostic {
    /// Where it is in the input (`None` for a replay's problem of a game
    /// not read from an input).
    pub fn at(&self) -> Option<Location> {
        match self {
            GameDiagnostic::Read(d) => Some(d.at),
            GameDiagnostic::Replay(d) => d.at,
        }
    }

    /// How bad it is.
    pub fn severity(&self) -> Severity {
        match self {
            GameDiagnostic::Read(d) => d.severity(),
            GameDiagnostic::Replay(d) => d.severity(),
        }
    }

    /// A short name of its kind, the same for every diagnostic of the kind
    /// (for counting them by kind).
    pub fn label(&self) -> &'static str {
        match self {
            GameDiagnostic::Read(d) => d.kind.label(),
            GameDiagnostic::Replay(d) => d.problem.label(),
        }
    }
}

impl fmt::Display for GameDiagnostic {
    /// `LINE:COL: game N: severity: message`, as each kind writes itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameDiagnostic::Read(d) => d.fmt(f),
            GameDiagnostic::Replay(d) => d.fmt(f),
        }
    }
}

/// One game as the replay saw it: the bookkeeping that every consumer of
/// a [`Replayer`](crate::Replayer) would otherwise keep for itself. The
/// replayer fills it as the game is read and hands it to its consumer at
/// the game's ends ([`ReplayVisitor`](crate::ReplayVisitor)), then gives it
/// out with the consumer's output ([`Replayed`]).
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameInfo {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// The byte offset of its first token in its input (a tag's `[`, or
    /// its first movetext token): with the input's name, the game's id.
    pub offset: u64,
    /// Its tags as read, in input order.
    pub tags: Tags,
    /// Where its FEN tag is (the last one, which counts: ruling E2), if it
    /// has one.
    pub fen_at: Option<Location>,
    /// Its termination marker, if it has one.
    pub termination: Option<GameResult>,
    /// Why the start position could not be set up, or what was repaired
    /// in it ([`ReplayProblem::InvalidFen`], [`ReplayProblem::RepairedFen`],
    /// [`ReplayProblem::UnsupportedVariant`]); `None` for a start set up
    /// as written. Kept whether or not the consumer takes problems.
    pub start_problem: Option<ReplayProblem>,
    /// Whether the start position was set up (false also for a game that
    /// ended before its movetext).
    pub set_up: bool,
    /// Moves played (in every line replayed), counted at the game's end
    /// (or where the consumer ended it).
    pub played: u32,
    /// Moves kept as text because they could not be played, counted as
    /// `played` is.
    pub unresolved: u32,
    /// The problems of its reading and replay, errors and warnings
    /// together, in the order they were found (the start position's
    /// among them when the consumer takes problems). The reader's
    /// diagnostics between two games belong to the later one.
    pub problems: Vec<GameDiagnostic>,
    /// The encoding of its text (tag values and comments) as detected
    /// (ruling E14): ASCII, UTF-8, or cp1252 or Latin-1 when some value is
    /// not UTF-8 ([`TextEncoding::merge`] of its values').
    pub encoding: TextEncoding,
}

impl GameInfo {
    /// The game's result as export writes it (ruling E3): the Result tag,
    /// else the termination marker.
    pub fn result(&self) -> GameResult {
        self.tags.result(self.termination)
    }

    /// True if the game could not be replayed whole: its start could not
    /// be set up, or some move could not be played (known at the game's
    /// end).
    pub fn is_broken(&self) -> bool {
        !self.set_up || self.unresolved > 0
    }

    /// True if any problem is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|d| d.severity() == Severity::Error)
    }

    /// Empties it for the next game, keeping its buffers.
    pub(crate) fn reset(&mut self, number: u64) {
        self.number = number;
        self.tags.clear();
        self.fen_at = None;
        self.termination = None;
        self.start_problem = None;
        self.set_up = false;
        self.played = 0;
        self.unresolved = 0;
        self.encoding = TextEncoding::Ascii;
    }
}

/// What a [`Replayer`](crate::Replayer) makes of a game: the game's
/// [`GameInfo`] and its consumer's output.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Replayed<O> {
    /// The game as the replay saw it (boxed: see
    /// [`Replayer::recycle`](crate::Replayer::recycle), which takes the box
    /// back).
    pub info: Box<GameInfo>,
    /// What the consumer made of it.
    pub output: O,
}

impl Relocate for GameDiagnostic {
    fn relocate(&mut self, shift: Shift) {
        match self {
            GameDiagnostic::Read(d) => d.relocate(shift),
            GameDiagnostic::Replay(d) => d.relocate(shift),
        }
    }
}

impl Relocate for ReplayDiagnostic {
    fn relocate(&mut self, shift: Shift) {
        self.game = shift.game(self.game);
        self.at = self.at.map(|at| shift.location(at));
    }
}

/// Its number, the place of its FEN tag and its problems.
impl Relocate for GameInfo {
    fn relocate(&mut self, shift: Shift) {
        self.number = shift.game(self.number);
        self.offset = shift.offset(self.offset);
        self.fen_at.relocate(shift);
        self.problems.relocate(shift);
    }
}

impl<O: Relocate> Relocate for Replayed<O> {
    fn relocate(&mut self, shift: Shift) {
        self.info.relocate(shift);
        self.output.relocate(shift);
    }
}
