//! Writing moves: canonical SAN (ruling E7) from a position and a legal
//! move, and the other notations: SAN with the letters of a §17 language,
//! FAN (figurines), long algebraic and UCI.
//!
//! Every notation is written by one function over `fmt::Write`, so
//! `Display`, `to_string` and [`San::append_to`] give the same bytes and
//! nothing allocates but the caller's buffer.

use std::fmt::{self, Write};

use chess_core::{CastlingSide, Color, File, Move, Position, Rank, Role, Square};

use crate::Language;
use crate::played::Played;
use crate::resolve::disambiguation;
use crate::san::{Check, San, SanKind};

impl San {
    /// The canonical SAN of the legal move `m` in `pos` (ruling E7):
    /// piece letter, minimal disambiguation among legal moves (file, else
    /// rank, else square), `x`, destination, `=Q`, and `+` or `#`
    /// exactly; `O-O` and `O-O-O`; `--` for the null move. The check mark
    /// comes from playing the move on a copy of `pos`.
    ///
    /// `m` must be legal in `pos` (or [`Move::Null`]); for any other move
    /// the result names it but is not checked.
    ///
    /// ```
    /// use chess_core::{Move, Position, Role, Square};
    /// use san::San;
    ///
    /// let m = Move::Normal {
    ///     role: Role::Knight,
    ///     from: Square::G1,
    ///     capture: None,
    ///     to: Square::F3,
    ///     promotion: None,
    /// };
    /// assert_eq!(San::from_move(&Position::new(), m).to_string(), "Nf3");
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> San {
        let mut after = pos.clone();
        San::from_move_and_play(&mut after, m)
    }

    /// [`San::from_move`], then plays `m` on `pos`: the check mark is read
    /// from the position after it, with no copy. `m` must be legal.
    pub fn from_move_and_play(pos: &mut Position, m: Move) -> San {
        let mut san = San::from_move_without_check(pos, m);
        pos.play_unchecked(m);
        san.check = check_of(pos);
        san
    }

    /// The canonical SAN of a move a walker, a
    /// replay or a decoder yields: [`San::from_move`] with the check mark read from the
    /// position after it, with no move played and no copy.
    #[inline]
    pub fn from_played(played: &Played<'_>) -> San {
        let kind = match (played.m, played.origin) {
            // The maker of the event knew the origin the SAN names.
            (Move::Normal { role, to, capture, promotion, .. }, Some((file, rank))) => {
                SanKind::Normal { role, file, rank, capture: capture.is_some(), to, promotion }
            }
            _ => San::from_move_without_check(played.before, played.m).kind,
        };
        San { kind, check: check_of_played(played) }
    }

