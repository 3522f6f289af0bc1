//! Text encodings (ruling E14): what the bytes of tag values and comments
//! mean as characters. §4.1 names ISO 8859-1; most files today are UTF-8,
//! older ones Latin-1 or Windows code page 1252, DOS files code page 437,
//! and some UTF-16.
//!
//! The reader keeps bytes as read; text is decoded where it reaches people
//! and programs: [`decode`] a value with [`Decoding::Auto`] (each value
//! UTF-8 when it is, else cp1252 or Latin-1 by its bytes) or one encoding.
//! [`TextInput`] turns a UTF-16 input (told by its byte order mark) into
//! UTF-8 as it is read, and any input of a fixed encoding too.

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};

/// A character encoding of PGN text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TextEncoding {
    /// Nothing but ASCII: the same in every encoding here.
    #[default]
    Ascii,
    /// UTF-8.
    Utf8,
    /// ISO 8859-1, the encoding §4.1 names.
    Latin1,
    /// Windows code page 1252: Latin-1 with printable characters at
    /// 0x80–0x9F (`€`, `‘`, `’`, `Š`, ...).
    Cp1252,
    /// DOS code page 437 (`Brüssel` is `Br\x81ssel`).
    Cp437,
    /// UTF-16 (read through [`TextInput`], as UTF-8).
    Utf16,
}

impl TextEncoding {
    /// Its name, as `--encoding` takes it and notes write it.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Ascii => "ASCII",
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Latin1 => "Latin-1",
            TextEncoding::Cp1252 => "cp1252",
            TextEncoding::Cp437 => "cp437",
            TextEncoding::Utf16 => "UTF-16",
        }
    }

    /// The encoding of `bytes` as [`Decoding::Auto`] reads them: ASCII;
    /// else UTF-8 when they are valid UTF-8; else cp1252 when they hold a
    /// byte of 0x80–0x9F that cp1252 gives a character; else Latin-1.
    ///
    /// ```
    /// use pgn_syntax::TextEncoding;
    ///
    /// assert_eq!(TextEncoding::detect(b"Kramnik"), TextEncoding::Ascii);
    /// assert_eq!(TextEncoding::detect("Krámník".as_bytes()), TextEncoding::Utf8);
    /// assert_eq!(TextEncoding::detect(b"Kr\xe1mn\xedk"), TextEncoding::Latin1);
    /// assert_eq!(TextEncoding::detect(b"\x93Kramnik\x94"), TextEncoding::Cp1252);
    /// ```
    #[inline]
    pub fn detect(bytes: &[u8]) -> TextEncoding {
        if bytes.is_ascii() { TextEncoding::Ascii } else { detect_non_ascii(bytes) }
    }

    /// The more telling of two encodings of one game's values: any
    /// single-byte encoding over UTF-8 over ASCII (a game with one
    /// Latin-1 value is a Latin-1 game).
    pub fn merge(self, other: TextEncoding) -> TextEncoding {
        self.max(other)
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cold]
fn detect_non_ascii(bytes: &[u8]) -> TextEncoding {
    if std::str::from_utf8(bytes).is_ok() {
        TextEncoding::Utf8
    } else if bytes.iter().any(|&b| is_cp1252_c1(b)) {
        TextEncoding::Cp1252
    } else {
        TextEncoding::Latin1
    }
}

/// True for the bytes of 0x80–0x9F to which cp1252 gives a character
/// (all but 0x81, 0x8D, 0x8F, 0x90 and 0x9D); Latin-1 has C1 controls
/// there, which no text holds.
fn is_cp1252_c1(b: u8) -> bool {
    (0x80..=0x9f).contains(&b) && !matches!(b, 0x81 | 0x8d | 0x8f | 0x90 | 0x9d)
}

