//! Helpers shared by the core's integration tests.
#![allow(dead_code)]

use lightsout_core::structured::Wrap;
use lightsout_core::{Modulus, Solver, SparseMatrix};
use proptest::prelude::*;

/// The press matrix of an m x n grid (plus rule), optionally wrapping both ways (a torus).
pub fn grid(modulus: Modulus, m: usize, n: usize, wrap: bool) -> SparseMatrix {
    let idx = |r: usize, c: usize| r * n + c;
    let sets = (0..m * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let mut s = vec![i];
            if wrap {
                s.extend([idx((r + m - 1) % m, c), idx((r + 1) % m, c), idx(r, (c + n - 1) % n), idx(r, (c + 1) % n)]);
            } else {
                if r > 0 {
                    s.push(idx(r - 1, c));
                }
                if r + 1 < m {
                    s.push(idx(r + 1, c));
                }
                if c > 0 {
                    s.push(idx(r, c - 1));
                }
                if c + 1 < n {
                    s.push(idx(r, c + 1));
                }
            }
            s
        })
        .collect();
    SparseMatrix::from_press_sets(modulus, m * n, sets).unwrap()
}

/// Primes the property tests run over, including one near 2^31.
pub fn prime() -> impl Strategy<Value = u32> {
    prop_oneof![Just(2u32), Just(3), Just(5), Just(7), Just(2_147_483_647)]
}

/// A random matrix over Z_p (dimensions 1..=max), sparse-ish so that rank deficiency is common.
pub fn matrix(max: usize) -> impl Strategy<Value = SparseMatrix> {
    (prime(), 1..=max, 1..=max, any::<bool>()).prop_flat_map(|(p, rows, cols, symmetric)| {
        let cols = if symmetric { rows } else { cols };
        proptest::collection::vec(prop_oneof![3 => Just(0u32), 1 => 1u32..p.min(1_000_000)], rows * cols).prop_map(
            move |mut data| {
                if symmetric {
                    for r in 0..rows {
                        for c in 0..r {
                            data[r * cols + c] = data[c * cols + r];
                        }
                    }
                }
                let modulus = Modulus::new(p as u64).unwrap();
                let columns = (0..cols).map(|c| (0..rows).map(|r| (r, data[r * cols + c] as i64)).collect()).collect();
                SparseMatrix::from_columns(modulus, rows, columns).unwrap()
            },
        )
    })
}

/// `y M` for a row vector y.
pub fn left_mul(m: &SparseMatrix, y: &[u32]) -> Vec<u32> {
    m.transpose().mul_vec(y).unwrap()
}

/// `x · y mod p`.
pub fn dot(p: u32, x: &[u32], y: &[u32]) -> u32 {
    (x.iter().zip(y).fold(0u64, |acc, (&a, &b)| (acc + a as u64 * b as u64) % p as u64)) as u32
}

/// The press matrix over Z_k of a grid, torus or cylinder (`wrap`), plus rule or without
/// self-toggle (`plus = false`), built light by light as press sets: where wrapping makes
/// neighbours coincide, they count once.
pub fn press_matrix(rows: usize, cols: usize, wrap: Wrap, plus: bool, k: u32) -> SparseMatrix {
    let h = matches!(wrap, Wrap::Horizontal | Wrap::Torus);
    let v = matches!(wrap, Wrap::Vertical | Wrap::Torus);
    let mut sets = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let mut set = Vec::new();
            if plus {
                set.push(r * cols + c);
            }
            let mut near = |dr: isize, dc: isize| {
                let (mut nr, mut nc) = (r as isize + dr, c as isize + dc);
                if v {
                    nr = nr.rem_euclid(rows as isize);
                }
                if h {
                    nc = nc.rem_euclid(cols as isize);
                }
                if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                    set.push(nr as usize * cols + nc as usize);
                }
            };
            near(-1, 0);
            near(1, 0);
            near(0, -1);
            near(0, 1);
            set.sort_unstable();
            set.dedup();
            sets.push(set);
        }
    }
    SparseMatrix::from_press_sets(Modulus::ring(k as u64).unwrap(), rows * cols, sets).unwrap()
}

/// A random game: `lights` lights, each button toggling the lights of its set.
pub fn random_game(p: u64, lights: usize, sets: Vec<Vec<usize>>) -> Solver {
    Solver::new(&SparseMatrix::from_press_sets(Modulus::new(p).unwrap(), lights, sets).unwrap()).unwrap()
}

/// The arguments of [`random_game`] (p in 2, 3, 5; 2 to 8 lights; three more buttons than
/// lights, each toggling up to two of them) and a seed.
pub fn game_strategy() -> impl Strategy<Value = (u64, usize, Vec<Vec<usize>>, u64)> {
    (prop::sample::select(vec![2u64, 3, 5]), 2usize..9).prop_flat_map(|(p, lights)| {
        let buttons = lights + 3;
        (Just(p), Just(lights), prop::collection::vec(prop::collection::vec(0..lights, 0..3), buttons), any::<u64>())
    })
}
