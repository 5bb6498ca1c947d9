//! Time the batch solver without Python: `cargo run --release -p lightsout-core --example batch_bench [BOARDS]`.

use lightsout_core::batch::{BatchSolver, BoardLayout};
use lightsout_core::{minimal::plus_grid, Modulus, Solver};
use std::time::Instant;

fn main() {
    let count: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1_000_000);
    let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
    let batch = BatchSolver::new(&solver).unwrap();
    let boards: Vec<u8> = (0..1000u64).flat_map(|i| solver.random_solvable(i)).map(|v| v as u8).collect();
    let boards: Vec<u8> = boards.iter().copied().cycle().take(count * 25).collect();
    let mut presses = vec![0u8; boards.len()];
    let mut ok = vec![false; count];
    let layout = BoardLayout { stride: 25, cell_of_light: vec![] };
    for _ in 0..3 {
        let t = Instant::now();
        batch.solve(&boards, &layout, &mut presses, &mut ok).unwrap();
        let s = t.elapsed().as_secs_f64();
        println!("{count} classic boards: {s:.3} s ({:.0} ns/board)", s / count as f64 * 1e9);
    }
    assert!(ok.iter().all(|&x| x));
}
