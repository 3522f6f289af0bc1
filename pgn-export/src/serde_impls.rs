//! The `serde` feature's hand-written impls: a set of command names as
//! the list of them, read back through [`CommandNames::new`].

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::commands::CommandNames;

impl Serialize for CommandNames {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CommandNames {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CommandNames, D::Error> {
        let names = Vec::<String>::deserialize(deserializer)?;
        CommandNames::new(names.iter().map(String::as_str)).map_err(de::Error::custom)
    }
}
