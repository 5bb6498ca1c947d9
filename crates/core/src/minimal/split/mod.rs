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

mod stats_work;
mod wire;
mod worst_decider;
mod worst_work;

pub use stats_work::{StatsPart, StatsWork};
pub use worst_work::{WorstPart, WorstSplit, WorstWork};

use super::coset::{CosetBasis, OnSupport};
use super::{gray, Budget, Deadline, Method, MinimalSolution};
use crate::error::{Error, Result};
use crate::field::Modulus;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use wire::{fnv1a, Reader, Writer, COSET_MAGIC};

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

/// An error unless `task` is one of a split work's `tasks` (numbered from 0): the first check
/// of every kind of work's `run`.
fn check_task(task: u64, tasks: u64) -> Result<()> {
    if task >= tasks {
        return Err(Error::InvalidArgument(format!("task must be in 0..{tasks}, not {task}")));
    }
    Ok(())
}

/// An error unless a part of `task` carries the fingerprint `id` of the work that reads it
/// (`what` names that kind of work): a part is answered on another machine, maybe for other
/// work.
fn check_work(what: &str, task: u64, part_work: u64, id: u64) -> Result<()> {
    if part_work != id {
        return Err(Error::InvalidArgument(format!(
            "the answer of task {task} comes from another {what} (work {part_work:#x}, this one is {id:#x})"
        )));
    }
    Ok(())
}

/// The parts of a split's tasks by task number: `check` accepts a part (it belongs to the work
/// and is well formed) and names its task; a task answered twice must agree with itself.
fn by_task<'a, P: PartialEq>(parts: &'a [P], check: impl Fn(&P) -> Result<u64>) -> Result<BTreeMap<u64, &'a P>> {
    let mut answered: BTreeMap<u64, &P> = BTreeMap::new();
    for part in parts {
        let task = check(part)?;
        if let Some(seen) = answered.insert(task, part) {
            if seen != part {
                return Err(Error::InvalidArgument(format!("task {task} was answered twice with different results")));
            }
        }
    }
    Ok(answered)
}

/// The base-p digits of `task`, least significant first.
fn digits_of(p: u32, mut task: u64, t: usize) -> Vec<u32> {
    (0..t)
        .map(|_| {
            // A digit of a number written in base p, not arithmetic mod p.
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
    /// The quiet patterns on the support.
    on_support: OnSupport,
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
        let work = CosetWork::new(p, dim, fixed, start, basis.on_support().clone());
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
    fn new(p: u32, dim: usize, fixed: usize, start: Vec<u32>, on_support: OnSupport) -> Self {
        let width = start.len();
        let packed_start = if p == 2 { crate::bitmatrix::pack_bits(&start) } else { Vec::new() };
        let mut work = CosetWork { p, dim, fixed, width, start, packed_start, on_support, id: 0 };
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
        check_task(task, self.tasks())?;
        let none = Deadline::start(&Budget::work_only(0));
        let low = self.dim - self.fixed;
        let total = (self.p as u64).pow(low as u32);
        let fixed = if self.p == 2 { Vec::new() } else { digits_of(self.p, task, self.fixed) };
        let (coeffs, weight, explored) = if self.p == 2 {
            // A contiguous range of the Gray sequence (its last coefficients are the task's bits).
            let (lo, hi) = (task * total, (task + 1) * total);
            let known = AtomicU64::new(u64::MAX);
            let walk = gray::Walk {
                start: &self.packed_start,
                basis: &self.on_support.packed,
                known: &known,
                deadline: &none,
            };
            let (best, best_i, seen) = gray::walk(&walk, lo, hi);
            let code = gray::code(best_i);
            ((0..self.dim).map(|k| ((code >> k) & 1) as u32).collect::<Vec<_>>(), best, seen)
        } else {
            let x = gray::shifted(self.p, &self.start, &self.on_support.sparse[low..], &fixed);
            let out = gray::zp_serial(self.p, &x, &self.on_support.sparse[..low], total, &none);
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
        by_task(parts, |part| {
            check_work("search", part.task, part.work, self.id)?;
            if part.task >= self.tasks() || part.coeffs.len() != self.dim || part.coeffs.iter().any(|&c| c >= self.p) {
                return Err(Error::InvalidArgument(format!(
                    "the answer of task {} is malformed: tasks are 0..{}, with {} coefficients in 0..{} each",
                    part.task,
                    self.tasks(),
                    self.dim,
                    self.p
                )));
            }
            Ok(part.task)
        })
    }

    /// The work as bytes ([`CosetWork::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::new(COSET_MAGIC);
        w.u64s(&[self.p as u64, self.dim as u64, self.fixed as u64, self.width as u64]);
        if self.p == 2 {
            w.u64s(&self.packed_start);
            for row in &self.on_support.packed {
                w.u64s(row);
            }
        } else {
            w.u32s(&self.start);
            for row in &self.on_support.sparse {
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
        let mut on_support = OnSupport::default();
        let start = if p == 2 {
            let words = width.div_ceil(64);
            let bits = |r: &mut Reader| -> Result<Vec<u64>> {
                let v = r.u64s(words)?;
                super::check_packed("a packed vector", &v, width).map_err(|e| r.bad(e.to_string()))?;
                Ok(v)
            };
            let start = crate::bitmatrix::unpack_bits(&bits(&mut r)?, width)?;
            for _ in 0..dim {
                on_support.packed.push(bits(&mut r)?);
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
                on_support.sparse.push(row);
            }
            start
        };
        r.end()?;
        Ok(CosetWork::new(p, dim, fixed, start, on_support))
    }
}
