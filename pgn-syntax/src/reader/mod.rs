//! `Reader`: splits a PGN stream into games (§8, §18) and hands each game's
//! parts to a [`Visitor`], with constant memory.
//!
//! The reader is a state machine over the tokens of `pgn-lex`, one token at
//! a time; it holds no token across a refill of its buffer except a move
//! whose suffix annotation straddles the refill, which the refill keeps.
//! Nested variations are a depth counter, not recursion.
//!
//! Game splitting, for files as they are: a game starts at a tag section or
//! at the first movetext token after the previous game; it ends at its
//! termination marker, at the next tag section (`[` and a tag name, with a
//! warning), or at the end of input. A tag section also ends the game
//! before it when, after an empty line, it repeats a tag name the section
//! already has (files of tag sections without movetext). A game begins for
//! the visitor only with its first tag or movetext element, so stray bytes
//! between games make no empty games. Comments between games go to the next
//! game; `%` escape lines between games are skipped (§6).
//!
//! Tag pairs are read token by token (a pair may span lines), and repaired
//! from the raw bytes of their line when the tokens do not fit; each
//! repair is a diagnostic.
//!
//! This file has the `Reader`, its main loop and the handling shared by
//! the phases of a game. The parts, one job a file: `state` (the state of
//! the game being read), `fast` (the two fast paths), `tags` (the tag
//! section and its repairs), `tag_log` (the names a section has had),
//! `checks` (tag values and the section's checks), `movetext` (the
//! movetext and the end of a game) and `line` (the raw bytes of the
//! current line, for the repairs and the game splitting).

mod checks;
mod fast;
mod line;
mod movetext;
mod state;
mod tag_log;
mod tags;

use std::io::{self, Read};

use pgn_lex::{Step, Token, TokenFlags, TokenKind};

use self::fast::Fast;
use self::movetext::termination;
use self::state::{GameState, Phase, Skipping, TagState, obey};
use self::tag_log::TagLog;
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::source::Source;
use crate::visitor::{CommentKind, Flow, Skip, Visitor};

/// A token without its borrow: kind, text range in the window, offset, flags.
#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: TokenKind,
    text: (usize, usize),
    offset: u64,
    flags: TokenFlags,
}

impl Tok {
    /// The token `t`, whose text lies in `buf`.
    #[inline(always)]
    fn new(buf: &[u8], t: Token<'_>) -> Tok {
        Tok { kind: t.kind, text: range_in(buf, t.text), offset: t.offset, flags: t.flags }
    }

    /// The token again with its text borrowed from `buf`.
    fn token<'a>(&self, buf: &'a [u8]) -> Token<'a> {
        let text = buf.get(self.text.0..self.text.1).unwrap_or_default();
        Token { kind: self.kind, text, offset: self.offset, flags: self.flags }
    }
}

/// Reads games from a byte stream; see the module docs.
///
/// ```
/// use pgn_syntax::{Reader, Visitor};
///
/// struct CountMoves(usize);
/// impl Visitor for CountMoves {
///     type Output = usize;
///     fn san(
///         &mut self,
///         _: &[u8],
///         _: Option<pgn_syntax::nag::Suffix>,
///         _: &mut pgn_syntax::Place<'_>,
///     ) -> pgn_syntax::Flow {
///         self.0 += 1;
///         pgn_syntax::CONTINUE
///     }
///     fn end_game(&mut self) -> usize {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// let pgn = b"[Event \"?\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0\n\n1. d4 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut visitor = CountMoves(0);
/// assert_eq!(reader.read_game(&mut visitor)?, Some(4));
/// assert_eq!(reader.read_game(&mut visitor)?, Some(1));
/// assert_eq!(reader.read_game(&mut visitor)?, None);
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct Reader<R> {
    src: Source<R>,
    /// Games begun so far (the number of the current or last game).
    games: u64,
    /// A `[` that ended the last game opens the next one's tag section.
    pending_tag: bool,
    /// A whole tag pair that ended the last game opens the next one.
    pending_pair: Option<u64>,
    /// Comments read between games, for the next game.
    pending: PendingComments,
    /// A visitor asked to stop.
    stopped: bool,
    /// The tag pair being read (tags span several tokens, and the buffer
    /// may be refilled between them): name and value.
    tag_name: Vec<u8>,
    tag_value: Vec<u8>,
    /// The names of the tag section being read (and its SetUp value).
    tags: TagLog,
}

