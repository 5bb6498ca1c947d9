//! [`RingGridSolver`]: grids, tori and cylinders over Z_k without the N x N matrix.

use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{check_vector, random_presses, Modulus};
use crate::limits::check_lights;
use crate::ring::chase::Plan;
use crate::ring::crt::Factored;
use crate::ring::part::{BoardShape, Part, PartEngine};
use crate::solutions::Solutions;
use crate::structured::Wrap;

/// Lights Out on a `rows x cols` board (edges of `wrap` joined; the plus rule with
/// `self_toggle`, else the neighbours rule) over Z_k for any `k >= 2`, never building M.
///
/// Each prime-power factor `p^e` of k gets its own engine: for a prime factor the structured
/// field solvers ([`crate::structured::GridSolver`], [`crate::structured::WrapSolver`]), so a
/// prime k answers exactly as they do; for `e >= 2`, light chasing over Z/p^e down to the
/// `n x n` (tori and some cylinders: `2n x 2n`) system A on the first press rows (n the shorter
/// side), which is factored mod p by the field engines and corrected on its kernel mod p by a
/// small Smith form (p-adic lifting, see the `lift` module). The answers recombine by the
/// Chinese remainder theorem as in [`crate::RingSolver`], and are the same up to the choice of
/// solution and of generators: the kernel size, the elementary divisors, solvability.
///
/// M is symmetric for these games, so the quiet patterns are also the obstructions: an
/// unsolvable board is proved so by a quiet pattern y with `y·b != 0`.
///
/// ```
/// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
/// let g = RingGridSolver::new(4, 4, Wrap::None, true, Modulus::ring(4).unwrap()).unwrap();
/// assert_eq!(g.kernel_size().to_u128(), Some(64)); // as the dense ring engine says
/// assert_eq!(g.null_orders().unwrap(), vec![2, 2, 4, 4]);
/// let board = g.random_solvable(3).unwrap();
/// let presses = g.solve(&board).unwrap();
/// assert!(g.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// ```
#[derive(Clone, Debug)]
pub struct RingGridSolver {
    shape: BoardShape,
    modulus: Modulus,
    /// The chase over Z_k itself, for pressing.
    plan: Plan,
    factored: Factored,
}

