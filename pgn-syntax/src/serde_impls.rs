//! The `serde` feature's hand-written impls: tags as a list of pairs, a
//! movetext as its elements (balanced again when read), tag values as the
//! text of their tag (read back by their parsers), and the helpers of the
//! derived impls.

use std::borrow::Cow;

use pgn_diag::bytes::{ByteBuf, Bytes};
use serde::de::{self, Deserializer};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::diagnostic::RosterTags;
use crate::game::Tags;
use crate::movetext::{Movetext, Node};
use crate::tags::{
    Eco, Elo, Mode, NetAddress, Nic, PgnDate, PgnTime, PlayerType, Round, SEVEN_TAG_ROSTER,
    STANDARD_TAGS, SetUp, Termination, TimeControl, Title,
};

/// The pairs in order, each a two-element sequence of name and value.
impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for tag in self {
            seq.serialize_element(&(Bytes(tag.name), Bytes(tag.value)))?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Tags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Tags, D::Error> {
        let pairs = Vec::<(ByteBuf, ByteBuf)>::deserialize(deserializer)?;
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name.0, value.0);
        }
        Ok(tags)
    }
}

/// The elements in order.
impl<M: Serialize> Serialize for Movetext<M> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.nodes().serialize(serializer)
    }
}

/// Through [`Movetext::from_nodes`]: the variation ends are found again
/// from the nesting, whatever the `end` of each start says.
impl<'de, M: Deserialize<'de>> Deserialize<'de> for Movetext<M> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Movetext<M>, D::Error> {
        Vec::<Node<M>>::deserialize(deserializer).map(Movetext::from_nodes)
    }
}

/// The names in roster order.
impl Serialize for RosterTags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.names())
    }
}

impl<'de> Deserialize<'de> for RosterTags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RosterTags, D::Error> {
        let mut bits = 0u8;
        for name in Vec::<Cow<'de, str>>::deserialize(deserializer)? {
            let Some(index) = SEVEN_TAG_ROSTER.iter().position(|tag| *tag == name) else {
                return Err(de::Error::custom(format_args!(
                    "{name:?} is not a tag of the Seven Tag Roster"
                )));
            };
            bits |= 1 << index;
        }
        Ok(RosterTags::from_bits(bits))
    }
}

/// Tag values as the text of their tag (`Display`), read back by the
/// parser that reads the tag (so that a value is checked as a tag's is).
macro_rules! as_tag_text {
    ($($ty:ty => $parse:expr;)*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let text = Cow::<'de, str>::deserialize(deserializer)?;
                let parse: fn(&str) -> Result<$ty, _> = $parse;
                parse(&text).map_err(de::Error::custom)
            }
        }
    )*};
}

as_tag_text! {
    PgnDate => str::parse;
    PgnTime => str::parse;
    Round => str::parse;
    Elo => str::parse;
    Title => str::parse;
    PlayerType => str::parse;
    SetUp => str::parse;
    Eco => str::parse;
    Nic => str::parse;
    // What the strict parser refuses but export writes (`40/5400+30`).
    TimeControl => |text| TimeControl::parse_lenient(text).map(|read| read.value);
}

/// Tag values kept as bytes when they are not the standard's: as text
/// when UTF-8, else as bytes (`pgn_diag::bytes`).
macro_rules! as_tag_bytes {
    ($($ty:ty => $parse:expr;)*) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                Bytes(self.as_bytes()).serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let bytes = ByteBuf::deserialize(deserializer)?;
                let parse: fn(&[u8]) -> Result<$ty, _> = $parse;
                parse(&bytes.0).map_err(de::Error::custom)
            }
        }
    )*};
}

as_tag_bytes! {
    Termination => |bytes| Ok::<_, std::convert::Infallible>(Termination::from_ascii(bytes));
    Mode => |bytes| Ok::<_, std::convert::Infallible>(Mode::from_ascii(bytes));
    NetAddress => |bytes| NetAddress::from_ascii(bytes);
}

/// The country code of [`DiagnosticKind::UnknownSiteCode`] as text.
///
/// [`DiagnosticKind::UnknownSiteCode`]: crate::DiagnosticKind::UnknownSiteCode
pub(crate) mod site_code {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(
        code: &[u8; 3],
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        Bytes(code).serialize(serializer)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<[u8; 3], D::Error> {
        let bytes = ByteBuf::deserialize(deserializer)?;
        <[u8; 3]>::try_from(bytes.0.as_slice())
            .map_err(|_| de::Error::invalid_length(bytes.0.len(), &"a code of three letters"))
    }
}

/// The standard's spelling of a tag name (in
/// [`DiagnosticKind::TagNameCase`]): one of [`STANDARD_TAGS`].
///
/// [`DiagnosticKind::TagNameCase`]: crate::DiagnosticKind::TagNameCase
pub(crate) fn standard_tag_name<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<&'static str, D::Error> {
    let name = Cow::<'de, str>::deserialize(deserializer)?;
    STANDARD_TAGS.iter().copied().find(|tag| *tag == name).ok_or_else(|| {
        de::Error::custom(format_args!("{name:?} is not a tag name of the standard"))
    })
}
