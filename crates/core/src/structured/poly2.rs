//! The GF(2) twin of [`super::poly`]: polynomials and path rows bit-packed, 64 coefficients per
//! `u64` (coefficient / light `i` is bit `i % 64` of word `i / 64`), so every step of the
//! algebra costs O(n / 64) word operations and the whole solve O(n^2 / 64).
//!
//! Division, the extended gcd and Horner's rule are written once for both packed fields, over
//! [`PackedPoly`]: one plane here (`Vec<u64>`), two in [`super::poly3`] (`Tri`, the bitsliced
//! GF(3) form).

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
        // Word j of the shifted source is src[j] << bs | src[j - 1] >> (64 - bs): one pass the
        // compiler vectorises, with no test per word.
        dst[ws] ^= src[0] << bs;
        for (d, pair) in dst[ws + 1..ws + words].iter_mut().zip(src[..words].windows(2)) {
            *d ^= (pair[1] << bs) | (pair[0] >> (64 - bs));
        }
        if (src_deg + shift) / 64 == ws + words {
            dst[ws + words] ^= src[words - 1] >> (64 - bs);
        }
    }
}

/// Degree of `a` knowing it is at most `at_most` (scans down from there).
#[inline]
fn degree_below(a: &[u64], at_most: usize) -> Option<usize> {
    let top = (at_most / 64).min(a.len().checked_sub(1)?);
    a[..=top].iter().rposition(|&w| w != 0).map(|i| i * 64 + 63 - a[i].leading_zeros() as usize)
}

/// `a^2` over GF(2): coefficient `i` moves to `2 i` (the Frobenius map is linear).
fn square(a: &[u64]) -> Vec<u64> {
    /// The 32 bits of `x` spread to the even bits of a word.
    fn spread(x: u64) -> u64 {
        let mut x = x & 0xFFFF_FFFF;
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        (x | (x << 1)) & 0x5555_5555_5555_5555
    }
    a.iter().flat_map(|&w| [spread(w), spread(w >> 32)]).collect()
}

/// `(x + c) a` over GF(2), one word longer than `a`.
fn times_x_plus(a: &[u64], c: bool) -> Vec<u64> {
    let mut out = vec![0u64; a.len() + 1];
    let mut carry = 0u64;
    for (o, &v) in out.iter_mut().zip(a) {
        *o = ((v << 1) | carry) ^ if c { v } else { 0 };
        carry = v >> 63;
    }
    out[a.len()] = carry;
    out
}

