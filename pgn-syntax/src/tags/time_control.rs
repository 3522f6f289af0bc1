//! Time controls (§9.6.1): the value of the `TimeControl` tag, one or more
//! fields separated by `:` (`40/9000:300`), each of one of six kinds.

use std::fmt;
use std::str::FromStr;

use nom::Parser;
use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::value;
use nom::error::{ErrorKind, ParseError, context};
use nom::multi::separated_list1;

use super::Lenient;
use super::error::{TagValueError, TagValueErrorKind};
use super::grammar::{GrammarError, NumberField, PResult, commit, number, parse_all};

/// One field (period descriptor) of a TimeControl tag value (§9.6.1).
///
/// Numbers are in seconds (or moves) and fit a `u32`. The standard calls
/// the numbers of the moves-per-period, incremental and sandclock kinds
/// "positive integers"; this crate reads them so, with one exception for
/// the incremental kind, where both numbers may be 0: real files write
/// `300+0` for "no increment" and `0+1` for "increment only".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TimeControlField {
    /// `?`: the time control is not known.
    Unknown,
    /// `-`: no time control was used.
    NoTimeControl,
    /// `40/9000`: a number of moves (at least 1) in a number of seconds (at
    /// least 1).
    MovesInSeconds {
        /// The number of moves in the period.
        moves: u32,
        /// The number of seconds for those moves.
        seconds: u32,
    },
    /// `300`: sudden death, all remaining moves in a number of seconds (at
    /// least 1).
    SuddenDeath {
        /// The number of seconds in the period.
        seconds: u32,
    },
    /// `4500+60`: a base time and an increment added after each move, both
    /// in seconds.
    Incremental {
        /// The base time of the period.
        seconds: u32,
        /// The seconds added after each move.
        increment: u32,
    },
    /// `*180`: a sandclock (hourglass) of a number of seconds (at least 1).
    Sandclock {
        /// The total number of seconds in the sandclock.
        seconds: u32,
    },
    /// `40/5400+30`: a number of moves in a number of seconds, with an
    /// increment after each move. Not one of the standard's six kinds (which
    /// leaves room for more): engine match programs such as cutechess write
    /// it, and only [`TimeControl::parse_lenient`] reads it.
    MovesInSecondsIncremental {
        /// The number of moves in the period.
        moves: u32,
        /// The number of seconds for those moves.
        seconds: u32,
        /// The seconds added after each move.
        increment: u32,
    },
    /// `10+0.05`: an incremental period whose base or increment has a
    /// fraction of a second (one to three decimals), in milliseconds. Not
    /// one of the standard's kinds, whose numbers are integers: engine
    /// match programs (cutechess, fastchess) and lichess's ultrabullet
    /// write it; only [`TimeControl::parse_lenient`] reads it, and ruling
    /// T7 admits it without a warning.
    FractionalIncremental {
        /// The base time of the period, in milliseconds.
        millis: u64,
        /// The milliseconds added after each move.
        increment_millis: u64,
    },
}

impl TimeControlField {
    /// Whether §9.6.1 says this kind "should only be used for the last
    /// descriptor" (sudden death, incremental and sandclock, and the
    /// nonstandard moves-with-increment kind by extension).
    fn must_be_last(self) -> bool {
        matches!(
            self,
            TimeControlField::SuddenDeath { .. }
                | TimeControlField::Incremental { .. }
                | TimeControlField::Sandclock { .. }
                | TimeControlField::MovesInSecondsIncremental { .. }
                | TimeControlField::FractionalIncremental { .. }
        )
    }

    /// Whether the field is one of the six kinds of §9.6.1 (not
    /// [`TimeControlField::MovesInSecondsIncremental`] nor
    /// [`TimeControlField::FractionalIncremental`]).
    pub fn is_standard(self) -> bool {
        !matches!(
            self,
            TimeControlField::MovesInSecondsIncremental { .. }
                | TimeControlField::FractionalIncremental { .. }
        )
    }
}

