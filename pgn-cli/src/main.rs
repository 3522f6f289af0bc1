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
//! - `pgn moves FILE... [--all-lines] [--fen] [--format tsv|csv|json]`:
//!   one row per move (SAN, UCI, FEN, clock, evaluation, NAGs, comment).
//! - `pgn table FILE... --games G.parquet --moves M.parquet`: a row per
//!   game and a row per move as Parquet files (or one table as an Arrow
//!   IPC stream), for data frames and SQL engines.
//! - `pgn fen FILE [--every-ply]`: the FEN after each game's main line.
//! - `pgn export FILE... [-o OUT]`: writes the games in export format
//!   (or reduced export format, without comments, variations or NAGs, or
//!   in another notation).
//! - `pgn sort FILE... -o OUT`: writes the games of all the inputs in
//!   export format, in the order of the §12 collating sequence; it holds
//!   a small key per game, not the games, so the inputs may be larger
//!   than memory.
//! - `pgn split FILE... --by year|month|day|event|player --dir DIR`:
//!   writes each game in export format into the files of DIR that §11
//!   names after its date, its event or its players.
//! - `pgn pgc encode FILE... -o OUT.pgc [--lossy]`, `pgn pgc decode
//!   FILE.pgc... [-o OUT.pgn]`, `pgn pgc dump FILE.pgc...`: PGN to PGC
//!   (§20) and back (in export format), and a PGC file's records one per
//!   line.
//! - `pgn epd FILE... [--check | --to-fen]`: reads EPD, validates every
//!   record and writes the canonical form (or FEN, or only diagnostics).
//!
//! Diagnostics have three levels: errors, warnings, and notes (common,
//! harmless departures from the standard, such as a line longer than 255
//! bytes), which are counted but printed only with `--pedantic`. A run
//! ends with a count of the printed levels by kind on standard error;
//! `--quiet` prints no diagnostics and no count, `--max-diagnostics N` at
//! most N diagnostics (the counts stay complete).
//!
//! Every subcommand that reads PGN or EPD also reads it compressed (zstd,
//! gzip, bzip2, xz), told by its first bytes ([`input`]).
//!
//! Exit codes, the same for every subcommand: 0 when the input is clean
//! (warnings and notes allowed), 1 when it has errors, 2 for bad arguments
//! or an input that cannot be read, corrupt compressed data
//! and binary data with nothing of PGN in its first 64 KiB among them (one
//! line on standard error says which; the other files are still read).
//! Binary data in a file that starts as PGN is an error of the reader: it
//! is skipped up to the next game, with one diagnostic. A closed standard output (`| head`) ends the run quietly
//! with 0.
//!
//! Output files are written whole or not at all, and never over an input
//! ([`output`]).

mod check;
mod epd;
mod excerpt;
mod export;
mod export_pass;
mod input;
mod moves;
mod output;
mod pgc;
mod progress;
mod ranges;
mod report;
mod select;
mod sort;
mod split;
mod stats;
mod table;
mod table_cmd;
mod threads;

use std::io::{self, Write};
use std::process::ExitCode;

use chess_core::{divide, perft};
use clap::{Args, Parser, Subcommand};
use pgn_export::ExportOptions;
use report::NoiseArgs;
use san::{CastlingMode, Uci};

/// The version `pgn --version` prints: the package's, and the commit it
/// was built from.
const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), " (", env!("PGN_COMMIT"), ")");

/// Chess game data tools: the 1994 PGN standard and its companions.
#[derive(Parser)]
#[command(name = "pgn", version = VERSION, about, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// How the text of the inputs is read (ruling E14): auto (each value
    /// as UTF-8 when it is, else cp1252 or Latin-1; UTF-16 with a byte
    /// order mark decoded), or utf-8, latin-1, cp1252, cp437 for every
    /// input, which is then decoded into UTF-8 as it is read.
    #[arg(long, global = true, value_name = "ENCODING", default_value = "auto", value_parser = parse_decoding)]
    encoding: pgn_syntax::Decoding,
    /// human, or json: every diagnostic, summary line and failure on
    /// standard error (and the summary lines `check`, `stats` and `epd`
    /// write on standard output) as one JSON object a line, with a
    /// `type` ("diagnostic", "summary", "count", "failure", ...;
    /// docs/diagnostics.md lists their fields).
    #[arg(long, global = true, value_name = "FORMAT", default_value = "human")]
    message_format: report::MessageFormat,
}

