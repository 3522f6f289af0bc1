//! `Diagnostic`: one problem found while reading PGN, with its kind (and
//! what the problem is about: the tag, the value, the form it should have),
//! its place and its game.
//!
//! Payloads are typed: input text is kept as bytes (`Box<[u8]>`), tags and
//! forms are enums, places are [`Location`]s; messages are made from them
//! when shown (`tag EventDate: "?" is not a date (YYYY.MM.DD)`).

mod tag;

use std::fmt;

pub use pgn_diag::Severity;
use pgn_diag::Shown;

pub use self::tag::{CheckedTag, RosterTags, TagFault, TagForm};
use pgn_lex::TokenKind;

use crate::nag::{Nag, Suffix};
use crate::place::Location;
use crate::tags::GameResult;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// A string without its closing quote (§7); it ends at the end of its line.
    UnterminatedString,
    /// A brace comment without `}` (§5); it ends before the next tag line
    /// or at the end of input.
    UnterminatedComment,
    /// A string longer than 255 bytes (§7).
    StringTooLong,
    /// A symbol longer than 255 bytes (§7).
    SymbolTooLong,
    /// A line longer than 255 bytes (§4.3).
    LineTooLong,
    /// A control byte inside a string or comment, or a tab in a string (§4.1, §4.2).
    ControlByte,
    /// Bytes that are no PGN token (stray punctuation, binary data, bytes
    /// of 128 and above outside strings and comments); skipped.
    InvalidBytes,
    /// A symbol with `½` or Unicode dashes, as some programs write results
    /// and castling.
    NonAsciiSymbol,
    /// Binary data (a damaged stretch of the file: a block of zeros, the
    /// bytes of another file), told by its control bytes; skipped whole up
    /// to the next line that starts a tag pair, or to the end of input.
    /// A game it cuts ends where it starts.
    BinaryData {
        /// How many bytes were skipped.
        length: u64,
    },
    /// A tag pair that is not `[name "value"]`; what could be read is kept.
    MalformedTag {
        /// The tag's name, when the pair got as far as one.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes::option"))]
        name: Option<Box<[u8]>>,
        /// What is wrong with the pair.
        fault: TagFault,
    },
    /// A tag name with characters other than letters, digits and `_`, or
    /// not starting with a letter (§8.1).
    InvalidTagName {
        /// The name as written.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        name: Box<[u8]>,
    },
    /// A tag value written without quotes; it is read as the text up to
    /// the pair's `]`.
    UnquotedTagValue {
        /// The tag's name.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        name: Box<[u8]>,
    },
    /// A token that has no meaning where it stands (a string or `]` in
    /// movetext, `<` `>`, ...); skipped.
    UnexpectedToken,
    /// A NAG above 255 or without digits (§8.2.4); skipped.
    InvalidNag {
        /// The NAG as written, `$` included.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        text: Box<[u8]>,
    },
    /// A run of `!` and `?` that is not one of the six suffixes (§8.2.3.8).
    InvalidSuffix {
        /// The run as written.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        text: Box<[u8]>,
    },
    /// A suffix annotation not attached to a move (after white space, or
    /// with no move before it); read as its NAG.
    SuffixWithoutMove {
        /// The suffix.
        suffix: Suffix,
    },
    /// An evaluation symbol written as text (`+-`, `=+`, ...); read as its NAG.
    GlyphAsText {
        /// The symbol as written.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        glyph: Box<[u8]>,
        /// The NAG it was read as.
        nag: Nag,
    },
    /// An evaluation glyph with no NAG; skipped.
    UnknownGlyph {
        /// The glyph as written.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        glyph: Box<[u8]>,
    },
    /// `…` used as periods of a move number.
    EllipsisInMoveNumber,
    /// `e.p.` or `ep` written as a separate word (after a move, or
    /// anywhere else: it is never a move); dropped.
    SeparateEnPassantMark,
    /// A `)` with no open variation; skipped.
    UnmatchedParenthesis,
    /// A variation still open when the game ended; closed there.
    UnclosedVariation,
    /// A variation with nothing in it, `()`.
    EmptyVariation,
    /// A game without a termination marker (§8.2.6): it ended at the next
    /// tag section or at the end of input.
    MissingTermination,
    /// A termination marker written as `½-½`, with a Unicode dash, or `1/2`.
    NonStandardTermination {
        /// The marker as written.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        marker: Box<[u8]>,
        /// The result it was read as.
        result: GameResult,
    },
    /// The Result tag and the termination marker disagree (ruling E3).
    ResultMismatch {
        /// The Result tag's value.
        tag: GameResult,
        /// The termination marker's.
        marker: GameResult,
    },
    /// A comment outside any game (before the first tag or move of the
    /// next game); skipped.
    TextBetweenGames,
    /// A tag value that its tag's grammar (§8.1.1, §9) does not allow,
    /// such as a Date of `2024.13.01`; the value is kept as read.
    InvalidTagValue {
        /// The tag.
        tag: CheckedTag,
        /// The value as read (unescaped).
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        value: Box<[u8]>,
        /// The form the value should have.
        expected: TagForm,
    },
    /// A tag value in a form real files use but the standard does not
    /// (`2024-01-05`, `½-½`, a Termination outside §9.8.1); kept as read.
    NonStandardTagValue {
        /// The tag.
        tag: CheckedTag,
        /// The value as read (unescaped).
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        value: Box<[u8]>,
        /// The form the standard gives such values.
        expected: TagForm,
    },
    /// A Site value that ends in a country code (ruling T8: a last word of
    /// three upper-case letters) that is neither in §15 nor a FIDE
    /// federation's (`Moscow XYZ`); a note.
    UnknownSiteCode {
        /// The Site value as read (unescaped).
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        value: Box<[u8]>,
        /// The code it ends in.
        #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::site_code"))]
        code: [u8; 3],
    },
    /// A standard tag name in another letter case (`EVENT`, `event`).
    TagNameCase {
        /// The name as written.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        written: Box<[u8]>,
        /// The standard's spelling.
        // The primitive's path keeps serde from taking the field for text
        // borrowed from the input: it is looked up among the standard's.
        #[cfg_attr(
            feature = "serde",
            serde(deserialize_with = "crate::serde_impls::standard_tag_name")
        )]
        standard: &'static std::primitive::str,
    },
    /// `SetUp "1"` without a FEN tag (§9.7.1).
    SetUpWithoutFen,
    /// A FEN tag without a SetUp tag (§9.7.1).
    FenWithoutSetUp,
    /// A FEN tag with `SetUp "0"`.
    FenWithSetUpZero,
    /// A game whose tags lack one of the Seven Tag Roster (§8.1.1), or that
    /// has no tags at all.
    IncompleteSevenTagRoster {
        /// The roster tags the game lacks.
        missing: RosterTags,
    },
    /// The Seven Tag Roster tags are not first, or not in their order (§8.1.1).
    SevenTagRosterOrder,
    /// A tag name given twice in one game; the last value wins (ruling E2).
    DuplicateTag {
        /// The tag's name.
        #[cfg_attr(feature = "serde", serde(with = "pgn_diag::bytes"))]
        name: Box<[u8]>,
        /// Where the pair of that name before this one is: the pair whose
        /// value this one overrides.
        overridden: Location,
    },
    /// A termination marker inside a variation; ignored (§8.2.6: the
    /// marker ends the movetext).
    TerminationInVariation,
    /// A token longer than the reader's size limit
    /// ([`ReaderBuilder::size_limit`]); skipped, its bytes never held whole.
    ///
    /// [`ReaderBuilder::size_limit`]: crate::ReaderBuilder::size_limit
    TokenTooLarge {
        /// What kind of token it was.
        kind: TokenKind,
        /// The limit, in bytes.
        limit: u64,
    },
    /// A variation nested deeper than the reader's depth limit
    /// ([`ReaderBuilder::depth_limit`]); skipped with all it holds.
    ///
    /// [`ReaderBuilder::depth_limit`]: crate::ReaderBuilder::depth_limit
    VariationTooDeep {
        /// The limit: the number of variations that may be open at once.
        limit: u32,
    },
    /// A tag section longer than the reader's size limit; its pairs were
    /// read, but the checks of the whole section (roster, duplicates,
    /// SetUp and FEN) were not made.
    TagSectionTooLarge {
        /// The limit, in bytes.
        limit: u64,
    },
}

