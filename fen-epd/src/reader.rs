//! [`EpdReader`]: the records of a whole EPD file, one per line, each
//! parsed on its own so that a bad record never stops the rest.

use crate::diagnostic::{EpdDiagnostic, EpdError, EpdWarning, EpdWarningKind, Location};
use crate::epd::Epd;
use crate::raw::Context;

/// One record of a file: where it is and what came of it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct EpdLine {
    /// The line number, from 1.
    pub line: u64,
    /// The byte offset of the line's start in the input.
    pub offset: u64,
    /// The record, or why it was rejected.
    pub result: Result<Epd, EpdError>,
    /// The leniencies used (ruling D4), also for a rejected record.
    pub warnings: Vec<EpdWarning>,
}

impl EpdLine {
    /// The error (if any) and the warnings, in input order.
    pub fn diagnostics(&self) -> Vec<EpdDiagnostic> {
        let mut out: Vec<EpdDiagnostic> =
            self.warnings.iter().cloned().map(EpdDiagnostic::from).collect();
        if let Err(e) = &self.result {
            out.push(EpdDiagnostic::from(e.clone()));
        }
        out.sort_by_key(EpdDiagnostic::location);
        out
    }
}

/// An iterator over the records of an EPD file held in memory.
///
/// Lines end with LF, CR LF or a lone CR. Blank lines and lines whose first
/// non-blank byte is `#` (comments, as in python-chess's files) are
/// skipped; [`skipped_lines`](EpdReader::skipped_lines) counts them. A
/// UTF-8 byte order mark at the start is skipped with a warning on the
/// first record. Offsets in diagnostics and in the records' operations are
/// counted from the start of the input.
///
/// ```
/// use fen_epd::EpdReader;
///
/// let file = b"# a test suite\n\
///     4k3/8/8/8/8/8/8/4K3 w - - id \"one\";\n\
///     \n\
///     4k3/8/8/8/8/8/8/4K3 w - - id \"two;\n\
///     4k3/8/8/8/8/8/8/4K3 w - - id \"three\"\n";
/// let records: Vec<_> = EpdReader::new(file).collect();
/// assert_eq!(records.iter().map(|r| r.line).collect::<Vec<_>>(), [2, 4, 5]);
/// assert!(records[0].result.is_ok());
/// let err = records[1].result.as_ref().unwrap_err();
/// assert_eq!(err.to_string(), "4:30: unterminated string");
/// assert_eq!(records[2].warnings[0].to_string(), "5:37: last operation has no semicolon");
/// ```
#[derive(Clone, Debug)]
pub struct EpdReader<'a> {
    input: &'a [u8],
    pos: usize,
    line: usize,
    skipped: usize,
    byte_order_mark: bool,
}

impl<'a> EpdReader<'a> {
    /// A reader over the whole input.
    pub fn new(input: &'a [u8]) -> EpdReader<'a> {
        let byte_order_mark = input.starts_with(b"\xEF\xBB\xBF");
        EpdReader {
            input,
            pos: if byte_order_mark { 3 } else { 0 },
            line: 0,
            skipped: 0,
            byte_order_mark,
        }
    }

    /// How many blank and comment lines were skipped so far.
    pub fn skipped_lines(&self) -> usize {
        self.skipped
    }

    /// The next line: its start, its end (before the line ending) and
    /// its number.
    fn next_line(&mut self) -> Option<(usize, usize)> {
        if self.pos >= self.input.len() {
            return None;
        }
        let start = self.pos;
        let rest = &self.input[start..];
        let len = rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len());
        let end = start + len;
        self.pos = match &self.input[end..] {
            [b'\r', b'\n', ..] => end + 2,
            [] => end,
            _ => end + 1,
        };
        self.line += 1;
        Some((start, end))
    }
}

impl Iterator for EpdReader<'_> {
    type Item = EpdLine;

    fn next(&mut self) -> Option<EpdLine> {
        loop {
            let (start, end) = self.next_line()?;
            let text = &self.input[start..end];
            match text.iter().find(|&&b| b != b' ' && b != b'\t') {
                None | Some(b'#') => {
                    self.skipped += 1;
                    continue;
                }
                Some(_) => {}
            }
            let line_start = if self.line == 1 { 0 } else { start };
            let ctx = Context { base: start, line: self.line, line_start };
            let mut warnings = Vec::new();
            if std::mem::take(&mut self.byte_order_mark) {
                warnings.push(EpdWarning {
                    kind: EpdWarningKind::ByteOrderMark,
                    location: Location { offset: 0, line: 1, column: 1 },
                });
            }
            let result = Epd::parse(text, ctx, &mut warnings);
            return Some(EpdLine {
                line: self.line as u64,
                offset: start as u64,
                result,
                warnings,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{EpdErrorKind, Severity};

    #[test]
    fn lines_and_places() {
        let input = b"\xEF\xBB\xBF4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\r\n  # note\r\n\r\n\
            4k3/8/8/8/8/8/8/4K3 w - - id \"b\" \"c\";\r4k3/8/8/8/8/8/8/4K3 w - - bm e4 ;";
        let mut reader = EpdReader::new(input);
        let records: Vec<EpdLine> = reader.by_ref().collect();
        assert_eq!(reader.skipped_lines(), 2);
        assert_eq!(records.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 4, 5]);
        assert_eq!(records[0].warnings[0].kind, EpdWarningKind::ByteOrderMark);
        let epd = records[0].result.as_ref().expect("valid");
        // The BOM counts in the column of the first line.
        let id = epd.operation_by_name("id").and_then(|op| op.location).expect("place");
        assert_eq!((id.offset, id.line, id.column), (29, 1, 30));
        let err = records[1].result.as_ref().expect_err("two operands");
        assert!(matches!(err.kind, EpdErrorKind::OperandCount { found: 2, .. }));
        assert_eq!(err.location.line, 4);
        assert_eq!(err.location.offset, records[1].offset + 26);
        assert_eq!(err.location.column, 27);
        assert!(records[2].result.is_ok());
        let diags = records[2].diagnostics();
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].severity(), Severity::Warning);
        assert_eq!(diags[0].to_string(), "5:32: warning: separator other than a single space");
        let diags = records[1].diagnostics();
        assert_eq!(diags[0].severity(), Severity::Error);
    }

    #[test]
    fn empty_and_odd_inputs() {
        assert_eq!(EpdReader::new(b"").count(), 0);
        assert_eq!(EpdReader::new(b"\n\n\r\n#\n").count(), 0);
        assert_eq!(EpdReader::new(b"\xEF\xBB").count(), 1);
        let records: Vec<EpdLine> = EpdReader::new(b"x\ny\n\nz").collect();
        assert_eq!(records.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 2, 4]);
        assert!(records.iter().all(|r| r.result.is_err()));
    }
}
