//! [`RingSolver`]: M factored over Z_k for any k, one engine per prime-power factor.

use crate::count::SolutionCount;
use crate::error::Result;
use crate::field::check_vector;
use crate::matrix::SparseMatrix;
use crate::ring::crt::Factored;
use crate::ring::part::Part;
use crate::solver::{Engine, Solver};
use crate::system::factored_system;

/// M factored over Z_k for any `k >= 2`: the field [`Solver`] for a prime k (same answers,
/// same fast paths), else one engine per prime-power factor of k with the answers recombined
/// by the Chinese remainder theorem (see [`crate::ring`]).
///
/// ```
/// use lightsout_core::{Modulus, RingSolver, SparseMatrix};
/// // Three lights in a row over Z_4; each button adds 1 to itself and its neighbours.
/// let sets = vec![vec![0, 1], vec![0, 1, 2], vec![1, 2]];
/// let m = SparseMatrix::from_press_sets(Modulus::ring(4).unwrap(), 3, sets).unwrap();
/// let s = RingSolver::new(&m).unwrap();
/// assert_eq!(s.elementary_divisors(), vec![1, 1, 1]); // det = -1: every board has one solution
/// let presses = s.solve(&[1, 2, 3]).unwrap();
/// assert_eq!(s.apply(&[1, 2, 3], &presses).unwrap(), vec![0, 0, 0]);
/// assert!(s.rank().is_err()); // rank is for fields: see kernel_size and elementary_divisors
/// ```
#[derive(Clone, Debug)]
pub struct RingSolver {
    matrix: SparseMatrix,
    factored: Factored,
}

impl RingSolver {
    /// Factor M over its modulus, with the fastest engine for each prime factor.
    pub fn new(matrix: &SparseMatrix) -> Result<Self> {
        Self::with_engine(matrix, Engine::Auto)
    }

    /// Factor M, with `engine` for the prime factors of the modulus that appear to the first
    /// power (for testing engines against each other).
    pub fn with_engine(matrix: &SparseMatrix, engine: Engine) -> Result<Self> {
        let factored =
            Factored::new(matrix.modulus(), matrix.rows(), matrix.cols(), |(p, e)| Part::new(matrix, p, e, engine))?;
        Ok(RingSolver { matrix: matrix.clone(), factored })
    }

    /// The field solver, when k is a prime.
    pub fn field_solver(&self) -> Option<&Solver> {
        match (self.factored.parts.as_slice(), self.modulus().is_prime()) {
            ([part], true) => (part.engine.as_ref() as &dyn std::any::Any).downcast_ref::<Solver>(),
            _ => None,
        }
    }

    fn check(&self, lights: &[u32]) -> Result<()> {
        check_vector("lights", lights, self.lights(), self.modulus())
    }

    /// Whether `b + M s = 0 (mod k)` has a solution.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        self.check(lights)?;
        self.factored.is_solvable(lights)
    }

    /// One solution, or [`crate::Error::Unsolvable`] with an obstruction `y` over Z_k (`y M = 0`,
    /// `y·(-b) != 0`); its index counts through [`RingSolver::obstructions`].
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        if let Some(s) = self.field_solver() {
            return s.solve(lights);
        }
        self.check(lights)?;
        self.factored.solve(lights)
    }

    /// Generators of the quiet patterns over Z_k; see [`RingSolver::null_orders`].
    pub fn null_basis(&self) -> Vec<Vec<u32>> {
        self.null_basis_with_orders().0
    }
    /// The additive order of each generator of [`RingSolver::null_basis`]; the kernel is the
    /// direct sum of their cyclic groups (over Z_p: every order is p).
    pub fn null_orders(&self) -> Vec<u32> {
        self.null_basis_with_orders().1
    }
    /// Both at once.
    pub fn null_basis_with_orders(&self) -> (Vec<Vec<u32>>, Vec<u32>) {
        self.factored.null_basis(None).expect("the dense engines hold their kernel")
    }

    /// Generators of the left kernel (`y M = 0`): a board b is solvable iff `y·b = 0` for all.
    pub fn obstructions(&self) -> Vec<Vec<u32>> {
        self.factored.obstructions().expect("the dense engines hold their left kernel")
    }

    /// The pseudoinverse W over Z_k (buttons x lights): `W(-b)` solves every solvable board b,
    /// as [`Solver::pseudoinverse`] does for a prime k. For composite k it exists iff every
    /// elementary divisor is, in each prime-power factor q of k, a unit or zero (always for a
    /// squarefree k); otherwise an error names the divisor that would need a division.
    ///
    /// ```
    /// use lightsout_core::{minimal::plus_grid, Modulus, RingSolver};
    /// let z6 = RingSolver::new(&plus_grid(4, 4, Modulus::ring(6).unwrap()).unwrap()).unwrap();
    /// let board = z6.random_solvable(1);
    /// let neg: Vec<u32> = board.iter().map(|&x| (6 - x) % 6).collect();
    /// let presses = z6.pseudoinverse().unwrap().mul_vec(&neg).unwrap();
    /// assert!(z6.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
    /// let z4 = RingSolver::new(&plus_grid(4, 4, Modulus::ring(4).unwrap()).unwrap()).unwrap();
    /// assert!(z4.pseudoinverse().unwrap_err().to_string().contains("elementary divisor 2"));
    /// ```
    pub fn pseudoinverse(&self) -> Result<crate::Matrix> {
        if let Some(s) = self.field_solver() {
            return s.pseudoinverse();
        }
        self.factored.pseudoinverse()
    }
}

super::crt::ring_answers!(RingSolver);

crate::system::sparse_matrix_answers!(RingSolver);

factored_system!(RingSolver {
    fn buttons(&self) -> usize {
        RingSolver::buttons(self)
    }
    fn kernel_size(&self) -> SolutionCount {
        RingSolver::kernel_size(self)
    }
    fn quiet_generators(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        self.factored.null_basis(count)
    }
    fn solvable_boards(&self) -> SolutionCount {
        RingSolver::solvable_boards(self)
    }
    fn elementary_divisors(&self) -> Result<Vec<u32>> {
        Ok(RingSolver::elementary_divisors(self))
    }
    fn null_orders(&self) -> Result<Vec<u32>> {
        Ok(RingSolver::null_orders(self))
    }
    fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        Ok(RingSolver::random_solvable(self, seed))
    }
});
