//! The owned game tree: tags in input order and the movetext as a tree of
//! elements, built by a visitor ([`GameBuilder`]) from the streaming reader.
//!
//! The movetext is stored flat, as its elements in input order with each
//! variation's start holding the index of its end ([`Movetext`]). Walking,
//! cloning and dropping a game therefore never recurse, however deeply its
//! variations nest, while [`Line`] gives the tree view: the elements of one
//! line of play, with nested variations as items of their own.
//!
//! The tree is generic over the move type: `Movetext<SanText>` as read,
//! and (in the `san` crate) the same shape with resolved moves.

use std::io::{self, Read};

use crate::diagnostic::Diagnostic;
use crate::nag::{Nag, Suffix};
use crate::place::{Location, Place};
use crate::reader::Reader;
use crate::tags::GameResult;
use crate::visitor::{CONTINUE, CommentKind, Flow, Visitor};

/// A tag pair as read: name and decoded value, bytes as in the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The tag name.
    pub name: Vec<u8>,
    /// The value with its escapes decoded.
    pub value: Vec<u8>,
}

/// A move as written in the movetext: SAN text (not checked here), its
/// suffix annotation and where it is in the input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanText {
    /// The move's text, such as `Nf3` or `exd6e.p.`.
    pub text: Box<[u8]>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`, if given.
    pub suffix: Option<Suffix>,
    /// Where the move starts in the input (for the diagnostics of later
    /// stages, such as an illegal move).
    pub at: Location,
}

/// One element of a movetext.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node<M> {
    /// A move.
    Move(M),
    /// A numeric annotation glyph.
    Nag(Nag),
    /// A comment.
    Comment {
        /// The text without delimiters.
        text: Vec<u8>,
        /// Brace or rest-of-line.
        kind: CommentKind,
    },
    /// A `%` escape line.
    Escape(Vec<u8>),
    /// `(`: a variation starts; its matching [`Node::VariationEnd`] is at
    /// index `end` of the movetext.
    VariationStart {
        /// The index of the matching end.
        end: usize,
    },
    /// `)`: the innermost open variation ends.
    VariationEnd,
}

/// A movetext: its elements in input order, variations delimited by
/// [`Node::VariationStart`] and [`Node::VariationEnd`] (always balanced).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Movetext<M> {
    nodes: Vec<Node<M>>,
}

impl<M> Default for Movetext<M> {
    fn default() -> Self {
        Movetext { nodes: Vec::new() }
    }
}

impl<M> Movetext<M> {
    /// All elements in input order.
    pub fn nodes(&self) -> &[Node<M>] {
        &self.nodes
    }

    /// True if there is nothing in the movetext.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The main line as a tree view.
    pub fn root(&self) -> Line<'_, M> {
        Line { nodes: &self.nodes, offset: 0 }
    }

    /// The moves of the main line, in order.
    pub fn mainline(&self) -> impl Iterator<Item = &M> {
        self.root().items().filter_map(|item| match item {
            Item::Move(m) => Some(m),
            _ => None,
        })
    }

    /// The same tree with every move converted (for example, SAN text to a
    /// resolved move). The first error stops the conversion.
    ///
    /// # Errors
    ///
    /// The first error of `f`.
    pub fn try_map<N, E>(&self, mut f: impl FnMut(&M) -> Result<N, E>) -> Result<Movetext<N>, E> {
        let mut nodes = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            nodes.push(match node {
                Node::Move(m) => Node::Move(f(m)?),
                Node::Nag(n) => Node::Nag(*n),
                Node::Comment { text, kind } => Node::Comment { text: text.clone(), kind: *kind },
                Node::Escape(e) => Node::Escape(e.clone()),
                Node::VariationStart { end } => Node::VariationStart { end: *end },
                Node::VariationEnd => Node::VariationEnd,
            });
        }
        Ok(Movetext { nodes })
    }

    /// Builds a movetext from its elements.
    ///
    /// Variation ends are recomputed from the nesting; a `VariationEnd`
    /// without a start is dropped and starts without an end are closed at
    /// the end, so the result is always balanced.
    pub fn from_nodes(nodes: impl IntoIterator<Item = Node<M>>) -> Movetext<M> {
        let mut builder = MovetextBuilder::default();
        for node in nodes {
            match node {
                Node::VariationStart { .. } => builder.open(),
                Node::VariationEnd => builder.close(),
                other => builder.push(other),
            }
        }
        builder.finish()
    }
}

/// One line of play: the elements between a variation's parentheses (or
/// the whole movetext for the main line).
#[derive(Debug)]
pub struct Line<'a, M> {
    nodes: &'a [Node<M>],
    /// Index of `nodes[0]` in the movetext (to read the `end` indices).
    offset: usize,
}

impl<M> Clone for Line<'_, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<M> Copy for Line<'_, M> {}

/// An element of a [`Line`].
#[derive(Debug)]
pub enum Item<'a, M> {
    /// A move of this line.
    Move(&'a M),
    /// A NAG.
    Nag(Nag),
    /// A comment.
    Comment(&'a [u8], CommentKind),
    /// An escape line.
    Escape(&'a [u8]),
    /// A variation branching from this line.
    Variation(Line<'a, M>),
}

impl<'a, M> Line<'a, M> {
    /// The elements of this line, nested variations as single items.
    pub fn items(self) -> impl Iterator<Item = Item<'a, M>> {
        let mut i = 0;
        std::iter::from_fn(move || {
            loop {
                let node = self.nodes.get(i)?;
                i += 1;
                return Some(match node {
                    Node::Move(m) => Item::Move(m),
                    Node::Nag(n) => Item::Nag(*n),
                    Node::Comment { text, kind } => Item::Comment(text, *kind),
                    Node::Escape(e) => Item::Escape(e),
                    Node::VariationStart { end } => {
                        let start = i;
                        let stop = end.saturating_sub(self.offset).clamp(start, self.nodes.len());
                        i = stop + 1;
                        Item::Variation(Line {
                            nodes: &self.nodes[start..stop],
                            offset: self.offset + start,
                        })
                    }
                    Node::VariationEnd => continue,
                });
            }
        })
    }
}

/// Builds a balanced movetext node by node.
#[derive(Debug)]
struct MovetextBuilder<M> {
    nodes: Vec<Node<M>>,
    /// Indices of the open `VariationStart`s.
    open: Vec<usize>,
}

impl<M> Default for MovetextBuilder<M> {
    fn default() -> Self {
        MovetextBuilder { nodes: Vec::new(), open: Vec::new() }
    }
}

impl<M> MovetextBuilder<M> {
    fn push(&mut self, node: Node<M>) {
        self.nodes.push(node);
    }

    fn open(&mut self) {
        self.open.push(self.nodes.len());
        self.nodes.push(Node::VariationStart { end: usize::MAX });
    }

    fn close(&mut self) {
        if let Some(start) = self.open.pop() {
            let end = self.nodes.len();
            if let Some(Node::VariationStart { end: slot }) = self.nodes.get_mut(start) {
                *slot = end;
            }
            self.nodes.push(Node::VariationEnd);
        }
    }

    fn finish(mut self) -> Movetext<M> {
        while !self.open.is_empty() {
            self.close();
        }
        Movetext { nodes: self.nodes }
    }
}

/// A game as read: tags, movetext and termination marker, and the problems
/// found in it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Game {
    /// Tag pairs in input order, duplicates kept.
    pub tags: Vec<Tag>,
    /// The movetext.
    pub movetext: Movetext<SanText>,
    /// The termination marker, if the game had one.
    pub termination: Option<GameResult>,
    /// Diagnostics of this game, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Game {
    /// The value of the last tag named `name` (ruling E2: the last wins).
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags.iter().rev().find(|t| t.name == name.as_bytes()).map(|t| t.value.as_slice())
    }
}

/// A visitor that builds a [`Game`] per game.
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    movetext: MovetextBuilder<SanText>,
    /// Diagnostics between games, kept for the next game.
    pending: Vec<Diagnostic>,
}

impl GameBuilder {
    /// A new builder.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self) -> Flow {
        self.game.diagnostics.append(&mut self.pending);
        CONTINUE
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) -> Flow {
        self.game.tags.push(Tag { name: name.to_vec(), value: value.to_vec() });
        CONTINUE
    }

    fn san(&mut self, san: &[u8], suffix: Option<Suffix>, at: &mut Place<'_>) -> Flow {
        let at = at.locate();
        self.movetext.push(Node::Move(SanText { text: san.into(), suffix, at }));
        CONTINUE
    }

    fn nag(&mut self, nag: Nag) -> Flow {
        self.movetext.push(Node::Nag(nag));
        CONTINUE
    }

    fn comment(&mut self, text: &[u8], kind: CommentKind) -> Flow {
        self.movetext.push(Node::Comment { text: text.to_vec(), kind });
        CONTINUE
    }

    fn escape(&mut self, line: &[u8]) -> Flow {
        self.movetext.push(Node::Escape(line.to_vec()));
        CONTINUE
    }

    fn begin_variation(&mut self) -> Flow {
        self.movetext.open();
        CONTINUE
    }

    fn end_variation(&mut self) -> Flow {
        self.movetext.close();
        CONTINUE
    }

    fn termination(&mut self, result: GameResult, _: &mut Place<'_>) -> Flow {
        self.game.termination = Some(result);
        CONTINUE
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) -> Flow {
        self.game.diagnostics.push(diagnostic.clone());
        CONTINUE
    }

    fn end_game(&mut self) -> Game {
        let movetext = std::mem::take(&mut self.movetext).finish();
        let mut game = std::mem::take(&mut self.game);
        game.movetext = movetext;
        game
    }
}

/// Reads every game of a stream into trees.
///
/// ```
/// let pgn = b"[White \"Fischer\"]\n\n1. e4 {best by test} e5 (1... c5 $1) *";
/// let games = pgn_syntax::read_games(&pgn[..]).collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(games.len(), 1);
/// assert_eq!(games[0].tag("White"), Some(&b"Fischer"[..]));
/// let moves: Vec<_> = games[0].movetext.mainline().map(|m| &*m.text).collect();
/// assert_eq!(moves, [&b"e4"[..], b"e5"]);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn read_games<R: Read>(input: R) -> impl Iterator<Item = io::Result<Game>> {
    let mut reader = Reader::new(input);
    let mut builder = GameBuilder::new();
    // One game of lookahead, so that diagnostics after the last game (which
    // the builder keeps for a next game that never comes) join the last one.
    let mut ahead = None;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        if ahead.is_none() {
            ahead = reader.read_game(&mut builder).transpose();
        }
        let current = ahead.take()?;
        let next = reader.read_game(&mut builder).transpose();
        if next.is_none() {
            done = true;
            if let Ok(mut game) = current {
                game.diagnostics.append(&mut builder.pending);
                return Some(Ok(game));
            }
        }
        ahead = next;
        Some(current)
    })
}
