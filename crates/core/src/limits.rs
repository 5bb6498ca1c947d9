//! Size limits checked before any allocation, so that a huge request is an error, not an abort.
//!
//! The limits are in bytes, so that a bit-packed GF(2) matrix may hold 32 times as many entries
//! as one with a `u32` per entry: what matters is whether the memory exists.

use crate::error::{Error, Result};

/// The most memory one dense matrix may take: 4 GiB (the machines this runs on have tens of GiB,
/// and an elimination holds a few such matrices at once).
pub const MAX_DENSE_BYTES: u128 = 1 << 32;

/// The largest dense matrix with one `u32` per entry: [`MAX_DENSE_BYTES`] / 4 entries (2^30).
/// Bit-packed matrices may have 32 times as many entries, bitsliced GF(3) ones 16 times.
pub const MAX_DENSE_ENTRIES: u128 = MAX_DENSE_BYTES / 4;

/// The largest number of lights (rows or columns of M) any solver accepts: 2^40.
pub const MAX_LIGHTS: u128 = 1 << 40;

/// Bits one entry takes in the fastest dense representation for modulus `p`: 1 for GF(2)
/// (packed), 2 for GF(3) (bitsliced), 32 otherwise (one `u32`).
pub fn bits_per_entry(p: u32) -> u32 {
    match p {
        2 => 1,
        3 => 2,
        _ => 32,
    }
}

/// An error if a dense `rows x cols` matrix with one `u32` per entry would exceed
/// [`MAX_DENSE_BYTES`].
///
/// ```
/// use lightsout_core::limits::{check_dense, check_dense_bits};
/// assert!(check_dense("M", 10_000, 20_000).is_ok());
/// assert!(check_dense("M", 100_000, 200_000).is_err());
/// assert!(check_dense_bits("M", 100_000, 200_000, 1).is_ok()); // 2.5 GB bit-packed
/// ```
pub fn check_dense(what: &'static str, rows: usize, cols: usize) -> Result<()> {
    check_dense_bits(what, rows, cols, 32)
}

/// An error if a dense `rows x cols` matrix with `bits` bits per entry would exceed
/// [`MAX_DENSE_BYTES`].
pub fn check_dense_bits(what: &'static str, rows: usize, cols: usize, bits: u32) -> Result<()> {
    let bytes = (rows as u128 * cols as u128 * bits as u128).div_ceil(8);
    if bytes > MAX_DENSE_BYTES {
        return Err(Error::TooLarge { what, needed: bytes, unit: "bytes", limit: MAX_DENSE_BYTES });
    }
    Ok(())
}

/// The most work one dense elimination may take, in estimated nanoseconds of a core: 6 * 10^11
/// (about ten minutes). Past that a request is refused with an error rather than appearing to
/// hang; structured and banded solvers take the large boards that have structure.
pub const MAX_DENSE_WORK: u128 = 600_000_000_000;

/// Estimated cost of reducing a `rows x width` matrix with pivots among `pivot_cols` columns
/// (at most `min(rows, pivot_cols)` pivots, each touching every row): `ns_per_entry` is the
/// cost of updating one entry (1/64 for packed GF(2), 1/32 for bitsliced GF(3), a few ns for
/// one `u32` with a remainder). An error above [`MAX_DENSE_WORK`].
///
/// ```
/// use lightsout_core::limits::check_dense_work;
/// assert!(check_dense_work("M", 10_000, 10_000, 20_000, 1.0 / 64.0).is_ok());
/// assert!(check_dense_work("M", 20_000, 20_000, 40_000, 3.0).is_err());
/// ```
pub fn check_dense_work(
    what: &'static str,
    rows: usize,
    pivot_cols: usize,
    width: usize,
    ns_per_entry: f64,
) -> Result<()> {
    let entries = rows.min(pivot_cols) as f64 * rows as f64 * width as f64;
    check_work_ns(what, (entries * ns_per_entry) as u128)
}

/// An error if `ns` estimated nanoseconds of work exceed [`MAX_DENSE_WORK`] (the message
/// counts whole seconds).
fn check_work_ns(what: &'static str, ns: u128) -> Result<()> {
    if ns > MAX_DENSE_WORK {
        return Err(Error::TooLarge {
            what,
            needed: ns / 1_000_000_000,
            unit: "seconds of estimated work",
            limit: MAX_DENSE_WORK / 1_000_000_000,
        });
    }
    Ok(())
}

