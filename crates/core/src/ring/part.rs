//! One prime-power factor `q = p^e` of the modulus and the engine that answers for it: which
//! engine is chosen here, once, when the factor is built; after that the factor asks it through
//! [`PartEngine`] alone.

use crate::arith::Fp;
use crate::error::Result;
use crate::field::Modulus;
use crate::matrix::SparseMatrix;
use crate::ring::chase_zq::Plan;
use crate::ring::lift::LiftSolver;
use crate::ring::lifted::{BoardLift, FieldBoard, ValueOps};
use crate::ring::part_engine::{Chased, PartEngine};
use crate::ring::planes::PlaneOps;
use crate::ring::{idempotent, PowerSolver};
use crate::solver::{Engine, Solver};
use crate::structured::{GridSolver, Wrap, WrapSolver};

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
    /// The engine of this factor, asked through the one trait every such engine implements.
    pub engine: Box<dyn PartEngine>,
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
            let fq = Fp::new(q);
            let columns = matrix
                .columns()
                .iter()
                .map(|col| col.iter().map(|&(r, v)| (r as usize, fq.reduce(v as u64) as i64)).collect())
                .collect();
            reduced = SparseMatrix::from_columns(Modulus::ring(q as u64)?, matrix.rows(), columns)?;
            &reduced
        };
        let engine: Box<dyn PartEngine> =
            if e == 1 { Box::new(Solver::with_engine(m, engine)?) } else { Box::new(PowerSolver::new(m)?) };
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
        let engine: Box<dyn PartEngine> = if e == 1 {
            match field.expect("built for a prime") {
                FieldBoard::Grid(g) => Box::new(g),
                FieldBoard::Wrap(w) => Box::new(w),
            }
        } else if let Some(f) = field.filter(on_board) {
            match f {
                FieldBoard::Grid(grid) if p == 2 => Box::new(BoardLift::new(PlaneOps { grid, e })?),
                field => {
                    let plan = Plan::new(rows, cols, wrap, self_toggle, q);
                    Box::new(BoardLift::new(ValueOps { field, plan, p, e })?)
                }
            }
        } else {
            let plan = Plan::new(rows, cols, wrap, self_toggle, q);
            let lift = LiftSolver::new(plan.matrix()?)?;
            Box::new(Chased { plan, lift, e })
        };
        Ok(Part { p, e, q, idem: idempotent(k, q), engine })
    }

    /// The name of the engine, for people.
    pub fn engine_name(&self) -> &'static str {
        self.engine.name()
    }

    pub fn reduce(&self, v: &[u32]) -> Vec<u32> {
        let fq = Fp::new(self.q);
        v.iter().map(|&x| fq.reduce(x as u64)).collect()
    }

    /// `x · ε mod k`: the vector over Z/q lifted to Z_k, zero in the other factors.
    pub fn lift(&self, x: &[u32], k: u32) -> Vec<u32> {
        let fk = Fp::new(k);
        x.iter().map(|&v| fk.mul(v, self.idem)).collect()
    }

    pub fn is_solvable(&self, b: &[u32]) -> Result<bool> {
        self.engine.is_solvable(b)
    }

    pub fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
        self.engine.solve(b)
    }

    /// The first `count` kernel generators over Z/q (all when `None`) and their orders.
    pub fn null_basis(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        let count = count.unwrap_or(usize::MAX);
        let (mut gens, mut orders) = self.engine.quiet_generators(count)?;
        gens.truncate(count);
        orders.truncate(gens.len());
        Ok((gens, orders))
    }

    /// Generators y of the left kernel (`y M = 0`); for the structured boards (symmetric M)
    /// the quiet patterns themselves.
    pub fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        self.engine.obstructions()
    }

    /// The pseudoinverse over Z/q, for the dense engines (see [`PowerSolver::pseudoinverse`]).
    pub fn pseudoinverse(&self) -> Result<crate::Matrix> {
        self.engine.pseudoinverse()
    }

    /// How many vectors [`Part::obstructions`] has, without building them.
    pub fn obstruction_count(&self) -> usize {
        self.engine.obstruction_count()
    }

    /// log_p of the kernel size.
    pub fn kernel_exponent(&self) -> usize {
        self.engine.kernel_exponent()
    }

    /// log_p of the number of solvable boards.
    pub fn image_exponent(&self) -> usize {
        self.engine.image_exponent()
    }

    /// The valuations of the diagonal entries of the Smith form that are not units (e for a
    /// zero entry), ascending; the other `n - len` of the `n` entries are units.
    pub fn nonunit_valuations(&self, n: usize) -> Vec<u32> {
        let (mut v, units) = self.engine.smith_valuations(n);
        v.resize(n - units, self.e);
        v
    }
}