// The criteria of `select` make its variant large; the command is parsed
// once.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of DEPTH plies from a position.
    #[command(
        after_help = "Examples:\n  pgn perft \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\" 5\n  pgn perft \"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\" 3 --divide"
    )]
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
    /// error|warning|note: message` (notes only with --pedantic); standard
    /// output has a line per file when there are several, then the total,
    /// each `games=N tags=T moves=M suffixes=S comments=C nags=G
    /// variations=V errors=E warnings=W notes=N`.
    #[command(
        after_help = "Examples:\n  pgn stats data/lichess-sample.pgn\n  pgn stats --commands data/lichess-sample.pgn\n  zstdcat big.pgn.zst | pgn stats -"
    )]
    Stats {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Also count the comment commands (`[%clk ...]`, `[%eval ...]`)
        /// by name, on a last line `commands: clk=N eval=M ...`.
        #[arg(long)]
        commands: bool,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Read PGN files and replay every move of every line.
    ///
    /// Diagnostics go to standard error as for `pgn stats`; the last line
    /// of standard output is `games=N moves=M errors=E warnings=W notes=N`.
    /// The exit code is 1 when any error was found.
    #[command(
        after_help = "Examples:\n  pgn check data/lichess-sample.pgn\n  pgn check --mainline --max-diagnostics 20 games.pgn.zst\n  pgn check --commands -q data/lichess-sample.pgn && echo clean"
    )]
    Check {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Skip variations (replay the main lines only).
        #[arg(long)]
        mainline: bool,
        /// Also read the comment commands of every comment (`[%clk
        /// 0:03:00]`, `[%eval 0.17]`, ...) and warn about each malformed
        /// one (`[%clk 9:99]`, ruling C2).
        #[arg(long)]
        commands: bool,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Write a table of the moves of each game: one row per ply of the
    /// main line (every line with --all-lines), with its game number, ply,
    /// move number, side (w or b), SAN, UCI, FEN (with --fen), the clock
    /// and the time the move took in seconds as written in its comment
    /// commands (`[%clk 0:03:00]` is 180, `0:00:58.6` is 58.6), the
    /// evaluation after it from White's view in pawns (0.17) or as a mate
    /// (#-3), its NAGs and its comment text without commands.
    ///
    /// A header line names the columns (`file` first when there are
    /// several files; `path` after `game` with --all-lines: empty for the
    /// main line, `5:1` for the first variation of the move of ply 5,
    /// `5:1/8:2` inside it). Diagnostics go to standard error as for `pgn
    /// check`, then `games=N rows=R errors=E warnings=W notes=N`; the exit
    /// code is 1 when any error was found. A line stops at a move that
    /// cannot be played.
    #[command(
        after_help = "Examples:\n  pgn moves data/lichess-sample.pgn > moves.tsv\n  pgn moves --format json --fen data/lichess-sample.pgn | head\n  pgn moves --all-lines --format csv annotated.pgn"
    )]
    Moves {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Rows for the moves of variations too, with a path column.
        #[arg(long)]
        all_lines: bool,
        /// A fen column: the position after each move (or before it, with
        /// --fen before).
        #[arg(long, value_name = "WHEN", num_args = 0..=1, default_missing_value = "after")]
        fen: Option<moves::FenWhen>,
        #[command(flatten)]
        en_passant: EnPassantFlag,
        /// tsv (the default), csv, or json (one object a line).
        #[arg(long, value_name = "FORMAT", default_value = "tsv")]
        format: table::TableFormat,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Write the games and their moves as tables: Parquet files, or one
    /// table as an Arrow IPC stream on standard output.
    ///
    /// The games table has a row per game: the file and the byte offset
    /// where the game starts (its id), the Seven Tag Roster, the date as
    /// year, month and day, Elo ratings and rating differences, ECO, the
    /// time control as base and increment seconds, UTC date and time, the
    /// result, plies, termination, final FEN, whether it replayed cleanly
    /// and its first error, and every other tag in a map column. The
    /// moves table has a row per main-line ply (every line with
    /// --all-lines, with a path column): SAN, UCI, FEN (--fen) or Polyglot
    /// key (--key), clock, move time and evaluation from the comment
    /// commands, NAGs. Absent tags and placeholders (`?`, `????.??.??`,
    /// `-`) are null. docs/tables.md lists every column. Rows come in
    /// input order whatever --threads; Parquet is compressed with zstd.
    /// Diagnostics go to standard error as for `pgn check`, then `games=N
    /// moves=M errors=E warnings=W notes=N`; the exit code is 1 when any
    /// error was found.
    #[command(
        after_help = "Examples:\n  pgn table data/lichess-sample.pgn --games games.parquet --moves moves.parquet\n  pgn table big.pgn.zst --moves moves.parquet --key --all-lines\n  pgn table data/lichess-sample.pgn --format arrow --table games | python3 -c 'import sys, pyarrow as pa; print(pa.ipc.open_stream(sys.stdin.buffer).read_all().num_rows)'"
    )]
    Table {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write the games table to this Parquet file.
        #[arg(long, value_name = "PATH")]
        games: Option<String>,
        /// Write the moves table to this Parquet file.
        #[arg(long, value_name = "PATH")]
        moves: Option<String>,
        /// Rows for the moves of variations too, with a path column.
        #[arg(long)]
        all_lines: bool,
        /// A fen column in the moves table: the position after each move.
        #[arg(long, conflicts_with = "key")]
        fen: bool,
        /// A key column in the moves table: the Polyglot Zobrist key of
        /// the position after each move.
        #[arg(long)]
        key: bool,
        /// parquet (the default: the files of --games and --moves), or
        /// arrow (the table of --table as an Arrow IPC stream on standard
        /// output).
        #[arg(long, value_name = "FORMAT", default_value = "parquet")]
        format: table_cmd::OutputFormat,
        /// The table of --format arrow: games or moves.
        #[arg(long, value_name = "TABLE")]
        table: Option<table_cmd::TableName>,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Print the FEN after the last main-line move of each game.
    #[command(
        after_help = "Examples:\n  pgn fen data/lichess-sample.pgn\n  pgn fen --every-ply data/lichess-sample.pgn | sort | uniq -c | sort -rn | head"
    )]
    Fen {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print the start position and the FEN after every main-line move
        /// instead.
        #[arg(long)]
        every_ply: bool,
        #[command(flatten)]
        en_passant: EnPassantFlag,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Write games in export format (§3.2, §8; rulings E1 to E13).
    ///
    /// Every game is read and replayed; its SAN is written anew from the
    /// moves, tags in roster order then by name, lines of at most 79
    /// bytes (options such as --tag-order, --roster-only and
    /// --line-length write otherwise, as pgn-extract users know them). A game with a move that cannot be played is left out with an
    /// error (--keep-broken writes it), and so is a game from a set-up
    /// position with --reduced. Diagnostics go to standard error
    /// as for `pgn check`, and its last line is `games=N written=W
    /// skipped=S errors=E warnings=W notes=N`. The exit code is 1 when any
    /// error was found.
    #[command(
        after_help = "Examples:\n  pgn export data/lichess-sample.pgn -o sample.pgn\n  pgn export --reduced --no-commands games.pgn -o reduced.pgn\n  pgn export --add plycount,eco --fix-result data/lichess-sample.pgn -o tagged.pgn"
    )]
    Export {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<String>,
        #[command(flatten)]
        format: ExportFlags,
        #[command(flatten)]
        broken: BrokenFlag,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Sort games by the collating sequence of section 12 and write them
    /// in export format.
    ///
    /// The games of all the inputs are read, replayed and exported as by
    /// `pgn export` (a game with a move that cannot be played is left out
    /// with an error), then written to OUT ordered by Date, Event, Site,
    /// Round, White, Black, Result and the exported movetext; games equal
    /// in all eight keys keep their input order. The games wait in a
    /// temporary file beside OUT (OUT.sort-tmp, removed at the end) and
    /// only a small key per game is held in memory, so the inputs may be
    /// larger than memory. OUT may be one of the inputs. Diagnostics go to
    /// standard error as for `pgn export`, and its last line is `games=N
    /// written=W skipped=S errors=E warnings=W notes=N`.
    #[command(
        after_help = "Examples:\n  pgn sort data/lichess-sample.pgn -o sorted.pgn\n  pgn sort *.pgn -o all-sorted.pgn"
    )]
    Sort {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// The file to write the sorted games to.
        #[arg(short, long, value_name = "OUT", required = true, value_parser = sort::parse_output)]
        output: String,
        #[command(flatten)]
        format: ExportFlags,
        #[command(flatten)]
        broken: BrokenFlag,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Write each game in export format into a file of DIR named as
    /// section 11 suggests: after its year, month or day, its event, or
    /// its players' last names (a game goes into both players' files).
    ///
    /// Names are made safe for Linux, macOS and Windows (`?` date digits
    /// count as 0, so an unknown date gives 0000.pgn; forbidden characters
    /// become `_`; an empty or unknown name is unknown.pgn), and names
    /// that differ only in case go into one file, named as first seen. DIR
    /// is created if need be; a file the run writes is created anew,
    /// replacing a file of that name from before the run. Diagnostics go
    /// to standard error as for `pgn export`, and its last line is
    /// `games=N written=W skipped=S files=F errors=E warnings=W notes=N`.
    #[command(
        after_help = "Examples:\n  pgn split data/lichess-sample.pgn --by eco --dir by-eco\n  pgn split big.pgn --games-per-file 10000 --dir parts"
    )]
    Split {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// What names the files.
        #[arg(long, value_enum, value_name = "KEY", required_unless_present = "games_per_file")]
        by: Option<split::By>,
        /// Files of N games each instead, `1.pgn`, `2.pgn`, ... in input
        /// order (pgn-extract's -#N).
        #[arg(long, value_name = "N", conflicts_with = "by")]
        games_per_file: Option<std::num::NonZeroU64>,
        /// The directory of the files.
        #[arg(long, value_name = "DIR")]
        dir: String,
        #[command(flatten)]
        format: ExportFlags,
        #[command(flatten)]
        broken: BrokenFlag,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Choose games by tags, players, openings, positions, material,
    /// length and ending, and write them in export format, as a table,
    /// or count them.
    ///
    /// Every criterion given must hold (--invert selects the games that
    /// fail). A game whose tags fail is not replayed; one that cannot be
    /// replayed is not selected and is reported with an error (with
    /// --keep-broken and tag criteria only, it is written as read from
    /// its first move that cannot be played). The diagnostics of the
    /// games selected or unplayable go to standard error (of every game,
    /// with --pedantic); its last line is `games=N selected=S written=W
    /// rejected=R unplayable=U errors=E warnings=W notes=N`.
    /// A criteria file (--criteria) holds one `KEY VALUE` a line, KEY the
    /// name of an option below (`player Tal`, `eco B20-B99`, `checkmate`
    /// is `ending checkmate`, `has-variations` is `has variations`; also
    /// `ignore-case`, `invert`, `any-line`).
    #[command(
        after_help = "Examples:\n  pgn select data/lichess-sample.pgn --player Carlsen -o carlsen.pgn\n  pgn select data/lichess-sample.pgn --eco B20-B99 --columns White,Black,Result,ECO\n  pgn select data/lichess-sample.pgn --clock-below 10 --count"
    )]
    Select {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<String>,
        #[command(flatten)]
        criteria: select::CriteriaArgs,
        /// Write a table of these columns instead of the games, one row
        /// per game: tag names, `PlyCount` (the main line's plies as
        /// replayed), `moves`, `final-fen`, `game` (its number in its
        /// file), `file`. Tab-separated, with a header line (see
        /// --format).
        #[arg(long, value_name = "LIST", value_delimiter = ',')]
        columns: Option<Vec<String>>,
        /// The table as tsv (the default), csv or json (one object a line).
        #[arg(long = "format", value_name = "FORMAT", requires = "columns")]
        table_format: Option<table::TableFormat>,
        /// The table as CSV (RFC 4180): --format csv.
        #[arg(long, requires = "columns", conflicts_with = "table_format")]
        csv: bool,
        /// Write only the number of games selected.
        #[arg(long, conflicts_with = "columns")]
        count: bool,
        #[command(flatten)]
        en_passant: EnPassantFlag,
        /// Only games of these numbers may be selected, counted over all
        /// the inputs from 1: N, N..M, N.., or ..M for the first M (reading
        /// stops after M). pgn-extract's --selectonly and --stopafter.
        #[arg(long, value_name = "RANGE", value_parser = select::parse_games)]
        games: Option<(u64, u64)>,
        #[command(flatten)]
        format: ExportFlags,
        #[command(flatten)]
        broken: BrokenFlag,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// Write each game once: a game whose main line has the same moves
    /// from the same start as an earlier game's (in any of the inputs,
    /// read as one database) is a duplicate, left out or written to
    /// DUPS (pgn-extract's -D and -d).
    ///
    /// Only a 64-bit hash per distinct game is held in memory; the exact
    /// move sequences wait in a temporary file and are compared when two
    /// hashes meet. Diagnostics go to standard error; its last line is
    /// `games=N selected=S written=W rejected=R duplicates=D unplayable=U
    /// errors=E warnings=W notes=N` (selected: the games kept; rejected:
    /// those --skip-variants left out). A game
    /// that cannot be replayed is left out with an error: it has no move
    /// sequence to compare.
    #[command(
        after_help = "Examples:\n  pgn dedupe a.pgn b.pgn -o merged.pgn --duplicates dups.pgn\n  pgn dedupe data/lichess-sample.pgn --final-position --report dups.tsv -o unique.pgn"
    )]
    Dedupe {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write the games kept to this file instead of standard output.
        #[arg(short, long, value_name = "OUT")]
        output: Option<String>,
        /// Write the duplicates to this file (pgn-extract's -d).
        #[arg(long, value_name = "DUPS")]
        duplicates: Option<String>,
        /// Write a line per set of duplicates to this file: the file and
        /// number of its first game and how many games it has (TSV).
        #[arg(long, value_name = "REPORT")]
        report: Option<String>,
        /// Also compare these tags (comma-separated): games with other
        /// values are not duplicates.
        #[arg(
            long,
            value_name = "TAGS",
            value_delimiter = ',',
            conflicts_with = "final_position",
            value_parser = parse_tag_name
        )]
        tags: Option<Vec<String>>,
        /// Compare only the final position of the main line: games that
        /// end in the same position are duplicates, however they got there.
        #[arg(long)]
        final_position: bool,
        #[command(flatten)]
        format: ExportFlags,
        #[command(flatten)]
        variants: report::VariantArgs,
        #[command(flatten)]
        noise: NoiseArgs,
        #[command(flatten)]
        threads: threads::ThreadArgs,
    },
    /// PGC, the binary form of PGN (§20): encode, decode, dump.
    Pgc {
        #[command(subcommand)]
        command: pgc::PgcCommand,
    },
    /// Print the help of pgn, or of a command.
    Help {
        /// The command (`pgn help select`); none for pgn itself.
        command: Option<String>,
    },
    /// Print byte ranges of a PGN file for processes to read one each.
    ///
    /// Each range (`START..END`, a line each; after the file's name and a
    /// tab when there are several files) runs from a game start (a tag
    /// line after an empty line) to the next range's start, all about the
    /// same size, together the whole file: give each to a process as
    /// `--range`, and together they read each game once. Plain files only
    /// (a compressed file cannot be read from the middle).
    #[command(
        after_help = "Examples:\n  pgn ranges lichess.pgn --parts 8\n  pgn ranges lichess.pgn --parts 8 | xargs -P 8 -I R pgn check lichess.pgn --range R --threads 1"
    )]
    Ranges {
        /// Plain PGN files.
        #[arg(required = true)]
        files: Vec<String>,
        /// How many ranges (fewer when the file has fewer game starts).
        #[arg(long, value_name = "N")]
        parts: std::num::NonZeroUsize,
    },
    /// Print a shell's completion script for pgn on standard output.
    ///
    /// Bash: `source <(pgn completions bash)`, or save it as
    /// `~/.local/share/bash-completion/completions/pgn`. Zsh: save it as
    /// `_pgn` in a folder of `$fpath`. Fish: save it as
    /// `~/.config/fish/completions/pgn.fish`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page of pgn, or of a command, in roff on standard
    /// output: `pgn man > pgn.1`, `pgn man select > pgn-select.1`, then
    /// `man ./pgn.1`.
    Man {
        /// The command; none for pgn itself.
        command: Option<String>,
    },
    /// Read EPD files, validate every record and write its canonical form.
    ///
    /// Operations are written in the order of ruling D1, move operands in
    /// canonical SAN. A record with an error is left out (the rest is
    /// written) and the exit code is 1. Diagnostics go to standard error
    /// as `FILE:LINE:COL: record N: error|warning|note: message` (notes
    /// only with --pedantic).
    #[command(
        after_help = "Examples:\n  pgn epd ../shared/corpus/epd/ecm.epd --check\n  pgn epd suite.epd --to-fen"
    )]
    Epd {
        /// EPD files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write nothing but diagnostics; the last line of standard output
        /// is `records=N errors=E warnings=W notes=N`.
        #[arg(long, conflicts_with = "to_fen")]
        check: bool,
        /// Write the FEN of each valid record (clocks from hmvc and fmvn,
        /// else 0 and 1) instead of EPD.
        #[arg(long)]
        to_fen: bool,
        #[command(flatten)]
        noise: NoiseArgs,
    },
}

