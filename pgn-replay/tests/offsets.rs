//! Each game's `GameInfo::offset` is where its first token is, read on
//! one thread or many.

use std::num::NonZeroUsize;
use std::ops::ControlFlow;

use pgn_replay::{Event, GameInfo, ReplayVisitor, Replayed, Replayer};
use pgn_syntax::parallel::{ParallelReader, outputs};

/// Keeps nothing of a game but its info.
struct Nothing;

impl ReplayVisitor for Nothing {
    type Output = ();

    fn event(&mut self, _: &Event<'_>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: &GameInfo) {}
}

/// Games that begin with a tag, with a move number, with a move, after a
/// comment between games, after an escape line, and with CR LF line ends.
fn games() -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..200 {
        let game = match i % 5 {
            0 => format!("[Event \"{i}\"]\n[White \"A\"]\n\n1. e4 e5 *\n\n"),
            1 => "1. d4 d5 1-0\n\n".to_owned(),
            2 => "{between games}\n\nNf3 Nf6 *\n\n".to_owned(),
            3 => format!("%an escape line\n\n[Event \"{i}\"]\r\n\r\n1. c4 0-1\r\n\r\n"),
            _ => format!(
                "  [Event \"{i}\"] [Round \"1\"]\n1. e4 {{a [Event \"x\"] in a comment}} *\n\n"
            ),
        };
        text.extend_from_slice(game.as_bytes());
    }
    text
}

/// The offsets of the games of `text` read with `reader`.
fn offsets(text: &[u8], reader: ParallelReader) -> Vec<u64> {
    let mut offsets = Vec::new();
    let work = outputs(|| Replayer::new(Nothing));
    reader
        .read(text, &work, |game: Replayed<()>| {
            offsets.push(game.info.offset);
            ControlFlow::<()>::Continue(())
        })
        .expect("not stopped");
    offsets
}

#[test]
fn a_game_starts_at_its_first_token() {
    let text = games();
    let one = offsets(&text, ParallelReader::new().threads(NonZeroUsize::MIN));
    assert_eq!(one.len(), 200);
    for (i, &offset) in one.iter().enumerate() {
        let at = usize::try_from(offset).expect("in memory");
        let rest = text.get(at..).unwrap_or_default();
        let first = match i % 5 {
            0 | 3 | 4 => "[Event",
            1 => "1. d4",
            _ => "Nf3",
        };
        assert!(rest.starts_with(first.as_bytes()), "game {}: {:?}", i + 1, &rest[..10]);
    }
    for piece in [1, 50, 700, 1 << 20] {
        let two = NonZeroUsize::new(2).expect("not zero");
        let many = offsets(&text, ParallelReader::new().threads(two).piece_size(piece));
        assert_eq!(many, one, "piece {piece}");
        // An input that begins further into a file: offsets are the file's.
        let based = offsets(&text, ParallelReader::new().threads(two).piece_size(piece).base(1000));
        assert!(based.iter().zip(&one).all(|(b, o)| *b == o + 1000), "piece {piece}");
    }
    let based = offsets(&text, ParallelReader::new().threads(NonZeroUsize::MIN).base(7));
    assert!(based.iter().zip(&one).all(|(b, o)| *b == o + 7));
}
