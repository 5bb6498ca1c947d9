//! Helpers for the structured-solver tests: explicit press matrices and the checks every
//! structured answer must pass against the dense path.
#![allow(dead_code)]

use lightsout_core::{Error, Field, Modulus, Solver, SparseMatrix};
use rand::{Rng, SeedableRng};

/// The press matrix of a `rows x cols` board, built from press sets (a light reached twice is
/// changed once), with optional wrap-around of the columns (`h`) and rows (`v`).
pub fn press_matrix(p: Modulus, rows: usize, cols: usize, h: bool, v: bool, delta: bool) -> SparseMatrix {
    let mut sets = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let mut set = Vec::new();
            if delta {
                set.push((r * cols as i64 + c) as usize);
            }
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (mut nr, mut nc) = (r + dr, c + dc);
                if v {
                    nr = nr.rem_euclid(rows as i64);
                }
                if h {
                    nc = nc.rem_euclid(cols as i64);
                }
                if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                    set.push((nr * cols as i64 + nc) as usize);
                }
            }
            sets.push(set);
        }
    }
    SparseMatrix::from_press_sets(p, rows * cols, sets).unwrap()
}

pub fn random_board(p: Modulus, len: usize, seed: u64) -> Vec<u32> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..len).map(|_| rng.gen_range(0..p.get())).collect()
}

pub fn dot(p: Modulus, a: &[u32], b: &[u32]) -> u32 {
    let f = p.field();
    a.iter().zip(b).fold(0, |acc, (&x, &y)| f.add(acc, f.mul(x, y)))
}

/// `y M`.
pub fn left_mul(m: &SparseMatrix, y: &[u32]) -> Vec<u32> {
    m.columns()
        .iter()
        .map(|col| {
            col.iter().fold(0u32, |acc, &(r, v)| {
                let f = m.modulus().field();
                f.add(acc, f.mul(v, y[r as usize]))
            })
        })
        .collect()
}

/// The rank of a set of vectors (as the columns of a matrix).
pub fn rank_of(p: Modulus, vectors: &[Vec<u32>], len: usize) -> usize {
    if vectors.is_empty() {
        return 0;
    }
    let cols = vectors
        .iter()
        .map(|v| v.iter().enumerate().filter(|&(_, &x)| x != 0).map(|(i, &x)| (i, x as i64)).collect())
        .collect();
    Solver::new(&SparseMatrix::from_columns(p, len, cols).unwrap()).unwrap().rank()
}

/// Check a structured answer for `board` against the dense solver of `m`.
pub fn check_answer(
    m: &SparseMatrix,
    dense: &Solver,
    board: &[u32],
    answer: &lightsout_core::Result<Vec<u32>>,
    ctx: &str,
) {
    let p = m.modulus();
    let f = p.field();
    let solvable = dense.is_solvable(board).unwrap();
    match answer {
        Ok(s) => {
            assert!(solvable, "{ctx}: structured solver solved a board the dense path calls unsolvable");
            let change = m.mul_vec(s).unwrap();
            assert!(board.iter().zip(&change).all(|(&b, &c)| f.add(b, c) == 0), "{ctx}: b + M s != 0");
        }
        Err(Error::Unsolvable { obstruction, .. }) => {
            assert!(!solvable, "{ctx}: structured solver rejects a board the dense path solves");
            assert!(left_mul(m, obstruction).iter().all(|&x| x == 0), "{ctx}: obstruction y M != 0");
            let neg: Vec<u32> = board.iter().map(|&x| f.neg(x)).collect();
            assert_ne!(dot(p, obstruction, &neg), 0, "{ctx}: obstruction does not detect the board");
        }
        Err(e) => panic!("{ctx}: unexpected error {e}"),
    }
}

/// Check a null basis: right count, every vector quiet, independent.
pub fn check_null_basis(m: &SparseMatrix, dense: &Solver, basis: &[Vec<u32>], ctx: &str) {
    assert_eq!(basis.len(), dense.nullity(), "{ctx}: null basis size");
    for y in basis {
        assert!(m.mul_vec(y).unwrap().iter().all(|&x| x == 0), "{ctx}: null vector is not quiet");
    }
    assert_eq!(rank_of(m.modulus(), basis, m.cols()), basis.len(), "{ctx}: null basis is dependent");
}
