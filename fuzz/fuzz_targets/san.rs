//! The `san` fuzz target: a SAN that resolves in a position, written as canonical SAN, long
//! algebraic, UCI, FAN and localised SAN, reads and resolves to the
//! same move again.
//!
//! The checks are in `pgn_tests::fuzz::san` (`tests/src/fuzz/san.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::san::check(data));
