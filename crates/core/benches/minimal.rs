//! Minimal solutions and statistics: the Gray-code enumeration rate (coset members per second)
//! and the 5x5 statistics table.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use lightsout_core::minimal::{minimal_in_coset, plus_grid, stats, Budget, Minimizer};
use lightsout_core::{Modulus, Solver};
use rand::{Rng, SeedableRng};

/// A random coset of `2^u` members in `n` buttons (random basis, random start).
fn random_coset(n: usize, u: usize, seed: u64) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let s = (0..n).map(|_| rng.gen_range(0..2)).collect();
    let basis = (0..u).map(|_| (0..n).map(|_| rng.gen_range(0..2)).collect()).collect();
    (s, basis)
}

fn gray_rate(c: &mut Criterion) {
    let mut g = c.benchmark_group("gray_code_gf2");
    g.sample_size(10);
    for (n, u) in [(64, 24), (361, 20), (1024, 20)] {
        let (s, basis) = random_coset(n, u, 1);
        g.throughput(Throughput::Elements(1 << u));
        g.bench_function(format!("{n}_buttons_nullity_{u}"), |b| {
            b.iter(|| minimal_in_coset(Modulus::TWO, black_box(&s), &basis, &Budget::work_only(1 << 40)).unwrap())
        });
    }
    g.finish();
    let mut g = c.benchmark_group("gray_code_z3");
    g.sample_size(10);
    let z3 = Modulus::new(3).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let (n, u) = (64, 14);
    let s: Vec<u32> = (0..n).map(|_| rng.gen_range(0..3)).collect();
    let basis: Vec<Vec<u32>> = (0..u).map(|_| (0..n).map(|_| rng.gen_range(0..3)).collect()).collect();
    g.throughput(Throughput::Elements(3u64.pow(u as u32)));
    g.bench_function(format!("{n}_buttons_nullity_{u}"), |b| {
        b.iter(|| minimal_in_coset(z3, black_box(&s), &basis, &Budget::work_only(1 << 40)).unwrap())
    });
    g.finish();
}

fn small_queries(c: &mut Criterion) {
    let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
    let min = Minimizer::new(&solver).unwrap();
    let boards: Vec<Vec<u32>> = (0..1000).map(|seed| solver.random_solvable(seed)).collect();
    let mut g = c.benchmark_group("minimal_query");
    g.throughput(Throughput::Elements(boards.len() as u64));
    g.bench_function("5x5_1000_boards", |b| {
        b.iter(|| boards.iter().map(|x| min.minimal(black_box(x), &Budget::default()).unwrap().weight).sum::<u64>())
    });
    g.finish();
}

fn five_by_five_stats(c: &mut Criterion) {
    let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
    let mut g = c.benchmark_group("stats");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1 << 25));
    g.bench_function("5x5_table", |b| b.iter(|| stats(black_box(&solver), &Budget::default()).unwrap()));
    g.finish();
}

criterion_group!(benches, gray_rate, small_queries, five_by_five_stats);
criterion_main!(benches);
