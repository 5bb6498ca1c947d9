//! Boards as PBM and PGM image files, read and written by the same code as the command line's
//! `solve --lights FILE`, `solve --out FILE` and `generate --out FILE` and Python's
//! `lightsout.read_board` / `write_board` (`lightsout_topo::image`): a raw PBM is the
//! LIGHTSOUT_BOARD_PACKED layout, so a GF(2) grid goes from the file to the solver bit-packed.

use crate::board::format_of;
use crate::boundary::{arg_slice, arg_str, ffi_boundary, out_ptr, write_out, Failure, OutArray, Status};
use crate::game::{game_ref, Game};
use std::ffi::c_char;
use std::path::Path;

/// The arguments the image calls of a game share, checked in this order: the handle, the path
/// and the board format.
///
/// # Safety
/// `game` must be NULL or a live handle; `path` NULL or a NUL-terminated string.
unsafe fn image_args<'a>(
    game: *const Game,
    path: *const c_char,
    format: u32,
) -> Result<(&'a lightsout_topo::Game, &'a Path, lightsout_topo::BoardFormat), Failure> {
    // SAFETY: forwarded from the caller.
    let game = unsafe { game_ref(game) }?;
    let path = unsafe { arg_str(path, "path") }?;
    Ok((game, Path::new(path), format_of(format)?))
}

/// The size of the board image at `path` (a PBM or PGM file, plain or raw): `*width_out` its
/// columns (the natural array's last axis), `*height_out` its rows, `*states_out` the states
/// it holds (2 for a PBM, maxval + 1 for a PGM). The grid the command line makes of an image
/// without other options is `lightsout_game_new_grid(height, width, states, &game)`. A file
/// that cannot be read or is not a valid image fails with LIGHTSOUT_INVALID_ARGUMENT, the
/// message naming the file and what was wrong (the magic number, a header field by its byte
/// offset, a value by its row and column, a file too short or too long).
///
/// # Safety
/// `path` must be NULL or a NUL-terminated string; each out-pointer NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_image_size(
    path: *const c_char,
    width_out: *mut usize,
    height_out: *mut usize,
    states_out: *mut u64,
) -> Status {
    ffi_boundary!({
        let path = unsafe { arg_str(path, "path") }?;
        let (w, h, s) =
            (out_ptr(width_out, "width_out")?, out_ptr(height_out, "height_out")?, out_ptr(states_out, "states_out")?);
        let image = lightsout_topo::image::read_file(Path::new(path))?;
        unsafe {
            write_out(w, image.width);
            write_out(h, image.height);
            write_out(s, image.states);
        }
        Ok(())
    })
}

/// Read the board image at `path` (PBM or PGM, plain or raw, as `lightsout generate --out` and
/// `lightsout solve --out` write them) into `board_out`, `lightsout_game_board_len` bytes in
/// `format` (a lightsout_board_format value; a raw PBM read as LIGHTSOUT_BOARD_PACKED is copied
/// as it is). The image must have the game's natural size (width = the last axis) and values
/// below its modulus. Bad files fail with LIGHTSOUT_INVALID_ARGUMENT naming the file and the
/// problem; `board_out` of another length with LIGHTSOUT_LENGTH_MISMATCH, before the file is
/// read.
///
/// # Safety
/// `game` must be NULL or a live handle; `path` NULL or a NUL-terminated string; `board_out`
/// NULL or writable for `board_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_read_image(
    game: *const Game,
    path: *const c_char,
    format: u32,
    board_out: *mut u8,
    board_len: usize,
) -> Status {
    ffi_boundary!({
        let (game, path, format) = unsafe { image_args(game, path, format) }?;
        let out = OutArray::new(board_out, board_len, game.board_len(format)?, "board_out")?;
        let board = lightsout_topo::image::read_file(path)?.board_in(game, format)?;
        unsafe { out.write(&board) };
        Ok(())
    })
}

/// Write a board or presses of this game (`board`, `board_len` bytes in `format`) to the image
/// file at `path`, as the command line writes them: a raw PBM for a name ending in `.pbm`
/// (modulus 2), a raw PGM (maxval k - 1) for `.pgm` (modulus up to 256). Another name, or a
/// modulus the image cannot hold, fails with LIGHTSOUT_INVALID_ARGUMENT before the file is
/// created; a board of the wrong length with LIGHTSOUT_LENGTH_MISMATCH, a value not below the
/// modulus with LIGHTSOUT_OUT_OF_RANGE.
///
/// # Safety
/// `game` must be NULL or a live handle; `path` NULL or a NUL-terminated string; `board` NULL
/// or readable for `board_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_write_image(
    game: *const Game,
    path: *const c_char,
    format: u32,
    board: *const u8,
    board_len: usize,
) -> Status {
    ffi_boundary!({
        let (game, path, format) = unsafe { image_args(game, path, format) }?;
        let board = unsafe { arg_slice(board, board_len, "board") }?;
        lightsout_topo::image::write_file(path, game, board, format)?;
        Ok(())
    })
}
