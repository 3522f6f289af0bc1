//! The records of §20.4: a marker byte and its items. [`Record`] reads
//! one from bytes and writes one back; [`RecordReader`] reads them one by
//! one from any `io::Read` with a buffer of bounded size (no record is
//! longer than [`MAX_RECORD`] bytes).

use std::io::{self, Read};

use crate::error::{DecodeError, DecodeErrorKind};
use crate::primitive::{Header, Input, TooLong, put_counted, put_int1, put_string1, put_string2};

/// The longest record: a `0x01` with seven string-1 items of 255 bytes and
/// an mvseq-2 of 65535 ordinals.
pub const MAX_RECORD: usize = 1 + 7 * (1 + 255) + 2 + 0xffff;

/// The marker codes of §20.4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[repr(u8)]
pub enum Marker {
    /// `0x00`: no meaning (§20.4).
    Noop = 0x00,
    /// `0x01`: a game in reduced export format (§20.4.1).
    ReducedGame = 0x01,
    /// `0x02`: a tag pair (§20.4.2).
    TagPair = 0x02,
    /// `0x03`: a move sequence of at most 255 moves (§20.4.3).
    ShortMoves = 0x03,
    /// `0x04`: a move sequence of at most 65535 moves (§20.4.4).
    LongMoves = 0x04,
    /// `0x05`: a game's records begin (§20.4.5).
    GameBegin = 0x05,
    /// `0x06`: a game's records end (§20.4.6).
    GameEnd = 0x06,
    /// `0x07`: a numeric annotation glyph (§20.4.7).
    Nag = 0x07,
    /// `0x08`: a variation begins (§20.4.8).
    VariationBegin = 0x08,
    /// `0x09`: a variation ends (§20.4.9).
    VariationEnd = 0x09,
    /// `0x0a`: a `%` escape line (§20.4.10).
    Escape = 0x0a,
}

impl Marker {
    /// The marker of a code, if §20.4 defines it.
    pub fn from_byte(byte: u8) -> Option<Marker> {
        Some(match byte {
            0x00 => Marker::Noop,
            0x01 => Marker::ReducedGame,
            0x02 => Marker::TagPair,
            0x03 => Marker::ShortMoves,
            0x04 => Marker::LongMoves,
            0x05 => Marker::GameBegin,
            0x06 => Marker::GameEnd,
            0x07 => Marker::Nag,
            0x08 => Marker::VariationBegin,
            0x09 => Marker::VariationEnd,
            0x0a => Marker::Escape,
            _ => return None,
        })
    }

    /// The name §20.4 gives the record.
    pub fn name(self) -> &'static str {
        match self {
            Marker::Noop => "noop",
            Marker::ReducedGame => "reduced-export-game",
            Marker::TagPair => "tag-pair",
            Marker::ShortMoves => "short-move-sequence",
            Marker::LongMoves => "long-move-sequence",
            Marker::GameBegin => "game-begin",
            Marker::GameEnd => "game-end",
            Marker::Nag => "simple-nag",
            Marker::VariationBegin => "rav-begin",
            Marker::VariationEnd => "rav-end",
            Marker::Escape => "escape-string",
        }
    }
}

/// A move sequence: its ordinals, and where the first is in the input
/// (so that a bad ordinal is reported at its own byte). With the `serde`
/// feature the ordinals are numbers (an array in JSON), never text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Moves<'a> {
    /// One ordinal a move (§20.2).
    pub ordinals: &'a [u8],
    /// The offset of the first ordinal in the input.
    pub at: u64,
}

