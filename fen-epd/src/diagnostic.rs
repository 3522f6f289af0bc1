//! Problems found while reading EPD: [`EpdError`] (the record is rejected)
//! and [`EpdWarning`] (the record was read leniently, ruling D4), each with
//! a typed kind and a [`Location`]; [`EpdDiagnostic`] holds either.

use std::fmt;

pub use pgn_diag::{Location, Severity};

use crate::fen::ParseFenErrorKind;
use crate::opcode::{Mnemonic, Opcode};
use crate::operand::EpdString;

/// The kind of value an operand should have (for [`EpdErrorKind::WrongType`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum OperandKind {
    /// An integer, unquoted (§16.2.4.1).
    Integer,
    /// A move in SAN, unquoted.
    Move,
    /// A string.
    String,
}

impl fmt::Display for OperandKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OperandKind::Integer => "an integer",
            OperandKind::Move => "a move",
            OperandKind::String => "a string",
        })
    }
}

/// Why a record was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EpdErrorKind {
    /// One of the four position fields does not follow §16.2.3.
    Position(ParseFenErrorKind),
    /// A move counter after the position fields does not fit in 32 bits.
    MoveCounterOutOfRange,
    /// Something other than an opcode where an operation should start
    /// (an opcode starts with a letter, §16.2.4.1).
    ExpectedOpcode,
    /// An opcode of more than 15 characters (§16.2.4.1).
    OpcodeTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A byte other than a letter, digit or `_` in an opcode, or an opcode
    /// not followed by a space or `;`.
    InvalidOpcodeCharacter,
    /// A string without its closing quote.
    UnterminatedString,
    /// A string of 256 bytes or more (§16.2.4.1: "less than 256 bytes").
    StringTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A closing quote followed by something other than a space or `;`.
    StringNotSeparated,
    /// A quote inside an unquoted operand.
    QuoteInToken,
    /// A control byte outside a string.
    ControlByte,
    /// An operation with the wrong number of operands (§16.2.5).
    OperandCount {
        /// The operation.
        opcode: Opcode,
        /// What §16.2.5 allows, such as "1" or "0 or 1".
        expected: &'static str,
        /// How many operands it has.
        found: usize,
    },
    /// An operand of the wrong kind.
    WrongType {
        /// The operation.
        opcode: Opcode,
        /// The operand's place, from 1.
        operand: usize,
        /// What §16.2.5 asks for.
        expected: OperandKind,
    },
    /// An integer operand outside its range.
    OutOfRange {
        /// The operation.
        opcode: Opcode,
        /// The operand's place, from 1.
        operand: usize,
        /// The allowed range, in words.
        allowed: &'static str,
    },
    /// An opcode that appears twice (§16.2.4.1: "at most once per EPD
    /// record"); the error is at the second.
    RepeatedOpcode {
        /// The opcode.
        mnemonic: Mnemonic,
        /// Where it first appears.
        first: Location,
    },
    /// `draw_claim` or `draw_offer` without an `sm` operation (§16.2.5.9,
    /// §16.2.5.10).
    MissingSuppliedMove {
        /// `draw_claim` or `draw_offer`.
        opcode: Opcode,
    },
}

impl fmt::Display for EpdErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdErrorKind::Position(kind) => write!(f, "invalid position fields: {kind}"),
            EpdErrorKind::MoveCounterOutOfRange => f.write_str("move counter out of range"),
            EpdErrorKind::ExpectedOpcode => {
                f.write_str("expected an opcode (a letter, then letters, digits or _)")
            }
            EpdErrorKind::OpcodeTooLong { len } => {
                write!(f, "opcode of {len} characters (at most 15)")
            }
            EpdErrorKind::InvalidOpcodeCharacter => f.write_str("invalid character in opcode"),
            EpdErrorKind::UnterminatedString => f.write_str("unterminated string"),
            EpdErrorKind::StringTooLong { len } => {
                write!(f, "string of {len} bytes (at most 255)")
            }
            EpdErrorKind::StringNotSeparated => {
                f.write_str("a string must be followed by a space or a semicolon")
            }
            EpdErrorKind::QuoteInToken => f.write_str("quote inside an unquoted operand"),
            EpdErrorKind::ControlByte => f.write_str("control byte outside a string"),
            EpdErrorKind::OperandCount { opcode, expected, found } => {
                write!(f, "{opcode} takes {expected} operand(s), found {found}")
            }
            EpdErrorKind::WrongType { opcode, operand, expected } => {
                write!(f, "operand {operand} of {opcode}: expected {expected}")
            }
            EpdErrorKind::OutOfRange { opcode, operand, allowed } => {
                write!(f, "operand {operand} of {opcode} out of range: expected {allowed}")
            }
            EpdErrorKind::RepeatedOpcode { mnemonic, first } => {
                write!(f, "opcode {mnemonic} repeated (first at {first})")
            }
            EpdErrorKind::MissingSuppliedMove { opcode } => {
                write!(f, "{opcode} requires an sm operation")
            }
        }
    }
}

