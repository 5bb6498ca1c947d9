//! [`RingGridSolver`]: grids, tori and cylinders over Z_k without the N x N matrix.

use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::{check_vector, random_presses, Modulus};
use crate::limits::check_lights;
use crate::ring::chase_zq::{press, Plan, Sums};
use crate::ring::crt::Factored;
use crate::ring::lifted::{internal, BoardLift, BoardOps};
use crate::ring::part::{BoardShape, Lifting, Part};
use crate::ring::part_engine::ByteBoard;
use crate::ring::planes::{check_planes, press_planes, zero_planes, PlaneOps};
use crate::structured::{PackedBoard, Wrap, MAX_UNPACKED_OBSTRUCTION};
use crate::system::factored_system;

/// Lights Out on a `rows x cols` board (edges of `wrap` joined; the plus rule with
/// `self_toggle`, else the neighbours rule) over Z_k for any `k >= 2`, never building M.
///
/// Each prime-power factor `p^e` of k gets its own engine: for a prime factor the structured
/// field solvers ([`crate::structured::GridSolver`], [`crate::structured::WrapSolver`]), so a
/// prime k answers exactly as they do; for `e >= 2`, light chasing over Z/p^e down to the
/// `n x n` (tori and some cylinders: `2n x 2n`) system A on the first press rows (n the shorter
/// side), which is factored mod p by the field engines and corrected on its kernel mod p by a
/// small Smith form (p-adic lifting, see the `lift` module). The answers recombine by the
/// Chinese remainder theorem as in [`crate::RingSolver`], and are the same up to the choice of
/// solution and of generators: the kernel size, the elementary divisors, solvability.
///
/// M is symmetric for these games, so the quiet patterns are also the obstructions: an
/// unsolvable board is proved so by a quiet pattern y with `y·b != 0`.
///
/// ```
/// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
/// let g = RingGridSolver::new(4, 4, Wrap::None, true, Modulus::ring(4).unwrap()).unwrap();
/// assert_eq!(g.kernel_size().to_u128(), Some(64)); // as the dense ring engine says
/// assert_eq!(g.null_orders().unwrap(), vec![2, 2, 4, 4]);
/// let board = g.random_solvable(3).unwrap();
/// let presses = g.solve(&board).unwrap();
/// assert!(g.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// ```
#[derive(Clone, Debug)]
pub struct RingGridSolver {
    shape: BoardShape,
    modulus: Modulus,
    /// The chase over Z_k itself, for pressing.
    plan: Plan,
    factored: Factored,
}

impl RingGridSolver {
    /// Factor the board over Z_k; an error when a side is zero or the board too large.
    pub fn new(rows: usize, cols: usize, wrap: Wrap, self_toggle: bool, modulus: Modulus) -> Result<Self> {
        Self::with_lifting(rows, cols, wrap, self_toggle, modulus, Lifting::Auto)
    }

