//! The `replay` target: replaying any input never panics, and what it
//! finds is consistent.
//!
//! - Every game of `pgn_syntax::read_games` is replayed by the tree
//!   replay (`pgn_replay::replay`) and walked by the `Walker`; every move it
//!   played is legal in the position before it (a null move: not in
//!   check), leads to the position
//!   after it, and its canonical SAN resolves to it again in that
//!   position, with no quirk and the right check mark.
//! - The streaming replay (`pgn_replay::Replayer`) and the tree replay play the
//!   same moves and find the same problems at the same places, the
//!   comparison of the conformance row "stream and tree replay agree"
//!   (`pgn_tests::san_cross::compare_stream_and_tree`).

use pgn_replay::pgn_syntax::read_games;
use pgn_replay::{Event, Walker};
use san::{Move, Quirks, San};

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    for read in read_games(data) {
        let (game, source) = match read {
            Ok(read) => read,
            Err(err) => panic!("an in-memory read failed: {err}"),
        };
        let (replayed, _problems) = pgn_replay::replay(&game, &source);
        let mut walker = Walker::new(&replayed);
        while let Some(event) = walker.next() {
            let Event::Move(played) = event else { continue };
            let (before, m) = (played.before, played.m);
            if m == Move::Null {
                assert!(!before.is_check(), "a null move was played in check");
            } else {
                assert!(before.is_legal(m), "a played move is not legal: {m:?}");
            }
            let mut after = before.clone();
            after.play_unchecked(m);
            assert!(&after == played.after, "the position after {m:?} is not the one walked to");
            let text = San::from_move(before, m).to_string();
            let parsed = San::from_ascii(text.as_bytes())
                .unwrap_or_else(|e| panic!("canonical SAN `{text}` does not parse: {e}"));
            let resolved = parsed
                .resolve(before)
                .unwrap_or_else(|e| panic!("canonical SAN `{text}` does not resolve: {e}"));
            assert_eq!(resolved.m, m, "canonical SAN `{text}` names another move");
            assert_eq!(resolved.quirks, Quirks::empty(), "canonical SAN `{text}` has quirks");
            let marks = parsed.san.check_quirks(&after);
            assert_eq!(marks, Quirks::empty(), "canonical SAN `{text}` has a wrong check mark");
        }
    }
    if let Err(difference) = crate::san_cross::compare_stream_and_tree(data) {
        panic!("stream and tree replay differ: {difference}");
    }
}
