//! The problems replaying a game finds ([`ReplayProblem`]) and where they
//! are ([`ReplayDiagnostic`]): moves that are not legal or not unique, the
//! lenient forms of import SAN, and game-level checks.

use std::fmt;

use pgn_syntax::tags::GameResult;
use pgn_syntax::{Location, Severity};

use crate::Quirks;

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayProblem {
    /// The text is not a move in any form import SAN accepts.
    NotAMove,
    /// No legal move matches the text.
    IllegalMove,
    /// Several legal moves match the text; none is chosen (§8.2.3.4: a
    /// form that stays ambiguous is an error, never a guess).
    AmbiguousMove {
        /// How many legal moves match.
        candidates: usize,
    },
    /// A variation with no move before it in its line, so nothing for it to
    /// replace (§8.2.5).
    VariationWithoutMove,
    /// The FEN tag holds no legal position; the game's moves are kept as
    /// text.
    InvalidFen(String),
    /// The FEN tag's castling rights or en passant square did not fit the
    /// placement and were dropped (what was dropped); the moves are checked
    /// from the repaired position.
    RepairedFen(String),
    /// The Variant tag names rules this crate does not know; the game's
    /// moves are kept as text.
    UnsupportedVariant(String),
    /// A move written in a form that import SAN tolerates (§8.2.3.7 and
    /// real-world-notes.md), such as castling with zeros.
    Quirk(Quirks),
    /// The main line ends in checkmate or stalemate, but the game's result
    /// says otherwise.
    ResultContradictsPosition {
        /// The result the final position gives.
        expected: GameResult,
        /// The result the game gives.
        given: GameResult,
    },
    /// The PlyCount tag disagrees with the number of main-line moves.
    PlyCountMismatch {
        /// The tag's value.
        tag: u32,
        /// The moves of the main line.
        moves: u32,
    },
}

impl ReplayProblem {
    /// Errors are moves that cannot be played (and games that cannot be
    /// set up); everything else is a warning.
    pub fn severity(&self) -> Severity {
        match self {
            ReplayProblem::NotAMove
            | ReplayProblem::IllegalMove
            | ReplayProblem::AmbiguousMove { .. }
            | ReplayProblem::VariationWithoutMove
            | ReplayProblem::InvalidFen(_) => Severity::Error,
            ReplayProblem::UnsupportedVariant(_)
            | ReplayProblem::RepairedFen(_)
            | ReplayProblem::Quirk(_)
            | ReplayProblem::ResultContradictsPosition { .. }
            | ReplayProblem::PlyCountMismatch { .. } => Severity::Warning,
        }
    }
}

impl fmt::Display for ReplayProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayProblem::NotAMove => f.write_str("not a move"),
            ReplayProblem::IllegalMove => f.write_str("illegal move"),
            ReplayProblem::AmbiguousMove { candidates } => {
                write!(f, "ambiguous move ({candidates} legal moves match)")
            }
            ReplayProblem::VariationWithoutMove => {
                f.write_str("variation with no move before it to replace")
            }
            ReplayProblem::InvalidFen(why) => {
                write!(f, "FEN tag is not a legal position ({why}); moves not checked")
            }
            ReplayProblem::RepairedFen(what) => write!(f, "FEN tag repaired: {what}"),
            ReplayProblem::UnsupportedVariant(name) => {
                write!(f, "variant \"{name}\" is not supported; moves not checked")
            }
            ReplayProblem::Quirk(quirk) => write!(f, "{quirk}"),
            ReplayProblem::ResultContradictsPosition { expected, given } => write!(
                f,
                "the final position gives {}, but the result is {}",
                expected.as_str(),
                given.as_str()
            ),
            ReplayProblem::PlyCountMismatch { tag, moves } => {
                write!(f, "PlyCount is {tag}, but the main line has {moves} moves")
            }
        }
    }
}

/// A problem found by replaying a game, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayDiagnostic {
    /// What is wrong.
    pub problem: ReplayProblem,
    /// Where: the move, or for a game-level problem the termination marker
    /// (or the first move).
    pub at: Location,
    /// The game's number in its input, from 1.
    pub game: u64,
    /// The move's text and its ply (half-move number from the game's start
    /// position, from 1), for problems of one move.
    pub san: Option<(Box<[u8]>, u32)>,
}

impl ReplayDiagnostic {
    /// How bad it is.
    pub fn severity(&self) -> Severity {
        self.problem.severity()
    }
}

impl fmt::Display for ReplayDiagnostic {
    /// `LINE:COL: game N: severity: message`, the form of
    /// `pgn_syntax::Diagnostic`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: game {}: {}: ",
            self.at.line,
            self.at.column,
            self.game,
            self.severity()
        )?;
        match &self.san {
            Some((text, ply)) => {
                write!(f, "{}: `{}` (ply {ply})", self.problem, String::from_utf8_lossy(text))
            }
            None => write!(f, "{}", self.problem),
        }
    }
}
