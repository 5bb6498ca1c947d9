//! A GF(2) board read straight into packbits rows (see [`gather_bits`](super::gather_bits)) by
//! core's one reader of entries into bits ([`lightsout_core::pack::Block::read_bits`]): what is
//! numpy's here is only the walk over the planes of an N-dimensional array and its strides.

use super::{Entries, Reader};
use lightsout_core::pack::{Block, Entry, PackbitsRows};

/// The reading of [`gather_bits`](super::gather_bits).
pub(super) struct Bits;

impl Reader<u8> for Bits {
    fn read<T: Entry>(
        &self,
        entries: &Entries<'_, T>,
        out: &mut [u8],
        row_bytes: usize,
    ) -> Result<(), (usize, String)> {
        let Entries { rows, cols, rs, cs, .. } = *entries;
        debug_assert_eq!(row_bytes, cols.div_ceil(8), "packbits rows of the last axis");
        entries.split(out, row_bytes, |start, end, part| {
            let mut row = start;
            while row < end {
                let (plane, r_lo) = (row / rows, row % rows);
                let r_hi = rows.min(r_lo + end - row);
                let into = &mut part[(row - start) * row_bytes..(row - start + r_hi - r_lo) * row_bytes];
                // SAFETY: rows `r_lo..r_hi` of the plane, every column, are entries of the array
                // (`Entries::new`), unwritten while it is read.
                let block = unsafe {
                    Block::from_raw(entries.plane(plane).offset(r_lo as isize * rs), r_hi - r_lo, cols, rs, cs)
                };
                block.read_bits(&mut PackbitsRows::new(into, cols)).map_err(|(i, v)| (row * cols + i, v.text()))?;
                row += r_hi - r_lo;
            }
            Ok(())
        })
    }
}
