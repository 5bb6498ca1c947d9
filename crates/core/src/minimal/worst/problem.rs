//! The max-min problem behind [`super::worst_case`]: choose, for every type of button (equal
//! columns of the null basis), how many of its buttons take each value in Z_p, so that the
//! lightest of the `p^U` solutions is as heavy as possible. This file holds the problem (its
//! types, coordinates and weights); [`super::maxmin`], [`super::walsh_proof`] and
//! [`super::zp_proof`] search it.
//!
//! The solutions are indexed by `c` in Z_p^U, and a type with column `v` and value histogram
//! `h` weighs `f_h(t) = Σ_u h[u]·((u + t) mod p)` in solution c, where `t = <c, v>`. One array
//! holds the weight of every solution; a type is added to it in one pass.
//!
//! **Coordinates.** A change of basis puts the types in a flag `V_1 ⊂ V_2 ⊂ ... ⊂ V_U`, each
//! step greedily adding the direction that brings the most types in. A type of *level* k lies in
//! `V_k`: its `t` depends on the first k digits of c only.

use super::symmetry::{self, Symmetry};
use crate::arith::Fp;
use crate::minimal::search::column_types;
use std::collections::HashMap;

/// A type with more value histograms than this (many buttons, large p) makes the problem too
/// wide for the exact search.
pub(crate) const MAX_STATES: u128 = 4096;

/// The searches read the clock every 256 nodes, and at every node that costs at least this
/// many entries, so that a deadline holds at any nullity.
pub(crate) const BIG_NODE: usize = 1 << 14;

/// One type of button: equal columns of the null basis.
#[derive(Debug, Clone)]
pub(super) struct Type {
    /// Its buttons.
    pub(super) columns: Vec<usize>,
    /// Its column in the flag coordinates.
    pub(super) coords: Vec<u32>,
    /// 1 + the last non-zero coordinate.
    pub(super) level: usize,
    /// GF(2): the coordinates as a bit mask.
    pub(super) mask: u64,
    /// Every histogram of values (`states[s][u]` buttons take value u), most balanced first.
    pub(super) states: Vec<Vec<u32>>,
    /// `costs[s][t]`: the weight of the type in a solution where its shift is t.
    pub(super) costs: Vec<Vec<u64>>,
    /// Whether the state is the canonical rotation of its histogram.
    pub(super) canonical: Vec<bool>,
    /// State index by histogram.
    pub(super) index: HashMap<Vec<u32>, usize>,
    /// `avg2[K]`: twice the most the type weighs on average over the digits `K..` of c (its
    /// shift then runs over a coset of `d Z_k`, d the gcd of k and its coordinates there:
    /// `m (k + d - 2) / 2`; over a field `m (p - 1) / 2`, or `m (p - 1)` when no digit is left).
    pub(super) avg2: Vec<u64>,
}

/// The types of a game, ordered by level, ready for the search.
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    /// The modulus k (a prime p over a field).
    pub(super) p: u32,
    /// Whether k is prime.
    pub(super) prime: bool,
    pub(super) u: usize,
    pub(super) n: usize,
    /// `sizes[K]`: the number of values of the first K digits of c.
    pub(super) sizes: Vec<usize>,
    /// The additive order of each digit of c (p over a field).
    pub(super) orders: Vec<u32>,
    pub(super) types: Vec<Type>,
    /// The game's symmetries as permutations of the types (`g[T]`: the image of T; the
    /// identity left out), for the decision engines (see [`super::symmetry`]); empty over Z_k
    /// and for the plain search.
    pub(super) group: Vec<Vec<u32>>,
}

/// What the search found (weights on the support only).
#[derive(Debug, Clone)]
pub(crate) struct Found {
    /// The state of every type.
    pub states: Vec<usize>,
    /// The weight of the lightest solution of that board.
    pub weight: u64,
    /// No board is heavier than this.
    pub upper_bound: u64,
    /// Solution weights updated.
    pub explored: u64,
}

