//! Legal move generation.
//!
//! One generator, [`generate`], walks the position once and reports moves in
//! bulk (a piece and its target set, or a set of pawn targets with a fixed
//! offset) to a [`Sink`]. Two sinks exist: one that writes `Move`s into a
//! [`MoveList`], and one that only counts them with `popcount`, which is
//! what makes perft's last ply cheap. Both see exactly the same moves.
//!
//! Legality is exact, not pseudo-legal: pinned pieces move only along their
//! pin line, in check only evasions are produced, the king never steps into
//! an attack (sliders see through the king), castling checks every square
//! the king crosses, and en passant is tested by playing it on a scratch
//! occupancy (the case where the capture uncovers the king along the rank).

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{CastlingSide, Move, MoveList};
use crate::position::Position;
use crate::types::{Rank, Role, Square};

/// Receives the moves found by [`generate`], in bulk.
pub(crate) trait Sink {
    /// A non-pawn piece of `role` on `from` may move to each square of `targets`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// Pawns may move to each square of `targets`, each from `to - delta`.
    /// Targets on the back rank are promotions (four moves each).
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32);
    /// The pawn on `from` may move to each square of `targets`.
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard);
    /// A legal en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// A legal castling move.
    fn castle(&mut self, king: Square, rook: Square);
}

/// Counts moves without building them.
pub(crate) struct Counter(pub(crate) usize);

impl Sink for Counter {
    #[inline(always)]
    fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }
    #[inline(always)]
    fn pawns(&mut self, _: &Board, targets: Bitboard, _: i32) {
        self.0 += (targets & !Bitboard::BACKRANKS).count() as usize
            + 4 * (targets & Bitboard::BACKRANKS).count() as usize;
    }
    #[inline(always)]
    fn pawn(&mut self, board: &Board, _: Square, targets: Bitboard) {
        self.pawns(board, targets, 0);
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
}

/// Writes moves into a list.
pub(crate) struct Lister<'a>(pub(crate) &'a mut MoveList);

impl Lister<'_> {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        // `MAX_MOVES` bounds the legal moves of every position, so this
        // never drops a move.
        let _ = self.0.try_push(m);
    }

    #[inline(always)]
    fn pawn_move(&mut self, board: &Board, from: Square, to: Square) {
        let capture = board.role_at(to);
        if Bitboard::BACKRANKS.contains(to) {
            for promotion in Role::PROMOTIONS {
                self.push(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to,
                    promotion: Some(promotion),
                });
            }
        } else {
            self.push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: None });
        }
    }
}

impl Sink for Lister<'_> {
    #[inline(always)]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::Normal { role, from, capture: board.role_at(to), to, promotion: None });
        }
    }
    #[inline(always)]
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = Square::from_index_wrapping((to.index() as i32 - delta) as u32);
            self.pawn_move(board, from, to);
        }
    }
    #[inline(always)]
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard) {
        for to in targets {
            self.pawn_move(board, from, to);
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.push(Move::EnPassant { from, to });
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.push(Move::Castle { king, rook });
    }
}

const NOT_FILE_A: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_FILE_H: Bitboard = Bitboard(!0x8080_8080_8080_8080);

