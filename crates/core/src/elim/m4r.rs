//! The Method of the Four Russians for bit-packed GF(2) matrices.
//!
//! Columns are processed one 64-bit word (a *pass*) at a time, half a word for small matrices.
//! In each pass up to 64 pivot rows are chosen and reduced against each other; they are split
//! into groups of at most [`K`] pivots whose columns lie in the same byte of the word, and for
//! each group a table of all `2^k` combinations of its rows is built in Gray-code order (one row
//! XOR per entry). Every other row is then cleared in the pass's pivot columns with one table
//! lookup per group, instead of one row XOR per pivot: about `K` times fewer passes over memory
//! than plain Gauss-Jordan elimination. The reduced form is reached by a second, cheaper sweep
//! from the last pass back to the first. The row updates are cache-blocked (tables are used one
//! stripe of [`STRIPE`] words at a time, so that they stay in cache) and split across threads
//! when the work is large enough to pay for it.

use super::m4r_panel;
use super::par::{for_each_row_chunk, xor_sources};
use crate::bitmatrix::BitMatrix;

/// Columns (pivots) per table: `2^K` entries each.
pub(super) const K: usize = 8;
/// Groups per pass: one per byte of the pass word.
pub(super) const GROUPS: usize = 64 / K;
/// Words of a row handled at once in the row updates (cache blocking of the tables).
const STRIPE: usize = 64;
/// Matrices of fewer words than this (about 2000 x 2000) take passes of 32 columns.
const SMALL_WORDS: usize = 1 << 16;

/// Bring `m` to echelon form, pivoting in columns `0..pivot_cols`, and return the pivot columns.
/// With `full`, the echelon form is then reduced (rows above each pivot cleared, see
/// [`back_substitute`]), giving the reduced row echelon form.
pub(crate) fn eliminate(m: &mut BitMatrix, pivot_cols: usize, full: bool) -> Vec<usize> {
    eliminate_with(m, pivot_cols, full, m4r_panel::PANEL_MIN_WORDS)
}

/// [`eliminate`], taking panels of several passes (see [`m4r_panel`]) while the rows still to
/// update hold at least `panel_min_words` words (tests lower it to reach that path on small
/// matrices).
pub(super) fn eliminate_with(m: &mut BitMatrix, pivot_cols: usize, full: bool, panel_min_words: usize) -> Vec<usize> {
    let (rows, wpr) = (m.rows(), m.words_per_row());
    let mut panel = m4r_panel::Panel::default();
    let limit = pivot_cols.min(m.cols());
    let mut pivots = Vec::new();
    let mut passes = Vec::new();
    let mut tables = Tables::default();
    // Small matrices: passes of half a word halve the cost of reducing the pivot rows against
    // each other, which there weighs as much as the row updates.
    let pass = if rows.saturating_mul(wpr) < SMALL_WORDS { 32 } else { 64 };
    let (mut r, mut c) = (0, 0);
    // Interrupted: stop after this pass; the caller reports it (crate::interrupt).
    while c < limit && r < rows && !crate::interrupt::requested() {
        let word = c / 64;
        if c % 64 == 0 && (rows - r).saturating_mul(wpr - word) >= panel_min_words {
            (r, c) = panel.run(m, r, c, limit, &mut passes, &mut pivots);
            continue;
        }
        let end = (c + pass).min(limit).min(word * 64 + 64);
        let mask = (if end - c == 64 { !0 } else { (1u64 << (end - c)) - 1 }) << (c % 64);
        let bits = select_pivots(m, r, word, mask, |_, _| {});
        let kk = bits.len();
        if kk > 0 {
            reduce_pivot_rows(m, r, word, &bits);
            tables.build(m, r, word, wpr, &bits);
            let below = &mut m.words_mut()[(r + kk) * wpr..];
            update(below, wpr, word, &tables, &[(0, wpr - word)]);
            pivots.extend(bits.iter().map(|&b| word * 64 + b as usize));
            passes.push((r, word, bits));
            r += kk;
        }
        c = end;
    }
    if full && !crate::interrupt::requested() {
        back_substitute(m, &passes, &pivots, pivot_cols);
    }
    pivots
}

