//! The reader of values: a [`Block`] of entries, where they lie, each checked to lie in `0..p`
//! and written narrowed to a [`Value`] (`u8`, `u16`, `u32`) as rows of values, the first bad
//! entry in C order coming back. The reader of bits ([`Block::read_bits`]) is its modulus-2
//! sibling into packed rows.
//!
//! Rows whose entries are 1 or 2 apart are read as slices (the loop the compiler vectorises);
//! a block whose columns are closer together than its rows (Fortran order) is read down its
//! columns in bands of `BLOCK x BLOCK` entries, a `TILE x TILE` tile at a time (each column
//! narrowed into the tile, the tile then transposed into the rows, see [`Value::transpose`]),
//! so it costs one pass in its own memory order; anything else row by row through the strides.

// The unsafe functions here are unsafe throughout (raw pointers into rows whose bounds the
// caller vouches for): their bodies are not split into unsafe blocks one operation at a time.
#![allow(unsafe_op_in_unsafe_fn)]

use super::{Block, Entry};

/// Rows and columns of a tile where a block is walked down its columns.
const TILE: usize = 64;
/// Rows of a band read at once in C order (a bad entry stops the read at the band).
const BAND: usize = 64;
/// Rows and columns of a band in Fortran order (a multiple of `TILE`): a band's columns are
/// read in runs of this many entries and its rows written whole cache lines long, while the
/// band stays in the second-level cache.
const BLOCK: usize = 512;
/// How many tiles ahead of the one being read a Fortran-order read asks for the next.
const AHEAD: usize = 2;

/// The types a checked entry is written as: one light's state.
pub trait Value: Copy + Send + Sync + 'static {
    /// `v` (below the modulus, so it fits) in this type.
    fn narrow(v: u64) -> Self;

    /// A tile read down its columns (column `j`'s `height` entries from `tile[j * TILE]`) into
    /// `height` rows of `width` entries, `stride` apart in `out`.
    fn transpose(tile: &[Self; TILE * TILE], height: usize, width: usize, out: &mut [Self], stride: usize) {
        transpose_part(tile, 0..height, 0..width, out, stride);
    }
}

macro_rules! value {
    ($($t:ty),*) => {
        $(impl Value for $t {
            #[inline]
            fn narrow(v: u64) -> Self {
                v as $t
            }
        })*
    };
}
value!(u16, u32);

impl Value for u8 {
    #[inline]
    fn narrow(v: u64) -> Self {
        v as u8
    }

    /// Whole 16 x 16 blocks in SSE2 registers (part of every x86-64 processor), the edges entry
    /// by entry.
    fn transpose(tile: &[u8; TILE * TILE], height: usize, width: usize, out: &mut [u8], stride: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let (whole_rows, whole_cols) = (height / 16 * 16, width / 16 * 16);
            for i0 in (0..whole_rows).step_by(16) {
                for j0 in (0..whole_cols).step_by(16) {
                    transpose16(tile, i0, j0, out, stride);
                }
            }
            transpose_part(tile, 0..whole_rows, whole_cols..width, out, stride);
            transpose_part(tile, whole_rows..height, 0..width, out, stride);
        }
        #[cfg(not(target_arch = "x86_64"))]
        transpose_part(tile, 0..height, 0..width, out, stride);
    }
}

/// Rows `rows` and columns `cols` of [`Value::transpose`], entry by entry.
fn transpose_part<O: Copy>(
    tile: &[O; TILE * TILE],
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
    out: &mut [O],
    stride: usize,
) {
    for i in rows {
        let row = &mut out[i * stride..][cols.clone()];
        for (o, j) in row.iter_mut().zip(cols.clone()) {
            *o = tile[j * TILE + i];
        }
    }
}

/// The 16 x 16 block of a tile at row `i0`, column `j0` of [`Value::transpose`]: each round
/// interleaves register `k` with register `k + 8`, which moves the top bit of an entry's
/// (register, byte) index to the bottom of the eight, so four rounds swap the register and the
/// byte, row and column.
#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)]
fn transpose16(tile: &[u8; TILE * TILE], i0: usize, j0: usize, out: &mut [u8], stride: usize) {
    use std::arch::x86_64::{
        __m128i, _mm_loadu_si128, _mm_setzero_si128, _mm_storeu_si128, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };
    // SAFETY: SSE2 is part of x86-64; each load and store touches the 16 bytes of a slice.
    unsafe {
        let mut regs: [__m128i; 16] = [_mm_setzero_si128(); 16];
        for (j, reg) in regs.iter_mut().enumerate() {
            *reg = _mm_loadu_si128(tile[(j0 + j) * TILE + i0..][..16].as_ptr().cast());
        }
        for _ in 0..4 {
            let mut next = [_mm_setzero_si128(); 16];
            for k in 0..8 {
                next[2 * k] = _mm_unpacklo_epi8(regs[k], regs[k + 8]);
                next[2 * k + 1] = _mm_unpackhi_epi8(regs[k], regs[k + 8]);
            }
            regs = next;
        }
        for (i, reg) in regs.iter().enumerate() {
            _mm_storeu_si128(out[(i0 + i) * stride + j0..][..16].as_mut_ptr().cast(), *reg);
        }
    }
}

