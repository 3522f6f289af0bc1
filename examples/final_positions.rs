//! For each game of a PGN file: White, Black, the result and the FEN
//! after the last move of the main line (`-` for a game that cannot be
//! replayed to its end), tab-separated.
//!
//! `cargo run -p pgn-examples --example final_positions -- FILE`

use std::error::Error;
use std::fs::File;

use fen_epd::Fen;
use pgn_replay::prelude::*;

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: final_positions FILE")?;
    for game in pgn_replay::replay_games(File::open(path)?) {
        let game = game?.game;
        let fen = game.final_position().map(|end| Fen::from(&end).to_string());
        let [white, black] = [game.white(), game.black()].map(|name| name.unwrap_or("?".into()));
        println!("{white}\t{black}\t{}\t{}", game.result(), fen.as_deref().unwrap_or("-"));
    }
    Ok(())
}
