//! A square system `A u = c` over Z/p^e, solved by p-adic lifting from one factorisation of A
//! mod p (with the fast field engines: bit-packed GF(2), bitsliced GF(3)) and a small correction
//! system on the kernel mod p.
//!
//! Over GF(p), `[A | I] -> [R | E]`: `E A = R` in reduced echelon form with r pivots and
//! `d = n - r` free columns. Over Z/p^e, E (its entries lifted) is still invertible, and so is
//! `Q = [pivot unit vectors | K]` with K the kernel of R (one vector per free column). Because
//! `E A ≡ R (mod p)`,
//!
//! ```text
//! E A Q = [[X, pW], [pZ, pV]]      with X ≡ I (mod p), so X is a unit,
//! ```
//!
//! and block elimination leaves `diag(X, S)` with the `d x d` Schur complement
//! `S = pV - pZ X⁻¹ pW`. Hence A and S have the same non-unit elementary divisors; the kernel of
//! A is the kernel of S mapped by `u2 -> Q(-X⁻¹ pW u2, u2)` (a group isomorphism, so generator
//! orders are kept); and `A u = c` is solvable iff `S u2 = c2 - pZ X⁻¹ c1` is, with
//! `(c1, c2) = E c`. `X⁻¹ v` comes from the iteration `w <- v + (I - X) w`, whose error gains a
//! factor p per step: exact after `e - 1` steps (fewer when v is divisible by p); a step is one
//! product with A and one with E. Only S is factored over the ring ([`PowerSolver`]), so the cost
//! is one elimination mod p plus `O((d + e) n^2)` ring operations, where a dense Smith form of A
//! would take `O(n^3)` ring operations. Those operations are the products of A and E with the d
//! kernel vectors, done all at once: for q = 4 and 8 on bit planes by the Four Russians
//! (`plane_products::add_product`: tables of the sums of 8 rows, ripple-carry adders across the
//! planes), else blocked products of `u32` rows across threads ([`row_arith::products`]).
//!
//! A K ≡ 0 and Y A ≡ 0 (mod p) (Y the rows r.. of E: the zero rows of R), so pW and pZ are
//! multiples of p and `pZ X⁻¹ pW ≡ 0 (mod p^2)`: over Z/p^2, `S = pV` with no product of
//! size d x d x r. Over Z/4, moreover, S = 2 S' and its Smith form is one GF(2) elimination of
//! S' ([`PowerSolver::twice_binary`]).

use crate::arith::Fp;
use crate::bitmatrix::{BitMatrix, PackedRows};
use crate::elim;
use crate::elim::gf3::Gf3Matrix;
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::limits::{bits_per_entry, check_dense, check_dense_bits, check_dense_work, ns_per_entry};
use crate::matrix::{Matrix, SparseMatrix};
use crate::ring::plane_products;
use crate::ring::row_arith::{self, axpy, dot as dot_mod};
use crate::ring::PowerSolver;
use std::borrow::Cow;
use std::ops::Range;

/// E from the elimination mod p: bit rows over GF(2) (E from word `word` of each row), else one
/// `u32` an entry.
#[derive(Clone, Debug)]
enum Transform {
    Bits { m: BitMatrix, word: usize },
    Dense(Matrix),
}

/// `A` (n x n over Z/q, `q = p^e`) factored for solving by lifting; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct LiftSolver {
    e: u32,
    q: u32,
    /// The arithmetic mod q.
    z: Fp,
    a: Matrix,
    t: Transform,
    pivots: Vec<usize>,
    /// K: one kernel vector mod p per free column (entries in `0..p`).
    kernel: Vec<Vec<u32>>,
    /// The d rows of pZ (Y A on the pivot columns), each of length r.
    pz: Vec<Vec<u32>>,
    /// The d columns of pW (E A K on the pivot rows), each of length r.
    pw: Vec<Vec<u32>>,
    /// S, when d > 0.
    schur: Option<PowerSolver>,
}

