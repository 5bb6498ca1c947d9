//! Boards in bulk: the batch input shared by `solve_many` and `minimal_many`, fewest presses
//! for many boards (`minimal_many`), random data sets (`dataset`) and the picture layout the
//! notebook board draws from (`Game.geometry`).

use super::args;
use super::convert::{self, int_array, with_dt, Dt};
use super::errors::{LoResult, UnsolvableError};
use super::game::PyGame;
use super::work::{self, interruptible};
use lightsout_core::batch::{BadEntry, BatchError, BoardLayout, Cell};
use lightsout_core::minimal::{BatchMinimizer, Sampler, BLOCK_ROWS};
use lightsout_topo::{Game, Geometry};
use numpy::{Element, PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

/// Rows between two checks for Ctrl-C.
const SIGNAL_ROWS: usize = 64 * BLOCK_ROWS;

/// The most bytes a data set's arrays may take together.
const MAX_DATASET_BYTES: u128 = 1 << 33;

/// A batch of boards read for the batch solvers: a C-contiguous array of the results' dtype
/// (the smallest unsigned one that holds p-1).
pub(crate) struct BatchInput<'py> {
    pub input: Bound<'py, PyUntypedArray>,
    pub shape: Vec<usize>,
    pub layout: BoardLayout,
    pub out_dt: Dt,
    /// The modulus of the game.
    pub p: u32,
}

/// Read `boards` of shape `(B, size)` or `(B, *game.shape)`.
pub(crate) fn batch_input<'py>(game: &Bound<'py, PyGame>, boards: &Bound<'py, PyAny>) -> PyResult<BatchInput<'py>> {
    let g = &game.get().game;
    let (arr, dt) = int_array(boards, "boards")?;
    let shape = arr.shape().to_vec();
    let (n, dims) = (g.size(), g.dims());
    let natural = if shape.len() == 2 && shape[1] == n {
        false
    } else if shape.len() == dims.len() + 1 && shape[1..] == dims[..] {
        true
    } else {
        return Err(PyValueError::new_err(format!(
            "boards must have shape (B, {n}) or (B, {}), got {}",
            dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "),
            convert::shape_text(&shape)
        )));
    };
    let p = g.modulus().get();
    let out_dt = Dt::smallest_for(p);
    // Read as it is when it has that dtype, C order and alignment (the batch solver checks the
    // entries); any other dtype, memory order or alignment (a board array read from a buffer,
    // as Dask's workers receive them) is read once into a new array, checked as it goes.
    let input = if dt == out_dt && arr.is_c_contiguous() && arr.is_aligned() {
        arr
    } else {
        match out_dt {
            Dt::U8 => convert::narrowed_array::<u8>(&arr, dt, "boards", p)?.as_untyped().clone(),
            Dt::U16 => convert::narrowed_array::<u16>(&arr, dt, "boards", p)?.as_untyped().clone(),
            _ => convert::narrowed_array::<u32>(&arr, dt, "boards", p)?.as_untyped().clone(),
        }
    };
    Ok(BatchInput { input, shape, layout: layout(g, natural), out_dt, p })
}

/// The answers of a batch solver: the presses in the shape of the boards and the dtype asked
/// for, what else the solver reports (`extra`), and whether each board is solvable when the
/// caller asked for that (`return_solvable`).
pub(crate) struct Answers<'py, X> {
    pub presses: Bound<'py, PyAny>,
    pub extra: X,
    pub solvable: Option<Bound<'py, PyAny>>,
}

/// What the batch solvers answer in their own way, row by row: the flat presses, `X`, and
/// whether each board is solvable; an entry out of range as the inner `Err`.
pub(crate) type Solved<'py, X> = Result<(Bound<'py, PyAny>, X, Vec<bool>), BadEntry>;

/// The frame shared by `solve_many` and `minimal_many`: reads `boards` (see [`batch_input`]),
/// has `solve` answer them, names a bad entry in the array's own shape, and, unless
/// `return_solvable`, raises for the first unsolvable board.
pub(crate) fn answer_batch<'py, X>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    boards: &Bound<'py, PyAny>,
    return_solvable: bool,
    dtype: Option<&Bound<'py, PyAny>>,
    solve: impl FnOnce(&BatchInput<'py>, usize) -> LoResult<Solved<'py, X>>,
) -> PyResult<Answers<'py, X>> {
    let asked = args::result_dtype(dtype, false, game.get().game.modulus().get())?;
    let batch = batch_input(game, boards)?;
    let shape = &batch.shape;
    let (presses, extra, solvable) =
        solve(&batch, shape[0])?.map_err(|bad| bad_entry(shape, &batch.layout, bad, batch.p))?;
    let presses = as_dtype(presses.call_method1("reshape", (shape.clone(),))?, batch.out_dt, asked)?;
    if return_solvable {
        let solvable = PyArray1::from_vec(py, solvable).into_any();
        return Ok(Answers { presses, extra, solvable: Some(solvable) });
    }
    if let Some(first) = solvable.iter().position(|&ok| !ok) {
        return Err(unsolvable_board(py, game, &batch.input, first));
    }
    Ok(Answers { presses, extra, solvable: None })
}

