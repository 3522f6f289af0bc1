//! The PGN collating sequence (§12): the order of games within a file.
//!
//! §12 sorts games by eight keys: the seven tags of the Seven Tag Roster in
//! the order Date, Event, Site, Round, White, Black, Result, and then the
//! movetext. A [`TagKey`] holds the first seven, taken from a game's tags as
//! export format writes them ([`Tags::export_order`]): a missing roster tag
//! counts with its unknown value (`?`, `????.??.??`, ruling E1), a tag
//! given twice with its last value (ruling E2), and the Result is the
//! game's result as ruling E3 settles it, not the Result tag as read. The
//! eighth key, the exported movetext, comes from the caller, since only the
//! writer knows its bytes: [`collate`] and [`CollationKey`] add it.
//!
//! # Where the standard is silent
//!
//! - **Text keys** (Event, Site, White, Black, Result) compare in ascending
//!   byte order of their values. §12 says "ASCII order"; for bytes beyond
//!   ASCII, byte order is the order of Unicode code points when the value is
//!   UTF-8, and a fixed order whatever it is. The values compared are the
//!   tag values themselves, without the escapes export adds (ruling E4).
//! - **Date.** The value is read by hand, leniently, so that every value
//!   has a place: leading and trailing whitespace is skipped, then up to
//!   three parts (year, month, day) are read, each a run of ASCII digits and
//!   `?` with every `?` counted as the digit 0 (§11.4, §12), separated by
//!   `.` (or `-` or `/`, which real files use). Reading stops at the first
//!   byte that fits none of this, and a part not read counts as 0. So
//!   `????.??.??` is 0/0/0 and comes first, `1992.??.??` is 1992/0/0 and
//!   comes before `1992.01.01`, `1992.8.31` is 1992/8/31, `1992 Aug 31` is
//!   1992/0/0 and `unknown` is 0/0/0. Numbers too large for 32 bits
//!   saturate. Ranges are not checked: `1992.13.45` sorts as 1992/13/45.
//! - **Round.** `?` comes first, then `-` (§12), then every value made of
//!   one or more runs of ASCII digits joined by single periods, in numeric
//!   order part by part: `3` before `3.1` before `3.2` before `10`, and `0`
//!   before `1`. Any other value (`final`, `3a`, an empty value) comes after
//!   all numeric rounds, in byte order. Whitespace around the value is
//!   skipped when telling these classes apart. Numbers of any length compare
//!   exactly.
//! - **Ties of spelling.** Two values can be equal by the numeric rules and
//!   still differ in bytes (round `03` and `3`, date `1992.1.4` and
//!   `1992.01.04`, `19??.??.??` and `1900.00.00`). §12 treats them as one
//!   value, so the next keys decide as the standard says; only when all
//!   seven keys are equal do the raw bytes of the Date, then of the Round,
//!   decide, before the movetext. This keeps the order total (equal keys
//!   are equal values) and deterministic while following §12 wherever it
//!   speaks.
//!
//! The order of [`TagKey`] is thus a prefix of the whole collation: two
//! games with different tag keys are ordered by them alone, whatever their
//! movetexts. A caller sorting files larger than memory can keep the tag
//! keys and only the start of each movetext, and ask [`collate_prefix`]
//! whether that start is enough to decide.
//!
//! ```
//! use std::cmp::Ordering;
//!
//! use pgn_export::collate::{TagKey, collate, sort_by_collation};
//! use pgn_replay::pgn_syntax::Tags;
//! use pgn_replay::pgn_syntax::tags::GameResult;
//!
//! fn key(date: &str, round: &str) -> TagKey {
//!     let mut tags = Tags::new();
//!     tags.push(&b"Date"[..], date.as_bytes());
//!     tags.push(&b"Round"[..], round.as_bytes());
//!     TagKey::new(&tags, GameResult::Unknown)
//! }
//!
//! // Unknown date digits count as zeros, so an unknown month comes first.
//! assert!(key("1992.??.??", "1") < key("1992.01.01", "1"));
//! // Rounds compare as numbers, part by part.
//! assert!(key("1992.??.??", "3.2") < key("1992.??.??", "10"));
//! // Equal tags: the movetext decides, byte by byte.
//! let a = key("1992.??.??", "1");
//! assert_eq!(collate(&a, b"1. e4 *", &a, b"1. d4 *"), Ordering::Greater);
//!
//! let mut games = vec![(key("2024.01.01", "2"), "b"), (key("2024.01.01", "1"), "a")];
//! sort_by_collation(&mut games, |(key, movetext)| (key, movetext.as_bytes()));
//! assert_eq!(games[0].1, "a");
//! ```

