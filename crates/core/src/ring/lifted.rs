//! `M s = -b` over Z/p^e on the whole board by p-adic lifting: each digit of s is one solve mod p
//! by the structured field solver, and a `d x d` system over Z/p^e corrects for the kernel mod p.
//!
//! Notation: K is a basis of the quiet patterns mod p (d board vectors, entries in `0..p`); M is
//! symmetric for these games, so `Y = K^T` spans the left kernel mod p and a board c is solvable
//! mod p iff `Y c = 0 (mod p)`. P is a set of d lights on which K is invertible mod p (`H = Y F`,
//! F the unit vectors of P, is invertible over Z/p^e), and `π c = c - F H⁻¹ Y c` projects every
//! board onto `{c : Y c = 0 (mod p^e)}` by changing only the lights of P.
//!
//! - **Digits.** For τ with `Y τ = 0`, `L(τ)` is the x with `τ + π(M x) = 0 (mod p^e)`: x is built
//!   digit by digit, `x += p^t y_t` with `y_t` the mod-p solution for digit t of the residual
//!   `π(τ + M x)`, which is divisible by `p^t` and still satisfies `Y r = 0`, so every digit
//!   solve succeeds. L is linear because the field solvers are.
//! - **Correction.** Every s is `L(τ) + K a` for one pair (τ, a) (the image of the mod-p solver
//!   and K are complementary mod p, and Nakayama lifts that to Z/p^e). With
//!   `g_j = k_j + L(π M k_j)`, `π(M g_j) = 0`, and the solutions of `b + M s = 0` are exactly
//!   `s = L(π b) + G a` with `S a + Y(b + M L(π b)) = 0`, where `S = Y M G` is `d x d`. In the
//!   coordinates `(π c, Y c)` of boards and `(τ, a)` of presses, M is `[[I, B], [C, D]]`, which
//!   block elimination brings to `diag(I, S)`: S carries the non-unit elementary divisors of M,
//!   its Smith form ([`PowerSolver`]) decides solvability, and `a -> G a` maps its kernel onto
//!   the quiet patterns over Z/p^e, keeping the orders of the generators.
//!
//! Cost: building S takes `d (e - 1)` solves mod p and `2 d e` products with M; a board takes e
//! solves mod p and e products with M (for `d = 0`, `e - 1`), plus d dot products. Memory: K and
//! G, 2 d board vectors. The board vectors are whatever the [`BoardOps`] works on: `u32` lights
//! for any shape and prime ([`ValueOps`]), or e bit planes for a grid mod `2^e` on the packed
//! GF(2) solver (the `planes` module).

use crate::arith::Fp;
use crate::error::{Error, Result};
use crate::field::{inverse_mod, Modulus};
use crate::matrix::{Matrix, SparseMatrix};
use crate::ring::chase_zq::Plan;
use crate::ring::PowerSolver;
use crate::structured::{GridSolver, WrapSolver};

/// The board vectors of one prime power `p^e` and the operations the lifting needs on them.
pub(crate) trait BoardOps {
    type V: Clone + std::fmt::Debug + std::ops::Deref<Target = Self::S>;
    /// A board vector borrowed (a slice of lights or of planes), so that a caller's board is
    /// read in place.
    type S: ?Sized + ToOwned<Owned = Self::V>;
    /// One digit mod p of a board vector.
    type D;
    fn p(&self) -> u32;
    fn e(&self) -> u32;
    fn lights(&self) -> usize;
    /// The nullity of M mod p.
    fn nullity(&self) -> usize;
    /// A basis of the quiet patterns mod p.
    fn kernel_mod_p(&self) -> Result<Vec<Self::V>>;
    fn zeros(&self) -> Result<Self::V>;
    fn load(&self, v: &[u32]) -> Result<Self::V>;
    fn values(&self, v: &Self::S) -> Result<Vec<u32>>;
    /// `b + M x (mod p^e)`.
    fn press(&self, b: &Self::S, x: &Self::S) -> Result<Self::V>;
    /// y (entries in `0..p`) with `c + M y = 0 (mod p)`, c the digit t of r (`(r / p^t) mod p`);
    /// an error if there is none.
    fn digit_solve(&self, r: &Self::S, t: u32) -> Result<Self::D>;
    /// `x += p^t y (mod p^e)`, y with entries in `0..p`.
    fn add_digit(&self, x: &mut Self::V, y: &Self::D, t: u32);
    /// `x += f y (mod p^e)`.
    fn axpy(&self, x: &mut Self::V, f: u32, y: &Self::S);
    /// `Σ a_i b_i (mod p^e)`.
    fn dot(&self, a: &Self::S, b: &Self::S) -> u32;
    fn get(&self, v: &Self::S, i: usize) -> u32;
    fn set(&self, v: &mut Self::V, i: usize, x: u32);
}

