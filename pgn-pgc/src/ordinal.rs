//! Move ordinals (§20.2, ruling P1): a move's index in the legal moves of
//! its position sorted by the bytes of their canonical SAN (ruling E7).
//!
//! No SAN is written and no key built but for the moves of a piece class
//! whose pieces share a target square. The legal moves come from the move
//! generator in bulk ([`BulkSink`]): a piece and its target set, a set of
//! pawn moves with one offset. The first byte of a SAN is its *class*:
//! the piece letter (`B` < `K` < `N` < `Q` < `R`), `O` for castling, or
//! the file of a pawn's origin (`a` to `h`, after every capital). The
//! moves of the classes before a move's own are counted by `popcount`
//! over the bulk sets; [`ordinal`] asks the generator for the roles of
//! those classes only ([`BulkSink::wants`]). [`move_at`] asks for one role
//! at a time, in the order of the classes, from a [`LegalGenerator`] that
//! finds the pins and checks once, and stops at the class that holds the
//! move: the roles of later classes are never generated (a bishop's move
//! costs no test of the king's squares, a piece's move no pawn moves).
//!
//! Within a class, most of the order is an order of squares. A piece's
//! SAN is its letter, `x` for a capture and the target square; with no
//! two pieces of the class on one target, quiet moves come first (`x`
//! sorts after every file letter), each part by the target's file, then
//! rank, so a move's rank in its class is a count of target squares. A
//! file's pawn moves never share a target (but a pawn's four promotions,
//! in the order of their letters): pushes (`e4`) before captures (`exd5`),
//! each by the target's name, a back-rank square counting four. Castling
//! is `O-O` before `O-O-O`.
//!
//! Where two pieces of a class go to one square, disambiguation
//! (§8.2.3.4, ruling E7) puts the origin's file or rank after the letter,
//! and the moves to such shared squares get sort keys. The class's other
//! moves still sort by their squares' names among themselves, and where a
//! keyed move falls among them is a count of squares too (the byte after
//! its letter is a file or a rank, never `x`: see `plain_below`). A key
//! is a `u64` whose high bytes are the bytes of the SAN without check
//! mark, big-endian and padded with zeros: comparing keys compares the
//! SANs byte by byte, and the zero padding puts a SAN before every longer
//! one it is a prefix of. A piece's SAN without check mark has at most 6
//! bytes (`Qh4xe1`), so the low 16 bits are free for [`move_at`] to put a
//! move's origin and target there. Only the moves to the shared squares
//! look for the other origins, among the same target sets.
//!
//! [`move_at`] finds a piece's move by name the other way round: the
//! square with a given index in the order of names is the set's bit of
//! that index once the set is turned over its diagonal (file and rank
//! swapped), so no file is walked.
//!
//! Leaving the check mark out does not change the order, as P1 says. Two
//! SANs without check marks either differ at a byte both have, which a
//! mark after them cannot change, or one is a prefix of the other: only
//! `O-O` of `O-O-O`, and then the mark of `O-O` (`+` or `#`) meets the `-`
//! of `O-O-O`, which sorts above both, so `O-O+` stays before `O-O-O`.

use std::ops::ControlFlow;

use arrayvec::ArrayVec;
use chess_core::{
    Bitboard, Board, BulkSink, CastlingSide, LegalGenerator, MAX_MOVES, Move, Position, Role,
    Square, cpu,
};
use multiversion::multiversion;
use san::Origin;

/// The bits of a key below the SAN bytes (6 bytes leave 16).
const INDEX_BITS: u32 = 16;

// A move's origin and target (6 bits each) fit below the SAN bytes.
const _: () = assert!(12 <= INDEX_BITS);

/// The SAN letters of the piece classes, by class.
const CLASS_LETTERS: [u8; PAWN_A] = *b"BKNOQR";

/// The classes, in the order of their first SAN byte: the pieces by
/// letter, castling, then pawns by origin file.
const BISHOP: usize = 0;
const KING: usize = 1;
const KNIGHT: usize = 2;
const CASTLE: usize = 3;
const QUEEN: usize = 4;
const ROOK: usize = 5;
const PAWN_A: usize = 6;

/// The roles whose moves fall in a class up to each piece class and
/// castling (a king move), and for pawns every role, by bit `Role::index`.
const ROLES_UP_TO: [u8; PAWN_A + 1] = {
    const fn bit(role: Role) -> u8 {
        1 << role.index()
    }
    let b = bit(Role::Bishop);
    let k = b | bit(Role::King);
    let n = k | bit(Role::Knight);
    let q = n | bit(Role::Queen);
    let r = q | bit(Role::Rook);
    [b, k, n, n, q, r, r | bit(Role::Pawn)]
};

/// The class of a piece's moves, by `Role::index` (pawns have eight, by
/// file: [`PAWN_A`] + file).
const CLASS_OF_ROLE: [usize; 6] = [PAWN_A, KNIGHT, BISHOP, ROOK, QUEEN, KING];

/// The legal moves of a position as the generator hands them over: at
/// most one entry a piece, four pawn sets, a few pinned pawns, the en
/// passant captures and the castlings. No move is built.
#[derive(Default)]
struct Bulk {
    /// A piece, its square and its targets (kings included).
    pieces: ArrayVec<(Role, Square, Bitboard), 64>,
    /// Pawn targets with the offset from their origin.
    pawn_sets: ArrayVec<(Bitboard, i32), 4>,
    /// A pinned pawn and its targets.
    pinned_pawns: ArrayVec<(Square, Bitboard), 8>,
    /// En passant captures: origin and target.
    en_passant: ArrayVec<(Square, Square), 2>,
    /// Castlings: king and rook.
    castles: ArrayVec<(Square, Square), 2>,
}

impl BulkSink for Bulk {
    #[inline(always)]
    fn piece(&mut self, _: &Board, role: Role, from: Square, targets: Bitboard) {
        if !targets.is_empty() {
            // At most 64 pieces fit a board.
            let _ = self.pieces.try_push((role, from, targets));
        }
    }
    #[inline(always)]
    fn pawns(&mut self, _: &Board, targets: Bitboard, delta: i32) {
        if !targets.is_empty() {
            // The generator makes four pawn sets.
            let _ = self.pawn_sets.try_push((targets, delta));
        }
    }
    #[inline(always)]
    fn pawn(&mut self, _: &Board, from: Square, targets: Bitboard) {
        if !targets.is_empty() {
            // At most eight pieces are pinned (one on each line of the
            // king).
            let _ = self.pinned_pawns.try_push((from, targets));
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        // Two pawns at most can take en passant.
        let _ = self.en_passant.try_push((from, to));
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        // One castling a side.
        let _ = self.castles.try_push((king, rook));
    }
}

/// A [`Bulk`] that wants the moves of some roles only, by bit
/// `Role::index`, keeps the pieces of some of them, and counts the moves
/// of the pieces it is given: those kept ([`Bulk::class_at`] counts a
/// class so) and the others ([`ordinal`]: the pieces of the classes before
/// a move's need only be counted). A count that no caller reads costs
/// nothing: the compiler drops it. Pawns, en passant and castling are
/// kept.
struct Only<'a> {
    bulk: &'a mut Bulk,
    roles: u8,
    /// The roles whose pieces are kept, by bit.
    keep: u8,
    /// The moves of the pieces kept.
    kept: usize,
    /// The moves of the other pieces.
    counted: usize,
}

