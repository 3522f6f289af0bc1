//! Writing games as PGN text, in export format: [`to_string`] gives a
//! game's text (python-chess's `str(game)`), [`Writer`] writes games to
//! any [`Sink`] with options, and [`StreamExporter`] exports a whole file
//! as it is read. Sections 3.2, 8, 11 and 12 of the 1994 PGN standard.
//!
//! ```
//! let pgn = "[White \"Morphy\"]\n1.e4 e5 2.Nf3 d6 {Philidor's defence} *";
//! for game in pgn_replay::replay_games(pgn.as_bytes()) {
//!     let text = pgn_export::to_string(&game?.game);
//!     assert!(text.ends_with("\n\n1. e4 e5 2. Nf3 d6 {Philidor's defence} *\n\n"));
//! }
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! Export format is the one text of a game that every program is meant to
//! write byte for byte alike (§3.2.1). The standard leaves parts of it open;
//! the project's rulings E1 to E13 (`docs/rulings.md`) settle them, and
//! this crate follows them to the letter:
//!
//! - [`Writer`] writes a replayed game ([`pgn_replay::ReplayedGame`], walked once
//!   with [`pgn_replay::Walker`]): the tags in roster order then by name, values
//!   escaped; move numbers where E5 puts them; SAN made from each resolved
//!   move, never copied from the input; suffixes as NAGs; comments
//!   normalised; lines filled greedily up to 79 bytes; LF only. Options
//!   give reduced export format ([`ExportOptions::reduced`]), leave out
//!   comments, NAGs or variations; or, departing from export format, write
//!   another notation, the roster alone with the whole movetext
//!   ([`TagSet::RosterAndSetUp`]), the tags in input order
//!   ([`TagOrder::Input`]) or lines of another length
//!   ([`ExportOptions::line_length`]).
//! - [`StreamExporter`] exports games as they are read and replayed, one
//!   pass over the file, holding one game's tags and bytes at a time;
//!   it gives the bytes [`Writer::write_game`] gives. Each
//!   [`ExportedGame`] hands back its tags and result and says where its
//!   text and its movetext are in the output, which is what sorting
//!   (§12) and splitting into files (§11) need.
//! - Every byte goes through one [`Sink`]: a `Vec<u8>`, a `String`, an
//!   [`IoSink`] around any `io::Write`, or a `fmt::Formatter`
//!   ([`Exported`] implements `Display`).
//! - [`collate`] has the §12 collating sequence, [`filename`] the §11 file
//!   names.
//!
//! ```
//! use pgn_export::{ExportOptions, Writer};
//!
//! let pgn = b"[Black \"Spassky\"] [White \"Fischer\"]\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 {the Morphy defence} *";
//! let mut out = Vec::new();
//! let mut writer = Writer::new(ExportOptions::default());
//! for game in pgn_replay::replay_games(&pgn[..]) {
//!     let game = game?;
//!     assert!(!pgn_export::is_broken(&game.game));
//!     let Ok(()) = writer.write_game(&game.game, &mut out);
//! }
//! assert_eq!(String::from_utf8_lossy(&out), "\
//! [Event \"?\"]
//! [Site \"?\"]
//! [Date \"????.??.??\"]
//! [Round \"?\"]
//! [White \"Fischer\"]
//! [Black \"Spassky\"]
//! [Result \"*\"]
//!
//! 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {the Morphy defence} *
//!
//! ");
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! A game whose replay found a move that cannot be played
//! ([`is_broken`]) cannot be written faithfully; whether to write it (its
//! moves from there on as read, after an [`AS_READ_MARKER`] comment) or
//! leave it out is the caller's choice. Nor can reduced export format,
//! which has no FEN tag, hold a game from a set-up position (ruling E13);
//! such a game has no form as read, and is best left out. [`unfit`] says
//! whether, and why, a game does not fit the options; [`Writer`] writes
//! whatever it is given, and [`StreamExporter`] leaves out what does not
//! fit (broken games only when asked to).
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the options
//!   ([`ExportOptions`] and its parts; [`CommandNames`] as the list of
//!   the names), [`Unfit`], [`ExportedGame`] and
//!   [`SplitBy`](filename::SplitBy); `Serialize` for an
//!   [`Opening`](openings::Opening) of the table. The writers, sinks and
//!   collation keys have none. Turns on the `serde` feature of the crates
//!   below.

pub mod collate;
mod commands;
pub mod filename;
mod layout;
pub mod openings;
#[cfg(feature = "serde")]
mod serde_impls;
mod sink;
mod stream;
mod writer;

pub use commands::{CommandNames, CommandNamesError, CommandOptions, Strip};
pub use layout::MAX_LINE;
pub use sink::{FmtSink, IoSink, Sink};
pub use stream::{ExportedGame, StreamExporter};
pub use writer::{
    AS_READ_MARKER, AddedTags, ExportOptions, Exported, Notation, TagOrder, TagSet, TextOutput,
    Unfit, Writer, is_broken, to_string, to_vec, unfit,
};

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
