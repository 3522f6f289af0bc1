//! The input side of the reader: a fixed buffer refilled from `io::Read`,
//! the lexer's window over it, and the line counter that turns byte
//! offsets into lines and columns for diagnostics.

use std::io::{self, Read};

use pgn_lex::Lexer;

use crate::screen::{Resume, Screen, Screened, resumption};

/// The buffer starts at this size and grows only to hold one token that is
/// larger (a huge comment); memory does not depend on the file's size.
pub(crate) const INITIAL_CAPACITY: usize = 256 * 1024;
/// A refill reads until at least this much is buffered (or the input ends),
/// so that short reads from pipes do not mean many small refills.
const MIN_FILL: usize = 64 * 1024;

/// Counts line ends in the bytes the reader has passed, lazily: only what
/// is discarded from the buffer or asked about is counted, each byte once.
#[derive(Clone, Debug)]
pub(crate) struct Lines {
    /// Absolute offset up to which bytes have been counted.
    upto: u64,
    /// The line number (from 1) at `upto`.
    line: u64,
    /// Absolute offset of the first byte of that line.
    line_start: u64,
    /// The byte before `upto` was a CR (so a LF at `upto` ends no new line).
    after_cr: bool,
}

impl Lines {
    fn new() -> Lines {
        Lines { upto: 0, line: 1, line_start: 0, after_cr: false }
    }

    /// Counts `bytes`, which start at the absolute offset `self.upto`.
    fn count(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let ends = line_ends(bytes, self.after_cr);
        if let Some(last) = last_line_end(bytes) {
            self.line_start = self.upto + last as u64 + 1;
        }
        self.line += ends;
        self.after_cr = bytes.last() == Some(&b'\r');
        self.upto += bytes.len() as u64;
    }
}

/// The index of the last LF or CR of `bytes`, found 16 bytes at a time
/// from the end with vector compares, so that a long line (a lichess
/// movetext) is passed over fast.
fn last_line_end(bytes: &[u8]) -> Option<usize> {
    use wide::u8x16;
    let mut end = bytes.len();
    while end >= 16 {
        let Ok(array) = <[u8; 16]>::try_from(&bytes[end - 16..end]) else { break };
        let v = u8x16::new(array);
        let mask = (v.cmp_eq(u8x16::splat(b'\n')) | v.cmp_eq(u8x16::splat(b'\r'))).move_mask();
        if mask != 0 {
            return Some(end - 16 + (31 - (mask as u32).leading_zeros()) as usize);
        }
        end -= 16;
    }
    bytes[..end].iter().rposition(|&b| b == b'\n' || b == b'\r')
}

/// How many lines end in `bytes` as the reader counts them (CR LF, lone
/// CR and LF each end one); `after_cr` says whether the byte before
/// `bytes` was a CR, whose LF (if `bytes` starts with it) ends no new
/// line. For a piece of input read elsewhere, the number of the line it
/// starts on.
///
/// ```
/// assert_eq!(pgn_syntax::line_ends(b"a\r\nb\rc\n", false), 3);
/// assert_eq!(pgn_syntax::line_ends(b"\nx", true), 0);
/// ```
pub fn line_ends(bytes: &[u8], after_cr: bool) -> u64 {
    let Some(&first) = bytes.first() else { return 0 };
    // Whole-slice counts that vectorise; the exact CR LF pairing is only
    // needed when the slice holds a CR at all.
    let (lf, any_cr) = count_lf_find_cr(bytes);
    let mut ends = lf;
    if any_cr {
        ends += count_byte(bytes, b'\r') - count_crlf(bytes);
    }
    if after_cr && first == b'\n' {
        ends -= 1;
    }
    ends
}

/// How many bytes of `bytes` equal `needle`. Sums in blocks of 128 with
/// `u8` lanes (a block cannot overflow them), which compilers turn into
/// wide compares and adds; a multiple of the vector width, so no block
/// but the last has a scalar tail.
fn count_byte(bytes: &[u8], needle: u8) -> u64 {
    bytes
        .chunks(128)
        .map(|block| u64::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == needle))))
        .sum()
}

/// How many LF bytes `bytes` holds, and whether it holds a CR, in one
/// pass (most files have no CR, so CR is counted only when there is one).
/// Blocks as in [`count_byte`].
fn count_lf_find_cr(bytes: &[u8]) -> (u64, bool) {
    let mut lf = 0;
    let mut cr = 0u8;
    for block in bytes.chunks(128) {
        let (n, c) = block
            .iter()
            .fold((0u8, 0u8), |(n, c), &b| (n + u8::from(b == b'\n'), c | u8::from(b == b'\r')));
        lf += u64::from(n);
        cr |= c;
    }
    (lf, cr != 0)
}

