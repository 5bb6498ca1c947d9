//! A null basis put in reduced echelon form and restricted to the buttons it touches, ready for
//! any number of coset searches.

use super::{gray, search, Budget, Deadline, Method, MinimalSolution};
use crate::bitmatrix::{pack_bits, BitMatrix};
use crate::error::Result;
use crate::field::{Field, Modulus};

/// Column types (for the branch and bound) are built only when the basis has at most this many
/// non-zero entries on its support; wider GF(2) cosets get the packed local search alone.
pub(crate) const MAX_TYPE_ENTRIES: usize = 1 << 26;

/// Work for the first local search of a large GF(2) coset, before the branch and bound.
const FIRST_LOCAL_SEARCH: u64 = 1 << 24;

/// The rows of the reduced basis over all buttons.
#[derive(Debug, Clone)]
enum Rows {
    /// GF(2), packed 64 buttons per word.
    Packed(Vec<Vec<u64>>),
    /// Z_p, one entry per button.
    Dense(Vec<Vec<u32>>),
}

/// The quiet patterns of a game in the form every search wants.
///
/// The basis is brought to reduced row echelon form (dependent vectors dropped), and only the
/// *support* (the buttons some quiet pattern presses) takes part in a search: presses outside
/// it are the same in every solution and are counted once.
#[derive(Debug, Clone)]
pub(crate) struct CosetBasis {
    modulus: Modulus,
    /// Length of every vector (the number of buttons).
    n: usize,
    rows: Rows,
    /// The pivot button of each row: the row has 1 there and every other row 0.
    pivots: Vec<usize>,
    /// The buttons touched by some row, ascending.
    support: Vec<usize>,
    /// Each row restricted to the support.
    on_support: OnSupport,
}

/// The rows of a basis restricted to its support, in the form the searches walk: GF(2) packed
/// (`sparse` empty), Z_p as `(support index, value)` (`packed` empty). A [`CosetBasis`] holds
/// them, and the work of a split search carries a copy to its workers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct OnSupport {
    pub(crate) packed: Vec<Vec<u64>>,
    pub(crate) sparse: Vec<Vec<(u32, u32)>>,
}

impl CosetBasis {
    /// Reduce `basis` (vectors of length `n`, entries in `0..p`, checked by the caller).
    pub(crate) fn new(modulus: Modulus, n: usize, basis: Vec<Vec<u32>>) -> Result<Self> {
        if modulus.get() == 2 {
            let packed: Vec<Vec<u64>> = basis.iter().map(|r| pack_bits(r)).collect();
            drop(basis);
            return Self::new_packed(n, packed);
        }
        let rows = reduce(modulus, basis, n);
        let support: Vec<usize> = (0..n).filter(|&j| rows.iter().any(|r| r[j] != 0)).collect();
        let sparse = rows
            .iter()
            .map(|r| support.iter().enumerate().filter(|&(_, &j)| r[j] != 0).map(|(i, &j)| (i as u32, r[j])).collect())
            .collect();
        let pivots = rows.iter().map(|r| r.iter().position(|&v| v != 0).unwrap_or(0)).collect();
        let on_support = OnSupport { packed: Vec::new(), sparse };
        Ok(CosetBasis { modulus, n, rows: Rows::Dense(rows), pivots, support, on_support })
    }

    /// GF(2) from packed vectors (`n.div_ceil(64)` words each, bits past `n` zero: checked by
    /// the caller).
    pub(crate) fn new_packed(n: usize, basis: Vec<Vec<u64>>) -> Result<Self> {
        let mut bits = BitMatrix::zeros(basis.len(), n)?;
        for (r, row) in basis.into_iter().enumerate() {
            bits.row_mut(r).copy_from_slice(&row);
        }
        let rank = crate::elim::gf2::rref(&mut bits, n).len();
        let rows: Vec<Vec<u64>> = (0..rank).map(|r| bits.row(r).to_vec()).collect();
        drop(bits);
        let mut any = vec![0u64; n.div_ceil(64)];
        for row in &rows {
            any.iter_mut().zip(row).for_each(|(a, b)| *a |= b);
        }
        let support: Vec<usize> = (0..n).filter(|&j| (any[j / 64] >> (j % 64)) & 1 == 1).collect();
        let packed = rows.iter().map(|r| gather(r, &support)).collect();
        let pivots = rows
            .iter()
            .map(|r| r.iter().position(|&w| w != 0).map_or(0, |k| k * 64 + r[k].trailing_zeros() as usize))
            .collect();
        Ok(CosetBasis {
            modulus: Modulus::TWO,
            n,
            rows: Rows::Packed(rows),
            pivots,
            support,
            on_support: OnSupport { packed, sparse: Vec::new() },
        })
    }

