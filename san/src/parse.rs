//! Reading SAN from bytes: export SAN (§8.2.3) and the lenient forms of
//! import SAN, each recorded as a [`Quirks`] flag.
//!
//! The parser is written by hand over bytes, from right to left. A move is
//! told apart by its end: a suffix annotation, a check mark, a promotion
//! letter, then always the destination square; what stands before the
//! square (`x` or `-`, an origin rank, an origin file, a piece letter) is
//! then read without backtracking. Reading from the left would have to
//! guess whether a leading `b` or a file letter starts an origin or the
//! destination. nom's combinators read left to right and would try those
//! alternatives in turn; this loop does not allocate and reads each byte
//! once.

use std::fmt;
use std::str::FromStr;

use chess_core::{CastlingSide, File, Rank, Role, Square};
use pgn_nag::Suffix;

use crate::Language;
use crate::quirks::Quirks;
use crate::san::{Check, ParsedSan, San, SanKind};

/// Text that is not a move in any form this crate reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{kind} at byte {offset}")]
pub struct ParseSanError {
    /// What is wrong.
    pub kind: ParseSanErrorKind,
    /// Where, as a byte offset into the text.
    pub offset: usize,
}

/// What is wrong with a [`ParseSanError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ParseSanErrorKind {
    /// No text, or only marks.
    Empty,
    /// A piece drop (`Q@e4`, crazyhouse), not a chess move.
    Drop,
    /// No destination square where one must be.
    NoSquare,
    /// A byte that fits no form of a move here.
    UnexpectedCharacter,
    /// Promotion to a pawn or a king.
    InvalidPromotion,
    /// A promotion written after a piece other than a pawn.
    PieceCannotPromote,
    /// Long algebraic `-` without the whole origin square before it.
    DashWithoutOrigin,
    /// `e.p.` after a move that is not a pawn capture.
    MisplacedEnPassantMark,
}

impl fmt::Display for ParseSanErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseSanErrorKind::Empty => "empty move",
            ParseSanErrorKind::Drop => "piece drop (crazyhouse), not a chess move",
            ParseSanErrorKind::NoSquare => "no destination square",
            ParseSanErrorKind::UnexpectedCharacter => "unexpected character",
            ParseSanErrorKind::InvalidPromotion => {
                "a pawn promotes to a knight, bishop, rook or queen only"
            }
            ParseSanErrorKind::PieceCannotPromote => "only a pawn can promote",
            ParseSanErrorKind::DashWithoutOrigin => "`-` needs the whole origin square before it",
            ParseSanErrorKind::MisplacedEnPassantMark => {
                "`e.p.` after a move that is not a pawn capture"
            }
        })
    }
}

impl San {
    /// Reads a move with English piece letters: export SAN and the lenient
    /// forms of import SAN, each noted in [`ParsedSan::quirks`].
    ///
    /// Beside §8.2.3 this reads castling with zeros (`0-0`) or lower-case
    /// `o-o`; a pawn letter (`Pe4`); long algebraic (`e2e4`, `e2-e4`,
    /// `Ng1-f3`, `e7xd8=Q`) and UCI (`e7e8q`, `e1g1`); promotion without
    /// `=` or in lower case; lower-case piece letters (`nf3`; a leading `b`
    /// is a file, see [`ParsedSan::resolve`]); figurines (`♘f3`); `e.p.`
    /// or `ep` after an en passant capture; a suffix annotation (`!?`); and
    /// the null moves `--` and `Z0` (ruling E12).
    ///
    /// # Errors
    ///
    /// [`ParseSanError`] for text in none of these forms, such as a piece
    /// drop (`Q@e4`).
    ///
    /// ```
    /// use san::{Quirks, San};
    ///
    /// let parsed = San::from_ascii(b"0-0+")?;
    /// assert_eq!(parsed.san.to_string(), "O-O+");
    /// assert_eq!(parsed.quirks, Quirks::CASTLING_WITH_ZEROS);
    /// # Ok::<_, san::ParseSanError>(())
    /// ```
    pub fn from_ascii(text: impl AsRef<[u8]>) -> Result<ParsedSan, ParseSanError> {
        let text = text.as_ref();
        parse(text, Language::English)
    }