impl LiftSolver {
    /// Factor `a`, a square matrix whose modulus is a prime power `p^e`.
    pub(crate) fn new(a: Matrix) -> Result<Self> {
        let n = a.rows();
        if a.cols() != n {
            return Err(Error::InvalidArgument(format!("lifting needs a square matrix, not {n}x{}", a.cols())));
        }
        let factors = a.modulus().factors();
        let &[(p, e)] = factors.as_slice() else {
            return Err(Error::InvalidArgument(format!("lifting needs a modulus p^e, not {}", a.modulus())));
        };
        let q = a.modulus().get();
        check_dense_bits("the reduced system mod p", n, 2 * n, bits_per_entry(p))?;
        check_dense_work("the reduced system mod p", n, n, 2 * n, ns_per_entry(p))?;
        let (t, pivots, kernel) = factor_mod_p(&a, p)?;
        let d = kernel.len();
        // Per kernel vector a product with A, one with E and one of A from the left (about
        // 3 n^2 entry updates), then the Smith form of the d x d matrix S (about 4 d^3): at most
        // about 1 ns an update, d (3 n^2 + 4 d^2) ns. The products run on bit planes by the
        // Four Russians for q = 4 and 8 (far below that bound), blocked on u32 rows otherwise
        // ([`row_arith::products`]), and over Z_4 S needs no ring Smith form: n = 4096, d = 2072 over
        // Z_4 takes about 0.7 s on two cores, the products a third of it.
        if d > 0 {
            let width = (3 * n as u128 * n as u128 + 4 * (d * d) as u128).div_ceil(d as u128);
            check_dense_work("the kernel correction of the reduced system", d, d, width as usize, 1.0)?;
        }
        let mut solver =
            LiftSolver { e, q, z: Fp::new(q), a, t, pivots, kernel, pz: Vec::new(), pw: Vec::new(), schur: None };
        if d == 0 {
            return Ok(solver);
        }
        // pW, pZ and S = pV - pZ X⁻¹ pW. Both pZ and pW are ≡ 0 (mod p) (A K ≡ 0 and Y A ≡ 0:
        // the kernel and the zero rows of R), so pZ X⁻¹ pW is ≡ 0 (mod p^2): over Z/p^2, S = pV.
        let mut s = match (p, e) {
            (2, 2) => solver.corrections_on_planes::<2>()?,
            (2, 3) => solver.corrections_on_planes::<3>()?,
            _ => solver.corrections()?,
        };
        if e > 2 {
            let xw: Vec<Vec<u32>> = solver.pw.iter().map(|w| solver.inv_x(w, 1)).collect();
            let xw: Vec<&[u32]> = xw.iter().map(|v| v.as_slice()).collect();
            // Column b of pZ X⁻¹ pW, for every b at once.
            let zxw = row_arith::products(|a| Cow::Borrowed(solver.pz[a].as_slice()), d, &xw, q)?;
            for (b, zxw_b) in zxw.iter().enumerate() {
                for (a, &z) in zxw_b.iter().enumerate() {
                    s.set(a, b, solver.z.sub(s.get(a, b), z));
                }
            }
        }
        solver.schur = Some(match PowerSolver::twice_binary(&s)? {
            Some(schur) => schur,
            None => PowerSolver::new(&SparseMatrix::from_dense(&s))?,
        });
        Ok(solver)
    }

    /// pW and pZ into `self`, and pV (`d x d`), by blocked products of u32 rows (any q).
    fn corrections(&mut self) -> Result<Matrix> {
        let (n, r, q, d) = (self.n(), self.pivots.len(), self.q, self.kernel.len());
        // A K, all kernel vectors at once (blocked products, across threads), then E of each.
        let kernel: Vec<&[u32]> = self.kernel.iter().map(|k| k.as_slice()).collect();
        let ak = row_arith::products(|i| Cow::Borrowed(self.a.row(i)), n, &kernel, q)?;
        let ak: Vec<&[u32]> = ak.iter().map(|v| v.as_slice()).collect();
        let eak = row_arith::products(|i| Cow::Owned(self.e_row(i)), n, &ak, q)?;
        let mut pv = Matrix::zeros(Modulus::ring(q as u64)?, d, d)?;
        for (b, mut v) in eak.into_iter().enumerate() {
            for (a, &x) in v[r..].iter().enumerate() {
                pv.set(a, b, x);
            }
            v.truncate(r);
            self.pw.push(v);
        }
        // pZ: the rows r.. of E times A, on the pivot columns: (Y A)[c] = (column c of A) · y,
        // each column gathered once per block (no second n x n matrix for Aᵀ).
        let ys: Vec<Vec<u32>> = (r..n).map(|i| self.e_row(i)).collect();
        let ys: Vec<&[u32]> = ys.iter().map(|y| y.as_slice()).collect();
        let column = |k: usize| Cow::Owned((0..n).map(|i| self.a.get(i, self.pivots[k])).collect());
        self.pz = row_arith::products(column, r, &ys, q)?;
        Ok(pv)
    }

