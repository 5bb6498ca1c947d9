//! Panels of several Four Russians passes for matrices larger than the caches.
//!
//! A pass of [`super::m4r`] reads and writes every row below its pivots once, from its word to
//! the end of the row. Past the last-level cache that traffic to memory, not the table lookups,
//! sets the time: a 40,000 x 40,000 matrix (200 MB) moves about 80 GB in its 625 passes. A panel
//! does [`PANEL`] passes in one sweep over the rows:
//!
//! 1. The passes first run on the panel's words only (a narrow strip of every row, which stays
//!    in cache), each row's lookup key of every pass (its pass word, masked to the pivot bits,
//!    just before the pass clears it) being recorded. Rows are swapped whole.
//! 2. The few pivot rows of a pass are brought up to date past the panel before they are reduced
//!    against each other and their tables are built, by replaying their recorded keys of the
//!    earlier passes of the panel.
//! 3. One sweep then XORs, into the rest of every row below the panel's pivots, the entries of
//!    all the panel's tables that its keys select, a stripe of columns at a time.
//!
//! Every row receives the same XORs as in one pass at a time, so the result is the same matrix,
//! bit for bit, with about [`PANEL`] times less memory traffic.

use super::four_russians::{reduce_pivot_rows, select_pivots, update, PassRecord};
use super::gray_tables::Tables;
use crate::bitmatrix::PackedRows;
use crate::features::with_features;
use rayon::prelude::*;

/// Passes (words of 64 columns) per panel. Eight took about a sixth more time at N = 40,000
/// (more table entries read per word than the memory traffic they save).
pub(super) const PANEL: usize = 4;
/// Panels are taken while the rows still to update hold at least this many words (64 MiB, twice
/// a last-level cache of 32 MiB). A panel reads more table entries per word than its passes one
/// at a time (44 against 32), which pays only when the rows' traffic to memory dominates: at
/// N = 20,000 (50 MB) single passes, each reading a row whole, were faster (1.7 to 1.9 s against
/// 2.1 to 2.3 s on one thread, with panels down to 16 MiB).
pub(super) const PANEL_MIN_WORDS: usize = 1 << 23;
/// Words of a row handled at once in the sweep. The stripes of the panel's tables then take
/// `PANEL` x 704 entries x `STRIPE` words (704 KiB, about the size of a second-level cache),
/// while a row is read in runs of 256 bytes (stripes of 16 words were slower at N = 20,000).
const STRIPE: usize = 32;
/// Words XORed at once (kept in registers).
const BLOCK: usize = 32;
/// Columns per group of the sweep's tables: 11 lookups per pass and 2^6 entries per group, a
/// trade between groups of 4 columns (16 lookups, about a fifth more time at N = 40,000: the
/// sweep is bound by its loads and XORs) and of 8 (tables too large for the second-level cache).
const BITS: usize = 6;
/// Groups per pass (the last one of 4 columns).
const GROUPS_P: usize = 64usize.div_ceil(BITS);
/// Entries per group.
const ENTRIES: usize = 1 << BITS;
/// Entries of one pass's tables.
const PASS_ENTRIES: usize = GROUPS_P * ENTRIES;
/// Rows fetched ahead in the sweep.
const AHEAD: usize = 2;
/// Below this many words of sweep work the sweep runs on the calling thread.
const PAR_MIN_WORK: usize = 1 << 17;

/// The reusable buffers of the panels, kept across panels so that their memory is not
/// requested anew each time.
#[derive(Default)]
pub(super) struct Panel {
    /// Tables of one pass over the panel's words, for the rows' panel words.
    strip: Tables,
    /// Tables of the panel's passes over the words past the panel, one block of
    /// `PANEL * PASS_ENTRIES` entries of `STRIPE` words per stripe: entry `ENTRIES g + x` of pass
    /// `d` is the sum of the pivot rows whose pivot bits are the set bits of `x` in group `g`
    /// (columns `BITS g ..`) of the pass word (only combinations of pivot bits are built; the
    /// others are never read).
    groups: Vec<u64>,
    /// Lookup key of every row (from the panel's first pivot row on) for every pass.
    keys: Vec<u64>,
}

/// One pass of a panel: its index in the panel (of its key).
#[derive(Clone, Copy)]
struct Pass {
    q: usize,
}

