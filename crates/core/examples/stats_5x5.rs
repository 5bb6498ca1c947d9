//! The 5x5 classic's table: how many solvable boards need each number of presses.
//!
//! `cargo run --release -p lightsout-core --example stats_5x5 [-- out.svg]`

use lightsout_core::minimal::{plus_grid, stats, Budget};
use lightsout_core::{Modulus, Solver};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO)?)?;
    let start = Instant::now();
    let table = stats(&solver, &Budget::default())?;
    let elapsed = start.elapsed();
    print!("{}", table.to_table());
    println!("computed in {:.3} s", elapsed.as_secs_f64());
    if let Some(path) = std::env::args().nth(1) {
        std::fs::write(&path, table.to_svg())?;
        println!("bar chart written to {path}");
    }
    Ok(())
}
