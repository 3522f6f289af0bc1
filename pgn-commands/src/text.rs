//! A comment's text without its commands, and comments with their
//! commands rewritten: in canonical form, or some of them left out.

use std::borrow::Cow;

use crate::scan::{Command, Piece, is_white, pieces, trim};

/// The text of a comment without its well-formed commands (ruling C2: a
/// malformed command is text and stays). Where a command was taken out,
/// the text around it is joined with one space and the ends are trimmed;
/// a comment without commands is given as it is, borrowed.
///
/// ```
/// use pgn_commands::text_without_commands;
///
/// assert_eq!(&*text_without_commands(b" [%eval 0.17] [%clk 0:02:58] "), b"");
/// assert_eq!(&*text_without_commands(b"Good [%clk 0:01:00] move"), b"Good move");
/// assert_eq!(&*text_without_commands(b"[%clk 9:99] late"), b"[%clk 9:99] late");
/// assert_eq!(&*text_without_commands(b" as read "), b" as read ");
/// ```
pub fn text_without_commands(comment: &[u8]) -> Cow<'_, [u8]> {
    rewrite(comment, |command| if command.is_well_formed() { Edit::Drop } else { Edit::Keep })
}

/// What [`rewrite`] does with a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Keep it as read.
    Keep,
    /// Leave it out.
    Drop,
    /// Write this instead (a canonical form, say).
    Replace(Vec<u8>),
}

/// The comment with each command kept, left out or replaced as `edit`
/// says. Text is kept as read, but where a command was left out: there
/// the text around it is joined with one space, and the comment's ends
/// are trimmed. A comment whose commands are all kept is given borrowed.
pub fn rewrite(comment: &[u8], mut edit: impl FnMut(&Command<'_>) -> Edit) -> Cow<'_, [u8]> {
    let mut out: Option<Vec<u8>> = None;
    let mut dropped = false;
    let mut any_dropped = false;
    let mut kept_until = 0;
    for piece in pieces(comment) {
        let Piece::Command(command) = piece else { continue };
        let edit = edit(&command);
        if edit == Edit::Keep {
            continue;
        }
        let out = out.get_or_insert_with(|| Vec::with_capacity(comment.len()));
        push_text(out, &comment[kept_until..command.span().start], dropped);
        match edit {
            Edit::Keep => {}
            Edit::Drop => {
                dropped = true;
                any_dropped = true;
            }
            Edit::Replace(bytes) => {
                out.extend_from_slice(&bytes);
                dropped = false;
            }
        }
        kept_until = command.span().end;
    }
    let Some(mut out) = out else { return Cow::Borrowed(comment) };
    push_text(&mut out, &comment[kept_until..], dropped);
    if any_dropped {
        let len = trim(&out).len();
        let start = out.iter().position(|b| !is_white(*b)).unwrap_or(0);
        out.drain(..start);
        out.truncate(len);
    }
    Cow::Owned(out)
}

/// Appends `text` to `out`; after a command left out (`joined`), the white
/// space where they meet becomes one space, or none at the start.
fn push_text(out: &mut Vec<u8>, text: &[u8], joined: bool) {
    if !joined {
        out.extend_from_slice(text);
        return;
    }
    while out.last().is_some_and(|&b| is_white(b)) {
        out.pop();
    }
    let text = &text[text.iter().position(|b| !is_white(*b)).unwrap_or(text.len())..];
    if !out.is_empty() && !text.is_empty() {
        out.push(b' ');
    }
    out.extend_from_slice(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(comment: &str) -> String {
        String::from_utf8_lossy(&text_without_commands(comment.as_bytes())).into_owned()
    }

    #[test]
    fn text_around_commands() {
        assert_eq!(strip("[%clk 0:01:00]"), "");
        assert_eq!(strip("  a  [%clk 0:01:00]  b  "), "a b");
        assert_eq!(strip("a [%clk 0:01:00][%eval 1.0] b"), "a b");
        assert_eq!(strip("a\n[%clk 0:01:00]\nb"), "a b");
        assert_eq!(strip("a  b [%clk 0:01:00]"), "a  b");
        assert_eq!(strip("[%eval abc] [%clk 0:01:00]"), "[%eval abc]");
        assert_eq!(strip("[%evp 1,2] x"), "x");
    }

    #[test]
    fn replaced_and_kept() {
        let canonical = rewrite(b"x [%clk 01:02:03]  [%eval +0.5] y", |c| match c.value() {
            Ok(crate::Value::Time(t)) => Edit::Replace(format!("[%clk {t}]").into_bytes()),
            _ => Edit::Keep,
        });
        assert_eq!(&*canonical, b"x [%clk 1:02:03]  [%eval +0.5] y");
        assert!(matches!(rewrite(b" [%a b] ", |_| Edit::Keep), Cow::Borrowed(_)));
    }
}