/// Batch presses computed in `computed` as the dtype the caller asked for (`dtype=`), if any:
/// one numpy conversion of the finished array.
pub(crate) fn as_dtype<'py>(
    presses: Bound<'py, PyAny>,
    computed: Dt,
    asked: Option<Dt>,
) -> PyResult<Bound<'py, PyAny>> {
    match asked {
        Some(dt) if dt != computed => presses.call_method1("astype", (dt.name(),)),
        _ => Ok(presses),
    }
}

/// How a board is stored: flat, or in the natural shape (holes skipped).
pub(crate) fn layout(g: &Game, natural: bool) -> BoardLayout {
    let n = g.size();
    if natural && g.shape().cells() != n {
        BoardLayout { stride: g.shape().cells(), cell_of_light: (0..n).map(|l| cell_of(g, l)).collect() }
    } else {
        BoardLayout { stride: n, cell_of_light: Vec::new() }
    }
}

fn cell_of(g: &Game, light: usize) -> usize {
    let dims = g.dims();
    let coords = g.coords_of(light).unwrap_or_default();
    coords.iter().zip(&dims).fold(0, |acc, (&c, &d)| acc * d + c)
}

/// A bad entry of a batch as a `ValueError` naming it in the array's own shape.
pub(crate) fn bad_entry(shape: &[usize], layout: &BoardLayout, bad: BadEntry, p: u32) -> PyErr {
    let flat = bad.board * layout.stride + bad.position;
    let is_hole = !layout.cell_of_light.is_empty() && layout.cell_of_light.binary_search(&bad.position).is_err();
    let value = bad.value.to_string();
    if is_hole && (0..p as i128).contains(&bad.value) {
        PyValueError::new_err(format!(
            "boards{} is a hole and must hold 0, not {value}",
            convert::index_text(shape, flat)
        ))
    } else {
        convert::out_of_range("boards", shape, flat, value, p)
    }
}

/// The error for board `first` of a batch, which is not solvable: it is solved alone for its
/// obstruction, and the `UnsolvableError` names it (`board_index`).
pub(crate) fn unsolvable_board(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    input: &Bound<'_, PyUntypedArray>,
    first: usize,
) -> PyErr {
    let board = match input.get_item(first) {
        Ok(b) => b,
        Err(e) => return e,
    };
    let err = match game.call_method1("solve", (board,)) {
        Err(e) => e,
        Ok(_) => return PyValueError::new_err("internal error: batch and single solve disagree"),
    };
    if err.is_instance_of::<UnsolvableError>(py) {
        let value = err.value(py);
        let set = value.str().and_then(|why| {
            value.setattr("board_index", first)?;
            value.setattr("args", (format!("board {first} of the batch is not solvable: {why}"),))
        });
        if let Err(e) = set {
            return e;
        }
    }
    err
}

impl PyGame {
    /// The bulk fewest-press solver, built (with the GIL released) on first use.
    pub(crate) fn many(&self, py: Python<'_>) -> LoResult<&BatchMinimizer> {
        if let Some(m) = self.many.get() {
            return Ok(m);
        }
        let game = Arc::clone(&self.game);
        let m = interruptible(py, move || game.batch_minimizer())??;
        Ok(self.many.get_or_init(|| m))
    }

    /// The sampler of boards of `difficulty` (or uniform ones), built once per difficulty.
    fn sampler(&self, py: Python<'_>, difficulty: Option<u64>) -> LoResult<Arc<Sampler>> {
        let found = self.samplers.lock()?.iter().find(|(d, _)| *d == difficulty).cloned();
        if let Some((_, s)) = found {
            return Ok(s);
        }
        let many = self.many(py)?.clone();
        let s = Arc::new(interruptible(py, move || many.sampler(difficulty))??);
        self.samplers.lock()?.push((difficulty, Arc::clone(&s)));
        Ok(s)
    }
}

