//! The Method of the Four Russians on bitsliced GF(3) matrices (see [`super::gf3`]).
//!
//! Columns are processed [`PASS`] at a time. In each pass the pivot rows are chosen, scaled to a
//! leading 1 and reduced against each other; they fall into groups of [`K`] consecutive columns,
//! and for each group a table holds all `3^k` combinations `a_0 R_0 + ... + a_{k-1} R_{k-1}` of
//! its rows (one row addition per entry). Every other row `x` is then cleared in the pass's pivot
//! columns by subtracting, per group, the entry whose coefficients are `x`'s own entries in the
//! group's pivot columns. Row updates are cache-blocked and split across threads when large.
//!
//! The steps both fields share are in [`super::four_russians`]; this module brings GF(3)'s
//! passes, windows (two planes) and `3^k`-entry tables.

use super::four_russians::{self, group_spans, PackedField};
use super::trits::{add, sub};
use crate::bitmatrix::PackedRows;

/// Pivot columns per table: `3^K` entries each.
const K: usize = 5;
/// Tables per pass.
const GROUPS: usize = 4;
/// Columns per pass (at most 64, so that a pass fits in one extracted word per plane).
const PASS: usize = K * GROUPS;
/// Words per plane handled at once in the row updates (cache blocking of the tables).
const STRIPE: usize = 32;

/// Bring `m` to echelon form, pivoting in columns `0..pivot_cols`, and return the pivot columns.
/// With `full`, the echelon form is then reduced (reduced row echelon form).
pub(crate) fn eliminate(m: &mut PackedRows<2>, pivot_cols: usize, full: bool) -> Vec<usize> {
    four_russians::eliminate(m, pivot_cols, full, &mut |_, _, _, _, _, _| None)
}

/// GF(3) on two planes: a window is a pair of words (ones, twos) cut at any column, a pivot row
/// is made monic by negating it (swapping its planes), and row subtraction is the plane formula
/// of [`super::gf3`].
impl PackedField for PackedRows<2> {
    type Window = (u64, u64);
    type Tables = Tables;

    #[inline]
    fn entry(&self, r: usize, c: usize) -> u32 {
        self.trit(r, c)
    }
    fn sub_row(&mut self, src: usize, dst: usize, a: u32, from: usize) {
        debug_assert!(a == 1 || a == 2);
        let w = self.words_per_row();
        let (s, d) = self.row_pair(src, dst);
        let (d1, d2) = d.split_at_mut(w);
        let (s1, s2) = if a == 1 { (&s[..w], &s[w..]) } else { (&s[w..], &s[..w]) };
        for i in from..w {
            (d1[i], d2[i]) = sub(d1[i], d2[i], s1[i], s2[i]);
        }
    }
    fn make_monic(&mut self, r: usize, lead: u32, from: usize) {
        if lead == 2 {
            let (a, b) = self.planes_mut(r);
            a[from..].swap_with_slice(&mut b[from..]);
        }
    }

    /// Passes of [`PASS`] columns from any column.
    fn pass(&self, c: usize, limit: usize) -> (usize, usize, u64) {
        let end = (c + PASS).min(limit);
        (c, end, (1u64 << (end - c)) - 1)
    }
    #[inline]
    fn window(&self, r: usize, base: usize, mask: u64) -> (u64, u64) {
        let w = self.words_per_row();
        row_window(&self.words()[r * 2 * w..(r + 1) * 2 * w], w, base, mask)
    }
    #[inline]
    fn support((o, t): (u64, u64)) -> u64 {
        o | t
    }
    #[inline]
    fn clear((o, t): (u64, u64), j: u32, (p1, p2): (u64, u64)) -> (u64, u64) {
        if o >> j & 1 == 1 {
            sub(o, t, p1, p2)
        } else if t >> j & 1 == 1 {
            add(o, t, p1, p2)
        } else {
            (o, t)
        }
    }
    #[inline]
    fn monic((o, t): (u64, u64), j: u32) -> (u64, u64) {
        if t >> j & 1 == 1 {
            (t, o)
        } else {
            (o, t)
        }
    }

    fn build(&self, tables: &mut Tables, r: usize, base: usize, bits: &[u32]) {
        tables.build(self, r, base, bits)
    }
    fn groups(tables: &Tables) -> usize {
        tables.groups.len()
    }
    #[inline(always)]
    fn update_chunk(tables: &Tables, chunk: &mut [u64], w: usize, base: usize, ranges: &[(usize, usize)]) {
        update_chunk(chunk, w, base, tables, ranges)
    }
}

/// Bits `c..c + 64` of a packed plane (zero past its end).
#[inline(always)]
fn window(plane: &[u64], c: usize) -> u64 {
    let (word, shift) = (c / 64, c % 64);
    let low = plane.get(word).map_or(0, |&x| x >> shift);
    if shift == 0 {
        low
    } else {
        low | plane.get(word + 1).map_or(0, |&x| x << (64 - shift))
    }
}

