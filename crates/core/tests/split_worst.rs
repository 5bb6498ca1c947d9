//! The worst case cut into decisions and tasks: every decision's tasks run (in any order, some
//! twice) give the single-machine answer; a run stopped in the middle and carried on from its
//! proven bound and finished tasks gives it too; bad or foreign answers and bad bytes are
//! errors.

use lightsout_core::minimal::{plus_grid, worst_case, Budget, Symmetry, WorstCase, WorstPart, WorstSplit, WorstWork};
use lightsout_core::{Field, Modulus, Solver, SparseMatrix};

/// The 9 x 9 grid (nullity 8) and its worst case on one machine, found once for every test.
fn grid9() -> &'static (Solver, WorstCase) {
    static GRID: std::sync::OnceLock<(Solver, WorstCase)> = std::sync::OnceLock::new();
    GRID.get_or_init(|| {
        let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap();
        let single = worst_case(&solver, &Budget::unlimited()).unwrap();
        (solver, single)
    })
}

fn split_of(solver: &Solver, tasks: u64) -> WorstSplit {
    let basis = solver.null_basis();
    let orders = vec![solver.modulus().get(); basis.len()];
    WorstSplit::new(solver.modulus(), solver.buttons(), &basis, &orders, &Budget::default(), Some(tasks)).unwrap()
}

fn result(split: &WorstSplit, solver: &Solver) -> WorstCase {
    let f = solver.modulus().field();
    split.result(|x| Ok(solver.apply(&vec![0; solver.lights()], x)?.into_iter().map(|v| f.neg(v)).collect())).unwrap()
}

/// Every task of every decision, scrambled and some twice, until the answer is settled.
/// Returns the number of decisions that needed tasks.
fn run_everywhere(split: &mut WorstSplit, seed: u64) -> usize {
    let mut decisions = 0;
    while split.decision().is_some() {
        let work = split.work().unwrap().unwrap().clone();
        let work = WorstWork::from_bytes(&work.to_bytes()).unwrap(); // as a worker gets it
        let mut parts: Vec<WorstPart> = (0..work.tasks()).map(|i| work.run(i).unwrap()).collect();
        let again: Vec<WorstPart> = parts.iter().filter(|p| (p.task ^ seed) % 3 == 0).cloned().collect();
        parts.extend(again);
        let len = parts.len();
        parts.rotate_left(seed as usize % len);
        split.absorb(&parts).unwrap();
        decisions += 1;
    }
    decisions
}

/// The worst case's answer on one machine and through the split agree (the boards may
/// differ, their weights do not); the split's board needs what it says.
fn assert_same(split: &WorstCase, single: &WorstCase, solver: &Solver, what: &str) {
    assert_eq!(
        (split.weight, split.proven_optimal, split.upper_bound),
        (single.weight, single.proven_optimal, single.upper_bound),
        "{what}"
    );
    let again = lightsout_core::minimal::minimal_solution(solver, &split.board, &Budget::unlimited()).unwrap();
    assert_eq!(again.weight, split.weight, "{what}: the board needs what the split says");
}

#[test]
fn grids_of_nullity_6_and_8_equal_the_single_machine() {
    for (n, tasks) in [(9usize, 16u64), (11, 7)] {
        let (solver, single) = if n == 9 {
            grid9().clone()
        } else {
            let solver = Solver::new(&plus_grid(n, n, Modulus::TWO).unwrap()).unwrap();
            let single = worst_case(&solver, &Budget::unlimited()).unwrap();
            (solver, single)
        };
        assert!(single.proven_optimal, "{n} x {n}");
        let mut split = split_of(&solver, tasks);
        let decisions = run_everywhere(&mut split, n as u64);
        assert!(decisions > 0 || n == 11, "{n} x {n}: the split asked no decision of the tasks");
        assert_same(&result(&split, &solver), &single, &solver, &format!("{n} x {n}"));
    }
}

#[test]
fn a_run_stopped_in_the_middle_carries_on_from_its_bound_and_finished_tasks() {
    let (solver, single) = grid9();
    let mut first = split_of(&solver, 32);
    // Two decisions, then half the tasks of the third: what a checkpoint records.
    for _ in 0..2 {
        let work = first.work().unwrap().unwrap().clone();
        let parts: Vec<WorstPart> = (0..work.tasks()).map(|i| work.run(i).unwrap()).collect();
        first.absorb(&parts).unwrap();
    }
    let bound = first.upper_bound();
    let work = first.work().unwrap().unwrap().clone();
    let done: Vec<WorstPart> = (0..work.tasks() / 2).map(|i| work.run(i).unwrap()).collect();
    assert!(done.iter().all(|p| p.board.is_none()), "the decision is ruled out: no subtree has a board");
    let err = first.absorb(&done).unwrap_err().to_string();
    assert!(err.contains("are not answered"), "{err}");
    // A new process: the same split, the bound carried over, the same tasks, the rest run.
    let mut second = split_of(&solver, 32);
    second.assume_upper_bound(bound).unwrap();
    assert_eq!(second.upper_bound(), bound);
    let again = second.work().unwrap().unwrap().clone();
    assert_eq!(again.id(), work.id(), "the carried-on decision is cut the same way");
    let mut parts = done.clone();
    parts.extend((work.tasks() / 2..again.tasks()).map(|i| again.run(i).unwrap()));
    second.absorb(&parts).unwrap();
    run_everywhere(&mut second, 5);
    assert_same(&result(&second, &solver), &single, &solver, "resumed");
    // A bound that does not fit the game is refused.
    let mut third = split_of(&solver, 32);
    for bad in [0, 10_000] {
        let err = third.assume_upper_bound(bad).unwrap_err().to_string();
        assert!(err.contains("does not fit this game"), "{err}");
    }
}

