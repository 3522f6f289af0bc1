//! [`Lexer::skip_plain_run`]: plain movetext passed over 64 bytes at a
//! time, for a reader that skips a game's moves (a game its visitor
//! rejected): what repeated calls of [`Lexer::next_plain_move`] do, without
//! a branch per token.
//!
//! Each block of 64 bytes is classified with a few vector compares on its
//! four quarters (the `wide` crate: SSE2 on x86-64, NEON on AArch64, plain
//! code elsewhere, all through a safe interface), giving one bit a byte
//! for each class; the rules below are then tested on all 64 bits at
//! once. (With blocks of 64 bytes rather than 32, the rules, whose cost
//! does not grow with the block, are tested half as often.) A byte's
//! neighbours come from shifts, and from the block before for the first
//! bytes, so a token may span blocks. Every rule looks only at a byte and
//! the bytes before it, so the bytes of a block before its first odd one
//! are taken too.

use wide::u8x16;

use super::{Lexer, MAX_LINE};

/// The bytes of a block.
const BLOCK: usize = 64;

/// The sixteen bytes from `i`.
#[inline(always)]
fn quarter_at(buf: &[u8], i: usize) -> Option<u8x16> {
    let bytes: [u8; 16] = buf.get(i..i + 16)?.try_into().ok()?;
    Some(u8x16::new(bytes))
}

/// The classes of a block's bytes, bit `i` for byte `i`.
#[derive(Clone, Copy)]
struct Classes {
    /// Space, period or line feed: they separate tokens.
    sep: u64,
    /// Space or line feed.
    white: u64,
    line_feed: u64,
    period: u64,
    digit: u64,
    /// ASCII letters but `p`, which no move has: so `ep` (which
    /// `next_plain_move` leaves to the general path) is never in a run.
    letter: u64,
    /// `+ # = -`: they go on in a symbol but do not start one.
    mark: u64,
    /// `+ #`: the marks that may follow a digit (`Nf3+`).
    check: u64,
}

impl Classes {
    /// The classes of the 64 bytes from `i`.
    #[inline(always)]
    fn at(buf: &[u8], i: usize) -> Option<Classes> {
        let q = [
            Quarter::of(quarter_at(buf, i)?),
            Quarter::of(quarter_at(buf, i + 16)?),
            Quarter::of(quarter_at(buf, i + 32)?),
            Quarter::of(quarter_at(buf, i + 48)?),
        ];
        let join = |a: u64, b: u64, c: u64, d: u64| a | b << 16 | c << 32 | d << 48;
        let space = join(q[0].space, q[1].space, q[2].space, q[3].space);
        let line_feed = join(q[0].line_feed, q[1].line_feed, q[2].line_feed, q[3].line_feed);
        let period = join(q[0].period, q[1].period, q[2].period, q[3].period);
        let check = join(q[0].check, q[1].check, q[2].check, q[3].check);
        let equals_or_dash = join(
            q[0].equals_or_dash,
            q[1].equals_or_dash,
            q[2].equals_or_dash,
            q[3].equals_or_dash,
        );
        Some(Classes {
            sep: space | line_feed | period,
            white: space | line_feed,
            line_feed,
            period,
            digit: join(q[0].digit, q[1].digit, q[2].digit, q[3].digit),
            letter: join(q[0].letter, q[1].letter, q[2].letter, q[3].letter),
            mark: check | equals_or_dash,
            check,
        })
    }
}

/// The classes that [`Classes`] are made of, for sixteen bytes (bit `i`
/// for byte `i`): one vector compare and one mask each. Their unions are
/// taken on the masks of the whole block, one OR for 64 bytes.
struct Quarter {
    space: u64,
    line_feed: u64,
    period: u64,
    digit: u64,
    /// Letters but `p`.
    letter: u64,
    /// `+ #`.
    check: u64,
    /// `= -`.
    equals_or_dash: u64,
}

impl Quarter {
    /// The classes of the sixteen bytes of `v`.
    #[inline(always)]
    fn of(v: u8x16) -> Quarter {
        let eq = |c: u8| v.cmp_eq(u8x16::splat(c));
        let bits = |m: u8x16| u64::from(m.move_mask() as u16);
        // Unsigned ranges: `b - lo` at most `n` (wrapping below `lo`).
        let within = |d: u8x16, n: u8| d.min(u8x16::splat(n)).cmp_eq(d);
        let lower = v | u8x16::splat(0x20);
        let letter = within(lower - u8x16::splat(b'a'), 25) & !eq(b'p');
        Quarter {
            space: bits(eq(b' ')),
            line_feed: bits(eq(b'\n')),
            period: bits(eq(b'.')),
            digit: bits(within(v - u8x16::splat(b'0'), 9)),
            letter: bits(letter),
            check: bits(eq(b'+') | eq(b'#')),
            equals_or_dash: bits(eq(b'=') | eq(b'-')),
        }
    }
}

/// The highest bit set in `m` (not 0).
#[inline(always)]
fn top(m: u64) -> usize {
    63 - m.leading_zeros() as usize
}

