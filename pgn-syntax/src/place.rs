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

    /// The input's bytes just before the element, as far back as the
    /// reader still holds them: possibly none (an element the reader kept
    /// for later, or one at the start of the reader's window). For a look
    /// at what precedes an element on a rare path, such as the move
    /// number written before a move that cannot be played.
    pub fn preceding(&self) -> &[u8] {
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
