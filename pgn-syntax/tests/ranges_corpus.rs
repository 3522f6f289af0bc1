//! Byte ranges on every PGN file of the corpus: for many random sets of
//! cuts, the ranges between the cuts, each read on its own
//! (`ranges::locate`, then a reader over exactly those bytes), give the
//! games of one read of the whole file, each once, in order, with the
//! same tags, moves and byte offsets.

use std::io::Cursor;
use std::ops::ControlFlow;

use pgn_syntax::nag::Suffix;
use pgn_syntax::ranges::{ByteRange, balanced, is_game_start, locate};
use pgn_syntax::{Place, Reader, Visitor};
use testkit::XorShift;

/// A game as compared: where it starts, its tags, its main line's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    offset: u64,
    tags: Vec<(Vec<u8>, Vec<u8>)>,
    moves: Vec<Vec<u8>>,
}

/// Reads what is compared of each game.
#[derive(Default)]
struct Looker {
    offset: u64,
    tags: Vec<(Vec<u8>, Vec<u8>)>,
    moves: Vec<Vec<u8>>,
}

impl Visitor for Looker {
    type Tags = ();
    type Movetext = ();
    type Output = Seen;

    fn game_start(&mut self, offset: u64) {
        self.offset = offset;
    }

    fn begin_tags(&mut self) -> ControlFlow<Seen> {
        ControlFlow::Continue(())
    }

    fn tag(
        &mut self,
        (): &mut (),
        name: &[u8],
        value: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<Seen> {
        self.tags.push((name.to_vec(), value.to_vec()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<Seen> {
        ControlFlow::Continue(())
    }

    fn san(
        &mut self,
        (): &mut (),
        san: &[u8],
        _: Option<Suffix>,
        _: &mut Place<'_>,
    ) -> ControlFlow<Seen> {
        self.moves.push(san.to_vec());
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        (): &mut (),
        _: &mut Place<'_>,
    ) -> ControlFlow<Seen, pgn_syntax::Branch> {
        ControlFlow::Continue(pgn_syntax::Branch::Skip)
    }

    fn end_game(&mut self, (): ()) -> Seen {
        Seen {
            offset: self.offset,
            tags: std::mem::take(&mut self.tags),
            moves: std::mem::take(&mut self.moves),
        }
    }
}

/// The games of `bytes`, their offsets moved by `base`.
fn games(bytes: &[u8], base: u64) -> Vec<Seen> {
    let mut looker = Looker::default();
    let mut reader = Reader::new(bytes);
    let mut games = Vec::new();
    while let Some(mut game) = reader.read_game(&mut looker).expect("in-memory input") {
        game.offset += base;
        games.push(game);
    }
    games
}

/// The games of `pgn` read range by range, the ranges between `cuts`.
fn by_ranges(pgn: &[u8], cuts: &[u64]) -> Vec<Seen> {
    let len = pgn.len() as u64;
    let mut file = Cursor::new(pgn);
    let mut bounds = vec![0];
    bounds.extend_from_slice(cuts);
    let mut seen = Vec::new();
    for (k, &start) in bounds.iter().enumerate() {
        let end = bounds.get(k + 1).copied();
        let bytes = locate(&mut file, len, ByteRange { start, end }).expect("in memory");
        let (from, to) = (bytes.start as usize, bytes.end as usize);
        seen.extend(games(&pgn[from..to], bytes.start));
    }
    seen
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn ranges_give_each_game_of_the_corpus_once_in_order() {
    let root = testkit::corpus::dir();
    let files: Vec<_> =
        ["pgn", "bench"].iter().flat_map(|d| testkit::corpus::pgn_files(&root.join(d))).collect();
    assert!(files.len() > 20, "{} corpus files", files.len());
    let mut random = XorShift::new(0x5eed_2a4e);
    let mut false_starts = Vec::new();
    for path in &files {
        let pgn = std::fs::read(path).expect("a corpus file");
        let whole = games(&pgn, 0);
        // Every game start is where one read of the whole file begins a
        // game; those that are not (in a comment, or an empty line in a
        // tag section) are what a range cannot see, and are left out of
        // the cuts below.
        let offsets: std::collections::HashSet<u64> = whole.iter().map(|g| g.offset).collect();
        let starts: Vec<usize> =
            memchr_brackets(&pgn).filter(|&i| is_game_start(&pgn, i)).collect();
        let fake: Vec<usize> =
            starts.iter().copied().filter(|&i| !offsets.contains(&(i as u64))).collect();
        if !fake.is_empty() {
            false_starts.push(format!(
                "{}: {} at {:?}",
                path.display(),
                fake.len(),
                &fake[..fake.len().min(3)]
            ));
        }
        let len = pgn.len() as u64;
        let rounds = if pgn.len() > 1 << 20 { 1 } else { 6 };
        for _ in 0..rounds {
            let parts = 1 + random.below(8);
            let mut cuts: Vec<u64> = (0..parts).map(|_| random.next_u64() % len.max(1)).collect();
            cuts.sort_unstable();
            // A cut whose range would begin at a false start is moved off
            // it: what such a start does is tested elsewhere.
            let mut file = Cursor::new(&pgn[..]);
            cuts.retain(|&c| {
                let at = locate(&mut file, len, ByteRange { start: c, end: None })
                    .expect("in memory")
                    .start;
                !fake.contains(&(at as usize))
            });
            let ranged = by_ranges(&pgn, &cuts);
            assert_eq!(ranged.len(), whole.len(), "{}: cuts {cuts:?}", path.display());
            if let Some(i) = (0..whole.len()).find(|&i| ranged[i] != whole[i]) {
                panic!(
                    "{}: cuts {cuts:?}: game {} differs: {:?} against {:?}",
                    path.display(),
                    i + 1,
                    ranged[i],
                    whole[i]
                );
            }
        }
        // Balanced parts are ranges like any others.
        let parts = balanced(&mut Cursor::new(&pgn[..]), len, 4).expect("in memory");
        let cuts: Vec<u64> = parts.iter().skip(1).map(|r| r.start).collect();
        if cuts.iter().all(|&c| !fake.contains(&(c as usize))) {
            assert_eq!(by_ranges(&pgn, &cuts), whole, "{}: balanced", path.display());
        }
    }
    // The corpus has one: ChessBase's empty line after the Event tag.
    assert!(false_starts.len() <= 1, "{false_starts:#?}");
}

/// The offsets of the `[` bytes of `text`.
fn memchr_brackets(text: &[u8]) -> impl Iterator<Item = usize> + '_ {
    text.iter().enumerate().filter(|&(_, &b)| b == b'[').map(|(i, _)| i)
}
