//! The `serde` feature's hand-written impls: a clock time as it is
//! written (`"0:00:58.6"`), read back by its parser, and the squares and
//! arrows of a command as the list of them.

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::value::{Arrows, ClockTime, MarkedSquares};

/// The canonical form, `H:MM:SS` and the fraction as written (ruling C3).
impl Serialize for ClockTime {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read by [`ClockTime::from_ascii`], which also takes the forms real
/// files write (`01:14:46`).
impl<'de> Deserialize<'de> for ClockTime {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ClockTime, D::Error> {
        let text = String::deserialize(deserializer)?;
        ClockTime::from_ascii(text.as_bytes())
            .ok_or_else(|| de::Error::invalid_value(de::Unexpected::Str(&text), &"a time H:MM:SS"))
    }
}

/// The marked squares, in order (serializing only: they borrow the
/// comment).
impl Serialize for MarkedSquares<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.clone())
    }
}

/// The arrows, in order (serializing only: they borrow the comment).
impl Serialize for Arrows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.clone())
    }
}
