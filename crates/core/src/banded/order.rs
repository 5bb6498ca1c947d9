//! Reverse Cuthill-McKee: number the lights so that every press stays close to the diagonal.
//!
//! The structure graph joins `i` and `j` when `M[i][j] != 0` or `M[j][i] != 0` (the pattern of
//! `M + M^T`). Each connected component is numbered on its own, in one block: a breadth-first
//! search from a pseudo-peripheral node (one far from everything, found by repeated searches in
//! the manner of George and Liu) visits neighbours by increasing degree, and the block is then
//! reversed. Breadth-first levels are thin slices of the board, so every edge joins two nearby
//! numbers: on an `n x n` grid the result has bandwidth about `n`, like row-major order, but
//! narrower near the corners, which is where elimination saves work.

use crate::matrix::SparseMatrix;

/// A numbering of the lights and buttons and the band it gives.
///
/// For a square matrix rows and columns are renumbered alike (`new_of_row == new_of_col`); for
/// a rectangular one, row `i` and column `i` are the same node of the structure graph, and
/// each side keeps the order of its own nodes.
///
/// ```
/// use lightsout_core::{banded::BandOrdering, Modulus, SparseMatrix};
/// // A path 0 - 3 - 1 - 4 - 2 written in a scrambled order: bandwidth 3 before, 1 after.
/// let sets = vec![vec![0, 3], vec![1, 3, 4], vec![2, 4], vec![0, 1, 3], vec![1, 2, 4]];
/// let m = SparseMatrix::from_press_sets(Modulus::TWO, 5, sets).unwrap();
/// let o = BandOrdering::reverse_cuthill_mckee(&m);
/// assert_eq!((o.lower(), o.upper()), (1, 1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BandOrdering {
    new_of_row: Vec<u32>,
    new_of_col: Vec<u32>,
    lower: usize,
    upper: usize,
}

impl BandOrdering {
    /// The reverse Cuthill-McKee numbering of `m` (see the module documentation).
    pub fn reverse_cuthill_mckee(m: &SparseMatrix) -> Self {
        let n = m.rows().max(m.cols());
        let graph = Graph::of(m, n);
        let order = graph.rcm();
        let mut new_of_row = vec![0u32; m.rows()];
        let mut new_of_col = vec![0u32; m.cols()];
        let (mut r, mut c) = (0u32, 0u32);
        for &node in &order {
            let node = node as usize;
            if node < m.rows() {
                new_of_row[node] = r;
                r += 1;
            }
            if node < m.cols() {
                new_of_col[node] = c;
                c += 1;
            }
        }
        Self::from_maps(m, new_of_row, new_of_col)
    }

    /// The identity numbering (useful to compare against the reordered band).
    pub fn identity(m: &SparseMatrix) -> Self {
        Self::from_maps(m, (0..m.rows() as u32).collect(), (0..m.cols() as u32).collect())
    }

    fn from_maps(m: &SparseMatrix, new_of_row: Vec<u32>, new_of_col: Vec<u32>) -> Self {
        let (mut lower, mut upper) = (0usize, 0usize);
        for (c, col) in m.columns().iter().enumerate() {
            let nc = new_of_col[c] as usize;
            for &(r, _) in col {
                let nr = new_of_row[r as usize] as usize;
                lower = lower.max(nr.saturating_sub(nc));
                upper = upper.max(nc.saturating_sub(nr));
            }
        }
        BandOrdering { new_of_row, new_of_col, lower, upper }
    }

    /// The lower bandwidth: the largest `row - col` of a non-zero entry after renumbering.
    pub fn lower(&self) -> usize {
        self.lower
    }
    /// The upper bandwidth: the largest `col - row` of a non-zero entry after renumbering.
    pub fn upper(&self) -> usize {
        self.upper
    }
    /// The new number of every row (light): `new_of_row()[old] = new`.
    pub fn new_of_row(&self) -> &[u32] {
        &self.new_of_row
    }
    /// The new number of every column (button): `new_of_col()[old] = new`.
    pub fn new_of_col(&self) -> &[u32] {
        &self.new_of_col
    }
}

/// The structure graph in compressed form: the neighbours of node `v` are
/// `adj[start[v]..start[v + 1]]`, sorted, without `v` itself.
struct Graph {
    start: Vec<usize>,
    adj: Vec<u32>,
}

