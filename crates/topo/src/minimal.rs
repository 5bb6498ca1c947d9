//! Fewest presses, puzzles by press count or difficulty, and board statistics for a [`Game`],
//! each fed by the same engine that answers [`Game::solve`]: the dense field engine's whole
//! factorisation where the route hands one out ([`Game::dense_field_engine`]), else the quiet
//! patterns of the game's engine (structured, banded, or over a composite modulus with their
//! orders). The command line, C and Python all come here, so they pick the same source and
//! give the same answers.

use crate::error::{Error, Result};
use crate::game::Game;
use lightsout_core::minimal::{self, BatchMinimizer, Budget, CosetSplit, MinimalSolution, Minimizer, Stats, StatsWork};
use lightsout_core::{Field, Modulus};

/// The largest null basis (quiet patterns as `u32` vectors: nullity x lights x 4 bytes) that a
/// fewest-press search holds in memory: 2 GiB. The 1024 x 1024 grid (nullity 484, about 1.9 GiB)
/// fits; larger bases are refused before anything is allocated. The core's own limit (2^34
/// entries, 64 GiB) is far beyond a usual machine.
pub const MAX_NULL_BASIS_BYTES: u128 = 1 << 31;

impl Game {
    /// The solution of `lights` with the fewest presses (over GF(2) the fewest buttons, over
    /// Z_p the smallest sum of press counts), searched within `budget`: every one of the
    /// `p^nullity` solutions in Gray-code order when they fit `budget.max_work`, else a local
    /// search and a branch and bound that stop at the budget and say whether the answer is
    /// proven optimal, with the best lower bound known. Over Z_p the presses `s` satisfy
    /// `M s = -b (mod p)` for the board `b`: pressing them turns every light off.
    ///
    /// The particular solution and the quiet patterns come from the solver behind
    /// [`Game::solve`] (structured, banded or dense). An unsolvable board is an error with the
    /// obstruction ([`crate::Error::is_unsolvable`]); a null basis over
    /// [`MAX_NULL_BASIS_BYTES`] is [`lightsout_core::Error::TooLarge`], checked before it is built.
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// use lightsout_topo::Game;
    /// let game = Game::preset("classic").unwrap();
    /// let mut board = vec![0u32; 25];
    /// for i in [7, 11, 12, 13, 17] {
    ///     board[i] = 1; // one press in the middle makes this
    /// }
    /// let best = game.minimal_solution(&board, &Budget::default()).unwrap();
    /// assert!(best.proven_optimal);
    /// assert_eq!(best.weight, 1);
    /// ```
    pub fn minimal_solution(&self, lights: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        let particular = self.solve(lights)?;
        self.minimal_from_presses(&particular, budget)
    }

    /// The fewest-press member of `presses + (quiet patterns)`: the minimal solution of the
    /// board that `presses` turns off, for callers that already hold one solution (the
    /// command line shows it, then improves it). Same search, sources and limits as
    /// [`Game::minimal_solution`].
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// use lightsout_topo::Game;
    /// let game = Game::grid(4, 4, 2).unwrap(); // nullity 4: 16 solutions per board
    /// let best = game.minimal_from_presses(&[1; 16], &Budget::default()).unwrap();
    /// assert!(best.proven_optimal && best.weight <= 16);
    /// let board = game.apply(&vec![0; 16], &best.presses).unwrap();
    /// assert_eq!(game.apply(&board, &[1; 16]).unwrap(), vec![0; 16]);
    /// ```
    pub fn minimal_from_presses(&self, presses: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        self.check_values("presses", presses, self.size())?;
        if !self.modulus().is_prime() {
            let best = self.minimal_in_ring(presses, budget)?;
            lightsout_core::interrupt::check()?;
            return Ok(best);
        }
        let best = match self.dense_field_engine()? {
            Some(solver) => {
                check_null_basis(solver.nullity(), solver.buttons())?;
                Minimizer::new(solver)?.minimal_from_presses(presses, budget)?
            }
            None => QuietCoset::new(self)?.minimal(presses, budget)?,
        };
        // An interrupted search stops like one out of time; it must not pass for an answer.
        lightsout_core::interrupt::check()?;
        Ok(best)
    }

