//! The `select` fuzz target; the checks are in `pgn_tests::fuzz::select`
//! (`tests/src/fuzz/select.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::select::check(data));