impl RingGridSolver {
    /// Factor the board over Z_k; an error when a side is zero or the board too large.
    pub fn new(rows: usize, cols: usize, wrap: Wrap, self_toggle: bool, modulus: Modulus) -> Result<Self> {
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidArgument(format!(
                "a board needs at least one row and one column, not {rows}x{cols}"
            )));
        }
        check_lights("a board", rows as u128 * cols as u128)?;
        let shape = BoardShape { rows, cols, wrap, self_toggle };
        let k = modulus.get();
        let lights = rows * cols;
        let factored = Factored::new(modulus, lights, lights, |(p, e)| Part::board(shape, p, e, k))?;
        crate::interrupt::check()?;
        Ok(RingGridSolver { shape, modulus, plan: Plan::new(rows, cols, wrap, self_toggle, k), factored })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.shape.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.shape.cols
    }
    /// Which edges are joined.
    pub fn wrap(&self) -> Wrap {
        self.shape.wrap
    }
    /// Number of lights (and buttons).
    pub fn lights(&self) -> usize {
        self.shape.rows * self.shape.cols
    }
    /// The modulus k.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }

    /// The engine of each prime-power factor, as `(p^e, description)`.
    pub fn engines(&self) -> Vec<(u32, &'static str)> {
        self.factored.parts.iter().map(|pt| (pt.q, pt.engine_name())).collect()
    }

    /// The side of the largest system left after chasing (over all factors).
    pub fn reduced_size(&self) -> usize {
        self.factored
            .parts
            .iter()
            .map(|pt| match &pt.engine {
                PartEngine::Chased { lift, .. } => lift.n(),
                _ => self.plan.unknowns(),
            })
            .max()
            .unwrap_or(0)
    }

    fn field_only(&self, what: &str) -> Result<()> {
        if self.modulus.is_prime() {
            return Ok(());
        }
        Err(Error::InvalidArgument(format!(
            "{what} is defined over a field, and modulus {} is not prime: use the kernel size and \
             the elementary divisors instead",
            self.modulus
        )))
    }
    /// The rank over Z_p; an error for composite k.
    pub fn rank(&self) -> Result<usize> {
        self.field_only("rank")?;
        Ok(self.factored.parts[0].image_exponent())
    }
    /// The nullity over Z_p; an error for composite k.
    pub fn nullity(&self) -> Result<usize> {
        self.field_only("nullity")?;
        Ok(self.factored.parts[0].kernel_exponent())
    }

    /// The number of quiet patterns (zero included): the number of solutions of every
    /// solvable board.
    pub fn kernel_size(&self) -> SolutionCount {
        self.factored.kernel_size()
    }
    /// The number of solvable boards.
    pub fn solvable_boards(&self) -> SolutionCount {
        self.factored.solvable_boards()
    }
    /// The Smith normal form of M over Z_k, one divisor of k per light (k for zero), ascending
    /// in divisibility: all ones but the last few.
    pub fn elementary_divisors(&self) -> Vec<u32> {
        self.factored.elementary_divisors()
    }

    fn check(&self, what: &'static str, v: &[u32]) -> Result<()> {
        check_vector(what, v, self.lights(), self.modulus)
    }

    /// Whether `b + M s = 0 (mod k)` has a solution.
    pub fn is_solvable(&self, board: &[u32]) -> Result<bool> {
        self.check("board", board)?;
        self.factored.is_solvable(board)
    }
    /// One solution, or [`Error::Unsolvable`] with a quiet pattern y (`y M = 0`, `y·b != 0`),
    /// whose index counts through [`RingGridSolver::null_basis`].
    pub fn solve(&self, board: &[u32]) -> Result<Vec<u32>> {
        self.check("board", board)?;
        self.factored.solve(board)
    }

    /// Generators of the quiet patterns over Z_k and their additive orders (the kernel is the
    /// direct sum of their cyclic groups).
    pub fn null_basis_with_orders(&self) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        self.factored.null_basis(None)
    }
    /// Generators of the quiet patterns; see [`RingGridSolver::null_orders`].
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        Ok(self.null_basis_with_orders()?.0)
    }
    /// The additive order of each generator (only the orders are computed, no pattern is built).
    pub fn null_orders(&self) -> Result<Vec<u32>> {
        let mut orders = Vec::new();
        for pt in &self.factored.parts {
            let tail = pt.nonunit_valuations(self.lights());
            orders.extend(tail.iter().map(|&v| pt.p.pow(v)));
        }
        Ok(orders)
    }
    /// The first `count` generators of [`RingGridSolver::null_basis`], built alone (a few
    /// patterns of a board too large for the whole basis).
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        Ok(self.factored.null_basis(Some(count))?.0)
    }
    /// Every solution, lazily.
    pub fn solutions(&self, board: &[u32]) -> Result<Solutions> {
        let particular = self.solve(board)?;
        let (basis, orders) = self.null_basis_with_orders()?;
        Ok(Solutions::with_orders(self.modulus, particular, basis, orders))
    }
    /// How many solutions the board has.
    pub fn count_solutions(&self, board: &[u32]) -> Result<SolutionCount> {
        Ok(if self.is_solvable(board)? { self.kernel_size() } else { SolutionCount::zero(self.modulus) })
    }
    /// The board after pressing: `b + M s (mod k)`.
    pub fn apply(&self, board: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check("board", board)?;
        self.check("presses", presses)?;
        Ok(self.plan.apply(board, presses))
    }
    /// `b + M s (mod k)` on a board of this shape, without factoring anything.
    ///
    /// ```
    /// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
    /// let z6 = Modulus::ring(6).unwrap();
    /// let lit = RingGridSolver::press(1, 3, Wrap::None, true, z6, &[0, 0, 5], &[0, 0, 1]).unwrap();
    /// assert_eq!(lit, vec![0, 1, 0]);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn press(
        rows: usize,
        cols: usize,
        wrap: Wrap,
        self_toggle: bool,
        modulus: Modulus,
        board: &[u32],
        presses: &[u32],
    ) -> Result<Vec<u32>> {
        let lights = rows as u128 * cols as u128;
        check_lights("a board", lights)?;
        check_vector("board", board, lights as usize, modulus)?;
        check_vector("presses", presses, lights as usize, modulus)?;
        Ok(Plan::new(rows, cols, wrap, self_toggle, modulus.get()).apply(board, presses))
    }

    /// A board drawn uniformly from the solvable boards (M times uniformly random presses).
    pub fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        let presses = random_presses(self.modulus, self.lights(), seed);
        Ok(self.plan.apply(&vec![0; self.lights()], &presses))
    }
}
