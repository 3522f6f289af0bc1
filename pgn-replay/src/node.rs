//! The tree view of a replayed game, python-chess's game nodes: the main
//! line as an iterator of [`MoveNode`]s ([`ReplayedGameExt::mainline`]),
//! each with its SAN, UCI, ply, NAGs, comments, the positions before and
//! after it and its variations, and the main line's final position
//! ([`ReplayedGameExt::final_position`]).
//!
//! `ReplayedGame` is the game model of `pgn-syntax`, a type of another
//! crate: these are the methods of an extension trait, in scope with
//! `use pgn_replay::prelude::*`. A node owns its two positions and borrows
//! the game, so nodes can be kept, collected and compared; the
//! [`Walker`](crate::Walker) stays the fast way through a game (its
//! positions borrow the cursor and are never copied).
//!
//! Where the elements of a movetext belong follows python-chess (and the
//! PGN standard): NAGs, comments and variations after a move, up to the
//! next move of its line, are that move's; the comments before the first
//! move of a line are that move's comments before; a variation replaces
//! the move before it, so it is one of that move's alternatives.

use std::borrow::Cow;
use std::fmt;

use chess_core::{Move, Position, Uci};
use pgn_commands::{
    Arrow, ClockTime, Command, CommandKind, Evaluation, FirstValues, MarkedSquare, Value,
};
use pgn_syntax::Node;
use pgn_syntax::nag::{Nag, Suffix};
use san::{Played, San};

use crate::lines::ply_before;
use crate::walk::{ReplayedGame, ReplayedMove};

mod sealed {
    /// Only the replayed game implements the extension trait, so that
    /// methods can be added to it.
    pub trait Sealed {}

    impl Sealed for crate::ReplayedGame {}
}

/// What a replayed game answers beyond the fields of its type: its main
/// line as move nodes and its final position. In scope with
/// `use pgn_replay::prelude::*`.
///
/// The same for every [`ReplayedGame`]: one read by
/// [`replay_games`](crate::replay_games), made by a
/// [`GameBuilder`](crate::GameBuilder), or decoded from a binary format.
///
/// ```
/// use pgn_replay::prelude::*;
///
/// let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *";
/// let game = pgn_replay::replay_games(pgn.as_bytes()).next().expect("a game")?.game;
/// let sans: Vec<String> = game.mainline().map(|node| node.san().to_string()).collect();
/// assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
/// let end = game.final_position().expect("replayed to its end");
/// assert_eq!(pgn_replay::fen_epd::Fen::from(&end).to_string(), "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4");
/// # Ok::<_, std::io::Error>(())
/// ```
pub trait ReplayedGameExt: sealed::Sealed {
    /// The moves of the main line, in order, as [`MoveNode`]s: an
    /// iterator, for a `for` loop, whose nodes borrow the game (not the
    /// iterator). It ends at the first move that could not be played (its
    /// line is text from there on), and yields nothing for a game that
    /// could not be set up.
    fn mainline(&self) -> MoveNodes<'_>;

    /// The position after the last move of the main line (the start
    /// position for a game without moves); `None` when the game could not
    /// be replayed to its end: a move of the main line could not be
    /// played, or the start could not be set up. python-chess's
    /// `game.end().board()`, for a game without errors.
    ///
    /// It plays the main line on one position, with no copy per move.
    fn final_position(&self) -> Option<Position>;
}

impl ReplayedGameExt for ReplayedGame {
    fn mainline(&self) -> MoveNodes<'_> {
        let nodes = self.movetext.nodes();
        let ply = self.start.as_ref().map_or(0, ply_before);
        MoveNodes { nodes, next: 0, end: nodes.len(), pos: self.start.clone(), ply, depth: 0 }
    }

    fn final_position(&self) -> Option<Position> {
        let nodes = self.movetext.nodes();
        let mut pos = self.start.clone()?;
        let mut i = 0;
        while let Some(at) = next_move(nodes, i, nodes.len()) {
            let (m, _) = played(&nodes[at])?;
            pos.play_unchecked(m);
            i = at + 1;
        }
        Some(pos)
    }
}

