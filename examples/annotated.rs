//! For each move of the main line of each game of a PGN file: the game's
//! number, the move's ply, its SAN, its NAGs (suffixes folded in) and the
//! comment after it with its white space squeezed, tab-separated.
//!
//! `cargo run -p pgn-examples --example annotated -- FILE`

use std::error::Error;
use std::fs::File;

use pgn_replay::prelude::*;

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args().nth(1).ok_or("usage: annotated FILE")?;
    for game in pgn_replay::replay_games(File::open(path)?) {
        let game = game?;
        for node in game.game.mainline() {
            let nags: Vec<String> = node.nags().iter().map(|nag| nag.to_string()).collect();
            let comment = node.comment_after().split_whitespace().collect::<Vec<_>>().join(" ");
            let (number, ply, san) = (game.number, node.ply(), node.san());
            println!("{number}\t{ply}\t{san}\t{}\t{comment}", nags.join(" "));
        }
    }
    Ok(())
}
