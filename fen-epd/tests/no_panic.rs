//! Property test: no byte sequence makes FEN parsing, validation, move
//! generation or writing panic, and every accepted FEN survives
//! write → read unchanged.
//!
//! Inputs are random bytes and random mutations (byte flips, insertions,
//! deletions, splices of FEN alphabet characters) of a seed list of real
//! FENs, driven by a fixed-seed generator so that a failure is reproducible.

use chess_core::perft;
use fen_epd::{CastlingNotation, Fen};
use testkit::XorShift;

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K -",
];

const PIECES: &[u8] = b"pnbrqkPNBRQK";

const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0123456789\t\n";

fn mutate(rng: &mut XorShift, input: &mut Vec<u8>) {
    for _ in 0..=rng.below(2) {
        let at = rng.below(input.len() + 1);
        let byte = if rng.below(4) == 0 {
            rng.next_u64() as u8
        } else {
            ALPHABET[rng.below(ALPHABET.len())]
        };
        match rng.below(4) {
            // Swapping a piece letter for another keeps the board well formed,
            // so that many inputs reach validation and move generation.
            0 if at < input.len() && input[at].is_ascii_alphabetic() && input[at] != b'w' => {
                input[at] = PIECES[rng.below(PIECES.len())];
            }
            1 if at < input.len() => input[at] = byte,
            2 if at < input.len() => {
                input.remove(at);
            }
            _ => input.insert(at, byte),
        }
    }
}

fn exercise(input: &[u8]) {
    let strict = Fen::from_ascii(input);
    let lenient = Fen::from_ascii_lenient(input);
    if let Ok(fen) = &strict {
        assert_eq!(lenient.as_ref().ok(), Some(fen), "strict accepted what lenient did not");
    }
    let Ok(fen) = lenient else { return };
    for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
        let text = fen.to_string_with(notation);
        let again = Fen::from_ascii(text.as_bytes()).expect("written FEN parses strictly");
        assert_eq!(again.to_string_with(notation), text, "write → read → write changed");
    }
    if let Ok(pos) = fen.into_position() {
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), pos.count_legal_moves());
        let _ = perft(&pos, 2);
        let _ = (pos.zobrist_hash(), pos.outcome(), pos.is_insufficient_material());
        let written = Fen::from_position(&pos).to_string();
        let reread =
            fen_epd::parse_position(written.as_bytes()).expect("written position is legal");
        assert_eq!(reread, pos);
    }
}

#[test]
fn random_bytes_and_mutated_fens_never_panic() {
    let mut rng = XorShift::new(0x5EED_F00D_CAFE_BABE);
    for _ in 0..2_000 {
        let len = rng.below(100);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        exercise(&bytes);
    }
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut input = SEEDS[rng.below(SEEDS.len())].as_bytes().to_vec();
        mutate(&mut rng, &mut input);
        if fen_epd::parse_position(&input).is_ok() {
            accepted += 1;
        }
        exercise(&input);
    }
    // The mutations must still reach the legal-position path often enough
    // to exercise move generation, else this test proves little.
    assert!(accepted > 500, "only {accepted} mutated FENs were legal");
}
