//! # lightsout-topo
//!
//! Turns a description of a Lights Out game into its press matrix M and the geometry that says
//! where each light sits, so boards are given and shown in their natural shape. Grids, tori,
//! cylinders, cubes, boards with holes, graphs (directed or not), explicit press sets and
//! explicit matrices; press rules plus, neighbours, Moore, any stencil, and per-button sets
//! (Merlin's Magic Square); named presets; text formats, PBM/PGM image boards ([`image`]) and
//! SVG drawings shared by the command line, Python and C.
//!
//! Press sets are sets: where wrap-around makes two offsets reach the same light (a torus or
//! cylinder with a side of 1 or 2), that light is toggled once.
//!
//! M is built lazily as a sparse matrix (each button's set S_j) and factored lazily by the
//! core's dense [`lightsout_core::Solver`]; grids, tori and cylinders with the plus or
//! neighbours rule and at least [`STRUCTURED_MIN_LIGHTS`] lights are answered by the core's
//! structured solvers instead, which never build the N x N system (a 2000 x 2000 torus is
//! decided in about a second). Sizes are checked before anything is allocated, in bytes of what
//! the game's path ([`Game::solver_path`]) will really allocate: M and its factorisation for the
//! dense path, M for the banded one, board vectors for the structured ones, each at most
//! [`MAX_GAME_BYTES`] (dense factorisations also within the core's work limit).
//!
//! Fewest presses ([`Game::minimal_solution`]), puzzles by press count or difficulty
//! ([`Game::random_with_presses`], [`Game::random_with_difficulty`]) and board statistics
//! ([`Game::stats`]) take their particular solution and quiet patterns from the same solver as
//! [`Game::solve`], so the command line, Python and C share one choice of solver; quiet
//! patterns beyond [`MAX_NULL_BASIS_BYTES`] are refused before they are built.
//!
//! ```
//! use lightsout_topo::{text, Game};
//! let game = Game::preset("classic").unwrap();
//! let board = text::parse_lights(&game, "10001\n00000\n00100\n00000\n10001\n").unwrap();
//! let presses = game.solve(&board).unwrap();
//! assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
//! println!("{}", text::format_board(&game, &presses).unwrap());
//! ```

#![warn(missing_docs)]

mod board;
mod cube;
mod difficulty;
pub mod error;
mod footprint;
mod game;
pub mod geometry;
pub mod image;
mod inverse;
mod layout;
mod minimal;
mod once;
mod packed_grid;
mod presets;
mod queries;
pub mod route;
pub mod shape;
pub mod spec;
pub mod svg;
pub mod text;
pub mod words;
mod worst;

pub use board::{BoardFormat, Encoding, Order};
pub use error::{Error, Result};
pub use footprint::MAX_GAME_BYTES;
pub use game::Game;
pub use geometry::Geometry;
pub use minimal::MAX_NULL_BASIS_BYTES;
pub use once::values_computed;
pub use route::{SolverPath, RING_CHASING_MIN_LIGHTS, STRUCTURED_MIN_LIGHTS};
pub use shape::{Edges, Rule, Shape, MAX_CELLS, MAX_PRESS_ENTRIES, MAX_STENCIL_OFFSETS};
pub use spec::Spec;

/// The code examples of the repository's README, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
