//! Replayed games from the streaming reader: [`ReplayCollector`], the
//! [`ReplayVisitor`] that builds each [`ReplayedGame`] as a [`Replayer`]
//! replays it, with the diagnostics of its reading and of its replay in
//! the order they came ([`CollectedGame`]), and [`replay_games`], which
//! does so for every game of a stream.
//!
//! This is the tree replay's result without the tree of text in between:
//! moves go straight from the reader, through the replay, into the
//! replayed movetext. Writers (export, PGC) then walk it with the
//! [`Walker`](crate::Walker).

use std::io::{self, Read};
use std::ops::ControlFlow;

use chess_core::Position;
use pgn_syntax::{Game, MovetextBuilder, Node, Reader, SanText, Severity};

use crate::game::{GameDiagnostic, GameInfo, Replayed};
use crate::replay::{ReplayVisitor, Replayer};
use crate::walk::{Event, ReplayedGame, ReplayedMove};

/// A replayed game and what its reading and replay reported.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CollectedGame {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// The game, its moves resolved (or kept as text where they could not
    /// be played).
    pub game: ReplayedGame,
    /// The diagnostics of the game, in the order they were found; the
    /// reader's diagnostics between two games belong to the later one.
    pub diagnostics: Vec<GameDiagnostic>,
}

impl CollectedGame {
    /// True if any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.severity() == Severity::Error)
    }
}

/// A [`ReplayVisitor`] that builds each game's replayed movetext: give it
/// to a [`Replayer`] (or use [`replay_games`]).
#[derive(Debug, Default)]
pub struct ReplayCollector {
    start: Option<Position>,
    movetext: MovetextBuilder<ReplayedMove>,
}

impl ReplayCollector {
    /// A new collector.
    pub fn new() -> ReplayCollector {
        ReplayCollector::default()
    }
}

impl ReplayVisitor for ReplayCollector {
    type Output = ReplayedGame;

    fn begin_movetext(
        &mut self,
        _: &GameInfo,
        start: Option<&Position>,
    ) -> ControlFlow<ReplayedGame> {
        self.start = start.cloned();
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<ReplayedGame> {
        let node = match *event {
            Event::Move(played) => {
                self.movetext
                    .push_move(ReplayedMove::Played { m: played.m, suffix: played.suffix });
                return ControlFlow::Continue(());
            }
            Event::Unresolved { san, suffix, number, .. } => {
                Node::Move(ReplayedMove::Unresolved(SanText { text: san.into(), suffix }, number))
            }
            Event::Nag(nag) => Node::Nag(nag),
            Event::Comment { text, kind } => Node::Comment { text: text.to_vec(), kind },
            Event::Escape(line) => Node::Escape(line.to_vec()),
            Event::BeginVariation { .. } => {
                self.movetext.open();
                return ControlFlow::Continue(());
            }
            Event::EndVariation => {
                self.movetext.close();
                return ControlFlow::Continue(());
            }
        };
        self.movetext.push(node);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: &GameInfo) -> ReplayedGame {
        Game {
            tags: game.tags.clone(),
            start: self.start.take(),
            movetext: std::mem::take(&mut self.movetext).finish(),
            termination: game.termination,
        }
    }
}

impl From<Replayed<ReplayedGame>> for CollectedGame {
    fn from(replayed: Replayed<ReplayedGame>) -> CollectedGame {
        let Replayed { info, output: game } = replayed;
        let GameInfo { number, problems, .. } = *info;
        CollectedGame { number, game, diagnostics: problems }
    }
}

/// Reads and replays every game of a stream. The diagnostics the reader
/// reports after the last game join that game's.
///
/// ```
/// let pgn = b"[White \"Fischer\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 *";
/// let games = pgn_replay::replay_games(&pgn[..]).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert!(games[0].has_errors()); // 2. Ke3 is illegal
/// let illegal = games[0].diagnostics.iter().find(|d| d.severity() == pgn_replay::pgn_syntax::Severity::Error);
/// assert_eq!(illegal.map(|d| d.to_string()).as_deref(), Some("3:13: game 1: error: illegal move: `Ke3` (ply 3)"));
/// assert_eq!(games[1].game.movetext.mainline().count(), 1);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn replay_games<R: Read>(input: R) -> impl Iterator<Item = io::Result<CollectedGame>> {
    let mut reader = Reader::new(input);
    let mut replayer = Replayer::new(ReplayCollector::new());
    let mut ahead: Option<io::Result<Replayed<ReplayedGame>>> = None;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        if ahead.is_none() {
            ahead = reader.read_game(&mut replayer).transpose();
        }
        let mut current = ahead.take()?.map(CollectedGame::from);
        let next = reader.read_game(&mut replayer).transpose();
        if next.is_none() {
            done = true;
            if let Ok(game) = &mut current {
                game.diagnostics.append(&mut replayer.take_problems());
            }
        }
        ahead = next;
        Some(current)
    })
}
