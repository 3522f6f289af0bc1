//! Games to and from PGC, the binary form of PGN: [`encode`] a game into
//! bytes and [`decode_all`] the games of a PGC input back; section 20 of
//! the 1994 PGN standard, with the rulings P1 to P8 where the standard
//! leaves it open.
//!
//! ```
//! use pgn_replay::GameBuilder;
//!
//! let mut b = GameBuilder::new();
//! b.tag("White", "Morphy").san("e4")?.san("e5")?.san("Nf3")?.san("d6")?;
//! let game = b.finish();
//! let bytes = pgn_pgc::encode(&game)?;
//! // One record (ruling P2): the seven roster values, then the number of
//! // moves and a byte a move, its index among the legal moves sorted by
//! // SAN, from 0 (e4 is 13 in Na3 Nc3 Nf3 Nh3 a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 ...).
//! assert_eq!(bytes[0], 0x01);
//! assert!(bytes.ends_with(&[4, 0, 13, 12, 9, 22]));
//! let decoded = pgn_pgc::decode_all(&bytes)?;
//! assert_eq!(decoded[0].movetext, game.movetext);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! PGC stores a game as records: a marker byte and its items (§20.4).
//! Moves are ordinals, one byte each: the index of the move in the legal
//! moves of its position sorted by their SAN (§20.2, ruling P1). A plain
//! game is one `0x01` record (the seven roster values and the main line);
//! any other is a `0x05` .. `0x06` pair around tag pairs, move sequences,
//! NAGs, variations and escape strings (ruling P2).
//!
//! The codec works on the toolkit's one game model: the encoder takes the
//! [`Event`](pgn_replay::Event)s that the [`Walker`](pgn_replay::Walker) yields over a
//! replayed game (or that a replay yields as it reads, [`StreamEncoder`]),
//! and the decoder builds [`ReplayedGame`](pgn_replay::ReplayedGame)s with
//! [`GameBuilder`](pgn_replay::GameBuilder), so that a decoded game exports like
//! the game it was encoded from.
//!
//! ```
//! use pgn_pgc::{Decoded, Decoder, EncodeOptions, encode_game};
//!
//! let pgn = b"[White \"Fischer\"]\n[Black \"Spassky\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 $1 1-0";
//! let (game, source) = pgn_replay::pgn_syntax::read_games(&pgn[..]).next().expect("a game")?;
//! let (replayed, problems) = pgn_replay::replay(&game, &source);
//! assert!(problems.is_empty());
//!
//! let mut bytes = Vec::new();
//! encode_game(&replayed, EncodeOptions::default(), &mut bytes)?;
//! // A variation and a NAG: a general game record (0x05 .. 0x06).
//! assert_eq!((bytes[0], bytes[bytes.len() - 1]), (0x05, 0x06));
//!
//! let items: Vec<Decoded> = Decoder::new(&bytes[..]).collect::<Result<_, _>>()?;
//! let [Decoded::Game(decoded)] = &items[..] else { panic!("one game") };
//! assert_eq!(decoded.movetext, replayed.movetext);
//! assert_eq!(decoded.tag("White"), Some(&b"Fischer"[..]));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules, from the bottom: [`primitive`] (the items of §20.1 to
//! §20.3), [`mod@ordinal`] (§20.2), [`record`] (the markers of §20.4), then
//! the encoder and decoder.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the options and counts of
//!   encoding ([`EncodeOptions`], [`Dropped`]), what decoding gives
//!   ([`Decoded`]: a replayed game, or an escape line), markers and
//!   headers; `Serialize` for the records as read ([`Record`], borrowed:
//!   tag values as text when they are UTF-8, move ordinals as numbers),
//!   [`EncodedGame`] and the errors, which hold the replay's problems.
//!   Readers, encoders and decoders have none. Turns on the `serde`
//!   feature of the crates below.

mod decode;
mod encode;
mod error;
pub mod ordinal;
pub mod parallel;
pub mod primitive;
pub mod record;
#[cfg(feature = "serde")]
mod serde_impls;
mod stream;

pub use decode::{Decoded, Decoder, GameDecoder, decode_all};
pub use encode::{Dropped, EncodeOptions, GameEncoder, encode, encode_game};
pub use error::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind};
pub use ordinal::{move_at, ordinal};
pub use record::{Marker, ReadError, Record, RecordReader};
pub use stream::{EncodedGame, StreamEncoder};

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
