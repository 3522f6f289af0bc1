//! [`Eval`]: the meaning of a `ce` value (§16.2.5.6): centipawns, a mate
//! for either side in whole fullmoves, or an illegal position.

/// A `ce` value read by §16.2.5.6, always from the side to move's view.
///
/// - above 32000: the side to move mates; `32767 - ce` is the number of
///   plies, `2N - 1` for a mate in N fullmoves (mate in one is 32766, mate
///   in five 32758);
/// - below -32000: the side to move is mated; `ce + 32767` is the number
///   of plies, `2N` for being mated in N (in one is -32765, in five -32757);
/// - -32767: an illegal position;
/// - anything else (a draw is 0): centipawns.
///
/// A value above 32000 with an even ply count, or below -32000 with an odd
/// one, is no mate in whole fullmoves by these formulas and stays
/// [`Eval::Centipawns`]. [`Eval::to_ce`] inverts [`Eval::from_ce`] exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Eval {
    /// An evaluation in centipawns.
    Centipawns(i16),
    /// The side to move mates in this many fullmoves (at least 1).
    MateIn(u32),
    /// The side to move is mated in this many fullmoves (at least 1).
    MatedIn(u32),
    /// The position is illegal (`ce -32767`).
    Illegal,
}

/// The value for an illegal position.
const ILLEGAL: i32 = -32767;
/// The value of a mate in zero plies, from which mates count down.
const MATE: i32 = 32767;
/// Beyond this value (either sign), `ce` means a mate.
const MATE_THRESHOLD: i32 = 32000;

impl Eval {
    /// Reads a `ce` value.
    pub fn from_ce(ce: i16) -> Eval {
        let v = i32::from(ce);
        let plies = |p: i32, odd: bool| u32::try_from(p).ok().filter(|p| (p % 2 == 1) == odd);
        let eval = if v == ILLEGAL {
            Some(Eval::Illegal)
        } else if v > MATE_THRESHOLD {
            plies(MATE - v, true).map(|p| Eval::MateIn(p.div_ceil(2)))
        } else if v < -MATE_THRESHOLD && v > ILLEGAL {
            plies(v - ILLEGAL, false).map(|p| Eval::MatedIn(p / 2))
        } else {
            None
        };
        eval.unwrap_or(Eval::Centipawns(ce))
    }

    /// The `ce` value, if there is one in -32767..=32766 that reads back
    /// as `self` (so a mate further than 383 fullmoves, a mate in 0, or
    /// centipawns in a mate range have none).
    pub fn to_ce(self) -> Option<i16> {
        let value = match self {
            Eval::Centipawns(v) => i32::from(v),
            Eval::MateIn(n) => MATE - (2 * i32::try_from(n).ok()? - 1),
            Eval::MatedIn(n) => ILLEGAL + 2 * i32::try_from(n).ok()?,
            Eval::Illegal => ILLEGAL,
        };
        let ce = i16::try_from(value).ok().filter(|v| (-32767..=32766).contains(v))?;
        (Eval::from_ce(ce) == self).then_some(ce)
    }

    /// Plies until mate, if this is a mate (positive when the side to
    /// move mates, negative when it is mated).
    pub fn mate_plies(self) -> Option<i64> {
        match self {
            Eval::MateIn(n) => Some(2 * i64::from(n) - 1),
            Eval::MatedIn(n) => Some(-2 * i64::from(n)),
            Eval::Centipawns(_) | Eval::Illegal => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn examples_of_the_standard() {
        // §16.2.5.6, word for word.
        assert_eq!(Eval::from_ce(32766), Eval::MateIn(1));
        assert_eq!(Eval::from_ce(32758), Eval::MateIn(5));
        assert_eq!(Eval::from_ce(-32765), Eval::MatedIn(1));
        assert_eq!(Eval::from_ce(-32757), Eval::MatedIn(5));
        assert_eq!(Eval::from_ce(-32767), Eval::Illegal);
        assert_eq!(Eval::from_ce(0), Eval::Centipawns(0));
        assert_eq!(Eval::from_ce(32000), Eval::Centipawns(32000));
        assert_eq!(Eval::from_ce(-32000), Eval::Centipawns(-32000));
        assert_eq!(Eval::MateIn(1).to_ce(), Some(32766));
        assert_eq!(Eval::MateIn(5).to_ce(), Some(32758));
        assert_eq!(Eval::MatedIn(1).to_ce(), Some(-32765));
        assert_eq!(Eval::MatedIn(5).to_ce(), Some(-32757));
        assert_eq!(Eval::Illegal.to_ce(), Some(-32767));
        assert_eq!(Eval::MateIn(5).mate_plies(), Some(9));
        assert_eq!(Eval::MatedIn(5).mate_plies(), Some(-10));
    }

    #[test]
    fn formulas_hold_for_every_mate() {
        for n in 1..=383u32 {
            let n16 = n as i32;
            assert_eq!(Eval::MateIn(n).to_ce().map(i32::from), Some(32767 - (2 * n16 - 1)));
            assert_eq!(Eval::MatedIn(n).to_ce().map(i32::from), Some(-32767 + 2 * n16));
        }
        // Beyond 383 fullmoves the value would not exceed 32000 in size.
        assert_eq!(Eval::MateIn(384).to_ce(), None);
        assert_eq!(Eval::MatedIn(384).to_ce(), None);
        assert_eq!(Eval::MateIn(0).to_ce(), None);
        assert_eq!(Eval::MatedIn(0).to_ce(), None);
        assert_eq!(Eval::MateIn(u32::MAX).to_ce(), None);
        assert_eq!(Eval::Centipawns(32100).to_ce(), None, "32100 is a mate value");
        assert_eq!(Eval::Centipawns(32767).to_ce(), None, "out of the ce range");
    }

    #[test]
    fn every_value_round_trips() {
        for ce in i16::MIN..=i16::MAX {
            let eval = Eval::from_ce(ce);
            let in_range = (-32767..=32766).contains(&ce);
            assert_eq!(eval.to_ce(), in_range.then_some(ce), "{ce}");
        }
        // Even plies for a winning mate: not a mate in whole fullmoves.
        assert_eq!(Eval::from_ce(32765), Eval::Centipawns(32765));
        assert_eq!(Eval::from_ce(-32766), Eval::Centipawns(-32766));
    }
}
