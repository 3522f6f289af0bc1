//! The problems replaying a game finds ([`ReplayProblem`]) and where they
//! are ([`ReplayDiagnostic`]): moves that are not legal or not unique, the
//! lenient forms of import SAN, and game-level checks.

use std::fmt;

use chess_core::Repairs;
use pgn_commands::CommandError;
use pgn_diag::Shown;
use pgn_syntax::tags::GameResult;
use pgn_syntax::{Location, Severity};

use san::Quirks;
use san::{FenProblem, MoveProblem};

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ReplayProblem {
    /// The move's text names no legal move: the rest of its line is kept
    /// as text.
    Move(MoveProblem),
    /// A variation with no move before it in its line, so nothing for it to
    /// replace (§8.2.5).
    VariationWithoutMove,
    /// The FEN tag holds no legal position; the game's moves are kept as
    /// text.
    InvalidFen(FenProblem),
    /// The FEN tag's castling rights or en passant square did not fit the
    /// placement and were dropped; the moves are checked from the repaired
    /// position.
    RepairedFen(Repairs),
    /// The Variant tag (its value as read) names rules this crate does not
    /// know (anything but chess and Chess960): an error, reported at the
    /// tag; the game's moves are kept as text.
    UnsupportedVariant(
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        Box<[u8]>,
    ),
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
    /// A comment command of a known name whose arguments are not of its
    /// form (`[%clk 9:99]`, ruling C2); reported only by a replayer asked
    /// to ([`Replayer::check_commands`](crate::Replayer::check_commands)).
    MalformedCommand(CommandError),
}

impl ReplayProblem {
    /// Errors are moves that cannot be played and games that cannot be
    /// set up (an illegal FEN tag, a variant that is not chess);
    /// everything else is a warning.
    pub fn severity(&self) -> Severity {
        match self {
            ReplayProblem::Move(_)
            | ReplayProblem::VariationWithoutMove
            | ReplayProblem::InvalidFen(_)
            | ReplayProblem::UnsupportedVariant(_) => Severity::Error,
            ReplayProblem::RepairedFen(_)
            | ReplayProblem::Quirk(_)
            | ReplayProblem::ResultContradictsPosition { .. }
            | ReplayProblem::PlyCountMismatch { .. }
            | ReplayProblem::MalformedCommand(_) => Severity::Warning,
        }
    }

    /// The problem without its details (no move, FEN, variant or count),
    /// the same for every problem of the variant: a key for counting
    /// diagnostics by kind. A move problem has its own label
    /// ([`MoveProblem::label`]), and so has each lenient form; a move read
    /// with several lenient forms is labelled with the first, in the order
    /// of [`Quirks`] ([`Quirks::message`]).
    pub fn label(&self) -> &'static str {
        match self {
            ReplayProblem::Move(problem) => problem.label(),
            ReplayProblem::VariationWithoutMove => "variation with no move before it to replace",
            ReplayProblem::InvalidFen(_) => "FEN tag is not a legal position",
            ReplayProblem::RepairedFen(_) => "FEN tag repaired",
            ReplayProblem::UnsupportedVariant(_) => "variant not supported",
            ReplayProblem::Quirk(quirks) if quirks.is_empty() => "lenient form of SAN",
            ReplayProblem::Quirk(quirks) => quirks.message(),
            ReplayProblem::ResultContradictsPosition { .. } => {
                "result contradicts the final position"
            }
            ReplayProblem::PlyCountMismatch { .. } => "PlyCount tag disagrees with the main line",
            ReplayProblem::MalformedCommand(_) => "malformed comment command",
        }
    }
}

impl fmt::Display for ReplayProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayProblem::Move(problem) => write!(f, "{problem}"),
            ReplayProblem::VariationWithoutMove => {
                f.write_str("variation with no move before it to replace")
            }
            ReplayProblem::InvalidFen(why) => {
                write!(f, "FEN tag is not a legal position ({why}); moves not checked")
            }
            ReplayProblem::RepairedFen(what) => write!(f, "FEN tag repaired: {what}"),
            ReplayProblem::UnsupportedVariant(name) => {
                write!(
                    f,
                    "variant not supported: \"{}\" is neither chess nor Chess960; moves not checked",
                    Shown(name)
                )
            }
            ReplayProblem::Quirk(quirk) => write!(f, "{quirk}"),
            ReplayProblem::ResultContradictsPosition { expected, given } => write!(
                f,
                "the final position gives {}, but the result is {}",
                expected.as_str(),
                given.as_str()
            ),
            ReplayProblem::PlyCountMismatch { tag, moves } => {
                write!(f, "PlyCount tag is {tag}, but the main line has {moves} moves")
            }
            ReplayProblem::MalformedCommand(error) => write!(f, "{error}"),
        }
    }
}

