//! Exhaustive coset enumeration in Gray-code order: each step adds (or subtracts) exactly one
//! basis vector, so the weight is updated from the previous member instead of recomputed from
//! scratch by a full combination.
//!
//! Among members of equal weight every run keeps one that does not depend on how the coset is
//! cut into parts (threads here, tasks on a cluster in [`super::split`]), so every way of
//! running a search names the same witness: over GF(2) the first in the Gray sequence (the parts
//! are contiguous ranges of it, and the first part wins a tie), over Z_p the one whose
//! coefficient vector is smallest read as a number with the last coefficient most significant
//! ([`before`]).

pub(crate) use super::walsh::Walk;
use super::Deadline;
use crate::arith::Fp;
use crate::features::with_features;
use std::sync::atomic::AtomicU64;

/// Steps between two looks at the clock.
const CHUNK: u64 = 1 << 16;

/// What an enumeration found.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// Coefficients of the lightest member seen.
    pub coeffs: Vec<u32>,
    /// Its weight on the enumerated coordinates.
    pub weight: u64,
    /// Members examined.
    pub explored: u64,
    /// Whether every member was examined.
    pub complete: bool,
}

/// The coefficients of member `i` of the binary reflected Gray code, bit k for coefficient k.
#[inline(always)]
pub(crate) fn code(i: u64) -> u64 {
    i ^ (i >> 1)
}

/// Whether coefficient vector `a` comes before `b`: compared from the last coefficient down.
#[inline]
pub(crate) fn before(a: &[u32], b: &[u32]) -> bool {
    a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Less
}

/// Cosets at least this large are split across threads.
const PARALLEL_MEMBERS: u64 = 1 << 22;

/// GF(2): all `total = 2^U` members of `start + span(basis)`, vectors packed in words.
///
/// Member `i` of the binary reflected Gray code has coefficients `code(i) = i ^ (i >> 1)`; going
/// from member `i - 1` to `i` adds basis vector `trailing_zeros(i)`. Large cosets are cut into
/// one contiguous range of the sequence per thread.
pub(crate) fn gf2(start: &[u64], basis: &[Vec<u64>], total: u64, deadline: &Deadline) -> Outcome {
    let u = basis.len();
    let parts = if total >= PARALLEL_MEMBERS && u >= 2 { (super::threads() as u64).min(total) } else { 1 };
    // Part boundaries on whole blocks of the transform (see `walk`).
    let align = super::walsh::MAX_BLOCK_BITS.min(u as u32);
    let bound = |r: u64| {
        if r == parts {
            total
        } else {
            ((total as u128 * r as u128 / parts as u128) as u64) >> align << align
        }
    };
    // The lightest weight found so far by any part: each skips what provably weighs more.
    let known = AtomicU64::new(u64::MAX);
    let w = Walk { start, basis, known: &known, deadline };
    let run = |r: u64| walk(&w, bound(r), bound(r + 1));
    let results: Vec<(u64, u64, u64)> = if parts == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|scope| {
            let run = &run;
            let handles: Vec<_> = (0..parts).map(|r| scope.spawn(move || run(r))).collect();
            handles.into_iter().map(|h| h.join().expect("a Gray-code worker does not panic")).collect()
        })
    };
    // The first part of least weight: its member comes first in the sequence.
    let &(best, best_i, _) = results.iter().min_by_key(|p| p.0).expect("at least one part");
    let explored = results.iter().map(|p| p.2).sum::<u64>();
    let c = code(best_i);
    let coeffs = (0..u).map(|k| ((c >> k) & 1) as u32).collect();
    Outcome { coeffs, weight: best, explored, complete: explored == total || best == 0 }
}

