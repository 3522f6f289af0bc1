//! The payloads of the diagnostics about tag pairs: which checked tag
//! ([`CheckedTag`]) and what form its value should have ([`TagForm`]),
//! what is wrong with a malformed pair ([`TagFault`]), and a set of Seven
//! Tag Roster tags ([`RosterTags`]).

use std::fmt;

use crate::tags::SEVEN_TAG_ROSTER;

/// A tag whose value the reader checks against its grammar (§8.1.1, §9).
///
/// With the `serde` feature, the tag's name (`"UTCDate"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum CheckedTag {
    /// `Date` (§8.1.1.3).
    Date,
    /// `Round` (§8.1.1.4).
    Round,
    /// `Result` (§8.1.1.7).
    Result,
    /// `WhiteTitle` (§9.1.1).
    WhiteTitle,
    /// `BlackTitle` (§9.1.1).
    BlackTitle,
    /// `WhiteElo` (§9.1.2).
    WhiteElo,
    /// `BlackElo` (§9.1.2).
    BlackElo,
    /// `WhiteUSCF` (§9.1.3).
    #[cfg_attr(feature = "serde", serde(rename = "WhiteUSCF"))]
    WhiteUscf,
    /// `BlackUSCF` (§9.1.3).
    #[cfg_attr(feature = "serde", serde(rename = "BlackUSCF"))]
    BlackUscf,
    /// `WhiteNA` (§9.1.4).
    #[cfg_attr(feature = "serde", serde(rename = "WhiteNA"))]
    WhiteNa,
    /// `BlackNA` (§9.1.4).
    #[cfg_attr(feature = "serde", serde(rename = "BlackNA"))]
    BlackNa,
    /// `WhiteType` (§9.1.5).
    WhiteType,
    /// `BlackType` (§9.1.5).
    BlackType,
    /// `EventDate` (§9.2.1).
    EventDate,
    /// `Board` (§9.2.5).
    Board,
    /// `ECO` (§9.4.1).
    #[cfg_attr(feature = "serde", serde(rename = "ECO"))]
    Eco,
    /// `NIC` (§9.4.2).
    #[cfg_attr(feature = "serde", serde(rename = "NIC"))]
    Nic,
    /// `Time` (§9.5.1).
    Time,
    /// `UTCTime` (§9.5.2).
    #[cfg_attr(feature = "serde", serde(rename = "UTCTime"))]
    UtcTime,
    /// `UTCDate` (§9.5.3).
    #[cfg_attr(feature = "serde", serde(rename = "UTCDate"))]
    UtcDate,
    /// `TimeControl` (§9.6.1).
    TimeControl,
    /// `SetUp` (§9.7.1).
    SetUp,
    /// `Termination` (§9.8.1).
    Termination,
    /// `Mode` (§9.9.2).
    Mode,
    /// `PlyCount` (§9.9.3).
    PlyCount,
}

impl CheckedTag {
    /// The tag's name, as the standard spells it (`UTCDate`, `ECO`).
    pub fn name(self) -> &'static str {
        match self {
            CheckedTag::Date => "Date",
            CheckedTag::Round => "Round",
            CheckedTag::Result => "Result",
            CheckedTag::WhiteTitle => "WhiteTitle",
            CheckedTag::BlackTitle => "BlackTitle",
            CheckedTag::WhiteElo => "WhiteElo",
            CheckedTag::BlackElo => "BlackElo",
            CheckedTag::WhiteUscf => "WhiteUSCF",
            CheckedTag::BlackUscf => "BlackUSCF",
            CheckedTag::WhiteNa => "WhiteNA",
            CheckedTag::BlackNa => "BlackNA",
            CheckedTag::WhiteType => "WhiteType",
            CheckedTag::BlackType => "BlackType",
            CheckedTag::EventDate => "EventDate",
            CheckedTag::Board => "Board",
            CheckedTag::Eco => "ECO",
            CheckedTag::Nic => "NIC",
            CheckedTag::Time => "Time",
            CheckedTag::UtcTime => "UTCTime",
            CheckedTag::UtcDate => "UTCDate",
            CheckedTag::TimeControl => "TimeControl",
            CheckedTag::SetUp => "SetUp",
            CheckedTag::Termination => "Termination",
            CheckedTag::Mode => "Mode",
            CheckedTag::PlyCount => "PlyCount",
        }
    }

    /// The form the tag's value should have.
    pub fn form(self) -> TagForm {
        match self {
            CheckedTag::Date | CheckedTag::EventDate | CheckedTag::UtcDate => TagForm::Date,
            CheckedTag::Round => TagForm::Round,
            CheckedTag::Result => TagForm::Result,
            CheckedTag::WhiteTitle | CheckedTag::BlackTitle => TagForm::Title,
            CheckedTag::WhiteElo
            | CheckedTag::BlackElo
            | CheckedTag::WhiteUscf
            | CheckedTag::BlackUscf => TagForm::Rating,
            CheckedTag::WhiteNa | CheckedTag::BlackNa => TagForm::NetAddress,
            CheckedTag::WhiteType | CheckedTag::BlackType => TagForm::PlayerType,
            CheckedTag::Board => TagForm::Board,
            CheckedTag::Eco => TagForm::Eco,
            CheckedTag::Nic => TagForm::Nic,
            CheckedTag::Time | CheckedTag::UtcTime => TagForm::Time,
            CheckedTag::TimeControl => TagForm::TimeControl,
            CheckedTag::SetUp => TagForm::SetUp,
            CheckedTag::Termination => TagForm::Termination,
            CheckedTag::Mode => TagForm::Mode,
            CheckedTag::PlyCount => TagForm::PlyCount,
        }
    }
}

