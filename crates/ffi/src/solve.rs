//! Playing a game: solvability, solving, pressing, quiet patterns and random solvable boards.

use crate::boundary::{arg_slice, ffi_boundary, out_ptr, write_answer, write_out, Failure, OutArray, Status};
use crate::game::{game_ref, write_board, Game};

/// Whether the board `lights` (`lights_len` = size entries in 0..p-1) can be turned off.
/// Writes true or false to `*out`.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` NULL or `lights_len` readable values; `out`
/// NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_is_solvable(
    game: *const Game,
    lights: *const u32,
    lights_len: usize,
    out: *mut bool,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let out = out_ptr(out, "out")?;
        let solvable = game.is_solvable(lights)?;
        unsafe { write_out(out, solvable) };
        Ok(())
    })
}

/// Presses that turn the board off: writes `presses_len` = size values to `presses_out`, the
/// number of times (0..p-1) to press each button, such that lights + M presses = 0 (mod p).
/// This is the solution with every free button unpressed; `lightsout_game_null_basis` gives
/// the others. An unsolvable board returns LIGHTSOUT_UNSOLVABLE and leaves `presses_out` as it
/// was. `presses_out` may be the same array as `lights`.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` NULL or `lights_len` readable values;
/// `presses_out` NULL or `presses_len` writable values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_solve(
    game: *const Game,
    lights: *const u32,
    lights_len: usize,
    presses_out: *mut u32,
    presses_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let out = OutArray::new(presses_out, presses_len, game.size(), "presses_out")?;
        let presses = game.solve(lights)?;
        unsafe { out.write(&presses) };
        Ok(())
    })
}

/// The board after pressing: writes lights + M presses (mod p) to `lights_out`. All three
/// arrays have size entries; `lights_out` may be the same array as `lights` or `presses`.
/// Pressing the presses from `lightsout_game_solve` gives all zeros.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights` and `presses` NULL or readable for their
/// lengths; `lights_out` NULL or writable for `lights_out_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_apply(
    game: *const Game,
    lights: *const u32,
    lights_len: usize,
    presses: *const u32,
    presses_len: usize,
    lights_out: *mut u32,
    lights_out_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let lights = unsafe { arg_slice(lights, lights_len, "lights") }?;
        let presses = unsafe { arg_slice(presses, presses_len, "presses") }?;
        let out = OutArray::new(lights_out, lights_out_len, game.size(), "lights_out")?;
        let after = game.apply(lights, presses)?;
        unsafe { out.write(&after) };
        Ok(())
    })
}

/// A board drawn uniformly at random from the solvable boards (M times uniformly random
/// presses), the same for the same game and `seed` on every machine. Writes size values.
///
/// # Safety
/// `game` must be NULL or a live handle; `lights_out` NULL or writable for `lights_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_random_solvable(
    game: *const Game,
    seed: u64,
    lights_out: *mut u32,
    lights_len: usize,
) -> Status {
    ffi_boundary!({ unsafe { write_board(game, lights_out, lights_len, |game| game.random_solvable(seed)) } })
}

/// How many values `lightsout_game_null_basis` writes: (number of generators) x size; over a
/// prime modulus the number of generators is the nullity.
///
/// # Safety
/// `game` must be NULL or a live handle; `out` NULL or valid for one write.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_null_basis_len(game: *const Game, out: *mut usize) -> Status {
    ffi_boundary!({ unsafe { write_answer(game_ref(game), out, null_basis_entries) } })
}

fn null_basis_entries(game: &lightsout_topo::Game) -> Result<usize, Failure> {
    let nullity = game.null_orders()?.len();
    nullity.checked_mul(game.size()).ok_or_else(|| {
        Failure::new(
            Status::LightsoutTooLarge,
            format!("the null basis ({nullity} x {}) overflows size_t", game.size()),
        )
    })
}

/// A basis of the quiet patterns (presses that change no light), written one vector after
/// another: vector k is `basis_out[k * size .. (k + 1) * size]`. `basis_len` must equal the
/// value from `lightsout_game_null_basis_len` (it is 0, and `basis_out` may be NULL, when the
/// nullity is 0). Adding any combination of these vectors (mod p) to a solution gives another.
/// Over a composite modulus k they generate the quiet patterns, vector i with the additive
/// order given by `lightsout_game_null_orders`.
///
/// # Safety
/// `game` must be NULL or a live handle; `basis_out` NULL or writable for `basis_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_null_basis(game: *const Game, basis_out: *mut u32, basis_len: usize) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let expected = null_basis_entries(game)?;
        let out = OutArray::new(basis_out, basis_len, expected, "basis_out")?;
        let flat: Vec<u32> = game.null_basis()?.concat();
        unsafe { out.write(&flat) };
        Ok(())
    })
}

/// The additive order of each vector of `lightsout_game_null_basis` (the modulus p for each
/// over Z_p; over Z_k a divisor of k): the quiet patterns are the sums of c_i times vector i
/// with 0 <= c_i < order_i, each once, so every solvable board has the product of the orders
/// as its number of solutions. `orders_len` must equal the number of vectors
/// (`lightsout_game_null_basis_len` / size).
///
/// # Safety
/// `game` must be NULL or a live handle; `orders_out` NULL or writable for `orders_len` values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_null_orders(
    game: *const Game,
    orders_out: *mut u32,
    orders_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let orders = game.null_orders()?;
        let out = OutArray::new(orders_out, orders_len, orders.len(), "orders_out")?;
        unsafe { out.write(&orders) };
        Ok(())
    })
}

/// The elementary divisors of the press matrix M over Z_k (its Smith normal form), one per
/// light, each dividing the next, with k standing for 0: over Z_p, rank ones then p's. Their
/// product is the number of quiet patterns. Defined for every modulus, where rank and nullity
/// need a prime. `divisors_len` must equal the size.
///
/// # Safety
/// `game` must be NULL or a live handle; `divisors_out` NULL or writable for `divisors_len`
/// values.
#[no_mangle]
pub unsafe extern "C" fn lightsout_game_elementary_divisors(
    game: *const Game,
    divisors_out: *mut u32,
    divisors_len: usize,
) -> Status {
    ffi_boundary!({
        let game = unsafe { game_ref(game) }?;
        let out = OutArray::new(divisors_out, divisors_len, game.size(), "divisors_out")?;
        let divisors = game.elementary_divisors()?;
        unsafe { out.write(&divisors) };
        Ok(())
    })
}
