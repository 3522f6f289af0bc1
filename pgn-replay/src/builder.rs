//! [`GameBuilder`]: games made by programs (and by decoders of binary
//! formats), element by element, every move checked as it is pushed.

use chess_core::{Move, Position};
use pgn_commands::{Arrow, ClockTime, Evaluation, MarkedSquare};
use pgn_diag::Shown;
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{CommentKind, Game, MovetextBuilder, Node, Tags};

use crate::lines::{Lines, Next};
use crate::walk::{ReplayedGame, ReplayedMove};
use san::MoveProblem;
use san::Played;
use san::{San, Uci};

/// Why a [`GameBuilder`] refused what was pushed; the game is as it was
/// before the push.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum BuildError {
    /// The move is not legal in the current position.
    #[error("move {} is not legal here", Uci { m: *.0, mode: Default::default() })]
    IllegalMove(Move),
    /// The SAN text names no legal move of the current position.
    #[error("move `{}`: {problem}", Shown(.text))]
    San {
        /// The text as given.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        text: Box<[u8]>,
        /// Why it names no legal move.
        problem: MoveProblem,
    },
    /// A variation replaces the move before it (§8.2.5): there is none in
    /// the current line.
    #[error("a variation needs a move before it to replace")]
    VariationWithoutMove,
    /// No variation is open.
    #[error("no variation is open")]
    NoOpenVariation,
}

/// Builds a replayed game element by element: tags, moves (as
/// [`Move`]s or SAN text), suffix annotations, NAGs, comments and
/// variations. Every move is checked against its position, so the game
/// it makes walks like one replayed from PGN.
///
/// ```
/// use pgn_syntax::tags::GameResult;
/// use pgn_replay::{BuildError, GameBuilder};
///
/// let mut b = GameBuilder::new();
/// b.tag("White", "Morphy");
/// b.san(b"e4")?.san(b"e5")?.san(b"Nf3")?;
/// b.begin_variation()?; // replaces 2. Nf3
/// b.san(b"f4")?.comment("the King's Gambit");
/// b.end_variation()?;
/// b.san(b"d6")?;
/// assert!(matches!(b.san(b"Ke3"), Err(BuildError::San { .. })));
/// b.result(GameResult::Unknown);
/// let game = b.finish();
/// assert_eq!(game.movetext.mainline().count(), 4);
/// assert_eq!(game.tag("White"), Some(&b"Morphy"[..]));
/// # Ok::<_, BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameBuilder {
    tags: Tags,
    start: Position,
    movetext: MovetextBuilder<ReplayedMove>,
    /// Whether what is pushed is kept in `movetext`
    /// ([`GameBuilder::keep_movetext`]).
    keep: bool,
    lines: Lines,
    termination: Option<GameResult>,
}

impl Default for GameBuilder {
    fn default() -> Self {
        GameBuilder::from_position(Position::new())
    }
}

impl GameBuilder {
    /// A game from the standard starting position.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }

    /// A game from `start`. No tag is added: a writer that needs the
    /// SetUp and FEN tags (§9.7) for a position other than the standard
    /// one sets them with [`GameBuilder::tag`].
    pub fn from_position(start: Position) -> GameBuilder {
        let mut lines = Lines::default();
        lines.reset(Some(&start));
        GameBuilder {
            tags: Tags::new(),
            start,
            movetext: MovetextBuilder::new(),
            keep: true,
            lines,
            termination: None,
        }
    }

    /// A game from `start`, as [`GameBuilder::from_position`], that keeps
    /// the storage of a game made before (its tags and movetext storage,
    /// emptied): for a decoder given back each game it made.
    pub fn from_position_reusing(start: Position, used: ReplayedGame) -> GameBuilder {
        let mut builder = GameBuilder::from_position(start);
        let Game { mut tags, movetext, .. } = used;
        tags.clear();
        builder.tags = tags;
        builder.movetext = MovetextBuilder::reusing(movetext);
        builder
    }

    /// Makes room for at least `moves` more moves (or other elements) in
    /// the movetext, for a caller that knows how many are coming.
    pub fn reserve(&mut self, moves: usize) -> &mut GameBuilder {
        if self.keep {
            self.movetext.reserve(moves);
        }
        self
    }