/// The index of the next move of a line at or after `i` (before `end`),
/// the variations branching from the line skipped.
fn next_move(nodes: &[Node<ReplayedMove>], mut i: usize, end: usize) -> Option<usize> {
    while i < end {
        match nodes.get(i)? {
            Node::Move(_) => return Some(i),
            // A variation's end is after its start in a balanced movetext;
            // `max` keeps a hand-made one from looping.
            Node::VariationStart { end } => i = (*end).max(i) + 1,
            _ => i += 1,
        }
    }
    None
}

/// The move and suffix of a played move; `None` for a move kept as text
/// (and for any other element).
fn played(node: &Node<ReplayedMove>) -> Option<(Move, Option<Suffix>)> {
    match node {
        Node::Move(ReplayedMove::Played { m, suffix }) => Some((*m, *suffix)),
        _ => None,
    }
}

/// The moves of one line of play (the main line, or a variation) as
/// [`MoveNode`]s, made by [`ReplayedGameExt::mainline`] and
/// [`MoveNode::variations`].
///
/// Each step plays one move on the iterator's position and copies it
/// twice (the node's positions before and after); the variations
/// branching from the line are skipped (each node gives its own).
#[derive(Clone)]
pub struct MoveNodes<'g> {
    nodes: &'g [Node<ReplayedMove>],
    /// Where the search for the next move starts: the line's start, then
    /// the end of the last node's elements.
    next: usize,
    /// The end of the line: the index of its `VariationEnd`, or the end
    /// of the movetext for the main line.
    end: usize,
    /// The position after the line's last move; `None` once the line
    /// ended (or met a move that could not be played).
    pos: Option<Position>,
    /// The ply of the line's last move.
    ply: u32,
    depth: u32,
}

impl<'g> Iterator for MoveNodes<'g> {
    type Item = MoveNode<'g>;

    fn next(&mut self) -> Option<MoveNode<'g>> {
        let lead = self.next;
        let found = next_move(self.nodes, lead, self.end);
        let Some((index, (m, suffix))) = found.and_then(|i| Some((i, played(&self.nodes[i])?)))
        else {
            // The end of the line, or a move kept as text: its line is
            // text from there on.
            self.pos = None;
            return None;
        };
        let pos = self.pos.as_mut()?;
        let before = pos.clone();
        pos.play_unchecked(m);
        let after = pos.clone();
        self.ply = self.ply.saturating_add(1);
        let trail_end = next_move(self.nodes, index + 1, self.end).unwrap_or(self.end);
        self.next = trail_end;
        Some(MoveNode {
            nodes: self.nodes,
            lead,
            index,
            trail_end,
            m,
            suffix,
            before,
            after,
            ply: self.ply,
            depth: self.depth,
        })
    }
}

impl std::iter::FusedIterator for MoveNodes<'_> {}

/// Where the line stands, not the movetext it borrows.
impl fmt::Debug for MoveNodes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveNodes")
            .field("next", &self.next)
            .field("end", &self.end)
            .field("ply", &self.ply)
            .field("depth", &self.depth)
            .field("ended", &self.pos.is_none())
            .finish_non_exhaustive()
    }
}

