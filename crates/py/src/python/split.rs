//! Exhaustive searches cut into tasks for a cluster (`lightsout.distributed` runs them on Dask):
//! the work travels to the workers as bytes (it pickles), each task runs with the GIL released
//! and answers with a small part, and the parts combine into the single-machine result.

use super::args;
use super::convert::{self, Dt};
use super::errors::LoResult;
use super::game::PyGame;
use super::results::{MinimalSolution, PyStats};
use super::work::interruptible;
use lightsout_core::minimal::{self, CosetSplit, StatsWork};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::Arc;

fn tasks_arg(tasks: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    tasks.filter(|t| !t.is_none()).map(|t| args::nonneg(t, "tasks")).transpose()
}

/// A fewest-press search cut into tasks (from `split_minimal`): send `work` to the workers, run
/// `work.run(i)` for every i in `range(tasks)` anywhere (a task may run twice), and `combine`
/// the parts on this side.
#[pyclass(frozen, module = "lightsout._core", name = "MinimalSplit")]
pub(crate) struct PyMinimalSplit {
    split: CosetSplit,
    game: Py<PyGame>,
    natural: bool,
    dt: Dt,
}

#[pymethods]
impl PyMinimalSplit {
    /// The number of tasks (0 when the answer needs no search).
    #[getter]
    fn tasks(&self) -> u64 {
        self.split.tasks()
    }

    /// What every task needs (picklable, a few kilobytes).
    #[getter]
    fn work(&self) -> CosetWork {
        CosetWork { inner: Arc::new(self.split.work().clone()) }
    }

    /// The fewest-press solution from the parts (any order; repeats must agree). With every
    /// task answered it equals `game.minimal_solution(lights)` after a complete search, proof
    /// included; with tasks missing it is the best found, not proven, with a lower bound.
    fn combine(&self, py: Python<'_>, parts: Vec<PyRef<'_, CosetPart>>) -> LoResult<MinimalSolution> {
        let parts: Vec<minimal::CosetPart> = parts.iter().map(|p| p.inner.clone()).collect();
        let best = self.split.combine(&parts)?;
        let presses = convert::to_array(py, &self.game.get().game, &best.presses, self.natural, self.dt)?.unbind();
        Ok(MinimalSolution::new(presses, &best))
    }

    fn __repr__(&self) -> String {
        format!("<lightsout.MinimalSplit: {} tasks>", self.split.tasks())
    }
}

