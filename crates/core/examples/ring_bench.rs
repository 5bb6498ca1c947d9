//! Time the ring engines on n x n plus-rule grids over Z_k (composite k).
//!
//! `cargo run --release -p lightsout-core --example ring_bench -- K N [N ...]` prints one line
//! per size: `k N lights factor_seconds solve_seconds kernel_size divisors_not_1`. The factor
//! time is `RingSolver::new` (dense path: one Smith form per prime-power factor of k, or the
//! field engine for a prime factor); the solve time is one random solvable board solved and
//! checked.
//!
//! With `--structured` first, the same for `RingGridSolver::new` (per factor: the structured
//! field solver for a prime, p-adic lifting for a prime power, on the whole board or on the
//! reduced system as `lightsout_core::ring::Lifting::Auto` picks), which never builds M; `--torus` or `--cylinder` first does the same for the
//! n x n torus or cylinder (left and right edges joined).
//!
//! `--ratio K N [N ...]` (K = 2^e) times the same n x n plus-rule grid mod K against mod 2,
//! through the same doors: packed (`GridSolver::new` + `solve_packed_gf2` against
//! `RingGridSolver::new` + `solve_planes`, bit planes in and out) and one byte a light
//! (`RingGridSolver::solve_bytes` for k = 2 and for k = K, the door of `Game::solve_board`),
//! setup included; the mod-2 board is bit 0 of the mod-K board. It prints wall and CPU seconds
//! and the ratios.
//!
//! `--press K N [N ...]` times pressing alone (`b + M s` on the n x n plus-rule grid, no
//! factoring): `RingGridSolver::press` on `u32` lights and `RingGridSolver::press_bytes` on
//! bytes (k <= 256), the best of three each, and checks that both give the same board.

use lightsout_core::structured::{GridSolver, PackedBoard};
use lightsout_core::{minimal::plus_grid, ring::RingGridSolver, structured::Wrap, Modulus, RingSolver};
use std::time::Instant;

#[path = "common/cpu.rs"]
mod common_cpu;
use common_cpu::cpu;

/// Wall and CPU seconds of `f`, with its result.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (start, c0) = (Instant::now(), cpu());
    let out = f();
    (out, start.elapsed().as_secs_f64(), cpu() - c0)
}

fn ratio(k: u64, n: usize) {
    let modulus = Modulus::ring(k).expect("2 <= K < 2^31");
    let (ring, t_new, _) = timed(|| RingGridSolver::new(n, n, Wrap::None, true, modulus).expect("factor"));
    let e = ring.bit_planes().expect("--ratio needs K = 2^e with a small kernel mod 2");
    let board = ring.random_solvable_planes(n as u64).expect("board");
    drop(ring);
    let bit0 = board[0].clone();
    let ((), w2, c2) = timed(|| {
        let g = GridSolver::new(n, n, true, Modulus::TWO).expect("factor");
        g.solve_packed_gf2(&bit0).expect("bit 0 of a solvable board is solvable");
    });
    let (presses, wk, ck) = timed(|| {
        let ring = RingGridSolver::new(n, n, Wrap::None, true, modulus).expect("factor");
        ring.solve_planes(&board).expect("a random solvable board is solvable")
    });
    println!("packed  {n}x{n}: mod 2 {w2:.3} s ({c2:.2} s CPU), mod {k} {wk:.3} s ({ck:.2} s CPU, setup alone {t_new:.3} s): ratio {:.1} wall, {:.1} CPU", wk / w2, ck / c2.max(0.01));
    // Bytes, built outside the timing (bit t of each light from plane t).
    let mut bytes = vec![0u8; n * n];
    for (t, plane) in board.iter().enumerate().take(e as usize) {
        for r in 0..n {
            for c in 0..n {
                bytes[r * n + c] |= (plane.get(r, c) as u8) << t;
            }
        }
    }
    let bytes2: Vec<u8> = bytes.iter().map(|&b| b & 1).collect();
    let (_, b2, bc2) = timed(|| {
        let g = RingGridSolver::new(n, n, Wrap::None, true, Modulus::TWO).expect("factor");
        g.solve_bytes(&bytes2).expect("solvable")
    });
    let (sk, bk, bck) = timed(|| {
        let ring = RingGridSolver::new(n, n, Wrap::None, true, modulus).expect("factor");
        ring.solve_bytes(&bytes).expect("solvable")
    });
    println!("bytes   {n}x{n}: mod 2 {b2:.3} s ({bc2:.2} s CPU), mod {k} {bk:.3} s ({bck:.2} s CPU): ratio {:.1} wall, {:.1} CPU", bk / b2, bck / bc2.max(0.01));
    if n <= 3000 {
        let ring = RingGridSolver::new(n, n, Wrap::None, true, modulus).expect("factor");
        let b: Vec<u32> = bytes.iter().map(|&x| x as u32).collect();
        for s in [ring.planes_to_values(&presses).expect("planes"), sk.iter().map(|&x| x as u32).collect()] {
            assert!(ring.apply(&b, &s).expect("sizes match").iter().all(|&x| x == 0));
        }
    }
    let _: &PackedBoard = &presses[0];
}