    /// Appends the canonical SAN of a move a walker, a
    /// replay or a decoder yields to `out`: the bytes of
    /// `San::from_played(played).append_to(out)`, written straight from
    /// the move, which is what export format does for every move.
    ///
    /// ```
    /// use san::{Played, Position, San};
    ///
    /// let mut out = Vec::new();
    /// let mut pos = Position::new();
    /// for (text, ply) in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"].into_iter().zip(1..) {
    ///     let m = San::from_ascii(text)?.resolve(&pos)?.m;
    ///     let before = pos.clone();
    ///     pos.play_unchecked(m);
    ///     let played = Played {
    ///         m,
    ///         suffix: None,
    ///         before: &before,
    ///         after: &pos,
    ///         ply,
    ///         depth: 0,
    ///         origin: None,
    ///         mate: None,
    ///     };
    ///     San::append_played(&played, &mut out);
    ///     out.push(b' ');
    /// }
    /// assert_eq!(out, b"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7# ");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn append_played(played: &Played<'_>, out: &mut Vec<u8>) {
        let letters = Language::English.letters();
        match played.m {
            Move::Normal { role, to, capture, promotion, .. } => {
                let capture = capture.is_some();
                let (file, rank) = match played.origin {
                    Some(origin) => origin,
                    None => disambiguation(played.before, played.m),
                };
                let mut bytes = SanBytes::default();
                bytes.normal(letters, role, file, rank, capture, to, promotion);
                bytes.check(check_of_played(played));
                bytes.append_to(out);
            }
            _ => San::from_played(played).append_to(out),
        }
    }

    /// [`San::from_move`] without the check mark (`check` is `None`): no
    /// move is played.
    pub fn from_move_without_check(pos: &Position, m: Move) -> San {
        let kind = match m {
            Move::Normal { role, to, capture, promotion, .. } => {
                let (file, rank) = disambiguation(pos, m);
                SanKind::Normal { role, file, rank, capture: capture.is_some(), to, promotion }
            }
            Move::EnPassant { from, to } => SanKind::Normal {
                role: Role::Pawn,
                file: Some(from.file()),
                rank: None,
                capture: true,
                to,
                promotion: None,
            },
            Move::Castle { king, rook } => SanKind::Castle(CastlingSide::of(king, rook)),
            Move::Null => SanKind::Null,
        };
        San { kind, check: None }
    }

    /// Appends the SAN to `out`, the bytes `Display` writes.
    #[inline]
    pub fn append_to(&self, out: &mut Vec<u8>) {
        SanBytes::new(self, Language::English).append_to(out);
    }

    /// The SAN with the piece letters of `lang` (§17), for presentation.
    ///
    /// ```
    /// use san::{Language, San};
    ///
    /// let san: San = "Nbxd7+".parse()?;
    /// assert_eq!(san.in_language(Language::German).to_string(), "Sbxd7+");
    /// assert_eq!(san.in_language(Language::French).to_string(), "Cbxd7+");
    /// # Ok::<_, san::ParseSanError>(())
    /// ```
    pub fn in_language(self, lang: Language) -> Localized {
        Localized { san: self, lang }
    }

    /// The SAN in figurine notation (FAN): figurines for the pieces of
    /// `color`, the side that moves (♔♕♖♗♘ for White, ♚♛♜♝♞ for Black);
    /// pawns have none, as in SAN.
    ///
    /// ```
    /// use chess_core::Color;
    /// use san::San;
    ///
    /// let san: San = "exd8=Q+".parse()?;
    /// assert_eq!(san.fan(Color::White).to_string(), "exd8=♕+");
    /// let san: San = "Nxe4".parse()?;
    /// assert_eq!(san.fan(Color::Black).to_string(), "♞xe4");
    /// # Ok::<_, san::ParseSanError>(())
    /// ```
    pub fn fan(self, color: Color) -> Fan {
        Fan { san: self, color }
    }
}

/// The check mark of a played move: from the replay's hint when it has
/// one, else from the position after it.
#[inline]
fn check_of_played(played: &Played<'_>) -> Option<Check> {
    match played.mate {
        _ if !played.after.is_check() => None,
        Some(true) => Some(Check::Checkmate),
        Some(false) => Some(Check::Check),
        None => check_of(played.after),
    }
}

/// `+`, `#` or nothing, for the side to move in `after`.
fn check_of(after: &Position) -> Option<Check> {
    if !after.is_check() {
        None
    } else if after.has_legal_moves() {
        Some(Check::Check)
    } else {
        Some(Check::Checkmate)
    }
}

impl std::fmt::Display for San {
    /// Export SAN: `Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`, `--`. A
    /// [`SanKind::Coordinates`] move is written by its squares (`e2e4`,
    /// `e7xd8=Q`). A pawn move with an origin rank, which only lenient
    /// text has, keeps its pawn letter (`Pe2e4`), so that what is written
    /// reads back as the same SAN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_san(f, self, Letters::Language(Language::English))
    }
}

/// A [`San`] written with the piece letters of a language (§17), from
/// [`San::in_language`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Localized {
    san: San,
    lang: Language,
}

impl fmt::Display for Localized {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_san(f, &self.san, Letters::Language(self.lang))
    }
}

/// A [`San`] in figurine notation, from [`San::fan`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fan {
    san: San,
    color: Color,
}

impl fmt::Display for Fan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_san(f, &self.san, Letters::Figurines(self.color))
    }
}

/// How pieces are written.
#[derive(Clone, Copy)]
enum Letters {
    Language(Language),
    Figurines(Color),
}

fn write_piece<W: Write>(out: &mut W, role: Role, letters: Letters) -> fmt::Result {
    match letters {
        Letters::Language(lang) => out.write_char(char::from(lang.letter(role))),
        Letters::Figurines(color) => {
            let white = match role {
                Role::King => '♔',
                Role::Queen => '♕',
                Role::Rook => '♖',
                Role::Bishop => '♗',
                Role::Knight => '♘',
                Role::Pawn => '♙',
            };
            let offset = match color {
                Color::White => 0,
                Color::Black => 6,
            };
            out.write_char(char::from_u32(u32::from(white) + offset).unwrap_or(white))
        }
    }
}