    /// [`LiftSolver::corrections`] for `q = 2^E` (E <= 3) on bit planes, the products by the
    /// Four Russians ([`plane_products::add_product`]): A and the kernel vectors go to planes,
    /// E (the elimination's bits) is used as it is.
    fn corrections_on_planes<const E: usize>(&mut self) -> Result<Matrix> {
        let (n, r, q, d) = (self.n(), self.pivots.len(), self.q, self.kernel.len());
        let Transform::Bits { m: ebits, word } = &self.t else {
            return Err(Error::InvalidArgument("internal error: E mod 2 is not on bits".into()));
        };
        let (word, wn) = (*word, n.div_ceil(64));
        let e_row = |i: usize| &ebits.row(i)[word..word + wn];
        let mut a = PackedRows::<E>::dense("the reduced system on bit planes", n, n)?;
        for i in 0..n {
            plane_products::set_row(&mut a, i, self.a.row(i));
        }
        // Kᵀ: row l holds entry l of every kernel vector.
        let mut kt = PackedRows::<E>::dense("the kernel mod 2 on bit planes", n, d)?;
        for (j, k) in self.kernel.iter().enumerate() {
            for (l, &x) in k.iter().enumerate() {
                if x != 0 {
                    kt.set_bit(l, 0, j, true);
                }
            }
        }
        // A K = Σ_s 2^s A_s K, then E A K: pW on the pivot rows, pV below.
        let mut ak = PackedRows::<E>::dense("the products with the kernel mod 2", n, d)?;
        for s in 0..E {
            plane_products::add_product(|i| &a.row(i)[s * wn..(s + 1) * wn], &kt, s, &mut ak)?;
        }
        drop(kt);
        let mut eak = PackedRows::<E>::dense("the products with the kernel mod 2", n, d)?;
        plane_products::add_product(e_row, &ak, 0, &mut eak)?;
        drop(ak);
        let mut pv = Matrix::zeros(Modulus::ring(q as u64)?, d, d)?;
        for a in 0..d {
            pv.row_mut(a).copy_from_slice(&plane_products::row_values(&eak, r + a));
        }
        // Column b of pW: row b of the transpose, on its first r entries.
        let mut eak_t = PackedRows::<E>::dense("the products with the kernel mod 2", d, n)?;
        eak.transpose_into(&mut eak_t);
        drop(eak);
        self.pw = (0..d)
            .map(|b| {
                let mut column = plane_products::row_values(&eak_t, b);
                column.truncate(r);
                column
            })
            .collect();
        // pZ: Y A (Y the rows r.. of E) on the pivot columns.
        let mut ya = PackedRows::<E>::dense("the products of the left kernel mod 2", d, n)?;
        plane_products::add_product(|a| e_row(r + a), &a, 0, &mut ya)?;
        self.pz = (0..d)
            .map(|a| {
                let row = plane_products::row_values(&ya, a);
                self.pivots.iter().map(|&c| row[c]).collect()
            })
            .collect();
        Ok(pv)
    }

    /// Number of unknowns.
    pub(crate) fn n(&self) -> usize {
        self.a.rows()
    }

    /// The valuations of the elementary divisors that are not units, ascending (e for a zero).
    pub(crate) fn nonunit_valuations(&self) -> Vec<u32> {
        let Some(s) = &self.schur else { return Vec::new() };
        let mut v: Vec<u32> = s.valuations().iter().copied().filter(|&v| v > 0).collect();
        v.resize(v.len() + self.kernel.len() - s.valuations().len(), self.e);
        v
    }

    /// log_p of the kernel size.
    pub(crate) fn kernel_exponent(&self) -> usize {
        self.schur.as_ref().map_or(0, |s| s.kernel_exponent())
    }

    /// log_p of the size of the image.
    pub(crate) fn image_exponent(&self) -> usize {
        self.e as usize * self.pivots.len() + self.schur.as_ref().map_or(0, |s| s.image_exponent())
    }

