//! `Setup` (an unvalidated position, as read from text) and `Position` (a
//! validated one that moves can be generated for and played on).

use std::fmt;
use std::num::NonZeroU32;

use crate::attacks::between;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{CastlingSide, Move};
use crate::types::{Color, Rank, Role, Square};

/// Castling rights, stored as the set of rook squares that may still castle.
///
/// This covers standard chess (`a1`, `h1`, `a8`, `h8`) and Chess960 (any rook
/// on the back rank) alike. Squares on rank 1 are White's rights, squares on
/// rank 8 Black's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct CastlingRights(Bitboard);

impl CastlingRights {
    /// No castling rights.
    pub const EMPTY: CastlingRights = CastlingRights(Bitboard::EMPTY);
    /// The rights of the standard starting position: `a1`, `h1`, `a8`, `h8`.
    pub const STANDARD: CastlingRights = CastlingRights(Bitboard(0x8100_0000_0000_0081));

    /// Rights for the given rook squares (not validated; see [`Position::from_setup`]).
    #[inline]
    pub const fn from_rook_squares(squares: Bitboard) -> CastlingRights {
        CastlingRights(squares)
    }

    /// The rook squares that keep a castling right.
    #[inline]
    pub const fn rook_squares(self) -> Bitboard {
        self.0
    }

    /// The rook squares of `color`'s rights.
    #[inline]
    pub fn for_color(self, color: Color) -> Bitboard {
        self.0 & Bitboard::rank(color.back_rank())
    }

    /// True if no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// True if the rook on `sq` may castle.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0.contains(sq)
    }

    /// Adds the right of the rook on `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0.add(sq);
    }

    /// Removes the right of the rook on `sq`.
    #[inline]
    pub fn discard(&mut self, sq: Square) {
        self.0.discard(sq);
    }

    /// The rook of `color` that may castle on `side` of a king on `king`.
    pub fn rook(self, color: Color, side: CastlingSide, king: Square) -> Option<Square> {
        side.outermost(king, self.for_color(color))
    }
}

/// A position as read from text, before any check of legality.
///
/// Turn it into a [`Position`] with [`Position::from_setup`], which is where
/// the rules of ruling F3 are checked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Castling rights as rook squares.
    pub castling_rights: CastlingRights,
    /// The en passant square: the square behind a pawn that just advanced
    /// two squares (ruling F1: set whether or not a capture is possible).
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The number of the full move, starting at 1.
    pub fullmoves: NonZeroU32,
}

impl Default for Setup {
    fn default() -> Setup {
        Position::new().to_setup()
    }
}

impl Setup {
    /// A setup with no pieces, White to move, no rights, clocks 0 and 1.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::White,
            castling_rights: CastlingRights::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: NonZeroU32::MIN,
        }
    }
}

/// Why a [`Setup`] is not a possible position (ruling F3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king or more than one.
    #[error("{color} has {count} kings: each side needs exactly one")]
    KingCount {
        /// The side at fault.
        color: Color,
        /// How many kings it has.
        count: u32,
    },
    /// A pawn stands on rank 1 or 8.
    #[error("a pawn stands on the back rank at {square}")]
    PawnOnBackRank {
        /// The first such square.
        square: Square,
    },
    /// The side that is not to move is in check.
    #[error("the side not to move ({color}) is in check")]
    OppositeCheck {
        /// The side in check.
        color: Color,
    },
    /// A castling right whose king and rook are not where it needs them.
    #[error("castling right for a rook on {square} without king and rook on their squares")]
    InvalidCastlingRights {
        /// The rook square of the first bad right, in square order.
        square: Square,
    },
    /// An en passant square that is not behind a pawn that just advanced two squares.
    #[error("en passant square {square} is not behind a pawn that just advanced two squares")]
    InvalidEnPassant {
        /// The given en passant square.
        square: Square,
    },
}

