//! The `lightsout._core` module: constructors, batch solving and statistics. Every function
//! converts its arguments, calls one topo or core function and converts the result back.

mod args;
mod compact;
mod convert;
mod dense;
mod errors;
mod game;
mod grid_solver;
mod many;
mod results;
mod split;
mod work;

use convert::{int_array, with_dt, Dt};
use errors::{value_error, UnsolvableError};
use game::PyGame;
use lightsout_core::batch::{BadEntry, BatchError, BoardLayout, Cell};
use lightsout_core::{Matrix, Modulus};
use lightsout_topo::{text, Game, Shape};
use numpy::{Element, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Boards solved between two checks for Ctrl-C in `solve_many`.
const SIGNAL_CHUNK: usize = 1 << 17;

fn wrap(game: lightsout_topo::Result<Game>) -> PyResult<PyGame> {
    game.map(PyGame::new).map_err(value_error)
}

fn shaped(shape: Shape, modulus: u64, rule: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    wrap(Game::with_rule(shape, args::rule(rule)?, modulus))
}

/// A rows x cols grid with cut-off edges (the classic game is grid(5, 5)). `rule` is "plus"
/// (default), "neighbours", "moore", "knight", "stencil:DR,DC;..." or a list of offsets.
#[pyfunction]
#[pyo3(signature = (rows, cols, modulus=None, rule=None))]
fn grid(
    rows: &Bound<'_, PyAny>,
    cols: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
    shaped(Shape::Grid { rows, cols }, modulus_of(modulus)?, rule)
}

/// A rows x cols torus (wrapping both ways; the 4x4 Mini is torus(4, 4)). On a side of 1 or 2
/// a light reached twice by one press is toggled once (press sets are sets).
#[pyfunction]
#[pyo3(signature = (rows, cols, modulus=None, rule=None))]
fn torus(
    rows: &Bound<'_, PyAny>,
    cols: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
    shaped(Shape::Torus { rows, cols }, modulus_of(modulus)?, rule)
}

/// A rows x cols cylinder: columns wrap around, rows do not.
#[pyfunction]
#[pyo3(signature = (rows, cols, modulus=None, rule=None))]
fn cylinder(
    rows: &Bound<'_, PyAny>,
    cols: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
    shaped(Shape::Cylinder { rows, cols }, modulus_of(modulus)?, rule)
}

/// A rows x cols Möbius band: the left and right edges are glued with a twist (a step right
/// from row r's last light lands on row rows-1-r's first); the top and bottom are cut off.
#[pyfunction]
#[pyo3(signature = (rows, cols, modulus=None, rule=None))]
fn mobius(
    rows: &Bound<'_, PyAny>,
    cols: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
    shaped(Shape::Mobius { rows, cols }, modulus_of(modulus)?, rule)
}

/// A rows x cols Klein bottle: the left and right edges are glued with a twist, the top and
/// bottom straight.
#[pyfunction]
#[pyo3(signature = (rows, cols, modulus=None, rule=None))]
fn klein(
    rows: &Bound<'_, PyAny>,
    cols: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
    shaped(Shape::Klein { rows, cols }, modulus_of(modulus)?, rule)
}

/// A rows x cols real projective plane: both pairs of edges are glued with a twist (a step
/// down from the last row's column c lands on row 0, column cols-1-c); a corner's two outside
/// neighbours are both the opposite corner, toggled once.
#[pyfunction]
#[pyo3(signature = (rows, cols, modulus=None, rule=None))]
fn projective(
    rows: &Bound<'_, PyAny>,
    cols: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
    shaped(Shape::Projective { rows, cols }, modulus_of(modulus)?, rule)
}

/// The cube with k x k lights on each of its 6 faces (shape (6, k, k), faces up, left, front,
/// right, back, down); a press crosses cube edges, so every light has 4 neighbours.
#[pyfunction]
#[pyo3(signature = (k, modulus=None, rule=None))]
fn cube(k: &Bound<'_, PyAny>, modulus: Option<&Bound<'_, PyAny>>, rule: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    let k = args::size(k, "k")?;
    shaped(Shape::Cube { k }, modulus_of(modulus)?, rule)
}

/// A grid with holes: `cells` is a 2-D array, non-zero (True) where there is a light and its
/// button, 0 (False) for a hole.
#[pyfunction]
#[pyo3(signature = (cells, modulus=None, rule=None))]
fn mask(
    cells: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    let (arr, dt) = int_array(cells, "cells")?;
    let shape = arr.shape().to_vec();
    if shape.len() != 2 {
        return Err(PyValueError::new_err(format!(
            "cells must be a 2-D array (rows x cols), got shape {}",
            convert::shape_text(&shape)
        )));
    }
    let values = convert::entries(&arr, dt, "cells", 2)?;
    let cells = values.iter().map(|&v| v != 0).collect();
    shaped(Shape::Mask { rows: shape[0], cols: shape[1], cells }, modulus_of(modulus)?, rule)
}

/// A graph on vertices 0..n-1: pressing u toggles u (if `self_toggle`) and its neighbours
/// (out-neighbours if `directed`). `edges` is a sequence of pairs or an (E, 2) array.
#[pyfunction]
#[pyo3(signature = (n, edges, directed=false, modulus=None, self_toggle=true))]
fn graph(
    n: &Bound<'_, PyAny>,
    edges: &Bound<'_, PyAny>,
    directed: bool,
    modulus: Option<&Bound<'_, PyAny>>,
    self_toggle: bool,
) -> PyResult<PyGame> {
    let n = args::size(n, "n")?;
    let pairs = args::pairs(edges, "edges")?;
    let mut list = Vec::with_capacity(pairs.len());
    for (i, &(u, v)) in pairs.iter().enumerate() {
        match (usize::try_from(u), usize::try_from(v)) {
            (Ok(u), Ok(v)) => list.push((u, v)),
            _ => {
                return Err(PyValueError::new_err(format!(
                    "edge {i} is ({u}, {v}), but the vertices are 0..{n} (both ends must be >= 0)"
                )))
            }
        }
    }
    let p = modulus_of(modulus)?;
    wrap(Game::graph(n, &list, directed, self_toggle, p))
}

/// n = len(sets) lights where pressing button j adds 1 to every light in sets[j].
#[pyfunction]
#[pyo3(signature = (sets, modulus=None))]
fn from_press_sets(sets: &Bound<'_, PyAny>, modulus: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    let sets = args::sets(sets, "sets")?;
    let p = modulus_of(modulus)?;
    wrap(Game::from_press_sets(sets.len(), sets, p))
}

/// The game whose press matrix is `matrix` (square, integers, reduced mod k for any modulus
/// k >= 2, prime or composite; column j is what button j adds to each light). Over GF(2) (modulus 2, the default) the matrix goes straight
/// into the bit-packed rows of the dense engine (n**2 / 8 bytes, its factorisation 3 n**2 / 8:
/// a random 20,000 x 20,000 matrix is fine), checked against the limits before anything is
/// allocated; `packed=True` takes it as `numpy.packbits(A, axis=1)` (uint8, n x ceil(n / 8)).
#[pyfunction]
#[pyo3(signature = (matrix, modulus=None, *, packed=false))]
fn from_matrix(
    py: Python<'_>,
    matrix: &Bound<'_, PyAny>,
    modulus: Option<&Bound<'_, PyAny>>,
    packed: bool,
) -> PyResult<PyGame> {
    let p = modulus_of(modulus)?;
    if p == 2 {
        return Ok(PyGame::new(dense::game(py, matrix, packed)?));
    }
    if packed {
        return Err(PyValueError::new_err(format!(
            "packed=True is for modulus 2 (one bit per entry), not modulus {p}"
        )));
    }
    // Any k >= 2: a composite modulus is a ring, as for `--matrix` on the command line.
    let modulus = Modulus::ring(p).map_err(value_error)?;
    let (arr, _) = int_array(matrix, "matrix")?;
    let shape = arr.shape().to_vec();
    if shape.len() != 2 || shape[0] != shape[1] {
        return Err(PyValueError::new_err(format!(
            "matrix must be square (one button per light), got shape {}",
            convert::shape_text(&shape)
        )));
    }
    let arr = arr.call_method1("astype", ("int64",))?;
    let typed = arr.cast::<PyArrayDyn<i64>>()?;
    let view = typed.try_readonly().map_err(value_error)?;
    let values: Vec<i64> = view.as_array().iter().copied().collect();
    let m = Matrix::from_flat_reduced(modulus, shape[0], shape[1], &values).map_err(value_error)?;
    wrap(Game::from_matrix(m))
}

/// A named game: classic, mini, deluxe, 2000, cube, merlin (see `presets()`).
#[pyfunction]
fn preset(name: &str) -> PyResult<PyGame> {
    wrap(Game::preset(name))
}

/// Every preset as (name, description).
#[pyfunction]
fn presets() -> Vec<(&'static str, &'static str)> {
    Game::presets().to_vec()
}

/// Rebuild a game from `Game.spec()` text (used by pickle).
#[pyfunction]
fn from_spec(spec: &str) -> PyResult<PyGame> {
    let spec = spec.parse().map_err(value_error)?;
    wrap(Game::from_spec(spec))
}

/// Parse a board from text: one line per row, a digit per light, `.` for 0, `#` for a hole.
/// Returns the game (a grid, or a board with holes) and the lights in its natural shape.
#[pyfunction]
#[pyo3(signature = (text, modulus=None, rule=None))]
fn parse_board<'py>(
    py: Python<'py>,
    text: &str,
    modulus: Option<&Bound<'py, PyAny>>,
    rule: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyGame>, Bound<'py, PyAny>)> {
    let p = modulus_of(modulus)?;
    let (game, lights) = text::parse_board_with(text, args::rule(rule)?, p).map_err(value_error)?;
    let game = PyGame::new(game);
    let arr = game.array(py, &lights, true, Dt::I64)?;
    Ok((Bound::new(py, game)?, arr))
}

