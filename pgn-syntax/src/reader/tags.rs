//! The tag section: the state machine of tag pairs read token by token,
//! with the repairs of malformed pairs from the raw bytes of their line
//! (unescaped quotes inside a value, a value without quotes, a name with
//! other characters, junk before the `]`), each repair a diagnostic; and
//! the delivery of a pair to the visitor with its checks, shared with the
//! fast path of plain pairs.

use std::io::{self, Read};

use pgn_lex::{TokenFlags, TokenKind};

use super::checks::{TagProblem, examine_tag};
use super::state::{GameState, TagState};
use super::tag_log::{Known, TagKey, TagLog};
use super::visit::Visit;
use super::{Reader, Tok, begin_game, starts_movetext};
use crate::diagnostic::{DiagnosticKind, TagFault};
use crate::place::Place;
use crate::tags::GameResult;
use crate::visitor::{CommentKind, Visitor};

/// A tag pair as it is delivered: its name and value (unescaped), the
/// name classified once, and where the pair starts and ends (absolute
/// offsets).
#[derive(Clone, Copy, Debug)]
pub(super) struct Pair<'a> {
    pub(super) name: &'a [u8],
    pub(super) value: &'a [u8],
    pub(super) known: Known,
    pub(super) key: TagKey,
    pub(super) start: u64,
    pub(super) end: u64,
}