use std::cmp::Ordering;
use std::fmt;

use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::pgn_syntax::{Game, Tags};

/// Round classes, in their order (the first byte of a round's sort key).
const ROUND_UNKNOWN: u8 = 0;
const ROUND_NOT_APPLICABLE: u8 = 1;
const ROUND_NUMBERED: u8 = 2;
const ROUND_OTHER: u8 = 3;

/// The fields of [`TagKey::bytes`], in storage order.
const EVENT: usize = 0;
const SITE: usize = 1;
const WHITE: usize = 2;
const BLACK: usize = 3;
const ROUND_KEY: usize = 4;
const DATE: usize = 5;
const ROUND: usize = 6;
/// How many fields [`TagKey::bytes`] holds.
const FIELDS: usize = 7;

/// The first seven keys of the §12 collating sequence: the Seven Tag
/// Roster of one game, as export format writes it (rulings E1 to E3).
///
/// Its [`Ord`] sorts by Date, Event, Site, Round, White, Black and Result,
/// as the [module documentation](self) describes, then by the bytes of the
/// Date and the Round as written. The date and the round's sort key are
/// worked out once, when the key is made, so comparing never parses.
///
/// A key is one allocation: the values are stored end to end in one
/// buffer.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TagKey {
    /// Year, month and day, each `?` digit as 0 and a missing part as 0.
    date: [u32; 3],
    /// The result (ruling E3).
    result: GameResult,
    /// Event, Site, White, Black, the round's sort key, and the Date and
    /// Round as written, end to end (indexes [`EVENT`] to [`ROUND`]).
    bytes: Box<[u8]>,
    /// Where each field of `bytes` but the last ends.
    ends: [usize; FIELDS - 1],
}

impl TagKey {
    /// The tag key of a game with these tags and this result (ruling E3;
    /// [`Game::result`] gives it). A Result tag among `tags` is not used:
    /// export writes `result` instead.
    pub fn new(tags: &Tags, result: GameResult) -> TagKey {
        // The Seven Tag Roster comes first, all of it, in roster order
        // (ruling E1; the fallback is never used); the Result it ends with
        // is `result` itself.
        let mut roster = tags.export_order(result).map(|tag| tag.value);
        let mut next = || roster.next().unwrap_or(b"?");
        let (event, site, date, round, white, black) =
            (next(), next(), next(), next(), next(), next());
        let round_key = round_key(round);
        let fields: [&[u8]; FIELDS] = [event, site, white, black, &round_key, date, round];
        let mut bytes = Vec::with_capacity(fields.iter().map(|field| field.len()).sum());
        let mut ends = [0; FIELDS - 1];
        for (i, field) in fields.iter().enumerate() {
            bytes.extend_from_slice(field);
            if let Some(end) = ends.get_mut(i) {
                *end = bytes.len();
            }
        }
        TagKey { date: date_numbers(date), result, bytes: bytes.into_boxed_slice(), ends }
    }

    /// The tag key of a game: its tags and its result (ruling E3).
    pub fn from_game<M, S>(game: &Game<M, S>) -> TagKey {
        TagKey::new(&game.tags, game.result())
    }

    /// Field `i` of `bytes`.
    fn field(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        let end = self.ends.get(i).copied().unwrap_or(self.bytes.len());
        &self.bytes[start..end]
    }

    /// The Event value (`?` when the game has none).
    pub fn event(&self) -> &[u8] {
        self.field(EVENT)
    }

    /// The Site value (`?` when the game has none).
    pub fn site(&self) -> &[u8] {
        self.field(SITE)
    }

