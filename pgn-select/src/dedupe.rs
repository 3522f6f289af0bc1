//! Duplicate games: a fingerprint of what makes two games the same (the
//! start position and main-line moves, and optionally some tags; or only
//! the final position), an index of the fingerprints seen that keeps a
//! 64-bit hash of each in memory and the fingerprints themselves in a
//! store (memory or a temporary file), compared exactly when two hashes
//! meet.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};

use chess_core::{Color, Move, Position};
use pgn_replay::pgn_syntax::Tags;

/// What makes two games duplicates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DuplicateMode {
    /// The same main-line moves from the same start position.
    #[default]
    Moves,
    /// The same moves, and the same values of these tags (a missing tag
    /// equals only a missing tag).
    MovesAndTags(Vec<String>),
    /// The same final position of the main line (placement, side to move,
    /// castling rights, en passant square where a capture is possible).
    FinalPosition,
}

/// Appends the fingerprint of a game to `out`: the start position (one
/// byte for the standard start), the moves (two bytes each: from, to,
/// promotion), then the tags the mode names; or only the final position.
pub fn fingerprint(
    mode: &DuplicateMode,
    start: &Position,
    moves: &[Move],
    tags: &Tags,
    out: &mut Vec<u8>,
) {
    if let DuplicateMode::FinalPosition = mode {
        let mut pos = start.clone();
        for &m in moves {
            pos.play_unchecked(m);
        }
        put_position(&pos, out);
        return;
    }
    if is_standard_start(start) {
        out.push(0);
    } else {
        out.push(1);
        put_position(start, out);
    }
    for &m in moves {
        out.extend_from_slice(&pack(m).to_le_bytes());
    }
    if let DuplicateMode::MovesAndTags(names) = mode {
        for name in names {
            match tags.get(name) {
                Some(v) => {
                    out.push(1);
                    out.extend_from_slice(&(v.len() as u64).to_le_bytes());
                    out.extend_from_slice(v);
                }
                None => out.push(0),
            }
        }
    }
}

/// True if `pos` is the standard start, whatever its move counters.
fn is_standard_start(pos: &Position) -> bool {
    let standard = Position::new();
    pos.board() == standard.board()
        && pos.turn() == standard.turn()
        && pos.castling_rights() == standard.castling_rights()
        && pos.legal_ep_square().is_none()
}

/// A move in 15 bits: from, to, promotion. Enough to tell the legal moves
/// of one position apart (castling is king to rook, so no normal move has
/// its squares).
fn pack(m: Move) -> u16 {
    let (from, to, promotion) = match m {
        Move::Normal { from, to, promotion, .. } => {
            (from, to, promotion.map_or(0, |r| r.index() + 1))
        }
        Move::EnPassant { from, to } => (from, to, 0),
        Move::Castle { king, rook } => (king, rook, 0),
        // A null move (read leniently as `--` or `Z0`): squares no move
        // has, from 63 to 63 with promotion 15.
        Move::Null => return u16::MAX,
    };
    (from.index() as u16) | (to.index() as u16) << 6 | (promotion as u16) << 12
}

fn put_position(pos: &Position, out: &mut Vec<u8>) {
    let b = pos.board();
    for bb in [
        b.by_color(Color::White),
        b.by_color(Color::Black),
        b.pawns(),
        b.knights(),
        b.bishops(),
        b.rooks(),
        b.queens(),
        b.kings(),
    ] {
        out.extend_from_slice(&bb.0.to_le_bytes());
    }
    let rights = Color::ALL.map(|c| pos.castling_rights().for_color(c).0);
    out.extend_from_slice(&(rights[0] | rights[1]).to_le_bytes());
    out.push(u8::from(pos.turn() == Color::White));
    out.push(pos.legal_ep_square().map_or(64, |s| s.index() as u8));
}

/// A 64-bit hash of a fingerprint (not for adversaries: a collision costs
/// one exact comparison).
pub fn hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().unwrap_or_default());
        h = (h ^ w).wrapping_mul(K).rotate_left(31);
    }
    let mut last = [0; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h ^ u64::from_le_bytes(last)).wrapping_mul(K);
    h ^ (h >> 29)
}

/// Where an index keeps the fingerprints it has seen.
pub trait Store {
    /// Keeps `bytes`; returns where they are.
    ///
    /// # Errors
    ///
    /// The store cannot be written.
    fn put(&mut self, bytes: &[u8]) -> io::Result<u64>;

    /// Reads back `len` bytes kept at `at` into `buf`.
    ///
    /// # Errors
    ///
    /// The store cannot be read.
    fn get(&mut self, at: u64, len: usize, buf: &mut Vec<u8>) -> io::Result<()>;
}

/// Fingerprints in memory.
#[derive(Debug, Default)]
pub struct MemoryStore(Vec<u8>);

