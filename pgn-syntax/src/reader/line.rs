//! The raw bytes around the lexer's place in the window, for what tokens
//! alone cannot tell: having a token's whole line in the window, finding
//! the `]` that closes a tag pair, words and blanks, moving the lexer on
//! along the line, and empty lines between tag pairs. The tag repairs and
//! the game splitting are built on these.

use std::io::{self, Read};

use pgn_lex::TokenKind;

use super::state::{GameState, Phase};
use super::{Reader, Tok};

/// How far past a token the tag repairs and the game splitting look along
/// its line, at most. A line of PGN has at most 255 bytes (§4.3); this
/// bound only matters for lines without line ends (a whole file on one
/// line), whose bytes it keeps from being held or searched whole.
pub(super) const LOOKAHEAD: usize = 4096;

/// What is known about the current line past the lexer, kept between
/// tokens so that a long line is searched once.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LineScan {
    /// The absolute offset of a line end found ahead.
    line_end: Option<u64>,
    /// The bytes before this absolute offset (from where the lexer was
    /// then) have been searched and hold no line end.
    searched: u64,
    /// Where the repairs of the current token stop looking (absolute).
    horizon: u64,
    /// For `>` and `]`: the bytes before this absolute offset (from
    /// where the search started) hold none.
    no_close: [u64; 2],
}

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
    /// of `tok` up to the [`LOOKAHEAD`] limit (or the input ends first),
    /// and sets the horizon of the repairs there; returns `tok` moved
    /// along.
    ///
    /// The line end found is remembered, and so is how far a line without
    /// an end has been searched, so that no byte is searched twice however
    /// many tokens a long line holds.
    pub(super) fn with_line(&mut self, g: &GameState, tok: Tok) -> io::Result<Tok> {
        let keep = self.keep_from(g, tok.text.0.saturating_sub(1).min(self.src.lexer.consumed()));
        let from = self.src.base() + self.token_start(tok) as u64;
        let limit = from + LOOKAHEAD as u64;
        let mut dropped = 0;
        let horizon = loop {
            let scan = &mut self.line_scan;
            if let Some(end) = scan.line_end.filter(|&end| end >= from) {
                break end.min(limit);
            }
            let base = self.src.base();
            let window_end = base + self.src.end as u64;
            let search = scan.searched.max(from);
            let upto = window_end.min(limit);
            if search < upto {
                let bytes = self.src.buf.get((search - base) as usize..(upto - base) as usize);
                let found =
                    bytes.unwrap_or_default().iter().position(|&b| b == b'\n' || b == b'\r');
                match found {
                    Some(i) => {
                        scan.line_end = Some(search + i as u64);
                        continue;
                    }
                    None => scan.searched = upto,
                }
            }
            if upto == limit || self.src.eof {
                break upto;
            }
            dropped += self.src.refill(keep - dropped)?;
        };
        self.line_scan.horizon = horizon;
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

    /// The window index of the horizon that [`Reader::with_line`] set:
    /// the end of the line, or of what a repair may look at.
    pub(super) fn horizon(&self) -> usize {
        let at = self.line_scan.horizon.saturating_sub(self.src.base());
        (at as usize).min(self.src.end)
    }

    /// The bytes from `from` up to the horizon.
    fn ahead(&self, from: usize) -> &[u8] {
        self.src.buf.get(from..self.horizon()).unwrap_or_default()
    }

    /// The first byte at or after `from` that is not a space or tab (or
    /// the horizon).
    pub(super) fn next_non_blank(&self, from: usize) -> usize {
        let rest = self.ahead(from);
        from + rest.iter().position(|&b| b != b' ' && b != b'\t').unwrap_or(rest.len())
    }

    /// The end of the word at `from`: up to white space, `"` or `]` (or
    /// the horizon).
    pub(super) fn word_end(&self, from: usize) -> usize {
        let rest = self.ahead(from);
        let stop = |b: &u8| b.is_ascii_whitespace() || *b == b'"' || *b == b']';
        from + rest.iter().position(stop).unwrap_or(rest.len())
    }

    /// The `]` that closes the pair the bytes at `from` belong to: the
    /// first one followed only by blanks up to the end of the line or a
    /// next `[`, else the last one; looked for up to the horizon or the
    /// start of a next tag pair (`[` and a letter), whichever comes first.
    /// `Err` gives where the pair's bytes end when there is no `]`.
    ///
    /// It reads no further than the answer needs, so a line of many pairs
    /// is not read again for each of them.
    pub(super) fn close_of_pair(&self, from: usize) -> Result<usize, usize> {
        let rest = self.ahead(from);
        let mut last = None;
        let mut i = 0;
        while let Some(&b) = rest.get(i) {
            match b {
                b']' => {
                    let after = from + i + 1;
                    let next = self.next_non_blank(after);
                    if next >= self.horizon() || self.src.buf.get(next) == Some(&b'[') {
                        return Ok(from + i);
                    }
                    last = Some(from + i);
                }
                b'[' if starts_pair(&rest[i + 1..]) => break,
                _ => {}
            }
            i += 1;
        }
        last.ok_or(from + i)
    }

    /// Moves the lexer to the window index `to` (on the current line).
    pub(super) fn skip_to(&mut self, to: usize) {
        let from = self.src.lexer.consumed();
        if to > from {
            let window = &self.src.buf[..self.src.end];
            self.src.lexer.skip(window, to - from);
        }
    }

    /// Skips past the `]` of the pair that `from` is in (or to where its
    /// bytes end).
    pub(super) fn skip_past_close(&mut self, from: usize) {
        let to = self.close_of_pair(from).map_or_else(|end| end, |close| close + 1);
        self.skip_to(to);
    }

    /// Skips up to and past the first `close` byte (`>` or `]`) from
    /// `from` up to the horizon; without one, skips nothing. A search
    /// that failed is remembered, so that many openings on one long line
    /// do not search the same bytes again.
    pub(super) fn skip_closing(&mut self, from: usize, close: u8) {
        let base = self.src.base();
        let slot = usize::from(close == b']');
        let searched = self.line_scan.no_close[slot];
        let start = from.max(searched.saturating_sub(base) as usize);
        let rest = self.ahead(start);
        match rest.iter().position(|&b| b == close) {
            Some(i) => self.skip_to(start + i + 1),
            None => self.line_scan.no_close[slot] = base + (start + rest.len()) as u64,
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

/// Whether the bytes after a `[` start a tag pair: blanks, then a letter.
fn starts_pair(after: &[u8]) -> bool {
    let name = after.iter().position(|&b| b != b' ' && b != b'\t');
    name.and_then(|i| after.get(i)).is_some_and(u8::is_ascii_alphabetic)
}
