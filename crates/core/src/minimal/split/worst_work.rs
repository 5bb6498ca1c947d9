//! The worst case cut into tasks: [`WorstSplit`] on the client, [`WorstWork`] on the workers.
//!
//! Over a field the worst case is proven by decisions: "does some board need at least w
//! presses?", asked for w from the averaging bound down (the Walsh engine over GF(2), the
//! decision search over Z_p for odd p, see `minimal::worst`). Each decision is a tree search; its top is cut into subtrees (the
//! nodes reaching one position in search order), and each subtree is one task. A task's answer
//! is the same wherever and however often it runs: no board in its subtree, or a board. The
//! client asks the decisions in the order of the single-machine search, so the combined result
//! is the single-machine one (weight, upper bound, proof flag; the board may be another of the
//! same weight).
//!
//! The split is built in steps so that a driver (the Dask one, say) can record them: the
//! decision in question ([`WorstSplit::decision`]), a quick try on this machine
//! ([`WorstSplit::try_here`]), the tasks ([`WorstSplit::work`]), their answers
//! ([`WorstSplit::absorb`]), and a proven bound carried over from an earlier run
//! ([`WorstSplit::assume_upper_bound`]).
//!
//! Games the decision engines do not take (over Z_k, more than
//! [`crate::minimal::EXACT_MEMBERS`] solutions per board, tables too large) are searched whole
//! by [`WorstSplit::new`], within its budget: they need no tasks.
//!
//! ```
//! use lightsout_core::minimal::{plus_grid, worst_case, Budget, WorstSplit};
//! use lightsout_core::{Modulus, Solver};
//! let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap(); // nullity 8
//! let mut split = WorstSplit::new(Modulus::TWO, 81, &solver.null_basis(), &[2; 8], &Budget::default(), Some(16)).unwrap();
//! while split.decision().is_some() {
//!     let work = split.work().unwrap().unwrap().clone(); // travels to the workers as bytes
//!     let parts: Vec<_> = (0..work.tasks()).map(|i| work.run(i).unwrap()).collect();
//!     split.absorb(&parts).unwrap();
//! }
//! let board_of = |x: &[u32]| Ok(solver.apply(&vec![0; 81], x).unwrap());
//! let worst = split.result(board_of).unwrap();
//! let single = worst_case(&solver, &Budget::default()).unwrap();
//! assert_eq!((worst.weight, worst.proven_optimal, worst.upper_bound), (single.weight, true, single.upper_bound));
//! ```

use super::wire::{fnv1a, Reader, Writer, WORST_MAGIC};
use super::worst_decider::{Decider, Outcome};
use super::{by_task, check_task, check_work, DEFAULT_TASKS, MAX_TASKS};
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::minimal::coset::reduce;
use crate::minimal::worst::{self, Cut, Found, Plan, Problem, Searching, Symmetry, Walsh, Witness};
use crate::minimal::{Budget, Deadline, WorstCase};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The worst case of a game cut into decisions and tasks (see the module docs).
pub struct WorstSplit {
    state: State,
}

enum State {
    /// The answer needs no (more) tasks.
    Settled(Witness),
    /// Decisions left over GF(2).
    Open(Box<Open>),
}

struct Open {
    searching: Searching,
    /// The Walsh engine over GF(2); `None`: the Z_p engine, built from the problem when asked.
    walsh: Option<Walsh>,
    /// The modulus p and the reduced quiet patterns (the workers rebuild the engine from them).
    p: u32,
    rows: Vec<Vec<u32>>,
    n: usize,
    /// The symmetries the decisions use (the workers' engines too).
    symmetry: Symmetry,
    /// The hardest board the local search found (weights on the support).
    found: Found,
    /// The decision in question: does some board need `w` presses on the support? Every
    /// larger w is ruled out; the decisions stop at the local search's board.
    w: u64,
    tasks: u64,
    /// The tasks of decision `w`, once cut.
    work: Option<WorstWork>,
    /// Work spent so far (the cut and the tries on this machine, the tasks' answers).
    explored: u64,
}

