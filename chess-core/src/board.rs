//! `Board`: piece placement only, as one bitboard per colour and per role.

use std::fmt;

use crate::attacks::{
    bishop_attacks, bishop_rays, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
    rook_rays,
};
use crate::bitboard::Bitboard;
use crate::types::{Color, File, Piece, Rank, Role, Square};

/// Where the pieces stand, and nothing else (no side to move, no rights).
///
/// Invariant: the role sets are disjoint, the colour sets are disjoint, and
/// their unions are equal (`occupied`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The standard starting placement.
    pub const fn new() -> Board {
        Board {
            by_role: [
                Bitboard(0x00FF_0000_0000_FF00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xFFFF), Bitboard(0xFFFF_0000_0000_0000)],
            occupied: Bitboard(0xFFFF_0000_0000_FFFF),
        }
    }

    /// A board without pieces.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
        }
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The squares of all pieces of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of all pieces of `role`, both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }

    /// All pawns.
    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role[Role::Pawn.index()]
    }

    /// All knights.
    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role[Role::Knight.index()]
    }

    /// All bishops.
    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role[Role::Bishop.index()]
    }

    /// All rooks.
    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role[Role::Rook.index()]
    }

    /// All queens.
    #[inline]
    pub fn queens(&self) -> Bitboard {
        self.by_role[Role::Queen.index()]
    }

    /// All kings.
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role[Role::King.index()]
    }

    /// Rooks and queens: the pieces that slide along ranks and files.
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.rooks() | self.queens()
    }

    /// Bishops and queens: the pieces that slide along diagonals.
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.bishops() | self.queens()
    }

    /// The square of the king of `color`, if there is exactly one... or the
    /// lowest one if there are several (a `Position` always has exactly one).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).first()
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL.into_iter().find(|r| self.by_role[r.index()].contains(sq))
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = self.color_at(sq)?;
        Some(Piece { color, role })
    }

    /// Removes whatever stands on `sq` and returns it.
    #[inline]
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.discard_piece(piece, sq);
        Some(piece)
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.put_piece(piece, sq);
    }

    /// Puts `piece` on the empty square `sq` (caller guarantees emptiness).
    #[inline]
    pub(crate) fn put_piece(&mut self, piece: Piece, sq: Square) {
        self.by_role[piece.role.index()].add(sq);
        self.by_color[piece.color.index()].add(sq);
        self.occupied.add(sq);
    }

    /// Removes `piece` from `sq` (caller guarantees it stands there).
    #[inline]
    pub(crate) fn discard_piece(&mut self, piece: Piece, sq: Square) {
        self.by_role[piece.role.index()].discard(sq);
        self.by_color[piece.color.index()].discard(sq);
        self.occupied.discard(sq);
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline]
    pub(crate) fn move_piece(&mut self, piece: Piece, from: Square, to: Square) {
        let mask = Bitboard::from(from) | to;
        self.by_role[piece.role.index()] ^= mask;
        self.by_color[piece.color.index()] ^= mask;
        self.occupied ^= mask;
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` as the
    /// blockers for sliding pieces.
    #[inline]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.by_color(attacker)
            & ((rook_attacks(sq, occupied) & self.rooks_and_queens())
                | (bishop_attacks(sq, occupied) & self.bishops_and_queens())
                | (knight_attacks(sq) & self.knights())
                | (king_attacks(sq) & self.kings())
                | (pawn_attacks(attacker.other(), sq) & self.pawns()))
    }

    /// The squares of `set` that a piece of `attacker` attacks, with
    /// `occupied` as the blockers for sliding pieces: [`Board::is_attacked`]
    /// for the few squares of a king's steps at once. The pawns' attacks
    /// are two shifts. The sliders read the attack tables (near a
    /// megabyte): only those whose empty-board rays meet `set`, after the
    /// other pieces have left some square of it unattacked; or, when
    /// `SCATTERED` (see [`LegalGenerator::generate`](crate::LegalGenerator::generate)),
    /// every one, with no branch on what the position holds.
    #[inline]
    pub(crate) fn attacked_in<const SCATTERED: bool>(
        &self,
        set: Bitboard,
        attacker: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        let them = self.by_color(attacker);
        let mut attacked = self.pawn_attacks_of(attacker);
        for knight in self.knights() & them {
            attacked |= knight_attacks(knight);
        }
        for king in self.kings() & them {
            attacked |= king_attacks(king);
        }
        if !SCATTERED && (set & !attacked).is_empty() {
            return set;
        }
        for slider in self.bishops_and_queens() & them {
            if SCATTERED || (bishop_rays(slider) & set).is_nonempty() {
                attacked |= bishop_attacks(slider, occupied);
            }
        }
        for slider in self.rooks_and_queens() & them {
            if SCATTERED || (rook_rays(slider) & set).is_nonempty() {
                attacked |= rook_attacks(slider, occupied);
            }
        }
        attacked & set
    }

    /// The squares the pawns of `attacker` attack: two shifts, a pawn
    /// taking one file aside, one rank forward.
    #[inline(always)]
    pub(crate) fn pawn_attacks_of(&self, attacker: Color) -> Bitboard {
        let pawns = self.pawns() & self.by_color(attacker);
        let up = attacker.fold_wb(8, -8);
        (pawns & !Bitboard::file(File::A)).shift(up - 1)
            | (pawns & !Bitboard::file(File::H)).shift(up + 1)
    }

    /// True if any piece of `attacker` attacks `sq`, with `occupied` as the
    /// blockers for sliding pieces.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let them = self.by_color(attacker);
        (rook_attacks(sq, occupied) & self.rooks_and_queens() & them).is_nonempty()
            || (bishop_attacks(sq, occupied) & self.bishops_and_queens() & them).is_nonempty()
            || (knight_attacks(sq) & self.knights() & them).is_nonempty()
            || (pawn_attacks(attacker.other(), sq) & self.pawns() & them).is_nonempty()
            || (king_attacks(sq) & self.kings() & them).is_nonempty()
    }
}

impl fmt::Debug for Board {
    /// Eight lines, rank 8 first, FEN letters for pieces and `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = self.piece_at(Square::from_coords(file, *rank)).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board() {
        let b = Board::new();
        assert_eq!(b.occupied().count(), 32);
        assert_eq!(b.piece_at(Square::E1), Some(Role::King.of(Color::White)));
        assert_eq!(b.piece_at(Square::D8), Some(Role::Queen.of(Color::Black)));
        assert_eq!(b.piece_at(Square::E4), None);
        assert_eq!(b.king_of(Color::Black), Some(Square::E8));
        assert!(b.is_attacked(Square::F3, Color::White, b.occupied()));
        assert!(!b.is_attacked(Square::E4, Color::White, b.occupied()));
    }

    #[test]
    fn set_and_remove() {
        let mut b = Board::empty();
        b.set_piece_at(Square::E4, Role::Knight.of(Color::Black));
        b.set_piece_at(Square::E4, Role::Queen.of(Color::White));
        assert_eq!(b.piece_at(Square::E4), Some(Role::Queen.of(Color::White)));
        assert_eq!(b.occupied().count(), 1);
        assert_eq!(b.knights(), Bitboard::EMPTY);
        assert_eq!(b.remove_piece_at(Square::E4), Some(Role::Queen.of(Color::White)));
        assert_eq!(b, Board::empty());
    }

    #[test]
    fn squares_attacked_together_are_those_attacked_one_by_one() {
        // Random games, each square set tested against is_attacked square
        // by square, with the board's occupancy and with a piece lifted
        // (as the king's steps and castling look through the king).
        let mut rng = testkit::XorShift::new(0xa77a_c4ed);
        let mut tested = 0;
        for _ in 0..200 {
            let mut pos = crate::Position::new();
            for _ in 0..120 {
                let board = pos.board();
                let occ = board.occupied();
                let lifted =
                    occ.into_iter().nth(rng.below(occ.count() as usize)).map(|sq| occ.without(sq));
                for occupied in [occ, lifted.unwrap_or(occ)] {
                    for attacker in Color::ALL {
                        // One square, a king's steps, or a quarter of
                        // the board.
                        let sq = Square::ALL[rng.below(64)];
                        let set = match rng.below(3) {
                            0 => Bitboard::from(sq),
                            1 => king_attacks(sq),
                            _ => Bitboard(rng.next_u64() & rng.next_u64()),
                        };
                        let one_by_one: Bitboard = set
                            .into_iter()
                            .filter(|&sq| board.is_attacked(sq, attacker, occupied))
                            .collect();
                        assert_eq!(
                            board.attacked_in::<false>(set, attacker, occupied),
                            one_by_one,
                            "{board:?}"
                        );
                        assert_eq!(
                            board.attacked_in::<true>(set, attacker, occupied),
                            one_by_one,
                            "{board:?}"
                        );
                        tested += 1;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        assert!(tested > 50_000, "{tested}");
    }
}
