//! The `serde` feature's hand-written impls: a FEN and an EPD record as
//! their text (read back by the parsers, so that what is read is checked
//! as text is), opcodes and mnemonics as their text, a register as its
//! digit, and the raw view of a record.

use std::fmt;

use pgn_diag::bytes::{ByteBuf, Bytes};
use serde::de::{self, Deserializer};
use serde::ser::{Error as _, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::epd::{Epd, UnknownOperation};
use crate::fen::Fen;
use crate::opcode::{Mnemonic, Opcode, Register};
use crate::operand::Operand;
use crate::raw::{RawEpd, RawOperation};

/// The six fields, castling as X-FEN (`Display`).
impl Serialize for Fen {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Parsed strictly ([`Fen::from_ascii`]), not checked for legality.
impl<'de> Deserialize<'de> for Fen {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Fen, D::Error> {
        let text = String::deserialize(deserializer)?;
        Fen::from_ascii(&text).map_err(de::Error::custom)
    }
}

/// The record in canonical form (ruling D1), as text when it is UTF-8 (a
/// record written by a program may hold strings that EPD cannot write, a
/// quote say: those are an error of the serializer).
impl Serialize for Epd {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = Vec::with_capacity(128);
        self.write_canonical(&mut out).map_err(S::Error::custom)?;
        Bytes(&out).serialize(serializer)
    }
}

/// Parsed as [`Epd::from_ascii`] parses a record (warnings dropped).
impl<'de> Deserialize<'de> for Epd {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Epd, D::Error> {
        let bytes = ByteBuf::deserialize(deserializer)?;
        Epd::from_ascii(&bytes.0).map_err(de::Error::custom)
    }
}

/// Opcodes and mnemonics as their text (`"bm"`, `"draw_offer"`).
macro_rules! as_text {
    ($($ty:ty => $parse:expr, $what:literal;)*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let text = String::deserialize(deserializer)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&text).ok_or_else(|| {
                    de::Error::invalid_value(de::Unexpected::Str(&text), &$what)
                })
            }
        }
    )*};
}

as_text! {
    Opcode => |text| Opcode::from_ascii(text), "an opcode of §16.2.5";
    Mnemonic => |text| Mnemonic::from_ascii(text), "an opcode (a letter, then letters, digits or _)";
}

/// The register's digit, 0 to 9.
impl Serialize for Register {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Register {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Register, D::Error> {
        let digit = u8::deserialize(deserializer)?;
        Register::new(digit).ok_or_else(|| {
            de::Error::invalid_value(de::Unexpected::Unsigned(digit.into()), &"a digit from 0 to 9")
        })
    }
}

/// What an [`UnknownOperation`] is read from: made through
/// [`UnknownOperation::new`], which refuses an opcode of the registry.
#[derive(Deserialize)]
pub(crate) struct UnknownParts {
    mnemonic: Mnemonic,
    operands: Vec<Operand>,
}

/// An [`UnknownOperation`] that names an opcode of the registry.
#[derive(Debug)]
pub(crate) struct KnownOpcode(Mnemonic);

impl fmt::Display for KnownOpcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is an opcode of the registry, not an unknown one", self.0)
    }
}

impl TryFrom<UnknownParts> for UnknownOperation {
    type Error = KnownOpcode;

    fn try_from(parts: UnknownParts) -> Result<UnknownOperation, KnownOpcode> {
        UnknownOperation::new(parts.mnemonic, parts.operands).ok_or(KnownOpcode(parts.mnemonic))
    }
}

/// Its position fields (a [`Fen`]), its move counters and its operations
/// with their operands as read.
impl Serialize for RawEpd<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let operations: Vec<RawOperation<'_, '_>> = self.operations().collect();
        let mut record = serializer.serialize_struct("RawEpd", 3)?;
        record.serialize_field("fen", self.fen())?;
        record.serialize_field("counters", &self.counters())?;
        record.serialize_field("operations", &operations)?;
        record.end()
    }
}