    /// The Date value as written (`????.??.??` when the game has none).
    pub fn date(&self) -> &[u8] {
        self.field(DATE)
    }

    /// The date as it sorts: year, month and day, with every `?` digit and
    /// every part that could not be read counted as 0 (see the
    /// [module documentation](self)).
    pub fn date_numbers(&self) -> [u32; 3] {
        self.date
    }

    /// The Round value as written (`?` when the game has none).
    pub fn round(&self) -> &[u8] {
        self.field(ROUND)
    }

    /// The White value (`?` when the game has none).
    pub fn white(&self) -> &[u8] {
        self.field(WHITE)
    }

    /// The Black value (`?` when the game has none).
    pub fn black(&self) -> &[u8] {
        self.field(BLACK)
    }

    /// The result, as export writes it (ruling E3).
    pub fn result(&self) -> GameResult {
        self.result
    }
}

impl fmt::Debug for TagKey {
    /// The values as text, in the order of §12 (the round's sort key left
    /// out).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TagKey")
            .field("date", &self.date().escape_ascii().to_string())
            .field("date_numbers", &self.date)
            .field("event", &self.event().escape_ascii().to_string())
            .field("site", &self.site().escape_ascii().to_string())
            .field("round", &self.round().escape_ascii().to_string())
            .field("white", &self.white().escape_ascii().to_string())
            .field("black", &self.black().escape_ascii().to_string())
            .field("result", &self.result.as_str())
            .finish()
    }
}

impl<M, S> From<&Game<M, S>> for TagKey {
    /// As [`TagKey::from_game`].
    fn from(game: &Game<M, S>) -> TagKey {
        TagKey::from_game(game)
    }
}

impl Ord for TagKey {
    /// The first seven keys of §12, then the Date and the Round as written.
    fn cmp(&self, other: &TagKey) -> Ordering {
        self.date
            .cmp(&other.date)
            .then_with(|| self.event().cmp(other.event()))
            .then_with(|| self.site().cmp(other.site()))
            .then_with(|| self.field(ROUND_KEY).cmp(other.field(ROUND_KEY)))
            .then_with(|| self.white().cmp(other.white()))
            .then_with(|| self.black().cmp(other.black()))
            .then_with(|| self.result.as_str().cmp(other.result.as_str()))
            .then_with(|| self.date().cmp(other.date()))
            .then_with(|| self.round().cmp(other.round()))
    }
}

