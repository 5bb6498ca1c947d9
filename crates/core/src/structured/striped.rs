//! The packed GF(2) chase on two cores: each thread chases half of every row's words.
//!
//! A light's next press depends on its neighbours in the row above, so information crosses
//! from one half to the other one bit per row. Each thread therefore also chases
//! [`GHOST`] words of the other half: wrong bits creep into them from their far edge one bit per
//! row, so they stay right for `64 * GHOST` rows. After that many rows the two threads swap the
//! boundary words of their last two rows and go on: one exchange per `64 * GHOST` rows instead
//! of one per row.

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

/// `next = b + T x + prev` on words `glo..ghi` of the row (bits outside count as zero).
#[inline]
fn step(n: usize, delta: bool, s: &Stripe, b: Option<&[u64]>, prev: &[u64], x: &[u64], next: &mut [u64]) {
    let w = x.len();
    let dmask = if delta { u64::MAX } else { 0 };
    for i in 0..w {
        let left = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
        let right = (x[i] >> 1) | if i + 1 < w { x[i + 1] << 63 } else { 0 };
        next[i] = left ^ right ^ (x[i] & dmask) ^ prev[i];
    }
    if let Some(b) = b {
        for (o, &bi) in next.iter_mut().zip(&b[s.glo..s.ghi]) {
            *o ^= bi;
        }
    }
    if s.ghi == n.div_ceil(64) && n % 64 != 0 {
        next[w - 1] &= (1u64 << (n % 64)) - 1;
    }
}

/// The chase of [`packed::run`] from `(x0, x1)` through `board`, writing press row `k` (that is
/// `x_{k+1}`) into row `k` of `out` when given; returns `(x_m, x_{m+1})`. Two threads when the
/// rows are wide enough and two are available, else [`packed::run`] itself.
pub(crate) fn run(
    n: usize,
    delta: bool,
    m: usize,
    board: Option<&PackedBoard>,
    x0: &[u64],
    x1: &[u64],
    out: Option<&mut PackedBoard>,
) -> (Vec<u64>, Vec<u64>) {
    let w = n.div_ceil(64);
    if w < MIN_WORDS || m < 64 * GHOST || rayon::current_num_threads() < 2 {
        let mut out = out;
        return packed::run(n, delta, m, board, x0, x1, |k, row| {
            if let Some(o) = out.as_deref_mut() {
                o.row_mut(k).copy_from_slice(row);
            }
        });
    }
    let h = w / 2;
    let stripes = [Stripe { lo: 0, hi: h, glo: 0, ghi: h + GHOST }, Stripe { lo: h, hi: w, glo: h - GHOST, ghi: w }];
    // Each thread's rows of the output: the words it owns.
    let (mut left_rows, mut right_rows): (Vec<&mut [u64]>, Vec<&mut [u64]>) = (Vec::new(), Vec::new());
    if let Some(out) = out {
        let wpr = out.words_per_row();
        for row in out.words_mut().chunks_mut(wpr) {
            let (l, r) = row.split_at_mut(h);
            left_rows.push(l);
            right_rows.push(r);
        }
    }
    let barrier = Barrier::new(2);
    let stop = AtomicBool::new(false);
    // Boundary words of (prev, cur) each thread hands the other: slot 0 for the left thread.
    let slots = [Mutex::new(vec![0u64; 2 * GHOST]), Mutex::new(vec![0u64; 2 * GHOST])];
    let chase = |me: usize, s: &Stripe, mut rows: Vec<&mut [u64]>| -> (Vec<u64>, Vec<u64>) {
        let (mut prev, mut cur) = (x0[s.glo..s.ghi].to_vec(), x1[s.glo..s.ghi].to_vec());
        let mut next = vec![0u64; s.ghi - s.glo];
        // Where (in this thread's words) the words the other thread needs start, and where the
        // ghosts it hands over go.
        let (give, take) = if me == 0 { (h - GHOST, h) } else { (GHOST, 0) };
        let mut k = 0;
        while k < m {
            let end = (k + 64 * GHOST).min(m);
            for k in k..end {
                if let Some(row) = rows.get_mut(k) {
                    row.copy_from_slice(&cur[s.lo - s.glo..s.hi - s.glo]);
                }
                step(n, delta, s, board.map(|b| b.row(k)), &prev, &cur, &mut next);
                std::mem::swap(&mut prev, &mut cur);
                std::mem::swap(&mut cur, &mut next);
            }
            k = end;
            if k == m {
                break;
            }
            if crate::interrupt::requested() {
                stop.store(true, Ordering::Relaxed);
            }
            {
                let mut slot = slots[me].lock().expect("no thread panics holding it");
                slot[..GHOST].copy_from_slice(&prev[give..give + GHOST]);
                slot[GHOST..].copy_from_slice(&cur[give..give + GHOST]);
            }
            barrier.wait();
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
        let right = scope.spawn(|| chase(1, &stripes[1], right_rows));
        let left = chase(0, &stripes[0], left_rows);
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
                let mut two = PackedBoard::zeros(m, n).unwrap();
                assert_eq!(run(n, delta, m, Some(&board), &vec![0; w], &x1, Some(&mut two)), expected, "{m}x{n}");
                assert_eq!(two, one, "{m}x{n}");
                assert_eq!(run(n, delta, m, None, &x1, &x1, None), packed::run(n, delta, m, None, &x1, &x1, |_, _| {}));
            }
        }
    }
}