/// A move of a replayed game with what belongs to it, python-chess's
/// `ChildNode`: its SAN and UCI, ply and move number, NAGs (its suffix
/// folded in) and comments, the positions before and after it, and the
/// variations that replace it.
///
/// It owns its positions and borrows the game (its comments and
/// variations are read from it), not the iterator that made it.
///
/// ```
/// use pgn_replay::prelude::*;
///
/// let pgn = "{Start} 1. e4 e5!? $14 {The open game} (1... c5 {Sicilian}) 2. Nf3 *";
/// let game = pgn_replay::replay_games(pgn.as_bytes()).next().expect("a game")?.game;
/// let nodes: Vec<_> = game.mainline().collect();
/// assert_eq!(nodes[0].comment_before(), "Start");
/// let e5 = &nodes[1];
/// assert_eq!((e5.san().to_string(), e5.uci().to_string()), ("e5".into(), "e7e5".into()));
/// assert_eq!((e5.ply(), e5.move_number(), e5.depth()), (2, 1, 0));
/// let nags: Vec<String> = e5.nags().iter().map(|n| n.to_string()).collect();
/// assert_eq!(nags, ["$5", "$14"]);
/// assert_eq!(e5.comment_after(), "The open game");
/// assert_eq!(e5.before(), nodes[0].after());
///
/// // The variation replaces 1... e5: it starts from the position before it.
/// let sicilian: Vec<_> = e5.variations().flatten().collect();
/// assert_eq!(sicilian[0].san().to_string(), "c5");
/// assert_eq!((sicilian[0].ply(), sicilian[0].depth()), (2, 1));
/// assert_eq!(sicilian[0].before(), e5.before());
/// assert_eq!(sicilian[0].comment_after(), "Sicilian");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone)]
pub struct MoveNode<'g> {
    nodes: &'g [Node<ReplayedMove>],
    /// Where the elements before the move that are its own start: the
    /// start of its line for a line's first move, else `index`.
    lead: usize,
    /// The move's index in the movetext.
    index: usize,
    /// Where its elements after it end: the next move of its line, or the
    /// line's end.
    trail_end: usize,
    m: Move,
    suffix: Option<Suffix>,
    before: Position,
    after: Position,
    ply: u32,
    depth: u32,
}

impl<'g> MoveNode<'g> {
    /// The move.
    pub fn m(&self) -> Move {
        self.m
    }