/// How `pgn export`, `sort` and `split` write each game.
#[derive(Args, Clone, Copy, Debug)]
struct ExportFlags {
    /// Reduced export format (§3.2.4, ruling E13): the Seven Tag Roster
    /// only, no comments, NAGs or variations. A game from a set-up
    /// position (a FEN tag) cannot be written without its FEN: it is left
    /// out with an error, even with --keep-broken.
    #[arg(long)]
    reduced: bool,
    /// Write only the Seven Tag Roster of the tags, with SetUp and FEN (and
    /// Variant) for a game from a set-up position and the tags --add adds;
    /// comments, NAGs and variations stay unless left out (pgn-extract's
    /// -7 and --seven, which drop Variant).
    #[arg(long, conflicts_with = "reduced")]
    roster_only: bool,
    /// The order of the tags after the Seven Tag Roster, which always
    /// comes first: standard (by name: export format) or input (as read;
    /// a tag given twice goes where it was given last, with that value),
    /// as python-chess keeps them. pgn-extract has an order of its own
    /// (the tags it knows in a fixed order, then the others as it first
    /// met them in the run); its -R takes an order from a file.
    #[arg(long, value_enum, value_name = "ORDER", default_value = "standard")]
    tag_order: export::TagOrderArg,
    /// Leave out comments (pgn-extract's -C).
    #[arg(long)]
    no_comments: bool,
    /// Leave out the comment commands of these names (comma-separated,
    /// without `%`: `clk,eval`) and keep the rest of each comment; a
    /// comment left empty is not written. A malformed command is text
    /// and stays (ruling C2).
    #[arg(long, value_name = "NAMES", value_parser = parse_command_names, conflicts_with = "no_commands")]
    strip: Option<pgn_export::CommandNames>,
    /// Leave out every well-formed comment command (`[%clk 0:03:00]`,
    /// `[%eval 0.17]`, ...) and keep the rest of each comment.
    #[arg(long)]
    no_commands: bool,
    /// Write every well-formed comment command of a known name (clk, emt,
    /// egt, mct, eval, csl, cal) in canonical form (ruling C3):
    /// `[%clk 1:14:46]` for `[%clk 01:14:46]`, `[%eval 2.50,11]` for
    /// `[%eval 2.5,11]`.
    #[arg(long)]
    canonical_commands: bool,
    /// Leave out variations (pgn-extract's -V).
    #[arg(long)]
    no_variations: bool,
    /// Leave out NAGs (and suffix annotations, which export writes as
    /// NAGs; pgn-extract's -N).
    #[arg(long)]
    no_nags: bool,
    /// Write the text of tag values and comments in UTF-8: text that is
    /// not UTF-8 is decoded (cp1252 or Latin-1, ruling E14). By default
    /// the bytes are written as read.
    #[arg(long, conflicts_with = "to_latin_1")]
    to_utf_8: bool,
    /// Write the text of tag values and comments in ISO 8859-1, as §4.1
    /// asks (ruling E14); a game with a character Latin-1 cannot hold is
    /// left out with an error naming it.
    #[arg(long)]
    to_latin_1: bool,
    /// Add tags to each game from its replay, comma-separated: plycount
    /// (PlyCount, the main line's plies; pgn-extract's --addplycount),
    /// hash (HashCode, the Polyglot key of the final position in hex;
    /// pgn-extract's --addhashcode), eco (ECO and Opening of the last
    /// position of the lichess opening tables the main line reaches;
    /// pgn-extract's -e).
    #[arg(long, value_name = "TAGS", value_parser = parse_added_tags)]
    add: Option<pgn_export::AddedTags>,
    /// Take the result from the final position when it is checkmate or
    /// stalemate, over the termination marker and the Result tag
    /// (pgn-extract's --fixresulttags).
    #[arg(long)]
    fix_result: bool,
    /// Fill movetext lines up to N bytes (79 in export format); 0 writes
    /// the movetext on one line. A word longer than N stands whole on a
    /// line of its own (pgn-extract's -wN and --linelength; its -w0 puts
    /// every word on a line of its own, -w1 does that here).
    #[arg(long, value_name = "N", default_value_t = pgn_export::MAX_LINE)]
    line_length: usize,
    /// Write the moves without move numbers (pgn-extract's
    /// --nomovenumbers). Not export format.
    #[arg(long)]
    no_move_numbers: bool,
    /// Write moves as san (export format, the default), lan, uci (as
    /// pgn-extract's -Wuci: without move numbers), fan, or SAN with the
    /// piece letters of a language of section 17: czech, danish, dutch,
    /// english, estonian, finnish, french, german, hungarian, icelandic,
    /// italian, norwegian, polish, portuguese, romanian, spanish,
    /// swedish. Anything but san is not export format.
    #[arg(long, value_name = "N", default_value = "san", value_parser = export::parse_notation)]
    notation: pgn_export::Notation,
}

