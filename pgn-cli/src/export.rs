//! `pgn export`: every game read, replayed and written in export format
//! (or reduced export format, or with parts left out, or in another
//! notation), to a file or standard output; diagnostics and the counts on
//! standard error.

use std::io::{self, BufWriter, Write};
use std::str::FromStr;

use pgn_export::{ExportOptions, Notation, TagOrder};
use san::Language;

use pgn_syntax::ParallelReader;

use crate::export_pass::export_inputs;
use crate::report::{Diagnostics, NoiseArgs};
use crate::{Status, create_output};

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

/// The value of `--tag-order`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum TagOrderArg {
    /// The other tags by name (export format).
    Standard,
    /// The other tags in the order read.
    Input,
}

impl From<TagOrderArg> for TagOrder {
    fn from(order: TagOrderArg) -> TagOrder {
        match order {
            TagOrderArg::Standard => TagOrder::Standard,
            TagOrderArg::Input => TagOrder::Input,
        }
    }
}

/// The options of `pgn export` besides its files and output.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExportArgs {
    pub(crate) options: ExportOptions,
    pub(crate) keep_broken: bool,
    pub(crate) variants: crate::report::VariantArgs,
}

/// Runs `pgn export` over `files` on the threads of `reader`, writing to
/// `output` (a path) or standard output; the output and the diagnostics
/// are the same whatever the threads.
pub(crate) fn run(
    files: &[String],
    output: Option<&str>,
    args: ExportArgs,
    noise: NoiseArgs,
    reader: ParallelReader,
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
    let total =
        export_inputs(COMMAND, files, (args, reader), &mut diagnostics, &mut status, |_, text| {
            out.write_all(text)
        })?;
    out.finish(&status, &mut diagnostics.out, COMMAND)?;
    diagnostics.finish(COMMAND)?;
    diagnostics.summary(total.summary(""))?;
    diagnostics.out.flush()?;
    Ok(status)
}
