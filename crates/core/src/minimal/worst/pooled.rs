//! The local search for games whose boards have too many solutions to keep one weight each
//! (more than [`super::EXACT_MEMBERS`], the 39 x 39 grid's `2^32`), as long as the
//! fewest-press search can still weigh a board exactly (every solution visited: about a
//! second at `2^32` over GF(2), by the Walsh walk).
//!
//! It is a cutting-plane search. A *pool* keeps light quiet patterns q (restricted to the
//! buttons some quiet pattern presses); against the pool a board y is scored by its solutions
//! `y + q` alone, which is cheap. Each round:
//!
//! 1. the board is weighed exactly by the fewest-press search; its lightest solution joins the
//!    pool (the board needs exactly that many presses: the witness is always a board weighed
//!    this way, never an estimate);
//! 2. the board climbs against the pool: one button at a time takes the value that lowers the
//!    squared shortfall `Σ_q max(0, w - |y + q|)^2` of the pool's solutions below the target
//!    `w` (one press above the hardest board weighed), until none is below it or no move helps;
//! 3. the pool is refreshed for the new board: from each pool member (and a few random ones),
//!    a descent adding one generator multiple at a time finds a light solution of the new
//!    board, which joins the pool when it is below the target, and the climb goes on; when the
//!    descents find nothing below the target the board is weighed exactly again.
//!
//! When a round leaves the board where it was, the search restarts from the hardest board with
//! a random kick; it stops after [`MAX_STALL`] weighings in a row without a harder board, or
//! when the work or the time runs out. The work counts every solution weight computed (pool members, descents, the
//! exact weighings); the search never starts a weighing that the work left or the time left
//! (judged by the last weighing) cannot pay for. The random source is seeded.

use super::direct::{full, Cosets, Direct};
use crate::arith::Fp;
use crate::field::Modulus;
use crate::minimal::coset::CosetBasis;
use crate::minimal::{minimal_in_module, Budget, Deadline, MinimalSolution};
use rand::{Rng, SeedableRng};
use std::collections::HashSet;
use std::time::Instant;

/// The pool keeps at most this many quiet patterns (the heaviest for the current board go).
const MAX_POOL: usize = 2048;
/// ... and at most this many entries in all (128 MiB), however many buttons a pattern has.
const MAX_POOL_ENTRIES: usize = 1 << 25;
/// Random starting points of the descents each refresh, besides the pool's members.
const RANDOM_STARTS: usize = 8;
/// The search stops after this many weighings in a row without a harder board (so that it
/// ends without a time or work limit too; on the 39 x 39 grid 60 s hold about 50 weighings).
const MAX_STALL: u32 = 32;

/// The exact weigher: the fewest-press search over a field (Gray code, Walsh walk), the
/// module enumeration over Z_k.
enum Weigher<'a> {
    Field(CosetBasis),
    Ring { modulus: Modulus, rows: &'a [Vec<u32>], orders: &'a [u32] },
}

impl Weigher<'_> {
    fn weigh(&self, x: &[u32], budget: &Budget) -> Option<MinimalSolution> {
        let found = match self {
            Weigher::Field(coset) => coset.minimal(x, budget),
            Weigher::Ring { modulus, rows, orders } => minimal_in_module(*modulus, x, rows, orders, budget),
        };
        found.ok().filter(|m| m.proven_optimal)
    }
}

