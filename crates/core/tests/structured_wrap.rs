//! Tori and cylinders against the dense path, including sides of 1 and 2 where neighbours
//! coincide (a press set is a set: a light reached twice changes once).

mod structured_common;

use lightsout_core::structured::{torus_decide_gf2, Wrap, WrapSolver};
use lightsout_core::{Error, Modulus, Solver};
use proptest::prelude::*;
use structured_common::*;

fn flags(wrap: Wrap) -> (bool, bool) {
    (matches!(wrap, Wrap::Horizontal | Wrap::Torus), matches!(wrap, Wrap::Vertical | Wrap::Torus))
}

fn check_wrap(p: Modulus, rows: usize, cols: usize, wrap: Wrap, delta: bool, seeds: std::ops::Range<u64>) {
    let (h, v) = flags(wrap);
    let m = press_matrix(p, rows, cols, h, v, delta);
    let dense = Solver::new(&m).unwrap();
    let ctx = format!("{rows}x{cols} {wrap:?} p={p} delta={delta}");
    let w = WrapSolver::new(rows, cols, wrap, delta, p).unwrap();
    assert_eq!(w.nullity(), dense.nullity(), "{ctx}: nullity");
    assert_eq!(w.rank(), dense.rank(), "{ctx}: rank");
    check_null_basis(&m, &dense, &w.null_basis().unwrap(), &ctx);
    for seed in seeds {
        let board = random_board(p, rows * cols, seed);
        let solvable = dense.random_solvable(seed);
        for b in [&board, &solvable] {
            let answer = w.solve(b);
            check_answer(&m, &dense, b, &answer, &ctx);
            assert_eq!(w.is_solvable(b).unwrap(), answer.is_ok(), "{ctx}: is_solvable");
            let moved = w.apply(b, &random_board(p, rows * cols, seed + 99)).unwrap();
            let expected = {
                let s = random_board(p, rows * cols, seed + 99);
                let f = p.field();
                use lightsout_core::Field;
                m.mul_vec(&s).unwrap().iter().zip(b.iter()).map(|(&x, &y)| f.add(x, y)).collect::<Vec<_>>()
            };
            assert_eq!(moved, expected, "{ctx}: apply");
        }
    }
}

#[test]
fn every_wrapped_board_up_to_9_matches_the_dense_path() {
    for p in [2u64, 3, 5, 7] {
        let p = Modulus::new(p).unwrap();
        for rows in 1..=9 {
            for cols in 1..=9 {
                for wrap in [Wrap::Torus, Wrap::Horizontal, Wrap::Vertical, Wrap::None] {
                    for delta in [true, false] {
                        check_wrap(p, rows, cols, wrap, delta, 0..2);
                    }
                }
            }
        }
    }
}

#[test]
fn larger_and_lopsided_boards() {
    for (rows, cols) in [(12, 5), (3, 17), (16, 16), (10, 12), (1, 20), (2, 13)] {
        for wrap in [Wrap::Torus, Wrap::Horizontal, Wrap::Vertical] {
            check_wrap(Modulus::TWO, rows, cols, wrap, true, 0..2);
            check_wrap(Modulus::new(3).unwrap(), rows, cols, wrap, false, 0..2);
        }
    }
    check_wrap(Modulus::new(2_147_483_647).unwrap(), 5, 7, Wrap::Torus, true, 0..2);
}

#[test]
fn torus_decision_agrees_with_the_solver() {
    for n in 1..=12 {
        let t = WrapSolver::new(n, n, Wrap::Torus, true, Modulus::TWO).unwrap();
        for seed in 0..4 {
            let board = random_board(Modulus::TWO, n * n, seed);
            let lit: Vec<(usize, usize)> =
                board.iter().enumerate().filter(|&(_, &x)| x == 1).map(|(i, _)| (i / n, i % n)).collect();
            assert_eq!(torus_decide_gf2(n, &lit).unwrap(), t.is_solvable(&board).unwrap(), "n = {n}");
        }
    }
    // The example input of the seed document: a 3 x 3 torus with three lights.
    let t = WrapSolver::new(3, 3, Wrap::Torus, true, Modulus::TWO).unwrap();
    let mut b = vec![0u32; 9];
    for (r, c) in [(0, 1), (0, 2), (1, 0)] {
        b[r * 3 + c] = 1;
    }
    assert_eq!(torus_decide_gf2(3, &[(0, 1), (0, 2), (1, 0)]).unwrap(), t.is_solvable(&b).unwrap());
    assert!(torus_decide_gf2(3, &[(0, 3)]).is_err());
    assert!(torus_decide_gf2(3, &[(0, 1), (0, 1)]).is_err());
    assert!(torus_decide_gf2(0, &[]).is_err());
}

