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
mod order;
mod record;
mod solver;
mod zp;

pub use order::BandOrdering;
pub use solver::{BandedSolver, DEFAULT_MAX_BAND_BYTES};

/// An error if the GF(2) banded elimination of a `rows x cols` matrix whose rows span `width`
/// columns in the solver's numbering would pass its limits: the work
/// ([`crate::limits::check_band_work`]) or [`DEFAULT_MAX_BAND_BYTES`] for its tables and the rows
/// of U. The same checks [`BandedSolver::new`] makes once the ordering is known; callers that
/// can bound the width from below before building anything (a surface's shape) call this first,
/// so that what cannot be done is refused at once.
///
/// ```
/// use lightsout_core::banded::check_gf2_band;
/// assert!(check_gf2_band(1 << 20, 1 << 20, 3 * 1024).is_ok()); // a 1024 x 1024 surface
/// let e = check_gf2_band(25_000_000, 25_000_000, 15_000).unwrap_err().to_string();
/// assert!(e.contains("seconds of estimated work, the limit is 600"), "{e}");
/// ```
pub fn check_gf2_band(rows: usize, cols: usize, width: usize) -> crate::Result<()> {
    record::Gf2Band::start(&mut budget::Budget::new(DEFAULT_MAX_BAND_BYTES), rows, cols, width)
}
