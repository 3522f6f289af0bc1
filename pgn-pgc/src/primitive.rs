//! The items of §20.1–§20.3: little-endian integers (int-1, int-2,
//! int-4), strings with a length header of one, two or four bytes
//! (string-1, string-2, string-4), move sequences (mvseq-1, mvseq-2) and
//! move sets (mvset-1). Writing appends to a `Vec<u8>`; reading goes
//! through [`Input`], a cursor over bytes that says where an item stops
//! short.

use crate::error::{DecodeError, DecodeErrorKind};

/// The size of a length header: the `-1`, `-2` or `-4` of string-1,
/// mvseq-2 and the like.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Header {
    /// One byte: up to 255.
    One,
    /// Two bytes: up to 65535.
    Two,
    /// Four bytes: up to 2³² − 1.
    Four,
}

impl Header {
    /// The header's size in bytes.
    pub fn size(self) -> u8 {
        match self {
            Header::One => 1,
            Header::Two => 2,
            Header::Four => 4,
        }
    }

    /// The largest length the header holds.
    pub fn max(self) -> usize {
        match self {
            Header::One => 0xff,
            Header::Two => 0xffff,
            Header::Four => usize::try_from(u32::MAX).unwrap_or(usize::MAX),
        }
    }
}

/// An item's length does not fit its header: a string-1 of more than 255
/// bytes, say. The caller chose the item, so it knows which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{len} bytes do not fit a length header of {} byte(s)", header.size())]
pub struct TooLong {
    /// The length that was to be written.
    pub len: usize,
    /// The header it was to be written with.
    pub header: Header,
}

/// Appends an int-1.
pub fn put_int1(out: &mut Vec<u8>, value: u8) {
    out.push(value);
}

/// Appends an int-2, least significant byte first (§20.1).
pub fn put_int2(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

/// Appends an int-4, least significant byte first (§20.1).
pub fn put_int4(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}

/// Appends `bytes` after a length header: a string-1, string-2 or
/// string-4 (§20.3), or a move sequence or set, whose header counts
/// ordinals, one byte each (§20.2).
///
/// # Errors
///
/// [`TooLong`] when the length does not fit the header; nothing is
/// written then.
pub fn put_counted(out: &mut Vec<u8>, header: Header, bytes: &[u8]) -> Result<(), TooLong> {
    let len = bytes.len();
    let too_long = TooLong { len, header };
    match header {
        Header::One => put_int1(out, u8::try_from(len).map_err(|_| too_long)?),
        Header::Two => put_int2(out, u16::try_from(len).map_err(|_| too_long)?),
        Header::Four => put_int4(out, u32::try_from(len).map_err(|_| too_long)?),
    }
    out.extend_from_slice(bytes);
    Ok(())
}

/// Appends a string-1 (§20.3): at most 255 bytes.
///
/// # Errors
///
/// [`TooLong`] past 255 bytes.
pub fn put_string1(out: &mut Vec<u8>, bytes: &[u8]) -> Result<(), TooLong> {
    put_counted(out, Header::One, bytes)
}

/// Appends a string-2 (§20.3): at most 65535 bytes.
///
/// # Errors
///
/// [`TooLong`] past 65535 bytes.
pub fn put_string2(out: &mut Vec<u8>, bytes: &[u8]) -> Result<(), TooLong> {
    put_counted(out, Header::Two, bytes)
}

/// Appends a string-4 (§20.3).
///
/// # Errors
///
/// [`TooLong`] past 2³² − 1 bytes.
pub fn put_string4(out: &mut Vec<u8>, bytes: &[u8]) -> Result<(), TooLong> {
    put_counted(out, Header::Four, bytes)
}

/// A cursor over PGC bytes that reads items and says, with the offset,
/// where one stops short.
///
/// Offsets are absolute: the cursor's bytes start at `base` in the whole
/// input, so that an error found in a buffer names its place in the file.
///
/// ```
/// use pgn_pgc::primitive::Input;
/// use pgn_pgc::DecodeErrorKind;
///
/// let mut input = Input::new(&[0x02, b'h', b'i', 0x34, 0x12, 0x05], 100);
/// assert_eq!(input.string1()?, b"hi");
/// assert_eq!(input.int2()?, 0x1234);
/// let error = input.string1().unwrap_err();
/// assert_eq!((error.offset, error.kind), (105, DecodeErrorKind::LengthPastEnd { len: 5, left: 0 }));
/// # Ok::<_, pgn_pgc::DecodeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Input<'a> {
    bytes: &'a [u8],
    at: usize,
    base: u64,
}

