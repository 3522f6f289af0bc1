//! The piece letters of the languages in §17 of the standard ("Alternative
//! chesspiece identifier letters"), for presentation and for reading moves
//! written with them.
//!
//! PGN for storage and interchange uses English letters only (§8.2.3.2);
//! these are for local presentation. Piece letters are upper case and file
//! letters lower case, which keeps them apart in every language of the
//! table: Danish and German `B` (pawn), Hungarian `B` (rook) and Icelandic
//! `B` (bishop) never clash with the file `b`. Dutch `O` (pawn) and
//! Estonian `O` (bishop) stand before a square (`Oe4`) and castling is
//! `O-O` with a hyphen, so they do not clash either. See
//! [`crate::San::from_ascii_in`] for lower-case letters.

use std::fmt;
use std::str::FromStr;

use chess_core::Role;

/// A language of the table in §17, with its six piece letters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[allow(missing_docs)]
pub enum Language {
    Czech,
    Danish,
    Dutch,
    #[default]
    English,
    Estonian,
    Finnish,
    French,
    German,
    Hungarian,
    Icelandic,
    Italian,
    Norwegian,
    Polish,
    Portuguese,
    Romanian,
    Spanish,
    Swedish,
}

/// The letters of each language, in the order of the table: pawn, knight,
/// bishop, rook, queen, king (the order of [`Role::ALL`]).
static LETTERS: [[u8; 6]; 17] = [
    *b"PJSVDK", // Czech
    *b"BSLTDK", // Danish
    *b"OPLTDK", // Dutch
    *b"PNBRQK", // English
    *b"PROVLK", // Estonian
    *b"PRLTDK", // Finnish
    *b"PCFTDR", // French
    *b"BSLTDK", // German
    *b"GHFBVK", // Hungarian
    *b"PRBHDK", // Icelandic
    *b"PCATDR", // Italian
    *b"BSLTDK", // Norwegian
    *b"PSGWHK", // Polish
    *b"PCBTDR", // Portuguese
    *b"PCNTDR", // Romanian
    *b"PCATDR", // Spanish
    *b"BSLTDK", // Swedish
];

static NAMES: [&str; 17] = [
    "Czech",
    "Danish",
    "Dutch",
    "English",
    "Estonian",
    "Finnish",
    "French",
    "German",
    "Hungarian",
    "Icelandic",
    "Italian",
    "Norwegian",
    "Polish",
    "Portuguese",
    "Romanian",
    "Spanish",
    "Swedish",
];

impl Language {
    /// The 17 languages in the order of the table.
    pub const ALL: [Language; 17] = [
        Language::Czech,
        Language::Danish,
        Language::Dutch,
        Language::English,
        Language::Estonian,
        Language::Finnish,
        Language::French,
        Language::German,
        Language::Hungarian,
        Language::Icelandic,
        Language::Italian,
        Language::Norwegian,
        Language::Polish,
        Language::Portuguese,
        Language::Romanian,
        Language::Spanish,
        Language::Swedish,
    ];

    /// The six upper-case letters: pawn, knight, bishop, rook, queen, king.
    #[inline]
    pub fn letters(self) -> &'static [u8; 6] {
        &LETTERS[self as usize]
    }

    /// The upper-case letter of `role`.
    #[inline]
    pub fn letter(self, role: Role) -> u8 {
        self.letters()[role.index()]
    }

    /// The role of an upper-case letter.
    #[inline]
    pub fn role(self, letter: u8) -> Option<Role> {
        if self == Language::English {
            // The hot path of reading PGN: one match instead of a search.
            return match letter {
                b'N' => Some(Role::Knight),
                b'B' => Some(Role::Bishop),
                b'R' => Some(Role::Rook),
                b'Q' => Some(Role::Queen),
                b'K' => Some(Role::King),
                b'P' => Some(Role::Pawn),
                _ => None,
            };
        }
        let index = self.letters().iter().position(|l| *l == letter)?;
        Role::ALL.get(index).copied()
    }

    /// The English name, as in the table (`"German"`).
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the table's languages.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("not a language of the standard's table (section 17): {0:?}")]
pub struct UnknownLanguage(pub String);

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// The English name in any case (`"german"`, `"German"`).
    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLanguage(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_of_section_17() {
        assert_eq!(Language::German.letters(), b"BSLTDK");
        assert_eq!(Language::Hungarian.role(b'B'), Some(Role::Rook));
        assert_eq!(Language::Dutch.role(b'O'), Some(Role::Pawn));
        assert_eq!(Language::French.letter(Role::King), b'R');
        assert_eq!(Language::English.role(b'X'), None);
        for lang in Language::ALL {
            for role in Role::ALL {
                assert_eq!(lang.role(lang.letter(role)), Some(role), "{lang}");
            }
            // Every letter is upper case and no language uses X (capture)
            // or Z (the Z0 null move).
            assert!(lang.letters().iter().all(|l| l.is_ascii_uppercase()));
            assert!(!lang.letters().contains(&b'X') && !lang.letters().contains(&b'Z'));
            assert_eq!(lang.name().parse::<Language>(), Ok(lang));
        }
        assert_eq!("german".parse::<Language>(), Ok(Language::German));
        assert!("Klingon".parse::<Language>().is_err());
    }
}
