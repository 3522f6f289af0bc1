//! Criterion benchmarks: reading the 1,500 records of the Strategic Test
//! Suite (`epd/sts/STS1-STS15_LAN_v3.epd`). Each iteration reads every
//! record once; criterion's throughput line gives records per second.
//!
//! - `position_fields`: the four position fields alone
//!   (`Fen::from_ascii_epd_prefix`);
//! - `raw`: fields and operations split, operands borrowed (`RawEpd`);
//! - `full`: whole records with typed operations (`Epd::from_ascii`);
//! - `reader`: the whole file through `EpdReader` (line splitting too);
//! - `write`: canonical writing of the parsed records.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use fen_epd::{Epd, EpdReader, Fen, RawEpd};

fn sample() -> Vec<u8> {
    let dir = testkit::corpus::dir();
    let path = dir.join("epd/sts/STS1-STS15_LAN_v3.epd");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench(c: &mut Criterion) {
    let file = sample();
    let lines: Vec<&[u8]> = file
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len(), 1_500);
    let parsed: Vec<Epd> = lines.iter().map(|l| Epd::from_ascii(l).expect("valid")).collect();

    let mut group = c.benchmark_group("epd");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.bench_function("position_fields", |b| {
        b.iter(|| {
            for line in &lines {
                let _ = black_box(Fen::from_ascii_epd_prefix(black_box(line)));
            }
        })
    });
    group.bench_function("raw", |b| {
        b.iter(|| {
            for line in &lines {
                let _ = black_box(RawEpd::from_ascii(black_box(line)));
            }
        })
    });
    group.bench_function("full", |b| {
        let mut warnings = Vec::new();
        b.iter(|| {
            for line in &lines {
                warnings.clear();
                let _ = black_box(Epd::from_ascii_with_warnings(black_box(line), &mut warnings));
            }
        })
    });
    group.bench_function("reader", |b| {
        b.iter(|| {
            for record in EpdReader::new(black_box(&file)) {
                black_box(record);
            }
        })
    });
    group.bench_function("write", |b| {
        let mut out = Vec::with_capacity(512);
        b.iter(|| {
            for epd in &parsed {
                out.clear();
                let _ = black_box(epd.write_canonical(&mut out));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
