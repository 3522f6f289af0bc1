//! Owned games from the streaming reader: [`GameCollector`], the visitor
//! that builds a [`Game`] and its [`SourceMap`], and [`read_games`], which
//! reads every game of a stream with it.

use std::io::{self, Read};

use crate::diagnostic::Diagnostic;
use crate::game::{Game, SanText, Tags};
use crate::movetext::{MovetextBuilder, Node};
use crate::nag::{Nag, Suffix};
use crate::place::Place;
use crate::reader::Reader;
use crate::source_map::SourceMap;
use crate::tags::GameResult;
use crate::visitor::{CONTINUE, CommentKind, Flow, Visitor};

/// A visitor that builds each game and its source map.
#[derive(Debug, Default)]
pub struct GameCollector {
    tags: Tags,
    movetext: MovetextBuilder<SanText>,
    termination: Option<GameResult>,
    /// The source map being filled; diagnostics between games go to the
    /// next game's.
    source: SourceMap,
    games: u64,
}

impl GameCollector {
    /// A new collector.
    pub fn new() -> GameCollector {
        GameCollector::default()
    }
}

impl Visitor for GameCollector {
    type Output = (Game, SourceMap);

    fn begin_game(&mut self) -> Flow {
        self.games += 1;
        self.source.game = self.games;
        CONTINUE
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) -> Flow {
        self.tags.push(name, value);
        CONTINUE
    }

    fn san(&mut self, san: &[u8], suffix: Option<Suffix>, at: &mut Place<'_>) -> Flow {
        self.source.nodes.push(at.locate());
        self.movetext.push(Node::Move(SanText { text: san.into(), suffix }));
        CONTINUE
    }

    fn nag(&mut self, nag: Nag) -> Flow {
        self.source.nodes.push(Default::default());
        self.movetext.push(Node::Nag(nag));
        CONTINUE
    }

    fn comment(&mut self, text: &[u8], kind: CommentKind) -> Flow {
        self.source.nodes.push(Default::default());
        self.movetext.push(Node::Comment { text: text.to_vec(), kind });
        CONTINUE
    }

    fn escape(&mut self, line: &[u8]) -> Flow {
        self.source.nodes.push(Default::default());
        self.movetext.push(Node::Escape(line.to_vec()));
        CONTINUE
    }

    fn begin_variation(&mut self) -> Flow {
        self.source.nodes.push(Default::default());
        self.movetext.open();
        CONTINUE
    }

    fn end_variation(&mut self) -> Flow {
        if self.movetext.depth() > 0 {
            self.source.nodes.push(Default::default());
        }
        self.movetext.close();
        CONTINUE
    }

    fn termination(&mut self, result: GameResult, at: &mut Place<'_>) -> Flow {
        self.termination = Some(result);
        self.source.termination = Some(at.locate());
        CONTINUE
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) -> Flow {
        self.source.diagnostics.push(*diagnostic);
        CONTINUE
    }

    fn end_game(&mut self) -> (Game, SourceMap) {
        let movetext = std::mem::take(&mut self.movetext).finish();
        let mut source = std::mem::take(&mut self.source);
        let end = source.termination.unwrap_or_default();
        source.nodes.resize(movetext.len(), end);
        let game = Game {
            tags: std::mem::take(&mut self.tags),
            start: (),
            movetext,
            termination: self.termination.take(),
        };
        (game, source)
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
                source.diagnostics.append(&mut collector.source.diagnostics);
                return Some(Ok((game, source)));
            }
        }
        ahead = next;
        Some(current)
    })
}