    /// The bulk fewest-press solver of this game, for many boards at once and for data sets
    /// of random boards with exact distances ([`BatchMinimizer`]): the dense factorisation laid
    /// out once. Needs a prime modulus (an error says so for a composite one) and at most
    /// [`lightsout_core::minimal::MAX_BATCH_COSET`] solutions per board.
    ///
    /// ```
    /// let game = lightsout_topo::Game::preset("classic").unwrap();
    /// assert_eq!(game.batch_minimizer().unwrap().lights(), 25);
    /// assert!(lightsout_topo::Game::grid(3, 3, 4).unwrap().batch_minimizer().is_err());
    /// ```
    pub fn batch_minimizer(&self) -> Result<BatchMinimizer> {
        let k = self.modulus();
        if !k.is_prime() {
            return Err(Error::invalid(format!(
                "exact fewest presses in bulk (data sets, many boards at once, learning environments) need a prime \
                 modulus, but {k} is not prime; Game.minimal_solution answers one board at a time"
            )));
        }
        Ok(BatchMinimizer::new(self.solver()?)?)
    }

    /// A board made by pressing exactly `presses` distinct buttons once each, chosen uniformly
    /// and reproducibly from `seed`: it needs at most that many presses. The same board as
    /// [`lightsout_core::minimal::random_with_presses`] with that seed, but M is only
    /// multiplied (by the structured solver where there is one), never factored, so it works
    /// on the largest boards too.
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// let game = Game::grid(500, 500, 2).unwrap();
    /// let board = game.random_with_presses(3, 10).unwrap();
    /// assert!(game.is_solvable(&board).unwrap());
    /// assert!(Game::preset("classic").unwrap().random_with_presses(1, 26).is_err()); // 25 buttons
    /// ```
    pub fn random_with_presses(&self, seed: u64, presses: usize) -> Result<Vec<u32>> {
        self.check_light_vectors()?;
        self.board_solved_by(&minimal::random_press_pattern(self.size(), seed, presses)?)
    }

    /// The board that the presses `s` turn off: `b = -M s`, so that `b + M s = 0`.
    pub(crate) fn board_solved_by(&self, s: &[u32]) -> Result<Vec<u32>> {
        let f = self.modulus().field();
        Ok(self.apply(&vec![0; self.size()], s)?.into_iter().map(|x| f.neg(x)).collect())
    }

    /// A solvable board whose minimal solution needs exactly `minimal_presses` presses,
    /// reproducible from `seed` (see [`lightsout_core::minimal::random_with_difficulty`] for
    /// how: uniform over all such boards for small games, a random walk with exact minimal
    /// weights otherwise). An error when no board is that hard or the difficulty cannot be
    /// computed exactly. Games with a structured or banded solver walk on its quiet patterns
    /// (the same steps, so the same board, as the dense walk); other games factor M densely.
    /// Over a composite modulus small games draw uniformly from every board of that difficulty
    /// (all press vectors visited), larger ones walk on the generators of the quiet patterns.
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// use lightsout_topo::Game;
    /// let game = Game::preset("classic").unwrap();
    /// let board = game.random_with_difficulty(42, 15).unwrap();
    /// assert_eq!(game.minimal_solution(&board, &Budget::default()).unwrap().weight, 15);
    /// assert!(game.random_with_difficulty(42, 16).is_err()); // 15 is the hardest 5x5 board
    /// // Difficulty 0 means any board, as in every front end: the uniform random solvable board.
    /// assert_eq!(game.random_with_difficulty(42, 0).unwrap(), game.random_solvable(42).unwrap());
    /// ```
    ///
    /// `minimal_presses` 0 means any solvable board, drawn uniformly ([`Game::random_solvable`]
    /// with the same seed), as difficulty 0 means in every front end and in the data sets
    /// (docs/guide/fewest.md, "Difficulty").
    pub fn random_with_difficulty(&self, seed: u64, minimal_presses: u64) -> Result<Vec<u32>> {
        if minimal_presses == 0 {
            return self.random_solvable(seed);
        }
        self.check_light_vectors()?;
        match self.dense_field_engine()? {
            Some(solver) => Ok(minimal::random_with_difficulty(solver, seed, minimal_presses)?),
            None => self.difficulty_walk(seed, minimal_presses),
        }
    }

