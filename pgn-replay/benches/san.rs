//! Criterion benchmarks: reading, resolving and writing SAN, and the
//! targeted move generation resolving relies on, over the main-line moves
//! of the TWIC sample (`twic1599_100k.pgn`, some 110 games). Each
//! iteration handles every move once; the figure per move is the time
//! divided by the number of moves (criterion's throughput line).

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use std::fmt::Write;

use chess_core::{Bitboard, Move, Position};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use san::{ParsedSan, San, SanKind};

/// The position before each main-line move, the move's text, and the
/// legal move it resolved to; games that fail to read or resolve are left
/// out.
fn sample() -> Vec<(Position, Vec<u8>, Move)> {
    let dir = testkit::corpus::dir();
    let path = dir.join("bench/twic-samples/twic1599_100k.pgn");
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    'games: for game in pgn_syntax::read_games(std::io::BufReader::new(file)).take(200) {
        let Ok((game, _)) = game else { continue };
        let mut pos = Position::new();
        let mut moves = Vec::new();
        for san in game.movetext.mainline() {
            let Ok(Ok(resolved)) = San::from_ascii(&san.text).map(|p| p.resolve(&pos)) else {
                continue 'games;
            };
            moves.push((pos.clone(), san.text.to_vec(), resolved.m));
            pos.play_unchecked(resolved.m);
        }
        out.extend(moves);
    }
    out
}

fn bench(c: &mut Criterion) {
    let sample = sample();
    let parsed: Vec<(Position, ParsedSan)> = sample
        .iter()
        .filter_map(|(pos, text, _)| Some((pos.clone(), San::from_ascii(text).ok()?)))
        .collect();
    let mut group = c.benchmark_group("san");
    group.throughput(Throughput::Elements(sample.len() as u64));

    group.bench_function("parse", |b| {
        b.iter(|| {
            for (_, text, _) in &sample {
                let _ = black_box(San::from_ascii(black_box(text)));
            }
        })
    });
    group.bench_function("resolve", |b| {
        b.iter(|| {
            for (pos, san) in &parsed {
                let _ = black_box(black_box(san).resolve(pos));
            }
        })
    });
    group.bench_function("parse_and_resolve", |b| {
        b.iter(|| {
            for (pos, text, _) in &sample {
                let _ = black_box(San::from_ascii(black_box(text)).map(|p| p.resolve(pos)));
            }
        })
    });
    group.bench_function("check_quirks", |b| {
        let after: Vec<(Position, San)> = sample
            .iter()
            .zip(&parsed)
            .map(|((pos, _, m), (_, p))| {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                (after, p.san)
            })
            .collect();
        b.iter(|| {
            for (after, san) in &after {
                black_box(san.check_quirks(black_box(after)));
            }
        })
    });
    group.bench_function("generate_without_check", |b| {
        b.iter(|| {
            for (pos, _, m) in &sample {
                black_box(San::from_move_without_check(black_box(pos), *m));
            }
        })
    });
    group.bench_function("generate", |b| {
        b.iter(|| {
            for (pos, _, m) in &sample {
                black_box(San::from_move(black_box(pos), *m));
            }
        })
    });
    group.bench_function("generate_and_write", |b| {
        let mut out = String::with_capacity(16);
        b.iter(|| {
            for (pos, _, m) in &sample {
                out.clear();
                let _ = write!(out, "{}", San::from_move(black_box(pos), *m));
                black_box(&out);
            }
        })
    });
    // The (position, role, square) of every piece or pawn move.
    let targets: Vec<_> = parsed
        .iter()
        .filter_map(|(pos, p)| match p.san.kind {
            SanKind::Normal { role, to, .. } => Some((pos, role, to)),
            _ => None,
        })
        .collect();
    group.bench_function("legal_moves_to", |b| {
        b.iter(|| {
            for (pos, role, to) in &targets {
                black_box(pos.legal_moves_to(*role, Bitboard::FULL, *to));
            }
        })
    });
    group.bench_function("legal_origins_to", |b| {
        b.iter(|| {
            for (pos, role, to) in &targets {
                black_box(pos.legal_origins_to(*role, Bitboard::FULL, *to));
            }
        })
    });
    group.bench_function("legal_moves_full_for_comparison", |b| {
        b.iter(|| {
            for (pos, _, _) in &sample {
                black_box(black_box(pos).legal_moves().len());
            }
        })
    });
    group.finish();
    eprintln!("{} moves per iteration", sample.len());
}

criterion_group!(benches, bench);
criterion_main!(benches, micros);

fn micro(c: &mut Criterion) {
    let pos = Position::new();
    c.bench_function("micro/parse_Nf3", |b| b.iter(|| San::from_ascii(black_box(b"Nf3"))));
    c.bench_function("micro/parse_exd5", |b| b.iter(|| San::from_ascii(black_box(b"exd5"))));
    let p = San::from_ascii(b"Nf3").expect("a move");
    c.bench_function("micro/resolve_Nf3", |b| b.iter(|| black_box(&p).resolve(black_box(&pos))));
    let p = San::from_ascii(b"e4").expect("a move");
    c.bench_function("micro/resolve_e4", |b| b.iter(|| black_box(&p).resolve(black_box(&pos))));
    c.bench_function("micro/legal_moves_to_f3", |b| {
        b.iter(|| {
            black_box(&pos).legal_moves_to(
                chess_core::Role::Knight,
                Bitboard::FULL,
                black_box(chess_core::Square::F3),
            )
        })
    });
}

criterion_group!(micros, micro);
