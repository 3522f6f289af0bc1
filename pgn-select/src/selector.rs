//! [`Selector`]: a [`ReplayVisitor`] that decides, as a game is read and
//! replayed, whether it is selected, in front of another visitor (an
//! exporter, say) that gets every event of the games that may be.
//!
//! Tag criteria are decided when the tags end; a game they reject is
//! ended there, and the reader skips its movetext without replaying it.
//! Move, position and material criteria are decided as the moves come; a
//! game is ended as soon as it is known to fail (a position it can no
//! longer reach, an opening it left). The rest is decided at its end.

use std::io::{self, Read};
use std::ops::ControlFlow;

use chess_core::{Move, Position, Role};
use pgn_commands::{CommandKind, Value};
use pgn_replay::pgn_syntax::Reader;
use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::{
    CollectedGame, Event, GameInfo, ReplayCollector, ReplayVisitor, Replayed, ReplayedGame,
    Replayer, Walker,
};
use san::Played;

use crate::criterion::{Criterion, Ending, MATE_CENTIPAWNS, with_slot};
use crate::selection::Selection;

/// What became of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Verdict {
    /// It passes the selection (or fails it, when the selection is
    /// inverted).
    Selected,
    /// It does not.
    Rejected,
    /// It could not be replayed (a move that cannot be played, a start
    /// that cannot be set up) before its verdict was known. A game whose
    /// verdict is known earlier is not replayed further, so a move that
    /// cannot be played after that point goes unseen: a game whose tags
    /// fail, or that left a wanted opening, is `Rejected` whatever comes
    /// later. Selected games are always replayed to their end.
    Unplayable,
}

/// What the selector learned of a game, beside its verdict.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Facts {
    /// Plies of the main line, as far as it was replayed.
    pub plies: u32,
    /// Variations seen (before the game was decided).
    pub variations: u32,
    /// Comments seen (before the game was decided).
    pub comments: u32,
    /// The main line's final position, when the selector was asked to
    /// keep it ([`Selector::keep_final_position`]) and the game was
    /// replayed to its end. Boxed: a game's [`Selected`] is moved from
    /// visitor to reader to caller, and most selections keep none.
    pub final_position: Option<Box<Position>>,
    /// The termination marker.
    pub termination: Option<GameResult>,
    /// The Result tag's value, when it is one of the four results (the
    /// last Result pair, ruling E2).
    pub result_tag: Option<GameResult>,
}

/// Puts `pos` in `slot`, in the box already there if there is one (so a
/// game's moves allocate nothing).
fn keep_position(slot: &mut Option<Box<Position>>, pos: &Position) {
    match slot {
        Some(kept) => (**kept).clone_from(pos),
        None => *slot = Some(Box::new(pos.clone())),
    }
}

/// A game as the selector hands it on (its number, tags and problems are
/// the replay's [`GameInfo`]).
#[derive(Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Selected<O> {
    /// The game was ended before the consumer behind the selector saw all
    /// of it: rejected by its tags (nothing of it reached the consumer),
    /// or as soon as a criterion failed for good.
    Rejected {
        /// What was learned of it.
        facts: Facts,
    },
    /// The game was read to its end, or the consumer behind the selector
    /// ended it: its verdict and the consumer's output.
    Decided {
        /// The verdict.
        verdict: Verdict,
        /// What was learned of it.
        facts: Facts,
        /// The consumer's output.
        output: O,
    },
}

impl<O> Selected<O> {
    /// The verdict.
    pub fn verdict(&self) -> Verdict {
        match self {
            Selected::Rejected { .. } => Verdict::Rejected,
            Selected::Decided { verdict, .. } => *verdict,
        }
    }

    /// What was learned of the game.
    pub fn facts(&self) -> &Facts {
        match self {
            Selected::Rejected { facts } | Selected::Decided { facts, .. } => facts,
        }
    }