    /// Reads a move written with the piece letters of `lang` (§17), in the
    /// forms [`San::from_ascii`] reads. Figurines are read in every
    /// language.
    ///
    /// Piece letters are upper case and files lower case. A lower-case
    /// letter is read as a piece letter (with [`Quirks::LOWER_CASE_PIECE`])
    /// only where no file can stand: before another file or square
    /// (`ndf3`), or as a promotion (`e8q`). So `dxe5` is a pawn capture in
    /// every language, although `D` is the queen in most of them.
    ///
    /// # Errors
    ///
    /// As for [`San::from_ascii`].
    ///
    /// ```
    /// use san::{Language, San};
    ///
    /// let parsed = San::from_ascii_in(b"Sbd7", Language::German)?;
    /// assert_eq!(parsed.san.to_string(), "Nbd7");
    /// # Ok::<_, san::ParseSanError>(())
    /// ```
    pub fn from_ascii_in(
        text: impl AsRef<[u8]>,
        lang: Language,
    ) -> Result<ParsedSan, ParseSanError> {
        let text = text.as_ref();
        parse(text, lang)
    }
}

impl FromStr for ParsedSan {
    type Err = ParseSanError;

    /// As [`San::from_ascii`].
    fn from_str(s: &str) -> Result<ParsedSan, ParseSanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    /// As [`San::from_ascii`], keeping only the [`San`]: the quirks and the
    /// suffix annotation are dropped.
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::from_ascii(s.as_bytes()).map(|parsed| parsed.san)
    }
}

fn error<T>(kind: ParseSanErrorKind, offset: usize) -> Result<T, ParseSanError> {
    Err(ParseSanError { kind, offset })
}

fn parse(text: &[u8], lang: Language) -> Result<ParsedSan, ParseSanError> {
    let mut end = text.len();
    let suffix = strip_suffix(text, &mut end);
    let mut check = strip_check(text, &mut end);
    let mut quirks = Quirks::empty();
    // `++`, an old mark for checkmate (some older texts use it for a
    // double check): read as `#`, which the check-mark test then confirms.
    if check == Some(Check::Check) && end > 0 && text.get(end - 1) == Some(&b'+') {
        end -= 1;
        check = Some(Check::Checkmate);
        quirks |= Quirks::DOUBLE_PLUS;
    }
    let body = &text[..end];
    let mark = match body.last() {
        Some(b'.') if body.len() > 4 && body.ends_with(b"e.p.") => 4,
        Some(b'p') if body.len() > 2 && body.ends_with(b"ep") => 2,
        _ => 0,
    };
    if mark > 0 {
        end -= mark;
        quirks |= Quirks::EN_PASSANT_MARK;
        if check.is_none() {
            check = strip_check(text, &mut end);
        }
    }
    let body = &text[..end];
    let kind = match body {
        // Most moves: neither castling nor a null move.
        [first, ..] if !matches!(first, b'O' | b'0' | b'o' | b'-' | b'Z') => {
            parse_move(body, lang, &mut quirks)?
        }
        [] => return error(ParseSanErrorKind::Empty, 0),
        b"O-O" => SanKind::Castle(CastlingSide::KingSide),
        b"O-O-O" => SanKind::Castle(CastlingSide::QueenSide),
        b"0-0" | b"0-0-0" | b"o-o" | b"o-o-o" => {
            quirks |= match body[0] {
                b'0' => Quirks::CASTLING_WITH_ZEROS,
                _ => Quirks::LOWER_CASE_CASTLING,
            };
            SanKind::Castle(match body.len() {
                3 => CastlingSide::KingSide,
                _ => CastlingSide::QueenSide,
            })
        }
        b"--" => SanKind::Null,
        b"Z0" => {
            quirks |= Quirks::NULL_MOVE_Z0;
            SanKind::Null
        }
        _ => match castling_with_unicode_dashes(body) {
            Some((side, found)) => {
                quirks |= found | Quirks::UNICODE_DASH;
                SanKind::Castle(side)
            }
            None => parse_move(body, lang, &mut quirks)?,
        },
    };
    if mark > 0
        && !matches!(kind, SanKind::Normal { role: Role::Pawn, .. } | SanKind::Coordinates { .. })
    {
        return error(ParseSanErrorKind::MisplacedEnPassantMark, end);
    }
    Ok(ParsedSan { san: San { kind, check }, suffix, quirks, language: lang })
}

