//! The structured solvers of the core for the games that have one: grids (cut-off edges),
//! tori and cylinders with the plus or neighbours rule. They never build the N x N system,
//! so they answer for boards far beyond the dense limit, and much faster for large ones.
//! Other large GF(2) games with a geometry (masks, cubes, other rules on grids) go to the
//! core's banded solver, which reorders the lights into a narrow band and eliminates there.

use crate::error::Result;
use crate::shape::{Rule, Shape};
use lightsout_core::banded::BandedSolver;
use lightsout_core::ring::RingGridSolver;
use lightsout_core::structured::{GridSolver, Wrap, WrapSolver};
use lightsout_core::{Modulus, SolutionCount, Solutions, SparseMatrix};

/// Games with at least this many lights are solved by the structured solvers when their shape
/// and rule allow it; smaller games use the dense [`lightsout_core::Solver`], whose answers
/// (the particular solution, the null basis) then match [`crate::Game::solver`] exactly.
pub const STRUCTURED_MIN_LIGHTS: usize = 4096;

/// Grids, tori and cylinders over a composite modulus with at least this many lights are chased
/// over each prime-power factor ([`lightsout_core::ring::RingGridSolver`]). The threshold is far
/// below [`STRUCTURED_MIN_LIGHTS`] because the dense Smith form over Z/p^e is much slower than
/// elimination over a field: about 0.1 s at 1024 lights but some 800 s at 4095, while chasing
/// takes milliseconds at either size.
pub const RING_CHASING_MIN_LIGHTS: usize = 1024;

#[derive(Clone, Debug)]
pub(crate) enum Structured {
    Grid(GridSolver),
    Wrap(WrapSolver),
    Banded(BandedSolver),
}

/// Dispatch one call to whichever structured solver this is.
macro_rules! both {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            Structured::Grid($s) => $body,
            Structured::Wrap($s) => $body,
            Structured::Banded($s) => $body,
        }
    };
}

impl Structured {
    /// Whether a game of this shape and rule has a structured solver.
    pub fn applies(shape: &Shape, rule: &Rule) -> bool {
        matches!(rule, Rule::Plus | Rule::Neighbours)
            && matches!(shape, Shape::Grid { .. } | Shape::Torus { .. } | Shape::Cylinder { .. })
    }

    /// Whether a game is for the banded solver instead: GF(2), and a geometry whose lights
    /// have nearby neighbours (so the band is about one side wide), without a structured
    /// solver. Graphs and explicit games stay with the dense solver: their band can be as wide
    /// as the game.
    pub fn banded_applies(shape: &Shape, rule: &Rule, modulus: Modulus) -> bool {
        modulus == Modulus::TWO
            && !Self::applies(shape, rule)
            && !matches!(shape, Shape::Graph { .. } | Shape::Explicit { .. })
    }

    /// The banded solver of the press matrix; only called when [`Structured::banded_applies`].
    pub fn banded(matrix: &SparseMatrix) -> Result<Structured> {
        Ok(Structured::Banded(BandedSolver::new(matrix)?))
    }

    /// Build it; only called when [`Structured::applies`].
    pub fn new(shape: &Shape, rule: &Rule, modulus: Modulus) -> Result<Structured> {
        let self_toggle = matches!(rule, Rule::Plus);
        Ok(match *shape {
            Shape::Torus { rows, cols } => {
                Structured::Wrap(WrapSolver::new(rows, cols, Wrap::Torus, self_toggle, modulus)?)
            }
            // Our cylinders join the left and right edges: every row is a cycle.
            Shape::Cylinder { rows, cols } => {
                Structured::Wrap(WrapSolver::new(rows, cols, Wrap::Horizontal, self_toggle, modulus)?)
            }
            Shape::Grid { rows, cols } => Structured::Grid(GridSolver::new(rows, cols, self_toggle, modulus)?),
            _ => {
                return Err(crate::Error::invalid(format!(
                    "no structured solver for a {} (grids, tori and cylinders with the plus or neighbours rule only)",
                    shape.describe()
                )))
            }
        })
    }

    /// The grid solver, when this is one (the compact boards of [`crate::BoardFormat`] use its
    /// packed GF(2) path).
    pub fn grid(&self) -> Option<&GridSolver> {
        match self {
            Structured::Grid(g) => Some(g),
            _ => None,
        }
    }

    /// The structured solver over Z_k for a composite modulus (one engine per prime-power
    /// factor); only called when [`Structured::applies`].
    pub fn ring(shape: &Shape, rule: &Rule, modulus: Modulus) -> Result<RingGridSolver> {
        let (rows, cols, wrap) = ring_frame(shape)?;
        Ok(RingGridSolver::new(rows, cols, wrap, matches!(rule, Rule::Plus), modulus)?)
    }

