//! The Method of the Four Russians written once for every packed field: the elimination loop,
//! the pivot choice, the reduction of the pivot rows against each other, the reduced form's
//! backward sweep and the threaded, cache-blocked row updates. A field brings only what differs
//! ([`PackedField`], implemented by the layout [`PackedRows`] of one plane and of two): row
//! arithmetic, how a row's pass columns are read as a *window* (one word per plane), the window
//! arithmetic, where a pass starts and ends, and its tables (Gray-code tables of `2^k`
//! entries for GF(2) in [`super::m4r`], `3^k`-entry tables for GF(3) in [`super::m4r3`]).
//!
//! A pass is identified by its *base* column: pivot `b` of the pass (a bit of the window) is
//! column `base + b`. GF(2) passes start on a word (`base` a multiple of 64, the window the word
//! itself); GF(3) passes start anywhere (the window is bits `base..base + 64` of each plane).

use super::par::for_each_row_chunk;
use crate::bitmatrix::PackedRows;
use crate::features::with_features;

/// One pass: its first pivot row, its base column and its pivot bits (increasing).
pub(super) type PassRecord = (usize, usize, Vec<u32>);

/// What the engine needs of the packed rows of one field, beyond the layout itself.
pub(super) trait PackedField {
    /// A row's entries in the pass columns, one word per plane.
    type Window: Copy + Default;
    /// The tables of one pass.
    type Tables: Default + Sync;

    /// Entry `(r, c)`, as an integer.
    fn entry(&self, r: usize, c: usize) -> u32;
    /// `row[dst] -= a * row[src]` on words `from..` of each plane (`a != 0`, `src != dst`).
    fn sub_row(&mut self, src: usize, dst: usize, a: u32, from: usize);
    /// Scale row `r` (on words `from..`) so that its entry `lead` becomes 1.
    fn make_monic(&mut self, r: usize, lead: u32, from: usize);

    /// The pass starting at column `c` (pivoting below `limit`): its base column, the column it
    /// ends before, and the mask of its columns in the window.
    fn pass(&self, c: usize, limit: usize) -> (usize, usize, u64);
    /// The window of row `r` at `base`, masked.
    fn window(&self, r: usize, base: usize, mask: u64) -> Self::Window;
    /// The window bits whose entry is not zero.
    fn support(v: Self::Window) -> u64;
    /// `v - v_j * p`, where `p` has the entry 1 at bit `j`.
    fn clear(v: Self::Window, j: u32, p: Self::Window) -> Self::Window;
    /// `v` scaled so that its entry at bit `j` (not zero) becomes 1.
    fn monic(v: Self::Window, j: u32) -> Self::Window;

    /// Build the tables of the pass at `base` with (reduced) pivot rows `r..`.
    fn build(&self, tables: &mut Self::Tables, r: usize, base: usize, bits: &[u32]);
    /// Tables per pass (the work of a row update, per word).
    fn groups(tables: &Self::Tables) -> usize;
    /// Clear the pass's pivot columns in the rows of `chunk` (row-major, `P * w` words per row
    /// for `P` planes), writing only the word ranges `ranges` of each plane (offsets from word
    /// `base / 64`).
    fn update_chunk(tables: &Self::Tables, chunk: &mut [u64], w: usize, base: usize, ranges: &[(usize, usize)]);
}

/// What a caller may do instead of the next single pass, from pivot row `r` and column `c`
/// (GF(2)'s panels of several passes): record its passes and pivots and return the next pivot row
/// and column, or `None` for a single pass.
pub(super) type Shortcut<'a, M> =
    &'a mut dyn FnMut(&mut M, usize, usize, usize, &mut Vec<PassRecord>, &mut Vec<usize>) -> Option<(usize, usize)>;

