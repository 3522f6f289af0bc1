//! The `select` target: criteria and PGN in one input (the criteria text
//! before the first NUL byte, in the form of `Selection::parse`, the PGN
//! after it; without a NUL, the whole input is PGN and its first byte
//! picks criteria from a fixed list). Reading the criteria and selecting
//! never panics, and a selection and its inversion agree on every game:
//! a game one selects, the other rejects, and no game is rejected both
//! ways (a game may be unplayable one way and rejected the other, since a
//! game is replayed only as far as its verdict needs).

use pgn_replay::Replayer;
use pgn_select::{Decide, Selection, Selector, Verdict};
use pgn_syntax::Reader;

/// Criteria for inputs without a NUL byte.
const CRITERIA: &[&str] = &[
    "player a",
    "eco B20-B99",
    "date 1990..1999",
    "plies >=20",
    "ending checkmate",
    "opening 1. e4 e5",
    "opening-transposed 1. Nf3 d5 2. d4",
    "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "placement rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
    "material Q+*vQ+*",
    "material-end KRvK",
    "any-line\nmaterial KQv*",
    "has variations\nresult-contradicts",
];

/// The verdict of every game of `pgn` under `selection`.
fn verdicts(selection: &Selection, pgn: &[u8]) -> Vec<Verdict> {
    let mut replayer = Replayer::new(Selector::new(selection.clone(), Decide));
    let mut reader = Reader::new(pgn);
    let mut out = Vec::new();
    // Reading a slice cannot fail; the loop ends with the input.
    while let Ok(Some(game)) = reader.read_game(&mut replayer) {
        out.push(game.output.verdict());
    }
    out
}

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let (criteria, pgn) = match data.iter().position(|&b| b == 0) {
        Some(nul) => (String::from_utf8_lossy(&data[..nul]).into_owned(), &data[nul + 1..]),
        None => {
            let pick = data.first().map_or(0, |&b| usize::from(b) % CRITERIA.len());
            (CRITERIA[pick].to_owned(), data)
        }
    };
    let Ok(selection) = Selection::parse(&criteria) else { return };
    let plain = verdicts(&selection.clone().inverted(false), pgn);
    let inverted = verdicts(&selection.inverted(true), pgn);
    assert_eq!(plain.len(), inverted.len(), "a selection changed the number of games");
    for (i, pair) in plain.iter().zip(&inverted).enumerate() {
        // A game selected one way was replayed to its end, so the other way
        // rejects it; a game rejected one way is selected the other way, or
        // is unplayable there (replayed further, to a move that cannot be
        // played).
        let consistent = matches!(
            pair,
            (Verdict::Selected, Verdict::Rejected)
                | (Verdict::Rejected, Verdict::Selected)
                | (Verdict::Rejected | Verdict::Unplayable, Verdict::Unplayable)
                | (Verdict::Unplayable, Verdict::Rejected)
        );
        assert!(consistent, "game {}: {pair:?} (plain, inverted) under {criteria:?}", i + 1);
    }
}
