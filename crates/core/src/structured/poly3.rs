//! The GF(3) twin of [`super::poly2`]: path rows and polynomials bitsliced into two planes
//! (`one` has the bit where the entry is 1, `two` where it is 2; the representation of
//! [`crate::elim::gf3`]), 64 entries per word pair, so every step of the chase and of the
//! algebra costs O(n / 64) word operations and the whole solve O(m n / 64 + n^2 / 64).
//! Division, the extended gcd and Horner's rule are [`super::poly2`]'s, written once over
//! [`PackedPoly`], which [`Tri`] implements; the chase and the recurrences stay here.

use super::poly2::{self, EuclidPoly, PackedPoly};
use crate::elim::trits::{add, sub};

/// A bitsliced GF(3) vector or polynomial (entry / coefficient `i` is bit `i % 64` of word
/// `i / 64` of its plane); both planes have the same length and never share a bit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tri {
    pub(crate) one: Vec<u64>,
    pub(crate) two: Vec<u64>,
}

impl Tri {
    pub(crate) fn zeros(words: usize) -> Tri {
        Tri { one: vec![0; words], two: vec![0; words] }
    }
    /// `x^i` (or `e_i`) in `words` words.
    pub(crate) fn unit(words: usize, i: usize) -> Tri {
        let mut t = Tri::zeros(words);
        t.one[i / 64] = 1 << (i % 64);
        t
    }
    pub(crate) fn words(&self) -> usize {
        self.one.len()
    }
    /// Entry `i` (zero past the end).
    pub(crate) fn get(&self, i: usize) -> u32 {
        poly2::bit(&self.one, i) as u32 + 2 * poly2::bit(&self.two, i) as u32
    }
    /// From values in `0..3`, in `words` words (at least `values.len() / 64` rounded up).
    pub(crate) fn from_values(values: &[u32], words: usize) -> Tri {
        let mut t = Tri::zeros(words);
        for (i, &v) in values.iter().enumerate() {
            let bit = 1u64 << (i % 64);
            if v == 1 {
                t.one[i / 64] |= bit;
            } else if v == 2 {
                t.two[i / 64] |= bit;
            }
        }
        t
    }
    pub(crate) fn to_values(&self, n: usize) -> Vec<u32> {
        (0..n).map(|i| self.get(i)).collect()
    }
    /// Degree as a polynomial (`None` for zero).
    pub(crate) fn degree(&self) -> Option<usize> {
        poly2::degree(&self.one).max(poly2::degree(&self.two))
    }
    pub(crate) fn is_zero(&self) -> bool {
        self.degree().is_none()
    }
    /// `-self`: the planes swapped.
    pub(crate) fn negate(&mut self) {
        std::mem::swap(&mut self.one, &mut self.two);
    }
}

/// Two planes: coefficients in `0..3`; 1 and 2 are their own inverses.
impl EuclidPoly for Tri {
    fn zeros_like(&self, words: usize) -> Tri {
        Tri::zeros(words)
    }
    fn grown(&self, words: usize) -> Tri {
        let mut t = self.clone();
        t.one.resize(words.max(t.words()), 0);
        t.two.resize(words.max(t.words()), 0);
        t
    }
    fn words(&self) -> usize {
        self.one.len()
    }
    fn degree(&self) -> Option<usize> {
        Tri::degree(self)
    }
    fn degree_below(&self, at_most: usize) -> Option<usize> {
        self.one.degree_below(at_most).max(self.two.degree_below(at_most))
    }
    fn coeff(&self, i: usize) -> u32 {
        self.get(i)
    }
    fn put(&mut self, i: usize, c: u32) {
        let plane = if c == 1 { &mut self.one } else { &mut self.two };
        plane[i / 64] |= 1 << (i % 64);
    }
    fn sub_shifted(&mut self, src: &Tri, src_deg: usize, shift: usize, c: u32) {
        add_shifted(self, src, src_deg, shift, 3 - c)
    }
    fn divide(&self, a: u32, b: u32) -> u32 {
        // 1 and 2 are their own inverses: a / b = a b, below 3 unless both are 2.
        let c = a * b;
        if c == 4 {
            1
        } else {
            c
        }
    }
    fn make_monic(&mut self, s: &mut Tri) {
        if self.degree().is_some_and(|d| self.get(d) == 2) {
            self.negate();
            s.negate();
        }
    }
}

impl PackedPoly for Tri {
    fn zeros(words: usize) -> Tri {
        Tri::zeros(words)
    }
    fn t_apply(n: usize, delta: bool, x: &Tri, out: &mut Tri) {
        t_apply(n, delta, x, out)
    }
    fn add_multiple(&mut self, w: &Tri, words: usize, c: u32) {
        if words > 0 {
            add_shifted(self, w, 64 * words - 1, 0, c)
        }
    }
}

