//! The questions a [`Game`] answers (rank, solving, counting, pressing), each routed to the
//! core's structured solvers when the game has one and is large, to the banded solver for
//! other large GF(2) games with a geometry, else to the dense solver.

use crate::backend::{Structured, STRUCTURED_MIN_LIGHTS};
use crate::error::Result;
use crate::game::Game;
use lightsout_core::{SolutionCount, Solutions};

impl Game {
    /// Whether the answers of [`Game::solve`], [`Game::rank`] and the other questions below come
    /// from the core's structured solvers (grids, tori and cylinders with the plus or
    /// neighbours rule and at least [`STRUCTURED_MIN_LIGHTS`] lights), which never build the
    /// N x N system, rather than from [`Game::solver`].
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
        self.size() >= STRUCTURED_MIN_LIGHTS && Structured::applies(self.shape(), self.rule())
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

    fn structured(&self) -> Result<Option<&Structured>> {
        if self.uses_structured_solver() {
            self.structured.get_or_try_init(|| Structured::new(self.shape(), self.rule(), self.modulus())).map(Some)
        } else if self.uses_banded_solver() {
            self.structured.get_or_try_init(|| Structured::banded(self.matrix()?)).map(Some)
        } else {
            Ok(None)
        }
    }

    /// The rank of M over Z_p.
    pub fn rank(&self) -> Result<usize> {
        match self.structured()? {
            Some(s) => Ok(s.rank()),
            None => Ok(self.solver()?.rank()),
        }
    }
    /// The nullity of M: the dimension of the quiet patterns.
    pub fn nullity(&self) -> Result<usize> {
        match self.structured()? {
            Some(s) => Ok(s.nullity()),
            None => Ok(self.solver()?.nullity()),
        }
    }
    /// A basis of the quiet patterns (presses that change nothing).
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        match self.structured()? {
            Some(s) => s.null_basis(),
            None => Ok(self.solver()?.null_basis()),
        }
    }
    /// Whether the board (a light vector) can be turned off.
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        self.check_values("lights", lights, self.size())?;
        match self.structured()? {
            Some(s) => s.is_solvable(lights),
            None => Ok(self.solver()?.is_solvable(lights)?),
        }
    }
    /// Presses that turn the board off; an error with the obstruction if there are none
    /// (check with [`crate::Error::is_unsolvable`]).
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        match self.structured()? {
            Some(s) => s.solve(lights),
            None => Ok(self.solver()?.solve(lights)?),
        }
    }
    /// Every solution, lazily.
    pub fn solutions(&self, lights: &[u32]) -> Result<Solutions> {
        self.check_values("lights", lights, self.size())?;
        match self.structured()? {
            Some(s) => s.solutions(lights),
            None => Ok(self.solver()?.solutions(lights)?),
        }
    }
    /// How many solutions the board has (exact).
    pub fn count_solutions(&self, lights: &[u32]) -> Result<SolutionCount> {
        self.check_values("lights", lights, self.size())?;
        match self.structured()? {
            Some(s) => s.count_solutions(lights),
            None => Ok(self.solver()?.count_solutions(lights)?),
        }
    }
    /// The board after pressing: `lights + M presses`. Needs M (or the structured solver), never
    /// a factorisation.
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        self.check_values("presses", presses, self.size())?;
        // The banded solver would need its factorisation; M alone does it.
        if !self.uses_banded_solver() {
            if let Some(s) = self.structured()? {
                return s.apply(lights, presses);
            }
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