/// `--en-passant`, for the commands that write FEN.
#[derive(Args, Clone, Copy, Debug)]
struct EnPassantFlag {
    /// When a FEN has its en passant square: always, after every
    /// two-square pawn advance (§16.1.3.4, ruling F1; what pgn-extract
    /// writes), or legal, only when an en passant capture is legal (a
    /// pinned pawn cannot take): python-chess's and lichess's FEN, and
    /// pgn-extract's with --nofauxep.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "always")]
    en_passant: EnPassantWhen,
}

/// The value of `--en-passant`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EnPassantWhen {
    /// After every two-square pawn advance.
    Always,
    /// Only when an en passant capture is legal.
    Legal,
}

impl EnPassantFlag {
    /// The FEN writer's mode.
    fn mode(self) -> fen_epd::EnPassantMode {
        match self.en_passant {
            EnPassantWhen::Always => fen_epd::EnPassantMode::Always,
            EnPassantWhen::Legal => fen_epd::EnPassantMode::Legal,
        }
    }
}

/// `--keep-broken`, for the commands that can write a game that cannot
/// be replayed.
#[derive(Args, Clone, Copy, Debug)]
struct BrokenFlag {
    /// Write games with moves that cannot be played: the moves up to
    /// the first such move of a line in export format, the rest as
    /// read, after a comment that says so (pgn-extract's --keepbroken).
    #[arg(long)]
    keep_broken: bool,
}

