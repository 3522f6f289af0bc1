//! Player tags of §9.1 whose values are words rather than numbers: titles
//! (`WhiteTitle`, `BlackTitle`, §9.1.1), network addresses (`WhiteNA`,
//! `BlackNA`, §9.1.4) and player types (`WhiteType`, `BlackType`, §9.1.5);
//! and the fields of a consultation game's value (§9.1: `"IM:-:GM"`).
//!
//! Ratings (`WhiteElo`, `WhiteUSCF`, §9.1.2, §9.1.3) are [`Elo`](super::Elo)
//! values.

use std::fmt;
use std::str::FromStr;

use super::error::{TagValueError, TagValueErrorKind};

/// The fields of a player tag's value: one per player of the White or
/// Black tag, separated by `:` (§9.1: a consultation game's `"IM:-:GM"`).
/// A value without `:` is one field. Each field is read by the tag's own
/// parser.
///
/// ```
/// use pgn_syntax::tags::player_fields;
///
/// let fields: Vec<&[u8]> = player_fields(b"IM:-:GM").collect();
/// assert_eq!(fields, [&b"IM"[..], b"-", b"GM"]);
/// assert_eq!(player_fields(b"2400").count(), 1);
/// ```
pub fn player_fields(value: &[u8]) -> impl Iterator<Item = &[u8]> {
    value.split(|&b| b == b':')
}

/// A WhiteTitle or BlackTitle value (§9.1.1): a title abbreviation, or `-`
/// for an untitled player (ruling T1).
///
/// The standard names FIDE's titles ("such as FM, IM and GM"); the eight
/// FIDE player titles are read, and the titles lichess gives (`NM`, `WNM`,
/// `LM`, `BOT`), which its files write in these tags. Abbreviations are
/// upper case, as FIDE and lichess write them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Title {
    /// `GM`: Grandmaster.
    Gm,
    /// `IM`: International Master.
    Im,
    /// `FM`: FIDE Master.
    Fm,
    /// `CM`: Candidate Master.
    Cm,
    /// `WGM`: Woman Grandmaster.
    Wgm,
    /// `WIM`: Woman International Master.
    Wim,
    /// `WFM`: Woman FIDE Master.
    Wfm,
    /// `WCM`: Woman Candidate Master.
    Wcm,
    /// `NM`: National Master (lichess).
    Nm,
    /// `WNM`: Woman National Master (lichess).
    Wnm,
    /// `LM`: Lichess Master.
    Lm,
    /// `BOT`: a lichess account played by a program.
    Bot,
    /// `-`: the player has no title.
    Untitled,
}

/// Every title with its abbreviation.
const TITLES: [(Title, &str); 13] = [
    (Title::Gm, "GM"),
    (Title::Im, "IM"),
    (Title::Fm, "FM"),
    (Title::Cm, "CM"),
    (Title::Wgm, "WGM"),
    (Title::Wim, "WIM"),
    (Title::Wfm, "WFM"),
    (Title::Wcm, "WCM"),
    (Title::Nm, "NM"),
    (Title::Wnm, "WNM"),
    (Title::Lm, "LM"),
    (Title::Bot, "BOT"),
    (Title::Untitled, "-"),
];

impl Title {
    /// Parses one player's title: an abbreviation of [`Title`] byte for
    /// byte, or `-`.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] at offset 0 for any other value (empty included).
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<Title, TagValueError> {
        let value = value.as_ref();
        if value.is_empty() {
            return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
        }
        TITLES.iter().find(|(_, text)| text.as_bytes() == value).map(|&(title, _)| title).ok_or(
            TagValueError::new(TagValueErrorKind::Expected("a title such as GM, IM, FM or -"), 0),
        )
    }

    /// The abbreviation (`GM`), or `-` for [`Title::Untitled`].
    pub fn as_str(self) -> &'static str {
        TITLES.iter().find(|(title, _)| *title == self).map_or("-", |&(_, text)| text)
    }

    /// Whether this is one of FIDE's eight player titles (not a lichess
    /// title, and not [`Title::Untitled`]).
    pub fn is_fide(self) -> bool {
        use Title::*;
        matches!(self, Gm | Im | Fm | Cm | Wgm | Wim | Wfm | Wcm)
    }
}

impl fmt::Display for Title {
    /// Writes [`Title::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Title {
    type Err = TagValueError;

    /// Parses as [`Title::from_ascii`].
    fn from_str(s: &str) -> Result<Title, TagValueError> {
        Title::from_ascii(s.as_bytes())
    }
}

/// A WhiteType or BlackType value (§9.1.5): whether the player is a person
/// or a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerType {
    /// `human`: a person.
    Human,
    /// `program`: an algorithmic (computer) player.
    Program,
}

impl PlayerType {
    /// Parses `human` or `program`, ignoring ASCII case (ruling T4).
    ///
    /// # Errors
    ///
    /// [`TagValueError`] at offset 0 for any other value.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<PlayerType, TagValueError> {
        let value = value.as_ref();
        if value.is_empty() {
            Err(TagValueError::new(TagValueErrorKind::Empty, 0))
        } else if value.eq_ignore_ascii_case(b"human") {
            Ok(PlayerType::Human)
        } else if value.eq_ignore_ascii_case(b"program") {
            Ok(PlayerType::Program)
        } else {
            Err(TagValueError::new(TagValueErrorKind::Expected("human or program"), 0))
        }
    }

    /// The value as the standard writes it: `human` or `program`.
    pub fn as_str(self) -> &'static str {
        match self {
            PlayerType::Human => "human",
            PlayerType::Program => "program",
        }
    }
}

