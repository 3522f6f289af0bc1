//! The `events` target: the one event vocabulary (`pgn_replay::Event`)
//! says the same of a game however it is reached. For any PGN, the events
//! a `ReplayVisitor` gets while the `Replayer` streams the input are the
//! events a `Walker` yields over the tree `replay_games` builds of the same
//! game: the same moves with the same positions, plies and depths, the
//! same unplayable moves, NAGs, comments, escapes and variations, in the
//! same order, and the same number of games.
//!
//! A played move's `origin` and `mate` are hints that the maker of an
//! event gives when it knows them (the stream knows more than the tree):
//! they are left out of the comparison, and checked instead: a move's SAN
//! made with its hints is the SAN made without them, and a `mate` hint
//! says whether the position after the move is mate.

use std::ops::ControlFlow;

use pgn_replay::pgn_syntax::Reader;
use pgn_replay::{Event, GameInfo, ReplayVisitor, Replayer, Walker};

use san::{Played, San};

use super::show;

/// Games compared per input at most, so that a large input stays quick.
const MOST_GAMES: usize = 64;

/// A visitor that writes every event down as text.
#[derive(Debug, Default)]
struct Recorder {
    events: Vec<String>,
}

impl ReplayVisitor for Recorder {
    type Output = Vec<String>;

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<Vec<String>> {
        self.events.push(shown(event));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: &GameInfo) -> Vec<String> {
        std::mem::take(&mut self.events)
    }
}

/// An event as text, a move's hints checked and left out.
fn shown(event: &Event<'_>) -> String {
    let Event::Move(played) = event else { return format!("{event:?}") };
    let without = Played { origin: None, mate: None, ..*played };
    assert_eq!(
        San::from_played(played),
        San::from_move(played.before, played.m),
        "a SAN made with the origin hint {:?} differs",
        played.origin
    );
    if let Some(mate) = played.mate {
        assert_eq!(mate, played.after.is_checkmate(), "a wrong mate hint: {played:?}");
    }
    format!("{:?}", Event::Move(without))
}

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let mut streamed = Vec::new();
    let mut reader = Reader::new(data);
    let mut replayer = Replayer::new(Recorder::default());
    while streamed.len() < MOST_GAMES {
        match reader.read_game(&mut replayer) {
            Ok(Some(game)) => {
                streamed.push(game.output);
                replayer.recycle(game.info);
            }
            Ok(None) => break,
            Err(err) => panic!("an in-memory read failed: {err}"),
        }
    }
    let trees = pgn_replay::replay_games(data).take(streamed.len());
    let mut count = 0;
    for (number, (tree, stream)) in trees.zip(&streamed).enumerate() {
        let tree = tree.unwrap_or_else(|err| panic!("an in-memory read failed: {err}"));
        let mut walker = Walker::new(&tree.game);
        let mut walked = Vec::new();
        while let Some(event) = walker.next() {
            walked.push(shown(&event));
        }
        if &walked != stream {
            let at = walked.iter().zip(stream).position(|(a, b)| a != b);
            panic!(
                "game {}: the streamed events differ from the tree's at {at:?}:\n  tree: {:?}\n  \
                 stream: {:?}\ninput: {}",
                number + 1,
                at.and_then(|i| walked.get(i)).or(walked.last()),
                at.and_then(|i| stream.get(i)).or(stream.last()),
                show(data)
            );
        }
        count += 1;
    }
    assert_eq!(count, streamed.len(), "the tree builder read fewer games: {}", show(data));
}
