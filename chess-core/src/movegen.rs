//! Legal move generation.
//!
//! One generator, [`LegalGenerator`], reports moves in bulk (a piece and
//! its target set, or a set of pawn targets with a fixed offset) to a
//! [`BulkSink`]: what every role's moves depend on (the king, the check,
//! the pins) is found once, and each turn hands over the roles its sink
//! wants; [`generate`] is one turn for every role. Two sinks of its own
//! exist: one that writes `Move`s into a [`MoveList`], and one that only
//! counts them with `popcount`, which is what makes perft's last ply
//! cheap. Both see exactly the same moves.
//!
//! Legality is exact, not pseudo-legal: pinned pieces move only along their
//! pin line, in check only evasions are produced, the king never steps into
//! an attack (sliders see through the king), castling checks every square
//! the king crosses, and en passant is tested by playing it on a scratch
//! occupancy (the case where the capture uncovers the king along the rank).
//!
//! A second, targeted generator, [`Position::legal_origins_to`] (and
//! [`Position::legal_moves_to`] over it), finds only the moves of one role
//! to one square, for resolving notation such as SAN without listing every
//! move: candidate origins come from the attack set of the target square,
//! and only those few are tested for legality. It answers with a
//! `Bitboard` of origins, returned in a register: building a list of
//! 6-byte moves on the way cost more than finding them.

use arrayvec::ArrayVec;

use crate::attacks::{
    between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line, pawn_attacks,
    queen_attacks, rook_attacks, rook_rays,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::moves::{CastlingSide, Move, MoveList};
use crate::position::Position;
use crate::types::{Color, Rank, Role, Square};

/// Receives the legal moves of a position in bulk, as the generator
/// finds them ([`Position::generate_legal`]): a piece and the set of its
/// target squares, or a set of pawn targets reached with one offset. A
/// sink that needs only some moves, or only counts, never builds the
/// others. Every legal move of a role the sink [wants](BulkSink::wants)
/// comes exactly once, through one of the calls.
pub trait BulkSink {
    /// True if the sink wants the moves of `role` (castling counts as a
    /// king move, en passant as a pawn move); the generator does not look
    /// for the moves of the other roles at all. Every role by default.
    ///
    /// A sink that needs only a few roles saves the generator's work on
    /// the others: the king's steps test squares for attacks, sliders
    /// read the attack tables.
    #[inline(always)]
    fn wants(&self, role: Role) -> bool {
        let _ = role;
        true
    }
    /// A non-pawn piece of `role` on `from` may move to each square of
    /// `targets` (a capture where the square is occupied).
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard);
    /// Pawns may move to each square of `targets`, each from the square
    /// `delta` below it in square indices (`to - delta`). Targets on the
    /// back rank are promotions (four moves each).
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32);
    /// The pawn on `from` (pinned) may move to each square of `targets`;
    /// back-rank targets are promotions.
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard);
    /// A legal en passant capture.
    fn en_passant(&mut self, from: Square, to: Square);
    /// A legal castling move: the king's square and the rook's.
    fn castle(&mut self, king: Square, rook: Square);
}

/// Counts moves without building them.
pub(crate) struct Counter(pub(crate) usize);

impl BulkSink for Counter {
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

impl BulkSink for Lister<'_> {
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

/// Generates every legal move of `pos` of the roles `sink` wants into
/// `sink`, as for the nodes of a search tree (see
/// [`LegalGenerator::generate`]).
#[inline(always)]
pub(crate) fn generate<S: BulkSink>(pos: &Position, sink: &mut S) {
    if let Some(generator) = LegalGenerator::new(pos) {
        generator.generate_for::<false, S>(sink);
    }
}

/// The legal moves of one position, handed over role by role: what every
/// role's moves depend on (the king's square, the squares that answer a
/// check, the pinned pieces) is found once, when the generator is made,
/// and each call of [`LegalGenerator::generate`] hands over the moves of
/// the roles its sink [wants](BulkSink::wants).
///
/// A caller that needs the moves of a few roles first, and the others
/// only now and then, asks for them in turns and pays for the common part
/// once ([`Position::generate_legal`] is one turn for every role).
///
/// ```
/// use chess_core::{Bitboard, Board, BulkSink, Position, Role, Square};
///
/// /// Counts the moves of one role.
/// struct Count(Role, u32);
/// impl BulkSink for Count {
///     fn wants(&self, role: Role) -> bool {
///         role == self.0
///     }
///     fn piece(&mut self, _: &Board, _: Role, _: Square, targets: Bitboard) {
///         self.1 += targets.count();
///     }
///     fn pawns(&mut self, _: &Board, targets: Bitboard, _: i32) {
///         self.1 += targets.count();
///     }
///     fn pawn(&mut self, _: &Board, _: Square, _: Bitboard) {}
///     fn en_passant(&mut self, _: Square, _: Square) {}
///     fn castle(&mut self, _: Square, _: Square) {}
/// }
/// let start = Position::new();
/// let (mut knights, mut pawns) = (Count(Role::Knight, 0), Count(Role::Pawn, 0));
/// // None only for a side without a king.
/// if let Some(generator) = start.legal_generator() {
///     generator.generate(&mut knights);
///     generator.generate(&mut pawns);
/// }
/// assert_eq!((knights.1, pawns.1), (4, 16));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct LegalGenerator<'a> {
    pub(crate) pos: &'a Position,
    /// The king of the side to move.
    pub(crate) king: Square,
    /// Two pieces give check: only the king moves.
    pub(crate) king_only: bool,
    /// The squares the other pieces may go to: any but their own, or in
    /// check those that take or block the checker.
    pub(crate) target: Bitboard,
    /// The pieces pinned to the king.
    pub(crate) pinned: Bitboard,
}

