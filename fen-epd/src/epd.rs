//! [`Epd`]: an EPD record (§16.2) with typed operations. [`Value`] holds
//! the operands of each opcode of the registry (ruling D2) or, for any
//! other opcode, the operands as read ([`UnknownOperation`], ruling D3;
//! also a `dm` of 0 or below, read leniently); [`Operation`] adds where it
//! was read.
//!
//! Typing turns a [`RawEpd`] into an [`Epd`] and checks the rules between
//! operations: each opcode at most once, `draw_claim` and `draw_offer` with
//! an `sm`; `pm` written otherwise than the first move of `pv` is a
//! warning (only the `san` crate can tell whether they are one move).

use std::hash::{Hash, Hasher};
use std::num::NonZeroU32;
use std::str::FromStr;

use chess_core::{Position, PositionError, Setup};

use crate::diagnostic::{
    EpdError, EpdErrorKind, EpdWarning, EpdWarningKind, Location, OperandKind,
};
use crate::eval::Eval;
use crate::fen::Fen;
use crate::opcode::{Mnemonic, Opcode, Register};
use crate::operand::{EpdString, IntText, MoveText, Operand, scan_integer};
use crate::raw::{Context, MAX_STRING_LEN, RawEpd, RawOperand, RawOperation, strip_line_end};

/// The operands of one operation, typed by the registry of §16.2.5
/// (ruling D2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Value {
    /// `acn`: nodes examined in an analysis.
    Acn(u64),
    /// `acs`: seconds used for an analysis.
    Acs(u64),
    /// `am`: moves to avoid (a set; written in byte order, ruling D1).
    Am(Vec<MoveText>),
    /// `bm`: best moves (a set; written in byte order, ruling D1).
    Bm(Vec<MoveText>),
    /// `c0`–`c9`: a comment, or none (which clears registers, §16.2.5.5).
    Comment(Register, Option<EpdString>),
    /// `ce`: centipawn evaluation for the side to move, -32767..=32766;
    /// see [`Eval`].
    Ce(i16),
    /// `dm`: the side to move mates in this many fullmoves. A `dm` of 0 or
    /// below is read as [`Value::Unknown`] with a warning
    /// ([`EpdWarningKind::NonPositiveDirectMate`]), never as this.
    Dm(NonZeroU32),
    /// `draw_accept`: the side to move accepts a draw offer.
    DrawAccept,
    /// `draw_claim`: the side to move claims a draw (needs `sm`).
    DrawClaim,
    /// `draw_offer`: the side to move offers a draw (needs `sm`).
    DrawOffer,
    /// `draw_reject`: the side to move rejects a draw offer.
    DrawReject,
    /// `eco`: an ECO code, or none (which clears the register).
    Eco(Option<EpdString>),
    /// `fmvn`: the fullmove number.
    Fmvn(NonZeroU32),
    /// `hmvc`: the halfmove clock.
    Hmvc(u32),
    /// `id`: the position's label.
    Id(EpdString),
    /// `nic`: a _New In Chess_ code, or none (which clears the register).
    Nic(Option<EpdString>),
    /// `noop`: any operands, kept as read.
    Noop(Vec<Operand>),
    /// `pm`: the predicted move.
    Pm(MoveText),
    /// `pv`: the predicted variation, in playing order.
    Pv(Vec<MoveText>),
    /// `rc`: how many times the position has occurred.
    Rc(NonZeroU32),
    /// `resign`: the side to move resigns.
    Resign,
    /// `sm`: the supplied move, to be played from the position.
    Sm(MoveText),
    /// `tcgs`: game selector.
    Tcgs(NonZeroU32),
    /// `tcri`: receiver's e-mail address and name.
    Tcri(EpdString, EpdString),
    /// `tcsi`: sender's e-mail address and name.
    Tcsi(EpdString, EpdString),
    /// `v0`–`v9`: a variation name, or none (which clears registers).
    VariationName(Register, Option<EpdString>),
    /// Any other opcode, kept with its operands (ruling D3); also a `dm`
    /// whose operand is an integer of 0 or below, kept as read
    /// ([`EpdWarningKind::NonPositiveDirectMate`]).
    Unknown(UnknownOperation),
}

impl Value {
    /// The registry's opcode, or the unknown operation.
    fn known(&self) -> Result<Opcode, &UnknownOperation> {
        Ok(match self {
            Value::Acn(_) => Opcode::Acn,
            Value::Acs(_) => Opcode::Acs,
            Value::Am(_) => Opcode::Am,
            Value::Bm(_) => Opcode::Bm,
            Value::Comment(r, _) => Opcode::comment(*r),
            Value::Ce(_) => Opcode::Ce,
            Value::Dm(_) => Opcode::Dm,
            Value::DrawAccept => Opcode::DrawAccept,
            Value::DrawClaim => Opcode::DrawClaim,
            Value::DrawOffer => Opcode::DrawOffer,
            Value::DrawReject => Opcode::DrawReject,
            Value::Eco(_) => Opcode::Eco,
            Value::Fmvn(_) => Opcode::Fmvn,
            Value::Hmvc(_) => Opcode::Hmvc,
            Value::Id(_) => Opcode::Id,
            Value::Nic(_) => Opcode::Nic,
            Value::Noop(_) => Opcode::Noop,
            Value::Pm(_) => Opcode::Pm,
            Value::Pv(_) => Opcode::Pv,
            Value::Rc(_) => Opcode::Rc,
            Value::Resign => Opcode::Resign,
            Value::Sm(_) => Opcode::Sm,
            Value::Tcgs(_) => Opcode::Tcgs,
            Value::Tcri(..) => Opcode::Tcri,
            Value::Tcsi(..) => Opcode::Tcsi,
            Value::VariationName(r, _) => Opcode::variation_name(*r),
            Value::Unknown(u) => return Err(u),
        })
    }

    /// The registry's opcode, or `None` for an operation kept as read
    /// ([`Value::Unknown`], which may be a `dm` of 0 or below).
    pub fn opcode(&self) -> Option<Opcode> {
        self.known().ok()
    }

    /// The opcode's text.
    pub fn mnemonic(&self) -> Mnemonic {
        match self.known() {
            Ok(opcode) => opcode.mnemonic(),
            Err(u) => u.mnemonic,
        }
    }

    /// The move operands of `am`, `bm`, `pm`, `pv` and `sm`.
    pub fn moves(&self) -> Option<&[MoveText]> {
        match self {
            Value::Am(m) | Value::Bm(m) | Value::Pv(m) => Some(m),
            Value::Pm(m) | Value::Sm(m) => Some(std::slice::from_ref(m)),
            _ => None,
        }
    }

    /// The move operands of `am`, `bm`, `pm`, `pv` and `sm`, to replace
    /// their texts with canonical SAN ([`MoveText::set_text`]) before
    /// writing (ruling D1).
    pub fn moves_mut(&mut self) -> Option<&mut [MoveText]> {
        match self {
            Value::Am(m) | Value::Bm(m) | Value::Pv(m) => Some(m),
            Value::Pm(m) | Value::Sm(m) => Some(std::slice::from_mut(m)),
            _ => None,
        }
    }
}

