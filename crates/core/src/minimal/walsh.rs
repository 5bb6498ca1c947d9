//! Exhaustive GF(2) coset search by fast Walsh–Hadamard transform: the weights of `2^m` coset
//! members at once, in about `m` additions each instead of a pass over all the buttons.
//!
//! Column j of the basis is a vector `v_j` in GF(2)^U, and the member with coefficients `c`
//! has bit `s_j ^ <c, v_j>` there. With `D_j = 2 s_j - 1`, twice its weight is
//! `n + Σ_j D_j (-1)^<c, v_j>`, a sum that depends on `v_j` only: columns with the same vector
//! are one *type* whose `D` is the sum of theirs (types with `D = 0` weigh `n_t / 2` whatever
//! `c` is). Cut `c` into its low `m` bits `b` and the rest `a`: for fixed `a`, the sum over all
//! `b` at once is the Walsh–Hadamard transform of the array `A[β] = Σ_t (-1)^<a, α_t> D_t` (each
//! type at the low bits `β_t` of its vector, `α_t` the rest), `m 2^m` additions for `2^m`
//! members. The low 5 bits of `a` ride along as 32 lanes of one vector (two AVX2 registers),
//! so every step of the transform is a plain vector addition.
//!
//! Most blocks cannot beat the lightest member found so far, and most of the transform's work
//! goes to proving it: after all but the last `j` levels, each final entry is a ±1 combination
//! of the `2^j` current entries of its group, so no entry of a group whose absolute values sum
//! below the margin can get there, and its last levels are skipped ([`transform_pruned`]). On
//! the 33 x 33 torus (nullity 44) that leaves 5 of the 12 levels to about 2% of the groups.
//!
//! Blocks are whole aligned ranges of the Gray sequence ([`super::gray`]): the members whose
//! Gray index has the high part `q` are those whose coefficients have the high part
//! `q ^ (q >> 1)`. A walk over `lo..hi` visits the same members as the Gray-code walk and names
//! the same witness (the first of least weight in the sequence), so the two are interchangeable.

use super::Deadline;
use crate::features::with_features;
use std::sync::atomic::{AtomicU64, Ordering};

/// Bits of `c` handled by the transform: `2^12` vectors (14 for cosets of many types, whose
/// array takes longer to fill). Measured on the 39 x 39 and 61 x 61 grids: smaller blocks
/// spend their time filling the array, larger ones in the level-2 cache.
const TRANSFORM_BITS: u32 = 12;
/// Bits of `c` carried by the lanes of a vector.
const LANE_BITS: u32 = 5;
const LANES: usize = 1 << LANE_BITS;
/// The largest block.
pub(crate) const MAX_BLOCK_BITS: u32 = TRANSFORM_BITS + 2 + LANE_BITS;
/// Walks shorter than this (or not aligned to blocks of at least this size) are left to the
/// Gray code: the transform's setup would cost more than it saves.
pub(crate) const MIN_BLOCK: u64 = 1 << 12;

/// One entry of the transform: `i16` while no sum can leave its range, else `i32`.
trait Lane: Copy + Ord + std::fmt::Debug {
    const ZERO: Self;
    const MAX: Self;
    fn from_i64(v: i64) -> Self;
    fn to_i64(self) -> i64;
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn abs(self) -> Self;
}

/// The same wrapping arithmetic for each width of lane.
macro_rules! lane {
    ($($t:ty),*) => {$(
        impl Lane for $t {
            #[inline(always)]
            fn abs(self) -> Self {
                self.wrapping_abs()
            }
            const ZERO: Self = 0;
            const MAX: Self = <$t>::MAX;
            fn from_i64(v: i64) -> Self {
                v as $t
            }
            fn to_i64(self) -> i64 {
                self as i64
            }
            #[inline(always)]
            fn add(self, o: Self) -> Self {
                self.wrapping_add(o)
            }
            #[inline(always)]
            fn sub(self, o: Self) -> Self {
                self.wrapping_sub(o)
            }
        }
    )*};
}
lane!(i16, i32);

/// The inverse of the Gray code: the index `i` with `code(i) == c`.
#[inline]
pub(crate) fn gray_index(c: u64) -> u64 {
    let mut g = c;
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift *= 2;
    }
    g
}

/// The coset as types: `(vector, D)` with `D != 0`, the buttons whose weight is the same in
/// every member (`fixed`: `Σ s_j` over zero columns plus `n_t / 2` over types with `D = 0`,
/// doubled), and `Σ |D|`.
struct Coset {
    types: Vec<(u64, i64)>,
    twice_fixed: i64,
    spread: i64,
}

