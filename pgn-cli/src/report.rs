//! What the subcommands that read files print of their diagnostics: the
//! options that choose which are shown ([`NoiseArgs`]), the counts by
//! severity of the summary lines ([`Tally`]), and the printer that applies
//! the options and ends the run with a count by kind ([`Diagnostics`]).

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};

use clap::Args;
use pgn_syntax::Severity;

use crate::progress::Progress;

/// Which diagnostics are printed. Every diagnostic is counted in the
/// summary lines whatever these say, and notes never change the exit code.
#[derive(Args, Clone, Copy, Debug, Default)]
pub(crate) struct NoiseArgs {
    /// Also print notes: departures from the letter of the standard that
    /// are common and harmless (a line longer than 255 bytes, EPD opcodes
    /// out of byte order), which are only counted otherwise.
    #[arg(long)]
    pub(crate) pedantic: bool,
    /// Print no diagnostics, no count by kind and no summary line on
    /// standard error, which keeps only the files that cannot be read;
    /// standard output is unchanged.
    #[arg(long, short, conflicts_with_all = ["pedantic", "max_diagnostics"])]
    pub(crate) quiet: bool,
    /// Print at most N diagnostics (all files together), then one line
    /// saying how many more were not shown; the counts stay complete.
    #[arg(long, value_name = "N")]
    pub(crate) max_diagnostics: Option<u64>,
}