/// One entry narrowed into `o`, `bad` set when its bits are above `ok` (see [`Entry::max_ok`]).
#[inline(always)]
fn put<T: Entry, O: Value>(v: T, o: &mut O, bad: &mut bool, ok: T::Bits) {
    let b = v.bits();
    *bad |= b > ok;
    *o = O::narrow(b.into());
}

impl<T: Entry> Block<'_, T> {
    /// Every entry into `out` narrowed to `O`, row `r` of the block at `out[r * stride..]`,
    /// each checked to lie in `0..p`: the first that does not, in C order, as its index in the
    /// block (`r * cols + c`) with its value (what is written of `out` then is unspecified).
    ///
    /// ```
    /// use lightsout_core::pack::Block;
    /// let entries = [1i64, 0, 2, 0, 1, 1];
    /// let mut out = [9u8; 8];
    /// Block::new(&entries, 2, 3).unwrap().read_values(3, &mut out, 4).unwrap();
    /// assert_eq!(out, [1, 0, 2, 9, 0, 1, 1, 9]);
    /// let e = Block::new(&entries, 2, 3).unwrap().read_values(2, &mut out, 4);
    /// assert_eq!(e, Err((2, 2)));
    /// ```
    ///
    /// # Panics
    /// If `stride` is below the block's columns or `out` is too short for its rows.
    pub fn read_values<O: Value>(&self, p: u64, out: &mut [O], stride: usize) -> Result<(), (usize, T)> {
        let Block { first, rows, cols, rs, cs, .. } = *self;
        if rows == 0 || cols == 0 {
            return Ok(());
        }
        assert!(
            stride >= cols && out.len() >= (rows - 1) * stride + cols,
            "{rows} x {cols} entries into {} places {stride} a row",
            out.len()
        );
        let by_columns = rs.unsigned_abs() < cs.unsigned_abs() && rows > 1;
        let (band_rows, run) = if by_columns { (BLOCK, BLOCK) } else { (BAND, cols) };
        for r0 in (0..rows).step_by(band_rows) {
            let r1 = (r0 + band_rows).min(rows);
            for c0 in (0..cols).step_by(run) {
                let width = (c0 + run).min(cols) - c0;
                // SAFETY: rows `r0..r1` and columns `c0..c0 + width` of the block (`from_raw`).
                let at = unsafe { first.offset(r0 as isize * rs + c0 as isize * cs) };
                let into = &mut out[r0 * stride + c0..];
                // SAFETY: as above.
                if unsafe { !band_values(at, r1 - r0, width, rs, cs, into, stride, p) } {
                    return Err(self.first_bad(r0, r1, p));
                }
            }
        }
        Ok(())
    }
}