/// One PGC record, its items borrowed from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Record<'a> {
    /// `0x00`.
    Noop,
    /// `0x01`: the seven values of the Seven Tag Roster in roster order
    /// (Event, Site, Date, Round, White, Black, Result), then the moves
    /// of the main line (mvseq-2).
    ReducedGame {
        /// The tag values.
        #[cfg_attr(feature = "serde", serde(serialize_with = "crate::serde_impls::roster"))]
        roster: [&'a [u8]; 7],
        /// The moves.
        moves: Moves<'a>,
    },
    /// `0x02`: a tag name and value (string-1 each).
    TagPair {
        /// The name.
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        name: &'a [u8],
        /// The value.
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        value: &'a [u8],
    },
    /// `0x03` (mvseq-1) or `0x04` (mvseq-2).
    Moves {
        /// True for `0x04`.
        long: bool,
        /// The moves.
        moves: Moves<'a>,
    },
    /// `0x05`.
    GameBegin,
    /// `0x06`.
    GameEnd,
    /// `0x07`: a NAG (int-1).
    Nag(u8),
    /// `0x08`.
    VariationBegin,
    /// `0x09`.
    VariationEnd,
    /// `0x0a`: an escape line's text after the `%` (string-2).
    Escape(
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        &'a [u8],
    ),
}

impl<'a> Record<'a> {
    /// The record's marker.
    pub fn marker(&self) -> Marker {
        match self {
            Record::Noop => Marker::Noop,
            Record::ReducedGame { .. } => Marker::ReducedGame,
            Record::TagPair { .. } => Marker::TagPair,
            Record::Moves { long: false, .. } => Marker::ShortMoves,
            Record::Moves { long: true, .. } => Marker::LongMoves,
            Record::GameBegin => Marker::GameBegin,
            Record::GameEnd => Marker::GameEnd,
            Record::Nag(_) => Marker::Nag,
            Record::VariationBegin => Marker::VariationBegin,
            Record::VariationEnd => Marker::VariationEnd,
            Record::Escape(_) => Marker::Escape,
        }
    }

    /// The marker and the length in bytes of the record that `bytes`
    /// start with, where [`Record::read`] reads one there; `None` where
    /// it fails. For a reader that steps over records without building
    /// them (to find where games begin): no error is made, no item
    /// sliced.
    ///
    /// ```
    /// use pgn_pgc::record::{Marker, Record};
    ///
    /// let bytes = [0x02, 1, b'a', 1, b'b', 0x03, 2, 0, 19];
    /// assert_eq!(Record::measure(&bytes), Some((Marker::TagPair, 5)));
    /// assert_eq!(Record::measure(&bytes[5..]), Some((Marker::ShortMoves, 4)));
    /// // Cut short, and an unknown marker.
    /// assert_eq!(Record::measure(&bytes[..4]), None);
    /// assert_eq!(Record::measure(&[0x0b]), None);
    /// ```
    pub fn measure(bytes: &[u8]) -> Option<(Marker, usize)> {
        let marker = Marker::from_byte(*bytes.first()?)?;
        // The end of the item at `at` that has a length header of one
        // byte, or of two (little-endian).
        let one = |at: usize| Some(at + 1 + usize::from(*bytes.get(at)?));
        let two = |at: usize| {
            let len = u16::from_le_bytes([*bytes.get(at)?, *bytes.get(at + 1)?]);
            Some(at + 2 + usize::from(len))
        };
        let end = match marker {
            Marker::ReducedGame => {
                let mut at = 1;
                for _ in 0..7 {
                    at = one(at)?;
                }
                two(at)?
            }
            Marker::TagPair => one(one(1)?)?,
            Marker::ShortMoves => one(1)?,
            Marker::LongMoves | Marker::Escape => two(1)?,
            Marker::Nag => 2,
            Marker::Noop
            | Marker::GameBegin
            | Marker::GameEnd
            | Marker::VariationBegin
            | Marker::VariationEnd => 1,
        };
        (end <= bytes.len()).then_some((marker, end))
    }

