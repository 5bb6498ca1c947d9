//! [`Once`]: a value computed on first use by one thread while the others wait for it.
//!
//! A `OnceLock` alone lets every thread that races the first query of a fresh game factor the
//! matrix itself (keeping one result), which multiplies the time and the peak memory by the
//! number of threads. Here the first thread computes, the others wait on a lock and then read
//! its value, or its error: a failure such as "too large" is kept and given to every caller
//! without computing again. Only an interrupted computation is not kept (the next caller starts
//! afresh), since it says nothing about the game.
//!
//! Every value computed here is counted ([`values_computed`]), so that tests can assert that a
//! game was factored once, or not at all, by counting rather than by timing.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

static COMPUTED: AtomicU64 = AtomicU64::new(0);

/// How many cached values of games (a press matrix, an engine, a rank) this process has computed
/// successfully so far, over all games. A diagnostic: a test reads it before and after a call to
/// see whether that call built anything, and how much (racing threads build one game's engine
/// once; an interrupted factorisation builds nothing).
///
/// ```
/// use lightsout_topo::{values_computed, Game};
/// let game = Game::preset("classic").unwrap();
/// let before = values_computed();
/// let _ = game.rank().unwrap();
/// let after_first = values_computed();
/// let _ = game.rank().unwrap();
/// assert!(after_first > before);
/// assert!(values_computed() >= after_first); // other threads may count too; this game is done
/// ```
pub fn values_computed() -> u64 {
    COMPUTED.load(Ordering::SeqCst)
}

pub(crate) struct Once<T> {
    value: OnceLock<T>,
    /// Held while computing; holds the error once the computation failed for good.
    gate: Mutex<Option<Error>>,
}

impl<T> Default for Once<T> {
    fn default() -> Self {
        Once { value: OnceLock::new(), gate: Mutex::new(None) }
    }
}

/// A clone copies a value already computed (or the error), never a computation in progress.
impl<T: Clone> Clone for Once<T> {
    fn clone(&self) -> Self {
        let value = OnceLock::new();
        if let Some(v) = self.value.get() {
            let _ = value.set(v.clone());
        }
        let error = self.value.get().is_none().then(|| self.lock().clone()).flatten();
        Once { value, gate: Mutex::new(error) }
    }
}

impl<T> Once<T> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Error>> {
        // A computation that panicked leaves no value; the lock itself is still sound.
        self.gate.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Whether the value has been computed.
    #[cfg(test)]
    pub(crate) fn is_computed(&self) -> bool {
        self.value.get().is_some()
    }

    /// The value, computed by `compute` if no other call did (or is doing) it.
    pub(crate) fn get_or_try_init(&self, compute: impl FnOnce() -> Result<T>) -> Result<&T> {
        if let Some(v) = self.value.get() {
            return Ok(v);
        }
        let mut gate = self.lock();
        if let Some(v) = self.value.get() {
            return Ok(v);
        }
        if let Some(e) = gate.as_ref() {
            return Err(e.clone());
        }
        match compute() {
            Ok(v) => {
                COMPUTED.fetch_add(1, Ordering::SeqCst);
                Ok(self.value.get_or_init(|| v))
            }
            Err(e) => {
                if e != Error::Core(lightsout_core::Error::Interrupted) {
                    *gate = Some(e.clone());
                }
                Err(e)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn racing_threads_compute_once_and_share_errors() {
        let once: Once<u64> = Once::default();
        let calls = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    let v = once.get_or_try_init(|| {
                        calls.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        Ok(7)
                    });
                    assert_eq!(v.copied(), Ok(7));
                });
            }
        });
        assert_eq!(calls.load(Ordering::SeqCst), 1);

        let failing: Once<u64> = Once::default();
        let calls = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    let e = failing.get_or_try_init(|| {
                        calls.fetch_add(1, Ordering::SeqCst);
                        Err(Error::invalid("too large"))
                    });
                    assert_eq!(e, Err(Error::invalid("too large")));
                });
            }
        });
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert!(failing.clone().get_or_try_init(|| Ok(1)).is_err());

        let interrupted: Once<u64> = Once::default();
        let stop = Error::Core(lightsout_core::Error::Interrupted);
        assert_eq!(interrupted.get_or_try_init(|| Err(stop.clone())), Err(stop));
        assert_eq!(interrupted.get_or_try_init(|| Ok(3)).copied(), Ok(3));
    }
}
