//! Light chasing over Z/q for any modulus q: a grid, torus or cylinder reduced to the square
//! system on its first press rows.
//!
//! Chase row k (a board row, or a board column when chasing along the longer side) is dark iff
//! `b_k + T x_k + x_(k-1) + x_(k+1) = 0`, where T is the matrix of one row (a path, or a cycle
//! when the rows wrap) and `x_k` the presses of row k. The press of the row below enters with
//! coefficient 1, a unit of every ring, so `x_(k+1) = -(b_k + T x_k + x_(k-1))` and the first
//! rows decide everything. With `x_0` (the row above the first, zero on a grid, the last row
//! when the rows form a cycle) and `x_1` as unknowns, the conditions that close the chase
//! (`x_(m+1) = 0`; on a cycle `x_m = x_0` and `x_(m+1) = x_1`) are n (or 2n) linear equations
//! `A u = c`. Every block of A is a polynomial in T, so A is built from one chase per block of
//! unknowns: the other columns follow by rotation (cycle) or by `e_(j+1) = (T - δ) e_j - e_(j-1)`
//! (path). M is equivalent to `diag(I, A)` (the chase is a unimodular change of presses and
//! lights), so M and A share their non-unit elementary divisors and kernels.

use crate::arith::Fp;
use crate::error::{Error, Result};
use crate::matrix::Matrix;
use crate::structured::chase::Cell;
use crate::structured::Wrap;
use crate::Modulus;
use num_traits::{AsPrimitive, PrimInt, WrappingSub};
use std::marker::PhantomData;

/// How the terms of one light are added when pressing cells of type `Cell` over Z/q: into a
/// `Sum` from the light's own value, then reduced once.
pub(crate) trait PressSums {
    type Cell: Copy;
    type Sum: Copy + Default;
    /// The sum of a light that starts at `b`.
    fn start(&self, b: Self::Cell) -> Self::Sum;
    fn add(&self, s: Self::Sum, x: Self::Cell) -> Self::Sum;
    /// The light's value mod q.
    fn finish(&self, s: Self::Sum) -> Self::Cell;
}

/// The one way lights are summed over Z/q: in the type `S` from the cell type `C`, each
/// addition reduced as it comes by the branch-free `min` of [`Fp::add`], so the row loops
/// vectorise and no table is looked up a light. `u32` lights sum in `u32` (q < 2^31); bytes
/// (k <= 256) in `u16`, as a light and one term stay below 512: 16-bit lanes.
pub(crate) struct Sums<C, S> {
    q: S,
    cell: PhantomData<C>,
}

impl<C, S: PrimInt + AsPrimitive<u32>> Sums<C, S>
where
    u32: AsPrimitive<S>,
{
    pub(crate) fn new(q: u32) -> Self {
        debug_assert!(q <= S::max_value().as_() / 2 + 1, "sums of two values below q fit");
        Sums { q: q.as_(), cell: PhantomData }
    }
}

impl<C: Cell + AsPrimitive<S>, S: PrimInt + WrappingSub + AsPrimitive<C> + Default> PressSums for Sums<C, S> {
    type Cell = C;
    type Sum = S;
    #[inline(always)]
    fn start(&self, b: C) -> S {
        b.as_()
    }
    #[inline(always)]
    fn add(&self, s: S, x: C) -> S {
        let t = s + x.as_();
        t.min(t.wrapping_sub(&self.q))
    }
    #[inline(always)]
    fn finish(&self, s: S) -> C {
        s.as_()
    }
}

/// Boards of at least this many lights are pressed by rayon's threads, each a band of rows.
const PARALLEL_LIGHTS: usize = 1 << 20;

