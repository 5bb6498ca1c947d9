//! The one trait every solver of the crate implements: a press matrix M over Z_k, factored.
//!
//! Seven engines answer the same questions about `b + M s = 0 (mod k)`: the dense field
//! [`crate::Solver`], the ring [`crate::RingSolver`] and its prime-power [`crate::ring::PowerSolver`],
//! the chasing [`crate::structured::GridSolver`], [`crate::structured::WrapSolver`] and
//! [`crate::ring::RingGridSolver`], and the [`crate::banded::BandedSolver`]. Each knows how to
//! decide, solve, list its quiet patterns and press; everything that follows from those (all
//! solutions, counts, rank and nullity over a field, the Smith divisors of a field, random
//! solvable boards) is written once here, as provided methods.
//!
//! A caller that does not care which engine it has (topo's `Game`, the front ends) holds a
//! `&dyn FactoredSystem` and asks it; a new engine implements the six required methods and
//! overrides a provided one only where it knows a cheaper way.
//!
//! The engines keep their inherent methods (the public interface of each type); where the
//! meaning is the same, the inherent method forwards here, so each derived answer has one body.
//!
//! ```
//! use lightsout_core::{minimal::plus_grid, FactoredSystem, Modulus, RingSolver, Solver};
//! let m = plus_grid(4, 4, Modulus::TWO).unwrap();
//! let engines: Vec<Box<dyn FactoredSystem>> =
//!     vec![Box::new(Solver::new(&m).unwrap()), Box::new(RingSolver::new(&m).unwrap())];
//! for e in &engines {
//!     let board = e.random_solvable(3).unwrap();
//!     assert_eq!(e.count_solutions(&board).unwrap().to_u128(), Some(16)); // nullity 4
//!     assert_eq!(e.solutions(&board).unwrap().count(), 16);
//!     assert_eq!(e.nullity().unwrap(), 4);
//! }
//! ```

use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{random_presses, Modulus};
use crate::solutions::Solutions;

/// A press matrix M (lights x buttons) over Z_k, factored so that boards can be decided and
/// solved. The laws every engine keeps (the integration tests check them on every engine):
/// - `solve(b)` is `Ok(s)` exactly when `is_solvable(b)`, and then `apply(b, s)` is all zero;
///   otherwise it is [`Error::Unsolvable`] with an obstruction `y` (`y M = 0`, `y·(-b) != 0`);
/// - every generator of [`FactoredSystem::quiet_generators`] `g` with order `o` has `M g = 0`
///   and `o g = 0`, and the product of the orders is [`FactoredSystem::kernel_size`].
pub trait FactoredSystem: Send + Sync {
    /// The modulus k.
    fn modulus(&self) -> Modulus;
    /// Number of lights (rows of M).
    fn lights(&self) -> usize;
    /// Number of buttons (columns of M).
    fn buttons(&self) -> usize;
    /// The number of quiet patterns (zero included): `p^nullity` over Z_p, a product of prime
    /// powers over Z_k. Every solvable board has this many solutions.
    fn kernel_size(&self) -> SolutionCount;
    /// Whether `b + M s = 0` has a solution.
    fn is_solvable(&self, board: &[u32]) -> Result<bool>;
    /// One solution, or [`Error::Unsolvable`] with the obstruction that proves there is none.
    fn solve(&self, board: &[u32]) -> Result<Vec<u32>>;
    /// The first `count` generators of the quiet patterns (all of them for `None`), with their
    /// additive orders (p each over Z_p): the kernel is the direct sum of their cyclic groups.
    /// Engines that can build a few patterns of a huge board alone do so for `Some(count)`.
    fn quiet_generators(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)>;
    /// The board after pressing: `b + M s`.
    fn apply(&self, board: &[u32], presses: &[u32]) -> Result<Vec<u32>>;

