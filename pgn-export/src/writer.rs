//! The export writer: a replayed game in export format (rulings E1 to
//! E13), walked once with the [`Walker`] and written through a [`Sink`].

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use pgn_replay::pgn_syntax::nag::Nag;
use pgn_replay::pgn_syntax::tags::{GameResult, SEVEN_TAG_ROSTER};
use pgn_replay::pgn_syntax::{Decoding, Node, Tags, decode};
use pgn_replay::{Event, ReplayedGame, ReplayedMove, Walker};
use san::{Lan, Language, Played, Position, San, Uci};

use crate::commands::CommandOptions;
use crate::layout::{Filler, MAX_LINE, is_space};
use crate::sink::{FmtSink, Sink};

/// How moves are written. Only [`Notation::San`] is export format; the
/// others are for people and programs that want another notation, and are
/// not PGN that other readers are bound to accept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Notation {
    /// Canonical SAN (ruling E7): export format.
    #[default]
    San,
    /// Long algebraic notation (`Ng1-f3`, `e7xd8=Q+`).
    Lan,
    /// UCI (`g1f3`, `e7d8q`, castling `e1g1`; `0000` for a null move).
    Uci,
    /// Figurine algebraic notation (`♘f3`).
    Fan,
    /// SAN with the piece letters of a §17 language (`Sf3` in German).
    Localized(Language),
}

/// Which tags are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TagSet {
    /// The Seven Tag Roster, then every other tag (ruling E1).
    #[default]
    All,
    /// The Seven Tag Roster only, nothing else (reduced export format,
    /// ruling E13). Without its FEN tag a game from a set-up position
    /// cannot be written faithfully: see [`unfit`] and
    /// [`Unfit::SetUpPosition`].
    Roster,
    /// The Seven Tag Roster, and the SetUp and FEN tags of a game that has
    /// them, so that a game from a set-up position keeps its start
    /// (pgn-extract's `-7`), with its Variant tag, which a Chess960 start
    /// needs in other readers (pgn-extract drops it); also the tags
    /// [`ExportOptions::add`] adds, which were asked for. The other tags
    /// are left out; what the movetext holds is left to the other
    /// options.
    RosterAndSetUp,
}

/// In which order the tags are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TagOrder {
    /// The Seven Tag Roster, then the other tags by name (ruling E1):
    /// export format.
    #[default]
    Standard,
    /// The Seven Tag Roster, then the other tags in the order they were
    /// read, each name once where its last pair was read (ruling E2;
    /// [`Tags::export_order_as_read`]). Not export format, but the order
    /// of the input, as python-chess keeps it.
    Input,
}

/// What the writer writes. The default is export format; every field
/// left at its default keeps it so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExportOptions {
    /// Which tags.
    pub tags: TagSet,
    /// In which order: the roster, then the others by name (export
    /// format) by default.
    pub tag_order: TagOrder,
    /// Whether comments are written.
    pub comments: bool,
    /// Whether NAGs (and the suffix annotations, which become NAGs) are
    /// written.
    pub nags: bool,
    /// Whether variations are written.
    pub variations: bool,
    /// How moves are written.
    pub notation: Notation,
    /// What is done with the comment commands of comments (`[%clk ...]`):
    /// kept as read by default.
    pub commands: CommandOptions,
    /// How the text of tag values and comments is written (ruling E14):
    /// its bytes as read by default.
    pub text: TextOutput,
    /// The longest movetext line, in bytes: [`MAX_LINE`]
    /// (79, §8.2.1 and ruling E6) by default; 0 for no limit, the movetext
    /// on one line (but that a `;` comment ends its line, E9). A word
    /// longer than a line still stands whole on a line of its own.
    /// Another length is not export format (pgn-extract's `-w`).
    pub line_length: usize,
    /// Whether move numbers are written (§8.2.2.2; default yes). Without
    /// them the movetext is not export format: for a list of moves, as
    /// pgn-extract's `--nomovenumbers` and `-Wuci` write it.
    pub move_numbers: bool,
    /// Tags the [`StreamExporter`](crate::StreamExporter) adds to each
    /// game from its replay (none by default).
    pub add: AddedTags,
    /// Whether the [`StreamExporter`](crate::StreamExporter) takes the
    /// result from the final position of the main line when it is
    /// checkmate or stalemate, over the marker and the Result tag (ruling
    /// E3 otherwise; default no).
    pub fix_result: bool,
}

/// Tags added to each game from its replay, replacing any of the name
/// the game has (pgn-extract's `--addplycount` and `--addhashcode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct AddedTags {
    /// `PlyCount` (§9.9.3): the plies of the main line as replayed.
    pub ply_count: bool,
    /// `HashCode`: the Polyglot Zobrist key of the main line's final
    /// position, 16 hexadecimal digits.
    pub hash: bool,
    /// `ECO` and `Opening`: the code and name of the last named line of
    /// the lichess opening tables whose position the main line reaches
    /// ([`opening_of`](crate::openings::opening_of)); a game that reaches
    /// none keeps its own.
    pub eco: bool,
}

impl AddedTags {
    /// True if a tag of this name is one of those added.
    fn adds(self, name: &[u8]) -> bool {
        match name {
            b"PlyCount" => self.ply_count,
            b"HashCode" => self.hash,
            b"ECO" | b"Opening" => self.eco,
            _ => false,
        }
    }
}

