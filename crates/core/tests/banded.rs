//! The banded solver agrees with the dense solver on random sparse games of every kind:
//! grids with holes, sparse graphs, non-symmetric and rectangular matrices, over GF(2) and Z_p.

mod common;

use common::{dot, left_mul};
use lightsout_core::banded::{BandOrdering, BandedSolver};
use lightsout_core::{Error, Modulus, Solver, SparseMatrix};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The plus rule on a `rows x cols` grid with the cells where `hole` is true removed.
fn masked_grid(rows: usize, cols: usize, hole: &[bool]) -> SparseMatrix {
    let mut index = vec![usize::MAX; rows * cols];
    let mut n = 0;
    for (cell, &h) in hole.iter().enumerate() {
        if !h {
            index[cell] = n;
            n += 1;
        }
    }
    let mut sets = Vec::with_capacity(n);
    for r in 0..rows {
        for c in 0..cols {
            if hole[r * cols + c] {
                continue;
            }
            let mut set = vec![index[r * cols + c]];
            let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
            for (rr, cc) in near {
                if rr < rows && cc < cols && !hole[rr * cols + cc] {
                    set.push(index[rr * cols + cc]);
                }
            }
            sets.push(set);
        }
    }
    SparseMatrix::from_press_sets(Modulus::TWO, n, sets).unwrap()
}

fn random_mask(rng: &mut ChaCha8Rng, rows: usize, cols: usize, density: f64) -> Vec<bool> {
    (0..rows * cols).map(|_| rng.gen_bool(density)).collect()
}

/// A random graph on `n` lights with about `degree` neighbours each, every light toggling itself
/// or not at random.
fn random_graph(rng: &mut ChaCha8Rng, n: usize, degree: usize) -> SparseMatrix {
    let mut sets: Vec<Vec<usize>> = (0..n).map(|i| if rng.gen_bool(0.6) { vec![i] } else { vec![] }).collect();
    for _ in 0..n * degree / 2 {
        let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
        if a != b {
            sets[a].push(b);
            sets[b].push(a);
        }
    }
    SparseMatrix::from_press_sets(Modulus::TWO, n, sets).unwrap()
}

/// A random sparse matrix with no symmetry, `rows x cols`, each column with up to `per_col`
/// entries near a random position (so that it has some band structure to find).
fn random_rectangular(rng: &mut ChaCha8Rng, rows: usize, cols: usize, per_col: usize) -> SparseMatrix {
    let sets = (0..cols)
        .map(|_| {
            let centre = rng.gen_range(0..rows);
            let mut set: Vec<usize> =
                (0..rng.gen_range(0..=per_col)).map(|_| (centre + rng.gen_range(0..5)).min(rows - 1)).collect();
            if rng.gen_bool(0.1) {
                set.push(rng.gen_range(0..rows)); // a long reach now and then
            }
            set
        })
        .collect();
    SparseMatrix::from_press_sets(Modulus::TWO, rows, sets).unwrap()
}

/// The rank over Z_p of a list of vectors (by the dense solver on the matrix they form).
fn rank_of(p: Modulus, vectors: &[Vec<u32>], len: usize) -> usize {
    if vectors.is_empty() {
        return 0;
    }
    let cols = vectors.iter().map(|v| v.iter().enumerate().map(|(i, &x)| (i, x as i64)).collect()).collect();
    let m = SparseMatrix::from_columns(p, len, cols).unwrap();
    Solver::new(&m).unwrap().rank()
}

/// The same pattern over Z_p with random non-zero weights (the first entry of each column kept
/// at 1 so that press sets stay recognisable).
fn weighted(m: &SparseMatrix, p: u32, seed: u64) -> SparseMatrix {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let columns = m
        .columns()
        .iter()
        .map(|col| {
            col.iter()
                .enumerate()
                .map(|(i, &(r, _))| (r as usize, if i == 0 { 1 } else { rng.gen_range(1..p) as i64 }))
                .collect()
        })
        .collect();
    SparseMatrix::from_columns(Modulus::new(p as u64).unwrap(), m.rows(), columns).unwrap()
}

