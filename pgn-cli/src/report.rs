//! What the subcommands that read files print of their diagnostics: the
//! options that choose which are shown ([`NoiseArgs`]), the counts by
//! severity of the summary lines ([`Tally`]), the printer that applies
//! the options and ends the run with a count by kind ([`Diagnostics`]),
//! and their form for programs (`--message-format json`, [`json()`]).

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Map, Value, json};

use clap::Args;
use pgn_replay::{GameDiagnostic, GameInfo, ReplayProblem};
use pgn_syntax::Severity;

use crate::excerpt::Excerpts;
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

/// How diagnostics, summary lines and the other lines about a run are
/// written (`--message-format`, cargo's name for it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum MessageFormat {
    /// Lines for people: `FILE:LINE:COL: game N: severity: message`,
    /// `games=N ... errors=E`.
    #[default]
    Human,
    /// One JSON object a line, for programs.
    Json,
}

/// Whether messages are JSON: set once, from the command line, before
/// anything is written.
static JSON: AtomicBool = AtomicBool::new(false);

/// Sets the form of every message of the run.
pub(crate) fn set_message_format(format: MessageFormat) {
    JSON.store(format == MessageFormat::Json, Ordering::Relaxed);
}

/// Whether messages are written as JSON (`--message-format json`).
pub(crate) fn json() -> bool {
    JSON.load(Ordering::Relaxed)
}

/// A diagnostic as one JSON object: `rest` is its line after `FILE:`
/// (`LINE:COL: game N: severity: message`, the place and the game or
/// record number each optional), taken apart into fields:
/// `{"type":"diagnostic","file":…,"line":…,"column":…,"game":…,
/// "severity":"error","kind":…,"message":…}`.
pub(crate) fn diagnostic_json(file: &str, severity: Severity, kind: &str, rest: &str) -> String {
    let mut object = Map::new();
    object.insert("type".into(), "diagnostic".into());
    object.insert("file".into(), file.into());
    let mut rest = rest.trim_start();
    let number = |text: &str| text.trim().parse::<u64>().ok();
    if let Some((line, column, after)) = place(rest) {
        object.insert("line".into(), line.into());
        object.insert("column".into(), column.into());
        rest = after;
    }
    for unit in ["game", "record"] {
        if let Some(after) = rest.strip_prefix(unit).and_then(|r| r.strip_prefix(' '))
            && let Some((n, after)) = after.split_once(": ")
            && let Some(n) = number(n)
        {
            object.insert(unit.into(), n.into());
            rest = after;
        }
    }
    let severity = severity.to_string();
    let message = rest.strip_prefix(severity.as_str()).and_then(|r| r.strip_prefix(": "));
    object.insert("severity".into(), severity.as_str().into());
    object.insert("kind".into(), kind.into());
    object.insert("message".into(), message.unwrap_or(rest).into());
    Value::Object(object).to_string()
}

/// The `LINE:COL: ` a diagnostic's line starts with (after `FILE:`), and
/// the rest.
fn place(rest: &str) -> Option<(u64, u64, &str)> {
    let number = |text: &str| text.trim().parse::<u64>().ok();
    let (line, after) = rest.trim_start().split_once(':')?;
    let (column, after) = after.split_once(": ")?;
    Some((number(line)?, number(column)?, after))
}

/// A summary line as one JSON object: `line` is `[FILE: ]key=value ...`
/// (the values numbers), written as `{"type":"summary","file":FILE,
/// "games":N,...}` (`file` left out for the total).
pub(crate) fn summary_json(line: &str) -> String {
    let mut object = Map::new();
    object.insert("type".into(), "summary".into());
    let (file, fields) = match line.split_once(": ") {
        Some((file, fields)) if !file.contains('=') => (Some(file), fields),
        _ => (None, line),
    };
    if let Some(file) = file {
        object.insert("file".into(), file.into());
    }
    for field in fields.split_whitespace() {
        let (key, value) = field.split_once('=').unwrap_or((field, ""));
        let value = match value.parse::<u64>() {
            Ok(n) => Value::from(n),
            Err(_) => Value::from(value),
        };
        object.insert(key.into(), value);
    }
    Value::Object(object).to_string()
}

