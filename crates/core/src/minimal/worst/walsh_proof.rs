//! The GF(2) proof engine of [`super::worst_case`]: a search over signed type histograms in
//! Walsh form that proves, for a bound R, that no board reaches it.
//!
//! **Walsh form.** Over GF(2) a type T (c_T buttons sharing the column `v_T`) with `a_T` of its
//! buttons pressed weighs `a_T` in a solution c with `<v_T, c> = 0` and `c_T - a_T` otherwise.
//! With `Y_T = c_T - 2 a_T` (the parity of c_T, `|Y_T| <= c_T`) and N the support, the solution
//! c weighs `(N - F(c)) / 2` where `F(c) = Σ_T Y_T (-1)^<v_T, c>` is a Walsh transform. So a
//! board needs at least w presses exactly when `F(c) <= N - 2w` for every c, and the worst
//! case is `(N - m) / 2` with `m = min_Y max_c F(c)`.
//!
//! **Deciding R.** [`Walsh::decide`] asks whether some Y has `F <= R` everywhere. Its types come
//! in the greedy flag of [`super::problem`] (level l: `v_T` in `V_l`, not in `V_(l-1)`).
//! Once the levels below l are fixed, their transform `F_(l-1)` over the first l - 1 digits of
//! c is known, and the types of level l add `±L(c')` to it, `L` the transform of their Y over
//! those digits (the sign is digit l). So level l must give `|L(c')| <= R - F_(l-1)(c') = b(c')`
//! for every c', and averaging shows `F_(l-1) <= R` itself is needed before level l starts.
//! Within a level the unassigned types add some `z(c')` with `|z| <= u` (their buttons) and
//! the parity of u, so each c' needs `z(c')` in an interval. The level's types are ordered
//! along a second flag `V'_1 ⊂ V'_2 ...` of their projections (greedily, the direction most of
//! them share), and z is then far from free: it depends on c' only through its code (the
//! values `<w'_j, c'>` of the flag's directions), and the unassigned types of `V'_j \ V'_(j-1)`
//! add `±m_j` (sign: code bit j) with `m_j` a function of the code bits below j, `|m_j|` at
//! most their buttons. So the intervals of the c' sharing a code intersect, and two halves of
//! the code tree differing in bit j admit an offset x from above only when some m puts `x + m`
//! into one and `x - m` into the other, an interval again: one pass up the tree decides the
//! relaxation. This prunes long before a level closes, where the averaging bound of the older
//! search only tightens when it does. The types are assigned from the top sub-level down: the
//! relaxation is loosest for the high sub-levels (their `m_j` are free on many codes), nearly
//! exact for the low ones, so it is best used on what is left at the end.
//!
//! **Other subspaces.** Averaging over the cosets of any subspace S spanned by types, not only
//! the flag's, leaves the transform of S's types over S, which must stay `<= R` too: the
//! subspaces spanned by up to three types (at most [`MAX_SPANS`], and per position those with
//! the most buttons while their check costs at most [`SPAN_SHARE`] times the node's own work:
//! only those with more than R buttons can fail) are checked when their last type is assigned,
//! in the middle of a level (see `spans`). On the 29 x 29 grid (131 types of up
//! to 32 buttons) this rules out R = 2 in 0.8 million entries instead of 2.3 billion, and R = 4
//! in 25 s (open after 60 s without).
//!
//! **Symmetry.** Adding a quiet pattern flips the signs of the types with `<v_T, k> = 1`;
//! flipping along the dual of level l's direction changes the sign of every type of level l
//! and of none below, so the first non-zero Y of each level is taken positive.
//! The game's own symmetries (a grid's reflections, a torus's translations) permute the
//! types: with them the search keeps only each orbit's lex-leader (see [`super::symmetry`]).
//!
//! **Proof.** [`tighten`] decides R = the least value of the parity of N, then R + 2, ...:
//! every R ruled out lowers the upper bound by one press, the first R reached gives a board
//! needing `(N - R) / 2` presses, proven the hardest. It stops early when R reaches the board
//! the local search found (that board proves R feasible) or the budget runs out (the bound is
//! then the last R ruled out).

