//! Result objects: the lazy solution iterator, a minimal solution with its certificate, and
//! board statistics.

use super::convert::Dt;
use super::game::PyGame;
use lightsout_core::minimal::{Method, Stats};
use pyo3::prelude::*;

/// An iterator over every solution of a board (numpy arrays in the board's shape). Each step
/// adds one quiet pattern, so nothing is materialised up front; Ctrl-C interrupts it.
#[pyclass(module = "lightsout._core", name = "Solutions")]
pub(crate) struct Solutions {
    game: Py<PyGame>,
    inner: lightsout_core::Solutions,
    natural: bool,
    dt: Dt,
    /// How many solutions in all, for the repr (exact decimal).
    total: String,
}

impl Solutions {
    pub(crate) fn new(
        game: Py<PyGame>,
        inner: lightsout_core::Solutions,
        natural: bool,
        dt: Dt,
        total: String,
    ) -> Self {
        Solutions { game, inner, natural, dt, total }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        py.check_signals()?;
        match self.inner.next() {
            Some(s) => Ok(Some(self.game.get().array(py, &s, self.natural, self.dt)?)),
            None => Ok(None),
        }
    }

    fn __repr__(&self) -> String {
        format!("<lightsout.Solutions: {} solutions in all>", self.total)
    }
}

/// The fewest-press solution found for a board and how sure we are of it.
#[pyclass(frozen, get_all, module = "lightsout._core", name = "MinimalSolution")]
pub(crate) struct MinimalSolution {
    /// The presses, in the shape the board was given.
    presses: Py<PyAny>,
    /// Their weight: the number of presses (over Z_p the sum of the entries).
    weight: u64,
    /// Whether no solution has fewer presses (the search was complete).
    proven_optimal: bool,
    /// Every solution needs at least this many presses.
    lower_bound: u64,
    /// How many coset members or search nodes were examined.
    explored: u64,
    /// "gray-code" (exhaustive) or "branch-and-bound".
    method: &'static str,
}

impl MinimalSolution {
    pub(crate) fn new(presses: Py<PyAny>, m: &lightsout_core::MinimalSolution) -> Self {
        MinimalSolution {
            presses,
            weight: m.weight,
            proven_optimal: m.proven_optimal,
            lower_bound: m.lower_bound,
            explored: m.explored,
            method: match m.method {
                Method::GrayCode => "gray-code",
                Method::BranchAndBound => "branch-and-bound",
                Method::Enumeration => "enumeration",
                Method::LocalSearch => "local-search",
            },
        }
    }
}

#[pymethods]
impl MinimalSolution {
    /// `numpy.asarray(m)` is `m.presses` (so a minimal solution converts like the presses it
    /// holds); `dtype` converts, `copy=True` always copies.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("dtype", dtype)?;
        let how = if copy == Some(true) { "array" } else { "asarray" };
        numpy.call_method(how, (self.presses.bind(py),), Some(&kwargs))
    }

    fn __repr__(&self) -> String {
        format!(
            "MinimalSolution(weight={}, proven_optimal={}, lower_bound={}, method={:?})",
            self.weight,
            if self.proven_optimal { "True" } else { "False" },
            self.lower_bound,
            self.method
        )
    }
}

/// The hardest solvable board found for a game (`Game.worst_case`) and how sure we are.
#[pyclass(frozen, get_all, module = "lightsout._core", name = "WorstCase")]
pub(crate) struct WorstCase {
    /// The board, in the game's natural shape.
    board: Py<PyAny>,
    /// A fewest-press solution of the board, in the same shape.
    presses: Py<PyAny>,
    /// The fewest-press count of the board (with multiplicity over Z_p).
    weight: u64,
    /// Whether no solvable board needs more presses.
    proven_optimal: bool,
    /// No solvable board needs more presses than this.
    upper_bound: u64,
    /// Work done (solution weights updated).
    explored: u64,
    /// Why the answer is not proven when more time or work would not prove it (the game is
    /// beyond the exact search and has too many boards to enumerate), else None.
    note: Option<String>,
}

