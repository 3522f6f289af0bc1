//! Criterion benchmarks of EPD (§16.2) over the 1,500 records of the STS
//! suite (`epd/sts/STS1-STS15_LAN_v3.epd` in the shared corpus): reading
//! every record with `fen_epd::EpdReader` and resolving its move operands
//! with `resolve_epd`, and the same followed by canonical writing (ruling
//! D1). Each iteration handles the whole file; the figure per record is
//! criterion's throughput line (records/s).

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use fen_epd::EpdReader;
use san::resolve_epd;

/// The STS file's bytes.
fn input() -> Vec<u8> {
    let dir = testkit::corpus::dir();
    let path = dir.join("epd/sts/STS1-STS15_LAN_v3.epd");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench(c: &mut Criterion) {
    let data = input();
    let records = EpdReader::new(&data).count();
    let resolved = EpdReader::new(&data)
        .filter_map(|r| r.result.ok())
        .filter(|epd| !resolve_epd(epd).has_errors())
        .count();
    assert_eq!((records, resolved), (1500, 1500), "the STS file changed");
    let mut group = c.benchmark_group("epd");
    group.throughput(Throughput::Elements(records as u64));

    group.bench_function("read", |b| {
        b.iter(|| {
            for record in EpdReader::new(black_box(&data)) {
                black_box(&record);
            }
        })
    });
    group.bench_function("read_and_resolve", |b| {
        b.iter(|| {
            for record in EpdReader::new(black_box(&data)) {
                if let Ok(epd) = &record.result {
                    black_box(resolve_epd(epd));
                }
            }
        })
    });
    group.bench_function("read_resolve_and_write", |b| {
        let mut out = Vec::with_capacity(data.len() * 2);
        b.iter(|| {
            out.clear();
            for record in EpdReader::new(black_box(&data)) {
                let Ok(epd) = &record.result else { continue };
                if let Some(canonical) = resolve_epd(epd).canonical(epd)
                    && canonical.write_canonical(&mut out).is_ok()
                {
                    out.push(b'\n');
                }
            }
            black_box(&out);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
