//! Standard Algebraic Notation: sections 8.2.3 and 17 of the 1994 PGN standard.
//!
//! **Status: planned** (issue "SAN resolution and game replay"). This crate
//! will parse SAN (strictly and leniently), resolve it against a
//! `chess_core::Position` to exactly one legal move, generate canonical SAN
//! (ruling E7), long algebraic, UCI and figurine notation, and replay a
//! `pgn-syntax` game tree, every variation included, into legal moves.
