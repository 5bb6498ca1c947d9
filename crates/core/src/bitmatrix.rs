//! Packed rows, the one layout of every bit-packed matrix and board, and the GF(2) matrix on it.
//!
//! `PackedRows` stores `rows x cols` entries as `PLANES` bit planes per row, 64 entries per
//! `u64` word: entry `c` of a plane is bit `c % 64` (least significant first) of word `c / 64`,
//! and bits past `cols` are always zero. Row `r` is `PLANES * words_per_row` consecutive words,
//! plane after plane. GF(2) has one plane (the entry itself): [`BitMatrix`] and
//! [`crate::structured::PackedBoard`]. GF(3) has two, the bitsliced form of [`crate::elim::gf3`]
//! (the *ones* plane, then the *twos* plane): [`crate::elim::gf3::Gf3Matrix`] and
//! [`crate::structured::PackedBoard3`]. Each of the four types wraps one `PackedRows` and keeps
//! its own public methods and its own size check and allocation; the layout's arithmetic (where a
//! bit is, two rows at once, row swaps, transposition, counting) is written once here.

use crate::error::{Error, Result};
use crate::limits::check_dense_bits;

/// `rows x cols` entries in `PLANES` bit planes per row (see the [module](self) docs).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct PackedRows<const PLANES: usize> {
    rows: usize,
    cols: usize,
    words_per_row: usize,
    data: Vec<u64>,
}

/// The accessors of a type wrapping a [`PackedRows`] in its field `layout`: the sizes (the
/// argument is the doc line of `words_per_row`) and, with `rows` after it, for one plane, the
/// packed rows and all words.
macro_rules! layout_accessors {
    ($words_doc:literal) => {
        /// Number of rows.
        pub fn rows(&self) -> usize {
            self.layout.rows()
        }
        /// Number of columns.
        pub fn cols(&self) -> usize {
            self.layout.cols()
        }
        #[doc = $words_doc]
        pub fn words_per_row(&self) -> usize {
            self.layout.words_per_row()
        }
    };
    ($words_doc:literal, rows) => {
        $crate::bitmatrix::layout_accessors!($words_doc);
        /// Packed row `r`.
        #[inline]
        pub fn row(&self, r: usize) -> &[u64] {
            self.layout.row(r)
        }
        /// Packed row `r`, mutable: keep the bits past `cols` zero.
        #[inline]
        pub fn row_mut(&mut self, r: usize) -> &mut [u64] {
            self.layout.row_mut(r)
        }
        /// All words, row-major.
        pub fn words(&self) -> &[u64] {
            self.layout.words()
        }
    };
}
pub(crate) use layout_accessors;

