//! Builds the opera game (Morphy against the Duke of Brunswick and Count
//! Isouard, Paris 1858) from its tags and SAN text, prints it in export
//! format, then its PGC bytes in hex, then the export of the game decoded
//! from them, which is the same text.
//!
//! `cargo run -p pgn-examples --example build_and_encode`

use std::error::Error;

use pgn_replay::GameBuilder;

/// The moves, in SAN.
const MOVES: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 \
                     cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn main() -> Result<(), Box<dyn Error>> {
    // Building and export.
    let mut b = GameBuilder::new();
    b.tag("Event", "Paris").tag("Site", "Paris FRA").tag("Date", "1858.??.??").tag("Result", "1-0");
    b.tag("White", "Paul Morphy").tag("Black", "Duke Karl / Count Isouard");
    for san in MOVES.split_whitespace() {
        b.san(san)?;
    }
    let game = b.finish();
    print!("{}", pgn_export::to_string(&game));

    // PGC bytes in hex.
    let bytes = pgn_pgc::encode(&game)?;
    println!("{}", bytes.iter().map(|byte| format!("{byte:02x}")).collect::<String>());

    // Decoded and exported again.
    for decoded in pgn_pgc::decode_all(&bytes)? {
        print!("{}", pgn_export::to_string(&decoded));
    }
    Ok(())
}
