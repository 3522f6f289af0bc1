//! The screen between the input and the lexer: it finds binary data in a
//! stream of text (a damaged stretch of a file: a block of zeros, the
//! bytes of an image or of another file) before the lexer reads any of
//! it, so that the reader skips the stretch whole with one diagnostic,
//! instead of reading it as stray tokens, as comments and strings that
//! swallow the next game, and as games made of noise.
//!
//! What binary data is. A *control byte* is a C0 byte other than the
//! white space of text (tab, line feed, vertical tab, form feed, carriage
//! return), or DEL. Text holds none, or a stray one; random bytes hold
//! one in nine, a block of zeros nothing else. Eight control bytes within
//! 256 bytes are binary data.
//!
//! Where a stretch of it starts. When the first of those eight control
//! bytes is a NUL and the bytes of its line before its word (the bytes
//! since the last white space) are plain text (printable ASCII and white
//! space), at that word: a block of zeros cuts a line where it starts,
//! and a game it cuts keeps its moves up to the cut. Otherwise at the
//! start of the line, or of the line before when that line holds a byte
//! that is not plain text either: random bytes seldom show a control byte
//! in their first few bytes, but nearly always a byte of 128 or above.
//! Never more than 4 KiB before the first control byte. Where it ends is
//! [`resumption`]'s: at the next tag pair that starts a line (or comes
//! right after a control byte).
//!
//! The screen lets the lexer read only bytes that can no longer be part
//! of such a stretch; the others (the current line, the line before it
//! when it is not plain text, the lines of control bytes that may yet
//! turn out to start one) are held back until more input decides. What
//! is held back is a few KiB at most, and holding it back changes nothing
//! that is read, since the lexer gives the same tokens over any window:
//! where a stretch starts depends on the bytes alone, not on how they
//! arrive.
//!
//! Cost: each byte is looked at once, 64 at a time where none of them is
//! a control byte or a byte of 128 and above (text, nearly always), and
//! the last line and word of each window once more, backwards.

/// How many control bytes within [`WITHIN`] bytes are binary data.
const CONTROLS: usize = 8;
/// See [`CONTROLS`].
const WITHIN: u64 = 256;
/// How far before its first control byte a stretch of binary data starts
/// at most: what the screen holds back stays within a few times this.
const BACK: u64 = 4096;
/// How far into a line the start of a tag pair is looked for when reading
/// resumes after binary data ([`resumption`]).
const RESUME_SPAN: usize = 256;

/// What the screen found in the bytes it was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Screened {
    /// Text: the lexer may read up to this absolute offset.
    Text(u64),
    /// Binary data starts at this absolute offset: the lexer may read up
    /// to it, and the input is to end there for it.
    Binary(u64),
}

/// A control byte, and where binary data would start if it were the first
/// of eight within 256 bytes.
#[derive(Clone, Copy, Debug, Default)]
struct Control {
    at: u64,
    start: u64,
}

/// The screen's state: where it is, what it knows of the current line and
/// the one before, and the last control bytes. Offsets are absolute.
#[derive(Clone, Debug)]
pub(crate) struct Screen {
    /// The next byte to look at.
    at: u64,
    /// The byte before `at` was a CR (a LF right after it ends no line).
    after_cr: bool,
    /// Where the current line starts.
    line_start: u64,
    /// The first byte of the current line that is not plain text.
    unplain: Option<u64>,
    /// Where the current word starts (after the line's last blank).
    word_start: u64,
    /// Where the line before the current one starts, when it holds a
    /// byte that is not plain text.
    unplain_before: Option<u64>,
    /// The last `CONTROLS - 1` control bytes, a ring indexed by `seen`.
    recent: [Control; CONTROLS - 1],
    /// How many control bytes were seen.
    seen: usize,
    /// Where the binary data found starts.
    found: Option<u64>,
}

impl Screen {
    /// A screen at the absolute offset `at`, the start of a line.
    pub(crate) fn at(at: u64) -> Screen {
        Screen {
            at,
            after_cr: false,
            line_start: at,
            unplain: None,
            word_start: at,
            unplain_before: None,
            recent: [Control::default(); CONTROLS - 1],
            seen: 0,
            found: None,
        }
    }

    /// Looks at the bytes of `window` (the buffer from the absolute offset
    /// `base`, as far as it is filled) that it has not looked at yet; `end`
    /// says whether the input ends with them. Bytes it has not let through
    /// must still be in the window.
    pub(crate) fn screen(&mut self, window: &[u8], base: u64, end: bool) -> Screened {
        if let Some(start) = self.found {
            return Screened::Binary(start);
        }
        let mut i = self.at.saturating_sub(base) as usize;
        while i < window.len() {
            let j = next_special(window, i);
            self.plain(window, base, i, j);
            let Some(&b) = window.get(j) else { break };
            let at = base + j as u64;
            self.unplain.get_or_insert(at);
            self.after_cr = false;
            if is_control(b)
                && let Some(start) = self.control(b, at)
            {
                self.at = at + 1;
                self.found = Some(start);
                return Screened::Binary(start);
            }
            i = j + 1;
        }
        self.at = base + window.len() as u64;
        if end { Screened::Text(self.at) } else { Screened::Text(self.held_from()) }
    }

