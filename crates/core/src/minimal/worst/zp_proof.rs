//! The Z_p proof engine of [`super::maxmin::solve`] (p an odd prime; Z_k stays with the branch and bound): decides, for a weight w, whether
//! some board has every solution weigh at least w, by a search over the types' histograms
//! that sees each level's constraints before the level closes.
//!
//! **Levels.** The types come in the flag of [`super::problem::Problem`]: a type of level l has shift
//! `t = <v', c'> + a λ` with `c'` the first l - 1 digits of the solution index, λ digit l and
//! `a != 0`. Once the levels below l are fixed, the solutions with the first l - 1 digits `c'`
//! weigh on average `A(c', λ) + H` over the digits above l, where `A` is what the assigned types
//! weigh and `H = (p - 1)/2` per button of a higher level (a type with a non-zero digit above l
//! visits every shift equally often). So every board of weight w keeps `A(c', λ) + s_λ + H >= w`
//! for every `c'` and λ, where `s_λ` is what the unassigned types of level l add.
//!
//! **What a level's unassigned types add.** At a fixed `c'` a type with histogram h adds the
//! vector `(f_h(t0 + a λ))_λ` over the p values of λ, and rotating h rotates f: over all
//! histograms the set of these vectors is the same for every `c'` (and every entry sums to
//! `m p (p - 1)/2`). So the unassigned types together add a vector of one set M, their
//! Minkowski sum, the same for every `c'`; the search precomputes, for every position of a
//! level, the set M of the types after it as a table over the first p - 1 entries (the last is
//! fixed by the sum) of the least sum above every corner, and checks each `c'` in one look-up.
//! The test is exact whenever a level closes and prunes long before: where the older branch and
//! bound shares out the unassigned types as if they were divisible, this one knows that, say,
//! four buttons over Z_3 always weigh 3 somewhere and 5 elsewhere (every entry of the vector
//! is `(p - 1)/2` per button on average, its sum `m p (p - 1)/2`).
//!
//! **Other subspaces.** The flag's subspaces are not the only ones to average over: for any
//! subspace S spanned by types, the solutions with the same values `y = (<c, b_j>)_j` on a
//! basis of S weigh on average `Σ_(T in S) f_T(<y, coef_T>)` plus `(p - 1)/2` per button of a
//! type outside S, since such a type's shift runs over Z_p equally often there. So once the last
//! type of S is assigned, its types alone must keep that average at least w for every y. The
//! engine checks every S spanned by up to three types (at most [`MAX_SPANS`]) at its last
//! position; many close in the middle of a level. On the 8 x 8 grid over Z_3 (15 types of 4
//! and 8 buttons, 81 solutions) this turns 18 s for a board of 61 presses (none) into 0.1 s.
//!
//! **Symmetry.** Adding a quiet pattern along the flag's digit l rotates the histograms of the
//! types of level l (and of some above) and of no type below, so the first type of each level is
//! taken in a canonical rotation. The game's own symmetries permute the types: with them the search keeps
//! only each orbit's lex-leader (see [`super::symmetry`]).
//!
//! **Proof.** [`tighten`] decides w = the averaging bound, then one less, ...: every w ruled out
//! lowers the upper bound by one press, and the first w reached gives a board proven the
//! hardest. It stops at the board the local search found (proven then) or at the budget.

use super::problem::{Found, Problem, Type, BIG_NODE};
use super::spans::Span;
use super::symmetry::{Leader, LeaderRun};
use crate::arith::Fp;
use crate::minimal::Deadline;
use std::sync::atomic::{AtomicU64, Ordering};

/// The tables of all positions hold at most this many entries (else the engine steps aside).
const MAX_TABLE: usize = 1 << 22;

/// At most this many subspaces are checked.
const MAX_SPANS: usize = 1024;

/// A sentinel above every sum.
const NONE: u32 = u32::MAX;

/// The answer of [`Engine::decide`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decision {
    /// A board (the state of every type) whose solutions all weigh at least w.
    Feasible(Vec<usize>),
    /// No board has every solution weigh at least w.
    Infeasible,
    /// The budget ran out first.
    Unknown,
}

/// The suffix table of one position: what the unassigned types of the level may still add.
#[derive(Debug, Clone)]
struct Table {
    /// The most one entry can be: (p - 1) times the buttons.
    range: u32,
    /// The sum of every vector of the set.
    sum: u32,
    /// Over the first p - 1 entries `x` (mixed radix `range + 1`, entry 0 fastest): the least
    /// sum of those entries over the vectors `s` of the set with `s >= x` there (`NONE`: no such
    /// vector).
    least: Vec<u32>,
}

