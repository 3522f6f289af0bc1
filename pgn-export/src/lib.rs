//! The PGN export format: sections 3.2, 8, 11 and 12 of the 1994 PGN standard.
//!
//! **Status: in progress.** This crate writes games byte-exactly in export
//! format and reduced export format (rulings E1 to E13), collates games
//! (§12), and names files (§11).

pub mod collate;
pub mod filename;
