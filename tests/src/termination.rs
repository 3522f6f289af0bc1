//! §8.2.6 game termination markers, with ruling E3 (the result): each
//! case of `tests/data/termination/cases.tsv` is a game read with the
//! reader's checks on; the diagnostics about its termination are those the
//! file gives, and export writes the result the file gives as both the
//! Result tag and the termination marker.

use pgn_syntax::{DiagnosticKind, read_games};

use crate::cases::each_case;
use crate::{Check, Context, Section};

/// The row of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§8.2.6 termination markers and the result (E3)", row)
            .fixtures(&["tests/data/termination/cases.tsv"])
            .rulings(&["E3"]),
    ]
}

fn row(_: &Context, section: &mut Section) {
    each_case(section, "data/termination/cases.tsv", |fields| {
        Some(match *fields {
            [tag, movetext, result, diagnostics] => case(tag, movetext, result, diagnostics),
            _ => Err("not Result tag, movetext, result, diagnostics".to_owned()),
        })
    });
}

/// The name of a diagnostic about a game's termination, if it is one.
fn termination_kind(kind: &DiagnosticKind) -> Option<&'static str> {
    Some(match kind {
        DiagnosticKind::MissingTermination => "MissingTermination",
        DiagnosticKind::NonStandardTermination { .. } => "NonStandardTermination",
        DiagnosticKind::ResultMismatch { .. } => "ResultMismatch",
        DiagnosticKind::TerminationInVariation => "TerminationInVariation",
        _ => return None,
    })
}

fn case(tag: &str, movetext: &str, result: &str, diagnostics: &str) -> Result<(), String> {
    let tags = if tag == "-" { String::new() } else { format!("[Result \"{tag}\"]\n\n") };
    let pgn = format!("{tags}{movetext}\n");
    let (_, source) =
        read_games(pgn.as_bytes()).next().ok_or("no game read")?.map_err(|e| e.to_string())?;
    let found: Vec<&str> =
        source.diagnostics.iter().filter_map(|d| termination_kind(&d.kind)).collect();
    let found = if found.is_empty() { "none".to_owned() } else { found.join("+") };
    if found != diagnostics {
        return Err(format!("{pgn:?}: diagnostics {found}, expected {diagnostics}"));
    }
    let game = pgn_replay::replay_games(pgn.as_bytes())
        .next()
        .ok_or("no game replayed")?
        .map_err(|e| e.to_string())?;
    let written = pgn_export::to_string(&game.game);
    let tag_line = format!("[Result \"{result}\"]");
    let marker = written.split_whitespace().last();
    if !written.lines().any(|l| l == tag_line) || marker != Some(result) {
        return Err(format!("{pgn:?}: written as {written:?}, not with result {result}"));
    }
    Ok(())
}
