//! Compact boards through `Game` against the grid solver's own packed path, on one
//! `n x n` GF(2) grid (default 10,000): `cargo run --release -p lightsout-topo --example
//! compact_boards -- 10000`.

use lightsout_core::structured::{GridSolver, PackedBoard};
use lightsout_core::Modulus;
use lightsout_topo::{BoardFormat, Game};
use std::time::Instant;

fn best<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut out = None;
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(r);
    }
    (best, out.expect("three runs"))
}

fn main() {
    let n: usize = std::env::args().nth(1).map_or(10_000, |a| a.parse().expect("a side length"));
    let game = Game::grid(n, n, 2).expect("a grid");
    let grid = GridSolver::new(n, n, true, Modulus::TWO).expect("a grid solver");
    let (t, bytes) = best(|| game.random_solvable_board(1, BoardFormat::BYTES).expect("a board"));
    println!("random_solvable_board (bytes): {t:.3} s");
    let packed = game
        .encode_board(&game.decode_board("lights", &bytes, BoardFormat::BYTES).unwrap(), BoardFormat::PACKED)
        .unwrap();
    let board = PackedBoard::from_packbits(n, n, &packed).unwrap();
    let (t0, _) = best(|| grid.solve_packed_gf2(&board).unwrap());
    let (t1, _) = best(|| game.solve_board(&packed, BoardFormat::PACKED).unwrap());
    let (t2, s) = best(|| game.solve_board(&bytes, BoardFormat::BYTES).unwrap());
    let (t3, _) = best(|| game.is_solvable_board(&bytes, BoardFormat::BYTES).unwrap());
    let (t4, after) = best(|| game.apply_board(&bytes, &s, BoardFormat::BYTES).unwrap());
    assert!(after.iter().all(|&b| b == 0));
    println!("{n} x {n} GF(2): GridSolver::solve_packed_gf2 {t0:.3} s");
    println!("Game::solve_board packed {t1:.3} s ({:.2}x), bytes {t2:.3} s ({:.2}x)", t1 / t0, t2 / t0);
    println!("Game::is_solvable_board bytes {t3:.3} s, apply_board bytes {t4:.3} s");
}
