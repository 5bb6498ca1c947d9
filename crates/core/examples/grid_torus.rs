//! Tori over GF(2): solve a random solvable n x n torus, or decide one (the seed problem).
//!
//! ```text
//! cargo run --release -p lightsout-core --example grid_torus -- solve 4096 [P]   # P = 2 unless given
//! cargo run --release -p lightsout-core --example grid_torus -- decide 2000        # random lights
//! cargo run --release -p lightsout-core --example grid_torus -- decide-file input.txt  # or - for stdin
//! ```
//!
//! The input file has the seed's format: `n`, then the number of lit lights, then one
//! `row column` pair per line (0-based). The answer is printed as `Yes` or `No`.

use lightsout_core::structured::{torus_decide_gf2, Wrap, WrapSolver};
use lightsout_core::Modulus;
use rand::{Rng, SeedableRng};
use std::io::Read;
use std::time::Instant;

#[path = "common/cpu.rs"]
mod common_cpu;
use common_cpu::cpu;

fn usage() -> ! {
    eprintln!("usage: grid_torus solve N [P] | grid_torus decide N | grid_torus decide-file PATH|-");
    std::process::exit(2)
}

fn parse(text: &str) -> Result<(usize, Vec<(usize, usize)>), String> {
    let mut nums = text.split_whitespace().map(|t| t.parse::<usize>().map_err(|_| format!("not a number: {t:?}")));
    let mut next = |what: &str| nums.next().unwrap_or_else(|| Err(format!("input ends before {what}")));
    let n = next("the board size")?;
    let k = next("the number of lit lights")?;
    let lit = (0..k)
        .map(|i| Ok((next(&format!("light {i}"))?, next(&format!("light {i}"))?)))
        .collect::<Result<_, String>>()?;
    Ok((n, lit))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| args.get(i).and_then(|s| s.parse::<usize>().ok()).unwrap_or_else(|| usage());
    match args.first().map(String::as_str) {
        Some("solve") => {
            let n = num(1);
            let p = args.get(2).map_or(Some(2), |s| s.parse::<u64>().ok()).unwrap_or_else(|| usage());
            let modulus = Modulus::new(p).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
            let (t, c) = (Instant::now(), cpu());
            let solver = WrapSolver::new(n, n, Wrap::Torus, true, modulus).expect("solver");
            let setup = t.elapsed().as_secs_f64();
            let setup_cpu = cpu() - c;
            println!(
                "setup (chase of e_1, 2 x 2 system over polynomials mod z^{n} - 1): {setup:.3} s, nullity {}",
                solver.nullity()
            );
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
            let presses: Vec<u32> = (0..n * n).map(|_| rng.gen_range(0..p as u32)).collect();
            let board = solver.apply(&vec![0; n * n], &presses).expect("sizes match");
            let (t, c) = (Instant::now(), cpu());
            let s = solver.solve(&board).expect("the board is solvable");
            let solve = t.elapsed().as_secs_f64();
            println!("solve: {solve:.3} s\nsetup + solve: {:.3} s (CPU {:.2} s)", setup + solve, setup_cpu + cpu() - c);
            assert!(solver.apply(&board, &s).unwrap().iter().all(|&x| x == 0), "lights stay on");
            println!("verified b + M s = 0");
        }
        Some("decide") => {
            let n = num(1);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            let lit: Vec<(usize, usize)> = (0..n * n).filter(|_| rng.gen_bool(0.5)).map(|i| (i / n, i % n)).collect();
            let (t, c) = (Instant::now(), cpu());
            let yes = torus_decide_gf2(n, &lit).expect("valid input");
            println!("{}", if yes { "Yes" } else { "No" });
            let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu() - c);
            println!("decide {n}x{n} torus with {} lit lights: {wall:.3} s (CPU {cpu:.2} s)", lit.len());
        }
        Some("decide-file") => {
            let path = args.get(1).unwrap_or_else(|| usage());
            let mut text = String::new();
            let read = if path == "-" {
                std::io::stdin().read_to_string(&mut text).map(|_| ())
            } else {
                std::fs::read_to_string(path).map(|t| text = t)
            };
            if let Err(e) = read {
                eprintln!("cannot read {path}: {e}");
                std::process::exit(2);
            }
            let t = Instant::now();
            let answer = parse(&text).and_then(|(n, lit)| torus_decide_gf2(n, &lit).map_err(|e| e.to_string()));
            match answer {
                Ok(yes) => println!("{}", if yes { "Yes" } else { "No" }),
                Err(e) => {
                    eprintln!("error: {e}");
                    std::process::exit(1);
                }
            }
            eprintln!("parse + decide: {:.3} s", t.elapsed().as_secs_f64());
        }
        _ => usage(),
    }
}
