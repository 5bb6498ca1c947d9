//! The Gray-code tables of the GF(2) Four Russians ([`super::m4r`], and its panels in
//! [`super::m4r_panel`]): per pass, the pivots are split into groups of at most [`K`] whose
//! columns lie in the same byte of the pass word, and each group's table holds all `2^k`
//! combinations of its rows, built in Gray-code order (one row XOR per entry).

use super::four_russians::group_spans;
use super::par::for_each_part;
use crate::bitmatrix::PackedRows;

/// Columns (pivots) per table: `2^K` entries each.
pub(super) const K: usize = 8;
/// Groups per pass: one per byte of the pass word.
pub(super) const GROUPS: usize = 64 / K;

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
    pub(super) fn build(&mut self, m: &PackedRows<1>, r: usize, word: usize, end: usize, bits: &[u32]) {
        self.width = end - word;
        self.mask = bits.iter().fold(0, |acc, &b| acc | 1u64 << b);
        self.groups.clear();
        let mut entries = 0;
        let spans = group_spans(bits, K, GROUPS);
        for &(byte, first, count) in &spans {
            let group_bits = &bits[first..first + count];
            let mut map = [0u16; 256];
            for (v, e) in map.iter_mut().enumerate() {
                for (i, &b) in group_bits.iter().enumerate() {
                    *e |= ((v >> (b - byte * K as u32)) as u16 & 1) << i;
                }
            }
            self.groups.push(Group { byte, offset: entries, map });
            entries += 1 << count;
        }
        let w = self.width;
        self.data.resize(entries * w, 0);
        // The tables follow each other in `data`, one per group, and are built side by side.
        let mut parts = Vec::with_capacity(spans.len());
        let mut rest = &mut self.data[..];
        for &(_, first, count) in &spans {
            let (table, tail) = rest.split_at_mut((1 << count) * w);
            parts.push((table, first, count));
            rest = tail;
        }
        for_each_part(parts, entries * w, |(table, first, count)| {
            // Every entry but the first is written below: only that one is cleared.
            table[..w].fill(0);
            for i in 1usize..1 << count {
                let (gray, prev) = (i ^ (i >> 1), (i - 1) ^ ((i - 1) >> 1));
                let src = &m.row(r + first + (gray ^ prev).trailing_zeros() as usize)[word..end];
                let (dst, before) = entry_pair(table, gray, prev, w);
                for ((d, &p), &s) in dst.iter_mut().zip(before).zip(src) {
                    *d = p ^ s;
                }
            }
        });
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
