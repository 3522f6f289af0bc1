//! What can go wrong: [`DecodeError`] (malformed PGC, ruling P7, always
//! with the byte offset) and [`EncodeError`] (a game that PGC cannot
//! hold, rulings P5 and P6, naming the game).

use pgn_diag::Shown;
use pgn_replay::ReplayProblem;

/// Malformed PGC: what is wrong and the byte offset where it is (ruling
/// P7). Decoding stops there; the games before it were given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("byte {offset}: {kind}")]
pub struct DecodeError {
    /// The offset in the input of the byte the error is about: the start
    /// of the record, item or ordinal.
    pub offset: u64,
    /// What is wrong.
    pub kind: DecodeErrorKind,
}

/// What is wrong with a PGC input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// The input ends inside a fixed-size item (a marker's items or a
    /// length header).
    #[error("truncated: {needed} byte(s) needed, {left} left")]
    Truncated {
        /// The size of the item.
        needed: usize,
        /// The bytes left in the input.
        left: usize,
    },
    /// A length header counts more bytes than the input has left.
    #[error("length {len} goes past the end of the input ({left} byte(s) left)")]
    LengthPastEnd {
        /// The length the header gives.
        len: usize,
        /// The bytes left after the header.
        left: usize,
    },
    /// A marker that §20.4 does not define.
    #[error("unknown marker 0x{0:02x}")]
    UnknownMarker(u8),
    /// A move ordinal at or past the number of legal moves.
    #[error("move ordinal {ordinal} but the position has {moves} legal move(s)")]
    OrdinalPastEnd {
        /// The ordinal.
        ordinal: u8,
        /// The number of legal moves.
        moves: usize,
    },
    /// A record that belongs inside a game (`0x02`, `0x03`, `0x04`,
    /// `0x07`, `0x08`, `0x09`, `0x06`) outside `0x05`..`0x06`.
    #[error("marker 0x{0:02x} outside a game")]
    OutsideGame(u8),
    /// `0x01` or `0x05` inside `0x05`..`0x06` (§20.4.5).
    #[error("marker 0x{0:02x} inside a game")]
    InsideGame(u8),
    /// A tag pair after the first move sequence, NAG, variation or escape
    /// string of its game (ruling P3: the start position must be known
    /// before the first ordinal).
    #[error("tag pair after the movetext began")]
    TagAfterMovetext,
    /// `0x08` with no move before it in its line to replace (ruling P4).
    #[error("variation with no move before it to replace")]
    VariationWithoutMove,
    /// `0x09` with no `0x08` open.
    #[error("variation end without a variation")]
    UnbalancedVariationEnd,
    /// `0x06` (or the end of the input) with a variation still open.
    #[error("game ends with {0} variation(s) open")]
    UnclosedVariation(u32),
    /// The input ends inside `0x05`..`0x06`.
    #[error("input ends inside a game")]
    UnclosedGame,
    /// The game's FEN or Variant tag gives no position to start from
    /// (ruling P3).
    #[error("no start position: {}", start_problem(.0))]
    Start(ReplayProblem),
}

/// Why a game has no start position, after a colon, if known.
fn no_start(problem: Option<&ReplayProblem>) -> String {
    problem.map(|p| format!(": {}", start_problem(p))).unwrap_or_default()
}

/// What is wrong with a game's start, in the words of a codec (replay's
/// messages speak of moves not checked).
fn start_problem(problem: &ReplayProblem) -> String {
    match problem {
        ReplayProblem::InvalidFen(why) => format!("the FEN tag is not a legal position ({why})"),
        ReplayProblem::UnsupportedVariant(name) => {
            format!("the Variant tag \"{}\" is not chess", Shown(name))
        }
        other => other.to_string(),
    }
}

/// A game that PGC cannot hold, or cannot hold without losing something
/// that the caller did not allow to be lost (rulings P5, P6).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("game {game}: {kind}")]
pub struct EncodeError {
    /// The game's number in its input, from 1.
    pub game: u64,
    /// Why it was not encoded.
    pub kind: EncodeErrorKind,
}

/// Why a game was not encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EncodeErrorKind {
    /// A comment: PGC has no comment record (ruling P6); lossy encoding
    /// drops it.
    #[error("a comment after ply {ply} (PGC has no comments; lossy encoding drops them)")]
    Comment {
        /// The ply of the move before it in its line (0 before the first).
        ply: u32,
    },
    /// A null move: no ordinal names it (ruling P6); lossy encoding drops
    /// it with the rest of its line.
    #[error(
        "a null move at ply {ply} (PGC has no null move; lossy encoding drops it and the rest of its line)"
    )]
    NullMove {
        /// Its ply.
        ply: u32,
    },
    /// A move that replay could not play: a game with an illegal or
    /// ambiguous move has no ordinals from there.
    #[error("move `{}` at ply {ply} could not be played", Shown(san))]
    Unplayable {
        /// The move as written.
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        san: Box<[u8]>,
        /// Its ply.
        ply: u32,
    },
    /// The game has no start position: a FEN tag that is not a legal
    /// position, a variant that is not chess (the problem, when its tags
    /// say it).
    #[error("the game has no start position{}", no_start(.0.as_ref()))]
    NoStart(Option<ReplayProblem>),
    /// A move that is not legal where it stands: only a movetext put
    /// together by hand has one.
    #[error("the move at ply {ply} is not legal in its position")]
    NotLegal {
        /// Its ply.
        ply: u32,
    },
    /// A legal move whose ordinal is past 255: its position has more
    /// legal moves than an ordinal byte counts (§20.2), which no game from
    /// the standard start reaches.
    #[error(
        "the move at ply {ply} is number {index} of {moves} legal moves, past what an ordinal byte holds"
    )]
    OrdinalTooLarge {
        /// Its ply.
        ply: u32,
        /// Its index in the sorted legal moves.
        index: usize,
        /// The number of legal moves.
        moves: usize,
    },
    /// A tag name or value longer than a string-1 holds (ruling P5).
    #[error("tag {}: {what} of {len} bytes (a string-1 holds 255)", Shown(name))]
    TagTooLong {
        /// The tag's name (the message shows at most 40 characters of it).
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        name: Box<[u8]>,
        /// `"name"` or `"value"`.
        what: &'static str,
        /// Its length.
        len: usize,
    },
    /// An escape line longer than a string-2 holds.
    #[error("escape line of {len} bytes (a string-2 holds 65535)")]
    EscapeTooLong {
        /// Its length.
        len: usize,
    },
    /// A variation with no move before it in its line to replace.
    #[error("a variation with no move before it to replace")]
    VariationWithoutMove,
}
