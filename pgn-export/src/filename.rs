//! File names for PGN data (§11), made safe for the common file systems.
//!
//! §11 suggests names that say what a file holds: a player's last name
//! (§11.2), an event's name (§11.3), or the date, as `YYYY.pgn`,
//! `YYYYMM.pgn` or `YYYYMMDD.pgn` (§11.4), always with the suffix `.pgn`
//! (§11.1). It also warns that such names "may be difficult or impossible
//! to represent on certain computing systems" and leaves the conversion to
//! the writer. [`SplitBy`] gives the names for a game's tags; the functions
//! below give them for one tag value.
//!
//! # Where the standard is silent
//!
//! - **Tag values** are those export writes (ruling E1): a missing Event,
//!   White or Black counts as `?`, a missing Date as `????.??.??`; of a tag
//!   given twice, the last value counts (ruling E2).
//! - **Last name** (§11.2): the part of a White or Black value before its
//!   first comma, with surrounding whitespace removed (§8.1.1.5 writes
//!   names as `Last, First`); a value without a comma is taken whole.
//! - **Dates** (§11.4) are read as the collating sequence reads them
//!   ([`crate::collate`]): each `?` digit is a zero, as §11.4 asks, and a
//!   part that is missing or cannot be read counts as zero. Each number is
//!   written with the standard's width (four digits for the year, two for
//!   the month and the day); a number too wide for it counts as unreadable.
//!   So `1992.08.??` gives `1992.pgn`, `199208.pgn` and `19920800.pgn`,
//!   and `????.??.??` (or no Date at all) gives `0000.pgn`. Ranges are
//!   not checked.
//! - **Safety** ([`safe_stem`]), for Linux, macOS and Windows alike:
//!   - the bytes that Windows forbids in names (`/ \ : * ? " < > |`;
//!     `/` is also Unix's separator and `:` the old macOS one) and every
//!     control character (U+0000 to U+001F, U+007F to U+009F) become `_`;
//!   - a value that is not UTF-8 is decoded as cp1252 or Latin-1 (ruling
//!     E14), so every name is UTF-8 and a player has one name in files of
//!     either encoding; valid UTF-8 is kept as it is (not normalised);
//!   - spaces and dots are removed from both ends: Windows drops them at
//!     the end, a leading dot hides a file on Unix, and `.` and `..` name
//!     directories;
//!   - the stem is cut to [`MAX_STEM_LEN`] bytes, on a character boundary,
//!     far below the 255-byte limit of common file systems;
//!   - a value that is empty, made only of `?` (unknown, §8.1.1), or left
//!     empty by the steps above gives the stem [`UNKNOWN_STEM`];
//!   - a stem whose part before its first dot is a device name of Windows
//!     (`CON`, `PRN`, `AUX`, `NUL`, `COM0` to `COM9`, `LPT0` to `LPT9`,
//!     `COM¹`, `COM²`, `COM³`, `LPT¹`, `LPT²`, `LPT³`, `CONIN$`, `CONOUT$`,
//!     in any case) gets a `_` after that part: `CON` gives `CON_.pgn`.
//! - **Case.** Names keep their case. On a file system that ignores case,
//!   `Carlsen.pgn` and `carlsen.pgn` are one file: a caller that writes
//!   many files keys them by [`folded`] to put such games together.
//!
//! ```
//! use pgn_export::filename::{SplitBy, day_file_name, folded, player_file_name};
//! use pgn_replay::pgn_syntax::Tags;
//!
//! assert_eq!(player_file_name(b"Kasparov, Garry"), "Kasparov.pgn");
//! assert_eq!(day_file_name(b"1992.08.??"), "19920800.pgn");
//! assert_eq!(player_file_name(b"AC/DC: *live*"), "AC_DC_ _live_.pgn");
//! assert_eq!(folded("Carlsen.pgn"), folded("CARLSEN.pgn"));
//!
//! let mut tags = Tags::new();
//! tags.push(&b"White"[..], &b"Fischer, Robert J."[..]);
//! tags.push(&b"Black"[..], &b"Spassky, Boris V."[..]);
//! tags.push(&b"Date"[..], &b"1972.07.11"[..]);
//! assert_eq!(SplitBy::Player.file_names(&tags), ["Fischer.pgn", "Spassky.pgn"]);
//! assert_eq!(SplitBy::Month.file_names(&tags), ["197207.pgn"]);
//! assert_eq!(SplitBy::Event.file_names(&tags), ["unknown.pgn"]);
//! ```