/// What [`Position::from_setup_repaired`] dropped from a [`Setup`] to make
/// it a position: castling rights not backed by king and rook, and an en
/// passant square no pawn can just have made.
///
/// `Display` lists what was dropped, castling rights first:
/// `castling right of the rook on h1 dropped; en passant square e3 dropped`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Repairs {
    /// The rook squares whose castling rights were dropped.
    pub dropped_castling: Bitboard,
    /// The en passant square, if it was dropped.
    pub dropped_ep: Option<Square>,
}

impl Repairs {
    /// True if nothing was dropped: the setup was a position as it was.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.dropped_castling.is_empty() && self.dropped_ep.is_none()
    }

    /// Each thing dropped, castling rights first (in square order).
    pub fn iter(&self) -> impl Iterator<Item = Repair> + use<> {
        let castling = self.dropped_castling.into_iter().map(Repair::CastlingRight);
        castling.chain(self.dropped_ep.map(Repair::EnPassant))
    }
}

impl fmt::Display for Repairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, repair) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{repair}")?;
        }
        Ok(())
    }
}

/// One thing [`Position::from_setup_repaired`] dropped (see [`Repairs::iter`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Repair {
    /// The castling right of the rook on this square.
    CastlingRight(Square),
    /// This en passant square.
    EnPassant(Square),
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repair::CastlingRight(square) => {
                write!(f, "castling right of the rook on {square} dropped")
            }
            Repair::EnPassant(square) => write!(f, "en passant square {square} dropped"),
        }
    }
}

