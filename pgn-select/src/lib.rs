//! Choosing games: what people use pgn-extract for. Test a game held in
//! memory with [`Selection::matches`], or read only the games a selection
//! selects with [`Selection::filter`]:
//!
//! ```
//! use pgn_select::Selection;
//!
//! let pgn = "[White \"Tal\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
//!            [Black \"Tal\"]\n\n1. d4 d5 *";
//! let selection = Selection::parse("player Tal\nopening 1. e4 e5")?;
//! let mut selected = Vec::new();
//! for game in pgn_replay::replay_games(pgn.as_bytes()) {
//!     let game = game?;
//!     if selection.matches(&game.game) {
//!         selected.push(game.number);
//!     }
//! }
//! assert_eq!(selected, [1]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! A [`Selection`] of
//! [`Criterion`]s (tags, players, ECO codes, dates, results, lengths,
//! endings, openings, positions, material), decided by a [`Selector`]
//! as each game is read and replayed; and duplicate detection
//! ([`Deduper`], over a [`DuplicateIndex`] of fingerprints of games).
//!
//! The selector is a [`pgn_replay::ReplayVisitor`] in front of another one,
//! which gets the events of every game that may be selected: in front of
//! `pgn_export::StreamExporter`, it writes the selected games in export
//! format. A game whose tags fail is ended when its tags end, and the
//! reader skips its movetext without replaying it; one that cannot reach
//! a wanted position any more is ended there.
//!
//! ```
//! use pgn_replay::pgn_syntax::Reader;
//! use pgn_replay::Replayer;
//! use pgn_select::{Decide, Selection, Selector, Verdict};
//!
//! let pgn = b"[White \"Tal\"] [Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
//!             [White \"Tal\"] [Result \"0-1\"]\n\n1. d4 *\n";
//! let selection = Selection::parse("player Tal\nending checkmate\nmaterial KQRRBBNNP8vKQRRBBNNP7")?;
//! let mut replayer = Replayer::new(Selector::new(selection, Decide));
//! let mut verdicts = Vec::new();
//! for game in Reader::new(&pgn[..]).outputs(&mut replayer) {
//!     verdicts.push(game?.output.verdict());
//! }
//! assert_eq!(verdicts, [Verdict::Selected, Verdict::Rejected]);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the criteria and what the
//!   selector learns: [`Selection`], [`Criterion`] and its parts (a
//!   [`TextMatch`] read back through [`TextMatch::new`], a
//!   [`MaterialPattern`] as its text, positions as FEN text and
//!   placements as the first field of FEN), [`Verdict`], [`Facts`],
//!   [`Selected`], [`DuplicateMode`], [`Seen`] and the errors but
//!   [`MaterialError`] (which holds static text: `Serialize` only).
//!   Selectors, deduplicators and their stores have none. Turns on the
//!   `serde` feature of the crates below.

mod criterion;
mod dedupe;
mod material;
mod selection;
mod selector;
#[cfg(feature = "serde")]
mod serde_impls;
mod text;

pub use criterion::{
    Bound, Comparison, Criterion, CriterionError, DateRange, Ending, MATE_CENTIPAWNS, Opening,
    TagTest, Target, with_slot,
};
pub use dedupe::{
    Deduper, DuplicateIndex, DuplicateMode, FileStore, MemoryStore, Seen, Store, fingerprint, hash,
};
pub use material::{MaterialError, MaterialPattern};
pub use selection::{Selection, SelectionError};
pub use selector::{Decide, Facts, Selected, Selector, Verdict};
pub use text::{TextMatch, TextOp};

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
