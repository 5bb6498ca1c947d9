//! The nullity of the n x n plus-rule grid over GF(2) against n: how many boards are solvable
//! (`2^(n^2 - nullity)`) and how many solutions each has (`2^nullity`).

use super::svg;
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::matrix::plus_grid;
use crate::solver::Solver;
use crate::structured::GridSolver;

/// Nullity of the n x n plus-rule grid over GF(2), for `n = 1..=n_max`.
///
/// ```
/// use lightsout_core::minimal::nullity_table;
/// let t = nullity_table(5).unwrap();
/// assert_eq!(t.rows, vec![(1, 0), (2, 0), (3, 0), (4, 4), (5, 2)]);
/// assert!(t.to_svg().contains("<circle"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NullityTable {
    /// `(n, nullity)` for each n, ascending.
    pub rows: Vec<(usize, usize)>,
}

impl NullityTable {
    /// A plain-text table, one line per n.
    pub fn to_table(&self) -> String {
        let mut out = String::from("    n  nullity\n");
        for &(n, u) in &self.rows {
            out.push_str(&format!("{n:>5}  {u}\n"));
        }
        out
    }

    /// A self-contained SVG plot of nullity against n (dots joined by a line).
    pub fn to_svg(&self) -> String {
        let points: Vec<(u64, u64)> = self.rows.iter().map(|&(n, u)| (n as u64, u as u64)).collect();
        svg::dot_plot("Nullity of the n x n grid over GF(2)", "n", "nullity", &points)
    }
}

/// The nullity table for `n = 1..=n_max`, computed by [`grid_nullity`] from the grid structure
/// (one polynomial gcd per n, so thousands of n take well under a second each).
/// [`nullity_table_with`] takes any other way, such as [`dense_grid_nullity`].
pub fn nullity_table(n_max: usize) -> Result<NullityTable> {
    nullity_table_with(n_max, grid_nullity)
}

/// The nullity of the n x n plus-rule grid over GF(2) by the structured grid solver
/// ([`GridSolver`]: light chasing and a polynomial gcd, no n^2 x n^2 matrix).
///
/// ```
/// assert_eq!(lightsout_core::minimal::grid_nullity(1024).unwrap(), 484);
/// ```
pub fn grid_nullity(n: usize) -> Result<usize> {
    Ok(GridSolver::new(n, n, true, Modulus::TWO)?.nullity())
}

/// The nullity table with any way of computing the nullity of the n x n grid. An `n_max` whose
/// table would take more than about ten minutes by [`grid_nullity`] is refused at once
/// ([`crate::limits::check_nullity_table`]).
///
/// ```
/// use lightsout_core::minimal::{dense_grid_nullity, nullity_table_with};
/// let t = nullity_table_with(4, dense_grid_nullity).unwrap();
/// assert_eq!(t.rows.last(), Some(&(4, 4)));
/// assert!(nullity_table_with(0, dense_grid_nullity).is_err());
/// ```
pub fn nullity_table_with(n_max: usize, mut nullity_of: impl FnMut(usize) -> Result<usize>) -> Result<NullityTable> {
    if n_max == 0 {
        return Err(Error::InvalidArgument("n_max must be at least 1, not 0".into()));
    }
    crate::limits::check_nullity_table(n_max)?;
    let rows = (1..=n_max)
        .map(|n| {
            crate::interrupt::check()?;
            nullity_of(n).map(|u| (n, u))
        })
        .collect::<Result<_>>()?;
    Ok(NullityTable { rows })
}

/// The nullity of the n x n plus-rule grid over GF(2) by dense elimination of the n^2 x n^2
/// matrix (about n^6/64 word operations: a reference for [`grid_nullity`], fine to n ~ 60).
///
/// ```
/// assert_eq!(lightsout_core::minimal::dense_grid_nullity(9).unwrap(), 8);
/// ```
pub fn dense_grid_nullity(n: usize) -> Result<usize> {
    Ok(Solver::new(&plus_grid(n, n, Modulus::TWO)?)?.nullity())
}
