//! Time the dense engines on random matrices, for the comparison harness in `bench/`.
//!
//! `cargo run --release -p lightsout-core --example dense_bench -- ENGINE N [REPEATS]` prints one
//! line `ENGINE N SECONDS RANK` with the best of REPEATS runs (default 3), where ENGINE is one of
//! `gf2-rank`, `gf2-rref`, `gf2-simple` (plain Gauss-Jordan), `gf3-rank`, `gf3-rref` or
//! `generic3-rref` (the reference engine at p = 3). The matrices are random and reproducible.

use lightsout_core::elim::{generic, gf2, gf3};
use lightsout_core::{BitMatrix, Matrix, Modulus};
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn random_bits(n: usize, seed: u64) -> BitMatrix {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut m = BitMatrix::zeros(n, n).expect("benchmark sizes fit");
    let tail = if n % 64 == 0 { !0 } else { (1u64 << (n % 64)) - 1 };
    let wpr = m.words_per_row();
    for (i, w) in m.words_mut().iter_mut().enumerate() {
        *w = rng.gen::<u64>() & if i % wpr == wpr - 1 { tail } else { !0 };
    }
    m
}

fn random_z3(n: usize, seed: u64) -> Matrix {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let data: Vec<i64> = (0..n * n).map(|_| rng.gen_range(0..3)).collect();
    Matrix::from_flat_reduced(Modulus::new(3).expect("3 is prime"), n, n, &data).expect("benchmark sizes fit")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: dense_bench ENGINE N [REPEATS]  (ENGINE: gf2-rank gf2-rref gf2-simple gf3-rank gf3-rref generic3-rref)";
    let (Some(engine), Some(n)) = (args.first(), args.get(1).and_then(|s| s.parse::<usize>().ok())) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let repeats = args.get(2).and_then(|s| s.parse::<usize>().ok()).unwrap_or(3).max(1);
    let mut best = f64::INFINITY;
    let mut rank = 0;
    for rep in 0..repeats {
        let seed = 1 + rep as u64;
        let (secs, r) = match engine.as_str() {
            "gf2-rank" | "gf2-rref" | "gf2-simple" => {
                let mut m = random_bits(n, seed);
                let t = Instant::now();
                let r = match engine.as_str() {
                    "gf2-rank" => gf2::rank(&mut m),
                    "gf2-rref" => gf2::rref(&mut m, n).len(),
                    _ => gf2::rref_simple(&mut m, n).len(),
                };
                (t.elapsed().as_secs_f64(), r)
            }
            "gf3-rank" | "gf3-rref" => {
                let mut m = gf3::Gf3Matrix::from_matrix(&random_z3(n, seed)).expect("a Z_3 matrix");
                let t = Instant::now();
                let r = if engine == "gf3-rank" { gf3::rank(&mut m) } else { gf3::rref(&mut m, n).len() };
                (t.elapsed().as_secs_f64(), r)
            }
            "generic3-rref" => {
                let mut m = random_z3(n, seed);
                let t = Instant::now();
                let r = generic::rref(m.modulus().field(), &mut m, n).len();
                (t.elapsed().as_secs_f64(), r)
            }
            _ => {
                eprintln!("unknown engine {engine:?}; {usage}");
                std::process::exit(2);
            }
        };
        best = best.min(secs);
        rank = r;
    }
    println!("{engine} {n} {best:.6} {rank}");
}
