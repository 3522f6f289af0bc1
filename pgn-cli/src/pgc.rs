//! `pgn pgc encode | decode | dump`: PGN to PGC (§20) and back, and the
//! records of a PGC file one per line. The codec is the `pgn-pgc` crate; the
//! command is where it meets `pgn-export` (decode writes export format).

use std::fmt::Write as _;
use std::io::{self, BufWriter, Read, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use clap::Subcommand;
use pgn_export::{ExportOptions, IoSink, Sink, Writer};
use pgn_pgc::record::{ReadError, Record, RecordReader};
use pgn_pgc::{
    Decoder, Dropped, EncodeError, EncodeOptions, EncodedGame, GameDecoder, StreamEncoder,
};
use pgn_replay::{Event, Replayed, Replayer};
use pgn_syntax::parallel::Work;
use pgn_syntax::{ParallelReader, Relocate, Severity, Shift};
use san::San;

use crate::input::Content;
use crate::report::{Diagnostics, NoiseArgs, VariantArgs};
use crate::threads::{ThreadArgs, read_input};
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
    /// --lossy. The exit code is 1 when a game was left out. Every core
    /// reads (see --threads), with the same output.
    #[command(
        after_help = "Examples:\n  pgn pgc encode data/lichess-sample.pgn --lossy -o sample.pgc\n  pgn pgc encode games.pgn -o games.pgc"
    )]
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
        variants: VariantArgs,
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
    /// error. Every core decodes (see --threads), with the same output.
    #[command(
        after_help = "Examples:\n  pgn pgc decode sample.pgc -o sample.pgn\n  pgn pgc decode sample.pgc | pgn check -"
    )]
    Decode {
        /// PGC files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        /// Write to this file instead of standard output.
        #[arg(short, long, value_name = "OUT.pgn")]
        output: Option<String>,
        #[command(flatten)]
        threads: ThreadArgs,
        #[command(flatten)]
        noise: NoiseArgs,
    },
    /// Print the records of PGC files, one per line.
    ///
    /// Each line has the record's byte offset, its marker, its name and
    /// what it holds: tag pairs as `Name "value"`, moves as `ordinal:SAN`,
    /// NAGs as `$N`, escape strings as `%text`. A malformed record ends
    /// the file with an error on standard error (exit code 1).
    #[command(after_help = "Examples:\n  pgn pgc dump sample.pgc | head")]
    Dump {
        /// PGC files, plain or compressed; `-` reads standard input.
        #[arg(required = true)]
        files: Vec<String>,
        #[command(flatten)]
        noise: NoiseArgs,
    },
}

