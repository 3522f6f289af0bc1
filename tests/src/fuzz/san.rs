//! The `san` target: SAN parsing, resolving and writing agree (§8.2.3,
//! §17, ruling E7).
//!
//! The input is SAN text, or a FEN line, a line break and SAN text. The
//! text is parsed with English letters and with those of every language
//! of §17, and resolved in a few positions: the standard start, the FEN's
//! position when it is legal, and a position reached from one of them by
//! legal moves that the bytes of the text choose. Whatever it resolves
//! to is a legal move (a null move: not in check), an ambiguity names
//! only legal moves, and the move, written as canonical SAN, long
//! algebraic, UCI, FAN and with the letters of the language it was read
//! in, reads and resolves to the same move again; canonical SAN with no
//! quirk and the right check mark. A parsed SAN written back in export
//! form parses as the same SAN.

use chess_core::{Move, Position};
use fen_epd::parse_position;
use san::{CastlingMode, Lan, Language, ParsedSan, Quirks, ResolveError, San, Uci};

use super::show;

/// How many moves the bytes of the text choose, at most.
const WALK: usize = 12;

/// The positions to resolve in: see the module documentation.
fn positions(fen: Option<&[u8]>, text: &[u8]) -> Vec<Position> {
    let mut positions = vec![Position::new()];
    if let Some(pos) = fen.and_then(|fen| parse_position(fen).ok()) {
        positions.push(pos);
    }
    let mut walked = positions[positions.len() - 1].clone();
    for &b in text.iter().take(WALK) {
        let moves = walked.legal_moves();
        if moves.is_empty() {
            break;
        }
        walked.play_unchecked(moves[usize::from(b) % moves.len()]);
    }
    positions.push(walked);
    positions
}

/// `m` is a move that may be played in `pos`.
fn playable(pos: &Position, m: Move) -> bool {
    if m == Move::Null { !pos.is_check() } else { pos.is_legal(m) }
}

/// Reads `text` (in `lang`) and resolves it in `pos`: it must be `m`.
fn reads_back(pos: &Position, text: &str, lang: Language, m: Move, what: &str) {
    let parsed = San::from_ascii_in(text.as_bytes(), lang)
        .unwrap_or_else(|e| panic!("{what} `{text}` ({lang:?}) does not parse: {e}"));
    let resolved = parsed
        .resolve(pos)
        .unwrap_or_else(|e| panic!("{what} `{text}` ({lang:?}) does not resolve: {e}"));
    assert_eq!(resolved.m, m, "{what} `{text}` ({lang:?}) names another move");
}

/// Checks the move `m` that `parsed` resolved to in `pos`.
fn check_move(pos: &Position, parsed: &ParsedSan, m: Move) {
    assert!(playable(pos, m), "`{}` resolved to a move that is not legal: {m:?}", parsed.san);
    let mut after = pos.clone();
    after.play_unchecked(m);

    let canonical = San::from_move(pos, m);
    let text = canonical.to_string();
    let again = San::from_ascii(text.as_bytes())
        .unwrap_or_else(|e| panic!("canonical SAN `{text}` does not parse: {e}"));
    assert_eq!(again.san, canonical, "canonical SAN `{text}` parses as another SAN");
    let resolved = again
        .resolve(pos)
        .unwrap_or_else(|e| panic!("canonical SAN `{text}` does not resolve: {e}"));
    assert_eq!(resolved.m, m, "canonical SAN `{text}` names another move");
    assert_eq!(resolved.quirks, Quirks::empty(), "canonical SAN `{text}` has quirks");
    assert_eq!(again.san.check_quirks(&after), Quirks::empty(), "`{text}`: a wrong check mark");

    if m == Move::Null {
        return;
    }
    let english = Language::English;
    reads_back(pos, &Lan::from_move(pos, m).to_string(), english, m, "long algebraic");
    for mode in [CastlingMode::Chess960, CastlingMode::Auto] {
        reads_back(pos, &Uci { m, mode }.to_string(), english, m, "UCI");
    }
    reads_back(pos, &canonical.fan(pos.turn()).to_string(), english, m, "FAN");
    let lang = parsed.language;
    reads_back(pos, &canonical.in_language(lang).to_string(), lang, m, "localised SAN");
}

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let (fen, text) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (Some(&data[..i]), &data[i + 1..]),
        None => (None, data),
    };
    let positions = positions(fen, text);
    let languages = std::iter::once(None).chain(Language::ALL.map(Some));
    for lang in languages {
        let parsed = match lang {
            None => San::from_ascii(text),
            Some(lang) => San::from_ascii_in(text, lang),
        };
        let Ok(parsed) = parsed else { continue };
        if lang.is_none() {
            let export = parsed.san.to_string();
            let again = San::from_ascii(export.as_bytes()).unwrap_or_else(|e| {
                panic!("`{}` written as `{export}` does not parse: {e}", show(text))
            });
            assert_eq!(
                again.san,
                parsed.san,
                "`{}` written as `{export}` reads otherwise",
                show(text)
            );
        }
        for pos in &positions {
            match parsed.resolve(pos) {
                Ok(resolved) => check_move(pos, &parsed, resolved.m),
                Err(ResolveError::Ambiguous { candidates }) => {
                    assert!(
                        candidates.len() >= 2,
                        "`{}`: ambiguous among {candidates:?}",
                        show(text)
                    );
                    for &m in &candidates {
                        assert!(playable(pos, m), "`{}`: an illegal candidate {m:?}", show(text));
                    }
                }
                Err(_) => {}
            }
        }
    }
}