use super::problem::{Found, Problem, BIG_NODE};
use super::symmetry::{Leader, LeaderRun};
use crate::minimal::Deadline;

/// The engine works on one value per solution of each level: up to `2^MAX_DIM`.
pub(crate) const MAX_DIM: usize = 22;

/// One type: its flag coordinates (bit i: coordinate i + 1), count and index in the Problem.
#[derive(Debug, Clone)]
struct WType {
    v: u64,
    count: i32,
    index: usize,
}

/// The types of one level and how to check them.
#[derive(Debug, Clone)]
struct Level {
    /// `2^(l-1)`: the values of the digits below the level.
    half: usize,
    types: Vec<WType>,
    /// `rest[i]`: the buttons of the types after position i of the level.
    rest: Vec<i32>,
    /// `left[i][j]`: the buttons of the unassigned types of sub-level j once positions `..=i`
    /// are assigned (`left[types.len()]`: before the first).
    left: Vec<Vec<i32>>,
    /// The number of directions of the second flag (bits of `code`).
    bits: usize,
    /// Per value c' of the low digits: its coset code (bit j: `<w'_(j+1), c'>`).
    code: Vec<u32>,
    /// `signs[i][c'] = (-1)^<v_i, c'>` for each type i, while all levels' tables fit in
    /// [`SIGN_BYTES`] (lowest levels first).
    signs: Vec<Vec<i8>>,
}

/// The sign tables of all levels take at most this many bytes (the levels past it recompute
/// their signs on every update).
const SIGN_BYTES: usize = 1 << 25;

/// A GF(2) worst-case problem in Walsh form.
#[derive(Debug, Clone)]
pub(crate) struct Walsh {
    levels: Vec<Level>,
    /// The support: buttons in some quiet pattern.
    support: i32,
    /// The number of types (for the witness).
    types: usize,
    /// `offsets[l]`: the types of the levels below l (position in search order).
    offsets: Vec<usize>,
    /// `closing[i]`: the subspaces whose last type is at position i (see
    /// [`super::spans`]): their types' transform over the subspace stays `<= R`.
    closing: Vec<Vec<WSpan>>,
    /// `span_work[i]`: the entries their check visits.
    span_work: Vec<usize>,
    /// The lex-leader test of the game's symmetries (see [`super::symmetry`]); `None`: none.
    leader: Option<Leader>,
}

/// A subspace spanned by types: its dimension, buttons and members (level, position in the
/// level, coordinates in its basis as bits).
#[derive(Debug, Clone)]
struct WSpan {
    k: usize,
    buttons: i32,
    members: Vec<(usize, usize, u64)>,
}

/// At most this many subspaces are checked (those with the most buttons).
const MAX_SPANS: usize = 16384;

/// The subspaces closing at a position cost at most this many times the node's own work (on
/// the 29 x 29 grid 1 loses R = 4 within a minute, 2 rules it out in 25 s; on the 16 x 16
/// grid, whose types are small, more only costs).
const SPAN_SHARE: usize = 2;

/// The answer of [`Walsh::decide`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decision {
    /// A board: `pressed[T]` buttons of each Problem type pressed.
    Feasible(Vec<u32>),
    /// No board has `F <= R` everywhere.
    Infeasible,
    /// The budget ran out first.
    Unknown,
}

/// The search's running state.
struct Run<'a> {
    w: &'a Walsh,
    r: i32,
    max_work: u64,
    work: u64,
    nodes: u64,
    deadline: &'a Deadline,
    stopped: bool,
    y: Vec<Vec<i32>>,
    lo: Vec<i32>,
    hi: Vec<i32>,
    /// The values of the first types in search order (a subtree of the parallel search).
    forced: &'a [i32],
    /// The search records the nodes that reach this position in search order (and goes no
    /// deeper) into `frontier`; `usize::MAX`: no cut.
    cut: usize,
    frontier: Vec<Vec<i32>>,
    /// The work and the stop of a parallel search, shared by its threads.
    pool: Option<&'a threads::Pool>,
    /// The lex-leader test, and each assigned position's value as its code there
    /// (`2 |Y| + (Y < 0)`, see [`Leader::new`]).
    leader: Option<LeaderRun<'a>>,
    codes: Vec<u32>,
}

