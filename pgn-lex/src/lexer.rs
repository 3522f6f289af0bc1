//! The lexer: a cursor over a window of the input that yields one token at
//! a time, or asks for more input when a token may run past the window.
//!
//! The input may arrive in pieces (a stream read into a buffer). The caller
//! passes the window it has and whether it is the end of the input; a token
//! that touches the end of a window that is not the end of input is not
//! returned: [`Step::NeedMore`] tells the caller to refill and call again.
//! Offsets are absolute (from the start of the whole input), so they stay
//! valid when the caller drops consumed bytes ([`Lexer::discard`]).
//!
//! The lexer tracks only where the current line starts, to flag lines
//! longer than §4.3 allows; line and column numbers are computed by readers
//! when they report a diagnostic, not per byte here.

use crate::token::{Token, TokenFlags, TokenKind};

mod plain_run;

/// What one call of [`Lexer::next`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// The next token.
    Token(Token<'a>),
    /// The window ends inside (or right before) a token and more input may
    /// follow: refill and call again with the same unconsumed bytes.
    NeedMore,
    /// The end of input.
    End,
}

/// The UTF-8 byte-order mark, skipped at the start of input.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// The longest line §4.3 allows, newline included.
const MAX_LINE: u64 = 255;
/// The longest string or symbol §7 allows.
const MAX_TOKEN: usize = 255;

const WS: u8 = 1;
const NEWLINE: u8 = 2;
const SYMBOL: u8 = 4;
const DIGIT: u8 = 8;
const CONTROL: u8 = 16;
/// Bytes that end the fast scan of a string: quote, backslash, line ends,
/// and the non-printing bytes §7 forbids in strings (tab included).
const STRING_STOP: u8 = 32;
/// Bytes after which a symbol or integer certainly ends with nothing more
/// to decide: white space and the self-delimiting tokens that cannot
/// continue it (not `.` `/`, not bytes of 128 and above).
const PLAIN_END: u8 = 64;
/// ASCII letters.
const LETTER: u8 = 128;

/// Tag name bytes (§8.1): letters, digits, `_`.
static NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// Byte classes: one table lookup per byte on the hot paths.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = match c {
            b' ' | b'\t' | 0x0b => WS,
            b'\n' | b'\r' => WS | NEWLINE,
            b'0'..=b'9' => SYMBOL | DIGIT,
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'+' | b'#' | b'=' | b':' | b'-' => SYMBOL,
            0..=0x1f | 0x7f => CONTROL,
            _ => 0,
        };
        if matches!(c, b'"' | b'\\' | 0..=0x1f | 0x7f) {
            t[b] |= STRING_STOP;
        }
        if matches!(
            c,
            b' ' | b'\t'
                | b'\n'
                | b'\r'
                | b'('
                | b')'
                | b'{'
                | b'}'
                | b'$'
                | b';'
                | b'['
                | b']'
                | b'*'
        ) {
            t[b] |= PLAIN_END;
        }
        if c.is_ascii_alphabetic() {
            t[b] |= LETTER;
        }
        b += 1;
    }
    t
};

#[inline(always)]
fn class(b: u8) -> u8 {
    CLASS[b as usize]
}