    /// Takes in `window[i..j]`, which holds no control byte and no byte of
    /// 128 and above: line ends and blanks move the line and the word.
    #[inline]
    fn plain(&mut self, window: &[u8], base: u64, i: usize, j: usize) {
        let Some(run) = window.get(i..j).filter(|run| !run.is_empty()) else { return };
        // The LF of a CR LF whose CR ended the last run ends no line: the
        // line starts after it.
        let skip = usize::from(self.after_cr && run[0] == b'\n');
        if skip == 1 && self.line_start == base + i as u64 {
            self.line_start += 1;
            self.word_start = self.line_start;
        }
        let rest = &run[skip..];
        if let Some(last) = rest.iter().rposition(|&b| is_line_end(b)) {
            // The line end `last` is part of starts at `first` (a CR LF
            // counts once); a line end before it means that the line
            // before the new one lies in the run, plain.
            let first = if rest[last] == b'\n' && last > 0 && rest[last - 1] == b'\r' {
                last - 1
            } else {
                last
            };
            let whole = rest[..first].iter().rev().any(|&b| is_line_end(b));
            self.unplain_before = match self.unplain {
                Some(_) if !whole => Some(self.line_start),
                _ => None,
            };
            self.line_start = base + (i + skip + last + 1) as u64;
            self.unplain = None;
            self.word_start = self.line_start;
        }
        let from = (self.line_start.saturating_sub(base) as usize).max(i);
        if let Some(blank) = window.get(from..j).and_then(|b| b.iter().rposition(|&b| is_blank(b)))
        {
            self.word_start = base + (from + blank + 1) as u64;
        }
        self.after_cr = run[run.len() - 1] == b'\r';
    }

    /// A control byte `b` at `at`: where binary data starts if it is the
    /// eighth within 256 bytes.
    fn control(&mut self, b: u8, at: u64) -> Option<u64> {
        let plain_before_word = self.unplain.is_none_or(|u| u >= self.word_start);
        let start = if b == 0 && plain_before_word && self.word_start > self.line_start {
            self.word_start
        } else {
            self.unplain_before.unwrap_or(self.line_start)
        };
        let start = start.max(at.saturating_sub(BACK));
        let slot = self.seen % (CONTROLS - 1);
        if self.seen >= CONTROLS - 1 {
            let oldest = self.recent[slot];
            if at - oldest.at < WITHIN {
                return Some(oldest.start);
            }
        }
        self.recent[slot] = Control { at, start };
        self.seen += 1;
        None
    }

    /// Where the bytes that may yet turn out to be binary data start: the
    /// start of the stretch any control byte to come, or any of the last
    /// ones, would make.
    fn held_from(&self) -> u64 {
        let to_come =
            self.unplain_before.unwrap_or(self.line_start).max(self.at.saturating_sub(BACK));
        let recent = &self.recent[..self.seen.min(CONTROLS - 1)];
        recent.iter().filter(|c| c.at + WITHIN > self.at).map(|c| c.start).fold(to_come, u64::min)
    }
}

/// Where reading may go on after binary data, found by [`resumption`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Resume {
    /// At this index of the window: a tag pair, or the end of input.
    At(usize),
    /// Not before this index: the window ends before what follows it
    /// shows whether a tag pair starts there. The bytes before it may go.
    NotBefore(usize),
}

/// Where reading goes on after binary data that starts at the window
/// index `from`: at the next tag pair (`[`, blanks, a tag name, blanks and
/// the `"` of its value, within 256 bytes) that starts a line or comes
/// right after a control byte (a block of zeros that ends where a game
/// begins), or at the end of input. Random bytes hold a `[` and a letter
/// after a line end every 150 KB or so, but seldom the rest.
pub(crate) fn resumption(window: &[u8], from: usize, end: bool) -> Resume {
    let mut i = from + 1;
    while let Some(at) = window.get(i..).and_then(|rest| rest.iter().position(|&b| b == b'[')) {
        let at = i + at;
        let after_binary = window.get(at - 1).is_some_and(|&b| is_line_end(b) || is_control(b));
        if after_binary {
            match starts_tag_pair(window.get(at..).unwrap_or_default(), end) {
                Some(true) => return Resume::At(at),
                Some(false) => {}
                None => return Resume::NotBefore(at - 1),
            }
        }
        i = at + 1;
    }
    // The last byte stays: a `[` may follow it.
    if end {
        Resume::At(window.len())
    } else {
        Resume::NotBefore(window.len().saturating_sub(1).max(from))
    }
}

