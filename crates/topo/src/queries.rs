//! The questions a [`Game`] answers (rank, solving, counting, pressing): each asks the one
//! engine that [`Game::engine`] routes the game to, or what the route knows without it (the
//! rank of a dense bit matrix, pressing without a factorisation; see [`crate::route`]). None
//! looks at the path.

use crate::error::Result;
use crate::game::Game;
use lightsout_core::{FactoredSystem, SolutionCount, Solutions};

impl Game {
    /// An answer that follows from the rank over a field: from the rank where the route knows
    /// it without the engine ([`Game::unfactored_rank`]), else from the engine.
    fn from_rank<T>(
        &self,
        by_rank: impl FnOnce(usize) -> T,
        by_engine: impl FnOnce(&dyn FactoredSystem) -> lightsout_core::Result<T>,
    ) -> Result<T> {
        match self.unfactored_rank()? {
            Some(rank) => Ok(by_rank(rank)),
            None => Ok(by_engine(self.engine()?)?),
        }
    }

    /// The rank of M over Z_p. For a composite modulus Z_k is not a field and this is an error
    /// that points to [`Game::kernel_size`] and [`Game::elementary_divisors`].
    pub fn rank(&self) -> Result<usize> {
        self.from_rank(|rank| rank, |e| e.rank())
    }
    /// The nullity of M: the dimension of the quiet patterns (prime moduli only, like
    /// [`Game::rank`]).
    pub fn nullity(&self) -> Result<usize> {
        self.from_rank(|rank| self.size() - rank, |e| e.nullity())
    }
    /// The number of quiet patterns (zero included), which every solvable board has as its
    /// number of solutions: `p^nullity` over Z_p, a product of prime powers over Z_k.
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(4, 4, 4).unwrap();
    /// assert_eq!(g.kernel_size().unwrap().to_u128(), Some(64)); // over GF(2): 16
    /// assert!(g.rank().is_err()); // Z_4 is not a field
    /// ```
    pub fn kernel_size(&self) -> Result<SolutionCount> {
        self.from_rank(|rank| SolutionCount::new(self.modulus(), self.size() - rank), |e| Ok(e.kernel_size()))
    }
    /// The number of solvable boards: `p^rank` over Z_p.
    pub fn solvable_boards(&self) -> Result<SolutionCount> {
        self.from_rank(|rank| SolutionCount::new(self.modulus(), rank), |e| Ok(e.solvable_boards()))
    }
    /// The Smith normal form of M over Z_k: one divisor of k per light, ascending in
    /// divisibility, with k standing for 0 (over Z_p: `rank` ones, then p's). Their product is
    /// the kernel size.
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(2, 2, 6).unwrap();
    /// assert_eq!(g.elementary_divisors().unwrap(), vec![1, 1, 1, 3]);
    /// ```
    pub fn elementary_divisors(&self) -> Result<Vec<u32>> {
        self.from_rank(
            |rank| (0..self.size()).map(|i| if i < rank { 1 } else { self.modulus().get() }).collect(),
            |e| e.elementary_divisors(),
        )
    }
    /// Generators of the quiet patterns (presses that change nothing): a basis over Z_p; over
    /// Z_k generators whose additive orders are [`Game::null_orders`].
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        self.check_light_vectors()?;
        Ok(self.engine()?.null_basis()?)
    }
    /// The additive order of each vector of [`Game::null_basis`] (p for each over Z_p); the
    /// quiet patterns are the sums `Σ c_i g_i` with `c_i` in `0..order_i`, each once.
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(4, 4, 4).unwrap();
    /// assert_eq!(g.null_orders().unwrap(), vec![2, 2, 4, 4]); // 2 * 2 * 4 * 4 = 64 patterns
    /// ```
    pub fn null_orders(&self) -> Result<Vec<u32>> {
        self.from_rank(|rank| vec![self.modulus().get(); self.size() - rank], |e| e.null_orders())
    }
    /// The first `count` vectors of [`Game::null_basis`] (all of them if `count` is at least
    /// the nullity). On the structured and banded solvers only these are built, so a few quiet
    /// patterns of a board far too large for its whole basis can still be shown.
    ///
    /// ```
    /// let big = lightsout_topo::Game::grid(4096, 4096, 2).unwrap();
    /// assert!(big.null_basis().is_err()); // 16 million lights times the nullity
    /// let first = big.quiet_patterns(2).unwrap();
    /// assert_eq!(first.len(), 2);
    /// assert_eq!(big.apply(&first[0], &first[1]).unwrap(), first[0]); // pressing one changes nothing
    /// ```
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        self.check_light_vectors()?;
        Ok(self.engine()?.quiet_patterns(count)?)
    }

    /// Solutions of the board, enough for the first `limit` of [`Game::solutions`] (in the
    /// same order): only the quiet patterns those need are built (the first `m` with
    /// `p^m >= limit`), so `--all --limit K` works on boards whose whole basis does not fit.
    /// The iterator yields `p^m` solutions (at least `limit`, or all of them). Over a composite
    /// modulus it is [`Game::solutions`] (the ring solver is dense: its generators are small).
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(4, 4, 2).unwrap(); // nullity 4: 16 solutions
    /// let board = g.random_solvable(1).unwrap();
    /// let first: Vec<_> = g.solutions_limited(&board, 3).unwrap().collect();
    /// assert_eq!(first.len(), 4); // 2^2 >= 3
    /// assert_eq!(first, g.solutions(&board).unwrap().take(4).collect::<Vec<_>>());
    /// ```
    pub fn solutions_limited(&self, lights: &[u32], limit: u64) -> Result<Solutions> {
        self.check_values("lights", lights, self.size())?;
        let engine = self.engine()?;
        // The first m generators whose orders multiply to at least `limit`.
        let orders = engine.null_orders()?;
        let (mut m, mut reach) = (0usize, 1u128);
        while m < orders.len() && reach < limit as u128 {
            reach *= orders[m] as u128;
            m += 1;
        }
        let particular = engine.solve(lights)?;
        let (basis, orders) = engine.quiet_generators(Some(m))?;
        Ok(Solutions::with_orders(self.modulus(), particular, basis, orders))
    }

    /// Whether the board (a light vector) can be turned off.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        self.check_values("lights", lights, self.size())?;
        Ok(self.engine()?.is_solvable(lights)?)
    }
    /// Presses that turn the board off; an error with the obstruction if there are none
    /// (check with [`crate::Error::is_unsolvable`]).
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        Ok(self.engine()?.solve(lights)?)
    }
    /// Every solution, lazily.
    pub fn solutions(&self, lights: &[u32]) -> Result<Solutions> {
        self.check_values("lights", lights, self.size())?;
        Ok(self.engine()?.solutions(lights)?)
    }
    /// How many solutions the board has (exact).
    pub fn count_solutions(&self, lights: &[u32]) -> Result<SolutionCount> {
        self.check_values("lights", lights, self.size())?;
        Ok(self.engine()?.count_solutions(lights)?)
    }
    /// The board after pressing: `lights + M presses`. Needs M (or the structured solver), never
    /// a factorisation.
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        self.check_values("presses", presses, self.size())?;
        self.press_unfactored(lights, presses)
    }
    /// A board drawn uniformly from the solvable ones (M times uniformly random presses),
    /// reproducible from `seed`; the same board as [`lightsout_core::Solver::random_solvable`] with that seed,
    /// but without factoring M.
    pub fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        self.check_light_vectors()?;
        let presses = lightsout_core::field::random_presses(self.modulus(), self.size(), seed);
        self.apply(&vec![0; self.size()], &presses)
    }
}