impl Coset {
    fn new(start: &[u64], basis: &[Vec<u64>]) -> Self {
        let mut cols: Vec<(u64, i64)> = Vec::new();
        let mut twice_fixed = 0i64;
        for w in 0..start.len() {
            let any = basis.iter().fold(0u64, |acc, b| acc | b[w]);
            let mut bits = any | start[w];
            while bits != 0 {
                let j = bits.trailing_zeros();
                bits &= bits - 1;
                let s = ((start[w] >> j) & 1) as i64;
                if (any >> j) & 1 == 0 {
                    twice_fixed += 2 * s;
                    continue;
                }
                let v = basis.iter().enumerate().fold(0u64, |acc, (k, b)| acc | (((b[w] >> j) & 1) << k));
                cols.push((v, 2 * s - 1));
            }
        }
        cols.sort_unstable_by_key(|c| c.0);
        let mut types: Vec<(u64, i64)> = Vec::new();
        let mut count = 0i64;
        let mut last = None;
        for (v, d) in cols {
            count += 1;
            if last == Some(v) {
                types.last_mut().expect("a type was pushed").1 += d;
            } else {
                types.push((v, d));
                last = Some(v);
            }
        }
        // Every column counts 1 (its D is ±1): 2 W = count + Σ D (-1)^dot + twice_fixed.
        twice_fixed += count;
        types.retain(|t| t.1 != 0);
        let spread = types.iter().map(|t| t.1.abs()).sum();
        Coset { types, twice_fixed, spread }
    }
}

/// The coset `start + span(basis)` (vectors packed in words) that walks over ranges of its
/// Gray sequence read, with what the walks over its ranges share: `known`, the weight of a
/// member found elsewhere (`u64::MAX` if none), lowered as lighter ones turn up, and the
/// deadline.
pub(crate) struct Walk<'a> {
    pub(crate) start: &'a [u64],
    pub(crate) basis: &'a [Vec<u64>],
    pub(crate) known: &'a AtomicU64,
    pub(crate) deadline: &'a Deadline,
}

/// Members `lo..hi` of the Gray sequence of `w`'s coset (U <= 63 vectors packed in
/// words, `hi <= 2^U`): (least weight, the Gray index of its first member, members examined),
/// as [`super::gray::walk`] returns them. `lo` and `hi` must be multiples of `block(lo, hi, U)`.
///
/// `known` is the weight of some member of the coset (`u64::MAX`: none yet), shared with the
/// walks over its other ranges and lowered by each as it finds lighter members: groups of
/// members that provably weigh more are skipped (see [`transform_pruned`]). The answer is
/// exact when the range holds a member of weight at most the final `known` (always the case
/// for the range of the coset's lightest member); otherwise it may be any heavier member of the
/// range, or weight `u64::MAX` at index `lo` when every block was skipped.
pub(crate) fn walk(w: &Walk<'_>, lo: u64, hi: u64) -> (u64, u64, u64) {
    let &Walk { start, basis, known, deadline } = w;
    let m = block_bits(lo, hi, basis.len());
    let coset = Coset::new(start, basis);
    if coset.spread <= i16::MAX as i64 {
        run::<i16>(&coset, m, lo, hi, known, deadline)
    } else {
        run::<i32>(&coset, m, lo, hi, known, deadline)
    }
}

/// The block size `2^m` a walk over `lo..hi` of a `U`-vector coset uses: as large as the
/// transform and the alignment of `lo` and `hi` allow; `None` when it would be below
/// [`MIN_BLOCK`] (then the Gray code is faster) or the coset has more than 63 vectors.
pub(crate) fn block(lo: u64, hi: u64, u: usize) -> Option<u64> {
    let m = block_bits(lo, hi, u);
    (hi > lo && u <= 63 && (1u64 << m) >= MIN_BLOCK).then_some(1 << m)
}

fn block_bits(lo: u64, hi: u64, u: usize) -> u32 {
    let align = (lo | hi).trailing_zeros();
    MAX_BLOCK_BITS.min(u as u32).min(align)
}

// [`run_portable`], compiled with AVX2 (16 lanes of `i16` per instruction) and popcnt where the
// processor has them. (AVX-512 measured no faster on the machine of docs/BENCHMARKS.md.)
with_features! {
    fn run<T: Lane>(coset: &Coset, m: u32, lo: u64, hi: u64, known: &AtomicU64, deadline: &Deadline)
        -> (u64, u64, u64) = run_portable if ["avx2", "popcnt"]
}

