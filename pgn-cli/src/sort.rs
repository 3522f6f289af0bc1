//! `pgn sort`: the games of every input in export format, in the order of
//! the §12 collating sequence, written to a file; inputs larger than
//! memory too.
//!
//! The eighth key of §12 is the movetext "including spaces and newline
//! characters", that is the exported movetext, so games are sorted as
//! export writes them. Two passes, holding keys and offsets but no game:
//!
//! 1. Every game is read, replayed and exported as by `pgn export`
//!    ([`export_inputs`]) and appended to a temporary file beside the
//!    output (`OUT.sort-tmp`). Of each game only a [`Record`] is kept: its
//!    [`TagKey`] (the seven tag keys, one allocation), where its text and
//!    its movetext are in the temporary file, and the first [`PREFIX`]
//!    bytes of its movetext.
//! 2. The records are sorted stably ([`sorted_order`]) by their tag keys
//!    and movetext prefixes ([`collate_prefix`]); only when two games have
//!    equal tag keys and prefixes that cannot decide are the rest of their
//!    movetexts read from the temporary file and compared, a chunk at a
//!    time. The games are then copied from the temporary file to the
//!    output in that order.
//!
//! The temporary file is removed at the end of the run, also when it
//! fails or is interrupted. The output is staged ([`crate::output`]) before
//! the first pass, so that a name that cannot be written fails at once,
//! and put in place only after the second, so that it may be one of the
//! inputs.

use std::cmp::Ordering;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::PathBuf;

use pgn_export::ExportedGame;
use pgn_export::collate::{HeldMovetext, TagKey, collate_prefix};
use pgn_replay::Replayed;

use crate::export::ExportArgs;
use pgn_syntax::ParallelReader;

use crate::export_pass::export_inputs;
use crate::output::{self, TempPath};
use crate::report::{Diagnostics, NoiseArgs};
use crate::{Status, cannot_create, create_output};

/// How many bytes of each movetext are held in memory. Most ties of the
/// seven tag keys (games of one player in one round, say, or all games of
/// a file without tags) are decided within the first moves; the rest are
/// read from the temporary file.
const PREFIX: usize = 32;

/// How many bytes of each of two movetexts are read at a time when their
/// prefixes cannot decide.
const CHUNK: usize = 4096;

/// What is added to the output's name to name the temporary file.
pub(crate) const TEMP_SUFFIX: &str = ".sort-tmp";

/// What is held of one game: its sort key and where its text is in the
/// temporary file.
struct Record {
    /// The first seven keys of §12.
    key: TagKey,
    /// Where the game's text (tags, movetext, empty lines) starts in the
    /// temporary file.
    start: u64,
    /// Where it ends.
    end: u64,
    /// Where its movetext is, without the empty line after it.
    movetext: Range<u64>,
    /// The first bytes of the movetext (as many as it has, up to
    /// [`PREFIX`]), the rest zeros.
    prefix: [u8; PREFIX],
}

impl Record {
    /// The record of `game`, whose text `output[game.text]` is written to
    /// the temporary file at `offset`.
    fn new(game: &Replayed<ExportedGame>, output: &[u8], offset: u64) -> Record {
        let (info, game) = (&game.info, &game.output);
        let at = |i: usize| offset + (i - game.text.start) as u64;
        let movetext = &output[game.movetext.clone()];
        let mut prefix = [0; PREFIX];
        let held = movetext.len().min(PREFIX);
        prefix[..held].copy_from_slice(&movetext[..held]);
        Record {
            key: TagKey::new(&info.tags, game.result),
            start: offset,
            end: at(game.text.end),
            movetext: at(game.movetext.start)..at(game.movetext.end),
            prefix,
        }
    }

    fn movetext_len(&self) -> u64 {
        self.movetext.end - self.movetext.start
    }

    /// The movetext as far as it is held, or as far as `max` bytes
    /// (at most [`PREFIX`]).
    fn held(&self, max: usize) -> HeldMovetext<'_> {
        let max = max.min(PREFIX);
        match usize::try_from(self.movetext_len()) {
            Ok(len) if len <= max => HeldMovetext::Whole(&self.prefix[..len]),
            _ => HeldMovetext::Start(&self.prefix[..max]),
        }
    }
}

