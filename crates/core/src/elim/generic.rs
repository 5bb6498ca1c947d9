//! Gauss-Jordan elimination over any [`Field`]: the reference engine.

use crate::field::Field;
use crate::matrix::Matrix;

/// Reduce `m` to reduced row echelon form in place, pivoting in columns `0..pivot_cols`.
/// Returns the pivot column of each of the first `rank` rows.
///
/// ```
/// use lightsout_core::{elim::generic::rref, Matrix, Modulus};
/// let p = Modulus::new(3).unwrap();
/// let mut m = Matrix::from_rows(p, &[vec![2, 1], vec![1, 2]]).unwrap();
/// assert_eq!(rref(p.field(), &mut m, 2), vec![0]); // second row is 2x the first over Z_3
/// assert_eq!(m.row(0), &[1, 2]);
/// ```
pub fn rref<F: Field>(f: F, m: &mut Matrix, pivot_cols: usize) -> Vec<usize> {
    let (rows, cols) = (m.rows(), m.cols());
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..pivot_cols.min(cols) {
        // Interrupted: stop here; the caller reports it (crate::interrupt).
        if r == rows || (c % 16 == 0 && crate::interrupt::requested()) {
            break;
        }
        let Some(found) = (r..rows).find(|&i| m.get(i, c) != 0) else { continue };
        if found != r {
            for k in c..cols {
                let (a, b) = (m.get(r, k), m.get(found, k));
                m.set(r, k, b);
                m.set(found, k, a);
            }
        }
        let inv = f.inv(m.get(r, c)).expect("pivot is non-zero");
        for k in c..cols {
            let v = f.mul(m.get(r, k), inv);
            m.set(r, k, v);
        }
        let pivot_row: Vec<u32> = m.row(r)[c..].to_vec();
        for i in 0..rows {
            let factor = m.get(i, c);
            if i == r || factor == 0 {
                continue;
            }
            let neg = f.neg(factor);
            let row = &mut m.row_mut(i)[c..];
            for (x, &y) in row.iter_mut().zip(&pivot_row) {
                if y != 0 {
                    *x = f.add(*x, f.mul(neg, y));
                }
            }
        }
        pivots.push(c);
        r += 1;
    }
    pivots
}