/// An operation whose opcode is not in the registry (ruling D3): kept
/// with its operands as read, written back the same way.
///
/// Reading also keeps so one operation of the registry whose operand breaks
/// ruling D2 in a way accepted with a warning: `dm` with an integer of 0 or
/// below ([`EpdWarningKind::NonPositiveDirectMate`]); its
/// [`mnemonic`](UnknownOperation::mnemonic) is then `dm`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "crate::serde_impls::UnknownParts"))]
pub struct UnknownOperation {
    mnemonic: Mnemonic,
    operands: Vec<Operand>,
}

impl UnknownOperation {
    /// An operation of an opcode outside the registry; `None` if the
    /// opcode is in it (use the typed [`Value`] then; only reading makes
    /// the `dm` operations kept as read).
    pub fn new(mnemonic: Mnemonic, operands: Vec<Operand>) -> Option<UnknownOperation> {
        mnemonic.opcode().is_none().then_some(UnknownOperation { mnemonic, operands })
    }

    /// The opcode.
    pub fn mnemonic(&self) -> Mnemonic {
        self.mnemonic
    }

    /// The operands, in input order.
    pub fn operands(&self) -> &[Operand] {
        &self.operands
    }

    /// The operands, to change them.
    pub fn operands_mut(&mut self) -> &mut Vec<Operand> {
        &mut self.operands
    }
}

/// An operation and where it was read (if it was).
///
/// Equality and hashing look at the value only, not at the place.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Operation {
    /// The opcode and its operands.
    pub value: Value,
    /// Where the opcode was read (for the move counters of a six-field FEN
    /// record, where the counter was).
    pub location: Option<Location>,
}

impl Operation {
    /// An operation with no place in any input.
    pub fn new(value: Value) -> Operation {
        Operation { value, location: None }
    }

    /// The opcode's text.
    pub fn mnemonic(&self) -> Mnemonic {
        self.value.mnemonic()
    }

    /// The registry's opcode, or `None` for an operation kept as read
    /// ([`Value::Unknown`], which may be a `dm` of 0 or below).
    pub fn opcode(&self) -> Option<Opcode> {
        self.value.opcode()
    }
}

impl PartialEq for Operation {
    fn eq(&self, other: &Operation) -> bool {
        self.value == other.value
    }
}

impl Eq for Operation {}

impl Hash for Operation {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl From<Value> for Operation {
    fn from(value: Value) -> Operation {
        Operation::new(value)
    }
}

/// An EPD record: the four position fields and typed operations.
///
/// The position fields are kept as a [`Fen`] with clocks 0 and 1; the
/// clocks of the record are its `hmvc` and `fmvn` operations
/// ([`Epd::to_fen`], [`Epd::to_setup`]). Operations keep their input order
/// (§16.2.5.5: interpreted from left to right); each opcode appears at most
/// once. Two records are equal when their fields and operations are,
/// whatever the order of the operations and of the moves of `am` and `bm`
/// (which are sets).
#[derive(Clone, Debug)]
pub struct Epd {
    fen: Fen,
    operations: Vec<Operation>,
}

impl PartialEq for Epd {
    fn eq(&self, other: &Epd) -> bool {
        self.fen == other.fen
            && self.operations.len() == other.operations.len()
            && self.sorted().zip(other.sorted()).all(|(a, b)| same_operation(&a.value, &b.value))
    }
}

/// Equality of values where the moves of `am` and `bm` are sets.
fn same_operation(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Am(x), Value::Am(y)) | (Value::Bm(x), Value::Bm(y)) => {
            fn sorted(moves: &[MoveText]) -> Vec<&[u8]> {
                let mut texts: Vec<&[u8]> = moves.iter().map(MoveText::as_bytes).collect();
                texts.sort_unstable();
                texts
            }
            sorted(x) == sorted(y)
        }
        _ => a == b,
    }
}

impl Eq for Epd {}

/// A broken rule between operations, by index into the operations.
pub(crate) enum RuleViolation {
    Repeated { first: usize, second: usize },
    MissingSuppliedMove { at: usize, opcode: Opcode },
}

/// Check and annotation suffixes, ignored when `pm` and `pv` are compared
/// as text.
fn without_suffixes(text: &[u8]) -> &[u8] {
    let end = text.iter().rposition(|b| !b"+#!?".contains(b)).map_or(0, |p| p + 1);
    &text[..end]
}

/// The first repeated mnemonic, by the position of its second occurrence.
fn first_repeat(ops: &[Operation]) -> Option<(usize, usize)> {
    if ops.len() <= 16 {
        return (1..ops.len()).find_map(|second| {
            let m = ops[second].mnemonic();
            (0..second).find(|&first| ops[first].mnemonic() == m).map(|first| (first, second))
        });
    }
    let mut order: Vec<(Mnemonic, usize)> =
        ops.iter().enumerate().map(|(i, op)| (op.mnemonic(), i)).collect();
    order.sort_unstable();
    let mut best: Option<(usize, usize)> = None;
    let mut group_first = 0;
    for k in 1..order.len() {
        if order[k].0 != order[k - 1].0 {
            group_first = k;
        } else if k == group_first + 1 && best.is_none_or(|(_, s)| order[k].1 < s) {
            best = Some((order[group_first].1, order[k].1));
        }
    }
    best
}

/// The rules of §16.2 between operations.
pub(crate) fn check_rules(ops: &[Operation]) -> Result<(), RuleViolation> {
    if let Some((first, second)) = first_repeat(ops) {
        return Err(RuleViolation::Repeated { first, second });
    }
    let find = |opcode| ops.iter().position(|op| op.opcode() == Some(opcode));
    if find(Opcode::Sm).is_none() {
        for opcode in [Opcode::DrawClaim, Opcode::DrawOffer] {
            if let Some(at) = find(opcode) {
                return Err(RuleViolation::MissingSuppliedMove { at, opcode });
            }
        }
    }
    Ok(())
}

/// `pm` and the first move of `pv`, if both are there and their texts
/// differ (without check and annotation marks): the indices of `pm` and
/// `pv`. Text is all this crate can compare; the `san` crate compares the
/// moves, so this is a warning here.
fn predicted_move_text_differs(ops: &[Operation]) -> Option<(usize, usize)> {
    let find = |opcode| ops.iter().position(|op| op.opcode() == Some(opcode));
    let (pm, pv) = (find(Opcode::Pm)?, find(Opcode::Pv)?);
    let (Value::Pm(m), Value::Pv(line)) = (&ops[pm].value, &ops[pv].value) else { return None };
    let first = line.first()?;
    (without_suffixes(m.as_bytes()) != without_suffixes(first.as_bytes())).then_some((pm, pv))
}

/// Types the operands of one operation.
struct Typer<'r, 'a, 'w> {
    op: &'r RawOperation<'r, 'a>,
    opcode: Opcode,
    warnings: &'w mut Vec<EpdWarning>,
}

