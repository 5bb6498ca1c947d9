//! The one modular-arithmetic context of the crate's inner loops: [`Fp`], made from a
//! [`crate::Modulus`] by [`crate::Modulus::arith`], serves the chasing engines, the polynomial
//! code and the ring engines over Z/p^e alike (Barrett reduction works for any modulus below
//! 2^31, prime or not). The public [`crate::Zp`] is written over it, and every reduction by the
//! modulus in the crate goes through it (or through [`crate::field`]); it is tested against
//! plain integer arithmetic.
//!
//! Additions stay in `u32` with one conditional subtraction (p < 2^31, so `a + b` never
//! overflows); products are reduced with a Barrett multiplier instead of a division.

use crate::features::with_features;

/// Z_q with precomputed Barrett multipliers `floor((2^64 - 1) / q)` and, for q < 2^16,
/// `floor(2^32 / q)`. Any modulus `2 <= q < 2^31` works for every operation but [`Fp::inv`],
/// which needs a prime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Fp {
    pub(crate) p: u32,
    barrett: u64,
    /// `floor(2^32 / p)` when p < 2^16 (products fit in a `u32`), else 0.
    barrett32: u64,
}

impl Fp {
    pub(crate) const fn new(p: u32) -> Fp {
        let barrett32 = if p < 1 << 16 { (1u64 << 32) / p as u64 } else { 0 };
        Fp { p, barrett: u64::MAX / p as u64, barrett32 }
    }

    /// Whether [`Fp::reduce32`] applies (p < 2^16).
    #[inline]
    pub(crate) fn small(self) -> bool {
        self.barrett32 != 0
    }

    /// `x mod p` for any `x < 2^32`, p < 2^16: the estimated quotient is at most one short, and
    /// every step is a 32 x 32 -> 64-bit product or a `u32` operation (loops of it vectorise).
    #[inline]
    pub(crate) fn reduce32(self, x: u32) -> u32 {
        let q = ((x as u64 * self.barrett32) >> 32) as u32;
        let r = x.wrapping_sub(q.wrapping_mul(self.p));
        r.min(r.wrapping_sub(self.p))
    }

    /// `x mod p` for any `x < 2^64`: the estimated quotient is at most two short, so two
    /// branch-free conditional subtractions finish it (whether they apply is unpredictable).
    #[inline]
    pub(crate) fn reduce(self, x: u64) -> u32 {
        let (q, p) = (((x as u128 * self.barrett as u128) >> 64) as u64, self.p as u64);
        let r = x - q * p;
        let r = r.min(r.wrapping_sub(p));
        r.min(r.wrapping_sub(p)) as u32
    }

    /// `x mod p` for any signed `x`.
    #[inline]
    pub(crate) fn reduce_signed(self, x: i64) -> u32 {
        let r = self.reduce(x.unsigned_abs());
        if x < 0 {
            self.neg(r)
        } else {
            r
        }
    }

    /// `acc + a b mod p` for `acc`, `a` and `b` in `0..p`: one 32-bit reduction below 2^16.
    #[inline]
    pub(crate) fn mul_add(self, acc: u32, a: u32, b: u32) -> u32 {
        debug_assert!(acc < self.p && a < self.p && b < self.p, "operands in 0..p");
        if self.small() {
            self.reduce32(acc + a * b)
        } else {
            self.reduce(acc as u64 + a as u64 * b as u64)
        }
    }

    #[inline]
    pub(crate) fn add(self, a: u32, b: u32) -> u32 {
        // Branch-free (and vectorisable): when s < p, s - p wraps around and min keeps s.
        let s = a + b;
        s.min(s.wrapping_sub(self.p))
    }

    #[inline]
    pub(crate) fn sub(self, a: u32, b: u32) -> u32 {
        let d = a.wrapping_sub(b);
        d.min(d.wrapping_add(self.p))
    }

    #[inline]
    pub(crate) fn neg(self, a: u32) -> u32 {
        let t = self.p - a;
        t.min(t.wrapping_sub(self.p))
    }

    /// `a b mod p` for any `a`, `b`: one 32-bit reduction when the product fits 32 bits below
    /// p < 2^16 (always, for operands in `0..p`).
    #[inline]
    pub(crate) fn mul(self, a: u32, b: u32) -> u32 {
        if self.small() && (a | b) < 1 << 16 {
            self.reduce32(a * b)
        } else {
            self.reduce(a as u64 * b as u64)
        }
    }

    /// `acc += f v` entry by entry, for `f` and the entries in `0..p`: the one row operation of
    /// the elimination over the ring, the band elimination and the polynomial division.
    #[inline]
    pub(crate) fn axpy(self, acc: &mut [u32], f: u32, v: &[u32]) {
        axpy_rows(self, acc, f, v)
    }

