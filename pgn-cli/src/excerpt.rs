//! Excerpts of the input under diagnostics, for people at a terminal: at
//! most [`WIDTH`] bytes of the line a diagnostic points at, with a caret
//! under its column, drawn by `annotate-snippets` in colour. They are
//! shown only when standard error is a terminal, for a plain file read
//! as it is (not standard input, not compressed, not decoded from another
//! encoding, whose places are not those of the file's bytes), and not
//! with `--message-format json`; files, pipes and tests get the one-line
//! form alone.
//!
//! The lines are read a second time from the file, forward from the last
//! excerpt (diagnostics come in input order within a file), so a run
//! reads each file at most twice whatever the number of excerpts.

use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Seek};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use pgn_syntax::{Decoding, Severity};

use crate::input;

/// The most bytes of a line an excerpt shows.
pub(crate) const WIDTH: u64 = 100;

/// Whether excerpts are drawn at all in this run: standard error is a
/// terminal, or `PGN_EXCERPTS` is set (for tests, which run on pipes).
pub(crate) fn wanted() -> bool {
    !crate::report::json()
        && (std::io::stderr().is_terminal() || std::env::var_os("PGN_EXCERPTS").is_some())
}

/// The excerpts of one input file.
pub(crate) struct Excerpts {
    reader: BufReader<File>,
    /// The line the reader is in (from 1), and the bytes of it already
    /// passed.
    line: u64,
    passed: u64,
    /// Colour (no `NO_COLOR` in the environment).
    colour: bool,
}

impl Excerpts {
    /// Excerpts of the input `name`, when it is a plain file read as it
    /// is; `None` otherwise.
    pub(crate) fn open(name: &str) -> Option<Excerpts> {
        // Within a byte range (`--range`) lines count from the range's
        // start, not the file's.
        if name == "-"
            || input::decoding() != Decoding::Auto
            || input::range().is_some()
            || input::starts_utf16(name)
        {
            return None;
        }
        let mut file = File::open(name).ok()?;
        let mut start = [0; 8];
        let n = file.read(&mut start).ok()?;
        if input::Compression::sniff(&start[..n]).is_some() {
            return None;
        }
        let file = File::open(name).ok()?;
        let colour = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        Some(Excerpts { reader: BufReader::new(file), line: 1, passed: 0, colour })
    }

    /// The excerpt of the place `line`:`column` (from 1, the column in
    /// bytes) for a diagnostic of `severity`, drawn; `None` when the file
    /// cannot be read there.
    pub(crate) fn draw(&mut self, severity: Severity, line: u64, column: u64) -> Option<String> {
        let (text, caret) = self.take(line, column).ok()??;
        let level = match severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Note => Level::NOTE,
        };
        let end = text[caret..].chars().next().map_or(caret, |c| caret + c.len_utf8());
        let snippet = Snippet::source(text.as_str())
            .line_start(usize::try_from(line).ok()?)
            .fold(false)
            .annotation(AnnotationKind::Primary.span(caret..end));
        let report = &[Group::with_level(level).element(snippet)];
        let renderer = if self.colour { Renderer::styled() } else { Renderer::plain() };
        Some(renderer.render(report))
    }

    /// The bytes of `line` around `column` (at most [`WIDTH`], cut at the
    /// line's end), as text fit to show, and where the column is in it.
    fn take(&mut self, line: u64, column: u64) -> io::Result<Option<(String, usize)>> {
        let column = column.max(1);
        let from = (column - 1).saturating_sub(WIDTH / 2);
        if line < self.line || (line == self.line && from < self.passed) {
            self.reader.rewind()?;
            (self.line, self.passed) = (1, 0);
        }
        while self.line < line {
            if !self.skip_line()? {
                return Ok(None);
            }
        }
        self.skip(from - self.passed)?;
        let mut bytes = Vec::new();
        while (bytes.len() as u64) < WIDTH {
            let buf = self.reader.fill_buf()?;
            let Some(&b) = buf.first() else { break };
            if b == b'\n' {
                break;
            }
            bytes.push(b);
            self.reader.consume(1);
        }
        self.passed += bytes.len() as u64;
        let at = usize::try_from(column - 1 - from).unwrap_or(usize::MAX);
        if at > bytes.len() {
            return Ok(None);
        }
        // Control characters (a carriage return, a tab) would move what
        // follows them on the screen: each is shown as a space.
        for b in &mut bytes {
            if *b < b' ' {
                *b = b' ';
            }
        }
        let caret = String::from_utf8_lossy(&bytes[..at]).len();
        Ok(Some((String::from_utf8_lossy(&bytes).into_owned(), caret)))
    }

    /// Passes the rest of the current line; false at the end of the file.
    fn skip_line(&mut self) -> io::Result<bool> {
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(false);
            }
            if let Some(i) = buf.iter().position(|&b| b == b'\n') {
                self.reader.consume(i + 1);
                (self.line, self.passed) = (self.line + 1, 0);
                return Ok(true);
            }
            let n = buf.len();
            self.reader.consume(n);
        }
    }

    /// Passes `n` bytes of the current line, or up to its end.
    fn skip(&mut self, mut n: u64) -> io::Result<()> {
        while n > 0 {
            let buf = self.reader.fill_buf()?;
            let stop = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
            let take = stop.min(usize::try_from(n).unwrap_or(usize::MAX));
            if take == 0 {
                break;
            }
            self.reader.consume(take);
            self.passed += take as u64;
            n -= take as u64;
        }
        Ok(())
    }
}
