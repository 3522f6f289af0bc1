//! Encoding as games are read: [`StreamEncoder`], a [`ReplayVisitor`]
//! that hands the [`GameEncoder`] each element as the replay makes it, so
//! a PGN file is encoded in one pass with no game tree, the same records
//! as [`encode_game`](crate::encode_game) writes for the replayed game.

use std::ops::{ControlFlow, Range};

use pgn_replay::{Event, GameInfo, Position, ReplayVisitor};

use crate::encode::{Dropped, EncodeOptions, GameEncoder};
use crate::error::{EncodeError, EncodeErrorKind};

/// What became of one game (its number, tags and problems are the
/// replay's [`GameInfo`]).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct EncodedGame {
    /// Why it was not encoded, if it was not.
    pub error: Option<EncodeError>,
    /// What lossy encoding dropped from it.
    pub dropped: Dropped,
    /// Where its records are in [`StreamEncoder::output`] (empty when it
    /// was not encoded). Valid until the output is cleared.
    pub bytes: Range<usize>,
}

/// Encodes games as a [`Replayer`](pgn_replay::Replayer) replays them:
/// each game's records are appended to [`StreamEncoder::output`], which
/// the caller empties when it likes.
///
/// ```
/// use pgn_pgc::{EncodeOptions, StreamEncoder};
/// use pgn_replay::Replayer;
/// use pgn_replay::pgn_syntax::Reader;
///
/// let pgn = b"1. e4 e5 *\n\n1. d4 {a comment} d5 *\n\n1. e4 Ke7 *";
/// let mut replayer = Replayer::new(StreamEncoder::new(EncodeOptions::default()));
/// let games: Vec<_> = Reader::new(&pgn[..]).outputs(&mut replayer).collect::<Result<_, _>>()?;
/// assert!(games[0].output.error.is_none());
/// assert!(games[1].output.error.is_some()); // PGC has no comments
/// assert!(games[2].output.error.is_some()); // Ke7 is illegal
/// assert_eq!(games[0].output.bytes, 0..replayer.inner().output().len());
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug, Default)]
pub struct StreamEncoder {
    encoder: GameEncoder,
    output: Vec<u8>,
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
}

impl ReplayVisitor for StreamEncoder {
    // The encoder's errors are its own (an illegal move is one, as a move
    // it is handed as text): the replay's style checks are not wanted.
    const PROBLEMS: bool = false;

    type Output = EncodedGame;

    fn begin_movetext(
        &mut self,
        game: &GameInfo,
        start: Option<&Position>,
    ) -> ControlFlow<EncodedGame> {
        self.encoder.begin();
        if start.is_none() {
            self.encoder.fail(EncodeErrorKind::NoStart(game.start_problem.clone()));
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn event(&mut self, event: &Event<'_>) -> ControlFlow<EncodedGame> {
        self.encoder.event(event);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: &GameInfo) -> EncodedGame {
        let start = self.output.len();
        let (error, dropped) =
            match self.encoder.finish(&game.tags, game.result(), &mut self.output) {
                Ok(dropped) => (None, dropped),
                Err(kind) => (Some(EncodeError { game: game.number, kind }), Dropped::default()),
            };
        EncodedGame { error, dropped, bytes: start..self.output.len() }
    }
}
