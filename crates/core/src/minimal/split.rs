//! Exhaustive searches cut into independent tasks, so that many machines can share one.
//!
//! A fewest-press proof walks all `p^U` members of a coset; the statistics table walks all
//! `p^buttons` coset members of a game. Both are cut the same way: fix the last `t` digits of
//! the walk (the last coefficients of the quiet patterns, or the last pivot buttons) to the
//! digits of the task number, and walk the rest. Task `i` of `p^t` therefore always does the
//! same work and returns the same small answer (the lightest member with its coefficients, or
//! a histogram): it can run anywhere, any number of times, and a task lost with its machine is
//! simply run again. The combination of all the answers is exactly what the single-machine
//! call returns, proof flag included (equal weights are broken the same way, see
//! [`super::gray`]).
//!
//! The work a task needs travels as bytes ([`CosetWork::to_bytes`], [`StatsWork::to_bytes`]),
//! a few kilobytes for the games these searches can finish.
//!
//! ```
//! use lightsout_core::minimal::{minimal_solution, plus_grid, Budget, Minimizer};
//! use lightsout_core::{Modulus, Solver};
//! let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap(); // nullity 8
//! let board = solver.random_solvable(3);
//! let split = Minimizer::new(&solver).unwrap().split(&board, Some(16)).unwrap();
//! // Anywhere, in any order, as often as needed:
//! let work = split.work();
//! let parts: Vec<_> = (0..split.tasks()).map(|i| work.run(i).unwrap()).collect();
//! let best = split.combine(&parts).unwrap();
//! assert_eq!(best, minimal_solution(&solver, &board, &Budget::default()).unwrap());
//! ```

use super::coset::CosetBasis;
use super::{gray, stats, Budget, Deadline, Method, MinimalSolution, Stats};
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::solver::Solver;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;

/// Tasks made when the caller does not say: enough to keep a few hundred cores busy.
pub const DEFAULT_TASKS: u64 = 256;
/// The most members one task of the default split walks (a few seconds on one core).
pub const MAX_TASK_MEMBERS: u64 = 1 << 32;
/// The most tasks one search is cut into.
pub const MAX_TASKS: u64 = 1 << 24;

/// How many of `digits` digits (base p) to fix: the fewest giving at least `tasks` tasks
/// (default [`DEFAULT_TASKS`], and then also at most [`MAX_TASK_MEMBERS`] members of `inner`
/// each per task), never more than all of them.
fn fixed_digits(p: u32, digits: usize, inner: u64, tasks: Option<u64>) -> Result<usize> {
    let want = tasks.unwrap_or(DEFAULT_TASKS);
    if want == 0 || want > MAX_TASKS {
        return Err(Error::InvalidArgument(format!("tasks must be in 1..={MAX_TASKS}, not {want}")));
    }
    let p = p as u128;
    let pow = |k: usize| p.checked_pow(k as u32).unwrap_or(u128::MAX);
    let mut t = 0;
    while t < digits && pow(t) < want as u128 {
        t += 1;
    }
    if tasks.is_none() {
        while t < digits
            && pow(digits - t).saturating_mul(inner as u128) > MAX_TASK_MEMBERS as u128
            && pow(t + 1) <= MAX_TASKS as u128
        {
            t += 1;
        }
    }
    if pow(t) > MAX_TASKS as u128 {
        return Err(Error::TooLarge {
            what: "the split of an exhaustive search",
            needed: pow(t),
            unit: "tasks",
            limit: MAX_TASKS as u128,
        });
    }
    Ok(t)
}

/// The base-p digits of `task`, least significant first.
fn digits_of(p: u32, mut task: u64, t: usize) -> Vec<u32> {
    (0..t)
        .map(|_| {
            let d = (task % p as u64) as u32;
            task /= p as u64;
            d
        })
        .collect()
}

/// A fewest-press search cut into tasks: the client side, which keeps the full quiet
/// patterns and the particular solution to turn the winning task's coefficients into presses.
/// Made by [`super::Minimizer::split`], [`split_in_coset`] or [`split_in_coset_gf2`].
#[derive(Debug, Clone)]
pub struct CosetSplit {
    basis: CosetBasis,
    /// The particular solution, normalized (0 on every pivot button).
    s: Vec<u32>,
    /// Its weight off the support (the same for every member).
    outside: u64,
    /// The answer, when no search is needed.
    settled: Option<MinimalSolution>,
    work: CosetWork,
}

