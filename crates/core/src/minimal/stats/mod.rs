//! How hard are the boards of a game? The number of solvable boards at each minimal press count.
//!
//! Every solvable board is one coset `x + K` of the quiet patterns K, and its minimal press count
//! is the lightest member of that coset. The cosets are exactly `x + K` for x in the span of the
//! unit vectors at the pivot columns of M (a complement of K), so one pass enumerates those `x`
//! in Gray-code order (one pivot button changes per step) and, for each, the `p^U` members of
//! `x + K` in Gray-code order too: `p^buttons` members in all, no board solved on its own.

use super::gray::ReflectedGray;
use super::{Budget, Deadline};

pub(super) mod nullity;
pub(super) mod ring;
mod svg;
use crate::error::{check_limit, Error, Result};
use crate::features::with_features;
use crate::solver::Solver;

/// The distribution of minimal press counts over all solvable boards of a game.
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, stats, Budget}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(3, 3, Modulus::TWO).unwrap()).unwrap();
/// let s = stats(&solver, &Budget::default()).unwrap();
/// assert_eq!(s.solvable_boards, 512);           // the 3x3 has nullity 0
/// assert_eq!(s.histogram[1], 9);                 // nine boards need one press
/// assert_eq!(s.max_presses, 9);
/// assert!(s.to_svg().starts_with("<svg"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Stats {
    /// The modulus p.
    pub modulus: u32,
    /// Number of buttons.
    pub buttons: usize,
    /// Rank of M: there are `p^rank` solvable boards.
    pub rank: usize,
    /// Nullity U: every solvable board has `p^U` solutions. Over a composite k (where Z_k is
    /// no field) `rank` counts the elementary divisors equal to 1 and `nullity` those equal
    /// to 0; the exact counts are `solvable_boards` and `kernel_size`.
    pub nullity: usize,
    /// How many solutions every solvable board has (the quiet patterns, zero included).
    pub kernel_size: u64,
    /// `histogram[w]` = how many solvable boards have a minimal solution of weight w.
    pub histogram: Vec<u64>,
    /// The number of solvable boards (the sum of the histogram).
    pub solvable_boards: u64,
    /// The largest minimal press count (the hardest boards).
    pub max_presses: u64,
    /// The mean minimal press count over the solvable boards.
    pub mean: f64,
}

impl Stats {
    /// A plain-text table: one line per press count, then the totals.
    pub fn to_table(&self) -> String {
        let mut out = String::from("presses  boards\n");
        for (w, &n) in self.histogram.iter().enumerate() {
            out.push_str(&format!("{w:>7}  {n}\n"));
        }
        out.push_str(&format!(
            "solvable boards: {}, largest minimal press count: {}, mean: {:.4}\n",
            self.solvable_boards, self.max_presses, self.mean
        ));
        out
    }

    /// The histogram as a self-contained SVG bar chart (one bar per press count).
    pub fn to_svg(&self) -> String {
        let bars: Vec<(String, u64)> = self.histogram.iter().enumerate().map(|(w, &n)| (w.to_string(), n)).collect();
        let title = format!(
            "Solvable boards by minimal press count (p = {}, {} buttons, {} boards, mean {:.3})",
            self.modulus, self.buttons, self.solvable_boards, self.mean
        );
        svg::bar_chart(&title, "minimal presses", "boards", &bars)
    }
}

/// Count the solvable boards of `solver`'s game at each minimal press count, exactly.
///
/// The work is `p^buttons` coset members; [`Error::TooLarge`] if that exceeds
/// `budget.max_work` (the default 2^32 covers every GF(2) game with up to 32 buttons). Running
/// out of `budget.max_time` is an error too: a partial histogram would be wrong. Games of
/// nullity 0 (every board has one solution) need no enumeration: their table is a count of
/// press vectors by weight, exact for up to `p^buttons < 2^64` boards (the 7x7 grid, say).
pub fn stats(solver: &Solver, budget: &Budget) -> Result<Stats> {
    let mut histogram: Vec<u64> = Vec::new();
    if solver.nullity() == 0 {
        histogram = unique_solutions(solver.modulus().get(), solver.buttons())?;
    } else if solver.modulus().get() == 2 {
        histogram = gf2_histogram(solver, budget)?;
        while histogram.last() == Some(&0) {
            histogram.pop();
        }
    } else {
        for_each_coset(solver, budget, |w, _| {
            let w = w as usize;
            if histogram.len() <= w {
                histogram.resize(w + 1, 0);
            }
            histogram[w] += 1;
        })?;
    }
    Ok(Stats::from_histogram(solver.modulus().get(), solver.buttons(), solver.rank(), histogram))
}

