//! `pgn split` as a user meets it: the §11 names by year, month and day
//! (unknown digits as zeros), by event (unsafe characters replaced, names
//! equal but for case in one file) and by player (both players' files),
//! files from before the run replaced, broken games left out, and more
//! names than files it keeps open.

mod common;

use std::path::Path;

use common::{TempDir, file_names, game, pgn, text};

/// Splits `inputs` by `by` into `dir` and checks that it succeeded;
/// returns standard error.
fn split(inputs: &[&str], by: &str, dir: &str) -> String {
    let mut args = vec!["split"];
    args.extend_from_slice(inputs);
    args.extend_from_slice(&["--by", by, "--dir", dir]);
    let run = pgn(&args);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    stderr
}

/// Checks that `dir` holds exactly the files `expected`, each with the
/// games given.
fn assert_files(dir: &Path, expected: &[(&str, Vec<&str>)]) {
    let mut names: Vec<&str> = expected.iter().map(|(name, _)| *name).collect();
    names.sort();
    assert_eq!(file_names(dir), names);
    for (name, games) in expected {
        let written = std::fs::read_to_string(dir.join(name)).expect("a file");
        assert_eq!(written, games.concat(), "{name}");
    }
}

#[test]
fn dates_name_the_files_with_unknown_digits_as_zeros() {
    let tmp = TempDir::new("split-dates");
    let dated = |date| game(&[("Date", date)], "1. e4 *");
    let (day, month, unknown, other, century) = (
        dated("1992.08.31"),
        dated("1992.08.??"),
        dated("????.??.??"),
        dated("1993.01.02"),
        dated("19??.??.??"),
    );
    let no_date = game(&[], "1. d4 *");
    let games = [&day, &month, &unknown, &other, &century, &no_date];
    let games: Vec<&str> = games.iter().map(|g| g.as_str()).collect();
    let file = tmp.file("in.pgn", &games.concat());

    let dir = tmp.join("year");
    let stderr = split(&[&file], "year", &dir);
    // `19??` is no year of §8.1.1.3, but its file is still named.
    assert_eq!(
        stderr.lines().last(),
        Some("games=6 written=6 skipped=0 files=4 errors=0 warnings=1 notes=0")
    );
    assert_files(
        Path::new(&dir),
        &[
            ("1992.pgn", vec![&day, &month]),
            ("0000.pgn", vec![&unknown, &no_date]),
            ("1993.pgn", vec![&other]),
            ("1900.pgn", vec![&century]),
        ],
    );
    let dir = tmp.join("month");
    split(&[&file], "month", &dir);
    assert_files(
        Path::new(&dir),
        &[
            ("199208.pgn", vec![&day, &month]),
            ("000000.pgn", vec![&unknown, &no_date]),
            ("199301.pgn", vec![&other]),
            ("190000.pgn", vec![&century]),
        ],
    );
    let dir = tmp.join("day");
    split(&[&file], "day", &dir);
    assert_files(
        Path::new(&dir),
        &[
            ("19920831.pgn", vec![&day]),
            ("19920800.pgn", vec![&month]),
            ("00000000.pgn", vec![&unknown, &no_date]),
            ("19930102.pgn", vec![&other]),
            ("19000000.pgn", vec![&century]),
        ],
    );
}

#[test]
fn events_name_the_files_safely_and_regardless_of_case() {
    let tmp = TempDir::new("split-events");
    let at = |event| game(&[("Event", event)], "1. e4 *");
    let (slash, unknown, stars, device, upper, mixed, lower, accented, accented_upper) = (
        at("F/S Return Match"),
        at("?"),
        at("Open: *rapid* <blitz>"),
        at("CON"),
        at("OPEN"),
        at("Open"),
        at("open"),
        at("Zürich"),
        at("ZÜRICH"),
    );
    let games =
        [&slash, &upper, &unknown, &stars, &mixed, &device, &accented, &lower, &accented_upper];
    let games: Vec<&str> = games.iter().map(|g| g.as_str()).collect();
    let file = tmp.file("in.pgn", &games.concat());
    let dir = tmp.join("events");
    let stderr = split(&[&file], "event", &dir);
    assert_eq!(stderr, "games=9 written=9 skipped=0 files=6 errors=0 warnings=0 notes=0\n");
    assert_files(
        Path::new(&dir),
        &[
            ("F_S Return Match.pgn", vec![&slash]),
            ("unknown.pgn", vec![&unknown]),
            ("Open_ _rapid_ _blitz_.pgn", vec![&stars]),
            ("CON_.pgn", vec![&device]),
            // The first spelling names the file.
            ("OPEN.pgn", vec![&upper, &mixed, &lower]),
            ("Zürich.pgn", vec![&accented, &accented_upper]),
        ],
    );
}

