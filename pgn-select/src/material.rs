//! Material patterns: `KRPvKR`, `KQ+*vKQ+*`, `B1N0*vB0N1*`.
//!
//! A pattern names the material of two sides, `v` (or a space) between
//! them; it matches a position when one side has the material of the
//! first part and the other that of the second, either colour first.
//! Each part is a run of pieces (`K Q R B N P`, upper case):
//!
//! - a letter counts one piece of its kind, and letters add up (`PP` is
//!   two pawns), or it takes a count after it (`P2`, `N0`);
//! - `+` after a letter (and its count) makes the count a minimum: `Q+`
//!   is at least one queen, `P3+` at least three pawns;
//! - `*` lets the pieces the part does not name be anything; without it
//!   they must be absent;
//! - the king may be left out (every side has one).
//!
//! So `KRPvKR` is rook and pawn against rook, nothing else; `Q+*vQ+*` is
//! at least one queen each; `B1N0*vB0N1*` is bishop against knight (each
//! side has exactly one minor piece of its kind), anything else aside.

use std::fmt;
use std::str::FromStr;

use chess_core::{Board, Color, Role};

/// The roles a pattern counts, in the order of its table.
const ROLES: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// What one side must have of one role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Count {
    n: u8,
    at_least: bool,
}

/// The material of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    /// `None`: not named (absent, or anything with `*`).
    counts: [Option<Count>; 5],
    rest_free: bool,
}

impl Side {
    fn matches(&self, board: &Board, color: Color) -> bool {
        let ours = board.by_color(color);
        ROLES.iter().zip(&self.counts).all(|(&role, count)| {
            let have = (board.by_role(role) & ours).count();
            match count {
                Some(Count { n, at_least: true }) => have >= u32::from(*n),
                Some(Count { n, at_least: false }) => have == u32::from(*n),
                None => self.rest_free || have == 0,
            }
        })
    }
}

/// A material pattern (see the module documentation). With the `serde`
/// feature, its text (`"KRPvKR"`), read back by its parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialPattern {
    text: String,
    sides: [Side; 2],
}

impl MaterialPattern {
    /// True if one colour has the first part's material and the other
    /// the second's.
    pub fn matches(&self, board: &Board) -> bool {
        let [a, b] = &self.sides;
        (a.matches(board, Color::White) && b.matches(board, Color::Black))
            || (a.matches(board, Color::Black) && b.matches(board, Color::White))
    }
}

impl fmt::Display for MaterialPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Why a material pattern could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("material pattern {text:?}: {why} (at byte {at})")]
pub struct MaterialError {
    text: String,
    at: usize,
    why: &'static str,
}

impl FromStr for MaterialPattern {
    type Err = MaterialError;

    fn from_str(text: &str) -> Result<MaterialPattern, MaterialError> {
        let error = |at, why| MaterialError { text: text.into(), at, why };
        let bytes = text.trim().as_bytes();
        let split = bytes
            .iter()
            .position(|&b| b == b'v' || b == b' ')
            .ok_or_else(|| error(bytes.len(), "two sides are needed, with `v` between them"))?;
        let rest = &bytes[split + 1..];
        let rest_at = split + 1 + rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let first = side(&bytes[..split], 0).map_err(|(at, why)| error(at, why))?;
        let second =
            side(bytes[rest_at..].trim_ascii(), rest_at).map_err(|(at, why)| error(at, why))?;
        Ok(MaterialPattern { text: text.trim().into(), sides: [first, second] })
    }
}