    /// The move as a walker yields it: for the writers of notation
    /// ([`San::from_played`], [`Lan::from_played`](san::Lan::from_played)).
    pub fn played(&self) -> Played<'_> {
        Played {
            m: self.m,
            suffix: self.suffix,
            before: &self.before,
            after: &self.after,
            ply: self.ply,
            depth: self.depth,
            origin: None,
            mate: None,
        }
    }

    /// Its canonical SAN (ruling E7), with its check mark.
    pub fn san(&self) -> San {
        San::from_played(&self.played())
    }

    /// The move in UCI notation (castling as the king's move, `e1g1`, as
    /// [`Move`]'s `Display` writes it; [`Uci`] with another
    /// [`CastlingMode`](chess_core::CastlingMode) writes it otherwise).
    pub fn uci(&self) -> Uci {
        Uci { m: self.m, mode: Default::default() }
    }

    /// Its ply: half-moves from the start of the game, counted from the
    /// start position's move number and side (python-chess's `ply()`):
    /// 1 for White's first move from the standard start.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The number of the move it belongs to (the position's full-move
    /// number before it): 1 for the first move of each side from the
    /// standard start.
    pub fn move_number(&self) -> u32 {
        self.before.fullmoves().get()
    }

    /// 0 on the main line, 1 in a variation of it, and so on.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Its index in the game's movetext (where a
    /// [`SourceMap`](pgn_syntax::SourceMap) says it was read).
    pub fn index(&self) -> usize {
        self.index
    }

    /// The position it is played in.
    pub fn before(&self) -> &Position {
        &self.before
    }

    /// The position after it.
    pub fn after(&self) -> &Position {
        &self.after
    }

    /// Its suffix annotation (`!`, `?`, ...) as written.
    pub fn suffix(&self) -> Option<Suffix> {
        self.suffix
    }

    /// Its NAGs, each once, in ascending order, with its suffix folded in
    /// as its NAG (ruling E8: `!` is `$1`, `?!` is `$6`): the NAGs after
    /// it up to its line's next move, python-chess's `nags` set.
    pub fn nags(&self) -> Vec<Nag> {
        let mut nags: Vec<Nag> = self.suffix.map(Suffix::nag).into_iter().collect();
        nags.extend(self.trail().filter_map(|node| match node {
            Node::Nag(nag) => Some(*nag),
            _ => None,
        }));
        nags.sort_unstable();
        nags.dedup();
        nags
    }

    /// The comments after it up to its line's next move (its variations'
    /// own comments aside), as text: python-chess's `comment`. Several
    /// are joined with a space; none is the empty text. Each is as read,
    /// its white space kept; bytes that are not UTF-8 become U+FFFD.
    pub fn comment_after(&self) -> Cow<'g, str> {
        comments(self.trail())
    }

    /// The comment commands after it (`[%clk 0:03:00]`, `[%eval 0.17]`),
    /// in order: those of its comments after (ruling C4), found as they
    /// are asked for.
    pub fn commands(&self) -> impl Iterator<Item = Command<'g>> + use<'g> {
        self.trail().flat_map(|node| match node {
            Node::Comment { text, .. } => pgn_commands::commands(text),
            _ => pgn_commands::commands(b""),
        })
    }

    /// The first well-formed clock, move time and evaluation of its
    /// comments after (ruling C4).
    fn first_values(&self) -> FirstValues {
        let mut values = FirstValues::default();
        for node in self.trail() {
            if let Node::Comment { text, .. } = node {
                values.add(text);
            }
        }
        values
    }

    /// The mover's clock after it, from its `[%clk H:MM:SS]`: the first
    /// well-formed one of its comments after (ruling C4), python-chess's
    /// `clock()`.
    ///
    /// ```
    /// use pgn_replay::prelude::*;
    /// use pgn_replay::pgn_commands::{Score, Evaluation};
    ///
    /// let pgn = "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval #-3,20] [%clk 0:00:58.6] } *";
    /// let game = pgn_replay::replay_games(pgn.as_bytes()).next().expect("a game")?.game;
    /// let nodes: Vec<_> = game.mainline().collect();
    /// assert_eq!(nodes[0].clock().map(|c| c.seconds()), Some(180.0));
    /// assert_eq!(nodes[1].clock().map(|c| c.to_string()).as_deref(), Some("0:00:58.6"));
    /// assert_eq!(nodes[0].eval().map(|e| e.score), Some(Score::Centipawns(17)));
    /// assert_eq!(nodes[1].eval(), Some(Evaluation { score: Score::Mate(-3), depth: Some(20) }));
    /// assert_eq!(nodes[1].comment_text(), "");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn clock(&self) -> Option<ClockTime> {
        self.first_values().clock
    }

    /// The time the move took, from its `[%emt H:MM:SS]` (as
    /// [`MoveNode::clock`]): python-chess's `emt()`.
    pub fn emt(&self) -> Option<ClockTime> {
        self.first_values().emt
    }

    /// The evaluation after it, from its `[%eval ...]` (as
    /// [`MoveNode::clock`]): a score from White's view, and the depth
    /// when written. python-chess's `eval()` and `eval_depth()`.
    pub fn eval(&self) -> Option<Evaluation> {
        self.first_values().eval
    }

    /// The arrows of every well-formed `[%cal ...]` after it, in order.
    pub fn arrows(&self) -> Vec<Arrow> {
        let mut arrows = Vec::new();
        for command in self.commands().filter(|c| c.kind() == CommandKind::ColoredArrows) {
            if let Ok(Value::Arrows(these)) = command.value() {
                arrows.extend(these);
            }
        }
        arrows
    }

    /// The coloured squares of every well-formed `[%csl ...]` after it, in
    /// order.
    pub fn squares(&self) -> Vec<MarkedSquare> {
        let mut squares = Vec::new();
        for command in self.commands().filter(|c| c.kind() == CommandKind::ColoredSquares) {
            if let Ok(Value::Squares(these)) = command.value() {
                squares.extend(these);
            }
        }
        squares
    }

    /// The comments after it as [`MoveNode::comment_after`] gives them,
    /// without their well-formed commands (ruling C2): what a person
    /// wrote, empty when the comments held only commands.
    pub fn comment_text(&self) -> Cow<'g, str> {
        let mut joined: Cow<'g, str> = Cow::Borrowed("");
        for node in self.trail() {
            if let Node::Comment { text, .. } = node {
                let text = match pgn_commands::text_without_commands(text) {
                    Cow::Borrowed(text) => String::from_utf8_lossy(text),
                    Cow::Owned(text) => Cow::Owned(String::from_utf8_lossy(&text).into_owned()),
                };
                join(&mut joined, text);
            }
        }
        joined
    }

    /// The comments before it that are its own: those that open its line,
    /// before its first move (python-chess's `starting_comment`, and for
    /// the first move of the main line its game's `comment`); empty for
    /// every later move of a line, whose comments before are the move
    /// before's comments after. Joined and as text as
    /// [`MoveNode::comment_after`].
    pub fn comment_before(&self) -> Cow<'g, str> {
        comments(top_level(self.nodes, self.lead, self.index).map(|(_, node)| node))
    }

    /// The variations that replace it, in order: each a line of nodes
    /// starting from the position before it (python-chess has them as its
    /// parent's later `variations`). An empty variation, or one whose
    /// first move could not be played, yields no node.
    pub fn variations(&self) -> impl Iterator<Item = MoveNodes<'g>> + '_ {
        let trail = top_level(self.nodes, self.index + 1, self.trail_end);
        trail.filter_map(|(i, node)| match node {
            Node::VariationStart { end } => Some(MoveNodes {
                nodes: self.nodes,
                next: i + 1,
                end: *end,
                pos: Some(self.before.clone()),
                ply: self.ply.saturating_sub(1),
                depth: self.depth + 1,
            }),
            _ => None,
        })
    }

    /// The elements after the move that are its own: up to its line's
    /// next move, its variations skipped.
    fn trail(&self) -> impl Iterator<Item = &'g Node<ReplayedMove>> + use<'g> {
        top_level(self.nodes, self.index + 1, self.trail_end).map(|(_, node)| node)
    }
}

