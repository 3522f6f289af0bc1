//! [`Lines`]: where each open line of play stands, as a stack without
//! recursion. Every replay of this crate (streaming, over a tree, the
//! walker over a replayed movetext, the game builder) moves through a
//! movetext with it, so they agree on positions, plies and depths.
//!
//! A variation replaces the move before it (§8.2.5): it starts from the
//! position before the last move of the line it branches from. A line in
//! which a move could not be played is dead: its later moves, and the
//! variations branching from them, are text.

use chess_core::{Color, Move, Position};

/// One line of play.
#[derive(Clone, Debug)]
struct Line {
    /// The position after the line's last move.
    pos: Position,
    /// The position before the line's last move: where a variation of that
    /// move starts, when `has_before` (not before the line's first move,
    /// nor after a move that could not be played). A plain field,
    /// overwritten in place at every move.
    before: Position,
    has_before: bool,
    /// The ply of the line's last move.
    ply: u32,
    /// A move of this line (or of the line it branches from) could not be
    /// played: the rest is text.
    dead: bool,
    /// A variation that has no move to replace: its first move says so.
    orphan: bool,
}

/// What the next move of the current line meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// A live line: the move is resolved in [`Lines::position`].
    Live,
    /// The first move of a variation that has no move to replace; the
    /// line is dead from here.
    Orphan,
    /// A dead line: the move is text.
    Dead,
}

/// The stack of open lines: the main line, then the open variations.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lines {
    stack: Vec<Line>,
}

/// The ply of the last move before `pos`: 0 for a white move to come at
/// move 1 (plies count from the start position's move number).
pub(crate) fn ply_before(pos: &Position) -> u32 {
    let full = pos.fullmoves().get().saturating_sub(1);
    full.saturating_mul(2) + u32::from(pos.turn() == Color::Black)
}

impl Lines {
    /// Starts a game from `start`; with `None` (a game that could not be
    /// set up) every move is text.
    pub(crate) fn reset(&mut self, start: Option<&Position>) {
        self.stack.clear();
        let (pos, dead) = match start {
            Some(pos) => (pos.clone(), false),
            None => (Position::new(), true),
        };
        let ply = if dead { 0 } else { ply_before(&pos) };
        let before = pos.clone();
        self.stack.push(Line { pos, before, has_before: false, ply, dead, orphan: false });
    }

    /// 0 on the main line, 1 in a variation of it, and so on.
    pub(crate) fn depth(&self) -> u32 {
        u32::try_from(self.stack.len().saturating_sub(1)).unwrap_or(u32::MAX)
    }

    /// The ply of the current line's last move (0 before its first, and
    /// with no line).
    pub(crate) fn ply(&self) -> u32 {
        self.stack.last().map_or(0, |l| l.ply)
    }

    /// The position after the current line's last move.
    pub(crate) fn position(&self) -> Option<&Position> {
        self.stack.last().map(|l| &l.pos)
    }

    /// The positions before and after the current line's last move, if
    /// it was played.
    pub(crate) fn last_move(&self) -> Option<(&Position, &Position)> {
        self.stack.last().filter(|l| l.has_before).map(|l| (&l.before, &l.pos))
    }

    /// The main line's final position, if it is live.
    pub(crate) fn main(&self) -> Option<&Position> {
        self.stack.first().filter(|l| !l.dead).map(|l| &l.pos)
    }

    /// A move of the current line comes: counts its ply and says what it
    /// meets. An orphan line becomes dead here.
    pub(crate) fn next(&mut self) -> (Next, u32) {
        let Some(line) = self.stack.last_mut() else { return (Next::Dead, 0) };
        line.ply = line.ply.saturating_add(1);
        let next = if line.orphan {
            line.orphan = false;
            line.dead = true;
            line.has_before = false;
            Next::Orphan
        } else if line.dead {
            line.has_before = false;
            Next::Dead
        } else {
            Next::Live
        };
        (next, line.ply)
    }

    /// The move [`Lines::next`] announced was resolved to `m`: plays it.
    pub(crate) fn play(&mut self, m: Move) {
        if let Some(line) = self.stack.last_mut() {
            line.before.clone_from(&line.pos);
            line.has_before = true;
            line.pos.play_unchecked(m);
        }
    }

    /// The move [`Lines::next`] announced could not be played: the line is
    /// dead from here.
    pub(crate) fn fail(&mut self) {
        if let Some(line) = self.stack.last_mut() {
            line.dead = true;
            line.has_before = false;
        }
    }

    /// A variation of the current line's last move starts.
    pub(crate) fn begin_variation(&mut self) {
        let Some(parent) = self.stack.last() else { return };
        let ply = parent.ply.saturating_sub(1);
        let line = if parent.has_before {
            let pos = parent.before.clone();
            let before = pos.clone();
            Line { pos, before, has_before: false, ply, dead: false, orphan: false }
        } else {
            let pos = parent.pos.clone();
            let before = pos.clone();
            // Nothing before it in a live line: its first move says so.
            let orphan = !parent.dead;
            Line { pos, before, has_before: false, ply, dead: parent.dead, orphan }
        };
        self.stack.push(line);
    }

    /// The innermost variation ends (the main line never does).
    pub(crate) fn end_variation(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }
}
