//! [`RawEpd`]: one EPD record split into its four position fields and its
//! operations (§16.2.4.1), with operand bytes borrowed from the input and
//! the place of every opcode and operand, but no operand typed yet (that is
//! [`Epd::from_raw`](crate::Epd::from_raw)).
//!
//! The scanner is written by hand over bytes, one function per production;
//! it allocates two vectors per record (operations and operands), never per
//! token. Leniencies of ruling D4 (and a free note after the last `;`,
//! dropped) become [`EpdWarning`]s; syntax errors reject the record with
//! an [`EpdError`].

use std::borrow::Cow;

use crate::diagnostic::{EpdError, EpdErrorKind, EpdWarning, EpdWarningKind, Location};
use crate::fen::{Fen, ParseFenError, epd_field_spans};
use crate::opcode::{MAX_MNEMONIC_LEN, Mnemonic};
use crate::operand::EpdString;

/// The longest string value: §16.2.4.1 says "less than 256 bytes".
pub const MAX_STRING_LEN: usize = 255;

/// Where a record sits in its input, to turn record offsets into
/// [`Location`]s.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context {
    /// Offset of the record's first byte in the input.
    pub(crate) base: usize,
    /// The record's line number, from 1.
    pub(crate) line: usize,
    /// Offset of the line's first byte in the input.
    pub(crate) line_start: usize,
}

impl Context {
    /// A record parsed on its own: line 1, offsets from its first byte.
    pub(crate) const ALONE: Context = Context { base: 0, line: 1, line_start: 0 };

    pub(crate) fn location(&self, i: usize) -> Location {
        // usize to u64 never truncates on the platforms Rust supports.
        let offset = (self.base + i) as u64;
        let column = offset - self.line_start as u64 + 1;
        Location { offset, line: self.line as u64, column }
    }
}

/// How an operand was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum OperandForm {
    /// Unquoted: contiguous non-space printing bytes.
    Token,
    /// A string in double quotes, without escapes (§16.2.4.1, ruling D5).
    String,
    /// A string with `\"` and `\\` escapes, which the standard does not
    /// have; read so only when the plain reading fails (a warning).
    EscapedString,
}

/// One operand, borrowed from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RawOperand<'a> {
    #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
    text: &'a [u8],
    form: OperandForm,
    location: Location,
}

impl<'a> RawOperand<'a> {
    /// The bytes as written, without the quotes (escapes not decoded).
    pub fn raw_text(&self) -> &'a [u8] {
        self.text
    }

    /// How it was written.
    pub fn form(&self) -> OperandForm {
        self.form
    }

    /// Whether it was written as a string.
    pub fn is_quoted(&self) -> bool {
        self.form != OperandForm::Token
    }

    /// Where it starts (the opening quote of a string).
    pub fn location(&self) -> Location {
        self.location
    }

    /// The value: the bytes without quotes, with escapes decoded
    /// (allocates only for an [`OperandForm::EscapedString`]).
    pub fn value(&self) -> Cow<'a, [u8]> {
        match self.form {
            OperandForm::EscapedString => Cow::Owned(unescape(self.text)),
            OperandForm::Token | OperandForm::String => Cow::Borrowed(self.text),
        }
    }
}

/// Decodes `\"` and `\\`; any other backslash is kept.
fn unescape(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        match text[i..] {
            [b'\\', c @ (b'"' | b'\\'), ..] => {
                out.push(c);
                i += 2;
            }
            _ => {
                out.push(text[i]);
                i += 1;
            }
        }
    }
    out
}

/// One operation, borrowed from the input.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RawOperation<'r, 'a> {
    /// The opcode.
    pub mnemonic: Mnemonic,
    /// Where the opcode starts.
    pub location: Location,
    /// The operands, in input order.
    pub operands: &'r [RawOperand<'a>],
    /// Whether the operation ends with `;` (only the last one may not,
    /// ruling D4).
    pub terminated: bool,
}

#[derive(Clone, Debug)]
struct Slot {
    mnemonic: Mnemonic,
    location: Location,
    operands: (usize, usize),
    terminated: bool,
}

