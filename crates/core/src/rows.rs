//! Row storage shared by the solver: bit-packed for GF(2), one `u32` per entry otherwise.

use crate::bitmatrix::{pack_bits, BitMatrix};
use crate::field::Modulus;
use crate::matrix::Matrix;

/// A block of rows taken out of an eliminated augmented matrix.
#[derive(Clone, Debug)]
pub(crate) enum Rows {
    Bits(BitMatrix),
    Dense(Matrix),
}

impl Rows {
    /// Copy rows `rows` and columns `cols` of a packed matrix, a word at a time.
    pub(crate) fn from_bits(src: &BitMatrix, rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> Rows {
        let mut out = BitMatrix::zeros(rows.len(), cols.len()).expect("sub-block of an existing matrix");
        let (shift, first) = (cols.start % 64, cols.start / 64);
        let tail = cols.len() % 64;
        for (i, r) in rows.enumerate() {
            let from = src.row(r);
            let to = out.row_mut(i);
            let n = to.len();
            for (j, w) in to.iter_mut().enumerate() {
                let lo = from[first + j] >> shift;
                let hi = if shift == 0 { 0 } else { from.get(first + j + 1).map_or(0, |h| h << (64 - shift)) };
                *w = lo | hi;
                if j + 1 == n && tail != 0 {
                    *w &= (1u64 << tail) - 1;
                }
            }
        }
        Rows::Bits(out)
    }

    /// Copy rows `rows` and columns `cols` of a dense matrix.
    pub(crate) fn from_dense(src: &Matrix, rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> Rows {
        let mut out = Matrix::zeros(src.modulus(), rows.len(), cols.len()).expect("sub-block of an existing matrix");
        for (i, r) in rows.enumerate() {
            out.row_mut(i).copy_from_slice(&src.row(r)[cols.clone()]);
        }
        Rows::Dense(out)
    }

    pub(crate) fn get(&self, r: usize, c: usize) -> u32 {
        match self {
            Rows::Bits(b) => b.get(r, c) as u32,
            Rows::Dense(m) => m.get(r, c),
        }
    }

    pub(crate) fn row_values(&self, r: usize) -> Vec<u32> {
        match self {
            Rows::Bits(b) => b.row_values(r),
            Rows::Dense(m) => m.row(r).to_vec(),
        }
    }

    /// A vector prepared for repeated dot products with these rows.
    pub(crate) fn prepare(&self, v: &[u32]) -> Prepared {
        match self {
            Rows::Bits(_) => Prepared::Bits(pack_bits(v)),
            Rows::Dense(_) => Prepared::Dense(v.to_vec()),
        }
    }

    /// Row `r` dotted with a prepared vector, mod p.
    pub(crate) fn dot(&self, r: usize, v: &Prepared, modulus: Modulus) -> u32 {
        match (self, v) {
            (Rows::Bits(b), Prepared::Bits(w)) => b.dot_packed(r, w) as u32,
            (Rows::Dense(m), Prepared::Dense(x)) => {
                let z = modulus.arith();
                m.row(r).iter().zip(x).fold(0, |acc, (&a, &b)| z.reduce(acc as u64 + a as u64 * b as u64))
            }
            _ => unreachable!("a vector is prepared by the rows it is used with"),
        }
    }

    /// As a dense matrix over Z_p.
    pub(crate) fn to_matrix(&self, modulus: Modulus) -> crate::Result<Matrix> {
        match self {
            Rows::Dense(m) => Ok(m.clone()),
            Rows::Bits(b) => {
                let mut m = Matrix::zeros(modulus, b.rows(), b.cols())?;
                for r in 0..b.rows() {
                    for c in 0..b.cols() {
                        if b.get(r, c) {
                            m.set(r, c, 1);
                        }
                    }
                }
                Ok(m)
            }
        }
    }
}

pub(crate) enum Prepared {
    Bits(Vec<u64>),
    Dense(Vec<u32>),
}
