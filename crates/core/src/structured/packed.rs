//! Bit-packed GF(2) boards for boards too large for one byte per light, and the chase on them.
//! A board is a [`PackedRows`] of one plane, the layout of [`crate::BitMatrix`].

use crate::bitmatrix::{layout_accessors, PackedRows};
use crate::error::{Error, Result};
use crate::limits::check_lights;
use rayon::prelude::*;

/// A GF(2) board of `rows x cols` lights, each row packed into `words_per_row = ceil(cols / 64)`
/// `u64` words: light `(r, c)` is bit `c % 64` (least significant first) of word
/// `r * words_per_row + c / 64`. Bits past `cols` in a row are always zero.
///
/// A 100,000 x 100,000 board (10^10 lights) takes 1.25 GB. [`PackedBoard::from_packbits`] and
/// [`PackedBoard::to_packbits`] convert from and to the layout of `numpy.packbits(board, axis=1)`
/// (each row padded to whole bytes, most significant bit first) in one pass.
///
/// ```
/// use lightsout_core::structured::PackedBoard;
/// let b = PackedBoard::from_packbits(2, 10, &[0b1000_0000, 0b0100_0000, 0, 0b1100_0000]).unwrap();
/// assert!(b.get(0, 0) && b.get(0, 9) && b.get(1, 8) && b.get(1, 9));
/// assert_eq!(b.count_ones(), 4);
/// assert_eq!(b.to_packbits(), vec![0b1000_0000, 0b0100_0000, 0, 0b1100_0000]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PackedBoard {
    layout: PackedRows<1>,
}

/// Bytes of packbits rows a thread converts at least: a board of a few rows stays on one
/// thread, a 10^10-light one (1.25 GB) runs on all of them.
const ROWS_MIN_BYTES: usize = 1 << 16;

impl PackedBoard {
    /// The dark board.
    pub fn zeros(rows: usize, cols: usize) -> Result<Self> {
        check_lights("a packed board", rows as u128 * cols as u128)?;
        Ok(PackedBoard {
            layout: PackedRows::zeros_with(rows, cols, |len| crate::buffer::zeroed("a packed board", len))?,
        })
    }

    /// The board of `rows x cols` lights whose words `fill` writes, `words_per_row` a row (light
    /// `(r, c)` at bit `c % 64` of word `r * words_per_row + c / 64`), starting from the dark
    /// board: how a reader that writes these rows itself (a binding reading an array where it
    /// lies, through [`crate::pack::WordRows`]) makes a board with no copy between. Bits it sets
    /// past `cols` are cleared after; its error comes back as it is.
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// let b = PackedBoard::filled(2, 3, |words| {
    ///     words.copy_from_slice(&[0b101, 0b1110]);
    ///     Ok::<(), lightsout_core::Error>(())
    /// })
    /// .unwrap();
    /// assert_eq!(b.to_values(), [1, 0, 1, 0, 1, 1]);
    /// ```
    pub fn filled<E: From<Error>>(
        rows: usize,
        cols: usize,
        fill: impl FnOnce(&mut [u64]) -> std::result::Result<(), E>,
    ) -> std::result::Result<Self, E> {
        let mut b = Self::zeros(rows, cols)?;
        fill(b.words_mut())?;
        let (wpr, spare) = (cols.div_ceil(64), cols % 64);
        if spare != 0 {
            for row in b.words_mut().chunks_exact_mut(wpr) {
                row[wpr - 1] &= (1u64 << spare) - 1;
            }
        }
        Ok(b)
    }