/// How export writes the text of tag values and comments (ruling E14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TextOutput {
    /// The bytes as read, whatever their encoding.
    #[default]
    AsRead,
    /// UTF-8: text that is not UTF-8 is decoded (cp1252 or Latin-1, by
    /// its bytes) and written in UTF-8.
    Utf8,
    /// ISO 8859-1, as §4.1 asks: text decoded as for `Utf8`, then encoded
    /// in Latin-1. A game with a character Latin-1 has no code for is
    /// [`Unfit::NotLatin1`].
    Latin1,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            tags: TagSet::All,
            tag_order: TagOrder::Standard,
            comments: true,
            nags: true,
            variations: true,
            notation: Notation::San,
            commands: CommandOptions::AS_READ,
            text: TextOutput::AsRead,
            line_length: MAX_LINE,
            move_numbers: true,
            add: AddedTags { ply_count: false, hash: false, eco: false },
            fix_result: false,
        }
    }
}

impl ExportOptions {
    /// Reduced export format (§3.2.4, ruling E13): the Seven Tag Roster
    /// and nothing else, and no comment, NAG or variation. It has no FEN
    /// tag, so it holds only games from the standard start; a game from a
    /// set-up position is [`Unfit::SetUpPosition`] for it, and left out by
    /// [`StreamExporter`](crate::StreamExporter).
    pub fn reduced() -> ExportOptions {
        ExportOptions {
            tags: TagSet::Roster,
            tag_order: TagOrder::Standard,
            comments: false,
            nags: false,
            variations: false,
            notation: Notation::San,
            commands: CommandOptions::AS_READ,
            text: TextOutput::AsRead,
            line_length: MAX_LINE,
            move_numbers: true,
            add: AddedTags { ply_count: false, hash: false, eco: false },
            fix_result: false,
        }
    }
}

/// The comment that marks where the moves of a broken game stop being
/// replayed and are written as they were read (the text of the first
/// move that could not be played, and every move after it in its line).
pub const AS_READ_MARKER: &str = "pgn: not replayed from here, moves as read";

/// True if some move of `game` could not be played, or the game could not
/// be set up: export format cannot hold it faithfully. [`Writer::write_game`]
/// still writes it, with the moves that could not be played as they were
/// read, after an [`AS_READ_MARKER`] comment.
pub fn is_broken(game: &ReplayedGame) -> bool {
    game.start.is_none()
        || game
            .movetext
            .nodes()
            .iter()
            .any(|n| matches!(n, Node::Move(ReplayedMove::Unresolved(..))))
}

/// Why a game cannot be written faithfully with some [`ExportOptions`]
/// ([`unfit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Unfit {
    /// The game has a FEN tag, and does not start from the standard
    /// starting position (the FEN sets up another, or one that cannot be
    /// set up), but the options write the Seven Tag Roster only (reduced
    /// export format, ruling E13), which has no FEN tag. Written, its
    /// moves would be played from the standard start when read back, and
    /// be illegal there or make another game. There is no form "as read"
    /// for a start that is not written: such a game is left out whether
    /// or not broken games are kept.
    SetUpPosition,
    /// The game is broken ([`is_broken`]). [`Writer::write_game`] writes
    /// it with its moves from the first that could not be played on as
    /// read, after an [`AS_READ_MARKER`]: a caller may keep it so.
    Broken,
    /// A tag value or comment holds this character, which ISO 8859-1 has
    /// no code for, and the options write Latin-1 ([`TextOutput::Latin1`]).
    NotLatin1(char),
}

/// Whether export with `options` can hold `game` faithfully: `None` if it
/// can, else why not. [`Unfit::SetUpPosition`] comes first when both
/// apply, since keeping broken games does not help it.
///
/// [`Writer::write_game`] writes whatever it is given; deciding whether
/// to write an unfit game is the caller's (the
/// [`StreamExporter`](crate::StreamExporter) asks the same question).
///
/// ```
/// use pgn_export::{ExportOptions, Unfit, unfit};
///
/// let pgn = b"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"] 1. O-O *\n\n1. e4 e5 2. Ke3 *";
/// let games: Vec<_> = pgn_replay::replay_games(&pgn[..]).map(|g| g.map(|g| g.game)).collect::<Result<_, _>>()?;
/// assert_eq!(unfit(&games[0], ExportOptions::default()), None);
/// assert_eq!(unfit(&games[0], ExportOptions::reduced()), Some(Unfit::SetUpPosition));
/// assert_eq!(unfit(&games[1], ExportOptions::reduced()), Some(Unfit::Broken));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn unfit(game: &ReplayedGame, options: ExportOptions) -> Option<Unfit> {
    if !holds_start(options, &game.tags, game.start.as_ref()) {
        Some(Unfit::SetUpPosition)
    } else if is_broken(game) {
        Some(Unfit::Broken)
    } else if options.text == TextOutput::Latin1 {
        let comments = game.movetext.nodes().iter().filter_map(|node| match node {
            Node::Comment { text, .. } if options.comments => Some(&text[..]),
            _ => None,
        });
        let values = game.tags.iter().map(|tag| tag.value);
        values.chain(comments).find_map(not_latin1).map(Unfit::NotLatin1)
    } else {
        None
    }
}

/// The first character of `text` (decoded, ruling E14) that ISO 8859-1
/// has no code for.
pub(crate) fn not_latin1(text: &[u8]) -> Option<char> {
    if text.is_ascii() {
        return None;
    }
    decode(text, Decoding::Auto).chars().find(|&c| u32::from(c) > 0xff)
}