/// The temporary file of a run, removed when dropped.
struct TempFile {
    /// Removes the file when dropped, or when the run is interrupted.
    _path: TempPath,
    file: File,
}

impl TempFile {
    /// Creates (or empties) the file at `path`, for reading and writing.
    fn create(path: PathBuf) -> io::Result<TempFile> {
        let (path, file) = TempPath::create(path)?;
        Ok(TempFile { _path: path, file })
    }
}

/// The name of the temporary file of a run writing to `output`.
pub(crate) fn temp_path(output: &str) -> PathBuf {
    let mut name = OsString::from(output);
    name.push(TEMP_SUFFIX);
    PathBuf::from(name)
}

/// Reads the value of `-o` for `pgn sort`: any name but `-`, since the
/// sorted games go to a file with the temporary file beside it.
pub(crate) fn parse_output(s: &str) -> Result<String, String> {
    if s == "-" {
        Err("the sorted games go to a file, beside which the games wait while they are \
             sorted; `-` (standard output) is not one"
            .to_owned())
    } else {
        Ok(s.to_owned())
    }
}

/// Runs `pgn sort` over `files`, writing to the file `output`.
pub(crate) fn run(
    files: &[String],
    output: &str,
    args: ExportArgs,
    noise: NoiseArgs,
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let temp_path = temp_path(output);
    let temp = match TempFile::create(temp_path.clone()) {
        Ok(temp) => temp,
        Err(err) => {
            cannot_create(&mut status, &mut diagnostics.out, "sort", temp_path.display(), &err)?;
            return Ok(status);
        }
    };
    // Staged: the output may be one of the inputs, which is replaced only
    // when the sorted games are complete.
    let Some(mut out) = create_output(Some(output), &mut status, &mut diagnostics.out, "sort")?
    else {
        return Ok(status);
    };

    let mut records = Vec::new();
    let mut spill = BufWriter::with_capacity(1 << 16, &temp.file);
    let mut offset = 0;
    let total = export_inputs(
        "sort",
        files,
        (args, reader),
        &mut diagnostics,
        &mut status,
        |game, text| {
            if game.output.written() {
                records.push(Record::new(game, text, offset));
                let text = &text[game.output.text.clone()];
                spill.write_all(text)?;
                offset += text.len() as u64;
            }
            Ok(())
        },
    )?;
    spill.flush()?;
    drop(spill);

    // Sorting in place writes over an input: only when all of it was read
    // and every game of it is written, or games would be lost.
    // The same file by any name (a hard link too), as outputs are compared.
    let in_place = output::clash(files, &[output]).is_some();
    if in_place && (status.unreadable > 0 || total.skipped > 0) {
        let why = if status.unreadable > 0 {
            "an input could not be read"
        } else {
            "games were left out"
        };
        let why = format_args!("{output} left as it was: it is an input and {why}");
        crate::report::write_failure(&mut diagnostics.out, "sort", None, why)?;
        status.unreadable += 1;
        drop((out, temp));
        diagnostics.finish("sort")?;
        diagnostics.summary(total.summary(""))?;
        diagnostics.out.flush()?;
        return Ok(status);
    }
    let order = sorted_order(&records, PREFIX, &temp.file)?;
    let mut buf = vec![0; 1 << 16];
    for &i in &order {
        let record = &records[i];
        copy_range(&temp.file, record.start..record.end, &mut buf, &mut out)?;
    }
    out.finish(&status, &mut diagnostics.out, "sort")?;
    drop(temp);

    diagnostics.finish("sort")?;
    diagnostics.summary(total.summary(""))?;
    diagnostics.out.flush()?;
    Ok(status)
}