impl Problem {
    /// Group the columns of `rows` (U rows of n entries: a reduced basis over a field, or
    /// generators of the given additive `orders` over Z_k) into types; `None` when some type
    /// has more than [`MAX_STATES`] histograms or k > 255. The decision engines use the
    /// symmetries found in the game ([`Symmetry::Detect`]). (The tests' shorthand.)
    #[cfg(test)]
    pub(crate) fn new(p: u32, prime: bool, n: usize, rows: &[Vec<u32>], orders: &[u32]) -> Option<Problem> {
        Problem::new_with(p, prime, n, rows, orders, &Symmetry::Detect)
    }

    /// [`Problem::new`] with the symmetries `symmetry` asks for (given ones checked first by
    /// [`symmetry::check_given`]; over Z_k none is used). With many symmetries the flag grows
    /// compact first, with a few over Z_p (p odd) its ties go to types next to those already
    /// in, and with a few over GF(2) it is the plain search's own (see [`flag_coordinates`]).
    pub(crate) fn new_with(
        p: u32,
        prime: bool,
        n: usize,
        rows: &[Vec<u32>],
        orders: &[u32],
        symmetry: &Symmetry,
    ) -> Option<Problem> {
        let u = rows.len();
        if p > 255 {
            return None; // shifts are kept in bytes
        }
        let mut sizes = vec![1usize];
        for &o in orders {
            sizes.push(sizes.last()?.checked_mul(o as usize)?);
        }
        let grouped = column_types((0..n).filter_map(|j| {
            let col: Vec<u32> = rows.iter().map(|r| r[j]).collect();
            col.iter().any(|&x| x != 0).then_some((j, col))
        }));
        if grouped.iter().any(|(_, columns)| histograms(columns.len() as u128, p) > MAX_STATES) {
            return None;
        }
        let (order, grouped): (Vec<Vec<u32>>, Vec<Vec<usize>>) = grouped.into_iter().unzip();
        let perms = match symmetry {
            _ if !prime => Vec::new(),
            Symmetry::Plain => Vec::new(),
            Symmetry::Detect => symmetry::grid_candidates(n),
            Symmetry::Given(perms) => perms.clone(),
        };
        let gens: Vec<Vec<u32>> =
            perms.iter().filter_map(|g| symmetry::type_permutation(p, n, &order, &grouped, g)).collect();
        let coords = if prime { flag_coordinates(p, u, &order, &gens) } else { order };
        let mut types: Vec<Type> = grouped
            .into_iter()
            .zip(coords)
            .map(|(columns, coords)| {
                let level = coords.iter().rposition(|&x| x != 0).map_or(0, |k| k + 1);
                let mask = coords.iter().enumerate().fold(0u64, |a, (k, &x)| a | ((x as u64 & 1) << k));
                let mut states = Vec::new();
                compositions(columns.len() as u32, p as usize, &mut Vec::new(), &mut states);
                let balance = |h: &Vec<u32>| {
                    let (lo, hi) = (h.iter().min().copied().unwrap_or(0), h.iter().max().copied().unwrap_or(0));
                    hi - lo
                };
                states.sort_by_key(balance);
                let costs = states.iter().map(|h| cost_vector(p, h)).collect();
                let canonical = states.iter().map(|h| is_canonical(h)).collect();
                let index = states.iter().enumerate().map(|(i, h)| (h.clone(), i)).collect();
                let m = columns.len() as u64;
                let avg2 = (0..=u)
                    .map(|k| {
                        let d = coords[k..].iter().fold(p, |g, &x| gcd(g, x));
                        m * (p + d - 2) as u64
                    })
                    .collect();
                Type { columns, coords, level, mask, states, costs, canonical, index, avg2 }
            })
            .collect();
        types.sort_by_key(|t| (t.level, std::cmp::Reverse(t.columns.len())));
        let mut problem = Problem { p, prime, u, n, sizes, orders: orders.to_vec(), types, group: Vec::new() };
        if !gens.is_empty() {
            problem.group = problem.group_of(&perms);
        }
        Some(problem)
    }

