//! `Move`: one move of the game, and `MoveList`, a fixed-capacity list of moves.

use std::fmt;

use arrayvec::ArrayVec;

use crate::bitboard::Bitboard;
use crate::types::{File, Role, Square};

/// A move, with enough information to play it and to undo it.
///
/// It is a small `Copy` value (6 bytes). Castling is stored as king and rook
/// squares, so that standard chess and Chess960 need no separate cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Move {
    /// A piece moves from one square to another, capturing or not; a pawn
    /// that reaches the last rank promotes.
    Normal {
        /// The role of the moving piece (`Pawn` for a promotion).
        role: Role,
        /// Where it comes from.
        from: Square,
        /// The role of the captured piece, if any.
        capture: Option<Role>,
        /// Where it goes.
        to: Square,
        /// The role a pawn promotes to.
        promotion: Option<Role>,
    },
    /// A pawn captures en passant.
    EnPassant {
        /// Where the capturing pawn comes from.
        from: Square,
        /// The en passant square it moves to (not the captured pawn's).
        to: Square,
    },
    /// The king castles with the rook on `rook`.
    Castle {
        /// The king's square before castling.
        king: Square,
        /// The castling rook's square before castling.
        rook: Square,
    },
    /// A null move ("pass"): only the side to move changes. Never among the
    /// legal moves; used by notations that record it (ruling E12).
    Null,
}

/// Which side of the king a castling rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CastlingSide {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

impl CastlingSide {
    /// The side of the king that `rook` is on.
    #[inline]
    pub fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() > king.file() { CastlingSide::KingSide } else { CastlingSide::QueenSide }
    }

    /// Of the squares `candidates` on the king's rank, the one on this side
    /// of `king` that is farthest from it (the X-FEN "outermost rook").
    #[inline]
    pub fn outermost(self, king: Square, candidates: Bitboard) -> Option<Square> {
        let rank = candidates & Bitboard::rank(king.rank());
        match self {
            CastlingSide::KingSide => {
                Bitboard(rank.0 & !(2u64 << king.index()).wrapping_sub(1)).last()
            }
            CastlingSide::QueenSide => Bitboard(rank.0 & ((1u64 << king.index()) - 1)).first(),
        }
    }

    /// The file the king ends on: `g` or `c`.
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on: `f` or `d`.
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }
}

impl Move {
    /// The role of the moving piece (`King` for castling, `None` for a null move).
    pub fn role(&self) -> Option<Role> {
        match *self {
            Move::Normal { role, .. } => Some(role),
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => Some(Role::King),
            Move::Null => None,
        }
    }

    /// The square the moving piece comes from (the king's for castling).
    pub fn from(&self) -> Option<Square> {
        match *self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => Some(from),
            Move::Castle { king, .. } => Some(king),
            Move::Null => None,
        }
    }

    /// The square the moving piece goes to: for castling, the king's
    /// destination (`g1`, `c1`, `g8` or `c8`), as in standard notation.
    pub fn to(&self) -> Option<Square> {
        match *self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => Some(to),
            Move::Castle { king, rook } => {
                Some(Square::from_coords(CastlingSide::of(king, rook).king_to_file(), king.rank()))
            }
            Move::Null => None,
        }
    }

    /// The captured role, if the move captures.
    pub fn capture(&self) -> Option<Role> {
        match *self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            _ => None,
        }
    }

    /// True for captures, en passant included.
    pub fn is_capture(&self) -> bool {
        self.capture().is_some()
    }

    /// The promotion role, if the move promotes.
    pub fn promotion(&self) -> Option<Role> {
        match *self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// The castling side, if the move castles.
    pub fn castling_side(&self) -> Option<CastlingSide> {
        match *self {
            Move::Castle { king, rook } => Some(CastlingSide::of(king, rook)),
            _ => None,
        }
    }

    /// True if the move resets the fifty-move counter (pawn move or capture).
    pub fn is_zeroing(&self) -> bool {
        match *self {
            Move::Normal { role, capture, .. } => role == Role::Pawn || capture.is_some(),
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Null => false,
        }
    }
}