/// The hardest board the pooled search weighs exactly within `max_work` and the deadline:
/// `None` when not one board could be weighed (the work cannot pay for one board's solutions,
/// or the time ran out first).
pub(crate) fn pooled_search(game: &Cosets<'_>, modulus: Modulus, max_work: u64, deadline: &Deadline) -> Option<Direct> {
    let Cosets { k, n, support, rows, orders } = *game;
    let s = support.len();
    let members = orders.iter().try_fold(1u64, |a, &o| a.checked_mul(o as u64))?;
    if members > max_work || s == 0 || deadline.passed() {
        return None;
    }
    let weigher = if modulus.is_prime() {
        Weigher::Field(CosetBasis::new(modulus, n, rows.to_vec()).ok()?)
    } else {
        Weigher::Ring { modulus, rows, orders }
    };
    // The generators on the support, sparse: (position in the support, value).
    let gens: Vec<Vec<(usize, u32)>> = rows
        .iter()
        .map(|r| support.iter().enumerate().filter(|&(_, &j)| r[j] != 0).map(|(i, &j)| (i, r[j])).collect())
        .collect();
    let outside = (k as u64 - 1) * (n - s) as u64;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x706f_6f6c);
    let mut y: Vec<u32> = (0..s).map(|_| rng.gen_range(0..k)).collect();
    let mut pool = Pool::default();
    let mut used = 0u64;
    let mut best: Option<(Vec<u32>, MinimalSolution)> = None;
    let mut last_weighing = None::<f64>;
    let mut stalled = 0u32;
    let most = MAX_POOL.min(MAX_POOL_ENTRIES / s).max(2);
    loop {
        // Weigh the board exactly, if the work and the time left pay for it.
        if used.saturating_add(members) > max_work || deadline.passed() || stalled >= MAX_STALL {
            break;
        }
        if let (Some(secs), Some(left)) = (last_weighing, deadline.remaining()) {
            if left.as_secs_f64() < secs {
                break;
            }
        }
        let started = Instant::now();
        let budget = Budget::new(max_work - used, deadline.remaining());
        let Some(found) = weigher.weigh(&full(k, n, support, &y), &budget) else {
            break;
        };
        last_weighing = Some(started.elapsed().as_secs_f64());
        used += found.explored;
        let q: Vec<u32> = support.iter().zip(&y).map(|(&j, &v)| Fp::new(k).sub(found.presses[j], v)).collect();
        pool.add(q);
        let moved = best.as_ref().is_none_or(|(b, _)| *b != y);
        if best.as_ref().is_none_or(|(_, b)| found.weight > b.weight) {
            best = Some((y.clone(), found));
            stalled = 0;
        } else {
            stalled += 1;
        }
        if !moved && stalled > 0 {
            // Stuck: a random kick from the hardest board.
            y.clone_from(&best.as_ref().expect("weighed").0);
            for _ in 0..(s / 20).max(1) {
                let i = rng.gen_range(0..s);
                y[i] = rng.gen_range(0..k);
            }
            continue;
        }
        let target = best.as_ref().expect("weighed").1.weight - outside + 1;
        // Climb and refresh while the work keeps one weighing in reserve.
        let reserve = members;
        let before = y.clone();
        loop {
            let spent = climb(&mut y, &pool.members, k, target, max_work.saturating_sub(used + reserve), deadline);
            used += spent;
            let (found_new, spent) = refresh(
                &y,
                &mut pool,
                (&gens, orders, k),
                target,
                &mut rng,
                max_work.saturating_sub(used + reserve),
                most,
                deadline,
            );
            used += spent;
            if !found_new || deadline.passed() || used + reserve >= max_work {
                break;
            }
        }
        if y == before {
            // The climb made no move: a random kick from the hardest board.
            y.clone_from(&best.as_ref().expect("weighed").0);
            for _ in 0..(s / 20).max(1) {
                let i = rng.gen_range(0..s);
                y[i] = rng.gen_range(0..k);
            }
        }
        if pool.members.len() > most {
            pool.keep_lightest(&y, k, most / 2);
        }
    }
    let (_, found) = best?;
    Some(Direct { presses: found.presses, weight: found.weight, complete: false, explored: used })
}

/// Quiet patterns on the support, each once.
#[derive(Default)]
struct Pool {
    members: Vec<Vec<u32>>,
    seen: HashSet<Vec<u32>>,
}

impl Pool {
    /// Add `q` unless it is there already: whether it was new.
    fn add(&mut self, q: Vec<u32>) -> bool {
        if self.seen.contains(&q) {
            return false;
        }
        self.seen.insert(q.clone());
        self.members.push(q);
        true
    }

    /// Keep the `keep` members whose solutions of the board `y` are lightest.
    fn keep_lightest(&mut self, y: &[u32], k: u32, keep: usize) {
        self.members.sort_by_cached_key(|q| weight_on(y, q, k));
        self.members.truncate(keep);
        self.seen = self.members.iter().cloned().collect();
    }
}

/// The weight of the solution `y + q` on the support.
fn weight_on(y: &[u32], q: &[u32], k: u32) -> u64 {
    let fk = Fp::new(k);
    y.iter().zip(q).map(|(&a, &b)| fk.add(a, b) as u64).sum()
}

/// The squared shortfall of a solution of weight `w` below `target`.
fn short(target: u64, w: u64) -> u64 {
    let g = target.saturating_sub(w);
    g * g
}