    /// The group the button permutations `perms` generate, on the types: those that do not
    /// keep the quiet patterns are left out.
    fn group_of(&self, perms: &[Vec<usize>]) -> Vec<Vec<u32>> {
        let coords: Vec<Vec<u32>> = self.types.iter().map(|t| t.coords.clone()).collect();
        let columns: Vec<Vec<usize>> = self.types.iter().map(|t| t.columns.clone()).collect();
        let gens: Vec<Vec<u32>> =
            perms.iter().filter_map(|g| symmetry::type_permutation(self.p, self.n, &coords, &columns, g)).collect();
        symmetry::closure(self.types.len(), &gens)
    }

    /// The number of symmetries the decision engines use (the identity included).
    #[cfg(test)]
    pub(crate) fn symmetries(&self) -> usize {
        self.group.len() + 1
    }

    /// Over Z_p (p odd), type t's rotations for the lex-leader test: the state of every
    /// state's histogram rotated by each t (`h'[u] = h[u - t]`), and the rotation that makes
    /// it canonical (`u8::MAX` when all rotations are the same histogram).
    pub(super) fn rotations(&self, t: usize) -> symmetry::Rotations {
        let ty = &self.types[t];
        let (p, fp) = (self.p as usize, Fp::new(self.p));
        let mut rot = Vec::with_capacity(ty.states.len() * p);
        let mut best = Vec::with_capacity(ty.states.len());
        for h in &ty.states {
            let row: Vec<u32> = (0..self.p)
                .map(|r| {
                    let rotated: Vec<u32> = (0..self.p).map(|u| h[fp.sub(u, r) as usize]).collect();
                    ty.index[&rotated] as u32
                })
                .collect();
            let fixed = row[1] == row[0];
            best.push(if fixed {
                u8::MAX
            } else {
                (0..p).find(|&r| ty.canonical[row[r] as usize]).expect("one rotation is canonical") as u8
            });
            rot.extend(row);
        }
        symmetry::Rotations { rot, best }
    }

    /// The press vector of a board with these states: the buttons of each type get values per
    /// their histogram; buttons outside every quiet pattern are pressed `p - 1` times.
    pub(crate) fn presses(&self, states: &[usize]) -> Vec<u32> {
        let mut x = vec![self.p - 1; self.n];
        for (ty, &s) in self.types.iter().zip(states) {
            let values =
                ty.states[s].iter().enumerate().flat_map(|(v, &k)| std::iter::repeat(v as u32).take(k as usize));
            for (&j, v) in ty.columns.iter().zip(values) {
                x[j] = v;
            }
        }
        x
    }

    /// The weight of the lightest solution of the board with these states (on the support).
    pub(crate) fn weight(&self, states: &[usize]) -> u64 {
        let size = self.size(self.u);
        let mut d = vec![0u64; size];
        let mut shifts = Vec::new();
        for (ty, &s) in states.iter().enumerate() {
            self.shifts(ty, size, &mut shifts);
            let cost = &self.types[ty].costs[s];
            d.iter_mut().zip(&shifts).for_each(|(x, &t)| *x += cost[t as usize]);
        }
        d.into_iter().min().unwrap_or(0)
    }

    /// Whether the problem is over GF(2) (the Walsh engine's field).
    pub(crate) fn is_gf2(&self) -> bool {
        self.prime && self.p == 2
    }

    /// The nullity U: the solutions of a board are indexed by U digits.
    pub(crate) fn dim(&self) -> usize {
        self.u
    }

    /// The number of types.
    pub(crate) fn type_count(&self) -> usize {
        self.types.len()
    }

    /// Over GF(2): every type's flag coordinates as a bit mask (bit k: digit k + 1) and its
    /// number of buttons.
    pub(crate) fn gf2_types(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.types.iter().map(|t| (t.mask, t.columns.len() as u32))
    }

