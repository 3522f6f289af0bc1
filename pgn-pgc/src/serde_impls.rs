//! The `serde` feature's helpers for the derived impls.

use pgn_diag::bytes::Bytes;
use serde::Serialize;
use serde::ser::Serializer;

/// The seven roster values of a reduced-export game record, each as
/// `pgn_diag::bytes` writes it.
pub(crate) fn roster<S: Serializer>(values: &[&[u8]; 7], serializer: S) -> Result<S::Ok, S::Error> {
    values.map(Bytes).serialize(serializer)
}
