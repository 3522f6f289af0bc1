//! Reading one plain file on several cores: the file is cut into pieces
//! at likely game starts, each piece is read by a reader of its own on a
//! worker thread, and the results are taken in file order by the calling
//! thread, which writes them. What comes out is what one reader reading
//! the whole file gives, byte for byte, diagnostics and their lines and
//! game numbers included.
//!
//! A cut is only a guess: a piece starts at a `[` that opens a line after
//! an empty line, which may as well lie inside a comment. So a guess is
//! checked. The reader of the piece before reads on past its end until a
//! game begins at or after the next cut, and tells where
//! ([`pgn_syntax::Reader::clean_start`]). When that game begins cleanly at
//! a cut, from there on the two readers read the same games: the piece is
//! *synced* to that cut, and the results of the pieces it read over are
//! dropped. A reader that reads far past its piece without syncing gives
//! up, and the calling thread reads the rest of the file alone; it reads
//! the last piece alone too.
//!
//! Memory stays bounded: the workers keep at most a few pieces ahead of
//! the one being written, each piece's results held until it is written,
//! and a worker's piece ends within a few pieces of where it started
//! (the last piece, which may be long, is not a worker's).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

use pgn_replay::GameDiagnostic;
use pgn_syntax::{Location, Reader, Visitor};

/// How far past the cut after its piece a reader reads, in pieces, before
/// it gives up joining: its results are held until then.
pub(crate) const GIVE_UP: u64 = 4;

/// How many threads read a plain file, as options.
#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub(crate) struct ThreadArgs {
    /// Read a plain file on N threads, each reading a piece of it (the
    /// output is the same whatever N); 1 reads on one. Default: the
    /// number of cores (at most 64). Compressed files and standard input
    /// are read on one thread.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The size of a piece in bytes (for tests).
    #[arg(long, value_name = "BYTES", hide = true)]
    piece_size: Option<u64>,
    /// The most games a piece's reader holds (for tests).
    #[arg(long, value_name = "N", hide = true)]
    piece_games: Option<u64>,
}

impl ThreadArgs {
    /// The plan these options make.
    pub(crate) fn plan(self) -> Plan {
        let cores = thread::available_parallelism().map_or(1, usize::from);
        let threads = self.threads.unwrap_or(cores).clamp(1, MAX_THREADS);
        Plan {
            threads,
            piece: self.piece_size.unwrap_or(PIECE).max(1),
            games: self
                .piece_games
                .unwrap_or((GAMES_IN_FLIGHT / threads as u64).max(MIN_GAMES))
                .max(1),
        }
    }
}

/// The most threads a run starts, whatever `--threads` asks.
pub(crate) const MAX_THREADS: usize = 64;

/// The default size of a piece: large enough that a worker's start and
/// the sync at its end cost little, small enough that two cores share a
/// file of a few megabytes and the results held stay small.
pub(crate) const PIECE: u64 = 1 << 20;

/// How many games the results of all the pieces in flight hold at most,
/// shared out among the threads ([`Plan::games`]). What a piece keeps of
/// a game is a few hundred bytes (its exported text, its diagnostics): a
/// file of a million games of a few bytes each must not make that a
/// gigabyte.
const GAMES_IN_FLIGHT: u64 = 16 * 1024;

/// The fewest games a piece may hold by default, whatever the number of
/// threads: with many threads, pieces stay large enough to be worth a
/// reader, and memory grows with the threads.
const MIN_GAMES: u64 = 1024;

/// The threads and piece size of a run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// Worker threads; 1 reads every file on the calling thread alone.
    pub(crate) threads: usize,
    /// The size of a piece in bytes.
    pub(crate) piece: u64,
    /// The most games a worker's piece holds: a piece whose reader reaches
    /// it gives up ([`PieceEnd::GaveUp`]), and the calling thread reads on
    /// from there alone. Pieces are cut small enough where games are
    /// small ([`cuts`]) that this is rare.
    pub(crate) games: u64,
}