    /// The nullity over Z_p; an error for a composite modulus, where Z_k is not a field.
    fn nullity(&self) -> Result<usize> {
        require_field(self.modulus(), "nullity")?;
        Ok(self.kernel_size().exponent().expect("a kernel over a field has p^nullity elements"))
    }
    /// The rank over Z_p (`buttons - nullity`); an error for a composite modulus.
    fn rank(&self) -> Result<usize> {
        require_field(self.modulus(), "rank")?;
        Ok(self.buttons() - self.nullity()?)
    }
    /// The number of solvable boards (the image of M): `k^buttons / kernel_size`, which is
    /// `p^rank` over Z_p.
    fn solvable_boards(&self) -> SolutionCount {
        let modulus = self.modulus();
        let all = SolutionCount::new(modulus, self.buttons()).prime_powers().expect("k^buttons is not zero");
        let kernel = self.kernel_size().prime_powers().expect("the kernel holds zero");
        let image: Vec<(u32, usize)> = all.iter().zip(&kernel).map(|(&(p, x), &(_, y))| (p, x - y)).collect();
        SolutionCount::from_prime_powers(modulus, &image).expect("the primes of the modulus")
    }
    /// The Smith normal form of M: one divisor of k per light, ascending in divisibility, k
    /// standing for 0. Over Z_p: `rank` ones, then p's.
    fn elementary_divisors(&self) -> Result<Vec<u32>> {
        let rank = self.rank()?;
        Ok((0..self.lights()).map(|i| if i < rank { 1 } else { self.modulus().get() }).collect())
    }
    /// The additive order of each generator of [`FactoredSystem::null_basis`].
    fn null_orders(&self) -> Result<Vec<u32>> {
        if self.modulus().is_prime() {
            return Ok(vec![self.modulus().get(); self.nullity()?]);
        }
        Ok(self.quiet_generators(None)?.1)
    }
    /// Generators of the quiet patterns: a basis over Z_p.
    fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        Ok(self.quiet_generators(None)?.0)
    }
    /// The first `count` vectors of [`FactoredSystem::null_basis`].
    fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        Ok(self.quiet_generators(Some(count))?.0)
    }
    /// Every solution, lazily: [`FactoredSystem::kernel_size`] of them for a solvable board.
    fn solutions(&self, board: &[u32]) -> Result<Solutions> {
        let particular = self.solve(board)?;
        let (basis, orders) = self.quiet_generators(None)?;
        Ok(Solutions::with_orders(self.modulus(), particular, basis, orders))
    }
    /// How many solutions the board has: the kernel size if solvable, else zero.
    fn count_solutions(&self, board: &[u32]) -> Result<SolutionCount> {
        Ok(if self.is_solvable(board)? { self.kernel_size() } else { SolutionCount::zero(self.modulus()) })
    }
    /// A board drawn uniformly from the solvable ones (M times uniformly random presses),
    /// reproducible from `seed`: the same board from every engine of the same M.
    fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        let presses = random_presses(self.modulus(), self.buttons(), seed);
        self.apply(&vec![0; self.lights()], &presses)
    }
}

/// An error unless the modulus is prime: rank and nullity belong to fields.
pub(crate) fn require_field(modulus: Modulus, what: &str) -> Result<()> {
    if modulus.is_prime() {
        return Ok(());
    }
    Err(Error::InvalidArgument(format!(
        "{what} is defined over a field, and modulus {modulus} is not prime: use the kernel size and \
         the elementary divisors instead"
    )))
}