    /// The consumer's output, for a game it saw to its end.
    pub fn output(&self) -> Option<&O> {
        match self {
            Selected::Rejected { .. } => None,
            Selected::Decided { output, .. } => Some(output),
        }
    }

    /// The consumer's output, taken.
    pub fn into_output(self) -> Option<O> {
        match self {
            Selected::Rejected { .. } => None,
            Selected::Decided { output, .. } => Some(output),
        }
    }
}

/// The state of one criterion in the game being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    Pass,
    Fail,
}

/// Selects games as they are replayed, in front of `V` (see the module
/// documentation). Use it inside a [`pgn_replay::Replayer`].
///
/// ```
/// use pgn_replay::pgn_syntax::Reader;
/// use pgn_replay::Replayer;
/// use pgn_select::{Decide, Selection, Selector, Verdict};
///
/// let pgn = b"[White \"Tal\"]\n\n1. e4 e5 *\n\n[White \"Petrosian\"]\n\n1. d4 *\n";
/// let selection = Selection::parse("player Tal\nplies 2")?;
/// let mut replayer = Replayer::new(Selector::new(selection, Decide));
/// let verdicts: Vec<Verdict> = Reader::new(&pgn[..])
///     .outputs(&mut replayer)
///     .map(|g| g.map(|g| g.output.verdict()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(verdicts, [Verdict::Selected, Verdict::Rejected]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Selector<V> {
    selection: Selection,
    inner: V,
    states: Vec<State>,
    /// Per criterion, the tag slots whose last pair passed.
    hits: Vec<u8>,
    /// The tag criteria, by index.
    tag_tests: Vec<usize>,
    /// Some criterion looks at positions ([`Selection::watches_positions`]).
    watches_positions: bool,
    /// Some criterion is an opening in a fixed order.
    openings: bool,
    facts: Facts,
    broken: bool,
    keep_final: bool,
    main_line: Vec<Move>,
    keep_moves: bool,
    start: Option<Position>,
    /// Some criterion looks at comment commands.
    watches_commands: bool,
    /// The depth of the line being read (0 on the main line).
    depth: u32,
    /// The main-line ply whose clock was read last.
    clock_ply: u32,
    /// The last main-line ply with an evaluation, and the evaluation.
    last_eval: Option<(u32, i32)>,
}

impl<V: ReplayVisitor> Selector<V> {
    /// A selector of `selection` in front of `inner`.
    pub fn new(selection: Selection, inner: V) -> Selector<V> {
        let keep_final = selection.criteria().iter().any(|c| {
            matches!(
                c,
                Criterion::Ending(_)
                    | Criterion::ResultContradicts
                    | Criterion::Material { at_end: true, .. }
            )
        });
        let watches_commands = selection.criteria().iter().any(|c| {
            matches!(c, Criterion::ClockBelow(_) | Criterion::EvalSwing(_) | Criterion::EvalEnd(..))
        });
        let tag_tests = (0..selection.criteria().len())
            .filter(|&i| selection.criteria()[i].is_tag_test())
            .collect();
        Selector {
            states: vec![State::Open; selection.criteria().len()],
            hits: vec![0; selection.criteria().len()],
            tag_tests,
            watches_positions: selection.watches_positions(),
            openings: selection
                .criteria()
                .iter()
                .any(|c| matches!(c, Criterion::Opening(o) if !o.transpositions)),
            selection,
            inner,
            facts: Facts::default(),
            broken: false,
            keep_final,
            main_line: Vec::new(),
            keep_moves: false,
            start: None,
            watches_commands,
            depth: 0,
            clock_ply: 0,
            last_eval: None,
        }
    }

    /// Also keeps each game's final position ([`Facts::final_position`]),
    /// which some criteria need anyway.
    pub fn keep_final_position(mut self, keep: bool) -> Selector<V> {
        self.keep_final |= keep;
        self
    }

