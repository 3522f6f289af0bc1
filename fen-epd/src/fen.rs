//! FEN (§16.1): parse and write the six fields of a position.
//!
//! Parsing goes text → [`Fen`] (which holds an unvalidated
//! [`chess_core::Setup`]) → [`chess_core::Position`]; syntax errors happen in
//! the first step ([`ParseFenError`], naming the field and byte offset) and
//! legality errors (ruling F3) in the second ([`PositionError`]).
//!
//! Castling rights are read as `KQkq` (standard and X-FEN: `K` is the
//! outermost rook on the king's side) or as Shredder-FEN file letters
//! (`HAha`, any rook on the back rank), and written as X-FEN by default or
//! Shredder-FEN on request ([`CastlingNotation`]).

use std::fmt;
use std::fmt::Write as _;
use std::num::NonZeroU32;
use std::str::FromStr;

use chess_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Piece, Position, PositionError,
    Rank, Setup, Square,
};
use nom::IResult;
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{one_of, u32 as decimal};
use nom::combinator::{all_consuming, map, map_opt, value};

/// A FEN record: the six fields of §16.1, read but not yet checked for legality.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fen {
    setup: Setup,
}

/// How castling rights are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CastlingNotation {
    /// `KQkq`, and a file letter only for a Chess960 rook that is not the
    /// outermost on its side of the king (X-FEN). Standard positions are
    /// written exactly as §16.1 describes.
    #[default]
    XFen,
    /// A file letter for every right: `HAha` (Shredder-FEN).
    Shredder,
}

/// When a FEN written from a position has an en passant square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EnPassantMode {
    /// After every double pawn push, whether or not a pawn can take (§16.1.3.4,
    /// ruling F1).
    #[default]
    Always,
    /// Only where an en passant capture is legal (python-chess's default,
    /// and lichess's).
    Legal,
}

/// The six fields of a FEN record, for error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FenField {
    /// Piece placement (field 1).
    Board,
    /// Active colour (field 2).
    Turn,
    /// Castling availability (field 3).
    Castling,
    /// En passant target square (field 4).
    EnPassant,
    /// Halfmove clock (field 5).
    Halfmoves,
    /// Fullmove number (field 6).
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "piece placement",
            FenField::Turn => "active colour",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        })
    }
}

/// What is wrong with a FEN's text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ParseFenErrorKind {
    /// The number of space-separated fields is wrong.
    FieldCount {
        /// How many fields were found.
        found: usize,
        /// What the parser accepts: "6" (strict) or "4 or 6" (lenient).
        expected: &'static str,
    },
    /// The strict parser found a separator other than one space between
    /// fields, or white space before the first or after the last field.
    Spacing,
    /// A field does not follow its grammar.
    Field {
        /// The field.
        field: FenField,
        /// What is wrong, in a few words.
        reason: &'static str,
    },
}

/// A FEN that does not follow the grammar of §16.1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("{kind} at byte {offset}")]
pub struct ParseFenError {
    /// What is wrong.
    pub kind: ParseFenErrorKind,
    /// The byte offset in the input where the problem starts.
    pub offset: usize,
}

impl fmt::Display for ParseFenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenErrorKind::FieldCount { found, expected } => {
                write!(f, "expected {expected} fields, found {found}")
            }
            ParseFenErrorKind::Spacing => {
                f.write_str("fields must be separated by single spaces, with nothing around them")
            }
            ParseFenErrorKind::Field { field, reason } => {
                write!(f, "invalid {field} field: {reason}")
            }
        }
    }
}

/// A FEN that does not parse, or parses to an illegal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FenError {
    /// The text does not follow the grammar.
    #[error(transparent)]
    Parse(#[from] ParseFenError),
    /// The position breaks a rule of ruling F3.
    #[error("illegal position: {0}")]
    Position(#[from] PositionError),
}

/// A field's bytes and where it starts in the input.
#[derive(Clone, Copy)]
struct Span<'a> {
    text: &'a [u8],
    offset: usize,
}