/// Implements [`FactoredSystem`] for an engine whose inherent `modulus`, `lights`,
/// `is_solvable`, `solve` and `apply` already have the trait's meaning and signature; the
/// block holds the rest (`buttons`, `kernel_size`, `quiet_generators` and any override). Also
/// gives the engine the inherent `solutions` and `count_solutions`, which forward to the trait.
///
/// `factored_system!(square field Engine { .. })` also writes `buttons` (one per light),
/// `kernel_size` (`p^nullity`) and `quiet_generators` (from the engine's own `quiet_patterns`)
/// for a square engine over a prime field.
macro_rules! factored_system {
    (square field $engine:ty { $($rest:tt)* }) => {
        $crate::system::factored_system!($engine {
            fn buttons(&self) -> usize {
                self.lights()
            }
            fn kernel_size(&self) -> $crate::count::SolutionCount {
                $crate::count::SolutionCount::new(self.modulus(), self.nullity())
            }
            fn quiet_generators(&self, count: Option<usize>) -> $crate::error::Result<(Vec<Vec<u32>>, Vec<u32>)> {
                let basis = self.quiet_patterns(count.unwrap_or(usize::MAX))?;
                Ok($crate::system::field_generators(self.modulus(), basis, None))
            }
            $($rest)*
        });
    };
    ($engine:ty { $($rest:tt)* }) => {
        impl $crate::system::FactoredSystem for $engine {
            fn modulus(&self) -> $crate::field::Modulus {
                <$engine>::modulus(self)
            }
            fn lights(&self) -> usize {
                <$engine>::lights(self)
            }
            fn is_solvable(&self, board: &[u32]) -> $crate::error::Result<bool> {
                <$engine>::is_solvable(self, board)
            }
            fn solve(&self, board: &[u32]) -> $crate::error::Result<Vec<u32>> {
                <$engine>::solve(self, board)
            }
            fn apply(&self, board: &[u32], presses: &[u32]) -> $crate::error::Result<Vec<u32>> {
                <$engine>::apply(self, board, presses)
            }
            $($rest)*
        }

        impl $engine {
            /// Every solution, lazily: as many as the kernel size (`p^nullity` over Z_p) for a
            /// solvable board ([`crate::FactoredSystem::solutions`]).
            pub fn solutions(&self, board: &[u32]) -> $crate::error::Result<$crate::solutions::Solutions> {
                $crate::system::FactoredSystem::solutions(self, board)
            }

            /// How many solutions the board has: the kernel size (`p^nullity` over Z_p) if
            /// solvable, else zero ([`crate::FactoredSystem::count_solutions`]).
            pub fn count_solutions(&self, board: &[u32]) -> $crate::error::Result<$crate::count::SolutionCount> {
                $crate::system::FactoredSystem::count_solutions(self, board)
            }
        }
    };
}
pub(crate) use factored_system;

/// The inherent methods of an engine that keeps its press matrix in a `matrix: SparseMatrix`
/// field and answers from it ([`crate::RingSolver`], [`crate::banded::BandedSolver`]): the
/// matrix and its sizes, pressing, and random solvable boards.
macro_rules! sparse_matrix_answers {
    ($engine:ty) => {
        impl $engine {
            /// The press matrix M.
            pub fn matrix(&self) -> &$crate::matrix::SparseMatrix {
                &self.matrix
            }
            /// The modulus of M.
            pub fn modulus(&self) -> $crate::field::Modulus {
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

            /// The board after pressing: `b + M s` (mod the modulus).
            pub fn apply(&self, lights: &[u32], presses: &[u32]) -> $crate::error::Result<Vec<u32>> {
                self.matrix.apply(lights, presses)
            }

            /// A board drawn uniformly from the solvable boards (M times uniformly random
            /// presses), reproducible from `seed`: the same board as
            /// [`crate::Solver::random_solvable`] for the same M over a prime.
            pub fn random_solvable(&self, seed: u64) -> Vec<u32> {
                let presses = $crate::field::random_presses(self.modulus(), self.buttons(), seed);
                self.matrix.mul_vec(&presses).expect("presses have one entry per button")
            }
        }
    };
}
pub(crate) use sparse_matrix_answers;

/// The first `count` of `all` (every one for `None`), each with order `p`: the quiet
/// generators of a field engine that builds its whole basis at once.
pub(crate) fn field_generators(
    modulus: Modulus,
    mut all: Vec<Vec<u32>>,
    count: Option<usize>,
) -> (Vec<Vec<u32>>, Vec<u32>) {
    all.truncate(count.unwrap_or(usize::MAX));
    let orders = vec![modulus.get(); all.len()];
    (all, orders)
}
