//! Inputs the PGC fuzz targets found (`cargo xtask fuzz`, the
//! `pgc_roundtrip` and `pgc_decode` targets), one test each, with the
//! input as the fuzzer made it and minimised, so that each stays fixed.

use pgn_tests::pgc::{check_round_trip, check_stream_is_tree};

/// The checks of the `pgc_roundtrip` target, and that no game of `input`
/// is left out as one PGC cannot hold.
fn round_trip(input: &[u8]) {
    let counts = check_round_trip(input).unwrap_or_else(|e| panic!("round trip: {e}"));
    check_stream_is_tree(input).unwrap_or_else(|e| panic!("streaming: {e}"));
    assert_eq!(counts.unrepresentable, 0, "{counts:?}");
    assert!(counts.whole > 0, "{counts:?}");
}

/// An empty variation before the first move: export leaves it out (ruling
/// E6), but the encoder refused the game as a variation with no move
/// before it to replace (ruling P4). Empty variations are now left out
/// by the encoder too.
#[test]
fn an_empty_variation_before_the_first_move_is_left_out() {
    round_trip(b"[]()<>*.1.e4(1...d5)e5*");
    round_trip(b"() 1. e4 *");
    round_trip(b"1. e4 (()) e5 *");
}
