//! [`PartEngine`]: what the engine of one prime-power factor `q = p^e` answers, written once
//! by each engine a factor can hold. A [`crate::ring::part::Part`] holds its engine through
//! this trait, so the factors of [`crate::RingSolver`] and [`crate::ring::RingGridSolver`] are
//! asked without a match on the kind of engine: a new engine for a factor implements it here
//! and is built in `part.rs`.
//!
//! The engines: over a prime, the field [`Solver`] of a matrix and the structured
//! [`GridSolver`] and [`WrapSolver`] of a board; over `p^e`, `e >= 2`, the Smith form
//! ([`PowerSolver`]) of a matrix, and for a board either light chasing to the reduced system
//! with p-adic lifting ([`Chased`]) or lifting on the whole board ([`BoardLift`], on bit planes
//! or on `u32` lights).

use crate::arith::Fp;
use crate::buffer;
use crate::error::{Error, Result};
use crate::matrix::Matrix;
use crate::ring::chase_zq::Plan;
use crate::ring::lift::LiftSolver;
use crate::ring::lifted::{BoardLift, BoardOps, ValueOps};
use crate::ring::planes::{planes_from_bytes, planes_to_bytes, PlaneOps};
use crate::ring::PowerSolver;
use crate::solver::Solver;
use crate::structured::{GridSolver, WrapSolver};
use crate::system::field_generators;
use std::any::Any;

/// The answers of one factor's engine over Z/q, on boards reduced mod q.
pub(crate) trait PartEngine: Any + Send + Sync + std::fmt::Debug + CloneEngine {
    /// The name of the engine, for people.
    fn name(&self) -> &'static str;
    fn is_solvable(&self, b: &[u32]) -> Result<bool>;
    /// One solution, or [`Error::Unsolvable`] with an obstruction over Z/q.
    fn solve(&self, b: &[u32]) -> Result<Vec<u32>>;
    /// The first `count` kernel generators over Z/q (or more: the part keeps `count`) and their
    /// additive orders.
    fn quiet_generators(&self, count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)>;
    /// log_p of the kernel size.
    fn kernel_exponent(&self) -> usize;
    /// log_p of the number of solvable boards.
    fn image_exponent(&self) -> usize;
    /// Of the `n` diagonal entries of the Smith form: the valuations of those that are neither
    /// units nor zero, ascending, and how many are units (the rest are zero).
    fn smith_valuations(&self, n: usize) -> (Vec<u32>, usize);
    /// How many vectors [`PartEngine::obstructions`] has, without building them.
    fn obstruction_count(&self) -> usize;
    /// Generators y of the left kernel (`y M = 0`); for the board engines (symmetric M) the
    /// quiet patterns themselves.
    fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        Ok(self.quiet_generators(usize::MAX)?.0)
    }
    /// The pseudoinverse over Z/q, which only the engines of a matrix hold.
    fn pseudoinverse(&self) -> Result<Matrix> {
        Err(Error::InvalidArgument(
            "a pseudoinverse of a structured board would be N x N: solve boards one at a time".into(),
        ))
    }
    /// The side of the system left after chasing, for the engines that reduce one.
    fn reduced_size(&self) -> Option<usize> {
        None
    }
    /// Solves a board of one byte a light mod q, handing each row of the solution (entries
    /// below q) to `row`; `Ok(false)` when the board is unsolvable mod q. By default through
    /// `u32` lights; the board engines solve on bytes or bit planes.
    fn solve_byte_rows(&self, board: &ByteBoard, q: u32, row: &mut dyn FnMut(usize, &[u8])) -> Result<bool> {
        let fq = Fp::new(q);
        let values: Vec<u32> = board.bytes.iter().map(|&x| fq.reduce(x as u64)).collect();
        let Some(s) = unless_unsolvable(self.solve(&values))? else { return Ok(false) };
        let bytes: Vec<u8> = s.iter().map(|&x| x as u8).collect();
        rows_to(&bytes, board.cols, row);
        Ok(true)
    }
}

