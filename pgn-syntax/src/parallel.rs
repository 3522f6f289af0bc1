//! Reading one input on several cores, with what comes out in input
//! order: [`ParallelReader`].
//!
//! The input (a file, a decompressor, standard input: any `Read`) is read
//! in chunks of about a megabyte, each cut at a likely game start (a tag
//! line after an empty line, [`ranges::is_game_start`](crate::ranges::is_game_start),
//! as byte ranges begin), by whichever worker thread needs
//! the next chunk (one at a time, so no thread is there only to read).
//! Each worker reads a piece (from the start of a chunk) with a [`Reader`]
//! of its own and turns every game into an item ([`Work`]); the calling
//! thread takes the items in input order, moved to their place in the
//! whole input ([`Relocate`]). Items it only borrowed
//! ([`ParallelReader::read_lending`]) go back, a piece's at a time, to
//! the worker that made them, which recycles them before its next piece:
//! what a worker allocates, it frees.
//!
//! A cut is only a guess: the `[` may as well lie inside a comment. So a
//! guess is checked. The reader of a piece reads on past its end until a
//! game begins at or after the next cut, and tells where
//! ([`Reader::clean_start`]). When that game begins cleanly at a cut,
//! from there on the two readers read the same games: the piece is
//! *synced* to that cut, and the items of the pieces it read over are
//! dropped. A reader that reads far past its piece without syncing gives
//! up, and the calling thread reads the rest of the input alone; so it
//! does from the first stretch of a megabyte without a likely game start
//! (a token of megabytes, say), which is then read once, not by several
//! readers at a time. What
//! comes out is therefore what one reader reading the whole input gives,
//! item for item, whatever the number of threads.
//!
//! Memory stays bounded: at most a fixed window of chunks is read ahead
//! of the piece whose items are being taken (a few per thread), and a
//! piece's reader holds at most a fixed number of items.

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

use crate::diagnostic::{Diagnostic, DiagnosticKind};
use crate::game::Game;
use crate::place::Location;
use crate::reader::{Reader, ReaderBuilder};
use crate::source::line_ends;
use crate::source_map::SourceMap;
use crate::visitor::Visitor;

/// Where the reader of a piece started: what it read is moved by this to
/// its place in the whole input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shift {
    /// The piece's first byte, a line start.
    pub start: Location,
    /// The games before the piece.
    pub games: u64,
}

impl Shift {
    /// No shift: the start of the input.
    pub const NONE: Shift = Shift { start: Location { offset: 0, line: 1, column: 1 }, games: 0 };

    /// A place read in the piece, in the whole input.
    pub fn location(self, at: Location) -> Location {
        at.after(self.start)
    }

    /// A byte offset counted in the piece, in the whole input.
    pub fn offset(self, at: u64) -> u64 {
        at + self.start.offset
    }

    /// A game number counted in the piece, in the whole input.
    pub fn game(self, number: u64) -> u64 {
        number + self.games
    }
}

/// What a game's item holds of places and game numbers, moved from a
/// piece to the whole input. Items without places do nothing.
pub trait Relocate {
    /// Moves the places and game numbers of `self`, read by a reader that
    /// started as `shift` says, to the whole input.
    fn relocate(&mut self, shift: Shift);
}

impl Relocate for () {
    fn relocate(&mut self, _: Shift) {}
}

impl Relocate for Location {
    fn relocate(&mut self, shift: Shift) {
        *self = shift.location(*self);
    }
}

/// Its places (its own and any its kind names) and its game number.
impl Relocate for Diagnostic {
    fn relocate(&mut self, shift: Shift) {
        self.game = shift.game(self.game);
        self.at = shift.location(self.at);
        if let DiagnosticKind::DuplicateTag { overridden, .. } = &mut self.kind {
            *overridden = shift.location(*overridden);
        }
    }
}

impl Relocate for SourceMap {
    fn relocate(&mut self, shift: Shift) {
        self.game = shift.game(self.game);
        self.tags.relocate(shift);
        self.nodes.relocate(shift);
        self.termination.relocate(shift);
        self.diagnostics.relocate(shift);
    }
}

/// A game has no places: its [`SourceMap`] has them.
impl<M> Relocate for Game<M> {
    fn relocate(&mut self, _: Shift) {}
}

impl<T: Relocate> Relocate for Option<T> {
    fn relocate(&mut self, shift: Shift) {
        if let Some(t) = self {
            t.relocate(shift);
        }
    }
}

impl<T: Relocate> Relocate for Vec<T> {
    fn relocate(&mut self, shift: Shift) {
        self.iter_mut().for_each(|t| t.relocate(shift));
    }
}

impl<T: Relocate + ?Sized> Relocate for Box<T> {
    fn relocate(&mut self, shift: Shift) {
        (**self).relocate(shift);
    }
}

impl<A: Relocate, B: Relocate> Relocate for (A, B) {
    fn relocate(&mut self, shift: Shift) {
        self.0.relocate(shift);
        self.1.relocate(shift);
    }
}

/// What the readers of a [`ParallelReader`] do with the games they read:
/// each piece's reader gets a visitor of its own, and each game's output
/// becomes an item, which is handed on in input order.
///
/// [`outputs`] makes one from a function that makes visitors, for items
/// that are the visitor's outputs.
pub trait Work: Sync {
    /// The visitor of one reader.
    type Visitor: Visitor;
    /// What is handed on of a game, or of what comes after the last game.
    type Item: Send + Relocate;

    /// A visitor for the reader of one piece (or of the whole input).
    fn visitor(&self) -> Self::Visitor;

    /// The item of one game, read by `visitor` (which may take back
    /// buffers from the output, or keep counts of its own).
    fn item(
        &self,
        visitor: &mut Self::Visitor,
        output: <Self::Visitor as Visitor>::Output,
    ) -> Self::Item;

    /// What comes after the last game, once the input has ended (with or
    /// without an error): what `visitor` holds of the text past the last
    /// game, such as diagnostics of stray bytes. By default nothing.
    fn end(&self, visitor: &mut Self::Visitor) -> Option<Self::Item> {
        let _ = visitor;
        None
    }

