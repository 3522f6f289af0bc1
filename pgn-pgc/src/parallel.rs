//! Decoding one PGC input on several cores, with what comes out in input
//! order: [`in_pieces`].
//!
//! PGC needs no guessing where a game starts: its records say their
//! lengths ([`Record::measure`]). One thread reads the input (a file, a
//! decompressor, standard input: any `Read`) and steps over its records,
//! cutting it into pieces of about a megabyte where a game begins outside
//! a game; worker threads decode the pieces, each alone, and the calling
//! thread takes what they made in input order. A piece decodes as the
//! same bytes would in the whole input, so what comes out is what one
//! thread decoding the whole input gives, whatever the number of threads.
//!
//! Memory stays bounded: the reading thread keeps at most a fixed window
//! of pieces ahead of the one being taken.

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

use crate::record::{Marker, Record};

/// A piece of a PGC input, as [`in_pieces`] hands it to the decoding
/// function: its bytes, read as a `Read` (after the last piece's bytes,
/// the input's read error, if it had one), and where it starts.
#[derive(Debug)]
pub struct Piece<'a> {
    bytes: &'a [u8],
    offset: u64,
    error: Option<(io::ErrorKind, &'a str)>,
}

impl Piece<'_> {
    /// The offset of its first byte in the input.
    pub fn offset(&self) -> u64 {
        self.offset
    }
}

impl Read for Piece<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.bytes.is_empty() {
            return match self.error.take() {
                Some((kind, text)) => Err(io::Error::new(kind, text)),
                None => Ok(0),
            };
        }
        let n = self.bytes.len().min(buf.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// A piece as the reading thread cut it.
struct Cut {
    bytes: Vec<u8>,
    offset: u64,
    /// The input's read error after it (the last piece).
    error: Option<(io::ErrorKind, String)>,
}

/// What the threads share.
struct Shared<T> {
    /// Pieces read, not yet taken by a worker, by index.
    cuts: BTreeMap<usize, Cut>,
    /// Pieces read so far; set `done` when the input has ended.
    read: usize,
    done: bool,
    /// The piece the calling thread takes next.
    wanted: usize,
    results: BTreeMap<usize, T>,
    stop: bool,
}

struct Store<T> {
    shared: Mutex<Shared<T>>,
    changed: Condvar,
}

fn lock<T>(store: &Store<T>) -> MutexGuard<'_, Shared<T>> {
    store.shared.lock().unwrap_or_else(PoisonError::into_inner)
}

fn wait<'a, T>(store: &Store<T>, guard: MutexGuard<'a, Shared<T>>) -> MutexGuard<'a, Shared<T>> {
    store.changed.wait(guard).unwrap_or_else(PoisonError::into_inner)
}

/// Stops the read when the thread holding it panics, so that no thread
/// waits for it for ever.
struct PanicGuard<'a, T>(&'a Store<T>);

impl<T> Drop for PanicGuard<'_, T> {
    fn drop(&mut self) {
        if thread::panicking() {
            lock(self.0).stop = true;
            self.0.changed.notify_all();
        }
    }
}

