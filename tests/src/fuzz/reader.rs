//! The `reader` target: what a visitor gets from `pgn_syntax::Reader`
//! (every callback with its arguments and place, every diagnostic with
//! its kind, place and game) does not depend on how the input arrives
//! (ARCHITECTURE.md: "what a visitor gets ... does not depend on how the
//! input arrives").
//!
//! The input is three control bytes, then the PGN. The PGN is read once
//! whole with the default buffer; that log is the reference. It is read
//! again with a small buffer (1 to 64 bytes, from the first control byte)
//! over the whole slice, with the same small buffer over a source whose
//! `read` hands out short chunks of shifting sizes (the pattern from the
//! second byte), and with the default buffer over that source. All four
//! logs must be equal. The third byte picks the reader's options (tag
//! checks, diagnostics) and what the visitor does besides recording
//! (skip variations, end a game early), the same for every read, so that
//! the reader's skipping paths are compared too.
//!
//! Every place is also checked against the input: its line and column
//! are those of its offset, counted from the bytes (LF, CR LF and a lone
//! CR each end a line; the column counts bytes from 1).
//!
//! Last, a reader started where a game began cleanly at a line start
//! ([`Reader::clean_start`]) must read the same games from there, shifted
//! to their places: what reading a file in pieces relies on.

use std::io::{self, Read};
use std::ops::ControlFlow;

use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{
    Branch, CommentKind, Diagnostic, DiagnosticKind, Location, Place, Reader, ReaderBuilder,
    Visitor,
};

/// One callback of the visitor, with its arguments and its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `begin_tags`.
    BeginTags,
    /// `tag`.
    Tag {
        /// The tag name.
        name: Vec<u8>,
        /// The value, escapes decoded.
        value: Vec<u8>,
        /// Its place.
        at: Location,
    },
    /// `begin_movetext`.
    BeginMovetext,
    /// `san`.
    San {
        /// The move as written.
        text: Vec<u8>,
        /// Its suffix annotation.
        suffix: Option<Suffix>,
        /// Its place.
        at: Location,
    },
    /// `nag`.
    Nag {
        /// The glyph.
        nag: Nag,
        /// Its place.
        at: Location,
    },
    /// `comment`.
    Comment {
        /// The text without delimiters.
        text: Vec<u8>,
        /// Brace or rest-of-line.
        kind: CommentKind,
        /// Its place.
        at: Location,
    },
    /// `escape`.
    Escape {
        /// The line without its `%`.
        line: Vec<u8>,
        /// Its place.
        at: Location,
    },
    /// `begin_variation`, and what the visitor answered.
    BeginVariation {
        /// Its place.
        at: Location,
        /// Enter or skip.
        branch: Branch,
    },
    /// `end_variation`.
    EndVariation {
        /// Its place.
        at: Location,
    },
    /// `termination`.
    Termination {
        /// The result.
        result: GameResult,
        /// Its place.
        at: Location,
    },
    /// `diagnostic`.
    Diagnostic(Diagnostic),
    /// The visitor ended the game at the move before (`Break`).
    Break,
    /// `end_game`.
    EndGame,
}

impl Event {
    /// The places this event holds: its own, and for a diagnostic those in
    /// its payload.
    fn places(&self) -> Vec<Location> {
        match self {
            Event::Tag { at, .. }
            | Event::San { at, .. }
            | Event::Nag { at, .. }
            | Event::Comment { at, .. }
            | Event::Escape { at, .. }
            | Event::BeginVariation { at, .. }
            | Event::EndVariation { at }
            | Event::Termination { at, .. } => vec![*at],
            Event::Diagnostic(d) => match &d.kind {
                DiagnosticKind::DuplicateTag { overridden, .. } => vec![d.at, *overridden],
                _ => vec![d.at],
            },
            Event::BeginTags | Event::BeginMovetext | Event::Break | Event::EndGame => Vec::new(),
        }
    }
}