/// Takes a suffix annotation off the end.
#[inline]
fn strip_suffix(text: &[u8], end: &mut usize) -> Option<Suffix> {
    let last = *text.get(end.checked_sub(1)?)?;
    if last != b'!' && last != b'?' {
        return None;
    }
    for len in [2, 1] {
        if let Some(start) = end.checked_sub(len)
            && let Some(suffix) = text.get(start..*end).and_then(Suffix::from_ascii)
        {
            *end = start;
            return Some(suffix);
        }
    }
    None
}

/// Castling written with Unicode dashes (U+2010 to U+2015, U+2212) instead
/// of `-`, as word processors write it: the side, and the quirk of its
/// letters (zeros or lower case), if any.
fn castling_with_unicode_dashes(body: &[u8]) -> Option<(CastlingSide, Quirks)> {
    let mut plain = [0u8; 5];
    let mut len = 0;
    let mut i = 0;
    while let Some(&b) = body.get(i) {
        let (byte, width) = match body.get(i..i + 3) {
            Some([0xe2, 0x80, 0x90..=0x95] | [0xe2, 0x88, 0x92]) => (b'-', 3),
            _ => (b, 1),
        };
        *plain.get_mut(len)? = byte;
        len += 1;
        i += width;
    }
    if len == body.len() {
        return None;
    }
    let side = match plain.get(..len)? {
        b"O-O" | b"0-0" | b"o-o" => CastlingSide::KingSide,
        b"O-O-O" | b"0-0-0" | b"o-o-o" => CastlingSide::QueenSide,
        _ => return None,
    };
    let quirks = match plain[0] {
        b'0' => Quirks::CASTLING_WITH_ZEROS,
        b'o' => Quirks::LOWER_CASE_CASTLING,
        _ => Quirks::empty(),
    };
    Some((side, quirks))
}

/// Takes `+` or `#` off the end.
#[inline]
fn strip_check(text: &[u8], end: &mut usize) -> Option<Check> {
    let check = match text.get(end.checked_sub(1)?)? {
        b'+' => Check::Check,
        b'#' => Check::Checkmate,
        _ => return None,
    };
    *end -= 1;
    Some(check)
}

/// A piece letter (in `lang`, either case) or figurine that ends at `end`:
/// its role, its length in bytes and the quirk it shows (lower case or
/// figurine).
#[inline(always)]
fn piece_before(body: &[u8], end: usize, lang: Language) -> Option<(Role, usize, Quirks)> {
    let last = *body.get(end.checked_sub(1)?)?;
    if last.is_ascii_uppercase() {
        return Some((lang.role(last)?, 1, Quirks::empty()));
    }
    if last.is_ascii_lowercase() {
        return Some((lang.role(last.to_ascii_uppercase())?, 1, Quirks::LOWER_CASE_PIECE));
    }
    // U+2654 to U+265F: ♔♕♖♗♘♙ (White) and ♚♛♜♝♞♟ (Black).
    if let Some(&[0xE2, 0x99, low]) = body.get(end.checked_sub(3)?..end)
        && (0x94..=0x9F).contains(&low)
    {
        let role = match (low - 0x94) % 6 {
            0 => Role::King,
            1 => Role::Queen,
            2 => Role::Rook,
            3 => Role::Bishop,
            4 => Role::Knight,
            _ => Role::Pawn,
        };
        return Some((role, 3, Quirks::FIGURINE));
    }
    None
}

