//! Opcodes (§16.2.4.2, §16.2.5): [`Opcode`], the registry of the standard's
//! opcodes; [`Mnemonic`], any well-formed opcode text (ruling D3 keeps the
//! unknown ones); [`Register`], the digit of `c0`–`c9` and `v0`–`v9`.

use std::fmt;

/// The opcodes of §16.2.5, declared in ASCII order of their mnemonics (so
/// the derived `Ord` is the order of ruling D1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Opcode {
    /// `acn`: analysis count, nodes.
    Acn,
    /// `acs`: analysis count, seconds.
    Acs,
    /// `am`: avoid move(s).
    Am,
    /// `bm`: best move(s).
    Bm,
    /// `c0`: comment (primary).
    C0,
    /// `c1`: comment.
    C1,
    /// `c2`: comment.
    C2,
    /// `c3`: comment.
    C3,
    /// `c4`: comment.
    C4,
    /// `c5`: comment.
    C5,
    /// `c6`: comment.
    C6,
    /// `c7`: comment.
    C7,
    /// `c8`: comment.
    C8,
    /// `c9`: comment.
    C9,
    /// `ce`: centipawn evaluation.
    Ce,
    /// `dm`: direct mate fullmove count.
    Dm,
    /// `draw_accept`: accept a draw offer.
    DrawAccept,
    /// `draw_claim`: claim a draw.
    DrawClaim,
    /// `draw_offer`: offer a draw.
    DrawOffer,
    /// `draw_reject`: reject a draw offer.
    DrawReject,
    /// `eco`: _Encyclopedia of Chess Openings_ code.
    Eco,
    /// `fmvn`: fullmove number.
    Fmvn,
    /// `hmvc`: halfmove clock.
    Hmvc,
    /// `id`: position identification.
    Id,
    /// `nic`: _New In Chess_ code.
    Nic,
    /// `noop`: no operation.
    Noop,
    /// `pm`: predicted move.
    Pm,
    /// `pv`: predicted variation.
    Pv,
    /// `rc`: repetition count.
    Rc,
    /// `resign`: game resignation.
    Resign,
    /// `sm`: supplied move.
    Sm,
    /// `tcgs`: telecommunication, game selector.
    Tcgs,
    /// `tcri`: telecommunication, receiver identification.
    Tcri,
    /// `tcsi`: telecommunication, sender identification.
    Tcsi,
    /// `v0`: variation name (primary).
    V0,
    /// `v1`: variation name.
    V1,
    /// `v2`: variation name.
    V2,
    /// `v3`: variation name.
    V3,
    /// `v4`: variation name.
    V4,
    /// `v5`: variation name.
    V5,
    /// `v6`: variation name.
    V6,
    /// `v7`: variation name.
    V7,
    /// `v8`: variation name.
    V8,
    /// `v9`: variation name.
    V9,
}

impl Opcode {
    /// Every opcode, in ASCII order of mnemonics.
    pub const ALL: [Opcode; 44] = [
        Opcode::Acn,
        Opcode::Acs,
        Opcode::Am,
        Opcode::Bm,
        Opcode::C0,
        Opcode::C1,
        Opcode::C2,
        Opcode::C3,
        Opcode::C4,
        Opcode::C5,
        Opcode::C6,
        Opcode::C7,
        Opcode::C8,
        Opcode::C9,
        Opcode::Ce,
        Opcode::Dm,
        Opcode::DrawAccept,
        Opcode::DrawClaim,
        Opcode::DrawOffer,
        Opcode::DrawReject,
        Opcode::Eco,
        Opcode::Fmvn,
        Opcode::Hmvc,
        Opcode::Id,
        Opcode::Nic,
        Opcode::Noop,
        Opcode::Pm,
        Opcode::Pv,
        Opcode::Rc,
        Opcode::Resign,
        Opcode::Sm,
        Opcode::Tcgs,
        Opcode::Tcri,
        Opcode::Tcsi,
        Opcode::V0,
        Opcode::V1,
        Opcode::V2,
        Opcode::V3,
        Opcode::V4,
        Opcode::V5,
        Opcode::V6,
        Opcode::V7,
        Opcode::V8,
        Opcode::V9,
    ];

    const COMMENTS: [Opcode; 10] = [
        Opcode::C0,
        Opcode::C1,
        Opcode::C2,
        Opcode::C3,
        Opcode::C4,
        Opcode::C5,
        Opcode::C6,
        Opcode::C7,
        Opcode::C8,
        Opcode::C9,
    ];

    const VARIATION_NAMES: [Opcode; 10] = [
        Opcode::V0,
        Opcode::V1,
        Opcode::V2,
        Opcode::V3,
        Opcode::V4,
        Opcode::V5,
        Opcode::V6,
        Opcode::V7,
        Opcode::V8,
        Opcode::V9,
    ];