/// The indexes of `records` in the order of the §12 collating sequence,
/// stable (records with equal keys and equal movetexts keep their order).
/// Ties that the tag keys and the first `held` bytes of the movetexts
/// cannot decide are decided by the movetexts in `file`.
///
/// # Errors
///
/// `file` cannot be read.
fn sorted_order(records: &[Record], held: usize, file: &File) -> io::Result<Vec<usize>> {
    let mut order: Vec<usize> = (0..records.len()).collect();
    let mut failure = None;
    order.sort_by(|&a, &b| {
        // After a failure to read the temporary file (only an I/O error
        // leads here, never the input) every pair is equal, so that the
        // comparison stays a total order; the failure is returned below.
        if failure.is_some() {
            return Ordering::Equal;
        }
        let (a, b) = (&records[a], &records[b]);
        collate_prefix(&a.key, a.held(held), &b.key, b.held(held)).unwrap_or_else(|| {
            // The bytes held of both are equal: compare from there on.
            let same = held.min(PREFIX) as u64;
            let same = same.min(a.movetext_len()).min(b.movetext_len());
            let a = a.movetext.start + same..a.movetext.end;
            let b = b.movetext.start + same..b.movetext.end;
            compare_stored(file, a, b).unwrap_or_else(|err| {
                failure = Some(err);
                Ordering::Equal
            })
        })
    });
    match failure {
        Some(err) => Err(err),
        None => Ok(order),
    }
}

/// Compares the bytes of `file` in `a` with those in `b`, in byte order,
/// reading [`CHUNK`] bytes of each at a time.
fn compare_stored(file: &File, mut a: Range<u64>, mut b: Range<u64>) -> io::Result<Ordering> {
    let mut a_bytes = [0; CHUNK];
    let mut b_bytes = [0; CHUNK];
    loop {
        let (a_left, b_left) = (a.end - a.start, b.end - b.start);
        // At most CHUNK, so it fits.
        let n = a_left.min(b_left).min(CHUNK as u64) as usize;
        if n == 0 {
            return Ok(a_left.cmp(&b_left));
        }
        read_exact_at(file, a.start, &mut a_bytes[..n])?;
        read_exact_at(file, b.start, &mut b_bytes[..n])?;
        match a_bytes[..n].cmp(&b_bytes[..n]) {
            Ordering::Equal => {
                a.start += n as u64;
                b.start += n as u64;
            }
            unequal => return Ok(unequal),
        }
    }
}

/// Fills `buf` from `file` at `offset`.
fn read_exact_at(mut file: &File, offset: u64, buf: &mut [u8]) -> io::Result<()> {
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buf)
}

