//! `pgn table`: the games table and the moves table of `pgn_table`, as
//! Parquet files (zstd) or one of them as an Arrow IPC stream on standard
//! output.
//!
//! The rows of each game are made where it is replayed (`pgn_table`'s
//! `TableWork`), appended in input order on the calling thread, and each
//! full batch is handed to its file's encoder, which runs on a thread of
//! its own: the calling thread only appends. A Parquet file is written to
//! a temporary file and renamed into place at the end (`output.rs`).

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::Path;

use pgn_syntax::ParallelReader;
use pgn_table::{
    IpcTable, ParquetTable, PositionColumn, Table, TableBuilder, TableOptions, TableWork,
};

use crate::output::Staged;
use crate::report::{Diagnostics, NoiseArgs, Tally, VariantArgs, write_failure};
use crate::threads::read_input;
use crate::{Status, unreadable};

/// The form of the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum OutputFormat {
    /// Parquet files (--games, --moves).
    Parquet,
    /// One table (--table) as an Arrow IPC stream on standard output.
    Arrow,
}

/// Which table `--table` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum TableName {
    /// A row per game.
    Games,
    /// A row per move.
    Moves,
}

/// What `pgn table` was asked for.
#[derive(Clone, Debug)]
pub(crate) struct TableArgs {
    pub(crate) games: Option<String>,
    pub(crate) moves: Option<String>,
    pub(crate) all_lines: bool,
    pub(crate) position: PositionColumn,
    pub(crate) format: OutputFormat,
    pub(crate) table: Option<TableName>,
    pub(crate) variants: VariantArgs,
}

/// Where a table goes.
enum Sink {
    /// A Parquet file, staged when it is a regular file.
    Parquet { table: ParquetTable, staged: Option<Staged>, name: String },
    /// An Arrow IPC stream on standard output.
    Ipc(IpcTable<BufWriter<io::Stdout>>),
}

impl Sink {
    fn write(&mut self, batch: pgn_table::arrow_array::RecordBatch) -> io::Result<()> {
        match self {
            Sink::Parquet { table, .. } => table.write(batch),
            Sink::Ipc(stream) => stream.write(&batch),
        }
    }
}

/// Opens the Parquet file `path` for `table`: standard output for `-`, a
/// file that is not a regular file as it is, a regular one staged.
fn parquet_sink(path: &str, schema: pgn_table::arrow_schema::SchemaRef) -> io::Result<Sink> {
    let (table, staged) = match path {
        "-" => (ParquetTable::new(io::stdout(), schema)?, None),
        _ => match fs::metadata(path) {
            Ok(meta) if !meta.is_file() => (ParquetTable::new(File::create(path)?, schema)?, None),
            _ => {
                let (staged, file) = Staged::create(Path::new(path))?;
                let out = BufWriter::with_capacity(1 << 16, file);
                (ParquetTable::new(out, schema)?, Some(staged))
            }
        },
    };
    Ok(Sink::Parquet { table, staged, name: path.to_owned() })
}

/// The outputs the arguments ask for, each with its table; or why they
/// do not make sense together.
fn wanted(args: &TableArgs) -> Result<Vec<(Table, Option<&str>)>, &'static str> {
    match args.format {
        OutputFormat::Parquet => {
            if args.table.is_some() {
                return Err(
                    "--table goes with --format arrow; name Parquet files with --games and --moves",
                );
            }
            let mut outputs = Vec::new();
            if let Some(path) = &args.games {
                outputs.push((Table::Games, Some(path.as_str())));
            }
            if let Some(path) = &args.moves {
                outputs.push((Table::Moves, Some(path.as_str())));
            }
            if outputs.is_empty() {
                return Err("name an output: --games FILE, --moves FILE or both");
            }
            if args.games.as_deref() == Some("-") && args.moves.as_deref() == Some("-") {
                return Err("only one table can go to standard output");
            }
            Ok(outputs)
        }
        OutputFormat::Arrow => {
            if args.games.is_some() || args.moves.is_some() {
                return Err(
                    "--format arrow writes one table to standard output: name it with --table, without --games or --moves",
                );
            }
            match args.table {
                Some(TableName::Games) => Ok(vec![(Table::Games, None)]),
                Some(TableName::Moves) => Ok(vec![(Table::Moves, None)]),
                None => Err("--format arrow needs --table games or --table moves"),
            }
        }
    }
}

