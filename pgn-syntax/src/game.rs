//! The game model shared by every reader and writer: [`Game`], generic
//! over the move type, with its [`Tags`] and its [`Movetext`].
//!
//! A game as read holds moves as text ([`SanText`]); `pgn-replay`
//! replays it into the same type with legal moves and a start position.
//! Where things were in the input is not part of a game: a reader keeps
//! it beside the game, in a [`SourceMap`](crate::SourceMap), so a game
//! built by a program or decoded from a binary format is a `Game` like any
//! other.

use std::borrow::Cow;
use std::fmt;

mod access;

use crate::movetext::Movetext;
use crate::nag::Suffix;
use crate::tags::{GameResult, SEVEN_TAG_ROSTER, str_default_value, str_index};

/// A move as written in the movetext: its SAN text (not checked here) and
/// its suffix annotation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SanText {
    /// The move's text, such as `Nf3` or `exd6e.p.`.
    #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
    pub text: Box<[u8]>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`, if given.
    pub suffix: Option<Suffix>,
}

/// A tag pair of a [`Tags`]: name and value, bytes as in the input (the
/// value with its escapes decoded), borrowed from the list that holds them.
///
/// Its `Debug` shows both as text (lossily, for bytes that are not UTF-8),
/// since a tag is text in all but the rarest of inputs.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Tag<'a> {
    /// The tag name.
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    pub name: &'a [u8],
    /// The value with its escapes decoded.
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    pub value: &'a [u8],
}

impl<'a> Tag<'a> {
    /// The tag name as text (names are ASCII; other bytes become U+FFFD).
    pub fn name_text(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.name)
    }

    /// The value as text: UTF-8, with bytes that are not replaced by
    /// U+FFFD.
    pub fn value_text(&self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.value)
    }
}

impl fmt::Debug for Tag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tag")
            .field("name", &String::from_utf8_lossy(self.name))
            .field("value", &String::from_utf8_lossy(self.value))
            .finish()
    }
}

/// Where one pair lies in the bytes of a [`Tags`]: its name ends (and its
/// value starts) at `name_end`, its value ends at `end`. It starts where
/// the pair before it ends, or at 0.
///
/// Offsets are `usize`: a tag section has no length limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Span {
    name_end: usize,
    end: usize,
}

/// The tag pairs of a game in input order, duplicates kept (ruling E2: the
/// last of a name wins when a value is asked for).
///
/// The pairs are stored compactly rather than as a box per name and per
/// value: every name and value one after the other in one buffer, and
/// beside it where each pair ends. A game's tags are then two buffers
/// however many pairs it has, not two allocations a pair, which matters to
/// readers that make a game per game read (no allocation per token on a
/// hot path). [`iter`](Tags::iter) gives the pairs as [`Tag`] views.
///
/// Two lists are equal when they hold the same pairs in the same order:
/// the buffers hold the pairs and nothing else, so comparing them compares
/// the pairs.
///
/// With the `serde` feature, the pairs in order, each a name and a value
/// (`[["Event", "Casual"], ["Site", "?"]]`): duplicates are kept, which
/// an object could not do.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    /// Each pair's name, then its value, pair after pair in input order.
    bytes: Vec<u8>,
    /// Where each pair ends in `bytes`, one per pair in input order.
    spans: Vec<Span>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// True if every name and value is ASCII (one test over them all).
    pub fn is_ascii(&self) -> bool {
        self.bytes.is_ascii()
    }

    /// The number of pairs, duplicates included.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether there are no pairs.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The pairs in input order, duplicates included. The iterator goes
    /// both ways and knows its length; its `nth` is cheap, for the pair at
    /// an index.
    pub fn iter(&self) -> TagIter<'_> {
        TagIter { tags: self, front: 0, back: self.spans.len() }
    }

    /// Adds a tag pair at the end (a name given before is not replaced:
    /// the last one wins, ruling E2).
    pub fn push(&mut self, name: impl AsRef<[u8]>, value: impl AsRef<[u8]>) {
        self.bytes.extend_from_slice(name.as_ref());
        let name_end = self.bytes.len();
        self.bytes.extend_from_slice(value.as_ref());
        self.spans.push(Span { name_end, end: self.bytes.len() });
    }

    /// Sets `name` to `value`: replaces the value of the last pair of that
    /// name, or adds one at the end.
    ///
    /// A replaced value of another length moves the bytes after it, and
    /// where the later pairs end, so that the list is what pushing the same
    /// pairs would have made (and equal to it). Replacing is rare: a
    /// builder setting a tag it set before.
    pub fn set(&mut self, name: &str, value: impl AsRef<[u8]>) {
        let value = value.as_ref();
        let Some(i) = self.iter().rposition(|t| t.name == name.as_bytes()) else {
            self.push(name, value);
            return;
        };
        let Span { name_end: start, end } = self.spans[i];
        self.bytes.splice(start..end, value.iter().copied());
        self.spans[i].end = start + value.len();
        // The later pairs move by the change in length. Every offset of
        // theirs is at least `end`, itself at least the old length:
        // subtracting first cannot underflow.
        let old = end - start;
        for span in &mut self.spans[i + 1..] {
            span.name_end = span.name_end - old + value.len();
            span.end = span.end - old + value.len();
        }
    }

    /// The value of the last tag named `name` (ruling E2: the last wins).
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.iter().rev().find(|t| t.name == name.as_bytes()).map(|t| t.value)
    }

    /// [`Tags::get`] as text: UTF-8, with bytes that are not replaced by
    /// U+FFFD (borrowed when the value is valid UTF-8).
    ///
    /// ```
    /// use pgn_syntax::Tags;
    ///
    /// let mut tags = Tags::new();
    /// tags.push("White", "Nimzowitsch, Aaron");
    /// tags.push("Black", b"Tarrasch, Siegbert \xff");
    /// assert_eq!(tags.get_text("White").as_deref(), Some("Nimzowitsch, Aaron"));
    /// assert_eq!(tags.get_text("Black").as_deref(), Some("Tarrasch, Siegbert \u{fffd}"));
    /// assert_eq!(tags.get_text("Event"), None);
    /// ```
    pub fn get_text(&self, name: &str) -> Option<Cow<'_, str>> {
        self.get(name).map(String::from_utf8_lossy)
    }

    /// The pairs in input order as text, name and value ([`Tag::name_text`],
    /// [`Tag::value_text`]).
    pub fn iter_text(&self) -> impl DoubleEndedIterator<Item = (Cow<'_, str>, Cow<'_, str>)> {
        self.iter().map(|t| (t.name_text(), t.value_text()))
    }

    /// Removes every pair, keeping the buffers' capacity for the next
    /// game's tags.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.spans.clear();
    }

    /// The result of a game with these tags and the termination marker
    /// `termination` (ruling E3): the marker, else the Result tag when it
    /// holds one of the four results, else `*`.
    pub fn result(&self, termination: Option<GameResult>) -> GameResult {
        termination
            .or_else(|| {
                let value = self.get("Result")?;
                GameResult::from_ascii(value.trim_ascii()).ok()
            })
            .unwrap_or(GameResult::Unknown)
    }

    /// The tags that export format writes, in its order (ruling E1): the
    /// Seven Tag Roster first, in roster order and always all seven (a
    /// missing one with its unknown value, the Result with `result`,
    /// ruling E3), then every other name once (the last value, ruling E2)
    /// in ascending byte order of name.
    ///
    /// ```
    /// use pgn_syntax::Tags;
    /// use pgn_syntax::tags::GameResult;
    ///
    /// let mut tags = Tags::new();
    /// tags.push(&b"White"[..], &b"Kasparov"[..]);
    /// tags.push(&b"ECO"[..], &b"B97"[..]);
    /// tags.push(&b"Annotator"[..], &b"X"[..]);
    /// let order: Vec<_> = tags
    ///     .export_order(GameResult::WhiteWins)
    ///     .map(|tag| format!("{}={}", String::from_utf8_lossy(tag.name), String::from_utf8_lossy(tag.value)))
    ///     .collect();
    /// assert_eq!(order, [
    ///     "Event=?", "Site=?", "Date=????.??.??", "Round=?", "White=Kasparov", "Black=?",
    ///     "Result=1-0", "Annotator=X", "ECO=B97",
    /// ]);
    /// ```
    pub fn export_order(&self, result: GameResult) -> ExportOrder<'_> {
        // One pass from the last pair back: the first pair met of a roster
        // name is its last (E2); the other pairs are kept by index, and a
        // stable sort by name then puts the last value of each name first
        // in its run. n log n, however many tags a game has.
        let mut roster = [None; 7];
        let mut others = Others::Inline([0; INLINE], 0);
        for i in (0..self.len()).rev() {
            match str_index(self.pair(i).name) {
                Some(r) => {
                    roster[r].get_or_insert(i);
                }
                None => others.push(i),
            }
        }
        let sorted = others.as_mut_slice();
        sorted.sort_by(|&a, &b| self.pair(a).name.cmp(self.pair(b).name));
        // Keep the first of each run of one name: its last value.
        let mut kept = 0;
        for i in 0..sorted.len() {
            if kept == 0 || self.pair(sorted[kept - 1]).name != self.pair(sorted[i]).name {
                sorted[kept] = sorted[i];
                kept += 1;
            }
        }
        ExportOrder { tags: self, result, roster, others, others_len: kept, next: 0 }
    }

    /// The tags of [`Tags::export_order`], but for the order of the tags
    /// outside the roster: the order they were read in rather than by
    /// name. The Seven Tag Roster still comes first, in roster order and
    /// always all seven (ruling E1); then every other name once, its last
    /// pair (ruling E2) where that pair was read, so a pair given again
    /// later is written where it was given last. This is not export format
    /// (§8.1.1 sorts the other tags by name), but the order people and
    /// programs wrote them in: lichess's `UTCDate` before its `WhiteElo`.
    ///
    /// ```
    /// use pgn_syntax::Tags;
    /// use pgn_syntax::tags::GameResult;
    ///
    /// let mut tags = Tags::new();
    /// for (name, value) in [("WhiteElo", "2700"), ("White", "Kasparov"), ("ECO", "A00"), ("Annotator", "X"), ("ECO", "B97")] {
    ///     tags.push(name, value);
    /// }
    /// let order: Vec<_> = tags
    ///     .export_order_as_read(GameResult::WhiteWins)
    ///     .map(|tag| format!("{}={}", String::from_utf8_lossy(tag.name), String::from_utf8_lossy(tag.value)))
    ///     .collect();
    /// assert_eq!(order, [
    ///     "Event=?", "Site=?", "Date=????.??.??", "Round=?", "White=Kasparov", "Black=?",
    ///     "Result=1-0", "WhiteElo=2700", "Annotator=X", "ECO=B97",
    /// ]);
    /// ```
    pub fn export_order_as_read(&self, result: GameResult) -> ExportOrder<'_> {
        let mut order = self.export_order(result);
        // The pairs kept are the last of each name: put back in the order
        // of their indices, they are in input order. Still n log n.
        order.others.as_mut_slice()[..order.others_len].sort_unstable();
        order
    }

    /// The pair at index `i`, which is less than `len()`.
    fn pair(&self, i: usize) -> Tag<'_> {
        let start = match i {
            0 => 0,
            _ => self.spans[i - 1].end,
        };
        let Span { name_end, end } = self.spans[i];
        Tag { name: &self.bytes[start..name_end], value: &self.bytes[name_end..end] }
    }
}