impl<'a> LegalGenerator<'a> {
    /// The generator of `pos`'s legal moves; None if the side to move has
    /// no king (and so no legal move).
    #[inline(always)]
    fn new(pos: &'a Position) -> Option<LegalGenerator<'a>> {
        let us = pos.turn;
        let king = pos.board.king_of(us)?;
        let checkers = pos.checkers;
        let king_only = checkers.more_than_one();
        let (target, pinned) = if king_only {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        } else {
            let target = match checkers.first() {
                Some(checker) => between(king, checker).with(checker),
                None => !pos.board.by_color(us),
            };
            (target, pos.pinned_to(king, us))
        };
        Some(LegalGenerator { pos, king, king_only, target, pinned })
    }

    /// Hands the legal moves of the roles `sink` wants to `sink`, in bulk
    /// (see [`BulkSink`]).
    ///
    /// A generator in turns is for callers that take a few roles of each
    /// of many positions that follow no pattern from one to the next (a
    /// database's, a game after another), and its king's steps are
    /// tested for them: against the attacks of every enemy slider, with
    /// no look first at which sliders' lines meet them. That reads more
    /// of the attack tables, but has no branch that such positions make
    /// the processor guess wrong. [`Position::generate_legal`] and the
    /// functions over it look at those sliders only, for the nodes of a
    /// search tree (perft), whose branches the processor guesses right.
    /// Both hand over the same moves.
    #[inline(always)]
    pub fn generate<S: BulkSink>(&self, sink: &mut S) {
        self.generate_for::<true, S>(sink);
    }

    /// [`LegalGenerator::generate`], the king's steps tested against
    /// every enemy slider if `SCATTERED`, else against those whose lines
    /// meet them ([`Board::attacked_in`]).
    #[inline(always)]
    pub(crate) fn generate_for<const SCATTERED: bool, S: BulkSink>(&self, sink: &mut S) {
        let pos = self.pos;
        let board = &pos.board;
        let us = pos.turn;
        let them = !us;
        let king = self.king;
        let ours = board.by_color(us);
        let occ = board.occupied();

        // King steps: the king is taken off the board so that a slider's
        // ray passes through its old square. Two steps or more are tested
        // together: one look at each enemy piece, not one at each piece
        // for each step. A single step (a castled king behind its pawns,
        // often) is tested alone: the attacks on one square are fewer
        // tables to read than the enemy pieces.
        if sink.wants(Role::King) {
            let steps = king_attacks(king) & !ours;
            let safe = if steps.is_empty() {
                steps
            } else if let Some(step) = steps.single() {
                if board.is_attacked(step, them, occ.without(king)) {
                    Bitboard::EMPTY
                } else {
                    steps
                }
            } else {
                steps & !board.attacked_in::<SCATTERED>(steps, them, occ.without(king))
            };
            sink.piece(board, Role::King, king, safe);
        }

        if self.king_only {
            return;
        }
        let (target, pinned) = (self.target, self.pinned);

        // Knights: a pinned knight can never move.
        if sink.wants(Role::Knight) {
            for from in board.knights() & ours & !pinned {
                sink.piece(board, Role::Knight, from, knight_attacks(from) & target);
            }
        }

        // Sliders: a pinned slider stays on its pin line. Each role is
        // written out, not looped over: a sink's `wants` then decides at
        // compile time.
        let sliders = |sink: &mut S, role, attacks: fn(Square, Bitboard) -> Bitboard| {
            for from in board.by_role(role) & ours {
                let mut to = attacks(from, occ) & target;
                if pinned.contains(from) {
                    to &= line(king, from);
                }
                sink.piece(board, role, from, to);
            }
        };
        if sink.wants(Role::Bishop) {
            sliders(sink, Role::Bishop, bishop_attacks);
        }
        if sink.wants(Role::Rook) {
            sliders(sink, Role::Rook, rook_attacks);
        }
        if sink.wants(Role::Queen) {
            sliders(sink, Role::Queen, queen_attacks);
        }

        if sink.wants(Role::Pawn) {
            pawn_moves(pos, king, target, pinned, sink);
        }
        if sink.wants(Role::King) {
            self.castle(sink);
        }
    }

    /// Hands the legal castlings to `sink` (none in check).
    #[inline(always)]
    pub(crate) fn castle<S: BulkSink>(&self, sink: &mut S) {
        if self.pos.checkers.is_empty() {
            castling(self.pos, self.king, sink);
        }
    }
}

/// The pawn moves, en passant included, of the side to move (king on
/// `king`, pieces `pinned`), to squares of `target` (en passant aside).
#[inline(always)]
fn pawn_moves<S: BulkSink>(
    pos: &Position,
    king: Square,
    target: Bitboard,
    pinned: Bitboard,
    sink: &mut S,
) {
    let board = &pos.board;
    let us = pos.turn;
    let ours = board.by_color(us);
    let theirs = board.by_color(!us);
    let occ = board.occupied();

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
}

/// En passant, tested by playing it on a scratch occupancy: this covers
/// evasions, pins, and the pawn pair that shields the king along a rank.
#[inline(always)]
fn en_passant<S: BulkSink>(pos: &Position, king: Square, ep: Square, sink: &mut S) {
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let Some(captured) = ep.offset(us.fold_wb(-8, 8)) else { return };
    for from in pawn_attacks(them, ep) & board.pawns() & board.by_color(us) {
        if en_passant_is_legal(board, us, king, from, ep, captured) {
            sink.en_passant(from, ep);
        }
    }
}

/// True if the pawn of `us` on `from` may capture en passant on `ep`,
/// taking the pawn on `captured`: no piece attacks the king once the
/// capture is played on a scratch occupancy.
#[inline(always)]
fn en_passant_is_legal(
    board: &Board,
    us: Color,
    king: Square,
    from: Square,
    ep: Square,
    captured: Square,
) -> bool {
    let occ = (board.occupied() ^ from ^ captured) | ep;
    board.attackers_to(king, !us, occ).without(captured).is_empty()
}

/// Castling in standard chess and Chess960 alike: the squares the king and
/// rook travel over must be empty (but for themselves), and no square the
/// king crosses or lands on may be attacked once both have left.
#[inline(always)]
fn castling<S: BulkSink>(pos: &Position, king: Square, sink: &mut S) {
    let board = &pos.board;
    let us = pos.turn;
    for rook in pos.castling.for_color(us) {
        if castling_path_is_free(board, us, king, rook) {
            sink.castle(king, rook);
        }
    }
}

/// True if the king of `us` on `king` may castle with the rook on `rook`,
/// given that the king is not in check and the right exists: the squares
/// both travel over are empty (but for themselves) and no square the king
/// crosses or lands on is attacked once both have left.
#[inline(always)]
fn castling_path_is_free(board: &Board, us: Color, king: Square, rook: Square) -> bool {
    let occ = board.occupied() ^ king ^ rook;
    castling_king_path(board, us, king, rook)
        .is_some_and(|path| !path.into_iter().any(|sq| board.is_attacked(sq, !us, occ)))
}

/// The squares the king of `us` on `king` crosses or lands on when it
/// castles with the rook on `rook`, if the squares both travel over are
/// empty (but for themselves): what must not be attacked for the
/// castling to be legal.
#[inline(always)]
pub(crate) fn castling_king_path(
    board: &Board,
    us: Color,
    king: Square,
    rook: Square,
) -> Option<Bitboard> {
    let side = CastlingSide::of(king, rook);
    let rank = us.back_rank();
    let king_to = Square::from_coords(side.king_to_file(), rank);
    let rook_to = Square::from_coords(side.rook_to_file(), rank);
    let occ = board.occupied() ^ king ^ rook;
    let king_path = between(king, king_to).with(king_to);
    let must_be_empty = king_path | between(rook, rook_to).with(rook_to);
    (must_be_empty & occ).is_empty().then_some(king_path)
}

impl Position {
    /// Hands every legal move to `sink`, in bulk (see [`BulkSink`]): for
    /// callers that want something of the moves other than a list, such
    /// as counts by kind, without building each move.
    ///
    /// ```
    /// use chess_core::{Bitboard, Board, BulkSink, Position, Role, Square};
    ///
    /// /// Counts the knight moves.
    /// struct Knights(u32);
    /// impl BulkSink for Knights {
    ///     fn piece(&mut self, _: &Board, role: Role, _: Square, targets: Bitboard) {
    ///         if role == Role::Knight {
    ///             self.0 += targets.count();
    ///         }
    ///     }
    ///     fn pawns(&mut self, _: &Board, _: Bitboard, _: i32) {}
    ///     fn pawn(&mut self, _: &Board, _: Square, _: Bitboard) {}
    ///     fn en_passant(&mut self, _: Square, _: Square) {}
    ///     fn castle(&mut self, _: Square, _: Square) {}
    /// }
    /// let mut knights = Knights(0);
    /// Position::new().generate_legal(&mut knights);
    /// assert_eq!(knights.0, 4);
    /// ```
    #[inline]
    pub fn generate_legal<S: BulkSink>(&self, sink: &mut S) {
        generate(self, sink);
    }