    /// Reads the record at the cursor.
    ///
    /// ```
    /// use pgn_pgc::primitive::Input;
    /// use pgn_pgc::record::{Moves, Record};
    ///
    /// let bytes = [0x02, 1, b'a', 1, b'b', 0x03, 2, 0, 19];
    /// let mut input = Input::new(&bytes, 0);
    /// assert_eq!(Record::read(&mut input)?, Record::TagPair { name: b"a", value: b"b" });
    /// let moves = Moves { ordinals: &[0, 19], at: 7 };
    /// assert_eq!(Record::read(&mut input)?, Record::Moves { long: false, moves });
    /// assert!(input.is_empty());
    /// # Ok::<_, pgn_pgc::DecodeError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::UnknownMarker`] at the marker, and the errors
    /// of [`Input`] for items that stop short; the cursor may have moved.
    pub fn read(input: &mut Input<'a>) -> Result<Record<'a>, DecodeError> {
        let at = input.offset();
        let byte = input.int1()?;
        let marker = Marker::from_byte(byte)
            .ok_or(DecodeError { offset: at, kind: DecodeErrorKind::UnknownMarker(byte) })?;
        let moves = |input: &mut Input<'a>, header| {
            let ordinals = input.counted(header)?;
            Ok::<_, DecodeError>(Moves { ordinals, at: input.offset() - ordinals.len() as u64 })
        };
        Ok(match marker {
            Marker::Noop => Record::Noop,
            Marker::ReducedGame => {
                let mut roster: [&[u8]; 7] = [b""; 7];
                for value in &mut roster {
                    *value = input.string1()?;
                }
                Record::ReducedGame { roster, moves: moves(input, Header::Two)? }
            }
            Marker::TagPair => Record::TagPair { name: input.string1()?, value: input.string1()? },
            Marker::ShortMoves => Record::Moves { long: false, moves: moves(input, Header::One)? },
            Marker::LongMoves => Record::Moves { long: true, moves: moves(input, Header::Two)? },
            Marker::GameBegin => Record::GameBegin,
            Marker::GameEnd => Record::GameEnd,
            Marker::Nag => Record::Nag(input.int1()?),
            Marker::VariationBegin => Record::VariationBegin,
            Marker::VariationEnd => Record::VariationEnd,
            Marker::Escape => Record::Escape(input.string2()?),
        })
    }

    /// Appends the record's bytes.
    ///
    /// ```
    /// use pgn_pgc::record::Record;
    ///
    /// let mut out = Vec::new();
    /// Record::TagPair { name: b"White", value: b"Tal" }.write(&mut out)?;
    /// Record::Nag(14).write(&mut out)?;
    /// assert_eq!(out, b"\x02\x05White\x03Tal\x07\x0e");
    /// # Ok::<_, pgn_pgc::primitive::TooLong>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TooLong`] when an item does not fit its header (a tag value of
    /// 256 bytes); what was written of the record is taken back.
    pub fn write(&self, out: &mut Vec<u8>) -> Result<(), TooLong> {
        let start = out.len();
        let result = self.write_items(out);
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    fn write_items(&self, out: &mut Vec<u8>) -> Result<(), TooLong> {
        put_int1(out, self.marker() as u8);
        match *self {
            Record::ReducedGame { roster, moves } => {
                for value in roster {
                    put_string1(out, value)?;
                }
                put_counted(out, Header::Two, moves.ordinals)?;
            }
            Record::TagPair { name, value } => {
                put_string1(out, name)?;
                put_string1(out, value)?;
            }
            Record::Moves { long, moves } => {
                let header = if long { Header::Two } else { Header::One };
                put_counted(out, header, moves.ordinals)?;
            }
            Record::Nag(nag) => put_int1(out, nag),
            Record::Escape(line) => put_string2(out, line)?,
            Record::Noop
            | Record::GameBegin
            | Record::GameEnd
            | Record::VariationBegin
            | Record::VariationEnd => {}
        }
        Ok(())
    }
}

/// The I/O error of a [`RecordReader`], or the first malformed record.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Reading the input failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The input is not well-formed PGC.
    #[error(transparent)]
    Decode(#[from] DecodeError),
}

/// Reads records one by one from an `io::Read`, holding at most a few
/// records' worth of bytes (a buffer of four times [`MAX_RECORD`], which
/// is refilled when less than one record's most is left in it).
///
/// ```
/// use pgn_pgc::record::{Marker, RecordReader};
///
/// let bytes: &[u8] = &[0x00, 0x05, 0x07, 0x0e, 0x06];
/// let mut reader = RecordReader::new(bytes);
/// let mut markers = Vec::new();
/// while let Some((offset, record)) = reader.next_record().transpose()? {
///     markers.push((offset, record.marker()));
/// }
/// assert_eq!(markers, [(0, Marker::Noop), (1, Marker::GameBegin), (2, Marker::Nag), (4, Marker::GameEnd)]);
/// # Ok::<_, pgn_pgc::record::ReadError>(())
/// ```
#[derive(Debug)]
pub struct RecordReader<R> {
    inner: R,
    buf: Vec<u8>,
    /// The unread bytes are `buf[start..end]`.
    start: usize,
    end: usize,
    /// The offset in the input of `buf[0]`.
    base: u64,
    eof: bool,
    /// An error was given: no record after it.
    failed: bool,
    /// Reading failed after the bytes buffered: given once their whole
    /// records are.
    read_error: Option<io::Error>,
}

impl<R: Read> RecordReader<R> {
    /// A reader at the start of `inner`.
    pub fn new(inner: R) -> RecordReader<R> {
        RecordReader {
            inner,
            buf: vec![0; 4 * MAX_RECORD],
            start: 0,
            end: 0,
            base: 0,
            eof: false,
            failed: false,
            read_error: None,
        }
    }