impl ExportFlags {
    /// The writer's options, and whether broken games are written.
    fn args(self, broken: BrokenFlag, variants: report::VariantArgs) -> export::ExportArgs {
        let base = if self.reduced { ExportOptions::reduced() } else { ExportOptions::default() };
        let options = ExportOptions {
            tags: if self.roster_only { pgn_export::TagSet::RosterAndSetUp } else { base.tags },
            comments: base.comments && !self.no_comments,
            variations: base.variations && !self.no_variations,
            nags: base.nags && !self.no_nags,
            notation: self.notation,
            tag_order: self.tag_order.into(),
            line_length: self.line_length,
            move_numbers: !self.no_move_numbers && self.notation != pgn_export::Notation::Uci,
            add: self.add.unwrap_or_default(),
            fix_result: self.fix_result,
            text: match (self.to_utf_8, self.to_latin_1) {
                (true, _) => pgn_export::TextOutput::Utf8,
                (false, true) => pgn_export::TextOutput::Latin1,
                (false, false) => pgn_export::TextOutput::AsRead,
            },
            commands: pgn_export::CommandOptions {
                canonical: self.canonical_commands,
                strip: match (self.no_commands, self.strip) {
                    (true, _) => pgn_export::Strip::All,
                    (false, Some(names)) => pgn_export::Strip::Named(names),
                    (false, None) => pgn_export::Strip::None,
                },
            },
        };
        export::ExportArgs { options, keep_broken: broken.keep_broken, variants }
    }
}

