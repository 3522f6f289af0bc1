//! The `serde` feature's hand-written impls: a SAN as its export text,
//! read back by the parser, and a LAN as its text (serializing only:
//! reading a move needs the position it is played in).

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::san::San;
use crate::write::Lan;

/// The export text (`"Nbd7"`, `"e8=Q+"`, `"O-O-O#"`, `"--"`).
impl Serialize for San {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Parsed as [`San::from_ascii`] parses it; a suffix annotation is
/// dropped, as `FromStr` drops it.
impl<'de> Deserialize<'de> for San {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<San, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

/// The text (`"Ng1-f3"`).
impl Serialize for Lan {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