impl Span<'_> {
    fn error(&self, field: FenField, reason: &'static str) -> ParseFenError {
        ParseFenError { kind: ParseFenErrorKind::Field { field, reason }, offset: self.offset }
    }

    /// Reads a clock field: `digit+`, no sign, at most 2^32 - 1.
    fn number(&self, field: FenField) -> Result<u32, ParseFenError> {
        if self.text.is_empty() || !self.text.iter().all(u8::is_ascii_digit) {
            return Err(self.error(field, "expected a number"));
        }
        self.parse(field, "number too large", |i| decimal(i))
    }

    /// Runs a complete nom parser over the field.
    fn parse<T>(
        &self,
        field: FenField,
        reason: &'static str,
        parser: impl Fn(&[u8]) -> IResult<&[u8], T>,
    ) -> Result<T, ParseFenError> {
        all_consuming(parser)
            .parse(self.text)
            .map(|(_, v)| v)
            .map_err(|_| self.error(field, reason))
    }
}

/// Splits `input` into fields at runs of the separator bytes.
fn fields<'a>(input: &'a [u8], is_sep: impl Fn(u8) -> bool) -> Vec<Span<'a>> {
    let mut out = Vec::with_capacity(6);
    let mut start = None;
    for (i, &b) in input.iter().enumerate() {
        match (is_sep(b), start) {
            (true, Some(s)) => {
                out.push(Span { text: &input[s..i], offset: s });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Span { text: &input[s..], offset: s });
    }
    out
}

/// Finds the first four fields of an EPD record: runs of bytes other than
/// space and tab, as `(start, end)` byte ranges. Scans only as far as the
/// end of the fourth field and does not allocate.
pub(crate) fn epd_field_spans(s: &[u8]) -> Result<[(usize, usize); 4], ParseFenError> {
    let mut spans = [(0, 0); 4];
    let mut i = 0;
    for (found, span) in spans.iter_mut().enumerate() {
        while i < s.len() && (s[i] == b' ' || s[i] == b'\t') {
            i += 1;
        }
        if i == s.len() {
            return Err(ParseFenError {
                kind: ParseFenErrorKind::FieldCount { found, expected: "4" },
                offset: s.len(),
            });
        }
        let start = i;
        while i < s.len() && s[i] != b' ' && s[i] != b'\t' {
            i += 1;
        }
        *span = (start, i);
    }
    Ok(spans)
}

// turn = "w" | "b"
fn turn(i: &[u8]) -> IResult<&[u8], Color> {
    alt((value(Color::White, tag("w")), value(Color::Black, tag("b")))).parse(i)
}

// square = file rank
fn square(i: &[u8]) -> IResult<&[u8], Square> {
    map_opt((one_of("abcdefgh"), one_of("12345678")), |(f, r)| {
        Some(Square::from_coords(File::from_char(f)?, Rank::from_char(r)?))
    })
    .parse(i)
}

// en-passant = "-" | square
fn en_passant(i: &[u8]) -> IResult<&[u8], Option<Square>> {
    alt((value(None, tag("-")), map(square, Some))).parse(i)
}

// placement = rank "/" rank "/" ... (8 ranks, 8th first); rank = (piece | "1".."8")+
fn placement(span: Span<'_>) -> Result<Board, ParseFenError> {
    let mut board = Board::empty();
    let mut rank = 7u32;
    let mut file = 0u32;
    for (i, &b) in span.text.iter().enumerate() {
        let here = Span { text: &span.text[i..], offset: span.offset + i };
        match b {
            b'/' => {
                if file != 8 {
                    return Err(here.error(FenField::Board, "a rank does not have 8 squares"));
                }
                if rank == 0 {
                    return Err(here.error(FenField::Board, "more than 8 ranks"));
                }
                rank -= 1;
                file = 0;
            }
            b'1'..=b'8' => {
                file += u32::from(b - b'0');
                if file > 8 {
                    return Err(here.error(FenField::Board, "a rank has more than 8 squares"));
                }
            }
            _ => {
                let piece = Piece::from_char(b as char)
                    .ok_or_else(|| here.error(FenField::Board, "not a piece letter or digit"))?;
                let sq =
                    File::new(file).zip(Rank::new(rank)).map(|(f, r)| Square::from_coords(f, r));
                let sq = sq
                    .ok_or_else(|| here.error(FenField::Board, "a rank has more than 8 squares"))?;
                board.set_piece_at(sq, piece);
                file += 1;
            }
        }
    }
    let end = Span { text: &[], offset: span.offset + span.text.len() };
    if file != 8 {
        return Err(end.error(FenField::Board, "a rank does not have 8 squares"));
    }
    if rank != 0 {
        return Err(end.error(FenField::Board, "fewer than 8 ranks"));
    }
    Ok(board)
}