impl fmt::Display for CheckedTag {
    /// Writes [`CheckedTag::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The form a tag value should have, as a message names it: `a date
/// (YYYY.MM.DD)`, `a round number`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TagForm {
    /// `YYYY.MM.DD`, `?` for unknown digits (Date, EventDate, UTCDate).
    Date,
    /// `?`, `-`, or round numbers joined by periods (`3`, `3.1`).
    Round,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result,
    /// A title abbreviation such as `GM`, or `-` (WhiteTitle, BlackTitle).
    Title,
    /// A whole number up to [`MAX_ELO`](crate::tags::MAX_ELO), or `-`
    /// (WhiteElo, BlackElo, WhiteUSCF, BlackUSCF).
    Rating,
    /// An e-mail or network address, or `-` (WhiteNA, BlackNA).
    NetAddress,
    /// `human` or `program` (WhiteType, BlackType).
    PlayerType,
    /// A board number, a whole number from 1.
    Board,
    /// An ECO code, `A00` to `E99` with an optional subcode (`C42/03`).
    Eco,
    /// A NIC code, two letters and a number (`SI 13`, `RL 7.3`).
    Nic,
    /// `HH:MM:SS`, `??` for unknown parts (Time, UTCTime).
    Time,
    /// Fields of §9.6.1 joined by `:` (`40/9000:300`, `300+5`, `?`, `-`).
    TimeControl,
    /// `0` or `1`.
    SetUp,
    /// One of the eight values of §9.8.1.
    Termination,
    /// One of the five modes of §9.9.2.
    Mode,
    /// A whole number of plies.
    PlyCount,
}

impl TagForm {
    /// What a value of this form is, in a few words: `a date`.
    pub fn noun(self) -> &'static str {
        match self {
            TagForm::Date => "a date",
            TagForm::Round => "a round number",
            TagForm::Result => "a result",
            TagForm::Title => "a title",
            TagForm::Rating => "a rating",
            TagForm::NetAddress => "an e-mail or network address",
            TagForm::PlayerType => "a player type",
            TagForm::Board => "a board number",
            TagForm::Eco => "an ECO code",
            TagForm::Nic => "a NIC code",
            TagForm::Time => "a time",
            TagForm::TimeControl => "a time control",
            TagForm::SetUp => "0 or 1",
            TagForm::Termination => "a standard termination",
            TagForm::Mode => "a standard mode",
            TagForm::PlyCount => "a ply count",
        }
    }

    /// How the standard writes such a value, where the noun alone does not
    /// say it: `YYYY.MM.DD`.
    pub fn pattern(self) -> Option<&'static str> {
        match self {
            TagForm::Date => Some("YYYY.MM.DD"),
            TagForm::Round | TagForm::SetUp => None,
            TagForm::Result => Some("1-0, 0-1, 1/2-1/2 or *"),
            TagForm::Title => Some("GM, IM, FM, CM, WGM, WIM, WFM, WCM, NM, WNM, LM, BOT or -"),
            TagForm::Rating => Some("a whole number, or -"),
            TagForm::NetAddress => Some("one word with @ or ://, or -"),
            TagForm::PlayerType => Some("human or program"),
            TagForm::Board => Some("a whole number from 1"),
            TagForm::Eco => Some("A00 to E99, as B12 or C42/03"),
            TagForm::Nic => Some("as SI 13 or RL 7.3"),
            TagForm::Time => Some("HH:MM:SS"),
            TagForm::TimeControl => Some("as 40/9000:300, 300+5, ? or -"),
            TagForm::Termination => Some(
                "abandoned, adjudication, death, emergency, normal, rules infraction, \
                 time forfeit or unterminated",
            ),
            TagForm::Mode => Some("OTB, PM, EM, ICS or TC"),
            TagForm::PlyCount => Some("a whole number"),
        }
    }
}

