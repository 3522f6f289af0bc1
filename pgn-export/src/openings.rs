//! The ECO code and name of a game's opening, by position: the lichess
//! opening tables (`data/openings/*.tsv`, from `lichess-org/chess-openings`,
//! CC0), each line replayed to its final position, and a game given the
//! line whose position its main line reaches last (so a transposition into
//! a named line is found).

use std::collections::HashMap;
use std::sync::OnceLock;

use san::{Position, San};

/// The tables, one line each: `eco<TAB>name<TAB>moves`.
const TABLES: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

/// A named opening line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Opening {
    /// Its ECO code (`B20`).
    pub eco: &'static str,
    /// Its name (`Sicilian Defense: Bowdler Attack`).
    pub name: &'static str,
}

/// The named lines by the Polyglot key of their final position; of two
/// lines that reach one position, the one with fewer moves.
fn by_position() -> &'static HashMap<u64, (Opening, usize)> {
    static TABLE: OnceLock<HashMap<u64, (Opening, usize)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = HashMap::new();
        for line in TABLES.iter().flat_map(|t| t.lines()).skip_while(|l| l.starts_with("eco\t")) {
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(moves)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            if eco == "eco" {
                continue;
            }
            let Some((pos, plies)) = replay(moves) else { continue };
            let entry = table.entry(pos.zobrist_hash()).or_insert((Opening { eco, name }, plies));
            if plies < entry.1 {
                *entry = (Opening { eco, name }, plies);
            }
        }
        table
    })
}

/// The position after the SAN moves of `moves` (move numbers skipped),
/// and their number; `None` if one cannot be played.
fn replay(moves: &str) -> Option<(Position, usize)> {
    let mut pos = Position::new();
    let mut plies = 0;
    for word in moves.split_whitespace() {
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if word.is_empty() {
            continue;
        }
        let san: San = word.parse().ok()?;
        let resolved = san.resolve(&pos).ok()?;
        pos.play(resolved.m).ok()?;
        plies += 1;
    }
    Some((pos, plies))
}

/// The named opening of `pos`, if a line of the tables ends in it.
///
/// ```
/// use pgn_export::openings::opening_of;
/// use san::{Position, San};
///
/// let mut pos = Position::new();
/// for san in ["e4", "c5", "Nf3"] {
///     let m = san.parse::<San>().unwrap().resolve(&pos).unwrap().m;
///     pos.play(m).unwrap();
/// }
/// let opening = opening_of(&pos).expect("a named line");
/// assert_eq!(opening.eco, "B27");
/// assert!(opening.name.starts_with("Sicilian Defense"));
/// ```
pub fn opening_of(pos: &Position) -> Option<Opening> {
    by_position().get(&pos.zobrist_hash()).map(|(opening, _)| *opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_tables_replays() {
        let lines = TABLES.iter().flat_map(|t| t.lines()).filter(|l| !l.starts_with("eco\t"));
        let mut count = 0;
        for line in lines {
            let moves = line.split('\t').nth(2).expect("three fields");
            assert!(replay(moves).is_some(), "{line}");
            count += 1;
        }
        assert_eq!(count, 3807);
        // Many lines end in the same position as another, by transposition.
        assert!(by_position().len() > 3000, "{}", by_position().len());
    }
}