impl<'a> Only<'a> {
    #[inline(always)]
    fn new(bulk: &'a mut Bulk, roles: u8, keep: u8) -> Only<'a> {
        Only { bulk, roles, keep, kept: 0, counted: 0 }
    }

    /// Wanting the role with index `role` alone, its pieces kept.
    #[inline(always)]
    fn role(bulk: &'a mut Bulk, role: usize) -> Only<'a> {
        Only::new(bulk, 1 << role, 1 << role)
    }
}

impl BulkSink for Only<'_> {
    #[inline(always)]
    fn wants(&self, role: Role) -> bool {
        self.roles >> role.index() & 1 != 0
    }
    #[inline(always)]
    fn piece(&mut self, board: &Board, role: Role, from: Square, targets: Bitboard) {
        if self.keep >> role.index() & 1 != 0 {
            self.kept += targets.count() as usize;
            self.bulk.piece(board, role, from, targets);
        } else {
            self.counted += targets.count() as usize;
        }
    }
    #[inline(always)]
    fn pawns(&mut self, board: &Board, targets: Bitboard, delta: i32) {
        self.bulk.pawns(board, targets, delta);
    }
    #[inline(always)]
    fn pawn(&mut self, board: &Board, from: Square, targets: Bitboard) {
        self.bulk.pawn(board, from, targets);
    }
    #[inline(always)]
    fn en_passant(&mut self, from: Square, to: Square) {
        self.bulk.en_passant(from, to);
    }
    #[inline(always)]
    fn castle(&mut self, king: Square, rook: Square) {
        self.bulk.castle(king, rook);
    }
}

/// Whether `capture` is what stands on `to`: nothing, or a piece of that
/// role (its colour is the generator's to check). One test, where
/// [`Board::role_at`] looks at each role in turn.
#[inline(always)]
fn stands_on(board: &Board, to: Square, capture: Option<Role>) -> bool {
    match capture {
        None => !board.occupied().contains(to),
        Some(role) => board.by_role(role).contains(to),
    }
}

/// The squares of the file with this index (0 for `a`).
#[inline(always)]
fn file_mask(file: usize) -> Bitboard {
    Bitboard(0x0101_0101_0101_0101 << file)
}

/// Files `a` up to (not with) each file.
const FILES_BELOW: [Bitboard; 8] = {
    let mut masks = [Bitboard(0); 8];
    let mut file = 1;
    while file < 8 {
        masks[file] = Bitboard(masks[file - 1].0 | (0x0101_0101_0101_0101 << (file - 1)));
        file += 1;
    }
    masks
};

impl Bulk {
    /// The number of legal moves in the classes before `class` that are
    /// not a piece's ([`Only`] counts those): the castlings, for a class
    /// after `O`, and the pawn moves of the files before a pawn's.
    #[inline(always)]
    fn count_before(&self, class: usize) -> usize {
        let mut count = 0;
        if class > CASTLE {
            count += self.castles.len();
        }
        if class > PAWN_A {
            // The files below one file, by masks: one file's sum is all
            // an ordinal needs, where `class_at` looks for the file
            // among all eight ([`Bulk::pawn_file_counts`]).
            let files = FILES_BELOW[class - PAWN_A];
            for &(targets, delta) in &self.pawn_sets {
                count += pawn_moves(targets.shift(-delta) & files, targets, delta);
            }
            for &(from, targets) in &self.pinned_pawns {
                if files.contains(from) {
                    count += pawn_moves_from(targets);
                }
            }
            count += self.en_passant.iter().filter(|(from, _)| files.contains(*from)).count();
        }
        count
    }

    /// The class of the legal move with index `wanted` in SAN order, its
    /// index within the class, and where the class's pieces start in
    /// `self.pieces` (for a piece class: they are the last ones), as a
    /// break; no break if there are not that many moves.
    ///
    /// The moves are asked of `generator` a role at a time, in the order
    /// of their classes, and counted as they come: the search stops at the
    /// class that holds the move, so the roles of the classes after it are
    /// never generated (the king's steps, with their tests for attacked
    /// squares, come only for a move past the bishops'; the pawns only
    /// for a pawn's move). The king's turn brings castling too, which is
    /// counted after the knights.
    ///
    /// Each turn breaks with what it found or goes on, one `?` a turn:
    /// no closure, which would be compiled on its own, without the
    /// `POPCNT` instruction of the copy ([`move_at_with_popcnt`]) that
    /// runs it.
    ///
    /// With `counts`, the moves of each piece role and the castlings
    /// counted by fills ([`LegalGenerator::piece_move_and_castle_counts`]),
    /// only the role of the class that holds the move is generated, or
    /// none but the pawns.
    #[inline(always)]
    fn class_at(
        &mut self,
        generator: &LegalGenerator<'_>,
        mut wanted: usize,
        counts: Option<([u16; 6], usize)>,
    ) -> ControlFlow<(usize, usize, usize)> {
        let wanted = &mut wanted;
        // The classes in order twice, counted or generated: one walk that
        // took either would ask at every class which it has.
        if let Some((counts, castles)) = counts {
            let n = |role: Role| usize::from(counts[role.index()]);
            self.counted::<{ Role::Bishop.index() }>(generator, BISHOP, n(Role::Bishop), wanted)?;
            self.counted::<{ Role::King.index() }>(generator, KING, n(Role::King), wanted)?;
            self.counted::<{ Role::Knight.index() }>(generator, KNIGHT, n(Role::Knight), wanted)?;
            // Castling comes with the king's moves.
            self.counted::<{ Role::King.index() }>(generator, CASTLE, castles, wanted)?;
            self.counted::<{ Role::Queen.index() }>(generator, QUEEN, n(Role::Queen), wanted)?;
            self.counted::<{ Role::Rook.index() }>(generator, ROOK, n(Role::Rook), wanted)?;
        } else {
            self.turn::<{ Role::Bishop.index() }>(generator, BISHOP, wanted)?;
            self.turn::<{ Role::King.index() }>(generator, KING, wanted)?;
            self.turn::<{ Role::Knight.index() }>(generator, KNIGHT, wanted)?;
            let castles = self.castles.len();
            Self::count_off(CASTLE, castles, self.pieces.len(), wanted)?;
            self.turn::<{ Role::Queen.index() }>(generator, QUEEN, wanted)?;
            self.turn::<{ Role::Rook.index() }>(generator, ROOK, wanted)?;
        }
        generator.generate(&mut Only::role(self, Role::Pawn.index()));
        let first = self.pieces.len();
        if let Some(counts) = self.pawn_file_counts() {
            return match byte_of(counts, *wanted) {
                Some((file, within)) => ControlFlow::Break((PAWN_A + file, within, first)),
                None => ControlFlow::Continue(()),
            };
        }
        for (file, n) in self.pawn_counts().into_iter().enumerate() {
            Self::count_off(PAWN_A + file, n, first, wanted)?;
        }
        ControlFlow::Continue(())
    }

    /// One turn of [`Bulk::class_at`]: the moves of the piece role with
    /// index `ROLE`, of the class `class`, added to `self`, and counted
    /// off `wanted` ([`Bulk::count_off`]).
    #[inline(always)]
    fn turn<const ROLE: usize>(
        &mut self,
        generator: &LegalGenerator<'_>,
        class: usize,
        wanted: &mut usize,
    ) -> ControlFlow<(usize, usize, usize)> {
        let first = self.pieces.len();
        let mut sink = Only::role(self, ROLE);
        generator.generate(&mut sink);
        Self::count_off(class, sink.kept, first, wanted)
    }

    /// The `moves` moves of class `class`, counted: if they hold move
    /// `wanted`, the moves of the role with index `ROLE` are generated
    /// (castling with the king's) and the class breaks as
    /// [`Bulk::count_off`] says; else their number is taken off `wanted`.
    #[inline(always)]
    fn counted<const ROLE: usize>(
        &mut self,
        generator: &LegalGenerator<'_>,
        class: usize,
        moves: usize,
        wanted: &mut usize,
    ) -> ControlFlow<(usize, usize, usize)> {
        let first = self.pieces.len();
        if *wanted < moves {
            generator.generate(&mut Only::role(self, ROLE));
        }
        Self::count_off(class, moves, first, wanted)
    }

