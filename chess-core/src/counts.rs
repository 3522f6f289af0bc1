//! The legal moves of the pieces counted by role, without building them
//! ([`LegalGenerator::piece_move_counts`] and its kin): for callers that
//! need how many moves each role has (the ordinals of PGC), not which.
//!
//! Where the processor has AVX-512 ([`cpu::wide_vectors`]), the moves are
//! counted at once by fills over 512-bit vectors. A slider's moves along
//! one direction are the squares a fill along that direction reaches. Two
//! sliders of one role never reach a square along the same direction (the
//! nearer one stops the other's ray), so the moves of all a role's pieces
//! along a direction are the squares of one fill, and their number is one
//! `popcount`: eight directions are the eight 64-bit lanes of a vector,
//! and the rooks and bishops share one (four lanes each), the queens have
//! one, and so do the knights' eight jumps and the enemy's attacks that
//! the king may not step into (nor, castling, cross). No table is read
//! and no piece is looked at alone but a pinned one.
//!
//! Elsewhere, or with `PGN_PORTABLE` set, the portable twin counts what
//! the generator hands a counting [`BulkSink`]: the same numbers, no
//! cheaper than generating the moves. The tests compare the two wherever
//! the processor has AVX-512.
//!
//! This is the only module of the workspace with `unsafe` code: the two
//! calls of the functions compiled for AVX-512, one in the helper of
//! [`LegalGenerator::piece_move_counts`] and
//! [`LegalGenerator::piece_move_and_castle_counts`], one in that of
//! [`LegalGenerator::count_piece_moves`] and
//! [`LegalGenerator::count_piece_moves_and_castles`], each made right
//! after the processor was found to have the features. Everything inside
//! those functions is safe.

use crate::bitboard::Bitboard;
use crate::cpu;
use crate::movegen::{BulkSink, LegalGenerator};
use crate::types::{Role, Square};

/// Every role but the pawn, by bit [`Role::index`]: the roles counted.
const PIECES: u8 = 0b11_1110;

