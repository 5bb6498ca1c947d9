//! # lightsout-ffi
//!
//! The C ABI of the Lights Out solver, built as `liblightsout.so` / `liblightsout.a` with the
//! header `include/lightsout.h` (generated from this crate by cbindgen; see `cbindgen.toml`).
//! C and C++ programs make a game, hand it boards as `uint32_t` arrays (or compactly, one byte
//! or one bit a light: `lightsout_game_solve_board`) and get presses back.
//!
//! The layer is thin: each function checks its C arguments, calls one function of
//! `lightsout-topo` or `lightsout-core`, and copies the result out. Every exported body runs
//! inside one panic boundary (`ffi_boundary!`), so nothing unwinds into C; failures return a
//! [`Status`] and leave a message for [`lightsout_last_error`]; outputs are written only on
//! success. See `crates/ffi/README.md` for compiling and linking.
//!
//! The functions are callable from Rust too, which is how this crate tests itself:
//!
//! ```
//! use lightsout::*;
//! let mut game = std::ptr::null_mut();
//! // SAFETY: `game` is a valid out-pointer; the arrays have the lengths given.
//! unsafe {
//!     assert_eq!(lightsout_game_new_grid(5, 5, 2, &mut game), Status::LightsoutOk);
//!     assert_eq!(lightsout_game_size(game), 25);
//!     let mut lights = [1u32; 25]; // all lit: solvable
//!     let mut presses = [0u32; 25];
//!     let status = lightsout_game_solve(game, lights.as_ptr(), 25, presses.as_mut_ptr(), 25);
//!     assert_eq!(status, Status::LightsoutOk);
//!     let mut after = [9u32; 25];
//!     lightsout_game_apply(game, lights.as_ptr(), 25, presses.as_ptr(), 25, after.as_mut_ptr(), 25);
//!     assert_eq!(after, [0; 25]);
//!     lights = [0; 25];
//!     lights[0] = 1; // one corner lit: not solvable on the 5x5
//!     let status = lightsout_game_solve(game, lights.as_ptr(), 25, presses.as_mut_ptr(), 25);
//!     assert_eq!(status, Status::LightsoutUnsolvable);
//!     lightsout_game_free(game);
//! }
//! ```

mod board;
mod boundary;
mod decide;
mod game;
mod image;
mod inverse;
mod solve;
mod solve_minimal;
mod text;
mod worst;

pub use board::*;
pub use boundary::Status;
pub use decide::*;
pub use game::*;
pub use image::*;
pub use inverse::*;
pub use solve::*;
pub use solve_minimal::*;
pub use text::*;
pub use worst::*;

use std::ffi::c_char;

/// The message of the last failed call on this thread: what was wrong and what was expected.
/// An empty string if no call has failed on this thread yet. Successful calls do not change
/// it. Never NULL. The string is owned by the library and stays valid until the next failing
/// call on the same thread; copy it to keep it longer.
#[no_mangle]
pub extern "C" fn lightsout_last_error() -> *const c_char {
    boundary::ffi_boundary_value!(boundary::EMPTY.as_ptr(), { Ok(boundary::last_error_ptr()) })
}

/// The name of a status code as written in this header, such as "LIGHTSOUT_LENGTH_MISMATCH",
/// for messages and logs; "LIGHTSOUT_UNKNOWN_STATUS" for a value that is not a status. A static
/// string, never NULL, never freed.
#[no_mangle]
pub extern "C" fn lightsout_status_name(status: i32) -> *const c_char {
    boundary::ffi_boundary_value!(boundary::EMPTY.as_ptr(), { Ok(status_name(status).as_ptr().cast()) })
}

fn status_name(status: i32) -> &'static str {
    match status {
        0 => "LIGHTSOUT_OK\0",
        1 => "LIGHTSOUT_UNSOLVABLE\0",
        2 => "LIGHTSOUT_INVALID_ARGUMENT\0",
        3 => "LIGHTSOUT_NULL_POINTER\0",
        4 => "LIGHTSOUT_LENGTH_MISMATCH\0",
        5 => "LIGHTSOUT_TOO_LARGE\0",
        6 => "LIGHTSOUT_PANIC\0",
        7 => "LIGHTSOUT_INVALID_MODULUS\0",
        8 => "LIGHTSOUT_OUT_OF_RANGE\0",
        9 => "LIGHTSOUT_PARSE_ERROR\0",
        10 => "LIGHTSOUT_UNKNOWN_PRESET\0",
        _ => "LIGHTSOUT_UNKNOWN_STATUS\0",
    }
}

/// The library version, such as "0.3.0" (a static string, never NULL, never freed).
#[no_mangle]
pub extern "C" fn lightsout_version() -> *const c_char {
    boundary::ffi_boundary_value!(boundary::EMPTY.as_ptr(), {
        Ok(concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast())
    })
}
