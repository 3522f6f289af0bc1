//! nom plumbing shared by the tag value grammars: the error type that carries
//! a [`TagValueErrorKind`], running a parser over a whole value, and the
//! number productions with their range checks.

use nom::bytes::complete::take_while_m_n;
use nom::error::{ContextError, ErrorKind, ParseError};
use nom::{IResult, Parser};

use super::error::{TagValueError, TagValueErrorKind};

/// The error of the tag grammars: where the parser stopped, and what is
/// wrong there once known (`None` for a bare nom error that no
/// [`nom::error::context`] has named yet).
///
/// A kind is *settled* once the grammar has committed to a production (a
/// number out of range, or digits missing after `/`, see [`commit`]);
/// otherwise an enclosing context may replace it with a better description
/// of the alternatives (`a round number` becomes `` `?`, `-` or a round
/// number``).
#[derive(Debug)]
pub(super) struct GrammarError<'a> {
    rest: &'a [u8],
    kind: Option<TagValueErrorKind>,
    settled: bool,
}

/// The result of a tag grammar production.
pub(super) type PResult<'a, T> = IResult<&'a [u8], T, GrammarError<'a>>;

impl<'a> ParseError<&'a [u8]> for GrammarError<'a> {
    fn from_error_kind(input: &'a [u8], _kind: ErrorKind) -> Self {
        GrammarError { rest: input, kind: None, settled: false }
    }

    fn append(_input: &'a [u8], _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> ContextError<&'a [u8]> for GrammarError<'a> {
    /// The outermost context names an unsettled error; a settled one keeps
    /// its kind.
    fn add_context(_input: &'a [u8], context: &'static str, mut other: Self) -> Self {
        if !other.settled {
            other.kind = Some(TagValueErrorKind::Expected(context));
        }
        other
    }
}

/// A committed, settled failure (no alternative is tried, no context
/// renames it) of the given kind at `rest`.
pub(super) fn failure<'a>(rest: &'a [u8], kind: TagValueErrorKind) -> nom::Err<GrammarError<'a>> {
    nom::Err::Failure(GrammarError { rest, kind: Some(kind), settled: true })
}

/// A recoverable error (the next alternative is tried) saying what was
/// expected at `rest`.
pub(super) fn expected<'a>(rest: &'a [u8], what: &'static str) -> nom::Err<GrammarError<'a>> {
    nom::Err::Error(GrammarError {
        rest,
        kind: Some(TagValueErrorKind::Expected(what)),
        settled: false,
    })
}

/// Like nom's `cut`: once the production has started (after `/`, `+` or
/// `*`), an error in `parser` is final, and its kind is settled, so that
/// the message says what is missing there rather than listing the
/// alternatives of the enclosing production.
pub(super) fn commit<'a, T, P>(
    mut parser: P,
) -> impl Parser<&'a [u8], Output = T, Error = GrammarError<'a>>
where
    P: Parser<&'a [u8], Output = T, Error = GrammarError<'a>>,
{
    move |input: &'a [u8]| {
        parser.parse(input).map_err(|error| match error {
            nom::Err::Error(error) | nom::Err::Failure(error) => {
                nom::Err::Failure(GrammarError { settled: true, ..error })
            }
            incomplete @ nom::Err::Incomplete(_) => incomplete,
        })
    }
}

/// The byte offset of `rest`, a suffix of `value`, in `value`.
pub(super) fn offset_in(value: &[u8], rest: &[u8]) -> usize {
    value.len().saturating_sub(rest.len())
}

/// Runs `parser` over the whole of `value`, like `all_consuming`, but names
/// what may follow where the parser stopped (`after`) instead of reporting a
/// bare "not at end". An empty value is [`TagValueErrorKind::Empty`].
pub(super) fn parse_all<'a, T, P>(
    value: &'a [u8],
    mut parser: P,
    after: &'static str,
) -> Result<T, TagValueError>
where
    P: Parser<&'a [u8], Output = T, Error = GrammarError<'a>>,
{
    if value.is_empty() {
        return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
    }
    match parser.parse(value) {
        Ok(([], parsed)) => Ok(parsed),
        Ok((rest, _)) => {
            Err(TagValueError::new(TagValueErrorKind::Expected(after), offset_in(value, rest)))
        }
        Err(nom::Err::Error(error) | nom::Err::Failure(error)) => Err(TagValueError::new(
            error.kind.unwrap_or(TagValueErrorKind::Expected("a valid value")),
            offset_in(value, error.rest),
        )),
        // Complete parsers never ask for more input; if one did, the value
        // ended too early.
        Err(nom::Err::Incomplete(_)) => {
            Err(TagValueError::new(TagValueErrorKind::Expected("more bytes"), value.len()))
        }
    }
}

