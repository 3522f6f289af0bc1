//! Where a game starts, seen from anywhere in a file, and reading a file
//! by byte ranges: the parts of one file that several processes or
//! machines read, each its own, with no game read twice or lost.
//!
//! **A game start** ([`is_game_start`]) is a line that begins with `[`, a
//! tag name and the opening quote of a value (`[Event "`), at the start
//! of the file or after an empty line (a line of nothing but spaces, tabs
//! or a CR). It is decided by the bytes around it alone, so a reader can
//! find one from any offset. Every game exported by the standard's rules
//! after the first starts so; the [`ParallelReader`](crate::ParallelReader)
//! cuts its pieces at such lines, and byte ranges begin at them.
//!
//! **A range** `START..END` holds the games that begin at the game starts
//! in it: [`locate`] moves `START` to the first game start at or after it
//! and `END` likewise, and reading exactly the bytes between reads those
//! games, the last one to its end past `END`. Ranges that meet (`0..100`,
//! `100..200`, …) therefore give each game of the file once, in order
//! ([`balanced`] makes such a set).
//!
//! **What a range cannot see:** what comes before it. A line that looks
//! like a game start inside a multi-line comment (an empty line, then
//! `[Event "` in the comment) is taken for one: the range before it ends
//! in the middle of that comment, and the range from it begins there, so
//! both report an error for that game (an unterminated comment, moves
//! that make no sense) where one read of the whole file reads it cleanly.
//! Nothing is lost silently. A game that follows another with no empty
//! line between them is no game start: it belongs to the range of the
//! game before it. Lines and game numbers are counted from where a range
//! begins; byte offsets are the file's.

use std::fmt;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;
use std::str::FromStr;

/// Whether a game starts at `at` in `text` ([module docs](self)): `text`
/// holds what comes before `at` back to the start of the line before
/// (or from the start of the input), and the line from `at` to its
/// value's opening quote. Without those bytes, it answers no.
///
/// ```
/// use pgn_syntax::ranges::is_game_start;
///
/// let pgn = b"[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n";
/// let starts: Vec<usize> = (0..pgn.len()).filter(|&i| is_game_start(pgn, i)).collect();
/// assert_eq!(starts, [0, 22]);
/// ```
pub fn is_game_start(text: &[u8], at: usize) -> bool {
    opens_tag_line(text.get(at..).unwrap_or_default())
        && text.get(..at).is_some_and(|before| before.is_empty() || after_empty_line(before))
}

/// The first game start at or after `from` in `text`.
pub fn next_game_start(text: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(found) = text.get(i..)?.iter().position(|&b| b == b'[') {
        let at = i + found;
        if is_game_start(text, at) {
            return Some(at);
        }
        i = at + 1;
    }
    None
}

/// The last game start at or after `from` in `text`.
pub fn last_game_start(text: &[u8], from: usize) -> Option<usize> {
    let mut end = text.len();
    while end > from {
        let at = text.get(from..end)?.iter().rposition(|&b| b == b'[')? + from;
        if is_game_start(text, at) {
            return Some(at);
        }
        end = at;
    }
    None
}

/// Whether `line` begins with `[`, a tag name and a value's opening
/// quote, spaces or tabs allowed between them.
fn opens_tag_line(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else { return false };
    let rest = trim_blanks(rest);
    let name = rest.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
    if name == 0 || !rest[0].is_ascii_alphabetic() {
        return false;
    }
    let rest = &rest[name..];
    let value = trim_blanks(rest);
    value.len() < rest.len() && value.first() == Some(&b'"')
}

/// `bytes` without its leading spaces and tabs.
fn trim_blanks(bytes: &[u8]) -> &[u8] {
    let blanks = bytes.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    &bytes[blanks..]
}

/// Whether `before` ends with a line end that ends an empty line: the
/// line before it holds nothing but spaces, tabs or a CR, and has a line
/// end before it or starts the input.
fn after_empty_line(before: &[u8]) -> bool {
    let Some(rest) = before.strip_suffix(b"\n") else { return false };
    let blank = rest.iter().rev().take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r')).count();
    let rest = &rest[..rest.len() - blank];
    rest.is_empty() || rest.ends_with(b"\n")
}