/// Runs a `pgn pgc` subcommand.
pub(crate) fn run(command: PgcCommand) -> io::Result<Status> {
    match command {
        PgcCommand::Encode { files, output, lossy, variants, threads, noise } => {
            encode(&files, &output, (lossy, variants), threads.reader(), noise)
        }
        PgcCommand::Decode { files, output, threads, noise } => {
            decode(&files, output.as_deref(), (threads.count(), threads.piece()), noise)
        }
        PgcCommand::Dump { files, noise } => dump(&files, noise),
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
    (lossy, variants): (bool, VariantArgs),
    reader: ParallelReader,
    noise: NoiseArgs,
) -> io::Result<Status> {
    const COMMAND: &str = "pgc encode";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    if status.refuses_outputs(&mut diagnostics.out, COMMAND, files, &[Some(output)])? {
        return Ok(status);
    }
    let Some(mut out) = create_output(Some(output), &mut status, &mut diagnostics.out, COMMAND)?
    else {
        return Ok(status);
    };
    let options = EncodeOptions { lossy };
    let mut take = TakeEncoded {
        name: "",
        out: &mut out,
        diagnostics: &mut diagnostics,
        counts: Counts::default(),
        dropped: Dropped::default(),
    };
    let work = EncodeWork { options, variants };
    for name in files {
        take.name = name;
        let Some(input) = status.open(&mut take.diagnostics.out, COMMAND, name)? else {
            continue;
        };
        take.diagnostics.input(name);
        let mut input = Counting { inner: input, bytes: 0 };
        let failure = read_input(reader, &mut input, &work, |encoded| {
            if let Some(records) = &encoded.records {
                take.diagnostics.games(1);
                take.records(records, 1)?;
            }
            take.dropped.add(encoded.dropped);
            match &encoded.error {
                Some(error) => take.error(error),
                None => Ok(()),
            }
        })?;
        take.counts.bytes_in += input.bytes;
        if let Some(err) = failure {
            unreadable(&mut status, &mut take.diagnostics.out, COMMAND, name, &err)?;
        }
    }
    let TakeEncoded { counts, dropped, .. } = take;
    status.input_errors = counts.errors > 0;
    if counts.games == 0 && counts.errors > 0 && status.unreadable == 0 {
        // Nothing to write: no empty file is left in OUT's place.
        drop(out);
        let why = "no game could be encoded";
        crate::report::write_failure(
            &mut diagnostics.out,
            COMMAND,
            None,
            format_args!("{output} not written: {why}"),
        )?;
    } else {
        out.finish(&status, &mut diagnostics.out, COMMAND)?;
    }
    diagnostics.finish(COMMAND)?;
    let mut line = counts.summary();
    if lossy {
        let Dropped { comments, null_moves, after_null, annotations } = dropped;
        let _ = write!(
            line,
            " dropped_comments={comments} dropped_null_moves={null_moves} \
             dropped_moves={after_null} dropped_annotations={annotations}"
        );
    }
    diagnostics.summary(line)?;
    diagnostics.out.flush()?;
    Ok(status)
}

/// How each reader of `pgn pgc encode` replays and encodes its games.
struct EncodeWork {
    options: EncodeOptions,
    variants: VariantArgs,
}

/// What a worker hands on of a game encoded: its records (none for the
/// text after the last game), what was dropped of it, and why it was not
/// encoded, if it was not.
struct Encoded {
    records: Option<Vec<u8>>,
    dropped: Dropped,
    error: Option<EncodeError>,
}

impl Relocate for Encoded {
    fn relocate(&mut self, shift: Shift) {
        if let Some(error) = &mut self.error {
            error.game = shift.game(error.game);
        }
    }
}

impl Work for EncodeWork {
    type Visitor = Replayer<StreamEncoder>;
    type Item = Encoded;

    fn visitor(&self) -> Replayer<StreamEncoder> {
        Replayer::new(StreamEncoder::new(self.options))
    }

    fn item(
        &self,
        replayer: &mut Replayer<StreamEncoder>,
        mut game: Replayed<EncodedGame>,
    ) -> Encoded {
        let encoder = replayer.inner_mut();
        if self.variants.skips(&mut game.info) {
            encoder.clear_output();
            replayer.recycle(game.info);
            return Encoded { records: None, dropped: Dropped::default(), error: None };
        }
        let records = Some(encoder.output().to_vec());
        encoder.clear_output();
        let encoded =
            Encoded { records, dropped: game.output.dropped, error: game.output.error.take() };
        replayer.recycle(game.info);
        encoded
    }
}

/// The writing side of `pgn pgc encode`: the records of each game in
/// input order, an error for each game not encoded, and the counts.
struct TakeEncoded<'a, W: Write, E: Write> {
    /// The input being read.
    name: &'a str,
    out: &'a mut W,
    diagnostics: &'a mut Diagnostics<E>,
    counts: Counts,
    dropped: Dropped,
}

impl<W: Write, E: Write> TakeEncoded<'_, W, E> {
    /// Writes the records of `games` games.
    fn records(&mut self, records: &[u8], games: u64) -> io::Result<()> {
        self.counts.games += games;
        self.out.write_all(records)?;
        self.counts.bytes_out += records.len() as u64;
        Ok(())
    }

    /// Reports a game not encoded.
    fn error(&mut self, error: &EncodeError) -> io::Result<()> {
        self.counts.errors += 1;
        let line = format_args!(" game {}: error: game not encoded: {}", error.game, error.kind);
        self.diagnostics.report(Severity::Error, "game not encoded", self.name, line)
    }
}

