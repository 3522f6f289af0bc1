//! Criterion benchmarks: move generation, counting and perft.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use chess_core::{Position, perft};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let start = Position::new();
    c.bench_function("legal_moves/start", |b| b.iter(|| black_box(&start).legal_moves().len()));
    c.bench_function("count_legal_moves/start", |b| {
        b.iter(|| black_box(&start).count_legal_moves())
    });
    c.bench_function("perft/start/4", |b| b.iter(|| perft(black_box(&start), 4)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