/// castling = "-" | ("K" | "Q" | "k" | "q" | "A".."H" | "a".."h")+
///
/// `K`/`Q` name the outermost rook on that side of the king (X-FEN); a file
/// letter names the rook on that file of the colour's back rank. A letter
/// with no such rook still gives a square (`h`/`a` for `K`/`Q`), so that
/// [`Position::from_setup`] can name it in its F3 error.
fn castling(span: Span<'_>, board: &Board) -> Result<CastlingRights, ParseFenError> {
    let mut rights = CastlingRights::EMPTY;
    if span.text == b"-" {
        return Ok(rights);
    }
    if span.text.is_empty() {
        return Err(span.error(FenField::Castling, "empty"));
    }
    for (i, &b) in span.text.iter().enumerate() {
        let here = Span { text: &span.text[i..], offset: span.offset + i };
        let color = Color::from_white(b.is_ascii_uppercase());
        let back = color.back_rank();
        let rooks = board.rooks() & board.by_color(color) & Bitboard::rank(back);
        let king = board.king_of(color).filter(|k| k.rank() == back);
        let square = match b.to_ascii_lowercase() {
            b'k' => king
                .and_then(|k| CastlingSide::KingSide.outermost(k, rooks))
                .unwrap_or(Square::from_coords(File::H, back)),
            b'q' => king
                .and_then(|k| CastlingSide::QueenSide.outermost(k, rooks))
                .unwrap_or(Square::from_coords(File::A, back)),
            c @ b'a'..=b'h' => match File::from_char(c as char) {
                Some(file) => Square::from_coords(file, back),
                None => return Err(here.error(FenField::Castling, "not a castling letter")),
            },
            _ => return Err(here.error(FenField::Castling, "not a castling letter")),
        };
        if rights.contains(square) {
            return Err(here.error(FenField::Castling, "the same right is given twice"));
        }
        rights.add(square);
    }
    Ok(rights)
}

impl Fen {
    /// Parses a FEN strictly: exactly six fields separated by single spaces,
    /// nothing before or after. Text or bytes alike:
    ///
    /// ```
    /// use fen_epd::Fen;
    ///
    /// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// assert_eq!(Fen::from_ascii(start)?, Fen::from_ascii(start.as_bytes())?);
    /// assert_eq!(Fen::from_ascii(start)?.to_string(), start);
    /// # Ok::<_, fen_epd::ParseFenError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseFenError`] naming the field and byte offset.
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Result<Fen, ParseFenError> {
        let s = s.as_ref();
        let bad_space = s.iter().enumerate().position(|(i, &b)| {
            b.is_ascii_whitespace() && (b != b' ' || i == 0 || i + 1 == s.len() || s[i - 1] == b' ')
        });
        if let Some(offset) = bad_space {
            return Err(ParseFenError { kind: ParseFenErrorKind::Spacing, offset });
        }
        let parts = fields(s, |b| b == b' ');
        if parts.len() != 6 {
            return Err(ParseFenError {
                kind: ParseFenErrorKind::FieldCount { found: parts.len(), expected: "6" },
                offset: parts.get(6).map_or(s.len(), |p| p.offset),
            });
        }
        Fen::from_fields(&parts, false)
    }

    /// Parses a FEN leniently (ruling F2): surrounding whitespace, runs of
    /// spaces or tabs between fields, and four fields (EPD style, clocks 0
    /// and 1) are accepted, and so is a fullmove number of 0 (read as 1).
    ///
    /// # Errors
    ///
    /// [`ParseFenError`] naming the field and byte offset.
    pub fn from_ascii_lenient(s: impl AsRef<[u8]>) -> Result<Fen, ParseFenError> {
        let s = s.as_ref();
        let parts = fields(s, |b| b.is_ascii_whitespace());
        if parts.len() != 4 && parts.len() != 6 {
            return Err(ParseFenError {
                kind: ParseFenErrorKind::FieldCount { found: parts.len(), expected: "4 or 6" },
                offset: parts.get(6).map_or(s.len(), |p| p.offset),
            });
        }
        Fen::from_fields(&parts, true)
    }

    /// Parses the first four fields of an EPD record (placement, turn,
    /// castling, en passant) and returns the FEN with clocks 0 and 1 and
    /// the rest of the input after the fourth field.
    ///
    /// # Errors
    ///
    /// [`ParseFenError`] naming the field and byte offset.
    pub fn from_ascii_epd_prefix(s: &[u8]) -> Result<(Fen, &[u8]), ParseFenError> {
        let spans = epd_field_spans(s)?;
        let fen = Fen::from_epd_field_spans(s, &spans)?;
        Ok((fen, &s[spans[3].1..]))
    }

