//! Polynomials over a prime field behind one trait, for the small systems over `F[z]/(g)` that
//! tori and cylinders reduce to ([`super::hermite`]): bit-packed over GF(2) (64 coefficients a
//! word), `u32` coefficients over Z_p. Polynomials are trimmed (no zero top word or
//! coefficient), so the zero polynomial is empty.

use super::chase::Line;
use super::{poly, poly2};
use crate::arith::Fp;

pub(crate) trait Polys: Copy + Send + Sync + 'static {
    type P: Clone + std::fmt::Debug + PartialEq + Send + Sync;
    fn from_coeffs(&self, c: &[u32]) -> Self::P;
    fn to_coeffs(&self, a: &Self::P, len: usize) -> Vec<u32>;
    fn degree(&self, a: &Self::P) -> Option<usize>;
    fn lead(&self, a: &Self::P) -> u32;
    fn scale(&self, a: &Self::P, c: u32) -> Self::P;
    fn inv(&self, c: u32) -> u32;
    fn add(&self, a: &Self::P, b: &Self::P) -> Self::P;
    fn neg(&self, a: &Self::P) -> Self::P;
    fn mul(&self, a: &Self::P, b: &Self::P) -> Self::P;
    fn divrem(&self, a: &Self::P, b: &Self::P) -> (Self::P, Self::P);
    /// `(d, u)` with `d = gcd(f, g)` monic and `u f ≡ d (mod g)`, for a non-zero `g`: the one
    /// extended Euclid of the polynomial rings ([`poly2::ext_gcd_in`]).
    fn ext_gcd(&self, f: &Self::P, g: &Self::P) -> (Self::P, Self::P);
    /// `a mod (z^n - 1)`, folding the coefficient of `z^i` onto `z^(i mod n)`.
    fn fold(&self, a: &Self::P, n: usize) -> Self::P;
    /// The characteristic polynomial of a path of `n` lights (see [`super::poly`]).
    fn chi(&self, delta: bool, n: usize) -> Self::P;
    /// The polynomial `a` with `a(T) e_1 = v` on a path (Clenshaw).
    fn path_from_vector(&self, delta: bool, v: &[u32]) -> Self::P;
    /// `a(T) e_1` on a path of `n` lights (Horner).
    fn path_to_vector(&self, delta: bool, n: usize, a: &Self::P) -> Vec<u32>;

    fn zero(&self) -> Self::P {
        self.from_coeffs(&[])
    }
    fn one(&self) -> Self::P {
        self.from_coeffs(&[1])
    }
    fn is_zero(&self, a: &Self::P) -> bool {
        self.degree(a).is_none()
    }
    fn sub(&self, a: &Self::P, b: &Self::P) -> Self::P {
        self.add(a, &self.neg(b))
    }
    /// `(d, s, t)` with `d = s a + t b = gcd(a, b)`, monic (zero when both are zero), in
    /// O(deg a deg b): t from [`Polys::ext_gcd`] (Euclid's remainders from a and b, b's
    /// coefficient tracked), then `s = (d - t b) / a`, exactly.
    fn gcdext(&self, a: &Self::P, b: &Self::P) -> (Self::P, Self::P, Self::P) {
        if self.is_zero(a) {
            if self.is_zero(b) {
                return (self.zero(), self.one(), self.zero());
            }
            let c = self.inv(self.lead(b));
            return (self.scale(b, c), self.zero(), self.from_coeffs(&[c]));
        }
        let (d, t) = self.ext_gcd(b, a);
        let (s, _) = self.divrem(&self.sub(&d, &self.mul(&t, b)), a);
        (d, s, t)
    }
}

/// GF(2), bit-packed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Gf2Polys;

fn trim2(mut a: Vec<u64>) -> Vec<u64> {
    while a.last() == Some(&0) {
        a.pop();
    }
    a
}

