//! Fewest presses, boards of a chosen difficulty, and statistics over all solvable boards.
//!
//! Every solution of a solvable board is `s + Σ c_k n_k`: one particular solution `s` plus any
//! combination of the quiet patterns `n_k` (the null basis). The *minimal* solution is the one
//! with the smallest weight: over GF(2) the number of pressed buttons, over Z_p the total number
//! of presses `Σ s_i` with `s_i` in `0..p` (pressing a button p times does nothing).
//!
//! - [`minimal_solution`] (or a reusable [`Minimizer`]) searches the coset. When it has
//!   `p^U <= `[`Budget::max_work`] members it enumerates all of them in Gray-code order, one
//!   null vector added per step (over GF(2) on packed words with popcount). Larger cosets get a
//!   local search for a good answer and then a branch and bound over the coefficients with
//!   per-column lower bounds; the result says whether it is proven optimal and gives the best
//!   lower bound known.
//! - [`random_with_presses`] and [`random_with_difficulty`] make puzzles; their press patterns
//!   ([`random_press_pattern`], [`difficulty_walk`]) serve solvers that multiply by M their own way.
//! - [`BatchMinimizer`] answers many boards at once with exact fewest presses, and draws random
//!   boards (uniform, or of one difficulty) with their fewest-press solutions.
//! - [`worst_case`] finds the hardest solvable board (the largest minimal press count) and
//!   proves it, or gives an upper bound.
//! - [`stats`] counts the solvable boards at each minimal press count; [`nullity_table`] gives
//!   the nullity of the n x n grids. Both draw themselves as SVG.
//! - [`CosetSplit`] and [`StatsWork`] cut the exhaustive searches into independent tasks for a
//!   cluster; combined, the tasks' answers are exactly the single-machine results.
//!
//! The files go by question: the fewest-press search itself sits here (`coset`, `gray`,
//! `walsh`, `search`, `many`, `module`); `worst/` holds the worst case (its local search,
//! decision engines and Walsh proof engine), `stats/` the statistics with their tables and SVG,
//! `split/` the cutting of searches into cluster tasks (with its wire format in `wire.rs`), and
//! `generate.rs` the puzzle generation. The press matrix of the classic grid, [`plus_grid`],
//! lives with the matrices ([`crate::matrix`]) and is re-exported here.
//!
//! ```
//! use lightsout_core::{minimal::{minimal_solution, plus_grid, Budget}, Modulus, Solver};
//! let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
//! let mut board = vec![0u32; 25];
//! for i in [7, 11, 12, 13, 17] {
//!     board[i] = 1; // the plus around the middle: one press undoes it
//! }
//! let best = minimal_solution(&solver, &board, &Budget::default()).unwrap();
//! assert!(best.proven_optimal);
//! assert_eq!(solver.apply(&board, &best.presses).unwrap(), vec![0; 25]);
//! assert_eq!(best.weight, 1);
//! ```

mod coset;
mod generate;
mod gray;
mod many;
mod module;
mod search;
mod split;
mod stats;
mod walsh;
mod worst;

pub use crate::matrix::plus_grid;
pub use generate::{
    difficulty_walk, random_press_pattern, random_with_difficulty, random_with_presses, DIFFICULTY_STEPS,
    DIFFICULTY_TIME, EXHAUSTIVE_DIFFICULTY_WORK,
};
pub use many::{BatchMinimizer, Sampler, BLOCK_ROWS, MAX_BATCH_COSET};
pub use module::minimal_in_module;
pub use split::{
    split_in_coset, split_in_coset_gf2, CosetPart, CosetSplit, CosetWork, StatsPart, StatsWork, WorstPart, WorstSplit,
    WorstWork, DEFAULT_TASKS, MAX_TASKS, MAX_TASK_MEMBERS,
};
pub use stats::nullity::{dense_grid_nullity, grid_nullity, nullity_table, nullity_table_with, NullityTable};
pub use stats::ring::{ring_random_with_difficulty, ring_stats, MAX_RING_STATS_BOARDS};
pub use stats::{stats, Stats};
pub use worst::{
    worst_case, worst_case_with, worst_from_module, worst_from_module_with, worst_from_quiet, Symmetry, WorstCase,
    EXACT_MEMBERS,
};

