//! Cosets too large to enumerate: a local search finds a light member, then a branch and bound
//! over the coefficients proves it optimal or improves it, as far as the budget allows.
//!
//! Both work on *column types*. Column j of the (reduced) basis is a vector `v_j` in Z_p^U, and
//! a member with coefficients `c` has entry `s_j + <c, v_j>` there. Columns with the same `v`
//! form one type; its cost as a function of `t = <c, v>` is `f(t) = Σ_j ((s_j + t) mod p)`
//! over its columns, and the weight of the member is `Σ_types f(<c, v>)`. A type is settled as
//! soon as every coefficient in its support is chosen, and until then it costs at least
//! `min_t f(t)`: that gives the lower bound.

use super::Deadline;
use crate::arith::Fp;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// The column types of a basis, the one grouping behind both searches of this module and the
/// worst case's max-min problem: `columns` gives each column's index and key (its entries in
/// the basis, in any form), and every distinct key comes out once, in order of first
/// appearance, with the indices of its columns.
pub(crate) fn column_types<K: Eq + std::hash::Hash + Clone>(
    columns: impl IntoIterator<Item = (usize, K)>,
) -> Vec<(K, Vec<usize>)> {
    let mut index: HashMap<K, usize> = HashMap::new();
    let mut types: Vec<(K, Vec<usize>)> = Vec::new();
    for (j, key) in columns {
        let t = *index.entry(key).or_insert_with_key(|key| {
            types.push((key.clone(), Vec::new()));
            types.len() - 1
        });
        types[t].1.push(j);
    }
    types
}

/// Columns grouped by their basis column, with the particular solution's entries on them.
#[derive(Debug, Clone)]
pub(crate) struct Types {
    p: u32,
    /// The arithmetic mod p.
    z: Fp,
    /// Per type: its non-zero coefficients `(k, v_k)`, ascending in k.
    support: Vec<Vec<(u32, u32)>>,
    /// Per type: how many of its columns have each value of `s` (`(value, count)`).
    hist: Vec<Vec<(u32, u64)>>,
    /// Per type: `min_t f(t)`.
    min: Vec<u64>,
}

impl Types {
    /// Group the support columns of `rows` (sparse rows over the support) with `start` (the
    /// particular solution restricted to the support).
    pub(crate) fn build(p: u32, rows: &[Vec<(u32, u32)>], start: &[u32]) -> Self {
        let mut columns: Vec<Vec<(u32, u32)>> = vec![Vec::new(); start.len()];
        for (k, row) in rows.iter().enumerate() {
            for &(j, v) in row {
                columns[j as usize].push((k as u32, v));
            }
        }
        let mut types = Types { p, z: Fp::new(p), support: Vec::new(), hist: Vec::new(), min: Vec::new() };
        for (support, members) in column_types(columns.into_iter().enumerate()) {
            let mut hist: Vec<(u32, u64)> = Vec::new();
            for j in members {
                match hist.iter_mut().find(|(v, _)| *v == start[j]) {
                    Some(entry) => entry.1 += 1,
                    None => hist.push((start[j], 1)),
                }
            }
            types.support.push(support);
            types.hist.push(hist);
        }
        types.min = (0..types.len()).map(|t| types.min_cost(t)).collect();
        types
    }

    fn len(&self) -> usize {
        self.support.len()
    }

    /// `f(t)` for type `ty`.
    #[inline]
    fn cost(&self, ty: usize, t: u32) -> u64 {
        self.hist[ty].iter().map(|&(s, n)| n * self.z.add(s, t) as u64).sum()
    }

    /// `min_t f(t)`: `f` is piecewise linear in t and drops only where some `s + t` wraps to 0.
    fn min_cost(&self, ty: usize) -> u64 {
        self.hist[ty].iter().map(|&(s, _)| self.cost(ty, self.z.neg(s))).min().unwrap_or(0)
    }

    /// A lower bound on the weight (on the support) of every member.
    pub(crate) fn root_bound(&self) -> u64 {
        self.min.iter().sum()
    }

    /// `<c, v>` for type `ty`.
    #[inline]
    fn dot(&self, ty: usize, c: &[u32]) -> u32 {
        self.z.dot(self.support[ty].iter().map(|&(k, v)| (v, c[k as usize])))
    }

    /// The weight of the member with coefficients `c`.
    pub(crate) fn total(&self, c: &[u32]) -> u64 {
        (0..self.len()).map(|t| self.cost(t, self.dot(t, c))).sum()
    }
}