/// Fewest-press solutions of a batch of boards, exactly (every solution of every board is
/// examined: games with at most 65536 solutions per board). `boards` has shape (B, size) or
/// (B, *game.shape). Returns `(presses, distances)`: presses shaped like the boards (in the
/// smallest unsigned dtype that holds p-1, or `dtype`), distances
/// an int64 vector of fewest-press counts. An unsolvable board raises ValueError naming it,
/// unless `return_solvable=True`: then `(presses, distances, solvable)`, with zero presses and
/// distance 0 for unsolvable boards.
#[pyfunction]
#[pyo3(signature = (game, boards, *, return_solvable=false, dtype=None))]
pub(crate) fn minimal_many<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    boards: &Bound<'py, PyAny>,
    return_solvable: bool,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let answers = answer_batch(py, game, boards, return_solvable, dtype, |batch, count| {
        let many = game.get().many(py)?;
        with_dt!(batch.out_dt, T => run_minimal::<T>(py, many, &batch.input, &batch.layout, count))
    })?;
    let distances = PyArray1::from_vec(py, answers.extra.into_iter().map(|d| d as i64).collect()).into_any();
    match answers.solvable {
        Some(solvable) => Ok((answers.presses, distances, solvable).into_pyobject(py)?.into_any()),
        None => Ok((answers.presses, distances).into_pyobject(py)?.into_any()),
    }
}

fn run_minimal<'py, T: Element + Cell>(
    py: Python<'py>,
    many: &BatchMinimizer,
    input: &Bound<'py, PyUntypedArray>,
    layout: &BoardLayout,
    count: usize,
) -> LoResult<Solved<'py, Vec<u64>>> {
    let (mut distances, mut solvable) = (vec![0u64; count], vec![false; count]);
    let presses = solve_rows::<T>(py, input, layout, count, SIGNAL_ROWS, |start, end, b, s| {
        many.minimal(b, layout, s, &mut distances[start..end], &mut solvable[start..end])
    })?;
    Ok(presses.map(|presses| (presses, distances, solvable)))
}

/// The body shared by the batch solvers: the `count` boards of `input` (`layout.stride`
/// entries each) answered into a new flat presses array of the same dtype, `chunk` boards at a
/// time with the GIL released (Ctrl-C is looked at between chunks). `solve(start, end, boards,
/// presses)` answers boards `start..end`; an entry it finds out of range comes back (indexed
/// in the whole batch) as the inner `Err`.
pub(crate) fn solve_rows<'py, T: Element + Cell>(
    py: Python<'py>,
    input: &Bound<'py, PyUntypedArray>,
    layout: &BoardLayout,
    count: usize,
    chunk: usize,
    mut solve: impl FnMut(usize, usize, &[T], &mut [T]) -> Result<(), BatchError> + Send,
) -> LoResult<Result<Bound<'py, PyAny>, BadEntry>> {
    let typed = input.cast::<PyArrayDyn<T>>()?;
    let view = typed.try_readonly()?;
    let boards = view.as_slice()?;
    let out = PyArray1::<T>::zeros(py, boards.len(), false);
    let mut write = out.try_readwrite()?;
    let presses = write.as_slice_mut()?;
    let stride = layout.stride;
    let walked = work::in_chunks(py, count, chunk, |start, end| {
        let (b, s) = (&boards[start * stride..end * stride], &mut presses[start * stride..end * stride]);
        solve(start, end, b, s).map_err(|e| e.offset(start))
    })?;
    match walked {
        Ok(()) => {}
        Err(BatchError::Entry(bad)) => return Ok(Err(bad)),
        Err(BatchError::Shape(e)) => return Err(e.into()),
    }
    drop(write);
    Ok(Ok(out.into_any()))
}

