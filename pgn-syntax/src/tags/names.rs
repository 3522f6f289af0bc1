//! Tag names: the Seven Tag Roster (§8.1.1) with its "unknown" values
//! (ruling E1), the standard tag names of §8.1.1 and §9, and the syntax of a
//! tag name (§7, §8.1).

/// The seven tag names of the Seven Tag Roster, in the order that export
/// format writes them (§8.1.1, ruling E1).
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Every tag name that the standard defines: the Seven Tag Roster (§8.1.1)
/// and the supplemental tags of §9, in the order the standard lists them,
/// spelled exactly as there.
pub const STANDARD_TAGS: [&str; 37] = [
    // §8.1.1
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    // §9.1
    "WhiteTitle",
    "BlackTitle",
    "WhiteElo",
    "BlackElo",
    "WhiteUSCF",
    "BlackUSCF",
    "WhiteNA",
    "BlackNA",
    "WhiteType",
    "BlackType",
    // §9.2
    "EventDate",
    "EventSponsor",
    "Section",
    "Stage",
    "Board",
    // §9.3
    "Opening",
    "Variation",
    "SubVariation",
    // §9.4
    "ECO",
    "NIC",
    // §9.5
    "Time",
    "UTCTime",
    "UTCDate",
    // §9.6
    "TimeControl",
    // §9.7
    "SetUp",
    "FEN",
    // §9.8
    "Termination",
    // §9.9
    "Annotator",
    "Mode",
    "PlyCount",
];

/// Whether `name` is one of the seven STR tag names (exact spelling: tag
/// names are case sensitive, §8.1).
pub fn is_str_tag(name: &[u8]) -> bool {
    str_index(name).is_some()
}

/// Where `name` stands in the Seven Tag Roster ([`SEVEN_TAG_ROSTER`]), if it
/// is one of its names (exact spelling).
///
/// ```
/// use pgn_syntax::tags::str_index;
///
/// assert_eq!(str_index(b"Round"), Some(3));
/// assert_eq!(str_index(b"round"), None);
/// ```
pub fn str_index(name: &[u8]) -> Option<usize> {
    // One match, which compiles to a test of the length and one compare,
    // rather than a search: export asks this of every tag of every game.
    match name {
        b"Event" => Some(0),
        b"Site" => Some(1),
        b"Date" => Some(2),
        b"Round" => Some(3),
        b"White" => Some(4),
        b"Black" => Some(5),
        b"Result" => Some(6),
        _ => None,
    }
}

/// The value export format writes for a missing STR tag (ruling E1): `"?"`
/// for Event, Site, Round, White and Black, `"????.??.??"` for Date, and
/// `"*"` for Result. `None` for any other name.
///
/// The Result default applies only when the game has no result at all:
/// ruling E3 takes the movetext's termination marker first.
pub fn str_default_value(name: &[u8]) -> Option<&'static str> {
    match name {
        b"Event" | b"Site" | b"Round" | b"White" | b"Black" => Some("?"),
        b"Date" => Some("????.??.??"),
        b"Result" => Some("*"),
        _ => None,
    }
}

/// Whether `name` is a tag name defined by §8.1.1 or §9 ([`STANDARD_TAGS`]),
/// spelled exactly as the standard does.
pub fn is_standard_tag(name: &[u8]) -> bool {
    STANDARD_TAGS.iter().any(|tag| tag.as_bytes() == name)
}

/// The standard tag that `name` spells in another letter case, so that the
/// caller can warn (`EVENT` and `event` give `Event`, `Setup` gives `SetUp`).
///
/// `None` when `name` is a standard tag as it stands (nothing to correct) or
/// matches none even ignoring ASCII case.
pub fn case_corrected_tag(name: &[u8]) -> Option<&'static str> {
    if is_standard_tag(name) {
        return None;
    }
    STANDARD_TAGS.iter().copied().find(|tag| tag.as_bytes().eq_ignore_ascii_case(name))
}

/// Whether `name` is a well-formed tag name: an ASCII letter followed by
/// ASCII letters, digits and underscores (§8.1). The length is not checked
/// (§7 limits symbols to 255 bytes; that is the lexer's concern).
///
/// §7 would let a symbol start with a digit, and §8.1 only restricts the
/// characters of a tag name, so a name like `1st` is a grey zone; it is
/// rejected here, because such a symbol reads as an integer token to many
/// programs and can never be an archival name (see
/// [`is_archival_tag_name`]).
pub fn is_valid_tag_name(name: &[u8]) -> bool {
    match name.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic()
                && rest.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
        }
        None => false,
    }
}

