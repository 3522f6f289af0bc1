//! What the subcommands that read files print of their diagnostics: the
//! options that choose which are shown ([`NoiseArgs`]), the counts by
//! severity of the summary lines ([`Tally`]), and the printer that applies
//! the options ([`Diagnostics`]).

use std::fmt;
use std::io::{self, Write};

use clap::Args;
use pgn_syntax::Severity;

/// Which diagnostics are printed. Every diagnostic is counted whatever
/// these say, and notes never change the exit code.
#[derive(Args, Clone, Copy, Debug, Default)]
pub(crate) struct NoiseArgs {
    /// Also print notes: departures from the letter of the standard that
    /// are common and harmless (a line longer than 255 bytes, EPD opcodes
    /// out of byte order), which are only counted otherwise.
    #[arg(long)]
    pub(crate) pedantic: bool,
}

impl NoiseArgs {
    /// Whether diagnostics of `severity` are printed.
    fn shows(&self, severity: Severity) -> bool {
        severity > Severity::Note || self.pedantic
    }
}

/// Diagnostics counted by severity: the `errors=E warnings=W notes=N` that
/// ends every summary line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) errors: u64,
    pub(crate) warnings: u64,
    pub(crate) notes: u64,
}

impl Tally {
    /// Counts one diagnostic.
    pub(crate) fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => self.notes += 1,
        }
    }

    /// Adds the counts of `other` (a file's to the total).
    pub(crate) fn add(&mut self, other: &Tally) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.notes += other.notes;
    }
}

impl fmt::Display for Tally {
    /// `errors=E warnings=W notes=N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "errors={} warnings={} notes={}", self.errors, self.warnings, self.notes)
    }
}

/// Prints diagnostics on standard error (`out`) as [`NoiseArgs`] ask.
/// Other lines of standard error (a file that cannot be read) are written
/// to `out` directly.
pub(crate) struct Diagnostics<W: Write> {
    /// Standard error, or a buffer in tests.
    pub(crate) out: W,
    noise: NoiseArgs,
}

impl<W: Write> Diagnostics<W> {
    /// A printer to `out` with the options `noise`.
    pub(crate) fn new(out: W, noise: NoiseArgs) -> Diagnostics<W> {
        Diagnostics { out, noise }
    }

    /// Prints `line` (the whole diagnostic, `FILE:LINE:COL: game N:
    /// severity: message`) if diagnostics of `severity` are shown.
    pub(crate) fn report(&mut self, severity: Severity, line: impl fmt::Display) -> io::Result<()> {
        if !self.noise.shows(severity) {
            return Ok(());
        }
        writeln!(self.out, "{line}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_counted_but_shown_only_when_pedantic() {
        for pedantic in [false, true] {
            let mut printed = Diagnostics::new(Vec::new(), NoiseArgs { pedantic });
            let mut tally = Tally::default();
            for (severity, line) in [(Severity::Note, "a: note"), (Severity::Warning, "b: warning")]
            {
                tally.count(severity);
                printed.report(severity, line).expect("written to memory");
            }
            let expected = if pedantic { "a: note\nb: warning\n" } else { "b: warning\n" };
            assert_eq!(String::from_utf8_lossy(&printed.out), expected);
            assert_eq!(tally.to_string(), "errors=0 warnings=1 notes=1");
        }
    }
}
