//! Board statistics over Z_k for composite k: every press vector visited once, its board's
//! lightest solution kept. Quiet patterns over Z_k form a module, not a vector space, so there
//! is no complement of pivot columns to enumerate the cosets by, as [`super::stats`] does.

use super::{out_of_time, unique_solutions, Stats};
use crate::arith::Fp;
use crate::error::{Error, Result};
use crate::minimal::{Budget, Deadline};
use crate::ring::RingSolver;
use std::collections::HashMap;

/// The most solvable boards [`ring_stats`] keeps a lightest weight for: 2^26 (about 1 GiB of
/// hash map at worst).
pub const MAX_RING_STATS_BOARDS: u128 = 1 << 26;

/// [`super::stats`] for any modulus, through the ring solver: the `k^buttons` press vectors
/// must fit `budget.max_work`, `k^lights` must fit in 64 bits and the solvable boards
/// [`MAX_RING_STATS_BOARDS`].
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, ring_stats, Budget}, Modulus, RingSolver};
/// let ring = RingSolver::new(&plus_grid(2, 2, Modulus::ring(6).unwrap()).unwrap()).unwrap();
/// let s = ring_stats(&ring, &Budget::default()).unwrap();
/// assert_eq!((s.solvable_boards, s.kernel_size), (432, 3)); // 6^4 / 3 boards, 3 solutions each
/// assert_eq!(s.histogram[0], 1);
/// ```
pub fn ring_stats(ring: &RingSolver, budget: &Budget) -> Result<Stats> {
    let (k, n, lights) = (ring.modulus().get(), ring.buttons(), ring.lights());
    let too_large = |needed: u128, unit: &'static str, limit: u128| Error::TooLarge {
        what: "board statistics",
        needed,
        unit,
        limit,
    };
    let members = (k as u128).checked_pow(n.min(200) as u32).unwrap_or(u128::MAX);
    if members > budget.max_work as u128 {
        return Err(too_large(members, "press vectors (k^buttons)", budget.max_work as u128));
    }
    let boards = (k as u128).checked_pow(lights.min(200) as u32).unwrap_or(u128::MAX);
    if boards > u64::MAX as u128 {
        return Err(too_large(boards, "boards (the counts must fit in 64 bits)", u64::MAX as u128));
    }
    let solvable = ring.solvable_boards().to_u128().unwrap_or(u128::MAX);
    let kernel = ring.kernel_size().to_u128().unwrap_or(u128::MAX) as u64;
    let divisors = ring.elementary_divisors();
    let (rank, zeros) = (divisors.iter().filter(|&&d| d == 1).count(), divisors.iter().filter(|&&d| d == k).count());
    let histogram = if kernel == 1 {
        unique_solutions(k, n)?
    } else {
        if solvable > MAX_RING_STATS_BOARDS {
            return Err(too_large(solvable, "solvable boards", MAX_RING_STATS_BOARDS));
        }
        let mut histogram = Vec::new();
        for &w in lightest_per_board(ring, budget, members)?.values() {
            if histogram.len() <= w as usize {
                histogram.resize(w as usize + 1, 0u64);
            }
            histogram[w as usize] += 1;
        }
        histogram
    };
    let solvable_boards: u64 = histogram.iter().sum();
    let total: u128 = histogram.iter().enumerate().map(|(w, &c)| w as u128 * c as u128).sum();
    Ok(Stats {
        modulus: k,
        buttons: n,
        rank,
        nullity: zeros + n.saturating_sub(lights),
        kernel_size: kernel,
        max_presses: histogram.len().saturating_sub(1) as u64,
        mean: if solvable_boards == 0 { 0.0 } else { total as f64 / solvable_boards as f64 },
        histogram,
        solvable_boards,
    })
}

