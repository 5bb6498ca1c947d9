//! Time the ring engines on n x n plus-rule grids over Z_k (composite k).
//!
//! `cargo run --release -p lightsout-core --example ring_bench -- K N [N ...]` prints one line
//! per size: `k N lights factor_seconds solve_seconds kernel_size divisors_not_1`. The factor
//! time is `RingSolver::new` (dense path: one Smith form per prime-power factor of k, or the
//! field engine for a prime factor); the solve time is one random solvable board solved and
//! checked.
//!
//! With `--structured` first, the same for `RingGridSolver::new` (light chasing per factor:
//! the structured field solver for a prime factor, chasing over Z/p^e and p-adic lifting for a
//! prime power), which never builds M; `--torus` or `--cylinder` first does the same for the
//! n x n torus or cylinder (left and right edges joined).

use lightsout_core::{minimal::plus_grid, ring::RingGridSolver, structured::Wrap, Modulus, RingSolver};
use std::time::Instant;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let wrap = match args.first().map(String::as_str) {
        Some("--structured") => Some(Wrap::None),
        Some("--torus") => Some(Wrap::Torus),
        Some("--cylinder") => Some(Wrap::Horizontal),
        _ => None,
    };
    if wrap.is_some() {
        args.remove(0);
    }
    let args: Vec<u64> = args.iter().map(|a| a.parse().expect("integers: K N [N ...]")).collect();
    let (&k, sizes) = args.split_first().expect("usage: ring_bench [--structured | --torus | --cylinder] K N [N ...]");
    let modulus = Modulus::ring(k).expect("2 <= K < 2^31");
    for &n in sizes {
        let n = n as usize;
        if let Some(wrap) = wrap {
            let start = Instant::now();
            let ring = RingGridSolver::new(n, n, wrap, true, modulus).expect("factor");
            let factor = start.elapsed().as_secs_f64();
            let board = ring.random_solvable(n as u64).expect("board");
            let start = Instant::now();
            let presses = ring.solve(&board).expect("a random solvable board is solvable");
            let solve = start.elapsed().as_secs_f64();
            assert!(ring.apply(&board, &presses).expect("sizes match").iter().all(|&x| x == 0));
            let divisors = ring.elementary_divisors();
            let not_one: Vec<u32> = divisors.iter().copied().filter(|&d| d != 1).collect();
            println!("{k} {n}x{n} {} {factor:.3} {solve:.3} {} {:?}", n * n, ring.kernel_size(), not_one);
            continue;
        }
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
