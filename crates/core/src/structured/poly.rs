//! Polynomials over Z_p (coefficients low degree first, no trailing zeros) and the bridge
//! between vectors of one path row and the ring Z_p[x]/(chi).
//!
//! On a path of `n` lights, `T e_j = e_{j-1} + δ e_j + e_{j+1}` gives `e_{j+1} = G_{j+1}(T) e_1`
//! with `G_1 = 1`, `G_2 = x - δ`, `G_{j+1} = (x - δ) G_j - G_{j-1}`; `chi = G_{n+1}` is the
//! characteristic (and minimal) polynomial of T, and `a ↦ a(T) e_1` identifies Z_p[x]/(chi)
//! with Z_p^n. Every function here costs O(n^2) field operations at most.

use super::chase::Line;
use super::poly2::{self, EuclidPoly};
use crate::arith::Fp;

/// A polynomial, lowest coefficient first, trimmed.
pub(crate) type Poly = Vec<u32>;

pub(crate) fn trim(a: &mut Poly) {
    while a.last() == Some(&0) {
        a.pop();
    }
}

/// The polynomial `Σ_j c_j G_j` of the vector `c = Σ_j c_j e_j` (Clenshaw's recurrence
/// `β_j = c_j + (x - δ) β_{j+1} - β_{j+2}`, whose `β_1` is the sum).
pub(crate) fn from_vector(fp: Fp, delta: bool, c: &[u32]) -> Poly {
    let n = c.len();
    let (mut b1, mut b2) = (vec![0u32; n + 1], vec![0u32; n + 1]);
    for j in (0..n).rev() {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        // b2 <- c_j + (x - δ) b1 - b2, with deg b1 <= n - j - 2.
        let top = n - j;
        for i in (0..top).rev() {
            let shifted = if i > 0 { b1[i - 1] } else { c[j] };
            let mut v = fp.sub(shifted, b2[i]);
            if delta {
                v = fp.sub(v, b1[i]);
            }
            b2[i] = v;
        }
        std::mem::swap(&mut b1, &mut b2);
    }
    trim(&mut b1);
    b1
}

/// The characteristic polynomial `chi = G_{n+1}` of a path of `n` lights.
pub(crate) fn chi(fp: Fp, delta: bool, n: usize) -> Poly {
    let (mut g0, mut g1) = (vec![0u32; n + 2], vec![0u32; n + 2]);
    g1[0] = 1;
    for k in 0..n {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        // g0 <- (x - δ) g1 - g0, deg g1 = k.
        for i in 0..k + 2 {
            let shifted = if i > 0 { g1[i - 1] } else { 0 };
            let mut v = fp.sub(shifted, g0[i]);
            if delta {
                v = fp.sub(v, g1[i]);
            }
            g0[i] = v;
        }
        std::mem::swap(&mut g0, &mut g1);
    }
    trim(&mut g1);
    g1
}

/// `F_{m+1} mod chi`: the polynomial `f` with `f(T) e_1 = x_{m+1}`, the last row of the chase
/// of `e_1` through `m` empty rows (`F_0 = 0`, `F_1 = 1`, `F_{k+1} = -(x F_k + F_{k-1})`),
/// without the chase: `F_{m+1} = (-1)^m Σ_j (-1)^j C(m - j, j) x^{m - 2j}` (Chebyshev
/// polynomials of the second kind), binomials mod p by Lucas's theorem, then one division by
/// `chi` (O((m - n) n), nothing for a square grid).
pub(crate) fn chased_e1(fp: Fp, chi: &[u32], m: usize) -> Poly {
    let p = fp.p as usize;
    // Factorials mod p up to min(p - 1, m), and their inverses.
    let top = (p - 1).min(m);
    let mut fact = vec![1u32; top + 1];
    for i in 1..=top {
        fact[i] = fp.mul(fact[i - 1], i as u32);
    }
    let mut inv_fact = vec![1u32; top + 1];
    inv_fact[top] = fp.inv(fact[top]);
    for i in (1..=top).rev() {
        inv_fact[i - 1] = fp.mul(inv_fact[i], i as u32);
    }
    let binomial = |mut a: usize, mut b: usize| -> u32 {
        let mut acc = 1u32;
        while b > 0 {
            // Lucas: the base-p digits of a and b (indices, not values mod p).
            let (ai, bi) = (a % p, b % p);
            if bi > ai {
                return 0;
            }
            acc = fp.mul(acc, fp.mul(fact[ai], fp.mul(inv_fact[bi], inv_fact[ai - bi])));
            (a, b) = (a / p, b / p);
        }
        acc
    };
    let mut f = vec![0u32; m + 1];
    for j in 0..=m / 2 {
        let c = binomial(m - j, j);
        f[m - 2 * j] = if (m + j) % 2 == 0 { c } else { fp.neg(c) };
    }
    trim(&mut f);
    if chi.len() > 1 {
        f = divrem(fp, &f, chi).1;
    }
    f
}