impl Lexer {
    /// Passes over a run of plain movetext, as far as repeated calls of
    /// [`Lexer::next_plain_move`] would take it, 64 bytes at a time:
    /// for a reader that skips a movetext and does nothing with its moves.
    /// Call it right after `next_plain_move` returned a move.
    ///
    /// A run is made of symbols of ASCII letters (not `p`, so never `ep`),
    /// digits and `+ # = -` that start with a letter; integers; periods
    /// after an integer of at most three digits or after a separator;
    /// spaces; and line feeds, after white space or not but never before
    /// it (so never an empty line); all inside the window and the line
    /// limit. A digit followed by a letter, `=` or `-` (`R1e4`, `e8=Q`),
    /// and anything else, end it. It stops at the start of the last token
    /// begun in the run, which `next_plain_move` then reads, with the
    /// lexer as those calls would have left it there (tests check this on
    /// the corpus and on random text).
    pub fn skip_plain_run(&mut self, buf: &[u8]) {
        // The bytes before the first block, for the rules that look back:
        // the move just returned and what came before (at the start of
        // the window, which is rare, nothing is skipped).
        let Some(mut prev) = self.pos.checked_sub(BLOCK).and_then(|i| Classes::at(buf, i)) else {
            return;
        };
        let from = self.pos;
        let mut i = from;
        // The line limit in window coordinates.
        let mut limit = self.line_limit.saturating_sub(self.base);
        // The last block with a token start taken, and its token starts.
        let mut last = None;
        // Only what comes before the last token start is taken: a period
        // there ends one byte before the block's end, inside the limit.
        while (i + BLOCK) as u64 <= limit {
            let Some(c) = Classes::at(buf, i) else { break };
            // Bit `i` of `back(now, before, n)` is the class of the byte
            // `n` before byte `i`, in this block or the one before.
            let back = |now: u64, before: u64, n: u32| now << n | before >> (64 - n);
            let digit = |n| back(c.digit, prev.digit, n);
            let sep = |n| back(c.sep, prev.sep, n);
            let (digit1, sep1) = (digit(1), sep(1));
            // The first byte of each token.
            let start = !c.sep & sep1;
            // A period after an integer of at most three digits.
            let number_end = digit1 & (sep(2) | (digit(2) & (sep(3) | (digit(3) & sep(4)))));
            let bad =
                // A byte of no class.
                !(c.sep | c.digit | c.letter | c.mark)
                // A token that starts with a mark.
                | (start & c.mark)
                // A digit followed by a letter, `=` or `-`.
                | ((c.letter | (c.mark & !c.check)) & digit1)
                // A digit followed by `+` or `#`, not after a letter.
                | (c.check & digit1 & !back(c.letter, prev.letter, 2))
                // A period after a letter or mark, or after digits that do
                // not start their token.
                | (c.period & !sep1 & !number_end)
                // White space after a line feed (so never an empty line;
                // white space before one is taken).
                | (c.white & back(c.line_feed, prev.line_feed, 1));
            // The bytes before the first odd one.
            let taken = if bad == 0 { u64::MAX } else { (1 << bad.trailing_zeros()) - 1 };
            if start & taken != 0 {
                last = Some((i, start & taken));
            }
            if bad != 0 {
                break;
            }
            // A line feed starts a new line, with its limit.
            let line_end = (i + top(c.line_feed | 1)) as u64 + 1 + MAX_LINE;
            limit = if c.line_feed != 0 { line_end } else { limit };
            prev = c;
            i += BLOCK;
        }
        if let Some((block, starts)) = last {
            let at = block + top(starts);
            // The line the token starts on, as next_plain_move would have
            // passed its line feed.
            let run = buf.get(from..at).unwrap_or_default();
            if let Some(line_feed) = run.iter().rposition(|&b| b == b'\n') {
                self.pass_line_end(from + line_feed);
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
        // A block of bytes before the moves: the run looks back at them.
        let mut buf =
            b"[Annotator \"someone or other, with a name long enough for a block\"]\n\n".to_vec();
        assert!(buf.len() >= BLOCK);
        let from = buf.len();
        buf.extend_from_slice(text);
        // A block after them, so that the run may look at their last byte.
        buf.extend_from_slice(&[b'{'; BLOCK]);
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
        // at the start of the last token (`Kg8`), before the comment that
        // `run_end` puts after the text.
        let text = b"Nf3 Nc6 123. Bb5+ a6 124.O-O   Nf6\n125. Re1 \nb5 126. Bb3          \nd6 127. c3 Kg8 ";
        let at = text.windows(3).position(|w| w == b"Kg8").unwrap() as u64;
        assert_eq!(run_end(text), at);
        // Past the limit of the first line: each line feed starts a line
        // with a limit of its own.
        let mut text = b"Nf3".to_vec();
        for n in 1..100 {
            text.extend_from_slice(format!(" {n}. e4 e5\nNf3").as_bytes());
        }
        text.extend_from_slice(b" Kh1 ");
        let at = text.windows(3).rposition(|w| w == b"Kh1").unwrap() as u64;
        assert!(at > 1000);
        assert_eq!(run_end(&text), at);
    }

    #[test]
    fn a_run_stops_before_what_it_does_not_take() {
        // Each text has one odd byte (after `|`, which is taken out). The
        // run takes the bytes before it, and stops at the start of the
        // last token begun in them.
        for text in [
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. e8|=Q Kh8 6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 1|-0 6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1\n|\n6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 \n|  6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 e|p 6. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 1234|. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 Nf3|. d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 12|+ d4 d5 7. c4 c5",
            "Nf3 Nc6 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 |{x} d4 d5 7. c4 c5",
            "Nf3 Nc6 |{x} 2. Bb5 a6 3. Ba4 Nf6 4. O-O Be7 5. Re1 d4 d5 7. c4 c5",
        ] {
            let odd = text.find('|').unwrap();
            let text = text.replace('|', "");
            let bytes = text.as_bytes();
            let last_start = (1..odd)
                .rfind(|&i| b" \n.".contains(&bytes[i - 1]) && !b" \n.".contains(&bytes[i]))
                .unwrap_or(3);
            assert_eq!(run_end(bytes), last_start as u64, "{text}");
        }
    }
}
