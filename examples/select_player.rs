//! The games of a PGN file whose White or Black tag contains a name, in
//! export format.
//!
//! `cargo run -p pgn-examples --example select_player -- FILE NAME`

use std::error::Error;
use std::fs::File;

use pgn_select::{Criterion, Selection};

fn main() -> Result<(), Box<dyn Error>> {
    let arg = |i| std::env::args().nth(i).ok_or("usage: select_player FILE NAME");
    let selection = Selection::new().with(Criterion::parse("player", &arg(2)?, false)?);
    for game in selection.filter(File::open(arg(1)?)?) {
        print!("{}", pgn_export::to_string(&game?.game));
    }
    Ok(())
}