/// `text` as `output` writes it; a character Latin-1 has no code for is
/// written as `?` (the caller has left out the game, [`Unfit::NotLatin1`]).
fn transcode(text: &[u8], output: TextOutput) -> Cow<'_, [u8]> {
    if output == TextOutput::AsRead || text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let decoded = decode(text, Decoding::Auto);
    // A control character is white space, as a control byte is (E4, E9):
    // the C1 controls of Latin-1 (0x80–0x9F) too.
    let chars = decoded.chars().map(|c| if c.is_control() { ' ' } else { c });
    match output {
        TextOutput::Latin1 => {
            Cow::Owned(chars.map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect())
        }
        _ if !decoded.chars().any(char::is_control) => match decoded {
            Cow::Borrowed(_) => Cow::Borrowed(text),
            Cow::Owned(text) => Cow::Owned(text.into_bytes()),
        },
        _ => Cow::Owned(chars.collect::<String>().into_bytes()),
    }
}

/// True if export with `options` can hold the start of a game with these
/// tags whose replay starts from `start` (`None`: it could not be set
/// up): always when the FEN tag is written; with the roster only (ruling
/// E13), when the game has no FEN tag or its FEN gives the standard
/// starting position, move number 1 and all (then leaving it out loses
/// nothing).
pub(crate) fn holds_start(options: ExportOptions, tags: &Tags, start: Option<&Position>) -> bool {
    match options.tags {
        TagSet::All | TagSet::RosterAndSetUp => true,
        TagSet::Roster => tags.get("FEN").is_none() || start == Some(&Position::new()),
    }
}

/// Writes games in export format. It keeps its buffers from game to game,
/// so writing allocates nothing per move or token once the first games
/// have been written.
///
/// A movetext is written from the [`Event`]s of the [`Walker`]
/// ([`Writer::write_game`]), or from the same events as a replay makes
/// them ([`Writer::begin_movetext`], [`Writer::event`],
/// [`Writer::end_movetext`]: what [`StreamExporter`](crate::StreamExporter)
/// does); both give the same bytes.
///
/// ```
/// use pgn_export::{ExportOptions, Writer};
///
/// let pgn = b"[White \"Tal\"] 1 e4 e5 2 Nf3? {a  comment} Nc6 (2... d6) 3 Bb5 a6 1-0";
/// let game = pgn_replay::replay_games(&pgn[..]).next().expect("a game")?.game;
/// let mut out = Vec::new();
/// let Ok(()) = Writer::new(ExportOptions::default()).write_game(&game, &mut out);
/// assert_eq!(String::from_utf8_lossy(&out), "\
/// [Event \"?\"]
/// [Site \"?\"]
/// [Date \"????.??.??\"]
/// [Round \"?\"]
/// [White \"Tal\"]
/// [Black \"?\"]
/// [Result \"1-0\"]
///
/// 1. e4 e5 2. Nf3 $2 {a comment} 2... Nc6 (2... d6) 3. Bb5 a6 1-0
///
/// ");
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct Writer {
    options: ExportOptions,
    filler: Filler,
    /// For each open line of play: whether its moves are being written as
    /// read (after an [`AS_READ_MARKER`]).
    as_read: Vec<bool>,
    cursor: Cursor,
}

/// Where the movetext being written stands.
#[derive(Debug, Default)]
struct Cursor {
    /// A black move written next needs its number (ruling E5).
    number_black: bool,
    /// Variations begun but not written yet: a `(` is written only when
    /// something comes inside it (ruling E6: an empty variation is not
    /// there).
    pending_opens: u32,
    /// Depth inside variations left out (no variations written).
    skipping: u32,
    /// The last thing written was an [`AS_READ_MARKER`] comment.
    after_marker: bool,
}

impl Writer {
    /// A writer with these options.
    pub fn new(options: ExportOptions) -> Writer {
        let mut writer = Writer { options, ..Writer::default() };
        writer.filler.set_line_length(options.line_length);
        writer
    }

    /// The options it writes with.
    pub fn options(&self) -> ExportOptions {
        self.options
    }

    /// Writes `game`: its tags, an empty line, its movetext, an empty line
    /// (ruling E11).
    ///
    /// # Errors
    ///
    /// The sink's error.
    pub fn write_game<S: Sink>(
        &mut self,
        game: &ReplayedGame,
        sink: &mut S,
    ) -> Result<(), S::Error> {
        self.write_tags(&game.tags, game.result(), sink)?;
        sink.put(b"\n")?;
        self.write_movetext(game, sink)?;
        sink.put(b"\n")
    }

    /// Writes the tag pairs of a game with these tags and this result, one
    /// a line (rulings E1 to E4).
    ///
    /// # Errors
    ///
    /// The sink's error.
    pub fn write_tags<S: Sink>(
        &mut self,
        tags: &Tags,
        result: GameResult,
        sink: &mut S,
    ) -> Result<(), S::Error> {
        // The roster comes first, all seven (ruling E1).
        let written = match self.options.tags {
            TagSet::All | TagSet::RosterAndSetUp => usize::MAX,
            TagSet::Roster => SEVEN_TAG_ROSTER.len(),
        };
        let order = match self.options.tag_order {
            TagOrder::Standard => tags.export_order(result),
            TagOrder::Input => tags.export_order_as_read(result),
        };
        let set_up = self.options.tags == TagSet::RosterAndSetUp && tags.get("FEN").is_some();
        for (i, tag) in order.take(written).enumerate() {
            if i >= SEVEN_TAG_ROSTER.len() && !self.writes_beyond_roster(tag.name, set_up) {
                continue;
            }
            sink.put(b"[")?;
            sink.put(tag.name)?;
            sink.put(b" \"")?;
            write_tag_value(&transcode(tag.value, self.options.text), sink)?;
            sink.put(b"\"]\n")?;
        }
        Ok(())
    }

