//! Export as games are read: [`StreamExporter`], a [`ReplayVisitor`] that
//! hands the [`Writer`] each element as the replay makes it, so a file is
//! exported in one pass with no game held in memory but its tags and its
//! movetext's bytes.
//!
//! The replay yields the same [`Event`]s as the [`Walker`](pgn_replay::Walker)
//! over a replayed game (the same positions, plies and depths, from the
//! same cursor), and the writer turns events into bytes; so streaming and
//! [`Writer::write_game`] give the same bytes, which a test checks on
//! every corpus file.

use std::ops::{ControlFlow, Range};

use pgn_replay::pgn_syntax::nag::{Nag, Suffix};
use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::pgn_syntax::{Branch, CommentKind, Diagnostic, Location, Place, Tags};
use pgn_replay::{Event, GameDiagnostic, ReplayDiagnostic, ReplayVisitor};
use san::{Played, Position};

use crate::writer::{ExportOptions, Unfit, Writer, holds_start};

/// What became of one game.
#[derive(Clone, Debug)]
pub struct ExportedGame {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// Some move could not be played, or the game could not be set up
    /// ([`is_broken`](crate::is_broken)).
    pub broken: bool,
    /// Why the game was not written to [`StreamExporter::output`], `None`
    /// when it was ([`ExportedGame::written`]): what
    /// [`unfit`](crate::unfit) says of it, but that a broken game is
    /// written with [`StreamExporter::keep_broken`].
    pub left_out: Option<Unfit>,
    /// Where its FEN tag is in the input (the last one, which counts:
    /// ruling E2), if it has one: where a game left out for its set-up
    /// position ([`Unfit::SetUpPosition`]) is reported.
    pub fen_at: Option<Location>,
    /// The diagnostics of its reading and replay, in the order they were
    /// found.
    pub diagnostics: Vec<GameDiagnostic>,
    /// Its tags as read, in input order (export writes them in its own
    /// order, [`Tags::export_order`]).
    pub tags: Tags,
    /// Its result as export writes it (ruling E3): with [`tags`](Self::tags),
    /// what the §12 collation ([`TagKey::new`](crate::collate::TagKey::new))
    /// and the §11 file names ([`SplitBy`](crate::filename::SplitBy)) need.
    pub result: GameResult,
    /// Where its text is in [`StreamExporter::output`] (empty when it was
    /// not written): at the end, its tag section, an empty line, its
    /// movetext, an empty line. Valid until the output is cleared.
    pub text: Range<usize>,
    /// Where its movetext is in the output: from its first element to the
    /// line end after the termination marker, without the empty line that
    /// ends the game (empty when it was not written). These are the bytes
    /// the eighth key of §12 compares.
    pub movetext: Range<usize>,
}

impl ExportedGame {
    /// True if the game was written to [`StreamExporter::output`] (it
    /// fits the options, or it is broken and broken games are kept).
    pub fn written(&self) -> bool {
        self.left_out.is_none()
    }
}

/// Exports games as a [`Replayer`](pgn_replay::Replayer) replays them: each game
/// written is appended to [`StreamExporter::output`], which the caller
/// empties when it likes. A game that does not fit the options
/// ([`unfit`](crate::unfit)) is left out, but a broken one is written
/// with [`StreamExporter::keep_broken`].
///
/// ```
/// use pgn_replay::pgn_syntax::Reader;
/// use pgn_replay::Replayer;
/// use pgn_export::{ExportOptions, StreamExporter, Unfit};
///
/// let pgn = b"1. e4 e5 2. Ke3 *\n\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"] 1. O-O *\n\n1. d4 d5 *";
/// let mut replayer = Replayer::new(StreamExporter::new(ExportOptions::reduced()));
/// let games: Vec<_> = Reader::new(&pgn[..]).outputs(&mut replayer).collect::<Result<_, _>>()?;
/// assert!(games[0].broken && games[0].left_out == Some(Unfit::Broken));
/// // Reduced export format has no FEN tag (ruling E13).
/// assert_eq!(games[1].left_out, Some(Unfit::SetUpPosition));
/// assert_eq!(games[1].fen_at.map(|at| (at.line, at.column)), Some((3, 1)));
/// assert!(games[2].written());
/// let output = replayer.inner().output();
/// assert!(output.ends_with(b"[Result \"*\"]\n\n1. d4 d5 *\n\n"));
/// assert_eq!(games[2].text, 0..output.len());
/// assert_eq!(&output[games[2].movetext.clone()], b"1. d4 d5 *\n");
/// assert!(games[0].text.is_empty() && games[0].movetext.is_empty());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct StreamExporter {
    writer: Writer,
    keep_broken: bool,
    output: Vec<u8>,
    games: u64,
    broken: bool,
    /// The options hold the current game's start (see
    /// [`holds_start`]).
    holds_start: bool,
    /// Where the current game's FEN tag is.
    fen_at: Option<Location>,
    termination: Option<GameResult>,
    diagnostics: Vec<GameDiagnostic>,
    /// The tags of a game handed back with [`StreamExporter::recycle`],
    /// emptied, for the next game.
    spare_tags: Option<Tags>,
}

impl StreamExporter {
    /// An exporter with these options, which leaves broken games out.
    pub fn new(options: ExportOptions) -> StreamExporter {
        StreamExporter { writer: Writer::new(options), ..StreamExporter::default() }
    }

    /// Also writes broken games (their moves from the first that cannot be
    /// played on as read, after an
    /// [`AS_READ_MARKER`](crate::AS_READ_MARKER) comment). Not a game
    /// whose start the options cannot hold ([`Unfit::SetUpPosition`]):
    /// there is no form as read for a start that is not written.
    pub fn keep_broken(mut self, keep: bool) -> StreamExporter {
        self.keep_broken = keep;
        self
    }

