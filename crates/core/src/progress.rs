//! How far a long search has come, for a progress bar: a front end installs a [`Progress`] on
//! the thread that runs the search ([`Progress::run`]), reads it from another thread while the
//! search runs, and draws what it likes. The exhaustive fewest-press walks report to it (the
//! members they will visit, then the members visited, block by block); without an installed
//! handle the reports cost one thread-local read per walk.
//!
//! ```
//! use lightsout_core::{minimal::{plus_grid, Budget, Minimizer}, progress::Progress, Modulus, Solver};
//! let solver = Solver::new(&plus_grid(19, 19, Modulus::TWO).unwrap()).unwrap(); // nullity 16
//! let min = Minimizer::new(&solver).unwrap();
//! let progress = Progress::new();
//! let best = progress.run(|| min.minimal(&vec![1; 361], &Budget::default())).unwrap();
//! assert_eq!(best.weight, 141);
//! assert_eq!(progress.done(), progress.total()); // every member visited
//! assert_eq!(progress.total(), 1 << 16);
//! ```

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A shared count of work to do and work done (coset members).
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<(AtomicU64, AtomicU64)>);

thread_local! {
    static CURRENT: RefCell<Option<Progress>> = const { RefCell::new(None) };
}

impl Progress {
    /// A count at zero.
    pub fn new() -> Self {
        Self::default()
    }

    /// The work announced so far (members the searches started will visit).
    pub fn total(&self) -> u64 {
        self.0 .0.load(Ordering::Relaxed)
    }

    /// The work done so far.
    pub fn done(&self) -> u64 {
        self.0 .1.load(Ordering::Relaxed)
    }

    /// The fraction done, in `0.0..=1.0` (0 before any work is announced).
    pub fn fraction(&self) -> f64 {
        let total = self.total();
        if total == 0 {
            0.0
        } else {
            (self.done() as f64 / total as f64).min(1.0)
        }
    }

    /// Announce `work` more to do.
    pub fn add_total(&self, work: u64) {
        self.0 .0.fetch_add(work, Ordering::Relaxed);
    }

    /// Record `work` more done.
    pub fn add_done(&self, work: u64) {
        self.0 .1.fetch_add(work, Ordering::Relaxed);
    }

    /// Run `work` on this thread with this count installed; the previous one (if any) is
    /// restored afterwards.
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        crate::interrupt::run_installed(&CURRENT, self, work)
    }
}

/// The count installed on this thread, to hand to helper threads the work starts.
pub fn current() -> Option<Progress> {
    CURRENT.with(|c| c.borrow().clone())
}
