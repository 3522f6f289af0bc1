//! The PGN lexer: sections 4 to 7 of the 1994 PGN standard.
//!
//! It turns bytes into [`Token`]s without copying: each token borrows its
//! bytes from the input and carries its absolute byte offset and
//! [`TokenFlags`] for what was irregular about it (an unterminated string, a
//! line over 255 bytes, a control byte, ...). Readers turn those flags into
//! diagnostics with line and column; the lexer itself never fails and never
//! panics: every byte sequence is some sequence of tokens.
//!
//! What it reads (§4–§7, and what real files hold):
//!
//! - strings with `\"` and `\\` escapes, decoded lazily ([`Token::string_value`]);
//! - integers, symbols, `.`, `*`, `[ ] ( ) < >`, NAGs (`$12`);
//! - brace comments (not nested) and rest-of-line comments;
//! - `%` escape lines, in column 1 only (§6);
//! - suffix annotations (`!`, `?!`, ...) and evaluation glyphs (`+-`, `=`,
//!   `∞`, ...), as separate tokens;
//! - a UTF-8 byte-order mark at the start is skipped; CR LF, lone CR and LF
//!   all end lines; tab and vertical tab are white space; bytes of 128 and
//!   above are kept as they are in strings and comments (UTF-8 or Latin-1).
//!
//! The [`Lexer`] works over a window of a stream and asks for more input
//! when a token may continue past it ([`Step::NeedMore`]); [`tokens`] is the
//! simple iterator over a complete input. Two entry points serve readers
//! that need speed: [`Lexer::next_plain_move`] consumes the integers and
//! periods of move number indications and returns the next plain move, and [`Lexer::next_plain_tag_pair`] reads a whole `[Name "value"]` at
//! once when it needs no escape and raises no flag. Both give the same
//! result as reading token by token (tested on the corpus).
//!
//! # Example
//!
//! ```
//! use pgn_lex::{tokens, TokenKind};
//!
//! let input = br#"[Event "F/S Return \"Match\""] 1. e4 e5?! {a comment} 1-0"#;
//! let toks: Vec<_> = tokens(input).collect();
//! assert_eq!(toks[2].kind, TokenKind::String);
//! assert_eq!(&*toks[2].string_value(), br#"F/S Return "Match""#);
//! assert_eq!(toks[8].kind, TokenKind::Suffix);
//! assert_eq!(toks[8].text, b"?!");
//! assert_eq!(toks[10].text, b"1-0");
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for [`TokenKind`]
//!   (`"brace_comment"`) and [`TokenFlags`] (`"UNTERMINATED | TOO_LONG"`),
//!   and `Serialize` for the borrowed [`Token`] and [`PlainTagPair`],
//!   their bytes as text when they are UTF-8, else as an array of bytes
//!   (the form of `pgn_diag::bytes`, which the crates above use; this crate
//!   depends on none of ours).

mod lexer;
mod token;

pub use lexer::{Lexer, PlainTagPair, Step, Tokens, tokens};
pub use token::{Token, TokenFlags, TokenKind};

/// Writes input bytes as a string when they are UTF-8, else as bytes (an
/// array of numbers in JSON): the form of `pgn_diag::bytes`.
#[cfg(feature = "serde")]
fn serde_text<S: serde::Serializer>(bytes: &&[u8], serializer: S) -> Result<S::Ok, S::Error> {
    match std::str::from_utf8(bytes) {
        Ok(text) if serializer.is_human_readable() => serializer.serialize_str(text),
        _ => serializer.serialize_bytes(bytes),
    }
}

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
