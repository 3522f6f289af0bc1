//! [`SourceMap`]: where the parts of a game were in its input, kept beside
//! the game rather than in it.
//!
//! A reader fills one per game; a game built by a program or decoded from
//! a binary format simply has none. Later stages (replay, export) that
//! report a problem of a move look its place up here by the move's index
//! in the movetext.

use crate::diagnostic::Diagnostic;
use crate::place::{Location, MoveNumber};

/// The places of a game's parts in its input, and the problems the reader
/// found in it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SourceMap {
    /// The number of the game in its input, from 1.
    pub game: u64,
    /// The place of each tag pair, in the order of the game's tags.
    pub tags: Vec<Location>,
    /// The place of each movetext element, by its index in the movetext.
    /// A variation end that the reader added (a variation left open) is
    /// placed where the game ends.
    pub nodes: Vec<Location>,
    /// The move number indications as written before moves, by the move's
    /// index in the movetext, in movetext order: what a writer of the
    /// moves as read needs (moves that cannot be played).
    pub numbers: Vec<(u32, MoveNumber)>,
    /// Where the termination marker is, or for a game without one, where
    /// the game ends.
    pub termination: Option<Location>,
    /// The reader's diagnostics of this game, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

impl SourceMap {
    /// The place of the movetext element at `index`, if known.
    pub fn node(&self, index: usize) -> Option<Location> {
        self.nodes.get(index).copied()
    }

    /// The move number indication written before the move at `index`
    /// in the movetext, if any.
    pub fn number(&self, index: usize) -> Option<MoveNumber> {
        let index = u32::try_from(index).ok()?;
        let at = self.numbers.binary_search_by_key(&index, |&(i, _)| i).ok()?;
        Some(self.numbers[at].1)
    }

    /// The place of the tag pair at `index` (in the game's tag order), if
    /// known.
    pub fn tag(&self, index: usize) -> Option<Location> {
        self.tags.get(index).copied()
    }
}