/// A copy in a box, for every engine that is `Clone`: the parts are cloned with their solver.
pub(crate) trait CloneEngine {
    fn clone_box(&self) -> Box<dyn PartEngine>;
}

impl<E: PartEngine + Clone> CloneEngine for E {
    fn clone_box(&self) -> Box<dyn PartEngine> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn PartEngine> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// `r` with an unsolvable board as `None`: the byte solvers answer `Ok(false)` for it.
fn unless_unsolvable<T>(r: Result<T>) -> Result<Option<T>> {
    match r {
        Ok(s) => Ok(Some(s)),
        Err(Error::Unsolvable { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The Smith form's valuations (see [`PartEngine::smith_valuations`]) of an engine that knows
/// its non-unit ones: the rest of the `n` diagonal entries are units.
fn with_units(nonunits: Vec<u32>, n: usize) -> (Vec<u32>, usize) {
    let units = n - nonunits.len();
    (nonunits, units)
}

/// A board of one byte a light handed to [`PartEngine::solve_byte_rows`]: `cols` lights a
/// row, entries below the modulus k of the whole solver.
pub(crate) struct ByteBoard<'a> {
    pub bytes: &'a [u8],
    pub k: u32,
    pub cols: usize,
}

impl ByteBoard<'_> {
    fn rows(&self) -> usize {
        self.bytes.len() / self.cols
    }
    /// The board mod q (a copy only when q < k).
    fn mod_q(&self, q: u32) -> std::borrow::Cow<'_, [u8]> {
        if q == self.k {
            self.bytes.into()
        } else {
            let fq = Fp::new(q);
            self.bytes.iter().map(|&x| fq.reduce(x as u64) as u8).collect::<Vec<u8>>().into()
        }
    }
}

/// Hands the rows of a solution of `cols` entries a row to `row`.
fn rows_to(s: &[u8], cols: usize, row: &mut dyn FnMut(usize, &[u8])) {
    for (r, chunk) in s.chunks(cols).enumerate() {
        row(r, chunk);
    }
}

/// Implements [`PartEngine`] for an engine whose inherent `is_solvable` and `solve` have the
/// trait's meaning; the block holds the rest.
macro_rules! part_engine {
    ($engine:ty, $name:literal { $($rest:tt)* }) => {
        impl PartEngine for $engine {
            fn name(&self) -> &'static str {
                $name
            }
            fn is_solvable(&self, b: &[u32]) -> Result<bool> {
                <$engine>::is_solvable(self, b)
            }
            fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
                <$engine>::solve(self, b)
            }
            $($rest)*
        }
    };
}

/// [`part_engine!`] for an engine over a prime field, whose exponents are its rank and nullity
/// (every non-zero divisor of the Smith form is a unit).
macro_rules! field_part {
    ($engine:ty, $name:literal { $($rest:tt)* }) => {
        part_engine!($engine, $name {
            fn kernel_exponent(&self) -> usize {
                self.nullity()
            }
            fn image_exponent(&self) -> usize {
                self.rank()
            }
            fn smith_valuations(&self, _n: usize) -> (Vec<u32>, usize) {
                (Vec::new(), self.rank())
            }
            $($rest)*
        });
    };
}

field_part!(Solver, "field elimination" {
    fn quiet_generators(&self, count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        Ok(field_generators(self.modulus(), self.null_basis(), Some(count)))
    }
    fn obstruction_count(&self) -> usize {
        self.lights() - self.rank()
    }
    fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        Ok(Solver::obstructions(self))
    }
    fn pseudoinverse(&self) -> Result<Matrix> {
        Solver::pseudoinverse(self)
    }
});

