//! An n x n grid over Z_k through `Game` as the Python front calls it (one byte a light): build
//! the game, deal a random solvable board, solve it (the first solve builds the engine), solve it
//! again; each phase timed. `cargo run --release -p lightsout-topo --example composite_grid --
//! N K [K ...]` (default 4096 and 2 4 6).

use lightsout_topo::{BoardFormat, Game};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("integers: N K [K ...]")).collect();
    let n = args.first().copied().unwrap_or(4096);
    let moduli = if args.len() > 1 { args[1..].to_vec() } else { vec![2, 4, 6] };
    for k in moduli {
        let t = Instant::now();
        let game = Game::grid(n, n, k as u64).expect("a grid");
        let build = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let board = game.random_solvable_board(1, BoardFormat::BYTES).expect("a board");
        let deal = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let presses = game.solve_board(&board, BoardFormat::BYTES).expect("solvable");
        let first = t.elapsed().as_secs_f64();
        let t = Instant::now();
        game.solve_board(&board, BoardFormat::BYTES).expect("solvable");
        let next = t.elapsed().as_secs_f64();
        let after = game.apply_board(&board, &presses, BoardFormat::BYTES).expect("apply");
        assert!(after.iter().all(|&b| b == 0), "the presses solve the board");
        println!(
            "{n}x{n} mod {k}: build {build:.3} s, deal {deal:.3} s, first solve {first:.3} s (total {:.3} s), next solve {next:.3} s",
            build + deal + first
        );
    }
}