impl WorstCase {
    pub(crate) fn new(board: Py<PyAny>, presses: Py<PyAny>, w: &lightsout_core::minimal::WorstCase) -> Self {
        WorstCase {
            board,
            presses,
            weight: w.weight,
            proven_optimal: w.proven_optimal,
            upper_bound: w.upper_bound,
            explored: w.explored,
            note: w.note.clone(),
        }
    }
}

#[pymethods]
impl WorstCase {
    fn __repr__(&self) -> String {
        format!(
            "WorstCase(weight={}, proven_optimal={}, upper_bound={})",
            self.weight,
            if self.proven_optimal { "True" } else { "False" },
            self.upper_bound
        )
    }
}

/// How many solvable boards need each minimal number of presses (`lightsout.stats`).
#[pyclass(frozen, module = "lightsout._core", name = "Stats")]
pub(crate) struct PyStats {
    /// `histogram[w]` = the number of solvable boards whose fewest-press solution has w presses.
    #[pyo3(get)]
    histogram: Vec<u64>,
    /// The number of solvable boards (p**rank over Z_p).
    #[pyo3(get)]
    solvable_boards: u64,
    /// The largest minimal press count (the hardest boards).
    #[pyo3(get)]
    max_presses: u64,
    /// The mean minimal press count over the solvable boards.
    #[pyo3(get)]
    mean: f64,
    /// The rank of M (for a composite modulus: the number of elementary divisors equal to 1).
    #[pyo3(get)]
    rank: usize,
    /// The nullity of M (for a composite modulus: the number of elementary divisors equal to 0).
    #[pyo3(get)]
    nullity: usize,
    /// How many solutions every solvable board has (the quiet patterns, zero included).
    #[pyo3(get)]
    kernel_size: u64,
    /// The modulus k.
    #[pyo3(get)]
    modulus: u32,
    inner: Stats,
}

impl PyStats {
    pub(crate) fn new(inner: Stats) -> Self {
        let Stats { ref histogram, solvable_boards, max_presses, mean, rank, nullity, kernel_size, modulus, .. } =
            inner;
        PyStats {
            histogram: histogram.clone(),
            solvable_boards,
            max_presses,
            mean,
            rank,
            nullity,
            kernel_size,
            modulus,
            inner,
        }
    }
}

/// The methods of a result that draws itself: `table()` and `svg()` from its core value's
/// `to_table` and `to_svg` (`$table` and `$svg` their docs), `_repr_svg_` so that Jupyter shows
/// the chart, and the methods in the block.
macro_rules! charted_methods {
    ($class:ident, $(#[$table:meta])* table, $(#[$svg:meta])* svg { $($rest:tt)* }) => {
        #[pymethods]
        impl $class {
            $(#[$table])*
            fn table(&self) -> String {
                self.inner.to_table()
            }
            $(#[$svg])*
            fn svg(&self) -> String {
                self.inner.to_svg()
            }
            fn _repr_svg_(&self) -> String {
                self.inner.to_svg()
            }
            $($rest)*
        }
    };
}

charted_methods!(PyStats,
    /// The histogram as a text table.
    table,
    /// The histogram as an SVG bar chart.
    svg {
    fn __repr__(&self) -> String {
        format!(
            "<lightsout.Stats: {} solvable boards, at most {} presses, mean {:.4}>",
            self.solvable_boards, self.max_presses, self.mean
        )
    }
});

/// The nullity of n x n grids against n (`lightsout.nullity_table`); plots itself in Jupyter.
#[pyclass(frozen, module = "lightsout._core", name = "NullityTable")]
pub(crate) struct NullityTable {
    inner: lightsout_core::minimal::NullityTable,
}

impl NullityTable {
    pub(crate) fn new(inner: lightsout_core::minimal::NullityTable) -> Self {
        NullityTable { inner }
    }
}

charted_methods!(NullityTable,
    /// The table as text, one line per n.
    table,
    /// The plot of nullity against n as SVG.
    svg {
    /// (n, nullity) pairs, n ascending.
    #[getter]
    fn rows(&self) -> Vec<(usize, usize)> {
        self.inner.rows.clone()
    }
    fn __repr__(&self) -> String {
        format!("<lightsout.NullityTable n = 1..{}>", self.inner.rows.len())
    }
});
