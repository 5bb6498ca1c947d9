//! The GF(2) twin of [`super::poly`]: polynomials and path rows bit-packed, 64 coefficients per
//! `u64` (coefficient / light `i` is bit `i % 64` of word `i / 64`), so every step of the
//! algebra costs O(n / 64) word operations and the whole solve O(n^2 / 64).

/// Degree of a packed polynomial (`None` for zero).
pub(crate) fn degree(a: &[u64]) -> Option<usize> {
    a.iter().rposition(|&w| w != 0).map(|i| i * 64 + 63 - a[i].leading_zeros() as usize)
}

#[inline]
pub(crate) fn bit(a: &[u64], i: usize) -> bool {
    a.get(i / 64).is_some_and(|w| (w >> (i % 64)) & 1 == 1)
}

/// `dst ^= src << shift` for `src` of degree `src_deg`; `dst` must be long enough.
pub(crate) fn xor_shifted(dst: &mut [u64], src: &[u64], src_deg: usize, shift: usize) {
    let (ws, bs) = (shift / 64, shift % 64);
    let words = src_deg / 64 + 1;
    if bs == 0 {
        for (d, &s) in dst[ws..ws + words].iter_mut().zip(&src[..words]) {
            *d ^= s;
        }
    } else {
        let top = (src_deg + shift) / 64;
        for i in 0..words {
            dst[i + ws] ^= src[i] << bs;
            if i + ws < top {
                dst[i + ws + 1] ^= src[i] >> (64 - bs);
            }
        }
    }
}

/// `T x` for a path of `n` lights packed in `x`: `x << 1 ^ x >> 1 ^ δ x`, cut at `n`.
pub(crate) fn t_apply(n: usize, delta: bool, x: &[u64], out: &mut [u64]) {
    let w = x.len();
    for i in 0..w {
        let left = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
        let right = (x[i] >> 1) | if i + 1 < w { x[i + 1] << 63 } else { 0 };
        out[i] = left ^ right ^ if delta { x[i] } else { 0 };
    }
    mask_tail(n, out);
}

/// Clear the bits at positions `>= n`.
pub(crate) fn mask_tail(n: usize, x: &mut [u64]) {
    let w = n.div_ceil(64);
    if n % 64 != 0 {
        x[w - 1] &= (1u64 << (n % 64)) - 1;
    }
    for v in x[w..].iter_mut() {
        *v = 0;
    }
}

/// `Σ_j c_j G_j` for the packed vector `c` of `n` lights (Clenshaw, see [`super::poly`]).
pub(crate) fn from_vector(delta: bool, n: usize, c: &[u64]) -> Vec<u64> {
    let words = (n + 1).div_ceil(64);
    let (mut b1, mut b2) = (vec![0u64; words], vec![0u64; words]);
    for j in (0..n).rev() {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        // b2 <- c_j + (x + δ) b1 + b2; b1 has degree <= n - j - 2.
        let top = (n - j).div_ceil(64);
        let mut carry = 0u64;
        for i in 0..top {
            let v = b1[i];
            b2[i] ^= ((v << 1) | carry) ^ if delta { v } else { 0 };
            carry = v >> 63;
        }
        if bit(c, j) {
            b2[0] ^= 1;
        }
        std::mem::swap(&mut b1, &mut b2);
    }
    b1
}

/// The characteristic polynomial `G_{n+1}` of a path of `n` lights, in `(n + 2) / 64` words.
pub(crate) fn chi(delta: bool, n: usize) -> Vec<u64> {
    let words = (n + 2).div_ceil(64);
    let (mut g0, mut g1) = (vec![0u64; words], vec![0u64; words]);
    g1[0] = 1;
    for k in 0..n {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        // g0 <- (x + δ) g1 + g0, deg g1 = k.
        let top = (k + 2).div_ceil(64).min(words);
        let mut carry = 0u64;
        for i in 0..top {
            let v = g1[i];
            g0[i] ^= ((v << 1) | carry) ^ if delta { v } else { 0 };
            carry = v >> 63;
        }
        std::mem::swap(&mut g0, &mut g1);
    }
    g1
}

/// `a(T) w` for a path of `n` lights (Horner's rule).
pub(crate) fn apply(n: usize, delta: bool, a: &[u64], w: &[u64]) -> Vec<u64> {
    let words = n.div_ceil(64);
    let (mut v, mut t) = (vec![0u64; words], vec![0u64; words]);
    let Some(top) = degree(a) else { return v };
    for i in (0..=top).rev() {
        t_apply(n, delta, &v, &mut t);
        if bit(a, i) {
            for (tj, &wj) in t.iter_mut().zip(w) {
                *tj ^= wj;
            }
        }
        std::mem::swap(&mut v, &mut t);
    }
    v
}