impl<R: Read> Reader<R> {
    pub(super) fn tag_token<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        // An unclosed pair whose line has ended: it ends with its line
        // (a value may still come on the next line after the name).
        let later_line = g.tag_offset < self.src.lexer.line_start();
        let continues = matches!((g.tag, tok.kind), (TagState::Named, TokenKind::String))
            || matches!((g.tag, tok.kind), (TagState::Open, TokenKind::Symbol))
            || tok.kind == TokenKind::RightBracket;
        if g.tag != TagState::Closed && later_line && !continues {
            let kind = self.malformed(g, TagFault::Unclosed);
            self.report(v, g, kind, g.tag_offset);
            g.tag = TagState::Closed;
        }
        // Tag repairs read the rest of the line: have it in the window.
        let tok = if g.tag != TagState::Closed || tok.kind == TokenKind::LeftBracket {
            self.with_line(g, tok)?
        } else {
            tok
        };
        match (g.tag, tok.kind) {
            (TagState::Closed, TokenKind::LeftBracket) => {
                if self.repeated_name_follows()
                    && !self.section_too_large(g)
                    && self.empty_line_between(g.last_tag_end, tok.offset)
                {
                    return Ok(self.next_game_at(v, g, tok.offset));
                }
                g.tag = TagState::Open;
                g.tag_offset = tok.offset;
            }
            (TagState::Closed, TokenKind::BraceComment) => {
                self.comment(v, g, tok, CommentKind::Brace)
            }
            (TagState::Closed, TokenKind::LineComment) => {
                self.comment(v, g, tok, CommentKind::Line)
            }
            (TagState::Closed, TokenKind::Escape) => {
                // Kept for the start of the movetext.
                self.begin(v, g);
                let at = self.locate(tok.offset);
                v.pending.escape(self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default(), at);
            }
            (TagState::Closed, TokenKind::LeftAngle) => self.skip_reserved(v, g, tok)?,
            (TagState::Closed, kind) if starts_movetext(kind) => {
                self.enter_movetext(v, g);
                return self.movetext_token(v, g, tok);
            }
            (TagState::Closed, TokenKind::Invalid) => {
                self.report(v, g, DiagnosticKind::InvalidBytes, tok.offset);
            }
            (TagState::Closed, _) => self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset),
            (_, TokenKind::LeftBracket) => {
                // The pair before has no `]`: drop what it had, start anew.
                let kind = self.malformed(g, TagFault::Unclosed);
                self.report(v, g, kind, g.tag_offset);
                g.tag = TagState::Open;
                g.tag_offset = tok.offset;
            }
            (TagState::Open, TokenKind::String | TokenKind::RightBracket) => {
                // `["x"]` or `[]`: no name.
                let kind = self.malformed(g, TagFault::NoName);
                self.report(v, g, kind, tok.offset);
                self.skip_past_close(tok.text.0);
                g.tag = TagState::Closed;
            }
            (TagState::Open, TokenKind::BraceComment) => {
                // `[{...`: a comment is no name. Kept as one, it would be
                // written `[{... "..."]`, which reads back as a comment
                // running to the next `}` wherever that is.
                let kind = self.malformed(g, TagFault::NoName);
                self.report(v, g, kind, tok.offset);
                self.skip_past_close(self.token_start(tok));
                g.tag = TagState::Closed;
            }
            (TagState::Open, _) => {
                // The name: the bytes up to white space, `"` or `]`.
                let start = self.token_start(tok);
                let end = self.word_end(start);
                if end == start {
                    // Junk that starts with a form feed (white space here,
                    // not to the lexer): no name either, as `["x"]`.
                    let kind = self.malformed(g, TagFault::NoName);
                    self.report(v, g, kind, tok.offset);
                    self.skip_past_close(start);
                    g.tag = TagState::Closed;
                    return Ok(false);
                }
                if end < self.src.lexer.consumed() {
                    // The token runs on past the name (`[{ a } "x"]`, a
                    // comment): what follows the name is read from there,
                    // not from where the token happened to end.
                    self.src.lexer.unread(self.src.base() + end as u64);
                } else {
                    self.skip_to(end);
                }
                self.tag_name.clear();
                self.tag_name.extend_from_slice(self.src.buf.get(start..end).unwrap_or_default());
                g.tag = TagState::Named;
                if !valid_tag_name(&self.tag_name) {
                    let name = self.tag_name.as_slice().into();
                    self.report(v, g, DiagnosticKind::InvalidTagName { name }, tok.offset);
                    // A control byte of the name becomes `_` (ruling E4):
                    // the name is kept, but no writer of it puts a
                    // control byte into export format (§4.1).
                    for b in &mut self.tag_name {
                        if *b < 0x20 || *b == 0x7f {
                            *b = b'_';
                        }
                    }
                }
            }
            (TagState::Named, TokenKind::String) => {
                let quote = self.token_start(tok);
                let after = self.next_non_blank(self.src.lexer.consumed());
                let closed =
                    matches!(self.src.buf.get(after), Some(b']')) || after >= self.horizon();
                match self.close_of_pair(after).ok().filter(|_| !closed) {
                    Some(close) => {
                        // Unescaped quotes (or junk) before `]`: the value
                        // is everything from the first quote to the last.
                        let mut value = self.src.buf.get(quote + 1..close).unwrap_or_default();
                        value = value.trim_ascii_end();
                        value = value.strip_suffix(b"\"").unwrap_or(value);
                        self.tag_value.clear();
                        self.tag_value.extend_from_slice(value);
                        self.skip_to(close + 1);
                        let kind = self.malformed(g, TagFault::QuoteInValue);
                        self.report(v, g, kind, tok.offset);
                        g.tag = TagState::Closed;
                    }
                    None => {
                        let value = tok.token(&self.src.buf).string_value();
                        self.tag_value.clear();
                        self.tag_value.extend_from_slice(&value);
                        g.tag = TagState::Valued;
                        // `[Event "open]`: the line's `]` is taken as the close.
                        if tok.flags.contains(TokenFlags::UNTERMINATED)
                            && self.tag_value.last() == Some(&b']')
                        {
                            self.tag_value.pop();
                            g.tag = TagState::Closed;
                        }
                    }
                }
                self.deliver_held_tag(v, g, g.tag_offset);
            }
            (TagState::Named, TokenKind::RightBracket) => {
                // `[pgn]`: a name without a value; dropped.
                let kind = self.malformed(g, TagFault::NoValue);
                self.report(v, g, kind, g.tag_offset);
                g.tag = TagState::Closed;
            }
            (TagState::Named, _) => {
                // A value without quotes: everything up to the pair's `]`.
                let start = self.token_start(tok);
                let close = self.close_of_pair(start);
                let end = close.unwrap_or_else(|end| end);
                let value = self.src.buf.get(start..end).unwrap_or_default().trim_ascii();
                self.tag_value.clear();
                self.tag_value.extend_from_slice(value);
                self.skip_to(close.map_or(end, |c| c + 1));
                let name = self.tag_name.as_slice().into();
                self.report(v, g, DiagnosticKind::UnquotedTagValue { name }, tok.offset);
                g.tag = TagState::Closed;
                self.deliver_held_tag(v, g, g.tag_offset);
            }
            (TagState::Valued, TokenKind::RightBracket) => g.tag = TagState::Closed,
            (TagState::Valued, _) => {
                // Junk between the value and `]`: skipped up to the `]`.
                let kind = self.malformed(g, TagFault::JunkBeforeClose);
                self.report(v, g, kind, tok.offset);
                self.skip_past_close(tok.text.0);
                g.tag = TagState::Closed;
            }
        }
        Ok(false)
    }

    /// Delivers the pair held in `tag_name` and `tag_value` (read token by
    /// token, or kept for the next game), which starts at `start`, with its
    /// checks.
    pub(super) fn deliver_held_tag<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        start: u64,
    ) {
        // A control byte of the value becomes a space (ruling E4), as
        // export writes it: what a game's tags say does not change when
        // it is written and read again. Plain pairs, read on the fast
        // path, hold none.
        for b in &mut self.tag_value {
            if *b < 0x20 || *b == 0x7f {
                *b = b' ';
            }
        }
        let known = Known::of(&self.tag_name);
        let pair = Pair {
            name: &self.tag_name,
            value: &self.tag_value,
            known,
            key: TagKey::known(&self.tag_name, known),
            start,
            end: self.src.lexer.offset(),
        };
        let base = self.src.base();
        let window = &self.src.buf[..self.src.end];
        let mut at = Place::new(start, window, base, &mut self.src.lines);
        let checks = self.options.checks_tags();
        let problem = deliver_tag(v, g, &mut self.games, &mut self.tags, pair, &mut at, checks);
        if let Some(problem) = problem {
            let kind = problem.kind(&self.tag_name, &self.tag_value);
            self.report(v, g, kind, start);
        }
    }

    /// A malformed tag pair, of the pair being read: named when it got as
    /// far as its name.
    pub(super) fn malformed(&self, g: &GameState, fault: TagFault) -> DiagnosticKind {
        let named = matches!(g.tag, TagState::Named | TagState::Valued);
        let name = named.then(|| self.tag_name.as_slice().into());
        DiagnosticKind::MalformedTag { name, fault }
    }

    /// After a `[` (whose line is in the window): does a tag name this
    /// game already has follow?
    fn repeated_name_follows(&self) -> bool {
        let start = self.next_non_blank(self.src.lexer.consumed());
        let end = self.word_end(start);
        let name = self.src.buf.get(start..end).unwrap_or_default();
        !name.is_empty() && self.tags.contains(TagKey::of(name))
    }
}

