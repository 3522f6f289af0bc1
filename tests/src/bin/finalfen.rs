//! The `finalfen` binary: our side of the differential rows, for reading
//! by eye beside `peers finalfen FILE` and
//! `tests/differential/python_chess_final.py FILE`.
//!
//! Usage: `finalfen FILE`. Prints one line per game, `N ok|err PLIES FEN`
//! (see `pgn_tests::differential`), then `games N`. A `.zst` file is
//! decompressed.

use std::process::ExitCode;

use pgn_tests::differential::file_lines;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path] = args.as_slice() else {
        eprintln!("usage: finalfen FILE");
        return ExitCode::FAILURE;
    };
    match file_lines(std::path::Path::new(path)) {
        Ok(lines) => {
            for line in &lines {
                println!("{line}");
            }
            println!("games {}", lines.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("finalfen: {path}: {e}");
            ExitCode::FAILURE
        }
    }
}