use std::fmt::Write;

use pgn_replay::pgn_syntax::tags::str_default_value;
use pgn_replay::pgn_syntax::{Decoding, Tags, decode};

use crate::collate::date_numbers;

/// The suffix of every PGN file name (§11.1).
pub const SUFFIX: &str = ".pgn";

/// The longest stem [`safe_stem`] gives, in bytes (a reserved device name
/// may get one `_` more).
pub const MAX_STEM_LEN: usize = 100;

/// The stem of a name whose value is empty or unknown (`?`).
pub const UNKNOWN_STEM: &str = "unknown";

/// The device names of Windows, which no file may have before its first
/// dot, in upper case.
const RESERVED: [&str; 32] = [
    "CON", "PRN", "AUX", "NUL", "COM0", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7",
    "COM8", "COM9", "COM¹", "COM²", "COM³", "LPT0", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6",
    "LPT7", "LPT8", "LPT9", "LPT¹", "LPT²", "LPT³", "CONIN$", "CONOUT$",
];

/// How games are spread over files (§11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SplitBy {
    /// One file a year, `YYYY.pgn` (§11.4).
    Year,
    /// One file a month, `YYYYMM.pgn` (§11.4).
    Month,
    /// One file a day, `YYYYMMDD.pgn` (§11.4).
    Day,
    /// One file an event, named after it (§11.3).
    Event,
    /// One file a player, named after the last name (§11.2): a game goes
    /// into both its players' files.
    Player,
    /// One file an ECO code (§9.4.1), `B20.pgn`; a game without one goes
    /// into `unknown.pgn`. Not in §11, which names no opening files; as
    /// pgn-extract's `-E`.
    Eco,
}

impl SplitBy {
    /// The names of the files a game with these tags goes into: one, or
    /// for [`SplitBy::Player`] White's and then Black's, unless both give
    /// the same [`folded`] name (then White's alone).
    pub fn file_names(self, tags: &Tags) -> Vec<String> {
        match self {
            SplitBy::Year => vec![year_file_name(roster_value(tags, "Date"))],
            SplitBy::Month => vec![month_file_name(roster_value(tags, "Date"))],
            SplitBy::Day => vec![day_file_name(roster_value(tags, "Date"))],
            SplitBy::Event => vec![event_file_name(roster_value(tags, "Event"))],
            SplitBy::Eco => vec![eco_file_name(tags.get("ECO").unwrap_or(b"?"))],
            SplitBy::Player => {
                let white = player_file_name(roster_value(tags, "White"));
                let black = player_file_name(roster_value(tags, "Black"));
                if folded(&white) == folded(&black) { vec![white] } else { vec![white, black] }
            }
        }
    }
}

/// The value of a roster tag as export writes it (rulings E1 and E2).
fn roster_value<'a>(tags: &'a Tags, name: &str) -> &'a [u8] {
    tags.get(name).unwrap_or_else(|| str_default_value(name.as_bytes()).unwrap_or("?").as_bytes())
}

/// The last name in a White or Black value (§11.2): the part before the
/// first comma, without surrounding whitespace, or the whole value when it
/// has no comma.
pub fn last_name(player: &[u8]) -> &[u8] {
    player.split(|&b| b == b',').next().unwrap_or(player).trim_ascii()
}

/// The file name for a player's games (§11.2): the [`last_name`] of a
/// White or Black value, made safe, and `.pgn`.
pub fn player_file_name(player: &[u8]) -> String {
    with_suffix(safe_stem(last_name(player)))
}

/// The file name for an event's games (§11.3): the Event value, made safe,
/// and `.pgn`.
pub fn event_file_name(event: &[u8]) -> String {
    with_suffix(safe_stem(event))
}

/// The file name for the games of an opening, from an ECO value: its code
/// (a letter A to E and two digits, upper case), else `unknown.pgn`.
///
/// ```
/// use pgn_export::filename::eco_file_name;
///
/// assert_eq!(eco_file_name(b"B20"), "B20.pgn");
/// assert_eq!(eco_file_name(b" c42 "), "C42.pgn");
/// assert_eq!(eco_file_name(b"?"), "unknown.pgn");
/// assert_eq!(eco_file_name(b"B2"), "unknown.pgn");
/// ```
pub fn eco_file_name(eco: &[u8]) -> String {
    match eco.trim_ascii() {
        &[letter, tens, ones]
            if matches!(letter.to_ascii_uppercase(), b'A'..=b'E')
                && tens.is_ascii_digit()
                && ones.is_ascii_digit() =>
        {
            let code = [letter.to_ascii_uppercase(), tens, ones];
            with_suffix(String::from_utf8_lossy(&code).into_owned())
        }
        _ => with_suffix(UNKNOWN_STEM.to_owned()),
    }
}

