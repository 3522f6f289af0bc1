//! Replaying games: every move of the main line and of every variation
//! resolved against its position and played, as the game is read
//! ([`Replayer`], a `pgn_syntax::Visitor` around a [`ReplayVisitor`]) or
//! over a game read before ([`replay`]). Both drive one [`Engine`] in the
//! same order, so they find the same problems at the same places.
//!
//! The start position is the FEN tag's when there is one (§9.7), else the
//! standard one. A variation replaces the move before it (§8.2.5): it
//! starts from the position before that move. An illegal, ambiguous or
//! unreadable move is an error; the rest of its line of play is kept as
//! text (nothing is lost), its variations too, and the other lines go on.
//! Lenient forms of import SAN are warnings ([`Quirks`](crate::Quirks)).
//! When the main line is over, its final position is checked against the
//! game's result (checkmate or stalemate with another result), and against
//! PlyCount.
//!
//! Problems of the game as a whole (its setup when it has no move, the
//! result, PlyCount) are placed at the termination marker, or where the
//! game ends when it has none; a problem of the setup at the game's first
//! move.

use std::ops::ControlFlow;

use chess_core::{Color, Move, Position, Repairs, Role};
use fen_epd::Fen;
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{
    Branch, CommentKind, Diagnostic, Game, Location, MovetextBuilder, Node, Place, SourceMap, Tags,
    Visitor,
};

use crate::diagnostic::{ReplayDiagnostic, ReplayProblem};
use crate::lines::{Lines, Next};
use crate::walk::{ReplayedGame, ReplayedMove};
use san::{Check, Quirks, San, SanKind};
use san::{FenProblem, MoveProblem};
use san::{Origin, Played};

/// The replay of one game, shared by the streaming and the tree replay:
/// they call it element by element in input order.
#[derive(Debug, Default)]
struct Engine {
    /// The game's number in its input, from 1.
    game: u64,
    started: bool,
    lines: Lines,
    /// Values of the tags the replay reads.
    fen: Option<Box<[u8]>>,
    variant: Option<Box<[u8]>>,
    ply_count: Option<Box<[u8]>>,
    /// The start position, once set up (`None` if it could not be).
    start: Option<Position>,
    /// A problem of the setup, until the first move or the end says where.
    setup_problem: Option<ReplayProblem>,
    /// Main-line moves, played or not.
    mainline_moves: u32,
    /// Where the game's first move is.
    first_at: Option<Location>,
    /// Problems found since the caller last took them.
    pending: Vec<ReplayDiagnostic>,
    /// No one reads the problems ([`ReplayVisitor::REPLAY_DIAGNOSTICS`]):
    /// none is looked for that changes nothing replayed, and none is kept.
    quiet: bool,
}

/// What became of a move. Its ply is the current line's
/// ([`Lines::ply`]), counted for a move kept as text as if the moves
/// before it in its line were played.
///
/// It is kept to 8 bytes so that it comes back from [`Engine::san`] in a
/// register: returned through memory, the move's bytes (stored one by one)
/// were loaded back whole before they had landed, which stalled the
/// processor on every move.
enum Outcome {
    /// Played: the move.
    Played {
        m: Move,
        /// The fast path resolved it: no other piece of its role can
        /// make it (see [`Played::origin`]).
        sole_origin: bool,
        /// See [`Played::mate`].
        mate: Option<bool>,
    },
    /// Kept as text.
    Unresolved,
}

const _: () = assert!(std::mem::size_of::<Outcome>() <= 8);

/// Variant tag values whose rules are those of chess (Chess960 castling
/// is part of the move generator), without padding.
fn is_chess_variant(name: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(
        lower.as_slice(),
        b"" | b"standard"
            | b"chess"
            | b"normal"
            | b"chess960"
            | b"chess 960"
            | b"fischerandom"
            | b"fischer random"
            | b"from position"
            | b"frc"
    )
}

/// The position of a FEN tag, read leniently (ruling F2). Castling rights
/// without their king and rook, and an en passant square with no pawn
/// that could just have advanced, are dropped (as other readers do) and
/// said in the repairs; anything else illegal is a problem.
fn set_up(fen: &[u8]) -> Result<(Position, Repairs), FenProblem> {
    let fen = Fen::from_ascii_lenient(fen).map_err(FenProblem::Syntax)?;
    Position::from_setup_repaired(fen.into_setup()).map_err(FenProblem::Illegal)
}