impl<'a> Input<'a> {
    /// A cursor at the start of `bytes`, which start at offset `base` of
    /// the input.
    pub fn new(bytes: &'a [u8], base: u64) -> Input<'a> {
        Input { bytes, at: 0, base }
    }

    /// The offset in the input of the next byte to read.
    pub fn offset(&self) -> u64 {
        self.base + self.at as u64
    }

    /// How many bytes have been read.
    pub fn consumed(&self) -> usize {
        self.at
    }

    /// True if every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.at == self.bytes.len()
    }

    fn error(&self, at: usize, kind: DecodeErrorKind) -> DecodeError {
        DecodeError { offset: self.base + at as u64, kind }
    }

    /// `N` bytes of a fixed-size item (a marker or a length header).
    fn fixed<const N: usize>(&mut self) -> Result<[u8; N], DecodeError> {
        let Some(bytes) = self.bytes.get(self.at..self.at + N) else {
            let left = self.bytes.len() - self.at;
            return Err(self.error(self.at, DecodeErrorKind::Truncated { needed: N, left }));
        };
        self.at += N;
        let mut array = [0; N];
        array.copy_from_slice(bytes);
        Ok(array)
    }

    /// An int-1.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::Truncated`] at the end of the bytes.
    pub fn int1(&mut self) -> Result<u8, DecodeError> {
        Ok(self.fixed::<1>()?[0])
    }

    /// An int-2, least significant byte first.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::Truncated`] when fewer than two bytes are left.
    pub fn int2(&mut self) -> Result<u16, DecodeError> {
        Ok(u16::from_le_bytes(self.fixed()?))
    }

    /// An int-4, least significant byte first.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::Truncated`] when fewer than four bytes are left.
    pub fn int4(&mut self) -> Result<u32, DecodeError> {
        Ok(u32::from_le_bytes(self.fixed()?))
    }

