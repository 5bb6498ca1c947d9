//! Tests of the Walsh engine: against the older branch and bound, against the enumeration of
//! every press count, and the 19 x 19 grid's decisions (ignored: minutes).

use super::super::maxmin as search;
use super::super::problem::Problem;
use crate::minimal::coset::reduce;
use crate::minimal::{Budget, Deadline};
use crate::Modulus;
use rand::{Rng, SeedableRng};

/// The Walsh engine and the older branch and bound agree wherever the latter proves its
/// answer (every random GF(2) code here, nullity up to 7), and both boards weigh what they say.
#[test]
fn agrees_with_the_older_search() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let mut compared = 0;
    for round in 0..120 {
        let n = rng.gen_range(1..=24);
        let u = rng.gen_range(1..=7.min(n));
        let density = rng.gen_range(0.1..0.9);
        let rows: Vec<Vec<u32>> = (0..u).map(|_| (0..n).map(|_| u32::from(rng.gen_bool(density))).collect()).collect();
        let rows = reduce(Modulus::TWO, rows, n);
        let orders = vec![2; rows.len()];
        let Some(problem) = Problem::new(2, true, n, &rows, &orders) else { continue };
        let budget = Budget::work_only(1 << 32);
        let deadline = Deadline::start(&budget);
        let new = search::solve(&problem, &budget, &deadline).unwrap();
        let old = search::solve_with_branch_and_bound(&problem, &budget, &deadline).unwrap();
        assert_eq!(new.weight, new.upper_bound, "round {round}: the Walsh engine proves small codes");
        if old.weight == old.upper_bound {
            assert_eq!(new.weight, old.weight, "round {round}: {n} buttons, nullity {}", rows.len());
            compared += 1;
        }
        for found in [&new, &old] {
            // The board's lightest solution, by enumeration.
            let x = problem.presses(&found.states);
            let lightest = (0..1u64 << rows.len())
                .map(|c| {
                    (0..n)
                        .filter(|&j| {
                            let flip = rows.iter().enumerate().fold(0, |a, (k, r)| a ^ ((c >> k) as u32 & r[j]));
                            (x[j] ^ flip) & 1 == 1 && rows.iter().any(|r| r[j] == 1)
                        })
                        .count() as u64
                })
                .min()
                .unwrap();
            assert_eq!(lightest, found.weight, "round {round}");
        }
    }
    assert!(compared > 100, "only {compared} codes compared");
}

/// The decisions of the n x n grid (`LIGHTSOUT_GRID`, default 19) up to R = `LIGHTSOUT_R`
/// (default 8: on the 19 x 19 grid no board needs 177 presses, about 4 minutes on two CPUs;
/// R = 10, 176 presses, is open), on every CPU for `LIGHTSOUT_SECONDS` (default 600) each:
/// prints the answers and the work.
#[test]
#[ignore]
fn grid_19_decisions() {
    let n = std::env::var("LIGHTSOUT_GRID").map_or(19, |s| s.parse().unwrap());
    let solver = crate::Solver::new(&crate::minimal::plus_grid(n, n, Modulus::TWO).unwrap()).unwrap();
    let rows = reduce(Modulus::TWO, solver.null_basis(), solver.buttons());
    let problem = Problem::new(2, true, solver.buttons(), &rows, &vec![2; rows.len()]).unwrap();
    let walsh = super::Walsh::new(&problem).unwrap();
    let seconds = std::env::var("LIGHTSOUT_SECONDS").map_or(600, |s| s.parse().unwrap());
    let budget = Budget::new(u64::MAX, Some(std::time::Duration::from_secs(seconds)));
    let start = std::time::Instant::now();
    let last = std::env::var("LIGHTSOUT_R").map_or(8, |s| s.parse().unwrap());
    for r in (walsh.support() & 1..).step_by(2).take_while(|&r| r <= last) {
        let (decision, work) = walsh.decide(r, u64::MAX, &Deadline::start(&budget));
        eprintln!("R = {r}: {decision:?} after {work} entries, {:.1} s", start.elapsed().as_secs_f64());
    }
}

/// `decide(R)` against the enumeration of every press count per type: feasible exactly
/// from `m = min max F` on, and the board it gives keeps `F <= R`.
#[test]
fn decisions_match_enumeration() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for round in 0..80 {
        let n = rng.gen_range(1..=12);
        let u = rng.gen_range(1..=5.min(n));
        let rows: Vec<Vec<u32>> = (0..u).map(|_| (0..n).map(|_| u32::from(rng.gen_bool(0.5))).collect()).collect();
        let rows = reduce(Modulus::TWO, rows, n);
        let Some(problem) = Problem::new(2, true, n, &rows, &vec![2; rows.len()]) else { continue };
        let walsh = super::Walsh::new(&problem).unwrap();
        let types: Vec<(u64, u32)> = problem.gf2_types().collect();
        let f_max = |pressed: &[u32]| {
            (0..1u64 << problem.dim())
                .map(|c| {
                    types
                        .iter()
                        .zip(pressed)
                        .map(|(&(v, count), &a)| {
                            let y = count as i64 - 2 * a as i64;
                            if (v & c).count_ones() & 1 == 0 {
                                y
                            } else {
                                -y
                            }
                        })
                        .sum::<i64>()
                })
                .max()
                .unwrap()
        };
        // Every press count of every type.
        let mut pressed = vec![0u32; types.len()];
        let mut m = i64::MAX;
        loop {
            m = m.min(f_max(&pressed));
            let Some(i) = (0..types.len()).find(|&i| pressed[i] < types[i].1) else { break };
            pressed[..i].iter_mut().for_each(|a| *a = 0);
            pressed[i] += 1;
        }
        let deadline = Deadline::start(&Budget::unlimited());
        for (r, threads) in (-1..=walsh.support() as i64).flat_map(|r| [(r, 1), (r, 2), (r, 3)]) {
            // One thread, and the parallel search from the start (2 or 3 threads).
            let (decision, _) = super::threads::decide(&walsh, r as i32, u64::MAX, &deadline, 0, threads);
            match decision {
                super::Decision::Feasible(board) => {
                    assert!(r >= m, "round {round}: R = {r} below m = {m}");
                    assert!(f_max(&board) <= r, "round {round}: R = {r}");
                }
                super::Decision::Infeasible => assert!(r < m, "round {round}: R = {r}, m = {m}"),
                super::Decision::Unknown => panic!("round {round}: no budget limit"),
            }
            // A small budget is never overspent, and the answer is right or unknown.
            let limit = (r + 1) as u64 * 37 % 200;
            let (decision, work) = super::threads::decide(&walsh, r as i32, limit, &deadline, 0, threads);
            assert!(work <= limit, "round {round}: {work} > {limit}");
            match decision {
                super::Decision::Feasible(board) => assert!(r >= m && f_max(&board) <= r),
                super::Decision::Infeasible => assert!(r < m, "round {round}: R = {r}, m = {m}"),
                super::Decision::Unknown => {}
            }
        }
    }
}
