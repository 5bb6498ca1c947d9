//! The structured ring solver (grids, tori and cylinders over Z_k by chasing and lifting)
//! against the dense ring engine on the same press matrix, against brute force on tiny boards,
//! and against the structured field solvers for prime k.

use lightsout_core::ring::RingGridSolver;
use lightsout_core::structured::{GridSolver, Wrap, WrapSolver};
use lightsout_core::{Error, Modulus, RingSolver};

mod common;
use common::press_matrix;

fn dot(y: &[u32], v: &[u32], k: u32) -> u32 {
    (y.iter().zip(v).map(|(&a, &b)| a as u64 * b as u64).sum::<u64>() % k as u64) as u32
}

fn order_of(v: &[u32], k: u32) -> u32 {
    (1..=k).find(|&o| v.iter().all(|&x| (x as u64 * o as u64) % k as u64 == 0)).unwrap()
}

/// Every answer of the structured ring solver against the dense ring engine.
fn compare(rows: usize, cols: usize, wrap: Wrap, plus: bool, k: u32, boards: u64) {
    let what = format!("{rows}x{cols} {wrap:?} plus={plus} k={k}");
    let m = press_matrix(rows, cols, wrap, plus, k);
    let dense = RingSolver::new(&m).unwrap();
    let fast = RingGridSolver::new(rows, cols, wrap, plus, Modulus::ring(k as u64).unwrap()).unwrap();
    assert_eq!(fast.kernel_size(), dense.kernel_size(), "{what}: kernel size");
    assert_eq!(fast.solvable_boards(), dense.solvable_boards(), "{what}: solvable boards");
    assert_eq!(fast.elementary_divisors(), dense.elementary_divisors(), "{what}: divisors");
    let (gens, orders) = fast.null_basis_with_orders().unwrap();
    assert_eq!(orders, dense.null_orders(), "{what}: generator orders");
    assert_eq!(fast.null_orders().unwrap(), orders, "{what}: orders alone");
    for (g, &o) in gens.iter().zip(&orders) {
        assert!(m.mul_vec(g).unwrap().iter().all(|&x| x == 0), "{what}: a generator is not quiet");
        assert_eq!(order_of(g, k), o, "{what}: generator order");
    }
    assert_eq!(fast.quiet_patterns(1).unwrap(), gens.iter().take(1).cloned().collect::<Vec<_>>());
    let n = rows * cols;
    for seed in 0..boards {
        let board: Vec<u32> = if seed % 2 == 0 {
            fast.random_solvable(seed).unwrap()
        } else {
            (0..n as u64).map(|i| ((i * 7 + seed * 13 + i * i * seed) % k as u64) as u32).collect()
        };
        let presses: Vec<u32> = board.iter().rev().copied().collect();
        assert_eq!(fast.apply(&board, &presses).unwrap(), dense.apply(&board, &presses).unwrap(), "{what}: apply");
        let solvable = dense.is_solvable(&board).unwrap();
        assert_eq!(fast.is_solvable(&board).unwrap(), solvable, "{what}: solvable");
        assert_eq!(fast.count_solutions(&board).unwrap(), dense.count_solutions(&board).unwrap());
        match fast.solve(&board) {
            Ok(s) => assert!(dense.apply(&board, &s).unwrap().iter().all(|&x| x == 0), "{what}: solution"),
            Err(Error::Unsolvable { obstruction_index, obstruction }) => {
                assert!(!solvable, "{what}: missed a solution");
                assert!(m.mul_vec(&obstruction).unwrap().iter().all(|&x| x == 0), "{what}: y M != 0");
                assert_ne!(dot(&obstruction, &board, k), 0, "{what}: y.b = 0");
                assert_eq!(obstruction, gens[obstruction_index], "{what}: obstruction index");
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

const WRAPS: [Wrap; 4] = [Wrap::None, Wrap::Horizontal, Wrap::Vertical, Wrap::Torus];

#[test]
fn small_boards_of_every_shape_match_the_dense_ring_engine() {
    for k in [4u32, 6, 8, 9, 12, 36] {
        for rows in 1..=5 {
            for cols in 1..=5 {
                for wrap in WRAPS {
                    for plus in [true, false] {
                        compare(rows, cols, wrap, plus, k, 4);
                    }
                }
            }
        }
    }
}

#[test]
fn medium_grids_with_large_kernels_mod_p_match_the_dense_ring_engine() {
    // 4x4, 5x5, 9x9, 11x11, 16x16, 17x17 and 19x19 have quiet patterns mod 2; 6x6 mod 3 none.
    for n in [4usize, 5, 9, 11, 16, 17, 19] {
        for k in [4u32, 12, 36] {
            compare(n, n, Wrap::None, true, k, 6);
        }
    }
    for (rows, cols, k) in [(9, 9, 8), (11, 11, 9), (8, 5, 4), (7, 12, 6), (16, 16, 8)] {
        compare(rows, cols, Wrap::None, true, k, 6);
        compare(rows, cols, Wrap::None, false, k, 4);
    }
}

#[test]
fn medium_tori_and_cylinders_match_the_dense_ring_engine() {
    for (rows, cols) in [(6, 6), (5, 10), (8, 8), (9, 6), (12, 7)] {
        for k in [4u32, 9, 12] {
            for wrap in [Wrap::Torus, Wrap::Horizontal, Wrap::Vertical] {
                compare(rows, cols, wrap, true, k, 4);
            }
        }
        compare(rows, cols, Wrap::Torus, false, 8, 4);
    }
}

/// Kernel size and number of solvable boards by enumerating all k^N press vectors.
#[test]
fn tiny_boards_match_brute_force() {
    for (rows, cols, wrap, k) in [
        (2, 3, Wrap::None, 4u32),
        (2, 2, Wrap::None, 6),
        (3, 3, Wrap::Torus, 2),
        (1, 4, Wrap::Horizontal, 8),
        (2, 4, Wrap::Horizontal, 4),
        (3, 2, Wrap::Vertical, 9),
    ] {
        for plus in [true, false] {
            let m = press_matrix(rows, cols, wrap, plus, k);
            let fast = RingGridSolver::new(rows, cols, wrap, plus, Modulus::ring(k as u64).unwrap()).unwrap();
            let n = rows * cols;
            let mut images = std::collections::HashSet::new();
            let mut kernel = 0u128;
            let mut presses = vec![0u32; n];
            loop {
                let image = m.mul_vec(&presses).unwrap();
                kernel += image.iter().all(|&x| x == 0) as u128;
                images.insert(image);
                let Some(i) = presses.iter().position(|&x| x + 1 < k) else { break };
                presses[..i].iter_mut().for_each(|x| *x = 0);
                presses[i] += 1;
            }
            let what = format!("{rows}x{cols} {wrap:?} plus={plus} k={k}");
            assert_eq!(fast.kernel_size().to_u128(), Some(kernel), "{what}");
            assert_eq!(fast.solvable_boards().to_u128(), Some(images.len() as u128), "{what}");
            for image in images.iter().take(50) {
                let s = fast.solve(image).unwrap();
                assert!(fast.apply(image, &s).unwrap().iter().all(|&x| x == 0), "{what}");
            }
        }
    }
}

/// For a prime k the answers are those of the structured field solvers, solution for solution.
#[test]
fn prime_moduli_answer_as_the_structured_field_solvers() {
    for p in [2u64, 3, 5] {
        let modulus = Modulus::new(p).unwrap();
        for (rows, cols) in [(5, 5), (9, 4), (17, 17)] {
            let ring = RingGridSolver::new(rows, cols, Wrap::None, true, modulus).unwrap();
            let field = GridSolver::new(rows, cols, true, modulus).unwrap();
            assert_eq!(ring.nullity().unwrap(), field.nullity());
            assert_eq!(ring.rank().unwrap(), field.rank());
            let torus = RingGridSolver::new(rows, cols, Wrap::Torus, false, modulus).unwrap();
            let wrap = WrapSolver::new(rows, cols, Wrap::Torus, false, modulus).unwrap();
            assert_eq!(torus.null_basis().unwrap(), wrap.null_basis().unwrap());
            for seed in 0..4u64 {
                let board: Vec<u32> = (0..(rows * cols) as u64).map(|i| ((i * 5 + seed * 11) % p) as u32).collect();
                assert_eq!(ring.solve(&board), field.solve(&board));
                assert_eq!(torus.solve(&board), wrap.solve(&board));
            }
        }
    }
    let composite = RingGridSolver::new(4, 4, Wrap::None, true, Modulus::ring(6).unwrap()).unwrap();
    assert!(composite.rank().unwrap_err().to_string().contains("not prime"));
}

#[test]
fn bad_input_is_a_clear_error() {
    let z4 = Modulus::ring(4).unwrap();
    assert!(RingGridSolver::new(0, 3, Wrap::None, true, z4).unwrap_err().to_string().contains("at least one row"));
    let g = RingGridSolver::new(3, 3, Wrap::Torus, true, z4).unwrap();
    assert!(g.solve(&[0; 8]).is_err());
    assert!(g.solve(&[4; 9]).is_err());
    assert!(g.apply(&[0; 9], &[0; 10]).is_err());
}

/// Pressing one byte a light against pressing `u32` lights, on every shape with sides that
/// fold (1 and 2) and that do not, for several moduli up to 256.
#[test]
fn pressing_bytes_matches_pressing_values() {
    let mut state = 7u64;
    let mut rnd = |k: u32| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % k as u64) as u8
    };
    for k in [2u32, 4, 6, 8, 9, 12, 256] {
        let modulus = Modulus::ring(k as u64).unwrap();
        for (rows, cols) in [(1, 1), (1, 2), (2, 1), (2, 2), (1, 5), (3, 3), (2, 7), (6, 4), (5, 70)] {
            for wrap in WRAPS {
                for plus in [true, false] {
                    let board: Vec<u8> = (0..rows * cols).map(|_| rnd(k)).collect();
                    let presses: Vec<u8> = (0..rows * cols).map(|_| rnd(k)).collect();
                    let wide = |v: &[u8]| v.iter().map(|&x| x as u32).collect::<Vec<u32>>();
                    let want =
                        RingGridSolver::press(rows, cols, wrap, plus, modulus, &wide(&board), &wide(&presses)).unwrap();
                    let got = RingGridSolver::press_bytes(rows, cols, wrap, plus, modulus, &board, &presses).unwrap();
                    assert_eq!(wide(&got), want, "{rows}x{cols} {wrap:?} plus={plus} mod {k}");
                    let dark = RingGridSolver::press_dark_bytes(rows, cols, wrap, plus, modulus, &presses).unwrap();
                    let want =
                        RingGridSolver::press(rows, cols, wrap, plus, modulus, &vec![0; rows * cols], &wide(&presses));
                    assert_eq!(wide(&dark), want.unwrap(), "{rows}x{cols} {wrap:?} plus={plus} mod {k}, dark");
                }
            }
        }
    }
    let z4 = Modulus::ring(4).unwrap();
    let e = RingGridSolver::press_bytes(2, 2, Wrap::None, true, z4, &[0; 4], &[0, 4, 0, 0]).unwrap_err();
    assert!(e.to_string().contains("presses"), "{e}");
    assert!(RingGridSolver::press_bytes(2, 2, Wrap::None, true, z4, &[0; 3], &[0; 4]).is_err());
    let e = RingGridSolver::press_dark_bytes(2, 2, Wrap::None, true, z4, &[0, 0, 5, 0]).unwrap_err();
    assert!(e.to_string().contains("presses"), "{e}");
    assert!(RingGridSolver::press_dark_bytes(2, 2, Wrap::None, true, z4, &[0; 3]).is_err());
    let big = Modulus::ring(300).unwrap();
    let e = RingGridSolver::press_bytes(1, 1, Wrap::None, true, big, &[0], &[0]).unwrap_err();
    assert!(e.to_string().contains("k <= 256"), "{e}");
}

/// Boards past a million lights are pressed by several threads, each a band of rows: every
/// light against its own sum of neighbours, on every shape (the bands' edges and the wrapped
/// rows included).
#[test]
fn pressing_large_boards_matches_each_lights_neighbours() {
    let (rows, cols) = (1031, 1030);
    let mut state = 11u64;
    let mut rnd = |k: u32| {
        state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % k as u64) as u8
    };
    for (k, wrap, plus) in
        [(5u32, Wrap::None, true), (6, Wrap::Torus, true), (256, Wrap::Horizontal, false), (4, Wrap::Vertical, true)]
    {
        let modulus = Modulus::ring(k as u64).unwrap();
        let board: Vec<u8> = (0..rows * cols).map(|_| rnd(k)).collect();
        let presses: Vec<u8> = (0..rows * cols).map(|_| rnd(k)).collect();
        let (h, v) = (matches!(wrap, Wrap::Horizontal | Wrap::Torus), matches!(wrap, Wrap::Vertical | Wrap::Torus));
        let at = |r: usize, c: usize| presses[r * cols + c] as u32;
        let mut want = vec![0u8; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                let mut sum = board[r * cols + c] as u32 + if plus { at(r, c) } else { 0 };
                sum += if c > 0 {
                    at(r, c - 1)
                } else if h {
                    at(r, cols - 1)
                } else {
                    0
                };
                sum += if c + 1 < cols {
                    at(r, c + 1)
                } else if h {
                    at(r, 0)
                } else {
                    0
                };
                sum += if r > 0 {
                    at(r - 1, c)
                } else if v {
                    at(rows - 1, c)
                } else {
                    0
                };
                sum += if r + 1 < rows {
                    at(r + 1, c)
                } else if v {
                    at(0, c)
                } else {
                    0
                };
                want[r * cols + c] = (sum % k) as u8;
            }
        }
        let got = RingGridSolver::press_bytes(rows, cols, wrap, plus, modulus, &board, &presses).unwrap();
        assert!(got == want, "{rows}x{cols} {wrap:?} plus={plus} mod {k}");
        let wide = |v: &[u8]| v.iter().map(|&x| x as u32).collect::<Vec<u32>>();
        let values = RingGridSolver::press(rows, cols, wrap, plus, modulus, &wide(&board), &wide(&presses)).unwrap();
        assert!(values == wide(&want), "{rows}x{cols} {wrap:?} plus={plus} mod {k}, u32 lights");
    }
}
