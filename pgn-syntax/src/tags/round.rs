//! Rounds (§8.1.1.4): the value of the `Round` tag, `?`, `-`, or
//! dot-separated round numbers (`3`, `3.1`, `4.1.2`).

use std::fmt;
use std::str::FromStr;

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::{map, value};
use nom::error::context;
use nom::multi::many0;
use nom::sequence::preceded;

use super::error::TagValueError;
use super::grammar::{NumberField, PResult, number, parse_all};

/// A Round tag value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Round {
    /// `?`: the round is not known.
    Unknown,
    /// `-`: a round number does not apply to this game.
    NotApplicable,
    /// One or more round numbers, most significant first (`3.1` is
    /// `[3, 1]`). The first parsed number is at least 1, a sub-round's at
    /// least 0 (`1.0`, ruling E15), and the list is never empty; an empty
    /// list built by hand is written as `?`.
    Numbered(Vec<u32>),
}

const ROUND_NUMBER: NumberField =
    NumberField { name: "round number", expected: "a round number", min: 1, max: u32::MAX };

/// A sub-round's number, which may be 0 (ruling E15).
const SUB_ROUND_NUMBER: NumberField = NumberField { min: 0, ..ROUND_NUMBER };

// round ::= "?" | "-" | number ("." sub)*
// number ::= DIGIT+            (at least 1)
// sub ::= DIGIT+               (0 too: `1.0`, ruling E15)
fn round(input: &[u8]) -> PResult<'_, Round> {
    let numbered = (number(ROUND_NUMBER), many0(preceded(char('.'), number(SUB_ROUND_NUMBER))));
    context(
        "`?`, `-` or a round number such as `3` or `3.1`",
        alt((
            value(Round::Unknown, char('?')),
            value(Round::NotApplicable, char('-')),
            map(numbered, |(first, mut rest)| {
                rest.insert(0, first);
                Round::Numbered(rest)
            }),
        )),
    )
    .parse(input)
}

impl Round {
    /// Parses a Round tag value (§8.1.1.4). Leading zeros are accepted
    /// (`03` is round 3).
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: anything but `?`, `-` or integers separated by
    /// single periods; a first round number 0, or any above `u32::MAX`.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<Round, TagValueError> {
        let value = value.as_ref();
        parse_all(value, round, "`.` and a round number, or the end of the round")
    }

    /// Whether [`Round::from_ascii`] accepts `value`, decided without
    /// building the value (no allocation: for readers that only validate).
    pub fn is_valid_ascii(value: &[u8]) -> bool {
        if value == b"?" || value == b"-" {
            return true;
        }
        // The first number at least 1, a sub-round's at least 0 (E15).
        value.split(|&b| b == b'.').enumerate().all(|(i, part)| {
            !part.is_empty()
                && part.iter().all(u8::is_ascii_digit)
                && part
                    .iter()
                    .try_fold(0u32, |n, &b| n.checked_mul(10)?.checked_add(u32::from(b - b'0')))
                    .is_some_and(|n| n >= 1 || i > 0)
        })
    }

    /// The most significant round number, if any (`4` for `4.1.2`).
    pub fn main_round(&self) -> Option<u32> {
        match self {
            Round::Numbered(numbers) => numbers.first().copied(),
            Round::Unknown | Round::NotApplicable => None,
        }
    }
}

impl fmt::Display for Round {
    /// Writes the value as in §8.1.1.4 (`?`, `-`, `4.1.2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Round::Unknown => f.write_str("?"),
            Round::NotApplicable => f.write_str("-"),
            Round::Numbered(numbers) if numbers.is_empty() => f.write_str("?"),
            Round::Numbered(numbers) => {
                for (i, n) in numbers.iter().enumerate() {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    write!(f, "{n}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Round {
    type Err = TagValueError;

    /// Parses as [`Round::from_ascii`].
    fn from_str(s: &str) -> Result<Round, TagValueError> {
        Round::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tags::TagValueErrorKind;

    #[test]
    fn parses_rounds() {
        let cases = [
            ("?", Round::Unknown),
            ("-", Round::NotApplicable),
            ("1", Round::Numbered(vec![1])),
            ("3.1", Round::Numbered(vec![3, 1])),
            ("4.1.2", Round::Numbered(vec![4, 1, 2])),
            // A sub-round may be 0 (ruling E15).
            ("3.0", Round::Numbered(vec![3, 0])),
            ("1.0.2", Round::Numbered(vec![1, 0, 2])),
            ("4294967295", Round::Numbered(vec![u32::MAX])),
        ];
        for (text, expected) in cases {
            assert_eq!(Round::from_ascii(text.as_bytes()).as_ref(), Ok(&expected), "{text}");
            assert_eq!(expected.to_string(), text);
            assert_eq!(text.parse::<Round>().as_ref(), Ok(&expected));
        }
        assert_eq!(Round::from_ascii(b"03.01"), Ok(Round::Numbered(vec![3, 1])));
    }

    #[test]
    fn main_round() {
        assert_eq!(Round::Numbered(vec![4, 1, 2]).main_round(), Some(4));
        assert_eq!(Round::Unknown.main_round(), None);
        assert_eq!(Round::NotApplicable.main_round(), None);
        assert_eq!(Round::Numbered(vec![]).main_round(), None);
        assert_eq!(Round::Numbered(vec![]).to_string(), "?");
    }

    #[test]
    fn rejects_bad_rounds() {
        let syntax = TagValueErrorKind::Expected("`?`, `-` or a round number such as `3` or `3.1`");
        let after = TagValueErrorKind::Expected("`.` and a round number, or the end of the round");
        let range = TagValueErrorKind::OutOfRange { field: "round number", min: 1, max: u32::MAX };
        let cases = [
            ("", TagValueErrorKind::Empty, 0),
            ("0", range.clone(), 0),
            ("0.1", range.clone(), 0),
            ("4294967296", range, 0),
            ("a", syntax.clone(), 0),
            ("+1", syntax.clone(), 0),
            (" 1", syntax.clone(), 0),
            (".1", syntax, 0),
            ("1.", after.clone(), 1),
            ("1..2", after.clone(), 1),
            ("1 ", after.clone(), 1),
            ("1-2", after.clone(), 1),
            ("?1", after.clone(), 1),
            ("--", after.clone(), 1),
            ("3.?", after, 1),
        ];
        for (text, kind, offset) in cases {
            assert_eq!(
                Round::from_ascii(text.as_bytes()),
                Err(TagValueError::new(kind, offset)),
                "{text}"
            );
        }
    }

    #[test]
    fn validity_check_agrees_with_the_parser() {
        let alphabet = b"0123456789.?-x ";
        let mut inputs: Vec<Vec<u8>> =
            vec![b"4294967295".to_vec(), b"4294967296".to_vec(), b"".to_vec()];
        for a in alphabet {
            inputs.push(vec![*a]);
            for b in alphabet {
                inputs.push(vec![*a, *b]);
                for c in alphabet {
                    inputs.push(vec![*a, *b, *c]);
                }
            }
        }
        for input in inputs {
            assert_eq!(
                Round::is_valid_ascii(&input),
                Round::from_ascii(&input).is_ok(),
                "{input:?}"
            );
        }
    }
}
