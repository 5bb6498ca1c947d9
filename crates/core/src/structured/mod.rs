//! Structured solvers: games whose press matrix has the shape of a grid, solved without ever
//! building the dense N x N matrix.
//!
//! Light chasing turns an `m x n` grid into an `n x n` system (`x_{k+1} = -(b_k + T x_k + x_{k-1})`:
//! the first press row decides everything), and because `e_1` is a cyclic vector of the row
//! matrix T, that system is one polynomial equation `F a ≡ c' (mod chi)` solved with a gcd.
//! [`GridSolver`] does this for grids with cut-off edges in time proportional to the board;
//! [`WrapSolver`] chases tori and cylinders down to a `2 x 2` (or `1 x 1`) system over
//! polynomials modulo `z^n - 1` (rows on a cycle) or `chi` (rows on a path), solved the same way.
//! Over GF(3) the chase and the algebra run on bitsliced rows (two bit planes, as in
//! [`crate::elim::gf3`]). GF(2) boards too large for a byte per light travel as
//! [`PackedBoard`]s, Z_3 boards as [`PackedBoard3`]s (two bits per light).

pub(crate) mod chase;
mod grid;
mod hermite;
mod packed;
mod packed3;
mod packed_step;
mod pfield;
mod poly;
mod poly2;
mod poly3;
mod random_bits;
mod reduced;
mod rows3;
mod striped;
mod wrap;

pub use grid::{GridSolver, Method, MAX_UNPACKED_OBSTRUCTION};
pub use packed::PackedBoard;
pub use packed3::PackedBoard3;
pub use wrap::{torus_decide_gf2, Wrap, WrapSolver};
