//! SAN and game replay (§8.2.3 and §17 of the standard): the reviewed
//! fixtures of the `san` crate.
//!
//! - `tests/data/san/{ok,err}/CODE_NNNN_words.pgn` (code `0823`): games
//!   replayed with `pgn_replay::Replayer`; the rendering ([`render_games`]) shows
//!   every move with its resolved UCI and canonical SAN (ruling E7), the
//!   lines of play, and every diagnostic. An `ok/` fixture replays without
//!   any diagnostic (but the incomplete Seven Tag Roster of minimal
//!   fixtures); an `err/` fixture gives at least one replay diagnostic.
//! - `tests/data/san/lang/1700_NNNN_words.txt` (code `1700`): a `lang:`
//!   line naming a language of §17, an optional `fen:` line, and a
//!   `moves:` line of SAN in that language's piece letters, played in
//!   order ([`render_language`]): each move read, resolved, written in
//!   English and written back in the language.
//!
//! Snapshots are `tests/tests/snapshots/san@<folder>__<file>.snap`,
//! written by `tests/san_fixtures.rs`; the conformance rows compare the
//! same rendering with them.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use chess_core::Position;
use fen_epd::{CastlingNotation, Fen};
use pgn_replay::{Event, GameDiagnostic, Walker};
use pgn_syntax::{DiagnosticKind, Game, Location, Node, SourceMap};
use san::{CastlingMode, Language, San, Uci};

use crate::reading::no_panic;
use crate::snapshot::{self, list_files};
use crate::{Check, Context, Section};

/// The fixture rows: name, code, folders.
const ROWS: &[(&str, &str, &[&str])] = &[
    ("§8.2.3 SAN and replay (fixtures)", "0823", &["ok", "err"]),
    ("§17 piece letters (fixtures)", "1700", &["lang"]),
];

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    ROWS.iter()
        .map(|&(name, code, folders)| {
            Check::new(name, move |_ctx: &Context, section: &mut Section| {
                fixture_row(code, folders, section);
            })
            .fixtures(&["tests/data/san/"])
            .rulings(&["E7"])
        })
        .collect()
}

/// The folder of the fixtures.
pub fn dir() -> PathBuf {
    crate::crate_dir().join("data").join("san")
}

/// The reviewed snapshot of a fixture.
pub fn snapshot_path(fixture: &Path) -> PathBuf {
    snapshot::glob_snapshot_path("san", &dir(), fixture)
}

/// The rendering of a fixture file, chosen by its extension.
pub fn render_fixture(path: &Path, input: &[u8]) -> String {
    if path.extension().is_some_and(|e| e == "txt") {
        render_language(input)
    } else {
        render_games(input)
    }
}

fn fixture_row(code: &str, folders: &[&str], section: &mut Section) {
    for folder in folders {
        let mut files = Vec::new();
        if let Err(err) = list_files(&dir().join(folder), &mut files) {
            section.fail(format!("cannot list {folder}: {err}"));
        }
        for path in files {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            if !name.as_deref().is_some_and(|n| n.starts_with(&format!("{code}_"))) {
                section.fail(format!("{}: not named {code}_NNNN_words", path.display()));
                continue;
            }
            let outcome = check_fixture(&path, folder);
            section.record(outcome.map_err(|e| format!("{}: {e}", path.display())));
        }
    }
}

fn check_fixture(path: &Path, folder: &str) -> Result<(), String> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    let rendered = no_panic(|| render_fixture(path, &input))?;
    snapshot::compare(&snapshot_path(path), &rendered, "san_fixtures")?;
    if folder == "lang" {
        return if rendered.contains("error") { Err("a move failed".to_owned()) } else { Ok(()) };
    }
    let problems = no_panic(|| problems(&input))?;
    match (folder, problems) {
        ("ok", 0) => Ok(()),
        ("ok", n) => Err(format!("an ok/ fixture must replay cleanly, got {n} diagnostics")),
        (_, 0) => Err("an err/ fixture must give at least one replay diagnostic".to_owned()),
        _ => Ok(()),
    }
}

/// Records a replay as text.
#[derive(Default)]
struct Render {
    out: String,
    depth: usize,
    replay_problems: usize,
}