    /// Also keeps each game's start position and main-line moves
    /// ([`Selector::main_line`]): what duplicate detection compares.
    pub fn keep_main_line(mut self, keep: bool) -> Selector<V> {
        self.keep_moves = keep;
        self
    }

    /// The start position and main-line moves of the last game, when kept
    /// ([`Selector::keep_main_line`]) and the game was replayed (`None`
    /// for a game that could not be set up).
    pub fn main_line(&self) -> Option<(&Position, &[Move])> {
        Some((self.start.as_ref()?, &self.main_line))
    }

    /// The selection.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// The inner visitor.
    pub fn inner(&self) -> &V {
        &self.inner
    }

    /// The inner visitor, to change.
    pub fn inner_mut(&mut self) -> &mut V {
        &mut self.inner
    }

    /// Whether every criterion is decided, and if so whether all pass.
    fn decided(&self) -> Option<bool> {
        let mut all = true;
        for s in &self.states {
            match s {
                State::Fail => return Some(false),
                State::Open => all = false,
                State::Pass => {}
            }
        }
        all.then_some(true)
    }

    /// True if the game is known to be rejected: the time to stop.
    fn rejected_early(&self) -> bool {
        self.decided().is_some_and(|pass| pass == self.selection.invert())
    }

    fn verdict(&self) -> Verdict {
        if self.broken {
            return Verdict::Unplayable;
        }
        let pass = self.decided().unwrap_or(false);
        if pass != self.selection.invert() { Verdict::Selected } else { Verdict::Rejected }
    }

    /// The game's output, the consumer's being `output`.
    fn output(&mut self, output: V::Output) -> Selected<V::Output> {
        let verdict = self.verdict();
        Selected::Decided { verdict, facts: std::mem::take(&mut self.facts), output }
    }

    /// The game's output when it is rejected before its end.
    fn rejected(&mut self) -> Selected<V::Output> {
        // Not the end of the game: no final position.
        self.facts.final_position = None;
        Selected::Rejected { facts: std::mem::take(&mut self.facts) }
    }

    /// Decides the tag criteria, the tag section being over: true if the
    /// game is rejected already.
    fn tags_reject(&mut self) -> bool {
        for &i in &self.tag_tests {
            self.states[i] = if self.hits[i] != 0 { State::Pass } else { State::Fail };
        }
        self.rejected_early()
    }

    /// Ends the game early as rejected, when it is.
    fn stop(&mut self) -> ControlFlow<Selected<V::Output>> {
        if self.rejected_early() {
            return ControlFlow::Break(self.rejected());
        }
        ControlFlow::Continue(())
    }

    /// The criteria of positions, at a position of a line (the start, or
    /// after a move).
    fn position(&mut self, pos: &Position, main: bool, ply: u32) {
        let any_line = self.selection.any_line();
        for (c, s) in self.selection.criteria().iter().zip(&mut self.states) {
            if *s != State::Open {
                continue;
            }
            match c {
                Criterion::Reaches(target) if main || any_line => {
                    if target.is(pos) {
                        *s = State::Pass;
                    } else if main && !any_line && target.out_of_reach(pos) {
                        *s = State::Fail;
                    }
                }
                Criterion::Material { pattern, at_end: false }
                    if (main || any_line) && pattern.matches(pos.board()) =>
                {
                    *s = State::Pass;
                }
                Criterion::Opening(o) if main && o.transpositions => {
                    let n = o.moves.len() as u32;
                    if ply == n {
                        *s = if o.after.is(pos) { State::Pass } else { State::Fail };
                    } else if o.after.out_of_reach(pos) {
                        *s = State::Fail;
                    }
                }
                _ => {}
            }
        }
    }

