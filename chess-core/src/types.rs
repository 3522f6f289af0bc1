//! The vocabulary of chess: colours, roles, pieces, files, ranks and squares.

use std::fmt;
use std::ops::Not;

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Color {
    /// White moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `White` if `white` is true, else `Black`.
    #[inline]
    pub const fn from_white(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// The other colour.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Picks `white` or `black` by colour.
    #[inline]
    pub fn fold_wb<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The rank this colour's pieces start on (1 for White, 8 for Black).
    #[inline]
    pub const fn back_rank(self) -> Rank {
        match self {
            Color::White => Rank::First,
            Color::Black => Rank::Eighth,
        }
    }

    /// `'w'` or `'b'`, as in FEN.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.fold_wb("white", "black"))
    }
}

/// The kind of a piece, regardless of its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] =
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The roles a pawn can promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 for pawn up to 5 for king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case English letter: `p n b r q k`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case English letter: `P N B R Q K`.
    #[inline]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role for an English letter, in either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// This role in the given colour.
    #[inline]
    pub const fn of(self, color: Color) -> Piece {
        Piece { color, role: self }
    }
}

/// A piece: a role in a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    #[inline]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter (`P` is a white pawn, `p` a black one).
    #[inline]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece { color: Color::from_white(c.is_ascii_uppercase()), role }),
            None => None,
        }
    }
}

/// A file (column) of the board, `a` to `h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] =
        [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn new(index: u32) -> Option<File> {
        if index < 8 { Some(File::from_index_wrapping(index)) } else { None }
    }

    /// The file with index `index % 8` (a match the compiler reduces to
    /// the mask).
    #[inline]
    pub(crate) const fn from_index_wrapping(index: u32) -> File {
        match index & 7 {
            0 => File::A,
            1 => File::B,
            2 => File::C,
            3 => File::D,
            4 => File::E,
            5 => File::F,
            6 => File::G,
            _ => File::H,
        }
    }

    /// 0 for `a` up to 7 for `h`.
    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The lower-case letter.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The upper-case letter (as in Shredder-FEN castling rights).
    #[inline]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The file for a letter `a`..`h` (lower case only).
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => File::new(c as u32 - 'a' as u32),
            _ => None,
        }
    }
}

/// A rank (row) of the board, `1` to `8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    #[cfg_attr(feature = "serde", serde(rename = "1"))]
    First = 0,
    #[cfg_attr(feature = "serde", serde(rename = "2"))]
    Second,
    #[cfg_attr(feature = "serde", serde(rename = "3"))]
    Third,
    #[cfg_attr(feature = "serde", serde(rename = "4"))]
    Fourth,
    #[cfg_attr(feature = "serde", serde(rename = "5"))]
    Fifth,
    #[cfg_attr(feature = "serde", serde(rename = "6"))]
    Sixth,
    #[cfg_attr(feature = "serde", serde(rename = "7"))]
    Seventh,
    #[cfg_attr(feature = "serde", serde(rename = "8"))]
    Eighth,
}

impl Rank {
    /// All ranks, the first first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn new(index: u32) -> Option<Rank> {
        if index < 8 { Some(Rank::from_index_wrapping(index)) } else { None }
    }

    /// The rank with index `index % 8` (a match the compiler reduces to
    /// the mask).
    #[inline]
    pub(crate) const fn from_index_wrapping(index: u32) -> Rank {
        match index & 7 {
            0 => Rank::First,
            1 => Rank::Second,
            2 => Rank::Third,
            3 => Rank::Fourth,
            4 => Rank::Fifth,
            5 => Rank::Sixth,
            6 => Rank::Seventh,
            _ => Rank::Eighth,
        }
    }

    /// 0 for rank 1 up to 7 for rank 8.
    #[inline]
    pub const fn index(self) -> u32 {
        self as u32
    }

    /// The digit `'1'`..`'8'`.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank for a digit `'1'`..`'8'`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Rank::new(c as u32 - '1' as u32),
            _ => None,
        }
    }

    /// The same rank seen from Black's side (rank 1 becomes rank 8).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// This rank as seen by `color` (White sees it as it is).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }
}

macro_rules! squares {
    ($($sq:ident),* $(,)?) => {
        /// A square of the board, `A1` = 0 up to `H8` = 63 (rank-major).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square { $($sq),* }

        impl Square {
            /// All 64 squares in index order.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];

            /// The square with index `index % 64`. A match from each index
            /// to its square, which the compiler reduces to the mask (a
            /// table lookup would be a load and a bounds check).
            #[inline]
            #[allow(non_upper_case_globals)]
            pub(crate) const fn from_index_wrapping(index: u32) -> Square {
                $(const $sq: u32 = Square::$sq as u32;)*
                match index & 63 {
                    $($sq => Square::$sq,)*
                    _ => Square::H8,
                }
            }
        }
    };
}

squares! {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// The square with index 0..64, or `None`.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 { Some(Square::from_index_wrapping(index)) } else { None }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::from_index_wrapping(rank as u32 * 8 + file as u32)
    }

    /// 0 for `a1` up to 63 for `h8`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    pub const fn file(self) -> File {
        File::from_index_wrapping(self as u32)
    }

    /// The rank of the square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index_wrapping(self as u32 >> 3)
    }

    /// The square `delta` indices away, if that is on the board.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 { Some(Square::from_index_wrapping(i as u32)) } else { None }
    }

    /// The same square seen from the other side (`a1` becomes `a8`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// True for the dark squares (`a1` is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() as u8 + self.rank() as u8).is_multiple_of(2)
    }

    /// Parses a square name such as `e4` (lower-case file).
    pub fn from_ascii(s: impl AsRef<[u8]>) -> Option<Square> {
        let s = s.as_ref();
        match s {
            [f, r] => Some(Square::from_coords(
                File::from_char(*f as char)?,
                Rank::from_char(*r as char)?,
            )),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_coordinates_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(Square::from_ascii(sq.to_string().as_bytes()), Some(sq));
        }
        assert_eq!(Square::E4.to_string(), "e4");
        assert!(Square::A1.is_dark());
        assert!(!Square::H1.is_dark());
        assert_eq!(Square::from_ascii(b"i1"), None);
        assert_eq!(Square::from_ascii(b"e"), None);
    }

    #[test]
    fn piece_letters() {
        assert_eq!(Piece::from_char('N'), Some(Role::Knight.of(Color::White)));
        assert_eq!(Piece::from_char('q'), Some(Role::Queen.of(Color::Black)));
        assert_eq!(Piece::from_char('x'), None);
        for role in Role::ALL {
            for color in Color::ALL {
                assert_eq!(Piece::from_char(role.of(color).char()), Some(role.of(color)));
            }
        }
    }
}
