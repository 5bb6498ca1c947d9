//! Bitsliced GF(3): each row is two bit planes, and row arithmetic is a handful of word-wise
//! boolean operations on 64 entries at once.
//!
//! Entry `x` of a row is stored as one bit in each plane: the *ones* plane has the bit when
//! `x = 1`, the *twos* plane when `x = 2` (never both). Negation (which is also scaling by 2)
//! swaps the planes; addition of `(a1, a2)` and `(b1, b2)` is
//! `t = (a1 | b2) ^ (a2 | b1)`, `ones = (a2 | b2) ^ t`, `twos = (a1 | b1) ^ t`: six operations
//! for 64 entries. [`rref`] and [`rank`] run the Method of the Four Russians on this
//! representation (see [`crate::elim`]): tables of all `3^k` combinations of `k` pivot rows,
//! one table lookup and one row subtraction per row and group of `k` pivot columns.

use super::m4r3;
use crate::bitmatrix::{layout_accessors, PackedRows};
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::matrix::Matrix;

/// A dense matrix over GF(3), bitsliced: a [`crate::bitmatrix`] layout of two planes. Row `r` is
/// `2 * words_per_row` words: the ones plane, then the twos plane, each packed like a
/// [`crate::BitMatrix`] row (bits past `cols` are zero).
///
/// ```
/// use lightsout_core::elim::gf3::Gf3Matrix;
/// let mut m = Gf3Matrix::zeros(2, 70).unwrap();
/// m.set(1, 69, 2).unwrap();
/// assert_eq!(m.get(1, 69), 2);
/// assert!(m.set(0, 0, 3).is_err()); // entries are 0, 1 or 2
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Gf3Matrix {
    layout: PackedRows<2>,
}

impl Gf3Matrix {
    /// The zero matrix; an error if it would exceed [`crate::limits::MAX_DENSE_BYTES`].
    pub fn zeros(rows: usize, cols: usize) -> Result<Self> {
        Ok(Gf3Matrix { layout: PackedRows::dense("a bitsliced GF(3) matrix", rows, cols)? })
    }

    /// Pack a dense matrix over Z_3; an error for any other modulus.
    pub fn from_matrix(m: &Matrix) -> Result<Self> {
        if m.modulus().get() != 3 {
            return Err(Error::InvalidArgument(format!(
                "a bitsliced GF(3) matrix needs modulus 3, the matrix has modulus {}",
                m.modulus()
            )));
        }
        let mut out = Self::zeros(m.rows(), m.cols())?;
        for r in 0..m.rows() {
            for (c, &v) in m.row(r).iter().enumerate() {
                out.put(r, c, v);
            }
        }
        Ok(out)
    }

    /// Rows `rows` and columns `cols` as a dense matrix over Z_3.
    pub fn block(&self, rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> Result<Matrix> {
        if rows.end > self.rows() || cols.end > self.cols() {
            return Err(Error::InvalidArgument(format!(
                "block {rows:?} x {cols:?} is outside the {} x {} matrix",
                self.rows(),
                self.cols()
            )));
        }
        let three = Modulus::new(3).expect("3 is prime");
        let mut out = Matrix::zeros(three, rows.len(), cols.len())?;
        for (i, r) in rows.enumerate() {
            let dst = out.row_mut(i);
            for (j, c) in cols.clone().enumerate() {
                dst[j] = self.get(r, c);
            }
        }
        Ok(out)
    }

    /// The whole matrix as a dense matrix over Z_3.
    pub fn to_matrix(&self) -> Result<Matrix> {
        self.block(0..self.rows(), 0..self.cols())
    }

    layout_accessors!("Words per plane of a row.");

    /// Entry `(r, c)`, in `0..3`.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u32 {
        self.layout.trit(r, c)
    }

    /// Set entry `(r, c)`; an error unless `v < 3` and the position is inside the matrix.
    pub fn set(&mut self, r: usize, c: usize, v: u32) -> Result<()> {
        self.layout.set_trit(r, c, v, "GF(3) entry", |r, c, rows, cols| {
            format!("entry ({r}, {c}) is outside the {rows} x {cols} matrix")
        })
    }

    /// Set an entry known to be in range (`v < 3`).
    #[inline]
    pub(crate) fn put(&mut self, r: usize, c: usize, v: u32) {
        self.layout.put_trit(r, c, v)
    }

    /// The layout, for the elimination kernels.
    pub(crate) fn layout_mut(&mut self) -> &mut PackedRows<2> {
        &mut self.layout
    }
}

/// Reduce `m` to reduced row echelon form in place, pivoting in columns `0..pivot_cols`
/// (columns past `pivot_cols` are carried along, as in an augmented matrix `[M | I]`).
/// Returns the pivot column of each of the first `rank` rows, increasing; every pivot is 1.
///
/// ```
/// use lightsout_core::elim::gf3::{rref, Gf3Matrix};
/// let mut m = Gf3Matrix::zeros(2, 2).unwrap();
/// for (r, c, v) in [(0, 0, 2), (0, 1, 1), (1, 0, 1), (1, 1, 2)] {
///     m.set(r, c, v).unwrap();
/// }
/// assert_eq!(rref(&mut m, 2), vec![0]); // row 1 = 2 * row 0
/// assert_eq!((m.get(0, 0), m.get(0, 1), m.get(1, 1)), (1, 2, 0));
/// ```
pub fn rref(m: &mut Gf3Matrix, pivot_cols: usize) -> Vec<usize> {
    m4r3::eliminate(m.layout_mut(), pivot_cols, true)
}

/// The rank of `m` over GF(3), computed on an echelon form (cheaper than [`rref`]); `m` is
/// overwritten with that echelon form.
///
/// ```
/// use lightsout_core::elim::gf3::{rank, Gf3Matrix};
/// let mut m = Gf3Matrix::zeros(3, 3).unwrap();
/// for r in 0..3 {
///     m.set(r, r, 1).unwrap();
/// }
/// assert_eq!(rank(&mut m), 3);
/// ```
pub fn rank(m: &mut Gf3Matrix) -> usize {
    let cols = m.cols();
    m4r3::eliminate(m.layout_mut(), cols, false).len()
}
