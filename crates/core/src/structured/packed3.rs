//! Bitsliced Z_3 boards: two bits per light, the representation the GF(3) chase works in, so a
//! board goes in and its solution comes out without any conversion. A board is a [`PackedRows`]
//! of two planes, the layout of [`crate::elim::gf3::Gf3Matrix`].

use super::rows3;
use crate::bitmatrix::{layout_accessors, PackedRows};
use crate::error::{Error, Result};
use crate::limits::check_lights;

/// A Z_3 board of `rows x cols` lights, two bits per light. Row `r` is `2 * words_per_row`
/// words: the *ones* plane (bit set where the light is 1), then the *twos* plane (where it is
/// 2), each packed like a [`super::PackedBoard`] row (light `c` is bit `c % 64` of word
/// `c / 64`); bits past `cols` are zero and the planes never share a bit.
///
/// A 10,000 x 10,000 board takes 25 MB (a byte per light: 100 MB).
///
/// ```
/// use lightsout_core::structured::PackedBoard3;
/// let mut b = PackedBoard3::from_bytes(2, 3, &[0, 1, 2, 2, 0, 1]).unwrap();
/// assert_eq!(b.get(0, 2), 2);
/// b.set(1, 1, 1).unwrap();
/// assert_eq!(b.to_bytes(), vec![0, 1, 2, 2, 1, 1]);
/// assert!(b.set(0, 0, 3).is_err()); // lights are 0, 1 or 2
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PackedBoard3 {
    layout: PackedRows<2>,
}

impl PackedBoard3 {
    /// The dark board.
    pub fn zeros(rows: usize, cols: usize) -> Result<Self> {
        check_lights("a packed Z_3 board", rows as u128 * cols as u128)?;
        Ok(PackedBoard3 {
            layout: PackedRows::zeros_with(rows, cols, |len| crate::buffer::zeroed("a packed Z_3 board", len))?,
        })
    }

    fn check_len(rows: usize, cols: usize, got: usize) -> Result<()> {
        let expected = rows.checked_mul(cols).ok_or(Error::InvalidArgument("board size overflows".into()))?;
        if got != expected {
            return Err(Error::DimensionMismatch { what: "board values", expected, got });
        }
        Ok(())
    }

    /// From row-major values in `0..3` (anything else is an error).
    pub fn from_values(rows: usize, cols: usize, values: &[u32]) -> Result<Self> {
        Self::check_len(rows, cols, values.len())?;
        if let Some((index, &v)) = values.iter().enumerate().find(|&(_, &v)| v >= 3) {
            return Err(Error::EntryOutOfRange { what: "board", index, value: v as i64, modulus: 3 });
        }
        let mut b = Self::zeros(rows, cols)?;
        for (i, &v) in values.iter().enumerate() {
            b.layout.put_trit(i / cols, i % cols, v);
        }
        Ok(b)
    }

    /// From row-major bytes in `0..3` (anything else is an error), eight lights at a time.
    pub fn from_bytes(rows: usize, cols: usize, bytes: &[u8]) -> Result<Self> {
        Self::check_len(rows, cols, bytes.len())?;
        crate::field::check_vector("board", bytes, bytes.len(), crate::field::Modulus::new(3)?)?;
        let mut b = Self::zeros(rows, cols)?;
        for r in 0..rows {
            let (one, two) = b.planes_mut(r);
            rows3::pack_row(&bytes[r * cols..(r + 1) * cols], one, two);
        }
        Ok(b)
    }

    /// Row-major values in `0..3`.
    pub fn to_values(&self) -> Vec<u32> {
        self.to_bytes().into_iter().map(u32::from).collect()
    }

    /// Row-major bytes in `0..3`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (rows, cols) = (self.rows(), self.cols());
        let mut out = vec![0u8; rows * cols];
        for r in 0..rows {
            let (one, two) = self.planes(r);
            rows3::unpack_row(one, two, &mut out[r * cols..(r + 1) * cols]);
        }
        out
    }

    layout_accessors!("Words per plane of a row.");

    /// Light `(r, c)`, in `0..3`; panics when out of range, like slice indexing.
    pub fn get(&self, r: usize, c: usize) -> u32 {
        let (rows, cols) = (self.rows(), self.cols());
        assert!(r < rows && c < cols, "light ({r}, {c}) is outside the {rows}x{cols} board");
        self.layout.trit(r, c)
    }

    /// Set light `(r, c)` to `v`; an error unless `v < 3` and the light is on the board.
    pub fn set(&mut self, r: usize, c: usize, v: u32) -> Result<()> {
        self.layout.set_trit(r, c, v, "light", |r, c, rows, cols| {
            format!("light ({r}, {c}) is outside the {rows}x{cols} board")
        })
    }

    /// The two planes of row `r`.
    pub fn planes(&self, r: usize) -> (&[u64], &[u64]) {
        self.layout.planes(r)
    }

    /// The two planes of row `r`, mutable: keep them disjoint and the bits past `cols` zero.
    pub fn planes_mut(&mut self, r: usize) -> (&mut [u64], &mut [u64]) {
        self.layout.planes_mut(r)
    }

    /// The transposed board (`cols x rows`), each plane by 64 x 64 bit-block transposes.
    pub fn transpose(&self) -> Result<PackedBoard3> {
        let mut out = PackedBoard3::zeros(self.cols(), self.rows())?;
        self.layout.transpose_into(&mut out.layout);
        Ok(out)
    }
}

