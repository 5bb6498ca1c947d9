//! [`BandedSolver`]: the public face of the banded elimination.

use super::budget::Budget;
use super::order::BandOrdering;
use super::record::{bit, set_bit, Gf2Band, Witness};
use super::zp::ZpBand;
use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{check_vector, Field, Modulus};
use crate::matrix::SparseMatrix;
use crate::system::{factored_system, field_generators};

/// The memory the banded solver uses unless told otherwise: 8 GiB.
pub const DEFAULT_MAX_BAND_BYTES: u64 = 8 << 30;

/// A sparse game of any shape, solved by reordering the lights into a narrow band (reverse
/// Cuthill-McKee) and eliminating inside it, bit-packed. Memory and time grow with
/// `N * W` and `N * W^2 / 64` for a band of width W, instead of `N^2` and `N^3 / 64`: a
/// 1000 x 1000 board with holes (W about 2000) takes a few hundred MB and seconds.
///
/// It answers what [`crate::Solver`] answers for one board at a time: rank, nullity,
/// solvability, one solution (`b + M s = 0`), an obstruction when there is none, and a basis of
/// the quiet patterns. Over GF(2) rows are bit-packed; other primes keep one `u32` per entry
/// (32 times the memory), which suits boards up to a few hundred thousand lights.
///
/// ```
/// use lightsout_core::{banded::BandedSolver, Modulus, SparseMatrix};
/// // Five lights on a path, numbered out of order; each button toggles itself and its neighbours.
/// let sets = vec![vec![0, 3], vec![1, 3, 4], vec![2, 4], vec![0, 1, 3], vec![1, 2, 4]];
/// let m = SparseMatrix::from_press_sets(Modulus::TWO, 5, sets).unwrap();
/// let s = BandedSolver::new(&m).unwrap();
/// assert_eq!(s.bandwidth(), (1, 1));
/// assert_eq!((s.rank(), s.nullity()), (4, 1)); // the path of 5 has one quiet pattern
/// let board = s.random_solvable(3);
/// let presses = s.solve(&board).unwrap();
/// assert!(s.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// assert!(!s.is_solvable(&[1, 0, 0, 0, 0]).unwrap());
///
/// // The same path over Z_3 (Lights Out 2000): still one quiet pattern, now with values 0..3.
/// let z3 = Modulus::new(3).unwrap();
/// let columns = m.columns().iter().map(|c| c.iter().map(|&(r, v)| (r as usize, v as i64)).collect()).collect();
/// let s3 = BandedSolver::new(&SparseMatrix::from_columns(z3, 5, columns).unwrap()).unwrap();
/// assert_eq!(s3.nullity(), 1);
/// let board = s3.random_solvable(4);
/// let presses = s3.solve(&board).unwrap();
/// assert!(s3.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// ```
#[derive(Clone, Debug)]
pub struct BandedSolver {
    matrix: SparseMatrix,
    ordering: BandOrdering,
    band: Band,
    bytes: u64,
    limit: u64,
}

/// The elimination record: bit-packed for GF(2), one `u32` per entry for other primes.
#[derive(Clone, Debug)]
enum Band {
    Gf2(Gf2Band),
    Zp(ZpBand),
}

/// Call the same method on either kind of band.
macro_rules! both {
    ($band:expr_2021, $b:ident => $body:expr_2021) => {
        match $band {
            Band::Gf2($b) => $body,
            Band::Zp($b) => $body,
        }
    };
}

impl BandedSolver {
    /// Reorder and eliminate with at most [`DEFAULT_MAX_BAND_BYTES`] of band memory.
    pub fn new(matrix: &SparseMatrix) -> Result<Self> {
        Self::with_limit(matrix, DEFAULT_MAX_BAND_BYTES)
    }

    /// Reorder and eliminate; [`Error::TooLarge`] (naming `max_bytes`) as soon as the band
    /// would need more than `max_bytes` bytes.
    pub fn with_limit(matrix: &SparseMatrix, max_bytes: u64) -> Result<Self> {
        let ordering = BandOrdering::reverse_cuthill_mckee(matrix);
        crate::interrupt::check()?;
        Self::with_ordering(matrix, ordering, max_bytes)
    }