impl LegalGenerator<'_> {
    /// The number of legal moves of each role by [`Role::index`]: those of
    /// the knights, bishops, rooks and queens, and the king's steps
    /// (castling aside, see [`LegalGenerator::count_castles`]); 0 for
    /// pawns, which are not counted. The counts are those of the moves the
    /// generator hands over; no move is built.
    ///
    /// All are counted at once by fills where [`cpu::wide_vectors`] says
    /// so; elsewhere by the generator, which costs as much as generating
    /// the moves.
    ///
    /// ```
    /// use chess_core::{Position, Role};
    ///
    /// let pos = Position::new();
    /// let generator = pos.legal_generator().expect("a king");
    /// let counts = generator.piece_move_counts();
    /// assert_eq!(counts[Role::Knight.index()], 4);
    /// assert_eq!(counts[Role::Bishop.index()], 0);
    /// ```
    #[inline]
    pub fn piece_move_counts(&self) -> [u16; 6] {
        self.counts(false).0
    }

    /// [`LegalGenerator::piece_move_counts`] and the number of legal
    /// castlings; by fills, the castlings are counted from the enemy
    /// attacks that the king's steps are found with, as
    /// [`LegalGenerator::count_piece_moves_and_castles`] counts them.
    ///
    /// ```
    /// use chess_core::{Position, Role};
    ///
    /// let pos = Position::new();
    /// let generator = pos.legal_generator().expect("a king");
    /// let (counts, castles) = generator.piece_move_and_castle_counts();
    /// assert_eq!(counts[Role::Knight.index()], 4);
    /// assert_eq!(castles, 0);
    /// ```
    #[inline]
    pub fn piece_move_and_castle_counts(&self) -> ([u16; 6], usize) {
        self.counts(true)
    }

    /// [`LegalGenerator::piece_move_counts`], with the castlings if
    /// `castlings` (else 0).
    #[inline]
    fn counts(&self, castlings: bool) -> ([u16; 6], usize) {
        self.counts_by(cpu::wide_vectors(), castlings)
    }

    /// [`LegalGenerator::piece_move_counts`], with the castlings if
    /// `castlings` (else 0): by fills if `fills` and the processor has
    /// AVX-512, else by the portable twin.
    #[inline]
    pub(crate) fn counts_by(&self, fills: bool, castlings: bool) -> ([u16; 6], usize) {
        #[cfg(target_arch = "x86_64")]
        if fills && cpu::avx512_detected() {
            #[allow(unsafe_code)]
            // SAFETY: the processor has every feature the function is
            // compiled for, as just found; it is itself safe code.
            return unsafe { avx512::counts(self, castlings) };
        }
        let _ = fills;
        self.counts_portably(PIECES, castlings)
    }

    /// The number of legal moves of the pieces of the roles whose bits
    /// (by [`Role::index`]) `roles` has: those of the knights, bishops,
    /// rooks and queens, and the king's steps (castling aside); pawns are
    /// not counted. By fills, one serves all the sliders wanted (a queen
    /// is a rook in the straight lanes and a bishop in the diagonal ones),
    /// so this costs less than [`LegalGenerator::piece_move_counts`];
    /// elsewhere only the roles wanted are generated.
    ///
    /// ```
    /// use chess_core::{Position, Role};
    ///
    /// let pos = Position::new();
    /// let generator = pos.legal_generator().expect("a king");
    /// let knights_and_king = 1 << Role::Knight.index() | 1 << Role::King.index();
    /// assert_eq!(generator.count_piece_moves(knights_and_king), 4);
    /// ```
    #[inline]
    pub fn count_piece_moves(&self, roles: u8) -> usize {
        self.count_of(roles, false)
    }

    /// [`LegalGenerator::count_piece_moves`] and
    /// [`LegalGenerator::count_castles`] together. By fills, the
    /// castlings are counted from the enemy attacks the fills find for
    /// the king's steps, with no square looked at alone (unless an enemy
    /// rook or queen stands on the side's back rank, see below).
    ///
    /// The attacks are found with the king off the board and the castling
    /// rook on it, where castling takes both off. The two differ only on
    /// lines through the king's or the rook's square, and the only such
    /// line that reaches a square the king crosses is the back rank: the
    /// castlings of a side with an enemy rook or queen on its back rank
    /// are counted square by square instead.
    ///
    /// ```
    /// use chess_core::Position;
    ///
    /// let pos = Position::new();
    /// let generator = pos.legal_generator().expect("a king");
    /// let all = 0b11_1110; // every role but the pawn
    /// assert_eq!(generator.count_piece_moves_and_castles(all), 4);
    /// ```
    #[inline]
    pub fn count_piece_moves_and_castles(&self, roles: u8) -> usize {
        self.count_of(roles, true)
    }

    /// [`LegalGenerator::count_piece_moves`], with the castlings if
    /// `castlings`.
    #[inline]
    fn count_of(&self, roles: u8, castlings: bool) -> usize {
        self.count_by(cpu::wide_vectors(), roles, castlings)
    }

    /// [`LegalGenerator::count_piece_moves`], with the castlings if
    /// `castlings`: by fills if `fills` and the processor has AVX-512,
    /// else by the portable twin.
    #[inline]
    pub(crate) fn count_by(&self, fills: bool, roles: u8, castlings: bool) -> usize {
        #[cfg(target_arch = "x86_64")]
        if fills && cpu::avx512_detected() {
            #[allow(unsafe_code)]
            // SAFETY: as in `counts_by`.
            return unsafe { avx512::count_of(self, roles, castlings) };
        }
        let _ = fills;
        let (counts, castles) = self.counts_portably(roles, castlings);
        counts.iter().map(|&n| usize::from(n)).sum::<usize>() + castles
    }

    /// The portable twin of the fills: the legal moves of each role of
    /// `roles` (bits by [`Role::index`]; pawns aside) by [`Role::index`],
    /// 0 for the others, and the castlings if `castlings` (else 0), as
    /// the generator hands them to a counting sink.
    fn counts_portably(&self, roles: u8, castlings: bool) -> ([u16; 6], usize) {
        /// Counts the moves of the roles it wants, by role, and the
        /// castlings (which come with the king's moves).
        struct ByRole {
            roles: u8,
            counts: [u16; 6],
            castles: usize,
        }
        impl BulkSink for ByRole {
            #[inline(always)]
            fn wants(&self, role: Role) -> bool {
                self.roles >> role.index() & 1 != 0
            }
            #[inline(always)]
            fn piece(&mut self, _: &crate::Board, role: Role, _: Square, targets: Bitboard) {
                // At most 9 queens of 27 moves each: a role's moves fit.
                self.counts[role.index()] += targets.count() as u16;
            }
            fn pawns(&mut self, _: &crate::Board, _: Bitboard, _: i32) {}
            fn pawn(&mut self, _: &crate::Board, _: Square, _: Bitboard) {}
            fn en_passant(&mut self, _: Square, _: Square) {}
            #[inline(always)]
            fn castle(&mut self, _: Square, _: Square) {
                self.castles += 1;
            }
        }
        let mut sink = ByRole { roles: roles & PIECES, counts: [0; 6], castles: 0 };
        self.generate(&mut sink);
        let castles = match castlings {
            false => 0,
            true if sink.wants(Role::King) => sink.castles,
            true => self.count_castles(),
        };
        (sink.counts, castles)
    }

    /// The number of legal castlings, as [`LegalGenerator::generate`]
    /// hands them over.
    ///
    /// ```
    /// use chess_core::Position;
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.legal_generator().expect("a king").count_castles(), 0);
    /// ```
    #[inline]
    pub fn count_castles(&self) -> usize {
        /// Counts the castlings, and wants no role's moves but the
        /// king's (castling comes with them).
        struct Castles(usize);
        impl BulkSink for Castles {
            fn piece(&mut self, _: &crate::Board, _: Role, _: Square, _: Bitboard) {}
            fn pawns(&mut self, _: &crate::Board, _: Bitboard, _: i32) {}
            fn pawn(&mut self, _: &crate::Board, _: Square, _: Bitboard) {}
            fn en_passant(&mut self, _: Square, _: Square) {}
            fn castle(&mut self, _: Square, _: Square) {
                self.0 += 1;
            }
        }
        let mut castles = Castles(0);
        self.castle(&mut castles);
        castles.0
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi64, _mm512_and_si512, _mm512_andnot_si512, _mm512_mask_blend_epi64,
        _mm512_mask_reduce_add_epi64, _mm512_popcnt_epi64, _mm512_reduce_add_epi64,
        _mm512_reduce_or_epi64, _mm512_rolv_epi64, _mm512_set_epi64, _mm512_set1_epi64,
        _mm512_ternarylogic_epi64,
    };

    use crate::attacks::{bishop_attacks, king_attacks, line, queen_attacks, rook_attacks};
    use crate::bitboard::Bitboard;
    use crate::movegen::{LegalGenerator, castling_king_path};
    use crate::types::{Role, Square};

    /// A step in each of the eight directions of a queen, as a rotation of a
    /// bitboard (north +8, south −8, east +1, west −1, north-east +9,
    /// north-west +7, south-east −7, south-west −9, modulo 64): the lanes of
    /// [`slide`].
    const STEP_ROTATIONS: [u32; 8] = [8, 56, 1, 63, 9, 7, 57, 55];

    /// The squares a step in each direction of [`STEP_ROTATIONS`] may land
    /// on: not the edge it comes from. A square that went over the edge
    /// (rotated past the board's end, or to the far file of the next rank)
    /// lands there, so masking drops it.
    const STEP_LANDINGS: [u64; 8] = {
        let (file_a, file_h) = (0x0101_0101_0101_0101_u64, 0x8080_8080_8080_8080_u64);
        let (rank_1, rank_8) = (0xff_u64, 0xff_u64 << 56);
        [
            !rank_1,
            !rank_8,
            !file_a,
            !file_h,
            !file_a & !rank_1,
            !file_h & !rank_1,
            !file_a & !rank_8,
            !file_h & !rank_8,
        ]
    };

    /// A knight's eight jumps as rotations (+17, +15, +10, +6, −6, −10, −15,
    /// −17), and the squares each may land on (see [`STEP_LANDINGS`]).
    const KNIGHT_ROTATIONS: [u32; 8] = [17, 15, 10, 6, 58, 54, 49, 47];

    const KNIGHT_LANDINGS: [u64; 8] = {
        let (file_a, file_h) = (0x0101_0101_0101_0101_u64, 0x8080_8080_8080_8080_u64);
        let (file_b, file_g) = (file_a << 1, file_h >> 1);
        let (rank_1, rank_8) = (0xff_u64, 0xff_u64 << 56);
        let (ranks_12, ranks_78) = (0xffff_u64, 0xffff_u64 << 48);
        [
            !file_a & !ranks_12,
            !file_h & !ranks_12,
            !file_a & !file_b & !rank_1,
            !file_g & !file_h & !rank_1,
            !file_a & !file_b & !rank_8,
            !file_g & !file_h & !rank_8,
            !file_a & !ranks_78,
            !file_h & !ranks_78,
        ]
    };

    /// Eight words as the lanes of a vector, the first in lane 0.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn lanes(x: [u64; 8]) -> __m512i {
        let w = x.map(|w| w as i64);
        _mm512_set_epi64(w[7], w[6], w[5], w[4], w[3], w[2], w[1], w[0])
    }

    /// One word in every lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn splat(x: Bitboard) -> __m512i {
        _mm512_set1_epi64(x.0 as i64)
    }

    /// The rotation of each lane by its count, which is a step along the
    /// lane's direction when masked by [`STEP_LANDINGS`]: the lanes of
    /// [`STEP_ROTATIONS`] (north, south, east, west, then the diagonals).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn rotations(by: [u32; 8]) -> __m512i {
        lanes(by.map(u64::from))
    }

    /// The squares the sliders in each lane attack along the lane's
    /// direction, with `occupied` as their blockers: a Kogge–Stone fill
    /// over the empty squares doubling its reach three times, then one
    /// step more (the blocker, or the board's edge).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn slide(sliders: __m512i, occupied: Bitboard) -> __m512i {
        let landings = lanes(STEP_LANDINGS);
        let mut fill = sliders;
        let mut open = _mm512_andnot_si512(splat(occupied), landings);
        let mut by = STEP_ROTATIONS;
        for _ in 0..3 {
            let shift = rotations(by);
            // fill | (open & rotated fill)
            fill = _mm512_ternarylogic_epi64::<0xf8>(fill, open, _mm512_rolv_epi64(fill, shift));
            open = _mm512_and_si512(open, _mm512_rolv_epi64(open, shift));
            by = by.map(|r| (r * 2) & 63);
        }
        _mm512_and_si512(_mm512_rolv_epi64(fill, rotations(STEP_ROTATIONS)), landings)
    }

    /// The squares the knights of `knights` jump to, one jump a lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn jumps(knights: Bitboard) -> __m512i {
        let rotated = _mm512_rolv_epi64(splat(knights), rotations(KNIGHT_ROTATIONS));
        _mm512_and_si512(rotated, lanes(KNIGHT_LANDINGS))
    }

    /// The king's single steps from `kings`, one direction a lane.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn steps(kings: Bitboard) -> __m512i {
        let rotated = _mm512_rolv_epi64(splat(kings), rotations(STEP_ROTATIONS));
        _mm512_and_si512(rotated, lanes(STEP_LANDINGS))
    }

    /// The pieces `straight` in the four straight lanes (0 to 3) and
    /// `diagonal` in the four diagonal ones.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn by_direction(straight: Bitboard, diagonal: Bitboard) -> __m512i {
        _mm512_mask_blend_epi64(0xf0, splat(straight), splat(diagonal))
    }

    /// The number of squares of `target` in the lanes of `moves` picked
    /// by `mask` (bit i for lane i).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
    fn count(moves: __m512i, target: __m512i, mask: u8) -> u16 {
        let counts = _mm512_popcnt_epi64(_mm512_and_si512(moves, target));
        // At most 64 squares in each of 8 lanes.
        _mm512_mask_reduce_add_epi64(mask, counts) as u16
    }

    /// The squares the enemy attacks, with the side to move's king off the
    /// board so that a slider's ray passes its square. Written with the
    /// vector instructions themselves: the compiler does not turn a
    /// portable fill over eight words into these few.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
    fn enemy_attacks(generator: &LegalGenerator<'_>) -> Bitboard {
        let board = &generator.pos.board;
        let them = !generator.pos.turn;
        let theirs = board.by_color(them);
        let enemy_sliders =
            by_direction(board.rooks_and_queens() & theirs, board.bishops_and_queens() & theirs);
        let attacks = _mm512_ternarylogic_epi64::<0xfe>(
            slide(enemy_sliders, board.occupied().without(generator.king)),
            steps(board.kings() & theirs),
            jumps(board.knights() & theirs),
        );
        Bitboard(_mm512_reduce_or_epi64(attacks) as u64) | board.pawn_attacks_of(them)
    }

    /// The squares the side to move's king may step to: those of its
    /// steps that no enemy piece attacks (`attacked`, [`enemy_attacks`]).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
    fn king_steps(generator: &LegalGenerator<'_>, attacked: Bitboard) -> Bitboard {
        let board = &generator.pos.board;
        king_attacks(generator.king) & !board.by_color(generator.pos.turn) & !attacked
    }

    /// The number of legal castlings, the enemy attacking `attacked`
    /// ([`enemy_attacks`]); see [`LegalGenerator::count_piece_moves_and_castles`].
    /// No vector instruction: plain code, inlined into both its callers,
    /// where it runs once a position and a call would cost more than its
    /// work.
    #[inline(always)]
    fn castles(generator: &LegalGenerator<'_>, attacked: Bitboard) -> usize {
        let pos = generator.pos;
        if pos.checkers.is_nonempty() {
            return 0;
        }
        let (board, us) = (&pos.board, pos.turn);
        let back_rank = Bitboard::rank(us.back_rank());
        if (board.rooks_and_queens() & board.by_color(!us) & back_rank).is_nonempty() {
            return generator.count_castles();
        }
        let clear = |&rook: &Square| {
            castling_king_path(board, us, generator.king, rook)
                .is_some_and(|path| (path & attacked).is_empty())
        };
        pos.castling.for_color(us).into_iter().filter(clear).count()
    }

    /// The moves of the pinned sliders of the roles `wanted` says yes to
    /// (a pinned slider stays on its pin line; a pinned knight never
    /// moves), each counted into `count` by role.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
    fn pinned_moves(
        generator: &LegalGenerator<'_>,
        wanted: impl Fn(Role) -> bool,
        mut count: impl FnMut(Role, u16),
    ) {
        let board = &generator.pos.board;
        let (target, king, occupied) = (generator.target, generator.king, board.occupied());
        let ours = board.by_color(generator.pos.turn);
        for from in generator.pinned & ours & (board.bishops() | board.rooks() | board.queens()) {
            let role = if board.rooks().contains(from) {
                Role::Rook
            } else if board.bishops().contains(from) {
                Role::Bishop
            } else {
                Role::Queen
            };
            if !wanted(role) {
                continue;
            }
            let attacks = match role {
                Role::Rook => rook_attacks(from, occupied),
                Role::Bishop => bishop_attacks(from, occupied),
                _ => queen_attacks(from, occupied),
            };
            count(role, (attacks & target & line(king, from)).count() as u16);
        }
    }

    /// The moves of the pieces of the roles `roles` (bits by
    /// [`Role::index`]; pawns aside) of the side to move, counted by
    /// fills: one for all the sliders wanted; and the castlings if
    /// `castlings`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
    pub(super) fn count_of(generator: &LegalGenerator<'_>, roles: u8, castlings: bool) -> usize {
        let wanted = |role: Role| roles >> role.index() & 1 != 0;
        let mut total = 0;
        if wanted(Role::King) || castlings {
            let attacked = enemy_attacks(generator);
            if wanted(Role::King) {
                total += king_steps(generator, attacked).count() as usize;
            }
            if castlings {
                total += castles(generator, attacked);
            }
        }
        if generator.king_only {
            return total;
        }
        let board = &generator.pos.board;
        let free = board.by_color(generator.pos.turn) & !generator.pinned;
        let pick = |role: Role| {
            if wanted(role) { board.by_role(role) & free } else { Bitboard::EMPTY }
        };
        let queens = pick(Role::Queen);
        let sliders = by_direction(pick(Role::Rook) | queens, pick(Role::Bishop) | queens);
        let to = splat(generator.target);
        let moves = _mm512_add_epi64(
            _mm512_popcnt_epi64(_mm512_and_si512(slide(sliders, board.occupied()), to)),
            _mm512_popcnt_epi64(_mm512_and_si512(jumps(pick(Role::Knight)), to)),
        );
        // At most 64 squares in each of 16 lanes.
        total += _mm512_reduce_add_epi64(moves) as usize;
        pinned_moves(generator, wanted, |_, n| total += usize::from(n));
        total
    }

    /// The legal moves of each role of the side to move by
    /// [`Role::index`] (pawns and castling aside): those
    /// [`LegalGenerator::generate`] hands over, counted by fills; and the
    /// castlings if `castlings` (else 0).
    #[inline]
    #[target_feature(enable = "avx512f,avx512vpopcntdq,popcnt,bmi1,bmi2")]
    pub(super) fn counts(generator: &LegalGenerator<'_>, castlings: bool) -> ([u16; 6], usize) {
        let mut counts = [0; 6];
        let attacked = enemy_attacks(generator);
        counts[Role::King.index()] = king_steps(generator, attacked).count() as u16;
        let castles = if castlings { castles(generator, attacked) } else { 0 };
        if generator.king_only {
            return (counts, castles);
        }
        // The other pieces, pinned ones aside, to the squares of
        // `target`: rooks in the four straight lanes and bishops in the
        // four diagonal ones of one vector, queens in all eight of
        // another.
        let board = &generator.pos.board;
        let (occupied, target) = (board.occupied(), generator.target);
        let free = board.by_color(generator.pos.turn) & !generator.pinned;
        let both = slide(by_direction(board.rooks() & free, board.bishops() & free), occupied);
        let queens = slide(splat(board.queens() & free), occupied);
        let to = splat(target);
        counts[Role::Rook.index()] = count(both, to, 0x0f);
        counts[Role::Bishop.index()] = count(both, to, 0xf0);
        counts[Role::Queen.index()] = count(queens, to, 0xff);
        counts[Role::Knight.index()] = count(jumps(board.knights() & free), to, 0xff);
        pinned_moves(generator, |_| true, |role, n| counts[role.index()] += n);
        (counts, castles)
    }
}
