//! The statistics of a game cut into tasks: [`StatsWork`] and the answers of its tasks.

use super::wire::{fnv1a, Reader, Writer, STATS_MAGIC};
use super::{by_task, check_task, digits_of, fixed_digits};
use crate::error::{Error, Result};
use crate::minimal::{gray, stats, Budget, Deadline, Stats};
use crate::solver::Solver;

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
    /// split). Errors as [`stats`](fn@crate::minimal::stats) without a budget: `p^buttons` must fit in 64 bits.
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
        check_task(task, self.tasks())?;
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
    /// agree): exactly [`stats`](fn@crate::minimal::stats) of the game. A task missing is an error.
    pub fn combine(&self, parts: &[StatsPart]) -> Result<Stats> {
        let answered = by_task(parts, |part| {
            if part.work != self.id || part.task >= self.tasks() {
                return Err(Error::InvalidArgument(format!(
                    "the answer of task {} does not belong to this statistics run (work {:#x}, tasks 0..{})",
                    part.task,
                    self.id,
                    self.tasks()
                )));
            }
            Ok(part.task)
        })?;
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