pub(crate) fn internal(what: &str) -> Error {
    Error::InvalidArgument(format!("internal error: {what}; please report this board"))
}

/// A digit solve that found no solution: the projection guarantees one, so this is a bug.
pub(crate) fn digit_error(e: Error) -> Error {
    match e {
        Error::Unsolvable { .. }
        | Error::TooLarge { what: "the unpacked obstruction of this unsolvable board", .. } => {
            internal("a projected residual is unsolvable mod p")
        }
        e => e,
    }
}

/// The lifting solver of one prime power on the whole board; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct BoardLift<O: BoardOps> {
    pub ops: O,
    q: u32,
    kernel: Vec<O::V>,
    g: Vec<O::V>,
    /// The lights P.
    coords: Vec<usize>,
    /// `H⁻¹` over Z/q, `d x d`.
    h_inv: Vec<Vec<u32>>,
    schur: Option<PowerSolver>,
}

impl<O: BoardOps> BoardLift<O> {
    pub(crate) fn new(ops: O) -> Result<Self> {
        let (p, e) = (ops.p(), ops.e());
        let q = p.pow(e);
        let mut lift =
            BoardLift { ops, q, kernel: Vec::new(), g: Vec::new(), coords: Vec::new(), h_inv: Vec::new(), schur: None };
        if lift.ops.nullity() == 0 {
            return Ok(lift);
        }
        lift.kernel = lift.ops.kernel_mod_p()?;
        let d = lift.kernel.len();
        let (coords, h) = independent_lights(&lift.ops, &lift.kernel)?;
        lift.coords = coords;
        lift.h_inv = invert(h, p, q).ok_or_else(|| internal("the kernel mod p is singular on its pivot lights"))?;
        let zero = lift.ops.zeros()?;
        for j in 0..d {
            crate::interrupt::check()?;
            let mut v = lift.ops.press(&*zero, &*lift.kernel[j])?;
            lift.project(&mut v);
            let w = lift.digits(&*v, 1)?;
            let mut g = lift.kernel[j].clone();
            lift.ops.axpy(&mut g, 1, &*w);
            lift.g.push(g);
        }
        let mut s = Matrix::zeros(Modulus::ring(q as u64)?, d, d)?;
        for j in 0..d {
            let mg = lift.ops.press(&*zero, &*lift.g[j])?;
            for i in 0..d {
                s.set(i, j, lift.ops.dot(&*lift.kernel[i], &*mg));
            }
        }
        lift.schur = Some(PowerSolver::new(&SparseMatrix::from_dense(&s))?);
        Ok(lift)
    }

    /// `Y v`.
    fn y(&self, v: &O::S) -> Vec<u32> {
        self.kernel.iter().map(|k| self.ops.dot(&**k, v)).collect()
    }

    /// `v <- π v`.
    fn project(&self, v: &mut O::V) {
        if self.kernel.is_empty() {
            return;
        }
        let (y, z) = (self.y(&**v), Fp::new(self.q));
        for (row, &c) in self.h_inv.iter().zip(&self.coords) {
            let corr = crate::ring::row_arith::dot(row, &y, self.q);
            let old = self.ops.get(&**v, c);
            self.ops.set(v, c, z.sub(old, corr));
        }
    }

    /// `L(τ)` for τ with `Y τ = 0` and divisible by `p^from`.
    fn digits(&self, tau: &O::S, from: u32) -> Result<O::V> {
        let e = self.ops.e();
        let mut x = self.ops.zeros()?;
        let mut r: Option<O::V> = None;
        for t in from..e {
            crate::interrupt::check()?;
            let y = self.ops.digit_solve(r.as_deref().unwrap_or(tau), t)?;
            self.ops.add_digit(&mut x, &y, t);
            if t + 1 < e {
                let mut next = self.ops.press(tau, &*x)?;
                self.project(&mut next);
                r = Some(next);
            }
        }
        Ok(x)
    }

    /// `x = L(π b)` and, when d > 0, the right-hand side `Y(b + M x)` of the correction.
    fn particular(&self, b: &O::S) -> Result<(O::V, Vec<u32>)> {
        if self.kernel.is_empty() {
            return Ok((self.digits(b, 0)?, Vec::new()));
        }
        let mut tau = b.to_owned();
        self.project(&mut tau);
        let x = self.digits(&*tau, 0)?;
        drop(tau);
        let r = self.ops.press(b, &*x)?;
        Ok((x, self.y(&*r)))
    }

