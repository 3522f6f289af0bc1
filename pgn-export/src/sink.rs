//! Where export output goes: the [`Sink`] trait, the one path every byte
//! the writer makes takes, implemented for `Vec<u8>`, `String`, any
//! [`io::Write`] ([`IoSink`]) and any [`fmt::Write`] such as a
//! `fmt::Formatter` ([`FmtSink`]).
//!
//! `Display`, `to_vec` and writing to a file therefore share one code
//! path, which is what keeps their output byte for byte the same.

use std::convert::Infallible;
use std::{fmt, io};

/// A destination for exported bytes.
///
/// The writer hands a sink whole pieces: a tag pair's parts, a word of
/// movetext, a line break. A piece never splits a UTF-8 sequence of the
/// game's text (tag values and comments are only cut at ASCII spaces).
pub trait Sink {
    /// What writing can fail with.
    type Error;

    /// Writes `bytes`.
    ///
    /// # Errors
    ///
    /// Whatever the destination fails with.
    fn put(&mut self, bytes: &[u8]) -> Result<(), Self::Error>;
}

impl Sink for Vec<u8> {
    type Error = Infallible;

    fn put(&mut self, bytes: &[u8]) -> Result<(), Infallible> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}

/// A `String` gets the bytes as UTF-8: a byte sequence that is not UTF-8
/// (a tag value in Latin-1, say) becomes U+FFFD. Export to a `Vec<u8>` or
/// an [`IoSink`] keeps every byte.
impl Sink for String {
    type Error = Infallible;

    fn put(&mut self, bytes: &[u8]) -> Result<(), Infallible> {
        self.push_str(&String::from_utf8_lossy(bytes));
        Ok(())
    }
}

/// Any [`io::Write`] as a sink (wrap it in a `BufWriter` first: the writer
/// makes many small pieces).
#[derive(Debug)]
pub struct IoSink<W>(pub W);

impl<W: io::Write> Sink for IoSink<W> {
    type Error = io::Error;

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes)
    }
}

/// Any [`fmt::Write`] (a `fmt::Formatter`, a `String`) as a sink; bytes
/// that are not UTF-8 become U+FFFD, as for `String`.
#[derive(Debug)]
pub struct FmtSink<W>(pub W);

impl<W: fmt::Write> Sink for FmtSink<W> {
    type Error = fmt::Error;

    fn put(&mut self, bytes: &[u8]) -> fmt::Result {
        match std::str::from_utf8(bytes) {
            Ok(text) => self.0.write_str(text),
            Err(_) => self.0.write_str(&String::from_utf8_lossy(bytes)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sink_gets_the_same_text() {
        let pieces: [&[u8]; 3] = [b"[Event \"", "Zürich".as_bytes(), b"\"]\n"];
        let mut bytes = Vec::new();
        let mut string = String::new();
        let mut io = IoSink(Vec::new());
        let mut fmt = FmtSink(String::new());
        for piece in pieces {
            let Ok(()) = bytes.put(piece);
            let Ok(()) = string.put(piece);
            io.put(piece).unwrap();
            fmt.put(piece).unwrap();
        }
        assert_eq!(bytes, "[Event \"Zürich\"]\n".as_bytes());
        assert_eq!(string.as_bytes(), bytes);
        assert_eq!(io.0, bytes);
        assert_eq!(fmt.0.as_bytes(), bytes);
    }

    #[test]
    fn text_sinks_replace_what_is_not_utf8() {
        let mut string = String::new();
        let Ok(()) = string.put(b"Z\xfcrich");
        assert_eq!(string, "Z\u{fffd}rich");
        let mut fmt = FmtSink(String::new());
        fmt.put(b"Z\xfcrich").unwrap();
        assert_eq!(fmt.0, string);
    }
}
