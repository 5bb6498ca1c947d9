//! Compact boards: one byte per light, or packed for modulus 2 (one bit a light) and 3 (two
//! bits a light), so that a board of 10^8 lights crosses the ABI in 100 MB, 12.5 MB or 25 MB
//! instead of the 400 MB of `uint32_t` entries, and a GF(2) grid of 10^10 lights in 1.25 GB.
//! The layouts are `lightsout_topo::BoardFormat`'s (the same as Python's `packed=True`); C names
//! them with the values of [`BoardFormat`].

use crate::boundary::{arg_slice, arg_slice_mut, ffi_boundary, out_ptr, write_out, Failure, OutArray, Status};
use crate::game::{game_ref, Game};

/// How a compact board is laid out: the `format` argument of the `lightsout_game_*_board`
/// functions (passed as a `uint32_t`; any other value is LIGHTSOUT_INVALID_ARGUMENT).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // the prefix makes the C names LIGHTSOUT_BOARD_BYTES, ...
pub enum BoardFormat {
    /// One byte per light (values 0..k-1, modulus k <= 256), in the game's natural array:
    /// row-major over its shape (rows x cols for a grid, 6 x k x k for a cube), holes holding 0.
    LightsoutBoardBytes = 0,
    /// Modulus 2, one bit per light: the natural array's rows (its last axis) each packed into
    /// whole bytes, the first light of a byte in its most significant bit; padding bits are
    /// ignored on input and zero on output. The layout of numpy.packbits(board, axis=-1).
    /// Modulus 3, two bits per light: four lights a byte, the first in the top bit pair (bits
    /// 7-6), each pair holding 0, 1 or 2 (3 is LIGHTSOUT_OUT_OF_RANGE), rows padded to whole
    /// bytes (ceil(cols / 4) a row). A grid over GF(2) or GF(3) stays packed end to end, so
    /// these boards reach grids of 10^10 lights (1.25 GB a GF(2) board), where the uint32_t
    /// functions refuse with LIGHTSOUT_TOO_LARGE, naming the packed size.
    LightsoutBoardPacked = 1,
    /// One byte per light in light order (the order of the uint32_t functions: holes skipped).
    LightsoutBoardBytesFlat = 2,
    /// Modulus 2, the light vector (holes skipped) packed as one row: light i is bit 7 - i % 8
    /// of byte i / 8. The layout of numpy.packbits(lights). Modulus 3: light i is the bit pair
    /// 7 - 2 (i % 4), 6 - 2 (i % 4) of byte i / 4.
    LightsoutBoardPackedFlat = 3,
}

const LIGHTSOUT_BOARD_BYTES: u32 = BoardFormat::LightsoutBoardBytes as u32;
const LIGHTSOUT_BOARD_PACKED: u32 = BoardFormat::LightsoutBoardPacked as u32;
const LIGHTSOUT_BOARD_BYTES_FLAT: u32 = BoardFormat::LightsoutBoardBytesFlat as u32;
const LIGHTSOUT_BOARD_PACKED_FLAT: u32 = BoardFormat::LightsoutBoardPackedFlat as u32;

pub(crate) fn format_of(format: u32) -> Result<lightsout_topo::BoardFormat, Failure> {
    match format {
        LIGHTSOUT_BOARD_BYTES => Ok(lightsout_topo::BoardFormat::BYTES),
        LIGHTSOUT_BOARD_PACKED => Ok(lightsout_topo::BoardFormat::PACKED),
        LIGHTSOUT_BOARD_BYTES_FLAT => Ok(lightsout_topo::BoardFormat::BYTES.flat()),
        LIGHTSOUT_BOARD_PACKED_FLAT => Ok(lightsout_topo::BoardFormat::PACKED.flat()),
        _ => Err(Failure::new(
            Status::LightsoutInvalidArgument,
            format!(
                "format must be LIGHTSOUT_BOARD_BYTES (0), LIGHTSOUT_BOARD_PACKED (1), LIGHTSOUT_BOARD_BYTES_FLAT (2) \
                 or LIGHTSOUT_BOARD_PACKED_FLAT (3), not {format}"
            ),
        )),
    }
}

/// The number of bytes a board of this game takes in `format` (a lightsout_board_format value),
/// written to `*out`. LIGHTSOUT_INVALID_ARGUMENT for an unknown format or one that cannot
/// hold the game's values (packed needs modulus 2 or 3, bytes a modulus up to 256).
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_board_len(game: *const Game, format: u32, out: *mut usize) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let format = format_of(format)?;
        let out = out_ptr(out, "out")?;
        let len = game.board_len(format)?;
        unsafe { write_out(out, len) };
        Ok(())
    })
}

/// Whether a compact board can be turned off (see `lightsout_game_is_solvable`); `lights` has
/// `lightsout_game_board_len` bytes in `format`. Writes true or false to `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` NULL or readable for `lights_len` bytes; `out`
/// NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_is_solvable_board(
    game: *const Game,
    format: u32,
    lights: *const u8,
    lights_len: usize,
    out: *mut bool,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let format = format_of(format)?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let out = out_ptr(out, "out")?;
        let solvable = game.is_solvable_board(lights, format)?;
        unsafe { write_out(out, solvable) };
        Ok(())
    })
}

