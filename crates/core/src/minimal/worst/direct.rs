//! The worst case searched on press vectors directly, for the games the search over type
//! histograms ([`super::search`]) cannot take: moduli above 255 (its shifts are bytes), or
//! a type of button with more value histograms than it tabulates (many equal columns over a
//! large modulus), or more coset members than it keeps weights for.
//!
//! - [`every_board`]: when the `k^s` press vectors on the `s` buttons some quiet pattern
//!   presses are few, every coset is enumerated once (a bitmap marks the vectors already seen)
//!   and its lightest member weighed: the exact worst case, proven.
//! - [`local_search`]: when the coset members are few enough to keep one weight each, a hill
//!   climb over the press vector, one button at a time, towards the value that makes the
//!   lightest member heaviest. Its witness is weighed exactly; it is not a proof. Past that
//!   many members, the pooled search ([`super::pooled`]) takes over.
//! - [`invariant_witness`]: when every quiet pattern presses the support a multiple of k
//!   times, a board whose press count is fixed mod k.
//! - [`weigh_heavy_witness`]: otherwise, the board pressing every button `k - 1` times, weighed by the
//!   exhaustive fewest-press search when the budget pays for it.

use crate::minimal::{minimal_in_module, Budget, Deadline};

/// The most press vectors [`every_board`] enumerates: one bit each in its bitmap (16 MiB).
pub(crate) const MAX_BOARDS: u64 = 1 << 27;

/// Up to `2^FEW_BOARDS_LOG2` press vectors on the support, [`every_board`] runs before any
/// other search: it is exact, and quicker than the search over type histograms there.
pub(crate) const FEW_BOARDS_LOG2: f64 = 20.0;

/// A board found here: the lightest member of its coset (`presses`, on every button) and its
/// weight, exact; `complete` when every coset was weighed, so that no board is heavier.
#[derive(Debug, Clone)]
pub(crate) struct Direct {
    pub presses: Vec<u32>,
    pub weight: u64,
    pub complete: bool,
    pub explored: u64,
}

/// The generators restricted to the support (`support[i]` is a button), as sparse lists of
/// (position in the support, value).
/// A game's quiet patterns as the direct searches take them: modulus k, n buttons, the
/// `support` buttons some quiet pattern presses, the generators `rows` and their `orders`.
#[derive(Clone, Copy)]
pub(crate) struct Cosets<'a> {
    pub(crate) k: u32,
    pub(crate) n: usize,
    pub(crate) support: &'a [usize],
    pub(crate) rows: &'a [Vec<u32>],
    pub(crate) orders: &'a [u32],
}

fn sparse(rows: &[Vec<u32>], support: &[usize]) -> Vec<Vec<(usize, u32)>> {
    rows.iter()
        .map(|r| support.iter().enumerate().filter(|&(_, &j)| r[j] != 0).map(|(i, &j)| (i, r[j])).collect())
        .collect()
}

/// One step of the odometer over the generators' coefficients (`digits[i] < orders[i]`): the
/// digit `i` that went up, those below it wrapped to 0, or `None` after the last combination.
/// The member then moves by generators `0..=i`, each once: digit i adds its generator, and a
/// digit j < i going from `orders[j] - 1` to 0 adds `-(orders[j] - 1) g_j = g_j` (orders
/// annihilate their generators). Step t is then the combination whose digits are t in mixed
/// radix, digit 0 first.
fn next_digit(digits: &mut [u32], orders: &[u32]) -> Option<usize> {
    (0..digits.len()).find(|&i| {
        digits[i] += 1;
        digits[i] < orders[i] || {
            digits[i] = 0;
            false
        }
    })
}

/// The full press vector: `y` on the support, `k - 1` on every other button.
pub(crate) fn full(k: u32, n: usize, support: &[usize], y: &[u32]) -> Vec<u32> {
    let mut x = vec![k - 1; n];
    for (&j, &v) in support.iter().zip(y) {
        x[j] = v;
    }
    x
}

