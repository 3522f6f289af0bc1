//! Canonical EPD writing (ruling D1): the four position fields, then the
//! operations in ascending byte order of opcode, each `opcode operand ...;`,
//! separated by single spaces. [`WriteEpdError`] is what cannot be written
//! so that it reads back the same (ruling D5 and the rules of §16.2).

use std::io::Write as _;

use crate::epd::{Epd, Operation, RuleViolation, Value, check_rules};
use crate::fen::CastlingNotation;
use crate::opcode::{Mnemonic, Opcode};
use crate::operand::{EpdString, MoveText, Operand};
use crate::raw::MAX_STRING_LEN;

/// A record that cannot be written as EPD.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum WriteEpdError {
    /// A string holding `"`: EPD strings have no escapes (ruling D5).
    #[error("operand {operand} of {mnemonic} holds a quote, which an epd string cannot")]
    QuoteInString {
        /// The operation.
        mnemonic: Mnemonic,
        /// The operand's place, from 1.
        operand: usize,
    },
    /// A string holding a line break, which would end the record.
    #[error("operand {operand} of {mnemonic} holds a line break")]
    LineBreakInString {
        /// The operation.
        mnemonic: Mnemonic,
        /// The operand's place, from 1.
        operand: usize,
    },
    /// A string of 256 bytes or more (§16.2.4.1).
    #[error("operand {operand} of {mnemonic} is a string of {len} bytes (at most 255)")]
    StringTooLong {
        /// The operation.
        mnemonic: Mnemonic,
        /// The operand's place, from 1.
        operand: usize,
        /// Its length.
        len: usize,
    },
    /// An unquoted operand (a move, or a token of `noop` or an unknown
    /// opcode) that is empty or holds a space, `;`, `"` or a control byte.
    #[error("operand {operand} of {mnemonic} cannot be written without quotes")]
    InvalidToken {
        /// The operation.
        mnemonic: Mnemonic,
        /// The operand's place, from 1.
        operand: usize,
    },
    /// A `ce` value outside -32767..=32766.
    #[error("ce value {0} out of range")]
    CeOutOfRange(i16),
    /// An opcode twice in the record.
    #[error("opcode {0} appears twice")]
    RepeatedOpcode(Mnemonic),
    /// `draw_claim` or `draw_offer` without `sm`.
    #[error("{0} requires an sm operation")]
    MissingSuppliedMove(Opcode),
    /// The record holds bytes that are not UTF-8 (only from
    /// [`Epd::to_canonical_string`]).
    #[error("the record is not utf-8")]
    NotUtf8,
}

impl WriteEpdError {
    /// The error's message without its details (no opcode, operand or
    /// value), the same for every error of the variant: a key for counting
    /// diagnostics by kind. Each variant has its own label.
    pub fn label(&self) -> &'static str {
        match self {
            WriteEpdError::QuoteInString { .. } => "string operand holds a quote",
            WriteEpdError::LineBreakInString { .. } => "string operand holds a line break",
            WriteEpdError::StringTooLong { .. } => "string operand longer than 255 bytes",
            WriteEpdError::InvalidToken { .. } => "operand cannot be written without quotes",
            WriteEpdError::CeOutOfRange(_) => "ce value out of range",
            WriteEpdError::RepeatedOpcode(_) => "opcode appears twice",
            WriteEpdError::MissingSuppliedMove(_) => "draw claim or offer without sm",
            WriteEpdError::NotUtf8 => "the record is not utf-8",
        }
    }
}

/// Whether bytes can be written as an unquoted operand: the reader's token.
fn is_token(bytes: &[u8]) -> bool {
    let bad = |b: u8| matches!(b, b' ' | b'\t' | b';' | b'"') || b < 0x20 || b == 0x7f;
    !bytes.is_empty() && !bytes.iter().any(|&b| bad(b))
}

/// Writes one operation's operands, checking each.
struct OperationWriter<'o> {
    out: &'o mut Vec<u8>,
    mnemonic: Mnemonic,
    index: usize,
}

