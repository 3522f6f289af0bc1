//! [`Registers`]: the string registers a program scanning the EPD records
//! of a game keeps (§16.2.5.5 comments `c0`–`c9`, §16.2.5.26 variation
//! names `v0`–`v9`, §16.2.5.12 `eco`, §16.2.5.16 `nic`).

use crate::epd::{Epd, Value};
use crate::opcode::{Opcode, Register};
use crate::operand::EpdString;

/// The registers of a move sequence scan.
///
/// Start one per game (or game fragment): every register is null. Then
/// [`apply`](Registers::apply) each record in turn. For `cN` (likewise
/// `vN`), first the registers N to 9 are set to null, then register N is
/// set to the operand if there is one. `eco` and `nic` set their register
/// to the operand, or to null without one.
///
/// Operations are applied in ASCII order of opcode, the order §16.2.4.1
/// asks records to be written in; "the semantics are the same in either
/// case", so a record read out of order (ruling D4) means the same.
///
/// ```
/// use fen_epd::{Epd, Register, Registers};
///
/// let mut regs = Registers::new();
/// let pos = "4k3/8/8/8/8/8/8/4K3 w - -";
/// regs.apply(&format!("{pos} c0 \"Game\"; c1 \"Opening\"; c2 \"Note\";").parse::<Epd>()?);
/// regs.apply(&format!("{pos} c1 \"Middlegame\";").parse::<Epd>()?);
/// let [c0, c1, c2] = [0, 1, 2].map(|i| regs.comment(Register::ALL[i]).map(|s| s.to_string()));
/// assert_eq!(c0.as_deref(), Some("Game"));
/// assert_eq!(c1.as_deref(), Some("Middlegame"));
/// assert_eq!(c2, None); // cleared by c1
/// # Ok::<_, fen_epd::EpdError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Registers {
    comments: [Option<EpdString>; 10],
    variation_names: [Option<EpdString>; 10],
    eco: Option<EpdString>,
    nic: Option<EpdString>,
}

impl Registers {
    /// Registers all null, as at the start of a game.
    pub fn new() -> Registers {
        Registers::default()
    }

    /// Sets every register to null (a new game).
    pub fn reset(&mut self) {
        *self = Registers::default();
    }

    /// Applies the register operations of one record.
    pub fn apply(&mut self, epd: &Epd) {
        for register in Register::ALL {
            if let Some(Value::Comment(_, text)) = epd.get(Opcode::comment(register)) {
                set(&mut self.comments, register, text);
            }
        }
        if let Some(Value::Eco(text)) = epd.get(Opcode::Eco) {
            self.eco.clone_from(text);
        }
        if let Some(Value::Nic(text)) = epd.get(Opcode::Nic) {
            self.nic.clone_from(text);
        }
        for register in Register::ALL {
            if let Some(Value::VariationName(_, text)) = epd.get(Opcode::variation_name(register)) {
                set(&mut self.variation_names, register, text);
            }
        }
    }

    /// The comment register N.
    pub fn comment(&self, register: Register) -> Option<&EpdString> {
        self.comments[register.index()].as_ref()
    }

    /// The variation name register N.
    pub fn variation_name(&self, register: Register) -> Option<&EpdString> {
        self.variation_names[register.index()].as_ref()
    }

    /// The ECO register.
    pub fn eco(&self) -> Option<&EpdString> {
        self.eco.as_ref()
    }

    /// The NIC register.
    pub fn nic(&self) -> Option<&EpdString> {
        self.nic.as_ref()
    }
}

/// `xN`: null registers N..=9, then set N to the operand if any.
fn set(registers: &mut [Option<EpdString>; 10], register: Register, text: &Option<EpdString>) {
    for slot in &mut registers[register.index()..] {
        *slot = None;
    }
    registers[register.index()].clone_from(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(ops: &str) -> Epd {
        format!("4k3/8/8/8/8/8/8/4K3 w - - {ops}").parse().expect("valid")
    }

    fn comments(regs: &Registers) -> Vec<Option<String>> {
        Register::ALL.iter().map(|&r| regs.comment(r).map(EpdString::to_string)).collect()
    }

    #[test]
    fn setting_n_clears_n_to_9() {
        let mut regs = Registers::new();
        regs.apply(&record("c0 \"a\"; c3 \"d\"; c9 \"j\"; v5 \"x\"; eco \"B90\";"));
        let mut expected = vec![None; 10];
        expected[0] = Some("a".to_string());
        expected[3] = Some("d".to_string());
        expected[9] = Some("j".to_string());
        assert_eq!(comments(&regs), expected);
        // c2 without operand: clears 2..=9, keeps 0.
        regs.apply(&record("c2;"));
        let mut expected = vec![None; 10];
        expected[0] = Some("a".to_string());
        assert_eq!(comments(&regs), expected);
        assert_eq!(
            regs.variation_name(Register::ALL[5]).map(EpdString::to_string),
            Some("x".into())
        );
        assert_eq!(regs.eco().map(EpdString::to_string), Some("B90".into()));
        // A record without register operations changes nothing.
        let before = regs.clone();
        regs.apply(&record("bm e4;"));
        assert_eq!(regs, before);
        regs.apply(&record("v4; eco; nic \"Si 1\";"));
        assert_eq!(regs.variation_name(Register::ALL[5]), None);
        assert_eq!(regs.eco(), None);
        assert_eq!(regs.nic().map(EpdString::to_string), Some("Si 1".into()));
        regs.reset();
        assert_eq!(regs, Registers::new());
    }

    #[test]
    fn order_of_the_record_does_not_matter() {
        // Ruling D4: out of order, the semantics are those of ASCII order.
        let mut a = Registers::new();
        a.apply(&record("c3 \"d\"; c1 \"b\";"));
        let mut b = Registers::new();
        b.apply(&record("c1 \"b\"; c3 \"d\";"));
        assert_eq!(a, b);
        assert_eq!(a.comment(Register::ALL[3]).map(EpdString::to_string), Some("d".into()));
    }
}
