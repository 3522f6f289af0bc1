//! The `serde` feature's hand-written impls: a text test read back
//! through its constructor, a material pattern as its text.

use pgn_diag::bytes::ByteBuf;
use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::material::MaterialPattern;
use crate::text::{TextMatch, TextOp};

/// The fields of a [`TextMatch`] as read, before [`TextMatch::new`]
/// lower-cases the text of a test that ignores case.
#[derive(Deserialize)]
pub(crate) struct TextMatchParts {
    op: TextOp,
    text: ByteBuf,
    ignore_case: bool,
}

impl From<TextMatchParts> for TextMatch {
    fn from(parts: TextMatchParts) -> TextMatch {
        TextMatch::new(parts.op, parts.text.0, parts.ignore_case)
    }
}

/// The pattern as it was written (`"KRPvKR"`).
impl Serialize for MaterialPattern {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read by the pattern's parser.
impl<'de> Deserialize<'de> for MaterialPattern {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MaterialPattern, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}
