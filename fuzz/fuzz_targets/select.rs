//! The `select` fuzz target; the checks are in `pgn_fuzz::select`
//! (`fuzz/src/select.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_fuzz::select::check(data));
