//! The memory the banded solver may use, counted as it goes, so that a band too wide for the
//! machine is an error naming the limit rather than an abort.

use crate::error::{Error, Result};

/// Bytes allowed and bytes taken so far.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    limit: u64,
    used: u64,
}

impl Budget {
    pub(crate) fn new(limit: u64) -> Self {
        Budget { limit, used: 0 }
    }

    /// Take `bytes` for `what`, or fail if the total would pass the limit.
    pub(crate) fn charge(&mut self, what: &'static str, bytes: u64) -> Result<()> {
        self.check(what, bytes)?;
        self.used += bytes;
        Ok(())
    }

    /// Fail if `bytes` more for `what` would pass the limit, without taking them.
    pub(crate) fn check(&self, what: &'static str, bytes: u64) -> Result<()> {
        let needed = self.used as u128 + bytes as u128;
        if needed > self.limit as u128 {
            return Err(Error::TooLarge { what, needed, unit: "bytes", limit: self.limit as u128 });
        }
        Ok(())
    }

    /// What a band factorisation checks before it starts: the estimated work of eliminating
    /// `cols` columns of band width `width` at `ns_per_entry` ([`crate::limits::check_band_work`]),
    /// then the row and column tables of `rows x cols` (taken), then room for the rows of U
    /// (`rows.min(cols)` pivots of at most `per_pivot` bytes each; `u_rows` says what a row
    /// holds, for the error).
    pub(crate) fn start_band(
        &mut self,
        (rows, cols): (usize, usize),
        width: usize,
        ns_per_entry: f64,
        per_pivot: u64,
        u_rows: &'static str,
    ) -> Result<()> {
        crate::limits::check_band_work("the banded elimination of M", cols, width, ns_per_entry)?;
        self.charge("the row and column tables of the band", rows as u64 * 12 + cols as u64 * 16)?;
        self.check(u_rows, rows.min(cols) as u64 * per_pivot)
    }

    /// Bytes taken so far.
    pub(crate) fn used(&self) -> u64 {
        self.used
    }
}
