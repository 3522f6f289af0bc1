//! Games replayed: every move of a PGN game played on the board, so that a
//! program can ask what python-chess's game nodes answer (the position
//! before and after each move, its SAN, its ply) and writers can write
//! canonical moves.
//!
//! - [`replay_games`] reads and replays every game of a file: each comes as
//!   a [`ReplayedGame`] (the game model of `pgn_syntax` with legal moves
//!   and a start position) with the problems of its reading and replay.
//! - [`replay`] replays a game read before; [`Replayer`] replays games as
//!   they are read, for a [`ReplayVisitor`] that keeps no tree.
//! - The [`Walker`] walks a replayed game with the position before every
//!   move; the [`GameBuilder`] makes games in code.
//!
//! All of them move through a movetext on one cursor, so they agree on
//! plies, depths and positions. Notation (SAN, UCI, LAN) is the `san`
//! crate's; this one adds the games.
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
//! None yet.

mod builder;
mod collect;
mod diagnostic;
mod game;
mod lines;
mod replay;
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
pub use pgn_syntax;
pub use replay::{ReplayVisitor, Replayer, ending_result, replay, start_position};
pub use san;
#[doc(no_inline)]
pub use san::{Origin, Played, San};
pub use walk::{Event, ReplayedGame, ReplayedMove, Walker};
