//! Criterion benchmarks: the streaming reader with a counting visitor, and
//! the tree builder, on the lichess (comment-heavy) and TWIC (plain) samples.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use std::ops::ControlFlow;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pgn_syntax::nag::Suffix;
use pgn_syntax::{Place, Reader, Visitor};

fn corpus(name: &str) -> Option<Vec<u8>> {
    let root = testkit::corpus::dir().join("bench");
    std::fs::read(root.join(name)).ok()
}

struct Moves(u64);

impl Visitor for Moves {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    fn san(
        &mut self,
        _: &mut (),
        _: &[u8],
        _: Option<Suffix>,
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("read");
    for name in ["lichess-samples/lichess_db_1000k.pgn", "twic-samples/twic1599_1000k.pgn"] {
        let Some(data) = corpus(name) else { continue };
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(format!("visitor/{name}"), |b| {
            b.iter(|| {
                let mut moves = Moves(0);
                let _ = Reader::new(&data[..]).visit_all(&mut moves);
                moves.0
            })
        });
        group.bench_function(format!("tree/{name}"), |b| {
            b.iter(|| pgn_syntax::read_games(&data[..]).filter_map(Result::ok).count())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