    /// The criteria decided at the end of the game.
    fn finish(&mut self) {
        let plies = self.facts.plies;
        let final_pos = self.facts.final_position.as_ref();
        let (variations, comments) = (self.facts.variations, self.facts.comments);
        let result = self.facts.result_tag.or(self.facts.termination);
        for (c, s) in self.selection.criteria().iter().zip(&mut self.states) {
            if *s != State::Open {
                continue;
            }
            let pass = match c {
                Criterion::Plies(b) => b.contains(plies),
                Criterion::Moves(b) => b.contains(plies.div_ceil(2)),
                Criterion::Ending(e) => final_pos.is_some_and(|p| ends(p, *e)),
                Criterion::HasVariations => variations > 0,
                Criterion::HasComments => comments > 0,
                Criterion::EvalEnd(op, value) => {
                    self.last_eval.is_some_and(|(_, cp)| op.holds(i64::from(cp), i64::from(*value)))
                }
                Criterion::ResultContradicts => final_pos.is_some_and(|p| contradicts(p, result)),
                Criterion::Material { pattern, at_end: true } => {
                    final_pos.is_some_and(|p| pattern.matches(p.board()))
                }
                // Not reached, not matched, not long enough.
                _ => false,
            };
            *s = if pass { State::Pass } else { State::Fail };
        }
    }
}

/// True if the position ends the game this way.
fn ends(pos: &Position, ending: Ending) -> bool {
    match ending {
        Ending::Checkmate => pos.is_checkmate(),
        Ending::Stalemate => pos.is_stalemate(),
        Ending::BareKing => {
            let board = pos.board();
            (board.by_color(pos.turn()) & !board.by_role(Role::King)).is_empty()
        }
    }
}

/// True if the result given contradicts the final position
/// ([`pgn_replay::ending_result`], as the replay's own check has it).
fn contradicts(pos: &Position, given: Option<GameResult>) -> bool {
    let given = given.unwrap_or(GameResult::Unknown);
    pgn_replay::ending_result(pos)
        .is_some_and(|forced| given != GameResult::Unknown && given != forced)
}

impl<V: ReplayVisitor> ReplayVisitor for Selector<V> {
    const PROBLEMS: bool = V::PROBLEMS;

    type Output = Selected<V::Output>;

    // A game its tags reject ends here, before the replay sets up its
    // start position.
    fn tags(&mut self, game: &GameInfo) -> ControlFlow<Self::Output> {
        self.states.iter_mut().for_each(|s| *s = State::Open);
        self.hits.iter_mut().for_each(|h| *h = 0);
        self.facts = Facts::default();
        self.broken = false;
        self.main_line.clear();
        self.start = None;
        self.depth = 0;
        self.clock_ply = 0;
        self.last_eval = None;
        for tag in &game.tags {
            for &i in &self.tag_tests {
                if let Some((slot, pass)) =
                    self.selection.criteria()[i].test_pair(tag.name, tag.value)
                {
                    self.hits[i] = with_slot(self.hits[i], slot, pass);
                }
            }
            if tag.name == b"Result" {
                self.facts.result_tag = GameResult::from_ascii(tag.value.trim_ascii()).ok();
            }
        }
        if self.tags_reject() {
            return ControlFlow::Break(self.rejected());
        }
        match self.inner.tags(game) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(o) => ControlFlow::Break(self.output(o)),
        }
    }

    fn begin_movetext(
        &mut self,
        game: &GameInfo,
        start: Option<&Position>,
    ) -> ControlFlow<Self::Output> {
        match start {
            Some(pos) => {
                self.position(pos, true, 0);
                if self.keep_final {
                    keep_position(&mut self.facts.final_position, pos);
                }
                if self.keep_moves {
                    self.start = Some(pos.clone());
                }
                for (c, s) in self.selection.criteria().iter().zip(&mut self.states) {
                    if let Criterion::Opening(o) = c
                        && !o.transpositions
                        && *s == State::Open
                        && !o.start_target.is(pos)
                    {
                        *s = State::Fail;
                    }
                }
            }
            None => self.broken = true,
        }
        let flow = self.inner.begin_movetext(game, start);
        self.forward(flow)
    }

    #[inline]
    fn event(&mut self, event: &Event<'_>) -> ControlFlow<Self::Output> {
        match event {
            Event::Move(played) => {
                self.played(played);
                self.stop()?;
            }
            Event::Unresolved { .. } => self.broken = true,
            Event::Comment { text, .. } => {
                self.facts.comments += 1;
                if self.watches_commands && self.depth == 0 && self.facts.plies > 0 {
                    self.commands(text);
                }
            }
            Event::BeginVariation { depth } => {
                self.facts.variations += 1;
                self.depth = *depth;
            }
            Event::EndVariation => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
        let flow = self.inner.event(event);
        self.forward(flow)
    }

    fn enter_variation(&mut self) -> bool {
        self.inner.enter_variation()
    }

    fn end_game(&mut self, game: &GameInfo) -> Self::Output {
        self.facts.termination = game.termination;
        if !self.broken {
            self.finish();
        }
        let output = self.inner.end_game(game);
        self.output(output)
    }
}

