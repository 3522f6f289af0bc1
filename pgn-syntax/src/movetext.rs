//! The movetext of a game, stored flat: its elements in input order, each
//! variation's start holding the index of its end ([`Movetext`]).
//!
//! Walking, cloning and dropping a movetext therefore never recurse,
//! however deeply its variations nest, while [`Line`] gives the tree view:
//! the elements of one line of play, with nested variations as items of
//! their own. A [`MovetextBuilder`] makes a balanced movetext element by
//! element. Everything is generic over the move type.

use crate::nag::Nag;
use crate::visitor::CommentKind;

/// One element of a movetext.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Node<M> {
    /// A move.
    Move(M),
    /// A numeric annotation glyph.
    Nag(Nag),
    /// A comment.
    Comment {
        /// The text without delimiters.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        text: Vec<u8>,
        /// Brace or rest-of-line.
        kind: CommentKind,
    },
    /// A `%` escape line.
    Escape(#[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))] Vec<u8>),
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
///
/// With the `serde` feature, the list of its elements; reading one back
/// makes it with [`Movetext::from_nodes`], so that it is balanced whatever
/// the list says.
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

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The same tree with every move converted.
    pub fn map<N>(&self, mut f: impl FnMut(&M) -> N) -> Movetext<N> {
        let converted: Result<Movetext<N>, std::convert::Infallible> = self.try_map(|m| Ok(f(m)));
        match converted {
            Ok(movetext) => movetext,
        }
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
            builder.push(node);
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

/// Builds a balanced movetext element by element: variations are opened
/// and closed, and [`MovetextBuilder::finish`] closes the ones left open.
///
/// ```
/// use pgn_syntax::{MovetextBuilder, Node};
///
/// let mut b = MovetextBuilder::new();
/// b.push(Node::Move("e4"));
/// b.open();
/// b.push_move("d4");
/// let movetext = b.finish();
/// assert_eq!(movetext.nodes().len(), 4);
/// assert_eq!(movetext.nodes()[1], Node::VariationStart { end: 3 });
/// assert_eq!(movetext.nodes()[2], Node::Move("d4"));
/// ```
#[derive(Clone, Debug)]
pub struct MovetextBuilder<M> {
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
    /// An empty movetext.
    pub fn new() -> MovetextBuilder<M> {
        MovetextBuilder::default()
    }

    /// An empty movetext that keeps the storage of `used`, whose elements
    /// are dropped: for a reader that makes one game after another and is
    /// given each back when its caller is done with it (no allocation for
    /// the elements once the storage is large enough).
    pub fn reusing(used: Movetext<M>) -> MovetextBuilder<M> {
        let mut nodes = used.nodes;
        nodes.clear();
        MovetextBuilder { nodes, open: Vec::new() }
    }

    /// Adds a move, NAG, comment or escape line. A variation start or end
    /// given here opens or closes a variation as [`MovetextBuilder::open`]
    /// and [`MovetextBuilder::close`] do.
    pub fn push(&mut self, node: Node<M>) {
        match node {
            Node::VariationStart { .. } => self.open(),
            Node::VariationEnd => self.close(),
            node => self.nodes.push(node),
        }
    }

    /// The text of the last element added when it is a brace comment, to
    /// add to it (a comment command after a move, say).
    pub fn last_comment_mut(&mut self) -> Option<&mut Vec<u8>> {
        match self.nodes.last_mut()? {
            Node::Comment { text, kind: CommentKind::Brace } => Some(text),
            _ => None,
        }
    }

    /// Adds a move: [`MovetextBuilder::push`] for the most common element,
    /// with no test of what it is, for a caller that adds a move at every
    /// ply (replaying or decoding a game).
    #[inline]
    pub fn push_move(&mut self, m: M) {
        self.nodes.push(Node::Move(m));
    }

    /// Makes room for at least `additional` more elements, for a caller
    /// that knows how many are coming (a run of moves): one allocation
    /// rather than one at each doubling.
    pub fn reserve(&mut self, additional: usize) {
        self.nodes.reserve(additional);
    }

    /// The number of elements so far (the index of the next one).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True if nothing was added yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The last element, if it is a move (to amend it: a suffix given
    /// after the move).
    pub fn last_move_mut(&mut self) -> Option<&mut M> {
        match self.nodes.last_mut() {
            Some(Node::Move(m)) => Some(m),
            _ => None,
        }
    }

    /// How many variations are open.
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    /// Opens a variation (`(`).
    pub fn open(&mut self) {
        self.open.push(self.nodes.len());
        self.nodes.push(Node::VariationStart { end: usize::MAX });
    }

    /// Closes the innermost open variation (`)`); does nothing when none
    /// is open.
    pub fn close(&mut self) {
        if let Some(start) = self.open.pop() {
            let end = self.nodes.len();
            if let Some(Node::VariationStart { end: slot }) = self.nodes.get_mut(start) {
                *slot = end;
            }
            self.nodes.push(Node::VariationEnd);
        }
    }

    /// The movetext, with the variations still open closed at its end.
    pub fn finish(mut self) -> Movetext<M> {
        while !self.open.is_empty() {
            self.close();
        }
        Movetext { nodes: self.nodes }
    }
}
