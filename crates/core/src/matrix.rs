//! Dense and sparse matrices over Z_p with entries stored as `u32` in `0..p`.

use crate::error::{Error, Result};
use crate::field::{Field, Modulus};
use crate::limits::{check_dense, check_lights};

/// A dense row-major matrix over Z_p.
///
/// ```
/// use lightsout_core::{Matrix, Modulus};
/// let m = Matrix::from_rows(Modulus::new(3).unwrap(), &[vec![1, 2], vec![0, 1]]).unwrap();
/// assert_eq!(m.get(0, 1), 2);
/// assert_eq!(m.mul_vec(&[1, 1]).unwrap(), vec![0, 1]);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    modulus: Modulus,
    data: Vec<u32>,
}

impl std::fmt::Debug for Matrix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Matrix {}x{} over Z_{}", self.rows, self.cols, self.modulus)?;
        for r in 0..self.rows.min(32) {
            writeln!(f, "  {:?}", &self.row(r)[..self.cols.min(32)])?;
        }
        Ok(())
    }
}

impl Matrix {
    /// The zero matrix; an error if it would exceed [`crate::limits::MAX_DENSE_ENTRIES`].
    pub fn zeros(modulus: Modulus, rows: usize, cols: usize) -> Result<Self> {
        check_dense("a dense matrix", rows, cols)?;
        Ok(Matrix { rows, cols, modulus, data: vec![0; rows * cols] })
    }

    /// The identity matrix of size `n`.
    pub fn identity(modulus: Modulus, n: usize) -> Result<Self> {
        let mut m = Self::zeros(modulus, n, n)?;
        for i in 0..n {
            m.data[i * n + i] = 1;
        }
        Ok(m)
    }

    /// Build from rows; every row must have the same length and entries in `0..p`.
    pub fn from_rows(modulus: Modulus, rows: &[Vec<u32>]) -> Result<Self> {
        let cols = rows.first().map_or(0, Vec::len);
        let mut m = Self::zeros(modulus, rows.len(), cols)?;
        for (r, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(Error::DimensionMismatch { what: "every matrix row", expected: cols, got: row.len() });
            }
            for (c, &v) in row.iter().enumerate() {
                m.set_checked(r, c, v)?;
            }
        }
        Ok(m)
    }

    /// Build from a flat row-major slice of signed values, reduced mod p.
    pub fn from_flat_reduced(modulus: Modulus, rows: usize, cols: usize, data: &[i64]) -> Result<Self> {
        let mut m = Self::zeros(modulus, rows, cols)?;
        if data.len() != m.data.len() {
            return Err(Error::DimensionMismatch { what: "matrix data", expected: m.data.len(), got: data.len() });
        }
        let f = modulus.field();
        for (d, &v) in m.data.iter_mut().zip(data) {
            *d = f.reduce(v);
        }
        Ok(m)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// The modulus p.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// Entry `(r, c)`; panics if out of bounds (like slice indexing).
    pub fn get(&self, r: usize, c: usize) -> u32 {
        self.data[r * self.cols + c]
    }
    /// Set entry `(r, c)` to `v mod p`.
    pub fn set(&mut self, r: usize, c: usize, v: u32) {
        self.data[r * self.cols + c] = self.modulus.arith().reduce(v as u64);
    }
    /// Set entry `(r, c)`, rejecting out-of-range positions and values.
    pub fn set_checked(&mut self, r: usize, c: usize, v: u32) -> Result<()> {
        if r >= self.rows || c >= self.cols {
            return Err(Error::InvalidArgument(format!(
                "position ({r}, {c}) is outside the {}x{} matrix",
                self.rows, self.cols
            )));
        }
        if v >= self.modulus.get() {
            return Err(Error::EntryOutOfRange {
                what: "matrix",
                index: r * self.cols + c,
                value: v as i64,
                modulus: self.modulus.get(),
            });
        }
        self.data[r * self.cols + c] = v;
        Ok(())
    }
    /// Row `r` as a slice.
    pub fn row(&self, r: usize) -> &[u32] {
        &self.data[r * self.cols..(r + 1) * self.cols]
    }
    /// Row `r` as a mutable slice (entries must stay in `0..p`).
    pub fn row_mut(&mut self, r: usize) -> &mut [u32] {
        &mut self.data[r * self.cols..(r + 1) * self.cols]
    }
    /// All entries, row-major.
    pub fn as_slice(&self) -> &[u32] {
        &self.data
    }
    /// All entries, row-major, for in-place elimination (entries must stay in `0..k`).
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u32] {
        &mut self.data
    }
    /// Column `c` as a new vector.
    pub fn column(&self, c: usize) -> Vec<u32> {
        (0..self.rows).map(|r| self.get(r, c)).collect()
    }

    /// The transpose.
    pub fn transpose(&self) -> Matrix {
        let mut t = Matrix { rows: self.cols, cols: self.rows, modulus: self.modulus, data: vec![0; self.data.len()] };
        for r in 0..self.rows {
            for c in 0..self.cols {
                t.data[c * self.rows + r] = self.data[r * self.cols + c];
            }
        }
        t
    }

    /// Whether the matrix equals its transpose.
    pub fn is_symmetric(&self) -> bool {
        self.rows == self.cols && (0..self.rows).all(|r| (0..r).all(|c| self.get(r, c) == self.get(c, r)))
    }

    /// `M v` over Z_p.
    pub fn mul_vec(&self, v: &[u32]) -> Result<Vec<u32>> {
        if v.len() != self.cols {
            return Err(Error::DimensionMismatch { what: "vector", expected: self.cols, got: v.len() });
        }
        let z = self.modulus.arith();
        Ok((0..self.rows)
            .map(|r| self.row(r).iter().zip(v).fold(0, |acc, (&a, &b)| z.reduce(acc as u64 + a as u64 * b as u64)))
            .collect())
    }

    /// The product `self * other` over Z_p.
    pub fn mul_mat(&self, other: &Matrix) -> Result<Matrix> {
        if self.cols != other.rows {
            return Err(Error::DimensionMismatch { what: "right factor rows", expected: self.cols, got: other.rows });
        }
        if self.modulus != other.modulus {
            return Err(Error::InvalidArgument("matrices over different moduli cannot be multiplied".into()));
        }
        let f = self.modulus.field();
        let mut out = Matrix::zeros(self.modulus, self.rows, other.cols)?;
        for r in 0..self.rows {
            for k in 0..self.cols {
                let a = self.get(r, k);
                if a == 0 {
                    continue;
                }
                for c in 0..other.cols {
                    let idx = r * other.cols + c;
                    out.data[idx] = f.add(out.data[idx], f.mul(a, other.get(k, c)));
                }
            }
        }
        Ok(out)
    }
}

