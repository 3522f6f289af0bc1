//! The SAN of a move, and the move a SAN names: Standard Algebraic
//! Notation, sections 8.2.3 and 17 of the 1994 PGN standard, with long
//! algebraic, UCI and figurine notation beside it.
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
//! - EPD: [`resolve_epd`] resolves the move operands of EPD records (`am`,
//!   `bm`, `pm`, `sm`, `pv`) and writes them back in canonical SAN.
//!
//! The crate reads no PGN: games (replay, walking, building) are the
//! `pgn-replay` crate's, above this one. The crates whose types appear
//! here are re-exported ([`chess_core`], [`fen_epd`], and `pgn_nag` as [`nag`]).
//!
//! # Example
//!
//! The legal moves of a position in SAN:
//!
//! ```
//! use san::San;
//! use san::fen_epd::Fen;
//!
//! let pos = Fen::from_ascii("6k1/5ppp/8/8/8/8/8/R6K w - - 0 1")?.into_position()?;
//! let mut sans: Vec<String> = pos.legal_moves().iter().map(|&m| San::from_move(&pos, m).to_string()).collect();
//! sans.sort();
//! assert_eq!(sans[..3], ["Kg1", "Kg2", "Kh2"]);
//! assert!(sans.contains(&"Ra8#".to_string()));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Reading and resolving one move:
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
//! - `serde`: `Serialize` and `Deserialize` for the notation's values: a
//!   [`San`] as its export text (`"Nbd7"`, read back by the parser),
//!   [`ParsedSan`], [`Resolved`] and their [`Quirks`] (names as `bitflags`
//!   writes them), the problems of moves and EPD operands, the resolved
//!   moves of an EPD record (its position as FEN text, checked when read);
//!   `Serialize` only for a [`Lan`] (its text), a [`Played`] move (it
//!   borrows its positions) and [`FenProblem`]. [`Localized`] and [`Fan`]
//!   are ways of writing, and have none. Turns on the `serde` feature of
//!   `chess-core`, `fen-epd` and `nag`.

mod epd;
mod lang;
mod parse;
mod played;
mod problem;
mod quirks;
mod resolve;
mod san;
#[cfg(feature = "serde")]
mod serde_impls;
mod write;

/// The crates whose types this crate's API uses, re-exported so that a
/// program that depends on `san` alone can name a position and read FEN
/// and EPD.
pub use chess_core;
pub use chess_core::{CastlingMode, Uci};
#[doc(no_inline)]
pub use chess_core::{Move, Position};
pub use epd::{EpdMoveDiagnostic, EpdMoveProblem, EpdMoves, ResolvedEpd, resolve_epd};
pub use fen_epd;
pub use lang::{Language, UnknownLanguage};
pub use parse::{ParseSanError, ParseSanErrorKind};
pub use pgn_nag as nag;
pub use played::{Origin, Played};
pub use problem::{FenProblem, MoveProblem};
pub use quirks::Quirks;
pub use resolve::{ResolveError, Resolved, origin_among, resolve_plain};
pub use san::{Check, ParsedSan, San, SanKind};
pub use write::{Fan, Lan, Localized};

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