/// A legal position: placement, side to move, castling rights, en passant
/// square and clocks, checked by ruling F3.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) ep_square: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: NonZeroU32,
    /// The pieces that check the side to move: a function of the fields
    /// above, kept up to date by every constructor and by
    /// [`Position::play_unchecked`], so that a check test reads a field.
    pub(crate) checkers: Bitboard,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    pub const fn new() -> Position {
        Position {
            board: Board::new(),
            turn: Color::White,
            castling: CastlingRights::STANDARD,
            ep_square: None,
            halfmoves: 0,
            fullmoves: NonZeroU32::MIN,
            checkers: Bitboard::EMPTY,
        }
    }

    /// Checks a setup against ruling F3 and returns the position.
    ///
    /// # Errors
    ///
    /// The first rule the setup breaks, as a [`PositionError`]
    /// ([`Position::from_setup_repaired`] drops unfit castling rights and
    /// en passant squares instead).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let pos = Position::from_placement(setup)?;
        if let Some(square) = pos.unfit_castling_rights().first() {
            return Err(PositionError::InvalidCastlingRights { square });
        }
        if let Some(square) = pos.unfit_ep_square() {
            return Err(PositionError::InvalidEnPassant { square });
        }
        Ok(pos)
    }

    /// Like [`Position::from_setup`], but castling rights not backed by
    /// king and rook and an impossible en passant square are dropped (as
    /// other readers do) instead of refused; the [`Repairs`] say what was
    /// dropped.
    ///
    /// Of two rights on one side of a king, the outermost rook's is kept:
    /// it is the one castling uses ([`CastlingRights::rook`]).
    ///
    /// ```
    /// use chess_core::{Position, Setup, Square};
    ///
    /// // The starting position without the rook on a1 (but with its
    /// // right), and an en passant square behind no pawn.
    /// let mut setup = Setup::default();
    /// setup.board.remove_piece_at(Square::A1);
    /// setup.ep_square = Some(Square::E3);
    ///
    /// let (pos, repairs) = Position::from_setup_repaired(setup)?;
    /// assert_eq!(pos.castling_rights().rook_squares().count(), 3);
    /// assert_eq!(pos.ep_square(), None);
    /// assert_eq!(
    ///     repairs.to_string(),
    ///     "castling right of the rook on a1 dropped; en passant square e3 dropped"
    /// );
    /// # Ok::<_, chess_core::PositionError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first rule of F3 the setup still breaks once repaired (king
    /// count, a pawn on a back rank, the side not to move in check), as a
    /// [`PositionError`].
    pub fn from_setup_repaired(setup: Setup) -> Result<(Position, Repairs), PositionError> {
        let mut pos = Position::from_placement(setup)?;
        let repairs = Repairs {
            dropped_castling: pos.unfit_castling_rights(),
            dropped_ep: pos.unfit_ep_square(),
        };
        pos.castling = CastlingRights(pos.castling.0 & !repairs.dropped_castling);
        if repairs.dropped_ep.is_some() {
            pos.ep_square = None;
        }
        Ok((pos, repairs))
    }

    /// The position of `setup`, checked against the rules of F3 that no
    /// repair can fix: one king a side, no pawn on a back rank, the side
    /// not to move not in check. Castling rights and the en passant square
    /// are taken as they are.
    fn from_placement(setup: Setup) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let count = (board.kings() & board.by_color(color)).count();
            if count != 1 {
                return Err(PositionError::KingCount { color, count });
            }
        }
        if let Some(square) = (board.pawns() & Bitboard::BACKRANKS).first() {
            return Err(PositionError::PawnOnBackRank { square });
        }
        let mut pos = Position {
            board,
            turn: setup.turn,
            castling: setup.castling_rights,
            ep_square: setup.ep_square,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            checkers: Bitboard::EMPTY,
        };
        pos.checkers = pos.compute_checkers();
        let them = !pos.turn;
        if let Some(king) = board.king_of(them)
            && board.is_attacked(king, pos.turn, board.occupied())
        {
            return Err(PositionError::OppositeCheck { color: them });
        }
        Ok(pos)
    }

    /// The rook squares of the rights not backed by king and rook. A right
    /// needs its colour's rook on the back rank and its king on the same
    /// rank, and only the outermost such rook on each side of the king
    /// keeps one (the rook castling uses).
    fn unfit_castling_rights(&self) -> Bitboard {
        let mut fit = Bitboard::EMPTY;
        for color in Color::ALL {
            let Some(king) = self.board.king_of(color).filter(|k| k.rank() == color.back_rank())
            else {
                continue;
            };
            let rooks = self.board.rooks() & self.board.by_color(color);
            let backed = CastlingRights(self.castling.for_color(color) & rooks);
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(rook) = backed.rook(color, side, king) {
                    fit.add(rook);
                }
            }
        }
        self.castling.rook_squares() & !fit
    }

    /// The en passant square if it is impossible. It must be on the sixth
    /// rank from the side to move, empty, with the square behind it empty
    /// and an enemy pawn in front.
    fn unfit_ep_square(&self) -> Option<Square> {
        let square = self.ep_square?;
        let us = self.turn;
        if square.rank() != Rank::Sixth.relative_to(us) {
            return Some(square);
        }
        let forward = us.fold_wb(8, -8);
        let (Some(pushed), Some(origin)) = (square.offset(-forward), square.offset(forward)) else {
            return Some(square);
        };
        let occ = self.board.occupied();
        let their_pawns = self.board.pawns() & self.board.by_color(!us);
        let possible =
            !occ.contains(square) && !occ.contains(origin) && their_pawns.contains(pushed);
        (!possible).then_some(square)
    }

    /// The position as an unvalidated [`Setup`].
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rights: self.castling,
            ep_square: self.ep_square,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// Piece placement.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant square, set after every two-square pawn advance
    /// whether or not a capture is possible (ruling F1).
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The en passant square only if an en passant capture is legal now
    /// (the square python-chess's `Board.fen()` writes): legal, not only
    /// possible, so a capturing pawn pinned to its king, one whose capture
    /// would leave its king in check, or one whose capture uncovers a rook
    /// or queen on the rank of both pawns gives `None`. Found by the legal
    /// generator's pawn moves to that square ([`Position::legal_origins_to`]),
    /// without generating the others: no pawn can step onto the square, the
    /// pawn that just passed it stands in the way.
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        self.legal_origins_to(Role::Pawn, Bitboard::FULL, ep).is_nonempty().then_some(ep)
    }

    /// Half-moves since the last capture or pawn move (the fifty-move counter).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The full-move number: 1 at the start, increased after each Black move.
    #[inline]
    pub fn fullmoves(&self) -> NonZeroU32 {
        self.fullmoves
    }

    /// The king of the side to move.
    #[inline]
    pub(crate) fn our_king(&self) -> Option<Square> {
        self.board.king_of(self.turn)
    }

    /// The pieces that give check to the side to move (kept with the
    /// position: no computation).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// The checkers from the attack tables, for constructors and for the
    /// moves [`Position::checkers_after`] does not cover.
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        match self.our_king() {
            Some(king) => self.board.attackers_to(king, !self.turn, self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// True if the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// True if the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// True if neither side can ever checkmate (FIDE dead positions): king
    /// against king, king and one minor piece against king, and kings with
    /// bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.pawns() | b.rooks_and_queens()).is_nonempty() {
            return false;
        }
        let minors = b.knights() | b.bishops();
        if minors.count() <= 1 {
            return true;
        }
        b.knights().is_empty()
            && ((b.bishops() & Bitboard::DARK_SQUARES).is_empty()
                || (b.bishops() & Bitboard::LIGHT_SQUARES).is_empty())
    }

    /// True once the fifty-move rule allows a draw claim (100 half-moves
    /// without a capture or pawn move).
    #[inline]
    pub fn is_fifty_move_claimable(&self) -> bool {
        self.halfmoves >= 100
    }

    /// True once the seventy-five-move rule ends the game (150 half-moves),
    /// unless the last move gave checkmate.
    pub fn is_seventy_five_move_draw(&self) -> bool {
        self.halfmoves >= 150 && !self.is_checkmate()
    }

    /// The result if the game has ended by the rules on the board alone:
    /// checkmate, stalemate, insufficient material or the 75-move rule.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.is_check() {
                Outcome::Decisive { winner: !self.turn }
            } else {
                Outcome::Draw
            });
        }
        if self.is_insufficient_material() || self.halfmoves >= 150 {
            return Some(Outcome::Draw);
        }
        None
    }

    /// Plays a legal move.
    ///
    /// # Errors
    ///
    /// [`PlayError`] if the move is not legal here; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(PlayError { m })
        }
    }

    /// True if `m` is among the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        // The targeted generator: only the moves to the move's square
        // from its origin are looked at, not the whole list.
        match m {
            Move::Normal { role, from, to, .. } => {
                self.legal_moves_to(role, Bitboard::from(from), to).contains(&m)
            }
            Move::EnPassant { from, to } => {
                self.legal_moves_to(Role::Pawn, Bitboard::from(from), to).contains(&m)
            }
            Move::Castle { king, rook } => {
                self.legal_castle(CastlingSide::of(king, rook)) == Some(m)
            }
            Move::Null => false,
        }
    }

    /// Plays a move without checking it. The move must be legal (from
    /// [`Position::legal_moves`]) or [`Move::Null`]; anything else leaves a
    /// position that breaks the invariants of this type (but never panics).
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        // Decided before the move from the line tables (see
        // `gives_check.rs`); castling and null moves are looked up after.
        let checkers = self.checkers_after(m);
        let us = self.turn;
        let them = !us;
        self.ep_square = None;
        self.halfmoves = self.halfmoves.saturating_add(1);
        match m {
            Move::Normal { role, from, capture, to, promotion } => {
                if let Some(captured) = capture {
                    self.board.discard_piece(captured.of(them), to);
                    self.halfmoves = 0;
                }
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        self.ep_square = Square::new(((from.index() + to.index()) / 2) as u32);
                    }
                } else if role == Role::King {
                    self.castling =
                        CastlingRights(self.castling.0 & !Bitboard::rank(us.back_rank()));
                }
                self.castling = CastlingRights(self.castling.0 & !(Bitboard::from(from) | to));
                match promotion {
                    Some(promoted) => {
                        self.board.discard_piece(role.of(us), from);
                        self.board.put_piece(promoted.of(us), to);
                    }
                    None => self.board.move_piece(role.of(us), from, to),
                }
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.discard_piece(Role::Pawn.of(them), captured);
                self.board.move_piece(Role::Pawn.of(us), from, to);
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::of(king, rook);
                let rank = king.rank();
                self.board.discard_piece(Role::King.of(us), king);
                self.board.discard_piece(Role::Rook.of(us), rook);
                self.board
                    .put_piece(Role::King.of(us), Square::from_coords(side.king_to_file(), rank));
                self.board
                    .put_piece(Role::Rook.of(us), Square::from_coords(side.rook_to_file(), rank));
                self.castling = CastlingRights(self.castling.0 & !Bitboard::rank(us.back_rank()));
            }
            Move::Null => {}
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.checkers = checkers.unwrap_or_else(|| self.compute_checkers());
    }

    /// Pieces of the side to move that are pinned to their king.
    pub fn pinned(&self) -> Bitboard {
        let Some(king) = self.our_king() else { return Bitboard::EMPTY };
        self.pinned_to(king, self.turn)
    }

    /// Pieces of `us` pinned to `king` by sliders of the other side.
    #[inline]
    pub(crate) fn pinned_to(&self, king: Square, us: Color) -> Bitboard {
        let b = &self.board;
        let them = b.by_color(!us);
        let snipers = them
            & ((crate::attacks::rook_rays(king) & b.rooks_and_queens())
                | (crate::attacks::bishop_rays(king) & b.bishops_and_queens()));
        let occ = b.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & b.by_color(us);
            }
        }
        pinned
    }
}

