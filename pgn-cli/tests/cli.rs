//! The `pgn` command as a user meets it: exit codes, several files with
//! one missing, a closed output pipe, which diagnostics it prints, and
//! compressed input.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use common::{TempDir, pgn_with_stdin};

/// A file in the temporary folder, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("pgn-cli-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("temporary file");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn pgn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pgn")).args(args).output().expect("pgn runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const CLEAN: &[u8] = b"[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
/// An illegal move: an error for `check` and `fen`.
const ILLEGAL: &[u8] = b"1. e4 Ke3 *\n";
/// A NAG above 255: an error for every subcommand that reads PGN.
const BAD_NAG: &[u8] = b"1. e4 $999 e5 *\n";

#[test]
fn every_subcommand_exits_1_on_errors_and_0_on_clean_input() {
    let clean = TempFile::new("clean.pgn", CLEAN);
    let illegal = TempFile::new("illegal.pgn", ILLEGAL);
    let bad_nag = TempFile::new("nag.pgn", BAD_NAG);
    for command in ["stats", "check", "fen", "moves"] {
        assert_eq!(pgn(&[command, clean.path()]).status.code(), Some(0), "{command} clean");
        assert_eq!(pgn(&[command, bad_nag.path()]).status.code(), Some(1), "{command} $999");
    }
    for command in ["check", "fen", "moves"] {
        assert_eq!(pgn(&[command, illegal.path()]).status.code(), Some(1), "{command} Ke3");
    }
}

