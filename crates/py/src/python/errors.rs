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
    let words = lightsout_topo::words::FrontEnd::Python;
    PyValueError::new_err(lightsout_topo::words::in_words_of(words, &e.to_string()))
}

/// The error bridge: whatever a binding function meets on its way (a core or topo error, an
/// exception already raised, a numpy array it cannot read), `?` turns into this, and PyO3
/// raises it as the matching Python exception. Core and topo errors become `ValueError`s with
/// their message; an unsolvable board that should carry its proof goes through [`topo_error`]
/// instead, which attaches the obstruction in the board's shape.
pub(crate) enum Failure {
    /// An exception already made (a pending Ctrl-C, a wrong argument type).
    Python(PyErr),
    /// A refusal or failure of the library, with its message.
    Library(TopoError),
    /// An array that cannot be read as the call needs (borrowed elsewhere, not contiguous) or
    /// a lock poisoned by an earlier panic.
    Value(String),
}

/// What binding functions return: `?` works on core, topo, numpy and Python errors alike.
pub(crate) type LoResult<T> = Result<T, Failure>;

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Self {
        Failure::Python(e)
    }
}
impl From<TopoError> for Failure {
    fn from(e: TopoError) -> Self {
        Failure::Library(e)
    }
}
impl From<CoreError> for Failure {
    fn from(e: CoreError) -> Self {
        Failure::Library(TopoError::Core(e))
    }
}
// numpy's own conversions raise TypeError; an array we cannot borrow or view is a bad value.
impl From<numpy::BorrowError> for Failure {
    fn from(e: numpy::BorrowError) -> Self {
        Failure::Value(e.to_string())
    }
}
impl From<numpy::AsSliceError> for Failure {
    fn from(e: numpy::AsSliceError) -> Self {
        Failure::Value(e.to_string())
    }
}
impl From<pyo3::CastError<'_, '_>> for Failure {
    fn from(e: pyo3::CastError<'_, '_>) -> Self {
        Failure::Python(e.into())
    }
}
impl From<pyo3::CastIntoError<'_>> for Failure {
    fn from(e: pyo3::CastIntoError<'_>) -> Self {
        Failure::Python(e.into())
    }
}
impl<T> From<std::sync::PoisonError<T>> for Failure {
    fn from(e: std::sync::PoisonError<T>) -> Self {
        Failure::Value(e.to_string())
    }
}
impl From<Failure> for PyErr {
    fn from(e: Failure) -> PyErr {
        match e {
            Failure::Python(e) => e,
            Failure::Library(e) => value_error(e),
            Failure::Value(message) => PyValueError::new_err(message),
        }
    }
}

/// What an unsolvable board's message needs to explain its proof: the modulus and, for a
/// small game, the game itself (to draw the obstruction in the board's shape).
#[derive(Clone, Copy)]
pub(crate) struct Proof<'a> {
    pub modulus: u32,
    pub game: Option<&'a lightsout_topo::Game>,
}

/// Map a topo error; an unsolvable board carries its obstruction, shaped by `shape_obstruction`.
pub(crate) fn topo_error(
    py: Python<'_>,
    e: TopoError,
    proof: Proof<'_>,
    shape_obstruction: impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>>,
) -> PyErr {
    match e {
        TopoError::Core(CoreError::Unsolvable { obstruction_index, obstruction }) => {
            unsolvable(py, obstruction_index, obstruction, proof, shape_obstruction)
        }
        other => value_error(other),
    }
}

/// Games up to this many lights show the obstruction in the message itself.
const PICTURE_MAX_LIGHTS: usize = 100;

/// The message of an unsolvable board: what the obstruction is and why it proves that no
/// presses clear the board (as the command line explains it).
pub(crate) fn unsolvable_message(obstruction: &[u32], proof: Proof<'_>) -> String {
    let p = proof.modulus;
    let support = obstruction.iter().filter(|&&y| y != 0).count();
    let lights = if obstruction.is_empty() { String::new() } else { format!(" ({support} lights)") };
    let mut msg = if p == 2 {
        format!(
            "the board cannot be solved. Proof: take the lights of the pattern `obstruction`{lights}. \
             Every button toggles an even number of them (y M = 0), so no presses change whether an \
             odd number of them is lit; this board has an odd number of them lit, the solved board none."
        )
    } else {
        format!(
            "the board cannot be solved. Proof: weigh each light by the pattern `obstruction`{lights}. \
             Every button changes the weighted sum of the lights by 0 mod {p} (y M = 0), so no presses \
             change it; this board's weighted sum is not 0 mod {p}, the solved board's is 0."
        )
    };
    if let Some(game) = proof.game.filter(|g| g.size() <= PICTURE_MAX_LIGHTS && obstruction.len() == g.size()) {
        if let Ok(picture) = lightsout_topo::text::format_board(game, obstruction) {
            msg.push_str("\nThe pattern:\n");
            msg.push_str(picture.trim_end());
        }
    }
    msg
}

/// An `UnsolvableError` with its `obstruction` and `obstruction_index` attributes.
pub(crate) fn unsolvable(
    py: Python<'_>,
    index: usize,
    obstruction: Vec<u32>,
    proof: Proof<'_>,
    shape_obstruction: impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>>,
) -> PyErr {
    let err = UnsolvableError::new_err(unsolvable_message(&obstruction, proof));
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
