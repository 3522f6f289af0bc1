//! Matching text: equality, containment and `*`/`?` patterns over bytes,
//! case-insensitive (ASCII) on request.

use pgn_replay::pgn_syntax::Decoding;

/// How a [`TextMatch`] compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TextOp {
    /// The whole value equals the text.
    Equal,
    /// The value contains the text.
    Contains,
    /// The value matches the pattern: `*` any run of bytes, `?` any one
    /// byte, every other byte itself.
    Pattern,
}

/// A test of a text value.
///
/// With the `serde` feature its text is read back through
/// [`TextMatch::new`], lower-cased when it ignores case.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "crate::serde_impls::TextMatchParts"))]
pub struct TextMatch {
    /// How to compare.
    pub op: TextOp,
    /// The text or pattern (lower-cased when `ignore_case`).
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    text: Vec<u8>,
    /// ASCII letters compare without regard to case.
    pub ignore_case: bool,
}

impl TextMatch {
    /// A test of `op` against `text`.
    pub fn new(op: TextOp, text: impl AsRef<[u8]>, ignore_case: bool) -> TextMatch {
        let text = text.as_ref();
        let text = if ignore_case { text.to_ascii_lowercase() } else { text.to_vec() };
        TextMatch { op, text, ignore_case }
    }

    /// The text or pattern, as compared (lower-cased when ignoring case).
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// True if `value` passes. A value that is not UTF-8 is decoded first
    /// (ruling E14: cp1252 or Latin-1 by its bytes), so that `Krámník`
    /// finds the games of a Latin-1 file.
    pub fn matches(&self, value: &[u8]) -> bool {
        if !value.is_ascii() && std::str::from_utf8(value).is_err() {
            let decoded = pgn_replay::pgn_syntax::decode(value, Decoding::Auto);
            return self.matches_bytes(decoded.as_bytes());
        }
        self.matches_bytes(value)
    }

    fn matches_bytes(&self, value: &[u8]) -> bool {
        let eq = |a: u8, b: u8| if self.ignore_case { a.to_ascii_lowercase() == b } else { a == b };
        match self.op {
            TextOp::Equal => {
                value.len() == self.text.len()
                    && value.iter().zip(&self.text).all(|(&a, &b)| eq(a, b))
            }
            TextOp::Contains if self.ignore_case => {
                contains(value, &self.text, |a, b| a.to_ascii_lowercase() == b)
            }
            TextOp::Contains => contains(value, &self.text, |a, b| a == b),
            TextOp::Pattern => glob(&self.text, value, eq),
        }
    }
}

/// True if `text` occurs in `value`, bytes compared with `eq` (value
/// byte first): the places where its first byte occurs are found first,
/// and only there is the rest compared.
#[inline]
fn contains(value: &[u8], text: &[u8], eq: impl Fn(u8, u8) -> bool) -> bool {
    let Some((&first, rest)) = text.split_first() else { return true };
    let Some(last_start) = value.len().checked_sub(text.len()) else { return false };
    (0..=last_start).any(|i| {
        eq(value[i], first)
            && value[i + 1..i + text.len()].iter().zip(rest).all(|(&a, &b)| eq(a, b))
    })
}

/// `*`/`?` matching in time `O(pattern × value)` at worst (one star is
/// backtracked at a time: a later star makes earlier choices final).
fn glob(pattern: &[u8], value: &[u8], eq: impl Fn(u8, u8) -> bool) -> bool {
    let (mut p, mut v) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while v < value.len() {
        match pattern.get(p) {
            Some(b'*') => {
                star = Some((p, v));
                p += 1;
            }
            Some(&c) if c == b'?' || eq(value[v], c) => {
                p += 1;
                v += 1;
            }
            _ => match star {
                Some((sp, sv)) => {
                    p = sp + 1;
                    v = sv + 1;
                    star = Some((sp, sv + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p.min(pattern.len())..].iter().all(|&c| c == b'*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_ops() {
        let m =
            |op, t: &str, v: &str, ic| TextMatch::new(op, t.as_bytes(), ic).matches(v.as_bytes());
        assert!(m(TextOp::Equal, "Tal", "Tal", false));
        assert!(!m(TextOp::Equal, "Tal", "tal", false));
        assert!(m(TextOp::Equal, "Tal", "tAL", true));
        assert!(m(TextOp::Contains, "aspar", "Kasparov, Garry", false));
        assert!(!m(TextOp::Contains, "ASPAR", "Kasparov, Garry", false));
        assert!(m(TextOp::Contains, "ASPAR", "Kasparov, Garry", true));
        assert!(m(TextOp::Contains, "", "", false));
        assert!(m(TextOp::Pattern, "Kasp*", "Kasparov", false));
        assert!(m(TextOp::Pattern, "*rov", "Kasparov", false));
        assert!(m(TextOp::Pattern, "K?sp*v", "Kasparov", false));
        assert!(!m(TextOp::Pattern, "K?sp*x", "Kasparov", false));
        assert!(m(TextOp::Pattern, "*a*a*", "Kasparov", false));
        assert!(!m(TextOp::Pattern, "*a*a*a*", "Kasparov", false));
        assert!(m(TextOp::Pattern, "19??.*", "1985.??.??", false));
        assert!(m(TextOp::Pattern, "", "", false));
        assert!(!m(TextOp::Pattern, "", "x", false));
        let latin1 = TextMatch::new(TextOp::Contains, "Krámník", false);
        assert!(latin1.matches(b"Kr\xe1mn\xedk, Vladimir"));
        assert!(latin1.matches("Krámník, Vladimir".as_bytes()));
    }

    #[test]
    fn contains_is_containment() {
        // Short texts over a small alphabet, so that near misses, repeats
        // and texts at either end are common; each answer checked against
        // the definition, a window equal to the text.
        let mut rng = testkit::XorShift::new(0xc0_2a1e);
        let mut found = 0;
        for _ in 0..20_000 {
            let mut word = |max: usize| -> Vec<u8> {
                let len = rng.below(max + 1);
                (0..len).map(|_| b"aAbB"[rng.below(4)]).collect()
            };
            let (text, value) = (word(4), word(9));
            for ignore_case in [false, true] {
                let m = TextMatch::new(TextOp::Contains, &text, ignore_case);
                let fold = |b: &[u8]| if ignore_case { b.to_ascii_lowercase() } else { b.to_vec() };
                let expected = text.is_empty()
                    || fold(&value).windows(text.len()).any(|w| w == fold(&text).as_slice());
                assert_eq!(m.matches(&value), expected, "{text:?} in {value:?}, {ignore_case}");
                found += usize::from(expected);
            }
        }
        // Both answers are common.
        assert!((10_000..30_000).contains(&found), "{found}");
    }
}
