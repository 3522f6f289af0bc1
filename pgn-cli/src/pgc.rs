//! `pgn pgc encode | decode | dump`: PGN to PGC (§20) and back, and the
//! records of a PGC file one per line. The codec is the `pgc` crate; the
//! command is where it meets `pgn-export` (decode writes export format).

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::sync::Mutex;

use clap::Subcommand;
use pgc::record::{Marker, ReadError, Record, RecordReader};
use pgc::{Decoder, Dropped, EncodeError, EncodeOptions, GameDecoder, StreamEncoder};
use pgn_export::{ExportOptions, IoSink, Sink, Writer};
use pgn_replay::{Event, Replayer};
use pgn_syntax::Reader;
use san::San;

use crate::input::{self, Content};
use crate::pieces::{self, FileFrom, Next, Piece, Plan, Shift, TakePieces, ThreadArgs, lock};
use crate::report::NoiseArgs;
use crate::{Status, create_output, unreadable};

/// The subcommands of `pgn pgc`.
#[derive(Subcommand)]
pub(crate) enum PgcCommand {
    /// Encode PGN games as PGC records (§20; rulings P1 to P8).
    ///
    /// A game with only the Seven Tag Roster and main-line moves is one
    /// reduced-export record (0x01); any other is a 0x05 .. 0x06 pair
    /// around its tag pairs (in export order), move sequences, NAGs
    /// (suffix annotations as NAGs), variations and escape strings. A
    /// game PGC cannot hold (comments, null moves, a move that cannot be
    /// played, a tag longer than 255 bytes) is left out with an error;
    /// --lossy drops comments and null moves (with the rest of their
    /// line) instead. The last line on standard error is `games=N
    /// bytes_in=I bytes_out=O errors=E` (bytes_in counts PGN after
    /// decompression), with the counts of what was dropped after it with
    /// --lossy. The exit code is 1 when a game was left out. A plain file
    /// larger than a MiB is read on every core, with the same output.
    Encode {
        /// PGN files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// The PGC file to write.
        #[arg(short, long, value_name = "OUT.pgc", required = true)]
        output: String,
        /// Drop comments and null moves (and the moves after a null move
        /// in its line) instead of leaving their games out.
        #[arg(long)]
        lossy: bool,
        #[command(flatten)]
        threads: ThreadArgs,
        #[command(flatten)]
        noise: NoiseArgs,
    },
    /// Decode PGC files and write their games in export format.
    ///
    /// Decoding is strict (ruling P7): the first malformed record ends the
    /// file with an error naming its byte offset; the games before it are
    /// written. The last line on standard error is `games=N bytes_in=I
    /// bytes_out=O errors=E` (bytes_in counts the PGC read, up to the
    /// error in a file that has one). The exit code is 1 when a file had an
    /// error. A plain file larger than a MiB is read on every core, with
    /// the same output.
    Decode {
        /// PGC files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "OUT.pgn")]
        output: Option<String>,
        #[command(flatten)]
        threads: ThreadArgs,
    },
    /// Print the records of PGC files, one per line.
    ///
    /// Each line has the record's byte offset, its marker, its name and
    /// what it holds: tag pairs as `Name "value"`, moves as `ordinal:SAN`,
    /// NAGs as `$N`, escape strings as `%text`. A malformed record ends
    /// the file with an error on standard error (exit code 1).
    Dump {
        /// PGC files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
    },
}

/// Runs a `pgn pgc` subcommand.
pub(crate) fn run(command: PgcCommand) -> io::Result<Status> {
    match command {
        PgcCommand::Encode { files, output, lossy, threads, noise } => {
            encode(&files, &output, lossy, threads.plan(), noise)
        }
        PgcCommand::Decode { files, output, threads } => {
            decode(&files, output.as_deref(), threads.plan())
        }
        PgcCommand::Dump { files } => dump(&files),
    }
}

