//! Zobrist position hashing with the Polyglot key set, and repetition helpers.
//!
//! The standard leaves hashing open (§19). We use the 781 keys of the
//! Polyglot book format so that hashes match Polyglot books and other
//! programs that use them (python-chess `chess.polyglot.zobrist_hash`):
//!
//! - a piece on a square: key `64 * kind + square`, where `kind` is
//!   `2 * role + colour` with roles pawn, knight, bishop, rook, queen, king
//!   numbered 0..6 and colour 0 for Black, 1 for White;
//! - castling rights: 768 White king side, 769 White queen side, 770 Black
//!   king side, 771 Black queen side (in Chess960, the side of the rook
//!   relative to the king);
//! - en passant: 772 + file, only when a pawn of the side to move stands
//!   beside the pawn that just advanced (Polyglot's rule, not full legality);
//! - 780 when White is to move.

use crate::attacks::pawn_attacks;
use crate::moves::CastlingSide;
use crate::polyglot_keys::POLYGLOT_KEYS;
use crate::position::Position;
use crate::types::Color;

#[inline]
fn key(index: usize) -> u64 {
    POLYGLOT_KEYS.get(index).copied().unwrap_or(0)
}

impl Position {
    /// The Polyglot Zobrist hash of the position.
    pub fn zobrist_hash(&self) -> u64 {
        let board = &self.board;
        let mut hash = 0;
        for sq in board.occupied() {
            if let Some(piece) = board.piece_at(sq) {
                let kind = 2 * piece.role.index() + usize::from(piece.color == Color::White);
                hash ^= key(64 * kind + sq.index());
            }
        }
        for color in Color::ALL {
            let Some(king) = board.king_of(color) else { continue };
            for rook in self.castling.for_color(color) {
                let side = usize::from(CastlingSide::of(king, rook) == CastlingSide::QueenSide);
                hash ^= key(768 + 2 * color.index() + side);
            }
        }
        if let Some(ep) = self.ep_square {
            let our_pawns = board.pawns() & board.by_color(self.turn);
            if (pawn_attacks(!self.turn, ep) & our_pawns).is_nonempty() {
                hash ^= key(772 + ep.file().index() as usize);
            }
        }
        if self.turn == Color::White {
            hash ^= key(780);
        }
        hash
    }
}

/// How often the last hash of `history` occurs in it, looking back only as
/// far as the position can repeat: `history` holds the hashes of the
/// positions of one game in order, and `halfmoves` is the fifty-move counter
/// of the last one (no position before a capture or pawn move can recur).
pub fn repetitions(history: &[u64], halfmoves: u32) -> usize {
    let Some((&last, earlier)) = history.split_last() else { return 0 };
    let window = earlier.len().min(halfmoves as usize);
    1 + earlier[earlier.len() - window..]
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|&&h| h == last)
        .count()
}

/// True if the last position of `history` has occurred three times (the
/// threefold repetition a player may claim).
pub fn is_threefold_repetition(history: &[u64], halfmoves: u32) -> bool {
    repetitions(history, halfmoves) >= 3
}

/// True if the last position of `history` has occurred five times (the
/// fivefold repetition that ends the game).
pub fn is_fivefold_repetition(history: &[u64], halfmoves: u32) -> bool {
    repetitions(history, halfmoves) >= 5
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::types::{Role, Square};

    #[test]
    fn polyglot_reference_hashes() {
        // The reference values published with the Polyglot format.
        let mut pos = Position::new();
        assert_eq!(pos.zobrist_hash(), 0x463b96181691fc9c);
        pos.play_unchecked(Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        });
        assert_eq!(pos.zobrist_hash(), 0x823c9b50fd114196);
    }

    #[test]
    fn knight_shuffle_repeats() {
        let moves = [
            (Square::G1, Square::F3),
            (Square::G8, Square::F6),
            (Square::F3, Square::G1),
            (Square::F6, Square::G8),
        ];
        let mut pos = Position::new();
        let mut history = vec![pos.zobrist_hash()];
        for _ in 0..2 {
            for (from, to) in moves {
                let m =
                    Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None };
                pos.play(m).expect("legal knight move");
                history.push(pos.zobrist_hash());
            }
        }
        assert_eq!(repetitions(&history, pos.halfmoves()), 3);
        assert!(is_threefold_repetition(&history, pos.halfmoves()));
        assert!(!is_fivefold_repetition(&history, pos.halfmoves()));
        assert_eq!(repetitions(&history[..5], 4), 2);
        assert_eq!(repetitions(&history, 0), 1);
    }
}
