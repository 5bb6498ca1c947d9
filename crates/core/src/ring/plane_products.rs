//! Matrix products over Z/2^e on bit planes by the Method of the Four Russians: the products of
//! the lifting ([`super::lift`]) with its d kernel vectors, `L R` for a 0/1 matrix L and a matrix
//! R over Z/2^e held as e bit planes ([`PackedRows`], entry `Σ_t 2^t plane_t`).
//!
//! Row i of `L R` is the sum of the rows of R that L's row i selects. The rows of R are taken
//! [`K`] at a time, and for each group a table holds all `2^K` sums of its rows (one addition per
//! entry, `T[m] = T[m without its lowest bit] + R_lowest`); row i of the product then gathers one
//! entry per group, the one whose index is L's byte over the group: `K` times fewer additions
//! than one per selected row. The tables of one word of L (64 rows of R) are built at once and
//! stay in cache while every output row takes its eight entries; the output rows are split
//! across threads. Over GF(2) (e = 1) an addition is one XOR a word; over Z/2^e it is a
//! ripple-carry adder across the planes, 64 entries a word, as in the board planes of the
//! `planes` module.

use crate::bitmatrix::PackedRows;
use crate::elim::par::for_each_row_chunk_at;
use crate::error::Result;
use crate::ring::adder::add_n;

/// Rows of R per table (`2^K` entries each): one byte of a word of L.
const K: usize = 8;
/// Tables per word of L.
const TABLES: usize = 64 / K;

/// `out += 2^shift · L R (mod 2^E)`, for `shift < E`: L has `out.rows()` rows of `r.rows()`
/// bits (row i is `left(i)`, `r.rows().div_ceil(64)` words, bits past the end zero), R and `out`
/// have E planes and the same columns. Only the low `E - shift` planes of R count.
pub(crate) fn add_product<'a, const E: usize>(
    left: impl Fn(usize) -> &'a [u64] + Sync,
    r: &PackedRows<E>,
    shift: usize,
    out: &mut PackedRows<E>,
) -> Result<()> {
    match E - shift {
        1 => add_product_planes::<E, 1>(&left, r, shift, out),
        2 => add_product_planes::<E, 2>(&left, r, shift, out),
        3 => add_product_planes::<E, 3>(&left, r, shift, out),
        4 => add_product_planes::<E, 4>(&left, r, shift, out),
        planes => unreachable!("products on at most 4 planes, not {planes}"),
    }
}

/// [`add_product`] with the `P = E - shift` planes that the sums keep known at compile time.
fn add_product_planes<'a, const E: usize, const P: usize>(
    left: &(impl Fn(usize) -> &'a [u64] + Sync),
    r: &PackedRows<E>,
    shift: usize,
    out: &mut PackedRows<E>,
) -> Result<()> {
    let (inner, w) = (r.rows(), r.words_per_row());
    debug_assert_eq!(out.words_per_row(), w);
    let entry = P * w;
    let mut tables = vec![0u64; TABLES * (1 << K) * entry];
    for word in 0..inner.div_ceil(64) {
        crate::interrupt::check()?;
        // The sums of rows `64 word + K t ..` of R (their low P planes), table t.
        let mut groups = 0;
        for t in 0..TABLES {
            let base = word * 64 + t * K;
            if base >= inner {
                break;
            }
            groups = t + 1;
            let count = K.min(inner - base);
            let table = &mut tables[t * (1 << K) * entry..(t + 1) * (1 << K) * entry];
            for m in 1usize..1 << count {
                let (prev, src) = (m & (m - 1), &r.row(base + m.trailing_zeros() as usize)[..entry]);
                let (lo, hi) = table.split_at_mut(m * entry);
                let dst = &mut hi[..entry];
                dst.copy_from_slice(&lo[prev * entry..(prev + 1) * entry]);
                add_planes::<P>(dst, src, w);
            }
        }
        let (tables, row_len) = (&tables, E * w);
        for_each_row_chunk_at(out.words_mut(), row_len, groups * entry, |start, chunk| {
            for (k, row) in chunk.chunks_exact_mut(row_len).enumerate() {
                let bits = left(start + k)[word];
                if bits == 0 {
                    continue;
                }
                let acc = &mut row[shift * w..shift * w + entry];
                for t in 0..groups {
                    let m = (bits >> (t * K)) as usize & ((1 << K) - 1);
                    if m != 0 {
                        let at = (t * (1 << K) + m) * entry;
                        add_planes::<P>(acc, &tables[at..at + entry], w);
                    }
                }
            }
        });
    }
    Ok(())
}

