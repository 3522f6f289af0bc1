//! Tag pairs (§8.1, §9): tag names, the Seven Tag Roster and its default
//! values, and typed, validating parsers for the values of the standard tags.
//!
//! Every parser takes a tag value as bytes, already unescaped, and returns a
//! typed value or a [`TagValueError`] that says what is wrong and at which
//! byte of the value. None of them panics, whatever the bytes. Parsers named
//! `from_ascii` accept exactly what the standard describes; those named
//! `parse_lenient` also accept forms found in real files and report in
//! [`Lenient::nonstandard`] that they did, so the caller can warn.
//!
//! | Tag | Section | Parser |
//! |---|---|---|
//! | `Date`, `EventDate`, `UTCDate` | §8.1.1.3, §9.2.1, §9.5.3 | [`PgnDate`] |
//! | `Round` | §8.1.1.4 | [`Round`] |
//! | `Result` | §8.1.1.7 | [`GameResult`] |
//! | `WhiteTitle`, `BlackTitle` | §9.1.1 | [`Title`] (per player: [`player_fields`]) |
//! | `WhiteElo`, `BlackElo` | §9.1.2 | [`Elo`] |
//! | `WhiteUSCF`, `BlackUSCF` | §9.1.3 | [`Elo`] |
//! | `WhiteNA`, `BlackNA` | §9.1.4 | [`NetAddress`] |
//! | `WhiteType`, `BlackType` | §9.1.5 | [`PlayerType`] |
//! | `Board` | §9.2.5 | [`parse_board`] |
//! | `ECO` | §9.4.1 | [`Eco`] |
//! | `NIC` | §9.4.2 | [`Nic`] |
//! | `Time`, `UTCTime` | §9.5.1, §9.5.2 | [`PgnTime`] |
//! | `TimeControl` | §9.6.1 | [`TimeControl`] |
//! | `SetUp` (with `FEN`) | §9.7.1 | [`SetUp`], [`check_setup_fen`] |
//! | `Termination` | §9.8.1 | [`Termination`] |
//! | `Mode` | §9.9.2 | [`Mode`] |
//! | `PlyCount` | §9.9.3 | [`parse_ply_count`] |
//! | `Site` (its country code) | §8.1.1.2, §15 | [`ioc`] |
//!
//! The other tags of §9 (EventSponsor, Section, Stage, Opening, Variation,
//! SubVariation, FEN, Annotator) take any string here; a FEN is read by
//! the crates that know positions. Whatever the tag, a value that
//! [`is_placeholder`] (empty, `-`, or question marks) means "unknown" or
//! "does not apply" and is never out of form (ruling T0).
//!
//! ```
//! use pgn_syntax::tags::{
//!     self, GameResult, PgnDate, TagValueError, TagValueErrorKind, TimeControl,
//! };
//!
//! assert!(tags::is_str_tag(b"Round"));
//! assert_eq!(tags::case_corrected_tag(b"EVENT"), Some("Event"));
//!
//! let date = PgnDate::from_ascii(b"2024.??.??")?;
//! assert_eq!(date.year, Some(2024));
//! assert_eq!(date.month, None);
//!
//! // A form the standard does not allow, read with a warning flag.
//! let lenient = PgnDate::parse_lenient(b"2024-01-05")?;
//! assert!(lenient.nonstandard);
//! assert_eq!(lenient.value.to_string(), "2024.01.05");
//!
//! assert_eq!(GameResult::from_ascii(b"1/2-1/2")?, GameResult::Draw);
//! assert_eq!(TimeControl::from_ascii(b"40/9000:300")?.to_string(), "40/9000:300");
//!
//! let error = PgnDate::from_ascii(b"2023.02.29").unwrap_err();
//! assert_eq!(error.offset, 8);
//! assert!(matches!(error.kind, TagValueErrorKind::NoSuchDay { .. }));
//! assert_eq!(error.to_string(), "day 29 does not exist in month 2 of 2023 at byte 8");
//! # Ok::<_, TagValueError>(())
//! ```