/// Counts the bytes read or written through it.
struct Counting<R> {
    inner: R,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

/// The summary line's counts.
#[derive(Debug, Default)]
struct Counts {
    games: u64,
    bytes_in: u64,
    bytes_out: u64,
    errors: u64,
}

impl Counts {
    fn summary(&self) -> String {
        format!(
            "games={} bytes_in={} bytes_out={} errors={}",
            self.games, self.bytes_in, self.bytes_out, self.errors
        )
    }
}

fn encode(
    files: &[String],
    output: &str,
    lossy: bool,
    plan: Plan,
    noise: NoiseArgs,
) -> io::Result<Status> {
    const COMMAND: &str = "pgc encode";
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut status = Status::default();
    if status.refuses_outputs(&mut errors, COMMAND, files, &[Some(output)])? {
        return Ok(status);
    }
    let Some(mut out) = create_output(Some(output), &mut status, &mut errors, COMMAND)? else {
        return Ok(status);
    };
    let options = EncodeOptions { lossy };
    let mut take = TakeEncoded {
        name: "",
        options,
        out: &mut out,
        errors: &mut errors,
        counts: Counts::default(),
        dropped: Dropped::default(),
        // --quiet shows none; --max-diagnostics N at most N.
        shown: if noise.quiet { Some(0) } else { noise.max_diagnostics },
        hidden: 0,
    };
    for name in files {
        take.name = name;
        let failure = match input::plain_file(name).filter(|(_, len)| plan.splits(*len)) {
            Some((file, len)) => {
                let work = |starts: &[u64], k| encode_piece(&file, (starts, k, plan), options);
                let failure = pieces::read_file(&file, len, plan, work, &mut take)?;
                // The whole file was read, as one reader reads it.
                take.counts.bytes_in += len;
                failure
            }
            None => {
                let Some(input) = status.open(take.errors, COMMAND, name)? else { continue };
                let mut input = Counting { inner: input, bytes: 0 };
                let failure = take.stream(&mut input, 0)?;
                take.counts.bytes_in += input.bytes;
                failure
            }
        };
        if let Some(err) = failure {
            unreadable(&mut status, take.errors, COMMAND, name, &err)?;
        }
    }
    let TakeEncoded { counts, dropped, hidden, .. } = take;
    if hidden > 0 && !noise.quiet {
        let s = if hidden == 1 { "" } else { "s" };
        let max = noise.max_diagnostics.unwrap_or(0);
        writeln!(
            errors,
            "pgn {COMMAND}: {hidden} more error{s} not shown (--max-diagnostics {max})"
        )?;
    }
    out.finish(&status, &mut errors, COMMAND)?;
    status.input_errors = counts.errors > 0;
    let mut line = counts.summary();
    if lossy {
        let Dropped { comments, null_moves, after_null, annotations } = dropped;
        let _ = write!(
            line,
            " dropped_comments={comments} dropped_null_moves={null_moves} \
             dropped_moves={after_null} dropped_annotations={annotations}"
        );
    }
    writeln!(errors, "{line}")?;
    errors.flush()?;
    Ok(status)
}

/// What the reader of a piece of a PGN file kept of its games: their
/// records, and the errors of the games it could not encode (numbered
/// from the piece's start).
#[derive(Default)]
struct EncodedPiece {
    records: Vec<u8>,
    errors: Vec<EncodeError>,
    dropped: Dropped,
}

/// Encodes the games of a piece of a PGN file ([`pieces::read_piece`]).
fn encode_piece(
    file: &File,
    at: (&[u64], usize, Plan),
    options: EncodeOptions,
) -> Piece<EncodedPiece> {
    let mut replayer = Replayer::new(StreamEncoder::new(options));
    pieces::read_piece(
        file,
        at,
        &mut replayer,
        EncodedPiece::default(),
        |kept, mut game, replayer| {
            let encoder = replayer.inner_mut();
            kept.records.extend_from_slice(encoder.output());
            encoder.clear_output();
            kept.dropped.add(game.output.dropped);
            kept.errors.extend(game.output.error.take());
            replayer.recycle(game.info);
        },
    )
}

/// The writing side of `pgn pgc encode`: the records of each game in
/// input order, an error for each game not encoded, and the counts.
struct TakeEncoded<'a, W: Write, E: Write> {
    /// The input being read.
    name: &'a str,
    options: EncodeOptions,
    out: &'a mut W,
    errors: &'a mut E,
    counts: Counts,
    dropped: Dropped,
    /// How many more games left out may be reported, if bounded.
    shown: Option<u64>,
    /// How many were not reported for that bound.
    hidden: u64,
}

