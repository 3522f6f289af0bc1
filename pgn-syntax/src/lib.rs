//! Read the games of a PGN file: their tags, their moves as written, their
//! comments, NAGs and variations, every problem of the text reported with
//! its place. Sections 8 and 18 of the 1994 PGN standard.
//!
//! This crate turns the tokens of `pgn-lex` into games. It applies no chess
//! rules: moves stay SAN text here (`pgn-replay` plays them on the board).
//!
//! Two ways in, one grammar:
//!
//! 1. [`Reader`] reads from any `io::Read` with a fixed buffer and hands
//!    each game's parts to a [`Visitor`] (tags, moves, NAGs, comments,
//!    variations, escape lines, the termination marker), each with its
//!    [`Place`], in three phases whose per-game states the visitor owns.
//!    Every callback can end its game early (`ControlFlow::Break`), and a
//!    variation can be skipped ([`Branch`]). Options
//!    ([`Reader::builder`]) turn off tag checks or diagnostics. Memory
//!    stays constant however large the file.
//! 2. [`read_games`] (with the [`GameCollector`] visitor) builds each
//!    [`Game`] (tags in input order, the movetext as a flat tree of
//!    [`Node`]s, the termination marker) and, beside it, its
//!    [`SourceMap`]: where each tag and node was, and the game's
//!    diagnostics.
//!
//! [`Game`] is the one game model of the toolkit: generic over the move
//! type, it holds SAN text here and legal moves once `pgn-replay` has
//! replayed it; exporters and codecs write it.
//!
//! Reading never fails on content: whatever the bytes, the reader returns
//! games and reports each deviation from the standard as a [`Diagnostic`]
//! (its kind with what it is about, such as the tag, the value read and the
//! form expected; its [`Location`]; its game number; a [`Severity`] given
//! by the kind), and a broken game never hides the next one. Only I/O
//! errors are errors.
//!
//! [`tags`] has the typed tag values of §8.1.1 and §9 (dates, rounds, time
//! controls, ...) and [`nag`] the NAG table of §10 with the suffix mapping
//! of ruling E8.
//!
//! # Example
//!
//! ```
//! use pgn_syntax::{read_games, Item};
//!
//! let pgn = br#"[Event "Casual"]
//! [Site "?"]
//! [Date "2024.??.??"]
//! [Round "-"]
//! [White "A"]
//! [Black "B"]
//! [Result "1-0"]
//!
//! 1. e4 e5 2. Qh5?! (2. Nf3 Nc6) Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0
//! "#;
//! let (game, source) = read_games(&pgn[..]).next().expect("one game")?;
//! assert_eq!(game.tag("Event"), Some(&b"Casual"[..]));
//! assert_eq!(game.movetext.mainline().count(), 7);
//! let variations = game.movetext.root().items().filter(|i| matches!(i, Item::Variation(_))).count();
//! assert_eq!(variations, 1);
//! assert!(source.diagnostics.is_empty());
//! // The first move, `e4`, is on line 9, column 4.
//! assert_eq!(source.node(0).map(|at| (at.line, at.column)), Some((9, 4)));
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the game model and
//!   diagnostics: [`Game`] (with its [`Tags`] as a list of name and value
//!   pairs, duplicates kept, and its [`Movetext`] as its list of
//!   [`Node`]s, balanced again when read), [`SanText`], [`SourceMap`],
//!   [`Diagnostic`] and its kind, [`Shift`], the encodings; the tag values
//!   of [`tags`] as the text of their tag (`"1-0"`, `"2024.??.??"`,
//!   `"40/9000:300"`), read back by the tag's parser. Input bytes (tag
//!   values, comments, moves) are text when they are UTF-8, else an array
//!   of bytes (`pgn_diag::bytes`). [`Tag`] serializes only (it borrows), and
//!   the errors of the tag parsers too (they hold static text). Enum
//!   variants are `snake_case`; readers, visitors and builders have no
//!   impls.

mod collect;
mod diagnostic;
mod encoding;
mod game;
mod movetext;
pub mod parallel;
/// The NAG table of §10 and the move suffixes (the `pgn-nag` crate).
pub use pgn_nag as nag;
mod place;
pub mod ranges;
mod reader;
mod screen;
#[cfg(feature = "serde")]
mod serde_impls;
mod source;
mod source_map;
pub mod tags;
mod visitor;

pub use collect::{GameCollector, PartialGame, read_games};
pub use diagnostic::{
    CheckedTag, Diagnostic, DiagnosticKind, RosterTags, Severity, TagFault, TagForm,
};
pub use encoding::{Decoding, TextEncoding, TextInput, decode, decode_as, encode_latin1};
pub use game::{ExportOrder, Game, SanText, Tag, TagIter, Tags};
pub use movetext::{Item, Line, Movetext, MovetextBuilder, Node};
pub use parallel::{ParallelReader, Relocate, Shift};
pub use place::{Location, MoveNumber, Place};
pub use reader::{DEFAULT_DEPTH_LIMIT, DEFAULT_SIZE_LIMIT, Reader, ReaderBuilder};
pub use source::line_ends;
pub use source_map::SourceMap;
pub use visitor::{Branch, CommentKind, Visitor};

/// The kinds of token of `pgn-lex`, which some diagnostics name.
pub use pgn_lex::TokenKind;

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
