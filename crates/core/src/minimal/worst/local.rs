//! The local search of [`super::solve`]: a hard board to start the proof from, and the best
//! board to report when the proof runs out of budget.
//!
//! **Aiming one press higher.** With `best` the lightest solution of the best board so far, the
//! search aims at a board whose every solution weighs at least `w = best + 1`, and minimises the
//! *shortfall* `Σ_c max(0, w - d[c])^2` over the solutions c (d: their weights). Every solution
//! below the target counts, so most moves change the shortfall, where the lightest weight alone
//! (and how many solutions reach it) is flat almost everywhere; the square makes the lightest
//! solutions count most. On the 19 x 19 grid (15 s per run, four seeds, annealing at a fixed
//! temperature) the plain shortfall reached 155 to 157 presses, the squared one 158 or 159;
//! the hill climb on the lightest weight and its count that this replaces reached 156 in 10 s
//! and 157 in 60 s. When the shortfall reaches 0 the board is the new best and the target
//! rises by one.
//!
//! **Annealing.** A move gives one button of one type another value. It is kept when it does
//! not raise the shortfall, else with probability `exp(-Δ / T)`. The scale of Δ differs from
//! game to game (over Z_3 a button moves a solution by up to 2, and the squares grow with the
//! gaps), so T is a share of the mean rise of the moves proposed so far: a round cools it from
//! [`HOT`] to [`COLD`] of that mean (a fixed temperature that suits the 19 x 19 grid left the
//! 13 x 13 grid over Z_3 at 167 presses, three short of its proven 170). A round starts from
//! the best board, and each is twice as long as the one before (short rounds settle small
//! games at once, long ones let large games wander). The search stops when the budget runs
//! out, at the averaging bound, or after [`MAX_ROUNDS`] rounds in a row without a harder board;
//! the random source is seeded, so the same budget in work gives the same board.
//!
//! **Restarts.** On the large open grids one walk's result depends on its random stream (four
//! seeds gave 158 or 159 on the 19 x 19 grid), and the branch and bound that used to spend the
//! time the proof engine leaves open found no harder board on any of them (60 s runs of the
//! 19 x 19 to 32 x 32 grids and the 14 x 14 grid over Z_3). [`restarts`] spends that time on
//! [`RESTARTS`] more walks from the best board instead, each with its own stream (a fixed
//! sequence of seeds, so the work budget still fixes the board) and kicked a sixteenth of the
//! types further away than the one before (the first only changes the stream). With the same
//! 2·10^10 solution weights they took the 23 x 23 grid from 260 to 261 presses and the
//! 32 x 32 from 459 to 460; small games, which one walk already settles, end each restart after
//! its idle rounds.

use super::problem::Problem;
use crate::minimal::Deadline;
use rand::{Rng, SeedableRng};

/// The temperature at the start of a round, as a share of the mean rise of the moves proposed.
const HOT: f64 = 0.16;
/// The temperature at the end of a round, likewise.
const COLD: f64 = 0.04;
/// A solution's gap to the target counts up to this much (so that the squares of at most
/// `2^22` solutions add up in 64 bits).
const MAX_GAP: u64 = 1 << 20;
/// The search stops after this many rounds in a row without a harder board.
const MAX_ROUNDS: u32 = 4;

/// The seed of the first walk; restart `i` uses the `i`-th value of [`restart_seed`] after it.
const SEED: u64 = 0x0077_6f72_7374;
/// How many walks [`restarts`] makes at most: each is given an equal share of what is left, so
/// an unlimited budget still ends (every walk stops after [`MAX_ROUNDS`] idle rounds).
pub(super) const RESTARTS: u32 = 4;

/// The hardest board found within `max_work` (solution weights updated) and the `share` of the
/// time to the deadline left once the first board is weighed: its states, the weight of its
/// lightest solution and the work done; `None` when the deadline itself passes before that.
pub(super) fn local_search(
    problem: &Problem,
    max_work: u64,
    deadline: &Deadline,
    share: f64,
    root2: u64,
) -> Option<(Vec<usize>, u64, u64)> {
    let mut walk = Walk::new(problem, None, deadline)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SEED);
    walk.anneal(&mut rng, 0, max_work, &deadline.part(share), root2);
    Some((walk.best_states, walk.best, walk.work))
}

