//! The streaming interface: a [`Visitor`] receives a game's parts as the
//! reader finds them, keeping its per-game state in values the reader
//! hands back to it, and can end a game early or skip a variation.

use std::ops::ControlFlow;

use crate::diagnostic::Diagnostic;
use crate::nag::{Nag, Suffix};
use crate::place::Place;
use crate::tags::GameResult;

/// What to do with a variation, as [`Visitor::begin_variation`] answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Branch {
    /// Read it: its elements come, then [`Visitor::end_variation`].
    #[default]
    Enter,
    /// Skip it, nested variations included: nothing of it comes, not even
    /// its `end_variation`.
    Skip,
}

/// The two kinds of comment (§5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CommentKind {
    /// `{...}`
    Brace,
    /// `;...` to the end of the line.
    Line,
}

/// Receives the parts of each game in input order, in three phases:
///
/// 1. [`begin_tags`](Visitor::begin_tags) makes the game's tag state, and
///    each [`tag`](Visitor::tag) gets it;
/// 2. [`begin_movetext`](Visitor::begin_movetext) turns the tag state into
///    the movetext state, which every movetext element gets (moves, NAGs,
///    comments, escape lines, variations, the termination marker);
/// 3. [`end_game`](Visitor::end_game) turns the movetext state into the
///    game's output.
///
/// Every game goes through all three, also one without tags or without
/// movetext. The states are values the visitor makes and the reader hands
/// back, so per-game data needs no resetting between games.
///
/// Every callback answers with a `ControlFlow`, which has one meaning
/// everywhere: `Continue` goes on, `Break(output)` ends the game here with
/// that output (the reader skips the rest of the game, fast, and calls no
/// more callbacks for it). [`begin_variation`](Visitor::begin_variation)
/// also says whether to read the variation ([`Branch`]). To stop reading,
/// stop asking the reader for games.
///
/// [`diagnostic`](Visitor::diagnostic) comes at any time, also between
/// games (then it belongs to the next game). Byte slices borrow the
/// reader's buffer: copy what must outlive the call. The places (`at`)
/// compute their line and column only when asked.
///
/// ```
/// use std::ops::ControlFlow;
/// use pgn_syntax::{Branch, Place, Reader, Visitor};
///
/// /// Counts the main-line moves of each game; skips variations.
/// struct MainLineLength;
///
/// impl Visitor for MainLineLength {
///     type Tags = ();
///     type Movetext = usize;
///     type Output = usize;
///
///     fn begin_tags(&mut self) -> ControlFlow<usize> {
///         ControlFlow::Continue(())
///     }
///     fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, usize> {
///         ControlFlow::Continue(0)
///     }
///     fn san(&mut self, moves: &mut usize, _: &[u8], _: Option<pgn_syntax::nag::Suffix>, _: &mut Place<'_>) -> ControlFlow<usize> {
///         *moves += 1;
///         ControlFlow::Continue(())
///     }
///     fn begin_variation(&mut self, _: &mut usize, _: &mut Place<'_>) -> ControlFlow<usize, Branch> {
///         ControlFlow::Continue(Branch::Skip)
///     }
///     fn end_game(&mut self, moves: usize) -> usize {
///         moves
///     }
/// }
///
/// let pgn = b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1-0\n\n1. d4 *\n";
/// let lengths: Vec<usize> = Reader::new(&pgn[..]).outputs(&mut MainLineLength).collect::<Result<_, _>>()?;
/// assert_eq!(lengths, [3, 1]);
/// # Ok::<_, std::io::Error>(())
/// ```
pub trait Visitor {
    /// The per-game state of the tag section, made by `begin_tags`.
    type Tags;
    /// The per-game state of the movetext, made by `begin_movetext`.
    type Movetext;
    /// What reading a game produces.
    type Output;

    /// A game begins, its first token at byte `offset` of the input (as
    /// the reader counts, from where it started): called before
    /// [`begin_tags`](Visitor::begin_tags). By default nothing.
    fn game_start(&mut self, offset: u64) {
        let _ = offset;
    }

    /// A game starts (at its first tag, or its first movetext element).
    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags>;

    /// A tag pair; `value` has its escapes decoded.
    fn tag(
        &mut self,
        _tags: &mut Self::Tags,
        _name: &[u8],
        _value: &[u8],
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The movetext starts (the tag section is over).
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext>;

    /// A move in SAN as written (not checked here), with its suffix
    /// annotation.
    fn san(
        &mut self,
        _movetext: &mut Self::Movetext,
        _san: &[u8],
        _suffix: Option<Suffix>,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A numeric annotation glyph.
    fn nag(
        &mut self,
        _movetext: &mut Self::Movetext,
        _nag: Nag,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A comment's text, without its delimiters. Comments before the
    /// game's first tag or among its tags come first in the movetext.
    fn comment(
        &mut self,
        _movetext: &mut Self::Movetext,
        _text: &[u8],
        _kind: CommentKind,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A `%` escape line's text, without the `%` (§6).
    fn escape(
        &mut self,
        _movetext: &mut Self::Movetext,
        _line: &[u8],
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A variation starts: `(`. [`Branch::Skip`] skips all of it.
    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output, Branch> {
        ControlFlow::Continue(Branch::Enter)
    }

    /// A variation ends: `)`, or the end of the game for one left open
    /// (with a diagnostic).
    fn end_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// The termination marker, and its place; for a game without one (it
    /// ends at the next tag section or at the end of input), the Result
    /// tag's value or `*`, placed where the game ends.
    fn termination(
        &mut self,
        _movetext: &mut Self::Movetext,
        _result: GameResult,
        _at: &mut Place<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    /// A problem in the input. Between games it comes before the next
    /// game's `begin_tags`, and carries that game's number.
    fn diagnostic(&mut self, _diagnostic: &Diagnostic) {}

    /// A problem in a game the visitor ended early (`Break`), found while
    /// the reader reads on to the game's end (a termination marker that
    /// disagrees with the Result tag, say): `output` is the game's, for
    /// the problem to go with it. By default, [`Visitor::diagnostic`].
    fn late_diagnostic(&mut self, _output: &mut Self::Output, diagnostic: &Diagnostic) {
        self.diagnostic(diagnostic);
    }

    /// The game is over; returns what the visitor made of it.
    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output;
}