impl OperationWriter<'_> {
    fn next(&mut self) {
        self.index += 1;
        self.out.push(b' ');
    }

    fn integer(&mut self, n: impl std::fmt::Display) {
        self.next();
        // Writing to a Vec cannot fail.
        let _ = write!(self.out, "{n}");
    }

    fn string(&mut self, s: &EpdString) -> Result<(), WriteEpdError> {
        self.next();
        let (mnemonic, operand) = (self.mnemonic, self.index);
        let bytes = s.as_bytes();
        if bytes.contains(&b'"') {
            // Ruling D5.
            return Err(WriteEpdError::QuoteInString { mnemonic, operand });
        }
        if bytes.iter().any(|&b| b == b'\n' || b == b'\r') {
            return Err(WriteEpdError::LineBreakInString { mnemonic, operand });
        }
        if bytes.len() > MAX_STRING_LEN {
            return Err(WriteEpdError::StringTooLong { mnemonic, operand, len: bytes.len() });
        }
        self.out.push(b'"');
        self.out.extend_from_slice(bytes);
        self.out.push(b'"');
        Ok(())
    }

    fn token(&mut self, bytes: &[u8]) -> Result<(), WriteEpdError> {
        self.next();
        if !is_token(bytes) {
            return Err(WriteEpdError::InvalidToken {
                mnemonic: self.mnemonic,
                operand: self.index,
            });
        }
        self.out.extend_from_slice(bytes);
        Ok(())
    }

    fn moves<'m>(
        &mut self,
        moves: impl IntoIterator<Item = &'m MoveText>,
    ) -> Result<(), WriteEpdError> {
        moves.into_iter().try_for_each(|m| self.token(m.as_bytes()))
    }

    fn operands(&mut self, operands: &[Operand]) -> Result<(), WriteEpdError> {
        operands.iter().try_for_each(|o| {
            if o.is_quoted() { self.string(o.text()) } else { self.token(o.text().as_bytes()) }
        })
    }

    fn optional_string(&mut self, s: &Option<EpdString>) -> Result<(), WriteEpdError> {
        s.as_ref().map_or(Ok(()), |s| self.string(s))
    }

    fn value(&mut self, value: &Value) -> Result<(), WriteEpdError> {
        match value {
            Value::Acn(n) | Value::Acs(n) => self.integer(n),
            Value::Am(moves) | Value::Bm(moves) => {
                // Errors name the operand's place as read, not as sorted.
                if let Some(i) = moves.iter().position(|m| !is_token(m.as_bytes())) {
                    return Err(WriteEpdError::InvalidToken {
                        mnemonic: self.mnemonic,
                        operand: i + 1,
                    });
                }
                // Ruling D1: a set, in byte order of its SAN.
                let mut sorted: Vec<&MoveText> = moves.iter().collect();
                sorted.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
                self.moves(sorted)?;
            }
            Value::Comment(_, s) | Value::VariationName(_, s) | Value::Eco(s) | Value::Nic(s) => {
                self.optional_string(s)?;
            }
            Value::Ce(v) => {
                if !(-32767..=32766).contains(v) {
                    return Err(WriteEpdError::CeOutOfRange(*v));
                }
                self.integer(v);
            }
            Value::Dm(n) | Value::Fmvn(n) | Value::Rc(n) | Value::Tcgs(n) => self.integer(n),
            Value::Hmvc(n) => self.integer(n),
            Value::DrawAccept
            | Value::DrawClaim
            | Value::DrawOffer
            | Value::DrawReject
            | Value::Resign => {}
            Value::Id(s) => self.string(s)?,
            Value::Noop(operands) => self.operands(operands)?,
            Value::Unknown(u) => self.operands(u.operands())?,
            Value::Pm(m) | Value::Sm(m) => self.token(m.as_bytes())?,
            Value::Pv(moves) => self.moves(moves)?,
            Value::Tcri(a, b) | Value::Tcsi(a, b) => {
                self.string(a)?;
                self.string(b)?;
            }
        }
        Ok(())
    }
}

fn write_operation(op: &Operation, out: &mut Vec<u8>) -> Result<(), WriteEpdError> {
    let mnemonic = op.mnemonic();
    out.extend_from_slice(mnemonic.as_bytes());
    OperationWriter { out, mnemonic, index: 0 }.value(&op.value)?;
    out.push(b';');
    Ok(())
}

impl Epd {
    /// Checks the rules between operations that reading enforces.
    fn check_writable(&self) -> Result<(), WriteEpdError> {
        check_rules(self.operations()).map_err(|v| match v {
            RuleViolation::Repeated { second, .. } => {
                WriteEpdError::RepeatedOpcode(self.operations()[second].mnemonic())
            }
            RuleViolation::MissingSuppliedMove { opcode, .. } => {
                WriteEpdError::MissingSuppliedMove(opcode)
            }
        })
    }

