//! The reader's view of a fixture: the games that `pgn_syntax` builds from
//! it and every diagnostic it reports, rendered as an indented tree.
//!
//! Games are built with `pgn_syntax::GameCollector`; the diagnostics it
//! holds after the last game (in no game's source map) are shown too
//! rather than silently missing from the rendering.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use pgn_syntax::{
    CommentKind, Diagnostic, Game, GameCollector, Item, Line, Movetext, Node, Reader, SanText,
    SourceMap,
};

use crate::snapshot::quote;

/// The longest tag value, comment or move a rendering shows in full.
const TEXT_SHOWN: usize = 72;

/// Everything a reader produced from one input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The games, in input order.
    pub games: Vec<Game>,
    /// The source map of each game, with its diagnostics.
    pub sources: Vec<SourceMap>,
    /// Diagnostics that the reader reported but that are in no game's list.
    pub unattached: Vec<Diagnostic>,
}

impl Reading {
    /// Every diagnostic, in the order the games hold them, then the
    /// unattached ones.
    pub fn diagnostics(&self) -> impl Iterator<Item = &Diagnostic> {
        self.sources.iter().flat_map(|s| &s.diagnostics).chain(&self.unattached)
    }
}

/// Reads every game of `input` with [`pgn_syntax::Reader`].
///
/// # Errors
///
/// Only I/O errors of `input`.
pub fn read(input: impl Read) -> io::Result<Reading> {
    read_with(Reader::new(input))
}

/// Reads every game with `reader` (built with the options under test).
///
/// # Errors
///
/// Only I/O errors of the reader's input.
pub fn read_with<R: Read>(mut reader: Reader<R>) -> io::Result<Reading> {
    let mut collector = GameCollector::new();
    let mut games = Vec::new();
    let mut sources = Vec::new();
    while let Some((game, source)) = reader.read_game(&mut collector)? {
        games.push(game);
        sources.push(source);
    }
    // What the collector holds after the last game is in no game.
    let unattached = collector.take_diagnostics();
    Ok(Reading { games, sources, unattached })
}

/// Reads a complete input held in memory.
pub fn read_bytes(input: &[u8]) -> Reading {
    read(input).unwrap_or_else(|err| unreachable!("reading a byte slice cannot fail: {err}"))
}

/// The rendering of a fixture file: see [`render_games`].
///
/// # Errors
///
/// The file cannot be read.
pub fn fixture_report(fixture: &Path) -> io::Result<String> {
    Ok(render_games(&fs::read(fixture)?))
}

/// What the reader makes of `input`: the number of games, then per game
/// its tags, its movetext as an indented tree (moves with their suffix,
/// NAGs, comments with their kind, escape lines, variations indented under
/// `variation`), its termination marker and its diagnostics as
/// `LINE:COLUMN (byte OFFSET) game N SEVERITY: message`; last, diagnostics
/// that no game holds.
pub fn render_games(input: &[u8]) -> String {
    render_reading(&read_bytes(input))
}

/// The rendering of [`render_games`] for a reading.
pub fn render_reading(reading: &Reading) -> String {
    let mut out = format!("games: {}\n", reading.games.len());
    for (index, game) in reading.games.iter().enumerate() {
        let _ = writeln!(out, "\ngame {}", index + 1);
        for tag in &game.tags {
            let _ = writeln!(
                out,
                "  tag {} {}",
                quote(tag.name, TEXT_SHOWN),
                quote(tag.value, TEXT_SHOWN)
            );
        }
        if game.movetext.is_empty() {
            out.push_str("  movetext: empty\n");
        } else {
            out.push_str("  movetext:\n");
            render_line(&mut out, game.movetext.root(), 2);
            if let Err(problem) = check_movetext(&game.movetext) {
                let _ = writeln!(out, "  BROKEN TREE: {problem}");
            }
        }
        match game.termination {
            Some(result) => {
                let _ = writeln!(out, "  termination {result}");
            }
            None => out.push_str("  termination none\n"),
        }
        for diagnostic in &reading.sources[index].diagnostics {
            let _ = writeln!(out, "  {}", render_diagnostic(diagnostic));
        }
    }
    if !reading.unattached.is_empty() {
        out.push_str("\ndiagnostics in no game:\n");
        for diagnostic in &reading.unattached {
            let _ = writeln!(out, "  {}", render_diagnostic(diagnostic));
        }
    }
    out
}

/// One diagnostic: `LINE:COLUMN (byte OFFSET) game N SEVERITY: message`.
pub fn render_diagnostic(d: &Diagnostic) -> String {
    format!(
        "{}:{} (byte {}) game {} {}: {}",
        d.at.line,
        d.at.column,
        d.at.offset,
        d.game,
        d.severity(),
        d.kind
    )
}

/// Renders the items of a line of play, `depth` levels deep. Recursion
/// follows the nesting of variations, which is small in fixtures.
fn render_line(out: &mut String, line: Line<'_, SanText>, depth: usize) {
    let indent = "  ".repeat(depth);
    for item in line.items() {
        match item {
            Item::Move(san) => {
                // Plain SAN as it is; anything unusual quoted.
                let plain = san.text.len() <= TEXT_SHOWN
                    && !san.text.is_empty()
                    && san.text.iter().all(u8::is_ascii_graphic);
                if plain {
                    let _ = write!(out, "{indent}move {}", String::from_utf8_lossy(&san.text));
                } else {
                    let _ = write!(out, "{indent}move {}", quote(&san.text, TEXT_SHOWN));
                }
                if let Some(suffix) = san.suffix {
                    let _ = write!(out, " {suffix}");
                }
                out.push('\n');
            }
            Item::Nag(nag) => {
                let _ = writeln!(out, "{indent}nag {nag}");
            }
            Item::Comment(text, kind) => {
                let kind = match kind {
                    CommentKind::Brace => "brace",
                    CommentKind::Line => "line",
                };
                let _ = writeln!(out, "{indent}comment {kind} {}", quote(text, TEXT_SHOWN));
            }
            Item::Escape(text) => {
                let _ = writeln!(out, "{indent}escape {}", quote(text, TEXT_SHOWN));
            }
            Item::Variation(inner) => {
                let _ = writeln!(out, "{indent}variation");
                render_line(out, inner, depth + 1);
            }
        }
    }
}

/// Checks the flat form of a movetext: every `VariationStart` names the
/// index of its matching `VariationEnd`, and starts and ends balance. No
/// recursion, so it works on any depth.
///
/// # Errors
///
/// What is wrong, and at which node.
pub fn check_movetext<M>(movetext: &Movetext<M>) -> Result<(), String> {
    let nodes = movetext.nodes();
    let mut open = Vec::new();
    for (index, node) in nodes.iter().enumerate() {
        match node {
            Node::VariationStart { end } => open.push((index, *end)),
            Node::VariationEnd => match open.pop() {
                Some((_, end)) if end == index => {}
                Some((start, end)) => {
                    return Err(format!(
                        "the variation at node {start} says it ends at {end}, not {index}"
                    ));
                }
                None => return Err(format!("node {index} ends no variation")),
            },
            _ => {}
        }
    }
    match open.last() {
        Some((start, _)) => Err(format!("the variation at node {start} never ends")),
        None => Ok(()),
    }
}
