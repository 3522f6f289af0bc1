//! Owned games from the streaming reader: [`GameCollector`], the visitor
//! that builds a [`Game`] and its [`SourceMap`], and [`read_games`], which
//! reads every game of a stream with it.

use std::io::{self, Read};
use std::ops::ControlFlow;

use crate::diagnostic::Diagnostic;
use crate::game::{Game, SanText, Tags};
use crate::movetext::{MovetextBuilder, Node};
use crate::nag::{Nag, Suffix};
use crate::place::Place;
use crate::reader::Reader;
use crate::source_map::SourceMap;
use crate::tags::GameResult;
use crate::visitor::{Branch, CommentKind, Visitor};

/// A visitor that builds each game and its source map.
#[derive(Debug, Default)]
pub struct GameCollector {
    /// Diagnostics not yet in a game: those of the game being read, and
    /// between games those of the next one.
    diagnostics: Vec<Diagnostic>,
    games: u64,
}

/// A game being collected: the per-game state of [`GameCollector`].
#[derive(Debug, Default)]
pub struct PartialGame {
    tags: Tags,
    movetext: MovetextBuilder<SanText>,
    termination: Option<GameResult>,
    source: SourceMap,
}

impl PartialGame {
    fn node(&mut self, node: Node<SanText>, at: &mut Place<'_>) -> ControlFlow<(Game, SourceMap)> {
        self.source.nodes.push(at.locate());
        self.movetext.push(node);
        ControlFlow::Continue(())
    }
}

impl GameCollector {
    /// A new collector.
    pub fn new() -> GameCollector {
        GameCollector::default()
    }

    /// The diagnostics that are in no game yet: after the last game, those
    /// the reader reported past its end (text after the last game).
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}

impl Visitor for GameCollector {
    type Tags = PartialGame;
    type Movetext = PartialGame;
    type Output = (Game, SourceMap);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, PartialGame> {
        self.games += 1;
        let mut game = PartialGame::default();
        game.source.game = self.games;
        game.source.diagnostics.append(&mut self.diagnostics);
        ControlFlow::Continue(game)
    }

    fn tag(
        &mut self,
        game: &mut PartialGame,
        name: &[u8],
        value: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        game.tags.push(name, value);
        game.source.tags.push(at.locate());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: PartialGame) -> ControlFlow<Self::Output, PartialGame> {
        ControlFlow::Continue(game)
    }

    fn san(
        &mut self,
        game: &mut PartialGame,
        san: &[u8],
        suffix: Option<Suffix>,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        if let Some(number) = at.move_number_before()
            && let Ok(index) = u32::try_from(game.source.nodes.len())
        {
            game.source.numbers.push((index, number));
        }
        game.node(Node::Move(SanText { text: san.into(), suffix }), at)
    }

    fn nag(
        &mut self,
        game: &mut PartialGame,
        nag: Nag,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        game.node(Node::Nag(nag), at)
    }

    fn comment(
        &mut self,
        game: &mut PartialGame,
        text: &[u8],
        kind: CommentKind,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        game.node(Node::Comment { text: text.to_vec(), kind }, at)
    }

    fn escape(
        &mut self,
        game: &mut PartialGame,
        line: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        game.node(Node::Escape(line.to_vec()), at)
    }

    fn begin_variation(
        &mut self,
        game: &mut PartialGame,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output, Branch> {
        game.source.nodes.push(at.locate());
        game.movetext.open();
        ControlFlow::Continue(Branch::Enter)
    }

    fn end_variation(
        &mut self,
        game: &mut PartialGame,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        if game.movetext.depth() > 0 {
            game.source.nodes.push(at.locate());
        }
        game.movetext.close();
        ControlFlow::Continue(())
    }

    fn termination(
        &mut self,
        game: &mut PartialGame,
        result: GameResult,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        game.termination = Some(result);
        game.source.termination = Some(at.locate());
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.diagnostics.push(diagnostic.clone());
    }

    fn end_game(&mut self, game: PartialGame) -> (Game, SourceMap) {
        let PartialGame { tags, movetext, termination, mut source } = game;
        let movetext = movetext.finish();
        source.diagnostics.append(&mut self.diagnostics);
        // Variations left open are closed where the game ends.
        let end = source.termination.unwrap_or_default();
        source.nodes.resize(movetext.len(), end);
        (Game { tags, start: (), movetext, termination }, source)
    }
}

/// Reads every game of a stream, each with its source map.
///
/// ```
/// let pgn = b"[White \"Fischer\"]\n\n1. e4 {best by test} e5 (1... c5 $1) *";
/// let games = pgn_syntax::read_games(&pgn[..]).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(games.len(), 1);
/// let (game, source) = &games[0];
/// assert_eq!(game.tag("White"), Some(&b"Fischer"[..]));
/// let moves: Vec<_> = game.movetext.mainline().map(|m| &*m.text).collect();
/// assert_eq!(moves, [&b"e4"[..], b"e5"]);
/// assert_eq!(source.node(0).map(|at| (at.line, at.column)), Some((3, 4)));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn read_games<R: Read>(input: R) -> impl Iterator<Item = io::Result<(Game, SourceMap)>> {
    let mut reader = Reader::new(input);
    let mut collector = GameCollector::new();
    // One game of lookahead, so that diagnostics after the last game (which
    // the collector keeps for a next game that never comes) join the last
    // one.
    let mut ahead = None;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        if ahead.is_none() {
            ahead = reader.read_game(&mut collector).transpose();
        }
        let current = ahead.take()?;
        let next = reader.read_game(&mut collector).transpose();
        if next.is_none() {
            done = true;
            if let Ok((game, mut source)) = current {
                source.diagnostics.append(&mut collector.take_diagnostics());
                return Some(Ok((game, source)));
            }
        }
        ahead = next;
        Some(current)
    })
}