/// Writes a number of milliseconds as seconds, with as many decimals as it
/// needs (`10`, `0.05`, `10.931`).
fn write_millis(f: &mut fmt::Formatter<'_>, millis: u64) -> fmt::Result {
    let (seconds, fraction) = (millis / 1000, millis % 1000);
    match fraction {
        0 => write!(f, "{seconds}"),
        _ if fraction % 100 == 0 => write!(f, "{seconds}.{}", fraction / 100),
        _ if fraction % 10 == 0 => write!(f, "{seconds}.{:02}", fraction / 10),
        _ => write!(f, "{seconds}.{fraction:03}"),
    }
}

impl fmt::Display for TimeControlField {
    /// Writes the field as in §9.6.1 (`?`, `-`, `40/9000`, `300`,
    /// `4500+60`, `*180`, or `40/5400+30`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControlField::Unknown => f.write_str("?"),
            TimeControlField::NoTimeControl => f.write_str("-"),
            TimeControlField::MovesInSeconds { moves, seconds } => write!(f, "{moves}/{seconds}"),
            TimeControlField::SuddenDeath { seconds } => write!(f, "{seconds}"),
            TimeControlField::Incremental { seconds, increment } => {
                write!(f, "{seconds}+{increment}")
            }
            TimeControlField::Sandclock { seconds } => write!(f, "*{seconds}"),
            TimeControlField::MovesInSecondsIncremental { moves, seconds, increment } => {
                write!(f, "{moves}/{seconds}+{increment}")
            }
            TimeControlField::FractionalIncremental { millis, increment_millis } => {
                write_millis(f, millis)?;
                f.write_str("+")?;
                write_millis(f, increment_millis)
            }
        }
    }
}

/// A TimeControl tag value: one or more fields, in the order the periods
/// are played; the last one repeats as needed (§9.6.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Never empty.
    fields: Vec<TimeControlField>,
}

/// A number before we know which kind of field it belongs to.
const LEADING: NumberField =
    NumberField { name: "time control number", expected: "a number", min: 0, max: u32::MAX };
const MOVES: NumberField =
    NumberField { name: "number of moves", expected: "a number of moves", min: 1, max: u32::MAX };
const SECONDS: NumberField = NumberField {
    name: "number of seconds",
    expected: "a number of seconds",
    min: 1,
    max: u32::MAX,
};
const BASE_SECONDS: NumberField = NumberField { min: 0, ..SECONDS };
const INCREMENT: NumberField =
    NumberField { name: "increment", expected: "an increment in seconds", min: 0, max: u32::MAX };

// sandclock ::= "*" seconds
fn sandclock(input: &[u8]) -> PResult<'_, TimeControlField> {
    let (input, _) = char('*').parse(input)?;
    let (input, seconds) = commit(number(SECONDS)).parse(input)?;
    Ok((input, TimeControlField::Sandclock { seconds }))
}

// counted ::= number ( "/" seconds | "+" increment )?
// lenient-counted ::= number ( "/" seconds ("+" increment)? | "+" increment )?
fn counted(lenient: bool) -> impl FnMut(&[u8]) -> PResult<'_, TimeControlField> {
    move |input| {
        let (after_first, first) = number(LEADING).parse(input)?;
        if let Ok((after_slash, _)) = char::<_, GrammarError<'_>>('/').parse(after_first) {
            let moves = MOVES.check(first, input)?;
            let (rest, seconds) = commit(number(SECONDS)).parse(after_slash)?;
            if lenient && let Ok((after_plus, _)) = char::<_, GrammarError<'_>>('+').parse(rest) {
                let (rest, increment) = commit(number(INCREMENT)).parse(after_plus)?;
                let field =
                    TimeControlField::MovesInSecondsIncremental { moves, seconds, increment };
                return Ok((rest, field));
            }
            return Ok((rest, TimeControlField::MovesInSeconds { moves, seconds }));
        }
        if let Ok((after_plus, _)) = char::<_, GrammarError<'_>>('+').parse(after_first) {
            let seconds = BASE_SECONDS.check(first, input)?;
            let (rest, increment) = commit(number(INCREMENT)).parse(after_plus)?;
            return Ok((rest, TimeControlField::Incremental { seconds, increment }));
        }
        let seconds = SECONDS.check(first, input)?;
        Ok((after_first, TimeControlField::SuddenDeath { seconds }))
    }
}