/// The pass window of a row given as its two planes (each `w` words).
#[inline(always)]
fn row_window(row: &[u64], w: usize, c: usize, mask: u64) -> (u64, u64) {
    (window(&row[..w], c) & mask, window(&row[w..2 * w], c) & mask)
}

/// One group of a pass: the pivots in columns `K * index .. K * (index + 1)` of the pass.
pub(super) struct Group {
    index: u32,
    /// First entry of this group's table in [`Tables::data`].
    offset: usize,
    /// From a row's group window (ones bits, then twos bits above them) to the table entry.
    map: Vec<u16>,
}

/// The tables of one pass. Entry `e` of a table is `2 * width` words: the ones plane, then the
/// twos plane, of the combination with coefficients given by the base-3 digits of `e`.
#[derive(Default)]
pub(super) struct Tables {
    data: Vec<u64>,
    /// Words per plane of an entry.
    width: usize,
    groups: Vec<Group>,
    /// The pass column and all pivot bits of the pass.
    column: usize,
    mask: u64,
}

impl Tables {
    fn build(&mut self, m: &PackedRows<2>, r: usize, c: usize, bits: &[u32]) {
        let from = c / 64;
        let wd = m.words_per_row() - from;
        self.width = wd;
        self.column = c;
        self.mask = bits.iter().fold(0, |acc, &b| acc | 1u64 << b);
        self.groups.clear();
        let mut entries = 0;
        let spans = group_spans(bits, K, GROUPS);
        for &(index, first, count) in &spans {
            let mut map = vec![0u16; 1 << (2 * K)];
            for (v, e) in map.iter_mut().enumerate() {
                let (ones, twos) = (v & ((1 << K) - 1), v >> K);
                let mut power = 1;
                for &b in &bits[first..first + count] {
                    let o = b as usize - index as usize * K;
                    *e += power * ((ones >> o & 1) + 2 * (twos >> o & 1)) as u16;
                    power *= 3;
                }
            }
            self.groups.push(Group { index, offset: entries, map });
            entries += 3usize.pow(count as u32);
        }
        self.data.clear();
        self.data.resize(entries * 2 * wd, 0);
        let e = 2 * wd;
        for (group, &(_, first, count)) in self.groups.iter().zip(&spans) {
            let offset = group.offset;
            let mut size = 1;
            for i in 0..count {
                let (r1, r2) = m.planes(r + first + i);
                let (r1, r2) = (&r1[from..], &r2[from..]);
                let (done, rest) = self.data[offset * e..].split_at_mut(size * e);
                for j in 0..size {
                    let base = &done[j * e..(j + 1) * e];
                    let (plus, minus) = rest.split_at_mut(size * e);
                    let (b1, b2) = base.split_at(wd);
                    let (p1, p2) = plus[j * e..(j + 1) * e].split_at_mut(wd);
                    let (m1, m2) = minus[j * e..(j + 1) * e].split_at_mut(wd);
                    for k in 0..wd {
                        (p1[k], p2[k]) = add(b1[k], b2[k], r1[k], r2[k]);
                        (m1[k], m2[k]) = sub(b1[k], b2[k], r1[k], r2[k]);
                    }
                }
                size *= 3;
            }
        }
    }
}

/// The row updates of one chunk of rows: find every row's entries first, then subtract them
/// one stripe of columns at a time.
#[inline(always)]
fn update_chunk(chunk: &mut [u64], w: usize, c: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    let (wd, from) = (tables.width, c / 64);
    let lane = (1u64 << K) - 1;
    let mut todo: Vec<(usize, [usize; GROUPS])> = Vec::new();
    for (i, row) in chunk.chunks_exact(2 * w).enumerate() {
        let (o, t) = row_window(row, w, c, tables.mask);
        if o | t == 0 {
            continue;
        }
        let mut offsets = [0usize; GROUPS];
        for (off, g) in offsets.iter_mut().zip(&tables.groups) {
            let shift = g.index as usize * K;
            let v = (o >> shift & lane) | (t >> shift & lane) << K;
            *off = (g.offset + g.map[v as usize] as usize) * 2 * wd;
        }
        todo.push((i * 2 * w, offsets));
    }
    for &(lo, hi) in ranges {
        for s0 in (lo..hi).step_by(STRIPE) {
            let len = STRIPE.min(hi - s0);
            for (start, offsets) in &todo {
                let (ones, twos) = chunk[*start..*start + 2 * w].split_at_mut(w);
                let (x1, x2) = (&mut ones[from + s0..from + s0 + len], &mut twos[from + s0..from + s0 + len]);
                let src: [(&[u64], &[u64]); GROUPS] = std::array::from_fn(|g| {
                    let o = offsets[g] + s0;
                    (&tables.data[o..o + len], &tables.data[o + wd..o + wd + len])
                });
                for k in 0..len {
                    let (mut a, mut b) = (x1[k], x2[k]);
                    for (s1, s2) in &src {
                        (a, b) = sub(a, b, s1[k], s2[k]);
                    }
                    (x1[k], x2[k]) = (a, b);
                }
            }
        }
    }
}
