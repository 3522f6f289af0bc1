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
//! already has (files of tag sections without movetext). A game without a
//! marker also ends at an empty line followed by the start of a new move
//! list (`1.` of a white move, or a move in a game whose moves have no
//! numbers), as services export lists of games. A game begins for
//! the visitor only with its first tag or movetext element, so stray bytes
//! between games make no empty games. Comments between games go to the next
//! game; `%` escape lines between games are skipped (§6).
//!
//! Tag pairs are read token by token (a pair may span lines), and repaired
//! from the raw bytes of their line when the tokens do not fit; each
//! repair is a diagnostic. Repairs look at most 4 KiB along the line.
//!
//! Binary data (a damaged stretch of a file: a block of zeros, the bytes
//! of an image or of another file) never reaches the lexer: the screen
//! between the input and the lexer (`screen.rs`) tells it by its control
//! bytes, and the window ends where it starts, as if the input ended
//! there. The game being read ends there as a truncated one; then the
//! stretch is skipped, its bytes dropped as they come, up to the next tag
//! pair that starts a line, with one error that gives its start and its
//! length ([`DiagnosticKind::BinaryData`]). Stray control bytes in text
//! are reported where they are, as before.
//!
//! Memory and time: the buffer holds at most one token or tag section,
//! up to the size limit ([`ReaderBuilder::size_limit`]), and the few KiB
//! the screen holds back; a longer token is
//! skipped and reported, its bytes dropped as they come. Variations nest
//! up to the depth limit ([`ReaderBuilder::depth_limit`]); deeper ones are
//! skipped and reported. Time is linear in the input whatever its line
//! lengths and however it arrives.
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
mod visit;

use std::io::{self, Read};

use pgn_lex::{Step, Token, TokenFlags, TokenKind};

use self::fast::Fast;
use self::line::LineScan;
use self::movetext::termination;
use self::state::{GameState, Phase, Skipping, TagState};
use self::tag_log::TagLog;
use self::visit::{Pending, Visit};
use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::place::Location;
use crate::source::{INITIAL_CAPACITY, Source};
use crate::visitor::{CommentKind, Visitor};

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
/// use std::ops::ControlFlow;
/// use pgn_syntax::nag::Suffix;
/// use pgn_syntax::{Place, Reader, Visitor};
///
/// /// Counts the moves of each game, variations included.
/// struct CountMoves;
///
/// impl Visitor for CountMoves {
///     type Tags = ();
///     type Movetext = usize;
///     type Output = usize;
///
///     fn begin_tags(&mut self) -> ControlFlow<usize> {
///         ControlFlow::Continue(())
///     }
///     fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, usize> {
///         ControlFlow::Continue(0)
///     }
///     fn san(&mut self, n: &mut usize, _: &[u8], _: Option<Suffix>, _: &mut Place<'_>) -> ControlFlow<usize> {
///         *n += 1;
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self, n: usize) -> usize {
///         n
///     }
/// }
///
/// let pgn = b"[Event \"?\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0\n\n1. d4 *\n";
/// let mut reader = Reader::new(&pgn[..]);
/// assert_eq!(reader.read_game(&mut CountMoves)?, Some(4));
/// assert_eq!(reader.read_game(&mut CountMoves)?, Some(1));
/// assert_eq!(reader.read_game(&mut CountMoves)?, None);
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
    pending: Pending,
    /// The tag pair being read (tags span several tokens, and the buffer
    /// may be refilled between them): name and value.
    tag_name: Vec<u8>,
    tag_value: Vec<u8>,
    /// The names of the tag section being read (and its SetUp value).
    tags: TagLog,
    /// What is known of the line ahead (`line.rs`).
    line_scan: LineScan,
    /// Where the last game read began, when nothing before that offset
    /// went into it ([`Reader::clean_start`]).
    clean_start: Option<u64>,
    options: ReaderBuilder,
}

