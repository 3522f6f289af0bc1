//! Tables written as data: `--format tsv|csv|json`, the one flag of every
//! command that writes rows (`pgn moves`, `pgn select --columns`).
//!
//! Cells are UTF-8: text that is not is decoded as cp1252 or Latin-1
//! (ruling E14). TSV has a header line, and control characters (tabs,
//! line ends) in a cell become spaces; CSV (RFC 4180) has a header line
//! and quotes a cell when it must; JSON is one object a line, keyed by
//! the column names, an empty cell `null` and a number cell a JSON number.

use std::io::{self, Write};

use clap::ValueEnum;
use pgn_syntax::{Decoding, decode};

/// How a table is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum TableFormat {
    /// Tab-separated values with a header line.
    #[default]
    Tsv,
    /// Comma-separated values (RFC 4180) with a header line.
    Csv,
    /// One JSON object a line.
    Json,
}

/// A cell of a row.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cell<'a> {
    /// Text.
    Text(&'a [u8]),
    /// A number, written as it is (digits, a sign, a point); a string in
    /// JSON when it is not a JSON number (`#-3`).
    Number(&'a [u8]),
    /// Nothing: empty, or `null` in JSON.
    Empty,
}

/// Writes rows of the columns it was made with.
#[derive(Debug)]
pub(crate) struct Table {
    format: TableFormat,
    columns: Vec<String>,
}

impl Table {
    pub(crate) fn new(format: TableFormat, columns: Vec<String>) -> Table {
        Table { format, columns }
    }

    /// The header line (none for JSON).
    pub(crate) fn header(&self, out: &mut impl Write) -> io::Result<()> {
        if self.format == TableFormat::Json {
            return Ok(());
        }
        let cells: Vec<Cell<'_>> = self.columns.iter().map(|c| Cell::Text(c.as_bytes())).collect();
        self.row(out, &cells)
    }

    /// A row, its cells in the order of the columns.
    pub(crate) fn row(&self, out: &mut impl Write, cells: &[Cell<'_>]) -> io::Result<()> {
        let mut line = Vec::with_capacity(64);
        self.cells(&mut line, 0, cells, true);
        out.write_all(&line)
    }

    /// Appends to `line` the cells of the columns from `from` on: from the
    /// first column, they begin a row; with `end`, they end it. A row
    /// may so be written in two parts, one begun and one ended, made
    /// apart (on different threads).
    pub(crate) fn cells(&self, line: &mut Vec<u8>, from: usize, cells: &[Cell<'_>], end: bool) {
        match self.format {
            TableFormat::Tsv | TableFormat::Csv => {
                let csv = self.format == TableFormat::Csv;
                for (i, cell) in cells.iter().enumerate() {
                    if i + from > 0 {
                        line.push(if csv { b',' } else { b'\t' });
                    }
                    let bytes = match *cell {
                        Cell::Text(bytes) | Cell::Number(bytes) => bytes,
                        Cell::Empty => b"",
                    };
                    separated(line, &decode(bytes, Decoding::Auto), csv);
                }
            }
            TableFormat::Json => {
                if from == 0 {
                    line.push(b'{');
                }
                let named = self.columns.iter().skip(from).zip(cells);
                for (i, (name, cell)) in named.enumerate() {
                    if i + from > 0 {
                        line.push(b',');
                    }
                    json_string(line, name);
                    line.push(b':');
                    match *cell {
                        Cell::Empty => line.extend_from_slice(b"null"),
                        Cell::Number(bytes) if is_json_number(bytes) => {
                            line.extend_from_slice(bytes);
                        }
                        Cell::Text(bytes) | Cell::Number(bytes) => {
                            json_string(line, &decode(bytes, Decoding::Auto));
                        }
                    }
                }
                if end {
                    line.push(b'}');
                }
            }
        }
        if end {
            line.push(b'\n');
        }
    }
}

/// A TSV or CSV cell.
fn separated(out: &mut Vec<u8>, text: &str, csv: bool) {
    if !csv {
        // Control characters (tabs and line ends among them) as spaces.
        let mut buf = [0; 4];
        for c in text.chars() {
            let c = if c.is_control() { ' ' } else { c };
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    } else if text.bytes().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')) {
        out.push(b'"');
        for b in text.bytes() {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(text.as_bytes());
    }
}

/// A JSON string, escaped (RFC 8259).
fn json_string(out: &mut Vec<u8>, text: &str) {
    out.push(b'"');
    for c in text.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if c.is_control() => {
                out.extend_from_slice(format!("\\u{:04x}", u32::from(c)).as_bytes());
            }
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// True if `bytes` is a JSON number: `-`? digits (no leading zero but
/// `0`), then `.` digits if any.
fn is_json_number(bytes: &[u8]) -> bool {
    let digits = bytes.strip_prefix(b"-").unwrap_or(bytes);
    let (int, frac) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) => (&digits[..dot], Some(&digits[dot + 1..])),
        None => (digits, None),
    };
    let all_digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    all_digits(int) && (int.len() == 1 || int[0] != b'0') && frac.is_none_or(all_digits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(format: TableFormat, cells: &[Cell<'_>]) -> String {
        let table = Table::new(format, vec!["a".into(), "b c".into(), "d".into()]);
        let mut out = Vec::new();
        table.header(&mut out).unwrap();
        table.row(&mut out, cells).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_format() {
        let cells = [Cell::Text(b"x,\"y\"\tz"), Cell::Number(b"-0.5"), Cell::Empty];
        assert_eq!(write(TableFormat::Tsv, &cells), "a\tb c\td\nx,\"y\" z\t-0.5\t\n");
        assert_eq!(write(TableFormat::Csv, &cells), "a,b c,d\n\"x,\"\"y\"\"\tz\",-0.5,\n");
        assert_eq!(
            write(TableFormat::Json, &cells),
            "{\"a\":\"x,\\\"y\\\"\\tz\",\"b c\":-0.5,\"d\":null}\n"
        );
        let mate = [Cell::Text(b"\xe9\x01"), Cell::Number(b"#-3"), Cell::Number(b"058")];
        assert_eq!(
            write(TableFormat::Json, &mate),
            "{\"a\":\"é\\u0001\",\"b c\":\"#-3\",\"d\":\"058\"}\n"
        );
    }

    #[test]
    fn a_row_in_two_parts_is_the_row() {
        let cells = [Cell::Text(b"x,\"y\"\tz"), Cell::Number(b"-0.5"), Cell::Empty];
        for format in [TableFormat::Tsv, TableFormat::Csv, TableFormat::Json] {
            let table = Table::new(format, vec!["a".into(), "b c".into(), "d".into()]);
            let mut whole = Vec::new();
            table.row(&mut whole, &cells).unwrap();
            for at in 1..=cells.len() {
                let mut parts = Vec::new();
                table.cells(&mut parts, 0, &cells[..at], false);
                table.cells(&mut parts, at, &cells[at..], true);
                assert_eq!(parts, whole, "{format:?} at {at}");
            }
        }
    }

    #[test]
    fn json_numbers() {
        for yes in ["0", "17", "-1.25", "58.6", "0.5"] {
            assert!(is_json_number(yes.as_bytes()), "{yes}");
        }
        for no in ["", "-", "01", "1.", ".5", "#3", "1e5", "+1"] {
            assert!(!is_json_number(no.as_bytes()), "{no}");
        }
    }
}