/// More walks from `states` (a board the first walk found), each with its own random stream
/// drawn from a fixed sequence and kicked further from the board than the one before, within
/// `max_work` and the `share` of the time left: the hardest board seen (`states` itself when
/// none is harder), its weight and the work done; `None` when the deadline passes first.
pub(super) fn restarts(
    problem: &Problem,
    states: &[usize],
    max_work: u64,
    deadline: &Deadline,
    share: f64,
    root2: u64,
) -> Option<(Vec<usize>, u64, u64)> {
    let mut walk = Walk::new(problem, Some(states), deadline)?;
    let deadline = deadline.part(share);
    for i in 0..RESTARTS {
        let left = RESTARTS - i;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(restart_seed(i));
        let cap = walk.work + max_work.saturating_sub(walk.work) / left as u64;
        // Kicks of 0, 1/16, 2/16, ... of the types: the first restart only changes the stream.
        let kick = i as usize * problem.types.len() / 16;
        walk.anneal(&mut rng, kick, cap, &deadline.part(1.0 / left as f64), root2);
        if deadline.passed() || 2 * walk.best + 1 >= root2 {
            break;
        }
    }
    Some((walk.best_states, walk.best, walk.work))
}

/// The seed of restart `i`: a fixed sequence (SplitMix64 from [`SEED`]), so that the same
/// budget in work gives the same board.
fn restart_seed(i: u32) -> u64 {
    let mut z = SEED.wrapping_add((i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One board under annealing, the best seen and the work spent on it.
struct Walk<'a> {
    problem: &'a Problem,
    /// Shift tables for every type when they fit in 64 MB, else empty (recomputed per move).
    shifts: Vec<Vec<u8>>,
    buf: Vec<u8>,
    state: Vec<usize>,
    /// The weight of every solution of the board `state`.
    d: Vec<u64>,
    best: u64,
    best_states: Vec<usize>,
    work: u64,
    /// No walk has started yet (the board is the one the weights were computed for).
    fresh: bool,
}

impl<'a> Walk<'a> {
    /// The tables and the weights of board `from` (all types at state 0 when `None`), one pass
    /// per type; `None` when the deadline passes meanwhile (seconds at nullity 20).
    fn new(problem: &'a Problem, from: Option<&[usize]>, deadline: &Deadline) -> Option<Self> {
        let size = problem.size(problem.u);
        let nt = problem.types.len();
        let mut buf = Vec::new();
        let cache = nt as u128 * size as u128 <= 1 << 26;
        let mut shifts: Vec<Vec<u8>> = Vec::new();
        for ty in (0..nt).filter(|_| cache) {
            problem.shifts(ty, size, &mut buf);
            shifts.push(buf.clone());
            if deadline.passed() {
                return None;
            }
        }
        let state = from.map_or_else(|| vec![0usize; nt], <[usize]>::to_vec);
        let mut d = vec![0u64; size];
        for (ty, &at) in state.iter().enumerate() {
            let t = shift_table(problem, &shifts, ty, &mut buf);
            let cost = &problem.types[ty].costs[at];
            d.iter_mut().zip(t).for_each(|(x, &t)| *x += cost[t as usize]);
            if deadline.passed() {
                return None;
            }
        }
        let best = *d.iter().min().expect("at least one solution");
        let best_states = state.clone();
        Some(Walk { problem, shifts, buf, state, d, best, best_states, work: size as u64 * nt as u64, fresh: true })
    }

    /// Type `ty` to state `next`: the weights updated, one pass.
    fn set(&mut self, ty: usize, next: usize) {
        let sh = shift_table(self.problem, &self.shifts, ty, &mut self.buf);
        let c = &self.problem.types[ty].costs;
        let (old, new) = (&c[self.state[ty]], &c[next]);
        self.d.iter_mut().zip(sh).for_each(|(x, &s)| *x = *x + new[s as usize] - old[s as usize]);
        self.state[ty] = next;
        self.work += self.d.len() as u64;
    }

    /// Back to the best board (one pass per type that differs), then `kick` random moves
    /// (fewer if the work would pass `max_work`); false when even the way back does not fit.
    fn reset(&mut self, rng: &mut impl Rng, kick: usize, max_work: u64) -> bool {
        let size = self.d.len() as u64;
        let moved: Vec<usize> = (0..self.state.len()).filter(|&ty| self.state[ty] != self.best_states[ty]).collect();
        if self.work + (moved.len() as u64 + 1) * size > max_work {
            return false;
        }
        for ty in moved {
            self.set(ty, self.best_states[ty]);
        }
        for _ in 0..kick {
            if self.work + 4 * size > max_work {
                break;
            }
            let ty = rng.gen_range(0..self.state.len());
            if let Some(next) = self.neighbour(rng, ty) {
                self.set(ty, next);
            }
        }
        true
    }

    /// Type `ty` with one button moved to another value, chosen at random (`None` when the
    /// value drawn to move from has no button).
    fn neighbour(&self, rng: &mut impl Rng, ty: usize) -> Option<usize> {
        let p = self.problem.p as usize;
        let t = &self.problem.types[ty];
        let mut h = t.states[self.state[ty]].clone();
        let from = rng.gen_range(0..p);
        // Another of the p states, chosen at random (an index among them, cold: once a move).
        let to = (from + rng.gen_range(1..p)) % p;
        if h[from] == 0 {
            return None;
        }
        h[from] -= 1;
        h[to] += 1;
        Some(t.index[&h])
    }

    /// Rounds of annealing from the best board kicked `kick` moves away, until `max_work`, the
    /// deadline, the averaging bound or [`MAX_ROUNDS`] idle rounds.
    fn anneal(&mut self, rng: &mut impl Rng, kick: usize, max_work: u64, deadline: &Deadline, root2: u64) {
        let problem = self.problem;
        let size = self.d.len();
        let nt = self.state.len();
        let lightest = |d: &[u64]| *d.iter().min().expect("at least one solution");
        let shortfall = |d: &[u64], w: u64| d.iter().map(|&x| w.saturating_sub(x).min(MAX_GAP).pow(2)).sum::<u64>();
        if nt == 0 || 2 * self.best + 1 >= root2 {
            return;
        }
        // The first walk starts where the weights were just computed, at no charge; the others
        // go back to the best board first and pay for the shortfall's pass.
        let fresh = std::mem::take(&mut self.fresh);
        if !fresh && !self.reset(rng, kick, max_work) {
            return;
        }
        let mut target = self.best + 1;
        let mut short = shortfall(&self.d, target);
        if !fresh {
            self.work += size as u64;
        }
        // The rises proposed so far (sum, count): the temperature is a share of their mean.
        let mut rises = (0.0f64, 0.0f64);
        let mut round_moves = 500 + 50 * nt as u64;
        let (mut moves, mut idle_rounds) = (0u64, 0u32);
        // A move costs at most three passes over the solutions (do, then undo or two to rescan).
        while self.work + 3 * size as u64 <= max_work && !deadline.passed() && 2 * self.best + 1 < root2 {
            if moves == round_moves {
                // A new round from the best board.
                moves = 0;
                round_moves *= 2;
                idle_rounds += 1;
                if idle_rounds > MAX_ROUNDS || !self.reset(rng, 0, max_work) {
                    break;
                }
                short = shortfall(&self.d, target);
                self.work += size as u64;
            }
            moves += 1;
            let share = HOT + (COLD - HOT) * moves as f64 / round_moves as f64;
            let temperature = share * rises.0 / rises.1.max(1.0);
            let ty = rng.gen_range(0..nt);
            let Some(next) = self.neighbour(rng, ty) else { continue };
            let t = &problem.types[ty];
            let sh = shift_table(problem, &self.shifts, ty, &mut self.buf);
            // What the move adds to a solution, by the type's shift there (wrapping: may be negative).
            let (old, new) = (&t.costs[self.state[ty]], &t.costs[next]);
            let add: Vec<u64> = old.iter().zip(new).map(|(&o, &n)| n.wrapping_sub(o)).collect();
            let mut next_short = 0u64;
            for (x, &s) in self.d.iter_mut().zip(sh) {
                *x = x.wrapping_add(add[s as usize]);
                let e = target.saturating_sub(*x).min(MAX_GAP);
                next_short += e * e;
            }
            self.work += size as u64;
            let rise = next_short.saturating_sub(short) as f64;
            if rise > 0.0 {
                rises = (rises.0 + rise, rises.1 + 1.0);
            }
            if next_short <= short || (temperature > 0.0 && rng.r#gen::<f64>() < (-rise / temperature).exp()) {
                self.state[ty] = next;
                short = next_short;
                if short == 0 {
                    self.best = lightest(&self.d);
                    self.best_states.copy_from_slice(&self.state);
                    target = self.best + 1;
                    short = shortfall(&self.d, target);
                    self.work += 2 * size as u64;
                    idle_rounds = 0;
                }
            } else {
                self.d.iter_mut().zip(sh).for_each(|(x, &s)| *x = x.wrapping_sub(add[s as usize]));
                self.work += size as u64;
            }
        }
    }
}

/// The shift of type `ty` in every solution: from the tables when they were built (`cached`
/// holds one per type), else computed into `buf`.
fn shift_table<'a>(problem: &Problem, cached: &'a [Vec<u8>], ty: usize, buf: &'a mut Vec<u8>) -> &'a [u8] {
    match cached.get(ty) {
        Some(table) => table,
        None => {
            problem.shifts(ty, problem.size(problem.u), buf);
            buf
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::problem::Problem;
    use super::{local_search, restarts};
    use crate::minimal::coset::reduce;
    use crate::minimal::{plus_grid, Budget, Deadline};
    use crate::{Modulus, Solver};
    use rand::{Rng, SeedableRng};

    fn grid_problem(n: usize, p: u32) -> (Problem, u64) {
        let modulus = Modulus::new(p as u64).unwrap();
        let solver = Solver::new(&plus_grid(n, n, modulus).unwrap()).unwrap();
        let rows = reduce(modulus, solver.null_basis(), solver.buttons());
        let outside = (0..solver.buttons()).filter(|&j| rows.iter().all(|r| r[j] == 0)).count() as u64;
        let problem = Problem::new(p, true, solver.buttons(), &rows, &vec![p; rows.len()]).unwrap();
        (problem, outside * (p as u64 - 1))
    }

    /// A random code of 1 to 4 generators on 1 to 10 buttons, over GF(2), Z_3 or the ring Z_4
    /// by `round`; `None` when the search over types cannot take it.
    fn random_problem(rng: &mut rand_chacha::ChaCha8Rng, round: usize) -> Option<Problem> {
        let (p, prime) = [(2, true), (3, true), (4, false)][round % 3];
        let n = rng.gen_range(1..=10);
        let u = rng.gen_range(1..=4.min(n));
        let rows: Vec<Vec<u32>> = (0..u).map(|_| (0..n).map(|_| rng.gen_range(0..p)).collect()).collect();
        let rows = if prime { reduce(Modulus::new(p as u64).unwrap(), rows, n) } else { rows };
        Problem::new(p, prime, n, &rows, &vec![p; rows.len()])
    }

    /// The board returned really has that lightest solution, and the work stays in the budget,
    /// over GF(2), Z_3 and the ring Z_4.
    #[test]
    fn weight_is_real_and_work_is_capped() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let unlimited = Deadline::start(&Budget::new(u64::MAX, None));
        for round in 0..60 {
            let Some(problem) = random_problem(&mut rng, round) else { continue };
            let max_work = rng.gen_range(0..20_000);
            let (states, weight, work) = local_search(&problem, max_work, &unlimited, 0.25, problem.root2()).unwrap();
            assert!(work <= max_work.max(problem.weighing_work()));
            assert_eq!(weight, problem.weight(&states), "round {round}");
        }
    }

    /// Alone, within a fixed work budget, it reaches the proven worst cases of the 16 x 16 grid
    /// (124 presses, which the earlier hill climb missed by one) and of the 13 x 13 grid over
    /// Z_3 (170, which a fixed temperature missed by three).
    #[test]
    fn reaches_proven_worst_cases() {
        let unlimited = Deadline::start(&Budget::new(u64::MAX, None));
        for (n, p, worst) in [(16, 2, 124), (13, 3, 170)] {
            let (problem, outside) = grid_problem(n, p);
            let (_, weight, _) = local_search(&problem, 1 << 32, &unlimited, 0.25, problem.root2()).unwrap();
            assert_eq!(outside + weight, worst, "{n} x {n} grid over Z_{p}");
        }
    }

    /// The restarts never return a lighter board than the one they start from, the board's
    /// weight is real, the work stays in the budget, and the same budget gives the same board,
    /// over GF(2), Z_3 and the ring Z_4.
    #[test]
    fn restarts_are_capped_and_repeatable() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
        let unlimited = Deadline::start(&Budget::new(u64::MAX, None));
        for round in 0..60 {
            let Some(problem) = random_problem(&mut rng, round) else { continue };
            let first = problem.weighing_work();
            let (states, weight, _) = local_search(&problem, 1000, &unlimited, 0.25, problem.root2()).unwrap();
            let max_work = first + rng.gen_range(0..20_000);
            let run = || restarts(&problem, &states, max_work, &unlimited, 0.75, problem.root2()).unwrap();
            let (found, heavier, work) = run();
            assert!(work <= max_work, "round {round}");
            assert!(heavier >= weight, "round {round}");
            assert_eq!(heavier, problem.weight(&found), "round {round}");
            assert_eq!(run(), (found, heavier, work), "round {round}");
        }
    }
}
