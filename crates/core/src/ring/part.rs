//! One prime-power factor `q = p^e` of the modulus and the engine that answers for it.

use crate::error::Result;
use crate::field::Modulus;
use crate::matrix::SparseMatrix;
use crate::ring::{idempotent, PowerSolver};
use crate::solver::{Engine, Solver};

/// The field engine for a prime q, the Smith-form engine for `p^e` with e >= 2.
#[derive(Clone, Debug)]
pub(crate) enum PartEngine {
    Field(Solver),
    Power(PowerSolver),
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
        }
    }

    pub fn solve(&self, b: &[u32]) -> Result<Vec<u32>> {
        match &self.engine {
            PartEngine::Field(s) => s.solve(b),
            PartEngine::Power(s) => s.solve(b),
        }
    }

    /// Kernel generators over Z/q and their orders.
    pub fn null_basis(&self) -> (Vec<Vec<u32>>, Vec<u32>) {
        match &self.engine {
            PartEngine::Field(s) => {
                let basis = s.null_basis();
                let orders = vec![self.q; basis.len()];
                (basis, orders)
            }
            PartEngine::Power(s) => s.null_basis(),
        }
    }

    pub fn obstructions(&self) -> Vec<Vec<u32>> {
        match &self.engine {
            PartEngine::Field(s) => s.obstructions(),
            PartEngine::Power(s) => s.obstructions(),
        }
    }

    /// log_p of the kernel size.
    pub fn kernel_exponent(&self) -> usize {
        match &self.engine {
            PartEngine::Field(s) => s.nullity(),
            PartEngine::Power(s) => s.kernel_exponent(),
        }
    }

    /// log_p of the number of solvable boards.
    pub fn image_exponent(&self) -> usize {
        match &self.engine {
            PartEngine::Field(s) => s.rank(),
            PartEngine::Power(s) => s.image_exponent(),
        }
    }

    /// The valuations of the `n` diagonal entries of the Smith form (e for a zero entry),
    /// ascending.
    pub fn valuations(&self, n: usize) -> Vec<u32> {
        let mut v = match &self.engine {
            PartEngine::Field(s) => vec![0; s.rank()],
            PartEngine::Power(s) => s.valuations().to_vec(),
        };
        v.resize(n, self.e);
        v
    }
}
