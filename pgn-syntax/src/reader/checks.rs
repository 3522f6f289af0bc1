//! The checks of a tag section: each pair's value against its tag's
//! grammar (§8.1.1, §9) and its name's case as it is delivered
//! ([`examine_tag`]), and the section as a whole when it ends (the Seven
//! Tag Roster, duplicate names, SetUp against FEN).

use std::io::Read;

use super::Reader;
use super::state::GameState;
use super::tag_log::Known;
use super::visit::Visit;
use crate::diagnostic::{CheckedTag, DiagnosticKind, RosterTags};
use crate::tags::{self, GameResult, SetupFenProblem};
use crate::visitor::Visitor;

impl<R: Read> Reader<R> {
    /// The Seven Tag Roster (present, first, in order), duplicate names,
    /// and SetUp against FEN.
    pub(super) fn check_tag_section<V: Visitor>(
        &mut self,
        v: &mut Visit<'_, V>,
        g: &mut GameState,
    ) {
        if self.section_too_large(g) {
            let limit = self.options.size_limit;
            self.report(v, g, DiagnosticKind::TagSectionTooLarge { limit }, g.start);
            return;
        }
        if !self.options.checks_tags() {
            return;
        }
        let missing = RosterTags::from_bits(!self.tags.roster);
        if !missing.is_empty() {
            self.report(v, g, DiagnosticKind::IncompleteSevenTagRoster { missing }, g.start);
        }
        if !self.tags.in_order {
            self.report(v, g, DiagnosticKind::SevenTagRosterOrder, g.start);
        }
        if !self.tags.duplicates.is_empty() {
            for duplicate in std::mem::take(&mut self.tags.duplicates) {
                let overridden = self.src.locate(duplicate.overridden);
                let kind = DiagnosticKind::DuplicateTag { name: duplicate.name, overridden };
                self.report(v, g, kind, duplicate.at);
            }
        }
        if g.setup_at.is_some() || g.fen_at.is_some() {
            let setup = g.setup_at.map(|_| self.tags.setup_value.as_slice());
            let problem = match tags::check_setup_fen(setup, g.fen_at.map(|_| &[][..])) {
                Some(SetupFenProblem::SetUpWithoutFen) => {
                    Some((DiagnosticKind::SetUpWithoutFen, g.setup_at))
                }
                Some(SetupFenProblem::FenWithoutSetUp) => {
                    Some((DiagnosticKind::FenWithoutSetUp, g.fen_at))
                }
                Some(SetupFenProblem::FenWithSetUpZero) => {
                    Some((DiagnosticKind::FenWithSetUpZero, g.fen_at))
                }
                // An invalid value was reported with its tag.
                _ => None,
            };
            if let Some((kind, Some(at))) = problem {
                self.report(v, g, kind, at);
            }
        }
    }
}

