//! `pgn sort` as a user meets it: the order of §12 on hand-made games
//! (unknown dates, every kind of round, ties broken by the movetext,
//! equal games in input order), several inputs, ties only the temporary
//! file can decide, sorting a file in place, and no temporary file left
//! behind, whether the run succeeds or fails.

mod common;

use common::{TempDir, file_names, game, pgn, text};

/// The temporary file of a run writing to `out`.
fn temp_of(out: &str) -> std::path::PathBuf {
    format!("{out}.sort-tmp").into()
}

/// Sorts `inputs` into `out` and checks that it succeeded, wrote `expected`
/// and left no temporary file; returns standard error.
fn sorted(inputs: &[&str], out: &str, expected: &[&str]) -> String {
    let mut args = vec!["sort"];
    args.extend_from_slice(inputs);
    args.extend_from_slice(&["-o", out]);
    let run = pgn(&args);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{stderr}");
    let written = std::fs::read_to_string(out).expect("the output");
    assert_eq!(written, expected.concat());
    assert!(!temp_of(out).exists(), "the temporary file is left");
    stderr
}

#[test]
fn games_are_sorted_by_the_eight_keys_of_section_12() {
    let dir = TempDir::new("sort-keys");
    let e4 = "1. e4 e5 *";
    let at = |date, round| game(&[("Date", date), ("Event", "E"), ("Round", round)], e4);
    let unknown = at("????.??.??", "5");
    let year_query = at("1992.??.??", "?");
    let year_hyphen = at("1992.??.??", "-");
    let year_2 = at("1992.??.??", "2");
    let year_3_1 = at("1992.??.??", "3.1");
    let year_10 = at("1992.??.??", "10");
    let month = at("1992.08.??", "1");
    let day_a = game(&[("Date", "1992.08.31"), ("Event", "A"), ("Round", "9")], e4);
    let day_b = game(&[("Date", "1992.08.31"), ("Event", "B"), ("Round", "1")], e4);
    let site = |site| game(&[("Date", "1993.01.01"), ("Site", site)], e4);
    let (site_a, site_b) = (site("Amsterdam"), site("Berlin"));
    let players =
        |white, black| game(&[("Date", "1993.02.01"), ("White", white), ("Black", black)], e4);
    let (anand_a, anand_b, kasparov) =
        (players("Anand", "Adams"), players("Anand", "Bareev"), players("Kasparov", "Adams"));
    let moves = |movetext| game(&[("Date", "1994.01.01")], movetext);
    let (d4, e4_c5, e4_e5) = (moves("1. d4 d5 *"), moves("1. e4 c5 *"), moves(e4));
    // Equal in all eight keys; only a tag outside the roster tells them
    // apart, and byte order would put `first` before `second`.
    let equal = |annotator| game(&[("Date", "1995.01.01"), ("Annotator", annotator)], e4);
    let (second, first) = (equal("second"), equal("first"));

    let input = [
        &e4_e5,
        &second,
        &year_10,
        &kasparov,
        &day_b,
        &year_3_1,
        &site_b,
        &unknown,
        &first,
        &year_hyphen,
        &anand_b,
        &month,
        &d4,
        &year_2,
        &day_a,
        &year_query,
        &site_a,
        &e4_c5,
        &anand_a,
    ];
    let input: Vec<&str> = input.iter().map(|g| g.as_str()).collect();
    let file = dir.file("in.pgn", &input.concat());
    let expected = [
        &unknown,
        &year_query,
        &year_hyphen,
        &year_2,
        &year_3_1,
        &year_10,
        &month,
        &day_a,
        &day_b,
        &site_a,
        &site_b,
        &anand_a,
        &anand_b,
        &kasparov,
        &d4,
        &e4_c5,
        &e4_e5,
        &second,
        &first,
    ];
    let expected: Vec<&str> = expected.iter().map(|g| g.as_str()).collect();
    let out = dir.join("out.pgn");
    let stderr = sorted(&[&file], &out, &expected);
    assert_eq!(stderr, "games=19 written=19 skipped=0 errors=0 warnings=0 notes=0\n");
}

#[test]
fn the_games_of_several_inputs_are_sorted_together() {
    let dir = TempDir::new("sort-inputs");
    let dated = |date| game(&[("Date", date)], "1. e4 *");
    let (y1, y2, y3, y4) =
        (dated("2001.??.??"), dated("2002.??.??"), dated("2003.??.??"), dated("2004.??.??"));
    let one = dir.file("one.pgn", &[y4.as_str(), &y1].concat());
    let two = dir.file("two.pgn", &[y3.as_str(), &y2, &y1].concat());
    let out = dir.join("out.pgn");
    let stderr = sorted(&[&one, &two], &out, &[&y1, &y1, &y2, &y3, &y4]);
    assert_eq!(
        stderr,
        format!(
            "{one}: games=2 written=2 skipped=0 errors=0 warnings=0 notes=0\n\
             {two}: games=3 written=3 skipped=0 errors=0 warnings=0 notes=0\n\
             games=5 written=5 skipped=0 errors=0 warnings=0 notes=0\n"
        )
    );
}

