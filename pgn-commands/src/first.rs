//! [`FirstValues`]: a move's clock, move time and evaluation, gathered
//! from its comments as ruling C4 says (the first well-formed of each).

use crate::scan::{CommandKind, command_at, find_open};
use crate::value::{ClockTime, Evaluation, Score, Value};

/// The first well-formed `clk`, `emt` and `eval` among the comments given
/// one by one (ruling C4): what a move node, `pgn moves` and python-chess's
/// `clock()`, `emt()` and `eval()` give for a move.
///
/// ```
/// use pgn_commands::FirstValues;
///
/// let mut values = FirstValues::default();
/// values.add(b"[%clk 9:99] [%eval 0.17]");
/// values.add(b"[%clk 0:03:00] [%eval 1.00]");
/// assert_eq!(values.clock.map(|c| c.to_string()).as_deref(), Some("0:03:00"));
/// assert_eq!(values.eval.map(|e| e.to_string()).as_deref(), Some("0.17"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FirstValues {
    /// The first well-formed `[%clk]`.
    pub clock: Option<ClockTime>,
    /// The first well-formed `[%emt]`.
    pub emt: Option<ClockTime>,
    /// The first well-formed `[%eval]`.
    pub eval: Option<Evaluation>,
}

impl FirstValues {
    /// Takes the values of `comment` that are still missing.
    pub fn add(&mut self, comment: &[u8]) {
        let mut at = 0;
        while let Some(open) = find_open(comment, at) {
            // What follows `[%` (`find_open` found both bytes, so the
            // slice is there; empty would only send it to the scanner).
            let rest = comment.get(open + 2..).unwrap_or_default();
            // The commonest command, `[%clk H:MM:SS]` (one a move in a
            // lichess file), is read here without the general scanner
            // when written exactly so: the same command, its end and its
            // value as `command_at` and `Command::value` give. Any other
            // command goes to `add_other`.
            if let Some((time, len)) = exact_clock(rest) {
                if self.clock.is_none() {
                    self.clock = Some(time);
                }
                at = open + 2 + len;
                continue;
            }
            at = self.add_other(comment, open);
        }
    }

    /// Takes the value of the command at `open` (a `[%`, not an exact
    /// `[%clk H:MM:SS]`) if still missing; gives where the search for the
    /// next command goes on. `[%eval 0.17]` and the like are read without
    /// the general scanner, as `[%clk H:MM:SS]` in `add`; any other form
    /// with it. Kept out of `add`, so that the clock's fast path there
    /// works in registers.
    #[inline(never)]
    fn add_other(&mut self, comment: &[u8], open: usize) -> usize {
        let rest = comment.get(open + 2..).unwrap_or_default();
        if let Some((eval, len)) = exact_eval(rest) {
            if self.eval.is_none() {
                self.eval = Some(eval);
            }
            return open + 2 + len;
        }
        let Some(command) = command_at(comment, open) else {
            return open + 1;
        };
        let missing = match command.kind() {
            CommandKind::Clock => self.clock.is_none(),
            CommandKind::ElapsedMoveTime => self.emt.is_none(),
            CommandKind::Eval => self.eval.is_none(),
            _ => false,
        };
        if missing {
            match command.value() {
                Ok(Value::Time(time)) if command.kind() == CommandKind::Clock => {
                    self.clock = Some(time);
                }
                Ok(Value::Time(time)) => self.emt = Some(time),
                Ok(Value::Eval(eval)) => self.eval = Some(eval),
                _ => {}
            }
        }
        open + command.raw().len()
    }
}

/// The value of a digit byte, `None` for any other byte.
#[inline(always)]
fn digit(b: u8) -> Option<u64> {
    b.is_ascii_digit().then(|| u64::from(b - b'0'))
}

