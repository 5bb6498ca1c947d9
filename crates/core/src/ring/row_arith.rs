//! Row arithmetic over Z/q (`q = p^e < 2^31`) for the ring engines: `acc += f v`, `Σ a_i b_i`,
//! `row *= f`, each with entries in `0..q`.
//!
//! These loops are the whole cost of the Smith form and of the lifting's products, so they are
//! written once here, over the crate's one arithmetic context ([`crate::arith::Fp`]), and
//! compiled for AVX2 too. For `q = 2^e` wrapping `u32` arithmetic is already exact mod q: a mask
//! reduces, with no division and no branch, and the loops vectorise.

use crate::arith::Fp;
use crate::features::with_features;
use std::borrow::Cow;

/// `q - 1` when q is a power of two (the mask that reduces mod q), else `None`.
#[inline(always)]
fn mask(q: u32) -> Option<u32> {
    q.is_power_of_two().then_some(q - 1)
}

/// `acc += f * v (mod q)`; entries of `acc` and `v` in `0..q` ([`Fp::axpy`]).
pub(crate) fn axpy(acc: &mut [u32], f: u32, v: &[u32], q: u32) {
    // Once a row: callers may pass a factor not yet reduced (a quotient, a power of p).
    Fp::new(q).axpy(acc, f % q, v)
}

/// `Σ a_i b_i (mod q)`; entries in `0..q`.
pub(crate) fn dot(a: &[u32], b: &[u32], q: u32) -> u32 {
    dot_rows(a, b, q)
}

with_features!(fn dot_rows(a: &[u32], b: &[u32], q: u32) -> u32 = dot_any if ["avx2"]);

#[inline(always)]
fn dot_any(a: &[u32], b: &[u32], q: u32) -> u32 {
    if let Some(m) = mask(q) {
        return a.iter().zip(b).fold(0u32, |acc, (&x, &y)| acc.wrapping_add(x.wrapping_mul(y))) & m;
    }
    // Products below 2^62 summed in u64, reduced once per chunk short enough never to overflow.
    let max = (q as u64 - 1) * (q as u64 - 1);
    let chunk = (u64::MAX.checked_div(max).unwrap_or(u64::MAX) as usize).clamp(1, 1 << 16);
    let fp = Fp::new(q);
    let mut total = 0u32;
    for (ca, cb) in a.chunks(chunk).zip(b.chunks(chunk)) {
        let s: u64 = ca.iter().zip(cb).map(|(&x, &y)| x as u64 * y as u64).sum();
        total = fp.add(total, fp.reduce(s));
    }
    total
}

/// `row *= f (mod q)`; entries in `0..q`.
pub(crate) fn scale(row: &mut [u32], f: u32, q: u32) {
    match mask(q) {
        Some(m) => row.iter_mut().for_each(|x| *x = x.wrapping_mul(f) & m),
        None => {
            let fp = Fp::new(q);
            row.iter_mut().for_each(|x| *x = fp.mul(*x, f))
        }
    }
}

/// Rows and vectors per block of [`products`]: 32 of each, about 1 MB at 4096 entries, stay in
/// the second-level cache while every pair of them is multiplied.
const BLOCK: usize = 32;

/// `out[v][i] = row_i · vectors[v] (mod q)` for the `count` rows `row(i)`: the products of a
/// matrix with many vectors, blocked so that each row and vector is read from memory once per
/// block (not once per pair), with blocks of rows split across threads. For `q = 2^e` with
/// small e the entries go to e bit planes first and each product is a few popcounts
/// ([`PlaneDot`]), 64 entries a word.
pub(crate) fn products<'a>(
    row: impl Fn(usize) -> Cow<'a, [u32]> + Sync,
    count: usize,
    vectors: &[&[u32]],
    q: u32,
) -> crate::error::Result<Vec<Vec<u32>>> {
    use rayon::prelude::*;
    let Some(first) = vectors.first() else { return Ok(Vec::new()) };
    let planes = PlaneDot::new(q, first.len());
    let vector_planes: Vec<Vec<u64>> = match &planes {
        Some(pd) => vectors.iter().map(|v| pd.split(v)).collect(),
        None => Vec::new(),
    };
    let blocks: Vec<Vec<u32>> = (0..count.div_ceil(BLOCK))
        .into_par_iter()
        .map(|b| {
            crate::interrupt::check()?;
            let rows = b * BLOCK..((b + 1) * BLOCK).min(count);
            // The block's products, vector-major: entry `v * len + k` is row `rows.start + k`.
            let len = rows.len();
            let mut out = vec![0u32; vectors.len() * len];
            let block: Vec<Cow<'a, [u32]>> = rows.map(&row).collect();
            let row_planes: Vec<Vec<u64>> = match &planes {
                Some(pd) => block.iter().map(|r| pd.split(r)).collect(),
                None => Vec::new(),
            };
            for vb in (0..vectors.len()).step_by(BLOCK) {
                for (k, r) in block.iter().enumerate() {
                    for v in vb..(vb + BLOCK).min(vectors.len()) {
                        out[v * len + k] = match &planes {
                            Some(pd) => pd.dot(&row_planes[k], &vector_planes[v]),
                            None => dot(r, vectors[v], q),
                        };
                    }
                }
            }
            Ok(out)
        })
        .collect::<crate::error::Result<_>>()?;
    let mut out = vec![Vec::with_capacity(count); vectors.len()];
    for block in &blocks {
        let len = block.len() / vectors.len().max(1);
        for (v, o) in out.iter_mut().enumerate() {
            o.extend_from_slice(&block[v * len..(v + 1) * len]);
        }
    }
    Ok(out)
}

