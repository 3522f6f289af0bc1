//! Resolving SAN against a position to exactly one legal move (§8.2.3.4:
//! disambiguation among legal moves only), and checking the written check
//! mark against the position after it (§8.2.3.5).
//!
//! Resolution never lists every legal move: it asks
//! [`Position::legal_origins_to`] for the origins of the legal moves of
//! one role to one square.

use chess_core::{Bitboard, CastlingSide, File, Move, Position, Rank, Role, Square};

use crate::Language;
use crate::played::Origin;
use crate::quirks::Quirks;
use crate::san::{Check, ParsedSan, San, SanKind};

/// The legal move a SAN stands for, and the lenient forms found on the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Resolved {
    /// The legal move.
    pub m: Move,
    /// The quirks: for [`San::resolve`] those found against the position
    /// (missing or surplus `x`, superfluous disambiguation, ...); for
    /// [`ParsedSan::resolve`] also those of the text.
    pub quirks: Quirks,
}

/// Why a SAN names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ResolveError {
    /// No legal move matches (castling included: no right, or the way is
    /// not free, or the king is in check).
    #[error("illegal move")]
    Illegal,
    /// Several legal moves match; none is chosen (§8.2.3.4).
    #[error("ambiguous move ({} legal moves match)", .candidates.len())]
    Ambiguous {
        /// The legal moves that match.
        candidates: Vec<Move>,
    },
    /// A null move while in check: it would leave the king attacked.
    #[error("null move while in check")]
    NullMoveInCheck,
}

impl San {
    /// The legal move this SAN names in `pos`, read literally: a pawn is a
    /// pawn (see [`ParsedSan::resolve`] for a lower-case `b`). The check
    /// mark is not looked at (§8.2.3.5: it never disambiguates; see
    /// [`San::check_quirks`]).
    ///
    /// # Errors
    ///
    /// [`ResolveError::Illegal`] if no legal move matches,
    /// [`ResolveError::Ambiguous`] if several do, and
    /// [`ResolveError::NullMoveInCheck`].
    ///
    /// ```
    /// use chess_core::{Position, Square};
    /// use san::San;
    ///
    /// let san: San = "Nf3".parse()?;
    /// let resolved = san.resolve(&Position::new())?;
    /// assert_eq!(resolved.m.from(), Some(Square::G1));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn resolve(&self, pos: &Position) -> Result<Resolved, ResolveError> {
        resolve_kind(self.kind, pos).map(|found| found.into_resolved(pos))
    }

    /// The quirks of the written check mark, given the position `after`
    /// the move: [`Quirks::MISSING_CHECK`], [`Quirks::MISSING_CHECKMATE`],
    /// [`Quirks::CHECK_FOR_CHECKMATE`], [`Quirks::SURPLUS_CHECK`],
    /// [`Quirks::SURPLUS_CHECKMATE`] or [`Quirks::CHECKMATE_NOT_MATE`].
    ///
    /// Cheap when the move gives no check: checkmate is only looked for
    /// when the side to move is in check.
    ///
    /// ```
    /// use chess_core::Position;
    /// use san::{Quirks, San};
    ///
    /// let mut pos = Position::new();
    /// for text in ["f3", "e5", "g4"] {
    ///     let m = San::from_ascii(text.as_bytes())?.resolve(&pos)?.m;
    ///     pos.play_unchecked(m);
    /// }
    /// let mate: San = "Qh4+".parse()?;
    /// pos.play_unchecked(mate.resolve(&pos)?.m);
    /// assert_eq!(mate.check_quirks(&pos), Quirks::CHECK_FOR_CHECKMATE);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_quirks(&self, after: &Position) -> Quirks {
        self.check_quirks_knowing(after.is_check(), after)
    }

    /// [`San::check_quirks`] for a caller that already knows whether the
    /// move gives check (from `Position::gives_check`, as a replay does).
    pub(crate) fn check_quirks_knowing(&self, is_check: bool, after: &Position) -> Quirks {
        self.check_mark_and_quirks(is_check, after).1
    }

    /// The move's true check mark (`+`, `#` or none) and the quirks of the
    /// mark written, for a caller that knows whether the move gives check
    /// (a replay, which has played the move): [`San::check_quirks`]
    /// without looking for the check again.
    pub fn check_mark_and_quirks(
        &self,
        is_check: bool,
        after: &Position,
    ) -> (Option<Check>, Quirks) {
        match (self.check, is_check) {
            (None, false) => (None, Quirks::empty()),
            (Some(Check::Check), false) => (None, Quirks::SURPLUS_CHECK),
            (Some(Check::Checkmate), false) => (None, Quirks::SURPLUS_CHECKMATE),
            (written, true) => {
                let mate = !after.has_legal_moves();
                let quirks = match (written, mate) {
                    (Some(Check::Check), false) | (Some(Check::Checkmate), true) => Quirks::empty(),
                    (None, false) => Quirks::MISSING_CHECK,
                    (None, true) => Quirks::MISSING_CHECKMATE,
                    (Some(Check::Check), true) => Quirks::CHECK_FOR_CHECKMATE,
                    (Some(Check::Checkmate), false) => Quirks::CHECKMATE_NOT_MATE,
                };
                (Some(if mate { Check::Checkmate } else { Check::Check }), quirks)
            }
        }
    }
}

