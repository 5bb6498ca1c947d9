//! The classic board, built here so that the statistics and tables need no other crate.

use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::limits::check_lights;
use crate::matrix::SparseMatrix;

/// The press matrix of a `rows x cols` grid with the plus rule: each button adds 1 to its own
/// light and to its up to four orthogonal neighbours. Lights and buttons are numbered row by
/// row (`r * cols + c`).
///
/// ```
/// use lightsout_core::{minimal::plus_grid, Modulus, Solver};
/// let m = plus_grid(5, 5, Modulus::TWO).unwrap();
/// assert_eq!(Solver::new(&m).unwrap().nullity(), 2);
/// assert!(plus_grid(0, 3, Modulus::TWO).is_err());
/// ```
pub fn plus_grid(rows: usize, cols: usize, modulus: Modulus) -> Result<SparseMatrix> {
    if rows == 0 || cols == 0 {
        return Err(Error::InvalidArgument(format!("a grid needs at least one row and column, not {rows} x {cols}")));
    }
    let n = rows as u128 * cols as u128;
    check_lights("a plus-rule grid", n)?;
    let n = n as usize;
    let sets = (0..n)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let mut set = vec![i];
            if r > 0 {
                set.push(i - cols);
            }
            if r + 1 < rows {
                set.push(i + cols);
            }
            if c > 0 {
                set.push(i - 1);
            }
            if c + 1 < cols {
                set.push(i + 1);
            }
            set
        })
        .collect();
    SparseMatrix::from_press_sets(modulus, n, sets)
}
