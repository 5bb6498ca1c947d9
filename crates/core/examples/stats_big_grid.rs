//! Fewest presses on a huge grid: the structured solver gives one solution and the quiet
//! patterns, the packed GF(2) search improves the solution within a time budget.
//!
//! `cargo run --release -p lightsout-core --example stats_big_grid [-- n seconds seed]`
//! (defaults: the 1024 x 1024 grid, nullity 484, 60 s). Needs about 2 GB while the quiet
//! patterns are converted from one entry per button to packed words.

use lightsout_core::minimal::{minimal_in_coset_gf2, Budget};
use lightsout_core::structured::GridSolver;
use lightsout_core::{pack_bits, Modulus};
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().map_or(Ok(1024), |a| a.parse())?;
    let seconds: f64 = args.get(1).map_or(Ok(60.0), |a| a.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(1), |a| a.parse())?;
    let grid = GridSolver::new(n, n, true, Modulus::TWO)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let presses: Vec<u32> = (0..n * n).map(|_| rng.gen_range(0..2)).collect();
    let board = grid.apply(&vec![0; n * n], &presses)?;
    let t = Instant::now();
    let particular = grid.solve(&board)?;
    let basis: Vec<Vec<u64>> = grid.null_basis()?.iter().map(|v| pack_bits(v)).collect();
    println!(
        "{n}x{n} grid, nullity {}: one solution and the quiet patterns in {:.2} s; that solution presses {}",
        basis.len(),
        t.elapsed().as_secs_f64(),
        particular.iter().sum::<u32>()
    );
    let t = Instant::now();
    let budget = Budget::new(u64::MAX, Some(Duration::from_secs_f64(seconds)));
    let best = minimal_in_coset_gf2(n * n, &pack_bits(&particular), &basis, &budget)?;
    println!(
        "fewest found: {} presses ({}), lower bound {}, {} members examined in {:.2} s",
        best.weight,
        if best.proven_optimal { "proven optimal" } else { "not proven" },
        best.lower_bound,
        best.explored,
        t.elapsed().as_secs_f64()
    );
    assert!(grid.apply(&board, &best.presses)?.iter().all(|&x| x == 0));
    Ok(())
}