    /// Parses the four EPD position fields at the given `(start, end)`
    /// byte ranges of `s` (as found by [`epd_field_spans`]).
    pub(crate) fn from_epd_field_spans(
        s: &[u8],
        spans: &[(usize, usize); 4],
    ) -> Result<Fen, ParseFenError> {
        let parts = spans.map(|(start, end)| Span { text: &s[start..end], offset: start });
        Fen::from_fields(&parts, false)
    }

    fn from_fields(parts: &[Span<'_>], lenient: bool) -> Result<Fen, ParseFenError> {
        let [board, turn_field, castling_field, ep, rest @ ..] = parts else {
            return Err(ParseFenError {
                kind: ParseFenErrorKind::FieldCount { found: parts.len(), expected: "6" },
                offset: 0,
            });
        };
        let board = placement(*board)?;
        let turn = turn_field.parse(FenField::Turn, "expected w or b", turn)?;
        let castling_rights = castling(*castling_field, &board)?;
        let ep_square = ep.parse(FenField::EnPassant, "expected - or a square", en_passant)?;
        let (halfmoves, fullmoves) = match rest {
            [] => (0, NonZeroU32::MIN),
            [half, full] => {
                let halfmoves = half.number(FenField::Halfmoves)?;
                let n = full.number(FenField::Fullmoves)?;
                let fullmoves = match NonZeroU32::new(n) {
                    Some(n) => n,
                    None if lenient => NonZeroU32::MIN,
                    None => return Err(full.error(FenField::Fullmoves, "must be at least 1")),
                };
                (halfmoves, fullmoves)
            }
            _ => {
                return Err(ParseFenError {
                    kind: ParseFenErrorKind::FieldCount { found: parts.len(), expected: "6" },
                    offset: 0,
                });
            }
        };
        Ok(Fen { setup: Setup { board, turn, castling_rights, ep_square, halfmoves, fullmoves } })
    }

    /// A FEN for a setup.
    pub fn from_setup(setup: Setup) -> Fen {
        Fen { setup }
    }

    /// The FEN of a position, with the en passant square after every
    /// double pawn push (ruling F1, the letter of §16.1.3.4).
    pub fn from_position(pos: &Position) -> Fen {
        Fen { setup: pos.to_setup() }
    }

    /// The FEN of a position, with the en passant square as `mode` says:
    /// [`EnPassantMode::Legal`] writes it only where an en passant capture
    /// is legal, as python-chess and lichess do.
    ///
    /// ```
    /// use fen_epd::{EnPassantMode, Fen, parse_position};
    ///
    /// // After 1. e4 no black pawn can take on e3.
    /// let pos = parse_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
    /// let fen = |mode| Fen::from_position_with(&pos, mode).to_string();
    /// assert_eq!(fen(EnPassantMode::Always), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert_eq!(fen(EnPassantMode::Legal), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// # Ok::<_, fen_epd::FenError>(())
    /// ```
    pub fn from_position_with(pos: &Position, mode: EnPassantMode) -> Fen {
        let mut setup = pos.to_setup();
        if mode == EnPassantMode::Legal {
            setup.ep_square = pos.legal_ep_square();
        }
        Fen { setup }
    }

    /// The setup this FEN describes (not checked for legality).
    pub fn as_setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup this FEN describes (not checked for legality).
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// Checks the setup by ruling F3.
    ///
    /// # Errors
    ///
    /// The first rule of F3 the position breaks.
    pub fn into_position(self) -> Result<Position, PositionError> {
        Position::from_setup(self.setup)
    }

    /// The six fields, with castling in the given notation.
    pub fn to_string_with(&self, notation: CastlingNotation) -> String {
        let mut out = String::with_capacity(90);
        self.append_with(notation, &mut out);
        out
    }

    /// Appends the six fields, with castling in the given notation, to
    /// `out`: [`to_string_with`](Fen::to_string_with) without a `String`
    /// of its own, for a caller that writes a FEN per move.
    ///
    /// ```
    /// use chess_core::Position;
    /// use fen_epd::{CastlingNotation, Fen};
    ///
    /// let mut out = String::from("fen: ");
    /// Fen::from_position(&Position::default()).append_with(CastlingNotation::XFen, &mut out);
    /// assert_eq!(out, "fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn append_with(&self, notation: CastlingNotation, out: &mut String) {
        self.append_epd(notation, out);
        // Writing to a `String` cannot fail.
        let _ = write!(out, " {} {}", self.setup.halfmoves, self.setup.fullmoves);
    }