/// Delivers a tag pair to the visitor with its checks: starts the game
/// (once), examines the value and the name's case, logs the name, hands
/// the pair on, and notes where it ended. Returns what is wrong with the
/// pair, for the caller to report.
///
/// The pair borrows either the window (the fast path of plain pairs) or
/// the reader's `tag_name` and `tag_value` (a pair read token by token), so
/// this takes the reader's fields that delivery changes rather than the
/// reader; reporting, which needs the whole reader, waits for the borrow to
/// end.
#[inline(always)]
pub(super) fn deliver_tag<V: Visitor>(
    v: &mut Visit<'_, V>,
    g: &mut GameState,
    games: &mut u64,
    log: &mut TagLog,
    pair: Pair<'_>,
    at: &mut Place<'_>,
    checks: bool,
) -> Option<TagProblem> {
    begin_game(v, g, games);
    let problem = if checks {
        examine_tag(g, &mut log.setup_value, pair.known, pair.name, pair.value, pair.start)
    } else {
        // The Result tag gives the result of a game without a marker.
        if matches!(pair.known, Known::Result) {
            g.result_tag = GameResult::parse_lenient(pair.value).ok().map(|r| r.value);
        }
        None
    };
    log.push(pair.key, pair.name, pair.start);
    v.tag(g, pair.name, pair.value, at);
    g.last_tag_end = pair.end;
    problem
}

/// §8.1: letters, digits and `_`, starting with a letter.
fn valid_tag_name(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_alphabetic)
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}
