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
    interruptible_with(py, work, |_| Ok(()))
}

/// [`interruptible`], calling `tick` (with the GIL) at every check for signals: a progress
/// display, for one.
pub(crate) fn interruptible_with<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
    mut tick: impl FnMut(Python<'_>) -> PyResult<()> + Send,
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
                if let Err(signal) = Python::attach(|py| py.check_signals().and_then(|()| tick(py))) {
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

/// Walk `0..count` in chunks of `chunk`, running `step(start, end)` on each with the GIL
/// released and checking for Ctrl-C between chunks: the one loop of every bulk call (many
/// boards solved, minimised or drawn), which so answers a signal within one chunk's time. The
/// first error a step returns ends the walk and is handed back as is; a signal ends it as
/// the exception.
pub(crate) fn in_chunks<E: Send>(
    py: Python<'_>,
    count: usize,
    chunk: usize,
    mut step: impl FnMut(usize, usize) -> Result<(), E> + Send,
) -> PyResult<Result<(), E>> {
    let mut start = 0;
    while start < count {
        let end = (start + chunk.max(1)).min(count);
        if let Err(e) = py.detach(|| step(start, end)) {
            return Ok(Err(e));
        }
        py.check_signals()?;
        start = end;
    }
    Ok(Ok(()))
}

/// A text bar on Python's `sys.stderr` (so it shows in Jupyter too) following a search's
/// [`lightsout_core::progress::Progress`]: drawn from the second second on, at most twice a
/// second, and ended with a newline by [`Bar::finish`].
pub(crate) struct Bar {
    progress: lightsout_core::progress::Progress,
    start: std::time::Instant,
    drawn: Option<std::time::Instant>,
    label: &'static str,
}

impl Bar {
    pub(crate) fn new(progress: &lightsout_core::progress::Progress, label: &'static str) -> Self {
        Bar { progress: progress.clone(), start: std::time::Instant::now(), drawn: None, label }
    }

    /// Redraw if it is time to.
    pub(crate) fn tick(&mut self, py: Python<'_>) -> PyResult<()> {
        let secs = self.start.elapsed().as_secs_f64();
        let f = self.progress.fraction();
        if secs < 1.0 || f == 0.0 || self.drawn.is_some_and(|d| d.elapsed() < Duration::from_millis(500)) {
            return Ok(());
        }
        let bar: String = (0..30).map(|i| if (i as f64) < f * 30.0 { '#' } else { '-' }).collect();
        let left = secs * (1.0 - f) / f;
        let line = format!("\r{} [{bar}] {:5.1}% {secs:.0} s, about {left:.0} s left ", self.label, 100.0 * f);
        self.write(py, &line)?;
        self.drawn = Some(std::time::Instant::now());
        Ok(())
    }

    /// End the line if a bar was drawn.
    pub(crate) fn finish(&self, py: Python<'_>) -> PyResult<()> {
        if self.drawn.is_some() {
            self.write(py, "\n")?;
        }
        Ok(())
    }

    fn write(&self, py: Python<'_>, text: &str) -> PyResult<()> {
        let err = py.import("sys")?.getattr("stderr")?;
        err.call_method1("write", (text,))?;
        err.call_method0("flush")?;
        Ok(())
    }
}
