//! Tori and cylinders: light chasing with the wrapped-around rows as unknowns.
//!
//! With the rows of a vertical cycle as chase rows, the presses `x_0` (= `x_m`) and `x_1` decide
//! everything, and closing the cycle (`x_m = x_0`, `x_{m+1} = x_1`) leaves `2n` equations in
//! `2n` unknowns; a horizontal cycle alone leaves the usual `n` (`x_{m+1} = 0`). Every block of
//! that system is a polynomial in the row matrix T, so it is built from one chased vector per
//! block in O(m n + n^2) and factored by the core's dense engines.

use super::arith::Fp;
use super::chase::{self, Cell, Layout, Line};
use super::grid::{internal, GridSolver};
use super::packed::try_zeroed;
use super::reduced::{gf2_consistent, Reduced};
use crate::bitmatrix::BitMatrix;
use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{check_vector, Modulus};
use crate::limits::{bits_per_entry, check_dense, check_dense_bits, check_lights};
use crate::solutions::Solutions;

/// Which opposite edges of a `rows x cols` board are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrap {
    /// No edge joined: a grid with cut-off edges (solved by [`GridSolver`]).
    None,
    /// Left and right joined (each row is a cycle): a cylinder.
    Horizontal,
    /// Top and bottom joined (each column is a cycle): a cylinder.
    Vertical,
    /// Both: a torus.
    Torus,
}

/// The chase frame of a wrapped board: `m` chase rows on a `line`, the rows themselves a
/// cycle when `periodic`.
#[derive(Clone, Copy, Debug)]
struct Plan {
    layout: Layout,
    line: Line,
    periodic: bool,
    fp: Fp,
}

impl Plan {
    fn n(&self) -> usize {
        self.line.n
    }
    fn unknowns(&self) -> usize {
        self.n() * if self.periodic { 2 } else { 1 }
    }

    /// `P(T) e_0, P(T) e_1, ...` from `v0 = P(T) e_0`: rotations on a cycle, and on a path the
    /// recurrence `e_{j+1} = (T - δ) e_j - e_{j-1}` applied to `P(T) e_j`.
    fn columns(&self, v0: Vec<u32>) -> impl FnMut() -> Vec<u32> {
        let (line, fp) = (self.line, self.fp);
        let n = line.n;
        let (mut prev, mut cur, mut j) = (vec![0u32; n], v0, 0usize);
        move || {
            let out = if line.cycle {
                (0..n).map(|i| cur[(i + n - j % n) % n]).collect()
            } else {
                let out = cur.clone();
                let mut next = vec![0u32; n];
                line.apply(fp, &cur, &mut next);
                for i in 0..n {
                    let mut v = fp.sub(next[i], prev[i]);
                    if line.delta {
                        v = fp.sub(v, cur[i]);
                    }
                    next[i] = v;
                }
                prev = std::mem::replace(&mut cur, next);
                out
            };
            j += 1;
            out
        }
    }

    /// A generator of the columns of the reduced matrix A, in order, unknowns `(x_1, x_0)`.
    fn matrix_columns(&self) -> impl FnMut(usize) -> Vec<u32> {
        let (n, fp) = (self.n(), self.fp);
        let zero = vec![0u32; n];
        let mut e0 = vec![0u32; n];
        e0[0] = 1;
        let mut before = vec![0u32; n];
        let m = self.layout.m();
        let (pm, pm1) = chase::run::<u32>(self.line, fp, self.layout, None, &zero, &e0, |k, row| {
            if k + 2 == m {
                before.copy_from_slice(row);
            }
        });
        let periodic = self.periodic;
        let (mut g_m, mut g_m1) = (self.columns(pm.clone()), self.columns(pm1));
        let (mut g_before, mut g_m_again) = (self.columns(before), self.columns(pm));
        move |j| {
            if !periodic {
                return g_m1();
            }
            let mut col = Vec::with_capacity(2 * n);
            if j < n {
                // x_1 = e_j: x_m = P_m e_j, x_{m+1} - x_1 = P_{m+1} e_j - e_j.
                col.extend(g_m());
                col.extend(g_m1());
                col[n + j] = fp.sub(col[n + j], 1);
            } else {
                // x_0 = e_i: x_m - x_0 = -P_{m-1} e_i - e_i, x_{m+1} = -P_m e_i.
                col.extend(g_before().into_iter().map(|v| fp.neg(v)));
                col.extend(g_m_again().into_iter().map(|v| fp.neg(v)));
                col[j - n] = fp.sub(col[j - n], 1);
            }
            col
        }
    }

