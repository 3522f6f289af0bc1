//! The move operands of EPD records (§16.2.5): `am`, `bm`, `pm` and `sm`
//! resolved against the record's position, `pv` as a sequence of moves
//! played from it, and the canonical SAN that ruling D1 writes.
//!
//! `fen-epd` reads EPD without knowing SAN: there, move operands are text.
//! [`resolve_epd`] turns them into legal moves with the lenient reader of
//! this crate, so the forms real suites use (a surplus check mark as in
//! ECM's `bm f7+`, UCI in a `pv`) are read with a warning, and a move that
//! is not legal or not unique is an error naming the opcode and operand.

use std::fmt;

use chess_core::{Move, Position, PositionError, Repair};
use fen_epd::{Epd, Fen, Location, MoveText, Opcode, Severity, Value};
use pgn_diag::Shown;
use pgn_nag::Suffix;

use crate::problem::MoveProblem;
use crate::quirks::Quirks;
use crate::san::San;

/// The legal position of an EPD record and its resolved move operands.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpdMoves {
    /// The record's position (its castling rights and en passant square
    /// repaired where they did not fit, with a warning).
    pub position: Position,
    /// `am`: the moves to avoid, in the order read.
    pub am: Vec<Move>,
    /// `bm`: the best moves, in the order read.
    pub bm: Vec<Move>,
    /// `pm`: the predicted move.
    pub pm: Option<Move>,
    /// `sm`: the supplied move.
    pub sm: Option<Move>,
    /// `pv`: the predicted variation, each move legal after the ones
    /// before it (as far as they resolve).
    pub pv: Vec<Move>,
}

/// What is wrong with a record's position or one of its move operands.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum EpdMoveProblem {
    /// The position fields describe no legal position (ruling F3: the
    /// rule broken); no move operand is looked at.
    InvalidPosition(PositionError),
    /// A castling right or an en passant square that did not fit the
    /// placement was dropped.
    RepairedPosition(Repair),
    /// The operand names no legal move of the position (unreadable,
    /// illegal, or ambiguous with its candidates): the problem replay
    /// reports for a move of a game.
    Move(MoveProblem),
    /// A null move (`--`, `Z0`): not a move that can be played from the
    /// position, which §16.2.5 asks of every move operand (ruling E12
    /// admits null moves in PGN movetext only).
    NullMove,
    /// The operand is written in a lenient form of import SAN (a surplus
    /// check mark, long algebraic, ...).
    Quirk(Quirks),
    /// A suffix annotation glued to the operand (`Nf3!`), which EPD does
    /// not have: dropped.
    Annotation(Suffix),
    /// The same move twice in the set of `am` or `bm` (perhaps written
    /// two ways): kept once.
    DuplicateMove,
    /// `pm` is not the first move of `pv` (§16.2.5.18), compared as moves.
    PredictedMoveMismatch,
}

impl EpdMoveProblem {
    /// Errors leave the record out of canonical output; warnings do not.
    pub fn is_error(&self) -> bool {
        !matches!(
            self,
            EpdMoveProblem::RepairedPosition(_)
                | EpdMoveProblem::Quirk(_)
                | EpdMoveProblem::Annotation(_)
                | EpdMoveProblem::DuplicateMove
        )
    }
}

impl EpdMoveProblem {
    /// The problem without its details (no move, rule or suffix), the same
    /// for every problem of the variant: a key for counting diagnostics by
    /// kind, as `ReplayProblem::label` of `pgn-replay` does for games (a move problem
    /// and each lenient form have their own label).
    pub fn label(&self) -> &'static str {
        match self {
            EpdMoveProblem::InvalidPosition(_) => "illegal position",
            EpdMoveProblem::RepairedPosition(_) => "position repaired",
            EpdMoveProblem::Move(problem) => problem.label(),
            EpdMoveProblem::NullMove => "null move: not a move of the position",
            EpdMoveProblem::Quirk(quirks) if quirks.is_empty() => "lenient form of SAN",
            EpdMoveProblem::Quirk(quirks) => quirks.message(),
            EpdMoveProblem::Annotation(_) => "annotation dropped",
            EpdMoveProblem::DuplicateMove => "the same move twice in the set",
            EpdMoveProblem::PredictedMoveMismatch => "pm is not the first move of pv",
        }
    }
}

