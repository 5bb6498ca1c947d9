//! The kernel of the reader: `n` entries a fixed step apart as words of bits, every entry
//! checked to be 0 or 1 on the way.
//!
//! On x86-64, entries 1 or 2 apart go 16 at a time through SSE2 registers (part of every x86-64
//! processor): they become 16 bytes whose top bit is each entry's lowest bit ("marks") by one
//! shift for bytes, shifts and saturating packs for wider entries, and a movemask turns the
//! marks of 16 entries into 16 bits. Every entry read is or-ed into one register too: an entry
//! is valid when it has no bit but the lowest, so one test of that register at the end finds
//! whether a bad one was read. Other steps, and other processors, take the portable loop.

// The unsafe functions here are unsafe throughout (raw pointers into rows whose bounds the
// caller vouches for): their bodies are not split into unsafe blocks one operation at a time.
#![allow(unsafe_op_in_unsafe_fn)]

use super::Entry;

/// `n` entries `step` apart from `first` as words of 64 (entry `j` at bit `j % 64` of word
/// `j / 64`, the last word's unused bits 0, every word of `words[..n.div_ceil(64)]` written);
/// whether every entry is 0 or 1.
///
/// `ahead`: where (in entries from each word's first) to ask the processor for the entries of a
/// word to come, 0 for nothing (a hint for runs read one after another that do not follow one
/// another in memory: the columns of a Fortran-order array, the rows of a strided view). A step of -1 or -2 is read forward from the run's last entry and
/// its bits reversed, so a reversed view reads as fast as its forward one.
///
/// # Safety
/// `first.offset(j * step)` must be a readable entry for every `j < n` (for step 2 the
/// 16-entry loads also read the entries between, never past the last).
#[inline]
pub(super) unsafe fn entry_words<T: Entry>(
    first: *const T,
    step: isize,
    n: usize,
    words: &mut [u64],
    ahead: isize,
) -> bool {
    // 16 entries at a time through their marks, for `step` 1 or 2. The step is fixed at compile
    // time, with the entry's width: the read of 1- to 4-byte entries becomes straight-line
    // register code (a step known only at run time kept the registers of 16 entries in memory:
    // 2x to 2.6x slower for bytes). 8-byte entries read faster with the step given at run time
    // (measured, one thread: 60 ms against 92 to 103 ms for 800 MB in C order), so they keep it.
    #[cfg(target_arch = "x86_64")]
    let marks = |first: *const T, step: usize, words: &mut [u64]| match (size_of::<T>(), step) {
        (8, _) => sse2::stepped::<T, 0>(first, step, n, words, ahead),
        (_, 1) => sse2::stepped::<T, 1>(first, 1, n, words, ahead),
        _ => sse2::stepped::<T, 2>(first, 2, n, words, ahead),
    };
    #[cfg(target_arch = "x86_64")]
    if step == 1 || step == 2 {
        return marks(first, step as usize, words);
    }
    #[cfg(target_arch = "x86_64")]
    if (step == -1 || step == -2) && n > 0 {
        // A reversed run (`a[:, ::-1]`, `a[::-1]` in Fortran order): read forward from its last
        // entry, in memory order, then the bits put back in the run's order.
        let last = first.offset((n as isize - 1) * step);
        let clean = marks(last, step.unsigned_abs(), words);
        reverse_run(&mut words[..n.div_ceil(64)], n);
        return clean;
    }
    let _ = ahead;
    portable(first, step, n, words)
}

/// The `n` bits of `words` (bit `j % 64` of word `j / 64`) in reverse order, the last word's
/// unused bits 0.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn reverse_run(words: &mut [u64], n: usize) {
    words.reverse();
    for w in words.iter_mut() {
        *w = w.reverse_bits();
    }
    // The bits now end at the top of the last word: moved down by the unused ones.
    let pad = 64 * words.len() - n;
    if pad > 0 {
        for k in 0..words.len() {
            let next = words.get(k + 1).map_or(0, |&w| w << (64 - pad));
            words[k] = (words[k] >> pad) | next;
        }
    }
}

/// The entry at `at` as its unsigned bits (a bool read as its byte, whatever byte it is).
#[inline(always)]
unsafe fn bits<T: Entry>(at: *const T) -> u64 {
    at.cast::<T::Bits>().read().into()
}

/// [`entry_words`] one entry at a time.
unsafe fn portable<T: Entry>(first: *const T, step: isize, n: usize, words: &mut [u64]) -> bool {
    let mut seen = 0u64;
    for (w, word) in words[..n.div_ceil(64)].iter_mut().enumerate() {
        let base = first.offset(64 * w as isize * step);
        let mut acc = 0u64;
        for j in 0..(n - 64 * w).min(64) {
            let v = bits(base.offset(j as isize * step));
            seen |= v;
            acc |= (v & 1) << j;
        }
        *word = acc;
    }
    seen <= 1
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use super::{bits, Entry};
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi16,
        _mm_packs_epi32, _mm_prefetch, _mm_set1_epi16, _mm_set1_epi32, _mm_set1_epi64x, _mm_set1_epi8,
        _mm_setzero_si128, _mm_shuffle_epi32, _mm_slli_epi16, _mm_slli_epi32, _mm_unpacklo_epi64, _MM_HINT_T0,
    };

    /// [`super::entry_words`] for `step` 1 or 2, 16 entries at a time through their marks:
    /// entries `STEP` apart, or `step` apart where `STEP` is 0.
    #[inline(always)]
    pub(super) unsafe fn stepped<T: Entry, const STEP: usize>(
        first: *const T,
        step: usize,
        n: usize,
        words: &mut [u64],
        ahead: isize,
    ) -> bool {
        let step = if STEP == 0 { step } else { STEP };
        let mut seen = _mm_setzero_si128();
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
            words[j / 64] = sixteen(j, &mut seen)
                | sixteen(j + 16, &mut seen) << 16
                | sixteen(j + 32, &mut seen) << 32
                | sixteen(j + 48, &mut seen) << 48;
            j += 64;
        }
        // At most 64 entries are left: one word.
        let (start, mut word, mut rest) = (j, 0u64, 0u64);
        while j + 16 + spare <= n {
            word |= sixteen(j, &mut seen) << (j - start);
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
        rest <= 1 && clean::<T>(seen)
    }

    /// Whether no entry or-ed into `seen` has a bit but its lowest.
    #[inline(always)]
    unsafe fn clean<T: Entry>(seen: __m128i) -> bool {
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
    unsafe fn marks16<T: Entry>(first: *const T, step: usize, seen: &mut __m128i) -> __m128i {
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