/// The move and where it stands, not the movetext it borrows.
impl fmt::Debug for MoveNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveNode")
            .field("m", &self.m)
            .field("suffix", &self.suffix)
            .field("ply", &self.ply)
            .field("depth", &self.depth)
            .field("index", &self.index)
            .field("before", &self.before)
            .finish_non_exhaustive()
    }
}

/// The elements of a line from `start` to `end` with their indices, the
/// variations branching from it given by their start only.
fn top_level<'g>(
    nodes: &'g [Node<ReplayedMove>],
    start: usize,
    end: usize,
) -> impl Iterator<Item = (usize, &'g Node<ReplayedMove>)> + use<'g> {
    let mut i = start;
    std::iter::from_fn(move || {
        if i >= end {
            return None;
        }
        let at = i;
        let node = nodes.get(at)?;
        i = match node {
            Node::VariationStart { end } => (*end).max(at) + 1,
            _ => at + 1,
        };
        Some((at, node))
    })
}

/// The comments among `nodes` that are not empty, joined with a space
/// (as python-chess joins them).
fn comments<'g>(nodes: impl Iterator<Item = &'g Node<ReplayedMove>>) -> Cow<'g, str> {
    let mut joined: Cow<'g, str> = Cow::Borrowed("");
    for node in nodes {
        if let Node::Comment { text, .. } = node {
            join(&mut joined, String::from_utf8_lossy(text));
        }
    }
    joined
}

/// Adds `text` to `joined` after a space, unless either is empty.
fn join<'g>(joined: &mut Cow<'g, str>, text: Cow<'g, str>) {
    if text.is_empty() {
        return;
    }
    if joined.is_empty() {
        *joined = text;
    } else {
        let owned = joined.to_mut();
        owned.push(' ');
        owned.push_str(&text);
    }
}
