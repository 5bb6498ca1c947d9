//! `lightsout.from_matrix` over GF(2): a numpy matrix (any integer dtype, entries reduced mod
//! 2, or bit-packed by `numpy.packbits(A, axis=1)`) read straight into the bit-packed rows of
//! the dense engine, with the GIL released, never through a sparse or `int64` copy.

use super::args;
use super::convert::{int_array, shape_text, with_dt, Dt};
use super::errors::LoResult;
use lightsout_core::batch::Cell;
use lightsout_core::pack::Parity;
use lightsout_core::BitMatrix;
use lightsout_topo::Game;
use numpy::{Element, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The GF(2) game of a dense matrix given as numpy (see the module docs).
pub(crate) fn game(py: Python<'_>, matrix: &Bound<'_, PyAny>, packed: bool) -> LoResult<Game> {
    if packed {
        return packed_game(py, matrix);
    }
    let (arr, dt) = int_array(matrix, "matrix")?;
    let n = square(arr.shape(), None)?;
    // Refuse what cannot be factored before the rows are allocated.
    lightsout_core::limits::check_dense_solver(n, n, 2)?;
    let bits = with_dt!(dt, T => read::<T>(py, &arr, n))?;
    Ok(py.detach(|| Game::from_bit_rows(bits))?)
}

/// `n` for an `n x n` matrix (or `n x ceil(n / 8)` bytes when packed), else the error.
fn square(shape: &[usize], packed: Option<()>) -> PyResult<usize> {
    match (shape, packed) {
        ([n, m], None) if n == m => Ok(*n),
        ([n, m], Some(())) if *m == n.div_ceil(8) => Ok(*n),
        (_, None) => Err(PyValueError::new_err(format!(
            "matrix must be square (one button per light), got shape {}",
            shape_text(shape)
        ))),
        (_, Some(())) => Err(PyValueError::new_err(format!(
            "a packed n x n matrix has shape (n, ceil(n / 8)) (numpy.packbits(A, axis=1)), got {}",
            shape_text(shape)
        ))),
    }
}

/// The rows of an integer matrix, each entry reduced mod 2: a contiguous matrix is packed at
/// memory speed with the GIL released ([`BitMatrix::from_parities`]; a Fortran-ordered one is
/// packed as its transpose and transposed back in packed form); any other layout is read entry
/// by entry.
fn read<T: Element + Cell + Parity>(py: Python<'_>, arr: &Bound<'_, PyUntypedArray>, n: usize) -> LoResult<BitMatrix> {
    let typed = arr.cast::<PyArrayDyn<T>>().map_err(|e| PyTypeError::new_err(e.to_string()))?;
    let view = typed.try_readonly()?;
    let fortran = !arr.is_c_contiguous();
    match view.as_slice() {
        Ok(slice) => Ok(py.detach(|| {
            let bits = BitMatrix::from_parities(n, n, slice)?;
            if fortran {
                bits.transposed()
            } else {
                Ok(bits)
            }
        })?),
        Err(_) => {
            let mut bits = BitMatrix::zeros(n, n)?;
            for (i, v) in view.as_array().iter().enumerate() {
                if v.to_i128() & 1 == 1 {
                    bits.set(i / n, i % n, true);
                }
            }
            Ok(bits)
        }
    }
}

/// The rows of `numpy.packbits(A, axis=1)`: `ceil(n / 8)` bytes a row, first entry in the most
/// significant bit, padding bits ignored.
fn packed_game(py: Python<'_>, matrix: &Bound<'_, PyAny>) -> LoResult<Game> {
    let arr = matrix.cast::<PyArrayDyn<u8>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "with packed=True, matrix must be a uint8 numpy array from numpy.packbits(A, axis=1), not {}",
            matrix
                .cast::<PyUntypedArray>()
                .map(|a| format!("an array of dtype {}", a.dtype()))
                .unwrap_or_else(|_| args::type_name(matrix))
        ))
    })?;
    let n = square(arr.shape(), Some(()))?;
    let contiguous = py.import("numpy")?.call_method1("ascontiguousarray", (arr,))?.cast_into::<PyArrayDyn<u8>>()?;
    let view = contiguous.try_readonly()?;
    let bytes = view.as_slice()?;
    Ok(py.detach(|| Game::from_packed_rows(n, bytes))?)
}