/// The pairs as a list of name and value, shown as text (lossily, for
/// bytes that are not UTF-8), rather than the buffers they are kept in.
impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.iter()
                    .map(|t| (String::from_utf8_lossy(t.name), String::from_utf8_lossy(t.value))),
            )
            .finish()
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = Tag<'a>;
    type IntoIter = TagIter<'a>;

    fn into_iter(self) -> TagIter<'a> {
        self.iter()
    }
}

/// A list of the pairs, in the order given.
impl<N: AsRef<[u8]>, V: AsRef<[u8]>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in iter {
            tags.push(name, value);
        }
        tags
    }
}

/// A list of the pairs, in the order given (a copy of another list's
/// pairs, say, some of them left out).
impl<'a> FromIterator<Tag<'a>> for Tags {
    fn from_iter<I: IntoIterator<Item = Tag<'a>>>(iter: I) -> Tags {
        iter.into_iter().map(|t| (t.name, t.value)).collect()
    }
}

/// How many pairs outside the roster [`ExportOrder`] keeps without
/// allocating: more than any real game has.
const INLINE: usize = 24;

/// The tags of a game in the order export format writes them, from
/// [`Tags::export_order`]: the Seven Tag Roster, then the other names
/// once each in byte order (or as read, from
/// [`Tags::export_order_as_read`]).
#[derive(Clone, Debug)]
pub struct ExportOrder<'a> {
    tags: &'a Tags,
    /// What the Result tag says (ruling E3).
    result: GameResult,
    /// Where the last pair of each roster name is, in roster order.
    roster: [Option<usize>; 7],
    /// Where the other pairs are; the first `others_len` are the last
    /// pair of each name, sorted by name (or by index, as read).
    others: Others,
    others_len: usize,
    /// How many pairs have been given.
    next: usize,
}