/// `b + M s` on a `rows x cols` board (b dark when `None`), row-major, into `out`: each light
/// gains its own press (when `delta`) and its neighbours' in the row and in the rows above and
/// below, the edges joined as `(horizontal, vertical, delta) = folded` say ([`Wrap::folded`]:
/// sides of 1 and 2 fold as in the chase, press sets being sets). Every term is added to a
/// whole row at once (the loops vectorise); a board of [`PARALLEL_LIGHTS`] or more is shared
/// out among rayon's threads in bands of rows (each output row reads three rows of presses),
/// the caller's interrupt flag handed to each.
pub(crate) fn press<A: PressSums + Sync>(
    sums: &A,
    rows: usize,
    cols: usize,
    (h, v, delta): (bool, bool, bool),
    board: Option<&[A::Cell]>,
    presses: &[A::Cell],
    out: &mut [A::Cell],
) -> Result<()>
where
    A::Cell: Send + Sync,
{
    use rayon::prelude::*;
    if rows == 0 || cols == 0 {
        return Ok(());
    }
    let row = |r: usize| &presses[r * cols..(r + 1) * cols];
    let add_row = |sum: &mut [A::Sum], terms: &[A::Cell]| {
        for (x, &y) in sum.iter_mut().zip(terms) {
            *x = sums.add(*x, y);
        }
    };
    // Rows `first..` of the board into `band` (whole rows).
    let press_band = |first: usize, band: &mut [A::Cell]| -> Result<()> {
        let mut sum = vec![A::Sum::default(); cols];
        for (i, lit) in band.chunks_exact_mut(cols).enumerate() {
            let r = first + i;
            if r % 256 == 0 {
                crate::interrupt::check()?;
            }
            let s = row(r);
            match board {
                Some(b) => {
                    for (x, &y) in sum.iter_mut().zip(&b[r * cols..(r + 1) * cols]) {
                        *x = sums.start(y);
                    }
                }
                None => sum.fill(A::Sum::default()),
            }
            if delta {
                add_row(&mut sum, s);
            }
            add_row(&mut sum[1..], &s[..cols - 1]);
            add_row(&mut sum[..cols - 1], &s[1..]);
            if h {
                sum[0] = sums.add(sum[0], s[cols - 1]);
                sum[cols - 1] = sums.add(sum[cols - 1], s[0]);
            }
            let up = if r > 0 { Some(row(r - 1)) } else { v.then(|| row(rows - 1)) };
            let down = if r + 1 < rows { Some(row(r + 1)) } else { v.then(|| row(0)) };
            for neighbour in [up, down].into_iter().flatten() {
                add_row(&mut sum, neighbour);
            }
            for (o, &x) in lit.iter_mut().zip(&sum) {
                *o = sums.finish(x);
            }
        }
        Ok(())
    };
    let out = &mut out[..rows * cols];
    let threads = rayon::current_num_threads();
    if rows < 2 || rows * cols < PARALLEL_LIGHTS || threads < 2 {
        return press_band(0, out);
    }
    let flag = crate::interrupt::current();
    let band = rows.div_ceil(4 * threads);
    out.par_chunks_mut(band * cols)
        .enumerate()
        .map(|(t, part)| match &flag {
            Some(f) => f.run(|| press_band(t * band, part)),
            None => press_band(t * band, part),
        })
        .find_first(Result::is_err)
        .unwrap_or(Ok(()))
}

/// How a `rows x cols` board is chased: `m` chase rows of `n` lights.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    rows: usize,
    cols: usize,
    /// Chase rows are board columns.
    transposed: bool,
    pub(crate) m: usize,
    pub(crate) n: usize,
    /// Each chase row is a cycle.
    cycle: bool,
    /// The chase rows themselves form a cycle.
    pub(crate) periodic: bool,
    /// A press changes its own light.
    delta: bool,
    /// `(horizontal, vertical, delta)` of the board itself, as [`Wrap::folded`] gives them.
    folded: (bool, bool, bool),
    /// Z/q arithmetic for the inner loop (the crate's one context).
    z: Fp,
}

impl Plan {
    /// The plan for a board over Z/q. Sides of 1 and 2 fold: a cycle of 2 is a path of 2 (both
    /// neighbours are the other light), on a cycle of 1 both neighbours are the light itself
    /// (press sets are sets). Chasing runs along the side that leaves the fewest unknowns.
    pub(crate) fn new(rows: usize, cols: usize, wrap: Wrap, self_toggle: bool, q: u32) -> Plan {
        let folded = wrap.folded(rows, cols, self_toggle);
        let (h, v, delta) = folded;
        let unknowns = |line: usize, periodic: bool| line * if periodic { 2 } else { 1 };
        // Transposed: chase rows are columns (length rows, a cycle when v), periodic when h.
        let transposed = unknowns(rows, h) < unknowns(cols, v);
        let (m, n, cycle, periodic) = if transposed { (cols, rows, v, h) } else { (rows, cols, h, v) };
        Plan { rows, cols, transposed, m, n, cycle, periodic, delta, folded, z: Fp::new(q) }
    }

    /// Number of unknowns (the side of A).
    pub(crate) fn unknowns(&self) -> usize {
        if self.periodic {
            2 * self.n
        } else {
            self.n
        }
    }

    /// Lights of the board.
    pub(crate) fn lights(&self) -> usize {
        self.rows * self.cols
    }

