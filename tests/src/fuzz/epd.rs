//! The `epd` target: EPD records read, resolved and written in canonical
//! form read back as the same bytes (§16.2, ruling D1).
//!
//! The input is read as an EPD file (`fen_epd::EpdReader`, one record a
//! line). For every record read:
//!
//! - written canonically by `fen-epd` alone (`Epd::to_canonical`, move
//!   operands as text), read back and written again: the same bytes
//!   (ARCHITECTURE.md, `fen-epd`);
//! - resolved and written as `pgn epd` writes it (`san::resolve_epd`, move
//!   operands in canonical SAN: `pgn_tests::epd::outcome`), then read,
//!   resolved and written again: the same bytes, with no diagnostic but
//!   those the canonical form keeps by design (`pgn_tests::epd::round_trip`).

use fen_epd::{Epd, EpdReader};

use super::show;

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    for record in EpdReader::new(data) {
        if let Ok(epd) = &record.result
            && let Ok(written) = epd.to_canonical()
        {
            let again = Epd::from_ascii(&written).unwrap_or_else(|e| {
                panic!("canonical `{}` does not read back: {e}", show(&written))
            });
            let rewritten = again.to_canonical().unwrap_or_else(|e| {
                panic!("canonical `{}` cannot be written again: {e}", show(&written))
            });
            assert!(
                rewritten == written,
                "canonical `{}` is written again as `{}`",
                show(&written),
                show(&rewritten)
            );
        }
        let outcome = crate::epd::outcome(&record);
        if let Ok(canonical) = &outcome.canonical
            && let Err(why) = crate::epd::round_trip(canonical)
        {
            panic!("resolved canonical `{}`: {why}", show(canonical));
        }
    }
}