/// What every task of a fewest-press search needs: self-contained, sent to the workers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CosetWork {
    p: u32,
    /// The number of quiet patterns U.
    dim: usize,
    /// The last `fixed` coefficients are fixed by the task number.
    fixed: usize,
    /// The number of support buttons.
    width: usize,
    /// The particular solution on the support (GF(2) packed, else one entry per button).
    start: Vec<u32>,
    packed_start: Vec<u64>,
    /// GF(2): the quiet patterns on the support, packed; Z_p: sparse `(index, value)`.
    packed: Vec<Vec<u64>>,
    sparse: Vec<Vec<(u32, u32)>>,
    id: u64,
}

/// The answer of one task: the lightest member of its part of the coset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CosetPart {
    /// Which task (`0..tasks`).
    pub task: u64,
    /// The member's weight on the support buttons.
    pub weight: u64,
    /// Its coefficients, one per quiet pattern (`0..p`).
    pub coeffs: Vec<u32>,
    /// Members examined.
    pub explored: u64,
    /// [`CosetWork::id`] of the work it came from.
    pub work: u64,
}

/// The fewest-press search of `particular + span(basis)` over Z_p cut into at least `tasks`
/// tasks (see [`super::minimal_in_coset`] for the arguments; `None`: the default split).
pub fn split_in_coset(
    modulus: Modulus,
    particular: &[u32],
    basis: &[Vec<u32>],
    tasks: Option<u64>,
) -> Result<CosetSplit> {
    let n = particular.len();
    crate::field::check_vector("particular", particular, n, modulus)?;
    for v in basis {
        crate::field::check_vector("basis vector", v, n, modulus)?;
    }
    crate::limits::check_dense("the null basis", basis.len(), n)?;
    CosetSplit::new(CosetBasis::new(modulus, n, basis.to_vec())?, particular, tasks)
}

/// [`split_in_coset`] over GF(2) with packed vectors (as [`super::minimal_in_coset_gf2`]).
pub fn split_in_coset_gf2(n: usize, particular: &[u64], basis: &[Vec<u64>], tasks: Option<u64>) -> Result<CosetSplit> {
    super::check_packed("particular", particular, n)?;
    for v in basis {
        super::check_packed("basis vector", v, n)?;
    }
    crate::limits::check_dense("the null basis", basis.len(), n)?;
    let s = crate::bitmatrix::unpack_bits(particular, n)?;
    CosetSplit::new(CosetBasis::new_packed(n, basis.to_vec())?, &s, tasks)
}

impl CosetSplit {
    /// Cut the search of `s + span(basis)` (`s` checked by the caller).
    pub(crate) fn new(basis: CosetBasis, s: &[u32], tasks: Option<u64>) -> Result<Self> {
        let p = basis.modulus().get();
        let dim = basis.dim();
        if basis.members().is_none() {
            return Err(Error::TooLarge {
                what: "an exhaustive fewest-press search",
                needed: (p as u128).checked_pow(dim as u32).unwrap_or(u128::MAX),
                unit: "coset members",
                limit: u64::MAX as u128,
            });
        }
        let s = basis.normalize(s);
        let settled = basis.settled(&s, Method::GrayCode);
        let start: Vec<u32> = basis.support().iter().map(|&j| s[j]).collect();
        let outside = super::weight(&s) - super::weight(&start);
        let fixed = fixed_digits(p, dim, 1, tasks)?;
        let work = CosetWork::new(p, dim, fixed, start, basis.packed().to_vec(), basis.sparse().to_vec());
        Ok(CosetSplit { basis, s, outside, settled, work })
    }

    /// The number of tasks: 0 when the answer needs no search (then [`CosetSplit::combine`]
    /// of no parts gives it).
    pub fn tasks(&self) -> u64 {
        if self.settled.is_some() {
            0
        } else {
            self.work.tasks()
        }
    }

    /// What the tasks need (send it to the workers).
    pub fn work(&self) -> &CosetWork {
        &self.work
    }

