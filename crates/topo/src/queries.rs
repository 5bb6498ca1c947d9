//! The questions a [`Game`] answers (rank, solving, counting, pressing): each asks the one
//! engine that [`Game::engine`] routes the game to (see [`crate::route`]).

use crate::error::Result;
use crate::footprint::SolverPath;
use crate::game::Game;
#[allow(unused_imports)] // named by the docs below
use crate::route::{RING_CHASING_MIN_LIGHTS, STRUCTURED_MIN_LIGHTS};
use lightsout_core::{SolutionCount, Solutions};

impl Game {
    /// Whether the answers of [`Game::solve`], [`Game::rank`] and the other questions below come
    /// from the core's structured solvers (grids, tori and cylinders with the plus or
    /// neighbours rule, a prime modulus and at least [`STRUCTURED_MIN_LIGHTS`] lights), which
    /// never build the N x N system, rather than from [`Game::solver`].
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// assert!(!Game::grid(5, 5, 2).unwrap().uses_structured_solver());
    /// let big = Game::grid(300, 300, 2).unwrap();
    /// assert!(big.uses_structured_solver());
    /// let board = big.random_solvable(1).unwrap();
    /// assert!(big.apply(&board, &big.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn uses_structured_solver(&self) -> bool {
        matches!(self.solver_path(), SolverPath::Chasing | SolverPath::WrappedChasing)
    }

    /// Whether the answers come from the core's structured solver over Z_k
    /// ([`lightsout_core::ring::RingGridSolver`]): a composite modulus, a grid, torus or cylinder
    /// with the plus or neighbours rule and at least [`crate::RING_CHASING_MIN_LIGHTS`] lights. It
    /// never builds M: each prime-power factor is chased down to the first rows.
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// let big = Game::grid(300, 300, 4).unwrap();
    /// assert!(big.uses_ring_chasing() && !big.uses_structured_solver());
    /// let board = big.random_solvable(1).unwrap();
    /// assert!(big.apply(&board, &big.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn uses_ring_chasing(&self) -> bool {
        self.solver_path() == SolverPath::RingChasing
    }

    /// Whether the questions below are answered by the core's banded solver: GF(2) games with
    /// a geometry (masks, cubes, grids with other rules) and at least [`STRUCTURED_MIN_LIGHTS`]
    /// lights that have no structured solver. It renumbers the lights into a narrow band and
    /// eliminates there, in about `N * W / 8` bytes for a band of width W (about one side)
    /// where [`Game::solver`] needs `N^2 / 4`.
    ///
    /// ```
    /// use lightsout_topo::{Game, Rule};
    /// let cells: Vec<bool> = (0..80 * 80).map(|i| i % 7 != 3).collect();
    /// let game = Game::mask(80, 80, cells, Rule::Plus, 2).unwrap();
    /// assert!(game.uses_banded_solver());
    /// let board = game.random_solvable(1).unwrap();
    /// assert!(game.apply(&board, &game.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn uses_banded_solver(&self) -> bool {
        self.solver_path() == SolverPath::Banded
    }

    /// The rank of M over Z_p. For a composite modulus Z_k is not a field and this is an error
    /// that points to [`Game::kernel_size`] and [`Game::elementary_divisors`].
    pub fn rank(&self) -> Result<usize> {
        match self.bit_matrix_rank()? {
            Some(rank) => Ok(rank),
            None => Ok(self.engine()?.rank()?),
        }
    }

    /// For a dense bit matrix, its rank by elimination of M alone, a third of the work of the
    /// factorisation `[M | I]` that solving needs (and the same engine): the questions that
    /// follow from the rank never factor such a game. `None` for every other rule.
    fn bit_matrix_rank(&self) -> Result<Option<usize>> {
        let crate::Rule::Dense { rows } = self.rule() else { return Ok(None) };
        let rank = self.dense_rank.get_or_try_init(|| {
            let mut m = rows.0.as_ref().clone();
            let rank = lightsout_core::elim::gf2::rank(&mut m);
            lightsout_core::interrupt::check()?;
            Ok(rank)
        })?;
        Ok(Some(*rank))
    }
    /// The nullity of M: the dimension of the quiet patterns (prime moduli only, like
    /// [`Game::rank`]).
    pub fn nullity(&self) -> Result<usize> {
        match self.bit_matrix_rank()? {
            Some(rank) => Ok(self.size() - rank),
            None => Ok(self.engine()?.nullity()?),
        }
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
        match self.bit_matrix_rank()? {
            Some(rank) => Ok(SolutionCount::new(self.modulus(), self.size() - rank)),
            None => Ok(self.engine()?.kernel_size()),
        }
    }
    /// The number of solvable boards: `p^rank` over Z_p.
    pub fn solvable_boards(&self) -> Result<SolutionCount> {
        match self.bit_matrix_rank()? {
            Some(rank) => Ok(SolutionCount::new(self.modulus(), rank)),
            None => Ok(self.engine()?.solvable_boards()),
        }
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
        match self.bit_matrix_rank()? {
            Some(rank) => Ok((0..self.size()).map(|i| if i < rank { 1 } else { self.modulus().get() }).collect()),
            None => Ok(self.engine()?.elementary_divisors()?),
        }
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
        match self.bit_matrix_rank()? {
            Some(rank) => Ok(vec![self.modulus().get(); self.size() - rank]),
            None => Ok(self.engine()?.null_orders()?),
        }
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
        // The chasing engines press without factoring anything; the banded solver would need
        // its factorisation, where M alone does it.
        match self.solver_path() {
            SolverPath::RingChasing => return self.chased_press(lights, presses),
            SolverPath::Chasing | SolverPath::WrappedChasing => return Ok(self.engine()?.apply(lights, presses)?),
            _ => {}
        }
        if let crate::Rule::Dense { rows } = self.rule() {
            // Light r changes by the parity of row r and the presses: no factorisation.
            let mut packed = vec![0u64; presses.len().div_ceil(64)];
            for (j, &s) in presses.iter().enumerate() {
                packed[j / 64] |= (s as u64 & 1) << (j % 64);
            }
            return Ok(lights.iter().enumerate().map(|(r, &b)| b ^ rows.0.dot_packed(r, &packed) as u32).collect());
        }
        let change = self.matrix()?.mul_vec(presses)?;
        let f = self.modulus().field();
        Ok(lights.iter().zip(change).map(|(&a, b)| lightsout_core::Field::add(&f, a, b)).collect())
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
