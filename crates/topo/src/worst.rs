//! The hardest board of a [`Game`]: the largest fewest-press count over all solvable boards,
//! with the quiet patterns of the same solver as [`Game::solve`].

use crate::error::Result;
use crate::game::Game;
use crate::minimal::check_null_basis;
use lightsout_core::minimal::{self, Budget, WorstCase};

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
        let n = self.size();
        let board_of = |x: &[u32]| {
            self.board_solved_by(x).map_err(|e| match e {
                crate::Error::Core(e) => e,
                other => lightsout_core::Error::InvalidArgument(other.to_string()),
            })
        };
        if !self.modulus().is_prime() {
            let (gens, orders) = self.ring_quiet_patterns()?;
            return Ok(minimal::worst_from_module(self.modulus(), n, &gens, &orders, budget, board_of)?);
        }
        check_null_basis(self.nullity()?, n)?;
        let basis = self.null_basis()?;
        Ok(minimal::worst_from_quiet(self.modulus(), n, &basis, budget, board_of)?)
    }
}