/// Runs `pgn pgc decode` on `threads.0` threads, in pieces of
/// `threads.1` bytes.
fn decode(
    files: &[String],
    output: Option<&str>,
    threads: (NonZeroUsize, usize),
    noise: NoiseArgs,
) -> io::Result<Status> {
    const COMMAND: &str = "pgc decode";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    if status.refuses_outputs(&mut diagnostics.out, COMMAND, files, &[output])? {
        return Ok(status);
    }
    let Some(out) = create_output(output, &mut status, &mut diagnostics.out, COMMAND)? else {
        return Ok(status);
    };
    let mut sink = IoSink(Counting { inner: out, bytes: 0 });
    let mut counts = Counts::default();
    for name in files {
        let Some(input) = status.open_as(&mut diagnostics.out, COMMAND, name, Content::Binary)?
        else {
            continue;
        };
        diagnostics.input(name);
        let mut stop = Stop { offset: 0, error: None };
        let decode = |piece: pgn_pgc::parallel::Piece<'_>| {
            let at = piece.offset();
            let mut text = Vec::new();
            let Ok(decoded) = decode_stream(piece, &mut text, at);
            (text, decoded)
        };
        // Stops at a piece that stops at an error (`None`), or at a
        // failure to write.
        let taken =
            pgn_pgc::parallel::in_pieces(input, threads.0, threads.1, decode, |(text, decoded)| {
                if let Err(e) = sink.put(&text) {
                    return ControlFlow::Break(Some(e));
                }
                counts.games += decoded.games;
                diagnostics.games(decoded.games);
                let stops = decoded.stop.error.is_some();
                stop = decoded.stop;
                if stops { ControlFlow::Break(None) } else { ControlFlow::Continue(()) }
            });
        if let Err(Some(e)) = taken {
            return Err(e);
        }
        counts.bytes_in += stop.offset;
        match stop.error {
            None => {}
            Some(ReadError::Decode(error)) => {
                counts.errors += 1;
                let line = format_args!(" error: {error}");
                diagnostics.report(Severity::Error, "malformed PGC", name, line)?;
            }
            Some(ReadError::Io(err)) => {
                unreadable(&mut status, &mut diagnostics.out, COMMAND, name, &err)?
            }
        }
    }
    let IoSink(Counting { inner: out, bytes }) = sink;
    counts.bytes_out = bytes;
    out.finish(&status, &mut diagnostics.out, COMMAND)?;
    status.input_errors = counts.errors > 0;
    diagnostics.finish(COMMAND)?;
    diagnostics.summary(counts.summary())?;
    diagnostics.out.flush()?;
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
            Ok(pgn_pgc::Decoded::Game(game)) => {
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
            Ok(pgn_pgc::Decoded::Escape(_)) => {}
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

fn dump(files: &[String], noise: NoiseArgs) -> io::Result<Status> {
    const COMMAND: &str = "pgc dump";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let mut out = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    for name in files {
        let Some(input) = status.open_as(&mut diagnostics.out, COMMAND, name, Content::Binary)?
        else {
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
                        let line = format_args!(" error: {error}");
                        diagnostics.report(Severity::Error, "malformed PGC", name, line)?;
                    }
                    break;
                }
                Some(Ok(next)) => next,
                Some(Err(ReadError::Decode(error))) => {
                    status.input_errors = true;
                    let line = format_args!(" error: {error}");
                    diagnostics.report(Severity::Error, "malformed PGC", name, line)?;
                    break;
                }
                Some(Err(ReadError::Io(err))) => {
                    unreadable(&mut status, &mut diagnostics.out, COMMAND, name, &err)?;
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
                let line = format_args!(" error: {error}");
                diagnostics.report(Severity::Error, "malformed PGC", name, line)?;
                break;
            }
        }
    }
    out.flush()?;
    diagnostics.finish(COMMAND)?;
    diagnostics.out.flush()?;
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
