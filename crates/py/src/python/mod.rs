//! The `lightsout._core` module: constructors, batch solving and statistics. Every function
//! converts its arguments, calls one topo or core function and converts the result back.

mod args;
mod batch;
mod compact;
mod convert;
mod dense;
mod errors;
mod game;
mod image;
mod many;
mod results;
#[macro_use]
mod split;
mod split_worst;
mod stats;
mod work;

use convert::{int_array, Dt};
use errors::{LoResult, UnsolvableError};
use game::PyGame;
use lightsout_core::{Matrix, Modulus};
use lightsout_topo::{text, Game, Shape};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

fn wrap(game: lightsout_topo::Result<Game>) -> LoResult<PyGame> {
    Ok(game.map(PyGame::new)?)
}

fn shaped(shape: Shape, modulus: u64, rule: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    Ok(wrap(Game::with_rule(shape, args::rule(rule)?, modulus))?)
}

/// A Python constructor `NAME(rows, cols, modulus=None, rule=None)` for a rows x cols board of
/// one shape: the six planar boards (grid, torus, cylinder and the glued surfaces) differ only
/// in their shape and their docstring.
macro_rules! board_constructor {
    ($(#[$doc:meta])* $name:ident => $shape:ident) => {
        $(#[$doc])*
        #[pyfunction]
        #[pyo3(signature = (rows, cols, modulus=None, rule=None))]
        fn $name(
            rows: &Bound<'_, PyAny>,
            cols: &Bound<'_, PyAny>,
            modulus: Option<&Bound<'_, PyAny>>,
            rule: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyGame> {
            let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
            shaped(Shape::$shape { rows, cols }, modulus_of(modulus)?, rule)
        }
    };
}

board_constructor! {
    /// A rows x cols grid with cut-off edges (the classic game is grid(5, 5)). `rule` is "plus"
    /// (default), "neighbours", "moore", "knight", "stencil:DR,DC;..." or a list of offsets.
    grid => Grid
}

board_constructor! {
    /// A rows x cols torus (wrapping both ways; the 4x4 Mini is torus(4, 4)). On a side of 1 or 2
    /// a light reached twice by one press is toggled once (press sets are sets).
    torus => Torus
}

board_constructor! {
    /// A rows x cols cylinder: columns wrap around, rows do not.
    cylinder => Cylinder
}

board_constructor! {
    /// A rows x cols Möbius band: the left and right edges are glued with a twist (a step right
    /// from row r's last light lands on row rows-1-r's first); the top and bottom are cut off.
    mobius => Mobius
}

board_constructor! {
    /// A rows x cols Klein bottle: the left and right edges are glued with a twist, the top and
    /// bottom straight.
    klein => Klein
}

board_constructor! {
    /// A rows x cols real projective plane: both pairs of edges are glued with a twist (a step
    /// down from the last row's column c lands on row 0, column cols-1-c); a corner's two outside
    /// neighbours are both the opposite corner, toggled once.
    projective => Projective
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
    Ok(wrap(Game::graph(n, &list, directed, self_toggle, p))?)
}

/// n = len(sets) lights where pressing button j adds 1 to every light in sets[j].
#[pyfunction]
#[pyo3(signature = (sets, modulus=None))]
fn from_press_sets(sets: &Bound<'_, PyAny>, modulus: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    let sets = args::sets(sets, "sets")?;
    let p = modulus_of(modulus)?;
    Ok(wrap(Game::from_press_sets(sets.len(), sets, p))?)
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
) -> LoResult<PyGame> {
    let p = modulus_of(modulus)?;
    if p == 2 {
        return Ok(PyGame::new(dense::game(py, matrix, packed)?));
    }
    if packed {
        return Err(PyValueError::new_err(format!(
            "packed=True is for modulus 2 (one bit per entry), not modulus {p}"
        ))
        .into());
    }
    // Any k >= 2: a composite modulus is a ring, as for `--matrix` on the command line.
    let modulus = Modulus::ring(p)?;
    let (arr, _) = int_array(matrix, "matrix")?;
    let shape = arr.shape().to_vec();
    if shape.len() != 2 || shape[0] != shape[1] {
        return Err(PyValueError::new_err(format!(
            "matrix must be square (one button per light), got shape {}",
            convert::shape_text(&shape)
        ))
        .into());
    }
    let arr = arr.call_method1("astype", ("int64",))?;
    let typed = arr.cast::<PyArrayDyn<i64>>()?;
    let view = typed.try_readonly()?;
    let values: Vec<i64> = view.as_array().iter().copied().collect();
    let m = Matrix::from_flat_reduced(modulus, shape[0], shape[1], &values)?;
    wrap(Game::from_matrix(m))
}

/// A named game: classic, mini, deluxe, 2000, cube, merlin (see `presets()`).
#[pyfunction]
fn preset(name: &str) -> PyResult<PyGame> {
    Ok(wrap(Game::preset(name))?)
}

/// Every preset as (name, description).
#[pyfunction]
fn presets() -> Vec<(&'static str, &'static str)> {
    Game::presets().to_vec()
}

/// Rebuild a game from `Game.spec()` text (used by pickle).
#[pyfunction]
fn from_spec(spec: &str) -> LoResult<PyGame> {
    let spec = spec.parse()?;
    wrap(Game::from_spec(spec))
}

/// Parse a board from text: one line per row, a digit per light, `.` for 0, `#` for a hole.
/// Returns the game (a grid, or a board with holes) and the lights in its natural shape and the
/// smallest unsigned dtype that holds k - 1.
#[pyfunction]
#[pyo3(signature = (text, modulus=None, rule=None))]
fn parse_board<'py>(
    py: Python<'py>,
    text: &str,
    modulus: Option<&Bound<'py, PyAny>>,
    rule: Option<&Bound<'py, PyAny>>,
) -> LoResult<(Bound<'py, PyGame>, Bound<'py, PyAny>)> {
    let p = modulus_of(modulus)?;
    let (game, lights) = text::parse_board_with(text, args::rule(rule)?, p)?;
    let dt = Dt::smallest_for(game.modulus().get());
    let game = PyGame::new(game);
    let arr = game.array(py, &lights, true, dt)?;
    Ok((Bound::new(py, game)?, arr))
}

/// `modulus=None` means 2.
fn modulus_of(m: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match m {
        Some(m) if !m.is_none() => args::modulus(m),
        _ => Ok(2),
    }
}

/// How many cached values of games (a press matrix, an engine, a rank) this process has
/// computed so far: a diagnostic for tests, which count factorisations instead of timing them.
#[pyfunction]
fn _values_computed() -> u64 {
    lightsout_topo::values_computed()
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
    m.add_class::<results::NullityTable>()?;
    m.add_class::<split::PyMinimalSplit>()?;
    m.add_class::<split::CosetWork>()?;
    m.add_class::<split::CosetPart>()?;
    m.add_class::<split::PyStatsWork>()?;
    m.add_class::<split::StatsPart>()?;
    m.add_class::<split_worst::PyWorstSplit>()?;
    m.add_class::<split_worst::WorstWork>()?;
    m.add_class::<split_worst::WorstPart>()?;
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
    m.add_function(wrap_pyfunction!(image::read_board, m)?)?;
    m.add_function(wrap_pyfunction!(image::write_board, m)?)?;
    m.add_function(wrap_pyfunction!(stats::stats, m)?)?;
    m.add_function(wrap_pyfunction!(stats::nullity_table, m)?)?;
    m.add_function(wrap_pyfunction!(batch::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::minimal_many, m)?)?;
    m.add_function(wrap_pyfunction!(many::dataset, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_minimal, m)?)?;
    m.add_function(wrap_pyfunction!(split::split_stats, m)?)?;
    m.add_function(wrap_pyfunction!(split_worst::split_worst, m)?)?;
    m.add_function(wrap_pyfunction!(_values_computed, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
