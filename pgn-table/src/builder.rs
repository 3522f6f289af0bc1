//! [`TableBuilder`]: appends each game's [`GameRows`] to the columns of
//! the two tables, in the order the games are given, and ends a
//! `RecordBatch` of a table when it has its number of rows.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Date32Builder, Int32Builder, Int64Builder, MapBuilder, MapFieldNames,
    StringBuilder, Time32SecondBuilder, UInt8Builder, UInt32Builder, UInt64Builder,
};
use arrow_array::types::{ArrowPrimitiveType, Float64Type, Int32Type};
use arrow_array::{
    ArrayRef, ListArray, PrimitiveArray, RecordBatch, StringArray, UInt8Array, UInt32Array,
    UInt64Array,
};
use arrow_buffer::{BooleanBuffer, NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, Field, SchemaRef};

use crate::rows::{GameRows, Texts, eval_cp, eval_depth, eval_mate};
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
    /// The text of the rows so far: more than any one text column has.
    bytes: usize,
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
            bytes: 0,
        }
    }

    /// Whether the games row of `game`, of the input `file`, fits beside
    /// the rows it has: each text column has at most the bytes of the
    /// rows' texts, and an Arrow string array's offsets are `i32`. (One
    /// game's text is far less: its tag section is bounded.)
    fn fits(&self, file: &str, game: &GameRows) -> bool {
        self.bytes.saturating_add(file.len() + game.text.len()) <= MAX_BYTES
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
        self.bytes += file.len() + game.text.len();
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        self.rows = 0;
        self.bytes = 0;
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

/// A text column being filled, or a column of lists of bytes: its bytes
/// and the offsets of its values.
#[derive(Debug)]
struct TextColumn {
    bytes: Vec<u8>,
    offsets: Vec<i32>,
}

impl TextColumn {
    fn new() -> TextColumn {
        TextColumn { bytes: Vec::new(), offsets: vec![0] }
    }

    /// Whether the texts of rows `rows` of `texts` fit beside the bytes it
    /// has: an Arrow string array's offsets are `i32`.
    fn fits(&self, texts: &Texts, rows: &Range<usize>) -> bool {
        self.bytes.len() + texts.span(rows).len() <= MAX_BYTES
    }

    /// Appends the texts of rows `rows` of `texts`, which fit.
    fn extend(&mut self, texts: &Texts, rows: Range<usize>) {
        let span = texts.span(&rows);
        let start = self.bytes.len();
        self.bytes.extend_from_slice(texts.bytes.get(span.clone()).unwrap_or_default());
        let ends = texts.ends.get(rows).unwrap_or_default();
        // Every end is at most `MAX_BYTES` once moved: they fit an `i32`.
        self.offsets.extend(ends.iter().map(|&end| (start + end - span.start) as i32));
    }

    /// Appends `count` times `text`, which fit.
    fn repeat(&mut self, text: &str, count: usize) {
        let start = self.bytes.len();
        self.bytes.reserve(text.len() * count);
        for _ in 0..count {
            self.bytes.extend_from_slice(text.as_bytes());
        }
        // At most `MAX_BYTES`: see `extend`.
        self.offsets.extend((1..=count).map(|i| (start + i * text.len()) as i32));
    }

    fn finish(&mut self) -> ArrayRef {
        let (offsets, bytes) = self.take();
        // The offsets start at 0 and grow, and the bytes are UTF-8 (ASCII
        // but for the file name, a `str`).
        Arc::new(StringArray::new(OffsetBuffer::new(offsets.into()), bytes.into(), None))
    }

    /// Its values as lists of bytes (the NAGs of each move).
    fn finish_list(&mut self) -> ArrayRef {
        let (offsets, bytes) = self.take();
        let values = Arc::new(UInt8Array::from(bytes));
        // The offsets start at 0 and grow, over the values.
        Arc::new(ListArray::new(nag_field(), OffsetBuffer::new(offsets.into()), values, None))
    }

    /// Its offsets and bytes; it starts again.
    fn take(&mut self) -> (Vec<i32>, Vec<u8>) {
        let offsets = renew(&mut self.offsets);
        self.offsets.push(0);
        (offsets, renew(&mut self.bytes))
    }
}

/// The values of `column`, which starts again with room for as many: the
/// next batch's are about as many, and need not be copied as it grows.
fn renew<T>(column: &mut Vec<T>) -> Vec<T> {
    std::mem::replace(column, Vec::with_capacity(column.len()))
}

/// The most bytes of a text column of a batch (offsets are `i32`); in
/// the unit tests, few, to cut batches by it.
const MAX_BYTES: usize = if cfg!(test) { 1024 } else { i32::MAX as usize };

/// A column of numbers that may be null, being filled.
#[derive(Debug)]
struct Nullable<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    valid: Vec<bool>,
}