/// A packed Z_3 stream (two bits a light, the first light of a byte in its top pair: see
/// [`crate::pack::read_trits`]) in and out, and the grid's press on the bitsliced rows: the
/// forms a game's compact boards take on the way to and from the GF(3) chase.
impl PackedBoard3 {
    /// The `rows x cols` board whose row `r` starts at light `r * row_trits` of a packed Z_3
    /// stream (a pair holding 3 is [`Error::EntryOutOfRange`] for `what`, naming light
    /// `r * cols + c`).
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard3;
    /// let b = PackedBoard3::from_trit_stream("lights", 2, 3, &[0b01_10_00_00, 0b10_01_00_00], 4).unwrap();
    /// assert_eq!(b.to_values(), [1, 2, 0, 2, 1, 0]);
    /// let e = PackedBoard3::from_trit_stream("lights", 2, 3, &[0, 0b00_11_00_00], 4).unwrap_err();
    /// assert_eq!(e.to_string(), "lights[4] must be in 0 <= x < 3, not 3");
    /// ```
    pub fn from_trit_stream(
        what: &'static str,
        rows: usize,
        cols: usize,
        data: &[u8],
        row_trits: usize,
    ) -> Result<Self> {
        let mut board = PackedBoard3::zeros(rows, cols)?;
        let mut row = vec![0u32; cols];
        for r in 0..rows {
            crate::pack::read_trits(what, data, r * row_trits, r * cols, &mut row)?;
            let (one, two) = board.planes_mut(r);
            rows3::pack_values(&row, one, two);
        }
        Ok(board)
    }

    /// The board into `out` (zero before) as a packed Z_3 stream, row `r` from light
    /// `r * row_trits` on (the inverse of [`PackedBoard3::from_trit_stream`]).
    pub fn write_trit_stream(&self, out: &mut [u8], row_trits: usize) {
        let mut row = vec![0u32; self.cols()];
        for r in 0..self.rows() {
            let (one, two) = self.planes(r);
            rows3::unpack_values(one, two, &mut row);
            crate::pack::write_trits(&row, out, r * row_trits);
        }
    }

    /// `self += M presses` over Z_3 on a grid of this board's shape with cut-off edges (every
    /// light changes with its up to four neighbours' presses and, with `self_toggle`, its own),
    /// one row at a time: memory about four rows of values besides the two boards.
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard3;
    /// let mut b = PackedBoard3::zeros(2, 3).unwrap();
    /// b.press_grid(&PackedBoard3::from_values(2, 3, &[0, 2, 0, 0, 0, 0]).unwrap(), true);
    /// assert_eq!(b.to_values(), [2, 2, 2, 0, 2, 0]);
    /// ```
    ///
    /// # Panics
    /// If `presses` has another shape.
    pub fn press_grid(&mut self, presses: &PackedBoard3, self_toggle: bool) {
        let (rows, cols) = (self.rows(), self.cols());
        assert_eq!((presses.rows(), presses.cols()), (rows, cols), "presses of the board's shape");
        let row_of = |r: usize, out: &mut Vec<u32>| {
            let (one, two) = presses.planes(r);
            rows3::unpack_values(one, two, out);
        };
        let (mut up, mut here, mut down, mut lit) =
            (vec![0u32; cols], vec![0u32; cols], vec![0u32; cols], vec![0u32; cols]);
        if rows > 0 {
            row_of(0, &mut here);
        }
        for r in 0..rows {
            if r + 1 < rows {
                row_of(r + 1, &mut down);
            } else {
                down.fill(0);
            }
            let (one, two) = self.planes_mut(r);
            rows3::unpack_values(one, two, &mut lit);
            for c in 0..cols {
                let mut v = lit[c] + up[c] + down[c];
                if c > 0 {
                    v += here[c - 1];
                }
                if c + 1 < cols {
                    v += here[c + 1];
                }
                if self_toggle {
                    v += here[c];
                }
                // A cold path beside the chase: at most 6 values below 3, reduced once.
                lit[c] = v % 3;
            }
            one.fill(0);
            two.fill(0);
            rows3::pack_values(&lit, one, two);
            std::mem::swap(&mut up, &mut here);
            std::mem::swap(&mut here, &mut down);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_bytes_and_transpose_round_trip() {
        for (rows, cols) in [(70, 131), (1, 1), (64, 64), (3, 65)] {
            let values: Vec<u32> = (0..rows * cols).map(|i| ((i * 2654435761usize) >> 7) as u32 % 3).collect();
            let b = PackedBoard3::from_values(rows, cols, &values).unwrap();
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            assert_eq!(PackedBoard3::from_bytes(rows, cols, &bytes).unwrap(), b);
            assert_eq!(b.to_values(), values);
            let t = b.transpose().unwrap();
            for r in 0..rows {
                for c in 0..cols {
                    assert_eq!(t.get(c, r), b.get(r, c));
                }
            }
            assert_eq!(t.transpose().unwrap(), b);
        }
        assert!(PackedBoard3::from_values(1, 2, &[0, 3]).is_err());
        assert!(PackedBoard3::from_bytes(1, 2, &[0]).is_err());
        assert!(PackedBoard3::from_bytes(1, 2, &[4, 0]).is_err());
    }

    #[test]
    fn trit_streams_round_trip() {
        for (rows, cols, row_trits) in [(3, 5, 5), (3, 5, 8), (2, 70, 72), (1, 1, 1)] {
            let values: Vec<u32> = (0..rows * cols).map(|i| ((i * 2654435761usize) >> 9) as u32 % 3).collect();
            let board = PackedBoard3::from_values(rows, cols, &values).unwrap();
            let mut out = vec![0u8; (rows * row_trits).div_ceil(4)];
            board.write_trit_stream(&mut out, row_trits);
            assert_eq!(PackedBoard3::from_trit_stream("x", rows, cols, &out, row_trits).unwrap(), board);
        }
    }
}
