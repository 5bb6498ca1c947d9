//! Rectangular grids with cut-off edges, solved by light chasing and polynomial algebra.

use super::chase::{self, Cell, Layout, Line};
use super::packed::{self, PackedBoard};
use super::packed3::PackedBoard3;
use super::poly3::{self, Tri};
use super::reduced::Reduced;
use super::{poly, poly2, rows3, striped};
use crate::arith::Fp;
use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{check_vector, Modulus};
use crate::limits::{bits_per_entry, check_dense, check_dense_bits, check_lights};
use crate::system::factored_system;

/// How a [`GridSolver`] handles the `n x n` system left after chasing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The polynomial path (bit-packed for p = 2, bitsliced for p = 3).
    #[default]
    Auto,
    /// `F_{m+1}(T) x_1 = c` as `F a ≡ c' (mod chi)` with one polynomial gcd: O(n^2) field
    /// operations after the O(m n) chase.
    Polynomial,
    /// Build the `n x n` matrix `F_{m+1}(T)` by chasing unit vectors and factor it with the core's
    /// dense engines: O(m n^2 + n^3). The reference the polynomial path is tested against.
    Dense,
}

/// The largest unpacked obstruction [`GridSolver::solve_packed_gf2`] returns inside
/// [`Error::Unsolvable`]: 2^28 lights (1 GiB of `u32`).
pub const MAX_UNPACKED_OBSTRUCTION: u128 = 1 << 28;

/// What a packed GF(2) solve refuses past [`MAX_UNPACKED_OBSTRUCTION`], and where to get it.
const PACKED_HINT: &str =
    "the unpacked obstruction of this unsolvable board (GridSolver::obstruction_packed gives it packed)";

#[derive(Clone, Debug)]
enum Core {
    /// `d = gcd(F mod chi, chi)`, `u F ≡ d (mod chi)`, and `chi / d`, the kernel generator.
    Poly {
        d: poly::Poly,
        u: poly::Poly,
        kernel: poly::Poly,
    },
    /// The same, bit-packed over GF(2).
    Poly2 {
        d: Vec<u64>,
        u: Vec<u64>,
        kernel: Vec<u64>,
    },
    /// The same, bitsliced over GF(3).
    Poly3 {
        d: Tri,
        u: Tri,
        kernel: Tri,
    },
    Dense(Reduced),
}

/// Lights Out on an `rows x cols` grid with cut-off edges over Z_p: pressing a light changes its
/// up to four neighbours and, with `self_toggle` (the classic plus rule), itself.
///
/// Nothing of size N x N is ever built. Light chasing reduces the game to `n x n`
/// (n the shorter side, chasing along the longer one), and that system is solved as one
/// polynomial gcd over Z_p (Sutner's formula: the nullity is `deg gcd(F_{m+1} mod chi, chi)`).
/// Construction costs O(m n + n^2) field operations (O(m n / 64 + n^2 / 64) words over GF(2));
/// each solve costs O(m n + n^2). Boards and presses are row-major, values in `0..p`, and a
/// board `b` is solved by presses `s` with `b + M s = 0`, as in [`crate::Solver`].
///
/// ```
/// use lightsout_core::{structured::GridSolver, Modulus};
/// let g = GridSolver::new(5, 5, true, Modulus::TWO).unwrap();
/// assert_eq!(g.nullity(), 2); // the classic 5 x 5 game
/// let mut board = vec![0u32; 25];
/// board[12] = 1; // one light in the centre
/// let presses = g.solve(&board).unwrap();
/// assert!(g.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// ```
#[derive(Clone, Debug)]
pub struct GridSolver {
    modulus: Modulus,
    self_toggle: bool,
    layout: Layout,
    line: Line,
    fp: Fp,
    core: Core,
}

mod packed_boards;

impl GridSolver {
    /// A solver for the `rows x cols` grid; an error when a side is zero or the board is larger
    /// than [`crate::limits::MAX_LIGHTS`].
    pub fn new(rows: usize, cols: usize, self_toggle: bool, modulus: Modulus) -> Result<Self> {
        Self::with_method(rows, cols, self_toggle, modulus, Method::Auto)
    }

