//! [`FirstValues`]: a move's clock, move time and evaluation, gathered
//! from its comments as ruling C4 says (the first well-formed of each).

use crate::scan::{CommandKind, command_at, find_open, trim};
use crate::value::{ClockTime, Evaluation, Value};

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
            // The commonest command, `[%clk H:MM:SS]` (one a move in a
            // lichess file), is read here without the general scanner:
            // the same command, its end and its value as `commands` gives.
            let rest = &comment[open + 2..];
            if let Some(args) = rest.strip_prefix(b"clk ")
                && let Some(close) = args.iter().position(|&b| b == b']' || b == b'[')
                && args[close] == b']'
                && let Some(time) = ClockTime::from_trimmed(trim(&args[..close]))
            {
                self.clock = self.clock.or(Some(time));
                at = open + 2 + 4 + close + 1;
                continue;
            }
            let Some(command) = command_at(comment, open) else {
                at = open + 1;
                continue;
            };
            at = open + command.raw().len();
            let missing = match command.kind() {
                CommandKind::Clock => self.clock.is_none(),
                CommandKind::ElapsedMoveTime => self.emt.is_none(),
                CommandKind::Eval => self.eval.is_none(),
                _ => false,
            };
            if !missing {
                continue;
            }
            match command.value() {
                Ok(Value::Time(time)) if command.kind() == CommandKind::Clock => {
                    self.clock = Some(time);
                }
                Ok(Value::Time(time)) => self.emt = Some(time),
                Ok(Value::Eval(eval)) => self.eval = Some(eval),
                _ => {}
            }
        }
    }
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

    #[test]
    fn the_fast_clock_reads_what_the_scanner_reads() {
        let parts: [&[u8]; 16] = [
            b"[%clk 0:29:56]",
            b"[%clk  1:02:03 ]",
            b"[%clk 9:99]",
            b"[%clk 0:01:00.5]",
            b"[%clk\n0:25:59 ]",
            b"[%clk 0:01",
            b"[%clk [%clk 0:00:07]",
            b"[%clk 12:00:00][%eval 0.17]",
            b"[%emt 0:00:03]",
            b"[%eval #-3,22]",
            b"[%eval x]",
            b"text ",
            b"[",
            b"[%",
            b"]",
            b" [%csl Gd4]",
        ];
        // Every comment of up to three parts, given alone and after one
        // another.
        let mut random = testkit::XorShift::new(0x2545_f491);
        for _ in 0..20_000 {
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
