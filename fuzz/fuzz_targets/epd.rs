//! The `epd` fuzz target: an EPD record read, resolved and written in canonical form reads
//! back and writes again as the same bytes.
//!
//! The checks are in `pgn_tests::fuzz::epd` (`tests/src/fuzz/epd.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::epd::check(data));