/// `clk H:MM:SS]` or `clk HH:MM:SS]` at the start of `rest` (what follows
/// a `[%`): the time and the length of the command after `[%`; `None` for
/// any other form, a fraction of a second or white space too.
///
/// The scanner reads these bytes as the command `clk` with the arguments
/// between the space and the `]` (digits and colons hold no `[`, `]` or
/// white space), and `ClockTime::from_trimmed` reads those as the whole
/// seconds below, with no fraction.
#[inline(always)]
fn exact_clock(rest: &[u8]) -> Option<(ClockTime, usize)> {
    let time = rest.strip_prefix(b"clk ")?;
    // One digit of hours, or a first digit of two; then one digit of
    // hours and the fixed `:MM:SS]`.
    let (tens, hms) = match time {
        [_, b':', ..] => (0, time),
        [tens @ b'0'..=b'9', hms @ ..] => (u64::from(tens - b'0'), hms),
        _ => return None,
    };
    // The eight bytes `H:MM:SS]` at once: each byte XOR the byte of
    // `0:00:00]` at its place is the digit's value for a digit and 0 for
    // the colon or `]`; any other byte gives a value above the limit of
    // its place (XOR with `0` maps only `0` to `9` onto 0 to 9).
    let xor = u64::from_le_bytes(*hms.first_chunk::<8>()?) ^ u64::from_le_bytes(*b"0:00:00]");
    if !each_byte_at_most(xor, u64::from_le_bytes([9, 0, 5, 9, 0, 5, 9, 0])) {
        return None;
    }
    let [h, _, m1, m2, _, s1, s2, _] = xor.to_le_bytes().map(u64::from);
    let whole = (tens * 10 + h) * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
    let len = b"clk ".len() + (time.len() - hms.len()) + 8;
    Some((ClockTime::from_seconds(whole), len))
}

/// True if each byte of `bytes` is at most the byte of `limits` at its
/// place (each limit below 0x80), eight bytes tested at once.
///
/// Adding `0x7f - limit` to a byte sets its high bit exactly when the
/// byte is above its limit, as long as nothing carries into the byte;
/// a byte with its high bit set is above any limit. A carry out of a
/// byte comes only from a byte of 0x81 or more, which the test of its
/// own high bit catches, so the lowest byte above its limit is always
/// caught, and no byte is caught when every byte is within its limit.
#[inline(always)]
fn each_byte_at_most(bytes: u64, limits: u64) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let over = bytes.wrapping_add(!HIGH - limits);
    (bytes | over) & HIGH == 0
}

/// Up to `max` digits at the start of `bytes`: their value and how many
/// there were (none is 0 and 0).
#[inline(always)]
fn digits(bytes: &[u8], max: usize) -> (u64, usize) {
    let mut value = 0;
    let mut len = 0;
    for &b in bytes.iter().take(max) {
        let Some(d) = digit(b) else { break };
        value = value * 10 + d;
        len += 1;
    }
    (value, len)
}

/// The most digits of pawns or of a mate `exact_eval` reads; more go to
/// the scanner. Four digits of pawns are below `Evaluation::MAX_PAWNS`,
/// and their centipawns and a mate of four digits fit an `i32`.
const EXACT_EVAL_DIGITS: usize = 4;

