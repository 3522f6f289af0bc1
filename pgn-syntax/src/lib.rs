//! PGN syntax: sections 8 and 18 of the 1994 PGN standard.
//!
//! **Status: planned** (issue "Reading PGN"). This crate will turn the
//! tokens of `pgn-lex` into games: a streaming visitor over `io::Read` with
//! constant memory, and an owned game tree (tags in input order, movetext as
//! a tree of moves, NAGs, comments and variations, the termination marker).
//! Moves stay SAN text here; no chess rules are applied. Every deviation from
//! the standard is a diagnostic, and a broken game never hides the next one.