    /// Chase row k of `board`.
    fn load<C: Cell>(&self, board: &[C], k: usize, out: &mut [u32]) {
        if self.transposed {
            for (j, o) in out.iter_mut().enumerate() {
                *o = board[j * self.cols + k].as_();
            }
        } else {
            for (o, &x) in out.iter_mut().zip(&board[k * self.cols..(k + 1) * self.cols]) {
                *o = x.as_();
            }
        }
    }

    /// Chase row k of `board` from `row`.
    fn store<C: Cell>(&self, board: &mut [C], k: usize, row: &[u32]) {
        if self.transposed {
            for (j, &v) in row.iter().enumerate() {
                board[j * self.cols + k] = C::from_u32(v);
            }
        } else {
            for (o, &v) in board[k * self.cols..(k + 1) * self.cols].iter_mut().zip(row) {
                *o = C::from_u32(v);
            }
        }
    }

    /// `out = T x + extra` (T of one chase row), then negated when `NEGATE`.
    fn t_apply<const NEGATE: bool>(&self, x: &[u32], extra: &[u32], out: &mut [u32]) {
        let (n, z) = (self.n, self.z);
        let d = if self.delta { u32::MAX } else { 0 };
        let at = |c: u32, l: u32, r: u32, e: u32| {
            let s = z.add(z.add(l, r), z.add(c & d, e));
            if NEGATE {
                z.neg(s)
            } else {
                s
            }
        };
        if n == 1 {
            out[0] = at(x[0], 0, 0, extra[0]);
            return;
        }
        let (wl, wr) = if self.cycle { (x[n - 1], x[0]) } else { (0, 0) };
        out[0] = at(x[0], wl, x[1], extra[0]);
        out[n - 1] = at(x[n - 1], x[n - 2], wr, extra[n - 1]);
        // The inner lights from three shifted slices (no index checks, so the loop vectorises).
        let inner = out[1..n - 1].iter_mut().zip(&x[1..n - 1]).zip(&x[..n - 2]).zip(&x[2..]).zip(&extra[1..n - 1]);
        for ((((o, &c), &l), &r), &e) in inner {
            *o = at(c, l, r, e);
        }
    }

    /// Chase from `x0` and `x1` through `board` (dark when `None`), calling `visit(k, x_(k+1))`
    /// with the presses of every chase row k; returns `(x_m, x_(m+1))`.
    pub(crate) fn run<C: Cell>(
        &self,
        board: Option<&[C]>,
        x0: &[u32],
        x1: &[u32],
        mut visit: impl FnMut(usize, &[u32]),
    ) -> Result<(Vec<u32>, Vec<u32>)> {
        let n = self.n;
        let (mut prev, mut cur, mut next) = (x0.to_vec(), x1.to_vec(), vec![0u32; n]);
        let (mut b, mut extra) = (vec![0u32; n], vec![0u32; n]);
        for k in 0..self.m {
            if k % 64 == 0 {
                crate::interrupt::check()?;
            }
            visit(k, &cur);
            if let Some(board) = board {
                self.load(board, k, &mut b);
                for ((e, &bv), &pv) in extra.iter_mut().zip(&b).zip(&prev) {
                    *e = self.z.add(bv, pv);
                }
            } else {
                extra.copy_from_slice(&prev);
            }
            self.t_apply::<true>(&cur, &extra, &mut next);
            std::mem::swap(&mut prev, &mut cur);
            std::mem::swap(&mut cur, &mut next);
        }
        Ok((prev, cur))
    }

    /// `(x_1, x_0)` from the unknowns `u` (`x_0 = 0` unless periodic).
    fn split(&self, u: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let n = self.n;
        if self.periodic {
            (u[..n].to_vec(), u[n..].to_vec())
        } else {
            (u.to_vec(), vec![0; n])
        }
    }

    /// The mismatch that closes the chase: `x_(m+1)`, or `(x_m - x_0, x_(m+1) - x_1)`.
    fn mismatch(&self, x0: &[u32], x1: &[u32], xm: Vec<u32>, xm1: Vec<u32>) -> Vec<u32> {
        if !self.periodic {
            return xm1;
        }
        let z = self.z;
        let mut out: Vec<u32> = xm.iter().zip(x0).map(|(&a, &b)| z.sub(a, b)).collect();
        out.extend(xm1.iter().zip(x1).map(|(&a, &b)| z.sub(a, b)));
        out
    }

    /// The right-hand side c of `A u = c`: minus the mismatch of the board with no presses.
    pub(crate) fn rhs<C: Cell>(&self, board: &[C]) -> Result<Vec<u32>> {
        let zero = vec![0u32; self.n];
        let (xm, xm1) = self.run(Some(board), &zero, &zero, |_, _| {})?;
        Ok(self.mismatch(&zero, &zero, xm, xm1).into_iter().map(|v| self.z.neg(v)).collect())
    }

