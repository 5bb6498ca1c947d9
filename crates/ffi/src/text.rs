//! Boards as text (the format shared with the command line and Python): reading and writing.

use crate::boundary::{arg_slice, arg_str, ffi_boundary, out_ptr, write_out, Failure, FfiResult, OutArray, Status};
use crate::game::{game_ref, Game};
use std::ffi::c_char;

/// Read a board of this game from text (the format of `lightsout_game_new_from_text`, in the
/// game's natural shape: a cube is its 6 faces separated by blank lines, a graph one row of n
/// cells) into `lights_out` (size values). Text of the wrong shape or with bad cells fails with
/// LIGHTSOUT_PARSE_ERROR naming the line and column.
///
/// # Safety
/// `game` must be NULL or a live handle; `text` NULL or a NUL-terminated string; `lights_out`
/// NULL or writable for `lights_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_parse_board(
    game: *const Game,
    text: *const c_char,
    lights_out: *mut u32,
    lights_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let text = unsafe { arg_str(text, "text") }?;
        let out = OutArray::new(lights_out, lights_len, game.size(), "lights_out")?;
        let lights = lightsout_topo::text::parse_lights(game, text)?;
        unsafe { out.write(&lights) };
        Ok(())
    })
}

/// How many bytes (including the final NUL) `lightsout_game_format_board` needs for `values`.
///
/// # Safety
/// `game` must be NULL or a live handle; `values` NULL or readable for `values_len` values;
/// `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_format_board_len(
    game: *const Game,
    values: *const u32,
    values_len: usize,
    out: *mut usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let values = unsafe { arg_slice(values, values_len, "values") }?;
        let out = out_ptr(out, "out")?;
        let len = lightsout_topo::text::format_board(game, values)?.len() + 1;
        unsafe { write_out(out, len) };
        Ok(())
    })
}

/// Write a board or presses (size values) as NUL-terminated text in the game's natural shape,
/// `#` for holes, one line per row; `lightsout_game_parse_board` reads it back. `text_cap`
/// must be at least the length from `lightsout_game_format_board_len`, otherwise
/// LIGHTSOUT_LENGTH_MISMATCH and nothing is written.
///
/// # Safety
/// `game` must be NULL or a live handle; `values` NULL or readable for `values_len` values;
/// `text_out` NULL or writable for `text_cap` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_format_board(
    game: *const Game,
    values: *const u32,
    values_len: usize,
    text_out: *mut c_char,
    text_cap: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let values = unsafe { arg_slice(values, values_len, "values") }?;
        write_text(lightsout_topo::text::format_board(game, values)?, text_out, text_cap)
    })
}

/// Copy `text` and a final NUL into a caller buffer of `text_cap` bytes, or fail untouched.
fn write_text(text: String, text_out: *mut c_char, text_cap: usize) -> FfiResult {
    let mut bytes = text.into_bytes();
    bytes.push(0);
    if text_out.is_null() {
        return Err(Failure::null("text_out"));
    }
    if text_cap < bytes.len() {
        return Err(Failure::new(
            Status::LightsoutLengthMismatch,
            format!("text_out needs {} bytes (with the final NUL), text_cap is {text_cap}", bytes.len()),
        ));
    }
    let out = OutArray::new(text_out as *mut u8, bytes.len(), bytes.len(), "text_out")?;
    // SAFETY: the caller of the exported function guarantees text_cap writable bytes.
    unsafe { out.write(&bytes) };
    Ok(())
}

/// How many bytes (including the final NUL) `lightsout_game_spec` needs.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_spec_len(game: *const Game, out: *mut usize) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let out = out_ptr(out, "out")?;
        let len = game.spec().to_string().len() + 1;
        unsafe { write_out(out, len) };
        Ok(())
    })
}

/// Write the game's spec text (see `lightsout_game_new_from_spec`, which reads it back) as a
/// NUL-terminated string. `text_cap` must be at least the length from `lightsout_game_spec_len`.
///
/// # Safety
/// `game` must be NULL or a live handle; `text_out` NULL or writable for `text_cap` bytes.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_spec(game: *const Game, text_out: *mut c_char, text_cap: usize) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        write_text(game.spec().to_string(), text_out, text_cap)
    })
}