/// A problem found by replaying a game, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ReplayDiagnostic {
    /// What is wrong.
    pub problem: ReplayProblem,
    /// Where: the move, or for a problem of the whole game the termination
    /// marker (where the game ends, for a game without one). `None` for a
    /// game that was not read from an input (it has no source map).
    pub at: Option<Location>,
    /// The game's number in its input, from 1 (0 for a game not read from
    /// an input).
    pub game: u64,
    /// The move's text and its ply (half-move number from the game's start
    /// position, from 1), for problems of one move.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_impls::san_at"))]
    pub san: Option<(Box<[u8]>, u32)>,
}

impl ReplayDiagnostic {
    /// How bad it is.
    pub fn severity(&self) -> Severity {
        self.problem.severity()
    }
}

impl ReplayDiagnostic {
    /// The message without the place, game and severity: the problem, and
    /// for a problem of one move the move and its ply
    /// (`illegal move: `Ke3` (ply 3)`).
    pub fn message(&self) -> impl fmt::Display + '_ {
        Message(self)
    }
}

/// The message of a [`ReplayDiagnostic`] ([`ReplayDiagnostic::message`]).
struct Message<'a>(&'a ReplayDiagnostic);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.0;
        match &d.san {
            Some((text, ply)) => {
                write!(f, "{}: `{}` (ply {ply})", d.problem, Shown(text))
            }
            None => write!(f, "{}", d.problem),
        }
    }
}

impl fmt::Display for ReplayDiagnostic {
    /// `LINE:COL: game N: severity: message`, the form of
    /// `pgn_syntax::Diagnostic` (without `LINE:COL: ` when the place is
    /// not known).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(at) = self.at {
            write!(f, "{}:{}: ", at.line, at.column)?;
        }
        write!(f, "game {}: {}: {}", self.game, self.severity(), self.message())
    }
}

#[cfg(test)]
mod tests {
    use chess_core::{Color, PositionError};

    use super::*;
    use san::ParseSanErrorKind;

    #[test]
    fn every_problem_has_its_own_label() {
        let problems = [
            ReplayProblem::Move(MoveProblem::Unreadable(ParseSanErrorKind::Empty)),
            ReplayProblem::Move(MoveProblem::Illegal),
            ReplayProblem::Move(MoveProblem::Ambiguous { candidates: Vec::new() }),
            ReplayProblem::Move(MoveProblem::NullMoveInCheck),
            ReplayProblem::VariationWithoutMove,
            ReplayProblem::InvalidFen(FenProblem::Illegal(PositionError::OppositeCheck {
                color: Color::White,
            })),
            ReplayProblem::RepairedFen(Repairs::default()),
            ReplayProblem::UnsupportedVariant(Box::from(&b"x"[..])),
            ReplayProblem::Quirk(Quirks::empty()),
            ReplayProblem::ResultContradictsPosition {
                expected: GameResult::Draw,
                given: GameResult::WhiteWins,
            },
            ReplayProblem::PlyCountMismatch { tag: 1, moves: 2 },
        ];
        let mut labels: Vec<&str> = problems.iter().map(ReplayProblem::label).collect();
        // Each lenient form is a label of its own.
        labels.extend(Quirks::all().iter().map(|q| ReplayProblem::Quirk(q).label()));
        let unique: std::collections::HashSet<&str> = labels.iter().copied().collect();
        assert_eq!(unique.len(), labels.len(), "{labels:?}");
        // Several forms in one move: the first names the move's label.
        let two = Quirks::CASTLING_WITH_ZEROS | Quirks::MISSING_CHECK;
        assert_eq!(ReplayProblem::Quirk(two).label(), "castling written with zeros");
    }

    #[test]
    fn a_huge_move_makes_a_short_message() {
        // A 10 MB move once made a 10 MB message (and 20 MB of standard
        // error from `pgn export`, which quotes the message again).
        let mut pgn = b"1. ".to_vec();
        pgn.extend(std::iter::repeat_n(b'N', 10_000_000));
        pgn.extend_from_slice(b" *\n");
        let game = crate::replay_games(&pgn[..]).next().expect("a game").expect("read");
        let messages: Vec<String> =
            game.diagnostics.iter().map(|d| d.to_string()).filter(|m| m.contains("ply")).collect();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].len() < 200, "{}", messages[0]);
        assert!(messages[0].ends_with("… (10000000 bytes)` (ply 1)"), "{}", messages[0]);
    }
}