impl DiagnosticKind {
    /// The severity of this kind. A line longer than 255 bytes is a note:
    /// real files have them (nearly every lichess game, its movetext on
    /// one line with clock comments), and they trouble no reader. So is a
    /// Site's unknown country code: the standard only suggests the codes.
    pub fn severity(&self) -> Severity {
        use DiagnosticKind::*;
        match self {
            UnterminatedString
            | UnterminatedComment
            | InvalidBytes
            | BinaryData { .. }
            | MalformedTag { .. }
            | UnexpectedToken
            | InvalidNag { .. }
            | InvalidSuffix { .. }
            | UnknownGlyph { .. }
            | TokenTooLarge { .. }
            | VariationTooDeep { .. }
            | TagSectionTooLarge { .. } => Severity::Error,
            LineTooLong | UnknownSiteCode { .. } => Severity::Note,
            _ => Severity::Warning,
        }
    }

    /// The kind's message without what it is about (no tag, value or
    /// input text), the same for every diagnostic of the kind: a key for
    /// counting diagnostics by kind (`line longer than 255 bytes`, `tag
    /// value not in the standard form`). Each kind has its own label.
    pub fn label(&self) -> &'static str {
        use DiagnosticKind::*;
        match self {
            UnterminatedString => "string has no closing quote",
            UnterminatedComment => "comment has no closing brace",
            StringTooLong => "string longer than 255 bytes",
            SymbolTooLong => "symbol longer than 255 bytes",
            LineTooLong => "line longer than 255 bytes",
            ControlByte => "control character in a string or comment",
            InvalidBytes => "bytes that are not PGN were skipped",
            NonAsciiSymbol => "non-ASCII character in a symbol",
            BinaryData { .. } => "binary data skipped",
            MalformedTag { .. } => "malformed tag pair",
            InvalidTagName { .. } => "tag name not letters, digits and underscores",
            UnquotedTagValue { .. } => "tag value not a quoted string",
            UnexpectedToken => "unexpected token skipped",
            InvalidNag { .. } => "NAG not $0 to $255",
            InvalidSuffix { .. } => "not a move suffix",
            SuffixWithoutMove { .. } => "suffix not attached to a move",
            GlyphAsText { .. } => "evaluation symbol written as text",
            UnknownGlyph { .. } => "unknown evaluation symbol skipped",
            EllipsisInMoveNumber => "ellipsis character in a move number",
            SeparateEnPassantMark => "separate en passant mark dropped",
            UnmatchedParenthesis => "closing parenthesis without a variation",
            UnclosedVariation => "variation not closed before the end of the game",
            EmptyVariation => "empty variation",
            MissingTermination => "game has no termination marker",
            NonStandardTermination { .. } => "termination marker not in the standard form",
            ResultMismatch { .. } => "Result tag and termination marker disagree",
            TextBetweenGames => "comment outside a game skipped",
            InvalidTagValue { .. } => "tag value not of the form of its tag",
            NonStandardTagValue { .. } => "tag value not in the standard form",
            UnknownSiteCode { .. } => "Site ends in an unknown country code",
            TagNameCase { .. } => "standard tag name in another letter case",
            SetUpWithoutFen => "SetUp \"1\" without a FEN tag",
            FenWithoutSetUp => "FEN tag without a SetUp tag",
            FenWithSetUpZero => "FEN tag with SetUp \"0\"",
            IncompleteSevenTagRoster { .. } => "Seven Tag Roster incomplete",
            SevenTagRosterOrder => "Seven Tag Roster tags not first or not in order",
            DuplicateTag { .. } => "tag given again",
            TerminationInVariation => "termination marker inside a variation ignored",
            TokenTooLarge { .. } => "token longer than the size limit skipped",
            TagSectionTooLarge { .. } => "tag section longer than the size limit",
            VariationTooDeep { .. } => "variation nested deeper than the depth limit",
        }
    }
}

