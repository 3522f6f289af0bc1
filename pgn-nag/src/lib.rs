//! Numeric Annotation Glyphs (§10 of the standard), the six move suffix
//! annotations of §8.2.3.8 (mapped to NAGs by ruling E8), and the evaluation
//! glyphs that real files write as plain text (`+-`, `=+`, `∞`, ...).
//!
//! A leaf crate of its own because two branches of the toolkit use it: the
//! PGN reader (`pgn-syntax`) and SAN (`san`, whose moves may carry a
//! suffix), which reads no PGN.
//!
//! A [`Nag`] is any value from `$0` to `$255` (§8.2.4); §10 gives a meaning to
//! `$0` to `$139` and reserves the rest.
//!
//! ```
//! use pgn_nag::{Nag, Suffix};
//!
//! let nag = Nag::from_ascii(b"$14").ok_or("not a NAG")?;
//! assert_eq!(nag, Nag::WHITE_SLIGHT_ADVANTAGE);
//! assert_eq!(nag.description(), Some("White has a slight advantage"));
//! assert_eq!(nag.to_string(), "$14");
//!
//! // Ruling E8: `?!` is written as `$6`.
//! let suffix = Suffix::from_ascii(b"?!").ok_or("not a suffix")?;
//! assert_eq!(suffix.nag(), Nag::QUESTIONABLE_MOVE);
//!
//! // Evaluation glyphs found in real files.
//! assert_eq!(Nag::from_glyph(b"+/-"), Some(Nag::WHITE_MODERATE_ADVANTAGE));
//! assert_eq!(Nag::from_glyph("∞".as_bytes()), Some(Nag::UNCLEAR_POSITION));
//! # Ok::<_, &str>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize` and `Deserialize` for [`Nag`], as its number
//!   (`14`), and [`Suffix`], as written after a move (`"!?"`).

use std::fmt;

/// A Numeric Annotation Glyph: `$` followed by a number from 0 to 255
/// (§8.2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nag(pub u8);