fn write_square<W: Write>(out: &mut W, sq: Square) -> fmt::Result {
    out.write_char(sq.file().char())?;
    out.write_char(sq.rank().char())
}

fn write_promotion<W: Write>(
    out: &mut W,
    promotion: Option<Role>,
    letters: Letters,
) -> fmt::Result {
    match promotion {
        Some(role) => {
            out.write_char('=')?;
            write_piece(out, role, letters)
        }
        None => Ok(()),
    }
}

fn write_check<W: Write>(out: &mut W, check: Option<Check>) -> fmt::Result {
    match check {
        Some(check) => out.write_char(check.char()),
        None => Ok(()),
    }
}

fn write_castle<W: Write>(out: &mut W, side: CastlingSide) -> fmt::Result {
    out.write_str(match side {
        CastlingSide::KingSide => "O-O",
        CastlingSide::QueenSide => "O-O-O",
    })
}

/// The bytes of a SAN in the ASCII letters of a language, made in a
/// register: the one encoder of SAN, behind [`San::append_to`],
/// [`San::append_played`], `Display`, the §17 letters and FAN (which
/// swaps the letters for figurines).
///
/// The longest SAN is 9 bytes: a piece letter, an origin file and rank,
/// `x`, a square, `=` and a letter, and a check mark (`Qa1xb2=Q#`); so 16
/// bytes always hold it. They are kept in two integers, not an array, so
/// that appending them is two stores from registers: a copy of bytes just
/// written one by one to the stack stalls the processor (the copy cannot
/// be forwarded from the byte stores), and export writes a SAN for every
/// move. Canonical SAN is at most 8 bytes (only
/// a pawn, which has no letter, promotes), so `hi` is for text read
/// leniently.
#[derive(Default)]
struct SanBytes {
    /// Bytes 0 to 7: byte `i` is bits `8 i .. 8 i + 8`.
    lo: u64,
    /// Bytes 8 to 15, likewise.
    hi: u64,
    len: u32,
}

impl SanBytes {
    #[inline]
    fn new(san: &San, lang: Language) -> SanBytes {
        let letters = lang.letters();
        let mut out = SanBytes::default();
        match san.kind {
            SanKind::Normal { role, file, rank, capture, to, promotion } => {
                out.normal(letters, role, file, rank, capture, to, promotion);
            }
            SanKind::Coordinates { from, capture, to, promotion } => {
                out.square(from);
                if capture {
                    out.push(b'x');
                }
                out.square(to);
                out.promotion(promotion, letters);
            }
            SanKind::Castle(CastlingSide::KingSide) => out.extend(b"O-O"),
            SanKind::Castle(CastlingSide::QueenSide) => out.extend(b"O-O-O"),
            SanKind::Null => out.extend(b"--"),
        }
        out.check(san.check);
        out
    }