/// The tags of `--add`: comma-separated names.
fn parse_added_tags(text: &str) -> Result<pgn_export::AddedTags, String> {
    let mut added = pgn_export::AddedTags::default();
    for name in text.split(',').map(str::trim) {
        match name.to_ascii_lowercase().as_str() {
            "plycount" => added.ply_count = true,
            "hash" => added.hash = true,
            "eco" => added.eco = true,
            _ => return Err(format!("{name:?} is none of plycount, hash, eco")),
        }
    }
    Ok(added)
}

/// A tag name of `dedupe --tags`: letters, digits and underscores,
/// beginning with a letter or digit (§8.1.1).
fn parse_tag_name(name: &str) -> Result<String, String> {
    let fits = name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    match name.bytes().next() {
        Some(first) if first.is_ascii_alphanumeric() && fits => Ok(name.to_owned()),
        _ => Err(format!("{name:?} is no tag name (letters, digits and _, as WhiteElo)")),
    }
}

/// The names of `--strip`: comma-separated.
fn parse_command_names(text: &str) -> Result<pgn_export::CommandNames, String> {
    let names = text.split(',').map(|name| name.trim().trim_start_matches('%'));
    pgn_export::CommandNames::new(names).map_err(|e| e.to_string())
}

/// How a run went, for its exit code.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Status {
    /// The input had errors (diagnostics of error severity).
    pub(crate) input_errors: bool,
    /// Files that could not be opened or read (each reported).
    pub(crate) unreadable: u64,
}

