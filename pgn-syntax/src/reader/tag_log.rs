//! The tag log of the current tag section: which names it has had, for
//! duplicates (ruling E2), the Seven Tag Roster (§8.1.1: present, first,
//! in order) and game splitting (a repeated name after an empty line
//! starts the next game). [`Known`] tells the tag names the reader looks
//! at apart with one match per pair, for the log and for the value checks.
//! The log also keeps the SetUp value for the check against FEN.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The tags of the current game, for duplicates, the Seven Tag Roster and
/// game splitting, kept at O(1) per tag: a bit per roster tag, and for the
/// other tags a hash of the name (FNV-1a, 64 bits: two different tag names
/// collide with negligible probability), each with the offset of the last
/// pair of that name (the one a duplicate overrides). No name is copied
/// but a duplicate's. The first few distinct hashes are scanned in a short
/// list; past that they go to a hash map, so that a section of many
/// distinct names stays linear.
#[derive(Debug, Default)]
pub(super) struct TagLog {
    /// A bit per roster tag present, by roster index.
    pub(super) roster: u8,
    /// The offset of the last pair of each roster tag, by roster index.
    roster_at: [u64; 7],
    /// The roster index of the last roster tag.
    last_roster: Option<u8>,
    /// The roster tags present came first and in order so far.
    pub(super) in_order: bool,
    /// A tag outside the roster has been seen.
    others_seen: bool,
    /// Distinct hashes of the names of the tags outside the roster, with
    /// the offset of the last pair of each, the first `FEW` of them.
    others: Vec<(u64, u64)>,
    /// The distinct hashes past the first `FEW`, with their offsets.
    many: HashMap<u64, u64, BuildHasherDefault<HashIsKey>>,
    /// The pairs whose name came before in the section.
    pub(super) duplicates: Vec<Duplicate>,
    /// The SetUp tag's value, checked against the FEN tag when the section
    /// ends (whether there was one is `GameState::setup_at`).
    pub(super) setup_value: Vec<u8>,
}

/// A pair whose name came before in its tag section.
#[derive(Debug)]
pub(super) struct Duplicate {
    /// The name.
    pub(super) name: Box<[u8]>,
    /// The offset of the pair.
    pub(super) at: u64,
    /// The offset of the pair of that name before it, whose value it
    /// overrides.
    pub(super) overridden: u64,
}

/// How many distinct tag names outside the roster [`TagLog`] scans in a list.
const FEW: usize = 16;

/// A hasher for keys that are hashes already: it passes them through.
#[derive(Debug, Default)]
struct HashIsKey(u64);

impl Hasher for HashIsKey {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; anything else is folded in.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// FNV-1a over `bytes`.
fn name_hash(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// A tag name as the log keys it, computed once per pair.
#[derive(Clone, Copy, Debug)]
pub(super) enum TagKey {
    /// The index of the name in the Seven Tag Roster (§8.1.1).
    Roster(u8),
    /// The hash of a name outside the roster.
    Other(u64),
}

impl TagKey {
    pub(super) fn of(name: &[u8]) -> TagKey {
        TagKey::known(name, Known::of(name))
    }

    /// The key of a name already classified.
    #[inline]
    pub(super) fn known(name: &[u8], known: Known) -> TagKey {
        match known.roster_index() {
            Some(index) => TagKey::Roster(index),
            None => TagKey::Other(name_hash(name)),
        }
    }
}

/// The tag names the reader looks at, told apart by one match per pair:
/// the Seven Tag Roster first (in roster order), then those whose values
/// are checked (`examine_tag`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Known {
    Event,
    Site,
    Date,
    Round,
    White,
    Black,
    Result,
    EventDate,
    UtcDate,
    WhiteTitle,
    BlackTitle,
    WhiteUscf,
    BlackUscf,
    WhiteNa,
    BlackNa,
    WhiteType,
    BlackType,
    Board,
    Nic,
    Mode,
    Time,
    UtcTime,
    TimeControl,
    Eco,
    WhiteElo,
    BlackElo,
    PlyCount,
    Termination,
    SetUp,
    Fen,
    Other,
}

impl Known {
    #[inline]
    pub(super) fn of(name: &[u8]) -> Known {
        match name {
            b"Event" => Known::Event,
            b"Site" => Known::Site,
            b"Date" => Known::Date,
            b"Round" => Known::Round,
            b"White" => Known::White,
            b"Black" => Known::Black,
            b"Result" => Known::Result,
            b"EventDate" => Known::EventDate,
            b"UTCDate" => Known::UtcDate,
            b"WhiteTitle" => Known::WhiteTitle,
            b"BlackTitle" => Known::BlackTitle,
            b"WhiteUSCF" => Known::WhiteUscf,
            b"BlackUSCF" => Known::BlackUscf,
            b"WhiteNA" => Known::WhiteNa,
            b"BlackNA" => Known::BlackNa,
            b"WhiteType" => Known::WhiteType,
            b"BlackType" => Known::BlackType,
            b"Board" => Known::Board,
            b"NIC" => Known::Nic,
            b"Mode" => Known::Mode,
            b"Time" => Known::Time,
            b"UTCTime" => Known::UtcTime,
            b"TimeControl" => Known::TimeControl,
            b"ECO" => Known::Eco,
            b"WhiteElo" => Known::WhiteElo,
            b"BlackElo" => Known::BlackElo,
            b"PlyCount" => Known::PlyCount,
            b"Termination" => Known::Termination,
            b"SetUp" => Known::SetUp,
            b"FEN" => Known::Fen,
            _ => Known::Other,
        }
    }