impl fmt::Display for EpdMoveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdMoveProblem::InvalidPosition(e) => write!(f, "illegal position: {e}"),
            EpdMoveProblem::RepairedPosition(what) => write!(f, "position repaired: {what}"),
            EpdMoveProblem::Move(problem) => write!(f, "{problem}"),
            EpdMoveProblem::NullMove => f.write_str("null move: not a move of the position"),
            EpdMoveProblem::Quirk(quirks) => write!(f, "{quirks}"),
            EpdMoveProblem::Annotation(suffix) => write!(f, "annotation `{suffix}` dropped"),
            EpdMoveProblem::DuplicateMove => {
                f.write_str("the same move twice in the set: kept once")
            }
            EpdMoveProblem::PredictedMoveMismatch => f.write_str("pm is not the first move of pv"),
        }
    }
}

/// A problem of an EPD record's moves: what, in which operand, where.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpdMoveDiagnostic {
    /// What is wrong.
    pub problem: EpdMoveProblem,
    /// The operation and the operand's place in it (from 1); `None` for
    /// the position.
    pub operand: Option<(Opcode, usize)>,
    /// The operand's text (empty for the position).
    #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
    pub text: Box<[u8]>,
    /// Where the operand was read, if it was read from text.
    pub location: Option<Location>,
}

impl EpdMoveDiagnostic {
    /// True for an error (see [`EpdMoveProblem::is_error`]).
    pub fn is_error(&self) -> bool {
        self.problem.is_error()
    }

    /// Error or warning, in the terms of `fen-epd`'s diagnostics.
    pub fn severity(&self) -> Severity {
        if self.is_error() { Severity::Error } else { Severity::Warning }
    }
}

impl fmt::Display for EpdMoveDiagnostic {
    /// `operand 2 of bm "Bcx3+": not a move`, or the problem alone for
    /// the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((opcode, operand)) = self.operand {
            write!(f, "operand {operand} of {opcode} \"{}\": ", Shown(&self.text))?;
        }
        write!(f, "{}", self.problem)
    }
}

/// The moves of an EPD record resolved, with what was found on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResolvedEpd {
    /// The position and the moves that resolved; `None` when the position
    /// is not legal.
    pub moves: Option<EpdMoves>,
    /// Errors and warnings, in the order of the operations.
    pub diagnostics: Vec<EpdMoveDiagnostic>,
}

impl ResolvedEpd {
    /// True if any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(EpdMoveDiagnostic::is_error)
    }

    /// The record with every move operand in canonical SAN (ruling E7),
    /// as ruling D1 writes it; `None` if the record has an error.
    ///
    /// ```
    /// use fen_epd::Epd;
    /// use san::resolve_epd;
    ///
    /// let epd = Epd::from_ascii(
    ///     b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; pv f1b5 a6;",
    /// )?;
    /// let canonical = resolve_epd(&epd).canonical(&epd).expect("no error");
    /// assert_eq!(
    ///     canonical.to_canonical_string()?,
    ///     "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; pv Bb5 a6;"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn canonical(&self, epd: &Epd) -> Option<Epd> {
        if self.has_errors() {
            return None;
        }
        let moves = self.moves.as_ref()?;
        let pos = &moves.position;
        let mut out = epd.clone();
        // Repaired fields (a diagnostic says what was dropped) are written
        // repaired, so the canonical record reads back without a warning.
        if self.diagnostics.iter().any(|d| matches!(d.problem, EpdMoveProblem::RepairedPosition(_)))
        {
            out.set_position_fields(&Fen::from_position(pos));
        }
        let single = |m: Move| San::from_move(pos, m).to_string().into_bytes();
        // Sets: rebuilt from the moves, which hold each move once.
        let set = |list: &[Move]| list.iter().map(|&m| MoveText::new(single(m))).collect();
        if let Some(Value::Am(texts)) = out.get_mut(Opcode::Am) {
            *texts = set(&moves.am);
        }
        if let Some(Value::Bm(texts)) = out.get_mut(Opcode::Bm) {
            *texts = set(&moves.bm);
        }
        set_texts(&mut out, Opcode::Pm, moves.pm.map(single));
        set_texts(&mut out, Opcode::Sm, moves.sm.map(single));
        let mut line = pos.clone();
        let pv: Vec<Vec<u8>> = moves
            .pv
            .iter()
            .map(|&m| San::from_move_and_play(&mut line, m).to_string().into_bytes())
            .collect();
        set_texts(&mut out, Opcode::Pv, pv);
        Some(out)
    }
}