/// What a search found.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub coeffs: Vec<u32>,
    pub explored: u64,
    pub complete: bool,
    /// Every member weighs at least this much on the support.
    pub lower_bound: u64,
}

/// The branch and bound tries every value of a coefficient at each node; beyond this modulus
/// only the local search runs (and the bound is the per-column one).
pub(crate) const MAX_BRANCHING_MODULUS: u32 = 256;

/// Local search with a share of the budget (unless a good `incumbent` comes with the call),
/// then branch and bound with the rest.
pub(crate) fn minimize(
    types: &Types,
    u: usize,
    incumbent: Option<(Vec<u32>, u64)>,
    max_work: u64,
    deadline: &Deadline,
) -> Found {
    let root = types.root_bound();
    let (coeffs, weight, used) = match incumbent {
        Some((c, w)) => (c, w, 0),
        None => local_search(types, u, (max_work / 8).max(1).min(max_work), deadline),
    };
    if weight == root || types.p > MAX_BRANCHING_MODULUS {
        let complete = weight == root;
        return Found { coeffs, explored: used, complete, lower_bound: root.min(weight) };
    }
    let mut found = branch_and_bound(types, u, (coeffs, weight), max_work.saturating_sub(used), deadline);
    found.explored += used;
    found
}

/// Iterated local search over the coefficients: change one coefficient while that lowers the
/// weight; at a local minimum, perturb the best point in a few random coordinates and descend
/// again. Returns the best coefficients, their weight and the moves evaluated.
fn local_search(types: &Types, u: usize, max_work: u64, deadline: &Deadline) -> (Vec<u32>, u64, u64) {
    let p = types.p;
    let mut by_var: Vec<Vec<(u32, u32)>> = vec![Vec::new(); u];
    for (ty, sup) in types.support.iter().enumerate() {
        for &(k, v) in sup {
            by_var[k as usize].push((ty as u32, v));
        }
    }
    let steps: Vec<u32> = if p <= 16 { (1..p).collect() } else { vec![1, p - 1, p / 2] };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6c69_6768_7473);
    let mut c = vec![0u32; u];
    let mut dots: Vec<u32> = vec![0; types.len()];
    let mut weight = types.total(&c);
    let (mut best, mut best_w) = (c.clone(), weight);
    let mut work = 0u64;
    let z = types.z;
    while work < max_work && !deadline.passed() {
        // Descend: first improvement, sweeping the variables until none helps.
        let mut improved = true;
        'descend: while improved && work < max_work && !deadline.passed() {
            improved = false;
            for k in 0..u {
                for &d in &steps {
                    if work >= max_work {
                        break 'descend;
                    }
                    work += 1;
                    let delta: i64 = by_var[k]
                        .iter()
                        .map(|&(ty, v)| {
                            let ty = ty as usize;
                            let t = z.mul_add(dots[ty], v, d);
                            types.cost(ty, t) as i64 - types.cost(ty, dots[ty]) as i64
                        })
                        .sum();
                    if delta < 0 {
                        for &(ty, v) in &by_var[k] {
                            dots[ty as usize] = z.mul_add(dots[ty as usize], v, d);
                        }
                        c[k] = z.add(c[k], d);
                        weight = (weight as i64 + delta) as u64;
                        improved = true;
                    }
                }
            }
        }
        if weight < best_w {
            best_w = weight;
            best.copy_from_slice(&c);
        }
        if best_w == types.root_bound() || work >= max_work {
            break;
        }
        // Perturb the best point and start again from there.
        c.copy_from_slice(&best);
        for _ in 0..rng.gen_range(1..=3.min(u)) {
            let k = rng.gen_range(0..u);
            c[k] = rng.gen_range(0..p);
        }
        for (ty, d) in dots.iter_mut().enumerate() {
            *d = types.dot(ty, &c);
        }
        weight = types.total(&c);
        work += 1;
    }
    (best, best_w, work)
}

/// Basis vectors combined in one large-neighbourhood step of [`local_search_gf2`].
const NEIGHBOURHOOD: usize = 12;

