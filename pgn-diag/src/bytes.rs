//! Input bytes in serde formats (the `serde` feature): a tag value, a
//! comment or a move as text when it is UTF-8, else as its bytes.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

/// Bytes of the input as serde writes them: a string when they are valid
/// UTF-8 (nearly always: tags, comments and moves are text), else their
/// bytes, which JSON writes as an array of numbers. Nothing is lost, so
/// [`ByteBuf`] reads either form back to the same bytes. Formats that are
/// not for people (`is_human_readable` false) get the bytes always.
///
/// ```
/// use pgn_diag::bytes::Bytes;
///
/// assert_eq!(serde_json::to_string(&Bytes(b"Nf3")).unwrap(), r#""Nf3""#);
/// assert_eq!(serde_json::to_string(&Bytes(b"K\xf6ln")).unwrap(), "[75,246,108,110]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bytes<'a>(pub &'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match std::str::from_utf8(self.0) {
            Ok(text) if serializer.is_human_readable() => serializer.serialize_str(text),
            _ => serializer.serialize_bytes(self.0),
        }
    }
}

/// Bytes read back from what [`Bytes`] writes: a string (its UTF-8
/// bytes), or bytes, or a sequence of numbers from 0 to 255.
///
/// ```
/// use pgn_diag::bytes::ByteBuf;
///
/// let text: ByteBuf = serde_json::from_str(r#""Nf3""#).unwrap();
/// assert_eq!(text.0, b"Nf3");
/// let latin1: ByteBuf = serde_json::from_str("[75,246,108,110]").unwrap();
/// assert_eq!(latin1.0, b"K\xf6ln");
/// assert!(serde_json::from_str::<ByteBuf>("[256]").is_err());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByteBuf(pub Vec<u8>);

impl<'de> Deserialize<'de> for ByteBuf {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ByteBuf, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(ByteBufVisitor).map(ByteBuf)
        } else {
            deserializer.deserialize_byte_buf(ByteBufVisitor).map(ByteBuf)
        }
    }
}

struct ByteBufVisitor;

impl<'de> Visitor<'de> for ByteBufVisitor {
    type Value = Vec<u8>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string, or bytes as a sequence of numbers from 0 to 255")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<u8>, E> {
        Ok(v.as_bytes().to_vec())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Vec<u8>, E> {
        Ok(v.into_bytes())
    }

    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
        Ok(v.to_vec())
    }

    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
        Ok(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
        // At most 4 KiB reserved ahead: the hint is the input's word.
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(byte) = seq.next_element::<u8>()? {
            out.push(byte);
        }
        Ok(out)
    }
}

/// Writes a field of bytes as [`Bytes`] does: `#[serde(with =
/// "pgn_diag::bytes")]` on a `Box<[u8]>` or `Vec<u8>` (or, for serializing
/// only, a `&[u8]`).
///
/// # Errors
///
/// The serializer's.
pub fn serialize<T, S>(bytes: &T, serializer: S) -> Result<S::Ok, S::Error>
where
    T: AsRef<[u8]> + ?Sized,
    S: Serializer,
{
    Bytes(bytes.as_ref()).serialize(serializer)
}

/// Reads a field of bytes as [`ByteBuf`] does.
///
/// # Errors
///
/// A value that is neither a string nor bytes.
pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: From<Vec<u8>>,
    D: Deserializer<'de>,
{
    ByteBuf::deserialize(deserializer).map(|buf| T::from(buf.0))
}

/// The same for an optional field: `#[serde(with = "pgn_diag::bytes::option")]`
/// on an `Option<Box<[u8]>>`, `null` when it is `None`.
pub mod option {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{ByteBuf, Bytes};

    /// Writes `None` as nothing (`null` in JSON), bytes as [`Bytes`].
    ///
    /// # Errors
    ///
    /// The serializer's.
    pub fn serialize<T, S>(bytes: &Option<T>, serializer: S) -> Result<S::Ok, S::Error>
    where
        T: AsRef<[u8]>,
        S: Serializer,
    {
        bytes.as_ref().map(|b| Bytes(b.as_ref())).serialize(serializer)
    }

    /// Reads what [`serialize`] writes.
    ///
    /// # Errors
    ///
    /// A value that is neither nothing, a string nor bytes.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        T: From<Vec<u8>>,
        D: Deserializer<'de>,
    {
        Ok(Option::<ByteBuf>::deserialize(deserializer)?.map(|buf| T::from(buf.0)))
    }
}
