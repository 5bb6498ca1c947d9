//! A null basis put in reduced echelon form and restricted to the buttons it touches, ready for
//! any number of coset searches.

use super::{gray, search, Budget, Deadline, Method, MinimalSolution};
use crate::bitmatrix::{pack_bits, BitMatrix};
use crate::error::Result;
use crate::field::{Field, Modulus};

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
    /// Reduced echelon rows over all `n` buttons.
    rows: Vec<Vec<u32>>,
    /// The buttons touched by some row, ascending.
    support: Vec<usize>,
    /// GF(2): each row restricted to the support, packed 64 per word.
    packed: Vec<Vec<u64>>,
    /// Each row restricted to the support as `(support index, value)`.
    sparse: Vec<Vec<(u32, u32)>>,
}

impl CosetBasis {
    /// Reduce `basis` (vectors of length `n`, entries in `0..p`, checked by the caller).
    pub(crate) fn new(modulus: Modulus, n: usize, basis: Vec<Vec<u32>>) -> Result<Self> {
        let rows = reduce(modulus, basis, n);
        let support: Vec<usize> = (0..n).filter(|&j| rows.iter().any(|r| r[j] != 0)).collect();
        let restricted: Vec<Vec<u32>> = rows.iter().map(|r| support.iter().map(|&j| r[j]).collect()).collect();
        let packed = if modulus.get() == 2 { restricted.iter().map(|r| pack_bits(r)).collect() } else { Vec::new() };
        let sparse = restricted
            .iter()
            .map(|r| r.iter().enumerate().filter(|(_, &v)| v != 0).map(|(i, &v)| (i as u32, v)).collect())
            .collect();
        Ok(CosetBasis { modulus, n, rows, support, packed, sparse })
    }

    /// The dimension U of the span.
    pub(crate) fn dim(&self) -> usize {
        self.rows.len()
    }

    /// `p^U` if it fits in a `u64`.
    pub(crate) fn members(&self) -> Option<u64> {
        (self.modulus.get() as u64).checked_pow(u32::try_from(self.dim()).ok()?)
    }

    /// `s + Σ c_k row_k` over all buttons.
    pub(crate) fn combine(&self, s: &[u32], coeffs: &[u32]) -> Vec<u32> {
        let f = self.modulus.field();
        let mut x = s.to_vec();
        for (row, &c) in self.rows.iter().zip(coeffs) {
            if c != 0 {
                for (xi, &r) in x.iter_mut().zip(row) {
                    *xi = f.add(*xi, f.mul(c, r));
                }
            }
        }
        x
    }

    /// The fewest-press member of `s + span(rows)` within `budget` (`s` checked by the caller).
    pub(crate) fn minimal(&self, s: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        debug_assert_eq!(s.len(), self.n);
        let deadline = Deadline::start(budget);
        let start: Vec<u32> = self.support.iter().map(|&j| s[j]).collect();
        let outside = super::weight(s) - super::weight(&start);
        if self.dim() == 0 {
            let w = super::weight(s);
            return Ok(MinimalSolution {
                presses: s.to_vec(),
                weight: w,
                proven_optimal: true,
                lower_bound: w,
                explored: 1,
                method: Method::GrayCode,
            });
        }
        let p = self.modulus.get();
        let (coeffs, explored, complete, inside_bound, method) = match self.members() {
            Some(total) if total <= budget.max_work => {
                let out = if p == 2 {
                    gray::gf2(&pack_bits(&start), &self.packed, total, &deadline)
                } else {
                    gray::zp(p, &start, &self.sparse, total, &deadline)
                };
                let bound =
                    if out.complete { out.weight } else { search::Types::build(p, &self.sparse, &start).root_bound() };
                (out.coeffs, out.explored, out.complete, bound, Method::GrayCode)
            }
            _ => {
                let types = search::Types::build(p, &self.sparse, &start);
                let out = search::minimize(&types, self.dim(), budget.max_work, &deadline);
                (out.coeffs, out.explored, out.complete, out.lower_bound, Method::BranchAndBound)
            }
        };
        let presses = self.combine(s, &coeffs);
        let weight = super::weight(&presses);
        let lower_bound = if complete { weight } else { (outside + inside_bound).min(weight) };
        Ok(MinimalSolution { presses, weight, proven_optimal: complete, lower_bound, explored, method })
    }
}

/// Reduced row echelon form of `basis` over Z_p, zero rows dropped.
fn reduce(modulus: Modulus, mut rows: Vec<Vec<u32>>, n: usize) -> Vec<Vec<u32>> {
    if modulus.get() == 2 {
        if let Ok(mut bits) = BitMatrix::zeros(rows.len(), n) {
            for (r, row) in rows.iter().enumerate() {
                for (c, &v) in row.iter().enumerate() {
                    if v & 1 == 1 {
                        bits.set(r, c, true);
                    }
                }
            }
            let rank = crate::elim::gf2::rref(&mut bits, n).len();
            return (0..rank).map(|r| bits.row_values(r)).collect();
        }
    }
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