impl Plan {
    /// Whether a file of `len` bytes is read in pieces.
    pub(crate) fn splits(&self, len: u64) -> bool {
        self.threads > 1 && len > self.piece
    }
}

/// The offsets where the pieces of `file` (`len` bytes) start: 0, then
/// for each place about a piece on from the last cut, the first `[` at or
/// after it that opens a line after an empty line (`\n\n[`, or
/// `\r\n\r\n[`). Strictly increasing; a stretch without such a place
/// makes one longer piece.
///
/// A piece is `plan.piece` bytes, or less where the games are small: the
/// empty lines of the bytes read at each place (about two a game) give
/// the size that holds about half of [`Plan::games`] games, at least
/// [`MIN_PIECE`].
///
/// The last [`TAIL`] pieces' worth of the file is cut [`TAIL_SPLIT`]
/// times finer: the calling thread reads the last piece alone, after
/// every other is done, and the workers' last pieces end unevenly, so
/// small pieces at the end shorten the time when a core is idle.
pub(crate) fn cuts(file: &File, len: u64, plan: Plan) -> io::Result<Vec<u64>> {
    // A game starts within the first few kilobytes after a place almost
    // always: a small read first, whole windows after a miss.
    const FIRST: usize = 4 * 1024;
    const WINDOW: usize = 64 * 1024;
    let most = plan.piece.max(1);
    let games = (plan.games / 2).max(1);
    let mut starts = vec![0];
    let mut buf = vec![0; WINDOW];
    let n = read_at(file, &mut buf[..FIRST], 0)?;
    let mut piece = piece_size(&buf[..n], most, games);
    let mut nominal = piece;
    while nominal < len {
        // The bytes before `nominal` too, to see the empty line before a
        // `[` right at it.
        let mut from = nominal.saturating_sub(3);
        let mut found = None;
        let mut size = FIRST;
        while from < len && found.is_none() {
            let n = read_at(file, &mut buf[..size], from)?;
            if n < 4 {
                break;
            }
            let window = &buf[..n];
            if size == FIRST {
                piece = piece_size(window, most, games);
            }
            found = (3..n)
                .find(|&i| window[i] == b'[' && opens_after_empty_line(&window[..i]))
                .map(|i| from + i as u64);
            from += (n - 3) as u64;
            size = WINDOW;
        }
        let Some(at) = found else { break };
        if at > *starts.last().unwrap_or(&0) && at < len {
            starts.push(at);
        }
        let tail = at >= len.saturating_sub(TAIL.saturating_mul(piece));
        nominal = at + if tail { (piece / TAIL_SPLIT).max(1) } else { piece };
    }
    Ok(starts)
}

/// The smallest piece [`cuts`] makes for small games (unless the plan's
/// pieces are smaller): the cost of starting a piece's reader stays small
/// beside the reading.
const MIN_PIECE: u64 = 16 * 1024;

/// The size of a piece that holds about `games` games of the kind in
/// `sample` (counting an empty line a game), between [`MIN_PIECE`] and
/// `most`.
fn piece_size(sample: &[u8], most: u64, games: u64) -> u64 {
    let empty_lines = sample.windows(2).filter(|w| w == b"\n\n").count()
        + sample.windows(3).filter(|w| w == b"\n\r\n").count();
    if empty_lines == 0 {
        return most;
    }
    let size = (sample.len() as u64).saturating_mul(games) / empty_lines as u64;
    size.clamp(MIN_PIECE.min(most), most)
}

/// Where to look for the cut after one at `at` in a file of `len` bytes,
/// for pieces of `piece` bytes: the next multiple of `piece`, or of an
/// eighth of it over the last two pieces' worth of the file ([`cuts`]).
pub(crate) fn next_nominal(at: u64, len: u64, piece: u64) -> u64 {
    let piece = piece.max(1);
    let step = if at >= len.saturating_sub(TAIL.saturating_mul(piece)) {
        (piece / TAIL_SPLIT).max(1)
    } else {
        piece
    };
    (at / step + 1) * step
}

