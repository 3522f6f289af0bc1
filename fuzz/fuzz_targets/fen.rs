//! The `fen` fuzz target: a FEN of a legal position, written (X-FEN and Shredder-FEN) and
//! parsed again, gives the same position and the same text; strict and
//! lenient parsing agree.
//!
//! The checks are in `pgn_tests::fuzz::fen` (`tests/src/fuzz/fen.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::fen::check(data));