    /// A solver that uses a chosen method for the reduced system (to test one against the other).
    pub fn with_method(rows: usize, cols: usize, self_toggle: bool, modulus: Modulus, method: Method) -> Result<Self> {
        modulus.require_prime("the structured grid solver")?;
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidArgument(format!(
                "a grid needs at least one row and one column, not {rows}x{cols}"
            )));
        }
        check_lights("a grid", rows as u128 * cols as u128)?;
        let layout = Layout { rows, cols, transposed: cols > rows };
        let (m, n) = (layout.m(), layout.n());
        let line = Line { n, cycle: false, delta: self_toggle };
        let fp = modulus.arith();
        let core = match method {
            Method::Dense => {
                check_dense_bits("the reduced system of a grid", n, 2 * n, bits_per_entry(modulus.get()))?;
                let zero = vec![0u32; n];
                Core::Dense(Reduced::new(modulus, n, n, |j| {
                    let mut e = vec![0u32; n];
                    e[j] = 1;
                    chase::run::<u32>(line, fp, layout, None, &zero, &e, |_, _| {}).1
                })?)
            }
            _ if modulus.get() == 2 => {
                // F_{m+1} mod chi by doubling: the chase of e_1 is never run.
                let f = poly2::chased_e1(self_toggle, n, m);
                let chi = poly2::chi(self_toggle, n);
                let (d, u) = poly2::ext_gcd(&f, &chi);
                let (kernel, _) = poly2::divrem(&chi, &d);
                Core::Poly2 { d, u, kernel }
            }
            _ if modulus.get() == 3 => {
                let words = n.div_ceil(64);
                let (_, f_e1) =
                    poly3::run(n, self_toggle, m, None, &Tri::zeros(words), &Tri::unit(words, 0), |_, _| {});
                let f = poly3::from_vector(self_toggle, n, &f_e1);
                let chi = poly3::chi(self_toggle, n);
                let (d, u) = poly3::ext_gcd(&f, &chi);
                let (kernel, _) = poly3::divrem(&chi, &d);
                Core::Poly3 { d, u, kernel }
            }
            _ => {
                // F_{m+1} mod chi in closed form: the chase of e_1 is never run.
                let chi = poly::chi(fp, self_toggle, n);
                let f = poly::chased_e1(fp, &chi, m);
                let (d, u) = poly::ext_gcd(fp, &f, &chi);
                let (kernel, _) = poly::divrem(fp, &chi, &d);
                Core::Poly { d, u, kernel }
            }
        };
        // Long loops above stop early when interrupted; their results must not be used.
        crate::interrupt::check()?;
        Ok(GridSolver { modulus, self_toggle, layout, line, fp, core })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.layout.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.layout.cols
    }
    /// Number of lights (and buttons).
    pub fn lights(&self) -> usize {
        self.layout.rows * self.layout.cols
    }
    /// The modulus p.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// Whether a press changes its own light.
    pub fn self_toggle(&self) -> bool {
        self.self_toggle
    }
    /// The dimension of the quiet patterns: `deg gcd(F_{m+1} mod chi, chi)`.
    pub fn nullity(&self) -> usize {
        match &self.core {
            Core::Poly { d, .. } => d.len() - 1,
            Core::Poly2 { d, .. } => poly2::degree(d).unwrap_or(0),
            Core::Poly3 { d, .. } => d.degree().unwrap_or(0),
            Core::Dense(r) => r.nullity(),
        }
    }
    /// The rank of the press matrix.
    pub fn rank(&self) -> usize {
        self.lights() - self.nullity()
    }
    /// How many boards are solvable: `p^rank`.
    pub fn solvable_boards(&self) -> SolutionCount {
        SolutionCount::new(self.modulus, self.rank())
    }

    /// The first press row `x_1` with `F_{m+1}(T) x_1 = c`, or `None`.
    fn first_row(&self, c: &[u32]) -> Option<Vec<u32>> {
        let n = self.line.n;
        match &self.core {
            Core::Poly { d, u, .. } => {
                if d.len() == 1 {
                    // d = 1 (no quiet patterns): q = c', and q(T) e_1 is c itself.
                    return Some(poly::apply(self.fp, self.line, u, c));
                }
                let c1 = poly::from_vector(self.fp, self.self_toggle, c);
                let (q, r) = poly::divrem(self.fp, &c1, d);
                if !r.is_empty() {
                    return None;
                }
                let mut e1 = vec![0u32; n];
                e1[0] = 1;
                let w = poly::apply(self.fp, self.line, &q, &e1);
                Some(poly::apply(self.fp, self.line, u, &w))
            }
            Core::Poly2 { .. } => {
                let x = self.first_row_packed(&crate::bitmatrix::pack_bits(c))?;
                Some((0..n).map(|j| poly2::bit(&x, j) as u32).collect())
            }
            Core::Poly3 { .. } => Some(self.first_row3(&Tri::from_values(c, n.div_ceil(64)))?.to_values(n)),
            Core::Dense(r) => r.solve(c),
        }
    }

    /// Bitsliced GF(3) twin of [`Self::first_row`] (only for the `Poly3` core).
    fn first_row3(&self, c: &Tri) -> Option<Tri> {
        let Core::Poly3 { d, u, .. } = &self.core else { unreachable!("bitsliced rows need the GF(3) core") };
        let (n, delta) = (self.line.n, self.self_toggle);
        let (q, r) = poly3::divrem(&poly3::from_vector(delta, n, c), d);
        if !r.is_zero() {
            return None;
        }
        let w = poly3::apply(n, delta, &q, &Tri::unit(n.div_ceil(64), 0));
        Some(poly3::apply(n, delta, u, &w))
    }

    /// `c = -x_{m+1}` of the bitsliced GF(3) chase with `x_1 = 0`.
    fn rhs3<C: Cell>(&self, board: &[C]) -> Tri {
        let (n, layout) = (self.line.n, self.layout);
        let mut scratch = vec![0u32; n];
        let mut load = |k: usize, b: &mut Tri| rows3::load(layout, board, k, &mut scratch, b);
        let zero = Tri::zeros(n.div_ceil(64));
        let mut c = poly3::run(n, self.self_toggle, layout.m(), Some(&mut load), &zero, &zero, |_, _| {}).1;
        c.negate();
        c
    }

    /// [`Self::solve_cells`] on bitsliced rows: the board is read and the solution written
    /// one row at a time.
    fn solve_cells3<C: Cell>(&self, board: &[C]) -> Result<Vec<C>> {
        let Some(x1) = self.first_row3(&self.rhs3(board)) else { return Err(self.obstruction_error(board)?) };
        let (n, layout) = (self.line.n, self.layout);
        let mut out: Vec<C> = crate::buffer::zeroed("the solution", self.lights())?;
        let (mut scratch_in, mut scratch_out) = (vec![0u32; n], vec![0u32; n]);
        let mut load = |k: usize, b: &mut Tri| rows3::load(layout, board, k, &mut scratch_in, b);
        let zero = Tri::zeros(n.div_ceil(64));
        let (_, last) = poly3::run(n, self.self_toggle, layout.m(), Some(&mut load), &zero, &x1, |k, row| {
            rows3::store(layout, &mut out, k, row, &mut scratch_out)
        });
        if !last.is_zero() {
            return Err(internal("the chased solution leaves the last row lit"));
        }
        Ok(out)
    }

    /// Packed GF(2) twin of [`Self::first_row`] (only for the `Poly2` core).
    fn first_row_packed(&self, c: &[u64]) -> Option<Vec<u64>> {
        let Core::Poly2 { d, u, .. } = &self.core else { unreachable!("packed rows need the GF(2) core") };
        let n = self.line.n;
        let delta = self.self_toggle;
        if poly2::degree(d) == Some(0) {
            // d = 1 (no quiet patterns): q = c', and q(T) e_1 is c itself.
            return Some(poly2::apply(n, delta, u, c));
        }
        let (q, r) = poly2::divrem(&poly2::from_vector(delta, n, c), d);
        if poly2::degree(&r).is_some() {
            return None;
        }
        let mut e1 = vec![0u64; n.div_ceil(64)];
        e1[0] = 1;
        let w = poly2::apply(n, delta, &q, &e1);
        Some(poly2::apply(n, delta, u, &w))
    }

    /// First press rows of a basis of the quiet patterns: `(chi / d) x^i`, `i < deg d`.
    fn kernel_first_rows(&self) -> Vec<Vec<u32>> {
        let n = self.line.n;
        match &self.core {
            Core::Poly { kernel, .. } => {
                let mut e1 = vec![0u32; n];
                e1[0] = 1;
                let mut w = poly::apply(self.fp, self.line, kernel, &e1);
                let mut out = Vec::new();
                for _ in 0..self.nullity() {
                    let mut t = vec![0u32; n];
                    self.line.apply(self.fp, &w, &mut t);
                    out.push(std::mem::replace(&mut w, t));
                }
                out
            }
            Core::Poly2 { .. } => self
                .kernel_first_rows_packed()
                .iter()
                .map(|x| (0..n).map(|j| poly2::bit(x, j) as u32).collect())
                .collect(),
            Core::Poly3 { kernel, .. } => {
                let mut w = poly3::apply(n, self.self_toggle, kernel, &Tri::unit(n.div_ceil(64), 0));
                let mut out = Vec::new();
                for _ in 0..self.nullity() {
                    let mut t = Tri::zeros(w.words());
                    poly3::t_apply(n, self.self_toggle, &w, &mut t);
                    out.push(std::mem::replace(&mut w, t).to_values(n));
                }
                out
            }
            Core::Dense(r) => r.null_basis(),
        }
    }

    fn kernel_first_rows_packed(&self) -> Vec<Vec<u64>> {
        let Core::Poly2 { kernel, .. } = &self.core else { unreachable!("packed rows need the GF(2) core") };
        let n = self.line.n;
        let mut e1 = vec![0u64; n.div_ceil(64)];
        e1[0] = 1;
        let mut w = poly2::apply(n, self.self_toggle, kernel, &e1);
        let mut out = Vec::new();
        for _ in 0..self.nullity() {
            let mut t = vec![0u64; w.len()];
            poly2::t_apply(n, self.self_toggle, &w, &mut t);
            out.push(std::mem::replace(&mut w, t));
        }
        out
    }

    fn check_board<C: Cell>(&self, what: &'static str, v: &[C]) -> Result<()> {
        check_vector(what, v, self.lights(), self.modulus)
    }

    /// `c = -x_{m+1}` of the chase with `x_1 = 0`: the right-hand side of the reduced system.
    fn rhs<C: Cell>(&self, board: &[C]) -> Vec<u32> {
        let zero = vec![0u32; self.line.n];
        let (_, r) = chase::run(self.line, self.fp, self.layout, Some(board), &zero, &zero, |_, _| {});
        r.iter().map(|&v| self.fp.neg(v)).collect()
    }

    /// Whether `F_{m+1}(T) x_1 = c` has a solution: `d` divides `c'` (no Horner passes needed).
    fn rhs_solvable(&self, c: &[u32]) -> bool {
        match &self.core {
            Core::Poly { d, .. } => {
                d.len() == 1 || poly::divrem(self.fp, &poly::from_vector(self.fp, self.self_toggle, c), d).1.is_empty()
            }
            Core::Poly2 { .. } => self.rhs_solvable_packed(&crate::bitmatrix::pack_bits(c)),
            Core::Poly3 { .. } => self.rhs_solvable3(&Tri::from_values(c, self.line.n.div_ceil(64))),
            Core::Dense(r) => r.solve(c).is_some(),
        }
    }

    fn rhs_solvable3(&self, c: &Tri) -> bool {
        let Core::Poly3 { d, .. } = &self.core else { unreachable!("bitsliced rows need the GF(3) core") };
        poly3::divrem(&poly3::from_vector(self.self_toggle, self.line.n, c), d).1.is_zero()
    }

    fn rhs_solvable_packed(&self, c: &[u64]) -> bool {
        let Core::Poly2 { d, .. } = &self.core else { unreachable!("packed rows need the GF(2) core") };
        if poly2::degree(d) == Some(0) {
            return true; // no quiet patterns: every board is solvable
        }
        let c1 = poly2::from_vector(self.self_toggle, self.line.n, c);
        poly2::degree(&poly2::divrem(&c1, d).1).is_none()
    }

    /// Whether `b + M s = 0` has a solution.
    pub fn is_solvable(&self, board: &[u32]) -> Result<bool> {
        self.is_solvable_cells(board)
    }

    /// [`Self::is_solvable`] for boards stored one byte per light (p <= 256): one chase of the
    /// board, no `u32` a light.
    ///
    /// ```
    /// use lightsout_core::{structured::GridSolver, Modulus};
    /// let g = GridSolver::new(4, 4, true, Modulus::new(5).unwrap()).unwrap();
    /// let mut board = vec![0u8; 16];
    /// assert!(g.is_solvable_bytes(&board).unwrap());
    /// board[0] = 7; // not below 5
    /// assert!(g.is_solvable_bytes(&board).is_err());
    /// ```
    pub fn is_solvable_bytes(&self, board: &[u8]) -> Result<bool> {
        self.check_byte_modulus()?;
        self.is_solvable_cells(board)
    }

    fn is_solvable_cells<C: Cell>(&self, board: &[C]) -> Result<bool> {
        self.check_board("board", board)?;
        if let Core::Poly3 { .. } = self.core {
            return Ok(self.rhs_solvable3(&self.rhs3(board)));
        }
        Ok(self.rhs_solvable(&self.rhs(board)))
    }

    /// A board drawn uniformly from the solvable boards (M times uniformly random presses),
    /// reproducible from `seed`.
    pub fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        let mut presses: Vec<u32> = crate::buffer::zeroed("the presses", self.lights())?;
        crate::field::fill_random_presses(&mut presses, self.modulus, seed);
        let zero: Vec<u32> = crate::buffer::zeroed("the board", self.lights())?;
        Ok(apply_grid(self.fp, self.layout.rows, self.layout.cols, self.self_toggle, &zero, &presses))
    }

    /// One solution, or [`Error::Unsolvable`] carrying a quiet pattern `y` (for this symmetric
    /// M, a left null vector: `y M = 0`) with `y·(-b) != 0`, which proves there is none.
    pub fn solve(&self, board: &[u32]) -> Result<Vec<u32>> {
        self.solve_cells(board)
    }

    /// [`Self::solve`] for boards stored one byte per light (p < 256): a 10,000 x 10,000 board
    /// over Z_3 takes 100 MB instead of 400 MB.
    pub fn solve_bytes(&self, board: &[u8]) -> Result<Vec<u8>> {
        self.check_byte_modulus()?;
        self.solve_cells(board)
    }

    fn check_byte_modulus(&self) -> Result<()> {
        if self.modulus.get() > 256 {
            return Err(Error::InvalidArgument(format!(
                "byte boards need a modulus p <= 256, this solver has p = {}",
                self.modulus
            )));
        }
        Ok(())
    }

    /// [`Self::solve_bytes`] writing the presses over the board: no second board-sized buffer
    /// and no fresh pages to fault in (over Z_5 at 10^8 lights, the 100 MB answer's page faults
    /// and stores cost as much as the chase). An unsolvable board is left unchanged and gives
    /// the same error as [`Self::solve_bytes`].
    ///
    /// ```
    /// use lightsout_core::{structured::GridSolver, Modulus};
    /// let g = GridSolver::new(40, 30, true, Modulus::new(5).unwrap()).unwrap();
    /// let mut pressed = vec![0u32; 1200];
    /// pressed[321] = 4;
    /// let lit = g.apply(&vec![0; 1200], &pressed).unwrap();
    /// let mut board: Vec<u8> = lit.iter().map(|&x| x as u8).collect();
    /// g.solve_bytes_in_place(&mut board).unwrap(); // `board` now holds the presses
    /// let presses: Vec<u32> = board.iter().map(|&x| x as u32).collect();
    /// assert!(g.apply(&lit, &presses).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn solve_bytes_in_place(&self, board: &mut [u8]) -> Result<()> {
        if !matches!(self.core, Core::Poly { .. }) {
            // The bitsliced and dense cores chase into a fresh buffer.
            let s = self.solve_bytes(board)?;
            board.copy_from_slice(&s);
            return Ok(());
        }
        self.check_board("board", board)?;
        let Some(x1) = self.first_row(&self.rhs(board)) else { return Err(self.obstruction_error(board)?) };
        let zero = vec![0u32; self.line.n];
        let (_, last) = chase::run_in_place(self.line, self.fp, self.layout, board, &zero, &x1);
        crate::interrupt::check()?;
        if last.iter().any(|&v| v != 0) {
            return Err(internal("the chased solution leaves the last row lit"));
        }
        Ok(())
    }

    fn solve_cells<C: Cell>(&self, board: &[C]) -> Result<Vec<C>> {
        self.check_board("board", board)?;
        if let Core::Poly3 { .. } = self.core {
            return self.solve_cells3(board);
        }
        let Some(x1) = self.first_row(&self.rhs(board)) else { return Err(self.obstruction_error(board)?) };
        let mut out: Vec<C> = crate::buffer::zeroed("the solution", self.lights())?;
        let zero = vec![0u32; self.line.n];
        let layout = self.layout;
        let (_, last) =
            chase::run(self.line, self.fp, layout, Some(board), &zero, &x1, |k, row| layout.store(&mut out, k, row));
        if last.iter().any(|&v| v != 0) {
            return Err(internal("the chased solution leaves the last row lit"));
        }
        Ok(out)
    }

    /// The error the packed solves give for an unsolvable board (`values` unpacks it): its
    /// obstruction ([`Error::Unsolvable`]) when an unpacked copy of the board, at most
    /// [`MAX_UNPACKED_OBSTRUCTION`] lights, is affordable, else [`Error::TooLarge`] naming the
    /// packed way to the proof. For callers of the `try_solve_packed_*` functions, which answer
    /// `None` for such a board and leave the proof to them.
    ///
    /// ```
    /// use lightsout_core::{structured::{GridSolver, PackedBoard}, Error, Modulus};
    /// let g = GridSolver::new(4, 4, true, Modulus::TWO).unwrap(); // nullity 4
    /// let mut board = PackedBoard::zeros(4, 4).unwrap();
    /// board.set(0, 0, true);
    /// assert!(g.try_solve_packed_gf2(&board).unwrap().is_none());
    /// assert!(matches!(g.packed_unsolvable(|| board.to_values()), Error::Unsolvable { .. }));
    /// ```
    pub fn packed_unsolvable(&self, values: impl FnOnce() -> Vec<u32>) -> Error {
        let what = match self.modulus.get() {
            2 => PACKED_HINT,
            _ => "the unpacked obstruction of this unsolvable board",
        };
        let lights = self.lights() as u128;
        if lights > MAX_UNPACKED_OBSTRUCTION {
            return Error::TooLarge { what, needed: lights, unit: "lights", limit: MAX_UNPACKED_OBSTRUCTION };
        }
        self.obstruction_error(&values()).unwrap_or_else(|e| e)
    }

    /// The quiet pattern that proves `board` unsolvable, as an [`Error::Unsolvable`].
    fn obstruction_error<C: Cell>(&self, board: &[C]) -> Result<Error> {
        let (n, layout, fp) = (self.line.n, self.layout, self.fp);
        let zero = vec![0u32; n];
        let mut b = vec![0u32; n];
        let product = |y1: &Vec<u32>| {
            let mut acc = 0u32;
            chase::run::<C>(self.line, fp, layout, None, &zero, y1, |k, row| {
                layout.load(board, k, &mut b);
                acc = fp.add(acc, chase::dot(fp, row, &b));
            });
            acc
        };
        first_obstruction(self.lights(), self.kernel_first_rows(), product, |y1, y| {
            chase::run::<C>(self.line, fp, layout, None, &zero, y1, |k, row| layout.store(y, k, row));
            Ok(())
        })
    }

    /// A basis of the quiet patterns (presses that change nothing), `nullity()` vectors, each
    /// the chase of a kernel polynomial `(chi / d) x^i`.
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        self.quiet_patterns(self.nullity())
    }

    /// The first `count` vectors of [`Self::null_basis`] (all of them if `count` is at least
    /// the nullity), built alone: a few patterns of a huge grid need a few board-sized vectors,
    /// where the whole basis may not fit in memory.
    ///
    /// ```
    /// use lightsout_core::{structured::GridSolver, Modulus};
    /// let g = GridSolver::new(4096, 4096, true, Modulus::TWO).unwrap();
    /// assert!(g.null_basis().is_err()); // 16 million lights times the nullity
    /// assert_eq!(g.quiet_patterns(1).unwrap().len(), 1);
    /// ```
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        let count = count.min(self.nullity());
        check_dense("the null basis of a grid", count, self.lights())?;
        let zero = vec![0u32; self.line.n];
        let layout = self.layout;
        stored_patterns(self.lights(), self.kernel_first_rows().into_iter().take(count), |y1, y| {
            chase::run::<u32>(self.line, self.fp, layout, None, &zero, y1, |k, row| layout.store(y, k, row));
            Ok(())
        })
    }

    /// The board after pressing: `b + M s`.
    pub fn apply(&self, board: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check_board("board", board)?;
        self.check_board("presses", presses)?;
        Ok(apply_grid(self.fp, self.layout.rows, self.layout.cols, self.self_toggle, board, presses))
    }
}

