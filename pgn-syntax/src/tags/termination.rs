//! Tags with a list of suggested values: `Termination` (§9.8.1) and `Mode`
//! (§9.9.2). A value outside the list is kept as it is, not an error.

/// A Termination tag value (§9.8.1): why the game ended.
///
/// The eight values the standard lists are matched ignoring ASCII case
/// (files write `Normal` and `Time forfeit` as often as the standard's
/// lower case). Any other value is [`Termination::Other`], keeping its
/// bytes: the standard's list is one of examples ("strings that may
/// appear"), so an unlisted value is at most worth a warning, never an
/// error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// `abandoned`: abandoned game.
    Abandoned,
    /// `adjudication`: result due to third party adjudication.
    Adjudication,
    /// `death`: the losing player died.
    Death,
    /// `emergency`: game concluded due to unforeseen circumstances.
    Emergency,
    /// `normal`: game terminated in a normal fashion.
    Normal,
    /// `rules infraction`: administrative forfeit for breaking the Laws of
    /// Chess or the event regulations.
    RulesInfraction,
    /// `time forfeit`: loss on time.
    TimeForfeit,
    /// `unterminated`: game not terminated.
    Unterminated,
    /// A value the standard does not list (`mate in 3`, `stalled
    /// connection`), kept byte for byte.
    Other(Vec<u8>),
}

/// The standard's Termination values and their variants.
static TERMINATIONS: [(&str, Termination); 8] = [
    ("abandoned", Termination::Abandoned),
    ("adjudication", Termination::Adjudication),
    ("death", Termination::Death),
    ("emergency", Termination::Emergency),
    ("normal", Termination::Normal),
    ("rules infraction", Termination::RulesInfraction),
    ("time forfeit", Termination::TimeForfeit),
    ("unterminated", Termination::Unterminated),
];

impl Termination {
    /// Reads a Termination value; never fails (see [`Termination::Other`]).
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Termination {
        let value = value.as_ref();
        TERMINATIONS
            .iter()
            .find(|(text, _)| text.as_bytes().eq_ignore_ascii_case(value))
            .map_or_else(|| Termination::Other(value.to_vec()), |(_, known)| known.clone())
    }

    /// Whether this is one of the eight values of §9.8.1.
    pub fn is_standard(&self) -> bool {
        !matches!(self, Termination::Other(_))
    }

    /// The value in the standard's spelling (`time forfeit`), or the bytes
    /// of an [`Termination::Other`] value as read.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Termination::Abandoned => b"abandoned",
            Termination::Adjudication => b"adjudication",
            Termination::Death => b"death",
            Termination::Emergency => b"emergency",
            Termination::Normal => b"normal",
            Termination::RulesInfraction => b"rules infraction",
            Termination::TimeForfeit => b"time forfeit",
            Termination::Unterminated => b"unterminated",
            Termination::Other(bytes) => bytes,
        }
    }
}

/// A Mode tag value (§9.9.2): how the game was played.
///
/// The standard's five examples are matched ignoring ASCII case; any other
/// value is [`Mode::Other`], keeping its bytes (not an error: the standard
/// gives examples, not a closed list).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `OTB`: over the board.
    OverTheBoard,
    /// `PM`: paper mail.
    PaperMail,
    /// `EM`: electronic mail.
    ElectronicMail,
    /// `ICS`: Internet Chess Server.
    InternetChessServer,
    /// `TC`: general telecommunication.
    Telecommunication,
    /// Any other value, kept byte for byte.
    Other(Vec<u8>),
}

/// The standard's Mode examples and their variants.
static MODES: [(&str, Mode); 5] = [
    ("OTB", Mode::OverTheBoard),
    ("PM", Mode::PaperMail),
    ("EM", Mode::ElectronicMail),
    ("ICS", Mode::InternetChessServer),
    ("TC", Mode::Telecommunication),
];

impl Mode {
    /// Reads a Mode value; never fails (see [`Mode::Other`]).
    pub fn from_ascii(value: impl AsRef<[u8]>) -> Mode {
        let value = value.as_ref();
        MODES
            .iter()
            .find(|(text, _)| text.as_bytes().eq_ignore_ascii_case(value))
            .map_or_else(|| Mode::Other(value.to_vec()), |(_, known)| known.clone())
    }

    /// Whether this is one of the five values of §9.9.2.
    pub fn is_standard(&self) -> bool {
        !matches!(self, Mode::Other(_))
    }

    /// The value in the standard's spelling (`OTB`), or the bytes of an
    /// [`Mode::Other`] value as read.
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Mode::OverTheBoard => b"OTB",
            Mode::PaperMail => b"PM",
            Mode::ElectronicMail => b"EM",
            Mode::InternetChessServer => b"ICS",
            Mode::Telecommunication => b"TC",
            Mode::Other(bytes) => bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_standard_terminations_in_any_case() {
        for (text, expected) in &TERMINATIONS {
            assert_eq!(&Termination::from_ascii(text.as_bytes()), expected);
            assert_eq!(&Termination::from_ascii(text.to_uppercase().as_bytes()), expected);
            assert_eq!(expected.as_bytes(), text.as_bytes());
            assert!(expected.is_standard());
        }
        assert_eq!(Termination::from_ascii(b"Time forfeit"), Termination::TimeForfeit);
        assert_eq!(Termination::from_ascii(b"Normal"), Termination::Normal);
        assert_eq!(Termination::from_ascii(b"Rules Infraction"), Termination::RulesInfraction);
    }

    #[test]
    fn keeps_other_terminations() {
        for other in [&b"mate in 3"[..], b"", b" normal", b"time-forfeit", b"\xff\x00", b"normal."]
        {
            let termination = Termination::from_ascii(other);
            assert_eq!(termination, Termination::Other(other.to_vec()));
            assert!(!termination.is_standard());
            assert_eq!(termination.as_bytes(), other);
        }
    }

    #[test]
    fn reads_modes() {
        for (text, expected) in &MODES {
            assert_eq!(&Mode::from_ascii(text.as_bytes()), expected);
            assert_eq!(&Mode::from_ascii(text.to_lowercase().as_bytes()), expected);
            assert_eq!(expected.as_bytes(), text.as_bytes());
            assert!(expected.is_standard());
        }
        let other = Mode::from_ascii(b"Blitz");
        assert_eq!(other, Mode::Other(b"Blitz".to_vec()));
        assert!(!other.is_standard());
        assert_eq!(other.as_bytes(), b"Blitz");
    }
}