mod threads;

impl Walsh {
    /// The Walsh form of `problem`, or `None` when it is not over GF(2) or too wide.
    pub(crate) fn new(problem: &Problem) -> Option<Walsh> {
        if !problem.is_gf2() || problem.dim() > MAX_DIM {
            return None;
        }
        // Transforms are kept in i32: |F| <= N.
        if problem.gf2_types().map(|(_, c)| c as u64).sum::<u64>() > 1 << 28 {
            return None;
        }
        let d = problem.dim();
        let mut by_level: Vec<Vec<WType>> = vec![Vec::new(); d + 1];
        let mut support = 0;
        for (index, (mask, count)) in problem.gf2_types().enumerate() {
            let level = 64 - mask.leading_zeros() as usize;
            by_level[level].push(WType { v: mask, count: count as i32, index });
            support += count as i32;
        }
        let mut room = SIGN_BYTES;
        let levels: Vec<Level> = (1..=d).map(|l| Level::new(l, std::mem::take(&mut by_level[l]), &mut room)).collect();
        let offsets = std::iter::once(0)
            .chain(levels.iter().scan(0, |acc, l| {
                *acc += l.types.len();
                Some(*acc)
            }))
            .collect();
        let offsets: Vec<usize> = offsets;
        // Where the search assigns each type, and the subspaces closing there.
        let mut position = vec![0; problem.type_count()];
        let mut slot = vec![(0, 0); problem.type_count()];
        for (li, level) in levels.iter().enumerate() {
            for (i, t) in level.types.iter().enumerate() {
                position[t.index] = offsets[li] + i;
                slot[t.index] = (li, i);
            }
        }
        let counts: Vec<i32> = problem.gf2_types().map(|(_, c)| c as i32).collect();
        let closing: Vec<Vec<WSpan>> = super::spans::spans(problem, &position, MAX_SPANS)
            .into_iter()
            .map(|at| {
                at.into_iter()
                    .map(|span| WSpan {
                        k: span.k,
                        buttons: span.members.iter().map(|(t, _)| counts[*t]).sum(),
                        members: span
                            .members
                            .iter()
                            .map(|(t, coef)| {
                                let bits = coef.iter().enumerate().fold(0u64, |a, (j, &x)| a | (x as u64 & 1) << j);
                                (slot[*t].0, slot[*t].1, bits)
                            })
                            .collect(),
                    })
                    .collect()
            })
            .collect();
        // Per position, the subspaces with the most buttons while their check costs at most
        // `SPAN_SHARE` times the node's own work (3 passes over the level's values).
        let mut closing = closing;
        for (li, level) in levels.iter().enumerate() {
            for i in 0..level.types.len() {
                let at = &mut closing[offsets[li] + i];
                at.sort_by_key(|s| std::cmp::Reverse(s.buttons));
                let mut work = 0;
                at.retain(|s| {
                    work += s.members.len() << s.k;
                    work <= SPAN_SHARE * 3 * level.half
                });
            }
        }
        let span_work = closing.iter().map(|c| c.iter().map(|s| s.members.len() << s.k).sum()).collect();
        let leader = (!problem.group.is_empty()).then(|| {
            let type_at: Vec<usize> = levels.iter().flat_map(|l| l.types.iter().map(|t| t.index)).collect();
            let vecs = type_at.iter().map(|&t| problem.types[t].coords.clone()).collect();
            Leader::new(2, vecs, Vec::new(), &problem.group, &type_at)
        });
        Some(Walsh { levels, support, types: problem.type_count(), offsets, closing, span_work, leader })
    }

    /// The support N: a board needing w presses on it has `F <= N - 2w`.
    pub(crate) fn support(&self) -> i32 {
        self.support
    }

    /// Whether some board has `F(c) <= r` for every solution c, within `max_work` array
    /// entries visited (never more) and the deadline. A search that outgrows
    /// [`threads::SEQUENTIAL_WORK`] starts again on every CPU.
    pub(crate) fn decide(&self, r: i32, max_work: u64, deadline: &Deadline) -> (Decision, u64) {
        threads::decide(self, r, max_work, deadline, threads::SEQUENTIAL_WORK, crate::minimal::threads())
    }

