//! The games of a PGN file, replayed: [`replay_games`] reads and plays
//! every game, and each gives what python-chess's game nodes answer: its
//! main line as [`MoveNode`]s (SAN, UCI, ply, move number, NAGs,
//! comments, the positions before and after each move, its variations),
//! its final position, and the problems of its reading and replay.
//!
//! ```
//! use pgn_replay::prelude::*;
//!
//! let pgn = "[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 d6 {Philidor} 3. d4 Bg4?! *";
//! for game in pgn_replay::replay_games(pgn.as_bytes()) {
//!     let game = game?;
//!     // The tags of the Seven Tag Roster that are missing: warnings.
//!     assert!(!game.has_errors());
//!     let moves: Vec<String> = game.game.mainline().map(|node| format!("{}:{}", node.ply(), node.san())).collect();
//!     assert_eq!(moves, ["1:e4", "2:e5", "3:Nf3", "4:d6", "5:d4", "6:Bg4"]);
//!     let d6 = game.game.mainline().nth(3).expect("4 moves");
//!     assert_eq!(d6.comment_after(), "Philidor");
//!     assert_eq!(game.game.white().as_deref(), Some("Morphy"));
//!     assert!(game.game.final_position().is_some());
//! }
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! The game model ([`ReplayedGame`]) is `pgn-syntax`'s with legal moves;
//! its tree view is an extension trait ([`ReplayedGameExt`], in scope
//! with `use pgn_replay::prelude::*`). The rest of the crate:
//!
//! - [`replay_games`] reads and replays every game of a file: each comes as
//!   a [`ReplayedGame`] (the game model of `pgn_syntax` with legal moves
//!   and a start position) with the problems of its reading and replay.
//! - [`replay`] replays a game read before; [`Replayer`] replays games as
//!   they are read, for a [`ReplayVisitor`] that keeps no tree.
//! - The [`Walker`] walks a replayed game with the position before every
//!   move: a lending cursor, the fast way through a game (the move nodes
//!   copy their positions); the [`GameBuilder`] makes games in code.
//!
//! All of them move through a movetext on one cursor, so they agree on
//! plies, depths and positions; the move nodes, which walk one line at a
//! time, are tested against it (`tests/nodes.rs`). Notation (SAN, UCI,
//! LAN) is the `san` crate's; this one adds the games.
//!
//! ```
//! use pgn_replay::{Event, Walker};
//!
//! let pgn = b"[Event \"?\"]\n\n1. e4 e5 2. Nf3 (2. Ke3) Nc6 *\n";
//! for read in pgn_replay::pgn_syntax::read_games(&pgn[..]) {
//!     let (game, source) = read?;
//!     let (replayed, problems) = pgn_replay::replay(&game, &source);
//!     for problem in &problems {
//!         assert_eq!(problem.to_string(), "3:21: game 1: error: illegal move: `Ke3` (ply 3)");
//!     }
//!     let mut walker = Walker::new(&replayed);
//!     let mut sans = Vec::new();
//!     while let Some(event) = walker.next() {
//!         if let Event::Move(played) = event {
//!             sans.push(san::San::from_move(played.before, played.m).to_string());
//!         }
//!     }
//!     assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
//! }
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for a [`ReplayedGame`] (the
//!   game model of `pgn_syntax`, its start position as FEN text and its
//!   moves as [`ReplayedMove`]s: a legal move as `chess_core` writes it,
//!   or the text that could not be played) and [`BuildError`];
//!   `Serialize` for the bookkeeping of a game ([`GameInfo`],
//!   [`Replayed`], [`CollectedGame`]), its diagnostics and the walker's
//!   [`Event`]s. Those hold the reader's and the notation's diagnostics,
//!   some with static text, so they are not read back. The move nodes
//!   are views of a game, which serializes whole. Turns on the `serde`
//!   feature of every crate below.

mod builder;
mod collect;
mod diagnostic;
mod game;
mod lines;
mod node;
mod replay;
#[cfg(feature = "serde")]
mod serde_impls;
mod walk;

pub use builder::{BuildError, GameBuilder};
/// The crates whose types this crate's API uses, re-exported so that a
/// program that depends on `pgn-replay` alone can read, replay and write
/// moves.
pub use chess_core;
#[doc(no_inline)]
pub use chess_core::{Move, Position};
pub use collect::{CollectedGame, ReplayCollector, replay_games};
pub use diagnostic::{ReplayDiagnostic, ReplayProblem};
pub use fen_epd;
pub use game::{GameDiagnostic, GameInfo, Replayed};
pub use node::{MoveNode, MoveNodes, ReplayedGameExt};
pub use pgn_commands;
pub use pgn_syntax;
pub use replay::{ReplayVisitor, Replayer, ending_result, replay, start_position};
pub use san;
#[doc(no_inline)]
pub use san::{Origin, Played, San};
pub use walk::{Event, ReplayedGame, ReplayedMove, Walker};

/// The extension trait that gives a [`ReplayedGame`] its main line as
/// move nodes and its final position: `use pgn_replay::prelude::*`.
pub mod prelude {
    pub use crate::node::ReplayedGameExt;
}

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