    pub(crate) fn is_solvable(&self, b: &O::S) -> Result<bool> {
        let Some(s) = &self.schur else { return Ok(true) };
        let (_, t) = self.particular(b)?;
        s.is_solvable(&t)
    }

    /// One s with `b + M s = 0`, or `None`.
    pub(crate) fn solve(&self, b: &O::S) -> Result<Option<O::V>> {
        let (mut x, t) = self.particular(b)?;
        if let Some(s) = &self.schur {
            let a = match s.solve(&t) {
                Ok(a) => a,
                Err(Error::Unsolvable { .. }) => return Ok(None),
                Err(e) => return Err(e),
            };
            for (g, &f) in self.g.iter().zip(&a) {
                self.ops.axpy(&mut x, f, &**g);
            }
        }
        Ok(Some(x))
    }

    /// The quiet pattern `G a` over Z/q, for a in the kernel of S.
    fn generator(&self, a: &[u32]) -> Result<O::V> {
        let mut y = self.ops.zeros()?;
        for (g, &f) in self.g.iter().zip(a) {
            self.ops.axpy(&mut y, f, &**g);
        }
        Ok(y)
    }

    /// The first `count` kernel generators and their orders.
    pub(crate) fn null_basis(&self, count: usize) -> Result<(Vec<O::V>, Vec<u32>)> {
        let Some(s) = &self.schur else { return Ok((Vec::new(), Vec::new())) };
        let (gens, mut orders) = s.null_basis();
        let take = count.min(gens.len());
        crate::limits::check_dense("the quiet patterns of a lifted board", take, self.ops.lights())?;
        orders.truncate(take);
        Ok((gens[..take].iter().map(|a| self.generator(a)).collect::<Result<_>>()?, orders))
    }

    /// The first generator y with `y·b != 0` and its index (M is symmetric: y proves b unsolvable).
    pub(crate) fn obstruction(&self, b: &O::S) -> Result<(usize, O::V)> {
        let Some(s) = &self.schur else { return Err(internal("no quiet pattern detects an unsolvable board")) };
        for (index, a) in s.null_basis().0.iter().enumerate() {
            let y = self.generator(a)?;
            if self.ops.dot(&*y, b) != 0 {
                return Ok((index, y));
            }
        }
        Err(internal("no quiet pattern detects an unsolvable board"))
    }

    /// The valuations of the non-unit elementary divisors, ascending (e for a zero).
    pub(crate) fn nonunit_valuations(&self) -> Vec<u32> {
        let Some(s) = &self.schur else { return Vec::new() };
        let mut v: Vec<u32> = s.valuations().iter().copied().filter(|&v| v > 0).collect();
        v.resize(v.len() + self.kernel.len() - s.valuations().len(), self.ops.e());
        v
    }

    pub(crate) fn kernel_exponent(&self) -> usize {
        self.schur.as_ref().map_or(0, |s| s.kernel_exponent())
    }

    pub(crate) fn image_exponent(&self) -> usize {
        let units = self.ops.e() as usize * (self.ops.lights() - self.kernel.len());
        units + self.schur.as_ref().map_or(0, |s| s.image_exponent())
    }
}

/// d lights on which the d kernel vectors are independent mod p, and `H` (`H[i][l]` = kernel
/// vector i at light l) over Z/q. A quiet pattern is decided by its first row (or two, when the
/// rows wrap), so the scan stops early.
fn independent_lights<O: BoardOps>(ops: &O, kernel: &[O::V]) -> Result<(Vec<usize>, Vec<Vec<u32>>)> {
    let (p, d) = (ops.p(), kernel.len());
    let fp = Fp::new(p);
    // Echelon rows over GF(p): (pivot index, vector).
    let mut basis: Vec<(usize, Vec<u32>)> = Vec::new();
    let mut coords = Vec::new();
    for c in 0..ops.lights() {
        if coords.len() == d {
            break;
        }
        if c % 4096 == 0 {
            crate::interrupt::check()?;
        }
        let mut col: Vec<u32> = kernel.iter().map(|k| fp.reduce(ops.get(&**k, c) as u64)).collect();
        for (piv, v) in &basis {
            let f = fp.neg(col[*piv]);
            if f != 0 {
                col.iter_mut().zip(v).for_each(|(x, &y)| *x = fp.mul_add(*x, f, y));
            }
        }
        if let Some(piv) = col.iter().position(|&x| x != 0) {
            let inv = inverse_mod(col[piv], p).expect("p is prime");
            col.iter_mut().for_each(|x| *x = fp.mul(*x, inv));
            basis.push((piv, col));
            coords.push(c);
        }
    }
    if coords.len() < d {
        return Err(internal("the quiet patterns mod p are not independent"));
    }
    let h = kernel.iter().map(|k| coords.iter().map(|&c| ops.get(&**k, c)).collect()).collect();
    Ok((coords, h))
}