#[inline(always)]
fn run_portable<T: Lane>(
    coset: &Coset,
    m: u32,
    lo: u64,
    hi: u64,
    known: &AtomicU64,
    deadline: &Deadline,
) -> (u64, u64, u64) {
    let lane_bits = LANE_BITS.min(m);
    // The transform costs about r additions per member, filling its array one vector per type
    // per block: 2^10 slots unless the types are many.
    let r = (m - lane_bits).min(if coset.types.len() > 2048 { TRANSFORM_BITS + 2 } else { TRANSFORM_BITS });
    let m = r + lane_bits;
    let (rmask, lmask) = ((1u64 << r) - 1, (1u64 << lane_bits) - 1);
    // Per type: its slot β, its high bits α, and D times the lane signs (-1)^<l, λ> (then
    // negated: the parity of <a, α> picks one without a branch).
    let mut slots: Vec<(usize, u64, [[T; LANES]; 2])> = coset
        .types
        .iter()
        .map(|&(v, d)| {
            let lam = (v >> r) & lmask;
            let lanes = |sign: i64| {
                std::array::from_fn(|l| {
                    let odd = (l as u64 & lam).count_ones() & 1 == 1;
                    T::from_i64(if odd { -sign * d } else { sign * d })
                })
            };
            ((v & rmask) as usize, v >> m, [lanes(1), lanes(-1)])
        })
        .collect();
    // In slot order, so that the array is filled front to back.
    slots.sort_by_key(|s| s.0);
    let least_of = |low: [T; LANES]| low.iter().copied().min().expect("32 lanes").to_i64();
    let squares: i64 = coset.types.iter().map(|t| t.1 * t.1).sum();
    let mut a: Vec<[T; LANES]> = vec![[T::ZERO; LANES]; 1 << r];
    let (mut best, mut best_i) = (u64::MAX, lo);
    let mut q = lo >> m;
    let progress = deadline.progress();
    if let Some(p) = progress {
        p.add_total(hi - lo);
    }
    while q < hi >> m && best > 0 {
        let high = q ^ (q >> 1);
        fill(&mut a, &slots, high);
        // Entry e of the transform is a member of weight (twice_fixed + e) / 2: only entries
        // e <= 2 limit - twice_fixed matter.
        let limit = best.min(known.load(Ordering::Relaxed));
        let margin = coset.twice_fixed - 2 * limit.min(u32::MAX as u64) as i64;
        let j = prune_bits(r, margin, squares);
        let mut least = if j > 0 {
            least_of(transform_pruned(&mut a, j, T::from_i64(margin.min(T::MAX.to_i64()))))
        } else {
            least_of(transform(&mut a))
        };
        let mut w = ((coset.twice_fixed + least) / 2) as u64;
        if w <= limit {
            if j > 0 {
                // Rare: the skipped groups left partial sums behind; redo the block in full.
                fill(&mut a, &slots, high);
                least = least_of(transform(&mut a));
                w = ((coset.twice_fixed + least) / 2) as u64;
            }
            // Find the first member (by Gray index) of this weight in the block.
            let mut first = u64::MAX;
            for (b, x) in a.iter().enumerate() {
                for (l, &e) in x.iter().enumerate().take(1 << lane_bits) {
                    if e.to_i64() == least {
                        let c = (high << m) | ((l as u64 & lmask) << r) | b as u64;
                        first = first.min(gray_index(c));
                    }
                }
            }
            if w < best {
                (best, best_i) = (w, first);
                known.fetch_min(w, Ordering::Relaxed);
            }
        }
        q += 1;
        if let Some(p) = progress {
            p.add_done(1 << m);
        }
        if deadline.passed() {
            break;
        }
    }
    (best, best_i, (q << m).min(hi) - lo)
}

/// The array of block `high` (the high coefficient bits in Gray order): each type's `D` with
/// its lane signs and the sign of its high bits, at its slot.
#[inline(always)]
fn fill<T: Lane>(a: &mut [[T; LANES]], slots: &[(usize, u64, [[T; LANES]; 2])], high: u64) {
    a.iter_mut().for_each(|x| *x = [T::ZERO; LANES]);
    for (slot, alpha, lanes) in slots {
        // Copies, so that the compiler sees no overlap and adds whole vectors.
        let add = lanes[((high & alpha).count_ones() & 1) as usize];
        let mut x = a[*slot];
        for l in 0..LANES {
            x[l] = x[l].add(add[l]);
        }
        a[*slot] = x;
    }
}