impl EpdErrorKind {
    /// The kind's message without its details (no opcode, operand or
    /// length), the same for every error of the kind: a key for counting
    /// diagnostics by kind. Each kind has its own label.
    pub fn label(&self) -> &'static str {
        match self {
            EpdErrorKind::Position(_) => "invalid position fields",
            EpdErrorKind::MoveCounterOutOfRange => "move counter out of range",
            EpdErrorKind::ExpectedOpcode => "expected an opcode",
            EpdErrorKind::OpcodeTooLong { .. } => "opcode longer than 15 characters",
            EpdErrorKind::InvalidOpcodeCharacter => "invalid character in opcode",
            EpdErrorKind::UnterminatedString => "unterminated string",
            EpdErrorKind::StringTooLong { .. } => "string longer than 255 bytes",
            EpdErrorKind::StringNotSeparated => "string not followed by a space or a semicolon",
            EpdErrorKind::QuoteInToken => "quote inside an unquoted operand",
            EpdErrorKind::ControlByte => "control byte outside a string",
            EpdErrorKind::OperandCount { .. } => "wrong number of operands",
            EpdErrorKind::WrongType { .. } => "operand of the wrong type",
            EpdErrorKind::OutOfRange { .. } => "operand out of range",
            EpdErrorKind::RepeatedOpcode { .. } => "opcode repeated",
            EpdErrorKind::MissingSuppliedMove { .. } => "draw claim or offer without sm",
        }
    }
}

/// A record that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("{location}: {kind}")]
pub struct EpdError {
    /// What is wrong.
    pub kind: EpdErrorKind,
    /// Where.
    pub location: Location,
}

/// A leniency: the record breaks §16.2 but was read (ruling D4). Most are
/// warnings; operations out of byte order, which nearly every real suite
/// has and which change nothing, are a note ([`EpdWarningKind::severity`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EpdWarningKind {
    /// White space before the first field.
    LeadingWhitespace,
    /// A separator other than one space: several spaces, or a tab.
    ExtraSpace,
    /// No space after an operation's `;` before the next opcode.
    MissingSpace,
    /// White space at the end of the record.
    TrailingWhitespace,
    /// The last operation has no `;` (ruling D4).
    MissingSemicolon,
    /// A `;` with no opcode before it (`;;`); skipped.
    EmptyOperation,
    /// An opcode after one that sorts above it (§16.2.4.1 asks for ASCII
    /// order; ruling D4 accepts any order).
    OperationOrder {
        /// The opcode out of place.
        mnemonic: Mnemonic,
    },
    /// FEN move counters after the four position fields (a six-field FEN
    /// used as an EPD); read as `hmvc` and `fmvn`.
    MoveCounters,
    /// A FEN move counter after the position fields, dropped because the
    /// record has its own `hmvc` or `fmvn` (the other counter is kept).
    MoveCountersOverridden,
    /// `pm` and the first move of `pv` are written differently (without
    /// check and annotation marks). They may still be one move in two
    /// notations (`e4`, `e2e4`): this crate knows no SAN, and the `san`
    /// crate compares them as moves (§16.2.5.18).
    PredictedMoveText {
        /// Where the `pv` operation is (the warning is at `pm`).
        pv: Location,
    },
    /// A fullmove counter of 0 after the position fields, read as 1 (as
    /// ruling F2 reads a FEN).
    FullmoveZero,
    /// A string operand written without quotes; several unquoted words are
    /// joined with single spaces.
    UnquotedString {
        /// The operation.
        opcode: Opcode,
    },
    /// A string read with backslash escapes (`\"`, `\\`), which §16.2 does
    /// not have (ruling D5) but some programs write; used only where the
    /// plain reading fails.
    EscapedString,
    /// An integer written with `+` (§16.2.4.1: allowed but discouraged).
    PlusSign {
        /// The operation.
        opcode: Opcode,
    },
    /// A tab or another control byte inside a string, which §16.2.4.1
    /// makes of printing characters; kept as read.
    ControlInString,
    /// A UTF-8 byte order mark at the start of the input; skipped.
    ByteOrderMark,
    /// Free text after the last `;` of the record that does not even start
    /// like an operation (a letter, then letters, digits or `_`, then white
    /// space or the end), such as `gate-prone`, `+175, pass=+11` or
    /// `lower=-1711/upper=-47923`; dropped (the operations before it are
    /// kept). Text after the last `;` that starts like an operation is read
    /// as one missing its `;` ([`EpdWarningKind::MissingSemicolon`]), and
    /// text followed by a `;` is an error.
    TrailingComment {
        /// The text dropped, from its first byte to the end of the record,
        /// without trailing white space.
        text: EpdString,
    },
    /// A `dm` operand that is an integer of 0 or below (some files write
    /// "mated in N" as `dm -N` and "mated now" as `dm 0`). Ruling D2 asks
    /// for a positive integer, so the operation is not typed: it is kept as
    /// read, as a [`Value::Unknown`](crate::Value::Unknown) operation named
    /// `dm`, and written back unchanged.
    NonPositiveDirectMate {
        /// The operand's value.
        value: i64,
    },
}

