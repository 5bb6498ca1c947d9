//! One prime-power factor `q = p^e` of the modulus and the engine that answers for it.

use crate::buffer;
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::matrix::SparseMatrix;
use crate::ring::chase_zq::Plan;
use crate::ring::lift::LiftSolver;
use crate::ring::lifted::{BoardLift, BoardOps, FieldBoard, ValueOps};
use crate::ring::planes::PlaneOps;
use crate::ring::{idempotent, PowerSolver};
use crate::solver::{Engine, Solver};
use crate::structured::{GridSolver, Wrap, WrapSolver};

/// The engine for one factor: for a matrix, the field engine for a prime q and the Smith-form
/// engine for `p^e` with e >= 2; for a grid, torus or cylinder, the structured field solvers
/// for a prime q and light chasing with p-adic lifting for `p^e`.
#[derive(Clone, Debug)]
pub(crate) enum PartEngine {
    Field(Solver),
    Power(PowerSolver),
    Grid(GridSolver),
    Wrap(WrapSolver),
    Chased { plan: Plan, lift: LiftSolver },
    Lifted(Box<Lifted>),
}

/// p-adic lifting on the whole board (the `lifted` module): bit planes for a grid mod `2^e`,
/// `u32` lights otherwise.
#[derive(Clone, Debug)]
pub(crate) enum Lifted {
    Planes(BoardLift<PlaneOps>),
    Values(BoardLift<ValueOps>),
}

macro_rules! lifted {
    ($l:expr_2021, $x:ident => $body:expr_2021) => {
        match $l {
            Lifted::Planes($x) => $body,
            Lifted::Values($x) => $body,
        }
    };
}

/// How a prime power `p^e` (`e >= 2`) of a grid, torus or cylinder is solved: chosen here, in
/// one place, by [`Lifting::Auto`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lifting {
    /// Lifting on the board when the kernel mod p is zero, or small enough that its 2d stored
    /// board vectors take less memory than the reduced system would (large boards with few
    /// quiet patterns); else the reduced system.
    #[default]
    Auto,
    /// p-adic lifting on the whole board: each digit one structured solve mod p, and a `d x d`
    /// correction on the kernel mod p (never builds the n x n system).
    Board,
    /// Chasing over Z/p^e to the n x n (or 2n x 2n) system, factored mod p and lifted.
    Reduced,
}

/// [`Lifting::Auto`] lifts on the board up to this many quiet patterns mod p (each costs
/// `e - 1` solves mod p and `2 e` products with M when the solver is built).
pub const BOARD_LIFT_MAX_NULLITY: usize = 64;

impl Lifted {
    fn is_solvable(&self, b: &[u32]) -> Result<bool> {
        lifted!(self, l => l.is_solvable(&l.ops.load(b)?))
    }
    fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
        lifted!(self, l => {
            let v = l.ops.load(b)?;
            match l.solve(&v)? {
                Some(s) => l.ops.values(&s),
                None => {
                    let (index, y) = l.obstruction(&v)?;
                    Err(Error::Unsolvable { obstruction_index: index, obstruction: l.ops.values(&y)? })
                }
            }
        })
    }
    fn null_basis(&self, count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        lifted!(self, l => {
            let (gens, orders) = l.null_basis(count)?;
            Ok((gens.iter().map(|g| l.ops.values(g)).collect::<Result<_>>()?, orders))
        })
    }
    pub(crate) fn nonunit_valuations(&self) -> Vec<u32> {
        lifted!(self, l => l.nonunit_valuations())
    }
    fn kernel_exponent(&self) -> usize {
        lifted!(self, l => l.kernel_exponent())
    }
    fn image_exponent(&self) -> usize {
        lifted!(self, l => l.image_exponent())
    }
}

/// A `rows x cols` board with the edges of `wrap` joined and the plus rule (`self_toggle`) or
/// the neighbours rule: the games with a structured solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BoardShape {
    pub rows: usize,
    pub cols: usize,
    pub wrap: Wrap,
    pub self_toggle: bool,
}

