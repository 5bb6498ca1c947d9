//! Taking entries in, in one place: as packed bits into the packed-rows layout of
//! [`crate::bitmatrix`] (entry `c` at bit `c % 64` of word `c / 64`) or the rows of
//! `numpy.packbits(a, axis=1)`, or as values checked against a modulus.
//!
//! - The reader of boards ([`read`]): a [`Block`] of entries of any integer width or `bool`
//!   (an [`Entry`]), where they lie, checked to be 0 or 1 as it is read, into the [`BitRows`]
//!   it is given ([`WordRows`], [`PackbitsRows`]); the first bad entry in C order comes back.
//!   Its kernel (`marks.rs`) makes 16 bits of 16 entries at once (SSE2 on x86-64, a portable
//!   loop elsewhere): in rows, or in Fortran order down the columns into squares of bits
//!   transposed into rows, so the entries are read in their own memory order. A large read is
//!   shared among a few threads by [`split_rows`]. [`PackedBoard::from_bytes`] reads a byte
//!   board with it.
//! - The reader of values ([`Block::read_values`], `values.rs`): the same [`Block`], each entry
//!   checked to lie in `0..p` and written narrowed to a [`Value`] (`u8`, `u16`, `u32`) in rows,
//!   Fortran order down its columns through tiles transposed in registers. The bindings keep
//!   only the walk over an N-dimensional array's planes and hand each plane to these readers.
//! - The parities of any integer array ([`BitMatrix::from_parities`]: the same kernel, its
//!   range check unused) and packbits rows ([`BitMatrix::from_packbits`]), large matrices
//!   split across threads by rows.
//!
//! - Bits out as one byte a light, the reader's inverse ([`words_to_bytes`],
//!   [`packbits_to_bytes`], [`PackedBoard::write_bytes`]).
//! - Boards as one stream of lights across rows (`stream.rs`): MSB-first bits ([`stream_bits`],
//!   [`PackedBoard::from_bit_stream`]) and packed Z_3 trits ([`read_trits`], [`write_trits`],
//!   beside the bitsliced rows in [`PackedBoard3::from_trit_stream`]).
//!
//! So a dense matrix or a board a user hands over is read at memory speed, once.
//!
//! [`PackedBoard::from_bytes`]: crate::structured::PackedBoard::from_bytes
//! [`PackedBoard::write_bytes`]: crate::structured::PackedBoard::write_bytes
//! [`PackedBoard::from_bit_stream`]: crate::structured::PackedBoard::from_bit_stream
//! [`PackedBoard3::from_trit_stream`]: crate::structured::PackedBoard3::from_trit_stream

mod entry;
mod marks;
pub mod read;
mod stream;
mod unpack;
mod values;

pub use entry::Entry;
pub use read::{split_rows, BitRows, Block, PackbitsRows, WordRows};
pub use stream::{put_stream_bits, read_trits, stream_bits, write_trits};
pub use unpack::{packbits_rows_to_bytes, packbits_to_bytes, words_to_bytes};
pub use values::Value;

use crate::bitmatrix::BitMatrix;
use crate::error::{Error, Result};
use rayon::prelude::*;

/// Words of output below which packing stays on the calling thread.
const PAR_MIN_WORDS: usize = 1 << 15;

/// An entry whose parity (its value mod 2) is its lowest bit: every integer type in two's
/// complement, and `bool`.
pub trait Parity: Copy + Send + Sync {
    /// The parities of up to 64 entries, entry `j` at bit `j`.
    fn pack64(chunk: &[Self]) -> u64;

    /// The parities of `entries` into `words` (`ceil(len / 64)` of them), entry `c` at bit
    /// `c % 64` of word `c / 64`.
    fn pack_row(entries: &[Self], words: &mut [u64]) {
        for (w, chunk) in words.iter_mut().zip(entries.chunks(64)) {
            *w = Self::pack64(chunk);
        }
    }
}

/// The integer types and `bool` take their parities from the reader's kernel: its bits are each
/// entry's lowest bit whatever the entry (only its check, not wanted here, looks at the rest).
macro_rules! parity_by_marks {
    ($($t:ty),*) => {$(
        impl Parity for $t {
            #[inline]
            fn pack64(chunk: &[$t]) -> u64 {
                let mut word = [0u64];
                Self::pack_row(&chunk[..chunk.len().min(64)], &mut word);
                word[0]
            }

            #[inline]
            fn pack_row(entries: &[$t], words: &mut [u64]) {
                assert!(words.len() >= entries.len().div_ceil(64), "room for the row's words");
                // SAFETY: the slice's entries, one apart.
                unsafe { marks::entry_words(entries.as_ptr(), 1, entries.len(), words, 0) };
            }
        }
    )*};
}
parity_by_marks!(u8, u16, u32, u64, i8, i16, i32, i64, bool);

