//! §4.1 character codes and ruling E14: each value of
//! `tests/data/encodings/cases.tsv` is detected, decoded and encoded in
//! Latin-1 as the file says; export writes it so with `--to-utf-8` and
//! `--to-latin-1`; selection by name and split file names see the decoded
//! text. Then whole inputs: UTF-16 with either byte order mark reads as
//! its UTF-8 text, `--encoding cp437` reads the gnuchess book's DOS
//! names, and the Latin-1 game of Scid's tests decodes to the tags of its
//! UTF-8 twin.

use std::io::Read;

use pgn_export::{ExportOptions, TextOutput, Unfit};
use pgn_replay::pgn_syntax::{Decoding, TextEncoding, TextInput, decode, encode_latin1};
use pgn_select::{TextMatch, TextOp};

use crate::cases::each_case;
use crate::{Check, Context, Section};

/// The row of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§4.1 character codes: encodings (E14)", row)
            .fixtures(&["tests/data/encodings/cases.tsv"])
            .rulings(&["E14"]),
    ]
}

/// `\xNN` as a byte and `\u{HEX}` as a character's UTF-8; the rest as is.
fn unescape(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.extend_from_slice(&rest.as_bytes()[..at]);
        let tail = &rest[at..];
        if let Some(hex) = tail.strip_prefix("\\x").and_then(|t| t.get(..2)) {
            out.push(u8::from_str_radix(hex, 16).map_err(|e| format!("{tail:?}: {e}"))?);
            rest = &tail[4..];
        } else if let Some(t) = tail.strip_prefix("\\u{") {
            let end = t.find('}').ok_or_else(|| format!("{tail:?}: no `}}`"))?;
            let code = u32::from_str_radix(&t[..end], 16).map_err(|e| e.to_string())?;
            let c = char::from_u32(code).ok_or_else(|| format!("{tail:?}: no character"))?;
            out.extend_from_slice(c.to_string().as_bytes());
            rest = &t[end + 1..];
        } else {
            return Err(format!("{tail:?}: an unknown escape"));
        }
    }
    out.extend_from_slice(rest.as_bytes());
    Ok(out)
}

fn row(_: &Context, section: &mut Section) {
    each_case(section, "data/encodings/cases.tsv", |fields| {
        Some(match *fields {
            [bytes, detected, decoded, latin1, source] if !source.is_empty() => {
                case(bytes, detected, decoded, latin1)
            }
            _ => Err("not bytes, detected, decoded, latin-1, source".to_owned()),
        })
    });
    section.record(utf16_inputs());
    section.record(cp437_input());
    if let Some(outcome) = scid_latin1() {
        section.record(outcome);
    }
}

fn case(bytes: &str, detected: &str, decoded: &str, latin1: &str) -> Result<(), String> {
    let bytes = unescape(bytes)?;
    let decoded = String::from_utf8(unescape(decoded)?).map_err(|e| e.to_string())?;
    let found = TextEncoding::detect(&bytes);
    if found.name() != detected {
        return Err(format!("{bytes:?}: detected as {found}, not {detected}"));
    }
    let text = decode(&bytes, Decoding::Auto);
    if text != decoded {
        return Err(format!("{bytes:?}: decoded as {text:?}, not {decoded:?}"));
    }
    let expected_latin1 = match latin1.strip_prefix('!') {
        Some(c) => {
            let c = String::from_utf8(unescape(c)?).map_err(|e| e.to_string())?;
            Err(c.chars().next().ok_or("`!` and no character")?)
        }
        None => Ok(unescape(latin1)?),
    };
    if encode_latin1(&text) != expected_latin1 {
        return Err(format!(
            "{bytes:?}: in Latin-1 {:?}, not {expected_latin1:?}",
            encode_latin1(&text)
        ));
    }
    export_and_select(&bytes, &decoded, &expected_latin1)
}

