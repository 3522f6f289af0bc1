//! [`Lexer::skip_plain_run`]: plain movetext passed over sixteen bytes at
//! a time, for a reader that skips a game's moves (a game its visitor
//! rejected): what repeated calls of [`Lexer::next_plain_move`] do, without
//! a branch per token.
//!
//! Each block of sixteen bytes is classified with a few vector compares
//! (the `wide` crate: SSE2 on x86-64, NEON on AArch64, plain code
//! elsewhere, all through a safe interface), giving one bit a byte for
//! each class; the rules below are then tested on all sixteen bits at
//! once. A byte's neighbours come from shifts, and from the block before
//! for the first bytes, so a token may span blocks.

use wide::u8x16;

use super::{Lexer, MAX_LINE};

/// The bits of a block's sixteen bytes.
const ALL: u32 = 0xffff;

/// The sixteen bytes from `i`.
#[inline(always)]
fn block_at(buf: &[u8], i: usize) -> Option<u8x16> {
    let bytes: [u8; 16] = buf.get(i..i + 16)?.try_into().ok()?;
    Some(u8x16::new(bytes))
}

/// The classes of a block's bytes, bit `i` for byte `i`.
#[derive(Clone, Copy)]
struct Classes {
    /// Space, period or line feed: they separate tokens.
    sep: u32,
    /// Space or line feed.
    white: u32,
    line_feed: u32,
    period: u32,
    digit: u32,
    /// ASCII letters but `p`, which no move has: so `ep` (which
    /// `next_plain_move` leaves to the general path) is never in a run.
    letter: u32,
    /// `+ # = -`: they go on in a symbol but do not start one.
    mark: u32,
    /// `+ #`: the marks that may follow a digit (`Nf3+`).
    check: u32,
}

impl Classes {
    #[inline(always)]
    fn of(v: u8x16) -> Classes {
        let eq = |c: u8| v.cmp_eq(u8x16::splat(c));
        let bits = |m: u8x16| m.move_mask() as u32 & ALL;
        // Unsigned ranges: `b - lo` at most `n` (wrapping below `lo`).
        let within = |d: u8x16, n: u8| d.min(u8x16::splat(n)).cmp_eq(d);
        let space = eq(b' ');
        let line_feed = eq(b'\n');
        let period = eq(b'.');
        let check = eq(b'+') | eq(b'#');
        let lower = v | u8x16::splat(0x20);
        Classes {
            sep: bits(space | line_feed | period),
            white: bits(space | line_feed),
            line_feed: bits(line_feed),
            period: bits(period),
            digit: bits(within(v - u8x16::splat(b'0'), 9)),
            letter: bits(within(lower - u8x16::splat(b'a'), 25)) & !bits(eq(b'p')),
            mark: bits(check | eq(b'=') | eq(b'-')),
            check: bits(check),
        }
    }
}

/// `m` with each bit moved `n` places up, the bits below `n` taken from
/// the top of `before` (the same class of the block before).
#[inline(always)]
fn back(m: u32, before: u32, n: u32) -> u32 {
    ((m << n) | (before >> (16 - n))) & ALL
}

/// The highest bit set in `m` (not 0).
#[inline(always)]
fn top(m: u32) -> usize {
    31 - m.leading_zeros() as usize
}