#[test]
fn a_game_goes_into_both_players_files() {
    let tmp = TempDir::new("split-players");
    let play = |white, black| game(&[("White", white), ("Black", black)], "1. e4 *");
    let (match_game, lower, alone, twice) = (
        play("Fischer, Robert J.", "Spassky, Boris V."),
        play("spassky, B", "?"),
        play("Fischer, R", "Fischer, Robert"),
        play("Carlsen, Magnus", "CARLSEN, M"),
    );
    let games = [&match_game, &lower, &alone, &twice];
    let games: Vec<&str> = games.iter().map(|g| g.as_str()).collect();
    let file = tmp.file("in.pgn", &games.concat());
    let dir = tmp.join("players");
    let stderr = split(&[&file], "player", &dir);
    assert_eq!(stderr, "games=4 written=4 skipped=0 files=4 errors=0 warnings=0 notes=0\n");
    assert_files(
        Path::new(&dir),
        &[
            // A game with one player on both sides is written once.
            ("Fischer.pgn", vec![&match_game, &alone]),
            ("Spassky.pgn", vec![&match_game, &lower]),
            ("unknown.pgn", vec![&lower]),
            ("Carlsen.pgn", vec![&twice]),
        ],
    );
}

#[test]
fn files_from_before_the_run_are_replaced_and_the_directory_is_made() {
    let tmp = TempDir::new("split-replace");
    let dir = tmp.join("a/b/c");
    std::fs::create_dir_all(&dir).expect("a directory");
    let stale = Path::new(&dir).join("2000.pgn");
    std::fs::write(&stale, "[Event \"from before\"]\n\n*\n\n").expect("a file");
    std::fs::write(Path::new(&dir).join("notes.txt"), "kept").expect("a file");
    let new = game(&[("Date", "2000.01.01")], "1. e4 *");
    let file = tmp.file("in.pgn", &new);
    split(&[&file], "year", &dir);
    assert_eq!(file_names(Path::new(&dir)), ["2000.pgn", "notes.txt"]);
    assert_eq!(std::fs::read_to_string(&stale).expect("the file"), new);

    // A directory that does not exist yet is made, parents too.
    let fresh = tmp.join("x/y");
    split(&[&file], "year", &fresh);
    assert_eq!(file_names(Path::new(&fresh)), ["2000.pgn"]);
}

#[test]
fn broken_games_are_left_out_with_an_error() {
    let tmp = TempDir::new("split-broken");
    let good = game(&[("Event", "E")], "1. e4 *");
    let broken = "[Event \"B\"]\n\n1. e4 Ke3 *\n\n";
    let file = tmp.file("in.pgn", &[broken, &good].concat());
    let dir = tmp.join("out");
    let run = pgn(&["split", &file, "--by", "event", "--dir", &dir]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("game 1: error: game not exported"), "{stderr}");
    // The illegal move is the one error; the game left out is skipped.
    assert!(
        stderr.ends_with("\ngames=2 written=1 skipped=1 files=1 errors=1 warnings=1 notes=0\n"),
        "{stderr}"
    );
    assert_files(Path::new(&dir), &[("E.pgn", vec![&good])]);
}

