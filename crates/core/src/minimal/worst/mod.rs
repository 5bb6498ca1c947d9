//! The worst case of a game: the largest fewest-press count over all solvable boards (the
//! covering radius of the code of quiet patterns, with presses counted with multiplicity).
//!
//! A solvable board is a coset `x + K` of the quiet patterns K, and it needs
//! `min_c wt(x + Σ c_k n_k)` presses. Column j of the null basis is a vector `v_j` in Z_p^U;
//! buttons no quiet pattern presses (`v_j = 0`) are the same in every solution, so the worst
//! board presses them `p - 1` times. The other buttons fall into *types* (equal `v_j`), and for
//! a type only how many of its buttons take each value matters (its histogram). So the worst
//! case is `(p - 1) · outside + max over type histograms of min over c of Σ_types f_T(<c, v_T>)`,
//! a max-min problem over the types ([`problem`], searched by [`maxmin`]).
//!
//! - Nullity 0: every board has one solution; the worst board's presses every button `p - 1`
//!   times (N presses over GF(2)). Proven at once.
//! - `p^U <= `[`EXACT_MEMBERS`]: a local search over type histograms finds a hard board. Over
//!   GF(2) the Walsh engine ([`walsh_proof`]) then rules out heavier boards one press at
//!   a time, from the lightest bound up, and finds the hardest board itself when the local
//!   search missed it; over Z_p (p > 2) a decision search of the same kind (exact tables per
//!   level, averaging over the subspaces spanned by up to three types) does the same from the
//!   averaging bound down, and a branch and bound ([`maxmin`]) takes Z_k and what
//!   the engines leave open. Each stops at the budget with an upper bound. The witness is then
//!   checked by the exhaustive fewest-press search. Both decision engines search one board per
//!   orbit of the game's symmetries ([`symmetry`]: found in the game and checked against its
//!   quiet patterns, or given, or none with [`Symmetry::Plain`]).
//! - The budget's `max_work` is a hard cap on the work, the check of the witness included; a
//!   budget that cannot pay for one board's solutions gives the trivial witness below.
//! - Larger nullity: a witness whose fewest-press count the minimal search proves, and the
//!   averaging bound: every board needs at most `(p-1)·outside + (p-1)·support / 2` presses,
//!   since the `p^U` solutions of a board average `(p-1)/2` on every support button. While
//!   the work pays for one board's `p^U` solutions, the pooled local search ([`pooled`])
//!   weighs boards exactly with the fewest-press search and climbs against a pool of light
//!   solutions in between (the 39 x 39 grid, nullity 32: about a second a board); past that,
//!   the buttons outside the quiet patterns pressed `p - 1` times, which is exact by itself.

use super::coset::reduce;
mod cut;
mod direct;
mod local;
mod maxmin;
mod pooled;
mod problem;
mod spans;
mod symmetry;
mod walsh_proof;
mod zp_proof;

use super::{minimal_in_coset, minimal_in_module, Budget, Deadline};
use crate::error::{Error, Result};
use crate::field::{check_vector, Field, Modulus};
use crate::solver::Solver;
pub(crate) use cut::{top_cut, Cut};
use direct::Direct;
pub(crate) use maxmin::{solve, start};
pub(crate) use problem::{Found, Problem};
pub(crate) use symmetry::is_permutation;
pub use symmetry::Symmetry;
pub(crate) use walsh_proof::{Decision, Walsh, MAX_DIM};
pub(crate) use zp_proof::{Decision as ZpDecision, Engine as ZpEngine};

/// Exact search (local search, branch and bound) runs when the `p^U` coset members of a board
/// are at most this many: the search keeps one weight per member.
pub const EXACT_MEMBERS: u64 = 1 << 22;

/// The hardest board found for a game, how hard it is, and how sure we are that none is harder.
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, worst_case, Budget}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
/// let worst = worst_case(&solver, &Budget::default()).unwrap();
/// assert_eq!((worst.weight, worst.proven_optimal, worst.upper_bound), (15, true, 15));
/// assert_eq!(solver.apply(&worst.board, &worst.presses).unwrap(), vec![0; 25]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorstCase {
    /// A solvable board that needs `weight` presses (its lights, `-M presses`).
    pub board: Vec<u32>,
    /// A fewest-press solution of `board`.
    pub presses: Vec<u32>,
    /// The fewest-press count of `board` (proven: every solution of it weighs at least this).
    pub weight: u64,
    /// Whether no solvable board needs more presses than `board`.
    pub proven_optimal: bool,
    /// No solvable board needs more presses than this (equal to `weight` when proven).
    pub upper_bound: u64,
    /// Work done, in coset-member weights updated (the check of the witness, one weight per
    /// solution, included): never more than the budget's `max_work`. A budget too small to
    /// weigh one board's solutions gives the trivial witness (the buttons outside the quiet
    /// patterns pressed) and no search.
    pub explored: u64,
    /// Why the answer is not proven when more time or work would not prove it: the game is
    /// beyond what the exact search takes (a modulus above 255, a type of button with too many
    /// value histograms, too many solutions per board) and has too many boards to enumerate
    /// one by one. `None` when the budget is what stopped the search, or the answer is proven.
    pub note: Option<String>,
}