/// The Z_p engine for one problem.
#[derive(Debug)]
pub(crate) struct Engine<'a> {
    problem: &'a Problem,
    p: usize,
    /// `after[i]`: what the types of type i's level after it may add; `before[i]`: the same
    /// with type i.
    after: Vec<Table>,
    before: Vec<Table>,
    /// `shifts[i][c]`: the shift of type i at every c below `p^level`.
    shifts: Vec<Vec<u8>>,
    /// `higher[l]`: what the types of level above l weigh on average, `(p - 1)/2` per button.
    higher: Vec<u64>,
    /// `order[i]`: the problem's type at position i of the search.
    order: Vec<usize>,
    /// `closing[i]`: the subspaces whose last type is at position i.
    closing: Vec<Vec<Span>>,
    /// `span_work[i]`: the entries their check visits.
    span_work: Vec<usize>,
    /// The lex-leader test of the game's symmetries (see [`super::symmetry`]); `None`: none.
    leader: Option<Leader>,
    /// The search nodes every decision so far visited (deterministic: what the comparison of
    /// the plain and the symmetric search counts).
    nodes: AtomicU64,
}

/// The running state of one decision.
struct Run<'a, 'e> {
    e: &'e Engine<'a>,
    w: u64,
    max_work: u64,
    work: u64,
    nodes: u64,
    deadline: &'e Deadline,
    stopped: bool,
    states: Vec<usize>,
    need: Vec<u32>,
    /// The states of the first types in search order (a subtree of a split decision).
    forced: &'e [usize],
    /// The search records the nodes that reach this position (and goes no deeper) into
    /// `frontier`; `usize::MAX`: no cut.
    cut: usize,
    frontier: Vec<Vec<usize>>,
    /// The lex-leader test, and each assigned position's state.
    leader: Option<LeaderRun<'e>>,
    codes: Vec<u32>,
}

