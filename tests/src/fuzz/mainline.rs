//! The `mainline` target: the tree API the examples use
//! (`pgn_replay::prelude`: `mainline()`, its `MoveNode`s and
//! `final_position()`) on any PGN: no panic; each node's SAN, written and
//! parsed again, names its move in its position before; its UCI names the
//! same move; its position after is the one before with the move played;
//! plies count up by one; every variation starts from the position before
//! the move it replaces; and the final position is the last node's after.

use chess_core::Position;
use pgn_replay::MoveNodes;
use pgn_replay::prelude::*;
use san::San;

use super::show;

/// At most this many nodes are looked at per game (variations included),
/// so that a large input stays quick.
const MOST_NODES: usize = 2_000;

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    for game in pgn_replay::replay_games(data) {
        let Ok(game) = game else { return };
        let mut budget = MOST_NODES;
        let last = walk(game.game.mainline(), None, &mut budget, data);
        if budget > 0 {
            let end = game.game.final_position();
            if let (Some(last), Some(end)) = (last, end) {
                assert_eq!(
                    last,
                    end,
                    "final_position is not the last node's after: {}",
                    show(data)
                );
            }
        }
    }
}

/// Checks every node of a line, and the lines branching from it; gives
/// the position after its last node.
fn walk(
    line: MoveNodes<'_>,
    from: Option<&Position>,
    budget: &mut usize,
    data: &[u8],
) -> Option<Position> {
    let mut last: Option<Position> = None;
    let mut ply = None;
    for node in line {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let before = node.before();
        if last.is_none()
            && let Some(from) = from
        {
            assert_eq!(before, from, "a line does not start where it branches: {}", show(data));
        }
        if let Some(prev) = &last {
            assert_eq!(before, prev, "a node's before is not the last one's after");
        }
        let text = node.san().to_string();
        let san: San = text.parse().unwrap_or_else(|e| panic!("SAN {text:?} not read: {e}"));
        let resolved = san.resolve(before).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(resolved.m, node.m(), "{text:?} names another move");
        let uci = node.uci().to_string();
        assert!(uci.len() == 4 || uci.len() == 5, "UCI {uci:?}");
        let mut after = before.clone();
        after.play_unchecked(node.m());
        assert_eq!(&after, node.after(), "{text:?}: after is not before + move");
        if let Some(p) = ply {
            assert_eq!(node.ply(), p + 1, "plies do not count up by one");
        }
        ply = Some(node.ply());
        for variation in node.variations() {
            walk(variation, Some(before), budget, data);
        }
        last = Some(after);
    }
    last
}
