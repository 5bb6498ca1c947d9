//! Bits out as one byte a light, the inverse of the reader: rows of packed words (the layout of
//! [`crate::bitmatrix`]) or of packbits bytes into bytes 0/1, eight lights through one table
//! look-up, a large board on every thread.

use crate::error::{Error, Result};
use crate::structured::PackedBoard;
use rayon::prelude::*;

/// Bytes of output a thread writes at least: a board of a few rows stays on one thread.
const MIN_BYTES: usize = 1 << 16;

/// `table(false)[b]`: the 8 bits of `b` as 8 bytes 0/1, bit 0 in the first byte (little-endian);
/// `table(true)[b]` the same with bit 7 in the first byte (packbits order).
const fn table(msb_first: bool) -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            let bit = if msb_first { 7 - k } else { k };
            table[b] |= (((b >> bit) & 1) as u64) << (8 * k);
            k += 1;
        }
        b += 1;
    }
    table
}
const LSB_FIRST: [u64; 256] = table(false);
const MSB_FIRST: [u64; 256] = table(true);

/// Byte `byte(i)` (8 lights, in the order `table` reads them) into lights `8 i..8 i + 8` of
/// `out`, a light a byte (`out.len()` lights).
#[inline]
fn spread(byte: impl Fn(usize) -> u8, table: &[u64; 256], out: &mut [u8]) {
    let last = out.len() / 8;
    let mut whole = out.chunks_exact_mut(8);
    for (i, chunk) in (&mut whole).enumerate() {
        chunk.copy_from_slice(&table[byte(i) as usize].to_le_bytes());
    }
    let tail = whole.into_remainder();
    if !tail.is_empty() {
        let n = tail.len();
        tail.copy_from_slice(&table[byte(last) as usize].to_le_bytes()[..n]);
    }
}

/// One row of packed words (light `c` at bit `c % 64` of word `c / 64`) as bytes 0/1, `out.len()`
/// lights.
///
/// ```
/// let mut out = [9u8; 67];
/// lightsout_core::pack::words_to_bytes(&[0b101, 1 << 2], &mut out);
/// assert_eq!((out[0], out[1], out[2], out[65], out[66]), (1, 0, 1, 0, 1));
/// ```
pub fn words_to_bytes(words: &[u64], out: &mut [u8]) {
    spread(|i| (words[i / 8] >> (8 * (i % 8))) as u8, &LSB_FIRST, out);
}

/// One row of packbits bytes (the first light of a byte in its most significant bit) as bytes
/// 0/1, `out.len()` lights.
///
/// ```
/// let mut out = [9u8; 10];
/// lightsout_core::pack::packbits_to_bytes(&[0b1000_0001, 0b0100_0000], &mut out);
/// assert_eq!(out, [1, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
/// ```
pub fn packbits_to_bytes(packed: &[u8], out: &mut [u8]) {
    spread(|i| packed[i], &MSB_FIRST, out);
}

/// Rows of `cols` lights in packbits bytes (`ceil(cols / 8)` a row) as bytes 0/1 (`cols` a row)
/// into `out`, a large board on every thread.
///
/// ```
/// let mut out = [0u8; 6];
/// lightsout_core::pack::packbits_rows_to_bytes(&[0b1010_0000, 0b0110_0000], 3, &mut out).unwrap();
/// assert_eq!(out, [1, 0, 1, 0, 1, 1]);
/// assert!(lightsout_core::pack::packbits_rows_to_bytes(&[0], 3, &mut out).is_err());
/// ```
pub fn packbits_rows_to_bytes(packed: &[u8], cols: usize, out: &mut [u8]) -> Result<()> {
    let per_row = cols.div_ceil(8);
    let rows = out.len().checked_div(cols).unwrap_or(0);
    if out.len() != rows * cols || packed.len() != rows * per_row {
        return Err(Error::DimensionMismatch { what: "packbits bytes", expected: rows * per_row, got: packed.len() });
    }
    if cols == 0 {
        return Ok(());
    }
    let tasks = out.par_chunks_mut(cols).zip(packed.par_chunks(per_row));
    tasks.with_min_len(MIN_BYTES.div_ceil(cols)).for_each(|(o, row)| packbits_to_bytes(row, o));
    Ok(())
}

impl PackedBoard {
    /// The board as bytes 0/1, row-major, into `out` (`rows * cols` bytes), a large board on
    /// every thread.
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// let b = PackedBoard::from_bytes("lights", 2, 3, &[1, 0, 0, 0, 1, 1]).unwrap();
    /// let mut out = [7u8; 6];
    /// b.write_bytes(&mut out).unwrap();
    /// assert_eq!(out, [1, 0, 0, 0, 1, 1]);
    /// assert!(b.write_bytes(&mut [0u8; 5]).is_err());
    /// ```
    pub fn write_bytes(&self, out: &mut [u8]) -> Result<()> {
        let (rows, cols) = (self.rows(), self.cols());
        if out.len() != rows * cols {
            return Err(Error::DimensionMismatch { what: "board bytes", expected: rows * cols, got: out.len() });
        }
        if cols == 0 {
            return Ok(());
        }
        let tasks = out.par_chunks_mut(cols).zip(self.words().par_chunks(self.words_per_row()));
        tasks.with_min_len(MIN_BYTES.div_ceil(cols)).for_each(|(o, row)| words_to_bytes(row, o));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpacking_inverts_the_reader_at_every_length_and_size() {
        for (rows, cols) in [(1, 0), (1, 1), (3, 7), (2, 64), (5, 65), (4, 200), (1100, 1000)] {
            let bytes: Vec<u8> = (0..rows * cols).map(|i| ((i * 2654435761) >> 11) as u8 & 1).collect();
            let board = PackedBoard::from_bytes("x", rows, cols, &bytes).unwrap();
            let mut out = vec![7u8; rows * cols];
            board.write_bytes(&mut out).unwrap();
            assert_eq!(out, bytes, "{rows} x {cols} from words");
            let mut out = vec![7u8; rows * cols];
            packbits_rows_to_bytes(&board.to_packbits(), cols, &mut out).unwrap();
            assert_eq!(out, bytes, "{rows} x {cols} from packbits");
        }
    }
}
