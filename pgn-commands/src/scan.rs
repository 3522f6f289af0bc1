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
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Command<'a> {
    /// ASCII letters, digits and underscores.
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    name: &'a [u8],
    kind: CommandKind,
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    args: &'a [u8],
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    raw: &'a [u8],
    start: usize,
}

impl<'a> Command<'a> {
    /// Its name, without the `%`: `clk`, `eval`, `cal`, ...
    pub fn name(&self) -> &'a str {
        // Letters, digits and underscores only (`command_at`): ASCII, so
        // always UTF-8.
        std::str::from_utf8(self.name).unwrap_or_default()
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
        self.kind
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

    /// The command in canonical form (ruling C3), `[%clk 1:14:46]` for
    /// `[%clk 01:14:46]`; `None` for a malformed command, and for a name
    /// this crate does not know (its arguments mean nothing to it).
    ///
    /// ```
    /// let canonical = |text: &[u8]| pgn_commands::commands(text).next()?.canonical();
    /// assert_eq!(canonical(b"[%eval +2.5,11]").as_deref(), Some("[%eval 2.50,11]"));
    /// assert_eq!(canonical(b"[%csl Yd4, Ye5]").as_deref(), Some("[%csl Yd4,Ye5]"));
    /// assert_eq!(canonical(b"[%clk 9:99]"), None);
    /// ```
    pub fn canonical(&self) -> Option<String> {
        use std::fmt::Write as _;
        let mut out = format!("[%{} ", self.kind().name()?);
        match self.value().ok()? {
            Value::Time(time) => write!(out, "{time}").ok()?,
            Value::Eval(eval) => write!(out, "{eval}").ok()?,
            Value::Squares(squares) => {
                for (i, square) in squares.enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    write!(out, "{comma}{square}").ok()?;
                }
            }
            Value::Arrows(arrows) => {
                for (i, arrow) in arrows.enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    write!(out, "{comma}{arrow}").ok()?;
                }
            }
            Value::Other(_) => return None,
        }
        out.push(']');
        Some(out)
    }

    /// True if its arguments are what its kind wants (always for a name
    /// this crate does not know): [`Command::value`] without making the
    /// value, for a program that only checks.
    #[inline]
    pub fn is_well_formed(&self) -> bool {
        match self.kind {
            CommandKind::Other => true,
            CommandKind::Clock
            | CommandKind::ElapsedMoveTime
            | CommandKind::ElapsedGameTime
            | CommandKind::MechanicalClockTime => crate::value::is_time(self.args),
            _ => self.value().is_ok(),
        }
    }
}

/// The commands this crate reads, and the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
        CommandKind::of_bytes(name.as_bytes())
    }

    #[inline]
    fn of_bytes(name: &[u8]) -> CommandKind {
        match name {
            b"clk" => CommandKind::Clock,
            b"emt" => CommandKind::ElapsedMoveTime,
            b"egt" => CommandKind::ElapsedGameTime,
            b"mct" => CommandKind::MechanicalClockTime,
            b"eval" => CommandKind::Eval,
            b"csl" => CommandKind::ColoredSquares,
            b"cal" => CommandKind::ColoredArrows,
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
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Piece<'a> {
    /// Text between commands, as read (its white space kept); never empty.
    Text(
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        &'a [u8],
    ),
    /// A command.
    Command(Command<'a>),
}

/// The commands of a comment, in order: an iterator that finds each as it
/// is asked for (a comment without `[%` is passed over at the speed of a
/// byte search).
pub fn commands(comment: &[u8]) -> Commands<'_> {
    Commands { comment, at: 0 }
}

/// The commands of a comment; [`commands`] makes it.
#[derive(Clone, Debug)]
pub struct Commands<'a> {
    comment: &'a [u8],
    /// Where the search for the next command starts.
    at: usize,
}

impl<'a> Iterator for Commands<'a> {
    type Item = Command<'a>;