impl<const PLANES: usize> PackedRows<PLANES> {
    /// The zero layout, its words from `alloc(len)` (which must return `len` zeros, or an error).
    /// The caller checks the size first.
    pub(crate) fn zeros_with(rows: usize, cols: usize, alloc: impl FnOnce(usize) -> Result<Vec<u64>>) -> Result<Self> {
        let words_per_row = cols.div_ceil(64);
        let data = alloc(rows * PLANES * words_per_row)?;
        debug_assert_eq!(data.len(), rows * PLANES * words_per_row);
        Ok(PackedRows { rows, cols, words_per_row, data })
    }
    /// A zero dense matrix (`what`, for the error), checked against
    /// [`crate::limits::MAX_DENSE_BYTES`] first.
    pub(crate) fn dense(what: &'static str, rows: usize, cols: usize) -> Result<Self> {
        check_dense_bits(what, rows, cols, PLANES as u32)?;
        Self::zeros_with(rows, cols, |len| Ok(vec![0; len]))
    }
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }
    pub(crate) fn cols(&self) -> usize {
        self.cols
    }
    /// Words per plane of a row.
    pub(crate) fn words_per_row(&self) -> usize {
        self.words_per_row
    }
    /// Words of a whole row (all its planes).
    #[inline]
    fn row_len(&self) -> usize {
        PLANES * self.words_per_row
    }
    /// Row `r`, all planes.
    #[inline]
    pub(crate) fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.row_len()..(r + 1) * self.row_len()]
    }
    /// Row `r`, all planes, mutable (keep the bits past `cols` zero).
    #[inline]
    pub(crate) fn row_mut(&mut self, r: usize) -> &mut [u64] {
        let len = self.row_len();
        &mut self.data[r * len..(r + 1) * len]
    }
    /// All words, row by row.
    pub(crate) fn words(&self) -> &[u64] {
        &self.data
    }
    /// All words, mutable (keep the bits past `cols` zero).
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.data
    }
    /// The word holding bit `c` of plane `plane` of row `r`.
    #[inline]
    fn word_index(&self, r: usize, plane: usize, c: usize) -> usize {
        r * self.row_len() + plane * self.words_per_row + c / 64
    }
    /// Bit `c` of plane `plane` of row `r`.
    #[inline]
    pub(crate) fn bit(&self, r: usize, plane: usize, c: usize) -> bool {
        (self.data[self.word_index(r, plane, c)] >> (c % 64)) & 1 == 1
    }
    /// Set bit `c` of plane `plane` of row `r` to `v`.
    #[inline]
    pub(crate) fn set_bit(&mut self, r: usize, plane: usize, c: usize, v: bool) {
        let i = self.word_index(r, plane, c);
        let bit = 1u64 << (c % 64);
        self.data[i] = (self.data[i] & !bit) | if v { bit } else { 0 };
    }
    /// Flip bit `c` of plane `plane` of row `r`.
    #[inline]
    pub(crate) fn flip_bit(&mut self, r: usize, plane: usize, c: usize) {
        let i = self.word_index(r, plane, c);
        self.data[i] ^= 1u64 << (c % 64);
    }
    /// Row `src` (shared) and row `dst` (mutable), all planes; `src != dst`.
    #[inline]
    pub(crate) fn row_pair(&mut self, src: usize, dst: usize) -> (&[u64], &mut [u64]) {
        debug_assert_ne!(src, dst);
        let len = self.row_len();
        if src < dst {
            let (lo, hi) = self.data.split_at_mut(dst * len);
            (&lo[src * len..(src + 1) * len], &mut hi[..len])
        } else {
            let (lo, hi) = self.data.split_at_mut(src * len);
            (&hi[..len], &mut lo[dst * len..(dst + 1) * len])
        }
    }
    /// Swap rows `a` and `b`.
    pub(crate) fn swap_rows(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let len = self.row_len();
        let (lo, hi) = (a.min(b), a.max(b));
        let (x, y) = self.data.split_at_mut(hi * len);
        x[lo * len..(lo + 1) * len].swap_with_slice(&mut y[..len]);
    }
    /// Number of set bits, all planes.
    pub(crate) fn count_ones(&self) -> u64 {
        self.data.iter().map(|w| w.count_ones() as u64).sum()
    }
    /// Write the transpose into `out` (zero, `cols x rows`), plane by plane, by 64 x 64 bit-block
    /// transposes.
    pub(crate) fn transpose_into(&self, out: &mut Self) {
        debug_assert!(out.rows == self.cols && out.cols == self.rows);
        let (w, ow) = (self.words_per_row, out.words_per_row);
        let mut block = [0u64; 64];
        for plane in 0..PLANES {
            for bi in 0..self.rows.div_ceil(64) {
                for bj in 0..w {
                    for (k, slot) in block.iter_mut().enumerate() {
                        let r = bi * 64 + k;
                        *slot = if r < self.rows { self.data[r * PLANES * w + plane * w + bj] } else { 0 };
                    }
                    transpose64(&mut block);
                    for (k, &v) in block.iter().enumerate() {
                        let r = bj * 64 + k;
                        if r < self.cols {
                            out.data[r * PLANES * ow + plane * ow + bi] = v;
                        }
                    }
                }
            }
        }
    }
}

/// One plane: entries in `0..2`, row addition by XOR.
impl PackedRows<1> {
    /// `row[dst] ^= row[src]` on words `from_word..` only (earlier words known to be zero in src).
    #[inline]
    pub(crate) fn xor_row_into_from(&mut self, src: usize, dst: usize, from_word: usize) {
        if src == dst {
            self.row_mut(dst)[from_word..].fill(0);
            return;
        }
        let (a, b) = self.row_pair(src, dst);
        for (d, s) in b[from_word..].iter_mut().zip(&a[from_word..]) {
            *d ^= *s;
        }
    }
}

/// Two planes: entries in `0..3`, the ones plane then the twos plane (never both bits set).
impl PackedRows<2> {
    /// The two planes of row `r`.
    #[inline]
    pub(crate) fn planes(&self, r: usize) -> (&[u64], &[u64]) {
        self.row(r).split_at(self.words_per_row)
    }
    /// The two planes of row `r`, mutable: keep them disjoint and the bits past `cols` zero.
    #[inline]
    pub(crate) fn planes_mut(&mut self, r: usize) -> (&mut [u64], &mut [u64]) {
        let w = self.words_per_row;
        self.row_mut(r).split_at_mut(w)
    }
    /// Entry `(r, c)`, in `0..3`.
    #[inline]
    pub(crate) fn trit(&self, r: usize, c: usize) -> u32 {
        self.bit(r, 0, c) as u32 + 2 * self.bit(r, 1, c) as u32
    }
    /// Set an entry known to be in range (`v < 3`).
    #[inline]
    pub(crate) fn put_trit(&mut self, r: usize, c: usize, v: u32) {
        self.set_bit(r, 0, c, v == 1);
        self.set_bit(r, 1, c, v == 2);
    }
    /// Set entry `(r, c)` to `v`; an error unless the position is inside (`outside(r, c, rows,
    /// cols)` says what is wrong) and `v < 3` (the entry is called `what`).
    pub(crate) fn set_trit(
        &mut self,
        r: usize,
        c: usize,
        v: u32,
        what: &'static str,
        outside: fn(usize, usize, usize, usize) -> String,
    ) -> Result<()> {
        if r >= self.rows || c >= self.cols {
            return Err(Error::InvalidArgument(outside(r, c, self.rows, self.cols)));
        }
        if v >= 3 {
            return Err(Error::EntryOutOfRange { what, index: r * self.cols + c, value: v as i64, modulus: 3 });
        }
        self.put_trit(r, c, v);
        Ok(())
    }
}