    /// The presses of [`crate::field::random_presses`]`(Modulus::TWO, rows * cols, seed)`, bit
    /// packed: the same presses for the same seed, drawn on every thread.
    ///
    /// ```
    /// use lightsout_core::{field, structured::PackedBoard, Modulus};
    /// let presses = PackedBoard::random_presses(3, 70, 9).unwrap();
    /// assert_eq!(presses.to_values(), field::random_presses(Modulus::TWO, 210, 9));
    /// ```
    pub fn random_presses(rows: usize, cols: usize, seed: u64) -> Result<Self> {
        let mut b = Self::zeros(rows, cols)?;
        super::random_bits::fill(&mut b, seed, super::random_bits::chunk_words(rows * cols));
        Ok(b)
    }

    /// From row-major 0/1 values (anything else is an error).
    pub fn from_values(rows: usize, cols: usize, values: &[u32]) -> Result<Self> {
        let expected = rows.checked_mul(cols).ok_or(Error::InvalidArgument("board size overflows".into()))?;
        if values.len() != expected {
            return Err(Error::DimensionMismatch { what: "board values", expected, got: values.len() });
        }
        let mut b = Self::zeros(rows, cols)?;
        for (i, &v) in values.iter().enumerate() {
            match v {
                0 => {}
                1 => b.set(i / cols, i % cols, true),
                _ => return Err(Error::EntryOutOfRange { what: "board", index: i, value: v as i64, modulus: 2 }),
            }
        }
        Ok(b)
    }

    /// Row-major 0/1 values.
    pub fn to_values(&self) -> Vec<u32> {
        (0..self.rows()).flat_map(|r| (0..self.cols()).map(move |c| self.get(r, c) as u32)).collect()
    }

    /// From the bytes of `numpy.packbits(board, axis=1)`: `ceil(cols / 8)` bytes per row, the
    /// first light of each byte in its most significant bit, padding bits ignored.
    pub fn from_packbits(rows: usize, cols: usize, bytes: &[u8]) -> Result<Self> {
        let bpr = cols.div_ceil(8);
        let expected = rows.checked_mul(bpr).ok_or(Error::InvalidArgument("board size overflows".into()))?;
        if bytes.len() != expected {
            return Err(Error::DimensionMismatch { what: "packbits bytes", expected, got: bytes.len() });
        }
        let mut b = Self::zeros(rows, cols)?;
        if bpr > 0 {
            let wpr = cols.div_ceil(64);
            let tasks = b.words_mut().par_chunks_mut(wpr).zip(bytes.par_chunks(bpr));
            tasks.with_min_len(ROWS_MIN_BYTES.div_ceil(bpr)).for_each(|(words, row)| {
                crate::pack::packbits_row(row, words, cols);
            });
        }
        Ok(b)
    }