impl ParsedSan {
    /// The legal move the text names in `pos`, with every quirk: those of
    /// the text and those found against the position.
    ///
    /// A leading lower-case `b` (English only) may be the b-file or a
    /// bishop written in lower case. It is read as the pawn move when that
    /// is legal and written as export SAN writes it (`bxc3`); otherwise,
    /// when exactly one of the pawn move and the bishop move is legal, as
    /// that one (the bishop with [`Quirks::LOWER_CASE_PIECE`]); when both
    /// are legal and the pawn move is not in export form (`bc3`, `bb4`),
    /// the move is ambiguous: never a guess.
    ///
    /// Long algebraic with a dash (`Ng1-e2`) is one quirk,
    /// [`Quirks::LONG_ALGEBRAIC`], not also superfluous disambiguation.
    /// `e.p.` on a move that is not an en passant capture is illegal.
    ///
    /// # Errors
    ///
    /// As for [`San::resolve`].
    ///
    /// ```
    /// use chess_core::{Position, Role};
    /// use san::{Quirks, San};
    ///
    /// let mut pos = Position::new();
    /// pos.play_unchecked(San::from_ascii(b"e4")?.resolve(&pos)?.m);
    /// pos.play_unchecked(San::from_ascii(b"e5")?.resolve(&pos)?.m);
    /// let resolved = San::from_ascii(b"Nf1-f3")?.resolve(&pos);
    /// assert!(resolved.is_err());
    /// let resolved = San::from_ascii(b"bc4")?.resolve(&pos)?;
    /// assert_eq!(resolved.m.role(), Some(Role::Bishop));
    /// assert_eq!(resolved.quirks, Quirks::LOWER_CASE_PIECE);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, pos: &Position) -> Result<Resolved, ResolveError> {
        let mut found = match self.bishop_reading() {
            Some(bishop) => self.resolve_pawn_or_bishop(pos, bishop)?,
            None => resolve_kind(self.san.kind, pos)?,
        };
        if self.quirks.contains(Quirks::LONG_ALGEBRAIC) {
            found.quirks.remove(Quirks::SUPERFLUOUS_DISAMBIGUATION);
        }
        if self.quirks.contains(Quirks::EN_PASSANT_MARK) && found.kind != FoundKind::EnPassant {
            return Err(ResolveError::Illegal);
        }
        found.quirks |= self.quirks;
        Ok(found.into_resolved(pos))
    }

    /// The bishop move a pawn move written with a leading `b` may stand for.
    fn bishop_reading(&self) -> Option<San> {
        match self.san.kind {
            SanKind::Normal {
                role: Role::Pawn,
                file: Some(File::B),
                rank: None,
                capture,
                to,
                promotion: None,
            } if self.language == Language::English
                && !self.quirks.contains(Quirks::PAWN_LETTER) =>
            {
                let kind = SanKind::Normal {
                    role: Role::Bishop,
                    file: None,
                    rank: None,
                    capture,
                    to,
                    promotion: None,
                };
                Some(San { kind, check: self.san.check })
            }
            _ => None,
        }
    }

    fn resolve_pawn_or_bishop(&self, pos: &Position, bishop: San) -> Result<Found, ResolveError> {
        let pawn = resolve_kind(self.san.kind, pos);
        if let Ok(p) = &pawn
            && p.quirks.is_empty()
        {
            return pawn;
        }
        match (pawn, resolve_kind(bishop.kind, pos)) {
            (Ok(p), Ok(b)) => {
                Err(ResolveError::Ambiguous { candidates: vec![p.to_move(pos), b.to_move(pos)] })
            }
            (Ok(p), Err(_)) => Ok(p),
            (Err(_), Ok(mut b)) => {
                b.quirks |= Quirks::LOWER_CASE_PIECE;
                Ok(b)
            }
            (Err(e), Err(_)) => Err(e),
        }
    }
}

