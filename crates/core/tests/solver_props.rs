//! The mathematics of the solver, stated as properties over random matrices.

mod common;

use common::{dot, left_mul, matrix};
use lightsout_core::{Engine, Error, Field, Solver};
use proptest::prelude::*;
use std::collections::HashSet;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn rank_nullity_and_quiet_patterns(m in matrix(12)) {
        let s = Solver::new(&m).unwrap();
        prop_assert_eq!(s.rank() + s.nullity(), m.cols());
        let basis = s.null_basis();
        prop_assert_eq!(basis.len(), s.nullity());
        for v in &basis {
            prop_assert!(m.mul_vec(v).unwrap().iter().all(|&x| x == 0), "null vector is not quiet");
        }
        let obstructions = s.obstructions();
        prop_assert_eq!(obstructions.len(), m.rows() - s.rank());
        for y in &obstructions {
            prop_assert!(left_mul(&m, y).iter().all(|&x| x == 0), "obstruction is not a left null vector");
        }
    }

    #[test]
    fn solve_agrees_with_solvability(m in matrix(10), seed in any::<u64>(), raw in proptest::collection::vec(any::<u32>(), 10)) {
        let s = Solver::new(&m).unwrap();
        let p = m.modulus().get();
        let f = m.modulus().field();
        // A solvable board and an arbitrary one.
        let solvable = s.random_solvable(seed);
        prop_assert!(s.is_solvable(&solvable).unwrap());
        let arbitrary: Vec<u32> = raw.iter().cycle().take(m.rows()).map(|x| x % p).collect();
        for board in [solvable, arbitrary] {
            match s.solve(&board) {
                Ok(presses) => {
                    prop_assert!(s.is_solvable(&board).unwrap());
                    prop_assert!(s.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
                    // The pseudoinverse gives the same solution: s = W(-b).
                    let neg: Vec<u32> = board.iter().map(|&x| f.neg(x)).collect();
                    prop_assert_eq!(s.pseudoinverse().unwrap().mul_vec(&neg).unwrap(), presses);
                }
                Err(Error::Unsolvable { obstruction, .. }) => {
                    prop_assert!(!s.is_solvable(&board).unwrap());
                    prop_assert!(left_mul(&m, &obstruction).iter().all(|&x| x == 0));
                    prop_assert_ne!(dot(p, &obstruction, &board), 0);
                    prop_assert!(s.count_solutions(&board).unwrap().is_zero());
                }
                Err(e) => prop_assert!(false, "unexpected error {e}"),
            }
        }
    }

    #[test]
    fn all_solutions_are_distinct_and_valid(m in matrix(7), seed in any::<u64>()) {
        let s = Solver::new(&m).unwrap();
        let count = s.count_solutions(&s.random_solvable(seed)).unwrap();
        prop_assume!(count.to_u128().is_some_and(|c| c <= 512));
        let board = s.random_solvable(seed);
        let all: Vec<Vec<u32>> = s.solutions(&board).unwrap().collect();
        prop_assert_eq!(all.len() as u128, count.to_u128().unwrap());
        let distinct: HashSet<_> = all.iter().cloned().collect();
        prop_assert_eq!(distinct.len(), all.len());
        for presses in &all {
            prop_assert!(s.apply(&board, presses).unwrap().iter().all(|&x| x == 0));
        }
    }

    #[test]
    fn packed_gf2_agrees_with_generic(m in matrix(14).prop_filter("GF(2)", |m| m.modulus().get() == 2), seed in any::<u64>()) {
        let packed = Solver::with_engine(&m, Engine::Gf2Packed).unwrap();
        let generic = Solver::with_engine(&m, Engine::Generic).unwrap();
        prop_assert_eq!(packed.pivots(), generic.pivots());
        prop_assert_eq!(packed.rref().unwrap(), generic.rref().unwrap());
        prop_assert_eq!(packed.transform().unwrap(), generic.transform().unwrap());
        prop_assert_eq!(packed.null_basis(), generic.null_basis());
        let board = packed.random_solvable(seed);
        prop_assert_eq!(packed.solve(&board).unwrap(), generic.solve(&board).unwrap());
    }
}

#[test]
fn bad_inputs_are_errors_not_panics() {
    let m = common::grid(lightsout_core::Modulus::new(3).unwrap(), 2, 2, false);
    let s = Solver::new(&m).unwrap();
    assert_eq!(s.solve(&[0, 1, 2]).unwrap_err().to_string(), "lights must have 4 entries, got 3");
    assert_eq!(s.solve(&[0, 1, 2, 3]).unwrap_err().to_string(), "lights[3] must be in 0 <= x < 3, not 3");
    assert!(s.apply(&[0; 4], &[0; 5]).is_err());
    assert!(Solver::with_engine(&m, Engine::Gf2Packed).is_err());
    assert!(lightsout_core::Modulus::new(4).is_err());
    assert!(lightsout_core::Modulus::new(0).is_err());
    assert!(lightsout_core::Modulus::new(1 << 31).is_err());
    let huge = lightsout_core::Matrix::zeros(lightsout_core::Modulus::TWO, 1 << 20, 1 << 20);
    assert!(matches!(huge, Err(Error::TooLarge { .. })));
    // Fits in memory (3.2 GB as u32) but would take about 13 hours: refused before allocating.
    let z5 = lightsout_core::Modulus::new(5).unwrap();
    let diagonal = lightsout_core::SparseMatrix::from_press_sets(z5, 20_000, (0..20_000).map(|i| vec![i]).collect());
    let err = Solver::new(&diagonal.unwrap()).unwrap_err();
    assert!(matches!(err, Error::TooLarge { unit: "seconds of estimated work", .. }), "{err}");
}