    /// How many solvable boards need each minimal number of presses, the largest such number
    /// and the mean, exactly (see [`lightsout_core::minimal::stats`]). The `p^lights` coset
    /// members must fit `budget.max_work`, except for games of nullity 0, which only count
    /// press vectors by weight; both need `p^lights < 2^64`, checked before M is factored.
    /// Over a composite modulus every press vector is visited
    /// ([`lightsout_core::minimal::ring_stats`]).
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// let stats = lightsout_topo::Game::grid(3, 3, 2).unwrap().stats(&Budget::default()).unwrap();
    /// assert_eq!((stats.solvable_boards, stats.max_presses), (512, 9));
    /// assert!(lightsout_topo::Game::grid(9, 9, 2).unwrap().stats(&Budget::default()).is_err());
    /// ```
    pub fn stats(&self, budget: &Budget) -> Result<Stats> {
        self.check_stats_size()?;
        self.dense_factorisation()?.stats(budget)
    }

    /// The fewest-press search of `lights` cut into at least `tasks` independent tasks (`None`:
    /// the default split) for a cluster: see [`lightsout_core::minimal::CosetSplit`]. The same
    /// sources and limits as [`Game::minimal_solution`]; combined, the tasks' answers equal its
    /// answer after a complete walk.
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// let game = lightsout_topo::Game::grid(9, 9, 2).unwrap(); // nullity 8
    /// let board = game.random_solvable(4).unwrap();
    /// let split = game.split_minimal(&board, Some(8)).unwrap();
    /// let parts: Vec<_> = (0..split.tasks()).map(|i| split.work().run(i).unwrap()).collect();
    /// assert_eq!(split.combine(&parts).unwrap(), game.minimal_solution(&board, &Budget::default()).unwrap());
    /// ```
    pub fn split_minimal(&self, lights: &[u32], tasks: Option<u64>) -> Result<CosetSplit> {
        self.check_prime_for_split()?;
        let Some(solver) = self.dense_field_engine()? else {
            let particular = self.solve(lights)?;
            return QuietCoset::new(self)?.split(&particular, tasks);
        };
        check_null_basis(solver.nullity(), solver.buttons())?;
        Ok(Minimizer::new(solver)?.split(lights, tasks)?)
    }

    /// The statistics of [`Game::stats`] cut into at least `tasks` independent tasks (`None`:
    /// the default split) for a cluster: see [`lightsout_core::minimal::StatsWork`].
    pub fn split_stats(&self, tasks: Option<u64>) -> Result<StatsWork> {
        self.check_prime_for_split()?;
        self.check_stats_size()?;
        Ok(StatsWork::new(self.solver()?, tasks)?)
    }

    /// The split searches walk cosets of a vector space: a prime modulus.
    fn check_prime_for_split(&self) -> Result<()> {
        if self.modulus().is_prime() {
            return Ok(());
        }
        Err(lightsout_core::Error::InvalidArgument(format!(
            "searches split into tasks need a prime modulus, not {} (use the single-machine search)",
            self.modulus().get()
        ))
        .into())
    }

    /// An error unless all `p^lights` boards can be counted in 64 bits, checked before M is
    /// factored.
    fn check_stats_size(&self) -> Result<()> {
        // The most lights k with p^k < 2^64.
        let p = self.modulus().get() as u128;
        let mut most = 0usize;
        let mut boards = p;
        while boards <= u64::MAX as u128 {
            most += 1;
            boards *= p;
        }
        if self.size() > most {
            return Err(Error::too_large(
                "board statistics",
                self.size() as u128,
                "lights (all p^lights boards are counted in 64 bits)",
                most as u128,
            ));
        }
        Ok(())
    }
}

