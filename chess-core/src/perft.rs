//! Perft: the number of leaf nodes of the legal move tree to a fixed depth,
//! the standard test of a move generator.

use crate::moves::Move;
use crate::position::Position;

/// The number of move sequences of exactly `depth` plies from `pos`.
///
/// Bulk counting: the last ply is counted with `popcount` over target sets
/// ([`Position::count_legal_moves`]) instead of being generated and played.
/// Each level keeps its move list on the stack; nothing is allocated.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                total += perft(&child, depth - 1);
            }
            total
        }
    }
}

/// Perft split by the first move: each legal move with the perft of the
/// position after it at `depth - 1`. Their sum is `perft(pos, depth)`.
/// At depth 0 the list is empty.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position() {
        let pos = Position::new();
        let expected = [1, 20, 400, 8_902, 197_281];
        for (depth, &nodes) in expected.iter().enumerate() {
            assert_eq!(perft(&pos, depth as u32), nodes, "depth {depth}");
        }
        let split = divide(&pos, 3);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8_902);
        assert!(divide(&pos, 0).is_empty());
    }
}