    /// [`RingGridSolver::new`] with a chosen engine for the prime powers `p^e`, `e >= 2` (to
    /// test the engines against each other; [`Lifting::Auto`] picks the better one).
    pub fn with_lifting(
        rows: usize,
        cols: usize,
        wrap: Wrap,
        self_toggle: bool,
        modulus: Modulus,
        lifting: Lifting,
    ) -> Result<Self> {
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidArgument(format!(
                "a board needs at least one row and one column, not {rows}x{cols}"
            )));
        }
        check_lights("a board", rows as u128 * cols as u128)?;
        let shape = BoardShape { rows, cols, wrap, self_toggle };
        let k = modulus.get();
        let lights = rows * cols;
        let factored = Factored::new(modulus, lights, lights, |(p, e)| Part::board(shape, p, e, k, lifting))?;
        crate::interrupt::check()?;
        Ok(RingGridSolver { shape, modulus, plan: Plan::new(rows, cols, wrap, self_toggle, k), factored })
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.shape.rows
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.shape.cols
    }
    /// Which edges are joined.
    pub fn wrap(&self) -> Wrap {
        self.shape.wrap
    }
    /// Number of lights (and buttons).
    pub fn lights(&self) -> usize {
        self.shape.rows * self.shape.cols
    }
    /// The modulus k.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }

    /// The engine of each prime-power factor, as `(p^e, description)`.
    pub fn engines(&self) -> Vec<(u32, &'static str)> {
        self.factored.parts.iter().map(|pt| (pt.q, pt.engine_name())).collect()
    }

    /// The side of the largest system left after chasing (over all factors); for lifting on
    /// the board, the side of its correction system (the nullity mod p).
    pub fn reduced_size(&self) -> usize {
        self.factored.parts.iter().map(|pt| pt.engine.reduced_size().unwrap_or(self.plan.unknowns())).max().unwrap_or(0)
    }

    fn check(&self, what: &'static str, v: &[u32]) -> Result<()> {
        check_vector(what, v, self.lights(), self.modulus)
    }

    /// Whether `b + M s = 0 (mod k)` has a solution.
    pub fn is_solvable(&self, board: &[u32]) -> Result<bool> {
        self.check("board", board)?;
        self.factored.is_solvable(board)
    }
    /// One solution, or [`Error::Unsolvable`] with a quiet pattern y (`y M = 0`, `y·b != 0`),
    /// whose index counts through [`RingGridSolver::null_basis`].
    pub fn solve(&self, board: &[u32]) -> Result<Vec<u32>> {
        self.check("board", board)?;
        self.factored.solve(board)
    }

    /// Generators of the quiet patterns over Z_k and their additive orders (the kernel is the
    /// direct sum of their cyclic groups).
    pub fn null_basis_with_orders(&self) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        self.factored.null_basis(None)
    }
    /// Generators of the quiet patterns; see [`RingGridSolver::null_orders`].
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        Ok(self.null_basis_with_orders()?.0)
    }
    /// The additive order of each generator (only the orders are computed, no pattern is built).
    pub fn null_orders(&self) -> Result<Vec<u32>> {
        let mut orders = Vec::new();
        for pt in &self.factored.parts {
            let tail = pt.nonunit_valuations(self.lights());
            orders.extend(tail.iter().map(|&v| pt.p.pow(v)));
        }
        Ok(orders)
    }
    /// The first `count` generators of [`RingGridSolver::null_basis`], built alone (a few
    /// patterns of a board too large for the whole basis).
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        Ok(self.factored.null_basis(Some(count))?.0)
    }
    /// The board after pressing: `b + M s (mod k)`.
    pub fn apply(&self, board: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        self.check("board", board)?;
        self.check("presses", presses)?;
        self.plan.apply(Some(board), presses)
    }
    /// `b + M s (mod k)` on a board of this shape, without factoring anything.
    ///
    /// ```
    /// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
    /// let z6 = Modulus::ring(6).unwrap();
    /// let lit = RingGridSolver::press(1, 3, Wrap::None, true, z6, &[0, 0, 5], &[0, 0, 1]).unwrap();
    /// assert_eq!(lit, vec![0, 1, 0]);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn press(
        rows: usize,
        cols: usize,
        wrap: Wrap,
        self_toggle: bool,
        modulus: Modulus,
        board: &[u32],
        presses: &[u32],
    ) -> Result<Vec<u32>> {
        let lights = rows as u128 * cols as u128;
        check_lights("a board", lights)?;
        check_vector("board", board, lights as usize, modulus)?;
        check_vector("presses", presses, lights as usize, modulus)?;
        Plan::new(rows, cols, wrap, self_toggle, modulus.get()).apply(Some(board), presses)
    }

    /// [`RingGridSolver::press`] on boards of one byte a light (k <= 256): `b + M s (mod k)`
    /// from the bytes themselves, row by row, without a `u32` a light.
    ///
    /// ```
    /// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
    /// let z6 = Modulus::ring(6).unwrap();
    /// let lit = RingGridSolver::press_bytes(1, 3, Wrap::None, true, z6, &[0, 0, 5], &[0, 0, 1]).unwrap();
    /// assert_eq!(lit, vec![0, 1, 0]);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn press_bytes(
        rows: usize,
        cols: usize,
        wrap: Wrap,
        self_toggle: bool,
        modulus: Modulus,
        board: &[u8],
        presses: &[u8],
    ) -> Result<Vec<u8>> {
        let (k, n) = Self::byte_board(rows, cols, modulus)?;
        check_vector("board", board, n, modulus)?;
        check_vector("presses", presses, n, modulus)?;
        Self::press_bytes_on(rows, cols, wrap, self_toggle, k, Some(board), presses)
    }

    /// `M s (mod k)` on bytes (k <= 256): [`RingGridSolver::press_bytes`] on a dark board,
    /// none allocated (a random solvable board is M times random presses).
    ///
    /// ```
    /// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
    /// let z6 = Modulus::ring(6).unwrap();
    /// let lit = RingGridSolver::press_dark_bytes(1, 3, Wrap::None, true, z6, &[0, 0, 5]).unwrap();
    /// assert_eq!(lit, vec![0, 5, 5]);
    /// ```
    pub fn press_dark_bytes(
        rows: usize,
        cols: usize,
        wrap: Wrap,
        self_toggle: bool,
        modulus: Modulus,
        presses: &[u8],
    ) -> Result<Vec<u8>> {
        let (k, n) = Self::byte_board(rows, cols, modulus)?;
        check_vector("presses", presses, n, modulus)?;
        Self::press_bytes_on(rows, cols, wrap, self_toggle, k, None, presses)
    }

    /// The modulus (at most 256) and the lights of a board of bytes.
    fn byte_board(rows: usize, cols: usize, modulus: Modulus) -> Result<(u32, usize)> {
        let k = modulus.get();
        if k > 256 {
            return Err(Error::InvalidArgument(format!("byte boards need a modulus k <= 256, not {k}")));
        }
        let lights = rows as u128 * cols as u128;
        check_lights("a board", lights)?;
        Ok((k, lights as usize))
    }

    /// The press of checked bytes (the board dark when `None`).
    fn press_bytes_on(
        rows: usize,
        cols: usize,
        wrap: Wrap,
        self_toggle: bool,
        k: u32,
        board: Option<&[u8]>,
        presses: &[u8],
    ) -> Result<Vec<u8>> {
        let mut out = crate::buffer::zeroed::<u8>("a board of bytes", rows * cols)?;
        let folded = wrap.folded(rows, cols, self_toggle);
        press(&Sums::<u8, u16>::new(k), rows, cols, folded, board, presses, &mut out)?;
        Ok(out)
    }

    /// A board drawn uniformly from the solvable boards (M times uniformly random presses).
    pub fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        let presses = random_presses(self.modulus, self.lights(), seed);
        self.plan.apply(None, &presses)
    }
}

