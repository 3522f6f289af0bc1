//! `pgn select` (the crate `pgn-select`): the reviewed fixtures of
//! `tests/data/select`, each a few hand-written games and a selection, and
//! the verdict the selection gives each game.
//!
//! A fixture is two files: `NAME.pgn`, games chosen to sit on both sides
//! of an edge of a criterion, and `NAME.criteria`, the selection in its
//! text form (one `KEY VALUE` a line, [`Selection::parse`]). The games are
//! read with [`Reader`] and replayed with a [`Replayer`] driving a
//! [`Selector`] in front of [`Decide`], which keeps each game's tags and
//! final position. The rendering ([`render_fixture`]) gives the criteria, then
//! a line per game: its number, its verdict, its White and Black tags,
//! the plies of its main line as far as the selector replayed it, and the
//! position it kept (`-` for none); an unplayable game has a second line
//! with the first replay error that made it so.
//!
//! The stem says which row counts the fixture ([`FIXTURE_ROWS`]). A
//! fixture is one case of its row; it passes when its rendering is the
//! reviewed snapshot and at least one of its games is selected and one
//! rejected, so that no fixture passes by selecting all or nothing.
//!
//! Snapshots are `tests/tests/snapshots/select@NAME.pgn.snap`, written by
//! `tests/select_fixtures.rs`; the rows compare the same rendering with
//! them. To add a fixture, write both files, run `INSTA_UPDATE=always
//! cargo test -p pgn-tests --test select_fixtures`, and check every
//! verdict of the new snapshot by hand against the criterion's documented
//! meaning.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pgn_replay::{GameDiagnostic, Replayed, Replayer};
use pgn_select::{Decide, Selected, Selection, Selector, Verdict};
use pgn_syntax::{Reader, Severity};
use san::fen_epd::Fen;

use crate::snapshot::{self, file_name, list_files};
use crate::{Check, Context, Section};

/// The rows of the fixtures, in table order: name, and the stem prefixes
/// of the fixtures it counts. The first row also reports problems of the
/// folder as a whole.
pub const FIXTURE_ROWS: &[(&str, &[&str])] = &[
    ("pgn select: tag criteria (fixtures)", &["tag_", "player_", "eco_", "date_", "result_"]),
    ("pgn select: length, ending and annotation criteria (fixtures)", &["game_"]),
    ("pgn select: opening criteria (fixtures)", &["opening_"]),
    ("pgn select: position criteria (fixtures)", &["fen_", "placement_"]),
    ("pgn select: material criteria (fixtures)", &["material_"]),
    ("pgn select: comment command criteria (fixtures)", &["commands_"]),
    ("pgn select: invert, any-line and unplayable games (fixtures)", &["flag_", "unplayable_"]),
];

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    FIXTURE_ROWS
        .iter()
        .enumerate()
        .map(|(index, &(name, prefixes))| {
            Check::new(name, move |_ctx: &Context, section: &mut Section| {
                if index == 0 {
                    check_folder(section);
                }
                snapshot::fixture_row(prefixes, fixtures(), &dir(), check_fixture, section);
            })
            .fixtures(&["tests/data/select/"])
        })
        .collect()
}

/// The folder of the fixtures: `tests/data/select`.
pub fn dir() -> PathBuf {
    crate::crate_dir().join("data").join("select")
}

/// The reviewed snapshot of a fixture (named by its `.pgn` file).
pub fn snapshot_path(fixture: &Path) -> PathBuf {
    snapshot::glob_snapshot_path("select", &dir(), fixture)
}

/// The criteria file beside a fixture's games.
pub fn criteria_path(fixture: &Path) -> PathBuf {
    fixture.with_extension("criteria")
}

/// The `.pgn` files of the folder, sorted.
fn fixtures() -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    list_files(&dir(), &mut files).map_err(|e| format!("cannot list {}: {e}", dir().display()))?;
    files.retain(|path| path.extension().is_some_and(|e| e == "pgn"));
    Ok(files)
}

/// Fails for every file of the folder that is neither half of a fixture
/// nor the README, every half without the other, every fixture whose name
/// no row counts, and every snapshot without a fixture.
fn check_folder(section: &mut Section) {
    let mut files = Vec::new();
    if let Err(e) = list_files(&dir(), &mut files) {
        return section.fail(format!("cannot list {}: {e}", dir().display()));
    }
    for path in &files {
        let name = file_name(path);
        match path.extension().and_then(|e| e.to_str()) {
            _ if name == "README.md" => {}
            Some("pgn") => {
                if !criteria_path(path).is_file() {
                    section.fail(format!("{name}: no .criteria file beside it"));
                }
                if !FIXTURE_ROWS.iter().any(|(_, prefixes)| snapshot::counted_by(prefixes, &name)) {
                    section.fail(format!(
                        "{name}: no row counts it (FIXTURE_ROWS in tests/src/select_fixtures.rs)"
                    ));
                }
            }
            Some("criteria") => {
                if !path.with_extension("pgn").is_file() {
                    section.fail(format!("{name}: no .pgn file beside it"));
                }
            }
            _ => section.fail(format!("{name}: neither a .pgn nor a .criteria file")),
        }
    }
    for snapshot in snapshot::snapshots_named("select@") {
        if !files.iter().any(|fixture| snapshot_path(fixture) == snapshot) {
            section.fail(format!("{}: snapshot without a fixture", snapshot.display()));
        }
    }
}