/// seconds-with-fraction ::= DIGIT{1,9} ("." DIGIT{1,3})?, in
/// milliseconds, and whether it had a fraction; `None` if it does not
/// start `input`.
fn millis(input: &[u8]) -> Option<(u64, bool, &[u8])> {
    let whole = input.iter().take_while(|b| b.is_ascii_digit()).count();
    if whole == 0 || whole > 9 {
        return None;
    }
    let (digits, rest) = input.split_at(whole);
    let seconds = digits.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
    let Some(after) = rest.strip_prefix(b".") else { return Some((seconds * 1000, false, rest)) };
    let decimals = after.iter().take_while(|b| b.is_ascii_digit()).count();
    if decimals == 0 || decimals > 3 {
        return None;
    }
    let (digits, rest) = after.split_at(decimals);
    let fraction = digits.iter().fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
    let scale = match decimals {
        1 => 100,
        2 => 10,
        _ => 1,
    };
    Some((seconds * 1000 + fraction * scale, true, rest))
}

// fractional ::= seconds-with-fraction "+" seconds-with-fraction, one of
// them with a fraction (ruling T7)
fn fractional(input: &[u8]) -> PResult<'_, TimeControlField> {
    let not_fractional = || nom::Err::Error(GrammarError::from_error_kind(input, ErrorKind::Digit));
    let (base, base_fraction, rest) = millis(input).ok_or_else(not_fractional)?;
    let rest = rest.strip_prefix(b"+").ok_or_else(not_fractional)?;
    let (increment, increment_fraction, rest) = millis(rest).ok_or_else(not_fractional)?;
    if !(base_fraction || increment_fraction) {
        return Err(not_fractional());
    }
    Ok((
        rest,
        TimeControlField::FractionalIncremental { millis: base, increment_millis: increment },
    ))
}

// field ::= "?" | "-" | sandclock | counted
// lenient-field ::= "?" | "-" | sandclock | fractional | lenient-counted
fn field(lenient: bool) -> impl FnMut(&[u8]) -> PResult<'_, TimeControlField> {
    move |input| {
        let fraction = |input| match lenient {
            true => fractional(input),
            false => Err(nom::Err::Error(GrammarError::from_error_kind(input, ErrorKind::Digit))),
        };
        context(
            "a time control field such as `?`, `-`, `40/9000`, `300`, `4500+60` or `*180`",
            alt((
                value(TimeControlField::Unknown, char('?')),
                value(TimeControlField::NoTimeControl, char('-')),
                sandclock,
                fraction,
                counted(lenient),
            )),
        )
        .parse(input)
    }
}

// time-control ::= field (":" field)*
fn time_control(lenient: bool) -> impl FnMut(&[u8]) -> PResult<'_, TimeControl> {
    move |input| {
        let (rest, fields) = separated_list1(char(':'), field(lenient)).parse(input)?;
        Ok((rest, TimeControl { fields }))
    }
}

impl TimeControl {
    /// What may follow a complete field.
    const AFTER_FIELD: &str = "`:` and another field, or the end of the time control";