    /// The index in the Seven Tag Roster (§8.1.1), for its seven names.
    #[inline]
    pub(super) fn roster_index(self) -> Option<u8> {
        let index = self as u8;
        (index < 7).then_some(index)
    }
}

impl TagLog {
    pub(super) fn clear(&mut self) {
        self.roster = 0;
        self.last_roster = None;
        self.in_order = true;
        self.others_seen = false;
        self.others.clear();
        if self.many.capacity() > 4 * FEW {
            // Clearing costs the capacity: a huge section must not slow
            // every later game down.
            self.many = HashMap::default();
        } else {
            self.many.clear();
        }
        self.duplicates.clear();
    }

    /// Whether a pair with this key is logged.
    pub(super) fn contains(&self, key: TagKey) -> bool {
        match key {
            TagKey::Roster(index) => self.roster & (1 << index) != 0,
            TagKey::Other(hash) => {
                self.others.iter().any(|&(h, _)| h == hash)
                    || (!self.many.is_empty() && self.many.contains_key(&hash))
            }
        }
    }

    /// Logs the pair `name`, of this key, at `offset`; if a pair of that
    /// name came before, logs this one as its duplicate too.
    ///
    /// The first pair of a roster name, most of the pairs read, is logged
    /// inline at the call; the rest in [`TagLog::push_other`].
    #[inline(always)]
    pub(super) fn push(&mut self, key: TagKey, name: &[u8], offset: u64) {
        if let TagKey::Roster(index) = key {
            let bit = 1 << index;
            if self.roster & bit == 0 {
                self.roster_at[usize::from(index)] = offset;
                if self.others_seen || self.last_roster.is_some_and(|last| index <= last) {
                    self.in_order = false;
                }
                self.last_roster = Some(index);
                self.roster |= bit;
                return;
            }
        }
        self.push_other(key, name, offset);
    }

    /// [`TagLog::push`] for a name outside the roster or a roster name
    /// that came before (`push` logs a roster name's first pair itself).
    #[inline(never)]
    fn push_other(&mut self, key: TagKey, name: &[u8], offset: u64) {
        let before = match key {
            // A repeated roster tag is a duplicate, not a matter of order.
            TagKey::Roster(index) => {
                Some(std::mem::replace(&mut self.roster_at[usize::from(index)], offset))
            }
            TagKey::Other(hash) => {
                self.others_seen = true;
                let before = match self.others.iter_mut().find(|(h, _)| *h == hash) {
                    Some((_, at)) => Some(std::mem::replace(at, offset)),
                    None if self.many.is_empty() => None,
                    None => self.many.get_mut(&hash).map(|at| std::mem::replace(at, offset)),
                };
                if before.is_none() {
                    if self.others.len() < FEW {
                        self.others.push((hash, offset));
                    } else {
                        self.many.insert(hash, offset);
                    }
                }
                before
            }
        };
        if let Some(overridden) = before {
            self.duplicates.push(Duplicate { name: name.into(), at: offset, overridden });
        }
    }
}