/// The indices of the pairs outside the roster: on the stack when there
/// are few (in every game but the rarest), so that exporting a game
/// allocates nothing for them. Indices rather than the pairs keep it small
/// to set up and to move.
#[derive(Clone, Debug)]
enum Others {
    Inline([usize; INLINE], usize),
    Heap(Vec<usize>),
}

impl Others {
    fn push(&mut self, i: usize) {
        match self {
            Others::Inline(indices, len) if *len < INLINE => {
                indices[*len] = i;
                *len += 1;
            }
            Others::Inline(indices, _) => {
                let mut heap = indices.to_vec();
                heap.push(i);
                *self = Others::Heap(heap);
            }
            Others::Heap(heap) => heap.push(i),
        }
    }

    fn as_mut_slice(&mut self) -> &mut [usize] {
        match self {
            Others::Inline(indices, len) => &mut indices[..*len],
            Others::Heap(heap) => heap,
        }
    }

    fn get(&self, i: usize) -> Option<usize> {
        match self {
            Others::Inline(indices, _) => indices.get(i).copied(),
            Others::Heap(heap) => heap.get(i).copied(),
        }
    }
}

impl<'a> Iterator for ExportOrder<'a> {
    type Item = Tag<'a>;

    fn next(&mut self) -> Option<Tag<'a>> {
        let i = self.next;
        let tag = match self.roster.get(i) {
            Some(at) => {
                let name = SEVEN_TAG_ROSTER[i];
                let value = match at {
                    _ if name == "Result" => self.result.as_str().as_bytes(),
                    Some(at) => self.tags.pair(*at).value,
                    None => str_default_value(name.as_bytes()).unwrap_or("?").as_bytes(),
                };
                Tag { name: name.as_bytes(), value }
            }
            None if i - 7 < self.others_len => self.tags.pair(self.others.get(i - 7)?),
            None => return None,
        };
        self.next += 1;
        Some(tag)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = 7 + self.others_len - self.next;
        (len, Some(len))
    }
}