    /// Parses a TimeControl value as §9.6.1 describes it: fields of the six
    /// kinds separated by `:`.
    ///
    /// The standard's advice on where each kind goes ("should only be used
    /// for the last descriptor", "usually the only descriptor") is not
    /// enforced here; [`TimeControl::misplaced_field`] reports it.
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: a field of no known kind, a number out of range
    /// (a period of 0 moves or 0 seconds, or a number above `u32::MAX`), an
    /// empty field (`40/9000:`), or white space anywhere.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<TimeControl, TagValueError> {
        let value = value.as_ref();
        parse_all(value, time_control(false), TimeControl::AFTER_FIELD)
    }

    /// Parses a TimeControl value leniently: a standard value is read as
    /// by [`TimeControl::from_ascii`] with `nonstandard` false; otherwise,
    /// with `nonstandard` true, a value with white space around it, or with
    /// fields of the form `moves/seconds+increment`
    /// ([`TimeControlField::MovesInSecondsIncremental`], written by engine
    /// match programs), or incremental fields with fractions of a second
    /// (`10+0.05`, `10.931+0.109`:
    /// [`TimeControlField::FractionalIncremental`]). Prose (`15 min. + 10
    /// s. per move`) is still an error.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] as for [`TimeControl::from_ascii`], located in
    /// `value`.
    pub fn parse_lenient(value: impl AsRef<[u8]>) -> Result<Lenient<TimeControl>, TagValueError> {
        let value = value.as_ref();
        if let Ok(time_control) = TimeControl::from_ascii(value) {
            return Ok(Lenient { value: time_control, nonstandard: false });
        }
        let trimmed = value.trim_ascii();
        if trimmed.is_empty() {
            return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
        }
        let start = value.len() - value.trim_ascii_start().len();
        parse_all(trimmed, time_control(true), TimeControl::AFTER_FIELD)
            .map(|time_control| Lenient { value: time_control, nonstandard: true })
            .map_err(|error| TagValueError { offset: error.offset + start, ..error })
    }

    /// A time control of the given fields, or `None` if there are none.
    pub fn from_fields(fields: Vec<TimeControlField>) -> Option<TimeControl> {
        if fields.is_empty() { None } else { Some(TimeControl { fields }) }
    }

    /// The fields, in the order the periods are played (never empty).
    pub fn fields(&self) -> &[TimeControlField] {
        &self.fields
    }

    /// Whether the value is the single field `?`.
    pub fn is_unknown(&self) -> bool {
        self.fields == [TimeControlField::Unknown]
    }

    /// The index of the first field that breaks the standard's advice on
    /// placement, for a warning: a sudden death, incremental or sandclock
    /// field that is not the last one (§9.6.1: "should only be used for the
    /// last descriptor"), or a `?` or `-` field in a list of more than one
    /// field ("usually the only descriptor present"; a `?` or `-` among
    /// timed periods says nothing clear).
    pub fn misplaced_field(&self) -> Option<usize> {
        let last = self.fields.len().saturating_sub(1);
        let several = self.fields.len() > 1;
        self.fields.iter().enumerate().find_map(|(i, field)| {
            let misplaced = (field.must_be_last() && i < last)
                || (several
                    && matches!(
                        field,
                        TimeControlField::Unknown | TimeControlField::NoTimeControl
                    ));
            misplaced.then_some(i)
        })
    }
}

impl From<TimeControlField> for TimeControl {
    /// A time control of one field.
    fn from(field: TimeControlField) -> TimeControl {
        TimeControl { fields: vec![field] }
    }
}

impl fmt::Display for TimeControl {
    /// Writes the fields separated by `:` (`40/9000:300`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, field) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str(":")?;
            }
            write!(f, "{field}")?;
        }
        Ok(())
    }
}

impl FromStr for TimeControl {
    type Err = TagValueError;

