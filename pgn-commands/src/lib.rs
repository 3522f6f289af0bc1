//! Comment commands: the `[%name args]` that lichess, chess.com, ChessBase
//! and other programs write into PGN comments, found and read as values.
//!
//! ```text
//! 1. e4 { [%eval 0.17] [%clk 0:02:58] } 1... e5 { [%cal Gc8f5,Rd4d5] }
//! ```
//!
//! The PGN standard of 1994 does not define them; what this crate reads is
//! what real files hold, settled by rulings C1 to C4 of `docs/rulings.md`:
//!
//! - [`commands`] finds the commands of a comment, and [`pieces`] cuts a
//!   comment into text and commands; both borrow the comment and find each
//!   command only when asked for it (ruling C1).
//! - [`Command::value`] reads the arguments: a [`ClockTime`] for `clk`,
//!   `emt`, `egt` and `mct`; an [`Evaluation`] for `eval`; [`MarkedSquare`]s
//!   for `csl`; [`Arrow`]s for `cal`; the arguments as read for any other
//!   name. A malformed command (`[%clk 9:99]`) is an error there, and text
//!   everywhere else (ruling C2).
//! - Each value writes its canonical form with `Display` (ruling C3).
//! - [`text_without_commands`] gives what the comment says besides its
//!   commands, and [`rewrite`] rewrites or leaves out commands.
//!
//! ```
//! use pgn_commands::{Score, Value};
//!
//! let comment = b" [%eval -1.25,18] [%clk 0:00:58.6] Time trouble. ";
//! for command in pgn_commands::commands(comment) {
//!     match command.value()? {
//!         Value::Eval(eval) => assert_eq!(eval.score, Score::Centipawns(-125)),
//!         Value::Time(clock) => assert_eq!(clock.seconds(), 58.6),
//!         _ => unreachable!("two commands"),
//!     }
//! }
//! assert_eq!(&*pgn_commands::text_without_commands(comment), b"Time trouble.");
//! # Ok::<_, pgn_commands::CommandError>(())
//! ```
//!
//! The crate knows squares (from `chess-core`) but no PGN reading: it
//! takes a comment's bytes from wherever they come.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the values: a
//!   [`ClockTime`] as written (`"0:00:58.6"`, read back by its parser),
//!   [`Evaluation`] and [`Score`] (`{"score": {"centipawns": 17},
//!   "depth": null}`), marked squares and arrows (squares as names),
//!   [`FirstValues`], [`CommandKind`], [`CommandError`]; `Serialize` only
//!   for what borrows the comment: [`Command`], [`Piece`], [`Value`],
//!   [`MarkedSquares`] and [`Arrows`] (as the list of their items), bytes
//!   as text when they are UTF-8 (`pgn_diag::bytes`).

mod first;
mod scan;
#[cfg(feature = "serde")]
mod serde_impls;
mod text;
mod value;

pub use first::FirstValues;
pub use scan::{Command, CommandKind, Commands, Piece, Pieces, commands, first_malformed, pieces};
pub use text::{Edit, rewrite, text_without_commands};
pub use value::{
    Arrow, Arrows, ClockTime, CommandError, Evaluation, MarkColor, MarkedSquare, MarkedSquares,
    Score, Value,
};

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