/// Copies the bytes of `file` in `range` to `out`, through `buf`.
///
/// Not `io::copy`: between files it would flush `out` and make a system
/// call for every game, most of them a few hundred bytes.
fn copy_range(
    mut file: &File,
    range: Range<u64>,
    buf: &mut [u8],
    out: &mut impl Write,
) -> io::Result<()> {
    file.seek(SeekFrom::Start(range.start))?;
    let mut left = range.end - range.start;
    while left > 0 {
        // At most the buffer's length, so it fits.
        let n = left.min(buf.len() as u64) as usize;
        file.read_exact(&mut buf[..n])?;
        out.write_all(&buf[..n])?;
        left -= n as u64;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use pgn_export::collate::sort_by_collation;
    use pgn_replay::pgn_syntax::Tags;
    use pgn_replay::pgn_syntax::tags::GameResult;

    use super::*;

    /// A tag key with this White and everything else unknown.
    fn key(white: &str) -> TagKey {
        let mut tags = Tags::new();
        tags.push(&b"White"[..], white.as_bytes());
        TagKey::new(&tags, GameResult::Unknown)
    }

    /// Writes the movetexts of `games` to a file at `path` (each after a
    /// fake tag section, and with an empty line after it, as in a real
    /// run) and returns the file and the records.
    fn stored(path: &Path, games: &[(TagKey, Vec<u8>)]) -> (TempFile, Vec<Record>) {
        let temp = TempFile::create(path.to_owned()).unwrap();
        let mut records = Vec::new();
        let mut offset = 0;
        for (key, movetext) in games {
            let mut text = b"[tags]\n\n".to_vec();
            let start = text.len();
            text.extend_from_slice(movetext);
            let end = text.len();
            text.push(b'\n');
            (&temp.file).write_all(&text).unwrap();
            let mut prefix = [0; PREFIX];
            let held = movetext.len().min(PREFIX);
            prefix[..held].copy_from_slice(&movetext[..held]);
            records.push(Record {
                key: key.clone(),
                start: offset,
                end: offset + text.len() as u64,
                movetext: offset + start as u64..offset + end as u64,
                prefix,
            });
            offset += text.len() as u64;
        }
        (temp, records)
    }

    fn temp_name(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("pgn-sort-{}-{name}", std::process::id()))
    }

    /// Movetexts that tie for long stretches: a common start longer than
    /// the prefix and than a chunk, one the start of another, equal ones.
    fn games() -> Vec<(TagKey, Vec<u8>)> {
        let long = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 ".repeat(100);
        let movetexts = [
            format!("{long}*\n"),
            format!("{long}1-0\n"),
            long.clone(),
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 d6 *\n".to_owned(),
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n".to_owned(),
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 d6 *\n".to_owned(),
            "1. e4 *\n".to_owned(),
            "1. e4\n*\n".to_owned(),
            String::new(),
            format!("{long}*\n"),
            format!("{}x", &long[..CHUNK]),
            format!("{}a", &long[..CHUNK]),
        ];
        let mut games = Vec::new();
        for white in ["B", "A"] {
            for movetext in &movetexts {
                games.push((key(white), movetext.clone().into_bytes()));
            }
        }
        games
    }

    #[test]
    fn the_file_decides_what_the_prefixes_cannot_as_memory_would() {
        let games = games();
        let mut in_memory: Vec<(&TagKey, &[u8], usize)> =
            games.iter().enumerate().map(|(i, (key, movetext))| (key, &movetext[..], i)).collect();
        sort_by_collation(&mut in_memory, |&(key, movetext, _)| (key, movetext));
        let expected: Vec<usize> = in_memory.iter().map(|&(_, _, i)| i).collect();
        let (temp, records) = stored(&temp_name("fallback"), &games);
        // With no prefix, every tie of the tag keys is read from the file.
        for held in [0, 1, 5, 10, PREFIX] {
            let order = sorted_order(&records, held, &temp.file).unwrap();
            assert_eq!(order, expected, "holding {held} bytes");
        }
        // Equal games (0 and 9 of each player) keep their order, side by
        // side.
        let at = |i| order_position(&expected, i);
        assert_eq!(games[expected[0]].0.white(), b"A");
        for first in [0, 12] {
            assert_eq!(at(first) + 1, at(first + 9));
        }
    }

    fn order_position(order: &[usize], i: usize) -> usize {
        order.iter().position(|&j| j == i).unwrap()
    }

    #[test]
    fn stored_bytes_compare_across_chunks() {
        let mut a = vec![b'x'; 3 * CHUNK];
        let b = a.clone();
        a[2 * CHUNK + 5] = b'a';
        let games = [(key("W"), a), (key("W"), b)];
        let (temp, records) = stored(&temp_name("chunks"), &games);
        let range = |r: &Record| r.movetext.clone();
        let file = &temp.file;
        assert_eq!(
            compare_stored(file, range(&records[0]), range(&records[1])).unwrap(),
            Ordering::Less
        );
        assert_eq!(
            compare_stored(file, range(&records[1]), range(&records[0])).unwrap(),
            Ordering::Greater
        );
        assert_eq!(
            compare_stored(file, range(&records[1]), range(&records[1])).unwrap(),
            Ordering::Equal
        );
        // A shorter range that is the start of the other comes first.
        let short = records[1].movetext.start..records[1].movetext.end - 1;
        assert_eq!(compare_stored(file, short, range(&records[1])).unwrap(), Ordering::Less);
    }

    #[test]
    fn a_temporary_file_is_removed_when_dropped() {
        let path = temp_name("removed");
        let temp = TempFile::create(path.clone()).unwrap();
        assert!(path.exists());
        drop(temp);
        assert!(!path.exists());
    }

    #[test]
    fn the_temporary_file_is_beside_the_output() {
        assert_eq!(temp_path("out/sorted.pgn"), Path::new("out/sorted.pgn.sort-tmp"));
    }
}