/// At most how many pieces a file of `len` bytes is cut into, for pieces
/// of `piece` bytes: a cut is the first of its kind at or after a
/// nominal place ([`next_nominal`]), and those places are distinct
/// multiples of the piece or of the finer step at the end, all before the
/// end of the file.
pub(crate) fn most_pieces(len: u64, piece: u64) -> usize {
    let piece = piece.max(1);
    let fine = (piece / TAIL_SPLIT).max(1);
    usize::try_from(len / piece + len / fine + 1).unwrap_or(usize::MAX)
}

/// How many pieces' worth at the end of a file is cut finer.
const TAIL: u64 = 2;

/// How many times finer the end of a file is cut.
const TAIL_SPLIT: u64 = 8;

/// Whether `before` ends with an empty line: `\n\n` or `\r\n\r\n`.
fn opens_after_empty_line(before: &[u8]) -> bool {
    before.ends_with(b"\n\n") || before.ends_with(b"\r\n\r\n")
}

/// Reads into `buf` from `offset` of `file`, without moving a shared
/// cursor: as many bytes as there are, fewer only at the end.
fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match positioned(file, &mut buf[got..], offset + got as u64) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

#[cfg(unix)]
fn positioned(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

#[cfg(windows)]
fn positioned(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

/// A file read from an offset on, for one piece's reader; several share
/// the file. It counts the line ends it passes, and notes the count at
/// each of the cuts after its start (where the piece may sync), so that
/// no byte is read twice.
pub(crate) struct FileFrom<'f> {
    file: &'f File,
    /// The next offset to read.
    pos: u64,
    /// Line ends from the start to `pos`.
    line_ends: u64,
    /// The last byte read was a CR.
    after_cr: bool,
    /// The cuts after the start, and the line ends from the start up to
    /// each one reached so far.
    cuts: &'f [u64],
    at_cuts: Vec<u64>,
    /// The most one read gives: what the reader reads past the cut it
    /// syncs to is wasted.
    most: usize,
}

/// The buffer of a piece's reader and the most one read of it gives, for
/// pieces of `piece` bytes: 64 KiB, less for small pieces (tests).
pub(crate) fn read_size(piece: u64) -> usize {
    piece.clamp(4 << 10, 64 << 10) as usize
}

impl<'f> FileFrom<'f> {
    /// `file` from `offset` on, noting the line ends up to each of `cuts`
    /// (increasing, all after `offset`).
    pub(crate) fn new(file: &'f File, offset: u64, cuts: &'f [u64], most: usize) -> FileFrom<'f> {
        FileFrom {
            file,
            pos: offset,
            line_ends: 0,
            after_cr: false,
            cuts,
            at_cuts: Vec::new(),
            most: most.max(1),
        }
    }

    /// The line ends from the start up to `cuts[i]`, if it was reached.
    pub(crate) fn line_ends_to(&self, i: usize) -> Option<u64> {
        self.at_cuts.get(i).copied()
    }
}

impl Read for FileFrom<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let most = buf.len().min(self.most);
        let n = positioned(self.file, &mut buf[..most], self.pos)?;
        let read = &buf[..n];
        let end = self.pos + n as u64;
        // Each byte is counted once: up to each cut reached, then on to
        // the end of the read, unless no cut is left (past the last cut,
        // line ends are of no use).
        let mut counted = 0;
        let mut count = |upto: usize, this: &mut FileFrom<'_>| {
            let after_cr = match counted {
                0 => this.after_cr,
                i => read[i - 1] == b'\r',
            };
            this.line_ends += pgn_syntax::line_ends(&read[counted..upto], after_cr);
            counted = upto;
        };
        while let Some(&cut) = self.cuts.get(self.at_cuts.len()).filter(|&&c| c <= end) {
            count((cut - self.pos) as usize, self);
            self.at_cuts.push(self.line_ends);
        }
        if let (Some(&last), true) = (read.last(), self.at_cuts.len() < self.cuts.len()) {
            count(n, self);
            self.after_cr = last == b'\r';
        }
        self.pos = end;
        Ok(n)
    }
}

