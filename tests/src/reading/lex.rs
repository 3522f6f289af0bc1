//! The lexer's view of a fixture: its token stream rendered one token per
//! line, the verdict that decides whether a fixture belongs in `ok/` or
//! `err/`, and lexing in small windows to compare with lexing the whole.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::Path;

use pgn_lex::{Lexer, Step, Token, TokenFlags, TokenKind, tokens};

use crate::snapshot::quote;

/// The longest token text a rendering shows in full (longer texts are cut
/// in the middle).
const TEXT_SHOWN: usize = 72;

/// The rendering of a fixture file: see [`render_tokens`].
///
/// # Errors
///
/// The file cannot be read.
pub fn fixture_report(fixture: &Path) -> io::Result<String> {
    Ok(render_tokens(&fs::read(fixture)?))
}

/// The token stream of `input`, one line per token:
///
/// ```text
/// OFFSET  KIND          "TEXT"  [FLAGS]  value "DECODED"
/// ```
///
/// `TEXT` is the token's bytes as the lexer gives them (the content without
/// delimiters for strings, comments, NAGs and escape lines), shown by
/// [`quote`]; the flags are listed by name; a string with escapes also
/// shows its decoded value. The first line gives the input's length.
pub fn render_tokens(input: &[u8]) -> String {
    let mut out = format!("input: {} bytes\n", input.len());
    for token in tokens(input) {
        render_token(&mut out, &token);
    }
    out.push_str("end of input");
    out
}

fn render_token(out: &mut String, token: &Token<'_>) {
    let kind = format!("{:?}", token.kind);
    let _ = write!(out, "{:>5}  {kind:<13} {}", token.offset, quote(token.text, TEXT_SHOWN));
    if !token.flags.is_empty() {
        let names: Vec<&str> = token.flags.iter_names().map(|(name, _)| name).collect();
        let _ = write!(out, "  [{}]", names.join("|"));
    }
    if token.kind == TokenKind::String && token.flags.contains(TokenFlags::ESCAPED) {
        let _ = write!(out, "  value {}", quote(&token.string_value(), TEXT_SHOWN));
    }
    out.push('\n');
}

/// True if the lexer found nothing irregular: no [`TokenKind::Invalid`]
/// token and no flag but [`TokenFlags::ESCAPED`] (an escape is regular
/// §7 syntax) and [`TokenFlags::AFTER_EMPTY_LINE`] (a fact, no fault).
/// `ok/` fixtures must satisfy this, `err/` fixtures must not.
pub fn lexes_cleanly(input: &[u8]) -> bool {
    let regular = TokenFlags::ESCAPED | TokenFlags::AFTER_EMPTY_LINE;
    tokens(input)
        .all(|token| token.kind != TokenKind::Invalid && (token.flags - regular).is_empty())
}

/// A token with its bytes copied, to compare token streams.
pub type OwnedToken = (TokenKind, Vec<u8>, u64, TokenFlags);

/// The tokens of `input` as a stream reader would get them: the lexer sees
/// windows that grow by `step` bytes at a time and drop what it consumed,
/// as [`pgn_lex::Lexer`] documents.
pub fn tokens_in_windows(input: &[u8], step: usize) -> Vec<OwnedToken> {
    let step = step.max(1);
    let mut lexer = Lexer::new();
    let mut out = Vec::new();
    let (mut start, mut end) = (0, step.min(input.len()));
    loop {
        let eof = end == input.len();
        match lexer.next(&input[start..end], eof) {
            Step::Token(t) => out.push((t.kind, t.text.to_vec(), t.offset, t.flags)),
            Step::End => return out,
            // At the end of input the lexer must not ask for more; if it
            // did, stop rather than loop (the comparison then fails).
            Step::NeedMore if eof => return out,
            Step::NeedMore => {
                let consumed = lexer.consumed();
                lexer.discard(consumed);
                start += consumed;
                end = (end + step).min(input.len());
            }
        }
    }
}

/// The tokens of a complete input, copied.
pub fn tokens_whole(input: &[u8]) -> Vec<OwnedToken> {
    tokens(input).map(|t| (t.kind, t.text.to_vec(), t.offset, t.flags)).collect()
}