impl NoiseArgs {
    /// Whether diagnostics of `severity` are printed (up to
    /// `max_diagnostics`) and counted by kind.
    fn shows(&self, severity: Severity) -> bool {
        !self.quiet && (severity > Severity::Note || self.pedantic)
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

/// Prints diagnostics on standard error (`out`) as [`NoiseArgs`] ask, and
/// at the end of the run how many there were of each kind
/// ([`Diagnostics::finish`]). Other lines of standard error (a file that
/// cannot be read) are written to `out` directly.
pub(crate) struct Diagnostics<W: Write> {
    /// Standard error, or a buffer in tests.
    pub(crate) out: W,
    noise: NoiseArgs,
    /// Diagnostics printed so far.
    printed: u64,
    /// Diagnostics not printed because `--max-diagnostics` was reached.
    held_back: u64,
    /// Diagnostics of the levels shown, by severity and kind label.
    by_kind: HashMap<(Severity, &'static str), u64>,
    /// The progress line, which diagnostics are written above.
    progress: Progress,
}

impl<W: Write> Diagnostics<W> {
    /// A printer to `out` with the options `noise`.
    pub(crate) fn new(out: W, noise: NoiseArgs) -> Diagnostics<W> {
        let progress = Progress::new(noise.quiet);
        Diagnostics { out, noise, printed: 0, held_back: 0, by_kind: HashMap::new(), progress }
    }

    /// The next input is `name` (for the progress line).
    pub(crate) fn input(&mut self, name: &str) {
        self.progress.input(name);
    }

    /// `n` more games were read (for the progress line).
    pub(crate) fn games(&mut self, n: u64) {
        self.progress.games(n);
    }

    /// Writes `line` on a line of its own, above the progress line when
    /// it is shown.
    fn line(&mut self, line: impl fmt::Display) -> io::Result<()> {
        let out = &mut self.out;
        if self.progress.shown() {
            self.progress.suspend(|| {
                writeln!(out, "{line}")?;
                out.flush()
            })
        } else {
            writeln!(out, "{line}")
        }
    }

    /// If diagnostics of `severity` are shown: counts this one under its
    /// kind (`label`, the kind's message without payload) and prints
    /// `line` (the whole diagnostic, `FILE:LINE:COL: game N: severity:
    /// message`), unless `--max-diagnostics` were printed already.
    pub(crate) fn report(
        &mut self,
        severity: Severity,
        label: &'static str,
        line: impl fmt::Display,
    ) -> io::Result<()> {
        if !self.noise.shows(severity) {
            return Ok(());
        }
        *self.by_kind.entry((severity, label)).or_default() += 1;
        if self.noise.max_diagnostics.is_some_and(|max| self.printed >= max) {
            self.held_back += 1;
            return Ok(());
        }
        self.printed += 1;
        self.line(line)
    }

    /// Writes a summary line (`games=N ...`), or with `--quiet` nothing:
    /// standard error then keeps only the files that cannot be read.
    pub(crate) fn summary(&mut self, line: impl fmt::Display) -> io::Result<()> {
        if self.noise.quiet {
            return Ok(());
        }
        self.progress.finish();
        writeln!(self.out, "{line}")
    }

    /// Ends the run's diagnostics: a line saying how many were not shown
    /// (`--max-diagnostics`), then one line per kind, most frequent first
    /// (`pgn stats: 1,234 × warning: game has no termination marker`;
    /// ties: errors first, then by label). Nothing when no diagnostic of
    /// the levels shown was found, or with `--quiet`.
    pub(crate) fn finish(&mut self, command: &str) -> io::Result<()> {
        self.progress.finish();
        if let Some(max) = self.noise.max_diagnostics
            && self.held_back > 0
        {
            let n = self.held_back;
            let s = if n == 1 { "" } else { "s" };
            writeln!(
                self.out,
                "pgn {command}: {} more diagnostic{s} not shown (--max-diagnostics {max})",
                Thousands(n)
            )?;
        }
        let mut kinds: Vec<(&(Severity, &str), &u64)> = self.by_kind.iter().collect();
        kinds
            .sort_by(|((s1, l1), n1), ((s2, l2), n2)| n2.cmp(n1).then(s2.cmp(s1)).then(l1.cmp(l2)));
        for ((severity, label), n) in kinds {
            writeln!(self.out, "pgn {command}: {} × {severity}: {label}", Thousands(*n))?;
        }
        Ok(())
    }
}

/// A count written with a comma between groups of three digits
/// (`145,716`), for the lines people read; summary lines, which programs
/// read, have plain digits.
struct Thousands(u64);

impl fmt::Display for Thousands {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.0.to_string();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                f.write_str(",")?;
            }
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `diagnostics` through a printer with `noise` and returns what
    /// it printed, `finish` included.
    fn printed(noise: NoiseArgs, diagnostics: &[(Severity, &'static str)]) -> String {
        let mut printer = Diagnostics::new(Vec::new(), noise);
        for (i, &(severity, label)) in diagnostics.iter().enumerate() {
            let line = format!("f:{}:1: game 1: {severity}: {label}", i + 1);
            printer.report(severity, label, line).expect("written to memory");
        }
        printer.finish("stats").expect("written to memory");
        String::from_utf8_lossy(&printer.out).into_owned()
    }

    const NOTE: (Severity, &str) = (Severity::Note, "line longer than 255 bytes");
    const WARNING: (Severity, &str) = (Severity::Warning, "empty variation");
    const ERROR: (Severity, &str) = (Severity::Error, "illegal move");

    #[test]
    fn notes_are_shown_and_counted_by_kind_only_when_pedantic() {
        let plain = NoiseArgs::default();
        assert_eq!(
            printed(plain, &[NOTE, WARNING]),
            "f:2:1: game 1: warning: empty variation\n\
             pgn stats: 1 × warning: empty variation\n"
        );
        let pedantic = NoiseArgs { pedantic: true, ..plain };
        assert_eq!(
            printed(pedantic, &[NOTE, WARNING]),
            "f:1:1: game 1: note: line longer than 255 bytes\n\
             f:2:1: game 1: warning: empty variation\n\
             pgn stats: 1 × warning: empty variation\n\
             pgn stats: 1 × note: line longer than 255 bytes\n"
        );
        assert_eq!(printed(plain, &[NOTE, NOTE]), "");
    }

    #[test]
    fn quiet_prints_nothing() {
        let quiet = NoiseArgs { quiet: true, ..NoiseArgs::default() };
        assert_eq!(printed(quiet, &[ERROR, WARNING, NOTE]), "");
    }

    #[test]
    fn the_limit_holds_back_the_rest_but_not_the_counts() {
        let noise = NoiseArgs { max_diagnostics: Some(2), ..NoiseArgs::default() };
        assert_eq!(
            printed(noise, &[WARNING, ERROR, WARNING, WARNING, ERROR]),
            "f:1:1: game 1: warning: empty variation\n\
             f:2:1: game 1: error: illegal move\n\
             pgn stats: 3 more diagnostics not shown (--max-diagnostics 2)\n\
             pgn stats: 3 × warning: empty variation\n\
             pgn stats: 2 × error: illegal move\n"
        );
        let none = NoiseArgs { max_diagnostics: Some(0), ..NoiseArgs::default() };
        assert_eq!(
            printed(none, &[ERROR]),
            "pgn stats: 1 more diagnostic not shown (--max-diagnostics 0)\n\
             pgn stats: 1 × error: illegal move\n"
        );
    }

    #[test]
    fn kinds_are_sorted_by_count_then_severity_then_label() {
        let other = (Severity::Warning, "another warning");
        let out = printed(NoiseArgs::default(), &[WARNING, ERROR, other, WARNING]);
        let counts: Vec<&str> = out.lines().filter(|l| l.starts_with("pgn ")).collect();
        assert_eq!(
            counts,
            [
                "pgn stats: 2 × warning: empty variation",
                "pgn stats: 1 × error: illegal move",
                "pgn stats: 1 × warning: another warning",
            ]
        );
    }

    #[test]
    fn thousands_are_separated_by_commas() {
        for (n, shown) in [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (145_716, "145,716"),
            (1_234_567, "1,234,567"),
            (u64::MAX, "18,446,744,073,709,551,615"),
        ] {
            assert_eq!(Thousands(n).to_string(), shown);
        }
    }

    #[test]
    fn the_tally_counts_every_level() {
        let mut tally = Tally::default();
        for severity in [Severity::Note, Severity::Warning, Severity::Note, Severity::Error] {
            tally.count(severity);
        }
        assert_eq!(tally.to_string(), "errors=1 warnings=1 notes=2");
    }
}
