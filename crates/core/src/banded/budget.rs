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

    /// Bytes taken so far.
    pub(crate) fn used(&self) -> u64 {
        self.used
    }
}
