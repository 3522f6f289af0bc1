//! [`TableBuilder`]: appends each game's [`GameRows`] to the columns of
//! the two tables, in the order the games are given, and ends a
//! `RecordBatch` of a table when it has its number of rows.

use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Float64Builder, Int32Builder, Int64Builder, ListBuilder,
    MapBuilder, MapFieldNames, StringBuilder, Time32SecondBuilder, UInt8Builder, UInt32Builder,
    UInt64Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, SchemaRef};

use crate::rows::GameRows;
use crate::schema::{PositionColumn, Table, TableOptions, games_schema, moves_schema, nag_field};

/// The columns of the games table being filled.
#[derive(Debug)]
struct GamesColumns {
    file: StringBuilder,
    offset: UInt64Builder,
    number: UInt64Builder,
    roster: [StringBuilder; 6],
    result: StringBuilder,
    date_year: Int32Builder,
    date_month: UInt8Builder,
    date_day: UInt8Builder,
    elo: [Int32Builder; 2],
    rating_diff: [Int32Builder; 2],
    eco: StringBuilder,
    time_control: StringBuilder,
    base_seconds: Int64Builder,
    increment_seconds: Int64Builder,
    utc_date: Date32Builder,
    utc_time: Time32SecondBuilder,
    termination: StringBuilder,
    plies: UInt32Builder,
    final_fen: StringBuilder,
    clean: BooleanBuilder,
    first_error: StringBuilder,
    tags: MapBuilder<StringBuilder, StringBuilder>,
    rows: usize,
}

/// The `tags` column's builder, its fields as [`games_schema`] names them.
fn tags_builder() -> MapBuilder<StringBuilder, StringBuilder> {
    let names = MapFieldNames {
        entry: "entries".to_owned(),
        key: "key".to_owned(),
        value: "value".to_owned(),
    };
    MapBuilder::new(Some(names), StringBuilder::new(), StringBuilder::new())
        .with_values_field(Field::new("value", DataType::Utf8, true))
}

impl GamesColumns {
    fn new() -> GamesColumns {
        GamesColumns {
            file: StringBuilder::new(),
            offset: UInt64Builder::new(),
            number: UInt64Builder::new(),
            roster: Default::default(),
            result: StringBuilder::new(),
            date_year: Int32Builder::new(),
            date_month: UInt8Builder::new(),
            date_day: UInt8Builder::new(),
            elo: Default::default(),
            rating_diff: Default::default(),
            eco: StringBuilder::new(),
            time_control: StringBuilder::new(),
            base_seconds: Int64Builder::new(),
            increment_seconds: Int64Builder::new(),
            utc_date: Date32Builder::new(),
            utc_time: Time32SecondBuilder::new(),
            termination: StringBuilder::new(),
            plies: UInt32Builder::new(),
            final_fen: StringBuilder::new(),
            clean: BooleanBuilder::new(),
            first_error: StringBuilder::new(),
            tags: tags_builder(),
            rows: 0,
        }
    }

