//! A 1000 x 1000 board (plus rule) with 10% of its cells removed at random, solved by the
//! banded solver: reverse Cuthill-McKee, then bit-packed elimination inside the band (over
//! GF(2); give a prime p as the fourth argument for Z_p, one `u32` per band entry).
//!
//! ```text
//! /usr/bin/time -v cargo run --release -p lightsout-core --example banded_holes [side] [percent] [seed] [p]
//! ```

use lightsout_core::banded::BandedSolver;
use lightsout_core::{Modulus, SparseMatrix};
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| -> u64 {
        args.get(i)
            .map_or(default, |a| a.parse().unwrap_or_else(|_| panic!("argument {} must be a number, not {a}", i + 1)))
    };
    let (side, percent, seed) = (arg(0, 1000) as usize, arg(1, 10), arg(2, 1));
    let modulus = Modulus::new(arg(3, 2)).unwrap_or_else(|e| panic!("the fourth argument: {e}"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let hole: Vec<bool> = (0..side * side).map(|_| rng.gen_range(0..100) < percent).collect();

    let t = Instant::now();
    let m = masked_grid(side, &hole, modulus);
    let build = t.elapsed();
    println!(
        "board: {side} x {side}, {percent}% removed (seed {seed}), modulus {modulus}: {} lights, {} non-zeros",
        m.rows(),
        m.nnz()
    );

    let t = Instant::now();
    let solver = BandedSolver::new(&m).expect("the band fits the default memory limit");
    let factor = t.elapsed();
    let (lower, upper) = solver.bandwidth();
    println!(
        "band: lower {lower}, upper {upper}, widest row {}, at most {} active rows",
        solver.row_width(),
        solver.active_rows()
    );
    println!(
        "rank {}, nullity {}, factors {:.1} MB, counted working set {:.1} MB",
        solver.rank(),
        solver.nullity(),
        solver.factor_bytes() as f64 / 1e6,
        solver.budget_bytes() as f64 / 1e6
    );

    let board = solver.random_solvable(seed);
    let t = Instant::now();
    let presses = solver.solve(&board).expect("a random solvable board is solvable");
    let solve = t.elapsed();
    let t = Instant::now();
    let quiet = solver.null_basis().expect("the null basis fits");
    let null = t.elapsed();
    let dark = solver.apply(&board, &presses).unwrap().iter().all(|&x| x == 0);
    let all_quiet = quiet.iter().all(|v| m.mul_vec(v).unwrap().iter().all(|&x| x == 0));
    println!(
        "times: build M {:.3} s, order + eliminate {:.3} s, solve one board {:.3} s, null basis {:.3} s",
        build.as_secs_f64(),
        factor.as_secs_f64(),
        solve.as_secs_f64(),
        null.as_secs_f64()
    );
    println!("checked: board dark after pressing {dark}, {} null vectors quiet {all_quiet}", quiet.len());
    assert!(dark && all_quiet, "the banded solver gave a wrong answer");
}

/// The plus rule on a `side x side` grid without the cells marked as holes; lights are
/// numbered row-major, skipping holes.
fn masked_grid(side: usize, hole: &[bool], modulus: Modulus) -> SparseMatrix {
    let mut index = vec![u32::MAX; side * side];
    let mut n = 0;
    for (cell, &h) in hole.iter().enumerate() {
        if !h {
            index[cell] = n;
            n += 1;
        }
    }
    let mut sets = Vec::with_capacity(n as usize);
    for r in 0..side {
        for c in 0..side {
            if hole[r * side + c] {
                continue;
            }
            let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1), (r, c)];
            sets.push(
                near.iter()
                    .filter(|&&(rr, cc)| rr < side && cc < side && !hole[rr * side + cc])
                    .map(|&(rr, cc)| index[rr * side + cc] as usize)
                    .collect(),
            );
        }
    }
    SparseMatrix::from_press_sets(modulus, n as usize, sets).unwrap()
}