/// One row of `numpy.packbits` bytes (first entry in a byte's most significant bit) into words,
/// the bits past `cols` cleared.
#[inline]
pub(crate) fn packbits_row(bytes: &[u8], words: &mut [u64], cols: usize) {
    for (w, chunk) in words.iter_mut().zip(bytes.chunks(8)) {
        let mut buf = [0u8; 8];
        buf[..chunk.len()].copy_from_slice(chunk);
        // Reversing the bits of each byte turns MSB-first bytes into LSB-first ones.
        *w = u64::from_le_bytes(buf).reverse_bits().swap_bytes();
    }
    if cols % 64 != 0 {
        if let Some(last) = words.last_mut() {
            *last &= (1u64 << (cols % 64)) - 1;
        }
    }
}

/// One packed row as `numpy.packbits` bytes (the inverse of [`crate::pack::packbits_row`]).
#[inline]
pub(crate) fn write_packbits_row(row: &[u64], dst: &mut [u8]) {
    // Whole words as fixed 8-byte stores; only the last part word is cut.
    let last = dst.len() / 8;
    let mut whole = dst.chunks_exact_mut(8);
    for (chunk, &w) in (&mut whole).zip(row) {
        chunk.copy_from_slice(&packbits_word(w));
    }
    let tail = whole.into_remainder();
    if let Some(&w) = row.get(last).filter(|_| !tail.is_empty()) {
        let len = tail.len();
        tail.copy_from_slice(&packbits_word(w)[..len]);
    }
}

/// A packed word (entry `j` at bit `j`) as eight `numpy.packbits` bytes (entry 0 in the top bit
/// of the first).
#[inline(always)]
pub(crate) fn packbits_word(word: u64) -> [u8; 8] {
    word.swap_bytes().reverse_bits().to_le_bytes()
}

/// `rows * per_row`, checked to be the `got` entries given: "`{size} size overflows`" or
/// [`Error::DimensionMismatch`] for `what` otherwise.
fn expect_len(what: &'static str, size: &str, rows: usize, per_row: usize, got: usize) -> Result<usize> {
    let expected = rows.checked_mul(per_row).ok_or_else(|| Error::InvalidArgument(format!("{size} size overflows")))?;
    match got == expected {
        true => Ok(expected),
        false => Err(Error::DimensionMismatch { what, expected, got }),
    }
}

/// Fill the rows of `m` by `fill(r, row_words)`, split across threads when `m` is large.
fn fill_rows(m: &mut BitMatrix, fill: impl Fn(usize, &mut [u64]) + Sync) {
    let wpr = m.words_per_row();
    if wpr == 0 {
        return;
    }
    let rows = m.rows();
    let words = m.words_mut();
    let threads = rayon::current_num_threads();
    if threads < 2 || words.len() < PAR_MIN_WORDS {
        words.chunks_exact_mut(wpr).enumerate().for_each(|(r, row)| fill(r, row));
        return;
    }
    let per_task = rows.div_ceil(4 * threads).max(1);
    words.par_chunks_mut(per_task * wpr).enumerate().for_each(|(t, block)| {
        for (i, row) in block.chunks_exact_mut(wpr).enumerate() {
            fill(t * per_task + i, row);
        }
    });
}

impl BitMatrix {
    /// The `rows x cols` matrix of the parities of row-major `entries` (`rows * cols` of them,
    /// any integer type or `bool`): a dense matrix handed over as bytes or integers, read at
    /// memory speed.
    ///
    /// ```
    /// use lightsout_core::BitMatrix;
    /// let m = BitMatrix::from_parities(2, 3, &[1u8, 2, 3, 0, 5, 6]).unwrap();
    /// assert_eq!((m.row_values(0), m.row_values(1)), (vec![1, 0, 1], vec![0, 1, 0]));
    /// assert!(BitMatrix::from_parities(2, 3, &[1i64; 5]).is_err());
    /// ```
    pub fn from_parities<T: Parity>(rows: usize, cols: usize, entries: &[T]) -> Result<Self> {
        expect_len("matrix entries (rows x cols)", "matrix", rows, cols, entries.len())?;
        let mut m = BitMatrix::zeros(rows, cols)?;
        fill_rows(&mut m, |r, row| T::pack_row(&entries[r * cols..(r + 1) * cols], row));
        Ok(m)
    }

    /// The `rows x cols` matrix from the bytes of `numpy.packbits(a, axis=1)`: `ceil(cols / 8)`
    /// bytes a row, the first entry of a byte in its most significant bit, padding ignored.
    ///
    /// ```
    /// use lightsout_core::BitMatrix;
    /// let m = BitMatrix::from_packbits(2, 10, &[0b1000_0000, 0b0111_1111, 0, 0b0100_0000]).unwrap();
    /// assert_eq!(m.row_values(0), vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    /// assert_eq!(m.row_values(1), vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    /// assert!(BitMatrix::from_packbits(2, 10, &[0; 3]).is_err());
    /// ```
    pub fn from_packbits(rows: usize, cols: usize, bytes: &[u8]) -> Result<Self> {
        let bpr = cols.div_ceil(8);
        expect_len("packbits bytes (rows x ceil(cols / 8))", "matrix", rows, bpr, bytes.len())?;
        let mut m = BitMatrix::zeros(rows, cols)?;
        fill_rows(&mut m, |r, row| packbits_row(&bytes[r * bpr..(r + 1) * bpr], row, cols));
        Ok(m)
    }
}

