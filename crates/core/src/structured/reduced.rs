//! The small dense system left after chasing: `A u = c` with a few thousand unknowns at most,
//! factored once by the core's elimination engines as `[A | I] -> [R | E]`.

use crate::bitmatrix::BitMatrix;
use crate::elim;
use crate::elim::gf3::Gf3Matrix;
use crate::error::Result;
use crate::field::{Field, Modulus};
use crate::matrix::Matrix;

#[derive(Clone, Debug)]
enum Aug {
    /// `[A | 0 | I]` with A padded to whole words, so that E starts on a word boundary.
    Bits(BitMatrix),
    /// `[A | I]` bitsliced over GF(3).
    Gf3(Gf3Matrix),
    Dense(Matrix),
}

/// `E A = R` for a `rows x cols` matrix A, R in reduced row echelon form.
#[derive(Clone, Debug)]
pub(crate) struct Reduced {
    rows: usize,
    cols: usize,
    modulus: Modulus,
    pivots: Vec<usize>,
    aug: Aug,
}

impl Reduced {
    /// Factor the matrix whose column `j` is `column(j)`.
    pub(crate) fn new(
        modulus: Modulus,
        rows: usize,
        cols: usize,
        mut column: impl FnMut(usize) -> Vec<u32>,
    ) -> Result<Reduced> {
        let (aug, pivots) = if modulus.get() == 2 {
            let pad = cols.div_ceil(64) * 64;
            let mut m = BitMatrix::zeros(rows, pad + rows)?;
            for j in 0..cols {
                for (i, v) in column(j).into_iter().enumerate() {
                    if v & 1 == 1 {
                        m.set(i, j, true);
                    }
                }
            }
            for i in 0..rows {
                m.set(i, pad + i, true);
            }
            let pivots = elim::gf2::rref(&mut m, cols);
            (Aug::Bits(m), pivots)
        } else if modulus.get() == 3 {
            let mut m = Gf3Matrix::zeros(rows, cols + rows)?;
            for j in 0..cols {
                for (i, v) in column(j).into_iter().enumerate() {
                    if v != 0 {
                        m.set(i, j, v)?;
                    }
                }
            }
            for i in 0..rows {
                m.set(i, cols + i, 1)?;
            }
            let pivots = elim::gf3::rref(&mut m, cols);
            (Aug::Gf3(m), pivots)
        } else {
            let mut m = Matrix::zeros(modulus, rows, cols + rows)?;
            for j in 0..cols {
                for (i, v) in column(j).into_iter().enumerate() {
                    m.set(i, j, v);
                }
            }
            for i in 0..rows {
                m.set(i, cols + i, 1);
            }
            let pivots = elim::generic::rref(modulus.field(), &mut m, cols);
            (Aug::Dense(m), pivots)
        };
        Ok(Reduced { rows, cols, modulus, pivots, aug })
    }

    pub(crate) fn rank(&self) -> usize {
        self.pivots.len()
    }

    pub(crate) fn nullity(&self) -> usize {
        self.cols - self.rank()
    }

    /// Row `r` of E dotted with `c`.
    fn e_dot(&self, r: usize, packed: &[u64], c: &[u32]) -> u32 {
        match &self.aug {
            Aug::Bits(m) => {
                let start = self.cols.div_ceil(64);
                let row = &m.row(r)[start..];
                row.iter().zip(packed).fold(0u32, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1
            }
            Aug::Gf3(m) => c.iter().enumerate().fold(0u32, |acc, (j, &b)| (acc + m.get(r, self.cols + j) * b) % 3),
            Aug::Dense(m) => {
                let f = self.modulus.field();
                m.row(r)[self.cols..].iter().zip(c).fold(0u32, |acc, (&a, &b)| f.add(acc, f.mul(a, b)))
            }
        }
    }

    /// A solution `u` of `A u = c` (free unknowns zero), or `None` when there is none.
    pub(crate) fn solve(&self, c: &[u32]) -> Option<Vec<u32>> {
        debug_assert_eq!(c.len(), self.rows);
        let packed = match self.aug {
            Aug::Bits(_) => crate::bitmatrix::pack_bits(c),
            Aug::Gf3(_) | Aug::Dense(_) => Vec::new(),
        };
        if (self.rank()..self.rows).any(|r| self.e_dot(r, &packed, c) != 0) {
            return None;
        }
        let mut u = vec![0u32; self.cols];
        for (i, &pc) in self.pivots.iter().enumerate() {
            u[pc] = self.e_dot(i, &packed, c);
        }
        Some(u)
    }

    fn r_get(&self, r: usize, c: usize) -> u32 {
        match &self.aug {
            Aug::Bits(m) => m.get(r, c) as u32,
            Aug::Gf3(m) => m.get(r, c),
            Aug::Dense(m) => m.get(r, c),
        }
    }

    /// A basis of the null space of A, one vector per free column.
    pub(crate) fn null_basis(&self) -> Vec<Vec<u32>> {
        let f = self.modulus.field();
        let mut is_pivot = vec![false; self.cols];
        for &c in &self.pivots {
            is_pivot[c] = true;
        }
        (0..self.cols)
            .filter(|&c| !is_pivot[c])
            .map(|free| {
                let mut v = vec![0u32; self.cols];
                v[free] = 1;
                for (i, &pc) in self.pivots.iter().enumerate() {
                    v[pc] = f.neg(self.r_get(i, free));
                }
                v
            })
            .collect()
    }
}
