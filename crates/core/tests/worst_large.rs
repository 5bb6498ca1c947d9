//! The worst case past the exact search (more than `EXACT_MEMBERS` solutions a board): the
//! pooled local search still weighs real boards exactly with the fewest-press search, within
//! the work and the time given.

use lightsout_core::minimal::{
    minimal_in_coset, minimal_in_module, minimal_solution, plus_grid, worst_case, worst_from_module, worst_from_quiet,
    Budget, WorstCase, EXACT_MEMBERS,
};
use lightsout_core::{Modulus, Solver};
use rand::{Rng, SeedableRng};

/// `dim` random vectors of `n` entries over Z_k.
fn random_rows(k: u32, n: usize, dim: usize, seed: u64) -> Vec<Vec<u32>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..dim).map(|_| (0..n).map(|_| rng.gen_range(0..k)).collect()).collect()
}

fn modulus_of(k: u32) -> Modulus {
    Modulus::new(k as u64).or_else(|_| Modulus::ring(k as u64)).unwrap()
}

/// The witness's presses weigh what it says, and every solution of its board weighs at least
/// that (the fewest-press search, every solution visited).
fn check_exact(k: u32, w: &WorstCase, rows: &[Vec<u32>], orders: &[u32], what: &str) {
    assert_eq!(lightsout_core::minimal::weight(&w.presses), w.weight, "{what}");
    let modulus = modulus_of(k);
    let best = if modulus.is_prime() {
        minimal_in_coset(modulus, &w.presses, rows, &Budget::unlimited()).unwrap()
    } else {
        minimal_in_module(modulus, &w.presses, rows, orders, &Budget::unlimited()).unwrap()
    };
    assert!(best.proven_optimal, "{what}");
    assert_eq!(best.weight, w.weight, "{what}: the witness needs {} presses", best.weight);
    assert!(w.weight <= w.upper_bound && !w.proven_optimal, "{what}: {} .. {}", w.weight, w.upper_bound);
}

/// GF(2) with 2^23 solutions a board, Z_3 with 3^14, Z_4 with 4^12: a hard board weighed
/// exactly, where the answer was the empty board before (no search past `EXACT_MEMBERS`). The
/// work is capped at a few weighings, so the test ends whatever the machine's speed.
#[test]
fn past_the_exact_search_a_weighed_witness() {
    for (k, n, dim) in [(2u32, 64usize, 23usize), (3, 40, 14), (4, 40, 12)] {
        let rows = random_rows(k, n, dim, 7 + k as u64);
        let orders = vec![k; dim];
        let members = (k as u64).pow(dim as u32);
        assert!(members > EXACT_MEMBERS);
        let what = format!("Z_{k}, {n} buttons, {dim} quiet patterns");
        let modulus = modulus_of(k);
        let budget = Budget::work_only(3 * members);
        let w = if k == 4 {
            worst_from_module(modulus, n, &rows, &orders, &budget, |x| Ok(x.to_vec())).unwrap()
        } else {
            worst_from_quiet(modulus, n, &rows, &budget, |x| Ok(x.to_vec())).unwrap()
        };
        assert!(w.explored <= budget.max_work, "{what}: explored {}", w.explored);
        // Every button is in some quiet pattern: the board with no search needs 0 presses.
        assert!(w.weight >= (k as u64 - 1) * 4, "{what}: {w:?}");
        check_exact(k, &w, &rows, &orders, &what);
        assert!(w.note.as_deref().unwrap_or_default().contains("local search"), "{what}: {:?}", w.note);
    }
}

/// Work for exactly one weighing weighs one board (a real one, exact); one unit less weighs
/// none (the trivial witness, no search).
#[test]
fn one_weighing_when_the_work_pays_for_one() {
    let rows = random_rows(2, 64, 23, 11);
    let members = 1u64 << 23;
    let run = |work| worst_from_quiet(Modulus::TWO, 64, &rows, &Budget::work_only(work), |x| Ok(x.to_vec())).unwrap();
    let one = run(members);
    assert!(one.explored <= members && one.weight > 0, "{one:?}");
    check_exact(2, &one, &rows, &[2; 23], "one weighing");
    let none = run(members - 1);
    assert_eq!((none.weight, none.explored), (0, 0));
}

/// The 39 x 39 grid (nullity 32, 2^32 solutions a board): within 60 s, with the default work
/// (one weighing) and with no work limit, a board that needs more than the 305 presses of the
/// published table (wmboyles/LightsOut-Math), checked by the fewest-press search. Long:
/// runs with `LIGHTSOUT_STRESS=1`.
#[test]
fn stress_grid_39_beats_the_published_305() {
    if std::env::var("LIGHTSOUT_STRESS").as_deref() != Ok("1") {
        return;
    }
    let solver = Solver::new(&plus_grid(39, 39, Modulus::TWO).unwrap()).unwrap();
    assert_eq!(solver.nullity(), 32);
    let minute = Some(std::time::Duration::from_secs(60));
    for budget in [Budget::new(1 << 32, minute), Budget::new(u64::MAX, minute)] {
        let w = worst_case(&solver, &budget).unwrap();
        println!("39 x 39, {budget:?}: {} presses, {} explored", w.weight, w.explored);
        assert!(w.weight > 305, "{budget:?}: {w:?}");
        assert!(w.explored <= budget.max_work);
        assert_eq!(solver.apply(&w.board, &w.presses).unwrap(), vec![0; 39 * 39]);
        let best = minimal_solution(&solver, &w.board, &Budget::unlimited()).unwrap();
        assert_eq!((best.weight, best.proven_optimal), (w.weight, true), "{budget:?}");
    }
}

/// With no limit of time or work the search still ends (after a run of weighings that find no
/// harder board), with a weighed board.
#[test]
fn no_limit_still_ends() {
    let rows = random_rows(2, 30, 23, 5);
    let w = worst_from_quiet(Modulus::TWO, 30, &rows, &Budget::unlimited(), |x| Ok(x.to_vec())).unwrap();
    check_exact(2, &w, &rows, &[2; 23], "no limit");
}
