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
//! warning), or at the end of input. Comments between games are skipped
//! with a warning, `%` escape lines between games silently (§6).

use std::io::{self, Read};

use pgn_lex::{Step, TokenFlags, TokenKind};

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::nag::{Nag, Suffix};
use crate::source::Source;
use crate::tags::{self, GameResult, SetupFenProblem};
use crate::visitor::{CommentKind, Flow, Skip, Visitor};

/// A token without its borrow: kind, text range in the window, offset, flags.
#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: TokenKind,
    text: (usize, usize),
    offset: u64,
    flags: TokenFlags,
}

/// Where in a game the reader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Between games.
    Idle,
    /// In the tag section.
    Tags,
    /// In the movetext.
    Movetext,
}

/// Progress through one tag pair `[ name "value" ]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TagState {
    /// Not in a tag pair.
    Closed,
    /// After `[`.
    Open,
    /// After the name (kept in `Reader::tag_name`).
    Named,
    /// After the value: `]` is expected.
    Valued,
}

/// What is being skipped for the visitor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Skipping {
    /// Nothing.
    No,
    /// Tokens up to the end of the variation at this depth; `emit_end`
    /// says whether `end_variation` is due when it closes.
    Variation { depth: u32, emit_end: bool },
    /// Tokens up to the end of the game.
    Game,
}

/// The state of the game being read.
#[derive(Clone, Copy, Debug)]
struct GameState {
    phase: Phase,
    tag: TagState,
    /// Open variations, all of them (also skipped ones).
    depth: u32,
    /// Open variations whose `begin_variation` was called and whose
    /// `end_variation` is still due.
    reported_depth: u32,
    skipping: Skipping,
    /// The last movetext element was a move (for suffixes and `e.p.`).
    after_move: bool,
    /// The last token opened a variation (to spot `()`).
    after_open: bool,
    /// The Result tag's value, if it was one of the four.
    result_tag: Option<GameResult>,
    /// The game has a SetUp tag (its value is in `Reader::setup_value`).
    has_setup: bool,
    /// The game has a FEN tag.
    has_fen: bool,
    stop: bool,
}