    /// The search below the forced values `forced` (the first types in search order), within
    /// `max_work` (or what `pool` grants): the board found, if any, and the run.
    fn search<'a>(
        &'a self,
        r: i32,
        max_work: u64,
        deadline: &'a Deadline,
        forced: &'a [i32],
        cut: usize,
        pool: Option<&'a threads::Pool>,
    ) -> (Option<Vec<u32>>, Run<'a>) {
        let mut run = Run {
            w: self,
            r,
            max_work,
            work: 0,
            nodes: 0,
            deadline,
            stopped: false,
            y: self.levels.iter().map(|l| vec![0; l.types.len()]).collect(),
            lo: Vec::new(),
            hi: Vec::new(),
            forced,
            cut,
            frontier: Vec::new(),
            pool,
            leader: self.leader.as_ref().map(LeaderRun::new),
            codes: vec![0; self.positions()],
        };
        if !run.level(0, vec![0]) {
            return (None, run);
        }
        let mut pressed = vec![0u32; self.types];
        for (level, ys) in self.levels.iter().zip(&run.y) {
            for (t, &y) in level.types.iter().zip(ys) {
                pressed[t.index] = ((t.count - y) / 2) as u32;
            }
        }
        (Some(pressed), run)
    }

    /// The decision at `r` on this thread alone, below the forced values `forced` of the
    /// first types in search order, within `max_work`, recording the nodes that reach position
    /// `cut` (and going no deeper; `usize::MAX`: no cut): the decision, its work and the nodes
    /// recorded. A split decision's steps (see `minimal::split`).
    pub(crate) fn decide_below(
        &self,
        r: i32,
        max_work: u64,
        deadline: &Deadline,
        forced: &[i32],
        cut: usize,
    ) -> (Decision, u64, Vec<Vec<i32>>) {
        let (found, run) = self.search(r, max_work, deadline, forced, cut, None);
        (Self::decision(found, run.stopped), run.work, run.frontier)
    }

    /// The decision at `r` on this thread alone, with the nodes it visited (deterministic:
    /// what the comparison of the plain and the symmetric search counts).
    #[cfg(test)]
    pub(crate) fn decide_counting(&self, r: i32, max_work: u64, deadline: &Deadline) -> (Decision, u64, u64) {
        let (found, run) = self.search(r, max_work, deadline, &[], usize::MAX, None);
        (Self::decision(found, run.stopped), run.work, run.nodes)
    }

    fn decision(found: Option<Vec<u32>>, stopped: bool) -> Decision {
        match found {
            Some(pressed) => Decision::Feasible(pressed),
            None if stopped => Decision::Unknown,
            None => Decision::Infeasible,
        }
    }

    /// Whether `forced` can be the first values of a search: one per position, each a value
    /// its type can take (`|Y| <= count`, of the count's parity).
    pub(crate) fn valid_prefix(&self, forced: &[i32]) -> bool {
        let counts = self.levels.iter().flat_map(|l| l.types.iter().map(|t| t.count));
        forced.len() <= self.positions() && forced.iter().zip(counts).all(|(&y, c)| y.abs() <= c && (c - y) % 2 == 0)
    }

    /// The number of types in the search.
    pub(crate) fn positions(&self) -> usize {
        *self.offsets.last().unwrap_or(&0)
    }
}

