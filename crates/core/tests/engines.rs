//! The packed engines against the generic reference engine on random matrices: same rank, same
//! pivots, same reduced row echelon form, and the same answers from `Solver` with every engine.
//! Sizes straddle the 64-bit word, the 8-column table groups and the 64-column passes.

use lightsout_core::elim::{generic, gf2, gf3};
use lightsout_core::{BitMatrix, Engine, Matrix, Modulus, Solver, SparseMatrix};
use proptest::prelude::*;

/// A random 0/1 matrix of `rows x cols` with roughly `density`% ones, or of rank at most `cap`
/// (a product of random `rows x cap` and `cap x cols` matrices) when `cap` is given.
fn values(rows: usize, cols: usize, p: u32, cap: Option<usize>, seed: u64) -> Vec<Vec<u32>> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut rand_matrix = |r: usize, c: usize| -> Vec<Vec<u32>> {
        (0..r).map(|_| (0..c).map(|_| (next() % p as u64) as u32).collect()).collect()
    };
    match cap {
        None => rand_matrix(rows, cols),
        Some(k) => {
            let a = rand_matrix(rows, k);
            let b = rand_matrix(k, cols);
            (0..rows)
                .map(|i| {
                    (0..cols)
                        .map(|j| ((0..k).map(|t| a[i][t] as u64 * b[t][j] as u64).sum::<u64>() % p as u64) as u32)
                        .collect()
                })
                .collect()
        }
    }
}

fn to_bits(v: &[Vec<u32>], cols: usize) -> BitMatrix {
    let mut m = BitMatrix::zeros(v.len(), cols).unwrap();
    for (r, row) in v.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            m.set(r, c, x == 1);
        }
    }
    m
}

fn bits_values(m: &BitMatrix) -> Vec<Vec<u32>> {
    (0..m.rows()).map(|r| m.row_values(r)).collect()
}

fn reference(v: &[Vec<u32>], cols: usize, p: u32, pivot_cols: usize) -> (Vec<usize>, Vec<Vec<u32>>) {
    let modulus = Modulus::new(p as u64).unwrap();
    let mut m = Matrix::zeros(modulus, v.len(), cols).unwrap();
    for (r, row) in v.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            m.set(r, c, x);
        }
    }
    let pivots = generic::rref(modulus.field(), &mut m, pivot_cols);
    (pivots, (0..m.rows()).map(|r| m.row(r).to_vec()).collect())
}

/// Sizes near the interesting boundaries: 0, 1, 7..9, 63..65, 127..129, and a few others.
fn size() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..3, 7usize..10, 62usize..67, 126usize..131, 1usize..200]
}

fn shape() -> impl Strategy<Value = (usize, usize, Option<usize>, u64)> {
    (size(), size(), prop_oneof![Just(None), (0usize..80).prop_map(Some)], any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn gf2_m4r_matches_reference((rows, cols, cap, seed) in shape(), cut in 0usize..220) {
        let v = values(rows, cols, 2, cap, seed);
        let pivot_cols = cut.min(cols + 5);
        let (ref_pivots, ref_rref) = reference(&v, cols, 2, pivot_cols);
        let mut m = to_bits(&v, cols);
        let pivots = gf2::rref(&mut m, pivot_cols);
        prop_assert_eq!(&pivots, &ref_pivots);
        prop_assert_eq!(bits_values(&m), ref_rref.clone());
        let mut s = to_bits(&v, cols);
        prop_assert_eq!(gf2::rref_simple(&mut s, pivot_cols), ref_pivots.clone());
        prop_assert_eq!(bits_values(&s), ref_rref);
        let mut e = to_bits(&v, cols);
        let full_rank = reference(&v, cols, 2, cols).0.len();
        prop_assert_eq!(gf2::rank(&mut e), full_rank);
    }
}

fn to_gf3(v: &[Vec<u32>], cols: usize) -> gf3::Gf3Matrix {
    let mut m = gf3::Gf3Matrix::zeros(v.len(), cols).unwrap();
    for (r, row) in v.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            m.set(r, c, x).unwrap();
        }
    }
    m
}