    /// A generator of the legal moves, for handing them over role by role
    /// in several turns ([`LegalGenerator`]); None if the side to move has
    /// no king, and so no legal move.
    #[inline]
    pub fn legal_generator(&self) -> Option<LegalGenerator<'_>> {
        LegalGenerator::new(self)
    }

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
    ///
    /// In check, evasions are tried one kind at a time (capturing the
    /// checker, a king step, a block) and the first one found ends the
    /// search: replaying a game tests for mate after every checking move.
    pub fn has_legal_moves(&self) -> bool {
        let board = &self.board;
        let them = !self.turn;
        let Some(king) = board.king_of(self.turn) else { return false };
        let occ = board.occupied();
        let checkers = self.checkers;
        let Some(checker) = checkers.first() else {
            return self.has_free_move(king) || self.count_legal_moves() > 0;
        };
        const OTHERS: [Role; 5] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
        let single = !checkers.more_than_one();
        // `legal_origins_to` is exact for every role: evasion, pins, en passant.
        let any_to = |to: Square| {
            OTHERS.iter().any(|&role| self.legal_origins_to(role, Bitboard::FULL, to).is_nonempty())
        };
        if single && any_to(checker) {
            return true;
        }
        let without_king = occ.without(king);
        let steps = king_attacks(king) & !board.by_color(self.turn);
        if steps.into_iter().any(|to| !board.is_attacked(to, them, without_king)) {
            return true;
        }
        if !single {
            return false;
        }
        // Blocks, and the en passant capture of a checking pawn.
        between(king, checker).into_iter().any(any_to)
            || self.ep_square.is_some_and(|ep| {
                self.legal_origins_to(Role::Pawn, Bitboard::FULL, ep).is_nonempty()
            })
    }
}

impl Position {
    /// Out of check, true if a piece that is not pinned (and not the king)
    /// has a move: such moves are all legal, en passant aside, which is
    /// not looked at. False says nothing (every piece may be pinned or
    /// blocked); the caller then generates.
    fn has_free_move(&self, king: Square) -> bool {
        let board = &self.board;
        let us = self.turn;
        let ours = board.by_color(us);
        let occ = board.occupied();
        let free = ours.without(king) & !self.pinned_to(king, us);
        let up = us.fold_wb(8, -8);
        let pawns = free & board.pawns();
        let theirs = board.by_color(!us);
        for from in pawns {
            let step = from.offset(up).is_some_and(|to| !occ.contains(to));
            if step || (pawn_attacks(us, from) & theirs).is_nonempty() {
                return true;
            }
        }
        for from in free & !board.pawns() {
            let targets = match board.role_at(from) {
                Some(Role::Knight) => knight_attacks(from),
                Some(Role::Bishop) => bishop_attacks(from, occ),
                Some(Role::Rook) => rook_attacks(from, occ),
                Some(Role::Queen) => queen_attacks(from, occ),
                _ => Bitboard::EMPTY,
            };
            if (targets & !ours).is_nonempty() {
                return true;
            }
        }
        false
    }
}