/// The end of a game by the rules of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// One side won (by checkmate).
    Decisive {
        /// The winning side.
        winner: Color,
    },
    /// A draw: stalemate, insufficient material or the 75-move rule.
    Draw,
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("illegal move {m}")]
pub struct PlayError {
    /// The move.
    pub m: Move,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::types::{File, Piece};

    /// A setup from the first four fields of a FEN (placement, turn,
    /// castling as `KQkq`, X-FEN or Shredder-FEN, en passant), enough for
    /// test positions; `None` for anything else. Not checked for legality:
    /// a Shredder-FEN letter gives a right whether or not a rook is there.
    pub(crate) fn setup_from_fen(fen: &str) -> Option<Setup> {
        let mut fields = fen.split_whitespace();
        let mut setup = Setup::empty();
        for (row, text) in fields.next()?.split('/').enumerate() {
            let rank = Rank::new(7u32.checked_sub(row as u32)?)?;
            let mut file = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d;
                } else {
                    let sq = Square::from_coords(File::new(file)?, rank);
                    setup.board.set_piece_at(sq, Piece::from_char(c)?);
                    file += 1;
                }
            }
        }
        setup.turn = if fields.next()? == "w" { Color::White } else { Color::Black };
        let mut rights = Bitboard::EMPTY;
        for c in fields.next()?.chars().filter(|c| *c != '-') {
            let color = Color::from_white(c.is_ascii_uppercase());
            let king = setup.board.king_of(color)?;
            let rooks = setup.board.rooks() & setup.board.by_color(color);
            let rook = match c.to_ascii_lowercase() {
                'k' => CastlingSide::KingSide.outermost(king, rooks)?,
                'q' => CastlingSide::QueenSide.outermost(king, rooks)?,
                f => Square::from_coords(File::from_char(f)?, color.back_rank()),
            };
            rights.add(rook);
        }
        setup.castling_rights = CastlingRights::from_rook_squares(rights);
        setup.ep_square = fields.next().and_then(|ep| Square::from_ascii(ep.as_bytes()));
        Some(setup)
    }

    /// Both constructors on the setup of `fen`.
    fn both(
        fen: &str,
    ) -> (Result<Position, PositionError>, Result<(Position, Repairs), PositionError>) {
        let setup = setup_from_fen(fen).unwrap_or_else(|| panic!("{fen}"));
        (Position::from_setup(setup.clone()), Position::from_setup_repaired(setup))
    }

    #[test]
    fn a_legal_setup_needs_no_repair() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6",
            "4k3/8/8/8/8/8/8/R3K1RR w HA -",
        ] {
            let (strict, repaired) = both(fen);
            let pos = strict.expect(fen);
            let (repaired, repairs) = repaired.expect(fen);
            assert_eq!(repaired, pos, "{fen}");
            assert!(repairs.is_empty(), "{fen}");
            assert_eq!(repairs.to_string(), "");
        }
    }

    #[test]
    fn castling_rights_without_king_or_rook_are_dropped() {
        let (strict, repaired) = both("4k3/8/8/8/8/8/8/4K3 w H -");
        assert_eq!(strict, Err(PositionError::InvalidCastlingRights { square: Square::H1 }));
        let (pos, repairs) = repaired.expect("repairable");
        assert!(pos.castling_rights().is_empty());
        assert_eq!(repairs.dropped_castling, Bitboard::from(Square::H1));
        assert_eq!(repairs.dropped_ep, None);
        assert_eq!(repairs.to_string(), "castling right of the rook on h1 dropped");
        assert!(Position::from_setup(pos.to_setup()).is_ok());

        // Of two rights on one side of the king, the outermost rook keeps its own.
        let (strict, repaired) = both("4k3/8/8/8/8/8/8/R3K1RR w HGA -");
        assert_eq!(strict, Err(PositionError::InvalidCastlingRights { square: Square::G1 }));
        let (pos, repairs) = repaired.expect("repairable");
        assert_eq!(pos.castling_rights().rook_squares(), Bitboard::from(Square::A1) | Square::H1);
        assert_eq!(repairs.iter().collect::<Vec<_>>(), [Repair::CastlingRight(Square::G1)]);
    }

    #[test]
    fn an_impossible_en_passant_square_is_dropped() {
        let (strict, repaired) = both("4k3/8/8/8/8/8/8/4K3 w - e6");
        assert_eq!(strict, Err(PositionError::InvalidEnPassant { square: Square::E6 }));
        let (pos, repairs) = repaired.expect("repairable");
        assert_eq!(pos.ep_square(), None);
        assert_eq!(repairs.dropped_castling, Bitboard::EMPTY);
        assert_eq!(repairs.dropped_ep, Some(Square::E6));
        assert_eq!(repairs.to_string(), "en passant square e6 dropped");
    }

    #[test]
    fn castling_rights_and_en_passant_square_are_dropped_together() {
        // White's king is off its back rank, so both its rights go; Black's
        // stay. The en passant square is on the wrong rank for White to move.
        let (strict, repaired) = both("r3k2r/8/8/8/8/8/4K3/R6R w HAha e3");
        assert_eq!(strict, Err(PositionError::InvalidCastlingRights { square: Square::A1 }));
        let (pos, repairs) = repaired.expect("repairable");
        assert_eq!(pos.castling_rights().rook_squares(), Bitboard::from(Square::A8) | Square::H8);
        assert_eq!(pos.ep_square(), None);
        assert_eq!(
            repairs.iter().collect::<Vec<_>>(),
            [
                Repair::CastlingRight(Square::A1),
                Repair::CastlingRight(Square::H1),
                Repair::EnPassant(Square::E3)
            ]
        );
        assert_eq!(
            repairs.to_string(),
            "castling right of the rook on a1 dropped; castling right of the rook on h1 \
             dropped; en passant square e3 dropped"
        );
        assert!(Position::from_setup(pos.to_setup()).is_ok());
    }

    #[test]
    fn what_no_repair_fixes_is_still_an_error() {
        // Black, not to move, is in check: the bogus right does not matter.
        let (strict, repaired) = both("4k3/4R3/8/8/8/8/8/4K3 w A e6");
        assert_eq!(strict, Err(PositionError::OppositeCheck { color: Color::Black }));
        assert_eq!(repaired, Err(PositionError::OppositeCheck { color: Color::Black }));
        let (_, repaired) = both("8/8/8/8/8/8/8/4K3 w H -");
        assert_eq!(repaired, Err(PositionError::KingCount { color: Color::Black, count: 0 }));
        let (_, repaired) = both("4k2P/8/8/8/8/8/8/4K3 w H -");
        assert_eq!(repaired, Err(PositionError::PawnOnBackRank { square: Square::H8 }));
    }
}