impl Level {
    /// Level l with its types; its sign tables if they fit in `room` bytes (taken from it).
    fn new(l: usize, mut types: Vec<WType>, room: &mut usize) -> Level {
        let half = 1usize << (l - 1);
        let low = half as u64 - 1;
        // The second flag: greedily the direction (modulo those chosen) shared by the most
        // projections v' = v without its top digit.
        let mut basis: Vec<(u32, u64)> = Vec::new(); // (pivot bit, fully reduced vector)
        let reduce =
            |v: u64, basis: &[(u32, u64)]| basis.iter().fold(v, |v, &(p, w)| if v >> p & 1 == 1 { v ^ w } else { v });
        let mut dirs: Vec<u64> = Vec::new();
        loop {
            let mut count: std::collections::HashMap<u64, usize> = std::collections::HashMap::new();
            for t in &types {
                let r = reduce(t.v & low, &basis);
                if r != 0 {
                    *count.entry(r).or_default() += 1;
                }
            }
            let Some((dir, _)) = count.into_iter().max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0))) else {
                break;
            };
            let p = 63 - dir.leading_zeros();
            for e in basis.iter_mut() {
                if e.1 >> p & 1 == 1 {
                    e.1 ^= dir;
                }
            }
            basis.push((p, dir));
            dirs.push(dir);
        }
        // The sub-level of a type: the least j with v' in V'_j (span of the first j dirs).
        let sub_level = |v: u64| -> u32 {
            let mut ech: Vec<(u32, u64)> = Vec::new();
            let r0 = v & low;
            if r0 == 0 {
                return 0;
            }
            for (j, &dir) in dirs.iter().enumerate() {
                let r = reduce(dir, &ech);
                let p = 63 - r.leading_zeros();
                for e in ech.iter_mut() {
                    if e.1 >> p & 1 == 1 {
                        e.1 ^= r;
                    }
                }
                ech.push((p, r));
                if reduce(r0, &ech) == 0 {
                    return j as u32 + 1;
                }
            }
            dirs.len() as u32 + 1
        };
        let mut keyed: Vec<(u32, WType)> = types.drain(..).map(|t| (sub_level(t.v), t)).collect();
        // High sub-levels first: the check lets the unassigned types of sub-level j add any
        // function of the j - 1 code bits below (nearly exact for small j, loose for large j),
        // so the types it sees worst are fixed first (the 19 x 19 grid's R = 8: 14 times fewer
        // nodes than low sub-levels first).
        keyed.sort_by_key(|(s, t)| (std::cmp::Reverse(*s), std::cmp::Reverse(t.count)));
        let subs: Vec<u32> = keyed.iter().map(|(s, _)| *s).collect();
        let types: Vec<WType> = keyed.into_iter().map(|(_, t)| t).collect();
        let mut rest = vec![0i32; types.len()];
        let mut acc = 0;
        for i in (0..types.len()).rev() {
            rest[i] = acc;
            acc += types[i].count;
        }
        let bits = dirs.len();
        let mut left = vec![vec![0i32; bits + 1]; types.len() + 1];
        for i in (0..types.len()).rev() {
            // left[i]: after position i; left[types.len()]: before the first, built last.
            left[i] = if i + 1 < types.len() { left[i + 1].clone() } else { vec![0; bits + 1] };
            if i + 1 < types.len() {
                left[i][subs[i + 1] as usize] += types[i + 1].count;
            }
        }
        if let Some(first) = types.first() {
            let mut before = left[0].clone();
            before[subs[0] as usize] += first.count;
            left[types.len()] = before;
        }
        let code = (0..half as u64)
            .map(|c| dirs.iter().enumerate().fold(0u32, |g, (j, &w)| g | (((w & c).count_ones() & 1) << j)))
            .collect();
        let bytes = types.len().saturating_mul(half);
        let signs = if bytes <= *room {
            *room -= bytes;
            types
                .iter()
                .map(|t| (0..half as u64).map(|c| if (t.v & c).count_ones() & 1 == 0 { 1 } else { -1 }).collect())
                .collect()
        } else {
            Vec::new()
        };
        Level { half, types, rest, left, bits, code, signs }
    }
}