impl Graph {
    fn of(m: &SparseMatrix, n: usize) -> Graph {
        let mut degree = vec![0usize; n + 1];
        for (c, col) in m.columns().iter().enumerate() {
            for &(r, _) in col {
                if r as usize != c {
                    degree[r as usize] += 1;
                    degree[c] += 1;
                }
            }
        }
        let mut start = vec![0usize; n + 1];
        for v in 0..n {
            start[v + 1] = start[v] + degree[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![0u32; start[n]];
        for (c, col) in m.columns().iter().enumerate() {
            for &(r, _) in col {
                if r as usize != c {
                    adj[fill[r as usize]] = c as u32;
                    fill[r as usize] += 1;
                    adj[fill[c]] = r;
                    fill[c] += 1;
                }
            }
        }
        // Sort and drop the duplicates that symmetric entries produce, compacting in place.
        let mut out = 0;
        let mut new_start = vec![0usize; n + 1];
        for v in 0..n {
            let list = &mut adj[start[v]..start[v + 1]];
            list.sort_unstable();
            let mut last = u32::MAX;
            for i in start[v]..start[v + 1] {
                if adj[i] != last {
                    last = adj[i];
                    adj[out] = last;
                    out += 1;
                }
            }
            new_start[v + 1] = out;
        }
        adj.truncate(out);
        Graph { start: new_start, adj }
    }

    fn nodes(&self) -> usize {
        self.start.len() - 1
    }
    fn neighbours(&self, v: usize) -> &[u32] {
        &self.adj[self.start[v]..self.start[v + 1]]
    }
    fn degree(&self, v: usize) -> usize {
        self.start[v + 1] - self.start[v]
    }

    /// Breadth-first levels from `root` among nodes with `seen[v] != stamp`; marks them with
    /// `stamp` and returns the visit order and where each level starts in it.
    fn levels(&self, root: usize, seen: &mut [u32], stamp: u32, order: &mut Vec<u32>) -> Vec<usize> {
        order.clear();
        order.push(root as u32);
        seen[root] = stamp;
        let mut level_starts = vec![0];
        let mut head = 0;
        while head < order.len() {
            let end = order.len();
            level_starts.push(end);
            for i in head..end {
                for &w in self.neighbours(order[i] as usize) {
                    if seen[w as usize] != stamp {
                        seen[w as usize] = stamp;
                        order.push(w);
                    }
                }
            }
            head = end;
        }
        level_starts.pop();
        level_starts
    }

    /// The node to start from in the component of `v`: the end of a longest shortest path,
    /// approximately (George and Liu: move to a thin end of the deepest level while the
    /// depth grows).
    fn pseudo_peripheral(&self, v: usize, seen: &mut [u32], stamp: &mut u32, scratch: &mut Vec<u32>) -> usize {
        let mut root = v;
        *stamp += 1;
        let mut levels = self.levels(root, seen, *stamp, scratch);
        for _ in 0..16 {
            let last = &scratch[*levels.last().unwrap()..];
            let candidate = *last.iter().min_by_key(|&&w| self.degree(w as usize)).unwrap() as usize;
            *stamp += 1;
            let mut trial = Vec::new();
            let trial_levels = self.levels(candidate, seen, *stamp, &mut trial);
            if trial_levels.len() <= levels.len() {
                break;
            }
            root = candidate;
            levels = trial_levels;
            *scratch = trial;
        }
        root
    }

    /// Every node, component by component, each component in reverse Cuthill-McKee order.
    fn rcm(&self) -> Vec<u32> {
        let n = self.nodes();
        let mut placed = vec![false; n];
        let mut seen = vec![0u32; n];
        let mut stamp = 0u32;
        let mut scratch = Vec::new();
        let mut order: Vec<u32> = Vec::with_capacity(n);
        let mut by_degree: Vec<u32> = Vec::new();
        for v in 0..n {
            if placed[v] {
                continue;
            }
            let root = self.pseudo_peripheral(v, &mut seen, &mut stamp, &mut scratch);
            let begin = order.len();
            order.push(root as u32);
            placed[root] = true;
            let mut head = begin;
            while head < order.len() {
                let u = order[head] as usize;
                head += 1;
                by_degree.clear();
                by_degree.extend(self.neighbours(u).iter().copied().filter(|&w| !placed[w as usize]));
                by_degree.sort_by_key(|&w| (self.degree(w as usize), w));
                for &w in &by_degree {
                    placed[w as usize] = true;
                }
                order.extend_from_slice(&by_degree);
            }
            order[begin..].reverse();
        }
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Modulus;

    #[test]
    fn permutations_are_bijections_and_the_band_is_that_of_a_grid() {
        let m = crate::minimal::plus_grid(30, 20, Modulus::TWO).unwrap();
        let o = BandOrdering::reverse_cuthill_mckee(&m);
        let mut seen = o.new_of_row().to_vec();
        seen.sort_unstable();
        assert_eq!(seen, (0..600).collect::<Vec<u32>>());
        assert_eq!(o.new_of_row(), o.new_of_col());
        // Level sets of a 30 x 20 grid are anti-diagonals of at most 20 lights.
        assert!(o.lower() <= 22 && o.upper() <= 22, "{} {}", o.lower(), o.upper());
        assert_eq!(o.lower(), o.upper());
    }

    #[test]
    fn components_get_consecutive_blocks() {
        // Two disjoint paths interleaved: 0-2-4 and 1-3-5, plus an isolated light 6.
        let sets = vec![vec![0, 2], vec![1, 3], vec![0, 2, 4], vec![1, 3, 5], vec![2, 4], vec![3, 5], vec![6]];
        let m = SparseMatrix::from_press_sets(Modulus::TWO, 7, sets).unwrap();
        let o = BandOrdering::reverse_cuthill_mckee(&m);
        assert_eq!((o.lower(), o.upper()), (1, 1));
        let a: Vec<u32> = [0, 2, 4].iter().map(|&i| o.new_of_row()[i]).collect();
        assert_eq!(a.iter().max().unwrap() - a.iter().min().unwrap(), 2);
    }

    #[test]
    fn rectangular_matrices_get_both_maps() {
        // 3 lights, 5 buttons.
        let cols = vec![vec![(0, 1)], vec![(1, 1)], vec![(2, 1)], vec![(0, 1), (2, 1)], vec![]];
        let m = SparseMatrix::from_columns(Modulus::TWO, 3, cols).unwrap();
        let o = BandOrdering::reverse_cuthill_mckee(&m);
        let mut r = o.new_of_row().to_vec();
        r.sort_unstable();
        assert_eq!(r, vec![0, 1, 2]);
        let mut c = o.new_of_col().to_vec();
        c.sort_unstable();
        assert_eq!(c, vec![0, 1, 2, 3, 4]);
    }
}
