//! Solve one huge random solvable grid and report the time of each phase.
//!
//! ```text
//! cargo run --release -p lightsout-core --example grid_huge -- gf2 100000 [cols]   # packed, 10^10 lights
//! cargo run --release -p lightsout-core --example grid_huge -- zp 3 10000 [cols]   # bytes, and packed
//! ```
//!
//! Over Z_3 the same board is solved twice: one byte per light (`solve_bytes`) and packed two
//! bits per light (`PackedBoard3`, `solve_packed_gf3`).
//!
//! The board is `M s` for random presses `s`, generated row by row (the presses are never
//! stored), so the board is solvable; the answer is checked by applying M row by row.

use lightsout_core::structured::{GridSolver, PackedBoard, PackedBoard3};
use lightsout_core::Modulus;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// CPU seconds (user + system, every thread) of this process so far, from `/proc/self/stat`
/// (Linux, 10 ms ticks; 0 elsewhere): on a shared machine it says what the wall time cannot.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<f64> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    fields.get(11).zip(fields.get(12)).map_or(0.0, |(u, s)| (u + s) / 100.0)
}

fn usage() -> ! {
    eprintln!("usage: grid_huge gf2 ROWS [COLS] | grid_huge zp P ROWS [COLS]");
    std::process::exit(2)
}

fn arg(args: &[String], i: usize) -> Option<usize> {
    args.get(i).map(|s| s.parse().unwrap_or_else(|_| usage()))
}

/// Random packed row `k` of the presses (reproducible per row).
fn press_row(k: usize, cols: usize) -> Vec<u64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(k as u64 ^ 0x5eed);
    let mut row: Vec<u64> = (0..cols.div_ceil(64)).map(|_| rng.gen()).collect();
    if cols % 64 != 0 {
        *row.last_mut().unwrap() &= (1u64 << (cols % 64)) - 1;
    }
    row
}

/// `T x ^ above ^ below` on packed rows (the plus rule), masked to `cols`.
fn plus(cols: usize, above: &[u64], x: &[u64], below: &[u64], out: &mut [u64]) {
    let w = x.len();
    for i in 0..w {
        let left = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
        let right = (x[i] >> 1) | if i + 1 < w { x[i + 1] << 63 } else { 0 };
        out[i] = left ^ right ^ x[i] ^ above[i] ^ below[i];
    }
    if cols % 64 != 0 {
        out[w - 1] &= (1u64 << (cols % 64)) - 1;
    }
}

fn gf2(rows: usize, cols: usize) {
    let t = Instant::now();
    let mut board = PackedBoard::zeros(rows, cols).expect("board fits in memory");
    let zero = vec![0u64; cols.div_ceil(64)];
    let (mut above, mut cur) = (zero.clone(), press_row(0, cols));
    for k in 0..rows {
        let below = if k + 1 < rows { press_row(k + 1, cols) } else { zero.clone() };
        plus(cols, &above, &cur, &below, board.row_mut(k));
        above = std::mem::replace(&mut cur, below);
    }
    println!("generate board {rows}x{cols} (M s, packed): {:.4} s", t.elapsed().as_secs_f64());
    let (t, c) = (Instant::now(), cpu());
    let g = GridSolver::new(rows, cols, true, Modulus::TWO).expect("solver");
    let setup = t.elapsed().as_secs_f64();
    println!("solver setup (chase of e_1, chi, gcd): {setup:.4} s, nullity {}", g.nullity());
    let t = Instant::now();
    let s = g.solve_packed_gf2(&board).expect("the board is solvable");
    let solve = t.elapsed().as_secs_f64();
    println!("solve: {solve:.4} s");
    println!("setup + solve: {:.4} s (CPU {:.2} s)", setup + solve, cpu() - c);
    let t = Instant::now();
    let mut out = zero.clone();
    for k in 0..rows {
        let above = if k > 0 { s.row(k - 1) } else { &zero[..] };
        let below = if k + 1 < rows { s.row(k + 1) } else { &zero[..] };
        plus(cols, above, s.row(k), below, &mut out);
        assert!(out.iter().zip(board.row(k)).all(|(a, b)| a == b), "row {k} stays lit");
    }
    println!("verified b + M s = 0 in {:.4} s", t.elapsed().as_secs_f64());
}

fn zp(p: u64, rows: usize, cols: usize) {
    let modulus = Modulus::new(p).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let (t, c) = (Instant::now(), cpu());
    let g = GridSolver::new(rows, cols, true, modulus).expect("solver");
    let setup = t.elapsed().as_secs_f64();
    let setup_cpu = cpu() - c;
    println!("solver setup: {setup:.4} s (CPU {setup_cpu:.2} s), nullity {}", g.nullity());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let presses: Vec<u32> = (0..rows * cols).map(|_| rng.gen_range(0..p as u32)).collect();
    let board32 = g.apply(&vec![0; rows * cols], &presses).expect("presses fit");
    drop(presses);
    let board: Vec<u8> = board32.iter().map(|&x| x as u8).collect();
    drop(board32);
    let (t, c) = (Instant::now(), cpu());
    let s = g.solve_bytes(&board).expect("the board is solvable");
    let solve = t.elapsed().as_secs_f64();
    println!("solve (one byte per light): {solve:.4} s");
    println!("setup + solve: {:.4} s (CPU {:.2} s)", setup + solve, setup_cpu + cpu() - c);
    let b32: Vec<u32> = board.iter().map(|&x| x as u32).collect();
    let s32: Vec<u32> = s.iter().map(|&x| x as u32).collect();
    assert!(g.apply(&b32, &s32).unwrap().iter().all(|&x| x == 0), "the solution leaves lights on");
    println!("verified b + M s = 0");
    if p == 3 {
        drop(s32);
        let t = Instant::now();
        let packed = PackedBoard3::from_bytes(rows, cols, &board).expect("values in 0..3");
        println!("pack the board (bytes to two bits per light): {:.4} s", t.elapsed().as_secs_f64());
        let (t, c) = (Instant::now(), cpu());
        let s = g.solve_packed_gf3(&packed).expect("the board is solvable");
        let solve = t.elapsed().as_secs_f64();
        println!("solve (packed, two bits per light): {solve:.4} s");
        println!("setup + solve (packed): {:.4} s (CPU {:.2} s)", setup + solve, setup_cpu + cpu() - c);
        assert!(g.apply(&b32, &s.to_values()).unwrap().iter().all(|&x| x == 0), "the solution leaves lights on");
        println!("verified b + M s = 0");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gf2") => {
            let rows = arg(&args, 1).unwrap_or_else(|| usage());
            gf2(rows, arg(&args, 2).unwrap_or(rows));
        }
        Some("zp") => {
            let p = arg(&args, 1).unwrap_or_else(|| usage()) as u64;
            let rows = arg(&args, 2).unwrap_or_else(|| usage());
            zp(p, rows, arg(&args, 3).unwrap_or(rows));
        }
        _ => usage(),
    }
}