    /// Whether the movetext is kept (true unless said otherwise). A
    /// builder that does not keep it still plays every move, checks every
    /// push as it would, and gives each move played as its event
    /// ([`GameBuilder::play_unchecked_event`]), but stores no element of
    /// the movetext: the game it finishes has its tags, start and result,
    /// and an empty movetext. For a caller that takes the movetext from
    /// the events as they come and the rest from the finished game (a
    /// decoder feeding a writer), which then spends nothing on storing
    /// moves it never reads.
    ///
    /// ```
    /// use san::{Position, San};
    /// use pgn_replay::GameBuilder;
    ///
    /// let mut b = GameBuilder::new();
    /// b.keep_movetext(false);
    /// b.san(b"e4")?.san(b"e5")?;
    /// assert!(b.san(b"e4").is_err()); // still checked
    /// assert_ne!(b.position(), &Position::new());
    /// assert!(b.finish().movetext.is_empty());
    /// # Ok::<_, pgn_replay::BuildError>(())
    /// ```
    pub fn keep_movetext(&mut self, keep: bool) -> &mut GameBuilder {
        self.keep = keep;
        self
    }

    /// Sets a tag (replacing an earlier value of the same name).
    pub fn tag(&mut self, name: &str, value: impl AsRef<[u8]>) -> &mut GameBuilder {
        self.tags.set(name, value);
        self
    }

    /// The game's tags, to add pairs as they come (a decoder's names are
    /// bytes, kept as read; the last of a name counts, ruling E2).
    pub fn tags_mut(&mut self) -> &mut Tags {
        &mut self.tags
    }

    /// The position the next move is played in.
    pub fn position(&self) -> &Position {
        self.lines.position().unwrap_or(&self.start)
    }

    /// 0 on the main line, 1 in a variation of it, and so on.
    pub fn depth(&self) -> u32 {
        self.lines.depth()
    }

    /// Plays a move.
    ///
    /// # Errors
    ///
    /// [`BuildError::IllegalMove`] if `m` is not legal in
    /// [`GameBuilder::position`].
    pub fn play(&mut self, m: Move) -> Result<&mut GameBuilder, BuildError> {
        if !self.position().is_legal(m) {
            return Err(BuildError::IllegalMove(m));
        }
        Ok(self.push_legal(m))
    }

    /// Plays a move known to be legal in [`GameBuilder::position`] (one
    /// the move generator gave for it, as a decoder of move indices has),
    /// without looking for it again. A move that is not legal there makes
    /// a game whose positions break the rules from that move on (never a
    /// panic: see [`Walker`](crate::Walker)); debug builds check.
    pub fn play_unchecked(&mut self, m: Move) -> &mut GameBuilder {
        debug_assert!(self.position().is_legal(m), "{m:?} is not legal here");
        self.push_legal(m)
    }

    /// Plays the move that SAN text names (export SAN and the lenient forms
    /// of import SAN alike), given as text or bytes.
    ///
    /// # Errors
    ///
    /// [`BuildError::San`] if the text names no legal move: unreadable,
    /// illegal or ambiguous (with the candidates).
    pub fn san(&mut self, text: impl AsRef<[u8]>) -> Result<&mut GameBuilder, BuildError> {
        let text = text.as_ref();
        let error = |problem| BuildError::San { text: text.into(), problem };
        let parsed = San::from_ascii(text).map_err(|e| error(MoveProblem::Unreadable(e.kind)))?;
        let resolved = parsed.resolve(self.position()).map_err(|e| error(e.into()))?;
        self.push_legal(resolved.m);
        if let Some(suffix) = parsed.suffix {
            self.suffix(suffix);
        }
        Ok(self)
    }

