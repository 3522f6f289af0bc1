//! The encoder (rulings P2 to P6): a game's [`Event`]s in, PGC records
//! out. [`GameEncoder`] takes the events one by one, from the
//! [`Walker`] over a replayed game ([`encode_game`]) or straight from a
//! replay as it reads ([`StreamEncoder`](crate::StreamEncoder)), and at
//! the end of the game writes either one `0x01` record or the `0x05` ..
//! `0x06` records (P2).

use pgn_replay::pgn_syntax::nag::Nag;
use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::pgn_syntax::{Tag, Tags};
use pgn_replay::{Event, ReplayedGame, Walker};
use san::{Move, Played, Position, San};

use crate::error::{EncodeError, EncodeErrorKind};
use crate::ordinal::{ordinal, ordinal_of_legal};
use crate::primitive::Header;
use crate::record::{Moves, Record};

/// How to encode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EncodeOptions {
    /// Drop what PGC cannot hold instead of refusing the game (ruling
    /// P6): comments, and null moves with the rest of their line (the
    /// moves after a null move have no ordinals without it).
    pub lossy: bool,
}

/// What lossy encoding dropped from a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dropped {
    /// Comments.
    pub comments: u64,
    /// Null moves.
    pub null_moves: u64,
    /// Moves after a null move in its line (and in the variations of
    /// those), which went with it.
    pub after_null: u64,
    /// NAGs and escape lines that went with them.
    pub annotations: u64,
}

impl Dropped {
    /// True if nothing was dropped.
    pub fn is_empty(&self) -> bool {
        *self == Dropped::default()
    }

    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Dropped) {
        self.comments += other.comments;
        self.null_moves += other.null_moves;
        self.after_null += other.after_null;
        self.annotations += other.annotations;
    }
}

/// An open line of the game being encoded.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    /// Whether it has a move yet (a variation needs one before it to
    /// replace).
    moved: bool,
    /// The ply of its last move (for a variation without a move yet, that
    /// of the move before the one it replaces; 0 before the first).
    ply: u32,
}

/// Encodes one game at a time from its events, reusing its buffers from
/// game to game (no allocation per move or per game once they have
/// grown).
///
/// ```
/// use pgn_pgc::{EncodeOptions, GameEncoder};
/// use pgn_replay::pgn_syntax::tags::GameResult;
/// use pgn_replay::{GameBuilder, Walker};
///
/// let mut b = GameBuilder::new();
/// b.san(b"e4")?.san(b"e5")?;
/// b.result(GameResult::Draw);
/// let game = b.finish();
///
/// let mut encoder = GameEncoder::new(EncodeOptions::default());
/// let mut out = Vec::new();
/// encoder.begin();
/// let mut walker = Walker::new(&game);
/// while let Some(event) = walker.next() {
///     encoder.event(&event);
/// }
/// encoder.finish(&game.tags, game.result(), &mut out)?;
/// // One reduced-export record (ruling P2): seven tag values, then the
/// // ordinals of e4 (13) and e5 (12).
/// assert_eq!(out[0], 0x01);
/// assert!(out.ends_with(b"\x071/2-1/2\x02\x00\x0d\x0c"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct GameEncoder {
    options: EncodeOptions,
    /// The records after the tags that are already whole (a move
    /// sequence is written when something else comes after it).
    body: Vec<u8>,
    /// The ordinals of the move sequence being made.
    ///
    /// Each move's ordinal is found as the move comes, in the position
    /// the replay has just played it in, which is still in the caches;
    /// no copy of the positions is kept for later.
    run: Vec<u8>,
    /// Something besides main-line moves was written: not a `0x01` game.
    general: bool,
    /// The open lines, the current one last.
    lines: Vec<Line>,
    /// The variations begun with nothing in them yet, innermost last,
    /// each with whether a move stands before it: a variation's `0x08` is
    /// written with the first thing inside it, and an empty variation not
    /// at all (as export leaves it out, ruling E6).
    pending: Vec<bool>,
    /// Lossy: the open lines (this one and its variations) being left out
    /// after a null move, or 0.
    skipping: u32,
    dropped: Dropped,
    error: Option<EncodeErrorKind>,
    /// The moves come from a replay, which played each ([`StreamEncoder`]):
    /// they are known to be legal, and their ordinals are found without
    /// tests of legality. Otherwise (a game made by hand may hold any
    /// move) an illegal move is an error.
    ///
    /// [`StreamEncoder`]: crate::StreamEncoder
    replayed: bool,
}

