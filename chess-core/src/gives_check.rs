//! [`Position::gives_check`] and the checkers that
//! [`Position::play_unchecked`] keeps: which pieces a legal move makes
//! check the opponent, decided before playing it from the move and the
//! between/line tables.
//!
//! The usual test after a move (the attackers of the king) reads the slider
//! attack tables, close to a megabyte: when every call sees a new position,
//! as in replaying games, those reads miss the cache. Here a slider's check
//! is "aligned with the king, nothing between", which reads only the small
//! 64 × 64 line tables.

use crate::attacks::{between, knight_attacks, line, pawn_attacks};
use crate::bitboard::Bitboard;
use crate::moves::Move;
use crate::position::Position;
use crate::types::{Color, Role, Square};

/// True if `a` and `b` share a rank or a file.
fn orthogonal(a: Square, b: Square) -> bool {
    a != b && (a.file() == b.file() || a.rank() == b.rank())
}

/// True if `a` and `b` share a diagonal.
fn diagonal(a: Square, b: Square) -> bool {
    a != b
        && a.file().index().abs_diff(b.file().index())
            == a.rank().index().abs_diff(b.rank().index())
}

impl Position {
    /// True if the legal move `m` gives check. Equal to playing `m` and
    /// asking [`Position::is_check`], but cheaper on positions that change
    /// at every call. `m` must be legal here (or [`Move::Null`]).
    ///
    /// ```
    /// use chess_core::{Move, Position, Role, Square};
    ///
    /// let pos = chess_core::Position::new();
    /// let m = Move::Normal {
    ///     role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None,
    /// };
    /// assert!(!pos.gives_check(m));
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        match self.checkers_after(m) {
            Some(checkers) => checkers.is_nonempty(),
            None => {
                let mut next = self.clone();
                next.play_unchecked(m);
                next.is_check()
            }
        }
    }

    /// The pieces that will check the opponent once the legal move `m` is
    /// played, for normal moves and en passant; `None` for castling and
    /// null moves, which [`Position::play_unchecked`] looks up afterwards.
    ///
    /// A checker is the moved piece (direct check) or a slider of ours
    /// whose line to the king ran through a vacated square (discovered
    /// check). The side not to move is never in check before the move
    /// (ruling F3), so no other piece can check after it.
    #[inline(always)]
    pub(crate) fn checkers_after(&self, m: Move) -> Option<Bitboard> {
        let us = self.turn;
        let board = &self.board;
        let Some(king) = board.king_of(!us) else { return Some(Bitboard::EMPTY) };
        let occ = board.occupied();
        match m {
            Move::Normal { role, from, to, promotion, .. } => {
                let after = occ.without(from).with(to);
                let mut checkers = self.discovered(from, to, king, after);
                if direct(us, promotion.unwrap_or(role), to, king, after) {
                    checkers.add(to);
                }
                Some(checkers)
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_coords(to.file(), from.rank());
                let after = occ.without(from).without(captured).with(to);
                let mut checkers = self.discovered(from, to, king, after)
                    | self.discovered(captured, to, king, after);
                if pawn_attacks(us, to).contains(king) {
                    checkers.add(to);
                }
                Some(checkers)
            }
            Move::Castle { .. } | Move::Null => None,
        }
    }

    /// The sliders of the side to move that check `king` through `vacated`
    /// once it is empty (occupancy `after`), other than the piece now on
    /// `to`.
    #[inline]
    fn discovered(&self, vacated: Square, to: Square, king: Square, after: Bitboard) -> Bitboard {
        let ray = line(king, vacated);
        if ray.is_empty() {
            return Bitboard::EMPTY;
        }
        let board = &self.board;
        let ours = board.by_color(self.turn);
        let sliders = if orthogonal(king, vacated) {
            board.rooks_and_queens()
        } else {
            board.bishops_and_queens()
        };
        let candidates = (sliders & ours & ray).without(vacated).without(to);
        let mut found = Bitboard::EMPTY;
        for s in candidates {
            if between(king, s).contains(vacated) && (between(king, s) & after).is_empty() {
                found.add(s);
            }
        }
        found
    }
}

/// True if a piece of `role` and colour `us` on `to` attacks `king` given
/// the occupancy `after`.
#[inline]
fn direct(us: Color, role: Role, to: Square, king: Square, after: Bitboard) -> bool {
    let clear = || (between(to, king) & after).is_empty();
    match role {
        Role::Pawn => pawn_attacks(us, to).contains(king),
        Role::Knight => knight_attacks(to).contains(king),
        Role::King => false,
        Role::Bishop => diagonal(to, king) && clear(),
        Role::Rook => orthogonal(to, king) && clear(),
        Role::Queen => (diagonal(to, king) || orthogonal(to, king)) && clear(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::XorShift;

    #[test]
    fn agrees_with_playing_the_move() {
        let mut rng = XorShift::new(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        for _ in 0..400 {
            let mut pos = Position::new();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    assert_eq!(pos.gives_check(m), next.is_check(), "{m:?} in {pos:?}");
                    assert_eq!(next.checkers(), next.compute_checkers(), "{m:?} in {pos:?}");
                    checked += 1;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
