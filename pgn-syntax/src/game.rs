//! The game model shared by every reader and writer: [`Game`], generic
//! over the move type, with its [`Tags`] and its [`Movetext`].
//!
//! A game as read holds moves as text ([`SanText`]); the `san` crate
//! replays it into the same type with legal moves and a start position.
//! Where things were in the input is not part of a game: a reader keeps
//! it beside the game, in a [`SourceMap`](crate::SourceMap), so a game
//! built by a program or decoded from a binary format is a `Game` like any
//! other.

use std::borrow::Cow;

use crate::movetext::Movetext;
use crate::nag::Suffix;
use crate::tags::{GameResult, SEVEN_TAG_ROSTER, str_default_value};

/// A move as written in the movetext: its SAN text (not checked here) and
/// its suffix annotation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanText {
    /// The move's text, such as `Nf3` or `exd6e.p.`.
    pub text: Box<[u8]>,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`, if given.
    pub suffix: Option<Suffix>,
}

/// A tag pair: name and value, bytes as in the input (the value with its
/// escapes decoded).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tag {
    /// The tag name.
    pub name: Box<[u8]>,
    /// The value with its escapes decoded.
    pub value: Box<[u8]>,
}

/// The tag pairs of a game in input order, duplicates kept (ruling E2: the
/// last of a name wins when a value is asked for).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags(Vec<Tag>);

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags(Vec::new())
    }

    /// Adds a tag pair at the end (a name given before is not replaced:
    /// the last one wins, ruling E2).
    pub fn push(&mut self, name: impl Into<Box<[u8]>>, value: impl Into<Box<[u8]>>) {
        self.0.push(Tag { name: name.into(), value: value.into() });
    }

    /// Sets `name` to `value`: replaces the last pair of that name, or
    /// adds one at the end.
    pub fn set(&mut self, name: &str, value: impl Into<Box<[u8]>>) {
        match self.0.iter_mut().rev().find(|t| &*t.name == name.as_bytes()) {
            Some(tag) => tag.value = value.into(),
            None => self.push(name.as_bytes(), value),
        }
    }

    /// The value of the last tag named `name` (ruling E2: the last wins).
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.0.iter().rev().find(|t| &*t.name == name.as_bytes()).map(|t| &*t.value)
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
    ///     .map(|(name, value)| format!("{}={}", String::from_utf8_lossy(name), String::from_utf8_lossy(&value)))
    ///     .collect();
    /// assert_eq!(order, [
    ///     "Event=?", "Site=?", "Date=????.??.??", "Round=?", "White=Kasparov", "Black=?",
    ///     "Result=1-0", "Annotator=X", "ECO=B97",
    /// ]);
    /// ```
    pub fn export_order(
        &self,
        result: GameResult,
    ) -> impl Iterator<Item = (&[u8], Cow<'_, [u8]>)> + '_ {
        let roster = SEVEN_TAG_ROSTER.iter().map(move |&name| {
            let value = if name == "Result" {
                Cow::Borrowed(result.as_str().as_bytes())
            } else {
                match self.get(name) {
                    Some(value) => Cow::Borrowed(value),
                    None => {
                        Cow::Borrowed(str_default_value(name.as_bytes()).unwrap_or("?").as_bytes())
                    }
                }
            };
            (name.as_bytes(), value)
        });
        // Last occurrence first, then a stable sort by name: the first of
        // each run of one name is its last value (E2). n log n, however
        // many tags a game has.
        let mut others: Vec<&Tag> = self
            .0
            .iter()
            .rev()
            .filter(|t| !SEVEN_TAG_ROSTER.iter().any(|r| r.as_bytes() == &*t.name))
            .collect();
        others.sort_by(|a, b| a.name.cmp(&b.name));
        others.dedup_by(|later, kept| later.name == kept.name);
        roster.chain(others.into_iter().map(|t| (&*t.name, Cow::Borrowed(&*t.value))))
    }
}

/// The pairs in input order, duplicates included, as a slice.
impl std::ops::Deref for Tags {
    type Target = [Tag];

    fn deref(&self) -> &[Tag] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = &'a Tag;
    type IntoIter = std::slice::Iter<'a, Tag>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl FromIterator<Tag> for Tags {
    fn from_iter<I: IntoIterator<Item = Tag>>(iter: I) -> Tags {
        Tags(iter.into_iter().collect())
    }
}

/// A game: tags, the start of play, the movetext and the termination
/// marker.
///
/// The move type `M` says how far the game has been understood:
/// [`SanText`] as read (the default), a legal move or the text of a move
/// that could not be played once the `san` crate has replayed it. The start
/// `S` is `()` as read (the FEN tag says it), and the start position once
/// replayed. Games of every stage share this one type, its [`Movetext`],
/// and the walkers over it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
            .map(|(n, v)| format!("{}={}", n.escape_ascii(), v.escape_ascii()))
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