impl GameEncoder {
    /// An encoder with these options.
    pub fn new(options: EncodeOptions) -> GameEncoder {
        GameEncoder { options, ..GameEncoder::default() }
    }

    /// An encoder with these options for the moves a replay hands over
    /// as it plays them, which are legal.
    pub(crate) fn of_replay(options: EncodeOptions) -> GameEncoder {
        GameEncoder { options, replayed: true, ..GameEncoder::default() }
    }

    /// The options.
    pub fn options(&self) -> EncodeOptions {
        self.options
    }

    /// Starts a game.
    pub fn begin(&mut self) {
        self.body.clear();
        self.run.clear();
        self.general = false;
        self.lines.clear();
        self.lines.push(Line::default());
        self.pending.clear();
        self.skipping = 0;
        self.dropped = Dropped::default();
        self.error = None;
    }

    /// Says that the game cannot be encoded; the first reason counts.
    pub fn fail(&mut self, kind: EncodeErrorKind) {
        if self.error.is_none() {
            self.error = Some(kind);
        }
    }

    /// The next element of the game's movetext.
    #[inline]
    pub fn event(&mut self, event: &Event<'_>) {
        if self.error.is_some() {
            return;
        }
        if self.skipping > 0 {
            self.skip(event);
            return;
        }
        match *event {
            Event::Move(ref played) => self.played(played),
            Event::Unresolved { san, ply, .. } => {
                self.fail(EncodeErrorKind::Unplayable { san: san.into(), ply });
            }
            Event::Nag(nag) => self.nag(nag),
            Event::Comment { .. } => {
                if self.options.lossy {
                    self.dropped.comments += 1;
                } else {
                    let ply = self.lines.last().map_or(0, |line| line.ply);
                    self.fail(EncodeErrorKind::Comment { ply });
                }
            }
            Event::Escape(line) => {
                if line.len() > Header::Two.max() {
                    self.fail(EncodeErrorKind::EscapeTooLong { len: line.len() });
                } else if self.open_pending() {
                    self.record(Record::Escape(line));
                }
            }
            Event::BeginVariation { .. } => {
                let line = self.lines.last().copied().unwrap_or_default();
                self.pending.push(line.moved);
                // The variation replaces the line's last move.
                self.lines.push(Line { moved: false, ply: line.ply.saturating_sub(1) });
            }
            Event::EndVariation => {
                if self.pending.pop().is_none() {
                    self.record(Record::VariationEnd);
                }
                if self.lines.len() > 1 {
                    self.lines.pop();
                }
            }
        }
    }

    #[inline]
    fn played(&mut self, played: &Played<'_>) {
        if let Some(line) = self.lines.last_mut() {
            line.ply = played.ply;
        }
        if played.m == Move::Null {
            if self.options.lossy {
                self.dropped.null_moves += 1;
                self.skipping = 1;
            } else {
                self.fail(EncodeErrorKind::NullMove { ply: played.ply });
            }
            return;
        }
        if !self.open_pending() {
            return;
        }
        let ordinal = match self.replayed {
            true => ordinal_of_legal(played.before, played.m),
            false => ordinal(played.before, played.m),
        };
        match ordinal {
            Some(ordinal) => self.run.push(ordinal),
            None => {
                self.fail(not_encodable(played.before, played.m, played.ply));
                return;
            }
        }
        if let Some(line) = self.lines.last_mut() {
            line.moved = true;
        }
        // A suffix annotation is written as its NAG (ruling E8).
        if let Some(suffix) = played.suffix {
            self.nag(suffix.nag());
        }
    }