    /// The games written so far (since the last
    /// [`StreamExporter::clear_output`]).
    pub fn output(&self) -> &[u8] {
        &self.output
    }

    /// Empties the output (keeping its buffer).
    pub fn clear_output(&mut self) {
        self.output.clear();
    }

    /// Takes the output, leaving none (and no buffer) behind: for a caller
    /// that keeps the text of many games at once, which the
    /// [`ExportedGame::text`] ranges of those games index.
    pub fn take_output(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.output)
    }

    /// Takes back a game's buffers (its tags and its list of diagnostics),
    /// emptied, for the games to come: a caller that hands back every game
    /// it is done with exports a file with no allocation per game once
    /// the first games have been written.
    pub fn recycle(&mut self, game: ExportedGame) {
        let ExportedGame { mut tags, mut diagnostics, .. } = game;
        tags.clear();
        self.spare_tags = Some(tags);
        if self.diagnostics.capacity() == 0 {
            diagnostics.clear();
            self.diagnostics = diagnostics;
        }
    }

    /// The diagnostics that are in no game yet: after the last game, those
    /// the reader reported past its end.
    pub fn take_diagnostics(&mut self) -> Vec<GameDiagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}

impl ReplayVisitor for StreamExporter {
    type Tags = Tags;
    type Movetext = Tags;
    type Output = ExportedGame;

    fn begin_tags(&mut self) -> ControlFlow<ExportedGame, Tags> {
        self.games += 1;
        self.fen_at = None;
        self.broken = false;
        self.termination = None;
        ControlFlow::Continue(self.spare_tags.take().unwrap_or_default())
    }

    #[inline(always)]
    fn tag(
        &mut self,
        tags: &mut Tags,
        name: &[u8],
        value: &[u8],
        place: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame> {
        if name == b"FEN" {
            self.fen_at = Some(place.locate());
        }
        tags.push(name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        tags: Tags,
        start: Option<&Position>,
    ) -> ControlFlow<ExportedGame, Tags> {
        self.broken = start.is_none();
        self.holds_start = holds_start(self.writer.options(), &tags, start);
        self.writer.begin_movetext();
        ControlFlow::Continue(tags)
    }

    #[inline(always)]
    fn played(
        &mut self,
        _: &mut Tags,
        played: &Played<'_>,
        _: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame> {
        self.writer.played_event(played);
        ControlFlow::Continue(())
    }

    fn unresolved(
        &mut self,
        _: &mut Tags,
        san: &[u8],
        suffix: Option<Suffix>,
        ply: u32,
        _: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame> {
        self.broken = true;
        if self.keep_broken {
            // The depth is not used by the writer.
            self.writer.event(Event::Unresolved { san, suffix, ply, depth: 0 });
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: &mut Tags, nag: Nag, _: &mut Place<'_>) -> ControlFlow<ExportedGame> {
        self.writer.event(Event::Nag(nag));
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        _: &mut Tags,
        text: &[u8],
        kind: CommentKind,
        _: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame> {
        self.writer.event(Event::Comment { text, kind });
        ControlFlow::Continue(())
    }

    fn escape(
        &mut self,
        _: &mut Tags,
        line: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame> {
        self.writer.event(Event::Escape(line));
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _: &mut Tags,
        _: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame, Branch> {
        // The depth is not used by the writer.
        self.writer.event(Event::BeginVariation { depth: 0 });
        ControlFlow::Continue(Branch::Enter)
    }

    fn end_variation(&mut self, _: &mut Tags, _: &mut Place<'_>) -> ControlFlow<ExportedGame> {
        self.writer.event(Event::EndVariation);
        ControlFlow::Continue(())
    }

    fn termination(
        &mut self,
        _: &mut Tags,
        result: GameResult,
        _: &mut Place<'_>,
    ) -> ControlFlow<ExportedGame> {
        self.termination = Some(result);
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, diagnostic: &Diagnostic) {
        self.diagnostics.push(GameDiagnostic::Read(diagnostic.clone()));
    }

    fn replay_diagnostic(&mut self, diagnostic: &ReplayDiagnostic) {
        self.diagnostics.push(GameDiagnostic::Replay(diagnostic.clone()));
    }

    fn discard_tags(&mut self, mut tags: Tags) {
        tags.clear();
        self.spare_tags = Some(tags);
        // The game's diagnostics went to the visitor in front.
        self.diagnostics.clear();
    }

    fn end_game(&mut self, tags: Tags) -> ExportedGame {
        // The start first: keeping broken games does not help it.
        let left_out = if !self.holds_start {
            Some(Unfit::SetUpPosition)
        } else if self.broken && !self.keep_broken {
            Some(Unfit::Broken)
        } else {
            None
        };
        let written = left_out.is_none();
        let result = tags.result(self.termination);
        let start = self.output.len();
        let mut movetext = start..start;
        if written {
            let Ok(()) = self.writer.write_tags(&tags, result, &mut self.output);
            self.output.push(b'\n');
            movetext.start = self.output.len();
            self.output.extend_from_slice(self.writer.end_movetext(result));
            movetext.end = self.output.len();
            self.output.push(b'\n');
        }
        ExportedGame {
            number: self.games,
            broken: self.broken,
            left_out,
            fen_at: self.fen_at,
            diagnostics: std::mem::take(&mut self.diagnostics),
            tags,
            result,
            text: start..self.output.len(),
            movetext,
        }
    }
}
