//! Long work that Ctrl-C can interrupt: it runs on a worker thread while the calling thread,
//! with the GIL released, checks for signals every few milliseconds. On a signal the worker is
//! told to stop (the core's long loops watch a [`lightsout_core::interrupt::Interrupt`]) and
//! waited for, so that nothing keeps running after the exception.

use lightsout_core::interrupt::Interrupt;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;

/// How often the waiting thread checks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);

/// How long an interrupted call waits for its worker to stop before returning anyway. The
/// core's loops look at the flag every few milliseconds; this only bounds the wait if some
/// step between two looks is long.
const STOP_WAIT: Duration = Duration::from_secs(2);

/// Run `work` on its own thread and wait for it with the GIL released. Ctrl-C (or any pending
/// signal whose handler raises) interrupts the work and returns the exception once the worker
/// has stopped. An interrupted computation yields nothing, so no cache (a game's factored
/// matrix) is filled with a half-done value: asking again starts afresh.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = channel();
    let stop = Interrupt::new();
    let flag = stop.clone();
    std::thread::Builder::new()
        .name("lightsout-work".into())
        .spawn(move || {
            let _ = tx.send(flag.run(work));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("could not start a worker thread: {e}")))?;
    py.detach(move || loop {
        match rx.recv_timeout(POLL) {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = Python::attach(|py| py.check_signals()) {
                    stop.interrupt();
                    // The worker answers (with an Interrupted error) or hangs up when it stops.
                    let _ = rx.recv_timeout(STOP_WAIT);
                    return Err(signal);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("internal error: the worker thread stopped without an answer"))
            }
        }
    })
}