/// `a(T) w` by Horner's rule: `v <- T v + a_i w` from the top coefficient down.
pub(crate) fn apply(fp: Fp, line: Line, a: &[u32], w: &[u32]) -> Vec<u32> {
    let n = line.n;
    let (mut v, mut t) = (vec![0u32; n], vec![0u32; n]);
    for &ai in a.iter().rev() {
        line.apply(fp, &v, &mut t);
        axpy(fp, &mut t, ai, w);
        std::mem::swap(&mut v, &mut t);
    }
    v
}

/// `y += c x` ([`Fp::axpy`]).
pub(crate) fn axpy(fp: Fp, y: &mut [u32], c: u32, x: &[u32]) {
    fp.axpy(y, c, x)
}

/// A polynomial over Z_p as [`poly2`]'s division and extended gcd see it: its coefficients
/// (one "word" each, not trimmed) with the field they live in.
#[derive(Clone, Debug)]
pub(crate) struct ZpPoly {
    fp: Fp,
    c: Poly,
}

impl EuclidPoly for ZpPoly {
    fn zeros_like(&self, words: usize) -> Self {
        ZpPoly { fp: self.fp, c: vec![0; words] }
    }
    fn grown(&self, words: usize) -> Self {
        let mut c = self.c.clone();
        c.resize(words.max(c.len()), 0);
        ZpPoly { fp: self.fp, c }
    }
    fn words(&self) -> usize {
        self.c.len()
    }
    fn degree(&self) -> Option<usize> {
        self.c.iter().rposition(|&x| x != 0)
    }
    fn degree_below(&self, at_most: usize) -> Option<usize> {
        self.c[..(at_most + 1).min(self.c.len())].iter().rposition(|&x| x != 0)
    }
    fn coeff(&self, i: usize) -> u32 {
        self.c[i]
    }
    fn put(&mut self, i: usize, c: u32) {
        self.c[i] = c;
    }
    fn sub_shifted(&mut self, src: &Self, src_deg: usize, shift: usize, c: u32) {
        self.fp.axpy(&mut self.c[shift..=shift + src_deg], self.fp.neg(c), &src.c[..=src_deg]);
    }
    fn divide(&self, a: u32, b: u32) -> u32 {
        self.fp.mul(a, self.fp.inv(b))
    }
    fn make_monic(&mut self, s: &mut Self) {
        let inv = self.fp.inv(self.c[self.degree().expect("a non-zero polynomial")]);
        for x in self.c.iter_mut().chain(s.c.iter_mut()) {
            *x = self.fp.mul(*x, inv);
        }
    }
}

/// The polynomials of a [`ZpPoly`] computation, trimmed.
fn zp_polys(fp: Fp, a: &[u32], b: &[u32], run: impl Fn(&ZpPoly, &ZpPoly) -> (ZpPoly, ZpPoly)) -> (Poly, Poly) {
    let (x, y) = run(&ZpPoly { fp, c: a.to_vec() }, &ZpPoly { fp, c: b.to_vec() });
    let (mut x, mut y) = (x.c, y.c);
    trim(&mut x);
    trim(&mut y);
    (x, y)
}

