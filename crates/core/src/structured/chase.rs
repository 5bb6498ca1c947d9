//! Light chasing over Z_p: row `k` is dark iff `b_k + T x_k + x_{k-1} + x_{k+1} = 0`, so the
//! presses of row `k + 1` follow from the two rows above, `x_{k+1} = -(b_k + T x_k + x_{k-1})`.

use crate::arith::Fp;
use crate::features::with_features;
use num_traits::{AsPrimitive, PrimInt, Unsigned, WrappingSub};

/// One row of lights: `n` lights on a path (cut-off ends) or on a cycle (`n >= 3`), with the
/// press of a light changing its two neighbours and, when `delta`, itself. `T` is its matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) n: usize,
    pub(crate) cycle: bool,
    pub(crate) delta: bool,
}

impl Line {
    /// `out = T x`.
    #[inline]
    pub(crate) fn apply(&self, fp: Fp, x: &[u32], out: &mut [u32]) {
        apply_row(*self, fp, x, out)
    }

    /// The chase step `next = -(b + T x + prev)`.
    #[inline]
    pub(crate) fn step(&self, fp: Fp, b: &[u32], prev: &[u32], x: &[u32], next: &mut [u32]) {
        step_row(*self, fp, b, prev, x, next)
    }
}

with_features!(fn apply_row(line: Line, fp: Fp, x: &[u32], out: &mut [u32]) = apply_row_any if ["avx2"]);
with_features!(fn step_row(line: Line, fp: Fp, b: &[u32], prev: &[u32], x: &[u32], next: &mut [u32]) = step_row_any if ["avx2"]);

#[inline(always)]
fn apply_row_any(line: Line, fp: Fp, x: &[u32], out: &mut [u32]) {
    let n = line.n;
    let dmask = if line.delta { u32::MAX } else { 0 };
    if n == 1 {
        out[0] = x[0] & dmask;
        return;
    }
    let (wrap_left, wrap_right) = if line.cycle { (x[n - 1], x[0]) } else { (0, 0) };
    out[0] = fp.add(fp.add(wrap_left, x[1]), x[0] & dmask);
    out[n - 1] = fp.add(fp.add(x[n - 2], wrap_right), x[n - 1] & dmask);
    for (((o, &l), &r), &c) in out[1..n - 1].iter_mut().zip(&x[..n - 2]).zip(&x[2..]).zip(&x[1..n - 1]) {
        *o = fp.add(fp.add(l, r), c & dmask);
    }
}

#[inline(always)]
fn step_row_any(line: Line, fp: Fp, b: &[u32], prev: &[u32], x: &[u32], next: &mut [u32]) {
    let n = line.n;
    let dmask = if line.delta { u32::MAX } else { 0 };
    let at = |left: u32, right: u32, c: u32, pv: u32, bv: u32| {
        let s = fp.add(fp.add(left, right), fp.add(pv, bv));
        fp.neg(fp.add(s, c & dmask))
    };
    if n == 1 {
        next[0] = at(0, 0, x[0], prev[0], b[0]);
        return;
    }
    let (wrap_left, wrap_right) = if line.cycle { (x[n - 1], x[0]) } else { (0, 0) };
    next[0] = at(wrap_left, x[1], x[0], prev[0], b[0]);
    next[n - 1] = at(x[n - 2], wrap_right, x[n - 1], prev[n - 1], b[n - 1]);
    let inner = next[1..n - 1]
        .iter_mut()
        .zip(&x[..n - 2])
        .zip(&x[2..])
        .zip(&x[1..n - 1])
        .zip(prev[1..n - 1].iter().zip(&b[1..n - 1]));
    for ((((o, &l), &r), &c), (&pv, &bv)) in inner {
        *o = at(l, r, c, pv, bv);
    }
}

/// A board cell of the chasing engines, over a field or a ring: an unsigned integer that holds
/// every value below the modulus (`u32` for any, a byte for moduli up to 256, so that byte
/// boards are solved on their bytes), its arithmetic and conversions num-traits'.
pub(crate) trait Cell:
    PrimInt + Unsigned + WrappingSub + AsPrimitive<u32> + Default + Into<u32> + Send + Sync + 'static
{
    /// A value known to fit.
    fn from_u32(v: u32) -> Self;
    /// The cells as bytes, when they are bytes (the fast row conversions of the bitsliced chase).
    fn bytes(_cells: &[Self]) -> Option<&[u8]> {
        None
    }
    /// [`Cell::bytes`], mutable.
    fn bytes_mut(_cells: &mut [Self]) -> Option<&mut [u8]> {
        None
    }
}

