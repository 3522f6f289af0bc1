//! `pgn table`: the Parquet files read back with the parquet crate's
//! Arrow reader and held to what the other commands say of the same games
//! (`pgn moves`, `pgn check`, the bytes of the input), the same whatever
//! the number of threads; placeholders as nulls, text decoded, the Arrow
//! IPC stream, and the input never overwritten.

mod common;

use std::fs::File;
use std::path::Path;

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Float64Type, Int32Type, Int64Type, Time32SecondType, UInt8Type, UInt32Type,
    UInt64Type,
};
use arrow_array::{Array, RecordBatch};
use common::{TempDir, pgn, pgn_with_stdin, text};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

/// The sample of the repository: 438 lichess games with clocks and
/// evaluations.
fn sample() -> String {
    format!("{}/../data/lichess-sample.pgn", env!("CARGO_MANIFEST_DIR"))
}

/// A Parquet file's batches, concatenated, and its key-value metadata.
fn read_parquet(path: &str) -> (RecordBatch, Vec<(String, Option<String>)>) {
    let file = File::open(path).expect("the Parquet file");
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).expect("a Parquet file");
    let metadata = builder
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .map(|kv| kv.iter().map(|kv| (kv.key.clone(), kv.value.clone())).collect())
        .unwrap_or_default();
    let schema = builder.schema().clone();
    let batches: Vec<RecordBatch> =
        builder.build().expect("a reader").collect::<Result<_, _>>().expect("batches");
    let all = arrow_select_concat(&schema, &batches);
    (all, metadata)
}

/// The batches as one (all rows, in order).
fn arrow_select_concat(schema: &arrow_schema::SchemaRef, batches: &[RecordBatch]) -> RecordBatch {
    let columns = (0..schema.fields().len())
        .map(|i| {
            let parts: Vec<&dyn Array> = batches.iter().map(|b| b.column(i).as_ref()).collect();
            arrow_select::concat::concat(&parts).expect("columns of one type")
        })
        .collect();
    if batches.is_empty() {
        return RecordBatch::new_empty(schema.clone());
    }
    RecordBatch::try_new(schema.clone(), columns).expect("a batch")
}

fn strings<'a>(batch: &'a RecordBatch, name: &str) -> Vec<Option<&'a str>> {
    let column = batch.column_by_name(name).unwrap_or_else(|| panic!("a column {name}"));
    column.as_string::<i32>().iter().collect()
}

fn primitives<T: arrow_array::ArrowPrimitiveType>(
    batch: &RecordBatch,
    name: &str,
) -> Vec<Option<T::Native>> {
    let column = batch.column_by_name(name).unwrap_or_else(|| panic!("a column {name}"));
    column.as_primitive::<T>().iter().collect()
}

/// The number after `key=` in a summary line.
fn count(summary: &str, key: &str) -> u64 {
    summary
        .split_whitespace()
        .find_map(|word| word.strip_prefix(key)?.strip_prefix('='))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{key}= in {summary:?}"))
}

