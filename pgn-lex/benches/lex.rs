//! Criterion benchmarks: lexing real PGN files from the shared corpus.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn corpus(name: &str) -> Option<Vec<u8>> {
    let root = testkit::corpus::dir().join("bench");
    std::fs::read(root.join(name)).ok()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lex");
    for name in ["lichess-samples/lichess_db_1000k.pgn", "twic-samples/twic1599_1000k.pgn"] {
        let Some(data) = corpus(name) else { continue };
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(name, |b| b.iter(|| pgn_lex::tokens(&data).count()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
