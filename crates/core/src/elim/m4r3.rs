//! The Method of the Four Russians on bitsliced GF(3) matrices (see [`super::gf3`]).
//!
//! Columns are processed [`PASS`] at a time. In each pass the pivot rows are chosen, scaled to a
//! leading 1 and reduced against each other; they fall into groups of [`K`] consecutive columns,
//! and for each group a table holds all `3^k` combinations `a_0 R_0 + ... + a_{k-1} R_{k-1}` of
//! its rows (one row addition per entry). Every other row `x` is then cleared in the pass's pivot
//! columns by subtracting, per group, the entry whose coefficients are `x`'s own entries in the
//! group's pivot columns. Row updates are cache-blocked and split across threads when large.

use super::gf3::{add, sub, Gf3Matrix};
use super::par::for_each_row_chunk;

/// Pivot columns per table: `3^K` entries each.
const K: usize = 5;
/// Tables per pass.
const GROUPS: usize = 4;
/// Columns per pass (at most 64, so that a pass fits in one extracted word per plane).
const PASS: usize = K * GROUPS;
/// Words per plane handled at once in the row updates (cache blocking of the tables).
const STRIPE: usize = 32;

/// Bring `m` to echelon form, pivoting in columns `0..pivot_cols`, and return the pivot columns.
/// With `full`, the echelon form is then reduced by [`back_substitute`] (reduced row echelon form).
pub(crate) fn eliminate(m: &mut Gf3Matrix, pivot_cols: usize, full: bool) -> Vec<usize> {
    let (rows, w) = (m.rows(), m.words_per_row());
    let limit = pivot_cols.min(m.cols());
    let mut pivots = Vec::new();
    let mut passes = Vec::new();
    let mut tables = Tables::default();
    let (mut r, mut c) = (0, 0);
    // Interrupted: stop after this pass; the caller reports it (crate::interrupt).
    while c < limit && r < rows && !crate::interrupt::requested() {
        let end = (c + PASS).min(limit);
        let mask = (1u64 << (end - c)) - 1;
        let bits = select_pivots(m, r, c, mask);
        let kk = bits.len();
        if kk > 0 {
            reduce_pivot_rows(m, r, c, &bits);
            tables.build(m, r, c, &bits);
            let below = &mut m.words_mut()[(r + kk) * 2 * w..];
            update(below, w, c, &tables, &[(0, w - c / 64)]);
            pivots.extend(bits.iter().map(|&b| c + b as usize));
            passes.push((r, c, bits));
            r += kk;
        }
        c = end;
    }
    if full && !crate::interrupt::requested() {
        back_substitute(m, &passes, &pivots, pivot_cols);
    }
    pivots
}

/// Clear every pivot column above its pivot, one pass at a time from the last. Rows above a pass
/// are already zero in the pivot columns of later passes, so words made only of pivot columns
/// are skipped (as in the GF(2) engine).
fn back_substitute(m: &mut Gf3Matrix, passes: &[(usize, usize, Vec<u32>)], pivots: &[usize], pivot_cols: usize) {
    let (w, cols) = (m.words_per_row(), m.cols());
    let mut covered = vec![0usize; w];
    for &c in pivots {
        covered[c / 64] += 1;
    }
    let dead: Vec<bool> = (0..w)
        .map(|x| {
            let end = (x * 64 + 64).min(cols);
            end <= pivot_cols && covered[x] == end - x * 64
        })
        .collect();
    let mut tables = Tables::default();
    for (r, c, bits) in passes.iter().rev() {
        let Some(&last) = bits.last() else { continue };
        if *r == 0 {
            continue;
        }
        let (from, own_end) = (c / 64, (c + last as usize) / 64 + 1);
        let mut ranges = vec![(0, own_end - from)];
        for (x, _) in dead.iter().enumerate().skip(own_end).filter(|(_, &d)| !d) {
            match ranges.last_mut() {
                Some(range) if range.1 == x - from => range.1 += 1,
                _ => ranges.push((x - from, x - from + 1)),
            }
        }
        tables.build(m, *r, *c, bits);
        update(&mut m.words_mut()[..r * 2 * w], w, *c, &tables, &ranges);
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

/// Choose the pivots of the pass at column `c` (columns given by `mask`) among rows `r..`, move
/// them to rows `r, r+1, ...` and return their bit positions within the pass, increasing.
/// Candidates are reduced lazily, on the pass window only, as in the GF(2) engine.
fn select_pivots(m: &mut Gf3Matrix, r: usize, c: usize, mask: u64) -> Vec<u32> {
    let (rows, w) = (m.rows(), m.words_per_row());
    let mut cand: Vec<(usize, u64, u64)> = Vec::new();
    let mut next_row = r;
    let mut piv_bits = 0u64;
    let mut piv = [(0u64, 0u64); 64];
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
                let (o, t) = row_window(&m.words()[next_row * 2 * w..(next_row + 1) * 2 * w], w, c, mask);
                cand.push((next_row, o, t));
                next_row += 1;
            }
            let (_, mut o, mut t) = cand[i];
            let mut todo = (o | t) & piv_bits;
            while todo != 0 {
                let b = todo.trailing_zeros() as usize;
                let (p1, p2) = piv[b];
                (o, t) = if o >> b & 1 == 1 { sub(o, t, p1, p2) } else { add(o, t, p1, p2) };
                todo &= todo - 1;
            }
            cand[i] = (cand[i].0, o, t);
            if (o | t) & bit != 0 {
                break Some(i);
            }
            i += 1;
        };
        let Some(i) = hit else { continue };
        cand.swap(bits.len(), i);
        let (_, mut o, mut t) = cand[bits.len()];
        if t & bit != 0 {
            (o, t) = (t, o);
        }
        let mut others = piv_bits;
        while others != 0 {
            let b = others.trailing_zeros() as usize;
            let (q1, q2) = piv[b];
            if q1 & bit != 0 {
                piv[b] = sub(q1, q2, o, t);
            } else if q2 & bit != 0 {
                piv[b] = add(q1, q2, o, t);
            }
            others &= others - 1;
        }
        piv_bits |= bit;
        piv[j as usize] = (o, t);
        bits.push(j);
    }
    let mut at: Vec<usize> = cand[..bits.len()].iter().map(|&(row, _, _)| row).collect();
    for t in 0..at.len() {
        let (dst, src) = (r + t, at[t]);
        m.swap_rows(dst, src);
        for later in at.iter_mut().skip(t + 1) {
            if *later == dst {
                *later = src;
            }
        }
    }
    bits
}

