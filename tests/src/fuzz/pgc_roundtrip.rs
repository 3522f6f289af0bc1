//! The `pgc_roundtrip` target: any PGN, replayed, encoded as PGC and
//! decoded, gives back the export of every game PGC can hold (lossy for
//! games with comments, compared with their export without comments),
//! and streaming encoding gives the bytes of the tree path. These are the
//! comparisons of the conformance rows "§20 PGC round trip" and "§20 PGC
//! streaming = tree encoding" (`pgn_tests::pgc`), called here rather than
//! written twice.

use crate::pgc::{check_round_trip, check_stream_is_tree};

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    if let Err(why) = check_round_trip(data) {
        panic!("PGC round trip: {why}");
    }
    if let Err(why) = check_stream_is_tree(data) {
        panic!("PGC streaming and tree encoding differ: {why}");
    }
}