/// A legal move as plain fields, before it becomes a [`Move`]. The
/// functions of resolution pass this, which the compiler keeps in
/// registers: the 6-byte `Move` enum passed between them would go through
/// memory, with loads stalled on the stores just before them.
#[derive(Clone, Copy, Debug)]
struct Found {
    kind: FoundKind,
    role: Role,
    /// The origin; the king's square for castling.
    from: Square,
    /// The destination; the rook's square for castling.
    to: Square,
    promotion: Option<Role>,
    quirks: Quirks,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FoundKind {
    Normal,
    EnPassant,
    Castle,
    Null,
}

impl Found {
    /// A piece move from a legal origin, as `Position::move_from_origin`
    /// builds it.
    #[inline(always)]
    fn from_origin(
        pos: &Position,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Found {
        let kind = if role == Role::Pawn && pos.ep_square() == Some(to) && from.file() != to.file()
        {
            FoundKind::EnPassant
        } else {
            FoundKind::Normal
        };
        Found { kind, role, from, to, promotion, quirks: Quirks::empty() }
    }

    fn castle(king: Square, rook: Square, quirks: Quirks) -> Found {
        Found {
            kind: FoundKind::Castle,
            role: Role::King,
            from: king,
            to: rook,
            promotion: None,
            quirks,
        }
    }

    #[inline(always)]
    fn is_capture(&self, pos: &Position) -> bool {
        self.kind == FoundKind::EnPassant
            || (self.kind == FoundKind::Normal && pos.board().occupied().contains(self.to))
    }

    #[inline(always)]
    fn to_move(self, pos: &Position) -> Move {
        let Found { role, from, to, promotion, .. } = self;
        match self.kind {
            FoundKind::Normal => {
                Move::Normal { role, from, capture: pos.board().role_at(to), to, promotion }
            }
            FoundKind::EnPassant => Move::EnPassant { from, to },
            FoundKind::Castle => Move::Castle { king: from, rook: to },
            FoundKind::Null => Move::Null,
        }
    }

    #[inline(always)]
    fn into_resolved(self, pos: &Position) -> Resolved {
        Resolved { m: self.to_move(pos), quirks: self.quirks }
    }
}

#[inline(always)]
fn resolve_kind(kind: SanKind, pos: &Position) -> Result<Found, ResolveError> {
    match kind {
        SanKind::Normal { role, file, rank, capture, to, promotion } => {
            resolve_normal(pos, role, file, rank, capture, to, promotion)
        }
        SanKind::Coordinates { from, capture, to, promotion } => {
            resolve_coordinates(pos, from, capture, to, promotion)
        }
        SanKind::Castle(side) => match pos.legal_castle(side) {
            Some(Move::Castle { king, rook }) => Ok(Found::castle(king, rook, Quirks::empty())),
            _ => Err(ResolveError::Illegal),
        },
        SanKind::Null if pos.is_check() => Err(ResolveError::NullMoveInCheck),
        SanKind::Null => Ok(Found {
            kind: FoundKind::Null,
            role: Role::King,
            from: Square::A1,
            to: Square::A1,
            promotion: None,
            quirks: Quirks::empty(),
        }),
    }
}

#[inline(always)]
fn resolve_normal(
    pos: &Position,
    role: Role,
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Result<Found, ResolveError> {
    let mut mask = Bitboard::FULL;
    if let Some(file) = file {
        mask &= Bitboard::file(file);
    }
    if let Some(rank) = rank {
        mask &= Bitboard::rank(rank);
    }
    if role == Role::Pawn && file.is_none() && !capture {
        // A pawn move without a file is a step on its own file.
        mask &= Bitboard::file(to.file());
    }
    if !promotion_fits(role, to, promotion) {
        return Err(ResolveError::Illegal);
    }
    let origins = pos.legal_origins_to(role, mask, to);
    let Some(from) = origins.first() else { return Err(ResolveError::Illegal) };
    if origins.more_than_one() {
        let candidates =
            origins.map(|from| pos.move_from_origin(role, from, to, promotion)).collect();
        return Err(ResolveError::Ambiguous { candidates });
    }
    let mut found = Found::from_origin(pos, role, from, to, promotion);
    let is_capture = found.is_capture(pos);
    found.quirks = capture_quirks(is_capture, capture);
    if file.is_some() || rank.is_some() || role == Role::Pawn {
        let canonical = disambiguation_of(pos, role, from, to, is_capture);
        found.quirks |= disambiguation_quirks((file, rank), canonical);
    }
    Ok(found)
}

/// The fast path of replaying games (see `pgn-replay`): export SAN of a piece or pawn move
/// written without disambiguation (`Nf3`, `exd5`, `e8=Q+`), resolved in
/// one pass over the text, with its check mark as written. `None` for
/// anything else, and for anything that would need a closer look (no
/// legal move, several, a capture mark that does not fit, a missing
/// promotion): the full reader and resolver then take the move and report
/// what they find. Nothing this accepts has a quirk but its check mark.
///
/// ```
/// use san::{Check, Position, resolve_plain};
///
/// let pos = Position::new();
/// let (m, check) = resolve_plain(&pos, b"Nf3").expect("export SAN");
/// assert_eq!((m.to_string(), check), ("g1f3".to_string(), None::<Check>));
/// assert!(resolve_plain(&pos, b"Ngf3").is_none()); // disambiguated: the full resolver's
/// ```
pub fn resolve_plain(pos: &Position, text: &[u8]) -> Option<(Move, Option<Check>)> {
    let (body, check) = match text {
        [rest @ .., b'+'] => (rest, Some(Check::Check)),
        [rest @ .., b'#'] => (rest, Some(Check::Checkmate)),
        _ => (text, None),
    };
    let (body, promotion) = match body {
        [rest @ .., b'=', letter] => {
            (rest, Some(piece_letter(*letter).filter(|r| *r != Role::King)?))
        }
        _ => (body, None),
    };
    let [rest @ .., file, rank] = body else { return None };
    let (file, rank) = (file.wrapping_sub(b'a'), rank.wrapping_sub(b'1'));
    if file > 7 || rank > 7 {
        return None;
    }
    let to = Square::new(u32::from(rank) * 8 + u32::from(file))?;
    let (rest, capture) = match rest {
        [rest @ .., b'x'] => (rest, true),
        _ => (rest, false),
    };
    let (role, from) = match rest {
        [] => (Role::Pawn, Bitboard::FULL),
        [letter] if capture && letter.wrapping_sub(b'a') < 8 => {
            (Role::Pawn, Bitboard::file(File::new(u32::from(letter - b'a'))?))
        }
        [letter] => (piece_letter(*letter)?, Bitboard::FULL),
        _ => return None,
    };
    if !promotion_fits(role, to, promotion) {
        return None;
    }
    let origin = pos.legal_origins_to(role, from, to).single()?;
    let m = pos.move_from_origin(role, origin, to, promotion);
    (m.is_capture() == capture).then_some((m, check))
}

/// The role of an export SAN piece letter (upper case, no pawn).
#[inline]
fn piece_letter(letter: u8) -> Option<Role> {
    match letter {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

/// True if `promotion` is given exactly when a pawn reaches the last rank.
#[inline]
fn promotion_fits(role: Role, to: Square, promotion: Option<Role>) -> bool {
    let promotes = role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
    promotes == promotion.is_some()
}

fn resolve_coordinates(
    pos: &Position,
    from: Square,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> Result<Found, ResolveError> {
    let board = pos.board();
    let Some(role) = board.role_at(from).filter(|_| board.by_color(pos.turn()).contains(from))
    else {
        return Err(ResolveError::Illegal);
    };
    let origins = pos.legal_origins_to(role, Bitboard::from(from), to);
    if origins.is_nonempty() && promotion_fits(role, to, promotion) {
        let mut found = Found::from_origin(pos, role, from, to, promotion);
        found.quirks = capture_quirks(found.is_capture(pos), capture);
        return Ok(found);
    }
    if role == Role::King && promotion.is_none() {
        // Castling as UCI writes it: the king onto its rook (Chess960) or
        // onto its destination (standard chess). The rook is tried first,
        // as a Chess960 king may land on the square of its own rook.
        let castles = [CastlingSide::KingSide, CastlingSide::QueenSide]
            .map(|side| pos.legal_castle(side))
            .into_iter()
            .flatten();
        let onto_rook =
            castles.clone().find(|m| matches!(m, Move::Castle { rook, .. } if *rook == to));
        let onto_destination = castles.clone().find(|m| m.to() == Some(to) && to != from);
        if let Some(Move::Castle { king, rook }) = onto_rook.or(onto_destination) {
            return Ok(Found::castle(king, rook, Quirks::CASTLING_AS_KING_MOVE));
        }
    }
    Err(ResolveError::Illegal)
}

/// A missing or surplus `x`.
#[inline]
fn capture_quirks(is_capture: bool, written: bool) -> Quirks {
    match (is_capture, written) {
        (true, false) => Quirks::MISSING_CAPTURE,
        (false, true) => Quirks::SURPLUS_CAPTURE,
        _ => Quirks::empty(),
    }
}

/// How the written origin departs from the canonical one.
fn disambiguation_quirks(written: Origin, canonical: Origin) -> Quirks {
    match (written, canonical) {
        _ if written == canonical => Quirks::empty(),
        ((None, None), _) => Quirks::PAWN_CAPTURE_WITHOUT_FILE,
        ((None, Some(_)), (Some(_), None)) => Quirks::RANK_INSTEAD_OF_FILE,
        ((Some(_), Some(_)), (None, None)) => Quirks::LONG_ALGEBRAIC,
        _ => Quirks::SUPERFLUOUS_DISAMBIGUATION,
    }
}

/// The origin file and rank export SAN writes for the legal move `m`
/// (§8.2.3.4, ruling E7): the file of a pawn capture; for a piece, nothing
/// if no other legal move of its role goes to the same square, else the
/// file if that tells them apart, else the rank, else both.
pub(crate) fn disambiguation(pos: &Position, m: Move) -> Origin {
    match m {
        Move::Normal { role, from, to, capture, .. } => {
            disambiguation_of(pos, role, from, to, capture.is_some())
        }
        Move::EnPassant { from, .. } => (Some(from.file()), None),
        Move::Castle { .. } | Move::Null => (None, None),
    }
}

/// [`disambiguation`] of a move given by its parts.
#[inline]
fn disambiguation_of(
    pos: &Position,
    role: Role,
    from: Square,
    to: Square,
    capture: bool,
) -> Origin {
    match role {
        Role::Pawn => (capture.then_some(from.file()), None),
        Role::King => (None, None),
        _ => origin_among(from, pos.legal_origins_to(role, !Bitboard::from(from), to)),
    }
}

/// The origin file and rank the SAN of a piece's move from `from` names
/// when the other pieces of its role that can go to its square stand on
/// `others` (§8.2.3.4, ruling E7): neither if there are none, else the
/// file if none of them is on it, else the rank if none is on that, else
/// both.
///
/// ```
/// use chess_core::{Bitboard, File, Rank, Square};
///
/// // Rooks on a1 and h1 (both reach d1): Rad1. On a1 and a5: R1a3.
/// assert_eq!(san::origin_among(Square::A1, Bitboard::EMPTY), (None, None));
/// assert_eq!(san::origin_among(Square::A1, Square::H1.into()), (Some(File::A), None));
/// assert_eq!(san::origin_among(Square::A1, Square::A5.into()), (None, Some(Rank::First)));
/// ```
#[inline]
pub fn origin_among(from: Square, others: Bitboard) -> Origin {
    if others.is_empty() {
        (None, None)
    } else if (others & Bitboard::file(from.file())).is_empty() {
        (Some(from.file()), None)
    } else if (others & Bitboard::rank(from.rank())).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen_epd::parse_position;

    fn pos(fen: &str) -> Position {
        parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn resolve(fen: &str, text: &str) -> Result<Resolved, ResolveError> {
        San::from_ascii(text.as_bytes())
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .resolve(&pos(fen))
    }

    fn from_of(fen: &str, text: &str) -> (Square, Quirks) {
        let r = resolve(fen, text).unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
        (r.m.from().unwrap_or_else(|| panic!("{text}: no origin")), r.quirks)
    }

    fn candidates(fen: &str, text: &str) -> usize {
        match resolve(fen, text) {
            Err(ResolveError::Ambiguous { candidates }) => candidates.len(),
            other => panic!("{text} in {fen}: {other:?}"),
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn pinned_knight_of_the_standard_needs_no_disambiguation() {
        // §8.2.3.4: knights on c3 and g1, king e1, black bishop b4.
        let pinned = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
        assert_eq!(from_of(pinned, "Ne2"), (Square::G1, Quirks::empty()));
        assert_eq!(from_of(pinned, "Nge2"), (Square::G1, Quirks::SUPERFLUOUS_DISAMBIGUATION));
        assert_eq!(resolve(pinned, "Nce2"), Err(ResolveError::Illegal));
        // Without the bishop both knights can go: file disambiguation.
        let free = "4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1";
        assert_eq!(candidates(free, "Ne2"), 2);
        assert_eq!(from_of(free, "Nce2"), (Square::C3, Quirks::empty()));
        assert_eq!(from_of(free, "Nge2"), (Square::G1, Quirks::empty()));
        assert_eq!(from_of(free, "N1e2"), (Square::G1, Quirks::RANK_INSTEAD_OF_FILE));
        assert_eq!(from_of(free, "Ng1e2"), (Square::G1, Quirks::SUPERFLUOUS_DISAMBIGUATION));
        // The check mark does not disambiguate (§8.2.3.5).
        assert_eq!(candidates(free, "Ne2+"), 2);
    }

    #[test]
    fn disambiguation_by_file_rank_and_square() {
        let queens = "6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1";
        assert_eq!(from_of(queens, "Qa1b2"), (Square::A1, Quirks::empty()));
        assert_eq!(from_of(queens, "Q3b2"), (Square::A3, Quirks::empty()));
        assert_eq!(from_of(queens, "Qcb2"), (Square::C1, Quirks::empty()));
        assert_eq!(candidates(queens, "Qab2"), 2);
        assert_eq!(candidates(queens, "Q1b2"), 2);
        assert_eq!(candidates(queens, "Qb2"), 3);
        assert_eq!(from_of(queens, "Qa3b2"), (Square::A3, Quirks::SUPERFLUOUS_DISAMBIGUATION));
    }

    #[test]
    fn capture_marks_and_long_algebraic() {
        let scandinavian = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(from_of(scandinavian, "exd5"), (Square::E4, Quirks::empty()));
        assert_eq!(from_of(scandinavian, "ed5"), (Square::E4, Quirks::MISSING_CAPTURE));
        assert_eq!(from_of(scandinavian, "xd5"), (Square::E4, Quirks::PAWN_CAPTURE_WITHOUT_FILE));
        assert_eq!(
            from_of(scandinavian, "Pxd5"),
            (Square::E4, Quirks::PAWN_CAPTURE_WITHOUT_FILE | Quirks::PAWN_LETTER)
        );
        assert_eq!(
            from_of(scandinavian, "e4d5"),
            (Square::E4, Quirks::LONG_ALGEBRAIC | Quirks::MISSING_CAPTURE)
        );
        assert_eq!(from_of(scandinavian, "e4xd5"), (Square::E4, Quirks::LONG_ALGEBRAIC));
        // A pawn without a file only steps: `d5` is not `exd5`.
        assert_eq!(resolve(scandinavian, "d5"), Err(ResolveError::Illegal));
        assert_eq!(from_of(START, "Nxf3"), (Square::G1, Quirks::SURPLUS_CAPTURE));
        assert_eq!(from_of(START, "Ng1f3"), (Square::G1, Quirks::LONG_ALGEBRAIC));
        assert_eq!(from_of(START, "Ng1-f3"), (Square::G1, Quirks::LONG_ALGEBRAIC));
        assert_eq!(from_of(START, "N1f3"), (Square::G1, Quirks::SUPERFLUOUS_DISAMBIGUATION));
        assert_eq!(from_of(START, "e2e4"), (Square::E2, Quirks::LONG_ALGEBRAIC));
        assert_eq!(
            from_of(START, "Pe2e4"),
            (Square::E2, Quirks::LONG_ALGEBRAIC | Quirks::PAWN_LETTER)
        );
        assert_eq!(from_of(START, "g1f3"), (Square::G1, Quirks::LONG_ALGEBRAIC));
        assert_eq!(from_of(START, "e3"), (Square::E2, Quirks::empty()));
        assert_eq!(from_of(START, "Pe4"), (Square::E2, Quirks::PAWN_LETTER));
        assert_eq!(resolve(START, "e5"), Err(ResolveError::Illegal));
        assert_eq!(resolve(START, "e7e5"), Err(ResolveError::Illegal));
        assert_eq!(resolve(START, "Nf1-f3"), Err(ResolveError::Illegal));
    }

    #[test]
    fn lower_case_b_is_a_pawn_a_bishop_or_ambiguous() {
        // Pawn b2 and bishop d2 can both take on c3.
        let both = "4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1";
        // Export SAN of the pawn capture is the pawn capture.
        assert_eq!(from_of(both, "bxc3"), (Square::B2, Quirks::empty()));
        assert_eq!(from_of(both, "Bxc3"), (Square::D2, Quirks::empty()));
        // `bc3` is the pawn without `x` or the bishop in lower case.
        assert_eq!(candidates(both, "bc3"), 2);
        // Only the bishop: read as the bishop, in lower case.
        let bishop = "4k3/8/8/8/8/2p5/3B4/4K3 w - - 0 1";
        assert_eq!(from_of(bishop, "bxc3"), (Square::D2, Quirks::LOWER_CASE_PIECE));
        // Only the pawn, without `x`.
        let pawn = "4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1";
        assert_eq!(from_of(pawn, "bc3"), (Square::B2, Quirks::MISSING_CAPTURE));
        // A pawn letter says it is a pawn.
        assert_eq!(
            from_of(both, "Pbc3"),
            (Square::B2, Quirks::PAWN_LETTER | Quirks::MISSING_CAPTURE)
        );
        // `bb5` after 1. e4 e5 2. Nf3 Nc6: the bishop.
        let ruy = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        assert_eq!(from_of(ruy, "bb5"), (Square::F1, Quirks::LOWER_CASE_PIECE));
        // Other languages read `b` as a file only.
        let german = San::from_ascii_in(b"bxc3", Language::German).expect("a move");
        assert_eq!(german.resolve(&pos(bishop)), Err(ResolveError::Illegal));
    }

    #[test]
    fn promotions() {
        let fen = "1r5k/P7/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(resolve(fen, "a8"), Err(ResolveError::Illegal));
        assert!(San::from_ascii(b"a8=K").is_err());
        let m = resolve(fen, "axb8=N").expect("legal").m;
        assert_eq!(m.promotion(), Some(Role::Knight));
        assert_eq!(resolve(fen, "a8Q").map(|r| r.quirks), Ok(Quirks::PROMOTION_WITHOUT_EQUALS));
        assert_eq!(resolve(fen, "a7a8n").map(|r| r.m.promotion()), Ok(Some(Role::Knight)));
        assert_eq!(resolve(fen, "Nb8"), Err(ResolveError::Illegal));
    }

    #[test]
    fn en_passant() {
        let fen = "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
        for text in ["exd6", "exd6e.p.", "exd6ep", "e5xd6", "e5d6"] {
            let m = resolve(fen, text).unwrap_or_else(|e| panic!("{text}: {e}")).m;
            assert_eq!(m, Move::EnPassant { from: Square::E5, to: Square::D6 }, "{text}");
        }
        assert_eq!(resolve(fen, "exd6ep").map(|r| r.quirks), Ok(Quirks::EN_PASSANT_MARK));
        assert!(San::from_ascii(b"Nc3e.p.").is_err());
        let no_ep = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
        assert_eq!(resolve(no_ep, "exd5e.p."), Err(ResolveError::Illegal));
    }

    #[test]
    fn castling() {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let short = Move::Castle { king: Square::E1, rook: Square::H1 };
        let long = Move::Castle { king: Square::E1, rook: Square::A1 };
        for (text, m, quirks) in [
            ("O-O", short, Quirks::empty()),
            ("0-0", short, Quirks::CASTLING_WITH_ZEROS),
            ("o-o-o", long, Quirks::LOWER_CASE_CASTLING),
            ("O-O-O", long, Quirks::empty()),
            ("e1g1", short, Quirks::LONG_ALGEBRAIC | Quirks::CASTLING_AS_KING_MOVE),
            ("e1h1", short, Quirks::LONG_ALGEBRAIC | Quirks::CASTLING_AS_KING_MOVE),
            ("e1c1", long, Quirks::LONG_ALGEBRAIC | Quirks::CASTLING_AS_KING_MOVE),
        ] {
            assert_eq!(resolve(fen, text), Ok(Resolved { m, quirks }), "{text}");
        }
        assert_eq!(resolve(START, "O-O"), Err(ResolveError::Illegal));
        // Chess960: the rook is the one the castling rights name.
        let c960 = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let short = Move::Castle { king: Square::F1, rook: Square::G1 };
        assert_eq!(resolve(c960, "O-O").map(|r| r.m), Ok(short));
        assert_eq!(resolve(c960, "O-O-O"), Err(ResolveError::Illegal));
        // The rook on c1 stands where the king goes in `O-O-O`.
        let blocked = "1k6/8/8/8/8/8/8/RKR5 w CA - 0 1";
        let short = Move::Castle { king: Square::B1, rook: Square::C1 };
        assert_eq!(resolve(blocked, "O-O").map(|r| r.m), Ok(short));
        assert_eq!(resolve(blocked, "O-O-O"), Err(ResolveError::Illegal));
        assert_eq!(resolve(blocked, "b1c1").map(|r| r.m), Ok(short));
        let c960 = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1";
        let short = Move::Castle { king: Square::B1, rook: Square::H1 };
        let long = Move::Castle { king: Square::B1, rook: Square::A1 };
        assert_eq!(resolve(c960, "O-O").map(|r| r.m), Ok(short));
        assert_eq!(resolve(c960, "O-O-O").map(|r| r.m), Ok(long));
        assert_eq!(resolve(c960, "b1h1").map(|r| r.m), Ok(short));
        assert_eq!(resolve(c960, "b1g1").map(|r| r.m), Ok(short));
        assert_eq!(resolve(c960, "b1a1").map(|r| r.m), Ok(long));
        // A king step onto the castling square is the king step.
        assert_eq!(resolve(c960, "b1c1").map(|r| r.m.castling_side()), Ok(None));
    }

    #[test]
    fn null_moves() {
        assert_eq!(resolve(START, "--"), Ok(Resolved { m: Move::Null, quirks: Quirks::empty() }));
        assert_eq!(resolve(START, "Z0").map(|r| r.quirks), Ok(Quirks::NULL_MOVE_Z0));
        let check = "4k3/8/8/8/8/8/8/4K2r w - - 0 1";
        assert_eq!(resolve(check, "--"), Err(ResolveError::NullMoveInCheck));
    }

    #[test]
    fn check_marks() {
        let quirks = |fen: &str, text: &str| {
            let p = pos(fen);
            let parsed = San::from_ascii(text.as_bytes()).expect("a move");
            let m = parsed.resolve(&p).expect("legal").m;
            let mut after = p.clone();
            after.play_unchecked(m);
            parsed.san.check_quirks(&after)
        };
        let fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
        assert_eq!(quirks(fools, "Qh4#"), Quirks::empty());
        assert_eq!(quirks(fools, "Qh4+"), Quirks::CHECK_FOR_CHECKMATE);
        assert_eq!(quirks(fools, "Qh4"), Quirks::MISSING_CHECKMATE);
        assert_eq!(quirks(fools, "Qg5+"), Quirks::SURPLUS_CHECK);
        assert_eq!(quirks(fools, "Qg5#"), Quirks::SURPLUS_CHECKMATE);
        let scholar = "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3";
        assert_eq!(quirks(scholar, "Qxf7+"), Quirks::empty());
        assert_eq!(quirks(scholar, "Qxf7"), Quirks::MISSING_CHECK);
        assert_eq!(quirks(scholar, "Qxf7#"), Quirks::CHECKMATE_NOT_MATE);
        assert_eq!(quirks(scholar, "Qxe5+"), Quirks::empty());
    }

    #[test]
    fn the_fast_path_agrees_with_the_full_resolver() {
        // Random games (fixed seed): every legal move's export
        // SAN, when the fast path takes it, gives the same move and mark.
        let mut rng = testkit::XorShift::new(0x2545_f491_4f6c_dd1d);
        let (mut taken, mut total) = (0, 0);
        for _ in 0..200 {
            let mut pos = Position::new();
            for _ in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let san = San::from_move(&pos, m);
                    let text = san.to_string();
                    total += 1;
                    if let Some((fast, check)) = resolve_plain(&pos, text.as_bytes()) {
                        taken += 1;
                        assert_eq!((fast, check), (m, san.check), "{text} in {pos:?}");
                    }
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        // Disambiguated moves and castling are left to the full path.
        assert!(taken * 10 > total * 8, "{taken} of {total}");
    }

    #[test]
    fn the_fast_path_leaves_lenient_forms_alone() {
        let start = Position::new();
        for text in ["Pe4", "e2e4", "nf3", "Ng1f3", "Ngf3", "Nxf3", "O-O", "0-0", "--", "e4!"] {
            assert_eq!(resolve_plain(&start, text.as_bytes()), None, "{text}");
        }
        let promotion = parse_position(b"8/P6k/8/8/8/8/8/K7 w - - 0 1").expect("legal");
        for text in ["a8", "a8Q", "a8=q", "a8=K", "a8=P"] {
            assert_eq!(resolve_plain(&promotion, text.as_bytes()), None, "{text}");
        }
        assert!(resolve_plain(&promotion, b"a8=N").is_some());
    }
}
