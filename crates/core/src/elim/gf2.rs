//! Gauss-Jordan elimination on bit-packed GF(2) matrices: row addition is a word-wise XOR.

use crate::bitmatrix::BitMatrix;

/// Reduce `m` to reduced row echelon form in place, pivoting in columns `0..pivot_cols`.
/// Returns the pivot column of each of the first `rank` rows.
///
/// ```
/// use lightsout_core::{elim::gf2::rref, BitMatrix};
/// let mut m = BitMatrix::zeros(2, 2).unwrap();
/// m.set(0, 0, true); m.set(0, 1, true); m.set(1, 1, true);
/// assert_eq!(rref(&mut m, 2), vec![0, 1]);
/// assert!(!m.get(0, 1)); // reduced: the pivot column of row 1 is cleared in row 0
/// ```
pub fn rref(m: &mut BitMatrix, pivot_cols: usize) -> Vec<usize> {
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