    /// The dimension U of the span.
    pub(crate) fn dim(&self) -> usize {
        match &self.rows {
            Rows::Packed(r) => r.len(),
            Rows::Dense(r) => r.len(),
        }
    }

    /// `p^U` if it fits in a `u64`.
    pub(crate) fn members(&self) -> Option<u64> {
        (self.modulus.get() as u64).checked_pow(u32::try_from(self.dim()).ok()?)
    }

    /// `s + Σ c_k row_k` over all buttons.
    pub(crate) fn combine(&self, s: &[u32], coeffs: &[u32]) -> Vec<u32> {
        match &self.rows {
            Rows::Packed(rows) => {
                let mut x = pack_bits(s);
                for (row, &c) in rows.iter().zip(coeffs) {
                    if c & 1 == 1 {
                        x.iter_mut().zip(row).for_each(|(a, b)| *a ^= b);
                    }
                }
                (0..self.n).map(|j| ((x[j / 64] >> (j % 64)) & 1) as u32).collect()
            }
            Rows::Dense(rows) => {
                let f = self.modulus.field();
                let mut x = s.to_vec();
                for (row, &c) in rows.iter().zip(coeffs) {
                    if c != 0 {
                        for (xi, &r) in x.iter_mut().zip(row) {
                            *xi = f.add(*xi, f.mul(c, r));
                        }
                    }
                }
                x
            }
        }
    }

    /// The member of `s + span(rows)` that is 0 on every pivot button: the same for every `s`
    /// of one coset, so searches from it do not depend on which solution the caller had.
    pub(crate) fn normalize(&self, s: &[u32]) -> Vec<u32> {
        let z = self.modulus.arith();
        let coeffs: Vec<u32> = self.pivots.iter().map(|&j| z.neg(s[j])).collect();
        self.combine(s, &coeffs)
    }

    pub(crate) fn modulus(&self) -> Modulus {
        self.modulus
    }

    /// The buttons some quiet pattern presses, ascending.
    pub(crate) fn support(&self) -> &[usize] {
        &self.support
    }

    /// Each row restricted to the support.
    pub(crate) fn on_support(&self) -> &OnSupport {
        &self.on_support
    }

    /// A lower bound on the weight on the support of every member of `start + span(rows)`
    /// (`start` restricted to the support), 0 when the basis is too wide for column types.
    pub(crate) fn root_bound(&self, start: &[u32]) -> u64 {
        self.types(start).map_or(0, |t| t.root_bound())
    }

    /// The answer without any search when `s` (normalized) is 0 on the support: nothing
    /// lighter exists. `None` otherwise. `method` is the search that would have run.
    pub(crate) fn settled(&self, s: &[u32], method: Method) -> Option<MinimalSolution> {
        if self.support.iter().any(|&j| s[j] != 0) {
            return None;
        }
        let w = super::weight(s);
        Some(MinimalSolution {
            presses: s.to_vec(),
            weight: w,
            proven_optimal: true,
            lower_bound: w,
            explored: 1,
            method,
        })
    }

    /// Column types for the branch and bound, unless the basis is too wide for them.
    fn types(&self, start: &[u32]) -> Option<search::Types> {
        let p = self.modulus.get();
        if p != 2 {
            return Some(search::Types::build(p, &self.on_support.sparse, start));
        }
        let entries: usize =
            self.on_support.packed.iter().map(|r| r.iter().map(|w| w.count_ones() as usize).sum::<usize>()).sum();
        if entries > MAX_TYPE_ENTRIES {
            return None;
        }
        let sparse: Vec<Vec<(u32, u32)>> = self
            .on_support
            .packed
            .iter()
            .map(|r| {
                (0..self.support.len()).filter(|&i| (r[i / 64] >> (i % 64)) & 1 == 1).map(|i| (i as u32, 1)).collect()
            })
            .collect();
        Some(search::Types::build(2, &sparse, start))
    }

