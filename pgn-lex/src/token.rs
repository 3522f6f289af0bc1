//! `Token`: one lexical token of §7, borrowed from the input, with its kind,
//! byte offset and flags for the irregularities the lexer saw in it.

use std::borrow::Cow;

use bitflags::bitflags;

/// The kind of a token (§7), plus the annotation forms real files use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TokenKind {
    /// `"..."`: `text` is the raw content between the quotes, escapes not
    /// yet decoded (see [`Token::string_value`]).
    String,
    /// One or more digits: `12`.
    Integer,
    /// A symbol: a letter or digit, then letters, digits and `_+#=:-`. Real
    /// files' results `1/2-1/2`, `½-½` and Unicode dashes are also read as
    /// symbols (the latter two with [`TokenFlags::NON_ASCII`]).
    Symbol,
    /// `.`
    Period,
    /// `…` (U+2026) as real files use it after a move number (`12…`).
    Ellipsis,
    /// `*`
    Asterisk,
    /// `[`
    LeftBracket,
    /// `]`
    RightBracket,
    /// `(`
    LeftParen,
    /// `)`
    RightParen,
    /// `<` (reserved by §7).
    LeftAngle,
    /// `>` (reserved by §7).
    RightAngle,
    /// `$` and digits: `text` is the digits (possibly none: a lone `$`).
    Nag,
    /// `{...}`: `text` is the content between the braces.
    BraceComment,
    /// `;...` to the end of the line: `text` is what follows the `;`.
    LineComment,
    /// A `%` escape line (§6, `%` in column 1 only): `text` is what follows the `%`.
    Escape,
    /// A run of `!` and `?` right after a move: `!`, `?`, `!!`, `??`, `!?`,
    /// `?!` are the six of §8.2.3.8; other runs are for the parser to reject.
    Suffix,
    /// An evaluation glyph written as text: a run of `+ - = /` (`+-`, `=+`,
    /// `+/-`, ...) and `∞`, `±`, `∓`. `--` is a symbol (the null move).
    Glyph,
    /// Bytes that start no token: control bytes, stray punctuation, bytes
    /// of 128 and above outside strings and comments. One token per run.
    Invalid,
}

bitflags! {
    /// Irregularities of a token that a reader reports as diagnostics.
    ///
    /// With the `serde` feature, the names of the flags set, as `bitflags`
    /// writes them: `"UNTERMINATED | TOO_LONG"`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct TokenFlags: u8 {
        /// A string or brace comment that has no closing delimiter: a
        /// string ends at the end of its line, a comment before the next
        /// tag line or at the end of input.
        const UNTERMINATED = 1;
        /// A string that holds a `\` escape (decoding must copy).
        const ESCAPED = 1 << 1;
        /// A string or symbol longer than the 255 bytes §7 allows.
        const TOO_LONG = 1 << 2;
        /// A control byte inside a string or comment (C0 other than tab
        /// and line ends, and DEL), or a tab inside a string (§4.2).
        const CONTROL = 1 << 3;
        /// The token ends a line's first 255 bytes (§4.3): the line is too
        /// long. Set on one token per long line.
        const LONG_LINE = 1 << 4;
        /// A symbol with non-ASCII characters that real files use in
        /// results and castling (`½`, Unicode dashes).
        const NON_ASCII = 1 << 5;
        /// The token was longer than its reader would hold: its first
        /// bytes were dropped as they came ([`Lexer::drop_partial`]), and
        /// its text is empty. Its kind, start and end are right.
        ///
        /// [`Lexer::drop_partial`]: crate::Lexer::drop_partial
        const DROPPED = 1 << 6;
        /// An empty line (two line ends with only white space between
        /// them) comes between this token and the one before it.
        const AFTER_EMPTY_LINE = 1 << 7;
    }
}

/// A token: its kind, its bytes and where it starts.
///
/// With the `serde` feature it serializes (only: it borrows its bytes),
/// its text as a string when it is UTF-8, else as its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Token<'a> {
    /// What kind of token this is.
    pub kind: TokenKind,
    /// The token's bytes; for strings, comments, NAGs and escape lines the
    /// content without its delimiters (see [`TokenKind`]).
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text"))]
    pub text: &'a [u8],
    /// The absolute byte offset of the token's first byte in the input.
    pub offset: u64,
    /// Irregularities found in the token.
    pub flags: TokenFlags,
}

impl<'a> Token<'a> {
    /// The value of a string token with `\"` and `\\` decoded; borrows when
    /// the string holds no escape. A `\` before any other byte is kept.
    pub fn string_value(&self) -> Cow<'a, [u8]> {
        if !self.flags.contains(TokenFlags::ESCAPED) {
            return Cow::Borrowed(self.text);
        }
        let mut out = Vec::with_capacity(self.text.len());
        let mut bytes = self.text.iter().copied();
        while let Some(b) = bytes.next() {
            if b == b'\\' {
                match bytes.next() {
                    Some(next @ (b'"' | b'\\')) => out.push(next),
                    Some(other) => out.extend_from_slice(&[b'\\', other]),
                    None => out.push(b'\\'),
                }
            } else {
                out.push(b);
            }
        }
        Cow::Owned(out)
    }
}