part_engine!(PowerSolver, "Smith form" {
    fn quiet_generators(&self, _count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        Ok(self.null_basis())
    }
    fn kernel_exponent(&self) -> usize {
        PowerSolver::kernel_exponent(self)
    }
    fn image_exponent(&self) -> usize {
        PowerSolver::image_exponent(self)
    }
    fn smith_valuations(&self, _n: usize) -> (Vec<u32>, usize) {
        let v: Vec<u32> = self.valuations().iter().copied().filter(|&v| v > 0).collect();
        let units = self.valuations().len() - v.len();
        (v, units)
    }
    fn obstruction_count(&self) -> usize {
        PowerSolver::obstructions(self).len()
    }
    fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        Ok(PowerSolver::obstructions(self))
    }
    fn pseudoinverse(&self) -> Result<Matrix> {
        PowerSolver::pseudoinverse(self)
    }
});

/// [`field_part!`] for a structured engine of a board (square, symmetric M over Z_p, which
/// builds only the quiet patterns asked for).
macro_rules! structured_field_part {
    ($engine:ty, $name:literal { $($rest:tt)* }) => {
        field_part!($engine, $name {
            fn quiet_generators(&self, count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
                Ok(field_generators(self.modulus(), self.quiet_patterns(count)?, None))
            }
            fn obstruction_count(&self) -> usize {
                self.nullity()
            }
            $($rest)*
        });
    };
}

structured_field_part!(GridSolver, "light chasing and a polynomial gcd" {
    /// Mod 2 on one bit plane, else on the bytes themselves.
    fn solve_byte_rows(&self, board: &ByteBoard, q: u32, row: &mut dyn FnMut(usize, &[u8])) -> Result<bool> {
        if q == 2 {
            let plane = planes_from_bytes(board.rows(), board.cols, 1, board.bytes)?;
            let s = match self.solve_packed_gf2(&plane[0]) {
                Ok(s) => s,
                Err(Error::Unsolvable { .. } | Error::TooLarge { .. }) => return Ok(false),
                Err(e) => return Err(e),
            };
            drop(plane);
            planes_to_bytes(&[s], row);
            return Ok(true);
        }
        let Some(s) = unless_unsolvable(self.solve_bytes(&board.mod_q(q)))? else { return Ok(false) };
        rows_to(&s, board.cols, row);
        Ok(true)
    }
});

structured_field_part!(WrapSolver, "light chasing to a 2n x 2n system" {});

/// Light chasing over Z/p^e down to the reduced system on the first press rows, which p-adic
/// lifting solves (the `lift` module).
#[derive(Clone, Debug)]
pub(crate) struct Chased {
    pub plan: Plan,
    pub lift: LiftSolver,
    /// The exponent e of `q = p^e`.
    pub e: u32,
}

impl Chased {
    /// The first quiet pattern y with `y·b != 0` (M is symmetric, so y is a left null vector
    /// that proves b unsolvable), chased one at a time and stored only when found.
    fn obstruction(&self, b: &[u32]) -> Result<Error> {
        let plan = &self.plan;
        for (index, u) in self.lift.null_basis().0.iter().enumerate() {
            if plan.chased_dot(u, b)? != 0 {
                let mut y = buffer::zeroed::<u32>("a board-sized vector", plan.lights())?;
                plan.expand(None, u, &mut y)?;
                return Ok(Error::Unsolvable { obstruction_index: index, obstruction: y });
            }
        }
        Err(Error::InvalidArgument("internal error: no quiet pattern detects an unsolvable board".into()))
    }
}

