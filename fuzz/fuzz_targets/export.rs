//! The `export` fuzz target: any input's export, with the options of its
//! first byte (reduced export format, comments, NAGs or variations left
//! out), reads back and exports again as the same bytes, and streaming
//! export gives the bytes of the tree path.
//!
//! The checks are in `pgn_tests::fuzz::export` (`tests/src/fuzz/export.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::export::check(data));
