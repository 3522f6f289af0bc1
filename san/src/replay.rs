//! Replaying games: every move of the main line and of every variation
//! resolved against its position and played, as the game is read
//! ([`Replayer`], a `pgn_syntax::Visitor` around a [`ReplayVisitor`]) or
//! over a tree read before ([`replay`]).
//!
//! The start position is the FEN tag's when there is one (§9.7), else the
//! standard one. A variation replaces the move before it (§8.2.5): it
//! starts from the position before that move. An illegal, ambiguous or
//! unreadable move is an error; the rest of its line of play is kept as
//! text (nothing is lost), its variations too, and the other lines go on.
//! Lenient forms of import SAN are warnings ([`Quirks`](crate::Quirks)). When the main line
//! is over, its final position is checked against the game's result
//! (checkmate or stalemate with another result), and against PlyCount.

use chess_core::{Color, Move, Position, Repairs};
use fen_epd::Fen;
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{
    CONTINUE, CommentKind, Diagnostic, Flow, Game, Location, Movetext, Node, Place, SanText, Skip,
    Tag, Visitor,
};

use crate::diagnostic::{ReplayDiagnostic, ReplayProblem};
use crate::{Quirks, ResolveError, San, SanKind};

/// A move that was resolved and played.
#[derive(Debug)]
pub struct Played<'a> {
    /// The move as written.
    pub san: &'a [u8],
    /// Its suffix annotation.
    pub suffix: Option<Suffix>,
    /// The legal move it stands for.
    pub m: Move,
    /// The position it was played in.
    pub before: &'a Position,
    /// The position after it.
    pub after: &'a Position,
    /// Its ply: half-moves from the game's start position, from 1.
    pub ply: u32,
    /// 0 on the main line, 1 in a variation of it, and so on.
    pub depth: u32,
}

/// A visitor of replayed games: a `pgn_syntax::Visitor` (tags, comments,
/// NAGs, variations, termination and syntax diagnostics come to it as they
/// are read) that gets moves resolved, through [`ReplayVisitor::played`]
/// and [`ReplayVisitor::unresolved`], instead of [`Visitor::san`], which a
/// [`Replayer`] never calls.
pub trait ReplayVisitor: Visitor {
    /// The start position of the game, once known (before its first move).
    fn start(&mut self, _pos: &Position) {}

