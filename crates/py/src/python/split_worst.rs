//! The worst case cut into decisions and tasks for a cluster (`lightsout.distributed.worst_case`
//! drives it on Dask): the client keeps the [`WorstSplit`], each decision's work travels to the
//! workers as bytes, and the parts come back small.

use super::args;
use super::errors::LoResult;
use super::game::PyGame;
use super::results::WorstCase;
use super::work::interruptible;
use lightsout_core::minimal::{self, WorstSplit};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::sync::{Arc, Mutex};

/// The worst case of a game cut into decisions ("does some board need at least w presses?",
/// from the averaging bound down), each cut into tasks (from `split_worst`). Loop while
/// `decision` is not None: `try_here(max_work)` may settle a small decision at once; otherwise
/// run every task of `work()` anywhere and `absorb` the parts (a part with a board settles the
/// worst case; no board in every part rules the decision out). `result()` is the answer so far.
#[pyclass(frozen, module = "lightsout._core", name = "WorstSplit")]
pub(crate) struct PyWorstSplit {
    split: Arc<Mutex<WorstSplit>>,
    game: Py<PyGame>,
}

impl PyWorstSplit {
    /// Run `f` on the split with the GIL released (Ctrl-C interrupts the wait).
    fn with<T: Send + 'static>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut WorstSplit) -> lightsout_core::Result<T> + Send + 'static,
    ) -> LoResult<T> {
        let split = Arc::clone(&self.split);
        Ok(interruptible(py, move || f(&mut split.lock().unwrap_or_else(|e| e.into_inner())))??)
    }

    fn get<T>(&self, f: impl FnOnce(&WorstSplit) -> T) -> T {
        f(&self.split.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

#[pymethods]
impl PyWorstSplit {
    /// The decision in question: whether some board needs at least this many presses (every
    /// larger count is ruled out). None once the answer is settled.
    #[getter]
    fn decision(&self) -> Option<u64> {
        self.get(|s| s.decision())
    }

    /// The most presses any board can need, as proven so far.
    #[getter]
    fn upper_bound(&self) -> u64 {
        self.get(|s| s.upper_bound())
    }

    /// The fewest presses of the hardest board found so far.
    #[getter]
    fn weight(&self) -> u64 {
        self.get(|s| s.weight())
    }

    /// Try the decision in question here, on one thread, within `max_work` search entries
    /// (GIL released): whether it was decided.
    fn try_here(&self, py: Python<'_>, max_work: &Bound<'_, PyAny>) -> LoResult<bool> {
        let max_work = args::nonneg(max_work, "max_work")?;
        self.with(py, move |s| s.try_here(max_work))
    }

    /// The tasks of the decision in question (cut on the first call, GIL released), or None
    /// once the answer is settled.
    fn work(&self, py: Python<'_>) -> LoResult<Option<WorstWork>> {
        let work = self.with(py, |s| Ok(s.work()?.cloned()))?;
        Ok(work.map(|w| WorstWork { inner: Arc::new(w) }))
    }

    /// Take the parts of the decision's tasks (any order; repeats must agree).
    fn absorb(&self, py: Python<'_>, parts: Vec<PyRef<'_, WorstPart>>) -> LoResult<()> {
        let parts: Vec<minimal::WorstPart> = parts.iter().map(|p| p.core()).collect();
        self.with(py, move |s| s.absorb(&parts))
    }

    /// Carry over an upper bound proven by an earlier run of the same game (a checkpoint).
    fn assume_upper_bound(&self, py: Python<'_>, bound: &Bound<'_, PyAny>) -> LoResult<()> {
        let bound = args::nonneg(bound, "bound")?;
        self.with(py, move |s| s.assume_upper_bound(bound))
    }

    /// The worst case as far as it got: proven once `decision` is None, else the hardest board
    /// found with the bound proven so far (`Game.worst_case`'s result type).
    fn result(&self, py: Python<'_>) -> LoResult<WorstCase> {
        let game = self.game.get();
        let g = Arc::clone(&game.game);
        let split = Arc::clone(&self.split);
        let worst = interruptible(py, move || g.worst_of_split(&split.lock().unwrap_or_else(|e| e.into_inner())))??;
        Ok(game.worst_result(py, &worst)?)
    }

    fn __repr__(&self) -> String {
        self.get(|s| match s.decision() {
            Some(d) => format!("<lightsout.WorstSplit: a board needing {d} presses? (found {})>", s.weight()),
            None => format!("<lightsout.WorstSplit: settled at {} .. {}>", s.weight(), s.upper_bound()),
        })
    }
}

work_class! {
    /// The tasks of one worst-case decision; `WorstWork(data)` rebuilds it from `bytes(work)`.
    /// Each worker process builds the decision engine once.
    WorstWork = "WorstWork" (minimal::WorstWork) -> WorstPart;
    run:
    /// Run task `task` (GIL released, Ctrl-C interrupts the wait): whether its subtree has a
    /// board reaching the decision.
    {
        /// `run(task)` within `max_time` seconds (None: no limit): None when the time ran out
        /// first (the subtree is undecided); a sample of tasks measures a decision's cost so.
        #[pyo3(signature = (task, max_time=None))]
        fn run_within(&self, py: Python<'_>, task: &Bound<'_, PyAny>, max_time: Option<&Bound<'_, PyAny>>) -> LoResult<Option<WorstPart>> {
            let task = args::nonneg(task, "task")?;
            let limit = args::budget(None, max_time)?.max_time;
            let limit = if max_time.is_none() { None } else { limit };
            let work = Arc::clone(&self.inner);
            let part = interruptible(py, move || work.run_within(task, limit))??;
            Ok(part.map(WorstPart::from))
        }
    }
}

/// The answer of one worst-case task.
#[pyclass(frozen, get_all, module = "lightsout._core", name = "WorstPart")]
pub(crate) struct WorstPart {
    /// Which task.
    task: u64,
    /// A board reaching the decision (the state of each type of buttons), or None.
    board: Option<Vec<u32>>,
    /// Search entries visited.
    explored: u64,
    /// The id of the work it came from.
    work: u64,
}

impl From<minimal::WorstPart> for WorstPart {
    fn from(p: minimal::WorstPart) -> Self {
        WorstPart { task: p.task, board: p.board, explored: p.explored, work: p.work }
    }
}

impl WorstPart {
    fn core(&self) -> minimal::WorstPart {
        minimal::WorstPart { task: self.task, board: self.board.clone(), explored: self.explored, work: self.work }
    }
}

#[pymethods]
impl WorstPart {
    #[new]
    #[pyo3(signature = (task, board, explored, work))]
    fn new(task: u64, board: Option<Vec<u32>>, explored: u64, work: u64) -> Self {
        WorstPart { task, board, explored, work }
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64, Option<Vec<u32>>, u64, u64))> {
        let p = slf.get();
        Ok((slf.get_type().into_any(), (p.task, p.board.clone(), p.explored, p.work)))
    }

    fn __repr__(&self) -> String {
        let found = if self.board.is_some() { "a board" } else { "no board" };
        format!("WorstPart(task={}, {found}, explored={})", self.task, self.explored)
    }
}

/// Cut `game.worst_case()` into decisions, each of at least `tasks` tasks (None: 256). The
/// quick routes and the local search for a hard board run here within `max_work`/`max_time`
/// (as `Game.worst_case`), with the GIL released; a game the decisions do not take (over Z_k,
/// or too many solutions per board) is searched whole here within them. `symmetry` as in
/// `Game.worst_case`: the decisions use it here and on the workers.
#[pyfunction]
#[pyo3(
    signature = (game, *, tasks=None, max_work=None, max_time=None, symmetry=None),
    text_signature = "(game, *, tasks=None, max_work=None, max_time=None, symmetry='detect')"
)]
pub(crate) fn split_worst(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    tasks: Option<&Bound<'_, PyAny>>,
    max_work: Option<&Bound<'_, PyAny>>,
    max_time: Option<&Bound<'_, PyAny>>,
    symmetry: Option<&Bound<'_, PyAny>>,
) -> LoResult<PyWorstSplit> {
    let tasks = tasks.filter(|t| !t.is_none()).map(|t| args::nonneg(t, "tasks")).transpose()?;
    let budget = args::budget(max_work, max_time)?;
    let symmetry = args::symmetry(symmetry)?;
    let g = Arc::clone(&game.get().game);
    let split = interruptible(py, move || g.worst_split_with(&budget, tasks, &symmetry))??;
    Ok(PyWorstSplit { split: Arc::new(Mutex::new(split)), game: game.clone().unbind() })
}
