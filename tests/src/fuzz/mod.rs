//! The checks behind the fuzz targets of `fuzz/fuzz_targets/`, one module
//! per target, each with a `check(data)` that panics when a property
//! fails (libFuzzer then keeps the input as a crash artifact).
//!
//! The targets themselves are one line each; the logic lives here, in the
//! workspace, so that a finding is replayed by `cargo test` calling the
//! same function (`tests/tests/fuzz_findings.rs`), without libFuzzer, and so that
//! the helpers (the recording visitor, the source that hands out short
//! reads) are written once.
//!
//! | target | checks |
//! |---|---|
//! | [`reader`] | the visitor gets the same events, places and diagnostics whatever the buffer size and however `read` cuts the input |
//! | [`replay`] | replay never panics; stream and tree replay agree; every played move's canonical SAN resolves to it again |
//! | [`fen`] | FEN parse, write, parse: the same position and the same text |
//! | [`epd`] | EPD read, resolve, write canonical, read again: the same bytes |
//! | [`san`] | a SAN that resolves, written in each notation and read again, names the same move |
//! | [`export`] | export (with the options of the first byte: reduced export format, parts left out), read back, export again: the same bytes; streaming and tree export agree |
//! | [`pgc_decode`] | the PGC decoder on any bytes: no panic, an error inside the input; every decoded game encodes, and decoding that gives the same export and the same records |
//! | [`pgc_roundtrip`] | PGN encoded as PGC and decoded exports as before (lossy without comments); streaming and tree encoding agree |
//! | [`select`] | criteria and PGN: no panic; a selection and its inversion agree on every game |
//! | [`events`] | the events a `ReplayVisitor` gets while the input streams are those a `Walker` yields over the tree of the same game |
//! | [`names`] | the file names of `pgn split` for any tag values are safe on every common file system, and stable |
//! | [`mainline`] | the tree API of the examples: each node's SAN and UCI name its move, positions and plies follow on, variations branch from the position before, `final_position` is the last node's |
//!
//! A new target adds a module here, a file in
//! `fuzz_targets/`, a `[[bin]]` in `Cargo.toml`, and a row in
//! `xtask/src/fuzz.rs`.

pub mod epd;
pub mod events;
pub mod export;
pub mod fen;
pub mod mainline;
pub mod names;
pub mod pgc_decode;
pub mod pgc_roundtrip;
pub mod reader;
pub mod replay;
pub mod san;
pub mod select;

/// Shows bytes for a failure message: as text where they are UTF-8, with
/// escapes for the rest.
pub fn show(bytes: &[u8]) -> String {
    bytes.escape_ascii().to_string()
}
