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
    let p = problem.p as usize;
    let size = problem.size(problem.u);
    let nt = problem.types.len();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x0077_6f72_7374);
    let mut buf = Vec::new();
    // Shift tables for every type when they fit in 64 MB, else recomputed per move.
    let cache = nt as u128 * size as u128 <= 1 << 26;
    // Building the tables and the first weights takes a pass per type (seconds at nullity 20):
    // the deadline is checked after each, and the search gives nothing when it passes there.
    let mut shifts: Vec<Vec<u8>> = Vec::new();
    for ty in (0..nt).filter(|_| cache) {
        problem.shifts(ty, size, &mut buf);
        shifts.push(buf.clone());
        if deadline.passed() {
            return None;
        }
    }
    let mut state = vec![0usize; nt];
    let mut d = vec![0u64; size];
    for ty in 0..nt {
        let t = shift_table(problem, &shifts, ty, &mut buf);
        let cost = &problem.types[ty].costs[0];
        d.iter_mut().zip(t).for_each(|(x, &t)| *x += cost[t as usize]);
        if deadline.passed() {
            return None;
        }
    }
    let deadline = deadline.part(share);
    let mut work = size as u64 * nt as u64;
    let lightest = |d: &[u64]| *d.iter().min().expect("at least one solution");
    let shortfall = |d: &[u64], w: u64| d.iter().map(|&x| w.saturating_sub(x).min(MAX_GAP).pow(2)).sum::<u64>();
    let mut best = lightest(&d);
    let mut best_states = state.clone();
    let mut target = best + 1;
    let mut short = shortfall(&d, target);
    // The rises proposed so far (sum, count): the temperature is a share of their mean.
    let mut rises = (0.0f64, 0.0f64);
    let mut round_moves = 500 + 50 * nt as u64;
    let (mut moves, mut idle_rounds) = (0u64, 0u32);
    // A move costs at most three passes over the solutions (do, then undo or two to rescan).
    while work + 3 * size as u64 <= max_work && !deadline.passed() && 2 * best + 1 < root2 && nt > 0 {
        if moves == round_moves {
            // A new round from the best board (what differs is moved back, one pass per type).
            moves = 0;
            round_moves *= 2;
            idle_rounds += 1;
            let moved: Vec<usize> = (0..nt).filter(|&ty| state[ty] != best_states[ty]).collect();
            if idle_rounds > MAX_ROUNDS || work + (moved.len() as u64 + 1) * size as u64 > max_work {
                break;
            }
            for &ty in &moved {
                let sh = shift_table(problem, &shifts, ty, &mut buf);
                let c = &problem.types[ty].costs;
                let (old, new) = (&c[state[ty]], &c[best_states[ty]]);
                d.iter_mut().zip(sh).for_each(|(x, &s)| *x = *x + new[s as usize] - old[s as usize]);
                state[ty] = best_states[ty];
            }
            short = shortfall(&d, target);
            work += (moved.len() as u64 + 1) * size as u64;
        }
        moves += 1;
        let share = HOT + (COLD - HOT) * moves as f64 / round_moves as f64;
        let temperature = share * rises.0 / rises.1.max(1.0);
        let ty = rng.gen_range(0..nt);
        let t = &problem.types[ty];
        let mut h = t.states[state[ty]].clone();
        let from = rng.gen_range(0..p);
        // Another of the p states, chosen at random (an index among them, cold: once a move).
        let to = (from + rng.gen_range(1..p)) % p;
        if h[from] == 0 {
            continue;
        }
        h[from] -= 1;
        h[to] += 1;
        let next = t.index[&h];
        let sh = shift_table(problem, &shifts, ty, &mut buf);
        // What the move adds to a solution, by the type's shift there (wrapping: may be negative).
        let (old, new) = (&t.costs[state[ty]], &t.costs[next]);
        let add: Vec<u64> = old.iter().zip(new).map(|(&o, &n)| n.wrapping_sub(o)).collect();
        let mut next_short = 0u64;
        for (x, &s) in d.iter_mut().zip(sh) {
            *x = x.wrapping_add(add[s as usize]);
            let e = target.saturating_sub(*x).min(MAX_GAP);
            next_short += e * e;
        }
        work += size as u64;
        let rise = next_short.saturating_sub(short) as f64;
        if rise > 0.0 {
            rises = (rises.0 + rise, rises.1 + 1.0);
        }
        if next_short <= short || (temperature > 0.0 && rng.r#gen::<f64>() < (-rise / temperature).exp()) {
            state[ty] = next;
            short = next_short;
            if short == 0 {
                best = lightest(&d);
                best_states.copy_from_slice(&state);
                target = best + 1;
                short = shortfall(&d, target);
                work += 2 * size as u64;
                idle_rounds = 0;
            }
        } else {
            d.iter_mut().zip(sh).for_each(|(x, &s)| *x = x.wrapping_sub(add[s as usize]));
            work += size as u64;
        }
    }
    Some((best_states, best, work))
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
    use super::local_search;
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

    /// The board returned really has that lightest solution, and the work stays in the budget,
    /// over GF(2), Z_3 and the ring Z_4.
    #[test]
    fn weight_is_real_and_work_is_capped() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let unlimited = Deadline::start(&Budget::new(u64::MAX, None));
        for round in 0..60 {
            let (p, prime) = [(2, true), (3, true), (4, false)][round % 3];
            let n = rng.gen_range(1..=10);
            let u = rng.gen_range(1..=4.min(n));
            let rows: Vec<Vec<u32>> = (0..u).map(|_| (0..n).map(|_| rng.gen_range(0..p)).collect()).collect();
            let rows = if prime { reduce(Modulus::new(p as u64).unwrap(), rows, n) } else { rows };
            let Some(problem) = Problem::new(p, prime, n, &rows, &vec![p; rows.len()]) else { continue };
            let max_work = rng.gen_range(0..20_000);
            let (states, weight, work) = local_search(&problem, max_work, &unlimited, 0.25, problem.root2()).unwrap();
            assert!(work <= max_work.max(problem.size(problem.u) as u64 * problem.type_count() as u64));
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
}