    /// The mnemonic, such as `"bm"` or `"draw_offer"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Opcode::Acn => "acn",
            Opcode::Acs => "acs",
            Opcode::Am => "am",
            Opcode::Bm => "bm",
            Opcode::C0 => "c0",
            Opcode::C1 => "c1",
            Opcode::C2 => "c2",
            Opcode::C3 => "c3",
            Opcode::C4 => "c4",
            Opcode::C5 => "c5",
            Opcode::C6 => "c6",
            Opcode::C7 => "c7",
            Opcode::C8 => "c8",
            Opcode::C9 => "c9",
            Opcode::Ce => "ce",
            Opcode::Dm => "dm",
            Opcode::DrawAccept => "draw_accept",
            Opcode::DrawClaim => "draw_claim",
            Opcode::DrawOffer => "draw_offer",
            Opcode::DrawReject => "draw_reject",
            Opcode::Eco => "eco",
            Opcode::Fmvn => "fmvn",
            Opcode::Hmvc => "hmvc",
            Opcode::Id => "id",
            Opcode::Nic => "nic",
            Opcode::Noop => "noop",
            Opcode::Pm => "pm",
            Opcode::Pv => "pv",
            Opcode::Rc => "rc",
            Opcode::Resign => "resign",
            Opcode::Sm => "sm",
            Opcode::Tcgs => "tcgs",
            Opcode::Tcri => "tcri",
            Opcode::Tcsi => "tcsi",
            Opcode::V0 => "v0",
            Opcode::V1 => "v1",
            Opcode::V2 => "v2",
            Opcode::V3 => "v3",
            Opcode::V4 => "v4",
            Opcode::V5 => "v5",
            Opcode::V6 => "v6",
            Opcode::V7 => "v7",
            Opcode::V8 => "v8",
            Opcode::V9 => "v9",
        }
    }

    /// The opcode with this mnemonic (case-sensitive: `Bm` is a private
    /// opcode, not `bm`, §16.2.4.2).
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Option<Opcode> {
        let s = s.as_ref();
        Some(match s {
            b"acn" => Opcode::Acn,
            b"acs" => Opcode::Acs,
            b"am" => Opcode::Am,
            b"bm" => Opcode::Bm,
            [b'c', d @ b'0'..=b'9'] => Opcode::COMMENTS[usize::from(d - b'0')],
            b"ce" => Opcode::Ce,
            b"dm" => Opcode::Dm,
            b"draw_accept" => Opcode::DrawAccept,
            b"draw_claim" => Opcode::DrawClaim,
            b"draw_offer" => Opcode::DrawOffer,
            b"draw_reject" => Opcode::DrawReject,
            b"eco" => Opcode::Eco,
            b"fmvn" => Opcode::Fmvn,
            b"hmvc" => Opcode::Hmvc,
            b"id" => Opcode::Id,
            b"nic" => Opcode::Nic,
            b"noop" => Opcode::Noop,
            b"pm" => Opcode::Pm,
            b"pv" => Opcode::Pv,
            b"rc" => Opcode::Rc,
            b"resign" => Opcode::Resign,
            b"sm" => Opcode::Sm,
            b"tcgs" => Opcode::Tcgs,
            b"tcri" => Opcode::Tcri,
            b"tcsi" => Opcode::Tcsi,
            [b'v', d @ b'0'..=b'9'] => Opcode::VARIATION_NAMES[usize::from(d - b'0')],
            _ => return None,
        })
    }

    /// The comment opcode `cN` of a register.
    pub fn comment(register: Register) -> Opcode {
        Opcode::COMMENTS[register.index()]
    }

    /// The variation name opcode `vN` of a register.
    pub fn variation_name(register: Register) -> Opcode {
        Opcode::VARIATION_NAMES[register.index()]
    }

    /// The register of a `cN` or `vN` opcode.
    pub fn register(self) -> Option<Register> {
        let index = Opcode::COMMENTS
            .iter()
            .position(|&c| c == self)
            .or_else(|| Opcode::VARIATION_NAMES.iter().position(|&v| v == self))?;
        Register::ALL.get(index).copied()
    }

    /// The mnemonic as a [`Mnemonic`].
    pub fn mnemonic(self) -> Mnemonic {
        // Not reachable from input: the texts are this crate's constants,
        // and a test reads every one back.
        Mnemonic::from_ascii(self.as_str().as_bytes())
            .expect("every opcode of the registry is a well-formed mnemonic")
    }
}

impl fmt::Display for Opcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The longest opcode: a letter and up to fourteen more characters
/// (§16.2.4.1).
pub const MAX_MNEMONIC_LEN: usize = 15;

/// A well-formed opcode (§16.2.4.1): an ASCII letter, then up to fourteen
/// letters, digits or underscores. Known or not (ruling D3); private
/// opcodes start with an upper-case letter (§16.2.4.2).
///
/// Stored inline (no allocation); ordered by its bytes, which is the order
/// of ruling D1.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mnemonic {
    bytes: [u8; MAX_MNEMONIC_LEN],
    len: u8,
}

