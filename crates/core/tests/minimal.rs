//! Minimal solutions checked against brute force over every solution, and the seed's 5x5 method.

use lightsout_core::minimal::{
    minimal_in_coset, minimal_in_coset_gf2, minimal_solution, plus_grid, weight, Budget, Method, Minimizer,
};
use lightsout_core::{Error, Modulus, Solver};
use proptest::prelude::*;

mod common;
use common::{game_strategy, random_game};
use std::time::Duration;

/// The lightest solution by trying every one of the p^U solutions.
fn brute_min(solver: &Solver, board: &[u32]) -> u64 {
    solver.solutions(board).unwrap().map(|s| weight(&s)).min().unwrap()
}

fn classic() -> Solver {
    Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap()
}

/// The seed's method for the 5x5: the particular solution plus each of the four combinations of
/// the two quiet patterns it lists, keep the lightest.
#[test]
fn five_by_five_matches_trying_all_four() {
    let v1 = [0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0];
    let v2 = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1];
    let solver = classic();
    let min = Minimizer::new(&solver).unwrap();
    for seed in 0..3000 {
        let board = solver.random_solvable(seed);
        let y = solver.solve(&board).unwrap();
        let tan = (0..4)
            .map(|c| {
                (0..25)
                    .map(|i| {
                        (y[i] ^ (if c & 1 == 1 { v1[i] } else { 0 }) ^ (if c & 2 == 2 { v2[i] } else { 0 })) as u64
                    })
                    .sum::<u64>()
            })
            .min()
            .unwrap();
        let best = min.minimal(&board, &Budget::default()).unwrap();
        assert_eq!(best.weight, tan, "seed {seed}");
        assert!(best.proven_optimal && best.lower_bound == tan && best.method == Method::GrayCode);
        assert_eq!(solver.apply(&board, &best.presses).unwrap(), vec![0; 25]);
        assert_eq!(weight(&best.presses), best.weight);
    }
}

#[test]
fn unsolvable_board_carries_the_obstruction() {
    let solver = classic();
    let mut board = vec![0; 25];
    board[0] = 1; // a corner alone is not solvable on the 5x5
    assert!(matches!(minimal_solution(&solver, &board, &Budget::default()), Err(Error::Unsolvable { .. })));
}

#[test]
fn bad_input_is_an_error() {
    let solver = classic();
    assert!(matches!(minimal_solution(&solver, &[0; 24], &Budget::default()), Err(Error::DimensionMismatch { .. })));
    assert!(matches!(minimal_solution(&solver, &[2; 25], &Budget::default()), Err(Error::EntryOutOfRange { .. })));
    let b = Budget::default();
    assert!(minimal_in_coset(Modulus::TWO, &[0, 1], &[vec![1]], &b).is_err());
    assert!(minimal_in_coset(Modulus::new(3).unwrap(), &[0, 3], &[], &b).is_err());
    assert!(minimal_in_coset(Modulus::TWO, &[1, 1], &[vec![1, 2]], &b).is_err());
}

#[test]
fn dependent_spanning_sets_are_fine() {
    let b = Budget::default();
    let basis = vec![vec![1, 1, 0, 0], vec![0, 1, 1, 0], vec![1, 0, 1, 0]];
    let best = minimal_in_coset(Modulus::TWO, &[1, 0, 1, 1], &basis, &b).unwrap();
    assert_eq!(best.weight, 1);
    assert!(best.proven_optimal);
}