fn side(bytes: &[u8], base: usize) -> Result<Side, (usize, &'static str)> {
    let mut side = Side { counts: [None; 5], rest_free: false };
    // Roles given a count (`R2`) or a minimum (`R+`): not to be repeated.
    let mut fixed = [false; 5];
    let mut i = 0;
    while i < bytes.len() {
        let at = base + i;
        let c = bytes[i];
        i += 1;
        if c == b'*' {
            side.rest_free = true;
            continue;
        }
        let role = match c {
            b'K' => None,
            b'Q' => Some(0),
            b'R' => Some(1),
            b'B' => Some(2),
            b'N' => Some(3),
            b'P' => Some(4),
            _ => return Err((at, "a piece letter (K Q R B N P) or `*` is expected")),
        };
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let count = match std::str::from_utf8(&bytes[i..i + digits]).ok().filter(|_| digits > 0) {
            Some(d) => Some(d.parse::<u8>().map_err(|_| (base + i, "a count of 0 to 255"))?),
            None => None,
        };
        i += digits;
        let at_least = bytes.get(i) == Some(&b'+');
        if at_least {
            i += 1;
        }
        let Some(index) = role else {
            if count.is_some_and(|n| n != 1) || at_least {
                return Err((at, "a side has exactly one king"));
            }
            continue;
        };
        let slot = &mut side.counts[index];
        let repeated = slot.is_some();
        if repeated && (fixed[index] || count.is_some() || at_least) {
            return Err((at, "a piece given a count twice"));
        }
        fixed[index] = count.is_some() || at_least;
        let n = match (count, *slot) {
            (Some(n), _) => n,
            (None, None) => 1,
            (None, Some(before)) => before.n.checked_add(1).ok_or((at, "a count of 0 to 255"))?,
        };
        *slot = Some(Count { n, at_least });
    }
    Ok(side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use san::fen_epd::parse_position;

    fn matches(pattern: &str, fen: &str) -> bool {
        let pos = parse_position(fen.as_bytes()).expect("a position");
        pattern.parse::<MaterialPattern>().expect("a pattern").matches(pos.board())
    }

    #[test]
    fn exact_material_either_colour_first() {
        let krpkr = "8/8/4k3/8/2r5/4P3/4K3/R7 w - - 0 1";
        assert!(matches("KRPvKR", krpkr));
        assert!(matches("KRvKRP", krpkr));
        assert!(matches("RP R", krpkr));
        assert!(!matches("KRvKR", krpkr));
        assert!(!matches("KRPPvKR", krpkr));
        assert!(matches("KRP*vKR", krpkr));
        assert!(matches("R*vR", krpkr));
        assert!(!matches("Q+*vQ+*", krpkr));
        assert!(!matches("Q+*vQ+*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"));
        assert!(matches("Q+*vQ+*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert!(matches("P8+*vP8*", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert!(matches("P3B1N0*vP3B0N1*", "4k3/ppp5/4n3/8/8/3B4/PPP5/4K3 w - - 0 1"));
        assert!(matches("B1N0*vB0N1*", "4k3/ppp5/4n3/8/8/3B4/PPP5/4K3 w - - 0 1"));
        assert!(!matches("B1N0*vB0N1*", "4k3/ppp5/4n3/8/8/3N4/PPP5/4K3 w - - 0 1"));
        // Under-promotion: a second knight counts as a knight.
        assert!(matches("KNNvK", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"));
        assert!(matches("KN2vK", "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"));
    }

    #[test]
    fn bad_patterns_say_where() {
        let err = |p: &str| p.parse::<MaterialPattern>().unwrap_err().to_string();
        assert_eq!(
            err("KRP"),
            "material pattern \"KRP\": two sides are needed, with `v` between them (at byte 3)"
        );
        assert_eq!(
            err("KRXvK"),
            "material pattern \"KRXvK\": a piece letter (K Q R B N P) or `*` is expected (at byte 2)"
        );
        assert_eq!(
            err("KvKK2"),
            "material pattern \"KvKK2\": a side has exactly one king (at byte 3)"
        );
        assert_eq!(
            err("KR2RvK"),
            "material pattern \"KR2RvK\": a piece given a count twice (at byte 3)"
        );
        assert_eq!(err("KP999vK"), "material pattern \"KP999vK\": a count of 0 to 255 (at byte 2)");
    }
}