/// The file name for a year's games (§11.4), `YYYY.pgn`, from a Date value.
pub fn year_file_name(date: &[u8]) -> String {
    date_file_name(date, 1)
}

/// The file name for a month's games (§11.4), `YYYYMM.pgn`, from a Date
/// value.
pub fn month_file_name(date: &[u8]) -> String {
    date_file_name(date, 2)
}

/// The file name for a day's games (§11.4), `YYYYMMDD.pgn`, from a Date
/// value.
pub fn day_file_name(date: &[u8]) -> String {
    date_file_name(date, 3)
}

/// The first `parts` numbers of a date, each in its standard width, and
/// `.pgn`.
fn date_file_name(date: &[u8], parts: usize) -> String {
    let mut name = String::with_capacity(8 + SUFFIX.len());
    for (number, width) in date_numbers(date).into_iter().zip([4, 2, 2]).take(parts) {
        let number = if number < 10u32.pow(width) { number } else { 0 };
        // Writing to a `String` cannot fail.
        let _ = write!(name, "{number:0width$}", width = width as usize);
    }
    name.push_str(SUFFIX);
    name
}

/// `stem` and `.pgn`.
fn with_suffix(mut stem: String) -> String {
    stem.push_str(SUFFIX);
    stem
}

/// Whether `c` may not stand in a file name.
fn is_forbidden(c: char) -> bool {
    matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') || c.is_control()
}

/// A tag value made into a file name stem that is valid on Linux, macOS
/// and Windows: decoded (UTF-8, else cp1252 or Latin-1, ruling E14),
/// forbidden characters and control characters replaced by `_`, spaces and dots trimmed, cut to [`MAX_STEM_LEN`] bytes,
/// [`UNKNOWN_STEM`] for an empty or unknown value, and a `_` after a device
/// name of Windows (see the [module documentation](self)).
pub fn safe_stem(value: &[u8]) -> String {
    let trimmed = value.trim_ascii();
    if trimmed.iter().all(|&b| b == b'?') {
        return UNKNOWN_STEM.to_owned();
    }
    // Text that is not UTF-8 is cp1252 or Latin-1 (ruling E14): the same
    // player gets the same name in a file of either encoding.
    let text = decode(value, Decoding::Auto);
    let stem: String = text.chars().map(|c| if is_forbidden(c) { '_' } else { c }).collect();
    let stem = trim_spaces_and_dots(&stem);
    let stem = trim_spaces_and_dots(cut(stem, MAX_STEM_LEN));
    if stem.is_empty() {
        return UNKNOWN_STEM.to_owned();
    }
    let mut stem = stem.to_owned();
    let base = stem.split('.').next().unwrap_or_default().trim_end_matches(' ');
    if is_reserved(base) {
        stem.insert(base.len(), '_');
        // The `_` may take the stem one byte past the limit: cut again
        // (what is cut is the end, never the device name and its `_`).
        if stem.len() > MAX_STEM_LEN {
            stem = trim_spaces_and_dots(cut(&stem, MAX_STEM_LEN)).to_owned();
        }
    }
    stem
}

/// `s` without spaces and dots at either end.
fn trim_spaces_and_dots(s: &str) -> &str {
    s.trim_matches([' ', '.'])
}

/// The longest start of `s` of at most `max` bytes that ends on a
/// character boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// Whether `base` is a device name of Windows, in any case.
fn is_reserved(base: &str) -> bool {
    RESERVED.iter().any(|name| name.eq_ignore_ascii_case(base))
}

