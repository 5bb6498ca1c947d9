//! Exact counts that overflow any machine integer quickly: `p^e` over a prime field, and a
//! product of powers of the primes of k over the ring Z_k.

use crate::field::Modulus;

/// A modulus below 2^31 has at most 9 distinct prime factors (2·3·5·…·23 < 2^31 < 2·3·…·29).
const MAX_PRIMES: usize = 9;

/// A count that is zero or a product `Π p_i^(x_i)` over the primes `p_i` of the modulus, kept
/// exact. Over a prime field it is `p^exponent`; over Z_k the kernel of M need not have a size
/// that is a power of k (over Z_4 it can be 2), so the exponent is kept per prime.
///
/// ```
/// use lightsout_core::{Modulus, SolutionCount};
/// let c = SolutionCount::new(Modulus::TWO, 100);
/// assert_eq!(c.to_string(), "1267650600228229401496703205376");
/// assert_eq!(SolutionCount::new(Modulus::TWO, 128).to_u128(), None); // too big for u128
/// assert_eq!(SolutionCount::new(Modulus::TWO, 2).to_u128(), Some(4));
/// let z12 = Modulus::ring(12).unwrap();
/// let c = SolutionCount::from_prime_powers(z12, &[(2, 3), (3, 1)]).unwrap();
/// assert_eq!((c.to_u128(), c.exponent()), (Some(24), None)); // 24 is not a power of 12
/// assert_eq!(SolutionCount::new(z12, 2).to_u128(), Some(144));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolutionCount {
    modulus: Modulus,
    /// `(p, x)` for the primes of the modulus in ascending order; only `len` are used.
    powers: [(u32, usize); MAX_PRIMES],
    len: u8,
    zero: bool,
}

impl SolutionCount {
    /// `k^exponent` for the modulus k.
    pub fn new(modulus: Modulus, exponent: usize) -> Self {
        let mut c = Self::zero(modulus);
        c.zero = false;
        for (i, &(p, e)) in factors_of(modulus).iter().enumerate() {
            c.powers[i] = (p, e as usize * exponent);
        }
        c
    }
    /// Zero.
    pub fn zero(modulus: Modulus) -> Self {
        let factors = factors_of(modulus);
        let mut powers = [(0, 0); MAX_PRIMES];
        for (slot, &(p, _)) in powers.iter_mut().zip(&factors) {
            *slot = (p, 0);
        }
        SolutionCount { modulus, powers, len: factors.len() as u8, zero: true }
    }
    /// `Π p^x` over the given `(p, x)`; an error unless every p is a prime of the modulus
    /// (primes left out count `p^0`).
    pub fn from_prime_powers(modulus: Modulus, powers: &[(u32, usize)]) -> crate::Result<Self> {
        let mut c = Self::new(modulus, 0);
        for &(p, x) in powers {
            let slot = c.powers[..c.len as usize].iter_mut().find(|(q, _)| *q == p).ok_or_else(|| {
                crate::Error::InvalidArgument(format!("{p} is not a prime factor of the modulus {modulus}"))
            })?;
            slot.1 += x;
        }
        Ok(c)
    }
    /// The base k.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// The exponent e with count `k^e`, or `None` for a count of zero or (over a composite k)
    /// a count that is not a power of k: see [`SolutionCount::prime_powers`].
    pub fn exponent(&self) -> Option<usize> {
        if self.zero {
            return None;
        }
        let factors = factors_of(self.modulus);
        let e = self.powers[0].1 / factors[0].1 as usize;
        let all = self.parts().iter().zip(&factors).all(|(&(_, x), &(_, f))| x == e * f as usize);
        all.then_some(e)
    }
    /// The count as `(p, x)` for each prime p of the modulus (count `Π p^x`), or `None` for zero.
    pub fn prime_powers(&self) -> Option<Vec<(u32, usize)>> {
        (!self.zero).then(|| self.parts().to_vec())
    }
    /// Whether the count is zero.
    pub fn is_zero(&self) -> bool {
        self.zero
    }
    /// The decimal logarithm of the count (`None` for zero), for display of huge counts.
    pub fn log10(&self) -> Option<f64> {
        (!self.zero).then(|| self.parts().iter().map(|&(p, x)| x as f64 * (p as f64).log10()).sum())
    }
    /// The count as a `u128` if it fits.
    pub fn to_u128(&self) -> Option<u128> {
        if self.zero {
            return Some(0);
        }
        self.parts()
            .iter()
            .try_fold(1u128, |acc, &(p, x)| acc.checked_mul((p as u128).checked_pow(u32::try_from(x).ok()?)?))
    }
    /// The count in decimal, exact for any size.
    pub fn to_decimal(&self) -> String {
        if self.zero {
            return "0".into();
        }
        // Little-endian base 10^9 limbs.
        let mut limbs: Vec<u64> = vec![1];
        for &(p, x) in self.parts() {
            for _ in 0..x {
                let mut carry = 0u64;
                for l in limbs.iter_mut() {
                    let v = *l * p as u64 + carry;
                    *l = v % 1_000_000_000;
                    carry = v / 1_000_000_000;
                }
                while carry > 0 {
                    limbs.push(carry % 1_000_000_000);
                    carry /= 1_000_000_000;
                }
            }
        }
        let mut s = limbs.last().unwrap().to_string();
        for l in limbs.iter().rev().skip(1) {
            s.push_str(&format!("{l:09}"));
        }
        s
    }

    fn parts(&self) -> &[(u32, usize)] {
        &self.powers[..self.len as usize]
    }
}

fn factors_of(modulus: Modulus) -> Vec<(u32, u32)> {
    if modulus.is_prime() {
        vec![(modulus.get(), 1)]
    } else {
        modulus.factors()
    }
}

impl std::fmt::Display for SolutionCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_decimal())
    }
}