/// Writes a summary line (`[FILE: ]games=N ...`) to `out`, as it is or
/// as JSON ([`summary_json`]).
pub(crate) fn write_summary(out: &mut impl Write, line: impl fmt::Display) -> io::Result<()> {
    if json() {
        writeln!(out, "{}", summary_json(&line.to_string()))
    } else {
        writeln!(out, "{line}")
    }
}

/// Writes a line about the run itself (`pgn COMMAND: [FILE: ]why`: a
/// file that cannot be read, an output not written) to `out`, as it is or
/// as `{"type":"failure","command":…,"file":…,"message":…}`.
pub(crate) fn write_failure(
    out: &mut impl Write,
    command: &str,
    file: Option<&str>,
    message: impl fmt::Display,
) -> io::Result<()> {
    match (json(), file) {
        (true, _) => {
            let mut object = json!({"type": "failure", "command": command});
            if let Some(file) = file {
                object["file"] = file.into();
            }
            object["message"] = message.to_string().into();
            writeln!(out, "{object}")
        }
        (false, Some(file)) => writeln!(out, "pgn {command}: {file}: {message}"),
        (false, None) => writeln!(out, "pgn {command}: {message}"),
    }
}

/// `--skip-variants`, for the commands that replay games.
#[derive(Args, Clone, Copy, Debug, Default)]
pub(crate) struct VariantArgs {
    /// Leave out quietly the games of a variant other than chess and
    /// Chess960 (a Variant tag such as "Atomic" or "Crazyhouse"), which
    /// are otherwise errors: nothing of them is written, and only the
    /// problems of their text are reported.
    #[arg(long)]
    pub(crate) skip_variants: bool,
}

impl VariantArgs {
    /// Whether the game of `info` is left out for its variant; if so, the
    /// replay's diagnostics are taken out of its problems (the reader's
    /// stay: they are about the bytes, whatever the rules).
    pub(crate) fn skips(self, info: &mut GameInfo) -> bool {
        let skips = self.skip_variants
            && matches!(info.start_problem, Some(ReplayProblem::UnsupportedVariant(_)));
        if skips {
            info.problems.retain(|d| matches!(d, GameDiagnostic::Read(_)));
        }
        skips
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
    /// Whether diagnostics get an excerpt of the input under them
    /// ([`crate::excerpt`]), and those of the input being read.
    excerpting: bool,
    excerpts: Option<Excerpts>,
}

impl<W: Write> Diagnostics<W> {
    /// A printer to `out` with the options `noise`.
    pub(crate) fn new(out: W, noise: NoiseArgs) -> Diagnostics<W> {
        let progress = Progress::new(noise.quiet);
        let excerpting = crate::excerpt::wanted();
        Diagnostics {
            out,
            noise,
            printed: 0,
            held_back: 0,
            by_kind: HashMap::new(),
            progress,
            excerpting,
            excerpts: None,
        }
    }

