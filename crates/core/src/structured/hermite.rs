//! Square systems `A x = c` of size 1 or 2 over `R = F[z]/(g)`, the ring in which the rows of a
//! torus or cylinder chase live: every block of the chase's reduced system is a polynomial in
//! the row matrix T, so `2n x 2n` (or `n x n`) over F is `2 x 2` (or `1 x 1`) over R.
//!
//! With rows on a cycle, `R = F[z]/(z^n - 1)` (circulants: `T = z + z^(n-1) + δ`) and a vector
//! is its coefficient list; with rows on a path, `R = F[x]/(chi)` and a vector is `a(T) e_1`
//! (see [`super::poly`]).
//!
//! Solving goes through F[z], a principal ideal domain: the image `A R^r` lifts to the lattice
//! spanned by the columns of A and by `g e_i`, and column operations with extended gcds bring
//! it to lower triangular (Hermite) form `H`, tracking for every column the `x` it is the image
//! of. Then `c` is in the image iff forward substitution through H divides exactly, the
//! nullity is `Σ deg h_ii`, and the columns eliminated to zero are the kernel, whose own
//! triangular form `Q` gives an F-basis `z^a Q_i`, `a < n - deg q_ii`. Everything is reduced
//! mod g as it goes, so no degree exceeds `2n`: O(n^2) field operations in all
//! (O(n^2 / 64) words over GF(2)).

use super::chase::Line;
use super::grid::internal;
use super::pfield::Polys;
use crate::error::Result;

/// `F[z]/(g)` for the rows of one chase, and the bridge between its elements and vectors.
#[derive(Clone, Debug)]
pub(crate) struct Ring<F: Polys> {
    f: F,
    g: F::P,
    n: usize,
    line: Line,
}

impl<F: Polys> Ring<F> {
    pub(crate) fn new(f: F, line: Line) -> Self {
        let n = line.n;
        let g = if line.cycle {
            let mut zn = vec![0u32; n + 1];
            zn[n] = 1;
            f.sub(&f.from_coeffs(&zn), &f.one())
        } else {
            f.chi(line.delta, n)
        };
        Ring { f, g, n, line }
    }
    fn reduce(&self, a: &F::P) -> F::P {
        if self.line.cycle {
            self.f.fold(a, self.n)
        } else {
            self.f.divrem(a, &self.g).1
        }
    }
    fn mulmod(&self, a: &F::P, b: &F::P) -> F::P {
        self.reduce(&self.f.mul(a, b))
    }
    /// The element `a` of R with `v = a(T) e_1` (the coefficients on a cycle).
    pub(crate) fn from_vector(&self, v: &[u32]) -> F::P {
        if self.line.cycle {
            self.f.from_coeffs(v)
        } else {
            self.f.path_from_vector(self.line.delta, v)
        }
    }
    pub(crate) fn to_vector(&self, a: &F::P) -> Vec<u32> {
        if self.line.cycle {
            self.f.to_coeffs(a, self.n)
        } else {
            self.f.path_to_vector(self.line.delta, self.n, a)
        }
    }
}

/// A column of the elimination: `img = A x (mod g)`, `x` not tracked when empty.
#[derive(Clone, Debug)]
struct Col<P> {
    x: Vec<P>,
    img: Vec<P>,
}

impl<F: Polys> Ring<F> {
    /// `a u + b v`, reduced.
    fn comb(&self, a: &F::P, u: &Col<F::P>, b: &F::P, v: &Col<F::P>) -> Col<F::P> {
        let f = &self.f;
        let mix = |p: &[F::P], q: &[F::P]| -> Vec<F::P> {
            p.iter().zip(q).map(|(p, q)| self.reduce(&f.add(&f.mul(a, p), &f.mul(b, q)))).collect()
        };
        Col { x: mix(&u.x, &v.x), img: mix(&u.img, &v.img) }
    }