impl Lexer {
    /// Passes over a run of plain movetext, as far as repeated calls of
    /// [`Lexer::next_plain_move`] would take it, sixteen bytes at a time:
    /// for a reader that skips a movetext and does nothing with its moves.
    /// Call it right after `next_plain_move` returned a move.
    ///
    /// A run is made of symbols of ASCII letters (not `p`, so never `ep`),
    /// digits and `+ # = -` that start with a letter; integers; periods
    /// after an integer of at most three digits or after a separator;
    /// spaces; and line feeds, but never two in one run of white space
    /// (an empty line); all inside the window and the line limit. A digit followed
    /// by a letter, `=` or `-` (`R1e4`, `e8=Q`), and anything else, end
    /// it. It stops at the start of the last token begun in the run,
    /// which `next_plain_move` then reads, with the lexer as those calls
    /// would have left it there (tests check this on the corpus and on
    /// random text).
    pub fn skip_plain_run(&mut self, buf: &[u8]) {
        // The bytes before the first block, for the rules that look back:
        // the move just returned and what came before (at the start of
        // the window, which is rare, nothing is skipped).
        let Some(before) = self.pos.checked_sub(16).and_then(|i| block_at(buf, i)) else {
            return;
        };
        let mut prev = Classes::of(before);
        // A line feed just before the first block (the move just returned
        // ends at a line feed or white space, never after one).
        let mut prev_ended = 0;
        let mut i = self.pos;
        // The line limit in window coordinates.
        let mut limit = self.line_limit.saturating_sub(self.base);
        // Where to stop (the last token start) and the last line feed
        // before it; the last line feed passed.
        let mut resume: Option<(usize, Option<usize>)> = None;
        let mut line_feed_seen = None;
        // Only what comes before the last token start is taken: a period
        // there ends one byte before the block's end, inside the limit.
        while (i + 16) as u64 <= limit {
            let Some(v) = block_at(buf, i) else { break };
            let c = Classes::of(v);
            // The white space that follows a line feed in its run (the
            // line feed included), from the block before into this one.
            let mut ended = c.line_feed | (c.white & prev_ended >> 15);
            let mut white = c.white;
            for n in [1, 2, 4, 8] {
                ended |= white & (ended << n);
                white &= white << n;
            }
            let digit1 = back(c.digit, prev.digit, 1);
            let sep1 = back(c.sep, prev.sep, 1);
            // The first byte of each token.
            let start = ALL & !c.sep & sep1;
            // A period after an integer of at most three digits.
            let number_end = digit1
                & (back(c.sep, prev.sep, 2)
                    | (back(c.digit, prev.digit, 2)
                        & (back(c.sep, prev.sep, 3)
                            | (back(c.digit, prev.digit, 3) & back(c.sep, prev.sep, 4)))));
            let bad =
                // A byte of no class.
                (ALL & !(c.sep | c.digit | c.letter | c.mark))
                // A token that starts with a mark.
                | (start & c.mark)
                // A digit followed by a letter, `=` or `-`.
                | ((c.letter | (c.mark & !c.check)) & digit1)
                // A digit followed by `+` or `#`, not after a letter.
                | (c.check & digit1 & !back(c.letter, prev.letter, 2))
                // A period after a letter or mark, or after digits that do
                // not start their token.
                | (c.period & !sep1 & !number_end)
                // A second line feed in a run of white space: an empty
                // line.
                | (c.line_feed & back(ended, prev_ended, 1));
            if bad != 0 {
                break;
            }
            if start != 0 {
                let at = top(start);
                let below = c.line_feed & ((1 << at) - 1);
                let line = if below != 0 { Some(i + top(below)) } else { line_feed_seen };
                resume = Some((i + at, line));
            }
            if c.line_feed != 0 {
                let at = i + top(c.line_feed);
                line_feed_seen = Some(at);
                limit = at as u64 + 1 + MAX_LINE;
            }
            prev = c;
            prev_ended = ended & ALL;
            i += 16;
        }
        if let Some((at, line)) = resume {
            if let Some(line) = line {
                self.pass_line_end(line);
            }
            self.pos = at;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How far one move and the run after it take a lexer from the start
    /// of `text`.
    fn run_end(text: &[u8]) -> u64 {
        // Sixteen bytes before the moves: the run looks back at them.
        let mut buf = b"[A \"x\"]       \n\n".to_vec();
        let from = buf.len();
        buf.extend_from_slice(text);
        let mut lexer = Lexer::new();
        lexer.pos = from;
        lexer.line_start = from as u64;
        lexer.line_limit = from as u64 + MAX_LINE;
        assert!(lexer.next_plain_move(&buf).is_some());
        lexer.skip_plain_run(&buf);
        lexer.offset() - from as u64
    }

    #[test]
    fn a_run_takes_plain_export_text_to_its_last_token() {
        // Numbers of three digits, checks, castling, white space at the
        // ends of lines and long runs of it: all in one run, which stops
        // at the start of the last token (`Kg8`).
        let text = b"Nf3 Nc6 123. Bb5+ a6 124.O-O   Nf6\n125. Re1 \n  b5 126. Bb3\n          d6 127. c3 Kg8 ";
        let at = text.windows(3).position(|w| w == b"Kg8").unwrap() as u64;
        assert_eq!(run_end(text), at);
    }

    #[test]
    fn a_run_stops_before_what_it_does_not_take() {
        // Each text has one odd byte (after `|`, which is taken out). The
        // run takes the blocks (of sixteen bytes, from the end of the
        // first move) before the one that holds it, and stops at the start
        // of the last token begun in them.
        for text in [
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. e8|=Q Kh8 6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 1|-0 6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1\n|\n6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 e|p 6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 1234|. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 Nf3|. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 12|+ d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 |{x} d4 d5 7. c4 c5",
        ] {
            let odd = text.find('|').unwrap();
            let text = text.replace('|', "");
            let bytes = text.as_bytes();
            let blocks_end = 3 + (odd - 3) / 16 * 16;
            let last_start = (1..blocks_end)
                .rfind(|&i| b" \n.".contains(&bytes[i - 1]) && !b" \n.".contains(&bytes[i]))
                .unwrap_or(0);
            assert_eq!(run_end(bytes), last_start as u64, "{text}");
        }
    }
}
