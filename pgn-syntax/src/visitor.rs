//! The streaming interface: a [`Visitor`] receives a game's parts as the
//! reader finds them, and can skip what it does not need.

use std::ops::ControlFlow;

use crate::diagnostic::Diagnostic;
use crate::nag::{Nag, Suffix};
use crate::place::Place;
use crate::tags::GameResult;

/// What a visitor wants skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Skip {
    /// The rest of the current variation (from `begin_variation`: all of
    /// it, and no `end_variation` is called; in the main line: the rest of
    /// the movetext up to its termination marker).
    Variation,
    /// The rest of the game; `end_game` is still called.
    Game,
    /// Everything: the reader ends this game (calling `end_game`) and reads
    /// no more.
    Stop,
}

/// The answer of every callback: go on, or skip something.
pub type Flow = ControlFlow<Skip>;

/// Go on reading.
pub const CONTINUE: Flow = ControlFlow::Continue(());

/// The two kinds of comment (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `{...}`
    Brace,
    /// `;...` to the end of the line.
    Line,
}

/// Receives the parts of each game in input order. Every method has a
/// default that ignores its input, except `end_game`, which produces the
/// game's result.
///
/// Byte slices borrow the reader's buffer: copy what must outlive the call.
pub trait Visitor {
    /// What reading a game produces.
    type Output;

    /// A game starts (at its first tag, or its first movetext token).
    fn begin_game(&mut self) -> Flow {
        CONTINUE
    }

    /// A tag pair; `value` has its escapes decoded.
    fn tag(&mut self, _name: &[u8], _value: &[u8]) -> Flow {
        CONTINUE
    }

    /// The movetext starts (the tag section is over).
    fn begin_movetext(&mut self) -> Flow {
        CONTINUE
    }

    /// A move in SAN as written (not checked here), with its suffix
    /// annotation and its place in the input (whose line and column are
    /// computed only if asked for).
    fn san(&mut self, _san: &[u8], _suffix: Option<Suffix>, _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A numeric annotation glyph.
    fn nag(&mut self, _nag: Nag) -> Flow {
        CONTINUE
    }

    /// A comment's text, without its delimiters.
    fn comment(&mut self, _text: &[u8], _kind: CommentKind) -> Flow {
        CONTINUE
    }

    /// A `%` escape line's text, without the `%` (§6).
    fn escape(&mut self, _line: &[u8]) -> Flow {
        CONTINUE
    }

    /// A variation starts: `(`.
    fn begin_variation(&mut self) -> Flow {
        CONTINUE
    }

    /// A variation ends: `)` (or the end of the game, with a diagnostic).
    fn end_variation(&mut self) -> Flow {
        CONTINUE
    }

    /// The termination marker, and its place; for a game without one (it
    /// ends at the next tag section or at the end of input), the Result
    /// tag's value or `*`, placed where the game ends.
    fn termination(&mut self, _result: GameResult, _at: &mut Place<'_>) -> Flow {
        CONTINUE
    }

    /// A problem in the input. Reading goes on whatever this returns,
    /// except for [`Skip::Stop`].
    fn diagnostic(&mut self, _diagnostic: &Diagnostic) -> Flow {
        CONTINUE
    }

    /// The game is over; returns what the visitor made of it.
    fn end_game(&mut self) -> Self::Output;
}
