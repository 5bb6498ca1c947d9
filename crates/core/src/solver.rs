//! The closed form of a game: M factored once, then any number of boards solved cheaply.

use crate::bitmatrix::BitMatrix;
use crate::count::SolutionCount;
use crate::elim;
use crate::error::{Error, Result};
use crate::field::{check_vector, random_presses, Field, Modulus};
use crate::limits::{bits_per_entry, check_dense_bits, check_dense_work};
use crate::matrix::{Matrix, SparseMatrix};
use crate::rows::Rows;
use crate::system::{factored_system, field_generators};

/// Which elimination engine factors M.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// The fastest engine valid for the modulus (packed GF(2) for p = 2, bitsliced GF(3) for p = 3).
    #[default]
    Auto,
    /// The generic reference engine, one `u32` per entry, any prime.
    Generic,
    /// The bit-packed GF(2) engine (only for p = 2).
    Gf2Packed,
    /// The bitsliced GF(3) engine, two bit planes per row (only for p = 3).
    Gf3Packed,
}

/// M factored as `E M = R` (R in reduced row echelon form, E invertible), which answers every
/// question about the game: rank, nullity, solvability, solutions, quiet patterns, obstructions
/// and the pseudoinverse W with `s = W(-b) + N c` for every solvable board `b`.
///
/// Boards and presses are vectors of values in `0..p`, one per light and one per button.
/// A board `b` is solved by presses `s` when `b + M s = 0 (mod p)`.
///
/// ```
/// use lightsout_core::{Modulus, SparseMatrix, Solver};
/// // Three lights in a row; each button toggles itself and its neighbours.
/// let sets = vec![vec![0, 1], vec![0, 1, 2], vec![1, 2]];
/// let m = SparseMatrix::from_press_sets(Modulus::TWO, 3, sets).unwrap();
/// let solver = Solver::new(&m).unwrap();
/// assert_eq!((solver.rank(), solver.nullity()), (3, 0));
/// let board = vec![1, 0, 0];
/// let presses = solver.solve(&board).unwrap();
/// assert_eq!(solver.apply(&board, &presses).unwrap(), vec![0, 0, 0]);
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    matrix: Press,
    pivots: Vec<usize>,
    /// Rows `0..rank` of R restricted to the button columns.
    rref: Rows,
    /// All of E: rows `0..rank` give solutions, rows `rank..` are the obstructions.
    transform: Rows,
}

/// M as it was given: sparse columns, or the dense bit-packed rows of a GF(2) matrix (its
/// sparse form then built only if [`Solver::matrix`] is asked for).
#[derive(Clone, Debug)]
enum Press {
    Sparse(SparseMatrix),
    Bits { rows: BitMatrix, sparse: std::sync::OnceLock<SparseMatrix> },
}

impl Solver {
    /// Factor a dense GF(2) matrix given as bit-packed rows, with the packed engine, without
    /// a sparse copy: a dense 20,000 x 20,000 M takes 50 MB, its augmented `[M | I]` 100 MB
    /// (checked against [`crate::limits`] before it is allocated).
    ///
    /// ```
    /// use lightsout_core::{BitMatrix, Solver};
    /// let mut m = BitMatrix::zeros(2, 2).unwrap();
    /// m.set(0, 0, true);
    /// m.set(0, 1, true);
    /// m.set(1, 1, true);
    /// let s = Solver::from_bit_rows(m).unwrap();
    /// assert_eq!(s.rank(), 2);
    /// let presses = s.solve(&[1, 1]).unwrap();
    /// assert_eq!(s.apply(&[1, 1], &presses).unwrap(), vec![0, 0]);
    /// ```
    pub fn from_bit_rows(m: BitMatrix) -> Result<Self> {
        let (lights, buttons) = (m.rows(), m.cols());
        let width = buttons.checked_add(lights).ok_or(Error::InvalidArgument("matrix too large".into()))?;
        check_dense_bits("the augmented matrix [M | I]", lights, width, 1)?;
        check_dense_work("the dense factorisation of M", lights, buttons, width, 1.0 / 64.0)?;
        let mut aug = BitMatrix::zeros(lights, width)?;
        let w = m.words_per_row();
        for r in 0..lights {
            aug.row_mut(r)[..w].copy_from_slice(m.row(r));
            aug.set(r, buttons + r, true);
        }
        let (pivots, rref, transform) = factor_bits(aug, lights, buttons)?;
        Ok(Solver { matrix: Press::Bits { rows: m, sparse: Default::default() }, pivots, rref, transform })
    }