impl<R: Read> Reader<R> {
    /// A reader over `inner`. It buffers by itself: `inner` need not.
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            src: Source::new(inner),
            games: 0,
            pending_tag: false,
            pending_pair: None,
            pending: PendingComments::default(),
            stopped: false,
            tag_name: Vec::new(),
            tag_value: Vec::new(),
            tags: TagLog::default(),
        }
    }

    /// The number of games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Reads the next game and returns what the visitor made of it, or
    /// `None` at the end of input (or after a visitor said [`Skip::Stop`]).
    ///
    /// # Errors
    ///
    /// Only I/O errors of the input; problems in the PGN are diagnostics.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        loop {
            if self.stopped {
                return Ok(None);
            }
            match self.read_one(v)? {
                Some(Some(output)) => return Ok(Some(output)),
                // What was read held no game (stray bytes): read on.
                Some(None) => {}
                None => return Ok(None),
            }
        }
    }

    /// Reads up to the end of one game: `None` at the end of input,
    /// `Some(None)` when what was read held no game.
    fn read_one<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<Option<V::Output>>> {
        let mut g = GameState::new();
        self.tags.clear();
        if let Some(offset) = self.pending_pair.take() {
            // `tag_name` and `tag_value` hold the pair.
            g.phase = Phase::Tags;
            g.start = offset;
            self.deliver_held_tag(v, &mut g, offset);
        } else if std::mem::take(&mut self.pending_tag) {
            g.phase = Phase::Tags;
            g.tag = TagState::Open;
            g.tag_offset = self.src.lexer.offset().saturating_sub(1);
            g.start = g.tag_offset;
        }
        loop {
            // The fast paths first (`fast.rs`), then one token of the
            // general path.
            if g.tag == TagState::Closed && g.skipping == Skipping::No && g.phase != Phase::Movetext
            {
                match self.plain_tag_pair(v, &mut g) {
                    Fast::General => {}
                    Fast::Again => continue,
                    Fast::Ended => return Ok(Some(self.end_game(v, &g))),
                }
            }
            if g.phase == Phase::Movetext && g.skipping == Skipping::No {
                match self.plain_moves(v, &mut g) {
                    Fast::General => {}
                    Fast::Again => continue,
                    Fast::Ended => return Ok(Some(self.end_game(v, &g))),
                }
            }
            let window = &self.src.buf[..self.src.end];
            let tok = match self.src.lexer.next(window, self.src.eof) {
                Step::Token(t) => Tok::new(&self.src.buf, t),
                Step::NeedMore => {
                    let keep = self.keep_from(&g, self.src.lexer.consumed());
                    self.src.refill(keep)?;
                    continue;
                }
                Step::End => {
                    if g.phase == Phase::Idle {
                        self.leftover_comments(v, &mut g);
                        return Ok(None);
                    }
                    let at = self.src.lexer.offset();
                    self.finish_unterminated(v, &mut g, at);
                    return Ok(Some(self.end_game(v, &g)));
                }
            };
            if self.token(v, &mut g, tok)? {
                return Ok(Some(self.end_game(v, &g)));
            }
        }
    }

    /// The game ends: `end_game` if it began, else nothing.
    fn end_game<V: Visitor>(&mut self, v: &mut V, g: &GameState) -> Option<V::Output> {
        if g.stop {
            self.stopped = true;
        }
        g.begun.then(|| v.end_game())
    }

    /// The game has content: tells the visitor once, with the comments
    /// that came before it.
    fn begin<V: Visitor>(&mut self, v: &mut V, g: &mut GameState) {
        begin_game(v, g, &mut self.games, &mut self.pending);
    }

    /// Comments between the last game and the end of input.
    fn leftover_comments<V: Visitor>(&mut self, v: &mut V, g: &mut GameState) {
        let pending = std::mem::take(&mut self.pending.comments);
        for &(_, offset, _) in &pending {
            self.report(v, g, DiagnosticKind::TextBetweenGames, offset);
        }
        self.pending.text.clear();
    }

    /// Handles one token; true when it ended the game.
    fn token<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok) -> io::Result<bool> {
        if g.skipping != Skipping::No {
            return self.skip_token(v, g, tok);
        }
        if !tok.flags.is_empty() {
            self.flag_diagnostics(v, g, tok);
        }
        let ended = match g.phase {
            Phase::Idle => self.idle_token(v, g, tok)?,
            Phase::Tags => self.tag_token(v, g, tok)?,
            Phase::Movetext => self.movetext_token(v, g, tok)?,
        };
        Ok(ended || g.stop)
    }

    fn idle_token<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        match tok.kind {
            TokenKind::LeftBracket => {
                g.phase = Phase::Tags;
                g.tag = TagState::Open;
                g.tag_offset = tok.offset;
                g.start = tok.offset;
            }
            TokenKind::BraceComment | TokenKind::LineComment => {
                let kind = if tok.kind == TokenKind::BraceComment {
                    CommentKind::Brace
                } else {
                    CommentKind::Line
                };
                let text = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
                self.pending.text.extend_from_slice(text);
                self.pending.comments.push((kind, tok.offset, self.pending.text.len()));
            }
            TokenKind::Escape => {}
            TokenKind::Invalid => self.report(v, g, DiagnosticKind::InvalidBytes, tok.offset),
            TokenKind::LeftAngle => self.skip_reserved(v, g, tok)?,
            kind if starts_movetext(kind) => {
                g.start = tok.offset;
                self.enter_movetext(v, g);
                return self.movetext_token(v, g, tok);
            }
            _ => self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset),
        }
        Ok(false)
    }

    fn comment<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok, kind: CommentKind) {
        self.begin(v, g);
        let flow = v.comment(self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default(), kind);
        obey(g, flow);
    }

    /// `<...>` (reserved by §7): skipped up to the `>` on the same line.
    fn skip_reserved<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<()> {
        let tok = self.with_line(g, tok)?;
        self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset);
        self.skip_closing(tok.text.1, b'>');
        Ok(())
    }

    fn flag_diagnostics<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok) {
        let f = tok.flags;
        let text = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
        let is_termination = termination(text).is_some();
        if f.contains(TokenFlags::UNTERMINATED) {
            let kind = if tok.kind == TokenKind::String {
                DiagnosticKind::UnterminatedString
            } else {
                DiagnosticKind::UnterminatedComment
            };
            self.report(v, g, kind, tok.offset);
        }
        if f.contains(TokenFlags::TOO_LONG) {
            let kind = if tok.kind == TokenKind::String {
                DiagnosticKind::StringTooLong
            } else {
                DiagnosticKind::SymbolTooLong
            };
            self.report(v, g, kind, tok.offset);
        }
        if f.contains(TokenFlags::CONTROL) && tok.kind != TokenKind::Invalid {
            self.report(v, g, DiagnosticKind::ControlByte, tok.offset);
        }
        if f.contains(TokenFlags::LONG_LINE) {
            self.report(v, g, DiagnosticKind::LineTooLong, tok.offset);
        }
        if f.contains(TokenFlags::NON_ASCII) && !is_termination {
            self.report(v, g, DiagnosticKind::NonAsciiSymbol, tok.offset);
        }
    }

    /// Reports a diagnostic at an absolute offset.
    fn report<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        kind: DiagnosticKind,
        offset: u64,
    ) {
        let at = self.src.locate(offset);
        let game = if g.begun { self.games } else { self.games + 1 };
        let d = Diagnostic { kind, at, game };
        if let Flow::Break(Skip::Stop) = v.diagnostic(&d) {
            g.stop = true;
        }
    }
}

