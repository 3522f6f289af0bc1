//! Dates (§8.1.1.3): the values of the `Date`, `EventDate` (§9.2.1) and
//! `UTCDate` (§9.5.3) tags, `YYYY.MM.DD` with `?` for unknown digits.

use std::fmt;
use std::str::FromStr;

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::{char, one_of};
use nom::combinator::{map_opt, opt, value};
use nom::error::context;

use super::Lenient;
use super::error::{TagValueError, TagValueErrorKind};
use super::grammar::{GrammarError, NumberField, PResult, digits, failure, parse_all, unknown};

/// A date tag value: each part is `None` when the file gives question marks
/// for it.
///
/// Parsed values are always valid: the year has four digits, the month is 1
/// to 12, the day 1 to 31 and, when the month is known, a day of that month
/// (29 February only in a leap year of the Gregorian calendar, or when the
/// year is unknown). The fields are public, so a value built by hand may
/// break this; [`PgnDate::is_valid`] checks it.
///
/// The derived order sorts by year, then month, then day, an unknown part
/// before every known one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PgnDate {
    /// The year (0 to 9999), if known.
    pub year: Option<u16>,
    /// The month (1 to 12), if known.
    pub month: Option<u8>,
    /// The day of the month (1 to 31), if known.
    pub day: Option<u8>,
}

const YEAR: NumberField =
    NumberField { name: "year", expected: "a four-digit year or `????`", min: 0, max: 9999 };
const MONTH: NumberField =
    NumberField { name: "month", expected: "a two-digit month or `??`", min: 1, max: 12 };
const DAY: NumberField =
    NumberField { name: "day", expected: "a two-digit day or `??`", min: 1, max: 31 };
const LENIENT_MONTH: NumberField =
    NumberField { expected: "a month of one or two digits, or `?`", ..MONTH };
const LENIENT_DAY: NumberField =
    NumberField { expected: "a day of one or two digits, or `?`", ..DAY };

/// Whether `year` is a leap year of the (proleptic) Gregorian calendar.
fn is_leap_year(year: u16) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// The number of days of `month` (1 to 12); February has 29 when the year
/// is unknown, since it may be a leap year.
fn days_in_month(year: Option<u16>, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_some_and(|year| !is_leap_year(year)) => 28,
        2 => 29,
        _ => 31,
    }
}

/// Checks a day (already in 1 to 31) against its month, if known.
fn check_day<'a>(
    year: Option<u16>,
    month: Option<u8>,
    day: Option<u8>,
    at: &'a [u8],
) -> Result<(), nom::Err<GrammarError<'a>>> {
    match (month, day) {
        (Some(month), Some(day)) if day > days_in_month(year, month) => {
            Err(failure(at, TagValueErrorKind::NoSuchDay { year, month, day }))
        }
        _ => Ok(()),
    }
}

// year ::= DIGIT{4} | "????"
fn year(input: &[u8]) -> PResult<'_, Option<u16>> {
    context(
        YEAR.expected,
        alt((
            map_opt(digits(4, 4, YEAR), |n| u16::try_from(n).ok().map(Some)),
            value(None, unknown(4)),
        )),
    )
    .parse(input)
}

// month ::= DIGIT{2} | "??"
fn month(input: &[u8]) -> PResult<'_, Option<u8>> {
    context(
        MONTH.expected,
        alt((
            map_opt(digits(2, 2, MONTH), |n| u8::try_from(n).ok().map(Some)),
            value(None, unknown(2)),
        )),
    )
    .parse(input)
}

// day ::= DIGIT{2} | "??"
fn day(input: &[u8]) -> PResult<'_, Option<u8>> {
    context(
        DAY.expected,
        alt((
            map_opt(digits(2, 2, DAY), |n| u8::try_from(n).ok().map(Some)),
            value(None, unknown(2)),
        )),
    )
    .parse(input)
}

// date ::= year "." month "." day
fn date(input: &[u8]) -> PResult<'_, PgnDate> {
    let (input, year) = year(input)?;
    let (input, _) = context("`.` after the year", char('.')).parse(input)?;
    let (input, month) = month(input)?;
    let (input, _) = context("`.` after the month", char('.')).parse(input)?;
    let (rest, day) = day(input)?;
    check_day(year, month, day, input)?;
    Ok((rest, PgnDate { year, month, day }))
}