/// What a fixture's games came to: each game as the selector gave it, or
/// why the fixture could not be run.
pub fn select(criteria: &str, pgn: &[u8]) -> Result<Vec<Replayed<Selected<()>>>, String> {
    let selection = Selection::parse(criteria).map_err(|e| format!("bad criteria: {e}"))?;
    let selector = Selector::new(selection, Decide).keep_final_position(true);
    let mut replayer = Replayer::new(selector);
    Reader::new(pgn)
        .outputs(&mut replayer)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("cannot read: {e}"))
}

/// The rendering of a fixture: its criteria (`criteria`, as written) and
/// a line per game of `pgn` (see the module documentation).
pub fn render(criteria: &str, pgn: &[u8]) -> String {
    let mut out = String::from("criteria:\n");
    for line in criteria.lines().filter(|l| !l.trim().is_empty()) {
        let _ = writeln!(out, "  {line}");
    }
    let games = match select(criteria, pgn) {
        Ok(games) => games,
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return out;
        }
    };
    for Replayed { info, output: game } in &games {
        let tag =
            |name| info.tags.get(name).map_or_else(|| "-".to_owned(), |v| snapshot::quote(v, 40));
        let fen = game
            .facts()
            .final_position
            .as_ref()
            .map_or_else(|| "-".to_owned(), |pos| Fen::from_position(pos).to_string());
        let verdict = match game.verdict() {
            Verdict::Selected => "Selected",
            Verdict::Rejected => "Rejected",
            Verdict::Unplayable => "Unplayable",
        };
        let _ = writeln!(
            out,
            "{:>2} {verdict:<10} White {} Black {} plies {} {fen}",
            info.number,
            tag("White"),
            tag("Black"),
            game.facts().plies,
        );
        if game.verdict() == Verdict::Unplayable {
            let cause = info.problems.iter().find(|d| match d {
                GameDiagnostic::Replay(r) => r.severity() == Severity::Error,
                GameDiagnostic::Read(_) => false,
            });
            match cause {
                Some(d) => {
                    let _ = writeln!(out, "   {d}");
                }
                None => out.push_str("   (no replay error)\n"),
            }
        }
    }
    out
}

/// The rendering of the fixture whose games are at `path` (its criteria
/// read from beside it).
pub fn render_fixture(path: &Path, pgn: &[u8]) -> String {
    match std::fs::read_to_string(criteria_path(path)) {
        Ok(criteria) => render(&criteria, pgn),
        Err(e) => format!("cannot read the criteria: {e}\n"),
    }
}

/// Checks one fixture: its snapshot, then that it selects a game and
/// rejects another.
pub fn check_fixture(path: &Path) -> Result<(), String> {
    let pgn = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let criteria = std::fs::read_to_string(criteria_path(path))
        .map_err(|e| format!("cannot read the criteria: {e}"))?;
    snapshot::compare(&snapshot_path(path), &render(&criteria, &pgn), "select_fixtures")?;
    let games = select(&criteria, &pgn)?;
    for (verdict, what) in [(Verdict::Selected, "selected"), (Verdict::Rejected, "rejected")] {
        if !games.iter().any(|g| g.output.verdict() == verdict) {
            return Err(format!("no game is {what}: the fixture shows no edge"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_prefix_ends_a_word() {
        for (name, prefixes) in FIXTURE_ROWS {
            assert!(name.starts_with("pgn select: "), "{name}");
            assert!(prefixes.iter().all(|p| p.ends_with('_')), "{name}");
        }
    }

    #[test]
    fn a_rendering_has_a_line_per_game() {
        let pgn = b"[White \"Tal\"]\n\n1. e4 e5 *\n\n[White \"Petrosian\"]\n\n1. d4 *\n\n\
                    [White \"Tal\"]\n\n1. e4 Ke3 *\n";
        assert_eq!(
            render("# a comment\nplayer Tal\n", pgn),
            "criteria:\n  # a comment\n  player Tal\n \
             1 Selected   White \"Tal\" Black - plies 2 \
             rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n \
             2 Rejected   White \"Petrosian\" Black - plies 0 -\n \
             3 Unplayable White \"Tal\" Black - plies 1 \
             rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n   \
             11:7: game 3: error: illegal move: `Ke3` (ply 2)\n"
        );
    }

    #[test]
    fn bad_criteria_are_said() {
        assert!(render("eco F00\n", b"1. e4 *\n").contains("bad criteria: line 1: "));
    }
}
