//! The `pgn` command: the toolkit's tasks from the shell.
//!
//! Subcommands so far:
//!
//! - `pgn perft FEN DEPTH [--divide]`: counts the leaf nodes of the legal
//!   move tree (the move generator's standard test), optionally split by
//!   first move.
//! - `pgn stats FILE...`: reads PGN and counts games, tags, moves,
//!   comments, NAGs, variations and diagnostics.
//! - `pgn check FILE... [--mainline]`: reads PGN and replays every move of
//!   every line, reporting illegal and ambiguous moves and lenient forms.
//! - `pgn fen FILE [--every-ply]`: the FEN after each game's main line.
//! - `pgn epd FILE... [--check | --to-fen]`: reads EPD, validates every
//!   record and writes the canonical form (or FEN, or only diagnostics).
//!
//! Exit codes: 0 on success, 1 when `pgn check` or `pgn epd` found an
//! error, 2 for bad
//! arguments or input that cannot be read (one line on standard error says
//! why).

mod check;
mod epd;
mod stats;

use std::io::{self, Write};
use std::process::ExitCode;

use chess_core::{divide, perft};
use clap::{Parser, Subcommand};
use san::{CastlingMode, Uci};

/// Chess game data tools: the 1994 PGN standard and its companions.
#[derive(Parser)]
#[command(name = "pgn", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of DEPTH plies from a position.
    Perft {
        /// The position as FEN; four fields (EPD style) are accepted too.
        fen: String,
        /// The number of plies.
        depth: u32,
        /// Also print the count below each legal move, in UCI notation.
        #[arg(long)]
        divide: bool,
    },
    /// Read PGN files (no chess rules) and count what they hold.
    ///
    /// Diagnostics go to standard error as `FILE:LINE:COL: game N:
    /// error|warning: message`; the last line of standard output is
    /// `games=N moves=M comments=C nags=G variations=V errors=E warnings=W`.
    Stats {
        /// PGN files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Read PGN files and replay every move of every line.
    ///
    /// Diagnostics go to standard error as for `pgn stats`; the last line
    /// of standard output is `games=N moves=M errors=E warnings=W`. The
    /// exit code is 1 when any error was found.
    Check {
        /// PGN files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Skip variations (replay the main lines only).
        #[arg(long)]
        mainline: bool,
    },
    /// Print the FEN after the last main-line move of each game.
    Fen {
        /// A PGN file; `-` reads standard input.
        file: String,
        /// Print the start position and the FEN after every main-line move
        /// instead.
        #[arg(long)]
        every_ply: bool,
    },
    /// Read EPD files, validate every record and write its canonical form.
    ///
    /// Operations are written in the order of ruling D1, move operands in
    /// canonical SAN. A record with an error is left out (the rest is
    /// written) and the exit code is 1. Diagnostics go to standard error
    /// as `FILE:LINE:COL: record N: error|warning: message`.
    Epd {
        /// EPD files; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write nothing but diagnostics; the last line of standard output
        /// is `records=N errors=E warnings=W`.
        #[arg(long, conflicts_with = "to_fen")]
        check: bool,
        /// Write the FEN of each valid record (clocks from hmvc and fmvn,
        /// else 0 and 1) instead of EPD.
        #[arg(long)]
        to_fen: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { fen, depth, divide } => run_perft(&fen, depth, divide),
        Command::Stats { files } => match stats::run(&files) {
            Ok(_) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("pgn stats: {err}");
                ExitCode::from(2)
            }
        },
        Command::Check { files, mainline } => match check::run_check(&files, mainline) {
            Ok(counts) if counts.has_errors() => ExitCode::from(1),
            Ok(_) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("pgn check: {err}");
                ExitCode::from(2)
            }
        },
        Command::Fen { file, every_ply } => match check::run_fen(&file, every_ply) {
            Ok(()) => ExitCode::SUCCESS,
            Err(err) => {
                eprintln!("pgn fen: {err}");
                ExitCode::from(2)
            }
        },
        Command::Epd { files, check, to_fen } => {
            let output = match (check, to_fen) {
                (true, _) => epd::EpdOutput::Check,
                (false, true) => epd::EpdOutput::Fen,
                (false, false) => epd::EpdOutput::Canonical,
            };
            match epd::run(&files, output) {
                Ok(counts) if counts.has_errors() => ExitCode::from(1),
                Ok(_) => ExitCode::SUCCESS,
                Err(err) => {
                    eprintln!("pgn epd: {err}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn run_perft(fen: &str, depth: u32, split: bool) -> ExitCode {
    let pos = match fen_epd::parse_position(fen.as_bytes()) {
        Ok(pos) => pos,
        Err(err) => {
            eprintln!("pgn perft: {err}");
            return ExitCode::from(2);
        }
    };
    let mut out = io::stdout().lock();
    let nodes = if split {
        let lines = divide(&pos, depth);
        for (m, n) in &lines {
            let _ = writeln!(out, "{}: {n}", Uci { m: *m, mode: CastlingMode::Auto });
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, depth)
    };
    let _ = writeln!(out, "nodes={nodes}");
    ExitCode::SUCCESS
}
