//! Opening the inputs of the subcommands: a file or standard input (`-`),
//! decompressed when it is compressed, and refused at once when its first
//! 64 KiB show binary data and nothing of PGN or EPD (an executable, an
//! image). UTF-16 text (told by its byte order mark), and any text when
//! `--encoding` names one, is decoded into UTF-8 as it is read
//! ([`pgn_syntax::TextInput`], ruling E14). A file that starts as PGN is
//! read whatever comes later: the reader skips a damaged stretch of binary
//! data with one diagnostic and goes on at the next game.
//!
//! Compressed input is told by its first bytes (its magic number), not by
//! the file's name: zstd (Lichess publishes its databases as `.pgn.zst`),
//! gzip, bzip2 and xz. Concatenated streams (several gzip members, zstd
//! frames, bzip2 or xz streams, as parallel compressors write them) are
//! read to the end. The binary check looks at the decompressed start.
//!
//! Decompressing is work of the same order as reading the PGN, so it
//! runs on a thread of its own that hands on chunks through a bounded
//! channel: on two cores the two work at the same time, and the memory
//! held stays a few chunks. A decompression
//! error (corrupt or truncated data) reaches the reader as an I/O error,
//! reported like any unreadable file.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread;

use pgn_syntax::ranges::ByteRange;
use pgn_syntax::{Decoding, TextInput};

/// How text inputs are decoded: `--encoding`, set once at the start.
static DECODING: OnceLock<Decoding> = OnceLock::new();

/// Sets how every text input of the run is decoded (`--encoding`); the
/// first call counts.
pub(crate) fn set_decoding(decoding: Decoding) {
    let _ = DECODING.set(decoding);
}

/// How text inputs are decoded.
pub(crate) fn decoding() -> Decoding {
    DECODING.get().copied().unwrap_or_default()
}

/// The byte range of each input that is read (`--range`), set once at
/// the start.
static RANGE: OnceLock<ByteRange> = OnceLock::new();

/// Reads only the games that start in `range` of every input
/// (`--range`); the first call counts.
pub(crate) fn set_range(range: ByteRange) {
    let _ = RANGE.set(range);
}

/// The byte range of each input that is read, if one was given.
pub(crate) fn range() -> Option<ByteRange> {
    RANGE.get().copied()
}

/// Where the input opened last begins in its file: the start of its
/// range's games, 0 without a range. One input is read at a time.
static BASE: AtomicU64 = AtomicU64::new(0);

/// Where the input opened last begins in its file.
pub(crate) fn base() -> u64 {
    BASE.load(Ordering::Relaxed)
}

/// The plain file `name` (not standard input, not compressed, not
/// UTF-16), to be read by byte ranges, and its length.
pub(crate) fn plain_file(name: &str) -> io::Result<(File, u64)> {
    let refuse = |why: String| io::Error::new(io::ErrorKind::InvalidInput, why);
    if name == "-" {
        return Err(refuse("byte ranges are parts of a file, not of standard input".to_owned()));
    }
    let mut file = File::open(name)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(refuse("byte ranges are parts of a plain file, and this is none".to_owned()));
    }
    let mut start = [0; 8];
    let n = file.read(&mut start)?;
    if let Some(format) = Compression::sniff(&start[..n]) {
        return Err(refuse(format!(
            "byte ranges are parts of a plain file, and this one is compressed ({}): \
             decompress it first",
            format.name()
        )));
    }
    if utf16(&start[..n]) {
        return Err(refuse("byte ranges are parts of a plain file, not of UTF-16 text".to_owned()));
    }
    Ok((file, meta.len()))
}

/// The games of `range` in the plain PGN file `name`: the file from the
/// first game start at or after the range's start to the first at or
/// after its end ([`pgn_syntax::ranges::locate`]), and where that is.
fn open_range(name: &str, range: ByteRange) -> io::Result<(io::Take<File>, Range<u64>)> {
    let (mut file, len) = plain_file(name)?;
    let bytes = pgn_syntax::ranges::locate(&mut file, len, range)?;
    file.seek(SeekFrom::Start(bytes.start))?;
    Ok((file.take(bytes.end - bytes.start), bytes))
}