impl Typer<'_, '_, '_> {
    fn count_error(&self, expected: &'static str) -> EpdError {
        EpdError {
            kind: EpdErrorKind::OperandCount {
                opcode: self.opcode,
                expected,
                found: self.op.operands.len(),
            },
            location: self.op.location,
        }
    }

    fn exactly(&self, n: usize, expected: &'static str) -> Result<(), EpdError> {
        if self.op.operands.len() == n { Ok(()) } else { Err(self.count_error(expected)) }
    }

    fn none(&self) -> Result<(), EpdError> {
        self.exactly(0, "0")
    }

    fn wrong_type(&self, index: usize, expected: OperandKind) -> EpdError {
        EpdError {
            kind: EpdErrorKind::WrongType { opcode: self.opcode, operand: index + 1, expected },
            location: self.op.operands[index].location(),
        }
    }

    /// The single integer operand, converted (and range-checked) by `fit`.
    fn integer<T>(
        &mut self,
        allowed: &'static str,
        fit: impl Fn(i128) -> Option<T>,
    ) -> Result<T, EpdError> {
        self.exactly(1, "1")?;
        let operand = &self.op.operands[0];
        if operand.is_quoted() {
            return Err(self.wrong_type(0, OperandKind::Integer));
        }
        let out_of_range = EpdError {
            kind: EpdErrorKind::OutOfRange { opcode: self.opcode, operand: 1, allowed },
            location: operand.location(),
        };
        match scan_integer(operand.raw_text()) {
            IntText::Value { negative, plus, magnitude } => {
                if plus {
                    self.warnings.push(EpdWarning {
                        kind: EpdWarningKind::PlusSign { opcode: self.opcode },
                        location: operand.location(),
                    });
                }
                let value = i128::from(magnitude);
                fit(if negative { -value } else { value }).ok_or(out_of_range)
            }
            IntText::Overflow => Err(out_of_range),
            IntText::NotInteger => Err(self.wrong_type(0, OperandKind::Integer)),
        }
    }

    fn positive(&mut self) -> Result<NonZeroU32, EpdError> {
        self.integer("a positive integer below 2^32", |v| {
            u32::try_from(v).ok().and_then(NonZeroU32::new)
        })
    }

    /// `dm`: a positive integer (ruling D2), typed as [`Value::Dm`].
    ///
    /// Leniency: python-chess's endgame-dm-4.epd and endgame-dm-5.epd (in
    /// the corpus) write "mated in N" as `dm -N` and "mated now" as `dm 0`.
    /// Ruling D2 keeps the typed value positive, so such an operand (one
    /// unquoted integer of 0 or below that fits in an `i64`) is not typed:
    /// the operation is kept as read, like an unknown one (ruling D3), so
    /// [`Epd::direct_mate`] does not see it and canonical writing gives it
    /// back byte for byte; a [`EpdWarningKind::NonPositiveDirectMate`] says
    /// so. Anything else that is not a positive integer stays an error.
    fn direct_mate(&mut self) -> Result<Value, EpdError> {
        if let [operand] = self.op.operands
            && !operand.is_quoted()
            && let IntText::Value { negative, plus, magnitude } = scan_integer(operand.raw_text())
            && let Some(value) = non_positive(negative, magnitude)
        {
            if plus {
                self.warnings.push(EpdWarning {
                    kind: EpdWarningKind::PlusSign { opcode: self.opcode },
                    location: operand.location(),
                });
            }
            self.warnings.push(EpdWarning {
                kind: EpdWarningKind::NonPositiveDirectMate { value },
                location: operand.location(),
            });
            return Ok(Value::Unknown(UnknownOperation {
                mnemonic: self.op.mnemonic,
                operands: vec![owned_operand(operand)],
            }));
        }
        self.positive().map(Value::Dm)
    }

    fn unquoted(&mut self, operand: &RawOperand<'_>) {
        if !operand.is_quoted() {
            self.warnings.push(EpdWarning {
                kind: EpdWarningKind::UnquotedString { opcode: self.opcode },
                location: operand.location(),
            });
        }
    }

    /// An optional string operand. Several unquoted words are joined with
    /// single spaces (as some programs write `c0` without quotes), with a
    /// warning.
    fn optional_string(&mut self, expected: &'static str) -> Result<Option<EpdString>, EpdError> {
        let operands = self.op.operands;
        match operands {
            [] => Ok(None),
            [one] => {
                self.unquoted(one);
                Ok(Some(EpdString::from(one.value().into_owned())))
            }
            [first, ..] if operands.iter().all(|o| !o.is_quoted()) => {
                self.unquoted(first);
                let mut joined = Vec::new();
                for (i, o) in operands.iter().enumerate() {
                    if i > 0 {
                        joined.push(b' ');
                    }
                    joined.extend_from_slice(o.raw_text());
                }
                if joined.len() > MAX_STRING_LEN {
                    return Err(EpdError {
                        kind: EpdErrorKind::StringTooLong { len: joined.len() },
                        location: first.location(),
                    });
                }
                Ok(Some(EpdString::from(joined)))
            }
            _ => Err(self.count_error(expected)),
        }
    }

    fn string(&mut self) -> Result<EpdString, EpdError> {
        self.optional_string("1")?.ok_or_else(|| self.count_error("1"))
    }

    fn two_strings(&mut self) -> Result<(EpdString, EpdString), EpdError> {
        self.exactly(2, "2")?;
        let [a, b] = [self.op.operands[0], self.op.operands[1]];
        self.unquoted(&a);
        self.unquoted(&b);
        Ok((EpdString::from(a.value().into_owned()), EpdString::from(b.value().into_owned())))
    }

    fn moves(&self) -> Result<Vec<MoveText>, EpdError> {
        (0..self.op.operands.len()).map(|i| self.move_at(i)).collect()
    }

    fn one_move(&self) -> Result<MoveText, EpdError> {
        self.exactly(1, "1")?;
        self.move_at(0)
    }

    fn move_at(&self, index: usize) -> Result<MoveText, EpdError> {
        let operand = &self.op.operands[index];
        if operand.is_quoted() {
            return Err(self.wrong_type(index, OperandKind::Move));
        }
        Ok(MoveText::read(operand.raw_text(), operand.location()))
    }

    fn value(&mut self) -> Result<Value, EpdError> {
        let opcode = self.opcode;
        let any_u64 = |v: i128| u64::try_from(v).ok();
        Ok(match opcode {
            Opcode::Acn => Value::Acn(self.integer("a non-negative integer below 2^64", any_u64)?),
            Opcode::Acs => Value::Acs(self.integer("a non-negative integer below 2^64", any_u64)?),
            Opcode::Am => Value::Am(self.moves()?),
            Opcode::Bm => Value::Bm(self.moves()?),
            Opcode::Ce => Value::Ce(self.integer("an integer from -32767 to 32766", |v| {
                i16::try_from(v).ok().filter(|c| (-32767..=32766).contains(c))
            })?),
            Opcode::Dm => self.direct_mate()?,
            Opcode::DrawAccept => self.none().map(|()| Value::DrawAccept)?,
            Opcode::DrawClaim => self.none().map(|()| Value::DrawClaim)?,
            Opcode::DrawOffer => self.none().map(|()| Value::DrawOffer)?,
            Opcode::DrawReject => self.none().map(|()| Value::DrawReject)?,
            Opcode::Eco => Value::Eco(self.optional_string("0 or 1")?),
            Opcode::Fmvn => Value::Fmvn(self.positive()?),
            Opcode::Hmvc => Value::Hmvc(
                self.integer("a non-negative integer below 2^32", |v| u32::try_from(v).ok())?,
            ),
            Opcode::Id => Value::Id(self.string()?),
            Opcode::Nic => Value::Nic(self.optional_string("0 or 1")?),
            Opcode::Noop => Value::Noop(self.op.operands.iter().map(owned_operand).collect()),
            Opcode::Pm => Value::Pm(self.one_move()?),
            Opcode::Pv => Value::Pv(self.moves()?),
            Opcode::Rc => Value::Rc(self.positive()?),
            Opcode::Resign => self.none().map(|()| Value::Resign)?,
            Opcode::Sm => Value::Sm(self.one_move()?),
            Opcode::Tcgs => Value::Tcgs(self.positive()?),
            Opcode::Tcri => {
                let (a, b) = self.two_strings()?;
                Value::Tcri(a, b)
            }
            Opcode::Tcsi => {
                let (a, b) = self.two_strings()?;
                Value::Tcsi(a, b)
            }
            Opcode::C0
            | Opcode::C1
            | Opcode::C2
            | Opcode::C3
            | Opcode::C4
            | Opcode::C5
            | Opcode::C6
            | Opcode::C7
            | Opcode::C8
            | Opcode::C9 => Value::Comment(register(opcode), self.optional_string("0 or 1")?),
            Opcode::V0
            | Opcode::V1
            | Opcode::V2
            | Opcode::V3
            | Opcode::V4
            | Opcode::V5
            | Opcode::V6
            | Opcode::V7
            | Opcode::V8
            | Opcode::V9 => Value::VariationName(register(opcode), self.optional_string("0 or 1")?),
        })
    }
}

