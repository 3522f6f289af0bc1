//! The `fen` target: FEN parsing and writing agree (§16.1, rulings F1–F3).
//!
//! The input is read as FEN strictly and leniently (ruling F2); a FEN
//! the strict reader takes, the lenient one takes too, as the same
//! setup. For each FEN that describes a legal position (ruling F3), the
//! FEN is written (X-FEN and Shredder-FEN castling) and read again
//! strictly: the same setup, the same position, and written again the
//! same text; the position written back is the FEN read; the first four
//! fields read as an EPD prefix give the same setup with clocks 0 and 1.
//! A setup that is legal only once repaired
//! (`Position::from_setup_repaired`) writes a FEN that reads back legal
//! with nothing to repair.

use std::num::NonZeroU32;

use chess_core::{Position, PositionError};
use fen_epd::{CastlingNotation, Fen};

use super::show;

/// The position of `fen` when it is legal, checked to round-trip.
fn round_trip(fen: &Fen) -> Result<Position, PositionError> {
    let pos = fen.clone().into_position()?;
    assert_eq!(&Fen::from_position(&pos), fen, "the position does not write back the FEN read");
    for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
        let text = fen.to_string_with(notation);
        let again = Fen::from_ascii(text.as_bytes())
            .unwrap_or_else(|e| panic!("`{text}` as written does not parse: {e}"));
        assert_eq!(&again, fen, "`{text}` reads back as another setup");
        let pos_again = again.clone().into_position();
        assert_eq!(pos_again.as_ref(), Ok(&pos), "`{text}` reads back as another position");
        assert_eq!(again.to_string_with(notation), text, "`{text}` is written otherwise again");

        let epd = fen.to_epd_string(notation);
        let (prefix, rest) = Fen::from_ascii_epd_prefix(epd.as_bytes())
            .unwrap_or_else(|e| panic!("`{epd}` as an EPD prefix does not parse: {e}"));
        assert!(rest.is_empty(), "`{epd}` leaves `{}` after the fields", show(rest));
        assert_eq!(prefix.to_epd_string(notation), epd, "`{epd}` is written otherwise again");
        let mut expected = fen.as_setup().clone();
        (expected.halfmoves, expected.fullmoves) = (0, NonZeroU32::MIN);
        assert_eq!(prefix.as_setup(), &expected, "`{epd}` reads back as another setup");
    }
    Ok(pos)
}

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let strict = Fen::from_ascii(data);
    let lenient = Fen::from_ascii_lenient(data);
    if let Ok(fen) = &strict {
        assert_eq!(lenient.as_ref().ok(), Some(fen), "strict FEN `{}` read otherwise", show(data));
    }
    for fen in [strict.ok(), lenient.ok()].into_iter().flatten() {
        if round_trip(&fen).is_ok() {
            continue;
        }
        // Not legal as it stands: maybe once its unfit castling rights and
        // en passant square are dropped.
        let Ok((repaired, _)) = Position::from_setup_repaired(fen.into_setup()) else { continue };
        let written = Fen::from_position(&repaired);
        let (pos, repairs) = Position::from_setup_repaired(written.clone().into_setup())
            .unwrap_or_else(|e| panic!("repaired `{written}` is not legal: {e}"));
        assert!(repairs.is_empty(), "repaired `{written}` needs repairs again: {repairs}");
        assert_eq!(pos, repaired, "repaired `{written}` reads back as another position");
        round_trip(&written).unwrap_or_else(|e| panic!("repaired `{written}`: {e}"));
    }
}