    /// The offset in the input of the next record.
    pub fn offset(&self) -> u64 {
        self.base + self.start as u64
    }

    /// The next record and its offset, or `None` at the end of the input
    /// (and after an error).
    ///
    /// # Errors
    ///
    /// An I/O error, or the first malformed record (a record cut short by
    /// the end of the input is [`DecodeErrorKind::Truncated`] or
    /// [`DecodeErrorKind::LengthPastEnd`]).
    pub fn next_record(&mut self) -> Option<Result<(u64, Record<'_>), ReadError>> {
        if let Err(error) = self.buffered()? {
            return Some(Err(error));
        }
        let at = self.offset();
        let mut input = Input::new(&self.buf[self.start..self.end], at);
        match Record::read(&mut input) {
            Ok(record) => {
                self.start += input.consumed();
                Some(Ok((at, record)))
            }
            Err(error) => {
                // The read error that cut the record, or its own.
                self.failed = true;
                Some(Err(self.read_error.take().map_or(error.into(), ReadError::from)))
            }
        }
    }

    /// The next record's offset and marker, stepping over it without
    /// building it ([`Record::measure`]); otherwise as
    /// [`RecordReader::next_record`], errors included.
    ///
    /// # Errors
    ///
    /// As [`RecordReader::next_record`].
    pub fn skip_record(&mut self) -> Option<Result<(u64, Marker), ReadError>> {
        if let Err(error) = self.buffered()? {
            return Some(Err(error));
        }
        let at = self.offset();
        match Record::measure(&self.buf[self.start..self.end]) {
            Some((marker, len)) => {
                self.start += len;
                Some(Ok((at, marker)))
            }
            // The error, as reading the record gives it.
            None => self.next_record().map(|read| read.map(|(at, record)| (at, record.marker()))),
        }
    }

    /// Makes sure the next record is whole in the buffer, if the input
    /// holds one: `None` at the end of the input or after an error, a
    /// read error once nothing is left before it.
    ///
    /// No record is longer than [`MAX_RECORD`]: with that much buffered
    /// (or the rest of the input), a record is read once, and one that
    /// does not parse is malformed (or cut by a read error), not cut by
    /// the end of the buffer.
    fn buffered(&mut self) -> Option<Result<(), ReadError>> {
        if self.failed {
            return None;
        }
        if self.end - self.start < MAX_RECORD
            && !self.eof
            && self.read_error.is_none()
            && let Err(error) = self.fill()
        {
            self.read_error = Some(error);
        }
        if self.start < self.end {
            return Some(Ok(()));
        }
        self.failed = true;
        self.read_error.take().map(|error| Err(error.into()))
    }

