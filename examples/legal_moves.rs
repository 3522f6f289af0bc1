//! The legal moves of a position in SAN, sorted by byte value, then the
//! FEN after the first of them (en passant square only where a capture is
//! legal, as python-chess's `Board.fen()` writes it).
//!
//! `cargo run -p pgn-examples --example legal_moves -- FEN`

use std::collections::BTreeMap;
use std::error::Error;

use fen_epd::{EnPassantMode, Fen, parse_position};
use san::{Move, San};

fn main() -> Result<(), Box<dyn Error>> {
    let mut pos = parse_position(std::env::args().nth(1).ok_or("usage: legal_moves FEN")?)?;
    let moves: BTreeMap<String, Move> =
        pos.legal_moves().iter().map(|&m| (San::from_move(&pos, m).to_string(), m)).collect();
    println!("{}", moves.keys().map(String::as_str).collect::<Vec<_>>().join(" "));
    pos.play_unchecked(*moves.values().next().ok_or("no legal move")?);
    println!("{}", Fen::from_position_with(&pos, EnPassantMode::Legal));
    Ok(())
}