/// A range of bytes of a file, `start..end`; `end` is `None` for the rest
/// of the file (`START..`). Read as text as `START..END` or `START..`.
///
/// ```
/// use pgn_syntax::ranges::ByteRange;
///
/// let range: ByteRange = "1000..2000".parse()?;
/// assert_eq!((range.start, range.end), (1000, Some(2000)));
/// assert_eq!("5..".parse::<ByteRange>()?.to_string(), "5..");
/// assert!("2000..1000".parse::<ByteRange>().is_err());
/// # Ok::<_, pgn_syntax::ranges::RangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByteRange {
    /// The first byte.
    pub start: u64,
    /// One past the last byte; `None` for the end of the file.
    pub end: Option<u64>,
}

/// Why a text is not a byte range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a byte range: {0} (expected START..END or START.., in bytes, START at most END)")]
pub struct RangeError(String);

impl FromStr for ByteRange {
    type Err = RangeError;

    fn from_str(text: &str) -> Result<ByteRange, RangeError> {
        let quoted = || RangeError(format!("{:?}", text.chars().take(60).collect::<String>()));
        let (start, end) = text.split_once("..").ok_or_else(quoted)?;
        let number = |digits: &str| -> Result<u64, RangeError> {
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(quoted());
            }
            digits.parse().map_err(|_| quoted())
        };
        let start = number(start)?;
        let end = if end.is_empty() { None } else { Some(number(end)?) };
        if end.is_some_and(|end| end < start) {
            return Err(quoted());
        }
        Ok(ByteRange { start, end })
    }
}

impl fmt::Display for ByteRange {
    /// `START..END`, or `START..`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.end {
            Some(end) => write!(f, "{}..{end}", self.start),
            None => write!(f, "{}..", self.start),
        }
    }
}

/// How many bytes are read at a time while looking for a game start.
const LOOK: usize = 64 << 10;

/// How far back from an offset [`locate`] reads to see the empty line
/// before a game start there: a blank line of spaces longer than this
/// is not seen.
const BACK: u64 = 256;

/// The bytes of `input` (of `len` bytes) that hold the games of `range`:
/// from the first game start at or after its start to the first at or
/// after its end (or to the end of the input). Empty when no game starts
/// in the range. Reading exactly these bytes reads the range's games.
///
/// # Errors
///
/// Errors of reading or seeking `input`.
///
/// ```
/// use std::io::Cursor;
/// use pgn_syntax::ranges::{locate, ByteRange};
///
/// let pgn = b"[Event \"A\"]\n\n1. e4 *\n\n[Event \"B\"]\n\n1. d4 *\n";
/// let mut file = Cursor::new(&pgn[..]);
/// let len = pgn.len() as u64;
/// // Game B starts at byte 22: a range from 1 to 30 holds it alone.
/// assert_eq!(locate(&mut file, len, "1..30".parse()?)?, 22..len);
/// assert_eq!(locate(&mut file, len, "0..22".parse()?)?, 0..22);
/// assert_eq!(locate(&mut file, len, "23..".parse()?)?, len..len);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn locate<R: Read + Seek>(input: &mut R, len: u64, range: ByteRange) -> io::Result<Range<u64>> {
    let start = next_start(input, len, range.start)?;
    let end = match range.end {
        Some(end) if end < len => next_start(input, len, end.max(start))?,
        _ => len,
    };
    Ok(start..end.max(start))
}

