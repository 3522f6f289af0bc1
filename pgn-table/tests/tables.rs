//! The tables of the library: the batches of `batches` (one thread) the
//! same as those of `TableWork` on the parallel reader (two threads,
//! small pieces), batches of their schema and of bounded size under
//! every option.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use arrow_array::RecordBatch;
use pgn_syntax::ParallelReader;
use pgn_table::{PositionColumn, Table, TableBuilder, TableOptions, TableWork};

/// The sample of the repository: 438 lichess games.
fn sample() -> Vec<u8> {
    let path = format!("{}/../data/lichess-sample.pgn", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(path).expect("the sample")
}

/// Games with variations, NAGs, comments, a broken game and one of
/// another variant.
const VARIED: &str = "[Event \"A\"]\n\n1. e4 $1 {[%clk 0:01:00]} e5 (1... c5 $2 2. Nf3 (2. c3)) 2. Nf3 $3 $1 *\n\n\
[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n1. d4 Ke3 *\n";

fn every_option() -> Vec<TableOptions> {
    let mut all = Vec::new();
    for all_lines in [false, true] {
        for position in [PositionColumn::None, PositionColumn::Fen, PositionColumn::Key] {
            for skip_variants in [false, true] {
                all.push(TableOptions {
                    all_lines,
                    position,
                    skip_variants,
                    games_batch: 100,
                    moves_batch: 1000,
                    ..TableOptions::default()
                });
            }
        }
    }
    all
}

/// The batches of both tables, read on two threads in small pieces.
fn parallel(input: &[u8], options: TableOptions) -> (Vec<RecordBatch>, Vec<RecordBatch>) {
    let two = NonZeroUsize::new(2).expect("two");
    let reader = ParallelReader::new().threads(two).piece_size(2048);
    let mut builder = TableBuilder::new(options, "-");
    let (mut games, mut moves) = (Vec::new(), Vec::new());
    let finished = reader.read_lending(input, &TableWork::new(options), |rows| {
        builder.push(rows);
        games.extend(std::iter::from_fn(|| builder.full(Table::Games)));
        moves.extend(std::iter::from_fn(|| builder.full(Table::Moves)));
        ControlFlow::<()>::Continue(())
    });
    assert!(finished.is_ok_and(|f| f.error.is_none()));
    games.extend(std::iter::from_fn(|| builder.finish(Table::Games)));
    moves.extend(std::iter::from_fn(|| builder.finish(Table::Moves)));
    (games, moves)
}

#[test]
fn one_thread_and_two_make_the_same_batches() {
    let input = sample();
    for options in every_option() {
        let (games, moves) = parallel(&input, options);
        let alone = |table| -> Vec<RecordBatch> {
            pgn_table::batches(&input[..], table, options).collect::<Result<_, _>>().expect("read")
        };
        assert_eq!(games, alone(Table::Games), "{options:?}");
        assert_eq!(moves, alone(Table::Moves), "{options:?}");
        assert_eq!(games.iter().map(RecordBatch::num_rows).sum::<usize>(), 438);
        assert!(games.iter().all(|b| b.num_rows() <= 100));
        // A moves batch ends at the end of the game that fills it.
        assert!(moves.iter().all(|b| b.num_rows() < 1000 + 400), "{options:?}");
    }
}

#[test]
fn batches_have_their_schema_under_every_option() {
    for options in every_option() {
        for table in [Table::Games, Table::Moves] {
            let batches = pgn_table::batches(VARIED.as_bytes(), table, options);
            let schema = batches.schema();
            assert_eq!(schema, options.schema(table));
            let batches: Vec<RecordBatch> = batches.collect::<Result<_, _>>().expect("read");
            assert!(batches.iter().all(|b| b.schema() == schema), "{options:?} {table:?}");
            let rows: usize = batches.iter().map(RecordBatch::num_rows).sum();
            let expected = match (table, options.skip_variants, options.all_lines) {
                (Table::Games, false, _) => 3,
                (Table::Games, true, _) => 2,
                // Three main-line moves and one of the broken game; three
                // more in the variations.
                (Table::Moves, _, false) => 4,
                (Table::Moves, _, true) => 7,
            };
            assert_eq!(rows, expected, "{options:?} {table:?}");
        }
    }
}