    /// The `moves` moves of class `class` (pieces from `first` in
    /// `self.pieces`): breaks with the class, the index of move `wanted`
    /// among them and `first` if they are more than `wanted`; else takes
    /// their number off `wanted`.
    #[inline(always)]
    fn count_off(
        class: usize,
        moves: usize,
        first: usize,
        wanted: &mut usize,
    ) -> ControlFlow<(usize, usize, usize)> {
        match wanted.checked_sub(moves) {
            None => ControlFlow::Break((class, *wanted, first)),
            Some(rest) => {
                *wanted = rest;
                ControlFlow::Continue(())
            }
        }
    }

    /// The number of legal pawn moves from each file, a byte a file (`a`
    /// the lowest), when no pawn that is not pinned can promote and no
    /// file has 16 moves or more (as in every position of a game); None
    /// otherwise, for [`Bulk::pawn_counts`] to count.
    ///
    /// No loop over the moves, whose number the processor would guess
    /// wrong: the origins of the pawn sets are added square by square in
    /// three bit planes (ones, twos, fours: a square starts at most four
    /// moves), each plane is turned over its diagonal so that a file is a
    /// byte, and the bits of each byte are counted at once.
    #[inline(always)]
    fn pawn_file_counts(&self) -> Option<u64> {
        let (mut ones, mut twos, mut fours) = (0, 0, 0);
        let mut targets = Bitboard::EMPTY;
        for &(set, delta) in &self.pawn_sets {
            targets |= set;
            let origins = set.shift(-delta).0;
            let carry = ones & origins;
            ones ^= origins;
            fours |= twos & carry;
            twos ^= carry;
        }
        if (targets & Bitboard::BACKRANKS).is_nonempty() {
            return None;
        }
        let mut counts = byte_counts(flipped(ones)) + 2 * byte_counts(flipped(twos));
        if fours != 0 {
            counts += 4 * byte_counts(flipped(fours));
        }
        // A file's count is at most 8 * 7 so far, and a pinned pawn adds
        // at most 12 (two promoting captures), en passant 2: no byte
        // spills into the next.
        for &(from, set) in &self.pinned_pawns {
            counts += (pawn_moves_from(set) as u64 & 0xff) << (8 * (from.index() & 7));
        }
        for &(from, _) in &self.en_passant {
            counts += 1 << (8 * (from.index() & 7));
        }
        (counts & 0xf0f0_f0f0_f0f0_f0f0 == 0).then_some(counts)
    }

    /// The number of legal pawn moves from each file, `a` first (a
    /// promotion counts four): one pass over the moves, for the positions
    /// [`Bulk::pawn_file_counts`] leaves.
    #[inline]
    fn pawn_counts(&self) -> [usize; 8] {
        let mut counts = [0; 8];
        for &(targets, delta) in &self.pawn_sets {
            // `to - delta` is the origin: its file is the low three bits,
            // whatever the sign of `delta`. A promotion counts four: three
            // more than the move counted first.
            let file = |to: Square| (to.index() as i32 - delta) as usize & 7;
            for to in targets {
                counts[file(to)] += 1;
            }
            for to in targets & Bitboard::BACKRANKS {
                counts[file(to)] += 3;
            }
        }
        for &(from, targets) in &self.pinned_pawns {
            counts[from.index() & 7] += pawn_moves_from(targets);
        }
        for &(from, _) in &self.en_passant {
            counts[from.index() & 7] += 1;
        }
        counts
    }

    /// The origins of the legal pawn moves to `to`, en passant aside.
    #[inline]
    fn pawn_moves_to(&self, to: Square) -> Bitboard {
        let mut origins = Bitboard::EMPTY;
        for &(targets, delta) in &self.pawn_sets {
            if targets.contains(to) {
                origins |= Bitboard::from(to).shift(-delta);
            }
        }
        for &(from, targets) in &self.pinned_pawns {
            if targets.contains(to) {
                origins.add(from);
            }
        }
        origins
    }

    /// The target squares of the legal moves of the pawns on `file`:
    /// those of pushes, and those of captures (en passant included). No
    /// two moves of one file's pawns share a target but the promotions
    /// of one pawn: two pushes to one square would pass each other, and
    /// two captures to one square come from two files.
    #[inline]
    fn pawn_targets(&self, occ: Bitboard, file: usize) -> (Bitboard, Bitboard) {
        let files = file_mask(file);
        let mut targets = Bitboard::EMPTY;
        for &(set, delta) in &self.pawn_sets {
            targets |= (set.shift(-delta) & files).shift(delta);
        }
        for &(from, set) in &self.pinned_pawns {
            if files.contains(from) {
                targets |= set;
            }
        }
        let mut captures = targets & occ;
        for &(from, to) in &self.en_passant {
            if files.contains(from) {
                captures.add(to);
            }
        }
        (targets & !occ, captures)
    }

    /// The squares and targets of the pieces [`Only`] kept, if there are
    /// two ([`Pair`]).
    #[inline(always)]
    fn pair(&self) -> Option<[(Square, Bitboard); 2]> {
        match self.pieces.as_slice() {
            &[(_, a, a_targets), (_, b, b_targets)] => Some([(a, a_targets), (b, b_targets)]),
            _ => None,
        }
    }

    /// The legal castlings in SAN order: `O-O` before `O-O-O`.
    fn castles_in_order(&self) -> impl Iterator<Item = &(Square, Square)> {
        let side = |side| move |c: &&(Square, Square)| CastlingSide::of(c.0, c.1) == side;
        let king_side = self.castles.iter().filter(side(CastlingSide::KingSide));
        king_side.chain(self.castles.iter().filter(side(CastlingSide::QueenSide)))
    }
}

/// The moves of one piece class where two or more of its pieces go to
/// some square, whose moves to such squares get sort keys
/// ([`Bulk::keyed`]).
struct Keyed<'a> {
    /// The class's SAN letter.
    letter: u64,
    /// The occupied squares (a move to one is a capture).
    occ: Bitboard,
    /// The squares that two or more of the class's pieces go to.
    twice: Bitboard,
    /// The class's pieces that have moves: role, square and targets.
    pieces: &'a [(Role, Square, Bitboard)],
}

impl<'a> Keyed<'a> {
    /// The keys of the moves of `pieces`, all of the piece class `class`,
    /// which go to the squares of `twice` more than once.
    #[inline]
    fn new(
        occ: Bitboard,
        class: usize,
        twice: Bitboard,
        pieces: &'a [(Role, Square, Bitboard)],
    ) -> Keyed<'a> {
        Keyed { letter: u64::from(CLASS_LETTERS[class]), occ, twice, pieces }
    }

    /// The key (index bits zero) of the move from `from` to `to`: only a
    /// move to a square of `twice` looks for the other origins, to
    /// disambiguate.
    #[inline]
    fn key(&self, from: Square, to: Square) -> u64 {
        let head = if self.twice.contains(to) {
            disambiguated(self.letter, from, others_to(self.pieces, from, to))
        } else {
            self.letter
        };
        left_aligned(with_square(head, self.occ.contains(to), to))
    }

    /// The number of the class's moves to the squares that two or more of
    /// its pieces go to whose key is below `key`.
    #[inline(always)]
    fn below_shared(&self, key: u64) -> usize {
        let mut below = 0;
        for &(_, from, targets) in self.pieces {
            for to in targets & self.twice {
                below += usize::from(self.key(from, to) < key);
            }
        }
        below
    }

    /// The class's moves to the squares that two or more of its pieces go
    /// to, as their keys with the origin's index and the target's in the
    /// index bits, in SAN order, into `keys` (empty). The list is the
    /// caller's: it is large (it holds the class of any position), and
    /// only the part filled is touched.
    fn shared_keys(&self, keys: &mut ArrayVec<u64, MAX_MOVES>) {
        for &(_, from, targets) in self.pieces {
            for to in targets & self.twice {
                // No class has more moves than the position.
                let _ = keys.try_push(self.key(from, to) | (from.index() << 6 | to.index()) as u64);
            }
        }
        keys.sort_unstable();
    }
}

