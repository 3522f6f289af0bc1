//! §9 supplemental tags and §15 country codes: the reviewed fixtures of
//! `tests/data/tags`, read with `pgn-syntax`, the tag values typed by the
//! accessors of `Tags` and checked by the reader (rulings T0–T11).
//!
//! # Fixtures
//!
//! One file per subsection of §9 (`0901_player_tags.pgn` … `0909_misc.pgn`)
//! and one for §15 (`1500_ioc_codes.pgn`). Each holds games of a few tag
//! pairs and no moves; each game's one comment says what it shows and
//! starts with what the reader must make of it:
//!
//! - `in form:` or `placeholder:`: no diagnostic (but the incomplete
//!   Seven Tag Roster, which fixtures leave out);
//! - `out of form:`: at least one warning;
//! - `note:`: at least one note, and no warning.
//!
//! Each game renders ([`render_games`]) as a block: its number and comment,
//! then each tag pair with what its accessor gives (the typed value,
//! `unknown` for a placeholder, or `out of form:` and the error; a
//! consultation game's player tag field by field), then the diagnostics
//! as `LINE:COL SEVERITY: message`. The blocks of a file make its insta
//! snapshot `tests/tests/snapshots/tags@<file>.snap`, written by
//! `tests/tag_fixtures.rs`. The rows count **one case per game**: the
//! game's block must equal the reviewed block at the same index, and its
//! diagnostics must match its comment's expectation. A reviewed block with
//! no game left is one more failed case; a missing snapshot fails every
//! game of the file.
//!
//! To add a case, add a game with its comment and run
//! `INSTA_UPDATE=always cargo test -p pgn-tests --test tag_fixtures`, then
//! review the changed `.snap` file.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use pgn_syntax::tags::{self, Elo, NetAddress, PlayerType, TagValueError, Title};
use pgn_syntax::{Diagnostic, DiagnosticKind, Game, Item, Severity, Tags};

use crate::reading::syntax::read_bytes;
use crate::snapshot::{self, file_name, quote};
use crate::{Check, Context, Section};

/// The rows: name, the section covered, the fixture files below
/// [`fixtures_dir`], and the rulings applied.
pub const ROWS: &[(&str, &str, &[&str], &[&str])] = &[
    ("§9.1 player tags", "§9.1", &["0901_player_tags.pgn"], &["T0", "T1", "T2", "T3", "T4"]),
    ("§9.2 event tags", "§9.2", &["0902_event_tags.pgn"], &["T0", "T5", "T9", "T11"]),
    ("§9.3 opening names", "§9.3", &["0903_opening_names.pgn"], &["T0", "T11"]),
    ("§9.4 opening codes", "§9.4", &["0904_opening_codes.pgn"], &["T0", "T6"]),
    ("§9.5 time and date tags", "§9.5", &["0905_time_and_date.pgn"], &["T0", "T9"]),
    ("§9.6 time control", "§9.6", &["0906_time_control.pgn"], &["T0", "T7"]),
    ("§9.7 set-up position", "§9.7", &["0907_setup_fen.pgn"], &["T0", "T11"]),
    ("§9.8 game conclusion", "§9.8", &["0908_termination.pgn"], &["T0", "T10"]),
    ("§9.9 miscellaneous tags", "§9.9", &["0909_misc.pgn"], &["T0", "T10", "T11"]),
    ("§15 IOC country codes", "§15", &["1500_ioc_codes.pgn"], &["T8"]),
];

/// One check per row of [`ROWS`].
pub fn checks() -> Vec<Check> {
    ROWS.iter()
        .map(|&(name, covers, files, rulings)| {
            Check::new(name, move |_: &Context, section: &mut Section| {
                for file in files {
                    fixture_cases(&fixtures_dir().join(file), section);
                }
            })
            .covers(&[covers])
            .fixtures(&["tests/data/tags/"])
            .rulings(rulings)
        })
        .collect()
}

/// The folder of the fixtures: `tests/data/tags`.
pub fn fixtures_dir() -> PathBuf {
    crate::crate_dir().join("data/tags")
}

/// The insta snapshot of a fixture: `tests/tests/snapshots/tags@<file>.snap`.
pub fn snapshot_path(fixture: &Path) -> PathBuf {
    snapshot::glob_snapshot_path("tags", &fixtures_dir(), fixture)
}

/// One game of a fixture, rendered, and whether its diagnostics are what
/// its comment says.
#[derive(Clone, Debug)]
pub struct RenderedGame {
    /// The game's block of the snapshot.
    pub block: String,
    /// `Err` says how the diagnostics differ from the comment's
    /// expectation.
    pub expectation: Result<(), String>,
}

/// The rendering of a whole fixture: the blocks of its games, separated
/// by blank lines.
pub fn render_fixture(input: &[u8]) -> String {
    let blocks: Vec<String> = render_games(input).into_iter().map(|g| g.block).collect();
    blocks.join("\n")
}

