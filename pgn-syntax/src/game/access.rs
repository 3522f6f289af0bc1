//! Typed accessors of [`Tags`]: one per supplemental tag of §9 (and the
//! Site's country, §15), each reading the last value of its name (ruling
//! E2) with the parser of `crate::tags`.
//!
//! Each typed accessor answers `Option<Result<T, TagValueError>>`: `None`
//! when the game does not say (no such tag, or a placeholder: empty, `?`,
//! or `-` where `-` has no meaning of its own; ruling T0), `Some(Ok)` for
//! a value in form, `Some(Err)` for one out of form. White space around a
//! value is ignored; an error's offset counts in the value as written.
//! Dates and time controls are read leniently (the forms the reader warns
//! about give their value). A tag of free text gives its text, `None` for
//! a placeholder.

use std::borrow::Cow;

use super::Tags;
use crate::tags::{
    self, Eco, Elo, Mode, NetAddress, Nic, PgnDate, PgnTime, PlayerType, SetUp, TagValueError,
    Termination, TimeControl, Title,
};

/// Whether `-` is a value of the tag (an untitled or unrated player, no
/// address, no time control) rather than a placeholder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dash {
    Value,
    Placeholder,
}

impl Tags {
    /// The last value of `name`, without the white space around it and
    /// with the offset where it starts, or `None` for a placeholder.
    fn meaningful(&self, name: &str, dash: Dash) -> Option<(&[u8], usize)> {
        let value = self.get(name)?;
        let start = value.len() - value.trim_ascii_start().len();
        let trimmed = value.trim_ascii();
        let dash_value = dash == Dash::Value && trimmed == b"-";
        (dash_value || !tags::is_placeholder(trimmed)).then_some((trimmed, start))
    }

    /// The last value of `name`, parsed by `parse` (see the module doc).
    fn typed<T>(
        &self,
        name: &str,
        dash: Dash,
        parse: impl FnOnce(&[u8]) -> Result<T, TagValueError>,
    ) -> Option<Result<T, TagValueError>> {
        let (value, start) = self.meaningful(name, dash)?;
        Some(parse(value).map_err(|error| TagValueError { offset: error.offset + start, ..error }))
    }

