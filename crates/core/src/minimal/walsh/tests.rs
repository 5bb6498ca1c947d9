//! Tests of the Walsh–Hadamard walk ([`super`]): against the Gray-code walk, and the pruned
//! transform against the full one.

use super::*;
use crate::minimal::Budget;
use rand::{Rng, SeedableRng};

/// Every range the transform takes gives the Gray-code walk's answer exactly (weight,
/// witness and count), on random cosets of every width, with repeated columns and with
/// weights large enough to need `i32`.
#[test]
fn transform_walk_equals_gray_walk() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let none = Deadline::start(&Budget::work_only(0));
    for round in 0..60 {
        let u: usize = rng.gen_range(1..=18);
        let n: usize = if round % 10 == 9 { rng.gen_range(40_000..70_000) } else { rng.gen_range(1..300) };
        let words = n.div_ceil(64);
        let mask = |v: &mut Vec<u64>| {
            if n % 64 != 0 {
                v[words - 1] &= (1u64 << (n % 64)) - 1;
            }
        };
        // Few distinct columns now and then, so that types merge and cancel.
        let kinds: usize = if round % 3 == 0 { rng.gen_range(1..6) } else { n };
        let col_of: Vec<usize> = (0..n).map(|j| if kinds == n { j } else { rng.gen_range(0..kinds) }).collect();
        let kind_vec: Vec<u64> = (0..n).map(|_| rng.r#gen::<u64>() & ((1u64 << u) - 1)).collect();
        let mut basis = vec![vec![0u64; words]; u];
        for j in 0..n {
            let v = kind_vec[col_of[j]];
            for (k, row) in basis.iter_mut().enumerate() {
                row[j / 64] |= ((v >> k) & 1) << (j % 64);
            }
        }
        let mut start: Vec<u64> = (0..words).map(|_| rng.r#gen()).collect();
        mask(&mut start);
        let total = 1u64 << u;
        let m = block_bits(0, total, u);
        let parts = rng.gen_range(1..=4u64).min(total >> m);
        for part in 0..parts {
            let (lo, hi) = (total / parts * part, total / parts * (part + 1));
            let lo = lo >> m << m;
            let hi = if part + 1 == parts { total } else { hi >> m << m };
            if lo >= hi {
                continue;
            }
            let c = super::super::gray::code(lo);
            let mut x = start.clone();
            for (k, b) in basis.iter().enumerate() {
                if (c >> k) & 1 == 1 {
                    x.iter_mut().zip(b).for_each(|(a, b)| *a ^= b);
                }
            }
            let gray = super::super::gray::enumerate_range(&x, &basis, lo, hi, &none);
            let known = AtomicU64::new(u64::MAX);
            let fast = walk(&Walk { start: &start, basis: &basis, known: &known, deadline: &none }, lo, hi);
            assert_eq!((fast.0, fast.1), (gray.0, gray.1), "u {u} n {n} range {lo}..{hi}");
            if gray.0 > 0 {
                // (Both walks stop early at weight 0, each after its own stride.)
                assert_eq!(fast.2, gray.2);
            }
        }
    }
}

/// A random coset of `u` vectors on `n` buttons with at most `kinds` distinct columns.
fn random_coset(rng: &mut impl Rng, u: usize, n: usize, kinds: usize) -> (Vec<u64>, Vec<Vec<u64>>) {
    let words = n.div_ceil(64);
    let kind_vec: Vec<u64> = (0..kinds).map(|_| rng.r#gen::<u64>() & ((1u64 << u) - 1)).collect();
    let mut basis = vec![vec![0u64; words]; u];
    let mut start = vec![0u64; words];
    for j in 0..n {
        let v = kind_vec[rng.gen_range(0..kinds)];
        for (k, row) in basis.iter_mut().enumerate() {
            row[j / 64] |= ((v >> k) & 1) << (j % 64);
        }
        start[j / 64] |= (rng.r#gen::<u64>() & 1) << (j % 64);
    }
    (start, basis)
}

/// The pruned transform finishes every group that could reach `-margin`: each lane's least
/// entry is the full transform's wherever that is at most `-margin`, and never below it.
#[test]
fn pruned_transform_keeps_every_entry_below_the_margin() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    for _ in 0..40 {
        let r: u32 = rng.gen_range(4..=10);
        let a: Vec<[i16; LANES]> = (0..1usize << r)
            .map(|_| std::array::from_fn(|_| if rng.gen_bool(0.3) { rng.gen_range(-2..=2) } else { 0 }))
            .collect();
        let mut full = a.clone();
        let least = transform(&mut full);
        for j in 1..=MAX_PRUNE_BITS.min(r - 2) {
            let margin: i16 = rng.gen_range(1..=(1i16 << r.min(8)));
            let mut b = a.clone();
            let pruned = transform_pruned(&mut b, j, margin);
            for l in 0..LANES {
                assert!(pruned[l] >= least[l], "r {r} j {j} margin {margin} lane {l}");
                if least[l] <= -margin {
                    assert_eq!(pruned[l], least[l], "r {r} j {j} margin {margin} lane {l}");
                }
            }
        }
    }
}

/// With groups skipped (every number of levels left to them, a bound shared between the
/// parts, known beforehand or not), the parts together name the Gray-code walk's witness,
/// ties included (few distinct columns make many members of equal weight), and every part
/// that holds a member as light as the final bound answers exactly.
#[test]
fn pruned_walk_names_the_gray_walk_witness() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let none = Deadline::start(&Budget::work_only(0));
    for round in 0..24 {
        let u: usize = rng.gen_range(12..=15);
        let n: usize = rng.gen_range(40..400);
        let kinds = if round % 2 == 0 { rng.gen_range(2..12) } else { n };
        let (start, basis) = random_coset(&mut rng, u, n, kinds);
        let total = 1u64 << u;
        let truth = super::super::gray::enumerate_range(&start, &basis, 0, total, &none);
        let m = block_bits(0, total, u);
        let parts = (total >> m).min(4);
        let range = |p: u64| (total / parts * p, total / parts * (p + 1));
        let exact: Vec<(u64, u64, u64)> = (0..parts)
            .map(|p| {
                let (lo, hi) = range(p);
                let mut x = start.clone();
                let c = super::super::gray::code(lo);
                for (k, b) in basis.iter().enumerate() {
                    if (c >> k) & 1 == 1 {
                        x.iter_mut().zip(b).for_each(|(a, b)| *a ^= b);
                    }
                }
                super::super::gray::enumerate_range(&x, &basis, lo, hi, &none)
            })
            .collect();
        for known in [u64::MAX, truth.0, truth.0 + 2] {
            let j = rng.gen_range(2..=MAX_PRUNE_BITS + 1);
            FORCE_PRUNE_BITS.with(|f| f.set(j));
            let shared = AtomicU64::new(known);
            // The parts in a random order, as threads might finish them.
            let mut order: Vec<u64> = (0..parts).collect();
            order.sort_by_key(|_| rng.r#gen::<u32>());
            let mut answers = vec![(0, 0, 0); parts as usize];
            for &p in &order {
                let (lo, hi) = range(p);
                answers[p as usize] =
                    walk(&Walk { start: &start, basis: &basis, known: &shared, deadline: &none }, lo, hi);
            }
            FORCE_PRUNE_BITS.with(|f| f.set(u32::MAX));
            let what = format!("round {round} u {u} n {n} kinds {kinds} j {j} known {known}");
            let first = answers.iter().min_by_key(|a| a.0).expect("parts");
            assert_eq!((first.0, first.1), (truth.0, truth.1), "{what}");
            let bound = shared.load(Ordering::Relaxed);
            for (p, (fast, gray)) in answers.iter().zip(&exact).enumerate() {
                if gray.0 <= bound {
                    assert_eq!((fast.0, fast.1), (gray.0, gray.1), "{what} part {p}");
                } else {
                    assert!(fast.0 > bound, "{what} part {p}");
                }
                if truth.0 > 0 {
                    assert_eq!(fast.2, gray.2, "{what} part {p}");
                }
            }
        }
    }
}

#[test]
fn gray_index_inverts_the_code() {
    for i in [0u64, 1, 2, 3, 77, 1 << 40, u64::MAX >> 1, u64::MAX] {
        assert_eq!(gray_index(super::super::gray::code(i)), i);
    }
}
