//! Fewest presses for a random solvable board of the n x n torus: the exhaustive walk's rate.
//!
//! `cargo run --release -p lightsout-core --example fewest_torus [-- N [SEED [SECONDS]]]`
//! (default the 33 x 33 torus, nullity 44, seed 1, 60 s) searches every solution (no work
//! limit) until SECONDS have passed (`inf`: until proven), then prints the fewest presses found,
//! whether they are proven, the members examined, and the members per second of wall and of CPU
//! time. The board is the CLI's `lightsout solve --torus NxN --random SEED`.

#[path = "common/cpu.rs"]
mod common_cpu;
use common_cpu::cpu;
use lightsout_core::matrix::SparseMatrix;
use lightsout_core::minimal::{Budget, Minimizer};
use lightsout_core::{Modulus, Solver};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().map_or(Ok(33), |a| a.parse())?;
    let seed: u64 = args.get(1).map_or(Ok(1), |a| a.parse())?;
    let secs: f64 = args.get(2).map_or(Ok(60.0), |a| a.parse())?;
    let time = secs.is_finite().then(|| Duration::from_secs_f64(secs));
    // The plus rule with the edges wrapped round: button r * n + c.
    let sets = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let mut set =
                vec![i, (r + n - 1) % n * n + c, (r + 1) % n * n + c, r * n + (c + n - 1) % n, r * n + (c + 1) % n];
            set.sort_unstable();
            set.dedup();
            set
        })
        .collect();
    let solver = Solver::new(&SparseMatrix::from_press_sets(Modulus::TWO, n * n, sets)?)?;
    let min = Minimizer::new(&solver)?;
    let board = solver.random_solvable(seed);
    let (start, cpu0) = (Instant::now(), cpu());
    let best = min.minimal(&board, &Budget::new(u64::MAX, time))?;
    let (wall, cpu) = (start.elapsed().as_secs_f64(), cpu() - cpu0);
    println!(
        "torus {n} x {n}, nullity {}, seed {seed}: {} presses, {}, {:.3e} members in {wall:.1} s wall, {cpu:.1} s CPU: \
         {:.3e} members/s, {:.3e} per CPU-second",
        solver.nullity(),
        best.weight,
        if best.proven_optimal { "proven" } else { "not proven" },
        best.explored as f64,
        best.explored as f64 / wall,
        best.explored as f64 / cpu
    );
    Ok(())
}
