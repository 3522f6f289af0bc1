//! The `serde` feature's hand-written impls: a set of squares as their
//! names, a placement, setup or position as FEN text (a position read back
//! through the checks of ruling F3), a UCI move as its text.
//!
//! FEN is `fen-epd`'s business, and this crate knows no notation but for
//! this one use: serde needs the impls here, beside the types. The text
//! is the one `fen-epd` writes (X-FEN castling, the en passant square as
//! the position holds it), and reading takes what its strict parser takes;
//! a test of `fen-epd` holds both to it over random games and Chess960.

use std::fmt;
use std::num::NonZeroU32;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{CastlingSide, Uci};
use crate::position::{CastlingRights, Position, Setup};
use crate::types::{Color, File, Piece, Rank, Square};

/// The squares in index order, as names (`["e4", "d5"]`); the 64-bit word
/// in formats not meant for people.
impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if !serializer.is_human_readable() {
            return serializer.serialize_u64(self.0);
        }
        let mut seq = serializer.serialize_seq(Some(self.count() as usize))?;
        for square in *self {
            seq.serialize_element(&square)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        struct Squares;

        impl<'de> Visitor<'de> for Squares {
            type Value = Bitboard;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence of square names")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Bitboard, A::Error> {
                let mut set = Bitboard::EMPTY;
                while let Some(square) = seq.next_element::<Square>()? {
                    set.add(square);
                }
                Ok(set)
            }
        }

        if deserializer.is_human_readable() {
            deserializer.deserialize_seq(Squares)
        } else {
            u64::deserialize(deserializer).map(Bitboard)
        }
    }
}

/// The piece placement field of FEN, rank 8 first:
/// `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`.
impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = String::with_capacity(72);
        write_placement(self, &mut out);
        serializer.serialize_str(&out)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        deserializer.deserialize_str(FenVisitor("a FEN piece placement", |text: &str| {
            read_placement(text.as_bytes())
        }))
    }
}

/// Six FEN fields, not checked for legality either way.
impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&fen(self))
    }
}

impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        deserializer.deserialize_str(FenVisitor("a FEN", read_fen))
    }
}

/// Six FEN fields; read back through [`Position::from_setup`], so that an
/// illegal position (ruling F3) is an error of the deserializer.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&fen(&self.to_setup()))
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        deserializer.deserialize_str(FenVisitor("the FEN of a legal position", |text: &str| {
            let setup = read_fen(text)?;
            Position::from_setup(setup).map_err(|e| format!("illegal position: {e}"))
        }))
    }
}

/// The UCI text (`"e2e4"`, `"e7e8q"`, `"0000"`). Serializing only: reading
/// a UCI move needs the position it is played in.
impl Serialize for Uci {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads a string with `read`; `expecting` says what it should be.
struct FenVisitor<F>(&'static str, F);

impl<T, F: FnOnce(&str) -> Result<T, String>> Visitor<'_> for FenVisitor<F> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.1)(v).map_err(E::custom)
    }
}

/// The six fields, castling as X-FEN.
fn fen(setup: &Setup) -> String {
    let mut out = String::with_capacity(90);
    write_placement(&setup.board, &mut out);
    out.push(' ');
    out.push(setup.turn.char());
    out.push(' ');
    write_castling(setup, &mut out);
    out.push(' ');
    match setup.ep_square {
        Some(square) => out.push_str(&square.to_string()),
        None => out.push('-'),
    }
    out.push_str(&format!(" {} {}", setup.halfmoves, setup.fullmoves));
    out
}

