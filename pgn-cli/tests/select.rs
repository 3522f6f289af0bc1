//! `pgn select` and `pgn dedupe` as a user meets them: the games chosen
//! written in export format to a file or standard output, as a TSV or CSV
//! table, or counted; criteria from options and files, inverted and
//! ignoring case; the summary line and the exit codes; compressed input
//! and standard input; and duplicates left out, written apart and
//! reported, by moves, moves and tags, or final position, over several
//! inputs read as one database.

mod common;

use std::io::Write;

use common::{TempDir, game, pgn, pgn_with_stdin, text};

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(6));
    encoder.write_all(data).expect("gzip data");
    encoder.finish().expect("gzip end");
    out
}

/// Three games in export format: Tal with White (a Sicilian, B20), a
/// Queen's Gambit without Tal (D35), and Tal with Black (a Petrov, C42).
fn three_games() -> [String; 3] {
    [
        game(
            &[("White", "Tal, Mihail"), ("Black", "Petrosian, Tigran"), ("ECO", "B20")],
            "1. e4 c5 2. Nf3 *",
        ),
        game(
            &[("White", "Karpov, Anatoly"), ("Black", "Kasparov, Garry"), ("ECO", "D35")],
            "1. d4 d5 2. c4 e6 *",
        ),
        game(
            &[("White", "Botvinnik, Mikhail"), ("Black", "Tal, Mihail"), ("ECO", "C42")],
            "1. e4 e5 2. Nf3 Nf6 *",
        ),
    ]
}

/// Writes the three games to `in.pgn` in `dir` and gives its path and
/// the games.
fn input(dir: &TempDir) -> (String, [String; 3]) {
    let games = three_games();
    (dir.file("in.pgn", &games.concat()), games)
}

/// The summary line of a clean run of `pgn select`.
fn clean_summary(games: u32, selected: u32, written: u32) -> String {
    format!(
        "games={games} selected={selected} written={written} rejected={} unplayable=0 errors=0 \
         warnings=0 notes=0\n",
        games - selected
    )
}

#[test]
fn selected_games_are_written_in_export_format_to_a_file_or_standard_output() {
    let dir = TempDir::new("select-export");
    let (file, [tal_white, _, tal_black]) = input(&dir);
    let out = dir.join("out.pgn");
    let run = pgn(&["select", &file, "--player", "Tal", "-o", &out]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        std::fs::read_to_string(&out).expect("the output"),
        [&*tal_white, &tal_black].concat()
    );
    assert_eq!(text(&run.stdout), "");
    assert_eq!(text(&run.stderr), clean_summary(3, 2, 2));
    // Standard output, by default and as `-o -`.
    let run = pgn(&["select", &file, "--player", "Tal"]);
    assert_eq!(text(&run.stdout), [&*tal_white, &tal_black].concat());
    let run = pgn(&["select", &file, "--white", "Tal", "-o", "-"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), tal_white);
    assert_eq!(text(&run.stderr), clean_summary(3, 1, 1));
}

#[test]
fn columns_make_a_tsv_table_and_csv_quotes_what_it_must() {
    let dir = TempDir::new("select-columns");
    let quoted =
        game(&[("White", "Tal, Mihail"), ("Black", "Petrosian \\\"Iron\\\" Tigran")], "1. e4 e5 *");
    let other = game(&[("White", "Karpov, Anatoly")], "1. d4 *");
    let file = dir.file("in.pgn", &[quoted, other].concat());
    let columns = "game,White,Black,PlyCount,moves,final-fen,file,Annotator";
    let run = pgn(&["select", &file, "--player", "Tal", "--columns", columns]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
    assert_eq!(
        text(&run.stdout),
        format!(
            "game\tWhite\tBlack\tPlyCount\tmoves\tfinal-fen\tfile\tAnnotator\n\
             1\tTal, Mihail\tPetrosian \"Iron\" Tigran\t2\t1\t{fen}\t{file}\t\n"
        )
    );
    assert_eq!(text(&run.stderr), clean_summary(2, 1, 1));
    let run = pgn(&["select", &file, "--player", "Tal", "--columns", "game,White,Black", "--csv"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        text(&run.stdout),
        "game,White,Black\n1,\"Tal, Mihail\",\"Petrosian \"\"Iron\"\" Tigran\"\n"
    );
}

#[test]
fn a_tab_in_a_value_is_a_space_in_a_tsv_table() {
    let dir = TempDir::new("select-tab");
    let file = dir.file("in.pgn", "[White \"Tal\tMihail\"]\n\n1. e4 *\n");
    let run = pgn(&["select", &file, "--columns", "White", "-q"]);
    // The control character is a warning: the run is still clean.
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), "White\nTal Mihail\n");
}

