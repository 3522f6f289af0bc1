//! Chess games as Arrow tables: a row per game (its tags, typed where the
//! standard or practice gives a type, its result, length, final position
//! and first error) and a row per move (SAN, UCI, the position after it,
//! the clock, time and evaluation of its comment commands, its NAGs),
//! for data frames and SQL engines (Polars, pandas, DuckDB, Spark).
//!
//! [`batches`] gives one table of a PGN input as Arrow `RecordBatch`es:
//!
//! ```
//! use arrow_array::{Array, StringArray, UInt32Array};
//! use pgn_table::{Table, TableOptions};
//!
//! let pgn = "[White \"Tal\"] [Black \"?\"] [Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let batches = pgn_table::batches(pgn.as_bytes(), Table::Games, TableOptions::default());
//! for batch in batches {
//!     let batch = batch?;
//!     let white = batch.column_by_name("white").and_then(|c| c.as_any().downcast_ref::<StringArray>());
//!     let black = batch.column_by_name("black").and_then(|c| c.as_any().downcast_ref::<StringArray>());
//!     let plies = batch.column_by_name("plies").and_then(|c| c.as_any().downcast_ref::<UInt32Array>());
//!     assert_eq!(white.map(|c| c.value(0)), Some("Tal"));
//!     assert_eq!(black.map(|c| c.is_null(0)), Some(true), "a placeholder is null");
//!     assert_eq!(plies.map(|c| c.value(0)), Some(7));
//! }
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! A file of millions of games is read on every core with
//! `pgn_syntax::ParallelReader` and a [`TableWork`]: each game's rows
//! ([`GameRows`]) are made where it is replayed, and a [`TableBuilder`] on
//! the calling thread appends them in input order and cuts batches of a
//! bounded number of rows; [`ParquetTable`] writes them as Parquet
//! (zstd), each batch a row group encoded on a thread of its own, and
//! [`IpcTable`] as an Arrow IPC stream. The schemas ([`games_schema`],
//! [`moves_schema`]) carry their version ([`SCHEMA_VERSION`]) in their
//! metadata, and the Parquet files in theirs; `docs/tables.md` in the
//! repository describes every column.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for the options
//!   ([`TableOptions`], [`Table`], [`PositionColumn`]).

mod builder;
mod rows;
mod schema;
mod write;

use std::io::{self, Read};

use arrow_array::RecordBatch;
use pgn_replay::{Replayed, Replayer};
use pgn_syntax::Reader;
use pgn_syntax::parallel::Work;

pub use arrow_array;
pub use arrow_schema;
pub use builder::TableBuilder;
pub use rows::{GameRows, RowMaker};
pub use schema::{
    PositionColumn, SCHEMA_VERSION, SCHEMA_VERSION_KEY, Table, TableOptions, games_schema,
    moves_schema,
};
pub use write::{IpcTable, ParquetTable, parquet_properties};

/// How each reader of a `pgn_syntax::ParallelReader` makes the rows of its
/// games: a [`Work`] whose item is a game's [`GameRows`] (and, after the
/// last game, one that is no game and holds the diagnostics past it).
/// Give the items to a [`TableBuilder`] in the order they come; with
/// `read_lending`, each goes back to the thread that made it, for its
/// buffers.
///
/// ```
/// use std::ops::ControlFlow;
/// use pgn_syntax::ParallelReader;
/// use pgn_table::{Table, TableBuilder, TableOptions, TableWork};
///
/// let pgn = "1. e4 e5 *\n\n1. d4 d5 2. c4 *\n";
/// let options = TableOptions::default();
/// let mut builder = TableBuilder::new(options, "games.pgn");
/// let finished = ParallelReader::new().read_lending(pgn.as_bytes(), &TableWork::new(options), |rows| {
///     builder.push(rows);
///     ControlFlow::<()>::Continue(())
/// });
/// assert!(finished.is_ok_and(|f| f.error.is_none()));
/// let moves = builder.finish(Table::Moves).map(|batch| batch.num_rows());
/// assert_eq!(moves, Some(5));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TableWork {
    options: TableOptions,
}

impl TableWork {
    /// Rows as `options` says.
    pub fn new(options: TableOptions) -> TableWork {
        TableWork { options }
    }
}

impl Work for TableWork {
    type Visitor = Replayer<RowMaker>;
    type Item = GameRows;

    fn visitor(&self) -> Replayer<RowMaker> {
        Replayer::new(RowMaker::new(self.options))
    }

    fn item(&self, replayer: &mut Replayer<RowMaker>, mut game: Replayed<GameRows>) -> GameRows {
        let rows = replayer.inner_mut().finish(&mut game.info, game.output);
        replayer.recycle(game.info);
        rows
    }

    fn end(&self, replayer: &mut Replayer<RowMaker>) -> Option<GameRows> {
        let problems = replayer.take_problems();
        Some(GameRows { problems, skipped: true, after_last: true, ..GameRows::default() })
    }

    fn recycle(&self, replayer: &mut Replayer<RowMaker>, rows: GameRows) {
        replayer.inner_mut().recycle(rows);
    }
}

/// The batches of one table of the games of `input`, read on the calling
/// thread: an iterator of `RecordBatch`es of [`TableOptions::games_batch`]
/// or about [`TableOptions::moves_batch`] rows (the last one fewer), then
/// the error that stopped the reading, if one did. Their `file` column is
/// `-` until [`Batches::named`] names the input.
pub fn batches<R: Read>(input: R, table: Table, options: TableOptions) -> Batches<R> {
    let options =
        TableOptions { games: table == Table::Games, moves: table == Table::Moves, ..options };
    Batches {
        reader: Reader::new(input),
        replayer: Replayer::new(RowMaker::new(options)),
        builder: TableBuilder::new(options, "-"),
        table,
        done: false,
        error: None,
    }
}

/// The iterator of [`batches`].
pub struct Batches<R: Read> {
    reader: Reader<R>,
    replayer: Replayer<RowMaker>,
    builder: TableBuilder,
    table: Table,
    done: bool,
    /// The error that ended the reading, given after the last batch.
    error: Option<io::Error>,
}

impl<R: Read> Batches<R> {
    /// Names the input in the `file` column.
    pub fn named(mut self, file: &str) -> Batches<R> {
        self.builder.set_file(file);
        self
    }

    /// The schema of the batches.
    pub fn schema(&self) -> arrow_schema::SchemaRef {
        self.builder.schema(self.table)
    }
}

impl<R: Read> Iterator for Batches<R> {
    type Item = io::Result<RecordBatch>;

    fn next(&mut self) -> Option<io::Result<RecordBatch>> {
        loop {
            if let Some(batch) = self.builder.full(self.table) {
                return Some(Ok(batch));
            }
            if self.done {
                if let Some(batch) = self.builder.finish(self.table) {
                    return Some(Ok(batch));
                }
                return self.error.take().map(Err);
            }
            match self.reader.read_game(&mut self.replayer) {
                Ok(Some(mut game)) => {
                    let maker = self.replayer.inner_mut();
                    let rows = maker.finish(&mut game.info, game.output);
                    self.builder.push(&rows);
                    maker.recycle(rows);
                    self.replayer.recycle(game.info);
                }
                Ok(None) => self.done = true,
                Err(err) => {
                    self.done = true;
                    self.error = Some(err);
                }
            }
        }
    }
}

impl<R: Read> std::fmt::Debug for Batches<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batches").field("table", &self.table).finish_non_exhaustive()
    }
}

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