    /// The right-hand side `c`: minus the mismatch of the chase with no presses in the unknowns.
    fn rhs<C: Cell>(&self, board: &[C]) -> Vec<u32> {
        let zero = vec![0u32; self.n()];
        let (xm, xm1) = chase::run(self.line, self.fp, self.layout, Some(board), &zero, &zero, |_, _| {});
        let mut c: Vec<u32> = if self.periodic { xm } else { Vec::new() };
        c.extend(xm1);
        c.iter().map(|&v| self.fp.neg(v)).collect()
    }

    /// Chase the unknowns `u = (x_1, x_0)` with a dark board, calling `visit` on every press row.
    fn visit(&self, u: &[u32], visit: impl FnMut(usize, &[u32])) {
        let n = self.n();
        let (x1, x0) = if self.periodic { (&u[..n], u[n..].to_vec()) } else { (u, vec![0u32; n]) };
        chase::run::<u32>(self.line, self.fp, self.layout, None, &x0, x1, visit);
    }

    /// Chase the unknowns `u = (x_1, x_0)` through the board, storing the presses; an error if
    /// the cycle does not close (which would be a bug).
    fn chase_into<C: Cell, O: Cell>(&self, board: Option<&[C]>, u: &[u32], out: &mut [O]) -> Result<()> {
        let n = self.n();
        let (x1, x0) = if self.periodic { (&u[..n], u[n..].to_vec()) } else { (u, vec![0u32; n]) };
        let layout = self.layout;
        let (xm, xm1) = chase::run(self.line, self.fp, layout, board, &x0, x1, |k, row| layout.store(out, k, row));
        let closed = if self.periodic { xm == x0 && xm1 == x1 } else { xm1.iter().all(|&v| v == 0) };
        if closed {
            Ok(())
        } else {
            Err(internal("the chase of a wrapped board does not close"))
        }
    }
}

#[derive(Clone, Debug)]
enum Inner {
    Grid(GridSolver),
    Chase { plan: Plan, reduced: Reduced },
}

/// Lights Out on a torus or a cylinder over Z_p, by chasing with the wrapped rows as unknowns:
/// a `2n x 2n` dense system for a torus (n the shorter side), `n x n` or `2n x 2n` for a
/// cylinder (whichever is smaller), built in O(m n + n^2) and factored once.
///
/// A press set is a set: where a side of 1 or 2 makes two neighbours coincide (or a neighbour
/// coincide with the pressed light), that light changes once. Such boards, and [`Wrap::None`],
/// are solved as the equivalent grid by a [`GridSolver`].
///
/// ```
/// use lightsout_core::{structured::{Wrap, WrapSolver}, Modulus};
/// let t = WrapSolver::new(4, 4, Wrap::Torus, true, Modulus::TWO).unwrap();
/// assert_eq!(t.nullity(), 0);
/// let mut board = vec![0u32; 16];
/// board[5] = 1;
/// let presses = t.solve(&board).unwrap();
/// assert!(t.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// ```
#[derive(Clone, Debug)]
pub struct WrapSolver {
    rows: usize,
    cols: usize,
    wrap: Wrap,
    self_toggle: bool,
    modulus: Modulus,
    inner: Inner,
}

/// The chase frame for a board, or `None` (plus the self-toggle to use) when no wrap is left
/// after folding sides of 1 and 2.
fn plan(rows: usize, cols: usize, wrap: Wrap, self_toggle: bool, p: u32) -> (Option<Plan>, bool) {
    let mut h = matches!(wrap, Wrap::Horizontal | Wrap::Torus);
    let mut v = matches!(wrap, Wrap::Vertical | Wrap::Torus);
    let mut delta = self_toggle;
    // A cycle of 2 is a path of 2 (both neighbours are the other light); on a cycle of 1 both
    // neighbours are the light itself.
    if h && cols <= 2 {
        h = false;
        delta |= cols == 1;
    }
    if v && rows <= 2 {
        v = false;
        delta |= rows == 1;
    }
    if !h && !v {
        return (None, delta);
    }
    let cost = |line_len: usize, periodic: bool| line_len * if periodic { 2 } else { 1 };
    let transposed = cost(rows, h) < cost(cols, v);
    let (cycle, periodic) = if transposed { (v, h) } else { (h, v) };
    let layout = Layout { rows, cols, transposed };
    let line = Line { n: layout.n(), cycle, delta };
    (Some(Plan { layout, line, periodic, fp: Fp::new(p) }), delta)
}