    /// One `u` with `A u = c`, or `None` when there is none.
    pub(crate) fn solve(&self, c: &[u32]) -> Result<Option<Vec<u32>>> {
        let (n, r, q) = (self.n(), self.pivots.len(), self.q);
        debug_assert_eq!(c.len(), n);
        let ec = self.e_mul(c, 0..n);
        let w1 = self.inv_x(&ec[..r], 0);
        let u2 = match &self.schur {
            None => Vec::new(),
            Some(s) => {
                // S u2 = t, asked as t' + S u2 = 0 with t' = -t.
                let neg_t: Vec<u32> =
                    self.pz.iter().zip(&ec[r..]).map(|(z, &c2)| self.z.sub(dot_mod(z, &w1, q), c2)).collect();
                match s.solve(&neg_t) {
                    Ok(u2) => u2,
                    Err(Error::Unsolvable { .. }) => return Ok(None),
                    Err(e) => return Err(e),
                }
            }
        };
        Ok(Some(self.expand(&w1, &u2)))
    }

    /// Generators of the kernel of A and their additive orders (a direct sum of cyclic groups).
    pub(crate) fn null_basis(&self) -> (Vec<Vec<u32>>, Vec<u32>) {
        let Some(s) = &self.schur else { return (Vec::new(), Vec::new()) };
        let (gens, orders) = s.null_basis();
        let zero = vec![0u32; self.pivots.len()];
        (gens.iter().map(|g| self.expand(&zero, g)).collect(), orders)
    }

    /// `u = Q (w1 - X⁻¹ pW u2, u2)`.
    fn expand(&self, w1: &[u32], u2: &[u32]) -> Vec<u32> {
        let (r, q) = (self.pivots.len(), self.q);
        let mut v = vec![0u32; r];
        for (&f, col) in u2.iter().zip(&self.pw) {
            axpy(&mut v, f, col, q);
        }
        let corr = self.inv_x(&v, 1);
        let mut u = vec![0u32; self.n()];
        for (i, &c) in self.pivots.iter().enumerate() {
            u[c] = self.z.sub(w1[i], corr[i]);
        }
        for (&f, k) in u2.iter().zip(&self.kernel) {
            axpy(&mut u, f, k, q);
        }
        u
    }

    /// `X⁻¹ v` for v divisible by `p^divisible`, by `w <- v + (I - X) w`.
    fn inv_x(&self, v: &[u32], divisible: u32) -> Vec<u32> {
        let z = self.z;
        let mut w = v.to_vec();
        for _ in 0..self.e.saturating_sub(1 + divisible) {
            let xw = self.x_apply(&w);
            for ((wi, &vi), &xi) in w.iter_mut().zip(v).zip(&xw) {
                *wi = z.sub(z.add(*wi, vi), xi);
            }
        }
        w
    }

    /// `X w`: w placed on the pivot columns, times A, then the pivot rows of E.
    fn x_apply(&self, w: &[u32]) -> Vec<u32> {
        let mut z = vec![0u32; self.n()];
        for (&c, &x) in self.pivots.iter().zip(w) {
            z[c] = x;
        }
        self.e_mul(&self.a_mul(&z), 0..self.pivots.len())
    }

    fn a_mul(&self, v: &[u32]) -> Vec<u32> {
        (0..self.n()).map(|i| dot_mod(self.a.row(i), v, self.q)).collect()
    }

    /// Row i of E, entries in `0..p`.
    fn e_row(&self, i: usize) -> Vec<u32> {
        match &self.t {
            Transform::Bits { m, word } => (0..self.n()).map(|j| m.get(i, word * 64 + j) as u32).collect(),
            Transform::Dense(m) => m.row(i).to_vec(),
        }
    }