impl<W: Write, E: Write> TakeEncoded<'_, W, E> {
    /// Encodes the games of `input` on this thread, `games` games into
    /// the file; returns its read error, if any.
    fn stream(&mut self, input: impl Read, games: u64) -> io::Result<Option<io::Error>> {
        // A replayer an input (or the rest of one): games are numbered
        // from 1 in each file.
        let mut replayer = Replayer::new(StreamEncoder::new(self.options));
        let mut reader = Reader::new(input);
        loop {
            match reader.read_game(&mut replayer) {
                Ok(Some(mut game)) => {
                    let encoder = replayer.inner_mut();
                    self.records(encoder.output(), 1)?;
                    encoder.clear_output();
                    self.dropped.add(game.output.dropped);
                    if let Some(error) = game.output.error.take() {
                        self.error(&error, games)?;
                    }
                    replayer.recycle(game.info);
                }
                Ok(None) => return Ok(None),
                Err(err) => return Ok(Some(err)),
            }
        }
    }

    /// Writes the records of `games` games.
    fn records(&mut self, records: &[u8], games: u64) -> io::Result<()> {
        self.counts.games += games;
        self.out.write_all(records)?;
        self.counts.bytes_out += records.len() as u64;
        Ok(())
    }

    /// Reports a game not encoded, `games` games into the file before the
    /// input its number counts in.
    fn error(&mut self, error: &EncodeError, games: u64) -> io::Result<()> {
        self.counts.errors += 1;
        if let Some(left) = self.shown.as_mut() {
            if *left == 0 {
                self.hidden += 1;
                return Ok(());
            }
            *left -= 1;
        }
        let number = error.game + games;
        writeln!(
            self.errors,
            "{}: game {number}: error: game not encoded: {}",
            self.name, error.kind
        )
    }
}

impl<W: Write, E: Write> TakePieces<EncodedPiece> for TakeEncoded<'_, W, E> {
    fn piece(&mut self, piece: &mut Piece<EncodedPiece>, shift: Shift) -> io::Result<()> {
        let kept = &piece.kept;
        self.records(&kept.records, piece.games)?;
        self.dropped.add(kept.dropped);
        for error in &kept.errors {
            self.error(error, shift.games)?;
        }
        Ok(())
    }

    fn rest(&mut self, input: FileFrom<'_>, shift: Shift) -> io::Result<Option<io::Error>> {
        self.stream(input, shift.games)
    }
}

fn decode(files: &[String], output: Option<&str>, plan: Plan) -> io::Result<Status> {
    const COMMAND: &str = "pgc decode";
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut status = Status::default();
    if status.refuses_outputs(&mut errors, COMMAND, files, &[output])? {
        return Ok(status);
    }
    let Some(out) = create_output(output, &mut status, &mut errors, COMMAND)? else {
        return Ok(status);
    };
    let mut sink = IoSink(Counting { inner: out, bytes: 0 });
    let mut counts = Counts::default();
    for name in files {
        let stop = match input::plain_file_as(name, Content::Binary)
            .filter(|(_, l)| plan.splits(*l))
        {
            Some((file, len)) => decode_pieces(&file, len, plan, &mut sink, &mut counts)?,
            None => {
                let Some(input) = status.open_as(&mut errors, COMMAND, name, Content::Binary)?
                else {
                    continue;
                };
                let decoded = decode_stream(input, &mut sink, 0)?;
                counts.games += decoded.games;
                decoded.stop
            }
        };
        counts.bytes_in += stop.offset;
        match stop.error {
            None => {}
            Some(ReadError::Decode(error)) => {
                counts.errors += 1;
                writeln!(errors, "{name}: error: {error}")?;
            }
            Some(ReadError::Io(err)) => unreadable(&mut status, &mut errors, COMMAND, name, &err)?,
        }
    }
    let IoSink(Counting { inner: out, bytes }) = sink;
    counts.bytes_out = bytes;
    out.finish(&status, &mut errors, COMMAND)?;
    status.input_errors = counts.errors > 0;
    writeln!(errors, "{}", counts.summary())?;
    errors.flush()?;
    Ok(status)
}

/// Where decoding a PGC input stopped: at its end, or at its first error
/// (ruling P7), and the offset of the record after the last one read
/// (what `bytes_in` counts).
struct Stop {
    offset: u64,
    error: Option<ReadError>,
}

/// What decoding a PGC input (or a piece of one) gave.
struct Decoded {
    games: u64,
    stop: Stop,
}