/// Clear every pivot column above its pivot, one pass at a time from the last: after pass `t`
/// is done, the rows above it are zero in all of its pivot columns, so later passes' words in
/// which every column is a pivot column stay zero there and are skipped (for a square matrix of
/// full rank, only the pass's own word is touched).
fn back_substitute(m: &mut BitMatrix, passes: &[(usize, usize, Vec<u32>)], pivots: &[usize], pivot_cols: usize) {
    let (wpr, cols) = (m.words_per_row(), m.cols());
    let mut covered = vec![0u32; wpr];
    for &c in pivots {
        covered[c / 64] += 1;
    }
    // A word is dead when all of its columns (inside the matrix) are pivot columns.
    let dead: Vec<bool> = (0..wpr)
        .map(|w| (w * 64 + 64).min(cols) <= pivot_cols && covered[w] as usize == (w * 64 + 64).min(cols) - w * 64)
        .collect();
    let mut tables = Tables::default();
    for (r, word, bits) in passes.iter().rev() {
        if *r == 0 {
            continue;
        }
        let mut ranges: Vec<(usize, usize)> = vec![(0, 1)];
        for (w, _) in dead.iter().enumerate().skip(word + 1).filter(|(_, &d)| !d) {
            match ranges.last_mut() {
                Some(last) if last.1 == w - word => last.1 += 1,
                _ => ranges.push((w - word, w - word + 1)),
            }
        }
        tables.build(m, *r, *word, wpr, bits);
        update(&mut m.words_mut()[..r * wpr], wpr, *word, &tables, &ranges);
    }
}

/// Choose the pivots of the pass over word `word` (columns given by `mask`) among rows `r..`,
/// move them to rows `r, r+1, ...` (calling `on_swap` with the two rows of every swap) and return
/// their bit positions, increasing.
///
/// Works on the pass word only: each candidate's word is reduced lazily by the pivots found so
/// far (kept reduced against each other), which yields the unique representative of its coset
/// with zeros in every pivot column, so a candidate can be reduced in any number of steps.
pub(super) fn select_pivots(
    m: &mut BitMatrix,
    r: usize,
    word: usize,
    mask: u64,
    mut on_swap: impl FnMut(usize, usize),
) -> Vec<u32> {
    let (rows, wpr) = (m.rows(), m.words_per_row());
    let mut cand: Vec<(usize, u64)> = Vec::new();
    let mut next_row = r;
    let mut piv_bits = 0u64;
    let mut piv_val = [0u64; 64];
    let mut bits = Vec::new();
    let mut remaining = mask;
    while remaining != 0 && r + bits.len() < rows {
        let j = remaining.trailing_zeros();
        remaining &= remaining - 1;
        let bit = 1u64 << j;
        let mut i = bits.len();
        let hit = loop {
            if i == cand.len() {
                if next_row == rows {
                    break None;
                }
                cand.push((next_row, m.words()[next_row * wpr + word] & mask));
                next_row += 1;
            }
            let mut v = cand[i].1;
            let mut t = v & piv_bits;
            while t != 0 {
                v ^= piv_val[t.trailing_zeros() as usize];
                t &= t - 1;
            }
            cand[i].1 = v;
            if v & bit != 0 {
                break Some(i);
            }
            i += 1;
        };
        let Some(i) = hit else { continue };
        cand.swap(bits.len(), i);
        let v = cand[bits.len()].1;
        let mut t = piv_bits;
        while t != 0 {
            let b = t.trailing_zeros() as usize;
            if piv_val[b] & bit != 0 {
                piv_val[b] ^= v;
            }
            t &= t - 1;
        }
        piv_bits |= bit;
        piv_val[j as usize] = v;
        bits.push(j);
    }
    // Move the pivot rows into place, tracking rows displaced by earlier swaps.
    let mut at: Vec<usize> = cand[..bits.len()].iter().map(|&(row, _)| row).collect();
    for t in 0..at.len() {
        let (dst, src) = (r + t, at[t]);
        m.swap_rows(dst, src);
        on_swap(dst, src);
        for later in at.iter_mut().skip(t + 1) {
            if *later == dst {
                *later = src;
            }
        }
    }
    bits
}

/// Reduce pivot rows `r..r + bits.len()` against each other (Gauss-Jordan among themselves), so
/// that each has exactly one set bit among the pass's pivot columns.
pub(super) fn reduce_pivot_rows(m: &mut BitMatrix, r: usize, word: usize, bits: &[u32]) {
    let wpr = m.words_per_row();
    for t in 0..bits.len() {
        for (s, &b) in bits[..t].iter().enumerate() {
            if m.words()[(r + t) * wpr + word] >> b & 1 == 1 {
                m.xor_row_into_from(r + s, r + t, word);
            }
        }
        debug_assert!(m.words()[(r + t) * wpr + word] >> bits[t] & 1 == 1, "a chosen pivot vanished");
        for s in 0..t {
            if m.words()[(r + s) * wpr + word] >> bits[t] & 1 == 1 {
                m.xor_row_into_from(r + t, r + s, word);
            }
        }
    }
}

/// One group of a pass: the pivots whose columns lie in byte `byte` of the pass word.
pub(super) struct Group {
    pub(super) byte: u32,
    /// First entry of this group's table in [`Tables::data`].
    pub(super) offset: usize,
    /// From the byte's value in a row to the table entry that clears its pivot bits.
    pub(super) map: [u16; 256],
}