    /// True if a tag of this name that is not in the roster is written,
    /// for a game with a FEN tag or not (`set_up`).
    fn writes_beyond_roster(&self, name: &[u8], set_up: bool) -> bool {
        match self.options.tags {
            TagSet::All => true,
            TagSet::Roster => false,
            TagSet::RosterAndSetUp => {
                matches!(name, b"SetUp" | b"FEN")
                    || set_up && name == b"Variant"
                    || self.options.add.adds(name)
            }
        }
    }

    /// Writes the movetext of `game` and its termination marker, in lines
    /// of at most 79 bytes (or [`ExportOptions::line_length`]), each ended
    /// by a line feed (rulings E5 to E12).
    ///
    /// # Errors
    ///
    /// The sink's error.
    pub fn write_movetext<S: Sink>(
        &mut self,
        game: &ReplayedGame,
        sink: &mut S,
    ) -> Result<(), S::Error> {
        self.begin_movetext();
        let mut walker = Walker::new(game);
        while let Some(event) = walker.next() {
            self.event(event);
        }
        sink.put(self.end_movetext(game.result()))
    }

    /// Starts a movetext, to be written event by event.
    pub fn begin_movetext(&mut self) {
        self.filler.reset();
        self.as_read.clear();
        self.as_read.push(false);
        self.cursor = Cursor { number_black: true, ..Cursor::default() };
    }

    /// Ends the movetext with its termination marker, and gives its lines.
    pub fn end_movetext(&mut self, result: GameResult) -> &[u8] {
        self.filler.push(result.as_str().as_bytes());
        self.filler.finish()
    }

    /// Writes the next element of the movetext.
    #[inline(always)]
    pub fn event(&mut self, event: Event<'_>) {
        // A move, the most common event, is written inline: where the
        // replay makes the events, its fields then stay in registers
        // rather than being stored and loaded back.
        match event {
            Event::Move(played) if self.cursor.skipping == 0 => self.played(&played),
            _ => self.other_event(event),
        }
    }

    /// Writes a move: [`Writer::event`] of `Event::Move(*played)`, with
    /// no copy of the move made. For a caller that has it by reference,
    /// as a replay's visitor does: a copy, loaded from the fields the
    /// replay has just stored one by one, would wait for those stores.
    #[inline(always)]
    pub fn played_event(&mut self, played: &Played<'_>) {
        if self.cursor.skipping == 0 {
            self.played(played);
        } else {
            self.other_event(Event::Move(*played));
        }
    }

    /// A move (outside a variation left out).
    #[inline]
    fn played(&mut self, played: &Played<'_>) {
        self.content();
        self.number(played.ply);
        self.write_move(played);
        self.suffix(played.suffix.map(|s| s.nag()));
    }

    /// Any event but a move that is written.
    fn other_event(&mut self, event: Event<'_>) {
        if self.cursor.skipping > 0 {
            match event {
                Event::BeginVariation { .. } => self.cursor.skipping += 1,
                Event::EndVariation => self.cursor.skipping -= 1,
                _ => {}
            }
            return;
        }
        match event {
            Event::Move(played) => self.played(&played),
            Event::Unresolved { san, suffix, number, .. } => {
                if let Some(top) = self.as_read.last_mut()
                    && !*top
                {
                    *top = true;
                    if !self.cursor.after_marker {
                        self.content();
                        self.filler.comment(AS_READ_MARKER.as_bytes());
                        self.cursor.number_black = true;
                    }
                }
                self.content();
                // As read: the move number the input had before it, if
                // any; one is made only where that is not known.
                if let Some(number) = number {
                    let word = self.filler.token();
                    push_decimal(word, number.number);
                    word.extend(std::iter::repeat_n(b'.', usize::from(number.periods)));
                }
                self.cursor.number_black = false;
                self.filler.push(san);
                self.suffix(suffix.map(|s| s.nag()));
            }
            Event::Nag(nag) => {
                if self.options.nags {
                    self.content();
                    self.nag(nag);
                    self.cursor.number_black = true;
                }
            }
            Event::Comment { text, .. } => {
                let rewritten = self.options.commands.apply(text);
                let transcoded = transcode(&rewritten, self.options.text);
                let text: &[u8] = &transcoded;
                let marker = is_marker(text);
                // Only a comment with words in it is written (and opens
                // the variations it is in). Without comments, a marker
                // read back is left out too (ruling E13): the moves it
                // stood before get a new one where they are written.
                if self.options.comments && text.iter().any(|&b| !is_space(b)) {
                    self.content();
                    self.filler.comment(text);
                    self.cursor.number_black = true;
                    self.cursor.after_marker = marker;
                }
            }
            // Ruling E10: escape lines are never exported.
            Event::Escape(_) => {}
            Event::BeginVariation { .. } => {
                if self.options.variations {
                    self.cursor.pending_opens += 1;
                    let dead = self.as_read.last().copied().unwrap_or(false);
                    self.as_read.push(dead);
                } else {
                    self.cursor.skipping = 1;
                }
            }
            Event::EndVariation => {
                if self.as_read.len() > 1 {
                    self.as_read.pop();
                }
                if self.cursor.pending_opens > 0 {
                    self.cursor.pending_opens -= 1;
                } else {
                    self.filler.close();
                    self.cursor.number_black = true;
                    self.cursor.after_marker = false;
                }
            }
        }
    }