/// Dot products mod `q = 2^e` on bit planes: with `a = Σ 2^s a_s` and `b = Σ 2^t b_t` (entries
/// in `0..q`), `a · b = Σ_(s + t < e) 2^(s + t) popcount(a_s & b_t) (mod q)`, e(e+1)/2 popcounts
/// a word of 64 entries instead of 64 products.
struct PlaneDot {
    e: usize,
    words: usize,
    mask: u32,
}

impl PlaneDot {
    /// For q = 2^e with e <= 3 (beyond that the popcounts outnumber the products they replace).
    fn new(q: u32, len: usize) -> Option<PlaneDot> {
        let e = q.trailing_zeros() as usize;
        (q.is_power_of_two() && e <= 3).then_some(PlaneDot { e, words: len.div_ceil(64), mask: q - 1 })
    }

    /// The planes of a vector, one after the other, up to its highest non-zero one (a vector
    /// of 0s and 1s, such as a kernel vector mod 2, keeps one plane and halves its products).
    fn split(&self, v: &[u32]) -> Vec<u64> {
        let mut out = vec![0u64; self.e * self.words];
        for (w, chunk) in v.chunks(64).enumerate() {
            for (j, &x) in chunk.iter().enumerate() {
                for s in 0..self.e {
                    out[s * self.words + w] |= (((x >> s) & 1) as u64) << j;
                }
            }
        }
        let used = (0..self.e).rev().find(|&s| out[s * self.words..(s + 1) * self.words].iter().any(|&w| w != 0));
        out.truncate(used.map_or(0, |s| (s + 1) * self.words));
        out
    }

    fn dot(&self, a: &[u64], b: &[u64]) -> u32 {
        plane_dot(a, b, self.e, self.words) as u32 & self.mask
    }
}

with_features! {
    /// `Σ_(s + t < e) 2^(s + t) popcount(a_s & b_t)` over the planes of `words` words that a
    /// and b have ([`plane_dot_portable`], with popcnt and AVX2 where the processor has them).
    fn plane_dot(a: &[u64], b: &[u64], e: usize, words: usize) -> u64 = plane_dot_portable if ["popcnt", "avx2"]
}

#[inline(always)]
fn plane_dot_portable(a: &[u64], b: &[u64], e: usize, words: usize) -> u64 {
    if words == 0 {
        return 0;
    }
    let (planes_a, planes_b) = (a.len() / words, b.len() / words);
    let mut total = 0u64;
    for s in 0..planes_a {
        for t in 0..(e - s).min(planes_b) {
            let (x, y) = (&a[s * words..(s + 1) * words], &b[t * words..(t + 1) * words]);
            let ones: u64 = x.iter().zip(y).map(|(&p, &q)| (p & q).count_ones() as u64).sum();
            total += ones << (s + t);
        }
    }
    total
}

/// Plain `%` throughout: the reference the kernels are checked against.
#[cfg(test)]
mod tests {
    use super::*;

    fn naive_axpy(acc: &[u32], f: u32, v: &[u32], q: u32) -> Vec<u32> {
        acc.iter().zip(v).map(|(&x, &y)| ((x as u64 + f as u64 * y as u64) % q as u64) as u32).collect()
    }

    #[test]
    fn kernels_agree_with_plain_remainders_for_powers_of_two_and_odd_moduli() {
        for q in [2u32, 4, 8, 1 << 30, 9, 27, 125, 2_147_483_629] {
            let a: Vec<u32> = (0..300u64).map(|i| ((i * 2_654_435_761 + 17) % q as u64) as u32).collect();
            let b: Vec<u32> = (0..300u64).map(|i| ((i * 40_503 + q as u64 - 1) % q as u64) as u32).collect();
            let f = q - 1;
            let mut acc = a.clone();
            axpy(&mut acc, f, &b, q);
            assert_eq!(acc, naive_axpy(&a, f, &b, q), "axpy mod {q}");
            let want = a.iter().zip(&b).fold(0u64, |s, (&x, &y)| (s + x as u64 * y as u64) % q as u64);
            assert_eq!(dot(&a, &b, q) as u64, want, "dot mod {q}");
            let mut row = a.clone();
            scale(&mut row, f, q);
            assert_eq!(row, naive_axpy(&vec![0; a.len()], f, &a, q), "scale mod {q}");
            // 70 rows (a, b, a + b, ...) times 40 vectors: more than one block of each.
            let matrix: Vec<Vec<u32>> = (0..70u32)
                .map(|i| {
                    a.iter().zip(&b).map(|(&x, &y)| ((x as u64 * i as u64 + y as u64) % q as u64) as u32).collect()
                })
                .collect();
            // Some vectors of 0s and 1s and some zero, which keep fewer bit planes.
            let entry = |v: u32, y: u32| match v % 7 {
                0 => 0,
                1 | 2 => y & 1,
                _ => (y ^ v) % q,
            };
            let vectors: Vec<Vec<u32>> = (0..40u32).map(|v| b.iter().map(|&y| entry(v, y)).collect()).collect();
            let refs: Vec<&[u32]> = vectors.iter().map(|v| v.as_slice()).collect();
            let got = products(|i| Cow::Borrowed(matrix[i].as_slice()), 70, &refs, q).unwrap();
            for (v, col) in got.iter().enumerate() {
                let want: Vec<u32> = matrix.iter().map(|r| dot(r, &vectors[v], q)).collect();
                assert_eq!(col, &want, "products mod {q}, vector {v}");
            }
        }
    }
}