/// Comments read between games, kept (copied) for the next game.
#[derive(Debug, Default)]
struct PendingComments {
    /// Kind, offset and the end of the text in `text`, per comment.
    comments: Vec<(CommentKind, u64, usize)>,
    text: Vec<u8>,
}

/// Starts the game for the visitor once it has content, with the comments
/// that came before it; counts it.
fn begin_game<V: Visitor>(
    v: &mut V,
    g: &mut GameState,
    games: &mut u64,
    pending: &mut PendingComments,
) {
    if g.begun {
        return;
    }
    g.begun = true;
    *games += 1;
    let flow = v.begin_game();
    obey(g, flow);
    let mut start = 0;
    for (kind, _, end) in pending.comments.drain(..) {
        let flow = v.comment(pending.text.get(start..end).unwrap_or_default(), kind);
        obey(g, flow);
        start = end;
    }
    pending.text.clear();
}

/// The range of `part` inside `buf`, which it is a sub-slice of (clamped
/// to `buf`, so that a mistake can never make an index panic).
#[inline(always)]
fn range_in(buf: &[u8], part: &[u8]) -> (usize, usize) {
    let start = (part.as_ptr() as usize).wrapping_sub(buf.as_ptr() as usize).min(buf.len());
    (start, (start + part.len()).min(buf.len()))
}

/// True for tokens that start a movetext.
fn starts_movetext(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Symbol
            | TokenKind::Integer
            | TokenKind::Period
            | TokenKind::Ellipsis
            | TokenKind::Asterisk
            | TokenKind::LeftParen
            | TokenKind::Nag
            | TokenKind::Suffix
            | TokenKind::Glyph
    )
}