/// The value of an integer that is 0 or below and fits in an `i64`.
fn non_positive(negative: bool, magnitude: u64) -> Option<i64> {
    if magnitude == 0 {
        Some(0)
    } else if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        None
    }
}

/// The register of a `cN` or `vN` opcode.
fn register(opcode: Opcode) -> Register {
    opcode.register().unwrap_or(Register::ALL[0])
}

fn owned_operand(o: &RawOperand<'_>) -> Operand {
    Operand::read(EpdString::from(o.value().into_owned()), o.is_quoted(), o.location())
}

impl Epd {
    /// A record with these position fields (the FEN's clocks are not kept;
    /// see [`Epd::from_fen_with_clocks`]) and no operations.
    pub fn from_fen(fen: &Fen) -> Epd {
        let mut setup = fen.as_setup().clone();
        setup.halfmoves = 0;
        setup.fullmoves = NonZeroU32::MIN;
        Epd { fen: Fen::from_setup(setup), operations: Vec::new() }
    }

    /// A record with the FEN's position fields and its clocks as `hmvc`
    /// and `fmvn` operations.
    pub fn from_fen_with_clocks(fen: &Fen) -> Epd {
        let mut epd = Epd::from_fen(fen);
        epd.set(Value::Hmvc(fen.as_setup().halfmoves));
        epd.set(Value::Fmvn(fen.as_setup().fullmoves));
        epd
    }

    /// A record for a position (no operations).
    pub fn from_position(pos: &Position) -> Epd {
        Epd::from_fen(&Fen::from_position(pos))
    }

    /// Parses one record (a trailing line ending is ignored), dropping
    /// warnings.
    ///
    /// # Errors
    ///
    /// [`EpdError`] naming what is wrong and where.
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Result<Epd, EpdError> {
        let s = s.as_ref();
        Epd::from_ascii_with_warnings(s, &mut Vec::new())
    }

    /// Parses one record (a trailing line ending is ignored), adding the
    /// leniencies used to `warnings` (also when it fails).
    ///
    /// # Errors
    ///
    /// [`EpdError`] naming what is wrong and where.
    pub fn from_ascii_with_warnings(
        s: &[u8],
        warnings: &mut Vec<EpdWarning>,
    ) -> Result<Epd, EpdError> {
        Epd::parse(strip_line_end(s), Context::ALONE, warnings)
    }

    pub(crate) fn parse(
        s: &[u8],
        ctx: Context,
        warnings: &mut Vec<EpdWarning>,
    ) -> Result<Epd, EpdError> {
        let raw = RawEpd::parse(s, ctx, warnings)?;
        Epd::from_raw(&raw, warnings)
    }

    /// Types the operations of a split record (ruling D2), keeps unknown
    /// ones (D3) and a `dm` of 0 or below as read (with a warning), reads
    /// FEN move counters as `hmvc` and `fmvn` where those
    /// opcodes are absent, and checks the rules between operations.
    ///
    /// # Errors
    ///
    /// The first operation (from the left) with wrong operands; then a
    /// repeated opcode, or `draw_claim` or `draw_offer` without `sm`.
    pub fn from_raw(raw: &RawEpd<'_>, warnings: &mut Vec<EpdWarning>) -> Result<Epd, EpdError> {
        let mut operations = Vec::with_capacity(raw.operations().len() + 2);
        for op in raw.operations() {
            let value = match op.mnemonic.opcode() {
                Some(opcode) => Typer { op: &op, opcode, warnings }.value()?,
                None => Value::Unknown(UnknownOperation {
                    mnemonic: op.mnemonic,
                    operands: op.operands.iter().map(owned_operand).collect(),
                }),
            };
            operations.push(Operation { value, location: Some(op.location) });
        }
        if let Some(counters) = raw.counters() {
            let has = |opcode| operations.iter().any(|op: &Operation| op.opcode() == Some(opcode));
            let (has_hmvc, has_fmvn) = (has(Opcode::Hmvc), has(Opcode::Fmvn));
            if has_hmvc || has_fmvn {
                warnings.push(EpdWarning {
                    kind: EpdWarningKind::MoveCountersOverridden,
                    location: counters.halfmoves_location,
                });
            }
            if !has_hmvc {
                operations.push(Operation {
                    value: Value::Hmvc(counters.halfmoves),
                    location: Some(counters.halfmoves_location),
                });
            }
            if !has_fmvn {
                let fullmoves = NonZeroU32::new(counters.fullmoves).unwrap_or_else(|| {
                    warnings.push(EpdWarning {
                        kind: EpdWarningKind::FullmoveZero,
                        location: counters.fullmoves_location,
                    });
                    NonZeroU32::MIN
                });
                operations.push(Operation {
                    value: Value::Fmvn(fullmoves),
                    location: Some(counters.fullmoves_location),
                });
            }
        }
        let at = |i: usize| operations[i].location.unwrap_or_default();
        match check_rules(&operations) {
            Ok(()) => {}
            Err(RuleViolation::Repeated { first, second }) => {
                return Err(EpdError {
                    kind: EpdErrorKind::RepeatedOpcode {
                        mnemonic: operations[second].mnemonic(),
                        first: at(first),
                    },
                    location: at(second),
                });
            }
            Err(RuleViolation::MissingSuppliedMove { at: i, opcode }) => {
                return Err(EpdError {
                    kind: EpdErrorKind::MissingSuppliedMove { opcode },
                    location: at(i),
                });
            }
        }
        if let Some((pm, pv)) = predicted_move_text_differs(&operations) {
            warnings.push(EpdWarning {
                kind: EpdWarningKind::PredictedMoveText { pv: at(pv) },
                location: at(pm),
            });
        }
        Ok(Epd { fen: raw.fen().clone(), operations })
    }