    /// The bytes of `numpy.packbits(board, axis=1)` (see [`PackedBoard::from_packbits`]).
    pub fn to_packbits(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.rows() * self.cols().div_ceil(8)];
        self.write_packbits(&mut out).expect("the buffer has the packbits length");
        out
    }

    /// [`PackedBoard::to_packbits`] into a buffer of the caller's (for example the board the
    /// presses replace), `rows * ceil(cols / 8)` bytes.
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// let b = PackedBoard::from_values(2, 10, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    /// let mut out = [0xffu8; 4];
    /// b.write_packbits(&mut out).unwrap();
    /// assert_eq!(out, [0b1000_0000, 0b0100_0000, 0b0100_0000, 0]);
    /// assert!(b.write_packbits(&mut [0u8; 3]).is_err());
    /// ```
    pub fn write_packbits(&self, out: &mut [u8]) -> Result<()> {
        let bpr = self.cols().div_ceil(8);
        if out.len() != self.rows() * bpr {
            return Err(Error::DimensionMismatch {
                what: "packbits bytes",
                expected: self.rows() * bpr,
                got: out.len(),
            });
        }
        if bpr == 0 {
            return Ok(());
        }
        let tasks = out.par_chunks_exact_mut(bpr).zip(self.layout.words().par_chunks(self.cols().div_ceil(64)));
        tasks
            .with_min_len(ROWS_MIN_BYTES.div_ceil(bpr))
            .for_each(|(dst, row)| crate::pack::write_packbits_row(row, dst));
        Ok(())
    }

    /// `self += M presses` over GF(2) on the `rows x cols` grid with cut-off edges: every light
    /// changes with its up to four neighbours' presses and, with `self_toggle`, its own. The
    /// rows are shared out over every thread (a 10^10-light board is 1.25 GB of words).
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// let mut board = PackedBoard::zeros(3, 3).unwrap();
    /// let mut centre = PackedBoard::zeros(3, 3).unwrap();
    /// centre.set(1, 1, true);
    /// board.press_grid(&centre, true).unwrap();
    /// assert_eq!(board.to_values(), [0, 1, 0, 1, 1, 1, 0, 1, 0]);
    /// assert!(board.press_grid(&PackedBoard::zeros(3, 4).unwrap(), true).is_err());
    /// ```
    pub fn press_grid(&mut self, presses: &PackedBoard, self_toggle: bool) -> Result<()> {
        if (presses.rows(), presses.cols()) != (self.rows(), self.cols()) {
            return Err(Error::InvalidArgument(format!(
                "the presses are {} x {} and the board {} x {}: they must have the same shape",
                presses.rows(),
                presses.cols(),
                self.rows(),
                self.cols()
            )));
        }
        let (rows, cols, w) = (self.rows(), self.cols(), self.words_per_row());
        if w == 0 {
            return Ok(());
        }
        let min_rows = (ROWS_MIN_BYTES / 8).div_ceil(w);
        self.words_mut().par_chunks_mut(w).enumerate().with_min_len(min_rows).for_each(|(r, out)| {
            let up = (r > 0).then(|| presses.row(r - 1));
            let down = (r + 1 < rows).then(|| presses.row(r + 1));
            add_row_press(cols, self_toggle, presses.row(r), up, down, out);
        });
        Ok(())
    }

    /// `lights + M presses` over GF(2) on the `rows x cols` grid with cut-off edges (see
    /// [`PackedBoard::press_grid`]), all three boards in the layout of
    /// `numpy.packbits(board, axis=1)` (see [`PackedBoard::from_packbits`]). Streamed a row at
    /// a time on every thread into `out`: no packed copy of either board is made (on a 10^10-light
    /// board, the fresh pages of such copies cost more than the press itself).
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// // 3 x 3, the centre pressed on a board with the top-left corner lit.
    /// let mut after = [0u8; 3];
    /// PackedBoard::press_grid_packbits(3, 3, true, &[0x80, 0, 0], &[0, 0x40, 0], &mut after).unwrap();
    /// assert_eq!(after, [0b1100_0000, 0b1110_0000, 0b0100_0000]);
    /// assert!(PackedBoard::press_grid_packbits(3, 3, true, &[0; 3], &[0; 2], &mut after).is_err());
    /// ```
    pub fn press_grid_packbits(
        rows: usize,
        cols: usize,
        self_toggle: bool,
        lights: &[u8],
        presses: &[u8],
        out: &mut [u8],
    ) -> Result<()> {
        check_lights("a packed board", rows as u128 * cols as u128)?;
        let bpr = cols.div_ceil(8);
        for (what, len) in
            [("packbits lights", lights.len()), ("packbits presses", presses.len()), ("packbits result", out.len())]
        {
            if len != rows * bpr {
                return Err(Error::DimensionMismatch { what, expected: rows * bpr, got: len });
            }
        }
        if bpr == 0 {
            return Ok(());
        }
        let w = cols.div_ceil(64);
        let band = ROWS_MIN_BYTES.div_ceil(bpr).max(1);
        out.par_chunks_mut(band * bpr).enumerate().for_each(|(k, chunk)| {
            let first = k * band;
            let load = |r: usize, words: &mut [u64]| {
                crate::pack::packbits_row(&presses[r * bpr..(r + 1) * bpr], words, cols);
            };
            let (mut up, mut here, mut down, mut lit) = (vec![0u64; w], vec![0u64; w], vec![0u64; w], vec![0u64; w]);
            if first > 0 {
                load(first - 1, &mut up);
            }
            load(first, &mut here);
            for (i, dst) in chunk.chunks_mut(bpr).enumerate() {
                let r = first + i;
                if r + 1 < rows {
                    load(r + 1, &mut down);
                }
                crate::pack::packbits_row(&lights[r * bpr..(r + 1) * bpr], &mut lit, cols);
                let above = (r > 0).then_some(&up[..]);
                let below = (r + 1 < rows).then_some(&down[..]);
                add_row_press(cols, self_toggle, &here, above, below, &mut lit);
                crate::pack::write_packbits_row(&lit, dst);
                std::mem::swap(&mut up, &mut here);
                std::mem::swap(&mut here, &mut down);
            }
        });
        Ok(())
    }

    layout_accessors!("Words per packed row.", rows);
    /// Light `(r, c)`; panics when out of range, like slice indexing.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> bool {
        assert!(c < self.cols(), "column {c} out of range 0..{}", self.cols());
        self.layout.bit(r, 0, c)
    }
    /// Set light `(r, c)`; panics when out of range, like slice indexing.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, v: bool) {
        assert!(c < self.cols(), "column {c} out of range 0..{}", self.cols());
        self.layout.set_bit(r, 0, c, v)
    }
    /// All words, row-major, mutable (keep the bits past `cols` zero).
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        self.layout.words_mut()
    }
    /// Number of lit lights.
    pub fn count_ones(&self) -> u64 {
        self.layout.count_ones()
    }

    /// The transposed board (`cols x rows`), by 64 x 64 bit-block transposes.
    pub fn transpose(&self) -> Result<PackedBoard> {
        let mut out = PackedBoard::zeros(self.cols(), self.rows())?;
        self.layout.transpose_into(&mut out.layout);
        Ok(out)
    }
}