/// The first position from `i` on whose byte ends the fast scan of a
/// string (see `STRING_STOP`), or `buf.len()`.
///
/// Eight bytes at a time: tag values (names, places, dates) are mostly
/// longer than a byte loop predicts well. Each test below marks the lowest
/// matching byte of the word exactly (borrows only run upwards, so marks
/// above it may be false), hence so does their union.
#[inline(always)]
fn string_stop(buf: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let zero_byte = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    while let Some(chunk) = buf.get(i..).and_then(|rest| rest.first_chunk::<8>()) {
        let w = u64::from_le_bytes(*chunk);
        let stops = zero_byte(w ^ (ONES * u64::from(b'"')))
            | zero_byte(w ^ (ONES * u64::from(b'\\')))
            | zero_byte(w ^ (ONES * 0x7f))
            // Bytes below 0x20: subtracting 0x20 borrows into the top bit.
            | (w.wrapping_sub(ONES * 0x20) & !w & HIGHS);
        if stops != 0 {
            return i + (stops.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while buf.get(i).is_some_and(|&b| class(b) & STRING_STOP == 0) {
        i += 1;
    }
    i
}

/// A scanned token: its kind, the content range, its end and its flags.
struct Scan {
    kind: TokenKind,
    text: (usize, usize),
    end: usize,
    flags: TokenFlags,
}

impl Scan {
    fn whole(kind: TokenKind, start: usize, end: usize) -> Scan {
        Scan { kind, text: (start, end), end, flags: TokenFlags::empty() }
    }
}

/// The result of a scanner: `None` means the token may continue past the window.
type Scanned = Option<Scan>;

/// Multi-byte characters the lexer knows outside strings and comments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wide {
    /// `½`, and the Unicode dashes U+2010..U+2015 and U+2212: symbol characters.
    Symbol,
    /// `…`
    Ellipsis,
    /// `∞`, `±`, `∓`, `⩱`, `⩲`
    Glyph,
    /// A byte-order mark after the start, or a zero-width space: invisible,
    /// an invalid token of its own that glues to nothing.
    Invisible,
}

/// Classifies the multi-byte character at `i`: `Some(None)` if it is none
/// of ours, `None` if the window ends before it can be told.
#[inline]
fn wide(buf: &[u8], i: usize, eof: bool) -> Option<Option<(Wide, usize)>> {
    let rest = buf.get(i..).unwrap_or_default();
    let need = match rest.first() {
        Some(0xc2) => 2,
        Some(0xe2 | 0xef) => 3,
        _ => return Some(None),
    };
    if rest.len() < need {
        return if eof { Some(None) } else { None };
    }
    Some(match rest[..need] {
        [0xc2, 0xbd] => Some((Wide::Symbol, 2)),
        [0xc2, 0xb1] => Some((Wide::Glyph, 2)),
        [0xe2, 0x80, 0x90..=0x95] | [0xe2, 0x88, 0x92] => Some((Wide::Symbol, 3)),
        [0xe2, 0x80, 0xa6] => Some((Wide::Ellipsis, 3)),
        [0xef, 0xbb, 0xbf] | [0xe2, 0x80, 0x8b] => Some((Wide::Invisible, 3)),
        [0xe2, 0x88, 0x9e] | [0xe2, 0x88, 0x93] | [0xe2, 0xa9, 0xb1 | 0xb2] => {
            Some((Wide::Glyph, 3))
        }
        _ => None,
    })
}

/// A position in the input and the line it is on.
#[derive(Clone, Debug)]
pub struct Lexer {
    /// Absolute offset of `buf[0]`.
    base: u64,
    /// Position in the current window.
    pos: usize,
    /// Absolute offset of the first byte of the current line.
    line_start: u64,
    /// A token that ends at or after this absolute offset makes the current
    /// line too long; `u64::MAX` once the line has been flagged.
    line_limit: u64,
    /// Line ends counted in the white space before the next token (up
    /// to 2: an empty line), and the absolute offset the count got to.
    ws_ends: u8,
    ws_at: u64,
    /// How far the scan of an unfinished token got, so that after a
    /// refill it goes on from there instead of from the token's start.
    partial: Option<Partial>,
    /// The unfinished token's bytes are being dropped ([`Lexer::drop_partial`]):
    /// the window no longer starts with it, so the fast paths, which read
    /// tokens from their first byte, stay off.
    dropping: bool,
    /// The absolute offset of the last token the general path scanned, and
    /// `line_start` and `line_limit` before its scan (which may flag the
    /// line as too long, or pass line ends in a comment): what
    /// [`Lexer::unread`] puts back, so that a token read again is read as
    /// it was the first time.
    before: (u64, u64, u64),
}

/// The scan of a token that ran into the end of the window.
#[derive(Clone, Copy, Debug)]
struct Partial {
    /// The absolute offset of the token's first byte.
    start: u64,
    /// The absolute offset to scan on from.
    at: u64,
    scanner: Scanner,
    flags: TokenFlags,
    /// Symbols: every byte so far is a digit.
    digits: bool,
    /// Brace comments: where the line at `at` starts, and its limit.
    line_start: u64,
    line_limit: u64,
}

/// Which scanner a token is read by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scanner {
    /// Not chosen yet: the window ended inside the token's first character.
    Undecided,
    Symbol {
        numeric: bool,
    },
    Invalid,
    String,
    Brace,
    ToLineEnd(TokenKind),
    Nag,
    Suffix,
    Glyph,
}

/// How many bytes before the place a scan goes on from stay in the window
/// while a token is dropped: the scanners look back one byte.
const LOOK_BACK: usize = 4;

impl Default for Lexer {
    fn default() -> Lexer {
        Lexer::new()
    }
}

impl Lexer {
    /// A lexer at the start of the input.
    pub const fn new() -> Lexer {
        Lexer {
            base: 0,
            pos: 0,
            line_start: 0,
            line_limit: MAX_LINE,
            partial: None,
            dropping: false,
            ws_ends: 0,
            ws_at: u64::MAX,
            before: (u64::MAX, 0, MAX_LINE),
        }
    }

    /// The absolute offset of the next unread byte.
    #[inline]
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// How many bytes of the current window have been consumed; the caller
    /// may drop up to that many.
    #[inline]
    pub fn consumed(&self) -> usize {
        self.pos
    }

    /// The caller dropped the first `n` bytes of its window (`n` at most
    /// [`Lexer::consumed`]); later windows start after them.
    #[inline]
    pub fn discard(&mut self, n: usize) {
        let n = n.min(self.pos);
        self.base += n as u64;
        self.pos -= n;
    }

    /// Skips `n` bytes of the window without lexing them (the caller has
    /// decided they are not PGN, for example the rest of a skipped game).
    pub fn skip(&mut self, buf: &[u8], n: usize) {
        let end = (self.pos + n).min(buf.len());
        if let Some(nl) = buf[self.pos..end].iter().rposition(|&b| class(b) & NEWLINE != 0) {
            self.new_line(self.base + (self.pos + nl + 1) as u64);
        }
        self.pos = end;
    }

    /// Takes the next byte as the start of a line, wherever it is: for a
    /// caller that skipped bytes that were no text ([`Lexer::skip`] over
    /// binary data), which make no line too long and keep no `%` from
    /// starting an escape line.
    pub fn start_line(&mut self) {
        self.new_line(self.offset());
    }

    /// Steps back to the absolute offset `offset` (the start of the token
    /// just returned, which must still be in the window), so that the
    /// next call returns that token again: a caller that saw where one
    /// thing ends hands the token to the next. The white space before it
    /// is not read again (nor flagged again); the token is, as it was the
    /// first time (a line it made too long is flagged again).
    pub fn unread(&mut self, offset: u64) {
        let at = offset.saturating_sub(self.base) as usize;
        self.pos = at.min(self.pos);
        let (start, line_start, line_limit) = self.before;
        if start == offset {
            self.line_start = line_start;
            self.line_limit = line_limit;
        }
    }

    /// A line starts at the absolute offset `at`.
    #[inline(always)]
    fn new_line(&mut self, at: u64) {
        self.line_start = at;
        self.line_limit = at + MAX_LINE;
    }

    /// Passes the line end byte at `buf[i]`: a new line starts after it.
    #[inline(always)]
    fn pass_line_end(&mut self, i: usize) {
        self.new_line(self.base + i as u64 + 1);
    }

    /// The absolute offset where the line of the last token starts.
    #[inline]
    pub fn line_start(&self) -> u64 {
        self.line_start
    }

    /// The length so far of the token the last [`Step::NeedMore`] stopped
    /// in (bytes from its start to the end of the window then), or 0.
    pub fn partial_len(&self) -> u64 {
        self.partial
            .filter(|p| p.start == self.offset() || self.dropping)
            .map_or(0, |p| p.at - p.start)
    }

    /// Gives up the bytes of the unfinished token that the last
    /// [`Step::NeedMore`] stopped in: [`Lexer::consumed`] then moves up to
    /// where its scan got, so that the caller may drop them, and the
    /// token, when its end comes, has the flag [`TokenFlags::DROPPED`] and
    /// an empty text. Its kind, start and end stay right: the scan goes on
    /// exactly as if the token were whole. Returns false if no token was
    /// unfinished.
    pub fn drop_partial(&mut self) -> bool {
        let pending = |p: &Partial| p.start == self.offset() || self.dropping;
        let Some(p) = self.partial.filter(|p| pending(p) && p.scanner != Scanner::Undecided) else {
            return false;
        };
        self.dropping = true;
        let keep_from = (p.at - self.base) as usize;
        self.pos = self.pos.max(keep_from.saturating_sub(LOOK_BACK));
        true
    }

    /// The next token of `buf` (the window starting at the absolute offset
    /// this lexer expects); `eof` tells whether the input ends with `buf`.
    #[inline(always)]
    pub fn next<'a>(&mut self, buf: &'a [u8], eof: bool) -> Step<'a> {
        if !self.dropping
            && self.ws_ends == 0
            && let Some(step) = self.next_plain(buf)
        {
            return step;
        }
        self.next_general(buf, eof)
    }

    /// True if the next byte but spaces is a `{`: whether
    /// [`Lexer::next_plain_comment`] is worth a call.
    #[inline(always)]
    pub fn at_brace(&self, buf: &[u8]) -> bool {
        match buf.get(self.pos) {
            Some(b'{') => true,
            Some(b' ') => buf.get(self.pos + 1) == Some(&b'{'),
            _ => false,
        }
    }

    /// The fast path's brace comment, after a move: spaces, then a `{`
    /// whose `}` comes on the same line, inside the window and the line
    /// limit, with no control byte between (lichess's `{ [%clk 0:03:00] }`
    /// after every move). Returns the offset of the `{` in the window and
    /// the text between the braces, as [`Lexer::next`] would give the
    /// token (a test checks this on the corpus); `None`, having consumed
    /// nothing, at anything else.
    #[inline(never)]
    pub fn next_plain_comment<'a>(&mut self, buf: &'a [u8]) -> Option<(usize, &'a [u8])> {
        if self.dropping || self.ws_ends != 0 {
            return None;
        }
        let mut open = self.pos;
        while buf.get(open) == Some(&b' ') {
            open += 1;
        }
        if buf.get(open) != Some(&b'{') {
            return None;
        }
        let mut close = skip_comment_text(buf, open + 1);
        // What `skip_comment_text` leaves (the last bytes of the window),
        // byte by byte: anything but `}`, line ends and control bytes.
        while buf.get(close).is_some_and(|&b| b != b'}' && (b >= b' ' && b != 0x7f || b == b'\t')) {
            close += 1;
        }
        let limit = self.line_limit.saturating_sub(self.base);
        if buf.get(close) != Some(&b'}') || close as u64 + 1 >= limit {
            return None;
        }
        self.pos = close + 1;
        Some((open, &buf[open + 1..close]))
    }

    /// The fast path of a movetext reader: consumes the white space,
    /// integers and periods of move number indications (§8.2.2) and returns
    /// the next move, a symbol that starts with a letter and ends on a
    /// plain boundary (see `PLAIN_END`, which excludes a following suffix
    /// annotation) inside the window and the line limit. The symbol `ep`
    /// is left to the general path, which a reader needs to tell it from a
    /// move.
    ///
    /// Returns `None`, having consumed only what it skipped, at anything
    /// else: the caller then reads the next token with [`Lexer::next`],
    /// which gives the tokens this method would have skipped or returned
    /// (a test checks this on the corpus).
    #[inline(always)]
    pub fn next_plain_move<'a>(&mut self, buf: &'a [u8]) -> Option<&'a [u8]> {
        // Dropping a token, or white space with a line end counted by the
        // general path: the general path goes on.
        if self.dropping || self.ws_ends != 0 {
            return None;
        }
        let mut pos = self.pos;
        // The line limit in window coordinates, updated at each line end.
        let mut limit = self.line_limit.saturating_sub(self.base);
        let mut ends = 0;
        loop {
            let b = *buf.get(pos)?;
            let c = class(b);
            if c & WS != 0 {
                if c & NEWLINE != 0 {
                    // After an empty line the general path flags the token.
                    ends += ends_line(buf, pos)?;
                    if ends >= 2 {
                        return None;
                    }
                    self.pass_line_end(pos);
                    limit = self.line_limit.saturating_sub(self.base);
                }
                pos += 1;
                continue;
            }
            ends = 0;
            self.pos = pos;
            let start = pos;
            if c & LETTER != 0 {
                pos += 1;
                // Two bytes a turn: a move's run ends at fewer branches,
                // which cost more than the extra work when mispredicted.
                loop {
                    let pair = buf.get(pos..pos + 2)?;
                    let (a, b) = (class(pair[0]), class(pair[1]));
                    if a & b & SYMBOL != 0 {
                        pos += 2;
                        continue;
                    }
                    pos += usize::from(a & SYMBOL != 0);
                    break;
                }
                let ends_plain = class(*buf.get(pos)?) & PLAIN_END != 0;
                if !ends_plain || pos as u64 >= limit || pos - start > MAX_TOKEN {
                    return None;
                }
                let text = buf.get(start..pos)?;
                if text == b"ep" {
                    return None;
                }
                self.pos = pos;
                return Some(text);
            }
            if c & DIGIT != 0 {
                pos += 1;
                while class(*buf.get(pos)?) & DIGIT != 0 {
                    pos += 1;
                }
                let next = *buf.get(pos)?;
                if !(next == b'.' || class(next) & PLAIN_END != 0)
                    || pos as u64 >= limit
                    || pos - start > MAX_TOKEN
                {
                    return None;
                }
                // The periods of the indication, without another turn of
                // the loop.
                self.pos = pos;
                while buf.get(pos) == Some(&b'.') {
                    pos += 1;
                    if pos as u64 >= limit {
                        return None;
                    }
                    self.pos = pos;
                }
                continue;
            } else if b == b'.' {
                pos += 1;
                if pos as u64 >= limit {
                    return None;
                }
            } else {
                return None;
            }
            self.pos = pos;
        }
    }

    /// The fast path for the tokens most of a movetext is made of: a
    /// symbol that starts with a letter, an integer, a period, each ending
    /// on a plain boundary (see `PLAIN_END`) inside the window and inside
    /// the line limit. Anything else, or anything that needs
    /// a closer look, is left to [`Lexer::next_general`] (which gives the
    /// same tokens: a test checks this on the corpus), with `self.pos` after
    /// what was consumed.
    #[inline(always)]
    fn next_plain<'a>(&mut self, buf: &'a [u8]) -> Option<Step<'a>> {
        let mut pos = self.pos;
        let mut ends = 0;
        let first = loop {
            let b = *buf.get(pos)?;
            let c = class(b);
            if c & WS == 0 {
                break b;
            }
            if c & NEWLINE != 0 {
                // After an empty line the general path flags the token.
                ends += ends_line(buf, pos)?;
                if ends >= 2 {
                    return None;
                }
                self.pass_line_end(pos);
            }
            pos += 1;
        };
        self.pos = pos;
        let start = pos;
        let c = class(first);
        let kind = if c & (LETTER | DIGIT) != 0 {
            let mut i = start + 1;
            // The AND of the classes keeps DIGIT only if every byte is one.
            let mut all = c;
            while let Some(&b) = buf.get(i) {
                let cb = class(b);
                if cb & SYMBOL == 0 {
                    break;
                }
                all &= cb;
                i += 1;
            }
            let integer = all & DIGIT != 0;
            let next = *buf.get(i)?;
            let ends_plain = class(next) & PLAIN_END != 0 || (integer && next == b'.');
            if !ends_plain || i - start > MAX_TOKEN {
                return None;
            }
            pos = i;
            if integer { TokenKind::Integer } else { TokenKind::Symbol }
        } else if first == b'.' {
            pos = start + 1;
            TokenKind::Period
        } else {
            return None;
        };
        if self.base + pos as u64 >= self.line_limit {
            return None;
        }
        self.pos = pos;
        Some(Step::Token(Token {
            kind,
            text: buf.get(start..pos).unwrap_or_default(),
            offset: self.base + start as u64,
            flags: TokenFlags::empty(),
        }))
    }

    /// A whole tag pair written the plain way, `[Name "value"]` (spaces
    /// allowed between the tokens), whose value has no escape, no control
    /// byte and at most 255 bytes, all on a line within the limit: the four
    /// tokens of the pair, read at once. Returns `None`, having consumed no
    /// more than white space, for anything else (the caller then reads
    /// tokens one at a time with [`Lexer::next`], which reports what is
    /// irregular).
    #[inline]
    pub fn next_plain_tag_pair<'a>(&mut self, buf: &'a [u8]) -> Option<PlainTagPair<'a>> {
        if self.dropping {
            return None;
        }
        let mut pos = self.pos;
        loop {
            let c = class(*buf.get(pos)?);
            if c & WS == 0 {
                break;
            }
            if c & NEWLINE != 0 {
                self.pass_line_end(pos);
            }
            pos += 1;
        }
        self.pos = pos;
        let start = pos;
        if buf.get(pos) != Some(&b'[') {
            return None;
        }
        pos += 1;
        let skip_spaces = |mut i: usize| {
            while buf.get(i) == Some(&b' ') {
                i += 1;
            }
            i
        };
        pos = skip_spaces(pos);
        let name_start = pos;
        if class(*buf.get(pos)?) & LETTER == 0 {
            return None;
        }
        while buf.get(pos).is_some_and(|&b| NAME[b as usize]) {
            pos += 1;
        }
        let name_end = pos;
        pos = skip_spaces(pos);
        if pos == name_end || buf.get(pos) != Some(&b'"') || name_end - name_start > MAX_TOKEN {
            return None;
        }
        pos += 1;
        let value_start = pos;
        pos = string_stop(buf, pos);
        let value_end = pos;
        if buf.get(pos) != Some(&b'"') || value_end - value_start > MAX_TOKEN {
            return None;
        }
        pos = skip_spaces(pos + 1);
        if buf.get(pos) != Some(&b']') {
            return None;
        }
        pos += 1;
        if self.base + pos as u64 >= self.line_limit {
            return None;
        }
        self.pos = pos;
        Some(PlainTagPair {
            name: &buf[name_start..name_end],
            value: &buf[value_start..value_end],
            offset: self.base + start as u64,
        })
    }

    /// The general path of [`Lexer::next`]: every token kind and flag.
    #[inline(always)]
    fn next_general<'a>(&mut self, buf: &'a [u8], eof: bool) -> Step<'a> {
        if self.dropping {
            return self.next_dropped(buf, eof);
        }
        if self.offset() != self.ws_at {
            self.ws_ends = 0;
        }
        let (start, mut scan) = loop {
            // White space; line ends move the line start, and two of them
            // (an empty line) flag the next token.
            loop {
                let Some(&b) = buf.get(self.pos) else {
                    self.ws_at = self.offset();
                    return if eof { Step::End } else { Step::NeedMore };
                };
                let c = class(b);
                if c & WS == 0 {
                    break;
                }
                if c & NEWLINE != 0 {
                    let Some(end) = ends_line(buf, self.pos).or(eof.then_some(1)) else {
                        // A CR at the end of the window: is a LF next?
                        self.ws_at = self.offset();
                        return Step::NeedMore;
                    };
                    self.ws_ends = (self.ws_ends + end).min(2);
                    self.pass_line_end(self.pos);
                }
                self.pos += 1;
            }
            let start = self.pos;
            let offset = self.base + start as u64;
            // A token scanned on after a refill keeps what was before it.
            if self.before.0 != offset {
                self.before = (offset, self.line_start, self.line_limit);
            }
            let resume = self.partial.take().filter(|p| p.start == offset);
            let scan = match resume {
                Some(mut p) => self.go_on(buf, eof, &mut p).ok_or(p),
                None => self.scan(buf, start, eof),
            };
            let scan = match scan {
                Ok(scan) => scan,
                Err(p) => {
                    self.partial = Some(p);
                    // The count of line ends before the token still holds.
                    self.ws_at = self.offset();
                    return Step::NeedMore;
                }
            };
            if scan.end > start {
                break (start, scan);
            }
            // The byte-order mark at the start of input: skipped, not a token.
            self.pos = start + BOM.len();
            self.new_line(BOM.len() as u64);
        };
        self.pos = scan.end;
        let end = self.base + scan.end as u64;
        if end >= self.line_limit {
            self.line_limit = u64::MAX;
            scan.flags |= TokenFlags::LONG_LINE;
        }
        if self.ws_ends >= 2 {
            scan.flags |= TokenFlags::AFTER_EMPTY_LINE;
        }
        self.ws_ends = 0;
        Step::Token(Token {
            kind: scan.kind,
            text: buf.get(scan.text.0..scan.text.1).unwrap_or_default(),
            offset: self.base + start as u64,
            flags: scan.flags,
        })
    }

    /// The rest of a token whose first bytes were dropped
    /// ([`Lexer::drop_partial`]): scanned on from where it stopped, and
    /// returned with an empty text and the flag [`TokenFlags::DROPPED`].
    #[cold]
    fn next_dropped<'a>(&mut self, buf: &'a [u8], eof: bool) -> Step<'a> {
        let Some(mut p) = self.partial.take() else {
            self.dropping = false;
            return self.next_general(buf, eof);
        };
        let Some(scan) = self.go_on(buf, eof, &mut p) else {
            self.partial = Some(p);
            // All but the look-back may go.
            let at = (p.at - self.base) as usize;
            self.pos = self.pos.max(at.saturating_sub(LOOK_BACK));
            return Step::NeedMore;
        };
        self.dropping = false;
        self.ws_ends = 0;
        self.pos = scan.end;
        let end = self.base + scan.end as u64;
        let mut flags = scan.flags | TokenFlags::DROPPED;
        if end >= self.line_limit {
            self.line_limit = u64::MAX;
            flags |= TokenFlags::LONG_LINE;
        }
        let text = buf.get(scan.end..scan.end).unwrap_or_default();
        Step::Token(Token { kind: scan.kind, text, offset: p.start, flags })
    }

    /// Goes on with the scan of an unfinished token from where it stopped;
    /// `None` (with `p` moved along) if the window ends again first.
    fn go_on(&mut self, buf: &[u8], eof: bool, p: &mut Partial) -> Option<Scan> {
        let at = (p.at - self.base) as usize;
        // The token's first byte, if it is still in the window.
        let start = p.start.checked_sub(self.base).map(|s| s as usize);
        match p.scanner {
            Scanner::Undecided => self.scan_fresh(buf, at, eof, p),
            Scanner::Symbol { .. } => scan_symbol(buf, at, eof, self.base, p),
            Scanner::Invalid => scan_invalid(buf, at, eof, self.base, p),
            Scanner::String => scan_string(buf, at, eof, self.base, p),
            Scanner::Brace => self.scan_brace_comment(buf, at, eof, p),
            Scanner::ToLineEnd(kind) => {
                let end = run_on(buf, at, eof, self.base, p, |b| b != b'\n' && b != b'\r')?;
                let text = (start.map_or(end, |s| s + 1), end);
                Some(Scan { kind, text, end, flags: TokenFlags::empty() })
            }
            Scanner::Nag => {
                let end = run_on(buf, at, eof, self.base, p, |b| b.is_ascii_digit())?;
                let text = (start.map_or(end, |s| s + 1), end);
                Some(Scan { kind: TokenKind::Nag, text, end, flags: TokenFlags::empty() })
            }
            Scanner::Suffix => {
                let end = run_on(buf, at, eof, self.base, p, |b| b == b'!' || b == b'?')?;
                Some(Scan::whole(TokenKind::Suffix, start.unwrap_or(end), end))
            }
            Scanner::Glyph => scan_glyph(buf, at, eof, self.base, p),
        }
    }

    /// A fresh scan state for the token at `start` (a window index).
    fn partial(&self, start: usize, scanner: Scanner) -> Partial {
        let at = self.base + start as u64;
        Partial {
            start: at,
            at,
            scanner,
            flags: TokenFlags::empty(),
            digits: matches!(scanner, Scanner::Symbol { numeric: true }),
            line_start: self.line_start,
            line_limit: self.line_limit,
        }
    }

    /// Scans the token that starts at `start` (not white space); `Err`
    /// holds how far it got when the window ends first.
    #[inline(always)]
    fn scan(&mut self, buf: &[u8], start: usize, eof: bool) -> Result<Scan, Partial> {
        let mut p = self.partial(start, Scanner::Undecided);
        let scanned = self.scan_fresh(buf, start, eof, &mut p);
        scanned.ok_or(p)
    }

    /// [`Lexer::scan`] with the state to fill in when the window ends.
    #[inline(always)]
    fn scan_fresh(&mut self, buf: &[u8], start: usize, eof: bool, p: &mut Partial) -> Scanned {
        let one = |kind| Some(Scan::whole(kind, start, start + 1));
        let base = self.base;
        // Sets the scanner and the place its scan starts at.
        let from = |scanner: Scanner, at: usize, p: &mut Partial| {
            p.scanner = scanner;
            p.digits = matches!(scanner, Scanner::Symbol { numeric: true });
            p.at = base + at as u64;
            at
        };
        match buf.get(start).copied().unwrap_or_default() {
            b'a'..=b'z' | b'A'..=b'Z' => {
                let at = from(Scanner::Symbol { numeric: false }, start, p);
                scan_symbol(buf, at, eof, base, p)
            }
            b'0'..=b'9' => {
                let at = from(Scanner::Symbol { numeric: true }, start, p);
                scan_symbol(buf, at, eof, base, p)
            }
            b'.' => one(TokenKind::Period),
            b'*' => one(TokenKind::Asterisk),
            b'[' => one(TokenKind::LeftBracket),
            b']' => one(TokenKind::RightBracket),
            b'(' => one(TokenKind::LeftParen),
            b')' => one(TokenKind::RightParen),
            b'<' => one(TokenKind::LeftAngle),
            b'>' => one(TokenKind::RightAngle),
            b'"' => {
                let at = from(Scanner::String, start + 1, p);
                scan_string(buf, at, eof, base, p)
            }
            b'{' => {
                let at = from(Scanner::Brace, start + 1, p);
                self.scan_brace_comment(buf, at, eof, p)
            }
            b';' => {
                from(Scanner::ToLineEnd(TokenKind::LineComment), start + 1, p);
                self.go_on(buf, eof, p)
            }
            b'%' if self.base + start as u64 == self.line_start => {
                from(Scanner::ToLineEnd(TokenKind::Escape), start + 1, p);
                self.go_on(buf, eof, p)
            }
            b'$' => {
                from(Scanner::Nag, start + 1, p);
                self.go_on(buf, eof, p)
            }
            b'!' | b'?' => {
                from(Scanner::Suffix, start, p);
                self.go_on(buf, eof, p)
            }
            b'+' | b'-' | b'=' => {
                let at = from(Scanner::Glyph, start, p);
                scan_glyph(buf, at, eof, base, p)
            }
            0xef if self.base == 0 && start == 0 => {
                if buf.len() < BOM.len() && !eof {
                    return None;
                }
                if buf.starts_with(BOM) {
                    // An empty invalid token: `next` skips the mark.
                    return Some(Scan::whole(TokenKind::Invalid, start, start));
                }
                let at = from(Scanner::Invalid, start, p);
                scan_invalid(buf, at, eof, base, p)
            }
            0x80.. => match wide(buf, start, eof)? {
                Some((Wide::Symbol, _)) => {
                    let at = from(Scanner::Symbol { numeric: false }, start, p);
                    scan_symbol(buf, at, eof, base, p)
                }
                Some((Wide::Ellipsis, n)) => {
                    Some(Scan::whole(TokenKind::Ellipsis, start, start + n))
                }
                Some((Wide::Glyph, _)) => {
                    let at = from(Scanner::Glyph, start, p);
                    scan_glyph(buf, at, eof, base, p)
                }
                Some((Wide::Invisible, n)) => {
                    Some(Scan::whole(TokenKind::Invalid, start, start + n))
                }
                None => {
                    let at = from(Scanner::Invalid, start, p);
                    scan_invalid(buf, at, eof, base, p)
                }
            },
            _ => {
                let at = from(Scanner::Invalid, start, p);
                scan_invalid(buf, at, eof, base, p)
            }
        }
    }

    /// `{...}`, scanned from `i` (after the `{`, or where the scan
    /// stopped). Without a closing brace the comment ends before the next
    /// line that starts a tag pair (`[` and a letter), or at the end of
    /// input.
    fn scan_brace_comment(
        &mut self,
        buf: &[u8],
        mut i: usize,
        eof: bool,
        p: &mut Partial,
    ) -> Scanned {
        let mut flags = p.flags;
        let mut line_start = p.line_start;
        let mut line_limit = p.line_limit;
        let start = p.start.saturating_sub(self.base) as usize;
        let stop = |i: usize, flags, line_start, line_limit, p: &mut Partial| {
            p.at = self.base + i as u64;
            p.flags = flags;
            p.line_start = line_start;
            p.line_limit = line_limit;
            None
        };
        let unterminated = loop {
            i = skip_comment_text(buf, i);
            let Some(&b) = buf.get(i) else {
                if eof {
                    break true;
                }
                return stop(i, flags, line_start, line_limit, p);
            };
            match b {
                b'}' => break false,
                b'\n' | b'\r' => {
                    if self.base + i as u64 >= line_limit {
                        flags |= TokenFlags::LONG_LINE;
                    }
                    let next =
                        if b == b'\r' && buf.get(i + 1) == Some(&b'\n') { i + 2 } else { i + 1 };
                    match starts_tag_line(buf, next, eof) {
                        None => return stop(i, flags, line_start, line_limit, p),
                        Some(true) => break true,
                        Some(false) => {}
                    }
                    line_start = self.base + next as u64;
                    line_limit = line_start + MAX_LINE;
                    i = next;
                    continue;
                }
                _ if class(b) & CONTROL != 0 && b != b'\t' => flags |= TokenFlags::CONTROL,
                _ => {}
            }
            i += 1;
        };
        self.line_start = line_start;
        self.line_limit = line_limit;
        let text = (start + 1, i);
        if unterminated {
            flags |= TokenFlags::UNTERMINATED;
            Some(Scan { kind: TokenKind::BraceComment, text, end: i, flags })
        } else {
            Some(Scan { kind: TokenKind::BraceComment, text, end: i + 1, flags })
        }
    }
}

