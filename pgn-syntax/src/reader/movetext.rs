//! The movetext: its state machine over tokens (moves with their suffix
//! annotations, NAGs, comments, escape lines, variations as a depth
//! counter), the skipping of tokens a visitor did not want, and the end
//! of a game, at its termination marker, at a `[` that starts the next
//! game's tag section, or at the end of input.

use std::io::{self, Read};

use pgn_lex::{Step, TokenFlags, TokenKind};

use super::state::{GameState, Phase, Skipping, TagState};
use super::visit::Visit;
use super::{Reader, Tok};
use crate::diagnostic::{DiagnosticKind, TagFault};
use crate::nag::{Nag, Suffix};
use crate::place::Place;
use crate::tags::GameResult;
use crate::visitor::{Branch, CommentKind, Visitor};

/// What a `[` in movetext opens.
enum Bracket {
    /// The next game's tag section: the game before it has ended.
    NextGame,
    /// Nothing of PGN (`[%clk 0:01:00]` outside a comment): the token,
    /// moved along with the refill that brought its line into the window.
    Stray(Tok),
}

impl<R: Read> Reader<R> {
    pub(super) fn movetext_token<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        let after_open = std::mem::take(&mut g.after_open);
        let after_move = std::mem::take(&mut g.after_move);
        note_move_or_number(g, tok.kind);
        let text = tok.text;
        match tok.kind {
            TokenKind::Symbol | TokenKind::Glyph => {
                let sym = self.src.buf.get(text.0..text.1).unwrap_or_default();
                if let Some((result, standard)) = termination(sym) {
                    if g.depth > 0 {
                        self.report(v, g, DiagnosticKind::TerminationInVariation, tok.offset);
                        return Ok(false);
                    }
                    if !standard {
                        let kind =
                            DiagnosticKind::NonStandardTermination { marker: sym.into(), result };
                        self.report(v, g, kind, tok.offset);
                    }
                    return Ok(self.terminate(v, g, result, tok.offset));
                }
                if tok.kind == TokenKind::Glyph {
                    match Nag::from_glyph(sym) {
                        Some(nag) => {
                            let kind = DiagnosticKind::GlyphAsText { glyph: sym.into(), nag };
                            self.report(v, g, kind, tok.offset);
                            v.nag(g, nag, &mut self.src.place(tok.offset));
                            g.after_move = after_move;
                        }
                        None => {
                            let kind = DiagnosticKind::UnknownGlyph { glyph: sym.into() };
                            self.report(v, g, kind, tok.offset);
                        }
                    }
                    return Ok(false);
                }
                // Never a move, wherever it stands: were it one where no
                // move comes right before it, it would read as a mark once
                // written after a move (`pxd6 3. e.p.`: a broken game's
                // moves exported as read).
                if matches!(sym, b"e.p." | b"ep") {
                    self.report(v, g, DiagnosticKind::SeparateEnPassantMark, tok.offset);
                    g.after_move = after_move;
                    return Ok(false);
                }
                return self.san(v, g, tok);
            }
            TokenKind::Integer | TokenKind::Period => {
                // A move number is no element of its own: `(1. )` is
                // still an empty variation, and a NAG after `2.` still
                // follows the move before it. The fast path passes over
                // numbers the same way, so the diagnostics do not depend
                // on which path a refill of the buffer leaves them to.
                g.after_open = after_open;
                g.after_move = after_move;
            }
            TokenKind::Ellipsis => {
                self.report(v, g, DiagnosticKind::EllipsisInMoveNumber, tok.offset)
            }
            TokenKind::Asterisk => {
                if g.depth > 0 {
                    self.report(v, g, DiagnosticKind::TerminationInVariation, tok.offset);
                    return Ok(false);
                }
                return Ok(self.terminate(v, g, GameResult::Unknown, tok.offset));
            }
            TokenKind::Nag => {
                let written = self.src.buf.get(text.0.saturating_sub(1)..text.1);
                match written.and_then(Nag::from_ascii) {
                    Some(nag) => {
                        v.nag(g, nag, &mut self.src.place(tok.offset));
                        g.after_move = after_move;
                    }
                    None => {
                        let text = written.unwrap_or_default().into();
                        self.report(v, g, DiagnosticKind::InvalidNag { text }, tok.offset);
                    }
                }
            }
            TokenKind::Suffix => {
                let written = self.src.buf.get(text.0..text.1).unwrap_or_default();
                match Suffix::from_ascii(written) {
                    Some(suffix) => {
                        let kind = DiagnosticKind::SuffixWithoutMove { suffix };
                        self.report(v, g, kind, tok.offset);
                        v.nag(g, suffix.nag(), &mut self.src.place(tok.offset));
                    }
                    None => {
                        let kind = DiagnosticKind::InvalidSuffix { text: written.into() };
                        self.report(v, g, kind, tok.offset);
                    }
                }
            }
            TokenKind::BraceComment => self.comment(v, g, tok, CommentKind::Brace),
            TokenKind::LineComment => self.comment(v, g, tok, CommentKind::Line),
            TokenKind::Escape => {
                let (mut at, line) = self.src.place_with_text(tok.offset, text);
                v.escape(g, line, &mut at);
            }
            TokenKind::LeftParen => {
                g.depth += 1;
                if g.depth > self.options.depth_limit {
                    // Skipped with what it holds, so that no reader or
                    // replay holds state for deeper lines.
                    let limit = self.options.depth_limit;
                    self.report(v, g, DiagnosticKind::VariationTooDeep { limit }, tok.offset);
                    g.skipping = Skipping::Variation { depth: g.depth };
                    return Ok(false);
                }
                g.reported_depth += 1;
                g.after_open = true;
                let branch = v.begin_variation(g, &mut self.src.place(tok.offset));
                if branch == Branch::Skip {
                    // Skip all of it: no end_variation for this one (nor
                    // for any, when the game ended early).
                    g.reported_depth -= 1;
                    if g.skipping == Skipping::No {
                        g.skipping = Skipping::Variation { depth: g.depth };
                    }
                }
            }
            TokenKind::RightParen => {
                if g.depth == 0 {
                    self.report(v, g, DiagnosticKind::UnmatchedParenthesis, tok.offset);
                } else {
                    if after_open {
                        self.report(v, g, DiagnosticKind::EmptyVariation, tok.offset);
                    }
                    g.depth -= 1;
                    g.reported_depth -= 1;
                    v.end_variation(g, &mut self.src.place(tok.offset));
                }
            }
            TokenKind::LeftBracket => match self.bracket(v, g, tok)? {
                Bracket::NextGame => return Ok(true),
                Bracket::Stray(tok) => {
                    // `[%clk 0:01:00]` outside a comment: skipped to its `]`.
                    self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset);
                    self.skip_closing(tok.text.1, b']');
                }
            },
            TokenKind::LeftAngle => self.skip_reserved(v, g, tok)?,
            TokenKind::Invalid => self.report(v, g, DiagnosticKind::InvalidBytes, tok.offset),
            _ => self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset),
        }
        Ok(false)
    }

    /// A move: looks for a suffix annotation glued to it first.
    fn san<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        let mut text = tok.text;
        let mut suffix = None;
        if text.1 >= self.src.end && !self.src.eof {
            // The move ends the window (`exd6e.p.` ends without looking
            // past itself): the byte after it decides whether a suffix
            // follows. The buffer past the window holds stale bytes.
            let moved = self.fill_after(text.0, text.1 + 1)?;
            text = (text.0 - moved, text.1 - moved);
        }
        if matches!(self.src.buf[..self.src.end].get(text.1), Some(b'!' | b'?')) {
            // A suffix has at most two bytes. A longer run is no suffix of
            // the move: it is read next as a token of its own (and
            // reported), so that the move is never held with a run of any
            // length.
            let moved = self.fill_after(text.0, text.1 + 3)?;
            // The refill kept the move: `moved` is at most its start.
            text = (text.0 - moved, text.1 - moved);
            let after = self.src.buf.get(text.1..self.src.end).unwrap_or_default();
            let run = after.iter().take(3).take_while(|&&b| b == b'!' || b == b'?').count();
            if run <= 2
                && let Step::Token(t) =
                    self.src.lexer.next(&self.src.buf[..self.src.end], self.src.eof)
            {
                let s = Tok::new(&self.src.buf, t);
                let written = self.src.buf.get(s.text.0..s.text.1).unwrap_or_default();
                suffix = Suffix::from_ascii(written);
                if suffix.is_none() {
                    let kind = DiagnosticKind::InvalidSuffix { text: written.into() };
                    self.report(v, g, kind, s.offset);
                }
            }
        }
        let base = self.src.base();
        let window = &self.src.buf[..self.src.end];
        let mut at = Place::new(base + text.0 as u64, window, base, &mut self.src.lines);
        v.san(g, window.get(text.0..text.1).unwrap_or_default(), suffix, &mut at);
        g.after_move = true;
        Ok(false)
    }

    /// Refills, if needed and without dropping the bytes from `keep` on,
    /// until the window reaches the index `upto` (or the input ends).
    /// Returns how far the window moved.
    fn fill_after(&mut self, keep: usize, mut upto: usize) -> io::Result<usize> {
        let mut moved = 0;
        while self.src.end < upto && !self.src.eof {
            let dropped = self.src.refill(keep - moved)?;
            moved += dropped;
            upto -= dropped;
        }
        Ok(moved)
    }

    /// After a `[` in movetext (its line in the window): does a tag name
    /// follow (`[`, blanks, a letter)?
    fn tag_follows(&self) -> bool {
        let at = self.next_non_blank(self.src.lexer.consumed());
        self.src.buf.get(at).is_some_and(u8::is_ascii_alphabetic) && at < self.horizon()
    }

    /// A `[` in movetext (also in a game being skipped): when a tag name
    /// follows, the next game's tag section starts there and this game,
    /// which had no marker, ends.
    fn bracket<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<Bracket> {
        let tok = self.with_line(g, tok)?;
        if self.tag_follows() {
            self.next_game_at(v, g, tok.offset);
            return Ok(Bracket::NextGame);
        }
        Ok(Bracket::Stray(tok))
    }

    /// The next game's tag section starts at the `[` at `at` (read, so the
    /// next game's section opens with it): this game ends there without a
    /// marker. Returns true, for the callers to say that the game ended.
    pub(super) fn next_game_at<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        at: u64,
    ) -> bool {
        self.finish_unterminated(v, g, at);
        self.pending_tag = true;
        true
    }

    /// Whether `tok` starts a new move list: a game without a marker ends
    /// at an empty line when what follows (after any comments and escape
    /// lines) begins a game, as services export lists of games without
    /// tags or markers. What begins a game: the move number `1.` of a
    /// white move (not `1...`, which goes on with Black's move), or, in a
    /// game whose moves have no numbers, a move. The game must have had a
    /// move, and no variation may be open. `tok` is moved along if the
    /// window is refilled to see past it.
    pub(super) fn starts_move_list(
        &mut self,
        g: &mut GameState,
        tok: &mut Tok,
    ) -> io::Result<bool> {
        let empty = tok.flags.contains(TokenFlags::AFTER_EMPTY_LINE) || g.after_empty;
        g.after_empty = empty
            && matches!(
                tok.kind,
                TokenKind::Escape | TokenKind::BraceComment | TokenKind::LineComment
            );
        if !empty || g.depth != 0 || !g.moved {
            return Ok(false);
        }
        let text = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
        match tok.kind {
            TokenKind::Symbol => Ok(!g.numbered && termination(text).is_none()),
            TokenKind::Integer if text == b"1" => {
                let moved = self.fill_after(tok.text.0, tok.text.1 + 2)?;
                tok.text = (tok.text.0 - moved, tok.text.1 - moved);
                let after = self.src.buf.get(tok.text.1..self.src.end).unwrap_or_default();
                Ok(after.first() == Some(&b'.') && after.get(1) != Some(&b'.'))
            }
            _ => Ok(false),
        }
    }

    /// The termination marker: closes open variations and ends the game.
    fn terminate<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        result: GameResult,
        at: u64,
    ) -> bool {
        self.close_variations(v, g, at);
        if let Some(tag) = g.result_tag.filter(|&tag| tag != result) {
            self.report(v, g, DiagnosticKind::ResultMismatch { tag, marker: result }, at);
        }
        v.termination(g, result, &mut self.src.place(at));
        true
    }

    /// The tag section is over: checks it (§8.1.1, §9.7) and tells the
    /// visitor that the movetext starts.
    pub(super) fn enter_movetext<V: Visitor>(&mut self, v: &mut Visit<'_, V>, g: &mut GameState) {
        self.begin(v, g);
        self.check_tag_section(v, g);
        g.phase = Phase::Movetext;
        v.begin_movetext(g);
    }
    /// The game ends without a marker (next tag section or end of input).
    /// As real-world-notes.md says, the result is the Result tag's, else `*`.
    pub(super) fn finish_unterminated<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        at: u64,
    ) {
        if g.tag != TagState::Closed && g.tag != TagState::Valued {
            let kind = self.malformed(g, TagFault::Unclosed);
            self.report(v, g, kind, g.tag_offset);
        }
        if !g.begun {
            return;
        }
        if g.phase == Phase::Tags {
            self.check_tag_section(v, g);
        }
        self.close_variations(v, g, at);
        self.report(v, g, DiagnosticKind::MissingTermination, at);
        let result = g.result_tag.unwrap_or(GameResult::Unknown);
        v.termination(g, result, &mut self.src.place(at));
    }

    fn close_variations<V: Visitor>(&mut self, v: &mut Visit<'_, V>, g: &mut GameState, at: u64) {
        if g.depth > 0 {
            self.report(v, g, DiagnosticKind::UnclosedVariation, at);
        }
        g.skipping = Skipping::No;
        g.depth = 0;
        while g.reported_depth > 0 {
            g.reported_depth -= 1;
            v.end_variation(g, &mut self.src.place(at));
        }
    }

    /// Skips a token for the visitor, keeping track of structure only.
    pub(super) fn skip_token<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        note_move_or_number(g, tok.kind);
        // What the last element was is taken by every token, as in a
        // movetext read: a skipped variation's `)` leaves no move or `(`
        // behind it (else the `)` after a skipped variation could read as
        // closing an empty one).
        g.after_open = false;
        g.after_move = false;
        match tok.kind {
            TokenKind::LeftParen => g.depth += 1,
            TokenKind::RightParen if g.depth > 0 => {
                if let Skipping::Variation { depth } = g.skipping
                    && depth == g.depth
                {
                    g.skipping = Skipping::No;
                }
                g.depth -= 1;
            }
            TokenKind::Asterisk if g.depth == 0 => {
                return Ok(self.terminate(v, g, GameResult::Unknown, tok.offset));
            }
            TokenKind::Symbol | TokenKind::Glyph if g.depth == 0 => {
                let sym = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
                if let Some((result, _)) = termination(sym) {
                    return Ok(self.terminate(v, g, result, tok.offset));
                }
            }
            TokenKind::LeftBracket if g.phase != Phase::Tags => match self.bracket(v, g, tok)? {
                Bracket::NextGame => return Ok(true),
                // Skipped to its `]` as in a movetext read (without the
                // report): what it holds (`[*]`) ends nothing.
                Bracket::Stray(tok) => self.skip_closing(tok.text.1, b']'),
            },
            // `<...>` too, as `skip_reserved` does.
            TokenKind::LeftAngle => {
                let tok = self.with_line(g, tok)?;
                self.skip_closing(tok.text.1, b'>');
            }
            _ => {}
        }
        Ok(false)
    }
}

/// Notes a move, and a move number before the first move, for
/// [`Reader::starts_move_list`].
fn note_move_or_number(g: &mut GameState, kind: TokenKind) {
    match kind {
        TokenKind::Symbol => g.moved = true,
        TokenKind::Integer if !g.moved => g.numbered = true,
        _ => {}
    }
}

/// The result a symbol (or glyph: `+--`, `--+`) stands for, and whether it
/// is written as §8.2.6 says; `None` for moves (`0-0` castling included).
pub(super) fn termination(sym: &[u8]) -> Option<(GameResult, bool)> {
    match sym.first() {
        Some(b'0' | b'1' | b'+' | b'-' | 0xc2) => {}
        _ => return None,
    }
    if sym.first() == Some(&b'-') && sym != b"--+" {
        return None;
    }
    let read = GameResult::parse_lenient(sym).ok()?;
    Some((read.value, !read.nonstandard))
}