/// Estimated cost of a banded elimination of `cols` columns with band width `width`: each
/// pivot updates at most about `width` active rows of at most `width` entries, so at most
/// `cols * width^2` entry updates at `ns_per_entry` each (calibrated on measured runs: 1/512
/// for the bit-packed GF(2) band, 1/4 for one `u32` per entry over Z_p). The same limit as the dense engine,
/// [`MAX_DENSE_WORK`]: past it the request is refused before any elimination, rather than
/// running for hours.
///
/// ```
/// use lightsout_core::limits::check_band_work;
/// assert!(check_band_work("the band", 1 << 20, 1024, 1.0 / 64.0).is_ok()); // a 1024 x 1024 board
/// assert!(check_band_work("the band", 6 * 1672 * 1672, 4 * 1672, 1.0 / 64.0).is_err());
/// ```
pub fn check_band_work(what: &'static str, cols: usize, width: usize, ns_per_entry: f64) -> Result<()> {
    let w = width as f64;
    check_work_ns(what, (cols as f64 * w * w * ns_per_entry) as u128)
}

/// The estimated nanoseconds of the nullity of the n x n grid by light chasing and a
/// polynomial gcd, per light (`n^2 / 100` ns: measured about n^2 / 50 to n^2 / 100 for n from
/// 8,000 to 32,000, so the estimate does not refuse what runs within the limit).
const NULLITY_NS_PER_LIGHT: f64 = 1.0 / 100.0;

/// An error, before any grid is chased, if the nullity table of the n x n grids for
/// `n = 1..=n_max` would take more than [`MAX_DENSE_WORK`] (about ten minutes): the sum of
/// `n^2 / 100` ns over n, so `n_max` up to 56,461.
///
/// ```
/// use lightsout_core::limits::check_nullity_table;
/// assert!(check_nullity_table(56_461).is_ok());
/// assert!(check_nullity_table(56_462).is_err());
/// let e = check_nullity_table(1_000_000_000).unwrap_err().to_string();
/// assert!(e.contains("the nullity table of the n x n grids up to n_max") && e.contains("the limit is 600"), "{e}");
/// ```
pub fn check_nullity_table(n_max: usize) -> Result<()> {
    let n = n_max as f64;
    let lights = n * (n + 1.0) * (2.0 * n + 1.0) / 6.0;
    check_work_ns("the nullity table of the n x n grids up to n_max", (lights * NULLITY_NS_PER_LIGHT) as u128)
}

/// The estimated nanoseconds of one entry update in the engine [`crate::Solver::new`] picks for
/// modulus `p`: 1/64 for packed GF(2), 1/32 for bitsliced GF(3), 3 for one `u32` per entry.
pub fn ns_per_entry(p: u32) -> f64 {
    match p {
        2 => 1.0 / 64.0,
        3 => 1.0 / 32.0,
        _ => 3.0,
    }
}

/// An error if [`crate::Solver::new`] could not factor a `lights x buttons` matrix over Z_p:
/// the augmented matrix `[M | I]` over [`MAX_DENSE_BYTES`] or the elimination over
/// [`MAX_DENSE_WORK`]. It needs the sizes only, so callers refuse before building M.
///
/// ```
/// use lightsout_core::limits::check_dense_solver;
/// assert!(check_dense_solver(10_000, 10_000, 2).is_ok());
/// let err = check_dense_solver(1 << 24, 1 << 24, 2).unwrap_err();
/// assert!(err.to_string().contains("70368744177664 bytes"));
/// ```
pub fn check_dense_solver(lights: usize, buttons: usize, p: u32) -> Result<()> {
    let width = lights.saturating_add(buttons);
    check_dense_bits("the augmented matrix [M | I]", lights, width, bits_per_entry(p))?;
    check_dense_work("the dense factorisation of M", lights, buttons, width, ns_per_entry(p))
}

/// An error if a count of lights exceeds [`MAX_LIGHTS`].
pub fn check_lights(what: &'static str, lights: u128) -> Result<()> {
    if lights > MAX_LIGHTS {
        return Err(Error::TooLarge { what, needed: lights, unit: "lights", limit: MAX_LIGHTS });
    }
    Ok(())
}
