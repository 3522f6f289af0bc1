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
//! from the raw bytes of their line when the tokens do not fit: unescaped
//! quotes inside a value, a value without quotes, a name with other
//! characters, junk before the `]`. Each repair is a diagnostic.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Read};

use pgn_lex::{Step, TokenFlags, TokenKind};

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::nag::{Nag, Suffix};
use crate::place::Place;
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
    /// `begin_game` has been called: the game has content.
    begun: bool,
    tag: TagState,
    /// Offset of the `[` of the tag pair being read.
    tag_offset: u64,
    /// Where the last tag pair ended (to look for an empty line before
    /// the next one).
    last_tag_end: u64,
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
    /// Offsets of the SetUp and FEN tags (the SetUp value is in
    /// `Reader::setup_value`).
    setup_at: Option<u64>,
    fen_at: Option<u64>,
    /// Where the game's first token is.
    start: u64,
    stop: bool,
}

impl GameState {
    fn new() -> GameState {
        GameState {
            phase: Phase::Idle,
            begun: false,
            tag: TagState::Closed,
            tag_offset: 0,
            last_tag_end: 0,
            depth: 0,
            reported_depth: 0,
            skipping: Skipping::No,
            after_move: false,
            after_open: false,
            result_tag: None,
            setup_at: None,
            fen_at: None,
            start: 0,
            stop: false,
        }
    }
}

/// The tags of the current game, for duplicates, the Seven Tag Roster and
/// game splitting, kept at O(1) per tag: a bit per roster tag, and for the
/// other tags a hash of the name (FNV-1a, 64 bits: two different tag names
/// collide with negligible probability). No name is copied. The first
/// few distinct hashes are scanned in a short list; past that they go to a
/// hash set, so that a section of many distinct names stays linear.
#[derive(Debug, Default)]
struct TagLog {
    /// A bit per roster tag present, by roster index.
    roster: u8,
    /// The roster index of the last roster tag.
    last_roster: Option<u8>,
    /// The roster tags present came first and in order so far.
    in_order: bool,
    /// A tag outside the roster has been seen.
    others_seen: bool,
    /// Distinct hashes of the names of the tags outside the roster, the
    /// first `FEW` of them.
    others: Vec<u64>,
    /// The distinct hashes past the first `FEW`.
    many: HashSet<u64, BuildHasherDefault<HashIsKey>>,
    /// Offsets of the pairs whose name came before in the section.
    duplicates: Vec<u64>,
}

/// How many distinct tag names outside the roster [`TagLog`] scans in a list.
const FEW: usize = 16;

/// A hasher for keys that are hashes already: it passes them through.
#[derive(Debug, Default)]
struct HashIsKey(u64);

impl Hasher for HashIsKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; anything else is folded in.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// FNV-1a over `bytes`.
fn name_hash(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// A tag name as the log keys it, computed once per pair.
#[derive(Clone, Copy, Debug)]
enum TagKey {
    /// The index of the name in the Seven Tag Roster (§8.1.1).
    Roster(u8),
    /// The hash of a name outside the roster.
    Other(u64),
}

impl TagKey {
    fn of(name: &[u8]) -> TagKey {
        TagKey::known(name, Known::of(name))
    }

    /// The key of a name already classified.
    #[inline]
    fn known(name: &[u8], known: Known) -> TagKey {
        match known.roster_index() {
            Some(index) => TagKey::Roster(index),
            None => TagKey::Other(name_hash(name)),
        }
    }
}

/// The tag names the reader looks at, told apart by one match per pair:
/// the Seven Tag Roster first (in roster order), then those whose values
/// are checked (`examine_tag`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Event,
    Site,
    Date,
    Round,
    White,
    Black,
    Result,
    EventDate,
    UtcDate,
    Time,
    UtcTime,
    TimeControl,
    Eco,
    WhiteElo,
    BlackElo,
    PlyCount,
    Termination,
    SetUp,
    Fen,
    Other,
}

