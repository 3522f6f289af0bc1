//! Integer-valued tags: `WhiteElo` and `BlackElo` (§9.1.2), `WhiteUSCF`
//! and `BlackUSCF` (§9.1.3, read as [`Elo`] values), `Board` (§9.2.5) and
//! `PlyCount` (§9.9.3).

use std::fmt;
use std::str::FromStr;

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::{map_opt, value};
use nom::error::context;

use super::Lenient;
use super::error::{TagValueError, TagValueErrorKind};
use super::grammar::{NumberField, PResult, number, parse_all};

/// The largest rating [`Elo::from_ascii`] accepts.
///
/// The standard only says "integer". The highest human ratings are below
/// 3000 and engine rating lists stay below 4000, so a larger number is far
/// more likely a typing or export error (a FIDE id, a date) than a rating,
/// and is reported as one.
pub const MAX_ELO: u16 = 4000;

/// A WhiteElo or BlackElo tag value (§9.1.2); also the form of a
/// WhiteUSCF or BlackUSCF value (§9.1.3: "integer values", and ruling T2
/// gives them Elo's `-`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elo {
    /// A rating, 0 to [`MAX_ELO`].
    Rated(u16),
    /// `-`: the player is unrated.
    Unrated,
    /// `?`: the rating is not known. Not in the standard, which has `-`
    /// only; read by [`Elo::parse_lenient`], which flags it.
    Unknown,
}

const RATING: NumberField =
    NumberField { name: "rating", expected: "a rating or `-`", min: 0, max: MAX_ELO as u32 };

// elo ::= "-" | DIGIT+          (at most MAX_ELO)
fn elo(input: &[u8]) -> PResult<'_, Elo> {
    context(
        RATING.expected,
        alt((
            value(Elo::Unrated, char('-')),
            map_opt(number(RATING), |n| u16::try_from(n).ok().map(Elo::Rated)),
        )),
    )
    .parse(input)
}

impl Elo {
    /// Parses `-` or a rating from 0 to [`MAX_ELO`] (leading zeros are
    /// accepted).
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: anything else, including a sign, white space, and
    /// `?`.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<Elo, TagValueError> {
        let value = value.as_ref();
        parse_all(value, elo, "the end of the rating")
    }

    /// Parses leniently: a standard value as [`Elo::from_ascii`] does, with
    /// `nonstandard` false; otherwise, with `nonstandard` true, a standard
    /// value with white space around it, or `?` (read as
    /// [`Elo::Unknown`]), which many exports write for an unknown rating.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] as for [`Elo::from_ascii`], located in `value`.
    pub fn parse_lenient(value: impl AsRef<[u8]>) -> Result<Lenient<Elo>, TagValueError> {
        let value = value.as_ref();
        if let Ok(elo) = Elo::from_ascii(value) {
            return Ok(Lenient { value: elo, nonstandard: false });
        }
        let trimmed = value.trim_ascii();
        if trimmed.is_empty() {
            return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
        }
        if trimmed == b"?" {
            return Ok(Lenient { value: Elo::Unknown, nonstandard: true });
        }
        let start = value.len() - value.trim_ascii_start().len();
        Elo::from_ascii(trimmed)
            .map(|elo| Lenient { value: elo, nonstandard: true })
            .map_err(|error| TagValueError { offset: error.offset + start, ..error })
    }

    /// The rating, if the player has one.
    pub fn rating(self) -> Option<u16> {
        match self {
            Elo::Rated(rating) => Some(rating),
            Elo::Unrated | Elo::Unknown => None,
        }
    }
}

impl fmt::Display for Elo {
    /// Writes the rating, `-`, or `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Elo::Rated(rating) => write!(f, "{rating}"),
            Elo::Unrated => f.write_str("-"),
            Elo::Unknown => f.write_str("?"),
        }
    }
}

impl FromStr for Elo {
    type Err = TagValueError;

    /// Parses strictly, as [`Elo::from_ascii`].
    fn from_str(s: &str) -> Result<Elo, TagValueError> {
        Elo::from_ascii(s.as_bytes())
    }
}

const PLY_COUNT: NumberField =
    NumberField { name: "ply count", expected: "a number of plies", min: 0, max: u32::MAX };

/// Parses a PlyCount tag value (§9.9.3): a non-negative integer, the number
/// of plies (half-moves) in the game. Leading zeros are accepted.
///
/// # Errors
///
/// [`TagValueError`]: anything but decimal digits, or a number above
/// `u32::MAX`.
pub fn parse_ply_count(value: impl AsRef<[u8]>) -> Result<u32, TagValueError> {
    let value = value.as_ref();
    parse_all(value, number(PLY_COUNT), "the end of the ply count")
}

const BOARD: NumberField =
    NumberField { name: "board number", expected: "a board number", min: 1, max: u32::MAX };

