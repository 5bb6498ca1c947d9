//! Very large grids: the core's structured solver (light chasing and one polynomial gcd), which
//! never builds the N x N system, with boards as bit-packed bytes (GF(2)), one byte per light
//! (p < 256) or `uint32_t` values; and the seed's torus decision problem. The grid solver's
//! functions are deprecated: a game made by `lightsout_game_new_grid` answers through the same
//! solver at every size, with packed boards (`lightsout_game_*_board`).

use crate::boundary::{arg_ref, arg_slice, ffi_boundary, out_ptr, write_answer, write_out, Failure, OutArray, Status};
use lightsout_core::structured::{self, PackedBoard};
use lightsout_core::Modulus;

/// Deprecated: `lightsout_game_new_grid` makes a game answered by this same solver, at every
/// size it reaches (up to 2^40 lights), with packed boards through the `lightsout_game_*_board`
/// functions (LIGHTSOUT_BOARD_PACKED: 1 bit a light over GF(2), 2 over GF(3)). The
/// `lightsout_grid_solver_*` functions keep working.
///
/// A solver for one `rows x cols` grid with cut-off edges (up to 2^40 lights), built in time
/// about proportional to the board. Opaque to C: made by `lightsout_grid_solver_new`, released
/// with `lightsout_grid_solver_free`; immutable, so usable from many threads at once.
pub struct GridSolver {
    inner: structured::GridSolver,
}

/// # Safety
/// A non-NULL `solver` must be a live handle from `lightsout_grid_solver_new`.
unsafe fn solver_ref<'a>(solver: *const GridSolver) -> Result<&'a structured::GridSolver, Failure> {
    // SAFETY: forwarded from the caller.
    Ok(&unsafe { arg_ref(solver, "solver") }?.inner)
}

fn side(v: u64, name: &str) -> Result<usize, Failure> {
    usize::try_from(v).map_err(|_| {
        Failure::new(Status::LightsoutTooLarge, format!("{name} = {v} does not fit in this machine's size_t"))
    })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// Make the solver for a `rows x cols` grid over Z_modulus: pressing a light changes its up to
/// four neighbours and, with `self_toggle` (the classic rule), itself. No N x N matrix is ever
/// built: a 10,000 x 10,000 grid takes well under a second. Fails with
/// LIGHTSOUT_INVALID_ARGUMENT for a side of 0, LIGHTSOUT_INVALID_MODULUS, or LIGHTSOUT_TOO_LARGE
/// above 2^40 lights.
///
/// # Safety
/// `out` must be NULL or valid for writing one pointer. On success `*out` holds a new solver
/// that the caller frees with `lightsout_grid_solver_free`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_new(
    rows: u64,
    cols: u64,
    self_toggle: bool,
    modulus: u32,
    out: *mut *mut GridSolver,
) -> Status {
    ffi_boundary!({
        let out = out_ptr(out, "out")?;
        let (rows, cols) = (side(rows, "rows")?, side(cols, "cols")?);
        let inner = structured::GridSolver::new(rows, cols, self_toggle, Modulus::new(modulus.into())?)?;
        unsafe { write_out(out, Box::into_raw(Box::new(GridSolver { inner }))) };
        Ok(())
    })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// Release a grid solver. NULL is fine.
///
/// # Safety
/// `solver` must be NULL or a handle from `lightsout_grid_solver_new` not freed before.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_free(solver: *mut GridSolver) {
    let _ = ffi_boundary!({
        if !solver.is_null() {
            // SAFETY: the handle came from Box::into_raw and is freed only once.
            drop(unsafe { Box::from_raw(solver) });
        }
        Ok(())
    });
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// The nullity of the grid's press matrix (the dimension of its quiet patterns).
///
/// # Safety
/// `solver` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_nullity(solver: *const GridSolver, out: *mut usize) -> Status {
    ffi_boundary!({ unsafe { write_answer(solver_ref(solver), out, |solver| Ok(solver.nullity())) } })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// The number of lights, rows x cols.
///
/// # Safety
/// `solver` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_size(solver: *const GridSolver, out: *mut usize) -> Status {
    ffi_boundary!({ unsafe { write_answer(solver_ref(solver), out, |solver| Ok(solver.lights())) } })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// The length in bytes of a bit-packed board of this grid: rows x ceil(cols / 8).
///
/// Packed layout (that of `numpy.packbits(board, axis=1)` and of PBM images): each row starts
/// on a new byte; light (r, c) is bit 7 - c % 8 (the most significant bit first) of byte
/// r * ceil(cols / 8) + c / 8; padding bits at the end of a row are ignored on input and zero
/// on output.
///
/// # Safety
/// `solver` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_packed_len(solver: *const GridSolver, out: *mut usize) -> Status {
    ffi_boundary!({ unsafe { write_answer(solver_ref(solver), out, packed_len) } })
}

