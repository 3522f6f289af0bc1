//! A move played in a position, with where it stands in its game
//! ([`Played`]), as replays, walkers and decoders hand it to the writers of
//! SAN ([`San::from_played`](crate::San::from_played)).

use chess_core::{File, Move, Position, Rank};
use pgn_nag::Suffix;

/// The origin file and rank a SAN names (§8.2.3.4): the file of a pawn's
/// capture, and a piece's disambiguation ([`origin_among`](crate::origin_among)).
pub type Origin = (Option<File>, Option<Rank>);

/// A move that was played, with where it stands in the game.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Played<'a> {
    /// The legal move.
    pub m: Move,
    /// Its suffix annotation.
    pub suffix: Option<Suffix>,
    /// The position it was played in.
    pub before: &'a Position,
    /// The position after it.
    pub after: &'a Position,
    /// Its ply: half-moves from the start of the game (counting from the
    /// start position's move number), from 1.
    pub ply: u32,
    /// 0 on the main line, 1 in a variation of it, and so on.
    pub depth: u32,
    /// The origin file and rank the move's SAN names, when the maker of
    /// the event knows them: the file of a pawn's capture; for a piece,
    /// the file, rank or both that tell it from the other pieces of its
    /// role that can legally go to its square (§8.2.3.4, ruling E7), or
    /// neither. The replay knows them for a move its fast path resolves
    /// (SAN with no disambiguation, which a single piece can make), a PGC
    /// decoder for every move; `None` when not known. A hint that spares
    /// [`San::from_played`](crate::San::from_played) a search: the SAN is
    /// the same either way.
    pub origin: Option<Origin>,
    /// Whether the move mates, when the maker of the event knows it (a
    /// replay that checks the written check marks finds out for every move
    /// that gives check); `None` when not known. A hint, as `origin` is.
    pub mate: Option<bool>,
}