    /// The first four fields (as in EPD), with castling in the given notation.
    pub fn to_epd_string(&self, notation: CastlingNotation) -> String {
        let mut out = String::with_capacity(90);
        self.append_epd(notation, &mut out);
        out
    }

    /// Appends the first four fields to `out`.
    fn append_epd(&self, notation: CastlingNotation, out: &mut String) {
        let s = &self.setup;
        write_placement(&s.board, out);
        out.push(' ');
        out.push(s.turn.char());
        out.push(' ');
        write_castling(s, notation, out);
        out.push(' ');
        match s.ep_square {
            Some(sq) => {
                out.push(sq.file().char());
                out.push(sq.rank().char());
            }
            None => out.push('-'),
        }
    }
}

fn write_placement(board: &Board, out: &mut String) {
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0u8;
        for file in File::ALL {
            match board.piece_at(Square::from_coords(file, *rank)) {
                Some(piece) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if *rank != Rank::First {
            out.push('/');
        }
    }
}

/// White's rights then Black's; for each, the king side first. A right
/// whose rook is not beside a king on the back rank (only in an unvalidated
/// setup) is written as its file letter.
fn write_castling(s: &Setup, notation: CastlingNotation, out: &mut String) {
    let start = out.len();
    for color in Color::ALL {
        let back = color.back_rank();
        let rights = s.castling_rights.for_color(color);
        let rooks = s.board.rooks() & s.board.by_color(color) & Bitboard::rank(back);
        let king = s.board.king_of(color).filter(|k| k.rank() == back);
        let (mut king_side, queen_side) = match king {
            Some(k) => {
                let east = rights.filter(|r| r.file() > k.file()).collect::<Bitboard>();
                (east, rights & !east)
            }
            None => (rights, Bitboard::EMPTY),
        };
        let outermost = |side: CastlingSide| side.outermost(king?, rooks);
        let mut push = |rook: Square, side| {
            let letter = match notation {
                CastlingNotation::XFen if outermost(side) == Some(rook) => match side {
                    CastlingSide::KingSide => 'K',
                    CastlingSide::QueenSide => 'Q',
                },
                _ => rook.file().upper_char(),
            };
            out.push(color.fold_wb(letter, letter.to_ascii_lowercase()));
        };
        // King side from the outside in (descending files), then queen side;
        // without a king (an unvalidated setup) all in descending files.
        while let Some(rook) = king_side.last() {
            king_side.discard(rook);
            push(rook, CastlingSide::KingSide);
        }
        for rook in queen_side {
            push(rook, CastlingSide::QueenSide);
        }
    }
    if out.len() == start {
        out.push('-');
    }
}

impl fmt::Display for Fen {
    /// The six fields with X-FEN castling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_string_with(CastlingNotation::XFen))
    }
}

impl FromStr for Fen {
    type Err = ParseFenError;

    /// Parses strictly; see [`Fen::from_ascii`].
    fn from_str(s: &str) -> Result<Fen, ParseFenError> {
        Fen::from_ascii(s.as_bytes())
    }
}

impl From<&Position> for Fen {
    fn from(pos: &Position) -> Fen {
        Fen::from_position(pos)
    }
}