mod date;
mod eco;
mod error;
mod grammar;
pub mod ioc;
mod names;
mod nic;
mod numbers;
mod player;
mod result;
mod round;
mod setup;
mod termination;
mod time;
mod time_control;

pub use date::PgnDate;
pub use eco::Eco;
pub use error::{TagValueError, TagValueErrorKind};
pub use names::{
    SEVEN_TAG_ROSTER, STANDARD_TAGS, case_corrected_tag, is_archival_tag_name, is_standard_tag,
    is_str_tag, is_valid_tag_name, str_default_value, str_index,
};
pub use nic::Nic;
pub use numbers::{Elo, MAX_ELO, parse_board, parse_ply_count};
pub use player::{NetAddress, PlayerType, Title, player_fields};
pub use result::GameResult;
pub use round::Round;
pub use setup::{SetUp, SetupFenProblem, check_setup_fen};
pub use termination::{Mode, Termination};
pub use time::PgnTime;
pub use time_control::{TimeControl, TimeControlField};

/// Whether a tag value is a placeholder (ruling T0): without the white
/// space around it, it is empty, `-`, or only question marks (`?`,
/// `????`). A placeholder says that the value is unknown, or for `-` that
/// it does not apply (an unrated or untitled player, no time control); the
/// reader never warns about one in a tag of §9.
///
/// ```
/// use pgn_syntax::tags::is_placeholder;
///
/// assert!(is_placeholder(b"?") && is_placeholder(b"-") && is_placeholder(b" "));
/// assert!(!is_placeholder(b"2024.??.??") && !is_placeholder(b"--"));
/// ```
pub fn is_placeholder(value: &[u8]) -> bool {
    match value.trim_ascii() {
        [] | [b'-'] => true,
        value => value.iter().all(|&b| b == b'?'),
    }
}