/// The hardest solvable board of `solver`'s game within `budget` (see the module docs).
///
/// Over Z_p the board is `-M presses`, so that `board + M presses = 0`.
pub fn worst_case(solver: &Solver, budget: &Budget) -> Result<WorstCase> {
    worst_case_with(solver, budget, &Symmetry::Detect)
}

/// [`worst_case`] with the choice of the symmetries the proof uses: [`Symmetry::Detect`] (what
/// [`worst_case`] does) finds the grid's, torus's or cylinder's symmetries that keep the quiet
/// patterns, [`Symmetry::Plain`] uses none (the same answer, more nodes: to compare),
/// [`Symmetry::Given`] takes permutations of the buttons and refuses any that does not keep the
/// quiet patterns.
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, worst_case_with, Budget, Symmetry}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(4, 4, Modulus::TWO).unwrap()).unwrap();
/// let plain = worst_case_with(&solver, &Budget::default(), &Symmetry::Plain).unwrap();
/// let symmetric = worst_case_with(&solver, &Budget::default(), &Symmetry::Detect).unwrap();
/// assert_eq!((plain.weight, plain.proven_optimal), (symmetric.weight, symmetric.proven_optimal));
/// let shift: Vec<usize> = (0..16).map(|j| (j + 1) % 16).collect(); // not a symmetry of the grid
/// assert!(worst_case_with(&solver, &Budget::default(), &Symmetry::Given(vec![shift])).is_err());
/// ```
pub fn worst_case_with(solver: &Solver, budget: &Budget, symmetry: &Symmetry) -> Result<WorstCase> {
    crate::limits::check_dense("the null basis", solver.nullity(), solver.buttons())?;
    let f = solver.modulus().field();
    let n = solver.buttons();
    let orders = vec![solver.modulus().get(); solver.nullity()];
    worst_from_module_with(solver.modulus(), n, &solver.null_basis(), &orders, budget, symmetry, |presses| {
        let on = solver.apply(&vec![0; solver.lights()], presses)?;
        Ok(on.into_iter().map(|x| f.neg(x)).collect())
    })
}

/// [`worst_case`] for callers with their own quiet patterns (a structured solver, say):
/// `basis` spans the quiet patterns of a game with `n` buttons, and `board_of` turns a press
/// vector into the board it solves.
///
/// ```
/// use lightsout_core::{minimal::{worst_from_quiet, Budget}, Modulus};
/// // Three buttons, one quiet pattern pressing all of them: at most one press is ever needed.
/// let w = worst_from_quiet(Modulus::TWO, 3, &[vec![1, 1, 1]], &Budget::default(), |x| Ok(x.to_vec())).unwrap();
/// assert_eq!((w.weight, w.proven_optimal), (1, true));
/// ```
pub fn worst_from_quiet(
    modulus: Modulus,
    n: usize,
    basis: &[Vec<u32>],
    budget: &Budget,
    board_of: impl FnOnce(&[u32]) -> Result<Vec<u32>>,
) -> Result<WorstCase> {
    modulus.require_prime("worst_from_quiet (a basis of quiet patterns; worst_from_module takes Z_k)")?;
    let (rows, _) = checked_quiet(modulus, n, basis, &[])?;
    let rows = reduce(modulus, rows, n);
    let orders = vec![modulus.get(); rows.len()];
    search(modulus, n, rows, orders, budget, &Symmetry::Detect, board_of)
}

/// [`worst_from_quiet`] over Z_k for any modulus: the quiet patterns are the combinations of
/// `gens` with coefficients below their additive `orders` (as from
/// [`crate::RingSolver::null_basis_with_orders`]). Presses count with multiplicity, entries in
/// `0..k`.
///
/// ```
/// use lightsout_core::{minimal::{worst_from_module, Budget}, Modulus};
/// // Z_4, two buttons, the quiet pattern [2, 2] of order 2: [3, 1] and [1, 3] both weigh 4.
/// let z4 = Modulus::ring(4).unwrap();
/// let w = worst_from_module(z4, 2, &[vec![2, 2]], &[2], &Budget::default(), |x| Ok(x.to_vec())).unwrap();
/// assert_eq!((w.weight, w.proven_optimal), (4, true));
/// ```
pub fn worst_from_module(
    modulus: Modulus,
    n: usize,
    gens: &[Vec<u32>],
    orders: &[u32],
    budget: &Budget,
    board_of: impl FnOnce(&[u32]) -> Result<Vec<u32>>,
) -> Result<WorstCase> {
    worst_from_module_with(modulus, n, gens, orders, budget, &Symmetry::Detect, board_of)
}