    /// Moves the unread bytes to the front and reads more after them,
    /// until the buffer is full or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.base += self.start as u64;
            self.end -= self.start;
            self.start = 0;
        }
        while self.end < self.buf.len() {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => self.end += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `bytes` through a source that gives at most `step` bytes a
    /// call.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn every_record() -> Vec<u8> {
        let mut out = Vec::new();
        let long = vec![7; 300];
        let records = [
            Record::Noop,
            Record::ReducedGame {
                roster: [b"E", b"S", b"1992.11.04", b"29", b"W", b"B", b"1/2-1/2"],
                moves: Moves { ordinals: &[12, 0], at: 0 },
            },
            Record::GameBegin,
            Record::TagPair { name: b"ECO", value: b"C95" },
            Record::Moves { long: false, moves: Moves { ordinals: &[1, 2, 3], at: 0 } },
            Record::Nag(255),
            Record::VariationBegin,
            Record::Moves { long: true, moves: Moves { ordinals: &long, at: 0 } },
            Record::VariationEnd,
            Record::Escape(b"a line"),
            Record::GameEnd,
        ];
        for record in records {
            record.write(&mut out).unwrap();
        }
        out
    }

    #[test]
    fn records_read_back_as_written_whatever_the_read_sizes() {
        let bytes = every_record();
        let read_all = |step| {
            let mut reader = RecordReader::new(Trickle { bytes: &bytes, step });
            let mut out = Vec::new();
            let mut markers = Vec::new();
            while let Some(next) = reader.next_record() {
                let (at, record) = next.unwrap();
                assert_eq!(at as usize, out.len());
                markers.push(record.marker());
                record.write(&mut out).unwrap();
            }
            (out, markers)
        };
        let (whole, markers) = read_all(usize::MAX);
        assert_eq!(whole, bytes);
        assert_eq!(markers.len(), 11);
        for step in [1, 2, 3, 7, 64] {
            assert_eq!(read_all(step).0, bytes, "step {step}");
        }
    }

    #[test]
    fn ordinals_know_their_offsets() {
        let bytes = every_record();
        let mut reader = RecordReader::new(&bytes[..]);
        while let Some(next) = reader.next_record() {
            let (at, record) = next.unwrap();
            if let Record::Moves { long, moves } = record {
                let header = if long { 3 } else { 2 };
                assert_eq!(moves.at, at + header);
                assert_eq!(&bytes[moves.at as usize..][..moves.ordinals.len()], moves.ordinals);
            }
        }
    }

    #[test]
    fn a_cut_record_is_an_error_at_its_item_and_the_records_before_it_are_read() {
        let bytes = every_record();
        // Every cut that is not at a record boundary ends with an error.
        let mut boundaries = vec![0];
        let mut reader = RecordReader::new(&bytes[..]);
        while let Some(next) = reader.next_record() {
            next.unwrap();
            boundaries.push(reader.offset() as usize);
        }
        for cut in 0..bytes.len() {
            let mut reader = RecordReader::new(&bytes[..cut]);
            let mut records = 0;
            let mut error = None;
            while let Some(next) = reader.next_record() {
                match next {
                    Ok(_) => records += 1,
                    Err(e) => error = Some(e),
                }
            }
            let whole = boundaries.iter().filter(|&&b| b <= cut).count() - 1;
            assert_eq!(records, whole, "cut {cut}");
            match error {
                None => assert!(boundaries.contains(&cut), "cut {cut}"),
                Some(ReadError::Decode(e)) => {
                    assert!(!boundaries.contains(&cut), "cut {cut}");
                    assert!(matches!(
                        e.kind,
                        DecodeErrorKind::Truncated { .. } | DecodeErrorKind::LengthPastEnd { .. }
                    ));
                    assert!((e.offset as usize) <= cut, "cut {cut}: {e}");
                }
                Some(ReadError::Io(e)) => panic!("{e}"),
            }
        }
    }

    #[test]
    fn an_unknown_marker_is_an_error_at_its_byte() {
        let bytes = [0x05, 0x06, 0x0b, 0x05];
        let mut reader = RecordReader::new(&bytes[..]);
        assert!(reader.next_record().unwrap().is_ok());
        assert!(reader.next_record().unwrap().is_ok());
        let Some(Err(ReadError::Decode(e))) = reader.next_record() else { panic!("an error") };
        assert_eq!((e.offset, e.kind), (2, DecodeErrorKind::UnknownMarker(0x0b)));
        assert!(reader.next_record().is_none());
    }