impl fmt::Display for PlayerType {
    /// Writes [`PlayerType::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PlayerType {
    type Err = TagValueError;

    /// Parses as [`PlayerType::from_ascii`].
    fn from_str(s: &str) -> Result<PlayerType, TagValueError> {
        PlayerType::from_ascii(s.as_bytes())
    }
}

/// A WhiteNA or BlackNA value (§9.1.4): a player's e-mail or network
/// address, or `-` for a player without one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum NetAddress {
    /// `-`: the player has no electronic address.
    NoAddress,
    /// An address (ruling T3: one word holding `@` between two non-empty
    /// parts, or `scheme://` and more), byte for byte.
    Address(Vec<u8>),
}

impl NetAddress {
    /// Parses `-` or an address: one word (no white space or control
    /// byte) that is an e-mail address (`@` with bytes on both sides, the
    /// part after it holding no second `@`) or a URL (letters, `://`, and
    /// more).
    ///
    /// # Errors
    ///
    /// [`TagValueError`]: an empty value; white space or a control byte
    /// (at its offset); a word that is neither form (at 0).
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<NetAddress, TagValueError> {
        let value = value.as_ref();
        const EXPECTED: &str = "an e-mail or network address (one word with @ or ://), or -";
        if value.is_empty() {
            return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
        }
        if value == b"-" {
            return Ok(NetAddress::NoAddress);
        }
        if let Some(at) =
            value.iter().position(|&b| b.is_ascii_whitespace() || b.is_ascii_control())
        {
            return Err(TagValueError::new(TagValueErrorKind::Expected(EXPECTED), at));
        }
        let email = match value.iter().position(|&b| b == b'@') {
            Some(at) => {
                let (local, domain) = (&value[..at], &value[at + 1..]);
                !local.is_empty() && !domain.is_empty() && !domain.contains(&b'@')
            }
            None => false,
        };
        let url = value.windows(3).position(|w| w == b"://").is_some_and(|at| {
            at > 0
                && value.len() > at + 3
                && value[..at].iter().all(|b| b.is_ascii_alphanumeric() || b"+.-".contains(b))
        });
        if email || url {
            Ok(NetAddress::Address(value.to_vec()))
        } else {
            Err(TagValueError::new(TagValueErrorKind::Expected(EXPECTED), 0))
        }
    }

    /// The address's bytes, or `-`.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            NetAddress::NoAddress => b"-",
            NetAddress::Address(bytes) => bytes,
        }
    }
}

impl fmt::Display for NetAddress {
    /// Writes the address (bytes that are not UTF-8 as U+FFFD), or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(self.as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_round_trip() {
        for (title, text) in TITLES {
            assert_eq!(Title::from_ascii(text), Ok(title));
            assert_eq!(title.to_string(), text);
            assert_eq!(text.parse::<Title>(), Ok(title));
        }
        assert!(Title::Wgm.is_fide() && !Title::Bot.is_fide() && !Title::Untitled.is_fide());
        for bad in [&b""[..], b"gm", b"GM ", b"Grandmaster", b"?", b"G", b"\xff"] {
            assert!(Title::from_ascii(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn player_types_ignore_case() {
        assert_eq!(PlayerType::from_ascii(b"human"), Ok(PlayerType::Human));
        assert_eq!(PlayerType::from_ascii(b"Program"), Ok(PlayerType::Program));
        assert_eq!(PlayerType::Program.to_string(), "program");
        for bad in [&b""[..], b"computer", b"engine", b"humans", b"-"] {
            assert!(PlayerType::from_ascii(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn net_addresses() {
        for good in [&b"jones@example.org"[..], b"a@b", b"http://example.org/x", b"ics://fics"] {
            assert_eq!(NetAddress::from_ascii(good), Ok(NetAddress::Address(good.to_vec())));
        }
        assert_eq!(NetAddress::from_ascii(b"-"), Ok(NetAddress::NoAddress));
        assert_eq!(NetAddress::NoAddress.to_string(), "-");
        for (bad, offset) in [
            (&b"John Smith"[..], 4),
            (b"@example.org", 0),
            (b"jones@", 0),
            (b"a@b@c", 0),
            (b"example.org", 0),
            (b"://x", 0),
            (b"http://", 0),
            (b"a@b\t", 3),
        ] {
            assert_eq!(NetAddress::from_ascii(bad).map_err(|e| e.offset), Err(offset), "{bad:?}");
        }
        assert_eq!(
            NetAddress::from_ascii(b""),
            Err(TagValueError::new(TagValueErrorKind::Empty, 0))
        );
    }

    #[test]
    fn consultation_fields() {
        assert_eq!(player_fields(b"").count(), 1);
        assert_eq!(player_fields(b"a::b").collect::<Vec<_>>(), [&b"a"[..], b"", b"b"]);
    }
}