/// Visit every press vector in odometer order, keeping the board (as a number in base k) and
/// the weight up to date one column at a time, and the lightest weight of each board.
fn lightest_per_board(ring: &RingSolver, budget: &Budget, members: u128) -> Result<HashMap<u64, u32>> {
    let (k, z) = (ring.modulus().get(), ring.modulus().arith());
    let columns = ring.matrix().columns();
    let place: Vec<u64> = (0..ring.lights()).map(|i| (k as u64).pow(i as u32)).collect();
    let deadline = Deadline::start(budget);
    let mut board = vec![0u32; ring.lights()];
    let mut code = 0u64;
    let mut digits = vec![0u32; columns.len()];
    let mut weight = 0u64;
    let mut lightest: HashMap<u64, u32> = HashMap::new();
    let mut visited = 0u64;
    loop {
        let w = weight as u32;
        lightest.entry(code).and_modify(|x| *x = (*x).min(w)).or_insert(w);
        visited += 1;
        if visited % 65536 == 0 && deadline.passed() {
            crate::interrupt::check()?;
            return Err(out_of_time(budget, members));
        }
        let Some(j) = digits.iter().position(|&d| d + 1 < k) else { break };
        for i in 0..j {
            // digit i wraps from k-1 to 0: one more press of button i, k in all, changes nothing
            // but the weight.
            step(&mut board, &mut code, &place, &columns[i], z);
            digits[i] = 0;
            weight -= (k - 1) as u64;
        }
        step(&mut board, &mut code, &place, &columns[j], z);
        digits[j] += 1;
        weight += 1;
    }
    Ok(lightest)
}

/// A board whose fewest-press solution weighs exactly `target`, drawn uniformly (reproducibly
/// from `seed`) from all such boards, for games over any modulus whose `k^buttons` press
/// vectors fit [`crate::minimal::EXHAUSTIVE_DIFFICULTY_WORK`] and whose solvable boards fit
/// [`MAX_RING_STATS_BOARDS`]; `Ok(None)` for larger games (which walk instead). An error naming
/// the hardest difficulty when no board has this one.
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, ring_random_with_difficulty}, Modulus, RingSolver};
/// let ring = RingSolver::new(&plus_grid(2, 3, Modulus::ring(4).unwrap()).unwrap()).unwrap();
/// let board = ring_random_with_difficulty(&ring, 7, 10).unwrap().unwrap();
/// assert!(ring.is_solvable(&board).unwrap());
/// assert!(ring_random_with_difficulty(&ring, 7, 11).is_err()); // 10 is the hardest
/// ```
pub fn ring_random_with_difficulty(ring: &RingSolver, seed: u64, target: u64) -> Result<Option<Vec<u32>>> {
    use rand::{Rng, SeedableRng};
    let (k, n, lights) = (ring.modulus().get() as u128, ring.buttons(), ring.lights());
    let members = k.checked_pow(n.min(200) as u32).unwrap_or(u128::MAX);
    let boards = k.checked_pow(lights.min(200) as u32).unwrap_or(u128::MAX);
    let solvable = ring.solvable_boards().to_u128().unwrap_or(u128::MAX);
    if members > crate::minimal::EXHAUSTIVE_DIFFICULTY_WORK as u128
        || boards > u64::MAX as u128
        || solvable > MAX_RING_STATS_BOARDS
    {
        return Ok(None);
    }
    let lightest = lightest_per_board(ring, &Budget::work_only(crate::minimal::EXHAUSTIVE_DIFFICULTY_WORK), members)?;
    let mut codes: Vec<u64> = lightest.iter().filter(|&(_, &w)| w as u64 == target).map(|(&c, _)| c).collect();
    if codes.is_empty() {
        let hardest = lightest.values().max().copied().unwrap_or(0);
        return Err(Error::InvalidArgument(format!(
            "no solvable board of this game needs exactly {target} presses: minimal press counts range from 0 to {hardest}"
        )));
    }
    codes.sort_unstable();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut code = codes[rng.gen_range(0..codes.len())];
    // The code is M s in base k; the board that s turns off is -M s.
    let z = ring.modulus().arith();
    let board = (0..lights)
        .map(|_| {
            // A digit of the code (a number written in base k), negated mod k.
            let digit = (code % k as u64) as u32;
            code /= k as u64;
            z.neg(digit)
        })
        .collect();
    Ok(Some(board))
}

/// Add one press of a button (its column) to the board and its code.
fn step(board: &mut [u32], code: &mut u64, place: &[u64], column: &[(u32, u32)], z: Fp) {
    for &(r, v) in column {
        let r = r as usize;
        let old = board[r];
        let new = z.add(old, v);
        board[r] = new;
        *code = code.wrapping_add((new as u64).wrapping_sub(old as u64).wrapping_mul(place[r]));
    }
}