    /// The fewest-press solution from the tasks' answers (in any order; a task answered twice
    /// must agree with itself). With every task answered it is what
    /// [`super::minimal_solution`] returns after a complete walk: proven optimal, `explored`
    /// = `p^U`. With tasks missing it is the best answer found, not proven, with the lower
    /// bound of the column types (as a single search cut short by its time limit).
    pub fn combine(&self, parts: &[CosetPart]) -> Result<MinimalSolution> {
        if let Some(done) = &self.settled {
            return Ok(done.clone());
        }
        let answered = self.work.check_parts(parts)?;
        let mut best: Option<&CosetPart> = None;
        for part in answered.values() {
            // GF(2): the parts come in the order of the Gray sequence, and the first one wins a
            // tie; Z_p: the smaller coefficients (see super::gray).
            let better = match best {
                None => true,
                Some(b) => {
                    part.weight < b.weight
                        || (part.weight == b.weight && self.work.p != 2 && gray::before(&part.coeffs, &b.coeffs))
                }
            };
            if better {
                best = Some(part);
            }
        }
        let coeffs = best.map_or_else(|| vec![0; self.work.dim], |b| b.coeffs.clone());
        let presses = self.basis.combine(&self.s, &coeffs);
        let weight = super::weight(&presses);
        if let Some(b) = best {
            if weight != self.outside + b.weight {
                return Err(Error::InvalidArgument(format!(
                    "task {} reports weight {} on the support, but its coefficients give {}: it does not belong \
                     to this search",
                    b.task,
                    b.weight,
                    weight - self.outside
                )));
            }
        }
        let explored = answered.values().map(|p| p.explored).sum();
        let complete = answered.len() as u64 == self.work.tasks();
        let lower_bound = if complete {
            weight
        } else {
            let start: Vec<u32> = self.basis.support().iter().map(|&j| self.s[j]).collect();
            (self.outside + self.basis.root_bound(&start)).min(weight)
        };
        Ok(MinimalSolution {
            presses,
            weight,
            proven_optimal: complete,
            lower_bound,
            explored,
            method: Method::GrayCode,
        })
    }
}

impl CosetWork {
    fn new(
        p: u32,
        dim: usize,
        fixed: usize,
        start: Vec<u32>,
        packed: Vec<Vec<u64>>,
        sparse: Vec<Vec<(u32, u32)>>,
    ) -> Self {
        let width = start.len();
        let packed_start = if p == 2 { crate::bitmatrix::pack_bits(&start) } else { Vec::new() };
        let mut work = CosetWork { p, dim, fixed, width, start, packed_start, packed, sparse, id: 0 };
        work.id = fnv1a(&work.to_bytes());
        work
    }

    /// The number of tasks, `p^t`.
    pub fn tasks(&self) -> u64 {
        (self.p as u64).pow(self.fixed as u32)
    }

    /// A fingerprint of the work (the same on every machine); parts carry it.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Run task `task`: walk the `p^(U-t)` members whose last `t` coefficients are the digits
    /// of `task`, in Gray-code order.
    pub fn run(&self, task: u64) -> Result<CosetPart> {
        if task >= self.tasks() {
            return Err(Error::InvalidArgument(format!("task must be in 0..{}, not {task}", self.tasks())));
        }
        let none = Deadline::start(&Budget::work_only(0));
        let low = self.dim - self.fixed;
        let total = (self.p as u64).pow(low as u32);
        let fixed = if self.p == 2 { Vec::new() } else { digits_of(self.p, task, self.fixed) };
        let (coeffs, weight, explored) = if self.p == 2 {
            // A contiguous range of the Gray sequence (its last coefficients are the task's bits).
            let (lo, hi) = (task * total, (task + 1) * total);
            let (best, best_i, seen) =
                gray::walk(&self.packed_start, &self.packed, lo, hi, &AtomicU64::new(u64::MAX), &none);
            let code = gray::code(best_i);
            ((0..self.dim).map(|k| ((code >> k) & 1) as u32).collect::<Vec<_>>(), best, seen)
        } else {
            let p = self.p as u64;
            let mut x = self.start.clone();
            for (v, &d) in self.sparse[low..].iter().zip(&fixed) {
                for &(j, b) in v {
                    x[j as usize] = ((x[j as usize] as u64 + d as u64 * b as u64) % p) as u32;
                }
            }
            let out = gray::zp_serial(self.p, &x, &self.sparse[..low], total, &none);
            let mut coeffs = out.coeffs;
            coeffs.extend(fixed);
            (coeffs, out.weight, out.explored)
        };
        // A walk cut short by an interrupt is no answer (see crate::interrupt).
        crate::interrupt::check()?;
        Ok(CosetPart { task, weight, coeffs, explored, work: self.id })
    }