/// The key under which a file system that ignores case sees `name`: its
/// Unicode lower case. Names with equal keys should go into one file.
pub fn folded(name: &str) -> String {
    name.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name.as_bytes(), value.as_bytes());
        }
        tags
    }

    #[test]
    fn a_players_file_is_named_after_the_last_name() {
        let cases = [
            ("Kasparov, Garry", "Kasparov.pgn"),
            ("  van der Wiel ,John", "van der Wiel.pgn"),
            ("Fischer, Robert J., Jr.", "Fischer.pgn"),
            ("Deep Blue", "Deep Blue.pgn"),
            ("Carlsen", "Carlsen.pgn"),
            (", Garry", "unknown.pgn"),
            ("?", "unknown.pgn"),
            ("?, ?", "unknown.pgn"),
            ("", "unknown.pgn"),
        ];
        for (player, expected) in cases {
            assert_eq!(player_file_name(player.as_bytes()), expected, "{player:?}");
        }
    }

    #[test]
    fn an_events_file_is_named_after_the_event() {
        assert_eq!(event_file_name(b"Tata Steel 2024"), "Tata Steel 2024.pgn");
        assert_eq!(event_file_name(b"F/S Return Match"), "F_S Return Match.pgn");
        assert_eq!(event_file_name(b"?"), "unknown.pgn");
        assert_eq!(event_file_name(b" ?? "), "unknown.pgn");
    }

    #[test]
    fn date_files_read_question_marks_as_zeros() {
        let cases = [
            ("1992.08.31", ["1992.pgn", "199208.pgn", "19920831.pgn"]),
            ("1992.08.??", ["1992.pgn", "199208.pgn", "19920800.pgn"]),
            ("19??.??.??", ["1900.pgn", "190000.pgn", "19000000.pgn"]),
            ("????.??.??", ["0000.pgn", "000000.pgn", "00000000.pgn"]),
            ("????.08.31", ["0000.pgn", "000008.pgn", "00000831.pgn"]),
            ("1992.8.1", ["1992.pgn", "199208.pgn", "19920801.pgn"]),
            ("1992", ["1992.pgn", "199200.pgn", "19920000.pgn"]),
            ("1992 Aug 31", ["1992.pgn", "199200.pgn", "19920000.pgn"]),
            ("12345.123.1", ["0000.pgn", "000000.pgn", "00000001.pgn"]),
            ("unknown", ["0000.pgn", "000000.pgn", "00000000.pgn"]),
            ("", ["0000.pgn", "000000.pgn", "00000000.pgn"]),
        ];
        for (date, [year, month, day]) in cases {
            let date = date.as_bytes();
            assert_eq!(
                [year_file_name(date), month_file_name(date), day_file_name(date)],
                [year, month, day]
            );
        }
    }

    #[test]
    fn a_device_name_at_the_length_limit_stays_within_it() {
        // Fuzz finding (target `names`): the `_` after `con` took a stem
        // cut to the limit one byte past it.
        let value = format!("con.{}", "b".repeat(200));
        let stem = safe_stem(value.as_bytes());
        assert_eq!(stem.len(), MAX_STEM_LEN);
        assert!(stem.starts_with("con_.bbb"), "{stem}");
        assert_eq!(safe_stem(stem.as_bytes()), stem);
    }

    #[test]
    fn every_forbidden_character_becomes_an_underscore() {
        for c in ['/', '\\', ':', '*', '?', '"', '<', '>', '|'] {
            assert_eq!(safe_stem(format!("a{c}b").as_bytes()), "a_b", "{c:?}");
        }
        for b in (0x00..=0x1f).chain([0x7f]) {
            assert_eq!(safe_stem(&[b'a', b, b'b']), "a_b", "{b:#04x}");
        }
        // C1 controls too, as characters.
        assert_eq!(safe_stem("a\u{85}b\u{9f}".as_bytes()), "a_b_");
        assert_eq!(safe_stem(b"?x?"), "_x_");
    }

    #[test]
    fn utf8_is_kept_and_other_text_decoded() {
        assert_eq!(event_file_name("Zürich".as_bytes()), "Zürich.pgn");
        assert_eq!(player_file_name("Иванчук, Василий".as_bytes()), "Иванчук.pgn");
        assert_eq!(event_file_name("東京 ♔".as_bytes()), "東京 ♔.pgn");
        // Not UTF-8 (ruling E14): Latin-1 `ü`; bytes of 0x80–0x9F that
        // cp1252 gives characters (a cut UTF-8 sequence is no UTF-8).
        assert_eq!(event_file_name(b"Z\xfcrich"), "Zürich.pgn");
        assert_eq!(player_file_name(b"M\xfcller, K"), player_file_name("Müller, K".as_bytes()));
        assert_eq!(event_file_name(b"ab\xe2\x82"), "abâ‚.pgn");
        assert_eq!(event_file_name(b"a\x80\x80b"), "a€€b.pgn");
    }

    #[test]
    fn spaces_and_dots_are_trimmed_and_empty_names_are_unknown() {
        assert_eq!(safe_stem(b"  ..Open.. "), "Open");
        assert_eq!(safe_stem(b"Open 2024."), "Open 2024");
        assert_eq!(safe_stem(b"St. Louis"), "St. Louis");
        for empty in [&b""[..], b" ", b".", b"..", b" . . ", b"?", b"???"] {
            assert_eq!(safe_stem(empty), UNKNOWN_STEM, "{:?}", empty.escape_ascii().to_string());
        }
    }

    #[test]
    fn windows_device_names_get_an_underscore() {
        let cases = [
            ("CON", "CON_"),
            ("con", "con_"),
            ("Prn", "Prn_"),
            ("aux", "aux_"),
            ("NUL ", "NUL_"),
            ("COM1", "COM1_"),
            ("com9", "com9_"),
            ("LPT5", "LPT5_"),
            ("lpt¹", "lpt¹_"),
            ("conout$", "conout$_"),
            ("CON.2024", "CON_.2024"),
            ("nul .x", "nul_ .x"),
            ("CONSOLE", "CONSOLE"),
            ("COM10", "COM10"),
            ("XCON", "XCON"),
            ("my.con", "my.con"),
        ];
        for (value, expected) in cases {
            assert_eq!(safe_stem(value.as_bytes()), expected, "{value:?}");
        }
        assert_eq!(event_file_name(b"aux"), "aux_.pgn");
    }

    #[test]
    fn long_stems_are_cut_on_a_character_boundary() {
        let long = "a".repeat(300);
        assert_eq!(event_file_name(long.as_bytes()), format!("{}.pgn", "a".repeat(100)));
        // `é` is two bytes: 100 bytes are 50 of them...
        let e = "é".repeat(60);
        assert_eq!(safe_stem(e.as_bytes()), "é".repeat(50));
        // ...but after one `a`, the 100th byte is half an `é`.
        let ae = format!("a{e}");
        assert_eq!(safe_stem(ae.as_bytes()), format!("a{}", "é".repeat(49)));
        // The cut may not leave a space or dot at the end.
        let spaced = format!("{} x", "b".repeat(99));
        assert_eq!(safe_stem(spaced.as_bytes()), "b".repeat(99));
        for value in [long, e, ae, spaced] {
            assert!(safe_stem(value.as_bytes()).len() <= MAX_STEM_LEN);
        }
    }

    #[test]
    fn folding_joins_names_that_differ_in_case() {
        assert_eq!(folded("Carlsen.pgn"), "carlsen.pgn");
        assert_eq!(folded("CARLSEN.pgn"), folded("carlsen.pgn"));
        assert_eq!(folded("ÄRGER.pgn"), folded("ärger.pgn"));
        assert_ne!(folded("Anand.pgn"), folded("Carlsen.pgn"));
    }

    #[test]
    fn split_by_gives_the_names_of_a_games_tags() {
        let game = tags(&[
            ("Event", "Candidates"),
            ("Date", "2024.04.??"),
            ("White", "Nakamura, Hikaru"),
            ("Black", "Caruana, Fabiano"),
        ]);
        assert_eq!(SplitBy::Year.file_names(&game), ["2024.pgn"]);
        assert_eq!(SplitBy::Month.file_names(&game), ["202404.pgn"]);
        assert_eq!(SplitBy::Day.file_names(&game), ["20240400.pgn"]);
        assert_eq!(SplitBy::Event.file_names(&game), ["Candidates.pgn"]);
        assert_eq!(SplitBy::Player.file_names(&game), ["Nakamura.pgn", "Caruana.pgn"]);
    }

    #[test]
    fn split_by_uses_the_values_export_writes() {
        // Missing roster tags count with their unknown values (E1).
        let empty = Tags::new();
        assert_eq!(SplitBy::Day.file_names(&empty), ["00000000.pgn"]);
        assert_eq!(SplitBy::Event.file_names(&empty), ["unknown.pgn"]);
        assert_eq!(SplitBy::Player.file_names(&empty), ["unknown.pgn"]);
        // The last of a name counts (E2).
        let twice = tags(&[("Event", "first"), ("Event", "second")]);
        assert_eq!(SplitBy::Event.file_names(&twice), ["second.pgn"]);
    }

    #[test]
    fn players_differing_only_in_case_share_one_file() {
        let game = tags(&[("White", "Carlsen, Magnus"), ("Black", "CARLSEN, M")]);
        assert_eq!(SplitBy::Player.file_names(&game), ["Carlsen.pgn"]);
        let game = tags(&[("White", "Carlsen, Magnus"), ("Black", "?")]);
        assert_eq!(SplitBy::Player.file_names(&game), ["Carlsen.pgn", "unknown.pgn"]);
    }
}