impl Status {
    /// 2 for unreadable input, else 1 for errors in the input, else 0.
    fn exit_code(self) -> ExitCode {
        if self.unreadable > 0 {
            ExitCode::from(2)
        } else if self.input_errors {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

impl Status {
    /// Opens `name` (`input::open_as`); one that cannot be opened, or holds
    /// binary data, is reported and counted ([`unreadable`]) and gives
    /// `None`: the run goes on with the next file.
    pub(crate) fn open(
        &mut self,
        errors: &mut impl Write,
        command: &str,
        name: &str,
    ) -> io::Result<Option<Box<dyn io::Read + Send>>> {
        self.open_as(errors, command, name, input::Content::Text)
    }

    /// [`Status::open`] for text or binary content.
    pub(crate) fn open_as(
        &mut self,
        errors: &mut impl Write,
        command: &str,
        name: &str,
        content: input::Content,
    ) -> io::Result<Option<Box<dyn io::Read + Send>>> {
        match input::open_as(name, content) {
            Ok(input) => Ok(Some(input)),
            Err(err) => unreadable(self, errors, command, name, &err).map(|()| None),
        }
    }
}

/// Reports an input that cannot be opened or read, on standard error, and
/// counts it; the run goes on with the next file.
pub(crate) fn unreadable(
    status: &mut Status,
    errors: &mut impl Write,
    command: &str,
    name: &str,
    err: &io::Error,
) -> io::Result<()> {
    status.unreadable += 1;
    report::write_failure(errors, command, Some(name), err)
}

/// Reports that the output `name` cannot be created and counts it as an
/// input that could not be read (exit code 2).
pub(crate) fn cannot_create(
    status: &mut Status,
    errors: &mut impl Write,
    command: &str,
    name: impl std::fmt::Display,
    err: &io::Error,
) -> io::Result<()> {
    status.unreadable += 1;
    report::write_failure(errors, command, None, format_args!("cannot create {name}: {err}"))
}

/// Opens the output `path` (standard output for `None` or `-`;
/// [`output::OutputFile`]), or reports that it cannot be created
/// ([`cannot_create`]) and gives `None`.
pub(crate) fn create_output(
    path: Option<&str>,
    status: &mut Status,
    errors: &mut impl Write,
    command: &str,
) -> io::Result<Option<output::OutputFile>> {
    match output::OutputFile::create(path) {
        Ok(out) => Ok(Some(out)),
        Err(err) => {
            cannot_create(status, errors, command, path.unwrap_or("-"), &err)?;
            Ok(None)
        }
    }
}

impl Status {
    /// Refuses outputs that are inputs or each other ([`output::clash`]):
    /// reports why on `errors`, counts it as unreadable (exit code 2) and
    /// gives `true`, before anything is read or written.
    pub(crate) fn refuses_outputs(
        &mut self,
        errors: &mut impl Write,
        command: &str,
        inputs: &[String],
        outputs: &[Option<&str>],
    ) -> io::Result<bool> {
        let outputs: Vec<&str> = outputs.iter().flatten().copied().collect();
        let Some(why) = output::clash(inputs, &outputs) else { return Ok(false) };
        self.unreadable += 1;
        report::write_failure(errors, command, None, format_args!("refused: {why}"))?;
        errors.flush()?;
        Ok(true)
    }
}

/// The definition of `pgn`, or of one of its commands; `None` for a name
/// that is no command.
fn definition(command: Option<&str>) -> Option<clap::Command> {
    let cli = <Cli as clap::CommandFactory>::command();
    match command {
        None => Some(cli),
        Some(name) => {
            let found = cli.get_subcommands().find(|c| c.get_name() == name)?.clone();
            let full = format!("pgn-{name}");
            Some(found.name(full).bin_name(format!("pgn {name}")))
        }
    }
}

/// `pgn help [COMMAND]`.
fn help(command: Option<&str>) -> io::Result<Status> {
    let mut status = Status::default();
    match definition(command) {
        Some(mut definition) => {
            writeln!(io::stdout().lock(), "{}", definition.render_long_help())?;
        }
        None => {
            eprintln!("pgn help: no command {:?}: see pgn --help", command.unwrap_or_default());
            status.unreadable += 1;
        }
    }
    Ok(status)
}

/// `pgn man [COMMAND]`.
fn man(command: Option<&str>) -> io::Result<Status> {
    let mut status = Status::default();
    match definition(command) {
        Some(definition) => {
            let page = clap_mangen::Man::new(definition.version(VERSION));
            page.render(&mut io::stdout().lock())?;
        }
        None => {
            eprintln!("pgn man: no command {:?}: see pgn --help", command.unwrap_or_default());
            status.unreadable += 1;
        }
    }
    Ok(status)
}

/// The exit code of a run: its status, or for a failure to write the
/// output, 0 when the reader of the output has gone (`| head`), else 2.
fn finish(command: &str, run: io::Result<Status>) -> ExitCode {
    match run {
        Ok(status) => status.exit_code(),
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("pgn {command}: cannot write the output: {err}");
            ExitCode::from(2)
        }
    }
}

/// `--encoding`.
fn parse_decoding(name: &str) -> Result<pgn_syntax::Decoding, String> {
    pgn_syntax::Decoding::from_name(name)
        .ok_or_else(|| "auto, utf-8, latin-1, cp1252 or cp437".to_owned())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    input::set_decoding(cli.encoding);
    report::set_message_format(cli.message_format);
    output::remove_on_signals();
    let code = run(cli.command);
    report_peak_memory();
    code
}

/// With `PGN_PEAK_MEMORY` set (for tests of memory bounds), prints the
/// process's peak resident memory on standard error, where the system
/// says it (Linux: `VmHWM` in `/proc/self/status`).
fn report_peak_memory() {
    if std::env::var_os("PGN_PEAK_MEMORY").is_none() {
        return;
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(peak) = status.lines().find_map(|line| line.strip_prefix("VmHWM:")) {
        eprintln!("pgn: peak memory {}", peak.trim());
    }
}

fn run(command: Command) -> ExitCode {
    match command {
        Command::Perft { fen, depth, divide } => run_perft(&fen, depth, divide),
        Command::Stats { files, commands, noise, threads } => {
            finish("stats", stats::run(&files, commands, noise, threads.reader()))
        }
        Command::Check { files, mainline, commands, variants, noise, threads } => {
            let run =
                check::run_check(&files, (mainline, commands), (noise, variants), threads.reader());
            finish("check", run)
        }
        Command::Moves { files, all_lines, fen, en_passant, format, variants, noise, threads } => {
            let en_passant = en_passant.mode();
            let args = moves::MovesArgs { all_lines, fen, en_passant, format, variants };
            finish("moves", moves::run(&files, args, noise, threads.reader()))
        }
        Command::Table {
            files,
            games,
            moves,
            all_lines,
            fen,
            key,
            format,
            table,
            variants,
            noise,
            threads,
        } => {
            let position = match (fen, key) {
                (true, _) => pgn_table::PositionColumn::Fen,
                (false, true) => pgn_table::PositionColumn::Key,
                (false, false) => pgn_table::PositionColumn::None,
            };
            // A Parquet file is encoded on a thread of its own: one core
            // fewer reads.
            let reader = match format {
                table_cmd::OutputFormat::Parquet => threads.reader_beside(1),
                table_cmd::OutputFormat::Arrow => threads.reader(),
            };
            let args =
                table_cmd::TableArgs { games, moves, all_lines, position, format, table, variants };
            finish("table", table_cmd::run(&files, &args, noise, reader))
        }
        Command::Fen { files, every_ply, en_passant, variants, noise, threads } => {
            let args = (every_ply, en_passant.mode());
            finish("fen", check::run_fen(&files, args, (noise, variants), threads.reader()))
        }
        Command::Export { files, output, format, broken, variants, noise, threads } => finish(
            "export",
            export::run(
                &files,
                output.as_deref(),
                format.args(broken, variants),
                noise,
                threads.reader(),
            ),
        ),
        Command::Sort { files, output, format, broken, variants, noise, threads } => {
            let args = format.args(broken, variants);
            finish("sort", sort::run(&files, &output, args, noise, threads.reader()))
        }
        Command::Split {
            files,
            by,
            games_per_file,
            dir,
            format,
            broken,
            variants,
            noise,
            threads,
        } => {
            let (args, reader) = (format.args(broken, variants), threads.reader());
            let spread = match (by, games_per_file) {
                (Some(by), _) => split::Spread::By(by.into()),
                (None, n) => split::Spread::Every(n.map_or(1, u64::from)),
            };
            finish("split", split::run(&files, spread, &dir, args, noise, reader))
        }
        Command::Select {
            files,
            output,
            criteria,
            columns,
            table_format,
            csv,
            count,
            en_passant,
            games,
            format,
            broken,
            variants,
            noise,
            threads,
        } => {
            let table = match (table_format, csv) {
                (Some(format), _) => format,
                (None, true) => table::TableFormat::Csv,
                (None, false) => table::TableFormat::Tsv,
            };
            let what = match (columns, count) {
                (Some(columns), _) => {
                    select::Output::Table { columns, format: table, en_passant: en_passant.mode() }
                }
                (None, true) => select::Output::Count,
                (None, false) => select::Output::Games(format.args(broken, variants)),
            };
            finish(
                "select",
                select::run(
                    &files,
                    output.as_deref(),
                    &criteria,
                    what,
                    (noise, games, variants),
                    threads.reader(),
                ),
            )
        }
        Command::Dedupe {
            files,
            output,
            duplicates,
            report,
            tags,
            final_position,
            format,
            variants,
            noise,
            threads,
        } => {
            let mode = match (tags, final_position) {
                (_, true) => pgn_select::DuplicateMode::FinalPosition,
                (Some(tags), false) => pgn_select::DuplicateMode::MovesAndTags(tags),
                (None, false) => pgn_select::DuplicateMode::Moves,
            };
            let run = select::dedupe(
                &files,
                select::DedupeOutputs {
                    output: output.as_deref(),
                    duplicates: duplicates.as_deref(),
                    report: report.as_deref(),
                },
                mode,
                format.args(BrokenFlag { keep_broken: false }, variants),
                noise,
                threads.reader(),
            );
            finish("dedupe", run)
        }
        Command::Pgc { command } => finish("pgc", pgc::run(command)),
        Command::Help { command } => finish("help", help(command.as_deref())),
        Command::Ranges { files, parts } => ranges::run(&files, parts),
        Command::Completions { shell } => {
            let mut cli = <Cli as clap::CommandFactory>::command();
            // Into a buffer first: the generator panics on a failed write.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cli, "pgn", &mut script);
            finish("completions", io::stdout().write_all(&script).map(|()| Status::default()))
        }
        Command::Man { command } => finish("man", man(command.as_deref())),
        Command::Epd { files, check, to_fen, noise } => {
            let output = match (check, to_fen) {
                (true, _) => epd::EpdOutput::Check,
                (false, true) => epd::EpdOutput::Fen,
                (false, false) => epd::EpdOutput::Canonical,
            };
            finish("epd", epd::run(&files, output, noise))
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