/// FEN move counters found after the four position fields (a six-field FEN
/// used as an EPD record, a leniency).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RawCounters {
    /// The halfmove clock.
    pub halfmoves: u32,
    /// Where the halfmove clock is.
    pub halfmoves_location: Location,
    /// The fullmove number as written (0 is read as 1 later, with a warning).
    pub fullmoves: u32,
    /// Where the fullmove number is.
    pub fullmoves_location: Location,
}

/// An EPD record split into fields and operations, operands borrowed.
#[derive(Clone, Debug)]
pub struct RawEpd<'a> {
    fen: Fen,
    counters: Option<RawCounters>,
    slots: Vec<Slot>,
    operands: Vec<RawOperand<'a>>,
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn is_control(b: u8) -> bool {
    b < 0x20 || b == 0x7f
}

/// Removes one line ending (`\n`, `\r\n` or `\r`) from the end.
pub(crate) fn strip_line_end(s: &[u8]) -> &[u8] {
    let s = s.strip_suffix(b"\n").unwrap_or(s);
    s.strip_suffix(b"\r").unwrap_or(s)
}

struct Scanner<'a, 'w> {
    input: &'a [u8],
    ctx: Context,
    warnings: &'w mut Vec<EpdWarning>,
}

impl<'a> Scanner<'a, '_> {
    fn at(&self, i: usize) -> Location {
        self.ctx.location(i)
    }

    fn error(&self, kind: EpdErrorKind, i: usize) -> EpdError {
        EpdError { kind, location: self.at(i) }
    }

    fn warn(&mut self, kind: EpdWarningKind, i: usize) {
        let location = self.at(i);
        self.warnings.push(EpdWarning { kind, location });
    }

    fn skip_spaces(&self, mut i: usize) -> usize {
        while i < self.input.len() && is_space(self.input[i]) {
            i += 1;
        }
        i
    }

    fn fen_error(&self, e: ParseFenError) -> EpdError {
        self.error(EpdErrorKind::Position(e.kind), e.offset)
    }

    // record = field " " field " " field " " field (" " counters)? (" " operation)*
    fn record(mut self) -> Result<RawEpd<'a>, EpdError> {
        let spans = epd_field_spans(self.input).map_err(|e| self.fen_error(e))?;
        if spans[0].0 > 0 {
            self.warn(EpdWarningKind::LeadingWhitespace, 0);
        }
        for pair in spans.windows(2) {
            if &self.input[pair[0].1..pair[1].0] != b" " {
                self.warn(EpdWarningKind::ExtraSpace, pair[0].1);
            }
        }
        let fen = Fen::from_epd_field_spans(self.input, &spans).map_err(|e| self.fen_error(e))?;
        let mut raw = RawEpd { fen, counters: None, slots: Vec::new(), operands: Vec::new() };
        let mut i = spans[3].1;
        let mut after_semicolon = false;
        if let Some((counters, end)) = self.counters(i)? {
            raw.counters = Some(counters);
            after_semicolon = self.input.get(end) == Some(&b';');
            i = end + usize::from(after_semicolon);
        }
        self.operations(&mut raw, i, after_semicolon)?;
        Ok(raw)
    }

    // counters = digit+ " " digit+ ";"?   (not in §16.2: a FEN's clocks)
    fn counters(&mut self, i: usize) -> Result<Option<(RawCounters, usize)>, EpdError> {
        let digits_end = |from: usize| {
            let mut e = from;
            while e < self.input.len() && self.input[e].is_ascii_digit() {
                e += 1;
            }
            e
        };
        let half_start = self.skip_spaces(i);
        let half_end = digits_end(half_start);
        if half_start == i
            || half_end == half_start
            || !self.input.get(half_end).copied().is_some_and(is_space)
        {
            return Ok(None);
        }
        let full_start = self.skip_spaces(half_end);
        let full_end = digits_end(full_start);
        let ends = |e: usize| self.input.get(e).is_none_or(|&b| is_space(b) || b == b';');
        if full_end == full_start || !ends(full_end) {
            return Ok(None);
        }
        let number = |s: usize, e: usize| -> Result<u32, EpdError> {
            match crate::operand::scan_integer(&self.input[s..e]) {
                crate::operand::IntText::Value { magnitude, .. } => u32::try_from(magnitude).ok(),
                _ => None,
            }
            .ok_or_else(|| self.error(EpdErrorKind::MoveCounterOutOfRange, s))
        };
        let counters = RawCounters {
            halfmoves: number(half_start, half_end)?,
            halfmoves_location: self.at(half_start),
            fullmoves: number(full_start, full_end)?,
            fullmoves_location: self.at(full_start),
        };
        self.warn(EpdWarningKind::MoveCounters, half_start);
        if &self.input[i..half_start] != b" " || &self.input[half_end..full_start] != b" " {
            self.warn(EpdWarningKind::ExtraSpace, i);
        }
        Ok(Some((counters, full_end)))
    }

    // operations = (separator (operation | ";"))* separator? trailing?
    // operation  = opcode (separator operand)* ";"
    // trailing   = (byte except ";")+   (not in §16.2: free text, dropped)
    fn operations(
        &mut self,
        raw: &mut RawEpd<'a>,
        mut i: usize,
        mut after_semicolon: bool,
    ) -> Result<(), EpdError> {
        let len = self.input.len();
        let mut open = false;
        let mut seen_semicolon = after_semicolon;
        loop {
            let ws_start = i;
            i = self.skip_spaces(i);
            let ws = &self.input[ws_start..i];
            if i == len {
                if !ws.is_empty() {
                    self.warn(EpdWarningKind::TrailingWhitespace, ws_start);
                }
                break;
            }
            let b = self.input[i];
            let opcode = (!open && b != b';').then(|| self.opcode(i));
            if matches!(opcode, Some(Err(_))) && seen_semicolon && !self.input[i..].contains(&b';')
            {
                self.trailing_comment(i);
                return Ok(());
            }
            // One space between operations and operands, none before ';'.
            let extra =
                if open && b == b';' { !ws.is_empty() } else { ws.len() > 1 || ws == b"\t" };
            if extra {
                self.warn(EpdWarningKind::ExtraSpace, ws_start);
            }
            if ws.is_empty() && after_semicolon && b != b';' {
                self.warn(EpdWarningKind::MissingSpace, i);
            }
            after_semicolon = false;
            match opcode {
                Some(found) => {
                    let (mnemonic, end) = found?;
                    if raw.slots.last().is_some_and(|previous| mnemonic < previous.mnemonic) {
                        self.warn(EpdWarningKind::OperationOrder { mnemonic }, i);
                    }
                    let at = raw.operands.len();
                    raw.slots.push(Slot {
                        mnemonic,
                        location: self.at(i),
                        operands: (at, at),
                        terminated: false,
                    });
                    open = true;
                    i = end;
                }
                None if b == b';' => {
                    if open {
                        if let Some(slot) = raw.slots.last_mut() {
                            slot.terminated = true;
                        }
                    } else {
                        self.warn(EpdWarningKind::EmptyOperation, i);
                    }
                    open = false;
                    after_semicolon = true;
                    seen_semicolon = true;
                    i += 1;
                }
                None => {
                    let (operand, end) = if b == b'"' { self.string(i)? } else { self.token(i)? };
                    raw.operands.push(operand);
                    if let Some(slot) = raw.slots.last_mut() {
                        slot.operands.1 = raw.operands.len();
                    }
                    i = end;
                }
            }
        }
        if open {
            self.warn(EpdWarningKind::MissingSemicolon, len);
        }
        Ok(())
    }

    // trailing = (byte except ";")+ after the last ";"
    //
    // Not in §16.2: some suites end a record with a free note after its
    // last operation (the corpus's sunfish/terminal_bench.epd: `...; class
    // mate-now-corner; gate-prone`, `...; +175, pass=+11 pre-fix`). Only
    // the final segment is read so, and only when it does not start with a
    // well-formed opcode followed by white space or the end: one that does
    // is an operation missing its `;` (ruling D4), with its errors. A
    // record with no `;` has no such note (junk right after the position
    // fields stays an error), nor has a segment followed by a `;`. The
    // note is dropped with a warning at its start.
    fn trailing_comment(&mut self, i: usize) {
        let rest = &self.input[i..];
        let end = rest.iter().rposition(|&b| !is_space(b)).map_or(0, |p| p + 1);
        let text = EpdString::from(&rest[..end]);
        self.warn(EpdWarningKind::TrailingComment { text }, i);
    }

    // opcode = letter (letter | digit | "_"){0,14}, then a space, ";" or the end
    fn opcode(&self, i: usize) -> Result<(Mnemonic, usize), EpdError> {
        if !self.input[i].is_ascii_alphabetic() {
            return Err(self.error(EpdErrorKind::ExpectedOpcode, i));
        }
        let mut end = i + 1;
        while end < self.input.len()
            && (self.input[end].is_ascii_alphanumeric() || self.input[end] == b'_')
        {
            end += 1;
        }
        if end - i > MAX_MNEMONIC_LEN {
            return Err(self.error(EpdErrorKind::OpcodeTooLong { len: end - i }, i));
        }
        if self.input.get(end).is_some_and(|&b| !is_space(b) && b != b';') {
            return Err(self.error(EpdErrorKind::InvalidOpcodeCharacter, end));
        }
        let mnemonic = Mnemonic::from_ascii(&self.input[i..end])
            .ok_or_else(|| self.error(EpdErrorKind::ExpectedOpcode, i))?;
        Ok((mnemonic, end))
    }

    // token = (printing byte except ";" and '"')+
    fn token(&self, i: usize) -> Result<(RawOperand<'a>, usize), EpdError> {
        let mut end = i;
        while end < self.input.len() {
            match self.input[end] {
                b' ' | b'\t' | b';' => break,
                b'"' => return Err(self.error(EpdErrorKind::QuoteInToken, end)),
                b if is_control(b) => return Err(self.error(EpdErrorKind::ControlByte, end)),
                _ => end += 1,
            }
        }
        let operand = RawOperand {
            text: &self.input[i..end],
            form: OperandForm::Token,
            location: self.at(i),
        };
        Ok((operand, end))
    }

    // string = '"' (byte except '"' and line ends){0,255} '"', then a space, ";" or the end
    //
    // Ruling D5: strings have no escapes. Only when the plain reading ends
    // in a quote glued to more text, and the string holds a backslash, is it
    // read again with `\"` and `\\` as escapes (python-chess writes them).
    fn string(&mut self, i: usize) -> Result<(RawOperand<'a>, usize), EpdError> {
        let input = self.input;
        let start = i + 1;
        let separated = |e: usize| input.get(e).is_none_or(|&b| is_space(b) || b == b';');
        let close = input[start..]
            .iter()
            .position(|&b| matches!(b, b'"' | b'\n' | b'\r'))
            .map(|p| start + p)
            .filter(|&c| input[c] == b'"')
            .ok_or_else(|| self.error(EpdErrorKind::UnterminatedString, i))?;
        let (text, form, end, len) = if separated(close + 1) {
            (&input[start..close], OperandForm::String, close + 1, close - start)
        } else {
            let escaped = if input[start..close].contains(&b'\\') {
                escaped_string_end(input, start).filter(|&(c, _)| separated(c + 1))
            } else {
                None
            };
            let Some((close, escapes)) = escaped else {
                return Err(self.error(EpdErrorKind::StringNotSeparated, close + 1));
            };
            self.warn(EpdWarningKind::EscapedString, i);
            (&input[start..close], OperandForm::EscapedString, close + 1, close - start - escapes)
        };
        if len > MAX_STRING_LEN {
            return Err(self.error(EpdErrorKind::StringTooLong { len }, i));
        }
        // §16.2.4.1: a string is made of printing characters. A tab or
        // another control byte is kept as read, with a warning.
        if let Some(p) = text.iter().position(|&b| b < 0x20 || b == 0x7f) {
            self.warn(EpdWarningKind::ControlInString, start + p);
        }
        Ok((RawOperand { text, form, location: self.at(i) }, end))
    }
}