/// Gray-code tables of one pass: for each group, all combinations of its pivot rows (words
/// `word..` only). Entry 0 of every table is zero.
#[derive(Default)]
pub(super) struct Tables {
    pub(super) data: Vec<u64>,
    /// Words per entry.
    pub(super) width: usize,
    pub(super) groups: Vec<Group>,
    /// All pivot bits of the pass.
    pub(super) mask: u64,
}

impl Tables {
    /// Build the tables of the pass over word `word` with pivot rows `r..`, over words
    /// `word..end` of those rows.
    pub(super) fn build(&mut self, m: &BitMatrix, r: usize, word: usize, end: usize, bits: &[u32]) {
        self.width = end - word;
        self.mask = bits.iter().fold(0, |acc, &b| acc | 1u64 << b);
        self.groups.clear();
        let mut entries = 0;
        let mut spans = Vec::new();
        let mut first = 0;
        for byte in 0..GROUPS as u32 {
            let count = bits[first..].iter().take_while(|&&b| b / K as u32 == byte).count();
            if count == 0 {
                continue;
            }
            let group_bits = &bits[first..first + count];
            let mut map = [0u16; 256];
            for (v, e) in map.iter_mut().enumerate() {
                for (i, &b) in group_bits.iter().enumerate() {
                    *e |= ((v >> (b - byte * K as u32)) as u16 & 1) << i;
                }
            }
            self.groups.push(Group { byte, offset: entries, map });
            spans.push((entries, first, count));
            entries += 1 << count;
            first += count;
        }
        let w = self.width;
        self.data.clear();
        self.data.resize(entries * w, 0);
        for (offset, first, count) in spans {
            for i in 1usize..1 << count {
                let (gray, prev) = (i ^ (i >> 1), (i - 1) ^ ((i - 1) >> 1));
                let src = &m.row(r + first + (gray ^ prev).trailing_zeros() as usize)[word..end];
                let (dst, before) = entry_pair(&mut self.data, offset + gray, offset + prev, w);
                for ((d, &p), &s) in dst.iter_mut().zip(before).zip(src) {
                    *d = p ^ s;
                }
            }
        }
    }
}

/// Entry `dst` (mutable) and entry `src` (shared) of a table of `w`-word entries; `dst != src`.
fn entry_pair(data: &mut [u64], dst: usize, src: usize, w: usize) -> (&mut [u64], &[u64]) {
    if dst > src {
        let (lo, hi) = data.split_at_mut(dst * w);
        (&mut hi[..w], &lo[src * w..(src + 1) * w])
    } else {
        let (lo, hi) = data.split_at_mut(src * w);
        (&mut lo[dst * w..(dst + 1) * w], &hi[..w])
    }
}

/// Clear the pass's pivot columns in every row of `rows` (row-major, `wpr` words per row),
/// writing only the word ranges `ranges` (offsets from `word`; the others are known to stay zero).
pub(super) fn update(rows: &mut [u64], wpr: usize, word: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    if rows.is_empty() {
        return;
    }
    let work: usize = ranges.iter().map(|(a, b)| b - a).sum();
    for_each_row_chunk(rows, wpr, work * tables.groups.len(), |chunk| {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            return unsafe { update_chunk_avx2(chunk, wpr, word, tables, ranges) };
        }
        update_chunk(chunk, wpr, word, tables, ranges)
    });
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_chunk_avx2(chunk: &mut [u64], wpr: usize, word: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    update_chunk(chunk, wpr, word, tables, ranges)
}

/// The row updates of one chunk of rows: look up every row's entries first (the pass word
/// changes as the row is updated), then XOR them in one stripe of columns at a time.
#[inline(always)]
fn update_chunk(chunk: &mut [u64], wpr: usize, word: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    let w = tables.width;
    let mut todo: Vec<(usize, [usize; GROUPS])> = Vec::new();
    for (i, row) in chunk.chunks_exact(wpr).enumerate() {
        let v = row[word] & tables.mask;
        if v == 0 {
            continue;
        }
        let mut offsets = [0usize; GROUPS];
        for (o, g) in offsets.iter_mut().zip(&tables.groups) {
            *o = (g.offset + g.map[(v >> (g.byte * K as u32)) as u8 as usize] as usize) * w;
        }
        todo.push((i * wpr + word, offsets));
    }
    let many = tables.groups.len() > GROUPS / 2;
    for &(from, to) in ranges {
        for s0 in (from..to).step_by(STRIPE) {
            let len = STRIPE.min(to - s0);
            for (start, offsets) in &todo {
                let dst = &mut chunk[start + s0..start + s0 + len];
                xor_sources(dst, &tables.data, offsets, s0, many);
            }
        }
    }
}