use crate::error::{Error, Result};
use crate::field::{check_vector, Modulus};
use crate::solver::Solver;
use std::time::{Duration, Instant};

/// How much work a search may do before it settles for the best answer found so far.
///
/// Work is counted in coset members examined (one Gray-code step, one local-search move or
/// one branch-and-bound node each; the particular solution itself is free). Both limits are
/// hard: a search never examines more than `max_work` members (0 returns the particular
/// solution unsearched) and stops within a few milliseconds of `max_time`; an answer cut
/// short says so (`proven_optimal == false`) and carries the best lower bound known.
/// [`Budget::unlimited`] (`u64::MAX` members, no time limit) is "no limit".
///
/// ```
/// use lightsout_core::minimal::Budget;
/// use std::time::Duration;
/// let quick = Budget::new(1 << 20, Some(Duration::from_millis(50)));
/// assert_eq!(quick.max_work, 1 << 20);
/// assert_eq!(Budget::default().max_work, 1 << 32);
/// assert_eq!(Budget::unlimited(), Budget::new(u64::MAX, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most coset members to examine. The default, 2^32, makes every GF(2) coset of
    /// nullity up to 32 an exact enumeration.
    pub max_work: u64,
    /// The most wall-clock time to spend (`None`: no time limit). Default 60 s.
    pub max_time: Option<Duration>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { max_work: 1 << 32, max_time: Some(Duration::from_secs(60)) }
    }
}

impl Budget {
    /// A budget of `max_work` coset members and an optional time limit.
    pub fn new(max_work: u64, max_time: Option<Duration>) -> Self {
        Budget { max_work, max_time }
    }
    /// No limit on time, only on work (reproducible results, whatever the machine's speed).
    pub fn work_only(max_work: u64) -> Self {
        Budget { max_work, max_time: None }
    }
    /// No limit at all: the search runs until it has proven its answer (or is interrupted,
    /// see [`crate::interrupt`]).
    pub fn unlimited() -> Self {
        Budget { max_work: u64::MAX, max_time: None }
    }
}

/// A clock that knows when the budget's time is up, or the work was interrupted: it carries
/// the interrupt flag and the progress count of the thread that started it to the helper
/// threads of an enumeration (see [`crate::interrupt`], [`crate::progress`]).
#[derive(Debug, Clone)]
pub(crate) struct Deadline(Option<Instant>, Option<crate::interrupt::Interrupt>, Option<crate::progress::Progress>);

impl Deadline {
    pub(crate) fn start(budget: &Budget) -> Self {
        let end = budget.max_time.and_then(|t| Instant::now().checked_add(t));
        Deadline(end, crate::interrupt::current(), crate::progress::current())
    }
    /// The progress count to report to, if the caller installed one.
    pub(crate) fn progress(&self) -> Option<&crate::progress::Progress> {
        self.2.as_ref()
    }
    pub(crate) fn passed(&self) -> bool {
        self.1.as_ref().is_some_and(|i| i.is_interrupted()) || self.0.is_some_and(|d| Instant::now() >= d)
    }
    /// The time left (`None`: no time limit), zero once passed or interrupted.
    pub(crate) fn remaining(&self) -> Option<Duration> {
        if self.1.as_ref().is_some_and(|i| i.is_interrupted()) {
            return Some(Duration::ZERO);
        }
        self.0.map(|d| d.saturating_duration_since(Instant::now()))
    }
    /// A deadline `fraction` of the way from now to this one.
    pub(crate) fn part(&self, fraction: f64) -> Self {
        let now = Instant::now();
        Deadline(
            self.0.map(|d| now + d.saturating_duration_since(now).mul_f64(fraction)),
            self.1.clone(),
            self.2.clone(),
        )
    }
}

