//! The top of a decision's tree cut into subtrees: the threads of one machine
//! (`walsh_proof/threads.rs`) and the tasks of a cluster (`minimal::split`) share it.

/// The top of a decision's tree cut into subtrees.
pub(crate) enum Cut<J> {
    /// Each subtree's forced first values (in search order, all of one length): together they
    /// are the whole tree.
    Jobs(Vec<J>),
    /// The top of the tree has no node left: no board reaches the decision.
    Infeasible,
    /// The deadline or the budget stopped the cut.
    Stopped,
}

/// Cut a decision's tree at the first position in search order where it has at least `want`
/// nodes (or the last position; each try from scratch, the top of the tree is small).
/// `search_to(cut)` searches down to position `cut` and returns whether it stopped early, the
/// nodes that reached the cut and its work. Returns the cut and the work of the tries.
pub(crate) fn top_cut<J: Default>(
    positions: usize,
    want: usize,
    mut search_to: impl FnMut(usize) -> (bool, Vec<J>, u64),
) -> (Cut<J>, u64) {
    let mut work = 0;
    let mut jobs: Vec<J> = Vec::new();
    for cut in 1..positions {
        let (stopped, frontier, spent) = search_to(cut);
        work += spent;
        if stopped {
            return (Cut::Stopped, work);
        }
        jobs = frontier;
        if jobs.is_empty() {
            return (Cut::Infeasible, work);
        }
        if jobs.len() >= want {
            break;
        }
    }
    if jobs.is_empty() {
        // Fewer than two positions: the tree is tiny, one job searches it whole.
        jobs.push(J::default());
    }
    (Cut::Jobs(jobs), work)
}
