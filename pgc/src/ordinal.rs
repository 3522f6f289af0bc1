//! Move ordinals (§20.2, ruling P1): a move's index in the legal moves of
//! its position sorted by the bytes of their canonical SAN (ruling E7).
//!
//! No SAN is written here. Each legal move gets a sort key, a `u64` whose
//! high bytes are the bytes of its SAN without check mark, big-endian and
//! padded with zeros: comparing keys compares the SANs byte by byte, and
//! the zero padding puts a SAN before every longer one it is a prefix of
//! (`O-O` before `O-O-O`, the only such pair). Canonical SAN without check
//! mark has at most 6 bytes (`Qh4xe1`, `exd8=Q`), so the low 16 bits of a
//! key are free: [`move_at`] puts the move's index in the list there.
//!
//! Leaving the check mark out does not change the order, as P1 says. Two
//! SANs without check marks either differ at a byte both have, which a
//! mark after them cannot change, or one is a prefix of the other: only
//! `O-O` of `O-O-O`, and then the mark of `O-O` (`+` or `#`) meets the `-`
//! of `O-O-O`, which sorts above both, so `O-O+` stays before `O-O-O`.
//!
//! Disambiguation (§8.2.3.4, ruling E7) is the only part of a key that
//! depends on the other moves. The attack sets of the pieces mark, per
//! role, the squares that two or more pieces of that role reach; only the
//! moves to those squares look for the other legal origins, with
//! `Position::legal_origins_to`.

use arrayvec::ArrayVec;
use chess_core::{
    Bitboard, CastlingSide, MAX_MOVES, Move, Position, Role, Square, bishop_attacks,
    knight_attacks, queen_attacks, rook_attacks,
};

/// The bits of a key below the SAN bytes (6 bytes leave 16).
const INDEX_BITS: u32 = 16;

/// The mask of the index bits of a key.
const INDEX_MASK: u64 = (1 << INDEX_BITS) - 1;

// Every index of a `MoveList` fits below the SAN bytes.
const _: () = assert!(MAX_MOVES as u64 <= INDEX_MASK + 1);

/// SAN piece letters by `Role::index`; a pawn has none.
const LETTERS: [u8; 6] = [0, b'N', b'B', b'R', b'Q', b'K'];

/// The keys of castling: `O-O` and `O-O-O`, already left-aligned.
const KING_SIDE: u64 = u64::from_be_bytes(*b"O-O\0\0\0\0\0");
const QUEEN_SIDE: u64 = u64::from_be_bytes(*b"O-O-O\0\0\0");

/// The ordinal of the legal move `m` in `pos`; None if `m` is not legal in
/// `pos`.
///
/// The ordinal is the number of legal moves whose canonical SAN sorts
/// before that of `m` (§20.2, ruling P1). It is also None for a legal move
/// whose ordinal would be past 255, which a byte cannot hold: only a
/// position with more than 256 legal moves has one (a game from the
/// standard start never has more than 218), and PGC cannot write it.
///
/// ```
/// use chess_core::{Move, Position, Role, Square};
///
/// let pos = Position::new();
/// let nc3 = Move::Normal {
///     role: Role::Knight,
///     from: Square::B1,
///     capture: None,
///     to: Square::C3,
///     promotion: None,
/// };
/// // Na3, Nc3, Nf3, Nh3, a3, ...
/// assert_eq!(pgc::ordinal(&pos, nc3), Some(1));
///
/// // Not White's move: no ordinal.
/// let nc6 = Move::Normal {
///     role: Role::Knight,
///     from: Square::B8,
///     capture: None,
///     to: Square::C6,
///     promotion: None,
/// };
/// assert_eq!(pgc::ordinal(&pos, nc6), None);
/// ```
pub fn ordinal(pos: &Position, m: Move) -> Option<u8> {
    let moves = pos.legal_moves();
    let keys = Keys::new(pos);
    let key = keys.of(m);
    // Different legal moves have different SANs, so different keys: the
    // moves with smaller keys are the ones before `m`, and if `m` is legal
    // it is the only one with its key. The moves are still compared: a
    // move that is not legal may have the key of one that is (a wrong
    // captured role, or an origin from which no knight can go).
    let mut below = 0;
    let mut legal = false;
    for &other in &moves {
        let other_key = keys.of(other);
        below += usize::from(other_key < key);
        legal |= other_key == key && other == m;
    }
    if legal { u8::try_from(below).ok() } else { None }
}

