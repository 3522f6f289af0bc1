//! The `replay` fuzz target: replaying any PGN never panics, every played move is legal and its
//! canonical SAN resolves to it again, and the streaming and the tree
//! replay find the same problems at the same places.
//!
//! The checks are in `pgn_tests::fuzz::replay` (`tests/src/fuzz/replay.rs`).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| pgn_tests::fuzz::replay::check(data));