impl Polys for Gf2Polys {
    type P = Vec<u64>;
    fn from_coeffs(&self, c: &[u32]) -> Vec<u64> {
        trim2(crate::bitmatrix::pack_bits(c))
    }
    fn to_coeffs(&self, a: &Vec<u64>, len: usize) -> Vec<u32> {
        (0..len).map(|i| poly2::bit(a, i) as u32).collect()
    }
    fn degree(&self, a: &Vec<u64>) -> Option<usize> {
        poly2::degree(a)
    }
    fn lead(&self, a: &Vec<u64>) -> u32 {
        !a.is_empty() as u32
    }
    fn scale(&self, a: &Vec<u64>, c: u32) -> Vec<u64> {
        if c & 1 == 1 {
            a.clone()
        } else {
            Vec::new()
        }
    }
    fn inv(&self, c: u32) -> u32 {
        c
    }
    fn add(&self, a: &Vec<u64>, b: &Vec<u64>) -> Vec<u64> {
        let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        let mut out = long.clone();
        for (o, &s) in out.iter_mut().zip(short) {
            *o ^= s;
        }
        trim2(out)
    }
    fn neg(&self, a: &Vec<u64>) -> Vec<u64> {
        a.clone()
    }
    fn mul(&self, a: &Vec<u64>, b: &Vec<u64>) -> Vec<u64> {
        let ones = |v: &Vec<u64>| v.iter().map(|w| w.count_ones()).sum::<u32>();
        let (sparse, dense) = if ones(a) <= ones(b) { (a, b) } else { (b, a) };
        let Some(dd) = poly2::degree(dense) else { return Vec::new() };
        let mut out = vec![0u64; a.len() + b.len() + 1];
        for (i, &w) in sparse.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let bit = w.trailing_zeros() as usize;
                poly2::xor_shifted(&mut out, dense, dd, 64 * i + bit);
                w &= w - 1;
            }
        }
        trim2(out)
    }
    fn divrem(&self, a: &Vec<u64>, b: &Vec<u64>) -> (Vec<u64>, Vec<u64>) {
        if a.is_empty() {
            return (Vec::new(), Vec::new());
        }
        let (q, r) = poly2::divrem(a, b);
        (trim2(q), trim2(r))
    }
    fn ext_gcd(&self, f: &Vec<u64>, g: &Vec<u64>) -> (Vec<u64>, Vec<u64>) {
        let (d, u) = poly2::ext_gcd(f, g);
        (trim2(d), trim2(u))
    }
    fn fold(&self, a: &Vec<u64>, n: usize) -> Vec<u64> {
        let Some(d) = poly2::degree(a) else { return Vec::new() };
        if d < n {
            return a.clone();
        }
        let mut out = vec![0u64; n.div_ceil(64)];
        for i in 0..=d {
            if poly2::bit(a, i) {
                let j = i % n;
                out[j / 64] ^= 1 << (j % 64);
            }
        }
        trim2(out)
    }
    fn chi(&self, delta: bool, n: usize) -> Vec<u64> {
        trim2(poly2::chi(delta, n))
    }
    fn path_from_vector(&self, delta: bool, v: &[u32]) -> Vec<u64> {
        trim2(poly2::from_vector(delta, v.len(), &crate::bitmatrix::pack_bits(v)))
    }
    fn path_to_vector(&self, delta: bool, n: usize, a: &Vec<u64>) -> Vec<u32> {
        let mut e1 = vec![0u64; n.div_ceil(64)];
        e1[0] = 1;
        self.to_coeffs(&poly2::apply(n, delta, a, &e1), n)
    }
}

/// Z_p, one `u32` per coefficient.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ZpPolys(pub(crate) Fp);

