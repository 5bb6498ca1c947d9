//! Polynomials over Z_p (coefficients low degree first, no trailing zeros) and the bridge
//! between vectors of one path row and the ring Z_p[x]/(chi).
//!
//! On a path of `n` lights, `T e_j = e_{j-1} + δ e_j + e_{j+1}` gives `e_{j+1} = G_{j+1}(T) e_1`
//! with `G_1 = 1`, `G_2 = x - δ`, `G_{j+1} = (x - δ) G_j - G_{j-1}`; `chi = G_{n+1}` is the
//! characteristic (and minimal) polynomial of T, and `a ↦ a(T) e_1` identifies Z_p[x]/(chi)
//! with Z_p^n. Every function here costs O(n^2) field operations at most.

use super::chase::Line;
use crate::arith::Fp;
use crate::features::with_features;

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

/// `y += c x`; the multipliers 1 and -1 (all of them over Z_3) need no product.
pub(crate) fn axpy(fp: Fp, y: &mut [u32], c: u32, x: &[u32]) {
    axpy_rows(fp, y, c, x)
}

with_features!(fn axpy_rows(fp: Fp, y: &mut [u32], c: u32, x: &[u32]) = axpy_any if ["avx2"]);

#[inline(always)]
fn axpy_any(fp: Fp, y: &mut [u32], c: u32, x: &[u32]) {
    if c == 0 {
    } else if c == 1 {
        for (yi, &xi) in y.iter_mut().zip(x) {
            *yi = fp.add(*yi, xi);
        }
    } else if c == fp.p - 1 {
        for (yi, &xi) in y.iter_mut().zip(x) {
            *yi = fp.sub(*yi, xi);
        }
    } else if fp.small() {
        // y + c x < p + (p - 1)^2 < 2^32: one reduction, vectorisable.
        for (yi, &xi) in y.iter_mut().zip(x) {
            *yi = fp.reduce32(*yi + c * xi);
        }
    } else {
        for (yi, &xi) in y.iter_mut().zip(x) {
            *yi = fp.add(*yi, fp.mul(c, xi));
        }
    }
}

/// `a -= c x^shift b`, growing `a` when needed, then trimmed.
fn sub_scaled_shifted(fp: Fp, a: &mut Poly, b: &[u32], c: u32, shift: usize) {
    if a.len() < b.len() + shift {
        a.resize(b.len() + shift, 0);
    }
    axpy(fp, &mut a[shift..], fp.neg(c), b);
    trim(a);
}

/// `(q, r)` with `a = q d + r`, `deg r < deg d`, for a non-zero `d`.
pub(crate) fn divrem(fp: Fp, a: &[u32], d: &[u32]) -> (Poly, Poly) {
    let mut r = a.to_vec();
    trim(&mut r);
    let dd = d.len() - 1;
    let lead_inv = fp.inv(d[dd]);
    if r.len() < d.len() {
        return (Vec::new(), r);
    }
    let mut q = vec![0u32; r.len() - dd];
    while r.len() >= d.len() {
        let shift = r.len() - d.len();
        let c = fp.mul(r[r.len() - 1], lead_inv);
        q[shift] = c;
        sub_scaled_shifted(fp, &mut r, d, c, shift);
    }
    trim(&mut q);
    (q, r)
}

/// `(d, u)` with `d = gcd(f, g)` monic and `u f ≡ d (mod g)`, for a non-zero `g`.
/// Extended Euclid one leading term at a time, so no polynomial product is ever formed.
pub(crate) fn ext_gcd(fp: Fp, f: &[u32], g: &[u32]) -> (Poly, Poly) {
    let (mut r0, mut s0): (Poly, Poly) = (g.to_vec(), Vec::new());
    let (mut r1, mut s1): (Poly, Poly) = (f.to_vec(), vec![1]);
    trim(&mut r0);
    trim(&mut r1);
    while !r1.is_empty() {
        let lead_inv = fp.inv(r1[r1.len() - 1]);
        while r0.len() >= r1.len() {
            if crate::interrupt::requested() {
                return (vec![1], Vec::new()); // unused: the solver being built reports it
            }
            let shift = r0.len() - r1.len();
            let c = fp.mul(r0[r0.len() - 1], lead_inv);
            sub_scaled_shifted(fp, &mut r0, &r1, c, shift);
            sub_scaled_shifted(fp, &mut s0, &s1, c, shift);
        }
        std::mem::swap(&mut r0, &mut r1);
        std::mem::swap(&mut s0, &mut s1);
    }
    let inv = fp.inv(r0[r0.len() - 1]);
    for c in r0.iter_mut().chain(s0.iter_mut()) {
        *c = fp.mul(*c, inv);
    }
    (r0, s0)
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
