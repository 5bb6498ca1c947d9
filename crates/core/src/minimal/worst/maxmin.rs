//! The branch and bound over the type histograms of [`super::problem::Problem`], and the
//! driver of the proof ([`solve`]): local search, then the field's decision engine, then for
//! what the engine leaves open restarts of the local search (three quarters of the work and time
//! left: on the large grids the branch and bound never found a harder board there) and this
//! search with the rest (it still closes small games and may tighten the bound).
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
//! Over GF(2) the proof after the local search is [`super::walsh_proof`]'s instead, over Z_p (p
//! odd) that of [`super::zp_proof`] (a decision search with exact per-level tables and
//! averaging over many subspaces); the branch and bound below stays for Z_k, for what either
//! engine leaves open, and to check the Walsh engine against. Its bound only tightens as whole
//! levels close, which left the 9 x 9 and 16 x 16 grids and the 8 x 8 grid over Z_3 open.

use super::local::{local_search, restarts};
use super::problem::{Found, Problem, BIG_NODE};
use super::walsh_proof::{self, Walsh};
use super::zp_proof;
use crate::minimal::Budget;
use crate::minimal::Deadline;

/// The share of the work and time the proof engine leaves that goes to restarts of the local
/// search when it leaves a gap; the branch and bound has the rest.
const RESTART_SHARE: f64 = 0.75;

/// Local search for a hard board, then the decision engine for the proof, then restarts of the
/// local search and the branch and bound for what it leaves open, within the budget: the
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
        // rest goes to restarts of the local search and the branch and bound (see `harder`).
        Ok(walsh_proof::tighten(problem, &walsh, found, rest / 2, &deadline.part(0.5)))
    } else if let Some(engine) = zp_proof::Engine::new(problem) {
        // Over Z_p (p odd) the engine of worst_zp proves, with the same split of the budget.
        Ok(zp_proof::tighten(&engine, found, rest / 2, &deadline.part(0.5)))
    } else {
        Err(found)
    };
    let found = match tightened {
        Ok(tightened) if tightened.weight == tightened.upper_bound => return Some(tightened),
        Ok(tightened) => {
            let upper_bound = tightened.upper_bound;
            let found = harder(problem, &tightened, budget.max_work, deadline);
            let rest = budget.max_work - found.explored;
            let bb = branch_and_bound(problem, found.states, found.weight, rest, deadline);
            let upper_bound = bb.upper_bound.min(upper_bound).max(bb.weight);
            return Some(Found { explored: found.explored + bb.explored, upper_bound, ..bb });
        }
        Err(found) => found,
    };
    let bb = branch_and_bound(problem, found.states.clone(), weight, rest, deadline);
    explored += bb.explored;
    Some(Found { explored, ..bb })
}

/// What the engine left open: restarts of the local search from its best board (each with its
/// own random stream, see [`restarts`]) within [`RESTART_SHARE`] of the work and time left,
/// for a harder board; `found` itself when they find none or cannot pay for a start.
fn harder(problem: &Problem, found: &Found, max_work: u64, deadline: &Deadline) -> Found {
    let rest = max_work - found.explored;
    let first = problem.weighing_work();
    let work = (rest as f64 * RESTART_SHARE) as u64;
    if first > work || deadline.passed() {
        return found.clone();
    }
    match restarts(problem, &found.states, work, deadline, RESTART_SHARE, problem.root2()) {
        Some((states, weight, spent)) if weight > found.weight => {
            Found { states, weight, upper_bound: found.upper_bound.max(weight), explored: found.explored + spent }
        }
        Some((_, _, spent)) => Found { explored: found.explored + spent, ..found.clone() },
        None => found.clone(),
    }
}

/// The local search for a hard board (a quarter of the budget and the time), its upper bound
/// the averaging bound, or its own weight when it reaches that; `None` when the budget cannot
/// pay for weighing one board (or the deadline passes first).
pub(crate) fn start(problem: &Problem, budget: &Budget, deadline: &Deadline) -> Option<Found> {
    let root2 = problem.root2();
    let first = problem.weighing_work();
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