impl Polys for ZpPolys {
    type P = Vec<u32>;
    fn from_coeffs(&self, c: &[u32]) -> Vec<u32> {
        let mut a = c.to_vec();
        poly::trim(&mut a);
        a
    }
    fn to_coeffs(&self, a: &Vec<u32>, len: usize) -> Vec<u32> {
        (0..len).map(|i| a.get(i).copied().unwrap_or(0)).collect()
    }
    fn degree(&self, a: &Vec<u32>) -> Option<usize> {
        a.len().checked_sub(1)
    }
    fn lead(&self, a: &Vec<u32>) -> u32 {
        a.last().copied().unwrap_or(0)
    }
    fn scale(&self, a: &Vec<u32>, c: u32) -> Vec<u32> {
        self.from_coeffs(&a.iter().map(|&x| self.0.mul(x, c)).collect::<Vec<_>>())
    }
    fn inv(&self, c: u32) -> u32 {
        self.0.inv(c)
    }
    fn add(&self, a: &Vec<u32>, b: &Vec<u32>) -> Vec<u32> {
        let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        let mut out = long.clone();
        for (o, &s) in out.iter_mut().zip(short) {
            *o = self.0.add(*o, s);
        }
        poly::trim(&mut out);
        out
    }
    fn neg(&self, a: &Vec<u32>) -> Vec<u32> {
        a.iter().map(|&x| self.0.neg(x)).collect()
    }
    /// Schoolbook, with products summed in `u64` and reduced only as often as overflow needs.
    fn mul(&self, a: &Vec<u32>, b: &Vec<u32>) -> Vec<u32> {
        if a.is_empty() || b.is_empty() {
            return Vec::new();
        }
        let (fp, p) = (self.0, self.0.p as u64);
        let batch = ((u64::MAX - p) / ((p - 1) * (p - 1)).max(1)).max(1) as usize;
        let mut acc = vec![0u64; a.len() + b.len() - 1];
        for (i, &x) in a.iter().enumerate() {
            let x = x as u64;
            for (o, &y) in acc[i..].iter_mut().zip(b) {
                *o += x * y as u64;
            }
            if (i + 1) % batch == 0 || i % 4096 == 4095 {
                if crate::interrupt::requested() {
                    return Vec::new(); // unused: the solver being built reports it
                }
                acc.iter_mut().for_each(|v| *v = fp.reduce(*v) as u64);
            }
        }
        let mut out: Vec<u32> = acc.into_iter().map(|v| fp.reduce(v)).collect();
        poly::trim(&mut out);
        out
    }
    fn divrem(&self, a: &Vec<u32>, b: &Vec<u32>) -> (Vec<u32>, Vec<u32>) {
        poly::divrem(self.0, a, b)
    }
    fn ext_gcd(&self, f: &Vec<u32>, g: &Vec<u32>) -> (Vec<u32>, Vec<u32>) {
        poly::ext_gcd(self.0, f, g)
    }
    fn fold(&self, a: &Vec<u32>, n: usize) -> Vec<u32> {
        if a.len() <= n {
            return a.clone();
        }
        let mut out = a[..n].to_vec();
        for (i, &x) in a.iter().enumerate().skip(n) {
            out[i % n] = self.0.add(out[i % n], x);
        }
        poly::trim(&mut out);
        out
    }
    fn chi(&self, delta: bool, n: usize) -> Vec<u32> {
        poly::chi(self.0, delta, n)
    }
    fn path_from_vector(&self, delta: bool, v: &[u32]) -> Vec<u32> {
        poly::from_vector(self.0, delta, v)
    }
    fn path_to_vector(&self, delta: bool, n: usize, a: &Vec<u32>) -> Vec<u32> {
        let mut e1 = vec![0u32; n];
        e1[0] = 1;
        poly::apply(self.0, Line { n, cycle: false, delta }, a, &e1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<F: Polys>(f: F, p: u32) {
        let mut seed = 7u64;
        let mut rnd = |len: usize| -> Vec<u32> {
            (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    // Test data: plain `%`, independent of the arithmetic under test.
                    ((seed >> 33) % p as u64) as u32
                })
                .collect()
        };
        for (la, lb) in [(0, 5), (1, 1), (70, 3), (130, 129), (65, 200)] {
            let (a, b) = (f.from_coeffs(&rnd(la)), f.from_coeffs(&rnd(lb)));
            let c = f.from_coeffs(&rnd(40));
            // (a c) and (b c) share c: the gcd is a multiple of c's monic form.
            let (ac, bc) = (f.mul(&a, &c), f.mul(&b, &c));
            let (d, s, t) = f.gcdext(&ac, &bc);
            assert_eq!(f.add(&f.mul(&s, &ac), &f.mul(&t, &bc)), d);
            if !f.is_zero(&d) {
                assert_eq!(f.lead(&d), 1);
                assert!(f.is_zero(&f.divrem(&ac, &d).1) && f.is_zero(&f.divrem(&bc, &d).1));
                assert!(f.is_zero(&f.divrem(&d, &c).1) || f.is_zero(&c));
            }
            if !f.is_zero(&b) {
                let (q, r) = f.divrem(&a, &b);
                assert_eq!(f.add(&f.mul(&q, &b), &r), a);
                assert!(f.degree(&r) < f.degree(&b));
            }
            // fold agrees with the remainder by z^n - 1.
            let n = 37;
            let mut g = vec![0u32; n + 1];
            g[0] = p - 1;
            g[n] = 1;
            assert_eq!(f.fold(&ac, n), f.divrem(&ac, &f.from_coeffs(&g)).1);
        }
    }

    #[test]
    fn both_fields_obey_the_identities() {
        check(Gf2Polys, 2);
        for p in [3u32, 5, 65_537, 2_147_483_647] {
            check(ZpPolys(Fp::new(p)), p);
        }
    }
}