super::crt::ring_answers!(RingGridSolver);

factored_system!(RingGridSolver {
    fn buttons(&self) -> usize {
        self.lights()
    }
    fn kernel_size(&self) -> SolutionCount {
        RingGridSolver::kernel_size(self)
    }
    fn quiet_generators(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        self.factored.null_basis(count)
    }
    fn solvable_boards(&self) -> SolutionCount {
        RingGridSolver::solvable_boards(self)
    }
    fn elementary_divisors(&self) -> Result<Vec<u32>> {
        Ok(RingGridSolver::elementary_divisors(self))
    }
    fn null_orders(&self) -> Result<Vec<u32>> {
        RingGridSolver::null_orders(self)
    }
    fn random_solvable(&self, seed: u64) -> Result<Vec<u32>> {
        RingGridSolver::random_solvable(self, seed)
    }
});

/// Boards as bit planes (a grid over Z_(2^e)) and as one byte a light (k <= 256).
impl RingGridSolver {
    /// The lifting on bit planes, when this solver has one: a grid with cut-off edges over
    /// `Z_(2^e)` whose kernel mod 2 is small (see [`Lifting`]).
    fn plane_lift(&self) -> Option<&BoardLift<PlaneOps>> {
        match self.factored.parts.as_slice() {
            [part] => (part.engine.as_ref() as &dyn std::any::Any).downcast_ref::<BoardLift<PlaneOps>>(),
            _ => None,
        }
    }

