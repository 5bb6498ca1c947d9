//! Exhaustive searches cut into tasks: every task run (in any order, some twice) and combined
//! gives exactly the single-machine answer; bad or foreign answers and bad bytes are errors.

use lightsout_core::minimal::{
    minimal_in_coset, minimal_solution, plus_grid, split_in_coset, split_in_coset_gf2, stats, weight, Budget,
    CosetPart, CosetWork, Minimizer, StatsWork,
};
use lightsout_core::{pack_bits, Error, Modulus, Solver};
use proptest::prelude::*;

mod common;
use common::{game_strategy, random_game};

/// Every task's answer, in a scrambled order with some answered twice (as retries do).
fn run_all(work: &CosetWork, tasks: u64, seed: u64) -> Vec<CosetPart> {
    let mut parts: Vec<CosetPart> = (0..tasks).map(|i| work.run(i).unwrap()).collect();
    let again: Vec<CosetPart> = parts.iter().filter(|p| (p.task ^ seed) % 3 == 0).cloned().collect();
    parts.extend(again);
    let n = parts.len();
    if n > 1 {
        parts.rotate_left((seed as usize) % n);
        parts.swap(0, n - 1);
    }
    parts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// The combined tasks equal the single search exactly: presses, weight, proof, bound, count.
    #[test]
    fn combined_tasks_equal_the_single_search((p, lights, sets, seed) in game_strategy(), tasks in 1u64..40) {
        let solver = random_game(p, lights, sets);
        let board = solver.random_solvable(seed);
        let single = minimal_solution(&solver, &board, &Budget::default()).unwrap();
        let split = Minimizer::new(&solver).unwrap().split(&board, Some(tasks)).unwrap();
        let parts = run_all(split.work(), split.tasks(), seed);
        prop_assert_eq!(split.combine(&parts).unwrap(), single.clone());
        // Through bytes, as the work travels to another machine.
        let again = CosetWork::from_bytes(&split.work().to_bytes()).unwrap();
        prop_assert_eq!(&again, split.work());
        if split.tasks() > 0 {
            prop_assert_eq!(again.run(split.tasks() - 1).unwrap(), split.work().run(split.tasks() - 1).unwrap());
        }
        // Another particular solution of the same board names the same witness.
        let quiet = solver.null_basis();
        let mut other = solver.solve(&board).unwrap();
        for (k, v) in quiet.iter().enumerate() {
            let c = (seed >> k) as u32 % p as u32;
            for (x, &q) in other.iter_mut().zip(v) {
                *x = (*x + c * q) % p as u32;
            }
        }
        let moved = split_in_coset(solver.modulus(), &other, &quiet, Some(tasks)).unwrap();
        let parts = run_all(moved.work(), moved.tasks(), seed + 1);
        prop_assert_eq!(moved.combine(&parts).unwrap(), single);
    }

    /// Missing tasks give a valid unproven answer: a real solution above a true lower bound.
    #[test]
    fn missing_tasks_give_a_valid_unproven_answer((p, lights, sets, seed) in game_strategy()) {
        let solver = random_game(p, lights, sets);
        let board = solver.random_solvable(seed);
        let truth = minimal_solution(&solver, &board, &Budget::default()).unwrap();
        let split = Minimizer::new(&solver).unwrap().split(&board, Some(4)).unwrap();
        prop_assume!(split.tasks() >= 2);
        let some: Vec<CosetPart> = (1..split.tasks()).step_by(2).map(|i| split.work().run(i).unwrap()).collect();
        let part = split.combine(&some).unwrap();
        prop_assert!(!part.proven_optimal);
        prop_assert!(part.lower_bound <= truth.weight && truth.weight <= part.weight);
        prop_assert_eq!(weight(&part.presses), part.weight);
        prop_assert!(solver.apply(&board, &part.presses).unwrap().iter().all(|&x| x == 0));
    }

    /// The statistics tasks combined equal the single count.
    #[test]
    fn combined_statistics_equal_the_single_count((p, lights, sets, _seed) in game_strategy(), tasks in 1u64..30) {
        let solver = random_game(p, lights, sets);
        let Ok(single) = stats(&solver, &Budget::work_only(1 << 14)) else { return Ok(()) };
        let work = StatsWork::new(&solver, Some(tasks)).unwrap();
        let again = StatsWork::from_bytes(&work.to_bytes()).unwrap();
        prop_assert_eq!(&again, &work);
        let mut parts: Vec<_> = (0..work.tasks()).rev().map(|i| again.run(i).unwrap()).collect();
        parts.push(work.run(0).unwrap());
        prop_assert_eq!(work.combine(&parts).unwrap(), single);
    }

    /// Any bytes at all: read back or refused with an error, never a panic.
    #[test]
    fn arbitrary_bytes_are_refused_cleanly(cut in 0usize..400, flip in 0usize..400, bit in 0u8..8) {
        let solver = Solver::new(&plus_grid(2, 3, Modulus::new(3).unwrap()).unwrap()).unwrap();
        let split = Minimizer::new(&solver).unwrap().split(&solver.random_solvable(1), None).unwrap();
        let work = StatsWork::new(&solver, None).unwrap();
        for bytes in [split.work().to_bytes(), work.to_bytes()] {
            let mut bad = bytes.clone();
            let i = flip % bad.len();
            bad[i] ^= 1 << bit;
            // Read back (every field checked) or refused.
            let _ = CosetWork::from_bytes(&bad);
            let _ = StatsWork::from_bytes(&bad);
            let short = &bytes[..cut.min(bytes.len().saturating_sub(1))];
            prop_assert!(CosetWork::from_bytes(short).is_err() && StatsWork::from_bytes(short).is_err());
        }
    }
}