/// The options of a [`Reader`], set one by one:
///
/// ```
/// use pgn_syntax::Reader;
///
/// // Games only: no diagnostics at all, so no checks and no line counting.
/// let pgn = b"[Date \"2024-13-45\"]\n1. e4 *";
/// let reader = Reader::builder().diagnostics(false).buffer_size(64 * 1024).build(&pgn[..]);
/// # let _ = reader;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReaderBuilder {
    tag_checks: bool,
    diagnostics: bool,
    buffer_size: usize,
    size_limit: u64,
    depth_limit: u32,
}

/// The default of [`ReaderBuilder::size_limit`]: 16 MiB.
pub const DEFAULT_SIZE_LIMIT: u64 = 16 << 20;

/// The default of [`ReaderBuilder::depth_limit`]: 1,000 nested variations
/// (real files nest a few levels, rarely more than twenty).
pub const DEFAULT_DEPTH_LIMIT: u32 = 1000;

impl Default for ReaderBuilder {
    fn default() -> Self {
        ReaderBuilder {
            tag_checks: true,
            diagnostics: true,
            buffer_size: INITIAL_CAPACITY,
            size_limit: DEFAULT_SIZE_LIMIT,
            depth_limit: DEFAULT_DEPTH_LIMIT,
        }
    }
}

impl ReaderBuilder {
    /// Whether tag values are checked against their grammars (§8.1.1,
    /// §9) and tag sections against the Seven Tag Roster, duplicates and
    /// SetUp/FEN (default: yes). Without them the reader still reads the
    /// Result tag, which gives the result of a game without a marker.
    pub fn tag_checks(mut self, on: bool) -> ReaderBuilder {
        self.tag_checks = on;
        self
    }

    /// Whether the visitor gets diagnostics (default: yes). Without them
    /// nothing is checked that only a diagnostic would say, and no line
    /// is counted: the cheapest reading, for a caller that wants only the
    /// games.
    pub fn diagnostics(mut self, on: bool) -> ReaderBuilder {
        self.diagnostics = on;
        self
    }

    /// The size the read buffer starts at, in bytes (default 256 KiB); it
    /// grows only to hold a longer token or tag section.
    pub fn buffer_size(mut self, bytes: usize) -> ReaderBuilder {
        self.buffer_size = bytes;
        self
    }

    /// The most bytes of one token (a comment, a string, a symbol) or one
    /// tag section that the reader holds (default [`DEFAULT_SIZE_LIMIT`],
    /// at least 1 KiB, above the 255 bytes that §7 allows a token). A longer token is skipped with an error
    /// ([`DiagnosticKind::TokenTooLarge`]), its bytes dropped as they
    /// come; a longer tag section is read on pair by pair, but the checks
    /// made at its end are not made ([`DiagnosticKind::TagSectionTooLarge`])
    /// and it does not split into games. Memory therefore stays within
    /// about four times the limit whatever the input, and the result does
    /// not depend on the buffer size.
    pub fn size_limit(mut self, bytes: u64) -> ReaderBuilder {
        self.size_limit = bytes.max(1024);
        self
    }

    /// How deep variations may nest (default [`DEFAULT_DEPTH_LIMIT`]): a
    /// variation that would open deeper is skipped with everything it
    /// holds, with an error ([`DiagnosticKind::VariationTooDeep`]). What a
    /// visitor keeps per open variation (a replay keeps positions) then
    /// stays bounded whatever the input.
    pub fn depth_limit(mut self, depth: u32) -> ReaderBuilder {
        self.depth_limit = depth;
        self
    }

    /// A reader over `inner` with these options.
    pub fn build<R: Read>(self, inner: R) -> Reader<R> {
        self.build_in(inner, Vec::new())
    }

