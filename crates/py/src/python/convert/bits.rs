//! A GF(2) board read straight into packed rows (see [`gather_bits`](super::gather_bits)).
//!
//! 16 entries at a time in SSE2 registers (part of every x86-64 processor) become 16 bytes
//! whose top bit is each entry's lowest bit ("marks"): one shift for bytes, shifts and
//! saturating packs for wider entries, and a movemask turns the marks of 16 entries into 16
//! bits. In C order (and for every other entry of a row) that gives the words of a row; in
//! Fortran order each column is read the same way, in the array's own memory order, into words
//! of 64 rows, and each 64 x 64 square of bits is transposed into the words of 64 rows: no tile
//! of bytes is transposed, narrowed and packed in three steps. Every entry read is or-ed into
//! one register too: an entry is valid when it has no bit but the lowest,
//! so one test of that register at the end of a row (or a strip of rows) finds a bad one, which
//! is then named by a scan of those rows in C order.

use super::{Entries, Reader, Wide};

/// The reading of [`gather_bits`](super::gather_bits).
pub(super) struct Bits;

impl Reader<u8> for Bits {
    fn read<T: Wide>(&self, entries: &Entries<'_, T>, out: &mut [u8], row_bytes: usize) -> Result<(), (usize, String)> {
        #[cfg(target_arch = "x86_64")]
        {
            let Entries { rows, rs, cs, .. } = *entries;
            if cs == 1 || cs == 2 || (rs == 1 && rows > 1) {
                // SAFETY: the entries address readable entries of `T` (`Entries::new`), and
                // `T` is an integer or bool of its own size, read here as unsigned bits.
                return entries.split(out, row_bytes, |start, end, part| unsafe {
                    sse2::rows(entries, start, end, part, row_bytes)
                });
            }
        }
        entries.gather(2, out, row_bytes, &|band: super::Band<'_, u8>, rows: &mut [u8]| {
            super::pack_band(band, rows, row_bytes)
        })
    }
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::super::{first_bad, Entries, Wide};
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi16,
        _mm_packs_epi32, _mm_prefetch, _mm_set1_epi16, _mm_set1_epi32, _mm_set1_epi64x, _mm_set1_epi8,
        _mm_setzero_si128, _mm_shuffle_epi32, _mm_slli_epi16, _mm_slli_epi32, _mm_unpacklo_epi64, _MM_HINT_T0,
    };

    /// Rows read at a time in Fortran order: each column's run is long enough for the
    /// processor's prefetching, and a block's column words (8 bytes a row and column, 64
    /// columns) stay in the first-level cache.
    const STRIP: usize = 2048;
    /// How many columns ahead of the one being read a Fortran-order read asks for.
    const COLUMNS_AHEAD: usize = 4;

    /// Rows `start..end` of the last axis (counting over every plane) into `out` as bits,
    /// `row_bytes` a row: row by row where entries are 1 or 2 apart in a row, else (Fortran
    /// order) down the columns in strips of rows.
    ///
    /// # Safety
    /// `entries` must address readable entries of `T`, with `cs` 1 or 2 or `rs` 1.
    pub(super) unsafe fn rows<T: Wide>(
        entries: &Entries<'_, T>,
        start: usize,
        end: usize,
        out: &mut [u8],
        row_bytes: usize,
    ) -> Result<(), (usize, String)> {
        let Entries { rows, cols, rs, cs, .. } = *entries;
        let by_rows = cs == 1 || cs == 2;
        let strip = match by_rows {
            true => 1,
            false => STRIP,
        };
        let mut words = vec![0u64; if by_rows { cols.div_ceil(64) } else { 0 }];
        let mut row = start;
        while row < end {
            let (plane, r_lo) = (row / rows, row % rows);
            let r_hi = rows.min(r_lo + end - row);
            let first = entries.plane(plane);
            let at = |r: usize| first.offset(r as isize * rs);
            for r0 in (r_lo..r_hi).step_by(strip) {
                let r1 = (r0 + strip).min(r_hi);
                let into = &mut out[(plane * rows + r0 - start) * row_bytes..(plane * rows + r1 - start) * row_bytes];
                let clean = match by_rows {
                    true => row_bits(at(r0), cs as usize, cols, into, &mut words),
                    false => column_bits(at(r0), r1 - r0, cols, cs, into, row_bytes),
                };
                if !clean {
                    let (i, v) = first_bad(at(r0), r1 - r0, cols, rs, cs, 2);
                    return Err(((plane * rows + r0) * cols + i, v));
                }
            }
            row += r_hi - r_lo;
        }
        Ok(())
    }

    /// The unsigned value of an entry (a bool read as its byte).
    #[inline(always)]
    unsafe fn bits<T: Wide>(at: *const T) -> u64 {
        at.cast::<T::Bits>().read().into()
    }

    /// One row of `n` entries `step` (1 or 2) apart as bits into `out`, through `words` (room
    /// for the row's words); whether every entry is 0 or 1.
    unsafe fn row_bits<T: Wide>(first: *const T, step: usize, n: usize, out: &mut [u8], words: &mut [u64]) -> bool {
        let mut seen = _mm_setzero_si128();
        let rest = entry_words(first, step, n, words, &mut seen, 0);
        let mut whole = out.chunks_exact_mut(8);
        for (bytes, word) in (&mut whole).zip(words.iter()) {
            bytes.copy_from_slice(&in_bytes(*word));
        }
        let tail = whole.into_remainder();
        if let Some(word) = words.get(n / 64).filter(|_| !tail.is_empty()) {
            let len = tail.len();
            tail.copy_from_slice(&in_bytes(*word)[..len]);
        }
        rest <= 1 && clean::<T>(seen)
    }

    /// A word of entries (entry k at bit k) as packed bytes: entry 0 in the top bit of the
    /// first.
    #[inline(always)]
    fn in_bytes(word: u64) -> [u8; 8] {
        word.reverse_bits().to_be_bytes()
    }

    /// `n` entries `step` (1 or 2) apart as words of 64 (entry j at bit j % 64 of word j / 64,
    /// the last word's unused bits 0), 16 at a time through their marks: every entry or-ed
    /// into `seen` or (one by one at the end) into the value returned.
    ///
    /// `ahead`: where (in entries from each word's first) to ask the processor for the entries
    /// of a word to come, 0 for nothing.
    unsafe fn entry_words<T: Wide>(
        first: *const T,
        step: usize,
        n: usize,
        words: &mut [u64],
        seen: &mut __m128i,
        ahead: isize,
    ) -> u64 {
        // Every other entry: the entry after the last of a run is read too, so a run stops
        // short of the last entry.
        let spare = step - 1;
        let sixteen =
            |j: usize, seen: &mut __m128i| _mm_movemask_epi8(marks16(first.add(j * step), step, seen)) as u16 as u64;
        let mut j = 0;
        while j + 64 + spare <= n {
            if ahead != 0 {
                let later = first.add(j * step).wrapping_offset(ahead).cast::<i8>();
                for line in (0..64 * size_of::<T>()).step_by(64) {
                    _mm_prefetch::<_MM_HINT_T0>(later.wrapping_add(line));
                }
            }
            words[j / 64] = sixteen(j, seen)
                | sixteen(j + 16, seen) << 16
                | sixteen(j + 32, seen) << 32
                | sixteen(j + 48, seen) << 48;
            j += 64;
        }
        // At most 64 entries are left: one word.
        let (start, mut word, mut rest) = (j, 0u64, 0u64);
        while j + 16 + spare <= n {
            word |= sixteen(j, seen) << (j - start);
            j += 16;
        }
        while j < n {
            let v = bits(first.add(j * step));
            rest |= v;
            word |= (v & 1) << (j - start);
            j += 1;
        }
        if start < n {
            words[start / 64] = word;
        }
        rest
    }

    /// `height` rows of `cols` entries in Fortran order (each column's entries contiguous,
    /// columns `cs` apart) as bits into `out`, `row_bytes` a row; whether every entry is 0 or
    /// 1. Each block of 64 columns (adjacent in memory) is read column by column, each column
    /// into words of 64 rows as a row is read, then each 64 x 64 square of bits transposed
    /// into the rows' words: the array is read in its own order, and the rows of bits written
    /// one word a row and block.
    unsafe fn column_bits<T: Wide>(
        first: *const T,
        height: usize,
        cols: usize,
        cs: isize,
        out: &mut [u8],
        row_bytes: usize,
    ) -> bool {
        let mut seen = _mm_setzero_si128();
        let mut rest = 0u64;
        let per_column = height.div_ceil(64);
        let mut columns = vec![0u64; 64 * per_column];
        for c0 in (0..cols).step_by(64) {
            let width = (cols - c0).min(64);
            for (k, words) in columns.chunks_exact_mut(per_column).take(width).enumerate() {
                // Each column's run is short: the processor is asked for the column
                // `COLUMNS_AHEAD` further on as this one is read.
                let ahead = COLUMNS_AHEAD as isize * cs;
                rest |= entry_words(first.offset((c0 + k) as isize * cs), 1, height, words, &mut seen, ahead);
            }
            let bytes = (row_bytes - c0 / 8).min(8);
            for w in 0..per_column {
                let mut square = [0u64; 64];
                for (k, word) in square[..width].iter_mut().enumerate() {
                    *word = columns[k * per_column + w];
                }
                transpose64(&mut square);
                let square = &square[..(height - 64 * w).min(64)];
                let first_row = 64 * w * row_bytes + c0 / 8;
                if bytes == 8 {
                    for (i, row) in square.iter().enumerate() {
                        let at = first_row + i * row_bytes;
                        out[at..at + 8].copy_from_slice(&in_bytes(*row));
                    }
                } else {
                    for (i, row) in square.iter().enumerate() {
                        let at = first_row + i * row_bytes;
                        out[at..at + bytes].copy_from_slice(&in_bytes(*row)[..bytes]);
                    }
                }
            }
        }
        rest <= 1 && clean::<T>(seen)
    }

    /// A 64 x 64 matrix of bits (bit i of word k: row k, column i) transposed in place: the
    /// off-diagonal halves swapped, then their quarters, down to single bits.
    #[inline(always)]
    fn transpose64(a: &mut [u64; 64]) {
        let (mut j, mut mask) = (32, 0x0000_0000_ffff_ffff_u64);
        while j != 0 {
            for base in (0..64).step_by(2 * j) {
                for k in base..base + j {
                    let t = ((a[k] >> j) ^ a[k + j]) & mask;
                    a[k] ^= t << j;
                    a[k + j] ^= t;
                }
            }
            j >>= 1;
            mask ^= mask << j;
        }
    }

    /// Whether no entry or-ed into `seen` has a bit but its lowest.
    #[inline(always)]
    unsafe fn clean<T: Wide>(seen: __m128i) -> bool {
        let high = match size_of::<T>() {
            1 => _mm_set1_epi8(!1),
            2 => _mm_set1_epi16(!1),
            4 => _mm_set1_epi32(!1),
            _ => _mm_set1_epi64x(!1),
        };
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(seen, high), _mm_setzero_si128())) == 0xffff
    }

    /// 16 entries from `first`, `step` (1 or 2) apart, as marks (byte k's top bit is entry k's
    /// lowest bit, its other bits 0 for a valid entry), every entry or-ed into `seen` (the
    /// entries between them, for step 2, masked off). For step 2 the entry after the last is
    /// read too.
    #[inline(always)]
    unsafe fn marks16<T: Wide>(first: *const T, step: usize, seen: &mut __m128i) -> __m128i {
        let width = size_of::<T>();
        let at = first.cast::<u8>();
        let load = |k: usize| _mm_loadu_si128(at.add(16 * k).cast());
        let mut regs = [_mm_setzero_si128(); 8];
        let lanes = match (step, width) {
            (1, _) => {
                for (k, reg) in regs[..width].iter_mut().enumerate() {
                    *reg = load(k);
                }
                width
            }
            (_, 8) => {
                // Pairs of 8-byte entries: the first of each pair.
                for (k, reg) in regs.iter_mut().enumerate() {
                    *reg = _mm_unpacklo_epi64(load(2 * k), load(2 * k + 1));
                }
                8
            }
            _ => {
                // Pairs of narrower entries: each pair a lane twice as wide holding the first.
                let first_of_pair = match width {
                    1 => _mm_set1_epi16(0xff),
                    2 => _mm_set1_epi32(0xffff),
                    _ => _mm_set1_epi64x(0xffff_ffff),
                };
                for (k, reg) in regs[..2 * width].iter_mut().enumerate() {
                    *reg = _mm_and_si128(load(k), first_of_pair);
                }
                2 * width
            }
        };
        for reg in &regs[..lanes] {
            *seen = _mm_or_si128(*seen, *reg);
        }
        marks(&regs, lanes)
    }

    /// 16 entries `lanes` bytes wide in the first `lanes` registers as marks (see [`marks16`]):
    /// each lowest bit shifted to the top of its lane, then the lanes packed down to bytes
    /// (a saturating pack keeps the top bit and zeros).
    #[inline(always)]
    unsafe fn marks(regs: &[__m128i; 8], lanes: usize) -> __m128i {
        let dwords = |r: &[__m128i]| {
            let top = |x| _mm_slli_epi32::<31>(x);
            _mm_packs_epi16(_mm_packs_epi32(top(r[0]), top(r[1])), _mm_packs_epi32(top(r[2]), top(r[3])))
        };
        match lanes {
            1 => _mm_slli_epi16::<7>(regs[0]),
            2 => _mm_packs_epi16(_mm_slli_epi16::<15>(regs[0]), _mm_slli_epi16::<15>(regs[1])),
            4 => dwords(&regs[..4]),
            _ => {
                // The low half of each 8-byte lane, two registers' worth in one.
                let low = |a, b| {
                    _mm_unpacklo_epi64(_mm_shuffle_epi32::<0b10_00_10_00>(a), _mm_shuffle_epi32::<0b10_00_10_00>(b))
                };
                let halves =
                    [low(regs[0], regs[1]), low(regs[2], regs[3]), low(regs[4], regs[5]), low(regs[6], regs[7])];
                dwords(&halves)
            }
        }
    }
}