    /// Eliminate in a given numbering (for comparing orderings; [`BandedSolver::with_limit`]
    /// uses reverse Cuthill-McKee). The answers do not depend on the numbering, only the cost.
    pub fn with_ordering(matrix: &SparseMatrix, ordering: BandOrdering, max_bytes: u64) -> Result<Self> {
        matrix.modulus().require_prime("the banded solver")?;
        if ordering.new_of_row().len() != matrix.rows() || ordering.new_of_col().len() != matrix.cols() {
            return Err(Error::InvalidArgument(format!(
                "the ordering is for a {}x{} matrix, the matrix is {}x{}",
                ordering.new_of_row().len(),
                ordering.new_of_col().len(),
                matrix.rows(),
                matrix.cols()
            )));
        }
        let mut budget = Budget::new(max_bytes);
        let (rows, cols) = (matrix.rows(), matrix.cols());
        budget.charge("the reordered sparse matrix", (matrix.nnz() as u64) * 4 + (rows as u64 + 1) * 8)?;
        // Rows in the new numbering, each with its new columns in increasing order: visit the
        // columns in new order so that every row list comes out sorted.
        let mut old_of_col = vec![0u32; cols];
        for (old, &new) in ordering.new_of_col().iter().enumerate() {
            old_of_col[new as usize] = old as u32;
        }
        let mut row_start = vec![0usize; rows + 1];
        for col in matrix.columns() {
            for &(r, _) in col {
                row_start[ordering.new_of_row()[r as usize] as usize + 1] += 1;
            }
        }
        for r in 0..rows {
            row_start[r + 1] += row_start[r];
        }
        let mut fill = row_start.clone();
        let gf2 = matrix.modulus() == Modulus::TWO;
        let mut row_cols = vec![0u32; row_start[rows]];
        let mut row_vals = if gf2 { Vec::new() } else { vec![0u32; row_start[rows]] };
        for (new_c, &old_c) in old_of_col.iter().enumerate() {
            for &(r, v) in matrix.column(old_c as usize) {
                let nr = ordering.new_of_row()[r as usize] as usize;
                row_cols[fill[nr]] = new_c as u32;
                if !gf2 {
                    row_vals[fill[nr]] = v;
                }
                fill[nr] += 1;
            }
        }
        drop(fill);
        let band = if gf2 {
            Band::Gf2(Gf2Band::factor(rows, cols, &row_start, &row_cols, &mut budget)?)
        } else {
            let field = matrix.modulus().field();
            Band::Zp(ZpBand::factor(field, rows, cols, &row_start, &row_cols, &row_vals, &mut budget)?)
        };
        Ok(BandedSolver { matrix: matrix.clone(), ordering, band, bytes: budget.used(), limit: max_bytes })
    }

    /// The rank of M over Z_p.
    pub fn rank(&self) -> usize {
        both!(&self.band, b => b.rank())
    }
    /// The dimension of the quiet patterns: buttons - rank.
    pub fn nullity(&self) -> usize {
        self.buttons() - self.rank()
    }
    /// The dimension of the left null space (lights - rank): how many independent
    /// conditions a board must meet to be solvable.
    pub fn left_nullity(&self) -> usize {
        both!(&self.band, b => b.left_nullity())
    }
    /// Lower and upper bandwidth of M in the solver's numbering.
    pub fn bandwidth(&self) -> (usize, usize) {
        (self.ordering.lower(), self.ordering.upper())
    }
    /// The widest row span W (last minus first non-zero column, plus one) in the solver's
    /// numbering; every active row fits in `ceil(W / 64) + 1` words.
    pub fn row_width(&self) -> usize {
        both!(&self.band, b => b.width())
    }
    /// The most rows that were active (partly eliminated) at one time.
    pub fn active_rows(&self) -> usize {
        both!(&self.band, b => b.slots())
    }
    /// Bytes held by the factors after elimination (rows of U and multipliers).
    pub fn factor_bytes(&self) -> usize {
        both!(&self.band, b => b.factor_bytes())
    }
    /// Bytes counted against the limit while eliminating (the peak working set of the band).
    pub fn budget_bytes(&self) -> u64 {
        self.bytes
    }
    /// The numbering the solver eliminates in.
    pub fn ordering(&self) -> &BandOrdering {
        &self.ordering
    }

    fn check_board(&self, what: &'static str, v: &[u32], expected: usize) -> Result<()> {
        check_vector(what, v, expected, self.modulus())
    }

    /// The right-hand side `-b` in the new row numbering: bit-packed for GF(2), values else.
    fn rhs(&self, lights: &[u32]) -> Result<Rhs> {
        self.check_board("lights", lights, self.lights())?;
        let new_of_row = self.ordering.new_of_row();
        Ok(match self.band {
            Band::Gf2(_) => {
                let mut c = vec![0u64; self.lights().div_ceil(64)];
                for (old, &x) in lights.iter().enumerate() {
                    if x == 1 {
                        set_bit(&mut c, new_of_row[old] as usize, true);
                    }
                }
                Rhs::Bits(c)
            }
            Band::Zp(_) => {
                let f = self.modulus().field();
                let mut c = vec![0u32; self.lights()];
                for (old, &x) in lights.iter().enumerate() {
                    c[new_of_row[old] as usize] = f.neg(x);
                }
                Rhs::Values(c)
            }
        })
    }

    /// Pivot values for the right-hand side, or the witness of its unsolvability.
    fn replay(&self, lights: &[u32]) -> Result<std::result::Result<Rhs, Witness>> {
        Ok(match (&self.band, self.rhs(lights)?) {
            (Band::Gf2(b), Rhs::Bits(c)) => b.replay(&c).map(Rhs::Bits),
            (Band::Zp(b), Rhs::Values(c)) => b.replay(&c).map(Rhs::Values),
            _ => unreachable!("the right-hand side is built for the band's field"),
        })
    }