/// How many threads a large enumeration uses: the CPUs available, at most 16. Asked once (the
/// standard library reads cgroup files to answer, too slow for every small query).
pub(crate) fn threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()).min(16))
}

/// Which method produced a [`MinimalSolution`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Every coset member was (or was to be) visited in Gray-code order.
    GrayCode,
    /// Branch and bound over the null-space coefficients, seeded by a local search.
    BranchAndBound,
    /// Every coset member was (or was to be) visited in odometer order over the generators of
    /// the quiet patterns and their orders (composite moduli, [`minimal_in_module`]).
    Enumeration,
    /// A local search only, never proven optimal (composite moduli with large cosets).
    LocalSearch,
}

/// The fewest-press solution found for a board, with how sure we are of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MinimalSolution {
    /// The presses, one entry in `0..p` per button; they solve the board.
    pub presses: Vec<u32>,
    /// Their weight: over GF(2) the number of pressed buttons, over Z_p the sum of the entries.
    pub weight: u64,
    /// Whether no solution has a smaller weight (the search was complete).
    pub proven_optimal: bool,
    /// Every solution weighs at least this much (equal to `weight` when proven optimal).
    pub lower_bound: u64,
    /// How many coset members (or search nodes) were examined.
    pub explored: u64,
    /// The method that ran.
    pub method: Method,
}

/// The weight of a press vector: the number of presses counted with multiplicity.
///
/// ```
/// assert_eq!(lightsout_core::minimal::weight(&[0, 2, 1]), 3);
/// ```
pub fn weight(presses: &[u32]) -> u64 {
    presses.iter().map(|&x| x as u64).sum()
}

/// A solver prepared for many minimal-solution queries: the null basis is reduced once.
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, Budget, Minimizer}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(4, 4, Modulus::TWO).unwrap()).unwrap();
/// let min = Minimizer::new(&solver).unwrap();
/// let board = solver.random_solvable(7);
/// let best = min.minimal(&board, &Budget::default()).unwrap();
/// assert!(best.proven_optimal && best.weight == best.lower_bound);
/// ```
#[derive(Debug, Clone)]
pub struct Minimizer<'a> {
    solver: &'a Solver,
    coset: coset::CosetBasis,
}

impl<'a> Minimizer<'a> {
    /// Compute and reduce the null basis of the solver's matrix (an error if `U x N` entries
    /// exceed [`crate::limits::MAX_DENSE_ENTRIES`]).
    pub fn new(solver: &'a Solver) -> Result<Self> {
        crate::limits::check_dense("the null basis", solver.nullity(), solver.buttons())?;
        let coset = coset::CosetBasis::new(solver.modulus(), solver.buttons(), solver.null_basis())?;
        Ok(Minimizer { solver, coset })
    }

    /// The solver this minimizer serves.
    pub fn solver(&self) -> &Solver {
        self.solver
    }

    /// The fewest-press solution of `lights` within `budget` ([`Error::Unsolvable`] if none).
    pub fn minimal(&self, lights: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        let particular = self.solver.solve(lights)?;
        self.coset.minimal(&particular, budget)
    }

    /// The fewest-press search of `lights` cut into at least `tasks` independent tasks
    /// (`None`: [`DEFAULT_TASKS`], each at most [`MAX_TASK_MEMBERS`] members), to run on many
    /// machines: see [`CosetSplit`]. Always exhaustive, with no time limit; [`Error::TooLarge`]
    /// when the `p^U` members do not fit in 64 bits.
    pub fn split(&self, lights: &[u32], tasks: Option<u64>) -> Result<CosetSplit> {
        let particular = self.solver.solve(lights)?;
        CosetSplit::new(self.coset.clone(), &particular, tasks)
    }

