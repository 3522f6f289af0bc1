//! Times of day (§9.5.1, §9.5.2): the values of the `Time` and `UTCTime`
//! tags, `HH:MM:SS`.

use std::fmt;
use std::str::FromStr;

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::{map_opt, value};
use nom::error::context;

use super::error::TagValueError;
use super::grammar::{NumberField, PResult, digits, parse_all, unknown};

/// A time-of-day tag value; each part is `None` when the file gives `??`
/// for it.
///
/// §9.5.1 says the Time tag is "similar to the Date tag", whose unknown
/// digits are question marks, and real files write `07:19:??`; so a part
/// may be `??` here too. Parsed values have the hour in 0 to 23 and the
/// minute and second in 0 to 59 (a leap second `60` is not accepted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PgnTime {
    /// The hour (0 to 23), if known.
    pub hour: Option<u8>,
    /// The minute (0 to 59), if known.
    pub minute: Option<u8>,
    /// The second (0 to 59), if known.
    pub second: Option<u8>,
}

const HOUR: NumberField =
    NumberField { name: "hour", expected: "a two-digit hour or `??`", min: 0, max: 23 };
const MINUTE: NumberField =
    NumberField { name: "minute", expected: "two-digit minutes or `??`", min: 0, max: 59 };
const SECOND: NumberField =
    NumberField { name: "second", expected: "two-digit seconds or `??`", min: 0, max: 59 };

// part ::= DIGIT{2} | "??"
fn part(field: NumberField) -> impl FnMut(&[u8]) -> PResult<'_, Option<u8>> {
    move |input| {
        context(
            field.expected,
            alt((
                map_opt(digits(2, 2, field), |n| u8::try_from(n).ok().map(Some)),
                value(None, unknown(2)),
            )),
        )
        .parse(input)
    }
}

// time ::= hour ":" minute ":" second
fn time(input: &[u8]) -> PResult<'_, PgnTime> {
    let (input, hour) = part(HOUR)(input)?;
    let (input, _) = context("`:` after the hour", char(':')).parse(input)?;
    let (input, minute) = part(MINUTE)(input)?;
    let (input, _) = context("`:` after the minutes", char(':')).parse(input)?;
    let (input, second) = part(SECOND)(input)?;
    Ok((input, PgnTime { hour, minute, second }))
}

impl PgnTime {
    /// The time with every part unknown, `??:??:??`.
    pub const UNKNOWN: PgnTime = PgnTime { hour: None, minute: None, second: None };

    /// Parses `HH:MM:SS` (§9.5.1): eight bytes, each part two digits or
    /// `??`, separated by colons.
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: a part that is not two digits or `??`, a missing
    /// `:`, a part out of range, or bytes after the seconds.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<PgnTime, TagValueError> {
        let value = value.as_ref();
        parse_all(value, time, "the end of the time after the seconds")
    }
}

impl fmt::Display for PgnTime {
    /// Writes `HH:MM:SS`, with `??` for an unknown part.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, part) in [self.hour, self.minute, self.second].into_iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            match part {
                Some(n) => write!(f, "{n:02}")?,
                None => f.write_str("??")?,
            }
        }
        Ok(())
    }
}

impl FromStr for PgnTime {
    type Err = TagValueError;

    /// Parses as [`PgnTime::from_ascii`].
    fn from_str(s: &str) -> Result<PgnTime, TagValueError> {
        PgnTime::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tags::TagValueErrorKind;

    fn time(hour: Option<u8>, minute: Option<u8>, second: Option<u8>) -> PgnTime {
        PgnTime { hour, minute, second }
    }

    #[test]
    fn parses_times() {
        let cases = [
            ("00:00:00", time(Some(0), Some(0), Some(0))),
            ("19:30:00", time(Some(19), Some(30), Some(0))),
            ("23:59:59", time(Some(23), Some(59), Some(59))),
            ("07:19:??", time(Some(7), Some(19), None)),
            ("??:??:??", PgnTime::UNKNOWN),
        ];
        for (text, expected) in cases {
            assert_eq!(PgnTime::from_ascii(text.as_bytes()), Ok(expected), "{text}");
            assert_eq!(expected.to_string(), text);
            assert_eq!(text.parse::<PgnTime>(), Ok(expected));
        }
    }

    #[test]
    fn rejects_out_of_range_parts() {
        let cases = [
            ("24:00:00", "hour", 23, 0),
            ("12:60:00", "minute", 59, 3),
            ("12:00:60", "second", 59, 6),
            ("99:99:99", "hour", 23, 0),
        ];
        for (text, field, max, offset) in cases {
            assert_eq!(
                PgnTime::from_ascii(text.as_bytes()),
                Err(TagValueError::new(
                    TagValueErrorKind::OutOfRange { field, min: 0, max },
                    offset
                )),
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_malformed_times() {
        let cases = [
            ("", TagValueErrorKind::Empty, 0),
            ("9:05:00", TagValueErrorKind::Expected(HOUR.expected), 0),
            ("12.30.00", TagValueErrorKind::Expected("`:` after the hour"), 2),
            ("12:30", TagValueErrorKind::Expected("`:` after the minutes"), 5),
            ("12:3:00", TagValueErrorKind::Expected(MINUTE.expected), 3),
            ("12:30:0", TagValueErrorKind::Expected(SECOND.expected), 6),
            ("12:30:00 ", TagValueErrorKind::Expected("the end of the time after the seconds"), 8),
            ("12:30:00Z", TagValueErrorKind::Expected("the end of the time after the seconds"), 8),
            ("-1:00:00", TagValueErrorKind::Expected(HOUR.expected), 0),
        ];
        for (text, kind, offset) in cases {
            assert_eq!(
                PgnTime::from_ascii(text.as_bytes()),
                Err(TagValueError::new(kind, offset)),
                "{text}"
            );
        }
        assert!(PgnTime::from_ascii(b"\xff\xff:00:00").is_err());
    }
}
