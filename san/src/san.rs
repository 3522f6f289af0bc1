//! The SAN types: [`San`] (what a move says, without a board), its
//! [`SanKind`] and [`Check`] mark, and [`ParsedSan`] (a move as read from
//! text, with its suffix annotation and the lenient forms it used).

use chess_core::{CastlingSide, File, Rank, Role, Square};
use pgn_nag::Suffix;

use crate::Language;
use crate::quirks::Quirks;

/// A move in Standard Algebraic Notation, without a board: what the text
/// says, not yet which legal move it is (see [`San::resolve`]).
///
/// `Display` writes it in export form (`Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`,
/// `--`); [`San::from_move`] builds the canonical SAN of a legal move
/// (ruling E7).
///
/// With the `serde` feature, its export text (`"Nbd7"`), read back by
/// [`San::from_ascii`] (suffix and quirks dropped, as `FromStr` does).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct San {
    /// The move itself.
    pub kind: SanKind,
    /// The check or checkmate mark as written (or as computed, for
    /// [`San::from_move`]).
    pub check: Option<Check>,
}

/// What a [`San`] moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SanKind {
    /// A piece or pawn to a square (§8.2.3.3): `Nf3`, `Nbd7`, `R1e2`,
    /// `Qh4xe1`, `exd5`, `e8=Q`.
    Normal {
        /// The moving piece (`Pawn` when no letter is written).
        role: Role,
        /// The origin file, if written (always for pawn captures).
        file: Option<File>,
        /// The origin rank, if written.
        rank: Option<Rank>,
        /// True if `x` is written.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece, if written.
        promotion: Option<Role>,
    },
    /// A move written by its squares without a piece letter, as in long
    /// algebraic notation and UCI (`e2e4`, `g1f3`, `e7xd8=Q`, `e1g1`): the
    /// piece is whatever stands on `from`. Never canonical SAN.
    Coordinates {
        /// The origin square.
        from: Square,
        /// True if `x` is written.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion piece, if written.
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O` (queen side). In Chess960 the rook is
    /// the one the castling rights name on that side of the king.
    Castle(CastlingSide),
    /// The null move `--` (ruling E12).
    Null,
}

/// The mark after a move that gives check (§8.2.3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Check {
    /// `+`.
    Check,
    /// `#`.
    Checkmate,
}

impl Check {
    /// `'+'` or `'#'`.
    pub fn char(self) -> char {
        match self {
            Check::Check => '+',
            Check::Checkmate => '#',
        }
    }
}

/// A move as read from text by [`San::from_ascii`]: the [`San`], the
/// suffix annotation glued to it (if the reader had not split it off), and
/// the lenient forms of import SAN it was written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParsedSan {
    /// What the move says.
    pub san: San,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!` at the end of the text.
    pub suffix: Option<Suffix>,
    /// The lenient forms found in the text; [`ParsedSan::resolve`] adds
    /// those found against the position.
    pub quirks: Quirks,
    /// The language of the piece letters. With English, a pawn move from
    /// the b-file may also be a bishop move written in lower case (see
    /// [`ParsedSan::resolve`]).
    pub language: Language,
}

impl From<San> for ParsedSan {
    /// A move in export form: no suffix, no quirks, English letters.
    fn from(san: San) -> ParsedSan {
        ParsedSan { san, suffix: None, quirks: Quirks::empty(), language: Language::English }
    }
}