impl<T: ArrowPrimitiveType> Nullable<T> {
    fn new() -> Nullable<T> {
        Nullable { values: Vec::new(), valid: Vec::new() }
    }

    fn push(&mut self, value: Option<T::Native>) {
        self.values.push(value.unwrap_or_default());
        self.valid.push(value.is_some());
    }

    fn finish(&mut self) -> ArrayRef {
        let values = renew(&mut self.values);
        let valid = &self.valid;
        let nulls = BooleanBuffer::collect_bool(valid.len(), |i| valid.get(i) == Some(&true));
        self.valid.clear();
        // One validity bit a value.
        Arc::new(PrimitiveArray::<T>::new(values.into(), Some(NullBuffer::new(nulls))))
    }
}

/// The columns of the moves table being filled: a game's rows are
/// appended column by column, each in one copy.
#[derive(Debug)]
struct MovesColumns {
    options: TableOptions,
    /// The `file` column in runs: a name and its rows.
    files: Vec<(String, usize)>,
    /// The bytes of the `file` column.
    file_bytes: usize,
    offset: Vec<u64>,
    path: TextColumn,
    ply: Vec<u32>,
    san: TextColumn,
    uci: TextColumn,
    fen: TextColumn,
    key: Vec<u64>,
    clock: Nullable<Float64Type>,
    emt: Nullable<Float64Type>,
    eval_cp: Nullable<Int32Type>,
    eval_mate: Nullable<Int32Type>,
    eval_depth: Nullable<Int32Type>,
    /// The NAGs, their numbers as bytes.
    nags: TextColumn,
    rows: usize,
}

impl MovesColumns {
    fn new(options: TableOptions) -> MovesColumns {
        MovesColumns {
            options,
            files: Vec::new(),
            file_bytes: 0,
            offset: Vec::new(),
            path: TextColumn::new(),
            ply: Vec::new(),
            san: TextColumn::new(),
            uci: TextColumn::new(),
            fen: TextColumn::new(),
            key: Vec::new(),
            clock: Nullable::new(),
            emt: Nullable::new(),
            eval_cp: Nullable::new(),
            eval_mate: Nullable::new(),
            eval_depth: Nullable::new(),
            nags: TextColumn::new(),
            rows: 0,
        }
    }

    /// Whether rows `rows` of `game`, of the input `file`, fit beside the
    /// rows it has.
    fn fits(&self, file: &str, game: &GameRows, rows: &Range<usize>) -> bool {
        let moves = &game.moves;
        self.file_bytes.saturating_add(file.len().saturating_mul(rows.len())) <= MAX_BYTES
            && self.path.fits(&moves.path, rows)
            && self.san.fits(&moves.san, rows)
            && self.uci.fits(&moves.uci, rows)
            && self.fen.fits(&moves.fen, rows)
            && self.nags.fits(&moves.nags, rows)
    }

    /// Appends rows `rows` of `game`, which fit.
    fn push(&mut self, file: &str, game: &GameRows, rows: Range<usize>) {
        let moves = &game.moves;
        let n = rows.len();
        match self.files.last_mut() {
            Some((name, count)) if name == file => *count += n,
            _ => self.files.push((file.to_owned(), n)),
        }
        self.file_bytes += file.len() * n;
        self.offset.resize(self.offset.len() + n, game.offset);
        if self.options.all_lines {
            self.path.extend(&moves.path, rows.clone());
        }
        self.ply.extend_from_slice(moves.ply.get(rows.clone()).unwrap_or_default());
        self.san.extend(&moves.san, rows.clone());
        self.uci.extend(&moves.uci, rows.clone());
        match self.options.position {
            PositionColumn::None => {}
            PositionColumn::Fen => self.fen.extend(&moves.fen, rows.clone()),
            PositionColumn::Key => {
                self.key.extend_from_slice(moves.key.get(rows.clone()).unwrap_or_default());
            }
        }
        for values in moves.values.get(rows.clone()).unwrap_or_default() {
            self.clock.push(values.clock.map(|t| t.seconds()));
            self.emt.push(values.emt.map(|t| t.seconds()));
            self.eval_cp.push(eval_cp(values));
            self.eval_mate.push(eval_mate(values));
            self.eval_depth.push(eval_depth(values));
        }
        self.nags.extend(&moves.nags, rows.clone());
        self.rows += n;
    }