/// Transpose a 64 x 64 bit matrix (row `k` = word `k`, column `c` = bit `c`) in place by
/// swapping ever smaller off-diagonal blocks.
pub(crate) fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & mask;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

/// A dense GF(2) matrix on the packed-rows layout with one plane: each row packed into
/// `words_per_row` little-endian `u64` words (bit `c % 64` of word `c / 64` is column `c`). Bits
/// past `cols` are always zero.
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
    layout: PackedRows<1>,
}

impl BitMatrix {
    /// The zero matrix; an error if it would exceed [`crate::limits::MAX_DENSE_BYTES`].
    pub fn zeros(rows: usize, cols: usize) -> Result<Self> {
        Ok(BitMatrix { layout: PackedRows::dense("a bit-packed matrix", rows, cols)? })
    }
    layout_accessors!("Words per packed row.", rows);
    /// Entry `(r, c)`.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> bool {
        self.layout.bit(r, 0, c)
    }
    /// Set entry `(r, c)`.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, v: bool) {
        self.layout.set_bit(r, 0, c, v)
    }
    /// Flip entry `(r, c)`.
    #[inline]
    pub fn flip(&mut self, r: usize, c: usize) {
        self.layout.flip_bit(r, 0, c)
    }
    /// All words, row-major, mutable.
    pub fn words_mut(&mut self) -> &mut [u64] {
        self.layout.words_mut()
    }
    /// `row[dst] ^= row[src]`.
    #[inline]
    pub fn xor_row_into(&mut self, src: usize, dst: usize) {
        self.xor_row_into_from(src, dst, 0);
    }
    /// `row[dst] ^= row[src]` on words `from_word..` only (earlier words known to be zero in src).
    #[inline]
    pub fn xor_row_into_from(&mut self, src: usize, dst: usize, from_word: usize) {
        self.layout.xor_row_into_from(src, dst, from_word)
    }
    /// Swap rows `a` and `b`.
    pub fn swap_rows(&mut self, a: usize, b: usize) {
        self.layout.swap_rows(a, b)
    }
    /// The layout, for the elimination kernels.
    pub(crate) fn layout_mut(&mut self) -> &mut PackedRows<1> {
        &mut self.layout
    }
    /// Parity of `row[r] AND v` where `v` is packed like a row.
    pub fn dot_packed(&self, r: usize, v: &[u64]) -> bool {
        self.row(r).iter().zip(v).fold(0u32, |acc, (a, b)| acc ^ (a & b).count_ones()) & 1 == 1
    }
    /// The board after pressing, `lights + M presses` over GF(2) with M these rows (entries 0
    /// or 1, as the caller has checked): light r changes by the parity of row r and the
    /// presses, so no factorisation is needed.
    ///
    /// ```
    /// let mut m = lightsout_core::BitMatrix::zeros(2, 2).unwrap();
    /// (m.set(0, 0, true), m.set(0, 1, true), m.set(1, 1, true));
    /// assert_eq!(m.apply(&[1, 0], &[1, 1]), vec![1, 1]);
    /// ```
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Vec<u32> {
        let packed = pack_bits(presses);
        lights.iter().enumerate().map(|(r, &b)| b ^ self.dot_packed(r, &packed) as u32).collect()
    }
    /// The transpose, by 64 x 64 bit-block transposes (a matrix read column by column, such
    /// as a Fortran-ordered array, becomes its rows this way without a pass over single bits).
    ///
    /// ```
    /// use lightsout_core::BitMatrix;
    /// let mut m = BitMatrix::zeros(2, 70).unwrap();
    /// m.set(1, 69, true);
    /// let t = m.transposed().unwrap();
    /// assert_eq!((t.rows(), t.cols(), t.get(69, 1)), (70, 2, true));
    /// ```
    pub fn transposed(&self) -> Result<BitMatrix> {
        let mut out = BitMatrix::zeros(self.cols(), self.rows())?;
        self.layout.transpose_into(&mut out.layout);
        Ok(out)
    }
    /// Row `r` as 0/1 values.
    pub fn row_values(&self, r: usize) -> Vec<u32> {
        (0..self.cols()).map(|c| self.get(r, c) as u32).collect()
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
