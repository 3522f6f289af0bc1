//! The `serde` feature: FEN and EPD records as their text, operations and
//! diagnostics as JSON objects, read back equal; and `chess-core`'s FEN
//! text for positions held to this crate's reading and writing.
#![cfg(feature = "serde")]

use chess_core::{Position, Setup};
use fen_epd::{
    Epd, EpdDiagnostic, EpdReader, EpdWarning, Fen, Mnemonic, Opcode, Operation, RawEpd, Register,
    Value,
};
use serde_json::json;
use testkit::XorShift;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn a_fen_is_its_text_and_is_read_strictly() {
    let fen = Fen::from_ascii(KIWIPETE).unwrap();
    let text = serde_json::to_string(&fen).unwrap();
    assert_eq!(text, format!("\"{KIWIPETE}\""));
    assert_eq!(serde_json::from_str::<Fen>(&text).unwrap(), fen);
    // The strict reader: four fields are an error here.
    let four = json!("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    assert!(serde_json::from_value::<Fen>(four).is_err());
    // A FEN is not checked for legality; its position is.
    let two_kings = json!("4k3/8/8/8/8/8/8/3KK3 w - - 0 1");
    let fen: Fen = serde_json::from_value(two_kings.clone()).unwrap();
    assert!(fen.into_position().is_err());
    assert!(serde_json::from_value::<Position>(two_kings).is_err());
}

#[test]
fn an_epd_record_is_its_canonical_text_and_its_operations_objects() {
    let record = "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - \
                  bm Rxf4; id \"ERET 001 - Relief\"; c0 \"Köln\"; ce 35; acn 12000;";
    let epd = Epd::from_ascii(record).unwrap();
    let value = serde_json::to_value(&epd).unwrap();
    // Canonical: operations in byte order of their opcodes (ruling D1).
    assert_eq!(
        value,
        json!(
            "r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - \
               acn 12000; bm Rxf4; c0 \"Köln\"; ce 35; id \"ERET 001 - Relief\";"
        )
    );
    assert_eq!(serde_json::from_value::<Epd>(value).unwrap(), epd);

    let operations = serde_json::to_value(epd.operations()).unwrap();
    let bm = &operations[0];
    assert_eq!(bm["value"]["bm"][0]["text"], "Rxf4");
    assert_eq!(bm["location"], json!({"offset": 62, "line": 1, "column": 63}));
    assert_eq!(operations[2]["value"], json!({"comment": [0, "Köln"]}));
    assert_eq!(operations[3]["value"], json!({"ce": 35}));
    let read: Vec<Operation> = serde_json::from_value(operations).unwrap();
    assert_eq!(read, epd.operations());
    assert_eq!(read[0].location, epd.operations()[0].location);
}

#[test]
fn opcodes_mnemonics_and_registers_are_their_text_and_digit() {
    assert_eq!(serde_json::to_value(Opcode::DrawOffer).unwrap(), json!("draw_offer"));
    assert_eq!(serde_json::from_value::<Opcode>(json!("bm")).unwrap(), Opcode::Bm);
    assert!(serde_json::from_value::<Opcode>(json!("Bm")).is_err());
    let private = Mnemonic::from_ascii("Xyz_1").unwrap();
    assert_eq!(serde_json::to_value(private).unwrap(), json!("Xyz_1"));
    assert_eq!(serde_json::from_value::<Mnemonic>(json!("Xyz_1")).unwrap(), private);
    assert!(serde_json::from_value::<Mnemonic>(json!("1abc")).is_err());
    assert_eq!(serde_json::to_value(Register::ALL[7]).unwrap(), json!(7));
    assert!(serde_json::from_value::<Register>(json!(10)).is_err());
    // An unknown operation must name an unknown opcode.
    let unknown = json!({"unknown": {"mnemonic": "Xyz", "operands": []}});
    assert!(serde_json::from_value::<Value>(unknown).is_ok());
    let known = json!({"unknown": {"mnemonic": "bm", "operands": []}});
    let error = serde_json::from_value::<Value>(known).unwrap_err().to_string();
    assert!(error.contains("opcode of the registry"), "{error}");
}

#[test]
fn diagnostics_of_a_file_serialize_and_warnings_read_back() {
    let input = "4k3/8/8/8/8/8/8/4K3 w - -  id \"a\"\n4k3/8/8/8/8/8/8/4K3 w - - ce x;\n";
    let lines: Vec<_> = EpdReader::new(input.as_bytes()).collect();
    let warnings: Vec<EpdWarning> = lines[0].warnings.clone();
    assert!(!warnings.is_empty());
    let value = serde_json::to_value(&warnings).unwrap();
    assert_eq!(serde_json::from_value::<Vec<EpdWarning>>(value).unwrap(), warnings);

    let diagnostics: Vec<EpdDiagnostic> = lines[1].diagnostics();
    let value = serde_json::to_value(&diagnostics).unwrap();
    let error = &value[0]["error"];
    assert_eq!(error["kind"]["wrong_type"]["opcode"], "ce");
    assert_eq!(error["kind"]["wrong_type"]["expected"], "integer");
    assert_eq!(error["location"]["line"], 2);
    let line = serde_json::to_value(&lines[1]).unwrap();
    assert_eq!(line["line"], 2);
    assert!(line["result"]["Err"].is_object());
}

#[test]
fn a_raw_record_shows_its_operands_as_read() {
    let raw =
        RawEpd::from_ascii(b"4k3/8/8/8/8/8/8/4K3 w - - pv e4 e5; c0 \"a \\\"b\\\"\";").unwrap();
    let value = serde_json::to_value(&raw).unwrap();
    assert_eq!(value["fen"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(value["operations"][0]["mnemonic"], "pv");
    assert_eq!(value["operations"][0]["operands"][1]["text"], "e5");
    assert_eq!(value["operations"][1]["operands"][0]["form"], "escaped_string");
}

/// Positions of random games from the standard start and from Chess960
/// starts (castling rights of rooks that are not in the corners).
fn positions() -> Vec<Position> {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
        "rkr5/8/8/8/8/8/8/RKR5 w ACac - 0 1",
        "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1",
    ];
    let mut rng = XorShift::new(0x00f3_e7d0);
    let mut out = Vec::new();
    for start in starts {
        for _ in 0..25 {
            let mut pos = fen_epd::parse_position(start).unwrap();
            out.push(pos.clone());
            for _ in 0..rng.below(80) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.below(moves.len())]);
                out.push(pos.clone());
            }
        }
    }
    out
}