/// What [`examine_tag`] found wrong with a pair, before it is a
/// diagnostic: small and `Copy`, so that tag delivery, a hot path, carries
/// no owned payload; [`TagProblem::kind`] copies the name or value into
/// the diagnostic only when there is one.
#[derive(Clone, Copy, Debug)]
pub(super) enum TagProblem {
    /// The value does not follow the tag's grammar.
    Invalid(CheckedTag),
    /// The value is in a form real files use but the standard does not.
    NonStandard(CheckedTag),
    /// The name is this standard tag's in another letter case.
    Case(&'static str),
    /// The Site value ends in this code, which is no known country code
    /// (ruling T8).
    SiteCode([u8; 3]),
}

impl TagProblem {
    /// The diagnostic of the problem of the pair `name`, `value`.
    #[cold]
    pub(super) fn kind(self, name: &[u8], value: &[u8]) -> DiagnosticKind {
        match self {
            TagProblem::Invalid(tag) => {
                DiagnosticKind::InvalidTagValue { tag, value: value.into(), expected: tag.form() }
            }
            TagProblem::NonStandard(tag) => DiagnosticKind::NonStandardTagValue {
                tag,
                value: value.into(),
                expected: tag.form(),
            },
            TagProblem::Case(standard) => {
                DiagnosticKind::TagNameCase { written: name.into(), standard }
            }
            TagProblem::SiteCode(code) => {
                DiagnosticKind::UnknownSiteCode { value: value.into(), code }
            }
        }
    }
}

/// Looks at a tag pair once (one match on its name): what is wrong with
/// its value for the tags whose values have a grammar (§8.1.1, §9) or with
/// its name's case, the Site's country code (ruling T8), the Result for
/// ruling E3, and the SetUp and FEN tags for §9.7. A placeholder in a tag
/// of §9 is never a problem (ruling T0).
#[inline(always)]
pub(super) fn examine_tag(
    g: &mut GameState,
    setup_value: &mut Vec<u8>,
    known: Known,
    name: &[u8],
    value: &[u8],
    at: u64,
) -> Option<TagProblem> {
    use crate::tags::{
        Eco, Elo, Lenient, NetAddress, Nic, PgnDate, PgnTime, PlayerType, Round, SetUp,
        TagValueError, TimeControl, Title,
    };
    use TagProblem::{Invalid, NonStandard};
    // A value is read without the white space around it (`[Result " 1-0 "]`
    // is a win for White); the padding, kept in what the visitor gets,
    // makes a value that is right otherwise non-standard.
    let trimmed = value.trim_ascii();
    let padded = trimmed.len() != value.len();
    let value = trimmed;
    // Whether a lenient reading was non-standard, or `Err` if it failed.
    let lenient = |tag, nonstandard: Result<bool, TagValueError>| match nonstandard {
        Ok(nonstandard) => (nonstandard || padded).then_some(NonStandard(tag)),
        Err(_) => Some(Invalid(tag)),
    };
    fn nonstandard<T>(read: Result<Lenient<T>, TagValueError>) -> Result<bool, TagValueError> {
        read.map(|l| l.nonstandard)
    }
    let strict = |tag, valid: bool| match valid {
        true => padded.then_some(NonStandard(tag)),
        false => Some(Invalid(tag)),
    };
    // A player tag's value is one player's, or has a field per player of a
    // consultation game (§9.1, ruling T1): each is in form, or a
    // placeholder (an untitled or unknown partner). A value in form as a
    // whole is one player's (a URL holds a `:`).
    let per_player = |tag, in_form: fn(&[u8]) -> bool| {
        let valid = in_form(value)
            || tags::player_fields(value).all(|f| in_form(f) || tags::is_placeholder(f));
        strict(tag, valid)
    };
    // A rating: one player's leniently (`?`, padding), or a field per player.
    let rating = |tag| match value.contains(&b':') {
        true => per_player(tag, |f| Elo::from_ascii(f).is_ok()),
        false => lenient(tag, nonstandard(Elo::parse_lenient(value))),
    };
    let problem = match known {
        Known::Event | Known::White | Known::Black => None,
        Known::Site => tags::ioc::site_code(value)
            .filter(|code| !tags::ioc::is_known_site_code(code))
            .and_then(|code| <[u8; 3]>::try_from(code).ok())
            .map(TagProblem::SiteCode),
        Known::Date => lenient(CheckedTag::Date, nonstandard(PgnDate::parse_lenient(value))),
        Known::EventDate => {
            lenient(CheckedTag::EventDate, nonstandard(PgnDate::parse_lenient(value)))
        }
        Known::UtcDate => lenient(CheckedTag::UtcDate, nonstandard(PgnDate::parse_lenient(value))),
        Known::Round => strict(CheckedTag::Round, Round::is_valid_ascii(value)),
        Known::Result => {
            let read = GameResult::parse_lenient(value);
            g.result_tag = read.as_ref().ok().map(|r| r.value);
            lenient(CheckedTag::Result, nonstandard(read))
        }
        Known::Time => strict(CheckedTag::Time, PgnTime::from_ascii(value).is_ok()),
        Known::UtcTime => strict(CheckedTag::UtcTime, PgnTime::from_ascii(value).is_ok()),
        Known::TimeControl => {
            // Ruling T7 admits fractions of a second without a warning.
            let read = TimeControl::parse_lenient(value).map(|l| {
                l.nonstandard
                    && l.value.fields().iter().any(|f| {
                        !f.is_standard()
                            && !matches!(f, tags::TimeControlField::FractionalIncremental { .. })
                    })
            });
            lenient(CheckedTag::TimeControl, read)
        }
        Known::Eco => strict(CheckedTag::Eco, Eco::from_ascii(value).is_ok()),
        Known::Nic => strict(CheckedTag::Nic, Nic::from_ascii(value).is_ok()),
        Known::WhiteTitle => per_player(CheckedTag::WhiteTitle, |f| Title::from_ascii(f).is_ok()),
        Known::BlackTitle => per_player(CheckedTag::BlackTitle, |f| Title::from_ascii(f).is_ok()),
        Known::WhiteElo => rating(CheckedTag::WhiteElo),
        Known::BlackElo => rating(CheckedTag::BlackElo),
        Known::WhiteUscf => rating(CheckedTag::WhiteUscf),
        Known::BlackUscf => rating(CheckedTag::BlackUscf),
        Known::WhiteNa => per_player(CheckedTag::WhiteNa, |f| NetAddress::from_ascii(f).is_ok()),
        Known::BlackNa => per_player(CheckedTag::BlackNa, |f| NetAddress::from_ascii(f).is_ok()),
        Known::WhiteType => {
            per_player(CheckedTag::WhiteType, |f| PlayerType::from_ascii(f).is_ok())
        }
        Known::BlackType => {
            per_player(CheckedTag::BlackType, |f| PlayerType::from_ascii(f).is_ok())
        }
        Known::Board => strict(CheckedTag::Board, tags::parse_board(value).is_ok()),
        Known::PlyCount => strict(CheckedTag::PlyCount, tags::parse_ply_count(value).is_ok()),
        Known::Termination => {
            let standard = tags::Termination::from_ascii(value).is_standard() && !padded;
            (!standard).then_some(NonStandard(CheckedTag::Termination))
        }
        Known::Mode => {
            let standard = tags::Mode::from_ascii(value).is_standard() && !padded;
            (!standard).then_some(NonStandard(CheckedTag::Mode))
        }
        Known::SetUp => {
            g.setup_at = Some(at);
            setup_value.clear();
            setup_value.extend_from_slice(value);
            strict(CheckedTag::SetUp, SetUp::from_ascii(value).is_ok())
        }
        Known::Fen => {
            g.fen_at = Some(at);
            None
        }
        Known::Other => tags::case_corrected_tag(name).map(TagProblem::Case),
    };
    // The Seven Tag Roster's values keep their own rules (ruling E1).
    let supplemental = known.roster_index().is_none();
    match problem {
        Some(Invalid(_) | NonStandard(_)) if supplemental && tags::is_placeholder(value) => None,
        problem => problem,
    }
}
