//! [`Shown`]: input bytes as a diagnostic message quotes them, escaped and
//! cut, so that no input makes a message long or spread over lines.

use std::fmt::{self, Write as _};

/// Input bytes as a message shows them: printable characters as they are
/// (valid UTF-8 included), `"` and `\` escaped with a backslash as in a PGN
/// string, every other byte as `\xNN`; after [`Shown::MAX_CHARS`]
/// characters the text is cut (never inside a character) and ends with `…`
/// and the length of the whole, so that a 10 MB move makes a message of a
/// line, not of 10 MB.
///
/// ```
/// use pgn_diag::Shown;
///
/// assert_eq!(Shown(b"Nf3").to_string(), "Nf3");
/// assert_eq!(Shown(b"a\"b\x00").to_string(), r#"a\"b\x00"#);
/// let long = "é".repeat(50);
/// assert_eq!(Shown(long.as_bytes()).to_string(), format!("{}… (100 bytes)", "é".repeat(40)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a>(pub &'a [u8]);

impl Shown<'_> {
    /// How many characters (or escaped bytes) are shown before the text is
    /// cut: at most 160 bytes of input, 160 bytes of message.
    pub const MAX_CHARS: usize = 40;
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = |f: &mut fmt::Formatter<'_>| write!(f, "… ({} bytes)", self.0.len());
        let mut shown = 0;
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars() {
                if shown == Self::MAX_CHARS {
                    return cut(f);
                }
                shown += 1;
                match c {
                    '"' | '\\' => write!(f, "\\{c}")?,
                    c if c.is_control() => {
                        let mut bytes = [0; 4];
                        for b in c.encode_utf8(&mut bytes).bytes() {
                            write!(f, "\\x{b:02X}")?;
                        }
                    }
                    c => f.write_char(c)?,
                }
            }
            for &b in chunk.invalid() {
                if shown == Self::MAX_CHARS {
                    return cut(f);
                }
                shown += 1;
                write!(f, "\\x{b:02X}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(bytes: &[u8]) -> String {
        Shown(bytes).to_string()
    }

    #[test]
    fn printable_text_is_shown_as_it_is() {
        assert_eq!(shown(b"2024.01.05"), "2024.01.05");
        assert_eq!(shown("½-½ Müller".as_bytes()), "½-½ Müller");
        assert_eq!(shown(b""), "");
    }

    #[test]
    fn quotes_backslashes_and_other_bytes_are_escaped() {
        assert_eq!(shown(br#"a "b" \c"#), r#"a \"b\" \\c"#);
        assert_eq!(shown(b"a\tb\x00\x7f"), r"a\x09b\x00\x7F");
        assert_eq!(shown(b"\xff\xc3"), r"\xFF\xC3");
        // A C1 control character, valid UTF-8 but not printable.
        assert_eq!(shown("\u{85}".as_bytes()), r"\xC2\x85");
    }

    #[test]
    fn long_values_are_cut_with_their_length() {
        let long = "x".repeat(41);
        assert_eq!(shown(long.as_bytes()), format!("{}… (41 bytes)", "x".repeat(40)));
        let exact = "y".repeat(40);
        assert_eq!(shown(exact.as_bytes()), exact);
        assert_eq!(shown(&[0xff; 50]).matches(r"\xFF").count(), 40);
        // Four-byte characters are never split.
        let wide = "♞".repeat(10_000);
        assert_eq!(shown(wide.as_bytes()), format!("{}… (30000 bytes)", "♞".repeat(40)));
    }

    #[test]
    fn a_huge_value_makes_a_short_message() {
        let huge = vec![b'N'; 10_000_000];
        assert!(shown(&huge).len() < 100);
        let binary: Vec<u8> = (0..=255).cycle().take(1_000_000).collect();
        assert!(shown(&binary).len() <= 4 * Shown::MAX_CHARS + 20);
    }
}
