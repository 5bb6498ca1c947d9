//! The reader of boards: a block of entries, where they lie, checked to be 0 or 1 and written
//! as rows of bits.
//!
//! Rows whose entries are 1 or 2 apart, either way (C order, every other entry, reversed) are
//! read row by row; a block whose columns are closer together than its rows (Fortran order) is
//! read down its columns, in its own memory order, in strips of rows tall enough to take whole
//! columns of most boards: 512 columns at a time, each into words of 64 rows, then the 8 squares
//! of 64 x 64 bits side by side transposed together (in vector registers) into the words of 64
//! rows, in the output's own bit order, each row's 64 bytes of them written at once, so no tile
//! of entries is transposed, narrowed and packed in three steps. A bad entry is found by the
//! kernel's one test a row (or a column of a strip), then named by a scan of those rows in C
//! order.

// The unsafe functions here are unsafe throughout (raw pointers into rows whose bounds the
// caller vouches for): their bodies are not split into unsafe blocks one operation at a time.
#![allow(unsafe_op_in_unsafe_fn)]

use super::marks::entry_words;
use super::Entry;
use crate::error::Result;
use crate::features::with_features;
use std::marker::PhantomData;

/// Rows read at a time in Fortran order: whole columns up to this height, so that adjacent
/// columns (one contiguous run of memory in Fortran order) are read straight through, in the
/// array's own memory order; runs of a few thousand entries cut out of longer columns read
/// at about half that speed (measured, 10,000 x 10,000 bytes: 2,048 rows against whole
/// columns; 8,192-row strips 1.1x to 1.6x of whole columns, one thread). The strip's column
/// words (8 bytes for 64 rows of a column, [`SQUARES`] x 64 columns: 640 KiB at 10,000 rows,
/// 1 MiB at most) stay in the second-level cache of a recent processor.
const STRIP: usize = 16384;
/// Squares of 64 x 64 bits side by side that a Fortran-order read transposes at a time, each
/// row's words of them written together: 8 make them 64 bytes a row, a cache line's worth
/// written at once. One square at a time (as before) wrote a row's line one word at a time over
/// 8 passes far apart, each reading the line back from memory: measured, the reader alone on one
/// thread, 10,000 x 10,000 bytes, best 6.2 ms against 10.5 ms (C order 3.5 ms), at a load of 9.
const SQUARES: usize = 8;
/// How many columns ahead of the one being read a Fortran-order read asks for (the next: the
/// processor's own prefetching follows each long run once started).
const COLUMNS_AHEAD: isize = 1;
/// Reads of at least this many entries are shared among threads ([`split_rows`]).
pub const PARALLEL_ENTRIES: usize = 1 << 20;
/// The most threads that share one read: memory bandwidth, not arithmetic, bounds it.
pub const READERS: usize = 4;

/// Where the reader writes rows of bits: [`WordRows`] (the packed-rows layout) or
/// [`PackbitsRows`] (the bytes of `numpy.packbits(a, axis=1)`).
pub trait BitRows {
    /// Rows and columns (bits a row) it holds.
    fn shape(&self) -> (usize, usize);
    /// Row `r` filled by `fill`, which writes its `ceil(cols / 64)` words (entry `c` at bit
    /// `c % 64` of word `c / 64`, the last word's unused bits 0); what `fill` returns.
    fn fill_row(&mut self, r: usize, fill: impl FnOnce(&mut [u64]) -> bool) -> bool;
    /// Word `w` of rows `r..r + words.len()`, one word a row (the last word's unused bits 0).
    fn put_words(&mut self, r: usize, w: usize, words: &[u64]);
    /// Where a Fortran-order read puts column `k` of a square before transposing it: at word
    /// `k ^ SWIZZLE`, so that the transposed words come out in this layout's own bit order.
    const SWIZZLE: usize = 0;
    /// [`BitRows::put_words`] for words transposed from a square whose column `k` was at word
    /// `k ^ SWIZZLE`.
    fn put_swizzled(&mut self, r: usize, w: usize, words: &[u64]) {
        self.put_words(r, w, words);
    }
    /// Words `w..w + side` of rows `r..r + rows.len()`, row `r + i`'s at `rows[i][..side]`
    /// (transposed as for [`BitRows::put_swizzled`]): a row's words go out together, so each of
    /// its cache lines is written whole at once instead of a word at a time over several passes
    /// (which read every line back from memory for each word).
    fn put_squares(&mut self, r: usize, w: usize, rows: &[[u64; SQUARES]], side: usize) {
        for b in 0..side {
            let mut words = [0u64; 64];
            for (o, row) in words.iter_mut().zip(rows) {
                *o = row[b];
            }
            self.put_swizzled(r, w + b, &words[..rows.len()]);
        }
    }
}