/// Members `lo..hi` of the Gray sequence of `w`'s coset: (least weight, the index of
/// its first member, members examined).
///
/// Long aligned ranges go to the Walsh–Hadamard walk ([`super::walsh`]), which returns the same
/// answer several times faster. A range with nothing as light as `known` may answer any heavier
/// member of its own (see [`super::walsh::walk`]).
pub(crate) fn walk(w: &Walk<'_>, lo: u64, hi: u64) -> (u64, u64, u64) {
    let &Walk { start, basis, deadline, .. } = w;
    if super::walsh::block(lo, hi, basis.len()).is_some() {
        return super::walsh::walk(w, lo, hi);
    }
    let c = code(lo);
    let mut x = start.to_vec();
    for (k, v) in basis.iter().enumerate() {
        if (c >> k) & 1 == 1 {
            x.iter_mut().zip(v).for_each(|(a, b)| *a ^= b);
        }
    }
    enumerate_range(&x, basis, lo, hi, deadline)
}

/// One Gray-code run over members `0..total`, from `start` (member 0).
pub(crate) fn enumerate(start: &[u64], basis: &[Vec<u64>], total: u64, deadline: &Deadline) -> (u64, u64, u64) {
    enumerate_range(start, basis, 0, total, deadline)
}

with_features! {
    /// One Gray-code run over members `lo..hi`, from `start` (member `lo`): [`enumerate_portable`]
    /// with the `popcnt` instruction and AVX2 where the processor has them (a software popcount is
    /// several times slower, and the loop is nothing but XOR and popcount).
    pub(crate) fn enumerate_range(start: &[u64], basis: &[Vec<u64>], lo: u64, hi: u64, deadline: &Deadline)
        -> (u64, u64, u64) = enumerate_portable if ["popcnt", "avx2"]
}

#[inline(always)]
fn enumerate_portable(start: &[u64], basis: &[Vec<u64>], lo: u64, hi: u64, deadline: &Deadline) -> (u64, u64, u64) {
    match start.len() {
        1 => run_fixed::<1>(start, basis, lo, hi, deadline),
        2 => run_fixed::<2>(start, basis, lo, hi, deadline),
        3 => run_fixed::<3>(start, basis, lo, hi, deadline),
        4 => run_fixed::<4>(start, basis, lo, hi, deadline),
        5 => run_fixed::<5>(start, basis, lo, hi, deadline),
        6 => run_fixed::<6>(start, basis, lo, hi, deadline),
        7 => run_fixed::<7>(start, basis, lo, hi, deadline),
        8 => run_fixed::<8>(start, basis, lo, hi, deadline),
        9..=12 => run_fixed::<12>(start, basis, lo, hi, deadline),
        13..=16 => run_fixed::<16>(start, basis, lo, hi, deadline),
        17..=24 => run_fixed::<24>(start, basis, lo, hi, deadline),
        25..=32 => run_fixed::<32>(start, basis, lo, hi, deadline),
        _ => run_dyn(start, basis, lo, hi, deadline),
    }
}

/// The Gray-code loop for vectors of at most `W` words (kept in registers), padded with zero
/// words, which weigh nothing.
#[inline(always)]
fn run_fixed<const W: usize>(
    start: &[u64],
    basis: &[Vec<u64>],
    lo: u64,
    hi: u64,
    deadline: &Deadline,
) -> (u64, u64, u64) {
    let mut vecs = [[0u64; W]; 64];
    for (v, b) in vecs.iter_mut().zip(basis) {
        v[..b.len()].copy_from_slice(b);
    }
    let mut x = [0u64; W];
    x[..start.len()].copy_from_slice(start);
    let first: u32 = x.iter().map(|w| w.count_ones()).sum();
    let (best, best_i, explored) = lightest(first, lo, hi, deadline, |j| {
        let v = &vecs[(j.trailing_zeros() & 63) as usize];
        let mut w = 0u32;
        for t in 0..W {
            x[t] ^= v[t];
            w += x[t].count_ones();
        }
        w
    });
    (best as u64, best_i, explored)
}