fn gf3_values(m: &gf3::Gf3Matrix) -> Vec<Vec<u32>> {
    (0..m.rows()).map(|r| (0..m.cols()).map(|c| m.get(r, c)).collect()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn gf3_bitsliced_matches_reference((rows, cols, cap, seed) in shape(), cut in 0usize..220) {
        let v = values(rows, cols, 3, cap, seed);
        let pivot_cols = cut.min(cols + 5);
        let (ref_pivots, ref_rref) = reference(&v, cols, 3, pivot_cols);
        let mut m = to_gf3(&v, cols);
        prop_assert_eq!(gf3::rref(&mut m, pivot_cols), ref_pivots);
        prop_assert_eq!(gf3_values(&m), ref_rref);
        let mut e = to_gf3(&v, cols);
        prop_assert_eq!(gf3::rank(&mut e), reference(&v, cols, 3, cols).0.len());
    }
}

/// Large enough for the row updates to run on several threads and for several passes, with both
/// pass widths (32 columns below 2^16 words, 64 above: the tall matrices), `pivot_cols < cols`,
/// and rows wider than a stripe of the row updates (512 words: the wide matrices).
#[test]
fn gf2_m4r_matches_simple_on_a_large_matrix() {
    for (rows, cols, cap, pivot_cols) in [
        (700, 2000, None, 1000),
        (300, 1500, Some(250), 1500),
        (22000, 130, None, 130),
        (17000, 260, None, 150),
        (140, 33_000, None, 33_000),
        (150, 70_000, Some(100), 5000),
    ] {
        let v = values(rows, cols, 2, cap, rows as u64);
        let mut a = to_bits(&v, cols);
        let mut b = a.clone();
        assert_eq!(gf2::rref(&mut a, pivot_cols), gf2::rref_simple(&mut b, pivot_cols));
        assert_eq!(a, b);
        let mut c = to_bits(&v, cols);
        let mut d = c.clone();
        assert_eq!(gf2::rank(&mut c), gf2::rref_simple(&mut d, cols).len());
    }
}

/// Several GF(3) passes and threaded row updates, against the generic engine.
#[test]
fn gf3_bitsliced_matches_reference_on_a_large_matrix() {
    for (rows, cols, cap) in [(300, 700, None), (450, 450, Some(400))] {
        let v = values(rows, cols, 3, cap, rows as u64);
        let (ref_pivots, ref_rref) = reference(&v, cols, 3, cols.min(500));
        let mut m = to_gf3(&v, cols);
        assert_eq!(gf3::rref(&mut m, cols.min(500)), ref_pivots);
        assert_eq!(gf3_values(&m), ref_rref);
    }
}

/// Everything a `Solver` reports, for comparing engines.
fn solver_answers(
    s: &Solver,
    boards: &[Vec<u32>],
) -> (Vec<usize>, Matrix, Matrix, Vec<Vec<u32>>, Vec<Vec<u32>>, Vec<String>) {
    let answers = boards.iter().map(|b| format!("{:?}", s.solve(b))).collect();
    (s.pivots().to_vec(), s.rref().unwrap(), s.transform().unwrap(), s.null_basis(), s.obstructions(), answers)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn solver_engines_agree((rows, cols, cap, seed) in shape(), p in prop_oneof![Just(2u32), Just(3u32)]) {
        let (rows, cols) = (rows.min(140), cols.min(140));
        let v = values(rows, cols, p, cap, seed);
        let modulus = Modulus::new(p as u64).unwrap();
        let dense = Matrix::from_rows(modulus, &v).unwrap_or_else(|_| Matrix::zeros(modulus, rows, cols).unwrap());
        let m = SparseMatrix::from_dense(&dense);
        let boards: Vec<Vec<u32>> = (0..4u64)
            .map(|k| values(1, rows, p, None, seed ^ (k + 1)).pop().unwrap_or_default())
            .chain((0..2).map(|k| {
                let s = Solver::new(&m).unwrap();
                s.random_solvable(seed.wrapping_add(k))
            }))
            .collect();
        let packed = if p == 2 { Engine::Gf2Packed } else { Engine::Gf3Packed };
        let generic = solver_answers(&Solver::with_engine(&m, Engine::Generic).unwrap(), &boards);
        prop_assert_eq!(&solver_answers(&Solver::with_engine(&m, packed).unwrap(), &boards), &generic);
        prop_assert_eq!(&solver_answers(&Solver::new(&m).unwrap(), &boards), &generic);
    }
}

#[test]
fn packed_engines_refuse_other_moduli() {
    let m = SparseMatrix::from_press_sets(Modulus::new(5).unwrap(), 2, vec![vec![0], vec![0, 1]]).unwrap();
    for engine in [Engine::Gf2Packed, Engine::Gf3Packed] {
        let err = Solver::with_engine(&m, engine).unwrap_err().to_string();
        assert!(err.contains("needs modulus") && err.contains('5'), "{err}");
    }
    let three = SparseMatrix::from_press_sets(Modulus::new(3).unwrap(), 2, vec![vec![0], vec![0, 1]]).unwrap();
    assert!(Solver::with_engine(&three, Engine::Gf2Packed).is_err());
    assert!(Solver::with_engine(&three, Engine::Gf3Packed).is_ok());
}
