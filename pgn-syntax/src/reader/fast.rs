//! The two fast paths that carry most input past the general token by
//! token path: tag pairs written the plain way, read whole by the lexer,
//! and the inner loop of a movetext, where the lexer skips move numbers and
//! hands plain moves, and the plain brace comments after them (lichess's
//! clock after every move), straight to the visitor. Both sit in the
//! reader's main loop and are inlined into it.

use std::io::Read;
use std::ops::ControlFlow;

use super::Reader;
use super::state::{GameState, Phase, Skipping};
use super::tag_log::{Known, TagKey};
use super::tags::{Pair, deliver_tag};
use super::visit::Visit;
use crate::place::Place;
use crate::visitor::{CommentKind, Visitor};

/// What a fast path did, for the main loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fast {
    /// Nothing more it could read: the general path reads the next token.
    General,
    /// It read something after which the fast paths may apply again.
    Again,
    /// The game ended, or a visitor asked to stop.
    Ended,
}

impl<R: Read> Reader<R> {
    /// Reads a tag pair written the plain way (`[Name "value"]` on one
    /// line, no escapes), if one comes next, and delivers it; between
    /// games it starts the tag section. After an empty line, a name the
    /// section already has starts the next game's section instead: the
    /// pair is kept for it, and this game ends.
    #[inline]
    pub(super) fn plain_tag_pair<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
    ) -> Fast {
        let window = &self.src.buf[..self.src.end];
        let Some(pair) = self.src.lexer.next_plain_tag_pair(window) else {
            return Fast::General;
        };
        let (name, value, start) = (pair.name, pair.value, pair.offset);
        let known = Known::of(name);
        let key = TagKey::known(name, known);
        if g.phase == Phase::Tags
            && self.tags.contains(key)
            && !self.section_too_large(g)
            && self.empty_line_between(g.last_tag_end, start)
        {
            self.tag_name.clear();
            self.tag_name.extend_from_slice(name);
            self.tag_value.clear();
            self.tag_value.extend_from_slice(value);
            self.pending_pair = Some(start);
            self.finish_unterminated(v, g, start);
            return Fast::Ended;
        }
        if g.phase == Phase::Idle {
            g.phase = Phase::Tags;
            g.start = start;
        }
        let end = self.src.lexer.offset();
        let pair = Pair { name, value, known, key, start, end };
        let checks = self.options.checks_tags();
        let mut at = Place::new(start, window, self.src.base(), &mut self.src.lines);
        let problem = deliver_tag(v, g, &mut self.games, &mut self.tags, pair, &mut at, checks);
        if let Some(problem) = problem {
            let kind = problem.kind(name, value);
            self.report(v, g, kind, start);
        }
        Fast::Again
    }

    /// The inner loop of a movetext: plain moves, the move numbers between
    /// them skipped by the lexer, straight to the visitor. Any other token
    /// is left to the general path.
    #[inline]
    pub(super) fn plain_moves<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
    ) -> Fast {
        let window = &self.src.buf[..self.src.end];
        let base = self.src.base();
        let mut moves = false;
        // The movetext state is looked up once for the whole run of moves.
        let Some((visitor, movetext)) = v.movetext_parts(g) else { return Fast::General };
        let from = self.src.lexer.consumed();
        let mut first = None;
        let mut ended = None;
        // Whether the last element of the run was a comment (not a move).
        let mut comment_last = false;
        loop {
            let mut run = false;
            while let Some(text) = self.src.lexer.next_plain_move(window) {
                run = true;
                let start = self.src.lexer.consumed() - text.len();
                first.get_or_insert(start);
                let offset = base + start as u64;
                let mut at = Place::new(offset, window, base, &mut self.src.lines);
                if let ControlFlow::Break(output) = visitor.san(movetext, text, None, &mut at) {
                    ended = Some(output);
                    break;
                }
            }
            moves |= run;
            comment_last &= !run;
            // A plain comment after a move of the run (one before the
            // run's first move is the general path's: it may come before
            // the game's first move number, which `note_skipped_number`
            // looks at).
            if ended.is_some() || !moves || !self.src.lexer.at_brace(window) {
                break;
            }
            let Some((start, text)) = self.src.lexer.next_plain_comment(window) else { break };
            comment_last = true;
            let offset = base + start as u64;
            let mut at = Place::new(offset, window, base, &mut self.src.lines);
            let kind = CommentKind::Brace;
            if let ControlFlow::Break(output) = visitor.comment(movetext, text, kind, &mut at) {
                ended = Some(output);
                break;
            }
        }
        if let Some(output) = ended {
            v.end_early(g, output);
        }
        note_skipped_number(g, window, from, first.unwrap_or(self.src.lexer.consumed()));
        if !moves {
            return Fast::General;
        }
        g.after_move = !comment_last;
        g.moved = true;
        g.after_open = false;
        if g.skipping != Skipping::No { Fast::Again } else { Fast::General }
    }

    /// The inner loop of a movetext that the visitor does not want (a
    /// game it ended early, a variation it skipped): plain moves are
    /// passed over as fast as the lexer finds them, and the general path
    /// takes any other token, which may end what is skipped.
    #[inline]
    pub(super) fn skip_plain_moves(&mut self, g: &mut GameState) -> Fast {
        let window = &self.src.buf[..self.src.end];
        let from = self.src.lexer.consumed();
        let mut first = None;
        let mut moves = false;
        while let Some(text) = self.src.lexer.next_plain_move(window) {
            first.get_or_insert(self.src.lexer.consumed() - text.len());
            moves = true;
            self.src.lexer.skip_plain_run(window);
        }
        note_skipped_number(g, window, from, first.unwrap_or(self.src.lexer.consumed()));
        if moves {
            g.after_move = true;
            g.moved = true;
            g.after_open = false;
        }
        Fast::General
    }
}

/// Before a game's first move, a move number the lexer passed over on the
/// fast path (the window bytes `from..upto`, white space, integers and
/// periods only) counts as the general path counts it: the game's moves
/// are numbered (for `Reader::starts_move_list`).
fn note_skipped_number(g: &mut GameState, window: &[u8], from: usize, upto: usize) {
    if !g.moved && window.get(from..upto).is_some_and(|b| b.iter().any(u8::is_ascii_digit)) {
        g.numbered = true;
    }
}