/// Reads a position from FEN text leniently (ruling F2) and checks it (F3).
///
/// # Errors
///
/// [`FenError::Parse`] for bad text, [`FenError::Position`] for an illegal position.
pub fn parse_position(s: impl AsRef<[u8]>) -> Result<Position, FenError> {
    let s = s.as_ref();
    Ok(Fen::from_ascii_lenient(s)?.into_position()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_position_round_trips() {
        let fen: Fen = START.parse().expect("valid");
        assert_eq!(fen.to_string(), START);
        assert_eq!(fen.clone().into_position(), Ok(Position::new()));
        assert_eq!(Fen::from_position(&Position::new()).to_string(), START);
        assert_eq!(
            fen.to_epd_string(CastlingNotation::Shredder),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -"
        );
    }

    #[test]
    fn en_passant_written_after_double_push() {
        // Ruling F1 and the standard's own example.
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let pos = parse_position(after_e4.as_bytes()).expect("legal");
        assert_eq!(pos.ep_square(), Some(Square::E3));
        assert_eq!(Fen::from_position(&pos).to_string(), after_e4);
    }

    #[test]
    fn en_passant_written_only_where_a_capture_is_legal() {
        // (FEN, the square kept with EnPassantMode::Legal.)
        let cases = [
            // No pawn beside the pushed one.
            ("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", None),
            // A pawn that can take.
            ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", Some(Square::E3)),
            // A pawn beside it, pinned along the rank: the capture would
            // expose its king.
            ("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", None),
            // No square to keep.
            ("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1", None),
        ];
        for (fen, legal) in cases {
            let pos = parse_position(fen).expect("legal");
            assert_eq!(Fen::from_position_with(&pos, EnPassantMode::Always).to_string(), fen);
            let written = Fen::from_position_with(&pos, EnPassantMode::Legal);
            assert_eq!(written.as_setup().ep_square, legal, "{fen}");
            assert_eq!(
                Fen::from_position(&pos),
                Fen::from_position_with(&pos, EnPassantMode::default())
            );
        }
    }

    #[test]
    fn strict_and_lenient() {
        let four = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert!(matches!(
            Fen::from_ascii(four.as_bytes()),
            Err(ParseFenError { kind: ParseFenErrorKind::FieldCount { found: 4, .. }, .. })
        ));
        let lenient = Fen::from_ascii_lenient(format!("  {four}\t\n").as_bytes()).expect("F2");
        assert_eq!(lenient.to_string(), START);
        assert!(Fen::from_ascii(format!(" {START}").as_bytes()).is_err());
        let err = Fen::from_ascii(START.replace(" w ", "  w ").as_bytes()).expect_err("two spaces");
        assert_eq!((err.kind, err.offset), (ParseFenErrorKind::Spacing, 44));
        let err = Fen::from_ascii(format!("{START}\n").as_bytes()).expect_err("newline");
        assert_eq!((err.kind, err.offset), (ParseFenErrorKind::Spacing, 56));
    }

    #[test]
    fn syntax_errors_name_field_and_offset() {
        let err = Fen::from_ascii(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1")
            .expect_err("bad turn");
        assert_eq!(err.offset, 44);
        assert_eq!(err.to_string(), "invalid active colour field: expected w or b at byte 44");
        let err = Fen::from_ascii(b"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .expect_err("long rank");
        assert_eq!(err.offset, 17);
        let err =
            Fen::from_ascii(START.replace("0 1", "4294967296 1").as_bytes()).expect_err("overflow");
        assert_eq!(err.to_string(), "invalid halfmove clock field: number too large at byte 53");
    }

    #[test]
    fn epd_prefix_stops_after_four_fields() {
        let (fen, rest) =
            Fen::from_ascii_epd_prefix(b"4k3/8/8/8/8/8/8/4K3\tw - - bm Kd2; id \"x y\";")
                .expect("valid");
        assert_eq!(fen.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(rest, b" bm Kd2; id \"x y\";");
        let err = Fen::from_ascii_epd_prefix(b"  4k3/8/8/8/8/8/8/4K3 w ").expect_err("short");
        assert_eq!(
            (err.kind, err.offset),
            (ParseFenErrorKind::FieldCount { found: 2, expected: "4" }, 24)
        );
    }

    #[test]
    fn chess960_castling_notations() {
        let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        let fen = Fen::from_ascii(shredder.as_bytes()).expect("valid");
        assert_eq!(fen.to_string_with(CastlingNotation::Shredder), shredder);
        assert_eq!(
            fen.to_string(),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
        );
        let xfen = Fen::from_ascii(fen.to_string().as_bytes()).expect("valid");
        assert_eq!(xfen, fen);
        assert!(fen.into_position().is_ok());
    }

    #[test]
    fn illegal_positions_name_the_rule() {
        let no_black_king = "8/8/8/8/8/8/8/4K3 w - - 0 1";
        assert!(matches!(
            parse_position(no_black_king.as_bytes()),
            Err(FenError::Position(PositionError::KingCount { color: Color::Black, count: 0 }))
        ));
        let rights_without_rook = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
        assert!(matches!(
            parse_position(rights_without_rook.as_bytes()),
            Err(FenError::Position(PositionError::InvalidCastlingRights { square: Square::H1 }))
        ));
    }
}
