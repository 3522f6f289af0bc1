//! Property test of EPD writing and reading (§16.2, ruling D1): records
//! built from random legal positions (reached by random games) with random
//! valid operations of every opcode of §16.2.5, move operands from the
//! position's legal moves in canonical SAN (sets for `am` and `bm`, a legal
//! sequence for `pv`, `pm` its first move), plus unknown and private
//! opcodes (ruling D3). Each record is written with `write_canonical`, read
//! back, resolved by `san::resolve_epd` and written again: the same bytes,
//! the same record, and no diagnostic at any step. A whole file of such
//! records reads the same way through `EpdReader`.

use std::num::NonZeroU32;

use chess_core::{Move, Position};
use fen_epd::{
    Epd, EpdReader, EpdString, Mnemonic, MoveText, Opcode, Operand, Register, UnknownOperation,
    Value,
};
use san::{San, resolve_epd};
use testkit::XorShift;

/// Random games, and how many positions are taken from each.
const GAMES: u64 = 200;
const POSITIONS_PER_GAME: usize = 4;

fn chance(rng: &mut XorShift, percent: usize) -> bool {
    rng.below(100) < percent
}

/// A printable ASCII string without `"` (ruling D5), sometimes empty,
/// sometimes of the longest length §16.2.4.1 allows.
fn string(rng: &mut XorShift) -> EpdString {
    let len = match rng.below(10) {
        0 => 0,
        1 => 255,
        _ => rng.below(30),
    };
    let bytes: Vec<u8> = (0..len)
        .map(|_| {
            loop {
                let b = 0x20 + rng.below(0x5f) as u8;
                if b != b'"' {
                    break b;
                }
            }
        })
        .collect();
    EpdString::from(bytes)
}

/// An unquoted operand: printable, no space, `;` or `"`.
fn token(rng: &mut XorShift) -> Vec<u8> {
    let len = 1 + rng.below(8);
    (0..len)
        .map(|_| {
            loop {
                let b = 0x21 + rng.below(0x5e) as u8;
                if b != b'"' && b != b';' {
                    break b;
                }
            }
        })
        .collect()
}

/// Operands of `noop` or of an unknown opcode: tokens and strings.
fn operands(rng: &mut XorShift) -> Vec<Operand> {
    (0..rng.below(4))
        .map(|_| {
            if chance(rng, 50) { Operand::string(string(rng)) } else { Operand::token(token(rng)) }
        })
        .collect()
}

/// A well-formed opcode outside the registry (private when it starts with
/// an upper-case letter).
fn unknown_mnemonic(rng: &mut XorShift) -> Mnemonic {
    const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    loop {
        let mut text = vec![FIRST[rng.below(FIRST.len())]];
        for _ in 0..rng.below(15) {
            text.push(REST[rng.below(REST.len())]);
        }
        let mnemonic = Mnemonic::from_ascii(&text).expect("well formed by construction");
        if mnemonic.opcode().is_none() {
            return mnemonic;
        }
    }
}

fn san(pos: &Position, m: Move) -> MoveText {
    MoveText::new(San::from_move(pos, m).to_string().into_bytes())
}

/// `count` distinct legal moves, in random order.
fn some_moves(rng: &mut XorShift, pos: &Position, count: usize) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
    moves.truncate(count);
    moves
}