/// Runs `pgn table` over `files`. Diagnostics go to standard error as for
/// `pgn check`, then `games=N moves=M errors=E warnings=W notes=N` (the
/// rows of each table); the exit code is 1 when any error was found.
pub(crate) fn run(
    files: &[String],
    args: &TableArgs,
    noise: NoiseArgs,
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let outputs = match wanted(args) {
        Ok(outputs) => outputs,
        Err(why) => {
            status.unreadable += 1;
            write_failure(&mut diagnostics.out, "table", None, why)?;
            diagnostics.out.flush()?;
            return Ok(status);
        }
    };
    let paths: Vec<Option<&str>> = outputs.iter().map(|(_, path)| *path).collect();
    if status.refuses_outputs(&mut diagnostics.out, "table", files, &paths)? {
        return Ok(status);
    }
    let has = |table| outputs.iter().any(|(t, _)| *t == table);
    let options = TableOptions {
        games: has(Table::Games),
        moves: has(Table::Moves),
        all_lines: args.all_lines,
        position: args.position,
        skip_variants: args.variants.skip_variants,
        ..TableOptions::default()
    };
    let mut builder = TableBuilder::new(options, "-");
    let mut sinks = Vec::new();
    for &(table, path) in &outputs {
        let schema = builder.schema(table);
        let sink = match path {
            Some(path) => parquet_sink(path, schema),
            None => IpcTable::new(BufWriter::with_capacity(1 << 16, io::stdout()), &schema)
                .map(Sink::Ipc),
        };
        match sink {
            Ok(sink) => sinks.push((table, sink)),
            Err(err) => {
                let name = path.unwrap_or("-");
                crate::cannot_create(&mut status, &mut diagnostics.out, "table", name, &err)?;
                diagnostics.out.flush()?;
                return Ok(status);
            }
        }
    }
    let (mut tally, mut games, mut moves) = (Tally::default(), 0u64, 0u64);
    let work = TableWork::new(options);
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "table", name)? else { continue };
        diagnostics.input(name);
        builder.set_file(name);
        let read = read_input(reader, input, &work, |rows| {
            for d in &rows.problems {
                tally.count(d.severity());
                diagnostics.report(d.severity(), d.label(), name, d)?;
            }
            if rows.after_last {
                return Ok(());
            }
            diagnostics.games(1);
            if !rows.skipped {
                games += 1;
                moves += rows.move_rows() as u64;
            }
            builder.push(rows);
            for (table, sink) in &mut sinks {
                while let Some(batch) = builder.full(*table) {
                    sink.write(batch)?;
                }
            }
            Ok(())
        })?;
        if let Some(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "table", name, &err)?;
        }
    }
    for (table, mut sink) in sinks {
        while let Some(batch) = builder.finish(table) {
            sink.write(batch)?;
        }
        match sink {
            Sink::Ipc(stream) => stream.finish()?.flush()?,
            Sink::Parquet { table, staged, name } => {
                table.finish().map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
                let Some(staged) = staged else { continue };
                if status.unreadable > 0 {
                    let what = staged.not_written();
                    let why = format_args!("{name} {what}: an input could not be read");
                    write_failure(&mut diagnostics.out, "table", None, why)?;
                } else {
                    staged.commit()?;
                }
            }
        }
    }
    diagnostics.finish("table")?;
    let counted = if options.moves {
        format!("games={games} moves={moves}")
    } else {
        format!("games={games}")
    };
    diagnostics.summary(format_args!("{counted} {tally}"))?;
    diagnostics.out.flush()?;
    status.input_errors = tally.errors > 0;
    Ok(status)
}
