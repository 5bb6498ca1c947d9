//! Large sparse games of any shape (boards with holes, odd shapes, graphs): renumber the
//! lights so that every press stays near the diagonal, then eliminate inside that band.
//!
//! A dense solve of N lights costs `N^2 / 8` bytes and `N^3 / 64` word operations: out of
//! reach at N = 10^6. But a press only reaches nearby lights, so after a reverse Cuthill-McKee
//! renumbering ([`BandOrdering`]) the non-zeros of M lie within a band of width W (about the
//! board's side for a grid with holes), and Gaussian elimination with pivoting never leaves
//! `W` columns past the diagonal. [`BandedSolver`] keeps each partly eliminated row as a
//! bit-packed window of `ceil(W / 64) + 1` words: `O(N W / 8)` bytes and `O(N W^2 / 64)`
//! word operations. Other primes use the same elimination with one `u32` per entry.

mod budget;
mod eliminate;
mod gf2;
mod order;
mod solver;
mod zp;

pub use order::BandOrdering;
pub use solver::{BandedSolver, DEFAULT_MAX_BAND_BYTES};
