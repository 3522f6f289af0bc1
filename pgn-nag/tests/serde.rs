//! The `serde` feature: a NAG as its number, a suffix as its text.
#![cfg(feature = "serde")]

use pgn_nag::{Nag, Suffix};

#[test]
fn a_nag_is_its_number() {
    for n in [0, 14, 139, 255] {
        let text = serde_json::to_string(&Nag(n)).unwrap();
        assert_eq!(text, n.to_string());
        assert_eq!(serde_json::from_str::<Nag>(&text).unwrap(), Nag(n));
    }
    assert!(serde_json::from_str::<Nag>("256").is_err());
    assert!(serde_json::from_str::<Nag>("\"$14\"").is_err());
}

#[test]
fn a_suffix_is_written_as_after_a_move() {
    for suffix in Suffix::ALL {
        let text = serde_json::to_string(&suffix).unwrap();
        assert_eq!(text, format!("\"{}\"", suffix.as_str()));
        assert_eq!(serde_json::from_str::<Suffix>(&text).unwrap(), suffix);
    }
    assert!(serde_json::from_str::<Suffix>("\"!!!\"").is_err());
    assert!(serde_json::from_str::<Suffix>("\"Good\"").is_err());
}