/// The capacity of [`MovesTo`]: the most legal moves that the pieces of one
/// role can make to one square, in any position.
///
/// The origins of such moves are the squares from which that role reaches
/// the target: a knight from at most 8 squares, a bishop or rook from the
/// nearest piece on each of its 4 rays, a queen from 8 rays, the king from
/// its one square (a [`Position`] has one king a side). A pawn reaches an
/// empty square that is not the en passant square from at most one square
/// (a single step, or a double step, which needs the single-step square
/// empty), four moves if it promotes; it reaches the en passant square only
/// by capturing, from at most 2 squares (no promotion there); and an enemy
/// piece by capturing from at most 2 squares, four moves each if it
/// promotes. So 8 in all cases.
pub const MAX_MOVES_TO: usize = 8;

/// The legal moves of one role to one square, from
/// [`Position::legal_moves_to`]: a stack array of [`MAX_MOVES_TO`] moves.
pub type MovesTo = ArrayVec<Move, MAX_MOVES_TO>;

impl Position {
    /// The origins of the legal moves of the pieces of `role` of the side
    /// to move that stand on a square of `from` and go to `to`, castling
    /// excepted: the squares that [`Position::legal_moves_to`] lists moves
    /// from, as one set, which is what resolving notation needs first.
    ///
    /// Each origin stands for one move, or four promotions when a pawn
    /// reaches the last rank; a pawn origin to the en passant square is an
    /// en passant capture ([`Position::move_from_origin`] builds the move).
    ///
    /// This does not generate the other moves: candidate origins are the
    /// squares from which `role` reaches `to` (for a knight,
    /// `knight_attacks(to) & knights & from`), and only those are tested
    /// for legality (check evasion, pins, king safety, en passant on a
    /// scratch occupancy). Pass [`Bitboard::FULL`] for any origin.
    ///
    /// ```
    /// use chess_core::{Bitboard, Position, Role, Square};
    ///
    /// let pos = Position::new();
    /// let origins = pos.legal_origins_to(Role::Knight, Bitboard::FULL, Square::F3);
    /// assert_eq!(origins, Bitboard::from(Square::G1));
    /// assert!(pos.legal_origins_to(Role::Pawn, Bitboard::FULL, Square::E5).is_empty());
    /// ```
    pub fn legal_origins_to(&self, role: Role, from: Bitboard, to: Square) -> Bitboard {
        let board = &self.board;
        let us = self.turn;
        let ours = board.by_color(us);
        let Some(king) = board.king_of(us) else { return Bitboard::EMPTY };
        if ours.contains(to) {
            return Bitboard::EMPTY;
        }
        let occ = board.occupied();
        let pieces = from & ours & board.by_role(role);
        let candidates = match role {
            Role::King => {
                let legal = pieces.contains(king)
                    && king_attacks(king).contains(to)
                    && !board.is_attacked(to, !us, occ.without(king));
                return if legal { Bitboard::from(king) } else { Bitboard::EMPTY };
            }
            Role::Pawn => return self.pawn_origins_to(pieces, to, king),
            Role::Knight => pieces & knight_attacks(to),
            Role::Bishop => reaching(pieces & bishop_rays(to), to, occ),
            Role::Rook => reaching(pieces & rook_rays(to), to, occ),
            Role::Queen => reaching(pieces & (rook_rays(to) | bishop_rays(to)), to, occ),
        };
        if candidates.is_empty() || !self.evades_check(king, to) {
            return Bitboard::EMPTY;
        }
        let mut origins = Bitboard::EMPTY;
        for from in candidates {
            if self.keeps_king_safe(king, from, to) {
                origins.add(from);
            }
        }
        origins
    }

    /// The legal moves of the pieces of `role` of the side to move that
    /// stand on a square of `from` and go to `to`: promotions (all four)
    /// for pawns that reach the last rank, en passant when `to` is the en
    /// passant square; never castling (see [`Position::legal_castle`]).
    ///
    /// The moves of [`Position::legal_origins_to`], in the order of their
    /// origin squares, then of [`Role::PROMOTIONS`].
    ///
    /// ```
    /// use chess_core::{Bitboard, Position, Role, Square};
    ///
    /// let pos = Position::new();
    /// let moves = pos.legal_moves_to(Role::Knight, Bitboard::FULL, Square::F3);
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!(moves[0].from(), Some(Square::G1));
    /// ```
    pub fn legal_moves_to(&self, role: Role, from: Bitboard, to: Square) -> MovesTo {
        let mut out = MovesTo::new();
        let promotes = role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
        for from in self.legal_origins_to(role, from, to) {
            if promotes {
                for promotion in Role::PROMOTIONS {
                    push(&mut out, self.move_from_origin(role, from, to, Some(promotion)));
                }
            } else {
                push(&mut out, self.move_from_origin(role, from, to, None));
            }
        }
        out
    }