/// GF(2) local search straight on packed vectors, for cosets of any width. Adding basis vector
/// k changes the weight by `|b_k| - 2 |x AND b_k|`: descend while one vector helps, then look at
/// all `2^12` combinations of a random dozen basis vectors at once (a Gray-code run from the
/// current point) and move to the best; after `stall` such steps without progress, restart from
/// the best point with a few random vectors added. Starts from `init` coefficients if given.
/// Returns the best coefficients, their weight and the members examined.
pub(crate) fn local_search_gf2(
    start: &[u64],
    basis: &[Vec<u64>],
    init: Option<&[u32]>,
    max_work: u64,
    deadline: &Deadline,
) -> (Vec<u32>, u64, u64) {
    let u = basis.len();
    let popcount = |v: &[u64]| v.iter().map(|w| w.count_ones() as i64).sum::<i64>();
    let sizes: Vec<i64> = basis.iter().map(|b| popcount(b)).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x6c69_6768_7473);
    let add = |x: &mut [u64], b: &[u64]| x.iter_mut().zip(b).for_each(|(a, b)| *a ^= b);
    let mut x = start.to_vec();
    let mut c = vec![0u32; u];
    if let Some(init) = init {
        for (k, &ck) in init.iter().enumerate() {
            if ck & 1 == 1 {
                add(&mut x, &basis[k]);
                c[k] = 1;
            }
        }
    }
    let mut w = popcount(&x);
    let (mut best_x, mut best_c, mut best_w) = (x.clone(), c.clone(), w);
    let mut work = 0u64;
    let h = NEIGHBOURHOOD.min(u);
    let mut stalled = 0u32;
    while work < max_work && !deadline.passed() && u > 0 && best_w > 0 {
        // Descend one vector at a time.
        let mut improved = true;
        'descend: while improved && work < max_work && !deadline.passed() {
            improved = false;
            for k in 0..u {
                if work >= max_work {
                    break 'descend;
                }
                work += 1;
                let overlap: i64 = x.iter().zip(&basis[k]).map(|(a, b)| (a & b).count_ones() as i64).sum();
                let delta = sizes[k] - 2 * overlap;
                if delta < 0 {
                    add(&mut x, &basis[k]);
                    c[k] ^= 1;
                    w += delta;
                    improved = true;
                }
            }
        }
        // Then every combination of a random dozen (fewer if the budget is nearly spent).
        let left = max_work - work;
        if left < 2 {
            break;
        }
        let h = if left >> h == 0 { (63 - left.leading_zeros()) as usize } else { h };
        if h == 0 {
            break;
        }
        let picked: Vec<usize> = rand::seq::index::sample(&mut rng, u, h).into_vec();
        let sub: Vec<Vec<u64>> = picked.iter().map(|&k| basis[k].clone()).collect();
        let (sub_w, sub_i, seen) = super::gray::enumerate(&x, &sub, 1 << h, deadline);
        work += seen;
        if (sub_w as i64) < w {
            let code = sub_i ^ (sub_i >> 1);
            for (bit, &k) in picked.iter().enumerate() {
                if (code >> bit) & 1 == 1 {
                    add(&mut x, &basis[k]);
                    c[k] ^= 1;
                }
            }
            w = sub_w as i64;
        }
        if w < best_w {
            (best_w, best_x, best_c) = (w, x.clone(), c.clone());
            stalled = 0;
        } else {
            stalled += 1;
        }
        if stalled >= 8 {
            // Restart near the best point.
            stalled = 0;
            x.copy_from_slice(&best_x);
            c.copy_from_slice(&best_c);
            for _ in 0..rng.gen_range(1..=3.min(u)) {
                let k = rng.gen_range(0..u);
                add(&mut x, &basis[k]);
                c[k] ^= 1;
            }
            w = popcount(&x);
        }
    }
    (best_c, best_w as u64, work)
}