/// True if the file `name` (not standard input) begins with a UTF-16 byte
/// order mark.
pub(crate) fn starts_utf16(name: &str) -> bool {
    let mut start = [0; 2];
    name != "-"
        && File::open(name).and_then(|mut f| f.read_exact(&mut start)).is_ok()
        && utf16(&start)
}

/// True if `start` begins with a UTF-16 byte order mark.
fn utf16(start: &[u8]) -> bool {
    matches!(start, [0xff, 0xfe, ..] | [0xfe, 0xff, ..])
}

/// How many bytes at the start of an input are looked at, once: enough
/// for a game or two before binary data that damaged a PGN file.
const SNIFF: usize = 64 * 1024;

/// The size of the chunks of decompressed data handed on by the thread.
const CHUNK: usize = 256 * 1024;

/// How many chunks may wait in the channel. With the one being filled and
/// the one being read, at most `CHUNKS + 2` chunks exist at once.
const CHUNKS: usize = 4;

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
        Ok(match self {
            Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(compressed)?),
            Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(compressed)),
            Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(compressed)),
            Compression::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(compressed)),
        })
    }
}

/// The bytes read of the input opened last, as they come from its file
/// (before decompression), and its size when known (`u64::MAX` if not):
/// for the progress line. One input is read at a time.
static READ: AtomicU64 = AtomicU64::new(0);
static TOTAL: AtomicU64 = AtomicU64::new(u64::MAX);

/// The bytes read of the input opened last, and its size when known.
pub(crate) fn bytes_read() -> (u64, Option<u64>) {
    let total = TOTAL.load(Ordering::Relaxed);
    (READ.load(Ordering::Relaxed), (total != u64::MAX).then_some(total))
}

/// An input whose bytes read are counted in [`READ`].
struct Counted<R>(R);

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        READ.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// What an input is to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Content {
    /// PGN text: binary data is refused, and so is EPD.
    Text,
    /// EPD text: binary data is refused, and so is PGN.
    Epd,
    /// Binary data (PGC): PGN text is refused.
    Binary,
}

/// Opens `name` (`-` is standard input), decompressing it when its first
/// bytes are those of a [`Compression`] format. The result is not buffered:
/// the readers of the toolkit buffer by themselves.
///
/// # Errors
///
/// The file cannot be opened or read; its compressed data is corrupt (the
/// message names the format: `zstd data: ...`); or it is not text that
/// can be read ([`not_text`]): an error of kind `InvalidData` saying
/// why. Errors past the first bytes come from the reader returned.
///
/// Binary content ([`Content::Binary`]) is decompressed the same way, and
/// not refused.
pub(crate) fn open_as(name: &str, content: Content) -> io::Result<Box<dyn Read + Send>> {
    // Standard input itself, not its lock, which cannot go to another thread.
    let range = range();
    if range.is_some() && content != Content::Text {
        let why = "--range reads parts of PGN files only";
        return Err(io::Error::new(io::ErrorKind::InvalidInput, why));
    }
    BASE.store(0, Ordering::Relaxed);
    let (inner, total): (Box<dyn Read + Send>, _) = if let Some(range) = range {
        let (part, bytes) = open_range(name, range)?;
        BASE.store(bytes.start, Ordering::Relaxed);
        (Box::new(part), Some(bytes.end - bytes.start))
    } else if name == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let file = File::open(name)?;
        let len = file.metadata().ok().filter(std::fs::Metadata::is_file).map(|m| m.len());
        (Box::new(file), len)
    };
    READ.store(0, Ordering::Relaxed);
    TOTAL.store(total.unwrap_or(u64::MAX), Ordering::Relaxed);
    let mut inner: Box<dyn Read + Send> = Box::new(Counted(inner));
    // The first bytes are read, looked at, and put back in front of the rest.
    let mut start = Vec::with_capacity(SNIFF);
    (&mut inner).take(SNIFF as u64).read_to_end(&mut start)?;
    let inner: Box<dyn Read + Send> = match Compression::sniff(&start) {
        None => inner,
        Some(format) => {
            let mut decompressed = decompress(format, io::Cursor::new(start).chain(inner))?;
            start = Vec::with_capacity(SNIFF);
            (&mut decompressed).take(SNIFF as u64).read_to_end(&mut start)?;
            Box::new(decompressed)
        }
    };
    if let Some(why) = wrong_kind(&start, content) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, why));
    }
    if content == Content::Binary {
        return Ok(Box::new(io::Cursor::new(start).chain(inner)));
    }
    if let Some(why) = not_text(&start) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, why));
    }
    if utf16(&start) || decoding() != Decoding::Auto {
        return Ok(Box::new(TextInput::new(io::Cursor::new(start).chain(inner), decoding())));
    }
    Ok(Box::new(io::Cursor::new(start).chain(inner)))
}

