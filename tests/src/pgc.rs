//! PGC (§20, rulings P1 to P8) over the corpus.
//!
//! For every PGN file of the corpus (`pgn/` and `bench/`, and the
//! benchmark book):
//!
//! - **round trip**: every game that PGC can hold gives back its export:
//!   `export(decode(encode(g))) == export(g)` byte for byte, and encoding
//!   the decoded game gives the same records again; a game with comments
//!   goes through lossy encoding and gives back the export of the game
//!   without comments ([`check_round_trip`]). Games that replay could not
//!   play (broken) and games with null moves (PGC has none, ruling P6)
//!   are counted, not round-tripped;
//! - **streaming = tree**: the [`StreamEncoder`] driven by a [`Replayer`]
//!   (what `pgn pgc encode` does) writes the bytes that [`encode_game`]
//!   writes for each game of [`pgn_replay::replay_games`], and refuses the same
//!   games ([`check_stream_is_tree`]).

use std::sync::Mutex;

use pgn_export::{ExportOptions, Writer, is_broken};
use pgn_pgc::{Decoded, Decoder, EncodeErrorKind, EncodeOptions, StreamEncoder, encode_game};
use pgn_replay::{ReplayedGame, Replayer};
use pgn_syntax::Reader;

use crate::export_roundtrip::{book_limit, first_difference, inputs, run};
use crate::{Check, Context, Section};

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§20 PGC round trip (corpus)", round_trip)
            .covers(&["§20.2", "§20.4"])
            .fixtures(&["corpus:pgn/", "corpus:bench/"])
            .rulings(&["P1", "P2", "P4", "P6"]),
        Check::new("§20 PGC streaming = tree encoding (corpus)", stream_is_tree)
            .covers(&["§20.4"])
            .fixtures(&["corpus:pgn/", "corpus:bench/"]),
    ]
}

/// What a round trip checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgcRoundTrip {
    /// Games read.
    pub games: u64,
    /// Games round-tripped whole (strict encoding).
    pub whole: u64,
    /// Games round-tripped without their comments (lossy encoding).
    pub lossy: u64,
    /// Games left out: broken (replay could not play them).
    pub broken: u64,
    /// Games left out: a null move.
    pub null_moves: u64,
    /// Games left out for what else PGC cannot hold: a tag or escape line
    /// too long (ruling P5), a variation with no move before it (P4), a
    /// move past ordinal 255 (§20.2).
    pub unrepresentable: u64,
}

impl PgcRoundTrip {
    fn add(&mut self, other: PgcRoundTrip) {
        self.games += other.games;
        self.whole += other.whole;
        self.lossy += other.lossy;
        self.broken += other.broken;
        self.null_moves += other.null_moves;
        self.unrepresentable += other.unrepresentable;
    }
}

/// The export of `game` by `writer`.
fn export(writer: &mut Writer, game: &ReplayedGame) -> Vec<u8> {
    let mut out = Vec::new();
    let Ok(()) = writer.write_game(game, &mut out);
    out
}

/// The one game that `bytes` decode to.
pub(crate) fn decode_one(bytes: &[u8]) -> Result<ReplayedGame, String> {
    let items: Vec<Decoded> =
        Decoder::new(bytes).collect::<Result<_, _>>().map_err(|e| format!("decoding: {e}"))?;
    match <[Decoded; 1]>::try_from(items) {
        Ok([Decoded::Game(game)]) => Ok(game),
        Ok([other]) => Err(format!("decoded {other:?}, not a game")),
        Err(items) => Err(format!("decoded {} items, not 1", items.len())),
    }
}

