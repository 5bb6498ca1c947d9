//! Fewest presses on larger boards: exact Gray-code enumeration, then branch and bound.
//!
//! `cargo run --release -p lightsout-core --example stats_minimal [-- n seed work]`
//! prints, for one random solvable board of the n x n grid (default 19), the minimal solution
//! found, whether it is proven optimal, the lower bound, the work and the time.

use lightsout_core::minimal::{plus_grid, Budget, Minimizer};
use lightsout_core::{Modulus, Solver};
use std::time::Instant;

#[path = "common/report.rs"]
mod report;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().map_or(Ok(19), |a| a.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(1), |a| a.parse())?;
    let work: u64 = args.get(2).map_or(Ok(1 << 32), |a| a.parse())?;
    let solver = Solver::new(&plus_grid(n, n, Modulus::TWO)?)?;
    let min = Minimizer::new(&solver)?;
    let board = solver.random_solvable(seed);
    let start = Instant::now();
    let best = min.minimal(&board, &Budget::new(work, Some(std::time::Duration::from_secs(120))))?;
    let secs = start.elapsed().as_secs_f64();
    println!("{n}x{n} grid, nullity {}: {}", solver.nullity(), report::search_line(&best, secs));
    Ok(())
}
