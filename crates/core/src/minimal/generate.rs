//! Puzzles to order: boards made by a given number of presses, and boards of a given difficulty
//! (the weight of their minimal solution).

use super::stats::{for_each_coset, work};
use super::{Budget, MinimalSolution, Minimizer};
use crate::error::{Error, Result};
use crate::field::{Field, Modulus};
use crate::solver::Solver;
use rand::{seq::index::sample, Rng, SeedableRng};
use std::time::{Duration, Instant};

/// Games with at most this many coset members (`p^buttons`) get difficulty boards drawn exactly
/// uniformly, by one pass over all solvable boards (the 5x5 classic has 2^25).
pub const EXHAUSTIVE_DIFFICULTY_WORK: u64 = 1 << 28;

/// How many random steps [`random_with_difficulty`] takes on larger games before giving up.
pub const DIFFICULTY_STEPS: usize = 400;

/// The most time [`random_with_difficulty`] spends on a larger game before giving up.
pub const DIFFICULTY_TIME: Duration = Duration::from_secs(60);

/// The board that `presses` (one entry per button) turns off: `b = -M s`.
fn board_solved_by(solver: &Solver, presses: &[u32]) -> Result<Vec<u32>> {
    let f = solver.modulus().field();
    Ok(solver.matrix().mul_vec(presses)?.into_iter().map(|x| f.neg(x)).collect())
}

/// A board made by pressing exactly `presses` distinct buttons, chosen uniformly at random and
/// reproducibly from `seed`, once each: pressing the same buttons once more (over Z_p, each
/// `p - 1` more times) turns it off, so its minimal solution has at most `presses` presses (over
/// GF(2) it can be fewer when the chosen buttons contain a quiet pattern's work).
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, random_with_presses}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
/// let board = random_with_presses(&solver, 1, 3).unwrap();
/// assert!(solver.is_solvable(&board).unwrap());
/// assert!(random_with_presses(&solver, 1, 26).is_err()); // only 25 buttons
/// ```
pub fn random_with_presses(solver: &Solver, seed: u64, presses: usize) -> Result<Vec<u32>> {
    board_solved_by(solver, &random_press_pattern(solver.buttons(), seed, presses)?)
}

