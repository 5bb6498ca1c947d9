//! Time the dense engines on random matrices, for the comparison harness in `bench/`.
//!
//! `cargo run --release -p lightsout-core --example dense_bench -- ENGINE N [REPEATS]` prints one
//! line `ENGINE N SECONDS RANK CPU_SECONDS` with the best of REPEATS runs (default 3) and the
//! processor time of that run over all threads (Linux; `-` elsewhere), where ENGINE is one of
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
        *w = rng.r#gen::<u64>() & if i % wpr == wpr - 1 { tail } else { !0 };
    }
    m
}

fn random_z3(n: usize, seed: u64) -> Matrix {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let data: Vec<i64> = (0..n * n).map(|_| rng.gen_range(0..3)).collect();
    Matrix::from_flat_reduced(Modulus::new(3).expect("3 is prime"), n, n, &data).expect("benchmark sizes fit")
}

/// Processor time of this process so far (user + system, all threads), from `/proc/self/stat`.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit(')').next()?.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
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
    let (mut best, mut best_cpu, mut rank) = (f64::INFINITY, None, 0);
    for rep in 0..repeats {
        let seed = 1 + rep as u64;
        let (secs, cpu, r) = match engine.as_str() {
            "gf2-rank" | "gf2-rref" | "gf2-simple" => {
                let mut m = random_bits(n, seed);
                let (t, c0) = (Instant::now(), cpu_seconds());
                let r = match engine.as_str() {
                    "gf2-rank" => gf2::rank(&mut m),
                    "gf2-rref" => gf2::rref(&mut m, n).len(),
                    _ => gf2::rref_simple(&mut m, n).len(),
                };
                (t.elapsed().as_secs_f64(), cpu_seconds().zip(c0).map(|(a, b)| a - b), r)
            }
            "gf3-rank" | "gf3-rref" => {
                let mut m = gf3::Gf3Matrix::from_matrix(&random_z3(n, seed)).expect("a Z_3 matrix");
                let (t, c0) = (Instant::now(), cpu_seconds());
                let r = if engine == "gf3-rank" { gf3::rank(&mut m) } else { gf3::rref(&mut m, n).len() };
                (t.elapsed().as_secs_f64(), cpu_seconds().zip(c0).map(|(a, b)| a - b), r)
            }
            "generic3-rref" => {
                let mut m = random_z3(n, seed);
                let (t, c0) = (Instant::now(), cpu_seconds());
                let r = generic::rref(m.modulus().field(), &mut m, n).len();
                (t.elapsed().as_secs_f64(), cpu_seconds().zip(c0).map(|(a, b)| a - b), r)
            }
            _ => {
                eprintln!("unknown engine {engine:?}; {usage}");
                std::process::exit(2);
            }
        };
        if secs < best {
            (best, best_cpu) = (secs, cpu);
        }
        rank = r;
    }
    let cpu = best_cpu.map_or("-".to_string(), |c| format!("{c:.2}"));
    println!("{engine} {n} {best:.6} {rank} {cpu}");
}