impl Stats {
    /// The statistics of a game over a prime `modulus` with `buttons` buttons and rank `rank`
    /// from its histogram (`histogram[w]`: the solvable boards whose fewest-press solution has
    /// weight w; trailing zeros dropped), as a cluster's combined answer arrives.
    ///
    /// ```
    /// let s = lightsout_core::Stats::from_histogram(2, 2, 1, vec![1, 1]);
    /// assert_eq!((s.solvable_boards, s.max_presses, s.nullity, s.mean), (2, 1, 1, 0.5));
    /// ```
    pub fn from_histogram(modulus: u32, buttons: usize, rank: usize, histogram: Vec<u64>) -> Stats {
        let solvable_boards: u64 = histogram.iter().sum();
        let total: u128 = histogram.iter().enumerate().map(|(w, &n)| w as u128 * n as u128).sum();
        let kernel_size = (modulus as u128).checked_pow((buttons - rank) as u32).unwrap_or(0) as u64;
        Stats {
            modulus,
            buttons,
            rank,
            nullity: buttons - rank,
            kernel_size,
            max_presses: histogram.len().saturating_sub(1) as u64,
            mean: if solvable_boards == 0 { 0.0 } else { total as f64 / solvable_boards as f64 },
            histogram,
            solvable_boards,
        }
    }
}

/// Nullity 0: every press vector is the only solution of its board, so the histogram counts
/// press vectors by weight, the coefficients of `(1 + x + ... + x^(p-1))^n`: no enumeration.
pub(crate) fn unique_solutions(p: u32, n: usize) -> Result<Vec<u64>> {
    let overflow = || Error::TooLarge {
        what: "board statistics",
        needed: (p as u128).checked_pow(n.min(200) as u32).unwrap_or(u128::MAX),
        unit: "boards (the counts must fit in 64 bits)",
        limit: u64::MAX as u128,
    };
    // The counts sum to p^n: refuse before any arithmetic could overflow.
    if (p as u128).checked_pow(n.min(200) as u32).map_or(true, |t| t > u64::MAX as u128) {
        return Err(overflow());
    }
    let top = (p as usize - 1).checked_mul(n).ok_or_else(overflow)?;
    let p = p as usize;
    let mut h = vec![0u64; top + 1];
    h[0] = 1;
    let mut len = 1;
    for _ in 0..n {
        // Multiply by 1 + x + ... + x^(p-1) with a sliding window sum.
        let new_len = len + p - 1;
        let mut next = vec![0u64; new_len];
        let mut window = 0u64;
        for (w, slot) in next.iter_mut().enumerate() {
            if w < len {
                window += h[w];
            }
            if w >= p && w - p < len {
                window -= h[w - p];
            }
            *slot = window;
        }
        h[..new_len].copy_from_slice(&next);
        len = new_len;
    }
    Ok(h)
}

/// The work [`stats`] needs: `p^buttons` coset members (saturating).
pub(crate) fn work(solver: &Solver) -> u128 {
    (solver.modulus().get() as u128).checked_pow(solver.buttons().min(200) as u32).unwrap_or(u128::MAX)
}

/// An error unless `p^buttons` coset members fit in the budget.
fn check_work(solver: &Solver, budget: &Budget) -> Result<u128> {
    let needed = work(solver);
    check_limit("board statistics", needed, "coset members (p^buttons)", budget.max_work as u128)?;
    Ok(needed)
}

pub(crate) fn out_of_time(budget: &Budget, needed: u128) -> Error {
    Error::InvalidArgument(format!(
        "board statistics ran out of time ({:?}) before visiting all {needed} coset members; raise the time budget",
        budget.max_time.unwrap_or_default()
    ))
}

/// The GF(2) histogram, the outer Gray code cut into one range per thread.
fn gf2_histogram(solver: &Solver, budget: &Budget) -> Result<Vec<u64>> {
    let needed = check_work(solver, budget)?;
    let deadline = Deadline::start(budget);
    // buttons <= 63 here, since 2^buttons <= max_work < 2^64: one word per vector.
    let pack = |v: &[u32]| v.iter().enumerate().fold(0u64, |acc, (j, &b)| acc | ((b as u64 & 1) << j));
    let quiet: Vec<u64> = solver.null_basis().iter().map(|v| pack(v)).collect();
    let pivots: Vec<u32> = solver.pivots().iter().map(|&c| c as u32).collect();
    let outer = 1u64 << pivots.len();
    let threads = super::threads() as u64;
    let parts = if outer >= 1 << 16 { threads } else { 1 };
    let run = |r: u64| histogram_range(&pivots, &quiet, outer * r / parts, outer * (r + 1) / parts, &deadline);
    let results: Vec<Option<Vec<u64>>> = if parts == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..parts).map(|r| scope.spawn(move || run(r))).collect();
            handles.into_iter().map(|h| h.join().expect("a statistics worker does not panic")).collect()
        })
    };
    let mut total = vec![0u64; 65];
    for part in results {
        let part = part.ok_or_else(|| out_of_time(budget, needed))?;
        total.iter_mut().zip(part).for_each(|(t, x)| *t += x);
    }
    Ok(total)
}

with_features! {
    /// Outer Gray-code members `lo..hi` (over the pivot buttons), each with its lightest coset
    /// member; `None` if the deadline passed: [`histogram_range_portable`], with the popcnt
    /// instruction where the processor has it.
    pub(crate) fn histogram_range(pivots: &[u32], quiet: &[u64], lo: u64, hi: u64, deadline: &Deadline)
        -> Option<Vec<u64>> = histogram_range_portable if ["popcnt"]
}