    /// Something is written: the `(` of the variations it is in go first.
    fn content(&mut self) {
        while self.cursor.pending_opens > 0 {
            self.cursor.pending_opens -= 1;
            self.filler.open();
            self.cursor.number_black = true;
        }
        self.cursor.after_marker = false;
    }

    /// The move number before a move of `ply` (ruling E5).
    #[inline(always)]
    fn number(&mut self, ply: u32) {
        let white = ply % 2 == 1;
        if (white || self.cursor.number_black) && self.options.move_numbers {
            let n = ply.div_ceil(2);
            match short_number(n, white) {
                Some((bytes, len)) => self.filler.push_short(bytes, len),
                None => {
                    let word = self.filler.token();
                    push_decimal(word, n);
                    word.extend_from_slice(if white { b"." } else { b"..." });
                }
            }
        }
        self.cursor.number_black = !white;
    }

    #[inline]
    fn write_move(&mut self, played: &Played<'_>) {
        let notation = self.options.notation;
        let word = self.filler.token();
        // Export format first, with a branch that is always taken the same
        // way, not through the jump table of the match.
        if matches!(notation, Notation::San) {
            San::append_played(played, word);
            return;
        }
        match notation {
            Notation::San => San::append_played(played, word),
            Notation::Lan => push_display(word, Lan::from_played(played)),
            Notation::Uci => push_display(word, Uci { m: played.m, mode: Default::default() }),
            Notation::Fan => push_display(word, San::from_played(played).fan(played.before.turn())),
            Notation::Localized(lang) => {
                push_display(word, San::from_played(played).in_language(lang));
            }
        }
    }

    /// A suffix annotation, as its NAG (ruling E8).
    fn suffix(&mut self, nag: Option<Nag>) {
        if let Some(nag) = nag.filter(|_| self.options.nags) {
            self.nag(nag);
            self.cursor.number_black = true;
        }
    }

    fn nag(&mut self, nag: Nag) {
        let word = self.filler.token();
        word.push(b'$');
        push_decimal(word, u32::from(nag.0));
    }
}

/// True if a comment's text is the [`AS_READ_MARKER`], white space aside.
fn is_marker(text: &[u8]) -> bool {
    let mut words = text.split(|&b| is_space(b)).filter(|w| !w.is_empty());
    let mut marker = AS_READ_MARKER.as_bytes().split(|&b| b == b' ');
    loop {
        match (words.next(), marker.next()) {
            (None, None) => return true,
            (Some(a), Some(b)) if a == b => {}
            _ => return false,
        }
    }
}

/// A tag value between its quotes (ruling E4): `\` and `"` escaped, and
/// every control byte (C0 and DEL: a tab, a line end, a NUL) written as a
/// space.
fn write_tag_value<S: Sink>(value: &[u8], sink: &mut S) -> Result<(), S::Error> {
    if !may_need_escapes(value) {
        return sink.put(value);
    }
    let mut start = 0;
    for (i, &b) in value.iter().enumerate() {
        let replacement: &[u8] = match b {
            b'\\' => b"\\\\",
            b'"' => b"\\\"",
            0x00..=0x1f | 0x7f => b" ",
            _ => continue,
        };
        sink.put(&value[start..i])?;
        sink.put(replacement)?;
        start = i + 1;
    }
    sink.put(&value[start..])
}

/// False if no byte of `value` is escaped or replaced in a tag value
/// ([`write_tag_value`]), looking at eight bytes at a time: almost no
/// value has one, and a loop over its bytes was a visible part of
/// export's time. True when one may be (a control byte, `"` or `\`).
fn may_need_escapes(value: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Whether some byte of `x` is below `n` (n at most 128), or equals it.
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGHS != 0;
    let equal = |x: u64, n: u8| below(x ^ (ONES * u64::from(n)), 1);
    let suspect = |x: u64| below(x, 0x20) || equal(x, 0x7f) || equal(x, b'"') || equal(x, b'\\');
    let mut chunks = value.chunks_exact(8);
    let chunk = |c: &[u8]| c.iter().rev().fold(0u64, |x, &b| x << 8 | u64::from(b));
    if chunks.by_ref().any(|c| suspect(chunk(c))) {
        return true;
    }
    // The last bytes, padded with spaces, which need nothing.
    let rest = chunks.remainder();
    let pad = u64::MAX.checked_shl(8 * rest.len() as u32).unwrap_or(0) & (ONES * u64::from(b' '));
    suspect(chunk(rest) | pad)
}

/// The move number token `n.` (white) or `n...` (black) as the bytes of
/// a `u64` (the first byte lowest) and its length, for a number below
/// 10,000, which is at most 7 bytes (`9999...`); `None` above.
#[inline]
fn short_number(n: u32, white: bool) -> Option<(u64, usize)> {
    let (digits, len) = match n {
        0..1000 => {
            (u64::from(DIGITS[n as usize]), 1 + usize::from(n >= 10) + usize::from(n >= 100))
        }
        1000..10_000 => {
            // Rare: four digits by division.
            let digit = |d: u32| u64::from(b'0' + (d % 10) as u8);
            (digit(n / 1000) | digit(n / 100) << 8 | digit(n / 10) << 16 | digit(n) << 24, 4)
        }
        _ => return None,
    };
    let dots: u64 = if white { 0x2e } else { 0x2e_2e_2e };
    Some((digits | dots << (8 * len), len + if white { 1 } else { 3 }))
}