/// The number of the moves to the squares of `plain` (moves of a class
/// that need no disambiguation; a piece stands on the squares of `occ`)
/// whose SAN sorts below the key `key` of a move that needs one.
///
/// Such a move's SAN has the origin's file or rank after the letter, or
/// both, and never `x` there: so every capture without disambiguation
/// (`Rxa1`) sorts after it. A rank (`R1d1`) sorts before every file
/// letter: before every plain move. A file (`Rad1`, `Ra1d1`) sorts after
/// the quiet moves to the files before it, and ties with those to its
/// own file (`Ra3`), which the next byte orders: a file letter (`Rad1`)
/// sorts after every rank digit, and a rank (`Ra1d1`) after the digits
/// below it and after its own, which ends the plain SAN (`Ra1`), its
/// prefix.
#[inline(always)]
fn plain_below(plain: Bitboard, occ: Bitboard, key: u64) -> usize {
    let [_, second, third, ..] = key.to_be_bytes();
    let Some(file) = second.checked_sub(b'a').map(usize::from).filter(|&f| f < 8) else {
        return 0;
    };
    let quiet = plain & !occ;
    let mut on_file = quiet & file_mask(file);
    if let Some(rank) = third.checked_sub(b'1').filter(|&r| r < 8) {
        // The ranks up to this one.
        on_file &= Bitboard(u64::MAX >> (8 * (7 - u32::from(rank))));
    }
    (quiet & FILES_BELOW[file]).count() as usize + on_file.count() as usize
}

/// The number of squares of `set` whose name, with `x` before it where
/// `occ` holds a piece, sorts before that of `to` (`x` if `occ` holds
/// one): the SAN order of the moves of a piece class when no move needs
/// disambiguation. Quiet moves come first (`x` sorts after every file
/// letter), each part by file, then rank.
#[inline(always)]
fn names_before(set: Bitboard, occ: Bitboard, to: Square) -> usize {
    let quiet = set & !occ;
    if occ.contains(to) {
        quiet.count() as usize + squares_before(set & occ, to)
    } else {
        squares_before(quiet, to)
    }
}

/// The number of squares of `set` on a file before that of `to`, or on
/// its file and a rank below.
#[inline(always)]
fn squares_before(set: Bitboard, to: Square) -> usize {
    let file = to.index() & 7;
    let below = Bitboard((1 << to.index()) - 1);
    (set & FILES_BELOW[file]).count() as usize + (set & file_mask(file) & below).count() as usize
}

/// The number of pawn moves to the squares of `set`: four to a square on
/// a back rank (the promotions).
#[inline(always)]
fn weighted(set: Bitboard) -> usize {
    set.count() as usize + 3 * (set & Bitboard::BACKRANKS).count() as usize
}

/// [`weighted`] for the squares of `set` whose name sorts before that of
/// `to`.
#[inline(always)]
fn weighted_before(set: Bitboard, to: Square) -> usize {
    squares_before(set, to) + 3 * squares_before(set & Bitboard::BACKRANKS, to)
}

/// The pawn move with index `n` among the moves to `set` in SAN order (by
/// the target square's name, the promotions of a square by their
/// letters): its target and promotion.
#[inline(always)]
fn nth_weighted(set: Bitboard, mut n: usize) -> Option<(Square, Option<Role>)> {
    if (set & Bitboard::BACKRANKS).is_empty() {
        // No promotion: each square is one move (the common case).
        return nth_by_name(set, n).map(|to| (to, None));
    }
    for file in 0..8 {
        for to in set & file_mask(file) {
            if !Bitboard::BACKRANKS.contains(to) {
                match n.checked_sub(1) {
                    None => return Some((to, None)),
                    Some(rest) => n = rest,
                }
            } else {
                match n.checked_sub(4) {
                    None => return Some((to, Some(BY_LETTER[n]))),
                    Some(rest) => n = rest,
                }
            }
        }
    }
    None
}

/// The promotion roles in the order of their letters.
const BY_LETTER: [Role; 4] = [Role::Bishop, Role::Knight, Role::Queen, Role::Rook];

/// The index of a promotion role in [`BY_LETTER`] (0 for any other role,
/// which no legal move has).
#[inline(always)]
fn promotion_index(role: Role) -> usize {
    BY_LETTER.iter().position(|&r| r == role).unwrap_or(0)
}

/// For a pawn move's promotion: Some(true) for a promotion role,
/// Some(false) for none, None for a role no pawn promotes to.
#[inline(always)]
fn promotion_rank(promotion: Option<Role>) -> Option<bool> {
    match promotion {
        None => Some(false),
        Some(role) => BY_LETTER.contains(&role).then_some(true),
    }
}

/// The square of `set` with index `n` in the order of square names (by
/// file, then rank).
///
/// The set is turned over its a1–h8 diagonal, which swaps file and rank:
/// the order of names becomes the order of square indexes, and the
/// square wanted is the set's `n`-th lowest.
#[inline(always)]
fn nth_by_name(set: Bitboard, n: usize) -> Option<Square> {
    let i = nth_bit(flipped(set.0), n)?;
    // Index `file * 8 + rank` of the turned set, `rank * 8 + file` here.
    Some(Square::ALL[(i & 7) << 3 | i >> 3])
}