impl Panel {
    /// Run the passes of the panel starting at column `c0` (a multiple of 64) with pivot rows
    /// from `r0`, pivoting in columns below `limit`; record them in `passes` and `pivots` as
    /// single passes do, and return the next pivot row and column.
    pub(super) fn run(
        &mut self,
        m: &mut PackedRows<1>,
        r0: usize,
        c0: usize,
        limit: usize,
        passes: &mut Vec<PassRecord>,
        pivots: &mut Vec<usize>,
    ) -> (usize, usize) {
        debug_assert!(c0.is_multiple_of(64) && c0 < limit);
        let (rows, wpr) = (m.rows(), m.words_per_row());
        let w0 = c0 / 64;
        let w1 = (w0 + PANEL).min(limit.div_ceil(64));
        let n = w1 - w0;
        let width = wpr - w1;
        let block = PANEL * PASS_ENTRIES * STRIPE;
        let stripes = width.div_ceil(STRIPE);
        if self.groups.len() < stripes * block {
            self.groups.resize(stripes * block, 0);
        }
        self.keys.clear();
        self.keys.resize((rows - r0) * n, 0);
        let mut done: Vec<Pass> = Vec::new();
        let (mut r, mut c) = (r0, c0);
        for q in 0..n {
            if r == rows {
                break;
            }
            let word = w0 + q;
            let end = (word * 64 + 64).min(limit);
            let mask = if end - c == 64 { !0 } else { (1u64 << (end - c)) - 1 };
            c = end;
            let keys = &mut self.keys;
            let bits = select_pivots(m, r, word * 64, mask, |a, b| {
                for j in 0..n {
                    keys.swap((a - r0) * n + j, (b - r0) * n + j);
                }
            });
            let kk = bits.len();
            if kk == 0 {
                continue;
            }
            // The pivot rows past the panel: the earlier passes of the panel, then each other.
            if width > 0 {
                for t in r..r + kk {
                    let key = &self.keys[(t - r0) * n..(t - r0 + 1) * n];
                    let row = &mut m.row_mut(t)[w1..];
                    for (st, part) in row.chunks_mut(STRIPE).enumerate() {
                        apply(part, &self.groups[st * block..(st + 1) * block], key, &done);
                    }
                }
            }
            reduce_pivot_rows(m, r, word * 64, &bits);
            if width > 0 {
                build_groups(&mut self.groups, m, r, &bits, done.len(), w1);
            }
            let strip = &mut self.strip;
            strip.build(m, r, word, w1, &bits);
            for i in r + kk..rows {
                self.keys[(i - r0) * n + q] = m.words()[i * wpr + word] & strip.mask;
            }
            update::<1>(&mut m.words_mut()[(r + kk) * wpr..], wpr, word * 64, strip, &[(0, w1 - word)]);
            pivots.extend(bits.iter().map(|&b| word * 64 + b as usize));
            passes.push((r, word * 64, bits));
            done.push(Pass { q });
            r += kk;
        }
        if width > 0 && r < rows && !done.is_empty() {
            sweep(&mut m.words_mut()[r * wpr..], wpr, w1, &self.keys[(r - r0) * n..], n, &self.groups, &done);
        }
        (r, c)
    }
}

/// Build the group tables of pass `d` of the panel (pivot rows `r..`, reduced, with pivot bits
/// `bits`) over words `w1..` of the rows.
fn build_groups(groups: &mut [u64], m: &PackedRows<1>, r: usize, bits: &[u32], d: usize, w1: usize) {
    let width = m.words_per_row() - w1;
    let mut row_of = [usize::MAX; 64];
    for (t, &b) in bits.iter().enumerate() {
        row_of[b as usize] = r + t;
    }
    let block = PANEL * PASS_ENTRIES * STRIPE;
    for (st, tables) in groups.chunks_exact_mut(block).take(width.div_ceil(STRIPE)).enumerate() {
        let (s0, len) = (st * STRIPE, STRIPE.min(width - st * STRIPE));
        let pass = &mut tables[d * PASS_ENTRIES * STRIPE..(d + 1) * PASS_ENTRIES * STRIPE];
        for (g, table) in pass.chunks_exact_mut(ENTRIES * STRIPE).enumerate() {
            table[..STRIPE].fill(0);
            let pm = (0..BITS)
                .filter(|&i| BITS * g + i < 64 && row_of[BITS * g + i] != usize::MAX)
                .fold(0usize, |a, i| a | 1 << i);
            for x in 1..ENTRIES {
                // A combination with a non-pivot bit is never looked up (keys hold pivot bits).
                if x & !pm != 0 {
                    continue;
                }
                let row = row_of[BITS * g + x.trailing_zeros() as usize];
                let rest = x & (x - 1);
                let (before, entry) = table.split_at_mut(x * STRIPE);
                let src = &m.row(row)[w1 + s0..w1 + s0 + len];
                for ((e, &p), &s) in entry[..len].iter_mut().zip(&before[rest * STRIPE..]).zip(src) {
                    *e = p ^ s;
                }
            }
        }
    }
}

