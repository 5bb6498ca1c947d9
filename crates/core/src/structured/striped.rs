//! The packed GF(2) chase on two cores: each thread chases half of every row's words.
//!
//! A light's next press depends on its neighbours in the row above, so information crosses
//! from one half to the other one bit per row. Each thread therefore also chases
//! [`GHOST`] words of the other half: wrong bits creep into them from their far edge one bit per
//! row, so they stay right for `64 * GHOST` rows. After that many rows the two threads swap the
//! boundary words of their last two rows and go on: one exchange per `64 * GHOST` rows instead
//! of one per row.

// The unsafe functions here are unsafe throughout (raw pointers into rows whose bounds the
// caller vouches for): their bodies are not split into unsafe blocks one operation at a time.
#![allow(unsafe_op_in_unsafe_fn)]

use super::packed::{self, PackedBoard};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Barrier, Mutex};

/// Words of the other half each thread also chases.
const GHOST: usize = 4;
/// Rows of at least this many words are chased by two threads.
const MIN_WORDS: usize = 48;

/// One thread's share: it owns words `lo..hi` and chases `glo..ghi` (its share plus ghosts).
struct Stripe {
    lo: usize,
    hi: usize,
    glo: usize,
    ghi: usize,
}

/// `next = b + T x + prev` on words `glo..ghi` of the row (bits outside count as zero); `b` is
/// already cut to those words. The step of [`packed::step`] on the stripe: the bits past `n` are
/// cleared only in the stripe that ends the row (`n = 0` tells it to clear none).
#[inline]
fn step(n: usize, delta: bool, s: &Stripe, b: Option<&[u64]>, prev: &[u64], x: &[u64], next: &mut [u64]) {
    let tail = if s.ghi == n.div_ceil(64) { n } else { 0 };
    packed::step(tail, delta, b, prev, x, next)
}

/// The words of a packed board as a raw pointer, so that the chase can read the board and write
/// the presses into the same rows (in place) from two threads. Every access goes through
/// [`Rows::read`] and [`Rows::write`] under the protocol of [`chase`].
#[derive(Clone, Copy)]
struct Rows {
    ptr: *mut u64,
    wpr: usize,
}
// SAFETY: the threads of `chase` touch disjoint words at any time (see there).
unsafe impl Send for Rows {}
unsafe impl Sync for Rows {}

impl Rows {
    /// Words `lo..hi` of row `k`. SAFETY: no thread writes them while the slice lives.
    unsafe fn read<'a>(self, k: usize, lo: usize, hi: usize) -> &'a [u64] {
        std::slice::from_raw_parts(self.ptr.add(k * self.wpr + lo), hi - lo)
    }
    /// Copy `src` into row `k` from word `lo`. SAFETY: no other thread reads or writes them now.
    unsafe fn write(self, k: usize, lo: usize, src: &[u64]) {
        std::ptr::copy_nonoverlapping(src.as_ptr(), self.ptr.add(k * self.wpr + lo), src.len());
    }
    /// Words `0..len` of row `k`, to read and write. SAFETY: no one else uses them meanwhile.
    unsafe fn row_mut<'a>(self, k: usize, len: usize) -> &'a mut [u64] {
        std::slice::from_raw_parts_mut(self.ptr.add(k * self.wpr), len)
    }
}

/// The chase of [`super::packed::run`] from `(x0, x1)` through `board`, writing press row `k` (that is
/// `x_{k+1}`) into row `k` of `out` when given; returns `(x_m, x_{m+1})`. Two threads when the
/// rows are wide enough and two are available.
pub(crate) fn run(
    n: usize,
    delta: bool,
    m: usize,
    board: &PackedBoard,
    x0: &[u64],
    x1: &[u64],
    out: Option<&mut PackedBoard>,
) -> (Vec<u64>, Vec<u64>) {
    let src = Some(Rows { ptr: board.words().as_ptr().cast_mut(), wpr: board.words_per_row() });
    let dst = out.map(|o| Rows { ptr: o.words_mut().as_mut_ptr(), wpr: o.words_per_row() });
    // SAFETY: `board` is only read, `out` is borrowed mutably, so they are different boards.
    unsafe { chase(n, delta, m, src, dst, x0, x1, threads()) }
}

/// [`run`] writing the presses over the board itself: row `k` of the board is read by the step
/// that computes `x_{k+2}`, then replaced by `x_{k+1}`. No second board-sized buffer, and no
/// fresh pages to fault in. Returns `(x_m, x_{m+1})`.
pub(crate) fn run_in_place(
    n: usize,
    delta: bool,
    m: usize,
    board: &mut PackedBoard,
    x0: &[u64],
    x1: &[u64],
) -> (Vec<u64>, Vec<u64>) {
    let rows = Rows { ptr: board.words_mut().as_mut_ptr(), wpr: board.words_per_row() };
    // SAFETY: the board is borrowed mutably for the whole chase; `chase` reads each row before
    // writing it and defers the words the other thread reads (see there).
    unsafe { chase(n, delta, m, Some(rows), Some(rows), x0, x1, threads()) }
}