    /// The four position fields, as a FEN with clocks 0 and 1 (see
    /// [`Epd::to_fen`] for the record's clocks).
    pub fn position_fields(&self) -> &Fen {
        &self.fen
    }

    /// Replaces the four position fields (the FEN's clocks are not kept:
    /// the record's clocks are its `hmvc` and `fmvn`), as when a reader
    /// has repaired the castling rights or en passant square.
    pub fn set_position_fields(&mut self, fen: &Fen) {
        self.fen = Epd::from_fen(fen).fen;
    }

    /// The FEN of the record: its position fields, with the clocks of
    /// `hmvc` and `fmvn` when present, else 0 and 1.
    pub fn to_fen(&self) -> Fen {
        Fen::from_setup(self.to_setup())
    }

    /// The setup of the record, with its clocks applied
    /// ([`Epd::apply_clocks`]); not checked for legality.
    pub fn to_setup(&self) -> Setup {
        let mut setup = self.fen.as_setup().clone();
        self.apply_clocks(&mut setup);
        setup
    }

    /// Sets a setup's halfmove clock from `hmvc` and its fullmove number
    /// from `fmvn`, where the record has them.
    pub fn apply_clocks(&self, setup: &mut Setup) {
        if let Some(h) = self.halfmove_clock() {
            setup.halfmoves = h;
        }
        if let Some(f) = self.fullmove_number() {
            setup.fullmoves = f;
        }
    }

    /// The position, with clocks applied, checked by ruling F3.
    ///
    /// # Errors
    ///
    /// The first rule of F3 the position breaks.
    pub fn to_position(&self) -> Result<Position, PositionError> {
        Position::from_setup(self.to_setup())
    }

    /// The operations, in input order (or in the order they were added).
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The operations in ascending byte order of opcode (ruling D1).
    pub(crate) fn sorted(&self) -> impl Iterator<Item = &Operation> {
        let mut ops: Vec<&Operation> = self.operations.iter().collect();
        ops.sort_by_key(|op| op.mnemonic());
        ops.into_iter()
    }

    /// The operation of an opcode of the registry, with its place.
    pub fn operation(&self, opcode: Opcode) -> Option<&Operation> {
        self.operations.iter().find(|op| op.opcode() == Some(opcode))
    }

    /// The operation of any opcode, known or not (`"wdl"`).
    pub fn operation_by_name(&self, mnemonic: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.mnemonic().as_str() == mnemonic)
    }

    /// The operands of an opcode of the registry.
    pub fn get(&self, opcode: Opcode) -> Option<&Value> {
        self.operation(opcode).map(|op| &op.value)
    }

    /// The operands of an opcode of the registry, to change them in place.
    pub fn get_mut(&mut self, opcode: Opcode) -> Option<&mut Value> {
        self.operations.iter_mut().find(|op| op.opcode() == Some(opcode)).map(|op| &mut op.value)
    }

    /// Whether the record has an operation of this opcode.
    pub fn contains(&self, opcode: Opcode) -> bool {
        self.operation(opcode).is_some()
    }

    /// Sets an operation, replacing the one of the same opcode (returned)
    /// in its place, else adding it at the end.
    pub fn set(&mut self, value: Value) -> Option<Operation> {
        let mnemonic = value.mnemonic();
        let new = Operation::new(value);
        match self.operations.iter_mut().find(|op| op.mnemonic() == mnemonic) {
            Some(old) => Some(std::mem::replace(old, new)),
            None => {
                self.operations.push(new);
                None
            }
        }
    }

    /// Removes the operation of an opcode, known or not, and returns it.
    pub fn remove(&mut self, mnemonic: impl Into<Mnemonic>) -> Option<Operation> {
        let mnemonic = mnemonic.into();
        let i = self.operations.iter().position(|op| op.mnemonic() == mnemonic)?;
        Some(self.operations.remove(i))
    }

    /// The move operands of `am`, `bm`, `pm`, `pv` or `sm`, to put
    /// canonical SAN in their place (ruling D1).
    pub fn moves_mut(&mut self, opcode: Opcode) -> Option<&mut [MoveText]> {
        self.get_mut(opcode).and_then(Value::moves_mut)
    }

    fn moves_of(&self, opcode: Opcode) -> Option<&[MoveText]> {
        self.get(opcode).and_then(Value::moves)
    }

    /// `id`: the position's label.
    pub fn id(&self) -> Option<&EpdString> {
        match self.get(Opcode::Id) {
            Some(Value::Id(s)) => Some(s),
            _ => None,
        }
    }

    /// `bm`: the best moves, as text.
    pub fn best_moves(&self) -> Option<&[MoveText]> {
        self.moves_of(Opcode::Bm)
    }

    /// `am`: the moves to avoid, as text.
    pub fn avoid_moves(&self) -> Option<&[MoveText]> {
        self.moves_of(Opcode::Am)
    }

    /// `pm`: the predicted move, as text.
    pub fn predicted_move(&self) -> Option<&MoveText> {
        self.moves_of(Opcode::Pm).and_then(<[MoveText]>::first)
    }

    /// `pv`: the predicted variation, as text.
    pub fn predicted_variation(&self) -> Option<&[MoveText]> {
        self.moves_of(Opcode::Pv)
    }

    /// `sm`: the supplied move, as text.
    pub fn supplied_move(&self) -> Option<&MoveText> {
        self.moves_of(Opcode::Sm).and_then(<[MoveText]>::first)
    }

    /// `ce`: the centipawn evaluation.
    pub fn centipawns(&self) -> Option<i16> {
        match self.get(Opcode::Ce) {
            Some(Value::Ce(v)) => Some(*v),
            _ => None,
        }
    }

    /// `ce` read as centipawns or a mate distance (§16.2.5.6).
    pub fn eval(&self) -> Option<Eval> {
        self.centipawns().map(Eval::from_ce)
    }

    /// `dm`: the side to move mates in this many fullmoves. `None` also
    /// for a `dm` of 0 or below, which is kept as read
    /// ([`EpdWarningKind::NonPositiveDirectMate`]; see
    /// [`Epd::operation_by_name`]).
    pub fn direct_mate(&self) -> Option<NonZeroU32> {
        match self.get(Opcode::Dm) {
            Some(Value::Dm(n)) => Some(*n),
            _ => None,
        }
    }

    /// `hmvc`: the halfmove clock.
    pub fn halfmove_clock(&self) -> Option<u32> {
        match self.get(Opcode::Hmvc) {
            Some(Value::Hmvc(n)) => Some(*n),
            _ => None,
        }
    }

    /// `fmvn`: the fullmove number.
    pub fn fullmove_number(&self) -> Option<NonZeroU32> {
        match self.get(Opcode::Fmvn) {
            Some(Value::Fmvn(n)) => Some(*n),
            _ => None,
        }
    }

    /// `acn`: nodes examined in an analysis.
    pub fn analysis_nodes(&self) -> Option<u64> {
        match self.get(Opcode::Acn) {
            Some(Value::Acn(n)) => Some(*n),
            _ => None,
        }
    }

    /// `acs`: seconds used for an analysis.
    pub fn analysis_seconds(&self) -> Option<u64> {
        match self.get(Opcode::Acs) {
            Some(Value::Acs(n)) => Some(*n),
            _ => None,
        }
    }

    /// `rc`: the repetition count.
    pub fn repetition_count(&self) -> Option<NonZeroU32> {
        match self.get(Opcode::Rc) {
            Some(Value::Rc(n)) => Some(*n),
            _ => None,
        }
    }

    /// `cN`: the comment of register N, if the operation is present and
    /// has an operand.
    pub fn comment(&self, register: Register) -> Option<&EpdString> {
        match self.get(Opcode::comment(register)) {
            Some(Value::Comment(_, s)) => s.as_ref(),
            _ => None,
        }
    }

    /// `vN`: the variation name of register N, if the operation is present
    /// and has an operand.
    pub fn variation_name(&self, register: Register) -> Option<&EpdString> {
        match self.get(Opcode::variation_name(register)) {
            Some(Value::VariationName(_, s)) => s.as_ref(),
            _ => None,
        }
    }

    /// `eco`: the opening code, if the operation has an operand.
    pub fn eco(&self) -> Option<&EpdString> {
        match self.get(Opcode::Eco) {
            Some(Value::Eco(s)) => s.as_ref(),
            _ => None,
        }
    }

    /// `nic`: the opening code, if the operation has an operand.
    pub fn nic(&self) -> Option<&EpdString> {
        match self.get(Opcode::Nic) {
            Some(Value::Nic(s)) => s.as_ref(),
            _ => None,
        }
    }
}

