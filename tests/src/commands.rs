//! Comment commands (de facto, rulings C1 to C4): each case of
//! `tests/data/commands/cases.tsv` is a comment whose commands, values and
//! text without commands are those the file gives; each canonical form
//! reads back as the same value, and a game whose move carries the
//! comment gives the same values through its move node and keeps the
//! commands whole and readable through export.

use pgn_commands::{Command, CommandKind, Value};
use pgn_replay::prelude::*;

use crate::cases::each_case;
use crate::{Check, Context, Section};

/// The row of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("comment commands (de facto; C1–C4)", row)
            .covers(&[])
            .fixtures(&["tests/data/commands/cases.tsv"])
            .rulings(&["C1", "C2", "C3", "C4", "E9"]),
    ]
}

fn row(_: &Context, section: &mut Section) {
    each_case(section, "data/commands/cases.tsv", |fields| {
        Some(match *fields {
            [comment, commands, text, source] if !source.trim().is_empty() => {
                case(&comment.replace("\\n", "\n"), commands, text)
            }
            _ => Err("not comment, commands, text, source".to_owned()),
        })
    });
}

/// A command as the cases file writes it.
fn described(command: &Command<'_>) -> String {
    match command.value() {
        Err(_) => format!("{}!", command.name()),
        Ok(Value::Other(args)) => format!("{}~{}", command.name(), String::from_utf8_lossy(args)),
        Ok(Value::Time(time)) => format!("{}={time}", command.name()),
        Ok(Value::Eval(eval)) => format!("{}={eval}", command.name()),
        Ok(Value::Squares(squares)) => {
            let items: Vec<String> = squares.map(|s| s.to_string()).collect();
            format!("{}={}", command.name(), items.join(","))
        }
        Ok(Value::Arrows(arrows)) => {
            let items: Vec<String> = arrows.map(|a| a.to_string()).collect();
            format!("{}={}", command.name(), items.join(","))
        }
        Ok(_) => format!("{}?", command.name()),
    }
}

fn case(comment: &str, expected: &str, text: &str) -> Result<(), String> {
    let found: Vec<Command<'_>> = pgn_commands::commands(comment.as_bytes()).collect();
    let list: Vec<String> = found.iter().map(described).collect();
    let list = if list.is_empty() { "-".to_owned() } else { list.join(" ; ") };
    if list != expected {
        return Err(format!("{comment:?}: commands {list}, expected {expected}"));
    }
    let plain = pgn_commands::text_without_commands(comment.as_bytes());
    let plain = String::from_utf8_lossy(&plain);
    let plain = if plain.trim().is_empty() { "-" } else { plain.trim() };
    if plain != text {
        return Err(format!("{comment:?}: text {plain:?}, expected {text:?}"));
    }
    // The canonical form of each value reads back as the same value.
    for command in &found {
        if let Some(canonical) = described_canonical(command) {
            let again = pgn_commands::commands(canonical.as_bytes()).next();
            let same = again.map(|c| described(&c)) == Some(described(command));
            if !same {
                let raw = String::from_utf8_lossy(command.raw());
                return Err(format!("{canonical:?} does not read back as {raw:?}"));
            }
        }
    }
    node_and_export(comment, &found)
}

/// `[%name value]` in canonical form, for a well-formed command of a known
/// name.
fn described_canonical(command: &Command<'_>) -> Option<String> {
    CommandKind::of(command.name()).name()?;
    let value = described(command);
    let (name, value) = value.split_once('=')?;
    Some(format!("[%{name} {value}]"))
}

/// The comment after a move: the node gives the first clock, time and
/// evaluation, and every arrow and square; export keeps every command
/// whole, and its export reads back with the same commands.
fn node_and_export(comment: &str, found: &[Command<'_>]) -> Result<(), String> {
    if comment.contains('}') {
        return Ok(());
    }
    let pgn = format!("1. e4 {{{comment}}} *\n");
    let game = pgn_replay::replay_games(pgn.as_bytes())
        .next()
        .ok_or("no game")?
        .map_err(|e| e.to_string())?
        .game;
    let node = game.mainline().next().ok_or("no move")?;
    let first =
        |kind: CommandKind| found.iter().filter(|c| c.kind() == kind).find_map(|c| c.value().ok());
    let time = |kind| match first(kind) {
        Some(Value::Time(t)) => Some(t),
        _ => None,
    };
    let eval = match first(CommandKind::Eval) {
        Some(Value::Eval(e)) => Some(e),
        _ => None,
    };
    if node.clock() != time(CommandKind::Clock)
        || node.emt() != time(CommandKind::ElapsedMoveTime)
        || node.eval() != eval
    {
        return Err(format!("{comment:?}: the move node reads other values"));
    }
    let arrows = found.iter().filter(|c| c.kind() == CommandKind::ColoredArrows);
    let arrows: Vec<_> = arrows
        .filter_map(|c| match c.value() {
            Ok(Value::Arrows(a)) => Some(a),
            _ => None,
        })
        .flatten()
        .collect();
    if node.arrows() != arrows {
        return Err(format!("{comment:?}: the move node reads other arrows"));
    }
    let written = pgn_export::to_string(&game);
    let again: Vec<String> =
        pgn_commands::commands(written.as_bytes()).map(|c| described(&c)).collect();
    let before: Vec<String> = found.iter().map(described).collect();
    if again != before {
        return Err(format!("{comment:?}: exported as {written:?}, its commands {again:?}"));
    }
    Ok(())
}
