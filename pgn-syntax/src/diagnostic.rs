//! `Diagnostic`: one problem found while reading PGN, with its kind,
//! severity and place (byte offset, line, column, game number).

use std::fmt;

pub use diag::Severity;

/// What went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// A tag pair that is not `[name "value"]`; what could be read is kept.
    MalformedTag,
    /// A tag name with characters other than letters, digits and `_`, or
    /// not starting with a letter (§8.1).
    InvalidTagName,
    /// A tag value written without quotes; it is read as the symbol's text.
    UnquotedTagValue,
    /// A token that has no meaning where it stands (a string or `]` in
    /// movetext, `<` `>`, ...); skipped.
    UnexpectedToken,
    /// A NAG above 255 or without digits (§8.2.4); skipped.
    InvalidNag,
    /// A run of `!` and `?` that is not one of the six suffixes (§8.2.3.8).
    InvalidSuffix,
    /// A suffix annotation not attached to a move (after white space, or
    /// with no move before it); read as its NAG.
    SuffixWithoutMove,
    /// An evaluation symbol written as text (`+-`, `=+`, ...); read as its NAG.
    GlyphAsText,
    /// An evaluation glyph with no NAG; skipped.
    UnknownGlyph,
    /// `…` used as periods of a move number.
    EllipsisInMoveNumber,
    /// `e.p.` or `ep` written as a separate word after a move; dropped.
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
    NonStandardTermination,
    /// The Result tag and the termination marker disagree (ruling E3).
    ResultMismatch,
    /// A comment outside any game (before the first tag or move of the
    /// next game); skipped.
    TextBetweenGames,
    /// A tag value that its tag's grammar (§8.1.1, §9) does not allow,
    /// such as a Date of `2024.13.01`; the value is kept as read.
    InvalidTagValue,
    /// A tag value in a form real files use but the standard does not
    /// (`2024-01-05`, `½-½`, a Termination outside §9.8.1); kept as read.
    NonStandardTagValue,
    /// A standard tag name in another letter case (`EVENT`, `event`).
    TagNameCase,
    /// `SetUp "1"` without a FEN tag (§9.7.1).
    SetUpWithoutFen,
    /// A FEN tag without a SetUp tag (§9.7.1).
    FenWithoutSetUp,
    /// A FEN tag with `SetUp "0"`.
    FenWithSetUpZero,
    /// A game whose tags lack one of the Seven Tag Roster (§8.1.1), or that
    /// has no tags at all.
    IncompleteSevenTagRoster,
    /// The Seven Tag Roster tags are not first, or not in their order (§8.1.1).
    SevenTagRosterOrder,
    /// A tag name given twice in one game; the last value wins (ruling E2).
    DuplicateTag,
    /// A termination marker inside a variation; ignored (§8.2.6: the
    /// marker ends the movetext).
    TerminationInVariation,
}

impl DiagnosticKind {
    /// The severity of this kind.
    pub fn severity(self) -> Severity {
        use DiagnosticKind::*;
        match self {
            UnterminatedString | UnterminatedComment | InvalidBytes | MalformedTag
            | UnexpectedToken | InvalidNag | InvalidSuffix | UnknownGlyph => Severity::Error,
            _ => Severity::Warning,
        }
    }

    /// A message for people: lower case, no final period.
    pub fn message(self) -> &'static str {
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
            MalformedTag => "malformed tag pair",
            InvalidTagName => {
                "tag name must be letters, digits and underscores, starting with a letter"
            }
            UnquotedTagValue => "tag value is not a quoted string",
            UnexpectedToken => "unexpected token skipped",
            InvalidNag => "NAG must be $0 to $255",
            InvalidSuffix => "not a move suffix (!, ?, !!, ??, !?, ?!)",
            SuffixWithoutMove => "suffix annotation not attached to a move, read as a NAG",
            GlyphAsText => "evaluation symbol written as text, read as a NAG",
            UnknownGlyph => "unknown evaluation symbol skipped",
            EllipsisInMoveNumber => "ellipsis character in a move number",
            SeparateEnPassantMark => "separate en passant mark dropped",
            UnmatchedParenthesis => "closing parenthesis without a variation",
            UnclosedVariation => "variation not closed before the end of the game",
            EmptyVariation => "empty variation",
            MissingTermination => "game has no termination marker",
            NonStandardTermination => "non-standard termination marker",
            ResultMismatch => "Result tag does not match the termination marker",
            TextBetweenGames => "comment outside a game skipped",
            InvalidTagValue => "tag value does not follow its tag's format",
            NonStandardTagValue => "tag value in a non-standard form",
            TagNameCase => "standard tag name in another letter case",
            SetUpWithoutFen => "SetUp is \"1\" but there is no FEN tag",
            FenWithoutSetUp => "FEN tag without a SetUp tag",
            FenWithSetUpZero => "FEN tag with SetUp \"0\"",
            IncompleteSevenTagRoster => "Seven Tag Roster incomplete",
            SevenTagRosterOrder => "Seven Tag Roster tags not first or not in order",
            DuplicateTag => "tag given twice, the last value wins",
            TerminationInVariation => "termination marker inside a variation ignored",
        }
    }
}

impl fmt::Display for DiagnosticKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// A problem and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// What went wrong.
    pub kind: DiagnosticKind,
    /// How bad it is.
    pub severity: Severity,
    /// Absolute byte offset in the input.
    pub offset: u64,
    /// Line number, from 1 (CR LF, lone CR and LF each end a line).
    pub line: u64,
    /// Column in bytes, from 1.
    pub column: u64,
    /// The number of the game, from 1 (between games: the next game's).
    pub game: u64,
}

impl fmt::Display for Diagnostic {
    /// `LINE:COL: game N: severity: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: game {}: {}: {}",
            self.line, self.column, self.game, self.severity, self.kind
        )
    }
}
