//! §10 Numeric Annotation Glyphs: every NAG of the standard's table with
//! its meaning, read and written, and the values above 139 that the
//! standard reserves, read and written as they stand.
//!
//! The meanings are compared with the table of the standard itself
//! (`../shared/spec/pgn-standard-1994.txt`, read at run time), entry by
//! entry: the k-th entry is NAG k. The standard numbers its four rook
//! placement entries 84 to 87 a second time where they stand at 94 to 97
//! (the `pgn-nag` crate says why it places them there); those four are the
//! only entries whose printed number differs from their place, and a case
//! fails if any other does.
//!
//! Each NAG is read from a game (`1. e4 $N *`): the reader gives it as
//! the NAG of that move, and export writes it back as `$N` after the move
//! (NAG 0, the null annotation, included: the standard asks that it not
//! be used in external data, but a file that holds it keeps it).

use std::path::PathBuf;

use pgn_replay::prelude::*;
use pgn_syntax::nag::Nag;

use crate::{Check, Context, Section};

/// The numbers the standard prints for the entries at 94 to 97.
const MISNUMBERED: [(u8, u8); 4] = [(94, 84), (95, 85), (96, 86), (97, 87)];

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§10 NAGs 0–139: meaning, read, written", defined_row)
            .covers(&["§10", "§8.2.4"])
            .fixtures(&["../shared/spec/pgn-standard-1994.txt (§10 table)"])
            .rulings(&["E5"]),
        Check::new("§10 NAGs 140–255: reserved, read, written", reserved_row)
            .covers(&["§10", "§8.2.4"])
            .fixtures(&["tests/src/nags.rs (each NAG in 1. e4 $N e5 *)"])
            .rulings(&["E5"]),
    ]
}

/// The standard's text.
fn standard() -> PathBuf {
    crate::workspace_root().join("../shared/spec/pgn-standard-1994.txt")
}

/// The entries of the standard's §10 table, in order: printed number and
/// interpretation.
fn table(text: &str) -> Vec<(u8, String)> {
    let Some(start) = text.find("NAG    Interpretation") else {
        return Vec::new();
    };
    let end = text[start..].find("\n11: ").map_or(text.len(), |e| start + e);
    text[start..end]
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let (number, meaning) = line.split_once(char::is_whitespace)?;
            let number: u8 = number.parse().ok()?;
            Some((number, meaning.trim().to_owned()))
        })
        .collect()
}

fn defined_row(_: &Context, section: &mut Section) {
    let text = match std::fs::read_to_string(standard()) {
        Ok(text) => text,
        Err(err) => {
            section.fail(format!("cannot read the standard: {err}"));
            return;
        }
    };
    let entries = table(&text);
    if entries.len() != 140 {
        section.fail(format!("the standard's §10 table has {} entries, not 140", entries.len()));
    }
    for (place, (printed, meaning)) in entries.iter().enumerate() {
        let Ok(n) = u8::try_from(place) else { break };
        section.record(defined_case(n, *printed, meaning));
    }
}

fn defined_case(n: u8, printed: u8, meaning: &str) -> Result<(), String> {
    let expected_number = MISNUMBERED.iter().find(|&&(at, _)| at == n).map_or(n, |&(_, p)| p);
    if printed != expected_number {
        return Err(format!("entry {n} of the standard is numbered {printed}"));
    }
    let nag = Nag(n);
    match nag.description() {
        Some(ours) if ours == meaning => {}
        other => return Err(format!("${n}: the standard says {meaning:?}, we say {other:?}")),
    }
    let class_ok = match n {
        0 => !nag.is_move_assessment() && !nag.is_position_assessment(),
        1..=9 => nag.is_move_assessment(),
        10..=135 => nag.is_position_assessment(),
        _ => nag.is_time_pressure(),
    };
    if !nag.is_defined() || !class_ok {
        return Err(format!("${n}: not in the class §10 gives it"));
    }
    read_and_written(n)
}

fn reserved_row(_: &Context, section: &mut Section) {
    for n in 140..=255u8 {
        let nag = Nag(n);
        let outcome = if nag.is_defined() || nag.description().is_some() {
            Err(format!("${n}: reserved by §10, but has a meaning"))
        } else {
            read_and_written(n)
        };
        section.record(outcome);
    }
}

/// `$n` after a move is read as that move's NAG and written back the same.
fn read_and_written(n: u8) -> Result<(), String> {
    let token = format!("${n}");
    if Nag::from_ascii(&token) != Some(Nag(n)) || Nag(n).to_string() != token {
        return Err(format!("{token}: not parsed or shown as itself"));
    }
    let pgn = format!("1. e4 {token} e5 *\n");
    let game = pgn_replay::replay_games(pgn.as_bytes())
        .next()
        .ok_or_else(|| format!("{token}: no game read"))?
        .map_err(|err| format!("{token}: {err}"))?;
    let first = game.game.mainline().next().ok_or_else(|| format!("{token}: no move read"))?;
    if first.nags() != [Nag(n)] {
        return Err(format!("{token}: read as {:?}", first.nags()));
    }
    let written = pgn_export::to_string(&game.game);
    // Ruling E5: a black move after a NAG has its number.
    if !written.contains(&format!("1. e4 {token} 1... e5 *")) {
        return Err(format!("{token}: written as {written:?}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg_attr(no_corpus, ignore = "needs ../shared beside the workspace")]
    fn the_table_is_read_from_the_standard_in_order() {
        let text = std::fs::read_to_string(standard()).expect("the standard beside the workspace");
        let entries = table(&text);
        assert_eq!(entries.len(), 140);
        assert_eq!(entries[0], (0, "null annotation".to_owned()));
        assert_eq!(entries[94].0, 84);
        assert_eq!(entries[139], (139, "Black has severe time control pressure".to_owned()));
    }
}
