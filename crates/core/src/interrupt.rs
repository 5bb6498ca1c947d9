//! Stopping long work from another thread: a binding that runs a factorisation or a search on a
//! worker thread (so that Ctrl-C reaches the caller at once) raises an [`Interrupt`], and the
//! work stops within milliseconds instead of running on unseen.
//!
//! The flag is installed for the worker thread with [`Interrupt::run`]; the long loops of the
//! core (dense and banded elimination, light chasing and polynomial arithmetic of the
//! structured solvers, the minimal-solution searches and the statistics) look at it with
//! [`requested`], leave their loop early, and the constructor or search that ran them returns
//! [`Error::Interrupted`] ([`check`]). An interrupted computation never yields a value, so
//! nothing half-done can be cached. Without an installed flag the checks cost one thread-local
//! read.
//!
//! ```
//! use lightsout_core::{interrupt::Interrupt, minimal::plus_grid, Error, Modulus, Solver};
//! let m = plus_grid(40, 40, Modulus::new(3).unwrap()).unwrap();
//! let stop = Interrupt::new();
//! stop.interrupt(); // as if Ctrl-C came before the work started
//! assert_eq!(stop.run(|| Solver::new(&m)).unwrap_err(), Error::Interrupted);
//! assert!(Solver::new(&m).is_ok()); // outside `run` nothing is interrupted
//! ```

use crate::error::{Error, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::LocalKey;

/// A request to stop, shared between the thread that asks and the thread that works.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

thread_local! {
    static CURRENT: RefCell<Option<Interrupt>> = const { RefCell::new(None) };
}

impl Interrupt {
    /// A flag not yet raised.
    pub fn new() -> Self {
        Self::default()
    }

    /// Ask the work to stop (from any thread). It stays raised.
    pub fn interrupt(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Interrupt::interrupt`] was called.
    pub fn is_interrupted(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Run `work` on this thread with this flag installed: the core's long loops inside it stop
    /// once the flag is raised. The previous flag (if any) is restored afterwards.
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        run_installed(&CURRENT, self, work)
    }
}

/// Run `work` with `value` installed in the thread-local `slot`, putting back what was there
/// before once `work` returns or unwinds: [`Interrupt::run`] and [`crate::progress::Progress::run`].
pub(crate) fn run_installed<V: Clone + 'static, T>(
    slot: &'static LocalKey<RefCell<Option<V>>>,
    value: &V,
    work: impl FnOnce() -> T,
) -> T {
    struct Restore<V: 'static>(&'static LocalKey<RefCell<Option<V>>>, Option<V>);
    impl<V: 'static> Drop for Restore<V> {
        fn drop(&mut self) {
            let previous = self.1.take();
            self.0.with(|c| *c.borrow_mut() = previous);
        }
    }
    let _restore = Restore(slot, slot.with(|c| c.borrow_mut().replace(value.clone())));
    work()
}

/// The flag installed on this thread, to hand to helper threads the work starts.
pub fn current() -> Option<Interrupt> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Whether the work running on this thread has been asked to stop.
#[inline]
pub fn requested() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Interrupt::is_interrupted))
}

/// [`Error::Interrupted`] if the work running on this thread has been asked to stop.
#[inline]
pub fn check() -> Result<()> {
    if requested() {
        Err(Error::Interrupted)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_per_thread_and_restored() {
        let outer = Interrupt::new();
        let inner = Interrupt::new();
        inner.interrupt();
        outer.run(|| {
            assert!(check().is_ok());
            inner.run(|| assert_eq!(check(), Err(Error::Interrupted)));
            assert!(check().is_ok());
            std::thread::spawn(|| assert!(current().is_none())).join().unwrap();
        });
        assert!(current().is_none());
    }
}