/// Parses a Board tag value (§9.2.5): a board number, a whole number from
/// 1. Leading zeros are accepted.
///
/// # Errors
///
/// [`TagValueError`]: anything but decimal digits (`8.6`, a match and a
/// board, included), 0, or a number above `u32::MAX`.
pub fn parse_board(value: impl AsRef<[u8]>) -> Result<u32, TagValueError> {
    let value = value.as_ref();
    parse_all(value, number(BOARD), "the end of the board number")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ratings() {
        let cases = [
            ("-", Elo::Unrated),
            ("0", Elo::Rated(0)),
            ("1500", Elo::Rated(1500)),
            ("2851", Elo::Rated(2851)),
            ("4000", Elo::Rated(4000)),
        ];
        for (text, expected) in cases {
            assert_eq!(Elo::from_ascii(text.as_bytes()), Ok(expected), "{text}");
            assert_eq!(expected.to_string(), text);
            assert_eq!(text.parse::<Elo>(), Ok(expected));
        }
        assert_eq!(Elo::from_ascii(b"0900"), Ok(Elo::Rated(900)));
        assert_eq!(Elo::Rated(2000).rating(), Some(2000));
        assert_eq!(Elo::Unrated.rating(), None);
        assert_eq!(Elo::Unknown.rating(), None);
        assert_eq!(Elo::Unknown.to_string(), "?");
    }

    #[test]
    fn rejects_bad_ratings() {
        let range = TagValueErrorKind::OutOfRange { field: "rating", min: 0, max: 4000 };
        let syntax = TagValueErrorKind::Expected("a rating or `-`");
        let after = TagValueErrorKind::Expected("the end of the rating");
        let cases = [
            ("", TagValueErrorKind::Empty, 0),
            ("4001", range.clone(), 0),
            ("99999999999999999999", range, 0),
            ("?", syntax.clone(), 0),
            ("+1500", syntax.clone(), 0),
            (" 1500", syntax.clone(), 0),
            ("unknown", syntax, 0),
            ("-1500", after.clone(), 1),
            ("1500 ", after.clone(), 4),
            ("1500.5", after.clone(), 4),
            ("--", after, 1),
        ];
        for (text, kind, offset) in cases {
            assert_eq!(
                Elo::from_ascii(text.as_bytes()),
                Err(TagValueError::new(kind, offset)),
                "{text}"
            );
        }
    }

    #[test]
    fn lenient_ratings() {
        let lenient = |value, nonstandard| Ok(Lenient { value, nonstandard });
        assert_eq!(Elo::parse_lenient(b"2400"), lenient(Elo::Rated(2400), false));
        assert_eq!(Elo::parse_lenient(b"-"), lenient(Elo::Unrated, false));
        assert_eq!(Elo::parse_lenient(b"?"), lenient(Elo::Unknown, true));
        assert_eq!(Elo::parse_lenient(b" ? "), lenient(Elo::Unknown, true));
        assert_eq!(Elo::parse_lenient(b" 2400"), lenient(Elo::Rated(2400), true));
        assert_eq!(
            Elo::parse_lenient(b"  5000"),
            Err(TagValueError::new(
                TagValueErrorKind::OutOfRange { field: "rating", min: 0, max: 4000 },
                2
            ))
        );
        assert_eq!(Elo::parse_lenient(b" "), Err(TagValueError::new(TagValueErrorKind::Empty, 0)));
        assert!(Elo::parse_lenient(b"unknown").is_err());
    }

    #[test]
    fn ply_counts() {
        assert_eq!(parse_ply_count(b"0"), Ok(0));
        assert_eq!(parse_ply_count(b"85"), Ok(85));
        assert_eq!(parse_ply_count(b"4294967295"), Ok(u32::MAX));
        let cases = [
            ("", TagValueErrorKind::Empty, 0),
            (
                "4294967296",
                TagValueErrorKind::OutOfRange { field: "ply count", min: 0, max: u32::MAX },
                0,
            ),
            ("-1", TagValueErrorKind::Expected("a number of plies"), 0),
            ("?", TagValueErrorKind::Expected("a number of plies"), 0),
            ("12 ", TagValueErrorKind::Expected("the end of the ply count"), 2),
            ("12a", TagValueErrorKind::Expected("the end of the ply count"), 2),
        ];
        for (text, kind, offset) in cases {
            assert_eq!(
                parse_ply_count(text.as_bytes()),
                Err(TagValueError::new(kind, offset)),
                "{text}"
            );
        }
    }

    #[test]
    fn boards() {
        assert_eq!(parse_board(b"1"), Ok(1));
        assert_eq!(parse_board(b"012"), Ok(12));
        let range = TagValueErrorKind::OutOfRange { field: "board number", min: 1, max: u32::MAX };
        assert_eq!(parse_board(b"0"), Err(TagValueError::new(range, 0)));
        let after = TagValueErrorKind::Expected("the end of the board number");
        assert_eq!(parse_board(b"8.6"), Err(TagValueError::new(after, 1)));
        assert!(parse_board(b"").is_err() && parse_board(b"one").is_err());
    }
}