/// The index of the first byte at or after `i` that a brace comment's
/// loop must look at (`}`, a line end, or another control byte but tab),
/// passing over the rest 16 bytes at a time with vector compares (the
/// `wide` crate, as `plain_run.rs`); `i` itself when fewer than 16 bytes
/// are left, which the loop then takes one at a time.
#[inline(always)]
fn skip_comment_text(buf: &[u8], mut i: usize) -> usize {
    use wide::u8x16;
    while let Some(chunk) = buf.get(i..i + 16) {
        let Ok(bytes) = <[u8; 16]>::try_from(chunk) else { break };
        let v = u8x16::new(bytes);
        // Control bytes: below 0x20 (line ends among them) but tab, and DEL.
        let control = v.min(u8x16::splat(0x1f)).cmp_eq(v) & !v.cmp_eq(u8x16::splat(b'\t'));
        let special = control | v.cmp_eq(u8x16::splat(0x7f)) | v.cmp_eq(u8x16::splat(b'}'));
        let mask = special.move_mask();
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
    }
    i
}

/// Whether the line end byte at `i` ends a line by itself: 1 for a LF or
/// a lone CR, 0 for the CR of a CR LF (its LF counts); `None` when the
/// window ends right after a CR.
#[inline(always)]
fn ends_line(buf: &[u8], i: usize) -> Option<u8> {
    if buf.get(i) == Some(&b'\n') {
        return Some(1);
    }
    buf.get(i + 1).map(|&next| u8::from(next != b'\n'))
}