impl WorstSplit {
    /// Cut the worst case of the game whose quiet patterns are the combinations of `gens`
    /// with coefficients below `orders` (as [`crate::minimal::worst_from_module`]; over a field,
    /// a basis with `orders` all p). `budget` pays for what runs here: the quick routes, the
    /// local search for a hard board (a quarter of it, as on one machine), and the whole search
    /// of a game the decisions do not take. Each decision is cut into at least `tasks` tasks
    /// (default [`DEFAULT_TASKS`]). The decisions use the symmetries found in the game
    /// ([`Symmetry::Detect`]; [`WorstSplit::new_with`] chooses).
    pub fn new(
        modulus: Modulus,
        n: usize,
        gens: &[Vec<u32>],
        orders: &[u32],
        budget: &Budget,
        tasks: Option<u64>,
    ) -> Result<WorstSplit> {
        WorstSplit::new_with(modulus, n, gens, orders, budget, tasks, &Symmetry::Detect)
    }

    /// [`WorstSplit::new`] with the choice of the symmetries the decisions use, here and on
    /// the workers (as [`crate::minimal::worst_from_module_with`]; given ones are checked).
    ///
    /// ```
    /// use lightsout_core::minimal::{plus_grid, Budget, Symmetry, WorstSplit};
    /// use lightsout_core::{Modulus, Solver};
    /// let solver = Solver::new(&plus_grid(9, 9, Modulus::TWO).unwrap()).unwrap();
    /// let (basis, budget) = (solver.null_basis(), Budget::default());
    /// let split = WorstSplit::new_with(Modulus::TWO, 81, &basis, &[2; 8], &budget, Some(4), &Symmetry::Plain);
    /// assert!(split.is_ok());
    /// let shift: Vec<usize> = (0..81).map(|j| (j + 1) % 81).collect(); // not a symmetry of the grid
    /// let given = Symmetry::Given(vec![shift]);
    /// assert!(WorstSplit::new_with(Modulus::TWO, 81, &basis, &[2; 8], &budget, Some(4), &given).is_err());
    /// ```
    pub fn new_with(
        modulus: Modulus,
        n: usize,
        gens: &[Vec<u32>],
        orders: &[u32],
        budget: &Budget,
        tasks: Option<u64>,
        symmetry: &Symmetry,
    ) -> Result<WorstSplit> {
        let tasks = tasks.unwrap_or(DEFAULT_TASKS);
        if tasks == 0 || tasks > MAX_TASKS {
            return Err(Error::InvalidArgument(format!("tasks must be in 1..={MAX_TASKS}, not {tasks}")));
        }
        let (rows, orders) = worst::checked_quiet(modulus, n, gens, orders)?;
        let rows = if modulus.is_prime() { reduce(modulus, rows, n) } else { rows };
        worst::check_symmetry(modulus, n, &rows, symmetry)?;
        let orders = if modulus.is_prime() { vec![modulus.get(); rows.len()] } else { orders };
        let deadline = Deadline::start(budget);
        let searching = match Plan::with_symmetry(modulus, n, rows.clone(), orders, budget, &deadline, symmetry)? {
            Plan::Settled(witness) => return Ok(WorstSplit { state: State::Settled(witness) }),
            Plan::Search(s) => s,
        };
        let search_budget = searching.search_budget(budget);
        let walsh = Walsh::new(&searching.problem);
        if Decider::new(&searching.problem, walsh.as_ref()).is_none() {
            // Neither decision engine takes it: the whole search, here.
            let witness = match worst::solve(&searching.problem, &search_budget, &deadline) {
                Some(found) => searching.conclude(found)?,
                None => searching.trivial(None),
            };
            return Ok(WorstSplit { state: State::Settled(witness) });
        }
        let Some(found) = worst::start(&searching.problem, &search_budget, &deadline) else {
            return Ok(WorstSplit { state: State::Settled(searching.trivial(None)) });
        };
        if found.weight == found.upper_bound {
            return Ok(WorstSplit { state: State::Settled(searching.conclude(found)?) });
        }
        let open = Open {
            w: found.upper_bound,
            explored: found.explored,
            searching,
            walsh,
            p: modulus.get(),
            rows,
            n,
            symmetry: symmetry.clone(),
            found,
            tasks,
            work: None,
        };
        Ok(WorstSplit { state: State::Open(Box::new(open)) })
    }

