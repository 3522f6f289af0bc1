//! The raw bytes around the lexer's place in the window, for what tokens
//! alone cannot tell: having a token's whole line in the window, finding
//! the `]` that closes a tag pair, words and blanks, moving the lexer on
//! along the line, and empty lines between tag pairs. The tag repairs and
//! the game splitting are built on these.

use std::io::{self, Read};

use pgn_lex::TokenKind;

use super::state::{GameState, Phase};
use super::{Reader, Tok};

impl<R: Read> Reader<R> {
    /// Where a refill may drop bytes up to: `index` (a window index), but
    /// in a tag section not past the game's start, so that the section's
    /// offsets stay in the window for the checks made when it ends (memory
    /// then holds one tag section, never more than one game).
    pub(super) fn keep_from(&self, g: &GameState, index: usize) -> usize {
        if g.phase != Phase::Tags {
            return index;
        }
        let base = self.src.lexer.offset() - self.src.lexer.consumed() as u64;
        index.min(g.start.saturating_sub(base) as usize)
    }

    /// Refills, if needed, so that the window holds the rest of the line
    /// of `tok` (or the input ends first); returns `tok` moved along.
    pub(super) fn with_line(&mut self, g: &GameState, tok: Tok) -> io::Result<Tok> {
        let keep = self.keep_from(g, tok.text.0.saturating_sub(1).min(self.src.lexer.consumed()));
        let mut dropped = 0;
        while !self.src.eof {
            let from = self.src.lexer.consumed();
            let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
            if rest.iter().any(|&b| b == b'\n' || b == b'\r') {
                break;
            }
            dropped += self.src.refill(keep - dropped)?;
        }
        Ok(Tok { text: (tok.text.0 - dropped, tok.text.1 - dropped), ..tok })
    }

    /// Where `tok` starts in the window (its opening delimiter included).
    pub(super) fn token_start(&self, tok: Tok) -> usize {
        let delimited = matches!(
            tok.kind,
            TokenKind::String | TokenKind::BraceComment | TokenKind::LineComment | TokenKind::Nag
        );
        if delimited { tok.text.0.saturating_sub(1) } else { tok.text.0 }
    }

    /// The index of the end of the line that `from` is on (or of the window).
    pub(super) fn line_end(&self, from: usize) -> usize {
        let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
        from + rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len())
    }

    /// The first byte at or after `from` that is not a space or tab.
    pub(super) fn next_non_blank(&self, from: usize) -> usize {
        let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
        from + rest.iter().position(|&b| b != b' ' && b != b'\t').unwrap_or(rest.len())
    }

    /// The end of the word at `from`: up to white space, `"` or `]`.
    pub(super) fn word_end(&self, from: usize) -> usize {
        let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
        let stop = |b: &u8| b.is_ascii_whitespace() || *b == b'"' || *b == b']';
        from + rest.iter().position(stop).unwrap_or(rest.len())
    }

    /// The `]` that closes the pair the bytes at `from` belong to: the first
    /// one on the line followed only by blanks up to the end of the line or
    /// a next `[`; else the last one on the line.
    pub(super) fn close_of_pair(&self, from: usize) -> Option<usize> {
        let end = self.line_end(from);
        let line = self.src.buf.get(from..end).unwrap_or_default();
        let closes = line.iter().enumerate().filter(|&(_, &b)| b == b']').map(|(i, _)| from + i);
        let mut last = None;
        for close in closes {
            let after = self.next_non_blank(close + 1);
            if after >= end || self.src.buf.get(after) == Some(&b'[') {
                return Some(close);
            }
            last = Some(close);
        }
        last
    }

    /// Moves the lexer to the window index `to` (on the current line).
    pub(super) fn skip_to(&mut self, to: usize) {
        let from = self.src.lexer.consumed();
        if to > from {
            let window = &self.src.buf[..self.src.end];
            self.src.lexer.skip(window, to - from);
        }
    }

    /// Skips past the `]` of the pair that `from` is in (or to its line end).
    pub(super) fn skip_past_close(&mut self, from: usize) {
        let to = self.close_of_pair(from).map_or_else(|| self.line_end(from), |c| c + 1);
        self.skip_to(to);
    }

    /// Skips up to and past the first `close` byte on the line from `from`.
    pub(super) fn skip_closing(&mut self, from: usize, close: u8) {
        let end = self.line_end(from);
        let line = self.src.buf.get(from..end).unwrap_or_default();
        if let Some(i) = line.iter().position(|&b| b == close) {
            self.skip_to(from + i + 1);
        }
    }

    /// Whether the bytes between the absolute offsets `from` and `to`
    /// (both in the window, as a tag section is kept there) hold an empty
    /// line: two line ends (CR LF counting once) with nothing but blanks
    /// between them.
    pub(super) fn empty_line_between(&self, from: u64, to: u64) -> bool {
        let base = self.src.lexer.offset() - self.src.lexer.consumed() as u64;
        let (Some(from), Some(to)) = (from.checked_sub(base), to.checked_sub(base)) else {
            return false;
        };
        let bytes = self.src.buf.get(from as usize..to as usize).unwrap_or_default();
        let mut ends = 0;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'\r' | b'\n' => {
                    ends += 1;
                    if ends == 2 {
                        return true;
                    }
                    if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                }
                b' ' | b'\t' | 0x0b => {}
                _ => ends = 0,
            }
            i += 1;
        }
        false
    }
}
