//! The hardest board of a [`Game`]: the largest fewest-press count over all solvable boards,
//! with the quiet patterns of the same solver as [`Game::solve`].

use crate::error::Result;
use crate::game::Game;
use lightsout_core::minimal::{self, Budget, Symmetry, WorstCase, WorstSplit};

impl Game {
    /// The worst case of the game ("God's number"): a solvable board whose fewest-press
    /// solution is as heavy as any, its weight, and either a proof that no board needs more
    /// (`proven_optimal`) or an upper bound. Presses count with multiplicity over Z_p, as in
    /// [`Game::minimal_solution`]; the board is `-M presses`.
    ///
    /// Over Z_k for composite k the quiet patterns are the generators of the solver behind
    /// [`Game::solve`] (structured on large grids, tori and cylinders) with their orders. Games with only the zero quiet pattern need every button pressed `k - 1` times. Up to
    /// [`lightsout_core::minimal::EXACT_MEMBERS`] solutions per board, a branch and bound over
    /// the types of buttons searches within `budget` and the witness is checked by the
    /// exhaustive fewest-press search; beyond that the answer is a witness and the averaging
    /// bound (see [`lightsout_core::minimal::worst_case`]). The quiet patterns must fit
    /// [`crate::MAX_NULL_BASIS_BYTES`].
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// use lightsout_topo::Game;
    /// let game = Game::preset("classic").unwrap();
    /// let worst = game.worst_case(&Budget::default()).unwrap();
    /// assert_eq!((worst.weight, worst.proven_optimal), (15, true));
    /// let again = game.minimal_solution(&worst.board, &Budget::default()).unwrap();
    /// assert_eq!(again.weight, 15);
    /// ```
    pub fn worst_case(&self, budget: &Budget) -> Result<WorstCase> {
        self.worst_case_with(budget, &Symmetry::Detect)
    }

    /// [`Game::worst_case`] with the choice of the symmetries its proof uses:
    /// [`Symmetry::Detect`] (the default) finds the grid's, torus's or cylinder's symmetries
    /// that keep the quiet patterns, [`Symmetry::Plain`] uses none (the same answer after
    /// more work: to compare), [`Symmetry::Given`] takes permutations of the buttons (light
    /// order) and refuses any that is not one or does not keep the quiet patterns. Over Z_k
    /// for composite k none is used.
    ///
    /// ```
    /// use lightsout_core::minimal::{Budget, Symmetry};
    /// use lightsout_topo::Game;
    /// let game = Game::torus(5, 5, 2).unwrap();
    /// let plain = game.worst_case_with(&Budget::default(), &Symmetry::Plain).unwrap();
    /// let detect = game.worst_case_with(&Budget::default(), &Symmetry::Detect).unwrap();
    /// assert_eq!((plain.weight, plain.proven_optimal), (detect.weight, detect.proven_optimal));
    /// let short = Symmetry::Given(vec![vec![0, 1, 2]]); // 3 of the 25 buttons
    /// assert!(game.worst_case_with(&Budget::default(), &short).is_err());
    /// ```
    pub fn worst_case_with(&self, budget: &Budget, symmetry: &Symmetry) -> Result<WorstCase> {
        let n = self.size();
        let (gens, orders) = self.quiet_generators()?;
        let board_of = |x: &[u32]| self.board_of(x);
        Ok(minimal::worst_from_module_with(self.modulus(), n, &gens, &orders, budget, symmetry, board_of)?)
    }

    /// [`Game::worst_case`] cut into decisions and tasks for a cluster (see
    /// [`lightsout_core::minimal::WorstSplit`]): `budget` pays for what runs here (the local
    /// search, and the whole search of a game the decisions do not take), each decision is cut
    /// into at least `tasks` tasks. [`Game::worst_of_split`] turns it into the answer.
    ///
    /// ```
    /// use lightsout_core::minimal::Budget;
    /// use lightsout_topo::Game;
    /// let game = Game::grid(9, 9, 2).unwrap();
    /// let mut split = game.worst_split(&Budget::default(), Some(8)).unwrap();
    /// while split.decision().is_some() {
    ///     let work = split.work().unwrap().unwrap().clone();
    ///     let parts: Vec<_> = (0..work.tasks()).map(|i| work.run(i).unwrap()).collect();
    ///     split.absorb(&parts).unwrap();
    /// }
    /// let worst = game.worst_of_split(&split).unwrap();
    /// assert_eq!((worst.weight, worst.proven_optimal), (game.worst_case(&Budget::default()).unwrap().weight, true));
    /// ```
    pub fn worst_split(&self, budget: &Budget, tasks: Option<u64>) -> Result<WorstSplit> {
        self.worst_split_with(budget, tasks, &Symmetry::Detect)
    }

    /// [`Game::worst_split`] with the choice of symmetries (see [`Game::worst_case_with`]):
    /// the decisions use them here and on the workers.
    pub fn worst_split_with(&self, budget: &Budget, tasks: Option<u64>, symmetry: &Symmetry) -> Result<WorstSplit> {
        let (gens, orders) = self.quiet_generators()?;
        Ok(WorstSplit::new_with(self.modulus(), self.size(), &gens, &orders, budget, tasks, symmetry)?)
    }

    /// The worst case as far as `split` got (proven once it has no decision left), its board
    /// computed from its presses.
    pub fn worst_of_split(&self, split: &WorstSplit) -> Result<WorstCase> {
        Ok(split.result(|x| self.board_of(x))?)
    }

    /// The board that `presses` solve, with the core's error type.
    fn board_of(&self, presses: &[u32]) -> lightsout_core::Result<Vec<u32>> {
        self.board_solved_by(presses).map_err(|e| match e {
            crate::Error::Core(e) => e,
            other => lightsout_core::Error::InvalidArgument(other.to_string()),
        })
    }
}