fn positive(rng: &mut XorShift) -> NonZeroU32 {
    let n = if chance(rng, 50) { rng.below(100) as u32 } else { rng.next_u64() as u32 };
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

/// A record of `pos` with random valid operations.
fn random_record(rng: &mut XorShift, pos: &Position) -> Epd {
    let mut epd = Epd::from_position(pos);
    let legal = pos.legal_moves().len();
    let mut values = Vec::new();
    let mut maybe = |rng: &mut XorShift, value: &dyn Fn(&mut XorShift) -> Value| {
        if chance(rng, 35) {
            values.push(value(rng));
        }
    };
    maybe(rng, &|rng| Value::Acn(rng.next_u64()));
    maybe(rng, &|rng| Value::Acs(rng.next_u64() >> rng.below(64)));
    maybe(rng, &|rng| {
        let n = rng.below(legal.min(4) + 1);
        Value::Am(some_moves(rng, pos, n).into_iter().map(|m| san(pos, m)).collect())
    });
    maybe(rng, &|rng| {
        let n = rng.below(legal.min(4) + 1);
        Value::Bm(some_moves(rng, pos, n).into_iter().map(|m| san(pos, m)).collect())
    });
    for register in Register::ALL {
        maybe(rng, &|rng| Value::Comment(register, chance(rng, 80).then(|| string(rng))));
        maybe(rng, &|rng| Value::VariationName(register, chance(rng, 80).then(|| string(rng))));
    }
    maybe(rng, &|rng| Value::Ce((rng.below(65534) as i32 - 32767) as i16));
    maybe(rng, &|rng| Value::Dm(positive(rng)));
    maybe(rng, &|_| Value::DrawAccept);
    maybe(rng, &|_| Value::DrawReject);
    maybe(rng, &|_| Value::Resign);
    maybe(rng, &|rng| Value::Eco(chance(rng, 80).then(|| string(rng))));
    maybe(rng, &|rng| Value::Nic(chance(rng, 80).then(|| string(rng))));
    maybe(rng, &|rng| Value::Fmvn(positive(rng)));
    maybe(rng, &|rng| Value::Hmvc(rng.next_u64() as u32 >> rng.below(32)));
    maybe(rng, &|rng| Value::Id(string(rng)));
    maybe(rng, &|rng| Value::Noop(operands(rng)));
    maybe(rng, &|rng| Value::Rc(positive(rng)));
    maybe(rng, &|rng| Value::Tcgs(positive(rng)));
    maybe(rng, &|rng| Value::Tcri(string(rng), string(rng)));
    maybe(rng, &|rng| Value::Tcsi(string(rng), string(rng)));
    for _ in 0..rng.below(3) {
        let unknown = UnknownOperation::new(unknown_mnemonic(rng), operands(rng))
            .expect("outside the registry by construction");
        if !values.iter().any(|v| v.mnemonic() == unknown.mnemonic()) {
            values.push(Value::Unknown(unknown));
        }
    }
    // pv: a legal sequence; pm: its first move, or any legal move.
    let mut line = pos.clone();
    let mut pv = Vec::new();
    if chance(rng, 40) {
        for _ in 0..rng.below(9) {
            let moves = line.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.iter().copied().nth(rng.below(moves.len())).expect("in range");
            pv.push(MoveText::new(San::from_move_and_play(&mut line, m).to_string().into_bytes()));
        }
        values.push(Value::Pv(pv.clone()));
    }
    if legal > 0 && chance(rng, 35) {
        let pm = pv.first().cloned().unwrap_or_else(|| san(pos, some_moves(rng, pos, 1)[0]));
        values.push(Value::Pm(pm));
    }
    if legal > 0 && chance(rng, 35) {
        values.push(Value::Sm(san(pos, some_moves(rng, pos, 1)[0])));
        for opcode in [Value::DrawClaim, Value::DrawOffer] {
            if chance(rng, 40) {
                values.push(opcode);
            }
        }
    }
    // Any order: writing sorts them (ruling D1).
    for i in (1..values.len()).rev() {
        values.swap(i, rng.below(i + 1));
    }
    for value in values {
        epd.set(value);
    }
    epd
}

/// Writes, reads, resolves and writes again; panics with the record on any
/// difference or diagnostic.
fn check(epd: &Epd) -> Vec<u8> {
    let written = epd.to_canonical().unwrap_or_else(|e| panic!("{epd:?}: cannot write: {e}"));
    let text = String::from_utf8_lossy(&written).into_owned();
    let mut warnings = Vec::new();
    let read = Epd::from_ascii_with_warnings(&written, &mut warnings)
        .unwrap_or_else(|e| panic!("{text}\ndoes not read back: {e}"));
    assert!(warnings.is_empty(), "{text}\nreads back with warnings: {warnings:?}");
    assert_eq!(&read, epd, "{text}\nreads back as another record");
    let resolved = resolve_epd(&read);
    assert!(resolved.diagnostics.is_empty(), "{text}\nresolves with {:?}", resolved.diagnostics);
    let again = resolved
        .canonical(&read)
        .unwrap_or_else(|| panic!("{text}\nhas no canonical form"))
        .to_canonical()
        .unwrap_or_else(|e| panic!("{text}\ncannot be written again: {e}"));
    assert_eq!(String::from_utf8_lossy(&again), text, "written again differently");
    written
}

#[test]
fn random_records_round_trip() {
    let mut rng = XorShift::new(0x1625_0e9d);
    let mut file = Vec::new();
    let mut records = Vec::new();
    let mut opcodes_seen = std::collections::BTreeSet::new();
    for _ in 0..GAMES {
        let mut pos = Position::new();
        let plies = rng.below(120);
        let mut stops: Vec<usize> = (0..POSITIONS_PER_GAME).map(|_| rng.below(plies + 1)).collect();
        stops.sort_unstable();
        for ply in 0..=plies {
            while stops.first() == Some(&ply) {
                stops.remove(0);
                let epd = random_record(&mut rng, &pos);
                opcodes_seen.extend(epd.operations().iter().filter_map(|op| op.opcode()));
                file.extend_from_slice(&check(&epd));
                file.push(b'\n');
                records.push(epd);
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves.iter().copied().nth(rng.below(moves.len())).expect("in range");
            pos.play_unchecked(m);
        }
    }
    assert!(records.len() >= 600, "only {} records", records.len());
    // Every opcode of the registry was written and read at least once.
    let missing: Vec<&str> =
        Opcode::ALL.iter().filter(|op| !opcodes_seen.contains(op)).map(|op| op.as_str()).collect();
    assert!(missing.is_empty(), "opcodes never generated: {missing:?}");
    // The same records, as one file.
    let read: Vec<_> = EpdReader::new(&file).collect();
    assert_eq!(read.len(), records.len());
    for (record, epd) in read.iter().zip(&records) {
        assert!(record.warnings.is_empty(), "line {}: {:?}", record.line, record.warnings);
        assert_eq!(record.result.as_ref(), Ok(epd), "line {}", record.line);
    }
}
