//! [`Visit`]: the visitor of the game being read with its per-game state
//! (nothing, the tag state, the movetext state, or the output of a game
//! ended early), so that the rest of the reader calls the visitor without
//! knowing its phases. It also keeps the comments and escape lines that
//! come before a game's movetext, for the movetext's start.

use std::ops::ControlFlow;

use super::state::{GameState, Phase, Skipping};
use crate::diagnostic::Diagnostic;
use crate::nag::{Nag, Suffix};
use crate::place::{Location, Place};
use crate::tags::GameResult;
use crate::visitor::{Branch, CommentKind, Visitor};

/// The per-game state the visitor made.
enum Held<V: Visitor> {
    /// The game has not begun for the visitor.
    Idle,
    /// In the tag section.
    Tags(V::Tags),
    /// In the movetext.
    Movetext(V::Movetext),
    /// A callback ended the game early with this output.
    Done(V::Output),
    /// The output was taken.
    Taken,
}

/// A comment or escape line read before the movetext of its game.
#[derive(Clone, Copy, Debug)]
enum Early {
    Comment(CommentKind),
    Escape,
}

/// Comments and escape lines read before a game's movetext (between games
/// or among the tags), kept (copied) for the start of the movetext.
#[derive(Debug, Default)]
pub(super) struct Pending {
    /// What each is, where, and the end of its text in `text`.
    items: Vec<(Early, Location, usize)>,
    text: Vec<u8>,
}

impl Pending {
    /// Keeps a comment.
    pub(super) fn comment(&mut self, text: &[u8], kind: CommentKind, at: Location) {
        self.push(Early::Comment(kind), text, at);
    }

    /// Nothing is kept.
    pub(super) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Keeps an escape line.
    pub(super) fn escape(&mut self, text: &[u8], at: Location) {
        self.push(Early::Escape, text, at);
    }

    fn push(&mut self, early: Early, text: &[u8], at: Location) {
        self.text.extend_from_slice(text);
        self.items.push((early, at, self.text.len()));
    }

    /// The places of the comments kept (escape lines aside), forgetting
    /// everything.
    pub(super) fn drain_comment_places(&mut self) -> Vec<Location> {
        let places = self
            .items
            .iter()
            .filter(|(early, ..)| matches!(early, Early::Comment(_)))
            .map(|&(_, at, _)| at)
            .collect();
        self.items.clear();
        self.text.clear();
        places
    }
}

/// The visitor and its state for the game being read.
pub(super) struct Visit<'v, V: Visitor> {
    v: &'v mut V,
    held: Held<V>,
    /// What came before the movetext, for its start (kept across games:
    /// comments between games go to the next one).
    pub(super) pending: Pending,
}

/// The state after a callback: a break ends the game with its output, and
/// the reader skips the rest of its movetext. A tag section is still read
/// (calling nothing), so that where the next game starts is found as
/// always; its movetext is skipped from its start.
fn settle<V: Visitor>(held: &mut Held<V>, g: &mut GameState, flow: ControlFlow<V::Output>) {
    if let ControlFlow::Break(output) = flow {
        *held = Held::Done(output);
        if g.phase == Phase::Movetext {
            g.skipping = Skipping::Game;
        }
    }
}

/// The movetext state, making it on the way (calling `begin_tags` and
/// `begin_movetext` as needed, and delivering what came before the
/// movetext); `None` when the game has ended early.
fn movetext<'h, V: Visitor>(
    v: &mut V,
    held: &'h mut Held<V>,
    pending: &mut Pending,
    g: &mut GameState,
) -> Option<&'h mut V::Movetext> {
    // The state is looked at in place: it is moved out only to be made
    // into the next (an output may be large, and a game ended early
    // comes here for each later callback).
    loop {
        match held {
            Held::Idle => begin_tags(v, held, g),
            Held::Tags(_) => {
                let Held::Tags(tags) = std::mem::replace(held, Held::Taken) else { return None };
                match v.begin_movetext(tags) {
                    ControlFlow::Continue(mut m) => {
                        let flow = deliver_pending(v, &mut m, pending);
                        *held = Held::Movetext(m);
                        settle(held, g, flow);
                    }
                    ControlFlow::Break(output) => {
                        settle::<V>(held, g, ControlFlow::Break(output));
                    }
                }
            }
            Held::Movetext(_) => break,
            Held::Done(_) | Held::Taken => return None,
        }
    }
    match held {
        Held::Movetext(m) => Some(m),
        _ => None,
    }
}

/// `begin_tags`, when the game has not begun for the visitor.
fn begin_tags<V: Visitor>(v: &mut V, held: &mut Held<V>, g: &mut GameState) {
    if let Held::Idle = held {
        v.game_start(g.start);
        match v.begin_tags() {
            ControlFlow::Continue(tags) => *held = Held::Tags(tags),
            ControlFlow::Break(output) => settle::<V>(held, g, ControlFlow::Break(output)),
        }
    }
}

/// Hands the kept comments and escape lines to the visitor, in order.
fn deliver_pending<V: Visitor>(
    v: &mut V,
    m: &mut V::Movetext,
    pending: &mut Pending,
) -> ControlFlow<V::Output> {
    let mut start = 0;
    let mut flow = ControlFlow::Continue(());
    for &(early, at, end) in &pending.items {
        let text = pending.text.get(start..end).unwrap_or_default();
        start = end;
        if flow.is_break() {
            continue;
        }
        let mut place = Place::known(at);
        flow = match early {
            Early::Comment(kind) => v.comment(m, text, kind, &mut place),
            Early::Escape => v.escape(m, text, &mut place),
        };
    }
    pending.items.clear();
    pending.text.clear();
    flow
}

