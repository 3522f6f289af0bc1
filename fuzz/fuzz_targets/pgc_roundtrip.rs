//! The `pgc_roundtrip` fuzz target; the checks are in `pgn_tests::fuzz::pgc_roundtrip`
//! (`tests/src/fuzz/pgc_roundtrip.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::pgc_roundtrip::check(data));
