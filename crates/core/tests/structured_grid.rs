//! Grid solvers against the dense path: same solvability, nullity, verified solutions,
//! genuine obstructions and quiet, independent null bases.

mod structured_common;

use lightsout_core::structured::{GridSolver, Method, PackedBoard, PackedBoard3};
use lightsout_core::{Error, Modulus, Solver};
use proptest::prelude::*;
use structured_common::*;

fn check_grid(p: Modulus, rows: usize, cols: usize, delta: bool, seeds: std::ops::Range<u64>) {
    let m = press_matrix(p, rows, cols, false, false, delta);
    let dense = Solver::new(&m).unwrap();
    let ctx = format!("{rows}x{cols} p={p} delta={delta}");
    for method in [Method::Auto, Method::Dense] {
        let g = GridSolver::with_method(rows, cols, delta, p, method).unwrap();
        let ctx = format!("{ctx} {method:?}");
        assert_eq!(g.nullity(), dense.nullity(), "{ctx}: nullity");
        assert_eq!(g.rank(), dense.rank(), "{ctx}: rank");
        check_null_basis(&m, &dense, &g.null_basis().unwrap(), &ctx);
        for seed in seeds.clone() {
            let board = random_board(p, rows * cols, seed);
            let solvable = dense.random_solvable(seed);
            let own = g.random_solvable(seed).unwrap();
            assert!(dense.is_solvable(&own).unwrap() && g.is_solvable(&own).unwrap(), "{ctx}: random_solvable");
            for b in [&board, &solvable] {
                let answer = g.solve(b);
                check_answer(&m, &dense, b, &answer, &ctx);
                assert_eq!(g.is_solvable(b).unwrap(), answer.is_ok(), "{ctx}: is_solvable");
                if p.get() < 256 {
                    let bytes: Vec<u8> = b.iter().map(|&x| x as u8).collect();
                    let by_bytes = g.solve_bytes(&bytes).map(|s| s.into_iter().map(u32::from).collect::<Vec<u32>>());
                    check_answer(&m, &dense, b, &by_bytes, &ctx);
                    let mut in_place = bytes.clone();
                    match g.solve_bytes_in_place(&mut in_place) {
                        Ok(()) => assert_eq!(
                            Some(in_place.iter().map(|&x| x as u32).collect::<Vec<u32>>()),
                            by_bytes.ok(),
                            "{ctx}: bytes in place"
                        ),
                        Err(e) => {
                            assert!(matches!(e, Error::Unsolvable { .. }) && by_bytes.is_err(), "{ctx}: in place {e}");
                            assert_eq!(in_place, bytes, "{ctx}: an unsolvable board is left as it was");
                        }
                    }
                }
                if p.get() == 3 && method == Method::Auto {
                    let packed = PackedBoard3::from_values(rows, cols, b).unwrap();
                    assert_eq!(g.is_solvable_packed_gf3(&packed).unwrap(), answer.is_ok(), "{ctx}: packed solvable");
                    let by_packed = g.solve_packed_gf3(&packed).map(|s| s.to_values());
                    check_answer(&m, &dense, b, &by_packed, &ctx);
                }
                if p.get() == 2 && method == Method::Auto {
                    let packed = PackedBoard::from_values(rows, cols, b).unwrap();
                    assert_eq!(g.is_solvable_packed_gf2(&packed).unwrap(), answer.is_ok(), "{ctx}: packed solvable");
                    let by_packed = g.solve_packed_gf2(&packed).map(|s| s.to_values());
                    check_answer(&m, &dense, b, &by_packed, &ctx);
                    let mut in_place = packed.clone();
                    match g.solve_packed_gf2_in_place(&mut in_place) {
                        Ok(()) => assert_eq!(Ok(in_place.to_values()), by_packed.map_err(|_| ()), "{ctx}: in place"),
                        Err(e) => {
                            assert!(matches!(e, Error::Unsolvable { .. }) && by_packed.is_err(), "{ctx}: in place {e}");
                            assert_eq!(in_place, packed, "{ctx}: an unsolvable board is left as it was");
                        }
                    }
                    match g.obstruction_packed(&packed).unwrap() {
                        None => assert!(answer.is_ok()),
                        Some(y) => {
                            let y = y.to_values();
                            assert!(left_mul(&m, &y).iter().all(|&x| x == 0), "{ctx}: packed obstruction");
                            assert_eq!(dot(p, &y, b), 1, "{ctx}: packed obstruction misses the board");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_grid_up_to_12_matches_the_dense_path() {
    for p in [2u64, 3, 5, 7] {
        let p = Modulus::new(p).unwrap();
        for rows in 1..=12 {
            for cols in 1..=12 {
                for delta in [true, false] {
                    check_grid(p, rows, cols, delta, 0..2);
                }
            }
        }
    }
}

#[test]
fn a_large_prime_works() {
    let p = Modulus::new(2_147_483_647).unwrap();
    for (rows, cols) in [(1, 1), (4, 7), (9, 3), (6, 6)] {
        check_grid(p, rows, cols, true, 0..3);
        check_grid(p, rows, cols, false, 0..3);
    }
}

#[test]
fn known_nullities() {
    // The classic 5 x 5 game has nullity 2; 4 x 4 has 4; 6 x 6 is invertible (Sutner).
    for (n, nullity) in [(5, 2), (4, 4), (6, 0), (9, 8), (19, 16)] {
        assert_eq!(GridSolver::new(n, n, true, Modulus::TWO).unwrap().nullity(), nullity, "{n}x{n}");
    }
}

#[test]
fn bad_input_is_a_clear_error() {
    let g = GridSolver::new(3, 4, true, Modulus::new(3).unwrap()).unwrap();
    assert!(matches!(g.solve(&[0; 11]), Err(Error::DimensionMismatch { expected: 12, got: 11, .. })));
    let mut board = vec![0u32; 12];
    board[5] = 3;
    assert!(matches!(g.solve(&board), Err(Error::EntryOutOfRange { index: 5, value: 3, .. })));
    assert!(GridSolver::new(0, 4, true, Modulus::TWO).is_err());
    assert!(matches!(GridSolver::new(1 << 21, 1 << 21, true, Modulus::TWO), Err(Error::TooLarge { .. })));
    assert!(g.solve_packed_gf2(&PackedBoard::zeros(3, 4).unwrap()).is_err());
    let g2 = GridSolver::new(3, 4, true, Modulus::TWO).unwrap();
    assert!(g2.solve_packed_gf2(&PackedBoard::zeros(4, 3).unwrap()).is_err());
    assert!(g2.solve_packed_gf3(&PackedBoard3::zeros(3, 4).unwrap()).is_err());
    assert!(g.solve_packed_gf3(&PackedBoard3::zeros(4, 3).unwrap()).is_err());
    assert!(g.is_solvable_packed_gf3(&PackedBoard3::zeros(3, 5).unwrap()).is_err());
    let big = GridSolver::new(3, 4, true, Modulus::new(257).unwrap()).unwrap();
    assert!(big.solve_bytes(&[0; 12]).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Larger grids: the polynomial path against the level-one dense reduction, and packed
    /// GF(2) against the unpacked path (boards crossing word boundaries, both orientations).
    #[test]
    fn polynomial_path_matches_dense_reduction(rows in 1usize..150, cols in 1usize..150, p in prop_oneof![Just(2u64), Just(3), Just(5)], delta in any::<bool>(), seed in any::<u64>()) {
        let p = Modulus::new(p).unwrap();
        let fast = GridSolver::new(rows, cols, delta, p).unwrap();
        let slow = GridSolver::with_method(rows, cols, delta, p, Method::Dense).unwrap();
        prop_assert_eq!(fast.nullity(), slow.nullity());
        for b in [random_board(p, rows * cols, seed), {
            let s = random_board(p, rows * cols, seed ^ 1);
            fast.apply(&vec![0; rows * cols], &s).unwrap()
        }] {
            let a = fast.solve(&b);
            prop_assert_eq!(a.is_ok(), slow.is_solvable(&b).unwrap());
            match &a {
                Ok(s) => prop_assert!(fast.apply(&b, s).unwrap().iter().all(|&x| x == 0)),
                Err(Error::Unsolvable { obstruction, .. }) => {
                    prop_assert!(fast.apply(&vec![0; rows * cols], obstruction).unwrap().iter().all(|&x| x == 0));
                    prop_assert_ne!(dot(p, obstruction, &b), 0);
                }
                Err(e) => prop_assert!(false, "unexpected error {}", e),
            }
            if p.get() == 3 {
                let packed = PackedBoard3::from_values(rows, cols, &b).unwrap();
                prop_assert_eq!(fast.is_solvable_packed_gf3(&packed).unwrap(), a.is_ok());
                match fast.solve_packed_gf3(&packed) {
                    Ok(s) => prop_assert!(fast.apply(&b, &s.to_values()).unwrap().iter().all(|&x| x == 0)),
                    Err(Error::Unsolvable { obstruction, .. }) => {
                        prop_assert!(a.is_err());
                        prop_assert!(fast.apply(&vec![0; rows * cols], &obstruction).unwrap().iter().all(|&x| x == 0));
                        prop_assert_ne!(dot(p, &obstruction, &b), 0);
                    }
                    Err(e) => prop_assert!(false, "unexpected error {}", e),
                }
            }
            if p.get() == 2 {
                let packed = PackedBoard::from_values(rows, cols, &b).unwrap();
                match fast.solve_packed_gf2(&packed) {
                    Ok(s) => prop_assert!(fast.apply(&b, &s.to_values()).unwrap().iter().all(|&x| x == 0)),
                    Err(Error::Unsolvable { .. }) => prop_assert!(a.is_err()),
                    Err(e) => prop_assert!(false, "unexpected error {}", e),
                }
                let mut in_place = packed.clone();
                match fast.solve_packed_gf2_in_place(&mut in_place) {
                    Ok(()) => prop_assert!(fast.apply(&b, &in_place.to_values()).unwrap().iter().all(|&x| x == 0)),
                    Err(Error::Unsolvable { .. }) => prop_assert!(a.is_err() && in_place == packed),
                    Err(e) => prop_assert!(false, "unexpected error {}", e),
                }
            }
        }
    }
}

/// Grids of several words a row, solved in place and into a
/// fresh board, tall and wide, against M itself (and the unsolvable ones left unchanged).
#[test]
fn packed_gf2_in_place_on_wide_rows() {
    for (rows, cols) in [(700, 650), (120, 900)] {
        let g = GridSolver::new(rows, cols, true, Modulus::TWO).unwrap();
        for seed in 0..2u64 {
            let lit = if seed == 0 {
                g.random_solvable(seed).unwrap()
            } else {
                random_board(Modulus::TWO, rows * cols, seed)
            };
            let packed = PackedBoard::from_values(rows, cols, &lit).unwrap();
            let fresh = g.solve_packed_gf2(&packed);
            let mut in_place = packed.clone();
            match (g.solve_packed_gf2_in_place(&mut in_place), fresh) {
                (Ok(()), Ok(s)) => {
                    assert_eq!(in_place, s, "{rows}x{cols}");
                    assert!(g.apply(&lit, &s.to_values()).unwrap().iter().all(|&x| x == 0), "{rows}x{cols}");
                }
                (Err(Error::Unsolvable { .. }), Err(Error::Unsolvable { .. })) => assert_eq!(in_place, packed),
                (a, b) => panic!("{rows}x{cols}: in place {a:?}, fresh {:?}", b.map(|_| ())),
            }
        }
    }
}

/// Long run (LIGHTSOUT_STRESS=1): every grid up to 30 x 30 and a few primes against the dense
/// solver of the explicit press matrix.
#[test]
fn stress_grids_against_the_dense_path() {
    if std::env::var("LIGHTSOUT_STRESS").as_deref() != Ok("1") {
        return;
    }
    for p in [2u64, 3, 5, 7, 11, 13] {
        let p = Modulus::new(p).unwrap();
        for rows in 1usize..=30 {
            for cols in (rows.saturating_sub(6)).max(1)..=30 {
                for delta in [true, false] {
                    check_grid(p, rows, cols, delta, 0..2);
                }
            }
        }
    }
}

/// Z_3 grids over several words whose nullity is positive (so random boards are mostly
/// unsolvable): the bitsliced path, byte and packed boards, against the dense reduction.
#[test]
fn bitsliced_z3_with_quiet_patterns_matches_dense_reduction() {
    let p = Modulus::new(3).unwrap();
    // n x (n + 1) over Z_3 has nullity 2, 0, 3, 6, 60 and 1 for these n.
    for n in [63usize, 64, 74, 103, 120, 128] {
        let fast = GridSolver::new(n, n + 1, true, p).unwrap();
        let slow = GridSolver::with_method(n, n + 1, true, p, Method::Dense).unwrap();
        assert_eq!(fast.nullity(), slow.nullity(), "{n}x{}", n + 1);
        let lights = n * (n + 1);
        let quiet = fast.null_basis().unwrap();
        assert_eq!(quiet.len(), fast.nullity());
        for q in &quiet {
            assert!(fast.apply(&vec![0; lights], q).unwrap().iter().all(|&x| x == 0), "{n}: a pattern is not quiet");
        }
        for seed in 0..3 {
            let b = random_board(p, lights, seed);
            let solvable = slow.is_solvable(&b).unwrap();
            let packed = PackedBoard3::from_values(n, n + 1, &b).unwrap();
            assert_eq!(fast.is_solvable(&b).unwrap(), solvable);
            assert_eq!(fast.is_solvable_packed_gf3(&packed).unwrap(), solvable);
            let bytes: Vec<u8> = b.iter().map(|&x| x as u8).collect();
            for answer in [
                fast.solve(&b),
                fast.solve_bytes(&bytes).map(|s| s.into_iter().map(u32::from).collect()),
                fast.solve_packed_gf3(&packed).map(|s| s.to_values()),
            ] {
                match answer {
                    Ok(s) => assert!(solvable && fast.apply(&b, &s).unwrap().iter().all(|&x| x == 0)),
                    Err(Error::Unsolvable { obstruction, .. }) => {
                        assert!(!solvable);
                        assert!(fast.apply(&vec![0; lights], &obstruction).unwrap().iter().all(|&x| x == 0));
                        assert_ne!(dot(p, &obstruction, &b), 0);
                    }
                    Err(e) => panic!("unexpected error {e}"),
                }
            }
            let own = fast.random_solvable(seed).unwrap();
            let s = fast.solve_packed_gf3(&PackedBoard3::from_values(n, n + 1, &own).unwrap()).unwrap();
            assert!(fast.apply(&own, &s.to_values()).unwrap().iter().all(|&x| x == 0));
        }
    }
}