impl PartEngine for Chased {
    fn name(&self) -> &'static str {
        "light chasing and p-adic lifting"
    }
    fn is_solvable(&self, b: &[u32]) -> Result<bool> {
        Ok(self.lift.solve(&self.plan.rhs(b)?)?.is_some())
    }
    fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
        let Some(u) = self.lift.solve(&self.plan.rhs(b)?)? else { return Err(self.obstruction(b)?) };
        let mut out = buffer::zeroed::<u32>("a board-sized vector", self.plan.lights())?;
        self.plan.expand(Some(b), &u, &mut out)?;
        Ok(out)
    }
    fn quiet_generators(&self, count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        let (us, orders) = self.lift.null_basis();
        let take = count.min(us.len());
        let lights = self.plan.lights();
        crate::limits::check_dense("the quiet patterns of a chased board", take, lights)?;
        let gens = us[..take]
            .iter()
            .map(|u| {
                let mut y = buffer::zeroed::<u32>("a board-sized vector", lights)?;
                self.plan.expand(None, u, &mut y)?;
                Ok(y)
            })
            .collect::<Result<_>>()?;
        Ok((gens, orders))
    }
    fn kernel_exponent(&self) -> usize {
        self.lift.kernel_exponent()
    }
    fn image_exponent(&self) -> usize {
        self.e as usize * (self.plan.lights() - self.lift.n()) + self.lift.image_exponent()
    }
    fn smith_valuations(&self, n: usize) -> (Vec<u32>, usize) {
        with_units(self.lift.nonunit_valuations(), n)
    }
    fn obstruction_count(&self) -> usize {
        self.lift.nonunit_valuations().len()
    }
    fn reduced_size(&self) -> Option<usize> {
        Some(self.lift.n())
    }
    /// Chased on the bytes themselves.
    fn solve_byte_rows(&self, board: &ByteBoard, q: u32, row: &mut dyn FnMut(usize, &[u8])) -> Result<bool> {
        let b = board.mod_q(q);
        let Some(u) = self.lift.solve(&self.plan.rhs(&b)?)? else { return Ok(false) };
        let mut s = buffer::zeroed::<u8>("a board of bytes", board.bytes.len())?;
        self.plan.expand(Some(&b), &u, &mut s)?;
        rows_to(&s, board.cols, row);
        Ok(true)
    }
}

/// The answers of p-adic lifting on the whole board over the board vectors of `$ops`, with any
/// override in the block.
macro_rules! board_lift_part {
    ($ops:ty { $($rest:tt)* }) => {
        impl PartEngine for BoardLift<$ops> {
            fn name(&self) -> &'static str {
                "p-adic lifting on the board, each digit a structured solve mod p"
            }
            fn is_solvable(&self, b: &[u32]) -> Result<bool> {
                BoardLift::is_solvable(self, &self.ops.load(b)?)
            }
            fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
                let v = self.ops.load(b)?;
                match BoardLift::solve(self, &v)? {
                    Some(s) => self.ops.values(&s),
                    None => {
                        let (index, y) = self.obstruction(&v)?;
                        Err(Error::Unsolvable { obstruction_index: index, obstruction: self.ops.values(&y)? })
                    }
                }
            }
            fn quiet_generators(&self, count: usize) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
                let (gens, orders) = BoardLift::null_basis(self, count)?;
                Ok((gens.iter().map(|g| self.ops.values(g)).collect::<Result<_>>()?, orders))
            }
            fn kernel_exponent(&self) -> usize {
                BoardLift::kernel_exponent(self)
            }
            fn image_exponent(&self) -> usize {
                BoardLift::image_exponent(self)
            }
            fn smith_valuations(&self, n: usize) -> (Vec<u32>, usize) {
                with_units(self.nonunit_valuations(), n)
            }
            fn obstruction_count(&self) -> usize {
                self.nonunit_valuations().len()
            }
            fn reduced_size(&self) -> Option<usize> {
                Some(self.nonunit_valuations().len())
            }
            $($rest)*
        }
    };
}

board_lift_part!(PlaneOps {
    /// On the e bit planes of the board (a grid mod `2^e`).
    fn solve_byte_rows(&self, board: &ByteBoard, _q: u32, row: &mut dyn FnMut(usize, &[u8])) -> Result<bool> {
        let planes = planes_from_bytes(board.rows(), board.cols, self.ops.e, board.bytes)?;
        let Some(s) = BoardLift::solve(self, &planes)? else { return Ok(false) };
        drop(planes);
        planes_to_bytes(&s, row);
        Ok(true)
    }
});

board_lift_part!(ValueOps {});