/// Word `j` of `src << shift` (`ws = shift / 64`, `bs = shift % 64`).
#[inline]
fn shifted_word(src: &[u64], j: usize, ws: usize, bs: usize) -> u64 {
    let at = |i: usize| if i < src.len() { src[i] } else { 0 };
    if j < ws {
        return 0;
    }
    let lo = at(j - ws);
    if bs == 0 {
        lo
    } else {
        (lo << bs) | if j > ws { at(j - ws - 1) >> (64 - bs) } else { 0 }
    }
}

/// `dst += c x^shift src` for `c` in `1..3` and `src` of degree `src_deg`; `dst` long enough.
fn add_shifted(dst: &mut Tri, src: &Tri, src_deg: usize, shift: usize, c: u32) {
    let (ws, bs) = (shift / 64, shift % 64);
    let (s1, s2) = if c == 1 { (&src.one, &src.two) } else { (&src.two, &src.one) };
    for j in ws..=(src_deg + shift) / 64 {
        let (a, b) = (shifted_word(s1, j, ws, bs), shifted_word(s2, j, ws, bs));
        (dst.one[j], dst.two[j]) = add(dst.one[j], dst.two[j], a, b);
    }
}

/// One chase step on bitsliced path rows of `n` lights: `next = -(b + T x + prev)`, or
/// `T x` itself when `prev` and `b` are `None` and `negate` is false.
#[inline]
pub(crate) fn step(n: usize, delta: bool, b: Option<&Tri>, prev: Option<&Tri>, x: &Tri, next: &mut Tri, negate: bool) {
    let w = n.div_ceil(64);
    let (x1, x2) = (&x.one[..w], &x.two[..w]);
    for i in 0..w {
        let l1 = (x1[i] << 1) | if i > 0 { x1[i - 1] >> 63 } else { 0 };
        let l2 = (x2[i] << 1) | if i > 0 { x2[i - 1] >> 63 } else { 0 };
        let r1 = (x1[i] >> 1) | if i + 1 < w { x1[i + 1] << 63 } else { 0 };
        let r2 = (x2[i] >> 1) | if i + 1 < w { x2[i + 1] << 63 } else { 0 };
        let (mut s1, mut s2) = add(l1, l2, r1, r2);
        if delta {
            (s1, s2) = add(s1, s2, x1[i], x2[i]);
        }
        if let Some(p) = prev {
            (s1, s2) = add(s1, s2, p.one[i], p.two[i]);
        }
        if let Some(b) = b {
            (s1, s2) = add(s1, s2, b.one[i], b.two[i]);
        }
        (next.one[i], next.two[i]) = if negate { (s2, s1) } else { (s1, s2) };
    }
    if n % 64 != 0 {
        let keep = (1u64 << (n % 64)) - 1;
        next.one[w - 1] &= keep;
        next.two[w - 1] &= keep;
    }
}