impl<V: ReplayVisitor> Selector<V> {
    /// The criteria of comment commands, at a comment after the main-line
    /// move of ply `self.facts.plies`: its first well-formed clock and
    /// evaluation count (ruling C4).
    #[cold]
    fn commands(&mut self, text: &[u8]) {
        let ply = self.facts.plies;
        for command in pgn_commands::commands(text) {
            match command.kind() {
                CommandKind::Clock if self.clock_ply != ply => {
                    let Ok(Value::Time(time)) = command.value() else { continue };
                    self.clock_ply = ply;
                    for (c, s) in self.selection.criteria().iter().zip(&mut self.states) {
                        if let Criterion::ClockBelow(bound) = c
                            && time.millis() < *bound
                        {
                            *s = State::Pass;
                        }
                    }
                }
                CommandKind::Eval if self.last_eval.is_none_or(|(p, _)| p != ply) => {
                    let Ok(Value::Eval(eval)) = command.value() else { continue };
                    let cp = eval.score.centipawns_or(MATE_CENTIPAWNS);
                    if let Some((p, before)) = self.last_eval
                        && p + 1 == ply
                    {
                        let swing = (i64::from(cp) - i64::from(before)).abs();
                        for (c, s) in self.selection.criteria().iter().zip(&mut self.states) {
                            if let Criterion::EvalSwing(n) = c
                                && swing >= i64::from(*n)
                            {
                                *s = State::Pass;
                            }
                        }
                    }
                    self.last_eval = Some((ply, cp));
                }
                _ => {}
            }
        }
    }

    /// The criteria of a move played.
    #[inline]
    fn played(&mut self, played: &Played<'_>) {
        let main = played.depth == 0;
        if main {
            let ply = self.facts.plies;
            self.facts.plies += 1;
            if self.keep_moves {
                self.main_line.push(played.m);
            }
            if self.keep_final {
                keep_position(&mut self.facts.final_position, played.after);
            }
            let criteria = if self.openings { self.selection.criteria() } else { &[] };
            for (c, s) in criteria.iter().zip(&mut self.states) {
                if let Criterion::Opening(o) = c
                    && !o.transpositions
                    && *s == State::Open
                {
                    match o.moves.get(ply as usize) {
                        Some(&want) if want != played.m => *s = State::Fail,
                        Some(_) if ply as usize + 1 == o.moves.len() => *s = State::Pass,
                        _ => {}
                    }
                }
            }
        }
        if self.watches_positions {
            self.position(played.after, main, self.facts.plies);
        }
    }

    /// Hands on an early end of the consumer behind.
    fn forward(&mut self, flow: ControlFlow<V::Output>) -> ControlFlow<Selected<V::Output>> {
        match flow {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(o) => ControlFlow::Break(self.output(o)),
        }
    }
}

