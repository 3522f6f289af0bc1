//! [`Quirks`]: the lenient forms of import SAN (§8.2.3.7 and
//! real-world-notes.md) that a move was read with, each one a warning for
//! the caller to report.

use std::fmt;

bitflags::bitflags! {
    /// The ways a move departs from export SAN while still naming exactly
    /// one legal move. A set: a move can have several.
    ///
    /// Some are found when reading the text ([`crate::San::from_ascii`]),
    /// some when resolving it against a position ([`crate::ParsedSan::resolve`])
    /// and the check marks after playing it ([`crate::San::check_quirks`]).
    /// [`Quirks::message`] and `Display` say what each one is, in lower
    /// case.
    ///
    /// With the `serde` feature, the names of the quirks found, as
    /// `bitflags` writes them: `"PAWN_LETTER | MISSING_CHECK"`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct Quirks: u32 {
        /// `0-0` or `0-0-0`.
        const CASTLING_WITH_ZEROS = 1 << 0;
        /// `o-o` or `o-o-o`.
        const LOWER_CASE_CASTLING = 1 << 1;
        /// `Pe4`, `Pxd5`.
        const PAWN_LETTER = 1 << 2;
        /// `nf3`, `qxd4`, and `b` read as a bishop.
        const LOWER_CASE_PIECE = 1 << 3;
        /// A figurine (`♘f3`) for a piece letter.
        const FIGURINE = 1 << 4;
        /// The origin square written out: `e2e4`, `e2-e4`, `Ng1-f3`,
        /// `Ng1f3` where no disambiguation is needed.
        const LONG_ALGEBRAIC = 1 << 5;
        /// `e8Q`.
        const PROMOTION_WITHOUT_EQUALS = 1 << 6;
        /// `e8=q`.
        const LOWER_CASE_PROMOTION = 1 << 7;
        /// `exd6e.p.` or `exd6ep`.
        const EN_PASSANT_MARK = 1 << 8;
        /// `Z0` (ruling E12; `--` is the null move and no quirk).
        const NULL_MOVE_Z0 = 1 << 9;
        /// A capture without `x`: `Qd5`, `ed5`.
        const MISSING_CAPTURE = 1 << 10;
        /// `x` on a move that captures nothing.
        const SURPLUS_CAPTURE = 1 << 11;
        /// Disambiguation where less (or none) is needed: `Ngf3`, `Ng1e2`
        /// where `Nge2` is enough.
        const SUPERFLUOUS_DISAMBIGUATION = 1 << 12;
        /// Disambiguation by rank where the file is enough (§8.2.3.4
        /// takes the file first): `N1e2` for `Nge2`.
        const RANK_INSTEAD_OF_FILE = 1 << 13;
        /// A pawn capture without its file: `xd5`, `Pxd5`.
        const PAWN_CAPTURE_WITHOUT_FILE = 1 << 14;
        /// Castling as a king move: `e1g1`, or the king onto its rook
        /// (`e1h1`).
        const CASTLING_AS_KING_MOVE = 1 << 15;
        /// A check without `+`.
        const MISSING_CHECK = 1 << 16;
        /// A checkmate without `#` (or `+`).
        const MISSING_CHECKMATE = 1 << 17;
        /// A checkmate marked `+`.
        const CHECK_FOR_CHECKMATE = 1 << 18;
        /// `+` on a move that gives no check.
        const SURPLUS_CHECK = 1 << 19;
        /// `#` on a move that gives no check.
        const SURPLUS_CHECKMATE = 1 << 20;
        /// `#` on a check that is not checkmate.
        const CHECKMATE_NOT_MATE = 1 << 21;
        /// `++` for checkmate (read as `#`).
        const DOUBLE_PLUS = 1 << 22;
        /// Castling with Unicode dashes (`O‑O`, U+2010 to U+2015, U+2212).
        const UNICODE_DASH = 1 << 23;
    }
}

impl Quirks {
    /// The quirks about the check mark, found by [`crate::San::check_quirks`].
    pub const CHECK_MARKS: Quirks = Quirks::MISSING_CHECK
        .union(Quirks::MISSING_CHECKMATE)
        .union(Quirks::CHECK_FOR_CHECKMATE)
        .union(Quirks::SURPLUS_CHECK)
        .union(Quirks::SURPLUS_CHECKMATE)
        .union(Quirks::CHECKMATE_NOT_MATE);

    /// What the first quirk of the set is, in lower case (empty for the
    /// empty set).
    pub fn message(self) -> &'static str {
        let Some(first) = self.iter().next() else { return "" };
        match first {
            Quirks::CASTLING_WITH_ZEROS => "castling written with zeros",
            Quirks::LOWER_CASE_CASTLING => "castling written with lower-case o",
            Quirks::PAWN_LETTER => "pawn move written with the pawn letter",
            Quirks::LOWER_CASE_PIECE => "lower-case piece letter",
            Quirks::FIGURINE => "figurine for a piece letter",
            Quirks::LONG_ALGEBRAIC => "long algebraic notation (origin square written out)",
            Quirks::PROMOTION_WITHOUT_EQUALS => "promotion without `=`",
            Quirks::LOWER_CASE_PROMOTION => "lower-case promotion letter",
            Quirks::EN_PASSANT_MARK => "en passant marked with `e.p.`",
            Quirks::NULL_MOVE_Z0 => "null move written `Z0` (`--` is the usual form)",
            Quirks::MISSING_CAPTURE => "capture without `x`",
            Quirks::SURPLUS_CAPTURE => "`x` on a move that captures nothing",
            Quirks::SUPERFLUOUS_DISAMBIGUATION => "superfluous disambiguation",
            Quirks::RANK_INSTEAD_OF_FILE => "disambiguation by rank where the file is enough",
            Quirks::PAWN_CAPTURE_WITHOUT_FILE => "pawn capture without its file",
            Quirks::CASTLING_AS_KING_MOVE => "castling written as a king move",
            Quirks::MISSING_CHECK => "check not marked with `+`",
            Quirks::MISSING_CHECKMATE => "checkmate not marked with `#`",
            Quirks::CHECK_FOR_CHECKMATE => "checkmate marked with `+` instead of `#`",
            Quirks::SURPLUS_CHECK => "`+` on a move that gives no check",
            Quirks::SURPLUS_CHECKMATE => "`#` on a move that gives no check",
            Quirks::CHECKMATE_NOT_MATE => "`#` on a check that is not checkmate",
            Quirks::DOUBLE_PLUS => "checkmate written `++`",
            Quirks::UNICODE_DASH => "castling written with Unicode dashes",
            _ => "unknown quirk",
        }
    }
}

impl fmt::Display for Quirks {
    /// The message of each quirk, joined by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, quirk) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            f.write_str(quirk.message())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_quirk_has_its_own_lower_case_message() {
        let mut seen = std::collections::HashSet::new();
        for quirk in Quirks::all().iter() {
            let message = quirk.message();
            assert_ne!(message, "unknown quirk", "{quirk:?}");
            assert!(!message.starts_with(|c: char| c.is_uppercase()), "{message}");
            assert!(!message.ends_with('.'), "{message}");
            assert!(seen.insert(message), "{message}");
        }
        let two = Quirks::CASTLING_WITH_ZEROS | Quirks::MISSING_CHECK;
        assert_eq!(two.to_string(), "castling written with zeros; check not marked with `+`");
        assert_eq!(Quirks::empty().to_string(), "");
    }
}
