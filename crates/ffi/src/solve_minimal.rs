//! Fewest presses and puzzles of a chosen difficulty.

use crate::boundary::{arg_slice, ffi_boundary, out_ptr, write_out, Failure, OutArray, Status};
use crate::game::{game_ref, write_board, Game};
use lightsout_core::minimal::Budget;
use std::time::Duration;

/// What `lightsout_game_solve_minimal` knows about the presses it returned.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MinimalInfo {
    /// The number of presses (over GF(2) the buttons pressed; over Z_p the sum of the entries).
    pub weight: u64,
    /// Every solution needs at least this many presses (equal to `weight` when proven).
    pub lower_bound: u64,
    /// How many candidate solutions or search nodes were examined.
    pub explored: u64,
    /// Whether no solution has fewer presses (the search was complete within the budget).
    pub proven_optimal: bool,
}

/// The search budget from C: 0 means the library default for either limit.
pub(crate) fn budget(max_work: u64, max_seconds: f64) -> Result<Budget, Failure> {
    let default = Budget::default();
    let max_work = if max_work == 0 { default.max_work } else { max_work };
    let max_time = if max_seconds == 0.0 {
        default.max_time
    } else if max_seconds == f64::INFINITY {
        None
    } else {
        Some(Duration::try_from_secs_f64(max_seconds).map_err(|_| {
            Failure::new(
                Status::LightsoutInvalidArgument,
                format!("max_seconds must be positive, 0 (the default) or INFINITY (no limit), got {max_seconds}"),
            )
        })?)
    };
    Ok(Budget::new(max_work, max_time))
}

/// The solution with the fewest presses: over GF(2) the fewest buttons, over Z_p the smallest
/// sum of press counts. Searches all p^nullity solutions when there are at most `max_work` of
/// them (every coset member in Gray-code order); beyond that a local search and a branch and
/// bound, stopped by `max_work` (search nodes) or `max_seconds`, whichever comes first.
/// Pass 0 for either to get the default (2^32 nodes, 60 seconds); `max_seconds` may be
/// INFINITY for no time limit. `info_out` (may be NULL) says whether the answer is proven
/// optimal and gives the best lower bound. An unsolvable board returns LIGHTSOUT_UNSOLVABLE.
///
/// The quiet patterns come from the same solver as `lightsout_game_solve` (structured for
/// large grids, tori and cylinders, banded for other large GF(2) games with a geometry, else M
/// factored densely) and are held in memory: nullity x size x 4 bytes, at most 2 GiB, else
/// LIGHTSOUT_TOO_LARGE before anything is built.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` NULL or readable for `lights_len` values;
/// `presses_out` NULL or writable for `presses_len` values; `info_out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_solve_minimal(
    game: *const Game,
    lights: *const u32,
    lights_len: usize,
    max_work: u64,
    max_seconds: f64,
    presses_out: *mut u32,
    presses_len: usize,
    info_out: *mut MinimalInfo,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let out = OutArray::new(presses_out, presses_len, game.size(), "presses_out")?;
        let info_out = if info_out.is_null() { None } else { Some(out_ptr(info_out, "info_out")?) };
        let budget = budget(max_work, max_seconds)?;
        let best = game.minimal_solution(lights, &budget)?;
        unsafe { out.write(&best.presses) };
        if let Some(info) = info_out {
            let info_value = MinimalInfo {
                weight: best.weight,
                lower_bound: best.lower_bound,
                explored: best.explored,
                proven_optimal: best.proven_optimal,
            };
            unsafe { write_out(info, info_value) };
        }
        Ok(())
    })
}

/// A puzzle made by pressing exactly `presses` distinct buttons chosen at random (reproducibly
/// from `seed`), so it needs at most that many presses. Writes size values to `lights_out`.
/// More presses than buttons fails with LIGHTSOUT_INVALID_ARGUMENT. Only multiplies by M (never
/// factors it), so it works on the largest boards.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights_out` NULL or writable for `lights_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_random_with_presses(
    game: *const Game,
    seed: u64,
    presses: usize,
    lights_out: *mut u32,
    lights_len: usize,
) -> Status {
    ffi_boundary!({
        unsafe { write_board(game, lights_out, lights_len, |game| game.random_with_presses(seed, presses)) }
    })
}

/// A puzzle whose minimal solution needs exactly `minimal_presses` presses, chosen at random
/// (reproducibly from `seed`). Fails with LIGHTSOUT_INVALID_ARGUMENT when no board of the game
/// is that hard, or when the difficulty cannot be computed exactly for this game. Large grids,
/// tori, cylinders and other large GF(2) games with a geometry walk on the quiet patterns of
/// their structured or banded solver; other games factor M densely.
///
/// # Safety
/// As for `lightsout_game_random_with_presses`.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_random_with_difficulty(
    game: *const Game,
    seed: u64,
    minimal_presses: u64,
    lights_out: *mut u32,
    lights_len: usize,
) -> Status {
    ffi_boundary!({
        unsafe { write_board(game, lights_out, lights_len, |game| game.random_with_difficulty(seed, minimal_presses)) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_from_c() {
        assert_eq!(budget(0, 0.0).unwrap(), Budget::default());
        assert_eq!(budget(5, f64::INFINITY).unwrap(), Budget::new(5, None));
        assert_eq!(budget(5, 1.5).unwrap().max_time, Some(Duration::from_millis(1500)));
        for bad in [-1.0, f64::NAN, f64::NEG_INFINITY, 1e300] {
            assert_eq!(budget(0, bad).unwrap_err().status, Status::LightsoutInvalidArgument, "{bad}");
        }
    }
}