/// Every answer of the banded solver checked against the dense solver and the mathematics.
fn agree(m: &SparseMatrix, seed: u64) {
    let p = m.modulus().get();
    let f = m.modulus().field();
    let dense = Solver::new(m).unwrap();
    let band = BandedSolver::new(m).unwrap();
    assert_eq!(band.rank(), dense.rank(), "rank");
    assert_eq!(band.nullity(), dense.nullity(), "nullity");
    assert_eq!(band.left_nullity(), m.rows() - dense.rank(), "left nullity");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut boards = vec![band.random_solvable(seed), dense.random_solvable(seed ^ 1)];
    for density in [0.02, 0.5] {
        boards.push((0..m.rows()).map(|_| if rng.gen_bool(density) { rng.gen_range(1..p) } else { 0 }).collect());
    }
    if m.rows() > 0 {
        let mut one = vec![0u32; m.rows()];
        one[rng.gen_range(0..m.rows())] = 1;
        boards.push(one);
    }
    for board in &boards {
        let solvable = dense.is_solvable(board).unwrap();
        assert_eq!(band.is_solvable(board).unwrap(), solvable, "solvability");
        match band.solve(board) {
            Ok(s) => {
                assert!(solvable);
                assert!(dense.apply(board, &s).unwrap().iter().all(|&x| x == 0), "solution does not solve");
            }
            Err(Error::Unsolvable { obstruction_index, obstruction }) => {
                assert!(!solvable);
                assert!(obstruction_index < band.left_nullity());
                assert!(left_mul(m, &obstruction).iter().all(|&x| x == 0), "obstruction is not left null");
                let neg: Vec<u32> = board.iter().map(|&x| lightsout_core::Field::neg(&f, x)).collect();
                assert_ne!(dot(p, &obstruction, &neg), 0, "obstruction does not see the board");
                assert_eq!(band.obstruction(obstruction_index).unwrap(), obstruction);
            }
            Err(e) => panic!("unexpected error {e}"),
        }
        assert_eq!(band.count_solutions(board).unwrap(), dense.count_solutions(board).unwrap());
    }
    let basis = band.null_basis().unwrap();
    assert_eq!(basis.len(), dense.nullity());
    for v in &basis {
        assert!(m.mul_vec(v).unwrap().iter().all(|&x| x == 0), "null vector is not quiet");
    }
    assert_eq!(rank_of(m.modulus(), &basis, m.cols()), basis.len(), "null vectors are dependent");
    let obstructions: Vec<Vec<u32>> = (0..band.left_nullity()).map(|i| band.obstruction(i).unwrap()).collect();
    for y in &obstructions {
        assert!(left_mul(m, y).iter().all(|&x| x == 0), "obstruction is not left null");
    }
    assert_eq!(rank_of(m.modulus(), &obstructions, m.rows()), obstructions.len(), "obstructions are dependent");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn grids_with_holes(rows in 1usize..14, cols in 1usize..14, holes in 0.0f64..0.5, seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mask = random_mask(&mut rng, rows, cols, holes);
        agree(&masked_grid(rows, cols, &mask), seed);
    }

    #[test]
    fn sparse_graphs(n in 1usize..90, degree in 0usize..6, seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        agree(&random_graph(&mut rng, n, degree), seed);
    }

    #[test]
    fn non_symmetric_and_rectangular(rows in 1usize..60, cols in 1usize..60, per_col in 0usize..5, seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        agree(&random_rectangular(&mut rng, rows, cols, per_col), seed);
    }

    #[test]
    fn dense_random_matrices_every_prime(m in common::matrix(14), seed in any::<u64>()) {
        agree(&m, seed);
    }

    #[test]
    fn grids_with_holes_over_z_p(rows in 1usize..12, cols in 1usize..12, holes in 0.0f64..0.4, p in prop_oneof![Just(3u32), Just(5), Just(7), Just(2_147_483_647)], seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mask = random_mask(&mut rng, rows, cols, holes);
        agree(&weighted(&masked_grid(rows, cols, &mask), p, seed), seed);
    }

    #[test]
    fn sparse_graphs_and_rectangles_over_z_p(n in 1usize..50, cols in 1usize..50, p in prop_oneof![Just(3u32), Just(5), Just(13)], seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        agree(&weighted(&random_graph(&mut rng, n, 3), p, seed), seed);
        agree(&weighted(&random_rectangular(&mut rng, n, cols, 4), p, seed), seed);
    }
}

#[test]
fn full_grids_have_the_known_nullities() {
    // The 5x5 grid has nullity 2, the 4x4 has 4, the 6x6 is invertible.
    for (n, nullity) in [(4, 4), (5, 2), (6, 0), (9, 8), (19, 16)] {
        let m = masked_grid(n, n, &vec![false; n * n]);
        assert_eq!(BandedSolver::new(&m).unwrap().nullity(), nullity, "{n}x{n}");
    }
}

#[test]
fn larger_boards_with_holes_agree() {
    for (rows, cols, holes, seed) in [(40, 45, 0.1, 1), (64, 30, 0.3, 2), (25, 80, 0.05, 3)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mask = random_mask(&mut rng, rows, cols, holes);
        let m = masked_grid(rows, cols, &mask);
        agree(&m, seed);
        agree(&weighted(&m, 3, seed), seed);
    }
}