    /// Takes back an item [`ParallelReader::read_lending`] lent and the
    /// caller is done with, on the thread that made it, with a visitor
    /// of that thread: the visitor may keep its buffers for the games to
    /// come. By default the item is dropped, there.
    ///
    /// Freeing an item on the thread that allocated it matters: an
    /// allocator such as glibc's takes a lock of the allocating thread's
    /// arena to free a block from another thread, and the workers then
    /// wait on the calling thread.
    fn recycle(&self, visitor: &mut Self::Visitor, item: Self::Item) {
        let _ = visitor;
        drop(item);
    }
}

/// How the calling thread hands items on: given away ([`ParallelReader::read`])
/// or lent, to be given back to their [`Work`] ([`ParallelReader::read_lending`]).
trait Hand<T> {
    type Break;

    /// Hands `item` on; gives it back when it was lent.
    fn one(&mut self, item: T) -> (ControlFlow<Self::Break>, Option<T>);

    /// Hands each of `items` on, moved by `shift`; those lent stay in
    /// `items`, those given are taken out.
    fn all(&mut self, items: &mut Vec<T>, shift: Shift) -> ControlFlow<Self::Break>;
}

/// Items given to a function that takes them.
struct Give<F>(F);

impl<T: Relocate, B, F: FnMut(T) -> ControlFlow<B>> Hand<T> for Give<F> {
    type Break = B;

    fn one(&mut self, item: T) -> (ControlFlow<B>, Option<T>) {
        ((self.0)(item), None)
    }

    fn all(&mut self, items: &mut Vec<T>, shift: Shift) -> ControlFlow<B> {
        for mut item in items.drain(..) {
            item.relocate(shift);
            (self.0)(item)?;
        }
        ControlFlow::Continue(())
    }
}

/// Items lent to a function that borrows them.
struct Lend<F>(F);

impl<T: Relocate, B, F: FnMut(&mut T) -> ControlFlow<B>> Hand<T> for Lend<F> {
    type Break = B;

    fn one(&mut self, mut item: T) -> (ControlFlow<B>, Option<T>) {
        ((self.0)(&mut item), Some(item))
    }

    fn all(&mut self, items: &mut Vec<T>, shift: Shift) -> ControlFlow<B> {
        for item in items.iter_mut() {
            item.relocate(shift);
            (self.0)(item)?;
        }
        ControlFlow::Continue(())
    }
}

/// The [`Work`] of [`outputs`].
#[derive(Clone, Copy, Debug)]
pub struct Outputs<F>(F);

/// The work whose items are the outputs of the visitors `make` makes.
pub fn outputs<V, F>(make: F) -> Outputs<F>
where
    V: Visitor,
    V::Output: Send + Relocate,
    F: Fn() -> V + Sync,
{
    Outputs(make)
}

impl<V, F> Work for Outputs<F>
where
    V: Visitor,
    V::Output: Send + Relocate,
    F: Fn() -> V + Sync,
{
    type Visitor = V;
    type Item = V::Output;

    fn visitor(&self) -> V {
        (self.0)()
    }

    fn item(&self, _: &mut V, output: V::Output) -> V::Output {
        output
    }
}

/// How a read by [`ParallelReader::read`] ended, when it was not stopped.
#[derive(Debug)]
pub struct Finished {
    /// The games read (the items handed on, but for the one that comes
    /// after the last game).
    pub games: u64,
    /// The error that ended the input, if it did not end cleanly: the
    /// games before it were handed on, and then the end item.
    pub error: Option<io::Error>,
}

/// Reads an input on several cores and hands on what [`Work`] makes of
/// each game in input order, exactly as one reader would give it; see
/// the module docs for how.
///
/// ```
/// use std::num::NonZeroUsize;
/// use std::ops::ControlFlow;
/// use pgn_syntax::parallel::{outputs, ParallelReader};
/// use pgn_syntax::GameCollector;
///
/// let pgn = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. d4 *\n\n".repeat(1000);
/// let mut players = Vec::new();
/// let finished = ParallelReader::new()
///     .threads(NonZeroUsize::new(2).unwrap())
///     .read(pgn.as_bytes(), &outputs(GameCollector::new), |(game, _source)| {
///         players.push(game.tag("White").unwrap_or_default().to_vec());
///         ControlFlow::<()>::Continue(())
///     })
///     .unwrap();
/// assert_eq!(finished.games, 2000);
/// assert!(players.chunks(2).all(|two| two == [b"A".to_vec(), b"B".to_vec()]));
/// ```
///
/// Where the caller keeps nothing of an item (it writes it, or counts
/// it), [`read_lending`](ParallelReader::read_lending) lends each item
/// and gives it back to the thread that made it, to be reused or freed
/// there ([`Work::recycle`]).
#[derive(Clone, Copy, Debug)]
pub struct ParallelReader {
    threads: usize,
    reader: ReaderBuilder,
    piece: usize,
    games: Option<u64>,
    base: u64,
}

impl Default for ParallelReader {
    fn default() -> Self {
        ParallelReader::new()
    }
}

/// The most worker threads a read starts.
pub const MAX_THREADS: usize = 64;

/// The default size of a piece: large enough that a reader's start and
/// the sync at its end cost little, small enough that the pieces in
/// flight stay small.
const PIECE: usize = 1 << 20;

/// How many games the items of all the pieces in flight hold at most,
/// shared out among the threads: what a piece keeps of a game may be a
/// few hundred bytes, and a file of a million tiny games must not make
/// that a gigabyte.
const GAMES_IN_FLIGHT: u64 = 16 * 1024;

/// How many pieces a thread reads ahead of the one whose items are being
/// taken: enough that a worker seldom waits for the calling thread.
const AHEAD: usize = 4;

/// The fewest games a piece may hold by default, whatever the threads.
const MIN_GAMES: u64 = 1024;

/// How many pieces past its own a reader reads before it gives up.
const GIVE_UP: usize = 4;

/// How many chunks past its own a piece's reader may take in: those it
/// may read games in, and a few more for its buffer's read-ahead (a
/// buffer of 64 KiB over chunks of at least 16 KiB). A reader that would
/// take more gives up.
const FETCH: usize = GIVE_UP + 4;

/// The most bytes past its own chunk a piece's reader takes in.
const FETCH_BYTES: u64 = 256 << 10;

