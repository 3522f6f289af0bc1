//! The replayed game ([`ReplayedGame`]: the game model of `pgn-syntax`
//! with legal moves and a start position) and the one walker over it
//! ([`Walker`]), a cursor without recursion that yields each element with
//! what a writer needs: a move with the position before and after it, its
//! ply and its depth.

use chess_core::{Move, Position};
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::{CommentKind, Game, MoveNumber, Node, SanText};
use san::Played;

use crate::lines::{Lines, Next};

/// A move of a replayed game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ReplayedMove {
    /// A legal move, with its suffix annotation.
    Played {
        /// The move.
        m: Move,
        /// `!`, `?`, `!!`, `??`, `!?` or `?!`, if given.
        suffix: Option<Suffix>,
    },
    /// A move that could not be played (see
    /// [`ReplayProblem`](crate::ReplayProblem)), and every move after it in
    /// its line: kept as written, with the move number indication written
    /// before it, if any.
    Unresolved(SanText, Option<MoveNumber>),
}

/// A replayed game: the same [`Game`] type as read, with each move legal
/// or kept as text, and the start position (`None` when the game could
/// not be set up: then every move is text).
pub type ReplayedGame = Game<ReplayedMove, Option<Position>>;

/// One element of a replayed movetext, as the [`Walker`] yields it.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Event<'a> {
    /// A legal move.
    Move(Played<'a>),
    /// A move kept as text: its text, suffix, ply and depth.
    Unresolved {
        /// The move as written, without its suffix.
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        san: &'a [u8],
        /// `!`, `?`, `!!`, `??`, `!?` or `?!`, if given.
        suffix: Option<Suffix>,
        /// Its ply, counted as if the moves before it were played.
        ply: u32,
        /// Its depth.
        depth: u32,
        /// The move number indication written just before it, if any
        /// (none for a game built by a program), for a writer of the moves
        /// as read.
        number: Option<MoveNumber>,
    },
    /// A numeric annotation glyph.
    Nag(Nag),
    /// A comment.
    Comment {
        /// The text without delimiters.
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        text: &'a [u8],
        /// Brace or rest-of-line.
        kind: CommentKind,
    },
    /// A `%` escape line.
    Escape(
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        &'a [u8],
    ),
    /// A variation starts; it replaces the last move before it, and its
    /// moves have the given depth.
    BeginVariation {
        /// The depth of the variation's moves.
        depth: u32,
    },
    /// The innermost variation ends.
    EndVariation,
}

/// Walks a replayed game element by element, keeping the position of each
/// open line, without recursion: the same cursor the replays use, so the
/// plies, depths and positions it yields are the ones replay computed.
///
/// It is a lending cursor (positions borrow it), not an `Iterator`:
///
/// ```
/// use pgn_replay::{Event, Walker};
///
/// let pgn = b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {main} *";
/// let (game, source) = pgn_syntax::read_games(&pgn[..]).next().expect("a game")?;
/// let (replayed, problems) = pgn_replay::replay(&game, &source);
/// assert!(problems.is_empty());
/// let mut walker = Walker::new(&replayed);
/// let mut plies = Vec::new();
/// while let Some(event) = walker.next() {
///     if let Event::Move(played) = event {
///         plies.push((played.ply, played.depth, san::San::from_move(played.before, played.m).to_string()));
///     }
/// }
/// let plies: Vec<_> = plies.iter().map(|(p, d, s)| format!("{p}/{d}/{s}")).collect();
/// assert_eq!(plies, ["1/0/e4", "2/0/e5", "2/1/c5", "3/1/Nf3", "3/0/Nf3"]);
/// # Ok::<_, std::io::Error>(())
/// ```
///
/// The moves of a replayed game are legal in their positions when the
/// game comes from [`replay`](crate::replay) or a
/// [`GameBuilder`](crate::GameBuilder); a movetext assembled by hand with
/// other moves gives positions that break the rules, never a panic.
#[derive(Debug)]
pub struct Walker<'g> {
    nodes: &'g [Node<ReplayedMove>],
    next: usize,
    lines: Lines,
}

impl<'g> Walker<'g> {
    /// A walker at the start of `game`.
    pub fn new(game: &'g ReplayedGame) -> Walker<'g> {
        let mut lines = Lines::default();
        lines.reset(game.start.as_ref());
        Walker { nodes: game.movetext.nodes(), next: 0, lines }
    }

    /// The index in the movetext of the element the last
    /// [`Walker::next`] yielded (for its place in a
    /// [`SourceMap`](pgn_syntax::SourceMap)).
    pub fn index(&self) -> usize {
        self.next.saturating_sub(1)
    }

    /// The next element, or `None` at the end of the movetext.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Event<'_>> {
        let node = self.nodes.get(self.next)?;
        self.next += 1;
        Some(match node {
            Node::Move(ReplayedMove::Played { m, suffix }) => {
                // A played move in a dead line can only come from a
                // movetext assembled by hand: it is played all the same.
                let (_, ply) = self.lines.next();
                let depth = self.lines.depth();
                self.lines.play(*m);
                let (before, after) = self.lines.last_move()?;
                Event::Move(Played {
                    m: *m,
                    suffix: *suffix,
                    before,
                    after,
                    ply,
                    depth,
                    origin: None,
                    mate: None,
                })
            }
            Node::Move(ReplayedMove::Unresolved(san, number)) => {
                let (next, ply) = self.lines.next();
                if next == Next::Live {
                    self.lines.fail();
                }
                Event::Unresolved {
                    san: &san.text,
                    suffix: san.suffix,
                    ply,
                    depth: self.lines.depth(),
                    number: *number,
                }
            }
            Node::Nag(nag) => Event::Nag(*nag),
            Node::Comment { text, kind } => Event::Comment { text, kind: *kind },
            Node::Escape(line) => Event::Escape(line),
            Node::VariationStart { .. } => {
                self.lines.begin_variation();
                Event::BeginVariation { depth: self.lines.depth() }
            }
            Node::VariationEnd => {
                self.lines.end_variation();
                Event::EndVariation
            }
        })
    }
}