/// Whether `line` starts with a tag pair up to the `"` of its value;
/// `None` if it ends too early to tell and more may follow.
fn starts_tag_pair(line: &[u8], end: bool) -> Option<bool> {
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Part {
        Bracket,
        BeforeName,
        Name,
        AfterName,
    }
    let mut part = Part::Bracket;
    for (i, &b) in line.iter().enumerate() {
        if i == RESUME_SPAN {
            return Some(false);
        }
        part = match (part, b) {
            (Part::Bracket, b'[') => Part::BeforeName,
            (Part::BeforeName, b' ' | b'\t') => Part::BeforeName,
            (Part::BeforeName, b) if b.is_ascii_alphabetic() => Part::Name,
            (Part::Name, b) if b.is_ascii_alphanumeric() || b == b'_' => Part::Name,
            (Part::Name | Part::AfterName, b' ' | b'\t') => Part::AfterName,
            (Part::Name | Part::AfterName, b'"') => return Some(true),
            _ => return Some(false),
        };
    }
    if end || line.len() >= RESUME_SPAN { Some(false) } else { None }
}

/// A control byte: C0 but for tab, LF, VT, FF and CR; or DEL.
#[inline(always)]
fn is_control(b: u8) -> bool {
    b < 0x09 || (0x0e..0x20).contains(&b) || b == 0x7f
}

/// A byte the plain run stops at: a control byte, or one of 128 and above.
/// Written without branches, so that a block of them is tested with
/// vector compares.
#[inline(always)]
fn is_special(b: u8) -> bool {
    (b < 0x09) | (b.wrapping_sub(0x0e) < 0x12) | (b >= 0x7f)
}

/// White space within a line.
#[inline(always)]
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | 0x0b | 0x0c)
}

