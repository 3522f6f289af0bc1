//! Operand values (§16.2.4.1): [`EpdString`] (string bytes, no
//! transcoding), [`MoveText`] (a move kept as SAN text with its place, for
//! the `san` layer to resolve), [`Operand`] (an operand of `noop` or of an
//! unknown opcode, kept as read), and the integer and floating point
//! operand parsers.

use std::fmt;
use std::hash::{Hash, Hasher};

use nom::IResult;
use nom::Parser;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, one_of};
use nom::combinator::{all_consuming, opt, recognize};

use crate::diagnostic::Location;

/// The bytes of a string operand, as read (no transcoding; EPD is ASCII,
/// but real files hold UTF-8 names). Compare with `&str` directly.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct EpdString(#[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))] Box<[u8]>);

impl EpdString {
    /// A string of these bytes.
    pub fn new(bytes: impl Into<Box<[u8]>>) -> EpdString {
        EpdString(bytes.into())
    }

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// The text, if it is UTF-8.
    pub fn to_str(&self) -> Option<&str> {
        std::str::from_utf8(&self.0).ok()
    }

    /// The text, with invalid UTF-8 replaced by U+FFFD.
    pub fn to_string_lossy(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.0)
    }

    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the string is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for EpdString {
    /// The text, with invalid UTF-8 replaced by U+FFFD.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_lossy())
    }
}

impl fmt::Debug for EpdString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_string_lossy())
    }
}

impl From<&str> for EpdString {
    fn from(s: &str) -> EpdString {
        EpdString(s.as_bytes().into())
    }
}

impl From<String> for EpdString {
    fn from(s: String) -> EpdString {
        EpdString(s.into_bytes().into())
    }
}

impl From<&[u8]> for EpdString {
    fn from(s: &[u8]) -> EpdString {
        EpdString(s.into())
    }
}

impl From<Vec<u8>> for EpdString {
    fn from(s: Vec<u8>) -> EpdString {
        EpdString(s.into())
    }
}

impl PartialEq<str> for EpdString {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other.as_bytes()
    }
}

impl PartialEq<&str> for EpdString {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == *other.as_bytes()
    }
}

impl PartialEq<[u8]> for EpdString {
    fn eq(&self, other: &[u8]) -> bool {
        *self.0 == *other
    }
}

/// A move operand of `am`, `bm`, `pm`, `pv` or `sm`, kept as its text.
///
/// This crate knows no SAN: the `san` crate resolves the text against the
/// position, and can put canonical SAN back with [`MoveText::set_text`]
/// before writing (ruling D1).
///
/// Equality and hashing look at the text only, not at the place.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveText {
    #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
    text: Box<[u8]>,
    location: Option<Location>,
}

impl MoveText {
    /// A move with this text and no place in any input.
    pub fn new(text: impl Into<Box<[u8]>>) -> MoveText {
        MoveText { text: text.into(), location: None }
    }

    pub(crate) fn read(text: &[u8], location: Location) -> MoveText {
        MoveText { text: text.into(), location: Some(location) }
    }

    /// The text as read (or as set).
    pub fn as_bytes(&self) -> &[u8] {
        &self.text
    }

    /// The text, if it is UTF-8.
    pub fn to_str(&self) -> Option<&str> {
        std::str::from_utf8(&self.text).ok()
    }

    /// Where the operand was read, if it was read from text.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// Replaces the text (for canonical SAN), keeping the place it was read at.
    pub fn set_text(&mut self, text: impl Into<Box<[u8]>>) {
        self.text = text.into();
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.text))
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveText({:?})", String::from_utf8_lossy(&self.text))
    }
}

impl PartialEq for MoveText {
    fn eq(&self, other: &MoveText) -> bool {
        self.text == other.text
    }
}

impl Eq for MoveText {}

impl Hash for MoveText {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl From<&str> for MoveText {
    fn from(s: &str) -> MoveText {
        MoveText::new(s.as_bytes())
    }
}

/// An operand of `noop` or of an unknown opcode (ruling D3), kept as read:
/// its text (without quotes) and whether it was quoted.
///
/// Equality and hashing look at the text and the quotes, not at the place.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Operand {
    text: EpdString,
    quoted: bool,
    location: Option<Location>,
}

impl Operand {
    /// An unquoted operand (a token).
    pub fn token(text: impl Into<EpdString>) -> Operand {
        Operand { text: text.into(), quoted: false, location: None }
    }

    /// A quoted operand (a string).
    pub fn string(text: impl Into<EpdString>) -> Operand {
        Operand { text: text.into(), quoted: true, location: None }
    }

    pub(crate) fn read(text: EpdString, quoted: bool, location: Location) -> Operand {
        Operand { text, quoted, location: Some(location) }
    }

    /// The text, without quotes.
    pub fn text(&self) -> &EpdString {
        &self.text
    }

    /// Whether it was written as a string.
    pub fn is_quoted(&self) -> bool {
        self.quoted
    }

    /// Where it was read, if it was read from text.
    pub fn location(&self) -> Option<Location> {
        self.location
    }

    /// The value as an integer of §16.2.4.1, if it is an unquoted one.
    pub fn as_integer(&self) -> Option<i64> {
        if self.quoted { None } else { parse_integer(self.text.as_bytes()) }
    }

    /// The value as a floating point number of §16.2.4.1, if it is an
    /// unquoted one.
    pub fn as_float(&self) -> Option<f64> {
        if self.quoted { None } else { parse_float(self.text.as_bytes()) }
    }
}