    /// The parts by task, checked to belong to this work and to agree when repeated.
    fn check_parts<'a>(&self, parts: &'a [CosetPart]) -> Result<BTreeMap<u64, &'a CosetPart>> {
        let mut answered: BTreeMap<u64, &CosetPart> = BTreeMap::new();
        for part in parts {
            if part.work != self.id {
                return Err(Error::InvalidArgument(format!(
                    "the answer of task {} comes from another search (work {:#x}, this one is {:#x})",
                    part.task, part.work, self.id
                )));
            }
            if part.task >= self.tasks() || part.coeffs.len() != self.dim || part.coeffs.iter().any(|&c| c >= self.p) {
                return Err(Error::InvalidArgument(format!(
                    "the answer of task {} is malformed: tasks are 0..{}, with {} coefficients in 0..{} each",
                    part.task,
                    self.tasks(),
                    self.dim,
                    self.p
                )));
            }
            if let Some(seen) = answered.insert(part.task, part) {
                if seen != part {
                    return Err(Error::InvalidArgument(format!(
                        "task {} was answered twice with different results",
                        part.task
                    )));
                }
            }
        }
        Ok(answered)
    }

    /// The work as bytes ([`CosetWork::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::new(COSET_MAGIC);
        w.u64s(&[self.p as u64, self.dim as u64, self.fixed as u64, self.width as u64]);
        if self.p == 2 {
            w.u64s(&self.packed_start);
            for row in &self.packed {
                w.u64s(row);
            }
        } else {
            w.u32s(&self.start);
            for row in &self.sparse {
                w.u64s(&[row.len() as u64]);
                for &(j, v) in row {
                    w.u32s(&[j, v]);
                }
            }
        }
        w.0
    }

    /// Read work written by [`CosetWork::to_bytes`], checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes, COSET_MAGIC, "fewest-press work")?;
        let p = r.modulus()?;
        let dim = r.count(64, "quiet patterns")?;
        let fixed = r.count(dim, "fixed coefficients")?;
        let width = r.count(usize::MAX, "support buttons")?;
        if (p as u64).checked_pow(dim as u32).is_none() {
            return Err(r.bad(format!("{p}^{dim} coset members do not fit in 64 bits")));
        }
        let (mut packed, mut sparse) = (Vec::new(), Vec::new());
        let start = if p == 2 {
            let words = width.div_ceil(64);
            let bits = |r: &mut Reader| -> Result<Vec<u64>> {
                let v = r.u64s(words)?;
                super::check_packed("a packed vector", &v, width).map_err(|e| r.bad(e.to_string()))?;
                Ok(v)
            };
            let start = crate::bitmatrix::unpack_bits(&bits(&mut r)?, width)?;
            for _ in 0..dim {
                packed.push(bits(&mut r)?);
            }
            start
        } else {
            let start = r.u32s(width)?;
            if start.iter().any(|&v| v >= p) {
                return Err(r.bad(format!("an entry of the particular solution is not in 0..{p}")));
            }
            for _ in 0..dim {
                let len = r.count(width, "entries of a quiet pattern")?;
                let flat = r.u32s(2 * len)?;
                let row: Vec<(u32, u32)> = flat.chunks_exact(2).map(|e| (e[0], e[1])).collect();
                if row.iter().any(|&(j, v)| j as usize >= width || v == 0 || v >= p)
                    || row.windows(2).any(|w| w[0].0 >= w[1].0)
                {
                    return Err(
                        r.bad(format!("a quiet pattern has entries outside 0..{width} or values outside 1..{p}"))
                    );
                }
                sparse.push(row);
            }
            start
        };
        r.end()?;
        Ok(CosetWork::new(p, dim, fixed, start, packed, sparse))
    }
}

