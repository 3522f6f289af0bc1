//! Game results (§8.1.1.7): the value of the `Result` tag, which is also the
//! game termination marker of the movetext (§8.2.6).

use std::fmt;
use std::str::FromStr;

use super::Lenient;
use super::error::{TagValueError, TagValueErrorKind};

/// The result of a game.
///
/// With the `serde` feature, as the standard writes it: `"1-0"`,
/// `"0-1"`, `"1/2-1/2"` or `"*"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameResult {
    /// `1-0`: White wins.
    #[cfg_attr(feature = "serde", serde(rename = "1-0"))]
    WhiteWins,
    /// `0-1`: Black wins.
    #[cfg_attr(feature = "serde", serde(rename = "0-1"))]
    BlackWins,
    /// `1/2-1/2`: a draw.
    #[cfg_attr(feature = "serde", serde(rename = "1/2-1/2"))]
    Draw,
    /// `*`: game in progress, abandoned, or result unknown.
    #[cfg_attr(feature = "serde", serde(rename = "*"))]
    Unknown,
}

/// What a Result tag must hold, for error messages.
const EXPECTED: &str = "`1-0`, `0-1`, `1/2-1/2` or `*`";

/// Nonstandard spellings of a result found in real files, read by
/// [`GameResult::parse_lenient`].
///
/// The en dash (U+2013) forms are what word processors make of a hyphen;
/// `½` is U+00BD; `+--` and `--+` are ChessBase's forfeit results (a win
/// for the side whose opponent did not play: the corpus has `+--` in a game
/// whose Black player was absent); `?` stands for an unknown result in some
/// exports. `½-½`, `1–0`, `1/2–1/2`, `+--` and `?` occur in the corpus,
/// `0–1`, `½–½` and `--+` are their counterparts, and `1/2` and `0.5-0.5`
/// are unambiguous draw spellings accepted for hand-typed files.
static LENIENT_FORMS: [(&str, GameResult); 10] = [
    ("1\u{2013}0", GameResult::WhiteWins),
    ("+--", GameResult::WhiteWins),
    ("0\u{2013}1", GameResult::BlackWins),
    ("--+", GameResult::BlackWins),
    ("\u{bd}-\u{bd}", GameResult::Draw),
    ("\u{bd}\u{2013}\u{bd}", GameResult::Draw),
    ("1/2\u{2013}1/2", GameResult::Draw),
    ("1/2", GameResult::Draw),
    ("0.5-0.5", GameResult::Draw),
    ("?", GameResult::Unknown),
];

impl GameResult {
    /// Parses one of the four values of §8.1.1.7, byte for byte.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] at offset 0 for any other value (an empty value is
    /// [`TagValueErrorKind::Empty`]).
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<GameResult, TagValueError> {
        let value = value.as_ref();
        Ok(match value {
            b"1-0" => GameResult::WhiteWins,
            b"0-1" => GameResult::BlackWins,
            b"1/2-1/2" => GameResult::Draw,
            b"*" => GameResult::Unknown,
            [] => return Err(TagValueError::new(TagValueErrorKind::Empty, 0)),
            _ => return Err(TagValueError::new(TagValueErrorKind::Expected(EXPECTED), 0)),
        })
    }

    /// Parses a result leniently: one of the four standard values (with
    /// `nonstandard` false), or, with `nonstandard` true, a standard value
    /// with white space around it or one of these spellings from real
    /// files: `1–0`, `0–1`, `1/2–1/2` (en dash), `½-½`, `½–½`, `1/2`,
    /// `0.5-0.5` (draws), `+--` (White wins by forfeit), `--+` (Black wins
    /// by forfeit), `?` (unknown).
    ///
    /// # Errors
    ///
    /// [`TagValueError`] at offset 0 when the value is none of these.
    pub fn parse_lenient(value: impl AsRef<[u8]>) -> Result<Lenient<GameResult>, TagValueError> {
        let value = value.as_ref();
        if let Ok(result) = GameResult::from_ascii(value) {
            return Ok(Lenient { value: result, nonstandard: false });
        }
        let trimmed = value.trim_ascii();
        if trimmed.is_empty() {
            return Err(TagValueError::new(TagValueErrorKind::Empty, 0));
        }
        GameResult::from_ascii(trimmed)
            .ok()
            .or_else(|| {
                LENIENT_FORMS
                    .iter()
                    .find(|(form, _)| form.as_bytes() == trimmed)
                    .map(|&(_, result)| result)
            })
            .map(|result| Lenient { value: result, nonstandard: true })
            .ok_or(TagValueError::new(TagValueErrorKind::Expected(EXPECTED), 0))
    }

