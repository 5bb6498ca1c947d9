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
//! stored), so the board is solvable. Over GF(2) the board is solved in place (up to 10^9
//! lights also into a fresh board), and the answer checked by one pass of M, row by row, against
//! the board rows regenerated from the seeds: so a 10^10-light grid needs one board of memory,
//! 1.25 GB. The time of that pass (the regeneration left out) is the yardstick of the solve.

use lightsout_core::structured::{GridSolver, PackedBoard, PackedBoard3};
use lightsout_core::Modulus;
use rand::{Rng, SeedableRng};
use std::time::Instant;

#[path = "common/cpu.rs"]
mod common_cpu;
use common_cpu::cpu;

mod common;
use common::plus;

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
    let mut row: Vec<u64> = (0..cols.div_ceil(64)).map(|_| rng.r#gen()).collect();
    if cols % 64 != 0 {
        *row.last_mut().unwrap() &= (1u64 << (cols % 64)) - 1;
    }
    row
}

/// Board row `k` (`M s` for the presses of [`press_row`]), given press rows `k - 1..=k + 1`.
fn board_row(cols: usize, k: usize, rows: usize, out: &mut [u64]) {
    let zero = vec![0u64; cols.div_ceil(64)];
    let above = if k > 0 { press_row(k - 1, cols) } else { zero.clone() };
    let below = if k + 1 < rows { press_row(k + 1, cols) } else { zero };
    plus(cols, &above, &press_row(k, cols), &below, out);
}

/// One pass of M: `M s` row by row, each row compared with the board row (regenerated from the
/// seeds in blocks of 256 rows, outside the timed part). Returns the wall and CPU seconds spent
/// in `M s` and the comparisons; panics if a row stays lit.
fn pass_of_m(rows: usize, cols: usize, s: &PackedBoard) -> (f64, f64) {
    let w = cols.div_ceil(64);
    let zero = vec![0u64; w];
    let (mut block, mut out) = (vec![0u64; 256 * w], vec![0u64; w]);
    let (mut timed, mut timed_cpu) = (0.0, 0.0);
    for start in (0..rows).step_by(256) {
        let end = (start + 256).min(rows);
        for k in start..end {
            board_row(cols, k, rows, &mut block[(k - start) * w..(k - start + 1) * w]);
        }
        let (t, c) = (Instant::now(), cpu());
        let mut lit = None;
        for k in start..end {
            let above = if k > 0 { s.row(k - 1) } else { &zero[..] };
            let below = if k + 1 < rows { s.row(k + 1) } else { &zero[..] };
            plus(cols, above, s.row(k), below, &mut out);
            if out[..] != block[(k - start) * w..(k - start + 1) * w] {
                lit = lit.or(Some(k));
            }
        }
        timed += t.elapsed().as_secs_f64();
        timed_cpu += cpu() - c;
        assert!(lit.is_none(), "row {} stays lit", lit.unwrap_or(0));
    }
    (timed, timed_cpu)
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
    let (setup, setup_cpu) = (t.elapsed().as_secs_f64(), cpu() - c);
    println!("solver setup (F and chi by doubling, gcd): {setup:.4} s (CPU {setup_cpu:.4} s), nullity {}", g.nullity());
    // Up to 10^9 lights, also the solve into a fresh board (the board kept), checked against
    // the kept board in the old way: b + M s row by row, reading both.
    if rows as u128 * cols as u128 <= 1 << 30 {
        let (t, c) = (Instant::now(), cpu());
        let s = g.solve_packed_gf2(&board).expect("the board is solvable");
        let (solve, solve_cpu) = (t.elapsed().as_secs_f64(), cpu() - c);
        println!("solve into a fresh board: {solve:.4} s (CPU {solve_cpu:.4} s)");
        let t = Instant::now();
        let mut out = zero.clone();
        for k in 0..rows {
            let above = if k > 0 { s.row(k - 1) } else { &zero[..] };
            let below = if k + 1 < rows { s.row(k + 1) } else { &zero[..] };
            plus(cols, above, s.row(k), below, &mut out);
            assert!(out.iter().zip(board.row(k)).all(|(a, b)| a == b), "row {k} stays lit");
        }
        println!("  verified: b + M s = 0 row by row against the kept board in {:.4} s", t.elapsed().as_secs_f64());
    }
    let (t, c) = (Instant::now(), cpu());
    g.solve_packed_gf2_in_place(&mut board).expect("the board is solvable");
    let (solve, solve_cpu) = (t.elapsed().as_secs_f64(), cpu() - c);
    println!("solve in place: {solve:.4} s (CPU {solve_cpu:.4} s)");
    println!("setup + solve in place: {:.4} s (CPU {:.4} s)", setup + solve, setup_cpu + solve_cpu);
    let (pass, pass_cpu) = pass_of_m(rows, cols, &board);
    println!("one pass of M (M s row by row against the board rows): {pass:.4} s (CPU {pass_cpu:.4} s)");
    println!(
        "setup + solve in place = {:.2} passes of M (CPU: {:.2})",
        (setup + solve) / pass,
        (setup_cpu + solve_cpu) / pass_cpu
    );
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
    println!("solver setup: {setup:.4} s (CPU {setup_cpu:.4} s), nullity {}", g.nullity());
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
    println!("setup + solve: {:.4} s (CPU {:.4} s)", setup + solve, setup_cpu + cpu() - c);
    let b32: Vec<u32> = board.iter().map(|&x| x as u32).collect();
    let s32: Vec<u32> = s.iter().map(|&x| x as u32).collect();
    assert!(g.apply(&b32, &s32).unwrap().iter().all(|&x| x == 0), "the solution leaves lights on");
    println!("verified b + M s = 0");
    drop(s);
    let mut in_place = board.clone();
    let (t, c) = (Instant::now(), cpu());
    g.solve_bytes_in_place(&mut in_place).expect("the board is solvable");
    let solve = t.elapsed().as_secs_f64();
    println!("solve in place (one byte per light): {solve:.4} s");
    println!("setup + solve in place: {:.4} s (CPU {:.4} s)", setup + solve, setup_cpu + cpu() - c);
    assert!(in_place.iter().zip(&s32).all(|(&a, &b)| a as u32 == b), "in place: another solution");
    drop(in_place);
    if p == 3 {
        drop(s32);
        let t = Instant::now();
        let packed = PackedBoard3::from_bytes(rows, cols, &board).expect("values in 0..3");
        println!("pack the board (bytes to two bits per light): {:.4} s", t.elapsed().as_secs_f64());
        let (t, c) = (Instant::now(), cpu());
        let s = g.solve_packed_gf3(&packed).expect("the board is solvable");
        let solve = t.elapsed().as_secs_f64();
        println!("solve (packed, two bits per light): {solve:.4} s");
        println!("setup + solve (packed): {:.4} s (CPU {:.4} s)", setup + solve, setup_cpu + cpu() - c);
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