impl Cell for u32 {
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        v
    }
}

impl Cell for u8 {
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        v as u8
    }
    fn bytes(cells: &[u8]) -> Option<&[u8]> {
        Some(cells)
    }
    fn bytes_mut(cells: &mut [u8]) -> Option<&mut [u8]> {
        Some(cells)
    }
}

/// How the chase's rows sit in a row-major `rows x cols` board: chase row `k` is board row `k`,
/// or board column `k` when `transposed` (chasing along the longer side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) transposed: bool,
}

impl Layout {
    /// Number of chase rows.
    pub(crate) fn m(&self) -> usize {
        if self.transposed {
            self.cols
        } else {
            self.rows
        }
    }
    /// Length of one chase row.
    pub(crate) fn n(&self) -> usize {
        if self.transposed {
            self.rows
        } else {
            self.cols
        }
    }
    pub(crate) fn load<C: Cell>(&self, board: &[C], k: usize, out: &mut [u32]) {
        if self.transposed {
            for (j, o) in out.iter_mut().enumerate() {
                *o = board[j * self.cols + k].as_();
            }
        } else {
            for (o, c) in out.iter_mut().zip(&board[k * self.cols..(k + 1) * self.cols]) {
                *o = c.as_();
            }
        }
    }
    pub(crate) fn store<C: Cell>(&self, board: &mut [C], k: usize, row: &[u32]) {
        if self.transposed {
            for (j, &v) in row.iter().enumerate() {
                board[j * self.cols + k] = C::from_u32(v);
            }
        } else {
            for (c, &v) in board[k * self.cols..(k + 1) * self.cols].iter_mut().zip(row) {
                *c = C::from_u32(v);
            }
        }
    }
}

/// Chase `m` rows from the press rows `x_0` and `x_1`, calling `visit(k, x_{k+1})` for the press
/// row of every chase row `k = 0..m`, and return `(x_m, x_{m+1})`. `board` gives `b_k` (zero when
/// `None`).
pub(crate) fn run<C: Cell>(
    line: Line,
    fp: Fp,
    layout: Layout,
    board: Option<&[C]>,
    x0: &[u32],
    x1: &[u32],
    mut visit: impl FnMut(usize, &[u32]),
) -> (Vec<u32>, Vec<u32>) {
    chase(line, fp, layout.m(), x0, x1, |k, b, x| {
        if let Some(board) = board {
            layout.load(board, k, b);
        }
        visit(k, x);
    })
}

/// [`run`] through `board`, writing press row `k` over board row (or column) `k` once the chase
/// has read it; returns `(x_m, x_{m+1})`.
pub(crate) fn run_in_place<C: Cell>(
    line: Line,
    fp: Fp,
    layout: Layout,
    board: &mut [C],
    x0: &[u32],
    x1: &[u32],
) -> (Vec<u32>, Vec<u32>) {
    chase(line, fp, layout.m(), x0, x1, |k, b, x| {
        layout.load(board, k, b);
        layout.store(board, k, x);
    })
}

/// The loop of [`run`] and [`run_in_place`] over `m` rows: `row(k, b, x_{k+1})` fills `b` with
/// `b_k` (it starts zero and keeps what the last call left) and takes the press row, before the
/// step computes `x_{k+2}`.
#[inline(always)]
fn chase(
    line: Line,
    fp: Fp,
    m: usize,
    x0: &[u32],
    x1: &[u32],
    mut row: impl FnMut(usize, &mut [u32], &[u32]),
) -> (Vec<u32>, Vec<u32>) {
    let n = line.n;
    let (mut prev, mut cur, mut next) = (x0.to_vec(), x1.to_vec(), vec![0u32; n]);
    let mut b = vec![0u32; n];
    for k in 0..m {
        // Interrupted: stop; the caller reports it (crate::interrupt).
        if crate::interrupt::requested() {
            break;
        }
        row(k, &mut b, &cur);
        line.step(fp, &b, &prev, &cur, &mut next);
        std::mem::swap(&mut prev, &mut cur);
        std::mem::swap(&mut cur, &mut next);
    }
    (prev, cur)
}

/// `Σ a_i b_i mod p`.
pub(crate) fn dot(fp: Fp, a: &[u32], b: &[u32]) -> u32 {
    a.iter().zip(b).fold(0u32, |acc, (&x, &y)| fp.add(acc, fp.mul(x, y)))
}