/// Every game of `input`, rendered.
pub fn render_games(input: &[u8]) -> Vec<RenderedGame> {
    let reading = read_bytes(input);
    reading
        .games
        .iter()
        .zip(&reading.sources)
        .enumerate()
        .map(|(index, (game, source))| {
            let diagnostics: Vec<&Diagnostic> = source
                .diagnostics
                .iter()
                .filter(|d| !matches!(d.kind, DiagnosticKind::IncompleteSevenTagRoster { .. }))
                .collect();
            let comment = comment_of(game);
            let mut block = format!("game {}: {comment}\n", index + 1);
            for tag in &game.tags {
                let name = String::from_utf8_lossy(tag.name);
                let _ = writeln!(
                    block,
                    "  {name} {} -> {}",
                    quote(tag.value, 60),
                    typed(&game.tags, &name, tag.value)
                );
            }
            for d in &diagnostics {
                let _ =
                    writeln!(block, "  {}:{} {}: {}", d.at.line, d.at.column, d.severity(), d.kind);
            }
            let expectation = expectation(&comment, &diagnostics);
            RenderedGame { block, expectation }
        })
        .collect()
}

/// The text of the game's first comment, or empty.
fn comment_of(game: &Game) -> String {
    game.movetext
        .root()
        .items()
        .find_map(|item| match item {
            Item::Comment(text, _) => Some(String::from_utf8_lossy(text).trim().to_owned()),
            _ => None,
        })
        .unwrap_or_default()
}

/// Whether the diagnostics are what the comment announces.
fn expectation(comment: &str, diagnostics: &[&Diagnostic]) -> Result<(), String> {
    let warnings = diagnostics.iter().filter(|d| d.severity() >= Severity::Warning).count();
    let notes = diagnostics.iter().filter(|d| d.severity() == Severity::Note).count();
    let ok = if comment.starts_with("in form:") || comment.starts_with("placeholder:") {
        diagnostics.is_empty()
    } else if comment.starts_with("out of form:") {
        warnings > 0
    } else if comment.starts_with("note:") {
        notes > 0 && warnings == 0
    } else {
        return Err(format!("comment {comment:?} does not say what to expect"));
    };
    match ok {
        true => Ok(()),
        false => Err(format!(
            "{comment:?}: {warnings} warnings or errors and {notes} notes is not what it says"
        )),
    }
}

/// What the accessor of tag `name` gives, for a tag pair of that name
/// (the last of its name counts, as it does for the accessor).
fn typed(tags: &Tags, name: &str, value: &[u8]) -> String {
    fn shown<T: std::fmt::Display>(read: Option<Result<T, TagValueError>>) -> String {
        match read {
            None => "unknown".to_owned(),
            Some(Ok(value)) => value.to_string(),
            Some(Err(error)) => format!("out of form: {error}"),
        }
    }
    fn text(read: Option<std::borrow::Cow<'_, str>>) -> String {
        read.map_or_else(|| "unknown".to_owned(), |t| format!("{t:?}"))
    }
    // A consultation game's player tag: field by field (ruling T1).
    let player = |parse: fn(&[u8]) -> Result<String, TagValueError>| {
        let fields: Vec<String> = tags::player_fields(value)
            .map(|f| match tags::is_placeholder(f) {
                true if f != b"-" => "unknown".to_owned(),
                _ => parse(f).unwrap_or_else(|e| format!("out of form: {e}")),
            })
            .collect();
        format!("fields: {}", fields.join(" | "))
    };
    // A value in form as a whole is one player's (a URL holds a `:`).
    let whole = match name {
        "WhiteTitle" | "BlackTitle" => Title::from_ascii(value).is_ok(),
        "WhiteElo" | "BlackElo" | "WhiteUSCF" | "BlackUSCF" => Elo::from_ascii(value).is_ok(),
        "WhiteNA" | "BlackNA" => NetAddress::from_ascii(value).is_ok(),
        "WhiteType" | "BlackType" => PlayerType::from_ascii(value).is_ok(),
        _ => true,
    };
    let consultation = value.contains(&b':') && !whole;
    match name {
        "WhiteTitle" | "BlackTitle" if consultation => {
            player(|f| Title::from_ascii(f).map(|t| t.to_string()))
        }
        "WhiteElo" | "BlackElo" | "WhiteUSCF" | "BlackUSCF" if consultation => {
            player(|f| Elo::from_ascii(f).map(|e| e.to_string()))
        }
        "WhiteNA" | "BlackNA" if consultation => {
            player(|f| NetAddress::from_ascii(f).map(|a| a.to_string()))
        }
        "WhiteType" | "BlackType" if consultation => {
            player(|f| PlayerType::from_ascii(f).map(|t| t.to_string()))
        }
        "WhiteTitle" => shown(tags.white_title()),
        "BlackTitle" => shown(tags.black_title()),
        "WhiteElo" => shown(tags.white_elo()),
        "BlackElo" => shown(tags.black_elo()),
        "WhiteUSCF" => shown(tags.white_uscf()),
        "BlackUSCF" => shown(tags.black_uscf()),
        "WhiteNA" => shown(tags.white_na()),
        "BlackNA" => shown(tags.black_na()),
        "WhiteType" => shown(tags.white_type()),
        "BlackType" => shown(tags.black_type()),
        "EventDate" => shown(tags.event_date()),
        "EventSponsor" => text(tags.event_sponsor()),
        "Section" => text(tags.section()),
        "Stage" => text(tags.stage()),
        "Board" => shown(tags.board()),
        "Opening" => text(tags.opening()),
        "Variation" => text(tags.variation()),
        "SubVariation" => text(tags.sub_variation()),
        "ECO" => shown(tags.eco()),
        "NIC" => shown(tags.nic()),
        "Time" => shown(tags.time()),
        "UTCTime" => shown(tags.utc_time()),
        "UTCDate" => shown(tags.utc_date()),
        "TimeControl" => shown(tags.time_control()),
        "SetUp" => shown(tags.setup()),
        "FEN" => text(tags.fen()),
        "Termination" => tags.termination().map_or_else(
            || "unknown".to_owned(),
            |t| match t.is_standard() {
                true => String::from_utf8_lossy(t.as_bytes()).into_owned(),
                false => format!("other: {:?}", String::from_utf8_lossy(t.as_bytes())),
            },
        ),
        "Annotator" => text(tags.annotator()),
        "Mode" => tags.mode().map_or_else(
            || "unknown".to_owned(),
            |m| match m.is_standard() {
                true => String::from_utf8_lossy(m.as_bytes()).into_owned(),
                false => format!("other: {:?}", String::from_utf8_lossy(m.as_bytes())),
            },
        ),
        "PlyCount" => shown(tags.ply_count()),
        "Site" => match tags.site_country() {
            Some(country) => format!("country {country}"),
            None => match tags::ioc::site_code(value) {
                Some(code) => format!("unknown code {}", String::from_utf8_lossy(code)),
                None => "no country code".to_owned(),
            },
        },
        _ => "not a tag of §9".to_owned(),
    }
}