/// Replaces the texts of `opcode`'s move operands, in order.
fn set_texts(epd: &mut Epd, opcode: Opcode, texts: impl IntoIterator<Item = Vec<u8>>) {
    if let Some(slots) = epd.moves_mut(opcode) {
        for (slot, text) in slots.iter_mut().zip(texts) {
            slot.set_text(text);
        }
    }
}

/// Resolves the move operands of `epd` against its position: `am`, `bm`,
/// `pm` and `sm` each from the position, `pv` move after move (a `pv` stops
/// at its first move that does not resolve). Lenient forms are warnings;
/// moves that are not legal or not unique are errors, as is a `pm` that is
/// not the first move of `pv`.
///
/// ```
/// use fen_epd::Epd;
/// use san::resolve_epd;
///
/// // A check mark on a move that gives no check, as ECM writes some.
/// let epd = Epd::from_ascii(b"4k3/8/8/8/8/8/5Q2/4K3 w - - bm Qa7+; id \"x\";")?;
/// let resolved = resolve_epd(&epd);
/// assert!(!resolved.has_errors());
/// assert_eq!(
///     resolved.diagnostics[0].to_string(),
///     "operand 1 of bm \"Qa7+\": `+` on a move that gives no check"
/// );
///
/// let epd = Epd::from_ascii(b"4k3/8/8/8/8/8/5Q2/4K3 w - - bm Qf9;")?;
/// assert_eq!(resolve_epd(&epd).diagnostics[0].to_string(), "operand 1 of bm \"Qf9\": not a move (no destination square)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn resolve_epd(epd: &Epd) -> ResolvedEpd {
    let mut diagnostics = Vec::new();
    let position = match Position::from_setup_repaired(epd.to_setup()) {
        Ok((pos, repairs)) => {
            for repair in repairs.iter() {
                diagnostics.push(EpdMoveDiagnostic {
                    problem: EpdMoveProblem::RepairedPosition(repair),
                    operand: None,
                    text: Box::default(),
                    location: None,
                });
            }
            pos
        }
        Err(e) => {
            diagnostics.push(EpdMoveDiagnostic {
                problem: EpdMoveProblem::InvalidPosition(e),
                operand: None,
                text: Box::default(),
                location: None,
            });
            return ResolvedEpd { moves: None, diagnostics };
        }
    };
    let mut moves =
        EpdMoves { position, am: Vec::new(), bm: Vec::new(), pm: None, sm: None, pv: Vec::new() };
    let mut pm_at = None;
    for op in epd.operations() {
        let Some(opcode) = op.opcode() else { continue };
        match &op.value {
            Value::Am(list) | Value::Bm(list) => {
                for (i, text) in list.iter().enumerate() {
                    let found = resolve_one(&moves.position, opcode, i + 1, text, &mut diagnostics);
                    let Some(m) = found else { continue };
                    let set = if opcode == Opcode::Am { &mut moves.am } else { &mut moves.bm };
                    if set.contains(&m) {
                        diagnostics.push(EpdMoveDiagnostic {
                            problem: EpdMoveProblem::DuplicateMove,
                            operand: Some((opcode, i + 1)),
                            text: text.as_bytes().into(),
                            location: text.location(),
                        });
                    } else {
                        set.push(m);
                    }
                }
            }
            Value::Pm(text) | Value::Sm(text) => {
                let found = resolve_one(&moves.position, opcode, 1, text, &mut diagnostics);
                if opcode == Opcode::Pm {
                    moves.pm = found;
                    pm_at = Some(text);
                } else {
                    moves.sm = found;
                }
            }
            Value::Pv(list) => {
                let mut line = moves.position.clone();
                for (i, text) in list.iter().enumerate() {
                    let Some(m) = resolve_one(&line, opcode, i + 1, text, &mut diagnostics) else {
                        break;
                    };
                    line.play_unchecked(m);
                    moves.pv.push(m);
                }
            }
            _ => {}
        }
    }
    if let (Some(pm), Some(&first), Some(text)) = (moves.pm, moves.pv.first(), pm_at)
        && pm != first
    {
        diagnostics.push(EpdMoveDiagnostic {
            problem: EpdMoveProblem::PredictedMoveMismatch,
            operand: Some((Opcode::Pm, 1)),
            text: text.as_bytes().into(),
            location: text.location(),
        });
    }
    ResolvedEpd { moves: Some(moves), diagnostics }
}