/// The legal move with this ordinal in `pos`; None if pos has no more than
/// `ordinal` legal moves.
///
/// The inverse of [`ordinal`]: the move at index `ordinal` of the legal
/// moves sorted by their canonical SAN (§20.2, ruling P1).
///
/// ```
/// use chess_core::{Position, Square};
///
/// let pos = Position::new();
/// // The standard's examples: 0 is Na3, 4 is a3, 19 is h4.
/// assert_eq!(pgc::move_at(&pos, 0).and_then(|m| m.to()), Some(Square::A3));
/// assert_eq!(pgc::move_at(&pos, 4).and_then(|m| m.from()), Some(Square::A2));
/// assert_eq!(pgc::move_at(&pos, 19).and_then(|m| m.to()), Some(Square::H4));
/// assert_eq!(pgc::move_at(&pos, 20), None);
/// ```
pub fn move_at(pos: &Position, ordinal: u8) -> Option<Move> {
    let moves = pos.legal_moves();
    let wanted = usize::from(ordinal);
    if wanted >= moves.len() {
        return None;
    }
    let keys = Keys::new(pos);
    // Filled in place: collecting would build the list and then copy all
    // of its 8 KiB out. As many keys as moves, so none is dropped.
    let mut packed = ArrayVec::<u64, MAX_MOVES>::new();
    for (index, &m) in moves.iter().enumerate() {
        let _ = packed.try_push(keys.of(m) | index as u64);
    }
    let (_, nth, _) = packed.select_nth_unstable(wanted);
    moves.get((*nth & INDEX_MASK) as usize).copied()
}

/// What the keys of the moves of one position need beyond each move: the
/// position, for disambiguation, and the squares where it is needed.
struct Keys<'a> {
    pos: &'a Position,
    /// By `Role::index`, squares that two or more pieces of that role may
    /// go to: every square that two or more legal moves of the role go
    /// to, and a few more. Empty for pawns, which their notation tells
    /// apart, and for the king, which is alone (ruling F3).
    shared: [Bitboard; 6],
}