factored_system!(square field GridSolver {
    fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        GridSolver::random_solvable(self, seed)
    }
});

/// The first of the `candidates` quiet patterns whose product with an unsolvable board is
/// non-zero, as an [`Error::Unsolvable`]: `product(c)` is that product, computed without
/// storing the pattern, and `store(c, y)` writes the pattern into the zeroed board-sized `y`
/// (only for the one returned). The body shared by the grid and wrapped solvers.
pub(crate) fn first_obstruction<Q>(
    lights: usize,
    candidates: impl IntoIterator<Item = Q>,
    mut product: impl FnMut(&Q) -> u32,
    store: impl FnOnce(&Q, &mut [u32]) -> Result<()>,
) -> Result<Error> {
    let Some((index, pattern)) = candidates.into_iter().enumerate().find(|(_, c)| product(c) != 0) else {
        return Err(internal("no quiet pattern detects an unsolvable board"));
    };
    let mut y: Vec<u32> = crate::buffer::zeroed("the obstruction", lights)?;
    store(&pattern, &mut y)?;
    Ok(Error::Unsolvable { obstruction_index: index, obstruction: y })
}

/// Quiet patterns as board-sized vectors, one per candidate: `store(c, y)` writes candidate
/// `c`'s pattern into the zeroed `y`. The body shared by the grid and wrapped solvers'
/// `quiet_patterns`.
pub(crate) fn stored_patterns<Q>(
    lights: usize,
    candidates: impl Iterator<Item = Q>,
    mut store: impl FnMut(&Q, &mut [u32]) -> Result<()>,
) -> Result<Vec<Vec<u32>>> {
    candidates
        .map(|c| {
            let mut y: Vec<u32> = crate::buffer::zeroed("a quiet pattern", lights)?;
            store(&c, &mut y)?;
            Ok(y)
        })
        .collect()
}

pub(crate) fn internal(what: &str) -> Error {
    Error::InvalidArgument(format!("internal error in the structured solver: {what}; please report this board"))
}

/// `b + M s` on an `rows x cols` grid with cut-off edges.
pub(crate) fn apply_grid(fp: Fp, rows: usize, cols: usize, delta: bool, board: &[u32], s: &[u32]) -> Vec<u32> {
    let mut out = board.to_vec();
    for r in 0..rows {
        for c in 0..cols {
            let v = s[r * cols + c];
            if v == 0 {
                continue;
            }
            let mut hit = |i: usize| out[i] = fp.add(out[i], v);
            if delta {
                hit(r * cols + c);
            }
            if r > 0 {
                hit((r - 1) * cols + c);
            }
            if r + 1 < rows {
                hit((r + 1) * cols + c);
            }
            if c > 0 {
                hit(r * cols + c - 1);
            }
            if c + 1 < cols {
                hit(r * cols + c + 1);
            }
        }
    }
    out
}