/// XOR into `dst` (one stripe of a row, at most [`STRIPE`] words) the entries that its `keys`
/// select in the stripe's tables `tables`, for the passes `done`.
#[inline(always)]
fn apply(dst: &mut [u64], tables: &[u64], keys: &[u64], done: &[Pass]) {
    let mut offsets = [0usize; GROUPS_P * PANEL];
    let mut count = 0;
    for (d, p) in done.iter().enumerate() {
        let v = keys[p.q];
        for g in 0..GROUPS_P {
            let x = (v >> (BITS * g)) as usize & (ENTRIES - 1);
            offsets[count] = ((d * GROUPS_P + g) * ENTRIES + x) * STRIPE;
            count += (x != 0) as usize;
        }
    }
    let offsets = &offsets[..count];
    let xor_block = |acc: &mut [u64; BLOCK], at: usize| {
        for &o in offsets {
            let src: &[u64; BLOCK] = tables[o + at..o + at + BLOCK].try_into().expect("BLOCK words");
            for i in 0..BLOCK {
                acc[i] ^= src[i];
            }
        }
    };
    let at = dst.len() / BLOCK * BLOCK;
    let mut parts = dst.chunks_exact_mut(BLOCK);
    for (b, part) in parts.by_ref().enumerate() {
        let part: &mut [u64; BLOCK] = part.try_into().expect("BLOCK words");
        let mut acc = *part;
        xor_block(&mut acc, b * BLOCK);
        *part = acc;
    }
    let tail = parts.into_remainder();
    if !tail.is_empty() {
        let mut acc = [0u64; BLOCK];
        for (a, &t) in acc.iter_mut().zip(tail.iter()) {
            *a = t;
        }
        xor_block(&mut acc, at);
        for (t, &a) in tail.iter_mut().zip(&acc) {
            *t = a;
        }
    }
}

/// Words `w1..` of every row of `data` (`wpr` words per row) receive the entries that its keys
/// (`n` per row) select in the panel's tables.
fn sweep(data: &mut [u64], wpr: usize, w1: usize, keys: &[u64], n: usize, groups: &[u64], done: &[Pass]) {
    let rows = data.len() / wpr;
    let threads = rayon::current_num_threads();
    let run = |(chunk, keys): (&mut [u64], &[u64])| sweep_chunk_fast(chunk, wpr, w1, keys, n, groups, done);
    if threads < 2 || rows < 2 || rows.saturating_mul((wpr - w1) * done.len()) < PAR_MIN_WORK {
        run((data, keys));
        return;
    }
    // Few chunks: each reads the stripes of the tables once.
    let per_task = rows.div_ceil(2 * threads).max(1);
    data.par_chunks_mut(per_task * wpr).zip(keys.par_chunks(per_task * n)).for_each(run);
}

with_features! {
    /// [`sweep_chunk`], with AVX2 where the processor has it.
    fn sweep_chunk_fast(chunk: &mut [u64], wpr: usize, w1: usize, keys: &[u64], n: usize, groups: &[u64], done: &[Pass])
        = sweep_chunk if ["avx2"]
}

