//! The answers of the prime-power factors recombined over Z_k by the Chinese remainder theorem:
//! the one place that does it, for [`crate::RingSolver`] (a press matrix) and
//! [`crate::ring::RingGridSolver`] (a grid, torus or cylinder).

use crate::count::SolutionCount;
use crate::error::{Error, Result};
use crate::field::Modulus;
use crate::matrix::Matrix;
use crate::ring::part::Part;
use crate::ring::row_arith;

/// One [`Part`] per prime-power factor of k, ascending primes.
#[derive(Clone, Debug)]
pub(crate) struct Factored {
    modulus: Modulus,
    /// `min(lights, buttons)`: the length of the Smith diagonal.
    diagonal: usize,
    buttons: usize,
    pub parts: Vec<Part>,
}

impl Factored {
    /// The parts made by `part(p, e)` for every factor `p^e` of the modulus.
    pub fn new(
        modulus: Modulus,
        lights: usize,
        buttons: usize,
        part: impl FnMut((u32, u32)) -> Result<Part>,
    ) -> Result<Self> {
        let parts = modulus.factors().into_iter().map(part).collect::<Result<_>>()?;
        Ok(Factored { modulus, diagonal: lights.min(buttons), buttons, parts })
    }

    pub fn kernel_size(&self) -> SolutionCount {
        let powers: Vec<(u32, usize)> = self.parts.iter().map(|pt| (pt.p, pt.kernel_exponent())).collect();
        SolutionCount::from_prime_powers(self.modulus, &powers).expect("the primes of the modulus")
    }

    pub fn solvable_boards(&self) -> SolutionCount {
        let powers: Vec<(u32, usize)> = self.parts.iter().map(|pt| (pt.p, pt.image_exponent())).collect();
        SolutionCount::from_prime_powers(self.modulus, &powers).expect("the primes of the modulus")
    }

    /// The Smith diagonal over Z_k, index by index over each factor's ascending valuations
    /// (units first): `d_1 | d_2 | …`, k standing for zero.
    pub fn elementary_divisors(&self) -> Vec<u32> {
        let n = self.diagonal;
        let mut out = vec![1u32; n];
        for pt in &self.parts {
            let tail = pt.nonunit_valuations(n);
            for (d, &v) in out[n - tail.len()..].iter_mut().zip(&tail) {
                *d *= pt.p.pow(v);
            }
        }
        out
    }

    pub fn is_solvable(&self, lights: &[u32]) -> Result<bool> {
        for pt in &self.parts {
            if !pt.is_solvable(&self.reduced(pt, lights))? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The sum of the lifted solutions, or the first factor's obstruction lifted (its index
    /// counted through [`Factored::obstructions`]).
    pub fn solve(&self, lights: &[u32]) -> Result<Vec<u32>> {
        let k = self.modulus.get();
        if let [pt] = self.parts.as_slice() {
            // k = q: no reduction, no lifting (a 10^8-light board is 400 MB a copy).
            return pt.solve(lights);
        }
        let mut total = vec![0u32; self.buttons];
        let mut offset = 0;
        for pt in &self.parts {
            match pt.solve(&self.reduced(pt, lights)) {
                Ok(s) => row_arith::axpy(&mut total, pt.idem, &s, k),
                Err(Error::Unsolvable { obstruction_index, obstruction }) => {
                    return Err(Error::Unsolvable {
                        obstruction_index: offset + obstruction_index,
                        obstruction: pt.lift(&obstruction, k),
                    })
                }
                Err(e) => return Err(e),
            }
            offset += pt.obstruction_count();
        }
        Ok(total)
    }

    /// The board mod q, borrowed when q = k.
    fn reduced<'a>(&self, pt: &Part, lights: &'a [u32]) -> std::borrow::Cow<'a, [u32]> {
        if pt.q == self.modulus.get() {
            std::borrow::Cow::Borrowed(lights)
        } else {
            std::borrow::Cow::Owned(pt.reduce(lights))
        }
    }

    /// The first `count` kernel generators over Z_k (all when `None`), factor by factor, with
    /// their orders; the kernel is the direct sum of their cyclic groups.
    pub fn null_basis(&self, count: Option<usize>) -> Result<(Vec<Vec<u32>>, Vec<u32>)> {
        let k = self.modulus.get();
        let (mut gens, mut orders) = (Vec::new(), Vec::new());
        for pt in &self.parts {
            let left = count.map(|c| c - gens.len());
            if left == Some(0) {
                break;
            }
            let (g, o) = pt.null_basis(left)?;
            gens.extend(g.iter().map(|v| pt.lift(v, k)));
            orders.extend(o);
        }
        Ok((gens, orders))
    }

    /// `W = Σ ε_q W_q mod k` from each factor's pseudoinverse (buttons x lights): `W(-b)` is
    /// `W_q(-b)` mod every q, so it solves every solvable board.
    pub fn pseudoinverse(&self) -> Result<Matrix> {
        let k = self.modulus.get();
        let mut w: Option<Matrix> = None;
        for pt in &self.parts {
            let wq = pt.pseudoinverse()?;
            let total = match &mut w {
                Some(t) => t,
                None => w.insert(Matrix::zeros(self.modulus, wq.rows(), wq.cols())?),
            };
            row_arith::axpy(total.as_mut_slice(), pt.idem, wq.as_slice(), k);
        }
        w.ok_or_else(|| Error::InvalidArgument("a modulus without prime factors".into()))
    }

    /// Left kernel generators over Z_k, factor by factor.
    pub fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        let k = self.modulus.get();
        let mut out = Vec::new();
        for pt in &self.parts {
            out.extend(pt.obstructions()?.iter().map(|y| pt.lift(y, k)));
        }
        Ok(out)
    }
}

/// The inherent answers of an engine over Z_k that keeps its prime-power factors in a
/// `factored: Factored` field ([`crate::RingSolver`], [`crate::ring::RingGridSolver`]): rank
/// and nullity over a prime (from [`crate::FactoredSystem`]), then the kernel size, the
/// solvable boards and the Smith divisors of its factors.
macro_rules! ring_answers {
    ($engine:ty) => {
        impl $engine {
            /// The rank over Z_p; an error for composite k, where Z_k is not a field.
            pub fn rank(&self) -> $crate::error::Result<usize> {
                $crate::system::FactoredSystem::rank(self)
            }
            /// The nullity over Z_p; an error for composite k (see [`Self::kernel_size`]).
            pub fn nullity(&self) -> $crate::error::Result<usize> {
                $crate::system::FactoredSystem::nullity(self)
            }

            /// The number of quiet patterns (the kernel of M, zero included), which is also the
            /// number of solutions of every solvable board.
            pub fn kernel_size(&self) -> $crate::count::SolutionCount {
                self.factored.kernel_size()
            }
            /// The number of solvable boards (the image of M).
            pub fn solvable_boards(&self) -> $crate::count::SolutionCount {
                self.factored.solvable_boards()
            }

            /// The Smith normal form of M over Z_k: `min(lights, buttons)` divisors
            /// `d_1 | d_2 | …` of k, where `k` stands for a zero entry. Over a prime p: `rank`
            /// ones, then p's.
            pub fn elementary_divisors(&self) -> Vec<u32> {
                self.factored.elementary_divisors()
            }
        }
    };
}
pub(crate) use ring_answers;