/// The system `M s = -b` reduced mod `q = p^e`, with the idempotent that lifts answers to Z_k.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub p: u32,
    pub e: u32,
    pub q: u32,
    /// `≡ 1 (mod q)`, `≡ 0 (mod k/q)`.
    pub idem: u32,
    pub engine: PartEngine,
}

impl Part {
    /// The factor `p^e` of the modulus of `matrix` (which is reduced mod q unless q = k).
    pub fn new(matrix: &SparseMatrix, p: u32, e: u32, engine: Engine) -> Result<Part> {
        let k = matrix.modulus().get();
        let q = p.pow(e);
        let reduced;
        let m = if q == k {
            matrix
        } else {
            let columns = matrix
                .columns()
                .iter()
                .map(|col| col.iter().map(|&(r, v)| (r as usize, (v % q) as i64)).collect())
                .collect();
            reduced = SparseMatrix::from_columns(Modulus::ring(q as u64)?, matrix.rows(), columns)?;
            &reduced
        };
        let engine = if e == 1 {
            PartEngine::Field(Solver::with_engine(m, engine)?)
        } else {
            PartEngine::Power(PowerSolver::new(m)?)
        };
        Ok(Part { p, e, q, idem: idempotent(k, q), engine })
    }

    /// The factor `p^e` of `k` for a structured board.
    pub fn board(shape: BoardShape, p: u32, e: u32, k: u32, lifting: Lifting) -> Result<Part> {
        let q = p.pow(e);
        let BoardShape { rows, cols, wrap, self_toggle } = shape;
        let field = || -> Result<FieldBoard> {
            let modulus = Modulus::new(p as u64)?;
            Ok(match wrap {
                Wrap::None => FieldBoard::Grid(GridSolver::new(rows, cols, self_toggle, modulus)?),
                _ => FieldBoard::Wrap(WrapSolver::new(rows, cols, wrap, self_toggle, modulus)?),
            })
        };
        let field = if e == 1 || lifting != Lifting::Reduced { Some(field()?) } else { None };
        let on_board = |f: &FieldBoard| {
            let d = f.nullity() as u128;
            // K and G: 2d board vectors, e bits a light on planes, else a u32; A: u32 entries.
            let light_bits = if p == 2 && wrap == Wrap::None { e as u128 } else { 32 };
            let board_bits = 2 * d * (rows * cols) as u128 * light_bits;
            let unknowns = Plan::new(rows, cols, wrap, self_toggle, q).unknowns() as u128;
            lifting == Lifting::Board
                || d == 0
                || (lifting == Lifting::Auto
                    && d <= BOARD_LIFT_MAX_NULLITY as u128
                    && board_bits < 32 * unknowns * unknowns)
        };
        let engine = if e == 1 {
            match field.expect("built for a prime") {
                FieldBoard::Grid(g) => PartEngine::Grid(g),
                FieldBoard::Wrap(w) => PartEngine::Wrap(w),
            }
        } else if let Some(f) = field.filter(on_board) {
            PartEngine::Lifted(Box::new(match f {
                FieldBoard::Grid(grid) if p == 2 => Lifted::Planes(BoardLift::new(PlaneOps { grid, e })?),
                field => {
                    let plan = Plan::new(rows, cols, wrap, self_toggle, q);
                    Lifted::Values(BoardLift::new(ValueOps { field, plan, p, e })?)
                }
            }))
        } else {
            let plan = Plan::new(rows, cols, wrap, self_toggle, q);
            let lift = LiftSolver::new(plan.matrix()?)?;
            PartEngine::Chased { plan, lift }
        };
        Ok(Part { p, e, q, idem: idempotent(k, q), engine })
    }

