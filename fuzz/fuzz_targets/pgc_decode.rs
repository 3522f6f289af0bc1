//! The `pgc_decode` fuzz target; the checks are in `pgn_fuzz::pgc_decode`
//! (`fuzz/src/pgc_decode.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_fuzz::pgc_decode::check(data));