/// The Gray-code loop for any number of words.
#[inline(always)]
fn run_dyn(start: &[u64], basis: &[Vec<u64>], lo: u64, hi: u64, deadline: &Deadline) -> (u64, u64, u64) {
    let mut x = start.to_vec();
    let first: u64 = x.iter().map(|w| w.count_ones() as u64).sum();
    lightest(first, lo, hi, deadline, |j| {
        let v = &basis[j.trailing_zeros() as usize];
        let mut w = 0u64;
        for (a, b) in x.iter_mut().zip(v) {
            *a ^= b;
            w += a.count_ones() as u64;
        }
        w
    })
}

/// The Gray-code walk over members `lo + 1..hi` shared by [`run_fixed`] and [`run_dyn`]: `step(j)`
/// moves to member `j` and returns its weight, `first` is the weight of member `lo`. Returns
/// (least weight, the index of its first member, members examined); stops early at weight 0 and,
/// between chunks of [`CHUNK`] steps, at the deadline. Generic over the weight type so the
/// fixed-width loop keeps its `u32` sums.
#[inline(always)]
fn lightest<W: Copy + PartialOrd + From<u8>>(
    first: W,
    lo: u64,
    hi: u64,
    deadline: &Deadline,
    mut step: impl FnMut(u64) -> W,
) -> (W, u64, u64) {
    let mut best = first;
    let mut best_i = lo;
    let mut i = lo + 1;
    while i < hi && best > W::from(0) {
        let end = hi.min(i.saturating_add(CHUNK));
        for j in i..end {
            let w = step(j);
            if w < best {
                best = w;
                best_i = j;
            }
        }
        i = end;
        if deadline.passed() {
            break;
        }
    }
    (best, best_i, i.min(hi) - lo)
}

/// The reflected p-ary Gray code on `U` digits: from one word to the next exactly one digit
/// moves up or down by one. Digit k runs 0, 1, .., p-1 and back, reversing each time a higher
/// digit moves.
#[derive(Debug, Clone)]
pub(crate) struct ReflectedGray {
    p: u32,
    digits: Vec<u32>,
    up: Vec<bool>,
}

impl ReflectedGray {
    /// Start at the all-zero word.
    pub(crate) fn new(p: u32, u: usize) -> Self {
        ReflectedGray { p, digits: vec![0; u], up: vec![true; u] }
    }
    /// The current word.
    pub(crate) fn digits(&self) -> &[u32] {
        &self.digits
    }
    /// Move to the next word: `Some((digit, moved_up))`, or `None` after the last word.
    #[inline]
    pub(crate) fn next_step(&mut self) -> Option<(usize, bool)> {
        let p = self.p;
        let k =
            (0..self.digits.len()).find(|&k| if self.up[k] { self.digits[k] + 1 < p } else { self.digits[k] > 0 })?;
        for d in &mut self.up[..k] {
            *d = !*d;
        }
        if self.up[k] {
            self.digits[k] += 1;
        } else {
            self.digits[k] -= 1;
        }
        Some((k, self.up[k]))
    }
}

