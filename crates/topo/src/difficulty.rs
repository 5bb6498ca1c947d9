//! Boards of a chosen difficulty on games with a structured or banded solver: the core's random
//! walk ([`lightsout_core::minimal::difficulty_walk`]) taken on the quiet patterns of that
//! solver instead of a dense factorisation. Exact weights do not depend on where the quiet
//! patterns came from, so both give the same board for the same seed.

use crate::error::Result;
use crate::game::Game;
use crate::minimal::QuietCoset;
use lightsout_core::minimal::difficulty_walk;

impl Game {
    /// [`Game::random_with_difficulty`] for games whose `p^lights` exceeds the core's
    /// [`lightsout_core::minimal::EXHAUSTIVE_DIFFICULTY_WORK`] (every structured or banded game
    /// has thousands of lights), so the core would walk too; and for games over a composite
    /// modulus: uniform over all boards of that difficulty when every press vector can be
    /// visited, else a walk on the generators of the quiet patterns.
    pub(crate) fn difficulty_walk(&self, seed: u64, target: u64) -> Result<Vec<u32>> {
        let n = self.size();
        if !self.modulus().is_prime() {
            // Large grids, tori and cylinders (thousands of lights) are far past the exhaustive
            // draw, and their quiet patterns come from the structured ring solver: only the
            // dense ring engine is offered one.
            if let Some(ring) = self.dense_ring_engine()? {
                let exhaustive = lightsout_core::minimal::ring_random_with_difficulty(ring, seed, target)?;
                if let Some(board) = exhaustive {
                    return Ok(board);
                }
            }
            let s = difficulty_walk(self.modulus(), n, seed, target, || {
                let generators = self.null_orders()?.len();
                Ok((move |s: &[u32], budget: &_| self.minimal_in_ring(s, budget), generators))
            })?;
            return self.board_solved_by(&s);
        }
        debug_assert!(n >= 64, "smaller games take the exhaustive path of the core");
        let s = difficulty_walk(self.modulus(), n, seed, target, || {
            let coset = QuietCoset::new(self)?;
            Ok((move |s: &[u32], budget: &_| coset.minimal(s, budget), self.nullity()?))
        })?;
        self.board_solved_by(&s)
    }
}