    /// [`ReaderBuilder::build`], reading into `buf`, the buffer of an
    /// earlier reader ([`Reader::into_buffer`]).
    pub(crate) fn build_in<R: Read>(self, inner: R, buf: Vec<u8>) -> Reader<R> {
        Reader {
            src: Source::with_buffer(inner, buf, self.buffer_size),
            games: 0,
            pending_tag: false,
            pending_pair: None,
            pending: Pending::default(),
            tag_name: Vec::new(),
            tag_value: Vec::new(),
            tags: TagLog::default(),
            line_scan: LineScan::default(),
            clean_start: None,
            options: self,
        }
    }

    /// Tag checks are on and someone listens.
    fn checks_tags(&self) -> bool {
        self.tag_checks && self.diagnostics
    }
}

impl Reader<std::io::Empty> {
    /// The options of a reader, to set before building it.
    pub fn builder() -> ReaderBuilder {
        ReaderBuilder::default()
    }
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` with the default options. It buffers by
    /// itself: `inner` need not.
    pub fn new(inner: R) -> Reader<R> {
        ReaderBuilder::default().build(inner)
    }

    /// The input, as the reader holds it (it may have read ahead of the
    /// games returned).
    pub fn get_ref(&self) -> &R {
        &self.src.inner
    }

    /// Its buffer, for a reader to come ([`ReaderBuilder::build_in`]).
    pub(crate) fn into_buffer(self) -> Vec<u8> {
        self.src.buf
    }

    /// The number of games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// How far the games read so far reach into the input: the offset of
    /// the first byte not yet taken into a game (after a game, at most a
    /// token past its end, which the reader looked at to see the game
    /// end). The input itself may have been read further, into the
    /// reader's buffer ([`Reader::get_ref`]).
    ///
    /// ```
    /// use pgn_syntax::{GameCollector, Reader};
    ///
    /// let pgn = b"1. e4 *\n\n[Event \"x\"]\n1. d4 *\n";
    /// let mut reader = Reader::new(&pgn[..]);
    /// assert_eq!(reader.offset(), 0);
    /// reader.read_game(&mut GameCollector::new())?;
    /// // Just past the `*` that ends the first game.
    /// assert_eq!(reader.offset(), 7);
    /// reader.read_game(&mut GameCollector::new())?;
    /// assert_eq!(reader.offset(), pgn.len() as u64 - 1);
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn offset(&self) -> u64 {
        self.src.lexer.offset()
    }

    /// Where the game last returned by [`Reader::read_game`] began (the
    /// offset of its first token), when nothing read before that offset
    /// went into it: no comment or escape line between games kept for it,
    /// no stray token, binary data or diagnostic before it, no tag pair of
    /// the game before it that ended that game. Otherwise `None`.
    ///
    /// A game that begins cleanly at a line start is where a reader over
    /// the same input from that offset would begin too: from there on
    /// both read the same games with the same diagnostics, their offsets,
    /// lines and game numbers shifted by where the second one started.
    /// This is what lets a file be read in pieces, one per core, each
    /// piece checked against the reader of the piece before it.
    pub fn clean_start(&self) -> Option<u64> {
        self.clean_start
    }

