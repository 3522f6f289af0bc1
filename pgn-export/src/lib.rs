//! The PGN export format: sections 3.2, 8, 11 and 12 of the 1994 PGN standard.
//!
//! **Status: planned.** This crate will write games byte-exactly in export
//! format and reduced export format (rulings E1 to E13), collate games, and
//! name files as section 12 describes.
