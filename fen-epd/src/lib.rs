//! Positions as text: read a FEN into a position and write one back, and
//! read and write EPD records (test suites) with their typed opcodes.
//! Section 16 of the 1994 PGN standard.
//!
//! ```
//! use fen_epd::Fen;
//!
//! let pos = Fen::from_ascii("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2")?
//!     .into_position()?;
//! assert_eq!(pos.legal_moves().len(), 29);
//! let fen = Fen::from_position(&pos).to_string();
//! assert_eq!(fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate depends only on `chess-core`, so a program can read and write
//! positions without any PGN crate. EPD move operands are kept as SAN text
//! here; the `san` crate resolves them against the position.
//!
//! # FEN
//!
//! - [`Fen::from_ascii`] parses the six fields strictly; [`Fen::from_ascii_lenient`]
//!   also takes four fields and surrounding whitespace (ruling F2).
//! - [`Fen::into_position`] checks legality (ruling F3) and gives a
//!   [`chess_core::Position`].
//! - Writing follows §16.1; the en passant square is written after every
//!   two-square pawn advance (ruling F1), or only where an en passant
//!   capture is legal, as python-chess and lichess write it
//!   ([`Fen::from_position_with`], [`EnPassantMode::Legal`]). Castling is
//!   written as X-FEN by default or Shredder-FEN on request
//!   ([`CastlingNotation`]).
//!
//! # EPD
//!
//! - [`Epd::from_ascii`] reads one record: the four position fields, then
//!   operations typed by the registry of §16.2.5 ([`Opcode`], [`Value`],
//!   ruling D2). Unknown and private opcodes are kept as read (D3).
//!   [`RawEpd`] is the untyped view that borrows operands from the input.
//! - Reading is lenient (D4); each leniency is an [`EpdWarning`] and
//!   whatever cannot be read is an [`EpdError`], both with a [`Location`].
//!   Warnings: operations in any order, extra or missing spaces, trailing
//!   white space, a missing final `;`, empty operations `;;`, FEN move
//!   counters after the fields (read as `hmvc`/`fmvn`), unquoted strings,
//!   `+` signs, backslash escapes where the plain reading fails, free text
//!   after the last `;` that does not start like an operation (dropped:
//!   `...; class mate-now; gate-prone`), a `dm` of 0 or below (ruling D2
//!   wants it positive: kept as read, untyped, and written back
//!   unchanged), a tab or other control byte in a string (kept). Errors: bad position fields, bad opcodes (except in that
//!   final free text), unterminated or overlong strings, wrong operand
//!   count, kind or range, a repeated opcode, `draw_claim` or `draw_offer`
//!   without `sm`. A `pm` written otherwise than the first move of `pv` is
//!   a warning: they may be one move in two notations, which only the
//!   `san` crate can tell (it makes a different move an error).
//! - [`Epd::write_canonical`] writes the form of ruling D1; a string
//!   holding `"` cannot be written (D5). Writing, reading and writing again
//!   gives the same bytes (and the same warnings: only a `dm` of 0 or below
//!   and a control byte in a string are written so that they warn when
//!   read).
//! - [`EpdReader`] reads a whole file, record by record; [`Registers`]
//!   follows the `c0`–`c9`, `v0`–`v9`, `eco` and `nic` registers across the
//!   records of a game; [`Eval`] reads `ce` values; [`Epd::to_fen`] and
//!   [`Epd::from_fen_with_clocks`] convert between EPD and FEN.
//!
//! # Example
//!
//! ```
//! use fen_epd::{CastlingNotation, Epd, Eval, Fen, Opcode, Value};
//!
//! let fen = Fen::from_ascii_lenient(b"r3k2r/8/8/8/8/8/8/R3K2R w KQkq -")?;
//! let pos = fen.clone().into_position()?;
//! assert_eq!(pos.legal_moves().len(), 26);
//! assert_eq!(fen.to_string(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
//! assert_eq!(fen.to_string_with(CastlingNotation::Shredder), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
//!
//! let mut warnings = Vec::new();
//! let epd = Epd::from_ascii_with_warnings(
//!     b"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - id \"WAC.001\"; bm Qg6; ce 32766",
//!     &mut warnings,
//! )?;
//! assert_eq!(warnings.len(), 2); // id before bm, and no final semicolon
//! assert_eq!(epd.id().map(|s| s.to_string()).as_deref(), Some("WAC.001"));
//! assert_eq!(epd.best_moves().map(|m| m[0].to_string()).as_deref(), Some("Qg6"));
//! assert_eq!(epd.eval(), Some(Eval::MateIn(1)));
//! assert!(matches!(epd.get(Opcode::Ce), Some(Value::Ce(32766))));
//! assert_eq!(
//!     epd.to_canonical_string()?,
//!     "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; ce 32766; id \"WAC.001\";"
//! );
//! assert_eq!(epd.to_fen().to_string(), "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for FEN and EPD: a [`Fen`] as
//!   its text, read back strictly; an [`Epd`] as its record in canonical
//!   form, read back by [`Epd::from_ascii`]; opcodes and mnemonics as
//!   their text (`"bm"`), a [`Register`] as its digit, operations and
//!   their values as objects named by their opcode (`{"bm": ["Nf3"]}`),
//!   string operands as text when they are UTF-8, else an array of bytes
//!   (`pgn_diag::bytes`). Errors holding static text ([`EpdError`],
//!   [`ParseFenError`], [`FenError`], [`EpdLine`]) and the borrowed raw
//!   views ([`RawEpd`], [`RawOperation`], [`RawOperand`]) serialize only.
//!   Turns on `chess-core/serde`: a `Position` is FEN text there too.

mod diagnostic;
mod epd;
mod eval;
mod fen;
mod opcode;
mod operand;
mod raw;
mod reader;
mod registers;
#[cfg(feature = "serde")]
mod serde_impls;
mod write;

/// The rules crate whose types (`Position`, `Setup`, `Move`, ...) this
/// crate's API uses, re-exported so that a user of FEN and EPD needs no
/// second dependency.
pub use chess_core;
pub use diagnostic::{
    EpdDiagnostic, EpdError, EpdErrorKind, EpdWarning, EpdWarningKind, Location, OperandKind,
    Severity,
};
pub use epd::{Epd, Operation, UnknownOperation, Value};
pub use eval::Eval;
pub use fen::{
    CastlingNotation, EnPassantMode, Fen, FenError, FenField, ParseFenError, ParseFenErrorKind,
    parse_position,
};
pub use opcode::{MAX_MNEMONIC_LEN, Mnemonic, Opcode, Register};
pub use operand::{EpdString, MoveText, Operand, parse_float, parse_integer};
pub use raw::{MAX_STRING_LEN, OperandForm, RawCounters, RawEpd, RawOperand, RawOperation};
pub use reader::{EpdLine, EpdReader};
pub use registers::Registers;
pub use write::WriteEpdError;

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
