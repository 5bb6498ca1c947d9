//! Many boards of one game solved at once, with the GIL released a chunk at a time.

use super::convert::{with_dt, Dt};
use super::errors::LoResult;
use super::game::PyGame;
use super::many;
use lightsout_core::batch::{BadEntry, BoardLayout, Cell};
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
    let asked = super::args::result_dtype(dtype, false, game.get().game.modulus().get())?;
    let many::BatchInput { input, shape, layout, out_dt, p } = many::batch_input(game, boards)?;
    let batch = game.get().batch(py)?;
    let count = shape[0];
    let (presses, solvable) = with_dt!(out_dt, T => run::<T>(py, batch, &input, &layout, count)?)
        .map_err(|bad| many::bad_entry(&shape, &layout, bad, p))?;
    let presses = many::as_dtype(presses.call_method1("reshape", (shape.clone(),))?, out_dt, asked)?;
    if return_solvable {
        let solvable = numpy::PyArray1::from_vec(py, solvable);
        return Ok((presses, solvable).into_pyobject(py)?.into_any());
    }
    if let Some(first) = solvable.iter().position(|&ok| !ok) {
        return Err(many::unsolvable_board(py, game, &input, first));
    }
    Ok(presses)
}

type BatchOut<'py> = std::result::Result<(Bound<'py, PyAny>, Vec<bool>), BadEntry>;

fn run<'py, T: Element + Cell>(
    py: Python<'py>,
    batch: &lightsout_core::batch::BatchSolver,
    input: &Bound<'py, PyUntypedArray>,
    layout: &BoardLayout,
    count: usize,
) -> LoResult<BatchOut<'py>> {
    let mut solvable = vec![false; count];
    let presses = many::solve_rows::<T>(py, input, layout, count, SIGNAL_CHUNK, |start, end, b, s| {
        batch.solve(b, layout, s, &mut solvable[start..end])
    })?;
    Ok(presses.map(|presses| (presses, solvable)))
}
