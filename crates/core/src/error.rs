//! The one error type of the core: every failure says what was wrong and what was expected.

use thiserror::Error;

/// Everything that can go wrong in `lightsout-core`.
///
/// No public function panics on bad input; it returns one of these instead.
/// An unsolvable board is *not* an error of the caller, but it is reported here too
/// (as [`Error::Unsolvable`]) so that `?` works; it carries the obstruction that proves it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The modulus is not a prime in `2..2^31`.
    #[error("modulus must be a prime p with 2 <= p < 2^31, not {0}")]
    InvalidModulus(u64),
    /// The modulus is not an integer in `2..2^31` (where any k, prime or not, is accepted).
    #[error("modulus must be an integer k with 2 <= k < 2^31, not {0}")]
    InvalidRingModulus(u64),
    /// Two sizes that must agree do not.
    #[error("{what} must have {expected} entries, got {got}")]
    DimensionMismatch {
        /// Which argument was wrong.
        what: &'static str,
        /// The size that was expected.
        expected: usize,
        /// The size that was given.
        got: usize,
    },
    /// An entry is outside `0..p`.
    #[error("{what}[{index}] must be in 0 <= x < {modulus}, not {value}")]
    EntryOutOfRange {
        /// Which argument was wrong.
        what: &'static str,
        /// Position of the bad entry.
        index: usize,
        /// The bad value.
        value: i64,
        /// The modulus p.
        modulus: u32,
    },
    /// The problem would need more memory than the documented limit.
    #[error("problem too large: {what} needs {needed} {unit}, the limit is {limit}")]
    TooLarge {
        /// What was being allocated.
        what: &'static str,
        /// How much it would need.
        needed: u128,
        /// The unit of `needed` and `limit`.
        unit: &'static str,
        /// The limit.
        limit: u128,
    },
    /// An argument is invalid for another reason, explained in the message.
    #[error("{0}")]
    InvalidArgument(String),
    /// The work was asked to stop before it finished (see [`crate::interrupt`]): Ctrl-C in
    /// Python. Nothing was computed; asking again starts afresh.
    #[error("interrupted: the work was stopped before it finished")]
    Interrupted,
    /// The board has no solution. `obstruction` is a vector `y` with `y·M = 0` and
    /// `y·(-b) != 0`: it proves that `M s = -b` has no solution.
    #[error("the board is not solvable: it fails obstruction check {obstruction_index}")]
    Unsolvable {
        /// Which basis vector of the left null space detected it.
        obstruction_index: usize,
        /// The obstruction vector `y` (length N).
        obstruction: Vec<u32>,
    },
}

/// Short for `Result<T, lightsout_core::Error>`.
pub type Result<T> = std::result::Result<T, Error>;