/// The closing quote of a string read with escapes from `start` (after the
/// opening quote), and how many escapes it holds.
fn escaped_string_end(input: &[u8], start: usize) -> Option<(usize, usize)> {
    let mut i = start;
    let mut escapes = 0;
    while i < input.len() {
        match input[i..] {
            [b'\\', b'"' | b'\\', ..] => {
                i += 2;
                escapes += 1;
            }
            [b'"', ..] => return Some((i, escapes)),
            [b'\n' | b'\r', ..] => return None,
            _ => i += 1,
        }
    }
    None
}

impl<'a> RawEpd<'a> {
    /// Splits one record (a trailing line ending is ignored).
    ///
    /// # Errors
    ///
    /// [`EpdError`] for a record that does not follow §16.2 even leniently.
    pub fn from_ascii(s: &'a [u8]) -> Result<RawEpd<'a>, EpdError> {
        RawEpd::from_ascii_with_warnings(s, &mut Vec::new())
    }

    /// Splits one record, adding the leniencies used to `warnings`.
    ///
    /// # Errors
    ///
    /// [`EpdError`] for a record that does not follow §16.2 even leniently.
    pub fn from_ascii_with_warnings(
        s: &'a [u8],
        warnings: &mut Vec<EpdWarning>,
    ) -> Result<RawEpd<'a>, EpdError> {
        RawEpd::parse(strip_line_end(s), Context::ALONE, warnings)
    }