#[test]
fn reordering_narrows_the_band_of_a_scrambled_grid() {
    let n = 30;
    let m = masked_grid(n, n, &vec![false; n * n]);
    // Scramble the light numbers, then let reverse Cuthill-McKee find the band again.
    let mut perm: Vec<usize> = (0..n * n).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for i in (1..perm.len()).rev() {
        perm.swap(i, rng.gen_range(0..=i));
    }
    let mut sets = vec![Vec::new(); n * n];
    for (c, col) in m.columns().iter().enumerate() {
        sets[perm[c]] = col.iter().map(|&(r, _)| perm[r as usize]).collect();
    }
    let scrambled = SparseMatrix::from_press_sets(Modulus::TWO, n * n, sets).unwrap();
    let identity = BandOrdering::identity(&scrambled);
    assert!(identity.lower() > 500);
    let s = BandedSolver::new(&scrambled).unwrap();
    assert!(s.bandwidth().0 <= n + 2 && s.bandwidth().1 <= n + 2, "{:?}", s.bandwidth());
    // The same answers in any numbering.
    let plain = BandedSolver::with_ordering(&scrambled, identity, 1 << 30).unwrap();
    assert_eq!(plain.rank(), s.rank());
    let board = s.random_solvable(9);
    assert!(plain.apply(&board, &plain.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
}

#[test]
fn bad_inputs_are_clear_errors() {
    let m = masked_grid(3, 3, &[false; 9]);
    let s = BandedSolver::new(&m).unwrap();
    assert!(matches!(s.solve(&[0; 8]), Err(Error::DimensionMismatch { expected: 9, got: 8, .. })));
    assert!(matches!(s.is_solvable(&[2, 0, 0, 0, 0, 0, 0, 0, 0]), Err(Error::EntryOutOfRange { value: 2, .. })));
    assert!(matches!(s.apply(&[0; 9], &[0; 3]), Err(Error::DimensionMismatch { .. })));
    assert!(s.obstruction(0).is_err()); // the 3x3 grid is invertible
    let z3 = SparseMatrix::from_press_sets(Modulus::new(3).unwrap(), 1, vec![vec![0]]).unwrap();
    let s3 = BandedSolver::new(&z3).unwrap();
    assert!(matches!(s3.solve(&[3]), Err(Error::EntryOutOfRange { value: 3, modulus: 3, .. })));
    assert_eq!(s3.solve(&[2]).unwrap(), vec![1]);
    let e = BandedSolver::with_limit(&masked_grid(40, 40, &[false; 1600]), 10_000).unwrap_err();
    assert!(matches!(e, Error::TooLarge { limit: 10_000, .. }), "{e}");
    let wrong = BandOrdering::identity(&masked_grid(2, 2, &[false; 4]));
    assert!(BandedSolver::with_ordering(&m, wrong, 1 << 20).is_err());
}

#[test]
fn empty_and_degenerate_matrices() {
    // No buttons at all, lights that no button reaches, buttons that reach nothing.
    let m = SparseMatrix::from_press_sets(Modulus::TWO, 3, vec![]).unwrap();
    let s = BandedSolver::new(&m).unwrap();
    assert_eq!((s.rank(), s.nullity(), s.left_nullity()), (0, 0, 3));
    assert_eq!(s.solve(&[0, 0, 0]).unwrap(), Vec::<u32>::new());
    match s.solve(&[0, 1, 0]) {
        Err(Error::Unsolvable { obstruction, .. }) => assert_eq!(obstruction, vec![0, 1, 0]),
        other => panic!("{other:?}"),
    }
    agree(&SparseMatrix::from_press_sets(Modulus::TWO, 4, vec![vec![], vec![1, 2], vec![], vec![2, 1]]).unwrap(), 3);
    agree(&SparseMatrix::from_press_sets(Modulus::TWO, 0, vec![vec![], vec![]]).unwrap(), 4);
}

/// A band too wide to eliminate in ten minutes is refused at once, from its width, before any
/// elimination (a random graph has no narrow numbering: its band is a good part of N wide).
#[test]
fn hours_of_banded_work_are_refused_before_starting() {
    for p in [2u64, 5] {
        let n = if p == 2 { 200_000 } else { 30_000 };
        let mut rng = ChaCha8Rng::seed_from_u64(p);
        let sets: Vec<Vec<usize>> = (0..n).map(|j| vec![j, rng.gen_range(0..n), rng.gen_range(0..n)]).collect();
        let m = SparseMatrix::from_press_sets(Modulus::new(p).unwrap(), n, sets).unwrap();
        let start = std::time::Instant::now();
        match BandedSolver::new(&m) {
            Err(Error::TooLarge { unit, needed, limit, .. }) => {
                assert_eq!(unit, "seconds of estimated work");
                assert!(needed > limit);
            }
            other => panic!("p = {p}: expected TooLarge, got {:?}", other.map(|s| s.rank())),
        }
        // Only the ordering ran (linear time, about a second in a debug build), not hours of
        // elimination: a hang guard of 60 s, far more than 20 times the ordering's time.
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "{:?}", start.elapsed());
    }
}
