//! Lights Out over the ring Z_k for every `k >= 2`, composite k included.
//!
//! # Design
//!
//! Z_k is a field only for a prime k. For composite k it has zero divisors (2 mod 4, 3 mod 6),
//! so Gaussian elimination that divides by any non-zero pivot gives wrong ranks and counts.
//! This module is the one place that knows how a modulus factors and how the answers of its
//! factors recombine:
//!
//! - **Factor.** `k = Π p_i^(e_i)` ([`factor`]); by the Chinese remainder theorem
//!   `Z_k ≅ Π Z/p_i^(e_i)`, so `M s = -b (mod k)` splits into one system per prime power
//!   `q = p^e`, with M and b reduced mod q.
//! - **Solve each prime power.** A prime `q = p` goes to the field [`crate::Solver`] with all its
//!   fast paths (packed GF(2), bitsliced GF(3), generic Z_p): for a prime k the answers of
//!   [`RingSolver`] are exactly those of [`crate::Solver`]. A true prime power `p^e` (e >= 2)
//!   goes to [`PowerSolver`], which brings M to Smith form `P M Q = D` over Z/p^e by pivoting on
//!   an entry of least p-adic valuation (every other entry of the remaining block is then a
//!   multiple of the pivot, so the elimination never divides by a zero divisor). D is diagonal
//!   with entries `p^(v_i)`, the elementary divisors; from it come solvability, one solution,
//!   the kernel as a direct sum of cyclic groups (generators with their additive orders), the
//!   exact kernel size `p^(Σ v_i + e·(buttons − r))`, and an obstruction `y` (`y M = 0`,
//!   `y·(-b) != 0`) for an unsolvable board.
//! - **Recombine.** A vector `x_q` over Z/q lifts to Z_k as `x_q · ε_q mod k`, with the CRT
//!   idempotent `ε_q ≡ 1 (mod q)`, `ε_q ≡ 0 (mod k/q)`. A solution is the sum of the lifted
//!   solutions; kernel generators and obstructions lift one by one (orders are kept, and the
//!   kernel stays a direct sum); counts multiply ([`crate::SolutionCount`] keeps one exponent
//!   per prime); elementary divisors combine index by index over the sorted valuations.
//! - **Structured boards.** [`RingGridSolver`] answers for grids, tori and cylinders without
//!   ever building M: per factor, the structured field solvers for a prime, and for `p^e` one of
//!   two liftings, chosen in one place ([`Lifting::Auto`], in the `part` module):
//!   - **On the board** (the `lifted` module), when the nullity d of M mod p is 0, or at most
//!     [`BOARD_LIFT_MAX_NULLITY`] with its 2d stored board vectors smaller than the reduced
//!     system: `s = s_0 + p s_1 + p^2 s_2 + …`, each digit one solve mod p
//!     of the residual board by the structured field solver, and one product with M over
//!     Z/p^e for the next residual. With K the quiet patterns mod p (M is symmetric, so they
//!     also span the left kernel), every residual is first projected onto the boards that are
//!     solvable mod p, and the freedom along K becomes a `d x d` system S over Z/p^e whose
//!     Smith form gives the elementary divisors, the kernel and solvability. For a grid mod
//!     `2^e` the boards are e bit planes (the `planes` module): the digits are packed GF(2)
//!     solves and pressing is bitsliced, a ripple-carry sum of the five neighbour planes on
//!     `u64` words, so a 10,000 x 10,000 grid mod 4 costs a few GF(2) solves
//!     ([`RingGridSolver::solve_planes`], [`RingGridSolver::solve_bytes`]). Nothing of size
//!     `n x n` is built.
//!   - **On the reduced system** otherwise (a kernel mod p on a board whose first rows are
//!     cheaper to eliminate, such as a 300 x 300 torus mod 4 with d = 48, or a large kernel
//!     such as 4096 x 4096 mod 4 with d = 2072, whose quiet patterns would not fit): light chasing over Z/p^e (the press
//!     below enters with coefficient 1, a unit of every ring) down to the `n x n` (or `2n x 2n`)
//!     system A on the first press rows, factored mod p by the fast field engines, its kernel
//!     mod p corrected by a `d x d` Schur complement (the `lift` module). Its products with
//!     the d kernel vectors run, for `q = 4` and `8`, on bit planes by the Four Russians (the
//!     `plane_products` module: tables of sums of 8 rows, added by ripple-carry adders across
//!     the planes, 64 entries a word).
//!
//!   Their parts recombine in the same place as the dense ones (the `crt` module).
//! - **Random boards.** `M s` for uniformly random presses `s` is uniform over the image of M
//!   (a group homomorphism maps the uniform distribution to the uniform one on its image), so
//!   random solvable boards need no factorisation, for any k. A grid, torus or cylinder of one
//!   byte a light is pressed on its bytes ([`RingGridSolver::press_bytes`]).
//!
//! ```
//! use lightsout_core::{Modulus, RingSolver, SparseMatrix};
//! // The 2x2 grid with the plus rule over Z_6 (6 states per light): det M = -3.
//! let sets = vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]];
//! let m = SparseMatrix::from_press_sets(Modulus::ring(6).unwrap(), 4, sets).unwrap();
//! let s = RingSolver::new(&m).unwrap();
//! assert_eq!(s.elementary_divisors(), vec![1, 1, 1, 3]);
//! assert_eq!(s.kernel_size().to_u128(), Some(3)); // 3 quiet patterns (with all-zero)
//! let board = s.random_solvable(7);
//! let presses = s.solve(&board).unwrap();
//! assert!(s.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
//! ```

mod adder;
mod board;
mod chase_zq;
mod crt;
mod lift;
#[cfg(test)]
mod lift_tests;
mod lifted;
mod part;
mod part_engine;
mod plane_products;
mod planes;
pub mod power;
mod row_arith;
mod solver;

pub use board::RingGridSolver;
pub use part::{Lifting, BOARD_LIFT_MAX_NULLITY};
pub use power::PowerSolver;
pub use solver::RingSolver;

/// The factorisation of `k >= 1` into prime powers `(p, e)`, primes ascending (trial division:
/// at most ~23,000 divisions below 2^31).
///
/// ```
/// assert_eq!(lightsout_core::ring::factor(360), vec![(2, 3), (3, 2), (5, 1)]);
/// assert_eq!(lightsout_core::ring::factor(2_147_483_647), vec![(2_147_483_647, 1)]);
/// assert_eq!(lightsout_core::ring::factor(1), vec![]);
/// ```
pub fn factor(k: u32) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut n = k;
    let mut d = 2u32;
    while (d as u64) * (d as u64) <= n as u64 {
        if n % d == 0 {
            let mut e = 0;
            while n % d == 0 {
                n /= d;
                e += 1;
            }
            out.push((d, e));
        }
        d += if d == 2 { 1 } else { 2 };
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// The CRT idempotent of the factor `q` of `k` (`gcd(q, k/q) = 1`): `ε ≡ 1 (mod q)` and
/// `ε ≡ 0 (mod k/q)`, so `x · ε mod k` lifts `x mod q` to Z_k with zeros in the other factors.
///
/// ```
/// let e = lightsout_core::ring::idempotent(12, 4);
/// assert_eq!((e % 4, e % 3), (1, 0));
/// ```
pub fn idempotent(k: u32, q: u32) -> u32 {
    let rest = k / q;
    if rest == 1 {
        return 1;
    }
    let inv = crate::field::inverse_mod(rest, q).expect("the prime-power factors of k are coprime");
    crate::arith::Fp::new(k).mul(rest, inv)
}