/// Why `start`, the first bytes of an input (up to [`SNIFF`]), is not text
/// that the readers can read, if it is not:
///
/// - Binary data: a NUL byte together with control bytes making up more
///   than a tenth of `start` (executables, images, UTF-16 without a byte
///   order mark), and nothing in it that reads as PGN or EPD
///   ([`reads_as_text`]). A file that starts as PGN and holds binary data
///   later, or a few stray control bytes, is read: the reader reports
///   them.
///
/// UTF-16 with its byte order mark (`FF FE` or `FE FF`) is text: every
/// character has a NUL beside it, but it is decoded as it is read.
pub(crate) fn not_text(start: &[u8]) -> Option<String> {
    if utf16(start) || !start.contains(&0) {
        return None;
    }
    let control =
        start.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)).count();
    (control * 10 > start.len() && !reads_as_text(start)).then(|| {
        format!(
            "not a text file: binary data, and no tag pair, move number or FEN ({control} control \
             bytes, NUL among them, in the first {} bytes)",
            start.len()
        )
    })
}

/// Why `start`, the first bytes of an input, is not `content` but another
/// kind of file the toolkit reads, if it is so: one line that says what
/// it looks like and which command reads it. Told by the first line that
/// is not blank: a tag pair or a move number is PGN, a FEN placement EPD;
/// PGC begins with a record marker, a byte below the space.
pub(crate) fn wrong_kind(start: &[u8], content: Content) -> Option<String> {
    let text = start.strip_prefix(b"\xef\xbb\xbf").unwrap_or(start);
    let first =
        text.split(|&b| b == b'\n' || b == b'\r').map(blanks_off).find(|line| !line.is_empty())?;
    let pgn = tag_pair(first) || move_number(first);
    match content {
        Content::Text if placement(first) && !pgn => Some(
            "looks like EPD (a FEN placement on its first line), not PGN: pgn epd reads it".into(),
        ),
        Content::Epd if pgn => Some(format!(
            "looks like PGN ({} on its first line), not EPD: pgn check reads it",
            if tag_pair(first) { "a tag pair" } else { "a move number" }
        )),
        Content::Binary if pgn => {
            Some("looks like PGN text, not PGC: pgn pgc encode makes PGC of it".into())
        }
        _ => None,
    }
}

/// Whether `bytes` hold something that reads as PGN or EPD where a line
/// starts: a tag pair up to its value (`[Event "`), a move number before
/// a move (`1. e4`, `1.Nf3`), or the placement of a FEN or EPD record
/// (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR `). Binary data holds
/// such bytes hardly ever.
fn reads_as_text(bytes: &[u8]) -> bool {
    let line_starts = std::iter::once(0).chain(
        bytes.iter().enumerate().filter_map(|(i, &b)| (b == b'\n' || b == b'\r').then_some(i + 1)),
    );
    line_starts.filter_map(|i| bytes.get(i..)).any(|line| {
        let line = blanks_off(line);
        tag_pair(line) || move_number(line) || placement(line)
    })
}