/// The smallest piece cut for small games: the cost of starting a
/// reader stays small beside the reading.
const MIN_PIECE: usize = 16 * 1024;

/// How many times the piece size a piece grows to while no cut is found
/// in it, before it is cut anywhere (the next piece then does not sync).
const LONGEST: usize = 1;

impl ParallelReader {
    /// A reader on as many threads as there are cores (at most
    /// [`MAX_THREADS`]), each reading with [`Reader::new`]'s options.
    pub fn new() -> ParallelReader {
        let cores = thread::available_parallelism().map_or(1, usize::from);
        ParallelReader {
            threads: cores.min(MAX_THREADS),
            reader: Reader::builder(),
            piece: PIECE,
            games: None,
            base: 0,
        }
    }

    /// Reads on `n` threads (at most [`MAX_THREADS`]); with 1 the input
    /// is read on the calling thread alone, with one [`Reader`].
    pub fn threads(mut self, n: NonZeroUsize) -> ParallelReader {
        self.threads = usize::from(n).min(MAX_THREADS);
        self
    }

    /// The threads it reads on.
    pub fn thread_count(&self) -> usize {
        self.threads
    }

    /// The options of each piece's reader (their buffer size is the
    /// parallel reader's own).
    pub fn reader(mut self, options: ReaderBuilder) -> ParallelReader {
        self.reader = options;
        self
    }

    /// The size of a piece, in bytes (default 1 MiB; pieces are cut
    /// smaller where games are small). For tests: every size gives the
    /// same items.
    pub fn piece_size(mut self, bytes: usize) -> ParallelReader {
        self.piece = bytes.max(1);
        self
    }

    /// The most games a piece's reader holds before it gives up (by
    /// default 16,384 shared among the pieces in flight, four a thread,
    /// at least 1,024 a piece).
    /// For tests: every number gives the same items.
    pub fn piece_games(mut self, games: u64) -> ParallelReader {
        self.games = Some(games.max(1));
        self
    }

    /// Reads an input that begins at byte `offset` of a larger one (a
    /// byte range of a file, [`ranges`](crate::ranges)): the byte offsets
    /// of what is read are the larger input's, its lines and game numbers
    /// are counted from the input's start.
    pub fn base(mut self, offset: u64) -> ParallelReader {
        self.base = offset;
        self
    }

    /// Where a read starts.
    fn origin(&self) -> Shift {
        Shift { start: Location { offset: self.base, ..Shift::NONE.start }, games: 0 }
    }

    /// Reads `input` and hands what `work` makes of each game to `take`,
    /// in input order, then the item of what comes after the last game
    /// ([`Work::end`]). `take` may stop the read with `Break`, which this
    /// returns as the error.
    ///
    /// # Errors
    ///
    /// What `take` breaks with. An error reading the input is not one:
    /// the items before it are handed on, and [`Finished::error`] has it.
    pub fn read<R, W, B>(
        &self,
        input: R,
        work: &W,
        take: impl FnMut(W::Item) -> ControlFlow<B>,
    ) -> Result<Finished, B>
    where
        R: Read + Send,
        W: Work,
    {
        self.run(input, work, &mut Give(take))
    }

    /// As [`read`](ParallelReader::read), but lends each item to `take`
    /// and then gives it back to the thread that made it
    /// ([`Work::recycle`]): the buffers of a game are reused for those to
    /// come, and freed, if they are, by the thread that allocated them.
    /// This is the faster read where `take` needs to keep nothing of an
    /// item, or only parts it can take out of it.
    ///
    /// # Errors
    ///
    /// What `take` breaks with, as for [`read`](ParallelReader::read).
    pub fn read_lending<R, W, B>(
        &self,
        input: R,
        work: &W,
        take: impl FnMut(&mut W::Item) -> ControlFlow<B>,
    ) -> Result<Finished, B>
    where
        R: Read + Send,
        W: Work,
    {
        self.run(input, work, &mut Lend(take))
    }

    /// Reads `input` with `work`, handing the items on with `hand`.
    fn run<R, W, H>(&self, input: R, work: &W, hand: &mut H) -> Result<Finished, H::Break>
    where
        R: Read + Send,
        W: Work,
        H: Hand<W::Item>,
    {
        if self.threads <= 1 {
            let reader = self.reader.build(input);
            return read_alone(reader, work, self.origin(), 0, hand);
        }
        let in_flight = (AHEAD * self.threads) as u64;
        let games = self.games.unwrap_or((GAMES_IN_FLIGHT / in_flight).max(MIN_GAMES));
        let store = Store::new(self.threads, self.piece);
        let input = Input {
            input,
            carry: Vec::new(),
            start: self.origin().start,
            cut: true,
            after_cr: false,
            size: self.piece,
        };
        let run = Run {
            store: &store,
            origin: self.origin(),
            input: Mutex::new(input),
            work,
            reader: self.reader,
            piece: self.piece,
            games,
        };
        thread::scope(|scope| {
            let run = &run;
            let spawned = (0..self.threads)
                .take_while(|&me| {
                    let worker = thread::Builder::new()
                        .name("pgn piece reader".into())
                        .spawn_scoped(scope, move || run.work(me));
                    worker.is_ok()
                })
                .count();
            let taken = if spawned == 0 {
                // No worker could be started: the calling thread reads
                // the input alone.
                run.alone(0, self.origin(), hand)
            } else {
                run.take(hand)
            };
            store.stop();
            taken
        })
    }
}

/// Reads every game of `reader` with one visitor of `work` and hands on
/// the items, moved by `shift`.
fn read_alone<R: Read, W: Work, H: Hand<W::Item>>(
    mut reader: Reader<R>,
    work: &W,
    shift: Shift,
    mut games: u64,
    hand: &mut H,
) -> Result<Finished, H::Break> {
    let mut visitor = work.visitor();
    let moved = shift != Shift::NONE;
    let mut hand = |visitor: &mut W::Visitor, mut item: W::Item| {
        if moved {
            item.relocate(shift);
        }
        let (flow, lent) = hand.one(item);
        if let Some(item) = lent {
            work.recycle(visitor, item);
        }
        flow
    };
    let error = loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(output)) => {
                games += 1;
                let item = work.item(&mut visitor, output);
                if let ControlFlow::Break(b) = hand(&mut visitor, item) {
                    return Err(b);
                }
            }
            Ok(None) => break None,
            Err(err) => break Some(err),
        }
    };
    if let Some(item) = work.end(&mut visitor)
        && let ControlFlow::Break(b) = hand(&mut visitor, item)
    {
        return Err(b);
    }
    Ok(Finished { games, error })
}