/// A value read by a lenient parser, and whether reading it needed a rule
/// beyond the standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Lenient<T> {
    /// The value.
    pub value: T,
    /// `true` when the text does not follow the standard and was read only
    /// thanks to a lenient rule: the caller should report a warning (and
    /// write the value in its standard form on export).
    pub nonstandard: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every byte string of up to `max_len` bytes over `alphabet`.
    fn all_strings(alphabet: &[u8], max_len: usize) -> Vec<Vec<u8>> {
        let mut all = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..max_len {
            let next: Vec<Vec<u8>> = last
                .iter()
                .flat_map(|prefix: &Vec<u8>| {
                    alphabet.iter().map(move |&b| {
                        let mut s = prefix.clone();
                        s.push(b);
                        s
                    })
                })
                .collect();
            all.extend(next.iter().cloned());
            last = next;
        }
        all
    }

    /// Checks a strict parser on `value`: an error points inside the value,
    /// and a success writes back to text that parses to the same value.
    fn check_strict<T, S>(value: &[u8], strict: S) -> Result<T, TagValueError>
    where
        T: PartialEq + std::fmt::Debug + std::fmt::Display,
        S: Fn(&[u8]) -> Result<T, TagValueError>,
    {
        let parsed = strict(value);
        match &parsed {
            Ok(parsed) => {
                let written = parsed.to_string();
                assert_eq!(strict(written.as_bytes()).as_ref(), Ok(parsed), "{value:?}");
            }
            Err(error) => assert!(error.offset <= value.len(), "{value:?}: {error}"),
        }
        parsed
    }

    /// Checks a strict and lenient parser pair on `value`: as
    /// [`check_strict`], and the lenient parser agrees with the strict one
    /// on standard text and flags everything else.
    fn check<T, S, L>(value: &[u8], strict: S, lenient: L)
    where
        T: PartialEq + std::fmt::Debug + std::fmt::Display,
        S: Fn(&[u8]) -> Result<T, TagValueError>,
        L: Fn(&[u8]) -> Result<Lenient<T>, TagValueError>,
    {
        match (check_strict(value, &strict), lenient(value)) {
            (Ok(strict), Ok(lenient)) => {
                assert_eq!(lenient, Lenient { value: strict, nonstandard: false }, "{value:?}");
            }
            (Err(_), Ok(lenient)) => {
                assert!(lenient.nonstandard, "{value:?}");
                // Written back, a lenient value is standard text, except for
                // the nonstandard variants (`?` ratings, time controls with
                // an increment per period).
                let written = lenient.value.to_string();
                let reread = strict(written.as_bytes());
                assert!(
                    reread.as_ref() == Ok(&lenient.value)
                        || written == "?"
                        || written.contains('/') && written.contains('+')
                        || written.contains('.'),
                    "{value:?}"
                );
            }
            (Ok(_), Err(error)) => {
                panic!("{value:?}: lenient fails where strict succeeds: {error}")
            }
            (Err(_), Err(error)) => assert!(error.offset <= value.len(), "{value:?}: {error}"),
        }
    }

    fn check_all(value: &[u8]) {
        check(value, |v: &[u8]| PgnDate::from_ascii(v), |v: &[u8]| PgnDate::parse_lenient(v));
        check(value, |v: &[u8]| GameResult::from_ascii(v), |v: &[u8]| GameResult::parse_lenient(v));
        check(
            value,
            |v: &[u8]| TimeControl::from_ascii(v),
            |v: &[u8]| TimeControl::parse_lenient(v),
        );
        check(value, |v: &[u8]| Elo::from_ascii(v), |v: &[u8]| Elo::parse_lenient(v));
        let _ = check_strict(value, |v: &[u8]| Round::from_ascii(v));
        let _ = check_strict(value, |v: &[u8]| PgnTime::from_ascii(v));
        let _ = check_strict(value, |v: &[u8]| Eco::from_ascii(v));
        let _ = check_strict(value, |v: &[u8]| SetUp::from_ascii(v));
        let _ = check_strict(value, |v: &[u8]| parse_ply_count(v));
        let _ = check_strict(value, |v: &[u8]| parse_board(v));
        let _ = check_strict(value, |v: &[u8]| Nic::from_ascii(v));
        let _ = check_strict(value, |v: &[u8]| Title::from_ascii(v));
        let _ = check_strict(value, |v: &[u8]| PlayerType::from_ascii(v));
        // Not written back: an address that is not UTF-8 is shown lossily.
        if let Ok(NetAddress::Address(bytes)) = NetAddress::from_ascii(value) {
            assert_eq!(bytes, value);
        }
        if let Some(code) = ioc::site_code(value) {
            assert_eq!(code.len(), 3);
            let _ = ioc::is_known_site_code(code);
        }
        let _ = is_placeholder(value);
        let termination = Termination::from_ascii(value);
        assert!(termination.as_bytes().eq_ignore_ascii_case(value));
        assert!(Mode::from_ascii(value).as_bytes().eq_ignore_ascii_case(value));
        let _ = check_setup_fen(Some(value), None);
        if let Some(tag) = case_corrected_tag(value) {
            assert!(tag.as_bytes().eq_ignore_ascii_case(value));
        }
        let _ = is_valid_tag_name(value);
    }

    #[test]
    fn short_inputs_never_panic_and_round_trip() {
        for value in all_strings(b"019.?-/:+* \xff", 4) {
            check_all(&value);
        }
    }

    #[test]
    fn longer_inputs_never_panic_and_round_trip() {
        let alphabet = b"0123456789.?-/:+* \t\xbd\xe2\x80\x93ABE";
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let len = usize::try_from(state >> 60).unwrap_or(0) + 1;
            let mut value = Vec::with_capacity(len);
            for _ in 0..len {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let index = usize::try_from(state >> 33).unwrap_or(0) % alphabet.len();
                value.push(alphabet.get(index).copied().unwrap_or(b'0'));
            }
            check_all(&value);
        }
        for value in [
            &b"2024.02.29"[..],
            b"1900.02.29",
            b"40/9000:300:*180",
            b"4294967295/4294967295",
            b"4294967296+1",
            b"99999999999999999999999999999999999999.1",
            b"1/2-1/2",
            b"C42/03",
            b"23:59:59",
        ] {
            check_all(value);
        }
    }
}