impl EpdWarningKind {
    /// How bad it is: a note for operations out of byte order (every
    /// record of the STS suites and of Arasan's `arasan2024.epd` has them,
    /// and the order means nothing, ruling D4), else a warning. Never an
    /// error: the record was read.
    pub fn severity(&self) -> Severity {
        match self {
            EpdWarningKind::OperationOrder { .. } => Severity::Note,
            _ => Severity::Warning,
        }
    }

    /// The kind's message without its details (no opcode, text or
    /// value), the same for every warning of the kind: a key for counting
    /// diagnostics by kind. Each kind has its own label.
    pub fn label(&self) -> &'static str {
        match self {
            EpdWarningKind::LeadingWhitespace => "white space before the record",
            EpdWarningKind::ExtraSpace => "separator other than a single space",
            EpdWarningKind::MissingSpace => "no space between operations",
            EpdWarningKind::TrailingWhitespace => "white space at the end",
            EpdWarningKind::MissingSemicolon => "last operation has no semicolon",
            EpdWarningKind::EmptyOperation => "empty operation",
            EpdWarningKind::OperationOrder { .. } => "opcodes out of ascii order",
            EpdWarningKind::MoveCounters => "move counters after the position fields",
            EpdWarningKind::MoveCountersOverridden => {
                "move counter after the position fields ignored"
            }
            EpdWarningKind::PredictedMoveText { .. } => {
                "pm written differently from the first move of pv"
            }
            EpdWarningKind::FullmoveZero => "fullmove counter 0 read as 1",
            EpdWarningKind::UnquotedString { .. } => "unquoted string operand",
            EpdWarningKind::EscapedString => "string with backslash escapes",
            EpdWarningKind::PlusSign { .. } => "integer operand with a plus sign",
            EpdWarningKind::ControlInString => "control character in a string",
            EpdWarningKind::ByteOrderMark => "byte order mark skipped",
            EpdWarningKind::TrailingComment { .. } => "text after the last operation dropped",
            EpdWarningKind::NonPositiveDirectMate { .. } => "dm is not positive",
        }
    }
}