/// `count` random solvable boards of `game` with their fewest-press solutions and distances
/// (fewest-press counts), reproducible from `seed`: uniform over the solvable boards, or with
/// `difficulty=d` (d >= 1) uniform over those whose fewest-press solution has exactly d
/// presses; `difficulty=0` means uniform too, as in C and on the command line.
/// Returns `(boards, presses, distances)`: boards and presses of shape (count, *game.shape)
/// (flat=True: (count, size)) and the smallest unsigned dtype that holds p-1 (or `dtype`);
/// distances int64.
#[pyfunction]
#[pyo3(signature = (game, count, difficulty=None, seed=None, *, flat=false, dtype=None))]
pub(crate) fn dataset<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    count: &Bound<'py, PyAny>,
    difficulty: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    flat: bool,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let this = game.get();
    let g = &this.game;
    let count = args::size(count, "count")?;
    let difficulty = difficulty.filter(|d| !d.is_none()).map(|d| args::nonneg(d, "difficulty")).transpose()?;
    // 0 is "no difficulty" in every front end (C has no other way to say it).
    let difficulty = difficulty.filter(|&d| d > 0);
    let seed = args::seed(seed)?;
    let layout = layout(g, !flat);
    let p = g.modulus().get();
    let dt = args::result_dtype(dtype, false, p)?.unwrap_or(Dt::smallest_for(p));
    let item = with_dt!(dt, T => std::mem::size_of::<T>()) as u128;
    let bytes = count as u128 * (layout.stride as u128 * 2 * item + 8);
    if bytes > MAX_DATASET_BYTES {
        return Err(PyValueError::new_err(format!(
            "a data set of {count} rows of {} lights needs {bytes} bytes, more than the limit of {MAX_DATASET_BYTES}; \
             ask for fewer rows at a time (the seed's stream continues in blocks of {BLOCK_ROWS} rows)",
            layout.stride
        )));
    }
    let many = this.many(py)?;
    let sampler = this.sampler(py, difficulty)?;
    let (boards, presses, distances) = with_dt!(dt, T => fill::<T>(py, many, &sampler, seed, &layout, count)?);
    let mut dims = vec![count];
    if flat {
        dims.push(g.size());
    } else {
        dims.extend(g.dims());
    }
    let boards = boards.call_method1("reshape", (dims.clone(),))?;
    let presses = presses.call_method1("reshape", (dims,))?;
    Ok((boards, presses, distances).into_pyobject(py)?.into_any())
}

type Filled<'py> = (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>);

fn fill<'py, T: Element + Cell>(
    py: Python<'py>,
    many: &BatchMinimizer,
    sampler: &Sampler,
    seed: u64,
    layout: &BoardLayout,
    count: usize,
) -> LoResult<Filled<'py>> {
    let stride = layout.stride;
    let boards_out = PyArray1::<T>::zeros(py, count * stride, false);
    let presses_out = PyArray1::<T>::zeros(py, count * stride, false);
    let distances_out = PyArray1::<i64>::zeros(py, count, false);
    {
        let mut bw = boards_out.try_readwrite()?;
        let mut sw = presses_out.try_readwrite()?;
        let mut dw = distances_out.try_readwrite()?;
        let (boards, presses) = (bw.as_slice_mut()?, sw.as_slice_mut()?);
        let distances = dw.as_slice_mut()?;
        let mut d = vec![0u64; SIGNAL_ROWS.min(count)];
        work::in_chunks(py, count, SIGNAL_ROWS, |start, end| {
            let rows = end - start;
            let (b, s) = (&mut boards[start * stride..end * stride], &mut presses[start * stride..end * stride]);
            let block = (start / BLOCK_ROWS) as u64;
            many.fill(sampler, seed, block, layout, b, s, &mut d[..rows])?;
            distances[start..end].iter_mut().zip(&d).for_each(|(o, &v)| *o = v as i64);
            Ok::<(), lightsout_core::Error>(())
        })??;
    }
    Ok((boards_out.into_any(), presses_out.into_any(), distances_out.into_any()))
}

/// The picture layout of a game as plain Python data (see `Game.geometry`).
pub(crate) fn geometry<'py>(py: Python<'py>, g: &Game) -> LoResult<Bound<'py, PyDict>> {
    let geo = Geometry::of(g)?;
    let d = PyDict::new(py);
    d.set_item("width", geo.width)?;
    d.set_item("height", geo.height)?;
    d.set_item("round", geo.round)?;
    d.set_item("x", geo.spots.iter().map(|s| s.x).collect::<Vec<_>>())?;
    d.set_item("y", geo.spots.iter().map(|s| s.y).collect::<Vec<_>>())?;
    d.set_item("r", geo.spots.iter().map(|s| s.r).collect::<Vec<_>>())?;
    d.set_item("wraps", geo.wraps.iter().map(|w| w.to_vec()).collect::<Vec<_>>())?;
    d.set_item("twists", geo.twists.iter().map(|w| w.to_vec()).collect::<Vec<_>>())?;
    let labels: Vec<_> = geo.labels.iter().map(|l| (l.x, l.y, l.text.as_str(), l.centred)).collect();
    d.set_item("labels", labels)?;
    d.set_item("links", geo.links.iter().map(|l| (l.from, l.to, l.directed)).collect::<Vec<_>>())?;
    let coords: Vec<Vec<usize>> = (0..g.size()).map(|l| g.coords_of(l).unwrap_or_default()).collect();
    d.set_item("coords", coords)?;
    let m = g.matrix()?;
    let buttons = PyList::empty(py);
    for col in m.columns() {
        buttons.append(col.iter().map(|&(l, v)| (l, v)).collect::<Vec<_>>())?;
    }
    d.set_item("buttons", buttons)?;
    Ok(d)
}