/// Depth-first branch and bound over `c_0, c_1, ...`, children in order of their bound, pruned
/// against the incumbent. Stops at the budget and then reports the smallest bound left open.
fn branch_and_bound(types: &Types, u: usize, incumbent: (Vec<u32>, u64), max_work: u64, deadline: &Deadline) -> Found {
    let p = types.p;
    // Types settled at each depth (by their largest coefficient index), and the bound of the
    // types still open below each depth.
    let mut closing: Vec<Vec<usize>> = vec![Vec::new(); u];
    for (ty, sup) in types.support.iter().enumerate() {
        let last = sup.last().map_or(0, |&(k, _)| k as usize);
        closing[last].push(ty);
    }
    let mut rest = vec![0u64; u + 1];
    for k in (0..u).rev() {
        rest[k] = rest[k + 1] + closing[k].iter().map(|&ty| types.min[ty]).sum::<u64>();
    }
    let (mut best_c, mut best) = incumbent;
    let mut c = vec![0u32; u];
    let mut settled = vec![0u64; u + 1];
    // Per depth: the children (bound, value) sorted by bound, and the next one to try.
    let mut children: Vec<Vec<(u64, u32)>> = vec![Vec::new(); u];
    let mut next = vec![0usize; u];
    let mut partial: Vec<(usize, u32, u32)> = Vec::new();
    let expand =
        |k: usize, c: &[u32], settled: u64, out: &mut Vec<(u64, u32)>, partial: &mut Vec<(usize, u32, u32)>| {
            // For each type settled here: its dot product without c_k, and its coefficient on c_k.
            partial.clear();
            for &ty in &closing[k] {
                let sup = &types.support[ty];
                let (&(_, vk), head) = sup.split_last().expect("a type has a non-empty support");
                let dot = types.z.dot(head.iter().map(|&(j, v)| (v, c[j as usize])));
                partial.push((ty, dot, vk));
            }
            out.clear();
            for t in 0..p {
                let cost: u64 = partial.iter().map(|&(ty, dot, vk)| types.cost(ty, types.z.mul_add(dot, vk, t))).sum();
                out.push((settled + cost + rest[k + 1], t));
            }
            out.sort_unstable();
        };
    let (mut explored, mut nodes) = (0u64, 0u64);
    let mut k = 0usize;
    expand(0, &c, 0, &mut children[0], &mut partial);
    next[0] = 0;
    let mut complete = true;
    loop {
        nodes += 1;
        if explored >= max_work || (nodes % 4096 == 0 && deadline.passed()) {
            complete = false;
            break;
        }
        let i = next[k];
        if i == children[k].len() || children[k][i].0 >= best {
            if k == 0 {
                break;
            }
            k -= 1;
            continue;
        }
        // A node costs one step and one for each type it settles; stop before the budget would
        // be exceeded (the node stays open, so the bound below still covers it).
        let cost = 1 + closing[(k + 1).min(u - 1)].len() as u64;
        if explored + cost > max_work {
            complete = false;
            break;
        }
        next[k] += 1;
        explored += cost;
        let (bound, t) = children[k][i];
        c[k] = t;
        if k + 1 == u {
            best = bound;
            best_c.copy_from_slice(&c);
            continue;
        }
        settled[k + 1] = bound - rest[k + 1];
        k += 1;
        expand(k, &c, settled[k], &mut children[k], &mut partial);
        next[k] = 0;
    }
    let open = (0..=k).filter_map(|d| children[d].get(next[d]).map(|&(b, _)| b)).min();
    let lower_bound = if complete { best } else { open.map_or(best, |b| b.min(best)) };
    Found { coeffs: best_c, explored, complete: complete || lower_bound == best, lower_bound }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal::Budget;

    /// The packed local search returns coefficients that really give the weight it reports, and
    /// never beats the true minimum.
    #[test]
    fn packed_local_search_is_consistent() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..50 {
            let (n, u): (usize, usize) = (rng.gen_range(1..150), rng.gen_range(1..10));
            let words = n.div_ceil(64);
            let mask = |v: &mut Vec<u64>| {
                if n % 64 != 0 {
                    v[words - 1] &= (1u64 << (n % 64)) - 1;
                }
            };
            let mut start: Vec<u64> = (0..words).map(|_| rng.r#gen()).collect();
            mask(&mut start);
            let basis: Vec<Vec<u64>> = (0..u)
                .map(|_| {
                    let mut v: Vec<u64> = (0..words).map(|_| rng.r#gen()).collect();
                    mask(&mut v);
                    v
                })
                .collect();
            let weigh = |c: &[u32]| {
                let mut x = start.clone();
                for (k, b) in basis.iter().enumerate() {
                    if c[k] == 1 {
                        x.iter_mut().zip(b).for_each(|(a, b)| *a ^= b);
                    }
                }
                x.iter().map(|w| w.count_ones() as u64).sum::<u64>()
            };
            let truth = (0..1u32 << u).map(|m| weigh(&(0..u).map(|k| (m >> k) & 1).collect::<Vec<_>>())).min().unwrap();
            let (c, w, _) = local_search_gf2(&start, &basis, None, 10_000, &Deadline::start(&Budget::work_only(0)));
            assert_eq!(weigh(&c), w);
            assert!(w >= truth);
        }
    }
}
