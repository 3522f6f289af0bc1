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

use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::{Event, GameInfo, Position, ReplayVisitor, ending_result};

use crate::openings::{Opening, opening_of};
use crate::writer::{ExportOptions, TextOutput, Unfit, Writer, holds_start, not_latin1};

/// What became of one game (the rest of it, number, tags, problems, is
/// the replay's [`GameInfo`]).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ExportedGame {
    /// Why the game was not written to [`StreamExporter::output`], `None`
    /// when it was ([`ExportedGame::written`]): what
    /// [`unfit`](crate::unfit) says of it, but that a broken game is
    /// written with [`StreamExporter::keep_broken`]. A game left out for
    /// its set-up position ([`Unfit::SetUpPosition`]) is reported where
    /// its FEN tag is ([`GameInfo::fen_at`]).
    pub left_out: Option<Unfit>,
    /// Its result as export writes it (ruling E3): with its tags, what the
    /// §12 collation ([`TagKey::new`](crate::collate::TagKey::new)) and
    /// the §11 file names ([`SplitBy`](crate::filename::SplitBy)) need.
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

/// Exports games as a [`Replayer`](pgn_replay::Replayer) replays them:
/// each game written is appended to [`StreamExporter::output`], which the
/// caller empties when it likes. A game that does not fit the options
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
/// assert!(games[0].info.is_broken() && games[0].output.left_out == Some(Unfit::Broken));
/// // Reduced export format has no FEN tag (ruling E13).
/// assert_eq!(games[1].output.left_out, Some(Unfit::SetUpPosition));
/// assert_eq!(games[1].info.fen_at.map(|at| (at.line, at.column)), Some((3, 1)));
/// assert!(games[2].output.written());
/// let output = replayer.inner().output();
/// assert!(output.ends_with(b"[Result \"*\"]\n\n1. d4 d5 *\n\n"));
/// assert_eq!(games[2].output.text, 0..output.len());
/// assert_eq!(&output[games[2].output.movetext.clone()], b"1. d4 d5 *\n");
/// assert!(games[0].output.text.is_empty() && games[0].output.movetext.is_empty());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct StreamExporter {
    writer: Writer,
    keep_broken: bool,
    output: Vec<u8>,
    /// The options hold the current game's start (see
    /// [`holds_start`]).
    holds_start: bool,
    /// The first character of the game's comments that Latin-1 has no
    /// code for, when Latin-1 is written.
    not_latin1: Option<char>,
    /// The main line is followed (tags added or the result fixed): the
    /// depth of the variation being read, the main line's plies and its
    /// last position.
    follows: bool,
    depth: u32,
    plies: u32,
    last: Option<Position>,
    /// The last named opening the main line reached, when looked for.
    opening: Option<Opening>,
}

impl StreamExporter {
    /// True if the options write Latin-1 (ruling E14).
    fn latin1(&self) -> bool {
        self.writer.options().text == TextOutput::Latin1
    }

    /// An exporter with these options, which leaves broken games out.
    pub fn new(options: ExportOptions) -> StreamExporter {
        let add = options.add;
        let follows = add.ply_count || add.hash || add.eco || options.fix_result;
        StreamExporter { writer: Writer::new(options), follows, ..StreamExporter::default() }
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
}

impl StreamExporter {
    /// Follows the main line: its plies and its last position.
    fn follow(&mut self, event: &Event<'_>) {
        match event {
            Event::BeginVariation { .. } => self.depth += 1,
            Event::EndVariation => self.depth = self.depth.saturating_sub(1),
            Event::Move(played) if self.depth == 0 => {
                self.plies += 1;
                if self.writer.options().add.eco
                    && let Some(opening) = opening_of(played.after)
                {
                    self.opening = Some(opening);
                }
                match &mut self.last {
                    Some(last) => last.clone_from(played.after),
                    None => self.last = Some(played.after.clone()),
                }
            }
            _ => {}
        }
    }
}

impl ReplayVisitor for StreamExporter {
    type Output = ExportedGame;

    fn begin_movetext(
        &mut self,
        game: &GameInfo,
        start: Option<&Position>,
    ) -> ControlFlow<ExportedGame> {
        self.holds_start = holds_start(self.writer.options(), &game.tags, start);
        self.not_latin1 = None;
        if self.follows {
            (self.depth, self.plies, self.opening) = (0, 0, None);
            self.last = start.cloned();
        }
        self.writer.begin_movetext();
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn event(&mut self, event: &Event<'_>) -> ControlFlow<ExportedGame> {
        if self.follows {
            self.follow(event);
        }
        match event {
            Event::Move(played) => self.writer.played_event(played),
            // The moves of a broken game are written only when it is kept.
            Event::Unresolved { .. } if !self.keep_broken => {}
            Event::Comment { text, .. } if self.latin1() && self.not_latin1.is_none() => {
                self.not_latin1 = not_latin1(text);
                self.writer.event(*event);
            }
            event => self.writer.event(*event),
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: &GameInfo) -> ExportedGame {
        let comments = self.writer.options().comments;
        // The start first: keeping broken games does not help it.
        let left_out = if !self.holds_start {
            Some(Unfit::SetUpPosition)
        } else if game.is_broken() && !self.keep_broken {
            Some(Unfit::Broken)
        } else if self.writer.options().text == TextOutput::Latin1 {
            let values = game.tags.iter().map(|tag| tag.value);
            let tags = values.filter_map(not_latin1).next();
            tags.or(self.not_latin1.filter(|_| comments)).map(Unfit::NotLatin1)
        } else {
            None
        };
        let mut result = game.result();
        let start = self.output.len();
        let mut movetext = start..start;
        if left_out.is_none() {
            let options = self.writer.options();
            if options.fix_result
                && let Some(ended) = self.last.as_ref().and_then(ending_result)
            {
                result = ended;
            }
            let mut added = None;
            if options.add.ply_count || options.add.hash || options.add.eco {
                let tags = added.insert(game.tags.clone());
                if options.add.ply_count {
                    tags.set("PlyCount", self.plies.to_string());
                }
                if let (true, Some(last)) = (options.add.hash, &self.last) {
                    tags.set("HashCode", format!("{:016x}", last.zobrist_hash()));
                }
                if let (true, Some(opening)) = (options.add.eco, self.opening) {
                    tags.set("ECO", opening.eco);
                    tags.set("Opening", opening.name);
                }
            }
            let tags = added.as_ref().unwrap_or(&game.tags);
            let Ok(()) = self.writer.write_tags(tags, result, &mut self.output);
            self.output.push(b'\n');
            movetext.start = self.output.len();
            self.output.extend_from_slice(self.writer.end_movetext(result));
            movetext.end = self.output.len();
            self.output.push(b'\n');
        }
        ExportedGame { left_out, result, text: start..self.output.len(), movetext }
    }
}