/// Every coset of the quiet patterns on the support, weighed by its lightest member: `None`
/// when `k^s` exceeds [`MAX_BOARDS`] or `max_work` (one unit per member visited). Stops early
/// (not complete) at the deadline.
pub(crate) fn every_board(game: &Cosets<'_>, max_work: u64, deadline: &Deadline) -> Option<Direct> {
    let Cosets { k, n, support, rows, orders } = *game;
    let s = support.len();
    let total = (0..s).try_fold(1u64, |a, _| a.checked_mul(k as u64)).filter(|&t| t <= MAX_BOARDS.min(max_work))?;
    let gens = sparse(rows, support);
    let place: Vec<u64> = (0..s).map(|i| (k as u64).pow(i as u32)).collect();
    let mut seen = vec![0u64; total.div_ceil(64) as usize];
    let mut x = vec![0u32; s];
    let (mut best, mut best_index, mut explored) = (None::<u64>, 0u64, 0u64);
    let mut y = vec![0u32; s];
    let mut digits = vec![0u32; orders.len()];
    let mut cosets = 0u64;
    for index in 0..total {
        if index > 0 {
            // The next press vector in base k, least significant button first.
            for v in x.iter_mut() {
                *v += 1;
                if *v < k {
                    break;
                }
                *v = 0;
            }
        }
        if seen[(index / 64) as usize] >> (index % 64) & 1 == 1 {
            continue;
        }
        cosets += 1;
        if cosets % 1024 == 0 && deadline.passed() {
            let outside = (k as u64 - 1) * (n - s) as u64;
            return best.map(|weight| Direct {
                presses: decode(k, n, support, best_index),
                weight: weight + outside,
                complete: false,
                explored,
            });
        }
        // Every member x + Σ c_i g_i, one generator added per step (odometer over the orders;
        // a digit wrapping has added its generator `order` times, which is zero).
        y.copy_from_slice(&x);
        digits.iter_mut().for_each(|d| *d = 0);
        let (mut at, mut w) = (index, x.iter().map(|&v| v as u64).sum::<u64>());
        let (mut lightest, mut lightest_at) = (w, at);
        loop {
            seen[(at / 64) as usize] |= 1 << (at % 64);
            explored += 1;
            if w < lightest {
                (lightest, lightest_at) = (w, at);
            }
            let Some(i) = next_digit(&mut digits, orders) else {
                break;
            };
            for &(pos, g) in gens[..=i].iter().flatten() {
                let old = y[pos];
                let new = if old + g >= k { old + g - k } else { old + g };
                y[pos] = new;
                w = w + new as u64 - old as u64;
                at = at + new as u64 * place[pos] - old as u64 * place[pos];
            }
        }
        if best.is_none_or(|b| lightest > b) {
            (best, best_index) = (Some(lightest), lightest_at);
        }
    }
    let outside = (k as u64 - 1) * (n - s) as u64;
    best.map(|weight| Direct {
        presses: decode(k, n, support, best_index),
        weight: weight + outside,
        complete: true,
        explored,
    })
}

/// The full press vector of the support vector with this base-k index.
fn decode(k: u32, n: usize, support: &[usize], mut index: u64) -> Vec<u32> {
    let y: Vec<u32> = (0..support.len())
        .map(|_| {
            // A digit of a number written in base k, not arithmetic mod k.
            let v = (index % k as u64) as u32;
            index /= k as u64;
            v
        })
        .collect();
    full(k, n, support, &y)
}