/// Where a piece of a file starts, to move what was read in it to its
/// place in the file: offsets, lines and game numbers.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shift {
    /// The piece's first byte (a line start).
    pub(crate) start: Location,
    /// Games before it.
    pub(crate) games: u64,
}

impl Shift {
    /// No shift: the start of the file.
    pub(crate) const NONE: Shift =
        Shift { start: Location { offset: 0, line: 1, column: 1 }, games: 0 };

    /// Moves a diagnostic to its place in the file.
    pub(crate) fn diagnostic(self, d: &mut GameDiagnostic) {
        d.relocate(self.start, self.games);
    }
}

/// How the reader of a piece stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PieceEnd {
    /// A game began cleanly at the start of this piece.
    Synced(usize),
    /// At the end of the file (or at an error).
    End,
    /// No game began cleanly at a cut within [`GIVE_UP`] pieces, or
    /// within [`Plan::games`] games.
    GaveUp,
}

/// What the reader of a piece read: what the command kept of its games
/// (`R`), and how it stopped.
pub(crate) struct Piece<R> {
    pub(crate) kept: R,
    /// The games read that count: every game but the one at the cut the
    /// piece joined at, which the next piece reads.
    pub(crate) games: u64,
    pub(crate) end: PieceEnd,
    pub(crate) error: Option<io::Error>,
    /// Line ends from the piece's start to where it joined.
    pub(crate) line_ends: u64,
}

/// Reads the games of piece `k` of `file` (pieces of the plan start at
/// `starts`) with `visitor`, handing each to `each`, until a game begins
/// cleanly at a later cut (the piece joins the next there, and that game
/// is not handed on), the reader has read [`GIVE_UP`] pieces past the
/// next cut or [`Plan::games`] games without that, or the file ends.
/// `kept` is what `each` made of the games.
pub(crate) fn read_piece<V: Visitor, R>(
    file: &File,
    (starts, k, plan): (&[u64], usize, Plan),
    visitor: &mut V,
    kept: R,
    mut each: impl FnMut(&mut R, V::Output, &mut V),
) -> Piece<R> {
    let start = starts[k];
    let piece = plan.piece;
    let give_up = starts.get(k + 1).map(|&next| next + GIVE_UP * piece);
    // The cuts the piece may join at: after it, before it gives up.
    let later = starts.get(k + 1..).unwrap_or_default();
    let later = &later[..later.partition_point(|&c| give_up.is_some_and(|g| c <= g))];
    let size = read_size(piece);
    let mut reader =
        Reader::builder().buffer_size(size).build(FileFrom::new(file, start, later, size));
    let mut read = Piece { kept, games: 0, end: PieceEnd::End, error: None, line_ends: 0 };
    loop {
        let game = match reader.read_game(visitor) {
            Ok(Some(game)) => game,
            Ok(None) => break,
            Err(err) => {
                read.error = Some(err);
                break;
            }
        };
        if let Some(give_up) = give_up {
            // A game beginning cleanly at one of `later` (where the line
            // ends are noted).
            let at = reader.clean_start().map(|at| start + at);
            if let Some(j) = at.and_then(|at| later.binary_search(&at).ok()).map(|i| k + 1 + i) {
                read.end = PieceEnd::Synced(j);
                break;
            }
            // Read far on without a join (games that do not begin cleanly
            // hold none), or as many games as a piece may hold: the
            // results are not held any longer. Where the games reach
            // counts, not how far the input was read ahead (a whole
            // buffer, which may hold many small pieces).
            if start + reader.offset() > give_up || read.games >= plan.games {
                read.end = PieceEnd::GaveUp;
                break;
            }
        }
        read.games += 1;
        each(&mut read.kept, game, visitor);
    }
    if let PieceEnd::Synced(j) = read.end {
        // The reader has read past the cut it synced to, so its count is
        // noted (the game there was lexed from it).
        read.line_ends = reader.get_ref().line_ends_to(j - k - 1).unwrap_or_default();
    }
    read
}