impl Game {
    /// [`Game::minimal_from_presses`] over a composite modulus: the quiet patterns of the
    /// solver behind [`Game::solve`], each with its additive order, searched by
    /// [`lightsout_core::minimal::minimal_in_module`].
    pub(crate) fn minimal_in_ring(&self, presses: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        let (gens, orders) = self.quiet_generators()?;
        Ok(minimal::minimal_in_module(self.modulus(), presses, &gens, &orders, budget)?)
    }

    /// The generators of the quiet patterns with their additive orders (a basis with orders p
    /// over Z_p), from the engine that answers [`Game::solve`]: over Z_k the structured ring
    /// solver of a large grid, torus or cylinder (M never built, so a 300 x 300 board mod 4 gets
    /// its fewest presses and worst case like a small one), else the dense ring solver. Checked
    /// against [`MAX_NULL_BASIS_BYTES`] before any generator is built.
    pub(crate) fn quiet_generators(&self) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        let orders = self.null_orders()?;
        check_null_basis(orders.len(), self.size())?;
        let gens = self.null_basis()?;
        debug_assert_eq!(gens.len(), orders.len());
        Ok((gens, orders))
    }
}

/// The quiet patterns of the structured or banded solver, held for any number of coset
/// searches: over GF(2) packed (1 bit per entry) as soon as each pattern is taken.
pub(crate) struct QuietCoset {
    modulus: Modulus,
    n: usize,
    values: Vec<Vec<u32>>,
    packed: Vec<Vec<u64>>,
}

impl QuietCoset {
    /// The quiet patterns of `game` (structured or banded), checked against
    /// [`MAX_NULL_BASIS_BYTES`] before they are built.
    pub(crate) fn new(game: &Game) -> Result<Self> {
        let n = game.size();
        check_null_basis(game.nullity()?, n)?;
        let basis = game.null_basis()?;
        let modulus = game.modulus();
        if modulus.get() != 2 {
            return Ok(QuietCoset { modulus, n, values: basis, packed: Vec::new() });
        }
        let packed = basis.into_iter().map(|v| lightsout_core::pack_bits(&v)).collect();
        Ok(QuietCoset { modulus, n, values: Vec::new(), packed })
    }

    /// The fewest-press member of `presses + span(quiet patterns)` within `budget`.
    pub(crate) fn minimal(&self, presses: &[u32], budget: &Budget) -> Result<MinimalSolution> {
        if self.modulus.get() != 2 {
            return Ok(minimal::minimal_in_coset(self.modulus, presses, &self.values, budget)?);
        }
        let particular = lightsout_core::pack_bits(presses);
        Ok(minimal::minimal_in_coset_gf2(self.n, &particular, &self.packed, budget)?)
    }

    /// The search of [`QuietCoset::minimal`] cut into tasks.
    pub(crate) fn split(&self, presses: &[u32], tasks: Option<u64>) -> Result<CosetSplit> {
        if self.modulus.get() != 2 {
            return Ok(minimal::split_in_coset(self.modulus, presses, &self.values, tasks)?);
        }
        let particular = lightsout_core::pack_bits(presses);
        Ok(minimal::split_in_coset_gf2(self.n, &particular, &self.packed, tasks)?)
    }
}

/// An error unless a null basis of `nullity` vectors of `lights` entries fits
/// [`MAX_NULL_BASIS_BYTES`].
pub(crate) fn check_null_basis(nullity: usize, lights: usize) -> Result<()> {
    let needed = nullity as u128 * lights as u128 * 4;
    if needed > MAX_NULL_BASIS_BYTES {
        return Err(Error::too_large(
            "the null basis (quiet patterns) of a fewest-press search",
            needed,
            "bytes",
            MAX_NULL_BASIS_BYTES,
        ));
    }
    Ok(())
}