/// Rows of bits in the packed-rows layout: `ceil(cols / 64)` words a row.
pub struct WordRows<'a> {
    words: &'a mut [u64],
    cols: usize,
    per_row: usize,
}

impl<'a> WordRows<'a> {
    /// Rows of `cols` bits over `words` (as many rows as whole rows of words fit).
    pub fn new(words: &'a mut [u64], cols: usize) -> Self {
        WordRows { words, cols, per_row: cols.div_ceil(64) }
    }
}

impl BitRows for WordRows<'_> {
    fn shape(&self) -> (usize, usize) {
        (self.words.len().checked_div(self.per_row).unwrap_or(usize::MAX), self.cols)
    }
    #[inline]
    fn fill_row(&mut self, r: usize, fill: impl FnOnce(&mut [u64]) -> bool) -> bool {
        fill(&mut self.words[r * self.per_row..(r + 1) * self.per_row])
    }
    #[inline]
    fn put_words(&mut self, r: usize, w: usize, words: &[u64]) {
        for (i, &word) in words.iter().enumerate() {
            self.words[(r + i) * self.per_row + w] = word;
        }
    }
    #[inline]
    fn put_squares(&mut self, r: usize, w: usize, rows: &[[u64; SQUARES]], side: usize) {
        let out = self.words[r * self.per_row..].chunks_mut(self.per_row);
        for (row, words) in out.zip(rows) {
            row[w..w + side].copy_from_slice(&words[..side]);
        }
    }
}

/// Rows of bits in the layout of `numpy.packbits(a, axis=1)`: `ceil(cols / 8)` bytes a row, the
/// first entry of a byte in its most significant bit, the last byte's unused bits 0.
pub struct PackbitsRows<'a> {
    bytes: &'a mut [u8],
    cols: usize,
    per_row: usize,
    words: Vec<u64>,
}

impl<'a> PackbitsRows<'a> {
    /// Rows of `cols` bits over `bytes` (as many rows as whole rows of bytes fit).
    pub fn new(bytes: &'a mut [u8], cols: usize) -> Self {
        PackbitsRows { bytes, cols, per_row: cols.div_ceil(8), words: vec![0; cols.div_ceil(64)] }
    }
}

impl BitRows for PackbitsRows<'_> {
    fn shape(&self) -> (usize, usize) {
        (self.bytes.len().checked_div(self.per_row).unwrap_or(usize::MAX), self.cols)
    }
    fn fill_row(&mut self, r: usize, fill: impl FnOnce(&mut [u64]) -> bool) -> bool {
        let clean = fill(&mut self.words);
        super::write_packbits_row(&self.words, &mut self.bytes[r * self.per_row..(r + 1) * self.per_row]);
        clean
    }
    #[inline]
    fn put_words(&mut self, r: usize, w: usize, words: &[u64]) {
        let first = r * self.per_row + 8 * w;
        let len = (self.per_row - 8 * w).min(8);
        let at = |i: usize| first + i * self.per_row;
        if len == 8 {
            // Whole words: fixed 8-byte stores.
            for (i, &word) in words.iter().enumerate() {
                self.bytes[at(i)..at(i) + 8].copy_from_slice(&super::packbits_word(word));
            }
        } else {
            for (i, &word) in words.iter().enumerate() {
                self.bytes[at(i)..at(i) + len].copy_from_slice(&super::packbits_word(word)[..len]);
            }
        }
    }
    /// Column `k` at word `k ^ 7` (the columns of each byte in reverse): the transpose then
    /// puts each byte's first column in its top bit, the packbits order, with no bits to
    /// reverse as the words are stored.
    const SWIZZLE: usize = 7;
    #[inline]
    fn put_swizzled(&mut self, r: usize, w: usize, words: &[u64]) {
        let first = r * self.per_row + 8 * w;
        let len = (self.per_row - 8 * w).min(8);
        let rows = self.bytes[first..].chunks_mut(self.per_row);
        if len == 8 {
            // Whole words: fixed 8-byte stores.
            for (row, &word) in rows.zip(words) {
                row[..8].copy_from_slice(&word.to_le_bytes());
            }
        } else {
            for (row, &word) in rows.zip(words) {
                row[..len].copy_from_slice(&word.to_le_bytes()[..len]);
            }
        }
    }
    #[inline]
    fn put_squares(&mut self, r: usize, w: usize, rows: &[[u64; SQUARES]], side: usize) {
        // Whole words as 8 bytes each (swizzled: each word's bytes in packbits order already);
        // the last word of a row may be cut short.
        let first = r * self.per_row + 8 * w;
        let bytes = (self.per_row - 8 * w).min(8 * side);
        for (row, words) in self.bytes[first..].chunks_mut(self.per_row).zip(rows) {
            for (o, word) in row[..bytes].chunks_mut(8).zip(words) {
                o.copy_from_slice(&word.to_le_bytes()[..o.len()]);
            }
        }
    }
}

