//! Draw a preset with a random solvable board and its solution as SVG.
//!
//! `cargo run -p lightsout-topo --example draw -- classic classic.svg [SEED]`

use lightsout_topo::{svg, text, Game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        eprintln!("usage: draw PRESET OUT.svg [SEED]");
        std::process::exit(2);
    }
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let result = (|| -> lightsout_topo::Result<()> {
        let game = Game::preset(&args[0])?;
        let board = game.random_solvable(seed)?;
        let presses = game.solve(&board)?;
        println!(
            "{game}\nboard:\n{}presses:\n{}",
            text::format_board(&game, &board)?,
            text::format_board(&game, &presses)?
        );
        std::fs::write(&args[1], svg::render(&game, Some(&board), Some(&presses))?)
            .map_err(|e| lightsout_core::Error::InvalidArgument(format!("cannot write {}: {e}", args[1])))?;
        Ok(())
    })();
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}
