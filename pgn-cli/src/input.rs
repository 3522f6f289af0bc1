//! Opening the inputs of the subcommands: a file or standard input (`-`),
//! decompressed when it is compressed, and refused at once when its first
//! bytes show binary data rather than text.
//!
//! Compressed input is told by its first bytes (its magic number), not by
//! the file's name: zstd (Lichess publishes its databases as `.pgn.zst`),
//! gzip, bzip2 and xz. Concatenated streams (several gzip members, zstd
//! frames, bzip2 or xz streams, as parallel compressors write them) are
//! read to the end. The binary check looks at the decompressed start.
//!
//! A decompression error (corrupt or truncated data) reaches the reader
//! as an I/O error, reported like any unreadable file.

use std::fs::File;
use std::io::{self, Read};

/// How many bytes at the start of an input are looked at.
const SNIFF: usize = 4096;

/// A compressed format, told by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compression {
    /// Zstandard (`.zst`).
    Zstd,
    /// gzip (`.gz`).
    Gzip,
    /// bzip2 (`.bz2`).
    Bzip2,
    /// xz (`.xz`).
    Xz,
}

impl Compression {
    /// The format whose magic number `start` begins with, if any. No text
    /// file starts with these bytes.
    pub(crate) fn sniff(start: &[u8]) -> Option<Compression> {
        match start {
            // A zstd frame, or a skippable frame (pzstd writes one first).
            [0x28, 0xb5, 0x2f, 0xfd, ..] | [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..] => {
                Some(Compression::Zstd)
            }
            // The gzip magic and its one compression method, deflate.
            [0x1f, 0x8b, 0x08, ..] => Some(Compression::Gzip),
            // `BZh` and the block size, `1` to `9`.
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
            [0xfd, b'7', b'z', b'X', b'Z', 0x00, ..] => Some(Compression::Xz),
            _ => None,
        }
    }

    /// The name of the format, for error messages.
    fn name(self) -> &'static str {
        match self {
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// A decoder of every concatenated stream of this format in
    /// `compressed`. The decoders buffer their input by themselves.
    fn decoder(self, compressed: impl Read + 'static) -> io::Result<Box<dyn Read>> {
        let decoder: Box<dyn Read> = match self {
            Compression::Zstd => Box::new(
                zstd::stream::read::Decoder::new(compressed)
                    .map_err(|err| in_context(self, err))?,
            ),
            Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(compressed)),
            Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(compressed)),
            Compression::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(compressed)),
        };
        Ok(Box::new(InContext { format: self, inner: decoder }))
    }
}

/// Opens `name` (`-` is standard input), decompressing it when its first
/// bytes are those of a [`Compression`] format. The result is not buffered:
/// the readers of the toolkit buffer by themselves.
///
/// # Errors
///
/// The file cannot be opened or read; its compressed data is corrupt (the
/// message names the format: `zstd data: ...`); or it holds binary data
/// ([`looks_binary`]): an error of kind `InvalidData` saying so. Errors
/// past the first bytes come from the reader returned.
pub(crate) fn open(name: &str) -> io::Result<Box<dyn Read>> {
    let mut inner: Box<dyn Read> =
        if name == "-" { Box::new(io::stdin().lock()) } else { Box::new(File::open(name)?) };
    // The first bytes are read, looked at, and put back in front of the rest.
    let mut start = Vec::with_capacity(SNIFF);
    (&mut inner).take(SNIFF as u64).read_to_end(&mut start)?;
    if let Some(format) = Compression::sniff(&start) {
        inner = format.decoder(io::Cursor::new(start).chain(inner))?;
        start = Vec::with_capacity(SNIFF);
        (&mut inner).take(SNIFF as u64).read_to_end(&mut start)?;
    }
    if let Some(why) = looks_binary(&start) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, why));
    }
    Ok(Box::new(io::Cursor::new(start).chain(inner)))
}

/// Why `start`, the first bytes of an input, is binary data and not text:
/// a NUL byte together with control bytes making up more than a tenth of
/// it (executables, images, archives). A text file with a few stray
/// control bytes passes, and its reader reports them.
pub(crate) fn looks_binary(start: &[u8]) -> Option<String> {
    if !start.contains(&0) {
        return None;
    }
    let control =
        start.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)).count();
    (control * 10 > start.len()).then(|| {
        format!(
            "not a text file: binary data ({control} control bytes, NUL among them, in the first \
             {} bytes)",
            start.len()
        )
    })
}

/// `err` of a decoder of `format`, its message saying so.
fn in_context(format: Compression, err: io::Error) -> io::Error {
    io::Error::new(err.kind(), format!("{} data: {err}", format.name()))
}

/// A decoder whose errors say which format it reads.
struct InContext {
    format: Compression,
    inner: Box<dyn Read>,
}

impl Read for InContext {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|err| in_context(self.format, err))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_is_told_from_text_with_stray_bytes() {
        assert!(looks_binary(b"1. e4 e5 *\n").is_none());
        // One stray NUL in text: the reader reports it.
        assert!(looks_binary(b"[Event \"a\0\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").is_none());
        let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0";
        assert!(looks_binary(elf).is_some_and(|why| why.starts_with("not a text file")));
        assert!(looks_binary(b"").is_none());
    }

    #[test]
    fn compressed_formats_are_told_by_their_first_bytes_only() {
        assert_eq!(Compression::sniff(b"\x28\xb5\x2f\xfd\x24\x00"), Some(Compression::Zstd));
        // A skippable frame, as pzstd writes first.
        assert_eq!(Compression::sniff(b"\x50\x2a\x4d\x18\x04\x00"), Some(Compression::Zstd));
        assert_eq!(Compression::sniff(b"\x1f\x8b\x08\x00"), Some(Compression::Gzip));
        assert_eq!(Compression::sniff(b"BZh91AY&SY"), Some(Compression::Bzip2));
        assert_eq!(Compression::sniff(b"\xfd7zXZ\x00\x00"), Some(Compression::Xz));
        // Text, and starts cut short.
        for text in [&b"[Event \"?\"]"[..], b"BZh", b"BZhx", b"\x1f\x8b", b"\xfd7zXZ", b""] {
            assert_eq!(Compression::sniff(text), None, "{text:?}");
        }
    }
}