/// Ask the processor to bring `cols` columns of `rows` contiguous entries, `cs` apart from
/// `first`, into the cache (a hint: nothing is read, an address past the array is harmless).
#[inline]
#[allow(unused_unsafe)]
fn prefetch_columns<T>(first: *const T, rows: usize, cols: usize, cs: isize) {
    #[cfg(target_arch = "x86_64")]
    for j in 0..cols {
        let column = first.wrapping_offset(j as isize * cs).cast::<i8>();
        for byte in (0..rows * size_of::<T>()).step_by(64) {
            // SAFETY: a prefetch reads nothing and never faults.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(column.wrapping_add(byte)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (first, rows, cols, cs);
}

/// One `rows x cols` band at `base` into `out` (row `i` at `out[i * stride..]`), as the module
/// docs say; whether every entry lies in `0..p`.
///
/// # Safety
/// `base` with `rows`, `cols`, `rs` and `cs` must address readable entries of `T`.
#[allow(clippy::too_many_arguments)]
unsafe fn band_values<T: Entry, O: Value>(
    base: *const T,
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
    out: &mut [O],
    stride: usize,
    p: u64,
) -> bool {
    let ok = T::max_ok(p);
    let mut bad = false;
    if cs == 1 {
        for i in 0..rows {
            let row = std::slice::from_raw_parts(base.offset(i as isize * rs), cols);
            for (o, &v) in out[i * stride..i * stride + cols].iter_mut().zip(row) {
                put(v, o, &mut bad, ok);
            }
        }
    } else if cs == 2 {
        // Every other entry (`a[:, ::2]`, `big[::2, ::2]`): pairs, the first of each kept.
        for i in 0..rows {
            let row = base.offset(i as isize * rs);
            for (j, o) in out[i * stride..i * stride + cols].iter_mut().enumerate() {
                put(*row.add(2 * j), o, &mut bad, ok);
            }
        }
    } else if rs.unsigned_abs() < cs.unsigned_abs() {
        let mut tile = [O::narrow(0); TILE * TILE];
        let tiles_down = rows.div_ceil(TILE);
        for (block, c0) in (0..cols).step_by(TILE).enumerate() {
            let width = (c0 + TILE).min(cols) - c0;
            for (down, r0) in (0..rows).step_by(TILE).enumerate() {
                let height = (r0 + TILE).min(rows) - r0;
                // Ask for the tile `AHEAD` further in this order while this one is read: each
                // column of a tile is a short run of its own (a cache line for bytes), too many
                // at once for the processor's own prefetching to follow.
                let ahead = block * tiles_down + down + AHEAD;
                let (c, r) = (ahead / tiles_down * TILE, ahead % tiles_down * TILE);
                if rs == 1 && c < cols {
                    let first = base.wrapping_offset(r as isize + c as isize * cs);
                    prefetch_columns(first, (rows - r).min(TILE), (cols - c).min(TILE), cs);
                }
                for jj in 0..width {
                    let col = base.offset(r0 as isize * rs + (c0 + jj) as isize * cs);
                    let into = &mut tile[jj * TILE..jj * TILE + height];
                    if rs == 1 {
                        for (o, &v) in into.iter_mut().zip(std::slice::from_raw_parts(col, height)) {
                            put(v, o, &mut bad, ok);
                        }
                    } else {
                        for (i, o) in into.iter_mut().enumerate() {
                            put(*col.offset(i as isize * rs), o, &mut bad, ok);
                        }
                    }
                }
                O::transpose(&tile, height, width, &mut out[r0 * stride + c0..], stride);
            }
        }
    } else {
        for i in 0..rows {
            for (j, o) in out[i * stride..i * stride + cols].iter_mut().enumerate() {
                put(*base.offset(i as isize * rs + j as isize * cs), o, &mut bad, ok);
            }
        }
    }
    !bad
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layout (C order, every other entry, Fortran order, negative strides, a stride of
    /// three) of every width agrees with entry by entry, with and without a bad entry.
    #[test]
    fn every_layout_agrees_with_entry_by_entry() {
        for (rows, cols) in [(1, 1), (3, 17), (65, 130), (70, 64), (600, 530)] {
            let (h, w) = (2 * rows + 1, 3 * cols + 1);
            let buf: Vec<i32> = (0..h * w).map(|i| (((i * 2654435761usize) >> 9) % 5) as i32).collect();
            let layouts: [(usize, isize, isize); 6] = [
                (0, w as isize, 1),
                (0, w as isize, 2),
                (0, 1, h as isize),
                (0, 2, h as isize),
                ((h - 1) * w + w - 1, -(w as isize), -1),
                (1, w as isize, 3),
            ];
            for (first, rs, cs) in layouts {
                let expected: Vec<u32> = (0..rows * cols)
                    .map(|i| {
                        buf[(first as isize + (i / cols) as isize * rs + (i % cols) as isize * cs) as usize] as u32
                    })
                    .collect();
                // SAFETY: every entry lies in `buf` (the buffer is twice and thrice the block).
                let block = unsafe { Block::from_raw(buf.as_ptr().add(first), rows, cols, rs, cs) };
                let mut out = vec![0u16; rows * (cols + 3)];
                block.read_values(5, &mut out, cols + 3).unwrap();
                let got: Vec<u32> = (0..rows * cols).map(|i| out[(i / cols) * (cols + 3) + i % cols] as u32).collect();
                assert_eq!(got, expected, "{rows} x {cols}, strides {rs}, {cs}");
                let mut bytes = vec![0u8; rows * cols];
                block.read_values(5, &mut bytes, cols).unwrap();
                assert!(bytes.iter().zip(&expected).all(|(&b, &e)| b as u32 == e));
                let bad = expected.iter().position(|&v| v >= 3).map(|i| (i, expected[i] as i32));
                assert_eq!(block.read_values(3, &mut bytes, cols).err(), bad, "{rows} x {cols}, {rs}, {cs}");
            }
        }
    }
}
