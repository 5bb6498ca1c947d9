//! Fewest presses, puzzles of a chosen difficulty, and data sets of boards with their fewest
//! presses.

use crate::boundary::{arg_slice, ffi_boundary, Failure, OptionalOut, OutArray, Status};
use crate::game::{game_ref, write_board, Game};
use lightsout_core::batch::BoardLayout;
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

impl From<&lightsout_core::minimal::MinimalSolution> for MinimalInfo {
    fn from(best: &lightsout_core::minimal::MinimalSolution) -> Self {
        MinimalInfo {
            weight: best.weight,
            lower_bound: best.lower_bound,
            explored: best.explored,
            proven_optimal: best.proven_optimal,
        }
    }
}

/// The default `max_work` of the fewest-press search and the worst case: 2^32 search nodes
/// (solution weights for the worst case), `LIGHTSOUT_DEFAULT_MAX_WORK` in the header.
#[cfg(test)]
const DEFAULT_MAX_WORK: u64 = 1 << 32;

/// The default `max_seconds`: 60 seconds, `LIGHTSOUT_DEFAULT_MAX_SECONDS` in the header.
#[cfg(test)]
const DEFAULT_MAX_SECONDS: f64 = 60.0;

/// The search budget from C: `max_work` a positive count (UINT64_MAX: no limit),
/// `max_seconds` a positive number of seconds (INFINITY: no limit). 0 is no budget, refused
/// with a message naming the defaults, as Python refuses `max_time=0` and the command line
/// `--time-limit 0` (docs/guide/fewest.md, "Budgets").
pub(crate) fn budget(max_work: u64, max_seconds: f64) -> Result<Budget, Failure> {
    let invalid = |message: String| Failure::new(Status::LightsoutInvalidArgument, message);
    if max_work == 0 {
        return Err(invalid(
            "max_work must be positive: 0 is no budget (LIGHTSOUT_DEFAULT_MAX_WORK for the default 2^32, UINT64_MAX \
             for no limit)"
                .to_string(),
        ));
    }
    let max_time = if max_seconds == f64::INFINITY {
        None
    } else {
        let refused = || {
            invalid(format!(
                "max_seconds must be a positive number of seconds (LIGHTSOUT_DEFAULT_MAX_SECONDS for the default 60, \
                 INFINITY for no limit), got {max_seconds}{}",
                if max_seconds == 0.0 { ": 0 is no budget" } else { "" }
            ))
        };
        if max_seconds.is_nan() || max_seconds <= 0.0 {
            return Err(refused());
        }
        Some(Duration::try_from_secs_f64(max_seconds).map_err(|_| refused())?)
    };
    Ok(Budget::new(max_work, max_time))
}

/// The solution with the fewest presses: over GF(2) the fewest buttons, over Z_p the smallest
/// sum of press counts. Searches all p^nullity solutions when there are at most `max_work` of
/// them (every coset member in Gray-code order); beyond that a local search and a branch and
/// bound, stopped by `max_work` (search nodes) or `max_seconds`, whichever comes first.
/// Pass LIGHTSOUT_DEFAULT_MAX_WORK and LIGHTSOUT_DEFAULT_MAX_SECONDS for the defaults (2^32
/// nodes, 60 seconds); `max_work` UINT64_MAX and `max_seconds` INFINITY mean no limit; 0 for
/// either is no budget and fails with LIGHTSOUT_INVALID_ARGUMENT. Both limits are hard: no more than `max_work` members
/// are examined. Over Z_p the presses `s` satisfy `M s = -b (mod p)` for the board `b`
/// (pressing them turns every light off). `info_out` (may be NULL) says whether the answer is proven
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
        let info_out = OptionalOut::new(info_out, "info_out")?;
        let budget = budget(max_work, max_seconds)?;
        let best = game.minimal_solution(lights, &budget)?;
        unsafe { out.write(&best.presses) };
        unsafe { info_out.write(&best) };
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
/// their structured or banded solver; other games factor M densely. `minimal_presses` 0 means
/// any board: the uniform random solvable board of `lightsout_game_random_solvable` with the
/// same seed, as difficulty 0 means in every front end (and in `lightsout_game_dataset`).
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

