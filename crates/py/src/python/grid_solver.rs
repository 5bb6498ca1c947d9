//! `lightsout.GridSolver`, deprecated: the structured solver for plain grids, from the classic
//! 5x5 to boards of 10^10 lights (bit-packed in the layout of `numpy.packbits(board, axis=1)`).
//! `lightsout.grid` answers the same through `Game`, at every size; this class warns and stays
//! for the code that uses it.

use super::args;
use super::convert::{self, int_array, Dt};
use super::errors::{core_error, LoResult, Proof};
use lightsout_core::structured::{GridSolver, PackedBoard};
use lightsout_core::Modulus;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Deprecated: use `lightsout.grid(rows, cols, modulus)` (a `Game`; `rule="neighbours"` for
/// `self_toggle=False`), which answers the same questions through this same solver, with
/// bit-packed boards (`packed=True`, the same layout as `solve_packed`) up to the engine's
/// 2**40 lights. Constructing a GridSolver warns (DeprecationWarning); it keeps working.
///
/// Lights Out on a rows x cols grid with cut-off edges (plus rule, or neighbours only with
/// `self_toggle=False`) over Z_p, solved by light chasing and one polynomial gcd: nothing of
/// size N x N is ever built, so construction and every solve cost about as much as reading the
/// board. The GIL is released while it works.
#[pyclass(frozen, module = "lightsout._core", name = "GridSolver")]
pub(crate) struct PyGridSolver {
    inner: GridSolver,
}

impl PyGridSolver {
    /// A board given as (rows, cols) or flat: its values and whether it came 2-D.
    fn board(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(Vec<u32>, bool, Dt)> {
        let (arr, dt) = int_array(obj, what)?;
        let (rows, cols) = (self.inner.rows(), self.inner.cols());
        let n = rows * cols;
        let shape = arr.shape().to_vec();
        let natural = if shape.len() == 1 && shape[0] == n {
            false
        } else if shape == [rows, cols] {
            true
        } else {
            return Err(convert::shape_error(what, &shape, n, &[rows, cols]));
        };
        let p = self.inner.modulus().get();
        Ok((convert::entries(&arr, dt, what, p)?, natural, Dt::smallest_for(p)))
    }

    fn out<'py>(&self, py: Python<'py>, values: &[u32], natural: bool, dt: Dt) -> PyResult<Bound<'py, PyAny>> {
        let arr = convert::vector(py, values, dt);
        if natural {
            Ok(arr.call_method1("reshape", ((self.inner.rows(), self.inner.cols()),))?)
        } else {
            Ok(arr)
        }
    }

    fn proof(&self) -> Proof<'static> {
        Proof { modulus: self.inner.modulus().get(), game: None }
    }

    fn shaper(&self, natural: bool) -> impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>> + '_ {
        move |py, y| Ok(self.out(py, &y, natural, Dt::I64)?.unbind())
    }

    /// A packed board: a uint8 array of shape (rows, ceil(cols / 8)).
    fn packed(&self, py: Python<'_>, obj: &Bound<'_, PyAny>) -> LoResult<PackedBoard> {
        let (rows, cols) = (self.inner.rows(), self.inner.cols());
        let width = cols.div_ceil(8);
        let arr = obj.cast::<PyArrayDyn<u8>>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "a packed board must be a uint8 numpy array of shape ({rows}, {width}) from numpy.packbits(board, axis=1), not {}",
                args::type_name(obj)
            ))
        })?;
        if arr.shape() != [rows, width] {
            return Err(PyValueError::new_err(format!(
                "a packed board must have shape ({rows}, {width}) (numpy.packbits(board, axis=1)), got {}",
                convert::shape_text(arr.shape())
            ))
            .into());
        }
        let np = py.import("numpy")?;
        let contiguous = np.call_method1("ascontiguousarray", (arr,))?.cast_into::<PyArrayDyn<u8>>()?;
        let view = contiguous.try_readonly()?;
        let bytes = view.as_slice()?;
        Ok(py.detach(|| PackedBoard::from_packbits(rows, cols, bytes))?)
    }

    fn unpacked<'py>(&self, py: Python<'py>, board: &PackedBoard) -> PyResult<Bound<'py, PyAny>> {
        let bytes = py.detach(|| board.to_packbits());
        let arr = PyArray1::from_vec(py, bytes);
        Ok(arr.call_method1("reshape", ((board.rows(), board.cols().div_ceil(8)),))?)
    }
}

#[pymethods]
impl PyGridSolver {
    #[new]
    #[pyo3(signature = (rows, cols, modulus=None, self_toggle=true))]
    fn new(
        py: Python<'_>,
        rows: &Bound<'_, PyAny>,
        cols: &Bound<'_, PyAny>,
        modulus: Option<&Bound<'_, PyAny>>,
        self_toggle: bool,
    ) -> LoResult<Self> {
        let warning = py.get_type::<pyo3::exceptions::PyDeprecationWarning>();
        PyErr::warn(
            py,
            &warning,
            c"lightsout.GridSolver is deprecated: use lightsout.grid(rows, cols, modulus) (a Game; rule=\"neighbours\" \
              for self_toggle=False), the same solver, with packed=True for large boards",
            1,
        )?;
        let (rows, cols) = (args::size(rows, "rows")?, args::size(cols, "cols")?);
        let p = match modulus.filter(|m| !m.is_none()) {
            Some(m) => args::modulus(m)?,
            None => 2,
        };
        let modulus = Modulus::new(p)?;
        // Building it chases every light (hours for 2^40 of them): Ctrl-C stops it.
        let inner = super::work::interruptible(py, move || GridSolver::new(rows, cols, self_toggle, modulus))??;
        Ok(PyGridSolver { inner })
    }