impl Run<'_> {
    /// Work of `n` entries, if the budget allows it (else the run stops).
    fn pay(&mut self, n: usize) -> bool {
        self.nodes += 1;
        let pool = self.pool;
        // The clock is read every 256 nodes, and at every node of at least `BIG_NODE` entries
        // (at nullity 20 a node can take a millisecond).
        let stop =
            (self.nodes & 255 == 0 || n >= BIG_NODE) && (self.deadline.passed() || pool.is_some_and(|p| p.done()));
        if stop || (self.work + n as u64 > self.max_work && !pool.is_some_and(|p| p.grant(self, n as u64))) {
            self.stopped = true;
            return false;
        }
        self.work += n as u64;
        true
    }

    /// Level `li` (0-based) starts with `flow`, the transform of the levels below over their
    /// digits (all `<= r`). Returns whether a board was found (its Y left in `self.y`).
    fn level(&mut self, li: usize, flow: Vec<i32>) -> bool {
        let w = self.w;
        if li == w.levels.len() {
            return true;
        }
        let lv = &w.levels[li];
        let b: Vec<i32> = flow.iter().map(|&f| self.r - f).collect();
        let mut l = vec![0i32; lv.half];
        let total = lv.types.first().map_or(0, |t| t.count + lv.rest[0]);
        if !self.pay(lv.half) || !self.check(li, &l, &b, total, &lv.left[lv.types.len()]) {
            return false;
        }
        self.assign(li, 0, &flow, &b, &mut l, true)
    }

    /// Assign type `i` of level `li` (every value, first non-zero of the level positive).
    fn assign(&mut self, li: usize, i: usize, flow: &[i32], b: &[i32], l: &mut [i32], first: bool) -> bool {
        let w = self.w;
        let lv = &w.levels[li];
        if i == lv.types.len() {
            // The level closes: F over one more digit, F(c', λ) = flow(c') ± L(c').
            let mut next: Vec<i32> = flow.iter().zip(l.iter()).map(|(&f, &x)| f + x).collect();
            next.extend(flow.iter().zip(l.iter()).map(|(&f, &x)| f - x));
            debug_assert!(next.iter().all(|&f| f <= self.r));
            return self.level(li + 1, next);
        }
        let t = &lv.types[i];
        let low = lv.half as u64 - 1;
        let v = t.v & low;
        let position = w.offsets[li] + i;
        if position == self.cut {
            let prefix = self.y.iter().flatten().take(w.offsets[li]).chain(&self.y[li][..i]).copied().collect();
            self.frontier.push(prefix);
            return false;
        }
        // The most balanced values first: boards with small |F| are the ones sought.
        let least = if first { 0 } else { -t.count };
        let mut values: Vec<i32> = match self.forced.get(position) {
            Some(&y) => vec![y],
            None => (0..=t.count).map(|a| t.count - 2 * a).filter(|&y| y >= least).collect(),
        };
        values.sort_by_key(|&y| (y.abs(), -y));
        for y in values {
            if !self.pay(3 * lv.half + w.span_work[position]) {
                return false;
            }
            add(l, lv.signs.get(i), v, y);
            self.y[li][i] = y;
            self.codes[position] = 2 * y.unsigned_abs() + u32::from(y < 0);
            let leads = self.leader.as_mut().map_or(true, |lr| lr.enter(position, &self.codes));
            if leads && self.spans_hold(position) && self.check(li, l, b, lv.rest[i], &lv.left[i]) {
                if self.assign(li, i + 1, flow, b, l, first && y == 0) {
                    return true;
                }
            }
            if let Some(lr) = self.leader.as_mut() {
                lr.leave();
            }
            add(l, lv.signs.get(i), v, -y);
            if self.stopped {
                return false;
            }
        }
        false
    }

    /// Whether the subspaces closing at `position` keep their types' transform `<= R` (only
    /// those with more than R buttons can fail; they come first).
    fn spans_hold(&self, position: usize) -> bool {
        // Most buttons first: the rest cannot fail once one has R or fewer.
        for span in self.w.closing[position].iter().take_while(|s| s.buttons > self.r) {
            for y in 0..1u64 << span.k {
                let f: i32 = span
                    .members
                    .iter()
                    .map(|&(li, i, coef)| if (y & coef).count_ones() & 1 == 0 { self.y[li][i] } else { -self.y[li][i] })
                    .sum();
                if f > self.r {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the unassigned types of the level (`u` buttons, `left[j]` of them on sub-level
    /// j) can still bring every `|L|` within `b`. Each c' alone needs an addition z(c') of the
    /// parity of u in `[-u, u]` that does. Moreover z depends on c' through its code only (the
    /// types lie in the span of the second flag), and the types of sub-level j add
    /// `±m_j(code bits below j)`, the sign the code bit j, with `|m_j| <= left[j]`: so the
    /// intervals of the c' sharing a code intersect, and two halves differing in bit j admit
    /// an offset x from above only if some m puts x + m in one and x - m in the other.
    fn check(&mut self, li: usize, l: &[i32], b: &[i32], u: i32, left: &[i32]) -> bool {
        let w = self.w;
        let lv = &w.levels[li];
        // The additions allowed at c': [lo, hi], rounded to the parity of u.
        let range = |x: i32, b: i32| {
            let lo = (-u).max(-b - x);
            let hi = u.min(b - x);
            (lo + ((lo - u) & 1), hi - ((hi - u) & 1))
        };
        // First every c' alone (a pass the compiler vectorises), then the tree of codes.
        let bad = l.iter().zip(b).fold(0i32, |bad, (&x, &b)| {
            let (lo, hi) = range(x, b);
            bad | (hi - lo) >> 31
        });
        if bad != 0 {
            return false;
        }
        let leaves = 1usize << lv.bits;
        self.lo.clear();
        self.lo.resize(leaves, i32::MIN / 2);
        self.hi.clear();
        self.hi.resize(leaves, i32::MAX / 2);
        for ((&x, &b), &code) in l.iter().zip(b).zip(&lv.code) {
            let (lo, hi) = range(x, b);
            let g = code as usize;
            self.lo[g] = self.lo[g].max(lo);
            self.hi[g] = self.hi[g].min(hi);
        }
        // What the sub-levels below j add has the parity of their buttons.
        let mut parity: i32 = left[..lv.bits].iter().sum();
        for j in (1..=lv.bits).rev() {
            let step = 1usize << (j - 1);
            let m = left[j];
            for g in 0..step {
                let (a0, b0, a1, b1) = (self.lo[g], self.hi[g], self.lo[g + step], self.hi[g + step]);
                let lo = (a0 + a1 + 1).div_euclid(2).max(a0 - m).max(a1 - m);
                let hi = (b0 + b1).div_euclid(2).min(b0 + m).min(b1 + m);
                let (lo, hi) = (lo + ((lo - parity) & 1), hi - ((hi - parity) & 1));
                if lo > hi {
                    return false;
                }
                (self.lo[g], self.hi[g]) = (lo, hi);
            }
            parity -= left[j - 1];
        }
        // The types of sub-level 0 (v' = 0) add one z0 to every c', |z0| <= left[0].
        let (m, lo, hi) = (left[0], self.lo[0].max(-left[0]), self.hi[0].min(left[0]));
        lo + ((lo - m) & 1) <= hi - ((hi - m) & 1)
    }
}

/// `l(c) += y (-1)^<v, c>` for every c (from the sign table when there is one).
fn add(l: &mut [i32], signs: Option<&Vec<i8>>, v: u64, y: i32) {
    if let Some(signs) = signs {
        l.iter_mut().zip(signs).for_each(|(x, &s)| *x += y * s as i32);
        return;
    }
    for (c, x) in l.iter_mut().enumerate() {
        if (v & c as u64).count_ones() & 1 == 0 {
            *x += y;
        } else {
            *x -= y;
        }
    }
}

/// Raise the proof of `found` (a board and its weight on the support) as far as the budget
/// goes: decide R upward from the least (see the module docs). Returns the best board, its
/// weight, the upper bound and the work done.
pub(crate) fn tighten(problem: &Problem, walsh: &Walsh, found: Found, max_work: u64, deadline: &Deadline) -> Found {
    let n = walsh.support();
    let reached = n - 2 * found.weight as i32; // the local search's board has F <= reached
    let mut r = n & 1;
    let mut work = 0u64;
    let mut upper = n / 2; // the averaging bound
    while r < reached {
        let (decision, spent) = walsh.decide(r, max_work - work, deadline);
        work += spent;
        match decision {
            Decision::Infeasible => {
                upper = (n - r - 2) / 2;
                r += 2;
            }
            Decision::Feasible(pressed) => {
                let weight = ((n - r) / 2) as u64;
                return Found {
                    states: problem.gf2_states(&pressed),
                    weight,
                    upper_bound: weight,
                    explored: found.explored + work,
                };
            }
            Decision::Unknown => {
                return Found {
                    upper_bound: (upper as u64).max(found.weight),
                    explored: found.explored + work,
                    ..found
                };
            }
        }
    }
    Found { upper_bound: found.weight, explored: found.explored + work, ..found }
}

#[cfg(test)]
mod tests;