// lenient-part ::= DIGIT{1,2} | "?" | "??"
fn lenient_part(field: NumberField) -> impl FnMut(&[u8]) -> PResult<'_, Option<u8>> {
    move |input| {
        context(
            field.expected,
            alt((
                map_opt(digits(1, 2, field), |n| u8::try_from(n).ok().map(Some)),
                value(None, alt((unknown(2), unknown(1)))),
            )),
        )
        .parse(input)
    }
}

// lenient-date ::= "?" | year (sep month (sep day)?)?
// sep ::= "." | "-" | "/"      (the same byte both times)
fn lenient_date(input: &[u8]) -> PResult<'_, PgnDate> {
    if input == b"?" {
        return Ok((&[], PgnDate::UNKNOWN));
    }
    let (input, year) = year(input)?;
    let Ok((input, sep)) = one_of::<_, _, GrammarError<'_>>(".-/").parse(input) else {
        return Ok((input, PgnDate { year, month: None, day: None }));
    };
    let (input, month) = lenient_part(LENIENT_MONTH)(input)?;
    let (input, has_day) = opt(char(sep)).parse(input)?;
    if has_day.is_none() {
        return Ok((input, PgnDate { year, month, day: None }));
    }
    let (rest, day) = lenient_part(LENIENT_DAY)(input)?;
    check_day(year, month, day, input)?;
    Ok((rest, PgnDate { year, month, day }))
}

/// The date of a value in the exact form `YYYY.MM.DD`, each part all
/// digits or all `?`, or `None` (ranges are not checked here).
fn canonical(value: &[u8]) -> Option<PgnDate> {
    fn part(bytes: &[u8]) -> Option<Option<u16>> {
        if bytes.iter().all(|&b| b == b'?') {
            return Some(None);
        }
        bytes
            .iter()
            .try_fold(0u16, |n, &b| b.is_ascii_digit().then(|| n * 10 + u16::from(b - b'0')))
            .map(Some)
    }
    let [y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] = *value else { return None };
    let year = part(&[y0, y1, y2, y3])?;
    let month = part(&[m0, m1])?.map(|m| m as u8);
    let day = part(&[d0, d1])?.map(|d| d as u8);
    Some(PgnDate { year, month, day })
}

impl PgnDate {
    /// The date with every part unknown, `????.??.??` (the default of the
    /// Date tag, ruling E1).
    pub const UNKNOWN: PgnDate = PgnDate { year: None, month: None, day: None };

    /// Parses a date exactly as §8.1.1.3 describes it: ten bytes
    /// `YYYY.MM.DD`, each part all digits or all question marks
    /// (`1992.08.31`, `1993.??.??`, `????.??.??`). A part may be unknown
    /// while a smaller one is known (`????.08.31`); the standard allows it
    /// ("if any of the digit fields are not known").
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: a part that is not four (two) digits or question
    /// marks, a missing `.`, a month or day out of range, a day its month
    /// does not have ([`TagValueErrorKind::NoSuchDay`]), or bytes after the
    /// day.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<PgnDate, TagValueError> {
        let value = value.as_ref();
        // Most dates are well formed: read those without the grammar, and
        // let the grammar find and place the error in the others.
        if let Some(date) = canonical(value).filter(PgnDate::is_valid) {
            return Ok(date);
        }
        parse_all(value, date, "the end of the date after the day")
    }

    /// Parses a date leniently: a valid date is read as by
    /// [`PgnDate::from_ascii`] with `nonstandard` false; otherwise these
    /// forms found in real files are read, with `nonstandard` true:
    ///
    /// - white space around the value (` 2024.??.??`);
    /// - `-` or `/` instead of `.` between the parts, the same both times
    ///   (`2024-01-05`, `2024/01/05`);
    /// - a month or day of one digit, or one question mark (`2024.1.5`);
    /// - the year alone or the year and month (`1959`, `2024.05`);
    /// - a lone `?` for a date not known at all.
    ///
    /// The year must still have four digits (or `????`), and the range
    /// checks are the same.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] as for [`PgnDate::from_ascii`], located in `value`.
    pub fn parse_lenient(value: impl AsRef<[u8]>) -> Result<Lenient<PgnDate>, TagValueError> {
        let value = value.as_ref();
        if let Ok(date) = PgnDate::from_ascii(value) {
            return Ok(Lenient { value: date, nonstandard: false });
        }
        let trimmed = value.trim_ascii();
        if trimmed.is_empty() {
            return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
        }
        let start = value.len() - value.trim_ascii_start().len();
        parse_all(trimmed, lenient_date, "the end of the date")
            .map(|date| Lenient { value: date, nonstandard: true })
            .map_err(|error| TagValueError { offset: error.offset + start, ..error })
    }

    /// Whether every known part is in range and the day exists in its
    /// month: always true for a parsed value.
    pub fn is_valid(&self) -> bool {
        let year_ok = self.year.is_none_or(|year| year <= 9999);
        let month_ok = self.month.is_none_or(|month| (1..=12).contains(&month));
        let day_ok = self.day.is_none_or(|day| {
            (1..=31).contains(&day) && self.month.is_none_or(|m| day <= days_in_month(self.year, m))
        });
        year_ok && month_ok && day_ok
    }
}

