//! `pgn export`: every game read, replayed and written in export format
//! (or reduced export format, or with parts left out, or in another
//! notation), to a file or standard output; diagnostics and the counts on
//! standard error.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::str::FromStr;

use pgn_export::{ExportOptions, ExportedGame, Notation, StreamExporter};
use pgn_syntax::{Reader, Severity};
use san::{GameDiagnostic, Language, Replayer};

use crate::report::{Diagnostics, NoiseArgs, Tally};
use crate::{Status, unreadable};

/// What `pgn export` counts.
#[derive(Clone, Copy, Debug, Default)]
struct ExportCounts {
    games: u64,
    written: u64,
    skipped: u64,
    diagnostics: Tally,
}

impl ExportCounts {
    fn add(&mut self, other: &ExportCounts) {
        self.games += other.games;
        self.written += other.written;
        self.skipped += other.skipped;
        self.diagnostics.add(&other.diagnostics);
    }
}

/// `games=N written=W skipped=S errors=E warnings=W notes=N`.
fn summary(c: &ExportCounts) -> String {
    format!("games={} written={} skipped={} {}", c.games, c.written, c.skipped, c.diagnostics)
}

/// Reads the value of `--notation`: `san`, `lan`, `uci`, `fan`, or the
/// English name of a language of §17 (SAN with its piece letters).
pub(crate) fn parse_notation(s: &str) -> Result<Notation, String> {
    match s.to_ascii_lowercase().as_str() {
        "san" => Ok(Notation::San),
        "lan" => Ok(Notation::Lan),
        "uci" => Ok(Notation::Uci),
        "fan" => Ok(Notation::Fan),
        _ => Language::from_str(s).map(Notation::Localized).map_err(|_| {
            format!(
                "{s:?} is none of san, lan, uci, fan, or a language of section 17 (german, french, ...)"
            )
        }),
    }
}

/// The options of `pgn export` besides its files and output.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExportArgs {
    pub(crate) options: ExportOptions,
    pub(crate) keep_broken: bool,
}

/// Runs `pgn export` over `files`, writing to `output` (a path) or
/// standard output.
pub(crate) fn run(
    files: &[String],
    output: Option<&str>,
    args: ExportArgs,
    noise: NoiseArgs,
) -> io::Result<Status> {
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let out: Box<dyn Write> = match output {
        None | Some("-") => Box::new(io::stdout().lock()),
        Some(path) => match File::create(path) {
            Ok(file) => Box::new(file),
            Err(err) => {
                writeln!(diagnostics.out, "pgn export: cannot create {path}: {err}")?;
                status.unreadable += 1;
                return Ok(status);
            }
        },
    };
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let exporter = StreamExporter::new(args.options).keep_broken(args.keep_broken);
    let mut replayer = Replayer::new(exporter);
    let mut total = ExportCounts::default();
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "export", name)? else { continue };
        let mut counts = ExportCounts::default();
        let mut reader = Reader::new(input);
        let mut failure = None;
        loop {
            match reader.read_game(&mut replayer) {
                Ok(Some(game)) => {
                    out.write_all(replayer.inner().output())?;
                    replayer.inner_mut().clear_output();
                    count_game(&game, name, &mut counts, &mut diagnostics)?;
                }
                Ok(None) => break,
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        for d in replayer.inner_mut().take_diagnostics() {
            report(&d, name, &mut counts, &mut diagnostics)?;
        }
        if let Some(err) = failure {
            unreadable(&mut status, &mut diagnostics.out, "export", name, &err)?;
        }
        if files.len() > 1 {
            writeln!(diagnostics.out, "{name}: {}", summary(&counts))?;
        }
        total.add(&counts);
    }
    out.flush()?;
    diagnostics.finish("export")?;
    writeln!(diagnostics.out, "{}", summary(&total))?;
    diagnostics.out.flush()?;
    status.input_errors = total.diagnostics.errors > 0;
    Ok(status)
}

/// Reports the game's diagnostics and counts it; a broken game left out
/// gets an error that says so and names the move that could not be played.
fn count_game<E: Write>(
    game: &ExportedGame,
    name: &str,
    counts: &mut ExportCounts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.games += 1;
    for d in &game.diagnostics {
        report(d, name, counts, diagnostics)?;
    }
    if game.written {
        counts.written += 1;
        return Ok(());
    }
    counts.skipped += 1;
    counts.diagnostics.count(Severity::Error);
    // The replay's first error says which move (or which setup) could not
    // be played.
    let cause = game.diagnostics.iter().find_map(|d| match d {
        GameDiagnostic::Replay(r) if r.severity() == Severity::Error => Some(r),
        _ => None,
    });
    let place = cause
        .and_then(|r| r.at)
        .map(|at| format!("{}:{}: ", at.line, at.column))
        .unwrap_or_default();
    let why = cause.map(|r| r.message().to_string()).unwrap_or_default();
    let line = format_args!(
        "{name}:{place}game {}: error: game not exported ({why}); --keep-broken writes it as read",
        game.number
    );
    diagnostics.report(Severity::Error, "game not exported", line)
}

fn report<E: Write>(
    d: &GameDiagnostic,
    name: &str,
    counts: &mut ExportCounts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.diagnostics.count(d.severity());
    diagnostics.report(d.severity(), d.label(), format_args!("{name}:{d}"))
}
