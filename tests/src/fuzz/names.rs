//! The `names` target: the output file names of `pgn split` (§11,
//! `pgn_export::filename`) for any tag values are names every common file
//! system takes: UTF-8, `.pgn` after a stem of at most
//! [`MAX_STEM_LEN`] bytes that is not empty, has no byte Windows forbids
//! and no control character, does not start or end with a space or a dot,
//! and is no Windows device name; and a name made safe once stays as it is
//! when made safe again.
//!
//! The input is split at its first two NUL bytes into a White, a Black
//! and a Date/Event value (the rest, taken for both).

use pgn_export::filename::{MAX_STEM_LEN, SplitBy, folded, safe_stem};
use pgn_replay::pgn_syntax::Tags;

use super::show;

/// The Windows device names, compared without case.
const DEVICES: &[&str] = &["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"];

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let mut parts = data.splitn(3, |&b| b == 0);
    let white = parts.next().unwrap_or_default();
    let black = parts.next().unwrap_or_default();
    let rest = parts.next().unwrap_or_default();
    let mut tags = Tags::new();
    tags.push(&b"White"[..], white);
    tags.push(&b"Black"[..], black);
    tags.push(&b"Date"[..], rest);
    tags.push(&b"Event"[..], rest);
    for by in [SplitBy::Year, SplitBy::Month, SplitBy::Day, SplitBy::Event, SplitBy::Player] {
        let names = by.file_names(&tags);
        assert!(!names.is_empty() && names.len() <= 2, "{by:?}: {names:?}");
        for name in &names {
            check_name(name, data);
        }
        if let [a, b] = &names[..] {
            assert_ne!(folded(a), folded(b), "{by:?}: two names that are one file: {names:?}");
        }
    }
}

fn check_name(name: &str, data: &[u8]) {
    let stem = name.strip_suffix(".pgn").unwrap_or_else(|| panic!("no .pgn: {name:?}"));
    let input = show(data);
    assert!(!stem.is_empty(), "an empty stem from {input}");
    assert!(stem.len() <= MAX_STEM_LEN, "a stem of {} bytes from {input}", stem.len());
    let forbidden = |c: char| "/\\:*?\"<>|".contains(c) || c.is_control();
    assert!(!stem.chars().any(forbidden), "{name:?} from {input}");
    for end in [stem.chars().next(), stem.chars().last()] {
        assert!(!matches!(end, Some(' ' | '.')), "{name:?} starts or ends badly");
    }
    let device = stem.split('.').next().unwrap_or_default().to_ascii_uppercase();
    let numbered = (device.starts_with("COM") || device.starts_with("LPT"))
        && device.len() == 4
        && device.as_bytes()[3].is_ascii_digit();
    assert!(!DEVICES.contains(&device.as_str()) && !numbered, "a device name: {name:?}");
    assert_eq!(safe_stem(stem.as_bytes()), stem, "not stable when made safe again");
}