impl PartialEq for Operand {
    fn eq(&self, other: &Operand) -> bool {
        self.text == other.text && self.quoted == other.quoted
    }
}

impl Eq for Operand {}

impl Hash for Operand {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.text.hash(state);
        self.quoted.hash(state);
    }
}

impl fmt::Debug for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.quoted {
            write!(f, "String({:?})", self.text)
        } else {
            write!(f, "Token({:?})", self.text)
        }
    }
}

/// What an integer operand's text holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntText {
    /// `sign? digit+`, fitting in 64 bits of magnitude.
    Value {
        /// A `-` sign.
        negative: bool,
        /// A `+` sign (allowed, discouraged).
        plus: bool,
        /// The digits' value.
        magnitude: u64,
    },
    /// Digits too many for 64 bits.
    Overflow,
    /// Not `sign? digit+`.
    NotInteger,
}

// integer = ("+" | "-")? digit+
pub(crate) fn scan_integer(s: &[u8]) -> IntText {
    let (negative, plus, digits) = match s {
        [b'-', rest @ ..] => (true, false, rest),
        [b'+', rest @ ..] => (false, true, rest),
        _ => (false, false, s),
    };
    if digits.is_empty() {
        return IntText::NotInteger;
    }
    let mut magnitude: u64 = 0;
    let mut overflow = false;
    for &b in digits {
        if !b.is_ascii_digit() {
            return IntText::NotInteger;
        }
        match magnitude.checked_mul(10).and_then(|m| m.checked_add(u64::from(b - b'0'))) {
            Some(m) => magnitude = m,
            None => overflow = true,
        }
    }
    if overflow { IntText::Overflow } else { IntText::Value { negative, plus, magnitude } }
}

/// Reads an integer operand of §16.2.4.1: an optional sign (`+` or `-`)
/// and at least one digit. `None` if the text is not one or does not fit.
pub fn parse_integer(s: impl AsRef<[u8]>) -> Option<i64> {
    let s = s.as_ref();
    match scan_integer(s) {
        IntText::Value { negative: false, magnitude, .. } => i64::try_from(magnitude).ok(),
        IntText::Value { negative: true, magnitude, .. } => 0i64.checked_sub_unsigned(magnitude),
        IntText::Overflow | IntText::NotInteger => None,
    }
}

// float = ("+" | "-")? digit+ "." digit+
fn float(i: &[u8]) -> IResult<&[u8], &[u8]> {
    recognize((opt(one_of("+-")), digit1, tag("."), digit1)).parse(i)
}

/// Reads a floating point operand of §16.2.4.1: an optional sign, at
/// least one digit, `.`, at least one digit (`1.5`, `-0.25`; not `1`,
/// `.5`, `1.` or `1e3`). No opcode of §16.2.5 takes one; this is for
/// unknown opcodes ([`Operand::as_float`]).
pub fn parse_float(s: impl AsRef<[u8]>) -> Option<f64> {
    let s = s.as_ref();
    let (_, text) = all_consuming(float).parse(s).ok()?;
    std::str::from_utf8(text).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_integer(b"0"), Some(0));
        assert_eq!(parse_integer(b"-32767"), Some(-32767));
        assert_eq!(parse_integer(b"+12"), Some(12));
        assert_eq!(parse_integer(b"007"), Some(7));
        assert_eq!(parse_integer(b"-9223372036854775808"), Some(i64::MIN));
        assert_eq!(parse_integer(b"9223372036854775808"), None);
        assert_eq!(parse_integer(b"99999999999999999999999"), None);
        assert_eq!(parse_integer(b""), None);
        assert_eq!(parse_integer(b"-"), None);
        assert_eq!(parse_integer(b"+-1"), None);
        assert_eq!(parse_integer(b"1.0"), None);
        assert_eq!(parse_integer(b" 1"), None);
        assert_eq!(
            scan_integer(b"18446744073709551615"),
            IntText::Value { negative: false, plus: false, magnitude: u64::MAX }
        );
        assert_eq!(scan_integer(b"18446744073709551616"), IntText::Overflow);
        assert_eq!(
            scan_integer(b"+5"),
            IntText::Value { negative: false, plus: true, magnitude: 5 }
        );
    }

    #[test]
    fn floats_follow_the_standard_form() {
        assert_eq!(parse_float(b"1.5"), Some(1.5));
        assert_eq!(parse_float(b"-0.25"), Some(-0.25));
        assert_eq!(parse_float(b"+10.0"), Some(10.0));
        for bad in
            [&b"1"[..], b".5", b"1.", b"1e3", b"1.5e3", b"--1.0", b"", b"1.5 ", b"nan", b"1,5"]
        {
            assert_eq!(parse_float(bad), None, "{:?}", String::from_utf8_lossy(bad));
        }
        assert_eq!(Operand::token("2.25").as_float(), Some(2.25));
        assert_eq!(Operand::string("2.25").as_float(), None);
        assert_eq!(Operand::token("-3").as_integer(), Some(-3));
    }

    #[test]
    fn strings_and_moves() {
        let s = EpdString::from("WAC.001");
        assert_eq!(s, "WAC.001");
        assert_eq!(s.to_str(), Some("WAC.001"));
        let bad = EpdString::from(&b"a\xffb"[..]);
        assert_eq!(bad.to_str(), None);
        assert_eq!(bad.to_string(), "a\u{fffd}b");
        let mut m = MoveText::from("Nf3+");
        assert_eq!(m.location(), None);
        m.set_text(&b"Nf3"[..]);
        assert_eq!(m.to_str(), Some("Nf3"));
    }
}