    /// `(E v)` on `rows`, over Z/q.
    fn e_mul(&self, v: &[u32], rows: Range<usize>) -> Vec<u32> {
        match &self.t {
            Transform::Bits { m, word } => {
                // v = Σ 2^t v_t by bit planes: E_i·v = Σ 2^t popcount(E_i & v_t).
                let planes: Vec<Vec<u64>> = (0..self.e)
                    .map(|t| crate::bitmatrix::pack_bits(&v.iter().map(|&x| (x >> t) & 1).collect::<Vec<_>>()))
                    .collect();
                rows.map(|i| {
                    let row = &m.row(i)[*word..];
                    let s = planes.iter().enumerate().fold(0u64, |acc, (t, plane)| {
                        let ones: u64 = row.iter().zip(plane).map(|(a, b)| (a & b).count_ones() as u64).sum();
                        acc + (ones << t)
                    });
                    self.z.reduce(s)
                })
                .collect()
            }
            Transform::Dense(m) => rows.map(|i| dot_mod(m.row(i), v, self.q)).collect(),
        }
    }
}

/// One kernel vector of R (n columns, entries `r_entry(i, j)` mod p, pivot of row i in column
/// `pivots[i]`) per free column.
fn kernel_mod_p(n: usize, p: u32, pivots: &[usize], r_entry: impl Fn(usize, usize) -> u32) -> Vec<Vec<u32>> {
    let mut is_pivot = vec![false; n];
    for &c in pivots {
        is_pivot[c] = true;
    }
    let fp = Fp::new(p);
    (0..n)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut k = vec![0u32; n];
            k[f] = 1;
            for (i, &c) in pivots.iter().enumerate() {
                k[c] = fp.neg(r_entry(i, f));
            }
            k
        })
        .collect()
}

/// `[A | I] -> [R | E]` mod p: E, the pivot columns, and one kernel vector of R per free column.
fn factor_mod_p(a: &Matrix, p: u32) -> Result<(Transform, Vec<usize>, Vec<Vec<u32>>)> {
    let n = a.rows();
    let fp = Fp::new(p);
    // The reduced matrix [R | E] (bits for GF(2), R and E side by side otherwise).
    let (aug, pivots) = match p {
        2 => {
            let pad = n.div_ceil(64) * 64;
            let mut m = BitMatrix::zeros(n, pad + n)?;
            for i in 0..n {
                let row = m.row_mut(i);
                for (word, chunk) in row.iter_mut().zip(a.row(i).chunks(64)) {
                    *word = crate::pack::Parity::pack64(chunk);
                }
                row[pad / 64 + i / 64] |= 1 << (i % 64);
            }
            let pivots = elim::gf2::rref(&mut m, n);
            (Transform::Bits { m, word: pad / 64 }, pivots)
        }
        3 => {
            let mut m = Gf3Matrix::zeros(n, 2 * n)?;
            for i in 0..n {
                for (j, &x) in a.row(i).iter().enumerate() {
                    let x = fp.reduce(x as u64);
                    if x != 0 {
                        m.set(i, j, x)?;
                    }
                }
                m.set(i, n + i, 1)?;
            }
            let pivots = elim::gf3::rref(&mut m, n);
            check_dense("the reduced system mod p", n, 2 * n)?;
            (Transform::Dense(m.to_matrix()?), pivots)
        }
        _ => {
            check_dense("the reduced system mod p", n, 2 * n)?;
            let modulus = Modulus::new(p as u64)?;
            let mut m = Matrix::zeros(modulus, n, 2 * n)?;
            for i in 0..n {
                for (j, &x) in a.row(i).iter().enumerate() {
                    m.set(i, j, fp.reduce(x as u64));
                }
                m.set(i, n + i, 1);
            }
            let pivots = elim::generic::rref(modulus.field(), &mut m, n);
            (Transform::Dense(m), pivots)
        }
    };
    // Each kernel vector reads one column of R: over GF(2) a row of its transpose.
    let kernel = match &aug {
        Transform::Bits { m, .. } => {
            let t = m.transposed()?;
            kernel_mod_p(n, p, &pivots, |i, f| t.get(f, i) as u32)
        }
        Transform::Dense(m) => kernel_mod_p(n, p, &pivots, |i, f| m.get(i, f)),
    };
    // Keep only E (the R half is no longer needed; GF(2) keeps both, E costs as much as R).
    let t = match aug {
        Transform::Dense(m) => {
            let mut e = Matrix::zeros(m.modulus(), n, n)?;
            for i in 0..n {
                e.row_mut(i).copy_from_slice(&m.row(i)[n..]);
            }
            Transform::Dense(e)
        }
        bits => bits,
    };
    Ok((t, pivots, kernel))
}
