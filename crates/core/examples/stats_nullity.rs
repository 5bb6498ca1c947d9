//! Nullity of the n x n grid over GF(2) against n, as a table and an SVG plot.
//!
//! `cargo run --release -p lightsout-core --example stats_nullity [-- n_max out.svg]`
//! (default n_max 64).

use lightsout_core::minimal::nullity_table;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n_max: usize = args.first().map_or(Ok(64), |a| a.parse())?;
    let start = Instant::now();
    let table = nullity_table(n_max)?;
    let secs = start.elapsed().as_secs_f64();
    print!("{}", table.to_table());
    println!("n = 1..{n_max} in {secs:.3} s");
    if let Some(path) = args.get(1) {
        std::fs::write(path, table.to_svg())?;
        println!("plot written to {path}");
    }
    Ok(())
}
