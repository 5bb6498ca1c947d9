//! [`BandedSolver`]: the public face of the banded elimination.

use super::budget::Budget;
use super::gf2::{bit, set_bit, Gf2Band, Witness};
use super::order::BandOrdering;
use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{Field, Modulus};
use crate::matrix::SparseMatrix;
use crate::solutions::Solutions;
use rand::{Rng, SeedableRng};

/// The memory the banded solver uses unless told otherwise: 8 GiB.
pub const DEFAULT_MAX_BAND_BYTES: u64 = 8 << 30;

/// A sparse game of any shape, solved by reordering the lights into a narrow band (reverse
/// Cuthill-McKee) and eliminating inside it, bit-packed. Memory and time grow with
/// `N * W` and `N * W^2 / 64` for a band of width W, instead of `N^2` and `N^3 / 64`: a
/// 1000 x 1000 board with holes (W about 2000) takes a few hundred MB and seconds.
///
/// It answers what [`crate::Solver`] answers for one board at a time: rank, nullity,
/// solvability, one solution (`b + M s = 0`), an obstruction when there is none, and a basis of
/// the quiet patterns. GF(2) only (p = 2): other moduli are an error that says so.
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
/// ```
#[derive(Clone, Debug)]
pub struct BandedSolver {
    matrix: SparseMatrix,
    ordering: BandOrdering,
    band: Gf2Band,
    bytes: u64,
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
        Self::with_ordering(matrix, ordering, max_bytes)
    }

    /// Eliminate in a given numbering (for comparing orderings; [`BandedSolver::with_limit`]
    /// uses reverse Cuthill-McKee). The answers do not depend on the numbering, only the cost.
    pub fn with_ordering(matrix: &SparseMatrix, ordering: BandOrdering, max_bytes: u64) -> Result<Self> {
        if matrix.modulus() != Modulus::TWO {
            return Err(Error::InvalidArgument(format!(
                "the banded solver works over GF(2) only, the matrix has modulus {}; use Solver for other moduli",
                matrix.modulus()
            )));
        }
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
        let mut row_cols = vec![0u32; row_start[rows]];
        for (new_c, &old_c) in old_of_col.iter().enumerate() {
            for &(r, _) in matrix.column(old_c as usize) {
                let nr = ordering.new_of_row()[r as usize] as usize;
                row_cols[fill[nr]] = new_c as u32;
                fill[nr] += 1;
            }
        }
        drop(fill);
        let band = Gf2Band::factor(rows, cols, &row_start, &row_cols, &mut budget)?;
        Ok(BandedSolver { matrix: matrix.clone(), ordering, band, bytes: budget.used() })
    }

    /// The press matrix M.
    pub fn matrix(&self) -> &SparseMatrix {
        &self.matrix
    }
    /// The modulus (always 2).
    pub fn modulus(&self) -> Modulus {
        self.matrix.modulus()
    }
    /// Number of lights (rows of M).
    pub fn lights(&self) -> usize {
        self.matrix.rows()
    }
    /// Number of buttons (columns of M).
    pub fn buttons(&self) -> usize {
        self.matrix.cols()
    }
    /// The rank of M over GF(2).
    pub fn rank(&self) -> usize {
        self.band.rank()
    }
    /// The dimension of the quiet patterns: buttons - rank.
    pub fn nullity(&self) -> usize {
        self.buttons() - self.rank()
    }
    /// The dimension of the left null space (lights - rank): how many independent
    /// conditions a board must meet to be solvable.
    pub fn left_nullity(&self) -> usize {
        self.band.left_nullity()
    }
    /// Lower and upper bandwidth of M in the solver's numbering.
    pub fn bandwidth(&self) -> (usize, usize) {
        (self.ordering.lower(), self.ordering.upper())
    }
    /// The widest row span W (last minus first non-zero column, plus one) in the solver's
    /// numbering; every active row fits in `ceil(W / 64) + 1` words.
    pub fn row_width(&self) -> usize {
        self.band.width()
    }
    /// The most rows that were active (partly eliminated) at one time.
    pub fn active_rows(&self) -> usize {
        self.band.slots()
    }
    /// Bytes held by the factors after elimination (rows of U and multipliers).
    pub fn factor_bytes(&self) -> usize {
        self.band.factor_bytes()
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
        if v.len() != expected {
            return Err(Error::DimensionMismatch { what, expected, got: v.len() });
        }
        if let Some((index, &value)) = v.iter().enumerate().find(|(_, &x)| x >= 2) {
            return Err(Error::EntryOutOfRange { what, index, value: value as i64, modulus: 2 });
        }
        Ok(())
    }

    /// The board as bits over the new row numbering (over GF(2), -b = b).
    fn packed_board(&self, lights: &[u32]) -> Result<Vec<u64>> {
        self.check_board("lights", lights, self.lights())?;
        let mut c = vec![0u64; self.lights().div_ceil(64)];
        for (old, &x) in lights.iter().enumerate() {
            if x == 1 {
                set_bit(&mut c, self.ordering.new_of_row()[old] as usize, true);
            }
        }
        Ok(c)
    }

    fn unpack_rows(&self, y: &[u64]) -> Vec<u32> {
        self.ordering.new_of_row().iter().map(|&new| bit(y, new as usize) as u32).collect()
    }

    fn unpack_cols(&self, x: &[u64]) -> Vec<u32> {
        self.ordering.new_of_col().iter().map(|&new| bit(x, new as usize) as u32).collect()
    }

    fn unsolvable(&self, witness: Witness) -> Error {
        Error::Unsolvable {
            obstruction_index: self.band.witness_index(&witness),
            obstruction: self.unpack_rows(&self.band.left_null_vector(&witness)),
        }
    }

    /// Whether `b + M s = 0` has a solution.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        Ok(self.band.replay(&self.packed_board(lights)?).is_ok())
    }

    /// One solution of `b + M s = 0` (every free button unpressed), or [`Error::Unsolvable`]
    /// carrying a `y` with `y M = 0` and `y·b = 1` that proves there is none.
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        let t = self.band.replay(&self.packed_board(lights)?).map_err(|w| self.unsolvable(w))?;
        let mut x = vec![0u64; self.buttons().div_ceil(64)];
        self.band.back_substitute(Some(&t), &mut x, self.rank());
        Ok(self.unpack_cols(&x))
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
        Ok(self.unpack_rows(&self.band.obstruction_bits(i)))
    }

    /// A basis of the quiet patterns (presses that change no light), one per free column:
    /// `nullity()` vectors. An error if they would not fit the solver's memory limit.
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        let needed = self.nullity() as u128 * self.buttons() as u128 * 4;
        if needed > DEFAULT_MAX_BAND_BYTES as u128 {
            return Err(Error::TooLarge {
                what: "the null basis as u32 vectors",
                needed,
                unit: "bytes",
                limit: DEFAULT_MAX_BAND_BYTES as u128,
            });
        }
        let mut x = vec![0u64; self.buttons().div_ceil(64)];
        Ok(self
            .band
            .free_columns()
            .into_iter()
            .map(|(free, before)| {
                x.fill(0);
                set_bit(&mut x, free, true);
                self.band.back_substitute(None, &mut x, before);
                self.unpack_cols(&x)
            })
            .collect())
    }

    /// Every solution, lazily: `2^nullity` of them for a solvable board.
    pub fn solutions(&self, lights: &[u32]) -> Result<Solutions> {
        let particular = self.solve(lights)?;
        Ok(Solutions::new(self.modulus(), particular, self.null_basis()?))
    }

    /// How many solutions the board has: `2^nullity` if solvable, else zero.
    pub fn count_solutions(&self, lights: &[u32]) -> Result<SolutionCount> {
        Ok(if self.is_solvable(lights)? {
            SolutionCount::new(self.modulus(), self.nullity())
        } else {
            SolutionCount::zero(self.modulus())
        })
    }

    /// The board after pressing: `b + M s`.
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check_board("lights", lights, self.lights())?;
        self.check_board("presses", presses, self.buttons())?;
        let change = self.matrix.mul_vec(presses)?;
        let f = self.modulus().field();
        Ok(lights.iter().zip(change).map(|(&a, b)| f.add(a, b)).collect())
    }

    /// A board drawn uniformly from the solvable ones (M times random presses), from `seed`.
    pub fn random_solvable(&self, seed: u64) -> Vec<u32> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let presses: Vec<u32> = (0..self.buttons()).map(|_| rng.gen_range(0..2)).collect();
        self.matrix.mul_vec(&presses).expect("presses have one entry per button")
    }
}
