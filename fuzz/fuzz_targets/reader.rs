//! The `reader` fuzz target: reading PGN gives a visitor the same events, places and diagnostics
//! with small buffers and short, shifting reads as with one read of the
//! whole input, and every place has the line and column of its offset.
//!
//! The checks are in `pgn_tests::fuzz::reader` (`tests/src/fuzz/reader.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::reader::check(data));