impl Move {
    /// The move in UCI notation with castling written as `mode` says:
    /// [`Move`]'s `Display` is [`CastlingMode::Standard`], and
    /// `m.uci(CastlingMode::Chess960)` writes the king onto its rook, as
    /// UCI_Chess960 engines want.
    pub fn uci(self, mode: CastlingMode) -> Uci {
        Uci { m: self, mode }
    }
}

impl fmt::Display for Move {
    /// Standard UCI: `e2e4`, `e7e8q`, castling as the king's move
    /// (`e1g1`), `0000` for the null move ([`Move::uci`] for the king onto
    /// its rook). Notations for people live in the `san` crate.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.uci(CastlingMode::Standard).fmt(f)
    }
}

/// How UCI writes castling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CastlingMode {
    /// The king to its destination: `e1g1`, `e8c8`.
    #[default]
    Standard,
    /// The king onto its own rook (`e1h1`), as UCI does for Chess960,
    /// where the king's destination may be its own square.
    Chess960,
    /// [`CastlingMode::Standard`] when the king castles from the e-file
    /// with a rook in a corner (every castling of standard chess), else
    /// [`CastlingMode::Chess960`]: the form a UCI engine expects whatever
    /// the game, as perft's `--divide` prints.
    Auto,
}

/// A move in UCI notation: origin, destination and a lower-case promotion
/// letter (`e2e4`, `e7e8q`), castling as [`CastlingMode`] says, `0000` for
/// the null move.
///
/// ```
/// use chess_core::{CastlingMode, Move, Square};
///
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(castle.to_string(), "e1g1");
/// assert_eq!(castle.uci(CastlingMode::Chess960).to_string(), "e1h1");
/// assert_eq!(castle.uci(CastlingMode::Auto).to_string(), "e1g1");
/// let chess960 = Move::Castle { king: Square::B1, rook: Square::C1 };
/// assert_eq!(chess960.uci(CastlingMode::Auto).to_string(), "b1c1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Uci {
    /// The move.
    pub m: Move,
    /// How castling is written.
    pub mode: CastlingMode,
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.m {
            Move::Normal { from, to, promotion, .. } => {
                write!(f, "{from}{to}")?;
                match promotion {
                    Some(role) => write!(f, "{}", role.char()),
                    None => Ok(()),
                }
            }
            Move::EnPassant { from, to } => write!(f, "{from}{to}"),
            Move::Castle { king, rook } => {
                let standard = match self.mode {
                    CastlingMode::Standard => true,
                    CastlingMode::Chess960 => false,
                    CastlingMode::Auto => {
                        king.file() == File::E && matches!(rook.file(), File::A | File::H)
                    }
                };
                match self.m.to() {
                    Some(to) if standard => write!(f, "{king}{to}"),
                    _ => write!(f, "{king}{rook}"),
                }
            }
            Move::Null => f.write_str("0000"),
        }
    }
}

/// The capacity of a [`MoveList`]: enough for any position, however much
/// material it has.
///
/// A target square can be reached by at most 8 sliders (one per ray), 8
/// knights and 3 pawns (4 moves each when promoting), so at most 28 moves of
/// non-king pieces end on one square. With `n` such pieces of the side to
/// move there are at most `min(27 * n, 28 * (63 - n)) <= 866` of them, plus
/// 8 king moves and 2 castlings: 876 in all.
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack: no allocation.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outermost_rook_on_each_side() {
        let rooks = Bitboard::from(Square::A1) | Square::B1 | Square::G1 | Square::H1 | Square::H2;
        assert_eq!(CastlingSide::KingSide.outermost(Square::E1, rooks), Some(Square::H1));
        assert_eq!(CastlingSide::QueenSide.outermost(Square::E1, rooks), Some(Square::A1));
        // Kings on the corners: nothing beyond them, and no overflow.
        assert_eq!(CastlingSide::KingSide.outermost(Square::H1, rooks), None);
        assert_eq!(CastlingSide::QueenSide.outermost(Square::A1, rooks), None);
        let black = Bitboard::from(Square::A8) | Square::G8;
        assert_eq!(CastlingSide::KingSide.outermost(Square::H8, black), None);
        assert_eq!(CastlingSide::QueenSide.outermost(Square::H8, black), Some(Square::A8));
    }
}
