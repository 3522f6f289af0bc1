//! ECO codes (§9.4.1): the value of the `ECO` tag, `XDD` or `XDD/DD`
//! (`B12`, `C42/03`).

use std::fmt;
use std::str::FromStr;

use nom::Parser;
use nom::character::complete::{char, one_of};
use nom::combinator::opt;
use nom::error::context;

use super::error::TagValueError;
use super::grammar::{NumberField, PResult, commit, digits, parse_all};

/// An opening code of the _Encyclopedia of Chess Openings_: a volume letter
/// `A` to `E`, a number 00 to 99, and an optional subcode 00 to 99.
///
/// The derived order is the order of the codes (`A00` < `A00/01` < `A01`
/// < `B00`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Eco {
    letter: u8,
    number: u8,
    subcode: Option<u8>,
}

const NUMBER: NumberField =
    NumberField { name: "ECO number", expected: "two digits after the letter", min: 0, max: 99 };
const SUBCODE: NumberField =
    NumberField { name: "ECO subcode", expected: "two digits after `/`", min: 0, max: 99 };

/// Narrows a number known to be at most 99.
fn small(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

// eco ::= letter DIGIT DIGIT ("/" DIGIT DIGIT)?
// letter ::= "A" | "B" | "C" | "D" | "E"
fn eco(input: &[u8]) -> PResult<'_, Eco> {
    let (input, letter) = context("a letter from `A` to `E`", one_of("ABCDE")).parse(input)?;
    let (input, number) = digits(2, 2, NUMBER).parse(input)?;
    let (input, subcode) = opt((char('/'), commit(digits(2, 2, SUBCODE)))).parse(input)?;
    let eco = Eco {
        letter: u8::try_from(letter).unwrap_or(b'A'),
        number: small(number),
        subcode: subcode.map(|(_, n)| small(n)),
    };
    Ok((input, eco))
}

impl Eco {
    /// Parses `XDD` or `XDD/DD` (§9.4.1), with an upper-case letter.
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: a letter other than `A` to `E`, not exactly two
    /// digits after the letter or after `/`, or bytes after the code.
    /// Scid's extended codes (`E99b`) and `?` are errors too.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<Eco, TagValueError> {
        let value = value.as_ref();
        // The common plain form without the grammar; errors go through it.
        if let [letter @ b'A'..=b'E', tens @ b'0'..=b'9', ones @ b'0'..=b'9'] = *value {
            return Ok(Eco { letter, number: (tens - b'0') * 10 + (ones - b'0'), subcode: None });
        }
        parse_all(value, eco, "`/` and a subcode, or the end of the ECO code")
    }

    /// The code for `letter` (`'A'` to `'E'`), `number` and `subcode` (0 to
    /// 99 each), or `None` if one is out of range.
    pub fn new(letter: char, number: u8, subcode: Option<u8>) -> Option<Eco> {
        let letter_ok = ('A'..='E').contains(&letter);
        let numbers_ok = number <= 99 && subcode.is_none_or(|n| n <= 99);
        let letter = u8::try_from(letter).ok()?;
        (letter_ok && numbers_ok).then_some(Eco { letter, number, subcode })
    }

    /// The volume letter, `'A'` to `'E'`.
    pub fn letter(self) -> char {
        char::from(self.letter)
    }

    /// The number within the volume, 0 to 99.
    pub fn number(self) -> u8 {
        self.number
    }

    /// The subcode after `/`, 0 to 99, if any.
    pub fn subcode(self) -> Option<u8> {
        self.subcode
    }
}

impl fmt::Display for Eco {
    /// Writes `B12` or `B12/03`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{:02}", self.letter(), self.number)?;
        match self.subcode {
            Some(subcode) => write!(f, "/{subcode:02}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Eco {
    type Err = TagValueError;

    /// Parses as [`Eco::from_ascii`].
    fn from_str(s: &str) -> Result<Eco, TagValueError> {
        Eco::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tags::TagValueErrorKind;

    #[test]
    fn parses_codes() {
        let cases = [
            ("A00", 'A', 0, None),
            ("B12", 'B', 12, None),
            ("E99", 'E', 99, None),
            ("C42/03", 'C', 42, Some(3)),
            ("D00/99", 'D', 0, Some(99)),
        ];
        for (text, letter, number, subcode) in cases {
            let eco = Eco::from_ascii(text.as_bytes());
            assert_eq!(eco, Ok(Eco { letter: letter as u8, number, subcode }), "{text}");
            assert_eq!(eco.clone().map(|eco| eco.to_string()).as_deref(), Ok(text));
            assert_eq!(text.parse::<Eco>(), eco);
            assert_eq!(Eco::new(letter, number, subcode), eco.ok());
        }
    }

    #[test]
    fn accessors_and_order() {
        let Ok(eco) = Eco::from_ascii(b"C42/03") else { panic!("C42/03 should parse") };
        assert_eq!((eco.letter(), eco.number(), eco.subcode()), ('C', 42, Some(3)));
        let codes =
            ["A00", "A00/01", "A01", "B00"].map(|code| Eco::from_ascii(code.as_bytes()).ok());
        assert!(codes.iter().all(Option::is_some));
        assert!(codes.windows(2).all(|pair| pair[0] < pair[1]));
    }

    #[test]
    fn new_checks_ranges() {
        assert!(Eco::new('F', 0, None).is_none());
        assert!(Eco::new('a', 0, None).is_none());
        assert!(Eco::new('A', 100, None).is_none());
        assert!(Eco::new('A', 0, Some(100)).is_none());
        assert!(Eco::new('Ä', 0, None).is_none());
        assert!(Eco::new('E', 99, Some(99)).is_some());
    }

    #[test]
    fn rejects_bad_codes() {
        let letter = TagValueErrorKind::Expected("a letter from `A` to `E`");
        let number = TagValueErrorKind::Expected(NUMBER.expected);
        let subcode = TagValueErrorKind::Expected(SUBCODE.expected);
        let after = TagValueErrorKind::Expected("`/` and a subcode, or the end of the ECO code");
        let cases = [
            ("", TagValueErrorKind::Empty, 0),
            ("?", letter.clone(), 0),
            ("F00", letter.clone(), 0),
            ("b12", letter.clone(), 0),
            (" B12", letter.clone(), 0),
            ("012", letter, 0),
            ("B", number.clone(), 1),
            ("B1", number.clone(), 1),
            ("Bx2", number, 1),
            ("B123", after.clone(), 3),
            ("E99b", after.clone(), 3),
            ("B12 ", after, 3),
            ("B12/", subcode.clone(), 4),
            ("B12/3", subcode.clone(), 4),
            ("B12/ab", subcode, 4),
        ];
        for (text, kind, offset) in cases {
            assert_eq!(
                Eco::from_ascii(text.as_bytes()),
                Err(TagValueError::new(kind, offset)),
                "{text}"
            );
        }
    }
}