#[test]
fn out_of_time_gray_code_reports_a_valid_bound() {
    // Nullity 30 random coset with no time at all: the answer is a valid solution and the bound
    // is below it.
    let n = 200;
    let basis: Vec<Vec<u32>> =
        (0..30).map(|k| (0..n).map(|j| (((j * 7 + k * 13) ^ (j * k)) % 3 == 0) as u32).collect()).collect();
    let s: Vec<u32> = (0..n).map(|j| (j % 2) as u32).collect();
    let budget = Budget::new(1 << 40, Some(Duration::ZERO));
    let best = minimal_in_coset(Modulus::TWO, &s, &basis, &budget).unwrap();
    assert!(!best.proven_optimal);
    assert!(best.lower_bound <= best.weight);
    assert!(best.weight <= weight(&s));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The Gray-code enumeration finds the true minimum (p in {2, 3, 5}).
    #[test]
    fn gray_code_matches_brute_force((p, lights, sets, seed) in game_strategy()) {
        let solver = random_game(p, lights, sets);
        let board = solver.random_solvable(seed);
        let best = minimal_solution(&solver, &board, &Budget::default()).unwrap();
        prop_assert_eq!(best.weight, brute_min(&solver, &board));
        prop_assert!(best.proven_optimal);
        prop_assert_eq!(weight(&best.presses), best.weight);
        prop_assert!(solver.apply(&board, &best.presses).unwrap().iter().all(|&x| x == 0));
    }

    /// Branch and bound (forced by a work budget below p^U) with enough work is exact; with
    /// little work its answer is still a solution and its bound still a bound.
    #[test]
    fn branch_and_bound_matches_brute_force((p, lights, sets, seed) in game_strategy(), little in 0u64..20) {
        let solver = random_game(p, lights, sets);
        prop_assume!(solver.nullity() >= 1);
        let board = solver.random_solvable(seed);
        let truth = brute_min(&solver, &board);
        let members = p.pow(solver.nullity() as u32);
        let min = Minimizer::new(&solver).unwrap();
        for work in [members - 1, little] {
            if work >= members {
                continue;
            }
            let best = min.minimal(&board, &Budget::work_only(work)).unwrap();
            prop_assert_eq!(best.method, Method::BranchAndBound);
            prop_assert!(best.weight >= truth && best.lower_bound <= truth);
            prop_assert!(solver.apply(&board, &best.presses).unwrap().iter().all(|&x| x == 0));
            if best.proven_optimal {
                prop_assert_eq!(best.weight, truth);
            }
        }
    }
}

#[test]
fn branch_and_bound_proves_larger_cosets() {
    // The 19x19 grid (nullity 16) and a budget too small for Gray code: branch and bound with
    // local search must still find a solution as light as the full enumeration's.
    let solver = Solver::new(&plus_grid(19, 19, Modulus::TWO).unwrap()).unwrap();
    assert_eq!(solver.nullity(), 16);
    let min = Minimizer::new(&solver).unwrap();
    for seed in 0..3 {
        let board = solver.random_solvable(seed);
        let exact = min.minimal(&board, &Budget::default()).unwrap();
        assert!(exact.proven_optimal && exact.method == Method::GrayCode);
        let bb = min.minimal(&board, &Budget::work_only(1 << 15)).unwrap();
        assert_eq!(bb.method, Method::BranchAndBound);
        assert!(bb.weight >= exact.weight && bb.lower_bound <= exact.weight);
        if bb.proven_optimal {
            assert_eq!(bb.weight, exact.weight);
        }
    }
}

/// Cosets of 12 to 16 quiet patterns (searched by the Walsh–Hadamard walk) against a plain
/// loop over every member: the same least weight, a witness of that weight, proven.
#[test]
fn wide_gf2_cosets_match_plain_enumeration() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    for round in 0..12 {
        let (n, u) = (rng.gen_range(20..200usize), rng.gen_range(12..=16usize));
        // Every third coset has only a few distinct columns (many buttons share a type).
        let kinds = if round % 3 == 0 { 5 } else { n };
        let cols: Vec<u32> = (0..kinds).map(|_| rng.gen_range(0..1u32 << u)).collect();
        let col: Vec<u32> = (0..n).map(|j| cols[j % kinds]).collect();
        let basis: Vec<Vec<u32>> = (0..u).map(|k| col.iter().map(|c| (c >> k) & 1).collect()).collect();
        let s: Vec<u32> = (0..n).map(|_| rng.gen_range(0..2)).collect();
        let plain = (0..1u32 << u)
            .map(|c| (0..n).filter(|&j| (s[j] + (c & col[j]).count_ones()) % 2 == 1).count() as u64)
            .min()
            .unwrap();
        let best = minimal_in_coset(Modulus::TWO, &s, &basis, &Budget::default()).unwrap();
        assert_eq!((best.weight, best.proven_optimal), (plain, true), "round {round}");
        assert_eq!(weight(&best.presses), plain);
        let diff: Vec<u32> = best.presses.iter().zip(&s).map(|(a, b)| a ^ b).collect();
        assert!(minimal_in_coset(Modulus::TWO, &diff, &basis, &Budget::default()).unwrap().weight == 0);
    }
}