    /// The number of bit planes e of [`RingGridSolver::solve_planes`], when it applies: a grid
    /// with cut-off edges over `Z_(2^e)`, `e >= 2`, lifted on the board.
    pub fn bit_planes(&self) -> Option<u32> {
        self.plane_lift().map(|l| l.ops.e)
    }

    fn plane_lift_or_err(&self) -> Result<&BoardLift<PlaneOps>> {
        self.plane_lift().ok_or_else(|| {
            Error::InvalidArgument(format!(
                "bit-plane boards need a grid without wrapping over Z_(2^e), e >= 2, lifted on the board; \
                 this is a {:?} board over Z_{}",
                self.shape.wrap, self.modulus
            ))
        })
    }

    /// One solution of a board given as e bit planes (plane t holds bit t of every light), as
    /// planes: a 10^8-light board over Z_4 is 25 MB instead of 400 MB, each digit one packed
    /// GF(2) solve and pressing bitsliced. An unsolvable board gives [`Error::Unsolvable`] with
    /// its obstruction up to [`MAX_UNPACKED_OBSTRUCTION`] lights, else [`Error::TooLarge`].
    ///
    /// ```
    /// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
    /// let g = RingGridSolver::new(300, 200, Wrap::None, true, Modulus::ring(8).unwrap()).unwrap();
    /// assert_eq!(g.bit_planes(), Some(3));
    /// let board = g.random_solvable_planes(7).unwrap();
    /// let presses = g.solve_planes(&board).unwrap();
    /// let (b, s) = (g.planes_to_values(&board).unwrap(), g.planes_to_values(&presses).unwrap());
    /// assert!(g.apply(&b, &s).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn solve_planes(&self, planes: &[PackedBoard]) -> Result<Vec<PackedBoard>> {
        let l = self.plane_lift_or_err()?;
        check_planes(planes, self.rows(), self.cols(), l.ops.e)?;
        if let Some(s) = l.solve(planes)? {
            return Ok(s);
        }
        if self.lights() as u128 > MAX_UNPACKED_OBSTRUCTION {
            return Err(Error::TooLarge {
                what: "the unpacked obstruction of this unsolvable board",
                needed: self.lights() as u128,
                unit: "lights",
                limit: MAX_UNPACKED_OBSTRUCTION,
            });
        }
        let (index, y) = l.obstruction(planes)?;
        Err(Error::Unsolvable { obstruction_index: index, obstruction: l.ops.values(&y)? })
    }

    /// Whether a board given as bit planes is solvable.
    pub fn is_solvable_planes(&self, planes: &[PackedBoard]) -> Result<bool> {
        let l = self.plane_lift_or_err()?;
        check_planes(planes, self.rows(), self.cols(), l.ops.e)?;
        l.is_solvable(planes)
    }

    /// A solvable board as bit planes (M times random presses, reproducible from `seed`; not
    /// the board of [`RingGridSolver::random_solvable`]).
    pub fn random_solvable_planes(&self, seed: u64) -> Result<Vec<PackedBoard>> {
        let l = self.plane_lift_or_err()?;
        let (rows, cols) = (self.rows(), self.cols());
        let mut presses = zero_planes(rows, cols, l.ops.e)?;
        let mask = if cols % 64 == 0 { !0u64 } else { (1u64 << (cols % 64)) - 1 };
        let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
        for plane in presses.iter_mut() {
            for r in 0..rows {
                let row = plane.row_mut(r);
                let last = row.len() - 1;
                for (i, w) in row.iter_mut().enumerate() {
                    // splitmix64
                    state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                    let mut z = state;
                    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                    *w = (z ^ (z >> 31)) & if i == last { mask } else { !0 };
                }
            }
        }
        press_planes(&zero_planes(rows, cols, l.ops.e)?, &presses, self.shape.self_toggle)
    }

    /// Bit planes as the light vector (one `u32` a light).
    pub fn planes_to_values(&self, planes: &[PackedBoard]) -> Result<Vec<u32>> {
        let l = self.plane_lift_or_err()?;
        check_planes(planes, self.rows(), self.cols(), l.ops.e)?;
        l.ops.values(planes)
    }

    /// A light vector as bit planes (values checked against the modulus).
    pub fn planes_from_values(&self, lights: &[u32]) -> Result<Vec<PackedBoard>> {
        let l = self.plane_lift_or_err()?;
        self.check("board", lights)?;
        l.ops.load(lights)
    }

    /// [`RingGridSolver::solve`] for a board of one byte a light (k <= 256), the presses the
    /// same way: each factor reads the bytes itself (bit planes for `2^e` lifted on the board
    /// and for 2, bytes for an odd prime and for the chase down to the reduced system), and the
    /// answers recombine byte by byte; no light becomes a `u32` unless a factor has no byte path
    /// (tori and cylinders mod `p^e` lifted on the board).
    ///
    /// ```
    /// use lightsout_core::{ring::RingGridSolver, structured::Wrap, Modulus};
    /// let g = RingGridSolver::new(40, 30, Wrap::None, true, Modulus::ring(12).unwrap()).unwrap();
    /// let board: Vec<u8> = g.random_solvable(2).unwrap().iter().map(|&x| x as u8).collect();
    /// let presses = g.solve_bytes(&board).unwrap();
    /// let (b, s): (Vec<u32>, Vec<u32>) =
    ///     (board.iter().map(|&x| x as u32).collect(), presses.iter().map(|&x| x as u32).collect());
    /// assert!(g.apply(&b, &s).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn solve_bytes(&self, board: &[u8]) -> Result<Vec<u8>> {
        let k = self.modulus.get();
        if k > 256 {
            return Err(Error::InvalidArgument(format!(
                "byte boards need a modulus k <= 256, this solver has k = {k}"
            )));
        }
        let n = self.lights();
        if board.len() != n {
            return Err(Error::DimensionMismatch { what: "board bytes", expected: n, got: board.len() });
        }
        check_vector("board", board, n, self.modulus)?;
        let cols = self.cols();
        let single = self.factored.parts.len() == 1;
        let z = self.modulus.arith();
        let mut out = crate::buffer::zeroed::<u8>("a board of bytes", n)?;
        let mut add = |pt: &Part, r: usize, row: &[u8]| {
            let dst = &mut out[r * cols..(r + 1) * cols];
            if single {
                dst.copy_from_slice(row);
            } else {
                for (o, &v) in dst.iter_mut().zip(row) {
                    *o = z.reduce32(*o as u32 + v as u32 * pt.idem) as u8;
                }
            }
        };
        let byte_board = ByteBoard { bytes: board, k, cols };
        for pt in &self.factored.parts {
            crate::interrupt::check()?;
            // Each factor's engine solves on bytes, bit planes or values, as it can.
            if !pt.engine.solve_byte_rows(&byte_board, pt.q, &mut |r, row| add(pt, r, row))? {
                return Err(self.unsolvable(board));
            }
        }
        Ok(out)
    }

    /// The [`Error::Unsolvable`] of [`RingGridSolver::solve`] for a byte board found unsolvable.
    fn unsolvable(&self, board: &[u8]) -> Error {
        let values: Vec<u32> = board.iter().map(|&x| x as u32).collect();
        match self.solve(&values) {
            Err(e) => e,
            Ok(_) => internal("a factor found a board unsolvable that the solver solves"),
        }
    }
}
