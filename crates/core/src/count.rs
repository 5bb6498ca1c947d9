//! Exact counts of the form p^k, which overflow any machine integer quickly.

use crate::field::Modulus;

/// A count `p^exponent` (or zero), kept exact.
///
/// ```
/// use lightsout_core::{Modulus, SolutionCount};
/// let c = SolutionCount::new(Modulus::TWO, 100);
/// assert_eq!(c.to_string(), "1267650600228229401496703205376");
/// assert_eq!(SolutionCount::new(Modulus::TWO, 128).to_u128(), None); // too big for u128
/// assert_eq!(SolutionCount::new(Modulus::TWO, 2).to_u128(), Some(4));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolutionCount {
    modulus: Modulus,
    /// `None` means the count is zero.
    exponent: Option<usize>,
}

impl SolutionCount {
    /// `p^exponent`.
    pub fn new(modulus: Modulus, exponent: usize) -> Self {
        SolutionCount { modulus, exponent: Some(exponent) }
    }
    /// Zero.
    pub fn zero(modulus: Modulus) -> Self {
        SolutionCount { modulus, exponent: None }
    }
    /// The base p.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// The exponent, or `None` for a count of zero.
    pub fn exponent(&self) -> Option<usize> {
        self.exponent
    }
    /// Whether the count is zero.
    pub fn is_zero(&self) -> bool {
        self.exponent.is_none()
    }
    /// The count as a `u128` if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.exponent {
            None => Some(0),
            Some(e) => (self.modulus.get() as u128).checked_pow(u32::try_from(e).ok()?),
        }
    }
    /// The count in decimal, exact for any size.
    pub fn to_decimal(&self) -> String {
        let Some(e) = self.exponent else { return "0".into() };
        // Little-endian base 10^9 limbs.
        let mut limbs: Vec<u64> = vec![1];
        let p = self.modulus.get() as u64;
        for _ in 0..e {
            let mut carry = 0u64;
            for l in limbs.iter_mut() {
                let v = *l * p + carry;
                *l = v % 1_000_000_000;
                carry = v / 1_000_000_000;
            }
            while carry > 0 {
                limbs.push(carry % 1_000_000_000);
                carry /= 1_000_000_000;
            }
        }
        let mut s = limbs.last().unwrap().to_string();
        for l in limbs.iter().rev().skip(1) {
            s.push_str(&format!("{l:09}"));
        }
        s
    }
}

impl std::fmt::Display for SolutionCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_decimal())
    }
}
