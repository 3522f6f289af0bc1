//! The PGN lexer: sections 4 to 7 of the 1994 PGN standard.
//!
//! **Status: planned** (issue "Reading PGN"). This crate will turn bytes into
//! tokens without copying: strings with their escapes decoded lazily,
//! integers, symbols, periods, `*`, brackets, parentheses, NAGs, brace and
//! rest-of-line comments, `%` escape lines, suffix annotations and the
//! evaluation glyphs found in real files. Each token will carry its byte span;
//! lines and columns will be computed only when a diagnostic is shown.
//!
//! It depends on no other crate of this workspace.
