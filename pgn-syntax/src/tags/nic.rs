//! NIC opening codes (§9.4.2): the key of the _New in Chess_ classification,
//! such as `SI 13` or `RL 7.3`.

use std::fmt;
use std::str::FromStr;

use super::error::{TagValueError, TagValueErrorKind};

/// A NIC tag value (§9.4.2): an opening family of two upper-case letters
/// (`SI` Sicilian, `RL` Ruy Lopez), a line number, and optionally a
/// sub-line after a period (ruling T6). The standard says only "a string";
/// this is the form of the keys New in Chess publishes and the form of
/// the EPD `nic` examples.
///
/// The derived order sorts by family, then line, then sub-line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nic {
    family: [u8; 2],
    line: u16,
    sub_line: Option<u16>,
}

/// What a NIC value must look like, for errors.
const EXPECTED: &str = "a NIC code such as SI 13 or RL 7.3";

/// Reads 1 to 4 digits at the start of `input`: the number and the bytes
/// after it, or `None` if there is no digit or more than four.
fn small_number(input: &[u8]) -> Option<(u16, &[u8])> {
    let len = input.iter().take_while(|b| b.is_ascii_digit()).count();
    if len == 0 || len > 4 {
        return None;
    }
    let (digits, rest) = input.split_at(len);
    let n = digits.iter().fold(0u16, |n, &d| n * 10 + u16::from(d - b'0'));
    Some((n, rest))
}

impl Nic {
    /// Parses `XX N` or `XX N.N`: two upper-case ASCII letters, one space
    /// (or none: `SI13`), then a line number of 1 to 4 digits, then
    /// optionally `.` and a sub-line of 1 to 4 digits.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] at the first byte that does not fit.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<Nic, TagValueError> {
        let value = value.as_ref();
        let error = |rest: &[u8]| {
            TagValueError::new(TagValueErrorKind::Expected(EXPECTED), value.len() - rest.len())
        };
        let (family, rest) = match value {
            [] => return Err(TagValueError::new(TagValueErrorKind::Empty, 0)),
            [a, b, rest @ ..] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
                ([*a, *b], rest)
            }
            _ => return Err(error(value)),
        };
        let rest = rest.strip_prefix(b" ").unwrap_or(rest);
        let (line, rest) = small_number(rest).ok_or_else(|| error(rest))?;
        let (sub_line, rest) = match rest.strip_prefix(b".") {
            Some(after) => {
                let (sub, rest) = small_number(after).ok_or_else(|| error(after))?;
                (Some(sub), rest)
            }
            None => (None, rest),
        };
        if !rest.is_empty() {
            return Err(error(rest));
        }
        Ok(Nic { family, line, sub_line })
    }

    /// The opening family, two upper-case letters (`SI`).
    pub fn family(&self) -> &str {
        // Two ASCII upper-case letters, checked by every constructor.
        std::str::from_utf8(&self.family).unwrap_or("??")
    }

    /// The line within the family (`13` of `SI 13`).
    pub fn line(&self) -> u16 {
        self.line
    }

    /// The sub-line after the period (`3` of `RL 7.3`), if any.
    pub fn sub_line(&self) -> Option<u16> {
        self.sub_line
    }
}

impl fmt::Display for Nic {
    /// Writes `SI 13` or `RL 7.3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.family(), self.line)?;
        match self.sub_line {
            Some(sub) => write!(f, ".{sub}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Nic {
    type Err = TagValueError;

    /// Parses as [`Nic::from_ascii`].
    fn from_str(s: &str) -> Result<Nic, TagValueError> {
        Nic::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_codes() {
        let nic = Nic::from_ascii(b"RL 7.3").expect("valid");
        assert_eq!((nic.family(), nic.line(), nic.sub_line()), ("RL", 7, Some(3)));
        assert_eq!(nic.to_string(), "RL 7.3");
        assert_eq!(Nic::from_ascii(b"SI13").map(|n| n.to_string()), Ok("SI 13".to_owned()));
        assert_eq!("KI 47".parse::<Nic>().map(|n| n.line()), Ok(47));
    }

    #[test]
    fn rejects_other_strings() {
        for (bad, offset) in [
            (&b"si 13"[..], 0),
            (b"S 13", 0),
            (b"SI", 2),
            (b"SI  13", 3),
            (b"SI 13.", 6),
            (b"SI 13x", 5),
            (b"SI 12345", 3),
            (b"Sicilian", 0),
            (b"?", 0),
        ] {
            assert_eq!(Nic::from_ascii(bad).map_err(|e| e.offset), Err(offset), "{bad:?}");
        }
        assert_eq!(Nic::from_ascii(b""), Err(TagValueError::new(TagValueErrorKind::Empty, 0)));
    }
}