/// The start position of a game with these FEN and Variant tag values
/// (trimmed): the standard one, or the FEN tag's (with its repairs).
fn start_from(
    fen: Option<&[u8]>,
    variant: Option<&[u8]>,
) -> Result<(Position, Repairs), ReplayProblem> {
    if let Some(variant) = variant.filter(|v| !is_chess_variant(v)) {
        return Err(ReplayProblem::UnsupportedVariant(variant.into()));
    }
    match fen {
        Some(fen) => set_up(fen).map_err(ReplayProblem::InvalidFen),
        None => Ok((Position::new(), Repairs::default())),
    }
}

/// The position a game with these tags starts from, as replay sets it up:
/// the standard one, or the FEN tag's (the last FEN tag, ruling E2, read
/// leniently, ruling F2), whose unfit castling rights and en passant
/// square are dropped and said in the [`Repairs`]. For decoders of games
/// stored as moves from their start (PGC, ruling P3), so that they start
/// where replay did.
///
/// ```
/// use pgn_syntax::Tags;
///
/// let tags: Tags = [("FEN", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1")].into_iter().collect();
/// let (start, repairs) = pgn_replay::start_position(&tags)?;
/// assert_eq!(start.board().occupied().count(), 3);
/// assert!(!repairs.is_empty()); // no rook on a1 for the Q right
/// let crazyhouse: Tags = [("Variant", "Crazyhouse")].into_iter().collect();
/// assert!(pgn_replay::start_position(&crazyhouse).is_err());
/// # Ok::<_, pgn_replay::ReplayProblem>(())
/// ```
///
/// # Errors
///
/// [`ReplayProblem::InvalidFen`] when the FEN tag is not a legal position,
/// [`ReplayProblem::UnsupportedVariant`] for a variant that is not chess.
pub fn start_position(tags: &Tags) -> Result<(Position, Repairs), ReplayProblem> {
    let trimmed = |name| tags.get(name).map(<[u8]>::trim_ascii);
    start_from(trimmed("FEN"), trimmed("Variant"))
}

impl Engine {
    fn begin(&mut self, game: u64) {
        self.game = game;
        self.started = false;
        self.fen = None;
        self.variant = None;
        self.ply_count = None;
        self.start = None;
        self.setup_problem = None;
        self.mainline_moves = 0;
        self.first_at = None;
        self.pending.clear();
    }

