//! The `names` fuzz target: see `pgn_tests::fuzz::names` (`tests/src/fuzz/names.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::names::check(data));
