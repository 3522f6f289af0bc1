//! Property tests for EPD, driven by a fixed-seed `XorShift` so a failure
//! is found again from its seed:
//!
//! - positions reached by random legal games, with random valid operations
//!   of every kind (ruling D2, unknown opcodes of D3, strings with spaces,
//!   semicolons, backslashes and UTF-8), survive write → read → write
//!   byte for byte, read back equal and without warnings (ruling D1);
//! - random mutations of corpus records never make the reader panic, and
//!   every record it accepts and can write is stable the same way.

use std::num::NonZeroU32;

use chess_core::Position;
use fen_epd::{
    Epd, EpdReader, EpdString, Fen, Mnemonic, MoveText, Opcode, Operand, Register,
    UnknownOperation, Value,
};
use testkit::XorShift;

fn pick<'a, T>(rng: &mut XorShift, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len())]
}

/// A position after 0 to 119 random legal plies from the start.
fn random_position(rng: &mut XorShift) -> Position {
    let mut pos = Position::new();
    for _ in 0..rng.below(120) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
    }
    pos
}

/// A move-like token: never empty, no separator (the san layer decides
/// whether it is a move; this layer keeps text).
fn random_move(rng: &mut XorShift) -> MoveText {
    const FIXED: &[&str] = &["O-O", "O-O-O", "e8=Q+", "Nbd7", "exd6", "Qxf7#", "e2e4", "♘f3", "--"];
    if rng.below(3) == 0 {
        return MoveText::from(*pick(rng, FIXED));
    }
    const ALPHABET: &[u8] = b"NBRQKabcdefgh12345678x=+#-";
    let len = 1 + rng.below(6);
    MoveText::new((0..len).map(|_| *pick(rng, ALPHABET)).collect::<Vec<u8>>())
}

fn random_moves(rng: &mut XorShift, max: usize) -> Vec<MoveText> {
    (0..rng.below(max + 1)).map(|_| random_move(rng)).collect()
}

/// A string that reads back without a warning: printing characters but
/// `"` (ruling D5), at most 255 bytes. (A tab is kept too, but warned
/// about: §16.2.4.1 asks for printing characters.)
fn random_string(rng: &mut XorShift) -> EpdString {
    const PIECES: &[&str] = &[" ", ";", "\\", "é", "WAC.001", "a b", "-", "#", "'", "1/2-1/2"];
    let mut out = String::new();
    let len = if rng.below(20) == 0 { 255 } else { rng.below(12) };
    while out.len() < len {
        if rng.below(2) == 0 {
            let piece: &&str = pick(rng, PIECES);
            out.push_str(piece);
        } else {
            let c = char::from((rng.below(95) + 32) as u8);
            if c != '"' {
                out.push(c);
            }
        }
    }
    while out.len() > len {
        out.pop();
    }
    EpdString::from(out)
}

fn random_optional_string(rng: &mut XorShift) -> Option<EpdString> {
    (rng.below(3) != 0).then(|| random_string(rng))
}

fn random_operands(rng: &mut XorShift) -> Vec<Operand> {
    (0..rng.below(4))
        .map(|_| {
            if rng.below(2) == 0 {
                Operand::string(random_string(rng))
            } else {
                Operand::token(random_move(rng).as_bytes())
            }
        })
        .collect()
}

fn random_mnemonic(rng: &mut XorShift) -> Mnemonic {
    const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    loop {
        let mut text = vec![*pick(rng, FIRST)];
        text.extend((0..rng.below(15)).map(|_| *pick(rng, REST)));
        let m = Mnemonic::from_ascii(&text).expect("generated well formed");
        if m.opcode().is_none() {
            return m;
        }
    }
}

fn positive(rng: &mut XorShift) -> NonZeroU32 {
    NonZeroU32::new(rng.next_u64() as u32).unwrap_or(NonZeroU32::MIN)
}

