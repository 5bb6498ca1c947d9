//! Many boards of one game solved at once, with the GIL released a chunk at a time.

use super::convert::{with_dt, Dt};
use super::errors::LoResult;
use super::game::PyGame;
use super::many;
use lightsout_core::batch::{BoardLayout, Cell};
use numpy::{Element, PyUntypedArray};
use pyo3::prelude::*;

/// Boards solved between two checks for Ctrl-C in `solve_many`.
const SIGNAL_CHUNK: usize = 1 << 17;

/// Solve a batch of boards of one game with the GIL released: `boards` has shape (B, size) or
/// (B, *game.shape), of any integer dtype and memory order. Returns presses of the same shape
/// in the smallest unsigned dtype that holds p-1 (uint8 up to p = 256), or `dtype`. An unsolvable board raises UnsolvableError naming it
/// (`board_index`), unless `return_solvable=True`: then the result is (presses, solvable), with
/// all-zero presses for the unsolvable boards. Over a composite modulus k it needs the
/// pseudoinverse over Z_k (see `Game.pseudoinverse`), else ValueError.
#[pyfunction]
#[pyo3(signature = (game, boards, *, return_solvable=false, dtype=None))]
pub(crate) fn solve_many<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    boards: &Bound<'py, PyAny>,
    return_solvable: bool,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let answers = many::answer_batch(py, game, boards, return_solvable, dtype, |batch, count| {
        let solver = game.get().batch(py)?;
        with_dt!(batch.out_dt, T => run::<T>(py, solver, &batch.input, &batch.layout, count))
    })?;
    match answers.solvable {
        Some(solvable) => Ok((answers.presses, solvable).into_pyobject(py)?.into_any()),
        None => Ok(answers.presses),
    }
}

fn run<'py, T: Element + Cell>(
    py: Python<'py>,
    batch: &lightsout_core::batch::BatchSolver,
    input: &Bound<'py, PyUntypedArray>,
    layout: &BoardLayout,
    count: usize,
) -> LoResult<many::Solved<'py, ()>> {
    let mut solvable = vec![false; count];
    let presses = many::solve_rows::<T>(py, input, layout, count, SIGNAL_CHUNK, |start, end, b, s| {
        batch.solve(b, layout, s, &mut solvable[start..end])
    })?;
    Ok(presses.map(|presses| (presses, (), solvable)))
}
