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
    /// The problem would need more memory than the documented limit. Sizes in bytes read as
    /// people write them, with the exact count beside: "needs 6.4 GB (6400000000 bytes), over
    /// the 4 GiB limit".
    #[error("problem too large: {what} needs {}", Amount(*.needed, .unit, *.limit))]
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
    /// `y·(-b) != 0`: it proves that `M s = -b` has no solution. The message shows `y` (its
    /// entries in light order, or its non-zero entries for a large game).
    #[error(
        "the board is not solvable: it fails obstruction check {obstruction_index}, the obstruction \
         y = {} (y M = 0 but y·b != 0, so no presses clear it)",
        ObstructionText(.obstruction)
    )]
    Unsolvable {
        /// Which basis vector of the left null space detected it.
        obstruction_index: usize,
        /// The obstruction vector `y` (length N).
        obstruction: Vec<u32>,
    },
}

/// Games up to this many lights show the whole obstruction in [`Error::Unsolvable`]'s message;
/// larger ones show the positions of its first non-zero entries.
const OBSTRUCTION_SHOWN: usize = 100;

/// The obstruction of an unsolvable board as text: `(0 1 1 0 ...)` in light order, or for a
/// large game `{light 3: 1, light 17: 2, ...}` (at most [`OBSTRUCTION_SHOWN`] entries).
/// How much a [`Error::TooLarge`] needs against its limit, bytes in human units.
struct Amount<'a>(u128, &'a str, u128);

impl std::fmt::Display for Amount<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Amount(needed, unit, limit) = *self;
        if unit != "bytes" {
            return write!(f, "{needed} {unit}, the limit is {limit}");
        }
        write!(f, "{}, over the {} limit", bytes_text(needed), human_bytes(limit))
    }
}

/// A byte count for a message: in people's units with the exact count beside, "6.4 GB
/// (6400000000 bytes)", or the count alone where the two would read the same ("999 bytes").
///
/// ```
/// use lightsout_core::error::bytes_text;
/// assert_eq!(bytes_text(6_400_000_000), "6.4 GB (6400000000 bytes)");
/// assert_eq!(bytes_text(999), "999 bytes");
/// assert_eq!(bytes_text(302_231_454_903_657_293_676_544), "302 ZB (302231454903657293676544 bytes)");
/// ```
pub fn bytes_text(bytes: u128) -> String {
    let human = human_bytes(bytes);
    let exact = format!("{bytes} bytes");
    if human == exact {
        exact
    } else {
        format!("{human} ({exact})")
    }
}

/// A byte count as people write it: in binary units when it is a whole number of them (the
/// limits are: "4 GiB"), else in decimal units with two significant digits ("6.4 GB").
///
/// ```
/// use lightsout_core::error::human_bytes;
/// assert_eq!(human_bytes(6_400_000_000), "6.4 GB");
/// assert_eq!(human_bytes(1 << 32), "4 GiB");
/// assert_eq!(human_bytes(200_000_000), "200 MB");
/// assert_eq!(human_bytes(999), "999 bytes");
/// assert_eq!(human_bytes(302_231_454_903_657_293_676_544), "302 ZB");
/// assert_eq!(human_bytes(u128::MAX), "3.4e38 bytes");
/// ```
pub fn human_bytes(bytes: u128) -> String {
    const BINARY: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    const DECIMAL: [&str; 10] = ["kB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB", "RB", "QB"];
    if bytes < 1000 {
        return format!("{bytes} bytes");
    }
    for (i, unit) in BINARY.iter().enumerate().rev() {
        let size = 1u128 << (10 * (i + 1));
        if bytes >= size && bytes % size == 0 && bytes / size < 1024 {
            return format!("{} {unit}", bytes / size);
        }
    }
    let (mut value, mut unit) = (bytes as f64, "bytes");
    for u in DECIMAL {
        if value < 1000.0 {
            break;
        }
        value /= 1000.0;
        unit = u;
    }
    if value >= 1000.0 {
        // Past the largest unit (10^33 bytes): the power of ten, "3.4e38 bytes".
        return format!("{:.1e} bytes", bytes as f64);
    }
    let digits = if value < 10.0 { 1 } else { 0 };
    let text = format!("{value:.digits$}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text} {unit}")
}

struct ObstructionText<'a>(&'a [u32]);

impl std::fmt::Display for ObstructionText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let y = self.0;
        if y.len() <= OBSTRUCTION_SHOWN {
            f.write_str("(")?;
            for (i, v) in y.iter().enumerate() {
                write!(f, "{}{v}", if i == 0 { "" } else { " " })?;
            }
            return f.write_str(")");
        }
        let support = y.iter().filter(|&&v| v != 0).count();
        write!(f, "{{")?;
        for (shown, (light, v)) in y.iter().enumerate().filter(|&(_, &v)| v != 0).take(OBSTRUCTION_SHOWN).enumerate() {
            write!(f, "{}light {light}: {v}", if shown == 0 { "" } else { ", " })?;
        }
        if support > OBSTRUCTION_SHOWN {
            write!(f, ", ... {} more", support - OBSTRUCTION_SHOWN)?;
        }
        write!(f, "}} ({support} of {} lights non-zero, the others 0)", y.len())
    }
}

/// Short for `Result<T, lightsout_core::Error>`.
pub type Result<T> = std::result::Result<T, Error>;

/// `Ok` while `needed` is at most `limit`; else [`Error::TooLarge`] saying that `what` needs
/// `needed` `unit`: the one check behind the crate's size and work limits.
pub(crate) fn check_limit(what: &'static str, needed: u128, unit: &'static str, limit: u128) -> Result<()> {
    if needed > limit {
        return Err(Error::TooLarge { what, needed, unit, limit });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn an_unsolvable_board_shows_its_obstruction() {
        let small = Error::Unsolvable { obstruction_index: 1, obstruction: vec![0, 1, 2, 0] };
        let text = small.to_string();
        assert!(text.contains("obstruction check 1"), "{text}");
        assert!(text.contains("y = (0 1 2 0)"), "{text}");

        let mut y = vec![0; 1000];
        y[3] = 1;
        y[999] = 2;
        let text = Error::Unsolvable { obstruction_index: 0, obstruction: y }.to_string();
        assert!(text.contains("y = {light 3: 1, light 999: 2} (2 of 1000 lights non-zero"), "{text}");

        let text = Error::Unsolvable { obstruction_index: 0, obstruction: vec![1; 250] }.to_string();
        assert!(text.contains("light 99: 1, ... 150 more} (250 of 250 lights"), "{text}");
        assert!(!text.contains("light 100:"), "{text}");
    }
}