#[test]
fn four_by_four_torus_is_its_own_inverse() {
    // On the 4 x 4 torus M M = I: the solution of a board is M applied to it.
    let t = WrapSolver::new(4, 4, Wrap::Torus, true, Modulus::TWO).unwrap();
    for seed in 0..5 {
        let b = random_board(Modulus::TWO, 16, seed);
        let s = t.solve(&b).unwrap();
        assert_eq!(s, t.apply(&[0; 16], &b).unwrap());
    }
}

#[test]
fn bad_input_is_a_clear_error() {
    let t = WrapSolver::new(5, 6, Wrap::Torus, true, Modulus::new(5).unwrap()).unwrap();
    assert!(matches!(t.solve(&[0; 29]), Err(Error::DimensionMismatch { expected: 30, got: 29, .. })));
    assert!(matches!(t.solve(&[7; 30]), Err(Error::EntryOutOfRange { .. })));
    assert!(WrapSolver::new(5, 0, Wrap::Torus, true, Modulus::TWO).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    #[test]
    fn random_wrapped_boards(rows in 1usize..40, cols in 1usize..40, p in prop_oneof![Just(2u64), Just(3), Just(7)], wrap in prop_oneof![Just(Wrap::Torus), Just(Wrap::Horizontal), Just(Wrap::Vertical)], delta in any::<bool>(), seed in any::<u64>()) {
        let p = Modulus::new(p).unwrap();
        let w = WrapSolver::new(rows, cols, wrap, delta, p).unwrap();
        let zero = vec![0; rows * cols];
        for b in [random_board(p, rows * cols, seed), w.apply(&zero, &random_board(p, rows * cols, seed ^ 7)).unwrap()] {
            match w.solve(&b) {
                Ok(s) => prop_assert!(w.apply(&b, &s).unwrap().iter().all(|&x| x == 0)),
                Err(Error::Unsolvable { obstruction, .. }) => {
                    prop_assert!(w.apply(&zero, &obstruction).unwrap().iter().all(|&x| x == 0));
                    prop_assert_ne!(dot(p, &obstruction, &b), 0);
                }
                Err(e) => prop_assert!(false, "unexpected error {}", e),
            }
        }
        let basis = w.null_basis().unwrap();
        prop_assert_eq!(basis.len(), w.nullity());
        prop_assert_eq!(rank_of(p, &basis, rows * cols), w.nullity());
        for y in &basis {
            prop_assert!(w.apply(&zero, y).unwrap().iter().all(|&x| x == 0));
        }
    }
}

/// Long run (LIGHTSOUT_STRESS=1): every wrapped board up to 20 x 20 against the dense solver.
#[test]
fn stress_wrapped_boards_against_the_dense_path() {
    if std::env::var("LIGHTSOUT_STRESS").as_deref() != Ok("1") {
        return;
    }
    for p in [2u64, 3, 5, 7] {
        let p = Modulus::new(p).unwrap();
        for rows in 1..=20 {
            for cols in 1..=20 {
                for wrap in [Wrap::Torus, Wrap::Horizontal, Wrap::Vertical] {
                    for delta in [true, false] {
                        check_wrap(p, rows, cols, wrap, delta, 0..2);
                    }
                }
            }
        }
    }
}

/// Sides past one word: the packed GF(2) polynomials modulo `z^65 - 1` against the dense
/// solver of the explicit press matrix (a 2 x 2 system of nullity 2 and a 1 x 1 of nullity 1;
/// the stress run adds rows on a path, modulo `chi`, nullity 44).
#[test]
fn sides_past_one_word_match_the_dense_path() {
    check_wrap(Modulus::TWO, 66, 65, Wrap::Torus, true, 0..1);
    check_wrap(Modulus::TWO, 65, 65, Wrap::Horizontal, true, 0..1);
    if std::env::var("LIGHTSOUT_STRESS").as_deref() == Ok("1") {
        check_wrap(Modulus::TWO, 66, 65, Wrap::Vertical, true, 0..2);
    }
}
