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

/// Map a core error (see [`topo_error`]).
pub(crate) fn core_error(
    py: Python<'_>,
    e: CoreError,
    proof: Proof<'_>,
    shape_obstruction: impl FnOnce(Python<'_>, Vec<u32>) -> PyResult<Py<PyAny>>,
) -> PyErr {
    topo_error(py, TopoError::Core(e), proof, shape_obstruction)
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