impl PartialOrd for TagKey {
    fn partial_cmp(&self, other: &TagKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// All eight keys of §12: the tag key and the exported movetext.
///
/// The derived order compares the tag keys, then the movetexts byte by
/// byte, "including spaces and newline characters" (§12).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CollationKey {
    /// The first seven keys.
    pub tags: TagKey,
    /// The movetext as export writes it.
    pub movetext: Box<[u8]>,
}

/// Compares two games by the §12 collating sequence: their tag keys, then
/// their exported movetexts byte by byte.
pub fn collate(a: &TagKey, a_movetext: &[u8], b: &TagKey, b_movetext: &[u8]) -> Ordering {
    a.cmp(b).then_with(|| a_movetext.cmp(b_movetext))
}

/// The part of a game's movetext that a caller holds in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeldMovetext<'a> {
    /// The whole movetext.
    Whole(&'a [u8]),
    /// The first bytes of the movetext, which goes on beyond them.
    Start(&'a [u8]),
}

/// Compares two games as [`collate`] does, from their tag keys and as much
/// of their movetexts as the caller holds, or returns `None` when that is
/// not enough to decide (the held bytes are equal as far as both go, and
/// one of the movetexts goes on beyond what is held).
///
/// ```
/// use std::cmp::Ordering;
///
/// use pgn_export::collate::{HeldMovetext, TagKey, collate_prefix};
/// use pgn_replay::pgn_syntax::Tags;
/// use pgn_replay::pgn_syntax::tags::GameResult;
///
/// let key = TagKey::new(&Tags::new(), GameResult::Unknown);
/// let (whole, start) = (HeldMovetext::Whole(b"1. e4"), HeldMovetext::Start(b"1. e4 e5"));
/// assert_eq!(collate_prefix(&key, whole, &key, start), Some(Ordering::Less));
/// let (a, b) = (HeldMovetext::Start(b"1. e4"), HeldMovetext::Start(b"1. e4"));
/// assert_eq!(collate_prefix(&key, a, &key, b), None);
/// ```
pub fn collate_prefix(
    a: &TagKey,
    a_movetext: HeldMovetext<'_>,
    b: &TagKey,
    b_movetext: HeldMovetext<'_>,
) -> Option<Ordering> {
    let by_tags = a.cmp(b);
    if by_tags.is_ne() {
        return Some(by_tags);
    }
    let (a_held, a_whole) = match a_movetext {
        HeldMovetext::Whole(bytes) => (bytes, true),
        HeldMovetext::Start(bytes) => (bytes, false),
    };
    let (b_held, b_whole) = match b_movetext {
        HeldMovetext::Whole(bytes) => (bytes, true),
        HeldMovetext::Start(bytes) => (bytes, false),
    };
    let common = a_held.len().min(b_held.len());
    let by_common = a_held[..common].cmp(&b_held[..common]);
    if by_common.is_ne() {
        return Some(by_common);
    }
    // Equal as far as both are held: a movetext that ends here comes first.
    let a_ends = a_whole && a_held.len() == common;
    let b_ends = b_whole && b_held.len() == common;
    match (a_ends, b_ends) {
        (true, true) => Some(Ordering::Equal),
        (true, false) => Some(Ordering::Less),
        (false, true) => Some(Ordering::Greater),
        (false, false) => None,
    }
}

/// Sorts `items` by the §12 collating sequence, stably: items with equal
/// keys and equal movetexts keep their order. `key` gives each item's tag
/// key and exported movetext.
pub fn sort_by_collation<T>(items: &mut [T], key: impl Fn(&T) -> (&TagKey, &[u8])) {
    items.sort_by(|a, b| {
        let (a_key, a_movetext) = key(a);
        let (b_key, b_movetext) = key(b);
        collate(a_key, a_movetext, b_key, b_movetext)
    });
}

/// Reads a Date value leniently (see the module documentation): year,
/// month and day, each `?` digit as 0, a part not read as 0.
pub(crate) fn date_numbers(value: &[u8]) -> [u32; 3] {
    let mut numbers = [0; 3];
    let mut rest = value.trim_ascii();
    for (i, number) in numbers.iter_mut().enumerate() {
        if i > 0 {
            match rest.split_first() {
                Some((b'.' | b'-' | b'/', after)) => rest = after,
                _ => break,
            }
        }
        let len = rest.iter().take_while(|&&b| b.is_ascii_digit() || b == b'?').count();
        if len == 0 {
            break;
        }
        let (part, after) = rest.split_at(len);
        *number = part.iter().fold(0u32, |n, &b| {
            let digit = if b == b'?' { 0 } else { u32::from(b - b'0') };
            n.saturating_mul(10).saturating_add(digit)
        });
        rest = after;
    }
    numbers
}

/// The sort key of a Round value: a class byte, then for a numbered round
/// each part as its length in significant digits (four bytes, big-endian)
/// and those digits, so that byte order is numeric order part by part; for
/// a round of no class of §12, the value itself.
fn round_key(value: &[u8]) -> Vec<u8> {
    match value.trim_ascii() {
        b"?" => vec![ROUND_UNKNOWN],
        b"-" => vec![ROUND_NOT_APPLICABLE],
        trimmed => numbered_round_key(trimmed).unwrap_or_else(|| {
            let mut key = Vec::with_capacity(1 + value.len());
            key.push(ROUND_OTHER);
            key.extend_from_slice(value);
            key
        }),
    }
}

/// The sort key of a numbered round (`3`, `3.1`), or `None` if `value` is
/// not one.
fn numbered_round_key(value: &[u8]) -> Option<Vec<u8>> {
    let mut key = Vec::with_capacity(1 + 5 * value.len());
    key.push(ROUND_NUMBERED);
    for part in value.split(|&b| b == b'.') {
        if part.is_empty() || !part.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let zeros = part.iter().take_while(|&&b| b == b'0').count();
        let digits = &part[zeros..];
        key.extend_from_slice(&u32::try_from(digits.len()).ok()?.to_be_bytes());
        key.extend_from_slice(digits);
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a game with these roster values and an unknown result.
    fn key(date: &str, event: &str, site: &str, round: &str, white: &str, black: &str) -> TagKey {
        let mut tags = Tags::new();
        let roster = [
            ("Event", event),
            ("Site", site),
            ("Date", date),
            ("Round", round),
            ("White", white),
            ("Black", black),
        ];
        for (name, value) in roster {
            tags.push(name.as_bytes(), value.as_bytes());
        }
        TagKey::new(&tags, GameResult::Unknown)
    }

    fn date(date: &str) -> TagKey {
        key(date, "E", "S", "1", "W", "B")
    }

    fn round(round: &str) -> TagKey {
        key("2000.01.01", "E", "S", round, "W", "B")
    }

    /// Asserts that `keys` are in strictly ascending order, pair by pair
    /// and all pairs.
    fn assert_ascending(keys: &[TagKey]) {
        for (i, a) in keys.iter().enumerate() {
            for (j, b) in keys.iter().enumerate() {
                assert_eq!(a.cmp(b), i.cmp(&j), "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn dates_sort_numerically_with_question_marks_as_zeros() {
        assert_ascending(&[
            date("????.??.??"),
            date("????.??.01"),
            date("0999.12.31"),
            date("1992.??.??"),
            date("1992.08.??"),
            date("1992.08.09"),
            date("1992.08.31"),
            date("1992.12.01"),
            date("1993.01.01"),
        ]);
    }

    #[test]
    fn question_marks_are_zero_digits_inside_a_part() {
        assert_eq!(date("19??.??.??").date_numbers(), [1900, 0, 0]);
        assert_eq!(date("1?92.0?.?1").date_numbers(), [1092, 0, 1]);
        // 1900/0/0 both, then the bytes decide: `0` is below `?`.
        assert_ascending(&[date("1900.??.??"), date("19??.??.??"), date("1901.??.??")]);
    }

    #[test]
    fn malformed_dates_are_read_as_far_as_they_go() {
        let cases = [
            ("1992.8.31", [1992, 8, 31]),
            ("1992-08-31", [1992, 8, 31]),
            ("1992/08/31", [1992, 8, 31]),
            (" 1992.08.31 ", [1992, 8, 31]),
            ("1992", [1992, 0, 0]),
            ("1992.08", [1992, 8, 0]),
            ("1992 Aug 31", [1992, 0, 0]),
            ("1992..31", [1992, 0, 0]),
            ("1992.08.31.12", [1992, 8, 31]),
            ("?", [0, 0, 0]),
            ("", [0, 0, 0]),
            ("unknown", [0, 0, 0]),
            ("99999999999.1.1", [u32::MAX, 1, 1]),
        ];
        for (value, expected) in cases {
            assert_eq!(date_numbers(value.as_bytes()), expected, "{value:?}");
        }
        // Unreadable dates sort with the unknown ones, by their bytes
        // only once all seven keys are equal.
        assert_ascending(&[date("????.??.??"), date("unknown"), date("0001.01.01")]);
    }

    #[test]
    fn rounds_sort_query_hyphen_then_numbers_then_the_rest() {
        assert_ascending(&[
            round("?"),
            round("-"),
            round("0"),
            round("1"),
            round("2"),
            round("3"),
            round("3.1"),
            round("3.2"),
            round("3.10"),
            round("10"),
            round("10.1.1"),
            round("123456789012345678901234567890"),
            round(""),
            round("3a"),
            round("Final"),
            round("final"),
        ]);
    }

    #[test]
    fn equal_numbers_spelt_differently_are_ordered_after_all_seven_keys() {
        // `03` and `3` are one round: White decides first.
        assert!(
            key("2000.01.01", "E", "S", "03", "A", "B")
                < key("2000.01.01", "E", "S", "3", "Z", "B")
        );
        assert!(
            key("2000.01.01", "E", "S", "3", "A", "B")
                < key("2000.01.01", "E", "S", "03", "Z", "B")
        );
        // Everything else equal, the bytes decide.
        assert_ascending(&[round("03"), round("3"), round("3.01"), round("3.1")]);
        assert_ascending(&[date("1992.01.04"), date("1992.1.4")]);
        assert_ne!(round("03"), round("3"));
    }

    #[test]
    fn text_keys_sort_in_byte_order() {
        let event = |e| key("2000.01.01", e, "S", "1", "W", "B");
        assert_ascending(&[event("?"), event("B"), event("Zurich"), event("Zürich"), event("a")]);
        let site = |s| key("2000.01.01", "E", s, "1", "W", "B");
        assert_ascending(&[site("Berlin"), site("Berlin GER"), site("berlin")]);
        let white = |w| key("2000.01.01", "E", "S", "1", w, "B");
        assert_ascending(&[white("Anand"), white("Kasparov, G"), white("Kasparov, Garry")]);
        let black = |b| key("2000.01.01", "E", "S", "1", "W", b);
        assert_ascending(&[black("?"), black("Carlsen"), black("carlsen")]);
    }

    #[test]
    fn results_sort_in_byte_order() {
        let keys: Vec<TagKey> =
            [GameResult::Unknown, GameResult::BlackWins, GameResult::WhiteWins, GameResult::Draw]
                .into_iter()
                .map(|result| TagKey::new(&Tags::new(), result))
                .collect();
        assert_ascending(&keys);
    }

    #[test]
    fn keys_come_in_the_order_of_section_12() {
        // Each key outweighs every key after it.
        assert_ascending(&[
            key("1990.01.01", "Z", "Z", "9", "Z", "Z"),
            key("1991.01.01", "A", "Z", "9", "Z", "Z"),
            key("1991.01.01", "B", "A", "9", "Z", "Z"),
            key("1991.01.01", "B", "B", "1", "Z", "Z"),
            key("1991.01.01", "B", "B", "2", "A", "Z"),
            key("1991.01.01", "B", "B", "2", "B", "A"),
            key("1991.01.01", "B", "B", "2", "B", "B"),
        ]);
        // White outweighs the Result, though `1/2-1/2` is above `*`.
        let mut tags = Tags::new();
        tags.push(&b"White"[..], &b"A"[..]);
        let draw = TagKey::new(&tags, GameResult::Draw);
        tags.set("White", &b"B"[..]);
        let unknown = TagKey::new(&tags, GameResult::Unknown);
        assert!(draw < unknown);
    }

    #[test]
    fn missing_tags_count_with_their_unknown_values() {
        let missing = TagKey::new(&Tags::new(), GameResult::Unknown);
        let explicit = key("????.??.??", "?", "?", "?", "?", "?");
        assert_eq!(missing, explicit);
        assert_eq!(missing.date(), b"????.??.??");
        assert_eq!(missing.round(), b"?");
        assert_eq!(
            [missing.event(), missing.site(), missing.white(), missing.black()],
            [b"?"; 4].map(|v| &v[..])
        );
    }

    #[test]
    fn the_last_value_counts_and_the_result_is_the_games() {
        let mut game: Game =
            Game { tags: Tags::new(), start: (), movetext: Default::default(), termination: None };
        game.tags.push(&b"Event"[..], &b"first"[..]);
        game.tags.push(&b"Result"[..], &b"1-0"[..]);
        game.tags.push(&b"Event"[..], &b"second"[..]);
        assert_eq!(TagKey::from_game(&game).event(), b"second");
        // The Result tag holds a result, and there is no marker (E3).
        assert_eq!(TagKey::from(&game).result(), GameResult::WhiteWins);
        game.termination = Some(GameResult::Draw);
        assert_eq!(TagKey::from_game(&game).result(), GameResult::Draw);
    }

    #[test]
    fn the_order_is_total_and_agrees_with_equality() {
        let dates = ["????.??.??", "1992.1.4", "1992.01.04", "19??.??.??", "1900", "x"];
        let rounds = ["?", "-", "3", "03", "3.1", "final", ""];
        let players = ["?", "A", "a"];
        let mut keys = Vec::new();
        for d in dates {
            for r in rounds {
                for p in players {
                    keys.push(key(d, p, "S", r, p, "B"));
                }
            }
        }
        for a in &keys {
            for b in &keys {
                assert_eq!(a.cmp(b) == Ordering::Equal, a == b);
                assert_eq!(a.cmp(b), b.cmp(a).reverse());
            }
        }
        let mut sorted = keys.clone();
        sorted.sort();
        for pair in sorted.windows(2) {
            assert!(pair[0] < pair[1]);
        }
        for (i, a) in sorted.iter().enumerate() {
            for b in &sorted[i..] {
                assert!(a <= b, "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn the_movetext_decides_between_equal_tags() {
        let a = date("2000.01.01");
        let b = date("2000.01.01");
        assert_eq!(collate(&a, b"1. d4 d5 *", &b, b"1. e4 e5 *"), Ordering::Less);
        assert_eq!(collate(&a, b"1. e4 *", &b, b"1. e4 e5 *"), Ordering::Less);
        // Newlines and spaces count: LF is below the space.
        assert_eq!(collate(&a, b"1. e4\ne5 *", &b, b"1. e4 e5 *"), Ordering::Less);
        assert_eq!(collate(&a, b"1. e4 *", &b, b"1. e4 *"), Ordering::Equal);
        // The tags outweigh the movetext.
        let later = date("2000.01.02");
        assert_eq!(collate(&a, b"9", &later, b"1"), Ordering::Less);
        let x = CollationKey { tags: a.clone(), movetext: b"1. e4 *"[..].into() };
        let y = CollationKey { tags: a, movetext: b"1. d4 *"[..].into() };
        assert!(y < x);
    }

    #[test]
    fn sorting_is_stable() {
        let one = date("2000.01.01");
        let two = date("2000.01.02");
        let mut games = vec![
            (two.clone(), "1. e4 *", 0),
            (one.clone(), "1. e4 *", 1),
            (two.clone(), "1. d4 *", 2),
            (one.clone(), "1. e4 *", 3),
            (two, "1. e4 *", 4),
            (one, "1. c4 *", 5),
        ];
        sort_by_collation(&mut games, |(key, movetext, _)| (key, movetext.as_bytes()));
        let order: Vec<usize> = games.iter().map(|&(_, _, i)| i).collect();
        assert_eq!(order, [5, 1, 3, 2, 0, 4]);
    }

    #[test]
    fn prefixes_decide_only_when_they_can() {
        use HeldMovetext::{Start, Whole};
        let a = date("2000.01.01");
        let later = date("2000.01.02");
        let cases: [(HeldMovetext<'_>, HeldMovetext<'_>, Option<Ordering>); 10] = [
            (Whole(b"1. e4"), Whole(b"1. e4"), Some(Ordering::Equal)),
            (Whole(b"1. e4"), Whole(b"1. e4 e5"), Some(Ordering::Less)),
            (Whole(b"1. e4"), Start(b"1. e4"), Some(Ordering::Less)),
            (Whole(b"1. e4"), Start(b"1. e"), None),
            (Start(b"1. e4"), Whole(b"1. e4"), Some(Ordering::Greater)),
            (Start(b"1. e4"), Start(b"1. e4 e5"), None),
            (Start(b"1. d4"), Start(b"1. e"), Some(Ordering::Less)),
            (Start(b"1. e"), Whole(b"1. d4"), Some(Ordering::Greater)),
            (Start(b""), Whole(b""), Some(Ordering::Greater)),
            (Start(b""), Start(b""), None),
        ];
        for (x, y, expected) in cases {
            assert_eq!(collate_prefix(&a, x, &a, y), expected, "{x:?} vs {y:?}");
            assert_eq!(collate_prefix(&a, y, &a, x), expected.map(Ordering::reverse));
            // Different tags decide whatever is held.
            assert_eq!(collate_prefix(&a, x, &later, y), Some(Ordering::Less));
        }
    }
}
