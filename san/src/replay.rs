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

use chess_core::{Color, Move, Position, Repairs};
use fen_epd::Fen;
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{
    CONTINUE, CommentKind, Diagnostic, Flow, Game, Location, MovetextBuilder, Node, Place, Skip,
    SourceMap, Visitor,
};

use crate::diagnostic::{ReplayDiagnostic, ReplayProblem};
use crate::lines::{Lines, Next};
use crate::problem::{FenProblem, MoveProblem};
use crate::walk::{Played, ReplayedGame, ReplayedMove};
use crate::{Quirks, San, SanKind};

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
}

/// What became of a move.
enum Outcome {
    Played(Move),
    Unresolved,
}

/// Variant tag values whose rules are those of chess (Chess960 castling
/// is part of the move generator). Padding is ignored.
fn is_chess_variant(name: &[u8]) -> bool {
    let lower = name.trim_ascii().to_ascii_lowercase();
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
pub(crate) fn set_up(fen: &[u8]) -> Result<(Position, Repairs), FenProblem> {
    let fen = Fen::from_ascii_lenient(fen.trim_ascii()).map_err(FenProblem::Syntax)?;
    Position::from_setup_repaired(fen.into_setup()).map_err(FenProblem::Illegal)
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

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let slot = match name {
            b"FEN" => &mut self.fen,
            b"Variant" => &mut self.variant,
            b"PlyCount" => &mut self.ply_count,
            _ => return,
        };
        *slot = Some(value.into());
    }

    fn report(&mut self, problem: ReplayProblem, at: Option<Location>, san: Option<(&[u8], u32)>) {
        self.pending.push(ReplayDiagnostic {
            problem,
            at,
            game: self.game,
            san: san.map(|(text, ply)| (text.into(), ply)),
        });
    }

    /// Sets up the main line, once, when the movetext begins. A problem
    /// with the setup is kept until a place to report it is known.
    fn start(&mut self) {
        if self.started {
            return;
        }
        self.started = true;
        let mut start = Some(Position::new());
        if let Some(variant) = self.variant.as_deref().filter(|v| !is_chess_variant(v)) {
            start = None;
            self.setup_problem = Some(ReplayProblem::UnsupportedVariant(variant.into()));
        } else if let Some(fen) = self.fen.as_deref() {
            match set_up(fen) {
                Ok((pos, repairs)) => {
                    start = Some(pos);
                    if !repairs.is_empty() {
                        self.setup_problem = Some(ReplayProblem::RepairedFen(repairs));
                    }
                }
                Err(problem) => {
                    start = None;
                    self.setup_problem = Some(ReplayProblem::InvalidFen(problem));
                }
            }
        }
        self.lines.reset(start.as_ref());
        self.start = start;
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
            let here = at();
            self.report_setup(here);
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
        let resolved = match crate::resolve::resolve_plain(pos, text) {
            Some((m, check)) => Ok((San { kind: SanKind::Null, check }, m, Quirks::empty())),
            None => match San::from_ascii(text) {
                Err(e) => Err(MoveProblem::Unreadable(e.kind)),
                Ok(parsed) => match parsed.resolve(pos) {
                    Ok(r) => Ok((parsed.san, r.m, r.quirks)),
                    Err(e) => Err(MoveProblem::from(e)),
                },
            },
        };
        match resolved {
            Ok((san, m, mut quirks)) => {
                self.lines.play(m);
                if let Some((_, after)) = self.lines.last_move() {
                    // Most moves give no check and are written without a
                    // mark: then there is nothing more to look at.
                    let check = after.is_check();
                    if check || san.check.is_some() {
                        quirks |= san.check_quirks_knowing(check, after);
                    }
                }
                if !quirks.is_empty() {
                    let here = at();
                    for quirk in quirks.iter() {
                        self.report(ReplayProblem::Quirk(quirk), here, Some((text, ply)));
                    }
                }
                Outcome::Played(m)
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
        if !self.started {
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
        let expected = if main.is_checkmate() {
            Some(match main.turn() {
                Color::White => GameResult::BlackWins,
                Color::Black => GameResult::WhiteWins,
            })
        } else if main.is_stalemate() {
            Some(GameResult::Draw)
        } else {
            None
        };
        if let Some(expected) = expected
            && given != GameResult::Unknown
            && given != expected
        {
            self.report(ReplayProblem::ResultContradictsPosition { expected, given }, at, None);
        }
    }
}

fn parse_u32(bytes: &[u8]) -> Option<u32> {
    std::str::from_utf8(bytes).ok()?.trim().parse().ok()
}

/// A visitor of games as they are replayed: a trait of its own, which a
/// [`Replayer`] drives from the reader. Tags, comments, NAGs, variations,
/// the termination marker and the reader's diagnostics come as they are
/// read; moves come resolved ([`ReplayVisitor::played`]) or, when they
/// cannot be played, as text ([`ReplayVisitor::unresolved`]). Every method
/// but `end_game` has a default that ignores its input.
pub trait ReplayVisitor {
    /// What replaying a game produces.
    type Output;

    /// A game starts.
    fn begin_game(&mut self) -> Flow {
        CONTINUE
    }

    /// A tag pair; `value` has its escapes decoded.
    fn tag(&mut self, _name: &[u8], _value: &[u8]) -> Flow {
        CONTINUE
    }

    /// The movetext starts, from `start` (`None` when the game could not
    /// be set up: a bad FEN tag or an unknown variant; then every move
    /// comes as text).
    fn begin_movetext(&mut self, _start: Option<&Position>) -> Flow {
        CONTINUE
    }

    /// A move resolved and played, and its text as written.
    fn played(&mut self, _played: &Played<'_>, _san: &[u8], _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A move that could not be played: the first illegal, ambiguous or
    /// unreadable move of a line and every move after it in that line (and
    /// its variations), kept as text.
    fn unresolved(&mut self, _san: &[u8], _suffix: Option<Suffix>, _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A numeric annotation glyph.
    fn nag(&mut self, _nag: Nag) -> Flow {
        CONTINUE
    }

    /// A comment's text, without its delimiters.
    fn comment(&mut self, _text: &[u8], _kind: CommentKind) -> Flow {
        CONTINUE
    }

    /// A `%` escape line's text, without the `%`.
    fn escape(&mut self, _line: &[u8]) -> Flow {
        CONTINUE
    }

    /// A variation starts. [`Skip::Variation`] skips it (it is neither
    /// replayed nor reported).
    fn begin_variation(&mut self) -> Flow {
        CONTINUE
    }

    /// A variation ends.
    fn end_variation(&mut self) -> Flow {
        CONTINUE
    }

    /// The termination marker (or, for a game without one, its result
    /// where the game ends).
    fn termination(&mut self, _result: GameResult, _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A problem the reader found.
    fn diagnostic(&mut self, _diagnostic: &Diagnostic) -> Flow {
        CONTINUE
    }

    /// A problem the replay found.
    fn replay_diagnostic(&mut self, _diagnostic: &ReplayDiagnostic) -> Flow {
        CONTINUE
    }

    /// The game is over; returns what the visitor made of it.
    fn end_game(&mut self) -> Self::Output;
}

/// Replays games as they are read: a `pgn_syntax::Visitor` that resolves
/// and plays each move and hands the result to a [`ReplayVisitor`].
///
/// ```
/// use pgn_syntax::{Flow, Place, Reader, CONTINUE};
/// use san::{Played, ReplayDiagnostic, ReplayVisitor, Replayer};
///
/// #[derive(Default)]
/// struct Count { moves: usize, problems: usize }
/// impl ReplayVisitor for Count {
///     type Output = ();
///     fn played(&mut self, _: &Played<'_>, _: &[u8], _: &mut Place<'_>) -> Flow {
///         self.moves += 1;
///         CONTINUE
///     }
///     fn replay_diagnostic(&mut self, _: &ReplayDiagnostic) -> Flow {
///         self.problems += 1;
///         CONTINUE
///     }
///     fn end_game(&mut self) {}
/// }
///
/// let pgn = b"1. e4 e5 2. Nf3 (2. Ke3) Nc6 *";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut replayer = Replayer::new(Count::default());
/// while reader.read_game(&mut replayer)?.is_some() {}
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
        Replayer { inner, games: 0, engine: Engine::default(), result: None, end_at: None }
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
    fn flush(&mut self) -> Flow {
        if self.engine.pending.is_empty() { CONTINUE } else { self.flush_pending() }
    }

    #[cold]
    fn flush_pending(&mut self) -> Flow {
        let mut flow = CONTINUE;
        for d in self.engine.pending.drain(..) {
            let f = self.inner.replay_diagnostic(&d);
            if f.is_break() {
                flow = f;
            }
        }
        flow
    }

    /// Sets the game up at its first movetext element.
    fn ensure_started(&mut self) -> Flow {
        if self.engine.started {
            return CONTINUE;
        }
        self.engine.start();
        self.inner.begin_movetext(self.engine.start.as_ref())
    }
}

/// The first break of two flows.
fn either(a: Flow, b: Flow) -> Flow {
    if a.is_break() { a } else { b }
}

impl<V: ReplayVisitor> Visitor for Replayer<V> {
    type Output = V::Output;

    fn begin_game(&mut self) -> Flow {
        self.games += 1;
        self.engine.begin(self.games);
        self.result = None;
        self.end_at = None;
        self.inner.begin_game()
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) -> Flow {
        self.engine.tag(name, value);
        self.inner.tag(name, value)
    }

    fn san(&mut self, san: &[u8], suffix: Option<Suffix>, at: &mut Place<'_>) -> Flow {
        let started = self.ensure_started();
        let outcome = self.engine.san(san, &mut || Some(at.locate()));
        let problems = self.flush();
        let flow = match outcome {
            Outcome::Played(m) => {
                let depth = self.engine.lines.depth();
                let Some((before, after)) = self.engine.lines.last_move() else { return CONTINUE };
                let ply = self.engine.lines.ply();
                let played = Played { m, suffix, before, after, ply, depth };
                self.inner.played(&played, san, at)
            }
            Outcome::Unresolved => self.inner.unresolved(san, suffix, at),
        };
        either(started, either(problems, flow))
    }

    fn nag(&mut self, nag: Nag) -> Flow {
        self.inner.nag(nag)
    }

    fn comment(&mut self, text: &[u8], kind: CommentKind) -> Flow {
        self.inner.comment(text, kind)
    }

    fn escape(&mut self, line: &[u8]) -> Flow {
        self.inner.escape(line)
    }

    fn begin_variation(&mut self) -> Flow {
        let started = self.ensure_started();
        let flow = self.inner.begin_variation();
        // A variation the inner visitor skips is neither reported nor
        // closed by the reader: nothing to replay.
        if !matches!(flow, Flow::Break(Skip::Variation)) {
            self.engine.begin_variation();
        }
        either(started, flow)
    }

    fn end_variation(&mut self) -> Flow {
        self.engine.end_variation();
        self.inner.end_variation()
    }

    fn termination(&mut self, result: GameResult, at: &mut Place<'_>) -> Flow {
        let started = self.ensure_started();
        self.result = Some(result);
        self.end_at = Some(at.locate());
        either(started, self.inner.termination(result, at))
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) -> Flow {
        self.inner.diagnostic(diagnostic)
    }

    fn end_game(&mut self) -> V::Output {
        self.engine.finish(self.result, self.end_at);
        let _ = self.flush();
        self.inner.end_game()
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
/// let (replayed, problems) = san::replay(&game, &source);
/// assert_eq!(problems.len(), 1);
/// assert_eq!(problems[0].to_string(), "1:21: game 1: error: illegal move: `Ke3` (ply 3)");
/// assert_eq!(replayed.movetext.mainline().count(), 4);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn replay(game: &Game, source: &SourceMap) -> (ReplayedGame, Vec<ReplayDiagnostic>) {
    let mut engine = Engine::default();
    engine.begin(source.game);
    for tag in &game.tags {
        engine.tag(&tag.name, &tag.value);
    }
    let mut problems = Vec::new();
    let mut movetext = MovetextBuilder::new();
    for (i, node) in game.movetext.nodes().iter().enumerate() {
        match node {
            Node::Move(san) => {
                let outcome = engine.san(&san.text, &mut || source.node(i));
                problems.append(&mut engine.pending);
                movetext.push(Node::Move(match outcome {
                    Outcome::Played(m) => ReplayedMove::Played { m, suffix: san.suffix },
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
    // As the streaming replay: set up at the first movetext element or
    // the termination marker.
    if !game.movetext.is_empty() || game.termination.is_some() {
        engine.start();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn first(pgn: &[u8]) -> (Game, SourceMap) {
        pgn_syntax::read_games(pgn).next().expect("a game").expect("in memory")
    }

    #[test]
    fn padded_variant_is_chess() {
        assert!(is_chess_variant(b" Standard "));
        assert!(!is_chess_variant(b"Crazyhouse"));
    }

    #[test]
    fn tree_and_stream_place_game_problems_alike() {
        // A game-level warning (PlyCount) goes to the termination marker
        // in both replays.
        let pgn = b"[PlyCount \"4\"]\n\n1. e4 e5\n2. Nf3\n*\n";
        let (game, source) = first(pgn);
        let (_, tree) = replay(&game, &source);
        #[derive(Default)]
        struct Collect(Vec<ReplayDiagnostic>);
        impl ReplayVisitor for Collect {
            type Output = ();
            fn replay_diagnostic(&mut self, d: &ReplayDiagnostic) -> Flow {
                self.0.push(d.clone());
                CONTINUE
            }
            fn end_game(&mut self) {}
        }
        let mut replayer = Replayer::new(Collect::default());
        let mut reader = pgn_syntax::Reader::new(&pgn[..]);
        while reader.read_game(&mut replayer).expect("in memory").is_some() {}
        let stream = replayer.into_inner().0;
        assert_eq!(tree.len(), 1, "{tree:?}");
        assert_eq!(tree[0].at.map(|at| (at.line, at.column)), Some((5, 1)));
        assert_eq!(stream, tree);
    }
}