    /// Factor M with the fastest engine for its modulus.
    pub fn new(matrix: &SparseMatrix) -> Result<Self> {
        Self::with_engine(matrix, Engine::Auto)
    }

    /// Factor M with a chosen engine (for testing one engine against another).
    pub fn with_engine(matrix: &SparseMatrix, engine: Engine) -> Result<Self> {
        matrix.modulus().require_prime("the field solver")?;
        let (lights, buttons) = (matrix.rows(), matrix.cols());
        let width = buttons.checked_add(lights).ok_or(Error::InvalidArgument("matrix too large".into()))?;
        check_dense_bits("the augmented matrix [M | I]", lights, width, bits_per_entry(matrix.modulus().get()))?;
        let p = matrix.modulus();
        let wrong = |name: &str, needs: u32| {
            Err(Error::InvalidArgument(format!("the {name} engine needs modulus {needs}, the matrix has modulus {p}")))
        };
        let engine = match engine {
            Engine::Auto if p.get() == 2 => Engine::Gf2Packed,
            Engine::Auto if p.get() == 3 => Engine::Gf3Packed,
            Engine::Auto => Engine::Generic,
            Engine::Gf2Packed if p.get() != 2 => return wrong("packed GF(2)", 2),
            Engine::Gf3Packed if p.get() != 3 => return wrong("bitsliced GF(3)", 3),
            chosen => chosen,
        };
        let ns_per_entry = match engine {
            Engine::Gf2Packed => 1.0 / 64.0,
            Engine::Gf3Packed => 1.0 / 32.0,
            _ => 3.0,
        };
        check_dense_work("the dense factorisation of M", lights, buttons, width, ns_per_entry)?;
        let use_bits = engine == Engine::Gf2Packed;
        let (pivots, rref, transform) = if use_bits {
            let mut aug = BitMatrix::zeros(lights, width)?;
            for (c, col) in matrix.columns().iter().enumerate() {
                for &(r, _) in col {
                    aug.set(r as usize, c, true);
                }
            }
            for r in 0..lights {
                aug.set(r, buttons + r, true);
            }
            factor_bits(aug, lights, buttons)?
        } else if engine == Engine::Gf3Packed {
            let mut aug = elim::gf3::Gf3Matrix::zeros(lights, width)?;
            for (c, col) in matrix.columns().iter().enumerate() {
                for &(r, v) in col {
                    aug.set(r as usize, c, v)?;
                }
            }
            for r in 0..lights {
                aug.set(r, buttons + r, 1)?;
            }
            let pivots = elim::gf3::rref(&mut aug, buttons);
            crate::interrupt::check()?;
            let rank = pivots.len();
            (pivots, Rows::Dense(aug.block(0..rank, 0..buttons)?), Rows::Dense(aug.block(0..lights, buttons..width)?))
        } else {
            let mut aug = Matrix::zeros(p, lights, width)?;
            for (c, col) in matrix.columns().iter().enumerate() {
                for &(r, v) in col {
                    aug.set(r as usize, c, v);
                }
            }
            for r in 0..lights {
                aug.set(r, buttons + r, 1);
            }
            let pivots = elim::generic::rref(p.field(), &mut aug, buttons);
            crate::interrupt::check()?;
            let rank = pivots.len();
            (pivots, Rows::from_dense(&aug, 0..rank, 0..buttons), Rows::from_dense(&aug, 0..lights, buttons..width))
        };
        Ok(Solver { matrix: Press::Sparse(matrix.clone()), pivots, rref, transform })
    }

