//! The decoder (ruling P7): PGC records in, games of the one game model
//! out ([`ReplayedGame`], made with [`GameBuilder`], as replay makes
//! them), so that a decoded game exports, walks and encodes like a game
//! read from PGN. Strict: the first malformed record ends decoding with
//! an error at its byte offset, after the games before it.

use std::io::Read;

use pgn_replay::pgn_syntax::Tags;
use pgn_replay::pgn_syntax::nag::Nag;
use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::{BuildError, Event, GameBuilder, ReplayedGame};
use san::Played;

use crate::error::{DecodeError, DecodeErrorKind};
use crate::ordinal::move_at_hinted;
use crate::record::{Moves, ReadError, Record, RecordReader};

/// The Seven Tag Roster, in the order of a `0x01` record's values.
const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What a PGC input holds, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Decoded {
    /// A game (`0x01`, or `0x05` .. `0x06`).
    Game(ReplayedGame),
    /// An escape string between games (`0x0a` outside a game): the text
    /// of a `%` line, without the `%`.
    Escape(#[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))] Vec<u8>),
}

/// Where the decoder is.
#[derive(Debug, Default)]
enum State {
    /// Between games.
    #[default]
    Between,
    /// After `0x05`, in its tag pairs; with the offset of the last FEN or
    /// Variant tag pair, where a start that cannot be set up is reported.
    Tags(Tags, Option<u64>),
    /// In a game's movetext.
    Movetext(GameBuilder),
}

/// Turns records into games, one record at a time, with no I/O: what
/// [`Decoder`] runs on each record, and what a program that reads records
/// itself (to show them, say) runs to follow the games.
///
/// ```
/// use pgn_pgc::record::{Moves, Record};
/// use pgn_pgc::{Decoded, GameDecoder};
/// use san::San;
/// use pgn_replay::Event;
///
/// let mut decoder = GameDecoder::new();
/// let records = [
///     Record::GameBegin,
///     Record::TagPair { name: b"White", value: b"Tal" },
///     Record::Moves { long: false, moves: Moves { ordinals: &[13, 12], at: 20 } },
///     Record::GameEnd,
/// ];
/// let mut sans = Vec::new();
/// let mut items = Vec::new();
/// for (offset, record) in records.iter().enumerate() {
///     let on_event = &mut |event: Event<'_>| {
///         if let Event::Move(played) = event {
///             sans.push(San::from_move(played.before, played.m).to_string());
///         }
///     };
///     items.extend(decoder.record(offset as u64, record, on_event)?);
/// }
/// decoder.finish(4)?;
/// assert_eq!(sans, ["e4", "e5"]);
/// let [Decoded::Game(game)] = &items[..] else { panic!("one game") };
/// assert_eq!(game.tag("White"), Some(&b"Tal"[..]));
/// # Ok::<_, pgn_pgc::DecodeError>(())
/// ```
#[derive(Debug, Default)]
pub struct GameDecoder {
    state: State,
    /// A game given back ([`GameDecoder::recycle`]): the storage of the
    /// next game's tags and movetext.
    spare: Option<ReplayedGame>,
    /// The games' movetext is not kept ([`GameDecoder::keep_movetext`]).
    drop_movetext: bool,
}

impl GameDecoder {
    /// A decoder between games.
    pub fn new() -> GameDecoder {
        GameDecoder::default()
    }

    /// Takes back a game this decoder made, once its caller is done with
    /// it: the next game is made in its storage (its tags and movetext),
    /// so a caller that gives back every game does not allocate these
    /// again for each game. Any game will do; one not made here is as
    /// good.
    pub fn recycle(&mut self, game: ReplayedGame) {
        self.spare = Some(game);
    }

    /// Whether the games made keep their movetext (true unless said
    /// otherwise). Without it, each game still comes with its tags, start
    /// and result, and its movetext is decoded, played and checked as
    /// strictly, but only given to the caller as events
    /// ([`GameDecoder::record`]): the game's movetext is empty. For a
    /// caller that writes each game from its events (`pgn pgc decode`),
    /// which then spends nothing on storing moves it never reads
    /// ([`GameBuilder::keep_movetext`]).
    pub fn keep_movetext(&mut self, keep: bool) {
        self.drop_movetext = !keep;
    }

    /// A builder for a game with these tags ([`start`]), keeping its
    /// movetext as said ([`GameDecoder::keep_movetext`]).
    fn start(&mut self, tags: Tags, offset: u64) -> Result<GameBuilder, DecodeError> {
        let mut builder = start(tags, offset, self.spare.take())?;
        builder.keep_movetext(!self.drop_movetext);
        Ok(builder)
    }

    /// An empty tag list, in the storage of the game given back if any.
    fn spare_tags(&mut self) -> Tags {
        let mut tags = self.spare.as_mut().map(|g| std::mem::take(&mut g.tags)).unwrap_or_default();
        tags.clear();
        tags
    }

    /// True if a game is open (after its `0x05`, before its `0x06`).
    pub fn in_game(&self) -> bool {
        !matches!(self.state, State::Between)
    }

    /// Takes the record at `offset`; gives the game it ends, or the escape
    /// string between games it is. `on_event` sees each element of the
    /// movetext as it is decoded, as a [`Walker`](pgn_replay::Walker) over the
    /// finished game will yield it (moves with their positions, ply and
    /// depth), with the hints [`Played::origin`] and [`Played::mate`]
    /// where the decoder knows them: a writer can write the game as it
    /// comes, without walking it again. The elements of a game that ends
    /// in an error come too.
    ///
    /// # Errors
    ///
    /// The record does not fit where it stands (ruling P7); the decoder
    /// is between games after an error.
    pub fn record(
        &mut self,
        offset: u64,
        record: &Record<'_>,
        on_event: &mut impl FnMut(Event<'_>),
    ) -> Result<Option<Decoded>, DecodeError> {
        let result = self.step(offset, record, on_event);
        if result.is_err() {
            self.state = State::Between;
        }
        result
    }

    fn step(
        &mut self,
        offset: u64,
        record: &Record<'_>,
        on_event: &mut impl FnMut(Event<'_>),
    ) -> Result<Option<Decoded>, DecodeError> {
        let error = |kind| DecodeError { offset, kind };
        // The records inside a game's tags or movetext leave the state
        // where it is and are taken in place: a game's dozen records do
        // not move its builder a dozen times.
        match (&mut self.state, record) {
            (_, Record::Noop) => return Ok(None),
            (State::Tags(tags, setup_at), Record::TagPair { name, value }) => {
                tags.push(name, value);
                if matches!(*name, b"FEN" | b"Variant") {
                    *setup_at = Some(offset);
                }
                return Ok(None);
            }
            (State::Movetext(builder), Record::Moves { moves, .. }) => {
                play(builder, *moves, on_event)?;
                return Ok(None);
            }
            (State::Movetext(builder), &Record::Nag(nag)) => {
                builder.nag(Nag(nag));
                on_event(Event::Nag(Nag(nag)));
                return Ok(None);
            }
            (State::Movetext(builder), Record::Escape(line)) => {
                builder.escape(line);
                on_event(Event::Escape(line));
                return Ok(None);
            }
            (State::Movetext(builder), Record::VariationBegin) => {
                builder.begin_variation().map_err(|e| error(build_error(e)))?;
                on_event(Event::BeginVariation { depth: builder.depth() });
                return Ok(None);
            }
            (State::Movetext(builder), Record::VariationEnd) => {
                builder.end_variation().map_err(|e| error(build_error(e)))?;
                on_event(Event::EndVariation);
                return Ok(None);
            }
            _ => {}
        }
        // The others change the state: it is taken and put back by each
        // arm (an error leaves the decoder between games).
        let marker = record.marker() as u8;
        match (std::mem::take(&mut self.state), record) {
            (State::Between, Record::ReducedGame { roster, moves }) => {
                let mut tags = self.spare_tags();
                for (name, value) in ROSTER.iter().zip(roster) {
                    tags.push(name, value);
                }
                let mut builder = self.start(tags, offset)?;
                play(&mut builder, *moves, on_event)?;
                Ok(Some(Decoded::Game(complete(builder))))
            }
            (State::Between, Record::GameBegin) => {
                self.state = State::Tags(self.spare_tags(), None);
                Ok(None)
            }
            (State::Between, Record::Escape(line)) => Ok(Some(Decoded::Escape(line.to_vec()))),
            (State::Between, _) => Err(error(DecodeErrorKind::OutsideGame(marker))),
            (_, Record::ReducedGame { .. } | Record::GameBegin) => {
                Err(error(DecodeErrorKind::InsideGame(marker)))
            }
            (State::Tags(tags, setup_at), Record::GameEnd) => {
                let at = setup_at.unwrap_or(offset);
                Ok(Some(Decoded::Game(complete(self.start(tags, at)?))))
            }
            (State::Tags(tags, setup_at), _) => {
                // The first record of the movetext: the tags are all in
                // (ruling P3), the start position is known.
                let at = setup_at.unwrap_or(offset);
                self.state = State::Movetext(self.start(tags, at)?);
                self.step(offset, record, on_event)
            }
            (State::Movetext(_), Record::TagPair { .. }) => {
                Err(error(DecodeErrorKind::TagAfterMovetext))
            }
            (State::Movetext(builder), Record::GameEnd) => {
                if builder.depth() > 0 {
                    return Err(error(DecodeErrorKind::UnclosedVariation(builder.depth())));
                }
                Ok(Some(Decoded::Game(complete(builder))))
            }
            // Taken in place above.
            (state @ State::Movetext(_), _) => {
                self.state = state;
                Ok(None)
            }
        }
    }

    /// The input ended at `offset`.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::UnclosedGame`] inside a game (at `offset`).
    pub fn finish(&mut self, offset: u64) -> Result<(), DecodeError> {
        if self.in_game() {
            self.state = State::Between;
            return Err(DecodeError { offset, kind: DecodeErrorKind::UnclosedGame });
        }
        Ok(())
    }
}

/// A builder for a game with these tags, from the start position they
/// give (ruling P3), in the storage of `spare` if there is one; an error
/// at `offset` (the FEN or Variant tag pair) when they give none.
fn start(tags: Tags, offset: u64, spare: Option<ReplayedGame>) -> Result<GameBuilder, DecodeError> {
    let (position, _repairs) = pgn_replay::start_position(&tags)
        .map_err(|problem| DecodeError { offset, kind: DecodeErrorKind::Start(problem) })?;
    let mut builder = match spare {
        Some(used) => GameBuilder::from_position_reusing(position, used),
        None => GameBuilder::from_position(position),
    };
    *builder.tags_mut() = tags;
    Ok(builder)
}

/// Plays a move sequence.
///
/// Each move is found one step ahead of its event: a move that gives
/// check and has a move after it in the sequence does not mate, and the
/// event says so (the hint [`Played::mate`]), sparing a writer the search
/// for an answer to the check. An ordinal past the end of its position's
/// moves is reported after the event of the move before it, as if it had
/// not been looked at early.
fn play(
    builder: &mut GameBuilder,
    moves: Moves<'_>,
    on_event: &mut impl FnMut(Event<'_>),
) -> Result<(), DecodeError> {
    let ordinals = moves.ordinals;
    let Some(&first) = ordinals.first() else { return Ok(()) };
    builder.reserve(ordinals.len());
    let mut next = move_at_hinted(builder.position(), first);
    for (i, &ordinal) in ordinals.iter().enumerate() {
        let Some((m, origin)) = next else {
            let pos = builder.position();
            let kind = DecodeErrorKind::OrdinalPastEnd { ordinal, moves: pos.count_legal_moves() };
            return Err(DecodeError { offset: moves.at + i as u64, kind });
        };
        // `move_at` gives only legal moves: not looked for again.
        let played = builder.play_unchecked_event(m);
        next = ordinals.get(i + 1).and_then(|&ordinal| move_at_hinted(played.after, ordinal));
        // The hints spare a writer the search for other origins, and for
        // an answer to a check when a move follows.
        let mate = next.map(|_| false);
        on_event(Event::Move(Played { origin, mate, ..played }));
    }
    Ok(())
}

/// The game, its result from its Result tag (ruling P2).
fn complete(mut builder: GameBuilder) -> ReplayedGame {
    let result = builder.tags_mut().get("Result").and_then(|v| GameResult::from_ascii(v).ok());
    if let Some(result) = result {
        builder.result(result);
    }
    builder.finish()
}

fn build_error(error: BuildError) -> DecodeErrorKind {
    match error {
        BuildError::NoOpenVariation => DecodeErrorKind::UnbalancedVariationEnd,
        _ => DecodeErrorKind::VariationWithoutMove,
    }
}

/// Decodes a PGC stream item by item, holding one record's bytes and one
/// game at a time.
///
/// ```
/// use pgn_pgc::{Decoded, Decoder, EncodeOptions, encode_game};
/// use pgn_replay::GameBuilder;
///
/// let mut b = GameBuilder::new();
/// b.san(b"d4")?.san(b"Nf6")?;
/// let game = b.finish();
/// let mut pgc = Vec::new();
/// encode_game(&game, EncodeOptions::default(), &mut pgc)?;
/// encode_game(&game, EncodeOptions::default(), &mut pgc)?;
/// let items: Vec<Decoded> = Decoder::new(&pgc[..]).collect::<Result<_, _>>()?;
/// assert_eq!(items.len(), 2);
/// let Decoded::Game(decoded) = &items[0] else { panic!("a game") };
/// assert_eq!(decoded.movetext, game.movetext);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Decoder<R> {
    records: RecordReader<R>,
    games: GameDecoder,
    done: bool,
}

impl<R: Read> Decoder<R> {
    /// A decoder at the start of `input`.
    pub fn new(input: R) -> Decoder<R> {
        Decoder { records: RecordReader::new(input), games: GameDecoder::new(), done: false }
    }

    /// The offset in the input of the next record.
    pub fn offset(&self) -> u64 {
        self.records.offset()
    }

    /// Takes back a game this decoder gave, once its caller is done with
    /// it, as [`GameDecoder::recycle`]: the next game is made in its
    /// storage.
    pub fn recycle(&mut self, game: ReplayedGame) {
        self.games.recycle(game);
    }

    /// Whether the games keep their movetext, as
    /// [`GameDecoder::keep_movetext`]: a caller of [`Decoder::next_with`]
    /// that takes the movetext from the events alone says no.
    ///
    /// ```
    /// use pgn_pgc::{Decoded, Decoder, EncodeOptions, encode_game};
    /// use pgn_replay::{Event, GameBuilder};
    ///
    /// let mut b = GameBuilder::new();
    /// b.tag("White", "Tal").san(b"e4")?.san(b"e5")?;
    /// let mut pgc = Vec::new();
    /// encode_game(&b.finish(), EncodeOptions::default(), &mut pgc)?;
    /// let mut decoder = Decoder::new(&pgc[..]);
    /// decoder.keep_movetext(false);
    /// let mut moves = 0;
    /// let item = decoder.next_with(&mut |event| moves += matches!(event, Event::Move(_)) as u32);
    /// let Some(Ok(Decoded::Game(game))) = item else { panic!("a game") };
    /// assert_eq!((moves, game.tag("White")), (2, Some(&b"Tal"[..])));
    /// assert!(game.movetext.is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn keep_movetext(&mut self, keep: bool) {
        self.games.keep_movetext(keep);
    }
}

impl<R: Read> Decoder<R> {
    /// The next item, as [`Iterator::next`] gives it, with `on_event`
    /// seeing each element of the movetext as it is decoded
    /// ([`GameDecoder::record`]): a writer fed by it writes each game as
    /// it comes, without walking it again.
    pub fn next_with(
        &mut self,
        on_event: &mut impl FnMut(Event<'_>),
    ) -> Option<Result<Decoded, ReadError>> {
        while !self.done {
            let Some(next) = self.records.next_record() else {
                self.done = true;
                return self.games.finish(self.records.offset()).err().map(|e| Err(e.into()));
            };
            let item = next
                .and_then(|(offset, record)| Ok(self.games.record(offset, &record, on_event)?));
            match item {
                Ok(None) => {}
                Ok(Some(item)) => return Some(Ok(item)),
                Err(error) => {
                    self.done = true;
                    return Some(Err(error));
                }
            }
        }
        None
    }
}

impl<R: Read> Iterator for Decoder<R> {
    type Item = Result<Decoded, ReadError>;

    fn next(&mut self) -> Option<Result<Decoded, ReadError>> {
        self.next_with(&mut |_| {})
    }
}

/// Decodes every game of a PGC input held in memory, in order: the
/// games of a [`Decoder`] over the bytes. Escape strings between games
/// ([`Decoded::Escape`]) belong to no game and are left out; a [`Decoder`]
/// gives them.
///
/// ```
/// use pgn_replay::GameBuilder;
///
/// let mut bytes = Vec::new();
/// let mut games = Vec::new();
/// for first in ["e4", "d4"] {
///     let mut b = GameBuilder::new();
///     b.san(first)?;
///     games.push(b.finish());
///     bytes.extend(pgn_pgc::encode(games.last().expect("a game"))?);
/// }
/// let decoded = pgn_pgc::decode_all(&bytes)?;
/// assert_eq!(decoded.len(), 2);
/// assert_eq!(decoded[1].movetext, games[1].movetext);
/// let error = pgn_pgc::decode_all(&bytes[..bytes.len() - 1]).expect_err("cut short");
/// // The games are as long: the second starts halfway, and is cut short.
/// assert!(error.offset >= bytes.len() as u64 / 2);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// The first malformed record (ruling P7).
pub fn decode_all(bytes: impl AsRef<[u8]>) -> Result<Vec<ReplayedGame>, DecodeError> {
    let mut games = Vec::new();
    for item in Decoder::new(bytes.as_ref()) {
        match item {
            Ok(Decoded::Game(game)) => games.push(game),
            Ok(Decoded::Escape(_)) => {}
            Err(ReadError::Decode(error)) => return Err(error),
            // Every I/O error comes from the input, and `Read for &[u8]`
            // never fails.
            Err(ReadError::Io(error)) => unreachable!("reading a byte slice cannot fail: {error}"),
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use pgn_replay::{GameBuilder, Walker};
    use san::{San, SanKind};

    use super::*;
    use crate::{EncodeOptions, encode_game};

    #[test]
    fn the_events_given_are_the_walkers() {
        // Nested variations, NAGs and an escape line in the movetext.
        let mut b = GameBuilder::new();
        b.san(b"e4").unwrap().san(b"e5").unwrap().nag(Nag(1)).san(b"Nf3").unwrap();
        b.begin_variation().unwrap().san(b"f4").unwrap().san(b"exf4").unwrap();
        b.begin_variation().unwrap().san(b"d5").unwrap().escape("here").end_variation().unwrap();
        b.san(b"Nf3").unwrap().end_variation().unwrap().san(b"Nc6").unwrap();
        let mut bytes = Vec::new();
        encode_game(&b.finish(), EncodeOptions::default(), &mut bytes).unwrap();

        let mut given = Vec::new();
        let mut hinted = 0;
        let mut mate_hints = 0;
        let mut decoder = GameDecoder::new();
        let mut records = RecordReader::new(&bytes[..]);
        let mut game = None;
        while let Some(next) = records.next_record() {
            let (offset, record) = next.unwrap();
            let on_event = &mut |event: Event<'_>| {
                // The walker knows no hint: the decoder's are left out,
                // once found true.
                let event = match event {
                    Event::Move(played) => {
                        if let Some(origin) = played.origin {
                            let san = San::from_move_without_check(played.before, played.m);
                            let SanKind::Normal { file, rank, .. } = san.kind else {
                                panic!("an origin for {played:?}");
                            };
                            assert_eq!(origin, (file, rank), "{played:?}");
                            hinted += 1;
                        }
                        if let Some(mate) = played.mate {
                            assert_eq!(mate, played.after.is_checkmate(), "{played:?}");
                            mate_hints += 1;
                        }
                        Event::Move(Played { origin: None, mate: None, ..played })
                    }
                    other => other,
                };
                given.push(format!("{event:?}"));
            };
            if let Some(Decoded::Game(decoded)) = decoder.record(offset, &record, on_event).unwrap()
            {
                game = Some(decoded);
            }
        }
        let game = game.expect("a game");
        let mut walked = Vec::new();
        let mut walker = Walker::new(&game);
        while let Some(event) = walker.next() {
            walked.push(format!("{event:?}"));
        }
        assert!(walked.iter().any(|e| e.contains("BeginVariation { depth: 2 }")), "{walked:#?}");
        assert!(walked.iter().any(|e| e.starts_with("Escape")), "{walked:#?}");
        assert_eq!(given, walked);
        // Every move says what its SAN names of its origin: the file of
        // exf4, nothing for the others.
        assert_eq!(hinted, 8);
        // A move with another after it in its record does not mate, and
        // says so: e4 (before e5) and f4 (before exf4). The NAG, the
        // escape and the variations end the other records.
        assert_eq!(mate_hints, 2);
    }

    #[test]
    fn a_check_with_a_move_after_it_is_not_mate() {
        // Two checks, each answered: they say they do not mate. The last
        // move has none after it and says nothing (a writer that needs to
        // know finds out).
        let mut b = GameBuilder::new();
        for san in ["e4", "f6", "Qh5+", "g6", "Qxg6+", "hxg6", "d4", "Rxh2", "Rxh2", "e5"] {
            b.san(san.as_bytes()).unwrap();
        }
        let mut bytes = Vec::new();
        encode_game(&b.finish(), EncodeOptions::default(), &mut bytes).unwrap();
        let mut hints = Vec::new();
        let mut decoder = GameDecoder::new();
        let mut records = RecordReader::new(&bytes[..]);
        while let Some(next) = records.next_record() {
            let (offset, record) = next.unwrap();
            let on_event = &mut |event: Event<'_>| {
                if let Event::Move(played) = event {
                    hints.push((San::from_played(&played).to_string(), played.mate));
                }
            };
            decoder.record(offset, &record, on_event).unwrap();
        }
        let checks: Vec<_> = hints.iter().filter(|(san, _)| san.ends_with('+')).collect();
        assert_eq!(checks.len(), 2, "{hints:?}");
        assert!(checks.iter().all(|(_, mate)| *mate == Some(false)), "{hints:?}");
        assert_eq!(hints.last(), Some(&("e5".to_string(), None)));
    }

    #[test]
    fn a_game_given_back_leaves_nothing_in_the_next() {
        // Each game is smaller than the one before it in some way, so a
        // tag, move or variation left over from the storage would show:
        // many tags and a variation; the roster alone (a reduced game,
        // 0x01); a start position of its own; no moves at all.
        let mut big = GameBuilder::new();
        big.tag("Event", "A").tag("Annotator", "someone").tag("ECO", "C20");
        big.san(b"e4").unwrap().san(b"e5").unwrap().nag(Nag(3)).san(b"Nf3").unwrap();
        big.begin_variation().unwrap().san(b"f4").unwrap().end_variation().unwrap();
        big.san(b"Nc6").unwrap().san(b"Bb5").unwrap();
        let mut reduced = GameBuilder::new();
        for name in ROSTER {
            reduced.tag(name, "?");
        }
        reduced.san(b"d4").unwrap();
        let mut set_up = GameBuilder::new();
        set_up.tag("SetUp", "1").tag("FEN", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let empty = GameBuilder::new();
        let mut bytes = Vec::new();
        for game in [big, reduced, set_up, empty] {
            encode_game(&game.finish(), EncodeOptions::default(), &mut bytes).unwrap();
        }

        let kept: Vec<Decoded> = Decoder::new(&bytes[..]).collect::<Result<_, _>>().unwrap();
        assert_eq!(kept.len(), 4);
        let mut recycled = Vec::new();
        let mut decoder = Decoder::new(&bytes[..]);
        // To start with, a game from another decoder: the largest of them.
        let Some(Ok(Decoded::Game(first))) = Decoder::new(&bytes[..]).next() else {
            panic!("a game")
        };
        decoder.recycle(first);
        while let Some(item) = decoder.next() {
            let Decoded::Game(game) = item.unwrap() else { panic!("a game") };
            recycled.push(Decoded::Game(game.clone()));
            decoder.recycle(game);
        }
        assert_eq!(recycled, kept);
    }
}