#[inline(always)]
fn is_line_end(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// The index of the first byte of `bytes` from `i` on that [`is_special`],
/// or `bytes.len()`.
#[inline]
fn next_special(bytes: &[u8], mut i: usize) -> usize {
    const BLOCK: usize = 64;
    while let Some(block) = bytes.get(i..i + BLOCK) {
        if block.iter().fold(0u8, |any, &b| any | u8::from(is_special(b))) != 0 {
            break;
        }
        i += BLOCK;
    }
    let rest = bytes.get(i..).unwrap_or_default();
    rest.iter().position(|&b| is_special(b)).map_or(bytes.len(), |p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::XorShift;

    /// The rule of the module docs, written the plain way: where the
    /// first binary data of `input` starts.
    fn first_binary(input: &[u8]) -> Option<u64> {
        let controls: Vec<usize> = (0..input.len()).filter(|&i| is_control(input[i])).collect();
        let first =
            controls.windows(CONTROLS).find(|w| w[CONTROLS - 1] - w[0] < WITHIN as usize)?[0];
        let after_line_end =
            |to: usize| input[..to].iter().rposition(|&b| is_line_end(b)).map_or(0, |i| i + 1);
        let plain = |b: &u8| (0x20..0x7f).contains(b) || is_blank(*b);
        let line = after_line_end(first);
        let word =
            input[line..first].iter().rposition(|&b| is_blank(b)).map_or(line, |i| line + i + 1);
        let start = if input[first] == 0 && word > line && input[line..word].iter().all(plain) {
            word
        } else if line == 0 {
            0
        } else {
            // The line before: up to its line end (a CR LF counts once).
            let crlf = input[line - 1] == b'\n' && line >= 2 && input[line - 2] == b'\r';
            let end = line - 1 - usize::from(crlf);
            let before = after_line_end(end);
            if input[before..end].iter().all(plain) { line } else { before }
        };
        Some(start.max(first.saturating_sub(BACK as usize)) as u64)
    }

    /// What the screen finds in `input` handed over in pieces ending at
    /// `cuts` (and at its end): where binary data starts, checking that
    /// it never takes back what it let through.
    fn screened(input: &[u8], cuts: &[usize]) -> Option<u64> {
        let mut screen = Screen::at(0);
        let mut through = 0;
        for &cut in cuts.iter().chain([&input.len()]) {
            let end = cut == input.len();
            match screen.screen(&input[..cut], 0, end) {
                Screened::Text(upto) => {
                    assert!(upto >= through && upto <= cut as u64, "{upto} after {through}");
                    through = upto;
                    if end {
                        assert_eq!(upto, input.len() as u64);
                    }
                }
                Screened::Binary(start) => {
                    assert!(start >= through, "binary at {start} after {through} let through");
                    return Some(start);
                }
            }
        }
        None
    }

    /// Random text with control bytes, bytes of 128 and above and line
    /// ends of every kind, in densities that make binary data sometimes.
    fn random_input(rng: &mut XorShift) -> Vec<u8> {
        const TEXT: &[u8] = b"aZ09 .[\"{";
        const OTHER: &[u8] = b"\n\r\t\x0b\x00\x01\x0c\x1b\x7f\xc3\xa9\xff";
        let len = rng.below(1500);
        let other = 2 + rng.below(30);
        (0..len)
            .map(|_| match rng.below(100) {
                n if n < other => OTHER[rng.below(OTHER.len())],
                _ => TEXT[rng.below(TEXT.len())],
            })
            .collect()
    }

    #[test]
    fn the_screen_follows_the_rule_however_the_bytes_arrive() {
        let mut rng = XorShift::new(0x5c2e_e11e);
        let mut found = 0;
        for _ in 0..3000 {
            let input = random_input(&mut rng);
            let expected = first_binary(&input);
            found += usize::from(expected.is_some());
            assert_eq!(screened(&input, &[]), expected, "{input:?}");
            let mut cuts: Vec<usize> = (0..4).map(|_| rng.below(input.len() + 1)).collect();
            cuts.sort_unstable();
            assert_eq!(screened(&input, &cuts), expected, "{input:?} cut at {cuts:?}");
            let every: Vec<usize> = (0..input.len()).collect();
            assert_eq!(screened(&input, &every), expected, "{input:?} byte by byte");
        }
        assert!(found > 300, "{found} inputs with binary data");
    }

    #[test]
    fn binary_data_starts_at_most_4_kib_before_its_control_bytes() {
        let mut input = vec![0xe9];
        input.resize(10_000, b'a');
        input.extend_from_slice(&[1; 8]);
        assert_eq!(screened(&input, &[]), Some(10_000 - BACK));
        assert_eq!(screened(&input, &[5000, 9999]), Some(10_000 - BACK));
    }

    #[test]
    fn what_starts_binary_data() {
        let start = |input: &[u8]| screened(input, &[]);
        // Seven control bytes are no binary data, eight are; eight too
        // far apart are not.
        assert_eq!(start(b"1. e4 \x01\x01\x01\x01\x01\x01\x01 e5"), None);
        assert_eq!(start(b"1. e4 \x01\x01\x01\x01\x01\x01\x01\x01 e5"), Some(0));
        let mut apart = b"1. e4 \x01".to_vec();
        apart.extend_from_slice(&[b'a'; 255]);
        apart.extend_from_slice(&[1; 7]);
        assert_eq!(start(&apart), None);
        // Zeros cut a line of text at their word; other control bytes take
        // the whole line, and a line before that is not plain text.
        assert_eq!(start(b"[Event \"x\"]\n1. e4 Nc\0\0\0\0\0\0\0\0"), Some(18));
        assert_eq!(start(b"[Event \"x\"]\n1. e4 Nc\x01\x01\x01\x01\x01\x01\x01\x01"), Some(12));
        assert_eq!(start(b"[Event \"x\"]\n1. \xe9 Nc\0\0\0\0\0\0\0\0"), Some(12));
        assert_eq!(start(b"1-0\n\xf1\xa2\r\n\x01\x02\x03\x04\x05\x06\x07\x08"), Some(4));
        assert_eq!(start(b"1-0\n\r\n\x01\x02\x03\x04\x05\x06\x07\x08"), Some(6));
    }

    #[test]
    fn reading_resumes_at_a_tag_pair_after_a_line_end_or_a_control_byte() {
        let resume = |window: &[u8], end| resumption(window, 0, end);
        assert_eq!(resume(b"\0\0[Event \"x\"]", false), Resume::At(2));
        assert_eq!(resume(b"\0\n [Event \"x\"]\n[ Site\t\"?\"]", false), Resume::At(15));
        assert_eq!(resume(b"\0 [Event \"x\"]", true), Resume::At(13));
        // Not a tag pair: no quote, no name, a name that starts with a digit.
        let none = b"\0\n[Event x]\n[\"x\"]\n[1a \"x\"]\n";
        assert_eq!(resume(none, true), Resume::At(none.len()));
        // Too early to tell: the bytes from the line end on are kept.
        assert_eq!(resume(b"\x01\x02\n[Eve", false), Resume::NotBefore(2));
        assert_eq!(resume(b"\x01\x02\n[Eve", true), Resume::At(7));
        assert_eq!(resume(b"\x01\x02\x03", false), Resume::NotBefore(2));
        // A name and blanks of 256 bytes are no tag pair.
        let mut long = b"\0\n[".to_vec();
        long.extend_from_slice(&[b'a'; 300]);
        assert_eq!(resume(&long, false), Resume::NotBefore(long.len() - 1));
    }
}
