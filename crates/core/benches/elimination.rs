//! Dense elimination benchmarks: `cargo bench -p lightsout-core --bench elimination`.
//!
//! GF(2) rank with the Four Russians engine at N = 1000, 4096, 10000 (N = 20000 runs only in the
//! `dense_bench` example, since criterion repeats every measurement), GF(3) rref and rank with the
//! bitsliced engine at N = 500, 2000, 4000, and the plain engines (GF(2) Gauss-Jordan, the
//! generic Z_p engine at p = 3) at small N for the ratio. Results: docs/BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use lightsout_core::elim::{generic, gf2, gf3};
use lightsout_core::{BitMatrix, Matrix, Modulus};
use rand::{Rng, SeedableRng};
use std::time::Duration;

fn random_bits(n: usize) -> BitMatrix {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
    let mut m = BitMatrix::zeros(n, n).expect("benchmark sizes fit");
    for r in 0..n {
        for c in 0..n {
            if rng.r#gen::<bool>() {
                m.set(r, c, true);
            }
        }
    }
    m
}

fn random_z3(n: usize) -> Matrix {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
    let data: Vec<i64> = (0..n * n).map(|_| rng.gen_range(0..3)).collect();
    Matrix::from_flat_reduced(Modulus::new(3).expect("3 is prime"), n, n, &data).expect("benchmark sizes fit")
}

fn gf2_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("gf2");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    for n in [1000, 4096, 10000] {
        let m = random_bits(n);
        g.bench_with_input(BenchmarkId::new("m4r-rank", n), &m, |b, m| {
            b.iter_batched(|| m.clone(), |mut x| gf2::rank(&mut x), BatchSize::LargeInput)
        });
    }
    for n in [1000, 4096] {
        let m = random_bits(n);
        g.bench_with_input(BenchmarkId::new("m4r-rref", n), &m, |b, m| {
            b.iter_batched(|| m.clone(), |mut x| gf2::rref(&mut x, n), BatchSize::LargeInput)
        });
        g.bench_with_input(BenchmarkId::new("simple-rref", n), &m, |b, m| {
            b.iter_batched(|| m.clone(), |mut x| gf2::rref_simple(&mut x, n), BatchSize::LargeInput)
        });
    }
    g.finish();
}

fn gf3_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("gf3");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    for n in [500, 2000, 4000] {
        let m = gf3::Gf3Matrix::from_matrix(&random_z3(n)).expect("a Z_3 matrix");
        g.bench_with_input(BenchmarkId::new("bitsliced-rref", n), &m, |b, m| {
            b.iter_batched(|| m.clone(), |mut x| gf3::rref(&mut x, n), BatchSize::LargeInput)
        });
        g.bench_with_input(BenchmarkId::new("bitsliced-rank", n), &m, |b, m| {
            b.iter_batched(|| m.clone(), |mut x| gf3::rank(&mut x), BatchSize::LargeInput)
        });
    }
    for n in [250, 500] {
        let m = random_z3(n);
        g.bench_with_input(BenchmarkId::new("generic-rref", n), &m, |b, m| {
            b.iter_batched(|| m.clone(), |mut x| generic::rref(x.modulus().field(), &mut x, n), BatchSize::LargeInput)
        });
    }
    g.finish();
}

criterion_group!(benches, gf2_benches, gf3_benches);
criterion_main!(benches);