    /// The bytes after a length header.
    ///
    /// # Errors
    ///
    /// [`DecodeErrorKind::Truncated`] when the header stops short,
    /// [`DecodeErrorKind::LengthPastEnd`] (at the header) when the length
    /// goes past the end of the bytes; the cursor does not move then.
    pub fn counted(&mut self, header: Header) -> Result<&'a [u8], DecodeError> {
        let at = self.at;
        let len = match header {
            Header::One => usize::from(self.int1()?),
            Header::Two => usize::from(self.int2()?),
            Header::Four => usize::try_from(self.int4()?).unwrap_or(usize::MAX),
        };
        let left = self.bytes.len() - self.at;
        if len > left {
            self.at = at;
            return Err(self.error(at, DecodeErrorKind::LengthPastEnd { len, left }));
        }
        let bytes = &self.bytes[self.at..self.at + len];
        self.at += len;
        Ok(bytes)
    }

    /// A string-1.
    ///
    /// # Errors
    ///
    /// As [`Input::counted`].
    pub fn string1(&mut self) -> Result<&'a [u8], DecodeError> {
        self.counted(Header::One)
    }

    /// A string-2.
    ///
    /// # Errors
    ///
    /// As [`Input::counted`].
    pub fn string2(&mut self) -> Result<&'a [u8], DecodeError> {
        self.counted(Header::Two)
    }

    /// A string-4.
    ///
    /// # Errors
    ///
    /// As [`Input::counted`].
    pub fn string4(&mut self) -> Result<&'a [u8], DecodeError> {
        self.counted(Header::Four)
    }

    /// An mvseq-1: the ordinals of a move sequence of at most 255 moves.
    ///
    /// # Errors
    ///
    /// As [`Input::counted`].
    pub fn mvseq1(&mut self) -> Result<&'a [u8], DecodeError> {
        self.counted(Header::One)
    }

    /// An mvseq-2: the ordinals of a move sequence of at most 65535 moves.
    ///
    /// # Errors
    ///
    /// As [`Input::counted`].
    pub fn mvseq2(&mut self) -> Result<&'a [u8], DecodeError> {
        self.counted(Header::Two)
    }

    /// An mvset-1: the ordinals of a set of moves all playable in one
    /// position (no marker of §20.4 uses one; it is here for
    /// completeness).
    ///
    /// # Errors
    ///
    /// As [`Input::counted`].
    pub fn mvset1(&mut self) -> Result<&'a [u8], DecodeError> {
        self.counted(Header::One)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_are_little_endian() {
        let mut out = Vec::new();
        put_int1(&mut out, 0xab);
        put_int2(&mut out, 0x1234);
        put_int4(&mut out, 0xdead_beef);
        assert_eq!(out, [0xab, 0x34, 0x12, 0xef, 0xbe, 0xad, 0xde]);
        let mut input = Input::new(&out, 0);
        assert_eq!(input.int1(), Ok(0xab));
        assert_eq!(input.int2(), Ok(0x1234));
        assert_eq!(input.int4(), Ok(0xdead_beef));
        assert!(input.is_empty());
    }

    #[test]
    fn strings_carry_their_length_in_a_header_of_their_size() {
        let mut out = Vec::new();
        put_string1(&mut out, b"ab").unwrap();
        put_string2(&mut out, b"cde").unwrap();
        put_string4(&mut out, b"").unwrap();
        assert_eq!(out, b"\x02ab\x03\x00cde\x00\x00\x00\x00");
        let mut input = Input::new(&out, 0);
        assert_eq!(input.string1(), Ok(&b"ab"[..]));
        assert_eq!(input.string2(), Ok(&b"cde"[..]));
        assert_eq!(input.string4(), Ok(&b""[..]));
        assert!(input.is_empty());
    }

    #[test]
    fn a_length_past_its_header_is_refused_and_nothing_is_written() {
        let mut out = vec![9];
        let long = vec![b'x'; 256];
        assert_eq!(put_string1(&mut out, &long), Err(TooLong { len: 256, header: Header::One }));
        assert_eq!(out, [9]);
        put_string2(&mut out, &long).unwrap();
        assert_eq!(out.len(), 1 + 2 + 256);
        let huge = vec![0; 65536];
        assert!(put_string2(&mut out, &huge).is_err());
    }

    #[test]
    fn errors_name_the_offset_of_the_item_that_stops_short() {
        // A header cut short: truncated, at the header.
        let mut input = Input::new(&[0x01], 10);
        let error = input.int2().unwrap_err();
        assert_eq!(error.offset, 10);
        assert_eq!(error.kind, DecodeErrorKind::Truncated { needed: 2, left: 1 });
        // A length past the end: at the header, and nothing is consumed.
        let mut input = Input::new(&[0x00, 0x03, b'a', b'b'], 10);
        input.int1().unwrap();
        let error = input.mvseq1().unwrap_err();
        assert_eq!(
            (error.offset, error.kind),
            (11, DecodeErrorKind::LengthPastEnd { len: 3, left: 2 })
        );
        assert_eq!(input.offset(), 11);
        // A four-byte length larger than any buffer.
        let mut input = Input::new(&[0xff, 0xff, 0xff, 0xff], 0);
        assert!(matches!(
            input.string4().unwrap_err().kind,
            DecodeErrorKind::LengthPastEnd { left: 0, .. }
        ));
    }

    #[test]
    fn move_sequences_and_sets_are_counted_bytes() {
        let mut out = Vec::new();
        put_counted(&mut out, Header::One, &[0, 19, 4]).unwrap();
        put_counted(&mut out, Header::Two, &[1]).unwrap();
        put_counted(&mut out, Header::One, &[]).unwrap();
        let mut input = Input::new(&out, 0);
        assert_eq!(input.mvseq1(), Ok(&[0, 19, 4][..]));
        assert_eq!(input.mvseq2(), Ok(&[1][..]));
        assert_eq!(input.mvset1(), Ok(&[][..]));
    }
}