fn check_sides(rows: usize, cols: usize) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::InvalidArgument(format!(
            "a board needs at least one row and one column, not {rows}x{cols}"
        )));
    }
    check_lights("a wrapped board", rows as u128 * cols as u128)
}

impl WrapSolver {
    /// A solver for the `rows x cols` board with the edges of `wrap` joined.
    pub fn new(rows: usize, cols: usize, wrap: Wrap, self_toggle: bool, modulus: Modulus) -> Result<Self> {
        modulus.require_prime("the structured torus and cylinder solver")?;
        check_sides(rows, cols)?;
        let inner = match plan(rows, cols, wrap, self_toggle, modulus.get()) {
            (None, delta) => Inner::Grid(GridSolver::new(rows, cols, delta, modulus)?),
            (Some(plan), _) => {
                let k = plan.unknowns();
                check_dense_bits("the reduced system of a wrapped board", k, 2 * k, bits_per_entry(modulus.get()))?;
                let reduced = Reduced::new(modulus, k, k, plan.matrix_columns())?;
                Inner::Chase { plan, reduced }
            }
        };
        // Long loops above stop early when interrupted; their results must not be used.
        crate::interrupt::check()?;
        Ok(WrapSolver { rows, cols, wrap, self_toggle, modulus, inner })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Which edges are joined.
    pub fn wrap(&self) -> Wrap {
        self.wrap
    }
    /// Number of lights (and buttons).
    pub fn lights(&self) -> usize {
        self.rows * self.cols
    }
    /// The modulus p.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// The dimension of the quiet patterns.
    pub fn nullity(&self) -> usize {
        match &self.inner {
            Inner::Grid(g) => g.nullity(),
            Inner::Chase { reduced, .. } => reduced.nullity(),
        }
    }
    /// The rank of the press matrix.
    pub fn rank(&self) -> usize {
        self.lights() - self.nullity()
    }

    fn check_board(&self, what: &'static str, v: &[u32]) -> Result<()> {
        check_vector(what, v, self.lights(), self.modulus)
    }

    /// Whether `b + M s = 0` has a solution.
    pub fn is_solvable(&self, board: &[u32]) -> Result<bool> {
        match &self.inner {
            Inner::Grid(g) => g.is_solvable(board),
            Inner::Chase { plan, reduced } => {
                self.check_board("board", board)?;
                Ok(reduced.solve(&plan.rhs(board)).is_some())
            }
        }
    }

    /// One solution, or [`Error::Unsolvable`] with a quiet pattern `y` (a left null vector of
    /// the symmetric M) such that `y·(-b) != 0`.
    pub fn solve(&self, board: &[u32]) -> Result<Vec<u32>> {
        let (plan, reduced) = match &self.inner {
            Inner::Grid(g) => return g.solve(board),
            Inner::Chase { plan, reduced } => (plan, reduced),
        };
        self.check_board("board", board)?;
        let Some(u) = reduced.solve(&plan.rhs(board)) else { return Err(self.obstruction_error(board)?) };
        let mut out: Vec<u32> = try_zeroed("the solution", self.lights())?;
        plan.chase_into(Some(board), &u, &mut out)?;
        Ok(out)
    }

    /// The first quiet pattern with a non-zero product with the board, chased one at a time
    /// (only the one returned is stored).
    fn obstruction_error(&self, board: &[u32]) -> Result<Error> {
        let Inner::Chase { plan, reduced } = &self.inner else { unreachable!("grids report their own") };
        let (fp, layout) = (plan.fp, plan.layout);
        let mut b = vec![0u32; plan.n()];
        for (index, u) in reduced.null_basis().into_iter().enumerate() {
            let mut acc = 0u32;
            plan.visit(&u, |k, row| {
                layout.load(board, k, &mut b);
                acc = fp.add(acc, chase::dot(fp, row, &b));
            });
            if acc != 0 {
                let mut y: Vec<u32> = try_zeroed("the obstruction", self.lights())?;
                plan.chase_into::<u32, u32>(None, &u, &mut y)?;
                return Ok(Error::Unsolvable { obstruction_index: index, obstruction: y });
            }
        }
        Err(internal("no quiet pattern detects an unsolvable board"))
    }

    /// A basis of the quiet patterns, `nullity()` vectors.
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        self.quiet_patterns(self.nullity())
    }