/// A random value for an opcode of the registry.
fn random_value(rng: &mut XorShift, opcode: Opcode) -> Value {
    match opcode {
        Opcode::Acn => Value::Acn(rng.next_u64()),
        Opcode::Acs => Value::Acs(rng.next_u64() >> rng.below(64)),
        Opcode::Am => Value::Am(random_moves(rng, 4)),
        Opcode::Bm => Value::Bm(random_moves(rng, 4)),
        Opcode::Ce => Value::Ce((rng.below(65_534) as i32 - 32_767) as i16),
        Opcode::Dm => Value::Dm(positive(rng)),
        Opcode::DrawAccept => Value::DrawAccept,
        Opcode::DrawClaim => Value::DrawClaim,
        Opcode::DrawOffer => Value::DrawOffer,
        Opcode::DrawReject => Value::DrawReject,
        Opcode::Eco => Value::Eco(random_optional_string(rng)),
        Opcode::Fmvn => Value::Fmvn(positive(rng)),
        Opcode::Hmvc => Value::Hmvc(rng.next_u64() as u32),
        Opcode::Id => Value::Id(random_string(rng)),
        Opcode::Nic => Value::Nic(random_optional_string(rng)),
        Opcode::Noop => Value::Noop(random_operands(rng)),
        Opcode::Pm => Value::Pm(random_move(rng)),
        Opcode::Pv => Value::Pv(random_moves(rng, 8)),
        Opcode::Rc => Value::Rc(positive(rng)),
        Opcode::Resign => Value::Resign,
        Opcode::Sm => Value::Sm(random_move(rng)),
        Opcode::Tcgs => Value::Tcgs(positive(rng)),
        Opcode::Tcri => Value::Tcri(random_string(rng), random_string(rng)),
        Opcode::Tcsi => Value::Tcsi(random_string(rng), random_string(rng)),
        other => match (other.register(), other.as_str().as_bytes()[0]) {
            (Some(r), b'c') => Value::Comment(r, random_optional_string(rng)),
            (Some(r), _) => Value::VariationName(r, random_optional_string(rng)),
            (None, _) => panic!("no generator for {other}"),
        },
    }
}

/// A record for `pos` with random operations that keep the rules of §16.2.
fn random_epd(rng: &mut XorShift, pos: &Position) -> Epd {
    let fen = Fen::from_position(pos);
    let mut epd =
        if rng.below(2) == 0 { Epd::from_fen_with_clocks(&fen) } else { Epd::from_fen(&fen) };
    for _ in 0..rng.below(12) {
        let opcode = *pick(rng, &Opcode::ALL);
        epd.set(random_value(rng, opcode));
    }
    for _ in 0..rng.below(3) {
        let unknown = UnknownOperation::new(random_mnemonic(rng), random_operands(rng))
            .expect("not in the registry");
        epd.set(Value::Unknown(unknown));
    }
    // draw_claim and draw_offer need sm; pm is the first move of pv.
    if (epd.contains(Opcode::DrawClaim) || epd.contains(Opcode::DrawOffer))
        && !epd.contains(Opcode::Sm)
    {
        epd.set(Value::Sm(random_move(rng)));
    }
    if let (Some(pm), Some(Value::Pv(line))) =
        (epd.predicted_move().cloned(), epd.get_mut(Opcode::Pv))
    {
        if line.is_empty() {
            line.push(pm);
        } else {
            line[0] = pm;
        }
    }
    epd
}

#[test]
fn random_records_survive_write_read_write() {
    let mut rng = XorShift::new(0xE9D_2024_0001);
    let mut operations = 0;
    for case in 0..3_000 {
        let pos = random_position(&mut rng);
        let epd = random_epd(&mut rng, &pos);
        operations += epd.operations().len();
        let first = epd.to_canonical().unwrap_or_else(|e| panic!("case {case}: {e}"));
        let mut warnings = Vec::new();
        let again = Epd::from_ascii_with_warnings(&first, &mut warnings)
            .unwrap_or_else(|e| panic!("case {case}: {e}\n{}", String::from_utf8_lossy(&first)));
        assert!(warnings.is_empty(), "case {case}: {warnings:?}");
        assert_eq!(again, epd, "case {case}: {}", String::from_utf8_lossy(&first));
        let second = again.to_canonical().expect("writable");
        assert_eq!(
            String::from_utf8_lossy(&second),
            String::from_utf8_lossy(&first),
            "case {case}: write → read → write"
        );
        // The position and clocks come back too.
        let fen = again.to_fen();
        let setup = fen.as_setup();
        assert_eq!(setup.board, *pos.board());
        assert_eq!(
            setup.halfmoves,
            epd.halfmove_clock().unwrap_or(0),
            "case {case}: hmvc gives the clock"
        );
        if epd.halfmove_clock().is_none() && epd.fullmove_number().is_none() {
            assert_eq!(again.to_position().map(|p| *p.board()), Ok(*pos.board()));
        }
    }
    // Enough operations were generated to cover the registry many times.
    assert!(operations > 3_000 * 5, "only {operations} operations");
}