impl<'v, V: Visitor> Visit<'v, V> {
    /// The visitor, before a game.
    pub(super) fn new(v: &'v mut V, pending: Pending) -> Visit<'v, V> {
        Visit { v, held: Held::Idle, pending }
    }

    /// The game has content: `begin_tags`, once.
    pub(super) fn begin(&mut self, g: &mut GameState) {
        begin_tags(self.v, &mut self.held, g);
    }

    /// A tag pair (ignored once the movetext has begun).
    #[inline]
    pub(super) fn tag(&mut self, g: &mut GameState, name: &[u8], value: &[u8], at: &mut Place<'_>) {
        if let Held::Tags(tags) = &mut self.held {
            let flow = self.v.tag(tags, name, value, at);
            settle(&mut self.held, g, flow);
        }
    }

    /// The movetext begins (the reader is in its phase).
    pub(super) fn begin_movetext(&mut self, g: &mut GameState) {
        let _ = movetext(self.v, &mut self.held, &mut self.pending, g);
        if let Held::Done(_) = self.held {
            g.skipping = Skipping::Game;
        }
    }

    /// Calls a movetext callback with the movetext state.
    #[inline(always)]
    fn with_movetext(
        &mut self,
        g: &mut GameState,
        f: impl FnOnce(&mut V, &mut V::Movetext) -> ControlFlow<V::Output>,
    ) {
        let flow = match &mut self.held {
            // The common case first, without the phase changes.
            Held::Movetext(m) => f(self.v, m),
            _ => match movetext(self.v, &mut self.held, &mut self.pending, g) {
                Some(m) => f(self.v, m),
                None => return,
            },
        };
        settle(&mut self.held, g, flow);
    }

    /// The visitor and the movetext state, for a run of callbacks (the
    /// fast path of plain moves); `None` when the game has ended early.
    /// A `Break` of one of them goes to [`Visit::end_early`].
    #[inline(always)]
    pub(super) fn movetext_parts(
        &mut self,
        g: &mut GameState,
    ) -> Option<(&mut V, &mut V::Movetext)> {
        let m = match self.held {
            Held::Movetext(_) => match &mut self.held {
                Held::Movetext(m) => m,
                _ => return None,
            },
            _ => movetext(self.v, &mut self.held, &mut self.pending, g)?,
        };
        Some((&mut *self.v, m))
    }

    /// A callback ended the game early with `output`.
    #[cold]
    pub(super) fn end_early(&mut self, g: &mut GameState, output: V::Output) {
        settle(&mut self.held, g, ControlFlow::Break(output));
    }

    /// A move.
    #[inline(always)]
    pub(super) fn san(
        &mut self,
        g: &mut GameState,
        text: &[u8],
        suffix: Option<Suffix>,
        at: &mut Place<'_>,
    ) {
        self.with_movetext(g, |v, m| v.san(m, text, suffix, at));
    }

    /// A NAG.
    pub(super) fn nag(&mut self, g: &mut GameState, nag: Nag, at: &mut Place<'_>) {
        self.with_movetext(g, |v, m| v.nag(m, nag, at));
    }

    /// A comment.
    pub(super) fn comment(
        &mut self,
        g: &mut GameState,
        text: &[u8],
        kind: CommentKind,
        at: &mut Place<'_>,
    ) {
        self.with_movetext(g, |v, m| v.comment(m, text, kind, at));
    }

    /// An escape line.
    pub(super) fn escape(&mut self, g: &mut GameState, text: &[u8], at: &mut Place<'_>) {
        self.with_movetext(g, |v, m| v.escape(m, text, at));
    }

    /// A variation starts: whether to read it (`Skip` also when the game
    /// has ended early).
    pub(super) fn begin_variation(&mut self, g: &mut GameState, at: &mut Place<'_>) -> Branch {
        let mut branch = Branch::Skip;
        self.with_movetext(g, |v, m| match v.begin_variation(m, at) {
            ControlFlow::Continue(b) => {
                branch = b;
                ControlFlow::Continue(())
            }
            ControlFlow::Break(output) => ControlFlow::Break(output),
        });
        branch
    }

    /// A variation ends.
    pub(super) fn end_variation(&mut self, g: &mut GameState, at: &mut Place<'_>) {
        self.with_movetext(g, |v, m| v.end_variation(m, at));
    }

    /// The termination marker (or the result of a game without one).
    pub(super) fn termination(
        &mut self,
        g: &mut GameState,
        result: GameResult,
        at: &mut Place<'_>,
    ) {
        self.with_movetext(g, |v, m| v.termination(m, result, at));
    }

    /// A diagnostic: of the game the visitor ended early, with its
    /// output.
    #[cold]
    pub(super) fn diagnostic(&mut self, d: &Diagnostic) {
        match &mut self.held {
            Held::Done(output) => self.v.late_diagnostic(output, d),
            _ => self.v.diagnostic(d),
        }
    }

    /// The game is over: its output, if it began.
    pub(super) fn finish(&mut self, g: &mut GameState) -> Option<V::Output> {
        if let Held::Tags(_) = self.held {
            self.begin_movetext(g);
        }
        match std::mem::replace(&mut self.held, Held::Idle) {
            Held::Movetext(m) => Some(self.v.end_game(m)),
            Held::Done(output) => {
                // What came before the movetext of a game ended early.
                self.pending.items.clear();
                self.pending.text.clear();
                Some(output)
            }
            Held::Idle | Held::Tags(_) | Held::Taken => None,
        }
    }
}