/// [`worst_from_module`] with the choice of symmetries (see [`worst_case_with`]); over Z_k for
/// composite k none is used (the given ones must still be permutations of the buttons).
pub fn worst_from_module_with(
    modulus: Modulus,
    n: usize,
    gens: &[Vec<u32>],
    orders: &[u32],
    budget: &Budget,
    symmetry: &Symmetry,
    board_of: impl FnOnce(&[u32]) -> Result<Vec<u32>>,
) -> Result<WorstCase> {
    if modulus.is_prime() {
        let (rows, _) = checked_quiet(modulus, n, gens, &[])?;
        let rows = reduce(modulus, rows, n);
        check_symmetry(modulus, n, &rows, symmetry)?;
        let orders = vec![modulus.get(); rows.len()];
        return search(modulus, n, rows, orders, budget, symmetry, board_of);
    }
    check_symmetry(modulus, n, gens, symmetry)?;
    let (gens, orders) = checked_quiet(modulus, n, gens, orders)?;
    search(modulus, n, gens, orders, budget, symmetry, board_of)
}

/// Refuse given symmetries that are not permutations of the `n` buttons or, over a field, do
/// not keep the quiet patterns (`rows`, reduced; not read over Z_k, where none is used), with
/// an error naming the first. [`Symmetry::Plain`] and [`Symmetry::Detect`] need no check: the
/// search keeps only the grid symmetries that hold.
pub(crate) fn check_symmetry(modulus: Modulus, n: usize, rows: &[Vec<u32>], symmetry: &Symmetry) -> Result<()> {
    let Symmetry::Given(perms) = symmetry else { return Ok(()) };
    if modulus.is_prime() {
        return symmetry::check_given(modulus.get(), n, rows, perms).map_err(Error::InvalidArgument);
    }
    match perms.iter().position(|g| !symmetry::is_permutation(g, n)) {
        Some(i) => Err(Error::InvalidArgument(format!("symmetry {i} is not a permutation of the {n} buttons"))),
        None => Ok(()),
    }
}

/// The quiet patterns of a worst-case search, checked: over a field a basis (`orders` are
/// not read), over Z_k generators with their additive orders.
pub(crate) fn checked_quiet(
    modulus: Modulus,
    n: usize,
    gens: &[Vec<u32>],
    orders: &[u32],
) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
    if modulus.is_prime() {
        for v in gens {
            check_vector("quiet pattern", v, n, modulus)?;
        }
        crate::limits::check_dense("the null basis", gens.len(), n)?;
        return Ok((gens.to_vec(), Vec::new()));
    }
    if orders.len() != gens.len() {
        return Err(Error::DimensionMismatch {
            what: "orders (one per generator)",
            expected: gens.len(),
            got: orders.len(),
        });
    }
    let k = modulus.get();
    for (g, &o) in gens.iter().zip(orders) {
        check_vector("generator", g, n, modulus)?;
        // A check of the caller's orders (divisibility, once a generator), not a board's arithmetic.
        if o == 0 || k % o != 0 || g.iter().any(|&x| (x as u64 * o as u64) % k as u64 != 0) {
            return Err(Error::InvalidArgument(format!(
                "the order {o} of a generator must divide the modulus {k} and annihilate the generator"
            )));
        }
    }
    crate::limits::check_dense("the quiet-pattern generators", gens.len(), n)?;
    Ok((gens.to_vec(), orders.to_vec()))
}

/// The search behind both entry points: `rows` with coefficient `orders`.
fn search(
    modulus: Modulus,
    n: usize,
    rows: Vec<Vec<u32>>,
    orders: Vec<u32>,
    budget: &Budget,
    symmetry: &Symmetry,
    board_of: impl FnOnce(&[u32]) -> Result<Vec<u32>>,
) -> Result<WorstCase> {
    let deadline = Deadline::start(budget);
    let witness = match Plan::with_symmetry(modulus, n, rows, orders, budget, &deadline, symmetry)? {
        Plan::Settled(witness) => witness,
        Plan::Search(s) => match maxmin::solve(&s.problem, &s.search_budget(budget), &deadline) {
            Some(found) => s.conclude(found)?,
            None => s.trivial(None),
        },
    };
    witness.with_board(board_of)
}