impl fmt::Display for EpdWarningKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdWarningKind::LeadingWhitespace => f.write_str("white space before the record"),
            EpdWarningKind::ExtraSpace => f.write_str("separator other than a single space"),
            EpdWarningKind::MissingSpace => f.write_str("no space between operations"),
            EpdWarningKind::TrailingWhitespace => f.write_str("white space at the end"),
            EpdWarningKind::MissingSemicolon => f.write_str("last operation has no semicolon"),
            EpdWarningKind::EmptyOperation => f.write_str("empty operation"),
            EpdWarningKind::OperationOrder { mnemonic } => {
                write!(f, "opcode {mnemonic} out of ascii order")
            }
            EpdWarningKind::MoveCounters => {
                f.write_str("move counters after the position fields, read as hmvc and fmvn")
            }
            EpdWarningKind::MoveCountersOverridden => f.write_str(
                "move counter after the position fields ignored: the record gives its own",
            ),
            EpdWarningKind::PredictedMoveText { pv } => {
                write!(f, "pm is written differently from the first move of pv (at {pv})")
            }
            EpdWarningKind::FullmoveZero => f.write_str("fullmove counter 0 read as 1"),
            EpdWarningKind::UnquotedString { opcode } => {
                write!(f, "unquoted string operand of {opcode}")
            }
            EpdWarningKind::EscapedString => f.write_str("string with backslash escapes"),
            EpdWarningKind::PlusSign { opcode } => {
                write!(f, "integer operand of {opcode} with a plus sign")
            }
            EpdWarningKind::ControlInString => {
                f.write_str("control character (such as a tab) in a string")
            }
            EpdWarningKind::ByteOrderMark => f.write_str("byte order mark skipped"),
            EpdWarningKind::TrailingComment { text } => write!(
                f,
                "text after the last operation is not an operation and is not kept: {text:?}"
            ),
            EpdWarningKind::NonPositiveDirectMate { .. } => {
                f.write_str("dm is not positive (ruling D2); kept as read")
            }
        }
    }
}

/// A leniency used to read a record.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpdWarning {
    /// Which leniency.
    pub kind: EpdWarningKind,
    /// Where.
    pub location: Location,
}

impl fmt::Display for EpdWarning {
    /// `LINE:COLUMN: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.kind)
    }
}

/// An error or a leniency (a warning or a note).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EpdDiagnostic {
    /// The record was rejected.
    Error(EpdError),
    /// The record was read leniently.
    Warning(EpdWarning),
}

impl EpdDiagnostic {
    /// How bad it is: an error, or the severity of the leniency's kind
    /// ([`EpdWarningKind::severity`]).
    pub fn severity(&self) -> Severity {
        match self {
            EpdDiagnostic::Error(_) => Severity::Error,
            EpdDiagnostic::Warning(w) => w.kind.severity(),
        }
    }

    /// Its kind's label ([`EpdErrorKind::label`], [`EpdWarningKind::label`]).
    pub fn label(&self) -> &'static str {
        match self {
            EpdDiagnostic::Error(e) => e.kind.label(),
            EpdDiagnostic::Warning(w) => w.kind.label(),
        }
    }

    /// Where it is.
    pub fn location(&self) -> Location {
        match self {
            EpdDiagnostic::Error(e) => e.location,
            EpdDiagnostic::Warning(w) => w.location,
        }
    }
}

impl fmt::Display for EpdDiagnostic {
    /// `LINE:COLUMN: severity: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdDiagnostic::Error(e) => write!(f, "{}: error: {}", e.location, e.kind),
            EpdDiagnostic::Warning(w) => {
                write!(f, "{}: {}: {}", w.location, w.kind.severity(), w.kind)
            }
        }
    }
}

impl From<EpdError> for EpdDiagnostic {
    fn from(e: EpdError) -> EpdDiagnostic {
        EpdDiagnostic::Error(e)
    }
}