impl fmt::Display for TagForm {
    /// The noun, and the pattern in parentheses: `a date (YYYY.MM.DD)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.noun())?;
        match self.pattern() {
            Some(pattern) => write!(f, " ({pattern})"),
            None => Ok(()),
        }
    }
}

/// What is wrong with a malformed tag pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum TagFault {
    /// `["value"]` or `[]`: no name; the pair is dropped.
    NoName,
    /// `[Name]`: no value; the pair is dropped.
    NoValue,
    /// No `]` before the end of the line (or a next `[`, or the end of the
    /// game); a pair without its value is dropped.
    Unclosed,
    /// A quote inside the value that is not escaped: the value is read from
    /// the first quote to the last one before the `]`.
    QuoteInValue,
    /// Something between the value and the `]`; skipped.
    JunkBeforeClose,
}

impl fmt::Display for TagFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TagFault::NoName => "no name, pair dropped",
            TagFault::NoValue => "no value, pair dropped",
            TagFault::Unclosed => "no closing bracket",
            TagFault::QuoteInValue => "unescaped quote in the value, read up to the last quote",
            TagFault::JunkBeforeClose => "junk before the closing bracket skipped",
        })
    }
}

/// A set of the tags of the Seven Tag Roster (§8.1.1), iterated in roster
/// order. With the `serde` feature, their names in roster order
/// (`["Site", "Round"]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RosterTags(u8);

impl RosterTags {
    /// No tag.
    pub const NONE: RosterTags = RosterTags(0);
    /// All seven.
    pub const ALL: RosterTags = RosterTags(0b111_1111);

    /// The set of a bit per tag, by roster index (bits above the seventh
    /// ignored).
    pub(crate) fn from_bits(bits: u8) -> RosterTags {
        RosterTags(bits & RosterTags::ALL.0)
    }

    /// Whether the set holds the roster tag of this name.
    pub fn contains(self, name: &str) -> bool {
        self.names().any(|n| n == name)
    }

    /// The names of the tags in the set, in roster order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        SEVEN_TAG_ROSTER
            .iter()
            .enumerate()
            .filter(move |&(index, _)| self.0 & (1 << index) != 0)
            .map(|(_, &name)| name)
    }

    /// How many tags the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for RosterTags {
    /// The names in roster order, separated by `, `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in self.names().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_checked_tag_is_a_standard_tag_with_a_form() {
        use CheckedTag::*;
        let all = [
            Date,
            Round,
            Result,
            WhiteTitle,
            BlackTitle,
            WhiteElo,
            BlackElo,
            WhiteUscf,
            BlackUscf,
            WhiteNa,
            BlackNa,
            WhiteType,
            BlackType,
            EventDate,
            Board,
            Eco,
            Nic,
            Time,
            UtcTime,
            UtcDate,
            TimeControl,
            SetUp,
            Termination,
            Mode,
            PlyCount,
        ];
        for tag in all {
            assert!(crate::tags::is_standard_tag(tag.name().as_bytes()), "{tag}");
            assert!(!tag.form().to_string().is_empty());
        }
    }

    #[test]
    fn forms_read_as_messages_say_them() {
        assert_eq!(TagForm::Date.to_string(), "a date (YYYY.MM.DD)");
        assert_eq!(TagForm::Round.to_string(), "a round number");
        assert_eq!(TagForm::Time.to_string(), "a time (HH:MM:SS)");
        assert_eq!(TagForm::SetUp.to_string(), "0 or 1");
    }

    #[test]
    fn roster_sets_list_their_names_in_roster_order() {
        let set = RosterTags::from_bits(0b100_1010);
        assert_eq!(set.to_string(), "Site, Round, Result");
        assert_eq!(set.len(), 3);
        assert!(set.contains("Round") && !set.contains("Event"));
        assert_eq!(RosterTags::from_bits(0xff), RosterTags::ALL);
        assert!(RosterTags::NONE.is_empty());
        assert_eq!(RosterTags::ALL.names().count(), 7);
    }
}