/// The number of solvable boards at each minimal press count (exhaustive: p**size coset
/// members must fit `max_work`, default 2**32; `max_time` seconds, default 60,
/// `float("inf")` for no limit), computed with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, *, max_work=None, max_time=None))]
fn stats(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    max_work: Option<&Bound<'_, PyAny>>,
    max_time: Option<f64>,
) -> PyResult<results::PyStats> {
    let budget = args::budget(max_work, max_time)?;
    let g = std::sync::Arc::clone(&game.get().game);
    let s = work::interruptible(py, move || g.stats(&budget))?.map_err(value_error)?;
    Ok(results::PyStats::new(s))
}

/// The nullity of the n x n plus-rule grid over GF(2) for n = 1..n_max (each by the
/// structured grid solver, so n in the thousands is fine), as a table that plots itself.
#[pyfunction]
fn nullity_table(py: Python<'_>, n_max: &Bound<'_, PyAny>) -> PyResult<results::NullityTable> {
    let n_max = args::size(n_max, "n_max")?;
    // Each n costs about n^2 operations, so a large n_max runs long: Ctrl-C stops it.
    let t = work::interruptible(py, move || lightsout_core::minimal::nullity_table(n_max))?.map_err(value_error)?;
    Ok(results::NullityTable::new(t))
}