#[test]
fn count_writes_the_number_of_games_selected() {
    let dir = TempDir::new("select-count");
    let (file, _) = input(&dir);
    let run = pgn(&["select", &file, "--player", "Tal", "--count"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), "2\n");
    assert_eq!(text(&run.stderr), clean_summary(3, 2, 0));
    let out = dir.join("count.txt");
    let run = pgn(&["select", &file, "--eco", "C", "--count", "-o", &out]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(std::fs::read_to_string(&out).expect("the output"), "1\n");
}

#[test]
fn criteria_come_from_files_and_options_together() {
    let dir = TempDir::new("select-criteria");
    let (file, [tal_white, karpov, tal_black]) = input(&dir);
    let criteria =
        dir.file("tal.criteria", "# Tal's games from B20 on\nplayer Tal\n\neco B20-E99\n");
    let run = pgn(&["select", &file, "--criteria", &criteria]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), [&*tal_white, &tal_black].concat());
    // An option adds a criterion to those of the file.
    let run = pgn(&["select", &file, "--criteria", &criteria, "--eco", "C"]);
    assert_eq!(text(&run.stdout), tal_black);
    // --invert selects the games that fail, as `invert` in a file does.
    let run = pgn(&["select", &file, "--criteria", &criteria, "--invert"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), karpov);
    assert_eq!(text(&run.stderr), clean_summary(3, 1, 1));
    let inverted = dir.file("not-tal.criteria", "invert\nplayer Tal\n");
    let run = pgn(&["select", &file, "--criteria", &inverted]);
    assert_eq!(text(&run.stdout), karpov);
}

#[test]
fn ignore_case_holds_for_options_with_i_and_in_a_file_after_its_line() {
    let dir = TempDir::new("select-case");
    let (file, _) = input(&dir);
    let count = |args: &[&str]| {
        let run = pgn(&[&["select", &file, "--count"], args].concat());
        assert_eq!(run.status.code(), Some(0), "{args:?}: {}", text(&run.stderr));
        text(&run.stdout)
    };
    assert_eq!(count(&["--player", "TAL"]), "0\n");
    assert_eq!(count(&["-i", "--player", "TAL"]), "2\n");
    assert_eq!(count(&["--ignore-case", "--white", "tal"]), "1\n");
    let before = dir.file("before.criteria", "player TAL\nignore-case\n");
    let after = dir.file("after.criteria", "ignore-case\nplayer TAL\n");
    assert_eq!(count(&["--criteria", &before]), "0\n");
    assert_eq!(count(&["--criteria", &after]), "2\n");
}

#[test]
fn ignore_case_on_the_command_line_holds_for_criteria_files_too() {
    let dir = TempDir::new("select-case-file");
    let (file, _) = input(&dir);
    let criteria = dir.file("tal.criteria", "player TAL\n");
    // `-i`: "Text tests ignore ASCII case (also those of criteria files)."
    let run = pgn(&["select", &file, "--count", "-i", "--criteria", &criteria]);
    assert_eq!(text(&run.stdout), "2\n", "{}", text(&run.stderr));
}