#[test]
fn a_result_before_the_end_is_the_bound_so_far() {
    let (solver, single) = grid9();
    let split = split_of(&solver, 8);
    let early = result(&split, &solver);
    assert!(!early.proven_optimal);
    assert!(early.weight <= single.weight && early.upper_bound >= single.upper_bound);
    assert_eq!(early.upper_bound, split.upper_bound());
    assert_eq!(early.upper_bound, split.decision().unwrap());
}

#[test]
fn games_over_z_p_split_too_and_z_k_is_settled_at_once() {
    let mut with_tasks = 0;
    for (p, n) in [(3u64, 8usize), (3, 5), (5, 3), (2, 5)] {
        let solver = Solver::new(&plus_grid(n, n, Modulus::new(p).unwrap()).unwrap()).unwrap();
        let mut split = split_of(&solver, 8);
        with_tasks += run_everywhere(&mut split, p);
        let single = worst_case(&solver, &Budget::default()).unwrap();
        assert_same(&result(&split, &solver), &single, &solver, &format!("Z_{p} {n} x {n}"));
    }
    assert!(with_tasks > 0, "no decision over Z_3 or Z_5 needed tasks");
    // Z_4 through the generators and their orders: no decision engine, searched at once.
    let z4 = Modulus::ring(4).unwrap();
    let split = WorstSplit::new(z4, 2, &[vec![2, 2]], &[2], &Budget::default(), None).unwrap();
    assert_eq!(split.decision(), None);
    let w = split.result(|x| Ok(x.to_vec())).unwrap();
    assert_eq!((w.weight, w.proven_optimal), (4, true));
}

#[test]
fn foreign_or_forged_answers_and_bad_bytes_are_errors() {
    let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap();
    let mut split = split_of(&solver, 8);
    let work = split.work().unwrap().unwrap().clone();
    let part = work.run(0).unwrap();
    let foreign = WorstPart { work: part.work ^ 1, ..part.clone() };
    assert!(split.absorb(&[foreign]).unwrap_err().to_string().contains("another decision"));
    let out_of_range = WorstPart { task: work.tasks(), ..part.clone() };
    assert!(split.absorb(&[out_of_range]).unwrap_err().to_string().contains("malformed"));
    let twice = WorstPart { explored: part.explored + 1, ..part.clone() };
    assert!(split.absorb(&[part.clone(), twice]).unwrap_err().to_string().contains("twice"));
    let forged = WorstPart { board: Some(vec![0; 3]), ..part.clone() };
    assert!(split.absorb(&[forged]).unwrap_err().to_string().contains("malformed"));
    assert!(work.run(work.tasks()).is_err());
    // Bytes: every truncation and a wrong tag are errors, never a panic or a huge allocation.
    let bytes = work.to_bytes();
    for len in 0..bytes.len() {
        assert!(WorstWork::from_bytes(&bytes[..len]).is_err(), "{len} bytes");
    }
    let mut tagged = bytes.clone();
    tagged[0] ^= 1;
    assert!(WorstWork::from_bytes(&tagged).unwrap_err().to_string().contains("tag"));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(WorstWork::from_bytes(&longer).unwrap_err().to_string().contains("too many"));
    // Many tasks claimed in a few bytes.
    let mut huge = bytes[..8 + 3 * 8].to_vec();
    huge.extend_from_slice(&0u64.to_le_bytes());
    huge.extend_from_slice(&(1u64 << 24).to_le_bytes());
    assert!(WorstWork::from_bytes(&huge).is_err());
    assert!(WorstSplit::new(Modulus::TWO, 3, &[vec![1, 1, 1]], &[2], &Budget::default(), Some(0)).is_err());
}