impl Known {
    #[inline]
    fn of(name: &[u8]) -> Known {
        match name {
            b"Event" => Known::Event,
            b"Site" => Known::Site,
            b"Date" => Known::Date,
            b"Round" => Known::Round,
            b"White" => Known::White,
            b"Black" => Known::Black,
            b"Result" => Known::Result,
            b"EventDate" => Known::EventDate,
            b"UTCDate" => Known::UtcDate,
            b"Time" => Known::Time,
            b"UTCTime" => Known::UtcTime,
            b"TimeControl" => Known::TimeControl,
            b"ECO" => Known::Eco,
            b"WhiteElo" => Known::WhiteElo,
            b"BlackElo" => Known::BlackElo,
            b"PlyCount" => Known::PlyCount,
            b"Termination" => Known::Termination,
            b"SetUp" => Known::SetUp,
            b"FEN" => Known::Fen,
            _ => Known::Other,
        }
    }

    /// The index in the Seven Tag Roster (§8.1.1), for its seven names.
    #[inline]
    fn roster_index(self) -> Option<u8> {
        let index = self as u8;
        (index < 7).then_some(index)
    }
}

impl TagLog {
    fn clear(&mut self) {
        self.roster = 0;
        self.last_roster = None;
        self.in_order = true;
        self.others_seen = false;
        self.others.clear();
        if self.many.capacity() > 4 * FEW {
            // Clearing costs the capacity: a huge section must not slow
            // every later game down.
            self.many = HashSet::default();
        } else {
            self.many.clear();
        }
        self.duplicates.clear();
    }

    /// Whether a pair with this key is logged.
    fn contains(&self, key: TagKey) -> bool {
        match key {
            TagKey::Roster(index) => self.roster & (1 << index) != 0,
            TagKey::Other(hash) => {
                self.others.contains(&hash) || (!self.many.is_empty() && self.many.contains(&hash))
            }
        }
    }