#[test]
fn a_game_that_cannot_be_replayed_is_an_error_and_exit_code_1() {
    let dir = TempDir::new("select-unplayable");
    let good = game(&[("White", "Tal")], "1. e4 e5 *");
    let broken = game(&[("White", "Tal")], "1. e4 Ke3 *");
    let file = dir.file("in.pgn", &[good.as_str(), &broken].concat());
    let run = pgn(&["select", &file, "--player", "Tal"]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(text(&run.stdout), good);
    assert!(
        stderr.contains(&format!(
            "{file}:19:7: game 2: error: game not selected: it could not be replayed \
             (illegal move: `Ke3` (ply 2))\n"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("pgn select: not replayable: 1 × illegal move\n"), "{stderr}");
    // The illegal move is one error; the game not selected is not another.
    assert!(
        stderr.ends_with(
            "\ngames=2 selected=1 written=1 rejected=0 unplayable=1 errors=1 warnings=0 notes=0\n"
        ),
        "{stderr}"
    );
    // A game its tags reject is not replayed, so not an error.
    let run = pgn(&["select", &file, "--player", "Petrosian"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stderr), clean_summary(2, 0, 0));
}

#[test]
fn a_bad_criterion_or_an_unreadable_file_is_exit_code_2() {
    let dir = TempDir::new("select-bad");
    let (file, [tal_white, _, tal_black]) = input(&dir);
    let out = dir.join("out.pgn");
    let run = pgn(&["select", &file, "--eco", "F00", "-o", &out]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        "pgn select: criterion eco \"F00\": an ECO code (A00 to E99) or a range of them\n"
    );
    assert!(!std::path::Path::new(&out).exists(), "nothing is written");
    let criteria = dir.file("bad.criteria", "player Tal\nmaterial KRXvK\n");
    let run = pgn(&["select", &file, "--criteria", &criteria]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(
        text(&run.stderr),
        format!(
            "pgn select: {criteria}: line 2: criterion material \"KRXvK\": material pattern \
             \"KRXvK\": a piece letter (K Q R B N P) or `*` is expected (at byte 2)\n"
        )
    );
    let missing = dir.join("missing.criteria");
    let run = pgn(&["select", &file, "--criteria", &missing]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).starts_with(&format!("pgn select: {missing}: ")));
    // A missing input is reported and the others are read.
    let no_such = dir.join("no-such.pgn");
    let run = pgn(&["select", &no_such, &file, "--player", "Tal"]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(text(&run.stdout), [&*tal_white, &tal_black].concat());
    let stderr = text(&run.stderr);
    assert!(stderr.starts_with(&format!("pgn select: {no_such}: ")), "{stderr}");
    assert!(stderr.ends_with(&clean_summary(3, 2, 2)), "{stderr}");
}

#[test]
fn compressed_input_and_standard_input_read_like_the_plain_file() {
    let dir = TempDir::new("select-input");
    let (file, [tal_white, _, tal_black]) = input(&dir);
    let plain = std::fs::read(&file).expect("the input");
    let compressed = gzip(&plain);
    let gz = dir.join("in.pgn.gz");
    std::fs::write(&gz, &compressed).expect("the compressed input");
    let expected = [&*tal_white, &tal_black].concat();
    for (what, run) in [
        ("gzip file", pgn(&["select", &gz, "--player", "Tal"])),
        ("standard input", pgn_with_stdin(&["select", "-", "--player", "Tal"], &plain)),
        ("gzip standard input", pgn_with_stdin(&["select", "-", "--player", "Tal"], &compressed)),
    ] {
        assert_eq!(run.status.code(), Some(0), "{what}: {}", text(&run.stderr));
        assert_eq!(text(&run.stdout), expected, "{what}");
        assert_eq!(text(&run.stderr), clean_summary(3, 2, 2), "{what}");
    }
}

/// A game in export format with these players and moves.
fn played(white: &str, black: &str, movetext: &str) -> String {
    game(&[("White", white), ("Black", black)], movetext)
}

#[test]
fn dedupe_writes_each_game_once_the_others_to_dups_and_a_report() {
    let dir = TempDir::new("dedupe-moves");
    let first = played("A", "B", "1. e4 e5 *");
    let other = played("C", "D", "1. d4 *");
    let again = played("E", "F", "1. e4 e5 *");
    let longer = played("A", "B", "1. e4 e5 2. Nf3 *");
    let file = dir.file("in.pgn", &[first.as_str(), &other, &again, &longer, &first].concat());
    let (out, dups, report) = (dir.join("out.pgn"), dir.join("dups.pgn"), dir.join("report.tsv"));
    let run = pgn(&["dedupe", &file, "-o", &out, "--duplicates", &dups, "--report", &report]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        text(&run.stderr),
        "games=5 selected=3 written=3 rejected=0 duplicates=2 unplayable=0 errors=0 warnings=0 \
         notes=0\n"
    );
    assert_eq!(std::fs::read_to_string(&out).expect("out"), [&*first, &other, &longer].concat());
    assert_eq!(std::fs::read_to_string(&dups).expect("dups"), [&*again, &first].concat());
    assert_eq!(
        std::fs::read_to_string(&report).expect("report"),
        format!("file\tgame\tcopies\n{file}\t1\t3\n")
    );
    // Without -o, the games kept go to standard output.
    let run = pgn(&["dedupe", &file]);
    assert_eq!(text(&run.stdout), [&*first, &other, &longer].concat());
}

#[test]
fn dedupe_by_tags_keeps_games_whose_tags_differ() {
    let dir = TempDir::new("dedupe-tags");
    let first = played("A", "B", "1. e4 e5 *");
    let other_players = played("C", "D", "1. e4 e5 *");
    let same_players = game(&[("White", "A"), ("Black", "B"), ("Event", "Rematch")], "1. e4 e5 *");
    let file = dir.file("in.pgn", &[first.as_str(), &other_players, &same_players].concat());
    let dups = dir.join("dups.pgn");
    let run = pgn(&["dedupe", &file, "--tags", "White,Black", "--duplicates", &dups]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), [&*first, &other_players].concat());
    assert_eq!(std::fs::read_to_string(&dups).expect("dups"), same_players);
}

#[test]
fn dedupe_by_final_position_finds_transpositions() {
    let dir = TempDir::new("dedupe-final");
    let one_order = played("A", "B", "1. e4 e5 2. Nf3 Nc6 *");
    let transposed = played("C", "D", "1. Nf3 Nc6 2. e4 e5 *");
    let elsewhere = played("E", "F", "1. Nf3 Nf6 2. e4 e5 *");
    let file = dir.file("in.pgn", &[one_order.as_str(), &transposed, &elsewhere].concat());
    let run = pgn(&["dedupe", &file, "--final-position"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), [&*one_order, &elsewhere].concat());
    assert!(text(&run.stderr).contains(" duplicates=1 "), "{}", text(&run.stderr));
    // By moves, the transposition is another game.
    let run = pgn(&["dedupe", &file]);
    assert_eq!(text(&run.stdout), [&*one_order, &transposed, &elsewhere].concat());
}

#[test]
fn dedupe_reads_two_files_as_one_database() {
    let dir = TempDir::new("dedupe-files");
    let first = played("A", "B", "1. e4 e5 *");
    let other = played("C", "D", "1. d4 *");
    let repeated = played("E", "F", "1. e4 e5 *");
    let one = dir.file("one.pgn", &[first.as_str(), &other].concat());
    let two =
        dir.file("two.pgn", &[other.as_str(), &played("G", "H", "1. c4 *"), &repeated].concat());
    let (out, dups, report) = (dir.join("out.pgn"), dir.join("dups.pgn"), dir.join("report.tsv"));
    let run = pgn(&["dedupe", &one, &two, "-o", &out, "--duplicates", &dups, "--report", &report]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        std::fs::read_to_string(&out).expect("out"),
        [&*first, &other, &played("G", "H", "1. c4 *")].concat()
    );
    assert_eq!(std::fs::read_to_string(&dups).expect("dups"), [&*other, &repeated].concat());
    // Each set is named by its first game: its file and its number there.
    assert_eq!(
        std::fs::read_to_string(&report).expect("report"),
        format!("file\tgame\tcopies\n{one}\t1\t2\n{one}\t2\t2\n")
    );
    assert!(
        text(&run.stderr).ends_with(
            "games=5 selected=3 written=3 rejected=0 duplicates=2 unplayable=0 errors=0 \
             warnings=0 notes=0\n"
        ),
        "{}",
        text(&run.stderr)
    );
}

#[test]
fn dedupe_leaves_out_a_game_it_cannot_replay_with_exit_code_1() {
    let dir = TempDir::new("dedupe-broken");
    let good = played("A", "B", "1. e4 e5 *");
    let broken = played("C", "D", "1. e4 Ke3 *");
    let file = dir.file("in.pgn", &[good.as_str(), &broken].concat());
    let run = pgn(&["dedupe", &file]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(text(&run.stdout), good);
    assert!(stderr.ends_with(
        "\ngames=2 selected=1 written=1 rejected=0 duplicates=0 unplayable=1 errors=1 warnings=0 \
         notes=0\n"
    ), "{stderr}");
}

#[test]
fn keep_broken_writes_a_game_chosen_by_its_tags_alone_as_read() {
    let dir = TempDir::new("select-keep-broken");
    let good = game(&[("White", "Tal")], "1. e4 e5 *");
    let broken = game(&[("White", "Tal")], "1. e4 Ke3 *");
    let file = dir.file("in.pgn", &[good.as_str(), &broken].concat());
    let run = pgn(&["select", &file, "--player", "Tal", "--keep-broken"]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    let stdout = text(&run.stdout);
    assert!(stdout.starts_with(&good), "{stdout}");
    assert!(
        stdout.ends_with("1. e4 {pgn: not replayed from here, moves as read} Ke3 *\n\n"),
        "{stdout}"
    );
    assert!(
        stderr.contains("game 2: error: game written as read from there (--keep-broken)"),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "\ngames=2 selected=1 written=2 rejected=0 unplayable=1 errors=1 warnings=0 notes=0\n"
        ),
        "{stderr}"
    );
    // With a criterion on the moves, the broken game cannot be decided.
    let run = pgn(&["select", &file, "--player", "Tal", "--plies", "1..", "--keep-broken"]);
    assert_eq!(text(&run.stdout), good);
}

#[test]
fn dedupe_has_no_keep_broken() {
    let dir = TempDir::new("dedupe-keep-broken");
    let file = dir.file("in.pgn", &played("A", "B", "1. e4 e5 *"));
    let run = pgn(&["dedupe", &file, "--keep-broken"]);
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(text(&run.stdout), "");
    assert!(text(&run.stderr).contains("unexpected argument '--keep-broken'"));
    let help = text(&pgn(&["dedupe", "--help"]).stdout);
    assert!(!help.contains("      --keep-broken"), "{help}");
    assert!(text(&pgn(&["export", "--help"]).stdout).contains("--keep-broken"));
}

#[test]
fn problems_of_games_rejected_are_reported_only_with_pedantic() {
    let dir = TempDir::new("select-rejected-problems");
    // Two games without the roster and a termination marker (two
    // warnings each): the first rejected by its player, the second
    // selected.
    let input = "[White \"Karpov\"]\n\n1. d4 d5\n\n[White \"Tal\"]\n\n1. e4 e5\n";
    let path = dir.file("in.pgn", input);
    let run = pgn(&["select", "--white", "Tal", &path, "--count"]);
    let stderr = text(&run.stderr);
    assert!(!stderr.contains("game 1:") && stderr.contains("game 2:"), "{stderr}");
    assert!(stderr.ends_with("rejected=1 unplayable=0 errors=0 warnings=2 notes=0\n"), "{stderr}");
    let run = pgn(&["select", "--white", "Tal", &path, "--count", "--pedantic"]);
    let stderr = text(&run.stderr);
    assert!(stderr.contains("game 1:") && stderr.contains("game 2:"), "{stderr}");
    assert!(stderr.contains(" warnings=4 "), "{stderr}");
}

#[test]
fn dedupe_refuses_a_tag_list_with_an_empty_name() {
    let dir = TempDir::new("dedupe-empty-tag");
    let file = dir.file("in.pgn", &played("A", "B", "1. e4 e5 *"));
    for tags in ["", "White,", "White Elo"] {
        let run = pgn(&["dedupe", &file, "--tags", tags]);
        assert_eq!(run.status.code(), Some(2), "{tags:?}");
        assert!(text(&run.stderr).contains("is no tag name"), "{tags:?}");
    }
    assert_eq!(pgn(&["dedupe", &file, "--tags", "White,Black"]).status.code(), Some(0));
}

#[test]
fn games_chooses_by_number_over_all_inputs_and_stops_reading_after_it() {
    let dir = TempDir::new("select-games");
    let games = three_games();
    let one = dir.file("one.pgn", &games.concat());
    let two = dir.file("two.pgn", &games.concat());
    // Games 3 to 4: the last of the first file, the first of the second.
    let run = pgn(&["select", &one, &two, "--games", "3..4", "--columns", "file,game,ECO"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), format!("file\tgame\tECO\n{one}\t3\tC42\n{two}\t1\tB20\n"));
    // With a criterion too: both must hold.
    let run = pgn(&["select", &one, &two, "--games", "2..", "--player", "Tal", "--count"]);
    assert_eq!(text(&run.stdout), "3\n");
    // The first game only: reading stops after it.
    let run = pgn(&["select", &one, &two, "--games", "..1"]);
    assert_eq!(text(&run.stdout), games[0]);
    assert_eq!(text(&run.stderr), clean_summary(1, 1, 1));
    for bad in ["0", "3..2", "x", "1..y"] {
        assert_eq!(pgn(&["select", &one, "--games", bad]).status.code(), Some(2), "{bad}");
    }
}