/// The interpretation of each NAG that §10 defines, indexed by its number.
///
/// The text is the standard's, with one correction: the standard's list
/// numbers the four rook placement entries 84, 85, 86 and 87, which repeats
/// the numbers of the pawn structure entries and leaves a gap between 93
/// (bishop placement) and 98 (queen placement). The pattern of the list (a
/// White entry on an even number, the Black one after it, one number each)
/// shows that the rook entries are 94 to 97, which is how this table,
/// indexed by position, holds them.
static DESCRIPTIONS: [&str; 140] = [
    "null annotation",
    "good move (traditional \"!\")",
    "poor move (traditional \"?\")",
    "very good move (traditional \"!!\")",
    "very poor move (traditional \"??\")",
    "speculative move (traditional \"!?\")",
    "questionable move (traditional \"?!\")",
    "forced move (all others lose quickly)",
    "singular move (no reasonable alternatives)",
    "worst move",
    // 10
    "drawish position",
    "equal chances, quiet position",
    "equal chances, active position",
    "unclear position",
    "White has a slight advantage",
    "Black has a slight advantage",
    "White has a moderate advantage",
    "Black has a moderate advantage",
    "White has a decisive advantage",
    "Black has a decisive advantage",
    // 20
    "White has a crushing advantage (Black should resign)",
    "Black has a crushing advantage (White should resign)",
    "White is in zugzwang",
    "Black is in zugzwang",
    "White has a slight space advantage",
    "Black has a slight space advantage",
    "White has a moderate space advantage",
    "Black has a moderate space advantage",
    "White has a decisive space advantage",
    "Black has a decisive space advantage",
    // 30
    "White has a slight time (development) advantage",
    "Black has a slight time (development) advantage",
    "White has a moderate time (development) advantage",
    "Black has a moderate time (development) advantage",
    "White has a decisive time (development) advantage",
    "Black has a decisive time (development) advantage",
    "White has the initiative",
    "Black has the initiative",
    "White has a lasting initiative",
    "Black has a lasting initiative",
    // 40
    "White has the attack",
    "Black has the attack",
    "White has insufficient compensation for material deficit",
    "Black has insufficient compensation for material deficit",
    "White has sufficient compensation for material deficit",
    "Black has sufficient compensation for material deficit",
    "White has more than adequate compensation for material deficit",
    "Black has more than adequate compensation for material deficit",
    "White has a slight center control advantage",
    "Black has a slight center control advantage",
    // 50
    "White has a moderate center control advantage",
    "Black has a moderate center control advantage",
    "White has a decisive center control advantage",
    "Black has a decisive center control advantage",
    "White has a slight kingside control advantage",
    "Black has a slight kingside control advantage",
    "White has a moderate kingside control advantage",
    "Black has a moderate kingside control advantage",
    "White has a decisive kingside control advantage",
    "Black has a decisive kingside control advantage",
    // 60
    "White has a slight queenside control advantage",
    "Black has a slight queenside control advantage",
    "White has a moderate queenside control advantage",
    "Black has a moderate queenside control advantage",
    "White has a decisive queenside control advantage",
    "Black has a decisive queenside control advantage",
    "White has a vulnerable first rank",
    "Black has a vulnerable first rank",
    "White has a well protected first rank",
    "Black has a well protected first rank",
    // 70
    "White has a poorly protected king",
    "Black has a poorly protected king",
    "White has a well protected king",
    "Black has a well protected king",
    "White has a poorly placed king",
    "Black has a poorly placed king",
    "White has a well placed king",
    "Black has a well placed king",
    "White has a very weak pawn structure",
    "Black has a very weak pawn structure",
    // 80
    "White has a moderately weak pawn structure",
    "Black has a moderately weak pawn structure",
    "White has a moderately strong pawn structure",
    "Black has a moderately strong pawn structure",
    "White has a very strong pawn structure",
    "Black has a very strong pawn structure",
    "White has poor knight placement",
    "Black has poor knight placement",
    "White has good knight placement",
    "Black has good knight placement",
    // 90
    "White has poor bishop placement",
    "Black has poor bishop placement",
    "White has good bishop placement",
    "Black has good bishop placement",
    // 94 to 97: numbered 84 to 87 in the standard's list (see above).
    "White has poor rook placement",
    "Black has poor rook placement",
    "White has good rook placement",
    "Black has good rook placement",
    "White has poor queen placement",
    "Black has poor queen placement",
    // 100
    "White has good queen placement",
    "Black has good queen placement",
    "White has poor piece coordination",
    "Black has poor piece coordination",
    "White has good piece coordination",
    "Black has good piece coordination",
    "White has played the opening very poorly",
    "Black has played the opening very poorly",
    "White has played the opening poorly",
    "Black has played the opening poorly",
    // 110
    "White has played the opening well",
    "Black has played the opening well",
    "White has played the opening very well",
    "Black has played the opening very well",
    "White has played the middlegame very poorly",
    "Black has played the middlegame very poorly",
    "White has played the middlegame poorly",
    "Black has played the middlegame poorly",
    "White has played the middlegame well",
    "Black has played the middlegame well",
    // 120
    "White has played the middlegame very well",
    "Black has played the middlegame very well",
    "White has played the ending very poorly",
    "Black has played the ending very poorly",
    "White has played the ending poorly",
    "Black has played the ending poorly",
    "White has played the ending well",
    "Black has played the ending well",
    "White has played the ending very well",
    "Black has played the ending very well",
    // 130
    "White has slight counterplay",
    "Black has slight counterplay",
    "White has moderate counterplay",
    "Black has moderate counterplay",
    "White has decisive counterplay",
    "Black has decisive counterplay",
    "White has moderate time control pressure",
    "Black has moderate time control pressure",
    "White has severe time control pressure",
    "Black has severe time control pressure",
];

/// Evaluation glyphs written as text in real files, and the NAG of §10 each
/// one stands for.
///
/// The ASCII forms are the usual transliterations of the printed symbols;
/// the Unicode forms are the printed symbols themselves, which some
/// exporters write (the corpus has `⩱` after a move). `=/∞`
/// ("compensation for the material") is left out on purpose: §10 only has
/// compensation NAGs for one named side ($44 White, $45 Black), and the glyph
/// does not say which side it means.
static GLYPHS: [(&str, u8); 18] = [
    ("=", 10),
    ("∞", 13),
    ("+=", 14),
    ("⩲", 14),
    ("=+", 15),
    ("⩱", 15),
    ("+/-", 16),
    ("±", 16),
    ("-/+", 17),
    ("∓", 17),
    ("+-", 18),
    // `+` and U+2212 MINUS SIGN.
    ("+−", 18),
    ("-+", 19),
    // U+2212 MINUS SIGN and `+`.
    ("−+", 19),
    // En dash spellings: word processors put an en dash for a hyphen (the
    // corpus has Result tags written `1–0`).
    ("+/–", 16),
    ("–/+", 17),
    ("+–", 18),
    ("–+", 19),
];

