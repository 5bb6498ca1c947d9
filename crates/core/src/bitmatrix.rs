//! Bit-packed matrices over GF(2): 64 entries per `u64`, row addition by XOR.

use crate::error::{Error, Result};
use crate::limits::check_dense_bits;

/// A dense GF(2) matrix, each row packed into `words_per_row` little-endian `u64` words
/// (bit `c % 64` of word `c / 64` is column `c`). Bits past `cols` are always zero.
///
/// ```
/// use lightsout_core::BitMatrix;
/// let mut m = BitMatrix::zeros(2, 70).unwrap();
/// m.set(1, 69, true);
/// assert!(m.get(1, 69));
/// m.xor_row_into(1, 0);
/// assert!(m.get(0, 69));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BitMatrix {
    rows: usize,
    cols: usize,
    words_per_row: usize,
    data: Vec<u64>,
}

impl BitMatrix {
    /// The zero matrix; an error if it would exceed [`crate::limits::MAX_DENSE_BYTES`].
    pub fn zeros(rows: usize, cols: usize) -> Result<Self> {
        check_dense_bits("a bit-packed matrix", rows, cols, 1)?;
        let words_per_row = cols.div_ceil(64);
        Ok(BitMatrix { rows, cols, words_per_row, data: vec![0; rows * words_per_row] })
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Words per packed row.
    pub fn words_per_row(&self) -> usize {
        self.words_per_row
    }
    /// Entry `(r, c)`.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> bool {
        (self.data[r * self.words_per_row + c / 64] >> (c % 64)) & 1 == 1
    }
    /// Set entry `(r, c)`.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, v: bool) {
        let w = &mut self.data[r * self.words_per_row + c / 64];
        let bit = 1u64 << (c % 64);
        if v {
            *w |= bit
        } else {
            *w &= !bit
        }
    }
    /// Flip entry `(r, c)`.
    #[inline]
    pub fn flip(&mut self, r: usize, c: usize) {
        self.data[r * self.words_per_row + c / 64] ^= 1u64 << (c % 64);
    }
    /// Packed row `r`.
    #[inline]
    pub fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.words_per_row..(r + 1) * self.words_per_row]
    }
    /// Packed row `r`, mutable (keep bits past `cols` zero).
    #[inline]
    pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
        &mut self.data[r * self.words_per_row..(r + 1) * self.words_per_row]
    }
    /// All words, row-major.
    pub fn words(&self) -> &[u64] {
        &self.data
    }
    /// All words, row-major, mutable.
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.data
    }
    /// `row[dst] ^= row[src]`.
    #[inline]
    pub fn xor_row_into(&mut self, src: usize, dst: usize) {
        self.xor_row_into_from(src, dst, 0);
    }
    /// `row[dst] ^= row[src]` on words `from_word..` only (earlier words known to be zero in src).
    #[inline]
    pub fn xor_row_into_from(&mut self, src: usize, dst: usize, from_word: usize) {
        if src == dst {
            self.row_mut(dst)[from_word..].fill(0);
            return;
        }
        let w = self.words_per_row;
        let (a, b) = if src < dst {
            let (lo, hi) = self.data.split_at_mut(dst * w);
            (&lo[src * w..(src + 1) * w], &mut hi[..w])
        } else {
            let (lo, hi) = self.data.split_at_mut(src * w);
            (&hi[..w] as &[u64], &mut lo[dst * w..(dst + 1) * w])
        };
        for (d, s) in b[from_word..].iter_mut().zip(&a[from_word..]) {
            *d ^= *s;
        }
    }
    /// Swap rows `a` and `b`.
    pub fn swap_rows(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let w = self.words_per_row;
        let (lo, hi) = (a.min(b), a.max(b));
        let (x, y) = self.data.split_at_mut(hi * w);
        x[lo * w..(lo + 1) * w].swap_with_slice(&mut y[..w]);
    }
    /// Parity of `row[r] AND v` where `v` is packed like a row.
    pub fn dot_packed(&self, r: usize, v: &[u64]) -> bool {
        self.row(r).iter().zip(v).fold(0u32, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1 == 1
    }
    /// Row `r` as 0/1 values.
    pub fn row_values(&self, r: usize) -> Vec<u32> {
        (0..self.cols).map(|c| self.get(r, c) as u32).collect()
    }
}

/// Pack 0/1 values (anything odd counts as 1) into words.
pub fn pack_bits(values: &[u32]) -> Vec<u64> {
    let mut out = vec![0u64; values.len().div_ceil(64)];
    for (i, &v) in values.iter().enumerate() {
        if v & 1 == 1 {
            out[i / 64] |= 1 << (i % 64);
        }
    }
    out
}

/// Unpack `len` bits into 0/1 values.
pub fn unpack_bits(words: &[u64], len: usize) -> Result<Vec<u32>> {
    if words.len() * 64 < len {
        return Err(Error::DimensionMismatch { what: "packed words", expected: len.div_ceil(64), got: words.len() });
    }
    Ok((0..len).map(|i| ((words[i / 64] >> (i % 64)) & 1) as u32).collect())
}