/// `P_k` of the sequence `P_0 = 0`, `P_1 = 1`, `P_{j+1} = (x + c) P_j + P_{j-1}` over GF(2), of
/// degree `k - 1`, in `words` words (at least `k.div_ceil(64)`).
///
/// By doubling, in O(k / 64) word operations: `(P_{j+1}, P_j)` are the first column of the
/// j-th power of `[[x + c, 1], [1, 0]]`, so squaring it gives `P_{2j} = P_j (P_{j+1} + P_{j-1})
/// = (x + c) P_j^2` and `P_{2j+1} = P_{j+1}^2 + P_j^2 = (P_{j+1} + P_j)^2` (squares are linear
/// over GF(2)). The chase of `e_1` through `m` empty rows (`P_{m+1}` with `c = 0`, evaluated at
/// T) and the characteristic polynomial of a path (`c = δ`) are such sequences.
pub(crate) fn sequence(c: bool, k: usize, words: usize) -> Vec<u64> {
    // (p, q) = (P_j, P_{j+1}), starting from j = 0.
    let (mut p, mut q) = (vec![0u64], vec![1u64]);
    for bit in (0..usize::BITS - k.leading_zeros()).rev() {
        let sum: Vec<u64> = q.iter().zip(p.iter().chain(std::iter::repeat(&0))).map(|(a, b)| a ^ b).collect();
        let (even, odd) = (times_x_plus(&square(&p), c), square(&sum)); // P_{2j}, P_{2j+1}
        if (k >> bit) & 1 == 0 {
            (p, q) = (even, odd);
        } else {
            // P_{2j+2} = (x + c) P_{2j+1} + P_{2j}.
            let mut next = times_x_plus(&odd, c);
            for (n, &e) in next.iter_mut().zip(&even) {
                *n ^= e;
            }
            (p, q) = (odd, next);
        }
        // Keep P_j no longer than P_{j+1} (the zip above reads p along q).
        let len = degree(&q).map_or(1, |d| d / 64 + 1);
        q.truncate(len.max(1));
        p.truncate(len);
    }
    let need = degree(&p).map_or(0, |d| d / 64 + 1);
    p.resize(words.max(need), 0);
    p
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

/// The characteristic polynomial `G_{n+1}` of a path of `n` lights, in `(n + 2) / 64` words:
/// `G_0 = 0`, `G_1 = 1`, `G_{k+1} = (x + δ) G_k + G_{k-1}`, by doubling ([`sequence`]).
pub(crate) fn chi(delta: bool, n: usize) -> Vec<u64> {
    sequence(delta, n + 1, (n + 2).div_ceil(64))
}

/// `F_{m+1} mod chi` for a path of `n` lights: the polynomial `f` with `f(T) e_1 = x_{m+1}`, the
/// last row of the chase of `e_1` through `m` empty rows (`F_0 = 0`, `F_1 = 1`,
/// `F_{k+1} = x F_k + F_{k-1}`), by doubling and one reduction: O(m n / 64) bit operations at
/// worst (for m much larger than n), against the chase's O(m n / 64) word operations.
pub(crate) fn chased_e1(delta: bool, n: usize, m: usize) -> Vec<u64> {
    let chi = chi(delta, n);
    let mut f = sequence(false, m + 1, chi.len());
    rem_in_place(&mut f, &chi);
    f.truncate(chi.len());
    f
}

/// `a mod d` in place, for a non-zero `d`; one leading term at a time, the degree of the
/// remainder tracked (never rescanned from the top).
pub(crate) fn rem_in_place(a: &mut [u64], d: &[u64]) {
    let dd = degree(d).expect("divisor is non-zero");
    let mut top = degree(a);
    while let Some(dr) = top.filter(|&dr| dr >= dd) {
        xor_shifted(a, d, dd, dr - dd);
        top = degree_below(a, dr);
    }
}

/// `a(T) w` for a path of `n` lights: [`apply_blocked`] from 64 lights and a degree of 256 up,
/// Horner's rule below.
pub(crate) fn apply(n: usize, delta: bool, a: &[u64], w: &[u64]) -> Vec<u64> {
    match degree(a) {
        Some(top) if n >= 64 && top >= 256 => apply_blocked(n, delta, a, w),
        _ => apply_horner(n, delta, a, w),
    }
}

/// `a(T) w` by Horner's rule: one product by T per coefficient, O(deg a * n / 64) ([`apply_horner_in`]).
pub(crate) fn apply_horner(n: usize, delta: bool, a: &[u64], w: &[u64]) -> Vec<u64> {
    apply_horner_in(n, delta, &a.to_vec(), &w.to_vec())
}

/// `a(T) w` for a path of `n` lights by Horner's rule, over either packed field: one product by
/// T per coefficient, O(deg a * n / 64).
pub(crate) fn apply_horner_in<P: PackedPoly>(n: usize, delta: bool, a: &P, w: &P) -> P {
    let words = n.div_ceil(64);
    let (mut v, mut t) = (P::zeros(words), P::zeros(words));
    let Some(top) = a.degree() else { return v };
    let w = w.grown(words);
    for i in (0..=top).rev() {
        P::t_apply(n, delta, &v, &mut t);
        let c = a.coeff(i);
        if c != 0 {
            t.add_multiple(&w, words, c);
        }
        std::mem::swap(&mut v, &mut t);
    }
    v
}

/// `T^64 x` for a path of `n >= 64` lights, in O(n / 64).
///
/// Over GF(2) a path is the odd (here: mirror) half of a cycle of `2n + 2` lights, lights 0 and
/// `n + 1` of the cycle dark, and on the cycle `T = S + S^-1 + δ` with commuting shifts, so
/// `T^64 = S^64 + S^-64 + δ` (squaring is linear in characteristic 2). The shifts by 64 are
/// whole words of the mirrored vector `E = [x reflected | x | x reflected]`.
fn t64(n: usize, delta: bool, x: &[u64], out: &mut [u64]) {
    let w = n.div_ceil(64);
    // E[64 + l] is light l of the mirrored vector: light -1 and light n are dark, light
    // -1 - j is light j - 1 and light n + j is light n - j.
    let mut e = vec![0u64; w + 3];
    e[0] = x[0].reverse_bits() >> 1;
    e[1..=w].copy_from_slice(&x[..w]);
    // The 63 lights after light n: lights n - 1, n - 2, ... of x, from bit 65 + n of E.
    let tail = bits_at(x, n - 64).reverse_bits() & (u64::MAX >> 1);
    let (at, shift) = ((65 + n) / 64, (65 + n) % 64);
    e[at] ^= tail << shift;
    if shift != 0 {
        e[at + 1] ^= tail >> (64 - shift);
    }
    let dmask = if delta { u64::MAX } else { 0 };
    for (k, o) in out[..w].iter_mut().enumerate() {
        *o = e[k] ^ e[k + 2] ^ (x[k] & dmask);
    }
    mask_tail(n, out);
}

/// The 64 bits of `x` from bit `at` (zeros past the end).
fn bits_at(x: &[u64], at: usize) -> u64 {
    let (k, s) = (at / 64, at % 64);
    let lo = x.get(k).copied().unwrap_or(0) >> s;
    if s == 0 {
        lo
    } else {
        lo | x.get(k + 1).copied().unwrap_or(0) << (64 - s)
    }
}

/// `a(T) w` 64 coefficients at a time: `a(T) w = Σ_b T^{64 b} Σ_{j < 64} a_{64 b + j} T^j w`.
/// The 64 vectors `T^j w` are combined four at a time through 16 tables of 16 sums each, and
/// `T^64` costs O(n / 64) ([`t64`]), so the whole product is O(deg a * n / 256) word XORs
/// against Horner's O(deg a * n / 64) shifts and XORs. Needs `n >= 64`.
pub(crate) fn apply_blocked(n: usize, delta: bool, a: &[u64], w: &[u64]) -> Vec<u64> {
    let words = n.div_ceil(64);
    let Some(top) = degree(a) else { return vec![0u64; words] };
    // tables[g * 16 + mask]: the sum of T^(4g + i) w over the bits i of mask.
    let mut tables = vec![0u64; 256 * words];
    let mut power = w[..words].to_vec();
    let mut next = vec![0u64; words];
    for j in 0..64 {
        let (g, bit) = (j / 4, j % 4);
        for mask in (1usize << bit)..(2 << bit) {
            let (dst, src) = (g * 16 + mask, g * 16 + (mask ^ (1 << bit)));
            for i in 0..words {
                tables[dst * words + i] = tables[src * words + i] ^ power[i];
            }
        }
        t_apply(n, delta, &power, &mut next);
        std::mem::swap(&mut power, &mut next);
    }
    let mut acc = vec![0u64; words];
    let mut shifted = vec![0u64; words];
    for b in (0..=top / 64).rev() {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        t64(n, delta, &acc, &mut shifted);
        std::mem::swap(&mut acc, &mut shifted);
        let coeffs = a[b];
        for g in 0..16 {
            let mask = ((coeffs >> (4 * g)) & 15) as usize;
            if mask != 0 {
                let row = &tables[(g * 16 + mask) * words..(g * 16 + mask + 1) * words];
                for (o, &t) in acc.iter_mut().zip(row) {
                    *o ^= t;
                }
            }
        }
    }
    acc
}

/// A polynomial as the field-independent division and extended gcd ([`divrem_in`],
/// [`ext_gcd_in`]) see it: packed over GF(2) or GF(3), or one `u32` a coefficient over Z_p
/// ([`super::poly::ZpPoly`]). A "word" holds 64 coefficients packed, one otherwise.
pub(crate) trait EuclidPoly: Clone {
    /// The zero polynomial over the same field in `words` words.
    fn zeros_like(&self, words: usize) -> Self;
    /// A copy in at least `words` words.
    fn grown(&self, words: usize) -> Self;
    fn words(&self) -> usize;
    /// Degree (`None` for zero).
    fn degree(&self) -> Option<usize>;
    /// Degree knowing it is at most `at_most` (scans down from there).
    fn degree_below(&self, at_most: usize) -> Option<usize>;
    /// Coefficient `i`.
    fn coeff(&self, i: usize) -> u32;
    /// Add `c x^i`, where coefficient `i` is zero.
    fn put(&mut self, i: usize, c: u32);
    /// `self -= c x^shift src` (`c` not zero) for `src` of degree `src_deg`; long enough.
    fn sub_shifted(&mut self, src: &Self, src_deg: usize, shift: usize, c: u32);
    /// The quotient `a / b` of two non-zero coefficients.
    fn divide(&self, a: u32, b: u32) -> u32;
    /// Scale `self` (not zero) and `s` by one factor that makes `self` monic.
    fn make_monic(&mut self, s: &mut Self);
}

/// A packed polynomial over GF(2) or GF(3): what Horner's rule ([`apply_horner_in`]) needs too.
pub(crate) trait PackedPoly: EuclidPoly {
    /// The zero polynomial in `words` words (per plane).
    fn zeros(words: usize) -> Self;
    /// `out = T x` for a path of `n` lights (`out` as long as `x`).
    fn t_apply(n: usize, delta: bool, x: &Self, out: &mut Self);
    /// `self += c w` on the first `words` words.
    fn add_multiple(&mut self, w: &Self, words: usize, c: u32);
}

impl EuclidPoly for Vec<u64> {
    fn zeros_like(&self, words: usize) -> Self {
        vec![0; words]
    }
    fn grown(&self, words: usize) -> Self {
        let mut out = self.clone();
        out.resize(words.max(self.len()), 0);
        out
    }
    fn words(&self) -> usize {
        self.len()
    }
    fn degree(&self) -> Option<usize> {
        degree(self)
    }
    fn degree_below(&self, at_most: usize) -> Option<usize> {
        degree_below(self, at_most)
    }
    fn coeff(&self, i: usize) -> u32 {
        bit(self, i) as u32
    }
    fn put(&mut self, i: usize, _: u32) {
        self[i / 64] ^= 1 << (i % 64);
    }
    #[inline]
    fn sub_shifted(&mut self, src: &Self, src_deg: usize, shift: usize, _: u32) {
        xor_shifted(self, src, src_deg, shift)
    }
    #[inline]
    fn divide(&self, _: u32, _: u32) -> u32 {
        1
    }
    fn make_monic(&mut self, _: &mut Self) {}
}

impl PackedPoly for Vec<u64> {
    fn zeros(words: usize) -> Self {
        vec![0; words]
    }
    fn t_apply(n: usize, delta: bool, x: &Self, out: &mut Self) {
        t_apply(n, delta, x, out)
    }
    fn add_multiple(&mut self, w: &Self, words: usize, _: u32) {
        for (tj, &wj) in self[..words].iter_mut().zip(w) {
            *tj ^= wj;
        }
    }
}

/// `(q, r)` with `a = q d + r`, `deg r < deg d`, for a non-zero `d`; one leading term at a time,
/// the degree of the remainder tracked (never rescanned from the top).
pub(crate) fn divrem_in<P: EuclidPoly>(a: &P, d: &P) -> (P, P) {
    let dd = d.degree().expect("divisor is non-zero");
    let lead = d.coeff(dd);
    let mut r = a.clone();
    let mut q = a.zeros_like(a.words());
    let mut top = r.degree();
    while let Some(dr) = top.filter(|&dr| dr >= dd) {
        let (c, shift) = (d.divide(r.coeff(dr), lead), dr - dd);
        q.put(shift, c);
        r.sub_shifted(d, dd, shift, c);
        top = r.degree_below(dr);
    }
    (q, r)
}

/// `(d, u)` with `d = gcd(f, g)` monic and `u f ≡ d (mod g)`, for a non-zero `g`; one leading
/// term at a time, so no product is formed. Results are `max(f, g) + 1` words long.
pub(crate) fn ext_gcd_in<P: EuclidPoly>(f: &P, g: &P) -> (P, P) {
    let words = g.words().max(f.words()) + 1;
    let one = || {
        let mut one = g.zeros_like(words);
        one.put(0, 1);
        one
    };
    let (mut r0, mut s0) = (g.grown(words), g.zeros_like(words));
    let (mut r1, mut s1) = (f.grown(words), one());
    // Degrees tracked: each step lowers deg r0 and raises deg s0 by at most the shift.
    let (mut dr0, mut dr1) = (r0.degree(), r1.degree());
    let (mut ds0, mut ds1) = (None, Some(0));
    while let Some(d1) = dr1 {
        let lead = r1.coeff(d1);
        while let Some(d0) = dr0.filter(|&d0| d0 >= d1) {
            if crate::interrupt::requested() {
                return (one(), g.zeros_like(words)); // unused: the solver being built reports it
            }
            let (c, shift) = (r1.divide(r0.coeff(d0), lead), d0 - d1);
            r0.sub_shifted(&r1, d1, shift, c);
            dr0 = r0.degree_below(d0);
            if let Some(ds) = ds1 {
                s0.sub_shifted(&s1, ds, shift, c);
                ds0 = s0.degree_below(ds0.unwrap_or(0).max(ds + shift));
            }
        }
        std::mem::swap(&mut r0, &mut r1);
        std::mem::swap(&mut s0, &mut s1);
        std::mem::swap(&mut dr0, &mut dr1);
        std::mem::swap(&mut ds0, &mut ds1);
    }
    if dr0.is_some() {
        r0.make_monic(&mut s0);
    }
    (r0, s0)
}

/// `(q, r)` with `a = q d + r`, `deg r < deg d`, for a non-zero `d` ([`divrem_in`]).
pub(crate) fn divrem(a: &[u64], d: &[u64]) -> (Vec<u64>, Vec<u64>) {
    divrem_in(&a.to_vec(), &d.to_vec())
}

/// `(d, u)` with `d = gcd(f, g)` and `u f ≡ d (mod g)`, for a non-zero `g` ([`ext_gcd_in`]).
pub(crate) fn ext_gcd(f: &[u64], g: &[u64]) -> (Vec<u64>, Vec<u64>) {
    ext_gcd_in(&f.to_vec(), &g.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::Fp;
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

    #[test]
    fn doubling_matches_the_chase() {
        for n in [1usize, 2, 3, 63, 64, 65, 130] {
            for delta in [false, true] {
                // chi by the recurrence, one step at a time.
                let words = (n + 2).div_ceil(64);
                let (mut g0, mut g1) = (vec![0u64; words], vec![0u64; words]);
                g1[0] = 1;
                for _ in 0..n {
                    let mut next = times_x_plus(&g1, delta);
                    next.truncate(words);
                    for (a, &b) in next.iter_mut().zip(&g0) {
                        *a ^= b;
                    }
                    g0 = std::mem::replace(&mut g1, next);
                }
                assert_eq!(chi(delta, n), g1, "chi n={n} delta={delta}");
                for m in [1usize, 2, n, n + 1, 3 * n + 7, 200] {
                    let w = n.div_ceil(64);
                    let mut e1 = vec![0u64; w];
                    e1[0] = 1;
                    let (_, last) = crate::structured::packed::run(n, delta, m, None, &vec![0; w], &e1, |_, _| {});
                    let mut expected = from_vector(delta, n, &last);
                    expected.resize(chi(delta, n).len(), 0);
                    assert_eq!(chased_e1(delta, n, m), expected, "n={n} m={m} delta={delta}");
                }
            }
        }
    }

    #[test]
    fn blocked_products_match_horner() {
        let mut seed = 99u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed
        };
        for n in [64usize, 65, 100, 127, 128, 129, 191, 300, 1000] {
            for delta in [false, true] {
                let words = n.div_ceil(64);
                let mut x: Vec<u64> = (0..words).map(|_| rnd()).collect();
                mask_tail(n, &mut x);
                let mut expected = x.clone();
                let mut t = vec![0u64; words];
                for _ in 0..64 {
                    t_apply(n, delta, &expected, &mut t);
                    std::mem::swap(&mut expected, &mut t);
                }
                let mut got = vec![0u64; words];
                t64(n, delta, &x, &mut got);
                assert_eq!(got, expected, "T^64 n={n} delta={delta}");
                for deg in [0usize, 63, 64, 300, 2 * n + 5] {
                    let mut a: Vec<u64> = (0..deg / 64 + 1).map(|_| rnd()).collect();
                    mask_tail(deg + 1, &mut a);
                    a[deg / 64] |= 1 << (deg % 64);
                    assert_eq!(apply_blocked(n, delta, &a, &x), apply_horner(n, delta, &a, &x), "n={n} deg={deg}");
                }
            }
        }
    }
}
