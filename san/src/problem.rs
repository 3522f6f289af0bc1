//! The problems every user of SAN meets: [`MoveProblem`] (the text of a
//! move names no one legal move), shared by game replay and the move
//! operands of EPD, and [`FenProblem`] (a FEN that gives no position).

use std::fmt;

use chess_core::{Move, PositionError};
use fen_epd::ParseFenError;

use crate::parse::ParseSanErrorKind;
use crate::resolve::ResolveError;
use chess_core::Uci;

/// Why the text of a move names no legal move of its position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum MoveProblem {
    /// The text is not a move in any form import SAN accepts.
    Unreadable(ParseSanErrorKind),
    /// No legal move matches the text.
    Illegal,
    /// Several legal moves match; none is chosen (§8.2.3.4: a form that
    /// stays ambiguous is an error, never a guess).
    Ambiguous {
        /// The legal moves that match, in the order the generator gives
        /// them.
        candidates: Vec<Move>,
    },
    /// A null move while in check: it would leave the king attacked.
    NullMoveInCheck,
}

impl MoveProblem {
    /// The problem without the move's details (no candidates, no reason
    /// the text is unreadable), the same for every problem of the variant:
    /// a key for counting diagnostics by kind.
    pub fn label(&self) -> &'static str {
        match self {
            MoveProblem::Unreadable(_) => "not a move",
            MoveProblem::Illegal => "illegal move",
            MoveProblem::Ambiguous { .. } => "ambiguous move",
            MoveProblem::NullMoveInCheck => "null move while in check",
        }
    }
}

impl From<ResolveError> for MoveProblem {
    fn from(error: ResolveError) -> MoveProblem {
        match error {
            ResolveError::Illegal => MoveProblem::Illegal,
            ResolveError::Ambiguous { candidates } => MoveProblem::Ambiguous { candidates },
            ResolveError::NullMoveInCheck => MoveProblem::NullMoveInCheck,
        }
    }
}

impl fmt::Display for MoveProblem {
    /// `not a move (...)`, `illegal move`, `ambiguous move (b1d2 and
    /// f3d2 match)`, `null move while in check`. Candidates are written in
    /// UCI, which needs no position to be read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveProblem::Unreadable(kind) => write!(f, "not a move ({kind})"),
            MoveProblem::Illegal => f.write_str("illegal move"),
            MoveProblem::Ambiguous { candidates } => {
                f.write_str("ambiguous move (")?;
                let last = candidates.len().saturating_sub(1);
                for (i, &m) in candidates.iter().enumerate() {
                    match i {
                        0 => {}
                        _ if i == last => f.write_str(" and ")?,
                        _ => f.write_str(", ")?,
                    }
                    write!(f, "{}", Uci { m, mode: Default::default() })?;
                }
                f.write_str(" match)")
            }
            MoveProblem::NullMoveInCheck => f.write_str("null move while in check"),
        }
    }
}

/// Why a FEN (a FEN tag, the position fields of an EPD record) gives no
/// position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum FenProblem {
    /// The text does not follow the FEN grammar (§16.1).
    Syntax(ParseFenError),
    /// The text describes no legal position (ruling F3), even with unfit
    /// castling rights and en passant square dropped.
    Illegal(PositionError),
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenProblem::Syntax(e) => write!(f, "{e}"),
            FenProblem::Illegal(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use chess_core::Position;

    use super::*;
    use crate::San;

    #[test]
    fn ambiguous_names_every_candidate() {
        let pos = fen_epd::Fen::from_ascii(b"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
            .expect("a FEN")
            .into_position()
            .expect("legal");
        let error = San::from_ascii(b"Nd2").expect("SAN").resolve(&pos).expect_err("two knights");
        let problem = MoveProblem::from(error);
        assert_eq!(problem.to_string(), "ambiguous move (b1d2 and f3d2 match)");
        let MoveProblem::Ambiguous { candidates } = problem else { panic!("ambiguous") };
        assert_eq!(candidates.len(), 2);
        assert!(candidates.iter().all(|&m| Position::is_legal(&pos, m)));
    }
}