/// A stretch of the input as it was cut.
struct Chunk {
    /// Its bytes are `bytes[..len]` (the buffer is reused, see
    /// [`Shared::spare`]).
    bytes: Arc<Vec<u8>>,
    len: usize,
    /// Where its first byte is in the input.
    start: Location,
    /// It starts at a cut (or at the start of the input), so a piece may
    /// sync to it; a chunk cut where no cut was found does not.
    cut: bool,
}

/// How the reader of a piece stopped.
enum PieceEnd {
    /// A game began cleanly at the start of chunk `.0`, at `.1`.
    Synced(usize, Location),
    /// At the end of the input.
    End,
    /// No game began cleanly at a cut within [`GIVE_UP`] pieces or
    /// within the games a piece may hold, or the read was stopped.
    GaveUp,
}

/// What the reader of a piece read.
struct Piece<T> {
    items: Vec<T>,
    /// The worker that read it.
    maker: usize,
    /// The games among the items (not the end item).
    games: u64,
    end: PieceEnd,
    error: Option<io::Error>,
}

/// The input's end, once it was met: cleanly, or with an error (kept as
/// its kind and text, to give each reader that meets it an error of its
/// own).
#[derive(Clone)]
enum InputEnd {
    Clean,
    Failed(io::ErrorKind, String),
}

/// What the threads of a read share.
struct Shared<T> {
    /// The chunks from `first` on (those before are not needed).
    chunks: VecDeque<Chunk>,
    first: usize,
    /// Chunks read so far.
    produced: usize,
    /// The bytes of the chunks held.
    held: u64,
    /// A chunk was cut where no cut was found (a stretch of the input
    /// without a game start, such as a token of megabytes): the calling
    /// thread reads on alone from the piece it waits for, so that such a
    /// stretch is read once and not held ahead.
    uncut: bool,
    /// A thread is reading the next chunk.
    producing: bool,
    /// Set when the input has ended, after the last chunk.
    end: Option<InputEnd>,
    /// The piece whose items the calling thread takes next: chunks before
    /// it are dropped.
    wanted: usize,
    /// The next piece a worker reads.
    next: usize,
    results: BTreeMap<usize, Piece<T>>,
    /// The calling thread reads the rest alone: the workers stop.
    alone: bool,
    /// Buffers of chunks no longer needed, for the chunks to come: a
    /// buffer is not allocated, nor its pages zeroed, anew for each.
    spare: Vec<Vec<u8>>,
    /// For each worker, the lists of items it made that the calling
    /// thread is done with (the items themselves when they were lent,
    /// else the lists' buffers), to be recycled and freed by the worker.
    spent: Vec<Vec<Vec<T>>>,
}

/// The shared state, its condition variables, and a flag that tells
/// every thread to stop.
struct Store<T> {
    shared: Mutex<Shared<T>>,
    /// Signalled when a chunk was read or the input ended, when the
    /// wanted piece moved, or when the read stopped: for the workers and
    /// their readers.
    input: Condvar,
    /// Signalled when a piece's items are ready, or when the read
    /// stopped: for the calling thread.
    results: Condvar,
    stopped: AtomicBool,
    /// Pieces the workers read ahead of the wanted one.
    ahead: usize,
    /// Chunks read ahead of the wanted one at most: room for every piece
    /// in flight to take in [`FETCH`] chunks past its own.
    window: usize,
    /// The bytes of chunks held at most, but for those the wanted piece
    /// may need: chunks cut long where no cut is found (a token of
    /// megabytes) do not fill the window.
    budget: u64,
}

/// `mutex` locked, whether or not a thread panicked holding it: what it
/// guards stays whole (each change under it is one step).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<T> Store<T> {
    fn new(threads: usize, piece: usize) -> Store<T> {
        let ahead = AHEAD * threads;
        Store {
            shared: Mutex::new(Shared {
                chunks: VecDeque::new(),
                first: 0,
                produced: 0,
                held: 0,
                uncut: false,
                producing: false,
                end: None,
                wanted: 0,
                next: 0,
                results: BTreeMap::new(),
                alone: false,
                spare: Vec::new(),
                spent: (0..threads).map(|_| Vec::new()).collect(),
            }),
            input: Condvar::new(),
            results: Condvar::new(),
            stopped: AtomicBool::new(false),
            ahead,
            window: ahead + FETCH + 1,
            budget: (ahead as u64 + 2) * piece as u64,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Shared<T>> {
        lock(&self.shared)
    }

    fn wait<'a>(
        &self,
        on: &Condvar,
        guard: MutexGuard<'a, Shared<T>>,
    ) -> MutexGuard<'a, Shared<T>> {
        on.wait(guard).unwrap_or_else(PoisonError::into_inner)
    }

    fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Tells every thread to stop, and drops what is held.
    fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
        let mut s = self.lock();
        s.results.clear();
        self.input.notify_all();
        self.results.notify_all();
    }
}

impl<T> Shared<T> {
    /// Moves the wanted piece to `k`: the chunks and results before it
    /// are dropped.
    fn want(&mut self, k: usize) {
        self.wanted = self.wanted.max(k);
        while self.first < self.wanted {
            let Some(chunk) = self.chunks.pop_front() else { break };
            self.first += 1;
            self.held -= chunk.len as u64;
            // Unless a reader that is no longer wanted still holds it.
            if let Ok(buf) = Arc::try_unwrap(chunk.bytes)
                && self.spare.len() < SPARE
            {
                self.spare.push(buf);
            }
        }
        let wanted = self.wanted;
        self.results.retain(|&i, _| i >= wanted);
    }
}

/// Stops the read when the thread holding it panics, so that no thread
/// waits for it for ever.
struct PanicGuard<'a, T>(&'a Store<T>);

impl<T> Drop for PanicGuard<'_, T> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.stop();
        }
    }
}