/// The result of the first of three runs of `f` and the fastest wall time.
fn best_of_three<T>(f: impl Fn() -> T) -> (T, f64) {
    let (out, mut fastest, _) = timed(&f);
    for _ in 0..2 {
        fastest = fastest.min(timed(&f).1);
    }
    (out, fastest)
}

fn press(k: u64, n: usize) {
    let modulus = Modulus::ring(k).expect("2 <= K < 2^31");
    let mut state = n as u64;
    let mut draw = || {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % k) as u32
    };
    let (board, presses): (Vec<u32>, Vec<u32>) = (0..n * n).map(|_| (draw(), draw())).unzip();
    let (wide, t32) =
        best_of_three(|| RingGridSolver::press(n, n, Wrap::None, true, modulus, &board, &presses).expect("press"));
    print!("press   {n}x{n} mod {k}: u32 {t32:.3} s");
    if k <= 256 {
        let narrow = |v: &[u32]| -> Vec<u8> { v.iter().map(|&x| x as u8).collect() };
        let (b8, s8) = (narrow(&board), narrow(&presses));
        let (bytes, t8) =
            best_of_three(|| RingGridSolver::press_bytes(n, n, Wrap::None, true, modulus, &b8, &s8).expect("press"));
        assert_eq!(bytes, narrow(&wide), "bytes and u32 press alike");
        print!(", bytes {t8:.3} s");
    }
    println!();
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // A flag and the run it names, for one modulus and each size.
    type Mode = (&'static str, fn(u64, usize));
    let modes: [Mode; 2] = [("--press", press), ("--ratio", ratio)];
    if let Some(&(flag, run)) = modes.iter().find(|(flag, _)| args.first().map(String::as_str) == Some(*flag)) {
        let nums: Vec<u64> = args[1..].iter().map(|a| a.parse().expect("integers: K N [N ...]")).collect();
        let (&k, sizes) = nums.split_first().unwrap_or_else(|| panic!("usage: ring_bench {flag} K N [N ...]"));
        for &n in sizes {
            run(k, n as usize);
        }
        return;
    }
    let wrap = match args.first().map(String::as_str) {
        Some("--structured") => Some(Wrap::None),
        Some("--torus") => Some(Wrap::Torus),
        Some("--cylinder") => Some(Wrap::Horizontal),
        _ => None,
    };
    if wrap.is_some() {
        args.remove(0);
    }
    let args: Vec<u64> = args.iter().map(|a| a.parse().expect("integers: K N [N ...]")).collect();
    let (&k, sizes) = args.split_first().expect("usage: ring_bench [--structured | --torus | --cylinder] K N [N ...]");
    let modulus = Modulus::ring(k).expect("2 <= K < 2^31");
    for &n in sizes {
        let n = n as usize;
        if let Some(wrap) = wrap {
            let start = Instant::now();
            let ring = RingGridSolver::new(n, n, wrap, true, modulus).expect("factor");
            let factor = start.elapsed().as_secs_f64();
            let board = ring.random_solvable(n as u64).expect("board");
            let (start, c0) = (Instant::now(), cpu());
            let presses = ring.solve(&board).expect("a random solvable board is solvable");
            let solve = start.elapsed().as_secs_f64();
            let solve_cpu = cpu() - c0;
            assert!(ring.apply(&board, &presses).expect("sizes match").iter().all(|&x| x == 0));
            let divisors = ring.elementary_divisors();
            let not_one: Vec<u32> = divisors.iter().copied().filter(|&d| d != 1).collect();
            println!(
                "{k} {n}x{n} {} {factor:.3} {solve:.3} (solve CPU {solve_cpu:.2} s) {} {:?}",
                n * n,
                ring.kernel_size(),
                not_one
            );
            continue;
        }
        let m = plus_grid(n, n, modulus).expect("grid fits");
        let start = Instant::now();
        let ring = RingSolver::new(&m).expect("factor");
        let factor = start.elapsed().as_secs_f64();
        let board = ring.random_solvable(n as u64);
        let start = Instant::now();
        let presses = ring.solve(&board).expect("a random solvable board is solvable");
        let solve = start.elapsed().as_secs_f64();
        assert!(ring.apply(&board, &presses).expect("sizes match").iter().all(|&x| x == 0));
        let not_one = ring.elementary_divisors().iter().filter(|&&d| d != 1).count();
        println!("{k} {n}x{n} {} {factor:.3} {solve:.4} {} {not_one}", n * n, ring.kernel_size());
    }
}