    /// The next input is `name` (for the progress line).
    pub(crate) fn input(&mut self, name: &str) {
        self.progress.input(name);
        self.excerpts = if self.excerpting { Excerpts::open(name) } else { None };
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
    /// kind (`label`, the kind's message without payload) and prints it,
    /// `FILE:` then `rest` (`LINE:COL: game N: severity: message`), or as
    /// JSON ([`diagnostic_json`]), unless `--max-diagnostics` were printed
    /// already.
    pub(crate) fn report(
        &mut self,
        severity: Severity,
        label: &'static str,
        file: &str,
        rest: impl fmt::Display,
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
        if json() {
            return self.line(diagnostic_json(file, severity, label, &rest.to_string()));
        }
        // Only a run that shows excerpts needs the line as text first.
        let Some(excerpts) = self.excerpts.as_mut() else {
            return self.line(format_args!("{file}:{rest}"));
        };
        let rest = rest.to_string();
        let excerpt =
            place(&rest).and_then(|(line, column, _)| excerpts.draw(severity, line, column));
        match excerpt {
            Some(excerpt) => self.line(format_args!("{file}:{rest}\n{}", excerpt.trim_end())),
            None => self.line(format_args!("{file}:{rest}")),
        }
    }

    /// Writes a summary line (`games=N ...`), or with `--quiet` nothing:
    /// standard error then keeps only the files that cannot be read.
    pub(crate) fn summary(&mut self, line: impl fmt::Display) -> io::Result<()> {
        if self.noise.quiet {
            return Ok(());
        }
        self.progress.finish();
        write_summary(&mut self.out, line)
    }

    /// Writes a summary already in JSON, or with `--quiet` nothing.
    pub(crate) fn json_summary(&mut self, object: Value) -> io::Result<()> {
        if self.noise.quiet {
            return Ok(());
        }
        self.progress.finish();
        writeln!(self.out, "{object}")
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
            if json() {
                let object = json!({"type": "not_shown", "command": command, "count": n});
                writeln!(self.out, "{object}")?;
            } else {
                writeln!(
                    self.out,
                    "pgn {command}: {} more diagnostic{s} not shown (--max-diagnostics {max})",
                    Thousands(n)
                )?;
            }
        }
        let mut kinds: Vec<(&(Severity, &str), &u64)> = self.by_kind.iter().collect();
        kinds
            .sort_by(|((s1, l1), n1), ((s2, l2), n2)| n2.cmp(n1).then(s2.cmp(s1)).then(l1.cmp(l2)));
        for ((severity, label), n) in kinds {
            if json() {
                let severity = severity.to_string();
                let object = json!({
                    "type": "count", "command": command, "severity": severity, "kind": label, "count": n
                });
                writeln!(self.out, "{object}")?;
            } else {
                writeln!(self.out, "pgn {command}: {} × {severity}: {label}", Thousands(*n))?;
            }
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
            let line = format!("{}:1: game 1: {severity}: {label}", i + 1);
            printer.report(severity, label, "f", line).expect("written to memory");
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

    #[test]
    fn a_diagnostic_line_is_taken_apart_into_fields() {
        let object: Value = serde_json::from_str(&diagnostic_json(
            "a: b.pgn",
            Severity::Error,
            "illegal move",
            "12:5: game 3: error: illegal move: `Ke3` (ply 2): x",
        ))
        .expect("JSON");
        let expected = json!({
            "type": "diagnostic", "file": "a: b.pgn", "line": 12, "column": 5, "game": 3,
            "severity": "error", "kind": "illegal move", "message": "illegal move: `Ke3` (ply 2): x"
        });
        assert_eq!(object, expected);
        // No place, an EPD record, a note about the whole file.
        let record: Value = serde_json::from_str(&diagnostic_json(
            "s.epd",
            Severity::Warning,
            "k",
            " record 7: warning: m",
        ))
        .expect("JSON");
        assert_eq!(record["record"], 7);
        assert_eq!(record["message"], "m");
        assert!(record.get("line").is_none() && record.get("game").is_none());
        let note: Value = serde_json::from_str(&diagnostic_json(
            "f",
            Severity::Note,
            "k",
            " note: text read as UTF-8",
        ))
        .expect("JSON");
        assert_eq!(note["message"], "text read as UTF-8");
    }

    #[test]
    fn a_summary_line_becomes_an_object_of_numbers() {
        let total: Value =
            serde_json::from_str(&summary_json("games=3 written=2 errors=1")).expect("JSON");
        assert_eq!(total, json!({"type": "summary", "games": 3, "written": 2, "errors": 1}));
        let file: Value = serde_json::from_str(&summary_json("x.pgn: games=3")).expect("JSON");
        assert_eq!(file, json!({"type": "summary", "file": "x.pgn", "games": 3}));
    }
}