/// How text is decoded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Decoding {
    /// Each value by its bytes ([`TextEncoding::detect`]).
    #[default]
    Auto,
    /// Every value in this encoding (`--encoding`); bytes that are not
    /// UTF-8 become U+FFFD when it is UTF-8.
    Fixed(TextEncoding),
}

impl Decoding {
    /// Reads `auto`, `utf-8`, `latin-1`, `cp1252` or `cp437` (any case,
    /// `utf8`, `latin1`, `iso-8859-1`, `windows-1252`, `437` too).
    pub fn from_name(name: &str) -> Option<Decoding> {
        let name = name.to_ascii_lowercase();
        Some(match name.as_str() {
            "auto" => Decoding::Auto,
            "utf-8" | "utf8" => Decoding::Fixed(TextEncoding::Utf8),
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" => {
                Decoding::Fixed(TextEncoding::Latin1)
            }
            "cp1252" | "windows-1252" => Decoding::Fixed(TextEncoding::Cp1252),
            "cp437" | "437" | "ibm437" => Decoding::Fixed(TextEncoding::Cp437),
            _ => return None,
        })
    }
}

/// `bytes` as text: borrowed when they are UTF-8 and read as such.
///
/// ```
/// use pgn_syntax::{Decoding, TextEncoding, decode};
///
/// assert_eq!(decode(b"Kr\xe1mn\xedk", Decoding::Auto), "Krámník");
/// assert_eq!(decode("Krámník".as_bytes(), Decoding::Auto), "Krámník");
/// assert_eq!(decode(b"Br\x81ssel", Decoding::Fixed(TextEncoding::Cp437)), "Brüssel");
/// ```
pub fn decode(bytes: &[u8], decoding: Decoding) -> Cow<'_, str> {
    let encoding = match decoding {
        Decoding::Auto => TextEncoding::detect(bytes),
        Decoding::Fixed(_) if bytes.is_ascii() => TextEncoding::Ascii,
        Decoding::Fixed(encoding) => encoding,
    };
    decode_as(bytes, encoding)
}

/// `bytes` decoded as `encoding`.
pub fn decode_as(bytes: &[u8], encoding: TextEncoding) -> Cow<'_, str> {
    match encoding {
        TextEncoding::Ascii | TextEncoding::Utf8 | TextEncoding::Utf16 => {
            String::from_utf8_lossy(bytes)
        }
        // ISO 8859-1 gives each byte the code point of its value.
        TextEncoding::Latin1 => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
        TextEncoding::Cp1252 => encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes).0,
        TextEncoding::Cp437 => Cow::Owned(
            bytes
                .iter()
                .map(|&b| {
                    oem_cp::decode_char_complete_table(b, &oem_cp::code_table::DECODING_TABLE_CP437)
                })
                .collect(),
        ),
    }
}

/// `text` in ISO 8859-1, or the first character it has no code for.
///
/// ```
/// assert_eq!(pgn_syntax::encode_latin1("Krámník"), Ok(b"Kr\xe1mn\xedk".to_vec()));
/// assert_eq!(pgn_syntax::encode_latin1("Карпов"), Err('К'));
/// ```
pub fn encode_latin1(text: &str) -> Result<Vec<u8>, char> {
    text.chars().map(|c| u8::try_from(u32::from(c)).map_err(|_| c)).collect()
}

/// An input as UTF-8: a UTF-16 input (told by its byte order mark,
/// `FF FE` or `FE FF`) decoded as it is read, and, with a fixed
/// [`Decoding`] other than UTF-8, any input decoded from that encoding;
/// other input passed on as it is. A UTF-8 byte order mark stays (the
/// reader skips it).
///
/// ```
/// use std::io::Read;
///
/// let utf16: Vec<u8> = "\u{feff}[White \"Krámník\"]".encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let mut text = String::new();
/// pgn_syntax::TextInput::new(&utf16[..], pgn_syntax::Decoding::Auto).read_to_string(&mut text)?;
/// assert_eq!(text, "[White \"Krámník\"]");
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct TextInput<R> {
    inner: R,
    decoding: Decoding,
    /// How the input is decoded, once its first bytes were seen.
    mode: Option<Mode>,
    /// Bytes read and not yet decoded.
    raw: Vec<u8>,
    /// Decoded bytes not yet handed out, from `out_at`.
    out: Vec<u8>,
    out_at: usize,
    eof: bool,
    /// The end of the input was decoded.
    finished: bool,
}