impl FromStr for Epd {
    type Err = EpdError;

    /// Parses one record; see [`Epd::from_ascii`].
    fn from_str(s: &str) -> Result<Epd, EpdError> {
        Epd::from_ascii(s.as_bytes())
    }
}

impl From<&Fen> for Epd {
    /// The FEN's position fields; see [`Epd::from_fen`].
    fn from(fen: &Fen) -> Epd {
        Epd::from_fen(fen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POS: &str = "4k3/8/8/8/8/8/8/4K3 w - -";

    fn parse(ops: &str) -> (Result<Epd, EpdError>, Vec<EpdWarningKind>) {
        let mut warnings = Vec::new();
        let epd = Epd::from_ascii_with_warnings(format!("{POS} {ops}").as_bytes(), &mut warnings);
        (epd, warnings.into_iter().map(|w| w.kind).collect())
    }

    fn ok(ops: &str) -> Epd {
        parse(ops).0.unwrap_or_else(|e| panic!("{ops}: {e}"))
    }

    fn err(ops: &str) -> EpdError {
        parse(ops).0.expect_err(ops)
    }

    #[test]
    fn registry_types_every_opcode() {
        // Ruling D2, one opcode after another.
        let epd = ok("acn 106652; acs 0; am e4 d4; bm Qg6; c0 \"x\"; c1; ce -32767; dm 3; \
                      draw_accept; draw_reject; eco \"B90\"; fmvn 12; hmvc 7; id \"WAC.001\"; \
                      nic; noop 1 \"two\"; pm Nf3; pv Nf3+ d5; rc 2; resign; tcgs 4; \
                      tcri \"a@b\" \"Ann\"; tcsi \"c@d\" \"Bob\"; v0 \"Sicilian\"; v9;");
        assert_eq!(epd.analysis_nodes(), Some(106_652));
        assert_eq!(epd.analysis_seconds(), Some(0));
        let texts =
            |m: Option<&[MoveText]>| m.map(|m| m.iter().map(|t| t.to_string()).collect::<Vec<_>>());
        assert_eq!(texts(epd.avoid_moves()), Some(vec!["e4".into(), "d4".into()]));
        assert_eq!(texts(epd.best_moves()), Some(vec!["Qg6".into()]));
        assert_eq!(epd.comment(Register::ALL[0]).map(EpdString::to_string), Some("x".into()));
        assert_eq!(epd.get(Opcode::C1), Some(&Value::Comment(Register::ALL[1], None)));
        assert_eq!(epd.centipawns(), Some(-32767));
        assert_eq!(epd.eval(), Some(Eval::Illegal));
        assert_eq!(epd.direct_mate().map(NonZeroU32::get), Some(3));
        assert!(epd.contains(Opcode::DrawAccept) && epd.contains(Opcode::DrawReject));
        assert_eq!(epd.eco().map(EpdString::to_string), Some("B90".into()));
        assert_eq!(epd.fullmove_number().map(NonZeroU32::get), Some(12));
        assert_eq!(epd.halfmove_clock(), Some(7));
        assert_eq!(epd.id().map(EpdString::to_string), Some("WAC.001".into()));
        assert_eq!(epd.get(Opcode::Nic), Some(&Value::Nic(None)));
        assert_eq!(
            epd.get(Opcode::Noop),
            Some(&Value::Noop(vec![Operand::token("1"), Operand::string("two")]))
        );
        assert_eq!(epd.predicted_move().map(MoveText::to_string), Some("Nf3".into()));
        assert_eq!(texts(epd.predicted_variation()), Some(vec!["Nf3+".into(), "d5".into()]));
        assert_eq!(epd.repetition_count().map(NonZeroU32::get), Some(2));
        assert!(epd.contains(Opcode::Resign));
        assert_eq!(epd.get(Opcode::Tcgs), NonZeroU32::new(4).map(Value::Tcgs).as_ref());
        assert_eq!(epd.get(Opcode::Tcri), Some(&Value::Tcri("a@b".into(), "Ann".into())));
        assert_eq!(epd.get(Opcode::Tcsi), Some(&Value::Tcsi("c@d".into(), "Bob".into())));
        assert_eq!(
            epd.variation_name(Register::ALL[0]).map(EpdString::to_string),
            Some("Sicilian".into())
        );
        assert_eq!(epd.get(Opcode::V9), Some(&Value::VariationName(Register::ALL[9], None)));
        assert_eq!(epd.operations().len(), 25);
        let fen = epd.to_fen();
        assert_eq!(fen.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 7 12");
        let epd = ok("draw_claim; draw_offer; sm e4;");
        assert_eq!(epd.supplied_move().map(MoveText::to_string), Some("e4".into()));
    }

    #[test]
    fn move_operands_keep_their_place() {
        let epd = ok("bm Nd5 a4;");
        let moves = epd.best_moves().expect("bm");
        assert_eq!(moves[1].location().map(|l| l.column), Some(34));
        assert_eq!(
            epd.operation(Opcode::Bm).and_then(|op| op.location).map(|l| l.column),
            Some(27)
        );
    }

    #[test]
    fn unknown_opcodes_are_kept() {
        // Ruling D3: unknown, private and custom opcodes are never an error.
        let (epd, warnings) = parse("Xprivate \"a b\" c; class mate-now; wdl -2; wdl_table 2;");
        let epd = epd.expect("valid");
        assert_eq!(warnings, []);
        let class = epd.operation_by_name("class").expect("kept");
        let Value::Unknown(u) = &class.value else { panic!("unknown") };
        assert_eq!(u.operands(), [Operand::token("mate-now")]);
        let Some(Value::Unknown(wdl)) = epd.operation_by_name("wdl").map(|op| &op.value) else {
            panic!("wdl")
        };
        assert_eq!(wdl.operands()[0].as_integer(), Some(-2));
        let Some(Value::Unknown(x)) = epd.operation_by_name("Xprivate").map(|op| &op.value) else {
            panic!("private")
        };
        assert!(x.mnemonic().is_private());
        assert!(x.operands()[0].is_quoted() && !x.operands()[1].is_quoted());
        assert!(UnknownOperation::new(Opcode::Bm.mnemonic(), vec![]).is_none());
    }

    #[test]
    fn operand_errors_name_opcode_and_place() {
        let e = err("rc 0;");
        assert_eq!(
            e.kind,
            EpdErrorKind::OutOfRange {
                opcode: Opcode::Rc,
                operand: 1,
                allowed: "a positive integer below 2^32"
            }
        );
        assert_eq!(e.location.column, 30);
        assert!(matches!(err("rc -3;").kind, EpdErrorKind::OutOfRange { opcode: Opcode::Rc, .. }));
        assert!(matches!(
            err("dm 4294967296;").kind,
            EpdErrorKind::OutOfRange { opcode: Opcode::Dm, .. }
        ));
        assert!(matches!(
            err("ce 32767;").kind,
            EpdErrorKind::OutOfRange { opcode: Opcode::Ce, .. }
        ));
        assert!(matches!(err("ce -32768;").kind, EpdErrorKind::OutOfRange { .. }));
        assert_eq!(ok("ce 32766;").centipawns(), Some(32766));
        assert!(matches!(
            err("hmvc -1;").kind,
            EpdErrorKind::OutOfRange { opcode: Opcode::Hmvc, .. }
        ));
        assert!(matches!(err("hmvc 4294967296;").kind, EpdErrorKind::OutOfRange { .. }));
        assert_eq!(ok("acn 18446744073709551615;").analysis_nodes(), Some(u64::MAX));
        assert!(matches!(err("acn 18446744073709551616;").kind, EpdErrorKind::OutOfRange { .. }));
        assert!(matches!(
            err("fmvn 0;").kind,
            EpdErrorKind::OutOfRange { opcode: Opcode::Fmvn, .. }
        ));
        assert_eq!(
            err("acs 1.5;").kind,
            EpdErrorKind::WrongType {
                opcode: Opcode::Acs,
                operand: 1,
                expected: OperandKind::Integer
            }
        );
        assert_eq!(
            err("rc \"3\";").kind,
            EpdErrorKind::WrongType {
                opcode: Opcode::Rc,
                operand: 1,
                expected: OperandKind::Integer
            }
        );
        let e = err("bm e4 \"d4\";");
        assert_eq!(
            e.kind,
            EpdErrorKind::WrongType { opcode: Opcode::Bm, operand: 2, expected: OperandKind::Move }
        );
        assert_eq!(e.location.column, 33);
        assert_eq!(
            err("pm e4 d4;").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Pm, expected: "1", found: 2 }
        );
        assert_eq!(
            err("resign now;").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Resign, expected: "0", found: 1 }
        );
        assert_eq!(
            err("id;").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Id, expected: "1", found: 0 }
        );
        assert_eq!(
            err("c0 \"a\" \"b\";").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::C0, expected: "0 or 1", found: 2 }
        );
        assert_eq!(
            err("tcri \"a\";").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Tcri, expected: "2", found: 1 }
        );
        assert!(matches!(err("sm;").kind, EpdErrorKind::OperandCount { opcode: Opcode::Sm, .. }));
    }

    #[test]
    fn lenient_operands_warn() {
        let (epd, warnings) = parse("c0 8; ce +12; tcsi a@b \"Bob\";");
        let epd = epd.expect("lenient");
        assert_eq!(epd.comment(Register::ALL[0]).map(EpdString::to_string), Some("8".into()));
        assert_eq!(epd.centipawns(), Some(12));
        assert_eq!(
            warnings,
            [
                EpdWarningKind::UnquotedString { opcode: Opcode::C0 },
                EpdWarningKind::PlusSign { opcode: Opcode::Ce },
                EpdWarningKind::UnquotedString { opcode: Opcode::Tcsi },
            ]
        );
        // pgn-extract writes comments unquoted: the words are joined.
        let (epd, warnings) = parse("c0 Barnes, David J.-Horton,  Mark; c1 1/2-1/2;");
        let epd = epd.expect("lenient");
        assert_eq!(
            epd.comment(Register::ALL[0]).map(EpdString::to_string),
            Some("Barnes, David J.-Horton, Mark".into())
        );
        assert!(warnings.contains(&EpdWarningKind::UnquotedString { opcode: Opcode::C1 }));
    }

    #[test]
    fn non_positive_dm_is_kept_as_read() {
        // The corpus's python-chess/endgame-dm-{4,5}.epd: `dm 0`, `dm -15`.
        for (operand, value) in [("0", 0), ("-15", -15), ("-0", 0), ("+0", 0), ("-007", -7)] {
            let (epd, warnings) = parse(&format!("bm Kb2; dm {operand}; id \"x\";"));
            let epd = epd.unwrap_or_else(|e| panic!("dm {operand}: {e}"));
            let want = EpdWarningKind::NonPositiveDirectMate { value };
            assert_eq!(warnings.last(), Some(&want), "dm {operand}");
            assert_eq!(warnings.len(), if operand.starts_with('+') { 2 } else { 1 });
            // Not typed: direct_mate() does not see it, the operation is
            // kept with its operand as read.
            assert_eq!(epd.direct_mate(), None);
            assert!(!epd.contains(Opcode::Dm));
            let dm = epd.operation_by_name("dm").expect("kept");
            assert_eq!(dm.location.map(|l| l.column), Some(35));
            assert_eq!(dm.opcode(), None);
            let Value::Unknown(u) = &dm.value else { panic!("dm {operand}: {:?}", dm.value) };
            assert_eq!(u.mnemonic(), Opcode::Dm.mnemonic());
            assert_eq!(u.operands(), [Operand::token(operand)]);
            assert_eq!(u.operands()[0].location().map(|l| l.column), Some(38));
            // Canonical writing gives it back as read, and reading that
            // gives the same warning and the same bytes (ruling D1, D3).
            let text = epd.to_canonical_string().expect("writable");
            assert_eq!(text, format!("{POS} bm Kb2; dm {operand}; id \"x\";"));
            let mut again_warnings = Vec::new();
            let again = Epd::from_ascii_with_warnings(text.as_bytes(), &mut again_warnings)
                .expect("reads back");
            assert_eq!(
                again_warnings.into_iter().map(|w| w.kind).collect::<Vec<_>>(),
                warnings,
                "dm {operand}"
            );
            assert_eq!(again, epd);
            assert_eq!(again.to_canonical_string().as_ref(), Ok(&text));
        }
        let at_limit = format!("dm {};", i64::MIN);
        let (epd, warnings) = parse(&at_limit);
        assert!(epd.is_ok(), "{at_limit}");
        assert_eq!(warnings, [EpdWarningKind::NonPositiveDirectMate { value: i64::MIN }]);
        // The opcode is still at most once per record.
        assert!(matches!(err("dm 0; dm 3;").kind, EpdErrorKind::RepeatedOpcode { .. }));
        assert!(matches!(err("dm 3; dm -1;").kind, EpdErrorKind::RepeatedOpcode { .. }));
        // Anything else that is not a positive integer stays an error.
        let wrong_type = EpdErrorKind::WrongType {
            opcode: Opcode::Dm,
            operand: 1,
            expected: OperandKind::Integer,
        };
        assert_eq!(err("dm abc;").kind, wrong_type);
        assert_eq!(err("dm -1.5;").kind, wrong_type);
        assert_eq!(err("dm \"0\";").kind, wrong_type);
        assert_eq!(err("dm -;").kind, wrong_type);
        assert_eq!(
            err("dm;").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Dm, expected: "1", found: 0 }
        );
        assert_eq!(
            err("dm 0 1;").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Dm, expected: "1", found: 2 }
        );
        assert_eq!(
            err("dm -1 -2;").kind,
            EpdErrorKind::OperandCount { opcode: Opcode::Dm, expected: "1", found: 2 }
        );
        let too_small = format!("dm -{};", i64::MIN.unsigned_abs() + 1);
        assert!(matches!(
            err(&too_small).kind,
            EpdErrorKind::OutOfRange { opcode: Opcode::Dm, operand: 1, .. }
        ));
        assert!(matches!(
            err("dm -99999999999999999999;").kind,
            EpdErrorKind::OutOfRange { opcode: Opcode::Dm, operand: 1, .. }
        ));
        // A positive dm is typed as before.
        let (epd, warnings) = parse("dm 3;");
        assert_eq!(epd.expect("valid").direct_mate().map(NonZeroU32::get), Some(3));
        assert_eq!(warnings, []);
    }

    #[test]
    fn rules_between_operations() {
        let e = err("bm e4; id \"a\"; bm d4;");
        let EpdErrorKind::RepeatedOpcode { mnemonic, first } = e.kind else { panic!("{e}") };
        assert_eq!((mnemonic.as_str(), first.column, e.location.column), ("bm", 27, 42));
        assert_eq!(e.to_string(), "1:42: opcode bm repeated (first at 1:27)");
        // Unknown opcodes appear at most once too.
        assert!(matches!(err("x 1; x 2;").kind, EpdErrorKind::RepeatedOpcode { .. }));
        // Many operations take the sorting path.
        let many: String = (0..40).map(|i| format!("op{i} 1; ")).collect();
        let e = err(&format!("{many}op7 2;"));
        let EpdErrorKind::RepeatedOpcode { first, .. } = e.kind else { panic!("{e}") };
        assert_eq!(first.column, 27 + 7 * 7);
        assert!(parse(&many).0.is_ok());
        assert_eq!(
            err("draw_offer;").kind,
            EpdErrorKind::MissingSuppliedMove { opcode: Opcode::DrawOffer }
        );
        assert_eq!(
            err("draw_claim; pm e4;").kind,
            EpdErrorKind::MissingSuppliedMove { opcode: Opcode::DrawClaim }
        );
        // pm and pv are compared as text, without check and annotation
        // marks; a difference is a warning (the san crate compares moves).
        let (epd, warnings) = parse("pm e4; pv d4 d5;");
        assert!(epd.is_ok());
        assert!(
            warnings
                .iter()
                .any(|w| matches!(w, EpdWarningKind::PredictedMoveText { pv } if pv.column == 34))
        );
        let (epd, warnings) = parse("pm Qxf7+; pv Qxf7! Kh8;");
        assert!(epd.is_ok());
        assert!(!warnings.iter().any(|w| matches!(w, EpdWarningKind::PredictedMoveText { .. })));
        assert!(parse("pm e4; pv;").0.is_ok());
    }

    #[test]
    fn move_counters_become_clocks() {
        let mut warnings = Vec::new();
        let epd = Epd::from_ascii_with_warnings(
            b"4k3/8/8/8/8/8/8/4K3 w - - 5 39 id \"x\";",
            &mut warnings,
        )
        .expect("lenient");
        assert_eq!(epd.to_fen().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 5 39");
        assert_eq!(warnings.len(), 1);
        let epd =
            Epd::from_ascii_with_warnings(b"4k3/8/8/8/8/8/8/4K3 w - - 5 0 hmvc 9;", &mut warnings)
                .expect("lenient");
        assert_eq!(
            (epd.halfmove_clock(), epd.fullmove_number().map(NonZeroU32::get)),
            (Some(9), Some(1))
        );
        assert_eq!(
            warnings[1..].iter().map(|w| w.kind.clone()).collect::<Vec<_>>(),
            [
                EpdWarningKind::MoveCounters,
                EpdWarningKind::MoveCountersOverridden,
                EpdWarningKind::FullmoveZero
            ]
        );
    }

    #[test]
    fn fen_conversions() {
        let fen = Fen::from_ascii(b"4k3/8/8/8/8/8/4P3/4K3 w - - 5 39").expect("valid");
        let epd = Epd::from_fen(&fen);
        assert_eq!(epd.operations().len(), 0);
        assert_eq!(epd.to_fen().to_string(), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let epd = Epd::from_fen_with_clocks(&fen);
        assert_eq!(epd.to_fen(), fen);
        assert_eq!(epd.to_position().map(|p| p.halfmoves()), Ok(5));
        let mut setup = Setup::empty();
        epd.apply_clocks(&mut setup);
        assert_eq!((setup.halfmoves, setup.fullmoves.get()), (5, 39));
        assert_eq!(
            Epd::from_position(&Position::new()).position_fields().to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn editing() {
        let mut epd: Epd = format!("{POS} bm e4; id \"a\";").parse().expect("valid");
        let old = epd.set(Value::Id("b".into())).expect("replaced");
        assert_eq!(old.value, Value::Id("a".into()));
        assert!(old.location.is_some());
        assert_eq!(epd.id().map(EpdString::to_string), Some("b".into()));
        assert_eq!(epd.operations()[1].mnemonic().as_str(), "id");
        let moves = epd.moves_mut(Opcode::Bm).expect("bm");
        moves[0].set_text(&b"e2e4"[..]);
        assert_eq!(epd.best_moves().map(|m| m[0].to_string()), Some("e2e4".into()));
        assert!(epd.remove(Opcode::Bm).is_some());
        assert!(epd.remove(Opcode::Bm).is_none());
        assert_eq!(epd.operations().len(), 1);
        // Equality does not depend on order or place.
        let a: Epd = format!("{POS} bm e4; id \"a\";").parse().expect("valid");
        let b: Epd = format!("{POS} id \"a\";  bm e4;").parse().expect("valid");
        assert_eq!(a, b);
        assert_ne!(a, format!("{POS} id \"a\";").parse().expect("valid"));
    }
}
