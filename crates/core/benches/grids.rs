//! Structured solver benchmarks: `cargo bench -p lightsout-core --bench grids`.
//!
//! Grids with the plus rule, setup (chase of e_1, chi, gcd) plus one solve of a random solvable
//! board: GF(2) packed at 1000 x 1000 and 10,000 x 10,000, Z_3 one byte per light and packed two
//! bits per light at 1000 x 1000 and 10,000 x 10,000; the seed's torus decision at n = 2000; a
//! 1024 x 1024 torus solve. The
//! 10^10-light grid and the 4096 x 4096 torus run in the `grid_huge` and `grid_torus` examples,
//! since criterion repeats every measurement. Results: docs/BENCHMARKS.md.
//!
//! Under `cargo test` (no `--bench` argument) every size is cut to a small one, so that the
//! test suite only checks that the benchmarks run.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use lightsout_core::structured::{torus_decide_gf2, GridSolver, PackedBoard, PackedBoard3, Wrap, WrapSolver};
use lightsout_core::Modulus;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The benchmark size, or a small stand-in when run as a test.
fn size(n: usize) -> usize {
    if std::env::args().any(|a| a == "--bench") {
        n
    } else {
        n / 16
    }
}

/// `M s` for random presses `s`: a solvable board.
fn solvable(g: &GridSolver, seed: u64) -> Vec<u32> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let p = g.modulus().get();
    let s: Vec<u32> = (0..g.lights()).map(|_| rng.gen_range(0..p)).collect();
    g.apply(&vec![0; g.lights()], &s).expect("sizes match")
}

fn grids(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for n in [size(1000), size(10_000)] {
        let g = GridSolver::new(n, n, true, Modulus::TWO).expect("solver");
        let board = PackedBoard::from_values(n, n, &solvable(&g, 1)).expect("0/1 board");
        group.bench_with_input(BenchmarkId::new("gf2-packed-setup+solve", n), &board, |b, board| {
            b.iter(|| {
                let g = GridSolver::new(n, n, true, Modulus::TWO).expect("solver");
                g.solve_packed_gf2(board).expect("solvable")
            })
        });
    }
    let z3 = Modulus::new(3).expect("3 is prime");
    for n in [size(1000), size(10_000)] {
        let g = GridSolver::new(n, n, true, z3).expect("solver");
        let board: Vec<u8> = solvable(&g, 2).into_iter().map(|x| x as u8).collect();
        group.bench_with_input(BenchmarkId::new("z3-bytes-setup+solve", n), &board, |b, board| {
            b.iter(|| {
                let g = GridSolver::new(n, n, true, z3).expect("solver");
                g.solve_bytes(board).expect("solvable")
            })
        });
        let packed = PackedBoard3::from_bytes(n, n, &board).expect("values in 0..3");
        group.bench_with_input(BenchmarkId::new("z3-packed-setup+solve", n), &packed, |b, board| {
            b.iter(|| {
                let g = GridSolver::new(n, n, true, z3).expect("solver");
                g.solve_packed_gf3(board).expect("solvable")
            })
        });
    }
    group.finish();
}

fn tori(c: &mut Criterion) {
    let mut group = c.benchmark_group("torus");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    let n = size(2000);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let lit: Vec<(usize, usize)> = (0..n * n).filter(|_| rng.gen_bool(0.5)).map(|i| (i / n, i % n)).collect();
    group.bench_with_input(BenchmarkId::new("gf2-decide", n), &lit, |b, lit| {
        b.iter(|| torus_decide_gf2(n, lit).expect("valid input"))
    });
    let n = size(1024);
    let t = WrapSolver::new(n, n, Wrap::Torus, true, Modulus::TWO).expect("solver");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let s: Vec<u32> = (0..n * n).map(|_| rng.gen_range(0..2)).collect();
    let board = t.apply(&vec![0; n * n], &s).expect("sizes match");
    group.bench_with_input(BenchmarkId::new("gf2-setup+solve", n), &board, |b, board| {
        b.iter(|| {
            let t = WrapSolver::new(n, n, Wrap::Torus, true, Modulus::TWO).expect("solver");
            t.solve(board).expect("solvable")
        })
    });
    group.finish();
}

criterion_group!(benches, grids, tori);
criterion_main!(benches);