/// `rows x cols` entries where they lie: entry `(r, c)` at `first + r * rs + c * cs` (strides
/// in entries, either sign), borrowed for `'a`.
#[derive(Clone, Copy)]
pub struct Block<'a, T> {
    pub(super) first: *const T,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) rs: isize,
    pub(super) cs: isize,
    entries: PhantomData<&'a [T]>,
}

// SAFETY: a block only reads its entries, which it borrows as a shared slice would.
unsafe impl<T: Sync> Sync for Block<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Send for Block<'_, T> {}

impl<'a, T: Entry> Block<'a, T> {
    /// The `rows x cols` entries of a slice in C order.
    ///
    /// ```
    /// use lightsout_core::pack::{Block, WordRows};
    /// let entries = [1u16, 0, 1, 0, 1, 1];
    /// let mut words = [0u64; 2];
    /// Block::new(&entries, 2, 3).unwrap().read_bits(&mut WordRows::new(&mut words, 3)).unwrap();
    /// assert_eq!(words, [0b101, 0b110]);
    /// let bad = [0i8, 1, -1, 0];
    /// let e = Block::new(&bad, 2, 2).unwrap().read_bits(&mut WordRows::new(&mut words, 2));
    /// assert_eq!(e, Err((2, -1)));
    /// assert!(Block::new(&entries, 4, 2).is_err());
    /// ```
    pub fn new(entries: &'a [T], rows: usize, cols: usize) -> Result<Self> {
        super::expect_len("block entries (rows x cols)", "block", rows, cols, entries.len())?;
        // SAFETY: the slice holds the `rows x cols` entries in C order.
        Ok(unsafe { Self::from_raw(entries.as_ptr(), rows, cols, cols as isize, 1) })
    }

    /// The block of entries at `first + r * rs + c * cs` (strides in entries, either sign: a
    /// numpy view where it lies).
    ///
    /// # Safety
    /// For every `r < rows` and `c < cols`, `first.offset(r * rs + c * cs)` must be a readable,
    /// aligned entry of `T`, unwritten while the block (lifetime `'a`) lives.
    pub unsafe fn from_raw(first: *const T, rows: usize, cols: usize, rs: isize, cs: isize) -> Self {
        Block { first, rows, cols, rs, cs, entries: PhantomData }
    }