    fn finish(&mut self) -> Vec<ArrayRef> {
        self.rows = 0;
        let mut file = TextColumn::new();
        for (name, count) in self.files.drain(..) {
            file.repeat(&name, count);
        }
        self.file_bytes = 0;
        let offset = renew(&mut self.offset);
        let mut columns: Vec<ArrayRef> = vec![file.finish(), Arc::new(UInt64Array::from(offset))];
        if self.options.all_lines {
            columns.push(self.path.finish());
        }
        columns.push(Arc::new(UInt32Array::from(renew(&mut self.ply))));
        columns.push(self.san.finish());
        columns.push(self.uci.finish());
        match self.options.position {
            PositionColumn::None => {}
            PositionColumn::Fen => columns.push(self.fen.finish()),
            PositionColumn::Key => {
                columns.push(Arc::new(UInt64Array::from(renew(&mut self.key))));
            }
        }
        columns.push(self.clock.finish());
        columns.push(self.emt.finish());
        columns.push(self.eval_cp.finish());
        columns.push(self.eval_mate.finish());
        columns.push(self.eval_depth.finish());
        columns.push(self.nags.finish_list());
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
    /// Batches cut before their number of rows, their text columns full,
    /// the games table's then the moves table's.
    ready: [VecDeque<RecordBatch>; 2],
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
            ready: Default::default(),
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
            if !self.games.fits(&self.file, game) {
                self.cut(Table::Games);
            }
            self.games.push(&self.file, game);
        }
        if self.options.moves {
            // A game's moves rows go into as many batches as their texts
            // need (paths in deep variations are long): each row alone is
            // far smaller than a batch's text.
            let mut rows = 0..game.moves.len();
            while !rows.is_empty() {
                let fits = self.moves.fits(&self.file, game, &rows);
                if !fits && self.moves.rows > 0 {
                    self.cut(Table::Moves);
                    continue;
                }
                let mut end = rows.end;
                if !fits {
                    end = rows.start + 1;
                    while end < rows.end
                        && self.moves.fits(&self.file, game, &(rows.start..end + 1))
                    {
                        end += 1;
                    }
                }
                self.moves.push(&self.file, game, rows.start..end);
                rows.start = end;
            }
        }
    }

    /// Ends a batch of `table` before its number of rows, when it has rows.
    fn cut(&mut self, table: Table) {
        if self.rows(table) > 0 {
            let batch = self.batch(table);
            self.ready[table as usize].push_back(batch);
        }
    }

    /// The rows of `table` so far.
    pub fn rows(&self, table: Table) -> usize {
        match table {
            Table::Games => self.games.rows,
            Table::Moves => self.moves.rows,
        }
    }

    /// A batch of `table` when it has its number of rows (or, rarely, when
    /// its texts fill a column), else `None`: call it until `None`.
    pub fn full(&mut self, table: Table) -> Option<RecordBatch> {
        let limit = match table {
            Table::Games => self.options.games_batch,
            Table::Moves => self.options.moves_batch,
        };
        if let Some(batch) = self.ready[table as usize].pop_front() {
            return Some(batch);
        }
        (self.rows(table) >= limit.max(1)).then(|| self.batch(table))
    }

    /// The rest of `table` as batches, when it has rows: call it until
    /// `None`.
    pub fn finish(&mut self, table: Table) -> Option<RecordBatch> {
        if let Some(batch) = self.ready[table as usize].pop_front() {
            return Some(batch);
        }
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

#[cfg(test)]
mod tests {
    use arrow_array::Array;
    use arrow_array::cast::AsArray;
    use arrow_array::types::UInt32Type;

    use super::*;

    /// A game whose FENs fill many times `MAX_BYTES` is cut into batches
    /// whose text columns hold at most that, its rows each once, in order.
    #[test]
    fn texts_too_long_for_one_batch_cut_it() {
        let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                   8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 \
                   14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 *\n";
        let options = TableOptions { position: PositionColumn::Fen, ..TableOptions::default() };
        let batches: Vec<RecordBatch> = crate::batches(pgn.as_bytes(), Table::Moves, options)
            .collect::<Result<_, _>>()
            .expect("read");
        assert!(batches.len() > 2, "{} batches", batches.len());
        let mut plies = Vec::new();
        for batch in &batches {
            let fen = batch.column_by_name("fen").expect("fen").as_string::<i32>();
            assert!(fen.value_data().len() <= MAX_BYTES);
            assert!(!fen.is_empty());
            let ply = batch.column_by_name("ply").expect("ply").as_primitive::<UInt32Type>();
            plies.extend(ply.values().iter().copied());
        }
        assert_eq!(plies, (1..=36).collect::<Vec<u32>>());
        let last = batches.last().expect("a batch").column_by_name("fen").expect("fen");
        let last = last.as_string::<i32>();
        assert_eq!(
            last.value(last.len() - 1),
            "r4rk1/1b1nqpp1/3p3p/2p1P3/1p2n3/1B3N1P/PP3PP1/RN1QR1K1 w - - 0 19"
        );
    }
}