/// How many low levels of a `2^r`-entry transform to leave to the groups that the bound of
/// [`transform_pruned`] cannot rule out (0: no bound, the plain transform), for entries that
/// matter only up to `-margin`, from types with `Σ D^2 = squares`.
///
/// After the other levels, each entry is a sum of the `D` of about `2^-j` of the types, with
/// random signs: a group of `2^j` entries has `L1 ≈ sqrt(2/π) sqrt(2^j squares)` (standard
/// deviation about `0.6 sqrt(squares)` whatever `j`), and is skipped only if every one of the 32
/// lanes is below the margin. The largest `j` with the mean L1 three deviations below the
/// margin skips nearly every group.
fn prune_bits(r: u32, margin: i64, squares: i64) -> u32 {
    #[cfg(test)]
    {
        let j = FORCE_PRUNE_BITS.with(|f| f.get());
        if j != u32::MAX {
            return if margin > 0 && r >= 4 { j.min(r - 2) } else { 0 };
        }
    }
    if margin <= 0 {
        return 0;
    }
    let (margin, squares) = (margin as f64, squares as f64);
    let spread = 0.6 * squares.sqrt();
    (2..=MAX_PRUNE_BITS.min(r.saturating_sub(2)))
        .rev()
        .find(|&j| 0.8 * (squares * (1u64 << j) as f64).sqrt() + 3.0 * spread < margin)
        .unwrap_or(0)
}

/// The most levels [`transform_pruned`] leaves to the groups (a group fits in the level-1 cache).
const MAX_PRUNE_BITS: u32 = 6;

#[cfg(test)]
thread_local! {
    /// Tests set the levels left to the groups (`u32::MAX`: the heuristic's choice).
    static FORCE_PRUNE_BITS: std::cell::Cell<u32> = const { std::cell::Cell::new(u32::MAX) };
}

/// Entries of the transform handled together while they stay in the level-1 cache (16 KB of
/// `i16` vectors).
const CACHE_ENTRIES: usize = 256;

/// The unnormalised Walsh–Hadamard transform of `a` along its index, lane by lane; returns the
/// least entry of each lane. The levels commute, so the low ones run chunk by chunk in the
/// level-1 cache, the high ones across the array, and the last one or two keep the minimum on
/// the way.
#[inline(always)]
fn transform<T: Lane>(a: &mut [[T; LANES]]) -> [T; LANES] {
    let n = a.len();
    let bits = n.trailing_zeros();
    let last = bits.min(2);
    let before = 1usize << (bits - last);
    let chunk = before.min(CACHE_ENTRIES);
    for c in a.chunks_exact_mut(chunk) {
        levels(c, 1, chunk);
    }
    levels(a, chunk, before);
    last_levels(a, last)
}

/// [`transform`] that only cares for entries below `-margin`: the high levels run first, then
/// each group of `2^j` consecutive entries (differing only in the `j` low bits, whose levels
/// are left) is finished only if some lane could reach below `-margin`.
///
/// Each finished entry of a group is a sum of its current entries with signs ±1, so in every
/// lane it is at least minus their sum of absolute values (L1): when L1 < margin in every lane,
/// no entry of the group gets to `-margin`, and its levels and minimum are skipped. Returns the
/// least entry of each lane over the finished groups (`T::MAX` where none); the skipped groups
/// are left partly transformed.
#[inline(always)]
fn transform_pruned<T: Lane>(a: &mut [[T; LANES]], j: u32, margin: T) -> [T; LANES] {
    let n = a.len();
    let g = 1usize << j;
    let chunk = CACHE_ENTRIES.max(4 * g).min(n);
    levels(a, chunk, n);
    let mut low = [T::MAX; LANES];
    if (n.trailing_zeros() - j) % 2 == 1 {
        // An odd number of levels above the groups: the last of them alone, with two sums.
        for c in a.chunks_exact_mut(chunk) {
            levels(c, 2 * g, chunk);
            for pair in c.chunks_exact_mut(2 * g) {
                let [mut s0, mut s1] = [[T::ZERO; LANES]; 2];
                let (x, y) = pair.split_at_mut(g);
                for i in 0..g {
                    for l in 0..LANES {
                        let (p, q) = (x[i][l], y[i][l]);
                        let (e, f) = (p.add(q), p.sub(q));
                        (x[i][l], y[i][l]) = (e, f);
                        s0[l] = s0[l].add(e.abs());
                        s1[l] = s1[l].add(f.abs());
                    }
                }
                let (x, y) = pair.split_at_mut(g);
                finish(x, s0, margin, &mut low);
                finish(y, s1, margin, &mut low);
            }
        }
        return low;
    }
    for c in a.chunks_exact_mut(chunk) {
        levels(c, 4 * g, chunk);
        for quad in c.chunks_exact_mut(4 * g) {
            // The levels of strides g and 2g, summing the absolute values of each group's
            // entries on the way.
            // One sum per group (the compiler keeps them in memory, not registers: the fused pass
            // still costs less than a pass of its own, measured).
            let [mut s0, mut s1, mut s2, mut s3] = [[T::ZERO; LANES]; 4];
            let (x, rest) = quad.split_at_mut(g);
            let (y, rest) = rest.split_at_mut(g);
            let (z, w) = rest.split_at_mut(g);
            for i in 0..g {
                for l in 0..LANES {
                    let (e, f, h, k) = radix4(x[i][l], y[i][l], z[i][l], w[i][l]);
                    (x[i][l], y[i][l], z[i][l], w[i][l]) = (e, f, h, k);
                    s0[l] = s0[l].add(e.abs());
                    s1[l] = s1[l].add(f.abs());
                    s2[l] = s2[l].add(h.abs());
                    s3[l] = s3[l].add(k.abs());
                }
            }
            for (group, sums) in quad.chunks_exact_mut(g).zip([s0, s1, s2, s3]) {
                finish(group, sums, margin, &mut low);
            }
        }
    }
    low
}