#[test]
fn every_opcode_is_generated_and_written() {
    let mut rng = XorShift::new(7);
    let pos = Position::new();
    for opcode in Opcode::ALL {
        let mut epd = Epd::from_position(&pos);
        epd.set(random_value(&mut rng, opcode));
        if matches!(opcode, Opcode::DrawClaim | Opcode::DrawOffer) {
            epd.set(Value::Sm(MoveText::from("e4")));
        }
        let text = epd.to_canonical_string().unwrap_or_else(|e| panic!("{opcode}: {e}"));
        assert!(text.contains(&format!(" {opcode}")), "{text}");
        let again: Epd = text.parse().unwrap_or_else(|e| panic!("{opcode}: {e}"));
        assert_eq!(again, epd, "{opcode}");
        assert_eq!(again.get(opcode).and_then(Value::opcode), Some(opcode));
    }
    assert_eq!(Opcode::comment(Register::ALL[3]), Opcode::C3);
}

const SEEDS: &[&str] = &[
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";",
    "rq2r1k1/5pp1/p7/4bNP1/1p2P2P/5Q2/PP4K1/5R1R w - - bm Nxg7; id \"BT-2630.1\"; ce 182; acs 0; acn 106652; pv Nxg7 Kxg7 Qxf7+ Kh8; c0 8",
    "4k3/8/8/8/8/8/8/4K3 w - - a \"foo\\\"bar\";; ; b \"foo\\\\\\\\\";",
    "rn1qkb1r/pp2pppp/5n2/3p1b2/3P4/2N1P3/PP3PPP/R1BQKBNR w KQkq - 0 1 id \"CCR01\"; bm Qb3;",
    "8/1p3kp1/p2Qp3/3pP1r1/1P1P4/2r1N3/3R1P2/4RK1q w - - 8 47; pv f1e2 h1h5 e2f1; c0 \"bm f7g8; am h5h1\";",
    "8/2K5/8/8/8/8/3p4/1k2N3 b - - wdl_table 2; wdl 2; dtz 1;",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - draw_offer; sm O-O; pm O-O; pv O-O O-O-O; tcri \"a@b\" \"A\"; dm 3; rc 2; hmvc 4; fmvn 9; v0; c3 \"x\";",
];

const ALPHABET: &[u8] = b" ;\"\\-+0123456789abcdefghKQkqwbpnrPNBR/=#\t\r\n\x00\xff";

fn mutate(rng: &mut XorShift, input: &mut Vec<u8>) {
    for _ in 0..=rng.below(3) {
        let at = rng.below(input.len() + 1);
        let byte = if rng.below(4) == 0 { rng.next_u64() as u8 } else { *pick(rng, ALPHABET) };
        match rng.below(3) {
            0 if at < input.len() => input[at] = byte,
            1 if at < input.len() => {
                input.remove(at);
            }
            _ => input.insert(at, byte),
        }
    }
}

#[test]
fn mutated_records_never_panic_and_stay_stable() {
    let mut rng = XorShift::new(0x0BAD_5EED);
    let mut accepted = 0;
    for _ in 0..30_000 {
        let mut input = pick(&mut rng, SEEDS).as_bytes().to_vec();
        mutate(&mut rng, &mut input);
        for record in EpdReader::new(&input) {
            let _ = record.diagnostics().iter().map(ToString::to_string).count();
            let Ok(epd) = record.result else { continue };
            accepted += 1;
            let _ = (epd.to_fen(), epd.eval(), epd.to_position());
            let Ok(first) = epd.to_canonical() else { continue };
            let again = Epd::from_ascii(&first).expect("canonical output reads back");
            assert_eq!(again, epd, "{}", String::from_utf8_lossy(&first));
            assert_eq!(again.to_canonical().as_ref(), Ok(&first));
        }
    }
    assert!(accepted > 5_000, "only {accepted} mutated records were accepted");
}