/// The first game start at or after `from` in `input` (of `len` bytes),
/// or `len`.
fn next_start<R: Read + Seek>(input: &mut R, len: u64, from: u64) -> io::Result<u64> {
    if from == 0 || from >= len {
        return Ok(from.min(len));
    }
    // The bytes looked at begin a little before `from`, for the empty line
    // before a start there; starts are looked for from `look` on.
    let mut base = from.saturating_sub(BACK);
    let mut look = usize::try_from(from - base).unwrap_or(0);
    let mut buf = Vec::with_capacity(LOOK + 2 * BACK as usize);
    input.seek(SeekFrom::Start(base))?;
    loop {
        let got = input.by_ref().take(LOOK as u64).read_to_end(&mut buf)?;
        let ended = got == 0 || base + buf.len() as u64 >= len;
        // A start is decided once its line is whole: before the last line
        // end read, or anywhere once the input has ended.
        let decided = if ended {
            buf.len()
        } else {
            buf.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        if look < decided
            && let Some(at) = next_game_start(&buf[..decided], look)
        {
            return Ok(base + at as u64);
        }
        if ended {
            return Ok(len);
        }
        // What is decided is dropped but for a little before the place
        // to look from next, for the empty line before a start there.
        look = look.max(decided);
        let drop = look.saturating_sub(BACK as usize);
        buf.drain(..drop);
        base += drop as u64;
        look -= drop;
    }
}

/// `parts` ranges of `input` (of `len` bytes) of about the same size,
/// each from a game start to the next range's start, together the whole
/// input: the parts to give out, one to a process. Fewer when the input
/// has fewer game starts than parts; none for an empty input.
///
/// # Errors
///
/// Errors of reading or seeking `input`.
pub fn balanced<R: Read + Seek>(
    input: &mut R,
    len: u64,
    parts: usize,
) -> io::Result<Vec<Range<u64>>> {
    let parts = parts.max(1) as u64;
    let mut cuts = vec![0];
    for k in 1..parts {
        // k * len / parts, without overflow for any length.
        let at = u64::try_from(u128::from(len) * u128::from(k) / u128::from(parts)).unwrap_or(len);
        let cut = next_start(input, len, at)?;
        if cut > *cuts.last().unwrap_or(&0) && cut < len {
            cuts.push(cut);
        }
    }
    cuts.push(len);
    Ok(cuts.windows(2).filter(|w| w[0] < w[1]).map(|w| w[0]..w[1]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn game_starts_are_tag_lines_after_empty_lines() {
        let yes: &[&[u8]] = &[
            b"[Event \"x\"]",
            b"x\n\n[Event \"x\"]",
            b"x\r\n\r\n[Event \"x\"]",
            b"x\n \t\r\n[White\t\"x\"]",
            b"x\n\n[ Event \"",
            b"x\n\n[e_1 \"",
        ];
        let no: &[&[u8]] = &[
            b"x\n[Event \"x\"]",
            b"x\n\n[Event\"x\"]",
            b"x\n\n[Event x]",
            b"x\n\n[1Event \"x\"]",
            b"x\n\n[\"x\"]",
            b"x\n\n[Event ",
            b"x\n\n [Event \"x\"]",
            b"x\nabc\n[Event \"x\"]",
        ];
        for text in yes {
            let at = text.iter().position(|&b| b == b'[').expect("a bracket");
            assert!(is_game_start(text, at), "{:?}", String::from_utf8_lossy(text));
        }
        for text in no {
            let at = text.iter().position(|&b| b == b'[').expect("a bracket");
            assert!(!is_game_start(text, at), "{:?}", String::from_utf8_lossy(text));
        }
    }

    /// Game starts of `text` found from every offset through `locate`
    /// are those found in memory.
    #[test]
    fn located_starts_are_the_starts_in_memory() {
        let mut text = Vec::new();
        for i in 0..40 {
            text.extend_from_slice(
                format!("[Event \"{i}\"]\n\n1. e4 {{\n\n[X \"y\"] }} *\n").as_bytes(),
            );
            text.extend_from_slice(" ".repeat(i * 7).as_bytes());
            text.extend_from_slice(b"\n");
        }
        let len = text.len() as u64;
        let mut file = Cursor::new(&text[..]);
        for from in 0..text.len() {
            let expected = next_game_start(&text, from).map_or(len, |at| at as u64);
            let found = next_start(&mut file, len, from as u64).expect("in memory");
            assert_eq!(found, expected, "from {from}");
        }
    }

    #[test]
    fn balanced_parts_cover_the_input_at_game_starts() {
        let text = "[Event \"x\"]\n\n1. e4 e5 *\n\n".repeat(1000);
        let len = text.len() as u64;
        let mut file = Cursor::new(text.as_bytes());
        for parts in [1, 2, 3, 7, 1000, 5000] {
            let ranges = balanced(&mut file, len, parts).expect("in memory");
            assert_eq!(ranges.len(), parts.min(1000), "{parts} parts");
            assert_eq!(ranges.first().map(|r| r.start), Some(0));
            assert_eq!(ranges.last().map(|r| r.end), Some(len));
            for w in ranges.windows(2) {
                assert_eq!(w[0].end, w[1].start);
            }
            for r in &ranges {
                assert!(is_game_start(text.as_bytes(), r.start as usize));
                let size = r.end - r.start;
                let ideal = len / parts.min(1000) as u64;
                assert!(size.abs_diff(ideal) <= 26, "{parts} parts: {size} against {ideal}");
            }
        }
        assert!(balanced(&mut Cursor::new(&b""[..]), 0, 4).expect("in memory").is_empty());
    }
}