/// The most buffers kept for reuse.
const SPARE: usize = 2;

/// The input, and where its reading stands: the next chunk is read by
/// whichever thread needs it first, one at a time.
struct Input<R> {
    input: R,
    /// What came after the last cut.
    carry: Vec<u8>,
    /// Where the next chunk starts, and whether at a cut.
    start: Location,
    cut: bool,
    /// The last byte read was a CR.
    after_cr: bool,
    /// The size of the next chunk.
    size: usize,
}

/// The parts of one parallel read.
struct Run<'a, W: Work, R> {
    store: &'a Store<W::Item>,
    /// Where the input starts ([`ParallelReader::base`]).
    origin: Shift,
    input: Mutex<Input<R>>,
    work: &'a W,
    reader: ReaderBuilder,
    piece: usize,
    games: u64,
}

impl<W: Work, R: Read> Run<'_, W, R> {
    /// Waits until chunk `i` is read, or reads it when no other thread
    /// is reading one and the window has room; `s` is the shared state,
    /// locked. Returns it locked, and whether chunk `i` is there (if not,
    /// the input ended before it, or the read stopped).
    fn await_chunk<'s>(
        &'s self,
        mut s: MutexGuard<'s, Shared<W::Item>>,
        i: usize,
    ) -> (MutexGuard<'s, Shared<W::Item>>, bool) {
        let store = self.store;
        loop {
            if store.stopped() {
                return (s, false);
            }
            if i < s.produced {
                return (s, true);
            }
            if s.end.is_some() {
                return (s, false);
            }
            // The chunks the wanted piece may need are always read; those
            // beyond, while the chunks held are within the budget.
            let room = s.produced < s.wanted + store.window
                && (s.produced <= s.wanted + FETCH || s.held < store.budget);
            if !s.producing && room {
                s.producing = true;
                let buf = s.spare.pop().unwrap_or_default();
                drop(s);
                let (chunk, end) = self.read_chunk(buf);
                s = store.lock();
                s.producing = false;
                if let Some(chunk) = chunk.filter(|c| c.len > 0 || s.produced == 0) {
                    if !chunk.cut && !s.uncut {
                        s.uncut = true;
                        store.results.notify_all();
                    }
                    s.held += chunk.len as u64;
                    s.chunks.push_back(chunk);
                    s.produced += 1;
                }
                if end.is_some() {
                    s.end = end;
                }
                store.input.notify_all();
                continue;
            }
            s = store.wait(&store.input, s);
        }
    }

    /// Reads the next chunk of the input into `buf`, and the input's end
    /// if it was met.
    fn read_chunk(&self, mut buf: Vec<u8>) -> (Option<Chunk>, Option<InputEnd>) {
        let mut guard = lock(&self.input);
        let input = &mut *guard;
        let carry = &mut input.carry;
        if buf.len() < carry.len() {
            buf.resize(carry.len(), 0);
        }
        buf[..carry.len()].copy_from_slice(carry);
        let mut len = carry.len();
        let (at, end) = next_cut(&mut input.input, &mut buf, &mut len, input.size);
        carry.clear();
        if let Some(at) = at {
            carry.extend_from_slice(&buf[at..len]);
            len = at;
        }
        let bytes = &buf[..len];
        if len >= 4096 || end.is_some() {
            input.size = piece_size(&bytes[..len.min(4096)], self.piece, self.games / 2);
        }
        let start = input.start;
        input.start = Location {
            offset: start.offset + len as u64,
            line: start.line + line_ends(bytes, input.after_cr),
            column: 1,
        };
        input.after_cr = bytes.last().map_or(input.after_cr, |&b| b == b'\r');
        let cut = std::mem::replace(&mut input.cut, at.is_some());
        (Some(Chunk { bytes: Arc::new(buf), len, start, cut }), end)
    }

    /// Worker `me`: reads pieces until there are none or the read stops.
    fn work(&self, me: usize) {
        let store = self.store;
        let _guard = PanicGuard(store);
        let mut buf = Vec::new();
        let mut spent = Vec::new();
        loop {
            let k = {
                let mut s = store.lock();
                if let Some(mine) = s.spent.get_mut(me) {
                    spent.append(mine);
                }
                loop {
                    if store.stopped() || s.alone {
                        return;
                    }
                    let k = s.next;
                    if k < s.wanted {
                        // Read over by the piece before: not needed.
                        s.next += 1;
                        continue;
                    }
                    if k >= s.wanted + store.ahead {
                        s = store.wait(&store.input, s);
                        continue;
                    }
                    if k < s.produced {
                        s.next += 1;
                        // A piece that starts where no cut was found is
                        // never joined (only a cut is), so never wanted:
                        // not read.
                        let cut = s.chunks.get(k - s.first).is_some_and(|c| c.cut);
                        if !cut {
                            continue;
                        }
                        break k;
                    }
                    if s.end.is_some() {
                        return;
                    }
                    s = self.await_chunk(s, k).0;
                }
            };
            let piece = self.read_piece(k, me, &mut buf, &mut spent);
            // A buffer grown for a long token is not kept for the pieces
            // to come.
            if buf.len() > 1 << 20 {
                buf = Vec::new();
            }
            let mut s = store.lock();
            if k >= s.wanted && !s.alone && !store.stopped() {
                s.results.insert(k, piece);
                store.results.notify_one();
            }
        }
    }

    /// Reads the games of piece `k` until a game begins cleanly at a
    /// later cut, the reader gives up, or the input ends. The reader
    /// reads into `buf`, the buffer of the worker's readers.
    ///
    /// Before reading, the worker recycles the items it made that are
    /// `spent` into the piece's visitor.
    fn read_piece(
        &self,
        k: usize,
        me: usize,
        buf: &mut Vec<u8>,
        spent: &mut Vec<Vec<W::Item>>,
    ) -> Piece<W::Item> {
        let mut visitor = self.work.visitor();
        let mut items = Vec::new();
        for mut list in spent.drain(..) {
            for item in list.drain(..) {
                self.work.recycle(&mut visitor, item);
            }
            if list.capacity() > items.capacity() {
                items = list;
            }
        }
        let chunks = Chunks::new(self, k, Mode::Piece);
        let size = self.piece.clamp(4 << 10, 64 << 10);
        let mut reader = self.reader.buffer_size(size).build_in(chunks, std::mem::take(buf));
        let piece = Piece { items, maker: me, games: 0, end: PieceEnd::End, error: None };
        let piece = self.read_games(&mut reader, visitor, piece);
        *buf = reader.into_buffer();
        piece
    }

    /// The games of a piece, read by `reader` with `visitor` into `piece`.
    fn read_games(
        &self,
        reader: &mut Reader<Chunks<'_, W, R>>,
        mut visitor: W::Visitor,
        mut piece: Piece<W::Item>,
    ) -> Piece<W::Item> {
        loop {
            let read = reader.read_game(&mut visitor);
            if reader.get_ref().gave_up || self.store.stopped() {
                piece.end = PieceEnd::GaveUp;
                return piece;
            }
            match read {
                Ok(Some(output)) => {
                    let chunks = reader.get_ref();
                    if let Some((j, at)) = reader.clean_start().and_then(|at| chunks.cut_at(at)) {
                        piece.end = PieceEnd::Synced(j, at);
                        return piece;
                    }
                    if chunks.past_give_up(reader.offset()) || piece.games >= self.games {
                        piece.end = PieceEnd::GaveUp;
                        return piece;
                    }
                    piece.games += 1;
                    piece.items.push(self.work.item(&mut visitor, output));
                }
                Ok(None) => break,
                Err(err) => {
                    piece.error = Some(err);
                    break;
                }
            }
        }
        piece.items.extend(self.work.end(&mut visitor));
        piece
    }

    /// The calling thread: takes the pieces' items in order.
    fn take<H: Hand<W::Item>>(&self, hand: &mut H) -> Result<Finished, H::Break> {
        let store = self.store;
        let mut shift = self.origin;
        let mut wanted = 0;
        loop {
            let piece = {
                let mut s = store.lock();
                loop {
                    if let Some(piece) = s.results.remove(&wanted) {
                        break piece;
                    }
                    if s.uncut {
                        drop(s);
                        return self.alone(wanted, shift, hand);
                    }
                    if store.stopped() {
                        // A thread panicked (the scope raises its panic
                        // again when it ends).
                        let error = io::Error::other("a reading thread panicked");
                        return Ok(Finished { games: shift.games, error: Some(error) });
                    }
                    s = store.wait(&store.results, s);
                }
            };
            if let PieceEnd::GaveUp = piece.end {
                return self.alone(wanted, shift, hand);
            }
            let mut items = piece.items;
            if let ControlFlow::Break(b) = hand.all(&mut items, shift) {
                return Err(b);
            }
            shift.games += piece.games;
            match piece.end {
                PieceEnd::Synced(j, at) => {
                    shift.start = at;
                    wanted = j;
                    let mut s = store.lock();
                    s.want(j);
                    if let Some(spent) = s.spent.get_mut(piece.maker) {
                        spent.push(items);
                    }
                    drop(s);
                    store.input.notify_all();
                }
                _ => return Ok(Finished { games: shift.games, error: piece.error }),
            }
        }
    }

    /// The calling thread reads alone from chunk `k` on, at `shift`.
    fn alone<H: Hand<W::Item>>(
        &self,
        k: usize,
        shift: Shift,
        hand: &mut H,
    ) -> Result<Finished, H::Break> {
        {
            let mut s = self.store.lock();
            s.alone = true;
            s.want(k);
            self.store.input.notify_all();
        }
        let reader = self.reader.build(Chunks::new(self, k, Mode::Alone));
        read_alone(reader, self.work, shift, shift.games, hand)
    }
}

