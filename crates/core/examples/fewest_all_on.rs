//! Fewest presses for the all-on n x n boards, checked against OEIS A075464.
//!
//! `cargo run --release -p lightsout-core --example fewest_all_on [-- FROM [TO]]` (default
//! 1 to 54) solves the all-on board of every n x n grid from FROM to TO exactly (every solution
//! of nullity up to 44 is searched or ruled out) and compares the proven count with the
//! published value where the table below has one. Prints one line per n and the total time.

use lightsout_core::minimal::{plus_grid, Budget, Minimizer};
use lightsout_core::{Modulus, Solver};
use std::time::Instant;

/// A075464: the fewest presses that turn off the all-on n x n board, n = 1..54.
const A075464: [u64; 54] = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245, 276, 231, 270, 353, 356,
    405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096,
    1165, 1220, 1317, 1256, 1487, 1400,
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse()).collect::<Result<_, _>>()?;
    let from = args.first().copied().unwrap_or(1).max(1);
    let to = args.get(1).copied().unwrap_or(if args.is_empty() { 54 } else { from });
    let all = Instant::now();
    let mut wrong = 0;
    for n in from..=to {
        let start = Instant::now();
        let solver = Solver::new(&plus_grid(n, n, Modulus::TWO)?)?;
        let min = Minimizer::new(&solver)?;
        let best = min.minimal(&vec![1; n * n], &Budget::new(u64::MAX, None))?;
        let secs = start.elapsed().as_secs_f64();
        let known = A075464.get(n - 1);
        let verdict = match known {
            Some(&k) if k == best.weight && best.proven_optimal => "= A075464".to_string(),
            Some(&k) => {
                wrong += 1;
                format!("WRONG: A075464 says {k}")
            }
            None => "(beyond the table here)".to_string(),
        };
        println!(
            "n = {n:3}  nullity {:2}  fewest {:5}  {}  {:.3} s  {verdict}",
            solver.nullity(),
            best.weight,
            if best.proven_optimal { "proven" } else { "NOT proven" },
            secs
        );
    }
    println!("n = {from}..{to}: {:.2} s in all", all.elapsed().as_secs_f64());
    if wrong > 0 {
        return Err(format!("{wrong} answers differ from A075464").into());
    }
    Ok(())
}
