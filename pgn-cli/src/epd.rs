//! `pgn epd`: read EPD files, validate every record (its syntax and
//! operands in `fen-epd`, its position and move operands in `san`) and
//! write the canonical form (ruling D1), FEN, or nothing but diagnostics.

use std::fmt;
use std::io::{self, BufWriter, Read, Write};

use fen_epd::{CastlingNotation, EpdReader, Location, Severity};
use san::resolve_epd;

use crate::report::{Diagnostics, NoiseArgs, Tally};
use crate::{Status, unreadable};

/// What `pgn epd` writes for each valid record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EpdOutput {
    /// The canonical EPD record.
    Canonical,
    /// The FEN of the record's position, with its clocks.
    Fen,
    /// Nothing: diagnostics and the summary line only.
    Check,
}

/// What `pgn epd` counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EpdCounts {
    records: u64,
    diagnostics: Tally,
}

impl EpdCounts {
    /// True if any record had an error.
    pub(crate) fn has_errors(&self) -> bool {
        self.diagnostics.errors > 0
    }
}

impl fmt::Display for EpdCounts {
    /// `records=N errors=E warnings=W notes=N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "records={} {}", self.records, self.diagnostics)
    }
}

/// Runs `pgn epd` over `files`; with [`EpdOutput::Check`] the last line of
/// standard output is `records=N errors=E warnings=W notes=N`. A file that
/// cannot be read is reported and the others are read. `noise` says which
/// diagnostics are printed.
pub(crate) fn run(files: &[String], output: EpdOutput, noise: NoiseArgs) -> io::Result<Status> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut counts = EpdCounts::default();
    let mut status = Status::default();
    let mut line = Vec::new();
    for name in files {
        let Some(mut reader) =
            status.open_as(&mut diagnostics.out, "epd", name, crate::input::Content::Epd)?
        else {
            continue;
        };
        diagnostics.input(name);
        // EPD files are small, and the reader works on a byte slice.
        let mut input = Vec::new();
        if let Err(err) = reader.read_to_end(&mut input) {
            unreadable(&mut status, &mut diagnostics.out, "epd", name, &err)?;
            continue;
        }
        for record in EpdReader::new(&input) {
            counts.records += 1;
            // The record's diagnostics, from both layers, in input order:
            // place, severity, kind label, message.
            let mut found: Vec<(Location, Severity, &'static str, String)> = Vec::new();
            for w in &record.warnings {
                found.push((w.location, w.kind.severity(), w.kind.label(), w.kind.to_string()));
            }
            let record_start = Location { offset: record.offset, line: record.line, column: 1 };
            let mut written = false;
            match &record.result {
                Err(e) => {
                    found.push((e.location, Severity::Error, e.kind.label(), e.kind.to_string()))
                }
                Ok(epd) => {
                    let resolved = resolve_epd(epd);
                    for d in &resolved.diagnostics {
                        found.push((
                            d.location.unwrap_or(record_start),
                            d.severity(),
                            d.problem.label(),
                            d.to_string(),
                        ));
                    }
                    // Written in every mode, so that a record the canonical
                    // form cannot hold (ruling D5) is an error whatever the
                    // output.
                    line.clear();
                    if let Some(canonical) = resolved.canonical(epd) {
                        match canonical.write_canonical_with(CastlingNotation::XFen, &mut line) {
                            Err(e) => found.push((
                                record_start,
                                Severity::Error,
                                e.label(),
                                e.to_string(),
                            )),
                            Ok(()) if output == EpdOutput::Fen => {
                                line.clear();
                                line.extend_from_slice(canonical.to_fen().to_string().as_bytes());
                                written = true;
                            }
                            Ok(()) => written = output == EpdOutput::Canonical,
                        }
                    }
                }
            }
            found.sort_by_key(|(at, ..)| at.offset);
            for (at, severity, label, message) in &found {
                let (l, c, n) = (at.line, at.column, counts.records);
                counts.diagnostics.count(*severity);
                diagnostics.report(
                    *severity,
                    label,
                    name,
                    format_args!("{l}:{c}: record {n}: {severity}: {message}"),
                )?;
            }
            if written {
                line.push(b'\n');
                out.write_all(&line)?;
            }
        }
    }
    diagnostics.finish("epd")?;
    diagnostics.out.flush()?;
    if output == EpdOutput::Check {
        crate::report::write_summary(&mut out, counts)?;
    }
    out.flush()?;
    status.input_errors = counts.has_errors();
    Ok(status)
}