/// How a [`TextInput`] decodes.
enum Mode {
    /// As it is.
    Pass,
    /// By an encoding_rs decoder (UTF-16, cp1252, UTF-8 with U+FFFD).
    Decoder(encoding_rs::Decoder),
    /// A byte at a time (Latin-1, cp437).
    Single(TextEncoding),
}

impl<R: Read> TextInput<R> {
    /// `inner` as UTF-8, decoded as `decoding` says.
    pub fn new(inner: R, decoding: Decoding) -> TextInput<R> {
        TextInput {
            inner,
            decoding,
            mode: None,
            raw: Vec::new(),
            out: Vec::new(),
            out_at: 0,
            eof: false,
            finished: false,
        }
    }

    /// The encoding the input was found or told to be in: UTF-16 when it
    /// had a UTF-16 byte order mark, the fixed one, else `None` (decoded
    /// value by value, [`Decoding::Auto`]). Known once something was read.
    pub fn encoding(&self) -> Option<TextEncoding> {
        match (&self.mode, self.decoding) {
            (_, Decoding::Fixed(encoding)) => Some(encoding),
            (Some(Mode::Decoder(_)), Decoding::Auto) => Some(TextEncoding::Utf16),
            _ => None,
        }
    }

    /// Reads more raw bytes; false at the end of the input.
    fn fill_raw(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let start = self.raw.len();
        self.raw.resize(start + (64 << 10), 0);
        let n = loop {
            match self.inner.read(&mut self.raw[start..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.raw.truncate(start);
                    return Err(e);
                }
            }
        };
        self.raw.truncate(start + n);
        self.eof = n == 0;
        Ok(n > 0)
    }

    /// Chooses the mode from the first bytes.
    fn choose(&mut self) -> io::Result<Mode> {
        while self.raw.len() < 2 && self.fill_raw()? {}
        let bom = self.raw.get(..2);
        Ok(match self.decoding {
            _ if bom == Some(b"\xff\xfe") => {
                self.raw.drain(..2);
                Mode::Decoder(encoding_rs::UTF_16LE.new_decoder_without_bom_handling())
            }
            _ if bom == Some(b"\xfe\xff") => {
                self.raw.drain(..2);
                Mode::Decoder(encoding_rs::UTF_16BE.new_decoder_without_bom_handling())
            }
            Decoding::Auto => Mode::Pass,
            Decoding::Fixed(TextEncoding::Utf8) => {
                Mode::Decoder(encoding_rs::UTF_8.new_decoder_without_bom_handling())
            }
            Decoding::Fixed(TextEncoding::Cp1252) => {
                Mode::Decoder(encoding_rs::WINDOWS_1252.new_decoder_without_bom_handling())
            }
            Decoding::Fixed(encoding @ (TextEncoding::Latin1 | TextEncoding::Cp437)) => {
                Mode::Single(encoding)
            }
            Decoding::Fixed(_) => Mode::Pass,
        })
    }
}