impl Store for MemoryStore {
    fn put(&mut self, bytes: &[u8]) -> io::Result<u64> {
        let at = self.0.len() as u64;
        self.0.extend_from_slice(bytes);
        Ok(at)
    }

    fn get(&mut self, at: u64, len: usize, buf: &mut Vec<u8>) -> io::Result<()> {
        let at = usize::try_from(at).map_err(io::Error::other)?;
        let bytes =
            self.0.get(at..at + len).ok_or_else(|| io::Error::other("no such fingerprint"))?;
        buf.clear();
        buf.extend_from_slice(bytes);
        Ok(())
    }
}

/// Fingerprints in a file (a temporary one, say): memory holds only the
/// hashes and where each fingerprint is.
#[derive(Debug)]
pub struct FileStore {
    file: BufWriter<File>,
    end: u64,
}

impl FileStore {
    /// A store writing to `file` (from its start; it should be empty).
    pub fn new(file: File) -> FileStore {
        FileStore { file: BufWriter::with_capacity(1 << 16, file), end: 0 }
    }
}

impl Store for FileStore {
    fn put(&mut self, bytes: &[u8]) -> io::Result<u64> {
        let at = self.end;
        self.file.write_all(bytes)?;
        self.end += bytes.len() as u64;
        Ok(at)
    }

    fn get(&mut self, at: u64, len: usize, buf: &mut Vec<u8>) -> io::Result<()> {
        self.file.flush()?;
        let file = self.file.get_mut();
        file.seek(SeekFrom::Start(at))?;
        buf.clear();
        buf.resize(len, 0);
        file.read_exact(buf)?;
        file.seek(SeekFrom::Start(self.end))?;
        Ok(())
    }
}

/// A set of equal fingerprints: where the first is kept, how many games
/// had it, and the next set whose hash is the same (a true collision).
#[derive(Clone, Copy, Debug)]
struct Set {
    at: u64,
    len: u32,
    first: u64,
    copies: u32,
    next: Option<u32>,
}

/// What [`DuplicateIndex::insert`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Seen {
    /// The first game with this fingerprint; the id of its set.
    First(u32),
    /// A duplicate: the set it joins, and the id the first game of it was
    /// inserted with.
    Duplicate {
        /// The set.
        set: u32,
        /// The first game's id.
        of: u64,
    },
}

/// The fingerprints seen, as 64-bit hashes in memory, each with its set
/// of games (compared exactly with the fingerprint in the store).
///
/// ```
/// use pgn_select::{DuplicateIndex, MemoryStore, Seen};
///
/// let mut index = DuplicateIndex::new(MemoryStore::default());
/// assert_eq!(index.insert(b"e4 e5", 1)?, Seen::First(0));
/// assert_eq!(index.insert(b"d4 d5", 2)?, Seen::First(1));
/// assert_eq!(index.insert(b"e4 e5", 3)?, Seen::Duplicate { set: 0, of: 1 });
/// assert_eq!(index.copies(0), 2);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct DuplicateIndex<S> {
    by_hash: HashMap<u64, u32>,
    sets: Vec<Set>,
    store: S,
    buf: Vec<u8>,
    collisions: u64,
}

impl<S: Store> DuplicateIndex<S> {
    /// An empty index keeping fingerprints in `store`.
    pub fn new(store: S) -> DuplicateIndex<S> {
        DuplicateIndex {
            by_hash: HashMap::new(),
            sets: Vec::new(),
            store,
            buf: Vec::new(),
            collisions: 0,
        }
    }

    /// Looks up a game's fingerprint, adding it when new; `id` names the
    /// game (its number, an offset: what a caller needs to find it).
    ///
    /// # Errors
    ///
    /// The store fails.
    pub fn insert(&mut self, fingerprint: &[u8], id: u64) -> io::Result<Seen> {
        let h = hash(fingerprint);
        let mut last = None;
        let mut cursor = self.by_hash.get(&h).copied();
        while let Some(i) = cursor {
            let set = self.sets[i as usize];
            if set.len as usize == fingerprint.len() {
                self.store.get(set.at, set.len as usize, &mut self.buf)?;
                if self.buf == fingerprint {
                    self.sets[i as usize].copies += 1;
                    return Ok(Seen::Duplicate { set: i, of: set.first });
                }
            }
            self.collisions += 1;
            last = Some(i);
            cursor = set.next;
        }
        let len = u32::try_from(fingerprint.len()).map_err(io::Error::other)?;
        let at = self.store.put(fingerprint)?;
        let index = u32::try_from(self.sets.len()).map_err(io::Error::other)?;
        self.sets.push(Set { at, len, first: id, copies: 1, next: None });
        match last {
            Some(l) => self.sets[l as usize].next = Some(index),
            None => {
                self.by_hash.insert(h, index);
            }
        }
        Ok(Seen::First(index))
    }