    #[inline(always)]
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let slot = match name {
            b"FEN" => &mut self.fen,
            b"Variant" => &mut self.variant,
            b"PlyCount" => &mut self.ply_count,
            _ => return,
        };
        // Padding (`" Standard "`) is not part of the value (issue 11):
        // trimmed once, here, before anything reads it.
        *slot = Some(value.trim_ascii().into());
    }

    fn report(&mut self, problem: ReplayProblem, at: Option<Location>, san: Option<(&[u8], u32)>) {
        if self.quiet {
            return;
        }
        self.pending.push(ReplayDiagnostic {
            problem,
            at,
            game: self.game,
            san: san.map(|(text, ply)| (text.into(), ply)),
        });
    }

    /// Sets up the main line, once, when the movetext begins. A problem
    /// with the setup is kept until a place to report it is known.
    #[inline]
    fn start(&mut self) {
        if !self.started {
            self.set_up();
        }
    }

    #[cold]
    #[inline(never)]
    fn set_up(&mut self) {
        self.started = true;
        let start = match start_from(self.fen.as_deref(), self.variant.as_deref()) {
            Ok((pos, repairs)) => {
                if !repairs.is_empty() {
                    self.setup_problem = Some(ReplayProblem::RepairedFen(repairs));
                }
                Some(pos)
            }
            Err(problem) => {
                self.setup_problem = Some(problem);
                None
            }
        };
        self.lines.reset(start.as_ref());
        self.start = start;
    }

    /// Reports the setup problem at the first move, `at`.
    #[cold]
    fn report_setup_at(&mut self, at: &mut dyn FnMut() -> Option<Location>) {
        let here = at();
        self.report_setup(here);
    }

    /// Reports the setup problem, if any, at `at`.
    fn report_setup(&mut self, at: Option<Location>) {
        if let Some(problem) = self.setup_problem.take() {
            self.report(problem, at, None);
        }
    }

    /// A move: resolved and played in its line, or kept as text.
    fn san(&mut self, text: &[u8], at: &mut dyn FnMut() -> Option<Location>) -> Outcome {
        self.start();
        if self.setup_problem.is_some() {
            self.report_setup_at(at);
        }
        let (next, ply) = self.lines.next();
        if self.lines.depth() == 0 {
            self.mainline_moves += 1;
            if self.first_at.is_none() {
                self.first_at = at();
            }
        }
        match next {
            Next::Dead => return Outcome::Unresolved,
            Next::Orphan => {
                let here = at();
                self.report(ReplayProblem::VariationWithoutMove, here, Some((text, ply)));
                return Outcome::Unresolved;
            }
            Next::Live => {}
        }
        let Some(pos) = self.lines.position() else { return Outcome::Unresolved };
        // Export SAN first, in one pass; the full reader and resolver take
        // the rest. Only the check mark of the fast path's SAN is read
        // below (its kind is a placeholder).
        let resolved = match san::resolve_plain(pos, text) {
            Some((m, check)) => Ok((San { kind: SanKind::Null, check }, m, Quirks::empty(), true)),
            None => match San::from_ascii(text) {
                Err(e) => Err(MoveProblem::Unreadable(e.kind)),
                Ok(parsed) => match parsed.resolve(pos) {
                    Ok(r) => Ok((parsed.san, r.m, r.quirks, false)),
                    Err(e) => Err(MoveProblem::from(e)),
                },
            },
        };
        match resolved {
            // The fast path resolves only SAN without disambiguation,
            // and only when a single piece can make the move.
            Ok((san, m, mut quirks, sole_origin)) => {
                self.lines.play(m);
                let mut mate = None;
                if let Some((_, after)) = self.lines.last_move() {
                    // Most moves give no check and are written without a
                    // mark: then there is nothing more to look at. (The
                    // flag is tested after that, off the common path: in
                    // front, with the other tests of `quiet` in this
                    // function, `pgn check` was 3 % slower, all of it in
                    // where the code fell, not in what it ran.)
                    let check = after.is_check();
                    if (check || san.check.is_some()) && !self.quiet {
                        let (mark, mark_quirks) = san.check_mark_and_quirks(check, after);
                        mate = check.then_some(mark == Some(Check::Checkmate));
                        quirks |= mark_quirks;
                    }
                }
                if !quirks.is_empty() {
                    let here = at();
                    for quirk in quirks.iter() {
                        self.report(ReplayProblem::Quirk(quirk), here, Some((text, ply)));
                    }
                }
                Outcome::Played { m, sole_origin, mate }
            }
            Err(problem) => {
                self.lines.fail();
                let here = at();
                self.report(ReplayProblem::Move(problem), here, Some((text, ply)));
                Outcome::Unresolved
            }
        }
    }

    fn begin_variation(&mut self) {
        self.start();
        self.lines.begin_variation();
    }

    fn end_variation(&mut self) {
        self.lines.end_variation();
    }

    /// The game-level checks, once the game is over; `end_at` is where
    /// its termination marker is (or where it ends without one).
    fn finish(&mut self, result: Option<GameResult>, end_at: Option<Location>) {
        // The checks of a whole game only report.
        if !self.started || self.quiet {
            return;
        }
        let at = end_at.or(self.first_at);
        self.report_setup(at);
        if let Some(tag) = self.ply_count.as_deref().and_then(parse_u32)
            && tag != self.mainline_moves
        {
            let moves = self.mainline_moves;
            self.report(ReplayProblem::PlyCountMismatch { tag, moves }, at, None);
        }
        if self.mainline_moves == 0 {
            return;
        }
        let Some(main) = self.lines.main() else { return };
        let given = result.unwrap_or(GameResult::Unknown);
        if let Some(expected) = ending_result(main)
            && given != GameResult::Unknown
            && given != expected
        {
            self.report(ReplayProblem::ResultContradictsPosition { expected, given }, at, None);
        }
    }
}

/// The result a final position forces: the win of the side that mated,
/// or a draw by stalemate; `None` for any other position (a game may end
/// there with any result, by agreement, resignation or time).
pub fn ending_result(pos: &Position) -> Option<GameResult> {
    if pos.is_checkmate() {
        Some(match pos.turn() {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        })
    } else if pos.is_stalemate() {
        Some(GameResult::Draw)
    } else {
        None
    }
}

fn parse_u32(bytes: &[u8]) -> Option<u32> {
    std::str::from_utf8(bytes).ok()?.parse().ok()
}