impl Nag {
    /// `$0`: null annotation, a placeholder that should not appear in files.
    pub const NULL: Nag = Nag(0);
    /// `$1`: good move (traditional `!`).
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `$2`: poor move (traditional `?`).
    pub const POOR_MOVE: Nag = Nag(2);
    /// `$3`: very good move (traditional `!!`).
    pub const VERY_GOOD_MOVE: Nag = Nag(3);
    /// `$4`: very poor move (traditional `??`).
    pub const VERY_POOR_MOVE: Nag = Nag(4);
    /// `$5`: speculative move (traditional `!?`).
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `$6`: questionable move (traditional `?!`).
    pub const QUESTIONABLE_MOVE: Nag = Nag(6);
    /// `$7`: forced move (all others lose quickly).
    pub const FORCED_MOVE: Nag = Nag(7);
    /// `$8`: singular move (no reasonable alternatives).
    pub const SINGULAR_MOVE: Nag = Nag(8);
    /// `$9`: worst move.
    pub const WORST_MOVE: Nag = Nag(9);
    /// `$10`: drawish position (text glyph `=`).
    pub const DRAWISH_POSITION: Nag = Nag(10);
    /// `$11`: equal chances, quiet position.
    pub const EQUAL_QUIET_POSITION: Nag = Nag(11);
    /// `$12`: equal chances, active position.
    pub const EQUAL_ACTIVE_POSITION: Nag = Nag(12);
    /// `$13`: unclear position (text glyph `∞`).
    pub const UNCLEAR_POSITION: Nag = Nag(13);
    /// `$14`: White has a slight advantage (text glyph `+=`).
    pub const WHITE_SLIGHT_ADVANTAGE: Nag = Nag(14);
    /// `$15`: Black has a slight advantage (text glyph `=+`).
    pub const BLACK_SLIGHT_ADVANTAGE: Nag = Nag(15);
    /// `$16`: White has a moderate advantage (text glyph `+/-`).
    pub const WHITE_MODERATE_ADVANTAGE: Nag = Nag(16);
    /// `$17`: Black has a moderate advantage (text glyph `-/+`).
    pub const BLACK_MODERATE_ADVANTAGE: Nag = Nag(17);
    /// `$18`: White has a decisive advantage (text glyph `+-`).
    pub const WHITE_DECISIVE_ADVANTAGE: Nag = Nag(18);
    /// `$19`: Black has a decisive advantage (text glyph `-+`).
    pub const BLACK_DECISIVE_ADVANTAGE: Nag = Nag(19);
    /// `$20`: White has a crushing advantage (Black should resign).
    pub const WHITE_CRUSHING_ADVANTAGE: Nag = Nag(20);
    /// `$21`: Black has a crushing advantage (White should resign).
    pub const BLACK_CRUSHING_ADVANTAGE: Nag = Nag(21);
    /// `$22`: White is in zugzwang.
    pub const WHITE_ZUGZWANG: Nag = Nag(22);
    /// `$23`: Black is in zugzwang.
    pub const BLACK_ZUGZWANG: Nag = Nag(23);
    /// `$36`: White has the initiative.
    pub const WHITE_INITIATIVE: Nag = Nag(36);
    /// `$37`: Black has the initiative.
    pub const BLACK_INITIATIVE: Nag = Nag(37);
    /// `$40`: White has the attack.
    pub const WHITE_ATTACK: Nag = Nag(40);
    /// `$41`: Black has the attack.
    pub const BLACK_ATTACK: Nag = Nag(41);
    /// `$132`: White has moderate counterplay.
    pub const WHITE_COUNTERPLAY: Nag = Nag(132);
    /// `$133`: Black has moderate counterplay.
    pub const BLACK_COUNTERPLAY: Nag = Nag(133);
    /// `$138`: White has severe time control pressure.
    pub const WHITE_SEVERE_TIME_PRESSURE: Nag = Nag(138);
    /// `$139`: Black has severe time control pressure.
    pub const BLACK_SEVERE_TIME_PRESSURE: Nag = Nag(139);