/// What the calling thread does with the pieces of a file read by
/// [`read_file`].
pub(crate) trait TakePieces<R> {
    /// Takes the games of a piece, moved by `shift`; when the piece read
    /// to the end of the file (not [`PieceEnd::Synced`]), also what came
    /// after its last game.
    ///
    /// # Errors
    ///
    /// A failure to write; the run stops.
    fn piece(&mut self, piece: &mut Piece<R>, shift: Shift) -> io::Result<()>;

    /// Reads `input`, the rest of the file from `shift` on, on this
    /// thread; returns its read error, if any.
    ///
    /// # Errors
    ///
    /// A failure to write; the run stops.
    fn rest(&mut self, input: FileFrom<'_>, shift: Shift) -> io::Result<Option<io::Error>>;
}

/// Reads `file` (`len` bytes) in pieces: `work(starts, k)` reads piece
/// `k` on the plan's worker threads ([`read_piece`]), `take` takes the
/// pieces in order and reads the last piece (or the rest of the file from
/// a piece whose reader gave up) on this thread. Returns the file's read
/// error, if any.
///
/// # Errors
///
/// What `take` fails with; no thread can be started.
pub(crate) fn read_file<R: Send>(
    file: &File,
    len: u64,
    plan: Plan,
    work: impl Fn(&[u64], usize) -> Piece<R> + Sync,
    take: &mut impl TakePieces<R>,
) -> io::Result<Option<io::Error>> {
    let starts = cuts(file, len, plan)?;
    let last = starts.len() - 1;
    let mut shift = Shift::NONE;
    let mut failure = None;
    // The piece this thread reads itself, to the end of the file: the
    // last (however long the stretch without a cut before the end is,
    // nothing of it is held), or from where a reader gave up.
    let mut rest = (last == 0).then_some(0);
    run(
        last,
        plan.threads,
        |k| work(&starts, k),
        |k, mut piece| {
            if piece.end == PieceEnd::GaveUp {
                rest = Some(k);
                return Ok(Next::Stop);
            }
            take.piece(&mut piece, shift)?;
            let PieceEnd::Synced(j) = piece.end else {
                failure = piece.error;
                return Ok(Next::Stop);
            };
            let line = shift.start.line + piece.line_ends;
            shift.start = Location { offset: starts[j], line, column: 1 };
            shift.games += piece.games;
            if j == last {
                rest = Some(j);
                return Ok(Next::Stop);
            }
            Ok(Next::Piece(j))
        },
    )?;
    if let Some(k) = rest {
        failure = take.rest(FileFrom::new(file, starts[k], &[], usize::MAX), shift)?;
    }
    Ok(failure)
}

/// What the calling thread does after taking a piece's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// Takes the results of this piece next (those between are dropped).
    Piece(usize),
    /// Stops: the file is done.
    Stop,
}

/// The schedule shared by the workers and the calling thread.
struct Schedule<R> {
    /// The next piece a worker starts.
    next: usize,
    /// The piece whose results the calling thread waits for.
    wanted: usize,
    results: BTreeMap<usize, R>,
    stop: bool,
}