    /// The decision in question: whether some board needs at least this many presses (every
    /// larger count is ruled out). `None` once the answer is settled.
    pub fn decision(&self) -> Option<u64> {
        self.open().map(|o| o.outside() + o.w)
    }

    /// The most presses any board can need, as proven so far.
    pub fn upper_bound(&self) -> u64 {
        match &self.state {
            State::Settled(w) => w.upper_bound,
            State::Open(o) => o.outside() + o.w,
        }
    }

    /// The fewest presses of the hardest board found so far.
    pub fn weight(&self) -> u64 {
        match &self.state {
            State::Settled(w) => w.weight,
            State::Open(o) => o.outside() + o.found.weight,
        }
    }

    /// Try the decision in question on this machine's thread within `max_work` entries:
    /// whether it was decided (the split then moves on). Small decisions need no tasks.
    pub fn try_here(&mut self, max_work: u64) -> Result<bool> {
        let Some(open) = self.open_mut() else { return Ok(true) };
        let deadline = Deadline::start(&Budget::work_only(0));
        let (outcome, spent, _) = open.decider().decide(open.w, max_work, &deadline, &[], usize::MAX);
        open.explored = open.explored.saturating_add(spent);
        crate::interrupt::check()?;
        match outcome {
            Outcome::Stopped => Ok(false),
            Outcome::Nothing => {
                self.rule_out()?;
                Ok(true)
            }
            Outcome::Board(states) => {
                self.settle_with(&states)?;
                Ok(true)
            }
        }
    }

    /// The tasks of the decision in question (cut on the first call; `None` once settled).
    pub fn work(&mut self) -> Result<Option<&WorstWork>> {
        let Some(open) = self.open_mut() else { return Ok(None) };
        if open.work.is_none() {
            let deadline = Deadline::start(&Budget::work_only(0));
            let want = usize::try_from(open.tasks).unwrap_or(usize::MAX);
            let decider = open.decider();
            let (cut, spent) = worst::top_cut(decider.positions(), want, |cut| {
                let (outcome, work, frontier) = decider.decide(open.w, u64::MAX, &deadline, &[], cut);
                (matches!(outcome, Outcome::Stopped), frontier, work)
            });
            drop(decider);
            open.explored = open.explored.saturating_add(spent);
            crate::interrupt::check()?;
            let jobs = match cut {
                Cut::Jobs(jobs) => jobs,
                // The top of the tree is empty: one task, which finds nothing.
                Cut::Infeasible => vec![Vec::new()],
                Cut::Stopped => return Err(Error::Interrupted),
            };
            if jobs.len() as u64 > MAX_TASKS {
                return Err(Error::TooLarge {
                    what: "the split of a worst-case decision",
                    needed: jobs.len() as u128,
                    unit: "tasks",
                    limit: MAX_TASKS as u128,
                });
            }
            open.work = Some(WorstWork::new(open.p, open.n, open.rows.clone(), open.symmetry.clone(), open.w, jobs));
        }
        Ok(open.work.as_ref())
    }