    /// The first `count` vectors of [`Self::null_basis`] (all of them if `count` is at least
    /// the nullity), built alone.
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        let count = count.min(self.nullity());
        let (plan, reduced) = match &self.inner {
            Inner::Grid(g) => return g.quiet_patterns(count),
            Inner::Chase { plan, reduced } => (plan, reduced),
        };
        check_dense("the null basis of a wrapped board", count, self.lights())?;
        reduced
            .null_basis()
            .into_iter()
            .take(count)
            .map(|u| {
                let mut y: Vec<u32> = try_zeroed("a quiet pattern", self.lights())?;
                plan.chase_into::<u32, u32>(None, &u, &mut y)?;
                Ok(y)
            })
            .collect()
    }

    /// Every solution, lazily: `p^nullity` of them for a solvable board.
    pub fn solutions(&self, board: &[u32]) -> Result<Solutions> {
        let particular = self.solve(board)?;
        Ok(Solutions::new(self.modulus, particular, self.null_basis()?))
    }

    /// How many solutions the board has: `p^nullity` if solvable, else zero.
    pub fn count_solutions(&self, board: &[u32]) -> Result<SolutionCount> {
        Ok(if self.is_solvable(board)? {
            SolutionCount::new(self.modulus, self.nullity())
        } else {
            SolutionCount::zero(self.modulus)
        })
    }

    /// The board after pressing: `b + M s` (each press changes every light of its set once).
    pub fn apply(&self, board: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check_board("board", board)?;
        self.check_board("presses", presses)?;
        let fp = Fp::new(self.modulus.get());
        let (rows, cols) = (self.rows, self.cols);
        let h = matches!(self.wrap, Wrap::Horizontal | Wrap::Torus);
        let v = matches!(self.wrap, Wrap::Vertical | Wrap::Torus);
        let mut out = board.to_vec();
        for r in 0..rows {
            for c in 0..cols {
                let s = presses[r * cols + c];
                if s == 0 {
                    continue;
                }
                let mut set = Vec::with_capacity(5);
                if self.self_toggle {
                    set.push((r, c));
                }
                for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    let nr = if v { nr.rem_euclid(rows as i64) } else { nr };
                    let nc = if h { nc.rem_euclid(cols as i64) } else { nc };
                    if (0..rows as i64).contains(&nr) && (0..cols as i64).contains(&nc) {
                        set.push((nr as usize, nc as usize));
                    }
                }
                set.sort_unstable();
                set.dedup();
                for (nr, nc) in set {
                    out[nr * cols + nc] = fp.add(out[nr * cols + nc], s);
                }
            }
        }
        Ok(out)
    }
}

/// Decide whether an `n x n` torus over GF(2) with the plus rule (a press changes itself and its
/// four wrapped neighbours) can be switched off, given its lit lights as `(row, column)`
/// coordinates. One chase and one elimination of the `2n x 2n` reduced system `[A | c]`:
/// about a second for n = 2000 (4 million lights).
///
/// ```
/// use lightsout_core::structured::torus_decide_gf2;
/// assert!(torus_decide_gf2(3, &[(0, 1), (0, 2), (1, 0)]).unwrap() == false);
/// assert!(torus_decide_gf2(4, &[(1, 2)]).unwrap());
/// ```
pub fn torus_decide_gf2(n: usize, lit: &[(usize, usize)]) -> Result<bool> {
    check_sides(n, n)?;
    let mut board: Vec<u8> = try_zeroed("the board", n * n)?;
    for (i, &(r, c)) in lit.iter().enumerate() {
        if r >= n || c >= n {
            return Err(Error::InvalidArgument(format!(
                "lit light {i} is at ({r}, {c}), outside the {n}x{n} torus (coordinates are 0..{n})"
            )));
        }
        if board[r * n + c] == 1 {
            return Err(Error::InvalidArgument(format!("lit light {i} at ({r}, {c}) is listed twice")));
        }
        board[r * n + c] = 1;
    }
    let (plan, delta) = plan(n, n, Wrap::Torus, true, 2);
    let Some(plan) = plan else {
        return GridSolver::new(n, n, delta, Modulus::TWO)?
            .is_solvable(&board.iter().map(|&b| b as u32).collect::<Vec<_>>());
    };
    let k = plan.unknowns();
    let mut a = BitMatrix::zeros(k, k)?;
    let mut columns = plan.matrix_columns();
    for j in 0..k {
        for (i, v) in columns(j).into_iter().enumerate() {
            if v == 1 {
                a.set(i, j, true);
            }
        }
    }
    gf2_consistent(k, k, &a, &plan.rhs(&board))
}