    #[test]
    fn a_long_stream_reads_back_across_refills() {
        // Many buffers' worth, with records of the greatest length among
        // them, read in odd steps: every refill keeps a whole record.
        let mut one = every_record();
        let longest = vec![9; 0xffff];
        Record::Moves { long: true, moves: Moves { ordinals: &longest, at: 0 } }
            .write(&mut one)
            .unwrap();
        Record::Escape(&longest).write(&mut one).unwrap();
        let bytes = one.repeat(20);
        assert!(bytes.len() > 8 * MAX_RECORD);
        for step in [usize::MAX, 1000, 70_001] {
            let mut reader = RecordReader::new(Trickle { bytes: &bytes, step });
            let mut out = Vec::new();
            while let Some(next) = reader.next_record() {
                let (at, record) = next.unwrap();
                assert_eq!(at as usize, out.len(), "step {step}");
                record.write(&mut out).unwrap();
            }
            assert!(out == bytes, "step {step}");
        }
    }

    #[test]
    fn measuring_agrees_with_reading() {
        // Every record, every cut of them, and random bytes (markers
        // `0x00` to `0x0c`, lengths of all sizes).
        let bytes = every_record();
        let mut cases: Vec<Vec<u8>> = (0..bytes.len()).map(|i| bytes[i..].to_vec()).collect();
        cases.extend((0..=bytes.len()).map(|cut| bytes[..cut].to_vec()));
        let mut rng = testkit::XorShift::new(0x5eed_0fac_e5e5);
        for _ in 0..20_000 {
            let len = rng.below(24);
            let mut case: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            if let Some(first) = case.first_mut() {
                *first %= 13;
            }
            cases.push(case);
        }
        for case in &cases {
            let mut input = Input::new(case, 0);
            let read = Record::read(&mut input).map(|r| (r.marker(), input.consumed())).ok();
            assert_eq!(Record::measure(case), read, "{case:?}");
        }
    }

    #[test]
    fn skipping_gives_the_records_that_reading_gives() {
        let bytes = every_record().repeat(3);
        // Whole, and cut in the reduced game record (at offset 1).
        for cut in [bytes.len(), 5] {
            let mut reader = RecordReader::new(&bytes[..cut]);
            let mut read = Vec::new();
            while let Some(next) = reader.next_record() {
                read.push(next.map(|(at, r)| (at, r.marker())).map_err(|e| e.to_string()));
            }
            let mut skipper = RecordReader::new(&bytes[..cut]);
            let mut skipped = Vec::new();
            while let Some(next) = skipper.skip_record() {
                skipped.push(next.map_err(|e| e.to_string()));
            }
            assert_eq!(skipped, read, "cut {cut}");
            assert_eq!(read.last().is_some_and(Result::is_err), cut == 5);
        }
    }

    /// Gives `bytes` in one read, then fails.
    struct FailsAfter<'a>(&'a [u8]);

    impl Read for FailsAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the disk is gone"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_read_error_comes_after_the_whole_records_read_before_it() {
        let bytes = every_record();
        let records = |input: &[u8], skip: bool| {
            let mut reader = RecordReader::new(FailsAfter(input));
            let mut out = Vec::new();
            loop {
                let next = if skip {
                    reader.skip_record().map(|r| r.map(|(at, _)| at))
                } else {
                    reader.next_record().map(|r| r.map(|(at, _)| at))
                };
                match next {
                    Some(Ok(at)) => out.push(Ok(at)),
                    Some(Err(ReadError::Io(e))) => out.push(Err(e.to_string())),
                    Some(Err(ReadError::Decode(e))) => panic!("{e}"),
                    None => return out,
                }
            }
        };
        for skip in [false, true] {
            // Every record, then the error.
            let read = records(&bytes, skip);
            assert_eq!(read.len(), 12, "{read:?}");
            assert!(read[..11].iter().all(Result::is_ok));
            assert_eq!(read[11], Err("the disk is gone".to_string()));
            // A record cut by the error: the error, not a malformed record.
            let read = records(&bytes[..5], skip);
            assert_eq!(read, [Ok(0), Err("the disk is gone".to_string())]);
        }
    }
}