impl Render {
    fn line(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}{text}", "  ".repeat(self.depth + 1));
    }

    /// Writes the problems found before `until` (or at it, if `at_too`;
    /// all of them for `None`), taking them from the front of `problems`.
    fn problems(
        &mut self,
        problems: &mut VecDeque<GameDiagnostic>,
        until: Option<Location>,
        at_too: bool,
    ) {
        while let Some(d) = problems.front() {
            let at = match d {
                GameDiagnostic::Read(d) => Some(d.at),
                GameDiagnostic::Replay(d) => d.at,
            };
            if let (Some(until), Some(at)) = (until, at)
                && (at.offset > until.offset || !at_too && at.offset == until.offset)
            {
                return;
            }
            match d {
                GameDiagnostic::Read(d) => {
                    if !matches!(d.kind, DiagnosticKind::IncompleteSevenTagRoster { .. }) {
                        let _ = writeln!(self.out, "  syntax {d}");
                    }
                }
                GameDiagnostic::Replay(d) => {
                    self.replay_problems += 1;
                    let _ = writeln!(self.out, "  replay {d}");
                }
            }
            problems.pop_front();
        }
    }

    /// One game: its start, each element with its problems before it
    /// (a move as written, then as played), its result, and the problems
    /// of the game as a whole.
    fn game(&mut self, game: &Game, source: &SourceMap) {
        let _ = writeln!(self.out, "game {}", source.game);
        self.depth = 0;
        let (replayed, found) = pgn_replay::replay(game, source);
        let mut problems: Vec<GameDiagnostic> =
            source.diagnostics.iter().cloned().map(GameDiagnostic::Read).collect();
        problems.extend(found.into_iter().map(GameDiagnostic::Replay));
        // The reader's and the replay's problems, in input order (those
        // of the game as a whole, at its end, last).
        let at = |d: &GameDiagnostic| match d {
            GameDiagnostic::Read(d) => Some(d.at.offset),
            GameDiagnostic::Replay(d) => d.at.map(|at| at.offset),
        };
        problems.sort_by_key(|d| at(d).unwrap_or(u64::MAX));
        let mut problems = VecDeque::from(problems);
        if let Some(pos) = &replayed.start {
            let fen = Fen::from_position(pos).to_string_with(CastlingNotation::XFen);
            self.line(&format!("start {fen}"));
        }
        let nodes = game.movetext.nodes();
        let mut walker = Walker::new(&replayed);
        // The walker yields an event a node, in order.
        let mut index = 0;
        while let Some(event) = walker.next() {
            index += 1;
            let index = index - 1;
            self.problems(&mut problems, source.node(index), true);
            let written = match nodes.get(index) {
                Some(Node::Move(san)) => String::from_utf8_lossy(&san.text).into_owned(),
                _ => String::new(),
            };
            match event {
                Event::Move(p) => {
                    let uci = Uci { m: p.m, mode: CastlingMode::Standard };
                    let canonical = San::from_move(p.before, p.m);
                    let number = move_number(p.ply);
                    let _ = writeln!(
                        self.out,
                        "{}{number} {written} -> {uci} {canonical}",
                        "  ".repeat(self.depth + 1)
                    );
                }
                Event::Unresolved { san, .. } => {
                    self.line(&format!("{} (not played)", String::from_utf8_lossy(san)));
                }
                Event::BeginVariation { .. } => {
                    self.line("(");
                    self.depth += 1;
                }
                Event::EndVariation => {
                    self.depth = self.depth.saturating_sub(1);
                    self.line(")");
                }
                Event::Nag(_) | Event::Comment { .. } | Event::Escape(_) => {}
            }
        }
        let termination = source.termination.filter(|_| game.termination.is_some());
        self.problems(&mut problems, termination, false);
        if let Some(result) = game.termination {
            self.line(&format!("result {}", result.as_str()));
        }
        self.problems(&mut problems, None, true);
    }
}

/// `12.` for White's moves and `12...` for Black's, from the ply.
fn move_number(ply: u32) -> String {
    let number = ply.div_ceil(2);
    if ply % 2 == 1 { format!("{number}.") } else { format!("{number}...") }
}

fn replay(input: &[u8]) -> Render {
    let mut render = Render::default();
    // Reading from memory cannot fail.
    for (game, source) in pgn_syntax::read_games(input).map_while(Result::ok) {
        render.game(&game, &source);
    }
    render
}

/// The replay of every game of `input`, as text.
pub fn render_games(input: &[u8]) -> String {
    replay(input).out
}

/// How many replay diagnostics `input` gives.
pub fn problems(input: &[u8]) -> usize {
    let render = replay(input);
    render.replay_problems
        + render.out.lines().filter(|l| l.trim_start().starts_with("syntax ")).count()
}

/// A §17 fixture played move by move, as text.
pub fn render_language(input: &[u8]) -> String {
    let text = String::from_utf8_lossy(input);
    let field =
        |name: &str| text.lines().find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_owned()));
    let mut out = String::new();
    let Some(lang) = field("lang:").and_then(|l| l.parse::<Language>().ok()) else {
        return "error: no known `lang:` line\n".to_owned();
    };
    let mut pos = match field("fen:") {
        Some(fen) => match fen_epd::parse_position(fen.as_bytes()) {
            Ok(pos) => pos,
            Err(e) => return format!("error: bad fen: {e}\n"),
        },
        None => Position::new(),
    };
    let _ = writeln!(out, "language {lang}");
    for word in field("moves:").unwrap_or_default().split_whitespace() {
        let resolved = San::from_ascii_in(word.as_bytes(), lang)
            .map_err(|e| e.to_string())
            .and_then(|p| p.resolve(&pos).map_err(|e| e.to_string()).map(|r| (r, p.quirks)));
        match resolved {
            Ok((r, quirks)) => {
                let english = San::from_move(&pos, r.m);
                let uci = Uci { m: r.m, mode: CastlingMode::Standard };
                let _ = write!(out, "{word} -> {uci} {english} {}", english.in_language(lang));
                if !(r.quirks | quirks).is_empty() {
                    let _ = write!(out, " [{}]", r.quirks | quirks);
                }
                out.push('\n');
                pos.play_unchecked(r.m);
            }
            Err(e) => {
                let _ = writeln!(out, "{word} -> error: {e}");
                break;
            }
        }
    }
    out
}