fn packed_len(solver: &structured::GridSolver) -> Result<usize, Failure> {
    solver
        .rows()
        .checked_mul(solver.cols().div_ceil(8))
        .ok_or_else(|| Failure::new(Status::LightsoutTooLarge, "the packed board length overflows size_t".to_string()))
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// Whether a bit-packed GF(2) board can be turned off (modulus 2 only), in about
/// rows x cols / 64 word operations.
///
/// # Safety
/// `solver` must be NULL or a live handle; `board` NULL or readable for `board_len` bytes; `out`
/// NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_is_solvable_packed(
    solver: *const GridSolver,
    board: *const u8,
    board_len: usize,
    out: *mut bool,
) -> Status {
    ffi_boundary!({
        let solver = unsafe { solver_ref(solver) }?;
        let bytes = unsafe { arg_slice(board, board_len, "board") }?;
        let out = out_ptr(out, "out")?;
        let board = PackedBoard::from_packbits(solver.rows(), solver.cols(), bytes)?;
        let solvable = solver.is_solvable_packed_gf2(&board)?;
        unsafe { write_out(out, solvable) };
        Ok(())
    })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// Solve a bit-packed GF(2) board (modulus 2 only): writes the presses, packed the same way,
/// to `presses_out` (`presses_len` = the packed length). Memory besides the caller's arrays:
/// about three times the packed board. LIGHTSOUT_UNSOLVABLE if the board has no solution.
///
/// # Safety
/// `solver` must be NULL or a live handle; `board` NULL or readable for `board_len` bytes;
/// `presses_out` NULL or writable for `presses_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_solve_packed(
    solver: *const GridSolver,
    board: *const u8,
    board_len: usize,
    presses_out: *mut u8,
    presses_len: usize,
) -> Status {
    ffi_boundary!({
        let solver = unsafe { solver_ref(solver) }?;
        let bytes = unsafe { arg_slice(board, board_len, "board") }?;
        let out = OutArray::new(presses_out, presses_len, packed_len(solver)?, "presses_out")?;
        let board = PackedBoard::from_packbits(solver.rows(), solver.cols(), bytes)?;
        // The C caller gets no obstruction: none is computed (the core's unpacked one costs far
        // more than the solve, 4 s against 0.05 s on a 10^8-light board).
        let Some(presses) = solver.try_solve_packed_gf2(&board)? else {
            return Err(Failure::new(
                Status::LightsoutUnsolvable,
                "the board is not solvable: a quiet pattern has an odd number of its lights lit".to_string(),
            ));
        };
        drop(board);
        unsafe { out.write(&presses.to_packbits()) };
        Ok(())
    })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// Solve a board stored one byte per light, row-major, values in 0..p-1 (for p <= 256): a
/// 10,000 x 10,000 board over Z_3 takes 100 MB. Writes rows x cols bytes to `presses_out`.
///
/// # Safety
/// `solver` must be NULL or a live handle; `board` NULL or readable for `board_len` bytes;
/// `presses_out` NULL or writable for `presses_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_solve_bytes(
    solver: *const GridSolver,
    board: *const u8,
    board_len: usize,
    presses_out: *mut u8,
    presses_len: usize,
) -> Status {
    ffi_boundary!({
        let solver = unsafe { solver_ref(solver) }?;
        let board = unsafe { arg_slice(board, board_len, "board") }?;
        let out = OutArray::new(presses_out, presses_len, solver.lights(), "presses_out")?;
        let presses = solver.solve_bytes(board)?;
        unsafe { out.write(&presses) };
        Ok(())
    })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// Solve a board of `uint32_t` values in 0..p-1 (rows x cols, row-major), as
/// `lightsout_game_solve` does for a game.
///
/// # Safety
/// As for `lightsout_grid_solver_solve_bytes`, with `uint32_t` arrays.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_solve(
    solver: *const GridSolver,
    lights: *const u32,
    lights_len: usize,
    presses_out: *mut u32,
    presses_len: usize,
) -> Status {
    ffi_boundary!({
        let solver = unsafe { solver_ref(solver) }?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let out = OutArray::new(presses_out, presses_len, solver.lights(), "presses_out")?;
        let presses = solver.solve(lights)?;
        unsafe { out.write(&presses) };
        Ok(())
    })
}

/// Deprecated: use the game functions (`lightsout_game_new_grid` and the
/// `lightsout_game_*_board` functions with LIGHTSOUT_BOARD_PACKED), which answer through this
/// same solver at every size it reaches.
///
/// The board after pressing, lights + M presses (mod p), all three arrays rows x cols
/// `uint32_t` values; `lights_out` may be an input array.
///
/// # Safety
/// `solver` must be NULL or a live handle; the input arrays NULL or readable for their lengths;
/// `lights_out` NULL or writable for `lights_out_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_grid_solver_apply(
    solver: *const GridSolver,
    lights: *const u32,
    lights_len: usize,
    presses: *const u32,
    presses_len: usize,
    lights_out: *mut u32,
    lights_out_len: usize,
) -> Status {
    ffi_boundary!({
        let solver = unsafe { solver_ref(solver) }?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let presses = unsafe { arg_slice(presses, presses_len, "presses") }?;
        let out = OutArray::new(lights_out, lights_out_len, solver.lights(), "lights_out")?;
        let after = solver.apply(lights, presses)?;
        unsafe { out.write(&after) };
        Ok(())
    })
}

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