    /// The press matrix M (for a solver made by [`Solver::from_bit_rows`], its sparse form is
    /// built on the first call).
    pub fn matrix(&self) -> &SparseMatrix {
        match &self.matrix {
            Press::Sparse(m) => m,
            Press::Bits { rows, sparse } => sparse.get_or_init(|| {
                let columns = (0..rows.cols())
                    .map(|c| (0..rows.rows()).filter(|&r| rows.get(r, c)).map(|r| (r, 1i64)).collect())
                    .collect();
                SparseMatrix::from_columns(Modulus::TWO, rows.rows(), columns).expect("0/1 entries of a GF(2) matrix")
            }),
        }
    }
    /// The modulus p.
    pub fn modulus(&self) -> Modulus {
        match &self.matrix {
            Press::Sparse(m) => m.modulus(),
            Press::Bits { .. } => Modulus::TWO,
        }
    }
    /// Number of lights (rows of M).
    pub fn lights(&self) -> usize {
        match &self.matrix {
            Press::Sparse(m) => m.rows(),
            Press::Bits { rows, .. } => rows.rows(),
        }
    }
    /// Number of buttons (columns of M).
    pub fn buttons(&self) -> usize {
        match &self.matrix {
            Press::Sparse(m) => m.cols(),
            Press::Bits { rows, .. } => rows.cols(),
        }
    }
    /// The rank R of M over Z_p.
    pub fn rank(&self) -> usize {
        self.pivots.len()
    }
    /// The nullity U = buttons - R: the dimension of the quiet patterns.
    pub fn nullity(&self) -> usize {
        self.buttons() - self.rank()
    }
    /// The pivot column of each row of the reduced echelon form.
    pub fn pivots(&self) -> &[usize] {
        &self.pivots
    }
    /// How many boards are solvable: p^rank of p^lights.
    pub fn solvable_boards(&self) -> SolutionCount {
        SolutionCount::new(self.modulus(), self.rank())
    }

    /// Check a board: right length and every entry in `0..p`.
    pub fn check_board(&self, what: &'static str, v: &[u32], expected: usize) -> Result<()> {
        check_vector(what, v, expected, self.modulus())
    }

    fn negated(&self, lights: &[u32]) -> Vec<u32> {
        let f = self.modulus().field();
        lights.iter().map(|&x| f.neg(x)).collect()
    }

    /// The first obstruction that the board violates, if any: `Some(i)` means obstruction `i`
    /// (row `rank + i` of E) has a non-zero product with `-b`.
    fn violated_obstruction(&self, lights: &[u32]) -> Option<usize> {
        let target = self.transform.prepare(&self.negated(lights));
        (self.rank()..self.lights())
            .find(|&r| self.transform.dot(r, &target, self.modulus()) != 0)
            .map(|r| r - self.rank())
    }