    /// How many games a set has had.
    pub fn copies(&self, set: u32) -> u32 {
        self.sets.get(set as usize).map_or(0, |s| s.copies)
    }

    /// The sets with more than one game: the first game's id and the
    /// number of games, in the order the sets began.
    pub fn repeated(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.sets.iter().filter(|s| s.copies > 1).map(|s| (s.first, s.copies))
    }

    /// How many distinct fingerprints.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// True if nothing was inserted.
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// How many times two different fingerprints had the same hash.
    pub fn collisions(&self) -> u64 {
        self.collisions
    }
}

/// Duplicate detection in one value: a [`DuplicateMode`], the
/// [`DuplicateIndex`] of the games seen, and the buffer their
/// fingerprints are made in. What `pgn dedupe` runs for each game that
/// a [`Selector`](crate::Selector) kept the main line of
/// ([`Selector::keep_main_line`](crate::Selector::keep_main_line); the
/// tags that [`DuplicateMode::MovesAndTags`] compares are in the game's
/// [`GameInfo`](pgn_replay::GameInfo)).
///
/// ```
/// use pgn_select::{Deduper, DuplicateMode, MemoryStore, Seen};
/// use pgn_replay::pgn_syntax::Tags;
/// use san::{Position, San};
///
/// let start = Position::new();
/// let e4 = San::from_ascii(b"e4")?.resolve(&start)?.m;
/// let d4 = San::from_ascii(b"d4")?.resolve(&start)?.m;
/// let mut deduper = Deduper::new(DuplicateMode::Moves, MemoryStore::default());
/// let tags = Tags::new();
/// assert_eq!(deduper.check(&start, &[e4], &tags, 1)?, Seen::First(0));
/// assert_eq!(deduper.check(&start, &[d4], &tags, 2)?, Seen::First(1));
/// assert_eq!(deduper.check(&start, &[e4], &tags, 3)?, Seen::Duplicate { set: 0, of: 1 });
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Deduper<S> {
    mode: DuplicateMode,
    index: DuplicateIndex<S>,
    print: Vec<u8>,
}

impl<S: Store> Deduper<S> {
    /// A deduper comparing games as `mode` says, keeping fingerprints in
    /// `store`.
    pub fn new(mode: DuplicateMode, store: S) -> Deduper<S> {
        Deduper { mode, index: DuplicateIndex::new(store), print: Vec::new() }
    }

    /// Looks up a game (its start, main-line moves and tags), adding it
    /// when it is new; `id` names it ([`DuplicateIndex::insert`]).
    ///
    /// # Errors
    ///
    /// The store fails.
    pub fn check(
        &mut self,
        start: &Position,
        moves: &[Move],
        tags: &Tags,
        id: u64,
    ) -> io::Result<Seen> {
        self.print.clear();
        fingerprint(&self.mode, start, moves, tags, &mut self.print);
        self.index.insert(&self.print, id)
    }

    /// The index of the games seen: their sets and counts.
    pub fn index(&self) -> &DuplicateIndex<S> {
        &self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_hashes_are_checked_exactly() {
        let mut index = DuplicateIndex::new(MemoryStore::default());
        // Force a collision: two fingerprints under one hash.
        let a = b"first".to_vec();
        let b = b"other".to_vec();
        assert_eq!(index.insert(&a, 10).unwrap(), Seen::First(0));
        let h = hash(&a);
        // Put `b` in by hand under `a`'s hash to simulate a collision.
        let at = index.store.put(&b).unwrap();
        index.sets.push(Set { at, len: 5, first: 11, copies: 1, next: None });
        index.sets[0].next = Some(1);
        assert_eq!(index.by_hash[&h], 0);
        assert_eq!(index.insert(&a, 12).unwrap(), Seen::Duplicate { set: 0, of: 10 });
        // A fingerprint with `a`'s hash but other bytes walks the chain.
        index.by_hash.insert(hash(b"third"), 0);
        assert_eq!(index.insert(b"third", 13).unwrap(), Seen::First(2));
        assert!(index.collisions() >= 2);
        assert_eq!(index.repeated().collect::<Vec<_>>(), [(10, 2)]);
    }

    #[test]
    fn a_file_store_gives_back_what_it_kept() {
        let path = std::env::temp_dir().join(format!("pgn-select-store-{}", std::process::id()));
        let file =
            File::options().read(true).write(true).create(true).truncate(true).open(&path).unwrap();
        let mut index = DuplicateIndex::new(FileStore::new(file));
        for i in 0..1000u64 {
            let fp = (i % 300).to_le_bytes();
            let seen = index.insert(&fp, i).unwrap();
            assert_eq!(seen == Seen::First((i % 300) as u32), i < 300, "{i}");
        }
        assert_eq!(index.len(), 300);
        assert_eq!(index.copies(0), 4);
        std::fs::remove_file(path).unwrap();
    }
}