impl Selection {
    /// Reads and replays the games of `input`, giving each game this
    /// selection selects as a tree, with the problems of its reading and
    /// replay; the others are skipped (a game rejected by its tags is not
    /// even replayed).
    ///
    /// ```
    /// use pgn_select::Selection;
    ///
    /// let pgn = "[White \"Tal, Mikhail\"]\n\n1. e4 e5 *\n\n[White \"Petrosian\"]\n\n1. d4 *\n";
    /// let selection = Selection::parse("player Tal")?;
    /// let games: Vec<_> = selection.filter(pgn.as_bytes()).collect::<Result<_, _>>()?;
    /// assert_eq!(games.len(), 1);
    /// assert_eq!(games[0].game.white().as_deref(), Some("Tal, Mikhail"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn filter<R: Read>(&self, input: R) -> impl Iterator<Item = io::Result<CollectedGame>> {
        let mut reader = Reader::new(input);
        let mut replayer = Replayer::new(Selector::new(self.clone(), ReplayCollector::new()));
        std::iter::from_fn(move || {
            loop {
                let Replayed { info, output } = match reader.read_game(&mut replayer) {
                    Ok(Some(game)) => game,
                    Ok(None) => return None,
                    Err(err) => return Some(Err(err)),
                };
                if let Selected::Decided { verdict: Verdict::Selected, output, .. } = output {
                    return Some(Ok(CollectedGame::from(Replayed { info, output })));
                }
                replayer.recycle(info);
            }
        })
    }

    /// True if this selection selects `game`, a game read or built before:
    /// it is walked as the streaming selector would see it.
    pub fn matches(&self, game: &ReplayedGame) -> bool {
        let mut selector = Selector::new(self.clone(), Decide);
        let mut info = GameInfo { set_up: game.start.is_some(), ..GameInfo::default() };
        info.tags = game.tags.clone();
        info.termination = game.termination;
        let verdict = |s: Selected<()>| s.verdict() == Verdict::Selected;
        if let ControlFlow::Break(s) = selector.tags(&info) {
            return verdict(s);
        }
        if let ControlFlow::Break(s) = selector.begin_movetext(&info, game.start.as_ref()) {
            return verdict(s);
        }
        let mut walker = Walker::new(game);
        while let Some(event) = walker.next() {
            if let ControlFlow::Break(s) = selector.event(&event) {
                return verdict(s);
            }
        }
        verdict(selector.end_game(&info))
    }
}

/// A visitor that does nothing: a selector in front of it only decides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decide;

impl ReplayVisitor for Decide {
    type Output = ();

    fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: &GameInfo) {}
}

#[cfg(test)]
mod tests {
    use pgn_replay::pgn_syntax::Reader;
    use pgn_replay::{GameDiagnostic, Replayer};

    use super::*;

    /// The verdict of each game, and whether the inner visitor saw it end.
    fn run(criteria: &str, pgn: &str) -> Vec<(Verdict, bool)> {
        let selection = Selection::parse(criteria).expect("criteria");
        let mut replayer = Replayer::new(Selector::new(selection, Decide));
        Reader::new(pgn.as_bytes())
            .outputs(&mut replayer)
            .map(|g| g.map(|g| (g.output.verdict(), g.output.output().is_some())))
            .collect::<Result<_, _>>()
            .expect("read")
    }

    #[test]
    fn diagnostics_found_after_a_game_was_decided_are_attached_to_it() {
        // Rejected at its tags, game 1 is still read to its end, where its
        // termination marker disagrees with its Result tag.
        let pgn = "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n\n[White \"B\"]\n\n1. d4 *\n";
        let selection = Selection::parse("white B").expect("criteria");
        let mut replayer = Replayer::new(Selector::new(selection, Decide));
        let mut reader = Reader::new(pgn.as_bytes());
        let mut games = 0;
        while let Some(game) = reader.read_game(&mut replayer).expect("read") {
            games += 1;
            let info = &game.info;
            for d in &info.problems {
                let number = match d {
                    GameDiagnostic::Read(d) => d.game,
                    GameDiagnostic::Replay(d) => d.game,
                };
                assert_eq!(number, info.number, "{d}");
            }
            let disagrees = info.problems.iter().any(|d| d.to_string().contains("1-0 but"));
            assert_eq!(disagrees, info.number == 1, "game {}", info.number);
        }
        assert_eq!(games, 2);
        assert!(replayer.take_problems().is_empty());
    }

