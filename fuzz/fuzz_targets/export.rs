//! The `export` fuzz target: any input's export reads back and exports
//! again as the same bytes, and streaming export gives the bytes of the
//! tree path.
//!
//! The checks are in `pgn_fuzz::export` (`fuzz/src/export.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_fuzz::export::check(data));
