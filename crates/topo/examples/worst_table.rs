//! The worst case ("God's number") of the n x n grids and a few tori, as the Markdown table in
//! docs/WORST_CASE.md.
//!
//! `cargo run --release -p lightsout-topo --example worst_table [-- N_MAX SECONDS]`
//! runs every n x n grid for n = 1..N_MAX (default 40) over GF(2), then the n x n tori for
//! n = 2..10 over GF(2) and the n x n grids for n = 2..14 over Z_3, each with a budget of
//! SECONDS (default 60) and no work limit. A row is either proven (`proven`) or gives the
//! hardest board found and an upper bound. The total time of the grids n <= 20 is printed last.

use lightsout_core::minimal::Budget;
use lightsout_topo::Game;
use std::time::{Duration, Instant};

fn row(game: &Game, label: &str, seconds: f64) -> Result<f64, Box<dyn std::error::Error>> {
    let start = Instant::now();
    let w = game.worst_case(&Budget::new(u64::MAX, Some(Duration::from_secs_f64(seconds))))?;
    let secs = start.elapsed().as_secs_f64();
    let answer =
        if w.proven_optimal { format!("**{}**", w.weight) } else { format!("{} .. {}", w.weight, w.upper_bound) };
    let status = if w.proven_optimal { "proven" } else { "bound" };
    println!("| {label} | {} | {} | {answer} | {status} | {secs:.2} |", game.size(), game.nullity()?);
    Ok(secs)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n_max: usize = args.first().map_or(Ok(40), |a| a.parse())?;
    let seconds: f64 = args.get(1).map_or(Ok(60.0), |a| a.parse())?;
    println!("| game | lights | nullity | worst case | | seconds |");
    println!("|---|---:|---:|---:|---|---:|");
    let mut small = 0.0;
    for n in 1..=n_max {
        let secs = row(&Game::grid(n, n, 2)?, &format!("{n} x {n} grid"), seconds)?;
        if n <= 20 {
            small += secs;
        }
    }
    for n in 2..=10 {
        row(&Game::torus(n, n, 2)?, &format!("{n} x {n} torus"), seconds)?;
    }
    for n in 2..=14 {
        row(&Game::grid(n, n, 3)?, &format!("{n} x {n} grid, Z_3"), seconds)?;
    }
    println!("\ngrids n <= {}: {small:.2} s in all", n_max.min(20));
    Ok(())
}