impl<'a> Engine<'a> {
    /// The engine for `problem`, or `None` when it is not over a field of odd order or its
    /// tables would be too large.
    pub(crate) fn new(problem: &'a Problem) -> Option<Engine<'a>> {
        if !problem.prime || problem.p == 2 {
            return None;
        }
        let p = problem.p as usize;
        let nt = problem.types.len();
        let mut entries = 0usize;
        let mut shift_bytes = 0usize;
        for t in &problem.types {
            shift_bytes = shift_bytes.checked_add(problem.size(t.level))?;
        }
        if shift_bytes > 1 << 27 {
            return None;
        }
        // The vectors one type adds at c' = 0 (any c' gives the same set), per state.
        // The search order: the problem's (by level, the largest types first).
        let order: Vec<usize> = (0..nt).collect();
        let at = |i: usize| &problem.types[order[i]];
        let vectors = |i: usize| -> Vec<Vec<u32>> {
            let t = at(i);
            let a = t.coords[t.level - 1] as usize;
            let fp = Fp::new(p as u32);
            t.costs.iter().map(|f| (0..p as u32).map(|l| f[fp.mul(l, a as u32) as usize] as u32).collect()).collect()
        };
        let mut after: Vec<Option<Table>> = vec![None; nt];
        let mut before: Vec<Option<Table>> = vec![None; nt];
        let mut i = nt;
        while i > 0 {
            // The level of types[start..i].
            let level = at(i - 1).level;
            let start = (0..i).rposition(|k| at(k).level != level).map_or(0, |k| k + 1);
            let mut set: Vec<Vec<u32>> = vec![vec![0; p]];
            let mut buttons = 0u32;
            for k in (start..i).rev() {
                let table = Table::of(&set, p, (p as u32 - 1) * buttons, &mut entries)?;
                after[k] = Some(table);
                // The Minkowski sum with type k's vectors (deduplicated).
                buttons += at(k).columns.len() as u32;
                let range = (p as u32 - 1) * buttons;
                let cells = (range as usize + 1).checked_pow(p as u32 - 1)?;
                if cells > MAX_TABLE || set.len().checked_mul(at(k).costs.len())? > MAX_TABLE {
                    return None;
                }
                let mut seen = vec![false; cells];
                let mut next = Vec::new();
                for s in &set {
                    for v in vectors(k) {
                        let sum: Vec<u32> = s.iter().zip(&v).map(|(a, b)| a + b).collect();
                        let key = index(&sum[..p - 1], range);
                        if !seen[key] {
                            seen[key] = true;
                            next.push(sum);
                        }
                    }
                }
                set = next;
                before[k] = Some(Table::of(&set, p, range, &mut entries)?);
            }
            i = start;
        }
        let shifts = (0..nt)
            .map(|i| {
                let mut out = Vec::new();
                problem.shifts(order[i], problem.size(at(i).level), &mut out);
                out
            })
            .collect();
        let higher = (0..=problem.u)
            .map(|l| {
                problem.types.iter().filter(|t| t.level > l).map(|t| t.columns.len() as u64 * (p as u64 - 1) / 2).sum()
            })
            .collect();
        let position = {
            let mut pos = vec![0; nt];
            order.iter().enumerate().for_each(|(i, &t)| pos[t] = i);
            pos
        };
        let closing = super::spans::spans(problem, &position, MAX_SPANS);
        let leader = (!problem.group.is_empty()).then(|| {
            let vecs = order.iter().map(|&t| problem.types[t].coords.clone()).collect();
            let rotations = order.iter().map(|&t| problem.rotations(t)).collect();
            Leader::new(problem.p, vecs, rotations, &problem.group, &order)
        });
        Some(Engine {
            leader,
            problem,
            p,
            after: after.into_iter().collect::<Option<_>>()?,
            before: before.into_iter().collect::<Option<_>>()?,
            shifts,
            higher,
            span_work: closing.iter().map(|c| c.iter().map(|s| p.pow(s.k as u32) * s.members.len()).sum()).collect(),
            closing,
            order,
            nodes: AtomicU64::new(0),
        })
    }

    /// The type at position i of the search.
    fn ty(&self, i: usize) -> &Type {
        &self.problem.types[self.order[i]]
    }

    /// Whether some board has every solution weigh at least `w` on the support, within
    /// `max_work` entries visited (never more) and the deadline.
    pub(crate) fn decide(&self, w: u64, max_work: u64, deadline: &Deadline) -> (Decision, u64) {
        let (decision, work, _) = self.decide_below(w, max_work, deadline, &[], usize::MAX);
        (decision, work)
    }

    /// [`Engine::decide`] in the subtree below the states `forced` of the first types in search
    /// order, recording the nodes that reach position `cut` (and going no deeper) into the
    /// frontier it returns with the work.
    pub(crate) fn decide_below(
        &self,
        w: u64,
        max_work: u64,
        deadline: &Deadline,
        forced: &[usize],
        cut: usize,
    ) -> (Decision, u64, Vec<Vec<usize>>) {
        let mut run = Run {
            e: self,
            w,
            max_work,
            work: 0,
            nodes: 0,
            deadline,
            stopped: false,
            states: vec![0; self.problem.types.len()],
            need: vec![0; self.p],
            forced,
            cut,
            frontier: Vec::new(),
            leader: self.leader.as_ref().map(LeaderRun::new),
            codes: vec![0; self.positions()],
        };
        let found = run.position(0, &mut vec![0]);
        self.nodes.fetch_add(run.nodes, Ordering::Relaxed);
        let decision = if found {
            Decision::Feasible(run.states)
        } else if run.stopped {
            Decision::Unknown
        } else {
            Decision::Infeasible
        };
        (decision, run.work, run.frontier)
    }

    /// The decision at `w` with the nodes it visited (deterministic: what the comparison of
    /// the plain and the symmetric search counts).
    #[cfg(test)]
    pub(crate) fn decide_counting(&self, w: u64, max_work: u64, deadline: &Deadline) -> (Decision, u64, u64) {
        let before = self.nodes.load(Ordering::Relaxed);
        let (decision, work) = self.decide(w, max_work, deadline);
        (decision, work, self.nodes.load(Ordering::Relaxed) - before)
    }

    /// The number of types in the search.
    pub(crate) fn positions(&self) -> usize {
        self.order.len()
    }

    /// Whether `forced` can be the first states of a search: one per position, each a state
    /// of its type.
    pub(crate) fn valid_prefix(&self, forced: &[usize]) -> bool {
        forced.len() <= self.positions() && forced.iter().enumerate().all(|(i, &s)| s < self.ty(i).costs.len())
    }
}

impl Table {
    /// The table of `set` (vectors of p entries up to `range`, summing alike), its entries
    /// counted into `entries` (`None` past [`MAX_TABLE`]).
    fn of(set: &[Vec<u32>], p: usize, range: u32, entries: &mut usize) -> Option<Table> {
        let side = range as usize + 1;
        let cells = side.checked_pow(p as u32 - 1)?;
        *entries = entries.checked_add(cells).filter(|&e| e <= MAX_TABLE)?;
        let mut least = vec![NONE; cells];
        let sum = set.first().map_or(0, |s| s.iter().sum());
        for s in set {
            debug_assert_eq!(s.iter().sum::<u32>(), sum);
            let key = index(&s[..p - 1], range);
            least[key] = least[key].min(s[..p - 1].iter().sum());
        }
        // Least over the cone above each corner: one pass per entry, downwards.
        let mut stride = 1usize;
        for _ in 0..p - 1 {
            for key in (0..cells).rev() {
                if (key / stride) % side + 1 < side {
                    least[key] = least[key].min(least[key + stride]);
                }
            }
            stride *= side;
        }
        Some(Table { range, sum, least })
    }

