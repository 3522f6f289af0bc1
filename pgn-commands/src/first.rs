//! [`FirstValues`]: a move's clock, move time and evaluation, gathered
//! from its comments as ruling C4 says (the first well-formed of each).

use crate::scan::{CommandKind, commands};
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
        for command in commands(comment) {
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