/// Decodes `input` in pieces of about `piece` bytes on `threads` worker
/// threads: `decode` makes something of each piece (reading it as a PGC
/// input that starts at [`Piece::offset`]), and `take` gets what it made
/// in input order, until it breaks. One piece the whole input when
/// `threads` is 1, decoded on the calling thread.
///
/// ```
/// use std::num::NonZeroUsize;
/// use std::ops::ControlFlow;
///
/// // The records of 1,000 games, decoded on two threads.
/// let pgn = b"[Event \"x\"]\n\n1. e4 e5 *\n";
/// let game = pgn_replay::replay_games(&pgn[..]).next().unwrap()?.game;
/// let input = pgn_pgc::encode(&game).unwrap().repeat(1000);
/// let two = NonZeroUsize::new(2).unwrap();
/// let mut games = 0;
/// let count = |piece: pgn_pgc::parallel::Piece<'_>| pgn_pgc::Decoder::new(piece).filter(Result::is_ok).count();
/// pgn_pgc::parallel::in_pieces(&input[..], two, 100, count, |n| {
///     games += n;
///     ControlFlow::<()>::Continue(())
/// })
/// .unwrap();
/// assert_eq!(games, 1000);
/// # Ok::<_, std::io::Error>(())
/// ```
///
/// # Errors
///
/// What `take` breaks with.
pub fn in_pieces<R, T, B>(
    input: R,
    threads: NonZeroUsize,
    piece: usize,
    decode: impl Fn(Piece<'_>) -> T + Sync,
    mut take: impl FnMut(T) -> ControlFlow<B>,
) -> Result<(), B>
where
    R: Read + Send,
    T: Send,
{
    let threads = usize::from(threads);
    if threads <= 1 {
        let mut input = input;
        let mut bytes = Vec::new();
        let error = input.read_to_end(&mut bytes).err();
        let error = error.as_ref().map(|e| (e.kind(), e.to_string()));
        let piece = Piece {
            bytes: &bytes,
            offset: 0,
            error: error.as_ref().map(|(k, t)| (*k, t.as_str())),
        };
        return match take(decode(piece)) {
            ControlFlow::Break(b) => Err(b),
            ControlFlow::Continue(()) => Ok(()),
        };
    }
    let store = Store {
        shared: Mutex::new(Shared {
            cuts: BTreeMap::new(),
            read: 0,
            done: false,
            wanted: 0,
            results: BTreeMap::new(),
            stop: false,
        }),
        changed: Condvar::new(),
    };
    let window = 4 * threads;
    let piece = piece.max(1);
    let decode = &decode;
    let store = &store;
    thread::scope(|scope| {
        let reader =
            thread::Builder::new().name("pgc input".into()).spawn_scoped(scope, move || {
                let _guard = PanicGuard(store);
                let mut input = input;
                produce(&mut input, store, piece, window);
            });
        let mut spawned = 0;
        if reader.is_ok() {
            for _ in 0..threads {
                let worker = thread::Builder::new()
                    .name("pgc piece decoder".into())
                    .spawn_scoped(scope, move || work(store, decode));
                if worker.is_err() {
                    break;
                }
                spawned += 1;
            }
        }
        let taken = if spawned == 0 {
            lock(store).stop = true;
            store.changed.notify_all();
            Ok(())
        } else {
            take_in_order(store, &mut take)
        };
        lock(store).stop = true;
        store.changed.notify_all();
        taken
    })
}

/// The reading thread: cuts the input into pieces.
fn produce<T>(input: &mut impl Read, store: &Store<T>, piece: usize, window: usize) {
    let mut buf: Vec<u8> = Vec::new();
    let mut offset = 0u64;
    // Where the next record starts in `buf`, and whether it is inside a
    // game; the records before it were stepped over.
    let mut at = 0;
    let mut in_game = false;
    // Stepping is over: a record could not be measured (the rest is one
    // piece, whose decoding reports it).
    let mut stuck = false;
    let mut error = None;
    let mut ended = false;
    loop {
        // Step over the records in `buf`, cutting where a game begins
        // outside a game a piece's size in.
        let mut cut = None;
        while !stuck && cut.is_none() {
            let Some(&first) = buf.get(at) else { break };
            if Marker::from_byte(first).is_none() {
                stuck = true;
                break;
            }
            let Some((marker, len)) = Record::measure(&buf[at..]) else { break };
            let begins = matches!(marker, Marker::ReducedGame | Marker::GameBegin);
            if begins && !in_game && at >= piece {
                cut = Some(at);
                break;
            }
            match marker {
                Marker::GameBegin => in_game = true,
                Marker::GameEnd => in_game = false,
                _ => {}
            }
            at += len;
        }
        let last = ended || stuck;
        if cut.is_none() && !last {
            // Read on: a piece's size more, or what the record needs.
            let want = buf.len() + piece.max(64 << 10);
            let mut got = buf.len();
            buf.resize(want, 0);
            while got < want {
                match input.read(&mut buf[got..]) {
                    Ok(0) => {
                        ended = true;
                        break;
                    }
                    Ok(n) => got += n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        error = Some((e.kind(), e.to_string()));
                        ended = true;
                        break;
                    }
                }
            }
            buf.truncate(got);
            continue;
        }
        let (bytes, rest) = match cut {
            Some(c) => {
                let rest = buf[c..].to_vec();
                buf.truncate(c);
                (std::mem::replace(&mut buf, rest), true)
            }
            None => (std::mem::take(&mut buf), false),
        };
        let len = bytes.len() as u64;
        let mut s = lock(store);
        while !s.stop && s.read >= s.wanted + window {
            s = wait(store, s);
        }
        if s.stop {
            return;
        }
        let index = s.read;
        let error = if rest { None } else { error.take() };
        s.cuts.insert(index, Cut { bytes, offset, error });
        s.read += 1;
        if !rest {
            s.done = true;
        }
        store.changed.notify_all();
        if !rest {
            return;
        }
        drop(s);
        offset += len;
        at = 0;
    }
}