impl crate::structured::PackedBoard {
    /// The `rows x cols` board of row-major bytes, each checked to be 0 or 1 (the first that is
    /// not, in C order, is [`Error::EntryOutOfRange`] for `what` with its index and value),
    /// read by the one reader ([`Block::read_bits`]), a large board by a few threads at once.
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// let b = PackedBoard::from_bytes("lights", 2, 3, &[1, 0, 0, 0, 1, 1]).unwrap();
    /// assert_eq!(b.to_values(), [1, 0, 0, 0, 1, 1]);
    /// let e = PackedBoard::from_bytes("lights", 2, 3, &[1, 0, 0, 7, 1, 2]).unwrap_err();
    /// assert_eq!(e.to_string(), "lights[3] must be in 0 <= x < 2, not 7");
    /// ```
    pub fn from_bytes(what: &'static str, rows: usize, cols: usize, bytes: &[u8]) -> Result<Self> {
        let expected = expect_len("board bytes", "board", rows, cols, bytes.len())?;
        let mut board = Self::zeros(rows, cols)?;
        let per_row = cols.div_ceil(64);
        split_rows(rows, expected, 1, board.words_mut(), per_row, |start, end, part| {
            let block = Block::new(&bytes[start * cols..end * cols], end - start, cols)?;
            block.read_bits(&mut WordRows::new(part, cols)).map_err(|(i, v)| Error::EntryOutOfRange {
                what,
                index: start * cols + i,
                value: v as i64,
                modulus: 2,
            })
        })?;
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow<T: Copy + Into<i128>>(rows: usize, cols: usize, entries: &[T]) -> BitMatrix {
        let mut m = BitMatrix::zeros(rows, cols).unwrap();
        for (i, &v) in entries.iter().enumerate() {
            m.set(i / cols, i % cols, v.into().rem_euclid(2) == 1);
        }
        m
    }

    #[test]
    fn every_type_and_width_agrees_with_entry_by_entry() {
        for cols in [0, 1, 7, 8, 9, 63, 64, 65, 130, 200] {
            let rows = 5;
            let raw: Vec<i64> = (0..rows * cols).map(|i| (i as i64 * 7919 % 23) - 11).collect();
            let expected = slow(rows, cols, &raw);
            let u8s: Vec<u8> = raw.iter().map(|&v| v as u8).collect();
            let i8s: Vec<i8> = raw.iter().map(|&v| v as i8).collect();
            let i16s: Vec<i16> = raw.iter().map(|&v| v as i16).collect();
            let u32s: Vec<u32> = raw.iter().map(|&v| v as u32).collect();
            let bools: Vec<bool> = raw.iter().map(|&v| v.rem_euclid(2) == 1).collect();
            assert_eq!(BitMatrix::from_parities(rows, cols, &raw).unwrap(), expected, "i64, {cols} columns");
            assert_eq!(BitMatrix::from_parities(rows, cols, &u8s).unwrap(), expected, "u8, {cols} columns");
            assert_eq!(BitMatrix::from_parities(rows, cols, &i8s).unwrap(), expected, "i8, {cols} columns");
            assert_eq!(BitMatrix::from_parities(rows, cols, &i16s).unwrap(), expected, "i16, {cols} columns");
            assert_eq!(BitMatrix::from_parities(rows, cols, &u32s).unwrap(), expected, "u32, {cols} columns");
            assert_eq!(BitMatrix::from_parities(rows, cols, &bools).unwrap(), expected, "bool, {cols} columns");
        }
    }

    #[test]
    fn large_matrices_split_across_threads_agree() {
        let (rows, cols) = (600, 4100);
        let raw: Vec<u8> = (0..rows * cols).map(|i| (i * 2654435761usize >> 7) as u8).collect();
        let expected = slow(rows, cols, &raw);
        assert!(rows * cols.div_ceil(64) >= PAR_MIN_WORDS);
        assert_eq!(BitMatrix::from_parities(rows, cols, &raw).unwrap(), expected);
        let mut packed = vec![0u8; rows * cols.div_ceil(8)];
        for (i, &v) in raw.iter().enumerate() {
            let (r, c) = (i / cols, i % cols);
            packed[r * cols.div_ceil(8) + c / 8] |= (v & 1) << (7 - c % 8);
        }
        assert_eq!(BitMatrix::from_packbits(rows, cols, &packed).unwrap(), expected);
    }

    #[test]
    fn wrong_lengths_are_refused() {
        let e = BitMatrix::from_parities(3, 3, &[0u8; 8]).unwrap_err().to_string();
        assert_eq!(e, "matrix entries (rows x cols) must have 9 entries, got 8");
        let e = BitMatrix::from_packbits(3, 9, &[0u8; 5]).unwrap_err().to_string();
        assert_eq!(e, "packbits bytes (rows x ceil(cols / 8)) must have 6 entries, got 5");
    }
}
