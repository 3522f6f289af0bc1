//! The `pgc_decode` target: the PGC decoder (§20, ruling P7) on any
//! bytes. It must never panic: it gives the items before the first
//! malformed record, then an error with an offset inside the input (or
//! at its end). Every game it gives encodes again (a decoded game has
//! nothing PGC cannot hold), and what that encoding decodes to exports
//! to the same bytes and encodes to the same records: decoding and
//! encoding are a fixed point after one step. A second decoder that is
//! handed back each game it gives (`Decoder::recycle`) gives the same
//! items. A third that keeps no movetext (`Decoder::keep_movetext`, as
//! `pgn pgc decode` runs it) gives the same events as the first, and the
//! same items but for their empty movetext.

use pgn_export::{ExportOptions, Writer};
use pgn_pgc::record::ReadError;
use pgn_pgc::{Decoded, Decoder, EncodeOptions, encode_game};
use pgn_replay::Event;

use super::show;

/// The target: see the module documentation.
pub fn check(data: &[u8]) {
    let mut writer = Writer::new(ExportOptions::default());
    let mut recycling = Decoder::new(data);
    let mut streaming = Decoder::new(data);
    streaming.keep_movetext(false);
    let mut decoder = Decoder::new(data);
    let (mut events, mut streamed) = (Vec::new(), Vec::new());
    while let Some(item) = decoder.next_with(&mut |e| events.push(summary(&e))) {
        let mut alone = streaming.next_with(&mut |e| streamed.push(summary(&e)));
        assert_eq!(events, streamed, "the events of a decoder that keeps no movetext");
        events.clear();
        streamed.clear();
        if let Some(Ok(Decoded::Game(game))) = &mut alone {
            assert!(game.movetext.is_empty(), "a movetext kept");
            if let Ok(Decoded::Game(kept)) = &item {
                game.movetext = kept.movetext.clone();
            }
        }
        assert_eq!(alone.map(|i| format!("{i:?}")), Some(format!("{item:?}")));
        let same = recycling.next();
        assert_eq!(same.as_ref().map(|i| format!("{i:?}")), Some(format!("{item:?}")));
        if let Some(Ok(Decoded::Game(used))) = same {
            recycling.recycle(used);
        }
        let game = match item {
            Ok(Decoded::Game(game)) => game,
            Ok(Decoded::Escape(_)) => continue,
            Err(ReadError::Decode(error)) => {
                assert!(error.offset <= data.len() as u64, "{error} past the end");
                break;
            }
            Err(ReadError::Io(error)) => panic!("reading memory failed: {error}"),
        };
        let mut bytes = Vec::new();
        if let Err(error) = encode_game(&game, EncodeOptions::default(), &mut bytes) {
            panic!("a decoded game does not encode: {error}");
        }
        let again: Vec<Decoded> = match Decoder::new(&bytes[..]).collect() {
            Ok(items) => items,
            Err(error) => panic!("an encoded game does not decode: {error}: {}", show(&bytes)),
        };
        let [Decoded::Game(again)] = &again[..] else {
            panic!("one game encoded, {} items decoded", again.len())
        };
        let mut first = Vec::new();
        let mut second = Vec::new();
        let (Ok(()), Ok(())) =
            (writer.write_game(&game, &mut first), writer.write_game(again, &mut second));
        assert_eq!(show(&first), show(&second), "decode(encode(g)) exports differently");
        let mut twice = Vec::new();
        if let Err(error) = encode_game(again, EncodeOptions::default(), &mut twice) {
            panic!("a decoded game does not encode: {error}");
        }
        assert_eq!(show(&bytes), show(&twice), "encoding is not a fixed point");
    }
}

/// What an event is, in a few words: the move of a move (with its ply and
/// depth), the kind of anything else.
fn summary(event: &Event<'_>) -> String {
    match event {
        Event::Move(played) => format!("{:?} {} {}", played.m, played.ply, played.depth),
        other => format!("{:?}", std::mem::discriminant(other)),
    }
}