/// Bring `m` to echelon form, pivoting in columns `0..pivot_cols`, and return the pivot columns.
/// With `full`, the echelon form is then reduced by [`back_substitute`] (reduced row echelon form).
pub(super) fn eliminate<const P: usize>(
    m: &mut PackedRows<P>,
    pivot_cols: usize,
    full: bool,
    shortcut: Shortcut<PackedRows<P>>,
) -> Vec<usize>
where
    PackedRows<P>: PackedField,
{
    let (rows, w) = (m.rows(), m.words_per_row());
    let limit = pivot_cols.min(m.cols());
    let mut pivots = Vec::new();
    let mut passes = Vec::new();
    let mut tables = <PackedRows<P> as PackedField>::Tables::default();
    let (mut r, mut c) = (0, 0);
    // Interrupted: stop after this pass; the caller reports it (crate::interrupt).
    while c < limit && r < rows && !crate::interrupt::requested() {
        if let Some(next) = shortcut(m, r, c, limit, &mut passes, &mut pivots) {
            (r, c) = next;
            continue;
        }
        let (base, end, mask) = m.pass(c, limit);
        let bits = select_pivots(m, r, base, mask, |_, _| {});
        let kk = bits.len();
        if kk > 0 {
            reduce_pivot_rows(m, r, base, &bits);
            m.build(&mut tables, r, base, &bits);
            let below = &mut m.words_mut()[(r + kk) * P * w..];
            update::<P>(below, w, base, &tables, &[(0, w - base / 64)]);
            pivots.extend(bits.iter().map(|&b| base + b as usize));
            passes.push((r, base, bits));
            r += kk;
        }
        c = end;
    }
    if full && !crate::interrupt::requested() {
        back_substitute(m, &passes, &pivots, pivot_cols);
    }
    pivots
}

/// Clear every pivot column above its pivot, one pass at a time from the last: after a pass is
/// done, the rows above it are zero in all of its pivot columns, so later passes' words in which
/// every column is a pivot column stay zero there and are skipped (for a square matrix of full
/// rank, only the pass's own words are touched).
fn back_substitute<const P: usize>(m: &mut PackedRows<P>, passes: &[PassRecord], pivots: &[usize], pivot_cols: usize)
where
    PackedRows<P>: PackedField,
{
    let (w, cols) = (m.words_per_row(), m.cols());
    let mut covered = vec![0usize; w];
    for &c in pivots {
        covered[c / 64] += 1;
    }
    // A word is dead when all of its columns (inside the matrix) are pivot columns.
    let dead: Vec<bool> = (0..w)
        .map(|x| {
            let end = (x * 64 + 64).min(cols);
            end <= pivot_cols && covered[x] == end - x * 64
        })
        .collect();
    let mut tables = <PackedRows<P> as PackedField>::Tables::default();
    for (r, base, bits) in passes.iter().rev() {
        let Some(&last) = bits.last() else { continue };
        if *r == 0 {
            continue;
        }
        let (from, own_end) = (base / 64, (base + last as usize) / 64 + 1);
        let mut ranges = vec![(0, own_end - from)];
        for (x, _) in dead.iter().enumerate().skip(own_end).filter(|&(_, &d)| !d) {
            match ranges.last_mut() {
                Some(range) if range.1 == x - from => range.1 += 1,
                _ => ranges.push((x - from, x - from + 1)),
            }
        }
        m.build(&mut tables, *r, *base, bits);
        update::<P>(&mut m.words_mut()[..r * P * w], w, *base, &tables, &ranges);
    }
}

/// Choose the pivots of the pass at `base` (columns given by `mask`) among rows `r..`, move them
/// to rows `r, r+1, ...` (calling `on_swap` with the two rows of every swap) and return their bit
/// positions, increasing.
///
/// Works on the pass window only: each candidate's window is reduced lazily by the pivots found
/// so far (kept reduced against each other and monic), which yields the unique representative of
/// its coset with zeros in every pivot column, so a candidate can be reduced in any number of
/// steps.
pub(super) fn select_pivots<const P: usize>(
    m: &mut PackedRows<P>,
    r: usize,
    base: usize,
    mask: u64,
    mut on_swap: impl FnMut(usize, usize),
) -> Vec<u32>
where
    PackedRows<P>: PackedField,
{
    let rows = m.rows();
    let mut cand: Vec<(usize, <PackedRows<P> as PackedField>::Window)> = Vec::new();
    let mut next_row = r;
    let mut piv_bits = 0u64;
    let mut piv = [<PackedRows<P> as PackedField>::Window::default(); 64];
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
                cand.push((next_row, m.window(next_row, base, mask)));
                next_row += 1;
            }
            let mut v = cand[i].1;
            let mut todo = PackedRows::<P>::support(v) & piv_bits;
            while todo != 0 {
                let b = todo.trailing_zeros();
                v = PackedRows::<P>::clear(v, b, piv[b as usize]);
                todo &= todo - 1;
            }
            cand[i].1 = v;
            if PackedRows::<P>::support(v) & bit != 0 {
                break Some(i);
            }
            i += 1;
        };
        let Some(i) = hit else { continue };
        cand.swap(bits.len(), i);
        let v = PackedRows::<P>::monic(cand[bits.len()].1, j);
        let mut others = piv_bits;
        while others != 0 {
            let b = others.trailing_zeros() as usize;
            piv[b] = PackedRows::<P>::clear(piv[b], j, v);
            others &= others - 1;
        }
        piv_bits |= bit;
        piv[j as usize] = v;
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