/// A coset of 2^23 members over 120 buttons (two words): the threaded single search and 64
/// tasks agree, and so do the packed and unpacked entry points.
#[test]
fn large_gf2_coset_split_matches_the_threaded_search() {
    let n = 120;
    let basis: Vec<Vec<u32>> =
        (0..23).map(|k| (0..n).map(|j| (((j * 7 + k * 13) ^ (j * k)) % 3 == 0) as u32).collect()).collect();
    let s: Vec<u32> = (0..n).map(|j| ((j * j + 1) % 5 == 0) as u32).collect();
    let single = minimal_in_coset(Modulus::TWO, &s, &basis, &Budget::work_only(1 << 32)).unwrap();
    assert!(single.proven_optimal);
    let packed: Vec<Vec<u64>> = basis.iter().map(|v| pack_bits(v)).collect();
    let split = split_in_coset_gf2(n, &pack_bits(&s), &packed, Some(64)).unwrap();
    assert_eq!(split.tasks(), 64);
    let parts: Vec<CosetPart> = (0..64).map(|i| split.work().run(i).unwrap()).collect();
    assert_eq!(split.combine(&parts).unwrap(), single);
}

#[test]
fn default_split_sizes() {
    // Nullity 8 (the 9x9 grid): 256 tasks of one member each.
    let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap();
    let split = Minimizer::new(&solver).unwrap().split(&solver.random_solvable(5), None).unwrap();
    assert_eq!(split.tasks(), 256);
    // Nullity 0 statistics: one task, the closed form.
    let solver = Solver::new(&plus_grid(3, 3, Modulus::TWO).unwrap()).unwrap();
    let work = StatsWork::new(&solver, Some(100)).unwrap();
    assert_eq!(work.tasks(), 1);
    assert!(StatsWork::new(&solver, Some(0)).is_err());
    assert!(Minimizer::new(&solver).unwrap().split(&[0; 9], Some(1 << 30)).is_err());
}

#[test]
fn a_board_solved_off_the_quiet_buttons_needs_no_task() {
    let solver = Solver::new(&plus_grid(4, 4, Modulus::TWO).unwrap()).unwrap();
    let split = Minimizer::new(&solver).unwrap().split(&[0; 16], None).unwrap();
    assert_eq!(split.tasks(), 0);
    let best = split.combine(&[]).unwrap();
    assert_eq!(best, minimal_solution(&solver, &[0; 16], &Budget::default()).unwrap());
    assert_eq!((best.weight, best.explored, best.proven_optimal), (0, 1, true));
}

#[test]
fn foreign_or_forged_answers_are_errors() {
    let solver = Solver::new(&plus_grid(4, 4, Modulus::TWO).unwrap()).unwrap();
    let min = Minimizer::new(&solver).unwrap();
    let a = min.split(&solver.random_solvable(1), Some(4)).unwrap();
    let b = min.split(&solver.random_solvable(2), Some(4)).unwrap();
    let from_b = b.work().run(0).unwrap();
    assert!(matches!(a.combine(&[from_b]), Err(Error::InvalidArgument(m)) if m.contains("another search")));
    let mut forged = a.work().run(1).unwrap();
    forged.weight = 0;
    assert!(matches!(a.combine(&[forged.clone()]), Err(Error::InvalidArgument(m)) if m.contains("does not belong")));
    let honest = a.work().run(1).unwrap();
    assert!(matches!(a.combine(&[honest, forged]), Err(Error::InvalidArgument(m)) if m.contains("answered twice")));
    assert!(a.work().run(4).is_err());
    let work = StatsWork::new(&solver, Some(4)).unwrap();
    let parts: Vec<_> = (0..3).map(|i| work.run(i).unwrap()).collect();
    assert!(matches!(work.combine(&parts), Err(Error::InvalidArgument(m)) if m.contains("1 of 4 missing (tasks 3)")));
}

#[test]
fn interrupted_tasks_give_no_answer() {
    let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap();
    let split = Minimizer::new(&solver).unwrap().split(&solver.random_solvable(2), Some(2)).unwrap();
    let work =
        StatsWork::new(&Solver::new(&plus_grid(4, 4, Modulus::new(3).unwrap()).unwrap()).unwrap(), Some(3)).unwrap();
    let stats2 = StatsWork::new(&Solver::new(&plus_grid(4, 4, Modulus::TWO).unwrap()).unwrap(), Some(2)).unwrap();
    let stop = lightsout_core::interrupt::Interrupt::new();
    stop.interrupt();
    assert_eq!(stop.run(|| split.work().run(0)).unwrap_err(), Error::Interrupted);
    assert_eq!(stop.run(|| work.run(0)).unwrap_err(), Error::Interrupted);
    assert_eq!(stop.run(|| stats2.run(1)).unwrap_err(), Error::Interrupted);
}
