//! Time the ring engine on n x n plus-rule grids over Z_k (composite k), dense path.
//!
//! `cargo run --release -p lightsout-core --example ring_bench -- K N [N ...]` prints one line
//! per size: `k N lights factor_seconds solve_seconds kernel_size divisors_not_1`. The factor
//! time is `RingSolver::new` (one Smith form per prime-power factor of k, or the field engine
//! for a prime factor); the solve time is one random solvable board solved and checked.

use lightsout_core::{minimal::plus_grid, Modulus, RingSolver};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("integers: K N [N ...]")).collect();
    let (&k, sizes) = args.split_first().expect("usage: ring_bench K N [N ...]");
    let modulus = Modulus::ring(k).expect("2 <= K < 2^31");
    for &n in sizes {
        let n = n as usize;
        let m = plus_grid(n, n, modulus).expect("grid fits");
        let start = Instant::now();
        let ring = RingSolver::new(&m).expect("factor");
        let factor = start.elapsed().as_secs_f64();
        let board = ring.random_solvable(n as u64);
        let start = Instant::now();
        let presses = ring.solve(&board).expect("a random solvable board is solvable");
        let solve = start.elapsed().as_secs_f64();
        assert!(ring.apply(&board, &presses).expect("sizes match").iter().all(|&x| x == 0));
        let not_one = ring.elementary_divisors().iter().filter(|&&d| d != 1).count();
        println!("{k} {n}x{n} {} {factor:.3} {solve:.4} {} {not_one}", n * n, ring.kernel_size());
    }
}
