//! The state of the game being read: where in the game the reader is
//! ([`Phase`]), how far a tag pair has come ([`TagState`]), what is being
//! skipped for the visitor ([`Skipping`]).

use crate::tags::GameResult;

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
    /// Tokens up to the end of the variation at this depth (the visitor
    /// skipped it: no `end_variation` is due).
    Variation { depth: u32 },
    /// Tokens up to the end of the game.
    Game,
}

/// The state of the game being read.
#[derive(Clone, Copy, Debug)]
pub(super) struct GameState {
    pub(super) phase: Phase,
    /// `begin_tags` has been called: the game has content.
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
    /// The game has had a move (for the splitting of move lists).
    pub(super) moved: bool,
    /// A move number came before the game's first move.
    pub(super) numbered: bool,
    /// An empty line came after the last move, and since then only
    /// comments and escape lines.
    pub(super) after_empty: bool,
    /// The tag section outgrew the reader's size limit: its bytes are no
    /// longer held, and the checks made when it ends are not made.
    pub(super) section_dropped: bool,
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
            section_dropped: false,
            moved: false,
            numbered: false,
            after_empty: false,
        }
    }
}