/// The split with each choice of symmetries gives the single-machine answer; the choice
/// travels in the work's bytes (another choice, another work), and bytes naming a bad one are
/// errors.
#[test]
fn the_split_takes_each_symmetry_and_sends_it_to_the_workers() {
    let (solver, single) = grid9();
    let basis = solver.null_basis();
    let transpose: Vec<usize> = (0..81).map(|j| (j % 9) * 9 + j / 9).collect();
    let half_turn: Vec<usize> = (0..81).rev().collect();
    let mut ids = Vec::new();
    for symmetry in [Symmetry::Plain, Symmetry::Detect, Symmetry::Given(vec![transpose.clone(), half_turn])] {
        let new = || WorstSplit::new_with(Modulus::TWO, 81, &basis, &[2; 8], &Budget::default(), Some(8), &symmetry);
        let mut split = new().unwrap();
        let work = split.work().unwrap().expect("the 9 x 9 grid needs a decision").clone();
        assert_eq!(WorstWork::from_bytes(&work.to_bytes()).unwrap(), work);
        ids.push(work.id());
        run_everywhere(&mut split, 5);
        assert_same(&result(&split, solver), single, solver, &format!("{symmetry:?}"));
        if let Symmetry::Given(_) = symmetry {
            // The permutations close the bytes (the half turn last, its last image 0): an image
            // repeated, an unknown kind, a count that the bytes cannot hold are errors.
            let bytes = work.to_bytes();
            let mut repeated = bytes.clone();
            let last = repeated.len() - 4;
            repeated[last..].copy_from_slice(&1u32.to_le_bytes());
            let err = WorstWork::from_bytes(&repeated).unwrap_err().to_string();
            assert!(err.contains("symmetry 1 is not a permutation of the 81 buttons"), "{err}");
            let header = bytes.len() - 2 * 81 * 4 - 16;
            let mut kind = bytes[..header].to_vec();
            kind.extend_from_slice(&3u64.to_le_bytes());
            kind.extend_from_slice(&0u64.to_le_bytes());
            assert!(WorstWork::from_bytes(&kind).unwrap_err().to_string().contains("kind of symmetry"));
            let mut many = bytes[..header].to_vec();
            many.extend_from_slice(&2u64.to_le_bytes());
            many.extend_from_slice(&(1u64 << 40).to_le_bytes());
            assert!(WorstWork::from_bytes(&many).unwrap_err().to_string().contains("do not fit"));
        }
    }
    ids.dedup();
    assert_eq!(ids.len(), 3, "each choice of symmetries is its own work");
    let shift: Vec<usize> = (0..81).map(|j| (j + 1) % 81).collect();
    let refused = |perms: Vec<Vec<usize>>| {
        let given = Symmetry::Given(perms);
        WorstSplit::new_with(Modulus::TWO, 81, &basis, &[2; 8], &Budget::default(), Some(8), &given).err().unwrap()
    };
    assert!(refused(vec![transpose, shift]).to_string().contains("symmetry 1 does not map the quiet patterns"));
    assert!(refused(vec![vec![0; 81]]).to_string().contains("symmetry 0 is not a permutation"));
}

fn random_game(lights: usize, sets: Vec<Vec<usize>>) -> Solver {
    Solver::new(&SparseMatrix::from_press_sets(Modulus::TWO, lights, sets).unwrap()).unwrap()
}

/// Random GF(2) games of nullity 3 to 9 (six of them): the split's answer is the single machine's.
#[test]
fn random_games_equal_the_single_machine() {
    let (mut compared, mut with_tasks) = (0, 0);
    for seed in 1..200u64 {
        let lights = 30 + (seed as usize * 7) % 20;
        // Sparse press sets with a few merged ones (quiet patterns, types of buttons).
        let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = |m: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m as u64) as usize
        };
        let mut sets: Vec<Vec<usize>> = (0..lights).map(|_| (0..3).map(|_| next(lights)).collect()).collect();
        for _ in 0..lights / 6 {
            let (a, b) = (next(lights), next(lights));
            let mut merged = sets[a].clone();
            merged.extend(sets[b].iter().copied());
            sets.push(merged);
        }
        let solver = random_game(lights, sets);
        if !(3..=9).contains(&solver.nullity()) {
            continue;
        }
        let single = worst_case(&solver, &Budget::unlimited()).unwrap();
        let mut split = split_of(&solver, 1 + seed % 40);
        with_tasks += (run_everywhere(&mut split, seed) > 0) as usize;
        assert_same(&result(&split, &solver), &single, &solver, &format!("seed {seed}"));
        compared += 1;
        if compared == 6 {
            break;
        }
    }
    assert_eq!(compared, 6);
    assert!(with_tasks >= 2, "only {with_tasks} games needed tasks");
}

#[test]
fn explored_counts_from_outside_saturate_rather_than_overflow() {
    // A checkpoint's counts come from a file: two of 2^64 - 1 must not overflow the sum.
    let (solver, single) = grid9();
    let mut split = split_of(solver, 8);
    let work = split.work().unwrap().unwrap().clone();
    let mut parts: Vec<WorstPart> = (0..work.tasks()).map(|i| work.run(i).unwrap()).collect();
    for part in parts.iter_mut().take(2) {
        part.explored = u64::MAX;
    }
    split.absorb(&parts).unwrap();
    run_everywhere(&mut split, 3);
    let answer = result(&split, solver);
    assert_eq!(answer.explored, u64::MAX);
    assert_eq!((answer.weight, answer.upper_bound), (single.weight, single.upper_bound));
}
