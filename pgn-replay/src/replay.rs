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
    TextEncoding, Visitor,
};

use crate::diagnostic::{ReplayDiagnostic, ReplayProblem};
use crate::game::{GameDiagnostic, GameInfo, Replayed};
use crate::lines::{Lines, Next};
use crate::walk::Event;
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
    /// Where the Variant tag is: a variant that is not chess is reported
    /// there.
    variant_at: Option<Location>,
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
    /// No one reads the problems ([`ReplayVisitor::PROBLEMS`]):
    /// none is looked for that changes nothing replayed, and none is kept.
    quiet: bool,
}

/// What became of a move. Its ply is the current line's
/// ([`Lines::ply`]), counted for a move kept as text as if the moves
/// before it in its line were played.
///
/// It is kept to 8 bytes so that it comes back from [`Engine::san`] in a
/// register rather than through memory, where the move's bytes, stored
/// one by one, would be loaded back whole.
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

// Checked when compiling, so it cannot fire at run time: the outcome of a
// move stays small enough to come back in a register.
const _: () = assert!(std::mem::size_of::<Outcome>() <= 8);

/// Variant tag values whose rules are those of chess (Chess960 castling
/// is part of the move generator), without padding (ruling T12).
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
        self.variant_at = None;
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

    /// Reports the setup problem, if any, at `at`; a variant that is not
    /// chess at its Variant tag.
    fn report_setup(&mut self, at: Option<Location>) {
        if let Some(problem) = self.setup_problem.take() {
            let at = match problem {
                ReplayProblem::UnsupportedVariant(_) => self.variant_at.or(at),
                _ => at,
            };
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
                    // mark: then there is nothing more to look at. The
                    // flag is tested after that, off the common path.
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

/// A consumer of games as they are replayed, which a [`Replayer`] drives
/// from the reader: it sees each game's [`GameInfo`] when the tag section
/// is over and when the movetext starts, then every element of the
/// movetext as an [`Event`], the same events as the [`Walker`](crate::Walker)
/// yields over a replayed game (so a writer written once serves both), and
/// the [`GameInfo`] again at the game's end, with its problems. The
/// replayer keeps the per-game bookkeeping (number, tags, result,
/// problems, counts) and hands it out with the consumer's output
/// ([`Replayed`]). `Break(output)` ends a game early; the reader skips
/// the rest of it.
pub trait ReplayVisitor {
    /// Whether the consumer reads the replay's problems; true by default.
    /// A consumer that has no use for them (an encoder, whose errors are
    /// its own) says false: the replay then skips the checks that only
    /// report (a check mark against the position, which takes a search
    /// for a mate after every check; a result or `PlyCount` tag against
    /// the moves), and [`GameInfo::problems`] holds only the reader's. The
    /// moves are the same, and [`GameInfo::start_problem`] is kept; only
    /// [`Played::mate`], which the check marks find, is then `None`.
    const PROBLEMS: bool = true;

    /// What the consumer makes of a game.
    type Output;

    /// The tag section is over ([`GameInfo::tags`]), and the start position
    /// is not set up yet (which costs a FEN tag's parsing). A consumer that
    /// ends the game on its tags alone (a selection that its tag criteria
    /// reject) answers `Break` with its output here: nothing is set up or
    /// replayed for the game.
    fn tags(&mut self, _game: &GameInfo) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The movetext starts, from `start` (`None` when the game could not
    /// be set up, [`GameInfo::start_problem`] says why: then every move
    /// comes as [`Event::Unresolved`]).
    fn begin_movetext(
        &mut self,
        _game: &GameInfo,
        _start: Option<&Position>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// An element of the movetext.
    fn event(&mut self, event: &Event<'_>) -> ControlFlow<Self::Output>;

    /// Whether a variation that starts is entered (true by default); one
    /// that is not is neither replayed nor reported, and no event of it
    /// comes (a consumer of the main line only).
    fn enter_variation(&mut self) -> bool {
        true
    }

    /// The game is over; returns what the consumer made of it.
    fn end_game(&mut self, game: &GameInfo) -> Self::Output;
}

/// Replays games as they are read: a `pgn_syntax::Visitor` that resolves
/// and plays each move and hands the result to a [`ReplayVisitor`] as
/// [`Event`]s. Each game comes out as a [`Replayed`]: its [`GameInfo`]
/// and the consumer's output.
///
/// ```
/// use std::ops::ControlFlow;
/// use pgn_replay::pgn_syntax::Reader;
/// use pgn_replay::{Event, GameInfo, ReplayVisitor, Replayer};
///
/// /// Counts the plies of each game's main line.
/// struct MainLine;
///
/// impl ReplayVisitor for MainLine {
///     type Output = u32;
///     fn event(&mut self, event: &Event<'_>) -> ControlFlow<u32> {
///         ControlFlow::Continue(())
///     }
///     fn enter_variation(&mut self) -> bool {
///         false
///     }
///     fn end_game(&mut self, game: &GameInfo) -> u32 {
///         game.played + game.unresolved
///     }
/// }
///
/// let pgn = b"1. e4 e5 2. Nf3 (2. Ke3) Nc6 *\n\n1. d4 d5 2. Ke3 *";
/// let mut replayer = Replayer::new(MainLine);
/// let games: Vec<_> = Reader::new(&pgn[..]).outputs(&mut replayer).collect::<Result<_, _>>()?;
/// assert_eq!((games[0].output, games[0].info.has_errors()), (4, false));
/// assert_eq!((games[1].output, games[1].info.unresolved), (3, 1));
/// let error = games[1].info.problems.iter().find(|d| d.severity() == pgn_replay::pgn_syntax::Severity::Error);
/// assert_eq!(error.map(|d| d.to_string()).as_deref(), Some("3:13: game 2: error: illegal move: `Ke3` (ply 3)"));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Replayer<V> {
    inner: V,
    games: u64,
    engine: Engine,
    /// The game being read; between games, the problems of the next one.
    /// Boxed, as it goes out with each game: a game's output then moves
    /// a pointer, not the game's bookkeeping.
    info: Box<GameInfo>,
    /// A game's info handed back ([`Replayer::recycle`]), emptied.
    spare: Option<Box<GameInfo>>,
    /// The game's counts of moves played and kept as text, kept here
    /// until its end rather than behind the box on every move.
    played: u32,
    unresolved: u32,
    end_at: Option<Location>,
    /// Whether comment commands are read and the malformed ones reported.
    check_commands: bool,
}

impl<V: ReplayVisitor> Replayer<V> {
    /// Also reads the comment commands of every comment (ruling C1), and
    /// reports each malformed one as a [`ReplayProblem::MalformedCommand`]
    /// warning at its comment (ruling C2). Off by default: a replay that
    /// does not ask pays nothing for commands.
    pub fn check_commands(mut self, check: bool) -> Replayer<V> {
        self.check_commands = check;
        self
    }

    #[inline]
    fn malformed_commands(&mut self, text: &[u8], place: &mut Place<'_>) {
        let mut rest = text;
        while let Some(command) = pgn_commands::first_malformed(rest) {
            if let Err(error) = command.value() {
                let at = Some(place.locate());
                self.engine.report(ReplayProblem::MalformedCommand(error), at, None);
            }
            rest = &rest[command.span().end..];
        }
        self.flush();
    }

    /// A replayer handing its results to `inner`.
    pub fn new(inner: V) -> Replayer<V> {
        let engine = Engine { quiet: !V::PROBLEMS, ..Engine::default() };
        let info = Box::default();
        Replayer {
            inner,
            games: 0,
            engine,
            info,
            spare: None,
            played: 0,
            unresolved: 0,
            end_at: None,
            check_commands: false,
        }
    }

    /// The consumer.
    pub fn inner(&self) -> &V {
        &self.inner
    }

    /// The consumer, mutably.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }

    /// Gives the consumer back.
    pub fn into_inner(self) -> V {
        self.inner
    }

    /// Takes back a game's buffers (its tags and list of problems),
    /// emptied, for the games to come: a caller that hands back every
    /// game it is done with replays a file with no allocation per game
    /// for them.
    pub fn recycle(&mut self, mut info: Box<GameInfo>) {
        if self.spare.is_none() {
            info.tags.clear();
            info.problems.clear();
            self.spare = Some(info);
        }
    }

    /// The problems that are in no game yet: after the last game, those
    /// the reader reported past its end.
    pub fn take_problems(&mut self) -> Vec<GameDiagnostic> {
        std::mem::take(&mut self.info.problems)
    }

    /// Passes the engine's problems to the game's.
    #[inline]
    fn flush(&mut self) {
        if !self.engine.pending.is_empty() {
            self.flush_pending();
        }
    }

    #[cold]
    fn flush_pending(&mut self) {
        self.info.problems.extend(self.engine.pending.drain(..).map(GameDiagnostic::Replay));
    }

    /// The game's info and the consumer's output, for the reader; the
    /// info left behind is the spare one, or a new one.
    fn out(&mut self, output: V::Output) -> Replayed<V::Output> {
        self.order_problems();
        self.count();
        let next = self.spare.take().unwrap_or_default();
        Replayed { info: std::mem::replace(&mut self.info, next), output }
    }

    /// Puts the game's problems in input order: some are found after
    /// problems further on (an incomplete roster, at the game's first tag,
    /// is known when the tags end). Those without a place stay last.
    fn order_problems(&mut self) {
        let problems = &mut self.info.problems;
        let offset = |d: &GameDiagnostic| d.at().map_or(u64::MAX, |at| at.offset);
        if problems.len() > 1 && !problems.is_sorted_by_key(offset) {
            problems.sort_by_key(offset);
        }
    }

    /// Puts the game's counts of moves in its info, and the encoding of
    /// its tag values in its encoding (one test when they are all ASCII).
    fn count(&mut self) {
        self.info.played = self.played;
        self.info.unresolved = self.unresolved;
        if !self.info.tags.is_ascii() {
            let values = self.info.tags.iter().map(|tag| TextEncoding::detect(tag.value));
            self.info.encoding = values.fold(self.info.encoding, TextEncoding::merge);
        }
    }

    /// Ends the game early when the consumer says so.
    #[inline(always)]
    fn forward(&mut self, flow: ControlFlow<V::Output>) -> ControlFlow<Replayed<V::Output>> {
        match flow {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(output) => self.ended(output),
        }
    }

    /// The consumer ended the game: off the path of every move.
    #[cold]
    #[inline(never)]
    fn ended(&mut self, output: V::Output) -> ControlFlow<Replayed<V::Output>> {
        ControlFlow::Break(self.out(output))
    }
}

impl<V: ReplayVisitor> Visitor for Replayer<V> {
    type Tags = ();
    type Movetext = ();
    type Output = Replayed<V::Output>;

    fn game_start(&mut self, offset: u64) {
        self.info.offset = offset;
    }

    fn begin_tags(&mut self) -> ControlFlow<Self::Output> {
        self.games += 1;
        self.engine.begin(self.games);
        self.info.reset(self.games);
        self.played = 0;
        self.unresolved = 0;
        self.end_at = None;
        ControlFlow::Continue(())
    }

    fn tag(
        &mut self,
        _: &mut (),
        name: &[u8],
        value: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        self.engine.tag(name, value);
        if name == b"FEN" {
            self.info.fen_at = Some(at.locate());
        } else if name == b"Variant" {
            self.engine.variant_at = Some(at.locate());
        }
        self.info.tags.push(name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output> {
        let flow = self.inner.tags(&self.info);
        self.forward(flow)?;
        self.engine.start();
        self.info.set_up = self.engine.start.is_some();
        self.info.start_problem = self.engine.setup_problem.clone();
        let flow = self.inner.begin_movetext(&self.info, self.engine.start.as_ref());
        self.forward(flow)
    }

    // Always inlined into the reader's loop, whatever the consumer, so
    // that the move's event is built in registers and handed straight on.
    #[inline(always)]
    fn san(
        &mut self,
        _: &mut (),
        san: &[u8],
        suffix: Option<Suffix>,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        let outcome = self.engine.san(san, &mut || Some(at.locate()));
        self.flush();
        let ply = self.engine.lines.ply();
        let depth = self.engine.lines.depth();
        let flow = match outcome {
            Outcome::Played { m: mv, sole_origin, mate } => {
                self.played += 1;
                let Some((before, after)) = self.engine.lines.last_move() else {
                    return ControlFlow::Continue(());
                };
                let origin = sole_origin.then(|| sole_origin_names(mv));
                let played = Played { m: mv, suffix, before, after, ply, depth, origin, mate };
                self.inner.event(&Event::Move(played))
            }
            Outcome::Unresolved => {
                self.unresolved += 1;
                let number = at.move_number_before();
                self.inner.event(&Event::Unresolved { san, suffix, ply, depth, number })
            }
        };
        self.forward(flow)
    }

    fn nag(&mut self, _: &mut (), nag: Nag, _: &mut Place<'_>) -> ControlFlow<Self::Output> {
        let flow = self.inner.event(&Event::Nag(nag));
        self.forward(flow)
    }

    fn comment(
        &mut self,
        _: &mut (),
        text: &[u8],
        kind: CommentKind,
        place: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        if self.check_commands {
            self.malformed_commands(text, place);
        }
        self.info.encoding = self.info.encoding.merge(TextEncoding::detect(text));
        let flow = self.inner.event(&Event::Comment { text, kind });
        self.forward(flow)
    }

    fn escape(&mut self, _: &mut (), line: &[u8], _: &mut Place<'_>) -> ControlFlow<Self::Output> {
        let flow = self.inner.event(&Event::Escape(line));
        self.forward(flow)
    }

    fn begin_variation(
        &mut self,
        _: &mut (),
        _: &mut Place<'_>,
    ) -> ControlFlow<Self::Output, Branch> {
        // A variation the consumer skips is neither reported nor closed
        // by the reader: nothing to replay.
        if !self.inner.enter_variation() {
            return ControlFlow::Continue(Branch::Skip);
        }
        self.engine.begin_variation();
        let flow = self.inner.event(&Event::BeginVariation { depth: self.engine.lines.depth() });
        self.forward(flow)?;
        ControlFlow::Continue(Branch::Enter)
    }

    fn end_variation(&mut self, _: &mut (), _: &mut Place<'_>) -> ControlFlow<Self::Output> {
        self.engine.end_variation();
        let flow = self.inner.event(&Event::EndVariation);
        self.forward(flow)
    }

    fn termination(
        &mut self,
        _: &mut (),
        result: GameResult,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        self.info.termination = Some(result);
        if V::PROBLEMS {
            self.end_at = Some(at.locate());
        }
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.info.problems.push(GameDiagnostic::Read(diagnostic.clone()));
    }

    fn late_diagnostic(&mut self, game: &mut Self::Output, diagnostic: &Diagnostic) {
        game.info.problems.push(GameDiagnostic::Read(diagnostic.clone()));
    }

    fn end_game(&mut self, _: ()) -> Self::Output {
        self.engine.finish(self.info.termination, self.end_at);
        self.flush();
        self.order_problems();
        self.count();
        let output = self.inner.end_game(&self.info);
        self.out(output)
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
    for (i, tag) in game.tags.iter().enumerate() {
        engine.tag(tag.name, tag.value);
        if tag.name == b"Variant" {
            engine.variant_at = source.tag(i);
        }
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
                    Outcome::Unresolved => ReplayedMove::Unresolved(san.clone(), source.number(i)),
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

    /// What a consumer sees of each move, taking the replay's problems if
    /// `D`; a game with a `Stop` tag is ended at its tags.
    #[derive(Default)]
    struct Seen<const D: bool> {
        movetexts: usize,
        moves: Vec<(Move, Option<bool>)>,
        unresolved: Vec<Vec<u8>>,
        depths: Vec<u32>,
    }

    impl<const D: bool> ReplayVisitor for Seen<D> {
        const PROBLEMS: bool = D;
        type Output = Option<usize>;
        fn tags(&mut self, game: &GameInfo) -> ControlFlow<Option<usize>> {
            match game.tags.get("Stop") {
                Some(_) => ControlFlow::Break(Some(game.tags.len())),
                None => ControlFlow::Continue(()),
            }
        }
        fn begin_movetext(
            &mut self,
            _: &GameInfo,
            _: Option<&Position>,
        ) -> ControlFlow<Option<usize>> {
            self.movetexts += 1;
            ControlFlow::Continue(())
        }
        fn event(&mut self, event: &Event<'_>) -> ControlFlow<Option<usize>> {
            match *event {
                Event::Move(played) => {
                    self.moves.push((played.m, played.mate));
                    self.depths.push(played.depth);
                }
                Event::Unresolved { san, depth, .. } => {
                    self.unresolved.push(san.to_vec());
                    self.depths.push(depth);
                }
                _ => {}
            }
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, _: &GameInfo) -> Option<usize> {
            None
        }
    }

    /// What a streaming replay of `pgn` shows a [`Seen`], and the games.
    fn seen<const D: bool>(pgn: &[u8]) -> (Seen<D>, Vec<Replayed<Option<usize>>>) {
        let mut replayer = Replayer::new(Seen::<D>::default());
        let games = pgn_syntax::Reader::new(pgn)
            .outputs(&mut replayer)
            .collect::<Result<_, _>>()
            .expect("in memory");
        (replayer.into_inner(), games)
    }

    /// The replay's problems of `games`.
    fn problems(games: &[Replayed<Option<usize>>]) -> Vec<ReplayDiagnostic> {
        let replay = |d: &GameDiagnostic| match d {
            GameDiagnostic::Replay(d) => Some(d.clone()),
            GameDiagnostic::Read(_) => None,
        };
        games.iter().flat_map(|g| g.info.problems.iter().filter_map(replay)).collect()
    }

    #[test]
    fn a_game_ended_at_its_tags_goes_no_further() {
        // Games with a `Stop` tag end at their tags with their count of
        // tags: no movetext begins for them, and their bad FEN is never
        // set up (so never reported); the game after one is replayed.
        let pgn =
            b"[Stop \"\"]\n[FEN \"not a position\"]\n\n1. e4 *\n\n[White \"x\"]\n\n1. d4 d5 *\n";
        let (stop, games) = seen::<true>(pgn);
        let outputs: Vec<_> = games.iter().map(|g| g.output).collect();
        assert_eq!(outputs, [Some(2), None]);
        assert_eq!((stop.movetexts, stop.moves.len(), problems(&games).len()), (1, 2, 0));
        assert_eq!(games[0].info.fen_at.map(|at| at.line), Some(2));
        assert!(!games[0].info.set_up && games[1].info.set_up);
        assert_eq!((games[1].info.number, games[1].info.played), (2, 2));
    }

    #[test]
    fn tree_and_stream_place_game_problems_alike() {
        // A game-level warning (PlyCount) goes to the termination marker
        // in both replays.
        let pgn = b"[PlyCount \"4\"]\n\n1. e4 e5\n2. Nf3\n*\n";
        let (game, source) = first(pgn);
        let (_, tree) = replay(&game, &source);
        let stream = problems(&seen::<true>(pgn).1);
        assert_eq!(tree.len(), 1, "{tree:?}");
        assert_eq!(tree[0].at.map(|at| (at.line, at.column)), Some((5, 1)));
        assert_eq!(stream, tree);
    }

    #[test]
    fn unplayable_moves_have_their_depth() {
        let (seen, _) = seen::<true>(b"1. e4 (1. Ke2 d5) e5 (1... Nc6 2. Nf3 (2. Bc4)) *");
        assert_eq!(seen.unresolved, [b"Ke2".to_vec(), b"d5".to_vec()]);
        assert_eq!(seen.depths, [0, 1, 1, 0, 1, 1, 2]);
    }

    #[test]
    fn a_consumer_without_problems_gets_the_same_moves_and_no_problem() {
        // A wrong check mark, a mate written as a check, a PlyCount and a
        // result the moves contradict; then an illegal move and the
        // moves after it, and a bad FEN.
        let pgn = b"[PlyCount \"9\"]\n\n1. f3+ e5 2. g4 Qh4+ 1-0\n\n\
            1. e4 Ke7 2. d4 *\n\n[FEN \"not a position\"]\n\n1. e4 *\n";
        let ((told, told_games), (quiet, quiet_games)) = (seen::<true>(pgn), seen::<false>(pgn));
        let told_problems = problems(&told_games);
        use ReplayProblem as P;
        assert!(
            matches!(
                told_problems.iter().map(|d| &d.problem).collect::<Vec<_>>().as_slice(),
                [
                    P::Quirk(_),
                    P::Quirk(_),
                    P::PlyCountMismatch { .. },
                    P::ResultContradictsPosition { .. },
                    P::Move(MoveProblem::Illegal),
                    P::InvalidFen(_)
                ]
            ),
            "{told_problems:#?}"
        );
        assert!(problems(&quiet_games).is_empty());
        // The start position's problem is kept either way.
        for games in [&told_games, &quiet_games] {
            assert!(matches!(games[2].info.start_problem, Some(P::InvalidFen(_))));
            assert!(games[2].info.is_broken() && games[1].info.is_broken());
            assert!(!games[0].info.is_broken());
        }
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