/// The statistics of a game cut into tasks (self-contained: it is also the work the tasks
/// need, and it combines their answers).
///
/// ```
/// use lightsout_core::minimal::{plus_grid, stats, Budget, StatsWork};
/// use lightsout_core::{Modulus, Solver};
/// let solver = Solver::new(&plus_grid(4, 4, Modulus::TWO).unwrap()).unwrap();
/// let work = StatsWork::new(&solver, Some(8)).unwrap();
/// let parts: Vec<_> = (0..work.tasks()).map(|i| work.run(i).unwrap()).collect();
/// assert_eq!(work.combine(&parts).unwrap(), stats(&solver, &Budget::default()).unwrap());
/// assert!(work.combine(&parts[1..]).is_err()); // a partial table would be wrong
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsWork {
    p: u32,
    n: usize,
    /// The pivot buttons of M, ascending: the boards are `-M x` for x on them.
    pivots: Vec<usize>,
    /// The quiet patterns, `n` entries each.
    quiet: Vec<Vec<u32>>,
    /// The last `fixed` pivot buttons are fixed by the task number.
    fixed: usize,
    id: u64,
}

/// The answer of one statistics task: how many of its boards need each minimal press count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsPart {
    /// Which task (`0..tasks`).
    pub task: u64,
    /// `histogram[w]`: the boards of this task whose fewest-press solution has weight w.
    pub histogram: Vec<u64>,
    /// [`StatsWork::id`] of the work it came from.
    pub work: u64,
}

impl StatsWork {
    /// Cut the statistics of `solver`'s game into at least `tasks` tasks (`None`: the default
    /// split). Errors as [`super::stats`] without a budget: `p^buttons` must fit in 64 bits.
    pub fn new(solver: &Solver, tasks: Option<u64>) -> Result<Self> {
        let (p, n) = (solver.modulus().get(), solver.buttons());
        let (pivots, quiet) = (solver.pivots().to_vec(), solver.null_basis());
        let inner = (p as u64).checked_pow(quiet.len() as u32).unwrap_or(u64::MAX);
        // Nullity 0 needs no walk: one task (the request is still checked).
        let digits = if quiet.is_empty() { 0 } else { pivots.len() };
        let fixed = fixed_digits(p, digits, inner, tasks)?;
        Self::build(p, n, pivots, quiet, fixed)
    }

    fn build(p: u32, n: usize, pivots: Vec<usize>, quiet: Vec<Vec<u32>>, fixed: usize) -> Result<Self> {
        let boards = (p as u128).checked_pow(n as u32).unwrap_or(u128::MAX);
        if boards > u64::MAX as u128 {
            return Err(Error::TooLarge {
                what: "board statistics",
                needed: boards,
                unit: "coset members (p^buttons, counted in 64 bits)",
                limit: u64::MAX as u128,
            });
        }
        if p != 2 && !quiet.is_empty() {
            let entries = (p as u128).pow(quiet.len() as u32) * n as u128;
            if entries > stats::MAX_TABLE_ENTRIES {
                return Err(Error::TooLarge {
                    what: "the table of quiet patterns",
                    needed: entries,
                    unit: "entries",
                    limit: stats::MAX_TABLE_ENTRIES,
                });
            }
        }
        let mut work = StatsWork { p, n, pivots, quiet, fixed, id: 0 };
        work.id = fnv1a(&work.to_bytes());
        Ok(work)
    }

    /// The number of tasks, `p^t` (1 for a game of nullity 0: its table needs no walk).
    pub fn tasks(&self) -> u64 {
        (self.p as u64).pow(self.fixed as u32)
    }