impl<R: Read> Read for TextInput<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.mode.is_none() {
            self.mode = Some(self.choose()?);
        }
        if matches!(self.mode, Some(Mode::Pass)) {
            if self.raw.is_empty() {
                return self.inner.read(buf);
            }
            let n = buf.len().min(self.raw.len());
            buf[..n].copy_from_slice(&self.raw[..n]);
            self.raw.drain(..n);
            return Ok(n);
        }
        loop {
            if self.out_at < self.out.len() {
                let n = buf.len().min(self.out.len() - self.out_at);
                buf[..n].copy_from_slice(&self.out[self.out_at..self.out_at + n]);
                self.out_at += n;
                return Ok(n);
            }
            if self.finished {
                return Ok(0);
            }
            self.out.clear();
            self.out_at = 0;
            let last = self.raw.is_empty() && !self.fill_raw()?;
            match &mut self.mode {
                Some(Mode::Decoder(decoder)) => {
                    let room = decoder
                        .max_utf8_buffer_length(self.raw.len())
                        .unwrap_or(self.raw.len().saturating_mul(3))
                        .max(16);
                    self.out.resize(room, 0);
                    let (_, read, written, _) =
                        decoder.decode_to_utf8(&self.raw, &mut self.out, last);
                    self.out.truncate(written);
                    self.raw.drain(..read);
                }
                Some(Mode::Single(encoding)) => {
                    let text = decode_as(&self.raw, *encoding);
                    self.out.extend_from_slice(text.as_bytes());
                    self.raw.clear();
                }
                _ => {}
            }
            self.finished = last;
        }
    }
}

impl<R> fmt::Debug for TextInput<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TextInput").field("decoding", &self.decoding).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(bytes: &[u8], decoding: Decoding, chunk: usize) -> String {
        struct Chunks<'a>(&'a [u8], usize);
        impl Read for Chunks<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = self.0.len().min(self.1).min(buf.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut out = Vec::new();
        TextInput::new(Chunks(bytes, chunk), decoding).read_to_end(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn inputs_in_every_encoding_become_utf8() {
        let text = "[White \"Krámník, Vladímir\"]\n1. e4 {€ ok} *\n";
        let le: Vec<u8> = "\u{feff}"
            .chars()
            .chain(text.chars())
            .collect::<String>()
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let be: Vec<u8> = "\u{feff}"
            .chars()
            .chain(text.chars())
            .collect::<String>()
            .encode_utf16()
            .flat_map(u16::to_be_bytes)
            .collect();
        for chunk in [1, 3, 7, 4096] {
            assert_eq!(through(&le, Decoding::Auto, chunk), text);
            assert_eq!(through(&be, Decoding::Auto, chunk), text);
            assert_eq!(through(text.as_bytes(), Decoding::Auto, chunk), text);
            let cp1252 = encoding_rs::WINDOWS_1252.encode(text).0;
            let fixed = Decoding::Fixed(TextEncoding::Cp1252);
            assert_eq!(through(&cp1252, fixed, chunk), text);
            assert_eq!(
                through(b"Br\x81ssel", Decoding::Fixed(TextEncoding::Cp437), chunk),
                "Brüssel"
            );
            assert_eq!(
                through(b"Kr\xe1mn\xedk", Decoding::Fixed(TextEncoding::Latin1), chunk),
                "Krámník"
            );
            assert_eq!(
                through(b"a\xffb", Decoding::Fixed(TextEncoding::Utf8), chunk),
                "a\u{fffd}b"
            );
        }
        assert_eq!(through(b"", Decoding::Auto, 1), "");
        assert_eq!(through(b"\xff\xfea", Decoding::Auto, 1), "\u{fffd}");
    }

    #[test]
    fn detection() {
        assert_eq!(TextEncoding::detect(b"\x80"), TextEncoding::Cp1252);
        assert_eq!(TextEncoding::detect(b"\x81\xe9"), TextEncoding::Latin1);
        assert_eq!(decode(b"\x93q\x94", Decoding::Auto), "“q”");
        assert_eq!(decode(b"caf\xe9", Decoding::Fixed(TextEncoding::Utf8)), "caf\u{fffd}");
        assert_eq!(Decoding::from_name("Latin-1"), Some(Decoding::Fixed(TextEncoding::Latin1)));
        assert_eq!(Decoding::from_name("ebcdic"), None);
    }
}