    /// The highest NAG that §10 gives a meaning to; higher values are reserved.
    pub const MAX_DEFINED: Nag = Nag(139);

    /// Parses a NAG token: `$` and one or more decimal digits whose value is
    /// at most 255 (§7, §8.2.4). Leading zeros are accepted (`$014` is
    /// `$14`), as the token grammar allows them; a sign, white space or any
    /// other byte is not.
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Option<Nag> {
        let s = s.as_ref();
        let (&b'$', digits) = s.split_first()? else {
            return None;
        };
        if digits.is_empty() {
            return None;
        }
        let mut value: u8 = 0;
        for &b in digits {
            let digit = b.checked_sub(b'0').filter(|d| *d <= 9)?;
            value = value.checked_mul(10)?.checked_add(digit)?;
        }
        Some(Nag(value))
    }

    /// The standard's interpretation of this NAG (§10), or `None` for the
    /// reserved values 140 to 255.
    pub fn description(self) -> Option<&'static str> {
        DESCRIPTIONS.get(usize::from(self.0)).copied()
    }

    /// Whether §10 defines this NAG (0 to 139).
    pub fn is_defined(self) -> bool {
        self <= Nag::MAX_DEFINED
    }

    /// Whether this NAG annotates the move just played (1 to 9, §10).
    pub fn is_move_assessment(self) -> bool {
        (1..=9).contains(&self.0)
    }

    /// Whether this NAG describes the current position (10 to 135, §10).
    pub fn is_position_assessment(self) -> bool {
        (10..=135).contains(&self.0)
    }

    /// Whether this NAG describes time pressure (136 to 139, §10).
    pub fn is_time_pressure(self) -> bool {
        (136..=139).contains(&self.0)
    }

    /// The suffix annotation this NAG stands for (`$1` to `$6`, ruling E8).
    pub fn suffix(self) -> Option<Suffix> {
        Suffix::ALL.into_iter().find(|suffix| suffix.nag() == self)
    }

    /// Reads an evaluation glyph written as text (`+-`, `=+`, `+/-`, `∞`,
    /// ...; UTF-8 for the non-ASCII ones) and gives the NAG of §10 it stands
    /// for.
    ///
    /// The mapping: `=` `$10`, `∞` `$13`, `+=` or `⩲` `$14`, `=+` or `⩱`
    /// `$15`, `+/-` or `±` `$16`, `-/+` or `∓` `$17`, `+-` `$18`, `-+` `$19`
    /// (the last four also with a Unicode minus sign or an en dash). The
    /// move suffixes `!`, `?`, ... are not glyphs here: see
    /// [`Suffix::from_ascii`]. `=/∞` is not accepted, because it does not say
    /// which side has the compensation.
    pub fn from_glyph(s: impl AsRef<[u8]>) -> Option<Nag> {
        let s = s.as_ref();
        GLYPHS.iter().find(|(glyph, _)| glyph.as_bytes() == s).map(|&(_, nag)| Nag(nag))
    }

    /// The usual text glyph of an evaluation NAG (`$10`, `$13` to `$19`),
    /// the first spelling that [`Nag::from_glyph`] accepts for it: ASCII
    /// except `∞` for `$13`.
    pub fn glyph(self) -> Option<&'static str> {
        GLYPHS.iter().find(|&&(_, nag)| nag == self.0).map(|&(glyph, _)| glyph)
    }
}

impl From<u8> for Nag {
    fn from(value: u8) -> Nag {
        Nag(value)
    }
}

impl From<Nag> for u8 {
    fn from(nag: Nag) -> u8 {
        nag.0
    }
}