    /// A fingerprint of the work (the same on every machine); parts carry it.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Run task `task`: every board whose last `t` pivot presses are the digits of `task`.
    pub fn run(&self, task: u64) -> Result<StatsPart> {
        if task >= self.tasks() {
            return Err(Error::InvalidArgument(format!("task must be in 0..{}, not {task}", self.tasks())));
        }
        let mut histogram = if self.quiet.is_empty() {
            stats::unique_solutions(self.p, self.n)?
        } else if self.p == 2 {
            let pack = |v: &[u32]| v.iter().enumerate().fold(0u64, |acc, (j, &b)| acc | ((b as u64 & 1) << j));
            let quiet: Vec<u64> = self.quiet.iter().map(|v| pack(v)).collect();
            let pivots: Vec<u32> = self.pivots.iter().map(|&c| c as u32).collect();
            let low = self.pivots.len() - self.fixed;
            let none = Deadline::start(&Budget::work_only(0));
            // Without a time limit only an interrupt stops the walk early.
            stats::histogram_range(&pivots, &quiet, task << low, (task + 1) << low, &none).ok_or(Error::Interrupted)?
        } else {
            self.zp_histogram(task)?
        };
        // A walk cut short by an interrupt is no answer (see crate::interrupt).
        crate::interrupt::check()?;
        while histogram.last() == Some(&0) {
            histogram.pop();
        }
        Ok(StatsPart { task, histogram, work: self.id })
    }

    /// Z_p: the boards of one task, each coset scanned against the table of quiet combinations.
    fn zp_histogram(&self, task: u64) -> Result<Vec<u64>> {
        let p = self.p;
        let table = stats::quiet_table(p, self.n, &self.quiet)?;
        let low = self.pivots.len() - self.fixed;
        let mut x = vec![0u32; self.n];
        for (&j, d) in self.pivots[low..].iter().zip(digits_of(p, task, self.fixed)) {
            x[j] = d;
        }
        let mut histogram = Vec::new();
        let mut walk = gray::ReflectedGray::new(p, low);
        loop {
            let w = stats::lightest(p, self.n, &table, &x) as usize;
            if histogram.len() <= w {
                histogram.resize(w + 1, 0);
            }
            histogram[w] += 1;
            let Some((k, up)) = walk.next_step() else { break };
            let j = self.pivots[k];
            x[j] = if up { x[j] + 1 } else { x[j] - 1 };
            if k >= 8 {
                crate::interrupt::check()?;
            }
        }
        Ok(histogram)
    }

    /// The statistics from the answers of every task (in any order, repeats allowed if they
    /// agree): exactly [`super::stats`] of the game. A task missing is an error.
    pub fn combine(&self, parts: &[StatsPart]) -> Result<Stats> {
        let mut answered: BTreeMap<u64, &StatsPart> = BTreeMap::new();
        for part in parts {
            if part.work != self.id || part.task >= self.tasks() {
                return Err(Error::InvalidArgument(format!(
                    "the answer of task {} does not belong to this statistics run (work {:#x}, tasks 0..{})",
                    part.task,
                    self.id,
                    self.tasks()
                )));
            }
            if let Some(seen) = answered.insert(part.task, part) {
                if seen != part {
                    return Err(Error::InvalidArgument(format!(
                        "task {} was answered twice with different results",
                        part.task
                    )));
                }
            }
        }
        if answered.len() as u64 != self.tasks() {
            let missing: Vec<String> =
                (0..self.tasks()).filter(|t| !answered.contains_key(t)).take(5).map(|t| t.to_string()).collect();
            return Err(Error::InvalidArgument(format!(
                "the statistics need the answer of every task: {} of {} missing (tasks {}{})",
                self.tasks() - answered.len() as u64,
                self.tasks(),
                missing.join(", "),
                if self.tasks() - answered.len() as u64 > 5 { ", ..." } else { "" }
            )));
        }
        let mut histogram: Vec<u64> = Vec::new();
        for part in answered.values() {
            if histogram.len() < part.histogram.len() {
                histogram.resize(part.histogram.len(), 0);
            }
            for (h, &x) in histogram.iter_mut().zip(&part.histogram) {
                *h = h.checked_add(x).ok_or_else(|| Error::InvalidArgument("the histogram overflows".into()))?;
            }
        }
        while histogram.last() == Some(&0) {
            histogram.pop();
        }
        Ok(Stats::from_histogram(self.p, self.n, self.pivots.len(), histogram))
    }