impl GameState {
    fn new(phase: Phase) -> GameState {
        GameState {
            phase,
            tag: TagState::Closed,
            depth: 0,
            reported_depth: 0,
            skipping: Skipping::No,
            after_move: false,
            after_open: false,
            result_tag: None,
            has_setup: false,
            has_fen: false,
            stop: false,
        }
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
///     fn san(&mut self, _: &[u8], _: Option<pgn_syntax::nag::Suffix>) -> pgn_syntax::Flow {
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
    /// Games started so far (the number of the current or last game).
    games: u64,
    /// A `[` that ended the last game opens the next one's tag section.
    pending_tag: bool,
    /// A visitor asked to stop.
    stopped: bool,
    /// The current tag's name (tags span several tokens, and the buffer may
    /// be refilled between them).
    tag_name: Vec<u8>,
    /// The SetUp tag's value, checked against the FEN tag when the tag
    /// section ends.
    setup_value: Vec<u8>,
}

impl<R: Read> Reader<R> {
    /// A reader over `inner`. It buffers by itself: `inner` need not.
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            src: Source::new(inner),
            games: 0,
            pending_tag: false,
            stopped: false,
            tag_name: Vec::new(),
            setup_value: Vec::new(),
        }
    }

    /// The number of games started so far.
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
        if self.stopped {
            return Ok(None);
        }
        let mut g = GameState::new(Phase::Idle);
        if std::mem::take(&mut self.pending_tag) {
            self.start_game(v, &mut g, Phase::Tags);
            g.tag = TagState::Open;
        }
        loop {
            // Fast path for tag pairs written the plain way.
            if g.tag == TagState::Closed && g.skipping == Skipping::No && g.phase != Phase::Movetext
            {
                let window = &self.src.buf[..self.src.end];
                if let Some(pair) = self.src.lexer.next_plain_tag_pair(window) {
                    if g.phase == Phase::Idle {
                        // As `start_game`, on fields the pair does not borrow.
                        self.games += 1;
                        g.phase = Phase::Tags;
                        let flow = v.begin_game();
                        obey(&mut g, flow);
                    }
                    let problem = tag_value_problem(&mut g, pair.name, pair.value);
                    note_setup_fen(&mut g, &mut self.setup_value, pair.name, pair.value);
                    let offset = pair.offset;
                    let flow = v.tag(pair.name, pair.value);
                    obey(&mut g, flow);
                    if let Some(kind) = problem {
                        self.report(v, &mut g, kind, offset);
                    }
                    if g.stop {
                        return Ok(Some(self.end_game(v, &g)));
                    }
                    continue;
                }
            }
            let window = &self.src.buf[..self.src.end];
            let eof = self.src.eof;
            let step = if g.phase == Phase::Movetext && g.skipping == Skipping::No {
                // The inner loop of a movetext: plain moves go straight to
                // the visitor (move numbers are skipped by the lexer); any
                // other token leaves the loop for the general path.
                let mut after_move = g.after_move;
                let mut moves = false;
                let step = loop {
                    let step = self.src.lexer.next_skipping_move_numbers(window, eof);
                    if let Step::Token(t) = step
                        && t.kind == TokenKind::Symbol
                        && t.flags.is_empty()
                        && t.text.first().is_some_and(u8::is_ascii_alphabetic)
                        && !matches!(window.get(self.src.lexer.consumed()), Some(b'!' | b'?'))
                        && !(after_move && t.text == b"ep")
                    {
                        after_move = true;
                        moves = true;
                        let flow = v.san(t.text, None);
                        if flow.is_break() {
                            obey(&mut g, flow);
                            break None;
                        }
                        continue;
                    }
                    break Some(step);
                };
                g.after_move = after_move;
                if moves {
                    g.after_open = false;
                }
                match step {
                    Some(step) => step,
                    None if g.stop => return Ok(Some(self.end_game(v, &g))),
                    None => continue,
                }
            } else {
                self.src.lexer.next(window, eof)
            };
            let tok = match step {
                Step::Token(t) => Tok {
                    kind: t.kind,
                    text: range_in(&self.src.buf, t.text),
                    offset: t.offset,
                    flags: t.flags,
                },
                Step::NeedMore => {
                    let keep = self.src.lexer.consumed();
                    self.src.refill(keep)?;
                    continue;
                }
                Step::End => {
                    if g.phase == Phase::Idle {
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

    fn end_game<V: Visitor>(&mut self, v: &mut V, g: &GameState) -> V::Output {
        if g.stop {
            self.stopped = true;
        }
        v.end_game()
    }

    /// Handles one token; true when it ended the game.
    fn token<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok) -> io::Result<bool> {
        if g.skipping != Skipping::No {
            return self.skip_token(v, g, tok);
        }
        if !tok.flags.is_empty() {
            self.flag_diagnostics(v, g, tok);
        }
        match g.phase {
            Phase::Idle => self.idle_token(v, g, tok),
            Phase::Tags => self.tag_token(v, g, tok),
            Phase::Movetext => self.movetext_token(v, g, tok),
        }
    }

    fn start_game<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, phase: Phase) {
        self.games += 1;
        g.phase = phase;
        let flow = v.begin_game();
        obey(g, flow);
        if phase == Phase::Movetext {
            let flow = v.begin_movetext();
            obey(g, flow);
        }
    }

    fn idle_token<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        match tok.kind {
            TokenKind::LeftBracket => {
                self.start_game(v, g, Phase::Tags);
                g.tag = TagState::Open;
                Ok(false)
            }
            TokenKind::BraceComment | TokenKind::LineComment => {
                self.report(v, g, DiagnosticKind::TextBetweenGames, tok.offset);
                Ok(false)
            }
            TokenKind::Escape => Ok(false),
            TokenKind::Invalid => {
                self.report(v, g, DiagnosticKind::InvalidBytes, tok.offset);
                Ok(false)
            }
            TokenKind::RightBracket
            | TokenKind::RightParen
            | TokenKind::LeftAngle
            | TokenKind::RightAngle
            | TokenKind::String => {
                self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset);
                Ok(false)
            }
            _ => {
                self.start_game(v, g, Phase::Movetext);
                self.movetext_token(v, g, tok)
            }
        }
    }

    fn tag_token<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        let text = tok.text;
        match (g.tag, tok.kind) {
            (TagState::Closed, TokenKind::LeftBracket) => g.tag = TagState::Open,
            (TagState::Open, TokenKind::Symbol | TokenKind::Integer) => {
                let name = &self.src.buf[text.0..text.1];
                self.tag_name.clear();
                self.tag_name.extend_from_slice(name);
                g.tag = TagState::Named;
                if !valid_tag_name(name) {
                    self.report(v, g, DiagnosticKind::InvalidTagName, tok.offset);
                }
            }
            (TagState::Named, TokenKind::String) => {
                let raw = &self.src.buf[text.0..text.1];
                let token = pgn_lex::Token {
                    kind: tok.kind,
                    text: raw,
                    offset: tok.offset,
                    flags: tok.flags,
                };
                let mut value = token.string_value();
                g.tag = TagState::Valued;
                // `[Event "open]`: the line's `]` is taken as the close.
                if tok.flags.contains(TokenFlags::UNTERMINATED) && value.last() == Some(&b']') {
                    let len = value.len() - 1;
                    value.to_mut().truncate(len);
                    g.tag = TagState::Closed;
                }
                let problem = tag_value_problem(g, &self.tag_name, &value);
                note_setup_fen(g, &mut self.setup_value, &self.tag_name, &value);
                let flow = v.tag(&self.tag_name, &value);
                obey(g, flow);
                if let Some(kind) = problem {
                    self.report(v, g, kind, tok.offset);
                }
            }
            (TagState::Named, TokenKind::Symbol | TokenKind::Integer | TokenKind::Asterisk) => {
                self.report(v, g, DiagnosticKind::UnquotedTagValue, tok.offset);
                let value = &self.src.buf[text.0..text.1];
                g.tag = TagState::Valued;
                let problem = tag_value_problem(g, &self.tag_name, value);
                note_setup_fen(g, &mut self.setup_value, &self.tag_name, value);
                let flow = v.tag(&self.tag_name, value);
                obey(g, flow);
                if let Some(kind) = problem {
                    self.report(v, g, kind, tok.offset);
                }
            }
            (TagState::Valued, TokenKind::RightBracket) => g.tag = TagState::Closed,
            (_, TokenKind::BraceComment) => self.comment(v, g, tok, CommentKind::Brace),
            (_, TokenKind::LineComment) => self.comment(v, g, tok, CommentKind::Line),
            (_, TokenKind::Escape) => {
                let flow = v.escape(&self.src.buf[text.0..text.1]);
                obey(g, flow);
            }
            (TagState::Valued, TokenKind::LeftBracket) => {
                // A tag pair without its `]`: keep it, start the next.
                self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                g.tag = TagState::Open;
            }
            (TagState::Closed, _) => {
                self.enter_movetext(v, g, tok.offset);
                return self.movetext_token(v, g, tok);
            }
            (_, TokenKind::RightBracket) => {
                self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                g.tag = TagState::Closed;
            }
            (_, TokenKind::LeftBracket) => {
                self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                g.tag = TagState::Open;
            }
            (state, _) => {
                // Something else inside a tag pair: give the pair up and
                // read the token as movetext if it can be.
                self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                g.tag = TagState::Closed;
                if state == TagState::Valued || starts_movetext(tok.kind) {
                    self.enter_movetext(v, g, tok.offset);
                    return self.movetext_token(v, g, tok);
                }
            }
        }
        Ok(false)
    }

    fn movetext_token<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        let after_open = std::mem::take(&mut g.after_open);
        let after_move = std::mem::take(&mut g.after_move);
        let text = tok.text;
        match tok.kind {
            TokenKind::Symbol => {
                let sym = &self.src.buf[text.0..text.1];
                if let Some(result) = termination(sym) {
                    if !result.1 {
                        self.report(v, g, DiagnosticKind::NonStandardTermination, tok.offset);
                    }
                    return Ok(self.terminate(v, g, result.0, tok.offset));
                }
                if after_move && matches!(sym, b"e.p." | b"ep") {
                    self.report(v, g, DiagnosticKind::SeparateEnPassantMark, tok.offset);
                    g.after_move = true;
                    return Ok(false);
                }
                return self.san(v, g, tok);
            }
            TokenKind::Integer | TokenKind::Period => {}
            TokenKind::Ellipsis => {
                self.report(v, g, DiagnosticKind::EllipsisInMoveNumber, tok.offset)
            }
            TokenKind::Asterisk => {
                return Ok(self.terminate(v, g, GameResult::Unknown, tok.offset));
            }
            TokenKind::Nag => match Nag::from_ascii(&self.src.buf[text.0 - 1..text.1]) {
                Some(nag) => {
                    let flow = v.nag(nag);
                    obey(g, flow);
                    g.after_move = after_move;
                }
                None => self.report(v, g, DiagnosticKind::InvalidNag, tok.offset),
            },
            TokenKind::Suffix => match Suffix::from_ascii(&self.src.buf[text.0..text.1]) {
                Some(suffix) => {
                    self.report(v, g, DiagnosticKind::SuffixWithoutMove, tok.offset);
                    let flow = v.nag(suffix.nag());
                    obey(g, flow);
                }
                None => self.report(v, g, DiagnosticKind::InvalidSuffix, tok.offset),
            },
            TokenKind::Glyph => match Nag::from_glyph(&self.src.buf[text.0..text.1]) {
                Some(nag) => {
                    self.report(v, g, DiagnosticKind::GlyphAsText, tok.offset);
                    let flow = v.nag(nag);
                    obey(g, flow);
                    g.after_move = after_move;
                }
                None => self.report(v, g, DiagnosticKind::UnknownGlyph, tok.offset),
            },
            TokenKind::BraceComment => self.comment(v, g, tok, CommentKind::Brace),
            TokenKind::LineComment => self.comment(v, g, tok, CommentKind::Line),
            TokenKind::Escape => {
                let flow = v.escape(&self.src.buf[text.0..text.1]);
                obey(g, flow);
            }
            TokenKind::LeftParen => {
                g.depth += 1;
                g.reported_depth += 1;
                g.after_open = true;
                let flow = v.begin_variation();
                if let std::ops::ControlFlow::Break(Skip::Variation) = flow {
                    // Skip all of it: no end_variation for this one.
                    g.reported_depth -= 1;
                    g.skipping = Skipping::Variation { depth: g.depth, emit_end: false };
                } else {
                    obey(g, flow);
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
                    let flow = v.end_variation();
                    obey(g, flow);
                }
            }
            TokenKind::LeftBracket => {
                if self.tag_follows()? {
                    // The next game's tag section: this game had no marker.
                    self.finish_unterminated(v, g, tok.offset);
                    self.pending_tag = true;
                    return Ok(true);
                }
                self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset);
            }
            TokenKind::Invalid => self.report(v, g, DiagnosticKind::InvalidBytes, tok.offset),
            _ => self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset),
        }
        Ok(g.stop)
    }

    /// A move: looks for a suffix annotation glued to it first.
    fn san<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok) -> io::Result<bool> {
        let mut text = tok.text;
        let mut suffix = None;
        if matches!(self.src.buf.get(text.1), Some(b'!' | b'?')) {
            let (suffix_tok, moved) = self.next_keeping(text.0)?;
            text = (text.0 - moved, text.1 - moved);
            if let Some(s) = suffix_tok {
                suffix = Suffix::from_ascii(&self.src.buf[s.text.0..s.text.1]);
                if suffix.is_none() {
                    self.report(v, g, DiagnosticKind::InvalidSuffix, s.offset);
                }
            }
        }
        let flow = v.san(&self.src.buf[text.0..text.1], suffix);
        obey(g, flow);
        g.after_move = true;
        Ok(g.stop)
    }

    /// Lexes the suffix token that follows a move, refilling if needed
    /// without dropping the bytes from `keep` on. Returns the token and how
    /// far the window moved.
    fn next_keeping(&mut self, keep: usize) -> io::Result<(Option<Tok>, usize)> {
        let mut moved = 0;
        loop {
            match self.src.lexer.next(&self.src.buf[..self.src.end], self.src.eof) {
                Step::Token(t) => {
                    let tok = Tok {
                        kind: t.kind,
                        text: range_in(&self.src.buf, t.text),
                        offset: t.offset,
                        flags: t.flags,
                    };
                    return Ok((Some(tok), moved));
                }
                Step::NeedMore => moved += self.src.refill(keep - moved)?,
                Step::End => return Ok((None, moved)),
            }
        }
    }

    /// After a `[` in movetext: does a tag name follow (`[` spaces letter)?
    fn tag_follows(&mut self) -> io::Result<bool> {
        loop {
            let from = self.src.lexer.consumed();
            let rest = &self.src.buf[from..self.src.end];
            match rest.iter().find(|&&b| b != b' ' && b != b'\t') {
                Some(b) => return Ok(b.is_ascii_alphabetic()),
                None if self.src.eof => return Ok(false),
                None => {
                    self.src.refill(from)?;
                }
            }
        }
    }

    fn comment<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok, kind: CommentKind) {
        let flow = v.comment(&self.src.buf[tok.text.0..tok.text.1], kind);
        obey(g, flow);
    }

    /// The termination marker: closes open variations and ends the game.
    fn terminate<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        result: GameResult,
        at: u64,
    ) -> bool {
        self.close_variations(v, g, at);
        if g.result_tag.is_some_and(|tag| tag != result) {
            self.report(v, g, DiagnosticKind::ResultMismatch, at);
        }
        let flow = v.termination(result);
        obey(g, flow);
        true
    }

    /// The tag section is over: checks SetUp against FEN (§9.7) and tells
    /// the visitor that the movetext starts.
    fn enter_movetext<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, at: u64) {
        self.check_setup_fen(v, g, at);
        g.phase = Phase::Movetext;
        let flow = v.begin_movetext();
        obey(g, flow);
    }

    fn check_setup_fen<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, at: u64) {
        if !(g.has_setup || g.has_fen) {
            return;
        }
        let setup = g.has_setup.then_some(self.setup_value.as_slice());
        let problem = tags::check_setup_fen(setup, g.has_fen.then_some(&[][..]));
        g.has_setup = false;
        g.has_fen = false;
        let kind = match problem {
            None => return,
            Some(SetupFenProblem::SetUpWithoutFen) => DiagnosticKind::SetUpWithoutFen,
            Some(SetupFenProblem::FenWithoutSetUp) => DiagnosticKind::FenWithoutSetUp,
            Some(SetupFenProblem::FenWithSetUpZero) => DiagnosticKind::FenWithSetUpZero,
            // The invalid value itself was reported with its tag.
            Some(_) => return,
        };
        self.report(v, g, kind, at);
    }

    /// The game ends without a marker (next tag section or end of input).
    fn finish_unterminated<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, at: u64) {
        if g.tag != TagState::Closed {
            self.report(v, g, DiagnosticKind::MalformedTag, at);
        }
        if g.phase == Phase::Tags {
            self.check_setup_fen(v, g, at);
        }
        self.close_variations(v, g, at);
        self.report(v, g, DiagnosticKind::MissingTermination, at);
    }

    fn close_variations<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, at: u64) {
        if g.depth > 0 {
            self.report(v, g, DiagnosticKind::UnclosedVariation, at);
        }
        g.skipping = Skipping::No;
        g.depth = 0;
        while g.reported_depth > 0 {
            g.reported_depth -= 1;
            let flow = v.end_variation();
            obey(g, flow);
        }
    }

    /// Skips a token for the visitor, keeping track of structure only.
    fn skip_token<V: Visitor>(
        &mut self,
        v: &mut V,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        match tok.kind {
            TokenKind::LeftParen => g.depth += 1,
            TokenKind::RightParen if g.depth > 0 => {
                if let Skipping::Variation { depth, emit_end } = g.skipping
                    && depth == g.depth
                {
                    g.skipping = Skipping::No;
                    if emit_end {
                        g.reported_depth -= 1;
                        let flow = v.end_variation();
                        obey(g, flow);
                    }
                }
                g.depth -= 1;
            }
            TokenKind::Asterisk => {
                return Ok(self.terminate(v, g, GameResult::Unknown, tok.offset));
            }
            TokenKind::Symbol => {
                if let Some((result, _)) = termination(&self.src.buf[tok.text.0..tok.text.1]) {
                    return Ok(self.terminate(v, g, result, tok.offset));
                }
            }
            TokenKind::LeftBracket if g.phase != Phase::Tags && self.tag_follows()? => {
                self.finish_unterminated(v, g, tok.offset);
                self.pending_tag = true;
                return Ok(true);
            }
            _ => {}
        }
        Ok(g.stop)
    }

    fn flag_diagnostics<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok) {
        let f = tok.flags;
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
        if f.contains(TokenFlags::NON_ASCII)
            && termination(&self.src.buf[tok.text.0..tok.text.1]).is_none()
        {
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
        let (line, column) = self.src.position(offset);
        let game = if g.phase == Phase::Idle { self.games + 1 } else { self.games };
        let d = Diagnostic { kind, severity: kind.severity(), offset, line, column, game };
        if let Flow::Break(Skip::Stop) = v.diagnostic(&d) {
            g.stop = true;
        }
    }
}