    /// Whether `states` gives every type one of its value histograms.
    pub(crate) fn valid_states(&self, states: &[usize]) -> bool {
        states.len() == self.types.len() && states.iter().zip(&self.types).all(|(&s, t)| s < t.states.len())
    }

    /// Over GF(2): the states with `pressed[T]` buttons of each type pressed.
    pub(crate) fn gf2_states(&self, pressed: &[u32]) -> Vec<usize> {
        self.types.iter().zip(pressed).map(|(t, &a)| t.index[&vec![t.columns.len() as u32 - a, a]]).collect()
    }

    /// The work of weighing one board from scratch (a pass over the solutions per type): what
    /// a local search must be able to pay before it starts.
    pub(super) fn weighing_work(&self) -> u64 {
        self.size(self.u) as u64 * self.types.len() as u64
    }

    /// Twice the averaging bound: no board weighs more on the support.
    pub(super) fn root2(&self) -> u64 {
        self.types.iter().map(|t| t.avg2[0]).sum()
    }

    /// The number of values of the first k digits of c.
    pub(super) fn size(&self, k: usize) -> usize {
        self.sizes[k]
    }

    /// The shift `t(c)` of type `ty` for every c below `size`, into `out`.
    pub(super) fn shifts(&self, ty: usize, size: usize, out: &mut Vec<u8>) {
        out.clear();
        let t = &self.types[ty];
        if self.p == 2 && self.prime {
            out.extend((0..size as u64).map(|c| ((c & t.mask).count_ones() & 1) as u8));
            return;
        }
        // Odometer over the digits of c: raising digit k adds coords[k] (a wrap adds
        // orders[k]·coords[k], which is 0).
        let fp = Fp::new(self.p);
        let mut digits = vec![0u32; self.u];
        let mut shift = 0u32;
        for _ in 0..size {
            out.push(shift as u8);
            for k in 0..self.u {
                digits[k] += 1;
                shift = fp.add(shift, t.coords[k]);
                if digits[k] < self.orders[k] {
                    break;
                }
                digits[k] = 0;
            }
        }
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// How many histograms of m buttons over p values there are: `C(m + p - 1, p - 1)` (saturating).
fn histograms(m: u128, p: u32) -> u128 {
    let mut r: u128 = 1;
    for i in 1..p as u128 {
        r = r.saturating_mul(m + i) / i;
        if r > MAX_STATES {
            return r;
        }
    }
    r
}

/// Every histogram of `m` buttons over `parts` values, appended to `out`.
fn compositions(m: u32, parts: usize, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if prefix.len() + 1 == parts {
        prefix.push(m);
        out.push(prefix.clone());
        prefix.pop();
        return;
    }
    for k in 0..=m {
        prefix.push(k);
        compositions(m - k, parts, prefix, out);
        prefix.pop();
    }
}

/// `f(t) = Σ_u h[u]·((u + t) mod p)` for every t.
fn cost_vector(p: u32, h: &[u32]) -> Vec<u64> {
    let fp = Fp::new(p);
    (0..p).map(|t| h.iter().enumerate().map(|(u, &k)| k as u64 * fp.add(u as u32, t) as u64).sum()).collect()
}

/// Whether `h` is the smallest of its rotations (the histograms of `x + δ`).
fn is_canonical(h: &[u32]) -> bool {
    let p = h.len() as u32;
    let fp = Fp::new(p);
    (1..p).all(|r| {
        let rotated: Vec<u32> = (0..p).map(|u| h[fp.sub(u, r) as usize]).collect();
        h <= &rotated[..]
    })
}

/// With at least this many symmetries the flag grows compact first (see [`flag_coordinates`]).
pub(super) const COMPACT_GROUP: usize = 16;

/// Coordinates of the columns `cols` (vectors of Z_p^U spanning it) in a basis `w_1..w_U`
/// chosen greedily: each `w_k` is the direction (modulo `w_1..w_(k-1)`) shared by the most
/// columns not yet spanned. When the game has symmetries (`gens`, permutations of the
/// columns), the direction whose columns are the images or preimages of the most columns
/// already spanned wins the ties, or, with [`COMPACT_GROUP`] symmetries or more, comes first:
/// the spanned types then grow as a compact region of the game, so that many symmetries map
/// the first positions of the search among the assigned ones, where the lex-leader test can
/// compare. On the 10 x 10 torus (800 symmetries) the greedy's counts scatter them, and a
/// decision takes 37 times fewer nodes when compactness comes first; on the 9 x 9 grid (8)
/// the counts matter more.
///
/// Over GF(2) a small group leaves the flag as the plain search has it: the symmetric search
/// then visits a part of the plain one's nodes, in the same order, and finds the same first
/// board (its orbit's leader), so no decision costs more nodes with the symmetries. A tie-break
/// of its own is a gamble there: the flag's cost for the search moves by a factor of ten with
/// the ties (the 19 x 19 grid's R = 6: 14,074 nodes on the plain flag, 153,840 on the ties
/// towards images), more than a grid's 8 symmetries gain (see docs/WORST_CASE.md).
fn flag_coordinates(p: u32, u: usize, cols: &[Vec<u32>], gens: &[Vec<u32>]) -> Vec<Vec<u32>> {
    // A large group (a torus's translations) gains more from a compact flag than the greedy's
    // counts give; a small one (a grid's reflections) keeps the counts first, and over GF(2)
    // the plain ties too.
    let compact = symmetry::closure(cols.len(), gens).len() + 1 >= COMPACT_GROUP;
    let gens = if p == 2 && !compact { &[][..] } else { gens };
    let f = crate::field::Zp::new(p as u64).expect("p is prime");
    use crate::field::Field;
    // Reduce v by the chosen directions in order, returning (coefficients, residue).
    let reduce = |v: &[u32], basis: &[(usize, Vec<u32>)]| {
        let mut r = v.to_vec();
        let mut coef = vec![0u32; u];
        for (k, (pivot, w)) in basis.iter().enumerate() {
            let a = r[*pivot];
            if a != 0 {
                coef[k] = a;
                r.iter_mut().zip(w).for_each(|(x, &y)| *x = f.sub(*x, f.mul(a, y)));
            }
        }
        (coef, r)
    };
    let inverses: Vec<Vec<u32>> = gens
        .iter()
        .map(|g| {
            let mut inv = vec![0u32; g.len()];
            g.iter().enumerate().for_each(|(t, &x)| inv[x as usize] = t as u32);
            inv
        })
        .collect();
    let mut spanned = vec![false; cols.len()];
    let mut basis: Vec<(usize, Vec<u32>)> = Vec::new();
    while basis.len() < u {
        let mut count: HashMap<Vec<u32>, (usize, usize)> = HashMap::new();
        for (t, v) in cols.iter().enumerate() {
            let (_, r) = reduce(v, &basis);
            if let Some(lead) = r.iter().position(|&x| x != 0) {
                let inv = f.inv(r[lead]).expect("non-zero");
                let key: Vec<u32> = r.iter().map(|&x| f.mul(x, inv)).collect();
                let near = gens.iter().chain(&inverses).filter(|g| spanned[g[t] as usize]).count();
                let e = count.entry(key).or_default();
                e.0 += 1;
                e.1 += near;
            }
        }
        let score = |&(count, near): &(usize, usize)| if compact { (near, count) } else { (count, near) };
        let Some((dir, _)) = count.into_iter().max_by(|a, b| score(&a.1).cmp(&score(&b.1)).then_with(|| b.0.cmp(&a.0)))
        else {
            break;
        };
        let pivot = dir.iter().position(|&x| x != 0).expect("non-zero direction");
        basis.push((pivot, dir));
        for (t, v) in cols.iter().enumerate() {
            spanned[t] = spanned[t] || reduce(v, &basis).1.iter().all(|&x| x == 0);
        }
    }
    cols.iter().map(|v| reduce(v, &basis).0).collect()
}
