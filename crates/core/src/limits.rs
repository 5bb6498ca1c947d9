//! Size limits checked before any allocation, so that a huge request is an error, not an abort.

use crate::error::{Error, Result};

/// The largest dense matrix (in entries) the core will allocate: 2^34 entries
/// (16 GiB as `u32`, 2 GiB bit-packed). Bigger problems need a structured solver.
pub const MAX_DENSE_ENTRIES: u128 = 1 << 34;

/// The largest number of lights (rows or columns of M) any solver accepts: 2^40.
pub const MAX_LIGHTS: u128 = 1 << 40;

/// Bytes a dense `rows x cols` matrix would use with `bits` bits per entry; an error above
/// [`MAX_DENSE_ENTRIES`] entries.
pub fn check_dense(what: &'static str, rows: usize, cols: usize) -> Result<()> {
    let entries = rows as u128 * cols as u128;
    if entries > MAX_DENSE_ENTRIES {
        return Err(Error::TooLarge { what, needed: entries, unit: "matrix entries", limit: MAX_DENSE_ENTRIES });
    }
    Ok(())
}

/// An error if a count of lights exceeds [`MAX_LIGHTS`].
pub fn check_lights(what: &'static str, lights: u128) -> Result<()> {
    if lights > MAX_LIGHTS {
        return Err(Error::TooLarge { what, needed: lights, unit: "lights", limit: MAX_LIGHTS });
    }
    Ok(())
}
