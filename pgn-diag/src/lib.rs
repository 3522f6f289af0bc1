//! The vocabulary that every crate of the toolkit uses to report a problem
//! in its input: where it is ([`Location`]), how bad it is
//! ([`Severity`]), and how a message quotes the input ([`Shown`]: escaped,
//! and cut, so that no input makes a long message).
//!
//! It is a leaf crate of its own so that crates that must not know each
//! other (`fen-epd` reads no PGN; `pgn-syntax` knows no chess rules) still
//! speak of places and severities with the same two types, and a program
//! that merges their diagnostics sorts and counts them as one list.
//!
//! # Example
//!
//! ```
//! use pgn_diag::{Location, Severity};
//!
//! let at = Location { offset: 61, line: 3, column: 12 };
//! assert_eq!(at.to_string(), "3:12");
//! assert!(Severity::Error > Severity::Warning);
//! assert!(Severity::Warning > Severity::Note);
//! assert_eq!(Severity::Warning.to_string(), "warning");
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for [`Location`] (an object
//!   of `offset`, `line` and `column`) and [`Severity`] (`"note"`,
//!   `"warning"`, `"error"`), and the module `bytes`, which every crate
//!   above uses to write input bytes as text (or as bytes when they are
//!   not UTF-8).

use std::fmt;

#[cfg(feature = "serde")]
pub mod bytes;
mod shown;

pub use shown::Shown;

/// A place in an input: byte offset (0-based), line and column (1-based;
/// the column counts bytes). CR LF, lone CR and LF each end a line.
///
/// The offset counts from the start of what was read: the whole input for
/// the readers of files, the record or string for a value parsed alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Location {
    /// Byte offset from the start of the input, from 0.
    pub offset: u64,
    /// Line number, from 1.
    pub line: u64,
    /// Column in bytes, from 1.
    pub column: u64,
}

impl Location {
    /// The place as seen from `start` further back in the input: a place
    /// read by a reader that started at `start` (a line start, so the
    /// column stays), moved to its place in the whole input.
    ///
    /// ```
    /// use pgn_diag::Location;
    ///
    /// let in_piece = Location { offset: 5, line: 2, column: 3 };
    /// let start = Location { offset: 100, line: 10, column: 1 };
    /// assert_eq!(in_piece.after(start), Location { offset: 105, line: 11, column: 3 });
    /// ```
    pub fn after(self, start: Location) -> Location {
        Location {
            offset: self.offset + start.offset,
            line: self.line + start.line - 1,
            column: self.column,
        }
    }
}

impl fmt::Display for Location {
    /// `LINE:COLUMN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// How bad a problem is. Ordered: a note is less than a warning, a
/// warning less than an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// The input departs from the letter of the standard in a way that is
    /// common and harmless (a line longer than 255 bytes): a conformance
    /// note, which programs show only on request.
    Note,
    /// The input breaks the standard, but was read as its writer meant it:
    /// nothing was lost.
    Warning,
    /// Part of the input could not be read or used, and was skipped or
    /// rejected.
    Error,
}

impl fmt::Display for Severity {
    /// `note`, `warning` or `error`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