/// What the recording visitor does besides recording, and the reader's
/// options: from the third control byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// `ReaderBuilder::tag_checks`.
    pub tag_checks: bool,
    /// `ReaderBuilder::diagnostics`.
    pub diagnostics: bool,
    /// Skip the variations whose number in their game (from 0) has this
    /// parity; `None` enters every variation.
    pub skip_variations: Option<u32>,
    /// End each game with `Break` at its move of this number (from 1);
    /// `None` reads games to their end.
    pub break_at_move: Option<u32>,
}

impl Policy {
    /// Bit 0 off: tag checks; bit 1 off: diagnostics; bit 2: skip
    /// variations of the parity in bit 3; bits 4–7: the move to break at
    /// (0 for none).
    pub fn from_byte(b: u8) -> Policy {
        Policy {
            tag_checks: b & 1 == 0,
            diagnostics: b & 2 == 0,
            skip_variations: (b & 4 != 0).then_some(u32::from(b >> 3 & 1)),
            break_at_move: Some(u32::from(b >> 4)).filter(|&n| n > 0),
        }
    }

    fn builder(self) -> ReaderBuilder {
        Reader::builder().tag_checks(self.tag_checks).diagnostics(self.diagnostics)
    }
}

/// A visitor that writes down every callback ([`Event`]), asking each
/// place for its line and column.
#[derive(Debug)]
pub struct Recorder {
    /// The events so far, over all games.
    pub events: Vec<Event>,
    policy: Policy,
}

/// The per-game counts the [`Policy`] needs: the movetext state.
#[derive(Debug, Default)]
pub struct Counts {
    moves: u32,
    variations: u32,
}

impl Recorder {
    /// An empty log.
    pub fn new(policy: Policy) -> Recorder {
        Recorder { events: Vec::new(), policy }
    }

    fn at(place: &mut Place<'_>) -> Location {
        let at = place.locate();
        assert_eq!(at.offset, place.offset(), "a place's offset changed when located");
        at
    }
}

impl Visitor for Recorder {
    type Tags = ();
    type Movetext = Counts;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        self.events.push(Event::BeginTags);
        ControlFlow::Continue(())
    }

    fn tag(
        &mut self,
        _: &mut (),
        name: &[u8],
        value: &[u8],
        at: &mut Place<'_>,
    ) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::Tag { name: name.to_vec(), value: value.to_vec(), at });
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), Counts> {
        self.events.push(Event::BeginMovetext);
        ControlFlow::Continue(Counts::default())
    }

    fn san(
        &mut self,
        counts: &mut Counts,
        san: &[u8],
        suffix: Option<Suffix>,
        at: &mut Place<'_>,
    ) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::San { text: san.to_vec(), suffix, at });
        counts.moves += 1;
        if self.policy.break_at_move == Some(counts.moves) {
            self.events.push(Event::Break);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: &mut Counts, nag: Nag, at: &mut Place<'_>) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::Nag { nag, at });
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        _: &mut Counts,
        text: &[u8],
        kind: CommentKind,
        at: &mut Place<'_>,
    ) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::Comment { text: text.to_vec(), kind, at });
        ControlFlow::Continue(())
    }

    fn escape(&mut self, _: &mut Counts, line: &[u8], at: &mut Place<'_>) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::Escape { line: line.to_vec(), at });
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        counts: &mut Counts,
        at: &mut Place<'_>,
    ) -> ControlFlow<(), Branch> {
        let at = Recorder::at(at);
        let number = counts.variations;
        counts.variations += 1;
        let branch = match self.policy.skip_variations {
            Some(parity) if number % 2 == parity => Branch::Skip,
            _ => Branch::Enter,
        };
        self.events.push(Event::BeginVariation { at, branch });
        ControlFlow::Continue(branch)
    }

    fn end_variation(&mut self, _: &mut Counts, at: &mut Place<'_>) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::EndVariation { at });
        ControlFlow::Continue(())
    }

    fn termination(
        &mut self,
        _: &mut Counts,
        result: GameResult,
        at: &mut Place<'_>,
    ) -> ControlFlow<()> {
        let at = Recorder::at(at);
        self.events.push(Event::Termination { result, at });
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.events.push(Event::Diagnostic(diagnostic.clone()));
    }

    fn end_game(&mut self, _: Counts) {
        self.events.push(Event::EndGame);
    }
}