/// Z_p: all `total = p^U` members of `start + span(basis)` in reflected p-ary Gray-code order:
/// each step moves one coefficient up or down by one, adding or subtracting its basis vector
/// (given sparse as `(index, value)`) and updating the weight from the touched entries only.
/// Large cosets over small p are cut into p parts by fixing the last coefficient, one thread each.
pub(crate) fn zp(p: u32, start: &[u32], basis: &[Vec<(u32, u32)>], total: u64, deadline: &Deadline) -> Outcome {
    let u = basis.len();
    let threads = super::threads();
    if total < PARALLEL_MEMBERS || u < 2 || p > 16 || threads < 2 {
        return zp_serial(p, start, basis, total, deadline);
    }
    let (low, last) = basis.split_at(u - 1);
    let parts: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..p)
            .map(|v| {
                scope.spawn(move || {
                    let x = shifted(p, start, last, &[v]);
                    let mut out = zp_serial(p, &x, low, total / p as u64, deadline);
                    out.coeffs.push(v);
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a Gray-code worker does not panic")).collect()
    });
    let explored = parts.iter().map(|o| o.explored).sum();
    let complete = parts.iter().all(|o| o.complete) || parts.iter().any(|o| o.weight == 0);
    // The first part of least weight: the one with the smallest last coefficient.
    let best = parts.into_iter().min_by_key(|o| o.weight).expect("p >= 2 parts");
    Outcome { explored, complete, ..best }
}

/// `start + Σ c_k v_k` mod p for sparse vectors `v_k`: the first member of the part of a coset
/// whose last coefficients are fixed to `c`.
pub(crate) fn shifted(p: u32, start: &[u32], vectors: &[Vec<(u32, u32)>], coeffs: &[u32]) -> Vec<u32> {
    let (mut x, z) = (start.to_vec(), Fp::new(p));
    for (v, &c) in vectors.iter().zip(coeffs) {
        for &(j, b) in v {
            x[j as usize] = z.mul_add(x[j as usize], c, b);
        }
    }
    x
}

/// One serial p-ary run: on bytes with whole-vector (vectorised) steps when p < 128 and the
/// basis is at least a quarter full, else on the sparse entries.
pub(crate) fn zp_serial(p: u32, start: &[u32], basis: &[Vec<(u32, u32)>], total: u64, deadline: &Deadline) -> Outcome {
    let entries: usize = basis.iter().map(Vec::len).sum();
    if p < 128 && entries * 4 >= basis.len() * start.len() {
        return zp_bytes_fast(p, start, basis, total, deadline);
    }
    zp_sparse(p, start, basis, total, deadline)
}

with_features! {
    /// [`zp_bytes`], with AVX2 where the processor has it.
    fn zp_bytes_fast(p: u32, start: &[u32], basis: &[Vec<(u32, u32)>], total: u64, deadline: &Deadline) -> Outcome
        = zp_bytes if ["avx2"]
}

/// The p-ary run with one byte per button (p < 128, so a sum of two entries fits in a byte):
/// each step adds a whole dense vector and re-sums the weight, which the compiler vectorises.
#[inline(always)]
fn zp_bytes(p: u32, start: &[u32], basis: &[Vec<(u32, u32)>], total: u64, deadline: &Deadline) -> Outcome {
    let n = start.len();
    let z = Fp::new(p);
    let dense = |negate: bool| -> Vec<Vec<u8>> {
        basis
            .iter()
            .map(|v| {
                let mut d = vec![0u8; n];
                for &(j, x) in v {
                    d[j as usize] = if negate { z.neg(x) } else { x } as u8;
                }
                d
            })
            .collect()
    };
    let (plus, minus) = (dense(false), dense(true));
    let p8 = p as u8;
    let mut x: Vec<u8> = start.iter().map(|&v| v as u8).collect();
    let weight = x.iter().map(|&v| v as u64).sum();
    // The closures own their state (moved in), so that it stays in registers.
    zp_walk(p, basis.len(), weight, total, deadline, move |k, up| {
        let v = if up { &plus[k] } else { &minus[k] };
        let mut w = 0u32;
        for (a, &b) in x.iter_mut().zip(v) {
            let s = *a + b;
            let r = if s >= p8 { s - p8 } else { s };
            *a = r;
            w += r as u32;
        }
        w as u64
    })
}

/// The p-ary run on the non-zero entries only (sparse bases, or p >= 128).
fn zp_sparse(p: u32, start: &[u32], basis: &[Vec<(u32, u32)>], total: u64, deadline: &Deadline) -> Outcome {
    let z = Fp::new(p);
    let negated: Vec<Vec<(u32, u32)>> = basis.iter().map(|v| v.iter().map(|&(j, x)| (j, z.neg(x))).collect()).collect();
    let mut x = start.to_vec();
    let mut w: u64 = x.iter().map(|&v| v as u64).sum();
    zp_walk(p, basis.len(), w, total, deadline, move |k, up| {
        for &(j, v) in if up { &basis[k] } else { &negated[k] } {
            let old = x[j as usize];
            let new = z.add(old, v);
            x[j as usize] = new;
            w = w + new as u64 - old as u64;
        }
        w
    })
}

/// The loop both p-ary runs share: the reflected Gray code over `u` coefficients from weight
/// `weight`, `step(k, up)` moving coefficient k up or down by one (adding its basis vector or
/// subtracting it) and answering the new weight; the clock and the progress are looked at
/// once a chunk.
#[inline(always)]
fn zp_walk(
    p: u32,
    u: usize,
    weight: u64,
    total: u64,
    deadline: &Deadline,
    mut step: impl FnMut(usize, bool) -> u64,
) -> Outcome {
    let mut gray = ReflectedGray::new(p, u);
    let (mut best, mut best_digits) = (weight, gray.digits().to_vec());
    let mut explored = 1u64;
    let mut complete = false;
    let progress = deadline.progress();
    if let Some(p) = progress {
        p.add_total(total);
    }
    let mut reported = 0u64;
    'outer: while best > 0 {
        for _ in 0..CHUNK {
            let Some((k, up)) = gray.next_step() else {
                complete = true;
                break 'outer;
            };
            let w = step(k, up);
            explored += 1;
            if w <= best && (w < best || before(gray.digits(), &best_digits)) {
                best = w;
                best_digits.copy_from_slice(gray.digits());
            }
        }
        if let Some(p) = progress {
            p.add_done(explored - reported);
            reported = explored;
        }
        if deadline.passed() {
            break;
        }
    }
    if let Some(p) = progress {
        p.add_done(explored - reported);
    }
    complete |= explored == total;
    Outcome { coeffs: best_digits, weight: best, explored, complete: complete || best == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal::Budget;
    use rand::{Rng, SeedableRng};

    /// The threaded runs (GF(2) and Z_3) find the same minimum as one serial run, and their
    /// coefficients really give it.
    #[test]
    fn split_runs_agree_with_serial_runs() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let none = Deadline::start(&Budget::work_only(0));
        let (n, u) = (20usize, 14usize);
        let start: Vec<u32> = (0..n).map(|_| rng.gen_range(0..3)).collect();
        let basis: Vec<Vec<(u32, u32)>> = (0..u)
            .map(|_| (0..n as u32).filter_map(|j| Some((j, rng.gen_range(0..3u32))).filter(|e| e.1 != 0)).collect())
            .collect();
        let total = 3u64.pow(u as u32);
        let split = zp(3, &start, &basis, total, &none);
        let serial = zp_serial(3, &start, &basis, total, &none);
        assert!(split.complete && serial.complete);
        assert_eq!(split.weight, serial.weight);
        let (low, few) = (&basis[..9], 3u64.pow(9));
        let (bytes, sparse) = (zp_bytes(3, &start, low, few, &none), zp_sparse(3, &start, low, few, &none));
        assert_eq!((bytes.weight, bytes.explored, bytes.coeffs), (sparse.weight, sparse.explored, sparse.coeffs));
        let mut x = start.clone();
        for (b, &c) in basis.iter().zip(&split.coeffs) {
            for &(j, v) in b {
                x[j as usize] = (x[j as usize] + c * v) % 3;
            }
        }
        assert_eq!(x.iter().map(|&v| v as u64).sum::<u64>(), split.weight);

        let words: Vec<u64> = vec![rng.r#gen::<u64>() >> 4];
        let gbasis: Vec<Vec<u64>> = (0..23).map(|_| vec![rng.r#gen::<u64>() >> 4]).collect();
        let split = gf2(&words, &gbasis, 1 << 23, &none);
        let (best, _, seen) = enumerate(&words, &gbasis, 1 << 23, &none);
        assert_eq!((split.weight, split.explored), (best, seen));
        let mut x = words[0];
        for (b, &c) in gbasis.iter().zip(&split.coeffs) {
            if c == 1 {
                x ^= b[0];
            }
        }
        assert_eq!(x.count_ones() as u64, split.weight);
    }
}