/// Threads for the chase: two from four CPUs up. On the 2-CPU machine of docs/BENCHMARKS.md
/// (shared with other jobs) the two-thread chase took twice the CPU time of one thread and no
/// less wall time (10^8 lights: 11 ms CPU against 6 ms for the whole solve), so there one
/// thread chases.
fn threads() -> usize {
    // available_parallelism reads the cgroup files (tens of microseconds): ask once.
    static CPUS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cpus = *CPUS.get_or_init(|| std::thread::available_parallelism().map_or(1, |c| c.get()));
    if cpus >= 4 && rayon::current_num_threads() >= 2 {
        2
    } else {
        1
    }
}

/// The chase on raw rows; `src` and `dst` may be the same board.
///
/// Two threads, each owning words `lo..hi` of every row and reading `glo..ghi`. A thread writes
/// a row's words right after reading them, except the [`GHOST`] words next to the other half,
/// which the other thread reads as its ghosts: those wait in a buffer until both threads have
/// finished the block of `64 * GHOST` rows, then are written. So no word is written while the
/// other thread may read it.
///
/// SAFETY: `src` and `dst` point to boards of at least `m` rows of `n.div_ceil(64)` words (and
/// `wpr` words apart), not used by anyone else during the call.
unsafe fn chase(
    n: usize,
    delta: bool,
    m: usize,
    src: Option<Rows>,
    dst: Option<Rows>,
    x0: &[u64],
    x1: &[u64],
    threads: usize,
) -> (Vec<u64>, Vec<u64>) {
    let w = n.div_ceil(64);
    if w < MIN_WORDS || m < 64 * GHOST || threads < 2 {
        let s = Stripe { lo: 0, hi: w, glo: 0, ghi: w };
        let (mut prev, mut cur, mut next) = (x0.to_vec(), x1.to_vec(), vec![0u64; w]);
        let in_place = matches!((src, dst), (Some(a), Some(b)) if a.ptr == b.ptr);
        for k in 0..m {
            // Interrupted: stop; the solver being built reports it (crate::interrupt).
            if k % 256 == 0 && crate::interrupt::requested() {
                break;
            }
            if let (true, Some(d)) = (in_place, dst) {
                // Board row k read and the press row written over it in one pass.
                packed::step_in_place(n, delta, d.row_mut(k, w), &prev, &cur, &mut next);
            } else {
                step(n, delta, &s, src.map(|r| r.read(k, 0, w)), &prev, &cur, &mut next);
                if let Some(d) = dst {
                    d.write(k, 0, &cur);
                }
            }
            std::mem::swap(&mut prev, &mut cur);
            std::mem::swap(&mut cur, &mut next);
        }
        return (prev, cur);
    }
    let h = w / 2;
    let stripes = [Stripe { lo: 0, hi: h, glo: 0, ghi: h + GHOST }, Stripe { lo: h, hi: w, glo: h - GHOST, ghi: w }];
    let barrier = Barrier::new(2);
    let stop = AtomicBool::new(false);
    // Boundary words of (prev, cur) each thread hands the other: slot 0 for the left thread.
    let slots = [Mutex::new(vec![0u64; 2 * GHOST]), Mutex::new(vec![0u64; 2 * GHOST])];
    let chase = |me: usize, s: &Stripe| -> (Vec<u64>, Vec<u64>) {
        let (mut prev, mut cur) = (x0[s.glo..s.ghi].to_vec(), x1[s.glo..s.ghi].to_vec());
        let mut next = vec![0u64; s.ghi - s.glo];
        // Where (in this thread's words) the words the other thread needs start, and where the
        // ghosts it hands over go.
        let (give, take) = if me == 0 { (h - GHOST, h) } else { (GHOST, 0) };
        // The owned words written at once (`now`, in this thread's words) and the deferred ones.
        let (now, held) = if me == 0 { (0..h - GHOST, h - GHOST..h) } else { (2 * GHOST..w - s.glo, GHOST..2 * GHOST) };
        let mut deferred = vec![0u64; 64 * GHOST * GHOST];
        let mut k = 0;
        loop {
            let start = k;
            let end = (k + 64 * GHOST).min(m);
            for k in start..end {
                // SAFETY: words glo..ghi of row k are this thread's or deferred by the other one.
                let b = src.map(|r| unsafe { r.read(k, s.glo, s.ghi) });
                step(n, delta, s, b, &prev, &cur, &mut next);
                if let Some(d) = dst {
                    // SAFETY: words this thread owns and the other never reads.
                    unsafe { d.write(k, s.glo + now.start, &cur[now.clone()]) };
                    deferred[(k - start) * GHOST..(k - start + 1) * GHOST].copy_from_slice(&cur[held.clone()]);
                }
                std::mem::swap(&mut prev, &mut cur);
                std::mem::swap(&mut cur, &mut next);
            }
            k = end;
            let last = k == m;
            if !last {
                if crate::interrupt::requested() {
                    stop.store(true, Ordering::Relaxed);
                }
                let mut slot = slots[me].lock().expect("no thread panics holding it");
                slot[..GHOST].copy_from_slice(&prev[give..give + GHOST]);
                slot[GHOST..].copy_from_slice(&cur[give..give + GHOST]);
            }
            barrier.wait();
            // Both threads are done with rows start..end: the held words may be written.
            if let Some(d) = dst {
                for (i, words) in deferred.chunks(GHOST).take(end - start).enumerate() {
                    // SAFETY: the other thread read these words before the barrier and will not again.
                    unsafe { d.write(start + i, s.glo + held.start, words) };
                }
            }
            if last {
                break;
            }
            let halt = stop.load(Ordering::Relaxed);
            {
                let slot = slots[1 - me].lock().expect("no thread panics holding it");
                prev[take..take + GHOST].copy_from_slice(&slot[..GHOST]);
                cur[take..take + GHOST].copy_from_slice(&slot[GHOST..]);
            }
            barrier.wait();
            if halt {
                break; // the solver being built reports it (crate::interrupt)
            }
        }
        (prev[s.lo - s.glo..s.hi - s.glo].to_vec(), cur[s.lo - s.glo..s.hi - s.glo].to_vec())
    };
    let ((mut xm, mut xm1), (xm_r, xm1_r)) = std::thread::scope(|scope| {
        let right = scope.spawn(|| chase(1, &stripes[1]));
        let left = chase(0, &stripes[0]);
        (left, right.join().expect("the chase thread does not panic"))
    });
    xm.extend(xm_r);
    xm1.extend(xm1_r);
    (xm, xm1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_threads_match_one() {
        let mut seed = 3u64;
        let mut rnd = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            seed
        };
        for (m, n) in [(700, 64 * MIN_WORDS), (300, 64 * MIN_WORDS + 37), (64 * GHOST + 1, 64 * 97 + 5)] {
            let mut board = PackedBoard::zeros(m, n).unwrap();
            for r in 0..m {
                for c in (0..n).step_by(7) {
                    board.set(r, c, rnd() & 1 == 1);
                }
            }
            let w = n.div_ceil(64);
            let mut x1 = vec![0u64; w];
            for (i, x) in x1.iter_mut().enumerate() {
                *x = rnd();
                if i + 1 == w && n % 64 != 0 {
                    *x &= (1 << (n % 64)) - 1;
                }
            }
            for delta in [true, false] {
                let mut one = PackedBoard::zeros(m, n).unwrap();
                let expected = packed::run(n, delta, m, Some(&board), &vec![0; w], &x1, |k, row| {
                    one.row_mut(k).copy_from_slice(row)
                });
                let rows = |b: &PackedBoard| Rows { ptr: b.words().as_ptr().cast_mut(), wpr: b.words_per_row() };
                let rows_mut = |b: &mut PackedBoard| Rows { ptr: b.words_mut().as_mut_ptr(), wpr: b.words_per_row() };
                for threads in [1, 2] {
                    let mut two = PackedBoard::zeros(m, n).unwrap();
                    let dst = rows_mut(&mut two);
                    // SAFETY: both boards have m rows of w words and nothing else uses them.
                    let got = unsafe { chase(n, delta, m, Some(rows(&board)), Some(dst), &vec![0; w], &x1, threads) };
                    assert_eq!(got, expected, "{m}x{n} threads={threads}");
                    assert_eq!(two, one, "{m}x{n} threads={threads}");
                    let mut three = board.clone();
                    let both = rows_mut(&mut three);
                    // SAFETY: the same board read and written, as run_in_place does.
                    let got = unsafe { chase(n, delta, m, Some(both), Some(both), &vec![0; w], &x1, threads) };
                    assert_eq!(got, expected, "{m}x{n}");
                    assert_eq!(three, one, "in place {m}x{n} threads={threads}");
                    // SAFETY: no board at all.
                    let got = unsafe { chase(n, delta, m, None, None, &x1, &x1, threads) };
                    assert_eq!(got, packed::run(n, delta, m, None, &x1, &x1, |_, _| {}));
                }
                let mut four = board.clone();
                assert_eq!(run_in_place(n, delta, m, &mut four, &vec![0; w], &x1), expected);
                assert_eq!(four, one);
            }
        }
    }
}