/// `acc += term (mod 2^P)`, both P planes of `w` words one after the other: word i of each
/// plane gathered and added by the ripple-carry adder of the board planes ([`add_n`]).
#[inline(always)]
fn add_planes<const P: usize>(acc: &mut [u64], term: &[u64], w: usize) {
    if P == 1 {
        for (a, &t) in acc[..w].iter_mut().zip(&term[..w]) {
            *a ^= t;
        }
        return;
    }
    for i in 0..w {
        let mut sum: [u64; P] = std::array::from_fn(|u| acc[u * w + i]);
        add_n(&mut sum, std::array::from_fn(|u| term[u * w + i]));
        for (u, &x) in sum.iter().enumerate() {
            acc[u * w + i] = x;
        }
    }
}

/// Row `row` of a matrix on E planes, one `u32` an entry.
pub(crate) fn row_values<const E: usize>(m: &PackedRows<E>, row: usize) -> Vec<u32> {
    let (w, words) = (m.words_per_row(), m.row(row));
    let mut out = vec![0u32; m.cols()];
    for (i, chunk) in out.chunks_mut(64).enumerate() {
        let planes: [u64; E] = std::array::from_fn(|u| words[u * w + i]);
        for (j, x) in chunk.iter_mut().enumerate() {
            *x = (0..E).fold(0, |acc, u| acc | ((planes[u] >> j) as u32 & 1) << u);
        }
    }
    out
}

/// Set row `row` of a matrix on E planes (zero) from entries in `0..2^E`.
pub(crate) fn set_row<const E: usize>(m: &mut PackedRows<E>, row: usize, values: &[u32]) {
    let w = m.words_per_row();
    let words = m.row_mut(row);
    for (i, chunk) in values.chunks(64).enumerate() {
        let mut planes = [0u64; E];
        for (j, &x) in chunk.iter().enumerate() {
            for (u, plane) in planes.iter_mut().enumerate() {
                *plane |= ((x >> u) as u64 & 1) << j;
            }
        }
        for (u, &plane) in planes.iter().enumerate() {
            words[u * w + i] = plane;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `2^shift L R (mod 2^E)` entry by entry, against the tables, on sizes that leave partial
    /// words and partial tables, with shifts 0..E.
    fn check<const E: usize>(rows: usize, inner: usize, cols: usize, seed: u64) {
        let q = 1u64 << E;
        let mut state = seed;
        let mut rnd = |m: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % m
        };
        let l: Vec<Vec<u32>> = (0..rows).map(|_| (0..inner).map(|_| rnd(2) as u32).collect()).collect();
        let r: Vec<Vec<u32>> = (0..inner).map(|_| (0..cols).map(|_| rnd(q) as u32).collect()).collect();
        let mut lbits = PackedRows::<1>::dense("test", rows, inner).unwrap();
        for (i, row) in l.iter().enumerate() {
            set_row(&mut lbits, i, row);
        }
        let mut rp = PackedRows::<E>::dense("test", inner, cols).unwrap();
        for (i, row) in r.iter().enumerate() {
            set_row(&mut rp, i, row);
        }
        for shift in 0..E {
            let start: Vec<Vec<u32>> = (0..rows).map(|_| (0..cols).map(|_| rnd(q) as u32).collect()).collect();
            let mut out = PackedRows::<E>::dense("test", rows, cols).unwrap();
            for (i, row) in start.iter().enumerate() {
                set_row(&mut out, i, row);
            }
            add_product(|i| lbits.row(i), &rp, shift, &mut out).unwrap();
            for i in 0..rows {
                let want: Vec<u32> = (0..cols)
                    .map(|c| {
                        let dot: u64 = (0..inner).map(|k| l[i][k] as u64 * r[k][c] as u64).sum();
                        // The reference: plain integer arithmetic, not the code under test.
                        ((start[i][c] as u64 + (dot << shift)) % q) as u32
                    })
                    .collect();
                assert_eq!(row_values(&out, i), want, "mod {q}, {rows}x{inner}x{cols}, shift {shift}, row {i}");
            }
        }
    }

    #[test]
    fn tables_agree_with_the_plain_product_over_every_plane_count() {
        for (rows, inner, cols) in [(1, 1, 1), (3, 7, 5), (70, 130, 65), (9, 64, 128), (200, 200, 3)] {
            check::<1>(rows, inner, cols, 1);
            check::<2>(rows, inner, cols, 2);
            check::<3>(rows, inner, cols, 3);
            check::<4>(rows, inner, cols, 4);
        }
    }
}
