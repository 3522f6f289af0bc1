//! Finding the commands of a comment: [`commands`] and [`pieces`], the
//! comment cut into its text and its commands, borrowed, without a copy.
//!
//! The form of a command (ruling C1): `[%`, a name of ASCII letters,
//! digits and underscores, then either `]` at once or white space (line
//! ends too: a command may have been cut across lines) and arguments up
//! to the first `]`. Arguments hold no `[`, so `[%a [%clk 0:01:00]` is
//! text followed by a command. Anything else is text.

use std::ops::Range;

use crate::value::{CommandError, Value};

/// One `[%name args]` of a comment, borrowed from the comment's bytes.
///
/// Finding a command tells nothing of its arguments: [`Command::value`]
/// reads them, and says when they are malformed.
///
/// ```
/// let comment = b" [%eval 0.17] [%clk 0:02:58] ";
/// let names: Vec<&str> = pgn_commands::commands(comment).map(|c| c.name()).collect();
/// assert_eq!(names, ["eval", "clk"]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command<'a> {
    name: &'a str,
    args: &'a [u8],
    raw: &'a [u8],
    start: usize,
}

impl<'a> Command<'a> {
    /// Its name, without the `%`: `clk`, `eval`, `cal`, ...
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// Its arguments as read, the white space around them left out
    /// (`0:02:58` for `[%clk 0:02:58]`); empty for `[%name]`.
    pub fn args(&self) -> &'a [u8] {
        self.args
    }

    /// The whole command as read, from `[` to `]`.
    pub fn raw(&self) -> &'a [u8] {
        self.raw
    }

    /// Where it is in the comment it was found in.
    pub fn span(&self) -> Range<usize> {
        self.start..self.start + self.raw.len()
    }

    /// Which command it is, by its name.
    pub fn kind(&self) -> CommandKind {
        CommandKind::of(self.name)
    }

    /// Its arguments read as its kind says: a time for `clk`, `emt`,
    /// `egt` and `mct`, an evaluation for `eval`, squares for `csl`,
    /// arrows for `cal`, the arguments as read for any other name. An
    /// error says what is malformed; the command is then text (ruling C2).
    ///
    /// ```
    /// use pgn_commands::{Score, Value};
    ///
    /// let command = pgn_commands::commands(b"[%eval #-3]").next().expect("a command");
    /// let Ok(Value::Eval(eval)) = command.value() else { panic!("an evaluation") };
    /// assert_eq!(eval.score, Score::Mate(-3));
    /// assert!(pgn_commands::commands(b"[%clk 9:99]").next().expect("a command").value().is_err());
    /// ```
    pub fn value(&self) -> Result<Value<'a>, CommandError> {
        Value::read(self)
    }

    /// True if its arguments are what its kind wants (always for a name
    /// this crate does not know).
    pub fn is_well_formed(&self) -> bool {
        self.value().is_ok()
    }
}

/// The commands this crate reads, and the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CommandKind {
    /// `[%clk H:MM:SS]`: the time left on the mover's clock after the move.
    Clock,
    /// `[%emt H:MM:SS]`: the time the move took.
    ElapsedMoveTime,
    /// `[%egt H:MM:SS]`: the time the game has taken.
    ElapsedGameTime,
    /// `[%mct H:MM:SS]`: the time on a mechanical clock.
    MechanicalClockTime,
    /// `[%eval 0.17]`, `[%eval #-3]`: an engine's evaluation.
    Eval,
    /// `[%csl Rd4,Gd5]`: coloured squares.
    ColoredSquares,
    /// `[%cal Rc8f5,Ge2e4]`: coloured arrows.
    ColoredArrows,
    /// Any other name: kept as its name and arguments.
    Other,
}

impl CommandKind {
    /// The kind of the command named `name` (names are case-sensitive, as
    /// every program that writes them writes them in lower case).
    pub fn of(name: &str) -> CommandKind {
        match name {
            "clk" => CommandKind::Clock,
            "emt" => CommandKind::ElapsedMoveTime,
            "egt" => CommandKind::ElapsedGameTime,
            "mct" => CommandKind::MechanicalClockTime,
            "eval" => CommandKind::Eval,
            "csl" => CommandKind::ColoredSquares,
            "cal" => CommandKind::ColoredArrows,
            _ => CommandKind::Other,
        }
    }

    /// Its name; `None` for [`CommandKind::Other`].
    pub fn name(self) -> Option<&'static str> {
        Some(match self {
            CommandKind::Clock => "clk",
            CommandKind::ElapsedMoveTime => "emt",
            CommandKind::ElapsedGameTime => "egt",
            CommandKind::MechanicalClockTime => "mct",
            CommandKind::Eval => "eval",
            CommandKind::ColoredSquares => "csl",
            CommandKind::ColoredArrows => "cal",
            CommandKind::Other => return None,
        })
    }
}

/// A comment cut into text and commands, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Text between commands, as read (its white space kept); never empty.
    Text(&'a [u8]),
    /// A command.
    Command(Command<'a>),
}

/// The commands of a comment, in order: an iterator that finds each as it
/// is asked for (a comment without `[%` is passed over at the speed of a
/// byte search).
pub fn commands(comment: &[u8]) -> Commands<'_> {
    Commands { pieces: pieces(comment) }
}

/// The commands of a comment; [`commands`] makes it.
#[derive(Clone, Debug)]
pub struct Commands<'a> {
    pieces: Pieces<'a>,
}

impl<'a> Iterator for Commands<'a> {
    type Item = Command<'a>;

