//! How many threads a command reads on (`--threads`), and the one way
//! every command reads its inputs on them: `pgn_syntax`'s
//! [`ParallelReader`] for PGN, `pgn_pgc::parallel` for PGC. What comes out is
//! the same whatever the number of threads.

use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use pgn_syntax::ParallelReader;
use pgn_syntax::parallel::Work;
use pgn_syntax::ranges::ByteRange;

use crate::input;

/// How many threads read an input, as options.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub(crate) struct ThreadArgs {
    /// Read on N threads, each reading a piece of the input at a time
    /// (the output is the same whatever N); 1 reads on one. Default: the
    /// number of cores (at most 64).
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
    /// The size of a piece in bytes (for tests).
    #[arg(long, value_name = "BYTES", hide = true)]
    piece_size: Option<usize>,
    /// The most games a piece's reader holds (for tests).
    #[arg(long, value_name = "N", hide = true)]
    piece_games: Option<u64>,
    /// Read only the games that start in this byte range of each file
    /// (START..END or START..): from the first game start (a tag line
    /// after an empty line) at or after START, to the first at or after
    /// END. Ranges that meet give each game once; `pgn ranges` makes
    /// them. Plain files only. Lines and game numbers in messages count
    /// from the range's first game; byte offsets are the file's.
    #[arg(long, value_name = "START..END")]
    range: Option<ByteRange>,
}

/// The size of a piece of a PGC input.
const PGC_PIECE: usize = 1 << 20;

impl ThreadArgs {
    /// The parallel reader these options make; also sets the byte range
    /// every input is read in (`--range`, [`input::set_range`]).
    pub(crate) fn reader(self) -> ParallelReader {
        self.set_range();
        let mut reader = ParallelReader::new();
        if let Some(n) = self.threads {
            reader = reader.threads(n);
        }
        if let Some(bytes) = self.piece_size {
            reader = reader.piece_size(bytes);
        }
        if let Some(games) = self.piece_games {
            reader = reader.piece_games(games);
        }
        reader
    }

    /// [`reader`](ThreadArgs::reader) for a command that keeps `busy`
    /// threads of its own busy beside the reading (`pgn table`'s Parquet
    /// encoders): without `--threads`, it reads on as many fewer threads
    /// than there are cores (at least one).
    pub(crate) fn reader_beside(self, busy: usize) -> ParallelReader {
        let reader = self.reader();
        match self.threads {
            Some(_) => reader,
            None => {
                let n = reader.thread_count().saturating_sub(busy);
                reader.threads(NonZeroUsize::new(n).unwrap_or(NonZeroUsize::MIN))
            }
        }
    }

    /// Sets the byte range every input is read in, if one was given.
    fn set_range(self) {
        if let Some(range) = self.range {
            input::set_range(range);
        }
    }

    /// The threads to read on; also sets the byte range every input is
    /// read in (which a PGC input refuses).
    pub(crate) fn count(self) -> NonZeroUsize {
        self.set_range();
        let cores = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
        let most =
            NonZeroUsize::new(pgn_syntax::parallel::MAX_THREADS).unwrap_or(NonZeroUsize::MIN);
        self.threads.unwrap_or(cores).min(most)
    }

    /// The size of a piece of a PGC input.
    pub(crate) fn piece(self) -> usize {
        self.piece_size.unwrap_or(PGC_PIECE).max(1)
    }
}

/// Reads `input` with `reader`, lending what `work` makes of each game to
/// `take` in input order (and giving it back to the thread that made it,
/// [`Work::recycle`]); returns the input's read error, if any.
///
/// # Errors
///
/// The first error of `take` (a failure to write): the read stops.
pub(crate) fn read_input<W: Work>(
    reader: ParallelReader,
    input: impl Read + Send,
    work: &W,
    mut take: impl FnMut(&mut W::Item) -> io::Result<()>,
) -> io::Result<Option<io::Error>> {
    let reader = reader.base(input::base());
    let finished = reader.read_lending(input, work, |item| match take(item) {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => ControlFlow::Break(e),
    })?;
    Ok(finished.error)
}