    /// `lights + M presses` over Z_k for such a game, without factoring anything.
    pub fn ring_press(
        shape: &Shape,
        rule: &Rule,
        modulus: Modulus,
        lights: &[u32],
        presses: &[u32],
    ) -> Result<Vec<u32>> {
        let (rows, cols, wrap) = ring_frame(shape)?;
        Ok(RingGridSolver::press(rows, cols, wrap, matches!(rule, Rule::Plus), modulus, lights, presses)?)
    }

    pub fn rank(&self) -> usize {
        both!(self, s => s.rank())
    }
    pub fn nullity(&self) -> usize {
        both!(self, s => s.nullity())
    }
    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        Ok(both!(self, s => s.is_solvable(lights))?)
    }
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        Ok(both!(self, s => s.solve(lights))?)
    }
    pub fn null_basis(&self) -> Result<Vec<Vec<u32>>> {
        Ok(both!(self, s => s.null_basis())?)
    }
    pub fn quiet_patterns(&self, count: usize) -> Result<Vec<Vec<u32>>> {
        Ok(both!(self, s => s.quiet_patterns(count))?)
    }
    pub fn solutions(&self, lights: &[u32]) -> Result<Solutions> {
        Ok(both!(self, s => s.solutions(lights))?)
    }
    pub fn count_solutions(&self, lights: &[u32]) -> Result<SolutionCount> {
        Ok(both!(self, s => s.count_solutions(lights))?)
    }
    pub fn apply(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        Ok(both!(self, s => s.apply(lights, presses))?)
    }
}

/// Rows, columns and joined edges of a grid, torus or cylinder (ours join left and right).
fn ring_frame(shape: &Shape) -> Result<(usize, usize, Wrap)> {
    Ok(match *shape {
        Shape::Torus { rows, cols } => (rows, cols, Wrap::Torus),
        Shape::Cylinder { rows, cols } => (rows, cols, Wrap::Horizontal),
        Shape::Grid { rows, cols } => (rows, cols, Wrap::None),
        _ => return Err(crate::Error::invalid(format!("no structured solver for a {}", shape.describe()))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{press_matrix, Layout};
    use lightsout_core::Solver;

    /// The structured solvers agree with the dense solver on the matrices this crate builds,
    /// including sides of 1 and 2 where wrap-around makes press sets smaller (sets, not sums),
    /// and the orientation of cylinders (left and right edges joined).
    #[test]
    fn structured_solvers_agree_with_the_dense_matrix() {
        for p in [2u64, 3, 5] {
            let modulus = Modulus::new(p).unwrap();
            for rows in 1..=6 {
                for cols in 1..=6 {
                    for shape in
                        [Shape::Grid { rows, cols }, Shape::Torus { rows, cols }, Shape::Cylinder { rows, cols }]
                    {
                        for rule in [Rule::Plus, Rule::Neighbours] {
                            let what = format!("{} {} p={p}", shape.describe(), rule.name());
                            let m = press_matrix(&shape, &rule, &Layout::new(&shape), modulus).unwrap();
                            let dense = Solver::new(&m).unwrap();
                            let fast = Structured::new(&shape, &rule, modulus).unwrap();
                            assert_eq!(fast.rank(), dense.rank(), "{what}");
                            let n = rows * cols;
                            for seed in 0..6u64 {
                                let board: Vec<u32> =
                                    (0..n as u64).map(|i| ((i * 7 + seed * 13 + i * i * seed) % p) as u32).collect();
                                let presses: Vec<u32> = board.iter().rev().copied().collect();
                                assert_eq!(
                                    fast.apply(&board, &presses).unwrap(),
                                    dense.apply(&board, &presses).unwrap(),
                                    "{what}"
                                );
                                let solvable = dense.is_solvable(&board).unwrap();
                                assert_eq!(fast.is_solvable(&board).unwrap(), solvable, "{what}");
                                match fast.solve(&board) {
                                    Ok(s) => assert!(dense.apply(&board, &s).unwrap().iter().all(|&x| x == 0)),
                                    Err(e) => assert!(!solvable && e.is_unsolvable(), "{what}: {e}"),
                                }
                            }
                            for v in fast.null_basis().unwrap() {
                                assert!(m.mul_vec(&v).unwrap().iter().all(|&x| x == 0), "{what}");
                            }
                        }
                    }
                }
            }
        }
    }
}