/// `bytes` without the spaces and tabs they start with (not line ends:
/// each line is looked at once).
fn blanks_off(bytes: &[u8]) -> &[u8] {
    let blanks = bytes.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    &bytes[blanks..]
}

/// `[`, a tag name, and the `"` of its value, blanks allowed between.
fn tag_pair(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"[") else { return false };
    let rest = blanks_off(rest);
    let name = rest.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
    rest.first().is_some_and(u8::is_ascii_alphabetic)
        && blanks_off(&rest[name..]).first() == Some(&b'"')
}

/// `1.` (or `1...`), blanks, and the first letter of a move.
fn move_number(line: &[u8]) -> bool {
    let Some(rest) = line.strip_prefix(b"1.") else { return false };
    let rest = blanks_off(rest.strip_prefix(b"..").unwrap_or(rest));
    rest.first().is_some_and(|b| b"abcdefghKQRBNO".contains(b))
}

/// Eight ranks of a FEN placement, then a blank.
fn placement(line: &[u8]) -> bool {
    let field = line.iter().take_while(|b| b"12345678/pnbrqkPNBRQK".contains(b)).count();
    let ranks = line[..field].iter().filter(|&&b| b == b'/').count() + 1;
    ranks == 8 && line.get(field).is_some_and(|&b| b == b' ' || b == b'\t')
}

/// What the decompressing thread hands on: a chunk of data (empty at the
/// end of the input), or the error that stopped it.
type Message = io::Result<Vec<u8>>;

/// Starts a thread decompressing `compressed` as `format`, and returns the
/// reading end.
///
/// # Errors
///
/// The thread cannot be started.
fn decompress(format: Compression, compressed: impl Read + Send + 'static) -> io::Result<Chunks> {
    let (sender, receiver) = mpsc::sync_channel(CHUNKS);
    // Chunks that were read come back, so that they are not allocated anew.
    let (recycle, recycled) = mpsc::sync_channel(CHUNKS + 2);
    thread::Builder::new()
        .name(format!("{} decoder", format.name()))
        .spawn(move || produce(format, compressed, &sender, &recycled))?;
    Ok(Chunks { receiver, recycle, chunk: Vec::new(), at: 0, done: false })
}

/// The decompressing thread: sends chunks until the end of the input, an
/// error, or the reading end's going away.
fn produce(
    format: Compression,
    compressed: impl Read + 'static,
    sender: &SyncSender<Message>,
    recycled: &Receiver<Vec<u8>>,
) {
    let in_context =
        |err: io::Error| io::Error::new(err.kind(), format!("{} data: {err}", format.name()));
    let mut decoder = match format.decoder(compressed) {
        Ok(decoder) => decoder,
        Err(err) => {
            let _ = sender.send(Err(in_context(err)));
            return;
        }
    };
    loop {
        let mut chunk = recycled.try_recv().unwrap_or_default();
        chunk.resize(CHUNK, 0);
        let message = fill(&mut decoder, &mut chunk).map(|n| {
            chunk.truncate(n);
            chunk
        });
        let last = !matches!(&message, Ok(chunk) if !chunk.is_empty());
        // A failed send: the reader has gone, and so can this thread.
        if sender.send(message.map_err(in_context)).is_err() || last {
            return;
        }
    }
}

/// Reads into `buf` until it is full or the input ends; how many bytes.
fn fill(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match input.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(filled)
}

/// The reading end of a decompressing thread.
struct Chunks {
    receiver: Receiver<Message>,
    recycle: SyncSender<Vec<u8>>,
    /// The chunk being read, from `at` on.
    chunk: Vec<u8>,
    at: usize,
    /// The end was reached, or an error was returned.
    done: bool,
}

