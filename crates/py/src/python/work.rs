//! Long work that Ctrl-C can interrupt: it runs on a worker thread while the calling thread,
//! with the GIL released, checks for signals every few milliseconds.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// How often the waiting thread checks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// Run `work` on its own thread and wait for it with the GIL released. Ctrl-C (or any pending
/// signal whose handler raises) returns the exception at once; the abandoned work then
/// finishes in the background and its result is dropped (work that fills a cache, such as
/// factoring a game's matrix, still fills it).
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = channel();
    std::thread::Builder::new()
        .name("lightsout-work".into())
        .spawn(move || {
            let _ = tx.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a worker thread: {e}")))?;
    py.detach(move || loop {
        match rx.recv_timeout(POLL) {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => Python::attach(|py| py.check_signals())?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("internal error: the worker thread stopped without an answer"))
            }
        }
    })
}
