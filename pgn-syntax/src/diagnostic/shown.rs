//! Input bytes as a diagnostic message shows them: escaped, so that a
//! message stays one line of printable text whatever the input held, and
//! cut, so that a huge value does not make a huge message.

use std::fmt::{self, Write as _};

/// How many characters of a value a message shows before it cuts it.
const SHOWN: usize = 40;

/// Bytes of the input shown in a message: printable characters as they are
/// (valid UTF-8 included), `"` and `\` escaped with a backslash as in a PGN
/// string, every other byte as `\xNN`; more than 40 characters are cut,
/// with `…` where the rest would be.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shown<'a>(pub(crate) &'a [u8]);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut shown = 0;
        for chunk in self.0.utf8_chunks() {
            for c in chunk.valid().chars() {
                if shown == SHOWN {
                    return f.write_char('…');
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
                if shown == SHOWN {
                    return f.write_char('…');
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
    fn long_values_are_cut() {
        let long = "x".repeat(41);
        assert_eq!(shown(long.as_bytes()), format!("{}…", "x".repeat(40)));
        let exact = "y".repeat(40);
        assert_eq!(shown(exact.as_bytes()), exact);
        assert_eq!(shown(&[0xff; 50]).matches(r"\xFF").count(), 40);
    }
}