/// Make pivot rows `r..r + bits.len()` monic and reduce them against each other (Gauss-Jordan
/// among themselves), so that each has exactly one non-zero entry, a 1, among the pass's pivot
/// columns.
pub(super) fn reduce_pivot_rows<const P: usize>(m: &mut PackedRows<P>, r: usize, base: usize, bits: &[u32])
where
    PackedRows<P>: PackedField,
{
    let from = base / 64;
    for t in 0..bits.len() {
        for (s, &b) in bits[..t].iter().enumerate() {
            let a = m.entry(r + t, base + b as usize);
            if a != 0 {
                m.sub_row(r + s, r + t, a, from);
            }
        }
        let lead = m.entry(r + t, base + bits[t] as usize);
        debug_assert!(lead != 0, "a chosen pivot vanished");
        m.make_monic(r + t, lead, from);
        for s in 0..t {
            let a = m.entry(r + s, base + bits[t] as usize);
            if a != 0 {
                m.sub_row(r + t, r + s, a, from);
            }
        }
    }
}

/// The groups of a pass: pivot bits `bits` (increasing) fall into groups of `k` consecutive bits
/// of the window; for each group that holds any, `(index, first, count)`: the group's index and
/// its pivots `bits[first..first + count]`.
pub(super) fn group_spans(bits: &[u32], k: usize, groups: usize) -> Vec<(u32, usize, usize)> {
    let mut spans = Vec::new();
    let mut first = 0;
    for index in 0..groups as u32 {
        let count = bits[first..].iter().take_while(|&&b| b / k as u32 == index).count();
        if count > 0 {
            spans.push((index, first, count));
            first += count;
        }
    }
    spans
}

/// Clear the pass's pivot columns in every row of `rows` (row-major, `PLANES * w` words per row),
/// writing only the word ranges `ranges` of each plane (offsets from word `base / 64`; the
/// others are known to stay zero), on several threads when the work is large.
pub(super) fn update<const P: usize>(
    rows: &mut [u64],
    w: usize,
    base: usize,
    tables: &<PackedRows<P> as PackedField>::Tables,
    ranges: &[(usize, usize)],
) where
    PackedRows<P>: PackedField,
{
    if rows.is_empty() {
        return;
    }
    let work: usize = ranges.iter().map(|(a, b)| b - a).sum();
    for_each_row_chunk(rows, P * w, P * work * PackedRows::<P>::groups(tables), |chunk| {
        update_chunk::<P>(tables, chunk, w, base, ranges)
    });
}

with_features! {
    /// [`PackedField::update_chunk`], with AVX2 where the processor has it.
    fn update_chunk<const P: usize>(
        tables: &<PackedRows<P> as PackedField>::Tables,
        chunk: &mut [u64],
        w: usize,
        base: usize,
        ranges: &[(usize, usize)],
    ) where [PackedRows<P>: PackedField] = update_chunk_portable if ["avx2"]
}

/// [`PackedField::update_chunk`] as a free function, inlined into each compiled copy.
#[inline(always)]
fn update_chunk_portable<const P: usize>(
    tables: &<PackedRows<P> as PackedField>::Tables,
    chunk: &mut [u64],
    w: usize,
    base: usize,
    ranges: &[(usize, usize)],
) where
    PackedRows<P>: PackedField,
{
    PackedRows::<P>::update_chunk(tables, chunk, w, base, ranges)
}
