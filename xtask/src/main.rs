//! Project tasks (in progress).
fn main() {}
