//! Every engine implements `FactoredSystem`, and on the same game every one of them gives the
//! same counts, the same random boards, solutions that solve, and quiet patterns that are
//! quiet, through the trait object alone.

use lightsout_core::banded::BandedSolver;
use lightsout_core::minimal::plus_grid;
use lightsout_core::ring::{PowerSolver, RingGridSolver};
use lightsout_core::structured::{GridSolver, Wrap, WrapSolver};
use lightsout_core::{FactoredSystem, Modulus, RingSolver, Solver, SparseMatrix};

/// Every engine that takes the plus-rule grid of this size over this modulus.
fn engines(rows: usize, cols: usize, modulus: Modulus) -> Vec<(&'static str, Box<dyn FactoredSystem>)> {
    let m = plus_grid(rows, cols, modulus).unwrap();
    let mut out: Vec<(&'static str, Box<dyn FactoredSystem>)> = vec![
        ("ring", Box::new(RingSolver::new(&m).unwrap())),
        ("ring grid", Box::new(RingGridSolver::new(rows, cols, Wrap::None, true, modulus).unwrap())),
    ];
    if modulus.is_prime() {
        out.push(("dense", Box::new(Solver::new(&m).unwrap())));
        out.push(("grid", Box::new(GridSolver::new(rows, cols, true, modulus).unwrap())));
        out.push(("wrap", Box::new(WrapSolver::new(rows, cols, Wrap::None, true, modulus).unwrap())));
        out.push(("banded", Box::new(BandedSolver::new(&m).unwrap())));
    }
    if modulus.factors().len() == 1 {
        out.push(("prime power", Box::new(PowerSolver::new(&m).unwrap())));
    }
    out
}

fn is_zero(v: &[u32]) -> bool {
    v.iter().all(|&x| x == 0)
}

#[test]
fn every_engine_answers_the_same_through_the_trait() {
    for k in [2u64, 3, 4, 5, 6, 9] {
        let modulus = Modulus::ring(k).unwrap();
        for (rows, cols) in [(1, 1), (2, 3), (4, 4), (5, 5), (3, 7)] {
            let all = engines(rows, cols, modulus);
            let (_, reference) = &all[0];
            let m = plus_grid(rows, cols, modulus).unwrap();
            for (name, e) in &all {
                let what = format!("{name} engine, {rows}x{cols} over Z_{k}");
                assert_eq!((e.modulus(), e.lights(), e.buttons()), (modulus, rows * cols, rows * cols), "{what}");
                assert_eq!(e.kernel_size(), reference.kernel_size(), "{what}");
                assert_eq!(e.solvable_boards(), reference.solvable_boards(), "{what}");
                assert_eq!(e.elementary_divisors().ok(), reference.elementary_divisors().ok(), "{what}");
                assert_eq!(e.rank().ok(), reference.rank().ok(), "{what}");
                assert_eq!(e.rank().is_ok(), modulus.is_prime(), "{what}");
                let (gens, orders) = e.quiet_generators(None).unwrap();
                assert_eq!(orders, e.null_orders().unwrap(), "{what}");
                let size: u128 = orders.iter().map(|&o| o as u128).product();
                assert_eq!(Some(size), e.kernel_size().to_u128(), "{what}");
                for g in &gens {
                    assert!(is_zero(&m.mul_vec(g).unwrap()), "{what}: a generator is not quiet");
                }
                assert_eq!(e.quiet_patterns(1).unwrap(), gens.iter().take(1).cloned().collect::<Vec<_>>(), "{what}");
                for seed in 0..4 {
                    let board = e.random_solvable(seed).unwrap();
                    assert_eq!(board, reference.random_solvable(seed).unwrap(), "{what}");
                    let s = e.solve(&board).unwrap();
                    assert!(is_zero(&e.apply(&board, &s).unwrap()), "{what}");
                    assert_eq!(e.count_solutions(&board).unwrap(), e.kernel_size(), "{what}");
                    if size <= 64 {
                        let mut sols: Vec<Vec<u32>> = e.solutions(&board).unwrap().collect();
                        assert_eq!(sols.len() as u128, size, "{what}");
                        assert!(sols.iter().all(|s| is_zero(&e.apply(&board, s).unwrap())), "{what}");
                        sols.sort();
                        sols.dedup();
                        assert_eq!(sols.len() as u128, size, "{what}: solutions repeat");
                    }
                }
                // A board that is not solvable, when there is one: one light of a quiet
                // pattern's support is not enough in general, so look for one among unit boards.
                for light in 0..rows * cols {
                    let mut board = vec![0u32; rows * cols];
                    board[light] = 1;
                    let solvable = reference.is_solvable(&board).unwrap();
                    assert_eq!(e.is_solvable(&board).unwrap(), solvable, "{what}");
                    match e.solve(&board) {
                        Ok(s) => assert!(solvable && is_zero(&e.apply(&board, &s).unwrap()), "{what}"),
                        Err(err) => assert!(
                            !solvable && matches!(err, lightsout_core::Error::Unsolvable { .. }),
                            "{what}: {err}"
                        ),
                    }
                    assert_eq!(e.count_solutions(&board).unwrap().is_zero(), !solvable, "{what}");
                }
            }
        }
    }
}

#[test]
fn a_composite_modulus_has_no_rank_through_the_trait() {
    let m = plus_grid(2, 2, Modulus::ring(6).unwrap()).unwrap();
    let ring: Box<dyn FactoredSystem> = Box::new(RingSolver::new(&m).unwrap());
    let err = ring.nullity().unwrap_err().to_string();
    assert!(err.contains("nullity is defined over a field") && err.contains("modulus 6"), "{err}");
    assert_eq!(ring.elementary_divisors().unwrap(), vec![1, 1, 1, 3]);
}

#[test]
fn the_prime_power_engine_presses_with_its_own_matrix() {
    let z4 = Modulus::ring(4).unwrap();
    let m = SparseMatrix::from_press_sets(z4, 3, vec![vec![0, 1], vec![0, 1, 2], vec![1, 2]]).unwrap();
    let p = PowerSolver::new(&m).unwrap();
    assert_eq!(FactoredSystem::apply(&p, &[1, 2, 3], &[1, 0, 0]).unwrap(), vec![2, 3, 3]);
    assert!(FactoredSystem::apply(&p, &[1, 2], &[1, 0, 0]).is_err());
}
