//! No input makes reading or resolving a move panic: the SAN seeds of a
//! peer's fuzzer, random bytes, and mutations of real moves all give a
//! value or a typed error.

use chess_core::XorShift;
use std::path::PathBuf;

use chess_core::{Color, Position};
use fen_epd::parse_position;
use san::{Language, ParseSanErrorKind, San};

fn corpus_dir() -> PathBuf {
    std::env::var_os("PGN_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus"),
        PathBuf::from,
    )
}

fn positions() -> Vec<Position> {
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "1r5k/P7/8/8/8/8/8/K7 w - - 0 1",
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
        "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
    ]
    .iter()
    .map(|fen| parse_position(fen.as_bytes()).unwrap_or_else(|e| panic!("{fen}: {e}")))
    .collect()
}

/// Reads `bytes` in every language and resolves and writes what reads.
fn exercise(bytes: &[u8], positions: &[Position]) {
    for lang in Language::ALL {
        let Ok(parsed) = San::from_ascii_in(bytes, lang) else { continue };
        let _ = parsed.san.to_string();
        let _ = parsed.san.fan(Color::Black).to_string();
        let _ = parsed.quirks.to_string();
        for pos in positions {
            if let Ok(resolved) = parsed.resolve(pos) {
                let mut after = pos.clone();
                after.play_unchecked(resolved.m);
                let _ = parsed.san.check_quirks(&after);
                assert_eq!(
                    San::from_move(pos, resolved.m).resolve(pos).map(|r| r.m),
                    Ok(resolved.m)
                );
            }
        }
    }
}

#[test]
fn fuzzer_seeds_of_a_peer() {
    let dir = corpus_dir().join("peers/shakmaty-fuzz-san");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("corpus not found at {}: seeds skipped", dir.display());
        return;
    };
    let positions = positions();
    let mut count = 0;
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let bytes = std::fs::read(&path).expect("a readable seed");
        let text = bytes.trim_ascii_end();
        exercise(text, &positions);
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        let parsed = San::from_ascii(text);
        match name.as_str() {
            // A crazyhouse drop: an error, not a panic.
            "drop.san" => assert_eq!(parsed.map_err(|e| e.kind), Err(ParseSanErrorKind::Drop)),
            // `Qa1h8=K#`: a queen cannot promote, nor anything to a king.
            "longest.san" => assert!(parsed.is_err()),
            _ => assert!(parsed.is_ok(), "{name}: {parsed:?}"),
        }
        count += 1;
    }
    assert!(count >= 7, "{count} seeds");
}

#[test]
fn random_bytes_never_panic() {
    let positions = positions();
    let mut rng = XorShift::new(0xDEAD_BEEF_CAFE_F00D);
    // Bytes that moves are made of, and some that they are not.
    let alphabet = b"abcdefghNBRQKPOo0Z123456789xX-=+#!?@.epnbrqk\xE2\x99\x94\x9E\xFF \x00";
    for _ in 0..20_000 {
        let len = rng.below(10);
        let bytes: Vec<u8> = (0..len)
            .map(|_| match rng.below(8) {
                0 => rng.next_u64() as u8,
                _ => alphabet[rng.below(alphabet.len())],
            })
            .collect();
        exercise(&bytes, &positions[..2]);
    }
}

#[test]
fn mutated_moves_never_panic() {
    let positions = positions();
    let mut rng = XorShift::new(42);
    let seeds: &[&[u8]] = &[
        b"Nf3",
        b"exd6e.p.",
        b"O-O-O+",
        b"axb8=Q#",
        b"Qa1xh8",
        b"e7e8q",
        b"Ng1-f3",
        b"0-0",
        b"Z0",
        b"--",
        b"bxc3!?",
        "♘xe4".as_bytes(),
        b"e8=\xE2\x99\x95",
    ];
    for _ in 0..20_000 {
        let mut bytes = seeds[rng.below(seeds.len())].to_vec();
        for _ in 0..=rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(3) {
                0 => bytes.insert(at, rng.next_u64() as u8),
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ if at < bytes.len() => bytes[at] = rng.next_u64() as u8,
                _ => {}
            }
        }
        exercise(&bytes, &positions);
    }
}