impl<'a> Keys<'a> {
    /// The keys of the moves of `pos`.
    ///
    /// A square where two pieces of one role would need disambiguation is
    /// one that both attack (and that is not ours): the attack sets of
    /// the pieces are at hand (move generation has just loaded them), and
    /// most roles have one piece or pieces that share no square. The few
    /// squares this marks where a pin or a check leaves one legal move
    /// cost a look that finds no other origin, nothing more.
    #[inline]
    fn new(pos: &'a Position) -> Keys<'a> {
        let board = pos.board();
        let ours = board.by_color(pos.turn());
        let occupied = board.occupied();
        let mut shared = [Bitboard::EMPTY; 6];
        for (role, attacks) in [
            (Role::Knight, (|sq, _| knight_attacks(sq)) as fn(Square, Bitboard) -> Bitboard),
            (Role::Bishop, bishop_attacks),
            (Role::Rook, rook_attacks),
            (Role::Queen, queen_attacks),
        ] {
            let pieces = board.by_role(role) & ours;
            if pieces.more_than_one() {
                let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
                for from in pieces {
                    let reached = attacks(from, occupied);
                    twice |= once & reached;
                    once |= reached;
                }
                shared[role.index()] = twice & !ours;
            }
        }
        Keys { pos, shared }
    }

    /// The key of the legal move `m`: its SAN bytes without check mark,
    /// from the most significant byte down, zeros after them.
    ///
    /// Pieces and pawns share one branch-free path: a piece starts with
    /// its letter (and rarely an origin), a capturing pawn with its file,
    /// a pawn push with nothing; then `x` if it captures, the square, and
    /// `=` with a letter if it promotes.
    #[inline(always)]
    fn of(&self, m: Move) -> u64 {
        let bytes = match m {
            Move::Normal { role, from, to, capture, promotion } => {
                let capture = capture.is_some();
                let pawn_capture = u64::from(capture && role == Role::Pawn);
                let pawn_file = (u64::from(b'a') + file_of(from)) * pawn_capture;
                let mut head = u64::from(LETTERS[role.index()]) | pawn_file;
                if self.shared[role.index()].contains(to) {
                    head = self.disambiguate(head, role, from, to);
                }
                let x = u64::from(capture);
                let marked = (head << (8 * x)) | (u64::from(b'x') * x);
                let square = marked << 16 | square_bytes(to);
                match promotion {
                    Some(role) => square << 16 | promotion_bytes(role),
                    None => square,
                }
            }
            Move::EnPassant { from, to } => {
                (u64::from(b'a') + file_of(from)) << 24 | u64::from(b'x') << 16 | square_bytes(to)
            }
            Move::Castle { king, rook } => {
                return match CastlingSide::of(king, rook) {
                    CastlingSide::KingSide => KING_SIDE,
                    CastlingSide::QueenSide => QUEEN_SIDE,
                };
            }
            // Never legal, so never compared.
            Move::Null => return 0,
        };
        // Every SAN byte is non-zero, so the leading zero bytes are the
        // padding to move to the end.
        bytes << (bytes.leading_zeros() & !7)
    }

    /// `letter` followed by the origin file, rank or both that tell the
    /// move of `role` from `from` to `to` apart from the other legal moves
    /// of that role to `to`: the file if no other one starts on it, else
    /// the rank if none starts on that, else both.
    #[cold]
    #[inline(never)]
    fn disambiguate(&self, letter: u64, role: Role, from: Square, to: Square) -> u64 {
        let others = self.pos.legal_origins_to(role, !Bitboard::from(from), to);
        let file = u64::from(b'a') + file_of(from);
        let rank = u64::from(b'1') + (from.index() as u64 >> 3);
        if others.is_empty() {
            letter
        } else if (others & Bitboard::file(from.file())).is_empty() {
            letter << 8 | file
        } else if (others & Bitboard::rank(from.rank())).is_empty() {
            letter << 8 | rank
        } else {
            letter << 16 | file << 8 | rank
        }
    }
}

/// The file of a square, 0 for the a-file.
#[inline(always)]
fn file_of(sq: Square) -> u64 {
    sq.index() as u64 & 7
}

/// `=` and the letter of the promotion to `role`.
#[inline(always)]
fn promotion_bytes(role: Role) -> u64 {
    u64::from(b'=') << 8 | u64::from(LETTERS[role.index()])
}

/// The two bytes of a square's name, file letter first.
#[inline(always)]
fn square_bytes(sq: Square) -> u64 {
    (u64::from(b'a') + file_of(sq)) << 8 | (u64::from(b'1') + (sq.index() as u64 >> 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use san::San;
    use san::fen_epd::parse_position;
    use testkit::XorShift;

    fn position(fen: &str) -> Position {
        parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The legal moves of `pos` in the plain way, each with its SAN
    /// written out, sorted by the bytes of their SAN without check mark.
    fn plainly_sorted(pos: &Position) -> Vec<(String, Move)> {
        let mut sans: Vec<(String, Move)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| (San::from_move(pos, m).to_string(), m))
            .collect();
        sans.sort_by(|a, b| without_check_mark(&a.0).cmp(without_check_mark(&b.0)));
        sans
    }

    fn without_check_mark(san: &str) -> &[u8] {
        san.trim_end_matches(['+', '#']).as_bytes()
    }

    /// Both functions against the plain order, for every legal move of
    /// `pos`; the plain order is returned.
    fn check(pos: &Position) -> Vec<(String, Move)> {
        let plain = plainly_sorted(pos);
        // Ruling P1: with their check marks the SANs sort the same way.
        assert!(plain.is_sorted_by(|a, b| a.0.as_bytes() < b.0.as_bytes()), "{plain:?}");
        for (i, (san, m)) in plain.iter().enumerate() {
            let expected = u8::try_from(i).ok();
            assert_eq!(ordinal(pos, *m), expected, "{san} in {pos:?}");
            if let Some(i) = expected {
                assert_eq!(move_at(pos, i), Some(*m), "ordinal {i} ({san}) in {pos:?}");
            }
        }
        if let Ok(n) = u8::try_from(plain.len()) {
            assert_eq!(move_at(pos, n), None, "{n} moves in {pos:?}");
        }
        plain
    }

    #[test]
    fn the_standards_examples() {
        let pos = Position::new();
        let san = |m: Option<Move>| m.map(|m| San::from_move(&pos, m).to_string());
        assert_eq!(san(move_at(&pos, 0)).as_deref(), Some("Na3"));
        assert_eq!(san(move_at(&pos, 1)).as_deref(), Some("Nc3"));
        assert_eq!(san(move_at(&pos, 4)).as_deref(), Some("a3"));
        assert_eq!(san(move_at(&pos, 19)).as_deref(), Some("h4"));
        assert_eq!(move_at(&pos, 20), None);
        assert_eq!(move_at(&pos, 255), None);
    }

    #[test]
    fn the_start_position_in_order() {
        let pos = Position::new();
        let sans: Vec<String> = (0..=255)
            .map_while(|i| move_at(&pos, i))
            .map(|m| San::from_move(&pos, m).to_string())
            .collect();
        assert_eq!(
            sans,
            [
                "Na3", "Nc3", "Nf3", "Nh3", "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3",
                "e4", "f3", "f4", "g3", "g4", "h3", "h4"
            ]
        );
        for (i, m) in (0..).zip((0..=255).map_while(|i| move_at(&pos, i))) {
            assert_eq!(ordinal(&pos, m), Some(i));
        }
    }

    #[test]
    fn moves_that_are_not_legal_have_no_ordinal() {
        let pos = Position::new();
        let e5 = Move::Normal {
            role: Role::Pawn,
            from: Square::E7,
            capture: None,
            to: Square::E5,
            promotion: None,
        };
        assert_eq!(ordinal(&pos, e5), None);
        assert_eq!(ordinal(&pos, Move::Null), None);
        let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
        assert_eq!(ordinal(&pos, castle), None);
        // The key of `Nf3`, but no knight goes from b1 to f3.
        let nf3 = Move::Normal {
            role: Role::Knight,
            from: Square::B1,
            capture: None,
            to: Square::F3,
            promotion: None,
        };
        assert_eq!(ordinal(&pos, nf3), None);
        // The key of `Nf3`, but f3 holds nothing to capture.
        let nxf3 = Move::Normal {
            role: Role::Knight,
            from: Square::G1,
            capture: Some(Role::Pawn),
            to: Square::F3,
            promotion: None,
        };
        assert_eq!(ordinal(&pos, nxf3), None);
    }

    #[test]
    fn disambiguation_by_file_rank_and_square() {
        // Knights on b2, f2, b4 and f4 all reach d3: each needs file and
        // rank there. The rooks on a1 and h1 need their file on the first
        // rank, the ones on a1 and a5 their rank on the a-file.
        let pos = position("7k/8/8/R7/1N3N2/7K/1N3N2/R6R w - - 0 1");
        check(&pos);
        let sans: Vec<String> = plainly_sorted(&pos).into_iter().map(|(san, _)| san).collect();
        for san in ["Nb2d3", "Nf4d3", "Nbd5", "Nbd1", "Rab1", "R1a3", "R5a3", "Rh2"] {
            assert!(sans.iter().any(|s| s == san), "{san} not in {sans:?}");
        }
    }

    #[test]
    fn more_moves_than_a_byte_holds() {
        // A ring of 26 queens around a boxed-in black king: 263 legal moves.
        let pos = position("QQQQQQbk/Q4Qpp/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1");
        let n = pos.legal_moves().len();
        assert!(n > 256, "{n} moves");
        check(&pos);
        let last = plainly_sorted(&pos).pop().expect("moves").1;
        assert_eq!(ordinal(&pos, last), None);
        assert!(move_at(&pos, 255).is_some());
    }

    /// Random games from the start and from positions rich in what keys
    /// must get right: every position on the way is checked.
    #[test]
    fn agrees_with_sorted_san_in_random_games() {
        let starts = [
            // Promotions (with capture too) and many queens.
            "3k4/1P6/8/8/8/8/8/QQQ1KQ1Q w - - 0 1",
            "r3k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQq - 0 1",
            // En passant, and castling on both sides for both.
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            // Chess960: king on b1 between rooks, and a shuffled start.
            "1r4kr/8/8/8/8/8/8/RKR5 w CAhb - 0 1",
            "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1",
            // Knights and rooks that reach the same squares.
            "r3r1k1/8/2n3n1/8/2n3n1/8/2N3N1/R3R1K1 w - - 0 1",
            "7k/8/8/R7/1N3N2/7K/1N3N2/R6R w - - 0 1",
        ];
        let starts: Vec<Position> =
            std::iter::once(Position::new()).chain(starts.iter().map(|f| position(f))).collect();
        let mut rng = XorShift::new(0x0d1a_7a15_5eed_0001);
        let mut positions = 0;
        // How often each hard case came up, so that none goes untested.
        let mut seen = [0usize; 8];
        for game in 0..300 {
            let mut pos = starts[game % starts.len()].clone();
            for _ in 0..200 {
                for (san, m) in check(&pos) {
                    seen[case_of(&san, m)] += 1;
                }
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        assert!(positions > 30_000, "{positions} positions");
        // Plain moves, castling (standard and Chess960), en passant,
        // promotions, and a piece's origin file, rank or square.
        assert!(seen.iter().all(|&n| n >= 50), "{seen:?}");
    }

    /// Which hard case the legal move `m` with canonical SAN `san` is, 0
    /// for none.
    fn case_of(san: &str, m: Move) -> usize {
        let body = san.trim_end_matches(['+', '#']).replace('x', "");
        match m {
            Move::Castle { king, .. } if king.file() == chess_core::File::E => 1,
            Move::Castle { .. } => 2,
            Move::EnPassant { .. } => 3,
            Move::Normal { promotion: Some(_), .. } => 4,
            Move::Normal { role, .. } if role != Role::Pawn && body.len() == 4 => {
                if body.as_bytes()[1].is_ascii_lowercase() { 5 } else { 6 }
            }
            Move::Normal { role, .. } if role != Role::Pawn && body.len() == 5 => 7,
            _ => 0,
        }
    }
}
