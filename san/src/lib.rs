//! Standard Algebraic Notation: sections 8.2.3 and 17 of the 1994 PGN standard.
//!
//! - Reading: [`San::from_ascii`] reads export SAN and the lenient forms of
//!   import SAN found in real files (castling with zeros, pawn letters, long
//!   algebraic and UCI, lower-case letters, figurines, `e.p.`, `Z0`, ...),
//!   each noted as a [`Quirks`] flag for the caller to report;
//!   [`San::from_ascii_in`] reads the piece letters of a §17 [`Language`].
//!   No allocation, no backtracking.
//! - Resolving: [`ParsedSan::resolve`] (and [`San::resolve`]) finds the one
//!   legal move a SAN names in a `chess_core::Position`, disambiguating
//!   among legal moves only (§8.2.3.4), or says why not
//!   ([`ResolveError::Illegal`], [`ResolveError::Ambiguous`]: never a
//!   guess). [`San::check_quirks`] checks the written `+` or `#`.
//! - Writing: [`San::from_move`] builds canonical SAN (ruling E7), written
//!   by `Display`; [`San::in_language`] and [`San::fan`] write it with
//!   other piece letters or figurines; [`Lan`] and [`Uci`] write long
//!   algebraic and UCI notation.
//!
//! - Games: [`replay`] turns a game read by `pgn_syntax` into a
//!   [`ReplayedGame`] (the same `pgn_syntax::Game` type with legal moves and
//!   a start position), [`Replayer`] does it as the game is read (for a
//!   [`ReplayVisitor`]), the [`Walker`] walks a replayed game with the
//!   position before every move, and the [`GameBuilder`] makes games in
//!   code. All four move through a movetext on one cursor, so they agree.
//! - EPD: [`resolve_epd`] resolves the move operands of EPD records (`am`,
//!   `bm`, `pm`, `sm`, `pv`) and writes them back in canonical SAN.
//!
//! The crates whose types appear here are re-exported ([`chess_core`],
//! [`fen_epd`], [`pgn_syntax`]), so this crate alone reads and replays
//! files:
//!
//! ```
//! use san::pgn_syntax::read_games;
//! use san::{Event, Walker};
//!
//! let pgn = b"[Event \"?\"]\n\n1. e4 e5 2. Nf3 (2. Ke3) Nc6 *\n";
//! for read in read_games(&pgn[..]) {
//!     let (game, source) = read?;
//!     let (replayed, problems) = san::replay(&game, &source);
//!     for problem in &problems {
//!         // 3:21: game 1: error: illegal move: `Ke3` (ply 3)
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
//! # Example
//!
//! ```
//! use chess_core::{Position, Square};
//! use san::{Quirks, San};
//!
//! let pos = Position::new();
//! let parsed = San::from_ascii(b"Nf3")?;
//! let resolved = parsed.resolve(&pos)?;
//! assert_eq!(resolved.m.from(), Some(Square::G1));
//! assert_eq!(resolved.quirks, Quirks::empty());
//! assert_eq!(San::from_move(&pos, resolved.m).to_string(), "Nf3");
//!
//! // A lenient form: read, resolved, and noted.
//! let resolved = San::from_ascii(b"Ng1-f3")?.resolve(&pos)?;
//! assert_eq!(resolved.quirks, Quirks::LONG_ALGEBRAIC);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! None yet.

mod builder;
mod collect;
mod diagnostic;
mod epd;
mod lang;
mod lines;
mod parse;
mod problem;
mod quirks;
mod replay;
mod resolve;
mod san;
mod walk;
mod write;

pub use builder::{BuildError, GameBuilder};
/// The crates whose types this crate's API uses, re-exported so that a
/// program that depends on `san` alone can name a position, read FEN and
/// EPD, and read PGN files.
pub use chess_core;
pub use chess_core::{CastlingMode, Uci};
#[doc(no_inline)]
pub use chess_core::{Move, Position};
pub use collect::{CollectedGame, GameDiagnostic, PartialReplay, ReplayCollector, replay_games};
pub use diagnostic::{ReplayDiagnostic, ReplayProblem};
pub use epd::{EpdMoveDiagnostic, EpdMoveProblem, EpdMoves, ResolvedEpd, resolve_epd};
pub use fen_epd;
pub use lang::{Language, UnknownLanguage};
pub use parse::{ParseSanError, ParseSanErrorKind};
pub use pgn_syntax;
pub use problem::{FenProblem, MoveProblem};
pub use quirks::Quirks;
pub use replay::{ReplayVisitor, Replayer, ending_result, replay, start_position};
pub use resolve::{ResolveError, Resolved, origin_among};
pub use san::{Check, ParsedSan, San, SanKind};
pub use walk::{Event, Origin, Played, ReplayedGame, ReplayedMove, Walker};
pub use write::{Fan, Lan, Localized};
