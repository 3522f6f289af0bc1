//! For each move of the main line of each game of a PGN file: the game's
//! number, the move's ply, its SAN, its NAGs (suffixes folded in), the
//! comment after it with its white space squeezed, the clock after it in
//! seconds (`[%clk 0:03:00]` is 180) and the evaluation after it from
//! White's view (`0.17`, `#-3`), tab-separated.
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
            let clock = node.clock().map(|c| c.in_seconds().to_string()).unwrap_or_default();
            let eval = node.eval().map(|e| e.score.to_string()).unwrap_or_default();
            let (number, ply, san) = (game.number, node.ply(), node.san());
            println!("{number}\t{ply}\t{san}\t{}\t{comment}\t{clock}\t{eval}", nags.join(" "));
        }
    }
    Ok(())
}