/// `(q, r)` with `a = q d + r`, `deg r < deg d`, for a non-zero `d` ([`poly2::divrem_in`]).
pub(crate) fn divrem(fp: Fp, a: &[u32], d: &[u32]) -> (Poly, Poly) {
    zp_polys(fp, a, d, poly2::divrem_in)
}

/// `(d, u)` with `d = gcd(f, g)` monic and `u f ≡ d (mod g)`, for a non-zero `g`
/// ([`poly2::ext_gcd_in`]: extended Euclid one leading term at a time, so no polynomial
/// product is ever formed).
pub(crate) fn ext_gcd(fp: Fp, f: &[u32], g: &[u32]) -> (Poly, Poly) {
    zp_polys(fp, f, g, poly2::ext_gcd_in)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mul(fp: Fp, a: &[u32], b: &[u32]) -> Poly {
        let mut out = vec![0u32; (a.len() + b.len()).saturating_sub(1)];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                out[i + j] = fp.add(out[i + j], fp.mul(x, y));
            }
        }
        trim(&mut out);
        out
    }

    #[test]
    fn chi_annihilates_t_and_vectors_round_trip() {
        for p in [2u32, 3, 5, 7] {
            let fp = Fp::new(p);
            for n in 1..9 {
                for delta in [false, true] {
                    let line = Line { n, cycle: false, delta };
                    let chi = chi(fp, delta, n);
                    assert_eq!(chi.len(), n + 1);
                    let mut e1 = vec![0u32; n];
                    e1[0] = 1;
                    for j in 0..n {
                        let v = apply(fp, line, &chi, &{
                            let mut e = vec![0u32; n];
                            e[j] = 1;
                            e
                        });
                        assert!(v.iter().all(|&x| x == 0));
                    }
                    // Test data: plain `%`, independent of the arithmetic under test.
                    let c: Vec<u32> = (0..n as u32).map(|i| (i * 7 + 3) % p).collect();
                    let a = from_vector(fp, delta, &c);
                    assert!(a.len() <= n);
                    assert_eq!(apply(fp, line, &a, &e1), c);
                }
            }
        }
    }

    #[test]
    fn closed_form_matches_the_chase() {
        use crate::structured::chase::{self, Layout};
        for p in [2u32, 3, 5, 7, 13] {
            let fp = Fp::new(p);
            for n in [1usize, 2, 3, 5, 8, 20] {
                for delta in [false, true] {
                    let line = Line { n, cycle: false, delta };
                    for m in [n, n + 1, 2 * n + 3, 40] {
                        let layout = Layout { rows: m, cols: n, transposed: false };
                        let mut e1 = vec![0u32; n];
                        e1[0] = 1;
                        let last = chase::run::<u32>(line, fp, layout, None, &vec![0; n], &e1, |_, _| {}).1;
                        let expected = from_vector(fp, delta, &last);
                        assert_eq!(chased_e1(fp, &chi(fp, delta, n), m), expected, "p={p} n={n} m={m} delta={delta}");
                    }
                }
            }
        }
    }

    #[test]
    fn gcd_and_division() {
        let fp = Fp::new(5);
        let a = mul(fp, &[1, 2, 1], &[3, 0, 1]); // (x+1)^2 (x^2+3)
        let b = mul(fp, &[1, 1], &[2, 1]); // (x+1)(x+2)
        let (d, u) = ext_gcd(fp, &a, &b);
        assert_eq!(d, vec![1, 1]);
        let (_, r) = divrem(fp, &mul(fp, &u, &a), &b);
        assert_eq!(r, d);
        let (q, r) = divrem(fp, &a, &[1, 1]);
        assert!(r.is_empty());
        assert_eq!(mul(fp, &q, &[1, 1]), a);
    }
}
