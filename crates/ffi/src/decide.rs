//! The seed's torus decision problem: can a board of lit lights on an `n x n` torus over GF(2)
//! be switched off? (Grids of every size, packed boards included, are games:
//! `lightsout_game_new_grid` with the `lightsout_game_*_board` functions.)

use crate::boundary::{ffi_boundary, out_ptr, write_out, Failure, Status};
use lightsout_core::structured;

/// The decision problem of an `n x n` torus over GF(2) with the plus rule: can the board whose
/// lit lights are listed be switched off? `lit` holds (row, column) pairs, 0-based, so
/// `lit_len` is twice the number of lit lights; a light listed twice or outside the board is
/// LIGHTSOUT_INVALID_ARGUMENT. About a second for n = 2000 (4 million lights). `lit` may be NULL
/// when `lit_len` is 0.
///
/// # Safety
/// `lit` must be NULL or readable for `lit_len` values; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_torus_decide(n: usize, lit: *const usize, lit_len: usize, out: *mut bool) -> Status {
    ffi_boundary!({
        let flat = unsafe { crate::boundary::arg_slice_or_empty(lit, lit_len, "lit") }?;
        let out = out_ptr(out, "out")?;
        if flat.len() % 2 != 0 {
            return Err(Failure::new(
                Status::LightsoutLengthMismatch,
                format!("lit holds (row, column) pairs, so lit_len must be even, got {lit_len}"),
            ));
        }
        let pairs: Vec<(usize, usize)> = flat.chunks_exact(2).map(|p| (p[0], p[1])).collect();
        let solvable = structured::torus_decide_gf2(n, &pairs)?;
        unsafe { write_out(out, solvable) };
        Ok(())
    })
}