/// A hill climb over the press vector on the support, with one weight kept per coset member
/// (`Π orders` of them): each button in turn takes the value that makes the lightest member
/// heaviest, among a few candidates (every value for small k, else the values that press it
/// `k - 1` times in the lightest members, `k - 1` itself and its current value), until a pass
/// changes nothing or `max_work` member updates are spent. `None` when the members are more
/// than [`super::EXACT_MEMBERS`] or one pass does not fit `max_work`.
pub(crate) fn local_search(game: &Cosets<'_>, max_work: u64, deadline: &Deadline) -> Option<Direct> {
    let Cosets { k, n, support, rows, orders } = *game;
    let s = support.len();
    let z = crate::arith::Fp::new(k);
    let members =
        orders.iter().try_fold(1u64, |a, &o| a.checked_mul(o as u64)).filter(|&m| m <= super::EXACT_MEMBERS)?;
    let size = usize::try_from(members).ok()?;
    let candidates = if k <= 16 { k as u64 } else { 8 };
    if members.checked_mul(s as u64 * (candidates + 2))? > max_work {
        return None;
    }
    // `shift(pos)`: what each member adds to button pos, in member order.
    let shift = |pos: usize| -> Vec<u32> {
        let col: Vec<u32> = rows.iter().map(|r| r[support[pos]]).collect();
        let mut out = Vec::with_capacity(size);
        let mut digits = vec![0u32; orders.len()];
        let mut t = 0u32;
        loop {
            out.push(t);
            let Some(i) = next_digit(&mut digits, orders) else {
                break;
            };
            let step: u64 = col[..=i].iter().map(|&c| c as u64).sum();
            t = z.reduce(t as u64 + step);
        }
        out
    };
    let add = |v: u32, t: u32| -> u64 { z.add(v, t) as u64 };
    let mut y = vec![k - 1; s];
    let mut d = vec![0u64; size];
    let mut explored = 0u64;
    for (pos, &v) in y.iter().enumerate() {
        for (x, &t) in d.iter_mut().zip(&shift(pos)) {
            *x += add(v, t);
        }
        explored += members;
    }
    let mut lightest = d.iter().copied().min().unwrap_or(0);
    let mut improved = true;
    while improved && explored < max_work && !deadline.passed() {
        improved = false;
        for pos in 0..s {
            if explored.saturating_add(members * (candidates + 2)) > max_work || deadline.passed() {
                break;
            }
            let ts = shift(pos);
            for (x, &t) in d.iter_mut().zip(&ts) {
                *x -= add(y[pos], t);
            }
            let mut values: Vec<u32> = if k <= 16 {
                (0..k).collect()
            } else {
                // The value that presses this button k - 1 times in each of the lightest members.
                let mut order: Vec<usize> = (0..size).collect();
                order.select_nth_unstable_by_key(((candidates - 2) as usize).min(size - 1), |&c| d[c]);
                let mut v: Vec<u32> =
                    order[..(candidates as usize - 2).min(size)].iter().map(|&c| z.sub(k - 1, ts[c])).collect();
                v.extend([k - 1, y[pos]]);
                v
            };
            values.sort_unstable();
            values.dedup();
            let score = |v: u32| d.iter().zip(&ts).map(|(&x, &t)| x + add(v, t)).min().unwrap_or(0);
            let (mut best_v, mut best) = (y[pos], score(y[pos]));
            for &v in &values {
                let sc = score(v);
                if sc > best {
                    (best_v, best) = (v, sc);
                }
            }
            explored += members * (values.len() as u64 + 2);
            y[pos] = best_v;
            for (x, &t) in d.iter_mut().zip(&ts) {
                *x += add(best_v, t);
            }
            if best > lightest {
                (lightest, improved) = (best, true);
            }
        }
    }
    // The lightest member of the final board: its coefficients, then its presses.
    let c = d.iter().enumerate().min_by_key(|&(_, &x)| x).map_or(0, |(c, _)| c);
    let mut member = y;
    let mut rest = c as u64;
    for (r, &o) in rows.iter().zip(orders) {
        // A digit of `c` written in the mixed radix of the orders, not arithmetic mod o.
        let times = (rest % o as u64) as u32;
        rest /= o as u64;
        for (pos, v) in member.iter_mut().enumerate() {
            *v = z.mul_add(*v, times, r[support[pos]]);
        }
    }
    let presses = full(k, n, support, &member);
    let weight = presses.iter().map(|&v| v as u64).sum();
    Some(Direct { presses, weight, complete: false, explored })
}

/// When every quiet pattern presses the support a multiple of k times in all, every solution
/// of a board presses it the same number of times mod k, so at least that many: one support
/// button pressed `k - 1` times is then a board that needs exactly `k - 1` presses there, with
/// no search (the 1 x 2 grid over any Z_k, whose quiet pattern is `[1, k - 1]`).
pub(crate) fn invariant_witness(game: &Cosets<'_>) -> Option<Direct> {
    let Cosets { k, n, support, rows, .. } = *game;
    let z = crate::arith::Fp::new(k);
    let balanced = rows.iter().all(|r| z.reduce(support.iter().map(|&j| r[j] as u64).sum()) == 0);
    if !balanced || support.is_empty() {
        return None;
    }
    let mut y = vec![0; support.len()];
    y[0] = k - 1;
    let presses = full(k, n, support, &y);
    let weight = presses.iter().map(|&v| v as u64).sum();
    Some(Direct { presses, weight, complete: false, explored: 0 })
}

/// The board pressing every button `k - 1` times, weighed exactly by the fewest-press search
/// when `max_work` pays for every member of its coset: `None` otherwise.
pub(crate) fn weigh_heavy_witness(
    game: &Cosets<'_>,
    modulus: crate::Modulus,
    max_work: u64,
    deadline: &Deadline,
) -> Option<Direct> {
    let Cosets { k, n, support, rows, orders } = *game;
    let members = orders.iter().try_fold(1u64, |a, &o| a.checked_mul(o as u64))?;
    // One exhaustive fewest-press search: its members, each a pass over the support's changes.
    if members > max_work
        || members.saturating_mul(support.len() as u64) > max_work.saturating_mul(2)
        || deadline.passed()
    {
        return None;
    }
    let x = full(k, n, support, &vec![k - 1; support.len()]);
    let budget = Budget::new(max_work, deadline.remaining());
    let best = minimal_in_module(modulus, &x, rows, orders, &budget).ok()?;
    best.proven_optimal.then_some(Direct {
        presses: best.presses,
        weight: best.weight,
        complete: false,
        explored: best.explored,
    })
}