/// The decimal digits of every number below 1,000, as the bytes of a
/// `u32` (the first digit lowest, no leading zero): a move number is
/// looked up, not divided.
static DIGITS: [u32; 1000] = {
    let mut table = [0u32; 1000];
    let mut n = 0;
    while n < 1000 {
        let (a, b, c) = ((n / 100) as u32, (n / 10 % 10) as u32, (n % 10) as u32);
        table[n] = if n >= 100 {
            (b'0' as u32 + a) | (b'0' as u32 + b) << 8 | (b'0' as u32 + c) << 16
        } else if n >= 10 {
            (b'0' as u32 + b) | (b'0' as u32 + c) << 8
        } else {
            b'0' as u32 + c
        };
        n += 1;
    }
    table
};

/// Appends `n` in decimal.
#[inline]
fn push_decimal(out: &mut Vec<u8>, n: u32) {
    // Move numbers and NAGs are almost always below 100.
    if n < 10 {
        out.push(b'0' + n as u8);
    } else if n < 100 {
        out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        let mut n = n;
        while n > 0 {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
        }
        out.extend_from_slice(&digits[i..]);
    }
}

/// Appends what `value` displays.
fn push_display(out: &mut Vec<u8>, value: impl fmt::Display) {
    struct Bytes<'a>(&'a mut Vec<u8>);
    impl fmt::Write for Bytes<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.0.extend_from_slice(s.as_bytes());
            Ok(())
        }
    }
    // Writing into a Vec cannot fail.
    let _ = write!(Bytes(out), "{value}");
}

/// Writes `game` in export format into a new `Vec<u8>`.
///
/// ```
/// use pgn_export::{ExportOptions, to_vec};
///
/// let game = pgn_replay::replay_games(&b"1. e4 e5 *"[..]).next().expect("a game")?.game;
/// let text = to_vec(&game, ExportOptions::reduced());
/// assert!(text.ends_with(b"[Result \"*\"]\n\n1. e4 e5 *\n\n"));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn to_vec(game: &ReplayedGame, options: ExportOptions) -> Vec<u8> {
    let mut out = Vec::new();
    let Ok(()) = Writer::new(options).write_game(game, &mut out);
    out
}

/// Writes `game` in export format (the default [`ExportOptions`]) as
/// text: what python-chess's `str(game)` is for, byte for byte what
/// [`to_vec`] gives when the game's tag values and comments are UTF-8
/// (other bytes become U+FFFD; [`to_vec`] keeps them).
///
/// ```
/// let pgn = "[White \"Tal\"]\n\n1.e4 e5 2.Nf3 {the main line} *";
/// let game = pgn_replay::replay_games(pgn.as_bytes()).next().expect("a game")?.game;
/// let text = pgn_export::to_string(&game);
/// assert!(text.starts_with("[Event \"?\"]\n"));
/// assert!(text.ends_with("[White \"Tal\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {the main line} *\n\n"));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn to_string(game: &ReplayedGame) -> String {
    // Made whole, then checked: a character is never cut in two.
    let bytes = to_vec(game, ExportOptions::default());
    String::from_utf8(bytes)
        .unwrap_or_else(|not_utf8| String::from_utf8_lossy(not_utf8.as_bytes()).into_owned())
}

/// A game that displays in export format (bytes that are not UTF-8, which
/// only tag values and comments can hold, show as U+FFFD; [`to_vec`] keeps
/// them).
///
/// ```
/// use pgn_export::{ExportOptions, Exported};
///
/// let game = pgn_replay::replay_games(&b"1. e4 e5 *"[..]).next().expect("a game")?.game;
/// let shown = Exported { game: &game, options: ExportOptions::default() }.to_string();
/// assert!(shown.ends_with("\n\n1. e4 e5 *\n\n"));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Exported<'a> {
    /// The game.
    pub game: &'a ReplayedGame,
    /// How it is written.
    pub options: ExportOptions,
}