impl fmt::Display for Nag {
    /// Writes the NAG as its token, `$` and the number (`$14`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// One of the six traditional move suffix annotations of §8.2.3.8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Suffix {
    /// `!`, a good move (`$1`).
    #[cfg_attr(feature = "serde", serde(rename = "!"))]
    Good,
    /// `?`, a poor move (`$2`).
    #[cfg_attr(feature = "serde", serde(rename = "?"))]
    Mistake,
    /// `!!`, a very good move (`$3`).
    #[cfg_attr(feature = "serde", serde(rename = "!!"))]
    Brilliant,
    /// `??`, a very poor move (`$4`).
    #[cfg_attr(feature = "serde", serde(rename = "??"))]
    Blunder,
    /// `!?`, a speculative move (`$5`).
    #[cfg_attr(feature = "serde", serde(rename = "!?"))]
    Speculative,
    /// `?!`, a questionable move (`$6`).
    #[cfg_attr(feature = "serde", serde(rename = "?!"))]
    Dubious,
}

impl Suffix {
    /// The six suffixes, in the order of their NAGs (`$1` to `$6`).
    pub const ALL: [Suffix; 6] = [
        Suffix::Good,
        Suffix::Mistake,
        Suffix::Brilliant,
        Suffix::Blunder,
        Suffix::Speculative,
        Suffix::Dubious,
    ];

    /// Reads a suffix annotation: exactly one of `!`, `?`, `!!`, `??`, `!?`,
    /// `?!`.
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Option<Suffix> {
        let s = s.as_ref();
        Some(match s {
            b"!" => Suffix::Good,
            b"?" => Suffix::Mistake,
            b"!!" => Suffix::Brilliant,
            b"??" => Suffix::Blunder,
            b"!?" => Suffix::Speculative,
            b"?!" => Suffix::Dubious,
            _ => return None,
        })
    }

    /// The suffix as written after a move (`!?`).
    pub fn as_str(self) -> &'static str {
        match self {
            Suffix::Good => "!",
            Suffix::Mistake => "?",
            Suffix::Brilliant => "!!",
            Suffix::Blunder => "??",
            Suffix::Speculative => "!?",
            Suffix::Dubious => "?!",
        }
    }

    /// The NAG that replaces this suffix in export format (ruling E8, §10):
    /// `!` `$1`, `?` `$2`, `!!` `$3`, `??` `$4`, `!?` `$5`, `?!` `$6`.
    pub fn nag(self) -> Nag {
        match self {
            Suffix::Good => Nag::GOOD_MOVE,
            Suffix::Mistake => Nag::POOR_MOVE,
            Suffix::Brilliant => Nag::VERY_GOOD_MOVE,
            Suffix::Blunder => Nag::VERY_POOR_MOVE,
            Suffix::Speculative => Nag::SPECULATIVE_MOVE,
            Suffix::Dubious => Nag::QUESTIONABLE_MOVE,
        }
    }
}