/// The chase over GF(3) on bitsliced rows (see [`super::chase::run`]): `load(k, b)` fills row
/// `k` of the board (none when `load` is `None`), `visit(k, x_{k+1})` sees every press row;
/// returns `(x_m, x_{m+1})`.
pub(crate) fn run(
    n: usize,
    delta: bool,
    m: usize,
    mut load: Option<&mut dyn FnMut(usize, &mut Tri)>,
    x0: &Tri,
    x1: &Tri,
    mut visit: impl FnMut(usize, &Tri),
) -> (Tri, Tri) {
    let w = n.div_ceil(64);
    let (mut prev, mut cur, mut next) = (x0.grown(w), x1.grown(w), Tri::zeros(w));
    let mut b = Tri::zeros(w);
    for k in 0..m {
        // Interrupted: stop; the solver being built reports it (crate::interrupt).
        if crate::interrupt::requested() {
            break;
        }
        visit(k, &cur);
        let b = load.as_mut().map(|f| {
            f(k, &mut b);
            &b
        });
        step(n, delta, b, Some(&prev), &cur, &mut next, true);
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    (prev, cur)
}

/// `T x` for a path of `n` lights.
pub(crate) fn t_apply(n: usize, delta: bool, x: &Tri, out: &mut Tri) {
    step(n, delta, None, None, x, out, false);
    for v in out.one[n.div_ceil(64)..].iter_mut().chain(out.two[n.div_ceil(64)..].iter_mut()) {
        *v = 0;
    }
}

/// `b2 <- c + (x - δ) b1 - b2` on the low `top` words (one step of [`from_vector`] / [`chi`]).
fn recur(b1: &Tri, b2: &mut Tri, top: usize, delta: bool) {
    let (mut c1, mut c2) = (0u64, 0u64);
    for i in 0..top {
        let (v1, v2) = (b1.one[i], b1.two[i]);
        let (mut s1, mut s2) = sub((v1 << 1) | c1, (v2 << 1) | c2, b2.one[i], b2.two[i]);
        if delta {
            (s1, s2) = sub(s1, s2, v1, v2);
        }
        (b2.one[i], b2.two[i]) = (s1, s2);
        (c1, c2) = (v1 >> 63, v2 >> 63);
    }
}

/// `Σ_j c_j G_j` for the bitsliced vector `c` of `n` lights (Clenshaw, see [`super::poly`]).
pub(crate) fn from_vector(delta: bool, n: usize, c: &Tri) -> Tri {
    let words = (n + 1).div_ceil(64);
    let (mut b1, mut b2) = (Tri::zeros(words), Tri::zeros(words));
    for j in (0..n).rev() {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        recur(&b1, &mut b2, (n - j).div_ceil(64), delta);
        let (a1, a2) = add(b2.one[0], b2.two[0], poly2::bit(&c.one, j) as u64, poly2::bit(&c.two, j) as u64);
        (b2.one[0], b2.two[0]) = (a1, a2);
        std::mem::swap(&mut b1, &mut b2);
    }
    b1
}

/// The characteristic polynomial `G_{n+1}` of a path of `n` lights.
pub(crate) fn chi(delta: bool, n: usize) -> Tri {
    let words = (n + 2).div_ceil(64);
    let (mut g0, mut g1) = (Tri::zeros(words), Tri::unit(words, 0));
    for k in 0..n {
        if crate::interrupt::requested() {
            break; // the solver being built reports it
        }
        recur(&g1, &mut g0, (k + 2).div_ceil(64).min(words), delta);
        std::mem::swap(&mut g0, &mut g1);
    }
    g1
}

/// `a(T) w` for a path of `n` lights (Horner's rule, [`poly2::apply_horner_in`]).
pub(crate) fn apply(n: usize, delta: bool, a: &Tri, w: &Tri) -> Tri {
    poly2::apply_horner_in(n, delta, a, w)
}

/// `(q, r)` with `a = q d + r`, `deg r < deg d`, for a non-zero `d` ([`poly2::divrem_in`]).
pub(crate) fn divrem(a: &Tri, d: &Tri) -> (Tri, Tri) {
    poly2::divrem_in(a, d)
}

/// `(d, u)` with `d = gcd(f, g)` monic and `u f ≡ d (mod g)`, for a non-zero `g`
/// ([`poly2::ext_gcd_in`]). Results are `max(f, g) + 1` words long.
pub(crate) fn ext_gcd(f: &Tri, g: &Tri) -> (Tri, Tri) {
    poly2::ext_gcd_in(f, g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::Fp;
    use crate::structured::chase::Line;
    use crate::structured::poly;

    fn padded(mut v: Vec<u32>, len: usize) -> Vec<u32> {
        v.resize(len, 0);
        v
    }

    #[test]
    fn bitsliced_algebra_matches_generic() {
        let fp = Fp::new(3);
        let mut seed = 99u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) % 3) as u32
        };
        for n in [1usize, 2, 3, 5, 62, 63, 64, 65, 127, 128, 129, 200] {
            for delta in [false, true] {
                let words = n.div_ceil(64) + 1;
                let chi_g = poly::chi(fp, delta, n);
                assert_eq!(chi(delta, n).to_values(n + 1), chi_g, "chi n={n}");
                let c: Vec<u32> = (0..n).map(|_| rnd()).collect();
                let a_g = poly::from_vector(fp, delta, &c);
                let a_p = from_vector(delta, n, &Tri::from_values(&c, words));
                assert_eq!(a_p.to_values(n + 1), padded(a_g.clone(), n + 1), "from_vector n={n}");
                let w: Vec<u32> = (0..n).map(|_| rnd()).collect();
                let line = Line { n, cycle: false, delta };
                let applied = apply(n, delta, &a_p, &Tri::from_values(&w, words));
                assert_eq!(applied.to_values(n), poly::apply(fp, line, &a_g, &w), "apply n={n}");
                // A common factor, so that the gcd is not always 1.
                let f = from_vector(delta, n, &Tri::from_values(&padded(vec![1, 2, 0, 1], n), words));
                for f in [a_p.clone(), f] {
                    let f_g = padded(f.to_values(n + 1), n + 1);
                    let mut f_g = f_g;
                    poly::trim(&mut f_g);
                    let (d_g, u_g) = poly::ext_gcd(fp, &f_g, &chi_g);
                    let (d_p, u_p) = ext_gcd(&f, &chi(delta, n));
                    assert_eq!(d_p.to_values(n + 2), padded(d_g.clone(), n + 2), "gcd n={n}");
                    assert_eq!(u_p.to_values(n + 1), padded(u_g, n + 1), "cofactor n={n}");
                    let (q_p, r_p) = divrem(&chi(delta, n), &d_p);
                    let (q_g, r_g) = poly::divrem(fp, &chi_g, &d_g);
                    assert!(r_g.is_empty() && r_p.is_zero());
                    assert_eq!(q_p.to_values(n + 2), padded(q_g, n + 2));
                }
            }
        }
    }
}
