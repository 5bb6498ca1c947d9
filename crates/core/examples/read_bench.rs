//! Time the one reader of outside entries (`lightsout_core::pack::Block::read_bits`) on an
//! n x n board of 0/1 entries held in memory, into packed words, for entries of every width.
//!
//! `cargo run --release -p lightsout-core --example read_bench -- N [REPEATS]` reads the board
//! REPEATS times (default 5) in C order and in Fortran order (the same entries, read down the
//! columns) for `bool`, `u8`, `i16`, `u32` and `i64` entries, and prints one line per width and
//! order: `type order best_ms`. It checks every read against the first (`u8`, C order).

use lightsout_core::pack::{Block, Entry, WordRows};
use std::time::Instant;

/// Best of `repeats` reads of the n x n board `entries` (row stride `rs`, column stride `cs`),
/// in milliseconds, with the words of the last read.
fn best<T: Entry>(entries: &[T], n: usize, rs: isize, cs: isize, repeats: usize) -> (f64, Vec<u64>) {
    let w = n.div_ceil(64);
    let mut words = vec![0u64; n * w];
    let mut best = f64::INFINITY;
    for _ in 0..repeats {
        // SAFETY: every entry `r * rs + c * cs` (r, c < n) lies inside `entries`.
        let block = unsafe { Block::from_raw(entries.as_ptr(), n, n, rs, cs) };
        let start = Instant::now();
        if let Err((i, v)) = block.read_bits(&mut WordRows::new(&mut words, n)) {
            panic!("entry {i} is {}, not 0 or 1", v.text());
        }
        best = best.min(start.elapsed().as_secs_f64() * 1e3);
    }
    (best, words)
}

fn run<T: Entry>(name: &str, one: T, zero: T, n: usize, repeats: usize, want: &mut Option<Vec<u64>>) {
    // Light (r, c) is on when (r * 7 + c * 3) % 5 < 2: no row or column is constant.
    let on = |r: usize, c: usize| (r * 7 + c * 3) % 5 < 2;
    let c_order: Vec<T> = (0..n * n).map(|i| if on(i / n, i % n) { one } else { zero }).collect();
    let f_order: Vec<T> = (0..n * n).map(|i| if on(i % n, i / n) { one } else { zero }).collect();
    for (order, entries, rs, cs) in [("C", &c_order, n as isize, 1), ("Fortran", &f_order, 1, n as isize)] {
        let (ms, words) = best(entries, n, rs, cs, repeats);
        match want {
            Some(w) => assert!(*w == words, "{name} {order}: a different board"),
            None => *want = Some(words),
        }
        println!("{name} {order} {ms:.2}");
    }
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let n = *args.first().expect("usage: read_bench N [REPEATS]");
    let repeats = args.get(1).copied().unwrap_or(5);
    let mut want = None;
    run("u8", 1u8, 0, n, repeats, &mut want);
    run("bool", true, false, n, repeats, &mut want);
    run("i16", 1i16, 0, n, repeats, &mut want);
    run("u32", 1u32, 0, n, repeats, &mut want);
    run("i64", 1i64, 0, n, repeats, &mut want);
}