    fn next(&mut self) -> Option<Command<'a>> {
        loop {
            match self.pieces.next()? {
                Piece::Command(command) => return Some(command),
                Piece::Text(_) => {}
            }
        }
    }
}

/// A comment as its text and commands, in order. Joining the pieces gives
/// the comment back, byte for byte.
///
/// ```
/// use pgn_commands::Piece;
///
/// let pieces: Vec<Piece<'_>> = pgn_commands::pieces(b"Good [%clk 0:01:00]").collect();
/// assert!(matches!(pieces[..], [Piece::Text(b"Good "), Piece::Command(_)]));
/// ```
pub fn pieces(comment: &[u8]) -> Pieces<'_> {
    Pieces { comment, at: 0, pending: None }
}

/// The pieces of a comment; [`pieces`] makes it.
#[derive(Clone, Debug)]
pub struct Pieces<'a> {
    comment: &'a [u8],
    /// Where the next piece starts.
    at: usize,
    /// A command found after text that is still to be given.
    pending: Option<Command<'a>>,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        if let Some(command) = self.pending.take() {
            self.at = command.span().end;
            return Some(Piece::Command(command));
        }
        let rest = self.comment.get(self.at..).filter(|rest| !rest.is_empty())?;
        let mut from = 0;
        while let Some(open) = find_open(rest, from) {
            if let Some(command) = command_at(self.comment, self.at + open) {
                if open == 0 {
                    self.at = command.span().end;
                    return Some(Piece::Command(command));
                }
                self.pending = Some(command);
                let text = &rest[..open];
                self.at += open;
                return Some(Piece::Text(text));
            }
            from = open + 1;
        }
        self.at = self.comment.len();
        Some(Piece::Text(rest))
    }
}

/// The index of the next `[%` in `bytes` at or after `from`.
fn find_open(bytes: &[u8], from: usize) -> Option<usize> {
    let tail = bytes.get(from..)?;
    let mut i = 0;
    while let Some(found) = tail.get(i..)?.iter().position(|&b| b == b'[') {
        let at = i + found;
        if tail.get(at + 1) == Some(&b'%') {
            return Some(from + at);
        }
        i = at + 1;
    }
    None
}

/// The command that starts at `start` (a `[%`), if the bytes there make one.
fn command_at(comment: &[u8], start: usize) -> Option<Command<'_>> {
    let bytes = comment.get(start..)?;
    let name_len =
        bytes.get(2..)?.iter().take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_').count();
    if name_len == 0 {
        return None;
    }
    let name_end = 2 + name_len;
    let name = std::str::from_utf8(&bytes[2..name_end]).ok()?;
    let (args, end) = match *bytes.get(name_end)? {
        b']' => (&bytes[name_end..name_end], name_end + 1),
        b if is_white(b) => {
            let close = bytes[name_end..].iter().position(|&b| b == b']' || b == b'[')?;
            let close = name_end + close;
            if bytes[close] != b']' {
                return None;
            }
            (trim(&bytes[name_end..close]), close + 1)
        }
        _ => return None,
    };
    Some(Command { name, args, raw: &bytes[..end], start })
}

/// White space inside a comment: space, tab, line ends, and every other
/// control byte, as export writes them (ruling E9), so that a command
/// reads the same before and after export.
pub(crate) fn is_white(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// `bytes` without the white space at either end.
pub(crate) fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|&b| !is_white(b)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&b| !is_white(b)).map_or(start, |i| i + 1);
    &bytes[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(comment: &str) -> Vec<String> {
        pieces(comment.as_bytes())
            .map(|piece| match piece {
                Piece::Text(text) => format!("text {:?}", String::from_utf8_lossy(text)),
                Piece::Command(c) => {
                    format!("{} {:?}", c.name(), String::from_utf8_lossy(c.args()))
                }
            })
            .collect()
    }

    #[test]
    fn pieces_join_to_the_comment() {
        for comment in [
            "",
            " [%eval 0.17] [%clk 0:02:58] ",
            "[%ts 1754850615931][%clk 01:14:46]",
            "a [ b [% c [%] d [%x",
            "[%a [%clk 0:01:00]",
            "[%clk\n0:25:59] text",
            "[%evp 0,1,23,45] [%tqu \"En\",\"\",\"d1d8\",10]",
        ] {
            let joined: Vec<u8> = pieces(comment.as_bytes())
                .flat_map(|piece| match piece {
                    Piece::Text(text) => text.to_vec(),
                    Piece::Command(c) => c.raw().to_vec(),
                })
                .collect();
            assert_eq!(joined, comment.as_bytes(), "{comment:?}");
        }
    }

    #[test]
    fn commands_and_text() {
        assert_eq!(
            cut(" [%eval 0.17] [%clk 0:02:58] "),
            ["text \" \"", "eval \"0.17\"", "text \" \"", "clk \"0:02:58\"", "text \" \""]
        );
        assert_eq!(cut("[%ts 1][%clk 01:14:46]"), ["ts \"1\"", "clk \"01:14:46\""]);
        assert_eq!(cut("[%a [%clk 0:01:00]"), ["text \"[%a \"", "clk \"0:01:00\""]);
        assert_eq!(cut("[%clk\n0:25:59 ] x"), ["clk \"0:25:59\"", "text \" x\""]);
        assert_eq!(cut("[%mdl]"), ["mdl \"\""]);
        assert_eq!(
            cut("[%] [%-x 1] [%clk0:01:00] [%clk 1"),
            ["text \"[%] [%-x 1] [%clk0:01:00] [%clk 1\""]
        );
        assert_eq!(cut("[%time_left 5]"), ["time_left \"5\""]);
    }
}