    /// The presses chased from the unknowns u through `board` (or a dark board), written into
    /// `out` (one entry per light); an error if the chase does not close (a bug).
    pub(crate) fn expand<C: Cell>(&self, board: Option<&[C]>, u: &[u32], out: &mut [C]) -> Result<()> {
        let (x1, x0) = self.split(u);
        let (xm, xm1) = self.run(board, &x0, &x1, |k, row| self.store(out, k, row))?;
        if self.mismatch(&x0, &x1, xm, xm1).iter().any(|&v| v != 0) {
            return Err(Error::InvalidArgument("internal error: the chase of a solution does not close".into()));
        }
        Ok(())
    }

    /// `Σ y_i b_i mod q` for the presses y chased from u on a dark board, without storing y.
    pub(crate) fn chased_dot(&self, u: &[u32], board: &[u32]) -> Result<u32> {
        let (x1, x0) = self.split(u);
        let (q, z) = (self.z.p, self.z);
        let mut b = vec![0u32; self.n];
        let mut acc = 0u32;
        self.run::<u32>(None, &x0, &x1, |k, row| {
            self.load(board, k, &mut b);
            acc = z.add(acc, crate::ring::row_arith::dot(row, &b, q));
        })?;
        Ok(acc)
    }

    /// `b + M s` (see [`press`]; b dark when `None`).
    pub(crate) fn apply(&self, board: Option<&[u32]>, presses: &[u32]) -> Result<Vec<u32>> {
        let mut out = vec![0u32; self.lights()];
        press(&Sums::<u32, u32>::new(self.z.p), self.rows, self.cols, self.folded, board, presses, &mut out)?;
        Ok(out)
    }

    /// A over Z/q (`unknowns x unknowns`), with unknowns `(x_1, x_0)`.
    pub(crate) fn matrix(&self) -> Result<Matrix> {
        let (n, z) = (self.n, self.z);
        let size = self.unknowns();
        crate::limits::check_dense("the reduced system of a chased board", size, size)?;
        let mut a = Matrix::zeros(Modulus::ring(z.p as u64)?, size, size)?;
        let mut e0 = vec![0u32; n];
        e0[0] = 1;
        let zero = vec![0u32; n];
        // Unknown block `x_1` (offset 0) and, when periodic, `x_0` (offset n).
        let seeds: Vec<(usize, Vec<u32>, Vec<u32>)> =
            if self.periodic { vec![(0, zero.clone(), e0.clone()), (n, e0, zero)] } else { vec![(0, zero, e0)] };
        for (offset, x0, x1) in seeds {
            let (xm, xm1) = self.run::<u32>(None, &x0, &x1, |_, _| {})?;
            let blocks = if self.periodic { vec![xm, xm1] } else { vec![xm1] };
            for (bi, seed) in blocks.into_iter().enumerate() {
                let mut cols = self.shifts(seed);
                for j in 0..n {
                    // Every block is a polynomial in the symmetric T, so symmetric itself:
                    // its column j is its row j, written in one copy.
                    a.row_mut(bi * n + j)[offset..offset + n].copy_from_slice(&cols());
                }
            }
            if self.periodic {
                // Minus the unknown itself: x_m - x_0 (block 0, x_0) and x_(m+1) - x_1 (block 1, x_1).
                for j in 0..n {
                    let (i, c) = if offset == 0 { (n + j, j) } else { (j, n + j) };
                    a.set(i, c, z.sub(a.get(i, c), 1));
                }
            }
        }
        Ok(a)
    }

    /// `P(T) e_0, P(T) e_1, …` from `P(T) e_0`, for any polynomial P in T.
    fn shifts(&self, v0: Vec<u32>) -> impl FnMut() -> Vec<u32> + '_ {
        let n = self.n;
        let (mut prev, mut cur, mut j) = (vec![0u32; n], v0, 0usize);
        move || {
            let out = if self.cycle {
                (0..n).map(|i| cur[(i + n - j % n) % n]).collect()
            } else {
                // e_(j+1) = (T - δ) e_j - e_(j-1), applied to P(T) e_j.
                let out = cur.clone();
                let neg_prev: Vec<u32> = prev.iter().map(|&v| self.z.neg(v)).collect();
                let mut next = vec![0u32; n];
                self.t_apply::<false>(&cur, &neg_prev, &mut next);
                if self.delta {
                    for (x, &c) in next.iter_mut().zip(&cur) {
                        *x = self.z.sub(*x, c);
                    }
                }
                prev = std::mem::replace(&mut cur, next);
                out
            };
            j += 1;
            out
        }
    }
}