/// `max_work` is a hard cap: no search examines more members than it allows, whatever the
/// modulus, the method or the budget (0 included), and the answer is still a solution whose
/// bound is a bound.
#[test]
fn max_work_is_never_exceeded() {
    let games = [(19, 2u64), (16, 2), (9, 2), (5, 3), (8, 5)];
    for (n, p) in games {
        let solver = Solver::new(&plus_grid(n, n, Modulus::new(p).unwrap()).unwrap()).unwrap();
        let exact = |b: &[u32]| minimal_solution(&solver, b, &Budget::work_only(u64::MAX)).unwrap();
        for seed in 0..3 {
            let board = solver.random_solvable(seed);
            let truth = if solver.nullity() <= 16 { Some(exact(&board).weight) } else { None };
            for work in [0u64, 1, 2, 3, 7, 100, 4119, 65_535] {
                let best = minimal_solution(&solver, &board, &Budget::work_only(work)).unwrap();
                assert!(best.explored <= work, "{n}x{n} Z_{p}, max_work {work}: explored {}", best.explored);
                assert!(solver.apply(&board, &best.presses).unwrap().iter().all(|&x| x == 0));
                if let Some(t) = truth {
                    assert!(best.lower_bound <= t && t <= best.weight);
                }
            }
        }
    }
    // Composite moduli go through the module search.
    let z4 = Modulus::ring(4).unwrap();
    for work in [0u64, 1, 2, 5] {
        let best = lightsout_core::minimal::minimal_in_module(
            z4,
            &[3, 1, 2],
            &[vec![1, 1, 0], vec![0, 2, 2]],
            &[4, 2],
            &Budget::work_only(work),
        )
        .unwrap();
        assert!(best.explored <= work, "Z_4, max_work {work}: explored {}", best.explored);
    }
}

#[test]
fn packed_entry_point_agrees() {
    let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap();
    let basis = solver.null_basis();
    let packed: Vec<Vec<u64>> = basis.iter().map(|v| lightsout_core::pack_bits(v)).collect();
    for seed in 0..20 {
        let s = solver.solve(&solver.random_solvable(seed)).unwrap();
        for budget in [Budget::default(), Budget::work_only(100)] {
            let a = minimal_in_coset(Modulus::TWO, &s, &basis, &budget).unwrap();
            let b = minimal_in_coset_gf2(81, &lightsout_core::pack_bits(&s), &packed, &budget).unwrap();
            assert_eq!(a, b);
        }
    }
    let b = Budget::default();
    assert!(matches!(minimal_in_coset_gf2(81, &[0], &packed, &b), Err(Error::DimensionMismatch { .. })));
    assert!(minimal_in_coset_gf2(81, &[0, 1 << 17], &packed, &b).is_err());
    assert!(minimal_in_coset_gf2(81, &[0, 0], &[vec![0]], &b).is_err());
}

#[test]
fn huge_moduli_stay_within_budget() {
    // p = 2^31 - 1: too many coefficient values to branch on; the local search answers.
    let p = Modulus::new(2_147_483_647).unwrap();
    let basis = vec![vec![1, 1, 0], vec![0, 1, 1]];
    let best = minimal_in_coset(p, &[5, 7, 2_147_483_000], &basis, &Budget::work_only(1000)).unwrap();
    assert!(best.weight <= 5 + 7 + 2_147_483_000 && best.lower_bound <= best.weight);
    assert_eq!(best.method, Method::BranchAndBound);
}

/// Every one of the 2^23 solvable 5x5 boards: the minimal solution's weight equals the lightest
/// of all 2^25 press vectors that make the board. Long: runs with `LIGHTSOUT_STRESS=1`.
#[test]
fn stress_every_five_by_five_board() {
    if std::env::var("LIGHTSOUT_STRESS").as_deref() != Ok("1") {
        return;
    }
    let solver = classic();
    let cols: Vec<u32> =
        (0..25).map(|j| solver.matrix().column(j).iter().fold(0u32, |acc, &(r, _)| acc | 1 << r)).collect();
    let mut lightest = vec![u8::MAX; 1 << 25];
    let mut board = 0u32;
    lightest[0] = 0;
    for i in 1u32..1 << 25 {
        board ^= cols[i.trailing_zeros() as usize];
        let w = (i ^ (i >> 1)).count_ones() as u8;
        lightest[board as usize] = lightest[board as usize].min(w);
    }
    let min = Minimizer::new(&solver).unwrap();
    let mut checked = 0u32;
    for (mask, &w) in lightest.iter().enumerate().filter(|&(_, &w)| w != u8::MAX) {
        let lights: Vec<u32> = (0..25).map(|j| (mask >> j) as u32 & 1).collect();
        let best = min.minimal(&lights, &Budget::default()).unwrap();
        assert_eq!(best.weight, w as u64, "board {mask:#x}");
        assert!(best.proven_optimal);
        checked += 1;
    }
    assert_eq!(checked, 1 << 23);
}
