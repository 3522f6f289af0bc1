//! The checks of a tag section: each pair's value against its tag's
//! grammar (§8.1.1, §9) and its name's case as it is delivered
//! ([`examine_tag`]), and the section as a whole when it ends (the Seven
//! Tag Roster, duplicate names, SetUp against FEN).

use std::io::Read;

use super::Reader;
use super::state::GameState;
use super::tag_log::Known;
use super::visit::Visit;
use crate::diagnostic::DiagnosticKind;
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
        if !self.options.checks_tags() {
            return;
        }
        if self.tags.roster != 0b111_1111 {
            self.report(v, g, DiagnosticKind::IncompleteSevenTagRoster, g.start);
        }
        if !self.tags.in_order {
            self.report(v, g, DiagnosticKind::SevenTagRosterOrder, g.start);
        }
        if !self.tags.duplicates.is_empty() {
            for offset in std::mem::take(&mut self.tags.duplicates) {
                self.report(v, g, DiagnosticKind::DuplicateTag, offset);
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

/// Looks at a tag pair once (one match on its name): what is wrong with
/// its value for the tags whose values have a grammar (§8.1.1, §9) or with
/// its name's case, the Result for ruling E3, and the SetUp and FEN tags
/// for §9.7.
pub(super) fn examine_tag(
    g: &mut GameState,
    setup_value: &mut Vec<u8>,
    known: Known,
    name: &[u8],
    value: &[u8],
    at: u64,
) -> Option<DiagnosticKind> {
    use crate::tags::{Eco, Elo, Lenient, PgnDate, PgnTime, Round, TagValueError, TimeControl};
    fn lenient<T>(read: Result<Lenient<T>, TagValueError>) -> Option<DiagnosticKind> {
        match read {
            Ok(l) if l.nonstandard => Some(DiagnosticKind::NonStandardTagValue),
            Ok(_) => None,
            Err(_) => Some(DiagnosticKind::InvalidTagValue),
        }
    }
    fn strict<T>(read: Result<T, TagValueError>) -> Option<DiagnosticKind> {
        read.err().map(|_| DiagnosticKind::InvalidTagValue)
    }
    match known {
        Known::Event | Known::Site | Known::White | Known::Black => None,
        Known::Date | Known::EventDate | Known::UtcDate => lenient(PgnDate::parse_lenient(value)),
        Known::Round => (!Round::is_valid_ascii(value)).then_some(DiagnosticKind::InvalidTagValue),
        Known::Result => {
            let read = GameResult::parse_lenient(value);
            g.result_tag = read.as_ref().ok().map(|r| r.value);
            lenient(read)
        }
        Known::Time | Known::UtcTime => strict(PgnTime::from_ascii(value)),
        Known::TimeControl => lenient(TimeControl::parse_lenient(value)),
        Known::Eco => strict(Eco::from_ascii(value)),
        Known::WhiteElo | Known::BlackElo => lenient(Elo::parse_lenient(value)),
        Known::PlyCount => strict(tags::parse_ply_count(value)),
        Known::Termination => (!tags::Termination::from_ascii(value).is_standard())
            .then_some(DiagnosticKind::NonStandardTagValue),
        Known::SetUp => {
            g.setup_at = Some(at);
            setup_value.clear();
            setup_value.extend_from_slice(value);
            None
        }
        Known::Fen => {
            g.fen_at = Some(at);
            None
        }
        Known::Other => tags::case_corrected_tag(name).map(|_| DiagnosticKind::TagNameCase),
    }
}