/// A visitor of games as they are replayed: a trait of its own, with the
/// phases and states of [`pgn_syntax::Visitor`], which a [`Replayer`]
/// drives from the reader. Tags, comments, NAGs, variations, the
/// termination marker and the reader's diagnostics come as they are read;
/// moves come resolved ([`ReplayVisitor::played`]) or, when they cannot be
/// played, as text ([`ReplayVisitor::unresolved`]), and the movetext
/// begins with the start position. `Break(output)` ends a game early, as
/// for a `Visitor`.
pub trait ReplayVisitor {
    /// Whether the visitor reads the replay's problems
    /// ([`ReplayVisitor::replay_diagnostic`]); true by default. A visitor
    /// that has no use for them (an encoder, whose errors are its own)
    /// says false: none is reported, and the replay skips the checks that
    /// only report, a check mark against the position (which takes a
    /// search for a mate after every check) and a result or `PlyCount`
    /// tag against the moves. The moves are the same: a move that cannot
    /// be played is still kept as text ([`ReplayVisitor::unresolved`]).
    /// Only [`Played::mate`], which the check marks find, is then `None`.
    const REPLAY_DIAGNOSTICS: bool = true;

    /// The per-game state of the tag section.
    type Tags;
    /// The per-game state of the movetext.
    type Movetext;
    /// What replaying a game produces.
    type Output;

    /// A game starts.
    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags>;