#[inline(always)]
fn histogram_range_portable(pivots: &[u32], quiet: &[u64], lo: u64, hi: u64, deadline: &Deadline) -> Option<Vec<u64>> {
    let mut hist = vec![0u64; 65];
    let code = lo ^ (lo >> 1);
    let mut x = pivots.iter().enumerate().filter(|(k, _)| (code >> k) & 1 == 1).fold(0u64, |a, (_, &c)| a | 1 << c);
    let inner = 1u64 << quiet.len();
    for i in lo..hi {
        if i > lo {
            x ^= 1 << pivots[i.trailing_zeros() as usize];
            if i % (1 << 12) == 0 && deadline.passed() {
                return None;
            }
        }
        let (mut y, mut best) = (x, x.count_ones());
        for j in 1..inner {
            y ^= quiet[j.trailing_zeros() as usize];
            best = best.min(y.count_ones());
        }
        hist[best as usize] += 1;
    }
    Some(hist)
}

/// Visit every solvable board once, as `(minimal weight, representative)`: `representative()`
/// builds a press vector in the board's coset (the board is `-M x`).
pub(crate) fn for_each_coset(
    solver: &Solver,
    budget: &Budget,
    mut visit: impl FnMut(u64, &dyn Fn() -> Vec<u32>),
) -> Result<()> {
    let needed = check_work(solver, budget)?;
    let deadline = Deadline::start(budget);
    let n = solver.buttons();
    let p = solver.modulus().get();
    let pivots = solver.pivots().to_vec();
    let quiet = solver.null_basis();
    let out_of_time = || out_of_time(budget, needed);
    if p == 2 {
        // n <= 63 here, since 2^n <= max_work < 2^64: one word per vector.
        let pack = |v: &[u32]| v.iter().enumerate().fold(0u64, |acc, (j, &b)| acc | ((b as u64 & 1) << j));
        let quiet: Vec<u64> = quiet.iter().map(|v| pack(v)).collect();
        let inner = 1u64 << quiet.len();
        let mut x = 0u64;
        for i in 0..1u64 << pivots.len() {
            if i > 0 {
                x ^= 1 << pivots[i.trailing_zeros() as usize];
                if i % (1 << 16) == 0 && deadline.passed() {
                    return Err(out_of_time());
                }
            }
            let (mut y, mut best) = (x, x.count_ones());
            for j in 1..inner {
                y ^= quiet[j.trailing_zeros() as usize];
                best = best.min(y.count_ones());
            }
            let rep = || (0..n).map(|j| ((x >> j) & 1) as u32).collect();
            visit(best as u64, &rep);
        }
        return Ok(());
    }
    let table = quiet_table(p, n, &quiet)?;
    let mut x = vec![0u32; n];
    let mut outer = ReflectedGray::new(p, pivots.len());
    let mut steps = 0u64;
    loop {
        let best = lightest(p, n, &table, &x);
        let rep = || x.clone();
        visit(best, &rep);
        let Some((idx, up)) = outer.next_step() else { break };
        let j = pivots[idx];
        x[j] = if up { x[j] + 1 } else { x[j] - 1 };
        steps += 1;
        if steps % 4096 == 0 && deadline.passed() {
            return Err(out_of_time());
        }
    }
    Ok(())
}

/// The most entries of the table of quiet combinations ([`quiet_table`]).
pub(crate) const MAX_TABLE_ENTRIES: u128 = 1 << 26;

/// Z_p: every combination of the quiet patterns, listed once (`p^U` vectors of `n` entries,
/// one after another), so that each coset is scanned against the list.
pub(crate) fn quiet_table(p: u32, n: usize, quiet: &[Vec<u32>]) -> Result<Vec<u32>> {
    let entries = (p as u128).checked_pow(quiet.len() as u32).unwrap_or(u128::MAX).saturating_mul(n as u128);
    check_limit("the table of quiet patterns", entries, "entries", MAX_TABLE_ENTRIES)?;
    let f = crate::field::Modulus::new(p as u64)?.field();
    let mut table: Vec<u32> = Vec::with_capacity(entries as usize);
    let mut k = vec![0u32; n];
    table.extend_from_slice(&k);
    let mut gray = ReflectedGray::new(p, quiet.len());
    while let Some((idx, up)) = gray.next_step() {
        for (a, &b) in k.iter_mut().zip(&quiet[idx]) {
            *a = if up { crate::field::Field::add(&f, *a, b) } else { crate::field::Field::sub(&f, *a, b) };
        }
        table.extend_from_slice(&k);
    }
    Ok(table)
}

/// The weight of the lightest member of `x + K`, with K listed in `table`.
pub(crate) fn lightest(p: u32, n: usize, table: &[u32], x: &[u32]) -> u64 {
    let z = crate::arith::Fp::new(p);
    table
        .chunks_exact(n.max(1))
        .map(|q| x.iter().zip(q).map(|(&a, &b)| z.add(a, b) as u64).sum::<u64>())
        .min()
        .unwrap_or(0)
}