fn write_placement(board: &Board, out: &mut String) {
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0u8;
        for file in File::ALL {
            match board.piece_at(Square::from_coords(file, *rank)) {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if *rank != Rank::First {
            out.push('/');
        }
    }
}

/// X-FEN: White's rights, then Black's; each side's king side first, from
/// the outside in. `K` or `Q` for the outermost rook on its side of the
/// king, the file letter for any other (and for every right of a side
/// whose king is not on its back rank: only in a setup).
fn write_castling(setup: &Setup, out: &mut String) {
    let start = out.len();
    for color in Color::ALL {
        let back = color.back_rank();
        let rights = setup.castling_rights.for_color(color);
        let rooks = setup.board.rooks() & setup.board.by_color(color) & Bitboard::rank(back);
        let king = setup.board.king_of(color).filter(|k| k.rank() == back);
        let (mut king_side, queen_side) = match king {
            Some(k) => {
                let east: Bitboard = rights.filter(|r| r.file() > k.file()).collect();
                (east, rights & !east)
            }
            None => (rights, Bitboard::EMPTY),
        };
        let mut push = |rook: Square, side: CastlingSide| {
            let outermost = king.and_then(|k| side.outermost(k, rooks));
            let letter = match side {
                _ if outermost != Some(rook) => rook.file().upper_char(),
                CastlingSide::KingSide => 'K',
                CastlingSide::QueenSide => 'Q',
            };
            out.push(color.fold_wb(letter, letter.to_ascii_lowercase()));
        };
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

/// Six fields separated by single spaces, as `fen-epd`'s strict parser
/// takes them.
fn read_fen(text: &str) -> Result<Setup, String> {
    let fields: Vec<&str> = text.split(' ').collect();
    let [board, turn, castling, ep, halfmoves, fullmoves] = fields[..] else {
        return Err(format!(
            "expected 6 fields separated by single spaces, found {}",
            fields.len()
        ));
    };
    let board = read_placement(board.as_bytes())?;
    let turn = match turn {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err("invalid active colour: expected w or b".to_owned()),
    };
    let castling_rights = read_castling(castling.as_bytes(), &board)?;
    let ep_square = match ep {
        "-" => None,
        _ => Some(Square::from_ascii(ep).ok_or("invalid en passant square")?),
    };
    let number = |field: &str, name: &str| match field.bytes().all(|b| b.is_ascii_digit()) {
        true => field.parse::<u32>().map_err(|_| format!("invalid {name}")),
        false => Err(format!("invalid {name}")),
    };
    let halfmoves = number(halfmoves, "halfmove clock")?;
    let fullmoves = NonZeroU32::new(number(fullmoves, "fullmove number")?)
        .ok_or("invalid fullmove number: must be at least 1")?;
    Ok(Setup { board, turn, castling_rights, ep_square, halfmoves, fullmoves })
}

fn read_placement(text: &[u8]) -> Result<Board, String> {
    let bad = |reason: &str| Err(format!("invalid piece placement: {reason}"));
    let ranks: Vec<&[u8]> = text.split(|&b| b == b'/').collect();
    if ranks.len() != 8 {
        return bad("expected 8 ranks");
    }
    let mut board = Board::empty();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::ALL[7 - row];
        let mut file = 0u32;
        for &b in *rank_text {
            match b {
                b'1'..=b'8' => file += u32::from(b - b'0'),
                _ => {
                    let Some(piece) = Piece::from_char(char::from(b)) else {
                        return bad("not a piece letter or digit");
                    };
                    let Some(f) = File::new(file) else {
                        return bad("a rank has more than 8 squares");
                    };
                    board.set_piece_at(Square::from_coords(f, rank), piece);
                    file += 1;
                }
            }
            if file > 8 {
                return bad("a rank has more than 8 squares");
            }
        }
        if file != 8 {
            return bad("a rank does not have 8 squares");
        }
    }
    Ok(board)
}

/// `-`, or `K`/`Q` (the outermost rook on that side of the king, X-FEN)
/// and file letters (the rook on that file of the back rank,
/// Shredder-FEN), upper case for White. A letter without its rook still
/// names a square, for [`Position::from_setup`] to refuse.
fn read_castling(text: &[u8], board: &Board) -> Result<CastlingRights, String> {
    let mut rights = CastlingRights::EMPTY;
    if text == b"-" {
        return Ok(rights);
    }
    if text.is_empty() {
        return Err("invalid castling: empty".to_owned());
    }
    for &b in text {
        let color = Color::from_white(b.is_ascii_uppercase());
        let back = color.back_rank();
        let rooks = board.rooks() & board.by_color(color) & Bitboard::rank(back);
        let king = board.king_of(color).filter(|k| k.rank() == back);
        let outermost = |side: CastlingSide, corner: File| {
            king.and_then(|k| side.outermost(k, rooks)).unwrap_or(Square::from_coords(corner, back))
        };
        let square = match b.to_ascii_lowercase() {
            b'k' => outermost(CastlingSide::KingSide, File::H),
            b'q' => outermost(CastlingSide::QueenSide, File::A),
            c => match File::from_char(char::from(c)) {
                Some(file) => Square::from_coords(file, back),
                None => return Err("invalid castling: not a castling letter".to_owned()),
            },
        };
        if rights.contains(square) {
            return Err("invalid castling: the same right is given twice".to_owned());
        }
        rights.add(square);
    }
    Ok(rights)
}