impl Mnemonic {
    /// The mnemonic, if `s` is a well-formed opcode.
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Option<Mnemonic> {
        let s = s.as_ref();
        let (&first, rest) = s.split_first()?;
        if !first.is_ascii_alphabetic()
            || s.len() > MAX_MNEMONIC_LEN
            || !rest.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return None;
        }
        let mut bytes = [0; MAX_MNEMONIC_LEN];
        bytes[..s.len()].copy_from_slice(s);
        Some(Mnemonic { bytes, len: s.len() as u8 })
    }

    /// The opcode's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The opcode's text.
    pub fn as_str(&self) -> &str {
        // Not reachable from input: `from_ascii` admits ASCII bytes only.
        std::str::from_utf8(self.as_bytes())
            .expect("a mnemonic holds only ASCII letters, digits and _")
    }

    /// The registry's opcode of this mnemonic, if it has one.
    pub fn opcode(&self) -> Option<Opcode> {
        Opcode::from_ascii(self.as_bytes())
    }

    /// Whether this is a private opcode (starting with an upper-case letter,
    /// §16.2.4.2).
    pub fn is_private(&self) -> bool {
        self.bytes[0].is_ascii_uppercase()
    }
}

impl PartialOrd for Mnemonic {
    fn partial_cmp(&self, other: &Mnemonic) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Mnemonic {
    /// Byte order of the text (ruling D1).
    fn cmp(&self, other: &Mnemonic) -> std::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl fmt::Display for Mnemonic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Mnemonic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Mnemonic({:?})", self.as_str())
    }
}

impl From<Opcode> for Mnemonic {
    fn from(opcode: Opcode) -> Mnemonic {
        opcode.mnemonic()
    }
}

/// One of the ten registers of the `c0`–`c9` and `v0`–`v9` families
/// (§16.2.5.5, §16.2.5.26): a digit from 0 to 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Register(u8);

impl Register {
    /// Every register, from 0 to 9.
    pub const ALL: [Register; 10] = [
        Register(0),
        Register(1),
        Register(2),
        Register(3),
        Register(4),
        Register(5),
        Register(6),
        Register(7),
        Register(8),
        Register(9),
    ];

    /// The register with this digit, if it is at most 9.
    pub fn new(digit: u8) -> Option<Register> {
        (digit <= 9).then_some(Register(digit))
    }

    /// The digit, as an index from 0 to 9.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_is_in_ascii_order_and_round_trips() {
        for pair in Opcode::ALL.windows(2) {
            assert!(pair[0].as_str() < pair[1].as_str(), "{} {}", pair[0], pair[1]);
            assert!(pair[0] < pair[1]);
            assert!(pair[0].mnemonic() < pair[1].mnemonic());
        }
        for op in Opcode::ALL {
            assert_eq!(Opcode::from_ascii(op.as_str().as_bytes()), Some(op));
            assert_eq!(op.mnemonic().opcode(), Some(op));
        }
        assert_eq!(Opcode::from_ascii(b"Bm"), None);
        assert_eq!(Opcode::from_ascii(b"c10"), None);
        assert_eq!(Opcode::comment(Register::ALL[7]), Opcode::C7);
        assert_eq!(Opcode::variation_name(Register::ALL[0]), Opcode::V0);
        assert_eq!(Opcode::V4.register(), Register::new(4));
        assert_eq!(Opcode::C0.register(), Register::new(0));
        assert_eq!(Opcode::Ce.register(), None);
    }

    #[test]
    fn mnemonic_syntax() {
        // ruling D3: any well-formed opcode is kept, private ones too.
        let m = Mnemonic::from_ascii(b"wdl_table").expect("well formed");
        assert_eq!(m.as_str(), "wdl_table");
        assert!(!m.is_private());
        assert_eq!(m.opcode(), None);
        assert!(Mnemonic::from_ascii(b"Xfoo").expect("private").is_private());
        assert!(Mnemonic::from_ascii(b"a23456789012345").is_some());
        assert!(Mnemonic::from_ascii(b"a234567890123456").is_none());
        assert!(Mnemonic::from_ascii(b"").is_none());
        assert!(Mnemonic::from_ascii(b"1a").is_none());
        assert!(Mnemonic::from_ascii(b"_a").is_none());
        assert!(Mnemonic::from_ascii(b"a-b").is_none());
        assert!(Mnemonic::from_ascii(b"a").is_some());
        assert!(Mnemonic::from_ascii(b"B") < Mnemonic::from_ascii(b"a"));
        assert_eq!(format!("{:?}", m), "Mnemonic(\"wdl_table\")");
        assert_eq!(Register::new(10), None);
        assert_eq!(Register::new(3).map(Register::index), Some(3));
    }
}