/// The press pattern behind [`random_with_presses`]: `presses` distinct buttons of `buttons`,
/// each pressed once, chosen uniformly at random and reproducibly from `seed`. Solvers that
/// multiply by M their own way (structured, banded) turn it into the same board, `-M s`.
///
/// ```
/// use lightsout_core::minimal::random_press_pattern;
/// let s = random_press_pattern(25, 1, 3).unwrap();
/// assert_eq!((s.len(), s.iter().sum::<u32>()), (25, 3));
/// assert!(random_press_pattern(25, 1, 26).is_err()); // only 25 buttons
/// ```
pub fn random_press_pattern(buttons: usize, seed: u64, presses: usize) -> Result<Vec<u32>> {
    if presses > buttons {
        return Err(Error::InvalidArgument(format!(
            "cannot press {presses} distinct buttons: the game has only {buttons} buttons"
        )));
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut s = vec![0u32; buttons];
    for j in sample(&mut rng, buttons, presses) {
        s[j] = 1;
    }
    Ok(s)
}

/// A solvable board whose minimal solution weighs exactly `minimal_presses` (over GF(2): needs
/// exactly that many presses, no fewer), reproducible from `seed`.
///
/// Games with at most [`EXHAUSTIVE_DIFFICULTY_WORK`] coset members get a board drawn uniformly
/// from all boards of that difficulty, and an error naming the largest difficulty if there is
/// none. Larger games start from a random press pattern of that weight and walk (one press
/// changed per step, never moving away from the target) for up to [`DIFFICULTY_STEPS`] steps
/// and [`DIFFICULTY_TIME`]; each step's minimal weight must be proven exact within the default
/// [`Budget`]'s work and the time left, else the error says the difficulty is not exactly
/// computable for this game.
///
/// ```
/// use lightsout_core::{minimal::{minimal_solution, plus_grid, random_with_difficulty, Budget}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
/// let board = random_with_difficulty(&solver, 42, 15).unwrap();
/// assert_eq!(minimal_solution(&solver, &board, &Budget::default()).unwrap().weight, 15);
/// assert!(random_with_difficulty(&solver, 42, 16).is_err()); // 15 is the hardest 5x5
/// ```
pub fn random_with_difficulty(solver: &Solver, seed: u64, minimal_presses: u64) -> Result<Vec<u32>> {
    let (n, modulus) = (solver.buttons(), solver.modulus());
    check_difficulty(n, modulus, minimal_presses)?;
    if work(solver) > EXHAUSTIVE_DIFFICULTY_WORK as u128 {
        let s = difficulty_walk(modulus, n, seed, minimal_presses, || {
            let min = Minimizer::new(solver)?;
            Ok((move |s: &[u32], budget: &Budget| min.minimal_from_presses(s, budget), solver.nullity()))
        })?;
        return board_solved_by(solver, &s);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    exhaustive(solver, &mut rng, minimal_presses)
}

/// An error unless a solution of `buttons` presses over `modulus` can weigh `target`.
fn check_difficulty(buttons: usize, modulus: Modulus, target: u64) -> Result<()> {
    let heaviest = buttons as u128 * (modulus.get() as u128 - 1);
    if target as u128 > heaviest {
        return Err(Error::InvalidArgument(format!(
            "no board needs {target} presses: this game has {buttons} buttons, so no solution weighs more than {heaviest}"
        )));
    }
    Ok(())
}

/// Reservoir-sample one coset of the wanted weight over all solvable boards.
fn exhaustive(solver: &Solver, rng: &mut impl Rng, target: u64) -> Result<Vec<u32>> {
    let (mut seen, mut chosen, mut hardest) = (0u64, None, 0u64);
    for_each_coset(solver, &Budget::work_only(EXHAUSTIVE_DIFFICULTY_WORK), |w, rep| {
        hardest = hardest.max(w);
        if w == target {
            seen += 1;
            if rng.gen_range(0..seen) == 0 {
                chosen = Some(rep());
            }
        }
    })?;
    match chosen {
        Some(x) => board_solved_by(solver, &x),
        None => Err(Error::InvalidArgument(format!(
            "no solvable board of this game needs exactly {target} presses: minimal press counts range from 0 to {hardest}"
        ))),
    }
}

/// The random walk of [`random_with_difficulty`] on larger games, for any source of exact
/// minimal weights, so that solvers other than the dense [`Solver`] (the structured and banded
/// ones, through their quiet patterns) walk the same steps and find the same board for the
/// same `seed`. Returns the press pattern whose coset has minimal weight `target`; its board is
/// `-M s`.
///
/// `quiet` is called once, after `target` is checked against the `buttons * (p - 1)` heaviest
/// weight, and gives the fewest-press search of `s + span(quiet patterns)` and the nullity (for
/// the error when a weight cannot be proven exact). Errors as [`random_with_difficulty`].
///
/// ```
/// use lightsout_core::minimal::{difficulty_walk, plus_grid, Budget, Minimizer};
/// use lightsout_core::{Modulus, Solver};
/// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
/// let quiet = || {
///     let min = Minimizer::new(&solver)?;
///     Ok((move |s: &[u32], b: &Budget| min.minimal_from_presses(s, b), solver.nullity()))
/// };
/// let s = difficulty_walk(Modulus::TWO, 25, 7, 9, quiet).unwrap();
/// assert_eq!(Minimizer::new(&solver).unwrap().minimal_from_presses(&s, &Budget::default()).unwrap().weight, 9);
/// assert!(difficulty_walk(Modulus::TWO, 25, 7, 26, quiet).is_err()); // 25 buttons weigh at most 25
/// ```
pub fn difficulty_walk<E, M>(
    modulus: Modulus,
    buttons: usize,
    seed: u64,
    target: u64,
    quiet: impl FnOnce() -> std::result::Result<(M, usize), E>,
) -> std::result::Result<Vec<u32>, E>
where
    E: From<Error>,
    M: Fn(&[u32], &Budget) -> std::result::Result<MinimalSolution, E>,
{
    check_difficulty(buttons, modulus, target)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (minimal, nullity) = quiet()?;
    let end = Instant::now() + DIFFICULTY_TIME;
    let (n, p) = (buttons, modulus.get());
    let exact = |s: &[u32]| -> std::result::Result<u64, E> {
        let left = end.saturating_duration_since(Instant::now());
        let m = minimal(s, &Budget::new(Budget::default().max_work, Some(left)))?;
        if !m.proven_optimal {
            return Err(Error::InvalidArgument(format!(
                "the minimal press count is not exactly computable for this game within the default budget \
                 ({} coset members, {} s in all; nullity {nullity}): cannot promise a difficulty",
                Budget::default().max_work,
                DIFFICULTY_TIME.as_secs(),
            ))
            .into());
        }
        Ok(m.weight)
    };
    // A random pattern of exactly `target` presses.
    let mut s = vec![0u32; n];
    let mut left = target;
    while left > 0 {
        let j = rng.gen_range(0..n);
        if s[j] + 1 < p {
            s[j] += 1;
            left -= 1;
        }
    }
    let mut current = exact(&s)?;
    let mut hardest = current;
    for _ in 0..DIFFICULTY_STEPS {
        if current == target || Instant::now() >= end {
            break;
        }
        let j = rng.gen_range(0..n);
        let old = s[j];
        s[j] = modulus.arith().add(old, rng.gen_range(1..p));
        let w = exact(&s)?;
        hardest = hardest.max(w);
        if w.abs_diff(target) <= current.abs_diff(target) {
            current = w;
        } else {
            s[j] = old;
        }
    }
    if current == target {
        return Ok(s);
    }
    Err(Error::InvalidArgument(format!(
        "found no board needing exactly {target} presses in {DIFFICULTY_STEPS} random steps or {} s (the hardest \
         seen needs {hardest}); the difficulty may exceed the hardest board of this game",
        DIFFICULTY_TIME.as_secs()
    ))
    .into())
}