    /// Parses strictly, as [`TimeControl::from_ascii`].
    fn from_str(s: &str) -> Result<TimeControl, TagValueError> {
        TimeControl::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TimeControlField::*;

    fn fields(text: &str) -> Result<Vec<TimeControlField>, TagValueError> {
        TimeControl::from_ascii(text.as_bytes()).map(|tc| tc.fields().to_vec())
    }

    fn error(kind: TagValueErrorKind, offset: usize) -> TagValueError {
        TagValueError::new(kind, offset)
    }

    #[test]
    fn parses_the_six_kinds() {
        let cases = [
            ("?", vec![Unknown]),
            ("-", vec![NoTimeControl]),
            ("40/9000", vec![MovesInSeconds { moves: 40, seconds: 9000 }]),
            ("300", vec![SuddenDeath { seconds: 300 }]),
            ("4500+60", vec![Incremental { seconds: 4500, increment: 60 }]),
            ("*180", vec![Sandclock { seconds: 180 }]),
            (
                "40/9000:300",
                vec![MovesInSeconds { moves: 40, seconds: 9000 }, SuddenDeath { seconds: 300 }],
            ),
            (
                "40/7200:20/3600:900+30",
                vec![
                    MovesInSeconds { moves: 40, seconds: 7200 },
                    MovesInSeconds { moves: 20, seconds: 3600 },
                    Incremental { seconds: 900, increment: 30 },
                ],
            ),
            ("300+0", vec![Incremental { seconds: 300, increment: 0 }]),
            ("0+1", vec![Incremental { seconds: 0, increment: 1 }]),
            ("4294967295", vec![SuddenDeath { seconds: u32::MAX }]),
        ];
        for (text, expected) in cases {
            assert_eq!(fields(text), Ok(expected), "{text}");
            let parsed = TimeControl::from_ascii(text.as_bytes());
            assert_eq!(parsed.map(|tc| tc.to_string()).as_deref(), Ok(text));
            assert!(text.parse::<TimeControl>().is_ok());
        }
    }

    #[test]
    fn rejects_zero_length_periods() {
        let moves =
            TagValueErrorKind::OutOfRange { field: "number of moves", min: 1, max: u32::MAX };
        let seconds =
            TagValueErrorKind::OutOfRange { field: "number of seconds", min: 1, max: u32::MAX };
        assert_eq!(fields("0/9000"), Err(error(moves, 0)));
        assert_eq!(fields("40/0"), Err(error(seconds.clone(), 3)));
        assert_eq!(fields("0"), Err(error(seconds.clone(), 0)));
        assert_eq!(fields("*0"), Err(error(seconds.clone(), 1)));
        assert_eq!(fields("40/9000:0"), Err(error(seconds, 8)));
    }

    #[test]
    fn rejects_overflow() {
        let leading =
            TagValueErrorKind::OutOfRange { field: "time control number", min: 0, max: u32::MAX };
        let increment = TagValueErrorKind::OutOfRange { field: "increment", min: 0, max: u32::MAX };
        assert_eq!(fields("4294967296"), Err(error(leading, 0)));
        assert_eq!(fields("60+99999999999"), Err(error(increment, 3)));
    }

    #[test]
    fn rejects_malformed_values() {
        let field = TagValueErrorKind::Expected(
            "a time control field such as `?`, `-`, `40/9000`, `300`, `4500+60` or `*180`",
        );
        let after = TagValueErrorKind::Expected(TimeControl::AFTER_FIELD);
        let seconds = TagValueErrorKind::Expected("a number of seconds");
        let increment = TagValueErrorKind::Expected("an increment in seconds");
        let cases = [
            ("", TagValueErrorKind::Empty, 0),
            ("x", field.clone(), 0),
            ("+60", field.clone(), 0),
            (" 300", field.clone(), 0),
            ("/300", field.clone(), 0),
            ("40/", seconds.clone(), 3),
            ("40/x", seconds.clone(), 3),
            ("*", seconds.clone(), 1),
            ("*-5", seconds, 1),
            ("300+", increment.clone(), 4),
            ("300+-1", increment, 4),
            ("300 ", after.clone(), 3),
            ("300:", after.clone(), 3),
            ("40/9000+30", after.clone(), 7),
            ("10.931+0.109", after.clone(), 2),
            ("??", after.clone(), 1),
            ("40/9000::300", after.clone(), 7),
            ("15 min. + 10 s. per move", after, 2),
            ("\u{ff}", field, 0),
        ];
        for (text, kind, offset) in cases {
            assert_eq!(fields(text), Err(error(kind, offset)), "{text}");
        }
    }

    #[test]
    fn lenient_reads_increments_per_period_and_spaces() {
        let parsed = TimeControl::parse_lenient(b"40/9000+30");
        let expected = TimeControl::from(MovesInSecondsIncremental {
            moves: 40,
            seconds: 9000,
            increment: 30,
        });
        assert_eq!(parsed, Ok(Lenient { value: expected.clone(), nonstandard: true }));
        assert_eq!(expected.to_string(), "40/9000+30");

        let parsed = TimeControl::parse_lenient(b" 300+2 ");
        let expected = TimeControl::from(Incremental { seconds: 300, increment: 2 });
        assert_eq!(parsed, Ok(Lenient { value: expected, nonstandard: true }));

        let parsed = TimeControl::parse_lenient(b"40/40+1:60+1");
        let value = parsed.map(|lenient| (lenient.value.to_string(), lenient.nonstandard));
        assert_eq!(value, Ok(("40/40+1:60+1".to_owned(), true)));

        let parsed = TimeControl::parse_lenient(b"40/9000:300");
        assert_eq!(parsed.map(|lenient| lenient.nonstandard), Ok(false));
    }

    #[test]
    fn lenient_reads_fractions_of_seconds() {
        let cases = [
            ("10+0.05", 10_000, 50, "10+0.05"),
            ("10.931+0.109", 10_931, 109, "10.931+0.109"),
            ("  154.283+1.543", 154_283, 1_543, "154.283+1.543"),
            ("0.5+0", 500, 0, "0.5+0"),
            ("60+0.10", 60_000, 100, "60+0.1"),
        ];
        for (text, millis, increment_millis, written) in cases {
            let parsed = TimeControl::parse_lenient(text.as_bytes()).expect(text);
            assert!(parsed.nonstandard, "{text}");
            assert_eq!(parsed.value.fields(), [FractionalIncremental { millis, increment_millis }]);
            assert!(!parsed.value.fields()[0].is_standard());
            assert_eq!(parsed.value.to_string(), written);
        }
        assert!(TimeControl::parse_lenient(b"10+5").is_ok_and(|l| !l.nonstandard));
    }

    #[test]
    fn lenient_still_rejects_prose_and_long_fractions() {
        let after = TagValueErrorKind::Expected(TimeControl::AFTER_FIELD);
        assert_eq!(TimeControl::from_ascii(b"10.931+0.109"), Err(error(after.clone(), 2)));
        assert_eq!(TimeControl::parse_lenient(b"10.9311+1"), Err(error(after.clone(), 2)));
        assert_eq!(TimeControl::parse_lenient(b"10.5"), Err(error(after, 2)));
        assert!(TimeControl::parse_lenient(b"15 min. + 10 s. per move").is_err());
        assert_eq!(TimeControl::parse_lenient(b"\t"), Err(error(TagValueErrorKind::Empty, 0)));
        let increment = TagValueErrorKind::Expected("an increment in seconds");
        assert_eq!(TimeControl::parse_lenient(b"40/9000+"), Err(error(increment, 8)));
    }

    #[test]
    fn builds_from_fields() {
        assert_eq!(TimeControl::from_fields(vec![]), None);
        let tc = TimeControl::from_fields(vec![Sandclock { seconds: 180 }]);
        assert_eq!(tc.map(|tc| tc.to_string()).as_deref(), Some("*180"));
        assert!(TimeControl::from(Unknown).is_unknown());
        assert!(!TimeControl::from(NoTimeControl).is_unknown());
    }

    #[test]
    fn reports_misplaced_fields() {
        let misplaced =
            |text: &str| TimeControl::from_ascii(text.as_bytes()).map(|tc| tc.misplaced_field());
        assert_eq!(misplaced("?"), Ok(None));
        assert_eq!(misplaced("-"), Ok(None));
        assert_eq!(misplaced("300"), Ok(None));
        assert_eq!(misplaced("40/9000:20/3600:300"), Ok(None));
        assert_eq!(misplaced("40/9000:4500+60"), Ok(None));
        assert_eq!(misplaced("300:40/9000"), Ok(Some(0)));
        assert_eq!(misplaced("40/9000:*180:300"), Ok(Some(1)));
        assert_eq!(misplaced("40/9000:?"), Ok(Some(1)));
        assert_eq!(misplaced("-:300"), Ok(Some(0)));
    }
}