    /// Whether `b + M s = 0` has a solution.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        self.check_board("lights", lights, self.lights())?;
        Ok(self.violated_obstruction(lights).is_none())
    }

    /// One solution (the one with every free button unpressed: `W(-b)`), or
    /// [`Error::Unsolvable`] carrying the obstruction that proves there is none.
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        self.check_board("lights", lights, self.lights())?;
        let target = self.transform.prepare(&self.negated(lights));
        let p = self.modulus();
        if let Some(r) = (self.rank()..self.lights()).find(|&r| self.transform.dot(r, &target, p) != 0) {
            return Err(Error::Unsolvable {
                obstruction_index: r - self.rank(),
                obstruction: self.transform.row_values(r),
            });
        }
        let mut s = vec![0u32; self.buttons()];
        for (i, &c) in self.pivots.iter().enumerate() {
            s[c] = self.transform.dot(i, &target, p);
        }
        Ok(s)
    }

    /// A basis of the null space of M: the quiet patterns (presses that change no light).
    /// One vector per free column of the echelon form, `nullity()` vectors in all.
    pub fn null_basis(&self) -> Vec<Vec<u32>> {
        let f = self.modulus().field();
        let mut is_pivot = vec![false; self.buttons()];
        for &c in &self.pivots {
            is_pivot[c] = true;
        }
        (0..self.buttons())
            .filter(|&c| !is_pivot[c])
            .map(|free| {
                let mut v = vec![0u32; self.buttons()];
                v[free] = 1;
                for (i, &pc) in self.pivots.iter().enumerate() {
                    v[pc] = f.neg(self.rref.get(i, free));
                }
                v
            })
            .collect()
    }

    /// A basis of the left null space of M: vectors `y` with `y M = 0`. A board `b` is solvable
    /// iff `y·b = 0` for every one of them. For symmetric M they span the null space too.
    pub fn obstructions(&self) -> Vec<Vec<u32>> {
        (self.rank()..self.lights()).map(|r| self.transform.row_values(r)).collect()
    }

    /// The pseudoinverse W (buttons x lights): `W(-b)` solves every solvable board `b`.
    pub fn pseudoinverse(&self) -> Result<Matrix> {
        let mut w = Matrix::zeros(self.modulus(), self.buttons(), self.lights())?;
        for (i, &c) in self.pivots.iter().enumerate() {
            crate::interrupt::check()?;
            for l in 0..self.lights() {
                w.set(c, l, self.transform.get(i, l));
            }
        }
        Ok(w)
    }

    /// The pseudoinverse W row after row (buttons x lights entries), each entry turned into a
    /// `T` by `entry`: one byte an entry for moduli up to 256, say, where [`Solver::pseudoinverse`]
    /// takes four. The size of the answer in `T`s is checked against the limits before anything
    /// is allocated, and the copy stops at [`crate::interrupt`] requests.
    ///
    /// ```
    /// use lightsout_core::{minimal::plus_grid, Modulus, Solver};
    /// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
    /// let bytes = solver.pseudoinverse_entries(|v| v as u8).unwrap();
    /// let wide = solver.pseudoinverse().unwrap();
    /// assert!(bytes.iter().zip(wide.as_slice()).all(|(&b, &w)| b as u32 == w));
    /// ```
    pub fn pseudoinverse_entries<T: Copy + Default>(&self, entry: impl Fn(u32) -> T) -> Result<Vec<T>> {
        let (buttons, lights) = (self.buttons(), self.lights());
        let bits = 8 * std::mem::size_of::<T>() as u32;
        check_dense_bits("the pseudoinverse", buttons, lights, bits)?;
        let mut w = vec![T::default(); buttons * lights];
        for (i, &c) in self.pivots.iter().enumerate() {
            crate::interrupt::check()?;
            for (l, x) in w[c * lights..(c + 1) * lights].iter_mut().enumerate() {
                *x = entry(self.transform.get(i, l));
            }
        }
        Ok(w)
    }

    /// The reduced row echelon form of M (its non-zero rows).
    pub fn rref(&self) -> Result<Matrix> {
        self.rref.to_matrix(self.modulus())
    }

    /// The invertible E with `E M = R` (lights x lights).
    pub fn transform(&self) -> Result<Matrix> {
        self.transform.to_matrix(self.modulus())
    }

    /// The board after pressing: `b + M s`.
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        match &self.matrix {
            Press::Sparse(m) => m.apply(lights, presses),
            Press::Bits { rows, .. } => {
                check_vector("lights", lights, rows.rows(), Modulus::TWO)?;
                check_vector("presses", presses, rows.cols(), Modulus::TWO)?;
                Ok(rows.apply(lights, presses))
            }
        }
    }

    /// A board drawn uniformly from the solvable boards (M times uniformly random presses),
    /// reproducible from `seed`.
    pub fn random_solvable(&self, seed: u64) -> Vec<u32> {
        let presses = random_presses(self.modulus(), self.buttons(), seed);
        match &self.matrix {
            Press::Sparse(m) => m.mul_vec(&presses).expect("presses have one entry per button"),
            Press::Bits { rows, .. } => rows.apply(&vec![0; rows.rows()], &presses),
        }
    }
}

factored_system!(Solver {
    fn buttons(&self) -> usize {
        Solver::buttons(self)
    }
    fn kernel_size(&self) -> SolutionCount {
        SolutionCount::new(self.modulus(), self.nullity())
    }
    fn quiet_generators(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        Ok(field_generators(self.modulus(), self.null_basis(), count))
    }
    fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        Ok(Solver::random_solvable(self, seed))
    }
});

/// Eliminate `[M | I]` (bits) with the packed engine: the pivots, the reduced rows of M and E.
fn factor_bits(mut aug: BitMatrix, lights: usize, buttons: usize) -> Result<(Vec<usize>, Rows, Rows)> {
    let width = aug.cols();
    let pivots = elim::gf2::rref(&mut aug, buttons);
    // An interrupted elimination stops early: its result must not be used.
    crate::interrupt::check()?;
    let rank = pivots.len();
    Ok((pivots, Rows::from_bits(&aug, 0..rank, 0..buttons), Rows::from_bits(&aug, 0..lights, buttons..width)))
}
