//! The questions about a whole game at once: how many boards need each press count, and the
//! nullity table of the square grids.

use super::args;
use super::errors::LoResult;
use super::game::PyGame;
use super::{results, work};
use pyo3::prelude::*;

/// The number of solvable boards at each minimal press count (exhaustive: p**size coset
/// members must fit `max_work`, default 2**32; `max_time` seconds, default 60,
/// `float("inf")` for no limit), computed with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, *, max_work=None, max_time=None))]
pub(crate) fn stats(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    max_work: Option<&Bound<'_, PyAny>>,
    max_time: Option<&Bound<'_, PyAny>>,
) -> LoResult<results::PyStats> {
    let budget = args::budget(max_work, max_time)?;
    let g = std::sync::Arc::clone(&game.get().game);
    let s = work::interruptible(py, move || g.stats(&budget))??;
    Ok(results::PyStats::new(s))
}

/// The nullity of the n x n plus-rule grid over GF(2) for n = 1..n_max (each by the
/// structured grid solver, so n in the thousands is fine), as a table that plots itself. An
/// n_max whose table would take more than about ten minutes (past 56,461) is refused at
/// once with a ValueError naming the limit.
#[pyfunction]
pub(crate) fn nullity_table(py: Python<'_>, n_max: &Bound<'_, PyAny>) -> LoResult<results::NullityTable> {
    let n_max = args::size(n_max, "n_max")?;
    // Each n costs about n^2 operations, so a large n_max runs long: Ctrl-C stops it, and one
    // past the work limit is refused before any grid is chased.
    let t = work::interruptible(py, move || lightsout_core::minimal::nullity_table(n_max))??;
    Ok(results::NullityTable::new(t))
}