    /// Whether some vector of the set is at least `need` in every entry.
    fn admits(&self, need: &[u32]) -> bool {
        let (head, last) = need.split_at(need.len() - 1);
        if head.iter().any(|&x| x > self.range) || last[0] > self.sum {
            return false;
        }
        let least = self.least[index(head, self.range)];
        least != NONE && least + last[0] <= self.sum
    }
}

/// The mixed-radix index of `x` (entry 0 fastest), radix `range + 1`.
fn index(x: &[u32], range: u32) -> usize {
    x.iter().rev().fold(0usize, |k, &v| k * (range as usize + 1) + v as usize)
}

impl Run<'_, '_> {
    /// Work of `n` entries, if the budget allows it (else the run stops).
    fn pay(&mut self, n: usize) -> bool {
        self.nodes += 1;
        let check = self.nodes & 255 == 0 || n >= BIG_NODE;
        if (check && self.deadline.passed()) || self.work + n as u64 > self.max_work {
            self.stopped = true;
            return false;
        }
        self.work += n as u64;
        true
    }

    /// Whether every `c'` of the level of type `i` still admits the unassigned types of its
    /// level (`table`), `a` the weights of the assigned types over the level's `p^l` values.
    fn check(&mut self, i: usize, a: &[u64], table: &Table) -> bool {
        let e = self.e;
        let level = e.ty(i).level;
        let low = e.problem.size(level - 1);
        let goal = self.w.saturating_sub(e.higher[level]);
        for c in 0..low {
            for (l, n) in self.need.iter_mut().enumerate() {
                *n = goal.saturating_sub(a[c + l * low]).min(u32::MAX as u64) as u32;
            }
            if !table.admits(&self.need) {
                return false;
            }
        }
        true
    }

    /// Whether the subspaces closing at position i keep their averaging bound.
    fn spans_hold(&mut self, i: usize) -> bool {
        let e = self.e;
        let p = e.p;
        let fp = Fp::new(p as u32);
        for span in &e.closing[i] {
            let goal = self.w.saturating_sub(span.higher);
            let mut y = vec![0u32; span.k];
            loop {
                let weight: u64 = span
                    .members
                    .iter()
                    .map(|(t, coef)| {
                        let shift = fp.reduce(y.iter().zip(coef).map(|(&a, &b)| a as u64 * b as u64).sum()) as usize;
                        e.problem.types[*t].costs[self.states[*t]][shift]
                    })
                    .sum();
                if weight < goal {
                    return false;
                }
                let Some(j) = y.iter().position(|&d| d + 1 < p as u32) else { break };
                y[..j].iter_mut().for_each(|d| *d = 0);
                y[j] += 1;
            }
        }
        true
    }