impl fmt::Display for Suffix {
    /// Writes the suffix as it appears after a move (`?!`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_nag_tokens() {
        assert_eq!(Nag::from_ascii(b"$0"), Some(Nag(0)));
        assert_eq!(Nag::from_ascii(b"$14"), Some(Nag(14)));
        assert_eq!(Nag::from_ascii(b"$255"), Some(Nag(255)));
        assert_eq!(Nag::from_ascii(b"$014"), Some(Nag(14)));
        assert_eq!(Nag::from_ascii(b"$0000000000000000000000001"), Some(Nag(1)));
    }

    #[test]
    fn rejects_malformed_nag_tokens() {
        for bad in [
            &b""[..],
            b"$",
            b"14",
            b"$256",
            b"$1000",
            b"$99999999999999999999999",
            b"$+1",
            b"$-1",
            b"$ 1",
            b"$1 ",
            b" $1",
            b"$1a",
            b"$$1",
            b"$\xff",
            b"$\xd9\xa1",
        ] {
            assert_eq!(Nag::from_ascii(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn displays_as_token_and_round_trips() {
        assert_eq!(Nag(0).to_string(), "$0");
        assert_eq!(Nag::WHITE_SLIGHT_ADVANTAGE.to_string(), "$14");
        for n in 0..=255u8 {
            assert_eq!(Nag::from_ascii(Nag(n).to_string().as_bytes()), Some(Nag(n)));
        }
    }

    #[test]
    fn describes_every_defined_nag() {
        for n in 0..=255u8 {
            let nag = Nag(n);
            assert_eq!(nag.description().is_some(), n <= 139, "{nag}");
            assert_eq!(nag.is_defined(), n <= 139);
        }
        assert_eq!(Nag(0).description(), Some("null annotation"));
        assert_eq!(Nag(1).description(), Some("good move (traditional \"!\")"));
        assert_eq!(Nag(13).description(), Some("unclear position"));
        assert_eq!(
            Nag(21).description(),
            Some("Black has a crushing advantage (White should resign)")
        );
        assert_eq!(Nag(139).description(), Some("Black has severe time control pressure"));
        assert_eq!(Nag(140).description(), None);
        assert_eq!(Nag(255).description(), None);
    }

    #[test]
    fn rook_placement_entries_are_94_to_97() {
        // The standard's list numbers these 84 to 87 by mistake.
        assert_eq!(Nag(84).description(), Some("White has a very strong pawn structure"));
        assert_eq!(Nag(87).description(), Some("Black has poor knight placement"));
        assert_eq!(Nag(93).description(), Some("Black has good bishop placement"));
        assert_eq!(Nag(94).description(), Some("White has poor rook placement"));
        assert_eq!(Nag(95).description(), Some("Black has poor rook placement"));
        assert_eq!(Nag(96).description(), Some("White has good rook placement"));
        assert_eq!(Nag(97).description(), Some("Black has good rook placement"));
        assert_eq!(Nag(98).description(), Some("White has poor queen placement"));
    }

    #[test]
    fn table_alternates_white_and_black() {
        // From 14 to 139 every even NAG is about White and the next one is
        // the same text about Black: a check that no entry is missing or
        // doubled.
        for n in (14..=138u8).step_by(2) {
            let white = Nag(n).description().unwrap_or_default();
            let black = Nag(n + 1).description().unwrap_or_default();
            assert!(white.starts_with("White"), "{n}: {white}");
            let swapped =
                white.replace("White", "\0").replace("Black", "White").replace('\0', "Black");
            assert_eq!(black, swapped, "{n}");
        }
    }

    #[test]
    fn classifies_ranges() {
        assert!(!Nag(0).is_move_assessment());
        assert!(Nag(1).is_move_assessment());
        assert!(Nag(9).is_move_assessment());
        assert!(!Nag(10).is_move_assessment());
        assert!(Nag(10).is_position_assessment());
        assert!(Nag(135).is_position_assessment());
        assert!(!Nag(136).is_position_assessment());
        assert!(Nag(136).is_time_pressure());
        assert!(Nag(139).is_time_pressure());
        assert!(!Nag(140).is_time_pressure());
    }

    #[test]
    fn constants_match_the_table() {
        let cases = [
            (Nag::NULL, 0),
            (Nag::GOOD_MOVE, 1),
            (Nag::POOR_MOVE, 2),
            (Nag::VERY_GOOD_MOVE, 3),
            (Nag::VERY_POOR_MOVE, 4),
            (Nag::SPECULATIVE_MOVE, 5),
            (Nag::QUESTIONABLE_MOVE, 6),
            (Nag::FORCED_MOVE, 7),
            (Nag::SINGULAR_MOVE, 8),
            (Nag::WORST_MOVE, 9),
            (Nag::DRAWISH_POSITION, 10),
            (Nag::EQUAL_QUIET_POSITION, 11),
            (Nag::EQUAL_ACTIVE_POSITION, 12),
            (Nag::UNCLEAR_POSITION, 13),
            (Nag::WHITE_SLIGHT_ADVANTAGE, 14),
            (Nag::BLACK_SLIGHT_ADVANTAGE, 15),
            (Nag::WHITE_MODERATE_ADVANTAGE, 16),
            (Nag::BLACK_MODERATE_ADVANTAGE, 17),
            (Nag::WHITE_DECISIVE_ADVANTAGE, 18),
            (Nag::BLACK_DECISIVE_ADVANTAGE, 19),
            (Nag::WHITE_CRUSHING_ADVANTAGE, 20),
            (Nag::BLACK_CRUSHING_ADVANTAGE, 21),
            (Nag::WHITE_ZUGZWANG, 22),
            (Nag::BLACK_ZUGZWANG, 23),
            (Nag::WHITE_INITIATIVE, 36),
            (Nag::BLACK_INITIATIVE, 37),
            (Nag::WHITE_ATTACK, 40),
            (Nag::BLACK_ATTACK, 41),
            (Nag::WHITE_COUNTERPLAY, 132),
            (Nag::BLACK_COUNTERPLAY, 133),
            (Nag::WHITE_SEVERE_TIME_PRESSURE, 138),
            (Nag::BLACK_SEVERE_TIME_PRESSURE, 139),
            (Nag::MAX_DEFINED, 139),
        ];
        for (nag, n) in cases {
            assert_eq!(nag, Nag(n));
        }
        assert_eq!(Nag::WHITE_ATTACK.description(), Some("White has the attack"));
        assert_eq!(Nag::WHITE_COUNTERPLAY.description(), Some("White has moderate counterplay"));
        assert_eq!(u8::from(Nag::from(7u8)), 7);
    }

    #[test]
    fn suffixes_map_to_nags_per_ruling_e8() {
        let cases = [
            (&b"!"[..], Suffix::Good, 1),
            (b"?", Suffix::Mistake, 2),
            (b"!!", Suffix::Brilliant, 3),
            (b"??", Suffix::Blunder, 4),
            (b"!?", Suffix::Speculative, 5),
            (b"?!", Suffix::Dubious, 6),
        ];
        for (text, suffix, n) in cases {
            assert_eq!(Suffix::from_ascii(text), Some(suffix));
            assert_eq!(suffix.as_str().as_bytes(), text);
            assert_eq!(suffix.to_string().as_bytes(), text);
            assert_eq!(suffix.nag(), Nag(n));
            assert_eq!(Nag(n).suffix(), Some(suffix));
        }
        assert_eq!(Suffix::ALL.map(Suffix::nag), [1, 2, 3, 4, 5, 6].map(Nag));
    }

    #[test]
    fn other_nags_have_no_suffix() {
        assert_eq!(Nag(0).suffix(), None);
        for n in 7..=255u8 {
            assert_eq!(Nag(n).suffix(), None);
        }
    }

    #[test]
    fn rejects_other_suffix_text() {
        for bad in [&b""[..], b"!!!", b"???", b"?!?", b"! ", b" !", b"!!?", b"$1", b"+"] {
            assert_eq!(Suffix::from_ascii(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn reads_evaluation_glyphs() {
        let cases = [
            ("=", 10),
            ("+=", 14),
            ("=+", 15),
            ("+/-", 16),
            ("-/+", 17),
            ("+-", 18),
            ("-+", 19),
            ("∞", 13),
            ("⩲", 14),
            ("⩱", 15),
            ("±", 16),
            ("∓", 17),
            ("+\u{2212}", 18),
            ("\u{2212}+", 19),
            ("+\u{2013}", 18),
            ("\u{2013}+", 19),
            ("+/\u{2013}", 16),
            ("\u{2013}/+", 17),
        ];
        for (glyph, n) in cases {
            assert_eq!(Nag::from_glyph(glyph.as_bytes()), Some(Nag(n)), "{glyph}");
        }
        assert_eq!(Nag::from_glyph(b"\xe2\x88\x9e"), Some(Nag::UNCLEAR_POSITION));
    }

    #[test]
    fn rejects_unknown_glyphs() {
        for bad in ["", "+", "-", "==", "=/∞", "∞/=", "+ -", " +-", "+-+", "!", "?!", "$14", "1-0"]
        {
            assert_eq!(Nag::from_glyph(bad.as_bytes()), None, "{bad}");
        }
        // Truncated UTF-8 of `∞`.
        assert_eq!(Nag::from_glyph(b"\xe2\x88"), None);
    }

    #[test]
    fn glyph_is_the_preferred_spelling() {
        let cases = [
            (10, "="),
            (13, "∞"),
            (14, "+="),
            (15, "=+"),
            (16, "+/-"),
            (17, "-/+"),
            (18, "+-"),
            (19, "-+"),
        ];
        for (n, glyph) in cases {
            assert_eq!(Nag(n).glyph(), Some(glyph));
            assert_eq!(Nag::from_glyph(glyph.as_bytes()), Some(Nag(n)));
        }
        for n in (0..=9).chain(11..=12).chain(20..=255) {
            assert_eq!(Nag(n).glyph(), None, "{n}");
        }
    }
}

// The example of README.md, the crate's page on crates.io, run as a
// doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
