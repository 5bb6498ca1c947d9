//! The max-min problem behind [`super::worst_case`]: choose, for every type of button (equal
//! columns of the null basis), how many of its buttons take each value in Z_p, so that the
//! lightest of the `p^U` solutions is as heavy as possible.
//!
//! The solutions are indexed by `c` in Z_p^U, and a type with column `v` and value histogram
//! `h` weighs `f_h(t) = Σ_u h[u]·((u + t) mod p)` in solution c, where `t = <c, v>`. One array
//! holds the weight of every solution; a type is added to it in one pass.
//!
//! **Coordinates.** A change of basis puts the types in a flag `V_1 ⊂ V_2 ⊂ ... ⊂ V_U`, each
//! step greedily adding the direction that brings the most types in. A type of *level* k lies in
//! `V_k`: its `t` depends on the first k digits of c only.
//!
//! **Bound.** Fix the first k digits of c to `c'` and average over the rest: types of level
//! above k average `(p-1)/2` per button whatever their values, so the lightest solution weighs
//! at most `min_c' [assigned(c') + (p-1)·(unassigned of level k)] + (p-1)/2·(levels above k)`.
//! The branch and bound assigns types level by level and prunes with this bound, which is exact
//! each time a level closes.
//!
//! **Symmetry.** Adding the quiet pattern along digit k to a board changes nothing but shifts
//! the values of the types of level >= k, so the first type of each level may be taken in a
//! canonical rotation of its histogram: a factor p less per level.
//!
//! Over GF(2) the proof after the local search is [`super::walsh`]'s instead, over Z_p (p
//! odd) that of the `worst_zp` engine (a decision search with exact per-level tables and
//! averaging over many subspaces); the branch and bound below stays for Z_k, for what either
//! engine leaves open, and to check the Walsh engine against. Its bound only tightens as whole
//! levels close, which left the 9 x 9 and 16 x 16 grids and the 8 x 8 grid over Z_3 open.

use super::walsh::Walsh;
use local::local_search;

mod local;
pub(crate) mod spans;
pub(crate) mod zp;
use crate::minimal::Budget;
use crate::minimal::Deadline;
use std::collections::HashMap;

/// A type with more value histograms than this (many buttons, large p) makes the problem too
/// wide for the exact search.
pub(crate) const MAX_STATES: u128 = 4096;

/// The searches read the clock every 256 nodes, and at every node that costs at least this
/// many entries, so that a deadline holds at any nullity.
pub(crate) const BIG_NODE: usize = 1 << 14;

/// One type of button: equal columns of the null basis.
#[derive(Debug, Clone)]
struct Type {
    /// Its buttons.
    columns: Vec<usize>,
    /// Its column in the flag coordinates.
    coords: Vec<u32>,
    /// 1 + the last non-zero coordinate.
    level: usize,
    /// GF(2): the coordinates as a bit mask.
    mask: u64,
    /// Every histogram of values (`states[s][u]` buttons take value u), most balanced first.
    states: Vec<Vec<u32>>,
    /// `costs[s][t]`: the weight of the type in a solution where its shift is t.
    costs: Vec<Vec<u64>>,
    /// Whether the state is the canonical rotation of its histogram.
    canonical: Vec<bool>,
    /// State index by histogram.
    index: HashMap<Vec<u32>, usize>,
    /// `avg2[K]`: twice the most the type weighs on average over the digits `K..` of c (its
    /// shift then runs over a coset of `d Z_k`, d the gcd of k and its coordinates there:
    /// `m (k + d - 2) / 2`; over a field `m (p - 1) / 2`, or `m (p - 1)` when no digit is left).
    avg2: Vec<u64>,
}