    /// Type `i` next, `a` the weights of the types before it over the values of its level's
    /// digits (the levels below closed). Returns whether a board was found (left in `states`);
    /// otherwise `a` is as it came.
    fn position(&mut self, i: usize, a: &mut Vec<u64>) -> bool {
        let e = self.e;
        let problem = e.problem;
        if i == problem.types.len() {
            return a.iter().all(|&x| x >= self.w);
        }
        if i == self.cut {
            self.frontier.push((0..i).map(|k| self.states[e.order[k]]).collect());
            return false;
        }
        let ty = e.ty(i);
        let size = problem.size(ty.level);
        let first = i == 0 || e.ty(i - 1).level != ty.level;
        let old = a.len();
        if first {
            // A level opens: its digits repeat the closed levels' weights.
            if !self.pay(size) {
                return false;
            }
            for c in old..size {
                a.push(a[c % old]);
            }
            if !self.check(i, a, &e.before[i]) {
                a.truncate(old);
                return false;
            }
        }
        let shifts = &e.shifts[i];
        let forced = self.forced.get(i).copied();
        for (s, cost) in ty.costs.iter().enumerate() {
            if (first && !ty.canonical[s]) || forced.is_some_and(|f| f != s) {
                continue;
            }
            if !self.pay(3 * size + e.span_work[i]) {
                break;
            }
            a.iter_mut().zip(shifts).for_each(|(x, &t)| *x += cost[t as usize]);
            self.states[e.order[i]] = s;
            self.codes[i] = s as u32;
            let leads = self.leader.as_mut().map_or(true, |lr| lr.enter(i, &self.codes));
            if leads && self.spans_hold(i) && self.check(i, a, &e.after[i]) {
                if self.position(i + 1, a) {
                    return true;
                }
            }
            if let Some(lr) = self.leader.as_mut() {
                lr.leave();
            }
            a.iter_mut().zip(shifts).for_each(|(x, &t)| *x -= cost[t as usize]);
            if self.stopped {
                break;
            }
        }
        a.truncate(old);
        false
    }
}

/// Raise the proof of `found` (a board and its weight on the support) as far as the budget
/// goes: decide w downward from the averaging bound (see the module docs). Returns the best
/// board, its weight, the upper bound and the work done.
pub(crate) fn tighten(engine: &Engine, found: Found, max_work: u64, deadline: &Deadline) -> Found {
    let mut w = found.upper_bound;
    let mut work = 0u64;
    while w > found.weight {
        let (decision, spent) = engine.decide(w, max_work - work, deadline);
        work += spent;
        match decision {
            Decision::Infeasible => w -= 1,
            Decision::Feasible(states) => {
                // At least w, and w + 1 was ruled out (or w is the averaging bound): exactly w.
                debug_assert_eq!(engine.problem.weight(&states), w);
                return Found { states, weight: w, upper_bound: w, explored: found.explored + work };
            }
            Decision::Unknown => return Found { upper_bound: w, explored: found.explored + work, ..found },
        }
    }
    Found { upper_bound: found.weight, explored: found.explored + work, ..found }
}

#[cfg(test)]
mod tests {
    use super::super::problem::Problem;
    use super::{Decision, Engine};
    use crate::minimal::coset::reduce;
    use crate::minimal::{Budget, Deadline};
    use crate::Modulus;
    use rand::{Rng, SeedableRng};

    /// `decide(w)` against the enumeration of every histogram of every type: feasible exactly up
    /// to the true worst case, every board it gives as heavy as asked, and a small budget never
    /// overspent nor a wrong answer.
    #[test]
    fn decisions_match_enumeration() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut compared = 0;
        for round in 0..150 {
            let p = [3u32, 3, 5, 7][round % 4];
            let n = rng.gen_range(1..=if p == 3 { 8 } else { 5 });
            let u = rng.gen_range(1..=3.min(n));
            let rows: Vec<Vec<u32>> = (0..u)
                .map(|_| (0..n).map(|_| if rng.gen_bool(0.6) { rng.gen_range(1..p) } else { 0 }).collect())
                .collect();
            let modulus = Modulus::new(p as u64).unwrap();
            let rows = reduce(modulus, rows, n);
            let Some(problem) = Problem::new(p, true, n, &rows, &vec![p; rows.len()]) else { continue };
            let Some(engine) = Engine::new(&problem) else { continue };
            // Every state of every type: the heaviest lightest solution.
            let counts: Vec<usize> = problem.types.iter().map(|t| t.states.len()).collect();
            if counts.iter().product::<usize>() > 20_000 {
                continue;
            }
            let mut states = vec![0usize; counts.len()];
            let mut best = 0u64;
            loop {
                best = best.max(problem.weight(&states));
                let Some(i) = (0..counts.len()).find(|&i| states[i] + 1 < counts[i]) else { break };
                states[..i].iter_mut().for_each(|s| *s = 0);
                states[i] += 1;
            }
            let deadline = Deadline::start(&Budget::unlimited());
            let top = problem.root2() / 2 + 2;
            for w in 0..=top {
                match engine.decide(w, u64::MAX, &deadline).0 {
                    Decision::Feasible(states) => {
                        assert!(w <= best, "round {round}: w = {w} above the worst case {best}");
                        assert!(problem.weight(&states) >= w, "round {round}: w = {w}");
                    }
                    Decision::Infeasible => assert!(w > best, "round {round}: w = {w}, worst case {best}"),
                    Decision::Unknown => panic!("round {round}: no budget limit"),
                }
                let limit = (w + 1) * 29 % 150;
                let (decision, work) = engine.decide(w, limit, &deadline);
                assert!(work <= limit, "round {round}: {work} > {limit}");
                match decision {
                    Decision::Feasible(states) => assert!(w <= best && problem.weight(&states) >= w),
                    Decision::Infeasible => assert!(w > best, "round {round}"),
                    Decision::Unknown => {}
                }
            }
            compared += 1;
        }
        assert!(compared > 80, "only {compared} codes compared");
    }
}