impl ExactSizeIterator for ExportOrder<'_> {}

/// The pairs of a [`Tags`] in input order, made by [`Tags::iter`].
#[derive(Clone, Debug)]
pub struct TagIter<'a> {
    tags: &'a Tags,
    /// The index of the next pair from the front.
    front: usize,
    /// One past the index of the next pair from the back.
    back: usize,
}

impl<'a> Iterator for TagIter<'a> {
    type Item = Tag<'a>;

    fn next(&mut self) -> Option<Tag<'a>> {
        self.nth(0)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.back - self.front;
        (len, Some(len))
    }

    fn nth(&mut self, n: usize) -> Option<Tag<'a>> {
        if n >= self.back - self.front {
            self.front = self.back;
            return None;
        }
        self.front += n + 1;
        Some(self.tags.pair(self.front - 1))
    }
}

impl<'a> DoubleEndedIterator for TagIter<'a> {
    fn next_back(&mut self) -> Option<Tag<'a>> {
        self.nth_back(0)
    }

    fn nth_back(&mut self, n: usize) -> Option<Tag<'a>> {
        if n >= self.back - self.front {
            self.back = self.front;
            return None;
        }
        self.back -= n + 1;
        Some(self.tags.pair(self.back))
    }
}

impl ExactSizeIterator for TagIter<'_> {}