/// The end of the run of bytes from `i` that satisfy `accept`.
#[inline(always)]
fn run(buf: &[u8], mut i: usize, eof: bool, accept: impl Fn(u8) -> bool) -> Option<usize> {
    loop {
        match buf.get(i) {
            Some(&b) if accept(b) => i += 1,
            Some(_) => return Some(i),
            None => return if eof { Some(i) } else { None },
        }
    }
}

/// [`run`] from the window index `at` of a window starting at the
/// absolute offset `base`; when the window ends first, `p` is moved to
/// its end.
#[inline(always)]
fn run_on(
    buf: &[u8],
    at: usize,
    eof: bool,
    base: u64,
    p: &mut Partial,
    accept: impl Fn(u8) -> bool,
) -> Option<usize> {
    let end = run(buf, at, eof, accept);
    if end.is_none() {
        p.at = base + buf.len() as u64;
    }
    end
}

/// The window index of the token's first byte (0 when it was dropped)
/// and its length up to the window index `i`.
fn start_and_len(p: &Partial, base: u64, i: usize) -> (usize, u64) {
    let start = p.start.saturating_sub(base) as usize;
    (start, (base + i as u64).saturating_sub(p.start))
}

/// A symbol or integer, scanned from `i` (its start, or where the scan
/// stopped). A symbol that starts with a digit may hold `/` (`1/2-1/2`);
/// `½` and Unicode dashes are accepted and flagged; a symbol ending in `e`
/// right before `.p.` takes it in (`exd6e.p.`).
///
/// The loop tests one table bit per byte; everything rarer is decided
/// after it stops.
#[inline(always)]
fn scan_symbol(buf: &[u8], mut i: usize, eof: bool, base: u64, p: &mut Partial) -> Scanned {
    let Scanner::Symbol { numeric } = p.scanner else { return None };
    let mut flags = p.flags;
    let mut digits = p.digits;
    // Digits so far: the leading run of digits goes on.
    if digits {
        while buf.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    let stop = |i: usize, flags, digits, p: &mut Partial| {
        p.at = base + i as u64;
        p.flags = flags;
        p.digits = digits;
        None
    };
    loop {
        while let Some(&b) = buf.get(i) {
            if class(b) & SYMBOL == 0 {
                break;
            }
            digits = false;
            i += 1;
        }
        let Some(&b) = buf.get(i) else {
            if eof {
                break;
            }
            return stop(i, flags, digits, p);
        };
        if b == b'/' && numeric {
            digits = false;
            i += 1;
        } else if b >= 0x80 {
            match wide(buf, i, eof) {
                None => return stop(i, flags, digits, p),
                Some(Some((Wide::Symbol, n))) => {
                    flags |= TokenFlags::NON_ASCII;
                    digits = false;
                    i += n;
                }
                Some(Some(_)) => break,
                // Other non-ASCII bytes cannot be in a symbol (§4.1): the
                // whole word is invalid (`Nä3` is no move `N`). The bytes
                // so far are symbol bytes, which the invalid scan takes in
                // too: it goes on from here.
                Some(None) => {
                    p.scanner = Scanner::Invalid;
                    p.flags = TokenFlags::empty();
                    return scan_invalid(buf, i, eof, base, p);
                }
            }
        } else if b == b'.' && base + i as u64 > p.start && i > 0 && buf[i - 1] == b'e' {
            match buf.get(i..i + 3) {
                Some(b".p.") => i += 3,
                None if !eof => return stop(i, flags, digits, p),
                _ => {}
            }
            break;
        } else {
            break;
        }
    }
    let (start, len) = start_and_len(p, base, i);
    if len > MAX_TOKEN as u64 {
        flags |= TokenFlags::TOO_LONG;
    }
    let kind = if digits { TokenKind::Integer } else { TokenKind::Symbol };
    Some(Scan { kind, text: (start, i), end: i, flags })
}

/// `"..."` with `\"` and `\\`, scanned from `i` (after the quote, or where
/// the scan stopped); a string ends at the end of its line if it has no
/// closing quote.
fn scan_string(buf: &[u8], mut i: usize, eof: bool, base: u64, p: &mut Partial) -> Scanned {
    let mut flags = p.flags;
    let stop = |i: usize, flags, p: &mut Partial| {
        p.at = base + i as u64;
        p.flags = flags;
        None
    };
    let (text_end, end) = loop {
        while buf.get(i).is_some_and(|&b| class(b) & STRING_STOP == 0) {
            i += 1;
        }
        let Some(&b) = buf.get(i) else {
            if eof {
                flags |= TokenFlags::UNTERMINATED;
                break (i, i);
            }
            return stop(i, flags, p);
        };
        match b {
            b'"' => break (i, i + 1),
            b'\\' => {
                flags |= TokenFlags::ESCAPED;
                match buf.get(i + 1) {
                    Some(b'\n' | b'\r') => i += 1,
                    Some(_) => i += 2,
                    None if eof => i += 1,
                    None => return stop(i, flags, p),
                }
            }
            b'\n' | b'\r' => {
                flags |= TokenFlags::UNTERMINATED;
                break (i, i);
            }
            _ => {
                // Tab, vertical tab and form feed are white space elsewhere,
                // but §4.2 and §7 allow no non-printing byte in a string.
                if b < 0x20 || b == 0x7f {
                    flags |= TokenFlags::CONTROL;
                }
                i += 1;
            }
        }
    };
    let (start, len) = start_and_len(p, base, text_end);
    // The length of the text: without the opening quote.
    if len.saturating_sub(1) > MAX_TOKEN as u64 {
        flags |= TokenFlags::TOO_LONG;
    }
    Some(Scan { kind: TokenKind::String, text: (start + 1, text_end), end, flags })
}

/// A run of `+ - = /` and `∞ ± ∓`, scanned from `i`; exactly `--` is the
/// null move symbol.
fn scan_glyph(buf: &[u8], mut i: usize, eof: bool, base: u64, p: &mut Partial) -> Scanned {
    loop {
        match buf.get(i) {
            Some(b'+' | b'-' | b'=' | b'/') => i += 1,
            Some(0x80..) => match wide(buf, i, eof) {
                Some(Some((Wide::Glyph, n))) => i += n,
                Some(_) => break,
                None => {
                    p.at = base + i as u64;
                    return None;
                }
            },
            Some(_) => break,
            None if eof => break,
            None => {
                p.at = base + i as u64;
                return None;
            }
        }
    }
    let (start, len) = start_and_len(p, base, i);
    let null_move = len == 2 && buf.get(start..i) == Some(b"--");
    let kind = if null_move { TokenKind::Symbol } else { TokenKind::Glyph };
    Some(Scan::whole(kind, start, i))
}

/// A run of bytes that start no token, with any letters and digits glued to
/// it, up to white space or a delimiter; scanned from `i` (its start, or
/// where the scan stopped).
fn scan_invalid(buf: &[u8], mut i: usize, eof: bool, base: u64, p: &mut Partial) -> Scanned {
    let mut flags = p.flags;
    if base + i as u64 == p.start {
        // The first byte starts no token whatever it is.
        if buf.get(i).is_some_and(|&b| class(b) & CONTROL != 0) {
            flags |= TokenFlags::CONTROL;
        }
        i += 1;
    }
    loop {
        let Some(&b) = buf.get(i) else {
            if eof {
                break;
            }
            p.at = base + i as u64;
            p.flags = flags;
            return None;
        };
        // The run takes in glued letters and digits too (`\x80garbage` is
        // one invalid word, not junk and a move), except after a control
        // byte, which separates like white space (`\x0ce5` is junk and `e5`).
        let starts_token = match b {
            0x80.. => match wide(buf, i, eof) {
                None => {
                    p.at = base + i as u64;
                    p.flags = flags;
                    return None;
                }
                Some(w) => w.is_some_and(|(w, _)| w != Wide::Symbol),
            },
            _ if class(b) & SYMBOL != 0 => i > 0 && class(buf[i - 1]) & CONTROL != 0,
            _ => class(b) & WS != 0 || b"\".*[]()<>{};$!?".contains(&b),
        };
        if starts_token {
            break;
        }
        if class(b) & CONTROL != 0 {
            flags |= TokenFlags::CONTROL;
        }
        i += 1;
    }
    let (start, _) = start_and_len(p, base, i);
    Some(Scan { kind: TokenKind::Invalid, text: (start, i), end: i, flags })
}

/// Whether the line starting at `i` starts a tag pair: `[`, optional
/// spaces, a letter. `None` if the window ends too early to tell.
fn starts_tag_line(buf: &[u8], i: usize, eof: bool) -> Option<bool> {
    if buf.get(i) != Some(&b'[') {
        return if buf.get(i).is_none() && !eof { None } else { Some(false) };
    }
    let mut j = i + 1;
    loop {
        match buf.get(j) {
            Some(b' ' | b'\t') => j += 1,
            Some(b) => return Some(b.is_ascii_alphabetic()),
            None => return if eof { Some(false) } else { None },
        }
    }
}

/// A tag pair read at once by [`Lexer::next_plain_tag_pair`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlainTagPair<'a> {
    /// The tag name.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text"))]
    pub name: &'a [u8],
    /// The value, which holds no escape.
    #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_text"))]
    pub value: &'a [u8],
    /// The absolute offset of the `[`.
    pub offset: u64,
}

