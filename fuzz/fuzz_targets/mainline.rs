//! The `mainline` fuzz target: see `pgn_tests::fuzz::mainline` (`tests/src/fuzz/mainline.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::mainline::check(data));