/// A worst case before its board is computed from its presses.
#[derive(Debug, Clone)]
pub(crate) struct Witness {
    pub(crate) presses: Vec<u32>,
    pub(crate) weight: u64,
    pub(crate) proven_optimal: bool,
    pub(crate) upper_bound: u64,
    pub(crate) explored: u64,
    pub(crate) note: Option<String>,
}

impl Witness {
    /// The [`WorstCase`], its board `board_of(presses)`.
    pub(crate) fn with_board(self, board_of: impl FnOnce(&[u32]) -> Result<Vec<u32>>) -> Result<WorstCase> {
        Ok(WorstCase {
            board: board_of(&self.presses)?,
            presses: self.presses,
            weight: self.weight,
            proven_optimal: self.proven_optimal,
            upper_bound: self.upper_bound,
            explored: self.explored,
            note: self.note,
        })
    }
}

/// Where the worst case stands before the search over type histograms: settled by the quick
/// routes (few boards, no exact search possible), or that search's problem. The single
/// machine ([`search`]) and the split ([`crate::minimal::WorstSplit`]) both start here and end
/// with [`Searching::conclude`].
pub(crate) enum Plan {
    Settled(Witness),
    Search(Searching),
}

/// The search over type histograms, ready to run.
pub(crate) struct Searching {
    modulus: Modulus,
    rows: Vec<Vec<u32>>,
    orders: Vec<u32>,
    /// Buttons no quiet pattern presses, each pressed `k - 1` times by every solution.
    outside: u64,
    /// The averaging bound: no board needs more presses.
    averaging: u64,
    /// Which buttons some quiet pattern presses.
    support: Vec<bool>,
    /// The work left to the search once the witness check is paid for.
    search_work: u64,
    pub(crate) problem: Problem,
}

impl Plan {
    /// The plan, its decision engines using `symmetry` (checked by the caller when given).
    pub(crate) fn with_symmetry(
        modulus: Modulus,
        n: usize,
        rows: Vec<Vec<u32>>,
        orders: Vec<u32>,
        budget: &Budget,
        deadline: &Deadline,
        symmetry: &Symmetry,
    ) -> Result<Plan> {
        let k = modulus.get();
        let top = k as u64 - 1;
        // Every board's solutions average at most (k + d - 2)/2 on a button whose column spans
        // d·Z_k ((p-1)/2 over a field): the averaging bound, twice over.
        let mut outside = 0u64;
        let mut inside2 = 0u64;
        let mut support = vec![false; n];
        for (j, s) in support.iter_mut().enumerate() {
            let d = rows.iter().fold(k, |g, r| gcd(g, r[j]));
            if d == k {
                outside += 1;
            } else {
                *s = true;
                inside2 += (k + d - 2) as u64;
            }
        }
        let averaging = top * outside + inside2 / 2;
        let trivial = |note: Option<String>| trivial(top, outside, averaging, &support, note);
        // Few press vectors on the support: weigh every coset, exact and quicker than the search.
        let on: Vec<usize> = (0..n).filter(|&j| support[j]).collect();
        let cosets = direct::Cosets { k, n, support: &on, rows: &rows, orders: &orders };
        if on.len() as f64 * (k as f64).log2() <= direct::FEW_BOARDS_LOG2 {
            if let Some(d) = direct::every_board(&cosets, budget.max_work, deadline) {
                if d.complete {
                    return Ok(Plan::Settled(Witness {
                        presses: d.presses,
                        weight: d.weight,
                        proven_optimal: true,
                        upper_bound: d.weight,
                        explored: d.explored,
                        note: None,
                    }));
                }
            }
        }
        let members = orders.iter().try_fold(1u64, |a, &o| a.checked_mul(o as u64)).filter(|&m| m <= EXACT_MEMBERS);
        // The work is capped hard: the witness check visits every member, so the search gets
        // what is left after it, and a budget that cannot pay for one board is no search at all.
        let search_work = members.and_then(|m| budget.max_work.checked_sub(m)).filter(|&w| w > 0);
        let problem = search_work.and_then(|_| Problem::new_with(k, modulus.is_prime(), n, &rows, &orders, symmetry));
        if let (Some(search_work), Some(problem)) = (search_work, problem) {
            return Ok(Plan::Search(Searching {
                modulus,
                rows,
                orders,
                outside,
                averaging,
                support,
                search_work,
                problem,
            }));
        }
        // The search over type histograms cannot take this game at all (not for want of
        // budget): the press vectors are searched directly instead.
        let cannot = if members.is_none() {
            Some(format!("each board has more than {EXACT_MEMBERS} solutions, more than the exact search keeps"))
        } else if search_work.is_some() {
            Some(if k > 255 {
                format!("the exact search takes moduli up to 255, not {k}")
            } else {
                format!("some type of equal buttons has more than {} value histograms over Z_{k}", problem::MAX_STATES)
            })
        } else {
            None
        };
        let enumerable = on.len() as f64 * (k as f64).log2() <= (direct::MAX_BOARDS as f64).log2();
        let note = cannot.as_ref().filter(|_| !enumerable).map(|cannot| {
            format!(
                "not provable here: {cannot}, and its {k}^{} press vectors are too many to enumerate \
                 (more time or work would not prove it)",
                on.len()
            )
        });
        if cannot.is_some() {
            let heavier = || {
                let searched = direct::local_search(&cosets, budget.max_work, deadline)
                    .or_else(|| pooled::pooled_search(&cosets, modulus, budget.max_work, deadline));
                match (searched, direct::invariant_witness(&cosets)) {
                    (Some(a), Some(b)) if b.weight > a.weight => Some(Direct { explored: a.explored, ..b }),
                    (a, b) => a.or(b),
                }
            };
            let direct = direct::every_board(&cosets, budget.max_work, deadline)
                .or_else(heavier)
                .or_else(|| direct::weigh_heavy_witness(&cosets, modulus, budget.max_work, deadline));
            if let Some(d) = direct.filter(|d| d.weight > top * outside) {
                let upper_bound = if d.complete { d.weight } else { averaging.max(d.weight) };
                return Ok(Plan::Settled(Witness {
                    presses: d.presses,
                    weight: d.weight,
                    proven_optimal: d.weight == upper_bound,
                    upper_bound,
                    explored: d.explored,
                    note: note.filter(|_| !d.complete).map(|n| n + "; the board is the hardest a local search found"),
                }));
            }
        }
        Ok(Plan::Settled(trivial(note)))
    }
}