/// The inverse over Z/q (`q = p^e`) of a square matrix invertible mod p.
fn invert(mut h: Vec<Vec<u32>>, p: u32, q: u32) -> Option<Vec<Vec<u32>>> {
    let d = h.len();
    let (fp, z) = (Fp::new(p), Fp::new(q));
    let mut inv: Vec<Vec<u32>> = (0..d).map(|i| (0..d).map(|j| (i == j) as u32).collect()).collect();
    for col in 0..d {
        let piv = (col..d).find(|&r| fp.reduce(h[r][col] as u64) != 0)?;
        h.swap(col, piv);
        inv.swap(col, piv);
        let f = inverse_mod(h[col][col], q)?;
        for x in h[col].iter_mut().chain(inv[col].iter_mut()) {
            *x = z.mul(*x, f);
        }
        for r in 0..d {
            let f = h[r][col];
            if r == col || f == 0 {
                continue;
            }
            let neg = z.neg(f);
            let (hc, ic) = (h[col].clone(), inv[col].clone());
            for (x, &y) in h[r].iter_mut().zip(&hc).chain(inv[r].iter_mut().zip(&ic)) {
                *x = z.mul_add(*x, neg, y);
            }
        }
    }
    Some(inv)
}

/// The structured field solver mod p of a grid, torus or cylinder.
#[derive(Clone, Debug)]
pub(crate) enum FieldBoard {
    Grid(GridSolver),
    Wrap(WrapSolver),
}

impl FieldBoard {
    pub(crate) fn nullity(&self) -> usize {
        match self {
            FieldBoard::Grid(s) => s.nullity(),
            FieldBoard::Wrap(s) => s.nullity(),
        }
    }
    fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
        match self {
            FieldBoard::Grid(s) => s.solve(b),
            FieldBoard::Wrap(s) => s.solve(b),
        }
    }
    fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        match self {
            FieldBoard::Grid(s) => s.null_basis(),
            FieldBoard::Wrap(s) => s.null_basis(),
        }
    }
}

/// Board vectors as one `u32` a light, for any shape and prime: the digits are solved by the
/// structured field solver, M applied by the chase plan over Z/p^e.
#[derive(Clone, Debug)]
pub(crate) struct ValueOps {
    pub field: FieldBoard,
    pub plan: Plan,
    pub p: u32,
    pub e: u32,
}

impl ValueOps {
    fn q(&self) -> u64 {
        self.p.pow(self.e) as u64
    }
}

impl BoardOps for ValueOps {
    type V = Vec<u32>;
    type S = [u32];
    type D = Vec<u32>;
    fn p(&self) -> u32 {
        self.p
    }
    fn e(&self) -> u32 {
        self.e
    }
    fn lights(&self) -> usize {
        self.plan.lights()
    }
    fn nullity(&self) -> usize {
        self.field.nullity()
    }
    fn kernel_mod_p(&self) -> Result<Vec<Vec<u32>>> {
        self.field.null_basis()
    }
    fn zeros(&self) -> Result<Vec<u32>> {
        crate::buffer::zeroed::<u32>("a board-sized vector", self.lights())
    }
    fn load(&self, v: &[u32]) -> Result<Vec<u32>> {
        Ok(v.to_vec())
    }
    fn values(&self, v: &[u32]) -> Result<Vec<u32>> {
        Ok(v.to_vec())
    }
    fn press(&self, b: &[u32], x: &[u32]) -> Result<Vec<u32>> {
        self.plan.apply(Some(b), x)
    }
    fn digit_solve(&self, r: &[u32], t: u32) -> Result<Vec<u32>> {
        let (fp, pt) = (Fp::new(self.p), self.p.pow(t));
        let digit: Vec<u32> = r.iter().map(|&x| fp.reduce((x / pt) as u64)).collect();
        self.field.solve(&digit).map_err(digit_error)
    }
    fn add_digit(&self, x: &mut Vec<u32>, y: &Vec<u32>, t: u32) {
        self.axpy(x, self.p.pow(t), y);
    }
    fn axpy(&self, x: &mut Vec<u32>, f: u32, y: &[u32]) {
        crate::ring::row_arith::axpy(x, f, y, self.q() as u32)
    }
    fn dot(&self, a: &[u32], b: &[u32]) -> u32 {
        crate::ring::row_arith::dot(a, b, self.q() as u32)
    }
    fn get(&self, v: &[u32], i: usize) -> u32 {
        v[i]
    }
    fn set(&self, v: &mut Vec<u32>, i: usize, x: u32) {
        v[i] = x;
    }
}
