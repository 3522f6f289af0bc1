//! The two tables' Arrow schemas ([`games_schema`], [`moves_schema`]),
//! their version ([`SCHEMA_VERSION`]) and the options that shape them
//! ([`TableOptions`]). `docs/tables.md` documents every column.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef, TimeUnit};

/// The version of the schemas, written into the Arrow schema's metadata
/// and the Parquet file's key-value metadata under [`SCHEMA_VERSION_KEY`].
/// It changes when a column changes its name, type or meaning.
pub const SCHEMA_VERSION: &str = "1";

/// The metadata key of [`SCHEMA_VERSION`].
pub const SCHEMA_VERSION_KEY: &str = "pgn.schema_version";

/// One of the two tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Table {
    /// A row per game.
    Games,
    /// A row per move (of the main line, or of every line).
    Moves,
}

/// What the moves table says of the position after each move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PositionColumn {
    /// Nothing.
    #[default]
    None,
    /// A `fen` column: the FEN after the move (castling as X-FEN, the en
    /// passant square only when a capture there is legal).
    Fen,
    /// A `key` column: the Polyglot Zobrist key of the position after the
    /// move (`chess_core::Position::zobrist_hash`).
    Key,
}

/// What the tables hold: which tables are made, which lines, which
/// position column, and how many rows a batch has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableOptions {
    /// Make the games table's rows.
    pub games: bool,
    /// Make the moves table's rows.
    pub moves: bool,
    /// Rows for the moves of variations too, with a `path` column.
    pub all_lines: bool,
    /// The moves table's position column.
    pub position: PositionColumn,
    /// Leave out the games of other variants (`[Variant "Atomic"]`): no
    /// rows, and only the reader's diagnostics.
    pub skip_variants: bool,
    /// A games batch ends once it has this many rows.
    pub games_batch: usize,
    /// A moves batch ends at the end of the game that gave it this many
    /// rows.
    pub moves_batch: usize,
}

impl Default for TableOptions {
    /// Both tables, main lines only, no position column, batches of
    /// 16,384 games and 65,536 moves.
    fn default() -> TableOptions {
        TableOptions {
            games: true,
            moves: true,
            all_lines: false,
            position: PositionColumn::None,
            skip_variants: false,
            games_batch: 1 << 14,
            moves_batch: 1 << 16,
        }
    }
}

impl TableOptions {
    /// The schema of `table` under these options.
    pub fn schema(&self, table: Table) -> SchemaRef {
        match table {
            Table::Games => games_schema(),
            Table::Moves => moves_schema(*self),
        }
    }
}

/// The metadata of both schemas: the schema version.
fn metadata() -> HashMap<String, String> {
    HashMap::from([(SCHEMA_VERSION_KEY.to_owned(), SCHEMA_VERSION.to_owned())])
}

/// The type of the games table's `tags` column: a map from each tag name
/// to its value (null for a placeholder), the names in input order.
pub(crate) fn tags_type() -> DataType {
    let entries = Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", DataType::Utf8, true),
    ]);
    DataType::Map(Arc::new(Field::new("entries", DataType::Struct(entries), false)), false)
}

/// The field of the moves table's `nags` list's items.
pub(crate) fn nag_field() -> Arc<Field> {
    Arc::new(Field::new("item", DataType::UInt8, false))
}

/// The games table: a row per game.
pub fn games_schema() -> SchemaRef {
    let text = |name: &str| Field::new(name, DataType::Utf8, true);
    let fields = vec![
        Field::new("file", DataType::Utf8, false),
        Field::new("offset", DataType::UInt64, false),
        Field::new("number", DataType::UInt64, false),
        text("event"),
        text("site"),
        text("date"),
        text("round"),
        text("white"),
        text("black"),
        Field::new("result", DataType::Utf8, false),
        Field::new("date_year", DataType::Int32, true),
        Field::new("date_month", DataType::UInt8, true),
        Field::new("date_day", DataType::UInt8, true),
        Field::new("white_elo", DataType::Int32, true),
        Field::new("black_elo", DataType::Int32, true),
        Field::new("white_rating_diff", DataType::Int32, true),
        Field::new("black_rating_diff", DataType::Int32, true),
        text("eco"),
        text("time_control"),
        Field::new("base_seconds", DataType::Int64, true),
        Field::new("increment_seconds", DataType::Int64, true),
        Field::new("utc_date", DataType::Date32, true),
        Field::new("utc_time", DataType::Time32(TimeUnit::Second), true),
        text("termination"),
        Field::new("plies", DataType::UInt32, false),
        text("final_fen"),
        Field::new("clean", DataType::Boolean, false),
        text("first_error"),
        Field::new("tags", tags_type(), false),
    ];
    Arc::new(Schema::new_with_metadata(fields, metadata()))
}

/// The moves table under `options`: a row per move.
pub fn moves_schema(options: TableOptions) -> SchemaRef {
    let mut fields = vec![
        Field::new("file", DataType::Utf8, false),
        Field::new("offset", DataType::UInt64, false),
    ];
    if options.all_lines {
        fields.push(Field::new("path", DataType::Utf8, false));
    }
    fields.extend([
        Field::new("ply", DataType::UInt32, false),
        Field::new("san", DataType::Utf8, false),
        Field::new("uci", DataType::Utf8, false),
    ]);
    match options.position {
        PositionColumn::None => {}
        PositionColumn::Fen => fields.push(Field::new("fen", DataType::Utf8, false)),
        PositionColumn::Key => fields.push(Field::new("key", DataType::UInt64, false)),
    }
    fields.extend([
        Field::new("clock_seconds", DataType::Float64, true),
        Field::new("emt_seconds", DataType::Float64, true),
        Field::new("eval_cp", DataType::Int32, true),
        Field::new("eval_mate", DataType::Int32, true),
        Field::new("eval_depth", DataType::Int32, true),
        Field::new("nags", DataType::List(nag_field()), false),
    ]);
    Arc::new(Schema::new_with_metadata(fields, metadata()))
}
