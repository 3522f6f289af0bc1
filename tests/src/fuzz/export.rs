//! The `export` target: export format is a fixed point of reading and
//! writing, whatever the input and whatever the options (§3.2, rulings E1
//! to E13).
//!
//! The input is one control byte, then the PGN. The control byte picks
//! the options ([`options`]): comments, NAGs and variations each left out
//! or not, all tags or the Seven Tag Roster only (with SetUp and FEN
//! or without), the tags in input order, other line lengths (not
//! export format); `0x0f` is reduced export format (§3.2.4, ruling E13),
//! `0x00` export format.
//!
//! The PGN is read and replayed, and its games exported with those
//! options (`E1`), once with the broken games left out (as `pgn export`
//! does) and, when every tag is written, once with them written
//! (`Writer::write_game` always writes, their moves as read after a marker
//! comment). A game that the options cannot hold otherwise (one from a
//! set-up position, with the roster only: `pgn_export::unfit`) is always
//! left out. `E1` must read back with as many games as were written, each
//! fitting the options again, no error in a game that was not broken, and
//! export again as the same bytes; the streaming export must give the
//! bytes of the tree path, broken games written. These are the
//! comparisons of the conformance rows "§3.2 export idempotence", "§3.2
//! streaming = tree export" and "§3.2.4 reduced export idempotence"
//! (`pgn_tests::export_roundtrip`), called here rather than written twice.
//!
//! With the roster only, broken games are not checked written: without
//! its other tags a broken game may read back as another game (one of a
//! Variant this crate does not play is replayed as chess), as the
//! conformance row says too.

use crate::export_roundtrip::{check_idempotent, check_stream_is_tree};
use pgn_export::{CommandOptions, ExportOptions, Strip, TagOrder, TagSet};

/// The options of a control byte: bit 0 set leaves out comments, bit 1
/// NAGs, bit 2 variations; bit 3 set writes the Seven Tag Roster only;
/// bit 4 writes comment commands in canonical form, bit 5 leaves them
/// out; bit 6 writes the tags after the roster as read, and with bit 3
/// the roster with SetUp and FEN (pgn-extract's `-7`); bit 7 set
/// fills lines of at most 10 times bits 0 to 2 bytes (no limit when those
/// are 0) rather than 79. Moves are always canonical SAN, the only
/// notation that is export format.
pub fn options(control: u8) -> ExportOptions {
    let bit = |n: u8| control >> n & 1 == 1;
    ExportOptions {
        comments: !bit(0),
        nags: !bit(1),
        variations: !bit(2),
        tags: match (bit(3), bit(6)) {
            (false, _) => TagSet::All,
            (true, false) => TagSet::Roster,
            (true, true) => TagSet::RosterAndSetUp,
        },
        tag_order: if bit(6) { TagOrder::Input } else { TagOrder::Standard },
        line_length: if bit(7) { 10 * usize::from(control & 7) } else { pgn_export::MAX_LINE },
        commands: CommandOptions {
            canonical: bit(4),
            strip: if bit(5) { Strip::All } else { Strip::None },
        },
        ..ExportOptions::default()
    }
}

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let (options, pgn) = match data.split_first() {
        Some((&control, pgn)) => (options(control), pgn),
        None => (ExportOptions::default(), data),
    };
    let keep_broken: &[bool] = if options.tags == TagSet::All { &[false, true] } else { &[false] };
    for &keep_broken in keep_broken {
        if let Err(why) = check_idempotent(pgn, options, keep_broken) {
            panic!(
                "export with {options:?} is not idempotent (broken games written: \
                 {keep_broken}): {why}"
            );
        }
    }
    if let Err(why) = check_stream_is_tree(pgn, options, true) {
        panic!("streaming and tree export with {options:?} differ: {why}");
    }
}
