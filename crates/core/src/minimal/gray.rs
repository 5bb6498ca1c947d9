//! Exhaustive coset enumeration in Gray-code order: each step adds (or subtracts) exactly one
//! basis vector, so the weight is updated from the previous member instead of recomputed from
//! scratch by a full combination.

use super::Deadline;

/// Steps between two looks at the clock.
const CHUNK: u64 = 1 << 16;

/// What an enumeration found.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// Coefficients of the lightest member seen.
    pub coeffs: Vec<u32>,
    /// Its weight on the enumerated coordinates.
    pub weight: u64,
    /// Members examined.
    pub explored: u64,
    /// Whether every member was examined.
    pub complete: bool,
}

/// GF(2): all `total = 2^U` members of `start + span(basis)`, vectors packed in words.
///
/// Member `i` of the binary reflected Gray code has coefficients `i ^ (i >> 1)`; going from
/// member `i - 1` to `i` adds basis vector `trailing_zeros(i)`.
pub(crate) fn gf2(start: &[u64], basis: &[Vec<u64>], total: u64, deadline: &Deadline) -> Outcome {
    let (best, best_i, explored) = match start.len() {
        1 => run_fixed::<1>(start, basis, total, deadline),
        2 => run_fixed::<2>(start, basis, total, deadline),
        3 => run_fixed::<3>(start, basis, total, deadline),
        4 => run_fixed::<4>(start, basis, total, deadline),
        5 => run_fixed::<5>(start, basis, total, deadline),
        6 => run_fixed::<6>(start, basis, total, deadline),
        7 => run_fixed::<7>(start, basis, total, deadline),
        8 => run_fixed::<8>(start, basis, total, deadline),
        _ => run_dyn(start, basis, total, deadline),
    };
    let code = best_i ^ (best_i >> 1);
    let coeffs = (0..basis.len()).map(|k| ((code >> k) & 1) as u32).collect();
    Outcome { coeffs, weight: best, explored, complete: explored == total || best == 0 }
}

/// The Gray-code loop for vectors of exactly `W` words (kept in registers).
fn run_fixed<const W: usize>(start: &[u64], basis: &[Vec<u64>], total: u64, deadline: &Deadline) -> (u64, u64, u64) {
    let mut vecs = [[0u64; W]; 64];
    for (v, b) in vecs.iter_mut().zip(basis) {
        v.copy_from_slice(b);
    }
    let mut x = [0u64; W];
    x.copy_from_slice(start);
    let mut best: u32 = x.iter().map(|w| w.count_ones()).sum();
    let mut best_i = 0u64;
    let mut i = 1u64;
    while i < total && best > 0 {
        let end = total.min(i.saturating_add(CHUNK));
        for j in i..end {
            let v = &vecs[(j.trailing_zeros() & 63) as usize];
            let mut w = 0u32;
            for t in 0..W {
                x[t] ^= v[t];
                w += x[t].count_ones();
            }
            if w < best {
                best = w;
                best_i = j;
            }
        }
        i = end;
        if deadline.passed() {
            break;
        }
    }
    (best as u64, best_i, i)
}

/// The Gray-code loop for any number of words.
fn run_dyn(start: &[u64], basis: &[Vec<u64>], total: u64, deadline: &Deadline) -> (u64, u64, u64) {
    let mut x = start.to_vec();
    let mut best: u64 = x.iter().map(|w| w.count_ones() as u64).sum();
    let mut best_i = 0u64;
    let mut i = 1u64;
    while i < total && best > 0 {
        let end = total.min(i.saturating_add(CHUNK));
        for j in i..end {
            let v = &basis[j.trailing_zeros() as usize];
            let mut w = 0u64;
            for (a, b) in x.iter_mut().zip(v) {
                *a ^= b;
                w += a.count_ones() as u64;
            }
            if w < best {
                best = w;
                best_i = j;
            }
        }
        i = end;
        if deadline.passed() {
            break;
        }
    }
    (best, best_i, i)
}

/// The reflected p-ary Gray code on `U` digits: from one word to the next exactly one digit
/// moves up or down by one. Digit k runs 0, 1, .., p-1 and back, reversing each time a higher
/// digit moves.
#[derive(Debug, Clone)]
pub(crate) struct ReflectedGray {
    p: u32,
    digits: Vec<u32>,
    up: Vec<bool>,
}

impl ReflectedGray {
    /// Start at the all-zero word.
    pub(crate) fn new(p: u32, u: usize) -> Self {
        ReflectedGray { p, digits: vec![0; u], up: vec![true; u] }
    }
    /// The current word.
    pub(crate) fn digits(&self) -> &[u32] {
        &self.digits
    }
    /// Move to the next word: `Some((digit, moved_up))`, or `None` after the last word.
    #[inline]
    pub(crate) fn next_step(&mut self) -> Option<(usize, bool)> {
        let p = self.p;
        let k =
            (0..self.digits.len()).find(|&k| if self.up[k] { self.digits[k] + 1 < p } else { self.digits[k] > 0 })?;
        for d in &mut self.up[..k] {
            *d = !*d;
        }
        if self.up[k] {
            self.digits[k] += 1;
        } else {
            self.digits[k] -= 1;
        }
        Some((k, self.up[k]))
    }
}

/// Z_p: all `total = p^U` members of `start + span(basis)` in reflected p-ary Gray-code order:
/// each step moves one coefficient up or down by one, adding or subtracting its basis vector
/// (given sparse as `(index, value)`) and updating the weight from the touched entries only.
pub(crate) fn zp(p: u32, start: &[u32], basis: &[Vec<(u32, u32)>], total: u64, deadline: &Deadline) -> Outcome {
    let negated: Vec<Vec<(u32, u32)>> =
        basis.iter().map(|v| v.iter().map(|&(j, x)| (j, (p - x) % p)).collect()).collect();
    let mut x = start.to_vec();
    let mut w: u64 = x.iter().map(|&v| v as u64).sum();
    let mut gray = ReflectedGray::new(p, basis.len());
    let (mut best, mut best_digits) = (w, gray.digits().to_vec());
    let mut explored = 1u64;
    let mut complete = false;
    'outer: while best > 0 {
        for _ in 0..CHUNK {
            let Some((k, up)) = gray.next_step() else {
                complete = true;
                break 'outer;
            };
            for &(j, v) in if up { &basis[k] } else { &negated[k] } {
                let old = x[j as usize];
                let mut new = old + v;
                if new >= p {
                    new -= p;
                }
                x[j as usize] = new;
                w = w + new as u64 - old as u64;
            }
            explored += 1;
            if w < best {
                best = w;
                best_digits.copy_from_slice(gray.digits());
            }
        }
        if deadline.passed() {
            break;
        }
    }
    complete |= explored == total;
    Outcome { coeffs: best_digits, weight: best, explored, complete: complete || best == 0 }
}
