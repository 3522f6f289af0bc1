//! No input makes reading or resolving a move panic: the SAN seeds of a
//! peer's fuzzer, random bytes, and mutations of real moves all give a
//! value or a typed error; mutated games replay to the end.

use std::ops::ControlFlow;
use std::path::PathBuf;

use chess_core::{Color, Position};
use fen_epd::parse_position;
use san::{Language, ParseSanErrorKind, San};
use testkit::XorShift;

fn corpus_dir() -> PathBuf {
    testkit::corpus::dir()
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
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn fuzzer_seeds_of_a_peer() {
    let dir = corpus_dir().join("peers/shakmaty-fuzz-san");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
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

/// Counts what a replay hands on, so that nothing is optimised away.
#[derive(Default)]
struct Tally {
    played: usize,
    unresolved: usize,
    problems: usize,
}

impl pgn_replay::ReplayVisitor for Tally {
    type Output = ();
    fn event(&mut self, event: &pgn_replay::Event<'_>) -> ControlFlow<()> {
        match event {
            pgn_replay::Event::Move(_) => self.played += 1,
            pgn_replay::Event::Unresolved { .. } => self.unresolved += 1,
            _ => {}
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, game: &pgn_replay::GameInfo) {
        // Problems are placed (line and column) as they are found: that
        // must never panic either.
        let replay =
            |d: &&pgn_replay::GameDiagnostic| matches!(d, pgn_replay::GameDiagnostic::Replay(_));
        self.problems += game.problems.iter().filter(replay).count();
    }
}

fn replay_all(input: &[u8]) -> Tally {
    let mut replayer = pgn_replay::Replayer::new(Tally::default());
    // Reading from memory cannot fail.
    let _ = pgn_syntax::Reader::new(input).visit_all(&mut replayer);
    replayer.into_inner()
}

#[test]
fn mutated_games_replay_without_panic() {
    // Games with variations, FEN setups, promotions, castling and checks,
    // with bytes flipped, dropped, duplicated and swapped: every mutation
    // replays to the end without a panic, and the unmutated text plays.
    let seeds = [
        "[SetUp \"1\"]\n[FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1\"]\n\n\
         1. b8=Q+ Kd7 (1... Ke7 2. Qe5+) 2. Qb5+ Kd6 3. Qb4+ Kd5 4. Kf2 g1=Q+ 5. Kxg1 *\n",
        "1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3 (3. Bc4 Qh4+ 4. Kf1) g5) Nc6 3. Bb5 a6 \
         4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 \
         8. cxd5 Nxd5 9. Bxe7 Qxe7 10. Nxd5 exd5 11. Rc1 Be6 12. Qa4 c5 13. Qa3 Rc8 *\n",
    ];
    let mut rng = XorShift::new(0x0bad_5eed_1dea_f00d);
    for seed in seeds {
        let clean = replay_all(seed.as_bytes());
        assert!(clean.played > 5 && clean.problems == 0, "{seed}");
        for _ in 0..3_000 {
            let mut bytes = seed.as_bytes().to_vec();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len());
                match rng.below(4) {
                    0 => bytes[at] = b"x+#=()O-0QRBNKabcdefgh12345678 \n{}$!?"[rng.below(37)],
                    1 => {
                        bytes.remove(at);
                    }
                    2 => {
                        let b = bytes[at];
                        bytes.insert(at, b);
                    }
                    _ => {
                        let other = rng.below(bytes.len());
                        bytes.swap(at, other);
                    }
                }
                if bytes.is_empty() {
                    bytes.push(b'*');
                }
            }
            let tally = replay_all(&bytes);
            assert!(tally.played + tally.unresolved <= bytes.len());
        }
    }
}