/// A worker: decodes pieces until there are none or the read stops.
fn work<T, F: Fn(Piece<'_>) -> T>(store: &Store<T>, decode: &F) {
    let _guard = PanicGuard(store);
    loop {
        let (index, cut) = {
            let mut s = lock(store);
            loop {
                if s.stop {
                    return;
                }
                if let Some((&index, _)) = s.cuts.iter().next() {
                    let cut = s.cuts.remove(&index).map(|c| (index, c));
                    if let Some(cut) = cut {
                        break cut;
                    }
                }
                if s.done && s.cuts.is_empty() {
                    return;
                }
                s = wait(store, s);
            }
        };
        let error = cut.error.as_ref().map(|(kind, text)| (*kind, text.as_str()));
        let made = decode(Piece { bytes: &cut.bytes, offset: cut.offset, error });
        let mut s = lock(store);
        s.results.insert(index, made);
        store.changed.notify_all();
    }
}

/// The calling thread: hands the results to `take` in order.
fn take_in_order<T, B>(
    store: &Store<T>,
    take: &mut impl FnMut(T) -> ControlFlow<B>,
) -> Result<(), B> {
    loop {
        let made = {
            let mut s = lock(store);
            loop {
                let wanted = s.wanted;
                if let Some(made) = s.results.remove(&wanted) {
                    s.wanted += 1;
                    store.changed.notify_all();
                    break made;
                }
                if (s.done && wanted >= s.read) || s.stop {
                    return Ok(());
                }
                s = wait(store, s);
            }
        };
        if let ControlFlow::Break(b) = take(made) {
            return Err(b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Decoded, Decoder, encode};

    /// The games of `pgc` decoded in pieces, as their export text, then
    /// the error that stopped each piece, if any.
    fn decoded(pgc: &[u8], threads: usize, piece: usize) -> Vec<String> {
        let mut out = Vec::new();
        let threads = NonZeroUsize::new(threads).expect("not zero");
        let _ = in_pieces(
            pgc,
            threads,
            piece,
            |mut p| {
                let offset = p.offset();
                let mut bytes = Vec::new();
                let read = p.read_to_end(&mut bytes).err().map(|e| e.to_string());
                let mut games: Vec<String> = Decoder::new(&bytes[..])
                    .map(|item| match item {
                        Ok(Decoded::Game(g)) => format!("{:?}", g.tags),
                        Ok(Decoded::Escape(e)) => format!("escape {e:?}"),
                        Err(e) => format!("error at {offset}: {e}"),
                    })
                    .collect();
                games.extend(read);
                games
            },
            |games| {
                out.extend(games);
                ControlFlow::<()>::Continue(())
            },
        );
        out
    }

    #[test]
    fn pieces_decode_to_what_the_whole_decodes_to() {
        let mut pgc = Vec::new();
        for i in 0..200 {
            let pgn = format!("[Event \"{i}\"]\n\n1. e4 e5 (1... c5 $1) 2. Nf3 *\n");
            let game = pgn_replay::replay_games(pgn.as_bytes()).next().expect("a game");
            pgc.extend(encode(&game.expect("read").game).expect("encoded"));
        }
        let whole = decoded(&pgc, 1, 1 << 20);
        assert_eq!(whole.len(), 200);
        for piece in [1, 10, 100, 1000] {
            assert_eq!(decoded(&pgc, 2, piece), whole, "pieces of {piece}");
        }
    }
}