    /// A move resolved and played.
    fn played(&mut self, _played: &Played<'_>, _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A move that could not be played: the first illegal, ambiguous or
    /// unreadable move of a line and every move after it in that line (and
    /// its variations), kept as text.
    fn unresolved(&mut self, _san: &[u8], _suffix: Option<Suffix>, _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A problem the replay found.
    fn replay_diagnostic(&mut self, _diagnostic: &ReplayDiagnostic) -> Flow {
        CONTINUE
    }
}

/// One line of play being replayed.
#[derive(Clone, Debug)]
struct LineState {
    /// The position after the line's last move.
    pos: Position,
    /// The position before the line's last move: where a variation of
    /// that move starts, when `has_before` (not before the line's first
    /// move, nor after a move that could not be played). A plain field,
    /// overwritten in place at every move.
    before: Position,
    has_before: bool,
    /// The ply of the line's last move.
    ply: u32,
    /// An earlier move of this line (or of the line it branches from)
    /// could not be played: the rest is text.
    dead: bool,
    /// A variation that has no move to replace: reported at its first move.
    orphan: bool,
}

/// The replay of one game, shared by the streaming and the tree replay.
#[derive(Debug, Default)]
struct Engine {
    /// The game's number in its input, from 1.
    game: u64,
    started: bool,
    /// The main line, then the open variations.
    lines: Vec<LineState>,
    /// Values of the tags the replay reads.
    fen: Option<Vec<u8>>,
    variant: Option<Vec<u8>>,
    ply_count: Option<Vec<u8>>,
    /// The game's moves are not checked (bad FEN, unknown variant).
    unchecked: bool,
    /// Why, until it is reported.
    setup_problem: Option<ReplayProblem>,
    /// Main-line moves, played or not.
    mainline_moves: u32,
    /// Where the game-level checks report: the termination marker, else
    /// the first move.
    first_at: Option<Location>,
    /// Problems found since the caller last took them.
    pending: Vec<ReplayDiagnostic>,
}

/// What became of a move.
enum Outcome {
    Played { m: Move, ply: u32, depth: u32 },
    Unresolved,
}

/// Variant tag values whose rules are those of chess (Chess960 castling
/// is part of the move generator).
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

impl Engine {
    fn begin(&mut self, game: u64) {
        self.game = game;
        self.started = false;
        self.lines.clear();
        self.fen = None;
        self.variant = None;
        self.ply_count = None;
        self.unchecked = false;
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
        *slot = Some(value.to_vec());
    }

    fn report(&mut self, problem: ReplayProblem, at: Location, san: Option<(&[u8], u32)>) {
        self.pending.push(ReplayDiagnostic {
            problem,
            at,
            game: self.game,
            san: san.map(|(text, ply)| (text.into(), ply)),
        });
    }

    /// Sets up the main line at the game's first movetext element; returns
    /// the start position when there is one. A problem with the setup is
    /// kept until a place to report it is known ([`Engine::report_setup`]).
    fn start(&mut self) -> Option<&Position> {
        if self.started {
            return None;
        }
        self.started = true;
        let mut pos = Position::new();
        if let Some(variant) = self.variant.as_deref().filter(|v| !is_chess_variant(v)) {
            let name = String::from_utf8_lossy(variant).into_owned();
            self.unchecked = true;
            self.setup_problem = Some(ReplayProblem::UnsupportedVariant(name));
        } else if let Some(fen) = self.fen.as_deref() {
            match Fen::from_ascii_lenient(fen).map_err(|e| e.to_string()).and_then(set_up) {
                Ok((p, repairs)) => {
                    pos = p;
                    if !repairs.is_empty() {
                        self.setup_problem = Some(ReplayProblem::RepairedFen(repairs.to_string()));
                    }
                }
                Err(why) => {
                    self.unchecked = true;
                    self.setup_problem = Some(ReplayProblem::InvalidFen(why));
                }
            }
        }
        let ply = ply_before(&pos);
        let dead = self.unchecked;
        let before = pos.clone();
        self.lines.push(LineState { pos, before, has_before: false, ply, dead, orphan: false });
        if dead { None } else { self.lines.first().map(|l| &l.pos) }
    }

    /// Reports the setup problem, if any, at `at`.
    fn report_setup(&mut self, at: &mut dyn FnMut() -> Location) {
        if let Some(problem) = self.setup_problem.take() {
            self.report(problem, at(), None);
        }
    }

    fn san(&mut self, text: &[u8], at: &mut dyn FnMut() -> Location) -> Outcome {
        self.report_setup(at);
        let depth = self.lines.len().saturating_sub(1) as u32;
        let Some(line) = self.lines.last_mut() else { return Outcome::Unresolved };
        line.ply += 1;
        let ply = line.ply;
        if depth == 0 {
            self.mainline_moves += 1;
            if self.first_at.is_none() {
                self.first_at = Some(at());
            }
        }
        if line.orphan {
            line.orphan = false;
            line.dead = true;
            self.report(ReplayProblem::VariationWithoutMove, at(), Some((text, ply)));
            return Outcome::Unresolved;
        }
        if line.dead {
            line.has_before = false;
            return Outcome::Unresolved;
        }
        // Export SAN first, in one pass; the full reader and resolver take
        // the rest. Only the check mark of the fast path's SAN is read
        // below (its kind is a placeholder).
        let fast = crate::resolve::resolve_plain(&line.pos, text)
            .map(|(m, check)| (San { kind: SanKind::Null, check }, m, Quirks::empty()));
        let resolved = fast.ok_or(()).or_else(|()| {
            let p = San::from_ascii(text).map_err(|_| ReplayProblem::NotAMove)?;
            match p.resolve(&line.pos) {
                Ok(r) => Ok((p.san, r.m, r.quirks)),
                Err(ResolveError::Ambiguous { candidates }) => {
                    Err(ReplayProblem::AmbiguousMove { candidates: candidates.len() })
                }
                Err(_) => Err(ReplayProblem::IllegalMove),
            }
        });
        match resolved {
            Ok((san, m, mut quirks)) => {
                line.before.clone_from(&line.pos);
                line.has_before = true;
                line.pos.play_unchecked(m);
                // Most moves give no check and are written without a mark:
                // then there is nothing more to look at.
                let check = line.pos.is_check();
                if check || san.check.is_some() {
                    quirks |= san.check_quirks_knowing(check, &line.pos);
                }
                if !quirks.is_empty() {
                    let here = at();
                    for quirk in quirks.iter() {
                        self.report(ReplayProblem::Quirk(quirk), here, Some((text, ply)));
                    }
                }
                Outcome::Played { m, ply, depth }
            }
            Err(problem) => {
                line.dead = true;
                line.has_before = false;
                self.report(problem, at(), Some((text, ply)));
                Outcome::Unresolved
            }
        }
    }

    fn begin_variation(&mut self) {
        let Some(parent) = self.lines.last() else { return };
        let line = if parent.has_before {
            LineState {
                pos: parent.before.clone(),
                before: parent.before.clone(),
                has_before: false,
                ply: parent.ply.saturating_sub(1),
                dead: false,
                orphan: false,
            }
        } else {
            LineState {
                pos: parent.pos.clone(),
                before: parent.pos.clone(),
                has_before: false,
                ply: parent.ply.saturating_sub(1),
                dead: parent.dead,
                // Nothing before it in a live line: reported at its first move.
                orphan: !parent.dead,
            }
        };
        self.lines.push(line);
    }

    fn end_variation(&mut self) {
        if self.lines.len() > 1 {
            self.lines.pop();
        }
    }

    /// The game-level checks, once the main line is over.
    fn finish(&mut self, result: Option<GameResult>, end_at: Option<Location>) {
        if self.lines.is_empty() {
            return;
        }
        let at = end_at.or(self.first_at).unwrap_or_default();
        self.report_setup(&mut || at);
        if let Some(tag) = self.ply_count.as_deref().and_then(parse_u32)
            && tag != self.mainline_moves
        {
            let moves = self.mainline_moves;
            self.report(ReplayProblem::PlyCountMismatch { tag, moves }, at, None);
        }
        let Some(main) = self.lines.first() else { return };
        if main.dead || self.mainline_moves == 0 {
            return;
        }
        let given = result.unwrap_or(GameResult::Unknown);
        let expected = if main.pos.is_checkmate() {
            Some(match main.pos.turn() {
                Color::White => GameResult::BlackWins,
                Color::Black => GameResult::WhiteWins,
            })
        } else if main.pos.is_stalemate() {
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

/// The position of a FEN tag. Castling rights without their king and rook,
/// and an en passant square with no pawn that could just have advanced,
/// are dropped (as other readers do) and said in the repairs; anything
/// else illegal is an error.
pub(crate) fn set_up(fen: Fen) -> Result<(Position, Repairs), String> {
    Position::from_setup_repaired(fen.into_setup()).map_err(|e| e.to_string())
}

/// The ply of the last move before `pos`: 0 for a white move to come at
/// move 1 (plies count from the start position's move number).
fn ply_before(pos: &Position) -> u32 {
    let full = pos.fullmoves().get().saturating_sub(1);
    full.saturating_mul(2) + u32::from(pos.turn() == Color::Black)
}

fn parse_u32(bytes: &[u8]) -> Option<u32> {
    std::str::from_utf8(bytes).ok()?.trim().parse().ok()
}

/// Replays games as they are read: a `pgn_syntax::Visitor` that resolves
/// and plays each move and hands the result to a [`ReplayVisitor`].
///
/// ```
/// use pgn_syntax::{Flow, Place, Reader, Visitor, CONTINUE};
/// use san::{Played, ReplayDiagnostic, ReplayVisitor, Replayer};
///
/// #[derive(Default)]
/// struct Count { moves: usize, problems: usize }
/// impl Visitor for Count {
///     type Output = ();
///     fn end_game(&mut self) {}
/// }
/// impl ReplayVisitor for Count {
///     fn played(&mut self, _: &Played<'_>, _: &mut Place<'_>) -> Flow {
///         self.moves += 1;
///         CONTINUE
///     }
///     fn replay_diagnostic(&mut self, _: &ReplayDiagnostic) -> Flow {
///         self.problems += 1;
///         CONTINUE
///     }
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

    fn ensure_started(&mut self) {
        if self.engine.started {
            return;
        }
        if let Some(pos) = self.engine.start().cloned() {
            self.inner.start(&pos);
        }
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

    fn begin_movetext(&mut self) -> Flow {
        self.inner.begin_movetext()
    }

    fn san(&mut self, san: &[u8], suffix: Option<Suffix>, at: &mut Place<'_>) -> Flow {
        self.ensure_started();
        let outcome = self.engine.san(san, &mut || at.locate());
        let problems = self.flush();
        let flow = match outcome {
            Outcome::Played { m, ply, depth } => {
                let Some(line) = self.engine.lines.last() else { return CONTINUE };
                if !line.has_before {
                    return CONTINUE;
                }
                let before = &line.before;
                let played = Played { san, suffix, m, before, after: &line.pos, ply, depth };
                self.inner.played(&played, at)
            }
            Outcome::Unresolved => self.inner.unresolved(san, suffix, at),
        };
        either(problems, flow)
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
        self.ensure_started();
        let flow = self.inner.begin_variation();
        // A variation the inner visitor skips is neither reported nor
        // closed by the reader: nothing to replay.
        if !matches!(flow, Flow::Break(Skip::Variation)) {
            self.engine.begin_variation();
        }
        flow
    }

    fn end_variation(&mut self) -> Flow {
        self.engine.end_variation();
        self.inner.end_variation()
    }

    fn termination(&mut self, result: GameResult, at: &mut Place<'_>) -> Flow {
        self.ensure_started();
        self.result = Some(result);
        self.end_at = Some(at.locate());
        self.inner.termination(result, at)
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

/// A move of a replayed tree.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReplayedMove {
    /// Resolved and played.
    Played {
        /// The legal move.
        m: Move,
        /// The move as it was written.
        san: SanText,
    },
    /// Not played (see [`ReplayVisitor::unresolved`]): kept as written.
    Unresolved(SanText),
}

/// A game replayed from its tree: the same shape, with resolved moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedGame {
    /// The tags, as read.
    pub tags: Vec<Tag>,
    /// The start position, if the game could be set up.
    pub start: Option<Position>,
    /// The movetext, moves resolved where they could be.
    pub movetext: Movetext<ReplayedMove>,
    /// The termination marker, if the game had one.
    pub termination: Option<GameResult>,
    /// The reader's diagnostics of the game.
    pub diagnostics: Vec<Diagnostic>,
    /// The replay's diagnostics.
    pub replay_diagnostics: Vec<ReplayDiagnostic>,
}

/// Replays a game read before into its tree of resolved moves. `number`
/// is the game's number in its input, for the diagnostics.
///
/// ```
/// let pgn = b"1. e4 e5 2. Qh5 (2. Ke3) Nc6 *";
/// let game = pgn_syntax::read_games(&pgn[..]).next().expect("a game")?;
/// let replayed = san::replay(&game, 1);
/// assert_eq!(replayed.replay_diagnostics.len(), 1);
/// assert_eq!(replayed.movetext.mainline().count(), 4);
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn replay(game: &Game, number: u64) -> ReplayedGame {
    let mut engine = Engine::default();
    engine.begin(number);
    for tag in &game.tags {
        engine.tag(&tag.name, &tag.value);
    }
    let first = game.movetext.nodes().iter().find_map(|n| match n {
        Node::Move(m) => Some(m.at),
        _ => None,
    });
    let start = engine.start().cloned();
    engine.report_setup(&mut || first.unwrap_or_default());
    let mut replay_diagnostics = std::mem::take(&mut engine.pending);
    let mut last_at = None;
    let mut nodes = Vec::with_capacity(game.movetext.nodes().len());
    for node in game.movetext.nodes() {
        nodes.push(match node {
            Node::Move(san) => {
                let at = san.at;
                let outcome = engine.san(&san.text, &mut || at);
                if engine.lines.len() == 1 {
                    last_at = Some(at);
                }
                replay_diagnostics.append(&mut engine.pending);
                Node::Move(match outcome {
                    Outcome::Played { m, .. } => ReplayedMove::Played { m, san: san.clone() },
                    Outcome::Unresolved => ReplayedMove::Unresolved(san.clone()),
                })
            }
            Node::Nag(n) => Node::Nag(*n),
            Node::Comment { text, kind } => Node::Comment { text: text.clone(), kind: *kind },
            Node::Escape(e) => Node::Escape(e.clone()),
            Node::VariationStart { end } => {
                engine.begin_variation();
                Node::VariationStart { end: *end }
            }
            Node::VariationEnd => {
                engine.end_variation();
                Node::VariationEnd
            }
        });
    }
    engine.finish(game.termination, last_at);
    replay_diagnostics.append(&mut engine.pending);
    ReplayedGame {
        tags: game.tags.clone(),
        start,
        movetext: Movetext::from_nodes(nodes),
        termination: game.termination,
        diagnostics: game.diagnostics.clone(),
        replay_diagnostics,
    }
}