/// Reads into `buf` (whose first `len` bytes hold what came after the
/// last cut) until it holds a cut at least `size` bytes in, or the input
/// ends. Returns the cut, and the end of the input if it was met (then
/// there is no cut). Without a cut in [`LONGEST`] times `size` bytes,
/// returns no cut: the whole buffer is one chunk.
fn next_cut(
    input: &mut impl Read,
    buf: &mut Vec<u8>,
    len: &mut usize,
    size: usize,
) -> (Option<usize>, Option<InputEnd>) {
    let mut searched = 1;
    let mut want = size;
    loop {
        if let Some(end) = fill(input, buf, len, want) {
            return (None, Some(end));
        }
        if let Some(at) = last_cut(&buf[..*len], searched) {
            return (Some(at), None);
        }
        if *len >= LONGEST * size {
            return (None, None);
        }
        searched = len.saturating_sub(4).max(1);
        want = *len + size;
    }
}

/// Reads into `buf` after its first `len` bytes until they are `want`
/// bytes; the end of the input if it comes first. The buffer grows as
/// need be (a reused one is large enough already).
fn fill(
    input: &mut impl Read,
    buf: &mut Vec<u8>,
    len: &mut usize,
    want: usize,
) -> Option<InputEnd> {
    while *len < want {
        if buf.len() < want {
            buf.resize(want, 0);
        }
        match input.read(&mut buf[*len..want]) {
            Ok(0) => return Some(InputEnd::Clean),
            Ok(n) => *len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Some(InputEnd::Failed(e.kind(), e.to_string())),
        }
    }
    None
}

/// The last game start ([`ranges::is_game_start`](crate::ranges::is_game_start))
/// at or after `from` in `buf`, never its first byte (where the chunk
/// before was cut).
fn last_cut(buf: &[u8], from: usize) -> Option<usize> {
    crate::ranges::last_game_start(buf, from.max(1))
}

/// The size of a piece that holds about `games` games of the kind in
/// `sample` (counting an empty line a game), between [`MIN_PIECE`] and
/// `most`.
fn piece_size(sample: &[u8], most: usize, games: u64) -> usize {
    let empty_lines = sample.windows(2).filter(|w| w == b"\n\n").count()
        + sample.windows(3).filter(|w| w == b"\n\r\n").count();
    if empty_lines == 0 {
        return most;
    }
    let size = (sample.len() as u64).saturating_mul(games.max(1)) / empty_lines as u64;
    usize::try_from(size).unwrap_or(usize::MAX).clamp(MIN_PIECE.min(most), most)
}