    /// The work as bytes ([`StatsWork::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::new(STATS_MAGIC);
        w.u64s(&[self.p as u64, self.n as u64, self.fixed as u64, self.pivots.len() as u64, self.quiet.len() as u64]);
        w.u32s(&self.pivots.iter().map(|&j| j as u32).collect::<Vec<_>>());
        for v in &self.quiet {
            w.u32s(v);
        }
        w.0
    }

    /// Read work written by [`StatsWork::to_bytes`], checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes, STATS_MAGIC, "statistics work")?;
        let p = r.modulus()?;
        let n = r.count(64, "buttons")?;
        let fixed = r.count(n, "fixed pivots")?;
        let rank = r.count(n, "pivots")?;
        let nullity = r.count(n - rank, "quiet patterns")?;
        if rank + nullity != n || fixed > rank {
            return Err(r.bad(format!("rank {rank} and nullity {nullity} of {n} buttons, {fixed} fixed")));
        }
        let pivots: Vec<usize> = r.u32s(rank)?.into_iter().map(|j| j as usize).collect();
        if pivots.iter().any(|&j| j >= n) || pivots.windows(2).any(|w| w[0] >= w[1]) {
            return Err(r.bad(format!("the pivots must be ascending buttons in 0..{n}")));
        }
        let mut quiet = Vec::with_capacity(nullity);
        for _ in 0..nullity {
            let v = r.u32s(n)?;
            if v.iter().any(|&x| x >= p) {
                return Err(r.bad(format!("a quiet pattern has an entry outside 0..{p}")));
            }
            quiet.push(v);
        }
        r.end()?;
        Self::build(p, n, pivots, quiet, if nullity == 0 { 0 } else { fixed })
    }
}

const COSET_MAGIC: &[u8; 8] = b"LOcoset1";
const STATS_MAGIC: &[u8; 8] = b"LOstats1";

/// The 64-bit FNV-1a hash: a fingerprint that is the same in every process.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Little-endian numbers after an 8-byte tag.
struct Writer(Vec<u8>);

impl Writer {
    fn new(magic: &[u8; 8]) -> Self {
        Writer(magic.to_vec())
    }
    fn u64s(&mut self, v: &[u64]) {
        v.iter().for_each(|x| self.0.extend_from_slice(&x.to_le_bytes()));
    }
    fn u32s(&mut self, v: &[u32]) {
        v.iter().for_each(|x| self.0.extend_from_slice(&x.to_le_bytes()));
    }
}

/// Reads what a [`Writer`] wrote, every length checked before anything is allocated.
struct Reader<'a> {
    bytes: &'a [u8],
    what: &'static str,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8], magic: &[u8; 8], what: &'static str) -> Result<Self> {
        let r = Reader { bytes, what };
        match bytes.strip_prefix(&magic[..]) {
            Some(rest) => Ok(Reader { bytes: rest, what }),
            None => Err(r.bad("they do not start with its tag (written by another version?)".into())),
        }
    }
    fn bad(&self, why: String) -> Error {
        Error::InvalidArgument(format!("these bytes are not valid {}: {why}", self.what))
    }
    fn take(&mut self, len: usize) -> Result<&'a [u8]> {
        if self.bytes.len() < len {
            return Err(self.bad("they end too early".into()));
        }
        let (head, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(head)
    }
    fn u64s(&mut self, count: usize) -> Result<Vec<u64>> {
        let raw = self.take(count.checked_mul(8).ok_or_else(|| self.bad("a length overflows".into()))?)?;
        Ok(raw.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))).collect())
    }
    fn u32s(&mut self, count: usize) -> Result<Vec<u32>> {
        let raw = self.take(count.checked_mul(4).ok_or_else(|| self.bad("a length overflows".into()))?)?;
        Ok(raw.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes"))).collect())
    }
    /// A count of at most `most` (checked against the bytes left by the later reads).
    fn count(&mut self, most: usize, what: &str) -> Result<usize> {
        let v = self.u64s(1)?[0];
        match usize::try_from(v) {
            Ok(c) if c <= most => Ok(c),
            _ => Err(self.bad(format!("{v} {what} (at most {most})"))),
        }
    }
    fn modulus(&mut self) -> Result<u32> {
        let p = self.u64s(1)?[0];
        Modulus::new(p).map(|m| m.get()).map_err(|e| self.bad(e.to_string()))
    }
    fn end(&self) -> Result<()> {
        if self.bytes.is_empty() {
            Ok(())
        } else {
            Err(self.bad(format!("{} bytes too many", self.bytes.len())))
        }
    }
}