/// Scale pivot rows `r..r + bits.len()` to a leading 1 and reduce them against each other.
fn reduce_pivot_rows(m: &mut Gf3Matrix, r: usize, c: usize, bits: &[u32]) {
    let from = c / 64;
    for t in 0..bits.len() {
        for (s, &b) in bits[..t].iter().enumerate() {
            let a = m.get(r + t, c + b as usize);
            if a != 0 {
                m.sub_row(r + s, r + t, a, from);
            }
        }
        let lead = m.get(r + t, c + bits[t] as usize);
        debug_assert!(lead != 0, "a chosen pivot vanished");
        if lead == 2 {
            m.negate_row(r + t, from);
        }
        for s in 0..t {
            let a = m.get(r + s, c + bits[t] as usize);
            if a != 0 {
                m.sub_row(r + t, r + s, a, from);
            }
        }
    }
}

/// One group of a pass: the pivots in columns `K * index .. K * (index + 1)` of the pass.
struct Group {
    index: u32,
    /// First entry of this group's table in [`Tables::data`].
    offset: usize,
    /// From a row's group window (ones bits, then twos bits above them) to the table entry.
    map: Vec<u16>,
}

/// The tables of one pass. Entry `e` of a table is `2 * width` words: the ones plane, then the
/// twos plane, of the combination with coefficients given by the base-3 digits of `e`.
#[derive(Default)]
struct Tables {
    data: Vec<u64>,
    /// Words per plane of an entry.
    width: usize,
    groups: Vec<Group>,
    /// The pass column and all pivot bits of the pass.
    column: usize,
    mask: u64,
}

impl Tables {
    fn build(&mut self, m: &Gf3Matrix, r: usize, c: usize, bits: &[u32]) {
        let from = c / 64;
        let wd = m.words_per_row() - from;
        self.width = wd;
        self.column = c;
        self.mask = bits.iter().fold(0, |acc, &b| acc | 1u64 << b);
        self.groups.clear();
        let mut entries = 0;
        let mut spans = Vec::new();
        let mut first = 0;
        for index in 0..GROUPS as u32 {
            let count = bits[first..].iter().take_while(|&&b| b / K as u32 == index).count();
            if count == 0 {
                continue;
            }
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
            spans.push((entries, first, count));
            entries += 3usize.pow(count as u32);
            first += count;
        }
        self.data.clear();
        self.data.resize(entries * 2 * wd, 0);
        let e = 2 * wd;
        for (offset, first, count) in spans {
            let mut size = 1;
            for i in 0..count {
                let (r1, r2) = m.planes(r + first + i, from);
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

/// Clear the pass's pivot columns in every row of `rows` (row-major, `2 * w` words per row),
/// writing only the word ranges `ranges` of each plane (offsets from word `c / 64`).
fn update(rows: &mut [u64], w: usize, c: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    if rows.is_empty() {
        return;
    }
    let work: usize = ranges.iter().map(|(a, b)| b - a).sum();
    for_each_row_chunk(rows, 2 * w, 2 * work * tables.groups.len(), |chunk| {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            return unsafe { update_chunk_avx2(chunk, w, c, tables, ranges) };
        }
        update_chunk(chunk, w, c, tables, ranges)
    });
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_chunk_avx2(chunk: &mut [u64], w: usize, c: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    update_chunk(chunk, w, c, tables, ranges)
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