    fn push(&mut self, file: &str, game: &GameRows) {
        let row = &game.game;
        let text = |range: &Option<std::ops::Range<usize>>| range.as_ref().map(|r| game.text(r));
        self.file.append_value(file);
        self.offset.append_value(game.offset);
        self.number.append_value(game.number);
        for (column, value) in self.roster.iter_mut().zip(&row.roster) {
            column.append_option(text(value));
        }
        self.result.append_value(row.result);
        self.date_year.append_option(row.date.year.map(i32::from));
        self.date_month.append_option(row.date.month);
        self.date_day.append_option(row.date.day);
        for (column, value) in self.elo.iter_mut().zip(row.elo) {
            column.append_option(value);
        }
        for (column, value) in self.rating_diff.iter_mut().zip(row.rating_diff) {
            column.append_option(value);
        }
        self.eco.append_option(text(&row.eco));
        self.time_control.append_option(text(&row.time_control));
        self.base_seconds.append_option(row.base_seconds);
        self.increment_seconds.append_option(row.increment_seconds);
        self.utc_date.append_option(row.utc_date);
        self.utc_time.append_option(row.utc_time);
        self.termination.append_option(text(&row.termination));
        self.plies.append_value(row.plies);
        self.final_fen.append_option(text(&row.final_fen));
        self.clean.append_value(row.clean);
        self.first_error.append_option(text(&row.first_error));
        for (name, value) in &row.tags {
            let (keys, values) = self.tags.entries();
            keys.append_value(game.text(name));
            values.append_option(value.as_ref().map(|v| game.text(v)));
        }
        // Keys and values were appended in pairs: they cannot differ in
        // length, the one error of `append`.
        let _ = self.tags.append(true);
        self.rows += 1;
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        self.rows = 0;
        let mut columns: Vec<ArrayRef> = vec![
            Arc::new(self.file.finish()),
            Arc::new(self.offset.finish()),
            Arc::new(self.number.finish()),
        ];
        columns.extend(self.roster.iter_mut().map(|c| Arc::new(c.finish()) as ArrayRef));
        columns.push(Arc::new(self.result.finish()));
        columns.push(Arc::new(self.date_year.finish()));
        columns.push(Arc::new(self.date_month.finish()));
        columns.push(Arc::new(self.date_day.finish()));
        columns.extend(self.elo.iter_mut().map(|c| Arc::new(c.finish()) as ArrayRef));
        columns.extend(self.rating_diff.iter_mut().map(|c| Arc::new(c.finish()) as ArrayRef));
        columns.push(Arc::new(self.eco.finish()));
        columns.push(Arc::new(self.time_control.finish()));
        columns.push(Arc::new(self.base_seconds.finish()));
        columns.push(Arc::new(self.increment_seconds.finish()));
        columns.push(Arc::new(self.utc_date.finish()));
        columns.push(Arc::new(self.utc_time.finish()));
        columns.push(Arc::new(self.termination.finish()));
        columns.push(Arc::new(self.plies.finish()));
        columns.push(Arc::new(self.final_fen.finish()));
        columns.push(Arc::new(self.clean.finish()));
        columns.push(Arc::new(self.first_error.finish()));
        columns.push(Arc::new(self.tags.finish()));
        columns
    }
}

/// The columns of the moves table being filled.
#[derive(Debug)]
struct MovesColumns {
    options: TableOptions,
    file: StringBuilder,
    offset: UInt64Builder,
    path: StringBuilder,
    ply: UInt32Builder,
    san: StringBuilder,
    uci: StringBuilder,
    fen: StringBuilder,
    key: UInt64Builder,
    clock: Float64Builder,
    emt: Float64Builder,
    eval_cp: Int32Builder,
    eval_mate: Int32Builder,
    eval_depth: Int32Builder,
    nags: ListBuilder<UInt8Builder>,
    rows: usize,
}

impl MovesColumns {
    fn new(options: TableOptions) -> MovesColumns {
        MovesColumns {
            options,
            file: StringBuilder::new(),
            offset: UInt64Builder::new(),
            path: StringBuilder::new(),
            ply: UInt32Builder::new(),
            san: StringBuilder::new(),
            uci: StringBuilder::new(),
            fen: StringBuilder::new(),
            key: UInt64Builder::new(),
            clock: Float64Builder::new(),
            emt: Float64Builder::new(),
            eval_cp: Int32Builder::new(),
            eval_mate: Int32Builder::new(),
            eval_depth: Int32Builder::new(),
            nags: ListBuilder::new(UInt8Builder::new()).with_field(nag_field()),
            rows: 0,
        }
    }