/// What is wrong with a tag's value, for the tags whose values have a
/// grammar (§8.1.1, §9); also flags a standard name in another case, and
/// keeps the Result tag's value for the check against the marker (E3).
fn tag_value_problem(g: &mut GameState, name: &[u8], value: &[u8]) -> Option<DiagnosticKind> {
    use crate::tags::{Eco, Elo, Lenient, PgnDate, PgnTime, Round, TagValueError, TimeControl};
    fn lenient<T>(read: Result<Lenient<T>, TagValueError>) -> Option<DiagnosticKind> {
        match read {
            Ok(l) if l.nonstandard => Some(DiagnosticKind::NonStandardTagValue),
            Ok(_) => None,
            Err(_) => Some(DiagnosticKind::InvalidTagValue),
        }
    }
    fn strict<T>(read: Result<T, TagValueError>) -> Option<DiagnosticKind> {
        read.err().map(|_| DiagnosticKind::InvalidTagValue)
    }
    match name {
        b"Event" | b"Site" | b"White" | b"Black" | b"FEN" | b"SetUp" => None,
        b"Date" | b"EventDate" | b"UTCDate" => lenient(PgnDate::parse_lenient(value)),
        b"Round" => (!Round::is_valid_ascii(value)).then_some(DiagnosticKind::InvalidTagValue),
        b"Result" => {
            let read = GameResult::parse_lenient(value);
            g.result_tag = read.as_ref().ok().map(|r| r.value);
            lenient(read)
        }
        b"Time" | b"UTCTime" => strict(PgnTime::from_ascii(value)),
        b"TimeControl" => lenient(TimeControl::parse_lenient(value)),
        b"ECO" => strict(Eco::from_ascii(value)),
        b"WhiteElo" | b"BlackElo" => lenient(Elo::parse_lenient(value)),
        b"PlyCount" => strict(tags::parse_ply_count(value)),
        b"Termination" => (!tags::Termination::from_ascii(value).is_standard())
            .then_some(DiagnosticKind::NonStandardTagValue),
        _ => tags::case_corrected_tag(name).map(|_| DiagnosticKind::TagNameCase),
    }
}

