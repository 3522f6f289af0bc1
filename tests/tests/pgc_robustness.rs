//! Robustness of the PGC decoder (§20, ruling P7): valid PGC, cut at
//! every byte and with single bytes changed, never makes it panic; a cut
//! file gives exactly the games that end before the cut, then an error
//! (or nothing more, at a record boundary between games); every error
//! names an offset inside the input; and a decoder fed one byte per
//! `read` call gives what it gives on the whole input.
//!
//! The valid files are the lossy PGC of small corpus files (games of
//! every shape: variations, NAGs, set-up positions, Chess960) and of
//! games built at random with variations, NAGs and escape lines, so the
//! test runs without the corpus too.

use std::io::Read;

use pgn_export::{ExportOptions, Writer};
use pgn_pgc::record::ReadError;
use pgn_pgc::{Decoded, Decoder, EncodeOptions, encode_game};
use pgn_replay::GameBuilder;
use pgn_replay::pgn_syntax::nag::Nag;
use pgn_tests::reading::OneByte;
use testkit::XorShift;

/// What a decoder gives for an input: the export of each game (or the
/// text of each top-level escape string), then the error, if any, as
/// `offset: message`.
fn decode(input: impl Read) -> (Vec<Vec<u8>>, Option<(u64, String)>) {
    let mut writer = Writer::new(ExportOptions::default());
    let mut items = Vec::new();
    for item in Decoder::new(input) {
        match item {
            Ok(Decoded::Game(game)) => {
                let mut text = Vec::new();
                let Ok(()) = writer.write_game(&game, &mut text);
                items.push(text);
            }
            Ok(Decoded::Escape(text)) => items.push(text),
            Err(ReadError::Decode(e)) => return (items, Some((e.offset, e.kind.to_string()))),
            Err(ReadError::Io(e)) => panic!("reading memory failed: {e}"),
        }
    }
    (items, None)
}

/// Random games with variations, NAGs and escape lines: PGC of every
/// record but the reduced-export one (which the plain games give).
fn built_games(seed: u64, count: usize) -> Vec<u8> {
    let mut rng = XorShift::new(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut b = GameBuilder::new();
        b.tag("White", format!("player {}", rng.below(100)));
        for _ in 0..rng.below(60) {
            let moves = b.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            match rng.below(12) {
                0 if b.depth() < 3 => {
                    let _ = b.begin_variation();
                }
                1 if b.depth() > 0 => {
                    let _ = b.end_variation();
                }
                2 => {
                    b.nag(Nag(rng.below(256) as u8));
                }
                3 => {
                    b.escape("an escape line");
                }
                _ => {
                    let _ = b.play(moves[rng.below(moves.len())]);
                }
            }
        }
        encode_game(&b.finish(), EncodeOptions::default(), &mut out).expect("a built game encodes");
    }
    out
}

/// The lossy PGC of a corpus file, if the corpus is there.
fn corpus_pgc(relative: &str) -> Option<Vec<u8>> {
    let pgn = std::fs::read(testkit::corpus::dir().join(relative)).ok()?;
    let mut out = Vec::new();
    for game in pgn_replay::replay_games(&pgn[..]) {
        let game = game.expect("reads from memory").game;
        let _ = encode_game(&game, EncodeOptions { lossy: true }, &mut out);
    }
    Some(out)
}

/// The valid inputs: built games, and the corpus files that are there.
fn valid_inputs() -> Vec<(String, Vec<u8>)> {
    let mut inputs = vec![("built games".to_owned(), built_games(0x9c_0001, 12))];
    for path in [
        "pgn/python-chess/molinari-bordais-1979.pgn",
        "pgn/python-chess/cutechess-fischerrandom.pgn",
    ] {
        if let Some(bytes) = corpus_pgc(path) {
            inputs.push((path.to_owned(), bytes));
        }
    }
    inputs
}

#[test]
fn valid_files_decode_whole_and_in_single_bytes() {
    for (name, bytes) in valid_inputs() {
        assert!(!bytes.is_empty(), "{name}: nothing encoded");
        let (items, error) = decode(&bytes[..]);
        assert_eq!(error, None, "{name}");
        assert!(!items.is_empty(), "{name}");
        assert_eq!(decode(OneByte(&bytes)), (items, None), "{name}: one byte a read");
    }
}

/// Where each item of a valid input ends: the offset of the record after
/// it.
fn item_ends(bytes: &[u8]) -> Vec<usize> {
    let mut decoder = Decoder::new(bytes);
    let mut ends = Vec::new();
    while let Some(item) = decoder.next() {
        item.expect("a valid input");
        ends.push(decoder.offset() as usize);
    }
    ends
}

#[test]
fn a_cut_file_gives_the_games_before_the_cut_then_an_error() {
    for (name, bytes) in valid_inputs() {
        let (whole, _) = decode(&bytes[..]);
        let ends = item_ends(&bytes);
        for cut in 0..bytes.len() {
            let (items, error) = decode(&bytes[..cut]);
            let complete = ends.iter().filter(|&&end| end <= cut).count();
            assert_eq!(items[..], whole[..complete], "{name}: cut at {cut}");
            if ends.contains(&cut) || cut == 0 {
                assert_eq!(error, None, "{name}: cut at {cut}, between items");
            } else {
                let (offset, _) = error.unwrap_or_else(|| panic!("{name}: cut at {cut}: no error"));
                assert!(offset as usize <= cut, "{name}: cut at {cut}: error at {offset}");
            }
        }
    }
}

#[test]
fn single_byte_changes_never_panic_and_errors_stay_inside_the_input() {
    let mut rng = XorShift::new(0x9c_0002);
    let (mut changes, mut errors) = (0, 0);
    for (name, bytes) in valid_inputs() {
        let (whole, _) = decode(&bytes[..]);
        let ends = item_ends(&bytes);
        for at in 0..bytes.len() {
            // The items that end at or before the changed byte come out
            // unchanged whatever it becomes.
            let before = ends.iter().filter(|&&end| end <= at).count();
            // Every value in the first record, two random ones elsewhere.
            let values: Vec<u8> =
                if at < 16 { (0..=255).collect() } else { vec![rng.below(256) as u8, !bytes[at]] };
            let mut changed = bytes.clone();
            for value in values.into_iter().filter(|&v| v != bytes[at]) {
                changed[at] = value;
                let (items, error) = decode(&changed[..]);
                changes += 1;
                if let Some((offset, _)) = error {
                    errors += 1;
                    assert!(offset as usize <= changed.len(), "{name}: {at}={value}: {offset}");
                }
                assert!(items.len() >= before, "{name}: {at}={value}");
                assert_eq!(items[..before], whole[..before], "{name}: {at}={value}");
            }
        }
    }
    assert!(changes > 5_000 && errors > 500, "{changes} changes, {errors} errors");
}