    /// Lower triangular form of the lattice spanned by `cols` and `g e_i`: `(pivots, rest)`,
    /// pivot `i` zero above row `i`, the rest zero everywhere.
    fn hermite(&self, r: usize, mut active: Vec<Col<F::P>>) -> (Vec<Col<F::P>>, Vec<Col<F::P>>) {
        let f = &self.f;
        let xlen = active.first().map_or(0, |c| c.x.len());
        let mut pivots = Vec::with_capacity(r);
        for i in 0..r {
            let modulus = Col {
                x: vec![f.zero(); xlen],
                img: (0..r).map(|j| if j == i { self.g.clone() } else { f.zero() }).collect(),
            };
            let mut pivot: Option<Col<F::P>> = None;
            let mut rest = Vec::with_capacity(active.len() + 1);
            for c in active.drain(..).chain(std::iter::once(modulus)) {
                if f.is_zero(&c.img[i]) {
                    rest.push(c);
                    continue;
                }
                let Some(p) = pivot.take() else {
                    pivot = Some(c);
                    continue;
                };
                let (h, a) = (&p.img[i], &c.img[i]);
                let (d, s, t) = f.gcdext(h, a);
                let (ad, hd) = (f.divrem(a, &d).0, f.divrem(h, &d).0);
                let mut next = self.comb(&s, &p, &t, &c);
                next.img[i] = d; // exact: s h + t a, of degree below n unless it is g itself
                rest.push(self.comb(&f.neg(&ad), &p, &hd, &c));
                pivot = Some(next);
            }
            pivots.push(pivot.expect("the column g e_i is non-zero in row i"));
            active = rest;
        }
        (pivots, active)
    }
}

/// `A x = c` over R, factored once (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct System<F: Polys> {
    ring: Ring<F>,
    pivots: Vec<Col<F::P>>,
    kernel: Vec<Vec<F::P>>,
    nullity: usize,
}

impl<F: Polys> System<F> {
    /// Factor the `r x r` matrix `a` (`a[i][j]`, entries reduced mod g).
    pub(crate) fn new(ring: Ring<F>, a: Vec<Vec<F::P>>) -> Result<Self> {
        let (f, r, n) = (ring.f, a.len(), ring.n);
        let unit = |j: usize| (0..r).map(|i| if i == j { f.one() } else { f.zero() }).collect();
        let cols = (0..r).map(|j| Col { x: unit(j), img: a.iter().map(|row| row[j].clone()).collect() }).collect();
        let (pivots, rest) = ring.hermite(r, cols);
        let nullity = pivots.iter().enumerate().map(|(i, p)| f.degree(&p.img[i]).unwrap_or(0)).sum();
        let gens = rest.into_iter().map(|c| Col { x: Vec::new(), img: c.x }).collect();
        let (kernel, _) = ring.hermite(r, gens);
        let kernel: Vec<Vec<F::P>> = kernel.into_iter().map(|c| c.img).collect();
        // Interrupted gcds leave nonsense behind: report the interrupt, not a wrong dimension.
        crate::interrupt::check()?;
        let dim: usize = kernel.iter().enumerate().map(|(i, q)| n - f.degree(&q[i]).unwrap_or(0)).sum();
        if dim != nullity {
            return Err(internal("the kernel of a wrapped board's reduced system has the wrong dimension"));
        }
        Ok(System { ring, pivots, kernel, nullity })
    }

    pub(crate) fn nullity(&self) -> usize {
        self.nullity
    }

    /// A solution `x` (one vector per unknown row) of `A x = c`, or `None`.
    pub(crate) fn solve(&self, c: &[Vec<u32>]) -> Option<Vec<Vec<u32>>> {
        let (f, ring) = (&self.ring.f, &self.ring);
        let mut c: Vec<F::P> = c.iter().map(|v| ring.from_vector(v)).collect();
        let r = c.len();
        let mut x = vec![f.zero(); r];
        for (i, p) in self.pivots.iter().enumerate() {
            let (t, rem) = f.divrem(&c[i], &p.img[i]);
            if !f.is_zero(&rem) {
                return None;
            }
            for j in i + 1..r {
                c[j] = ring.reduce(&f.sub(&c[j], &f.mul(&t, &p.img[j])));
            }
            for (xj, pj) in x.iter_mut().zip(&p.x) {
                *xj = ring.reduce(&f.add(xj, &f.mul(&t, pj)));
            }
        }
        Some(x.iter().map(|a| ring.to_vector(a)).collect())
    }

    /// Whether `A x = c` has a solution.
    pub(crate) fn solvable(&self, c: &[Vec<u32>]) -> bool {
        self.solve(c).is_some()
    }

    /// Kernel vector `index < nullity` of an F-basis: `z^a Q_i`.
    pub(crate) fn null_vector(&self, index: usize) -> Vec<Vec<u32>> {
        let (f, ring) = (&self.ring.f, &self.ring);
        let mut a = index;
        for (i, q) in self.kernel.iter().enumerate() {
            let span = ring.n - f.degree(&q[i]).unwrap_or(0);
            if a < span {
                let mut zc = vec![0u32; a + 1];
                zc[a] = 1;
                let za = f.from_coeffs(&zc);
                return q.iter().map(|e| ring.to_vector(&ring.mulmod(&za, e))).collect();
            }
            a -= span;
        }
        panic!("null vector {index} asked of a kernel of dimension {}", self.nullity)
    }
}