/// One move operand in `pos`: the move, and a diagnostic for each problem.
fn resolve_one(
    pos: &Position,
    opcode: Opcode,
    operand: usize,
    text: &MoveText,
    diagnostics: &mut Vec<EpdMoveDiagnostic>,
) -> Option<Move> {
    let mut report = |problem| {
        diagnostics.push(EpdMoveDiagnostic {
            problem,
            operand: Some((opcode, operand)),
            text: text.as_bytes().into(),
            location: text.location(),
        });
    };
    let parsed = match San::from_ascii(text.as_bytes()) {
        Ok(parsed) => parsed,
        Err(e) => {
            report(EpdMoveProblem::Move(MoveProblem::Unreadable(e.kind)));
            return None;
        }
    };
    if let Some(suffix) = parsed.suffix {
        report(EpdMoveProblem::Annotation(suffix));
    }
    match parsed.resolve(pos) {
        Ok(resolved) if resolved.m == Move::Null => {
            report(EpdMoveProblem::NullMove);
            None
        }
        Ok(resolved) => {
            let mut after = pos.clone();
            after.play_unchecked(resolved.m);
            let quirks = resolved.quirks | parsed.san.check_quirks(&after);
            for quirk in quirks.iter() {
                report(EpdMoveProblem::Quirk(quirk));
            }
            Some(resolved.m)
        }
        Err(e) => {
            report(EpdMoveProblem::Move(MoveProblem::from(e)));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolved(record: &str) -> ResolvedEpd {
        resolve_epd(&Epd::from_ascii(record.as_bytes()).expect("record reads"))
    }

    fn messages(record: &str) -> Vec<String> {
        resolved(record).diagnostics.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn every_problem_has_its_own_label() {
        let problems = [
            EpdMoveProblem::InvalidPosition(PositionError::OppositeCheck {
                color: chess_core::Color::Black,
            }),
            EpdMoveProblem::RepairedPosition(Repair::EnPassant(chess_core::Square::E3)),
            EpdMoveProblem::Move(MoveProblem::Illegal),
            EpdMoveProblem::Move(MoveProblem::NullMoveInCheck),
            EpdMoveProblem::NullMove,
            EpdMoveProblem::Quirk(Quirks::SURPLUS_CHECK),
            EpdMoveProblem::Annotation(Suffix::Good),
            EpdMoveProblem::DuplicateMove,
            EpdMoveProblem::PredictedMoveMismatch,
        ];
        let labels: std::collections::HashSet<&str> =
            problems.iter().map(EpdMoveProblem::label).collect();
        assert_eq!(labels.len(), problems.len(), "{labels:?}");
        assert_eq!(problems[5].label(), "`+` on a move that gives no check");
    }

    #[test]
    fn best_moves_resolve_and_are_written_canonically() {
        let record = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - \
                      am Ne6; bm Bf1-b5 Bc4; id \"t\";";
        // No knight reaches e6.
        assert_eq!(
            messages(record),
            [
                "operand 1 of am \"Ne6\": illegal move",
                "operand 1 of bm \"Bf1-b5\": long algebraic notation (origin square written out)"
            ]
        );
        let record = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - \
                      bm Bf1-b5 Bc4; id \"t\";";
        let r = resolved(record);
        assert_eq!(
            messages(record),
            ["operand 1 of bm \"Bf1-b5\": long algebraic notation (origin square written out)"]
        );
        let epd = Epd::from_ascii(record.as_bytes()).expect("reads");
        let canonical = r.canonical(&epd).expect("no error").to_canonical_string().expect("writes");
        assert!(canonical.ends_with(" bm Bb5 Bc4; id \"t\";"), "{canonical}");
    }

    #[test]
    fn pv_is_a_sequence_and_stops_at_its_first_bad_move() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        let r = resolved(&format!("{start} pv e4 e5 Nf3 Nc6;"));
        assert!(r.diagnostics.is_empty());
        assert_eq!(r.moves.expect("legal").pv.len(), 4);
        let r = resolved(&format!("{start} pv e4 e4 Nf3;"));
        assert_eq!(r.moves.as_ref().expect("legal").pv.len(), 1);
        let texts: Vec<_> = r.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["operand 2 of pv \"e4\": illegal move"]);
    }

    #[test]
    fn pm_must_be_the_first_move_of_pv_as_a_move() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert!(!resolved(&format!("{start} pm e4; pv e4 e5;")).has_errors());
        // fen-epd compares the texts of records it reads; a record built in
        // code is compared here, as moves.
        let mut epd = Epd::from_ascii(format!("{start} pv e4 e5;").as_bytes()).expect("reads");
        epd.set(Value::Pm(MoveText::new(*b"d4")));
        let texts: Vec<_> = resolve_epd(&epd).diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(texts, ["operand 1 of pm \"d4\": pm is not the first move of pv"]);
    }

    #[test]
    fn ambiguity_is_an_error_never_a_guess() {
        let record = "4k3/8/8/8/8/8/4K3/R6R w - - bm Rd1;";
        assert_eq!(
            messages(record),
            ["operand 1 of bm \"Rd1\": ambiguous move (a1d1 and h1d1 match)"]
        );
        assert!(
            resolved(record)
                .canonical(&Epd::from_ascii(record.as_bytes()).expect("reads"))
                .is_none()
        );
    }

    #[test]
    fn an_illegal_position_is_one_error_and_no_move_is_looked_at() {
        let r = resolved("4k3/8/8/8/8/8/8/8 w - - bm Ke2;");
        assert!(r.moves.is_none());
        assert_eq!(r.diagnostics.len(), 1);
        assert!(matches!(r.diagnostics[0].problem, EpdMoveProblem::InvalidPosition(_)));
    }

    #[test]
    fn unfit_castling_rights_are_repaired_with_a_warning() {
        let record = "4k3/8/8/8/8/8/8/4K3 w K - bm Kd2;";
        let r = resolved(record);
        assert!(!r.has_errors());
        assert_eq!(r.diagnostics.len(), 1);
        assert!(matches!(r.diagnostics[0].problem, EpdMoveProblem::RepairedPosition(_)));
        // The canonical record has the repaired fields.
        let epd = Epd::from_ascii(record.as_bytes()).expect("reads");
        let canonical = r.canonical(&epd).expect("no error").to_canonical_string().expect("writes");
        assert_eq!(canonical, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;");
    }

    #[test]
    fn null_moves_are_not_moves_of_a_position() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(
            messages(&format!("{start} sm --;")),
            ["operand 1 of sm \"--\": null move: not a move of the position"]
        );
        assert!(resolved(&format!("{start} pv e4 Z0 d4;")).has_errors());
    }

    #[test]
    fn annotations_and_duplicates_are_dropped_with_a_warning() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        let record = format!("{start} bm Nf3! e4 e2e4;");
        assert_eq!(
            messages(&record),
            [
                "operand 1 of bm \"Nf3!\": annotation `!` dropped",
                "operand 3 of bm \"e2e4\": long algebraic notation (origin square written out)",
                "operand 3 of bm \"e2e4\": the same move twice in the set: kept once",
            ]
        );
        let epd = Epd::from_ascii(record.as_bytes()).expect("reads");
        let canonical = resolved(&record)
            .canonical(&epd)
            .expect("no error")
            .to_canonical_string()
            .expect("writes");
        assert!(canonical.ends_with(" bm Nf3 e4;"), "{canonical}");
    }
}