/// Who reads the chunks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A worker's reader: it takes in at most [`FETCH`] chunks past its
    /// own.
    Piece,
    /// The calling thread's reader, alone to the end: each chunk it
    /// reaches becomes the wanted one.
    Alone,
}

/// The chunks from one on, as one input.
struct Chunks<'s, W: Work, R> {
    run: &'s Run<'s, W, R>,
    mode: Mode,
    /// The first chunk's index and start.
    first: usize,
    base: u64,
    /// The chunk being read (`None` before the first), its index and how
    /// far it has been read.
    current: Option<Arc<Vec<u8>>>,
    len: usize,
    index: usize,
    pos: usize,
    /// The starts of the chunks after the first, as far as they were
    /// read (in `Piece` mode): where the piece may sync.
    later: Vec<(Location, bool)>,
    /// A piece's reader reached the last chunk it may read.
    gave_up: bool,
    /// The bytes taken in past the first chunk.
    read_past: u64,
}

impl<'s, W: Work, R: Read> Chunks<'s, W, R> {
    fn new(run: &'s Run<'s, W, R>, first: usize, mode: Mode) -> Chunks<'s, W, R> {
        Chunks {
            run,
            mode,
            first,
            base: 0,
            current: None,
            len: 0,
            index: first,
            pos: 0,
            later: Vec::new(),
            gave_up: false,
            read_past: 0,
        }
    }

    /// The chunk a game that began cleanly at `at` (from the first
    /// chunk's start) syncs to: a later chunk that starts there at a cut.
    fn cut_at(&self, at: u64) -> Option<(usize, Location)> {
        let at = self.base + at;
        let i = self.later.iter().position(|(start, cut)| *cut && start.offset == at)?;
        Some((self.first + 1 + i, self.later[i].0))
    }

    /// Whether the games read reach past the start of the last chunk a
    /// piece's reader may read (`offset` from the first chunk's start).
    fn past_give_up(&self, offset: u64) -> bool {
        self.later.get(GIVE_UP).is_some_and(|(start, _)| self.base + offset > start.offset)
    }

    /// Moves to the next chunk; `Ok(false)` at the end.
    fn next_chunk(&mut self) -> io::Result<bool> {
        let i = if self.current.is_some() { self.index + 1 } else { self.first };
        // A piece's reader takes in at most FETCH chunks past its own, and
        // at most FETCH_BYTES past it: a token of megabytes (a comment of
        // a whole file) is read once, by the calling thread alone.
        let past = self.read_past + if i > self.first + 1 { self.len as u64 } else { 0 };
        if self.mode == Mode::Piece && (i > self.first + FETCH || past > FETCH_BYTES) {
            self.gave_up = true;
            return Ok(false);
        }
        self.read_past = past;
        let store = self.run.store;
        let (mut s, there) = self.run.await_chunk(store.lock(), i);
        if store.stopped() || i < s.first || (self.mode == Mode::Piece && s.alone) {
            // The read stopped, or the piece is no longer wanted.
            self.gave_up = true;
            return Ok(false);
        }
        if !there {
            return match &s.end {
                Some(InputEnd::Failed(kind, text)) => Err(io::Error::new(*kind, text.clone())),
                _ => Ok(false),
            };
        }
        let c = &s.chunks[i - s.first];
        let chunk = (Arc::clone(&c.bytes), c.len, c.start, c.cut);
        if self.mode == Mode::Alone {
            s.want(i);
            store.input.notify_all();
        }
        drop(s);
        let (bytes, len, start, cut) = chunk;
        if i == self.first {
            self.base = start.offset;
        } else if self.mode == Mode::Piece {
            self.later.push((start, cut));
        }
        self.current = Some(bytes);
        self.len = len;
        self.index = i;
        self.pos = 0;
        Ok(true)
    }
}

