//! The `serde` feature: tokens as JSON, their kinds and flags read back.
#![cfg(feature = "serde")]

use pgn_lex::{Lexer, Step, TokenFlags, TokenKind, tokens};
use serde_json::json;

#[test]
fn tokens_of_a_game_are_objects_with_their_text() {
    let input = "[Event \"Köln\"]\n\n1. e4 {best by test} e5?! $14 1-0";
    let toks: Vec<_> = tokens(input.as_bytes()).collect();
    let value = serde_json::to_value(&toks).unwrap();
    assert_eq!(value[2], json!({"kind": "string", "text": "Köln", "offset": 7, "flags": ""}));
    assert_eq!(value[7]["kind"], "brace_comment");
    assert_eq!(value[7]["text"], "best by test");
    assert_eq!(value[9], json!({"kind": "suffix", "text": "?!", "offset": 40, "flags": ""}));
    assert_eq!(value[10]["kind"], "nag");
    assert_eq!(value[10]["text"], "14");
    assert_eq!(value.as_array().map(Vec::len), Some(toks.len()));
    for (token, json) in toks.iter().zip(value.as_array().unwrap()) {
        let kind: TokenKind = serde_json::from_value(json["kind"].clone()).unwrap();
        let flags: TokenFlags = serde_json::from_value(json["flags"].clone()).unwrap();
        assert_eq!((kind, flags), (token.kind, token.flags));
    }
}

#[test]
fn flags_are_their_names_and_bytes_that_are_not_utf8_numbers() {
    // A Latin-1 string that never ends.
    let toks: Vec<_> = tokens(b"[Site \"K\xf6ln").collect();
    let value = serde_json::to_value(toks[2]).unwrap();
    assert_eq!(value["text"], json!([75, 246, 108, 110]));
    assert_eq!(value["flags"], "UNTERMINATED");
    let flags = TokenFlags::UNTERMINATED | TokenFlags::TOO_LONG;
    let text = serde_json::to_string(&flags).unwrap();
    assert_eq!(text, "\"UNTERMINATED | TOO_LONG\"");
    assert_eq!(serde_json::from_str::<TokenFlags>(&text).unwrap(), flags);
    assert!(serde_json::from_str::<TokenFlags>("\"NOT_A_FLAG\"").is_err());
}

#[test]
fn a_plain_tag_pair_is_its_name_value_and_place() {
    let mut lexer = Lexer::new();
    let input = b"[White \"Tal, Mikhail\"]\n";
    let pair = lexer.next_plain_tag_pair(input).expect("a plain pair");
    let value = serde_json::to_value(pair).unwrap();
    assert_eq!(value, json!({"name": "White", "value": "Tal, Mikhail", "offset": 0}));
    assert!(matches!(lexer.next(input, true), Step::End));
}