impl fmt::Display for PgnDate {
    /// Writes the date in the form of §8.1.1.3 (`2024.01.05`, `2024.??.??`).
    /// A value out of range, possible only when built by hand, is written
    /// as its number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.year {
            Some(year) => write!(f, "{year:04}.")?,
            None => f.write_str("????.")?,
        }
        match self.month {
            Some(month) => write!(f, "{month:02}.")?,
            None => f.write_str("??.")?,
        }
        match self.day {
            Some(day) => write!(f, "{day:02}"),
            None => f.write_str("??"),
        }
    }
}

impl FromStr for PgnDate {
    type Err = TagValueError;

    /// Parses strictly, as [`PgnDate::from_ascii`].
    fn from_str(s: &str) -> Result<PgnDate, TagValueError> {
        PgnDate::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(year: Option<u16>, month: Option<u8>, day: Option<u8>) -> PgnDate {
        PgnDate { year, month, day }
    }

    fn error(kind: TagValueErrorKind, offset: usize) -> TagValueError {
        TagValueError::new(kind, offset)
    }

    #[test]
    fn parses_standard_dates() {
        let cases = [
            ("1992.08.31", date(Some(1992), Some(8), Some(31))),
            ("1993.??.??", date(Some(1993), None, None)),
            ("2001.01.01", date(Some(2001), Some(1), Some(1))),
            ("????.??.??", PgnDate::UNKNOWN),
            ("2024.05.??", date(Some(2024), Some(5), None)),
            ("2024.??.31", date(Some(2024), None, Some(31))),
            ("????.02.29", date(None, Some(2), Some(29))),
            ("2024.02.29", date(Some(2024), Some(2), Some(29))),
            ("2000.02.29", date(Some(2000), Some(2), Some(29))),
            ("1900.02.28", date(Some(1900), Some(2), Some(28))),
            ("0000.01.01", date(Some(0), Some(1), Some(1))),
            ("9999.12.31", date(Some(9999), Some(12), Some(31))),
        ];
        for (text, expected) in cases {
            let parsed = PgnDate::from_ascii(text.as_bytes());
            assert_eq!(parsed, Ok(expected), "{text}");
            assert_eq!(expected.to_string(), text);
            assert!(expected.is_valid());
            assert_eq!(text.parse::<PgnDate>(), Ok(expected));
        }
    }

    #[test]
    fn rejects_days_the_month_lacks() {
        let cases = [
            ("1900.02.29", Some(1900), 2, 29),
            ("2023.02.29", Some(2023), 2, 29),
            ("2024.02.30", Some(2024), 2, 30),
            ("????.02.30", None, 2, 30),
            ("2023.04.31", Some(2023), 4, 31),
            ("2023.06.31", Some(2023), 6, 31),
            ("2023.09.31", Some(2023), 9, 31),
            ("2023.11.31", Some(2023), 11, 31),
        ];
        for (text, year, month, day) in cases {
            assert_eq!(
                PgnDate::from_ascii(text.as_bytes()),
                Err(error(TagValueErrorKind::NoSuchDay { year, month, day }, 8)),
                "{text}"
            );
        }
    }

    #[test]
    fn rejects_out_of_range_parts() {
        let month = TagValueErrorKind::OutOfRange { field: "month", min: 1, max: 12 };
        let day = TagValueErrorKind::OutOfRange { field: "day", min: 1, max: 31 };
        assert_eq!(PgnDate::from_ascii(b"2024.13.01"), Err(error(month.clone(), 5)));
        assert_eq!(PgnDate::from_ascii(b"2024.00.01"), Err(error(month, 5)));
        assert_eq!(PgnDate::from_ascii(b"2024.01.00"), Err(error(day.clone(), 8)));
        assert_eq!(PgnDate::from_ascii(b"2024.01.32"), Err(error(day.clone(), 8)));
        assert_eq!(PgnDate::from_ascii(b"????.??.99"), Err(error(day, 8)));
    }

    #[test]
    fn rejects_malformed_dates() {
        let year = TagValueErrorKind::Expected(YEAR.expected);
        let month = TagValueErrorKind::Expected(MONTH.expected);
        let day = TagValueErrorKind::Expected(DAY.expected);
        let cases = [
            (&b""[..], error(TagValueErrorKind::Empty, 0)),
            (b"24.01.05", error(year.clone(), 0)),
            (b"20?4.01.05", error(year.clone(), 0)),
            (b"???.01.05", error(year.clone(), 0)),
            (b"?", error(year.clone(), 0)),
            (b" 2024.01.05", error(year.clone(), 0)),
            (b"+024.01.05", error(year.clone(), 0)),
            (b"\xff\xfe", error(year, 0)),
            (b"2024-01-05", error(TagValueErrorKind::Expected("`.` after the year"), 4)),
            (b"2024", error(TagValueErrorKind::Expected("`.` after the year"), 4)),
            (b"2024.1.05", error(month.clone(), 5)),
            (b"2024.?1.05", error(month, 5)),
            (b"2024.01", error(TagValueErrorKind::Expected("`.` after the month"), 7)),
            (b"2024.01.5", error(day.clone(), 8)),
            (b"2024.01.?", error(day, 8)),
            (
                b"2024.01.05 ",
                error(TagValueErrorKind::Expected("the end of the date after the day"), 10),
            ),
            (
                b"2024.01.055",
                error(TagValueErrorKind::Expected("the end of the date after the day"), 10),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                PgnDate::from_ascii(text),
                Err(expected),
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn lenient_accepts_standard_dates_without_flag() {
        let parsed = PgnDate::parse_lenient(b"2024.01.05");
        assert_eq!(
            parsed,
            Ok(Lenient { value: date(Some(2024), Some(1), Some(5)), nonstandard: false })
        );
        let parsed = PgnDate::parse_lenient(b"????.??.??");
        assert_eq!(parsed, Ok(Lenient { value: PgnDate::UNKNOWN, nonstandard: false }));
    }

    #[test]
    fn lenient_reads_real_world_forms() {
        let cases = [
            ("2024.1.5", date(Some(2024), Some(1), Some(5))),
            ("2024.1.15", date(Some(2024), Some(1), Some(15))),
            ("2024-01-05", date(Some(2024), Some(1), Some(5))),
            ("2024/01/05", date(Some(2024), Some(1), Some(5))),
            ("2024-1-5", date(Some(2024), Some(1), Some(5))),
            ("2012.7.10", date(Some(2012), Some(7), Some(10))),
            (" 2024.??.??", date(Some(2024), None, None)),
            ("2024.??.?? ", date(Some(2024), None, None)),
            ("2024.?.?", date(Some(2024), None, None)),
            ("1959", date(Some(1959), None, None)),
            ("????", PgnDate::UNKNOWN),
            ("2024.05", date(Some(2024), Some(5), None)),
            ("2024-05", date(Some(2024), Some(5), None)),
            ("?", PgnDate::UNKNOWN),
            ("2024-02-29", date(Some(2024), Some(2), Some(29))),
        ];
        for (text, expected) in cases {
            assert_eq!(
                PgnDate::parse_lenient(text.as_bytes()),
                Ok(Lenient { value: expected, nonstandard: true }),
                "{text}"
            );
        }
    }

    #[test]
    fn lenient_still_rejects_nonsense() {
        let month = TagValueErrorKind::OutOfRange { field: "month", min: 1, max: 12 };
        let day = TagValueErrorKind::OutOfRange { field: "day", min: 1, max: 31 };
        let end = TagValueErrorKind::Expected("the end of the date");
        let cases = [
            (&b""[..], error(TagValueErrorKind::Empty, 0)),
            (b"   ", error(TagValueErrorKind::Empty, 0)),
            (b"2013.24.7", error(month, 5)),
            (b"2024.1.45", error(day, 7)),
            (
                b"  2024.1.45",
                error(TagValueErrorKind::OutOfRange { field: "day", min: 1, max: 31 }, 9),
            ),
            (
                b"2023-2-29",
                error(TagValueErrorKind::NoSuchDay { year: Some(2023), month: 2, day: 29 }, 7),
            ),
            (b"2024-01.05", error(end.clone(), 7)),
            (b"2024.123.05", error(end.clone(), 7)),
            (b"2024.01.05.", error(end.clone(), 10)),
            (b"05.01.2024", error(TagValueErrorKind::Expected(YEAR.expected), 0)),
            (b"24-1-5", error(TagValueErrorKind::Expected(YEAR.expected), 0)),
            (b"12/31/2024 11:00PM", error(TagValueErrorKind::Expected(YEAR.expected), 0)),
            (b"2024.", error(TagValueErrorKind::Expected(LENIENT_MONTH.expected), 5)),
            (b"2024.01.", error(TagValueErrorKind::Expected(LENIENT_DAY.expected), 8)),
            (b"??", error(TagValueErrorKind::Expected(YEAR.expected), 0)),
            (b"\x80", error(TagValueErrorKind::Expected(YEAR.expected), 0)),
        ];
        for (text, expected) in cases {
            assert_eq!(
                PgnDate::parse_lenient(text),
                Err(expected),
                "{:?}",
                String::from_utf8_lossy(text)
            );
        }
    }

    #[test]
    fn validity_of_hand_built_dates() {
        assert!(PgnDate::UNKNOWN.is_valid());
        assert!(PgnDate::default().is_valid());
        assert!(!date(Some(10000), None, None).is_valid());
        assert!(!date(None, Some(13), None).is_valid());
        assert!(!date(None, Some(0), None).is_valid());
        assert!(!date(None, None, Some(0)).is_valid());
        assert!(!date(None, None, Some(32)).is_valid());
        assert!(!date(Some(2023), Some(2), Some(29)).is_valid());
        assert!(date(Some(2024), Some(2), Some(29)).is_valid());
        assert_eq!(date(Some(12345), Some(13), Some(40)).to_string(), "12345.13.40");
        assert_eq!(date(Some(7), Some(3), None).to_string(), "0007.03.??");
    }

    #[test]
    fn orders_unknown_first() {
        assert!(PgnDate::UNKNOWN < date(Some(0), None, None));
        assert!(date(Some(2024), None, None) < date(Some(2024), Some(1), None));
        assert!(date(Some(2023), Some(12), Some(31)) < date(Some(2024), Some(1), Some(1)));
    }

    #[test]
    fn leap_years() {
        assert!(is_leap_year(2024));
        assert!(is_leap_year(2000));
        assert!(is_leap_year(0));
        assert!(!is_leap_year(1900));
        assert!(!is_leap_year(2023));
        assert_eq!(days_in_month(None, 2), 29);
        assert_eq!(days_in_month(Some(2023), 2), 28);
        assert_eq!(days_in_month(Some(2024), 12), 31);
    }
}