    fn push(&mut self, file: &str, game: &GameRows) {
        let all_lines = self.options.all_lines;
        let position = self.options.position;
        for row in &game.moves {
            self.file.append_value(file);
            self.offset.append_value(game.offset);
            if all_lines {
                self.path.append_value(game.text(&row.path));
            }
            self.ply.append_value(row.ply);
            self.san.append_value(game.text(&row.san));
            self.uci.append_value(game.text(&row.uci));
            match position {
                PositionColumn::None => {}
                PositionColumn::Fen => self.fen.append_value(game.text(&row.fen)),
                PositionColumn::Key => self.key.append_value(row.key),
            }
            self.clock.append_option(row.values.clock.map(|t| t.seconds()));
            self.emt.append_option(row.values.emt.map(|t| t.seconds()));
            self.eval_cp.append_option(row.eval_cp());
            self.eval_mate.append_option(row.eval_mate());
            self.eval_depth.append_option(row.eval_depth());
            let nags = game.nags.get(row.nags.clone()).unwrap_or_default();
            self.nags.values().append_slice(nags);
            self.nags.append(true);
        }
        self.rows += game.moves.len();
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        self.rows = 0;
        let mut columns: Vec<ArrayRef> =
            vec![Arc::new(self.file.finish()), Arc::new(self.offset.finish())];
        if self.options.all_lines {
            columns.push(Arc::new(self.path.finish()));
        }
        columns.push(Arc::new(self.ply.finish()));
        columns.push(Arc::new(self.san.finish()));
        columns.push(Arc::new(self.uci.finish()));
        match self.options.position {
            PositionColumn::None => {}
            PositionColumn::Fen => columns.push(Arc::new(self.fen.finish())),
            PositionColumn::Key => columns.push(Arc::new(self.key.finish())),
        }
        columns.push(Arc::new(self.clock.finish()));
        columns.push(Arc::new(self.emt.finish()));
        columns.push(Arc::new(self.eval_cp.finish()));
        columns.push(Arc::new(self.eval_mate.finish()));
        columns.push(Arc::new(self.eval_depth.finish()));
        columns.push(Arc::new(self.nags.finish()));
        columns
    }
}

/// Appends the rows of games, in the order given, to the columns of the
/// tables the options ask for, and cuts them into `RecordBatch`es of a
/// bounded number of rows: [`TableOptions::games_batch`] games, or the
/// games whose moves reach [`TableOptions::moves_batch`] rows.
///
/// It is the calling thread's half of a parallel read: the rows of each
/// game are made where the game is replayed ([`RowMaker`](crate::RowMaker),
/// [`TableWork`](crate::TableWork)), and appended here in input order.
#[derive(Debug)]
pub struct TableBuilder {
    options: TableOptions,
    games_schema: SchemaRef,
    moves_schema: SchemaRef,
    games: GamesColumns,
    moves: MovesColumns,
    /// The `file` column of the rows to come.
    file: String,
}

impl TableBuilder {
    /// A builder of the tables `options` asks for, its rows from the
    /// input named `file` (`-` for standard input) until
    /// [`set_file`](TableBuilder::set_file) names another.
    pub fn new(options: TableOptions, file: &str) -> TableBuilder {
        TableBuilder {
            options,
            games_schema: games_schema(),
            moves_schema: moves_schema(options),
            games: GamesColumns::new(),
            moves: MovesColumns::new(options),
            file: file.to_owned(),
        }
    }

    /// The schema of `table`.
    pub fn schema(&self, table: Table) -> SchemaRef {
        match table {
            Table::Games => Arc::clone(&self.games_schema),
            Table::Moves => Arc::clone(&self.moves_schema),
        }
    }

    /// Names the input of the rows to come.
    pub fn set_file(&mut self, file: &str) {
        file.clone_into(&mut self.file);
    }

    /// Appends a game's rows (none for a game left out).
    pub fn push(&mut self, game: &GameRows) {
        if game.skipped {
            return;
        }
        if self.options.games {
            self.games.push(&self.file, game);
        }
        if self.options.moves {
            self.moves.push(&self.file, game);
        }
    }

    /// The rows of `table` so far.
    pub fn rows(&self, table: Table) -> usize {
        match table {
            Table::Games => self.games.rows,
            Table::Moves => self.moves.rows,
        }
    }

    /// A batch of `table` when it has its number of rows, else `None`.
    pub fn full(&mut self, table: Table) -> Option<RecordBatch> {
        let limit = match table {
            Table::Games => self.options.games_batch,
            Table::Moves => self.options.moves_batch,
        };
        (self.rows(table) >= limit.max(1)).then(|| self.batch(table))
    }

    /// The rest of `table` as a batch, when it has rows.
    pub fn finish(&mut self, table: Table) -> Option<RecordBatch> {
        (self.rows(table) > 0).then(|| self.batch(table))
    }

    /// The rows of `table` so far as a batch; the columns start again.
    fn batch(&mut self, table: Table) -> RecordBatch {
        let (schema, columns) = match table {
            Table::Games => (self.schema(table), self.games.finish()),
            Table::Moves => (self.schema(table), self.moves.finish()),
        };
        // The columns are those of the schema, in its order and of its
        // types, with one length (a test compares them for every option).
        RecordBatch::try_new(schema, columns).expect("the columns fit their schema")
    }
}
