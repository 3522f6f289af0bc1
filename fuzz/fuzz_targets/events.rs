//! The `events` fuzz target: see `pgn_tests::fuzz::events` (`tests/src/fuzz/events.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::events::check(data));