/// How many CR LF pairs `bytes` holds.
fn count_crlf(bytes: &[u8]) -> u64 {
    let pairs = bytes.windows(2).len();
    (0..pairs)
        .step_by(128)
        .map(|from| {
            let to = (from + 128).min(pairs);
            let (a, b) = (&bytes[from..to], &bytes[from + 1..to + 1]);
            u64::from(
                a.iter().zip(b).fold(0u8, |n, (&x, &y)| n + u8::from(x == b'\r' && y == b'\n')),
            )
        })
        .sum()
}

/// The buffered input and the lexer reading it.
pub(crate) struct Source<R> {
    pub(crate) inner: R,
    /// `buf[..end]` is the lexer's window; it starts at `self.lexer`'s
    /// base. The bytes after it, up to `filled`, are read but held back by
    /// the screen.
    pub(crate) buf: Vec<u8>,
    pub(crate) end: usize,
    /// The window ends where the input ends, or where binary data starts
    /// ([`Source::binary_at`]): the lexer is to take its end as the end of
    /// input.
    pub(crate) eof: bool,
    pub(crate) lexer: Lexer,
    pub(crate) lines: LineIndex,
    /// `buf[..filled]` holds the bytes read.
    filled: usize,
    /// The input has been read to its end.
    drained: bool,
    /// An error of the input met after some bytes of a refill: returned
    /// by the next refill, so that the games before it are read first.
    failed: Option<io::Error>,
    /// What lets bytes through to the window, and finds binary data.
    screen: Screen,
    /// Where the binary data that the window ends at starts.
    binary: Option<u64>,
    /// A refill reads at least this much ([`MIN_FILL`], or less for a
    /// smaller buffer).
    fill: usize,
}

/// Turns absolute offsets in or after the window into lines and columns:
/// the lazy count of what was passed, and a second count at the offset it
/// last counted back to. Kept apart from the buffer, so that a [`Place`]
/// can hold it while moves borrow the window.
///
/// [`Place`]: crate::Place
#[derive(Clone, Debug)]
pub(crate) struct LineIndex {
    lines: Lines,
    anchor: Option<Lines>,
    /// The absolute offset where the line holding the window's first byte
    /// starts (perhaps before the window: the line start of an offset
    /// whose line began in bytes already dropped).
    base_line_start: u64,
}

impl<R: Read> Source<R> {
    /// A source with a buffer of `capacity` bytes to start with (at
    /// least 1; it grows for a token or tag section that does not fit).
    /// The buffer is `buf`, a buffer of an earlier source (its bytes are of
    /// no account) or a new one: a caller that reads many inputs one after
    /// the other does not allocate a buffer, nor touch its pages, for each.
    pub(crate) fn with_buffer(inner: R, mut buf: Vec<u8>, capacity: usize) -> Source<R> {
        if buf.len() < capacity.max(1) {
            buf.resize(capacity.max(1), 0);
        }
        Source {
            inner,
            buf,
            fill: MIN_FILL.min(capacity.max(1)),
            end: 0,
            eof: false,
            lexer: Lexer::new(),
            lines: LineIndex { lines: Lines::new(), anchor: None, base_line_start: 0 },
            filled: 0,
            drained: false,
            failed: None,
            screen: Screen::at(0),
            binary: None,
        }
    }

    /// The absolute offset of `buf[0]`.
    pub(crate) fn base(&self) -> u64 {
        self.lexer.offset() - self.lexer.consumed() as u64
    }

    /// Drops consumed bytes (but none from `keep` on) and reads more input.
    /// Returns how many bytes were dropped from the front, so that the
    /// caller can move window positions it holds.
    pub(crate) fn refill(&mut self, keep: usize) -> io::Result<usize> {
        let dropped = self.read_more(keep)?;
        self.screen();
        Ok(dropped)
    }