/// Move `y` one button at a time (buttons in turn, each to the value that lowers the squared
/// shortfall of the pool's solutions most) until no solution of the pool is below `target` or a
/// pass over every button changes nothing. Returns the work (pool weights computed).
fn climb(y: &mut [u32], pool: &[Vec<u32>], k: u32, target: u64, max_work: u64, deadline: &Deadline) -> u64 {
    let fk = Fp::new(k);
    let mut work = pool.len() as u64;
    if work > max_work {
        return 0;
    }
    let mut w: Vec<u64> = pool.iter().map(|q| weight_on(y, q, k)).collect();
    let mut shortfall: u64 = w.iter().map(|&x| short(target, x)).sum();
    let per_button = pool.len() as u64 * (k as u64 - 1);
    let mut changed = true;
    while changed && shortfall > 0 {
        changed = false;
        for i in 0..y.len() {
            if work + per_button > max_work || deadline.passed() {
                return work;
            }
            work += per_button;
            let old = y[i];
            let (mut best_v, mut best_delta) = (old, 0i64);
            for v in (0..k).filter(|&v| v != old) {
                let delta: i64 = pool
                    .iter()
                    .zip(&w)
                    .map(|(q, &x)| {
                        let nx = x + fk.add(v, q[i]) as u64 - fk.add(old, q[i]) as u64;
                        short(target, nx) as i64 - short(target, x) as i64
                    })
                    .sum();
                if delta < best_delta {
                    (best_v, best_delta) = (v, delta);
                }
            }
            if best_v != old {
                for (q, x) in pool.iter().zip(w.iter_mut()) {
                    *x = *x + fk.add(best_v, q[i]) as u64 - fk.add(old, q[i]) as u64;
                }
                y[i] = best_v;
                shortfall = (shortfall as i64 + best_delta) as u64;
                changed = true;
                if shortfall == 0 {
                    break;
                }
            }
        }
    }
    work
}

/// The generators on the support (sparse: position, value), their orders and the modulus.
type Generators<'a> = (&'a [Vec<(usize, u32)>], &'a [u32], u32);

/// Light solutions of the board `y` near the pool's: from each member of the pool (and a few
/// random quiet patterns) add one generator multiple at a time while that lowers the weight;
/// every local minimum below `target` not in the pool joins it (while the pool has fewer than
/// `cap` members). Returns whether one did, and the work (solution weights computed).
#[allow(clippy::too_many_arguments)]
fn refresh(
    y: &[u32],
    pool: &mut Pool,
    (gens, orders, k): Generators<'_>,
    target: u64,
    rng: &mut impl Rng,
    max_work: u64,
    cap: usize,
    deadline: &Deadline,
) -> (bool, u64) {
    let fk = Fp::new(k);
    let mut work = 0u64;
    let step: u64 = gens.iter().zip(orders).map(|(g, &o)| g.len() as u64 * (o as u64 - 1)).sum::<u64>().max(1);
    // The pool as it is now (what joins it below is not a start), then random patterns.
    let mut starts: Vec<Vec<u32>> = Vec::with_capacity(RANDOM_STARTS);
    for _ in 0..RANDOM_STARTS {
        let mut q = vec![0u32; y.len()];
        for (g, &o) in gens.iter().zip(orders) {
            let t = rng.gen_range(0..o);
            for &(i, v) in g {
                q[i] = fk.mul_add(q[i], t, v);
            }
        }
        starts.push(q);
    }
    let mut added = false;
    let from_pool = pool.members.len();
    for start in 0..from_pool + starts.len() {
        if pool.members.len() >= cap || deadline.passed() {
            break;
        }
        let mut q = if start < from_pool {
            pool.members[start].clone()
        } else {
            std::mem::take(&mut starts[start - from_pool])
        };
        // x = y + q, descended.
        let mut x: Vec<u32> = y.iter().zip(&q).map(|(&a, &b)| fk.add(a, b)).collect();
        let mut improved = true;
        while improved {
            improved = false;
            for (g, &o) in gens.iter().zip(orders) {
                if work + step > max_work {
                    return (added, work);
                }
                work += g.len() as u64 * (o as u64 - 1);
                // The best multiple t of g to add.
                let (mut best_t, mut best_d) = (0u32, 0i64);
                for t in 1..o {
                    let d: i64 = g
                        .iter()
                        .map(|&(i, v)| {
                            let nv = fk.mul_add(x[i], t, v) as i64;
                            nv - x[i] as i64
                        })
                        .sum();
                    if d < best_d {
                        (best_t, best_d) = (t, d);
                    }
                }
                if best_t > 0 {
                    for &(i, v) in g {
                        x[i] = fk.mul_add(x[i], best_t, v);
                        q[i] = fk.mul_add(q[i], best_t, v);
                    }
                    improved = true;
                }
            }
        }
        let w: u64 = x.iter().map(|&v| v as u64).sum();
        if w < target && pool.add(q) {
            added = true;
        }
    }
    (added, work)
}