/// `mutex` locked, whether or not a thread panicked holding it: what the
/// run's mutexes guard stays whole (each change under them is one step),
/// and a panic is reported where it happened.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads the pieces `0..pieces` with `work` on `threads` worker threads
/// and hands the results to `take` in order, from piece 0 on, skipping
/// the pieces `take` says to; workers keep at most `2 × threads` pieces
/// ahead of it. Threads that cannot be started are done without. A
/// caller that finds its pieces as they are read may give a bound for
/// `pieces` ([`most_pieces`]), `work` a value meaning none for those past
/// the last, and `take` stop at the last.
///
/// # Errors
///
/// The first error of `take` (the workers then stop); no thread can be
/// started.
pub(crate) fn run<R: Send>(
    pieces: usize,
    threads: usize,
    work: impl Fn(usize) -> R + Sync,
    mut take: impl FnMut(usize, R) -> io::Result<Next>,
) -> io::Result<()> {
    if pieces == 0 {
        return Ok(());
    }
    let ahead = 2 * threads;
    let schedule =
        Mutex::new(Schedule { next: 0, wanted: 0, results: BTreeMap::new(), stop: false });
    let changed = Condvar::new();
    thread::scope(|scope| {
        let mut spawned = 0;
        for _ in 0..threads {
            let worker =
                thread::Builder::new().name("pgn piece reader".into()).spawn_scoped(scope, || {
                    loop {
                        let mut s = lock(&schedule);
                        while !s.stop && s.next < pieces && s.next >= s.wanted + ahead {
                            s = changed.wait(s).unwrap_or_else(PoisonError::into_inner);
                        }
                        if s.stop || s.next >= pieces {
                            return;
                        }
                        let k = s.next;
                        s.next += 1;
                        if k < s.wanted {
                            // Read over by the piece before: not needed.
                            continue;
                        }
                        drop(s);
                        let result = work(k);
                        let mut s = lock(&schedule);
                        if k >= s.wanted {
                            s.results.insert(k, result);
                        }
                        changed.notify_all();
                    }
                });
            match worker {
                Ok(_) => spawned += 1,
                // Fewer threads, or none: with none, nothing is read.
                Err(err) if spawned == 0 => return Err(err),
                Err(_) => break,
            }
        }
        let mut taken = Ok(());
        loop {
            let mut s = lock(&schedule);
            let k = s.wanted;
            if k >= pieces {
                break;
            }
            let result = loop {
                if let Some(r) = s.results.remove(&k) {
                    break r;
                }
                s = changed.wait(s).unwrap_or_else(PoisonError::into_inner);
            };
            drop(s);
            let next = take(k, result);
            let mut s = lock(&schedule);
            match next {
                Ok(Next::Piece(j)) if j > k => {
                    s.wanted = j;
                    s.results.retain(|&i, _| i >= j);
                    changed.notify_all();
                }
                other => {
                    if let Err(e) = other {
                        taken = Err(e);
                    }
                    s.stop = true;
                    changed.notify_all();
                    break;
                }
            }
        }
        // Nothing more is taken: the workers stop at their next piece.
        let mut s = lock(&schedule);
        s.stop = true;
        s.results.clear();
        changed.notify_all();
        drop(s);
        taken
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file_of(name: &str, bytes: &[u8]) -> File {
        let path = std::env::temp_dir().join(format!("pgn-pieces-{}-{name}", std::process::id()));
        let mut f = File::create(&path).unwrap();
        f.write_all(bytes).unwrap();
        let f = File::open(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        f
    }

    #[test]
    fn cuts_fall_on_tag_lines_after_empty_lines() {
        let text = b"[A \"1\"]\n\n1. e4 *\n\n[B \"2\"]\n\n1. d4 *\r\n\r\n[C \"3\"]\n\n*\n";
        let f = file_of("cuts.pgn", text);
        let starts = cuts(&f, text.len() as u64, bytes(1)).unwrap();
        let at = |pat: &[u8]| text.windows(pat.len()).position(|w| w == pat).unwrap() as u64;
        assert_eq!(starts, vec![0, at(b"[B"), at(b"[C")]);
        // A piece larger than the file: one piece.
        assert_eq!(cuts(&f, text.len() as u64, bytes(1000)).unwrap(), vec![0]);
    }

    /// A plan of pieces of `piece` bytes, whatever the games.
    fn bytes(piece: u64) -> Plan {
        Plan { threads: 2, piece, games: u64::MAX }
    }

    #[test]
    fn pieces_are_cut_smaller_where_games_are_small() {
        // Games of 10 bytes, then of 110: a plan of 4,096 games a piece
        // makes pieces of about 2,048 games (an empty line each), and of
        // at least MIN_PIECE bytes.
        let small = "[W \"\"]\n*\n\n".repeat(20_000);
        let large = format!("[W \"\"]\n{:99}\n*\n\n", "").repeat(8_000);
        let text = small.clone() + &large;
        let f = file_of("small-games.pgn", text.as_bytes());
        let plan = Plan { threads: 2, piece: 1 << 20, games: 4096 };
        let starts = cuts(&f, text.len() as u64, plan).unwrap();
        let steps: Vec<u64> = starts.windows(2).map(|w| w[1] - w[0]).collect();
        let in_small = starts.iter().filter(|&&at| at < small.len() as u64).count();
        assert!(in_small >= 8, "{starts:?}");
        let about = 4096 * 2048 / (4096 / 10);
        assert!(steps[..in_small - 1].iter().all(|&s| s.abs_diff(about) <= 100), "{steps:?}");
        // Eleven times larger games, about eleven times larger pieces (the
        // last ones cut finer at the end of the file).
        assert!(steps[in_small..].iter().any(|&s| s > 10 * about), "{steps:?}");
        // Without empty lines to count, pieces of the plan's size.
        assert_eq!(piece_size(b"1. e4 *\n1. d4 *\n", 5000, 10), 5000);
        assert_eq!(piece_size(b"\n\n", 5000, 1), MIN_PIECE.min(5000));
    }

    #[test]
    fn the_end_of_a_file_is_cut_finer() {
        // Games of 100 bytes each, pieces of 800: cuts every 800 bytes,
        // then every 100 in the last 1600.
        let game = |i: usize| {
            let mut g = format!("[N \"{i:03}\"]\n\n1. e4 *\n\n").into_bytes();
            g.resize(100, b'\n');
            g
        };
        let text: Vec<u8> = (0..64).flat_map(game).collect();
        let f = file_of("tail.pgn", &text);
        let starts = cuts(&f, text.len() as u64, bytes(800)).unwrap();
        let mut expected: Vec<u64> = (0..6).map(|k| k * 800).collect();
        expected.extend((48..64).map(|g| g * 100));
        assert_eq!(starts, expected);
        assert!(starts.len() <= most_pieces(text.len() as u64, 800));
        // A game at every byte would be cut at every nominal place.
        for (len, piece) in [(6400, 800), (6400, 801), (100, 1), (7, 3), (5, 1000)] {
            let mut at = 0;
            let mut places = 1;
            while at < len {
                at = next_nominal(at, len, piece);
                places += usize::from(at < len);
            }
            assert!(places <= most_pieces(len, piece), "{len} {piece}: {places}");
        }
    }

    #[test]
    fn line_ends_are_noted_at_the_cuts_as_the_reader_counts_them() {
        let text = b"a\r\nb\rc\n[d\n\n[e\r\n";
        let f = file_of("lines.pgn", text);
        let cuts = [8, 12, 40];
        let mut from = FileFrom::new(&f, 0, &cuts, 64);
        let mut buf = [0; 5];
        while from.read(&mut buf).unwrap() > 0 {}
        // Up to offset 8 (`[d`): CR LF, CR, LF. Up to 12 (`[e`): two more.
        assert_eq!((from.line_ends_to(0), from.line_ends_to(1)), (Some(3), Some(5)));
        assert_eq!(from.line_ends_to(2), None);
        // From an offset inside: one line end fewer, the cut at 8 noted.
        let mut from = FileFrom::new(&f, 3, &cuts, 3);
        while from.read(&mut buf).unwrap() > 0 {}
        assert_eq!(from.line_ends_to(0), Some(2));
    }

    #[test]
    fn results_come_in_order_and_skipped_pieces_are_dropped() {
        let mut seen = Vec::new();
        run(
            10,
            2,
            |k| k * 10,
            |k, r| {
                seen.push((k, r));
                Ok(if k == 3 { Next::Piece(6) } else { Next::Piece(k + 1) })
            },
        )
        .unwrap();
        let want: Vec<_> = [0, 1, 2, 3, 6, 7, 8, 9].iter().map(|&k| (k, k * 10)).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn an_error_stops_the_run() {
        let mut taken = 0;
        let err = run(
            100,
            2,
            |k| k,
            |k, _| {
                taken += 1;
                if k == 2 { Err(io::Error::other("full")) } else { Ok(Next::Piece(k + 1)) }
            },
        );
        assert!(err.is_err());
        assert_eq!(taken, 3);
    }
}