    /// Take the answers of the decision's tasks (any order; repeats must agree): a board from
    /// any task settles the worst case; no board from every task rules the decision out and
    /// moves to the next. Fewer answers and no board is an error naming how many are missing.
    pub fn absorb(&mut self, parts: &[WorstPart]) -> Result<()> {
        let Some(open) = self.open_mut() else {
            return Err(Error::InvalidArgument("the worst case is settled: no decision takes answers".into()));
        };
        let Some(work) = &open.work else {
            return Err(Error::InvalidArgument("the decision's tasks were not cut yet: call work() first".into()));
        };
        let answered = work.check_parts(parts)?;
        // Counts from outside (a checkpoint) may be anything: their sum saturates, never wraps.
        let spent = answered.values().fold(0u64, |sum, p| sum.saturating_add(p.explored));
        let board = answered.values().find_map(|p| p.board.clone());
        let (missing, tasks) = (work.tasks() - answered.len() as u64, work.tasks());
        open.explored = open.explored.saturating_add(spent);
        match board {
            Some(states) => self.settle_with(&states.iter().map(|&s| s as usize).collect::<Vec<_>>()),
            None if missing == 0 => self.rule_out(),
            None => Err(Error::InvalidArgument(format!(
                "{missing} of the {tasks} tasks are not answered and none found a board: the decision needs them all"
            ))),
        }
    }

    /// Carry over an upper bound proven by an earlier run of the same split (a checkpoint):
    /// the decisions above it are skipped. It must lie between the hardest board found and
    /// the bound proven so far.
    pub fn assume_upper_bound(&mut self, bound: u64) -> Result<()> {
        let Some(open) = self.open_mut() else {
            return match bound == self.upper_bound() {
                true => Ok(()),
                false => Err(Error::InvalidArgument(format!(
                    "the worst case is settled with the upper bound {}, not {bound}",
                    self.upper_bound()
                ))),
            };
        };
        let (low, high) = (open.outside() + open.found.weight, open.outside() + open.w);
        if bound < low || bound > high {
            return Err(Error::InvalidArgument(format!(
                "an upper bound of {bound} presses does not fit this game: a board needing {low} is known and \
                 {high} is the bound so far"
            )));
        }
        let w = bound - open.outside();
        if w != open.w {
            open.w = w;
            open.work = None;
            if open.w <= open.found.weight {
                self.settle_found()?;
            }
        }
        Ok(())
    }

    /// The worst case as far as it got: proven once every decision is answered, else the
    /// hardest board found with the bound proven so far. `board_of` turns presses into the
    /// board they solve.
    pub fn result(&self, board_of: impl FnOnce(&[u32]) -> Result<Vec<u32>>) -> Result<WorstCase> {
        let witness = match &self.state {
            State::Settled(w) => w.clone(),
            State::Open(o) => {
                o.searching.conclude(Found { upper_bound: o.w, explored: o.explored, ..o.found.clone() })?
            }
        };
        witness.with_board(board_of)
    }

    fn open(&self) -> Option<&Open> {
        match &self.state {
            State::Open(o) => Some(o),
            State::Settled(_) => None,
        }
    }

    fn open_mut(&mut self) -> Option<&mut Open> {
        match &mut self.state {
            State::Open(o) => Some(o),
            State::Settled(_) => None,
        }
    }

    /// No board reaches the decision: on to the next, or the local search's board is the
    /// hardest.
    fn rule_out(&mut self) -> Result<()> {
        if let Some(open) = self.open_mut() {
            open.w -= 1;
            open.work = None;
            if open.w <= open.found.weight {
                self.settle_found()?;
            }
        }
        Ok(())
    }

    /// Every decision above the local search's board is ruled out: it is the hardest.
    fn settle_found(&mut self) -> Result<()> {
        if let State::Open(o) = &self.state {
            let found = Found { upper_bound: o.found.weight, explored: o.explored, ..o.found.clone() };
            self.state = State::Settled(o.searching.conclude(found)?);
        }
        Ok(())
    }

