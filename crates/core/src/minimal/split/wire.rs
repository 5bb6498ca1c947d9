//! The wire format of split work: an 8-byte tag naming the kind of work and its version,
//! then little-endian numbers; the reader checks every length against what is left before
//! it allocates, so bytes from anywhere give an error, never a panic or a huge allocation.

use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::minimal::worst::{is_permutation, Symmetry};

pub(super) const COSET_MAGIC: &[u8; 8] = b"LOcoset1";
pub(super) const STATS_MAGIC: &[u8; 8] = b"LOstats1";
pub(super) const WORST_MAGIC: &[u8; 8] = b"LOworst2";

/// The 64-bit FNV-1a hash: a fingerprint that is the same in every process.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Little-endian numbers after an 8-byte tag.
pub(super) struct Writer(pub(super) Vec<u8>);

impl Writer {
    pub(super) fn new(magic: &[u8; 8]) -> Self {
        Writer(magic.to_vec())
    }
    pub(super) fn u64s(&mut self, v: &[u64]) {
        v.iter().for_each(|x| self.0.extend_from_slice(&x.to_le_bytes()));
    }
    pub(super) fn u32s(&mut self, v: &[u32]) {
        v.iter().for_each(|x| self.0.extend_from_slice(&x.to_le_bytes()));
    }
    /// The symmetries of a worst-case search: its kind (0 found in the game, 1 none, 2 given)
    /// and the number of permutations, then each permutation's images.
    pub(super) fn symmetry(&mut self, symmetry: &Symmetry) {
        match symmetry {
            Symmetry::Detect => self.u64s(&[0, 0]),
            Symmetry::Plain => self.u64s(&[1, 0]),
            Symmetry::Given(perms) => {
                self.u64s(&[2, perms.len() as u64]);
                for perm in perms {
                    self.u32s(&perm.iter().map(|&j| j as u32).collect::<Vec<_>>());
                }
            }
        }
    }
}

/// Reads what a [`Writer`] wrote, every length checked before anything is allocated.
pub(super) struct Reader<'a> {
    bytes: &'a [u8],
    what: &'static str,
}

impl<'a> Reader<'a> {
    pub(super) fn new(bytes: &'a [u8], magic: &[u8; 8], what: &'static str) -> Result<Self> {
        let r = Reader { bytes, what };
        match bytes.strip_prefix(&magic[..]) {
            Some(rest) => Ok(Reader { bytes: rest, what }),
            None => Err(r.bad("they do not start with its tag (written by another version?)".into())),
        }
    }
    pub(super) fn bad(&self, why: String) -> Error {
        Error::InvalidArgument(format!("these bytes are not valid {}: {why}", self.what))
    }
    pub(super) fn take(&mut self, len: usize) -> Result<&'a [u8]> {
        if self.bytes.len() < len {
            return Err(self.bad("they end too early".into()));
        }
        let (head, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        Ok(head)
    }
    pub(super) fn u64s(&mut self, count: usize) -> Result<Vec<u64>> {
        let raw = self.take(count.checked_mul(8).ok_or_else(|| self.bad("a length overflows".into()))?)?;
        Ok(raw.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))).collect())
    }
    pub(super) fn u32s(&mut self, count: usize) -> Result<Vec<u32>> {
        let raw = self.take(count.checked_mul(4).ok_or_else(|| self.bad("a length overflows".into()))?)?;
        Ok(raw.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes"))).collect())
    }
    /// A count of at most `most` (checked against the bytes left by the later reads).
    pub(super) fn count(&mut self, most: usize, what: &str) -> Result<usize> {
        let v = self.u64s(1)?[0];
        match usize::try_from(v) {
            Ok(c) if c <= most => Ok(c),
            _ => Err(self.bad(format!("{v} {what} (at most {most})"))),
        }
    }
    pub(super) fn modulus(&mut self) -> Result<u32> {
        let p = self.u64s(1)?[0];
        Modulus::new(p).map(|m| m.get()).map_err(|e| self.bad(e.to_string()))
    }
    /// What [`Writer::symmetry`] wrote for `n` buttons, each permutation checked to be one.
    pub(super) fn symmetry(&mut self, n: usize) -> Result<Symmetry> {
        let kind = self.count(2, "as the kind of symmetry")?;
        let count = self.count(usize::MAX, "symmetries")?;
        if (kind != 2 && count != 0) || count.saturating_mul(n).saturating_mul(4) > self.bytes.len() {
            return Err(self.bad(format!("{count} symmetries of kind {kind} do not fit in the bytes")));
        }
        match kind {
            0 => Ok(Symmetry::Detect),
            1 => Ok(Symmetry::Plain),
            _ => {
                let mut perms = Vec::with_capacity(count);
                for i in 0..count {
                    let perm: Vec<usize> = self.u32s(n)?.into_iter().map(|j| j as usize).collect();
                    if !is_permutation(&perm, n) {
                        return Err(self.bad(format!("symmetry {i} is not a permutation of the {n} buttons")));
                    }
                    perms.push(perm);
                }
                Ok(Symmetry::Given(perms))
            }
        }
    }
    pub(super) fn end(&self) -> Result<()> {
        if self.bytes.is_empty() {
            Ok(())
        } else {
            Err(self.bad(format!("{} bytes too many", self.bytes.len())))
        }
    }
}