    /// Reads the next game and returns what the visitor made of it, or
    /// `None` at the end of input.
    ///
    /// # Errors
    ///
    /// Only I/O errors of the input; problems in the PGN are diagnostics.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<Option<V::Output>> {
        let mut visit = Visit::new(v, std::mem::take(&mut self.pending));
        let mut stray = false;
        let read = loop {
            match self.read_one(&mut visit) {
                Ok(Some(Some(output))) => break Ok(Some(output)),
                // What was read held no game (stray bytes): read on.
                Ok(Some(None)) => stray = true,
                Ok(None) => break Ok(None),
                Err(e) => break Err(e),
            }
        };
        self.pending = visit.pending;
        if stray {
            self.clean_start = None;
        }
        read
    }

    /// The outputs of the games that are left, one per game: `for output
    /// in reader.outputs(&mut visitor)`.
    pub fn outputs<'r, V: Visitor>(
        &'r mut self,
        v: &'r mut V,
    ) -> impl Iterator<Item = io::Result<V::Output>> + 'r {
        std::iter::from_fn(move || self.read_game(v).transpose())
    }

    /// Reads every game that is left with `v`, dropping the outputs (a
    /// visitor that counts or writes as it goes), and returns how many
    /// games there were.
    ///
    /// # Errors
    ///
    /// The first I/O error of the input.
    pub fn visit_all<V: Visitor>(&mut self, v: &mut V) -> io::Result<u64> {
        let mut games = 0;
        while self.read_game(v)?.is_some() {
            games += 1;
        }
        Ok(games)
    }

    /// Reads up to the end of one game: `None` at the end of input,
    /// `Some(None)` when what was read held no game.
    fn read_one<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
    ) -> io::Result<Option<Option<V::Output>>> {
        let mut g = GameState::new();
        self.tags.clear();
        // A game begins cleanly when its first token is the first thing
        // this call reads, and nothing is held for it from before.
        let mut clean = self.pending_pair.is_none() && !self.pending_tag && v.pending.is_empty();
        self.clean_start = None;
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
                    Fast::Ended => {
                        return Ok(Some(self.game_read(v, &mut g, clean)));
                    }
                }
            }
            // After an empty line the general path looks at what begins
            // the next line of moves (`starts_move_list`).
            if g.phase == Phase::Movetext && !g.after_empty {
                let fast = if g.skipping == Skipping::No {
                    self.plain_moves(v, &mut g)
                } else {
                    self.skip_plain_moves(&mut g)
                };
                match fast {
                    Fast::General => {}
                    Fast::Again => continue,
                    Fast::Ended => {
                        return Ok(Some(self.game_read(v, &mut g, clean)));
                    }
                }
            }
            let window = &self.src.buf[..self.src.end];
            let tok = match self.src.lexer.next(window, self.src.eof) {
                Step::Token(t) => Tok::new(&self.src.buf, t),
                Step::NeedMore => {
                    self.hold_within_limit(&mut g);
                    let keep = self.keep_from(&g, self.src.lexer.consumed());
                    self.src.refill(keep)?;
                    continue;
                }
                Step::End => {
                    if g.phase == Phase::Idle {
                        if let Some(start) = self.src.binary_at() {
                            // What follows binary data is not clean.
                            self.skip_binary(v, &mut g, start)?;
                            clean = false;
                            continue;
                        }
                        self.leftover_comments(v, &mut g);
                        return Ok(None);
                    }
                    // The end of input, or binary data (reported and
                    // skipped by the next call, between games).
                    let at = self.src.lexer.offset();
                    self.finish_unterminated(v, &mut g, at);
                    return Ok(Some(self.game_read(v, &mut g, clean)));
                }
            };
            let idle = g.phase == Phase::Idle;
            if self.token(v, &mut g, tok)? {
                return Ok(Some(self.game_read(v, &mut g, clean)));
            }
            // A token read between games that did not begin one.
            clean &= !(idle && g.phase == Phase::Idle);
        }
    }

    /// The game read ends: notes where it began, if it began cleanly
    /// ([`Reader::clean_start`]), and gives the visitor's output.
    fn game_read<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        clean: bool,
    ) -> Option<V::Output> {
        self.clean_start = clean.then_some(g.start);
        v.finish(g)
    }

    /// The game has content: tells the visitor once.
    fn begin<V: Visitor>(&mut self, v: &mut Visit<'_, V>, g: &mut GameState) {
        begin_game(v, g, &mut self.games);
    }

    /// Binary data from `start`, where the window ends, between games (a
    /// game it cut has ended there): skipped, and reported at its start
    /// with its length. The comments read before it stay for the next
    /// game, as they would without it.
    #[cold]
    fn skip_binary<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        start: u64,
    ) -> io::Result<()> {
        let at = if self.options.diagnostics { self.locate(start) } else { Location::default() };
        let length = self.src.skip_binary()?;
        self.report_at(v, g, DiagnosticKind::BinaryData { length }, at);
        Ok(())
    }

    /// Comments between the last game and the end of input.
    fn leftover_comments<V: Visitor>(&mut self, v: &mut Visit<'_, V>, g: &mut GameState) {
        // Each at the place kept with the comment: its bytes may be gone.
        for at in v.pending.drain_comment_places() {
            self.report_at(v, g, DiagnosticKind::TextBetweenGames, at);
        }
    }

    /// Before a refill: a token or tag section held beyond the size limit
    /// is let go (see [`ReaderBuilder::size_limit`]).
    #[cold]
    fn hold_within_limit(&mut self, g: &mut GameState) {
        let limit = self.options.size_limit;
        if self.src.lexer.partial_len() > limit {
            self.src.lexer.drop_partial();
        }
        if g.phase == Phase::Tags && self.src.lexer.offset() - g.start > limit {
            g.section_dropped = true;
            self.tags.clear();
        }
    }

    /// Whether the tag section is longer than the size limit, at its end.
    fn section_too_large(&self, g: &GameState) -> bool {
        g.section_dropped || self.src.lexer.offset() - g.start > self.options.size_limit
    }

    /// Handles one token; true when it ended the game.
    fn token<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<bool> {
        if tok.flags.contains(TokenFlags::DROPPED)
            || self.src.lexer.offset() - tok.offset > self.options.size_limit
        {
            let kind =
                DiagnosticKind::TokenTooLarge { kind: tok.kind, limit: self.options.size_limit };
            self.report(v, g, kind, tok.offset);
            return Ok(false);
        }
        let mut tok = tok;
        if g.phase == Phase::Movetext && self.starts_move_list(g, &mut tok)? {
            // The token begins the next game: it is read again for it.
            self.src.lexer.unread(tok.offset);
            self.finish_unterminated(v, g, tok.offset);
            return Ok(true);
        }
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
        Ok(ended)
    }

    fn idle_token<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
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
                let at = self.locate(tok.offset);
                let text = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
                v.pending.comment(text, kind, at);
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

    /// A comment of the game: in the movetext, to the visitor; before it
    /// (among the tags), kept for the start of the movetext.
    fn comment<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
        kind: CommentKind,
    ) {
        self.begin(v, g);
        if g.phase == Phase::Movetext {
            let (mut at, text) = self.src.place_with_text(tok.offset, tok.text);
            v.comment(g, text, kind, &mut at);
        } else {
            let at = self.locate(tok.offset);
            let text = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
            v.pending.comment(text, kind, at);
        }
    }

    /// The line and column of an absolute offset.
    fn locate(&mut self, offset: u64) -> Location {
        let (line, column) = self.src.position(offset);
        Location { offset, line, column }
    }

    /// `<...>` (reserved by §7): skipped up to the `>` on the same line.
    fn skip_reserved<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        tok: Tok,
    ) -> io::Result<()> {
        let tok = self.with_line(g, tok)?;
        self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset);
        self.skip_closing(tok.text.1, b'>');
        Ok(())
    }

    fn flag_diagnostics<V: Visitor>(&mut self, v: &mut Visit<'_, V>, g: &mut GameState, tok: Tok) {
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
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        kind: DiagnosticKind,
        offset: u64,
    ) {
        if !self.options.diagnostics {
            return;
        }
        let at = self.src.locate(offset);
        self.report_at(v, g, kind, at);
    }

    /// Reports a diagnostic at a place already located.
    fn report_at<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
        kind: DiagnosticKind,
        at: Location,
    ) {
        if !self.options.diagnostics {
            return;
        }
        let game = if g.begun { self.games } else { self.games + 1 };
        let d = Diagnostic { kind, at, game };
        v.diagnostic(&d);
    }
}

/// Starts the game for the visitor once it has content; counts it.
fn begin_game<V: Visitor>(v: &mut Visit<'_, V>, g: &mut GameState, games: &mut u64) {
    if g.begun {
        return;
    }
    g.begun = true;
    *games += 1;
    v.begin(g);
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
