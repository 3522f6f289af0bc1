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

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use chess_core::Position;
use fen_epd::{CastlingNotation, Fen};
use pgn_replay::{ReplayDiagnostic, ReplayVisitor, Replayer};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{Branch, Diagnostic, DiagnosticKind, Place, Reader};
use san::{CastlingMode, Language, Played, San, Uci};

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
    games: u64,
}

impl Render {
    fn line(&mut self, text: &str) {
        let _ = writeln!(self.out, "{}{text}", "  ".repeat(self.depth + 1));
    }
}

/// `12.` for White's moves and `12...` for Black's, from the ply.
fn move_number(ply: u32) -> String {
    let number = ply.div_ceil(2);
    if ply % 2 == 1 { format!("{number}.") } else { format!("{number}...") }
}

impl ReplayVisitor for Render {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        self.games += 1;
        let _ = writeln!(self.out, "game {}", self.games);
        self.depth = 0;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut (), _: &mut Place<'_>) -> ControlFlow<(), Branch> {
        self.line("(");
        self.depth += 1;
        ControlFlow::Continue(Branch::Enter)
    }

    fn end_variation(&mut self, _: &mut (), _: &mut Place<'_>) -> ControlFlow<()> {
        self.depth = self.depth.saturating_sub(1);
        self.line(")");
        ControlFlow::Continue(())
    }

    fn termination(
        &mut self,
        _: &mut (),
        result: GameResult,
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        self.line(&format!("result {}", result.as_str()));
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, d: &Diagnostic) {
        if !matches!(d.kind, DiagnosticKind::IncompleteSevenTagRoster { .. }) {
            let _ = writeln!(self.out, "  syntax {d}");
        }
    }

    fn end_game(&mut self, _: ()) {}

    fn begin_movetext(&mut self, _: (), start: Option<&Position>) -> ControlFlow<()> {
        if let Some(pos) = start {
            let fen = Fen::from_position(pos).to_string_with(CastlingNotation::XFen);
            self.line(&format!("start {fen}"));
        }
        ControlFlow::Continue(())
    }

    fn played(
        &mut self,
        _: &mut (),
        p: &Played<'_>,
        san: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        let uci = Uci { m: p.m, mode: CastlingMode::Standard };
        let canonical = San::from_move(p.before, p.m);
        let text = String::from_utf8_lossy(san);
        self.line(&format!("{} {text} -> {uci} {canonical}", move_number(p.ply)));
        ControlFlow::Continue(())
    }

    fn unresolved(
        &mut self,
        _: &mut (),
        san: &[u8],
        _: Option<pgn_syntax::nag::Suffix>,
        _ply: u32,
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        self.line(&format!("{} (not played)", String::from_utf8_lossy(san)));
        ControlFlow::Continue(())
    }

    fn replay_diagnostic(&mut self, d: &ReplayDiagnostic) {
        self.replay_problems += 1;
        let _ = writeln!(self.out, "  replay {d}");
    }
}

fn replay(input: &[u8]) -> Render {
    let mut replayer = Replayer::new(Render::default());
    // Reading from memory cannot fail.
    let _ = Reader::new(input).visit_all(&mut replayer);
    replayer.into_inner()
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