/// A number inside a tag value: what it is called in messages, what the
/// grammar expects where it is missing, and its allowed range.
#[derive(Clone, Copy, Debug)]
pub(super) struct NumberField {
    /// What the number is (`"month"`), for range errors.
    pub(super) name: &'static str,
    /// What is expected where the digits are missing.
    pub(super) expected: &'static str,
    /// The smallest value allowed.
    pub(super) min: u32,
    /// The largest value allowed.
    pub(super) max: u32,
}

impl NumberField {
    /// The range error for this number, at `rest`.
    pub(super) fn out_of_range<'a>(&self, rest: &'a [u8]) -> nom::Err<GrammarError<'a>> {
        failure(
            rest,
            TagValueErrorKind::OutOfRange { field: self.name, min: self.min, max: self.max },
        )
    }

    /// Checks that `n`, read at `at`, is in range.
    pub(super) fn check<'a>(
        &self,
        n: u32,
        at: &'a [u8],
    ) -> Result<u32, nom::Err<GrammarError<'a>>> {
        if (self.min..=self.max).contains(&n) { Ok(n) } else { Err(self.out_of_range(at)) }
    }
}

/// The value of a run of ASCII digits, or `None` if it does not fit a `u32`.
fn digits_value(digits: &[u8]) -> Option<u32> {
    digits
        .iter()
        .try_fold(0u32, |acc, &b| acc.checked_mul(10)?.checked_add(char::from(b).to_digit(10)?))
}

/// digits ::= DIGIT{min_len,max_len}, read as a number in `field`'s range.
///
/// Missing digits are a recoverable error (so that an alternative such as
/// `??` can be tried); a number out of range is a committed failure.
pub(super) fn digits<'a>(
    min_len: usize,
    max_len: usize,
    field: NumberField,
) -> impl Parser<&'a [u8], Output = u32, Error = GrammarError<'a>> {
    move |input: &'a [u8]| {
        let (rest, run) = take_while_m_n(min_len, max_len, |b: u8| b.is_ascii_digit())
            .parse(input)
            .map_err(|_: nom::Err<GrammarError<'a>>| expected(input, field.expected))?;
        let n = digits_value(run).ok_or_else(|| field.out_of_range(input))?;
        Ok((rest, field.check(n, input)?))
    }
}

/// number ::= DIGIT+, read as a number in `field`'s range.
pub(super) fn number<'a>(
    field: NumberField,
) -> impl Parser<&'a [u8], Output = u32, Error = GrammarError<'a>> {
    digits(1, usize::MAX, field)
}

/// unknown ::= "?"{len}: a field whose digits are not known.
pub(super) fn unknown<'a>(
    len: usize,
) -> impl Parser<&'a [u8], Output = (), Error = GrammarError<'a>> {
    move |input: &'a [u8]| {
        let (rest, _) = take_while_m_n(len, len, |b: u8| b == b'?').parse(input)?;
        Ok((rest, ()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELD: NumberField = NumberField { name: "thing", expected: "a thing", min: 1, max: 99 };

    #[test]
    fn reads_numbers_in_range() {
        assert_eq!(parse_all(b"42", number(FIELD), "the end"), Ok(42));
        assert_eq!(parse_all(b"0099", number(FIELD), "the end"), Ok(99));
    }

    #[test]
    fn reports_range_and_overflow() {
        let range = TagValueErrorKind::OutOfRange { field: "thing", min: 1, max: 99 };
        assert_eq!(
            parse_all(b"100", number(FIELD), "the end"),
            Err(TagValueError::new(range.clone(), 0))
        );
        assert_eq!(
            parse_all(b"0", number(FIELD), "the end"),
            Err(TagValueError::new(range.clone(), 0))
        );
        assert_eq!(
            parse_all(b"99999999999999999999999999", number(FIELD), "the end"),
            Err(TagValueError::new(range, 0))
        );
    }

    #[test]
    fn reports_missing_digits_and_trailing_bytes() {
        assert_eq!(
            parse_all(b"x", number(FIELD), "the end"),
            Err(TagValueError::new(TagValueErrorKind::Expected("a thing"), 0))
        );
        assert_eq!(
            parse_all(b"12x", number(FIELD), "the end"),
            Err(TagValueError::new(TagValueErrorKind::Expected("the end"), 2))
        );
        assert_eq!(
            parse_all(b"", number(FIELD), "the end"),
            Err(TagValueError::new(TagValueErrorKind::Empty, 0))
        );
    }

    #[test]
    fn fixed_width_digits() {
        assert_eq!(parse_all(b"07", digits(2, 2, FIELD), "the end"), Ok(7));
        assert_eq!(
            parse_all(b"7", digits(2, 2, FIELD), "the end"),
            Err(TagValueError::new(TagValueErrorKind::Expected("a thing"), 0))
        );
        assert_eq!(parse_all(b"??", unknown(2), "the end"), Ok(()));
        assert!(parse_all(b"?", unknown(2), "the end").is_err());
    }
}
