//! # lightsout-core
//!
//! A Lights Out game is N lights and buttons; pressing button j adds 1 (mod p) to every light
//! in its set S_j, and column j of the press matrix M holds S_j. A board `b` is solved by
//! presses `s` with `M s = -b` over Z_p. This crate factors M once ([`Solver`]) and then answers
//! everything about the game: rank and nullity, solvability, one or all solutions, the quiet
//! patterns, the obstructions, the pseudoinverse, random solvable boards.
//!
//! Any prime `p < 2^31` works, chosen at run time. GF(2) runs on bit-packed rows (64 lights
//! per word); the generic engine is the reference it is tested against.
//!
//! Any modulus `2 <= k < 2^31`, composite included, works through [`RingSolver`]: the module
//! [`ring`] splits Z_k into its prime-power factors (Chinese remainder theorem), solves each
//! with the field engines (prime factors) or a Smith-form engine (prime powers), and recombines
//! the answers. Its module docs describe the design.
//!
//! [`BatchSolver`] solves many boards of one game at once, for every front end that takes boards
//! in bulk.
//!
//! ```
//! use lightsout_core::{Modulus, SparseMatrix, Solver};
//! // The 2x2 grid with the plus rule over Z_3.
//! let sets = vec![vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]];
//! let m = SparseMatrix::from_press_sets(Modulus::new(3).unwrap(), 4, sets).unwrap();
//! let s = Solver::new(&m).unwrap();
//! let board = s.random_solvable(7);
//! let presses = s.solve(&board).unwrap();
//! assert!(s.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
//! ```

mod arith;
pub mod banded;
pub mod batch;
pub mod bitmatrix;
pub mod buffer;
pub mod count;
pub mod elim;
pub mod error;
mod features;
pub mod field;
pub mod interrupt;
pub mod limits;
pub mod matrix;
pub mod minimal;
pub mod pack;
pub mod progress;
pub mod ring;
mod rows;
pub mod solutions;
pub mod solver;
pub mod structured;
pub mod system;

pub use batch::BatchSolver;
pub use bitmatrix::{pack_bits, unpack_bits, BitMatrix};
pub use count::SolutionCount;
pub use error::{Error, Result};
pub use field::{check_modulus, is_prime, Field, Gf2, Modulus, Zp};
pub use matrix::{Matrix, SparseMatrix};
pub use minimal::{minimal_solution, Budget, MinimalSolution, Minimizer, Stats};
pub use ring::RingSolver;
pub use solutions::Solutions;
pub use solver::{Engine, Solver};
pub use system::FactoredSystem;
