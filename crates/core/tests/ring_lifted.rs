//! Lifting on the whole board (each digit a structured solve mod p, a `d x d` correction on the
//! kernel mod p) against the dense ring engine and against the reduced-system lifting, on grids
//! and tori of every small shape and on grids whose kernel mod p is large; and the bit-plane and
//! byte doors against the light vectors.

use lightsout_core::ring::{Lifting, RingGridSolver};
use lightsout_core::structured::Wrap;
use lightsout_core::{Error, Modulus, RingSolver};

mod common;
use common::press_matrix;
use proptest::prelude::*;

fn order_of(v: &[u32], k: u32) -> u32 {
    (1..=k).find(|&o| v.iter().all(|&x| (x as u64 * o as u64) % k as u64 == 0)).unwrap()
}

/// Board lifting forced, against the dense engine and the reduced-system lifting.
fn compare(rows: usize, cols: usize, wrap: Wrap, plus: bool, k: u32, seed: u64) {
    let what = format!("{rows}x{cols} {wrap:?} plus={plus} k={k}");
    let modulus = Modulus::ring(k as u64).unwrap();
    let m = press_matrix(rows, cols, wrap, plus, k);
    let dense = RingSolver::new(&m).unwrap();
    let board = RingGridSolver::with_lifting(rows, cols, wrap, plus, modulus, Lifting::Board).unwrap();
    let reduced = RingGridSolver::with_lifting(rows, cols, wrap, plus, modulus, Lifting::Reduced).unwrap();
    if lightsout_core::ring::factor(k).iter().any(|&(_, e)| e > 1) {
        assert!(board.engines().iter().any(|(_, name)| name.contains("on the board")), "{what}");
        assert!(reduced.engines().iter().all(|(_, name)| !name.contains("on the board")), "{what}");
    }
    assert_eq!(board.kernel_size(), dense.kernel_size(), "{what}: kernel size");
    assert_eq!(board.solvable_boards(), dense.solvable_boards(), "{what}: solvable boards");
    assert_eq!(board.elementary_divisors(), dense.elementary_divisors(), "{what}: divisors");
    assert_eq!(board.elementary_divisors(), reduced.elementary_divisors(), "{what}: divisors");
    assert_eq!(reduced.kernel_size(), dense.kernel_size(), "{what}: kernel size (reduced)");
    assert_eq!(reduced.null_orders().unwrap(), dense.null_orders(), "{what}: orders (reduced)");
    let (gens, orders) = board.null_basis_with_orders().unwrap();
    assert_eq!(orders, dense.null_orders(), "{what}: orders");
    assert_eq!(board.null_orders().unwrap(), orders, "{what}: orders alone");
    for (g, &o) in gens.iter().zip(&orders) {
        assert!(m.mul_vec(g).unwrap().iter().all(|&x| x == 0), "{what}: a generator is not quiet");
        assert_eq!(order_of(g, k), o, "{what}: generator order");
    }
    let n = rows * cols;
    for t in 0..4u64 {
        let s = seed.wrapping_mul(31).wrapping_add(t);
        let b: Vec<u32> = if t % 2 == 0 {
            board.random_solvable(s).unwrap()
        } else {
            let f = |i: u64| {
                i.wrapping_mul(7).wrapping_add(s.wrapping_mul(13)).wrapping_add(i.wrapping_mul(i).wrapping_mul(s))
            };
            (0..n as u64).map(|i| (f(i) % k as u64) as u32).collect()
        };
        let solvable = dense.is_solvable(&b).unwrap();
        assert_eq!(board.is_solvable(&b).unwrap(), solvable, "{what}: solvable");
        assert_eq!(reduced.is_solvable(&b).unwrap(), solvable, "{what}: solvable (reduced)");
        let bytes: Vec<u8> = b.iter().map(|&x| x as u8).collect();
        // The byte door of the reduced-system engine (chased on the bytes) answers as its u32 door.
        let reduced_bytes = reduced.solve_bytes(&bytes).map(|s| s.into_iter().map(u32::from).collect::<Vec<u32>>());
        match reduced.solve(&b) {
            Ok(s) => {
                assert!(dense.apply(&b, &s).unwrap().iter().all(|&x| x == 0), "{what}: solution (reduced)");
                assert_eq!(reduced_bytes.unwrap(), s, "{what}: byte solution (reduced)");
            }
            Err(Error::Unsolvable { obstruction, .. }) => match reduced_bytes {
                Err(Error::Unsolvable { obstruction: y, .. }) => assert_eq!(y, obstruction, "{what} (reduced)"),
                other => panic!("{what}: {other:?}"),
            },
            Err(e) => panic!("{what}: {e}"),
        }
        match board.solve(&b) {
            Ok(s) => {
                assert!(dense.apply(&b, &s).unwrap().iter().all(|&x| x == 0), "{what}: solution");
                let s8 = board.solve_bytes(&bytes).unwrap();
                let s8: Vec<u32> = s8.iter().map(|&x| x as u32).collect();
                assert!(dense.apply(&b, &s8).unwrap().iter().all(|&x| x == 0), "{what}: byte solution");
            }
            Err(Error::Unsolvable { obstruction_index, obstruction }) => {
                assert!(!solvable, "{what}: missed a solution");
                assert!(m.mul_vec(&obstruction).unwrap().iter().all(|&x| x == 0), "{what}: y M != 0");
                let dot = obstruction.iter().zip(&b).map(|(&y, &x)| y as u64 * x as u64).sum::<u64>();
                assert_ne!(dot % k as u64, 0, "{what}: y.b = 0");
                assert_eq!(obstruction, gens[obstruction_index], "{what}: obstruction index");
                match board.solve_bytes(&bytes) {
                    Err(Error::Unsolvable { obstruction: y, .. }) => assert_eq!(y, obstruction, "{what}"),
                    other => panic!("{what}: {other:?}"),
                }
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

const WRAPS: [Wrap; 4] = [Wrap::None, Wrap::Horizontal, Wrap::Vertical, Wrap::Torus];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn board_lifting_matches_the_dense_engine_on_small_shapes(
        rows in 1usize..=7,
        cols in 1usize..=7,
        wrap in prop::sample::select(WRAPS.to_vec()),
        plus in any::<bool>(),
        k in prop::sample::select(vec![4u32, 8, 9, 12, 36, 16, 27]),
        seed in any::<u64>(),
    ) {
        compare(rows, cols, wrap, plus, k, seed);
    }
}

#[test]
fn grids_with_quiet_patterns_mod_p_match_the_dense_engine() {
    // Nullity mod 2: 4, 2, 8, 6, 8, 6, 16 (and mod 3 for 11x11 over Z_9 and Z_36).
    for n in [4usize, 5, 9, 11, 16, 17, 19] {
        compare(n, n, Wrap::None, true, 4, n as u64);
    }
    for (n, k) in [(5usize, 8u32), (9, 12), (11, 9), (11, 36), (16, 8), (17, 12)] {
        compare(n, n, Wrap::None, true, k, n as u64);
    }
    for (rows, cols, k) in [(6usize, 6usize, 4u32), (8, 8, 8), (9, 6, 12), (5, 10, 36)] {
        compare(rows, cols, Wrap::Torus, true, k, 3);
        compare(rows, cols, Wrap::Torus, false, k, 4);
    }
}

/// The bit-plane door against the light vectors, and its errors.
#[test]
fn bit_planes_round_trip_and_solve() {
    for (rows, cols, k) in [(5usize, 5usize, 4u32), (70, 130, 4), (16, 16, 8), (129, 65, 16), (4, 4, 32)] {
        let modulus = Modulus::ring(k as u64).unwrap();
        let g = RingGridSolver::with_lifting(rows, cols, Wrap::None, true, modulus, Lifting::Board).unwrap();
        assert_eq!(g.bit_planes(), Some(k.trailing_zeros()));
        for seed in 0..3 {
            let board = g.random_solvable_planes(seed).unwrap();
            let values = g.planes_to_values(&board).unwrap();
            assert_eq!(g.planes_from_values(&values).unwrap(), board);
            assert!(g.is_solvable_planes(&board).unwrap());
            let s = g.solve_planes(&board).unwrap();
            assert!(g.apply(&values, &g.planes_to_values(&s).unwrap()).unwrap().iter().all(|&x| x == 0));
        }
        // One lit light: unsolvable exactly when the dense answer says so.
        let mut one = vec![0u32; rows * cols];
        one[rows * cols / 2] = 1;
        let planes = g.planes_from_values(&one).unwrap();
        assert_eq!(g.is_solvable_planes(&planes).unwrap(), g.is_solvable(&one).unwrap());
        match (g.solve_planes(&planes), g.solve(&one)) {
            (Ok(s), Ok(_)) => assert!(g.apply(&one, &g.planes_to_values(&s).unwrap()).unwrap().iter().all(|&x| x == 0)),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            (a, b) => panic!("{rows}x{cols} mod {k}: {a:?} vs {b:?}"),
        }
    }
    let z4 = Modulus::ring(4).unwrap();
    let g = RingGridSolver::new(6, 7, Wrap::None, true, z4).unwrap();
    let mut planes = g.random_solvable_planes(1).unwrap();
    planes.pop();
    assert!(g.solve_planes(&planes).unwrap_err().to_string().contains("bit planes"));
    let torus = RingGridSolver::new(6, 7, Wrap::Torus, true, z4).unwrap();
    assert_eq!(torus.bit_planes(), None);
    assert!(torus.random_solvable_planes(1).unwrap_err().to_string().contains("without wrapping"));
    assert!(g.solve_bytes(&[4; 42]).is_err());
    assert!(g.solve_bytes(&[0; 41]).is_err());
    let big = RingGridSolver::new(3, 3, Wrap::None, true, Modulus::ring(300).unwrap()).unwrap();
    assert!(big.solve_bytes(&[0; 9]).unwrap_err().to_string().contains("k <= 256"));
}

/// Sizes of a few hundred lights per side mod 4, 8 and 12 through both lifting engines.
#[test]
fn larger_grids_agree_between_the_two_liftings() {
    for (n, k) in [(96usize, 4u32), (101, 8), (64, 12), (30, 36)] {
        let modulus = Modulus::ring(k as u64).unwrap();
        let board = RingGridSolver::with_lifting(n, n + 3, Wrap::None, true, modulus, Lifting::Board).unwrap();
        let reduced = RingGridSolver::with_lifting(n, n + 3, Wrap::None, true, modulus, Lifting::Reduced).unwrap();
        assert_eq!(board.elementary_divisors(), reduced.elementary_divisors(), "{n} mod {k}");
        for seed in 0..2 {
            let b = reduced.random_solvable(seed).unwrap();
            let s = board.solve(&b).unwrap();
            assert!(board.apply(&b, &s).unwrap().iter().all(|&x| x == 0));
        }
    }
}

/// A kernel of 128 vectors mod 2 (the 159 x 159 grid): the reduced system's products with it
/// span several words and tables, against the lifting on the board, mod 4, 8 and 12.
#[test]
fn a_large_kernel_mod_2_agrees_between_the_two_liftings() {
    for k in [4u32, 8, 12] {
        let modulus = Modulus::ring(k as u64).unwrap();
        let board = RingGridSolver::with_lifting(159, 159, Wrap::None, true, modulus, Lifting::Board).unwrap();
        let reduced = RingGridSolver::with_lifting(159, 159, Wrap::None, true, modulus, Lifting::Reduced).unwrap();
        assert_eq!(reduced.reduced_size(), 159);
        assert_eq!(board.elementary_divisors(), reduced.elementary_divisors(), "159 mod {k}");
        assert_eq!(board.null_orders().unwrap(), reduced.null_orders().unwrap(), "159 mod {k}");
        for seed in 0..2 {
            let b = board.random_solvable(seed).unwrap();
            let s = reduced.solve(&b).unwrap();
            assert!(reduced.apply(&b, &s).unwrap().iter().all(|&x| x == 0));
        }
    }
}