    /// Appends the canonical record (ruling D1, X-FEN castling, no line
    /// ending) to `out`. On error `out` is left as it was.
    ///
    /// # Errors
    ///
    /// [`WriteEpdError`] for what would not read back the same: a string
    /// holding `"` (ruling D5) or a line break, an overlong string, a move
    /// or token that is empty or holds a separator, `ce` out of range, a
    /// repeated opcode, `draw_claim`/`draw_offer` without `sm`, or `pm`
    /// differing from the first move of `pv`.
    pub fn write_canonical(&self, out: &mut Vec<u8>) -> Result<(), WriteEpdError> {
        self.write_canonical_with(CastlingNotation::XFen, out)
    }

    /// As [`Epd::write_canonical`], with castling in the given notation.
    ///
    /// # Errors
    ///
    /// As [`Epd::write_canonical`].
    pub fn write_canonical_with(
        &self,
        notation: CastlingNotation,
        out: &mut Vec<u8>,
    ) -> Result<(), WriteEpdError> {
        self.check_writable()?;
        let start = out.len();
        out.extend_from_slice(self.position_fields().to_epd_string(notation).as_bytes());
        for op in self.sorted() {
            out.push(b' ');
            if let Err(e) = write_operation(op, out) {
                out.truncate(start);
                return Err(e);
            }
        }
        Ok(())
    }

    /// The canonical record as bytes (ruling D1).
    ///
    /// # Errors
    ///
    /// As [`Epd::write_canonical`].
    pub fn to_canonical(&self) -> Result<Vec<u8>, WriteEpdError> {
        let mut out = Vec::with_capacity(128);
        self.write_canonical(&mut out)?;
        Ok(out)
    }

    /// The canonical record as text (ruling D1).
    ///
    /// # Errors
    ///
    /// As [`Epd::write_canonical`], and [`WriteEpdError::NotUtf8`] if a
    /// string or move holds bytes that are not UTF-8.
    pub fn to_canonical_string(&self) -> Result<String, WriteEpdError> {
        String::from_utf8(self.to_canonical()?).map_err(|_| WriteEpdError::NotUtf8)
    }
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroU32;

    use super::*;
    use crate::opcode::Register;

    const POS: &str = "4k3/8/8/8/8/8/8/4K3 w - -";

    #[test]
    fn every_error_has_its_own_label() {
        let m = Mnemonic::from_ascii(b"c0").expect("well formed");
        let errors = [
            WriteEpdError::QuoteInString { mnemonic: m, operand: 1 },
            WriteEpdError::LineBreakInString { mnemonic: m, operand: 1 },
            WriteEpdError::StringTooLong { mnemonic: m, operand: 1, len: 300 },
            WriteEpdError::InvalidToken { mnemonic: m, operand: 1 },
            WriteEpdError::CeOutOfRange(i16::MAX),
            WriteEpdError::RepeatedOpcode(m),
            WriteEpdError::MissingSuppliedMove(Opcode::DrawClaim),
            WriteEpdError::NotUtf8,
        ];
        let labels: std::collections::HashSet<&str> =
            errors.iter().map(WriteEpdError::label).collect();
        assert_eq!(labels.len(), errors.len());
        assert!(labels.iter().all(|l| l.starts_with(|c: char| c.is_ascii_lowercase())));
    }

    fn canonical(ops: &str) -> String {
        let epd: Epd = format!("{POS} {ops}").parse().unwrap_or_else(|e| panic!("{ops}: {e}"));
        let text = epd.to_canonical_string().unwrap_or_else(|e| panic!("{ops}: {e}"));
        let again: Epd = text.parse().expect("canonical output reads back");
        assert_eq!(again, epd);
        assert_eq!(again.to_canonical_string().as_ref(), Ok(&text), "write → read → write");
        text.strip_prefix(POS).map(str::trim_start).unwrap_or(&text).to_string()
    }