#[test]
fn every_command_that_reads_games_takes_threads_and_refuses_none() {
    let clean = TempFile::new("threads.pgn", CLEAN);
    let dir = std::env::temp_dir().join(format!("pgn-threads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let (out, dir) = (dir.join("out.pgn"), dir.to_str().expect("UTF-8").to_owned());
    let out = out.to_str().expect("UTF-8");
    let pgc = format!("{dir}/out.pgc");
    let runs: [&[&str]; 11] = [
        &["stats"],
        &["check"],
        &["fen"],
        &["moves"],
        &["export"],
        &["select"],
        &["dedupe"],
        &["sort", "-o", out],
        &["split", "--by", "event", "--dir", &dir],
        &["pgc", "encode", "-o", &pgc],
        &["pgc", "decode"],
    ];
    for run in runs {
        let input = if run[0] == "pgc" && run[1] == "decode" { pgc.as_str() } else { clean.path() };
        let one = pgn(&[run, &[input, "--threads", "1"]].concat());
        assert_eq!(one.status.code(), Some(0), "{run:?} --threads 1: {}", text(&one.stderr));
        let none = pgn(&[run, &[input, "--threads", "0"]].concat());
        assert_eq!(none.status.code(), Some(2), "{run:?} --threads 0");
        assert!(text(&none.stderr).contains("--threads"), "{run:?}: {}", text(&none.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_is_reported_and_the_others_are_read() {
    let clean = TempFile::new("one.pgn", CLEAN);
    let missing = std::env::temp_dir().join("pgn-cli-no-such-file.pgn");
    let missing = missing.to_str().expect("UTF-8");
    for command in ["stats", "check", "fen"] {
        let out = pgn(&[command, missing, clean.path()]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(&format!("pgn {command}: {missing}: ")), "{command}: {stderr}");
        let stdout = text(&out.stdout);
        let expected = match command {
            "fen" => "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "stats" => "games=1 tags=7 moves=3",
            _ => "games=1 moves=3",
        };
        assert!(stdout.contains(expected), "{command}: {stdout}");
    }
    let epd = TempFile::new("one.epd", b"4k3/8/8/8/8/8/8/4K3 w - - id \"x\";\n");
    let out = pgn(&["epd", missing, epd.path()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).contains("id \"x\";"), "{}", text(&out.stdout));
}

#[test]
fn fen_takes_several_files() {
    let one = TempFile::new("fen1.pgn", b"1. e4 *\n");
    let two = TempFile::new("fen2.pgn", b"1. d4 *\n");
    let out = pgn(&["fen", one.path(), two.path()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("rnbqkbnr/pppppppp/8/8/4P3/"), "{lines:?}");
    assert!(lines[1].starts_with("rnbqkbnr/pppppppp/8/8/3P4/"), "{lines:?}");
}

/// A game from a set-up position, its FEN tag on line 3, then a game from
/// the standard start.
const SET_UP_AND_NORMAL: &[u8] = b"[Event \"set up\"]\n[SetUp \"1\"]\n\
[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n\n[Event \"normal\"]\n\n1. e4 e5 *\n";

#[test]
fn reduced_export_leaves_out_a_game_from_a_set_up_position_with_an_error() {
    // Ruling E13: reduced export format has the roster tags only, so no
    // FEN; without it the first game's moves would be illegal.
    let input = TempFile::new("set-up.pgn", SET_UP_AND_NORMAL);
    let name = input.path();
    let normal = "[Event \"normal\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                  [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n";
    // Keeping broken games changes nothing: there is no form as read for
    // a start that is not written.
    for extra in [&[][..], &["--keep-broken"]] {
        let out = pgn(&[&["export", "--reduced", name][..], extra].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{extra:?}: {stderr}");
        assert_eq!(text(&out.stdout), normal, "{extra:?}");
        assert!(
            stderr.contains(&format!(
                "{name}:3:1: game 1: error: game not exported (it starts from a set-up \
                 position, which reduced export format cannot hold); --no-comments --no-nags \
                 --no-variations keep its tags\n"
            )),
            "{extra:?}: {stderr}"
        );
        let summary = stderr.lines().last().unwrap_or_default();
        assert!(summary.starts_with("games=2 written=1 skipped=1 errors=1 "), "{stderr}");
    }
    // What the error suggests writes both games, the first with its FEN.
    let out = pgn(&["export", "--no-comments", "--no-nags", "--no-variations", name]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n"), "{stdout}");
    assert!(stdout.ends_with(normal), "{stdout}");
}

#[test]
fn a_closed_output_pipe_ends_the_run_quietly() {
    // Far more output than a pipe holds, so that writing meets the closed
    // pipe.
    let game = b"[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n";
    let many: Vec<u8> = game.iter().copied().cycle().take(game.len() * 5_000).collect();
    let input = TempFile::new("many.pgn", &many);
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["fen", input.path(), "--every-ply"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pgn runs");
    let stdout = child.stdout.take().expect("piped");
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).expect("one line");
    // The reader is dropped here: the pipe is closed.
    assert!(first.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"), "{first}");
    let out = child.wait_with_output().expect("pgn ends");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn standard_input_is_a_file_like_the_others() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["stats", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("pgn runs");
    child.stdin.take().expect("piped").write_all(CLEAN).expect("written");
    let out = child.wait_with_output().expect("pgn ends");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("games=1 tags=7 moves=3"), "{}", text(&out.stdout));
}

/// Four games: an unknown variant, an illegal move, a bad FEN tag, and a
/// Variant value with padding (standard chess).
const MIXED: &[u8] = b"[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n1. e4 Ke3 2. d4 *\n\n\
[SetUp \"1\"]\n[FEN \"bad\"]\n\n1. e4 *\n\n[Variant \" Standard \"]\n\n1. d4 *\n";

#[test]
fn fen_writes_one_record_per_game_also_for_games_it_cannot_replay() {
    let input = TempFile::new("mixed.pgn", MIXED);
    let out = pgn(&["fen", input.path()]);
    assert_eq!(out.status.code(), Some(1), "the illegal move and the bad FEN are errors");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let name = input.path();
    assert_eq!(
        lines,
        [
            format!(
                "# {name}: game 1: not replayed: variant not supported: \"Crazyhouse\" is neither \
                 chess nor Chess960; moves not checked"
            )
            .as_str(),
            &format!("# {name}: game 2: not replayed: illegal move: `Ke3` (ply 2)"),
            &format!(
                "# {name}: game 3: not replayed: FEN tag is not a legal position (expected 4 or \
                 6 fields, found 1 at byte 3); moves not checked"
            ),
            "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1",
        ]
    );
}

/// Three games, the second of a variant that is not chess.
const ATOMIC: &[u8] = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n[Variant \"Atomic\"]\n\n\
1. Nf3 d5 2. Nxf7 1-0\n\n[Event \"c\"]\n\n1. d4 *\n";

/// Every command that replays games, with the arguments it needs besides
/// its input.
fn replaying_commands(dir: &std::path::Path) -> Vec<Vec<String>> {
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let commands: [&[&str]; 9] = [
        &["check"],
        &["fen"],
        &["moves"],
        &["export"],
        &["select"],
        &["dedupe"],
        &["sort", "-o", &out("sorted.pgn")],
        &["split", "--games-per-file", "1", "--dir", &out("split")],
        &["pgc", "encode", "-o", &out("out.pgc")],
    ];
    commands.iter().map(|c| c.iter().map(|s| s.to_string()).collect()).collect()
}

#[test]
fn a_variant_that_is_not_chess_is_one_error_at_its_tag_in_every_command() {
    let input = TempFile::new("atomic.pgn", ATOMIC);
    let dir = TempDir::new("variants");
    for command in replaying_commands(dir.path()) {
        let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
        args.push(input.path());
        let out = pgn(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {stderr}");
        if command[0] != "pgc" {
            // pgc encode does not replay with diagnostics: its error names
            // the variant without a place.
            let at_tag = format!(
                "{}:6:1: game 2: error: variant not supported: \"Atomic\" is neither chess nor \
                 Chess960; moves not checked",
                input.path()
            );
            assert!(stderr.lines().any(|l| l == at_tag), "{command:?}: {stderr}");
        } else {
            assert!(stderr.contains("\"Atomic\""), "{command:?}: {stderr}");
        }
        // One error in the summary: the game is counted once.
        if let Some(summary) =
            stderr.lines().chain(text(&out.stdout).lines()).find(|l| l.starts_with("games="))
        {
            assert!(summary.contains(" errors=1"), "{command:?}: {summary}");
        }
    }
}

#[test]
fn skip_variants_leaves_such_games_out_quietly_in_every_command() {
    let input = TempFile::new("atomic-skip.pgn", ATOMIC);
    let dir = TempDir::new("skip-variants");
    for command in replaying_commands(dir.path()) {
        let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
        args.extend(["--skip-variants", input.path()]);
        let out = pgn(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{command:?}: {stderr}");
        assert!(!stderr.contains("error:") && !stderr.contains("Atomic"), "{command:?}: {stderr}");
        assert!(!text(&out.stdout).contains("Atomic"), "{command:?}");
    }
    // The games around it are written.
    let out = pgn(&["export", "--skip-variants", input.path()]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("1. e4 e5 *") && stdout.contains("1. d4 *"), "{stdout}");
    assert!(text(&out.stderr).contains("games=3 written=2 skipped=1 errors=0"));
}

#[test]
fn export_names_the_variant_and_both_ways_out() {
    let input = TempFile::new("atomic-export.pgn", ATOMIC);
    let out = pgn(&["export", input.path()]);
    let expected = format!(
        "{}:6:1: game 2: error: game not exported (variant not supported: \"Atomic\" is neither \
         chess nor Chess960; moves not checked); --keep-broken writes it as read, --skip-variants \
         leaves such games out quietly",
        input.path()
    );
    assert!(text(&out.stderr).lines().any(|l| l == expected), "{}", text(&out.stderr));
    // Kept, it is written as read.
    let out = pgn(&["export", "--keep-broken", input.path()]);
    assert!(text(&out.stdout).contains("[Variant \"Atomic\"]"));
    assert!(text(&out.stdout).contains("moves as read} 1. Nf3 d5 2. Nxf7 1-0"));
}

/// Every line of `bytes` read as a JSON object.
fn json_lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    let text = text(bytes);
    let objects = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")));
    objects.collect()
}

#[test]
fn message_format_json_writes_every_message_as_an_object() {
    let input = TempFile::new("atomic-json.pgn", ATOMIC);
    let missing = "no-such-file.pgn";
    let out = pgn(&["check", "--message-format", "json", input.path(), missing]);
    assert_eq!(out.status.code(), Some(2));
    let errors = json_lines(&out.stderr);
    let types: Vec<&str> = errors.iter().map(|o| o["type"].as_str().expect("a type")).collect();
    // The roster warnings of the three games, the variant's error, the
    // missing file, then the count by kind.
    assert_eq!(
        types,
        ["diagnostic", "diagnostic", "diagnostic", "diagnostic", "failure", "count", "count"],
        "{errors:?}"
    );
    let variant = errors.iter().find(|o| o["severity"] == "error").expect("the error");
    assert_eq!(variant["file"], input.path());
    assert_eq!((variant["line"].as_u64(), variant["column"].as_u64()), (Some(6), Some(1)));
    assert_eq!(variant["game"], 2);
    assert_eq!(variant["kind"], "variant not supported");
    assert!(
        variant["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("variant not supported: \"Atomic\""))
    );
    assert_eq!(errors[4]["file"], missing);
    let count = &errors[5];
    assert_eq!((count["command"].as_str(), count["count"].as_u64()), (Some("check"), Some(3)));
    // Standard output: the summary of each file, then the total.
    let summaries = json_lines(&out.stdout);
    let total = summaries.last().expect("a total");
    assert_eq!(total["type"], "summary");
    assert_eq!((total["games"].as_u64(), total["moves"].as_u64()), (Some(3), Some(3)));
    assert_eq!((total["errors"].as_u64(), total["warnings"].as_u64()), (Some(1), Some(3)));
    assert!(total.get("file").is_none());
    // A writing command's summary on standard error, and -q leaves the
    // failures only.
    let out = pgn(&["export", "--message-format=json", input.path()]);
    let summary = json_lines(&out.stderr).pop().expect("a summary");
    assert_eq!((summary["written"].as_u64(), summary["skipped"].as_u64()), (Some(2), Some(1)));
    let out = pgn(&["export", "-q", "--message-format", "json", input.path(), missing]);
    let left = json_lines(&out.stderr);
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!(left[0]["type"], "failure");
}

/// A game with a bad date and an illegal move far into a long line.
const EXCERPTED: &[u8] = b"[Event \"x\"]\n[Date \"2024-13-45\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 \
4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 \
Re8 13. Nf1 Bf8 14. Ng3 g6 15. Qh8 *\n";

#[test]
fn on_a_terminal_a_diagnostic_has_an_excerpt_with_a_caret() {
    let input = TempFile::new("excerpt.pgn", EXCERPTED);
    let run = |env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_pgn"));
        command.args(["check", input.path()]).env_remove("NO_COLOR");
        for (key, value) in env {
            command.env(key, value);
        }
        text(&command.output().expect("pgn runs").stderr)
    };
    // PGN_EXCERPTS stands for a terminal; NO_COLOR leaves the colour out.
    let shown = run(&[("PGN_EXCERPTS", "1"), ("NO_COLOR", "1")]);
    let name = input.path();
    let expected = format!(
        "{name}:1:1: game 1: warning: Seven Tag Roster incomplete, missing Site, Round, White, Black, Result
  |
1 | [Event \"x\"]
  | ^
{name}:2:1: game 1: warning: tag Date: \"2024-13-45\" is not a date (YYYY.MM.DD)
  |
2 | [Date \"2024-13-45\"]
  | ^
{name}:4:157: game 1: error: illegal move: `Qh8` (ply 29)
  |
4 | . Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. Qh8 *
  |                                                   ^
"
    );
    assert!(shown.starts_with(&expected), "{shown}");
    // In colour by default.
    assert!(run(&[("PGN_EXCERPTS", "1")]).contains("\x1b["));
    // Into a pipe, the one-line form only, in input order.
    let piped = run(&[]);
    let lines: Vec<&str> = piped.lines().take(3).collect();
    assert!(lines[0].starts_with(&format!("{name}:1:1:")), "{piped}");
    assert!(lines[1].starts_with(&format!("{name}:2:1:")), "{piped}");
    assert!(lines[2].starts_with(&format!("{name}:4:157:")), "{piped}");
    // From standard input there is no file to take an excerpt of.
    let out = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["check", "-"])
        .env("PGN_EXCERPTS", "1")
        .stdin(std::fs::File::open(input.path()).expect("the file"))
        .output()
        .expect("pgn runs");
    assert!(!text(&out.stderr).contains(" | "), "{}", text(&out.stderr));
    // On a real pseudo-terminal (script(1)), the same excerpt.
    let command = format!("{} check {name}", env!("CARGO_BIN_EXE_pgn"));
    let on_terminal = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .env("NO_COLOR", "1")
        .output()
        .expect("script(1) runs");
    let shown = text(&on_terminal.stdout).replace("\r\n", "\n");
    assert!(shown.contains("4 | . Nbd2 Bb7"), "{shown}");
    // EPD records get theirs too.
    let epd = TempFile::new("excerpt.epd", b"8/8/8/8/8/8/8/K6k w - - bm Zz9;\n");
    let out = Command::new(env!("CARGO_BIN_EXE_pgn"))
        .args(["epd", epd.path()])
        .env("PGN_EXCERPTS", "1")
        .env("NO_COLOR", "1")
        .output()
        .expect("pgn runs");
    let shown = text(&out.stderr);
    assert!(
        shown.contains("1 | 8/8/8/8/8/8/8/K6k w - - bm Zz9;\n  |                            ^"),
        "{shown}"
    );
}

#[test]
fn keep_broken_writes_the_rest_as_read_move_numbers_and_all() {
    let input = TempFile::new(
        "as-read.pgn",
        b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. Qh8 d3 b5 {c} 6. Nc3 \
(6. Nd4 $1) *\n\n[Event \"y\"]\n\n1. e4 e5 Kd9 2. Nf3 {x} 2... Nc6 *\n",
    );
    // select writes a broken game only with criteria on tags alone.
    for command in [&["export"][..], &["select", "--tag", "Event~=?"]] {
        let out = pgn(&[command, &["--keep-broken", input.path()]].concat());
        let movetext = text(&out.stdout).replace('\n', " ");
        assert!(
            movetext.contains("moves as read} 5. Qh8 d3 b5 {c} 6. Nc3 (6. Nd4 $1) *"),
            "{command:?}: {movetext}"
        );
        // A move without a number stays without one.
        assert!(
            movetext.contains("moves as read} Kd9 2. Nf3 {x} 2... Nc6 *"),
            "{command:?}: {movetext}"
        );
    }
}

#[test]
fn fen_every_ply_separates_games() {
    let input = TempFile::new("mixed-plies.pgn", MIXED);
    let other = TempFile::new("plies2.pgn", b"1. c4 *\n");
    let out = pgn(&["fen", "--every-ply", input.path(), other.path()]);
    let stdout = text(&out.stdout);
    let games: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(games.len(), 5, "{stdout}");
    // Game 2: the start, 1. e4, then the record of the illegal move.
    let game2: Vec<&str> = games[1].lines().collect();
    assert_eq!(game2.len(), 3, "{stdout}");
    assert!(game2[2].starts_with("# ") && game2[2].contains("game 2: not replayed"), "{stdout}");
    assert!(games[4].lines().nth(1).is_some_and(|l| l.contains("2P5")), "{stdout}");
}

#[test]
fn stats_counts_suffixes_and_every_line_has_the_same_fields() {
    // Two suffixes glued to moves; `!!` after a space and `$1` are NAGs.
    let input = TempFile::new("suffixes.pgn", b"[Event \"?\"]\n\n1. e4! e5?! 2. Nf3 !! $1 *\n");
    let fields = "games=1 tags=1 moves=3 suffixes=2 comments=0 nags=2 variations=0 errors=0 \
                  warnings=2 notes=0";
    let one = pgn(&["stats", input.path()]);
    assert_eq!(text(&one.stdout), format!("{fields}\n"));
    let two = pgn(&["stats", input.path(), input.path()]);
    let name = input.path();
    assert_eq!(
        text(&two.stdout),
        format!(
            "{name}: {fields}\n{name}: {fields}\ngames=2 tags=2 moves=6 suffixes=4 comments=0 \
             nags=4 variations=0 errors=0 warnings=4 notes=0\n"
        )
    );
}

#[test]
fn binary_input_is_refused_with_one_line() {
    let mut binary = b"\x7fELF\x02\x01\x01\0".to_vec();
    binary.extend((0..4000u32).map(|i| (i % 7) as u8));
    let binary = TempFile::new("binary.pgn", &binary);
    let clean = TempFile::new("text.pgn", CLEAN);
    for command in ["stats", "check", "fen", "epd"] {
        let out = pgn(&[command, binary.path(), clean.path()]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = text(&out.stderr);
        let refusals: Vec<&str> =
            stderr.lines().filter(|l| l.contains("not a text file")).collect();
        assert_eq!(refusals.len(), 1, "{command}: {stderr}");
        assert!(refusals[0].starts_with(&format!("pgn {command}: {}: ", binary.path())));
    }
    // A stray NUL in a text file stays a diagnostic of the reader.
    let stray = TempFile::new("stray.pgn", b"[Event \"?\"]\n\n1. e4 \0 e5 *\n");
    let out = pgn(&["stats", stray.path()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("games=1"), "{}", text(&out.stdout));
}

/// Two games in export format, to put binary data between: each is
/// written by `pgn export` as it is.
const BEFORE: &[u8] = b"[Event \"before\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const AFTER: &[u8] = b"[Event \"after\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n\n";

/// `n` bytes of the seeded generator: data such as a damaged block of a
/// file holds.
fn random_bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut rng = testkit::XorShift::new(seed);
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

#[test]
fn binary_data_between_games_is_skipped_with_one_error() {
    // 100,000 zeros (in the first 4 KiB after a game, so that the first
    // 64 KiB are mostly zeros) or a megabyte of random bytes between two
    // games: both games are read and written as they are, and the binary
    // data is one error that says where it starts and how long it is.
    let mut random = random_bytes(0x5eed_0002, 1 << 20);
    random.push(b'\n');
    let both = [BEFORE, AFTER].concat();
    for (name, damage) in [("zeros", vec![0; 100_000]), ("random", random)] {
        let file = TempFile::new(&format!("binary-{name}.pgn"), &[BEFORE, &damage, AFTER].concat());
        let error = format!(
            "{}:11:1: game 2: error: binary data skipped: {} bytes",
            file.path(),
            damage.len()
        );
        let export = pgn(&["export", file.path()]);
        assert_eq!(export.status.code(), Some(1), "{name}");
        assert_eq!(text(&export.stdout), text(&both), "{name}");
        assert_eq!(diagnostic_lines(&export, &file), std::slice::from_ref(&error), "{name}");
        assert!(
            text(&export.stderr)
                .ends_with("games=2 written=2 skipped=0 errors=1 warnings=0 notes=0\n")
        );
        let check = pgn(&["check", file.path()]);
        assert_eq!(check.status.code(), Some(1), "{name}");
        assert_eq!(diagnostic_lines(&check, &file), std::slice::from_ref(&error), "{name}");
        assert_eq!(text(&check.stdout), "games=2 moves=10 errors=1 warnings=0 notes=0\n", "{name}");
        // From standard input, and in pieces on two threads, the same.
        let piped = pgn_with_stdin(&["export", "-"], &[BEFORE, &damage, AFTER].concat());
        assert_eq!(text(&piped.stdout), text(&both), "{name}");
        assert_eq!(piped.status.code(), Some(1), "{name}");
        let pieces = pgn(&["export", file.path(), "--threads", "2", "--piece-size", "100"]);
        assert_eq!(text(&pieces.stdout), text(&both), "{name}");
        assert_eq!(text(&pieces.stderr), text(&export.stderr), "{name}");
    }
}

#[test]
fn files_that_start_as_no_pgn_are_still_refused_and_utf16_is_read() {
    // An executable, an image, UTF-16 without its byte order mark: binary
    // data from the start, with no tag pair or move number in it.
    let mut elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0".to_vec();
    elf.extend(std::iter::repeat_n(&[0, 0, 0, 0, 0x48, 0x89, 0xe5, 0x0f][..], 4000).flatten());
    let mut jpeg = b"\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0".to_vec();
    jpeg.extend(random_bytes(0x5eed_0003, 100_000));
    let utf16 = |text: &str, bom: &[u8], bytes: fn(u16) -> [u8; 2]| -> Vec<u8> {
        let mut all = bom.to_vec();
        all.extend(text.encode_utf16().flat_map(bytes));
        all
    };
    let pgn_text = "[Event \"x\"]\n\n1. e4 e5 *\n";
    let bare = utf16(pgn_text, b"", u16::to_le_bytes);
    for (name, bytes) in [("elf", elf), ("jpeg", jpeg), ("utf16", bare)] {
        let file = TempFile::new(&format!("refused-{name}"), &bytes);
        for command in ["check", "export"] {
            let out = pgn(&[command, file.path()]);
            assert_eq!(out.status.code(), Some(2), "{name}");
            let stderr = text(&out.stderr);
            let why = format!("pgn {command}: {}: not a text file: binary data", file.path());
            assert!(stderr.starts_with(&why), "{name}: {stderr}");
        }
    }
    // UTF-16 with its byte order mark is text, read as UTF-8 (ruling E14):
    // the same output as the UTF-8 file.
    let utf8 = TempFile::new("utf16-as-utf8", pgn_text.as_bytes());
    let expected = pgn(&["export", utf8.path()]);
    for (mark, bytes) in
        [("FF FE", u16::to_le_bytes as fn(u16) -> [u8; 2]), ("FE FF", u16::to_be_bytes)]
    {
        let bom = if mark == "FF FE" { [0xff, 0xfe] } else { [0xfe, 0xff] };
        let file = TempFile::new(&format!("utf16-{}", bom[0]), &utf16(pgn_text, &bom, bytes));
        let out = pgn(&["export", file.path()]);
        assert_eq!(out.status.code(), Some(0), "{mark}");
        assert_eq!(text(&out.stdout), text(&expected.stdout), "{mark}");
    }
}

/// A lichess game: the seven tags, and its movetext on one line of more
/// than 255 bytes (clock comments), which is a note.
fn lichess_game() -> Vec<u8> {
    let mut game = b"[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/ENPo6ReH\"]\n\
[Date \"2025.05.01\"]\n[Round \"-\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
        .to_vec();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5"];
    for (i, san) in moves.iter().enumerate() {
        let number =
            if i % 2 == 0 { format!("{}. ", i / 2 + 1) } else { format!("{}... ", i / 2 + 1) };
        game.extend_from_slice(format!("{number}{san} {{ [%clk 0:05:00] }} ").as_bytes());
    }
    game.extend_from_slice(b"1-0\n");
    game
}

/// Four records of a test suite: two with their operations out of byte
/// order (`id` before `bm`, `c0` before `bm`), a note each.
const SUITE: &[u8] = b"4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"a\";\n\
4k3/8/8/8/8/8/8/4K2R w K - id \"b\"; bm O-O;\n\
4k3/8/8/8/8/8/8/4K2R w K - bm Rh8+; c0 \"mate\";\n\
4k3/8/8/8/8/8/8/4K2R w K - c0 \"c\"; bm O-O;\n";

/// The lines of standard error that are diagnostics (`FILE:...`).
fn diagnostic_lines(out: &Output, file: &TempFile) -> Vec<String> {
    text(&out.stderr).lines().filter(|l| l.starts_with(file.path())).map(str::to_owned).collect()
}

#[test]
fn long_lines_are_notes_printed_only_when_pedantic() {
    let game = lichess_game();
    assert!(game.split(|&b| b == b'\n').any(|line| line.len() > 255), "a long line");
    let input = TempFile::new("lichess.pgn", &game);
    for command in ["stats", "check", "fen"] {
        let out = pgn(&[command, input.path()]);
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert_eq!(diagnostic_lines(&out, &input), Vec::<String>::new(), "{command}");
        let out = pgn(&[command, "--pedantic", input.path()]);
        assert_eq!(out.status.code(), Some(0), "{command}: notes never change the exit code");
        let lines = diagnostic_lines(&out, &input);
        assert_eq!(lines.len(), 1, "{command}: {lines:?}");
        assert!(lines[0].ends_with(": game 1: note: line longer than 255 bytes"), "{lines:?}");
    }
    // Counted whether printed or not, in a field of their own.
    for flags in [&[][..], &["--pedantic"]] {
        let out = pgn(&[&["stats"], flags, &[input.path()]].concat());
        assert!(text(&out.stdout).ends_with(" errors=0 warnings=0 notes=1\n"), "{flags:?}");
        let out = pgn(&[&["check"], flags, &[input.path()]].concat());
        assert_eq!(text(&out.stdout), "games=1 moves=12 errors=0 warnings=0 notes=1\n");
    }
}

#[test]
fn epd_opcodes_out_of_order_are_notes_printed_only_when_pedantic() {
    let input = TempFile::new("suite.epd", SUITE);
    let out = pgn(&["epd", "--check", input.path()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(diagnostic_lines(&out, &input), Vec::<String>::new());
    assert_eq!(text(&out.stdout), "records=4 errors=0 warnings=0 notes=2\n");
    let out = pgn(&["epd", "--check", "--pedantic", input.path()]);
    assert_eq!(out.status.code(), Some(0));
    let name = input.path();
    assert_eq!(
        diagnostic_lines(&out, &input),
        [
            format!("{name}:2:36: record 2: note: opcode bm out of ascii order"),
            format!("{name}:4:36: record 4: note: opcode bm out of ascii order"),
        ]
    );
    assert_eq!(text(&out.stdout), "records=4 errors=0 warnings=0 notes=2\n");
    // The canonical records are written either way.
    let out = pgn(&["epd", input.path()]);
    assert_eq!(text(&out.stdout).lines().count(), 4);
    assert_eq!(text(&out.stderr), "");
}

/// Two games without tags, five diagnostics: an incomplete roster (a
/// warning) and a NAG above 255 (an error) in each, and an empty variation
/// (a warning) in the second.
const FIVE: &[u8] = b"1. e4 $999 e5 *\n\n1. d4 $300 () *\n";

/// The lines of standard error that count diagnostics by kind.
fn count_lines(out: &Output, command: &str) -> Vec<String> {
    let prefix = format!("pgn {command}: ");
    text(&out.stderr)
        .lines()
        .filter(|l| l.strip_prefix(&prefix).is_some_and(|rest| rest.contains(" × ")))
        .map(str::to_owned)
        .collect()
}

#[test]
fn a_run_ends_with_a_count_by_kind_most_frequent_first() {
    let input = TempFile::new("five.pgn", FIVE);
    for command in ["stats", "check"] {
        let out = pgn(&[command, input.path()]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(diagnostic_lines(&out, &input).len(), 5, "{command}");
        // Ties are broken by severity (errors first), then by label.
        assert_eq!(
            count_lines(&out, command),
            [
                format!("pgn {command}: 2 × error: NAG not $0 to $255"),
                format!("pgn {command}: 2 × warning: Seven Tag Roster incomplete"),
                format!("pgn {command}: 1 × warning: empty variation"),
            ]
        );
        // The counts come after every diagnostic.
        let stderr = text(&out.stderr);
        let last = stderr.lines().last().unwrap_or_default();
        assert_eq!(last, format!("pgn {command}: 1 × warning: empty variation"));
    }
    // Clean input: no count.
    let clean = TempFile::new("clean-count.pgn", CLEAN);
    assert_eq!(text(&pgn(&["stats", clean.path()]).stderr), "");
    // Notes are counted by kind only when they are printed.
    let lichess = TempFile::new("lichess-count.pgn", &lichess_game());
    assert_eq!(text(&pgn(&["stats", lichess.path()]).stderr), "");
    let out = pgn(&["stats", "--pedantic", lichess.path()]);
    assert_eq!(count_lines(&out, "stats"), ["pgn stats: 1 × note: line longer than 255 bytes"]);
    let suite = TempFile::new("suite-count.epd", SUITE);
    let out = pgn(&["epd", "--check", "--pedantic", suite.path()]);
    assert_eq!(count_lines(&out, "epd"), ["pgn epd: 2 × note: opcodes out of ascii order"]);
}

#[test]
fn quiet_prints_only_the_summary() {
    let input = TempFile::new("five-quiet.pgn", FIVE);
    for command in ["stats", "check"] {
        let loud = pgn(&[command, input.path()]);
        for flag in ["--quiet", "-q"] {
            let quiet = pgn(&[command, flag, input.path()]);
            assert_eq!(text(&quiet.stderr), "", "{command} {flag}");
            assert_eq!(text(&quiet.stdout), text(&loud.stdout), "{command} {flag}");
            assert_eq!(quiet.status.code(), Some(1), "{command} {flag}: errors still count");
        }
    }
    assert!(text(&pgn(&["stats", input.path()]).stdout).ends_with("errors=2 warnings=3 notes=0\n"));
    let out = pgn(&["fen", "--quiet", input.path()]);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&out.stdout).lines().count(), 2, "one record per game");
    let suite = TempFile::new("bad-suite.epd", b"4k3/8/8/8/8/8/8/4K3 w - - bm e4;  id \"x\";\n");
    let out = pgn(&["epd", "--check", "-q", suite.path()]);
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&out.stdout), "records=1 errors=1 warnings=1 notes=0\n");
    // A file that cannot be read is still reported: it is no diagnostic.
    let missing = std::env::temp_dir().join("pgn-cli-no-such-quiet.pgn");
    let out = pgn(&["stats", "-q", missing.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr).lines().count(), 1, "{}", text(&out.stderr));
    // --quiet with an option that prints more is a usage error.
    assert_eq!(pgn(&["stats", "-q", "--pedantic", input.path()]).status.code(), Some(2));
    let both = pgn(&["stats", "-q", "--max-diagnostics", "1", input.path()]);
    assert_eq!(both.status.code(), Some(2));
}

#[test]
fn max_diagnostics_prints_that_many_and_says_how_many_more() {
    let input = TempFile::new("five-max.pgn", FIVE);
    let all = pgn(&["stats", input.path()]);
    let out = pgn(&["stats", "--max-diagnostics", "2", input.path()]);
    assert_eq!(out.status.code(), Some(1));
    let shown = diagnostic_lines(&out, &input);
    assert_eq!(shown, diagnostic_lines(&all, &input)[..2]);
    let stderr = text(&out.stderr);
    let more: Vec<&str> = stderr.lines().filter(|l| l.contains("not shown")).collect();
    assert_eq!(more, ["pgn stats: 3 more diagnostics not shown (--max-diagnostics 2)"]);
    // The counts stay complete, in the summary and by kind.
    assert_eq!(text(&out.stdout), text(&all.stdout));
    assert_eq!(count_lines(&out, "stats"), count_lines(&all, "stats"));
    // The limit is for the run, all files together.
    let out = pgn(&["check", "--max-diagnostics", "2", input.path(), input.path()]);
    assert_eq!(diagnostic_lines(&out, &input).len(), 2);
    assert!(text(&out.stderr).contains("pgn check: 8 more diagnostics not shown"));
    assert!(text(&out.stdout).ends_with("games=4 moves=6 errors=4 warnings=6 notes=0\n"));
    // Enough room: nothing is held back.
    let out = pgn(&["stats", "--max-diagnostics", "5", input.path()]);
    assert_eq!(diagnostic_lines(&out, &input).len(), 5);
    assert!(!text(&out.stderr).contains("not shown"));
}

/// The compressed formats `pgn` reads, by the names used in these tests.
const FORMATS: [&str; 4] = ["zstd", "gzip", "bzip2", "xz"];

/// `data` compressed in `format` (one of [`FORMATS`]), as its usual
/// command-line program writes it.
fn compress(format: &str, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match format {
        "zstd" => {
            let mut encoder = zstd::Encoder::new(&mut out, 3).expect("zstd encoder");
            encoder.include_checksum(true).expect("zstd checksum");
            encoder.write_all(data).expect("zstd data");
            encoder.finish().expect("zstd end");
        }
        "gzip" => {
            let mut encoder = flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(6));
            encoder.write_all(data).expect("gzip data");
            encoder.finish().expect("gzip end");
        }
        "bzip2" => {
            let mut encoder = bzip2::write::BzEncoder::new(&mut out, bzip2::Compression::new(9));
            encoder.write_all(data).expect("bzip2 data");
            encoder.finish().expect("bzip2 end");
        }
        "xz" => {
            let mut encoder = liblzma::write::XzEncoder::new(&mut out, 6);
            encoder.write_all(data).expect("xz data");
            encoder.finish().expect("xz end");
        }
        _ => panic!("no format {format}"),
    }
    out
}

/// Games with diagnostics of every kind and `# ... not replayed` lines,
/// `times` times over, numbered (bzip2 compresses data that repeats
/// itself exactly very slowly).
fn many_games(times: usize) -> Vec<u8> {
    let mut games = Vec::new();
    for i in 0..times {
        games.extend_from_slice(format!("[Event \"{i}\"]\n\n1. d4 *\n\n").as_bytes());
        games.extend_from_slice(&[CLEAN, b"\n", MIXED, b"\n", BAD_NAG, b"\n"].concat());
    }
    games
}

/// `out`'s exit code, standard output and standard error, with `name`
/// written as `FILE`, so that runs on files of different names compare.
fn seen(out: &Output, name: &str) -> (Option<i32>, String, String) {
    (
        out.status.code(),
        text(&out.stdout).replace(name, "FILE"),
        text(&out.stderr).replace(name, "FILE"),
    )
}

#[test]
fn compressed_pgn_reads_like_the_plain_file_from_a_file_and_standard_input() {
    let data = many_games(100);
    assert!(data.len() > 4 * 4096, "more than the start looked at: {} bytes", data.len());
    let plain = TempFile::new("games-plain.pgn", &data);
    let runs = ["stats", "check", "fen"].map(|command| {
        let from_file = pgn(&[command, plain.path()]);
        assert_eq!(from_file.status.code(), Some(1), "{command}: the input has errors");
        let from_stdin = pgn_with_stdin(&[command, "-"], &data);
        (command, seen(&from_file, plain.path()), seen(&from_stdin, "-"))
    });
    for format in FORMATS {
        let compressed = compress(format, &data);
        // Named `.pgn`: the name does not matter.
        let file = TempFile::new(&format!("games-{format}.pgn"), &compressed);
        for (command, from_file, from_stdin) in &runs {
            let got = pgn(&[command, file.path()]);
            assert_eq!(&seen(&got, file.path()), from_file, "{command} on {format}");
            let got = pgn_with_stdin(&[command, "-"], &compressed);
            assert_eq!(&seen(&got, "-"), from_stdin, "{command} on {format} standard input");
        }
    }
}

#[test]
fn compressed_input_longer_than_the_decompressed_chunks_reads_whole() {
    // More than two of the chunks (256 KiB) that the decompressing thread
    // hands on, whatever the format; zstd and gzip compress it fastest.
    let data = many_games(3_000);
    assert!(data.len() > 2 * 256 * 1024, "{} bytes", data.len());
    let plain = TempFile::new("long-plain.pgn", &data);
    let expected = seen(&pgn(&["stats", plain.path()]), plain.path());
    for format in ["zstd", "gzip"] {
        let compressed = compress(format, &data);
        let file = TempFile::new(&format!("long-{format}.pgn"), &compressed);
        assert_eq!(seen(&pgn(&["stats", file.path()]), file.path()), expected, "{format}");
        let got = pgn_with_stdin(&["stats", "-"], &compressed);
        assert_eq!(seen(&got, "-"), expected, "{format} on standard input");
    }
}

#[test]
fn compressed_epd_reads_like_the_plain_file_from_a_file_and_standard_input() {
    let records: &[u8] = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"e4\";\n\
        4k3/8/8/8/8/8/8/4K3 w - - bm Kf2; id \"kings\";\n\
        4k3/8/8/8/8/8/8/4K3 w - - bm Ke3+; id \"surplus check\";\n\
        4k3/8/8/8/8/8/8/4K3 w - - bm Ke5; id \"illegal\";\n";
    let data: Vec<u8> = records.iter().copied().cycle().take(records.len() * 50).collect();
    let plain = TempFile::new("records-plain.epd", &data);
    for format in FORMATS {
        let compressed = compress(format, &data);
        let file = TempFile::new(&format!("records-{format}.epd"), &compressed);
        for args in [&["epd"][..], &["epd", "--check"], &["epd", "--to-fen"]] {
            let expected = pgn(&[args, &[plain.path()]].concat());
            assert_eq!(expected.status.code(), Some(1), "{args:?}: the input has an error");
            let got = pgn(&[args, &[file.path()]].concat());
            assert_eq!(seen(&got, file.path()), seen(&expected, plain.path()), "{format} {args:?}");
            let expected = pgn_with_stdin(&[args, &["-"]].concat(), &data);
            let got = pgn_with_stdin(&[args, &["-"]].concat(), &compressed);
            assert_eq!(
                seen(&got, "-"),
                seen(&expected, "-"),
                "{format} {args:?} on standard input"
            );
        }
    }
}

#[test]
fn the_file_name_does_not_tell_the_format() {
    let gzip = TempFile::new("x.pgn", &compress("gzip", CLEAN));
    let zstd = TempFile::new("x.pgn.gz", &compress("zstd", CLEAN));
    let plain = TempFile::new("x.pgn.zst", CLEAN);
    for file in [&gzip, &zstd, &plain] {
        let out = pgn(&["stats", file.path()]);
        assert_eq!(out.status.code(), Some(0), "{}: {}", file.path(), text(&out.stderr));
        assert!(text(&out.stdout).starts_with("games=1 tags=7 moves=3 "), "{}", text(&out.stdout));
    }
}

#[test]
fn concatenated_compressed_streams_are_read_to_the_end() {
    for format in FORMATS {
        // Two gzip members, two zstd frames, two bzip2 or xz streams.
        let twice = [compress(format, CLEAN), compress(format, CLEAN)].concat();
        let file = TempFile::new(&format!("twice-{format}.pgn"), &twice);
        let out = pgn(&["stats", file.path()]);
        assert_eq!(out.status.code(), Some(0), "{format}: {}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with("games=2 tags=14 moves=6 "),
            "{format}: {}",
            text(&out.stdout)
        );
    }
}

/// `times` clean games (numbered), and as many EPD records: input whose
/// only problem is the one a test makes.
fn clean_games_and_records(times: usize) -> (Vec<u8>, Vec<u8>) {
    let rest = CLEAN.strip_prefix(b"[Event \"a\"]\n").expect("the Event tag first");
    let mut games = Vec::new();
    let mut records = Vec::new();
    for i in 0..times {
        games.extend_from_slice(format!("[Event \"{i}\"]\n").as_bytes());
        games.extend_from_slice(rest);
        games.push(b'\n');
        records.extend_from_slice(format!("4k3/8/8/8/8/8/8/4K3 w - - id \"{i}\";\n").as_bytes());
    }
    (games, records)
}

#[test]
fn corrupt_compressed_input_is_one_line_and_exit_2_and_the_other_files_are_read() {
    let clean = TempFile::new("after-corrupt.pgn", CLEAN);
    let clean_epd = TempFile::new("after-corrupt.epd", b"4k3/8/8/8/8/8/8/4K3 w - - id \"y\";\n");
    for format in FORMATS {
        // Longer than a zstd block (128 KiB), so that the error comes after
        // games were read; bzip2 compresses slowly in a debug build, and
        // gives nothing of a cut block anyway.
        let (games, records) = clean_games_and_records(if format == "bzip2" { 200 } else { 2_500 });
        let (games, records) = (compress(format, &games), compress(format, &records));
        // The magic number (all six bytes of xz's) and then garbage.
        let magic = &compress(format, b"")[..6];
        let garbage: Vec<u8> =
            magic.iter().copied().chain((0..3000u32).map(|i| (i * 7919 % 251) as u8)).collect();
        let inputs = [
            ("truncated", &games[..games.len() / 2], &records[..records.len() / 2]),
            // The magic number and then no stream: the error comes at once.
            ("garbage", &garbage[..], &garbage[..]),
        ];
        for (what, pgn_bytes, epd_bytes) in inputs {
            let bad_pgn = TempFile::new(&format!("{what}-{format}.pgn"), pgn_bytes);
            let bad_epd = TempFile::new(&format!("{what}-{format}.epd"), epd_bytes);
            for command in ["stats", "check", "fen", "epd"] {
                let (bad, clean, bytes) = if command == "epd" {
                    (&bad_epd, &clean_epd, epd_bytes)
                } else {
                    (&bad_pgn, &clean, pgn_bytes)
                };
                let context = format!("{command} on {what} {format}");
                let out = pgn(&[command, bad.path(), clean.path()]);
                assert_eq!(out.status.code(), Some(2), "{context}");
                let stderr = text(&out.stderr);
                assert_eq!(stderr.lines().count(), 1, "{context}: {stderr}");
                let prefix = format!("pgn {command}: {}: {format} data: ", bad.path());
                assert!(stderr.starts_with(&prefix), "{context}: {stderr}");
                let stdout = text(&out.stdout);
                let expected = match command {
                    "stats" => format!("{}: games=1 tags=7 moves=3 ", clean.path()),
                    "check" => format!("{}: games=1 moves=3 ", clean.path()),
                    "fen" => "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
                        .to_owned(),
                    _ => "4k3/8/8/8/8/8/8/4K3 w - - id \"y\";\n".to_owned(),
                };
                assert!(stdout.contains(&expected), "{context}: {stdout}");
                if command == "check" && what == "truncated" && format != "bzip2" {
                    // The games before the cut were read and are counted.
                    let games_read = format!("{}: games=0 ", bad.path());
                    assert!(!stdout.contains(&games_read), "{context}: {stdout}");
                }
                let out = pgn_with_stdin(&[command, "-"], bytes);
                assert_eq!(out.status.code(), Some(2), "{context} on standard input");
                let stderr = text(&out.stderr);
                assert_eq!(stderr.lines().count(), 1, "{context} on standard input: {stderr}");
                let prefix = format!("pgn {command}: -: {format} data: ");
                assert!(stderr.starts_with(&prefix), "{context} on standard input: {stderr}");
            }
        }
    }
}

#[test]
fn compressed_binary_data_is_refused_after_decompression() {
    let mut binary = b"\x7fELF\x02\x01\x01\0".to_vec();
    binary.extend((0..4000u32).map(|i| (i % 7) as u8));
    for format in FORMATS {
        let file = TempFile::new(&format!("binary-{format}.pgn"), &compress(format, &binary));
        let out = pgn(&["stats", file.path()]);
        assert_eq!(out.status.code(), Some(2), "{format}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with(&format!("pgn stats: {}: not a text file", file.path())),
            "{format}: {stderr}"
        );
        // The 4,008 bytes looked at are the decompressed ones.
        assert!(stderr.ends_with(" in the first 4008 bytes)\n"), "{format}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{format}: {stderr}");
    }
}

#[test]
fn games_are_numbered_from_1_in_each_file() {
    // The second game of each file has an illegal move: every subcommand
    // calls it game 2 of its file, the second file included.
    let first = TempFile::new("numbers-1.pgn", b"1. e4 e5 *\n\n1. e4 Ke7 *\n");
    let second = TempFile::new("numbers-2.pgn", b"1. d4 d5 *\n\n1. d4 Kd7 *\n");
    let pgc = TempFile::new("numbers.pgc", b"");
    let runs: [&[&str]; 5] = [
        &["check"],
        &["export", "-o", "/dev/null"],
        &["sort", "-o", pgc.path()],
        &["pgc", "encode", "-o", pgc.path()],
        &["fen"],
    ];
    for args in runs {
        let out = pgn(&[args, &[first.path(), second.path()][..]].concat());
        let stderr = text(&out.stderr);
        for file in [&first, &second] {
            let line = stderr
                .lines()
                .find(|l| l.starts_with(file.path()) && l.contains("error"))
                .unwrap_or_else(|| panic!("{args:?}: no error for {}:\n{stderr}", file.path()));
            assert!(line.contains(" game 2: "), "{args:?}: {line}");
        }
    }
}

/// `pgn moves`: a row per move with the values of its comment commands,
/// in each format; variations with their paths.
#[test]
fn moves_writes_a_row_per_move_with_its_clock_and_evaluation() {
    let game = b"1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5!? $14 { [%clk 0:00:58.6] good } \
(1... c5 { [%eval #-3] } 2. Nf3) 2. Nf3 { [%clk 9:99] } *\n";
    let tsv = text(&pgn_with_stdin(&["moves", "-"], game).stdout);
    assert_eq!(
        tsv,
        "game\tply\tmove\tside\tsan\tuci\tclock\temt\teval\tnags\tcomment\n\
         1\t1\t1\tw\te4\te2e4\t180\t\t0.17\t\t\n\
         1\t2\t1\tb\te5\te7e5\t58.6\t\t\t$5 $14\tgood\n\
         1\t3\t2\tw\tNf3\tg1f3\t\t\t\t\t[%clk 9:99]\n"
    );
    let json =
        text(&pgn_with_stdin(&["moves", "-", "--all-lines", "--format", "json"], game).stdout);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 5);
    assert_eq!(
        lines[2],
        "{\"game\":1,\"path\":\"2:1\",\"ply\":2,\"move\":1,\"side\":\"b\",\"san\":\"c5\",\
         \"uci\":\"c7c5\",\"clock\":null,\"emt\":null,\"eval\":\"#-3\",\"nags\":null,\"comment\":null}"
    );
    let csv =
        text(&pgn_with_stdin(&["moves", "-", "--fen", "before", "--format", "csv"], game).stdout);
    assert_eq!(
        csv.lines().nth(1),
        Some(
            "1,1,1,w,e4,e2e4,rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1,180,,0.17,,"
        )
    );
}

/// `--commands`: `check` warns about a malformed command at its comment,
/// `stats` counts commands by name; `export` strips and rewrites them.
#[test]
fn comment_commands_are_checked_counted_and_rewritten() {
    let game = b"[Event \"a\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n\
1. e4 { [%eval +0.5] [%clk 01:02:03] } e5 { [%clk 9:99] late [%ts 1] } *\n";
    let plain = pgn_with_stdin(&["check", "-"], game);
    assert_eq!(text(&plain.stderr), "");
    let checked = pgn_with_stdin(&["check", "-", "--commands"], game);
    assert_eq!(checked.status.code(), Some(0));
    assert!(
        text(&checked.stderr).starts_with(
            "-:9:43: game 1: warning: malformed clk command [%clk 9:99]: expected a time"
        ),
        "{}",
        text(&checked.stderr)
    );
    let stats = text(&pgn_with_stdin(&["stats", "-", "--commands"], game).stdout);
    assert_eq!(stats.lines().last(), Some("commands: clk=2 eval=1 ts=1"));
    let movetext = |args: &[&str]| {
        let out = text(&pgn_with_stdin(&[&["export", "-"], args].concat(), game).stdout);
        out.lines().nth(8).unwrap_or_default().to_owned()
    };
    assert_eq!(
        movetext(&[]),
        "1. e4 {[%eval +0.5] [%clk 01:02:03]} 1... e5 {[%clk 9:99] late [%ts 1]} *"
    );
    assert_eq!(
        movetext(&["--canonical-commands"]),
        "1. e4 {[%eval 0.50] [%clk 1:02:03]} 1... e5 {[%clk 9:99] late [%ts 1]} *"
    );
    assert_eq!(
        movetext(&["--strip", "clk,ts"]),
        "1. e4 {[%eval +0.5]} 1... e5 {[%clk 9:99] late} *"
    );
    assert_eq!(movetext(&["--no-commands"]), "1. e4 e5 {[%clk 9:99] late} *");
}

/// `pgn select --columns` writes its table in the format `--format` says,
/// its text in UTF-8 (a Latin-1 name decoded, ruling E14).
#[test]
fn select_tables_take_the_format_of_every_table() {
    let game = b"[White \"Kr\xe1mn\xedk, V\"]\n[Black \"Tal\"]\n\n1. e4 e5 *\n";
    let table = |format: &[&str]| {
        let args = [&["select", "-", "--columns", "White,PlyCount,ECO"][..], format].concat();
        text(&pgn_with_stdin(&args, game).stdout)
    };
    assert_eq!(table(&[]), "White\tPlyCount\tECO\nKrámník, V\t2\t\n");
    assert_eq!(table(&["--csv"]), "White,PlyCount,ECO\n\"Krámník, V\",2,\n");
    assert_eq!(table(&["--format", "csv"]), table(&["--csv"]));
    assert_eq!(
        table(&["--format", "json"]),
        "{\"White\":\"Krámník, V\",\"PlyCount\":2,\"ECO\":null}\n"
    );
    let found = pgn_with_stdin(&["select", "-", "--player", "Krámník", "--count"], game);
    assert_eq!(text(&found.stdout), "1\n");
}

#[test]
fn uci_and_no_move_numbers_write_moves_without_numbers() {
    let input =
        TempFile::new("numbers.pgn", b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 (2. Nc3 Nc6) Nc6 *\n");
    let movetext = |args: &[&str]| {
        let run = pgn(&[&["export", input.path()][..], args].concat());
        assert_eq!(run.status.code(), Some(0), "{args:?}");
        text(&run.stdout).lines().nth(8).unwrap_or_default().to_owned()
    };
    // As pgn-extract's -Wuci and --nomovenumbers write them.
    assert_eq!(movetext(&["--notation", "uci"]), "e2e4 e7e5 g1f3 (b1c3 b8c6) b8c6 *");
    assert_eq!(movetext(&["--no-move-numbers"]), "e4 e5 Nf3 (Nc3 Nc6) Nc6 *");
    assert_eq!(
        movetext(&["--notation", "lan"]),
        "1. e2-e4 e7-e5 2. Ng1-f3 (2. Nb1-c3 Nb8-c6) 2... Nb8-c6 *"
    );
    // The languages of --notation are listed in its help.
    let help = text(&pgn(&["export", "--help"]).stdout);
    assert!(help.contains("czech") && help.contains("swedish"), "{help}");
}

#[test]
fn version_help_completions_and_manual_pages() {
    // The version, and the commit it was built from.
    let version = text(&pgn(&["--version"]).stdout);
    let commit = version.trim().strip_prefix("pgn 0.1.0 (").and_then(|v| v.strip_suffix(')'));
    let commit = commit.unwrap_or_else(|| panic!("{version}"));
    assert!(
        commit == "unknown commit"
            || commit.len() == 12 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
        "{version}"
    );
    // `pgn help` and its own help.
    let run = pgn(&["help", "--help"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let run = pgn(&["help", "select"]);
    assert_eq!(run.status.code(), Some(0));
    assert!(
        text(&run.stdout).contains("Usage: pgn select [OPTIONS] <FILES>..."),
        "{}",
        text(&run.stdout)
    );
    assert_eq!(pgn(&["help", "nothing"]).status.code(), Some(2));
    // Bash loads the completion script, which completes the commands.
    let script = pgn(&["completions", "bash"]).stdout;
    let mut bash = Command::new("bash")
        .args(["--norc", "-c", "source /dev/stdin; complete -p pgn; COMP_WORDS=(pgn sel); COMP_CWORD=1; _pgn pgn sel pgn; echo \"${COMPREPLY[@]}\""])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("bash");
    bash.stdin.take().expect("stdin").write_all(&script).expect("the script");
    let loaded = text(&bash.wait_with_output().expect("bash ran").stdout);
    assert!(loaded.contains("-F _pgn pgn"), "{loaded}");
    assert!(loaded.lines().any(|l| l.split(' ').any(|w| w == "select")), "{loaded}");
    for shell in ["zsh", "fish"] {
        let run = pgn(&["completions", shell]);
        assert_eq!(run.status.code(), Some(0));
        assert!(text(&run.stdout).contains("select"), "{shell}");
    }
    // Manual pages, in roff.
    let page = text(&pgn(&["man"]).stdout);
    assert!(page.contains(".TH pgn 1") && page.contains("select"), "{page}");
    let page = text(&pgn(&["man", "select"]).stdout);
    assert!(page.contains(".TH pgn-select 1") && page.contains("\\-\\-player"), "{page}");
}

#[test]
fn a_game_left_out_counts_once_as_skipped_and_its_move_once_as_an_error() {
    let input = TempFile::new("broken.pgn", &[CLEAN, b"\n", ILLEGAL].concat());
    let dir = std::env::temp_dir().join(format!("pgn-counted-once-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let sorted = dir.join("sorted.pgn");
    let sorted = sorted.to_str().expect("UTF-8");
    for run in [&["export"][..], &["sort", "-o", sorted]] {
        let out = pgn(&[run, &[input.path()]].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{run:?}: {stderr}");
        assert!(stderr.contains("error: illegal move"), "{run:?}: {stderr}");
        assert!(stderr.contains("error: game not exported"), "{run:?}: {stderr}");
        assert!(
            stderr.ends_with("games=2 written=1 skipped=1 errors=1 warnings=1 notes=0\n"),
            "{run:?}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_of_the_wrong_kind_gets_one_line_that_says_what_it_looks_like() {
    let pgn_file = TempFile::new("kind.pgn", CLEAN);
    let epd_file = TempFile::new(
        "kind.epd",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n",
    );
    let runs: [(&[&str], &TempFile, &str); 4] = [
        (
            &["epd"],
            &pgn_file,
            "looks like PGN (a tag pair on its first line), not EPD: pgn check reads it",
        ),
        (
            &["pgc", "dump"],
            &pgn_file,
            "looks like PGN text, not PGC: pgn pgc encode makes PGC of it",
        ),
        (
            &["pgc", "decode"],
            &pgn_file,
            "looks like PGN text, not PGC: pgn pgc encode makes PGC of it",
        ),
        (
            &["check"],
            &epd_file,
            "looks like EPD (a FEN placement on its first line), not PGN: pgn epd reads it",
        ),
    ];
    for (command, file, why) in runs {
        let run = pgn(&[command, &[file.path()]].concat());
        assert_eq!(run.status.code(), Some(2), "{command:?}");
        let stderr = text(&run.stderr);
        let first = stderr.lines().next().unwrap_or_default();
        assert_eq!(first, format!("pgn {}: {}: {why}", command.join(" "), file.path()), "{stderr}");
        assert!(stderr.lines().count() <= 3, "{command:?}: {stderr}");
    }
    // Each of the right kind is read.
    assert_eq!(pgn(&["epd", epd_file.path()]).status.code(), Some(0));
    assert_eq!(pgn(&["check", pgn_file.path()]).status.code(), Some(0));
}

#[test]
fn quiet_leaves_only_what_cannot_be_read_on_standard_error() {
    let input =
        TempFile::new("quiet.pgn", &[CLEAN, b"\n", ILLEGAL, b"\n{a comment} 1. d4 *\n"].concat());
    let dir = std::env::temp_dir().join(format!("pgn-quiet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let at = |name: &str| dir.join(name).to_str().expect("UTF-8").to_owned();
    let (sorted, pgc) = (at("sorted.pgn"), at("out.pgc"));
    let split = at("split");
    let runs: [&[&str]; 10] = [
        &["stats"],
        &["check"],
        &["moves"],
        &["export"],
        &["select"],
        &["dedupe"],
        &["sort", "-o", &sorted],
        &["split", "--by", "event", "--dir", &split],
        &["pgc", "encode", "-o", &pgc],
        &["pgc", "dump"],
    ];
    for run in runs {
        let dump = run.starts_with(&["pgc", "dump"]);
        let file = if dump { pgc.as_str() } else { input.path() };
        let loud = pgn(&[run, &[file]].concat());
        assert!(!loud.stderr.is_empty() || dump, "{run:?}");
        let quiet = pgn(&[run, &[file, "-q"]].concat());
        assert_eq!(text(&quiet.stderr), "", "{run:?} -q");
        assert_eq!(quiet.status.code(), loud.status.code(), "{run:?} -q");
        assert_eq!(quiet.stdout, loud.stdout, "{run:?} -q");
        // What cannot be read is still said.
        let missing = pgn(&[run, &["no-such-file.pgn", "-q"]].concat());
        assert_eq!(missing.status.code(), Some(2), "{run:?}");
        assert!(text(&missing.stderr).contains("no-such-file.pgn"), "{run:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_long_run_on_a_terminal_shows_a_progress_line_and_clears_it() {
    let games: Vec<u8> = (0..3000).flat_map(|_| [CLEAN, b"\n"].concat()).collect();
    let input = TempFile::new("progress.pgn", &games);
    let bin = env!("CARGO_BIN_EXE_pgn");
    // script(1) runs the command on a pseudo-terminal and copies what it
    // shows; the line appears at once with PGN_PROGRESS_DELAY_MS=0.
    let on_terminal = |args: &str| {
        let command = format!("{bin} check {} {args}", input.path());
        let run = Command::new("script")
            .args(["-q", "-e", "-c", &command, "/dev/null"])
            .env("PGN_PROGRESS_DELAY_MS", "0")
            .output()
            .expect("script(1) runs");
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        text(&run.stdout)
    };
    let shown = on_terminal("--threads 2");
    assert!(shown.contains(" KiB of 328.12 KiB ("), "{shown}");
    assert!(shown.contains(" games/s"), "{shown}");
    assert!(shown.contains("games=3000 moves=9000"), "{shown}");
    // Quiet: no line.
    assert!(!on_terminal("-q").contains("games/s"));
    // Not on a terminal: no line.
    let run = Command::new(bin)
        .args(["check", input.path()])
        .env("PGN_PROGRESS_DELAY_MS", "0")
        .output()
        .expect("pgn runs");
    assert!(!text(&run.stderr).contains("games/s"), "{}", text(&run.stderr));
}

#[test]
fn add_puts_ply_count_and_hash_tags_and_fix_result_takes_the_mate() {
    let input = TempFile::new(
        "added.pgn",
        b"[Event \"x\"]\n[Result \"*\"]\n[PlyCount \"99\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 (4. d3) *\n",
    );
    let run = pgn(&["export", input.path(), "--add", "plycount,hash", "--fix-result"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let out = text(&run.stdout);
    // The main line's plies replace the tag's; the key of the final
    // position is python-chess's `chess.polyglot.zobrist_hash` of it.
    assert!(out.contains("[PlyCount \"7\"]\n") && !out.contains("99"), "{out}");
    assert!(out.contains("[HashCode \"c3116e611017a62f\"]\n"), "{out}");
    // The mate on the board gives the result, tag and marker.
    assert!(out.contains("[Result \"1-0\"]\n") && out.ends_with("(4. d3) 1-0\n\n"), "{out}");
    // Without --fix-result the marker's `*` stays.
    let plain = text(&pgn(&["export", input.path(), "--add", "plycount"]).stdout);
    assert!(plain.contains("[Result \"*\"]\n") && !plain.contains("HashCode"), "{plain}");
    assert_eq!(pgn(&["export", input.path(), "--add", "eco,nothing"]).status.code(), Some(2));
    // The opening by position: 1. Nf3 c5 2. e4 a6 transposes into the
    // line 1. e4 c5 2. Nf3 a6 of the lichess tables (B28), the last named
    // position the game reaches.
    let transposed =
        TempFile::new("transposed.pgn", b"[ECO \"A04\"]\n\n1. Nf3 c5 2. e4 a6 3. Qe2 *\n");
    let out = text(&pgn(&["export", transposed.path(), "--add", "eco"]).stdout);
    assert!(out.contains("[ECO \"B28\"]\n"), "{out}");
    assert!(out.contains("[Opening \"Sicilian Defense: O'Kelly Variation\"]\n"), "{out}");
}

#[test]
fn every_command_help_ends_with_examples() {
    let commands: [&[&str]; 14] = [
        &["perft"],
        &["stats"],
        &["check"],
        &["moves"],
        &["fen"],
        &["export"],
        &["sort"],
        &["split"],
        &["select"],
        &["dedupe"],
        &["epd"],
        &["pgc", "encode"],
        &["pgc", "decode"],
        &["pgc", "dump"],
    ];
    for command in commands {
        let help = text(&pgn(&[command, &["--help"]].concat()).stdout);
        let (_, examples) = help.split_once("\nExamples:\n").unwrap_or_else(|| panic!("{help}"));
        let lines: Vec<&str> = examples.lines().collect();
        assert!((1..=3).contains(&lines.len()), "{command:?}: {examples}");
        assert!(lines.iter().all(|l| l.starts_with("  ") && l.contains("pgn ")), "{examples}");
    }
}

/// The tag lines of the first game `pgn export FILE ARGS` writes, the
/// roster's first seven left out.
fn tags_after_roster(file: &TempFile, args: &[&str]) -> Vec<String> {
    let run = pgn(&[&["export", file.path()][..], args].concat());
    assert_eq!(run.status.code(), Some(0), "{args:?}: {}", text(&run.stderr));
    let out = text(&run.stdout);
    out.lines().take_while(|l| !l.is_empty()).skip(7).map(str::to_owned).collect()
}

#[test]
fn tag_order_input_keeps_the_order_read_after_the_roster() {
    let input = TempFile::new(
        "order.pgn",
        b"[WhiteElo \"2700\"]\n[White \"W\"]\n[ECO \"B97\"]\n[Annotator \"X\"]\n[ECO \"C00\"]\n\n1. e4 *\n",
    );
    assert_eq!(
        tags_after_roster(&input, &[]),
        ["[Annotator \"X\"]", "[ECO \"C00\"]", "[WhiteElo \"2700\"]"]
    );
    // The roster first, then as read: a tag given twice where it was
    // given last, with that value (ruling E2).
    let input_order = ["[WhiteElo \"2700\"]", "[Annotator \"X\"]", "[ECO \"C00\"]"];
    assert_eq!(tags_after_roster(&input, &["--tag-order", "input"]), input_order);
    // Tags added from the replay go at the end, or where the tag was.
    assert_eq!(
        tags_after_roster(&input, &["--tag-order", "input", "--add", "plycount"]),
        [&input_order[..], &["[PlyCount \"1\"]"]].concat()
    );
    assert_eq!(pgn(&["export", input.path(), "--tag-order", "sorted"]).status.code(), Some(2));
}

#[test]
fn roster_only_keeps_the_start_and_the_comments() {
    let input = TempFile::new(
        "roster.pgn",
        b"[Event \"e\"]\n[ECO \"B97\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 {push} $1 (1. e3) Kd7 *\n\n[ECO \"C20\"]\n\n1. e4 {x} *\n",
    );
    // As pgn-extract's -7: the roster, SetUp and FEN; the movetext whole.
    let run = pgn(&["export", input.path(), "--roster-only"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let out = text(&run.stdout);
    let games: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(
        games[0].lines().skip(7).collect::<Vec<_>>(),
        ["[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]", "[SetUp \"1\"]"]
    );
    assert_eq!(games[1], "1. e4 {push} $1 (1. e3) 1... Kd7 *");
    assert_eq!(games[2].lines().count(), 7, "{out}");
    assert_eq!(games[3], "1. e4 {x} *");
    // The tags --add asks for are kept; --no-comments still leaves them out.
    assert_eq!(
        tags_after_roster(&input, &["--roster-only", "--add", "plycount", "--no-comments"]),
        ["[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]", "[PlyCount \"2\"]", "[SetUp \"1\"]"]
    );
    let plain = pgn(&["export", input.path(), "--roster-only", "--no-comments"]);
    assert!(text(&plain.stdout).contains("\n1. e4 $1 (1. e3) 1... Kd7 *\n"));
    // Reduced export format is the roster only already.
    assert_eq!(pgn(&["export", input.path(), "--roster-only", "--reduced"]).status.code(), Some(2));
}

#[test]
fn line_length_fills_lines_of_any_length_and_keeps_words_whole() {
    let input = TempFile::new(
        "lines.pgn",
        b"[Event \"x\"]\n\n1. e4 {a comment here} e5 2. Nf3 $1 Nc6 (2... d6 {philidor}) 3. Bb5 a6 1-0\n",
    );
    let movetext = |args: &[&str]| {
        let run = pgn(&[&["export", input.path()][..], args].concat());
        assert_eq!(run.status.code(), Some(0), "{args:?}: {}", text(&run.stderr));
        let out = text(&run.stdout);
        out.split("\n\n").nth(1).unwrap_or_default().to_owned()
    };
    let one_line =
        "1. e4 {a comment here} 1... e5 2. Nf3 $1 2... Nc6 (2... d6 {philidor}) 3. Bb5 a6 1-0";
    assert_eq!(movetext(&["--line-length", "0"]), one_line);
    assert_eq!(movetext(&["--line-length", "1000"]), one_line);
    assert_eq!(
        movetext(&["--line-length", "20"]),
        "1. e4 {a comment\nhere} 1... e5 2. Nf3\n$1 2... Nc6 (2... d6\n{philidor}) 3. Bb5\na6 1-0"
    );
    // Shorter than any word: a word a line, none cut.
    assert_eq!(movetext(&["--line-length", "1"]), one_line.replace(' ', "\n"));
    assert_eq!(movetext(&["--line-length", "79"]), movetext(&[]));
    assert_eq!(pgn(&["export", input.path(), "--line-length", "-1"]).status.code(), Some(2));
}

#[test]
fn en_passant_legal_writes_the_square_only_where_a_capture_is_legal() {
    // The fixtures of tests/data (see its README): checked against
    // python-chess and pgn-extract position by position.
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data");
    let input = data.join("en_passant.pgn");
    let input = input.to_str().expect("a UTF-8 path");
    let expected = |when: &str| {
        std::fs::read_to_string(data.join(format!("en_passant.{when}.fen"))).expect("a fixture")
    };
    for when in ["always", "legal"] {
        let run = pgn(&["fen", "--every-ply", "--en-passant", when, input]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        assert_eq!(text(&run.stdout), expected(when), "--en-passant {when}");
    }
    // Always is the default (ruling F1).
    assert_eq!(text(&pgn(&["fen", "--every-ply", input]).stdout), expected("always"));
    // The last position of each game, in `pgn fen`, the fen column of
    // `pgn moves` and the final-fen column of `pgn select`.
    let legal = expected("legal");
    let last: Vec<&str> = legal.split("\n\n").filter_map(|game| game.lines().last()).collect();
    let fen = text(&pgn(&["fen", "--en-passant", "legal", input]).stdout);
    assert_eq!(fen.lines().collect::<Vec<_>>(), last);
    let moves = text(&pgn(&["moves", "--fen", "--en-passant", "legal", input]).stdout);
    let fens: Vec<&str> =
        moves.lines().skip(1).map(|row| row.split('\t').nth(6).unwrap_or("")).collect();
    let every: Vec<&str> = legal.split("\n\n").flat_map(|game| game.lines().skip(1)).collect();
    assert_eq!(fens, every);
    let table = pgn(&["select", input, "--columns", "final-fen", "--en-passant", "legal"]).stdout;
    assert_eq!(text(&table).lines().skip(1).collect::<Vec<_>>(), last);
    assert_eq!(pgn(&["fen", input, "--en-passant", "pseudo"]).status.code(), Some(2));
}