impl Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.chunk.len() {
            if self.done {
                return Ok(0);
            }
            let next = match self.receiver.recv() {
                Ok(Ok(next)) => next,
                Ok(Err(err)) => {
                    self.done = true;
                    return Err(err);
                }
                // Only a panic ends the thread without a last message.
                Err(mpsc::RecvError) => {
                    self.done = true;
                    return Err(io::Error::other("the decompressing thread stopped"));
                }
            };
            self.done = next.is_empty();
            let _ = self.recycle.try_send(std::mem::replace(&mut self.chunk, next));
            self.at = 0;
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_is_told_from_text_with_stray_bytes() {
        assert!(not_text(b"1. e4 e5 *\n").is_none());
        // One stray NUL in text: the reader reports it.
        assert!(not_text(b"[Event \"a\0\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").is_none());
        let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0";
        assert!(not_text(elf).is_some_and(|why| why.starts_with("not a text file: binary data")));
        assert!(not_text(b"").is_none());
    }

    #[test]
    fn binary_data_after_pgn_or_epd_is_left_to_the_reader() {
        let after = |text: &[u8]| {
            let mut bytes = text.to_vec();
            bytes.resize(SNIFF, 0);
            not_text(&bytes)
        };
        assert!(after(b"[Event \"x\"]\n").is_none());
        assert!(after(b"\n  [ Event\t\"x\"]").is_none());
        assert!(after(b"1. e4 e5").is_none());
        assert!(after(b"1...Nf6").is_none());
        assert!(after(b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5;").is_none());
        // Line ends only, each looked at once.
        let mut ends = vec![b'\n'; SNIFF / 2];
        ends.resize(SNIFF, 0);
        assert!(not_text(&ends).is_some());
        // Not quite PGN: version numbers, brackets without a value.
        for text in [&b"v1.0 [x]"[..], b"1.0", b"[Event x]", b"8/8/8/8 w", b"GLIBC_2.2.5"] {
            assert!(after(text).is_some(), "{:?}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn utf16_is_told_by_its_byte_order_mark() {
        let le: Vec<u8> =
            "\u{feff}[Event \"x\"]".encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> =
            "\u{feff}[Event \"x\"]".encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(not_text(&le), None);
        assert_eq!(not_text(&be), None);
        assert!(utf16(&le) && utf16(&be));
        // Without the mark, a NUL every other byte: binary data.
        let bare: Vec<u8> =
            "[Event \"x\"]\n1. e4".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(not_text(&bare).is_some_and(|why| why.starts_with("not a text file: binary data")));
    }

    /// A source that fails after its data.
    struct Failing(io::Cursor<Vec<u8>>);

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(io::Error::other("the disk is on fire")),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn chunks_read_in_any_sizes_give_the_data_then_the_error() {
        let data: Vec<u8> = (0..3 * CHUNK as u32 + 17).map(|i| (i * 7 % 251) as u8).collect();
        let compressed = zstd::encode_all(&data[..], 1).expect("compressed");
        let mut chunks =
            decompress(Compression::Zstd, io::Cursor::new(compressed.clone())).expect("a thread");
        let mut read = Vec::new();
        let mut buf = vec![0; 1000];
        loop {
            match chunks.read(&mut buf).expect("no error") {
                0 => break,
                n => read.extend_from_slice(&buf[..n]),
            }
        }
        assert!(read == data, "{} bytes read of {}", read.len(), data.len());
        assert_eq!(chunks.read(&mut buf).expect("still the end"), 0);
        // The source fails in the middle of the frame.
        let half = compressed[..compressed.len() / 2].to_vec();
        let mut chunks =
            decompress(Compression::Zstd, Failing(io::Cursor::new(half))).expect("a thread");
        let err = io::copy(&mut chunks, &mut io::sink()).expect_err("the source fails");
        assert_eq!(err.to_string(), "zstd data: the disk is on fire");
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