#[test]
fn movetexts_alike_past_the_held_prefix_are_compared_in_the_temporary_file() {
    let dir = TempDir::new("sort-ties");
    // All alike in their first 32 bytes (`1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4.`)
    // and in their tags.
    let ruy = |moves: &str| game(&[], &format!("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. {moves} *"));
    let longer = ruy("Ba4 Nf6 5. O-O Be7 6. Re1 b5");
    let shorter = ruy("Ba4 Nf6 5. O-O Be7");
    let b5 = ruy("Ba4 Nf6 5. O-O b5");
    let d6 = ruy("Ba4 d6");
    let exchange = ruy("Bxc6 dxc6");
    // Equal to `d6` in every key: it stays before it, as in the input.
    let d6_annotated = game(&[("Annotator", "x")], "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 d6 *");
    let input = [&exchange, &d6_annotated, &b5, &longer, &d6, &shorter];
    let input: Vec<&str> = input.iter().map(|g| g.as_str()).collect();
    let file = dir.file("in.pgn", &input.concat());
    let out = dir.join("out.pgn");
    sorted(&[&file], &out, &[&shorter, &longer, &b5, &d6_annotated, &d6, &exchange]);
}

#[test]
fn a_file_can_be_sorted_in_place() {
    let dir = TempDir::new("sort-in-place");
    let dated = |date| game(&[("Date", date)], "1. d4 *");
    let (early, late) = (dated("1900.??.??"), dated("2000.??.??"));
    let file = dir.file("games.pgn", &[late.as_str(), &early].concat());
    sorted(&[&file], &file, &[&early, &late]);
}

#[test]
fn broken_games_are_left_out_with_an_error() {
    let dir = TempDir::new("sort-broken");
    let good = game(&[], "1. e4 *");
    let broken = "[Event \"?\"]\n\n1. e4 Ke3 *\n\n";
    let file = dir.file("in.pgn", &[broken, &good].concat());
    let out = dir.join("out.pgn");
    let run = pgn(&["sort", &file, "-o", &out]);
    let stderr = text(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).expect("the output"), good);
    assert!(!temp_of(&out).exists());
    assert!(
        stderr.contains(&format!(
            "{file}:3:7: game 1: error: game not exported (illegal move: `Ke3` (ply 2)); \
             --keep-broken writes it as read\n"
        )),
        "{stderr}"
    );
    // The illegal move is the one error; the game left out is skipped.
    assert!(
        stderr.ends_with("\ngames=2 written=1 skipped=1 errors=1 warnings=1 notes=0\n"),
        "{stderr}"
    );
}

#[test]
fn an_output_that_cannot_be_written_leaves_no_temporary_file() {
    let dir = TempDir::new("sort-unwritable");
    let file = dir.file("in.pgn", &game(&[], "1. e4 *"));
    // A directory is no file to write.
    let out = dir.join("a-directory");
    std::fs::create_dir(&out).expect("a directory");
    let run = pgn(&["sort", &file, "-o", &out]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).starts_with(&format!("pgn sort: cannot create {out}: ")));
    assert!(!temp_of(&out).exists());
    // Nor can a temporary file be made in a directory that is not there.
    let out = dir.join("missing/out.pgn");
    let run = pgn(&["sort", &file, "-o", &out]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = text(&run.stderr);
    assert!(stderr.starts_with(&format!("pgn sort: cannot create {out}.sort-tmp: ")), "{stderr}");
    // The input is untouched, and standard output is refused.
    assert_eq!(std::fs::read_to_string(&file).expect("the input"), game(&[], "1. e4 *"));
    assert_eq!(pgn(&["sort", &file, "-o", "-"]).status.code(), Some(2));
}

#[test]
fn an_unreadable_input_is_reported_and_no_output_is_written() {
    let dir = TempDir::new("sort-missing");
    let good = game(&[], "1. e4 *");
    let file = dir.file("in.pgn", &good);
    let missing = dir.join("missing.pgn");
    let out = dir.join("out.pgn");
    let run = pgn(&["sort", &missing, &file, "-o", &out]);
    assert_eq!(run.status.code(), Some(2));
    let stderr = text(&run.stderr);
    assert!(stderr.starts_with(&format!("pgn sort: {missing}: ")), "{stderr}");
    assert!(stderr.contains(&format!("{out} not written: an input could not be read")));
    assert!(!std::path::Path::new(&out).exists());
    assert_eq!(file_names(dir.path()), ["in.pgn"]);
}

#[test]
fn an_input_sorted_in_place_is_left_as_it_was_when_games_would_be_lost() {
    let dir = TempDir::new("sort-in-place-kept");
    // A broken game would be left out, and so lost from the input.
    let text_of = "1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";
    let broken = dir.file("broken.pgn", text_of);
    // Binary data is not read at all.
    let binary = dir.file("binary.pgn", "\u{0}[\u{0}E\u{0}v\u{0}");
    for (input, why) in [(&broken, "games were left out"), (&binary, "an input could not be read")]
    {
        let before = std::fs::read(input).expect("the input");
        let run = pgn(&["sort", input, "-o", input]);
        let stderr = text(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("{input} left as it was: it is an input and {why}")),
            "{stderr}"
        );
        assert_eq!(std::fs::read(input).expect("the input"), before, "{input}");
        assert!(!temp_of(input).exists(), "the temporary file is left");
    }
    // A hard link to the input is the input too.
    #[cfg(unix)]
    {
        let hard = dir.join("hard.pgn");
        std::fs::hard_link(&broken, &hard).expect("a hard link");
        let run = pgn(&["sort", &broken, "-o", &hard]);
        assert_eq!(run.status.code(), Some(2), "{}", text(&run.stderr));
        assert_eq!(std::fs::read_to_string(&broken).expect("the input"), text_of);
        std::fs::remove_file(&hard).expect("removed");
    }
    // Keeping broken games, nothing is lost: sorted in place.
    let run = pgn(&["sort", &broken, "--keep-broken", "-o", &broken]);
    assert_eq!(run.status.code(), Some(1), "{}", text(&run.stderr));
    assert_ne!(std::fs::read_to_string(&broken).expect("the input"), text_of);
}