    fn nag(&mut self, nag: Nag) {
        if self.open_pending() {
            self.record(Record::Nag(nag.0));
        }
    }

    /// Something is written inside the variations begun: their `0x08`
    /// records first. False, after failing, when one has no move before
    /// it to replace (ruling P4: PGC cannot say where it starts).
    #[inline]
    fn open_pending(&mut self) -> bool {
        if self.pending.is_empty() {
            return true;
        }
        if self.pending.contains(&false) {
            self.fail(EncodeErrorKind::VariationWithoutMove);
            return false;
        }
        for _ in 0..self.pending.len() {
            self.record(Record::VariationBegin);
        }
        self.pending.clear();
        true
    }

    /// Lossy, after a null move: the rest of its line is left out, with
    /// the variations in it; the end of the line's variation is written.
    fn skip(&mut self, event: &Event<'_>) {
        match event {
            Event::Move(_) | Event::Unresolved { .. } => self.dropped.after_null += 1,
            Event::Comment { .. } => self.dropped.comments += 1,
            Event::BeginVariation { .. } => self.skipping += 1,
            Event::EndVariation => {
                self.skipping -= 1;
                if self.skipping == 0 {
                    self.event(event);
                }
            }
            Event::Nag(_) | Event::Escape(_) => self.dropped.annotations += 1,
        }
    }

    /// Writes a record after the moves before it.
    fn record(&mut self, record: Record<'_>) {
        self.general = true;
        flush(&mut self.run, &mut self.body);
        // Nothing written here is too long: NAGs are bytes, markers have
        // no items, escape lines were measured.
        let Ok(()) = record.write(&mut self.body) else { return };
    }

    /// Ends the game: appends its records to `out`, with its tags (in
    /// export order, ruling E1, the Result tag being `result`, E3).
    /// Nothing is appended for a game that cannot be encoded.
    ///
    /// # Errors
    ///
    /// The first reason the game cannot be encoded.
    pub fn finish(
        &mut self,
        tags: &Tags,
        result: GameResult,
        out: &mut Vec<u8>,
    ) -> Result<Dropped, EncodeErrorKind> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        let order = tags.export_order(result);
        let start = out.len();
        let written = if !self.general && order.len() == 7 && self.run.len() <= Header::Two.max() {
            let mut roster: [&[u8]; 7] = [b""; 7];
            for (slot, tag) in roster.iter_mut().zip(order) {
                check_tag(tag)?;
                *slot = tag.value;
            }
            let moves = Moves { ordinals: &self.run, at: 0 };
            Record::ReducedGame { roster, moves }.write(out)
        } else {
            let _ = Record::GameBegin.write(out);
            for tag in order {
                check_tag(tag).inspect_err(|_| out.truncate(start))?;
                let _ = Record::TagPair { name: tag.name, value: tag.value }.write(out);
            }
            flush(&mut self.run, &mut self.body);
            out.extend_from_slice(&self.body);
            Record::GameEnd.write(out)
        };
        // Every length was checked before it was written.
        debug_assert!(written.is_ok());
        Ok(self.dropped)
    }
}

/// Why a move has no ordinal: it is not legal, or its index does not fit
/// a byte.
#[cold]
fn not_encodable(before: &Position, played: Move, ply: u32) -> EncodeErrorKind {
    let moves = before.legal_moves();
    if !moves.contains(&played) {
        return EncodeErrorKind::NotLegal { ply };
    }
    let key = |m| San::from_move_without_check(before, m).to_string();
    let own = key(played);
    let index = moves.iter().filter(|&&m| key(m) < own).count();
    EncodeErrorKind::OrdinalTooLarge { ply, index, moves: moves.len() }
}

/// A tag that a string-1 cannot hold is an error (ruling P5).
fn check_tag(tag: Tag<'_>) -> Result<(), EncodeErrorKind> {
    let max = Header::One.max();
    let too_long = |what, len| EncodeErrorKind::TagTooLong { name: tag.name.into(), what, len };
    if tag.name.len() > max {
        return Err(too_long("name", tag.name.len()));
    }
    if tag.value.len() > max {
        return Err(too_long("value", tag.value.len()));
    }
    Ok(())
}

