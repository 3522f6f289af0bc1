//! The `SetUp` tag (§9.7.1) and its agreement with the `FEN` tag (§9.7.2).
//! The FEN text itself is not checked here (that is `fen-epd`'s job, a crate
//! this one does not depend on).

use std::fmt;
use std::str::FromStr;

use super::error::{TagValueError, TagValueErrorKind};

/// A SetUp tag value (§9.7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetUp {
    /// `"0"`: the game started from the usual initial position.
    InitialPosition,
    /// `"1"`: the game started from the position of the FEN tag.
    FromFen,
}

impl SetUp {
    /// Parses `0` or `1`, byte for byte.
    ///
    /// # Errors
    ///
    /// [`TagValueError`] at offset 0 for any other value.
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Result<SetUp, TagValueError> {
        let value = value.as_ref();
        match value {
            b"0" => Ok(SetUp::InitialPosition),
            b"1" => Ok(SetUp::FromFen),
            [] => Err(TagValueError::new(TagValueErrorKind::Empty, 0)),
            _ => Err(TagValueError::new(TagValueErrorKind::Expected("`0` or `1`"), 0)),
        }
    }

    /// The value as written in the tag, `"0"` or `"1"`.
    pub fn as_str(self) -> &'static str {
        match self {
            SetUp::InitialPosition => "0",
            SetUp::FromFen => "1",
        }
    }
}

impl fmt::Display for SetUp {
    /// Writes [`SetUp::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SetUp {
    type Err = TagValueError;

    /// Parses as [`SetUp::from_ascii`].
    fn from_str(s: &str) -> Result<SetUp, TagValueError> {
        SetUp::from_ascii(s.as_bytes())
    }
}

/// A disagreement between the SetUp and FEN tags of a game (§9.7).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SetupFenProblem {
    /// `SetUp "1"` but no FEN tag: the start position is missing (§9.7.1:
    /// "a FEN tag pair must also appear").
    #[error("SetUp is \"1\" but there is no FEN tag")]
    SetUpWithoutFen,
    /// A FEN tag but no SetUp tag (§9.7.1: SetUp "must appear for a game
    /// starting with a set-up position").
    #[error("FEN tag without a SetUp tag")]
    FenWithoutSetUp,
    /// A FEN tag with `SetUp "0"`, which says the game started from the
    /// usual position.
    #[error("FEN tag with SetUp \"0\"")]
    FenWithSetUpZero,
    /// The SetUp value is neither `0` nor `1`.
    #[error("invalid SetUp value: {0}")]
    InvalidSetUp(TagValueError),
}

/// Checks that the SetUp and FEN tags of a game agree, given their values
/// (`None` for a tag the game does not have), and reports the first problem.
///
/// An invalid SetUp value is reported first, whatever the FEN. A game with
/// neither tag, with `SetUp "0"` alone, or with `SetUp "1"` and a FEN has no
/// problem. Whether a FEN given with `SetUp "0"` describes the initial
/// position anyway is not checked: the FEN text is not read here.
pub fn check_setup_fen(setup: Option<&[u8]>, fen: Option<&[u8]>) -> Option<SetupFenProblem> {
    let setup = match setup.map(SetUp::from_ascii) {
        Some(Err(error)) => return Some(SetupFenProblem::InvalidSetUp(error)),
        Some(Ok(setup)) => Some(setup),
        None => None,
    };
    match (setup, fen.is_some()) {
        (Some(SetUp::FromFen), false) => Some(SetupFenProblem::SetUpWithoutFen),
        (Some(SetUp::InitialPosition), true) => Some(SetupFenProblem::FenWithSetUpZero),
        (None, true) => Some(SetupFenProblem::FenWithoutSetUp),
        (Some(SetUp::FromFen), true) | (Some(SetUp::InitialPosition) | None, false) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &[u8] = b"8/8/8/8/8/8/8/K6k w - - 0 1";

    #[test]
    fn parses_setup_values() {
        assert_eq!(SetUp::from_ascii(b"0"), Ok(SetUp::InitialPosition));
        assert_eq!(SetUp::from_ascii(b"1"), Ok(SetUp::FromFen));
        assert_eq!("1".parse::<SetUp>(), Ok(SetUp::FromFen));
        assert_eq!(SetUp::FromFen.to_string(), "1");
        assert_eq!(SetUp::InitialPosition.as_str(), "0");
        assert_eq!(SetUp::from_ascii(b""), Err(TagValueError::new(TagValueErrorKind::Empty, 0)));
        for bad in [&b"2"[..], b"01", b" 1", b"1 ", b"true", b"\x01"] {
            assert_eq!(
                SetUp::from_ascii(bad),
                Err(TagValueError::new(TagValueErrorKind::Expected("`0` or `1`"), 0)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn agreeing_tags_have_no_problem() {
        assert_eq!(check_setup_fen(None, None), None);
        assert_eq!(check_setup_fen(Some(b"0"), None), None);
        assert_eq!(check_setup_fen(Some(b"1"), Some(FEN)), None);
        // The FEN text is not looked at.
        assert_eq!(check_setup_fen(Some(b"1"), Some(b"not a fen")), None);
    }

    #[test]
    fn reports_disagreements() {
        assert_eq!(check_setup_fen(Some(b"1"), None), Some(SetupFenProblem::SetUpWithoutFen));
        assert_eq!(check_setup_fen(None, Some(FEN)), Some(SetupFenProblem::FenWithoutSetUp));
        assert_eq!(check_setup_fen(Some(b"0"), Some(FEN)), Some(SetupFenProblem::FenWithSetUpZero));
        let invalid = TagValueError::new(TagValueErrorKind::Expected("`0` or `1`"), 0);
        assert_eq!(
            check_setup_fen(Some(b"yes"), Some(FEN)),
            Some(SetupFenProblem::InvalidSetUp(invalid.clone()))
        );
        assert_eq!(
            check_setup_fen(Some(b"yes"), None),
            Some(SetupFenProblem::InvalidSetUp(invalid))
        );
        assert_eq!(
            check_setup_fen(Some(b""), None),
            Some(SetupFenProblem::InvalidSetUp(TagValueError::new(TagValueErrorKind::Empty, 0)))
        );
    }

    #[test]
    fn messages() {
        assert_eq!(
            SetupFenProblem::SetUpWithoutFen.to_string(),
            "SetUp is \"1\" but there is no FEN tag"
        );
        assert_eq!(SetupFenProblem::FenWithoutSetUp.to_string(), "FEN tag without a SetUp tag");
        assert_eq!(SetupFenProblem::FenWithSetUpZero.to_string(), "FEN tag with SetUp \"0\"");
        assert_eq!(
            check_setup_fen(Some(b"2"), None).map(|problem| problem.to_string()).as_deref(),
            Some("invalid SetUp value: expected `0` or `1` at byte 0")
        );
    }
}
