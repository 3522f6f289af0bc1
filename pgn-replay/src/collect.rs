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

use std::fmt;
use std::io::{self, Read};
use std::ops::ControlFlow;

use chess_core::Position;
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{
    CommentKind, Diagnostic, Game, Location, MovetextBuilder, Node, Place, Reader, SanText,
    Severity, Tags,
};

use crate::diagnostic::ReplayDiagnostic;
use crate::replay::{ReplayVisitor, Replayer};
use crate::walk::{ReplayedGame, ReplayedMove};
use san::Played;

/// A diagnostic of a game: found by the reader, or by the replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameDiagnostic {
    /// A problem of the text, found by the reader.
    Read(Diagnostic),
    /// A problem of the moves, found by the replay.
    Replay(ReplayDiagnostic),
}

impl GameDiagnostic {
    /// The diagnostic as found by a reader that started at `start`, a
    /// line start, after `games` games: its places and game number moved
    /// to their place in the whole input (reading an input in pieces).
    pub fn relocate(&mut self, start: Location, games: u64) {
        match self {
            GameDiagnostic::Read(d) => d.relocate(start, games),
            GameDiagnostic::Replay(d) => d.relocate(start, games),
        }
    }

    /// How bad it is.
    pub fn severity(&self) -> Severity {
        match self {
            GameDiagnostic::Read(d) => d.severity(),
            GameDiagnostic::Replay(d) => d.severity(),
        }
    }

    /// A short name of its kind, the same for every diagnostic of the kind
    /// (for counting them by kind).
    pub fn label(&self) -> &'static str {
        match self {
            GameDiagnostic::Read(d) => d.kind.label(),
            GameDiagnostic::Replay(d) => d.problem.label(),
        }
    }
}

impl fmt::Display for GameDiagnostic {
    /// `LINE:COL: game N: severity: message`, as each kind writes itself.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameDiagnostic::Read(d) => d.fmt(f),
            GameDiagnostic::Replay(d) => d.fmt(f),
        }
    }
}

/// A replayed game and what its reading and replay reported.
#[derive(Clone, Debug)]
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

/// A [`ReplayVisitor`] that builds each game: give it to a [`Replayer`]
/// (or use [`replay_games`]).
#[derive(Debug, Default)]
pub struct ReplayCollector {
    /// Diagnostics of the game being read (and, between games, of the next
    /// one).
    diagnostics: Vec<GameDiagnostic>,
    games: u64,
}

impl ReplayCollector {
    /// A new collector.
    pub fn new() -> ReplayCollector {
        ReplayCollector::default()
    }

    /// The diagnostics that are in no game yet: after the last game, those
    /// the reader reported past its end.
    pub fn take_diagnostics(&mut self) -> Vec<GameDiagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}

/// The movetext of a game being collected: the per-game state of a
/// [`ReplayCollector`].
#[derive(Debug)]
pub struct PartialReplay {
    tags: Tags,
    start: Option<Position>,
    movetext: MovetextBuilder<ReplayedMove>,
    termination: Option<GameResult>,
}

impl ReplayVisitor for ReplayCollector {
    type Tags = Tags;
    type Movetext = PartialReplay;
    type Output = CollectedGame;

    fn begin_tags(&mut self) -> ControlFlow<CollectedGame, Tags> {
        self.games += 1;
        ControlFlow::Continue(Tags::new())
    }

    fn tag(
        &mut self,
        tags: &mut Tags,
        name: &[u8],
        value: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        tags.push(name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        tags: Tags,
        start: Option<&Position>,
    ) -> ControlFlow<CollectedGame, PartialReplay> {
        ControlFlow::Continue(PartialReplay {
            tags,
            start: start.cloned(),
            movetext: MovetextBuilder::new(),
            termination: None,
        })
    }

    fn played(
        &mut self,
        game: &mut PartialReplay,
        played: &Played<'_>,
        _: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        game.movetext.push_move(ReplayedMove::Played { m: played.m, suffix: played.suffix });
        ControlFlow::Continue(())
    }

    fn unresolved(
        &mut self,
        game: &mut PartialReplay,
        san: &[u8],
        suffix: Option<Suffix>,
        _ply: u32,
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        let text = SanText { text: san.into(), suffix };
        game.movetext.push(Node::Move(ReplayedMove::Unresolved(text)));
        ControlFlow::Continue(())
    }

    fn nag(
        &mut self,
        game: &mut PartialReplay,
        nag: Nag,
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        game.movetext.push(Node::Nag(nag));
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut PartialReplay,
        text: &[u8],
        kind: CommentKind,
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        game.movetext.push(Node::Comment { text: text.to_vec(), kind });
        ControlFlow::Continue(())
    }

    fn escape(
        &mut self,
        game: &mut PartialReplay,
        line: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        game.movetext.push(Node::Escape(line.to_vec()));
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        game: &mut PartialReplay,
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame, pgn_syntax::Branch> {
        game.movetext.open();
        ControlFlow::Continue(pgn_syntax::Branch::Enter)
    }

    fn end_variation(
        &mut self,
        game: &mut PartialReplay,
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        game.movetext.close();
        ControlFlow::Continue(())
    }

    fn termination(
        &mut self,
        game: &mut PartialReplay,
        result: GameResult,
        _: &mut Place<'_>,
    ) -> ControlFlow<CollectedGame> {
        game.termination = Some(result);
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.diagnostics.push(GameDiagnostic::Read(diagnostic.clone()));
    }

    fn replay_diagnostic(&mut self, diagnostic: &ReplayDiagnostic) {
        self.diagnostics.push(GameDiagnostic::Replay(diagnostic.clone()));
    }

    fn end_game(&mut self, game: PartialReplay) -> CollectedGame {
        let PartialReplay { tags, start, movetext, termination } = game;
        CollectedGame {
            number: self.games,
            game: Game { tags, start, movetext: movetext.finish(), termination },
            diagnostics: std::mem::take(&mut self.diagnostics),
        }
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
    let mut ahead: Option<io::Result<CollectedGame>> = None;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        if ahead.is_none() {
            ahead = reader.read_game(&mut replayer).transpose();
        }
        let mut current = ahead.take()?;
        let next = reader.read_game(&mut replayer).transpose();
        if next.is_none() {
            done = true;
            if let Ok(game) = &mut current {
                game.diagnostics.append(&mut replayer.inner_mut().take_diagnostics());
            }
        }
        ahead = next;
        Some(current)
    })
}