/// A source whose `read` hands out at most a few bytes per call, in a
/// pattern of shifting sizes (1 to 16 bytes) chosen by one byte; never 0
/// before the end, which would mean the end of input.
#[derive(Debug)]
pub struct Chunked<'a> {
    input: &'a [u8],
    pattern: u8,
    calls: usize,
}

impl<'a> Chunked<'a> {
    /// `input` in chunks of the sizes `pattern` gives.
    pub fn new(input: &'a [u8], pattern: u8) -> Chunked<'a> {
        Chunked { input, pattern, calls: 0 }
    }

    /// The size of the next chunk: the low four bits bound it, the high
    /// four shift a stride through the sizes, so that consecutive reads
    /// differ and cut the input at ever other places.
    fn next_size(&mut self) -> usize {
        let most = usize::from(self.pattern & 0x0f) + 1;
        let stride = usize::from(self.pattern >> 4) * 2 + 1;
        let size = (self.calls * stride) % most + 1;
        self.calls += 1;
        size
    }
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.next_size().min(buf.len()).min(self.input.len());
        buf[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        Ok(n)
    }
}

/// Reads every game of `input` with `builder`, recording.
fn record(builder: ReaderBuilder, input: impl Read, policy: Policy) -> Vec<Event> {
    let mut recorder = Recorder::new(policy);
    let read = builder.build(input).visit_all(&mut recorder);
    // In-memory sources do not fail.
    if let Err(err) = read {
        panic!("an in-memory read failed: {err}");
    }
    recorder.events
}

/// The line and column of every offset of an input, counted the plain
/// way, to check the places the reader counts lazily.
struct Lines {
    /// The offset at which each line starts (line 1 at 0).
    starts: Vec<u64>,
}

impl Lines {
    fn new(input: &[u8]) -> Lines {
        let mut starts = vec![0];
        for (i, &b) in input.iter().enumerate() {
            let ends_line = b == b'\n' || (b == b'\r' && input.get(i + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(i as u64 + 1);
            }
        }
        Lines { starts }
    }

    /// Where `offset` is: its line and column, both from 1. The LF of a
    /// CR LF pair is at column 1 of the next line if the pair is cut
    /// between them, as the reader counts: the CR alone ends the line.
    fn expected(&self, input: &[u8], offset: u64) -> Location {
        let mut line = self.starts.partition_point(|&s| s <= offset);
        let mut start = self.starts[line - 1];
        // An offset at the LF of a CR LF: the CR before it ends a line.
        let at = usize::try_from(offset).unwrap_or(usize::MAX);
        if at < input.len() && at > 0 && input[at] == b'\n' && input[at - 1] == b'\r' {
            line += 1;
            start = offset;
        }
        Location { offset, line: line as u64, column: offset - start + 1 }
    }
}

/// Checks that every place of `events` lies in `input` and has the line
/// and column of its offset.
fn check_places(input: &[u8], events: &[Event]) {
    let lines = Lines::new(input);
    for event in events {
        for at in event.places() {
            assert!(at.offset <= input.len() as u64, "a place past the end of input: {event:?}");
            let expected = lines.expected(input, at.offset);
            assert_eq!(at, expected, "a place with the wrong line or column: {event:?}");
        }
    }
}

/// Reads `input` game by game with `builder`, recording: the events, and
/// for each game the index of its first event and its clean start
/// ([`Reader::clean_start`]).
fn record_games(
    builder: ReaderBuilder,
    input: &[u8],
    policy: Policy,
) -> (Vec<Event>, Vec<(usize, Option<u64>)>) {
    let mut recorder = Recorder::new(policy);
    let mut reader = builder.build(input);
    let mut games = Vec::new();
    loop {
        let from = recorder.events.len();
        match reader.read_game(&mut recorder) {
            Ok(Some(())) => games.push((from, reader.clean_start())),
            Ok(None) => break,
            Err(err) => panic!("an in-memory read failed: {err}"),
        }
    }
    (recorder.events, games)
}

/// `event` as read from a place `by` further down the input: offsets and
/// lines moved by its offset and line, game numbers by `games`.
fn shifted(event: Event, by: Location, games: u64) -> Event {
    let at = |l: Location| l.after(by);
    match event {
        Event::Tag { name, value, at: l } => Event::Tag { name, value, at: at(l) },
        Event::San { text, suffix, at: l } => Event::San { text, suffix, at: at(l) },
        Event::Nag { nag, at: l } => Event::Nag { nag, at: at(l) },
        Event::Comment { text, kind, at: l } => Event::Comment { text, kind, at: at(l) },
        Event::Escape { line, at: l } => Event::Escape { line, at: at(l) },
        Event::BeginVariation { at: l, branch } => Event::BeginVariation { at: at(l), branch },
        Event::EndVariation { at: l } => Event::EndVariation { at: at(l) },
        Event::Termination { result, at: l } => Event::Termination { result, at: at(l) },
        Event::Diagnostic(mut d) => {
            pgn_syntax::Relocate::relocate(&mut d, pgn_syntax::Shift { start: by, games });
            Event::Diagnostic(d)
        }
        other @ (Event::BeginTags | Event::BeginMovetext | Event::Break | Event::EndGame) => other,
    }
}

/// A reader started where a game began cleanly, at a line start, reads
/// the same games from there as the reader that got there (what
/// `pgn select` and `pgn dedupe` rely on to read a file in pieces): the
/// events of every game from there on, their places and game numbers
/// shifted. Checked for the first few such games.
fn check_clean_starts(pgn: &[u8], policy: Policy) {
    let (whole, games) = record_games(policy.builder(), pgn, policy);
    let lines = Lines::new(pgn);
    let at_line_start = |s: u64| s == 0 || matches!(pgn.get(s as usize - 1), Some(b'\n' | b'\r'));
    let clean = games
        .iter()
        .enumerate()
        .filter_map(|(i, &(from, start))| Some((i, from, start.filter(|&s| at_line_start(s))?)));
    for (i, from, s) in clean.take(16) {
        let tail = pgn.get(s as usize..).unwrap_or_default();
        let by = lines.expected(pgn, s);
        let events = record(policy.builder(), tail, policy);
        let events: Vec<Event> = events.into_iter().map(|e| shifted(e, by, i as u64)).collect();
        assert_same(
            &format!("a reader from the clean start of game {} (offset {s})", i + 1),
            &whole[from..],
            &events,
        );
    }
}

/// Panics with the first difference between two logs, and its context.
fn assert_same(how: &str, expected: &[Event], found: &[Event]) {
    if expected == found {
        return;
    }
    let first = expected
        .iter()
        .zip(found)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(found.len()));
    let from = first.saturating_sub(3);
    panic!(
        "{how}: the events differ from those of one read of the whole input \
         ({} events, {} read whole) at event {first}:\n  whole: {:#?}\n  {how}: {:#?}",
        found.len(),
        expected.len(),
        expected.get(from..(first + 2).min(expected.len())),
        found.get(from..(first + 2).min(found.len())),
    );
}

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let control = |i: usize| data.get(i).copied().unwrap_or(0);
    let buffer = usize::from(control(0) % 64) + 1;
    let pattern = control(1);
    let policy = Policy::from_byte(control(2));
    let pgn = data.get(3..).unwrap_or_default();

    let whole = record(policy.builder(), pgn, policy);
    check_places(pgn, &whole);
    let small = record(policy.builder().buffer_size(buffer), pgn, policy);
    assert_same(&format!("a buffer of {buffer} bytes"), &whole, &small);
    let chunked = record(policy.builder().buffer_size(buffer), Chunked::new(pgn, pattern), policy);
    assert_same(
        &format!("a buffer of {buffer} bytes, reads of pattern {pattern:#04x}"),
        &whole,
        &chunked,
    );
    let default_chunked = record(policy.builder(), Chunked::new(pgn, pattern), policy);
    assert_same(&format!("reads of pattern {pattern:#04x}"), &whole, &default_chunked);
    check_clean_starts(pgn, policy);
}
