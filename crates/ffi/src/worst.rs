//! The hardest board of a game ("God's number").

use crate::boundary::{arg_slice_or_empty, ffi_boundary, to_usize, Failure, OptionalOut, OutArray, Status};
use crate::game::{game_ref, Game};
use crate::solve_minimal::budget;
use lightsout_core::minimal::Symmetry as Choice;

/// Which symmetries the proof of `lightsout_game_worst_case_with` uses: its `symmetry`
/// argument (passed as a `uint32_t`; any other value is LIGHTSOUT_INVALID_ARGUMENT).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // the prefix makes the C names LIGHTSOUT_SYMMETRY_DETECT, ...
pub enum Symmetry {
    /// The symmetries of the buttons laid out as a grid, torus or cylinder that keep the quiet
    /// patterns, found by the search: what `lightsout_game_worst_case` uses.
    LightsoutSymmetryDetect = 0,
    /// None: the same answer after more work (to compare).
    LightsoutSymmetryPlain = 1,
    /// The permutations of the buttons in `perms` and their compositions; each must keep the
    /// quiet patterns.
    LightsoutSymmetryGiven = 2,
}

const LIGHTSOUT_SYMMETRY_DETECT: u32 = Symmetry::LightsoutSymmetryDetect as u32;
const LIGHTSOUT_SYMMETRY_PLAIN: u32 = Symmetry::LightsoutSymmetryPlain as u32;
const LIGHTSOUT_SYMMETRY_GIVEN: u32 = Symmetry::LightsoutSymmetryGiven as u32;

/// The core's choice from the C arguments: `perms` (`n` entries a permutation, one after
/// another) only with LIGHTSOUT_SYMMETRY_GIVEN. That each keeps the quiet patterns is the
/// search's check.
fn choice_of(symmetry: u32, perms: &[u32], n: usize) -> Result<Choice, Failure> {
    let bad = |why: String| Failure::new(Status::LightsoutInvalidArgument, why);
    match symmetry {
        LIGHTSOUT_SYMMETRY_DETECT | LIGHTSOUT_SYMMETRY_PLAIN if !perms.is_empty() => Err(bad(format!(
            "perms must be empty (NULL, 0) unless symmetry is LIGHTSOUT_SYMMETRY_GIVEN (2), not {} entries",
            perms.len()
        ))),
        LIGHTSOUT_SYMMETRY_DETECT => Ok(Choice::Detect),
        LIGHTSOUT_SYMMETRY_PLAIN => Ok(Choice::Plain),
        LIGHTSOUT_SYMMETRY_GIVEN if n == 0 || perms.len() % n != 0 => Err(bad(format!(
            "perms_len must be a multiple of the game's {n} buttons (one permutation after another), not {}",
            perms.len()
        ))),
        LIGHTSOUT_SYMMETRY_GIVEN => {
            Ok(Choice::Given(perms.chunks(n).map(|perm| perm.iter().map(|&j| to_usize(j)).collect()).collect()))
        }
        _ => Err(bad(format!(
            "symmetry must be LIGHTSOUT_SYMMETRY_DETECT (0), LIGHTSOUT_SYMMETRY_PLAIN (1) or \
             LIGHTSOUT_SYMMETRY_GIVEN (2), not {symmetry}"
        ))),
    }
}

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
    // SAFETY: forwarded from the caller; no permutations.
    unsafe {
        lightsout_game_worst_case_with(
            game,
            max_work,
            max_seconds,
            LIGHTSOUT_SYMMETRY_DETECT,
            std::ptr::null(),
            0,
            board_out,
            board_len,
            presses_out,
            presses_len,
            info_out,
        )
    }
}

/// `lightsout_game_worst_case` with the choice of the symmetries its proof uses: `symmetry`
/// is a lightsout_symmetry value. LIGHTSOUT_SYMMETRY_DETECT is what
/// `lightsout_game_worst_case` does, LIGHTSOUT_SYMMETRY_PLAIN uses none (the same weight,
/// upper bound and proof after more work), and LIGHTSOUT_SYMMETRY_GIVEN takes `perms`:
/// `perms_len / size` permutations of the buttons one after another (`perm[j]`: the image of
/// button j, light order). A permutation that is not one, or does not map the quiet patterns
/// onto themselves, fails with LIGHTSOUT_INVALID_ARGUMENT naming it; so do `perms` with
/// another choice (pass NULL, 0) and any other `symmetry` value. The rest as
/// `lightsout_game_worst_case`.
///
/// # Safety
/// As `lightsout_game_worst_case`; `perms` NULL (with `perms_len` 0) or readable for
/// `perms_len` values.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lightsout_game_worst_case_with(
    game: *const Game,
    max_work: u64,
    max_seconds: f64,
    symmetry: u32,
    perms: *const u32,
    perms_len: usize,
    board_out: *mut u32,
    board_len: usize,
    presses_out: *mut u32,
    presses_len: usize,
    info_out: *mut WorstInfo,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let perms = unsafe { arg_slice_or_empty(perms, perms_len, "perms") }?;
        let choice = choice_of(symmetry, perms, game.size())?;
        let board = OutArray::new(board_out, board_len, game.size(), "board_out")?;
        let presses = OutArray::new(presses_out, presses_len, game.size(), "presses_out")?;
        let info_out = OptionalOut::new(info_out, "info_out")?;
        let budget = budget(max_work, max_seconds)?;
        let worst = game.worst_case_with(&budget, &choice)?;
        unsafe { board.write(&worst.board) };
        unsafe { presses.write(&worst.presses) };
        unsafe { info_out.write(&worst) };
        Ok(())
    })
}