    /// A board with these states of the types reaches the decision: it is the hardest (every
    /// heavier decision was ruled out).
    fn settle_with(&mut self, states: &[usize]) -> Result<()> {
        let Some(open) = self.open() else { return Ok(()) };
        let problem = &open.searching.problem;
        if !problem.valid_states(states) {
            return Err(Error::InvalidArgument(format!(
                "a task's board is malformed: it should give one of the value histograms of each of {} types",
                problem.type_count()
            )));
        }
        let weight = problem.weight(states);
        if weight < open.w {
            return Err(Error::InvalidArgument(format!(
                "a task's board needs {weight} presses on the support, not the {} of the decision: it does not \
                 belong to this search",
                open.w
            )));
        }
        let found = Found { states: states.to_vec(), weight: open.w, upper_bound: open.w, explored: open.explored };
        let witness = open.searching.conclude(found)?;
        self.state = State::Settled(witness);
        Ok(())
    }
}

impl Open {
    /// Presses pressed by every solution (the buttons outside the quiet patterns).
    fn outside(&self) -> u64 {
        self.searching.outside()
    }

    fn decider(&self) -> Decider<'_> {
        Decider::new(&self.searching.problem, self.walsh.as_ref()).expect("the split is open only with an engine")
    }
}

/// What every task of one decision needs: the quiet patterns, the symmetries, the decision and
/// the subtrees. Self-contained and sent to the workers as bytes ([`WorstWork::to_bytes`]); each worker
/// builds the decision engine once.
#[derive(Debug)]
pub struct WorstWork {
    p: u32,
    n: usize,
    rows: Vec<Vec<u32>>,
    /// The symmetries of the engine (as on the client: the same search tree, the same cut).
    symmetry: Symmetry,
    /// The decision: a board needing `w` presses on the support?
    w: u64,
    /// The forced first values of each task's subtree (all of one length).
    jobs: Vec<Vec<u32>>,
    id: u64,
    engine: OnceLock<std::result::Result<(Problem, Option<Walsh>), String>>,
}

impl Clone for WorstWork {
    fn clone(&self) -> Self {
        WorstWork::new(self.p, self.n, self.rows.clone(), self.symmetry.clone(), self.w, self.jobs.clone())
    }
}

impl PartialEq for WorstWork {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && self.to_bytes() == other.to_bytes()
    }
}

/// The answer of one task of a worst-case decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorstPart {
    /// Which task (`0..tasks`).
    pub task: u64,
    /// A board reaching the decision, as the state of each type of buttons (the index of its
    /// value histogram); `None`: its subtree has none.
    pub board: Option<Vec<u32>>,
    /// Entries of the search visited.
    pub explored: u64,
    /// [`WorstWork::id`] of the work it came from.
    pub work: u64,
}

impl WorstWork {
    fn new(p: u32, n: usize, rows: Vec<Vec<u32>>, symmetry: Symmetry, w: u64, jobs: Vec<Vec<u32>>) -> Self {
        let mut work = WorstWork { p, n, rows, symmetry, w, jobs, id: 0, engine: OnceLock::new() };
        work.id = fnv1a(&work.to_bytes());
        work
    }

    /// The number of tasks.
    pub fn tasks(&self) -> u64 {
        self.jobs.len() as u64
    }

