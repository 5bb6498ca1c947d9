//! Boards of a chosen difficulty on games with a structured or banded solver: the core's random
//! walk (one press changed per step, never moving away from the target, each step's minimal
//! weight proven exact), taken on the quiet patterns of that solver instead of a dense
//! factorisation. The walk draws the same random numbers in the same order as
//! [`lightsout_core::minimal::random_with_difficulty`], and exact weights do not depend on where
//! the quiet patterns came from, so both give the same board for the same seed.

use crate::error::{Error, Result};
use crate::fewest::QuietCoset;
use crate::game::Game;
use lightsout_core::minimal::{Budget, DIFFICULTY_STEPS, DIFFICULTY_TIME};
use lightsout_core::Field;
use rand::{Rng, SeedableRng};
use std::time::Instant;

impl Game {
    /// [`Game::random_with_difficulty`] for games whose `p^lights` exceeds the core's
    /// [`lightsout_core::minimal::EXHAUSTIVE_DIFFICULTY_WORK`] (every structured or banded game
    /// has thousands of lights), so the core would walk too.
    pub(crate) fn difficulty_walk(&self, seed: u64, target: u64) -> Result<Vec<u32>> {
        let (n, p) = (self.size(), self.modulus().get());
        debug_assert!(n >= 64, "smaller games take the exhaustive path of the core");
        let heaviest = n as u128 * (p as u128 - 1);
        if target as u128 > heaviest {
            return Err(Error::invalid(format!(
                "no board needs {target} presses: this game has {n} buttons, so no solution weighs more than {heaviest}"
            )));
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let coset = QuietCoset::new(self)?;
        let nullity = self.nullity()?;
        let end = Instant::now() + DIFFICULTY_TIME;
        let exact = |s: &[u32]| -> Result<u64> {
            let left = end.saturating_duration_since(Instant::now());
            let m = coset.minimal(s, &Budget::new(Budget::default().max_work, Some(left)))?;
            if !m.proven_optimal {
                return Err(Error::invalid(format!(
                    "the minimal press count is not exactly computable for this game within the default budget \
                     ({} coset members, {} s in all; nullity {nullity}): cannot promise a difficulty",
                    Budget::default().max_work,
                    DIFFICULTY_TIME.as_secs(),
                )));
            }
            Ok(m.weight)
        };
        // A random pattern of exactly `target` presses.
        let mut s = vec![0u32; n];
        let mut left = target;
        while left > 0 {
            let j = rng.gen_range(0..n);
            if s[j] + 1 < p {
                s[j] += 1;
                left -= 1;
            }
        }
        let mut current = exact(&s)?;
        let mut hardest = current;
        for _ in 0..DIFFICULTY_STEPS {
            if current == target || Instant::now() >= end {
                break;
            }
            let j = rng.gen_range(0..n);
            let old = s[j];
            s[j] = (old + rng.gen_range(1..p)) % p;
            let w = exact(&s)?;
            hardest = hardest.max(w);
            if w.abs_diff(target) <= current.abs_diff(target) {
                current = w;
            } else {
                s[j] = old;
            }
        }
        if current != target {
            return Err(Error::invalid(format!(
                "found no board needing exactly {target} presses in {DIFFICULTY_STEPS} random steps or {} s (the \
                 hardest seen needs {hardest}); the difficulty may exceed the hardest board of this game",
                DIFFICULTY_TIME.as_secs()
            )));
        }
        // The board that `s` turns off: b = -M s.
        let f = self.modulus().field();
        Ok(self.apply(&vec![0; n], &s)?.into_iter().map(|x| f.neg(x)).collect())
    }
}
