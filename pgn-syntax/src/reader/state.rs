//! The state of the game being read: where in the game the reader is
//! ([`Phase`]), how far a tag pair has come ([`TagState`]), what is being
//! skipped for the visitor ([`Skipping`]), and how a visitor's answer
//! changes it ([`obey`]).

use crate::tags::GameResult;
use crate::visitor::{Flow, Skip};

/// Where in a game the reader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Between games.
    Idle,
    /// In the tag section.
    Tags,
    /// In the movetext.
    Movetext,
}

/// Progress through one tag pair `[ name "value" ]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TagState {
    /// Not in a tag pair.
    Closed,
    /// After `[`.
    Open,
    /// After the name (kept in `Reader::tag_name`).
    Named,
    /// After the value: `]` is expected.
    Valued,
}

/// What is being skipped for the visitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Skipping {
    /// Nothing.
    No,
    /// Tokens up to the end of the variation at this depth; `emit_end`
    /// says whether `end_variation` is due when it closes.
    Variation { depth: u32, emit_end: bool },
    /// Tokens up to the end of the game.
    Game,
}

/// The state of the game being read.
#[derive(Clone, Copy, Debug)]
pub(super) struct GameState {
    pub(super) phase: Phase,
    /// `begin_game` has been called: the game has content.
    pub(super) begun: bool,
    pub(super) tag: TagState,
    /// Offset of the `[` of the tag pair being read.
    pub(super) tag_offset: u64,
    /// Where the last tag pair ended (to look for an empty line before
    /// the next one).
    pub(super) last_tag_end: u64,
    /// Open variations, all of them (also skipped ones).
    pub(super) depth: u32,
    /// Open variations whose `begin_variation` was called and whose
    /// `end_variation` is still due.
    pub(super) reported_depth: u32,
    pub(super) skipping: Skipping,
    /// The last movetext element was a move (for suffixes and `e.p.`).
    pub(super) after_move: bool,
    /// The last token opened a variation (to spot `()`).
    pub(super) after_open: bool,
    /// The Result tag's value, if it was one of the four.
    pub(super) result_tag: Option<GameResult>,
    /// Offsets of the SetUp and FEN tags (the SetUp value is in
    /// `Reader::setup_value`).
    pub(super) setup_at: Option<u64>,
    pub(super) fen_at: Option<u64>,
    /// Where the game's first token is.
    pub(super) start: u64,
    pub(super) stop: bool,
}

impl GameState {
    pub(super) fn new() -> GameState {
        GameState {
            phase: Phase::Idle,
            begun: false,
            tag: TagState::Closed,
            tag_offset: 0,
            last_tag_end: 0,
            depth: 0,
            reported_depth: 0,
            skipping: Skipping::No,
            after_move: false,
            after_open: false,
            result_tag: None,
            setup_at: None,
            fen_at: None,
            start: 0,
            stop: false,
        }
    }
}

/// Applies a visitor's answer.
#[inline]
pub(super) fn obey(g: &mut GameState, flow: Flow) {
    match flow {
        Flow::Continue(()) => {}
        Flow::Break(Skip::Stop) => g.stop = true,
        Flow::Break(Skip::Game) => g.skipping = Skipping::Game,
        Flow::Break(Skip::Variation) => {
            g.skipping = if g.depth == 0 {
                Skipping::Game
            } else {
                Skipping::Variation { depth: g.depth, emit_end: g.reported_depth > 0 }
            };
        }
    }
}
