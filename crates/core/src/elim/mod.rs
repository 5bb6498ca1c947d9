//! Elimination engines. Each brings an augmented matrix to reduced row echelon form, choosing
//! pivots only among the first `pivot_cols` columns, and returns the pivot column of each
//! non-zero row (rows `0..rank` are the pivot rows, in order of increasing pivot column).
//!
//! The generic engine works for every prime and is the reference the packed engines are tested
//! against: [`gf2`] (bit-packed, Method of the Four Russians) for p = 2 and [`gf3`] (bitsliced,
//! two bit planes per row, the same method with `3^k`-entry tables) for p = 3. Both run on the
//! one packed layout of [`crate::bitmatrix`], and the method itself is written once, in
//! `four_russians.rs`, for both fields: each brings only its window arithmetic, passes and
//! tables (`m4r.rs` with its Gray-code tables in `gray_tables.rs`, `m4r3.rs` on the two-plane
//! arithmetic of `trits.rs`). Callers go through [`crate::Solver`], which picks the engine, so
//! an engine can be replaced without touching them.

mod four_russians;
pub mod generic;
pub mod gf2;
pub mod gf3;
mod gray_tables;
mod m4r;
mod m4r3;
mod m4r_panel;
pub(crate) mod par;
pub(crate) mod trits;