/// The tokens of a complete input, in order.
///
/// ```
/// use pgn_lex::{tokens, TokenKind};
///
/// let kinds: Vec<TokenKind> = tokens(b"1. e4 {best} $1 *").map(|t| t.kind).collect();
/// assert_eq!(kinds, [
///     TokenKind::Integer, TokenKind::Period, TokenKind::Symbol,
///     TokenKind::BraceComment, TokenKind::Nag, TokenKind::Asterisk,
/// ]);
/// ```
pub fn tokens(input: &[u8]) -> Tokens<'_> {
    Tokens { lexer: Lexer::new(), input }
}

/// Iterator over the tokens of a complete input; see [`tokens`].
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    lexer: Lexer,
    input: &'a [u8],
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        match self.lexer.next(self.input, true) {
            Step::Token(token) => Some(token),
            Step::NeedMore | Step::End => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(input: &[u8]) -> Vec<(TokenKind, &[u8])> {
        tokens(input).map(|t| (t.kind, t.text)).collect()
    }

    fn flags(input: &[u8]) -> Vec<TokenFlags> {
        tokens(input).map(|t| t.flags).collect()
    }

    use TokenKind::*;

    #[test]
    fn move_numbers_and_results() {
        assert_eq!(
            kinds(b"1.e4 1... e5 12 Nf3 1-0 0-1 1/2-1/2 *"),
            [
                (Integer, &b"1"[..]),
                (Period, b"."),
                (Symbol, b"e4"),
                (Integer, b"1"),
                (Period, b"."),
                (Period, b"."),
                (Period, b"."),
                (Symbol, b"e5"),
                (Integer, b"12"),
                (Symbol, b"Nf3"),
                (Symbol, b"1-0"),
                (Symbol, b"0-1"),
                (Symbol, b"1/2-1/2"),
                (Asterisk, b"*"),
            ]
        );
    }

    #[test]
    fn annotations() {
        assert_eq!(
            kinds(b"e4!? $14 +- =+ +/- = -- Z0 O-O-O# exd6e.p."),
            [
                (Symbol, &b"e4"[..]),
                (Suffix, b"!?"),
                (Nag, b"14"),
                (Glyph, b"+-"),
                (Glyph, b"=+"),
                (Glyph, b"+/-"),
                (Glyph, b"="),
                (Symbol, b"--"),
                (Symbol, b"Z0"),
                (Symbol, b"O-O-O#"),
                (Symbol, b"exd6e.p."),
            ]
        );
        assert_eq!(kinds("∞ 12… ½-½".as_bytes())[0], (Glyph, "∞".as_bytes()));
        assert_eq!(kinds("12…".as_bytes())[1], (Ellipsis, "…".as_bytes()));
        let draw = tokens("½-½".as_bytes()).next().expect("a token");
        assert_eq!((draw.kind, draw.flags), (Symbol, TokenFlags::NON_ASCII));
        let dash = tokens("1–0".as_bytes()).next().expect("a token");
        assert_eq!((dash.kind, dash.text), (Symbol, "1–0".as_bytes()));
    }

    #[test]
    fn strings_and_escapes() {
        let t = tokens(br#""a \"b\" \\c""#).next().expect("a token");
        assert_eq!(t.kind, String);
        assert!(t.flags.contains(TokenFlags::ESCAPED));
        assert_eq!(&*t.string_value(), br#"a "b" \c"#);
        let plain = tokens(br#""plain""#).next().expect("a token");
        assert!(matches!(plain.string_value(), std::borrow::Cow::Borrowed(b"plain")));
        // Unterminated: ends at the end of the line.
        let toks: Vec<_> = tokens(b"[Event \"open\n[Site \"x\"]").collect();
        assert_eq!(toks[2].text, b"open");
        assert!(toks[2].flags.contains(TokenFlags::UNTERMINATED));
        assert_eq!(toks[3].kind, LeftBracket);
        // Tabs and control bytes inside strings are flagged; long strings too.
        assert!(flags(b"\"a\tb\"")[0].contains(TokenFlags::CONTROL));
        let long = format!("\"{}\"", "x".repeat(256));
        assert!(flags(long.as_bytes())[0].contains(TokenFlags::TOO_LONG));
        let ok = format!("\"{}\"", "x".repeat(255));
        assert!(!flags(ok.as_bytes())[0].contains(TokenFlags::TOO_LONG));
    }

    #[test]
    fn comments_and_escape_lines() {
        assert_eq!(
            kinds(b"{a {b; c} ; rest {x}\n%esc\n e4 %no"),
            [
                (BraceComment, &b"a {b; c"[..]),
                (LineComment, b" rest {x}"),
                (Escape, b"esc"),
                (Symbol, b"e4"),
                (Invalid, b"%no"),
            ]
        );
        // An unterminated comment stops before the next tag line.
        let toks: Vec<_> = tokens(b"{open\n[%clk 1]\n[Event \"x\"]").collect();
        assert_eq!(toks[0].text, b"open\n[%clk 1]");
        assert!(toks[0].flags.contains(TokenFlags::UNTERMINATED));
        assert_eq!(toks[1].kind, LeftBracket);
        let toks: Vec<_> = tokens(b"1. e4 {never closed").collect();
        assert!(toks[3].flags.contains(TokenFlags::UNTERMINATED));
    }

    #[test]
    fn line_ends_bom_and_long_lines() {
        let toks: Vec<_> = tokens(b"\xef\xbb\xbf%a\r%b\r\n%c\n").collect();
        assert_eq!(toks.iter().map(|t| t.kind).collect::<Vec<_>>(), [Escape, Escape, Escape]);
        assert_eq!(toks[0].offset, 3);
        let line = format!("{} e4\ne5", "a ".repeat(130));
        let long: Vec<_> =
            tokens(line.as_bytes()).filter(|t| t.flags.contains(TokenFlags::LONG_LINE)).collect();
        assert_eq!(long.len(), 1, "one flag per long line");
        assert!(long[0].offset < 256);
    }

    #[test]
    fn non_ascii_words_are_one_invalid_token() {
        assert_eq!(kinds("Nä3 e4".as_bytes())[0], (Invalid, "Nä3".as_bytes()));
        assert_eq!(kinds(b"\x80garbage e4")[0], (Invalid, &b"\x80garbage"[..]));
        assert_eq!(kinds("e4 ⩲".as_bytes())[1], (Glyph, "⩲".as_bytes()));
    }

    #[test]
    fn invalid_runs_and_controls() {
        assert_eq!(kinds(b"e4 @@/ e5"), [(Symbol, &b"e4"[..]), (Invalid, b"@@/"), (Symbol, b"e5")]);
        let toks: Vec<_> = tokens(b"\x00\x01 e4").collect();
        assert_eq!(toks[0].kind, Invalid);
        assert!(toks[0].flags.contains(TokenFlags::CONTROL));
    }

    /// Tokens of `input` using only the general path.
    fn general_tokens(input: &[u8]) -> Vec<(TokenKind, Vec<u8>, u64, TokenFlags)> {
        let mut lexer = Lexer::new();
        let mut out = Vec::new();
        while let Step::Token(t) = lexer.next_general(input, true) {
            out.push((t.kind, t.text.to_vec(), t.offset, t.flags));
        }
        out
    }

    /// Hand-made edge cases and the corpus files with the most varied
    /// movetext.
    fn corpus_inputs() -> Vec<Vec<u8>> {
        let root = testkit::corpus::dir();
        let mut inputs: Vec<Vec<u8>> = vec![
            b"1.e4 e5 2. Nf3 1-0 0-0 12... 1/2-1/2 e4!? exd6e.p. a\xc2\xbd O\xe2\x80\x91O 1.\r\n2."
                .to_vec(),
            b"1.e4 ep e5 1e4 12.Nf3. 3.(e4) Nf3{x} 4.$1 a-b 5.e4?".to_vec(),
            format!("1. {}e4 e5", " ".repeat(250)).into_bytes(),
            "x".repeat(300).into_bytes(),
            // Comments after moves, lichess's way, on a line that grows
            // past the line limit; comments with control bytes, line
            // ends, a `{` inside, none closed.
            "1. e4 { [%clk 0:03:00] } 1... e5 { [%eval 0.17] [%clk 0:02:58] } 2. Nf3 {}"
                .repeat(6)
                .into_bytes(),
            b"1. e4 {a\x01b} e5 {a\tb} Nf3 {x\ny} d6 {{nested} c4 {\x7f} Nc6   {open".to_vec(),
        ];
        for dir in
            ["pgn/scalachess-fixtures", "pgn/chess-library", "pgn/hoover", "bench/twic-samples"]
        {
            let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
            for entry in entries.flatten() {
                if let Ok(data) = std::fs::read(entry.path()) {
                    inputs.push(data);
                }
            }
        }
        inputs
    }

    #[test]
    fn fast_path_gives_the_same_tokens_as_the_general_path() {
        for input in &corpus_inputs() {
            let fast: Vec<_> =
                tokens(input).map(|t| (t.kind, t.text.to_vec(), t.offset, t.flags)).collect();
            assert_eq!(fast, general_tokens(input));
        }
    }

    /// Unflagged integers and periods: what `next_plain_move` skips.
    fn is_move_number(t: &(TokenKind, Vec<u8>, u64, TokenFlags)) -> bool {
        matches!(t.0, TokenKind::Integer | TokenKind::Period) && t.3.is_empty()
    }

    /// The tokens of the corpus inputs read by the fast entry points
    /// (plain moves, and with `comments` the plain comments after them)
    /// and the general path between, against the general path alone:
    /// the same, move numbers aside (the fast path passes over them).
    fn plain_path_agrees_with_the_general_path(comments: bool) {
        let show = |t: &(TokenKind, Vec<u8>, u64, TokenFlags)| {
            (t.0, std::string::String::from_utf8_lossy(&t.1).into_owned(), t.2, t.3)
        };
        for input in corpus_inputs() {
            let mut lexer = Lexer::new();
            let mut out = Vec::new();
            loop {
                while let Some(text) = lexer.next_plain_move(&input) {
                    let offset = (text.as_ptr() as usize - input.as_ptr() as usize) as u64;
                    out.push((TokenKind::Symbol, text.to_vec(), offset, TokenFlags::empty()));
                    if comments && let Some((open, text)) = lexer.next_plain_comment(&input) {
                        let (kind, flags) = (TokenKind::BraceComment, TokenFlags::empty());
                        out.push((kind, text.to_vec(), open as u64, flags));
                    }
                }
                match lexer.next(&input, true) {
                    Step::Token(t) => out.push((t.kind, t.text.to_vec(), t.offset, t.flags)),
                    _ => break,
                }
            }
            out.retain(|t| !is_move_number(t));
            let mut general = general_tokens(&input);
            general.retain(|t| !is_move_number(t));
            if let Some(i) = out.iter().zip(&general).position(|(a, b)| a != b) {
                panic!("token {i}: {:?} against {:?}", show(&out[i]), show(&general[i]));
            }
            assert_eq!(out.len(), general.len());
        }
    }

    #[test]
    fn plain_moves_agree_with_the_general_path() {
        plain_path_agrees_with_the_general_path(false);
    }

    #[test]
    fn plain_comments_agree_with_the_general_path() {
        plain_path_agrees_with_the_general_path(true);
    }

    /// A reader's skip of plain moves over `buf` (the window, `eof`
    /// telling whether the input ends there), with or without
    /// [`Lexer::skip_plain_run`] after each move; at each place the plain
    /// path gives up, the lexer's state, then the next token of the
    /// general path. The two must be the same.
    fn skip_stops(buf: &[u8], eof: bool, runs: bool) -> Vec<(u64, u64, u64, Option<Token<'_>>)> {
        let mut lexer = Lexer::new();
        let mut out = Vec::new();
        loop {
            while lexer.next_plain_move(buf).is_some() {
                if runs {
                    lexer.skip_plain_run(buf);
                }
            }
            let state = (lexer.offset(), lexer.line_start, lexer.line_limit);
            match lexer.next(buf, eof) {
                Step::Token(t) => out.push((state.0, state.1, state.2, Some(t))),
                _ => {
                    out.push((state.0, state.1, state.2, None));
                    return out;
                }
            }
        }
    }

    fn assert_runs_agree(input: &[u8]) {
        for eof in [true, false] {
            let plain = skip_stops(input, eof, false);
            let runs = skip_stops(input, eof, true);
            assert_eq!(runs, plain, "{:?}", std::string::String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn plain_runs_stop_where_plain_moves_do() {
        for input in corpus_inputs() {
            assert_runs_agree(&input);
            // Windows that end anywhere in a line.
            for cut in [input.len() / 3, input.len() / 2 + 7, input.len().saturating_sub(5)] {
                assert_runs_agree(&input[..cut]);
            }
        }
    }

    #[test]
    fn plain_runs_stop_where_plain_moves_do_on_random_text() {
        // Movetext-like text: moves, numbers, marks and separators, with
        // the bytes that end a run or make a token odd mixed in, and lines
        // of every length up to past the limit.
        const PIECES: &[&str] = &[
            "e4",
            "Nf3",
            "exd5",
            "Qh4+",
            "Rxf7#",
            "O-O",
            "O-O-O",
            "e8=Q",
            "R1e4",
            "Nbd7",
            "a",
            "1",
            "12",
            "123",
            "1234",
            "9999",
            ".",
            "...",
            " ",
            " ",
            " ",
            "\n",
            "\n",
            "\r\n",
            "123.",
            "12...",
            "      ",
            "          ",
            " \n",
            "\n   \n",
            "\n          ",
            "\t",
            "+",
            "#",
            "=",
            "-",
            "p",
            "ep",
            "e.p.",
            "1-0",
            "*",
            "{x}",
            "(",
            ")",
            "$1",
            "!",
            "_",
            ":",
            "é",
            "x",
        ];
        let mut rng = testkit::XorShift::new(0x5c1f_7a11);
        for _ in 0..3000 {
            let mut text = Vec::new();
            let len = 1 + rng.below(600);
            let long = rng.below(4) == 0;
            while text.len() < len {
                let piece = PIECES[rng.below(PIECES.len())].as_bytes();
                if long && piece == b"\n" {
                    continue;
                }
                text.extend_from_slice(piece);
                // Mostly a separator after each piece, as in real text.
                if rng.below(3) != 0 {
                    text.push(if rng.below(12) == 0 { b'\n' } else { b' ' });
                }
            }
            assert_runs_agree(&text);
            assert_runs_agree(&text[..rng.below(text.len() + 1)]);
        }
    }

    #[test]
    fn string_stop_finds_the_first_stop_byte() {
        let naive = |buf: &[u8], from: usize| {
            (from..buf.len()).find(|&i| class(buf[i]) & STRING_STOP != 0).unwrap_or(buf.len())
        };
        // Every byte value at every place of a word and after one, with
        // stops and non-stops before and after it.
        for b in 0..=255u8 {
            for at in 0..20 {
                for fill in [b'a', 0xe9, b'"'] {
                    let mut buf = vec![b'x'; 24];
                    buf[at] = b;
                    if at + 1 < buf.len() {
                        buf[at + 1..].fill(fill);
                    }
                    for from in [0, 1, 3] {
                        assert_eq!(string_stop(&buf, from), naive(&buf, from), "{b} at {at}");
                    }
                }
            }
        }
    }

    #[test]
    fn plain_tag_pairs() {
        let input = b"[Event \"Open\"]\n[ Site  \"x y\" ]\n[Round \"a\\\"b\"]";
        let mut lexer = Lexer::new();
        let first = lexer.next_plain_tag_pair(input).expect("plain");
        assert_eq!((first.name, first.value, first.offset), (&b"Event"[..], &b"Open"[..], 0));
        let second = lexer.next_plain_tag_pair(input).expect("plain");
        assert_eq!((second.name, second.value), (&b"Site"[..], &b"x y"[..]));
        // An escape: not plain; nothing but white space is consumed.
        assert_eq!(lexer.next_plain_tag_pair(input), None);
        assert!(matches!(
            lexer.next(input, true),
            Step::Token(Token { kind: TokenKind::LeftBracket, .. })
        ));
    }

    #[test]
    fn tokens_after_an_empty_line_are_flagged() {
        let input = b"e4 e5\n\nd4 d5\r\n\r\nc4\r\nc5\r\rf4 \n \t\n Nf3\n{x}\n\n1.";
        let flagged: Vec<&[u8]> = tokens(input)
            .filter(|t| t.flags.contains(TokenFlags::AFTER_EMPTY_LINE))
            .map(|t| t.text)
            .collect();
        assert_eq!(flagged, [&b"d4"[..], b"c4", b"f4", b"Nf3", b"1"]);
    }

    #[test]
    fn dropped_tokens_keep_their_kind_start_and_end() {
        // Long tokens of every kind; a reader that drops any unfinished
        // token of more than `cap` bytes gets the same tokens, the long
        // ones without text.
        let long = |s: &str| s.repeat(40);
        let input = format!(
            "{{{}\n{}}} \"{}\\\"{}\" {} {} ${} e4{} {} é{} ;{}\n%{}\n{}e.p. {{{}\n[Event \"x\"]",
            long("ab"),
            long("\x01"),
            long("s"),
            long("t"),
            long("Nf3"),
            long("12"),
            long("9"),
            long("!?"),
            long("+-"),
            long("x"),
            long("c"),
            long("e"),
            long("exd6"),
            long("u"),
        );
        let input = input.as_bytes();
        let view = |t: Token<'_>, end: u64| (t.kind, t.offset, end, t.flags - TokenFlags::DROPPED);
        let mut whole = Vec::new();
        let mut lexer = Lexer::new();
        while let Step::Token(t) = lexer.next(input, true) {
            whole.push(view(t, lexer.offset()));
        }
        for window in [1, 2, 3, 5, 8, 13] {
            for cap in [1u64, 4, 30] {
                let mut lexer = Lexer::new();
                let (mut out, mut dropped) = (Vec::new(), 0);
                let (mut start, mut end) = (0usize, window.min(input.len()));
                loop {
                    let eof = end == input.len();
                    match lexer.next(&input[start..end], eof) {
                        Step::Token(t) => {
                            if t.flags.contains(TokenFlags::DROPPED) {
                                assert!(t.text.is_empty());
                                dropped += 1;
                            }
                            out.push(view(t, lexer.offset()));
                        }
                        Step::End => break,
                        Step::NeedMore => {
                            if lexer.partial_len() > cap {
                                lexer.drop_partial();
                            }
                            let used = lexer.consumed();
                            lexer.discard(used);
                            start += used;
                            // The window never holds more than the cap and
                            // the look-back of a dropped token, and a read.
                            let held = (end - start) as u64;
                            assert!(held <= cap + (window + LOOK_BACK) as u64, "{window} {cap}");
                            end = (end + window).min(input.len());
                        }
                    }
                }
                assert_eq!(out, whole, "window {window} cap {cap}");
                assert!(dropped >= 10, "window {window} cap {cap}: {dropped} dropped");
            }
        }
    }

    #[test]
    fn windows_give_the_same_tokens_as_whole_input() {
        let input =
            "[Event \"A \\\"b\\\"\"]\r\n1. e4!? {c\nd} ( 1... c5 ) $1 ½-½ 12… ∞ exd6e.p. ;x\n%y\n\r\n\r\ne5\r\re6 \n \nd4\r\nc4\n*"
                .as_bytes();
        let whole: Vec<_> =
            tokens(input).map(|t| (t.kind, t.text.to_vec(), t.offset, t.flags)).collect();
        for window in 1..input.len() {
            // Feed the input in growing prefixes, dropping consumed bytes.
            let mut lexer = Lexer::new();
            let mut out = Vec::new();
            let mut start = 0usize;
            let mut end = window.min(input.len());
            loop {
                let eof = end == input.len();
                match lexer.next(&input[start..end], eof) {
                    Step::Token(t) => out.push((t.kind, t.text.to_vec(), t.offset, t.flags)),
                    Step::End => break,
                    Step::NeedMore => {
                        let used = lexer.consumed();
                        lexer.discard(used);
                        start += used;
                        end = (end + window).min(input.len());
                    }
                }
            }
            assert_eq!(out, whole, "window {window}");
        }
    }
}
