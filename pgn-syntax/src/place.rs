//! Where an element is in the input: [`Place`], handed to visitors with
//! each move, which computes the line and column only when asked (a
//! [`Location`], the shared type of the `diag` crate).

pub use diag::Location;

use crate::source::LineIndex;

/// The place of a movetext element in the input, as the reader hands it to
/// [`Visitor::san`](crate::Visitor::san): the byte offset at once, the line
/// and column on demand (the reader counts lines lazily; asking costs a
/// count of the bytes since the last question, so ask only when a
/// diagnostic needs it).
#[derive(Debug)]
pub struct Place<'a> {
    offset: u64,
    window: &'a [u8],
    base: u64,
    lines: &'a mut LineIndex,
}

impl<'a> Place<'a> {
    pub(crate) fn new(
        offset: u64,
        window: &'a [u8],
        base: u64,
        lines: &'a mut LineIndex,
    ) -> Place<'a> {
        Place { offset, window, base, lines }
    }

    /// The absolute byte offset (from the start of the input, 0-based).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The offset, line and column (both from 1; the column counts bytes).
    pub fn locate(&mut self) -> Location {
        let (line, column) = self.lines.position(self.window, self.base, self.offset);
        Location { offset: self.offset, line, column }
    }
}