/// Generates every legal move of `pos` into `sink`.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let Some(king) = board.king_of(us) else { return };
    let ours = board.by_color(us);
    let theirs = board.by_color(them);
    let occ = board.occupied();
    let checkers = board.attackers_to(king, them, occ);

    // King steps: the king is taken off the board so that a slider's ray
    // passes through its old square.
    let without_king = occ.without(king);
    let mut safe = Bitboard::EMPTY;
    for to in king_attacks(king) & !ours {
        if !board.is_attacked(to, them, without_king) {
            safe.add(to);
        }
    }
    sink.piece(board, Role::King, king, safe);

    if checkers.more_than_one() {
        return;
    }
    let target = match checkers.first() {
        Some(checker) => between(king, checker).with(checker),
        None => !ours,
    };
    let pinned = pos.pinned_to(king, us);

    // Knights: a pinned knight can never move.
    for from in board.knights() & ours & !pinned {
        sink.piece(board, Role::Knight, from, knight_attacks(from) & target);
    }

    // Sliders: a pinned slider stays on its pin line.
    for (role, attacks) in [
        (Role::Bishop, bishop_attacks as fn(Square, Bitboard) -> Bitboard),
        (Role::Rook, rook_attacks),
        (Role::Queen, |sq, occ| bishop_attacks(sq, occ) | rook_attacks(sq, occ)),
    ] {
        for from in board.by_role(role) & ours {
            let mut to = attacks(from, occ) & target;
            if pinned.contains(from) {
                to &= line(king, from);
            }
            sink.piece(board, role, from, to);
        }
    }

    // Pawns that are not pinned move in bulk.
    let pawns = board.pawns() & ours;
    let free = pawns & !pinned;
    let empty = !occ;
    let up = us.fold_wb(8, -8);
    let third = Bitboard::rank(Rank::Third.relative_to(us));
    let single = free.shift(up) & empty;
    let double = (single & third).shift(up) & empty & target;
    sink.pawns(board, single & target, up);
    sink.pawns(board, double, 2 * up);
    let (west, east) = (up - 1, up + 1);
    sink.pawns(board, (free & NOT_FILE_A).shift(west) & theirs & target, west);
    sink.pawns(board, (free & NOT_FILE_H).shift(east) & theirs & target, east);

    // Pinned pawns move one at a time, along the pin line.
    for from in pawns & pinned {
        let pin_line = line(king, from);
        let mut to = pawn_attacks(us, from) & theirs;
        if let Some(step) = from.offset(up).filter(|sq| !occ.contains(*sq)) {
            to.add(step);
            if let Some(two) =
                step.offset(up).filter(|sq| third.contains(step) && !occ.contains(*sq))
            {
                to.add(two);
            }
        }
        sink.pawn(board, from, to & target & pin_line);
    }

    if let Some(ep) = pos.ep_square {
        en_passant(pos, king, ep, sink);
    }
    if checkers.is_empty() {
        castling(pos, king, sink);
    }
}

/// En passant, tested by playing it on a scratch occupancy: this covers
/// evasions, pins, and the pawn pair that shields the king along a rank.
#[inline(always)]
fn en_passant<S: Sink>(pos: &Position, king: Square, ep: Square, sink: &mut S) {
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let Some(captured) = ep.offset(us.fold_wb(-8, 8)) else { return };
    for from in pawn_attacks(them, ep) & board.pawns() & board.by_color(us) {
        let occ = (board.occupied() ^ from ^ captured) | ep;
        let attackers = board.attackers_to(king, them, occ).without(captured);
        if attackers.is_empty() {
            sink.en_passant(from, ep);
        }
    }
}

/// Castling in standard chess and Chess960 alike: the squares the king and
/// rook travel over must be empty (but for themselves), and no square the
/// king crosses or lands on may be attacked once both have left.
#[inline(always)]
fn castling<S: Sink>(pos: &Position, king: Square, sink: &mut S) {
    let board = &pos.board;
    let us = pos.turn;
    for rook in pos.castling.for_color(us) {
        let side = CastlingSide::of(king, rook);
        let rank = us.back_rank();
        let king_to = Square::from_coords(side.king_to_file(), rank);
        let rook_to = Square::from_coords(side.rook_to_file(), rank);
        let occ = board.occupied() ^ king ^ rook;
        let king_path = between(king, king_to).with(king_to);
        let must_be_empty = king_path | between(rook, rook_to).with(rook_to);
        if (must_be_empty & occ).is_nonempty() {
            continue;
        }
        if king_path.into_iter().any(|sq| board.is_attacked(sq, !us, occ)) {
            continue;
        }
        sink.castle(king, rook);
    }
}

impl Position {
    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        generate(self, &mut Lister(&mut list));
        list
    }

    /// The number of legal moves, counted without building them.
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        generate(self, &mut counter);
        counter.0
    }

    /// True if the side to move has at least one legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }
}