    #[test]
    fn ruling_d1_order_and_form() {
        assert_eq!(canonical(""), "");
        assert_eq!(
            canonical("id \"WAC.001\";  bm Qg6 Nf3 Bxc4; c0 8; ce +007; acn 5; draw_reject"),
            "acn 5; bm Bxc4 Nf3 Qg6; c0 \"8\"; ce 7; draw_reject; id \"WAC.001\";"
        );
        assert_eq!(canonical("pv e4 c5 Nf3; pm e4;"), "pm e4; pv e4 c5 Nf3;");
        assert_eq!(canonical("tcsi \"b\" \"a\"; tcri a b;"), "tcri \"a\" \"b\"; tcsi \"b\" \"a\";");
        // Unknown opcodes and noop: as read, quoted where they were; D3.
        assert_eq!(
            canonical("wdl 2; Zpriv \"x y\" z; noop \"a\" 1.5; class mate-now;"),
            "Zpriv \"x y\" z; class mate-now; noop \"a\" 1.5; wdl 2;"
        );
        assert_eq!(canonical("dm +03;"), "dm 3;");
        // A dm of 0 or below is kept as read (ruling D2 leniency).
        assert_eq!(canonical("dm -03; bm Kb1;"), "bm Kb1; dm -03;");
        assert_eq!(canonical("dm 0;"), "dm 0;");
        // A free note after the last `;` is dropped.
        assert_eq!(canonical("class mate-now-corner; gate-prone"), "class mate-now-corner;");
        assert_eq!(canonical("c0; c1 \"\"; bm;"), "bm; c0; c1 \"\";");
        assert_eq!(canonical("ce -0;"), "ce 0;");
    }

    #[test]
    fn six_field_records_become_hmvc_and_fmvn() {
        let epd = Epd::from_ascii(b"4k3/8/8/8/8/8/4P3/4K3 w - - 5 39 id \"x\";").expect("lenient");
        assert_eq!(
            epd.to_canonical_string().as_deref(),
            Ok("4k3/8/8/8/8/8/4P3/4K3 w - - fmvn 39; hmvc 5; id \"x\";")
        );
    }

    #[test]
    fn what_cannot_be_written() {
        let mut epd: Epd = POS.parse().expect("valid");
        let bm = Opcode::Bm.mnemonic();
        epd.set(Value::Id("a\"b".into()));
        assert_eq!(
            epd.to_canonical(),
            Err(WriteEpdError::QuoteInString { mnemonic: Opcode::Id.mnemonic(), operand: 1 })
        );
        epd.set(Value::Id("x".repeat(256).into()));
        assert!(matches!(epd.to_canonical(), Err(WriteEpdError::StringTooLong { len: 256, .. })));
        epd.set(Value::Id("a\nb".into()));
        assert!(matches!(epd.to_canonical(), Err(WriteEpdError::LineBreakInString { .. })));
        epd.set(Value::Id("x".repeat(255).into()));
        assert!(epd.to_canonical().is_ok());
        for bad in ["", "e 4", "e4;", "\"e4", "e\t4"] {
            epd.set(Value::Bm(vec![MoveText::from("d4"), MoveText::from(bad)]));
            assert_eq!(
                epd.to_canonical(),
                Err(WriteEpdError::InvalidToken { mnemonic: bm, operand: 2 }),
                "{bad:?}"
            );
        }
        epd.remove(bm);
        epd.set(Value::Ce(32767));
        assert_eq!(epd.to_canonical(), Err(WriteEpdError::CeOutOfRange(32767)));
        epd.set(Value::Ce(0));
        epd.set(Value::DrawOffer);
        assert_eq!(epd.to_canonical(), Err(WriteEpdError::MissingSuppliedMove(Opcode::DrawOffer)));
        epd.set(Value::Sm("e4".into()));
        epd.set(Value::Pm("d4".into()));
        epd.set(Value::Pv(vec!["e4".into()]));
        epd.set(Value::Pm("e4".into()));
        let mut out = b"keep".to_vec();
        epd.write_canonical(&mut out).expect("valid");
        assert!(out.starts_with(b"keep4k3/"));
        // A failed write leaves the buffer as it was.
        epd.set(Value::Comment(Register::ALL[0], Some("\"".into())));
        let mut out = b"keep".to_vec();
        assert!(epd.write_canonical(&mut out).is_err());
        assert_eq!(out, b"keep");
        epd.set(Value::Comment(Register::ALL[0], Some(EpdString::from(&b"\xff"[..]))));
        assert_eq!(epd.to_canonical_string(), Err(WriteEpdError::NotUtf8));
        assert!(epd.to_canonical().is_ok());
        epd.set(Value::Fmvn(NonZeroU32::MIN));
        assert!(epd.to_canonical().is_ok());
    }

    #[test]
    fn shredder_castling() {
        let epd: Epd = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O;".parse().expect("valid");
        let mut out = Vec::new();
        epd.write_canonical_with(CastlingNotation::Shredder, &mut out).expect("valid");
        assert_eq!(out, b"r3k2r/8/8/8/8/8/8/R3K2R w HAha - bm O-O;");
    }
}