impl From<EpdWarning> for EpdDiagnostic {
    fn from(w: EpdWarning) -> EpdDiagnostic {
        EpdDiagnostic::Warning(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_label_and_only_operation_order_is_a_note() {
        let m = Mnemonic::from_ascii(b"id").expect("well formed");
        let at = Location::default();
        let errors = [
            EpdErrorKind::Position(ParseFenErrorKind::FieldCount { found: 1, expected: "4" }),
            EpdErrorKind::MoveCounterOutOfRange,
            EpdErrorKind::ExpectedOpcode,
            EpdErrorKind::OpcodeTooLong { len: 16 },
            EpdErrorKind::InvalidOpcodeCharacter,
            EpdErrorKind::UnterminatedString,
            EpdErrorKind::StringTooLong { len: 256 },
            EpdErrorKind::StringNotSeparated,
            EpdErrorKind::QuoteInToken,
            EpdErrorKind::ControlByte,
            EpdErrorKind::OperandCount { opcode: Opcode::Id, expected: "1", found: 2 },
            EpdErrorKind::WrongType { opcode: Opcode::Id, operand: 1, expected: OperandKind::Move },
            EpdErrorKind::OutOfRange { opcode: Opcode::Dm, operand: 1, allowed: "positive" },
            EpdErrorKind::RepeatedOpcode { mnemonic: m, first: at },
            EpdErrorKind::MissingSuppliedMove { opcode: Opcode::DrawOffer },
        ];
        let warnings = [
            EpdWarningKind::LeadingWhitespace,
            EpdWarningKind::ExtraSpace,
            EpdWarningKind::MissingSpace,
            EpdWarningKind::TrailingWhitespace,
            EpdWarningKind::MissingSemicolon,
            EpdWarningKind::EmptyOperation,
            EpdWarningKind::OperationOrder { mnemonic: m },
            EpdWarningKind::MoveCounters,
            EpdWarningKind::MoveCountersOverridden,
            EpdWarningKind::PredictedMoveText { pv: at },
            EpdWarningKind::FullmoveZero,
            EpdWarningKind::UnquotedString { opcode: Opcode::Id },
            EpdWarningKind::EscapedString,
            EpdWarningKind::PlusSign { opcode: Opcode::Acn },
            EpdWarningKind::ControlInString,
            EpdWarningKind::ByteOrderMark,
            EpdWarningKind::TrailingComment { text: "x".into() },
            EpdWarningKind::NonPositiveDirectMate { value: 0 },
        ];
        let mut labels = std::collections::HashSet::new();
        for label in errors.iter().map(EpdErrorKind::label) {
            assert!(labels.insert(label), "{label}");
        }
        for label in warnings.iter().map(EpdWarningKind::label) {
            assert!(labels.insert(label), "{label}");
        }
        assert!(labels.iter().all(|l| l.starts_with(|c: char| c.is_ascii_lowercase())));
        for kind in &warnings {
            let note = matches!(kind, EpdWarningKind::OperationOrder { .. });
            let expected = if note { Severity::Note } else { Severity::Warning };
            assert_eq!(kind.severity(), expected, "{kind:?}");
        }
        let order = EpdDiagnostic::from(EpdWarning { kind: warnings[6].clone(), location: at });
        assert_eq!(order.severity(), Severity::Note);
        assert_eq!(order.label(), "opcodes out of ascii order");
        assert_eq!(order.to_string(), "0:0: note: opcode id out of ascii order");
    }

    #[test]
    fn messages_are_lower_case_without_period() {
        let at = Location { offset: 61, line: 3, column: 62 };
        let err = EpdError { kind: EpdErrorKind::UnterminatedString, location: at };
        assert_eq!(err.to_string(), "3:62: unterminated string");
        let diag = EpdDiagnostic::from(err);
        assert_eq!(diag.severity(), Severity::Error);
        assert_eq!(diag.to_string(), "3:62: error: unterminated string");
        let warn = EpdDiagnostic::from(EpdWarning {
            kind: EpdWarningKind::MissingSemicolon,
            location: at,
        });
        assert_eq!(warn.severity(), Severity::Warning);
        assert_eq!(warn.location(), at);
        assert_eq!(warn.to_string(), "3:62: warning: last operation has no semicolon");
        let count = EpdErrorKind::OperandCount { opcode: Opcode::Id, expected: "1", found: 2 };
        assert_eq!(count.to_string(), "id takes 1 operand(s), found 2");
        let range = EpdErrorKind::OutOfRange {
            opcode: Opcode::Dm,
            operand: 1,
            allowed: "a positive integer",
        };
        assert_eq!(range.to_string(), "operand 1 of dm out of range: expected a positive integer");
        let trailing = EpdWarningKind::TrailingComment { text: "gate-prone".into() };
        assert_eq!(
            trailing.to_string(),
            "text after the last operation is not an operation and is not kept: \"gate-prone\""
        );
        let dm = EpdWarningKind::NonPositiveDirectMate { value: -15 };
        assert_eq!(dm.to_string(), "dm is not positive (ruling D2); kept as read");
    }
}
