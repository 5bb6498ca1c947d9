//! The one place where core and topo errors become Python exceptions.

use lightsout_core::Error as CoreError;
use lightsout_topo::Error as TopoError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    lightsout._core,
    UnsolvableError,
    PyValueError,
    "The board has no solution. `obstruction` is a vector y (one entry per light, in the shape \
     the board was given) with y M = 0 and y . b != 0, which proves it; `obstruction_index` says \
     which basis vector of the left null space it is."
);

/// Every error that is not an unsolvable board: a `ValueError` with the message of the error,
/// which says what was wrong and what was expected.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Map a topo error; an unsolvable board carries its obstruction, shaped by `shape_obstruction`.
pub(crate) fn topo_error(
    py: Python<'_>,
    e: TopoError,
    shape_obstruction: impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>>,
) -> PyErr {
    match e {
        TopoError::Core(CoreError::Unsolvable { obstruction_index, obstruction }) => {
            unsolvable(py, obstruction_index, obstruction, shape_obstruction)
        }
        other => value_error(other),
    }
}

/// Map a core error (see [`topo_error`]).
pub(crate) fn core_error(
    py: Python<'_>,
    e: CoreError,
    shape_obstruction: impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>>,
) -> PyErr {
    topo_error(py, TopoError::Core(e), shape_obstruction)
}

/// An `UnsolvableError` with its `obstruction` and `obstruction_index` attributes.
pub(crate) fn unsolvable(
    py: Python<'_>,
    index: usize,
    obstruction: Vec<u32>,
    shape_obstruction: impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>>,
) -> PyErr {
    let err = UnsolvableError::new_err(format!("the board is not solvable: it fails obstruction check {index}"));
    let attach = || -> PyResult<()> {
        let value = err.value(py);
        value.setattr("obstruction", shape_obstruction(py, obstruction)?)?;
        value.setattr("obstruction_index", index)?;
        Ok(())
    };
    match attach() {
        Ok(()) => err,
        Err(other) => other,
    }
}
