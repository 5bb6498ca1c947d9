//! Fewest presses for the all-on n x n boards, checked against OEIS A075464.
//!
//! `cargo run --release -p lightsout-core --example fewest_all_on [-- FROM [TO [SECONDS]]]`
//! (default 1 to 54, no time limit) solves the all-on board of every n x n grid from FROM to TO
//! exactly (no work limit: every solution is searched or ruled out) and compares the proven
//! count with the published value where the table below has one. Prints one line per n, the
//! members examined per second, and the total time; with SECONDS, each search stops after that
//! long (to measure the rate on a game too large to finish). A progress line on standard error
//! follows searches that take longer than a few seconds.

use lightsout_core::minimal::{plus_grid, Budget, Minimizer};
use lightsout_core::progress::Progress;
use lightsout_core::{Modulus, Solver};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// A075464: the fewest presses that turn off the all-on n x n board, n = 1..54.
const A075464: [u64; 54] = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245, 276, 231, 270, 353, 356,
    405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772, 561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096,
    1165, 1220, 1317, 1256, 1487, 1400,
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<f64> = std::env::args().skip(1).map(|a| a.parse()).collect::<Result<_, _>>()?;
    let from = args.first().map_or(1, |&a| a as usize).max(1);
    let to = args.get(1).map_or(if args.is_empty() { 54 } else { from }, |&a| a as usize);
    let time = args.get(2).map(|&s| Duration::from_secs_f64(s));
    let all = Instant::now();
    let mut wrong = 0;
    for n in from..=to {
        let start = Instant::now();
        let solver = Solver::new(&plus_grid(n, n, Modulus::TWO)?)?;
        let min = Minimizer::new(&solver)?;
        let progress = Progress::new();
        let (stop, shown) = show(&progress);
        let best = progress.run(|| min.minimal(&vec![1; n * n], &Budget::new(u64::MAX, time)));
        drop(stop);
        shown.join().map_err(|_| "the progress line failed")?;
        let best = best?;
        let secs = start.elapsed().as_secs_f64();
        let known = A075464.get(n - 1);
        let verdict = match known {
            Some(&k) if k == best.weight && best.proven_optimal => "= A075464".to_string(),
            _ if !best.proven_optimal => format!("stopped after {:.3e} members/s", best.explored as f64 / secs),
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

/// A line on standard error with the fraction done and the time left, redrawn every 2 s from
/// the fifth second on, until the returned sender is dropped (then join the thread).
fn show(progress: &Progress) -> (Sender<()>, std::thread::JoinHandle<()>) {
    let (stop, stopped) = channel::<()>();
    let progress = progress.clone();
    let thread = std::thread::spawn(move || {
        let start = Instant::now();
        let mut shown = false;
        while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(Duration::from_secs(2)) {
            let (f, secs) = (progress.fraction(), start.elapsed().as_secs_f64());
            if secs >= 5.0 && f > 0.0 {
                let bar: String = (0..40).map(|i| if (i as f64) < f * 40.0 { '=' } else { ' ' }).collect();
                eprint!("\r[{bar}] {:5.1}%  {secs:.0} s, about {:.0} s left ", 100.0 * f, secs * (1.0 - f) / f);
                shown = true;
            }
        }
        if shown {
            eprintln!();
        }
    });
    (stop, thread)
}
