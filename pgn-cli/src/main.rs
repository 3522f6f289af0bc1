//! The `pgn` command (in progress).
fn main() {}