/// Decodes the games of `input`, whose first byte is at `at` in its file,
/// and writes them in export format to `sink`; errors and the offset
/// where it stopped are given at their place in the file.
///
/// The writer is fed each game's movetext as it is decoded
/// ([`Decoder::next_with`]), so the game is not walked and replayed a
/// second time to be written (`pgn_export::Writer::write_game` would),
/// nor its movetext stored ([`Decoder::keep_movetext`]).
/// The tags come first in the output, so they are written when the game
/// is complete, before the movetext the writer holds.
fn decode_stream<S: Sink>(input: impl Read, sink: &mut S, at: u64) -> Result<Decoded, S::Error> {
    let mut writer = Writer::new(ExportOptions::default());
    writer.begin_movetext();
    let mut decoder = Decoder::new(input);
    // The movetext is written from the events alone.
    decoder.keep_movetext(false);
    let mut games = 0;
    let mut error = None;
    while let Some(item) = decoder.next_with(&mut |event| writer.event(event)) {
        match item {
            Ok(pgc::Decoded::Game(game)) => {
                games += 1;
                let result = game.result();
                writer.write_tags(&game.tags, result, sink)?;
                sink.put(b"\n")?;
                sink.put(writer.end_movetext(result))?;
                sink.put(b"\n")?;
                writer.begin_movetext();
                // The next game is made in this one's storage.
                decoder.recycle(game);
            }
            Ok(pgc::Decoded::Escape(_)) => {}
            // The decoder stops at its first error (ruling P7).
            Err(ReadError::Decode(mut e)) => {
                e.offset += at;
                error = Some(ReadError::Decode(e));
            }
            Err(e) => error = Some(e),
        }
    }
    Ok(Decoded { games, stop: Stop { offset: at + decoder.offset(), error } })
}

/// Decodes a plain PGC file in pieces on the plan's threads: the file is
/// cut where games begin ([`PgcCuts`]), so that each piece decodes alone
/// as it would in the file, and the pieces are written in order up to the
/// first that stops at an error. What is written and reported is what
/// decoding the file on one thread gives.
///
/// The cuts are found as the workers ask for them, not all before the
/// first starts: stepping over the records of the whole file is a few
/// per cent of the time decoding takes, and the cores would wait for it.
/// The text of a piece is written in a buffer that the calling thread
/// hands back once it has written it, so that no piece grows a new one.
fn decode_pieces<W: Write>(
    file: &File,
    len: u64,
    plan: Plan,
    sink: &mut IoSink<W>,
    counts: &mut Counts,
) -> io::Result<Stop> {
    let cuts = Mutex::new(PgcCuts::new(file, len, plan.piece));
    let buffers = Mutex::new(Vec::<Vec<u8>>::new());
    let mut stop = None;
    pieces::run(
        pieces::most_pieces(len, plan.piece),
        plan.threads,
        |k| {
            let (start, end) = {
                let mut cuts = lock(&cuts);
                (cuts.start(k), cuts.start(k + 1))
            };
            // Past the last piece: nothing (the calling thread stops at
            // the last, so this is never taken).
            let start = start?;
            let input = FileFrom::new(file, start, &[], usize::MAX);
            // The cuts increase strictly.
            let input = input.take(end.map_or(u64::MAX, |end| end.saturating_sub(start)));
            let mut text = lock(&buffers).pop().unwrap_or_default();
            text.clear();
            let Ok(decoded) = decode_stream(input, &mut text, start);
            Some((text, decoded, end.is_none()))
        },
        |k, piece| {
            let Some((text, decoded, last)) = piece else {
                // Never: a piece with no start comes after the last.
                return Ok(Next::Stop);
            };
            sink.put(&text)?;
            lock(&buffers).push(text);
            counts.games += decoded.games;
            if decoded.stop.error.is_some() || last {
                stop = Some(decoded.stop);
                return Ok(Next::Stop);
            }
            Ok(Next::Piece(k + 1))
        },
    )?;
    Ok(stop.unwrap_or(Stop { offset: 0, error: None }))
}

/// The offsets where the pieces of a PGC file start, found as far as
/// they are asked for: 0, then for each multiple of the piece size (finer
/// at the end of the file, as [`pieces::cuts`] does) the first record at
/// or after it that begins a game outside one (`0x01` or `0x05`), found
/// by stepping over the records by their markers and lengths
/// ([`RecordReader::skip_record`]). Records are read as far as they are
/// well formed: a malformed one is in the last piece, whose decoding
/// reports it.
struct PgcCuts<'f> {
    records: RecordReader<FileFrom<'f>>,
    starts: Vec<u64>,
    len: u64,
    piece: u64,
    /// Where the next cut may be, at the earliest.
    next: u64,
    /// Inside a `0x05` .. `0x06` game.
    in_game: bool,
    /// No record is left (or a malformed one came): no cut either.
    done: bool,
}

