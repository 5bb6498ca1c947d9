//! One step of the packed GF(2) chase, `next = b + T x + prev`, in one pass over the row.
//!
//! The chase of a huge grid is two of these per row (one to find the first press row, one to
//! write the presses), so the step is most of a solve: each word is computed once from its
//! neighbours, the board's word and the row before, with no branch inside the row (the two edge
//! words are done apart) so that the loop is vectorised, and compiled for AVX2 where the
//! processor has it. The in-place form also writes the press row over the board row it has just
//! read, in the same pass, instead of copying it there afterwards.

use crate::features::with_features;

/// `next = b + T x + prev` over GF(2) for packed rows of `n` lights (`b` absent: zero); the bits
/// past `n` in the last word are cleared (none when `n` is 0 or a multiple of 64). `delta`: a
/// light's own press counts (the plus rule).
#[inline]
pub(crate) fn step(n: usize, delta: bool, b: Option<&[u64]>, prev: &[u64], x: &[u64], next: &mut [u64]) {
    let dmask = if delta { u64::MAX } else { 0 };
    match b {
        Some(b) => step_board(dmask, b, prev, x, next),
        None => step_dark(dmask, prev, x, next),
    }
    clear_tail(n, next);
}

/// [`step`] with the board row `row`, which is then overwritten by `x`: the in-place chase reads
/// board row `k` to compute `x_{k+2}` and stores `x_{k+1}` there, one pass for both.
#[inline]
pub(crate) fn step_in_place(n: usize, delta: bool, row: &mut [u64], prev: &[u64], x: &[u64], next: &mut [u64]) {
    let dmask = if delta { u64::MAX } else { 0 };
    step_swap(dmask, row, prev, x, next);
    clear_tail(n, next);
}

fn clear_tail(n: usize, next: &mut [u64]) {
    let bits = n % 64;
    if let Some(last) = next.last_mut().filter(|_| bits != 0) {
        *last &= (1u64 << bits) - 1;
    }
}

/// Word `i` of `T x` (edges: the bits beyond the row are zero).
#[inline(always)]
fn edge_word(x: &[u64], i: usize, dmask: u64) -> u64 {
    let left = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
    let right = (x[i] >> 1) | if i + 1 < x.len() { x[i + 1] << 63 } else { 0 };
    left ^ right ^ (x[i] & dmask)
}

/// Word `1 + i` of `T x` from the words `i, i + 1, i + 2` of `x`.
#[inline(always)]
fn inner_word(l: u64, c: u64, r: u64, dmask: u64) -> u64 {
    ((c << 1) | (l >> 63)) ^ ((c >> 1) | (r << 63)) ^ (c & dmask)
}

/// The step's one pass: `next[i] = T x [i] + prev[i] + extra(i)`, where `extra(i)` reads (and
/// may overwrite) word `i` of a board row.
#[inline(always)]
fn pass(dmask: u64, prev: &[u64], x: &[u64], next: &mut [u64], mut extra: impl FnMut(usize) -> u64) {
    let w = x.len();
    assert!(prev.len() == w && next.len() == w, "rows of one length");
    if w < 3 {
        for i in 0..w {
            next[i] = edge_word(x, i, dmask) ^ prev[i] ^ extra(i);
        }
        return;
    }
    next[0] = edge_word(x, 0, dmask) ^ prev[0] ^ extra(0);
    let len = w - 2;
    let (xl, xc, xr) = (&x[..len], &x[1..=len], &x[2..]);
    let (pv, nx) = (&prev[1..=len], &mut next[1..=len]);
    for i in 0..len {
        nx[i] = inner_word(xl[i], xc[i], xr[i], dmask) ^ pv[i] ^ extra(i + 1);
    }
    next[w - 1] = edge_word(x, w - 1, dmask) ^ prev[w - 1] ^ extra(w - 1);
}

#[inline(always)]
fn board_portable(dmask: u64, b: &[u64], prev: &[u64], x: &[u64], next: &mut [u64]) {
    let b = &b[..x.len()];
    pass(dmask, prev, x, next, |i| b[i]);
}

#[inline(always)]
fn dark_portable(dmask: u64, prev: &[u64], x: &[u64], next: &mut [u64]) {
    pass(dmask, prev, x, next, |_| 0);
}

#[inline(always)]
fn swap_portable(dmask: u64, row: &mut [u64], prev: &[u64], x: &[u64], next: &mut [u64]) {
    let row = &mut row[..x.len()];
    pass(dmask, prev, x, next, |i| std::mem::replace(&mut row[i], x[i]));
}

with_features! {
    /// `next = b + T x + prev`, compiled for AVX2 where the processor has it.
    fn step_board(dmask: u64, b: &[u64], prev: &[u64], x: &[u64], next: &mut [u64]) = board_portable if ["avx2"]
}
with_features! {
    /// `next = T x + prev`, compiled for AVX2 where the processor has it.
    fn step_dark(dmask: u64, prev: &[u64], x: &[u64], next: &mut [u64]) = dark_portable if ["avx2"]
}
with_features! {
    /// `next = row + T x + prev`, then `row = x`, compiled for AVX2 where the processor has it.
    fn step_swap(dmask: u64, row: &mut [u64], prev: &[u64], x: &[u64], next: &mut [u64]) = swap_portable if ["avx2"]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `b + T x + prev` light by light.
    fn reference(n: usize, delta: bool, b: &[u64], prev: &[u64], x: &[u64]) -> Vec<u64> {
        let bit = |v: &[u64], j: usize| v[j / 64] >> (j % 64) & 1;
        let mut out = vec![0u64; x.len()];
        for j in 0..n {
            let mut v = bit(b, j) ^ bit(prev, j);
            v ^= if delta { bit(x, j) } else { 0 };
            v ^= if j > 0 { bit(x, j - 1) } else { 0 };
            v ^= if j + 1 < n { bit(x, j + 1) } else { 0 };
            out[j / 64] |= v << (j % 64);
        }
        out
    }

    #[test]
    fn every_form_matches_the_lights_one_by_one() {
        let mut seed = 7u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed
        };
        for n in [1usize, 63, 64, 65, 128, 130, 191, 192, 200, 64 * 9 + 5] {
            let w = n.div_ceil(64);
            let row = |rnd: &mut dyn FnMut() -> u64| -> Vec<u64> {
                let mut v: Vec<u64> = (0..w).map(|_| rnd()).collect();
                clear_tail(n, &mut v);
                v
            };
            let (b, prev, x) = (row(&mut rnd), row(&mut rnd), row(&mut rnd));
            for delta in [true, false] {
                let want = reference(n, delta, &b, &prev, &x);
                let mut next = vec![0u64; w];
                step(n, delta, Some(&b), &prev, &x, &mut next);
                assert_eq!(next, want, "board, n = {n}");
                step(n, delta, None, &prev, &x, &mut next);
                assert_eq!(next, reference(n, delta, &vec![0; w], &prev, &x), "dark, n = {n}");
                let mut board_row = b.clone();
                step_in_place(n, delta, &mut board_row, &prev, &x, &mut next);
                assert_eq!((next.clone(), board_row), (want, x.clone()), "in place, n = {n}");
            }
        }
    }
}