    /// (rows, cols).
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.inner.rows(), self.inner.cols())
    }
    /// Number of lights.
    #[getter]
    fn size(&self) -> usize {
        self.inner.lights()
    }
    /// The prime modulus p.
    #[getter]
    fn modulus(&self) -> u32 {
        self.inner.modulus().get()
    }
    /// Whether a press changes its own light (the plus rule) or only its neighbours.
    #[getter]
    fn self_toggle(&self) -> bool {
        self.inner.self_toggle()
    }
    /// The rank of M.
    #[getter]
    fn rank(&self) -> usize {
        self.inner.rank()
    }
    /// The nullity of M (Sutner's formula: the degree of one polynomial gcd).
    #[getter]
    fn nullity(&self) -> usize {
        self.inner.nullity()
    }

    /// Whether the board (rows x cols, or flat) can be turned off.
    fn is_solvable(&self, py: Python<'_>, lights: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (b, natural, _) = self.board(lights, "lights")?;
        let inner = &self.inner;
        py.detach(|| inner.is_solvable(&b)).map_err(|e| core_error(py, e, self.proof(), self.shaper(natural)))
    }

    /// Presses that turn the board off, in the shape given; UnsolvableError (with the quiet
    /// pattern that proves it as `obstruction`) if there are none.
    fn solve<'py>(&self, py: Python<'py>, lights: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let (b, natural, dt) = self.board(lights, "lights")?;
        let inner = &self.inner;
        let s = py.detach(|| inner.solve(&b)).map_err(|e| core_error(py, e, self.proof(), self.shaper(natural)))?;
        self.out(py, &s, natural, dt)
    }

    /// How many solutions the board has, exactly.
    fn count_solutions<'py>(&self, py: Python<'py>, lights: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let (b, natural, _) = self.board(lights, "lights")?;
        let inner = &self.inner;
        let count = py
            .detach(|| inner.count_solutions(&b))
            .map_err(|e| core_error(py, e, self.proof(), self.shaper(natural)))?;
        match count.exponent() {
            None => Ok(0i64.into_pyobject(py)?.into_any()),
            Some(e) => Ok(count.modulus().get().into_pyobject(py)?.into_any().pow(e, py.None())?),
        }
    }

    /// The board after pressing: lights + M presses (mod p), in the shape of `lights`.
    fn apply<'py>(
        &self,
        py: Python<'py>,
        lights: &Bound<'py, PyAny>,
        presses: &Bound<'py, PyAny>,
    ) -> LoResult<Bound<'py, PyAny>> {
        let (b, natural, dt) = self.board(lights, "lights")?;
        let (s, _, _) = self.board(presses, "presses")?;
        let inner = &self.inner;
        let after = py.detach(|| inner.apply(&b, &s))?;
        Ok(self.out(py, &after, natural, dt)?)
    }

    /// A basis of the quiet patterns, (nullity, rows * cols) int64.
    fn null_space<'py>(&self, py: Python<'py>) -> LoResult<Bound<'py, PyAny>> {
        let inner = &self.inner;
        let basis = py.detach(|| inner.null_basis())?;
        let values = basis.iter().flatten().map(|&v| v as i64).collect();
        Ok(convert::matrix(py, basis.len(), self.inner.lights(), values)?)
    }

    /// Whether a bit-packed GF(2) board (uint8, shape (rows, ceil(cols / 8)), as made by
    /// numpy.packbits(board, axis=1)) can be turned off.
    fn is_solvable_packed(&self, py: Python<'_>, packed: &Bound<'_, PyAny>) -> LoResult<bool> {
        self.require_gf2()?;
        let board = self.packed(py, packed)?;
        let inner = &self.inner;
        Ok(py.detach(|| inner.is_solvable_packed_gf2(&board))?)
    }

    /// The presses for a bit-packed GF(2) board, bit-packed the same way (numpy.unpackbits(s,
    /// axis=1, count=cols) unpacks them). UnsolvableError if there are none, with the proof
    /// `obstruction` packed the same way.
    fn solve_packed<'py>(&self, py: Python<'py>, packed: &Bound<'py, PyAny>) -> LoResult<Bound<'py, PyAny>> {
        self.require_gf2()?;
        let board = self.packed(py, packed)?;
        let inner = &self.inner;
        let Some(s) = py.detach(|| inner.try_solve_packed_gf2(&board))? else {
            let y = py.detach(|| inner.obstruction_packed(&board))?;
            let y = y.ok_or_else(|| PyValueError::new_err("internal error: no obstruction for an unsolvable board"))?;
            let arr = self.unpacked(py, &y)?.unbind();
            return Err(super::errors::unsolvable(py, 0, Vec::new(), self.proof(), move |_, _| Ok(arr)).into());
        };
        drop(board);
        Ok(self.unpacked(py, &s)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<lightsout.GridSolver {}x{}, {} rule, modulus {}, nullity {}>",
            self.inner.rows(),
            self.inner.cols(),
            if self.inner.self_toggle() { "plus" } else { "neighbours" },
            self.inner.modulus(),
            self.inner.nullity()
        )
    }
}

impl PyGridSolver {
    fn require_gf2(&self) -> PyResult<()> {
        if self.inner.modulus().get() != 2 {
            return Err(PyValueError::new_err(format!(
                "packed boards are GF(2) boards (modulus 2); this solver has modulus {}",
                self.inner.modulus()
            )));
        }
        Ok(())
    }
}
