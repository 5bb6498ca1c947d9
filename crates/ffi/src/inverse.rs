//! The pseudoinverse, the obstructions and solving many boards at once: the dense answers of
//! `lightsout_topo::Game` (`pseudoinverse`, `obstructions`, `batch_solver`), for a prime or a
//! composite modulus alike.

use crate::boundary::{arg_slice_or_empty, ffi_boundary, write_answer, Failure, OutArray, Status};
use crate::game::{game_ref, handle_ref, Game};
use lightsout_core::batch::{BatchError, BoardLayout};

/// Entries of a `rows x size` matrix written row after row, or LIGHTSOUT_TOO_LARGE.
fn entries(rows: usize, size: usize, what: &str) -> Result<usize, Failure> {
    rows.checked_mul(size)
        .ok_or_else(|| Failure::new(Status::LightsoutTooLarge, format!("{what} ({rows} x {size}) overflows size_t")))
}

/// The pseudoinverse W, size x size values row after row (row i is button i): for every
/// solvable board b, the presses `s = W (-b) mod k` turn it off, and adding the quiet patterns
/// (`lightsout_game_null_basis`) gives every other solution. `w_len` must be size * size.
/// Over a composite k, W exists when every elementary divisor of M is a unit or zero in each
/// prime-power factor of k (always for a squarefree k such as 6); otherwise this fails with
/// LIGHTSOUT_INVALID_ARGUMENT and a message naming the divisor (2 for the 4 x 4 grid over Z_4).
/// Built from the dense factorisation: LIGHTSOUT_TOO_LARGE past its limits. `w_out` is left
/// unchanged on error.
///
/// # Safety
/// `game` must be NULL or a live handle; `w_out` NULL or writable for `w_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_pseudoinverse(game: *const Game, w_out: *mut u32, w_len: usize) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let n = game.size();
        let out = OutArray::new(w_out, w_len, entries(n, n, "the pseudoinverse")?, "w_out")?;
        let w = game.pseudoinverse()?;
        unsafe { out.write(w.as_slice()) };
        Ok(())
    })
}

/// How many values `lightsout_game_obstructions` writes: (number of obstructions) x size.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_obstructions_len(game: *const Game, out: *mut usize) -> Status {
    ffi_boundary!({
        unsafe {
            write_answer(game_ref(game), out, |game| {
                entries(game.obstructions()?.len(), game.size(), "the obstructions")
            })
        }
    })
}

/// Generators of the obstructions, vectors y with y M = 0, written one after another (vector
/// i is `out[i * size .. (i + 1) * size]`): a board b is solvable exactly when y . b = 0 (mod k)
/// for every one. `obstructions_len` must equal the value of `lightsout_game_obstructions_len`
/// (0, with `obstructions_out` possibly NULL, when every board is solvable).
///
/// # Safety
/// `game` must be NULL or a live handle; `obstructions_out` NULL or writable for
/// `obstructions_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_obstructions(
    game: *const Game,
    obstructions_out: *mut u32,
    obstructions_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let ys = game.obstructions()?;
        let expected = entries(ys.len(), game.size(), "the obstructions")?;
        let out = OutArray::new(obstructions_out, obstructions_len, expected, "obstructions_out")?;
        unsafe { out.write(&ys.concat()) };
        Ok(())
    })
}

/// Solve `count` boards at once: `boards` holds them one after another (count * size values,
/// each in 0..k-1), `presses_out` receives their presses in the same layout (board + M presses
/// = 0 mod k) and `solvable_out` (count values) whether each could be solved; an unsolvable
/// board gets all-zero presses. The pseudoinverse and obstructions are laid out on the first
/// call and kept with the handle; boards are then spread over the CPUs. Over a composite k
/// this needs the pseudoinverse (see `lightsout_game_pseudoinverse`). A value out of range is
/// LIGHTSOUT_OUT_OF_RANGE naming the board and position; outputs are then unspecified.
///
/// # Safety
/// `game` must be NULL or a live handle; `boards` NULL or readable for `boards_len` values;
/// `presses_out` and `solvable_out` NULL or writable for their lengths. `presses_out` must not
/// overlap `boards`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lightsout_game_solve_many(
    game: *const Game,
    count: usize,
    boards: *const u32,
    boards_len: usize,
    presses_out: *mut u32,
    presses_len: usize,
    solvable_out: *mut bool,
    solvable_len: usize,
) -> Status {
    ffi_boundary!({
        let handle = unsafe { handle_ref(game) }?;
        let game = &handle.inner;
        let n = game.size();
        let expected = entries(count, n, "the boards")?;
        if boards_len != expected {
            return Err(Failure::new(
                Status::LightsoutLengthMismatch,
                format!("boards_len is {boards_len}, but {count} boards of {n} lights need {expected}"),
            ));
        }
        let boards = unsafe { arg_slice_or_empty(boards, boards_len, "boards") }?;
        let presses = OutArray::new(presses_out, presses_len, expected, "presses_out")?;
        let solvable = OutArray::new(solvable_out, solvable_len, count, "solvable_out")?;
        let batch = match handle.batch.get() {
            Some(b) => b,
            None => {
                let b = game.batch_solver()?;
                handle.batch.get_or_init(|| b)
            }
        };
        let layout = BoardLayout { stride: n, cell_of_light: Vec::new() };
        let (mut s, mut ok) = (vec![0u32; expected], vec![false; count]);
        batch.solve(boards, &layout, &mut s, &mut ok).map_err(|e| match e {
            BatchError::Shape(e) => Failure::from(e),
            BatchError::Entry(bad) => Failure::new(
                Status::LightsoutOutOfRange,
                format!(
                    "board {} has the value {} at position {}; lights take values 0 to {}",
                    bad.board,
                    bad.value,
                    bad.position,
                    game.modulus().get() - 1
                ),
            ),
        })?;
        unsafe {
            presses.write(&s);
            solvable.write(&ok);
        }
        Ok(())
    })
}
