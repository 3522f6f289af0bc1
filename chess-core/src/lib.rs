//! The rules of chess: the legal moves of a position, playing them, check,
//! mate and the other ends of a game, perft.
//!
//! `chess-core` is the bottom layer of the toolkit and knows nothing of PGN,
//! FEN or any other notation; those live in the crates above it (but for
//! the FEN text of the `serde` feature, below). It offers:
//!
//! - the vocabulary: [`Color`], [`Role`], [`Piece`], [`File`], [`Rank`],
//!   [`Square`], [`Bitboard`], [`CastlingRights`] and [`Move`];
//! - [`Board`] (placement only), [`Setup`] (an unvalidated position) and
//!   [`Position`], which is what ruling F3 allows
//!   ([`Position::from_setup_repaired`] drops unfit castling rights and en
//!   passant squares instead of refusing them, and says so in [`Repairs`]);
//! - exact legal move generation for standard chess and Chess960,
//!   [`Position::play`], check, checkmate, stalemate, insufficient material
//!   and the fifty- and seventy-five-move rules;
//! - [`perft`] and [`divide`] with bulk counting and no allocation per node;
//! - the Polyglot Zobrist hash ([`Position::zobrist_hash`]) and repetition
//!   helpers ([`repetitions`]);
//! - [`cpu`]: whether the routines compiled for AVX-512 run, and the
//!   environment variable `PGN_PORTABLE`, which makes every routine of the
//!   toolkit that has a copy for particular instructions run its portable
//!   twin instead.
//!
//! # Example
//!
//! ```
//! use chess_core::{perft, Move, Position, Role, Square};
//!
//! let mut pos = Position::new();
//! assert_eq!(pos.legal_moves().len(), 20);
//! pos.play(Move::Normal {
//!     role: Role::Pawn,
//!     from: Square::E2,
//!     capture: None,
//!     to: Square::E4,
//!     promotion: None,
//! })?;
//! assert_eq!(pos.ep_square(), Some(Square::E3)); // ruling F1
//! assert_eq!(perft(&Position::new(), 3), 8_902);
//! # Ok::<_, chess_core::PlayError>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the vocabulary types and
//!   positions, in the forms a reader of JSON expects: a [`Square`] as its
//!   name (`"e4"`), a [`File`] and a [`Rank`] as their letter and digit,
//!   [`Color`] and [`Role`] as lower-case words (`"white"`, `"knight"`), a
//!   [`Bitboard`] (and [`CastlingRights`]) as the names of its squares, a
//!   [`Move`] as an object named by its kind (`{"normal": {"role":
//!   "pawn", "from": "e2", ...}}`), a [`Uci`] as its text (serializing
//!   only). A [`Position`] and a [`Setup`] are FEN text, a [`Board`] the
//!   placement field of FEN, as `fen-epd` writes them: the one place where
//!   this crate knows a notation, since serde wants its impls beside the
//!   types. Reading a position back checks it by ruling F3: an illegal
//!   position is an error of the deserializer, never a `Position`.

mod attacks;
mod bitboard;
mod board;
mod counts;
pub mod cpu;
mod gives_check;
mod movegen;
mod moves;
mod perft;
mod polyglot_keys;
mod position;
#[cfg(feature = "serde")]
mod serde_impls;
mod types;
mod zobrist;

pub use attacks::{
    aligned, between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks,
};
pub use bitboard::Bitboard;
pub use board::Board;
pub use movegen::{BulkSink, LegalGenerator, MAX_MOVES_TO, MovesTo};
pub use moves::{CastlingMode, CastlingSide, MAX_MOVES, Move, MoveList, Uci};
pub use perft::{divide, perft};
pub use position::{
    CastlingRights, Outcome, PlayError, Position, PositionError, Repair, Repairs, Setup,
};
pub use types::{Color, File, Piece, Rank, Role, Square};
pub use zobrist::{is_fivefold_repetition, is_threefold_repetition, repetitions};

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