/// Presses that turn a compact board off, in the same format (see `lightsout_game_solve`):
/// a GF(2) grid solved by light chasing stays bit-packed throughout. LIGHTSOUT_UNSOLVABLE
/// leaves `presses_out` as it was; `presses_out` may be the same array as `lights`.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` NULL or readable for `lights_len` bytes;
/// `presses_out` NULL or writable for `presses_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_solve_board(
    game: *const Game,
    format: u32,
    lights: *const u8,
    lights_len: usize,
    presses_out: *mut u8,
    presses_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let format = format_of(format)?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let out = OutArray::new(presses_out, presses_len, game.board_len(format)?, "presses_out")?;
        let presses = game.solve_board(lights, format)?;
        unsafe { out.write(&presses) };
        Ok(())
    })
}

/// `lightsout_game_solve_board` writing the presses over the board itself: where the solver
/// can chase in place (a GF(2) grid keeps one bit-packed copy, a grid over another prime
/// works on the bytes themselves) no second board-sized buffer is allocated, which is what a
/// board near the memory limit needs; other games solve as usual and copy the answer back.
/// LIGHTSOUT_UNSOLVABLE (and every other error) leaves `board` as it was.
///
/// # Safety
/// `game` must be NULL or a live handle; `board` NULL or readable and writable for `board_len`
/// bytes, not accessed by anything else during the call.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_solve_board_in_place(
    game: *const Game,
    format: u32,
    board: *mut u8,
    board_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let format = format_of(format)?;
        let board = unsafe { arg_slice_mut(board, board_len, "board") }?;
        game.solve_board_in_place(board, format)?;
        Ok(())
    })
}

/// The compact board after pressing, in the same format (see `lightsout_game_apply`);
/// `lights_out` may be the same array as `lights` or `presses`.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` and `presses` NULL or readable for their
/// lengths; `lights_out` NULL or writable for `lights_out_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_apply_board(
    game: *const Game,
    format: u32,
    lights: *const u8,
    lights_len: usize,
    presses: *const u8,
    presses_len: usize,
    lights_out: *mut u8,
    lights_out_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let format = format_of(format)?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let presses = unsafe { arg_slice(presses, presses_len, "presses") }?;
        let out = OutArray::new(lights_out, lights_out_len, game.board_len(format)?, "lights_out")?;
        let after = game.apply_board(lights, presses, format)?;
        unsafe { out.write(&after) };
        Ok(())
    })
}

/// The board of `lightsout_game_random_solvable` for the same seed, in a compact format.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights_out` NULL or writable for `lights_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_random_solvable_board(
    game: *const Game,
    format: u32,
    seed: u64,
    lights_out: *mut u8,
    lights_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let format = format_of(format)?;
        let out = OutArray::new(lights_out, lights_len, game.board_len(format)?, "lights_out")?;
        let board = game.random_solvable_board(seed, format)?;
        unsafe { out.write(&board) };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::lightsout_game_new_grid;

    #[test]
    fn compact_boards_cross_the_abi() {
        let mut game = std::ptr::null_mut();
        // SAFETY: valid pointers and lengths throughout.
        unsafe {
            assert_eq!(lightsout_game_new_grid(100, 90, 2, &mut game), Status::LightsoutOk);
            let mut len = 0usize;
            assert_eq!(lightsout_game_board_len(game, LIGHTSOUT_BOARD_PACKED, &mut len), Status::LightsoutOk);
            assert_eq!(len, 100 * 12);
            let mut board = vec![0u8; len];
            let status = lightsout_game_random_solvable_board(game, 1, 7, board.as_mut_ptr(), len);
            assert_eq!(status, Status::LightsoutOk);
            let mut presses = vec![0u8; len];
            let status = lightsout_game_solve_board(game, 1, board.as_ptr(), len, presses.as_mut_ptr(), len);
            assert_eq!(status, Status::LightsoutOk);
            let mut after = vec![9u8; len];
            let status = lightsout_game_apply_board(
                game,
                1,
                board.as_ptr(),
                len,
                presses.as_ptr(),
                len,
                after.as_mut_ptr(),
                len,
            );
            assert_eq!(status, Status::LightsoutOk);
            assert!(after.iter().all(|&b| b == 0));
            let mut solvable = false;
            let status = lightsout_game_is_solvable_board(game, 1, board.as_ptr(), len, &mut solvable);
            assert_eq!((status, solvable), (Status::LightsoutOk, true));
            assert_eq!(lightsout_game_board_len(game, 4, &mut len), Status::LightsoutInvalidArgument);
            let status = lightsout_game_solve_board(game, 1, board.as_ptr(), len - 1, presses.as_mut_ptr(), len);
            assert_eq!(status, Status::LightsoutLengthMismatch);
            crate::game::lightsout_game_free(game);
        }
    }
}