/// The cases of one fixture file: one per game, compared with the block
/// at the same index of the reviewed snapshot.
fn fixture_cases(path: &Path, section: &mut Section) {
    let name = file_name(path);
    let input = match fs::read(path) {
        Ok(input) => input,
        Err(e) => return section.fail(format!("{name}: cannot read: {e}")),
    };
    let games = match crate::reading::no_panic(|| render_games(&input)) {
        Ok(games) => games,
        Err(e) => return section.fail(format!("{name}: {e}")),
    };
    if games.is_empty() {
        return section.fail(format!("{name}: no games"));
    }
    let snapshot = snapshot_path(path);
    let reviewed = match fs::read_to_string(&snapshot) {
        Ok(text) => split_blocks(snapshot::snapshot_body(&text)),
        Err(e) => {
            for index in 0..games.len() {
                section.fail(format!(
                    "{name} game {}: no reviewed snapshot {} ({e}): run INSTA_UPDATE=always \
                     cargo test -p pgn-tests --test tag_fixtures and review it",
                    index + 1,
                    snapshot.display()
                ));
            }
            return;
        }
    };
    for (index, game) in games.iter().enumerate() {
        let outcome = match reviewed.get(index) {
            None => Err("no reviewed block".to_owned()),
            Some(block) if snapshot::normalize(block) != snapshot::normalize(&game.block) => {
                Err(format!("rendering differs:\n{}\n--- reviewed:\n{block}", game.block))
            }
            Some(_) => game.expectation.clone(),
        };
        section.record(outcome.map_err(|e| format!("{name} game {}: {e}", index + 1)));
    }
    for index in games.len()..reviewed.len() {
        section.fail(format!("{name}: reviewed block {} has no game", index + 1));
    }
}

/// The blocks of a snapshot body: each starts with `game ` at column 0.
fn split_blocks(body: &str) -> Vec<String> {
    let mut blocks: Vec<String> = Vec::new();
    for line in body.lines() {
        match blocks.last_mut() {
            Some(block) if !line.starts_with("game ") => {
                block.push_str(line);
                block.push('\n');
            }
            _ if line.starts_with("game ") => blocks.push(format!("{line}\n")),
            _ => {}
        }
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixture_is_in_a_row() {
        let mut files = Vec::new();
        snapshot::list_files(&fixtures_dir(), &mut files).expect("fixtures are listed");
        for path in files {
            let name = file_name(&path);
            assert!(ROWS.iter().any(|(_, _, fs, _)| fs.contains(&name.as_str())), "{name}");
        }
    }

    #[test]
    fn expectations_can_fail() {
        let pgn = b"[WhiteTitle \"gm\"]\n\n{in form: wrongly said} *\n";
        let games = render_games(pgn);
        assert_eq!(games.len(), 1);
        assert!(games[0].expectation.is_err());
        let pgn = b"[WhiteTitle \"GM\"]\n\n{out of form: wrongly said} *\n";
        assert!(render_games(pgn)[0].expectation.is_err());
    }

    #[test]
    fn blocks_are_split_at_games() {
        let blocks = split_blocks("game 1: a\n  x\n\ngame 2: b\n");
        assert_eq!(blocks, ["game 1: a\n  x\n\n", "game 2: b\n"]);
    }
}
