//! # lightsout-py
//!
//! The Python extension module `lightsout._core` (built by maturin with the `python`
//! feature; see `pyproject.toml` at the repository root).
//! The bindings are thin: they convert numpy arrays and Python values, call one function of
//! `lightsout-topo` or `lightsout-core`, and convert back. Without the `python` feature this
//! crate builds without any Python installation, so `cargo test --workspace` never needs one.
//!
//! `lightsout.solve_many` calls [`lightsout_core::batch`], which solves many boards of one game
//! at once.

#[cfg(feature = "python")]
mod python;