    /// Logs the pair with this key at `offset`; true if a pair of that
    /// name came before.
    fn push(&mut self, key: TagKey, offset: u64) -> bool {
        let seen = match key {
            TagKey::Roster(index) => {
                let bit = 1 << index;
                let seen = self.roster & bit != 0;
                // A repeated roster tag is a duplicate, not a matter of order.
                if !seen {
                    if self.others_seen || self.last_roster.is_some_and(|last| index <= last) {
                        self.in_order = false;
                    }
                    self.last_roster = Some(index);
                    self.roster |= bit;
                }
                seen
            }
            TagKey::Other(hash) => {
                self.others_seen = true;
                let seen = self.contains(key);
                if !seen {
                    if self.others.len() < FEW {
                        self.others.push(hash);
                    } else {
                        self.many.insert(hash);
                    }
                }
                seen
            }
        };
        if seen {
            self.duplicates.push(offset);
        }
        seen
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
    /// The SetUp tag's value, checked against the FEN tag when the tag
    /// section ends.
    setup_value: Vec<u8>,
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
            setup_value: Vec::new(),
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
            self.deliver_tag(v, &mut g, offset);
        } else if std::mem::take(&mut self.pending_tag) {
            g.phase = Phase::Tags;
            g.tag = TagState::Open;
            g.tag_offset = self.src.lexer.offset().saturating_sub(1);
            g.start = g.tag_offset;
        }
        loop {
            // Fast path for tag pairs written the plain way.
            if g.tag == TagState::Closed && g.skipping == Skipping::No && g.phase != Phase::Movetext
            {
                let window = &self.src.buf[..self.src.end];
                if let Some(pair) = self.src.lexer.next_plain_tag_pair(window) {
                    let (name, value, offset) = (pair.name, pair.value, pair.offset);
                    let known = Known::of(name);
                    let key = TagKey::known(name, known);
                    if g.phase == Phase::Tags
                        && self.tags.contains(key)
                        && self.empty_line_between(g.last_tag_end, offset)
                    {
                        // An empty line, then a name this section has: the
                        // next game's tag section (the pair is kept for it).
                        self.tag_name.clear();
                        self.tag_name.extend_from_slice(name);
                        self.tag_value.clear();
                        self.tag_value.extend_from_slice(value);
                        self.pending_pair = Some(offset);
                        self.finish_unterminated(v, &mut g, offset);
                        return Ok(Some(self.end_game(v, &g)));
                    }
                    if g.phase == Phase::Idle {
                        g.phase = Phase::Tags;
                        g.start = offset;
                    }
                    // As `deliver_tag`, on the fields the pair does not borrow.
                    begin_game(v, &mut g, &mut self.games, &mut self.pending);
                    let problem =
                        examine_tag(&mut g, &mut self.setup_value, known, name, value, offset);
                    self.tags.push(key, offset);
                    let flow = v.tag(name, value);
                    obey(&mut g, flow);
                    g.last_tag_end = self.src.lexer.offset();
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
            if g.phase == Phase::Movetext && g.skipping == Skipping::No {
                // The inner loop of a movetext: the lexer skips move numbers
                // and hands plain moves straight to the visitor; any other
                // token is read below by the general path.
                let mut moves = false;
                let base = self.src.base();
                while let Some(text) = self.src.lexer.next_plain_move(window) {
                    moves = true;
                    let offset = base + (self.src.lexer.consumed() - text.len()) as u64;
                    let mut at = Place::new(offset, window, base, &mut self.src.lines);
                    let flow = v.san(text, None, &mut at);
                    if flow.is_break() {
                        obey(&mut g, flow);
                        break;
                    }
                }
                if moves {
                    g.after_move = true;
                    g.after_open = false;
                    if g.stop {
                        return Ok(Some(self.end_game(v, &g)));
                    }
                    if g.skipping != Skipping::No {
                        continue;
                    }
                }
            }
            let step = self.src.lexer.next(window, eof);
            let tok = match step {
                Step::Token(t) => Tok {
                    kind: t.kind,
                    text: range_in(&self.src.buf, t.text),
                    offset: t.offset,
                    flags: t.flags,
                },
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

    fn tag_token<V: Visitor>(
        &mut self,
        v: &mut V,
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
            self.report(v, g, DiagnosticKind::MalformedTag, g.tag_offset);
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
                    && self.empty_line_between(g.last_tag_end, tok.offset)
                {
                    self.pending_tag = true;
                    self.finish_unterminated(v, g, tok.offset);
                    return Ok(true);
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
                self.begin(v, g);
                let flow = v.escape(self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default());
                obey(g, flow);
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
                self.report(v, g, DiagnosticKind::MalformedTag, g.tag_offset);
                g.tag = TagState::Open;
                g.tag_offset = tok.offset;
            }
            (TagState::Open, TokenKind::String | TokenKind::RightBracket) => {
                // `["x"]` or `[]`: no name.
                self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                self.skip_past_close(tok.text.0);
                g.tag = TagState::Closed;
            }
            (TagState::Open, _) => {
                // The name: the bytes up to white space, `"` or `]`.
                let start = self.token_start(tok);
                let end = self.word_end(start);
                self.skip_to(end);
                self.tag_name.clear();
                self.tag_name.extend_from_slice(self.src.buf.get(start..end).unwrap_or_default());
                g.tag = TagState::Named;
                if !valid_tag_name(&self.tag_name) {
                    self.report(v, g, DiagnosticKind::InvalidTagName, tok.offset);
                }
            }
            (TagState::Named, TokenKind::String) => {
                let quote = self.token_start(tok);
                let after = self.next_non_blank(self.src.lexer.consumed());
                let closed =
                    matches!(self.src.buf.get(after), Some(b']')) || after >= self.line_end(after);
                match self.close_of_pair(after).filter(|_| !closed) {
                    Some(close) => {
                        // Unescaped quotes (or junk) before `]`: the value
                        // is everything from the first quote to the last.
                        let mut value = self.src.buf.get(quote + 1..close).unwrap_or_default();
                        value = value.trim_ascii_end();
                        value = value.strip_suffix(b"\"").unwrap_or(value);
                        self.tag_value.clear();
                        self.tag_value.extend_from_slice(value);
                        self.skip_to(close + 1);
                        self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                        g.tag = TagState::Closed;
                    }
                    None => {
                        let raw = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
                        let token = pgn_lex::Token {
                            kind: tok.kind,
                            text: raw,
                            offset: tok.offset,
                            flags: tok.flags,
                        };
                        let value = token.string_value();
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
                self.deliver_tag(v, g, g.tag_offset);
            }
            (TagState::Named, TokenKind::RightBracket) => {
                // `[pgn]`: a name without a value; dropped.
                self.report(v, g, DiagnosticKind::MalformedTag, g.tag_offset);
                g.tag = TagState::Closed;
            }
            (TagState::Named, _) => {
                // A value without quotes: everything up to the pair's `]`.
                let start = self.token_start(tok);
                let close = self.close_of_pair(start);
                let end = close.unwrap_or_else(|| self.line_end(start));
                let value = self.src.buf.get(start..end).unwrap_or_default().trim_ascii();
                self.tag_value.clear();
                self.tag_value.extend_from_slice(value);
                self.skip_to(close.map_or(end, |c| c + 1));
                self.report(v, g, DiagnosticKind::UnquotedTagValue, tok.offset);
                g.tag = TagState::Closed;
                self.deliver_tag(v, g, g.tag_offset);
            }
            (TagState::Valued, TokenKind::RightBracket) => g.tag = TagState::Closed,
            (TagState::Valued, _) => {
                // Junk between the value and `]`: skipped up to the `]`.
                self.report(v, g, DiagnosticKind::MalformedTag, tok.offset);
                self.skip_past_close(tok.text.0);
                g.tag = TagState::Closed;
            }
        }
        Ok(false)
    }

    /// Delivers the pair in `tag_name` and `tag_value`, with its checks.
    fn deliver_tag<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, offset: u64) {
        self.begin(v, g);
        let known = Known::of(&self.tag_name);
        let problem =
            examine_tag(g, &mut self.setup_value, known, &self.tag_name, &self.tag_value, offset);
        self.tags.push(TagKey::known(&self.tag_name, known), offset);
        let flow = v.tag(&self.tag_name, &self.tag_value);
        obey(g, flow);
        g.last_tag_end = self.src.lexer.offset();
        if let Some(kind) = problem {
            self.report(v, g, kind, offset);
        }
    }

    /// Where a refill may drop bytes up to: `index` (a window index), but
    /// in a tag section not past the game's start, so that the section's
    /// offsets stay in the window for the checks made when it ends (memory
    /// then holds one tag section, never more than one game).
    fn keep_from(&self, g: &GameState, index: usize) -> usize {
        if g.phase != Phase::Tags {
            return index;
        }
        let base = self.src.lexer.offset() - self.src.lexer.consumed() as u64;
        index.min(g.start.saturating_sub(base) as usize)
    }

    /// Refills, if needed, so that the window holds the rest of the line
    /// of `tok` (or the input ends first); returns `tok` moved along.
    fn with_line(&mut self, g: &GameState, tok: Tok) -> io::Result<Tok> {
        let keep = self.keep_from(g, tok.text.0.saturating_sub(1).min(self.src.lexer.consumed()));
        let mut dropped = 0;
        while !self.src.eof {
            let from = self.src.lexer.consumed();
            let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
            if rest.iter().any(|&b| b == b'\n' || b == b'\r') {
                break;
            }
            dropped += self.src.refill(keep - dropped)?;
        }
        Ok(Tok { text: (tok.text.0 - dropped, tok.text.1 - dropped), ..tok })
    }

    /// Where `tok` starts in the window (its opening delimiter included).
    fn token_start(&self, tok: Tok) -> usize {
        let delimited = matches!(
            tok.kind,
            TokenKind::String | TokenKind::BraceComment | TokenKind::LineComment | TokenKind::Nag
        );
        if delimited { tok.text.0.saturating_sub(1) } else { tok.text.0 }
    }

    /// The index of the end of the line that `from` is on (or of the window).
    fn line_end(&self, from: usize) -> usize {
        let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
        from + rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len())
    }

    /// The first byte at or after `from` that is not a space or tab.
    fn next_non_blank(&self, from: usize) -> usize {
        let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
        from + rest.iter().position(|&b| b != b' ' && b != b'\t').unwrap_or(rest.len())
    }

    /// The end of the word at `from`: up to white space, `"` or `]`.
    fn word_end(&self, from: usize) -> usize {
        let rest = self.src.buf.get(from..self.src.end).unwrap_or_default();
        let stop = |b: &u8| b.is_ascii_whitespace() || *b == b'"' || *b == b']';
        from + rest.iter().position(stop).unwrap_or(rest.len())
    }

    /// The `]` that closes the pair the bytes at `from` belong to: the first
    /// one on the line followed only by blanks up to the end of the line or
    /// a next `[`; else the last one on the line.
    fn close_of_pair(&self, from: usize) -> Option<usize> {
        let end = self.line_end(from);
        let line = self.src.buf.get(from..end).unwrap_or_default();
        let closes = line.iter().enumerate().filter(|&(_, &b)| b == b']').map(|(i, _)| from + i);
        let mut last = None;
        for close in closes {
            let after = self.next_non_blank(close + 1);
            if after >= end || self.src.buf.get(after) == Some(&b'[') {
                return Some(close);
            }
            last = Some(close);
        }
        last
    }

    /// Moves the lexer to the window index `to` (on the current line).
    fn skip_to(&mut self, to: usize) {
        let from = self.src.lexer.consumed();
        if to > from {
            let window = &self.src.buf[..self.src.end];
            self.src.lexer.skip(window, to - from);
        }
    }

    /// Skips past the `]` of the pair that `from` is in (or to its line end).
    fn skip_past_close(&mut self, from: usize) {
        let to = self.close_of_pair(from).map_or_else(|| self.line_end(from), |c| c + 1);
        self.skip_to(to);
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

    /// Skips up to and past the first `close` byte on the line from `from`.
    fn skip_closing(&mut self, from: usize, close: u8) {
        let end = self.line_end(from);
        let line = self.src.buf.get(from..end).unwrap_or_default();
        if let Some(i) = line.iter().position(|&b| b == close) {
            self.skip_to(from + i + 1);
        }
    }

    /// After a `[` (whose line is in the window): does a tag name this
    /// game already has follow?
    fn repeated_name_follows(&self) -> bool {
        let start = self.next_non_blank(self.src.lexer.consumed());
        let end = self.word_end(start);
        let name = self.src.buf.get(start..end).unwrap_or_default();
        !name.is_empty() && self.tags.contains(TagKey::of(name))
    }

    /// Whether the bytes between the absolute offsets `from` and `to`
    /// (both in the window, as a tag section is kept there) hold an empty
    /// line: two line ends (CR LF counting once) with nothing but blanks
    /// between them.
    fn empty_line_between(&self, from: u64, to: u64) -> bool {
        let base = self.src.lexer.offset() - self.src.lexer.consumed() as u64;
        let (Some(from), Some(to)) = (from.checked_sub(base), to.checked_sub(base)) else {
            return false;
        };
        let bytes = self.src.buf.get(from as usize..to as usize).unwrap_or_default();
        let mut ends = 0;
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'\r' | b'\n' => {
                    ends += 1;
                    if ends == 2 {
                        return true;
                    }
                    if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                }
                b' ' | b'\t' | 0x0b => {}
                _ => ends = 0,
            }
            i += 1;
        }
        false
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
            TokenKind::Symbol | TokenKind::Glyph => {
                let sym = self.src.buf.get(text.0..text.1).unwrap_or_default();
                if let Some((result, standard)) = termination(sym) {
                    if g.depth > 0 {
                        self.report(v, g, DiagnosticKind::TerminationInVariation, tok.offset);
                        return Ok(false);
                    }
                    if !standard {
                        self.report(v, g, DiagnosticKind::NonStandardTermination, tok.offset);
                    }
                    return Ok(self.terminate(v, g, result, tok.offset));
                }
                if tok.kind == TokenKind::Glyph {
                    match Nag::from_glyph(sym) {
                        Some(nag) => {
                            self.report(v, g, DiagnosticKind::GlyphAsText, tok.offset);
                            let flow = v.nag(nag);
                            obey(g, flow);
                            g.after_move = after_move;
                        }
                        None => self.report(v, g, DiagnosticKind::UnknownGlyph, tok.offset),
                    }
                    return Ok(false);
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
                if g.depth > 0 {
                    self.report(v, g, DiagnosticKind::TerminationInVariation, tok.offset);
                    return Ok(false);
                }
                return Ok(self.terminate(v, g, GameResult::Unknown, tok.offset));
            }
            TokenKind::Nag => {
                let nag =
                    self.src.buf.get(text.0.saturating_sub(1)..text.1).and_then(Nag::from_ascii);
                match nag {
                    Some(nag) => {
                        let flow = v.nag(nag);
                        obey(g, flow);
                        g.after_move = after_move;
                    }
                    None => self.report(v, g, DiagnosticKind::InvalidNag, tok.offset),
                }
            }
            TokenKind::Suffix => {
                match self.src.buf.get(text.0..text.1).and_then(Suffix::from_ascii) {
                    Some(suffix) => {
                        self.report(v, g, DiagnosticKind::SuffixWithoutMove, tok.offset);
                        let flow = v.nag(suffix.nag());
                        obey(g, flow);
                    }
                    None => self.report(v, g, DiagnosticKind::InvalidSuffix, tok.offset),
                }
            }
            TokenKind::BraceComment => self.comment(v, g, tok, CommentKind::Brace),
            TokenKind::LineComment => self.comment(v, g, tok, CommentKind::Line),
            TokenKind::Escape => {
                let flow = v.escape(self.src.buf.get(text.0..text.1).unwrap_or_default());
                obey(g, flow);
            }
            TokenKind::LeftParen => {
                g.depth += 1;
                g.reported_depth += 1;
                g.after_open = true;
                let flow = v.begin_variation();
                if let Flow::Break(Skip::Variation) = flow {
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
                let tok = self.with_line(g, tok)?;
                if self.tag_follows() {
                    // The next game's tag section: this game had no marker.
                    self.finish_unterminated(v, g, tok.offset);
                    self.pending_tag = true;
                    return Ok(true);
                }
                // `[%clk 0:01:00]` outside a comment: skipped to its `]`.
                self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset);
                self.skip_closing(tok.text.1, b']');
            }
            TokenKind::LeftAngle => self.skip_reserved(v, g, tok)?,
            TokenKind::Invalid => self.report(v, g, DiagnosticKind::InvalidBytes, tok.offset),
            _ => self.report(v, g, DiagnosticKind::UnexpectedToken, tok.offset),
        }
        Ok(false)
    }

    /// A move: looks for a suffix annotation glued to it first.
    fn san<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok) -> io::Result<bool> {
        let mut text = tok.text;
        let mut suffix = None;
        if matches!(self.src.buf.get(text.1), Some(b'!' | b'?')) {
            let (suffix_tok, moved) = self.next_keeping(text.0)?;
            // The refill kept the move: `moved` is at most its start.
            text = (text.0 - moved, text.1 - moved);
            if let Some(s) = suffix_tok {
                suffix = self.src.buf.get(s.text.0..s.text.1).and_then(Suffix::from_ascii);
                if suffix.is_none() {
                    self.report(v, g, DiagnosticKind::InvalidSuffix, s.offset);
                }
            }
        }
        let base = self.src.base();
        let window = &self.src.buf[..self.src.end];
        let mut at = Place::new(base + text.0 as u64, window, base, &mut self.src.lines);
        let flow = v.san(window.get(text.0..text.1).unwrap_or_default(), suffix, &mut at);
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

    /// After a `[` in movetext (its line in the window): does a tag name
    /// follow (`[`, blanks, a letter)?
    fn tag_follows(&self) -> bool {
        let at = self.next_non_blank(self.src.lexer.consumed());
        self.src.buf.get(at).is_some_and(u8::is_ascii_alphabetic) && at < self.src.end
    }

    fn comment<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, tok: Tok, kind: CommentKind) {
        self.begin(v, g);
        let flow = v.comment(self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default(), kind);
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
        let flow = v.termination(result, &mut self.src.place(at));
        obey(g, flow);
        true
    }

    /// The tag section is over: checks it (§8.1.1, §9.7) and tells the
    /// visitor that the movetext starts.
    fn enter_movetext<V: Visitor>(&mut self, v: &mut V, g: &mut GameState) {
        self.begin(v, g);
        self.check_tag_section(v, g);
        g.phase = Phase::Movetext;
        let flow = v.begin_movetext();
        obey(g, flow);
    }

    /// The Seven Tag Roster (present, first, in order), duplicate names,
    /// and SetUp against FEN.
    fn check_tag_section<V: Visitor>(&mut self, v: &mut V, g: &mut GameState) {
        if self.tags.roster != 0b111_1111 {
            self.report(v, g, DiagnosticKind::IncompleteSevenTagRoster, g.start);
        }
        if !self.tags.in_order {
            self.report(v, g, DiagnosticKind::SevenTagRosterOrder, g.start);
        }
        if !self.tags.duplicates.is_empty() {
            for offset in std::mem::take(&mut self.tags.duplicates) {
                self.report(v, g, DiagnosticKind::DuplicateTag, offset);
            }
        }
        if g.setup_at.is_some() || g.fen_at.is_some() {
            let setup = g.setup_at.map(|_| self.setup_value.as_slice());
            let problem = match tags::check_setup_fen(setup, g.fen_at.map(|_| &[][..])) {
                Some(SetupFenProblem::SetUpWithoutFen) => {
                    Some((DiagnosticKind::SetUpWithoutFen, g.setup_at))
                }
                Some(SetupFenProblem::FenWithoutSetUp) => {
                    Some((DiagnosticKind::FenWithoutSetUp, g.fen_at))
                }
                Some(SetupFenProblem::FenWithSetUpZero) => {
                    Some((DiagnosticKind::FenWithSetUpZero, g.fen_at))
                }
                // An invalid value was reported with its tag.
                _ => None,
            };
            if let Some((kind, Some(at))) = problem {
                self.report(v, g, kind, at);
            }
        }
    }

    /// The game ends without a marker (next tag section or end of input).
    /// As real-world-notes.md says, the result is the Result tag's, else `*`.
    fn finish_unterminated<V: Visitor>(&mut self, v: &mut V, g: &mut GameState, at: u64) {
        if g.tag != TagState::Closed && g.tag != TagState::Valued {
            self.report(v, g, DiagnosticKind::MalformedTag, g.tag_offset);
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
        let flow = v.termination(result, &mut self.src.place(at));
        obey(g, flow);
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
            TokenKind::Asterisk if g.depth == 0 => {
                return Ok(self.terminate(v, g, GameResult::Unknown, tok.offset));
            }
            TokenKind::Symbol | TokenKind::Glyph if g.depth == 0 => {
                let sym = self.src.buf.get(tok.text.0..tok.text.1).unwrap_or_default();
                if let Some((result, _)) = termination(sym) {
                    return Ok(self.terminate(v, g, result, tok.offset));
                }
            }
            TokenKind::LeftBracket if g.phase != Phase::Tags => {
                let tok = self.with_line(g, tok)?;
                if self.tag_follows() {
                    self.finish_unterminated(v, g, tok.offset);
                    self.pending_tag = true;
                    return Ok(true);
                }
            }
            _ => {}
        }
        Ok(g.stop)
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
        let (line, column) = self.src.position(offset);
        let game = if g.begun { self.games } else { self.games + 1 };
        let d = Diagnostic { kind, severity: kind.severity(), offset, line, column, game };
        if let Flow::Break(Skip::Stop) = v.diagnostic(&d) {
            g.stop = true;
        }
    }
}

/// Looks at a tag pair once (one match on its name): what is wrong with its value for the tags whose
/// values have a grammar (§8.1.1, §9) or with its name's case, the Result
/// for ruling E3, and the SetUp and FEN tags for §9.7.
fn examine_tag(
    g: &mut GameState,
    setup_value: &mut Vec<u8>,
    known: Known,
    name: &[u8],
    value: &[u8],
    at: u64,
) -> Option<DiagnosticKind> {
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
    match known {
        Known::Event | Known::Site | Known::White | Known::Black => None,
        Known::Date | Known::EventDate | Known::UtcDate => lenient(PgnDate::parse_lenient(value)),
        Known::Round => (!Round::is_valid_ascii(value)).then_some(DiagnosticKind::InvalidTagValue),
        Known::Result => {
            let read = GameResult::parse_lenient(value);
            g.result_tag = read.as_ref().ok().map(|r| r.value);
            lenient(read)
        }
        Known::Time | Known::UtcTime => strict(PgnTime::from_ascii(value)),
        Known::TimeControl => lenient(TimeControl::parse_lenient(value)),
        Known::Eco => strict(Eco::from_ascii(value)),
        Known::WhiteElo | Known::BlackElo => lenient(Elo::parse_lenient(value)),
        Known::PlyCount => strict(tags::parse_ply_count(value)),
        Known::Termination => (!tags::Termination::from_ascii(value).is_standard())
            .then_some(DiagnosticKind::NonStandardTagValue),
        Known::SetUp => {
            g.setup_at = Some(at);
            setup_value.clear();
            setup_value.extend_from_slice(value);
            None
        }
        Known::Fen => {
            g.fen_at = Some(at);
            None
        }
        Known::Other => tags::case_corrected_tag(name).map(|_| DiagnosticKind::TagNameCase),
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

/// The result a symbol (or glyph: `+--`, `--+`) stands for, and whether it
/// is written as §8.2.6 says; `None` for moves (`0-0` castling included).
fn termination(sym: &[u8]) -> Option<(GameResult, bool)> {
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

/// §8.1: letters, digits and `_`, starting with a letter.
fn valid_tag_name(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_alphabetic)
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}