impl<W: Work, R: Read> Read for Chunks<'_, W, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some(bytes) = &self.current {
                let left = bytes.get(self.pos..self.len).unwrap_or_default();
                if !left.is_empty() {
                    let n = left.len().min(buf.len());
                    buf[..n].copy_from_slice(&left[..n]);
                    self.pos += n;
                    return Ok(n);
                }
            }
            if !self.next_chunk()? {
                return Ok(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameCollector;
    use std::fmt::Write as _;

    /// What is compared of a game: its tags and moves as text, its
    /// source map's diagnostics with places and game numbers.
    fn describe(items: &[(crate::Game, SourceMap)]) -> String {
        let mut out = String::new();
        for (game, source) in items {
            let tags: Vec<String> = game
                .tags
                .iter()
                .map(|t| {
                    format!(
                        "{}={}",
                        String::from_utf8_lossy(t.name),
                        String::from_utf8_lossy(t.value)
                    )
                })
                .collect();
            let moves = game.movetext.mainline().count();
            let _ = writeln!(out, "{} moves={moves}", tags.join(","));
            for d in &source.diagnostics {
                let _ = writeln!(out, "  {d}");
            }
        }
        out
    }

    fn read_with(input: &[u8], reader: ParallelReader) -> (String, u64) {
        let mut items = Vec::new();
        let finished = reader
            .read(input, &outputs(GameCollector::new), |item| {
                items.push(item);
                ControlFlow::<()>::Continue(())
            })
            .expect("not stopped");
        assert!(finished.error.is_none());
        (describe(&items), finished.games)
    }

    fn threads(n: usize) -> ParallelReader {
        ParallelReader::new().threads(NonZeroUsize::new(n).expect("not zero"))
    }

    /// Games with cuts in comments, stray text, games without markers,
    /// escape lines and CR LF line ends.
    fn awkward() -> Vec<u8> {
        let mut text = Vec::new();
        for i in 0..300 {
            let g = match i % 6 {
                0 => format!("[Event \"{i}\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 *\n\n"),
                1 => format!(
                    "[Event \"{i}\"]\n\n1. d4 {{a comment\n\n[Not \"a tag\"]\n\n}} d5 1-0\n\n"
                ),
                2 => format!("stray words\n\n[Event \"{i}\"]\n\n1. c4 0-1\n\n"),
                3 => format!("[Event \"{i}\"]\r\n\r\n1. Nf3 Nf6\r\n\r\n"),
                4 => format!(
                    "%escape\n[Event \"{i}\"]\n[Date \"bad\"]\n\n1. e4 (1. d4\n\n[X \"y\"]\n\n) *\n\n"
                ),
                _ => format!("{{before}}\n\n[Event \"{i}\"]\n\n1. b3 1/2-1/2\n\n"),
            };
            text.extend_from_slice(g.as_bytes());
        }
        text
    }

    #[test]
    fn every_piece_size_gives_what_one_thread_gives() {
        let text = awkward();
        let (one, games) = read_with(&text, threads(1));
        assert!(games >= 300, "{games}");
        assert!(one.contains("warning") || one.contains("error"), "{one}");
        for piece in [1, 7, 40, 300, 2000, 1 << 20] {
            for n in [2, 3] {
                let (many, g) = read_with(&text, threads(n).piece_size(piece));
                assert_eq!(g, games, "piece {piece}, {n} threads");
                assert_eq!(many, one, "piece {piece}, {n} threads");
                let (few, _) = read_with(&text, threads(n).piece_size(piece).piece_games(3));
                assert_eq!(few, one, "piece {piece}, 3 games, {n} threads");
            }
        }
    }

    /// Collects games as [`outputs`] does, and counts the items given
    /// back, by whether the thread that recycled one made it.
    struct Counting {
        recycled: std::sync::atomic::AtomicU64,
        elsewhere: std::sync::atomic::AtomicU64,
    }

    /// A game and the thread that read it.
    struct Made((crate::Game, SourceMap), thread::ThreadId);

    impl Relocate for Made {
        fn relocate(&mut self, shift: Shift) {
            self.0.relocate(shift);
        }
    }

    impl Work for Counting {
        type Visitor = GameCollector;
        type Item = Made;

        fn visitor(&self) -> GameCollector {
            GameCollector::new()
        }

        fn item(&self, _: &mut GameCollector, output: (crate::Game, SourceMap)) -> Self::Item {
            Made(output, thread::current().id())
        }

        fn recycle(&self, _: &mut GameCollector, Made(_, maker): Made) {
            self.recycled.fetch_add(1, Ordering::Relaxed);
            if maker != thread::current().id() {
                self.elsewhere.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    #[test]
    fn lent_items_are_what_read_gives_and_go_back_to_their_thread() {
        let text = awkward();
        let (one, games) = read_with(&text, threads(1));
        for piece in [1, 40, 2000, 1 << 20] {
            for n in [1, 2, 3] {
                let work = Counting { recycled: 0.into(), elsewhere: 0.into() };
                let mut lent = Vec::new();
                let finished = threads(n)
                    .piece_size(piece)
                    .read_lending(&text[..], &work, |Made(game, _)| {
                        lent.push(game.clone());
                        ControlFlow::<()>::Continue(())
                    })
                    .expect("not stopped");
                assert_eq!(finished.games, games, "piece {piece}, {n} threads");
                assert_eq!(describe(&lent), one, "piece {piece}, {n} threads");
                // Those of the last piece are dropped with the read.
                let recycled = work.recycled.into_inner();
                assert!(recycled <= lent.len() as u64, "piece {piece}, {n} threads");
                if n == 1 || piece == 40 {
                    assert!(recycled > 0, "piece {piece}, {n} threads");
                }
                assert_eq!(work.elsewhere.into_inner(), 0, "piece {piece}, {n} threads");
            }
        }
    }

    /// An input that gives a few bytes at a time, then fails.
    struct Trickle<'a> {
        text: &'a [u8],
        fail: bool,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.text.is_empty() {
                return if self.fail { Err(io::Error::other("the disk went away")) } else { Ok(0) };
            }
            let n = buf.len().min(self.text.len()).min(5);
            buf[..n].copy_from_slice(&self.text[..n]);
            self.text = &self.text[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_failing_input_gives_the_games_before_and_the_error() {
        let text = awkward();
        let cut = &text[..text.len() / 2];
        let (whole, games) = read_with(cut, threads(1));
        let mut seen = Vec::new();
        for n in [1, 2] {
            let mut items = Vec::new();
            let finished = threads(n)
                .piece_size(100)
                .read(Trickle { text: cut, fail: true }, &outputs(GameCollector::new), |item| {
                    items.push(item);
                    ControlFlow::<()>::Continue(())
                })
                .expect("not stopped");
            let error = finished.error.expect("the error");
            assert_eq!(error.to_string(), "the disk went away");
            // Every game but the one the error cut short.
            assert_eq!(finished.games, games - 1, "{n} threads");
            let read = describe(&items);
            assert!(whole.starts_with(&read), "{n} threads");
            seen.push(read);
        }
        assert_eq!(seen[0], seen[1]);
    }

    #[test]
    fn take_can_stop_the_read() {
        let text = awkward();
        for n in [1, 2] {
            let mut seen = 0;
            let stopped =
                threads(n).piece_size(50).read(&text[..], &outputs(GameCollector::new), |_| {
                    seen += 1;
                    if seen == 10 {
                        ControlFlow::Break("enough")
                    } else {
                        ControlFlow::Continue(())
                    }
                });
            assert_eq!(stopped.err(), Some("enough"));
            assert_eq!(seen, 10);
        }
    }

    #[test]
    fn an_empty_input_reads_as_no_games() {
        for n in [1, 2] {
            assert_eq!(read_with(b"", threads(n)), (String::new(), 0));
        }
    }

    #[test]
    fn cuts_fall_on_tag_lines_after_empty_lines() {
        let text = b"[A \"1\"]\n\n1. e4 *\n\n[B \"2\"]\n\n1. d4 *\r\n\r\n[C \"3\"]\n\n*\n";
        let at = |pat: &[u8]| text.windows(pat.len()).position(|w| w == pat);
        assert_eq!(last_cut(text, 1), at(b"[C"));
        assert_eq!(last_cut(&text[..at(b"[C").unwrap()], 1), at(b"[B"));
        assert_eq!(last_cut(b"[A \"1\"]\n", 1), None);
        assert_eq!(piece_size(b"1. e4 *\n1. d4 *\n", 5000, 10), 5000);
        assert_eq!(piece_size(b"\n\n", 5000, 1), MIN_PIECE.min(5000));
    }
}