/// Whether `name` is a well-formed tag name ([`is_valid_tag_name`]) that
/// also follows the convention for archival storage: it begins with an
/// upper-case letter (§8.1: "All tag names used for archival storage begin
/// with an upper case letter"). Every standard tag does; a name such as
/// `event` is valid import but not archival.
pub fn is_archival_tag_name(name: &[u8]) -> bool {
    is_valid_tag_name(name) && name.first().is_some_and(u8::is_ascii_uppercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn str_index_is_the_place_in_the_roster() {
        for (i, tag) in SEVEN_TAG_ROSTER.iter().enumerate() {
            assert_eq!(str_index(tag.as_bytes()), Some(i));
        }
        for tag in &STANDARD_TAGS[7..] {
            assert_eq!(str_index(tag.as_bytes()), None, "{tag}");
        }
        assert_eq!(str_index(b"EVENT"), None);
    }

    #[test]
    fn roster_is_in_str_order() {
        assert_eq!(
            SEVEN_TAG_ROSTER,
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
        assert_eq!(STANDARD_TAGS[..7], SEVEN_TAG_ROSTER);
    }

    #[test]
    fn recognises_str_tags_exactly() {
        for tag in SEVEN_TAG_ROSTER {
            assert!(is_str_tag(tag.as_bytes()), "{tag}");
        }
        for other in [&b"event"[..], b"EVENT", b"Event ", b"", b"ECO", b"WhiteElo", b"Results"] {
            assert!(!is_str_tag(other), "{other:?}");
        }
    }

    #[test]
    fn str_defaults_follow_ruling_e1() {
        assert_eq!(str_default_value(b"Event"), Some("?"));
        assert_eq!(str_default_value(b"Site"), Some("?"));
        assert_eq!(str_default_value(b"Date"), Some("????.??.??"));
        assert_eq!(str_default_value(b"Round"), Some("?"));
        assert_eq!(str_default_value(b"White"), Some("?"));
        assert_eq!(str_default_value(b"Black"), Some("?"));
        assert_eq!(str_default_value(b"Result"), Some("*"));
        assert_eq!(str_default_value(b"ECO"), None);
        assert_eq!(str_default_value(b"date"), None);
        for tag in SEVEN_TAG_ROSTER {
            assert!(str_default_value(tag.as_bytes()).is_some());
        }
    }

    #[test]
    fn standard_tags_are_distinct_and_archival() {
        for (i, tag) in STANDARD_TAGS.iter().enumerate() {
            assert!(is_archival_tag_name(tag.as_bytes()), "{tag}");
            assert!(is_standard_tag(tag.as_bytes()));
            for other in &STANDARD_TAGS[i + 1..] {
                assert!(!tag.eq_ignore_ascii_case(other), "{tag} {other}");
            }
        }
        assert!(is_standard_tag(b"UTCDate"));
        assert!(is_standard_tag(b"PlyCount"));
        assert!(!is_standard_tag(b"Setup"));
        assert!(!is_standard_tag(b"WhiteFideId"));
        assert!(!is_standard_tag(b""));
    }

    #[test]
    fn finds_case_variants() {
        assert_eq!(case_corrected_tag(b"EVENT"), Some("Event"));
        assert_eq!(case_corrected_tag(b"event"), Some("Event"));
        assert_eq!(case_corrected_tag(b"Setup"), Some("SetUp"));
        assert_eq!(case_corrected_tag(b"fen"), Some("FEN"));
        assert_eq!(case_corrected_tag(b"Eco"), Some("ECO"));
        assert_eq!(case_corrected_tag(b"utcdate"), Some("UTCDate"));
        assert_eq!(case_corrected_tag(b"Event"), None);
        assert_eq!(case_corrected_tag(b"WhiteFideId"), None);
        assert_eq!(case_corrected_tag(b"Even"), None);
        assert_eq!(case_corrected_tag(b"\xc9vent"), None);
        assert_eq!(case_corrected_tag(b""), None);
    }

    #[test]
    fn checks_tag_name_syntax() {
        for good in [&b"Event"[..], b"E", b"x", b"White_Elo2", b"A1_", b"lowercase"] {
            assert!(is_valid_tag_name(good), "{good:?}");
        }
        for bad in [
            &b""[..],
            b"1st",
            b"_Event",
            b"White Elo",
            b"White-Elo",
            b"Event:",
            b"\xc3\x89v\xc3\xa9nement",
            b"Ev\x00ent",
            b"Event ",
        ] {
            assert!(!is_valid_tag_name(bad), "{bad:?}");
        }
    }

    #[test]
    fn archival_names_start_upper_case() {
        assert!(is_archival_tag_name(b"Event"));
        assert!(is_archival_tag_name(b"MyTag_2"));
        assert!(!is_archival_tag_name(b"event"));
        assert!(!is_archival_tag_name(b"1Event"));
        assert!(!is_archival_tag_name(b""));
        assert!(!is_archival_tag_name(b"Bad Name"));
    }
}