    /// The move of a piece of `role` from `from` to `to` with `promotion`,
    /// as [`Position::legal_moves_to`] builds it: the captured role read
    /// from the board, and [`Move::EnPassant`] for a pawn capture onto the
    /// en passant square. Nothing is checked: `from` should be one of
    /// [`Position::legal_origins_to`] and `promotion` given exactly when a
    /// pawn reaches the last rank.
    #[inline]
    pub fn move_from_origin(
        &self,
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Move {
        if role == Role::Pawn && self.ep_square == Some(to) && from.file() != to.file() {
            Move::EnPassant { from, to }
        } else {
            Move::Normal { role, from, capture: self.board.role_at(to), to, promotion }
        }
    }

    /// The pawn origins of [`Position::legal_origins_to`]; `pawns` are the
    /// pawns of the side to move allowed as origins.
    #[inline]
    fn pawn_origins_to(&self, pawns: Bitboard, to: Square, king: Square) -> Bitboard {
        let board = &self.board;
        let us = self.turn;
        let occ = board.occupied();
        let mut origins = Bitboard::EMPTY;
        if occ.contains(to) {
            // `to` holds an enemy piece (not ours: checked by the caller).
            let candidates = pawn_attacks(!us, to) & pawns;
            if candidates.is_empty() || !self.evades_check(king, to) {
                return origins;
            }
            for from in candidates {
                if self.keeps_king_safe(king, from, to) {
                    origins.add(from);
                }
            }
            return origins;
        }
        let up = us.fold_wb(8, -8);
        if let Some(one) = to.offset(-up) {
            let origin = if pawns.contains(one) {
                Some(one)
            } else if !occ.contains(one) && to.rank() == Rank::Fourth.relative_to(us) {
                one.offset(-up).filter(|sq| pawns.contains(*sq))
            } else {
                None
            };
            if let Some(from) = origin
                && self.evades_check(king, to)
                && self.keeps_king_safe(king, from, to)
            {
                origins.add(from);
            }
        }
        // No pawn steps onto the en passant square: the pawn that just
        // passed it stands in the way.
        if self.ep_square == Some(to)
            && let Some(captured) = to.offset(-up)
        {
            for from in pawn_attacks(!us, to) & pawns {
                if en_passant_is_legal(board, us, king, from, to, captured) {
                    origins.add(from);
                }
            }
        }
        origins
    }

    /// True if a move to `to` (not by the king, not en passant) can be
    /// legal as far as check goes: no check, or one checker that the move
    /// captures or blocks.
    #[inline]
    fn evades_check(&self, king: Square, to: Square) -> bool {
        let checkers = self.checkers;
        match checkers.single() {
            None => checkers.is_empty(),
            Some(checker) => between(king, checker).with(checker).contains(to),
        }
    }

    /// True if moving the piece (not the king) on `from` to `to` uncovers
    /// no slider's attack on `king`: a piece off every line through the
    /// king, or moving along its line, cannot; otherwise the sliders are
    /// looked up on the occupancy after the move.
    #[inline]
    fn keeps_king_safe(&self, king: Square, from: Square, to: Square) -> bool {
        let through = line(king, from);
        if through.is_empty() || through.contains(to) {
            return true;
        }
        let board = &self.board;
        // No enemy slider that moves along this line stands on it.
        let straight = king.rank() == from.rank() || king.file() == from.file();
        let movers = if straight { board.rooks_and_queens() } else { board.bishops_and_queens() };
        if (through & movers & board.by_color(!self.turn)).is_empty() {
            return true;
        }
        // A slider on the line with nothing between it and the king once
        // the move is made (one that is captured does not count).
        let occ = board.occupied().without(from).with(to);
        let theirs = board.by_color(!self.turn).without(to);
        reaching(through & movers & theirs, king, occ).is_empty()
    }

    /// The legal castling move on `side`, if there is one: the right
    /// exists (its rook is found through the castling rights, so Chess960
    /// needs nothing special), the king is not in check, the squares the
    /// king and rook travel over are free and none the king crosses or
    /// lands on is attacked.
    ///
    /// ```
    /// use chess_core::{CastlingSide, Position};
    ///
    /// assert_eq!(Position::new().legal_castle(CastlingSide::KingSide), None);
    /// ```
    pub fn legal_castle(&self, side: CastlingSide) -> Option<Move> {
        let us = self.turn;
        let king = self.our_king()?;
        let rook = self.castling.rook(us, side, king)?;
        (!self.is_check() && castling_path_is_free(&self.board, us, king, rook))
            .then_some(Move::Castle { king, rook })
    }
}

/// The sliders among `sliders` (each on a line with `to`) with no piece of
/// `occ` between them and `to`: a few lookups in the small between table
/// instead of the large slider attack table.
#[inline]
fn reaching(sliders: Bitboard, to: Square, occ: Bitboard) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for from in sliders {
        if (between(from, to) & occ).is_empty() {
            found.add(from);
        }
    }
    found
}