    /// A fingerprint of the work (the same on every machine); parts carry it.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The decision's problem and Walsh form, built on first use (the Z_p engine is built per
    /// task: it borrows the problem).
    fn engine(&self) -> Result<Decider<'_>> {
        let built = self.engine.get_or_init(|| {
            let orders = vec![self.p; self.rows.len()];
            let problem = Problem::new_with(self.p, true, self.n, &self.rows, &orders, &self.symmetry)
                .ok_or_else(|| "its quiet patterns do not make a search problem".to_string())?;
            let walsh = Walsh::new(&problem);
            Ok((problem, walsh))
        });
        let bad = |why: &str| Error::InvalidArgument(format!("this worst-case work cannot run: {why}"));
        let (problem, walsh) = built.as_ref().map_err(|why| bad(why))?;
        Decider::new(problem, walsh.as_ref()).ok_or_else(|| bad("no decision engine takes its quiet patterns"))
    }

    /// Run task `task`: search its subtree for a board reaching the decision.
    pub fn run(&self, task: u64) -> Result<WorstPart> {
        self.run_within(task, None)?.ok_or(Error::Interrupted)
    }

    /// [`WorstWork::run`] within `max_time` (`None`: no limit): `None` when the time ran out
    /// first and the subtree is undecided (a sample of tasks measures a decision's cost so).
    pub fn run_within(&self, task: u64, max_time: Option<std::time::Duration>) -> Result<Option<WorstPart>> {
        check_task(task, self.tasks())?;
        let decider = self.engine()?;
        let forced = &self.jobs[task as usize];
        if !decider.valid_prefix(forced) {
            return Err(Error::InvalidArgument(format!(
                "task {task}'s subtree does not fit the types of its quiet patterns"
            )));
        }
        let deadline = Deadline::start(&Budget::new(u64::MAX, max_time));
        let (outcome, explored, _) = decider.decide(self.w, u64::MAX, &deadline, forced, usize::MAX);
        // A search cut short by an interrupt is no answer (see crate::interrupt).
        crate::interrupt::check()?;
        let board = match outcome {
            Outcome::Board(states) => Some(states.into_iter().map(|s| s as u32).collect()),
            Outcome::Nothing => None,
            Outcome::Stopped => return Ok(None),
        };
        Ok(Some(WorstPart { task, board, explored, work: self.id }))
    }

    /// The parts by task, checked to belong to this work and to agree when repeated.
    fn check_parts<'a>(&self, parts: &'a [WorstPart]) -> Result<BTreeMap<u64, &'a WorstPart>> {
        by_task(parts, |part| {
            check_work("decision", part.task, part.work, self.id)?;
            if part.task >= self.tasks() {
                return Err(Error::InvalidArgument(format!(
                    "the answer of task {} is malformed: tasks are 0..{}",
                    part.task,
                    self.tasks()
                )));
            }
            Ok(part.task)
        })
    }

    /// The work as bytes ([`WorstWork::from_bytes`] reads them back).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer::new(WORST_MAGIC);
        let cut = self.jobs.first().map_or(0, |j| j.len());
        w.u64s(&[self.p as u64, self.n as u64, self.rows.len() as u64, self.w, cut as u64, self.jobs.len() as u64]);
        for row in &self.rows {
            w.u32s(row);
        }
        for job in &self.jobs {
            w.u32s(job);
        }
        w.symmetry(&self.symmetry);
        w.0
    }

    /// Read work written by [`WorstWork::to_bytes`], checking every field.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self> {
        let mut r = Reader::new(bytes, WORST_MAGIC, "worst-case work")?;
        let p = r.modulus()?; // a prime: the reader takes only those
        let n = r.count(usize::MAX, "buttons")?;
        let dim = r.count(worst::MAX_DIM, "quiet patterns")?;
        let w = r.count(n.saturating_mul(p as usize), "presses for the decision")? as u64;
        let cut = r.count(n, "forced values per task")?;
        let jobs = r.count(MAX_TASKS as usize, "tasks")?;
        // Checked before anything is allocated: the tasks' values are in the bytes.
        if jobs == 0 || (cut == 0 && jobs != 1) || jobs.saturating_mul(cut).saturating_mul(4) > bytes.len() {
            return Err(r.bad(format!("{jobs} tasks of {cut} forced values each do not fit in the bytes")));
        }
        let mut rows = Vec::with_capacity(dim);
        for _ in 0..dim {
            let row = r.u32s(n)?;
            if row.iter().any(|&v| v >= p) {
                return Err(r.bad(format!("a quiet pattern has an entry outside 0..{p}")));
            }
            rows.push(row);
        }
        let mut forced = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            forced.push(r.u32s(cut)?);
        }
        let symmetry = r.symmetry(n)?;
        r.end()?;
        Ok(WorstWork::new(p, n, rows, symmetry, w, forced))
    }
}
