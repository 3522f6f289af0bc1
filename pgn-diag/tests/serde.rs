//! The `serde` feature: places and severities as JSON, and input bytes as
//! text or bytes, read back to the same values.
#![cfg(feature = "serde")]

use pgn_diag::bytes::{ByteBuf, Bytes};
use pgn_diag::{Location, Severity};
use serde_json::{Value, json};

#[test]
fn a_location_is_an_object_of_its_three_numbers() {
    let at = Location { offset: 61, line: 3, column: 12 };
    let value = serde_json::to_value(at).unwrap();
    assert_eq!(value, json!({"offset": 61, "line": 3, "column": 12}));
    assert_eq!(serde_json::from_value::<Location>(value).unwrap(), at);
}

#[test]
fn a_severity_is_its_word() {
    for (severity, word) in
        [(Severity::Note, "note"), (Severity::Warning, "warning"), (Severity::Error, "error")]
    {
        let text = serde_json::to_string(&severity).unwrap();
        assert_eq!(text, format!("\"{word}\""));
        assert_eq!(severity.to_string(), word);
        assert_eq!(serde_json::from_str::<Severity>(&text).unwrap(), severity);
    }
    assert!(serde_json::from_str::<Severity>("\"Error\"").is_err());
}

#[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Held {
    #[serde(with = "pgn_diag::bytes")]
    boxed: Box<[u8]>,
    #[serde(with = "pgn_diag::bytes")]
    vec: Vec<u8>,
    #[serde(with = "pgn_diag::bytes::option")]
    none: Option<Box<[u8]>>,
    #[serde(with = "pgn_diag::bytes::option")]
    some: Option<Box<[u8]>>,
}

#[test]
fn bytes_are_text_when_utf8_else_numbers_and_read_back_either_way() {
    let held = Held {
        boxed: Box::from("Réti".as_bytes()),
        // `Köln` in Latin-1: not UTF-8.
        vec: b"K\xf6ln".to_vec(),
        none: None,
        some: Some(Box::from(&b""[..])),
    };
    let value = serde_json::to_value(&held).unwrap();
    assert_eq!(
        value,
        json!({"boxed": "Réti", "vec": [75, 246, 108, 110], "none": null, "some": ""})
    );
    assert_eq!(serde_json::from_value::<Held>(value).unwrap(), held);
    // Text for bytes, bytes for text: both forms are taken.
    let swapped = json!({"boxed": [82, 195, 169, 116, 105], "vec": "x", "none": [1], "some": null});
    let read: Held = serde_json::from_value(swapped).unwrap();
    assert_eq!((&*read.boxed, &*read.vec), ("Réti".as_bytes(), &b"x"[..]));
    assert_eq!((read.none.as_deref(), read.some), (Some(&[1u8][..]), None));
}

#[test]
fn what_is_not_bytes_is_an_error() {
    for bad in [json!(12), json!([256]), json!([-1]), json!({"a": 1}), json!(["a"]), json!(true)] {
        assert!(serde_json::from_value::<ByteBuf>(bad.clone()).is_err(), "{bad}");
    }
    assert_eq!(serde_json::to_value(Bytes(b"")).unwrap(), Value::String(String::new()));
}
