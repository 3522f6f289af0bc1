//! [`Selector`]: a [`ReplayVisitor`] that decides, as a game is read and
//! replayed, whether it is selected, in front of another visitor (an
//! exporter, say) that gets every event of the games that may be.
//!
//! Tag criteria are decided when the tags end; a game they reject is
//! ended there, and the reader skips its movetext without replaying it.
//! Move, position and material criteria are decided as the moves come; a
//! game is ended as soon as it is known to fail (a position it can no
//! longer reach, an opening it left). The rest is decided at its end.

use std::ops::ControlFlow;

use chess_core::{Move, Position, Role};
use pgn_replay::pgn_syntax::nag::{Nag, Suffix};
use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::pgn_syntax::{Branch, CommentKind, Diagnostic, Place, Tags};
use pgn_replay::{GameDiagnostic, ReplayDiagnostic, ReplayVisitor};
use san::Played;

use crate::criterion::{Criterion, Ending, with_slot};
use crate::selection::Selection;

/// What became of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// A game as the selector hands it on.
#[derive(Debug)]
pub struct Selected<O> {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// The verdict.
    pub verdict: Verdict,
    /// The inner visitor's output: `None` when the game was ended before
    /// its movetext reached the inner visitor (rejected by its tags).
    /// Boxed, like [`Facts::final_position`], so that moving a
    /// `Selected` moves a pointer, not the output.
    pub output: Option<Box<O>>,
    /// The game's tags, when kept ([`Selector::keep_tags`]); otherwise
    /// empty.
    pub tags: Tags,
    /// What was learned of it.
    pub facts: Facts,
    /// The reader's and the replay's diagnostics of the game.
    pub diagnostics: Vec<GameDiagnostic>,
}

/// The state of one criterion in the game being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Open,
    Pass,
    Fail,
}