/// A game with the value as White and as a comment: exported in UTF-8 and
/// in Latin-1 (or left out for Latin-1), found by its decoded name, filed
/// under the same name as its UTF-8 form.
fn export_and_select(
    bytes: &[u8],
    decoded: &str,
    latin1: &Result<Vec<u8>, char>,
) -> Result<(), String> {
    if bytes.iter().any(|&b| b < 0x20 || b == b'"' || b == b'\\' || b == b'}') {
        return Ok(());
    }
    let game = [b"[White \"", bytes, b"\"]\n\n1. e4 {", bytes, b"} *\n"].concat();
    let replayed = pgn_replay::replay_games(&game[..])
        .next()
        .ok_or("no game")?
        .map_err(|e| e.to_string())?
        .game;
    let white = |out: &[u8]| -> Vec<u8> {
        let line = out.split(|&b| b == b'\n').find(|l| l.starts_with(b"[White "));
        line.map(|l| l[8..l.len() - 2].to_vec()).unwrap_or_default()
    };
    let utf8 = ExportOptions { text: TextOutput::Utf8, ..ExportOptions::default() };
    let written = pgn_export::to_vec(&replayed, utf8);
    // Export writes a control character as a space (E4).
    let shown: String = decoded.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if white(&written) != shown.as_bytes() {
        return Err(format!("--to-utf-8 wrote {:?}", String::from_utf8_lossy(&white(&written))));
    }
    let to_latin1 = ExportOptions { text: TextOutput::Latin1, ..ExportOptions::default() };
    match (latin1, pgn_export::unfit(&replayed, to_latin1)) {
        (Ok(expected), None) => {
            let expected: Vec<u8> = expected
                .iter()
                .map(|&b| if (0x80..0xa0).contains(&b) { b' ' } else { b })
                .collect();
            let written = white(&pgn_export::to_vec(&replayed, to_latin1));
            if written != expected {
                return Err(format!("--to-latin-1 wrote {written:?}, not {expected:?}"));
            }
        }
        (Err(c), Some(Unfit::NotLatin1(found))) if *c == found => {}
        (expected, found) => {
            return Err(format!("--to-latin-1: unfit {found:?}, expected {expected:?}"));
        }
    }
    if !TextMatch::new(TextOp::Equal, decoded, false).matches(bytes) {
        return Err(format!("{decoded:?} does not select {bytes:?}"));
    }
    let file = pgn_export::filename::player_file_name(bytes);
    if file != pgn_export::filename::player_file_name(decoded.as_bytes()) {
        return Err(format!("filed as {file:?}, its UTF-8 form otherwise"));
    }
    Ok(())
}

/// UTF-16 with either byte order mark reads as its UTF-8 text.
fn utf16_inputs() -> Result<(), String> {
    let text = "[White \"Карпов, Анатолий\"]\n[Site \"Zürich\"]\n\n1. e4 {€} *\n";
    let with_bom = format!("\u{feff}{text}");
    for bytes in [
        with_bom.encode_utf16().flat_map(u16::to_le_bytes).collect::<Vec<u8>>(),
        with_bom.encode_utf16().flat_map(u16::to_be_bytes).collect(),
    ] {
        let mut read = String::new();
        let mut input = TextInput::new(&bytes[..], Decoding::Auto);
        input.read_to_string(&mut read).map_err(|e| e.to_string())?;
        if read != text || input.encoding() != Some(TextEncoding::Utf16) {
            return Err(format!("UTF-16 read as {read:?}"));
        }
    }
    Ok(())
}

/// `--encoding cp437`: the DOS names of the gnuchess book (`Br\x81ssel`,
/// `Mor\xa2n`).
fn cp437_input() -> Result<(), String> {
    let bytes = b"[Site \"Br\x81ssel\"]\n[White \"Mor\xa2n\"]\n";
    let mut read = String::new();
    TextInput::new(&bytes[..], Decoding::Fixed(TextEncoding::Cp437))
        .read_to_string(&mut read)
        .map_err(|e| e.to_string())?;
    if read != "[Site \"Brüssel\"]\n[White \"Morón\"]\n" {
        return Err(format!("cp437 read as {read:?}"));
    }
    Ok(())
}

/// Scid's encoding test: the first game's tags, read from the Latin-1
/// file and decoded, are those of the file Scid expects after conversion.
fn scid_latin1() -> Option<Result<(), String>> {
    let dir = testkit::corpus::find()?.join("pgn/scid-encoding");
    let tags = |name: &str| -> Result<Vec<(String, String)>, String> {
        let bytes = std::fs::read(dir.join(name)).map_err(|e| e.to_string())?;
        let (game, _) = pgn_replay::pgn_syntax::read_games(&bytes[..])
            .next()
            .ok_or("no game")?
            .map_err(|e| e.to_string())?;
        Ok(game
            .tags
            .iter()
            .map(|t| {
                (
                    String::from_utf8_lossy(t.name).into_owned(),
                    decode(t.value, Decoding::Auto).into_owned(),
                )
            })
            .collect())
    };
    Some((|| {
        let (latin1, expected) = (tags("res_gameLatin1.pgn")?, tags("res_gameLatin1expected.pgn")?);
        if latin1 != expected {
            return Err(format!("Scid's Latin-1 game decodes to {latin1:?}, not {expected:?}"));
        }
        Ok(())
    })())
}