#[inline]
fn file_of(byte: u8) -> Option<File> {
    File::new(u32::from(byte.wrapping_sub(b'a')))
}

#[inline]
fn rank_of(byte: u8) -> Option<Rank> {
    Rank::new(u32::from(byte.wrapping_sub(b'1')))
}

/// A move other than castling and the null move, read from the right.
///
/// Inlined, so that the `SanKind` reaches the caller in registers: returned
/// through memory, stored field by field, it would be loaded back whole
/// before the stores had landed, a stall of the processor.
#[inline(always)]
fn parse_move(body: &[u8], lang: Language, quirks: &mut Quirks) -> Result<SanKind, ParseSanError> {
    let mut i = body.len();

    // Promotion: `=Q`, `Q`, `=q`, `q`, `=♕`.
    let mut promotion = None;
    if body.last().is_some_and(|b| !b.is_ascii_digit()) {
        let Some((role, len, quirk)) = piece_before(body, i, lang) else {
            let kind = match file_of(body[i - 1]) {
                Some(_) => ParseSanErrorKind::NoSquare,
                None => ParseSanErrorKind::UnexpectedCharacter,
            };
            return error(kind, i - 1);
        };
        i -= len;
        *quirks |= match quirk {
            Quirks::LOWER_CASE_PIECE => Quirks::LOWER_CASE_PROMOTION,
            other => other,
        };
        if !matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
            return error(ParseSanErrorKind::InvalidPromotion, i);
        }
        promotion = Some(role);
        if i > 0 && body[i - 1] == b'=' {
            i -= 1;
        } else {
            *quirks |= Quirks::PROMOTION_WITHOUT_EQUALS;
        }
    }

    // The destination square.
    let to = match (i.checked_sub(2).and_then(|at| body.get(at..i)), i) {
        (Some(&[f, r]), _) => match (file_of(f), rank_of(r)) {
            (Some(f), Some(r)) => Square::from_coords(f, r),
            _ => return error(ParseSanErrorKind::NoSquare, i - 2),
        },
        _ => return error(ParseSanErrorKind::NoSquare, 0),
    };
    i -= 2;

    // `x` or long algebraic `-` (or the `@` of a drop).
    let mut capture = false;
    let mut dash = false;
    match i.checked_sub(1).map(|at| body[at]) {
        Some(b'x') => capture = true,
        Some(b'-') => dash = true,
        Some(b'@') => return error(ParseSanErrorKind::Drop, i - 1),
        _ => {}
    }
    if capture || dash {
        i -= 1;
    }

    // The origin: rank, then file.
    let rank = i.checked_sub(1).and_then(|at| rank_of(body[at]));
    if rank.is_some() {
        i -= 1;
    }
    let file = i.checked_sub(1).and_then(|at| file_of(body[at]));
    if file.is_some() {
        i -= 1;
    }

    // The piece.
    let role = if i == 0 {
        None
    } else {
        match piece_before(body, i, lang) {
            Some((role, len, quirk)) if len == i => {
                *quirks |= quirk;
                Some(role)
            }
            _ => return error(ParseSanErrorKind::UnexpectedCharacter, 0),
        }
    };

    if dash && (file.is_none() || rank.is_none()) {
        return error(ParseSanErrorKind::DashWithoutOrigin, i);
    }
    if dash {
        *quirks |= Quirks::LONG_ALGEBRAIC;
    }
    match (role, file, rank) {
        (None, Some(file), Some(rank)) => {
            *quirks |= Quirks::LONG_ALGEBRAIC;
            let from = Square::from_coords(file, rank);
            Ok(SanKind::Coordinates { from, capture, to, promotion })
        }
        // A rank alone, with no piece: `4e5`.
        (None, None, Some(_)) => error(ParseSanErrorKind::UnexpectedCharacter, 0),
        (None, file, None) => {
            Ok(SanKind::Normal { role: Role::Pawn, file, rank: None, capture, to, promotion })
        }
        (Some(role), file, rank) => {
            if role == Role::Pawn {
                *quirks |= Quirks::PAWN_LETTER;
            } else if promotion.is_some() {
                return error(ParseSanErrorKind::PieceCannotPromote, 0);
            }
            Ok(SanKind::Normal { role, file, rank, capture, to, promotion })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> SanKind {
        San::from_ascii(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}")).san.kind
    }

    fn quirks(text: &str) -> Quirks {
        San::from_ascii(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}")).quirks
    }

    fn error_kind(text: &[u8]) -> ParseSanErrorKind {
        match San::from_ascii(text) {
            Ok(parsed) => panic!("{:?} parsed as {parsed:?}", String::from_utf8_lossy(text)),
            Err(e) => e.kind,
        }
    }

    fn normal(
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    ) -> SanKind {
        SanKind::Normal { role, file, rank, capture, to, promotion }
    }

    #[test]
    fn export_forms() {
        use Role::*;
        assert_eq!(kind("e4"), normal(Pawn, None, None, false, Square::E4, None));
        assert_eq!(kind("Nf3"), normal(Knight, None, None, false, Square::F3, None));
        assert_eq!(kind("exd5"), normal(Pawn, Some(File::E), None, true, Square::D5, None));
        assert_eq!(kind("Nbd7"), normal(Knight, Some(File::B), None, false, Square::D7, None));
        assert_eq!(kind("R1e2"), normal(Rook, None, Some(Rank::First), false, Square::E2, None));
        assert_eq!(
            kind("Qa6xb7#"),
            normal(Queen, Some(File::A), Some(Rank::Sixth), true, Square::B7, None)
        );
        assert_eq!(
            kind("fxg1=Q+"),
            normal(Pawn, Some(File::F), None, true, Square::G1, Some(Queen))
        );
        assert_eq!(kind("O-O"), SanKind::Castle(CastlingSide::KingSide));
        assert_eq!(kind("O-O-O#"), SanKind::Castle(CastlingSide::QueenSide));
        assert_eq!(kind("--"), SanKind::Null);
        for text in ["e4", "Nf3", "exd5", "Qa6xb7#", "fxg1=Q+", "O-O-O", "--", "Kxe2"] {
            assert_eq!(quirks(text), Quirks::empty(), "{text}");
            assert_eq!(
                San::from_ascii(text.as_bytes()).map(|p| p.san.to_string()),
                Ok(text.into())
            );
        }
        let parsed = San::from_ascii(b"Qa6xb7#").expect("a move");
        assert_eq!(parsed.san.check, Some(Check::Checkmate));
        assert_eq!(San::from_ascii(b"e4+").expect("a move").san.check, Some(Check::Check));
    }

    #[test]
    fn lenient_forms_and_their_quirks() {
        assert_eq!(quirks("0-0"), Quirks::CASTLING_WITH_ZEROS);
        assert_eq!(quirks("0-0-0+"), Quirks::CASTLING_WITH_ZEROS);
        assert_eq!(quirks("Rh7++"), Quirks::DOUBLE_PLUS);
        assert_eq!(kind("O\u{2011}O"), SanKind::Castle(CastlingSide::KingSide));
        assert_eq!(kind("O\u{2013}O\u{2013}O"), SanKind::Castle(CastlingSide::QueenSide));
        assert_eq!(quirks("O\u{2212}O"), Quirks::UNICODE_DASH);
        assert_eq!(quirks("0\u{2010}0+"), Quirks::UNICODE_DASH | Quirks::CASTLING_WITH_ZEROS);
        assert!(San::from_ascii("N\u{2011}f3".as_bytes()).is_err());
        let double_plus = San::from_ascii(b"Rh7++").expect("a move");
        assert_eq!(double_plus.san.check, Some(Check::Checkmate));
        assert_eq!(kind("Rh7++"), kind("Rh7"));
        assert_eq!(quirks("o-o-o"), Quirks::LOWER_CASE_CASTLING);
        assert_eq!(kind("o-o"), SanKind::Castle(CastlingSide::KingSide));
        assert_eq!(quirks("Pe4"), Quirks::PAWN_LETTER);
        assert_eq!(quirks("Pxd5"), Quirks::PAWN_LETTER);
        assert_eq!(quirks("pe4"), Quirks::PAWN_LETTER | Quirks::LOWER_CASE_PIECE);
        assert_eq!(quirks("nf3"), Quirks::LOWER_CASE_PIECE);
        assert_eq!(kind("qxd4"), kind("Qxd4"));
        assert_eq!(
            kind("e2e4"),
            SanKind::Coordinates {
                from: Square::E2,
                capture: false,
                to: Square::E4,
                promotion: None
            }
        );
        assert_eq!(kind("e2-e4"), kind("e2e4"));
        assert_eq!(quirks("e2-e4"), Quirks::LONG_ALGEBRAIC);
        assert_eq!(quirks("g1f3"), Quirks::LONG_ALGEBRAIC);
        assert_eq!(kind("Ng1-f3"), kind("Ng1f3"));
        assert_eq!(quirks("Ng1-f3"), Quirks::LONG_ALGEBRAIC);
        // Without a dash it is square disambiguation: judged on the board.
        assert_eq!(quirks("Ng1f3"), Quirks::empty());
        assert_eq!(quirks("Qd1xd4"), Quirks::empty());
        assert_eq!(
            kind("e7e8q"),
            SanKind::Coordinates {
                from: Square::E7,
                capture: false,
                to: Square::E8,
                promotion: Some(Role::Queen)
            }
        );
        assert_eq!(
            quirks("e7e8q"),
            Quirks::LONG_ALGEBRAIC
                | Quirks::LOWER_CASE_PROMOTION
                | Quirks::PROMOTION_WITHOUT_EQUALS
        );
        assert_eq!(quirks("e7e8=Q"), Quirks::LONG_ALGEBRAIC);
        assert_eq!(quirks("e8Q"), Quirks::PROMOTION_WITHOUT_EQUALS);
        assert_eq!(quirks("e8=q"), Quirks::LOWER_CASE_PROMOTION);
        assert_eq!(kind("e8=q"), kind("e8=Q"));
        assert_eq!(quirks("exd6e.p."), Quirks::EN_PASSANT_MARK);
        assert_eq!(quirks("exd6ep+"), Quirks::EN_PASSANT_MARK);
        assert_eq!(quirks("exd6+e.p."), Quirks::EN_PASSANT_MARK);
        assert_eq!(kind("exd6e.p."), kind("exd6"));
        assert_eq!(quirks("Z0"), Quirks::NULL_MOVE_Z0);
        assert_eq!(kind("Z0"), SanKind::Null);
        assert_eq!(quirks("♘f3"), Quirks::FIGURINE);
        assert_eq!(kind("♞xe4"), kind("Nxe4"));
        assert_eq!(kind("e8=♛"), kind("e8=Q"));
        assert_eq!(kind("♙e4"), kind("e4"));
        // `b` first is a file; before another file it is a bishop.
        assert_eq!(kind("bxc3"), normal(Role::Pawn, Some(File::B), None, true, Square::C3, None));
        assert_eq!(kind("bdc3"), kind("Bdc3"));
        assert_eq!(kind("b1c3"), kind("b1-c3"));
    }

    #[test]
    fn suffix_annotations() {
        for (text, suffix) in [("Nf3!", "!"), ("e4?", "?"), ("O-O!!", "!!"), ("Qh5??", "??")] {
            let parsed = San::from_ascii(text.as_bytes()).expect("a move");
            assert_eq!(parsed.suffix.map(Suffix::as_str), Some(suffix));
        }
        let parsed = San::from_ascii(b"Qxf7#!?").expect("a move");
        assert_eq!(parsed.suffix.map(Suffix::as_str), Some("!?"));
        assert_eq!(parsed.san.check, Some(Check::Checkmate));
        let parsed = San::from_ascii(b"e8=Q+?!").expect("a move");
        assert_eq!(parsed.suffix.map(Suffix::as_str), Some("?!"));
        assert_eq!(parsed.san.to_string(), "e8=Q+");
    }

    #[test]
    fn errors() {
        use ParseSanErrorKind::*;
        assert_eq!(error_kind(b""), Empty);
        assert_eq!(error_kind(b"+"), Empty);
        assert_eq!(error_kind(b"Q@e4"), Drop);
        assert_eq!(error_kind(b"P@e4"), Drop);
        assert_eq!(error_kind(b"Nf"), NoSquare);
        assert_eq!(error_kind(b"Ni9"), NoSquare);
        assert_eq!(error_kind(b"Xy9"), NoSquare);
        assert_eq!(error_kind(b"Xe4"), UnexpectedCharacter);
        assert_eq!(error_kind(b"e8=K"), InvalidPromotion);
        assert_eq!(error_kind(b"e8=P"), InvalidPromotion);
        assert_eq!(error_kind(b"Qa1h8=K#"), InvalidPromotion);
        assert_eq!(error_kind(b"Qa1h8=Q"), PieceCannotPromote);
        assert_eq!(error_kind(b"N-f3"), DashWithoutOrigin);
        assert_eq!(error_kind(b"Nxe4e.p."), MisplacedEnPassantMark);
        assert_eq!(error_kind(b"4e5"), UnexpectedCharacter);
        assert_eq!(error_kind(b"O-O-O-O"), UnexpectedCharacter);
        assert_eq!(error_kind(b"Nf3!+"), UnexpectedCharacter);
        assert_eq!(error_kind(b"1-0"), NoSquare);
        let e = San::from_ascii(b"Nz3").expect_err("not a move");
        assert_eq!((e.kind, e.offset), (NoSquare, 1));
        assert_eq!(e.to_string(), "no destination square at byte 1");
    }

    #[test]
    fn languages() {
        let parsed = San::from_ascii_in(b"Lxb5+", Language::German).expect("a move");
        assert_eq!(parsed.san.to_string(), "Bxb5+");
        // German B is a pawn: `Be4` is a pawn move with a pawn letter.
        let parsed = San::from_ascii_in(b"Be4", Language::German).expect("a move");
        assert_eq!((parsed.san.to_string(), parsed.quirks), ("e4".into(), Quirks::PAWN_LETTER));
        // Hungarian B is a rook, V the queen.
        assert_eq!(
            San::from_ascii_in(b"Bfd8", Language::Hungarian).map(|p| p.san.to_string()),
            Ok("Rfd8".into())
        );
        assert_eq!(
            San::from_ascii_in(b"e8=V", Language::Hungarian).map(|p| p.san.to_string()),
            Ok("e8=Q".into())
        );
        // Dutch O is a pawn, but `O-O` is castling.
        assert_eq!(
            San::from_ascii_in(b"O-O", Language::Dutch).map(|p| p.san.to_string()),
            Ok("O-O".into())
        );
        assert_eq!(
            San::from_ascii_in(b"Pf3", Language::Dutch).map(|p| p.san.to_string()),
            Ok("Nf3".into())
        );
        // French: `fxe5` is a pawn capture, `Fxe5` a bishop's, `R` the king.
        assert_eq!(
            San::from_ascii_in(b"fxe5", Language::French).map(|p| p.san.to_string()),
            Ok("fxe5".into())
        );
        assert_eq!(
            San::from_ascii_in(b"Rh1", Language::French).map(|p| p.san.to_string()),
            Ok("Kh1".into())
        );
        assert!(San::from_ascii_in(b"Nf3", Language::German).is_err());
        // Figurines in any language.
        assert_eq!(
            San::from_ascii_in("♘f3".as_bytes(), Language::Polish).map(|p| p.san.to_string()),
            Ok("Nf3".into())
        );
    }
}