/// Writes the moves of `run` as `0x03` (up to 255) or `0x04` records (up
/// to 65535 each, ruling P5), and empties it.
fn flush(run: &mut Vec<u8>, out: &mut Vec<u8>) {
    if run.is_empty() {
        return;
    }
    if run.len() <= Header::One.max() {
        let _ = Record::Moves { long: false, moves: Moves { ordinals: run, at: 0 } }.write(out);
    } else {
        for chunk in run.chunks(Header::Two.max()) {
            let moves = Moves { ordinals: chunk, at: 0 };
            let _ = Record::Moves { long: true, moves }.write(out);
        }
    }
    run.clear();
}

/// Encodes a replayed game: appends its records to `out` and says what
/// lossy encoding dropped.
///
/// ```
/// use pgn_pgc::{EncodeOptions, encode_game};
/// use pgn_replay::GameBuilder;
///
/// let mut b = GameBuilder::new();
/// b.san(b"e4")?.comment("best by test");
/// let game = b.finish();
/// let mut out = Vec::new();
/// assert!(encode_game(&game, EncodeOptions::default(), &mut out).is_err());
/// assert!(out.is_empty());
/// let dropped = encode_game(&game, EncodeOptions { lossy: true }, &mut out)?;
/// assert_eq!(dropped.comments, 1);
/// assert_eq!(out[0], 0x01);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Why the game cannot be encoded; nothing is appended then.
pub fn encode_game(
    game: &ReplayedGame,
    options: EncodeOptions,
    out: &mut Vec<u8>,
) -> Result<Dropped, EncodeErrorKind> {
    let mut encoder = GameEncoder::new(options);
    encoder.begin();
    if game.start.is_none() {
        encoder.fail(EncodeErrorKind::NoStart(pgn_replay::start_position(&game.tags).err()));
    }
    let mut walker = Walker::new(game);
    while let Some(event) = walker.next() {
        encoder.event(&event);
    }
    encoder.finish(&game.tags, game.result(), out)
}