/// The round trip of every game of `input`; see the module documentation.
///
/// # Errors
///
/// The first game that does not come back, and how.
pub fn check_round_trip(input: &[u8]) -> Result<PgcRoundTrip, String> {
    let mut counts = PgcRoundTrip::default();
    let mut whole = Writer::new(ExportOptions::default());
    let mut without_comments =
        Writer::new(ExportOptions { comments: false, ..ExportOptions::default() });
    for (i, game) in pgn_replay::replay_games(input).enumerate() {
        let game = game.map_err(|e| format!("cannot read: {e}"))?.game;
        let number = i + 1;
        counts.games += 1;
        if is_broken(&game) {
            counts.broken += 1;
            continue;
        }
        let mut bytes = Vec::new();
        let mut options = EncodeOptions::default();
        let mut encoded = encode_game(&game, options, &mut bytes);
        if let Err(EncodeErrorKind::Comment { .. }) = encoded {
            options.lossy = true;
            encoded = encode_game(&game, options, &mut bytes);
        }
        match encoded {
            Ok(dropped) if dropped.null_moves > 0 => {
                counts.null_moves += 1;
                continue;
            }
            Ok(_) => {}
            Err(EncodeErrorKind::NullMove { .. }) => {
                counts.null_moves += 1;
                continue;
            }
            Err(
                EncodeErrorKind::TagTooLong { .. }
                | EncodeErrorKind::EscapeTooLong { .. }
                | EncodeErrorKind::VariationWithoutMove
                | EncodeErrorKind::OrdinalTooLarge { .. },
            ) => {
                counts.unrepresentable += 1;
                continue;
            }
            Err(e) => return Err(format!("game {number}: not encoded: {e}")),
        }
        let decoded = decode_one(&bytes).map_err(|e| format!("game {number}: {e}"))?;
        let writer = if options.lossy { &mut without_comments } else { &mut whole };
        let (want, got) = (export(writer, &game), export(writer, &decoded));
        if got != want {
            return Err(format!("game {number}: {}", first_difference(&want, &got)));
        }
        let mut again = Vec::new();
        encode_game(&decoded, EncodeOptions::default(), &mut again)
            .map_err(|e| format!("game {number}: the decoded game is not encoded: {e}"))?;
        if again != bytes {
            return Err(format!("game {number}: the decoded game encodes to other bytes"));
        }
        if options.lossy {
            counts.lossy += 1;
        } else {
            counts.whole += 1;
        }
    }
    Ok(counts)
}

/// Streaming and tree encoding (lossy, so that games with comments are
/// encoded too) give the same bytes and refuse the same games.
///
/// # Errors
///
/// What differs, and where.
pub fn check_stream_is_tree(input: &[u8]) -> Result<u64, String> {
    let options = EncodeOptions { lossy: true };
    let mut tree = Vec::new();
    let mut tree_refused = Vec::new();
    for (i, game) in pgn_replay::replay_games(input).enumerate() {
        let game = game.map_err(|e| format!("cannot read: {e}"))?.game;
        if let Err(e) = encode_game(&game, options, &mut tree) {
            tree_refused.push((i as u64 + 1, e));
        }
    }
    let mut replayer = Replayer::new(StreamEncoder::new(options));
    let mut reader = Reader::new(input);
    let mut stream_refused = Vec::new();
    let mut games = 0;
    while let Some(game) =
        reader.read_game(&mut replayer).map_err(|e| format!("cannot read: {e}"))?
    {
        games += 1;
        if let Some(e) = game.output.error {
            stream_refused.push((e.game, e.kind));
        }
    }
    let stream = replayer.inner().output();
    if stream_refused != tree_refused {
        let first = stream_refused.iter().zip(&tree_refused).find(|(a, b)| a != b);
        return Err(format!("the games refused differ: {first:?}"));
    }
    if stream != tree {
        let at = stream.iter().zip(&tree).position(|(a, b)| a != b);
        return Err(format!(
            "streaming wrote {} bytes, the tree {}; first difference at {at:?}",
            stream.len(),
            tree.len()
        ));
    }
    Ok(games)
}

/// Row 1: the round trip, a case per input; and one more case for the
/// whole corpus, which must have round-tripped games both ways (a file
/// whose games PGC cannot hold, all broken say, checks nothing alone).
fn round_trip(ctx: &Context, section: &mut Section) {
    let inputs = inputs(ctx, section, book_limit(ctx));
    let total = Mutex::new(PgcRoundTrip::default());
    run(section, &inputs, |input| {
        let counts = check_round_trip(input)?;
        if let Ok(mut total) = total.lock() {
            total.add(counts);
        }
        Ok(counts)
    });
    let total = total.into_inner().unwrap_or_default();
    section.record(if total.whole > 0 && total.lossy > 0 {
        Ok(())
    } else {
        Err(format!("the corpus round-tripped too little: {total:?}"))
    });
}

/// Row 2: streaming and tree encoding agree.
fn stream_is_tree(ctx: &Context, section: &mut Section) {
    let inputs = inputs(ctx, section, book_limit(ctx));
    run(section, &inputs, check_stream_is_tree);
}