/// `eval` then a space, then pawns (`0.17`, `-1.25`, `3`, `3.`: an
/// optional `-`, one to four digits, an optional `.` and up to two
/// digits) or a mate (`#3`, `#-3`: one to four digits), then `]`, at the
/// start of `rest` (what follows a `[%`): the evaluation and the length
/// of the command after `[%`; `None` for any other form (`+`, `.5`, a
/// depth, white space, more digits).
///
/// The scanner reads these bytes as the command `eval` with the arguments
/// between the space and the `]` (they hold no `[`, `]`, `,` or white
/// space), and `Evaluation::from_ascii` reads those as the score below.
#[inline(always)]
fn exact_eval(rest: &[u8]) -> Option<(Evaluation, usize)> {
    let args = rest.strip_prefix(b"eval ")?;
    let (mate, score) = match args {
        [b'#', score @ ..] => (true, score),
        _ => (false, args),
    };
    let (negative, unsigned) = match score {
        [b'-', unsigned @ ..] => (true, unsigned),
        _ => (false, score),
    };
    let (whole, whole_len) = digits(unsigned, EXACT_EVAL_DIGITS);
    if whole_len == 0 {
        return None;
    }
    let after = unsigned.get(whole_len..)?;
    let (value, tail) = match after {
        [b']', ..] if mate => (whole, 0),
        _ if mate => return None,
        [b']', ..] => (whole * 100, 0),
        [b'.', fraction @ ..] => {
            let (hundredths, len) = match digits(fraction, 2) {
                (units, 1) => (units * 10, 1),
                other => other,
            };
            if fraction.get(len) != Some(&b']') {
                return None;
            }
            (whole * 100 + hundredths, 1 + len)
        }
        _ => return None,
    };
    // Below 10^6 (four digits of pawns and two of hundredths): fits.
    let value = i32::try_from(value).ok()?;
    let value = if negative { -value } else { value };
    let score = if mate { Score::Mate(value) } else { Score::Centipawns(value) };
    // The bytes of `args` before the `]`: `#`, `-`, the digits, the tail.
    let len = usize::from(mate) + usize::from(negative) + whole_len + tail;
    Some((Evaluation { score, depth: None }, b"eval ".len() + len + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::commands;

    /// What ruling C4 says, read with the general scanner only.
    fn by_the_scanner(comments: &[&[u8]]) -> FirstValues {
        let mut values = FirstValues::default();
        for command in comments.iter().flat_map(|c| commands(c)) {
            match (command.kind(), command.value()) {
                (CommandKind::Clock, Ok(Value::Time(t))) => values.clock = values.clock.or(Some(t)),
                (CommandKind::ElapsedMoveTime, Ok(Value::Time(t))) => {
                    values.emt = values.emt.or(Some(t));
                }
                (CommandKind::Eval, Ok(Value::Eval(e))) => values.eval = values.eval.or(Some(e)),
                _ => {}
            }
        }
        values
    }

    /// Comments and parts of comments: the forms the fast paths read, and
    /// the forms around them that they must leave to the scanner.
    const PARTS: [&[u8]; 67] = [
        b"[%clk 0:29:56]",
        b"[%clk 12:00:00]",
        b"[%clk 00:00:00]",
        b"[%clk 9:59:59]",
        b"[%clk  1:02:03 ]",
        b"[%clk 0:29:56 ]",
        b"[%clk\t0:29:56]",
        b"[%clk\n0:25:59 ]",
        b"[%clk 9:99]",
        b"[%clk 0:60:00]",
        b"[%clk 0:00:6a]",
        b"[%clk 1:5:07]",
        b"[%clk 0:01:00.5]",
        b"[%clk 10:00:00.25]",
        b"[%clk 0:00:59.]",
        b"[%clk 0:00:00.1234567890]",
        b"[%clk 123:00:00]",
        b"[%clk 99999999999999999999:00:00]",
        b"[%clk 0:2\xc3\xa9:56]",
        b"[%clk 0:01",
        b"[%clk 0:29:56",
        b"[%clk [%clk 0:00:07]",
        b"[%clk 0:29:5[%eval 0.10]",
        b"[%clk 12:00:00][%eval 0.17]",
        b"[%CLK 0:29:56]",
        b"[%clkx 0:00:01]",
        b"[%emt 0:00:03]",
        b"[%eval 0.17]",
        b"[%eval -1.25]",
        b"[%eval -0.00]",
        b"[%eval 0.5]",
        b"[%eval 12]",
        b"[%eval 3.]",
        b"[%eval 9999.99]",
        b"[%eval 10000.5]",
        b"[%eval 99999999999.00]",
        b"[%eval 1.234]",
        b"[%eval -.5]",
        b"[%eval .5]",
        b"[%eval +1]",
        b"[%eval --1]",
        b"[%eval #-3]",
        b"[%eval #3]",
        b"[%eval #-0]",
        b"[%eval #+3]",
        b"[%eval #3.5]",
        b"[%eval #1234]",
        b"[%eval #99999999999]",
        b"[%eval #-3,22]",
        b"[%eval 0.17,22]",
        b"[%eval  0.17 ]",
        b"[%eval\n0.17]",
        b"[%eval 0.1\xc3\xa9]",
        b"[%eval \xd9\xa3]",
        b"[%eval -]",
        b"[%eval #]",
        b"[%eval ]",
        b"[%eval]",
        b"[%eval0.17]",
        b"[%eval 0.17",
        b"[%eval [%eval -0.50]",
        b"[%eval x]",
        b"text \xc3\xa9 ",
        b"[",
        b"[%",
        b"]",
        b" [%csl Gd4]",
    ];

    /// Whether a fast path reads the command that starts `comment`;
    /// where one does, checks that the scanner finds the same command, of
    /// the same length and value.
    fn read_fast(comment: &[u8]) -> bool {
        let Some(rest) = comment.strip_prefix(b"[%") else { return false };
        let fast = match (exact_clock(rest), exact_eval(rest)) {
            (Some((time, len)), _) => Some((Value::Time(time), len)),
            (None, Some((eval, len))) => Some((Value::Eval(eval), len)),
            (None, None) => None,
        };
        let Some((value, len)) = fast else { return false };
        let shown = String::from_utf8_lossy(comment);
        let command = command_at(comment, 0).expect("a command where a fast path read one");
        assert_eq!(command.raw().len(), 2 + len, "{shown:?}");
        assert_eq!(command.value(), Ok(value), "{shown:?}");
        true
    }

    #[test]
    fn each_fast_path_reads_a_command_as_the_scanner_does() {
        let taken = PARTS.iter().filter(|part| read_fast(part)).count();
        // The forms lichess writes are read by the fast paths.
        assert_eq!(taken, 16);
    }

    #[test]
    fn the_fast_clock_tests_each_byte() {
        // Every byte at each place of the time, and two bytes at a time
        // from those at the edges of the ranges the clock's test takes.
        let edges =
            [0, b' ', b'/', b'0', b'5', b'6', b'9', b':', b'[', b']', 0x7f, 0x80, 0x81, 0xba, 0xff];
        for clock in [&b"[%clk 1:23:45]"[..], b"[%clk 12:34:56]"] {
            let check = |comment: &[u8]| {
                read_fast(comment);
                let mut fast = FirstValues::default();
                fast.add(comment);
                assert_eq!(
                    fast,
                    by_the_scanner(&[comment]),
                    "{:?}",
                    String::from_utf8_lossy(comment)
                );
            };
            let places = 6..clock.len();
            for place in places.clone() {
                for byte in 0..=u8::MAX {
                    let mut comment = clock.to_vec();
                    comment[place] = byte;
                    check(&comment);
                }
                for other in place + 1..clock.len() {
                    for (&a, &b) in edges.iter().flat_map(|a| edges.iter().map(move |b| (a, b))) {
                        let mut comment = clock.to_vec();
                        comment[place] = a;
                        comment[other] = b;
                        check(&comment);
                    }
                }
            }
        }
    }

    #[test]
    fn the_fast_clock_reads_what_the_scanner_reads() {
        let parts = PARTS;
        // Comments of up to three parts at random, two given one after
        // the other.
        let mut random = testkit::XorShift::new(0x2545_f491);
        for _ in 0..100_000 {
            let mut comments: Vec<Vec<u8>> = Vec::new();
            for _ in 0..2 {
                let mut comment = Vec::new();
                for _ in 0..1 + random.below(3) {
                    comment.extend_from_slice(parts[random.below(parts.len())]);
                }
                comments.push(comment);
            }
            let given: Vec<&[u8]> = comments.iter().map(Vec::as_slice).collect();
            let mut fast = FirstValues::default();
            given.iter().for_each(|c| fast.add(c));
            assert_eq!(
                fast,
                by_the_scanner(&given),
                "{:?}",
                given.iter().map(|c| String::from_utf8_lossy(c)).collect::<Vec<_>>()
            );
        }
    }
}
