//! [`Walsh::decide`] on every CPU: a search that outgrows [`SEQUENTIAL_WORK`] starts again,
//! its top cut into subtrees (the nodes that reach one position in search order, found by a
//! short search that stops there), which the threads take in search order from a shared
//! counter. The subtrees partition the tree, so the answer is the sequential one; only the
//! board found may differ (the first any thread reaches). The work is granted from one pool in
//! chunks, so the total never exceeds the budget.

use super::super::cut::{top_cut, Cut};
use super::{Deadline, Decision, Run, Walsh};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A search is first run on one thread up to this much work: small problems (every test code)
/// stay deterministic and pay no thread start.
pub(super) const SEQUENTIAL_WORK: u64 = 1 << 26;

/// The top of the tree is cut where it has at least this many nodes per thread.
const JOBS_PER_THREAD: usize = 64;

/// The work a thread takes from the pool at a time.
const CHUNK: u64 = 1 << 22;

/// What the threads of one search share.
pub(super) struct Pool {
    max_work: u64,
    /// Work granted to the threads so far (never above `max_work`).
    granted: AtomicU64,
    /// A thread found a board or ran out of budget: the others stop.
    done: AtomicBool,
}

impl Pool {
    /// A pool of `max_work` entries.
    fn new(max_work: u64) -> Pool {
        Pool { max_work, granted: AtomicU64::new(0), done: AtomicBool::new(false) }
    }

    pub(super) fn done(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }

    /// Grant `run` room for `n` more entries (a chunk when the pool has it): false when the
    /// pool cannot.
    pub(super) fn grant(&self, run: &mut Run<'_>, n: u64) -> bool {
        let need = run.work + n - run.max_work;
        let got = self.granted.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |g| {
            (g + need <= self.max_work).then(|| (g + need.max(CHUNK)).min(self.max_work))
        });
        match got {
            Ok(before) => {
                run.max_work += (before + need.max(CHUNK)).min(self.max_work) - before;
                true
            }
            Err(_) => false,
        }
    }

    /// Return what `run` was granted and did not use.
    fn give_back(&self, run: &Run<'_>) {
        self.granted.fetch_sub(run.max_work - run.work, Ordering::Relaxed);
    }
}

/// [`Walsh::decide`] with `sequential` work on one thread first, then `threads` threads.
pub(super) fn decide(
    w: &Walsh,
    r: i32,
    max_work: u64,
    deadline: &Deadline,
    sequential: u64,
    threads: usize,
) -> (Decision, u64) {
    if r < 0 {
        return (Decision::Infeasible, 0);
    }
    let first = if threads > 1 { max_work.min(sequential) } else { max_work };
    let (found, run) = w.search(r, first, deadline, &[], usize::MAX, None);
    let mut work = run.work;
    match found {
        Some(pressed) => return (Decision::Feasible(pressed), work),
        None if !run.stopped => return (Decision::Infeasible, work),
        None if first == max_work || deadline.passed() => return (Decision::Unknown, work),
        None => {}
    }
    let pool = Pool::new(max_work - work);
    let (cut, spent) = top_cut(w.positions(), JOBS_PER_THREAD * threads, |cut| {
        let (found, run) = w.search(r, 0, deadline, &[], cut, Some(&pool));
        pool.give_back(&run);
        debug_assert!(found.is_none(), "a cut search reaches no leaf");
        (run.stopped, run.frontier, run.work)
    });
    work += spent;
    let jobs = match cut {
        Cut::Jobs(jobs) => jobs,
        Cut::Infeasible => return (Decision::Infeasible, work),
        Cut::Stopped => return (Decision::Unknown, work),
    };
    let next = AtomicUsize::new(0);
    let board: Mutex<Option<Vec<u32>>> = Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let worker = || {
        let mut spent = 0u64;
        loop {
            let job = next.fetch_add(1, Ordering::Relaxed);
            if job >= jobs.len() || pool.done() {
                return spent;
            }
            let (found, run) = w.search(r, 0, deadline, &jobs[job], usize::MAX, Some(&pool));
            pool.give_back(&run);
            spent += run.work;
            if let Some(pressed) = found {
                board.lock().expect("no worker panics holding the board").get_or_insert(pressed);
                pool.done.store(true, Ordering::Relaxed);
                return spent;
            }
            if run.stopped {
                if !pool.done() {
                    stopped.store(true, Ordering::Relaxed);
                    pool.done.store(true, Ordering::Relaxed);
                }
                return spent;
            }
        }
    };
    work += std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles.into_iter().map(|h| h.join().expect("a worst-case worker does not panic")).sum::<u64>()
    });
    let board = board.into_inner().expect("no worker panicked");
    match board {
        Some(pressed) => (Decision::Feasible(pressed), work),
        None if stopped.load(Ordering::Relaxed) => (Decision::Unknown, work),
        None => (Decision::Infeasible, work),
    }
}
