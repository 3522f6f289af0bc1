//! The `serde` feature's helpers for the derived impls.

use pgn_diag::bytes::Bytes;
use serde::Serialize;
use serde::ser::Serializer;

/// The SAN of a [`ReplayDiagnostic`](crate::ReplayDiagnostic) and its
/// ply: `["Ke3", 3]`, the text as `pgn_diag::bytes` writes it.
pub(crate) fn san_at<S: Serializer>(
    san: &Option<(Box<[u8]>, u32)>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    san.as_ref().map(|(text, ply)| (Bytes(text), ply)).serialize(serializer)
}