#[test]
fn the_sample_as_pgn_moves_and_pgn_check_see_it() {
    let dir = TempDir::new("table-sample");
    let (games, moves) = (dir.join("g.parquet"), dir.join("m.parquet"));
    let out = pgn(&["table", &sample(), "--games", &games, "--moves", &moves]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let check = pgn(&["check", &sample()]);
    let checked = text(&check.stdout);

    let (games_table, metadata) = read_parquet(&games);
    assert!(metadata.contains(&("pgn.schema_version".to_owned(), Some("1".to_owned()))));
    assert_eq!(games_table.num_rows() as u64, count(&checked, "games"));
    assert_eq!(
        games_table.schema().metadata().get("pgn.schema_version").map(String::as_str),
        Some("1")
    );
    let plies: u64 = primitives::<UInt32Type>(&games_table, "plies")
        .iter()
        .flatten()
        .map(|&p| u64::from(p))
        .sum();
    assert_eq!(plies, count(&checked, "moves"), "the sample has no variations");

    // Each game's offset is where its first tag starts.
    let bytes = std::fs::read(sample()).expect("the sample");
    let offsets = primitives::<UInt64Type>(&games_table, "offset");
    assert!(offsets.windows(2).all(|w| w[0] < w[1]), "offsets in input order");
    for offset in offsets.iter().flatten() {
        assert_eq!(bytes.get(*offset as usize), Some(&b'['), "offset {offset}");
    }
    let numbers = primitives::<UInt64Type>(&games_table, "number");
    assert!(numbers.iter().enumerate().all(|(i, n)| *n == Some(i as u64 + 1)));

    // The roster against the tags as read, for the first game.
    let first = std::str::from_utf8(&bytes[..bytes.iter().position(|&b| b == b'\n').unwrap_or(0)])
        .expect("ASCII");
    let event = first.trim_start_matches("[Event \"").trim_end_matches("\"]");
    assert_eq!(strings(&games_table, "event")[0], Some(event));
    assert_eq!(strings(&games_table, "round")[0], None, "`-` is a placeholder");
    assert!(primitives::<Int32Type>(&games_table, "white_elo").iter().all(Option::is_some));
    assert!(primitives::<Int64Type>(&games_table, "base_seconds").iter().all(Option::is_some));

    // The moves table row by row against `pgn moves`.
    let (moves_table, _) = read_parquet(&moves);
    let listed = pgn(&["moves", &sample()]);
    let listed = text(&listed.stdout);
    let rows: Vec<Vec<&str>> = listed.lines().skip(1).map(|l| l.split('\t').collect()).collect();
    assert_eq!(moves_table.num_rows(), rows.len());
    let (san, uci) = (strings(&moves_table, "san"), strings(&moves_table, "uci"));
    let ply = primitives::<UInt32Type>(&moves_table, "ply");
    let clock = primitives::<Float64Type>(&moves_table, "clock_seconds");
    let (cp, mate) = (
        primitives::<Int32Type>(&moves_table, "eval_cp"),
        primitives::<Int32Type>(&moves_table, "eval_mate"),
    );
    let game_offsets = primitives::<UInt64Type>(&moves_table, "offset");
    let nags = moves_table.column_by_name("nags").expect("nags").as_list::<i32>().clone();
    let mut mates = 0;
    for (i, row) in rows.iter().enumerate() {
        let game: usize = row[0].parse().expect("a game number");
        assert_eq!(game_offsets[i], offsets[game - 1], "row {i}");
        assert_eq!(ply[i].map(|p| p.to_string()).as_deref(), Some(row[1]), "row {i}");
        assert_eq!(san[i], Some(row[4]), "row {i}");
        assert_eq!(uci[i], Some(row[5]), "row {i}");
        let written = row[6].parse::<f64>().ok();
        assert_eq!(clock[i], written, "row {i}");
        match row[8].strip_prefix('#') {
            Some(n) => {
                mates += 1;
                assert_eq!(mate[i], n.parse().ok(), "row {i}");
                assert_eq!(cp[i], None);
            }
            None if row[8].is_empty() => assert_eq!((cp[i], mate[i]), (None, None), "row {i}"),
            None => {
                let pawns: f64 = row[8].parse().expect("an evaluation");
                assert_eq!(cp[i], Some((pawns * 100.0).round() as i32), "row {i}");
            }
        }
        let listed: Vec<String> =
            row[9].split_whitespace().map(|n| n.trim_start_matches('$').to_owned()).collect();
        let ours = nags.value(i);
        let ours: Vec<String> =
            ours.as_primitive::<UInt8Type>().values().iter().map(u8::to_string).collect();
        assert_eq!(ours, listed, "row {i}");
    }
    assert!(mates > 0, "the sample has mates announced");
}

#[test]
fn the_tables_are_the_same_whatever_the_threads() {
    let dir = TempDir::new("table-threads");
    let mut tables = Vec::new();
    for (threads, piece) in [("1", "65536"), ("2", "4096"), ("2", "100000")] {
        let (games, moves) = (dir.join("g.parquet"), dir.join("m.parquet"));
        let args = [
            "table",
            &sample(),
            "--games",
            &games,
            "--moves",
            &moves,
            "--all-lines",
            "--fen",
            "--threads",
            threads,
            "--piece-size",
            piece,
        ];
        let out = pgn(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        tables.push((read_parquet(&games).0, read_parquet(&moves).0));
    }
    assert!(tables[0].1.num_rows() > 1000);
    for other in &tables[1..] {
        assert!(tables[0] == *other);
    }
}

#[test]
fn placeholders_are_null_and_typed_columns_are_read() {
    let dir = TempDir::new("table-tags");
    let pgn_text = b"[Event \"?\"]\n[Site \"Oslo NOR\"]\n[Date \"2024.05.??\"]\n[Round \"-\"]\n\
[White \"Kr\xe1mn\xedk, Vladimir\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[WhiteElo \"2753\"]\n\
[BlackElo \"-\"]\n[WhiteRatingDiff \"+7\"]\n[BlackRatingDiff \"-12\"]\n[ECO \"C65\"]\n\
[TimeControl \"180+2\"]\n[UTCDate \"2024.02.29\"]\n[UTCTime \"12:30:05\"]\n\
[Termination \"Normal\"]\n[Opening \"?\"]\n[Annotator \"Me\"]\n[Annotator \"You\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
[Event \"Broken\"]\n[Date \"????.??.??\"]\n\n1. e4 Ke3 *\n";
    let input = dir.join("tags.pgn");
    std::fs::write(&input, pgn_text).expect("written");
    let games = dir.join("g.parquet");
    let out = pgn(&["table", &input, "--games", &games]);
    assert_eq!(out.status.code(), Some(1), "an illegal move is an error");
    assert!(text(&out.stderr).contains("illegal move"));
    let (table, _) = read_parquet(&games);
    assert_eq!(table.num_rows(), 2);
    assert_eq!(strings(&table, "event"), [None, Some("Broken")]);
    assert_eq!(strings(&table, "site")[0], Some("Oslo NOR"));
    assert_eq!(strings(&table, "date"), [Some("2024.05.??"), None]);
    assert_eq!(strings(&table, "round")[0], None);
    assert_eq!(strings(&table, "white")[0], Some("Krámník, Vladimir"), "Latin-1 decoded");
    assert_eq!(strings(&table, "black")[0], None);
    assert_eq!(strings(&table, "result"), [Some("1-0"), Some("*")]);
    assert_eq!(primitives::<Int32Type>(&table, "date_year"), [Some(2024), None]);
    assert_eq!(primitives::<UInt8Type>(&table, "date_month"), [Some(5), None]);
    assert_eq!(primitives::<UInt8Type>(&table, "date_day"), [None, None]);
    assert_eq!(primitives::<Int32Type>(&table, "white_elo"), [Some(2753), None]);
    assert_eq!(primitives::<Int32Type>(&table, "black_elo"), [None, None], "`-` is unrated");
    assert_eq!(primitives::<Int32Type>(&table, "white_rating_diff")[0], Some(7));
    assert_eq!(primitives::<Int32Type>(&table, "black_rating_diff")[0], Some(-12));
    assert_eq!(strings(&table, "eco")[0], Some("C65"));
    assert_eq!(strings(&table, "time_control")[0], Some("180+2"));
    assert_eq!(primitives::<Int64Type>(&table, "base_seconds")[0], Some(180));
    assert_eq!(primitives::<Int64Type>(&table, "increment_seconds")[0], Some(2));
    // 2024-02-29 is 19,782 days after 1970-01-01.
    assert_eq!(primitives::<Date32Type>(&table, "utc_date"), [Some(19_782), None]);
    assert_eq!(
        primitives::<Time32SecondType>(&table, "utc_time")[0],
        Some(12 * 3600 + 30 * 60 + 5)
    );
    assert_eq!(strings(&table, "termination")[0], Some("Normal"));
    assert_eq!(primitives::<UInt32Type>(&table, "plies"), [Some(6), Some(1)]);
    let fen = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    assert_eq!(strings(&table, "final_fen")[0], Some(fen));
    let clean = table.column_by_name("clean").expect("clean").as_boolean().clone();
    assert_eq!((clean.value(0), clean.value(1)), (true, false));
    let errors = strings(&table, "first_error");
    assert_eq!(errors[0], None);
    assert!(
        errors[1].is_some_and(|e| e.contains("illegal move") && e.contains("Ke3")),
        "{errors:?}"
    );
    // The other tags: the last Annotator, the placeholder Opening as null.
    let tags = table.column_by_name("tags").expect("tags").as_map().clone();
    let entries = tags.value(0);
    let keys: Vec<_> = entries.column(0).as_string::<i32>().iter().collect();
    let values: Vec<_> = entries.column(1).as_string::<i32>().iter().collect();
    assert_eq!(keys, [Some("Opening"), Some("Annotator")]);
    assert_eq!(values, [None, Some("You")]);
    assert_eq!(tags.value(1).len(), 0);
}

#[test]
fn one_table_as_an_arrow_ipc_stream() {
    let dir = TempDir::new("table-ipc");
    let moves = dir.join("m.parquet");
    let out = pgn(&["table", &sample(), "--moves", &moves, "--key"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let bytes = std::fs::read(sample()).expect("the sample");
    // From standard input, the file column is `-`.
    let out =
        pgn_with_stdin(&["table", "-", "--format", "arrow", "--table", "moves", "--key"], &bytes);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let reader = arrow_ipc::reader::StreamReader::try_new(&out.stdout[..], None).expect("a stream");
    let schema = reader.schema();
    let batches: Vec<RecordBatch> = reader.collect::<Result<_, _>>().expect("batches");
    let streamed = arrow_select_concat(&schema, &batches);
    let (written, _) = read_parquet(&moves);
    assert_eq!(streamed.num_rows(), written.num_rows());
    assert!(strings(&streamed, "file").iter().all(|f| *f == Some("-")));
    for name in ["offset", "ply", "san", "key", "clock_seconds", "eval_cp", "nags"] {
        let (a, b) = (streamed.column_by_name(name), written.column_by_name(name));
        assert!(a.is_some() && a == b, "column {name}");
    }
    // The key is the Polyglot key of the position after the move.
    let fens = pgn(&["moves", &sample(), "--fen"]);
    let fens = text(&fens.stdout);
    let keys = primitives::<UInt64Type>(&written, "key");
    for (line, key) in fens.lines().skip(1).zip(&keys).step_by(97) {
        let fen = line.split('\t').nth(6).expect("a fen column");
        let pos = fen_epd::parse_position(fen.as_bytes()).expect("a position");
        assert_eq!(Some(pos.zobrist_hash()), *key, "{fen}");
    }
}

#[test]
fn an_input_is_never_overwritten_and_arguments_are_checked() {
    let dir = TempDir::new("table-refused");
    let input = dir.file("games.pgn", "1. e4 e5 *\n");
    let out = pgn(&["table", &input, "--games", &input]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("refused"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&input).expect("the input"), "1. e4 e5 *\n");
    for args in [
        &["table", input.as_str()][..],
        &["table", &input, "--format", "arrow"],
        &["table", &input, "--format", "arrow", "--table", "games", "--games", "x.parquet"],
        &["table", &input, "--games", "x.parquet", "--table", "games"],
    ] {
        let out = pgn(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!Path::new("x.parquet").exists());
    }
    // An input that cannot be read: the output is not written.
    let games = dir.join("g.parquet");
    let out = pgn(&["table", &input, &dir.join("missing.pgn"), "--games", &games]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!Path::new(&games).exists());
    assert_eq!(common::file_names(dir.path()), ["games.pgn"], "no temporary file left");
}