/// `(q, r)` with `a = q d + r`, `deg r < deg d`, for a non-zero `d`.
pub(crate) fn divrem(a: &[u64], d: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let dd = degree(d).expect("divisor is non-zero");
    let mut r = a.to_vec();
    let mut q = vec![0u64; a.len()];
    while let Some(dr) = degree(&r).filter(|&dr| dr >= dd) {
        let shift = dr - dd;
        q[shift / 64] ^= 1 << (shift % 64);
        xor_shifted(&mut r, d, dd, shift);
    }
    (q, r)
}

/// `(d, u)` with `d = gcd(f, g)` and `u f ≡ d (mod g)`, for a non-zero `g`; one leading term
/// at a time, so no product is formed. Results are `g.len()` words long.
pub(crate) fn ext_gcd(f: &[u64], g: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let words = g.len().max(f.len()) + 1;
    let grow = |v: &[u64]| {
        let mut out = v.to_vec();
        out.resize(words, 0);
        out
    };
    let (mut r0, mut s0) = (grow(g), vec![0u64; words]);
    let (mut r1, mut s1) = (grow(f), vec![0u64; words]);
    s1[0] = 1;
    while let Some(d1) = degree(&r1) {
        while let Some(d0) = degree(&r0).filter(|&d0| d0 >= d1) {
            if crate::interrupt::requested() {
                // Unused: the solver being built reports it.
                let mut one = vec![0u64; words];
                one[0] = 1;
                return (one, vec![0u64; words]);
            }
            let shift = d0 - d1;
            xor_shifted(&mut r0, &r1, d1, shift);
            if let Some(ds) = degree(&s1) {
                xor_shifted(&mut s0, &s1, ds, shift);
            }
        }
        std::mem::swap(&mut r0, &mut r1);
        std::mem::swap(&mut s0, &mut s1);
    }
    (r0, s0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::structured::arith::Fp;
    use crate::structured::chase::Line;
    use crate::structured::poly;

    fn pack(v: &[u32]) -> Vec<u64> {
        let mut out = vec![0u64; v.len().div_ceil(64) + 1];
        for (i, &x) in v.iter().enumerate() {
            if x == 1 {
                out[i / 64] |= 1 << (i % 64);
            }
        }
        out
    }
    fn unpack(v: &[u64], len: usize) -> Vec<u32> {
        (0..len).map(|i| bit(v, i) as u32).collect()
    }

    #[test]
    fn packed_algebra_matches_generic() {
        let fp = Fp::new(2);
        let mut seed = 12345u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32 & 1
        };
        for n in [1usize, 2, 3, 5, 63, 64, 65, 127, 128, 129, 200] {
            for delta in [false, true] {
                let chi_g = poly::chi(fp, delta, n);
                let chi_p = chi(delta, n);
                assert_eq!(unpack(&chi_p, n + 1), chi_g, "chi n={n}");
                let c: Vec<u32> = (0..n).map(|_| rnd()).collect();
                let a_g = poly::from_vector(fp, delta, &c);
                let a_p = from_vector(delta, n, &pack(&c));
                let mut a_g_full = a_g.clone();
                a_g_full.resize(n + 1, 0);
                assert_eq!(unpack(&a_p, n + 1), a_g_full, "from_vector n={n}");
                let w: Vec<u32> = (0..n).map(|_| rnd()).collect();
                let line = Line { n, cycle: false, delta };
                assert_eq!(unpack(&apply(n, delta, &a_p, &pack(&w)), n), poly::apply(fp, line, &a_g, &w));
                let (d_g, u_g) = poly::ext_gcd(fp, &a_g, &chi_g);
                let (d_p, u_p) = ext_gcd(&a_p, &chi_p);
                let mut d_full = d_g.clone();
                d_full.resize(n + 2, 0);
                assert_eq!(unpack(&d_p, n + 2), d_full, "gcd n={n}");
                let mut u_full = u_g.clone();
                u_full.resize(n + 1, 0);
                assert_eq!(unpack(&u_p, n + 1), u_full, "cofactor n={n}");
                let (q_p, r_p) = divrem(&chi_p, &d_p);
                let (q_g, r_g) = poly::divrem(fp, &chi_g, &d_g);
                assert!(r_g.is_empty() && degree(&r_p).is_none());
                let mut q_full = q_g.clone();
                q_full.resize(n + 2, 0);
                assert_eq!(unpack(&q_p, n + 2), q_full);
            }
        }
    }
}
