//! Where an element is in the input: [`Place`], handed to visitors with
//! each element, which computes the line and column only when asked (a
//! [`Location`], the shared type of the `pgn-diag` crate).

pub use pgn_diag::Location;

use crate::source::LineIndex;

/// The place of an element in the input, as the reader hands it to a
/// [`Visitor`](crate::Visitor): the byte offset at once, the line and
/// column on demand (the reader counts lines lazily; asking costs a count
/// of the bytes since the last question, so ask only when needed).
#[derive(Debug)]
pub struct Place<'a> {
    offset: u64,
    how: Locate<'a>,
}

/// How a [`Place`] finds its line and column.
#[derive(Debug)]
enum Locate<'a> {
    /// By counting lines in the reader's window.
    Count { window: &'a [u8], base: u64, lines: &'a mut LineIndex },
    /// Already known (an element the reader kept for later, such as a
    /// comment before a game's tags).
    Known(Location),
}

/// A move number indication as written (§8.2.2): the number and the
/// periods after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// The periods after it (`5.` has 1, `5...` has 3).
    pub periods: u8,
}

impl MoveNumber {
    /// The indication at the end of `before` (the input just before a
    /// move): digits then periods, after white space or a bracket (or
    /// nothing), then white space. `None` when there is none, as after
    /// `e5 ` (a square is no number).
    pub fn before(before: &[u8]) -> Option<MoveNumber> {
        let trimmed = before.trim_ascii_end();
        let periods = trimmed.iter().rev().take_while(|&&b| b == b'.').count();
        let numbered = &trimmed[..trimmed.len() - periods];
        let digits = numbered.iter().rev().take_while(|b| b.is_ascii_digit()).count();
        let start = numbered.len() - digits;
        let delimited = match start.checked_sub(1).map(|i| numbered[i]) {
            None => true,
            Some(b) => b.is_ascii_whitespace() || matches!(b, b'(' | b')' | b'{' | b'}'),
        };
        if digits == 0 || !delimited {
            return None;
        }
        let number = std::str::from_utf8(&numbered[start..]).ok()?.parse().ok()?;
        Some(MoveNumber { number, periods: u8::try_from(periods).unwrap_or(u8::MAX) })
    }

    /// The indication as text, into `out` (cleared first).
    pub fn write_to(self, out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(self.number.to_string().as_bytes());
        out.extend(std::iter::repeat_n(b'.', usize::from(self.periods)));
    }
}

impl<'a> Place<'a> {
    pub(crate) fn new(
        offset: u64,
        window: &'a [u8],
        base: u64,
        lines: &'a mut LineIndex,
    ) -> Place<'a> {
        Place { offset, how: Locate::Count { window, base, lines } }
    }

    /// A place whose line and column are already known.
    pub(crate) fn known(at: Location) -> Place<'static> {
        Place { offset: at.offset, how: Locate::Known(at) }
    }

    /// The absolute byte offset (from the start of the input, 0-based).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The move number indication written just before the element (a
    /// move), if any: `5.`, `12...`, `7`, after white space or a bracket.
    /// Found in the bytes the reader still holds, so possibly missed at
    /// the start of its window.
    pub fn move_number_before(&self) -> Option<MoveNumber> {
        MoveNumber::before(self.preceding())
    }

    /// The input's bytes just before the element, as far back as the
    /// reader still holds them: possibly none (an element the reader kept
    /// for later, or one at the start of the reader's window).
    fn preceding(&self) -> &[u8] {
        match &self.how {
            Locate::Count { window, base, .. } => {
                let end = usize::try_from(self.offset.saturating_sub(*base)).unwrap_or(usize::MAX);
                window.get(..end).unwrap_or_default()
            }
            Locate::Known(_) => &[],
        }
    }

    /// The offset, line and column (both from 1; the column counts bytes).
    pub fn locate(&mut self) -> Location {
        match &mut self.how {
            Locate::Count { window, base, lines } => {
                let (line, column) = lines.position(window, *base, self.offset);
                Location { offset: self.offset, line, column }
            }
            Locate::Known(at) => *at,
        }
    }
}

#[cfg(test)]
mod move_number_tests {
    use super::MoveNumber;

    #[test]
    fn the_number_before_a_move_is_found_as_written() {
        let found = |before: &[u8]| MoveNumber::before(before).map(|n| (n.number, n.periods));
        assert_eq!(found(b"4. Ba4 Nf6 5. "), Some((5, 1)));
        assert_eq!(found(b"{c} 12... "), Some((12, 3)));
        assert_eq!(found(b"(7 "), Some((7, 0)));
        assert_eq!(found(b"7"), Some((7, 0)));
        // A move's square is no number; nor is nothing, nor a number too
        // long for a move.
        assert_eq!(found(b"1. e4 e5 "), None);
        assert_eq!(found(b"Nf3 "), None);
        assert_eq!(found(b""), None);
        assert_eq!(found(b"..."), None);
        assert_eq!(found(b" 99999999999. "), None);
        let mut text = Vec::new();
        MoveNumber { number: 12, periods: 3 }.write_to(&mut text);
        assert_eq!(text, b"12...");
    }
}