#[test]
fn chess_core_writes_the_fen_this_crate_writes_and_reads_what_it_reads() {
    for pos in positions() {
        let fen = Fen::from(&pos).to_string();
        assert_eq!(serde_json::to_value(&pos).unwrap(), json!(fen));
        assert_eq!(serde_json::to_value(pos.to_setup()).unwrap(), json!(fen));
        assert_eq!(serde_json::to_value(pos.board()).unwrap(), json!(fen.split(' ').next()));
        let read: Position = serde_json::from_value(json!(fen)).unwrap();
        assert_eq!(read, pos, "{fen}");
        // The same FEN with Shredder-FEN castling reads the same.
        let shredder = Fen::from(&pos).to_string_with(fen_epd::CastlingNotation::Shredder);
        assert_eq!(serde_json::from_value::<Position>(json!(shredder)).unwrap(), pos, "{shredder}");
    }
}

#[test]
fn chess_core_takes_and_refuses_the_fens_this_crate_does() {
    let mut rng = XorShift::new(0x00ba_dfe4);
    let alphabet = b"rnbqkpRNBQKP12345678/ wb-KQkqABCDEFGHabcdefgh0123456789";
    let mut texts: Vec<String> = Vec::new();
    for pos in positions().into_iter().step_by(7) {
        let fen = Fen::from(&pos).to_string();
        for _ in 0..6 {
            let mut bytes = fen.clone().into_bytes();
            match rng.below(3) {
                0 => {
                    let at = rng.below(bytes.len());
                    bytes[at] = alphabet[rng.below(alphabet.len())];
                }
                1 => {
                    let at = rng.below(bytes.len());
                    bytes.remove(at);
                }
                _ => {
                    let at = rng.below(bytes.len() + 1);
                    bytes.insert(at, alphabet[rng.below(alphabet.len())]);
                }
            }
            texts.push(String::from_utf8(bytes).unwrap());
        }
    }
    let mut accepted = 0;
    for text in &texts {
        let ours = Fen::from_ascii(text);
        let setup = serde_json::from_value::<Setup>(json!(text));
        assert_eq!(setup.as_ref().ok(), ours.as_ref().ok().map(Fen::as_setup), "{text}");
        let position = serde_json::from_value::<Position>(json!(text));
        let checked = ours.ok().and_then(|fen| fen.into_position().ok());
        assert_eq!(position.ok(), checked, "{text}");
        accepted += usize::from(setup.is_ok());
    }
    // Both kinds of text were tried.
    assert!(accepted > 10 && accepted < texts.len() - 10, "{accepted} of {}", texts.len());
}