    /// The last value of `name` as text, `None` for a placeholder.
    fn text(&self, name: &str) -> Option<Cow<'_, str>> {
        self.meaningful(name, Dash::Placeholder).map(|(value, _)| String::from_utf8_lossy(value))
    }

    /// WhiteTitle (§9.1.1): White's title, [`Title::Untitled`] for `-`.
    /// A consultation game's value (`IM:-:GM`, §9.1) is no one title: read
    /// it with [`tags::player_fields`].
    ///
    /// ```
    /// use pgn_syntax::Tags;
    /// use pgn_syntax::tags::Title;
    ///
    /// let tags: Tags = [("WhiteTitle", "GM"), ("BlackTitle", "?")].into_iter().collect();
    /// assert_eq!(tags.white_title(), Some(Ok(Title::Gm)));
    /// assert_eq!(tags.black_title(), None);
    /// ```
    pub fn white_title(&self) -> Option<Result<Title, TagValueError>> {
        self.typed("WhiteTitle", Dash::Value, |v| Title::from_ascii(v))
    }

    /// BlackTitle (§9.1.1), as [`Tags::white_title`].
    pub fn black_title(&self) -> Option<Result<Title, TagValueError>> {
        self.typed("BlackTitle", Dash::Value, |v| Title::from_ascii(v))
    }

    /// WhiteElo (§9.1.2): White's FIDE rating, [`Elo::Unrated`] for `-`.
    pub fn white_elo(&self) -> Option<Result<Elo, TagValueError>> {
        self.typed("WhiteElo", Dash::Value, |v| Elo::from_ascii(v))
    }

    /// BlackElo (§9.1.2), as [`Tags::white_elo`].
    pub fn black_elo(&self) -> Option<Result<Elo, TagValueError>> {
        self.typed("BlackElo", Dash::Value, |v| Elo::from_ascii(v))
    }

    /// WhiteUSCF (§9.1.3): White's USCF rating, in the form of an Elo
    /// rating (ruling T2).
    pub fn white_uscf(&self) -> Option<Result<Elo, TagValueError>> {
        self.typed("WhiteUSCF", Dash::Value, |v| Elo::from_ascii(v))
    }

    /// BlackUSCF (§9.1.3), as [`Tags::white_uscf`].
    pub fn black_uscf(&self) -> Option<Result<Elo, TagValueError>> {
        self.typed("BlackUSCF", Dash::Value, |v| Elo::from_ascii(v))
    }

    /// WhiteNA (§9.1.4): White's e-mail or network address,
    /// [`NetAddress::NoAddress`] for `-`.
    pub fn white_na(&self) -> Option<Result<NetAddress, TagValueError>> {
        self.typed("WhiteNA", Dash::Value, |v| NetAddress::from_ascii(v))
    }

    /// BlackNA (§9.1.4), as [`Tags::white_na`].
    pub fn black_na(&self) -> Option<Result<NetAddress, TagValueError>> {
        self.typed("BlackNA", Dash::Value, |v| NetAddress::from_ascii(v))
    }

    /// WhiteType (§9.1.5): whether White is a person or a program.
    pub fn white_type(&self) -> Option<Result<PlayerType, TagValueError>> {
        self.typed("WhiteType", Dash::Placeholder, |v| PlayerType::from_ascii(v))
    }

    /// BlackType (§9.1.5), as [`Tags::white_type`].
    pub fn black_type(&self) -> Option<Result<PlayerType, TagValueError>> {
        self.typed("BlackType", Dash::Placeholder, |v| PlayerType::from_ascii(v))
    }

    /// EventDate (§9.2.1): the date the event started, read leniently.
    pub fn event_date(&self) -> Option<Result<PgnDate, TagValueError>> {
        self.typed("EventDate", Dash::Placeholder, |v| PgnDate::parse_lenient(v).map(|l| l.value))
    }

    /// EventSponsor (§9.2.2): the event's sponsor.
    pub fn event_sponsor(&self) -> Option<Cow<'_, str>> {
        self.text("EventSponsor")
    }

    /// Section (§9.2.3): the playing section of a tournament (`Open`).
    pub fn section(&self) -> Option<Cow<'_, str>> {
        self.text("Section")
    }

    /// Stage (§9.2.4): the stage of a multistage event (`Semifinal`).
    pub fn stage(&self) -> Option<Cow<'_, str>> {
        self.text("Stage")
    }

    /// Board (§9.2.5): the board number in a team event or simultaneous
    /// exhibition.
    pub fn board(&self) -> Option<Result<u32, TagValueError>> {
        self.typed("Board", Dash::Placeholder, |v| tags::parse_board(v))
    }

    /// Opening (§9.3.1): the traditional opening name.
    pub fn opening(&self) -> Option<Cow<'_, str>> {
        self.text("Opening")
    }

    /// Variation (§9.3.2): the variation of the opening.
    pub fn variation(&self) -> Option<Cow<'_, str>> {
        self.text("Variation")
    }

    /// SubVariation (§9.3.3): the sub-variation of the variation.
    pub fn sub_variation(&self) -> Option<Cow<'_, str>> {
        self.text("SubVariation")
    }

    /// ECO (§9.4.1): the opening's code in the _Encyclopedia of Chess
    /// Openings_.
    pub fn eco(&self) -> Option<Result<Eco, TagValueError>> {
        self.typed("ECO", Dash::Placeholder, |v| Eco::from_ascii(v))
    }

    /// NIC (§9.4.2): the opening's _New in Chess_ code.
    pub fn nic(&self) -> Option<Result<Nic, TagValueError>> {
        self.typed("NIC", Dash::Placeholder, |v| Nic::from_ascii(v))
    }

    /// Time (§9.5.1): the local time the game started.
    pub fn time(&self) -> Option<Result<PgnTime, TagValueError>> {
        self.typed("Time", Dash::Placeholder, |v| PgnTime::from_ascii(v))
    }

    /// UTCTime (§9.5.2): the time the game started, in UTC.
    pub fn utc_time(&self) -> Option<Result<PgnTime, TagValueError>> {
        self.typed("UTCTime", Dash::Placeholder, |v| PgnTime::from_ascii(v))
    }

    /// UTCDate (§9.5.3): the date the game started, in UTC, read leniently.
    pub fn utc_date(&self) -> Option<Result<PgnDate, TagValueError>> {
        self.typed("UTCDate", Dash::Placeholder, |v| PgnDate::parse_lenient(v).map(|l| l.value))
    }

    /// TimeControl (§9.6.1), read leniently (ruling T7); `-` is the
    /// single field [`NoTimeControl`](tags::TimeControlField::NoTimeControl).
    ///
    /// ```
    /// use pgn_syntax::Tags;
    ///
    /// let tags: Tags = [("TimeControl", "180+2")].into_iter().collect();
    /// let control = tags.time_control().and_then(Result::ok);
    /// assert_eq!(control.map(|c| c.to_string()).as_deref(), Some("180+2"));
    /// ```
    pub fn time_control(&self) -> Option<Result<TimeControl, TagValueError>> {
        self.typed("TimeControl", Dash::Value, |v| TimeControl::parse_lenient(v).map(|l| l.value))
    }

    /// SetUp (§9.7.1): whether the game started from a set-up position.
    pub fn setup(&self) -> Option<Result<SetUp, TagValueError>> {
        self.typed("SetUp", Dash::Placeholder, |v| SetUp::from_ascii(v))
    }

    /// FEN (§9.7.2): the start position's text, not read here (the
    /// `fen-epd` crate reads it).
    pub fn fen(&self) -> Option<Cow<'_, str>> {
        self.text("FEN")
    }

    /// Termination (§9.8.1): why the game ended; a value the standard
    /// does not list is [`Termination::Other`].
    pub fn termination(&self) -> Option<Termination> {
        self.meaningful("Termination", Dash::Placeholder).map(|(v, _)| Termination::from_ascii(v))
    }

    /// Annotator (§9.9.1): who annotated the game.
    pub fn annotator(&self) -> Option<Cow<'_, str>> {
        self.text("Annotator")
    }

    /// Mode (§9.9.2): how the game was played; a value the standard does
    /// not list is [`Mode::Other`].
    pub fn mode(&self) -> Option<Mode> {
        self.meaningful("Mode", Dash::Placeholder).map(|(v, _)| Mode::from_ascii(v))
    }

    /// PlyCount (§9.9.3): the number of plies in the game.
    pub fn ply_count(&self) -> Option<Result<u32, TagValueError>> {
        self.typed("PlyCount", Dash::Placeholder, |v| tags::parse_ply_count(v))
    }

    /// The country the Site value ends in (§8.1.1.2, ruling T8): the name
    /// §15 gives its code, else the name of the FIDE federation of that
    /// code; `None` when the Site ends in no code or in an unknown one.
    ///
    /// ```
    /// use pgn_syntax::Tags;
    ///
    /// let tags: Tags = [("Site", "Riga LAT")].into_iter().collect();
    /// assert_eq!(tags.site_country(), Some("Latvia"));
    /// ```
    pub fn site_country(&self) -> Option<&'static str> {
        let code = tags::ioc::site_code(self.get("Site")?)?;
        tags::ioc::country(code).or_else(|| tags::ioc::fide_federation(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tags::{TagValueErrorKind, TimeControlField};

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        pairs.iter().copied().collect()
    }

    #[test]
    fn placeholders_are_none_and_dashes_are_values_where_they_mean_something() {
        let t = tags(&[
            ("WhiteTitle", "-"),
            ("BlackTitle", " ? "),
            ("WhiteElo", "-"),
            ("BlackElo", ""),
            ("WhiteNA", "-"),
            ("Board", "-"),
            ("ECO", "?"),
            ("TimeControl", "-"),
            ("Opening", "?"),
            ("Termination", "?"),
        ]);
        assert_eq!(t.white_title(), Some(Ok(Title::Untitled)));
        assert_eq!(t.black_title(), None);
        assert_eq!(t.white_elo(), Some(Ok(Elo::Unrated)));
        assert_eq!(t.black_elo(), None);
        assert_eq!(t.white_na(), Some(Ok(NetAddress::NoAddress)));
        assert_eq!(t.board(), None);
        assert_eq!(t.eco(), None);
        let control = t.time_control().and_then(Result::ok);
        assert_eq!(
            control.as_ref().map(TimeControl::fields),
            Some(&[TimeControlField::NoTimeControl][..])
        );
        assert_eq!(t.opening(), None);
        assert_eq!(t.termination(), None);
        assert_eq!(t.nic(), None);
    }

    #[test]
    fn values_and_errors() {
        let t = tags(&[
            ("WhiteElo", "2400"),
            ("WhiteElo", "2500"),
            ("BlackUSCF", "2200"),
            ("WhiteType", "program"),
            ("Board", " 8.6"),
            ("NIC", "SI 13"),
            ("UTCDate", "2024.01.01"),
            ("Time", "12:00:00"),
            ("TimeControl", "10+0.05"),
            ("SetUp", "1"),
            ("Termination", "Time forfeit"),
            ("Mode", "ICS"),
            ("PlyCount", "42"),
            ("Annotator", "Kasparov, Garry"),
            ("Site", "Moscow XYZ"),
        ]);
        assert_eq!(t.white_elo(), Some(Ok(Elo::Rated(2500))));
        assert_eq!(t.black_uscf(), Some(Ok(Elo::Rated(2200))));
        assert_eq!(t.white_type(), Some(Ok(PlayerType::Program)));
        let after = TagValueErrorKind::Expected("the end of the board number");
        assert_eq!(t.board(), Some(Err(TagValueError { kind: after, offset: 2 })));
        assert_eq!(t.nic().and_then(Result::ok).map(|n| n.to_string()).as_deref(), Some("SI 13"));
        assert_eq!(t.utc_date().and_then(Result::ok).map(|d| d.year), Some(Some(2024)));
        assert_eq!(t.time().and_then(Result::ok).and_then(|t| t.hour), Some(12));
        assert!(t.time_control().is_some_and(|c| c.is_ok()));
        assert_eq!(t.setup(), Some(Ok(SetUp::FromFen)));
        assert_eq!(t.termination(), Some(Termination::TimeForfeit));
        assert_eq!(t.mode(), Some(Mode::InternetChessServer));
        assert_eq!(t.ply_count(), Some(Ok(42)));
        assert_eq!(t.annotator().as_deref(), Some("Kasparov, Garry"));
        assert_eq!(t.site_country(), None);
        assert_eq!(t.white_title(), None);
        assert_eq!(tags(&[("Site", "Wijk aan Zee NED")]).site_country(), Some("Netherlands"));
    }
}