/// Notes the SetUp and FEN tags for the check at the end of the tag section.
fn note_setup_fen(g: &mut GameState, setup_value: &mut Vec<u8>, name: &[u8], value: &[u8]) {
    match name {
        b"SetUp" => {
            g.has_setup = true;
            setup_value.clear();
            setup_value.extend_from_slice(value);
        }
        b"FEN" => g.has_fen = true,
        _ => {}
    }
}

/// Applies a visitor's answer.
fn obey(g: &mut GameState, flow: Flow) {
    match flow {
        Flow::Continue(()) => {}
        Flow::Break(Skip::Stop) => g.stop = true,
        Flow::Break(Skip::Game) => g.skipping = Skipping::Game,
        Flow::Break(Skip::Variation) => {
            g.skipping = if g.depth == 0 {
                Skipping::Game
            } else {
                Skipping::Variation { depth: g.depth, emit_end: g.reported_depth > 0 }
            };
        }
    }
}

/// The range of `part` inside `buf`, which it is a sub-slice of (clamped
/// to `buf`, so that a mistake can never make an index panic).
#[inline(always)]
fn range_in(buf: &[u8], part: &[u8]) -> (usize, usize) {
    let start = (part.as_ptr() as usize).wrapping_sub(buf.as_ptr() as usize).min(buf.len());
    (start, (start + part.len()).min(buf.len()))
}

/// The result a symbol stands for, and whether it is written as §8.2.6
/// says; `None` for moves (`0-0` castling included).
fn termination(sym: &[u8]) -> Option<(GameResult, bool)> {
    match sym.first() {
        Some(b'0' | b'1' | 0xc2) => {}
        _ => return None,
    }
    let read = GameResult::parse_lenient(sym).ok()?;
    Some((read.value, !read.nonstandard))
}

/// True for tokens that can start or continue a movetext.
fn starts_movetext(kind: TokenKind) -> bool {
    !matches!(
        kind,
        TokenKind::String | TokenKind::RightBracket | TokenKind::RightAngle | TokenKind::LeftAngle
    )
}

/// §8.1: letters, digits and `_`, starting with a letter.
fn valid_tag_name(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_alphabetic)
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}
