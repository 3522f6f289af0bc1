//! Encoding as games are read: [`StreamEncoder`], a [`ReplayVisitor`]
//! that hands the [`GameEncoder`] each element as the replay makes it, so
//! a PGN file is encoded in one pass with no game tree, the same records
//! as [`encode_game`](crate::encode_game) writes for the replayed game.

use std::ops::{ControlFlow, Range};

use pgn_replay::pgn_syntax::nag::{Nag, Suffix};
use pgn_replay::pgn_syntax::tags::GameResult;
use pgn_replay::pgn_syntax::{Branch, CommentKind, Place, Tags};
use pgn_replay::{Event, ReplayVisitor};
use san::{Played, Position};

use crate::encode::{Dropped, EncodeOptions, GameEncoder};
use crate::error::{EncodeError, EncodeErrorKind};

/// What became of one game.
#[derive(Clone, Debug)]
pub struct EncodedGame {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// Why it was not encoded, if it was not.
    pub error: Option<EncodeError>,
    /// What lossy encoding dropped from it.
    pub dropped: Dropped,
    /// Where its records are in [`StreamEncoder::output`] (empty when it
    /// was not encoded). Valid until the output is cleared.
    pub bytes: Range<usize>,
    /// Its tags as read (handed back with [`StreamEncoder::recycle`],
    /// their buffer serves the next game).
    pub tags: Tags,
}

/// Encodes games as a [`Replayer`](pgn_replay::Replayer) replays them: each
/// game's records are appended to [`StreamEncoder::output`], which the
/// caller empties when it likes.
///
/// ```
/// use pgc::{EncodeOptions, StreamEncoder};
/// use pgn_replay::Replayer;
/// use pgn_replay::pgn_syntax::Reader;
///
/// let pgn = b"1. e4 e5 *\n\n1. d4 {a comment} d5 *\n\n1. e4 Ke7 *";
/// let mut replayer = Replayer::new(StreamEncoder::new(EncodeOptions::default()));
/// let games: Vec<_> = Reader::new(&pgn[..]).outputs(&mut replayer).collect::<Result<_, _>>()?;
/// assert!(games[0].error.is_none());
/// assert!(games[1].error.is_some()); // PGC has no comments
/// assert!(games[2].error.is_some()); // Ke7 is illegal
/// assert_eq!(games[0].bytes, 0..replayer.inner().output().len());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct StreamEncoder {
    encoder: GameEncoder,
    output: Vec<u8>,
    games: u64,
    termination: Option<GameResult>,
    spare_tags: Option<Tags>,
}

impl StreamEncoder {
    /// An encoder with these options.
    pub fn new(options: EncodeOptions) -> StreamEncoder {
        StreamEncoder { encoder: GameEncoder::of_replay(options), ..StreamEncoder::default() }
    }

    /// The records of the games encoded so far (since the last
    /// [`StreamEncoder::clear_output`]).
    pub fn output(&self) -> &[u8] {
        &self.output
    }

    /// Empties the output (keeping its buffer).
    pub fn clear_output(&mut self) {
        self.output.clear();
    }

    /// Takes back a game's tags, emptied, for the games to come.
    pub fn recycle(&mut self, game: EncodedGame) {
        let mut tags = game.tags;
        tags.clear();
        self.spare_tags = Some(tags);
    }
}

impl ReplayVisitor for StreamEncoder {
    // The encoder's errors are its own (an illegal move is one, as a move
    // it is handed as text): the replay's style checks are not wanted.
    const REPLAY_DIAGNOSTICS: bool = false;

    type Tags = Tags;
    type Movetext = Tags;
    type Output = EncodedGame;

    fn begin_tags(&mut self) -> ControlFlow<EncodedGame, Tags> {
        self.games += 1;
        self.termination = None;
        self.encoder.begin();
        ControlFlow::Continue(self.spare_tags.take().unwrap_or_default())
    }

    fn tag(
        &mut self,
        tags: &mut Tags,
        name: &[u8],
        value: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<EncodedGame> {
        tags.push(name, value);
        ControlFlow::Continue(())
    }

    fn begin_movetext(
        &mut self,
        tags: Tags,
        start: Option<&Position>,
    ) -> ControlFlow<EncodedGame, Tags> {
        if start.is_none() {
            self.encoder.fail(EncodeErrorKind::NoStart(pgn_replay::start_position(&tags).err()));
        }
        ControlFlow::Continue(tags)
    }

    #[inline]
    fn played(
        &mut self,
        _: &mut Tags,
        played: &Played<'_>,
        _: &[u8],
        _: &mut Place<'_>,
    ) -> ControlFlow<EncodedGame> {
        self.encoder.event(&Event::Move(*played));
        ControlFlow::Continue(())
    }

    fn unresolved(
        &mut self,
        _: &mut Tags,
        san: &[u8],
        suffix: Option<Suffix>,
        ply: u32,
        _: &mut Place<'_>,
    ) -> ControlFlow<EncodedGame> {
        self.encoder.event(&Event::Unresolved { san, suffix, ply, depth: 0 });
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: &mut Tags, nag: Nag, _: &mut Place<'_>) -> ControlFlow<EncodedGame> {
        self.encoder.event(&Event::Nag(nag));
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        _: &mut Tags,
        text: &[u8],
        kind: CommentKind,
        _: &mut Place<'_>,
    ) -> ControlFlow<EncodedGame> {
        self.encoder.event(&Event::Comment { text, kind });
        ControlFlow::Continue(())
    }

    fn escape(&mut self, _: &mut Tags, line: &[u8], _: &mut Place<'_>) -> ControlFlow<EncodedGame> {
        self.encoder.event(&Event::Escape(line));
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _: &mut Tags,
        _: &mut Place<'_>,
    ) -> ControlFlow<EncodedGame, Branch> {
        // The depth is not used by the encoder.
        self.encoder.event(&Event::BeginVariation { depth: 0 });
        ControlFlow::Continue(Branch::Enter)
    }

    fn end_variation(&mut self, _: &mut Tags, _: &mut Place<'_>) -> ControlFlow<EncodedGame> {
        self.encoder.event(&Event::EndVariation);
        ControlFlow::Continue(())
    }

    fn termination(
        &mut self,
        _: &mut Tags,
        result: GameResult,
        _: &mut Place<'_>,
    ) -> ControlFlow<EncodedGame> {
        self.termination = Some(result);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, tags: Tags) -> EncodedGame {
        let result = tags.result(self.termination);
        let start = self.output.len();
        let (error, dropped) = match self.encoder.finish(&tags, result, &mut self.output) {
            Ok(dropped) => (None, dropped),
            Err(kind) => (Some(EncodeError { game: self.games, kind }), Dropped::default()),
        };
        EncodedGame { number: self.games, error, dropped, bytes: start..self.output.len(), tags }
    }
}
