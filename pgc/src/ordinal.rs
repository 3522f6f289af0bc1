//! Move ordinals (§20.2, ruling P1), for now by the plain method: the
//! SAN of every legal move, sorted. A faster exact method replaces it.

use chess_core::{Move, Position};
use san::San;

/// The legal moves of `pos` with their SAN (without check marks: ruling
/// P1 says they do not change the order), sorted by it.
fn sorted(pos: &Position) -> Vec<(Vec<u8>, Move)> {
    let mut moves: Vec<_> = pos
        .legal_moves()
        .iter()
        .map(|&m| (San::from_move_without_check(pos, m).to_string().into_bytes(), m))
        .collect();
    moves.sort_by(|a, b| a.0.cmp(&b.0));
    moves
}

/// The ordinal of the legal move `m` in `pos`; `None` if `m` is not legal
/// there.
pub fn ordinal(pos: &Position, m: Move) -> Option<u8> {
    let index = sorted(pos).iter().position(|&(_, x)| x == m)?;
    u8::try_from(index).ok()
}

/// The legal move of `pos` with this ordinal; `None` if `pos` has no
/// more than `ordinal` legal moves.
pub fn move_at(pos: &Position, ordinal: u8) -> Option<Move> {
    sorted(pos).get(usize::from(ordinal)).map(|&(_, m)| m)
}