/// `count` rows of random solvable boards, each with a fewest-press solution and its exact
/// length (the distance): the same rows as `lightsout dataset` and Python's
/// `lightsout.dataset(game, count, difficulty, seed, flat=True)`. `boards_out` and
/// `presses_out` get `count x size` values (row after row, lights in order), `distances_out`
/// `count` values. With `difficulty` 0 the boards are uniform over the solvable boards; with
/// D > 0 uniform over those whose fewest-press solution has exactly D presses (on games too
/// large to list such boards, a rare D comes from a random walk: exact, not exactly uniform).
///
/// Every solution of every board is examined, so a game with more than 65536 solutions per
/// board fails with LIGHTSOUT_TOO_LARGE; a D no board has fails with
/// LIGHTSOUT_INVALID_ARGUMENT. Preparing a difficulty can take a fraction of a second: ask for
/// many rows per call.
///
/// # Safety
/// `game` must be NULL or a live handle; each output NULL or writable for its `_len` values.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lightsout_game_dataset(
    game: *const Game,
    count: usize,
    difficulty: u64,
    seed: u64,
    boards_out: *mut u32,
    boards_len: usize,
    presses_out: *mut u32,
    presses_len: usize,
    distances_out: *mut u64,
    distances_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let n = game.size();
        let cells = count.checked_mul(n).ok_or_else(|| {
            Failure::new(Status::LightsoutTooLarge, format!("{count} rows of {n} lights do not fit in memory"))
        })?;
        let boards = OutArray::new(boards_out, boards_len, cells, "boards_out")?;
        let presses = OutArray::new(presses_out, presses_len, cells, "presses_out")?;
        let distances = OutArray::new(distances_out, distances_len, count, "distances_out")?;
        let many = game.batch_minimizer()?;
        let sampler = many.sampler((difficulty > 0).then_some(difficulty))?;
        let (mut b, mut s, mut d) = (zeros(cells)?, zeros(cells)?, zeros(count)?);
        let layout = BoardLayout { stride: n, cell_of_light: Vec::new() };
        many.fill(&sampler, seed, 0, &layout, &mut b, &mut s, &mut d)?;
        // SAFETY: each output was checked against its length; the caller guarantees it is writable.
        unsafe {
            boards.write(&b);
            presses.write(&s);
            distances.write(&d);
        }
        Ok(())
    })
}

/// `len` zeros, or LIGHTSOUT_TOO_LARGE when the memory cannot be had.
fn zeros<T: Clone + Default>(len: usize) -> Result<Vec<T>, Failure> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| {
        Failure::new(Status::LightsoutTooLarge, format!("cannot allocate {len} entries for the data set"))
    })?;
    v.resize(len, T::default());
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_from_c() {
        assert_eq!(budget(DEFAULT_MAX_WORK, DEFAULT_MAX_SECONDS).unwrap(), Budget::default());
        // The header's defines say the same.
        let header = include_str!("../../../include/lightsout.h");
        assert!(header.contains(&format!("#define LIGHTSOUT_DEFAULT_MAX_WORK UINT64_C({DEFAULT_MAX_WORK})")));
        assert!(header.contains(&format!("#define LIGHTSOUT_DEFAULT_MAX_SECONDS {DEFAULT_MAX_SECONDS:.1}")));
        // 0 is no budget: refused, naming the defaults (it meant the defaults before).
        let zero = budget(0, DEFAULT_MAX_SECONDS).unwrap_err();
        assert!(zero.message.contains("0 is no budget") && zero.message.contains("LIGHTSOUT_DEFAULT_MAX_WORK"));
        let zero = budget(DEFAULT_MAX_WORK, 0.0).unwrap_err();
        assert!(zero.message.contains("0 is no budget") && zero.message.contains("LIGHTSOUT_DEFAULT_MAX_SECONDS"));
        assert_eq!(budget(5, f64::INFINITY).unwrap(), Budget::new(5, None));
        assert_eq!(budget(5, 1.5).unwrap().max_time, Some(Duration::from_millis(1500)));
        for bad in [-1.0, f64::NAN, f64::NEG_INFINITY, 1e300] {
            assert_eq!(budget(5, bad).unwrap_err().status, Status::LightsoutInvalidArgument, "{bad}");
        }
    }
}