    #[test]
    fn the_last_pair_of_a_name_counts() {
        let pgn = "[White \"A\"]\n[White \"B\"]\n\n1. e4 *\n";
        assert_eq!(run("white A", pgn), [(Verdict::Rejected, false)]);
        assert_eq!(run("white B", pgn), [(Verdict::Selected, true)]);
        // Either colour, each by its last pair.
        let pgn = "[White \"A\"]\n[Black \"B\"]\n[White \"C\"]\n\n1. e4 *\n";
        assert_eq!(run("player A", pgn), [(Verdict::Rejected, false)]);
        assert_eq!(run("player B", pgn), [(Verdict::Selected, true)]);
        assert_eq!(run("player C", pgn), [(Verdict::Selected, true)]);
    }

    #[test]
    fn a_missing_tag_fails_and_invert_selects_it() {
        let pgn = "[White \"A\"]\n\n1. e4 *\n";
        assert_eq!(run("eco A00-E99", pgn), [(Verdict::Rejected, false)]);
        assert_eq!(run("invert\neco A00-E99", pgn), [(Verdict::Selected, true)]);
    }

    #[test]
    fn a_game_is_ended_once_it_cannot_reach_the_position() {
        // The position after 1. e4 e5: 1. d4 leaves it out of reach at
        // once; the inner visitor never sees the end of that game.
        let fen = "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        let pgn = "1. d4 d5 2. e4 e5 *\n\n1. e4 e5 2. Nf3 *\n\n1. Nf3 Nf6 2. e4 e5 *\n";
        assert_eq!(
            run(fen, pgn),
            [(Verdict::Rejected, false), (Verdict::Selected, true), (Verdict::Rejected, true)]
        );
    }

    #[test]
    fn a_game_that_cannot_be_replayed_is_unplayable_unless_its_tags_fail() {
        let pgn = "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"B\"]\n\n1. e4 e5 2. Ke3 *\n";
        assert_eq!(run("white A", pgn), [(Verdict::Unplayable, true), (Verdict::Rejected, false)]);
        let bad_fen = "[White \"A\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
        assert_eq!(run("white A", bad_fen), [(Verdict::Unplayable, true)]);
    }

    #[test]
    fn a_game_in_memory_is_selected_as_the_stream_selects_it() {
        let pgn = "[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                   [White \"B\"]\n\n1. d4 d5 (1... Nf6 2. c4) 2. c4 *\n\n\
                   [White \"A\"]\n\n1. e4 e5 2. Ke3 *\n";
        for criteria in
            ["white A", "ending checkmate", "plies 3", "has variations", "invert\nwhite B"]
        {
            let selection = Selection::parse(criteria).expect("criteria");
            let stream: Vec<bool> =
                run(criteria, pgn).iter().map(|g| g.0 == Verdict::Selected).collect();
            let trees: Vec<bool> = pgn_replay::replay_games(pgn.as_bytes())
                .map(|g| selection.matches(&g.expect("in memory").game))
                .collect();
            assert_eq!(trees, stream, "{criteria}");
            let filtered: Vec<u64> =
                selection.filter(pgn.as_bytes()).map(|g| g.expect("in memory").number).collect();
            let selected: Vec<u64> = (1..).zip(&stream).filter(|g| *g.1).map(|g| g.0).collect();
            assert_eq!(filtered, selected, "{criteria}");
        }
    }
}