impl<'f> PgcCuts<'f> {
    /// The cuts of `file`, `len` bytes long, for pieces of `piece` bytes.
    fn new(file: &'f File, len: u64, piece: u64) -> PgcCuts<'f> {
        let piece = piece.max(1);
        PgcCuts {
            records: RecordReader::new(FileFrom::new(file, 0, &[], usize::MAX)),
            starts: vec![0],
            len,
            piece,
            next: piece,
            in_game: false,
            done: false,
        }
    }

    /// Where piece `k` starts, if the file has a piece `k`.
    fn start(&mut self, k: usize) -> Option<u64> {
        while self.starts.len() <= k && !self.done {
            let Some(Ok((at, marker))) = self.records.skip_record() else {
                self.done = true;
                break;
            };
            let begins = matches!(marker, Marker::ReducedGame | Marker::GameBegin);
            if begins && !self.in_game && at >= self.next {
                self.starts.push(at);
                self.next = pieces::next_nominal(at, self.len, self.piece);
            }
            match marker {
                Marker::GameBegin => self.in_game = true,
                Marker::GameEnd => self.in_game = false,
                _ => {}
            }
        }
        self.starts.get(k).copied()
    }
}

fn dump(files: &[String]) -> io::Result<Status> {
    const COMMAND: &str = "pgc dump";
    let mut errors = BufWriter::new(io::stderr().lock());
    let mut status = Status::default();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    for name in files {
        let Some(input) = status.open_as(&mut errors, COMMAND, name, Content::Binary)? else {
            continue;
        };
        if files.len() > 1 {
            writeln!(out, "# {name}")?;
        }
        let mut records = RecordReader::new(input);
        let mut games = GameDecoder::new();
        loop {
            let (offset, record) = match records.next_record() {
                None => {
                    if let Err(error) = games.finish(records.offset()) {
                        status.input_errors = true;
                        writeln!(errors, "{name}: error: {error}")?;
                    }
                    break;
                }
                Some(Ok(next)) => next,
                Some(Err(ReadError::Decode(error))) => {
                    status.input_errors = true;
                    writeln!(errors, "{name}: error: {error}")?;
                    break;
                }
                Some(Err(ReadError::Io(err))) => {
                    unreadable(&mut status, &mut errors, COMMAND, name, &err)?;
                    break;
                }
            };
            line.clear();
            let marker = record.marker();
            let _ = write!(line, "{offset}\t0x{:02x}\t{}", marker as u8, marker.name());
            describe(&record, &mut line);
            let mut sans = String::new();
            let decoded = games.record(offset, &record, &mut |event| {
                if let Event::Move(played) = event {
                    let _ = write!(sans, " {}", San::from_played(&played));
                }
            });
            // The moves, as ordinal:SAN, as far as they could be played.
            if let Record::Moves { moves, .. } | Record::ReducedGame { moves, .. } = record {
                for (ordinal, san) in moves.ordinals.iter().zip(sans.split_whitespace()) {
                    let _ = write!(line, " {ordinal}:{san}");
                }
            }
            writeln!(out, "{line}")?;
            if let Err(error) = decoded {
                status.input_errors = true;
                writeln!(errors, "{name}: error: {error}")?;
                break;
            }
        }
    }
    out.flush()?;
    errors.flush()?;
    Ok(status)
}

/// Appends what a record holds but its moves.
fn describe(record: &Record<'_>, line: &mut String) {
    match *record {
        Record::ReducedGame { roster, moves } => {
            for value in roster {
                let _ = write!(line, "\t\"{}\"", value.escape_ascii());
            }
            let _ = write!(line, "\t{} move(s):", moves.ordinals.len());
        }
        Record::TagPair { name, value } => {
            let _ = write!(line, "\t{} \"{}\"", name.escape_ascii(), value.escape_ascii());
        }
        Record::Moves { moves, .. } => {
            let _ = write!(line, "\t{} move(s):", moves.ordinals.len());
        }
        Record::Nag(nag) => {
            let _ = write!(line, "\t${nag}");
        }
        Record::Escape(text) => {
            let _ = write!(line, "\t%{}", text.escape_ascii());
        }
        Record::Noop
        | Record::GameBegin
        | Record::GameEnd
        | Record::VariationBegin
        | Record::VariationEnd => {}
    }
}
