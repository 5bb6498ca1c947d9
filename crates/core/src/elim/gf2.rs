//! Elimination on bit-packed GF(2) matrices.
//!
//! [`rref`] and [`rank`] use the Method of the Four Russians (Gray-code tables of pivot-row
//! combinations, cache-blocked, rows updated on all cores for large matrices): each pass over
//! the matrix clears 64 columns. [`rref_simple`] is plain Gauss-Jordan with word-wise XOR, kept
//! as a reference for tests.

use super::m4r;
use crate::bitmatrix::BitMatrix;

/// Reduce `m` to reduced row echelon form in place, pivoting in columns `0..pivot_cols`
/// (columns past `pivot_cols` are carried along, as in an augmented matrix `[M | I]`).
/// Returns the pivot column of each of the first `rank` rows, increasing.
///
/// ```
/// use lightsout_core::{elim::gf2::rref, BitMatrix};
/// let mut m = BitMatrix::zeros(2, 2).unwrap();
/// m.set(0, 0, true); m.set(0, 1, true); m.set(1, 1, true);
/// assert_eq!(rref(&mut m, 2), vec![0, 1]);
/// assert!(!m.get(0, 1)); // reduced: the pivot column of row 1 is cleared in row 0
/// ```
pub fn rref(m: &mut BitMatrix, pivot_cols: usize) -> Vec<usize> {
    m4r::eliminate(m, pivot_cols, true)
}

/// The rank of `m`, computed on an echelon form (rows above a pivot are left alone, which
/// makes it cheaper than [`rref`]); `m` is overwritten with that echelon form.
///
/// ```
/// use lightsout_core::{elim::gf2::rank, BitMatrix};
/// let mut m = BitMatrix::zeros(3, 3).unwrap();
/// for (r, c) in [(0, 0), (0, 1), (1, 1), (1, 2), (2, 0), (2, 2)] {
///     m.set(r, c, true);
/// }
/// assert_eq!(rank(&mut m), 2); // row 2 = row 0 + row 1
/// ```
pub fn rank(m: &mut BitMatrix) -> usize {
    let cols = m.cols();
    m4r::eliminate(m, cols, false).len()
}

/// Plain Gauss-Jordan elimination with the same contract as [`rref`]: one row XOR per pivot and
/// row. Slower by about a factor 8 to 64 on large matrices; kept as a reference.
///
/// ```
/// use lightsout_core::{elim::gf2::{rref, rref_simple}, BitMatrix};
/// let mut a = BitMatrix::zeros(3, 5).unwrap();
/// for (r, c) in [(0, 1), (0, 4), (1, 1), (2, 3)] {
///     a.set(r, c, true);
/// }
/// let mut b = a.clone();
/// assert_eq!(rref_simple(&mut a, 5), rref(&mut b, 5));
/// assert_eq!(a, b);
/// ```
pub fn rref_simple(m: &mut BitMatrix, pivot_cols: usize) -> Vec<usize> {
    let rows = m.rows();
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..pivot_cols.min(m.cols()) {
        if r == rows {
            break;
        }
        let word = c / 64;
        let bit = 1u64 << (c % 64);
        let wpr = m.words_per_row();
        let Some(found) = (r..rows).find(|&i| m.words()[i * wpr + word] & bit != 0) else { continue };
        m.swap_rows(r, found);
        for i in 0..rows {
            if i != r && m.words()[i * wpr + word] & bit != 0 {
                m.xor_row_into_from(r, i, word);
            }
        }
        pivots.push(c);
        r += 1;
    }
    pivots
}