    /// Its rows and columns.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Every entry into `out` as a bit, row `r` of the block into row `r` of `out`, each
    /// checked to be 0 or 1: the first that is not, in C order, as its index in the block
    /// (`r * cols + c`) with its value (rows before it written, the rest not).
    ///
    /// # Panics
    /// If `out` has another number of columns or fewer rows than the block.
    pub fn read_bits(&self, out: &mut impl BitRows) -> std::result::Result<(), (usize, T)> {
        let (out_rows, out_cols) = out.shape();
        assert!(
            out_cols == self.cols && out_rows >= self.rows,
            "{} x {} entries into {out_rows} rows of {out_cols} bits",
            self.rows,
            self.cols
        );
        let Block { first, rows, cols, rs, cs, .. } = *self;
        if rows == 0 || cols == 0 {
            return Ok(());
        }
        let by_rows = cs == 1 || cs == 2 || rs.unsigned_abs() >= cs.unsigned_abs() || rows == 1;
        if by_rows {
            // Rows that do not follow one another in memory (reversed, every other row of a
            // larger array): the next row is asked for as this one is read, so that it starts
            // in the cache (the processor's prefetching follows a run, not a jump between runs:
            // measured, 10,000 x 10,000 bytes with the rows reversed, 13.7 ms without, 4 to 5 ms
            // with, C order 3.6 ms).
            let ahead = if rs == cols as isize * cs { 0 } else { rs };
            for r in 0..rows {
                // SAFETY: row `r` of the block (`from_raw`).
                let at = unsafe { first.offset(r as isize * rs) };
                // SAFETY: the row's `cols` entries are `cs` apart.
                if !out.fill_row(r, |words| unsafe { entry_words(at, cs, cols, words, ahead) }) {
                    return Err(self.first_bad(r, r + 1, 2));
                }
            }
            return Ok(());
        }
        let mut columns = vec![0u64; 64 * SQUARES * STRIP.min(rows).div_ceil(64)];
        for r0 in (0..rows).step_by(STRIP) {
            let r1 = (r0 + STRIP).min(rows);
            // SAFETY: rows `r0..r1` of the block.
            if !unsafe { self.columns_into(r0, r1, &mut columns, out) } {
                return Err(self.first_bad(r0, r1, 2));
            }
        }
        Ok(())
    }

    /// Rows `r0..r1` read down their columns (see the module docs) into `out`, through
    /// `columns` (room for [`SQUARES`] x 64 columns of `r1 - r0` bits): [`SQUARES`] squares side
    /// by side at a time, so that each row's words from them are written together; whether
    /// every entry is 0 or 1.
    ///
    /// # Safety
    /// Rows `r0..r1` must be rows of the block.
    unsafe fn columns_into<B: BitRows>(&self, r0: usize, r1: usize, columns: &mut [u64], out: &mut B) -> bool {
        let (height, cols, cs) = (r1 - r0, self.cols, self.cs);
        let first = self.first.offset(r0 as isize * self.rs);
        let per_column = height.div_ceil(64);
        let mut clean = true;
        // Word `k` of the `SQUARES` squares side by side together (`group[k][b]`: square
        // `b`'s), so that they are transposed all at once and a row's words come out together.
        let mut group = [[0u64; SQUARES]; 64];
        for c0 in (0..cols).step_by(64 * SQUARES) {
            let width = (cols - c0).min(64 * SQUARES);
            for (k, words) in columns.chunks_exact_mut(per_column).take(width).enumerate() {
                // The processor is asked for the column `COLUMNS_AHEAD` further on as this one
                // is read, so that each run starts in the cache.
                let column = first.offset((c0 + k) as isize * cs);
                clean &= entry_words(column, self.rs, height, words, COLUMNS_AHEAD * cs);
            }
            let side = width.div_ceil(64);
            for w in 0..per_column {
                if width < 64 * SQUARES {
                    // Columns past the block are 0 (the last transpose left its words here).
                    group = [[0; SQUARES]; 64];
                }
                for k in 0..width {
                    group[(k % 64) ^ B::SWIZZLE][k / 64] = columns[k * per_column + w];
                }
                transpose_group(&mut group);
                let height = (height - 64 * w).min(64);
                out.put_squares(r0 + 64 * w, c0 / 64, &group[..height], side);
            }
        }
        clean
    }

    /// The first entry of rows `r0..r1` in C order that is not below `p`, by its index in the
    /// block, with its value (the rows have one).
    pub(super) fn first_bad(&self, r0: usize, r1: usize, p: u64) -> (usize, T) {
        let ok = T::max_ok(p);
        for r in r0..r1 {
            for c in 0..self.cols {
                // SAFETY: an entry of the block.
                let v = unsafe { *self.first.offset(r as isize * self.rs + c as isize * self.cs) };
                if v.bits() > ok {
                    return (r * self.cols + c, v);
                }
            }
        }
        unreachable!("first_bad is called on rows with a bad entry")
    }
}

