//! The PGC binary codec: section 20 of the 1994 PGN standard.
//!
//! **Status: planned.** This crate will encode and decode PGC records
//! (rulings P1 to P8): move ordinals over sorted legal moves, tag pairs,
//! move sequences and variations.

pub mod ordinal;

pub use ordinal::{move_at, ordinal};
