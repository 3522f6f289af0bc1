//! The `pgc_roundtrip` fuzz target; the checks are in `pgn_fuzz::pgc_roundtrip`
//! (`fuzz/src/pgc_roundtrip.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_fuzz::pgc_roundtrip::check(data));