/// Ask for the cache lines of `words` ahead of their use.
#[inline(always)]
fn prefetch(words: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    for line in words.chunks(8) {
        // SAFETY: a prefetch only hints the cache; the address is that of a live slice.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(line.as_ptr().cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = words;
}

/// The sweep over one chunk of rows, one stripe of columns at a time.
#[inline(always)]
fn sweep_chunk(chunk: &mut [u64], wpr: usize, w1: usize, keys: &[u64], n: usize, groups: &[u64], done: &[Pass]) {
    let width = wpr - w1;
    let block = PANEL * PASS_ENTRIES * STRIPE;
    let todo: Vec<usize> =
        (0..chunk.len() / wpr).filter(|&i| keys[i * n..(i + 1) * n].iter().any(|&k| k != 0)).collect();
    for (st, s0) in (0..width).step_by(STRIPE).enumerate() {
        let len = STRIPE.min(width - s0);
        let tables = &groups[st * block..(st + 1) * block];
        for (j, &i) in todo.iter().enumerate() {
            // The rows are far apart: fetch the stripe of a row ahead while this one is updated.
            if let Some(&ahead) = todo.get(j + AHEAD) {
                prefetch(&chunk[ahead * wpr + w1 + s0..ahead * wpr + w1 + s0 + len]);
            }
            let start = i * wpr + w1 + s0;
            apply(&mut chunk[start..start + len], tables, &keys[i * n..(i + 1) * n], done);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::m4r::eliminate_with;
    use crate::bitmatrix::BitMatrix;
    use crate::elim::gf2::rref_simple;
    use proptest::prelude::*;

    fn random(rows: usize, cols: usize, cap: Option<usize>, seed: u64) -> BitMatrix {
        let mut draws = 0u64;
        let mut rand = |r: usize, c: usize| {
            draws += 1;
            let bits =
                crate::field::random_presses(crate::Modulus::TWO, r * c, seed.wrapping_mul(3).wrapping_add(draws));
            let mut m = BitMatrix::zeros(r, c).unwrap();
            for (k, &bit) in bits.iter().enumerate() {
                m.set(k / c, k % c, bit == 1);
            }
            m
        };
        match cap {
            None => rand(rows, cols),
            // Rank at most k: a product of random rows x k and k x cols matrices.
            Some(k) => {
                let (a, b) = (rand(rows, k), rand(k, cols));
                let mut m = BitMatrix::zeros(rows, cols).unwrap();
                for i in 0..rows {
                    for t in (0..k).filter(|&t| a.get(i, t)) {
                        for (d, &s) in m.row_mut(i).iter_mut().zip(b.row(t)) {
                            *d ^= s;
                        }
                    }
                }
                m
            }
        }
    }

    /// The panels (forced on every size) give the plain Gauss-Jordan result, as single passes do.
    fn check(rows: usize, cols: usize, cap: Option<usize>, pivot_cols: usize, seed: u64) {
        let m = random(rows, cols, cap, seed);
        let (mut a, mut b, mut s) = (m.clone(), m.clone(), m.clone());
        let want = rref_simple(&mut s, pivot_cols);
        assert_eq!(eliminate_with(&mut a, pivot_cols, true, 0), want);
        assert_eq!(a, s);
        // The echelon form (which depends on the pass width) spans the same rows.
        let mut e = m;
        assert_eq!(eliminate_with(&mut e, pivot_cols, false, 0), want);
        assert_eq!(rref_simple(&mut e, pivot_cols), want);
        assert_eq!(e, s);
        assert_eq!(eliminate_with(&mut b, pivot_cols, true, usize::MAX), want);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn panels_match_plain_gauss_jordan(
            rows in prop_oneof![0usize..3, 60usize..70, 1usize..400],
            cols in prop_oneof![1usize..3, 250usize..262, 1usize..700],
            cap in prop_oneof![Just(None), (0usize..300).prop_map(Some)],
            cut in 0usize..720,
            seed in any::<u64>(),
        ) {
            check(rows, cols, cap, cut.min(cols + 5), seed);
        }
    }

    /// Large enough for the sweep to run on several threads, several panels, a short last panel.
    #[test]
    fn panels_match_on_larger_matrices() {
        for (rows, cols, cap, pivot_cols) in
            [(1200, 1100, None, 1100), (900, 1500, Some(500), 1300), (3000, 700, None, 650), (600, 2000, None, 2000)]
        {
            check(rows, cols, cap, pivot_cols, rows as u64);
        }
    }
}