/// Solve a batch of boards of one game with the GIL released: `boards` has shape (B, size) or
/// (B, *game.shape). Returns presses of the same shape (the boards' dtype when it holds p-1,
/// uint8 for booleans, else int64). An unsolvable board raises UnsolvableError naming it
/// (`board_index`), unless `return_solvable=True`: then the result is (presses, solvable), with
/// all-zero presses for the unsolvable boards. Over a composite modulus k it needs the
/// pseudoinverse over Z_k (see `Game.pseudoinverse`), else ValueError.
#[pyfunction]
#[pyo3(signature = (game, boards, *, return_solvable=false))]
fn solve_many<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    boards: &Bound<'py, PyAny>,
    return_solvable: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let this = game.get();
    let g = &this.game;
    let many::BatchInput { input, shape, layout, out_dt } = many::batch_input(py, g, boards)?;
    let p = g.modulus().get();
    let batch = this.batch(py)?;
    let count = shape[0];
    let (presses, solvable) = with_dt!(out_dt, T => run::<T>(py, batch, &input, &layout, count)?)
        .map_err(|bad| many::bad_entry(&shape, &layout, bad, p))?;
    let presses = presses.call_method1("reshape", (shape.clone(),))?;
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
) -> PyResult<BatchOut<'py>> {
    let typed = input.cast::<PyArrayDyn<T>>()?;
    let view = typed.try_readonly().map_err(value_error)?;
    let boards = view.as_slice().map_err(value_error)?;
    let out = numpy::PyArray1::<T>::zeros(py, boards.len(), false);
    let mut write = out.try_readwrite().map_err(value_error)?;
    let presses = write.as_slice_mut().map_err(value_error)?;
    let mut solvable = vec![false; count];
    let stride = layout.stride;
    let mut start = 0;
    while start < count {
        let end = (start + SIGNAL_CHUNK).min(count);
        let (b, s, ok) = (
            &boards[start * stride..end * stride],
            &mut presses[start * stride..end * stride],
            &mut solvable[start..end],
        );
        match py.detach(|| batch.solve(b, layout, s, ok)) {
            Ok(()) => {}
            Err(BatchError::Entry(mut bad)) => {
                bad.board += start;
                return Ok(Err(bad));
            }
            Err(BatchError::Shape(e)) => return Err(value_error(e)),
        }
        py.check_signals()?;
        start = end;
    }
    drop(write);
    Ok(Ok((out.into_any(), solvable)))
}