    /// [`Source::refill`] without the screen: the window stays as it was.
    fn read_more(&mut self, keep: usize) -> io::Result<usize> {
        let drop = keep.min(self.lexer.consumed());
        // Count the line ends of the dropped bytes before they go.
        let base = self.base();
        let skip = (self.lines.lines.upto - base) as usize;
        if skip < drop {
            self.lines.lines.count(&self.buf[skip..drop]);
        }
        // Where the line of the new window's first byte starts.
        if let Some(i) = self.buf[..drop].iter().rposition(|&b| b == b'\n' || b == b'\r') {
            self.lines.base_line_start = base + i as u64 + 1;
        }
        self.buf.copy_within(drop..self.filled, 0);
        self.filled -= drop;
        // Past the window only while binary data is skipped.
        self.end = self.end.saturating_sub(drop);
        self.lexer.discard(drop);
        // Read at least as much as is kept: the lexer scans an unfinished
        // token again after a refill, and doubling what it has each time
        // keeps the total of those scans linear in the token's length.
        // Short reads (pipes) therefore do not make it quadratic either.
        let target = self.filled + self.filled.max(self.fill);
        if target > self.buf.len() {
            self.buf.resize(target, 0);
        }
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let before = self.filled;
        while self.filled < target && !self.drained {
            match self.inner.read(&mut self.buf[self.filled..]) {
                Ok(0) => self.drained = true,
                Ok(n) => self.filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // The bytes read before the error are read first.
                Err(e) if self.filled > before => {
                    self.failed = Some(e);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(drop)
    }

    /// Lets the screen look at the bytes read, and sets the window to what
    /// it lets through.
    fn screen(&mut self) {
        let base = self.base();
        let (upto, binary) = match self.screen.screen(&self.buf[..self.filled], base, self.drained)
        {
            Screened::Text(upto) => (upto, None),
            Screened::Binary(start) => (start, Some(start)),
        };
        // The screen never takes back what it let through (nor what the
        // lexer has read of it).
        let end = (upto.saturating_sub(base) as usize).min(self.filled);
        self.end = end.max(self.end);
        self.binary = binary;
        self.eof = binary.is_some() || (self.drained && self.end == self.filled);
    }

    /// Where the binary data that the window ends at starts, if it ends
    /// at binary data rather than at the end of input.
    pub(crate) fn binary_at(&self) -> Option<u64> {
        self.binary
    }

    /// Skips the binary data that the window ends at (the lexer has read
    /// up to it) as far as [`resumption`] says, dropping its bytes as they
    /// come; the window then goes on from there. Returns how many bytes
    /// were skipped.
    pub(crate) fn skip_binary(&mut self) -> io::Result<u64> {
        let Some(start) = self.binary.take() else { return Ok(0) };
        loop {
            let from = self.lexer.consumed();
            let window = &self.buf[..self.filled];
            match resumption(window, from, self.drained) {
                Resume::At(at) => {
                    self.lexer.skip(window, at - from);
                    break;
                }
                Resume::NotBefore(keep) => {
                    self.lexer.skip(window, keep - from);
                    self.read_more(keep)?;
                }
            }
        }
        // The skipped bytes make no line of text.
        self.lexer.start_line();
        let resume = self.lexer.offset();
        self.end = self.lexer.consumed();
        self.screen = Screen::at(resume);
        self.screen();
        Ok(resume - start)
    }

    /// The [`Place`] of an absolute offset in the window, for a visitor.
    ///
    /// [`Place`]: crate::Place
    pub(crate) fn place(&mut self, offset: u64) -> crate::Place<'_> {
        let base = self.base();
        crate::Place::new(offset, &self.buf[..self.end], base, &mut self.lines)
    }

    /// The [`Place`] of an absolute offset and the text of a range of the
    /// window, borrowed together.
    ///
    /// [`Place`]: crate::Place
    pub(crate) fn place_with_text(
        &mut self,
        offset: u64,
        (start, end): (usize, usize),
    ) -> (crate::Place<'_>, &[u8]) {
        let base = self.base();
        let window = &self.buf[..self.end];
        let text = window.get(start..end).unwrap_or_default();
        (crate::Place::new(offset, window, base, &mut self.lines), text)
    }

    /// The line and column (both from 1) of an absolute offset in the
    /// window or after it; an offset before the window (already dropped)
    /// gets the line counted last.
    pub(crate) fn position(&mut self, offset: u64) -> (u64, u64) {
        let base = self.base();
        self.lines.position(&self.buf[..self.end], base, offset)
    }

    /// The [`Location`] of an absolute offset, as [`Source::position`].
    ///
    /// [`Location`]: crate::Location
    pub(crate) fn locate(&mut self, offset: u64) -> crate::Location {
        let (line, column) = self.position(offset);
        crate::Location { offset, line, column }
    }
}

impl LineIndex {
    /// As [`Source::position`], for the window `window` that starts at the
    /// absolute offset `base`.
    pub(crate) fn position(&mut self, window: &[u8], base: u64, offset: u64) -> (u64, u64) {
        let upto = (self.lines.upto - base) as usize;
        if offset < self.lines.upto && offset >= base {
            let from = (offset - base) as usize;
            // Before what was counted, but still in the window. Diagnostics
            // reported late (a tag section's, at its end) come in order: a
            // count forward from the place asked about last keeps the
            // total linear.
            if let Some(anchor) =
                self.anchor.as_mut().filter(|a| a.upto >= base && a.upto <= offset)
            {
                anchor.count(&window[(anchor.upto - base) as usize..from]);
                return (anchor.line, offset - anchor.line_start + 1);
            }
            // Else count back from what was counted.
            let after_cr = from > 0 && window[from - 1] == b'\r';
            let back = line_ends(&window[from..upto], after_cr);
            // On the line counted last, its start is known even if it lies
            // before the window; else it is the last line end before `from`.
            let line_start = if back == 0 {
                self.lines.line_start
            } else {
                last_line_end(&window[..from]).map_or(self.base_line_start, |i| base + i as u64 + 1)
            };
            let line = self.lines.line - back;
            self.anchor = Some(Lines { upto: offset, line, line_start, after_cr });
            return (line, offset - line_start + 1);
        }
        let to = (offset.saturating_sub(base) as usize).min(window.len());
        if upto < to {
            self.lines.count(&window[upto..to]);
        }
        let at = offset.max(self.lines.line_start);
        (self.lines.line, at - self.lines.line_start + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8], offset: u64, chunk: usize) -> (u64, u64) {
        let mut lines = Lines::new();
        let to = offset as usize;
        for piece in input[..to].chunks(chunk.max(1)) {
            lines.count(piece);
        }
        (lines.line, offset - lines.line_start.min(offset) + 1)
    }

    #[test]
    fn line_ends_of_every_kind() {
        let input = b"ab\ncd\r\nef\rgh\n\nij";
        let expected = [
            (0, (1, 1)),
            (2, (1, 3)),
            (3, (2, 1)),
            (7, (3, 1)),
            (10, (4, 1)),
            (14, (6, 1)),
            (15, (6, 2)),
        ];
        for chunk in 1..input.len() {
            for (offset, want) in expected {
                assert_eq!(lines_of(input, offset, chunk), want, "offset {offset} chunk {chunk}");
            }
        }
    }

    #[test]
    fn line_ends_agree_with_a_byte_loop_on_long_inputs() {
        // Lengths across the block size, line ends of every kind in every
        // place; the count is compared with the plain definition.
        let naive = |bytes: &[u8], after_cr: bool| {
            let mut ends = 0;
            let mut prev_cr = after_cr;
            for &b in bytes {
                ends += u64::from(b == b'\r' || (b == b'\n' && !prev_cr));
                prev_cr = b == b'\r';
            }
            ends
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for len in [0, 1, 15, 16, 127, 128, 129, 255, 256, 300, 1000, 4099] {
            for density in [2, 5, 40, 300] {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        match seed % density {
                            0 => b'\n',
                            1 => b'\r',
                            _ => b'a',
                        }
                    })
                    .collect();
                let no_cr: Vec<u8> =
                    bytes.iter().map(|&b| if b == b'\r' { b'b' } else { b }).collect();
                for input in [&bytes, &no_cr] {
                    for after_cr in [false, true] {
                        assert_eq!(
                            line_ends(input, after_cr),
                            naive(input, after_cr),
                            "{len} {density}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn last_line_ends() {
        for len in [0usize, 1, 63, 64, 65, 130, 300] {
            for at in [None, Some(0), Some(len / 2), Some(len.saturating_sub(1))] {
                let mut bytes = vec![b'x'; len];
                if let Some(at) = at.filter(|&at| at < len) {
                    bytes[at] = if at % 2 == 0 { b'\n' } else { b'\r' };
                }
                let naive = bytes.iter().rposition(|&b| b == b'\n' || b == b'\r');
                assert_eq!(last_line_end(&bytes), naive, "{len} {at:?}");
            }
        }
    }

    #[test]
    fn positions_asked_in_any_order() {
        let input = b"ab\ncd\r\nef\rgh\n\nij\r\n\r\nkl\nm";
        let offsets: Vec<u64> = (0..input.len() as u64).collect();
        let orders = [
            offsets.clone(),
            offsets.iter().rev().copied().collect(),
            offsets.iter().map(|&o| (o * 7) % input.len() as u64).collect::<Vec<_>>(),
        ];
        for order in orders {
            let mut src = Source::with_buffer(&input[..], Vec::new(), INITIAL_CAPACITY);
            src.refill(0).expect("in memory");
            // Count to the end first, so that every later question is
            // about bytes counted already.
            src.position(input.len() as u64);
            for &offset in &order {
                assert_eq!(src.position(offset), lines_of(input, offset, 1), "offset {offset}");
            }
        }
    }
}