/// A sparse matrix stored by columns: column `j` lists `(row, value)` pairs with `value != 0`.
///
/// This is the natural form of a press matrix: column j is the set S_j of lights that button j
/// changes (with weight 1 for ordinary presses). Rows within a column are sorted and unique.
///
/// ```
/// use lightsout_core::{Modulus, SparseMatrix};
/// // Two lights, each button toggles both: M = [[1,1],[1,1]].
/// let m = SparseMatrix::from_press_sets(Modulus::TWO, 2, vec![vec![0, 1], vec![1, 0]]).unwrap();
/// assert_eq!(m.mul_vec(&[1, 0]).unwrap(), vec![1, 1]);
/// assert!(m.to_dense().unwrap().is_symmetric());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SparseMatrix {
    rows: usize,
    modulus: Modulus,
    columns: Vec<Vec<(u32, u32)>>,
}

impl SparseMatrix {
    /// Build from press sets: button j adds 1 to every light in `sets[j]`. Repeated lights in a
    /// set count once (a press set is a set). Every light index must be `< rows`.
    pub fn from_press_sets(modulus: Modulus, rows: usize, sets: Vec<Vec<usize>>) -> Result<Self> {
        let columns = sets
            .into_iter()
            .enumerate()
            .map(|(j, mut set)| {
                set.sort_unstable();
                set.dedup();
                if let Some(&bad) = set.iter().find(|&&r| r >= rows) {
                    return Err(Error::InvalidArgument(format!(
                        "press set of button {j} names light {bad}, but there are only {rows} lights"
                    )));
                }
                Ok(set.into_iter().map(|r| (r as u32, 1)).collect())
            })
            .collect::<Result<Vec<_>>>()?;
        Self::check_rows(rows)?;
        Ok(SparseMatrix { rows, modulus, columns })
    }

