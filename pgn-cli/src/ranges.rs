//! `pgn ranges`: a file's byte ranges of about the same size, each from
//! a game start to the next, for a scheduler to give out one to a
//! process (`--range` of every command that reads games).

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;

use crate::{input, report};

/// Prints `parts` ranges of each of `files`: `START..END` a line, after
/// the file's name and a tab when there are several files.
pub(crate) fn run(files: &[String], parts: NonZeroUsize) -> ExitCode {
    let mut out = io::stdout().lock();
    let mut errors = io::stderr().lock();
    let mut failed = false;
    for name in files {
        let ranges = input::plain_file(name)
            .and_then(|(mut file, len)| pgn_syntax::ranges::balanced(&mut file, len, parts.get()));
        let written = match ranges {
            Ok(ranges) => ranges.iter().try_for_each(|r| {
                if files.len() > 1 {
                    write!(out, "{name}\t")?;
                }
                writeln!(out, "{}..{}", r.start, r.end)
            }),
            Err(err) => {
                failed = true;
                report::write_failure(&mut errors, "ranges", Some(name), &err)
            }
        };
        if let Err(err) = written.and_then(|()| out.flush()) {
            let _ = report::write_failure(&mut errors, "ranges", None, &err);
            return ExitCode::from(2);
        }
    }
    if failed { ExitCode::from(2) } else { ExitCode::SUCCESS }
}