    #[inline]
    fn next(&mut self) -> Option<Command<'a>> {
        loop {
            let open = find_open(self.comment, self.at)?;
            if let Some(command) = command_at(self.comment, open) {
                self.at = open + command.raw.len();
                return Some(command);
            }
            self.at = open + 1;
        }
    }
}

/// The first malformed command of a comment (ruling C2), if any: what
/// `commands(comment).find(|c| !c.is_well_formed())` gives, with a fast
/// path for the commonest command, `[%clk H:MM:SS]`, that a program
/// checking every comment of a lichess file (one a move) wants.
///
/// ```
/// assert!(pgn_commands::first_malformed(b" [%eval 0.17] [%clk 0:02:58] ").is_none());
/// let bad = pgn_commands::first_malformed(b"[%clk 0:01:00] [%clk 9:99]").expect("one");
/// assert_eq!(bad.raw(), b"[%clk 9:99]");
/// ```
#[inline]
pub fn first_malformed(comment: &[u8]) -> Option<Command<'_>> {
    let mut at = 0;
    loop {
        let open = find_open(comment, at)?;
        let rest = &comment[open + 2..];
        if let Some(args) = rest.strip_prefix(b"clk ")
            && let Some(close) = args.iter().position(|&b| b == b']' || b == b'[')
            && args[close] == b']'
            && crate::value::is_time(trim(&args[..close]))
        {
            at = open + 2 + 4 + close + 1;
            continue;
        }
        match command_at(comment, open) {
            Some(command) if command.is_well_formed() => at = open + command.raw.len(),
            Some(command) => return Some(command),
            None => at = open + 1,
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
    Pieces { commands: commands(comment), at: 0, pending: None }
}

/// The pieces of a comment; [`pieces`] makes it.
#[derive(Clone, Debug)]
pub struct Pieces<'a> {
    commands: Commands<'a>,
    /// Where the next piece starts.
    at: usize,
    /// A command found after text that is still to be given.
    pending: Option<Command<'a>>,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        let comment = self.commands.comment;
        let command = match self.pending.take() {
            Some(command) => command,
            None => match self.commands.next() {
                Some(command) => command,
                None => {
                    let rest = comment.get(self.at..).filter(|rest| !rest.is_empty())?;
                    self.at = comment.len();
                    return Some(Piece::Text(rest));
                }
            },
        };
        if command.start > self.at {
            let text = &comment[self.at..command.start];
            self.at = command.start;
            self.pending = Some(command);
            return Some(Piece::Text(text));
        }
        self.at = command.start + command.raw.len();
        Some(Piece::Command(command))
    }
}

/// The index of the next `[%` in `bytes` at or after `from`.
#[inline(always)]
pub(crate) fn find_open(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        i += bytes.get(i..)?.iter().position(|&b| b == b'[')?;
        if bytes.get(i + 1) == Some(&b'%') {
            return Some(i);
        }
        i += 1;
    }
}

/// The command that starts at `start` (a `[%`), if the bytes there make one.
/// The bytes of command names: ASCII letters, digits and underscores.
const NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

#[inline(always)]
pub(crate) fn command_at(comment: &[u8], start: usize) -> Option<Command<'_>> {
    let bytes = comment.get(start..)?;
    let mut end = 2;
    while end < bytes.len() && NAME[usize::from(bytes[end])] {
        end += 1;
    }
    if end == 2 {
        return None;
    }
    let name = &bytes[2..end];
    let (args, end) = match *bytes.get(end)? {
        b']' => (&bytes[end..end], end + 1),
        b if is_white(b) => {
            let mut close = end + 1;
            loop {
                match *bytes.get(close)? {
                    b']' => break,
                    b'[' => return None,
                    _ => close += 1,
                }
            }
            (trim(&bytes[end..close]), close + 1)
        }
        _ => return None,
    };
    let kind = CommandKind::of_bytes(name);
    Some(Command { name, kind, args, raw: &bytes[..end], start })
}

/// White space inside a comment: space, tab, line ends, and every other
/// control byte, as export writes them (ruling E9), so that a command
/// reads the same before and after export.
pub(crate) fn is_white(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// `bytes` without the white space at either end.
#[inline]
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