    /// A vector over the new numbering (`new_of` maps old to new) back in the old numbering.
    fn unpermute(v: &Rhs, new_of: &[u32]) -> Vec<u32> {
        match v {
            Rhs::Bits(bits) => new_of.iter().map(|&new| bit(bits, new as usize) as u32).collect(),
            Rhs::Values(vals) => new_of.iter().map(|&new| vals[new as usize]).collect(),
        }
    }

    fn left_null_vector(&self, witness: &Witness) -> Vec<u32> {
        let y = match &self.band {
            Band::Gf2(b) => Rhs::Bits(b.left_null_vector(witness)),
            Band::Zp(b) => Rhs::Values(b.left_null_vector(witness)),
        };
        Self::unpermute(&y, self.ordering.new_of_row())
    }

    /// Back-substitution from pivot values `t` (none: zero) with free column `free` set to 1,
    /// using the first `upto` pivots; the result in the old column numbering.
    fn back_substitute(&self, t: Option<&Rhs>, free: Option<usize>, upto: usize) -> Vec<u32> {
        let x = match &self.band {
            Band::Gf2(b) => {
                let mut x = vec![0u64; self.buttons().div_ceil(64)];
                if let Some(c) = free {
                    set_bit(&mut x, c, true);
                }
                let t = t.map(|t| match t {
                    Rhs::Bits(t) => t.as_slice(),
                    Rhs::Values(_) => unreachable!("GF(2) pivot values are bits"),
                });
                b.back_substitute(t, &mut x, upto);
                Rhs::Bits(x)
            }
            Band::Zp(b) => {
                let mut x = vec![0u32; self.buttons()];
                if let Some(c) = free {
                    x[c] = 1;
                }
                let t = t.map(|t| match t {
                    Rhs::Values(t) => t.as_slice(),
                    Rhs::Bits(_) => unreachable!("Z_p pivot values are values"),
                });
                b.back_substitute(t, &mut x, upto);
                Rhs::Values(x)
            }
        };
        Self::unpermute(&x, self.ordering.new_of_col())
    }

    /// Whether `b + M s = 0` has a solution.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        Ok(self.replay(lights)?.is_ok())
    }

    /// One solution of `b + M s = 0` (every free button unpressed), or [`Error::Unsolvable`]
    /// carrying a `y` with `y M = 0` and `y·(-b) != 0` that proves there is none.
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        match self.replay(lights)? {
            Ok(t) => Ok(self.back_substitute(Some(&t), None, self.rank())),
            Err(w) => Err(Error::Unsolvable {
                obstruction_index: both!(&self.band, b => b.witness_index(&w)),
                obstruction: self.left_null_vector(&w),
            }),
        }
    }

    /// The obstruction number `i` (`i < left_nullity()`): a `y` with `y M = 0`; together they
    /// form a basis of the left null space. Each costs one pass over the elimination record.
    pub fn obstruction(&self, i: usize) -> Result<Vec<u32>> {
        if i >= self.left_nullity() {
            return Err(Error::InvalidArgument(format!(
                "obstruction index must be below the left nullity {}, not {i}",
                self.left_nullity()
            )));
        }
        let y = match &self.band {
            Band::Gf2(b) => Rhs::Bits(b.obstruction_bits(i)),
            Band::Zp(b) => Rhs::Values(b.obstruction_vals(i)),
        };
        Ok(Self::unpermute(&y, self.ordering.new_of_row()))
    }

    /// A basis of the quiet patterns (presses that change no light), one per free column:
    /// `nullity()` vectors. An error if they would not fit the solver's memory limit (the one
    /// given to [`BandedSolver::with_limit`]).
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        self.quiet_patterns(self.nullity())
    }

    /// The first `count` vectors of [`BandedSolver::null_basis`] (all of them if `count` is at
    /// least the nullity), built alone.
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        let count = count.min(self.nullity());
        let needed = count as u128 * self.buttons() as u128 * 4;
        crate::error::check_limit("the null basis as u32 vectors", needed, "bytes", self.limit as u128)?;
        let free = both!(&self.band, b => b.free_columns());
        Ok(free.into_iter().take(count).map(|(c, before)| self.back_substitute(None, Some(c), before)).collect())
    }
}

crate::system::sparse_matrix_answers!(BandedSolver);

factored_system!(BandedSolver {
    fn buttons(&self) -> usize {
        BandedSolver::buttons(self)
    }
    fn kernel_size(&self) -> SolutionCount {
        SolutionCount::new(self.modulus(), self.nullity())
    }
    fn quiet_generators(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        let basis = self.quiet_patterns(count.unwrap_or(usize::MAX))?;
        Ok(field_generators(self.modulus(), basis, None))
    }
    fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        Ok(BandedSolver::random_solvable(self, seed))
    }
});

/// A right-hand side, pivot values or a solution: bit-packed for GF(2), one value each else.
enum Rhs {
    Bits(Vec<u64>),
    Values(Vec<u32>),
}