/// A Python class for one kind of split work (the core type `$core`, whose tasks answer with
/// `$part`): rebuilt from `bytes(work)` (so it pickles), asked for its task count and its
/// fingerprint, and run one task at a time with the GIL released. `$($extra)*` adds the
/// methods only that kind has.
macro_rules! work_class {
    ($(#[$doc:meta])* $class:ident = $name:literal ($core:ty) -> $part:ident; run: $(#[$run_doc:meta])* { $($extra:tt)* }) => {
        $(#[$doc])*
        #[pyclass(frozen, module = "lightsout._core", name = $name)]
        pub(crate) struct $class {
            inner: Arc<$core>,
        }

        #[pymethods]
        impl $class {
            #[new]
            fn new(py: Python<'_>, data: &[u8]) -> LoResult<Self> {
                let inner = py.detach(|| <$core>::from_bytes(data))?;
                Ok($class { inner: Arc::new(inner) })
            }

            /// The number of tasks.
            #[getter]
            fn tasks(&self) -> u64 {
                self.inner.tasks()
            }

            /// A fingerprint of the work, the same on every machine.
            #[getter]
            fn id(&self) -> u64 {
                self.inner.id()
            }

            $(#[$run_doc])*
            fn run(&self, py: Python<'_>, task: &Bound<'_, PyAny>) -> LoResult<$part> {
                let task = args::nonneg(task, "task")?;
                let work = Arc::clone(&self.inner);
                let part = interruptible(py, move || work.run(task))??;
                Ok(<$part>::from(part))
            }

            fn __bytes__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
                PyBytes::new(py, &self.inner.to_bytes())
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
                let data = PyBytes::new(slf.py(), &slf.get().inner.to_bytes());
                Ok((slf.get_type().into_any(), (data,)))
            }

            fn __repr__(&self) -> String {
                format!("<lightsout.{} {:#018x}: {} tasks>", $name, self.inner.id(), self.inner.tasks())
            }

            $($extra)*
        }
    };
}

work_class! {
    /// The work of a fewest-press search's tasks; `CosetWork(data)` rebuilds it from `bytes(work)`.
    CosetWork = "CosetWork" (minimal::CosetWork) -> CosetPart;
    run:
    /// Run task `task` (GIL released, Ctrl-C interrupts the wait): the lightest member of its
    /// part of the coset.
    {}
}

/// The answer of one fewest-press task.
#[pyclass(frozen, module = "lightsout._core", name = "CosetPart")]
pub(crate) struct CosetPart {
    inner: minimal::CosetPart,
}

impl From<minimal::CosetPart> for CosetPart {
    fn from(inner: minimal::CosetPart) -> Self {
        CosetPart { inner }
    }
}

#[pymethods]
impl CosetPart {
    #[new]
    fn new(task: u64, weight: u64, coeffs: Vec<u32>, explored: u64, work: u64) -> Self {
        CosetPart { inner: minimal::CosetPart { task, weight, coeffs, explored, work } }
    }
    /// Which task.
    #[getter]
    fn task(&self) -> u64 {
        self.inner.task
    }
    /// The weight of its lightest member on the buttons some quiet pattern presses.
    #[getter]
    fn weight(&self) -> u64 {
        self.inner.weight
    }
    /// That member's coefficients, one per quiet pattern.
    #[getter]
    fn coeffs(&self) -> Vec<u32> {
        self.inner.coeffs.clone()
    }
    /// Members examined.
    #[getter]
    fn explored(&self) -> u64 {
        self.inner.explored
    }
    /// The id of the work it came from.
    #[getter]
    fn work(&self) -> u64 {
        self.inner.work
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64, u64, Vec<u32>, u64, u64))> {
        let p = &slf.get().inner;
        Ok((slf.get_type().into_any(), (p.task, p.weight, p.coeffs.clone(), p.explored, p.work)))
    }

    fn __repr__(&self) -> String {
        format!("CosetPart(task={}, weight={}, explored={})", self.inner.task, self.inner.weight, self.inner.explored)
    }
}

work_class! {
    /// The statistics of a game cut into tasks (from `split_stats`): it travels to the workers,
    /// runs any task, and combines the parts into the `Stats` of `lightsout.stats`.
    /// `StatsWork(data)` rebuilds it from `bytes(work)`.
    PyStatsWork = "StatsWork" (StatsWork) -> StatsPart;
    run:
    /// Run task `task` (GIL released, Ctrl-C interrupts the wait): the histogram of its boards.
    {
        /// The statistics from the parts of every task (any order; repeats must agree); a missing
        /// task is an error, since a partial table would be wrong.
        fn combine(&self, parts: Vec<PyRef<'_, StatsPart>>) -> LoResult<PyStats> {
            let parts: Vec<minimal::StatsPart> = parts.iter().map(|p| p.inner.clone()).collect();
            Ok(PyStats::new(self.inner.combine(&parts)?))
        }
    }
}

/// The answer of one statistics task.
#[pyclass(frozen, module = "lightsout._core", name = "StatsPart")]
pub(crate) struct StatsPart {
    inner: minimal::StatsPart,
}

impl From<minimal::StatsPart> for StatsPart {
    fn from(inner: minimal::StatsPart) -> Self {
        StatsPart { inner }
    }
}

#[pymethods]
impl StatsPart {
    #[new]
    fn new(task: u64, histogram: Vec<u64>, work: u64) -> Self {
        StatsPart { inner: minimal::StatsPart { task, histogram, work } }
    }
    /// Which task.
    #[getter]
    fn task(&self) -> u64 {
        self.inner.task
    }
    /// How many of its boards need each minimal press count.
    #[getter]
    fn histogram(&self) -> Vec<u64> {
        self.inner.histogram.clone()
    }
    /// The id of the work it came from.
    #[getter]
    fn work(&self) -> u64 {
        self.inner.work
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64, Vec<u64>, u64))> {
        let p = &slf.get().inner;
        Ok((slf.get_type().into_any(), (p.task, p.histogram.clone(), p.work)))
    }

    fn __repr__(&self) -> String {
        format!("StatsPart(task={}, boards={})", self.inner.task, self.inner.histogram.iter().sum::<u64>())
    }
}

/// Cut the fewest-press search of `lights` into at least `tasks` tasks (None: 256, and at most
/// 2**32 coset members each). Solves the board and reduces the quiet patterns with the GIL
/// released; an unsolvable board raises UnsolvableError.
#[pyfunction]
#[pyo3(signature = (game, lights, *, tasks=None))]
pub(crate) fn split_minimal(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    lights: &Bound<'_, PyAny>,
    tasks: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMinimalSplit> {
    let this = game.get();
    let board = convert::board(&this.game, lights, "lights")?;
    let tasks = tasks_arg(tasks)?;
    let g = Arc::clone(&this.game);
    let values = board.values;
    let split = interruptible(py, move || g.split_minimal(&values, tasks))?.map_err(this.err(py, board.natural))?;
    Ok(PyMinimalSplit { split, game: game.clone().unbind(), natural: board.natural, dt: board.out })
}

/// Cut the statistics of `lightsout.stats(game)` into at least `tasks` tasks (None: 256, and at
/// most 2**32 coset members each); M is factored with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, *, tasks=None))]
pub(crate) fn split_stats(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    tasks: Option<&Bound<'_, PyAny>>,
) -> LoResult<PyStatsWork> {
    let tasks = tasks_arg(tasks)?;
    let g = Arc::clone(&game.get().game);
    let work = interruptible(py, move || g.split_stats(tasks))??;
    Ok(PyStatsWork { inner: Arc::new(work) })
}