with_features! {
    /// Each of the [`SQUARES`] 64 x 64 bit squares of a group transposed (word `k` of square
    /// `b` at `group[k][b]`): [`transpose_group_portable`], with AVX2 where the processor has it.
    fn transpose_group(group: &mut [[u64; SQUARES]; 64]) = transpose_group_portable if ["avx2"]
}

/// [`transpose_group`]: the squares side by side go through the steps of the one-square
/// transpose (`crate::bitmatrix::transpose64`) together, the same operation on word `k` of every
/// square, which the compiler turns into whole vector registers (4 squares a register with
/// AVX2, 2 with SSE2) with no shuffles. Measured, the reader alone on one thread, 10,000 x
/// 10,000 bytes in Fortran order: best 5.5 ms (median 10.7) against 7.1 ms (median 16.0) with
/// one square at a time in SSE2 registers (shuffles in its last step), 6 alternated runs at a
/// load of 5 to 9; C order 3.6 ms.
#[inline(always)]
fn transpose_group_portable(group: &mut [[u64; SQUARES]; 64]) {
    macro_rules! level {
        ($j:literal, $mask:expr) => {{
            for k in (0..64).filter(|k| k & $j == 0) {
                for b in 0..SQUARES {
                    let (x, y) = (group[k][b], group[k + $j][b]);
                    let t = ((x >> $j) ^ y) & $mask;
                    group[k][b] = x ^ (t << $j);
                    group[k + $j][b] = y ^ t;
                }
            }
        }};
    }
    level!(32, 0x0000_0000_FFFF_FFFFu64);
    level!(16, 0x0000_FFFF_0000_FFFFu64);
    level!(8, 0x00FF_00FF_00FF_00FFu64);
    level!(4, 0x0F0F_0F0F_0F0F_0F0Fu64);
    level!(2, 0x3333_3333_3333_3333u64);
    level!(1, 0x5555_5555_5555_5555u64);
}

/// `rows` rows of a read (of `entries` entries in all) done by `read(start, end, part)`: on a
/// large read ([`PARALLEL_ENTRIES`] or more) shared among up to [`READERS`] of rayon's threads,
/// each share a multiple of `align` rows where the rows allow, each reading its rows into its
/// own `part` of `out` (`row_out` places a row). A share stops at its first error, and the
/// first share with one gives its error, so an error names the first bad entry in C order.
///
/// ```
/// use lightsout_core::pack::split_rows;
/// let mut out = vec![0u32; 8];
/// let read = |start: usize, _end: usize, part: &mut [u32]| {
///     for (i, o) in part.iter_mut().enumerate() {
///         *o = (start + i) as u32;
///     }
///     if start > 8 { Err(start) } else { Ok(()) }
/// };
/// assert_eq!(split_rows(8, 8, 1, &mut out, 1, read), Ok(()));
/// assert_eq!(out, [0, 1, 2, 3, 4, 5, 6, 7]);
/// ```
pub fn split_rows<X: Send, E: Send>(
    rows: usize,
    entries: usize,
    align: usize,
    out: &mut [X],
    row_out: usize,
    read: impl Fn(usize, usize, &mut [X]) -> std::result::Result<(), E> + Sync,
) -> std::result::Result<(), E> {
    use rayon::prelude::*;
    if rows == 0 {
        return Ok(());
    }
    let threads = match entries >= PARALLEL_ENTRIES {
        true => rayon::current_num_threads().min(READERS).min(rows),
        false => 1,
    };
    if threads <= 1 || row_out == 0 {
        return read(0, rows, out);
    }
    let share = rows.div_ceil(threads).next_multiple_of(align.max(1)).min(rows);
    out[..rows * row_out]
        .par_chunks_mut(share * row_out)
        .enumerate()
        .map(|(t, part)| read(t * share, ((t + 1) * share).min(rows), part))
        .find_first(std::result::Result::is_err)
        .unwrap_or(Ok(()))
}

#[cfg(test)]
mod tests;