    /// Plays a move known to be legal, as [`GameBuilder::play_unchecked`]
    /// does, and gives it as a [`Walker`](crate::Walker) over the finished
    /// game will yield it: its positions, ply and depth. A decoder hands
    /// this on to a writer as it decodes, so that the writer need not walk
    /// (and replay) the game again.
    ///
    /// ```
    /// use san::{Position, San};
    /// use pgn_replay::GameBuilder;
    ///
    /// let mut b = GameBuilder::new();
    /// let e4 = San::from_ascii(b"e4")?.resolve(&Position::new())?.m;
    /// let played = b.play_unchecked_event(e4);
    /// assert_eq!((played.ply, played.depth), (1, 0));
    /// assert_eq!(played.before, &Position::new());
    /// let after = played.after.clone();
    /// assert_eq!(&after, b.position());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play_unchecked_event(&mut self, m: Move) -> Played<'_> {
        debug_assert!(self.position().is_legal(m), "{m:?} is not legal here");
        let (ply, depth) = self.push_played(m);
        // The move was just played, so the line has a last move; the
        // start position stands in only to need no panic.
        let start = &self.start;
        let (before, after) = self.lines.last_move().unwrap_or((start, start));
        Played { m, suffix: None, before, after, ply, depth, origin: None, mate: None }
    }

    fn push_legal(&mut self, m: Move) -> &mut GameBuilder {
        self.push_played(m);
        self
    }

    /// Plays a legal move; gives its ply and depth.
    #[inline]
    fn push_played(&mut self, m: Move) -> (u32, u32) {
        let (next, ply) = self.lines.next();
        debug_assert_eq!(next, Next::Live, "a builder's lines are never dead");
        let depth = self.lines.depth();
        self.lines.play(m);
        if self.keep {
            self.movetext.push_move(ReplayedMove::Played { m, suffix: None });
        }
        (ply, depth)
    }

    /// Gives the last move a suffix annotation (`!`, `?`, ...); does
    /// nothing when the last element is not a move.
    pub fn suffix(&mut self, suffix: Suffix) -> &mut GameBuilder {
        if let Some(ReplayedMove::Played { suffix: slot, .. }) = self.movetext.last_move_mut() {
            *slot = Some(suffix);
        }
        self
    }

    /// Adds a numeric annotation glyph.
    pub fn nag(&mut self, nag: Nag) -> &mut GameBuilder {
        self.push(|| Node::Nag(nag))
    }

    /// Adds a brace comment.
    pub fn comment(&mut self, text: impl AsRef<[u8]>) -> &mut GameBuilder {
        self.push(|| Node::Comment { text: text.as_ref().to_vec(), kind: CommentKind::Brace })
    }

    /// Adds a comment command after the last element: to the brace
    /// comment there, after a space, or in a comment of its own. `command`
    /// is written as it is (`[%clk 0:03:00]`); [`GameBuilder::clock`] and
    /// its siblings write the canonical form of a value (ruling C3).
    ///
    /// ```
    /// use pgn_replay::GameBuilder;
    /// use pgn_replay::pgn_commands::{ClockTime, Evaluation, Score};
    ///
    /// let mut b = GameBuilder::new();
    /// b.san(b"e4")?.eval(Evaluation { score: Score::Centipawns(17), depth: None });
    /// b.clock(ClockTime::from_seconds(180));
    /// let game = b.finish();
    /// assert_eq!(pgn_replay::pgn_syntax::Node::Comment {
    ///     text: b"[%eval 0.17] [%clk 0:03:00]".to_vec(),
    ///     kind: pgn_replay::pgn_syntax::CommentKind::Brace,
    /// }, game.movetext.nodes()[1]);
    /// # Ok::<_, pgn_replay::BuildError>(())
    /// ```
    pub fn command(&mut self, command: impl AsRef<[u8]>) -> &mut GameBuilder {
        let command = command.as_ref();
        if !self.keep {
            return self;
        }
        match self.movetext.last_comment_mut() {
            Some(text) => {
                if !text.is_empty() {
                    text.push(b' ');
                }
                text.extend_from_slice(command);
            }
            None => {
                self.comment(command);
            }
        }
        self
    }

    /// Adds `[%clk H:MM:SS]`, the mover's clock after the last move.
    pub fn clock(&mut self, time: ClockTime) -> &mut GameBuilder {
        self.command(format!("[%clk {time}]"))
    }

    /// Adds `[%emt H:MM:SS]`, the time the last move took.
    pub fn emt(&mut self, time: ClockTime) -> &mut GameBuilder {
        self.command(format!("[%emt {time}]"))
    }

    /// Adds `[%eval ...]`, the evaluation after the last move.
    pub fn eval(&mut self, eval: Evaluation) -> &mut GameBuilder {
        self.command(format!("[%eval {eval}]"))
    }

    /// Adds `[%cal ...]` with `arrows` (nothing when there is none).
    pub fn arrows(&mut self, arrows: impl IntoIterator<Item = Arrow>) -> &mut GameBuilder {
        self.marks("cal", arrows)
    }

    /// Adds `[%csl ...]` with `squares` (nothing when there is none).
    pub fn squares(&mut self, squares: impl IntoIterator<Item = MarkedSquare>) -> &mut GameBuilder {
        self.marks("csl", squares)
    }

    fn marks<T: std::fmt::Display>(
        &mut self,
        name: &str,
        items: impl IntoIterator<Item = T>,
    ) -> &mut GameBuilder {
        let mut command = format!("[%{name} ");
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                command.push(',');
            }
            command.push_str(&item.to_string());
        }
        if command.len() == name.len() + 3 {
            return self;
        }
        command.push(']');
        self.command(command)
    }

    /// Adds a `%` escape line (its text after the `%`, without the line
    /// end).
    pub fn escape(&mut self, line: impl AsRef<[u8]>) -> &mut GameBuilder {
        self.push(|| Node::Escape(line.as_ref().to_vec()))
    }

    /// Adds the element `node` makes, if the movetext is kept.
    fn push(&mut self, node: impl FnOnce() -> Node<ReplayedMove>) -> &mut GameBuilder {
        if self.keep {
            self.movetext.push(node());
        }
        self
    }

    /// Opens a variation of the last move of the current line: it starts
    /// from the position before that move.
    ///
    /// # Errors
    ///
    /// [`BuildError::VariationWithoutMove`] if the current line has no
    /// move yet.
    pub fn begin_variation(&mut self) -> Result<&mut GameBuilder, BuildError> {
        if self.lines.last_move().is_none() {
            return Err(BuildError::VariationWithoutMove);
        }
        self.lines.begin_variation();
        if self.keep {
            self.movetext.open();
        }
        Ok(self)
    }

    /// Closes the innermost open variation.
    ///
    /// # Errors
    ///
    /// [`BuildError::NoOpenVariation`] on the main line.
    pub fn end_variation(&mut self) -> Result<&mut GameBuilder, BuildError> {
        // The lines open and close with the movetext's variations.
        if self.lines.depth() == 0 {
            return Err(BuildError::NoOpenVariation);
        }
        self.lines.end_variation();
        if self.keep {
            self.movetext.close();
        }
        Ok(self)
    }

    /// Sets the game's result (its termination marker).
    pub fn result(&mut self, result: GameResult) -> &mut GameBuilder {
        self.termination = Some(result);
        self
    }

    /// The game, with the variations still open closed.
    pub fn finish(self) -> ReplayedGame {
        Game {
            tags: self.tags,
            start: Some(self.start),
            movetext: self.movetext.finish(),
            termination: self.termination,
        }
    }
}