    /// The name of the engine, for people.
    pub fn engine_name(&self) -> &'static str {
        match &self.engine {
            PartEngine::Field(_) => "field elimination",
            PartEngine::Power(_) => "Smith form",
            PartEngine::Grid(_) => "light chasing and a polynomial gcd",
            PartEngine::Wrap(_) => "light chasing to a 2n x 2n system",
            PartEngine::Chased { .. } => "light chasing and p-adic lifting",
            PartEngine::Lifted(_) => "p-adic lifting on the board, each digit a structured solve mod p",
        }
    }

    pub fn reduce(&self, v: &[u32]) -> Vec<u32> {
        v.iter().map(|&x| x % self.q).collect()
    }

    /// `x · ε mod k`: the vector over Z/q lifted to Z_k, zero in the other factors.
    pub fn lift(&self, x: &[u32], k: u32) -> Vec<u32> {
        x.iter().map(|&v| ((v as u64 * self.idem as u64) % k as u64) as u32).collect()
    }

    pub fn is_solvable(&self, b: &[u32]) -> Result<bool> {
        match &self.engine {
            PartEngine::Field(s) => s.is_solvable(b),
            PartEngine::Power(s) => s.is_solvable(b),
            PartEngine::Grid(s) => s.is_solvable(b),
            PartEngine::Wrap(s) => s.is_solvable(b),
            PartEngine::Chased { plan, lift } => Ok(lift.solve(&plan.rhs(b)?)?.is_some()),
            PartEngine::Lifted(l) => l.is_solvable(b),
        }
    }

    pub fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
        match &self.engine {
            PartEngine::Field(s) => s.solve(b),
            PartEngine::Power(s) => s.solve(b),
            PartEngine::Grid(s) => s.solve(b),
            PartEngine::Wrap(s) => s.solve(b),
            PartEngine::Chased { plan, lift } => {
                let Some(u) = lift.solve(&plan.rhs(b)?)? else { return Err(chased_obstruction(plan, lift, b)?) };
                let mut out = buffer::zeroed::<u32>("a board-sized vector", plan.lights())?;
                plan.expand(Some(b), &u, &mut out)?;
                Ok(out)
            }
            PartEngine::Lifted(l) => l.solve(b),
        }
    }

    /// The first `count` kernel generators over Z/q (all when `None`) and their orders.
    pub fn null_basis(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        let count = count.unwrap_or(usize::MAX);
        let field = |basis: Vec<Vec<u32>>| {
            let orders = vec![self.q; basis.len()];
            (basis, orders)
        };
        let (mut gens, mut orders) = match &self.engine {
            PartEngine::Field(s) => field(s.null_basis()),
            PartEngine::Power(s) => s.null_basis(),
            PartEngine::Grid(s) => field(s.quiet_patterns(count)?),
            PartEngine::Wrap(s) => field(s.quiet_patterns(count)?),
            PartEngine::Chased { plan, lift } => {
                let (us, orders) = lift.null_basis();
                let take = count.min(us.len());
                crate::limits::check_dense("the quiet patterns of a chased board", take, plan.lights())?;
                let gens = us[..take]
                    .iter()
                    .map(|u| {
                        let mut y = buffer::zeroed::<u32>("a board-sized vector", plan.lights())?;
                        plan.expand(None, u, &mut y)?;
                        Ok(y)
                    })
                    .collect::<Result<_>>()?;
                (gens, orders)
            }
            PartEngine::Lifted(l) => l.null_basis(count)?,
        };
        gens.truncate(count);
        orders.truncate(gens.len());
        Ok((gens, orders))
    }

    /// Generators y of the left kernel (`y M = 0`); for the structured boards (symmetric M)
    /// the quiet patterns themselves.
    pub fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        match &self.engine {
            PartEngine::Field(s) => Ok(s.obstructions()),
            PartEngine::Power(s) => Ok(s.obstructions()),
            _ => Ok(self.null_basis(None)?.0),
        }
    }

    /// The pseudoinverse over Z/q, for the dense engines (see [`PowerSolver::pseudoinverse`]).
    pub fn pseudoinverse(&self) -> Result<crate::Matrix> {
        match &self.engine {
            PartEngine::Field(s) => s.pseudoinverse(),
            PartEngine::Power(s) => s.pseudoinverse(),
            _ => Err(Error::InvalidArgument(
                "a pseudoinverse of a structured board would be N x N: solve boards one at a time".into(),
            )),
        }
    }

    /// How many vectors [`Part::obstructions`] has, without building them.
    pub fn obstruction_count(&self) -> usize {
        match &self.engine {
            PartEngine::Field(s) => s.lights() - s.rank(),
            PartEngine::Power(s) => s.obstructions().len(),
            PartEngine::Grid(s) => s.nullity(),
            PartEngine::Wrap(s) => s.nullity(),
            PartEngine::Chased { lift, .. } => lift.nonunit_valuations().len(),
            PartEngine::Lifted(l) => l.nonunit_valuations().len(),
        }
    }

    /// log_p of the kernel size.
    pub fn kernel_exponent(&self) -> usize {
        match &self.engine {
            PartEngine::Field(s) => s.nullity(),
            PartEngine::Power(s) => s.kernel_exponent(),
            PartEngine::Grid(s) => s.nullity(),
            PartEngine::Wrap(s) => s.nullity(),
            PartEngine::Chased { lift, .. } => lift.kernel_exponent(),
            PartEngine::Lifted(l) => l.kernel_exponent(),
        }
    }

    /// log_p of the number of solvable boards.
    pub fn image_exponent(&self) -> usize {
        match &self.engine {
            PartEngine::Field(s) => s.rank(),
            PartEngine::Power(s) => s.image_exponent(),
            PartEngine::Grid(s) => s.rank(),
            PartEngine::Wrap(s) => s.rank(),
            PartEngine::Chased { plan, lift } => self.e as usize * (plan.lights() - lift.n()) + lift.image_exponent(),
            PartEngine::Lifted(l) => l.image_exponent(),
        }
    }

    /// The valuations of the diagonal entries of the Smith form that are not units (e for a
    /// zero entry), ascending; the other `n - len` of the `n` entries are units.
    pub fn nonunit_valuations(&self, n: usize) -> Vec<u32> {
        let (mut v, units) = match &self.engine {
            PartEngine::Field(s) => (Vec::new(), s.rank()),
            PartEngine::Power(s) => {
                let v: Vec<u32> = s.valuations().iter().copied().filter(|&v| v > 0).collect();
                let units = s.valuations().len() - v.len();
                (v, units)
            }
            PartEngine::Grid(s) => (Vec::new(), s.rank()),
            PartEngine::Wrap(s) => (Vec::new(), s.rank()),
            PartEngine::Chased { lift, .. } => {
                let v = lift.nonunit_valuations();
                let units = n - v.len();
                (v, units)
            }
            PartEngine::Lifted(l) => {
                let v = l.nonunit_valuations();
                let units = n - v.len();
                (v, units)
            }
        };
        v.resize(n - units, self.e);
        v
    }
}

/// The first quiet pattern y of a chased board with `y·b != 0` (M is symmetric, so y is a left
/// null vector that proves b unsolvable), chased one at a time and stored only when found.
fn chased_obstruction(plan: &Plan, lift: &LiftSolver, b: &[u32]) -> Result<Error> {
    for (index, u) in lift.null_basis().0.iter().enumerate() {
        if plan.chased_dot(u, b)? != 0 {
            let mut y = buffer::zeroed::<u32>("a board-sized vector", plan.lights())?;
            plan.expand(None, u, &mut y)?;
            return Ok(Error::Unsolvable { obstruction_index: index, obstruction: y });
        }
    }
    Err(Error::InvalidArgument("internal error: no quiet pattern detects an unsolvable board".into()))
}