#[test]
fn a_directory_that_cannot_be_made_is_reported() {
    let tmp = TempDir::new("split-no-dir");
    let file = tmp.file("in.pgn", &game(&[], "1. e4 *"));
    let dir = tmp.join("in.pgn/sub");
    let run = pgn(&["split", &file, "--by", "year", "--dir", &dir]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).starts_with(&format!("pgn split: cannot create {dir}: ")));
}

/// Twice as many events as the process may open files, each in a game
/// early in the input and in one at its end: every file is closed to make
/// room and opened again to be appended to.
#[cfg(unix)]
#[test]
fn more_names_than_open_files_are_written_in_turns() {
    const EVENTS: usize = 300;
    let tmp = TempDir::new("split-many");
    let at = |event: usize, round: &str| {
        game(&[("Event", &format!("Event {event:03}")), ("Round", round)], "1. e4 *")
    };
    let first: Vec<String> = (0..EVENTS).map(|e| at(e, "1")).collect();
    let second: Vec<String> = (0..EVENTS).map(|e| at(e, "2")).collect();
    let file = tmp.file("in.pgn", &[first.concat(), second.concat()].concat());
    let dir = tmp.join("events");
    // Fewer descriptors than events, enough for the 64 open files.
    let run = std::process::Command::new("sh")
        .args(["-c", "ulimit -n 128 || exit 99; exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_pgn"))
        .args(["split", &file, "--by", "event", "--dir", &dir])
        .output()
        .expect("sh runs");
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr, "games=600 written=600 skipped=0 files=300 errors=0 warnings=0 notes=0\n");
    let names = file_names(Path::new(&dir));
    assert_eq!(names.len(), EVENTS);
    for (e, name) in names.iter().enumerate() {
        assert_eq!(name, &format!("Event {e:03}.pgn"));
        let written = std::fs::read_to_string(Path::new(&dir).join(name)).expect("a file");
        assert_eq!(written, [first[e].as_str(), &second[e]].concat(), "{name}");
    }
}

#[test]
fn an_input_in_the_directory_is_never_written_over() {
    let tmp = TempDir::new("split-input");
    let game_1992 = game(&[("Date", "1992.01.01")], "1. e4 *");
    let input = tmp.file("1992.pgn", &game_1992);
    let dir = tmp.path().to_str().expect("a UTF-8 path").to_owned();
    let run = pgn(&["split", &input, "--by", "year", "--dir", &dir]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("1992.pgn: it is an input, which would be written over"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&input).expect("the input"), game_1992);
}

#[test]
fn games_go_into_files_by_eco_or_by_count() {
    let tmp = TempDir::new("split-eco");
    let games = [
        game(&[("Event", "a"), ("ECO", "B20")], "1. e4 c5 *"),
        game(&[("Event", "b"), ("ECO", "C42")], "1. e4 e5 *"),
        game(&[("Event", "c"), ("ECO", "B20")], "1. e4 c5 2. Nf3 *"),
        game(&[("Event", "d")], "1. d4 *"),
    ];
    let file = tmp.file("in.pgn", &games.concat());
    let dir = tmp.join("eco");
    let run = pgn(&["split", &file, "--by", "eco", "--dir", &dir]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_files(
        Path::new(&dir),
        &[
            ("B20.pgn", vec![&games[0], &games[2]]),
            ("C42.pgn", vec![&games[1]]),
            ("unknown.pgn", vec![&games[3]]),
        ],
    );
    // Files of three games, in input order (pgn-extract's -#3).
    let dir = tmp.join("threes");
    let run = pgn(&["split", &file, "--games-per-file", "3", "--dir", &dir]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert!(text(&run.stderr).ends_with(" files=2 errors=0 warnings=0 notes=0\n"));
    assert_files(
        Path::new(&dir),
        &[("1.pgn", vec![&games[0], &games[1], &games[2]]), ("2.pgn", vec![&games[3]])],
    );
    // One of the two, not both, not neither.
    let both = pgn(&["split", &file, "--by", "eco", "--games-per-file", "3", "--dir", &dir]);
    assert_eq!(both.status.code(), Some(2));
    assert_eq!(pgn(&["split", &file, "--dir", &dir]).status.code(), Some(2));
}