/// The types of a game, ordered by level, ready for the search.
#[derive(Debug, Clone)]
pub(crate) struct Problem {
    /// The modulus k (a prime p over a field).
    p: u32,
    /// Whether k is prime.
    prime: bool,
    u: usize,
    n: usize,
    /// `sizes[K]`: the number of values of the first K digits of c.
    sizes: Vec<usize>,
    /// The additive order of each digit of c (p over a field).
    orders: Vec<u32>,
    types: Vec<Type>,
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
    /// has more than [`MAX_STATES`] histograms or k > 255.
    pub(crate) fn new(p: u32, prime: bool, n: usize, rows: &[Vec<u32>], orders: &[u32]) -> Option<Problem> {
        let u = rows.len();
        if p > 255 {
            return None; // shifts are kept in bytes
        }
        let mut sizes = vec![1usize];
        for &o in orders {
            sizes.push(sizes.last()?.checked_mul(o as usize)?);
        }
        let mut by_column: HashMap<Vec<u32>, Vec<usize>> = HashMap::new();
        let mut order: Vec<Vec<u32>> = Vec::new();
        for j in 0..n {
            let col: Vec<u32> = rows.iter().map(|r| r[j]).collect();
            if col.iter().all(|&x| x == 0) {
                continue;
            }
            by_column
                .entry(col)
                .or_insert_with_key(|k| {
                    order.push(k.clone());
                    Vec::new()
                })
                .push(j);
        }
        for col in &order {
            if histograms(by_column[col].len() as u128, p) > MAX_STATES {
                return None;
            }
        }
        let coords = if prime { flag_coordinates(p, u, &order) } else { order.clone() };
        let mut types: Vec<Type> = order
            .iter()
            .zip(coords)
            .map(|(col, coords)| {
                let columns = by_column.remove(col).expect("every column was grouped");
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
        Some(Problem { p, prime, u, n, sizes, orders: orders.to_vec(), types })
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

    /// Twice the averaging bound: no board weighs more on the support.
    fn root2(&self) -> u64 {
        self.types.iter().map(|t| t.avg2[0]).sum()
    }

    /// The number of values of the first k digits of c.
    fn size(&self, k: usize) -> usize {
        self.sizes[k]
    }

    /// The shift `t(c)` of type `ty` for every c below `size`, into `out`.
    fn shifts(&self, ty: usize, size: usize, out: &mut Vec<u8>) {
        out.clear();
        let t = &self.types[ty];
        if self.p == 2 && self.prime {
            out.extend((0..size as u64).map(|c| ((c & t.mask).count_ones() & 1) as u8));
            return;
        }
        // Odometer over the digits of c: raising digit k adds coords[k] (a wrap adds
        // orders[k]·coords[k], which is 0).
        let p = self.p;
        let mut digits = vec![0u32; self.u];
        let mut shift = 0u32;
        for _ in 0..size {
            out.push(shift as u8);
            for k in 0..self.u {
                digits[k] += 1;
                shift = (shift + t.coords[k]) % p;
                if digits[k] < self.orders[k] {
                    break;
                }
                digits[k] = 0;
            }
        }
    }
}

/// Local search for a hard board, then branch and bound for the proof, within the budget: the
/// work never exceeds `budget.max_work`, and `None` when it cannot pay for weighing one board
/// (or the deadline passes first).
pub(crate) fn solve(problem: &Problem, budget: &Budget, deadline: &Deadline) -> Option<Found> {
    let found = start(problem, budget, deadline)?;
    if found.upper_bound == found.weight || deadline.passed() {
        // Proven by the averaging bound, or out of time (the engines' tables alone would
        // overrun it).
        return Some(found);
    }
    let (weight, mut explored) = (found.weight, found.explored);
    let rest = budget.max_work.saturating_sub(explored);
    let tightened = if let Some(walsh) = Walsh::new(problem) {
        // Over GF(2) the Walsh engine proves; if it cannot within half of what is left, the
        // branch and bound spends the rest looking for a harder board (its bound may help too).
        Ok(super::walsh::tighten(problem, &walsh, found, rest / 2, &deadline.part(0.5)))
    } else if let Some(engine) = zp::Engine::new(problem) {
        // Over Z_p (p odd) the engine of worst_zp proves, with the same split of the budget.
        Ok(zp::tighten(&engine, found, rest / 2, &deadline.part(0.5)))
    } else {
        Err(found)
    };
    let found = match tightened {
        Ok(tightened) if tightened.weight == tightened.upper_bound => return Some(tightened),
        Ok(tightened) => {
            let rest = budget.max_work - tightened.explored;
            let bb = branch_and_bound(problem, tightened.states.clone(), tightened.weight, rest, deadline);
            let upper_bound = bb.upper_bound.min(tightened.upper_bound).max(bb.weight);
            return Some(Found { explored: tightened.explored + bb.explored, upper_bound, ..bb });
        }
        Err(found) => found,
    };
    let bb = branch_and_bound(problem, found.states.clone(), weight, rest, deadline);
    explored += bb.explored;
    Some(Found { explored, ..bb })
}

/// The local search for a hard board (a quarter of the budget and the time), its upper bound
/// the averaging bound, or its own weight when it reaches that; `None` when the budget cannot
/// pay for weighing one board (or the deadline passes first).
pub(crate) fn start(problem: &Problem, budget: &Budget, deadline: &Deadline) -> Option<Found> {
    let root2 = problem.root2();
    let first = problem.size(problem.u) as u64 * problem.types.len() as u64;
    if first > budget.max_work {
        return None;
    }
    let local_work = (budget.max_work / 4).max(first);
    let (states, weight, explored) = local_search(problem, local_work, deadline, 0.25, root2)?;
    let upper_bound = if 2 * weight + 1 >= root2 { weight } else { root2 / 2 };
    Some(Found { states, weight, upper_bound, explored })
}

/// [`solve`] with the older branch and bound (the search of every field and ring) in place of
/// the Walsh engine over GF(2): kept to check one against the other.
#[cfg(test)]
pub(crate) fn solve_with_branch_and_bound(problem: &Problem, budget: &Budget, deadline: &Deadline) -> Option<Found> {
    let root2 = problem.root2();
    let (states, weight, explored) = local_search(problem, budget.max_work / 4, deadline, 0.25, root2)?;
    if 2 * weight + 1 >= root2 {
        return Some(Found { states, weight, upper_bound: weight, explored });
    }
    let bb = branch_and_bound(problem, states, weight, budget.max_work - explored, deadline);
    Some(Found { explored: explored + bb.explored, ..bb })
}

/// Depth-first branch and bound over the types in level order, children in order of their
/// bound, pruned against the incumbent. Stops at the budget; the upper bound is then the
/// largest bound left open.
fn branch_and_bound(problem: &Problem, states: Vec<usize>, weight: u64, max_work: u64, deadline: &Deadline) -> Found {
    let nt = problem.types.len();
    let top = problem.p as u64 - 1;
    let levels: Vec<usize> = problem.types.iter().map(|t| t.level).collect();
    // After each depth: the buttons of the types left on the same level, and twice the most
    // the types above it weigh on average over the digits above the level.
    let mut same = vec![0u64; nt];
    let mut above = vec![0u64; nt];
    for i in 0..nt {
        for j in i + 1..nt {
            if levels[j] == levels[i] {
                same[i] += problem.types[j].columns.len() as u64;
            } else {
                above[i] += problem.types[j].avg2[levels[i]];
            }
        }
    }
    let first_of_level: Vec<bool> = (0..nt).map(|i| i == 0 || levels[i - 1] != levels[i]).collect();
    // Per depth: twice the bound of the closed levels below it (the averaging bound at first).
    let mut closed = vec![problem.root2(); nt];
    let (mut best, mut best_states) = (weight, states);
    let mut chosen = vec![0usize; nt];
    let mut d = vec![0u64; problem.size(problem.u)];
    let mut children: Vec<Vec<(u64, usize)>> = vec![Vec::new(); nt];
    let mut next = vec![0usize; nt];
    let mut shifts = Vec::new();
    let mut values: Vec<u64> = Vec::new();
    let mut work = 0u64;
    let mut depth = 0usize;
    // Expand depth i: bound every allowed state of type i.
    let mut expand = |i: usize, d: &mut Vec<u64>, out: &mut Vec<(u64, usize)>, work: &mut u64, best: u64| {
        let size = problem.size(levels[i]);
        if i > 0 && levels[i] > levels[i - 1] {
            let old = problem.size(levels[i - 1]);
            // The levels below are closed: their exact weight, and the average above.
            let low = *d[..old].iter().min().expect("at least one solution");
            let rest: u64 = problem.types[i..].iter().map(|t| t.avg2[levels[i - 1]]).sum();
            closed[i] = closed[i - 1].min(2 * low + rest);
            for c in old..size {
                d[c] = d[c % old];
            }
        } else if i > 0 {
            closed[i] = closed[i - 1];
        }
        problem.shifts(i, size, &mut shifts);
        out.clear();
        let ty = &problem.types[i];
        let digit = problem.orders[levels[i] - 1] as usize;
        let low = size / digit;
        values.resize(digit, 0);
        // The unassigned types of this level: over a field, the p values of the level's own
        // digit give each of them every shift once, so together they add `fill` in all and at
        // most `cap` to one value; over Z_k only the cap is used.
        let fill = if problem.prime { same[i] * (digit as u64 * top) / 2 } else { u64::MAX / 4 };
        let cap = top * same[i];
        let prune = (2 * best + 1).saturating_sub(above[i]);
        for (s, cost) in ty.costs.iter().enumerate() {
            if problem.prime && first_of_level[i] && !ty.canonical[s] {
                continue;
            }
            let mut m2 = u64::MAX;
            for c in 0..low {
                for (lambda, v) in values.iter_mut().enumerate() {
                    let at = c + lambda * low;
                    *v = d[at] + cost[shifts[at] as usize];
                }
                m2 = m2.min(water2(&mut values, fill, cap));
                if m2 <= prune {
                    break;
                }
            }
            *work += size as u64;
            let bound2 = (m2 + above[i]).min(closed[i]);
            out.push((bound2, s));
        }
        out.sort_by(|a, b| b.0.cmp(&a.0));
    };
    let apply = |i: usize, s: usize, d: &mut Vec<u64>, add: bool, work: &mut u64| {
        let size = problem.size(levels[i]);
        let mut sh = Vec::new();
        problem.shifts(i, size, &mut sh);
        let cost = &problem.types[i].costs[s];
        if add {
            d[..size].iter_mut().zip(&sh).for_each(|(x, &t)| *x += cost[t as usize]);
        } else {
            d[..size].iter_mut().zip(&sh).for_each(|(x, &t)| *x -= cost[t as usize]);
        }
        *work += size as u64;
    };
    // Work is checked before it is done, so that it never exceeds max_work: expanding depth i
    // costs at most one pass per state, applying or removing a state one pass.
    let expand_cost = |i: usize| problem.types[i].states.len() as u64 * problem.size(levels[i]) as u64;
    let pass = |i: usize| problem.size(levels[i]) as u64;
    let mut complete = true;
    if nt > 0 {
        if expand_cost(0) > max_work {
            return Found { states: best_states, weight: best, upper_bound: problem.root2() / 2, explored: 0 };
        }
        expand(0, &mut d, &mut children[0], &mut work, best);
    }
    let mut nodes = 0u64;
    // Invariant: every board not yet ruled out lies under some children[k][next[k]..], k <= depth.
    if nt > 0 {
        loop {
            nodes += 1;
            if (nodes % 256 == 0 || pass(depth) >= BIG_NODE as u64) && deadline.passed() {
                complete = false;
                break;
            }
            let i = next[depth];
            if i == children[depth].len() || children[depth][i].0 <= 2 * best + 1 {
                if depth == 0 {
                    break;
                }
                if work + pass(depth - 1) > max_work {
                    complete = false;
                    break;
                }
                depth -= 1;
                apply(depth, chosen[depth], &mut d, false, &mut work);
                continue;
            }
            let cost = if depth + 1 == nt { 2 * pass(depth) } else { pass(depth) + expand_cost(depth + 1) };
            if work + cost > max_work {
                complete = false;
                break;
            }
            next[depth] += 1;
            let s = children[depth][i].1;
            chosen[depth] = s;
            apply(depth, s, &mut d, true, &mut work);
            if depth + 1 == nt {
                let size = problem.size(levels[depth]);
                let value = *d[..size].iter().min().expect("at least one solution");
                if value > best {
                    best = value;
                    best_states.copy_from_slice(&chosen);
                }
                apply(depth, s, &mut d, false, &mut work);
                continue;
            }
            depth += 1;
            expand(depth, &mut d, &mut children[depth], &mut work, best);
            next[depth] = 0;
        }
    }
    let open = (0..=depth.min(nt.saturating_sub(1)))
        .filter_map(|k| children.get(k).and_then(|c| c.get(next[k])).map(|&(b, _)| b / 2))
        .max();
    let upper_bound = if complete { best } else { open.map_or(best, |b| b.max(best)) };
    Found { states: best_states, weight: best, upper_bound, explored: work }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Twice the highest level that `values` (one per value of a digit) can all be raised to when
/// `fill` is shared among them, at most `cap` each (water filling): a bound on the lightest.
fn water2(values: &mut [u64], fill: u64, cap: u64) -> u64 {
    values.sort_unstable();
    let mut sum = 0u64;
    let mut level2 = u64::MAX;
    for k in 1..=values.len() {
        sum += values[k - 1];
        let l2 = 2 * (sum + fill) / k as u64;
        if k == values.len() || l2 <= 2 * values[k] {
            level2 = l2;
            break;
        }
    }
    level2.min(2 * (values[0] + cap))
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
    (0..p).map(|t| h.iter().enumerate().map(|(u, &k)| k as u64 * ((u as u64 + t as u64) % p as u64)).sum()).collect()
}

/// Whether `h` is the smallest of its rotations (the histograms of `x + δ`).
fn is_canonical(h: &[u32]) -> bool {
    let p = h.len();
    (1..p).all(|r| {
        let rotated: Vec<u32> = (0..p).map(|u| h[(u + p - r) % p]).collect();
        h <= &rotated[..]
    })
}

/// Coordinates of the columns `cols` (vectors of Z_p^U spanning it) in a basis `w_1..w_U`
/// chosen greedily: each `w_k` is the direction (modulo `w_1..w_(k-1)`) shared by the most
/// columns not yet spanned.
fn flag_coordinates(p: u32, u: usize, cols: &[Vec<u32>]) -> Vec<Vec<u32>> {
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
    let mut basis: Vec<(usize, Vec<u32>)> = Vec::new();
    while basis.len() < u {
        let mut count: HashMap<Vec<u32>, usize> = HashMap::new();
        for v in cols {
            let (_, r) = reduce(v, &basis);
            if let Some(lead) = r.iter().position(|&x| x != 0) {
                let inv = f.inv(r[lead]).expect("non-zero");
                let key: Vec<u32> = r.iter().map(|&x| f.mul(x, inv)).collect();
                *count.entry(key).or_default() += 1;
            }
        }
        let Some((dir, _)) = count.into_iter().max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0))) else {
            break;
        };
        let pivot = dir.iter().position(|&x| x != 0).expect("non-zero direction");
        basis.push((pivot, dir));
    }
    cols.iter().map(|v| reduce(v, &basis).0).collect()
}
