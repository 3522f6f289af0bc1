//! The error type of the tag value parsers: what is wrong, and where.

use std::fmt;

/// What is wrong with a tag value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TagValueErrorKind {
    /// The value is empty, and the tag needs one.
    Empty,
    /// The bytes at the offset do not follow the grammar; the field says
    /// what was expected there, in a few words.
    Expected(&'static str),
    /// A number is outside the range the tag allows (or does not fit the
    /// type that holds it).
    OutOfRange {
        /// What the number is, in a few words (`"month"`).
        field: &'static str,
        /// The smallest value allowed.
        min: u32,
        /// The largest value allowed.
        max: u32,
    },
    /// A date names a day that its month does not have (30 February, 31
    /// April, 29 February of a year that is not a leap year).
    NoSuchDay {
        /// The year, when it is known.
        year: Option<u16>,
        /// The month (1 to 12).
        month: u8,
        /// The day.
        day: u8,
    },
}

impl fmt::Display for TagValueErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagValueErrorKind::Empty => f.write_str("empty value"),
            TagValueErrorKind::Expected(what) => write!(f, "expected {what}"),
            TagValueErrorKind::OutOfRange { field, min, max } => {
                write!(f, "{field} out of range {min} to {max}")
            }
            TagValueErrorKind::NoSuchDay { year, month, day } => {
                write!(f, "day {day} does not exist in month {month}")?;
                match year {
                    Some(year) => write!(f, " of {year}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// A tag value that does not follow the format of its tag.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("{kind} at byte {offset}")]
pub struct TagValueError {
    /// What is wrong.
    pub kind: TagValueErrorKind,
    /// The byte offset in the (unescaped) value where the problem starts.
    pub offset: usize,
}

impl TagValueError {
    /// An error of the given kind at the given byte offset.
    pub(crate) fn new(kind: TagValueErrorKind, offset: usize) -> TagValueError {
        TagValueError { kind, offset }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_lower_case_without_final_period() {
        let cases = [
            (TagValueErrorKind::Empty, 0, "empty value at byte 0"),
            (TagValueErrorKind::Expected("a digit"), 3, "expected a digit at byte 3"),
            (
                TagValueErrorKind::OutOfRange { field: "month", min: 1, max: 12 },
                5,
                "month out of range 1 to 12 at byte 5",
            ),
            (
                TagValueErrorKind::NoSuchDay { year: None, month: 4, day: 31 },
                8,
                "day 31 does not exist in month 4 at byte 8",
            ),
            (
                TagValueErrorKind::NoSuchDay { year: Some(2023), month: 2, day: 29 },
                8,
                "day 29 does not exist in month 2 of 2023 at byte 8",
            ),
        ];
        for (kind, offset, message) in cases {
            assert_eq!(TagValueError::new(kind, offset).to_string(), message);
        }
    }
}