    /// Build from weighted columns `(row, value)`; values are reduced mod p, zeros dropped,
    /// and repeated rows within a column are added together.
    pub fn from_columns(modulus: Modulus, rows: usize, columns: Vec<Vec<(usize, i64)>>) -> Result<Self> {
        Self::check_rows(rows)?;
        let f = modulus.field();
        let columns = columns
            .into_iter()
            .enumerate()
            .map(|(j, mut col)| {
                col.sort_unstable_by_key(|e| e.0);
                let mut out: Vec<(u32, u32)> = Vec::with_capacity(col.len());
                for (r, v) in col {
                    if r >= rows {
                        return Err(Error::InvalidArgument(format!(
                            "column {j} names row {r}, but there are only {rows} rows"
                        )));
                    }
                    let v = f.reduce(v);
                    match out.last_mut() {
                        Some(last) if last.0 as usize == r => last.1 = f.add(last.1, v),
                        _ => out.push((r as u32, v)),
                    }
                }
                out.retain(|e| e.1 != 0);
                Ok(out)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(SparseMatrix { rows, modulus, columns })
    }

    /// The sparse form of a dense matrix.
    pub fn from_dense(m: &Matrix) -> Self {
        let columns = (0..m.cols())
            .map(|c| (0..m.rows()).filter(|&r| m.get(r, c) != 0).map(|r| (r as u32, m.get(r, c))).collect())
            .collect();
        SparseMatrix { rows: m.rows(), modulus: m.modulus(), columns }
    }

    fn check_rows(rows: usize) -> Result<()> {
        crate::error::check_limit("a sparse matrix", rows as u128, "rows", u32::MAX as u128)
    }

    /// Number of rows (lights).
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns (buttons).
    pub fn cols(&self) -> usize {
        self.columns.len()
    }
    /// The modulus p.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// Column `j`: the `(light, amount)` pairs that button `j` changes.
    pub fn column(&self, j: usize) -> &[(u32, u32)] {
        &self.columns[j]
    }
    /// All columns.
    pub fn columns(&self) -> &[Vec<(u32, u32)>] {
        &self.columns
    }
    /// Number of non-zero entries.
    pub fn nnz(&self) -> usize {
        self.columns.iter().map(Vec::len).sum()
    }

    /// The dense form (an error if it would be too large).
    pub fn to_dense(&self) -> Result<Matrix> {
        let mut m = Matrix::zeros(self.modulus, self.rows, self.cols())?;
        for (c, col) in self.columns.iter().enumerate() {
            for &(r, v) in col {
                m.set(r as usize, c, v);
            }
        }
        Ok(m)
    }

    /// The board after pressing: `b + M s`, with both vectors checked (length, entries in `0..p`).
    /// Every solver that holds M answers `apply` through this.
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        crate::field::check_vector("lights", lights, self.rows, self.modulus)?;
        crate::field::check_vector("presses", presses, self.cols(), self.modulus)?;
        let change = self.mul_vec(presses)?;
        let f = self.modulus.field();
        Ok(lights.iter().zip(change).map(|(&a, b)| f.add(a, b)).collect())
    }

    /// `M v`: the change of every light after pressing button j `v[j]` times.
    pub fn mul_vec(&self, v: &[u32]) -> Result<Vec<u32>> {
        if v.len() != self.cols() {
            return Err(Error::DimensionMismatch { what: "presses", expected: self.cols(), got: v.len() });
        }
        let f = self.modulus.field();
        let mut out = vec![0u32; self.rows];
        for (col, &x) in self.columns.iter().zip(v) {
            if x == 0 {
                continue;
            }
            for &(r, a) in col {
                out[r as usize] = f.add(out[r as usize], f.mul(a, x));
            }
        }
        Ok(out)
    }

    /// The transpose (row `i` of M becomes column `i`).
    pub fn transpose(&self) -> SparseMatrix {
        let mut cols: Vec<Vec<(u32, u32)>> = vec![Vec::new(); self.rows];
        for (c, col) in self.columns.iter().enumerate() {
            for &(r, v) in col {
                cols[r as usize].push((c as u32, v));
            }
        }
        SparseMatrix { rows: self.cols(), modulus: self.modulus, columns: cols }
    }

    /// Whether M equals its transpose.
    pub fn is_symmetric(&self) -> bool {
        self.rows == self.cols() && self.transpose().columns == self.columns
    }
}

/// The press matrix of a `rows x cols` grid with the plus rule (the classic board, built here
/// so that the statistics, tables and tests of this crate need no other crate): each button adds 1 to its own
/// light and to its up to four orthogonal neighbours. Lights and buttons are numbered row by
/// row (`r * cols + c`).
///
/// ```
/// use lightsout_core::{minimal::plus_grid, Modulus, Solver};
/// let m = plus_grid(5, 5, Modulus::TWO).unwrap();
/// assert_eq!(Solver::new(&m).unwrap().nullity(), 2);
/// assert!(plus_grid(0, 3, Modulus::TWO).is_err());
/// ```
pub fn plus_grid(rows: usize, cols: usize, modulus: Modulus) -> Result<SparseMatrix> {
    if rows == 0 || cols == 0 {
        return Err(Error::InvalidArgument(format!("a grid needs at least one row and column, not {rows} x {cols}")));
    }
    let n = rows as u128 * cols as u128;
    check_lights("a plus-rule grid", n)?;
    let n = n as usize;
    let sets = (0..n)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let mut set = vec![i];
            if r > 0 {
                set.push(i - cols);
            }
            if r + 1 < rows {
                set.push(i + cols);
            }
            if c > 0 {
                set.push(i - 1);
            }
            if c + 1 < cols {
                set.push(i + 1);
            }
            set
        })
        .collect();
    SparseMatrix::from_press_sets(modulus, n, sets)
}