/// The bits set in each byte of `bits`, in that byte.
#[inline(always)]
fn byte_counts(bits: u64) -> u64 {
    let counts = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    let counts = (counts & 0x3333_3333_3333_3333) + ((counts >> 2) & 0x3333_3333_3333_3333);
    (counts + (counts >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// The index of the `n`-th lowest bit of `bits` that is set (from 0);
/// None if fewer are.
///
/// No loop over the bits, whose count the processor would guess wrong:
/// the bits set in each byte are counted at once, [`byte_of`] finds the
/// byte that holds the bit, and a table gives the bit within that byte.
#[inline(always)]
fn nth_bit(bits: u64, n: usize) -> Option<usize> {
    // At most 8 bits a byte, 64 in all.
    let (byte, rank) = byte_of(byte_counts(bits), n)?;
    let within = (bits >> (8 * byte)) & 0xff;
    let bit = NTH_IN_BYTE.get(within as usize * 8 + rank).copied().unwrap_or(0);
    Some(8 * byte + usize::from(bit))
}

/// With `counts` a count below 16 in each byte, the lowest byte first:
/// the byte that holds item `n` (from 0) when the items are counted off
/// byte by byte, and the index of the item within it; None if there are
/// not that many items (or a count is 16 or more).
///
/// No loop: a multiplication sums the counts byte by byte (byte i holds
/// the items of bytes 0 to i), a subtraction marks the bytes whose sums do
/// not pass `n`, and the item is in the byte after them.
#[inline(always)]
fn byte_of(counts: u64, n: usize) -> Option<(usize, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    if counts & 0xf0f0_f0f0_f0f0_f0f0 != 0 {
        return None;
    }
    // Byte i: the items of bytes 0 to i, at most 8 * 15, which leaves
    // each byte's high bit free for the test below.
    let sums = counts.wrapping_mul(ONES);
    let n = u64::try_from(n).ok().filter(|&n| n < sums >> 56)?;
    // The high bit of byte i stays set where its sum is at most `n`.
    let passed = (((n * ONES) | HIGH) - sums) & HIGH;
    // `n` is below the total: the last sum passes it, and `byte` is at
    // most 7.
    let byte = ((passed >> 7).wrapping_mul(ONES) >> 56) as usize;
    let below = (sums << 8 >> (8 * byte)) & 0xff;
    Some((byte, (n - below) as usize))
}

/// For each byte and each `n` below 8, the index of its `n`-th lowest bit
/// set (0 where it has no such bit).
static NTH_IN_BYTE: [u8; 256 * 8] = {
    let mut table = [0; 256 * 8];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 != 0 {
                table[byte * 8 + n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// `bits` as a set of squares turned over the a1–h8 diagonal: the square
/// of file f and rank r goes to file r and rank f.
#[inline(always)]
fn flipped(mut bits: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (bits ^ (bits << 28));
    bits ^= t ^ (t >> 28);
    let t = K2 & (bits ^ (bits << 14));
    bits ^= t ^ (t >> 14);
    let t = K1 & (bits ^ (bits << 7));
    bits ^ t ^ (t >> 7)
}

/// The number of pawn moves to `targets` from the origins `origins` (the
/// targets shifted back by `delta`, some files kept): four for a
/// promotion.
#[inline(always)]
fn pawn_moves(origins: Bitboard, targets: Bitboard, delta: i32) -> usize {
    let promotions = (targets & Bitboard::BACKRANKS).shift(-delta) & origins;
    origins.count() as usize + 3 * promotions.count() as usize
}

/// The number of moves of one pawn to `targets`.
#[inline(always)]
fn pawn_moves_from(targets: Bitboard) -> usize {
    targets.count() as usize + 3 * (targets & Bitboard::BACKRANKS).count() as usize
}

/// `head` (the letter and any origin of a piece), then `x` for a capture
/// and the square's name.
#[inline(always)]
fn with_square(head: u64, capture: bool, to: Square) -> u64 {
    let x = u64::from(capture);
    let marked = (head << (8 * x)) | (u64::from(b'x') * x);
    marked << 16 | square_bytes(to)
}

/// SAN bytes right-aligned, moved to the top of the key: every SAN byte is
/// non-zero, so the leading zero bytes are the padding to move.
#[inline(always)]
fn left_aligned(bytes: u64) -> u64 {
    bytes << (bytes.leading_zeros() & !7)
}

/// The class of the move `m` (the first byte of its SAN), if it can be
/// legal at all.
#[inline]
fn class_of(m: Move) -> Option<usize> {
    Some(match m {
        Move::Normal { role: Role::Pawn, from, .. } | Move::EnPassant { from, .. } => {
            PAWN_A + from.file() as usize
        }
        Move::Normal { role, .. } => CLASS_OF_ROLE[role.index()],
        Move::Castle { .. } => CASTLE,
        Move::Null => return None,
    })
}

/// The ordinal of the legal move `m` in `pos`; None if `m` is not legal in
/// `pos`.
///
/// The ordinal is the number of legal moves whose canonical SAN sorts
/// before that of `m` (§20.2, ruling P1). It is also None for a legal move
/// whose ordinal would be past 255, which a byte cannot hold: only a
/// position with more than 256 legal moves has one (a game from the
/// standard start never has more than 218), and PGC cannot write it.
///
/// It counts moves with `popcount`, which the processor's `POPCNT`
/// instruction does in one step where the default x86-64 target has a
/// dozen: beside its portable copy, the function has one compiled for
/// that instruction (the `multiversion` crate), run where the processor
/// has it. Where the processor has AVX-512
/// ([`chess_core::cpu::wide_vectors`]), a copy compiled for it runs
/// instead, in which the pieces of the classes before a king's, a
/// knight's, a queen's, a rook's or a pawn's move are counted at once by
/// fills ([`LegalGenerator::count_piece_moves`]): only the move's own
/// role is generated. With `PGN_PORTABLE` set
/// ([`chess_core::cpu::portable`]), the portable copy runs, without
/// fills, for the tests; the answers are the same. The helpers it counts
/// with are inlined (`#[inline(always)]`) so that they are in every copy.
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
/// assert_eq!(pgn_pgc::ordinal(&pos, nc3), Some(1));
///
/// // Not White's move: no ordinal.
/// let nc6 = Move::Normal {
///     role: Role::Knight,
///     from: Square::B8,
///     capture: None,
///     to: Square::C6,
///     promotion: None,
/// };
/// assert_eq!(pgn_pgc::ordinal(&pos, nc6), None);
/// ```
pub fn ordinal(pos: &Position, m: Move) -> Option<u8> {
    ordinal_of(pos, m, true)
}

/// The ordinal of `m`, a move known to be legal in `pos` (a replay
/// played it): [`ordinal`] without its tests of legality, which the
/// replay has made. For a move that is not legal the answer means
/// nothing (it is a number, or None).
#[inline]
pub(crate) fn ordinal_of_legal(pos: &Position, m: Move) -> Option<u8> {
    ordinal_of(pos, m, false)
}

/// [`ordinal`], whose tests of legality are made if `checked`: the copy
/// for AVX-512, with fills, where [`cpu::wide_vectors`] says so; else the
/// copy for `POPCNT`, or the portable one where [`cpu::portable`] says
/// so. Inlined, so that the caller calls the copy that runs.
#[inline(always)]
fn ordinal_of(pos: &Position, m: Move, checked: bool) -> Option<u8> {
    if cpu::wide_vectors() {
        ordinal_by_fills(pos, m, checked)
    } else if cpu::portable() {
        ordinal_portable(pos, m, checked)
    } else {
        ordinal_with_popcnt(pos, m, checked)
    }
}

/// [`ordinal_in`] with fills, also compiled for AVX-512 and run with it
/// where the processor has it (as [`cpu::wide_vectors`] says it does),
/// so that the counts by fills are inlined into it.
#[multiversion(targets(
    "x86_64+avx512f+avx512vl+avx512bw+avx512dq+avx512vpopcntdq+avx2+fma+bmi1+bmi2+lzcnt+popcnt"
))]
fn ordinal_by_fills(pos: &Position, m: Move, checked: bool) -> Option<u8> {
    ordinal_in::<true>(pos, m, checked)
}

/// [`ordinal_in`] without fills, portable.
#[inline(never)]
fn ordinal_portable(pos: &Position, m: Move, checked: bool) -> Option<u8> {
    ordinal_in::<false>(pos, m, checked)
}

/// [`ordinal_in`] without fills, also compiled for the `POPCNT`
/// instruction and run with it where the processor has it.
#[multiversion(targets("x86_64+popcnt"))]
fn ordinal_with_popcnt(pos: &Position, m: Move, checked: bool) -> Option<u8> {
    ordinal_in::<false>(pos, m, checked)
}

/// [`ordinal`], whose tests of legality are made if `checked`; if
/// `FILLS`, the pieces of the classes before the move's are counted by
/// [`LegalGenerator::count_piece_moves`] (cheap only where
/// [`cpu::wide_vectors`] says so), else generated. Inlined into each copy.
#[inline(always)]
fn ordinal_in<const FILLS: bool>(pos: &Position, m: Move, checked: bool) -> Option<u8> {
    let class = class_of(m)?;
    let generator = pos.legal_generator()?;
    let mut bulk = Bulk::default();
    // The moves of the classes after this one do not count; those of the
    // other pieces are all before it.
    let keep = match m {
        Move::Normal { role, .. } if role != Role::Pawn => 1 << role.index(),
        _ => 0,
    };
    let own = if class >= PAWN_A { 1 << Role::Pawn.index() } else { keep };
    // With fills, the pieces of the classes before a king's, a knight's,
    // a queen's, a rook's or a pawn's move are counted at once, and only
    // the move's own role is generated.
    let roles = ROLES_UP_TO[class.min(PAWN_A)];
    // Castling (`O`) comes before the queens, the rooks and the pawns.
    let counts = match class {
        _ if !FILLS || class < KING || class == CASTLE => None,
        _ if class > CASTLE => Some(generator.count_piece_moves_and_castles(roles & !own)),
        _ => Some(generator.count_piece_moves(roles & !own)),
    };
    let (roles, counted) = match counts {
        Some(moves) => (own, moves),
        None => (roles, 0),
    };
    let mut only = Only::new(&mut bulk, roles, keep);
    generator.generate(&mut only);
    let before = counted + only.counted;
    let board = pos.board();
    let within = match m {
        Move::Normal { role, from, capture, to, promotion: None } if role != Role::Pawn => {
            // The pieces kept are the move's class.
            let pieces = bulk.pieces.as_slice();
            let legal = || {
                pieces.iter().any(|p| p.1 == from && p.2.contains(to))
                    && stands_on(board, to, capture)
            };
            if checked && !legal() {
                return None;
            }
            let occ = board.occupied();
            // The moves to squares no other piece of the class goes to
            // sort by their names; the few to shared squares are keyed.
            let (reached, twice) = reached(pieces);
            let plain = reached & !twice;
            let within = if twice.is_empty() {
                names_before(plain, occ, to)
            } else if let Some(pair) = bulk.pair() {
                let plain_index = (!twice.contains(to)).then(|| names_before(plain, occ, to));
                Pair::new(class, occ, plain, twice, pair).index(occ, from, to, plain_index)
            } else {
                keyed_within(occ, class, plain, twice, pieces, from, to)
            };
            // Castling (`O`) comes before the queens and the rooks.
            let castles = if class > CASTLE { bulk.castles.len() } else { 0 };
            return u8::try_from(before + castles + within).ok();
        }
        Move::Normal { role: Role::Pawn, from, capture, to, promotion } => {
            let file = from.index() & 7;
            let legal = || {
                bulk.pawn_moves_to(to).contains(from)
                    && stands_on(board, to, capture)
                    && promotion_rank(promotion) == Some(Bitboard::BACKRANKS.contains(to))
            };
            if checked && !legal() {
                return None;
            }
            let (pushes, captures) = bulk.pawn_targets(board.occupied(), file);
            let within = match capture {
                None => weighted_before(pushes, to),
                Some(_) => weighted(pushes) + weighted_before(captures, to),
            };
            within + promotion.map_or(0, promotion_index)
        }
        Move::EnPassant { from, to } => {
            if !bulk.en_passant.contains(&(from, to)) {
                return None;
            }
            let (pushes, captures) = bulk.pawn_targets(board.occupied(), from.index() & 7);
            weighted(pushes) + weighted_before(captures, to)
        }
        Move::Castle { king, rook } => bulk.castles_in_order().position(|&c| c == (king, rook))?,
        Move::Normal { .. } | Move::Null => return None,
    };
    u8::try_from(before + bulk.count_before(class) + within).ok()
}

/// The index within its class of the move from `from` to `to`, where
/// three pieces or more of the class (`pieces`) share targets (`twice`):
/// rare, and kept out of [`ordinal`]'s way. Compiled once, for any
/// x86-64 (its counts do not use the POPCNT instruction).
#[cold]
#[inline(never)]
fn keyed_within(
    occ: Bitboard,
    class: usize,
    plain: Bitboard,
    twice: Bitboard,
    pieces: &[(Role, Square, Bitboard)],
    from: Square,
    to: Square,
) -> usize {
    let keyed = Keyed::new(occ, class, twice, pieces);
    let key = keyed.key(from, to);
    let plain_before = if twice.contains(to) {
        // The move's SAN has a disambiguation.
        plain_below(plain, occ, key)
    } else {
        names_before(plain, occ, to)
    };
    plain_before + keyed.below_shared(key)
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
/// assert_eq!(pgn_pgc::move_at(&pos, 0).and_then(|m| m.to()), Some(Square::A3));
/// assert_eq!(pgn_pgc::move_at(&pos, 4).and_then(|m| m.from()), Some(Square::A2));
/// assert_eq!(pgn_pgc::move_at(&pos, 19).and_then(|m| m.to()), Some(Square::H4));
/// assert_eq!(pgn_pgc::move_at(&pos, 20), None);
/// ```
pub fn move_at(pos: &Position, ordinal: u8) -> Option<Move> {
    move_at_hinted(pos, ordinal).map(|(m, _)| m)
}

/// [`move_at`], and the origin file and rank the move's SAN names (the
/// hint [`san::Played::origin`], which spares a writer the search), known
/// for every move but castling: for a piece's move to a square no other
/// piece of its role goes to, neither; for one to a shared square, what
/// its key holds; for a pawn's capture, the file.
///
/// Copied as [`ordinal`] is: where [`cpu::wide_vectors`] says so, the
/// pieces' moves are counted by fills and only the role of the class
/// that holds the move is generated.
#[inline(always)]
pub(crate) fn move_at_hinted(pos: &Position, ordinal: u8) -> Option<(Move, Option<Origin>)> {
    if cpu::wide_vectors() {
        move_at_by_fills(pos, ordinal)
    } else if cpu::portable() {
        move_at_portable(pos, ordinal)
    } else {
        move_at_with_popcnt(pos, ordinal)
    }
}

/// [`move_at_in`] with fills, also compiled for AVX-512 and run with it
/// where the processor has it, as [`ordinal_by_fills`] is.
#[multiversion(targets(
    "x86_64+avx512f+avx512vl+avx512bw+avx512dq+avx512vpopcntdq+avx2+fma+bmi1+bmi2+lzcnt+popcnt"
))]
fn move_at_by_fills(pos: &Position, ordinal: u8) -> Option<(Move, Option<Origin>)> {
    move_at_in::<true>(pos, ordinal)
}

/// [`move_at_in`] without fills, portable.
#[inline(never)]
fn move_at_portable(pos: &Position, ordinal: u8) -> Option<(Move, Option<Origin>)> {
    move_at_in::<false>(pos, ordinal)
}

/// [`move_at_in`] without fills, also compiled for the `POPCNT`
/// instruction and run with it where the processor has it.
#[multiversion(targets("x86_64+popcnt"))]
fn move_at_with_popcnt(pos: &Position, ordinal: u8) -> Option<(Move, Option<Origin>)> {
    move_at_in::<false>(pos, ordinal)
}

/// [`move_at_hinted`]; if `FILLS`, the pieces' moves are counted by
/// [`LegalGenerator::piece_move_and_castle_counts`] (cheap only where
/// [`cpu::wide_vectors`] says so), else generated a role at a time.
/// Inlined into each copy.
#[inline(always)]
fn move_at_in<const FILLS: bool>(pos: &Position, ordinal: u8) -> Option<(Move, Option<Origin>)> {
    let generator = pos.legal_generator()?;
    let mut bulk = Bulk::default();
    let counts = if FILLS { Some(generator.piece_move_and_castle_counts()) } else { None };
    let (class, wanted, first) =
        bulk.class_at(&generator, usize::from(ordinal), counts).break_value()?;
    let board = pos.board();
    if class < PAWN_A && class != CASTLE {
        // A piece's move. Those to squares no other piece of the class
        // goes to sort by their squares' names; the few to shared squares
        // (which need disambiguation) are keyed and sorted, and each falls
        // after the plain moves below it.
        // The class's pieces: those of the last role generated.
        let pieces = bulk.pieces.get(first..).unwrap_or_default();
        let (reached, twice) = reached(pieces);
        let occ = board.occupied();
        let plain = reached & !twice;
        // The keyed moves before the one wanted, if that is a plain move.
        let mut passed = 0;
        if !twice.is_empty() {
            let mut shared = ArrayVec::new();
            Keyed::new(occ, class, twice, pieces).shared_keys(&mut shared);
            for (j, &key) in shared.iter().enumerate() {
                let at = plain_below(plain, occ, key) + j;
                if at == wanted {
                    let (from, to) =
                        (Square::ALL[(key >> 6) as usize & 63], Square::ALL[key as usize & 63]);
                    let &(role, _, _) = pieces.iter().find(|p| p.1 == from)?;
                    let capture = board.role_at(to);
                    let others = others_to(pieces, from, to);
                    return Some((
                        Move::Normal { role, from, capture, to, promotion: None },
                        Some(san::origin_among(from, others)),
                    ));
                }
                if at > wanted {
                    break;
                }
                passed = j + 1;
            }
        }
        let n = wanted - passed;
        let quiet = plain & !occ;
        let to = match n.checked_sub(quiet.count() as usize) {
            None => nth_by_name(quiet, n),
            Some(n) => nth_by_name(plain & occ, n),
        }?;
        let &(role, from, _) = pieces.iter().find(|p| p.2.contains(to))?;
        let m = Move::Normal { role, from, capture: board.role_at(to), to, promotion: None };
        // No other piece of the class goes to `to`.
        return Some((m, Some((None, None))));
    }
    if let Some(file) = class.checked_sub(PAWN_A) {
        // Pushes first, then captures, each in the order of their target
        // square's name, the four promotions of a square in the order of
        // their letters.
        let (pushes, captures) = bulk.pawn_targets(board.occupied(), file);
        let (to, promotion) = match wanted.checked_sub(weighted(pushes)) {
            None => nth_weighted(pushes, wanted),
            Some(n) => nth_weighted(captures, n),
        }?;
        let files = file_mask(file);
        let m = match (bulk.pawn_moves_to(to) & files).first() {
            Some(from) => {
                Move::Normal { role: Role::Pawn, from, capture: board.role_at(to), to, promotion }
            }
            None => bulk
                .en_passant
                .iter()
                .find(|&&(from, ep)| ep == to && files.contains(from))
                .map(|&(from, to)| Move::EnPassant { from, to })?,
        };
        let file = match m {
            Move::Normal { from, capture: Some(_), .. } | Move::EnPassant { from, .. } => {
                Some(from.file())
            }
            _ => None,
        };
        return Some((m, Some((file, None))));
    }
    // The class left: castling, whose SAN names no origin.
    let &(king, rook) = bulk.castles_in_order().nth(wanted)?;
    Some((Move::Castle { king, rook }, None))
}

/// The moves of a piece class of two pieces that go to some squares
/// both: the moves to such a square need the origin's file (or rank,
/// when the two share a file) after the letter, and the rest none.
///
/// Each piece's disambiguated moves then share their first two bytes,
/// so they follow each other in SAN order, as a *group*, ordered as the
/// plain moves are (quiet, then captures, each by square name); the
/// group of the piece whose square's name is lower comes first (the
/// differing byte is the origins' files, or their ranks on one file).
/// The plain moves below a group are the same for each of its moves
/// ([`plain_below`] reads only the two bytes and a rank after them), so
/// the class is the plain moves with two groups put in: a move's index
/// is a few counts, with no key built but one a group.
struct Pair {
    /// Each group in SAN order: its piece's square, its targets, and the
    /// number of plain moves before it.
    groups: [(Square, Bitboard, usize); 2],
}

impl Pair {
    /// The groups of `a` and `b`, of class `class`, whose targets meet on
    /// the squares of `twice`; `plain` are the class's other targets.
    #[inline(always)]
    fn new(
        class: usize,
        occ: Bitboard,
        plain: Bitboard,
        twice: Bitboard,
        [a, b]: [(Square, Bitboard); 2],
    ) -> Pair {
        let letter = u64::from(CLASS_LETTERS[class]);
        let group = |(from, targets): (Square, Bitboard), other: Square| {
            let set = targets & twice;
            let head = disambiguated(letter, from, Bitboard::from(other));
            // Any square of the group gives the same count.
            let to = set.first().unwrap_or(Square::A1);
            (from, set, plain_below(plain, occ, left_aligned(with_square(head, false, to))))
        };
        let (ga, gb) = (group(a, b.0), group(b, a.0));
        let a_first = (a.0.file(), a.0.rank()) < (b.0.file(), b.0.rank());
        Pair { groups: if a_first { [ga, gb] } else { [gb, ga] } }
    }

    /// The index within the class of the move from `from` to `to`, whose
    /// index among the plain moves is `plain_index` if it is one.
    #[inline(always)]
    fn index(&self, occ: Bitboard, from: Square, to: Square, plain_index: Option<usize>) -> usize {
        let mut index = 0;
        for &(square, set, below) in &self.groups {
            match plain_index {
                Some(i) if below <= i => index += set.count() as usize,
                Some(_) => {}
                None if square == from => return index + below + names_before(set, occ, to),
                None => index += set.count() as usize,
            }
        }
        index + plain_index.unwrap_or(0)
    }
}

/// The squares that `pieces` (of one class) go to, and those that two or
/// more of them go to (whose moves need disambiguation).
#[inline]
fn reached(pieces: &[(Role, Square, Bitboard)]) -> (Bitboard, Bitboard) {
    let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for &(_, _, targets) in pieces {
        twice |= once & targets;
        once |= targets;
    }
    (once, twice)
}

/// The squares of the pieces of `pieces` other than the one on `from`
/// that go to `to`: what a move from `from` to `to` is told apart from.
#[inline]
fn others_to(pieces: &[(Role, Square, Bitboard)], from: Square, to: Square) -> Bitboard {
    pieces
        .iter()
        .filter(|p| p.1 != from && p.2.contains(to))
        .fold(Bitboard::EMPTY, |set, p| set.with(p.1))
}

/// `letter` followed by the origin file, rank or both that tell the move
/// from `from` apart from the moves of the same role from `others` to the
/// same square ([`san::origin_among`]).
#[inline]
fn disambiguated(letter: u64, from: Square, others: Bitboard) -> u64 {
    let file = file_byte(from);
    let rank = u64::from(b'1') + (from.index() as u64 >> 3);
    match san::origin_among(from, others) {
        (None, None) => letter,
        (Some(_), None) => letter << 8 | file,
        (None, Some(_)) => letter << 8 | rank,
        (Some(_), Some(_)) => letter << 16 | file << 8 | rank,
    }
}

/// The letter of a square's file.
#[inline(always)]
fn file_byte(sq: Square) -> u64 {
    u64::from(b'a') + (sq.index() as u64 & 7)
}

/// The two bytes of a square's name, file letter first.
#[inline(always)]
fn square_bytes(sq: Square) -> u64 {
    file_byte(sq) << 8 | (u64::from(b'1') + (sq.index() as u64 >> 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use san::fen_epd::parse_position;
    use san::{San, SanKind};
    use testkit::XorShift;

    fn position(fen: &str) -> Position {
        parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn nth_bit_is_the_nth_bit_set() {
        let mut rng = XorShift::new(0x5e1e_c7b1);
        let mut words = vec![0, 1, 1 << 63, !0];
        for _ in 0..5_000 {
            // Sparse and dense words alike.
            let (a, b) = (rng.next_u64(), rng.next_u64());
            words.extend([a, a & b, a | b, a & b & rng.next_u64()]);
        }
        for bits in words {
            let set: Vec<usize> = (0..64).filter(|&i| bits >> i & 1 != 0).collect();
            for n in 0..66 {
                assert_eq!(nth_bit(bits, n), set.get(n).copied(), "{bits:#x} {n}");
            }
        }
    }

    #[test]
    fn byte_of_counts_items_off_byte_by_byte() {
        let mut rng = XorShift::new(0xb17e_0f5e);
        for _ in 0..20_000 {
            // Counts below 16, many of them 0.
            let counts = rng.next_u64() & rng.next_u64() & 0x0f0f_0f0f_0f0f_0f0f;
            let mut items = Vec::new();
            for (byte, &count) in counts.to_le_bytes().iter().enumerate() {
                items.extend((0..usize::from(count)).map(|i| (byte, i)));
            }
            for n in 0..items.len() + 2 {
                assert_eq!(byte_of(counts, n), items.get(n).copied(), "{counts:#x} {n}");
            }
        }
        // A count of 16 is left to the caller.
        assert_eq!(byte_of(0x10, 0), None);
    }

    /// The pawn moves by file, a byte a file, agree with those counted
    /// one move at a time wherever they are given, and are given in
    /// positions with pinned pawns and en passant captures.
    #[test]
    fn pawn_file_counts_agree_with_the_moves_counted() {
        let starts = [
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "r3k3/1P4P1/8/8/8/8/1p4p1/R3K2R w KQq - 0 1",
            "4k3/4r3/8/1b6/2PpP3/8/4P3/4K3 b - c3 0 1",
        ];
        let mut rng = XorShift::new(0x9a77_f11e);
        let (mut given, mut left, mut pinned, mut en_passant) = (0, 0, 0, 0);
        for game in 0..600 {
            let mut pos = match starts.get(game % 4) {
                Some(fen) => position(fen),
                None => Position::new(),
            };
            for _ in 0..150 {
                let mut bulk = Bulk::default();
                pos.generate_legal(&mut Only::role(&mut bulk, Role::Pawn.index()));
                let counted = bulk.pawn_counts();
                match bulk.pawn_file_counts() {
                    Some(counts) => {
                        let by_file = counts.to_le_bytes().map(usize::from);
                        assert_eq!(by_file, counted, "{pos:?}");
                        given += 1;
                        pinned += usize::from(!bulk.pinned_pawns.is_empty());
                        en_passant += usize::from(!bulk.en_passant.is_empty());
                    }
                    None => {
                        // Only where a pawn promotes.
                        let promotes = bulk
                            .pawn_sets
                            .iter()
                            .any(|(set, _)| (*set & Bitboard::BACKRANKS).is_nonempty());
                        assert!(promotes, "{pos:?}");
                        left += 1;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        assert!(given > 20_000 && left > 100, "{given} given, {left} left");
        assert!(pinned > 100 && en_passant > 100, "{pinned} pinned, {en_passant} en passant");
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
            // An encoder's replayed moves skip the tests of legality.
            assert_eq!(ordinal_of_legal(pos, *m), expected, "{san} in {pos:?}");
            if let Some(i) = expected {
                assert_eq!(move_at(pos, i), Some(*m), "ordinal {i} ({san}) in {pos:?}");
                // The hint: what the SAN names of the origin, for every
                // move but castling.
                let origin = match San::from_move_without_check(pos, *m).kind {
                    SanKind::Normal { file, rank, .. } => Some((file, rank)),
                    _ => None,
                };
                assert_eq!(move_at_hinted(pos, i), Some((*m, origin)), "{san} in {pos:?}");
            }
        }
        if let Ok(n) = u8::try_from(plain.len()) {
            assert_eq!(move_at(pos, n), None, "{n} moves in {pos:?}");
        }
        plain
    }

    #[test]
    fn turning_over_the_diagonal_swaps_file_and_rank() {
        for sq in Square::ALL {
            let (file, rank) = (sq.index() & 7, sq.index() >> 3);
            assert_eq!(flipped(1 << sq.index()), 1 << (file * 8 + rank), "{sq:?}");
        }
        // Names in order: a1 a2 b1 b2 for the four corner squares there.
        let set = Bitboard::from(Square::A1) | Square::A2 | Square::B1 | Square::B2;
        let names: Vec<_> = (0..5).map(|n| nth_by_name(set, n)).collect();
        assert_eq!(
            names,
            [Some(Square::A1), Some(Square::A2), Some(Square::B1), Some(Square::B2), None]
        );
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
        // A capture that names the wrong piece: Nxe5 and exd5 take pawns.
        let open = position("r1bqkbnr/ppp2ppp/2n5/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4");
        let nxe5 = |capture| Move::Normal {
            role: Role::Knight,
            from: Square::F3,
            capture,
            to: Square::E5,
            promotion: None,
        };
        let exd5 = |capture| Move::Normal {
            role: Role::Pawn,
            from: Square::E4,
            capture,
            to: Square::D5,
            promotion: None,
        };
        for m in [nxe5, exd5] {
            assert!(ordinal(&open, m(Some(Role::Pawn))).is_some());
            assert_eq!(ordinal(&open, m(Some(Role::Knight))), None);
            assert_eq!(ordinal(&open, m(None)), None);
        }
        // A pawn move that is not one: e2 to e4 with a promotion, e2 to
        // d3 without a capture, e2 to e5.
        let pawn = |from, to, promotion| Move::Normal {
            role: Role::Pawn,
            from,
            capture: None,
            to,
            promotion,
        };
        assert_eq!(ordinal(&pos, pawn(Square::E2, Square::E4, Some(Role::Queen))), None);
        assert_eq!(ordinal(&pos, pawn(Square::E2, Square::D3, None)), None);
        assert_eq!(ordinal(&pos, pawn(Square::E2, Square::E5, None)), None);
        // En passant is only a `Move::EnPassant`; a promotion needs a role
        // a pawn promotes to.
        let ep = position("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        assert!(ordinal(&ep, Move::EnPassant { from: Square::E5, to: Square::F6 }).is_some());
        assert_eq!(ordinal(&ep, pawn(Square::E5, Square::F6, None)), None);
        let promote = position("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1");
        assert!(ordinal(&promote, pawn(Square::B7, Square::B8, Some(Role::Knight))).is_some());
        assert_eq!(ordinal(&promote, pawn(Square::B7, Square::B8, None)), None);
        assert_eq!(ordinal(&promote, pawn(Square::B7, Square::B8, Some(Role::King))), None);
        assert_eq!(ordinal(&promote, pawn(Square::B7, Square::B8, Some(Role::Pawn))), None);
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

    /// The start and positions rich in what keys must get right.
    fn rich_starts() -> Vec<Position> {
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
        std::iter::once(Position::new()).chain(starts.iter().map(|f| position(f))).collect()
    }

    /// Every copy of [`ordinal`] and [`move_at`] gives the answers of the
    /// portable copy that generates the pieces' moves, on every legal
    /// move (and made-up ones) of random games, whatever runs by default:
    /// the portable copy that counts them by fills (those of AVX-512
    /// wherever `chess_core::cpu::wide_vectors` says so, their portable
    /// twin elsewhere), the copy compiled for AVX-512 wherever the
    /// processor has it, and the copy for `POPCNT` wherever it has that.
    #[test]
    fn every_copy_gives_the_same_answers() {
        let starts = rich_starts();
        let mut rng = XorShift::new(0x00c0_b1e5);
        let (mut moves, mut positions) = (0, 0);
        for game in 0..60 {
            let mut pos = starts[game % starts.len()].clone();
            for _ in 0..150 {
                let legal = pos.legal_moves();
                let mut made = legal.to_vec();
                for _ in 0..8 {
                    let (from, to) = (Square::ALL[rng.below(64)], Square::ALL[rng.below(64)]);
                    let role = Role::ALL[rng.below(6)];
                    let capture = pos.board().role_at(to);
                    made.push(Move::Normal { role, from, capture, to, promotion: None });
                }
                for &m in &made {
                    for checked in [true, false] {
                        if !checked && !legal.contains(&m) {
                            continue;
                        }
                        let expected = ordinal_in::<false>(&pos, m, checked);
                        let fills = ordinal_in::<true>(&pos, m, checked);
                        assert_eq!(fills, expected, "{m:?} by fills in {pos:?}");
                        let wide = ordinal_by_fills(&pos, m, checked);
                        assert_eq!(wide, expected, "{m:?} with AVX-512 in {pos:?}");
                        let popcnt = ordinal_with_popcnt(&pos, m, checked);
                        assert_eq!(popcnt, expected, "{m:?} with POPCNT in {pos:?}");
                    }
                }
                for ordinal in 0..=u8::try_from(legal.len()).unwrap_or(u8::MAX) {
                    let expected = move_at_in::<false>(&pos, ordinal);
                    let fills = move_at_in::<true>(&pos, ordinal);
                    assert_eq!(fills, expected, "{ordinal} by fills in {pos:?}");
                    let wide = move_at_by_fills(&pos, ordinal);
                    assert_eq!(wide, expected, "{ordinal} with AVX-512 in {pos:?}");
                    let popcnt = move_at_with_popcnt(&pos, ordinal);
                    assert_eq!(popcnt, expected, "{ordinal} with POPCNT in {pos:?}");
                }
                moves += legal.len();
                positions += 1;
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[rng.below(legal.len())]);
            }
        }
        assert!(positions > 5_000 && moves > 100_000, "{positions} {moves}");
    }

    /// Random games from the start and from positions rich in what keys
    /// must get right: every position on the way is checked.
    #[test]
    fn agrees_with_sorted_san_in_random_games() {
        let starts = rich_starts();
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