/// The buttons outside the quiet patterns pressed k - 1 times, the others not at all: every
/// solution presses the outside ones alike and the rest at least 0 times, so this board needs
/// exactly (k-1)·outside presses, with no search.
fn trivial(top: u64, outside: u64, averaging: u64, support: &[bool], note: Option<String>) -> Witness {
    let presses: Vec<u32> = support.iter().map(|&s| if s { 0 } else { top as u32 }).collect();
    let weight = top * outside;
    Witness {
        presses,
        weight,
        proven_optimal: weight == averaging,
        upper_bound: averaging,
        explored: 0,
        note: note
            .filter(|_| weight != averaging)
            .map(|n| n + "; the board presses only the buttons outside the quiet patterns, with no search"),
    }
}

impl Searching {
    /// The buttons no quiet pattern presses: every solution presses each `k - 1` times.
    pub(crate) fn outside(&self) -> u64 {
        self.outside
    }

    /// The budget of the search itself: what is left after the witness check.
    pub(crate) fn search_budget(&self, budget: &Budget) -> Budget {
        Budget::new(self.search_work, budget.max_time)
    }

    /// The answer when the search could not pay for one board.
    pub(crate) fn trivial(&self, note: Option<String>) -> Witness {
        let top = self.modulus.get() as u64 - 1;
        trivial(top, self.outside, self.averaging, &self.support, note)
    }

    /// The answer from what the search found (weights on the support), its board checked by
    /// the exhaustive fewest-press search (the members are few here).
    pub(crate) fn conclude(&self, found: Found) -> Result<Witness> {
        let top = self.modulus.get() as u64 - 1;
        let x = self.problem.presses(&found.states);
        let exhaustive = Budget::new(u64::MAX, None);
        let check = if self.modulus.is_prime() {
            minimal_in_coset(self.modulus, &x, &self.rows, &exhaustive)?
        } else {
            minimal_in_module(self.modulus, &x, &self.rows, &self.orders, &exhaustive)?
        };
        if !check.proven_optimal || check.weight != top * self.outside + found.weight {
            return Err(Error::InvalidArgument(format!(
                "internal error: the hardest board found should need {} presses, the fewest-press search says {}",
                top * self.outside + found.weight,
                check.weight
            )));
        }
        let upper_bound = (top * self.outside + found.upper_bound).min(self.averaging).max(check.weight);
        Ok(Witness {
            presses: check.presses,
            weight: check.weight,
            proven_optimal: upper_bound == check.weight,
            upper_bound,
            explored: found.explored.saturating_add(check.explored),
            note: None,
        })
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