    /// The value as written in a Result tag and as a termination marker
    /// (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl fmt::Display for GameResult {
    /// Writes [`GameResult::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = TagValueError;

    /// Parses strictly, as [`GameResult::from_ascii`].
    fn from_str(s: &str) -> Result<GameResult, TagValueError> {
        GameResult::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [GameResult; 4] =
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown];

    #[test]
    fn parses_the_four_values() {
        for result in ALL {
            assert_eq!(GameResult::from_ascii(result.as_str().as_bytes()), Ok(result));
            assert_eq!(result.to_string(), result.as_str());
            assert_eq!(result.as_str().parse::<GameResult>(), Ok(result));
            assert_eq!(
                GameResult::parse_lenient(result.as_str().as_bytes()),
                Ok(Lenient { value: result, nonstandard: false })
            );
        }
        assert_eq!(GameResult::from_ascii(b"1/2-1/2"), Ok(GameResult::Draw));
    }

    #[test]
    fn strict_rejects_everything_else() {
        assert_eq!(
            GameResult::from_ascii(b""),
            Err(TagValueError::new(TagValueErrorKind::Empty, 0))
        );
        for bad in [
            &b"1-0 "[..],
            b" 1-0",
            b"1-1",
            b"0-0",
            b"1-O",
            b"O-1",
            b"1/2",
            b"\xc2\xbd-\xc2\xbd",
            b"1\xe2\x80\x930",
            b"?",
            b"**",
            b"1-0\x00",
            b"\xff",
        ] {
            assert_eq!(
                GameResult::from_ascii(bad),
                Err(TagValueError::new(TagValueErrorKind::Expected(EXPECTED), 0)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn lenient_reads_real_world_spellings() {
        let cases = [
            ("½-½", GameResult::Draw),
            ("½–½", GameResult::Draw),
            ("1/2", GameResult::Draw),
            ("1/2–1/2", GameResult::Draw),
            ("0.5-0.5", GameResult::Draw),
            ("1–0", GameResult::WhiteWins),
            ("0–1", GameResult::BlackWins),
            ("+--", GameResult::WhiteWins),
            ("--+", GameResult::BlackWins),
            ("?", GameResult::Unknown),
            (" 1-0", GameResult::WhiteWins),
            ("0-1\t", GameResult::BlackWins),
            (" * ", GameResult::Unknown),
            (" ½-½ ", GameResult::Draw),
        ];
        for (text, expected) in cases {
            assert_eq!(
                GameResult::parse_lenient(text.as_bytes()),
                Ok(Lenient { value: expected, nonstandard: true }),
                "{text}"
            );
        }
    }

    #[test]
    fn lenient_rejects_nonsense() {
        assert_eq!(
            GameResult::parse_lenient(b"  "),
            Err(TagValueError::new(TagValueErrorKind::Empty, 0))
        );
        for bad in
            ["0-0", "1-1", "2-0", "1:0", "won", "1 - 0", "½-", "½", "=", "-", "+-", "\u{2013}"]
        {
            assert_eq!(
                GameResult::parse_lenient(bad.as_bytes()),
                Err(TagValueError::new(TagValueErrorKind::Expected(EXPECTED), 0)),
                "{bad}"
            );
        }
        assert!(GameResult::parse_lenient(b"\xbd-\xbd").is_err());
    }
}