impl fmt::Display for Exported<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Writer::new(self.options).write_game(self.game, &mut FmtSink(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn export(pgn: &str, options: ExportOptions) -> String {
        let game = pgn_replay::replay_games(pgn.as_bytes()).next().unwrap().unwrap().game;
        String::from_utf8(to_vec(&game, options)).unwrap()
    }

    /// The movetext lines only.
    fn movetext(pgn: &str, options: ExportOptions) -> String {
        let text = export(pgn, options);
        let (_, movetext) = text.split_once("\n\n").unwrap();
        movetext.trim_end_matches('\n').to_string()
    }

    #[test]
    fn values_that_need_escapes_are_found() {
        for len in 0..20 {
            let clean = vec![b'a'; len];
            assert!(!may_need_escapes(&clean), "{len}");
            assert!(!may_need_escapes(&vec![0xe9; len]), "Latin-1, {len}");
            for at in 0..len {
                for b in [b'"', b'\\', b'\t', b'\r', b'\n', 0x0b] {
                    let mut value = clean.clone();
                    value[at] = b;
                    assert!(may_need_escapes(&value), "{value:?}");
                }
            }
        }
        assert!(!may_need_escapes(b"Fischer, Robert J. ~!#$%&'()*+,-./09:;<=>?@[]^_`{|}"));
    }

    #[test]
    fn short_numbers_are_the_decimal_numbers() {
        for n in (0..10_000).chain([10_000, 123_456, u32::MAX]) {
            for white in [true, false] {
                let mut expected = Vec::new();
                push_decimal(&mut expected, n);
                expected.extend_from_slice(if white { b"." } else { b"..." });
                match short_number(n, white) {
                    Some((bytes, len)) => assert_eq!(bytes.to_le_bytes()[..len], expected[..]),
                    None => assert!(n >= 10_000, "{n}"),
                }
                // Nothing past the length.
                if let Some((bytes, len)) = short_number(n, white) {
                    assert_eq!(bytes >> (8 * len), 0, "{n}");
                }
            }
        }
    }

    #[test]
    fn black_moves_are_numbered_only_after_something_else() {
        let all = ExportOptions::default();
        assert_eq!(movetext("1. e4 e5 2. Nf3 *", all), "1. e4 e5 2. Nf3 *");
        assert_eq!(movetext("1. e4 $1 e5 *", all), "1. e4 $1 1... e5 *");
        assert_eq!(movetext("1. e4 {x} e5 *", all), "1. e4 {x} 1... e5 *");
        assert_eq!(movetext("1. e4 (1. d4) e5 *", all), "1. e4 (1. d4) 1... e5 *");
        assert_eq!(movetext("1. e4 e5 (1... c5) *", all), "1. e4 e5 (1... c5) *");
    }

    #[test]
    fn what_is_not_written_does_not_number_the_next_move() {
        let all = ExportOptions::default();
        assert_eq!(movetext("1. e4 {  } e5 *", all), "1. e4 e5 *");
        assert_eq!(movetext("1. e4 () e5 *", all), "1. e4 e5 *");
        assert_eq!(movetext("1. e4 ( ( ) {} ) e5 *", all), "1. e4 e5 *");
        assert_eq!(movetext("1. e4\n%escape\ne5 *", all), "1. e4 e5 *");
        let plain = ExportOptions { comments: false, nags: false, variations: false, ..all };
        assert_eq!(movetext("1. e4! {x} $3 (1. d4) e5 *", plain), "1. e4 e5 *");
    }

    #[test]
    fn a_game_from_a_black_move_starts_with_its_number() {
        let pgn = "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n1... e5 2. Nf3 *";
        assert_eq!(movetext(pgn, ExportOptions::default()), "1... e5 2. Nf3 *");
    }

    #[test]
    fn suffixes_become_nags_before_the_others() {
        assert_eq!(movetext("1. e4!? $14 *", ExportOptions::default()), "1. e4 $5 $14 *");
    }

    #[test]
    fn tag_values_are_escaped_and_kept_on_one_line() {
        let text = export("[Event \"a\\\\b \\\"c\\\"\tx\"] *", ExportOptions::default());
        assert!(text.starts_with("[Event \"a\\\\b \\\"c\\\" x\"]\n"), "{text}");
    }

    #[test]
    fn reduced_format_cannot_hold_a_game_from_a_set_up_position() {
        // Ruling E13: only the roster tags, so no FEN. Written anyway (the
        // writer writes what it is given), the game would read back from
        // the standard start, where its moves are illegal.
        let fen = "8/8/8/4k3/8/8/4K3/4R3 b - - 0 40";
        let pgn = format!("[SetUp \"1\"] [FEN \"{fen}\"] [ECO \"A00\"] 40... Kd5 41. Ra1 *");
        let game = pgn_replay::replay_games(pgn.as_bytes()).next().unwrap().unwrap().game;
        let reduced = ExportOptions::reduced();
        assert_eq!(unfit(&game, reduced), Some(Unfit::SetUpPosition));
        let text = String::from_utf8(to_vec(&game, reduced)).unwrap();
        assert!(text.ends_with("[Result \"*\"]\n\n40... Kd5 41. Ra1 *\n\n"), "{text}");
        let again = pgn_replay::replay_games(text.as_bytes()).next().unwrap().unwrap();
        assert!(is_broken(&again.game));
        // Every tag is written with the default options, or with only the
        // movetext stripped: the game fits them.
        assert_eq!(unfit(&game, ExportOptions::default()), None);
        let plain = ExportOptions { comments: false, nags: false, variations: false, ..reduced };
        assert_eq!(unfit(&game, ExportOptions { tags: TagSet::All, ..plain }), None);
        // A FEN that cannot be set up is no standard start either, and
        // reduced format has no form as read for it.
        let bad = pgn_replay::replay_games(&b"[FEN \"8/8/8/8 w - - 0 1\"] 1. e4 *"[..]).next();
        let bad = bad.unwrap().unwrap().game;
        assert_eq!(unfit(&bad, reduced), Some(Unfit::SetUpPosition));
        assert_eq!(unfit(&bad, ExportOptions::default()), Some(Unfit::Broken));
    }

    #[test]
    fn a_fen_of_the_standard_start_loses_nothing_in_reduced_format() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let pgn = format!("[SetUp \"1\"] [FEN \"{start}\"] 1. e4 e5 *");
        let game = pgn_replay::replay_games(pgn.as_bytes()).next().unwrap().unwrap().game;
        assert_eq!(unfit(&game, ExportOptions::reduced()), None);
        let text = export(&pgn, ExportOptions::reduced());
        assert_eq!(text.lines().filter(|l| l.starts_with('[')).count(), 7, "{text}");
        assert!(text.ends_with("[Result \"*\"]\n\n1. e4 e5 *\n\n"), "{text}");
        // Another move number is another start: that FEN is needed.
        let later = pgn.replace(" 0 1", " 0 5").replace("1. e4 e5", "5. e4 e5");
        let game = pgn_replay::replay_games(later.as_bytes()).next().unwrap().unwrap().game;
        assert_eq!(unfit(&game, ExportOptions::reduced()), Some(Unfit::SetUpPosition));
    }

    #[test]
    fn roster_and_set_up_keeps_the_start_and_the_movetext() {
        // pgn-extract's -7: the roster, SetUp and FEN, what --add
        // asks for; comments, NAGs and variations as the options say.
        let fen = "8/8/8/4k3/8/8/4K3/4R3 b - - 0 40";
        let pgn = format!(
            "[SetUp \"1\"] [FEN \"{fen}\"] [ECO \"A00\"] [PlyCount \"2\"] 40... Kd5 {{x}} 41. Ra1 $1 (41. Rh1) *"
        );
        let game = pgn_replay::replay_games(pgn.as_bytes()).next().unwrap().unwrap().game;
        let options = ExportOptions { tags: TagSet::RosterAndSetUp, ..ExportOptions::default() };
        assert_eq!(unfit(&game, options), None);
        let text = export(&pgn, options);
        let tags: Vec<&str> = text.lines().skip(7).take_while(|l| !l.is_empty()).collect();
        assert_eq!(tags, [format!("[FEN \"{fen}\"]").as_str(), "[SetUp \"1\"]"]);
        assert!(text.ends_with("\n\n40... Kd5 {x} 41. Ra1 $1 (41. Rh1) *\n\n"), "{text}");
        let added = AddedTags { ply_count: true, ..AddedTags::default() };
        let text = export(&pgn, ExportOptions { add: added, ..options });
        assert!(text.contains("[PlyCount \"2\"]\n") && !text.contains("ECO"), "{text}");
        // A game from the standard start has the roster only.
        let text = export("[ECO \"C20\"] 1. e4 {x} e5 *", options);
        assert_eq!(text.lines().take_while(|l| !l.is_empty()).count(), 7, "{text}");
        assert!(text.ends_with("\n\n1. e4 {x} 1... e5 *\n\n"), "{text}");
        // A Chess960 start keeps its Variant tag: other readers need it.
        // Without a FEN tag it says nothing a reader needs (lichess's
        // `Standard`).
        let chess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let pgn = format!("[Variant \"Chess960\"] [SetUp \"1\"] [FEN \"{chess960}\"] 9. g3 *");
        let text = export(&pgn, options);
        assert!(text.contains("[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n9. g3 *"), "{text}");
        let text = export("[Variant \"Standard\"] 1. e4 *", options);
        assert_eq!(text.lines().take_while(|l| !l.is_empty()).count(), 7, "{text}");
    }

    #[test]
    fn a_game_without_moves_has_its_result_as_movetext() {
        let text = export("[Result \"0-1\"]", ExportOptions::default());
        assert!(text.ends_with("[Result \"0-1\"]\n\n0-1\n\n"), "{text}");
    }

    #[test]
    fn reduced_format_keeps_only_the_roster_and_the_moves() {
        let text = export("[ECO \"C20\"] 1. e4 $1 {x} (1. d4) e5 *", ExportOptions::reduced());
        assert_eq!(text.lines().filter(|l| l.starts_with('[')).count(), 7);
        assert!(text.ends_with("\n\n1. e4 e5 *\n\n"), "{text}");
    }

    #[test]
    fn moves_that_cannot_be_played_are_written_as_read_after_the_marker() {
        let all = ExportOptions::default();
        let pgn = "1. e4 e5 2. Ke3 Nc6! (2... d6) 3. Nf3 *";
        let expected = format!("1. e4 e5 {{{AS_READ_MARKER}}} 2. Ke3 Nc6 $1 (2... d6) 3. Nf3 *");
        let once = movetext(pgn, all);
        assert_eq!(once.replace('\n', " "), expected);
        // The marker is not written twice when the output is read again.
        assert_eq!(movetext(&once, all), once);
    }

    #[test]
    fn without_comments_the_marker_text_is_left_out_like_any_comment() {
        // Ruling E13: reduced export format has no comments, so a comment
        // of a game that replays is left out even when its text is the
        // marker's.
        let pgn = format!("1. e4 {{{AS_READ_MARKER}}} e5 *");
        assert_eq!(movetext(&pgn, ExportOptions::reduced()), "1. e4 e5 *");
        // A broken game still gets the marker, once, and keeps it when its
        // output is read again.
        let plain = ExportOptions { comments: false, ..ExportOptions::default() };
        let once = movetext("1. e4 e5 2. Ke3 Nc6 *", plain);
        assert_eq!(once, format!("1. e4 e5 {{{AS_READ_MARKER}}} 2. Ke3 Nc6 *"));
        assert_eq!(movetext(&once, plain), once);
    }

    #[test]
    fn other_notations_use_the_same_layout() {
        let n = |notation| {
            movetext(
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 *",
                ExportOptions { notation, ..Default::default() },
            )
        };
        assert_eq!(n(Notation::Lan), "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 *");
        assert_eq!(n(Notation::Uci), "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 *");
        assert_eq!(n(Notation::Fan), "1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 *");
        assert_eq!(n(Notation::Localized(Language::German)), "1. e4 e5 2. Sf3 Sc6 3. Lb5 *");
    }

    #[test]
    fn display_and_to_vec_agree() {
        let game = pgn_replay::replay_games(&b"[Event \"x\"] 1. e4 {a} e5 *"[..])
            .next()
            .unwrap()
            .unwrap()
            .game;
        let options = ExportOptions::default();
        assert_eq!(
            Exported { game: &game, options }.to_string().into_bytes(),
            to_vec(&game, options)
        );
    }
}
