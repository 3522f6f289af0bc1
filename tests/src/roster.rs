//! §8.1.1 the Seven Tag Roster, one row per tag: each value of
//! `tests/data/roster/cases.tsv` read in a game with the reader's tag
//! checks on gives the verdict the file says (in form, a placeholder, a
//! form real files use but the standard does not, or out of form), and a
//! game without the tag is exported with it, holding the value that means
//! unknown (ruling E1; for Result, ruling E3's result).
//!
//! A verdict is read from the diagnostics about that tag:
//! `InvalidTagValue` is *invalid*, `NonStandardTagValue` *nonstandard*,
//! neither *ok*. Tags without a grammar (Event, Site, White, Black) take
//! any text; their cases show that no value of theirs is flagged.

use pgn_syntax::{DiagnosticKind, read_games};

use crate::cases::each_case;
use crate::{Check, Context, Section};

/// The roster in order, with the section of each tag and the value export
/// writes when a game lacks it.
const ROSTER: [(&str, &str, &str); 7] = [
    ("Event", "§8.1.1.1", "?"),
    ("Site", "§8.1.1.2", "?"),
    ("Date", "§8.1.1.3", "????.??.??"),
    ("Round", "§8.1.1.4", "?"),
    ("White", "§8.1.1.5", "?"),
    ("Black", "§8.1.1.6", "?"),
    ("Result", "§8.1.1.7", "*"),
];

/// One row per roster tag.
pub fn checks() -> Vec<Check> {
    ROSTER
        .iter()
        .map(|&(tag, section, unknown)| {
            Check::new(format!("{section} {tag} tag"), move |_: &Context, row: &mut Section| {
                row_of(tag, unknown, row);
            })
            .fixtures(&["tests/data/roster/cases.tsv"])
            .rulings(match tag {
                "Result" => &["E1", "E3"],
                "Round" => &["E1", "E15"],
                _ => &["E1"],
            })
        })
        .collect()
}

fn row_of(tag: &str, unknown: &str, row: &mut Section) {
    each_case(row, "data/roster/cases.tsv", |fields| match *fields {
        [name, value, verdict, ..] => (name == tag).then(|| case(tag, value, verdict)),
        _ => Some(Err("not tag, value, verdict, source".to_owned())),
    });
    row.record(exported_when_missing(tag, unknown));
}

/// The verdict the reader gives `value` as the value of `tag`.
fn verdict_of(tag: &str, value: &str) -> Result<&'static str, String> {
    let pgn = format!("[{tag} \"{value}\"]\n\n*\n");
    let (_, source) =
        read_games(pgn.as_bytes()).next().ok_or("no game read")?.map_err(|err| err.to_string())?;
    let about_tag = |kind: &DiagnosticKind| match kind {
        DiagnosticKind::InvalidTagValue { tag: checked, .. } => {
            (checked.name() == tag).then_some("invalid")
        }
        DiagnosticKind::NonStandardTagValue { tag: checked, .. } => {
            (checked.name() == tag).then_some("nonstandard")
        }
        _ => None,
    };
    Ok(source.diagnostics.iter().find_map(|d| about_tag(&d.kind)).unwrap_or("ok"))
}

fn case(tag: &str, value: &str, expected: &str) -> Result<(), String> {
    if !matches!(expected, "ok" | "nonstandard" | "invalid") {
        return Err(format!("unknown verdict {expected:?}"));
    }
    let found = verdict_of(tag, value)?;
    if found == expected {
        Ok(())
    } else {
        Err(format!("[{tag} \"{value}\"]: expected {expected}, the reader says {found}"))
    }
}

/// A game without `tag` is written with it, valued `unknown`, in its place
/// in the roster.
fn exported_when_missing(tag: &str, unknown: &str) -> Result<(), String> {
    let others: String = ROSTER
        .iter()
        .filter(|&&(name, _, _)| name != tag)
        .map(|&(name, _, _)| format!("[{name} \"x\"]\n"))
        .collect();
    let pgn = format!("{}\n1. e4 *\n", others.replace("[Result \"x\"]", "[Result \"*\"]"));
    let game = pgn_replay::replay_games(pgn.as_bytes())
        .next()
        .ok_or("no game read")?
        .map_err(|err| err.to_string())?;
    let written = pgn_export::to_string(&game.game);
    let place = ROSTER.iter().position(|&(name, _, _)| name == tag).unwrap_or(0);
    let line = written.lines().nth(place).unwrap_or_default();
    let expected = format!("[{tag} \"{unknown}\"]");
    if line == expected {
        Ok(())
    } else {
        Err(format!(
            "a game without {tag}: line {} written as {line:?}, not {expected:?}",
            place + 1
        ))
    }
}