/// The levels of a group whose sums of absolute values (per lane) reach `margin` somewhere, and
/// its least entries into `low`.
#[inline(always)]
fn finish<T: Lane>(group: &mut [[T; LANES]], sums: [T; LANES], margin: T, low: &mut [T; LANES]) {
    let mut most = T::ZERO;
    for s in sums {
        most = most.max(s);
    }
    if most < margin {
        return;
    }
    let g_bits = group.len().trailing_zeros().min(2);
    levels(group, 1, group.len() >> g_bits);
    let m = last_levels(group, g_bits);
    for l in 0..LANES {
        low[l] = low[l].min(m[l]);
    }
}

/// The last `last` (0, 1 or 2) levels of the transform, those of the highest bits, with the
/// least entry of each lane.
#[inline(always)]
fn last_levels<T: Lane>(a: &mut [[T; LANES]], last: u32) -> [T; LANES] {
    let h = a.len() >> last;
    let mut low = a[0];
    if last == 2 {
        low = [T::MAX; LANES];
        let (x, rest) = a.split_at_mut(h);
        let (y, rest) = rest.split_at_mut(h);
        let (z, w) = rest.split_at_mut(h);
        for i in 0..h {
            for l in 0..LANES {
                let (e, f, g, k) = radix4(x[i][l], y[i][l], z[i][l], w[i][l]);
                (x[i][l], y[i][l], z[i][l], w[i][l]) = (e, f, g, k);
                low[l] = low[l].min(e.min(f)).min(g.min(k));
            }
        }
    } else if last == 1 {
        low = [T::MAX; LANES];
        let (x, y) = a.split_at_mut(h);
        for i in 0..h {
            for l in 0..LANES {
                let (p, q) = (x[i][l], y[i][l]);
                let (e, f) = (p.add(q), p.sub(q));
                (x[i][l], y[i][l]) = (e, f);
                low[l] = low[l].min(e.min(f));
            }
        }
    }
    low
}

/// Two levels of the transform on the four entries `p, q, r, s` at strides h and 2h apart.
#[inline(always)]
fn radix4<T: Lane>(p: T, q: T, r: T, s: T) -> (T, T, T, T) {
    let (pq, pmq, rs, rms) = (p.add(q), p.sub(q), r.add(s), r.sub(s));
    (pq.add(rs), pmq.add(rms), pq.sub(rs), pmq.sub(rms))
}

/// The levels of the transform with strides `from <= h < to` (powers of two), two per pass.
#[inline(always)]
fn levels<T: Lane>(a: &mut [[T; LANES]], from: usize, to: usize) {
    let mut h = from;
    while 4 * h <= to {
        for chunk in a.chunks_exact_mut(4 * h) {
            let (x, rest) = chunk.split_at_mut(h);
            let (y, rest) = rest.split_at_mut(h);
            let (z, w) = rest.split_at_mut(h);
            for i in 0..h {
                for l in 0..LANES {
                    (x[i][l], y[i][l], z[i][l], w[i][l]) = radix4(x[i][l], y[i][l], z[i][l], w[i][l]);
                }
            }
        }
        h *= 4;
    }
    if h < to {
        for chunk in a.chunks_exact_mut(2 * h) {
            let (x, y) = chunk.split_at_mut(h);
            for i in 0..h {
                for l in 0..LANES {
                    let (p, q) = (x[i][l], y[i][l]);
                    x[i][l] = p.add(q);
                    y[i][l] = p.sub(q);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