    /// A piece or pawn move ([`SanKind::Normal`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn normal(
        &mut self,
        letters: &[u8; 6],
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) {
        // Both callers start from an empty `SanBytes`, which `plain` fills.
        debug_assert_eq!(self.len, 0);
        if rank.is_none() && promotion.is_none() {
            self.plain(letters, role, file, capture, to);
            return;
        }
        // A pawn has no letter, but for an origin rank (never in canonical
        // SAN; read from `Pe2e4`): without it, `e2e4` would read as a move
        // by whatever stands on e2, and `2e4` not at all.
        self.push_if(letters[role.index()], role != Role::Pawn || rank.is_some());
        self.push_if(file.map_or(0, |f| f.char() as u8), file.is_some());
        self.push_if(rank.map_or(0, |r| r.char() as u8), rank.is_some());
        self.push_if(b'x', capture);
        self.square(to);
        self.promotion(promotion, letters);
    }

    /// [`SanBytes::normal`] of a move with no origin rank and no
    /// promotion, which is nearly every move, into an empty `SanBytes`: at
    /// most 5 bytes (`Nbxd7`), put together in a few steps without a
    /// branch.
    #[inline(always)]
    fn plain(
        &mut self,
        letters: &[u8; 6],
        role: Role,
        file: Option<File>,
        capture: bool,
        to: Square,
    ) {
        let piece = role != Role::Pawn;
        let mut lo = u64::from(letters[role.index()]) * u64::from(piece);
        let mut len = u32::from(piece);
        lo |= file.map_or(0, |f| u64::from(f.char() as u8)) << (8 * len);
        len += u32::from(file.is_some());
        lo |= (u64::from(b'x') * u64::from(capture)) << (8 * len);
        len += u32::from(capture);
        let to = to as u64;
        let name = (u64::from(b'a') + (to & 7)) | (u64::from(b'1') + (to >> 3)) << 8;
        lo |= name << (8 * len);
        self.lo = lo;
        self.len = len + 2;
    }

    #[inline(always)]
    fn check(&mut self, check: Option<Check>) {
        let mark = match check {
            Some(Check::Check) => b'+',
            Some(Check::Checkmate) => b'#',
            None => 0,
        };
        self.push_if(mark, check.is_some());
    }

    /// Adds `b` if `cond`, without a branch on `cond`: the shape of SAN
    /// (a letter or not, a capture, a check) changes from move to move, so
    /// branches on it would be mispredicted often. Past 8 bytes, which
    /// canonical SAN never reaches, it branches.
    #[inline(always)]
    fn push_if(&mut self, b: u8, cond: bool) {
        if self.len < 8 {
            self.lo |= (u64::from(b) * u64::from(cond)) << (8 * self.len);
            self.len += u32::from(cond);
        } else if cond {
            self.push(b);
        }
    }

    /// Adds a byte (past 16 bytes, which no SAN reaches, nothing).
    #[inline(always)]
    fn push(&mut self, b: u8) {
        if self.len < 8 {
            self.lo |= u64::from(b) << (8 * self.len);
        } else if self.len < 16 {
            self.hi |= u64::from(b) << (8 * (self.len - 8));
        } else {
            return;
        }
        self.len += 1;
    }

    fn extend(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.push(b);
        }
    }

    #[inline]
    fn square(&mut self, sq: Square) {
        self.push(sq.file().char() as u8);
        self.push(sq.rank().char() as u8);
    }

    #[inline]
    fn promotion(&mut self, promotion: Option<Role>, letters: &[u8; 6]) {
        self.push_if(b'=', promotion.is_some());
        self.push_if(letters[promotion.map_or(0, Role::index)], promotion.is_some());
    }

    /// Calls `f` with the bytes.
    fn with_bytes<T>(&self, f: impl FnOnce(&[u8]) -> T) -> T {
        let bytes = (u128::from(self.hi) << 64 | u128::from(self.lo)).to_le_bytes();
        f(&bytes[..self.len as usize])
    }

    /// Appends the SAN to `out`: 8 bytes (16 for a longer SAN), then the
    /// length cut to the SAN's.
    #[inline]
    fn append_to(&self, out: &mut Vec<u8>) {
        let end = out.len() + self.len as usize;
        out.extend_from_slice(&self.lo.to_le_bytes());
        if self.len > 8 {
            out.extend_from_slice(&self.hi.to_le_bytes());
        }
        out.truncate(end);
    }
}

fn write_san<W: Write>(out: &mut W, san: &San, letters: Letters) -> fmt::Result {
    match letters {
        // Every letter of SAN is ASCII.
        Letters::Language(lang) => SanBytes::new(san, lang)
            .with_bytes(|bytes| bytes.iter().try_for_each(|&b| out.write_char(char::from(b)))),
        // In English SAN the upper-case letters K, Q, R, B, N, P are the
        // pieces' (files are lower case, castling is `O`).
        Letters::Figurines(_) => SanBytes::new(san, Language::English).with_bytes(|bytes| {
            bytes.iter().try_for_each(|&b| match Language::English.role(b) {
                Some(role) => write_piece(out, role, letters),
                None => out.write_char(char::from(b)),
            })
        }),
    }
}

/// A move in long algebraic notation: the piece letter (none for pawns),
/// the origin square, `-` or `x`, the destination square, `=` and the
/// promotion letter, then the check mark: `Ng1-f3`, `e2-e4`, `e7xd8=Q+`,
/// `e5xd6` (en passant). Castling is `O-O` or `O-O-O`, the null move `--`.
///
/// [`San::from_ascii`] reads it back (with [`crate::Quirks::LONG_ALGEBRAIC`]).
///
/// ```
/// use chess_core::{Move, Position, Role, Square};
/// use san::Lan;
///
/// let m = Move::Normal {
///     role: Role::Knight,
///     from: Square::G1,
///     capture: None,
///     to: Square::F3,
///     promotion: None,
/// };
/// assert_eq!(Lan::from_move(&Position::new(), m).to_string(), "Ng1-f3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lan {
    /// The move.
    pub m: Move,
    /// The check mark.
    pub check: Option<Check>,
}