/// Adds a move to a [`MovesTo`]; [`MAX_MOVES_TO`] bounds every case, so
/// nothing is ever dropped.
#[inline(always)]
fn push(out: &mut MovesTo, m: Move) {
    let _ = out.try_push(m);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::tests::setup_from_fen;
    use testkit::XorShift;

    #[test]
    fn has_legal_moves_agrees_with_counting() {
        let mut rng = XorShift::new(0x51ed_270b_a0c2_1f3d);
        let mut in_check = 0;
        for _ in 0..600 {
            let mut pos = Position::new();
            for _ in 0..200 {
                assert_eq!(pos.has_legal_moves(), pos.count_legal_moves() > 0, "{pos:?}");
                in_check += usize::from(pos.is_check());
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        assert!(in_check > 1_000, "{in_check}");
        // The perft suites' positions and every position one move later.
        for pos in corpus_positions() {
            for m in pos.legal_moves() {
                let mut next = pos.clone();
                next.play_unchecked(m);
                assert_eq!(next.has_legal_moves(), next.count_legal_moves() > 0, "{next:?}");
            }
        }
    }

    #[test]
    fn is_legal_agrees_with_the_list() {
        // Every legal move, and moves made up from every pair of squares
        // with each role, promotion and captured role, castling and en
        // passant on every square: legal exactly when listed.
        let roles = [None, Some(Role::Pawn), Some(Role::Queen), Some(Role::Knight)];
        let mut checked = 0;
        let starts = corpus_positions();
        for pos in random_positions(&starts, 40, 0x15_1e6a) {
            let legal = pos.legal_moves();
            let mut rng = XorShift::new(checked as u64 + 1);
            for _ in 0..64 {
                let from = Square::ALL[rng.below(64)];
                let to = Square::ALL[rng.below(64)];
                let role = Role::ALL[rng.below(6)];
                let promotion = Role::ALL.get(rng.below(8)).copied();
                let capture = roles[rng.below(roles.len())];
                let made = [
                    Move::Normal { role, from, capture, to, promotion },
                    Move::Normal { role, from, capture: pos.board().role_at(to), to, promotion },
                    Move::EnPassant { from, to },
                    Move::Castle { king: from, rook: to },
                ];
                for m in made.into_iter().chain(legal.iter().copied()) {
                    assert_eq!(pos.is_legal(m), legal.contains(&m), "{m:?} in {pos:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn legal_ep_square_agrees_with_the_list() {
        // The square is kept exactly when the legal moves have an en
        // passant capture: in random games, and one move after each of the
        // perft suites' positions (pins along ranks and diagonals, checks).
        let starts = corpus_positions();
        let after_one = starts.iter().flat_map(|pos| {
            pos.legal_moves().into_iter().map(move |m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                next
            })
        });
        let (mut squares, mut legal) = (0, 0);
        for pos in random_positions(&starts, 600, 0x00e9_5a7e).into_iter().chain(after_one) {
            let capture = pos.legal_moves().iter().any(|m| matches!(m, Move::EnPassant { .. }));
            assert_eq!(pos.legal_ep_square(), pos.ep_square().filter(|_| capture), "{pos:?}");
            squares += usize::from(pos.ep_square().is_some());
            legal += usize::from(capture);
        }
        assert!(squares > 1_000 && legal > 100 && legal < squares, "{squares} {legal}");
    }

    /// A [`Lister`] that wants the roles of the bits of `.1` only.
    struct Wanted<'a>(Lister<'a>, u8);

    impl BulkSink for Wanted<'_> {
        fn wants(&self, role: Role) -> bool {
            self.1 >> role.index() & 1 != 0
        }
        fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
            self.0.piece(board, role, from, targets);
        }
        fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32) {
            self.0.pawns(board, targets, delta);
        }
        fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard) {
            self.0.pawn(board, from, targets);
        }
        fn en_passant(&mut self, from: Square, to: Square) {
            self.0.en_passant(from, to);
        }
        fn castle(&mut self, king: Square, rook: Square) {
            self.0.castle(king, rook);
        }
    }

    #[test]
    fn a_sink_gets_the_moves_of_the_roles_it_wants() {
        let starts = corpus_positions();
        let mut rng = XorShift::new(0x0e1e_c7ed);
        let mut moves = 0;
        for pos in random_positions(&starts, 30, 0x005e_1ec7) {
            let all = pos.legal_moves();
            let roles = rng.below(64) as u8;
            let mut list = MoveList::new();
            pos.generate_legal(&mut Wanted(Lister(&mut list), roles));
            let wanted =
                all.iter().filter(|m| m.role().is_some_and(|r| roles >> r.index() & 1 != 0));
            assert!(list.iter().eq(wanted), "roles {roles:#b} in {pos:?}");
            moves += list.len();
        }
        assert!(moves > 10_000, "{moves}");
    }

    #[test]
    fn a_generator_in_turns_gets_the_same_moves() {
        // Its king's steps are tested against every enemy slider.
        let starts = corpus_positions();
        let (mut moves, mut king_moves) = (0, 0);
        for pos in random_positions(&starts, 30, 0x0b1d_e5ee) {
            let all = pos.legal_moves();
            let mut list = MoveList::new();
            if let Some(generator) = pos.legal_generator() {
                generator.generate(&mut Lister(&mut list));
            }
            assert_eq!(list, all, "{pos:?}");
            moves += list.len();
            king_moves += list.iter().filter(|m| m.role() == Some(Role::King)).count();
        }
        assert!(moves > 10_000 && king_moves > 1_000, "{moves} {king_moves}");
    }

    /// The ways of counting the pieces' moves to test: the portable twin
    /// everywhere, and the fills where the processor has AVX-512 (whatever
    /// `PGN_PORTABLE` says).
    fn count_paths() -> &'static [bool] {
        if crate::cpu::avx512_detected() {
            &[false, true]
        } else {
            eprintln!(
                "the processor lacks AVX-512: the fills are not compared, the portable twin is"
            );
            &[false]
        }
    }

    #[test]
    fn piece_move_counts_are_the_numbers_of_the_moves_handed_over() {
        // By role and for random sets of roles, with the castlings and
        // without, by the fills and by their portable twin, and by the
        // public functions, which use the fills where `cpu::wide_vectors`
        // says so: every count against the moves the generator hands over.
        let paths = count_paths();
        let starts = corpus_positions();
        let mut rng = XorShift::new(0x0001_c0de);
        let (mut compared, mut pinned, mut checks, mut castles) = (0, 0, 0, 0);
        for pos in random_positions(&starts, 200, 0x00c0_a7ed) {
            let Some(generator) = pos.legal_generator() else { continue };
            let mut expected = [0; 6];
            let mut castles_expected = 0;
            for m in pos.legal_moves() {
                match m {
                    Move::Castle { .. } => castles_expected += 1,
                    Move::Normal { role, .. } if role != Role::Pawn => expected[role.index()] += 1,
                    _ => {}
                }
            }
            assert_eq!(generator.count_castles(), castles_expected, "{pos:?}");
            assert_eq!(generator.piece_move_counts(), expected, "{pos:?}");
            let both = (expected, castles_expected);
            assert_eq!(generator.piece_move_and_castle_counts(), both, "{pos:?}");
            let roles = rng.below(64) as u8;
            let sum: u16 = (0..6).filter(|i| roles >> i & 1 != 0).map(|i| expected[i]).sum();
            let sum = usize::from(sum);
            assert_eq!(generator.count_piece_moves(roles), sum, "roles {roles:#b} in {pos:?}");
            let with_castles = generator.count_piece_moves_and_castles(roles);
            assert_eq!(with_castles, sum + castles_expected, "roles {roles:#b} in {pos:?}");
            for &fills in paths {
                let path = if fills { "fills" } else { "portable" };
                assert_eq!(generator.counts_by(fills, false), (expected, 0), "{path} {pos:?}");
                assert_eq!(generator.counts_by(fills, true), both, "{path} {pos:?}");
                let counted = generator.count_by(fills, roles, false);
                assert_eq!(counted, sum, "{path}, roles {roles:#b} in {pos:?}");
                let with_castles = generator.count_by(fills, roles, true);
                let expected = sum + castles_expected;
                assert_eq!(with_castles, expected, "{path}, roles {roles:#b} in {pos:?}");
            }
            compared += 1;
            pinned += usize::from(pos.pinned().is_nonempty());
            checks += usize::from(pos.is_check());
            castles += usize::from(castles_expected > 0);
        }
        assert!(
            compared > 20_000 && pinned > 800 && checks > 800 && castles > 100,
            "{compared} {pinned} {checks} {castles}"
        );
    }

    #[test]
    fn castlings_counted_from_the_attack_map() {
        // Castlings free, through an attacked square, past an enemy rook
        // on the back rank (counted square by square), and in Chess960
        // with the rook between king and the enemy, or on the king's way.
        let fens = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/7b/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/Rr2K2R w KQ - 0 1",
            "4k3/8/8/8/8/8/8/qR2K2R w KQ - 0 1",
            "4k3/8/8/8/8/8/8/1RK3Rr w BG - 0 1",
            "4k3/8/8/8/8/8/8/rRK3R1 w BG - 0 1",
            "4k3/8/8/8/8/8/8/1K1R3r w D - 0 1",
            "4k3/8/8/8/8/8/8/r1KR4 w D - 0 1",
            "1r2k3/8/8/8/8/8/8/RK5R w AH - 0 1",
            "4k3/8/8/8/8/8/8/RK4rR w AH - 0 1",
            "4k3/8/8/8/8/6n1/8/R3K2R w KQ - 0 1",
            "4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1",
            "4k3/8/8/8/8/8/2p5/R3K2R w KQ - 0 1",
            // The king stays on c1, the rook goes from b1 to d1: an enemy
            // rook or queen on a1 then gives check, through b1.
            "4k3/8/8/8/8/8/8/1RK5 w B - 0 1",
            "4k3/8/8/8/8/8/8/rRK5 w B - 0 1",
            "4k3/8/8/8/8/8/8/qRK5 w B - 0 1",
        ];
        let paths = count_paths();
        let mut castlings = 0;
        for fen in fens {
            let pos = position_from_fen(fen).expect(fen);
            let generator = pos.legal_generator().expect("a king");
            let expected =
                pos.legal_moves().iter().filter(|m| matches!(m, Move::Castle { .. })).count();
            castlings += expected;
            for &fills in paths {
                let path = if fills { "fills" } else { "portable" };
                let pieces = generator.count_by(fills, 0b11_1110, false);
                let with_castles = generator.count_by(fills, 0b11_1110, true);
                assert_eq!(with_castles, pieces + expected, "{path}: {fen}");
                // With no role wanted, only the castlings are counted.
                assert_eq!(generator.count_by(fills, 0, true), expected, "{path}: {fen}");
                let (_, by_role) = generator.counts_by(fills, true);
                assert_eq!(by_role, expected, "{path}: {fen}");
            }
        }
        assert!(castlings >= 9, "{castlings}");
    }

    /// Positions whose moves a generator in turns must split right, kept
    /// here so that the test checks them with or without the corpus: the
    /// start, Kiwipete (castling both ways, pins, many captures), three
    /// double checks (in the third the king may take a checker), en
    /// passant plain and in both its traps, promotions beside a pin, and
    /// Chess960 castling.
    const TURN_CASES: [&str; 10] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
        "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1",
        "4k3/3P4/8/8/8/8/8/4RK2 b - - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "1r2k3/P7/8/8/1b6/2N5/8/4K1N1 w - - 0 1",
        "1k6/8/8/8/8/8/8/RKR5 w CA - 0 1",
    ];

    #[test]
    fn a_generator_in_turns_gives_the_moves_of_one_turn() {
        // One turn a role, the roles in a random order: together the
        // turns give every legal move once, and each turn those of its
        // role only (in double check, only the king's turn gives any).
        // The positions are the fixed cases and random games from the
        // corpus's perft positions, or from the fixed cases without it.
        let cases: Vec<Position> = TURN_CASES
            .iter()
            .map(|fen| position_from_fen(fen).unwrap_or_else(|| panic!("{fen}")))
            .collect();
        let mut starts = corpus_positions();
        starts.extend(cases.iter().cloned());
        let mut positions = cases;
        positions.extend(random_positions(&starts, 30, 0x0007_ea5e));
        let mut rng = XorShift::new(0x7e_a5ed);
        let (mut moves, mut double_checks, mut en_passant, mut castles, mut promotions) =
            (0, 0, 0, 0, 0);
        for pos in positions {
            let mut all: Vec<Move> = pos.legal_moves().to_vec();
            let Some(generator) = pos.legal_generator() else {
                assert!(all.is_empty(), "{pos:?}");
                continue;
            };
            let mut order = Role::ALL;
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let mut turns = Vec::new();
            for role in order {
                let mut list = MoveList::new();
                generator.generate(&mut Wanted(Lister(&mut list), 1 << role.index()));
                assert!(list.iter().all(|m| m.role() == Some(role)), "{role:?} in {pos:?}");
                turns.extend(list);
            }
            all.sort_by_key(|m| format!("{m:?}"));
            turns.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(turns, all, "{pos:?}");
            moves += all.len();
            double_checks += usize::from(pos.checkers().more_than_one());
            en_passant += all.iter().filter(|m| matches!(m, Move::EnPassant { .. })).count();
            castles += all.iter().filter(|m| matches!(m, Move::Castle { .. })).count();
            promotions += all.iter().filter(|m| m.promotion().is_some()).count();
        }
        // The cases that a turn could get wrong were all met (the fixed
        // cases alone hold these many).
        assert!(moves > 10_000, "{moves}");
        assert!(double_checks >= 3, "{double_checks} double checks");
        assert!(en_passant >= 2, "{en_passant} en passant captures");
        assert!(castles >= 3, "{castles} castlings");
        assert!(promotions >= 8, "{promotions} promotions");
    }

    #[test]
    fn stalemate_with_a_pinned_piece() {
        // The knight on b7 is pinned by the bishop; the king's squares are
        // covered. One white move later the knight is free to move.
        let pos = position_from_fen("k7/1n1N4/1KB5/8/8/8/8/8 b - -").expect("valid");
        assert!(!pos.is_check());
        assert!(!pos.has_legal_moves());
        assert!(pos.is_stalemate());
        let free = position_from_fen("k7/1n1N4/1K6/8/8/8/8/8 b - -").expect("valid");
        assert!(free.has_legal_moves());
    }

    /// A test position from the first four fields of a FEN
    /// ([`setup_from_fen`]); `None` if it does not read or is not legal.
    fn position_from_fen(fen: &str) -> Option<Position> {
        setup_from_fen(fen).and_then(|setup| Position::from_setup(setup).ok())
    }

    /// Positions from the perft suites of the corpus, if it is there.
    fn corpus_positions() -> Vec<Position> {
        let dir = testkit::corpus::dir();
        let mut out = Vec::new();
        for name in ["tricky.perft", "random.perft", "chess960.perft"] {
            let path = dir.join("perft/shakmaty").join(name);
            let Ok(text) = std::fs::read_to_string(path) else { continue };
            let fens = text.lines().filter_map(|l| l.strip_prefix("epd "));
            out.extend(fens.take(400).filter_map(position_from_fen));
        }
        out
    }

    /// Positions of random games from the start and from `starts`.
    fn random_positions(starts: &[Position], games: usize, seed: u64) -> Vec<Position> {
        let mut rng = XorShift::new(seed);
        let mut out = Vec::new();
        for game in 0..games {
            let mut pos = match starts.len() {
                0 => Position::new(),
                n => starts[game % n].clone(),
            };
            for _ in 0..rng.below(300) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(pos.clone());
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
            out.push(pos);
        }
        out
    }

    /// A key that orders the moves to one square.
    fn key(m: &Move) -> (Option<Square>, Option<Role>) {
        (m.from(), m.promotion())
    }

    fn check_targeted(pos: &Position, rng: &mut XorShift) {
        let all = pos.legal_moves();
        let mut expected = vec![Vec::new(); 6 * 64];
        for m in all.iter().filter(|m| !matches!(m, Move::Castle { .. })) {
            if let (Some(role), Some(to)) = (m.role(), m.to()) {
                expected[role.index() * 64 + to.index()].push(*m);
            }
        }
        let mask = Bitboard(rng.next_u64() | rng.next_u64());
        for role in Role::ALL {
            for to in Square::ALL {
                let mut want = std::mem::take(&mut expected[role.index() * 64 + to.index()]);
                want.sort_by_key(key);
                let got = pos.legal_moves_to(role, Bitboard::FULL, to);
                let mut got_sorted = got.to_vec();
                got_sorted.sort_by_key(key);
                assert_eq!(got_sorted, want, "{role:?} to {to} in\n{:?}", pos.board());
                let masked = pos.legal_moves_to(role, mask, to);
                let filtered = got.iter().filter(|m| m.from().is_some_and(|f| mask.contains(f)));
                assert!(masked.iter().eq(filtered), "{role:?} to {to} from\n{mask:?}");
            }
        }
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            let expected = all.iter().copied().find(|m| m.castling_side() == Some(side));
            assert_eq!(pos.legal_castle(side), expected, "{side:?} in\n{:?}", pos.board());
        }
    }

    #[test]
    fn targeted_moves_equal_filtered_legal_moves() {
        let mut rng = XorShift::new(0x9E37_79B9_7F4A_7C15);
        let corpus = corpus_positions();
        let mut positions = random_positions(&[], 60, 1);
        positions.extend(random_positions(&corpus, 60, 2));
        positions.extend(corpus);
        assert!(positions.len() > 10_000, "{} positions", positions.len());
        for pos in &positions {
            check_targeted(pos, &mut rng);
        }
    }

    #[test]
    fn targeted_moves_in_hard_cases() {
        let mut rng = XorShift::new(7);
        for fen in [
            // En passant that uncovers the king along the rank.
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            // En passant as the evasion of a pawn check.
            "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
            // Double check: only king moves.
            "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
            // A pinned knight (the standard's example) and promotions.
            "1r2k3/P7/8/8/1b6/2N5/8/4K1N1 w - - 0 1",
            // Chess960 castling with the king on b1 and rooks a1 and c1.
            "1k6/8/8/8/8/8/8/RKR5 w CA - 0 1",
        ] {
            let pos = position_from_fen(fen).unwrap_or_else(|| panic!("{fen}"));
            check_targeted(&pos, &mut rng);
        }
        let pinned = position_from_fen("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1").expect("legal");
        let e2 = pinned.legal_moves_to(Role::Knight, Bitboard::FULL, Square::E2);
        assert_eq!(e2.len(), 1);
        assert_eq!(e2[0].from(), Some(Square::G1));
    }
}
