//! Fewest presses over Z_k for composite k: the quiet patterns form a module (a direct sum of
//! cyclic groups, one per generator and its order), not a vector space, so the searches of the
//! field case (which reduce the basis with inverses) do not apply. Small cosets are enumerated
//! completely; larger ones get a local search that says it is not proven optimal.

use super::{weight, Budget, Deadline, Method, MinimalSolution};
use crate::error::{Error, Result};
use crate::field::{check_vector, Modulus};

/// The fewest-press member of `particular + Σ c_i gens[i]`, `c_i` in `0..orders[i]`, over Z_k
/// (any k, weight = sum of the entries in `0..k`). When the `Π orders` members fit
/// `budget.max_work` every one is visited (in odometer order, one generator added per step
/// amortised: [`Method::Enumeration`]) and the answer is proven optimal; otherwise a local search adds multiples of
/// single generators while that lowers the weight, and reports a lower bound of 0
/// ([`Method::LocalSearch`]).
///
/// ```
/// use lightsout_core::{minimal::{minimal_in_module, Budget}, Modulus};
/// let z4 = Modulus::ring(4).unwrap();
/// // presses [3, 3] plus any multiple of the order-2 pattern [2, 2]: [1, 1] is lightest.
/// let best = minimal_in_module(z4, &[3, 3], &[vec![2, 2]], &[2], &Budget::default()).unwrap();
/// assert_eq!((best.presses, best.weight, best.proven_optimal), (vec![1, 1], 2, true));
/// ```
pub fn minimal_in_module(
    modulus: Modulus,
    particular: &[u32],
    gens: &[Vec<u32>],
    orders: &[u32],
    budget: &Budget,
) -> Result<MinimalSolution> {
    let n = particular.len();
    check_vector("particular", particular, n, modulus)?;
    for g in gens {
        check_vector("generator", g, n, modulus)?;
    }
    if orders.len() != gens.len() {
        return Err(Error::DimensionMismatch { what: "orders", expected: gens.len(), got: orders.len() });
    }
    if let Some((i, &o)) = orders.iter().enumerate().find(|&(_, &o)| o == 0 || o > modulus.get()) {
        return Err(Error::InvalidArgument(format!("orders[{i}] must be in 1..={modulus}, not {o}")));
    }
    let members = orders.iter().try_fold(1u64, |acc, &o| acc.checked_mul(o as u64));
    let deadline = Deadline::start(budget);
    match members {
        Some(m) if m <= budget.max_work => Ok(enumerate(modulus, particular, gens, orders, &deadline)),
        _ => Ok(local_search(modulus, particular, gens, orders, budget.max_work, &deadline)),
    }
}

/// `x += g` over Z_k, keeping the weight of x up to date.
fn add(x: &mut [u32], w: &mut u64, g: &[(usize, u32)], k: u32) {
    for &(j, v) in g {
        let old = x[j];
        let new = if old + v >= k { old + v - k } else { old + v };
        x[j] = new;
        *w = *w + new as u64 - old as u64;
    }
}

fn sparse(gens: &[Vec<u32>]) -> Vec<Vec<(usize, u32)>> {
    gens.iter().map(|g| g.iter().enumerate().filter(|&(_, &v)| v != 0).map(|(j, &v)| (j, v)).collect()).collect()
}

fn enumerate(
    modulus: Modulus,
    particular: &[u32],
    gens: &[Vec<u32>],
    orders: &[u32],
    deadline: &Deadline,
) -> MinimalSolution {
    let k = modulus.get();
    let gens = sparse(gens);
    let mut x = particular.to_vec();
    let mut w = weight(&x);
    let (mut best, mut best_w) = (x.clone(), w);
    let mut digits = vec![0u32; gens.len()];
    let mut explored = 1u64;
    let mut complete = true;
    'outer: loop {
        let mut i = 0;
        loop {
            if i == gens.len() {
                break 'outer;
            }
            add(&mut x, &mut w, &gens[i], k);
            digits[i] += 1;
            if digits[i] < orders[i] {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
        explored += 1;
        if w < best_w {
            best_w = w;
            best.copy_from_slice(&x);
        }
        if explored % 4096 == 0 && deadline.passed() {
            complete = false;
            break;
        }
    }
    MinimalSolution {
        presses: best,
        weight: best_w,
        proven_optimal: complete,
        lower_bound: if complete { best_w } else { 0 },
        explored,
        method: Method::Enumeration,
    }
}

fn local_search(
    modulus: Modulus,
    particular: &[u32],
    gens: &[Vec<u32>],
    orders: &[u32],
    max_work: u64,
    deadline: &Deadline,
) -> MinimalSolution {
    let k = modulus.get();
    let sparse = sparse(gens);
    let mut x = particular.to_vec();
    let mut w = weight(&x);
    // The particular solution costs nothing; every other member looked at counts.
    let mut explored = 0u64;
    let mut improved = true;
    while improved && explored < max_work && !deadline.passed() {
        improved = false;
        for (g, &o) in sparse.iter().zip(orders) {
            // Try every multiple of g once, keep the best.
            let (mut y, mut wy) = (x.clone(), w);
            let (mut best, mut best_w) = (None, w);
            for m in 1..o {
                if explored >= max_work {
                    break;
                }
                add(&mut y, &mut wy, g, k);
                explored += 1;
                if wy < best_w {
                    best_w = wy;
                    best = Some(m);
                }
            }
            if let Some(m) = best {
                for _ in 0..m {
                    add(&mut x, &mut w, g, k);
                }
                improved = true;
            }
            if explored >= max_work {
                break;
            }
        }
    }
    MinimalSolution {
        presses: x,
        weight: w,
        proven_optimal: false,
        lower_bound: 0,
        explored,
        method: Method::LocalSearch,
    }
}
