//! Boards as one stream of lights across rows: bits MSB first (a flat `numpy.packbits` of the
//! light vector, eight lights a byte) and trits two bits a light (four lights a byte, the first
//! in the top pair), read into and written from light vectors and the packed layouts
//! ([`PackedBoard`] here, [`PackedBoard3`](crate::structured::PackedBoard3) beside its own
//! bitsliced rows). Here, beside the reader of entries, so that the
//! bindings and the game's compact boards hand their bytes to the one place that knows them.

use crate::error::{Error, Result};
use crate::structured::PackedBoard;

/// `count <= 64` bits from an MSB-first bit stream at bit `offset`, as a word with the first of
/// them in bit 0 (bits past the stream's end read as 0).
///
/// ```
/// use lightsout_core::pack::stream_bits;
/// assert_eq!(stream_bits(&[0b1010_0000, 0b1000_0000], 2, 7), 0b1000001);
/// ```
pub fn stream_bits(data: &[u8], offset: usize, count: usize) -> u64 {
    let start = offset / 8;
    let mut buf = [0u8; 16];
    let end = (start + 16).min(data.len());
    buf[..end - start].copy_from_slice(&data[start..end]);
    let window = (u128::from_be_bytes(buf) << (offset % 8)) >> 64;
    let word = (window as u64).reverse_bits();
    if count == 64 {
        word
    } else {
        word & ((1u64 << count) - 1)
    }
}

/// Write the low `count` bits of `word` (bit 0 first) into an MSB-first bit stream at `offset`
/// (the bits there must be zero).
///
/// ```
/// use lightsout_core::pack::put_stream_bits;
/// let mut out = [0u8; 2];
/// put_stream_bits(&mut out, 2, 7, 0b1000001);
/// assert_eq!(out, [0b0010_0000, 0b1000_0000]);
/// ```
pub fn put_stream_bits(out: &mut [u8], offset: usize, count: usize, word: u64) {
    let word = if count == 64 { word } else { word & ((1u64 << count) - 1) };
    let shifted = ((word.reverse_bits() as u128) << 64) >> (offset % 8);
    let start = offset / 8;
    let bytes = shifted.to_be_bytes();
    let end = (start + 16).min(out.len());
    for (o, b) in out[start..end].iter_mut().zip(bytes) {
        *o |= b;
    }
}

/// `out.len()` values of a packed Z_3 stream (two bits a light, the first light of a byte in
/// its top pair) from light `start` on; `index` is the first one's index in the whole board,
/// for the error that names a pair holding 3 ([`Error::EntryOutOfRange`] for `what`).
///
/// ```
/// use lightsout_core::pack::read_trits;
/// let mut out = [0u32; 3];
/// read_trits("lights", &[0b00_01_10_00], 1, 0, &mut out).unwrap();
/// assert_eq!(out, [1, 2, 0]);
/// let e = read_trits("lights", &[0b11_00_00_00], 0, 4, &mut out).unwrap_err();
/// assert_eq!(e.to_string(), "lights[4] must be in 0 <= x < 3, not 3");
/// ```
pub fn read_trits(what: &'static str, data: &[u8], start: usize, index: usize, out: &mut [u32]) -> Result<()> {
    for (i, o) in out.iter_mut().enumerate() {
        let t = start + i;
        let v = ((data[t / 4] >> (6 - 2 * (t % 4))) & 3) as u32;
        if v == 3 {
            return Err(Error::EntryOutOfRange { what, index: index + i, value: 3, modulus: 3 });
        }
        *o = v;
    }
    Ok(())
}

/// Write `values` (each 0, 1 or 2) into a packed Z_3 stream from light `start` on (the pairs
/// there must be zero).
///
/// ```
/// let mut out = [0u8; 1];
/// lightsout_core::pack::write_trits(&[1, 2, 0], &mut out, 1);
/// assert_eq!(out, [0b00_01_10_00]);
/// ```
pub fn write_trits(values: &[u32], out: &mut [u8], start: usize) {
    for (i, &v) in values.iter().enumerate() {
        let t = start + i;
        out[t / 4] |= ((v & 3) as u8) << (6 - 2 * (t % 4));
    }
}

impl PackedBoard {
    /// The `rows x cols` board whose row `r` starts at bit `r * cols` of one MSB-first bit
    /// stream (the flat `numpy.packbits` of the light vector).
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// let b = PackedBoard::from_bit_stream(2, 3, &[0b1010_1100]).unwrap();
    /// assert_eq!(b.to_values(), [1, 0, 1, 0, 1, 1]);
    /// ```
    pub fn from_bit_stream(rows: usize, cols: usize, data: &[u8]) -> Result<Self> {
        let mut board = PackedBoard::zeros(rows, cols)?;
        for r in 0..rows {
            for (w, word) in board.row_mut(r).iter_mut().enumerate() {
                let take = (cols - 64 * w).min(64);
                *word = stream_bits(data, r * cols + 64 * w, take);
            }
        }
        Ok(board)
    }

    /// The board over `out` as one MSB-first bit stream (the inverse of
    /// [`PackedBoard::from_bit_stream`]; `out` is cleared first).
    pub fn write_bit_stream(&self, out: &mut [u8]) {
        out.fill(0);
        let cols = self.cols();
        for r in 0..self.rows() {
            for (w, &word) in self.row(r).iter().enumerate() {
                let take = (cols - 64 * w).min(64);
                put_stream_bits(out, r * cols + 64 * w, take, word);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_streams_round_trip() {
        let bytes: Vec<u8> = (0..200u64).map(|i| ((i * 2654435761) >> 13) as u8 & 1).collect();
        let words = PackedBoard::from_bytes("x", 1, 200, &bytes).unwrap().row(0).to_vec();
        for offset in [0usize, 1, 5, 7, 8, 63, 64, 100] {
            let mut stream = vec![0u8; (offset + 200).div_ceil(8)];
            for (k, &w) in words.iter().enumerate() {
                let count = (200 - 64 * k).min(64);
                put_stream_bits(&mut stream, offset + 64 * k, count, w);
            }
            for (k, &w) in words.iter().enumerate() {
                let count = (200 - 64 * k).min(64);
                assert_eq!(stream_bits(&stream, offset + 64 * k, count), w, "offset {offset}, word {k}");
            }
        }
    }
}