impl Lan {
    /// The long algebraic form of the legal move `m` in `pos`, with its
    /// check mark (from playing it on a copy).
    pub fn from_move(pos: &Position, m: Move) -> Lan {
        let mut after = pos.clone();
        after.play_unchecked(m);
        Lan { m, check: check_of(&after) }
    }

    /// The long algebraic form of a move a walker, a
    /// replay or a decoder yields, with its check mark, with no move played.
    pub fn from_played(played: &Played<'_>) -> Lan {
        Lan { m: played.m, check: check_of(played.after) }
    }
}

impl fmt::Display for Lan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = Letters::Language(Language::English);
        match self.m {
            Move::Normal { role, from, capture, to, promotion } => {
                if role != Role::Pawn {
                    write_piece(f, role, letters)?;
                }
                write_square(f, from)?;
                f.write_char(if capture.is_some() { 'x' } else { '-' })?;
                write_square(f, to)?;
                write_promotion(f, promotion, letters)?;
            }
            Move::EnPassant { from, to } => {
                write_square(f, from)?;
                f.write_char('x')?;
                write_square(f, to)?;
            }
            Move::Castle { king, rook } => write_castle(f, CastlingSide::of(king, rook))?,
            Move::Null => f.write_str("--")?,
        }
        write_check(f, self.check)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::{CastlingMode, Uci};
    use fen_epd::parse_position;

    fn pos(fen: &str) -> Position {
        parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The export SAN of every legal move of `fen`, sorted.
    fn all_san(fen: &str) -> Vec<String> {
        let p = pos(fen);
        let mut v: Vec<String> =
            p.legal_moves().iter().map(|m| San::from_move(&p, *m).to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn export_san_of_every_move() {
        // Three queens to b2: square, rank and file (ruling E7).
        let queens = all_san("6k1/8/8/8/8/Q7/8/Q1Q4K w - - 0 1");
        for san in ["Qa1b2", "Q3b2", "Qcb2", "Qa2", "Qab1", "Qcb1", "Qd1", "Qa3a2"] {
            assert_eq!(queens.contains(&san.to_owned()), san != "Qa2" && san != "Qa3a2", "{san}");
        }
        assert!(
            queens.contains(&"Q1a2+".to_owned()) && queens.contains(&"Qa1c3".to_owned()),
            "{queens:?}"
        );
        // The pinned knight of §8.2.3.4: no disambiguation.
        let pinned = all_san("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1");
        assert!(pinned.contains(&"Ne2".to_owned()));
        let free = all_san("4k3/8/8/8/8/2N5/8/4K1N1 w - - 0 1");
        assert!(free.contains(&"Nce2".to_owned()) && free.contains(&"Nge2".to_owned()));
        // Promotions with check, en passant, castling, mate.
        let promo = all_san("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
        for san in ["axb8=Q+", "axb8=R+", "axb8=B", "axb8=N", "a8=Q", "a8=N"] {
            assert!(promo.contains(&san.to_owned()), "{san}: {promo:?}");
        }
        let ep = all_san("rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
        assert!(ep.contains(&"exd6".to_owned()) && ep.contains(&"exf6".to_owned()));
        let castles = all_san("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        assert!(castles.contains(&"O-O".to_owned()) && castles.contains(&"O-O-O".to_owned()));
        assert!(castles.contains(&"Rb1".to_owned()) && castles.contains(&"Kf1".to_owned()));
        let mate = all_san("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
        assert!(mate.contains(&"Qh4#".to_owned()));
        assert_eq!(San::from_move(&Position::new(), Move::Null).to_string(), "--");
    }

    #[test]
    fn other_notations() {
        let p = pos("1r5k/P7/8/8/8/8/8/K7 w - - 0 1");
        let m = Move::Normal {
            role: Role::Pawn,
            from: Square::A7,
            capture: Some(Role::Rook),
            to: Square::B8,
            promotion: Some(Role::Queen),
        };
        let san = San::from_move(&p, m);
        assert_eq!(san.to_string(), "axb8=Q+");
        assert_eq!(san.fan(Color::White).to_string(), "axb8=♕+");
        assert_eq!(san.in_language(Language::German).to_string(), "axb8=D+");
        assert_eq!(san.in_language(Language::Hungarian).to_string(), "axb8=V+");
        assert_eq!(Lan::from_move(&p, m).to_string(), "a7xb8=Q+");
        assert_eq!(Uci { m, mode: CastlingMode::Standard }.to_string(), "a7b8q");
        let mut bytes = b"1. ".to_vec();
        san.append_to(&mut bytes);
        assert_eq!(bytes, b"1. axb8=Q+");

        let start = Position::new();
        let knight = Move::Normal {
            role: Role::Knight,
            from: Square::G1,
            capture: None,
            to: Square::F3,
            promotion: None,
        };
        assert_eq!(San::from_move(&start, knight).fan(Color::White).to_string(), "♘f3");
        assert_eq!(San::from_move(&start, knight).fan(Color::Black).to_string(), "♞f3");
        assert_eq!(San::from_move(&start, knight).in_language(Language::French).to_string(), "Cf3");
        assert_eq!(Lan::from_move(&start, knight).to_string(), "Ng1-f3");
        assert_eq!(Uci { m: Move::Null, mode: CastlingMode::Standard }.to_string(), "0000");
        let ep = Move::EnPassant { from: Square::E5, to: Square::D6 };
        assert_eq!(Lan { m: ep, check: None }.to_string(), "e5xd6");
        assert_eq!(Uci { m: ep, mode: CastlingMode::Chess960 }.to_string(), "e5d6");
        let long = Move::Castle { king: Square::E8, rook: Square::A8 };
        assert_eq!(Lan { m: long, check: Some(Check::Check) }.to_string(), "O-O-O+");
        assert_eq!(Uci { m: long, mode: CastlingMode::Standard }.to_string(), "e8c8");
        assert_eq!(Uci { m: long, mode: CastlingMode::Chess960 }.to_string(), "e8a8");
        let san = San { kind: SanKind::Castle(CastlingSide::QueenSide), check: None };
        assert_eq!(san.fan(Color::Black).to_string(), "O-O-O");
        for lang in Language::ALL {
            assert_eq!(san.in_language(lang).to_string(), "O-O-O");
        }
    }

    #[test]
    fn san_longer_than_eight_bytes_is_written_whole() {
        // Only lenient text makes a SAN this long: a pawn letter with an
        // origin rank, a capture, a promotion and a mate mark.
        for text in ["Pe7xd8=Q#", "Pa7a8=N+", "e7xd8=Q#"] {
            let san = San::from_ascii(text.as_bytes()).expect(text).san;
            assert_eq!(san.to_string(), text);
            let mut bytes = b"x ".to_vec();
            san.append_to(&mut bytes);
            assert_eq!(bytes, format!("x {text}").as_bytes());
            assert_eq!(
                san.fan(Color::Black).to_string(),
                text.replace('P', "♟").replace('Q', "♛").replace('N', "♞")
            );
        }
    }

    #[test]
    fn append_played_is_from_played_then_append_to() {
        // Random games, with and without the replay's hints: every move's
        // SAN written straight from the move is the SAN of `from_played`.
        let mut rng = testkit::XorShift::new(0x5a4e_0001);
        let mut moves = 0;
        for _ in 0..200 {
            let mut before = Position::new();
            for ply in 1..=120 {
                let legal = before.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                let mut after = before.clone();
                after.play_unchecked(m);
                // The hints, none or both: the origin the SAN names (the
                // file of a pawn's capture, a piece's disambiguation);
                // whether a check mates.
                let origin = Some(disambiguation(&before, m));
                let mates = after.is_check().then(|| !after.has_legal_moves());
                for (origin, mate) in [(None, None), (origin, mates)] {
                    let played = Played {
                        m,
                        suffix: None,
                        before: &before,
                        after: &after,
                        ply,
                        depth: 0,
                        origin,
                        mate,
                    };
                    let mut direct = Vec::new();
                    San::append_played(&played, &mut direct);
                    assert_eq!(direct, San::from_played(&played).to_string().into_bytes());
                    assert_eq!(direct, San::from_move(&before, m).to_string().into_bytes());
                    moves += 1;
                }
                before = after;
            }
        }
        assert!(moves > 10_000, "{moves}");
    }
}