impl fmt::Display for DiagnosticKind {
    /// A message for people, naming what it is about: lower case, no final
    /// period, input text escaped and cut (see `Shown`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DiagnosticKind::*;
        match self {
            UnterminatedString => f.write_str("string has no closing quote"),
            UnterminatedComment => f.write_str("comment has no closing brace"),
            StringTooLong => f.write_str("string longer than 255 bytes"),
            SymbolTooLong => f.write_str("symbol longer than 255 bytes"),
            LineTooLong => f.write_str("line longer than 255 bytes"),
            ControlByte => f.write_str("control character in a string or comment"),
            InvalidBytes => f.write_str("bytes that are not PGN were skipped"),
            NonAsciiSymbol => f.write_str("non-ASCII character in a symbol"),
            BinaryData { length } => write!(f, "binary data skipped: {length} bytes"),
            MalformedTag { name: Some(name), fault } => {
                write!(f, "tag {}: {fault}", Shown(name))
            }
            MalformedTag { name: None, fault } => write!(f, "malformed tag pair: {fault}"),
            InvalidTagName { name } => write!(
                f,
                "tag name \"{}\" is not letters, digits and underscores starting with a letter",
                Shown(name)
            ),
            UnquotedTagValue { name } => {
                write!(f, "tag {}: value is not a quoted string", Shown(name))
            }
            UnexpectedToken => f.write_str("unexpected token skipped"),
            InvalidNag { text } => write!(f, "NAG \"{}\" is not $0 to $255", Shown(text)),
            InvalidSuffix { text } => {
                write!(f, "\"{}\" is not a move suffix (!, ?, !!, ??, !?, ?!)", Shown(text))
            }
            SuffixWithoutMove { suffix } => {
                write!(f, "suffix {suffix} not attached to a move, read as {}", suffix.nag())
            }
            GlyphAsText { glyph, nag } => {
                write!(f, "evaluation symbol {} written as text, read as {nag}", Shown(glyph))
            }
            UnknownGlyph { glyph } => {
                write!(f, "unknown evaluation symbol {} skipped", Shown(glyph))
            }
            EllipsisInMoveNumber => f.write_str("ellipsis character in a move number"),
            SeparateEnPassantMark => f.write_str("separate en passant mark dropped"),
            UnmatchedParenthesis => f.write_str("closing parenthesis without a variation"),
            UnclosedVariation => f.write_str("variation not closed before the end of the game"),
            EmptyVariation => f.write_str("empty variation"),
            MissingTermination => f.write_str("game has no termination marker"),
            NonStandardTermination { marker, result } => write!(
                f,
                "termination marker {} is not in the standard form, read as {result}",
                Shown(marker)
            ),
            ResultMismatch { tag, marker } => {
                write!(f, "Result tag is {tag} but the termination marker is {marker}")
            }
            TextBetweenGames => f.write_str("comment outside a game skipped"),
            InvalidTagValue { tag, value, expected } => {
                write!(f, "tag {tag}: \"{}\" is not {expected}", Shown(value))
            }
            NonStandardTagValue { tag, value, expected } => {
                write!(f, "tag {tag}: \"{}\" is not in the standard form ", Shown(value))?;
                match expected.pattern() {
                    Some(pattern) => write!(f, "({pattern})"),
                    None => write!(f, "of {}", expected.noun()),
                }
            }
            UnknownSiteCode { value, code } => write!(
                f,
                "tag Site: \"{}\" ends in {}, which is no country code of §15 nor of FIDE",
                Shown(value),
                Shown(&code[..])
            ),
            TagNameCase { written, standard } => write!(
                f,
                "tag {} is the standard tag {standard} in another letter case",
                Shown(written)
            ),
            SetUpWithoutFen => f.write_str("SetUp is \"1\" but there is no FEN tag"),
            FenWithoutSetUp => f.write_str("FEN tag without a SetUp tag"),
            FenWithSetUpZero => f.write_str("FEN tag with SetUp \"0\""),
            IncompleteSevenTagRoster { missing } => {
                write!(f, "Seven Tag Roster incomplete, missing {missing}")
            }
            SevenTagRosterOrder => f.write_str("Seven Tag Roster tags not first or not in order"),
            DuplicateTag { name, overridden } => write!(
                f,
                "tag {} given again, overriding the value on line {}",
                Shown(name),
                overridden.line
            ),
            TerminationInVariation => f.write_str("termination marker inside a variation ignored"),
            TokenTooLarge { kind, limit } => {
                write!(f, "{} longer than the limit of {limit} bytes skipped", token_noun(*kind))
            }
            VariationTooDeep { limit } => {
                write!(f, "variation nested deeper than the limit of {limit} skipped")
            }
            TagSectionTooLarge { limit } => write!(
                f,
                "tag section longer than the limit of {limit} bytes: its roster, duplicates \
                 and SetUp were not checked"
            ),
        }
    }
}

