//! What export does with comment commands (rulings C2 and C4): keep them
//! as read, write them in canonical form, or leave some or all out.

use std::borrow::Cow;
use std::fmt;

use pgn_commands::{Command, Edit};

/// What export does with the comment commands of comments (rulings C2
/// and C4). The default keeps them as read. Only well-formed commands are
/// rewritten or left out: a malformed one is text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CommandOptions {
    /// Write every well-formed command of a known name in canonical form
    /// (ruling C3): `[%clk 1:14:46]` for `[%clk 01:14:46]`.
    pub canonical: bool,
    /// The commands left out.
    pub strip: Strip,
}

/// Which comment commands export leaves out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Strip {
    /// None.
    #[default]
    None,
    /// Every well-formed command.
    All,
    /// The well-formed commands of these names.
    Named(CommandNames),
}

/// A small set of command names, held inline so that options stay small
/// and `Copy`: names of ASCII letters, digits and underscores, together
/// at most [`CommandNames::CAPACITY`] bytes with a separator each.
///
/// With the `serde` feature, the list of the names (`["clk", "eval"]`),
/// read back through [`CommandNames::new`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CommandNames {
    /// The names, each followed by a comma.
    bytes: [u8; CommandNames::CAPACITY],
    len: u8,
}

/// A name that [`CommandNames`] cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CommandNamesError {
    /// More names, or longer ones, than it holds.
    #[error("at most {} bytes of command names", CommandNames::CAPACITY)]
    TooMany,
    /// A name that is empty, or not of letters, digits and underscores.
    #[error("not a command name: {0:?}")]
    BadName(String),
}

impl Default for CommandNames {
    fn default() -> Self {
        CommandNames { bytes: [0; CommandNames::CAPACITY], len: 0 }
    }
}

impl CommandNames {
    /// The bytes it holds: the names, and a separator after each.
    pub const CAPACITY: usize = 40;

    /// The set of `names` (`clk`, `eval`, without `%`).
    pub fn new<'a>(
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<CommandNames, CommandNamesError> {
        let mut set = CommandNames::default();
        for name in names {
            let bytes = name.as_bytes();
            let valid = bytes.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_');
            if bytes.is_empty() || !valid {
                return Err(CommandNamesError::BadName(name.to_owned()));
            }
            if set.contains(name) {
                continue;
            }
            let start = usize::from(set.len);
            let end = start + bytes.len() + 1;
            if end > Self::CAPACITY {
                return Err(CommandNamesError::TooMany);
            }
            set.bytes[start..end - 1].copy_from_slice(bytes);
            set.bytes[end - 1] = b',';
            set.len = end as u8;
        }
        Ok(set)
    }

    /// The names, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        let held = &self.bytes[..usize::from(self.len)];
        // Only ASCII names are stored (checked in `new`).
        held.split(|&b| b == b',')
            .filter(|name| !name.is_empty())
            .map(|name| std::str::from_utf8(name).unwrap_or_default())
    }

    /// True if `name` is in the set.
    pub fn contains(&self, name: &str) -> bool {
        self.iter().any(|n| n == name)
    }
}

impl fmt::Debug for CommandNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl CommandOptions {
    /// Commands kept as read: the default.
    pub const AS_READ: CommandOptions = CommandOptions { canonical: false, strip: Strip::None };

    /// True if comments are written as read.
    pub fn keeps_all(self) -> bool {
        !self.canonical && self.strip == Strip::None
    }

    /// What to do with `command`.
    fn edit(self, command: &Command<'_>) -> Edit {
        let stripped = match self.strip {
            Strip::None => false,
            Strip::All => true,
            Strip::Named(names) => names.contains(command.name()),
        };
        if stripped && command.is_well_formed() {
            return Edit::Drop;
        }
        if self.canonical
            && let Some(canonical) = command.canonical()
            && canonical.as_bytes() != command.raw()
        {
            return Edit::Replace(canonical.into_bytes());
        }
        Edit::Keep
    }

    /// The comment `text` as these options write it.
    pub(crate) fn apply(self, text: &[u8]) -> Cow<'_, [u8]> {
        if self.keeps_all() {
            return Cow::Borrowed(text);
        }
        pgn_commands::rewrite(text, |command| self.edit(command))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(options: CommandOptions, text: &str) -> String {
        String::from_utf8(options.apply(text.as_bytes()).into_owned()).unwrap()
    }

    #[test]
    fn canonical_and_stripped() {
        let text = " [%eval +0.5] [%clk 01:02:03] [%clk 9:99] [%ts 1] good ";
        let canonical = CommandOptions { canonical: true, strip: Strip::None };
        assert_eq!(
            apply(canonical, text),
            " [%eval 0.50] [%clk 1:02:03] [%clk 9:99] [%ts 1] good "
        );
        let names = CommandNames::new(["clk", "ts"]).unwrap();
        let strip = CommandOptions { canonical: false, strip: Strip::Named(names) };
        assert_eq!(apply(strip, text), "[%eval +0.5] [%clk 9:99] good");
        let all = CommandOptions { canonical: false, strip: Strip::All };
        assert_eq!(apply(all, text), "[%clk 9:99] good");
        assert_eq!(apply(all, "[%clk 0:01:00]"), "");
    }

    #[test]
    fn names() {
        let names = CommandNames::new(["clk", "eval", "clk"]).unwrap();
        assert_eq!(names.iter().collect::<Vec<_>>(), ["clk", "eval"]);
        assert!(CommandNames::new(["%clk"]).is_err());
        let long = "x".repeat(CommandNames::CAPACITY);
        assert_eq!(CommandNames::new([long.as_str()]), Err(CommandNamesError::TooMany));
        assert!(
            CommandNames::new(["clk", "eval", "emt", "egt", "mct", "csl", "cal", "ts"]).is_ok()
        );
    }
}