    /// `Σ a_i b_i mod p` over pairs in `0..p`: the products reduced independently of one another
    /// (no chain of reductions through a running sum), their sum once.
    #[inline]
    pub(crate) fn dot(self, pairs: impl Iterator<Item = (u32, u32)>) -> u32 {
        self.reduce(pairs.map(|(a, b)| self.mul(a, b) as u64).sum())
    }

    /// The inverse of a non-zero `a` (Fermat: `a^(p-2)`).
    pub(crate) fn inv(self, a: u32) -> u32 {
        debug_assert!(a % self.p != 0, "inverse of zero");
        let (mut acc, mut base, mut e) = (1u32 % self.p, a % self.p, self.p - 2);
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            e >>= 1;
        }
        acc
    }
}

with_features!(fn axpy_rows(fp: Fp, acc: &mut [u32], f: u32, v: &[u32]) = axpy_any if ["avx2"]);

/// [`Fp::axpy`]: for `p = 2^e` wrapping `u32` arithmetic is exact mod p (a mask reduces, with no
/// division and no branch); the factors 1 and -1 (all of them over Z_3) need no product; below
/// 2^16 one reduction of `acc + f v < 2^32` an entry. Every branch is a loop that vectorises.
#[inline(always)]
fn axpy_any(fp: Fp, acc: &mut [u32], f: u32, v: &[u32]) {
    let pairs = acc.iter_mut().zip(v);
    if f == 0 {
    } else if fp.p.is_power_of_two() {
        let mask = fp.p - 1;
        pairs.for_each(|(x, &y)| *x = x.wrapping_add(f.wrapping_mul(y)) & mask);
    } else if f == 1 {
        pairs.for_each(|(x, &y)| *x = fp.add(*x, y));
    } else if f == fp.p - 1 {
        pairs.for_each(|(x, &y)| *x = fp.sub(*x, y));
    } else if fp.small() {
        pairs.for_each(|(x, &y)| *x = fp.reduce32(*x + f * y));
    } else {
        pairs.for_each(|(x, &y)| *x = fp.add(*x, fp.mul(f, y)));
    }
}

#[cfg(test)]
mod tests {
    use super::Fp;
    use crate::{Field, Modulus};

    /// The context agrees with the reference arithmetic of [`Field`] (a prime) and with plain
    /// integer arithmetic (any modulus, as the ring engines use it).
    #[test]
    fn the_context_matches_the_reference_for_every_modulus() {
        for q in [2u32, 3, 4, 6, 9, 12, 27, 256, 1000, 65_536, 65_537, 1 << 30, 2_147_483_647] {
            let f = Modulus::ring(q as u64).unwrap().arith();
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..500 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let (a, b) = ((x % q as u64) as u32, ((x >> 32) % q as u64) as u32);
                let (a64, b64, q64) = (a as u64, b as u64, q as u64);
                assert_eq!(f.add(a, b) as u64, (a64 + b64) % q64, "q = {q}");
                assert_eq!(f.sub(a, b) as u64, (a64 + q64 - b64) % q64, "q = {q}");
                assert_eq!(f.neg(a) as u64, (q64 - a64) % q64, "q = {q}");
                assert_eq!(f.mul(a, b) as u64, a64 * b64 % q64, "q = {q}");
                if let Ok(m) = Modulus::new(q as u64) {
                    let z = m.field();
                    assert_eq!((f.add(a, b), f.mul(a, b), f.neg(a)), (z.add(a, b), z.mul(a, b), z.neg(a)));
                    if a != 0 {
                        assert_eq!(Some(f.inv(a)), z.inv(a), "q = {q}");
                    }
                }
            }
        }
    }

    #[test]
    fn barrett_matches_division() {
        for p in [2u32, 3, 5, 7, 65_537, 2_147_483_647] {
            let f = Fp::new(p);
            for x in [0u64, 1, 2, p as u64 - 1, p as u64, u64::MAX, u64::MAX - 1, (p as u64) * (p as u64) - 1] {
                assert_eq!(f.reduce(x) as u64, x % p as u64, "p = {p}, x = {x}");
            }
            for a in 1..p.min(50) {
                assert_eq!(f.mul(a, f.inv(a)), 1);
            }
            if f.small() {
                let top = (p - 1) * (p - 1) + p - 1;
                for x in [0u32, 1, p - 1, p, 2 * p - 1, top / 2, top - 1, top, u32::MAX - 1, u32::MAX] {
                    assert_eq!(f.reduce32(x), x % p, "p = {p}, x = {x}");
                }
            }
        }
    }
}