/// What a token of `kind` is called in a message.
fn token_noun(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::String => "string",
        TokenKind::BraceComment | TokenKind::LineComment => "comment",
        TokenKind::Escape => "escape line",
        TokenKind::Symbol => "symbol",
        TokenKind::Integer => "number",
        TokenKind::Nag => "NAG",
        TokenKind::Suffix | TokenKind::Glyph => "annotation",
        _ => "run of bytes that are not PGN",
    }
}

/// A problem, where it is, and in which game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Diagnostic {
    /// What went wrong, and what it is about.
    pub kind: DiagnosticKind,
    /// Where: byte offset, line and column in the input.
    pub at: Location,
    /// The number of the game, from 1 (between games: the next game's).
    pub game: u64,
}

impl Diagnostic {
    /// How bad it is (given by its kind).
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }
}

impl fmt::Display for Diagnostic {
    /// `LINE:COL: game N: severity: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: game {}: {}: {}", self.at, self.game, self.severity(), self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds() -> Vec<DiagnosticKind> {
        use DiagnosticKind::*;
        let text = || Box::from(&b"x"[..]);
        vec![
            UnterminatedString,
            UnterminatedComment,
            StringTooLong,
            SymbolTooLong,
            LineTooLong,
            ControlByte,
            InvalidBytes,
            NonAsciiSymbol,
            BinaryData { length: 100 },
            MalformedTag { name: None, fault: TagFault::NoName },
            MalformedTag { name: Some(text()), fault: TagFault::Unclosed },
            InvalidTagName { name: text() },
            UnquotedTagValue { name: text() },
            UnexpectedToken,
            InvalidNag { text: text() },
            InvalidSuffix { text: text() },
            SuffixWithoutMove { suffix: Suffix::Good },
            GlyphAsText { glyph: text(), nag: Nag(18) },
            UnknownGlyph { glyph: text() },
            EllipsisInMoveNumber,
            SeparateEnPassantMark,
            UnmatchedParenthesis,
            UnclosedVariation,
            EmptyVariation,
            MissingTermination,
            NonStandardTermination { marker: text(), result: GameResult::Draw },
            ResultMismatch { tag: GameResult::WhiteWins, marker: GameResult::BlackWins },
            TextBetweenGames,
            InvalidTagValue { tag: CheckedTag::Round, value: text(), expected: TagForm::Round },
            NonStandardTagValue { tag: CheckedTag::Round, value: text(), expected: TagForm::Round },
            UnknownSiteCode { value: text(), code: *b"XYZ" },
            TagNameCase { written: text(), standard: "Event" },
            SetUpWithoutFen,
            FenWithoutSetUp,
            FenWithSetUpZero,
            IncompleteSevenTagRoster { missing: RosterTags::ALL },
            SevenTagRosterOrder,
            DuplicateTag { name: text(), overridden: Location::default() },
            TerminationInVariation,
            TokenTooLarge { kind: TokenKind::BraceComment, limit: 16 },
            TagSectionTooLarge { limit: 16 },
            VariationTooDeep { limit: 16 },
        ]
    }

    #[test]
    fn messages_are_lower_case_without_final_period() {
        // Words that keep their capital: names of tags, of the roster, of
        // NAGs, and quoted input.
        let proper = ["Result", "NAG", "Seven", "SetUp", "FEN", "\""];
        for kind in kinds() {
            let message = kind.to_string();
            let lower = message.starts_with(|c: char| c.is_ascii_lowercase());
            assert!(lower || proper.iter().any(|p| message.starts_with(p)), "{message}");
            assert!(!message.ends_with('.'), "{message}");
        }
    }

    #[test]
    fn every_kind_has_its_own_label() {
        let proper = ["Result", "NAG", "Seven", "SetUp", "FEN", "Site"];
        for a in kinds() {
            let label = a.label();
            let lower = label.starts_with(|c: char| c.is_ascii_lowercase());
            assert!(lower || proper.iter().any(|p| label.starts_with(p)), "{label}");
            assert!(!label.ends_with('.'), "{label}");
            // Two payloads of one kind share their label; two kinds never.
            for b in kinds() {
                let same_kind = std::mem::discriminant(&a) == std::mem::discriminant(&b);
                assert_eq!(label == b.label(), same_kind, "{a:?} and {b:?}");
            }
        }
    }

    #[test]
    fn long_lines_are_notes() {
        assert_eq!(DiagnosticKind::LineTooLong.severity(), Severity::Note);
        assert_eq!(DiagnosticKind::StringTooLong.severity(), Severity::Warning);
        let notes = kinds().into_iter().filter(|k| k.severity() == Severity::Note).count();
        assert_eq!(notes, 2);
        let site =
            DiagnosticKind::UnknownSiteCode { value: Box::from(&b"Moscow XYZ"[..]), code: *b"XYZ" };
        assert_eq!(site.severity(), Severity::Note);
        assert_eq!(
            site.to_string(),
            r#"tag Site: "Moscow XYZ" ends in XYZ, which is no country code of §15 nor of FIDE"#
        );
    }

    #[test]
    fn messages_name_the_tag_the_value_and_the_form() {
        let invalid = |tag: CheckedTag, value: &[u8]| DiagnosticKind::InvalidTagValue {
            tag,
            value: value.into(),
            expected: tag.form(),
        };
        assert_eq!(
            invalid(CheckedTag::EventDate, b"?").to_string(),
            r#"tag EventDate: "?" is not a date (YYYY.MM.DD)"#
        );
        assert_eq!(
            invalid(CheckedTag::Round, b"0.9").to_string(),
            r#"tag Round: "0.9" is not a round number"#
        );
        let nonstandard = DiagnosticKind::NonStandardTagValue {
            tag: CheckedTag::Date,
            value: Box::from(&b"2024-01-05"[..]),
            expected: TagForm::Date,
        };
        assert_eq!(
            nonstandard.to_string(),
            r#"tag Date: "2024-01-05" is not in the standard form (YYYY.MM.DD)"#
        );
        let duplicate = DiagnosticKind::DuplicateTag {
            name: Box::from(&b"White"[..]),
            overridden: Location { offset: 40, line: 4, column: 1 },
        };
        assert_eq!(duplicate.to_string(), "tag White given again, overriding the value on line 4");
        let roster =
            DiagnosticKind::IncompleteSevenTagRoster { missing: RosterTags::from_bits(0b100_0010) };
        assert_eq!(roster.to_string(), "Seven Tag Roster incomplete, missing Site, Result");
        let mismatch =
            DiagnosticKind::ResultMismatch { tag: GameResult::WhiteWins, marker: GameResult::Draw };
        assert_eq!(mismatch.to_string(), "Result tag is 1-0 but the termination marker is 1/2-1/2");
    }

    #[test]
    fn relocating_moves_every_place_and_the_game() {
        let mut d = Diagnostic {
            kind: DiagnosticKind::DuplicateTag {
                name: Box::from(&b"White"[..]),
                overridden: Location { offset: 10, line: 2, column: 1 },
            },
            at: Location { offset: 30, line: 4, column: 2 },
            game: 1,
        };
        let start = Location { offset: 1000, line: 50, column: 1 };
        crate::Relocate::relocate(&mut d, crate::Shift { start, games: 7 });
        assert_eq!(d.at, Location { offset: 1030, line: 53, column: 2 });
        assert_eq!(d.game, 8);
        let DiagnosticKind::DuplicateTag { overridden, .. } = d.kind else { panic!("{d:?}") };
        assert_eq!(overridden, Location { offset: 1010, line: 51, column: 1 });
    }

    #[test]
    fn the_reader_fills_the_payloads() {
        let pgn = b"[Event \"x\"]\n[EventDate \"2024.13.01\"]\n[Event \"y\"]\n\n*\n";
        let (_, source) =
            crate::read_games(&pgn[..]).next().expect("one game").expect("no I/O error");
        let messages: Vec<String> = source.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                r#"2:1: game 1: warning: tag EventDate: "2024.13.01" is not a date (YYYY.MM.DD)"#,
                "1:1: game 1: warning: Seven Tag Roster incomplete, missing Site, Date, Round, \
                 White, Black, Result",
                "3:1: game 1: warning: tag Event given again, overriding the value on line 1",
            ]
        );
        assert!(source.diagnostics.iter().all(|d| d.severity() == Severity::Warning));
    }
}