    pub(crate) fn parse(
        input: &'a [u8],
        ctx: Context,
        warnings: &mut Vec<EpdWarning>,
    ) -> Result<RawEpd<'a>, EpdError> {
        Scanner { input, ctx, warnings }.record()
    }

    /// The four position fields (clocks 0 and 1).
    pub fn fen(&self) -> &Fen {
        &self.fen
    }

    /// FEN move counters after the position fields, if the record has them.
    pub fn counters(&self) -> Option<RawCounters> {
        self.counters
    }

    /// The operations, in input order.
    pub fn operations(&self) -> impl ExactSizeIterator<Item = RawOperation<'_, 'a>> + '_ {
        self.slots.iter().map(|slot| RawOperation {
            mnemonic: slot.mnemonic,
            location: slot.location,
            operands: &self.operands[slot.operands.0..slot.operands.1],
            terminated: slot.terminated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POS: &str = "4k3/8/8/8/8/8/8/4K3 w - -";

    fn split(line: &str) -> (Result<RawEpd<'_>, EpdError>, Vec<EpdWarningKind>) {
        let mut warnings = Vec::new();
        let raw = RawEpd::from_ascii_with_warnings(line.as_bytes(), &mut warnings);
        (raw, warnings.into_iter().map(|w| w.kind).collect())
    }

    type Ops = Vec<(String, Vec<(String, OperandForm)>, bool)>;

    fn ops(raw: &RawEpd<'_>) -> Ops {
        raw.operations()
            .map(|op| {
                let operands = op
                    .operands
                    .iter()
                    .map(|o| (String::from_utf8_lossy(&o.value()).into_owned(), o.form()))
                    .collect();
                (op.mnemonic.to_string(), operands, op.terminated)
            })
            .collect()
    }

    #[test]
    fn standard_record() {
        let line = format!("{POS} bm Qg6; id \"WAC.001\";");
        let (raw, warnings) = split(&line);
        let raw = raw.expect("valid");
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(
            ops(&raw),
            [
                ("bm".into(), vec![("Qg6".into(), OperandForm::Token)], true),
                ("id".into(), vec![("WAC.001".into(), OperandForm::String)], true),
            ]
        );
        let id = raw.operations().nth(1).expect("two operations");
        assert_eq!(id.location, Location { offset: 34, line: 1, column: 35 });
        assert_eq!(id.operands[0].location().offset, 37);
        assert_eq!(raw.fen().to_string(), format!("{POS} 0 1"));
    }

    #[test]
    fn no_operations() {
        let (raw, warnings) = split(POS);
        assert_eq!(raw.expect("valid").operations().len(), 0);
        assert!(warnings.is_empty());
        let (raw, warnings) = split("  4k3/8/8/8/8/8/8/4K3\tw - -  \r\n");
        assert!(raw.is_ok());
        assert_eq!(
            warnings,
            [
                EpdWarningKind::LeadingWhitespace,
                EpdWarningKind::ExtraSpace,
                EpdWarningKind::TrailingWhitespace
            ]
        );
    }

    #[test]
    fn ruling_d4_leniencies_are_warnings() {
        let line = format!("{POS} id \"x\";bm  e4 ;  c0 \"y\"");
        let (raw, warnings) = split(&line);
        let raw = raw.expect("lenient");
        assert_eq!(
            warnings,
            [
                EpdWarningKind::MissingSpace,
                EpdWarningKind::OperationOrder {
                    mnemonic: Mnemonic::from_ascii(b"bm").expect("ok")
                },
                EpdWarningKind::ExtraSpace,
                EpdWarningKind::ExtraSpace,
                EpdWarningKind::ExtraSpace,
                EpdWarningKind::MissingSemicolon,
            ]
        );
        assert_eq!(ops(&raw)[2], ("c0".into(), vec![("y".into(), OperandForm::String)], false));
    }

    #[test]
    fn empty_operations_and_escapes() {
        // The corpus's fuzz-string-escaping.epd.
        let line = r#"4k3/8/8/8/8/8/8/4K3 w - - a "foo\"bar";; ; b "foo\\\\";"#;
        let (raw, warnings) = split(line);
        let raw = raw.expect("lenient");
        assert_eq!(
            warnings,
            [
                EpdWarningKind::EscapedString,
                EpdWarningKind::EmptyOperation,
                EpdWarningKind::EmptyOperation,
            ]
        );
        assert_eq!(
            ops(&raw),
            [
                ("a".into(), vec![("foo\"bar".into(), OperandForm::EscapedString)], true),
                // Ruling D5: the plain reading works here, so no escapes.
                ("b".into(), vec![(r"foo\\\\".into(), OperandForm::String)], true),
            ]
        );
        // A string ending in a backslash is a plain string.
        let line = format!(r#"{POS} c0 "C:\";"#);
        let (raw, _) = split(&line);
        assert_eq!(ops(&raw.expect("valid"))[0].1[0].0, "C:\\");
    }

    #[test]
    fn move_counters() {
        let (raw, warnings) = split("4k3/8/8/8/8/8/8/4K3 w - - 0 1 id \"CCR01\"; bm Qb3;");
        let raw = raw.expect("lenient");
        let bm = Mnemonic::from_ascii(b"bm").expect("well formed");
        assert_eq!(
            warnings,
            [EpdWarningKind::MoveCounters, EpdWarningKind::OperationOrder { mnemonic: bm }]
        );
        let c = raw.counters().expect("counters");
        assert_eq!((c.halfmoves, c.fullmoves, c.fullmoves_location.column), (0, 1, 29));
        assert_eq!(raw.operations().len(), 2);
        let (raw, warnings) = split("4k3/8/8/8/8/8/8/4K3 w - - 8 47; pv f1e2;");
        assert_eq!(warnings, [EpdWarningKind::MoveCounters]);
        assert_eq!(raw.expect("lenient").counters().map(|c| c.halfmoves), Some(8));
        let (raw, _) = split("4k3/8/8/8/8/8/8/4K3 w - - 5 101");
        assert_eq!(raw.expect("lenient").counters().map(|c| c.fullmoves), Some(101));
        // One number alone is no counter: it is not an opcode either.
        let (raw, _) = split("4k3/8/8/8/8/8/8/4K3 w - - 5 bm e4;");
        assert_eq!(raw.expect_err("bad").kind, EpdErrorKind::ExpectedOpcode);
        let (raw, _) = split("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999;");
        let err = raw.expect_err("overflow");
        assert_eq!((err.kind, err.location.column), (EpdErrorKind::MoveCounterOutOfRange, 29));
    }

    #[test]
    fn syntax_errors() {
        let cases: &[(&str, EpdErrorKind, usize)] = &[
            ("bm \"e4;", EpdErrorKind::UnterminatedString, 4),
            ("c0 \"a\"b;", EpdErrorKind::StringNotSeparated, 7),
            ("c0 a\"b\";", EpdErrorKind::QuoteInToken, 5),
            ("1bm e4;", EpdErrorKind::ExpectedOpcode, 1),
            ("_x;", EpdErrorKind::ExpectedOpcode, 1),
            ("b-m e4;", EpdErrorKind::InvalidOpcodeCharacter, 2),
            ("abcdefghijklmnop;", EpdErrorKind::OpcodeTooLong { len: 16 }, 1),
            ("bm e\x014;", EpdErrorKind::ControlByte, 5),
        ];
        for (ops, kind, column) in cases {
            let line = format!("{POS} {ops}");
            let err = split(&line).0.expect_err(ops);
            assert_eq!(
                (&err.kind, err.location.column as usize - POS.len() - 1),
                (kind, *column),
                "{ops}"
            );
        }
        let long = format!("{POS} c0 \"{}\";", "x".repeat(256));
        assert_eq!(
            split(&long).0.expect_err("long").kind,
            EpdErrorKind::StringTooLong { len: 256 }
        );
        let ok = format!("{POS} c0 \"{}\";", "x".repeat(255));
        assert!(split(&ok).0.is_ok());
        let err = split("4k3/8/8/8/8/8/8/4K3 x - - bm e4;").0.expect_err("turn");
        assert_eq!(err.location.column, 21);
        assert!(matches!(err.kind, EpdErrorKind::Position(_)));
        let err = split("4k3/8/8/8/8/8/8/4K3 w").0.expect_err("short");
        assert!(matches!(err.kind, EpdErrorKind::Position(_)));
    }

    #[test]
    fn free_text_after_the_last_operation_is_dropped() {
        // The corpus's sunfish/terminal_bench.epd.
        let cases = [
            "gate-prone",
            "lower=-1711/upper=-47923 pre-fix",
            "+175, pass=+11 pre-fix",
            "pinned-knight, behind",
            "\"quoted\" note",
            "thisisnotanopcode",
        ];
        for note in cases {
            let line = format!("{POS} class mate-now-corner; {note}");
            let (raw, warnings) = split(&line);
            let raw = raw.unwrap_or_else(|e| panic!("{note}: {e}"));
            assert_eq!(
                warnings,
                [EpdWarningKind::TrailingComment { text: EpdString::from(note) }],
                "{note}"
            );
            assert_eq!(
                ops(&raw),
                [("class".into(), vec![("mate-now-corner".into(), OperandForm::Token)], true)]
            );
        }
        // Located at its start; trailing white space is not part of it;
        // the space before it is not a separator between operations.
        let mut warnings = Vec::new();
        let line = format!("{POS} bm e4;  gate-prone  \r\n");
        let raw =
            RawEpd::from_ascii_with_warnings(line.as_bytes(), &mut warnings).expect("lenient");
        assert_eq!(raw.operations().len(), 1);
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].location.column, POS.len() as u64 + 10);
        assert_eq!(
            warnings[0].to_string(),
            format!(
                "1:{}: text after the last operation is not an operation and is not kept: \
                 \"gate-prone\"",
                POS.len() + 10
            )
        );
        // After `;` with no space, and after the counters' `;`.
        let (raw, warnings) = split("4k3/8/8/8/8/8/8/4K3 w - - 0 1; +1, ok");
        assert_eq!(raw.expect("lenient").operations().len(), 0);
        assert_eq!(
            warnings,
            [
                EpdWarningKind::MoveCounters,
                EpdWarningKind::TrailingComment { text: EpdString::from("+1, ok") }
            ]
        );
        let line = format!("{POS} bm e4;;x-y");
        let (raw, warnings) = split(&line);
        assert_eq!(raw.expect("lenient").operations().len(), 1);
        assert_eq!(
            warnings,
            [
                EpdWarningKind::EmptyOperation,
                EpdWarningKind::TrailingComment { text: EpdString::from("x-y") }
            ]
        );
    }

    #[test]
    fn final_segment_that_starts_like_an_operation_is_one() {
        // Ruling D4: an operation missing its `;`, not a dropped note.
        for (tail, opcode, operands) in [
            ("Fine 70", "Fine", &["70"][..]),
            ("sweep hit", "sweep", &["hit"]),
            ("zugzwang", "zugzwang", &[]),
        ] {
            let line = format!("{POS} A x; {tail}");
            let (raw, warnings) = split(&line);
            let raw = raw.unwrap_or_else(|e| panic!("{tail}: {e}"));
            assert_eq!(warnings, [EpdWarningKind::MissingSemicolon], "{tail}");
            let last = ops(&raw).pop().expect("two operations");
            assert_eq!(last.0, opcode);
            assert_eq!(last.1.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), operands);
            assert!(!last.2);
        }
        // Errors inside a real operation stay errors, also at the end.
        let cases: &[(&str, EpdErrorKind)] = &[
            // sunfish/3fold.epd line 3.
            ("pv f1g1; c0 \"bm g5g2; am g5f5;", EpdErrorKind::UnterminatedString),
            ("c0 \"unterminated", EpdErrorKind::UnterminatedString),
            ("bm e\"4", EpdErrorKind::QuoteInToken),
            ("c0 \"a\"b", EpdErrorKind::StringNotSeparated),
            ("bm e\x014", EpdErrorKind::ControlByte),
        ];
        for (tail, kind) in cases {
            let line = format!("{POS} id \"a\"; {tail}");
            assert_eq!(&split(&line).0.expect_err(tail).kind, kind, "{tail}");
        }
        let long = format!("{POS} id \"a\"; c0 \"{}\"", "x".repeat(256));
        assert_eq!(
            split(&long).0.expect_err("long").kind,
            EpdErrorKind::StringTooLong { len: 256 }
        );
    }

    #[test]
    fn junk_not_at_the_end_is_an_error() {
        // Junk between two `;` is no trailing note.
        let cases: &[(&str, EpdErrorKind)] = &[
            ("class x; gate-prone; bm e4;", EpdErrorKind::InvalidOpcodeCharacter),
            ("class x; +175;", EpdErrorKind::ExpectedOpcode),
            ("class x; lower=-1;", EpdErrorKind::InvalidOpcodeCharacter),
            ("class x; +175 \"a;b\"", EpdErrorKind::ExpectedOpcode),
            // Nor is junk with no `;` before it (right after the fields).
            ("gate-prone", EpdErrorKind::InvalidOpcodeCharacter),
            ("+175, pass", EpdErrorKind::ExpectedOpcode),
        ];
        for (ops, kind) in cases {
            let line = format!("{POS} {ops}");
            assert_eq!(&split(&line).0.expect_err(ops).kind, kind, "{ops}");
        }
        let (raw, _) = split("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +175");
        assert_eq!(raw.expect_err("no ;").kind, EpdErrorKind::ExpectedOpcode);
    }

    #[test]
    fn never_panics_on_prefixes_of_a_record() {
        let line = format!(r#"{POS} 1 2; a "x\"y" b; c0 "z" w; pv e4 e5;"#);
        for end in 0..=line.len() {
            for start in 0..end {
                let _ = split(&line[start..end]);
            }
        }
    }

    #[test]
    fn control_bytes_in_strings_are_kept_with_a_warning() {
        let line = "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\tb\";";
        let mut warnings = Vec::new();
        let raw = RawEpd::from_ascii_with_warnings(line.as_bytes(), &mut warnings).expect("read");
        let op = raw.operations().next().expect("one operation");
        assert_eq!(op.operands[0].value().as_ref(), b"a\tb");
        assert_eq!(warnings.len(), 1);
        assert_eq!(warnings[0].kind, EpdWarningKind::ControlInString);
        assert_eq!(warnings[0].location.column, 32);
    }
}