    /// A tag pair; `value` has its escapes decoded.
    fn tag(
        &mut self,
        _tags: &mut Self::Tags,
        _name: &[u8],
        _value: &[u8],
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The tag section has ended, and the start position is not set up
    /// yet (which costs a FEN tag's parsing, and a copy of the position
    /// even for the standard start). A visitor that ends the game on its
    /// tags alone (a selection that its tag criteria reject) answers
    /// `Break` with its output here, and nothing is set up for the game;
    /// by default the game goes on to [`ReplayVisitor::begin_movetext`].
    fn end_tags(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(tags)
    }

    /// The movetext starts, from `start` (`None` when the game could not
    /// be set up: a bad FEN tag or an unknown variant; then every move
    /// comes as text).
    fn begin_movetext(
        &mut self,
        tags: Self::Tags,
        start: Option<&Position>,
    ) -> ControlFlow<Self::Output, Self::Movetext>;

    /// A move resolved and played, and its text as written.
    fn played(
        &mut self,
        _movetext: &mut Self::Movetext,
        _played: &Played<'_>,
        _san: &[u8],
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A move that could not be played: the first illegal, ambiguous or
    /// unreadable move of a line and every move after it in that line (and
    /// its variations), kept as text, with its ply (counted as if the
    /// moves before it in its line were played, as the
    /// [`Walker`](crate::Walker) counts it).
    fn unresolved(
        &mut self,
        _movetext: &mut Self::Movetext,
        _san: &[u8],
        _suffix: Option<Suffix>,
        _ply: u32,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A numeric annotation glyph.
    fn nag(
        &mut self,
        _movetext: &mut Self::Movetext,
        _nag: Nag,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A comment's text, without its delimiters.
    fn comment(
        &mut self,
        _movetext: &mut Self::Movetext,
        _text: &[u8],
        _kind: CommentKind,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A `%` escape line's text, without the `%`.
    fn escape(
        &mut self,
        _movetext: &mut Self::Movetext,
        _line: &[u8],
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A variation starts. [`Branch::Skip`] skips it: it is neither
    /// replayed nor reported.
    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output, Branch> {
        ControlFlow::Continue(Branch::Enter)
    }

    /// A variation ends.
    fn end_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The termination marker (or, for a game without one, its result
    /// where the game ends).
    fn termination(
        &mut self,
        _movetext: &mut Self::Movetext,
        _result: GameResult,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A problem the reader found.
    fn diagnostic(&mut self, _diagnostic: &Diagnostic) {}

    /// A problem the reader found in a game this visitor ended early, as
    /// it reads on to the game's end ([`Visitor::late_diagnostic`]):
    /// `output` is the game's. By default, [`ReplayVisitor::diagnostic`].
    fn late_diagnostic(&mut self, _output: &mut Self::Output, diagnostic: &Diagnostic) {
        self.diagnostic(diagnostic);
    }

    /// A problem the replay found (problems of the whole game come just
    /// before `end_game`). None comes to a visitor whose
    /// [`ReplayVisitor::REPLAY_DIAGNOSTICS`] is false.
    fn replay_diagnostic(&mut self, _diagnostic: &ReplayDiagnostic) {}

    /// The game is over; returns what the visitor made of it.
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output;

    /// Takes back the tag state of a game that a visitor in front of this
    /// one ended before its movetext (a selector whose tag criteria
    /// failed): no `begin_movetext` or `end_game` comes for it. By default
    /// the state is dropped; a visitor may keep its buffers for the next
    /// game.
    fn discard_tags(&mut self, _tags: Self::Tags) {}
}

/// Replays games as they are read: a `pgn_syntax::Visitor` that resolves
/// and plays each move and hands the result to a [`ReplayVisitor`].
///
/// ```
/// use std::ops::ControlFlow;
/// use pgn_replay::pgn_syntax::{Place, Reader};
/// use san::{Played, Position};
/// use pgn_replay::{ReplayDiagnostic, ReplayVisitor, Replayer};
///
/// /// Counts played moves and problems over all games.
/// #[derive(Default)]
/// struct Count { moves: usize, problems: usize }
///
/// impl ReplayVisitor for Count {
///     type Tags = ();
///     type Movetext = ();
///     type Output = ();
///     fn begin_tags(&mut self) -> ControlFlow<()> {
///         ControlFlow::Continue(())
///     }
///     fn begin_movetext(&mut self, _: (), _: Option<&Position>) -> ControlFlow<()> {
///         ControlFlow::Continue(())
///     }
///     fn played(&mut self, _: &mut (), _: &Played<'_>, _: &[u8], _: &mut Place<'_>) -> ControlFlow<()> {
///         self.moves += 1;
///         ControlFlow::Continue(())
///     }
///     fn replay_diagnostic(&mut self, _: &ReplayDiagnostic) {
///         self.problems += 1;
///     }
///     fn end_game(&mut self, _: ()) {}
/// }
///
/// let pgn = b"1. e4 e5 2. Nf3 (2. Ke3) Nc6 *";
/// let mut replayer = Replayer::new(Count::default());
/// Reader::new(&pgn[..]).visit_all(&mut replayer)?;
/// let count = replayer.into_inner();
/// assert_eq!((count.moves, count.problems), (4, 1));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Replayer<V> {
    inner: V,
    games: u64,
    engine: Engine,
    result: Option<GameResult>,
    end_at: Option<Location>,
}

impl<V: ReplayVisitor> Replayer<V> {
    /// A replayer handing its results to `inner`.
    pub fn new(inner: V) -> Replayer<V> {
        let engine = Engine { quiet: !V::REPLAY_DIAGNOSTICS, ..Engine::default() };
        Replayer { inner, games: 0, engine, result: None, end_at: None }
    }

    /// The inner visitor.
    pub fn inner(&self) -> &V {
        &self.inner
    }

    /// The inner visitor, mutably.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }

    /// Gives the inner visitor back.
    pub fn into_inner(self) -> V {
        self.inner
    }

    /// Passes the engine's problems to the inner visitor.
    #[inline]
    fn flush(&mut self) {
        if !self.engine.pending.is_empty() {
            self.flush_pending();
        }
    }

    #[cold]
    fn flush_pending(&mut self) {
        for d in self.engine.pending.drain(..) {
            self.inner.replay_diagnostic(&d);
        }
    }
}

impl<V: ReplayVisitor> Visitor for Replayer<V> {
    type Tags = V::Tags;
    type Movetext = V::Movetext;
    type Output = V::Output;

    fn begin_tags(&mut self) -> ControlFlow<V::Output, V::Tags> {
        self.games += 1;
        self.engine.begin(self.games);
        self.result = None;
        self.end_at = None;
        self.inner.begin_tags()
    }

    fn tag(
        &mut self,
        tags: &mut V::Tags,
        name: &[u8],
        value: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<V::Output> {
        self.engine.tag(name, value);
        self.inner.tag(tags, name, value, at)
    }

    fn begin_movetext(&mut self, tags: V::Tags) -> ControlFlow<V::Output, V::Movetext> {
        let tags = self.inner.end_tags(tags)?;
        self.engine.start();
        self.inner.begin_movetext(tags, self.engine.start.as_ref())
    }

    // Always inlined into the reader's loop, whatever the inner visitor:
    // for a visitor that does something with each move (the exporter),
    // the compiler otherwise kept this a call of its own, which cost
    // about 7 ns a move in saving registers and building `Played` in
    // memory.
    #[inline(always)]
    fn san(
        &mut self,
        m: &mut V::Movetext,
        san: &[u8],
        suffix: Option<Suffix>,
        at: &mut Place<'_>,
    ) -> ControlFlow<V::Output> {
        let outcome = self.engine.san(san, &mut || Some(at.locate()));
        self.flush();
        let ply = self.engine.lines.ply();
        match outcome {
            Outcome::Played { m: mv, sole_origin, mate } => {
                let depth = self.engine.lines.depth();
                let Some((before, after)) = self.engine.lines.last_move() else {
                    return ControlFlow::Continue(());
                };
                let origin = sole_origin.then(|| sole_origin_names(mv));
                let played = Played { m: mv, suffix, before, after, ply, depth, origin, mate };
                self.inner.played(m, &played, san, at)
            }
            Outcome::Unresolved => self.inner.unresolved(m, san, suffix, ply, at),
        }
    }

    fn nag(&mut self, m: &mut V::Movetext, nag: Nag, at: &mut Place<'_>) -> ControlFlow<V::Output> {
        self.inner.nag(m, nag, at)
    }

    fn comment(
        &mut self,
        m: &mut V::Movetext,
        text: &[u8],
        kind: CommentKind,
        at: &mut Place<'_>,
    ) -> ControlFlow<V::Output> {
        self.inner.comment(m, text, kind, at)
    }

    fn escape(
        &mut self,
        m: &mut V::Movetext,
        line: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<V::Output> {
        self.inner.escape(m, line, at)
    }

    fn begin_variation(
        &mut self,
        m: &mut V::Movetext,
        at: &mut Place<'_>,
    ) -> ControlFlow<V::Output, Branch> {
        let branch = self.inner.begin_variation(m, at)?;
        // A variation the inner visitor skips is neither reported nor
        // closed by the reader: nothing to replay.
        if branch == Branch::Enter {
            self.engine.begin_variation();
        }
        ControlFlow::Continue(branch)
    }

    fn end_variation(&mut self, m: &mut V::Movetext, at: &mut Place<'_>) -> ControlFlow<V::Output> {
        self.engine.end_variation();
        self.inner.end_variation(m, at)
    }

    fn termination(
        &mut self,
        m: &mut V::Movetext,
        result: GameResult,
        at: &mut Place<'_>,
    ) -> ControlFlow<V::Output> {
        self.result = Some(result);
        if V::REPLAY_DIAGNOSTICS {
            self.end_at = Some(at.locate());
        }
        self.inner.termination(m, result, at)
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.inner.diagnostic(diagnostic);
    }

    fn late_diagnostic(&mut self, output: &mut V::Output, diagnostic: &Diagnostic) {
        self.inner.late_diagnostic(output, diagnostic);
    }

    fn end_game(&mut self, m: V::Movetext) -> V::Output {
        self.engine.finish(self.result, self.end_at);
        self.flush();
        self.inner.end_game(m)
    }
}

/// Replays a game read before: the same game with each move resolved
/// (or kept as text where it cannot be played) and the start position,
/// and the problems found, placed by the game's source map (a game built
/// by hand can pass `&SourceMap::default()`: its problems have no place).
///
/// It finds the same problems at the same places as the streaming
/// [`Replayer`].
///
/// ```
/// let pgn = b"1. e4 e5 2. Qh5 (2. Ke3) Nc6 *";
/// let (game, source) = pgn_syntax::read_games(&pgn[..]).next().expect("a game")?;
/// let (replayed, problems) = pgn_replay::replay(&game, &source);
/// assert_eq!(problems.len(), 1);
/// assert_eq!(problems[0].to_string(), "1:21: game 1: error: illegal move: `Ke3` (ply 3)");
/// assert_eq!(replayed.movetext.mainline().count(), 4);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn replay(game: &Game, source: &SourceMap) -> (ReplayedGame, Vec<ReplayDiagnostic>) {
    let mut engine = Engine::default();
    engine.begin(source.game);
    for tag in &game.tags {
        engine.tag(tag.name, tag.value);
    }
    engine.start();
    let mut problems = Vec::new();
    let mut movetext = MovetextBuilder::new();
    for (i, node) in game.movetext.nodes().iter().enumerate() {
        match node {
            Node::Move(san) => {
                let outcome = engine.san(&san.text, &mut || source.node(i));
                problems.append(&mut engine.pending);
                movetext.push(Node::Move(match outcome {
                    Outcome::Played { m, .. } => ReplayedMove::Played { m, suffix: san.suffix },
                    Outcome::Unresolved => ReplayedMove::Unresolved(san.clone()),
                }));
            }
            Node::Nag(n) => movetext.push(Node::Nag(*n)),
            Node::Comment { text, kind } => {
                movetext.push(Node::Comment { text: text.clone(), kind: *kind });
            }
            Node::Escape(e) => movetext.push(Node::Escape(e.clone())),
            Node::VariationStart { .. } => {
                engine.begin_variation();
                movetext.open();
            }
            Node::VariationEnd => {
                engine.end_variation();
                movetext.close();
            }
        }
    }
    engine.finish(game.termination, source.termination);
    problems.append(&mut engine.pending);
    let replayed = Game {
        tags: game.tags.clone(),
        start: engine.start.take(),
        movetext: movetext.finish(),
        termination: game.termination,
    };
    (replayed, problems)
}

/// The origin file and rank the SAN of `m` names when no other piece of
/// its role can make it: the file of a pawn's capture, else neither.
#[inline(always)]
fn sole_origin_names(m: Move) -> Origin {
    match m {
        Move::Normal { role: Role::Pawn, from, capture: Some(_), .. }
        | Move::EnPassant { from, .. } => (Some(from.file()), None),
        _ => (None, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(pgn: &[u8]) -> (Game, SourceMap) {
        pgn_syntax::read_games(pgn).next().expect("a game").expect("in memory")
    }

    #[test]
    fn padded_variant_is_chess() {
        let mut engine = Engine::default();
        engine.tag(b"Variant", b" Standard ");
        assert!(engine.variant.as_deref().is_some_and(is_chess_variant));
        assert!(!is_chess_variant(b"Crazyhouse"));
    }

    #[test]
    fn a_game_ended_at_its_tags_goes_no_further() {
        // Games with a `Stop` tag end at `end_tags` with their count of
        // tags: no movetext begins for them, and their bad FEN is never
        // set up (so never reported); the game after one is replayed.
        #[derive(Default)]
        struct Stop {
            movetexts: usize,
            moves: usize,
            problems: usize,
        }
        impl ReplayVisitor for Stop {
            type Tags = (usize, bool);
            type Movetext = ();
            type Output = Option<usize>;
            fn begin_tags(&mut self) -> ControlFlow<Option<usize>, (usize, bool)> {
                ControlFlow::Continue((0, false))
            }
            fn tag(
                &mut self,
                tags: &mut (usize, bool),
                name: &[u8],
                _: &[u8],
                _: &mut Place<'_>,
            ) -> ControlFlow<Option<usize>> {
                *tags = (tags.0 + 1, tags.1 || name == b"Stop");
                ControlFlow::Continue(())
            }
            fn end_tags(
                &mut self,
                tags: (usize, bool),
            ) -> ControlFlow<Option<usize>, (usize, bool)> {
                match tags {
                    (count, true) => ControlFlow::Break(Some(count)),
                    _ => ControlFlow::Continue(tags),
                }
            }
            fn begin_movetext(
                &mut self,
                _: (usize, bool),
                _: Option<&Position>,
            ) -> ControlFlow<Option<usize>> {
                self.movetexts += 1;
                ControlFlow::Continue(())
            }
            fn played(
                &mut self,
                _: &mut (),
                _: &Played<'_>,
                _: &[u8],
                _: &mut Place<'_>,
            ) -> ControlFlow<Option<usize>> {
                self.moves += 1;
                ControlFlow::Continue(())
            }
            fn replay_diagnostic(&mut self, _: &ReplayDiagnostic) {
                self.problems += 1;
            }
            fn end_game(&mut self, _: ()) -> Option<usize> {
                None
            }
        }
        let pgn =
            b"[Stop \"\"]\n[FEN \"not a position\"]\n\n1. e4 *\n\n[White \"x\"]\n\n1. d4 d5 *\n";
        let mut replayer = Replayer::new(Stop::default());
        let outputs: Vec<_> = pgn_syntax::Reader::new(&pgn[..])
            .outputs(&mut replayer)
            .collect::<Result<_, _>>()
            .expect("in memory");
        assert_eq!(outputs, [Some(2), None]);
        let stop = replayer.into_inner();
        assert_eq!((stop.movetexts, stop.moves, stop.problems), (1, 2, 0));
    }

    /// What a visitor sees of each move and the problems it is given,
    /// taking the replay's diagnostics if `D`.
    #[derive(Default)]
    struct Seen<const D: bool> {
        moves: Vec<(Move, Option<bool>)>,
        unresolved: Vec<Vec<u8>>,
        problems: Vec<ReplayDiagnostic>,
    }

    impl<const D: bool> ReplayVisitor for Seen<D> {
        const REPLAY_DIAGNOSTICS: bool = D;
        type Tags = ();
        type Movetext = ();
        type Output = ();
        fn begin_tags(&mut self) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: (), _: Option<&Position>) -> ControlFlow<()> {
            ControlFlow::Continue(())
        }
        fn played(
            &mut self,
            _: &mut (),
            played: &Played<'_>,
            _: &[u8],
            _: &mut Place<'_>,
        ) -> ControlFlow<()> {
            self.moves.push((played.m, played.mate));
            ControlFlow::Continue(())
        }
        fn unresolved(
            &mut self,
            _: &mut (),
            san: &[u8],
            _: Option<Suffix>,
            _: u32,
            _: &mut Place<'_>,
        ) -> ControlFlow<()> {
            self.unresolved.push(san.to_vec());
            ControlFlow::Continue(())
        }
        fn replay_diagnostic(&mut self, d: &ReplayDiagnostic) {
            self.problems.push(d.clone());
        }
        fn end_game(&mut self, _: ()) {}
    }

    /// What a streaming replay of `pgn` shows a [`Seen`].
    fn seen<const D: bool>(pgn: &[u8]) -> Seen<D> {
        let mut replayer = Replayer::new(Seen::<D>::default());
        pgn_syntax::Reader::new(pgn).visit_all(&mut replayer).expect("in memory");
        replayer.into_inner()
    }

    #[test]
    fn tree_and_stream_place_game_problems_alike() {
        // A game-level warning (PlyCount) goes to the termination marker
        // in both replays.
        let pgn = b"[PlyCount \"4\"]\n\n1. e4 e5\n2. Nf3\n*\n";
        let (game, source) = first(pgn);
        let (_, tree) = replay(&game, &source);
        let stream = seen::<true>(pgn).problems;
        assert_eq!(tree.len(), 1, "{tree:?}");
        assert_eq!(tree[0].at.map(|at| (at.line, at.column)), Some((5, 1)));
        assert_eq!(stream, tree);
    }

    #[test]
    fn a_visitor_without_diagnostics_gets_the_same_moves_and_no_problem() {
        // A wrong check mark, a mate written as a check, a PlyCount and a
        // result the moves contradict; then an illegal move and the
        // moves after it, and a bad FEN.
        let pgn = b"[PlyCount \"9\"]\n\n1. f3+ e5 2. g4 Qh4+ 1-0\n\n\
            1. e4 Ke7 2. d4 *\n\n[FEN \"not a position\"]\n\n1. e4 *\n";
        let (told, quiet) = (seen::<true>(pgn), seen::<false>(pgn));
        use ReplayProblem as P;
        assert!(
            matches!(
                told.problems.iter().map(|d| &d.problem).collect::<Vec<_>>().as_slice(),
                [
                    P::Quirk(_),
                    P::Quirk(_),
                    P::PlyCountMismatch { .. },
                    P::ResultContradictsPosition { .. },
                    P::Move(MoveProblem::Illegal),
                    P::InvalidFen(_)
                ]
            ),
            "{:#?}",
            told.problems
        );
        assert!(quiet.problems.is_empty());
        assert_eq!(told.unresolved, [b"Ke7".to_vec(), b"d4".to_vec(), b"e4".to_vec()]);
        assert_eq!(quiet.unresolved, told.unresolved);
        let moves = |s: &[(Move, Option<bool>)]| s.iter().map(|m| m.0).collect::<Vec<_>>();
        assert_eq!(moves(&quiet.moves), moves(&told.moves));
        assert_eq!(told.moves.len(), 5);
        // Only the replay that checks the marks knows Qh4 mates.
        assert_eq!(told.moves[3].1, Some(true));
        assert!(quiet.moves.iter().all(|m| m.1.is_none()));
    }
}