/// The chase on packed rows of `n` lights (see [`super::chase::run`]): `visit(k, x_{k+1})` for
/// every row, returns `(x_m, x_{m+1})`. `board` must already be in chase orientation.
pub(crate) fn run(
    n: usize,
    delta: bool,
    m: usize,
    board: Option<&PackedBoard>,
    x0: &[u64],
    x1: &[u64],
    mut visit: impl FnMut(usize, &[u64]),
) -> (Vec<u64>, Vec<u64>) {
    let w = n.div_ceil(64);
    let (mut prev, mut cur, mut next) = (x0.to_vec(), x1.to_vec(), vec![0u64; w]);
    for k in 0..m {
        // Interrupted: stop; the solver being built reports it (crate::interrupt).
        if crate::interrupt::requested() {
            break;
        }
        visit(k, &cur);
        step(n, delta, board.map(|b| b.row(k)), &prev, &cur, &mut next);
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    (prev, cur)
}

/// Word `i` of `T x` over GF(2) for packed `x`, a row on a path: each light's two neighbours
/// and, with `delta` (all ones or zero), the light itself. Bits past the row's end may be set.
#[inline(always)]
fn path_word(x: &[u64], i: usize, dmask: u64) -> u64 {
    let left = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
    let right = (x[i] >> 1) | if i + 1 < x.len() { x[i + 1] << 63 } else { 0 };
    left ^ right ^ (x[i] & dmask)
}

/// `out += T s + up + down` over GF(2) for one packed row of `n` lights: the press of row `s`
/// and of the rows above and below it (absent at the edges). The bits past `n` stay zero.
fn add_row_press(n: usize, delta: bool, s: &[u64], up: Option<&[u64]>, down: Option<&[u64]>, out: &mut [u64]) {
    let dmask = if delta { u64::MAX } else { 0 };
    for (i, o) in out.iter_mut().enumerate() {
        *o ^= path_word(s, i, dmask) ^ up.map_or(0, |u| u[i]) ^ down.map_or(0, |d| d[i]);
    }
    if n % 64 != 0 {
        out[out.len() - 1] &= (1u64 << (n % 64)) - 1;
    }
}

/// `next = b + T x + prev` over GF(2), packed, rows on a path of `n` lights: the bits past `n`
/// in the last word are cleared (none when `n` is a multiple of 64). One pass over the row
/// ([`super::packed_step`]).
#[inline]
pub(crate) fn step(n: usize, delta: bool, b: Option<&[u64]>, prev: &[u64], x: &[u64], next: &mut [u64]) {
    super::packed_step::step(n, delta, b, prev, x, next)
}

/// [`step`] with the board row `row` as `b`, overwritten by `x` in the same pass (the in-place
/// chase).
#[inline]
pub(crate) fn step_in_place(n: usize, delta: bool, row: &mut [u64], prev: &[u64], x: &[u64], next: &mut [u64]) {
    super::packed_step::step_in_place(n, delta, row, prev, x, next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_and_packbits_round_trip() {
        let (rows, cols) = (70, 131);
        let values: Vec<u32> = (0..rows * cols).map(|i| ((i * 2654435761usize) >> 7) as u32 & 1).collect();
        let b = PackedBoard::from_values(rows, cols, &values).unwrap();
        let t = b.transpose().unwrap();
        for r in 0..rows {
            for c in 0..cols {
                assert_eq!(t.get(c, r), b.get(r, c));
            }
        }
        assert_eq!(t.transpose().unwrap(), b);
        let bytes = b.to_packbits();
        assert_eq!(bytes.len(), rows * cols.div_ceil(8));
        for r in 0..rows {
            for c in 0..cols {
                let byte = bytes[r * cols.div_ceil(8) + c / 8];
                assert_eq!((byte >> (7 - c % 8)) & 1 == 1, b.get(r, c));
            }
        }
        assert_eq!(PackedBoard::from_packbits(rows, cols, &bytes).unwrap(), b);
        assert_eq!(b.to_values(), values);
    }

    #[test]
    fn press_grid_is_the_grid_press_on_every_shape_and_thread_share() {
        // (300, 2000) is 32 words a row, 256 rows a share: two shares meet inside it; the
        // streamed press's bands are 263 rows of 250 bytes there, and 2 rows of 40,000 bytes
        // in (5, 320,000).
        for (rows, cols) in [(1, 1), (1, 64), (5, 65), (7, 130), (64, 63), (300, 2000), (5, 320_000)] {
            for self_toggle in [true, false] {
                let bits = |salt: usize| -> Vec<u32> {
                    (0..rows * cols).map(|i| (((i + salt) * 2654435761usize) >> 11) as u32 & 1).collect()
                };
                let (lights, presses) = (bits(1), bits(77));
                let mut board = PackedBoard::from_values(rows, cols, &lights).unwrap();
                board.press_grid(&PackedBoard::from_values(rows, cols, &presses).unwrap(), self_toggle).unwrap();
                let expected = super::super::grid::apply_grid(
                    crate::arith::Fp::new(2),
                    rows,
                    cols,
                    self_toggle,
                    &lights,
                    &presses,
                );
                assert_eq!(board.to_values(), expected, "{rows} x {cols}, self_toggle {self_toggle}");
                let packbits = |values: &[u32]| PackedBoard::from_values(rows, cols, values).unwrap().to_packbits();
                let mut streamed = vec![0xffu8; rows * cols.div_ceil(8)];
                let (l, p) = (packbits(&lights), packbits(&presses));
                PackedBoard::press_grid_packbits(rows, cols, self_toggle, &l, &p, &mut streamed).unwrap();
                assert_eq!(streamed, board.to_packbits(), "streamed, {rows} x {cols}, self_toggle {self_toggle}");
            }
        }
    }
}