/// The per-game state of the movetext.
#[derive(Debug)]
pub struct Movetext<M> {
    inner: M,
    tags: Tags,
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
///     .map(|g| g.map(|g| g.verdict))
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
    keep_tags: bool,
    /// Some criterion looks at positions ([`Selection::watches_positions`]).
    watches_positions: bool,
    /// Some criterion is an opening in a fixed order.
    openings: bool,
    number: u64,
    facts: Facts,
    broken: bool,
    keep_final: bool,
    main_line: Vec<Move>,
    keep_moves: bool,
    start: Option<Position>,
    diagnostics: Vec<GameDiagnostic>,
    spare_tags: Option<Tags>,
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
        let tag_tests = (0..selection.criteria().len())
            .filter(|&i| selection.criteria()[i].is_tag_test())
            .collect();
        Selector {
            states: vec![State::Open; selection.criteria().len()],
            hits: vec![0; selection.criteria().len()],
            tag_tests,
            keep_tags: false,
            watches_positions: selection.watches_positions(),
            openings: selection
                .criteria()
                .iter()
                .any(|c| matches!(c, Criterion::Opening(o) if !o.transpositions)),
            selection,
            inner,
            number: 0,
            facts: Facts::default(),
            broken: false,
            keep_final,
            main_line: Vec::new(),
            keep_moves: false,
            start: None,
            diagnostics: Vec::new(),
            spare_tags: None,
        }
    }

    /// Also keeps each game's final position ([`Facts::final_position`]),
    /// which some criteria need anyway.
    pub fn keep_final_position(mut self, keep: bool) -> Selector<V> {
        self.keep_final |= keep;
        self
    }

    /// Also keeps each game's tags ([`Selected::tags`]; otherwise empty).
    pub fn keep_tags(mut self, keep: bool) -> Selector<V> {
        self.keep_tags = keep;
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

    /// Takes back a game's tags and diagnostics list, for the games to
    /// come.
    pub fn recycle<O>(&mut self, game: Selected<O>) {
        let Selected { mut tags, mut diagnostics, .. } = game;
        tags.clear();
        self.spare_tags = Some(tags);
        if self.diagnostics.capacity() == 0 {
            diagnostics.clear();
            self.diagnostics = diagnostics;
        }
    }

    /// The diagnostics in no game: those past the last one.
    pub fn take_diagnostics(&mut self) -> Vec<GameDiagnostic> {
        std::mem::take(&mut self.diagnostics)
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

    fn output(
        &mut self,
        verdict: Verdict,
        output: Option<V::Output>,
        tags: Tags,
    ) -> Selected<V::Output> {
        Selected {
            number: self.number,
            verdict,
            output: output.map(Box::new),
            tags,
            facts: std::mem::take(&mut self.facts),
            diagnostics: std::mem::take(&mut self.diagnostics),
        }
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
    fn stop(&mut self, m: &mut Movetext<V::Movetext>) -> ControlFlow<Selected<V::Output>> {
        if self.rejected_early() {
            // Not the end of the game: no final position.
            self.facts.final_position = None;
            let tags = std::mem::take(&mut m.tags);
            return ControlFlow::Break(self.output(Verdict::Rejected, None, tags));
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
    type Tags = (V::Tags, Tags);
    type Movetext = Movetext<V::Movetext>;
    type Output = Selected<V::Output>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.number += 1;
        self.states.iter_mut().for_each(|s| *s = State::Open);
        self.hits.iter_mut().for_each(|h| *h = 0);
        self.facts = Facts::default();
        self.broken = false;
        self.main_line.clear();
        self.start = None;
        let tags = self.spare_tags.take().unwrap_or_default();
        match self.inner.begin_tags() {
            ControlFlow::Continue(inner) => ControlFlow::Continue((inner, tags)),
            ControlFlow::Break(o) => {
                let v = self.verdict();
                ControlFlow::Break(self.output(v, Some(o), tags))
            }
        }
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        for &i in &self.tag_tests {
            if let Some((slot, pass)) = self.selection.criteria()[i].test_pair(name, value) {
                self.hits[i] = with_slot(self.hits[i], slot, pass);
            }
        }
        if name == b"Result" {
            self.facts.result_tag = GameResult::from_ascii(value.trim_ascii()).ok();
        }
        if self.keep_tags {
            tags.1.push(name, value);
        }
        match self.inner.tag(&mut tags.0, name, value, at) {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(o) => {
                let v = self.verdict();
                let t = std::mem::take(&mut tags.1);
                ControlFlow::Break(self.output(v, Some(o), t))
            }
        }
    }

    // A game its tags reject ends here, before the replay sets up its
    // start position.
    fn end_tags(&mut self, (inner, tags): Self::Tags) -> ControlFlow<Self::Output, Self::Tags> {
        if self.tags_reject() {
            self.inner.discard_tags(inner);
            return ControlFlow::Break(self.output(Verdict::Rejected, None, tags));
        }
        match self.inner.end_tags(inner) {
            ControlFlow::Continue(inner) => ControlFlow::Continue((inner, tags)),
            ControlFlow::Break(o) => {
                let v = self.verdict();
                ControlFlow::Break(self.output(v, Some(o), tags))
            }
        }
    }

    fn begin_movetext(
        &mut self,
        (inner, tags): Self::Tags,
        start: Option<&Position>,
    ) -> ControlFlow<Self::Output, Self::Movetext> {
        // Decided again for a caller that did not call `end_tags` (the
        // answer does not change).
        if self.tags_reject() {
            self.inner.discard_tags(inner);
            return ControlFlow::Break(self.output(Verdict::Rejected, None, tags));
        }
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
        match self.inner.begin_movetext(inner, start) {
            ControlFlow::Continue(inner) => ControlFlow::Continue(Movetext { inner, tags }),
            ControlFlow::Break(o) => {
                let v = self.verdict();
                ControlFlow::Break(self.output(v, Some(o), tags))
            }
        }
    }

    #[inline]
    fn played(
        &mut self,
        m: &mut Self::Movetext,
        played: &Played<'_>,
        san: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
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
        self.stop(m)?;
        let flow = self.inner.played(&mut m.inner, played, san, at);
        self.forward(m, flow)
    }

    fn unresolved(
        &mut self,
        m: &mut Self::Movetext,
        san: &[u8],
        suffix: Option<Suffix>,
        ply: u32,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        self.broken = true;
        let flow = self.inner.unresolved(&mut m.inner, san, suffix, ply, at);
        self.forward(m, flow)
    }

    fn nag(
        &mut self,
        m: &mut Self::Movetext,
        nag: Nag,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        let flow = self.inner.nag(&mut m.inner, nag, at);
        self.forward(m, flow)
    }

    fn comment(
        &mut self,
        m: &mut Self::Movetext,
        text: &[u8],
        kind: CommentKind,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        self.facts.comments += 1;
        let flow = self.inner.comment(&mut m.inner, text, kind, at);
        self.forward(m, flow)
    }

    fn escape(
        &mut self,
        m: &mut Self::Movetext,
        line: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        let flow = self.inner.escape(&mut m.inner, line, at);
        self.forward(m, flow)
    }

    fn begin_variation(
        &mut self,
        m: &mut Self::Movetext,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output, Branch> {
        self.facts.variations += 1;
        match self.inner.begin_variation(&mut m.inner, at) {
            ControlFlow::Continue(b) => ControlFlow::Continue(b),
            ControlFlow::Break(o) => {
                let v = self.verdict();
                let t = std::mem::take(&mut m.tags);
                ControlFlow::Break(self.output(v, Some(o), t))
            }
        }
    }

    fn end_variation(
        &mut self,
        m: &mut Self::Movetext,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        let flow = self.inner.end_variation(&mut m.inner, at);
        self.forward(m, flow)
    }

    fn termination(
        &mut self,
        m: &mut Self::Movetext,
        result: GameResult,
        at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        self.facts.termination = Some(result);
        let flow = self.inner.termination(&mut m.inner, result, at);
        self.forward(m, flow)
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.diagnostics.push(GameDiagnostic::Read(diagnostic.clone()));
    }

    fn late_diagnostic(&mut self, game: &mut Selected<V::Output>, diagnostic: &Diagnostic) {
        game.diagnostics.push(GameDiagnostic::Read(diagnostic.clone()));
    }

    fn replay_diagnostic(&mut self, diagnostic: &ReplayDiagnostic) {
        self.diagnostics.push(GameDiagnostic::Replay(diagnostic.clone()));
    }

    fn end_game(&mut self, m: Self::Movetext) -> Self::Output {
        if !self.broken {
            self.finish();
        }
        let verdict = self.verdict();
        let output = self.inner.end_game(m.inner);
        self.output(verdict, Some(output), m.tags)
    }
}

impl<V: ReplayVisitor> Selector<V> {
    /// Hands on an early end of the inner visitor.
    fn forward(
        &mut self,
        m: &mut Movetext<V::Movetext>,
        flow: ControlFlow<V::Output>,
    ) -> ControlFlow<Selected<V::Output>> {
        match flow {
            ControlFlow::Continue(()) => ControlFlow::Continue(()),
            ControlFlow::Break(o) => {
                let v = self.verdict();
                let t = std::mem::take(&mut m.tags);
                ControlFlow::Break(self.output(v, Some(o), t))
            }
        }
    }
}

/// A visitor that does nothing: a selector in front of it only decides.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decide;

impl ReplayVisitor for Decide {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: (), _: Option<&Position>) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

#[cfg(test)]
mod tests {
    use pgn_replay::Replayer;
    use pgn_replay::pgn_syntax::Reader;

    use super::*;

    /// The verdict of each game, and whether the inner visitor saw it end.
    fn run(criteria: &str, pgn: &str) -> Vec<(Verdict, bool)> {
        let selection = Selection::parse(criteria).expect("criteria");
        let mut replayer = Replayer::new(Selector::new(selection, Decide));
        Reader::new(pgn.as_bytes())
            .outputs(&mut replayer)
            .map(|g| g.map(|g| (g.verdict, g.output.is_some())))
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
            for d in &game.diagnostics {
                let number = match d {
                    GameDiagnostic::Read(d) => d.game,
                    GameDiagnostic::Replay(d) => d.game,
                };
                assert_eq!(number, game.number, "{d}");
            }
            let disagrees = game.diagnostics.iter().any(|d| d.to_string().contains("1-0 but"));
            assert_eq!(disagrees, game.number == 1, "game {}", game.number);
        }
        assert_eq!(games, 2);
        assert!(replayer.inner_mut().take_diagnostics().is_empty());
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
}