    /// The fewest-press member of `s + span(rows)` within `budget` (`s` checked by the caller).
    pub(crate) fn minimal(&self, s: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        debug_assert_eq!(s.len(), self.n);
        let deadline = Deadline::start(budget);
        let s = &self.normalize(s)[..];
        let exhaustive = self.dim() == 0 || self.members().is_some_and(|m| m <= budget.max_work);
        let method = if exhaustive { Method::GrayCode } else { Method::BranchAndBound };
        if let Some(mut done) = self.settled(s, method) {
            done.explored = done.explored.min(budget.max_work);
            return Ok(done);
        }
        let start: Vec<u32> = self.support.iter().map(|&j| s[j]).collect();
        let outside = super::weight(s) - super::weight(&start);
        let p = self.modulus.get();
        let (coeffs, explored, complete, inside_bound, method) = match self.members() {
            Some(total) if total <= budget.max_work => {
                let out = if p == 2 {
                    gray::gf2(&pack_bits(&start), &self.on_support.packed, total, &deadline)
                } else {
                    gray::zp(p, &start, &self.on_support.sparse, total, &deadline)
                };
                let bound = if out.complete { out.weight } else { self.root_bound(&start) };
                (out.coeffs, out.explored, out.complete, bound, Method::GrayCode)
            }
            _ if p == 2 => self.search_gf2(&start, budget, &deadline),
            _ => {
                let types = self.types(&start).expect("Z_p cosets always have column types");
                let out = search::minimize(&types, self.dim(), None, budget.max_work, &deadline);
                (out.coeffs, out.explored, out.complete, out.lower_bound, Method::BranchAndBound)
            }
        };
        let presses = self.combine(s, &coeffs);
        let weight = super::weight(&presses);
        let lower_bound = if complete { weight } else { (outside + inside_bound).min(weight) };
        Ok(MinimalSolution { presses, weight, proven_optimal: complete, lower_bound, explored, method })
    }
}

type Searched = (Vec<u32>, u64, bool, u64, Method);

impl CosetBasis {
    /// GF(2) cosets too large to enumerate: a short packed local search, then
    /// branch and bound on column types (a quarter), then local search again with what is left
    /// if the branch and bound could not finish. The bound comes from the branch and bound.
    fn search_gf2(&self, start: &[u32], budget: &Budget, deadline: &Deadline) -> Searched {
        let s = pack_bits(start);
        let quarter = (budget.max_work / 4).max(1).min(budget.max_work);
        // A first, short local search: enough for a good incumbent, so that a branch and bound
        // that can finish gets to finish early.
        let first = quarter.min(FIRST_LOCAL_SEARCH);
        let (mut c, mut w, mut used) =
            search::local_search_gf2(&s, &self.on_support.packed, None, first, &deadline.part(0.25));
        let mut bound = 0;
        if let Some(types) = self.types(start) {
            let share = quarter.min(budget.max_work - used);
            let found = search::minimize(&types, self.dim(), Some((c.clone(), w)), share, &deadline.part(1.0 / 3.0));
            used += found.explored;
            if found.complete {
                return (found.coeffs, used, true, found.lower_bound, Method::BranchAndBound);
            }
            bound = found.lower_bound;
            let found_w = types.total(&found.coeffs);
            if found_w < w {
                (c, w) = (found.coeffs, found_w);
            }
        }
        let rest = budget.max_work.saturating_sub(used);
        let (c2, w2, more) = search::local_search_gf2(&s, &self.on_support.packed, Some(&c), rest, deadline);
        if w2 < w {
            c = c2;
        }
        (c, used + more, false, bound, Method::BranchAndBound)
    }
}

/// The bits of `row` at the positions `cols`, packed.
fn gather(row: &[u64], cols: &[usize]) -> Vec<u64> {
    let mut out = vec![0u64; cols.len().div_ceil(64)];
    for (i, &j) in cols.iter().enumerate() {
        out[i / 64] |= ((row[j / 64] >> (j % 64)) & 1) << (i % 64);
    }
    out
}

/// Reduced row echelon form of `basis` over Z_p, zero rows dropped (shared with the worst-case
/// search).
pub(crate) fn reduce(modulus: Modulus, mut rows: Vec<Vec<u32>>, n: usize) -> Vec<Vec<u32>> {
    let f = modulus.field();
    let mut rank = 0;
    for col in 0..n {
        if rank == rows.len() {
            break;
        }
        let Some(found) = (rank..rows.len()).find(|&i| rows[i][col] != 0) else { continue };
        rows.swap(rank, found);
        let inv = f.inv(rows[rank][col]).expect("a non-zero entry of a prime field is invertible");
        if inv != 1 {
            for x in rows[rank].iter_mut() {
                *x = f.mul(*x, inv);
            }
        }
        let pivot_row = std::mem::take(&mut rows[rank]);
        for (i, row) in rows.iter_mut().enumerate() {
            let factor = row.get(col).copied().unwrap_or(0);
            if i != rank && factor != 0 {
                let neg = f.neg(factor);
                for (x, &v) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *x = f.add(*x, f.mul(neg, v));
                }
            }
        }
        rows[rank] = pivot_row;
        rank += 1;
    }
    rows.truncate(rank);
    rows
}
