//! The hardest board of a game ("God's number").

use crate::boundary::{ffi_boundary, OptionalOut, OutArray, Status};
use crate::game::{game_ref, Game};
use crate::solve_minimal::budget;

/// What `lightsout_game_worst_case` knows about the board it returned.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorstInfo {
    /// The fewest-press count of the board (with multiplicity over Z_p): proven for that board.
    pub weight: u64,
    /// No solvable board needs more presses than this (equal to `weight` when proven).
    pub upper_bound: u64,
    /// Work done (solution weights updated).
    pub explored: u64,
    /// Whether no solvable board needs more presses than `weight`.
    pub proven_optimal: bool,
}

impl From<&lightsout_core::minimal::WorstCase> for WorstInfo {
    fn from(worst: &lightsout_core::minimal::WorstCase) -> Self {
        WorstInfo {
            weight: worst.weight,
            upper_bound: worst.upper_bound,
            explored: worst.explored,
            proven_optimal: worst.proven_optimal,
        }
    }
}

/// The worst case of the game: writes to `board_out` a solvable board whose fewest-press
/// solution is as heavy as any board's (within the budget), and that solution to
/// `presses_out` (both size values; board + M presses = 0 mod p). `info_out` (may be NULL)
/// says how many presses it needs, whether no board needs more (`proven_optimal`) and an upper
/// bound otherwise. The search stops at `max_work` solution weights or `max_seconds`:
/// LIGHTSOUT_DEFAULT_MAX_WORK and LIGHTSOUT_DEFAULT_MAX_SECONDS for the defaults (2^32, 60 s),
/// UINT64_MAX and INFINITY for no limit; 0 for either is no budget and fails with
/// LIGHTSOUT_INVALID_ARGUMENT. Games of nullity 0 need every
/// button pressed p - 1 times. Outputs are left unchanged on error.
///
/// # Safety
/// `game` must be NULL or a live handle; `board_out` and `presses_out` NULL or writable for
/// their lengths; `info_out` NULL or writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lightsout_game_worst_case(
    game: *const Game,
    max_work: u64,
    max_seconds: f64,
    board_out: *mut u32,
    board_len: usize,
    presses_out: *mut u32,
    presses_len: usize,
    info_out: *mut WorstInfo,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let board = OutArray::new(board_out, board_len, game.size(), "board_out")?;
        let presses = OutArray::new(presses_out, presses_len, game.size(), "presses_out")?;
        let info_out = OptionalOut::new(info_out, "info_out")?;
        let budget = budget(max_work, max_seconds)?;
        let worst = game.worst_case(&budget)?;
        unsafe { board.write(&worst.board) };
        unsafe { presses.write(&worst.presses) };
        unsafe { info_out.write(&worst) };
        Ok(())
    })
}