/// Encodes one replayed game into a new buffer: [`encode_game`] with the
/// default options, which refuse a game that PGC cannot hold whole (a
/// comment, a null move, a move that could not be played, ...).
///
/// ```
/// use pgn_replay::GameBuilder;
///
/// let mut b = GameBuilder::new();
/// b.tag("White", "Tal").san("e4")?.san("c5")?;
/// let game = b.finish();
/// let bytes = pgn_pgc::encode(&game)?;
/// let decoded = pgn_pgc::decode_all(&bytes)?;
/// assert_eq!(decoded[0].movetext, game.movetext);
/// // A plain game is one record of the Seven Tag Roster (ruling P2).
/// assert_eq!(decoded[0].tag("White"), Some(&b"Tal"[..]));
/// assert_eq!(decoded[0].tag("Event"), Some(&b"?"[..]));
///
/// b = GameBuilder::new();
/// b.san("e4")?.comment("best by test");
/// let refused = pgn_pgc::encode(&b.finish()).expect_err("PGC has no comments");
/// assert_eq!(refused.to_string(), "game 1: a comment after ply 1 (PGC has no comments; lossy encoding drops them)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// Why the game cannot be encoded, as game 1 (of the bytes it would
/// have made).
pub fn encode(game: &ReplayedGame) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    encode_game(game, EncodeOptions::default(), &mut out)
        .map_err(|kind| EncodeError { game: 1, kind })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Decoded, Decoder};

    /// The replayed games of `pgn`.
    fn games(pgn: &str) -> Vec<ReplayedGame> {
        pgn_replay::replay_games(pgn.as_bytes()).map(|g| g.expect("reads").game).collect()
    }

    fn encode(game: &ReplayedGame, lossy: bool) -> Result<Vec<u8>, EncodeErrorKind> {
        let mut out = Vec::new();
        encode_game(game, EncodeOptions { lossy }, &mut out).map(|_| out)
    }

    #[test]
    fn an_empty_variation_is_left_out_and_one_with_content_is_written() {
        // Nothing comes inside `()`: no records, as export writes nothing.
        let [empty, nag] = &games("1. e4 () e5 *\n\n1. e4 ($2) e5 *")[..] else { panic!() };
        let bytes = encode(empty, false).expect("encodes");
        assert_eq!(bytes[0], 0x01, "a plain game once the empty variation is gone");
        let bytes = encode(nag, false).expect("encodes");
        assert!(bytes.windows(4).any(|w| w == [0x08, 0x07, 0x02, 0x09]), "{bytes:x?}");
    }

    #[test]
    fn a_variation_with_no_move_before_it_cannot_be_written() {
        // Ruling P4: 0x08 follows the move it replaces. Empty, it is
        // left out; with something in it, the game is refused.
        let [empty, full] = &games("() 1. e4 *\n\n($1) 1. e4 *")[..] else { panic!() };
        assert!(encode(empty, false).is_ok());
        assert_eq!(encode(full, false), Err(EncodeErrorKind::VariationWithoutMove));
    }

    #[test]
    fn a_move_past_ordinal_255_is_refused_with_its_index() {
        // 26 queens and 263 legal moves: the last ones have no ordinal.
        let fen = "QQQQQQbk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1";
        let start = san::fen_epd::parse_position(fen.as_bytes()).expect("legal");
        let moves = start.legal_moves();
        let mut late = None;
        for &m in &moves {
            if crate::ordinal(&start, m).is_none() {
                late = Some(m);
            }
        }
        let mut b = pgn_replay::GameBuilder::from_position(start.clone());
        b.tag("FEN", fen);
        b.play(late.expect("a move past 255")).expect("legal");
        // A comment after the move, which could not be encoded either,
        // does not hide it.
        b.comment("after");
        let Err(EncodeErrorKind::OrdinalTooLarge { ply: 1, index, moves: n }) =
            encode(&b.finish(), false)
        else {
            panic!("refused for its ordinal")
        };
        assert!(index > 255 && n == moves.len(), "{index} of {n}");
    }

    #[test]
    fn every_ordinal_read_back_is_that_of_its_move() {
        // A game longer than a short move sequence (255 moves), with a
        // variation and a NAG (each ends the sequence before it).
        let mut pgn = String::new();
        for _ in 0..67 {
            pgn.push_str("Nf3 Nf6 Ng1 Ng8 ");
        }
        pgn.push_str("e4 $1 (d4 d5 c4) e5 Nc3 *");
        let [game] = &games(&pgn)[..] else { panic!("one game") };
        let mut out = Vec::new();
        encode_game(game, EncodeOptions::default(), &mut out).expect("encodable");
        let mut items = crate::Decoder::new(&out[..]);
        let Some(Ok(crate::Decoded::Game(decoded))) = items.next() else { panic!("a game") };
        assert_eq!(decoded.movetext, game.movetext);
    }

    #[test]
    fn lossy_encoding_drops_a_null_move_with_the_rest_of_its_line() {
        let [game] = &games("1. e4 e5 (1... -- 2. d4 (2. c4) d5) 2. Nf3 {x} -- 3. d4 *")[..] else {
            panic!()
        };
        assert_eq!(encode(game, false), Err(EncodeErrorKind::NullMove { ply: 2 }));
        let mut out = Vec::new();
        let dropped = encode_game(game, EncodeOptions { lossy: true }, &mut out).expect("lossy");
        assert_eq!(dropped, Dropped { comments: 1, null_moves: 2, after_null: 4, annotations: 0 });
        let items: Vec<Decoded> =
            Decoder::new(&out[..]).collect::<Result<_, _>>().expect("decodes");
        let [Decoded::Game(decoded)] = &items[..] else { panic!("one game") };
        // The variation lost everything: it is gone; the main line keeps
        // e4 e5 Nf3.
        assert_eq!(decoded.movetext.len(), 3, "{:?}", decoded.movetext);
    }
}
