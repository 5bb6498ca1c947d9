//! The decision engines behind [`super::WorstSplit`] and [`super::WorstWork`] under one face:
//! the Walsh engine over GF(2), the Z_p one over odd primes, each deciding a subtree given by
//! its forced first values and recording the nodes at a cut.

use crate::minimal::worst::{self, Problem, Walsh, ZpDecision, ZpEngine};
use crate::minimal::Deadline;

/// A decision engine that cuts: the Walsh one over GF(2), the Z_p one over odd primes. Both
/// search the types in one order, a subtree given by the values of its first types (Walsh: the
/// signed counts `Y`; Z_p: the index of each type's value histogram), as `u32`s.
pub(super) enum Decider<'a> {
    Walsh(&'a Walsh, &'a Problem),
    Zp(ZpEngine<'a>),
}

/// What a decision found in a subtree: a board (the state of each type), none, or no answer.
pub(super) enum Outcome {
    Board(Vec<usize>),
    Nothing,
    Stopped,
}

impl<'a> Decider<'a> {
    /// The engine for `problem` (`walsh`: its Walsh form, over GF(2)); `None` when neither
    /// engine takes it.
    pub(super) fn new(problem: &'a Problem, walsh: Option<&'a Walsh>) -> Option<Decider<'a>> {
        match walsh {
            Some(w) => Some(Decider::Walsh(w, problem)),
            None => ZpEngine::new(problem).map(Decider::Zp),
        }
    }

    pub(super) fn positions(&self) -> usize {
        match self {
            Decider::Walsh(w, _) => w.positions(),
            Decider::Zp(e) => e.positions(),
        }
    }

    pub(super) fn valid_prefix(&self, forced: &[u32]) -> bool {
        match self {
            Decider::Walsh(w, _) => w.valid_prefix(&forced.iter().map(|&y| y as i32).collect::<Vec<_>>()),
            Decider::Zp(e) => e.valid_prefix(&forced.iter().map(|&s| s as usize).collect::<Vec<_>>()),
        }
    }

    /// Whether some board in the subtree below `forced` needs `w` presses on the support,
    /// within `max_work`, recording the nodes reaching position `cut` (no deeper; `usize::MAX`:
    /// no cut): the outcome, its work and the nodes recorded.
    pub(super) fn decide(
        &self,
        w: u64,
        max_work: u64,
        deadline: &Deadline,
        forced: &[u32],
        cut: usize,
    ) -> (Outcome, u64, Vec<Vec<u32>>) {
        match self {
            Decider::Walsh(walsh, problem) => {
                let r = walsh.support() - 2 * w as i32;
                let forced: Vec<i32> = forced.iter().map(|&y| y as i32).collect();
                let (decision, work, frontier) = walsh.decide_below(r, max_work, deadline, &forced, cut);
                let outcome = match decision {
                    worst::Decision::Feasible(pressed) => Outcome::Board(problem.gf2_states(&pressed)),
                    worst::Decision::Infeasible => Outcome::Nothing,
                    worst::Decision::Unknown => Outcome::Stopped,
                };
                let frontier = frontier.into_iter().map(|j| j.into_iter().map(|y| y as u32).collect()).collect();
                (outcome, work, frontier)
            }
            Decider::Zp(e) => {
                let forced: Vec<usize> = forced.iter().map(|&s| s as usize).collect();
                let (decision, work, frontier) = e.decide_below(w, max_work, deadline, &forced, cut);
                let outcome = match decision {
                    ZpDecision::Feasible(states) => Outcome::Board(states),
                    ZpDecision::Infeasible => Outcome::Nothing,
                    ZpDecision::Unknown => Outcome::Stopped,
                };
                let frontier = frontier.into_iter().map(|j| j.into_iter().map(|s| s as u32).collect()).collect();
                (outcome, work, frontier)
            }
        }
    }
}
