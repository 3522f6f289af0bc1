//! `pgn export`: every game read, replayed and written in export format
//! (or reduced export format, or with parts left out, or in another
//! notation), to a file or standard output; diagnostics and the counts on
//! standard error.

use std::io::{self, BufWriter, Write};
use std::str::FromStr;

use pgn_export::{ExportOptions, Notation};
use san::Language;

use crate::export_pass::{each_input, export_pieces, export_stream};
use crate::input;
use crate::pieces::{Plan, Shift};
use crate::report::{Diagnostics, NoiseArgs};
use crate::{Status, create_output, unreadable};

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
/// standard output. A plain file larger than a piece is read on the
/// plan's threads ([`export_pieces`]); the output and the diagnostics are
/// the same as when it is read on one.
pub(crate) fn run(
    files: &[String],
    output: Option<&str>,
    args: ExportArgs,
    noise: NoiseArgs,
    plan: Plan,
) -> io::Result<Status> {
    const COMMAND: &str = "export";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    if status.refuses_outputs(&mut diagnostics.out, COMMAND, files, &[output])? {
        return Ok(status);
    }
    let Some(mut out) = create_output(output, &mut status, &mut diagnostics.out, COMMAND)? else {
        return Ok(status);
    };
    let total = each_input(files, &mut diagnostics, &mut status, |name, diagnostics, status| {
        let split = input::plain_file(name).filter(|(_, len)| plan.splits(*len));
        let (counts, failure) = match split {
            Some((file, len)) => {
                export_pieces((&file, len), name, args, plan, diagnostics, &mut out)?
            }
            None => {
                let Some(input) = status.open(&mut diagnostics.out, COMMAND, name)? else {
                    return Ok(None);
                };
                let mut on_game = |_: &_, text: &[u8]| out.write_all(text);
                export_stream(input, name, args, diagnostics, &mut on_game, Shift::NONE)?
            }
        };
        if let Some(err) = failure {
            unreadable(status, &mut diagnostics.out, COMMAND, name, &err)?;
        }
        Ok(Some(counts))
    })?;
    out.finish(&status, &mut diagnostics.out, COMMAND)?;
    diagnostics.finish(COMMAND)?;
    writeln!(diagnostics.out, "{}", total.summary(""))?;
    diagnostics.out.flush()?;
    Ok(status)
}
