//! How fast the GF(2) Gray-code enumeration runs: coset members per second for a random coset.
//!
//! `cargo run --release -p lightsout-core --example stats_gray_rate [-- buttons nullity work]`
//! (defaults: 64 buttons, nullity 30, work 2^40, at most 120 s). With `work` below `2^nullity`
//! the search is local search plus branch and bound instead.

use lightsout_core::minimal::{minimal_in_coset, Budget};
use lightsout_core::Modulus;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

#[path = "common/report.rs"]
mod report;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().map_or(Ok(64), |a| a.parse())?;
    let u: usize = args.get(1).map_or(Ok(30), |a| a.parse())?;
    let work: u64 = args.get(2).map_or(Ok(1 << 40), |a| a.parse())?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u as u64);
    let s: Vec<u32> = (0..n).map(|_| rng.gen_range(0..2)).collect();
    let basis: Vec<Vec<u32>> = (0..u).map(|_| (0..n).map(|_| rng.gen_range(0..2)).collect()).collect();
    let start = Instant::now();
    let best = minimal_in_coset(Modulus::TWO, &s, &basis, &Budget::new(work, Some(Duration::from_secs(120))))?;
    let secs = start.elapsed().as_secs_f64();
    println!("{n} buttons, nullity {u}: {}", report::search_line(&best, secs));
    Ok(())
}