    /// The fewest-press member of `presses + span(null basis)`: the minimal solution of the
    /// board that `presses` solves.
    pub fn minimal_from_presses(&self, presses: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        self.solver.check_board("presses", presses, self.solver.buttons())?;
        self.coset.minimal(presses, budget)
    }
}

/// The fewest-press solution of `lights` (see the module docs for the methods).
///
/// Sign convention over Z_p: the presses `s` satisfy `b + M s = 0`, that is `M s = -b (mod p)`
/// for the board `b` (pressing them turns every light off; over GF(2) the sign makes no
/// difference). [`Error::Unsolvable`] if the board has no solution.
pub fn minimal_solution(solver: &Solver, lights: &[u32], budget: &Budget) -> Result<MinimalSolution> {
    Minimizer::new(solver)?.minimal(lights, budget)
}

/// The fewest-press member of the coset `particular + span(basis)` over Z_p, for callers that
/// have a particular solution and quiet patterns from elsewhere (a structured solver, say).
/// `basis` may be any spanning set of the quiet patterns; each vector needs `particular.len()`
/// entries in `0..p`.
///
/// ```
/// use lightsout_core::{minimal::{minimal_in_coset, Budget}, Modulus};
/// let best = minimal_in_coset(Modulus::TWO, &[1, 1, 1, 0], &[vec![1, 1, 1, 1]], &Budget::default()).unwrap();
/// assert_eq!((best.presses, best.weight), (vec![0, 0, 0, 1], 1));
/// ```
pub fn minimal_in_coset(
    modulus: Modulus,
    particular: &[u32],
    basis: &[Vec<u32>],
    budget: &Budget,
) -> Result<MinimalSolution> {
    let n = particular.len();
    check_vector("particular", particular, n, modulus)?;
    for v in basis {
        check_vector("basis vector", v, n, modulus)?;
    }
    crate::limits::check_dense("the null basis", basis.len(), n)?;
    coset::CosetBasis::new(modulus, n, basis.to_vec())?.minimal(particular, budget)
}

/// [`minimal_in_coset`] over GF(2) with packed vectors: bit `j % 64` of word `j / 64` is
/// button j, `n.div_ceil(64)` words per vector, bits past `n` zero. A quiet-pattern basis of a
/// million-button board (the 1024 x 1024 grid has 484 of them) takes 60 MB this way instead of
/// 2 GB; the packed local search then works on it directly.
///
/// ```
/// use lightsout_core::minimal::{minimal_in_coset_gf2, Budget};
/// let best = minimal_in_coset_gf2(4, &[0b0111], &[vec![0b1111]], &Budget::default()).unwrap();
/// assert_eq!((best.presses, best.weight), (vec![0, 0, 0, 1], 1));
/// assert!(minimal_in_coset_gf2(4, &[0b10000], &[], &Budget::default()).is_err()); // bit 4 of 4
/// ```
pub fn minimal_in_coset_gf2(
    n: usize,
    particular: &[u64],
    basis: &[Vec<u64>],
    budget: &Budget,
) -> Result<MinimalSolution> {
    check_packed("particular", particular, n)?;
    for v in basis {
        check_packed("basis vector", v, n)?;
    }
    crate::limits::check_dense("the null basis", basis.len(), n)?;
    let s = crate::bitmatrix::unpack_bits(particular, n)?;
    coset::CosetBasis::new_packed(n, basis.to_vec())?.minimal(&s, budget)
}

fn check_packed(what: &'static str, v: &[u64], n: usize) -> Result<()> {
    let words = n.div_ceil(64);
    if v.len() != words {
        return Err(Error::DimensionMismatch { what, expected: words, got: v.len() });
    }
    if n % 64 != 0 && v[words - 1] >> (n % 64) != 0 {
        return Err(Error::InvalidArgument(format!(
            "{what} has bits set past button {}: a packed vector of {n} buttons must keep them zero",
            n - 1
        )));
    }
    Ok(())
}
