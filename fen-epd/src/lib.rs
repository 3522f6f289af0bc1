//! FEN and EPD: section 16 of the 1994 PGN standard.
//!
//! This crate depends only on `chess-core`, so a program can read and write
//! positions without any PGN crate.
//!
//! **Status:** FEN (§16.1) is done; EPD (§16.2) is planned.
//!
//! - [`Fen::from_ascii`] parses the six fields strictly; [`Fen::from_ascii_lenient`]
//!   also takes four fields and surrounding whitespace (ruling F2).
//! - [`Fen::into_position`] checks legality (ruling F3) and gives a
//!   [`chess_core::Position`].
//! - Writing follows §16.1; the en passant square is written after every
//!   two-square pawn advance (ruling F1). Castling is written as X-FEN by
//!   default or Shredder-FEN on request ([`CastlingNotation`]).
//!
//! # Example
//!
//! ```
//! use fen_epd::{CastlingNotation, Fen};
//!
//! let fen = Fen::from_ascii_lenient(b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq -")?;
//! let pos = fen.clone().into_position()?;
//! assert_eq!(pos.legal_moves().len(), 26);
//! assert_eq!(fen.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
//! assert_eq!(fen.to_string_with(CastlingNotation::Shredder), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! None yet.

mod fen;

pub use fen::{
    CastlingNotation, Fen, FenError, FenField, ParseFenError, ParseFenErrorKind, parse_position,
};
