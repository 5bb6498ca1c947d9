//! The questions a [`Game`] answers (rank, solving, counting, pressing), each routed to the
//! core's structured solvers when the game has one and is large, to the banded solver for
//! other large GF(2) games with a geometry, else to the dense solver: the field solver for a
//! prime modulus, the ring solver ([`lightsout_core::RingSolver`]) for a composite one.

use crate::backend::{Structured, RING_CHASING_MIN_LIGHTS, STRUCTURED_MIN_LIGHTS};
use crate::error::Result;
use crate::game::Game;
use lightsout_core::ring::RingGridSolver;
use lightsout_core::{RingSolver, SolutionCount, Solutions, Solver};

/// Where the answers come from (see [`Game::uses_structured_solver`]).
enum Source<'a> {
    Structured(&'a Structured),
    Field(&'a Solver),
    Ring(&'a RingSolver),
    RingGrid(&'a RingGridSolver),
}

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
        self.size() >= STRUCTURED_MIN_LIGHTS
            && self.modulus().is_prime()
            && Structured::applies(self.shape(), self.rule())
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
        self.size() >= RING_CHASING_MIN_LIGHTS
            && !self.modulus().is_prime()
            && Structured::applies(self.shape(), self.rule())
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
        self.size() >= STRUCTURED_MIN_LIGHTS && Structured::banded_applies(self.shape(), self.rule(), self.modulus())
    }

    pub(crate) fn structured_solver(&self) -> Result<Option<&Structured>> {
        if self.uses_structured_solver() {
            self.structured.get_or_try_init(|| Structured::new(self.shape(), self.rule(), self.modulus())).map(Some)
        } else if self.uses_banded_solver() {
            self.structured.get_or_try_init(|| Structured::banded(self.matrix()?)).map(Some)
        } else {
            Ok(None)
        }
    }

    /// The solver that answers: structured or banded, else the dense field solver for a prime
    /// modulus, else the ring solver.
    fn source(&self) -> Result<Source<'_>> {
        if let Some(ring) = self.ring_grid_solver()? {
            return Ok(Source::RingGrid(ring));
        }
        Ok(match self.structured_solver()? {
            Some(s) => Source::Structured(s),
            None if self.modulus().is_prime() => Source::Field(self.solver()?),
            None => Source::Ring(self.ring_solver()?),
        })
    }

    /// The rank of M over Z_p. For a composite modulus Z_k is not a field and this is an error
    /// that points to [`Game::kernel_size`] and [`Game::elementary_divisors`].
    pub fn rank(&self) -> Result<usize> {
        // A dense bit matrix: the rank alone is an elimination of M, a third of the work of the
        // factorisation [M | I] that solving needs (and the same engine).
        if let crate::Rule::Dense { rows } = self.rule() {
            return self
                .dense_rank
                .get_or_try_init(|| {
                    let mut m = rows.0.as_ref().clone();
                    let rank = lightsout_core::elim::gf2::rank(&mut m);
                    lightsout_core::interrupt::check()?;
                    Ok(rank)
                })
                .copied();
        }
        match self.source()? {
            Source::Structured(s) => Ok(s.rank()),
            Source::Field(s) => Ok(s.rank()),
            Source::Ring(r) => Ok(r.rank()?),
            Source::RingGrid(r) => Ok(r.rank()?),
        }
    }
    /// The nullity of M: the dimension of the quiet patterns (prime moduli only, like
    /// [`Game::rank`]).
    pub fn nullity(&self) -> Result<usize> {
        if let crate::Rule::Dense { .. } = self.rule() {
            return Ok(self.size() - self.rank()?);
        }
        match self.source()? {
            Source::Structured(s) => Ok(s.nullity()),
            Source::Field(s) => Ok(s.nullity()),
            Source::Ring(r) => Ok(r.nullity()?),
            Source::RingGrid(r) => Ok(r.nullity()?),
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
        match self.source()? {
            Source::Ring(r) => Ok(r.kernel_size()),
            Source::RingGrid(r) => Ok(r.kernel_size()),
            _ => Ok(SolutionCount::new(self.modulus(), self.nullity()?)),
        }
    }
    /// The number of solvable boards: `p^rank` over Z_p.
    pub fn solvable_boards(&self) -> Result<SolutionCount> {
        match self.source()? {
            Source::Ring(r) => Ok(r.solvable_boards()),
            Source::RingGrid(r) => Ok(r.solvable_boards()),
            _ => Ok(SolutionCount::new(self.modulus(), self.rank()?)),
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
        match self.source()? {
            Source::Ring(r) => Ok(r.elementary_divisors()),
            Source::RingGrid(r) => Ok(r.elementary_divisors()),
            _ => {
                let rank = self.rank()?;
                Ok((0..self.size()).map(|i| if i < rank { 1 } else { self.modulus().get() }).collect())
            }
        }
    }
    /// Generators of the quiet patterns (presses that change nothing): a basis over Z_p; over
    /// Z_k generators whose additive orders are [`Game::null_orders`].
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        match self.source()? {
            Source::Structured(s) => s.null_basis(),
            Source::Field(s) => Ok(s.null_basis()),
            Source::Ring(r) => Ok(r.null_basis()),
            Source::RingGrid(r) => Ok(r.null_basis()?),
        }
    }
    /// The additive order of each vector of [`Game::null_basis`] (p for each over Z_p); the
    /// quiet patterns are the sums `Σ c_i g_i` with `c_i` in `0..order_i`, each once.
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(4, 4, 4).unwrap();
    /// assert_eq!(g.null_orders().unwrap(), vec![2, 2, 4, 4]); // 2 * 2 * 4 * 4 = 64 patterns
    /// ```
    pub fn null_orders(&self) -> Result<Vec<u32>> {
        match self.source()? {
            Source::Ring(r) => Ok(r.null_orders()),
            Source::RingGrid(r) => Ok(r.null_orders()?),
            _ => Ok(vec![self.modulus().get(); self.nullity()?]),
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
        match self.source()? {
            Source::Structured(s) => s.quiet_patterns(count),
            Source::Field(s) => Ok(s.null_basis().into_iter().take(count).collect()),
            Source::Ring(r) => Ok(r.null_basis().into_iter().take(count).collect()),
            Source::RingGrid(r) => Ok(r.quiet_patterns(count)?),
        }
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
        if self.uses_ring_chasing() {
            // The first m generators whose orders multiply to at least `limit`.
            let orders = self.null_orders()?;
            let (mut m, mut reach) = (0usize, 1u128);
            while m < orders.len() && reach < limit as u128 {
                reach *= orders[m] as u128;
                m += 1;
            }
            let particular = self.solve(lights)?;
            return Ok(Solutions::with_orders(
                self.modulus(),
                particular,
                self.quiet_patterns(m)?,
                orders[..m].to_vec(),
            ));
        }
        if !self.modulus().is_prime() {
            return self.solutions(lights);
        }
        let nullity = self.nullity()?;
        let p = self.modulus().get() as u128;
        let (mut m, mut reach) = (0usize, 1u128);
        while m < nullity && reach < limit as u128 {
            m += 1;
            reach *= p;
        }
        let particular = self.solve(lights)?;
        Ok(Solutions::new(self.modulus(), particular, self.quiet_patterns(m)?))
    }

    /// Whether the board (a light vector) can be turned off.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        self.check_values("lights", lights, self.size())?;
        match self.source()? {
            Source::Structured(s) => s.is_solvable(lights),
            Source::Field(s) => Ok(s.is_solvable(lights)?),
            Source::Ring(r) => Ok(r.is_solvable(lights)?),
            Source::RingGrid(r) => Ok(r.is_solvable(lights)?),
        }
    }
    /// Presses that turn the board off; an error with the obstruction if there are none
    /// (check with [`crate::Error::is_unsolvable`]).
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        match self.source()? {
            Source::Structured(s) => s.solve(lights),
            Source::Field(s) => Ok(s.solve(lights)?),
            Source::Ring(r) => Ok(r.solve(lights)?),
            Source::RingGrid(r) => Ok(r.solve(lights)?),
        }
    }
    /// Every solution, lazily.
    pub fn solutions(&self, lights: &[u32]) -> Result<Solutions> {
        self.check_values("lights", lights, self.size())?;
        match self.source()? {
            Source::Structured(s) => s.solutions(lights),
            Source::Field(s) => Ok(s.solutions(lights)?),
            Source::Ring(r) => Ok(r.solutions(lights)?),
            Source::RingGrid(r) => Ok(r.solutions(lights)?),
        }
    }
    /// How many solutions the board has (exact).
    pub fn count_solutions(&self, lights: &[u32]) -> Result<SolutionCount> {
        self.check_values("lights", lights, self.size())?;
        match self.source()? {
            Source::Structured(s) => s.count_solutions(lights),
            Source::Field(s) => Ok(s.count_solutions(lights)?),
            Source::Ring(r) => Ok(r.count_solutions(lights)?),
            Source::RingGrid(r) => Ok(r.count_solutions(lights)?),
        }
    }
    /// The board after pressing: `lights + M presses`. Needs M (or the structured solver), never
    /// a factorisation.
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        self.check_values("presses", presses, self.size())?;
        if self.uses_ring_chasing() {
            return Structured::ring_press(self.shape(), self.rule(), self.modulus(), lights, presses);
        }
        // The banded solver would need its factorisation; M alone does it.
        if !self.uses_banded_solver() {
            if let Some(s) = self.structured_solver()? {
                return s.apply(lights, presses);
            }
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
        let presses = lightsout_core::field::random_presses(self.modulus(), self.size(), seed);
        self.apply(&vec![0; self.size()], &presses)
    }
}
