//! Build script: generates the attack tables of `chess-core` as static data.
//!
//! Sliding attacks use "fancy" magic bitboards. The magic multipliers are
//! found here by a seeded search (the same on every build), and all
//! tables are written to `$OUT_DIR/tables.rs` as plain `static` arrays, so the
//! library needs no initialisation at run time and no lazy-init guard on the
//! move generator's hot path. Each is aligned to a cache line
//! (`attacks::CacheAligned`), so that how its entries share cache lines
//! does not change with the rest of the program.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] =
    [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

fn bit(file: i32, rank: i32) -> u64 {
    1u64 << (rank * 8 + file)
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

/// Squares reached from `sq` by single steps.
fn steps(sq: i32, deltas: &[(i32, i32)]) -> u64 {
    let (f, r) = (sq % 8, sq / 8);
    deltas
        .iter()
        .filter(|(df, dr)| on_board(f + df, r + dr))
        .fold(0, |acc, (df, dr)| acc | bit(f + df, r + dr))
}

/// Squares a slider on `sq` attacks given the occupancy `occ`.
fn slide(sq: i32, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f, r) {
            attacks |= bit(f, r);
            if occ & bit(f, r) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The relevant occupancy mask: the rays without their last square.
fn mask(sq: i32, dirs: &[(i32, i32)]) -> u64 {
    let mut m = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while on_board(f + df, r + dr) {
            m |= bit(f, r);
            f += df;
            r += dr;
        }
    }
    m
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic factor for every square and fills the shared attack table.
fn magics(dirs: &[(i32, i32)], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Magic> {
    let mut out = Vec::with_capacity(64);
    for sq in 0..64 {
        let m = mask(sq, dirs);
        let bits = m.count_ones();
        let size = 1usize << bits;
        let mut subsets = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            subsets.push((sub, slide(sq, sub, dirs)));
            sub = sub.wrapping_sub(m) & m;
            if sub == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut local = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut epoch = 0u32;
        let factor = 'search: loop {
            let candidate = rng.sparse();
            if (m.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            epoch += 1;
            for &(occ, attacks) in &subsets {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[idx] != epoch {
                    used[idx] = epoch;
                    local[idx] = attacks;
                } else if local[idx] != attacks {
                    continue 'search;
                }
            }
            break candidate;
        };
        let offset = table.len();
        table.extend_from_slice(&local);
        out.push(Magic { mask: m, factor, shift, offset });
    }
    out
}

fn write_array(out: &mut String, name: &str, ty: &str, values: &[u64]) {
    let _ = writeln!(
        out,
        "pub(crate) static {name}: CacheAligned<[{ty}; {}]> = CacheAligned([",
        values.len()
    );
    for chunk in values.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            let _ = write!(out, " 0x{v:016x},");
        }
        out.push('\n');
    }
    out.push_str("]);\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    let _ = writeln!(out, "pub(crate) static {name}: CacheAligned<[Magic; 64]> = CacheAligned([");
    for m in magics {
        let _ = writeln!(
            out,
            "    Magic {{ mask: 0x{:016x}, factor: 0x{:016x}, shift: {}, offset: {} }},",
            m.mask, m.factor, m.shift, m.offset
        );
    }
    out.push_str("]);\n");
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut slider = Vec::new();
    let rook = magics(&ROOK_DIRS, &mut rng, &mut slider);
    let bishop = magics(&BISHOP_DIRS, &mut rng, &mut slider);

    let knight: Vec<u64> = (0..64).map(|sq| steps(sq, &KNIGHT_STEPS)).collect();
    let king: Vec<u64> = (0..64).map(|sq| steps(sq, &KING_STEPS)).collect();
    let white_pawn: Vec<u64> = (0..64).map(|sq| steps(sq, &[(-1, 1), (1, 1)])).collect();
    let black_pawn: Vec<u64> = (0..64).map(|sq| steps(sq, &[(-1, -1), (1, -1)])).collect();

    // BETWEEN[a][b]: squares strictly between a and b on a shared line, else 0.
    // LINE[a][b]: the whole line through a and b (edge to edge), else 0.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            for &dir in dirs.iter() {
                let ray = slide(a, 0, &[dir]);
                let back = slide(a, 0, &[(-dir.0, -dir.1)]);
                for b in 0..64 {
                    if ray & (1u64 << b) != 0 {
                        let idx = (a * 64 + b) as usize;
                        between[idx] = slide(a, 1u64 << b, &[dir]) & !(1u64 << b);
                        line[idx] = ray | back | (1u64 << a);
                    }
                }
            }
        }
    }

    let mut out = String::with_capacity(4 << 20);
    out.push_str("// Generated by chess-core/build.rs. Do not edit.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_array(&mut out, "SLIDER_ATTACKS", "u64", &slider);
    write_array(&mut out, "KNIGHT_ATTACKS", "u64", &knight);
    write_array(&mut out, "KING_ATTACKS", "u64", &king);
    write_array(&mut out, "WHITE_PAWN_ATTACKS", "u64", &white_pawn);
    write_array(&mut out, "BLACK_PAWN_ATTACKS", "u64", &black_pawn);
    write_array(&mut out, "BETWEEN", "u64", &between);
    write_array(&mut out, "LINE", "u64", &line);

    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(dir.join("tables.rs"), out).expect("OUT_DIR is writable");
}
