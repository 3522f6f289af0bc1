//! The `pgc_decode` fuzz target; the checks are in `pgn_tests::fuzz::pgc_decode`
//! (`tests/src/fuzz/pgc_decode.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::pgc_decode::check(data));