#[cfg(test)]
mod tests {
    use chess_core::Square;
    use testkit::XorShift;

    use super::*;
    use crate::{Event, Walker};

    #[test]
    fn refused_pushes_leave_the_game_as_it_was() {
        let mut b = GameBuilder::new();
        assert_eq!(b.begin_variation().err(), Some(BuildError::VariationWithoutMove));
        assert_eq!(b.end_variation().err(), Some(BuildError::NoOpenVariation));
        let illegal = Move::Normal {
            role: chess_core::Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        assert_eq!(b.play(illegal).err(), Some(BuildError::IllegalMove(illegal)));
        let Err(BuildError::San { problem, .. }) = b.san(b"Nd2") else { panic!("refused") };
        assert_eq!(problem, MoveProblem::Illegal);
        assert!(b.clone().finish().movetext.is_empty());
        b.san(b"e4").expect("legal");
        assert_eq!(b.finish().movetext.len(), 1);
    }

    /// A random game with variations (at most three deep) of up to
    /// `steps` steps, each a move, which `play` plays, or a variation
    /// begun or ended, by a builder that keeps its movetext or not.
    fn random_game(
        rng: &mut XorShift,
        steps: usize,
        keep: bool,
        mut play: impl FnMut(&mut GameBuilder, Move),
    ) -> ReplayedGame {
        let mut b = GameBuilder::new();
        b.keep_movetext(keep);
        for _ in 0..steps {
            let moves = b.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            if b.depth() < 3 && rng.below(6) == 0 && b.begin_variation().is_ok() {
                continue;
            }
            if b.depth() > 0 && rng.below(5) == 0 {
                b.end_variation().expect("open");
                continue;
            }
            play(&mut b, moves[rng.below(moves.len())]);
        }
        b.finish()
    }

    /// The moves the walker yields over `game`: position before, move,
    /// position after, ply and depth.
    fn walked(game: &ReplayedGame) -> Vec<(Position, Move, Position, u32, u32)> {
        let mut walker = Walker::new(game);
        let mut walked = Vec::new();
        while let Some(event) = walker.next() {
            if let Event::Move(p) = event {
                walked.push((p.before.clone(), p.m, p.after.clone(), p.ply, p.depth));
            }
        }
        walked
    }

    #[test]
    fn moves_are_given_as_the_walker_yields_them() {
        // Random games built with play_unchecked_event: each move it gave
        // must be the walker's over the finished game.
        let mut rng = XorShift::new(11);
        for _ in 0..50 {
            let mut given = Vec::new();
            let game = random_game(&mut rng, 60, true, |b, m| {
                let p = b.play_unchecked_event(m);
                given.push((p.before.clone(), p.m, p.after.clone(), p.ply, p.depth));
            });
            assert!(given.iter().any(|g| g.4 > 0), "some moves in variations");
            assert_eq!(given, walked(&game));
        }
    }

    #[test]
    fn a_builder_that_keeps_no_movetext_gives_the_same_moves() {
        // The same random steps (one seed for both), with and without the
        // movetext: the same events; a game without movetext, but the
        // same tags and result.
        for seed in 1..40 {
            let mut events = [Vec::new(), Vec::new()];
            let mut games = Vec::new();
            for (keep, events) in [true, false].into_iter().zip(&mut events) {
                let mut rng = XorShift::new(seed);
                let game = random_game(&mut rng, 60, keep, |b, m| {
                    b.nag(Nag(1)).comment("c");
                    let p = b.play_unchecked_event(m);
                    events.push((p.before.clone(), p.m, p.after.clone(), p.ply, p.depth));
                });
                games.push(game);
            }
            assert_eq!(events[0], events[1], "seed {seed}");
            assert!(!games[0].movetext.is_empty() && games[1].movetext.is_empty());
            assert_eq!(
                (&games[0].tags, games[0].start.as_ref()),
                (&games[1].tags, games[1].start.as_ref())
            );
        }
        // Refusals are the same too.
        let mut b = GameBuilder::new();
        b.keep_movetext(false);
        assert_eq!(b.begin_variation().err(), Some(BuildError::VariationWithoutMove));
        assert_eq!(b.end_variation().err(), Some(BuildError::NoOpenVariation));
        b.san(b"e4").expect("legal").begin_variation().expect("a move to replace");
        b.end_variation().expect("open");
        assert_eq!(b.end_variation().err(), Some(BuildError::NoOpenVariation));
    }

    #[test]
    fn random_games_walk_as_built() {
        // The walker must give back every move with the position it was
        // played in and its depth.
        let mut rng = XorShift::new(7);
        for _ in 0..50 {
            let mut expected = Vec::new();
            let game = random_game(&mut rng, 40, true, |b, m| {
                expected.push((b.position().clone(), m, b.depth()));
                b.play(m).expect("legal");
            });
            let got: Vec<_> =
                walked(&game).into_iter().map(|(before, m, _, _, d)| (before, m, d)).collect();
            assert_eq!(got, expected);
        }
    }
}