/// `modulus=None` means 2.
fn modulus_of(m: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match m {
        Some(m) if !m.is_none() => args::modulus(m),
        _ => Ok(2),
    }
}

/// The module: the game type, its results, the constructors and the batch functions.
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // numpy's C API is looked up once, on the first array made, by running Python code (the
    // import of numpy, its version check). If that first array came inside a call that Ctrl-C
    // interrupts, the lookup would fail on the pending KeyboardInterrupt and the numpy crate
    // would panic. Looking it up here, with any pending signal raised first as itself, means no
    // later call ever runs Python code to reach numpy's API.
    py.import("numpy")?;
    py.check_signals()?;
    numpy::dtype::<u8>(py);
    m.add_class::<PyGame>()?;
    m.add_class::<results::Solutions>()?;
    m.add_class::<results::MinimalSolution>()?;
    m.add_class::<results::WorstCase>()?;
    m.add_class::<results::PyStats>()?;
    m.add_class::<grid_solver::PyGridSolver>()?;
    m.add_class::<results::NullityTable>()?;
    m.add_class::<split::PyMinimalSplit>()?;
    m.add_class::<split::CosetWork>()?;
    m.add_class::<split::CosetPart>()?;
    m.add_class::<split::PyStatsWork>()?;
    m.add_class::<split::StatsPart>()?;
    let unsolvable = py.get_type::<UnsolvableError>();
    unsolvable.setattr("obstruction", py.None())?;
    unsolvable.setattr("obstruction_index", py.None())?;
    unsolvable.setattr("board_index", py.None())?;
    m.add("UnsolvableError", unsolvable)?;
    m.add_function(wrap_pyfunction!(grid, m)?)?;
    m.add_function(wrap_pyfunction!(torus, m)?)?;
    m.add_function(wrap_pyfunction!(cylinder, m)?)?;
    m.add_function(wrap_pyfunction!(mobius, m)?)?;
    m.add_function(wrap_pyfunction!(klein, m)?)?;
    m.add_function(wrap_pyfunction!(projective, m)?)?;
    m.add_function(wrap_pyfunction!(cube, m)?)?;
    m.add_function(wrap_pyfunction!(mask, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(from_press_sets, m)?)?;
    m.add_function(wrap_pyfunction!(from_matrix, m)?)?;
    m.add_function(wrap_pyfunction!(preset, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(from_spec, m)?)?;
    m.add_function(wrap_pyfunction!(parse_board, m)?)?;
    m.add_function(wrap_pyfunction!(stats, m)?)?;
    m.add_function(wrap_pyfunction!(nullity_table, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::minimal_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::dataset, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_minimal, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_stats, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