impl std::iter::FusedIterator for TagIter<'_> {}

/// A game: tags, the start of play, the movetext and the termination
/// marker.
///
/// The move type `M` says how far the game has been understood:
/// [`SanText`] as read (the default), a legal move or the text of a move
/// that could not be played once `pgn-replay` has replayed it. The start
/// `S` is `()` as read (the FEN tag says it), and the start position once
/// replayed. Games of every stage share this one type, its [`Movetext`],
/// and the walkers over it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Game<M = SanText, S = ()> {
    /// The tag pairs in input order.
    pub tags: Tags,
    /// Where play starts: `()` as read, a position once replayed.
    pub start: S,
    /// The movetext.
    pub movetext: Movetext<M>,
    /// The termination marker, if the game had one.
    pub termination: Option<GameResult>,
}

impl<M, S> Game<M, S> {
    /// The value of the last tag named `name` (ruling E2: the last wins).
    pub fn tag(&self, name: &str) -> Option<&[u8]> {
        self.tags.get(name)
    }

    /// The game's result (ruling E3): the termination marker, else the
    /// Result tag when it holds one of the four results, else `*`.
    pub fn result(&self) -> GameResult {
        self.tags.result(self.termination)
    }

    /// The White tag as text ([`Tags::get_text`]).
    pub fn white(&self) -> Option<Cow<'_, str>> {
        self.tags.get_text("White")
    }

    /// The Black tag as text ([`Tags::get_text`]).
    pub fn black(&self) -> Option<Cow<'_, str>> {
        self.tags.get_text("Black")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pairs as `name=value` text, in order.
    fn pairs(tags: &Tags) -> Vec<String> {
        tags.iter()
            .map(|t| format!("{}={}", t.name.escape_ascii(), t.value.escape_ascii()))
            .collect()
    }

    #[test]
    fn push_keeps_every_pair_and_get_gives_the_last() {
        let mut tags = Tags::new();
        assert!(tags.is_empty());
        assert_eq!(tags.get("Event"), None);
        tags.push("Event", "first");
        tags.push(&b"Site"[..], b"");
        tags.push(String::from("Event"), b"second");
        assert_eq!(tags.len(), 3);
        assert!(!tags.is_empty());
        assert_eq!(tags.get("Event"), Some(&b"second"[..]));
        assert_eq!(tags.get("Site"), Some(&b""[..]));
        assert_eq!(tags.get("event"), None);
        assert_eq!(pairs(&tags), ["Event=first", "Site=", "Event=second"]);
    }

    #[test]
    fn iteration_goes_both_ways_and_knows_its_length() {
        let tags: Tags = [("A", "1"), ("B", ""), ("", "3"), ("D", "4")].into_iter().collect();
        let names = |it: &mut dyn Iterator<Item = Tag<'_>>| -> Vec<String> {
            it.map(|t| String::from_utf8_lossy(t.name).into_owned()).collect()
        };
        assert_eq!(names(&mut tags.iter()), ["A", "B", "", "D"]);
        assert_eq!(names(&mut tags.iter().rev()), ["D", "", "B", "A"]);
        assert_eq!(names(&mut (&tags).into_iter()), ["A", "B", "", "D"]);

        let mut it = tags.iter();
        assert_eq!(it.len(), 4);
        assert_eq!(it.next(), Some(Tag { name: b"A", value: b"1" }));
        assert_eq!(it.next_back(), Some(Tag { name: b"D", value: b"4" }));
        assert_eq!(it.len(), 2);
        assert_eq!(it.next_back(), Some(Tag { name: b"", value: b"3" }));
        assert_eq!(it.next(), Some(Tag { name: b"B", value: b"" }));
        assert_eq!((it.next(), it.next_back(), it.len()), (None, None, 0));

        assert_eq!(tags.iter().nth(2), Some(Tag { name: b"", value: b"3" }));
        assert_eq!(tags.iter().nth(4), None);
        assert_eq!(tags.iter().rev().nth(1), Some(Tag { name: b"", value: b"3" }));
        let mut it = tags.iter();
        assert_eq!(it.nth(1).map(|t| t.name), Some(&b"B"[..]));
        assert_eq!(it.nth_back(1).map(|t| t.name), Some(&b""[..]));
        assert_eq!(it.len(), 0);
    }

    #[test]
    fn set_replaces_the_last_pair_of_a_name_as_pushing_would_have() {
        use std::hash::{BuildHasher, RandomState};

        let mut tags = Tags::new();
        tags.push("Event", "a");
        tags.push("Site", "");
        tags.push("Event", "b");
        tags.push("Round", "1");

        // Longer, shorter, empty, and a value that was empty.
        tags.set("Event", "a longer value");
        tags.set("Site", "x");
        tags.set("Round", "");
        tags.set("Round", "7");
        tags.set("White", "W");
        let expected: Tags = [
            ("Event", "a"),
            ("Site", "x"),
            ("Event", "a longer value"),
            ("Round", "7"),
            ("White", "W"),
        ]
        .into_iter()
        .collect();
        assert_eq!(pairs(&tags), pairs(&expected));
        assert_eq!(tags, expected);
        assert_eq!(tags.get("Event"), Some(&b"a longer value"[..]));

        tags.set("Event", "b");
        tags.set("Site", "");
        let expected: Tags =
            [("Event", "a"), ("Site", ""), ("Event", "b"), ("Round", "7"), ("White", "W")]
                .into_iter()
                .collect();
        assert_eq!(tags, expected);
        let state = RandomState::new();
        assert_eq!(state.hash_one(&tags), state.hash_one(&expected));
    }

    #[test]
    fn equal_means_the_same_pairs_in_the_same_order() {
        let ab: Tags = [("ab", "c")].into_iter().collect();
        let a_bc: Tags = [("a", "bc")].into_iter().collect();
        assert_ne!(ab, a_bc);
        let one: Tags = [("A", "1"), ("B", "2")].into_iter().collect();
        let other: Tags = [("B", "2"), ("A", "1")].into_iter().collect();
        assert_ne!(one, other);
        let copy: Tags = one.iter().collect();
        assert_eq!(copy, one);
        assert_eq!(one.clone(), one);
        assert_eq!(Tags::new(), Tags::default());
    }

    #[test]
    fn clear_empties_the_list_for_reuse() {
        let mut tags: Tags = [("Event", "x"), ("Site", "y")].into_iter().collect();
        tags.clear();
        assert!(tags.is_empty());
        assert_eq!(tags.iter().next(), None);
        assert_eq!(tags.get("Event"), None);
        assert_eq!(tags, Tags::new());
        tags.push("White", "w");
        assert_eq!(pairs(&tags), ["White=w"]);
        assert_eq!(tags, [("White", "w")].into_iter().collect());
    }

    #[test]
    fn debug_shows_the_pairs_as_text() {
        let tags: Tags =
            [(&b"Event"[..], &b"a \"b\""[..]), (&b"X"[..], &b"\xff"[..])].into_iter().collect();
        assert_eq!(
            format!("{tags:?}"),
            concat!(r#"[("Event", "a \"b\""), ("X", ""#, '\u{fffd}', r#"")]"#)
        );
        assert_eq!(
            format!("{:?}", tags.iter().next()),
            r#"Some(Tag { name: "Event", value: "a \"b\"" })"#
        );
    }

    #[test]
    fn export_order_holds_any_number_of_tags() {
        // More pairs outside the roster than are kept without allocating,
        // each name twice: each once, its last value, in byte order.
        let mut tags = Tags::new();
        for round in ["first", "last"] {
            for i in (0..3 * INLINE).rev() {
                tags.push(format!("T{i:03}"), format!("{round} {i}"));
            }
        }
        let order: Vec<Tag<'_>> = tags.export_order(GameResult::Unknown).collect();
        assert_eq!(order.len(), 7 + 3 * INLINE);
        assert_eq!(tags.export_order(GameResult::Unknown).len(), 7 + 3 * INLINE);
        for (i, tag) in order[7..].iter().enumerate() {
            assert_eq!(tag.name, format!("T{i:03}").as_bytes());
            assert_eq!(tag.value, format!("last {i}").as_bytes());
        }
    }

    #[test]
    fn export_order_as_read_keeps_the_order_of_the_pairs_that_count() {
        // Each name once, where its last pair was read (ruling E2), after
        // the roster; more pairs than are kept without allocating.
        let mut tags = Tags::new();
        for i in (0..3 * INLINE).rev() {
            tags.push(format!("T{i:03}"), format!("first {i}"));
            tags.push("Event", format!("{i}"));
        }
        for i in (0..3 * INLINE).filter(|i| i % 2 == 0) {
            tags.push(format!("T{i:03}"), format!("last {i}"));
        }
        let order: Vec<Tag<'_>> = tags.export_order_as_read(GameResult::Unknown).collect();
        assert_eq!(order.len(), 7 + 3 * INLINE);
        assert_eq!(tags.export_order_as_read(GameResult::Unknown).len(), 7 + 3 * INLINE);
        assert_eq!((order[0].name, order[0].value), (&b"Event"[..], &b"0"[..]));
        let expected: Vec<String> = (0..3 * INLINE)
            .rev()
            .filter(|i| i % 2 == 1)
            .map(|i| format!("T{i:03}=first {i}"))
            .chain((0..3 * INLINE).filter(|i| i % 2 == 0).map(|i| format!("T{i:03}=last {i}")))
            .collect();
        let others: Vec<String> = order[7..]
            .iter()
            .map(|t| format!("{}={}", t.name.escape_ascii(), t.value.escape_ascii()))
            .collect();
        assert_eq!(others, expected);
        // The same pairs as export order, in another order.
        let mut sorted = others.clone();
        sorted.sort();
        let standard: Vec<String> = tags
            .export_order(GameResult::Unknown)
            .skip(7)
            .map(|t| format!("{}={}", t.name.escape_ascii(), t.value.escape_ascii()))
            .collect();
        assert_eq!(sorted, standard);
    }

    #[test]
    fn export_order_keeps_the_last_value_of_each_name_once() {
        let mut tags = Tags::new();
        for (name, value) in
            [("ECO", "A00"), ("Event", "x"), ("Annotator", "a"), ("ECO", "B97"), ("Event", "y")]
        {
            tags.push(name.as_bytes(), value.as_bytes());
        }
        let order: Vec<String> = tags
            .export_order(GameResult::Draw)
            .map(|t| format!("{}={}", t.name.escape_ascii(), t.value.escape_ascii()))
            .collect();
        assert_eq!(
            order,
            [
                "Event=y",
                "Site=?",
                "Date=????.??.??",
                "Round=?",
                "White=?",
                "Black=?",
                "Result=1/2-1/2",
                "Annotator=a",
                "ECO=B97",
            ]
        );
    }
}
